"""A benchmark question and its gold evidence.

Evidence is what must be in the context sent to the model for it to answer, checked only
against passages from the question's target document:

- ``evidence``: strings that must each appear somewhere in those passages;
- ``rows``: groups of strings that must appear together in *one table row* (one line of a
  pipe table or one HTML ``<tr>``) — a price is only an answer if it is on the row of the
  item asked about, so a merged cell that a converter leaves empty does not count;
- ``header``: for table questions, the column headings of the table in order; the table is
  *complete* in the context when a row with these headings and every answer row are there;
- ``attribution``: ``(person, text)`` pairs — the reviewer or comment author must be named
  on the same line (paragraph or row) as the revised or commented text.

Categories: ``table_tail`` (a row near the end of a table that spans several chunks),
``table_merged`` (the answer is in a vertically or horizontally merged cell),
``table_multi`` (several rows of one table), ``revision`` (one tracked change and its
reviewer), ``revision_run`` (all changes of one reviewer in a passage), ``comment`` (a
comment and its author), ``cross_section`` (a fact and its qualification in another
section), ``definition`` (the answer needs what the text refers to elsewhere: a defined
term, a clause or an annex named by its number), ``header_footer`` (document number, revision date), ``footnote``, ``plain``
(a fact in an ordinary paragraph: the control group).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

CATEGORIES = (
    "table_tail",
    "table_merged",
    "table_multi",
    "revision",
    "revision_run",
    "comment",
    "cross_section",
    "definition",
    "header_footer",
    "footnote",
    "plain",
    "table_cell",  # one value of a table, asked by its row (benchmarks/devq)
)

#: Categories whose evidence is one whole structure (a table, a run of revisions, a comment
#: thread): the "whole-structure recall" of SPEC §6.
STRUCTURE_CATEGORIES = frozenset({"table_tail", "table_merged", "table_multi", "revision_run", "comment"})


@dataclass(frozen=True)
class Question:
    """One question with its target document, reference answer and gold evidence."""

    qid: str
    doc: str
    category: str
    question: str
    answer: str
    evidence: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    header: tuple[str, ...] = ()
    attribution: tuple[tuple[str, str], ...] = ()
    tags: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if self.category not in CATEGORIES:
            raise ValueError(f"{self.qid}: unknown category {self.category!r}")
        if not (self.evidence or self.rows):
            raise ValueError(f"{self.qid}: a question needs gold evidence")
        if self.header and not self.rows:
            raise ValueError(f"{self.qid}: a table question needs answer rows")

    @property
    def is_table(self) -> bool:
        """Whether table completeness applies."""
        return bool(self.header)

    @property
    def is_attributed(self) -> bool:
        """Whether attribution applies."""
        return bool(self.attribution)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (tuples become lists)."""
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Question:
        """The inverse of :meth:`to_json`."""
        return cls(
            qid=data["qid"],
            doc=data["doc"],
            category=data["category"],
            question=data["question"],
            answer=data["answer"],
            evidence=tuple(data.get("evidence", ())),
            rows=tuple(tuple(r) for r in data.get("rows", ())),
            header=tuple(data.get("header", ())),
            attribution=tuple((a, t) for a, t in data.get("attribution", ())),
            tags=tuple(data.get("tags", ())),
        )
