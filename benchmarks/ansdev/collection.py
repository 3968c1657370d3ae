"""The extractive-answer development set: build every document and its questions, write them out.

``python -m benchmarks.ansdev.collection DIR`` writes the files, ``questions.json`` and
``manifest.json`` to DIR. The committed ``questions.json`` next to this module is the question
set as built; ``tests/test_ansdev_set.py`` checks that :func:`build_collection` reproduces it.
``unanswerable.json`` holds on-topic questions that none of the documents answers.
This is a development set: it may be tuned on and edited (rebuild ``questions.json`` after).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from benchmarks.quality.collection import Item, all_questions
from benchmarks.quality.devsets import Family, build_items, category_counts, questions_json, write_collection as write_collection_of
from benchmarks.quality.devsets import main as _main

from .fam_contracts import master_services_agreement, trial_site_agreement
from .fam_manuals import equipment_sop, franchise_manual
from .fam_operations import incident_review, safety_manual
from .fam_people import grants_policy, pension_booklet
from .fam_risk import policy_wording, subcontract

__all__ = [
    "FAMILIES", "QUESTIONS_JSON", "UNANSWERABLE_JSON", "Item", "all_questions", "build_collection",
    "category_counts", "main", "questions_json", "unanswerable_entries", "unanswerable_questions",
    "write_collection",
]

#: Every document family, in collection order.
FAMILIES: tuple[Callable[[], Family], ...] = (
    trial_site_agreement, master_services_agreement, subcontract, incident_review, pension_booklet,
    safety_manual, grants_policy, franchise_manual, equipment_sop, policy_wording,
)

QUESTIONS_JSON = Path(__file__).with_name("questions.json")
UNANSWERABLE_JSON = Path(__file__).with_name("unanswerable.json")


def build_collection() -> list[Item]:
    """Every document of the set with its file bytes and questions (deterministic)."""
    return build_items(FAMILIES)


def unanswerable_entries() -> list[dict[str, Any]]:
    """The on-topic questions the documents do not answer (``qid``, ``doc``, ``question``, ``why``)."""
    data: list[dict[str, Any]] = json.loads(UNANSWERABLE_JSON.read_text(encoding="utf-8"))
    return data


def unanswerable_questions() -> list[str]:
    """The texts of :func:`unanswerable_entries` (what ``benchmarks/bench_answers.py`` asks)."""
    return [u["question"] for u in unanswerable_entries()]


def write_collection(directory: str | Path) -> list[Item]:
    """Write every document, ``questions.json`` and ``manifest.json`` to ``directory``; return the items."""
    return write_collection_of(directory, build_collection())


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``python -m benchmarks.ansdev.collection OUTDIR``."""
    return _main(argv, "benchmarks.ansdev.collection", build_collection)


if __name__ == "__main__":
    raise SystemExit(main())
