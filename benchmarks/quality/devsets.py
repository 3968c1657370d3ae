"""What the development sets written from document families share (``benchmarks/wsdev``,
``benchmarks/ansdev``): the helpers their family modules build documents with, and building,
counting and writing a set from its families.

The frozen blind sets (``benchmarks/blind``, ``blind2``) keep their own copies: they are not
edited after they were written."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path

from benchmarks.quality import text as filler
from benchmarks.quality.build import Builder
from benchmarks.quality.collection import Item, all_questions, manifest
from benchmarks.quality.docmodel import Cell, Doc, cell
from benchmarks.quality.docx_writer import write_docx
from benchmarks.quality.html_writer import write_html
from benchmarks.quality.md_writer import write_md
from benchmarks.quality.questions import Question
from benchmarks.quality.rtf_writer import write_rtf

WRITERS: dict[str, Callable[[Doc], bytes]] = {"docx": write_docx, "html": write_html, "md": write_md, "rtf": write_rtf}

Family = tuple[Doc, list[Question]]
Rows = list[tuple[str, ...]]


def builder(name: str, fmt: str, title: str, seed: int, domain: str) -> Builder:
    """A :class:`Builder` with its own seeded random source."""
    return Builder(name, fmt, title, random.Random(seed), domain)


def parse(block: str) -> list[list[str]]:
    """Table data written one row a line, cells separated by ``|``."""
    return [[c.strip() for c in line.split("|")] for line in block.strip().splitlines() if line.strip()]


def _cell(c: object) -> Cell:
    if isinstance(c, Cell):
        return c
    if isinstance(c, str):
        return cell(c)
    raise TypeError(f"a table cell must be a Cell or a str, got {type(c).__name__}")


def merged(rows: Sequence[Sequence[object]], col: int = 0) -> list[list[object]]:
    """``rows`` with column ``col`` vertically merged wherever a value repeats the row above."""
    out: list[list[object]] = []
    for i, r in enumerate(rows):
        row = list(r)
        value = row[col]
        same_above = i > 0 and rows[i - 1][col] == value
        same_below = i + 1 < len(rows) and rows[i + 1][col] == value
        if same_above:
            row[col] = cell(str(value), vmerge="continue")
        elif same_below:
            row[col] = cell(str(value), vmerge="restart")
        out.append(row)
    return out


def add_table(b: Builder, header: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    """Add a table with one header row; each cell is a :class:`Cell` or plain text."""
    b.table([[cell(h) for h in header]] + [[_cell(c) for c in r] for r in rows])


def pick(rows: Iterable[Sequence[str]], cols: Sequence[int], keep: Callable[[Sequence[str]], bool]) -> Rows:
    """The answer rows: columns ``cols`` of every row that ``keep`` accepts."""
    return [tuple(r[c] for c in cols) for r in rows if keep(r)]


def prose(b: Builder, paragraphs: int = 1, sentences: tuple[int, int] = (3, 6)) -> None:
    """Add exactly ``paragraphs`` paragraphs of filler prose (``Builder.filler`` doubles its count)."""
    for _ in range(paragraphs):
        b.para(filler.paragraph(b.rng, b.domain, sentences))


def build_items(families: Iterable[Callable[[], Family]]) -> list[Item]:
    """Every document of ``families`` with its file bytes and questions, in order (deterministic)."""
    items: list[Item] = []
    for family in families:
        doc, questions = family()
        items.append(Item(doc, WRITERS[doc.fmt](doc), tuple(questions)))
    return items


def questions_json(items: Sequence[Item]) -> str:
    """The JSON text of all questions (the format of a set's committed ``questions.json``)."""
    return json.dumps([q.to_json() for q in all_questions(items)], indent=1, ensure_ascii=False) + "\n"


def category_counts(items: Sequence[Item]) -> dict[str, int]:
    """How many questions each category has."""
    return dict(sorted(Counter(q.category for q in all_questions(items)).items()))


def write_collection(directory: str | Path, items: Sequence[Item]) -> list[Item]:
    """Write every document of ``items``, ``questions.json`` and ``manifest.json`` to ``directory``."""
    out = Path(directory)
    out.mkdir(parents=True, exist_ok=True)
    for item in items:
        (out / item.name).write_bytes(item.data)
    (out / "questions.json").write_text(questions_json(items), encoding="utf-8")
    (out / "manifest.json").write_text(json.dumps(manifest(items), indent=1) + "\n", encoding="utf-8")
    return list(items)


def main(argv: Sequence[str] | None, module: str, build: Callable[[], list[Item]]) -> int:
    """Command line of a set's collection module: ``python -m <module> OUTDIR``."""
    args = list(sys.argv[1:] if argv is None else argv)
    if len(args) != 1:
        sys.stderr.write(f"usage: python -m {module} OUTDIR\n")
        return 2
    items = write_collection(args[0], build())
    sys.stdout.write(f"{len(items)} documents, {len(all_questions(items))} questions -> {args[0]}\n")
    sys.stdout.write(json.dumps(category_counts(items)) + "\n")
    return 0
