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
