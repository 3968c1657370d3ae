"""The whole-structure development set: build every document and its questions, write them out.

``python -m benchmarks.wsdev.collection DIR`` writes the files, ``questions.json`` and
``manifest.json`` to DIR. The committed ``questions.json`` next to this module is the question
set as built; ``tests/test_wsdev_set.py`` checks that :func:`build_collection` reproduces it.
This is a development set: it may be tuned on and edited (rebuild ``questions.json`` after).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks.quality.collection import Item, all_questions
from benchmarks.quality.devsets import Family, build_items, category_counts, questions_json, write_collection as write_collection_of
from benchmarks.quality.devsets import main as _main

from .fam_governance import board_minutes, risk_register
from .fam_legal import insurance_schedule, services_agreement
from .fam_policy import infosec_policy, training_matrix
from .fam_purchasing import po_register, price_list
from .fam_site import maintenance_log, visit_schedule

__all__ = [
    "FAMILIES", "QUESTIONS_JSON", "Item", "all_questions", "build_collection", "category_counts", "main",
    "questions_json", "write_collection",
]

#: Every document family, in collection order.
FAMILIES: tuple[Callable[[], Family], ...] = (
    po_register, price_list, services_agreement, risk_register, board_minutes,
    training_matrix, infosec_policy, maintenance_log, visit_schedule, insurance_schedule,
)

QUESTIONS_JSON = Path(__file__).with_name("questions.json")


def build_collection() -> list[Item]:
    """Every document of the set with its file bytes and questions (deterministic)."""
    return build_items(FAMILIES)


def write_collection(directory: str | Path) -> list[Item]:
    """Write every document, ``questions.json`` and ``manifest.json`` to ``directory``; return the items."""
    return write_collection_of(directory, build_collection())


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``python -m benchmarks.wsdev.collection OUTDIR``."""
    return _main(argv, "benchmarks.wsdev.collection", build_collection)


if __name__ == "__main__":
    raise SystemExit(main())
