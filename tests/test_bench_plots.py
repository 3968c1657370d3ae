"""The benchmark pictures: drawn from a result, reproducible byte for byte, shown by the docs."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def test_every_picture_the_docs_show_is_committed():
    shown = []
    for page in (ROOT / "docs").glob("*.md"):
        shown += re.findall(r"!\[[^\]]*\]\((img/[^)]+)\)", page.read_text(encoding="utf-8"))
    assert any(s.endswith(".svg") for s in shown)
    missing = [s for s in shown if not (ROOT / "docs" / s).is_file()]
    assert not missing


def _result() -> dict:
    summary = {
        key: {str(b): {"recall": r} for b, r in zip((1024, 2048, 4096, 8192), recalls)}
        for key, recalls in {
            "1-naive": (0.25, 0.33, 0.41, 0.47),
            "2-dan": (0.55, 0.77, 0.85, 0.92),
            "3-dan-ven": (0.59, 0.79, 0.90, 0.95),
            "4-routed": (0.64, 0.81, 0.93, 0.97),
        }.items()
    }
    return {"summary": summary, "collection": {"questions": 9, "documents": [{}, {}]}}


def test_the_quality_picture_is_drawn_from_the_result_and_redraws_identically(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    from benchmarks import _plots
    from benchmarks.quality import report

    monkeypatch.setattr(_plots, "IMAGES", tmp_path)
    path = report.draw(_result())
    svg = path.read_text(encoding="utf-8")
    assert path.name == report.PICTURE
    for label in report.PICTURED.values():
        assert label.replace("&", "&amp;") in svg
    assert "9 questions, 2 business documents" in svg
    first = path.read_bytes()
    report.draw(_result())
    assert path.read_bytes() == first  # no date stamp, no random ids

    changed = _result()
    changed["summary"]["2-dan"]["1024"]["recall"] = 0.05
    report.draw(changed)
    assert path.read_bytes() != first


def test_bars_label_every_value(tmp_path, monkeypatch):
    pytest.importorskip("matplotlib")
    from benchmarks import _plots

    monkeypatch.setattr(_plots, "IMAGES", tmp_path)
    path = _plots.bars(
        "speed.svg", "Speed", "pages/s",
        [("floor", 5000.0, "floor"), ("dan", 812.5, "dan"), ("pandoc", 123.0, "peer")],
    )
    svg = path.read_text(encoding="utf-8")
    for text in ("5,000.0", "812.5", "123.0", "floor", "pandoc", "pages/s"):
        assert text in svg


def test_a_baseline_pipeline_runs_on_the_baseline_commits_sources():
    from benchmarks._runner import BASE, baseline, run_child

    base = baseline("HEAD")
    assert (base / "dan" / "__init__.py").is_file() and (base / "ven" / "__init__.py").is_file()
    script = ROOT / "benchmarks" / "bench_markdown.py"
    sample = ROOT / "README.md"
    now, _ = run_child(script, "tiktoken-floor", str(sample))
    before, _ = run_child(script, "tiktoken-floor" + BASE, str(sample), base=base)
    assert now["tokens"] == before["tokens"] > 0
    with pytest.raises(ValueError):
        run_child(script, "tiktoken-floor" + BASE, str(sample))


def test_the_speed_sections_say_the_before_after_ratio():
    from benchmarks import bench_docx, bench_markdown

    common = {"command": "python benchmarks/x.py", "commit": "abc1234", "date": "2026-12-02", "python": "3.11.7",
              "baseline": "0ld0000"}
    md = bench_markdown.render({**common, "size_mb": 1.0, "rows": [
        {"pipeline": "dan-1024", "median_s": 0.25, "mb_per_s": 4.0, "chunks": 10, "mean_fill_pct": 70.0,
         "max_tokens": 1000, "peak_rss_mb": 100},
        {"pipeline": "dan-256", "median_s": 0.3, "mb_per_s": 3.3, "peak_rss_mb": 100},
        {"pipeline": "dan-1024@base", "median_s": 0.5, "mb_per_s": 2.0, "peak_rss_mb": 100},
        {"pipeline": "dan-256@base", "median_s": 0.9, "mb_per_s": 1.1, "peak_rss_mb": 100},
        {"pipeline": "langchain-1024", "skipped": "ImportError: no langchain"},
    ]})
    assert "**2.00× faster** (256 tokens: 3.00×)" in md
    assert "at `0ld0000`" in md and "skipped: ImportError" in md
    docx = bench_docx.render({**common, "pages": 10, "size_mb": 0.1, "rows": [
        {"pipeline": "dan", "median_s": 0.2, "pages_per_s": 50, "peak_rss_mb": 100, "x_dan_time": 1.0},
        {"pipeline": "floor-tokens", "median_s": 0.05, "pages_per_s": 200, "peak_rss_mb": 90, "x_dan_time": 0.25},
        {"pipeline": "pandoc+langchain", "median_s": 1.0, "pages_per_s": 10, "peak_rss_mb": 90, "x_dan_time": 5.0},
        {"pipeline": "dan@base", "median_s": 0.3, "pages_per_s": 33, "peak_rss_mb": 120, "x_dan_time": 1.5},
    ]})
    assert "4.0× the floor" in docx and "5.0× faster than the fastest" in docx
    assert "1.50× as fast as at commit `0ld0000`" in docx and "120 → 100 MB" in docx
