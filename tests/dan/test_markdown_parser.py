"""The Markdown reader's own markdown-it rules (dan.readers.markdown.parser / .tables) give
what markdown-it's own rules give: the same tables with the same cells, the same inline
tokens, everything else untouched."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

import dan
from dan.readers.markdown.parser import MAX_NESTING, markdown_parser
from dan.readers.markdown.tables import MAX_AUTOCOMPLETED_CELLS, TABLE_TOKEN, known_terminators, split_row


def _stock() -> MarkdownIt:
    """markdown-it configured as the reader's parser, with markdown-it's own rules."""
    md = MarkdownIt("commonmark", {"html": True})
    md.enable("table").enable("strikethrough")
    md.use(footnote_plugin).use(front_matter_plugin)
    md.options["maxNesting"] = MAX_NESTING
    return md


STOCK = _stock()


def _sig(tok: Token) -> tuple[Any, ...]:
    children = tuple(_sig(c) for c in tok.children or ())
    return (tok.type, tok.tag, tok.nesting, tok.content, tok.markup, tok.info, tok.attrs, tok.meta, children)


def _view(tokens: list[Token], ours: bool) -> list[tuple[Any, ...]]:
    """Tokens with each table as (map, rows of cell inline signatures), in either form."""
    out: list[tuple[Any, ...]] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        i += 1
        if ours and tok.type == TABLE_TOKEN:
            ncols, nrows = tok.meta["columns"], tok.meta["rows"]
            entries = tok.meta["cells"]
            assert len(entries) == ncols * nrows
            cells = []
            for text in entries:
                if text is None:  # (a cell with inline markup: its inline token follows)
                    assert tokens[i].type == "inline"
                    cells.append(_sig(tokens[i]))
                    i += 1
                else:  # a plain cell: the inline token markdown-it makes of plain text
                    children = [Token("text", "", 0, content=text)] if text else []
                    cells.append(_sig(Token("inline", "", 0, content=text, children=children)))
            rows = [tuple(cells[r * ncols : (r + 1) * ncols]) for r in range(nrows)]
            out.append(("table", tuple(tok.map or ()), tuple(rows)))
        elif not ours and tok.type == "table_open":
            rows, row = [], []
            while tokens[i].type != "table_close":
                t = tokens[i]
                if t.type == "tr_close":
                    rows.append(tuple(row))
                    row = []
                elif t.type == "inline":
                    row.append(_sig(t))
                i += 1
            i += 1
            out.append(("table", tuple(tok.map or ()), tuple(rows)))
        else:
            assert tok.type != TABLE_TOKEN and not tok.type.startswith(("table_", "thead", "tbody", "tr_", "td_", "th_"))
            out.append(_sig(tok) + (tuple(tok.map or ()),))
    return out


def _same(text: str) -> None:
    assert _view(markdown_parser().parse(text), True) == _view(STOCK.parse(text), False)


_PIECES = [
    "|", "|", "|", "\\|", "\\\\", "\\", "-", "--", ":", ":-", "-:", " ", "  ", "\t", "a", "b c", "12.5",
    "*x*", "**y**", "`z`", "[^1]", "[l](#t)", "&amp;", "<b>", "</b>", "~~s~~", "_u_", "\u00a0", "\u2003",
    "\u3000", "1. ", "- ", "> ", "    ", "# ", "```", "***", "!", "^", "+", "=", "{", "@", "HIT-7291", "é",
]
_TABLE_LINES = [
    "| a | b |", "a | b", "|---|---|", "---|---", "|:--|--:|", "| :-: | --- |", "- | -", "|-|", "| x |",
    "| 1 | 2 | 3 |", "| only |", "c \\| d | e", "plain line", "", "> quote", "# Heading", "- item",
    "  | indented | row |", "      | code | row |", "|", "| --- |", "|---||---|", "```", "1. first", "<div>", "[^1]: note",
]
_line = st.one_of(
    st.lists(st.sampled_from(_PIECES), max_size=8).map("".join),
    st.sampled_from(_TABLE_LINES),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_line, min_size=1, max_size=14).map("\n".join))
def test_tokens_match_markdown_its_rules(text: str) -> None:
    _same(text)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60))
def test_any_inline_text_gives_markdown_its_tokens(text: str) -> None:
    _same(text)
    _same("| h |\n|---|\n| " + text.replace("\n", " ") + " |")


def test_tables_in_lists_quotes_and_after_paragraphs() -> None:
    for text in (
        "- item\n\n  | a | b |\n  |---|---|\n  | 1 | 2 |\n- next",
        "> | a | b |\n> |---|---|\n> | 1 | 2 |\n> lazy",
        "para\n| a | b |\n|---|---|\n| 1 | 2 |",
        "| a | b |\n|---|---|\n| 1 | 2 |\n> ends the table",
        "| a | b |\n|---|---|\n| 1 | 2 |\n# ends too\n| 3 | 4 |",
        "| a | b |\n|---|---|\n| 1 | 2 |\n```\ncode\n```",
        "| a |\n|---|\n| 1 \\| 2 | 3 |\n| \\\\| x |",
        "| a | b |\n| --- | --- |\n|\n| c | d |",
        "| a | b |\n|-|-|\n    | code? | no |\n| c | d |",
        "| a | b |\n|---||---|\n| 1 | 2 |",  # (no empty column between columns)
        "| a | | b |\n|---|---|---|\n| 1 | 2 |",
    ):
        _same(text)


def test_rows_skip_the_terminator_rules_only_when_all_are_known() -> None:
    # (the reader's parser takes the shortcut; the rows of tables above end where
    # markdown-it's rules end them all the same)
    assert known_terminators(markdown_parser().block.ruler.getRules("blockquote"))
    md = markdown_parser()
    md.block.ruler.before("fence", "mine", lambda *a: False, {"alt": ["blockquote"]})
    assert not known_terminators(md.block.ruler.getRules("blockquote"))


def test_split_row_keeps_escaped_pipes_in_their_cell() -> None:
    assert split_row("a|b") == ["a", "b"]
    assert split_row("a\\|b|c") == ["a|b", "c"]
    assert split_row("a\\\\|b") == ["a\\|b"]  # (a backslash before the pipe escapes it)
    assert split_row("\\") == ["\\"]
    assert split_row("|x|") == ["", "x", ""]


def test_cells_a_short_row_leaves_are_bounded_per_table() -> None:
    ncols = 300
    text = "|" + "a|" * ncols + "\n|" + "-|" * ncols + "\n" + "x\n" * 400
    ours = markdown_parser().parse(text)
    table = next(t for t in ours if t.type == TABLE_TOKEN)
    # Each one-cell row leaves ncols - 1 cells to fill: the table ends before the bound.
    assert table.meta["rows"] - 1 == MAX_AUTOCOMPLETED_CELLS // (ncols - 1)
    assert any(t.type == "paragraph_open" for t in ours)  # the rest is text, not lost
    _same(text)


def test_reader_reads_cells_header_and_escaped_pipes() -> None:
    res = dan.convert_string(
        "| Item | Price |\n|:--|--:|\n| a \\| b | *1* |\n| c |\n", doc_type="markdown"
    )
    text = "\n".join(res.chunks)
    assert "| Item | Price |" in text
    assert "| a \\| b | *1* |" in text  # (the escaped pipe stays one cell, escaped again)
    assert "| c |  |" in text  # (a short row is filled with empty cells)


_URL_PIECES = st.sampled_from(
    list("aZ09-._~/#?=&+,;:@!$*'()") + ["http://", "https://", "mailto:", "//", "HTTP://", "Host", "xn--", "[", "%20", "%", " ", "é", "\\", "ftp:", ":80"]
)


@settings(max_examples=3000, deadline=None)
@given(st.lists(_URL_PIECES, max_size=12).map("".join))
def test_link_targets_are_normalised_as_markdown_it_does(url: str) -> None:
    assert markdown_parser().normalizeLink(url) == STOCK.normalizeLink(url)


def test_plain_link_targets_skip_the_url_parser_and_others_do_not(monkeypatch: Any) -> None:
    others = ("HTTPS://Example.com/", "mailto:a@b.c", "a b", "http://a:80/", "https://bücher.de")
    expected = [STOCK.normalizeLink(url) for url in others]
    calls: list[str] = []
    original = MarkdownIt.normalizeLink

    def spy(self: MarkdownIt, url: str) -> str:
        calls.append(url)
        return original(self, url)

    monkeypatch.setattr(MarkdownIt, "normalizeLink", spy)
    md = markdown_parser()
    for url in ("https://example.com/a/b.html#x", "../c.md", "#top", "docs/x?y=1"):
        assert md.normalizeLink(url) == url
    assert calls == []
    assert [md.normalizeLink(url) for url in others] == expected
    assert calls == list(others)
    _same("[x](https://example.com/a) [y](HTTP://Example.COM/ä) <https://a.b/c> ![i](pic.png)")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(["a", "# h", "| a | b |", "|---|---|", "- i", "x\\", "\r\n", "\r", "\n", "\0", "  "]), max_size=20).map("".join))
def test_line_ends_and_nuls_are_normalised_as_markdown_it_does(text: str) -> None:
    _same(text)


def test_the_source_is_rewritten_only_when_it_holds_a_carriage_return_or_a_nul() -> None:
    from markdown_it.rules_core.state_core import StateCore

    from dan.readers.markdown.parser import _normalize_rule

    md = markdown_parser()
    plain = "# a\n\nb\n"
    state = StateCore(plain, md, {})
    _normalize_rule(state)
    assert state.src is plain  # (nothing to do: the same string, not a copy)
    state = StateCore("a\r\nb\rc\0", md, {})
    _normalize_rule(state)
    assert state.src == "a\nb\nc\ufffd"


# --- the dispatching block tokenizer -------------------------------------------------------

_BLOCK_STARTS = [
    "", " ", "  ", "   ", "    ", "\t", "para", "Para text", "- ", "* ", "+ ", "1. ", "2) ", "10. ", "-", "*", "> ", ">",
    "# ", "## ", "#", "```", "~~~", "```py", "***", "---", "___", "- - -", "===", "<div>", "</div>", "<!-- c -->",
    "<b>x</b>", "[l]: http://x.y", "[^1]: note", "[^1]", "[x]", "| a | b |", "|---|---|", "a | b", "--- | ---",
    "é", "\u00a0x", "_", "+", "1", "9.", "\\#", "`", "~", "<", "[", "/", "%",
]


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(st.sampled_from(_BLOCK_STARTS), min_size=1, max_size=3).map("".join), max_size=16).map("\n".join))
def test_the_dispatching_tokenizer_gives_markdown_its_tokens(text: str) -> None:
    ours = markdown_parser()
    stock = markdown_parser()
    del stock.block.tokenize  # (markdown-it's own method again)
    assert ours.block.tokenize is not stock.block.tokenize
    got = [_sig(t) + (tuple(t.map or ()), t.level, t.block, t.hidden) for t in ours.parse(text)]
    want = [_sig(t) + (tuple(t.map or ()), t.level, t.block, t.hidden) for t in stock.parse(text)]
    assert got == want


def test_the_dispatching_tokenizer_stands_down_for_a_rule_it_does_not_know() -> None:
    from dan.readers.markdown.parser import _dispatching_tokenize

    md = markdown_parser()
    assert _dispatching_tokenize(md) is not None

    def other(state: Any, start: int, end: int, silent: bool) -> bool:
        return False

    md.block.ruler.before("paragraph", "other", other)
    assert _dispatching_tokenize(md) is None


def test_a_table_mixing_plain_cells_and_cells_with_markup_reads_in_order() -> None:
    """Plain cells travel in the table token, the others as inline tokens after it: the
    reader takes each from its place, so every cell lands in its own column and row."""
    import dan

    md = "| a | **b** |\n|---|---|\n| 1 | [x](http://e.com/) |\n| `c` | 2 |\n| | *i* |\n"
    body = dan.convert_string(md, doc_type="markdown").chunks[0].split("\n\n", 1)[1]
    assert body == (
        "| a | **b** |\n| --- | --- |\n| 1 | [x](http://e.com/) |\n| `c` | 2 |\n|  | *i* |"
    )


def test_nesting_past_the_parsers_limit_keeps_its_words_as_text_with_a_warning():
    """An SDK review: 50 nested block quotes gave no chunk, 60 dropped the clause inside them,
    and a list 30 levels deep lost items 24-29 — all without a warning."""
    import dan

    deep = dan.convert_string("# Doc\n\nIntro.\n\n" + ">" * 60 + " the key clause text\n\nAfter.\n", "markdown")
    body = "".join(deep.chunks)
    assert "the key clause text" in body and "After." in body
    assert [w.code for w in deep.warnings] == ["deep-nesting"]
    lists = dan.convert_string("x\n\n" + "".join("  " * i + f"- item{i}\n" for i in range(30)), "markdown")
    assert all(f"item{i}" in "".join(lists.chunks) for i in range(30))
    assert [w.code for w in lists.warnings] == ["deep-nesting"]
    shallow = dan.convert_string("> > quoted\n\n- a\n  - b\n", "markdown")
    assert shallow.warnings == ()
