"""Checks the development sets written from document families share (``tests/test_wsdev_set.py``,
``tests/test_ansdev_set.py``): the committed questions are what the generator builds, each
document as dan converts it, and every gold string of its questions where the question says
it is."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

import dan
from benchmarks.quality.collection import Item, all_questions
from benchmarks.quality.devsets import questions_json
from benchmarks.quality.questions import Question


def check_rebuild(items: Sequence[Item], build: Callable[[], list[Item]], committed: Path) -> None:
    """The set's generator reproduces its committed ``questions.json``, byte for byte and as
    questions, and builds the same again (deterministic)."""
    assert questions_json(items) == committed.read_text(encoding="utf-8")
    stored = [Question.from_json(d) for d in json.loads(committed.read_text(encoding="utf-8"))]
    assert stored == all_questions(items)
    assert questions_json(build()) == questions_json(items)


def converted(items: Sequence[Item], max_tokens: int = 256) -> dict[str, list[str]]:
    """Each document's chunks as dan writes them."""
    return {it.name: list(dan.convert(it.data, filename=it.name, max_tokens=max_tokens).chunks) for it in items}


def _in_order(line: str, parts: tuple[str, ...]) -> bool:
    pos = 0
    for p in parts:
        i = line.find(p, pos)
        if i < 0:
            return False
        pos = i + len(p)
    return True


def gold_misses(items: Sequence[Item], chunks: dict[str, list[str]]) -> list[tuple[object, ...]]:
    """The gold strings not in dan's output (case aside): evidence anywhere in the document,
    a row's cells on one line, a table's header in order on one line, a mark's person and
    text on one line. Empty when every one is there."""
    misses: list[tuple[object, ...]] = []
    for it in items:
        text = "\n".join(chunks[it.name]).casefold()
        lines = text.splitlines()
        for q in it.questions:
            misses += [(q.qid, s) for s in q.evidence if s.casefold() not in text]
            for row in q.rows:
                wanted = [s.casefold() for s in row]
                if not any(all(s in line for s in wanted) for line in lines):
                    misses.append((q.qid, row))
            if q.header:
                heads = tuple(h.casefold() for h in q.header)
                if not any(_in_order(line, heads) for line in lines):
                    misses.append((q.qid, q.header))
            for person, s in q.attribution:
                p, t = person.casefold(), s.casefold()
                if not any(p in line and t in line for line in lines):
                    misses.append((q.qid, person, s))
    return misses
