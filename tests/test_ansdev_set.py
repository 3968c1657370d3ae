"""The extractive-answer development set: questions.json is what the generator builds, every
document converts with dan, every gold string is where the question says it is, and the
unanswerable questions are there."""

from __future__ import annotations

from collections import Counter

import sys
from pathlib import Path

import pytest

import dan
from benchmarks.ansdev.collection import (
    QUESTIONS_JSON,
    all_questions,
    build_collection,
    category_counts,
    unanswerable_entries,
    unanswerable_questions,
)
from benchmarks.quality.collection import Item

sys.path.insert(0, str(Path(__file__).resolve().parent))

import devset_checks  # noqa: E402

MINIMUM = {
    "header_footer": 20, "cross_section": 22, "definition": 22, "plain": 25, "footnote": 14, "revision": 14,
    "comment": 14, "table_tail": 14, "table_merged": 12, "table_cell": 10,
}


@pytest.fixture(scope="module")
def items() -> list[Item]:
    return build_collection()


@pytest.fixture(scope="module")
def converted(items: list[Item]) -> dict[str, list[str]]:
    """Each document's chunks as dan writes them at 256 tokens."""
    return devset_checks.converted(items)


def test_rebuild_matches_questions_json(items: list[Item]) -> None:
    devset_checks.check_rebuild(items, build_collection, QUESTIONS_JSON)


def test_counts_per_category(items: list[Item]) -> None:
    questions = all_questions(items)
    counts = category_counts(items)
    assert 160 <= len(questions) <= 190
    for category, minimum in MINIMUM.items():
        assert counts.get(category, 0) >= minimum, category
    assert set(counts) == set(MINIMUM)  # pointed questions only: no table_multi, no revision_run
    assert len({q.qid for q in questions}) == len(questions)
    assert len({q.question for q in questions}) == len(questions)
    assert len(items) == 10
    assert Counter(it.doc.fmt for it in items) == {"docx": 5, "html": 2, "md": 2, "rtf": 1}
    for q in questions:
        if q.category in ("revision", "comment"):
            assert q.attribution, q.qid
        if q.category in ("table_tail", "table_merged", "table_cell"):
            assert q.rows, q.qid


def test_every_document_converts_within_the_token_range(converted: dict[str, list[str]]) -> None:
    for name, chunks in converted.items():
        tokens = sum(dan.count_tokens(c) for c in chunks)
        assert 2_500 <= tokens <= 7_000, (name, tokens)


def test_every_gold_string_is_in_dans_output(items: list[Item], converted: dict[str, list[str]]) -> None:
    assert devset_checks.gold_misses(items, converted) == []


def test_unanswerable_questions(items: list[Item]) -> None:
    unanswerable = unanswerable_entries()
    assert unanswerable_questions() == [u["question"] for u in unanswerable]
    names = {it.name for it in items}
    assert len({u["question"] for u in unanswerable}) >= 25
    assert len({u["qid"] for u in unanswerable}) == len(unanswerable)
    answerable = {q.question for q in all_questions(items)}
    for u in unanswerable:
        assert u["doc"] in names, u["qid"]
        assert u["question"] not in answerable, u["qid"]
        assert u["why"], u["qid"]
