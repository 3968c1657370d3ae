"""dan.render's table grid: tables without merged cells take a shortcut that must give
the grid the general (spanning) walk gives."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dan import model as m
from dan.render import MAX_COLUMNS, _Renderer
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
