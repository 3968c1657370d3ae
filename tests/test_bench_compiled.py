"""bench_compiled: it refuses to time builds whose output differs, or that are not the
builds it says (a compiled checkout timed as "Python", a copy that ran as Python), and its
table says what was measured. (The benchmark itself runs in ``make bench``.)"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import bench_compiled  # noqa: E402


def _fake_children(monkeypatch, digests=("a", "a"), modules=(0, 30), seconds=(2.0, 1.0)):
    calls = []

    def run_child(script, name, arg, *, base=None, **_kw):
        compiled = name.endswith("@base")
        calls.append(name)
        if name.startswith("digest-"):
            return {"seconds": 0.1, "chunks": 7, "compiled_modules": modules[compiled], "digest": digests[compiled]}, 50.0
        return {"seconds": seconds[compiled], "chunks": 7, "compiled_modules": modules[compiled]}, 60.0 - 10 * compiled

    monkeypatch.setattr(bench_compiled, "run_child", run_child)
    return calls


def test_identical_builds_are_timed_interleaved_and_compared(tmp_path, monkeypatch):
    doc = tmp_path / "doc.md"
    doc.write_bytes(b"x" * 2_000_000)
    calls = _fake_children(monkeypatch)
    row = bench_compiled.measure_format("markdown", doc, 3, tmp_path)
    assert calls == ["digest-markdown", "digest-markdown@base"] + ["convert-markdown", "convert-markdown@base"] * 3
    assert row["speedup"] == 2.0 and row["identical"] is True and row["chunks"] == 7
    assert row["python_mb_per_s"] == 1.0 and row["compiled_mb_per_s"] == 2.0
    assert (row["python_peak_rss_mb"], row["compiled_peak_rss_mb"]) == (60.0, 50.0)
    report = {"compiled_modules": 30, "runs": 3, "python": "3.11", "cpus": 2, "commit": "abc1234",
              "date": "2026-12-02", "command": "python benchmarks/bench_compiled.py", "rows": [row]}
    table = bench_compiled.render(report)
    assert "| Markdown, generated | 2.0 MB | 7 | 2.000 | 1.000 | 1.0 | 2.0 | **2.0×** | 60 / 50 |" in table


def test_different_output_fails_before_anything_is_timed(tmp_path, monkeypatch):
    calls = _fake_children(monkeypatch, digests=("a", "b"))
    with pytest.raises(SystemExit, match="differs from Python"):
        bench_compiled.measure_format("rtf", tmp_path, 3, tmp_path)
    assert not any(c.startswith("convert-") for c in calls)


@pytest.mark.parametrize(
    ("modules", "message"), [((30, 30), "runs compiled"), ((0, 0), "ran as Python")]
)
def test_builds_that_are_not_what_they_say_fail(tmp_path, monkeypatch, modules, message):
    _fake_children(monkeypatch, modules=modules)
    with pytest.raises(SystemExit, match=message):
        bench_compiled.measure_format("docx", tmp_path, 1, tmp_path)


def test_a_baseline_is_timed_in_the_same_rounds_and_both_builds_compared_with_it(tmp_path, monkeypatch):
    doc = tmp_path / "doc.html"
    doc.write_bytes(b"x" * 1_000_000)
    built, base = tmp_path / "compiled", tmp_path / "baseline"
    calls = []
    seconds = {None: [2.0, 2.2], built: [1.0, 1.0], base: [4.0, 6.6]}

    def run_child(script, name, arg, *, base=None, **_kw):
        calls.append((name, base))
        modules = 30 if base == built else 0
        if name.startswith("digest-"):
            return {"seconds": 0.1, "chunks": 7, "compiled_modules": modules, "digest": "a"}, 50.0
        return {"seconds": seconds[base].pop(0), "chunks": 7, "compiled_modules": modules}, 60.0

    monkeypatch.setattr(bench_compiled, "run_child", run_child)
    row = bench_compiled.measure_format("html", doc, 2, built, base)
    # (the baseline's output is not compared: it may differ by the fixes since)
    assert calls == [("digest-html", None), ("digest-html@base", built)] + [
        ("convert-html", None), ("convert-html@base", built), ("convert-html@base", base)
    ] * 2
    # per round: 4.0/2.0 = 2.0 and 6.6/2.2 = 3.0 for Python, 4.0 and 6.6 for compiled
    assert (row["python_vs_baseline"], row["python_vs_baseline_min"], row["python_vs_baseline_max"]) == (2.5, 2.0, 3.0)
    assert (row["compiled_vs_baseline"], row["compiled_vs_baseline_min"], row["compiled_vs_baseline_max"]) == (5.3, 4.0, 6.6)
    assert row["baseline_median_s"] == 5.3
    report = {"compiled_modules": 30, "runs": 2, "python": "3.11", "cpus": 2, "commit": "abc1234", "baseline": "5061953",
              "date": "2026-12-04", "command": "python benchmarks/bench_compiled.py --baseline 5061953", "rows": [row]}
    table = bench_compiled.render(report)
    assert "| HTML, generated | 5.300 | **2.5×** (2.0–3.0) | **5.3×** (4.0–6.6) |" in table
    assert "Against commit `5061953`" in table
    # without a baseline the table has no such part
    assert "Against commit" not in bench_compiled.render({**report, "baseline": ""})


def test_peers_are_timed_in_the_same_rounds_and_read_as_the_targets_read(tmp_path, monkeypatch):
    doc = tmp_path / "doc.docx"
    doc.write_bytes(b"x" * 1_000_000)
    built = tmp_path / "compiled"
    calls = []
    seconds = {"convert-docx": 0.4, "convert-docx@base": 0.2, "peer-docx-floor": 0.1, "peer-docx-pandoc": 4.0}

    def run_child(script, name, arg, *, base=None, **_kw):
        calls.append(name)
        modules = 30 if base == built else 0
        if name.startswith("digest-"):
            return {"seconds": 0.1, "chunks": 7, "compiled_modules": modules, "digest": "a"}, 50.0
        return {"seconds": seconds[name], "chunks": 7, "compiled_modules": modules}, 60.0

    monkeypatch.setattr(bench_compiled, "run_child", run_child)
    row = bench_compiled.measure_format("docx", doc, 2, built, peers=True)
    assert calls[2:] == ["convert-docx", "convert-docx@base", "peer-docx-floor", "peer-docx-pandoc"] * 2
    # the floor: dan takes N times its time; pandoc: dan is N times faster
    assert (row["python_vs_peer_floor"], row["compiled_vs_peer_floor"]) == (4.0, 2.0)
    assert (row["python_vs_peer_pandoc"], row["compiled_vs_peer_pandoc"]) == (10.0, 20.0)
    report = {"compiled_modules": 30, "runs": 2, "python": "3.11", "cpus": 2, "commit": "abc1234", "baseline": "",
              "date": "2026-12-04", "command": "python benchmarks/bench_compiled.py --peers", "rows": [row]}
    table = bench_compiled.render(report)
    assert "| DOCX, generated | pandoc → gfm → LangChain splitter | 4.000 | **10.0× faster** (10.0–10.0) | **20.0× faster** (20.0–20.0) |" in table
    assert "| **4.0× the time** (4.0–4.0) | **2.0× the time** (2.0–2.0) |" in table


def test_a_peer_that_is_not_installed_is_left_out(tmp_path, monkeypatch):
    doc = tmp_path / "doc.md"
    doc.write_bytes(b"x" * 1_000_000)
    built = tmp_path / "compiled"

    def run_child(script, name, arg, *, base=None, **_kw):
        modules = 30 if base == built else 0
        if name.startswith("peer-"):
            return {"skipped": "ImportError: No module named 'langchain_text_splitters'"}, 0.0
        return {"seconds": 1.0, "chunks": 7, "compiled_modules": modules, "digest": "a"}, 50.0

    monkeypatch.setattr(bench_compiled, "run_child", run_child)
    row = bench_compiled.measure_format("markdown", doc, 2, built, peers=True)
    assert "langchain_text_splitters" in row["peer_langchain_skipped"] and "python_vs_peer_langchain" not in row
    report = {"compiled_modules": 30, "runs": 2, "python": "3.11", "cpus": 2, "commit": "abc1234", "baseline": "",
              "date": "2026-12-04", "command": "x", "rows": [row]}
    assert "compared with" not in bench_compiled.render(report)


def test_a_checkout_that_runs_compiled_is_timed_as_python_from_a_copy_of_its_sources(tmp_path, monkeypatch):
    """An install compiles the checkout in place (docs/compiled.md): the Python build then
    runs from a copy of the sources without the compiled modules."""
    import tempfile

    import dan.native

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setattr(dan.native, "compiled_modules", lambda root=None: ())
    assert bench_compiled.python_copy() is None
    monkeypatch.setattr(dan.native, "compiled_modules", lambda root=None: ("dan.pipeline.render",))
    copy = bench_compiled.python_copy()
    assert copy is not None and copy.parent == tmp_path
    assert (copy / "dan" / "pipeline" / "render.py").is_file() and (copy / "ven" / "__init__.py").is_file()
    assert not list(copy.rglob("*.so"))

    doc = tmp_path / "doc.md"
    doc.write_bytes(b"x" * 1_000_000)
    built = tmp_path / "compiled"
    calls = []

    def run_child(script, name, arg, *, base=None, **_kw):
        calls.append((name, base))
        modules = 30 if base == built else 0
        if name.startswith("digest-"):
            return {"seconds": 0.1, "chunks": 7, "compiled_modules": modules, "digest": "a"}, 50.0
        return {"seconds": 1.0, "chunks": 7, "compiled_modules": modules}, 60.0

    monkeypatch.setattr(bench_compiled, "run_child", run_child)
    bench_compiled.measure_format("markdown", doc, 1, built, python=copy)
    assert calls == [
        ("digest-markdown@base", copy),
        ("digest-markdown@base", built),
        ("convert-markdown@base", copy),
        ("convert-markdown@base", built),
    ]
