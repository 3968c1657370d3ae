"""Write a :class:`~benchmarks.quality.docmodel.Doc` as Markdown (GitHub flavour).

``#`` title, ``##``–``####`` headings, pipe tables (Markdown cannot merge cells, so a merged
cell's text is written in every cell it covers, as an author would), ``[^n]`` footnotes.
Markdown has no revisions or comments: the accepted text is written. The page header and
footer become a first and a last paragraph.
"""

from __future__ import annotations

from benchmarks.quality.docmodel import (
    Block,
    Bullet,
    Com,
    Doc,
    FnRef,
    Heading,
    Inline,
    Ins,
    Para,
    T,
    Table,
)


def _inline(content: Inline) -> str:
    out: list[str] = []
    for r in content:
        if isinstance(r, T):
            s = r.text
            if r.bold:
                s = f"**{s}**"
            if r.italic:
                s = f"*{s}*"
            out.append(s)
        elif isinstance(r, Ins):
            out.append(r.text)
        elif isinstance(r, Com):
            out.append(r.anchor)
        elif isinstance(r, FnRef):
            out.append(f"[^{r.num}]")
    return "".join(out)


def _table(t: Table) -> str:
    ncols = max(sum(c.span for c in row.cells) for row in t.rows)
    above: list[str] = [""] * ncols
    lines: list[str] = []
    for ri, row in enumerate(t.rows):
        cells: list[str] = []
        col = 0
        for c in row.cells:
            text = above[col] if c.vmerge == "continue" else _inline(c.content).replace("|", "\\|")
            for k in range(c.span):
                above[col + k] = text
                cells.append(text)
            col += c.span
        lines.append("| " + " | ".join(cells) + " |")
        if ri == 0:
            lines.append("|" + "|".join("---" for _ in range(ncols)) + "|")
    return "\n".join(lines)


def _block(b: Block) -> str:
    if isinstance(b, Heading):
        return "#" * (b.level + 1) + " " + b.text
    if isinstance(b, Para):
        return _inline(b.content)
    if isinstance(b, Bullet):
        return "- " + _inline(b.content)
    return _table(b)


def write_md(doc: Doc) -> bytes:
    """The UTF-8 Markdown bytes of ``doc``."""
    parts = [f"# {doc.title}"]
    if doc.header:
        parts.append(doc.header)
    parts.extend(_block(b) for b in doc.blocks)
    if doc.footer:
        parts.append(doc.footer)
    parts.extend(f"[^{i}]: {text}" for i, text in enumerate(doc.footnotes, start=1))
    return ("\n\n".join(parts) + "\n").encode("utf-8")
