"""The blind collection: build every document and its questions, write them out.

``python -m benchmarks.blind.collection DIR`` writes the files and ``questions.json`` to DIR.
The committed ``questions.json`` next to this module is the frozen question set; a test
checks that :func:`build_collection` reproduces it exactly.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from benchmarks.quality.collection import Item
from benchmarks.quality.questions import Question

from ._common import WRITERS, Family
from .fam_docx_more import grant, insurance, tender, trial_amendment
from .fam_fleet import fleet
from .fam_licence import licence
from .fam_move import move_plan
from .fam_registers import it_register, maintenance_log, stock_report
from .fam_rtf import change_orders, lease
from .fam_web import handbook, quarterly, recall

FAMILIES: tuple[Callable[[], Family], ...] = (
    fleet, licence, it_register, insurance, trial_amendment, grant, tender, move_plan,
    change_orders, lease, stock_report, maintenance_log, quarterly, recall, handbook,
)

QUESTIONS_JSON = Path(__file__).with_name("questions.json")


def build_collection() -> list[Item]:
    """Every document of the blind set with its file bytes and questions."""
    items: list[Item] = []
    for family in FAMILIES:
        doc, questions = family()
        items.append(Item(doc, WRITERS[doc.fmt](doc), questions))
    return items


def all_questions(items: list[Item]) -> list[Question]:
    """The questions of all items, in collection order."""
    return [q for item in items for q in item.questions]


def questions_json(items: list[Item]) -> str:
    """The JSON text of all questions (the format of the committed ``questions.json``)."""
    return json.dumps([q.to_json() for q in all_questions(items)], indent=1, ensure_ascii=False) + "\n"


def write_collection(directory: str | Path) -> list[Item]:
    """Write every document and ``questions.json`` to ``directory``; return the items."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    items = build_collection()
    for item in items:
        (out / item.doc.name).write_bytes(item.data)
    (out / "questions.json").write_text(questions_json(items), encoding="utf-8")
    return items


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        sys.stderr.write("usage: python -m benchmarks.blind.collection DIR\n")
        return 2
    items = write_collection(argv[0])
    counts = Counter(q.category for q in all_questions(items))
    for cat, n in sorted(counts.items()):
        sys.stdout.write(f"{cat:14s} {n}\n")
    sys.stdout.write(f"{'total':14s} {sum(counts.values())} questions, {len(items)} documents\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
