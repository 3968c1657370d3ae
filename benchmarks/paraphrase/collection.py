"""The paraphrase set as quality-benchmark ``Item``s.

The documents, their order and their bytes are exactly ``benchmarks.public.collection``'s
(imported, not copied); only the questions differ: they come from ``questions.json`` here.
Agreements without a paraphrased question stay in the collection as distractors.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from pathlib import Path

from benchmarks.public import collection as public
from benchmarks.quality.collection import Item
from benchmarks.quality.questions import Question

HERE = Path(__file__).resolve().parent
QUESTIONS = HERE / "questions.json"


def load_questions(path: Path = QUESTIONS) -> list[Question]:
    """Read the frozen question set (``Question`` form, ``evidence`` only)."""
    raw = json.loads(path.read_text(encoding="utf-8"))
    return [
        Question(
            qid=q["qid"],
            doc=q["doc"],
            category=q["category"],
            question=q["question"],
            answer=q["answer"],
            evidence=tuple(q["evidence"]),
        )
        for q in raw["questions"]
    ]


def build_collection(seed: int | None = None, only: Sequence[str] | None = None) -> list[Item]:
    """The public set's Items for the same arguments, carrying this set's questions."""
    by_doc: dict[str, list[Question]] = {}
    for question in load_questions():
        by_doc.setdefault(question.doc, []).append(question)
    items = public.build_collection(seed=seed, only=only)
    known = {item.doc.name for item in public.build_collection()}
    unknown = sorted(set(by_doc) - known)
    if unknown:
        raise ValueError(
            f"questions name documents not in the public set: {unknown}; fix questions.json"
        )
    return [
        dataclasses.replace(item, questions=tuple(by_doc.get(item.doc.name, ()))) for item in items
    ]


def all_questions(items: Sequence[Item]) -> list[Question]:
    """Every question of the given items, in item order."""
    return [question for item in items for question in item.questions]
