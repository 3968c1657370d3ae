"""Renderer, splitter, chunker and citation header: the rules of SPEC §3 and §7."""

from __future__ import annotations

import pytest
from helpers import body_of, check_invariants, exact_tokens

import dan
from dan import model as m
from dan.pipeline.citation import citation_header, header_budget
from dan.fields import DEFAULT_LABELS
from dan.pipeline.render import render_document
from dan.tokenizer import count_tokens


def md(text: str, max_tokens: int = 1024, **kw) -> dan.DanResult:
    res = dan.convert_string(text, doc_type="markdown", max_tokens=max_tokens, **kw)
    check_invariants(res, max_tokens)
    return res


# ------------------------------------------------------------------ citation header


def test_header_format_and_labels():
    line = citation_header(DEFAULT_LABELS, "Report", ["Scope", "Fees"], 3, 4, True, 100, count_tokens)
    assert line == "[doc_title: Report | section_path: Scope > Fees | page_range: 3-4 (est.)]"
    line = citation_header(DEFAULT_LABELS, "Report", [], 3, 3, False, 100, count_tokens)
    assert line == "[doc_title: Report | page_range: 3]"


def test_header_shortening_order():
    title = "A very long document title that goes on and on about quarterly results"
    path = ["Chapter one with a long name", "Section two", "Sub three"]
    full = citation_header(DEFAULT_LABELS, title, path, 1, 1, False, 1000, count_tokens)
    line = citation_header(DEFAULT_LABELS, title, path, 1, 1, False, count_tokens(full) - 1, count_tokens)
    assert title in line and "Chapter one" not in line and "Sub three" in line  # outer headings go first
    one_heading = citation_header(DEFAULT_LABELS, title, path[-1:], 1, 1, False, 1000, count_tokens)
    line = citation_header(DEFAULT_LABELS, title, path, 1, 1, False, count_tokens(one_heading) - 4, count_tokens)
    assert "…" in line and title not in line and "Sub three" in line  # then the title is shortened
    assert count_tokens(line) <= count_tokens(one_heading) - 4
    tight = citation_header(DEFAULT_LABELS, title, path, 12, 13, True, 12, count_tokens)
    assert "page_range: 12-13 (est.)" in tight  # pages always stay
    assert "section_path" not in tight


def test_header_budget_rule():
    assert header_budget(16) == 8 and header_budget(1024) == 256
    res = md("# " + "word " * 300 + "\n\ntext", max_tokens=64)
    for c in res.chunks:
        assert count_tokens(c.split("\n\n", 1)[0]) <= max(header_budget(64), 12)


def test_header_sanitises_brackets_and_pipes():
    line = citation_header(DEFAULT_LABELS, "A [draft] | v2", ["x|y"], 1, 1, False, 100, count_tokens)
    assert line == "[doc_title: A (draft) / v2 | section_path: x/y | page_range: 1]"


# ------------------------------------------------------------------ boundaries


def test_chunks_prefer_heading_boundaries_and_never_end_after_a_heading():
    para = "This sentence has exactly some words in it for filler. " * 12
    text = "\n\n".join(f"## Part {i}\n\n{para}" for i in range(8))
    res = md("# Doc\n\n" + text, max_tokens=400)
    for c in res.chunks:
        body = body_of(c)
        last_line = body.rstrip().split("\n")[-1]
        assert not last_line.startswith("#"), "a chunk ends right after a heading"
    # two parts fit in a chunk: every chunk after the first starts at a sub-heading
    assert len(res) == 4
    assert all(body_of(c).startswith("## Part") for c in res.chunks[1:])


def test_top_level_sections_are_hard_boundaries():
    res = md("# A\n\nshort a\n\n# B\n\nshort b\n\n# C\n\nshort c")
    assert [body_of(c).split("\n")[0] for c in res.chunks] == ["# A", "# B", "# C"]
    assert [r["ssSect"] for r in res.records] == [1, 2, 3]


def test_join_sections_lets_short_sections_share_a_chunk():
    text = "".join(f"# Section {i}\n\nShort text number {i} about the topic.\n\n" for i in range(1, 13))
    apart = md(text)
    joined = md(text, join_sections=True)
    assert len(apart) == 12 and [(r["ssSect"], r["ssSectLast"]) for r in apart.records] == [(i, i) for i in range(1, 13)]
    assert len(joined) == 1 and (joined.records[0]["ssSect"], joined.records[0]["ssSectLast"]) == (1, 12)
    assert body_of(joined.chunks[0]) == "\n\n".join(body_of(c) for c in apart.chunks)  # nothing lost or moved
    import ven

    assert ven.Ven(joined.records).section_chunks() == (1,) * 12


def test_join_sections_when_under_half_full_or_the_next_section_fits():
    para = "Every word of this sentence is ordinary filler for a long enough section. " * 30
    text = "".join(f"# Part {i}\n\n{para}\n\n# Note {i}\n\nA short note.\n\n" for i in range(3))
    apart = md(text, max_tokens=512)
    assert [(r["ssSect"], r["ssSectLast"]) for r in apart.records] == [(i, i) for i in range(1, 7)]
    # each part is over half the limit, but its short note fits after it
    joined = md(text, max_tokens=512, join_sections=True)
    assert [(r["ssSect"], r["ssSectLast"]) for r in joined.records] == [(1, 2), (3, 4), (5, 6)]
    assert all(body_of(c).startswith("# Part") for c in joined.chunks)
    # a part that does not fit after a chunk over half full starts a chunk of its own
    two = md("# Part A\n\n" + para + "\n\n# Part B\n\n" + para, max_tokens=512, join_sections=True)
    assert [(r["ssSect"], r["ssSectLast"]) for r in two.records] == [(1, 1), (2, 2)]


def test_a_joined_chunk_cites_the_range_of_its_top_level_sections():
    text = "# Alpha\n\nOne.\n\n## Alpha one\n\nTwo.\n\n# Beta\n\nThree.\n\n# Gamma\n\n## Gamma one\n\nFour.\n"
    joined = md(text, join_sections=True)
    assert len(joined) == 1
    assert "| section_path: Alpha – Gamma |" in joined.chunks[0].split("\n")[0]
    # one section alone keeps its full heading path, joined or not
    one = md("# Alpha\n\n## Alpha one\n\n" + "Filler words for a section. " * 80 + "\n\n# Beta\n\n" + "More filler. " * 200,
             max_tokens=256, join_sections=True)
    assert all(r["ssSect"] == r["ssSectLast"] for r in one.records)
    assert "| section_path: Alpha > Alpha one |" in one.chunks[1].split("\n")[0]
    # a preamble without a heading joined to a section cites that section
    pre = md("Preamble text.\n\n# Beta\n\nThree.\n", join_sections=True)
    assert len(pre) == 1 and "| section_path: Beta |" in pre.chunks[0].split("\n")[0]


def test_join_sections_is_a_bool():
    with pytest.raises(dan.DanError, match="join_sections"):
        dan.convert_string("# A", "markdown", join_sections="yes")  # type: ignore[arg-type]


def test_mean_fill_on_ordinary_prose_is_about_70_percent():
    import random

    rng = random.Random(3)
    words = "the of and to in a is that for it as was with be by on not this are or from at which".split()
    paras = []
    for i in range(120):
        if i % 10 == 0:
            paras.append(f"## Section {i}")
        sent = [" ".join(rng.choice(words) for _ in range(rng.randint(8, 20))).capitalize() + "." for _ in range(rng.randint(2, 7))]
        paras.append(" ".join(sent))
    res = md("# Prose\n\n" + "\n\n".join(paras))
    fill = sum(r["ssTokens"] for r in res.records) / len(res) / 1024
    assert 0.55 <= fill <= 0.9


def test_oversize_paragraph_splits_at_sentences_then_words_then_tokens():
    sentences = " ".join(f"Sentence {i} is here." for i in range(200))
    res = md(sentences, max_tokens=64)
    for c in res.chunks:
        assert body_of(c).endswith(".")  # every part ends at a sentence end
    word = "x" * 3000
    res = md(f"start {word} end", max_tokens=32)
    joined = "".join(body_of(c) for c in res.chunks)
    assert joined.replace("\n", "").replace(" ", "") == f"start{word}end"


def test_token_split_never_cuts_a_grapheme():
    family = "👨‍👩‍👧‍👦"
    accent = "e\u0301"
    res = md((family + accent) * 200, max_tokens=40)
    for c in res.chunks:
        body = body_of(c)
        assert not body.startswith(("\u200d", "\u0301"))
        assert not body.endswith("\u200d")
    # a limit too small for one whole grapheme still converts (cut at code points)
    tiny = md(family * 20, max_tokens=16)
    assert "".join(body_of(c) for c in tiny.chunks) == family * 20


def test_list_items_and_rows_stay_whole():
    items = "\n".join(f"- item number {i} with a few words" for i in range(60))
    res = md(items, max_tokens=80)
    for c in res.chunks:
        for line in body_of(c).split("\n"):
            assert line.startswith("- item number") and line.endswith("few words")


def test_split_table_repeats_header_and_lists_table_ids():
    rows = "\n".join(f"| r{i} | value {i} |" for i in range(80))
    res = md("Intro.\n\n| Key | Value |\n|---|---|\n" + rows + "\n\nOutro.\n\n| A | B |\n|---|---|\n| 1 | 2 |", max_tokens=100)
    first_table = [c for c, r in zip(res.chunks, res.records) if "1" in r["ssTables"].split("; ")]
    assert len(first_table) > 3
    for c in first_table:
        assert "| Key | Value |\n| --- | --- |" in c
    assert any(r["ssTables"] == "2" or r["ssTables"].endswith("2") for r in res.records)


def test_oversize_row_splits_at_cells_under_the_header():
    long = " ".join(f"Clause {i} applies." for i in range(60))
    res = md(f"| A | B |\n|---|---|\n| short | {long} |", max_tokens=80)
    assert len(res) > 2
    for c in res.chunks:
        assert "| A | B |\n| --- | --- |" in c


def test_code_fences_stay_whole_when_they_fit_and_are_refenced_when_split():
    code = "\n".join(f"line_{i} = {i}" for i in range(40))
    res = md(f"Intro.\n\n```python\n{code}\n```", max_tokens=64)
    parts = [body_of(c) for c in res.chunks if "line_" in c]
    assert len(parts) > 1
    for part in parts:
        assert part.count("```") == 2 and part.count("```python") == 1


def test_revision_marks_never_cut_across_chunks_without_author():
    long = " ".join(f"word{i}" for i in range(400))
    res = md(f'<ins data-author="Zoe">{long}</ins>', max_tokens=48)
    for c in res.chunks:
        body = body_of(c)
        assert body.count("{++") == body.count("++}{>>rev: Zoe<<}") == 1


def test_max_tokens_below_16_is_an_error():
    with pytest.raises(dan.DanError, match="at least 16"):
        dan.convert_string("x", doc_type="text", max_tokens=15)


def test_output_is_deterministic():
    text = "# T\n\n" + "Some words here. " * 500
    assert md(text, max_tokens=128).chunks == md(text, max_tokens=128).chunks


# ------------------------------------------------------------------ renderer


def test_merged_cells_across_columns_once_down_rows_in_each_and_header_rows():
    cell = lambda t, **kw: m.Cell((m.Paragraph((m.Text(t),)),), **kw)  # noqa: E731
    table = m.Table(
        (
            m.Row((cell("H1"), cell("H2"), cell("H3")), header=True),
            m.Row((cell("Sub", colspan=3),), header=True),
            m.Row((cell("tall", rowspan=2), cell("a"), cell("b"))),
            m.Row((cell("c"), cell("d"))),
        )
    )
    units = render_document(m.Document(body=(table,)), count_tokens).units
    assert units[0].table_header == "| H1 | H2 | H3 |\n| --- | --- | --- |\n| Sub | ← | ← |"
    # merged down rows: in each row, so each row stands alone
    assert [u.md for u in units] == ["| tall | a | b |", "| tall | c | d |"]
    assert units[0].table_heads == ("H1", "H2", "H3")


def test_a_cells_own_arrow_is_escaped_and_a_nested_merged_cell_is_written_once():
    cell = lambda t, **kw: m.Cell((m.Paragraph((m.Text(t),)),), **kw)  # noqa: E731
    nested = m.Table((m.Row((cell("inner wide", colspan=2),)), m.Row((cell("p"), cell("q")))))
    table = m.Table(
        (
            m.Row((cell("Key"), cell("Symbol"), cell("Action")), header=True),
            m.Row((cell("Left arrow"), cell("←"), cell("Move the cursor left"))),
            m.Row((cell("x"), m.Cell((nested,)), cell("y"))),
        )
    )
    units = render_document(m.Document(body=(table,)), count_tokens).units
    assert units[0].md == "| Left arrow | \\← | Move the cursor left |"
    assert units[0].plain.splitlines()[-1] == "Left arrow | ← | Move the cursor left"
    assert units[1].md == "| x | inner wide<br>p / q | y |"


def test_a_split_row_keeps_the_mark_where_its_merged_cell_is():
    import dan

    note = " ".join(f"word{i}" for i in range(120))
    html = (
        "<table><tr><th>Item</th><th>Price</th><th>Lead time</th><th>Note</th></tr>"
        f"<tr><td>Valve</td><td colspan=2>On request</td><td>{note}</td></tr></table>"
    )
    res = dan.convert_string(html, doc_type="html", max_tokens=128)
    rows = [line for c in res.chunks for line in c.split("\n") if line.startswith("| Valve") or "word" in line]
    assert rows[0].startswith("| Valve | On request | ← |")
    # the parts that hold only the note leave the merged columns empty, never "←" alone
    assert all(not line.startswith("|  | ←") for line in rows[1:])
    assert sum(c.count("On request") for c in res.chunks) == 1


def test_table_ids_are_unique_across_stories_in_order():
    t = lambda: m.Table((m.Row((m.Cell((m.Paragraph((m.Text("x"),)),)),)),))  # noqa: E731
    doc = m.Document(body=(t(), t()), headers=(m.HeaderFooter("header", (t(),)),))
    units = render_document(doc, count_tokens).units
    assert [u.table for u in units] == [1, 2, 3]


def test_sections_and_heading_paths():
    doc = m.Document(
        body=(
            m.Paragraph((m.Text("preface"),)),
            m.Heading(2, (m.Text("A"),)),
            m.Heading(3, (m.Text("A1"),)),
            m.Paragraph((m.Text("in A1"),)),
            m.Heading(2, (m.Text("B"),)),
            m.Paragraph((m.Text("in B"),)),
        )
    )
    units = render_document(doc, count_tokens).units
    assert [(u.section, u.path) for u in units] == [
        (1, ()),
        (2, ("A",)),
        (2, ("A", "A1")),
        (2, ("A", "A1")),
        (3, ("B",)),
        (3, ("B",)),
    ]


def test_ssheadings_are_relative_levels_1_to_3():
    res = md("## Top\n\n### Mid\n\n#### Low\n\n##### Deep\n\ntext")
    assert res.records[0]["ssHeadings"] == "# Top; ## Mid; ### Low"


def test_chunk_tokens_are_exact():
    res = md("# x\n\n" + "漢字かな交じり文。" * 300, max_tokens=50)
    assert all(r["ssTokens"] == exact_tokens(c) for c, r in zip(res.chunks, res.records))


def test_bold_in_adjacent_cells_are_separate_phrases():
    res = md("| A | B | C |\n|---|---|---|\n| **Total** | **3,120** | **2,910** |")
    assert res.records[0]["ssBold"] == "Total; 3,120; 2,910"


def test_code_part_with_only_blank_lines_at_a_tiny_budget():
    """Found by fuzzing (an HTML <pre> at max_tokens=16): the remainder of a cut code block
    was a single blank line, and cutting it for a 3-token budget raised IndexError."""
    from dan.pipeline.splitter import split_head
    from dan.pipeline.units import CODE, Unit

    unit = Unit(CODE, "body")
    unit.code_lines, unit.code_lang, unit.plain = ["", "x" * 30, "  "], "lisp", "x" * 30
    head, rest = split_head(unit, 3, count_tokens)
    parts = [head]
    while rest is not None:
        head, rest = split_head(rest, 3, count_tokens)
        parts.append(head)
    assert "".join(p.md for p in parts).count("x") == 30
    assert all(p.md.strip() for p in parts)


def test_long_constructors_take_keywords_only() -> None:
    from dan.pipeline.chunker import Chunker
    from dan.fields import DEFAULT_LABELS
    from dan.pipeline.records import RecordContext
    from dan.tokenizer import count_tokens

    with pytest.raises(TypeError):
        Chunker(1024, "T", DEFAULT_LABELS, False, count_tokens)  # type: ignore[misc]
    with pytest.raises(TypeError):
        RecordContext("D", "T", "estimated", DEFAULT_LABELS, {}, None, 1)  # type: ignore[misc]
    chunker = Chunker(max_tokens=64, title="T", labels=DEFAULT_LABELS, estimated=True, count=count_tokens)
    assert chunker.max_tokens == 64 and chunker.max_chunks is None


def test_dense_markup_is_cut_into_full_chunks():
    # Emphasis on every other letter makes the Markdown cost several times the text's
    # tokens: a cut must still find the largest head that fits, not fall back to a few
    # characters per chunk (3,500 pairs made 250 chunks of '*a*\na' before).
    res = dan.convert_string("*a" * 3500, "markdown", max_tokens=1024)
    assert 2 <= len(res.chunks) <= 8
    for rec in res.records[:-1]:
        assert rec["ssTokens"] > 1024 // 2
    assert sum(body_of(c).count("a") for c in res.chunks) == 3500


def test_each_part_of_a_cut_code_block_describes_its_own_lines():
    lines = [f"line {i:05d} of the listing" for i in range(3000)]
    res = dan.convert_string("```\n" + "\n".join(lines) + "\n```\n", "markdown", max_tokens=256)
    assert len(res.chunks) > 10
    for chunk, rec in zip(res.chunks, res.records):
        first = chunk.split("```\n", 1)[1].split("\n", 1)[0]
        assert rec["ssPlain"].startswith(first), (rec["ssSeq"], first, rec["ssPlain"][:40])
    body = "".join(c.split("```\n", 1)[1].rsplit("\n```", 1)[0] + "\n" for c in res.chunks)
    assert body.split("\n")[:-1] == lines  # every line once, in order


def test_a_grapheme_cut_moves_back_at_most_a_stream_safe_run():
    from dan.pipeline.splitter import _MAX_CLUSTER, _grapheme_floor

    family = "ab \U0001F468\u200d\U0001F469\u200d\U0001F467 cd"
    inside = family.index("\u200d") + 1
    assert _grapheme_floor(family, inside) == family.index("\U0001F468")  # kept whole
    flood = "a" + "\u0301" * 10_000 + " b"
    assert _grapheme_floor(flood, 5) == 0  # a short way in: the cluster's start
    assert _grapheme_floor(flood, 5000) == 5000  # deep inside: cut at a code point
    assert _grapheme_floor(flood, _MAX_CLUSTER) == 0


@pytest.mark.parametrize(
    "text",
    ["a" + "\u0301" * 20_000 + " tail", "\U0001F468\u200d" * 5000 + "x", "\U0001F44D" + "\U0001F3FB" * 8000],
)
def test_grapheme_floods_convert_within_the_limit(text):
    res = dan.convert_string(text, "text", max_tokens=128)
    check_invariants(res, 128)
    # nothing lost or repeated: the parts joined are the text (whitespace aside)
    assert "".join("".join(body_of(c).split()) for c in res.chunks) == "".join(text.split())


def test_a_table_too_wide_for_the_limit_keeps_each_row_together_as_text():
    # 20 columns under a 128-token limit: the repeated header leaves no room for even a
    # row of empty cells, so rows become plain text, not one chunk per cell (100 before).
    cols = 20
    head = "| " + " | ".join("h" for _ in range(cols)) + " |\n|" + "---|" * cols + "\n"
    rows = "".join("| " + " | ".join(str(r) for _ in range(cols)) + " |\n" for r in range(5))
    res = dan.convert_string(head + rows, "markdown", max_tokens=128)
    check_invariants(res, 128)
    assert len(res.chunks) <= 10
    text = " ".join(body_of(c) for c in res.chunks)
    assert [text.count(str(r)) for r in range(5)] == [cols] * 5  # every cell, once


def test_a_cell_merged_across_columns_is_written_once_and_named_once():
    cell = lambda t, **kw: m.Cell((m.Paragraph((m.Text(t),)),), **kw)  # noqa: E731
    table = m.Table(
        (
            m.Row((cell("Region", rowspan=2), cell("Quarterly revenue", colspan=3)), header=True),
            m.Row((cell("Q1"), cell("Q2"), cell("Q3")), header=True),
            m.Row((cell("North"), cell("1"), cell("2"), cell("3"))),
        )
    )
    unit = render_document(m.Document(body=(table,)), count_tokens).units[0]
    assert unit.table_header.splitlines()[0] == "| Region | Quarterly revenue | ← | ← |"
    assert unit.lead.splitlines() == ["Region | Quarterly revenue", "Region | Q1 | Q2 | Q3"]
    assert unit.table_heads == ("Region", "Quarterly revenue")


def test_a_body_cell_merged_across_columns_is_written_once():
    cell = lambda t, **kw: m.Cell((m.Paragraph((m.Text(t),)),), **kw)  # noqa: E731
    table = m.Table(
        (
            m.Row((cell("Item"), cell("Price"), cell("Lead time"), cell("Note")), header=True),
            m.Row((cell("Valve"), cell("On request", colspan=2), cell("new"))),
            m.Row((cell("Subtotal of the section", colspan=4),)),
            m.Row((cell("Wide and tall", colspan=2, rowspan=2), cell("a"), cell("b"))),
            m.Row((cell("c"), cell("d"))),
        )
    )
    units = render_document(m.Document(body=(table,)), count_tokens).units
    assert [u.md for u in units] == [
        "| Valve | On request | ← | new |",
        "| Subtotal of the section | ← | ← | ← |",
        "| Wide and tall | ← | a | b |",
        "| Wide and tall | ← | c | d |",
    ]
    # plain text, for records and the index, holds each cell once and no marker
    assert [u.plain.splitlines()[-1] for u in units] == [
        "Valve | On request | new",
        "Subtotal of the section",
        "Wide and tall | a | b",
        "Wide and tall | c | d",
    ]


def test_cli_join_sections(tmp_path):
    import io
    import json

    from dan import cli

    doc = tmp_path / "notes.md"
    doc.write_text("".join(f"# S{i}\n\nshort {i}\n\n" for i in range(5)), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert cli.main(["convert", str(doc)], stdout=out, stderr=err) == 0
    assert len(out.getvalue().splitlines()) == 5
    out = io.StringIO()
    assert cli.main(["convert", str(doc), "--join-sections"], stdout=out, stderr=err) == 0
    (line,) = out.getvalue().splitlines()
    rec = json.loads(line)
    assert (rec["metadata"]["ssSect"], rec["metadata"]["ssSectLast"]) == (1, 5)


# ---------------------------------------------------------------------- no table text lost


@pytest.mark.parametrize("max_tokens", [48, 64, 1024])
def test_a_header_only_table_under_a_title_row_keeps_its_title_when_cut(max_tokens: int):
    # A title row (one cell across the table) above a single row: when that row must be
    # cut, every part still carries the title, and no word of either is lost.
    title = "Quarterly delivery figures for the northern depots"
    cells = "".join(f"<td>{' '.join(f'w{c}x{i}' for i in range(12))}</td>" for c in range(4))
    html = f"<table><tr><td colspan=4>{title}</td></tr><tr>{cells}</tr></table>"
    res = dan.convert_string(html, "html", max_tokens=max_tokens)
    check_invariants(res, max_tokens)
    text = " ".join(body_of(c) for c in res.chunks)
    for word in title.split():
        assert word in text
    for c in range(4):
        for i in range(12):
            assert f"w{c}x{i}" in text
    if max_tokens == 64:
        assert len(res.chunks) > 1
        assert all(title in body_of(c) for c in res.chunks)


def test_a_table_wider_than_max_columns_keeps_the_text_of_every_cell():
    from dan.pipeline.render import MAX_COLUMNS

    n = MAX_COLUMNS + 40
    head = "".join(f"<th>h{i}</th>" for i in range(n))
    row = "".join(f"<td>c{i}</td>" for i in range(n))
    res = dan.convert_string(f"<table><tr>{head}</tr><tr>{row}</tr></table>", "html", max_tokens=4096)
    check_invariants(res, 4096)
    text = "\n".join(res.chunks)
    missing = [i for i in range(n) if f"c{i}<" not in text and f"c{i} " not in text and f"c{i}\n" not in text]
    assert not missing, missing[:5]
    # the grid stays MAX_COLUMNS wide: the extra cells sit in its last column
    table_lines = [ln for ln in text.split("\n") if ln.startswith("| c0 ")]
    assert table_lines and table_lines[0].count(" | ") == MAX_COLUMNS - 1


def test_a_long_code_line_above_other_lines_is_measured_in_parts_not_whole_per_cut(monkeypatch):
    # found by the fuzzer (a 25 KB Markdown input took 26 s at max_tokens=16): each part cut
    # from a long first line of a code block re-measured the whole rest of that line
    from dan.tokenizer import encoding

    enc = encoding()
    real = type(enc).encode_ordinary
    measured = [0]

    def counting(text: str) -> list[int]:
        measured[0] += len(text)
        return real(enc, text)

    monkeypatch.setattr(enc, "encode_ordinary", counting)
    md = "```\n" + "[x](http://a)" * 4000 + "\nnext line\n```\n"
    res = dan.convert_string(md, "markdown", max_tokens=64, limits=dan.Limits(max_chunks=10**6))
    check_invariants(res, 64)
    assert any("next" in c for c in res.chunks)  # the line after it is kept
    assert measured[0] < 60 * len(md)  # linear: about 22x the text (264x before the fix)
