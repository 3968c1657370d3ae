"""The development answer set as quality-benchmark ``Item``s.

The documents are the quality benchmark's, generated with seed 1 (a tuning seed: the
published quality figures use seed 20250401, the blind sets their own documents); only the
questions differ: they come from ``questions.json`` here, written blind by a helper who saw
the documents' dan Markdown and nothing else (no code, no other question set).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from pathlib import Path

from benchmarks.quality import collection as quality
from benchmarks.quality.collection import Item
from benchmarks.quality.questions import Question

HERE = Path(__file__).resolve().parent
QUESTIONS = HERE / "questions.json"
#: Questions about these documents that they do not answer (written blind too; see README).
UNANSWERABLE = HERE / "unanswerable.json"
#: The quality collection's seed whose documents the questions are about.
SEED = 1


def load_questions(path: Path = QUESTIONS) -> list[Question]:
    """Read the question set (``Question`` form, ``evidence`` only)."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    return [
        Question(qid=q["qid"], doc=q["doc"], category=q["category"], question=q["question"], answer=q["answer"],
                 evidence=tuple(q["evidence"]))
        for q in raw["questions"]
    ]


def build_collection(seed: int | None = None, only: Sequence[str] | None = None) -> list[Item]:
    """The seed-1 quality documents, carrying this set's questions (``seed`` is ignored: the
    questions are about seed 1's documents)."""
    by_doc: dict[str, list[Question]] = {}
    for question in load_questions():
        by_doc.setdefault(question.doc, []).append(question)
    items = quality.build_collection(SEED, only)
    unknown = sorted(set(by_doc) - {item.doc.name for item in quality.build_collection(SEED)})
    if unknown:
        raise ValueError(f"questions name documents not in the collection: {unknown}; fix questions.json")
    return [dataclasses.replace(item, questions=tuple(by_doc.get(item.doc.name, ()))) for item in items]


def all_questions(items: Sequence[Item]) -> list[Question]:
    """Every question of the given items, in item order."""
    return [question for item in items for question in item.questions]


def unanswerable_questions(path: Path = UNANSWERABLE) -> list[str]:
    """The on-topic questions the documents do not answer (their ``question`` texts)."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    return [q["question"] for q in raw["questions"]]
