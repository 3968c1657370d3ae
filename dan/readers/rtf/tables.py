"""RTF tables: row definitions, cell contents and merges to model tables.

A row's definition (``\\trowd`` … ``\\cellxN``) gives each cell's right edge in twips and
its merge flags; the cells' contents arrive as paragraphs ended by ``\\cell`` and the row
by ``\\row`` (``\\nestcell``/``\\nestrow`` for nested tables). Word may write a row's
definition before or after its contents, so the definition in force at ``\\row`` is used.

A table of a single row is a layout device (a box, a signature line), not data: its
cells' contents are returned as blocks in reading order.

When the table is finished its grid is computed from the cells' right edges (edges
closer than :data:`EDGE_TOLERANCE` twips are one grid line): a cell covering several grid
columns gets that ``colspan``, so irregular tables render with the merged text once.
``\\clmgf``/``\\clmrg`` (horizontal merge) join cells into the first; ``\\clvmgf``/``\\clvmrg``
(vertical merge) give the first cell a ``rowspan`` and drop the covered ones.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable
from typing import Any

from dan import model as m

__all__ = ["CellDef", "RowDef", "TableBuilder", "EDGE_TOLERANCE", "MAX_GRID"]

#: Right edges (twips) closer than this are the same grid line.
EDGE_TOLERANCE = 30
#: A table whose edges make more grid columns than this falls back to cell counting.
MAX_GRID = 64


class CellDef:
    """One ``\\cellx`` with the merge flags set before it."""

    __slots__ = ("right", "hmerge", "vmerge")

    def __init__(self, right: int, hmerge: str = "", vmerge: str = "") -> None:
        self.right = right
        self.hmerge = hmerge  # "", "first", "cont"
        self.vmerge = vmerge  # "", "first", "cont"


class RowDef:
    """A row definition: its cells and whether it is a header row (``\\trhdr``)."""

    __slots__ = ("cells", "header", "left", "pending_h", "pending_v")

    def __init__(self) -> None:
        self.cells: list[CellDef] = []
        self.header = False
        self.left = 0
        self.pending_h = ""
        self.pending_v = ""

    def add_cell(self, right: int) -> None:
        """``\\cellxN``: close the definition of the next cell."""
        if len(self.cells) < 4 * MAX_GRID:
            self.cells.append(CellDef(right, self.pending_h, self.pending_v))
        self.pending_h = self.pending_v = ""

    def copy(self) -> RowDef:
        """A snapshot of the definition (a later ``\\trowd`` starts a new one)."""
        new = RowDef()
        new.cells = list(self.cells)
        new.header = self.header
        new.left = self.left
        return new


class _RawRow:
    __slots__ = ("cells", "definition")

    def __init__(self, cells: list[list[Any]], definition: RowDef) -> None:
        self.cells = cells
        self.definition = definition


class _Cell:
    __slots__ = ("blocks", "colspan", "rowspan", "start")

    def __init__(self, blocks: list[Any], colspan: int, start: int) -> None:
        self.blocks = blocks
        self.colspan = colspan
        self.rowspan = 1
        self.start = start


class TableBuilder:
    """Collects one table's rows; :meth:`build` makes the model table."""

    def __init__(self) -> None:
        self.rows: list[_RawRow] = []
        self.cells: list[list[Any]] = []  # finished cells of the current row
        self.current: list[Any] = []  # blocks of the cell being filled

    def add_block(self, block: Any) -> None:
        """A block (paragraph, nested table) of the current cell."""
        self.current.append(block)

    def end_cell(self) -> None:
        """``\\cell`` / ``\\nestcell``."""
        self.cells.append(self.current)
        self.current = []

    def end_row(self, definition: RowDef) -> None:
        """``\\row`` / ``\\nestrow``: the row's cells with the definition in force."""
        if self.current:
            self.end_cell()
        if self.cells:
            self.rows.append(_RawRow(self.cells, definition.copy()))
        self.cells = []

    def build(self, convert: Callable[[list[Any]], tuple[m.Block, ...]]) -> list[m.Block]:
        """The model blocks: the table, or a one-row (layout) table's cell contents.

        ``convert`` finishes the blocks of a cell.
        """
        if self.current or self.cells:
            self.end_row(RowDef())
        if not self.rows:
            return []
        grid = _grid_lines(self.rows)
        rows: list[tuple[list[_Cell], bool]] = []
        open_v: dict[int, _Cell] = {}
        for raw in self.rows:
            cells: list[_Cell] = []
            col = 0
            defs = raw.definition.cells
            last: _Cell | None = None
            for i, blocks in enumerate(raw.cells):
                cdef = defs[i] if i < len(defs) else None
                if cdef is not None and cdef.hmerge == "cont" and last is not None:
                    last.blocks.extend(blocks)
                    span = _span(grid, cdef, col)
                    last.colspan += span
                    col += span
                    continue
                span = _span(grid, cdef, col)
                cell = _Cell(list(blocks), span, col)
                if cdef is not None and cdef.vmerge == "cont" and col in open_v:
                    above = open_v[col]
                    above.rowspan += 1
                    above.blocks.extend(b for b in blocks if b is not None)
                    col += span
                    last = None
                    continue
                if cdef is not None and cdef.vmerge == "first":
                    open_v[col] = cell
                else:
                    open_v.pop(col, None)
                cells.append(cell)
                last = cell
                col += span
            rows.append((cells, raw.definition.header))
        out: list[m.Row] = []
        for cells, header in rows:
            if not cells:
                continue
            out.append(
                m.Row(
                    tuple(m.Cell(convert(c.blocks), c.colspan, c.rowspan) for c in cells),
                    header=header,
                )
            )
        if len(out) == 1:
            return [block for cell in out[0].cells for block in cell.blocks]
        if out and all(row.header for row in out):
            out[-1] = m.Row(out[-1].cells, header=False)
        return [m.Table(tuple(out))] if out else []


def _grid_lines(rows: list[_RawRow]) -> list[int] | None:
    """Sorted grid lines (right edges) of the table, or None to count cells instead."""
    edges = sorted({c.right for r in rows for c in r.definition.cells})
    if not edges or any(len(r.definition.cells) < len(r.cells) for r in rows):
        return None
    lines: list[int] = []
    for edge in edges:
        if not lines or edge - lines[-1] > EDGE_TOLERANCE:
            lines.append(edge)
    if len(lines) > MAX_GRID:
        return None
    return lines


def _span(grid: list[int] | None, cdef: CellDef | None, col: int) -> int:
    """Grid columns a cell starting at column ``col`` covers."""
    if grid is None or cdef is None:
        return 1
    idx = bisect_left(grid, cdef.right - EDGE_TOLERANCE)
    if idx >= len(grid):
        idx = len(grid) - 1
    return max(1, idx - col + 1)
