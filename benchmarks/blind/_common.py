"""Shared helpers of the blind document families (tables, revisions, question shortcuts)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from benchmarks.quality.build import Builder
from benchmarks.quality.docmodel import Cell, Com, Del, Doc, Ins, Run, cell
from benchmarks.quality.docx_writer import write_docx
from benchmarks.quality.html_writer import write_html
from benchmarks.quality.md_writer import write_md
from benchmarks.quality.questions import Question
from benchmarks.quality.rtf_writer import write_rtf

Family = tuple[Doc, list[Question]]

WRITERS = {"docx": write_docx, "html": write_html, "md": write_md, "rtf": write_rtf}


def new(name: str, fmt: str, title: str, seed: int, domain: str) -> Builder:
    """A builder with a fixed seed."""
    return Builder(name, fmt, title, random.Random(seed), domain)


def cells(*values: str) -> list[Cell]:
    """A table row of plain cells."""
    return [cell(v) for v in values]


def ins(text: str, who: str, date: str) -> Ins:
    return Ins(text, who, date)


def dele(text: str, who: str, date: str) -> Del:
    return Del(text, who, date)


def com(anchor: str, who: str, date: str, note: str) -> Com:
    return Com(anchor, who, date, note)


def multi(
    b: Builder,
    question: str,
    header: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    category: str = "table_multi",
    answer: str | None = None,
    tags: Sequence[str] = (),
) -> None:
    """A table question whose answer rows are ``rows`` (each a group on one row)."""
    text = answer if answer is not None else "; ".join(" ".join(r) for r in rows)
    b.ask(category, question, text, rows=rows, header=header, tags=tags)


def letters(rng: random.Random, n: int, alphabet: str = "ABCDEFGHJKLMNPRSTUVWXYZ") -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


__all__ = ["Family", "WRITERS", "Run", "cells", "com", "dele", "ins", "letters", "multi", "new"]
