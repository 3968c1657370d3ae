"""The public real-document set as benchmark items: the committed ContractNLI agreements
(``data/docs/*.md``) with their questions (``data/questions.json``).

``build_collection()`` returns :class:`benchmarks.quality.collection.Item` objects, as the
quality collection does, so the same corpora, pipelines and metrics run on it: each
document is Markdown (``doc.fmt == "md"``), its ``doc.title`` is the name its questions
call it by, and ``doc.blocks`` is empty (the document is real text, not a generated model).
Nothing is generated or downloaded here: the files were written by ``build.py``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from benchmarks.quality.collection import Item
from benchmarks.quality.docmodel import Doc
from benchmarks.quality.questions import Question

DATA = Path(__file__).resolve().parent / "data"
DOCS = DATA / "docs"


def load_questions(path: Path = DATA / "questions.json") -> list[Question]:
    """Every question of the set, in file order."""
    return [Question.from_json(q) for q in json.loads(path.read_text(encoding="utf-8"))]


def load_manifest(path: Path = DATA / "manifest.json") -> dict[str, object]:
    """The build's manifest: source, selection, documents and counts."""
    data: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return data


def _titles() -> dict[str, str]:
    docs = load_manifest()["documents"]
    assert isinstance(docs, list)
    return {d["name"]: d["named_as"][:1].upper() + d["named_as"][1:] for d in docs}


def build_collection(seed: int | None = None, only: Sequence[str] | None = None) -> list[Item]:
    """Every document of the set in file-name order (or those named in ``only``).

    ``seed`` is accepted for the quality collection's signature and ignored: the set is fixed.
    """
    del seed
    questions: dict[str, list[Question]] = {}
    for q in load_questions():
        questions.setdefault(q.doc, []).append(q)
    titles = _titles()
    names = sorted(p.name for p in DOCS.glob("*.md"))
    if only is not None:
        unknown = sorted(set(only) - set(names))
        if unknown:
            raise ValueError(f"unknown documents {unknown}; known: {names}")
        names = [n for n in names if n in set(only)]
    return [
        Item(Doc(name=n, fmt="md", title=titles[n], blocks=()), (DOCS / n).read_bytes(),
             tuple(questions.get(n, ())))
        for n in names
    ]


def all_questions(items: Sequence[Item]) -> list[Question]:
    """The questions of ``items`` in collection order."""
    return [q for it in items for q in it.questions]
