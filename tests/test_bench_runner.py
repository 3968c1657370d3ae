"""benchmarks/_runner.py: paired before/after runs alternate and give the median pair ratio."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import _runner


@pytest.fixture
def fake_children(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """run_child replaced: each call is logged; 'dan' takes 1 s, 'dan@base' 1.5, 2.0, 3.0 s."""
    calls: list[str] = []
    base_times = iter([1.5, 2.0, 3.0])

    def run_child(script, name, arg, *, timeout_s=None, memory_mb=None, base=None):
        calls.append(name)
        if name == "broken":
            return {"error": ["boom"]}, 10.0
        seconds = next(base_times) if name.endswith(_runner.BASE) else 1.0
        return {"seconds": seconds, "chunks": 3}, 50.0

    monkeypatch.setattr(_runner, "run_child", run_child)
    return calls


def test_paired_runs_alternate_and_give_the_median_ratio(fake_children: list[str]) -> None:
    now, then = _runner.measure_paired(Path("x.py"), "dan", "f", 3, Path("/base"))
    assert fake_children == ["dan", "dan@base"] * 3
    assert now["median_s"] == 1.0 and then["median_s"] == 2.0
    assert then["paired_speedup"] == 2.0
    assert (then["paired_speedup_min"], then["paired_speedup_max"]) == (1.5, 3.0)
    assert _runner.speedup(now, then) == 2.0
    assert "median of 3 pairs" in _runner.paired_note(then)


def test_measure_all_pairs_only_the_named_pipelines_and_puts_baselines_last(fake_children: list[str]) -> None:
    rows = _runner.measure_all(Path("x.py"), ["floor", "dan"], "f", 1, Path("/base"), ["dan"])
    assert [r["pipeline"] for r in rows] == ["floor", "dan", "dan@base"]
    assert fake_children == ["floor", "dan", "dan@base"]


def test_without_a_baseline_nothing_is_paired(fake_children: list[str]) -> None:
    rows = _runner.measure_all(Path("x.py"), ["floor", "dan"], "f", 2, None, ["dan"])
    assert [r["pipeline"] for r in rows] == ["floor", "dan"]
    assert "paired_speedup" not in rows[1]


def test_a_failed_run_skips_the_pipeline(fake_children: list[str]) -> None:
    row = _runner.measure(Path("x.py"), "broken", "f", 3)
    assert row == {"pipeline": "broken", "skipped": "boom"}
    assert fake_children == ["broken"]


def test_unpaired_speedup_is_the_ratio_of_medians() -> None:
    assert _runner.speedup({"median_s": 2.0}, {"median_s": 3.0}) == 1.5


_SETUP_CHECK = """
import sys
from pathlib import Path
sys.path.insert(0, {root!r})
from benchmarks import {module} as bench
before = set(sys.modules)
work = bench._prepare({pipeline!r}, {path!r})
loaded = set(sys.modules) - before
missing = [m for m in {wanted!r} if m not in loaded]
work()
late = sorted(set(sys.modules) - before - loaded)
print(missing, [m for m in late if m.startswith(("dan", "lxml", "markdown_it", "zipfile"))])
"""


@pytest.mark.parametrize(
    ("module", "pipeline", "kind", "wanted"),
    [
        ("bench_docx", "dan", "docx", ["dan.readers.docx.body", "lxml.etree"]),
        ("bench_docx", "floor-tokens", "docx", ["lxml.etree", "zipfile"]),
        ("bench_markdown", "dan-1024", "md", ["dan.readers.markdown.reader", "markdown_it"]),
        ("bench_html_rtf", "dan-rtf", "rtf", ["dan.readers.rtf.reader"]),
        ("bench_html_rtf", "dan-html", "html", ["dan.readers.html.reader", "lxml.etree"]),
        ("bench_compiled", "convert-markdown", "md", ["dan.readers.markdown.reader"]),
    ],
)
def test_a_pipelines_imports_happen_before_the_clock_starts(
    tmp_path: Path, module: str, pipeline: str, kind: str, wanted: list[str]
) -> None:
    """What a timed pipeline imports (dan's reader, lxml, markdown-it) is imported by its
    set-up, not by the first conversion inside the timed part: the work then imports
    nothing more of them."""
    import subprocess
    import sys

    from tests.dan.docx_builder import make_docx

    path = tmp_path / f"doc.{kind}"
    if kind == "docx":
        path.write_bytes(make_docx("<w:p><w:r><w:t>Clause 1 applies.</w:t></w:r></w:p>"))
    elif kind == "md":
        path.write_text("# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n", encoding="utf-8")
    elif kind == "rtf":
        path.write_text(r"{\rtf1\ansi Clause 1 applies.\par}", encoding="ascii")
    else:
        path.write_text("<html><body><h1>T</h1><p>Clause 1 applies.</p></body></html>", encoding="utf-8")
    script = _SETUP_CHECK.format(
        root=str(_runner.ROOT), module=module, pipeline=pipeline, path=str(path), wanted=wanted
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[] []", done.stdout + done.stderr
