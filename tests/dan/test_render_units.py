"""dan.pipeline.render's text units: a single plain run takes a shortcut that must give the unit the
general path gives (trimmed pieces, plain text, facts, note references, page marks)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dan.pipeline.inline import BOLD, Piece
from dan.pipeline.render import _Renderer
from dan.tokenizer import count_tokens

_TEXT = st.text(alphabet="ab \t\n\u00a0\u3000|*", max_size=12)
_PIECE = st.one_of(
    st.builds(lambda t: Piece(t, ()), _TEXT),
    st.builds(lambda t: Piece(t, (BOLD,)), _TEXT),
    st.builds(lambda t: Piece(t, (), 0, "", (("r1", "Ann"),)), _TEXT),
)


def _fields(r: _Renderer, kind: str, pieces: list[Piece]) -> tuple[object, ...]:
    unit, trailing = r._text_unit(kind, pieces, 0)
    if unit is None:
        return (None, trailing)
    return (unit.kind, unit.pieces, unit.plain, unit.facts, unit.note_refs, unit.inner_pages, trailing)


@given(_PIECE, st.sampled_from(["para", "heading", "item"]))
@settings(max_examples=500, deadline=None)
def test_one_run_gives_the_unit_the_general_path_gives(piece: Piece, kind: str) -> None:
    r = _Renderer(count_tokens, 100)
    # (an empty text piece after it takes the general path and changes nothing there)
    assert _fields(r, kind, [piece]) == _fields(r, kind, [piece, Piece("", ())])
