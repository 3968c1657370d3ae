"""Shared helpers of the second blind collection's document families."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

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


def _cell(c: object) -> Cell:
    if isinstance(c, Cell):
        return c
    if isinstance(c, str):
        return cell(c)
    raise TypeError(f"a table cell must be a Cell or a str, got {type(c).__name__}")


def add_table(b: Builder, header: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    """Add a table with one header row; each cell is a :class:`Cell` or plain text."""
    b.table([[cell(h) for h in header]] + [[_cell(c) for c in r] for r in rows])
