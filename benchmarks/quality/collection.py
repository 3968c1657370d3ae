"""The benchmark collection: which documents, in which format, from which seed.

``build_collection()`` returns every document with its questions, deterministically for a
seed; ``write_collection(directory)`` writes the files plus ``questions.json`` and
``manifest.json`` (file name, format, size, sha256) so a run can be checked against the
collection it used. Nothing generated is committed: the generator is the collection.

Run ``python -m benchmarks.quality.collection OUTDIR`` to look at the files.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from benchmarks.quality import (
    docs_contract,
    docs_lab,
    docs_manual,
    docs_misc,
    docs_pricelist,
)
from benchmarks.quality.docmodel import Doc
from benchmarks.quality.docx_writer import write_docx
from benchmarks.quality.html_writer import write_html
from benchmarks.quality.md_writer import write_md
from benchmarks.quality.questions import Question
from benchmarks.quality.rtf_writer import write_rtf

DEFAULT_SEED = 20250401

WRITERS: dict[str, Callable[[Doc], bytes]] = {"docx": write_docx, "html": write_html, "md": write_md, "rtf": write_rtf}

Factory = Callable[[str, int], tuple[Doc, list[Question]]]

#: (factory, format) for every document, in collection order.
PLAN: tuple[tuple[Factory, str], ...] = (
    (partial(docs_pricelist.build, docs_pricelist.SUPPLIERS[0]), "docx"),
    (partial(docs_pricelist.build, docs_pricelist.SUPPLIERS[1]), "docx"),
    (partial(docs_pricelist.build, docs_pricelist.SUPPLIERS[2]), "html"),
    (partial(docs_pricelist.build, docs_pricelist.SUPPLIERS[3]), "docx"),
    (docs_contract.supply_agreement, "docx"),
    (docs_contract.service_level_agreement, "docx"),
    (docs_contract.nda, "rtf"),
    (partial(docs_lab.build, docs_lab.PATIENTS[0]), "docx"),
    (partial(docs_lab.build, docs_lab.PATIENTS[1]), "docx"),
    (partial(docs_lab.build, docs_lab.PATIENTS[2]), "md"),
    (partial(docs_manual.build, docs_manual.MACHINES[0]), "docx"),
    (partial(docs_manual.build, docs_manual.MACHINES[1]), "md"),
    (partial(docs_manual.build, docs_manual.MACHINES[2]), "html"),
    (docs_misc.study_report, "docx"),
    (docs_misc.audit_report, "docx"),
    (docs_misc.travel_policy, "html"),
    (docs_misc.board_minutes, "rtf"),
)


@dataclass(frozen=True)
class Item:
    """One document of the collection: its model, file bytes and questions."""

    doc: Doc
    data: bytes
    questions: tuple[Question, ...]

    @property
    def name(self) -> str:
        """The file name, also the document id."""
        return self.doc.name


def build_collection(seed: int = DEFAULT_SEED, only: Sequence[str] | None = None) -> list[Item]:
    """Every document of the collection (or those whose file name is in ``only``)."""
    master = random.Random(seed)
    seeds = [master.randrange(2**31) for _ in PLAN]
    items: list[Item] = []
    for (factory, fmt), s in zip(PLAN, seeds):
        doc, questions = factory(fmt, s)
        if only is not None and doc.name not in only:
            continue
        items.append(Item(doc, WRITERS[fmt](doc), tuple(questions)))
    if only is not None and len(items) != len(set(only)):
        known = {factory(fmt, s)[0].name for (factory, fmt), s in zip(PLAN, seeds)}
        raise ValueError(f"unknown documents {sorted(set(only) - known)}; known: {sorted(known)}")
    return items


def all_questions(items: Sequence[Item]) -> list[Question]:
    """The questions of ``items`` in collection order."""
    return [q for it in items for q in it.questions]


def manifest(items: Sequence[Item]) -> list[dict[str, object]]:
    """File name, format, size and sha256 of each document."""
    return [
        {"name": it.name, "format": it.doc.fmt, "bytes": len(it.data), "sha256": hashlib.sha256(it.data).hexdigest(),
         "questions": len(it.questions)}
        for it in items
    ]


def write_collection(directory: Path, seed: int = DEFAULT_SEED) -> list[Item]:
    """Write the collection's files, ``questions.json`` and ``manifest.json`` to ``directory``."""
    items = build_collection(seed)
    directory.mkdir(parents=True, exist_ok=True)
    for it in items:
        (directory / it.name).write_bytes(it.data)
    (directory / "questions.json").write_text(
        json.dumps([q.to_json() for q in all_questions(items)], indent=1, ensure_ascii=False), encoding="utf-8")
    (directory / "manifest.json").write_text(json.dumps(manifest(items), indent=1), encoding="utf-8")
    return items


def main(argv: Sequence[str] | None = None) -> None:
    """Command line: write the collection to a directory."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED)
    args = parser.parse_args(argv)
    items = write_collection(args.outdir, args.seed)
    print(f"{len(items)} documents, {len(all_questions(items))} questions -> {args.outdir}")


if __name__ == "__main__":
    main()
