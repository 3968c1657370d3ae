"""dan.pipeline.inline: pieces, marks that close and reopen, escaping, facts."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dan import model as m
from dan.pipeline.inline import (
    BOLD,
    CELL,
    HEADING,
    PAGE,
    Piece,
    _flatten,
    _merge,
    escape_cell,
    escape_text,
    facts,
    flatten,
    note_date,
    plain_text,
    render,
)


def rev(kind: str, text: str, author: str = "Ann", date: str = "2024-01-02T03:04:05Z", rid: str = "1", **kw) -> m.Revision:
    return m.Revision(kind, (m.Text(text),), author, date, rid, **kw)


def test_emphasis_moves_whitespace_outside_the_markers():
    pieces = flatten((m.Text("a "), m.Text(" bold ", bold=True), m.Text("and ital", italic=True)))
    assert render(pieces) == "a  **bold** *and ital*"


def test_bold_italic_and_code():
    pieces = flatten((m.Text("x", bold=True, italic=True), m.Text(" "), m.Text("a`b", code=True)))
    assert render(pieces) == "***x*** ``a`b``"


def test_revision_and_comment_notation():
    info = m.CommentInfo("7", "Carol", "2024-05-06T00:00:00Z", "Check\nthis", (m.CommentInfo("8", "Dan", "", "Done"),))
    inl = (m.Text("A "), rev("ins", "new"), m.Text(" "), rev("del", "old", moved=True), m.Text(" "), m.Comment(info, (m.Text("here"),)))
    md = render(flatten(inl))
    assert md == (
        "A {++new++}{>>rev: Ann, 2024-01-02<<} {--old--}{>>rev: Ann, 2024-01-02, moved<<} "
        "{==here==}{>>Carol, 2024-05-06: Check this<<}{>>↳ Dan: Done<<}"
    )


def test_missing_author_is_unknown_and_point_comment():
    info = m.CommentInfo("1", "", "", "note")
    md = render(flatten((m.Text("x"), m.Comment(info, ()), rev("ins", "y", author=""))))
    assert md == "x{>>Unknown: note<<}{++y++}{>>rev: Unknown, 2024-01-02<<}"


def test_any_slice_renders_well_formed_marks():
    pieces = flatten((m.Text("before "), rev("ins", "one two three"), m.Text(" after")))
    # slice in the middle of the revision: the mark is closed and reopened with its author
    mid = [p for p in pieces if "one" in p.text]
    assert render(mid) == "{++one two three++}{>>rev: Ann, 2024-01-02<<}"
    assert render(pieces[:1]) == "before "


def test_adjacent_same_author_revisions_merge_for_display_but_count_by_id():
    inl = (rev("ins", "a", rid="1"), rev("ins", "b", rid="2"))
    pieces = flatten(inl)
    assert render(pieces) == "{++ab++}{>>rev: Ann, 2024-01-02<<}"
    assert set(facts(pieces).revisions) == {"1", "2"}


def test_nested_revision_counts_both():
    inner = m.Revision("del", (m.Text("x"),), "Bob", "", "2")
    outer = m.Revision("ins", (inner,), "Ann", "", "1")
    f = facts(flatten((outer,)))
    assert f.revisions == {"1": "Ann", "2": "Bob"}


def test_escaping_blocks_forged_marks():
    assert escape_text("{++x++} {>>rev: A<<} [^1] {~~a~>b~~}") == "\\{++x++} \\{>>rev: A<<} \\[^1] \\{~~a~>b~~}"
    assert escape_text("\\{++x") == "\\\\\\{++x"  # a backslash before cannot un-escape it
    assert escape_text("plain {text}") == "plain {text}"


def test_cell_escaping():
    assert escape_cell("a|b\nc") == "a\\|b<br>c"
    assert escape_cell("a\\|b") == "a\\\\\\|b"


def test_breaks_by_context():
    pieces = flatten((m.Text("a"), m.LineBreak(), m.Text("b")))
    assert render(pieces) == "a\\\nb"
    assert render(pieces, CELL) == "a<br>b"
    assert render(pieces, HEADING) == "a b"


def test_plain_text_includes_inserted_deleted_and_comment_text():
    info = m.CommentInfo("1", "Carol", "", "remark")
    pieces = flatten((rev("ins", "new"), rev("del", "old"), m.Comment(info, (m.Text(" anchored"),))))
    text = plain_text(pieces)
    assert "new" in text and "old" in text and "anchored" in text and text.endswith("remark")


def test_facts_bold_italic_fields_comments():
    info = m.CommentInfo("c1", "Carol", "", "t")
    inl = (
        m.Text("Total due", bold=True),
        m.Text(" "),
        m.Text("now", bold=True),
        m.Text(" plain "),
        m.Text("note", italic=True),
        m.Field("MERGEFIELD", (m.Text("ACME"),), "Customer"),
        m.Comment(info, (m.Text("x"),)),
    )
    f = facts(flatten(inl))
    assert f.bold == ["Total due now"]
    assert f.italic == ["note"]
    assert f.fields == ["MERGEFIELD Customer: ACME"]
    assert f.comments == {"c1": ("Carol",)}
    reply = m.CommentInfo("c2", "Ken", "", "ok", (m.CommentInfo("c3", "Lena", "", "yes"),))
    threaded = m.CommentInfo("c1", "Carol", "", "t", (reply,))
    assert facts(flatten((m.Comment(threaded, (m.Text("x"),)),))).comments == {"c1": ("Carol", "Ken", "Lena")}


def test_note_date():
    assert note_date("2024-03-01T10:00:00Z") == "2024-03-01"
    assert note_date(" yesterday ") == "yesterday"
    assert note_date("") == ""


def test_bold_constant_is_the_wrap_used():
    assert flatten((m.Text("x", bold=True),))[0].stack == (BOLD,)


# --- the one-plain-run shortcuts of flatten, render and plain_text ------------------------

_RUN = st.text(alphabet="ab |*_`\\{}[]^~+-=<>\n \t", max_size=12)


@given(_RUN, st.booleans(), st.booleans(), st.booleans())
@settings(max_examples=300, deadline=None)
def test_one_text_run_flattens_as_the_general_walk_does(text: str, bold: bool, italic: bool, code: bool) -> None:
    node = m.Text(text, bold, italic, code)
    walked: list[Piece] = []
    _flatten((node,), (), (), walked, 0)
    assert flatten((node,)) == _merge(walked)


@given(_RUN, st.sampled_from(["para", "cell", "heading"]))
@settings(max_examples=300, deadline=None)
def test_one_plain_piece_renders_as_the_general_loop_does(text: str, context: str) -> None:
    piece = Piece(text, ())
    page = Piece("", (), PAGE)  # (skipped by both: a second piece takes the general loop)
    assert render([piece], context) == render([piece, page], context)
    assert plain_text([piece]) == plain_text([piece, page])


_TEXTS = st.text(max_size=12)
_INLINES = st.lists(
    st.builds(m.Text, _TEXTS, st.booleans(), st.booleans(), st.booleans()), max_size=6
)


@settings(max_examples=300, deadline=None)
@given(_INLINES)
def test_the_hot_paths_make_the_pieces_the_named_tuple_makes(inlines: list[m.Text]) -> None:
    """flatten builds its pieces in C (tuple.__new__) on its hot paths: they are Pieces, equal
    to what the general path builds field by field."""
    pieces = flatten(tuple(inlines))
    assert all(type(p) is Piece for p in pieces)
    out: list[Piece] = []
    _flatten(tuple(inlines), (), (), out, 0)
    rebuilt = [Piece(p.text, p.stack, p.kind, p.md, p.revs) for p in _merge(out)]
    assert pieces == rebuilt
    assert [p._asdict() for p in pieces] == [p._asdict() for p in rebuilt]


def test_the_facts_of_plain_pieces_are_shared_and_read_only() -> None:
    plain = facts([Piece("a", ()), Piece("b", ())])
    assert plain is facts(()) and plain == ({}, {}, (), (), (), 0)
    with pytest.raises(TypeError):
        plain.revisions["x"] = "y"  # type: ignore[index]
    with pytest.raises(AttributeError):
        plain.bold.append("x")  # type: ignore[attr-defined]
    assert not plain.revisions and not plain.bold


def test_two_equal_wraps_of_separate_nodes_render_as_one_construct() -> None:
    # Two revision nodes of one author (split by a page mark, or adjacent), and two links to
    # one address: each node makes its own Wrap, equal to the other's. Compiled with mypyc,
    # `==` between two Wrap-typed values compared identity until Wrap wrote out __eq__
    # (found by benchmarks/fuzz/differential.py on a mutated RTF).
    from dan.pipeline.inline import Wrap

    a, b = (Wrap("del", "{--", "--}{>>rev: Ann<<}", author="Ann") for _ in range(2))
    assert a == b and a is not b and hash(a) == hash(b) and len({a, b}) == 1
    assert a != Wrap("del", "{--", "--}{>>rev: Bo<<}", author="Bo") and a != "del"
    inl = (rev("del", "one ", rid="r1"), m.PageMark(), rev("del", "two", rid="r1"))
    assert render(flatten(inl)) == "{--one two--}{>>rev: Ann, 2024-01-02<<}"
    pieces = [Piece("x", (a,), 0, "", ()), Piece("y", (b, BOLD), 0, "", ())]
    assert render(pieces) == "{--x**y**--}{>>rev: Ann<<}"
    link = (m.Link((m.Text("see "),), "https://x.example/a"), m.Link((m.Text("here"),), "https://x.example/a"))
    assert render(flatten(link)) == "[see here](https://x.example/a)"
