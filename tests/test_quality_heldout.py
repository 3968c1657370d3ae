"""benchmarks/quality/heldout.py: settings against dan alone on collections from other seeds,
and the generator building every seed (a short price table used to break seed 3)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.quality import heldout
from benchmarks.quality.collection import DEFAULT_SEED, all_questions, build_collection

PRICE_LISTS = ["pricelist_hartmann.docx", "pricelist_nordwell.docx", "pricelist_castellan.html",
               "pricelist_brixton.docx"]


def test_every_price_list_of_a_seed_with_a_short_table_builds_with_its_questions():
    items = build_collection(seed=3, only=PRICE_LISTS)
    questions = all_questions(items)
    for it in items:
        asked = [q for q in questions if q.doc == it.name and q.category == "table_tail"]
        assert len(asked) == 4, it.name
        assert len({q.question for q in asked}) == 4


def test_counts_add_up_per_kind_and_cover_every_question():
    run = heldout.counts(7, [2048], only=["msa_kestrel_hartmann.docx", "pricelist_hartmann.docx"])
    assert run["documents"] == 2
    assert set(run["counts"]) == {heldout.BASE, *heldout.SETTINGS}
    for by_budget in run["counts"].values():
        by_kind = by_budget["2048"]
        kinds = {k: v for k, v in by_kind.items() if k != heldout.ALL}
        assert by_kind[heldout.ALL][1] == run["questions"] == sum(n for _, n in kinds.values())
        assert by_kind[heldout.ALL][0] == sum(hit for hit, _ in kinds.values())
        assert all(0 <= hit <= n for hit, n in by_kind.values())


def _run(seed: int, base: dict[str, list[int]], ven: dict[str, list[int]]) -> dict:
    other = {name: {"1024": dict(ven)} for name in heldout.SETTINGS}
    return {"seed": seed, "questions": 0, "counts": {heldout.BASE: {"1024": dict(base)}, **other}}


def test_totals_add_seeds_and_deficits_are_listed_per_setting():
    a = _run(1, {"all": [5, 8], "plain": [3, 4], "table_multi": [2, 4]},
             {"all": [5, 8], "plain": [2, 4], "table_multi": [3, 4]})
    b = _run(2, {"all": [4, 8], "plain": [2, 4], "table_multi": [2, 4]},
             {"all": [6, 8], "plain": [2, 4], "table_multi": [4, 4]})
    tot = heldout.total([a, b])
    assert tot[heldout.BASE]["1024"]["plain"] == [5, 8]
    assert tot["3-dan-ven"]["1024"]["table_multi"] == [7, 8]
    below = heldout.below_base(tot)
    assert below["3-dan-ven"] == ["1024 plain"]  # 4 < 5; table_multi 7 > 4 and "all" not a kind
    assert set(below) == set(heldout.SETTINGS)


def test_render_marks_the_kinds_below_dan_alone():
    run = _run(1, {"all": [5, 8], "plain": [3, 4], "table_multi": [2, 4]},
               {"all": [5, 8], "plain": [2, 4], "table_multi": [3, 4]})
    tot = heldout.total([run])
    text = heldout.render({"command": "python benchmarks/quality/heldout.py", "commit": "abc1234",
                           "date": "2026-12-02", "environment": {"python": "3.11.7"}, "seeds": [1],
                           "questions": 8, "budgets": [1024], "total": tot,
                           "below_dan_alone": heldout.below_base(tot)})
    assert "| plain | 3/4 | 2 < |" in text
    assert "| table_multi | 2/4 | 3 |" in text
    assert "| all questions | **5/8** | **5** |" in text
    assert "- `3-dan-ven`: 1 (1024 plain)" in text


def test_the_published_seed_is_refused_as_held_out(capsys):
    with pytest.raises(SystemExit):
        heldout.main(["--seeds", str(DEFAULT_SEED)])
    assert "published collection" in capsys.readouterr().err


def test_the_chunk_limit_reaches_dan_and_the_report(monkeypatch):
    seen: list[int] = []

    def fake_counts(seed, budgets, only=None, dan_max_tokens=512):
        seen.append(dan_max_tokens)
        return _run(seed, {"all": [1, 2], "plain": [1, 2]}, {"all": [1, 2], "plain": [1, 2]})

    monkeypatch.setattr(heldout, "counts", fake_counts)
    monkeypatch.setattr(heldout, "publish", lambda name, result, started, render, update: render(result))
    text = heldout.main(["--seeds", "5", "6", "--budgets", "1024", "--workers", "1", "--dan-max-tokens", "256"])
    assert seen == [256, 256]
    assert "dan chunks of at most 256 tokens" in text


def test_smaller_chunks_change_what_dan_alone_recalls():
    only = ["pricelist_hartmann.docx"]
    small = heldout.counts(7, [1024], only=only, dan_max_tokens=128)["counts"][heldout.BASE]["1024"]
    large = heldout.counts(7, [1024], only=only, dan_max_tokens=1024)["counts"][heldout.BASE]["1024"]
    assert small[heldout.ALL][1] == large[heldout.ALL][1]
    assert small != large
