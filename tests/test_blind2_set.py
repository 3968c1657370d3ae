"""The second blind benchmark set: frozen questions, minimum counts, every document converts."""

from __future__ import annotations

import json
from collections import Counter

import pytest

import dan
from benchmarks.blind2.collection import QUESTIONS_JSON, all_questions, build_collection, questions_json
from benchmarks.quality.questions import Question

MINIMUM = {
    "table_multi": 25, "table_tail": 12, "table_merged": 10, "revision": 12, "revision_run": 10, "comment": 12,
    "cross_section": 10, "definition": 8, "header_footer": 6, "footnote": 6, "plain": 20,
}


@pytest.fixture(scope="module")
def items():  # type: ignore[no-untyped-def]
    return build_collection()


def test_rebuild_matches_frozen_questions(items) -> None:  # type: ignore[no-untyped-def]
    assert questions_json(items) == QUESTIONS_JSON.read_text(encoding="utf-8")
    frozen = [Question.from_json(d) for d in json.loads(QUESTIONS_JSON.read_text(encoding="utf-8"))]
    assert frozen == all_questions(items)


def test_counts_per_category(items) -> None:  # type: ignore[no-untyped-def]
    questions = all_questions(items)
    counts = Counter(q.category for q in questions)
    assert len(questions) >= 150
    for category, minimum in MINIMUM.items():
        assert counts[category] >= minimum, category
    assert 12 <= len(items) <= 15
    assert len({q.qid for q in questions}) == len(questions)
    assert {it.doc.fmt for it in items} == {"docx", "rtf", "html", "md"}


def test_every_document_converts_at_256_tokens(items) -> None:  # type: ignore[no-untyped-def]
    for it in items:
        result = dan.convert(it.data, doc_type=it.doc.fmt, max_tokens=256)
        assert len(result.chunks) >= 8, it.name
        text = "\n".join(str(c) for c in result.chunks).casefold()
        for q in it.questions:
            for s in q.evidence:
                assert s.casefold() in text, (q.qid, s)
