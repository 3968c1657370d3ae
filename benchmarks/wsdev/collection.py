"""The whole-structure development set: build every document and its questions, write them out.

``python -m benchmarks.wsdev.collection DIR`` writes the files, ``questions.json`` and
``manifest.json`` to DIR. The committed ``questions.json`` next to this module is the question
set as built; ``tests/test_wsdev_set.py`` checks that :func:`build_collection` reproduces it.
This is a development set: it may be tuned on and edited (rebuild ``questions.json`` after).
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks.quality.collection import Item, all_questions, manifest

from ._common import WRITERS, Family
from .fam_governance import board_minutes, risk_register
from .fam_legal import insurance_schedule, services_agreement
from .fam_policy import infosec_policy, training_matrix
from .fam_purchasing import po_register, price_list
from .fam_site import maintenance_log, visit_schedule

#: Every document family, in collection order.
FAMILIES: tuple[Callable[[], Family], ...] = (
    po_register, price_list, services_agreement, risk_register, board_minutes,
    training_matrix, infosec_policy, maintenance_log, visit_schedule, insurance_schedule,
)

QUESTIONS_JSON = Path(__file__).with_name("questions.json")


def build_collection() -> list[Item]:
    """Every document of the set with its file bytes and questions (deterministic)."""
    items: list[Item] = []
    for family in FAMILIES:
        doc, questions = family()
        items.append(Item(doc, WRITERS[doc.fmt](doc), tuple(questions)))
    return items


def questions_json(items: Sequence[Item]) -> str:
    """The JSON text of all questions (the format of the committed ``questions.json``)."""
    return json.dumps([q.to_json() for q in all_questions(items)], indent=1, ensure_ascii=False) + "\n"


def category_counts(items: Sequence[Item]) -> dict[str, int]:
    """How many questions each category has."""
    return dict(sorted(Counter(q.category for q in all_questions(items)).items()))


def write_collection(directory: str | Path) -> list[Item]:
    """Write every document, ``questions.json`` and ``manifest.json`` to ``directory``; return the items."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    items = build_collection()
    for item in items:
        (out / item.name).write_bytes(item.data)
    (out / "questions.json").write_text(questions_json(items), encoding="utf-8")
    (out / "manifest.json").write_text(json.dumps(manifest(items), indent=1) + "\n", encoding="utf-8")
    return items


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``python -m benchmarks.wsdev.collection OUTDIR``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        sys.stderr.write("usage: python -m benchmarks.wsdev.collection OUTDIR\n")
        return 2
    items = write_collection(args[0])
    sys.stdout.write(f"{len(items)} documents, {len(all_questions(items))} questions -> {args[0]}\n")
    sys.stdout.write(json.dumps(category_counts(items)) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
