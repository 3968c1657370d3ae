"""Write a :class:`~benchmarks.quality.docmodel.Doc` as an HTML page.

Real structure, as an intranet or CMS export would have it: ``<title>`` and an ``<h1>``
title, ``<h2>``–``<h4>`` section headings, ``<table>`` with ``<thead>``/``<th>``,
``rowspan`` and ``colspan``, revisions as ``<ins>``/``<del>`` carrying ``data-author`` and
``datetime``, footnotes as numbered links to an ordered list at the end, the page header
and footer in ``<header>`` / ``<footer>``. Comments have no HTML form; their anchor text is
written and the note is lost (as in any HTML export).
"""

from __future__ import annotations

from html import escape

from benchmarks.quality.docmodel import (
    Block,
    Bullet,
    Com,
    Del,
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
            s = escape(r.text)
            if r.bold:
                s = f"<strong>{s}</strong>"
            if r.italic:
                s = f"<em>{s}</em>"
            out.append(s)
        elif isinstance(r, Ins):
            out.append(f'<ins data-author="{escape(r.author)}" datetime="{r.date}">{escape(r.text)}</ins>')
        elif isinstance(r, Del):
            out.append(f'<del data-author="{escape(r.author)}" datetime="{r.date}">{escape(r.text)}</del>')
        elif isinstance(r, Com):
            out.append(escape(r.anchor))
        elif isinstance(r, FnRef):
            out.append(f'<sup><a href="#fn{r.num}" id="fnref{r.num}">{r.num}</a></sup>')
    return "".join(out)


def _table(t: Table) -> str:
    # rowspan of each vertically merged cell: the number of "continue" cells below it.
    rowspans: dict[tuple[int, int], int] = {}
    grid_rows: list[list[tuple[int, int]]] = []  # per row: (grid column, cell index)
    for row in t.rows:
        col, cols = 0, []
        for ci, c in enumerate(row.cells):
            cols.append((col, ci))
            col += c.span
        grid_rows.append(cols)
    for ri, row in enumerate(t.rows):
        for (col, ci), c in zip(grid_rows[ri], row.cells):
            if c.vmerge == "restart":
                n = 1
                for below in range(ri + 1, len(t.rows)):
                    match = [t.rows[below].cells[j] for g, j in grid_rows[below] if g == col]
                    if match and match[0].vmerge == "continue":
                        n += 1
                    else:
                        break
                rowspans[(ri, ci)] = n
    head: list[str] = []
    body: list[str] = []
    for ri, row in enumerate(t.rows):
        tag = "th" if row.header else "td"
        cells = []
        for ci, c in enumerate(row.cells):
            if c.vmerge == "continue":
                continue
            attrs = ""
            if c.span > 1:
                attrs += f' colspan="{c.span}"'
            if rowspans.get((ri, ci), 1) > 1:
                attrs += f' rowspan="{rowspans[(ri, ci)]}"'
            cells.append(f"<{tag}{attrs}>{_inline(c.content)}</{tag}>")
        (head if row.header else body).append("<tr>" + "".join(cells) + "</tr>")
    thead = f"<thead>{''.join(head)}</thead>" if head else ""
    return f"<table>{thead}<tbody>\n" + "\n".join(body) + "\n</tbody></table>"


def _block(b: Block) -> str:
    if isinstance(b, Heading):
        return f"<h{b.level + 1}>{escape(b.text)}</h{b.level + 1}>"
    if isinstance(b, Para):
        return f"<p>{_inline(b.content)}</p>"
    if isinstance(b, Bullet):
        return f"<ul><li>{_inline(b.content)}</li></ul>"
    return _table(b)


def write_html(doc: Doc) -> bytes:
    """The UTF-8 HTML bytes of ``doc``."""
    parts = [
        "<!DOCTYPE html>",
        f'<html lang="en"><head><meta charset="utf-8"><title>{escape(doc.title)}</title>',
        "<style>table{border-collapse:collapse} td,th{border:1px solid #999;padding:2px 6px}</style></head><body>",
    ]
    if doc.header:
        parts.append(f'<header><p class="doc-control">{escape(doc.header)}</p></header>')
    parts.append(f"<h1>{escape(doc.title)}</h1>")
    parts.extend(_block(b) for b in doc.blocks)
    if doc.footnotes:
        items = "".join(f'<li id="fn{i}">{escape(text)}</li>' for i, text in enumerate(doc.footnotes, start=1))
        parts.append(f'<section class="footnotes"><hr><ol>{items}</ol></section>')
    if doc.footer:
        parts.append(f'<footer><p class="doc-control">{escape(doc.footer)}</p></footer>')
    parts.append("</body></html>")
    return "\n".join(parts).encode("utf-8")
