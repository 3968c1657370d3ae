"""benchmarks/bench_pdf_hyphens.py: how a text writes a line-end hyphen's two parts (issue 57 item 4)."""

from __future__ import annotations

from pathlib import Path

from benchmarks.bench_pdf_hyphens import _labels, written


def test_written_tells_hyphen_joined_and_missing() -> None:
    text = "a non-exclusive licence, delivery of parts, and the know- how"
    assert written(text, "non", "exclusive") == "hyphen"
    assert written(text, "know", "how") == "hyphen"
    assert written(text, "deliv", "ery") == "joined"
    assert written(text, "ELE", "MENT") == "missing"


def test_the_labels_file_parses_and_holds_both_kinds() -> None:
    labels = _labels(Path(__file__).resolve().parents[1] / "benchmarks" / "pdf_hyphen_labels.tsv")
    assert labels[("libtasn1.pdf", "ELE", "MENT")] == "broken"
    assert labels[("plumber-issue-982-example.pdf", "well", "known")] == "compound"
    assert set(labels.values()) == {"broken", "compound"}
