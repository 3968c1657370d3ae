"""A neutral model of a business document, written to DOCX, HTML, Markdown or RTF.

The generator describes each document once with these frozen dataclasses; one writer per
format turns it into a real file. Inline content is a tuple of runs: plain text (``T``),
tracked insertions and deletions with author and date (``Ins`` / ``Del``), a comment
anchored on some text (``Com``) and a footnote reference (``FnRef``). Formats that cannot
carry a construct (Markdown has no revisions or comments) write its accepted text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, cast


@dataclass(frozen=True)
class T:
    """Plain text, optionally bold or italic."""

    text: str
    bold: bool = False
    italic: bool = False


@dataclass(frozen=True)
class Ins:
    """A tracked insertion by ``author`` on ``date`` (ISO ``YYYY-MM-DD``)."""

    text: str
    author: str
    date: str


@dataclass(frozen=True)
class Del:
    """A tracked deletion by ``author`` on ``date``."""

    text: str
    author: str
    date: str


@dataclass(frozen=True)
class Com:
    """A comment by ``author`` on ``date`` saying ``note``, anchored on ``anchor``."""

    anchor: str
    author: str
    date: str
    note: str


@dataclass(frozen=True)
class FnRef:
    """A reference to footnote ``num`` (1-based, see :attr:`Doc.footnotes`)."""

    num: int


Run = T | Ins | Del | Com | FnRef
Inline = tuple[Run, ...]


def runs(*items: Run | str) -> Inline:
    """Inline content from runs, a bare ``str`` meaning plain text."""
    return tuple(T(x) if isinstance(x, str) else x for x in items)


@dataclass(frozen=True)
class Heading:
    """A heading of ``level`` 1–3."""

    level: int
    text: str


@dataclass(frozen=True)
class Para:
    """A paragraph."""

    content: Inline


@dataclass(frozen=True)
class Bullet:
    """A bulleted list item."""

    content: Inline


@dataclass(frozen=True)
class Cell:
    """A table cell. ``span`` > 1 merges columns; ``vmerge`` marks a vertical merge.

    ``vmerge == "restart"`` starts a vertically merged cell, ``"continue"`` is covered by the
    cell above (its content is ignored by writers).
    """

    content: Inline
    span: int = 1
    vmerge: Literal["restart", "continue"] | None = None


@dataclass(frozen=True)
class Row:
    """A table row; ``header`` rows repeat on every page in Word."""

    cells: tuple[Cell, ...]
    header: bool = False


@dataclass(frozen=True)
class Table:
    """A table: its rows, header rows first."""

    rows: tuple[Row, ...]


Block = Heading | Para | Bullet | Table


@dataclass(frozen=True)
class Doc:
    """One document of the collection.

    ``name`` is the file name and the document id used everywhere in the benchmark;
    ``fmt`` is ``docx``, ``html``, ``md`` or ``rtf``. ``header`` / ``footer`` are the page
    header and footer text (DOCX and RTF write real header/footer parts; HTML and Markdown,
    which have none, put them in a document-control line at the top and bottom of the body).
    """

    name: str
    fmt: str
    title: str
    blocks: tuple[Block, ...]
    header: str = ""
    footer: str = ""
    footnotes: tuple[str, ...] = field(default=())


def cell(*items: Run | str, span: int = 1, vmerge: str | None = None) -> Cell:
    """A cell from runs or plain strings; ``vmerge`` is ``None``, ``"restart"`` or ``"continue"``."""
    if vmerge not in (None, "restart", "continue"):
        raise ValueError(f"vmerge must be None, 'restart' or 'continue', got {vmerge!r}")
    return Cell(runs(*items), span=span, vmerge=cast(Literal["restart", "continue"] | None, vmerge))


def inline_text(content: Inline, accepted: bool = True) -> str:
    """The plain text of inline content: insertions kept and deletions dropped when
    ``accepted``, else the original (deletions kept, insertions dropped). Comment anchors
    are kept, comment notes and footnote references are not."""
    out: list[str] = []
    for r in content:
        if isinstance(r, T):
            out.append(r.text)
        elif isinstance(r, Ins):
            out.append(r.text if accepted else "")
        elif isinstance(r, Del):
            out.append("" if accepted else r.text)
        elif isinstance(r, Com):
            out.append(r.anchor)
    return "".join(out)


def all_text(doc: Doc) -> str:
    """Every piece of text a reader could see in ``doc`` (both sides of every revision,
    comment notes, header, footer, footnotes), one line per paragraph or row. Used to check
    that gold evidence strings are unique in their document."""
    lines: list[str] = [doc.title, doc.header, doc.footer, *doc.footnotes]

    def flat(content: Inline) -> str:
        parts: list[str] = []
        for r in content:
            if isinstance(r, T):
                parts.append(r.text)
            elif isinstance(r, (Ins, Del)):
                parts.append(" " + r.text + " " + r.author + " ")
            elif isinstance(r, Com):
                parts.append(r.anchor + " " + r.note + " " + r.author)
        return "".join(parts)

    for b in doc.blocks:
        if isinstance(b, Heading):
            lines.append(b.text)
        elif isinstance(b, (Para, Bullet)):
            lines.append(flat(b.content))
        elif isinstance(b, Table):
            for row in b.rows:
                lines.append(" | ".join(flat(c.content) for c in row.cells))
    return "\n".join(lines)
