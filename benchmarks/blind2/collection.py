"""The second blind collection: build every document and its questions, write them out.

``python -m benchmarks.blind2.collection DIR`` writes the files, ``questions.json`` and
``manifest.json`` to DIR. The committed ``questions.json`` next to this module is the frozen
question set; ``tests/test_blind2_set.py`` checks that :func:`build_collection` reproduces it.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from benchmarks.quality.collection import Item
from benchmarks.quality.questions import Question

from ._common import WRITERS, Family
from .fam_hotel import hotel
from .fam_legal import dpa, franchise
from .fam_md import formulary, lab_sop
from .fam_ops import bol_register, run_sheet, security_questionnaire
from .fam_rtf import bank_fees, municipal_budget
from .fam_web import course_catalogue, utility_tariffs

#: Every document family, in collection order.
FAMILIES: tuple[Callable[[], Family], ...] = (
    hotel, franchise, dpa, bol_register, run_sheet, security_questionnaire,
    municipal_budget, bank_fees, course_catalogue, utility_tariffs, formulary, lab_sop,
)

QUESTIONS_JSON = Path(__file__).with_name("questions.json")


def build_collection() -> list[Item]:
    """Every document of the set with its file bytes and questions (deterministic)."""
    items: list[Item] = []
    for family in FAMILIES:
        doc, questions = family()
        items.append(Item(doc, WRITERS[doc.fmt](doc), tuple(questions)))
    return items


def all_questions(items: Sequence[Item]) -> list[Question]:
    """The questions of all items, in collection order."""
    return [q for item in items for q in item.questions]


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
    manifest = [{"name": it.name, "format": it.doc.fmt, "bytes": len(it.data),
                 "sha256": hashlib.sha256(it.data).hexdigest(), "questions": len(it.questions)} for it in items]
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
    return items


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: ``python -m benchmarks.blind2.collection OUTDIR``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        sys.stderr.write("usage: python -m benchmarks.blind2.collection OUTDIR\n")
        return 2
    items = write_collection(args[0])
    sys.stdout.write(f"{len(items)} documents, {len(all_questions(items))} questions -> {args[0]}\n")
    sys.stdout.write(json.dumps(category_counts(items)) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
