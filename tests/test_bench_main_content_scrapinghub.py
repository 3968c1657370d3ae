"""benchmarks/bench_main_content_scrapinghub.py: the held-out main-content set's scoring
(Zyte's article-extraction benchmark: word 4-grams, per-page normalised counts)."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from benchmarks.bench_main_content_scrapinghub import main, page_counts, scores, shingles


def test_shingles_are_word_four_grams_with_case_kept() -> None:
    assert shingles("One two three four five") == {
        ("One", "two", "three", "four"): 1,
        ("two", "three", "four", "five"): 1,
    }
    assert shingles("Short text") == {("Short", "text"): 1}  # under four words: one shingle
    assert shingles("") == {}
    assert shingles("a b c d") != shingles("A b c d")


def test_page_counts_are_normalised_and_scores_average_pages() -> None:
    truth = "w1 w2 w3 w4 w5 w6"  # three shingles
    assert page_counts(truth, truth) == (1.0, 0.0, 0.0)
    # two of the truth's three shingles, plus two of its own
    tp, fp, fn = page_counts(truth, "w2 w3 w4 w5 w6 x1 x2")
    assert (tp, fp, fn) == pytest.approx((2 / 5, 2 / 5, 1 / 5))
    assert page_counts("", "") == (0.0, 0.0, 0.0)
    # precision over pages with output, recall over pages with a text: the empty
    # prediction counts against recall only
    s = scores([(1.0, 0.0, 0.0), (0.0, 0.0, 1.0)])
    assert s["precision"] == 1.0
    assert s["recall"] == 0.5
    assert s["f1"] == pytest.approx(2 / 3)


def test_the_script_scores_dan_and_every_published_output(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = " ".join(
        f"The harbour authority approved berth number {i} for the new ferry service."
        for i in range(30)
    )
    side = "".join(f"<li><a href='/s{i}'>Section {i} news and more</a></li>" for i in range(40))
    page = f"<html><body><div class='sidebar'><ul>{side}</ul></div><article><h1>Ferries</h1><p>{body}</p></article></body></html>"
    (tmp_path / "html").mkdir()
    (tmp_path / "html" / "p1.html.gz").write_bytes(gzip.compress(page.encode()))
    (tmp_path / "ground-truth.json").write_text(json.dumps({"p1": {"articleBody": body}}))
    (tmp_path / "output").mkdir()
    (tmp_path / "output" / "perfect.json").write_text(
        json.dumps({"version": "1", "output": {"p1": {"articleBody": body}}})
    )
    (tmp_path / "output" / "partial.json").write_text(
        json.dumps({"p2": {"articleBody": body}})
    )  # wrong page
    out = tmp_path / "rows.json"
    assert main([str(tmp_path), "--json", str(out)]) == 0
    rows = {r["name"]: r for r in json.loads(out.read_text())}
    assert set(rows) == {
        "dan",
        "dan (main_content=False)",
        "perfect",
    }  # an output missing pages is left out
    assert rows["perfect"]["scores"]["f1"] == 1.0
    # the article alone is kept by default; the whole page adds its sidebar
    assert rows["dan"]["scores"]["recall"] == 1.0
    assert (
        rows["dan"]["scores"]["precision"] > rows["dan (main_content=False)"]["scores"]["precision"]
    )
    assert "| **dan** |" in capsys.readouterr().out


def test_a_checkout_without_its_pages_is_refused(tmp_path: Path) -> None:
    (tmp_path / "html").mkdir()
    (tmp_path / "ground-truth.json").write_text(json.dumps({"p1": {"articleBody": "x"}}))
    with pytest.raises(SystemExit, match="1 pages of ground-truth.json have no html"):
        main([str(tmp_path)])
