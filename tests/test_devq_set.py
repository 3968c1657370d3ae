"""The development answer set (benchmarks/devq): its gold strings are in dan's output of its documents."""

from __future__ import annotations

from collections import Counter

import dan
from benchmarks.devq.collection import UNANSWERABLE, all_questions, build_collection, load_questions, unanswerable_questions
from benchmarks.quality.metrics import contains, normalise

ITEMS = build_collection()
QS = load_questions()


def test_counts_and_categories() -> None:
    assert len(QS) == 166 and len({q.qid for q in QS}) == len(QS)
    kinds = Counter(q.category for q in QS)
    assert set(kinds) == {"table_cell", "plain", "revision", "header_footer", "cross_section", "comment", "footnote",
                          "definition", "table_merged"}
    assert kinds["cross_section"] == 19 and all(len(q.evidence) == 2 for q in QS if q.category == "cross_section")
    assert len(ITEMS) == 17 and all(item.questions for item in ITEMS)
    assert all_questions(ITEMS) == sorted(QS, key=lambda q: [i.name for i in ITEMS].index(q.doc))


def test_every_gold_string_is_in_its_document_as_dan_converts_it() -> None:
    for item in ITEMS:
        text = normalise("\n".join(dan.convert(item.data, filename=item.name, max_tokens=4096).chunks))
        for q in item.questions:
            for s in q.evidence:
                assert contains(text, s), (q.qid, s)


def test_the_unanswerable_questions_are_about_the_collection() -> None:
    import json

    raw = json.loads(UNANSWERABLE.read_text(encoding="utf-8"))["questions"]
    assert len(raw) == 45 and len({q["qid"] for q in raw}) == 45
    assert Counter(q["kind"] for q in raw) == {"absent_fact": 15, "absent_item": 15, "other_document": 15}
    assert {q["doc"] for q in raw} <= {item.name for item in ITEMS} and all(q["why"] for q in raw)
    assert unanswerable_questions() == [q["question"] for q in raw]
