"""The paraphrase question set (benchmarks/paraphrase): gold strings, counts, shape, collection."""

from __future__ import annotations

import hashlib
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from benchmarks.paraphrase.collection import (
    QUESTIONS,
    all_questions,
    build_collection,
    load_questions,
)
from benchmarks.public import collection as public
from benchmarks.quality.questions import Question

DOCS = Path(public.__file__).resolve().parent / "data" / "docs"
# sha256 of questions.json as frozen; the set must never be edited after the freeze.
FROZEN_SHA256 = "2975dbb9f6fdd28e9b1427d81ae949cb46915d68f18e9a0b52b91dec787b4683"


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


QS = load_questions()


def test_questions_file_is_the_frozen_set() -> None:
    assert hashlib.sha256(QUESTIONS.read_bytes()).hexdigest() == FROZEN_SHA256


def test_counts_and_categories() -> None:
    assert len(QS) == 155
    assert Counter(q.category for q in QS) == {"plain": 131, "cross_section": 24}
    per_doc = Counter(q.doc for q in QS)
    assert len(per_doc) == 20
    assert min(per_doc.values()) >= 6
    assert len({q.qid for q in QS}) == len(QS)
    assert len({q.question for q in QS}) == len(QS)


def test_evidence_count_per_category() -> None:
    for q in QS:
        assert len(q.evidence) == (1 if q.category == "plain" else 2), q.qid
        assert q.answer.strip(), q.qid


@pytest.mark.parametrize("q", QS, ids=lambda q: q.qid)
def test_every_evidence_string_occurs_once_in_its_document(q: Question) -> None:
    text = _norm((DOCS / q.doc).read_text(encoding="utf-8"))
    for evidence in q.evidence:
        assert text.count(_norm(evidence)) == 1, (q.qid, evidence)
        assert 8 <= len(_norm(evidence).split()) <= 60, (q.qid, evidence)


def test_cross_section_spans_come_from_different_paragraphs() -> None:
    for q in QS:
        if q.category != "cross_section":
            continue
        paragraphs = [
            _norm(p) for p in re.split(r"\n\s*\n", (DOCS / q.doc).read_text(encoding="utf-8"))
        ]
        holders = [{i for i, p in enumerate(paragraphs) if _norm(e) in p} for e in q.evidence]
        assert all(len(h) == 1 for h in holders), q.qid
        assert holders[0] != holders[1], q.qid


def test_questions_paraphrase_rather_than_quote() -> None:
    # No run of six words of the gold evidence may reappear in the question.
    for q in QS:
        question = _words(q.question)
        evidence = " " + " ".join(_words(" ".join(q.evidence))) + " "
        for i in range(len(question) - 5):
            assert " " + " ".join(question[i : i + 6]) + " " not in evidence, q.qid


def test_file_shape() -> None:
    raw = json.loads(QUESTIONS.read_text(encoding="utf-8"))
    keys = {"qid", "doc", "category", "question", "answer", "evidence"}
    assert all(set(q) == keys for q in raw["questions"])


def test_collection_builds_on_the_public_documents() -> None:
    items = build_collection()
    reference = public.build_collection()
    assert [i.doc.name for i in items] == [i.doc.name for i in reference]
    assert [i.data for i in items] == [i.data for i in reference]
    assert [i.doc.title for i in items] == [i.doc.title for i in reference]
    assert all(q.doc == item.doc.name for item in items for q in item.questions)
    assert sorted(q.qid for q in all_questions(items)) == sorted(q.qid for q in QS)
    assert sum(1 for item in items if item.questions) == 20
