"""A sheet's used range (a workbook's sheet, a CSV file) into blocks: a table with its header
row detected, title rows above it as paragraphs, merged cells and cell comments kept.

The header is the first of the leading rows whose filled cells all hold text (no number,
date or truth value) and that has rows under it; rows above it (a title, a note) become
paragraphs. When no leading row looks like a header the first row is taken, and a
``no-header-row`` warning says so. Merged cells keep their spans (the renderer writes them
as for DOCX: once across columns, in each row down rows); a merge reaching into the table
from a title row above it leaves an empty cell. The chunker repeats the header row in every
chunk of a cut table.
"""

from __future__ import annotations

from attrs import frozen

from dan import model as m
from dan.errors import LimitExceededError
from dan.limits import Limits

__all__ = ["GridCell", "check_size", "inlines_of", "sheet_blocks"]

#: Leading rows looked at for a header.
HEADER_SCAN = 5


@frozen(slots=True)
class GridCell:
    """One cell of a used range: its text as displayed, whether it holds a value rather
    than words (a number, date or truth value: never a header), its comment, its merge
    (``rowspan``/``colspan`` on the merge's first cell) and whether a merge covers it."""

    text: str = ""
    value: bool = False
    comment: m.CommentInfo | None = None
    rowspan: int = 1
    colspan: int = 1
    covered: bool = False
    #: (row, column) of the merge's first cell, for a covered cell.
    anchor: tuple[int, int] = (0, 0)


EMPTY = GridCell()


def check_size(rows: int, cols: int, limits: Limits, where: str) -> None:
    """Refuse a used range of more than ``Limits.max_cells`` cells or ``Limits.max_blocks``
    rows before it is built."""
    if rows * cols > limits.max_cells:
        raise LimitExceededError(
            f"{where} has a used range of {rows:,} rows × {cols:,} columns, over "
            f"Limits.max_cells={limits.max_cells:,}: raise Limits.max_cells to convert it, "
            "or split the sheet"
        )
    if rows > limits.max_blocks:
        raise LimitExceededError(
            f"{where} has {rows:,} rows, over Limits.max_blocks={limits.max_blocks:,}: "
            "raise Limits.max_blocks to convert it, or split the sheet"
        )


def inlines_of(text: str, comment: m.CommentInfo | None = None) -> tuple[m.Inline, ...]:
    """A cell's text as inlines (its line breaks kept), wrapped in its comment if any."""
    out: list[m.Inline] = []
    for i, line in enumerate(text.split("\n")):
        if i:
            out.append(m.LineBreak())
        if line:
            out.append(m.Text(line))
    if comment is not None:
        return (m.Comment(comment, tuple(out)),)
    return tuple(out)


def _filled(row: list[GridCell]) -> list[GridCell]:
    return [c for c in row if not c.covered and (c.text.strip() or c.comment is not None)]


def _header_index(rows: list[list[GridCell]], ncols: int) -> int | None:
    for i, row in enumerate(rows[:HEADER_SCAN]):
        if i == len(rows) - 1:
            return None
        filled = _filled(row)
        if not filled:
            continue
        if all(not c.value for c in filled) and (len(filled) >= 2 or ncols == 1):
            return i
    return None


def _cell(c: GridCell) -> m.Cell:
    inl = inlines_of(c.text, c.comment)
    return m.Cell((m.Paragraph(inl),) if inl else (), colspan=c.colspan, rowspan=c.rowspan)


def sheet_blocks(
    rows: list[list[GridCell]], where: str, hidden_columns: frozenset[int] = frozenset()
) -> tuple[list[m.Block], list[m.Message]]:
    """The blocks of a used range (``rows`` of equal length) and its warnings; ``where``
    names the sheet in a warning; the header cells of ``hidden_columns`` (kept on request)
    are marked ``(hidden column)``."""
    rows = [r for r in rows if _filled(r) or any(c.covered or c.rowspan > 1 for c in r)]
    if not rows:
        return [], []
    ncols = max(len(r) for r in rows)
    warnings: list[m.Message] = []
    head = _header_index(rows, ncols)
    if head is None:
        head = 0
        if len(rows) > 1:
            warnings.append(
                m.Message(
                    "no-header-row",
                    f"{where}: no leading row holds only text, so the first row was taken "
                    "as the table's header",
                    where,
                )
            )
    blocks: list[m.Block] = []
    for row in rows[:head]:
        texts = [c.text.strip() for c in row if not c.covered and c.text.strip()]
        comments = [c.comment for c in row if not c.covered and c.comment is not None]
        if texts or comments:
            inl = inlines_of(" — ".join(texts), comments[0] if comments else None)
            blocks.append(m.Paragraph(inl))
    table_rows: list[m.Row] = []
    for r, row in enumerate(rows[head:], start=head):
        cells: list[m.Cell] = []
        for ci, c in enumerate(row):
            if r == head and ci in hidden_columns and not c.covered:
                c = GridCell(
                    f"{c.text} (hidden column)".strip(), c.value, c.comment, c.rowspan, c.colspan
                )
            if c.covered:
                if c.anchor[0] < head:
                    cells.append(m.Cell(()))
                continue
            cells.append(_cell(c))
        table_rows.append(m.Row(tuple(cells), header=r == head))
    blocks.append(m.Table(tuple(table_rows)))
    return blocks, warnings
