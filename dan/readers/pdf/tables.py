"""Tables from character positions: runs of lines cut into aligned cells.

A line that PDFium's text runs leave with wide gaps (more than two font sizes, see
:mod:`dan.readers.pdf.pdfium`) is a row of fragments. At least :data:`MIN_ROWS` such rows
in a row, at a steady pitch, whose fragments each fall into exactly one of the same
columns (a column being the union of the fragments it took so far, so left-, right- and
centre-aligned cells all fit), make a table; its first row is the header. Every other
line has its fragments joined back into one line of text.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from dan.readers.pdf.values import Line

__all__ = ["MIN_ROWS", "TableRun", "segments"]

#: Rows a table needs.
MIN_ROWS = 3
#: Fragments this close (in font sizes) to a column still fall into it.
SLACK = 0.5
#: A step between rows larger than this many font sizes ends a table.
MAX_STEP = 3.0


@frozen(slots=True)
class TableRun:
    """Rows of cells (fragments in their columns; ``None`` for an empty cell); ``breaks``
    are the rows that start a new page (a table that goes on over a page break)."""

    rows: tuple[tuple[Line | None, ...], ...]
    breaks: tuple[int, ...] = ()

    def then(self, other: TableRun) -> TableRun | None:
        """This table continued by ``other`` on the next page (its repeated header row
        dropped), or None when their columns differ."""
        if not self.rows or not other.rows or len(self.rows[0]) != len(other.rows[0]):
            return None
        rows = other.rows
        if [c.text if c else "" for c in rows[0]] == [c.text if c else "" for c in self.rows[0]]:
            rows = rows[1:]
        start = len(self.rows)
        shift = len(other.rows) - len(rows)
        return TableRun(
            self.rows + rows,
            self.breaks
            + (start,)
            + tuple(start + b - shift for b in other.breaks if b - shift > 0),
        )


def _rows(lines: Sequence[Line]) -> list[list[Line]]:
    """Fragments grouped into the visual lines they came from."""
    out: list[list[Line]] = []
    for line in lines:
        prev = out[-1][-1] if out else None
        if (
            prev is not None
            and prev.split
            and abs(prev.base - line.base) < 0.5 * max(line.size, 1.0)
        ):
            out[-1].append(line)
        else:
            out.append([line])
    return out


def _place(columns: list[list[float]], row: Sequence[Line], size: float) -> list[int] | None:
    """The column of each fragment of ``row``, or None when one fits several columns or
    shares one; a fragment clear of every column opens a new one (a header row without
    the label column, a row with a cell its neighbours leave empty)."""
    slack = SLACK * size
    taken: list[int] = []
    opened: list[list[float]] = []
    for frag in row:
        hits = [
            k for k, (x0, x1) in enumerate(columns) if frag.x0 < x1 + slack and frag.x1 > x0 - slack
        ]
        if not hits:
            opened.append([frag.x0, frag.x1])
            taken.append(len(columns) + len(opened) - 1)
            continue
        if len(hits) != 1 or hits[0] in taken:
            return None
        taken.append(hits[0])
    columns.extend(opened)
    return taken


def _joined(row: Sequence[Line]) -> Line:
    line = row[0]
    for frag in row[1:]:
        line = line.joined(frag)
    return line


def segments(lines: Sequence[Line]) -> list[list[Line] | TableRun]:
    """A block's lines as runs of plain lines (fragments joined) and tables, in order."""
    rows = _rows(lines)
    out: list[list[Line] | TableRun] = []
    plain: list[Line] = []
    i = 0
    while i < len(rows):
        run = _table_at(rows, i)
        if run is None:
            plain.append(_joined(rows[i]))
            i += 1
            continue
        table, used = run
        if plain:
            out.append(plain)
            plain = []
        out.append(table)
        i += used
    if plain:
        out.append(plain)
    return out


def _table_at(rows: list[list[Line]], i: int) -> tuple[TableRun, int] | None:
    first = rows[i]
    if len(first) < 2:
        return None
    size = max(max(f.size for f in first), 1.0)
    columns = [[f.x0, f.x1] for f in first]
    placed = [list(range(len(first)))]
    j = i + 1
    while j < len(rows):
        row = rows[j]
        step = rows[j - 1][0].base - row[0].base
        if len(row) < 2 or not 0 < step <= MAX_STEP * size:
            break
        where = _place(columns, row, size)
        if where is None:
            break
        for frag, k in zip(row, where):
            columns[k][0] = min(columns[k][0], frag.x0)
            columns[k][1] = max(columns[k][1], frag.x1)
        placed.append(where)
        j += 1
    if j - i < MIN_ROWS:
        return None
    order = sorted(range(len(columns)), key=lambda k: columns[k][0])
    rank = {k: r for r, k in enumerate(order)}
    out_rows: list[tuple[Line | None, ...]] = []
    for row, where in zip(rows[i:j], placed):
        cells: list[Line | None] = [None] * len(columns)
        for frag, k in zip(row, where):
            cells[rank[k]] = frag
        out_rows.append(tuple(cells))
    return TableRun(tuple(out_rows)), j - i
