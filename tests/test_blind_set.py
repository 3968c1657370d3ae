"""The blind question set (benchmarks/blind) is frozen: the committed questions.json must be
exactly what build_collection() produces, and the set keeps its per-category minimums."""

from __future__ import annotations

import json
from collections import Counter

from benchmarks.blind.collection import QUESTIONS_JSON, all_questions, build_collection, questions_json

MINIMUMS = {
    "table_multi": 30,
    "table_tail": 15,
    "table_merged": 12,
    "revision": 15,
    "revision_run": 12,
    "comment": 15,
    "cross_section": 12,
    "definition": 10,
    "header_footer": 8,
    "footnote": 8,
    "plain": 25,
}

EXPECTED = {
    "table_multi": 46,
    "table_tail": 17,
    "table_merged": 19,
    "revision": 18,
    "revision_run": 13,
    "comment": 21,
    "cross_section": 15,
    "definition": 14,
    "header_footer": 10,
    "footnote": 12,
    "plain": 30,
}


def test_build_reproduces_committed_questions_json() -> None:
    items = build_collection()
    assert questions_json(items) == QUESTIONS_JSON.read_text(encoding="utf-8")


def test_counts_per_category() -> None:
    items = build_collection()
    counts = Counter(q.category for q in all_questions(items))
    assert dict(counts) == EXPECTED
    for category, minimum in MINIMUMS.items():
        assert counts[category] >= minimum, category
    assert sum(counts.values()) >= 170


def test_documents_and_question_targets() -> None:
    items = build_collection()
    names = [item.doc.name for item in items]
    assert 14 <= len(names) <= 18
    assert len(set(names)) == len(names)
    committed = json.loads(QUESTIONS_JSON.read_text(encoding="utf-8"))
    assert {q["doc"] for q in committed} == set(names)
    assert len({q["qid"] for q in committed}) == len(committed)
    for item in items:
        assert item.data
        assert all(q.doc == item.doc.name for q in item.questions)
