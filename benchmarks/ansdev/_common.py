"""Shared helpers of the extractive-answer development set's document families."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from benchmarks.quality import text as filler
from benchmarks.quality.build import Builder
from benchmarks.quality.docmodel import Cell, Doc, cell
from benchmarks.quality.docx_writer import write_docx
from benchmarks.quality.html_writer import write_html
from benchmarks.quality.md_writer import write_md
from benchmarks.quality.questions import Question
from benchmarks.quality.rtf_writer import write_rtf

WRITERS: dict[str, Callable[[Doc], bytes]] = {"docx": write_docx, "html": write_html, "md": write_md, "rtf": write_rtf}

Family = tuple[Doc, list[Question]]


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


def prose(b: Builder, paragraphs: int = 1, sentences: tuple[int, int] = (3, 6)) -> None:
    """Add exactly ``paragraphs`` paragraphs of filler prose (``Builder.filler`` doubles its count)."""
    for _ in range(paragraphs):
        b.para(filler.paragraph(b.rng, b.domain, sentences))
