"""The Markdown renderer: a :class:`dan.model.Document` becomes a list of units.

Knows nothing of file formats. Produces, in ``ssSeq`` story order (body, headers,
footers, notes), the units the chunker packs, with sections, heading paths, table ids,
page boundaries and inline facts filled in. Pages are assigned afterwards by
:mod:`dan.pipeline.pagination`.

Markdown conventions (documented in ``docs/dan.md`` and explained to the model by the
system message): GitHub pipe tables in which a cell merged across columns is written once
(:data:`SPANNED` in the further columns it covers) and a cell merged down rows in each row;
CriticMarkup for revisions and comments; ``[^n]`` footnote references.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from attrs import frozen

from dan import model as m
from dan.errors import NestingTooDeepError
from dan.pipeline.inline import (
    ATOM,
    BOLD,
    BREAK,
    CELL,
    HEADING,
    PAGE,
    PARA,
    TEXT,
    Piece,
    Wrap,
    facts,
    flatten,
    plain_text,
    render,
)
from dan.pipeline.units import CODE, HEADING as U_HEADING, ITEM, PARA as U_PARA, ROW, Unit
from ven.phrases import cut_at_word

__all__ = [
    "Rendered",
    "render_document",
    "phrase",
    "COMPACT_NAME_CHARS",
    "compact_header",
    "row_markdown",
    "code_fence",
    "row_plain",
    "cells_pieces",
    "MAX_COLUMNS",
]

#: Grid columns a table may have; the cells of a wider table's other columns join its last.
MAX_COLUMNS = 256
_MAX_SPAN = 1000
_NUMERIC_LABEL = re.compile(r"\d{1,9}[.)]")
#: The blocks that carry anchors and internal links (their units carry them to the records).
_REF_BLOCKS = (m.Paragraph, m.Heading, m.ListItem)
_WS = re.compile(r"\s+")
_CODE_WRAP = Wrap("code", "`", "`")


def phrase(text: str, limit: int = 100) -> str:
    """One line of text, at most ``limit`` characters, cut at a word boundary (ven's rule)."""
    window = 4 * limit + 64
    if len(text) > window:
        # The cut needs the first limit + 1 characters of the collapsed text: collapse a
        # window of the text when that holds enough, not the whole (long) text.
        head = " ".join(text[:window].split())
        if len(head) > limit + 1:
            return cut_at_word(head, limit)
    return cut_at_word(" ".join(text.split()), limit)


@frozen(slots=True)
class Rendered:
    """The units of a document and what pagination needs to know about them."""

    units: tuple[Unit, ...]
    #: True when the body carries rendered (laid-out) page breaks.
    has_rendered: bool
    #: Smallest heading level used in the body (0 when the body has no headings).
    top_level: int
    #: Number of word-processor sections seen in the body (0-based index of the last + 1).
    word_sections: int
    #: For header and footer units: (word sections shown in, variant).
    story_sections: dict[int, tuple[tuple[int, ...], str]]
    #: For footnote units: the label of their note.
    note_labels: dict[int, str]


def _is_plain(piece: Piece) -> bool:
    """A piece of text with no formatting, link, comment or revision around it."""
    return piece.kind == TEXT and not piece.stack and not piece.revs


def _plain_cells(cells: list[list[Piece]]) -> bool:
    """Whether every cell is empty or one plain piece (a loop: called for every row, where
    a generator costs more)."""
    for c in cells:
        if c and (len(c) != 1 or not _is_plain(c[0])):
            return False
    return True


class _Renderer:
    def __init__(self, count: Callable[[str], int], max_depth: int) -> None:
        self.count = count
        self.max_depth = max_depth
        self.units: list[Unit] = []
        self.story = "body"
        # page boundaries before the next body unit
        self.pending = 0
        self.explicit_pending = False
        self.has_rendered = False
        self.wsection = 0
        self.list_cols: list[int] = []
        self.list_run = 0
        self.in_list = False
        self.table_key = 0
        #: The paragraph, heading or list item being rendered: its units carry its anchors
        #: and internal link targets (``emit``).
        self.block_refs: m.Paragraph | m.Heading | m.ListItem | None = None

    # ------------------------------------------------------------------ pages

    def page_boundary(self, rendered: bool) -> None:
        if self.story != "body":
            return
        if rendered:
            self.has_rendered = True
            if self.explicit_pending:
                self.explicit_pending = False  # a hard break followed by a rendered one counts once
                return
            self.pending += 1
        else:
            self.pending += 1
            self.explicit_pending = True

    def _page_marks(self, pieces: list[Piece]) -> tuple[list[Piece], int, list[bool]]:
        """Split page marks into leading (before the unit), inner, and trailing ones."""
        first = last = -1
        for i, p in enumerate(pieces):
            if p.kind != PAGE and (p.kind != TEXT or p.text.strip()):
                if first < 0:
                    first = i
                last = i
        if first < 0:
            for p in pieces:
                if p.kind == PAGE:
                    self.page_boundary(_is_rendered(p))
            return [], 0, []
        for p in pieces[:first]:
            if p.kind == PAGE:
                self.page_boundary(_is_rendered(p))
        inner = 0
        prev_explicit = False
        for p in pieces[first : last + 1]:
            if p.kind == PAGE:
                rendered = _is_rendered(p)
                if rendered:
                    self.has_rendered = self.has_rendered or self.story == "body"
                if rendered and prev_explicit:
                    prev_explicit = False
                    continue
                inner += 1
                prev_explicit = not rendered
            elif p.kind != TEXT or p.text.strip():
                prev_explicit = False
        trailing = [_is_rendered(p) for p in pieces[last + 1 :] if p.kind == PAGE]
        kept = [p for p in pieces if p.kind != PAGE] if inner == 0 else pieces
        return kept, inner, trailing

    # ------------------------------------------------------------------ emit

    def emit(self, unit: Unit, trailing: Sequence[bool] = ()) -> None:
        if unit.quote:
            qp = "> " * unit.quote
            unit.md = "\n".join(qp + line for line in unit.md.split("\n"))
            if unit.table_header:
                unit.table_header = "\n".join(qp + line for line in unit.table_header.split("\n"))
            if unit.table_header_short:
                unit.table_header_short = "\n".join(
                    qp + line for line in unit.table_header_short.split("\n")
                )
        unit.tokens = self.count(unit.md)
        unit.wsection = self.wsection
        refs = self.block_refs
        if refs is not None and (refs.anchors or refs.links):
            unit.anchors = refs.anchors
            unit.links = refs.links
        if self.story == "body":
            unit.new_pages = self.pending
            self.pending = 0
            self.explicit_pending = False
        unit.order = len(self.units)
        self.units.append(unit)
        for rendered in trailing:
            self.page_boundary(rendered)

    def _text_unit(
        self, kind: str, pieces: list[Piece], quote: int
    ) -> tuple[Unit | None, list[bool]]:
        """A unit for inline content (None when it holds no text) and its trailing page marks."""
        if len(pieces) == 1:  # (one plain run: trimmed, its text, nothing to collect)
            only = pieces[0]
            if _is_plain(only):
                text = only.text.strip()
                if not text:
                    return None, []
                unit = Unit(kind, self.story)
                unit.quote = quote
                unit.pieces = [only if text == only.text else only._replace(text=text)]
                unit.plain = text
                unit.facts = facts(())
                return unit, []
        if not _has_text(pieces):
            self._page_marks(pieces)
            return None, []
        unit = Unit(kind, self.story)
        unit.quote = quote
        unit.pieces, unit.inner_pages, trailing = self._page_marks(_trim(pieces))
        unit.plain = plain_text(unit.pieces)
        unit.facts = facts(unit.pieces)
        unit.note_refs = _note_refs(unit.pieces)
        return unit, trailing

    # ------------------------------------------------------------------ blocks

    def blocks(self, blocks: Sequence[m.Block], quote: int = 0, depth: int = 0) -> None:
        if depth > self.max_depth:
            raise NestingTooDeepError(
                f"blocks are nested more than {self.max_depth} levels deep "
                "(raise Limits.max_depth if the document is genuine)"
            )
        for block in blocks:
            kind = type(block)
            if kind is not m.ListItem and kind not in (m.PageBreak, m.SectionBreak):
                self.in_list = False
            if getattr(block, "page_break_before", False):
                self.page_boundary(False)
            self.block_refs = block if isinstance(block, _REF_BLOCKS) else None
            match block:
                case m.Paragraph():
                    self.paragraph(block.inlines, quote)
                case m.Heading():
                    self.heading(block, quote)
                case m.ListItem():
                    self.list_item(block, quote)
                case m.Table():
                    self.table(block, quote, depth)
                case m.CodeBlock():
                    self.code(block, quote)
                case m.Quote():
                    self.blocks(block.blocks, quote + 1, depth + 1)
                case m.PageBreak():
                    self.page_boundary(block.rendered)
                case m.SectionBreak():
                    if block.new_page:
                        self.page_boundary(False)
                    self.wsection = block.index + 1
                case m.Rule():
                    continue
                case _:  # pragma: no cover - readers only produce model blocks
                    raise TypeError(f"not a block element: {block!r}")
        self.block_refs = None

    def paragraph(self, inlines: tuple[m.Inline, ...], quote: int, prefix: str = "") -> None:
        unit, trailing = self._text_unit(U_PARA, flatten(inlines), quote)
        if unit is None:
            return
        unit.prefix = prefix
        unit.md = prefix + render(unit.pieces, PARA)
        self.emit(unit, trailing)

    def heading(self, block: m.Heading, quote: int) -> None:
        # A heading is emphasis enough: bold runs in it (heading styles are often bold) are dropped.
        pieces = [
            p._replace(stack=tuple(w for w in p.stack if w != BOLD)) if p.stack else p
            for p in flatten(block.inlines)
        ]
        unit, trailing = self._text_unit(U_HEADING, pieces, quote)
        if unit is None:
            return
        level = min(max(block.level, 1), 9)
        unit.level = level
        unit.heading = phrase(unit.plain)
        unit.prefix = unit.cont_prefix = "#" * min(level, 6) + " "
        unit.context = HEADING
        unit.md = unit.prefix + render(unit.pieces, HEADING)
        self.emit(unit, trailing)

    def list_item(self, block: m.ListItem, quote: int) -> None:
        depth = max(0, min(block.depth, 20))
        if not self.in_list:
            self.list_run += 1
            self.list_cols = []
            self.in_list = True
        pieces = flatten(block.inlines)
        indent = self.list_cols[depth - 1] if 0 < depth <= len(self.list_cols) else 2 * depth
        if block.continuation:
            col = self.list_cols[depth] if depth < len(self.list_cols) else indent + 2
            unit, trailing = self._text_unit(U_PARA, pieces, quote)
            if unit is None:
                return
            unit.prefix = unit.cont_prefix = " " * col
            unit.md = unit.prefix + render(unit.pieces, PARA)
            unit.list_text = phrase(unit.plain)
            self.emit(unit, trailing)
            return
        label = block.label.strip()
        if block.ordered and (not label or _NUMERIC_LABEL.fullmatch(label)):
            marker = label or "1."
        else:
            marker = "-"
            if label and label not in ("-", "*", "+", "•"):
                pieces = [Piece(label + " ", ())] + pieces
        unit, trailing = self._text_unit(ITEM, pieces, quote)
        if unit is None:
            if marker == "-":
                return
            # An empty numbered item: its number is content ("2024." in Markdown source).
            unit, trailing = Unit(ITEM, self.story), []
            unit.quote = quote
            unit.facts = facts(())
        col = indent + len(marker) + 1
        del self.list_cols[depth:]
        while len(self.list_cols) < depth:
            self.list_cols.append(2 * (len(self.list_cols) + 1))
        self.list_cols.append(col)
        unit.prefix = " " * indent + marker + " "
        unit.cont_prefix = " " * col
        unit.md = (unit.prefix + render(unit.pieces, PARA)).rstrip()
        unit.group = f"L{self.list_run}"
        unit.list_text = phrase(unit.plain)
        self.emit(unit, trailing)

    def code(self, block: m.CodeBlock, quote: int) -> None:
        text = block.text.strip("\n")
        if not text.strip():
            return
        unit = Unit(CODE, self.story)
        unit.quote = quote
        unit.code_lang = _WS.sub("", block.language)[:40]
        unit.code_lines = text.split("\n")
        unit.md = code_fence(unit.code_lines, unit.code_lang)
        unit.plain = text
        unit.pieces = [Piece(text, (_CODE_WRAP,))]
        unit.facts = facts(())
        self.emit(unit)

    # ------------------------------------------------------------------ tables

    def table(self, table: m.Table, quote: int, depth: int) -> None:
        grid = self._grid(table, depth)
        if not grid:
            return
        ncols = max((max(line) + 1 for line in grid if line), default=0)
        if ncols == 0:
            return
        # A cell merged across columns is written once, in its first column; the columns it
        # also covers are COVERED (rendered as SPANNED). Merged down rows it stays in each.
        rows: list[list[list[Piece]]] = [
            _span_once([line.get(c, []) for c in range(ncols)]) for line in grid
        ]
        if not any(any(_has_text(cell) for cell in row) for row in rows):
            return
        # Leading rows that are one cell across the whole table are its caption (a title
        # row): written once above the header and repeated with it, not once per column.
        model_rows = table.rows[: len(rows)]
        ncap = 0
        while ncap < len(rows) - 1 and ncols >= 2 and _spans_table(model_rows[ncap], ncols):
            ncap += 1
        caption = [rows[i][0] for i in range(ncap) if _has_text(rows[i][0])]
        rows, model_rows = rows[ncap:], model_rows[ncap:]
        nhead = 0
        for table_row in model_rows:
            if not table_row.header:
                break
            nhead += 1
        # (a table of header rows only has its first as the header and the others as its
        # body, so a long one is still cut between rows and none is lost)
        nhead = nhead if 0 < nhead < len(rows) else 1
        self.table_key += 1
        key = self.table_key
        head_lines = [row_markdown(rows[0])]
        head_lines.append("| " + " | ".join("---" for _ in range(ncols)) + " |")
        head_lines.extend(row_markdown(r) for r in rows[1:nhead])
        head_rows = rows[:nhead]
        caption_md = "\n\n".join(render(c, PARA).strip() for c in caption)
        caption_plain = [plain_text(c) for c in caption]
        header = "\n".join(head_lines)
        short = compact_header(head_rows, ncols)
        if caption:
            header = caption_md + "\n\n" + header
        heads = tuple(h for h in (phrase(plain_text(c)) for c in rows[0]) if h)
        head_pieces = [p for c in caption for p in c] + [
            p for r in rows[:nhead] for p in cells_pieces(r)
        ]
        head_plain = "\n".join(
            caption_plain + [" | ".join(plain_text(c) for c in r if c) for r in head_rows]
        )
        page_rows = _row_page_flags(table, len(rows) + ncap)[ncap:]
        group = f"T{key}"
        body = rows[nhead:]
        if not body:
            # Only a header row: it renders as a header-only table; if it must be cut,
            # the splitter turns it into a body row under a blank header.
            unit = self._row_unit(
                key,
                group,
                heads,
                quote,
                rows[0],
                head_pieces,
                "\n".join(caption_plain),
                page_rows[0],
            )
            unit.md = header
            unit.table_caption = caption_md
            if table.refs:
                unit.anchors, unit.links = _row_refs(table.rows)
            self.emit(unit)
            return
        for i, row in enumerate(body):
            first = i == 0
            new_page = page_rows[nhead + i] or (first and any(page_rows[:nhead]))
            unit = self._row_unit(
                key,
                group,
                heads,
                quote,
                row,
                head_pieces if first else [],
                head_plain if first else "",
                new_page,
            )
            unit.table_header = header
            unit.table_header_short = short
            unit.table_first = first
            unit.md = row_markdown(row)
            if table.refs:  # its cells' anchors and links (the first: caption's, header's too)
                at = ncap + nhead + i
                unit.anchors, unit.links = _row_refs(
                    table.rows[: at + 1] if first else table.rows[at : at + 1]
                )
            self.emit(unit)

    def _row_unit(
        self,
        key: int,
        group: str,
        heads: tuple[str, ...],
        quote: int,
        cells: list[list[Piece]],
        extra: list[Piece],
        extra_plain: str,
        new_page: bool,
    ) -> Unit:
        if new_page:
            self.page_boundary(True)
        unit = Unit(ROW, self.story)
        unit.quote = quote
        unit.table = key
        unit.group = group
        unit.table_heads = heads
        unit.cells = cells
        unit.lead = extra_plain
        if not extra and _plain_cells(cells):  # (most rows: no facts, no note references)
            text = " | ".join([c[0].text for c in cells if c])
            unit.plain = extra_plain + "\n" + text if extra_plain else text
            unit.facts = facts(())
            return unit
        pieces = extra + cells_pieces(cells)
        unit.plain = row_plain(unit.lead, cells)
        unit.facts = facts(pieces)
        unit.note_refs = _note_refs(pieces)
        return unit

    def _grid(self, table: m.Table, depth: int) -> list[dict[int, list[Piece]]]:
        rows = table.rows
        cell_pieces = self.cell_pieces
        if all(
            len(row.cells) <= MAX_COLUMNS
            and all(c.colspan == 1 and c.rowspan == 1 for c in row.cells)
            for row in rows
        ):  # (most tables: no merged cells, each cell in the next column)
            return [
                {i: cell_pieces(c.blocks, depth + 1) for i, c in enumerate(row.cells)}
                for row in rows
            ]
        return self._spanned_grid(rows, depth)

    def _spanned_grid(self, rows: Sequence[m.Row], depth: int) -> list[dict[int, list[Piece]]]:
        """The grid of rows with merged cells: a spanning cell's pieces in every column
        and row it covers, the next cell in the next free column."""
        spans: dict[int, list[Any]] = {}  # column -> [its pieces, rows still covered]
        grid: list[dict[int, list[Piece]]] = []
        cell_pieces = self.cell_pieces
        for row in rows:
            line: dict[int, list[Piece]] = {}
            for col, entry in list(spans.items()):
                line[col] = entry[0]
                entry[1] -= 1
                if entry[1] <= 0:
                    del spans[col]
            col = 0
            for cell in row.cells:
                while col in line:
                    col += 1
                pieces = cell_pieces(cell.blocks, depth + 1)
                if col >= MAX_COLUMNS:
                    # Cells past the last column join it, on lines of their own: a table
                    # wider than MAX_COLUMNS loses its shape there, never its text.
                    last = MAX_COLUMNS - 1
                    if pieces:
                        kept = line.get(last, [])
                        if kept is line.get(last - 1):  # (a span's copy: it is written once)
                            kept = []
                        line[last] = kept + [Piece("\n", (), BREAK)] + pieces if kept else pieces
                    continue
                if cell.colspan == 1 and cell.rowspan == 1:  # (most cells)
                    line[col] = pieces
                    col += 1
                    continue
                colspan = max(1, min(cell.colspan, _MAX_SPAN))
                rowspan = max(1, min(cell.rowspan, _MAX_SPAN))
                for k in range(colspan):
                    if col + k >= MAX_COLUMNS:
                        break
                    line[col + k] = pieces
                    if rowspan > 1:
                        spans[col + k] = [pieces, rowspan - 1]
                col += colspan
            grid.append(line)
        return grid

    def cell_pieces(self, blocks: Sequence[m.Block], depth: int) -> list[Piece]:
        """A cell's blocks as one line of pieces (paragraphs joined by line breaks)."""
        if depth > self.max_depth:
            raise NestingTooDeepError(
                f"tables are nested more than {self.max_depth} levels deep "
                "(raise Limits.max_depth if the document is genuine)"
            )
        if len(blocks) == 1 and type(blocks[0]) is m.Paragraph:  # (most cells: one paragraph)
            only = flatten(blocks[0].inlines)
            if len(only) == 1 and only[0].kind == TEXT:
                return only if only[0].text.strip() else []
            only = [p for p in only if p.kind != PAGE]
            return only if _has_text(only) else []
        out: list[Piece] = []
        for block in blocks:
            part: list[Piece]
            match block:
                case m.Paragraph() | m.Heading():
                    part = flatten(block.inlines)
                case m.ListItem():
                    label = block.label.strip() or ("1." if block.ordered else "-")
                    part = [Piece(label + " ", ())] + flatten(block.inlines)
                case m.Table():
                    part = self._nested_table(block, depth + 1)
                case m.CodeBlock():
                    part = [Piece(block.text, (_CODE_WRAP,))] if block.text.strip() else []
                case m.Quote():
                    part = self.cell_pieces(block.blocks, depth + 1)
                case _:
                    continue
            part = [p for p in part if p.kind != PAGE]
            if not _has_text(part):
                continue
            if out:
                out.append(Piece("\n", (), BREAK))
            out.extend(part)
        return out

    def _nested_table(self, table: m.Table, depth: int) -> list[Piece]:
        out: list[Piece] = []
        for line in self._grid(table, depth):
            cells = _span_once([line[c] for c in sorted(line)])  # (a merged cell once)
            row: list[Piece] = []
            for cell in cells:
                cell = [Piece(" ", ()) if p.kind == BREAK else p for p in cell]
                if not _has_text(cell):
                    continue
                if row:
                    row.append(Piece(" / ", ()))
                row.extend(cell)
            if row:
                if out:
                    out.append(Piece("\n", (), BREAK))
                out.extend(row)
        return out

    # ------------------------------------------------------------------ stories

    def story_units(self, blocks: Sequence[m.Block], story: str) -> list[Unit]:
        start = len(self.units)
        self.story = story
        self.in_list = False
        self.blocks(blocks)
        made = self.units[start:]
        del self.units[start:]
        return made


def _is_rendered(piece: Piece) -> bool:
    return piece.md == "rendered"


def _trim(pieces: list[Piece]) -> list[Piece]:
    """Strip whitespace at the start of the first text piece and the end of the last."""
    out = list(pieces)
    _trim_front(out, str.lstrip)
    out.reverse()
    _trim_front(out, str.rstrip)
    out.reverse()
    return out


def _trim_front(out: list[Piece], strip: Callable[[str], str]) -> None:
    """Up to the first text piece: keep page marks, drop breaks; ``strip`` that text piece
    (dropping it, and going on, when nothing is left)."""
    i = 0
    while i < len(out):
        p = out[i]
        if p.kind == PAGE:
            i += 1
            continue
        if p.kind == BREAK:
            del out[i]
            continue
        if p.kind != TEXT:
            break
        text = strip(p.text)
        if text:
            out[i] = p._replace(text=text)
            break
        del out[i]


_CELL_SEP = Piece(" | ", ())


def cells_pieces(cells: Sequence[Sequence[Piece]]) -> list[Piece]:
    """The pieces of a row's cells with a separator between cells, for collecting facts
    (so bold runs in adjacent cells stay separate phrases)."""
    out: list[Piece] = []
    for cell in cells:
        if cell:
            if out:
                out.append(_CELL_SEP)
            out.extend(cell)
    return out


def _row_refs(rows: Sequence[m.Row]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The anchors and internal link targets of the blocks in the cells of ``rows``."""
    anchors: dict[str, None] = {}
    links: dict[str, None] = {}
    for row in rows:
        for cell in row.cells:
            for block in cell.blocks:
                if isinstance(block, _REF_BLOCKS):
                    if block.anchors:
                        anchors.update(dict.fromkeys(block.anchors))
                    if block.links:
                        links.update(dict.fromkeys(block.links))
    return tuple(anchors), tuple(links)


def row_plain(lead: str, cells: Sequence[Sequence[Piece]]) -> str:
    """Plain text of a row: its header rows' text first (first row of a table), then its cells."""
    text = " | ".join(plain_text(c) for c in cells if c)
    return lead + "\n" + text if lead else text


def _note_refs(pieces: Sequence[Piece]) -> tuple[str, ...]:
    return tuple(p.md[2:-1] for p in pieces if p.kind == ATOM and p.md.startswith("[^"))


def _has_text(pieces: Sequence[Piece]) -> bool:
    for p in pieces:  # (a loop: called for every cell, where a generator costs more)
        kind = p.kind
        if kind == ATOM or (kind == TEXT and p.text.strip()):
            return True
    return False


#: The cell of a grid column that a cell on its left spans: empty to everything that reads
#: cells (plain text, facts, column names), written :data:`SPANNED` in the Markdown.
COVERED: list[Piece] = []

#: What a pipe table shows in a column that the cell on its left spans (``dan.SPANNED_CELL``).
SPANNED = "←"


def _span_once(cells: list[list[Piece]]) -> list[list[Piece]]:
    """A grid row with the columns a cell spans after its first made :data:`COVERED` (the
    grid holds one pieces list per spanning cell in every column it covers)."""
    out: list[list[Piece]] = []
    for c, cell in enumerate(cells):
        out.append(COVERED if c and cell and cell is cells[c - 1] else cell)
    return out


#: Longest column name of a compact header, in characters (cut at a word, with "…").
COMPACT_NAME_CHARS = 60


def compact_header(head_rows: Sequence[Sequence[Sequence[Piece]]], ncols: int) -> str:
    """A table header as one pipe-table row of column names: each column's names from the
    header rows (``head_rows``: spanned cells already left empty, see :func:`_span_once`),
    as plain text of at most :data:`COMPACT_NAME_CHARS` characters, joined by " / ", so a
    merged group is named once, over its first column; then the shortest delimiter row.
    No caption."""
    names: list[str] = []
    for c in range(ncols):
        seen: list[str] = []
        for r in head_rows:
            text = phrase(plain_text(r[c])) if c < len(r) and r[c] else ""
            if len(text) > COMPACT_NAME_CHARS:
                text = cut_at_word(text, COMPACT_NAME_CHARS - 1) + "…"
            if text and text not in seen:
                seen.append(text)
        names.append(render([Piece(" / ".join(seen), ())], CELL).strip() if seen else "")
    return "| " + " | ".join(names) + " |\n|" + "---|" * ncols


def _spans_table(row: m.Row, ncols: int) -> bool:
    """Whether ``row`` is one cell spanning all ``ncols`` columns (a title row)."""
    return len(row.cells) == 1 and row.cells[0].colspan >= ncols


def _row_page_flags(table: m.Table, n: int) -> list[bool]:
    flags = [row.page_mark for row in table.rows[:n]]
    flags.extend([False] * (n - len(flags)))
    return flags


def row_markdown(cells: Sequence[Sequence[Piece]]) -> str:
    """One pipe-table row (a column that the cell on its left spans shows :data:`SPANNED`;
    a cell whose own text is that mark is written ``\\←``)."""
    out: list[str] = []
    for c in cells:
        if c is COVERED:
            out.append(SPANNED)
            continue
        text = render(c, CELL)
        out.append("\\" + text if text == SPANNED else text)
    return "| " + " | ".join(out) + " |"


def code_fence(lines: Sequence[str], lang: str) -> str:
    """A fenced code block, the fence longer than any backtick run inside."""
    longest = 0
    for line in lines:
        if "```" in line:
            longest = max(longest, max(len(run) for run in re.findall(r"`{3,}", line)))
    fence = "`" * max(3, longest + 1)
    return fence + lang + "\n" + "\n".join(lines) + "\n" + fence


def render_document(doc: m.Document, count: Callable[[str], int], max_depth: int = 100) -> Rendered:
    """Render ``doc`` into units in ``ssSeq`` story order, sections and paths assigned."""
    r = _Renderer(count, max_depth)
    r.has_rendered = doc.paged
    r.blocks(doc.body)
    body = list(r.units)
    word_sections = r.wsection + 1
    top = _assign_sections(body)

    # Headers and footers: identical stories shown in several sections become one.
    story_sections: dict[int, tuple[tuple[int, ...], str]] = {}
    stories: list[tuple[str, list[Unit], list[int], str]] = []
    seen: dict[tuple[str, tuple[str, ...]], int] = {}
    for hf in sorted(doc.headers, key=lambda h: (h.kind != "header", min(h.sections, default=0))):
        units = r.story_units(hf.blocks, hf.kind)
        if not units:
            continue
        key = (hf.kind, tuple(u.md for u in units))
        if key in seen:
            entry = stories[seen[key]]
            entry[2].extend(s for s in hf.sections if s not in entry[2])
            continue
        seen[key] = len(stories)
        stories.append((hf.kind, units, list(hf.sections), hf.variant))

    # Notes in order of first reference from the body, then the unreferenced ones.
    first_ref: dict[str, int] = {}
    for u in body:
        for label in u.note_refs:
            first_ref.setdefault(label, u.order)
    notes = sorted(doc.notes, key=lambda n: first_ref.get(n.label, len(body) + 1))
    note_labels: dict[int, str] = {}

    units = body
    for number, (_kind, story, sections, variant) in enumerate(stories):
        for u in story:
            u.story_index = number  # a chunk never mixes two stories
            story_sections[len(units)] = (tuple(sorted(sections)), variant)
            u.order = len(units)
            units.append(u)
    for note in notes:
        made = r.story_units(note.blocks, "footnote")
        if not made:
            continue
        lead = made[0]
        prefix = f"[^{note.label}]: "
        lead.md = prefix + lead.md
        lead.prefix = prefix + lead.prefix
        lead.tokens = count(lead.md)
        for u in made:
            note_labels[len(units)] = note.label
            u.note = note.label
            u.order = len(units)
            units.append(u)

    # Table ids: 1-based, in order of first appearance across all stories.
    ids: dict[int, int] = {}
    for u in units:
        if u.table:
            u.table = ids.setdefault(u.table, len(ids) + 1)
    return Rendered(tuple(units), r.has_rendered, top, word_sections, story_sections, note_labels)


def _assign_sections(body: list[Unit]) -> int:
    """Number sections under the top heading level and fill heading paths; return top level."""
    levels = [u.level for u in body if u.kind == U_HEADING]
    if not levels:
        # No headings: one section per non-empty word-processor section.
        sect = 0
        last_ws = -1
        for u in body:
            if u.wsection != last_ws:
                sect += 1
                last_ws = u.wsection
            u.section = sect
        return 0
    top = min(levels)
    sect = 0
    path: list[str] = []
    shown: tuple[str, ...] = ()  # (one tuple shared by the units under the same headings)
    for u in body:
        if u.kind == U_HEADING:
            rel = u.level - top
            if rel == 0:
                sect += 1
            del path[rel:]
            while len(path) < rel:
                path.append("")
            path.append(u.heading)
            shown = tuple(p for p in path if p)
        elif sect == 0:
            sect = 1
        u.section = max(sect, 1)
        u.path = shown
    return top
