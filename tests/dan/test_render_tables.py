"""dan.pipeline.render's tables: the shortcuts for tables without merged cells and for rows of
plain cells must give what the general paths give."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import dan
from dan import model as m
from dan.pipeline.inline import BREAK, Piece, facts
from dan.pipeline.render import MAX_COLUMNS, _note_refs, _Renderer, cells_pieces, row_plain
from dan.tokenizer import count_tokens

_TEXT = st.sampled_from(["", " ", "a", "Widget", "12.00", "x | y", "**b**"])
_CELL = st.builds(
    lambda text, bold, n: m.Cell(tuple(m.Paragraph((m.Text(text, bold=bold),)) for _ in range(n))),
    _TEXT,
    st.booleans(),
    st.integers(min_value=0, max_value=2),
)
_ROW = st.builds(m.Row, st.lists(_CELL, max_size=6).map(tuple))
_TABLE = st.builds(m.Table, st.lists(_ROW, max_size=6).map(tuple))
_SPAN = st.integers(min_value=0, max_value=3)
_ANY_CELL = st.builds(lambda c, cs, rs: m.Cell(c.blocks, cs, rs), _CELL, _SPAN, _SPAN)
_ANY_TABLE = st.builds(
    m.Table, st.lists(st.builds(m.Row, st.lists(_ANY_CELL, max_size=5).map(tuple)), max_size=5).map(tuple)
)


@given(_TABLE)
@settings(max_examples=300, deadline=None)
def test_a_table_without_merged_cells_gives_the_spanning_walks_grid(table: m.Table) -> None:
    r = _Renderer(count_tokens, 100)
    assert r._grid(table, 0) == r._spanned_grid(table.rows, 0)


@given(_ANY_TABLE)
@settings(max_examples=400, deadline=None)
def test_any_table_gives_the_spanning_walks_grid(table: m.Table) -> None:
    # (spans of 0 to 3 rows and columns: the shortcut must leave every merged table alone)
    r = _Renderer(count_tokens, 100)
    assert r._grid(table, 0) == r._spanned_grid(table.rows, 0)


def _grid_by_definition(r: _Renderer, rows: tuple[m.Row, ...]) -> list[dict[int, list[Piece]]]:
    """The grid of merged cells, every cell through the general spanning rule (spans
    clamped to 1 .. 1000, cells past the last column joined to it)."""
    spans: dict[int, list[object]] = {}
    grid: list[dict[int, list[Piece]]] = []
    for row in rows:
        line: dict[int, list[Piece]] = {}
        for col, entry in list(spans.items()):
            line[col] = entry[0]  # type: ignore[assignment]
            entry[1] -= 1  # type: ignore[operator]
            if entry[1] <= 0:  # type: ignore[operator]
                del spans[col]
        col = 0
        for cell in row.cells:
            while col in line:
                col += 1
            pieces = r.cell_pieces(cell.blocks, 1)
            if col >= MAX_COLUMNS:
                last = MAX_COLUMNS - 1
                if pieces:
                    kept = line.get(last, [])
                    if kept is line.get(last - 1):  # a span's copy is not joined to
                        kept = []
                    line[last] = kept + [Piece("\n", (), BREAK)] + pieces if kept else pieces
                continue
            colspan = max(1, min(cell.colspan, 1000))
            rowspan = max(1, min(cell.rowspan, 1000))
            for k in range(colspan):
                if col + k >= MAX_COLUMNS:
                    break
                line[col + k] = pieces
                if rowspan > 1:
                    spans[col + k] = [pieces, rowspan - 1]
            col += colspan
        grid.append(line)
    return grid


@given(_ANY_TABLE)
@settings(max_examples=400, deadline=None)
def test_the_spanning_walk_places_every_cell_by_the_general_rule(table: m.Table) -> None:
    # (its shortcut for a cell spanning one row and one column must place it the same)
    r = _Renderer(count_tokens, 100)
    assert r._spanned_grid(table.rows, 0) == _grid_by_definition(r, table.rows)


def test_merged_or_too_many_cells_take_the_spanning_walk() -> None:
    r = _Renderer(count_tokens, 100)
    a, b = m.Cell((m.Paragraph((m.Text("a"),)),)), m.Cell((m.Paragraph((m.Text("b"),)),))
    wide = m.Cell((m.Paragraph((m.Text("w"),)),), colspan=2)
    tall = m.Cell((m.Paragraph((m.Text("t"),)),), rowspan=2)
    grid = r._grid(m.Table((m.Row((wide, a)), m.Row((tall, b)), m.Row((a,)))), 0)
    assert [sorted(line) for line in grid] == [[0, 1, 2], [0, 1], [0, 1]]
    assert grid[1][0] == grid[2][0] and grid[2][1] == grid[0][2]  # (the tall cell, then "a" after it)
    many = m.Table((m.Row((a,) * (MAX_COLUMNS + 2)),))
    assert sorted(r._grid(many, 0)[0]) == list(range(MAX_COLUMNS))


def test_a_cell_merged_across_the_last_columns_is_written_once() -> None:
    """A row wider than MAX_COLUMNS: the cells past the last column join it, but a merged
    cell spanning into the last column is not written a second time there."""
    n = MAX_COLUMNS + 3
    head = "".join(f"<th>h{i}</th>" for i in range(n))
    row = "".join(f"<td>c{i}</td>" for i in range(MAX_COLUMNS - 3)) + '<td colspan="4">MERGED</td><td>x1</td><td>x2</td>'
    res = dan.convert(f"<table><tr>{head}</tr><tr>{row}</tr></table>".encode(), "html", max_tokens=8000)
    body = "\n".join(res.chunks)
    line = next(ln for ln in body.split("\n") if "MERGED" in ln)
    assert line.count("MERGED") == 1
    cells = [c.strip() for c in line.strip("|").split("|")]
    assert len(cells) == MAX_COLUMNS and cells[MAX_COLUMNS - 3] == "MERGED"
    assert cells[MAX_COLUMNS - 2] == dan.SPANNED_CELL and cells[-1] == "x1<br>x2"  # nothing lost


_PLAIN_CELL = st.one_of(st.just([]), st.builds(lambda t: [Piece(t, ())], st.sampled_from(["a", " ", "x | y", "é", ""])))
_ANY_PIECE = st.sampled_from(
    [Piece("b", ()), Piece("", (), 3, "[^1]"), Piece("\n", (), 1), Piece("i", (), 0, "", (("r1", "Ann"),))]
)
_CELLS = st.lists(st.one_of(_PLAIN_CELL, st.lists(_ANY_PIECE, max_size=3)), max_size=5)


@given(_CELLS, st.sampled_from(["", "Head | Row"]), st.booleans())
@settings(max_examples=400, deadline=None)
def test_a_row_unit_has_the_plain_text_facts_and_notes_of_its_cells(
    cells: list[list[Piece]], lead: str, with_extra: bool
) -> None:
    extra = [Piece("H", ())] if with_extra else []
    unit = _Renderer(count_tokens, 100)._row_unit(1, "T1", (), 0, cells, extra, lead, False)
    pieces = extra + cells_pieces(cells)
    assert unit.plain == row_plain(lead, cells)
    assert unit.facts == facts(pieces)
    assert unit.note_refs == _note_refs(pieces)


_NAMED_TABLE = st.builds(
    lambda rows: m.Table(
        tuple(
            m.Row(tuple(m.Cell((m.Paragraph((m.Text(f"c{r}x{k}"),)),), cs, rs) for k, (cs, rs) in enumerate(cells)))
            for r, cells in enumerate(rows)
        )
    ),
    st.lists(st.lists(st.tuples(st.integers(1, 3), st.integers(1, 3)), min_size=1, max_size=4), min_size=2, max_size=5),
)


@given(_NAMED_TABLE)
@settings(max_examples=120, deadline=None)
def test_a_cell_is_written_once_per_row_it_covers_and_marked_in_the_columns_it_spans(table: m.Table) -> None:
    """Every cell (each with a text of its own) stands once in each row it covers — a cell
    merged down rows in each of them, so each row stands alone — and the further columns
    it covers in that row hold dan.SPANNED_CELL; nothing else does."""
    from dan.pipeline.render import SPANNED, render_document

    units = render_document(m.Document(body=(table,)), count_tokens).units
    first = units[0]
    header = first.table_header or first.md  # (a table of one row: its header alone)
    lines = [line for line in header.split("\n") if line.startswith("|") and "---" not in line]
    lines += [u.md for u in units if u.table_header]
    got_rows = [[c.strip() for c in line.strip()[1:-1].split("|")] for line in lines]
    expected = _grid_by_definition(_Renderer(count_tokens, 100), table.rows)
    ncols = max((max(line) + 1 for line in expected if line), default=0)
    # leading rows of one cell across the whole table are its caption, not rows
    ncap = 0
    while ncap < len(expected) - 1 and ncols >= 2 and len(table.rows[ncap].cells) == 1 and table.rows[ncap].cells[0].colspan >= ncols:
        ncap += 1
    assert len(got_rows) == len(expected) - ncap
    for got, line in zip(got_rows, expected[ncap:]):
        want = []
        for c in range(ncols):
            cell = line.get(c, [])
            want.append(SPANNED if c and cell and cell is line.get(c - 1) else cell[0].text if cell else "")
        assert got == want
        texts = [t for t in got if t and t != SPANNED]
        assert len(texts) == len(set(texts))  # no cell twice in a row
    from dan.pipeline.render import COVERED

    assert COVERED == []  # (the shared mark of a covered column is never written into)
