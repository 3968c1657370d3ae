"""bench_fill's set of installed Markdown converted to DOCX by pandoc: skipped with a note
when there is no pandoc, converted (failures skipped) when there is."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import bench_fill  # noqa: E402


def _long_markdown(path: Path) -> Path:
    sections = [
        f"## Part {i}\n\n" + " ".join(f"word{j}" for j in range(600)) + "\n" for i in range(4)
    ]
    path.write_text("# Manual\n\n" + "\n".join(sections), encoding="utf-8")
    return path


def test_no_pandoc_means_no_pypandoc_and_none_on_path(monkeypatch):
    monkeypatch.setitem(sys.modules, "pypandoc", None)  # import pypandoc raises ImportError
    monkeypatch.setenv("PATH", "")
    assert bench_fill.find_pandoc() is None


def test_the_pandoc_set_is_skipped_with_a_note_when_pandoc_is_absent(tmp_path, monkeypatch, capsys):
    held = tmp_path / "held"
    held.mkdir()
    _long_markdown(held / "manual.md")
    (tmp_path / "corpus").mkdir()
    monkeypatch.setattr(bench_fill, "find_pandoc", lambda: None)
    monkeypatch.setattr("benchmarks.quality.collection.build_collection", lambda: [])
    monkeypatch.setattr(bench_fill, "publish", lambda name, result, started, render, update: result)
    result = bench_fill.main(["--corpus", str(tmp_path / "corpus"), "--held-out", str(held)])
    assert (
        "note: set 'installed Markdown as DOCX (pandoc)' skipped: pandoc not found"
        in capsys.readouterr().err
    )
    assert result["pandoc"] is None
    assert bench_fill.PANDOC_SET not in {r["format"] for r in result["rows"]}
    assert any(
        r["format"].startswith("installed Markdown (") and r["documents"] == 1
        for r in result["rows"]
    )


def test_pandoc_converts_in_order_and_skips_what_it_fails_on(tmp_path):
    pandoc = bench_fill.find_pandoc()
    if pandoc is None:
        pytest.skip("no pandoc (pip install pypandoc_binary)")
    good = _long_markdown(tmp_path / "manual.md")
    missing = tmp_path / "missing.md"
    docs, skipped = bench_fill.pandoc_docx([missing, good], pandoc)
    assert skipped == [missing]
    assert len(docs) == 1 and docs[0][1] == "docx" and docs[0][0][:2] == b"PK"
    body = bench_fill.fills(docs[0], 1024, False)
    assert body is not None and len(body) > 1
