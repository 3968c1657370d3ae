"""The whole-structure development set: questions.json is what the generator builds, every
document converts with dan, and every gold string is where the question says it is."""

from __future__ import annotations

from collections import Counter

import sys
from pathlib import Path

import pytest

import dan
from benchmarks.quality.collection import Item

sys.path.insert(0, str(Path(__file__).resolve().parent))

import devset_checks  # noqa: E402
from benchmarks.wsdev.collection import (
    QUESTIONS_JSON,
    all_questions,
    build_collection,
    category_counts,
)

MINIMUM = {
    "table_tail": 5, "table_merged": 5, "revision": 4, "comment": 6, "cross_section": 5,
    "definition": 4, "header_footer": 5, "footnote": 5, "plain": 3,
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
    assert 120 <= len(questions) <= 160
    assert counts["table_multi"] + counts["revision_run"] >= 70
    assert counts["revision_run"] >= 12
    for category, minimum in MINIMUM.items():
        assert counts.get(category, 0) >= minimum, category
    assert len({q.qid for q in questions}) == len(questions)
    assert len(items) == 10
    assert Counter(it.doc.fmt for it in items) == {"docx": 5, "html": 2, "md": 2, "rtf": 1}
    for q in questions:
        if q.category == "table_multi":
            assert q.rows and q.header, q.qid
        if q.category in ("revision_run", "revision", "comment"):
            assert q.attribution, q.qid


def test_every_document_converts_within_the_token_range(converted: dict[str, list[str]]) -> None:
    for name, chunks in converted.items():
        tokens = sum(dan.count_tokens(c) for c in chunks)
        assert 2_500 <= tokens <= 7_000, (name, tokens)


def test_every_gold_string_is_in_dans_output(items: list[Item], converted: dict[str, list[str]]) -> None:
    assert devset_checks.gold_misses(items, converted) == []