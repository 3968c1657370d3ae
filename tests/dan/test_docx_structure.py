"""DOCX reader: headings, emphasis, lists, tables, content controls, titles, formats."""

from __future__ import annotations

import io

import docx as pydocx
import pytest
from docx_builder import dele, make_docx, p, r, tbl, tc, tr
from helpers import body_of, check_invariants

import dan


def convert(data: bytes, **kw) -> dan.DanResult:
    res = dan.convert(data, **kw)
    check_invariants(res, kw.get("max_tokens", 1024))
    return res


def body_text(res: dan.DanResult) -> str:
    return "\n\n".join(body_of(c) for c, rec in zip(res.chunks, res.records) if rec["ssType"] == "body")


def test_headings_by_style_name_and_outline_level():
    data = make_docx(
        p("Intro text.")
        + p("Scope", style="Heading1")
        + p("Details", style="Heading2")
        + p("Fine print", style="Heading3")
        + p("Überblick", style="berschrift1")
        + p("Outline para", ppr='<w:outlineLvl w:val="1"/>')
    )
    res = convert(data)
    text = body_text(res)
    assert "# Scope" in text and "## Details" in text and "### Fine print" in text
    assert "# Überblick" in text  # localized heading style recognised by its outline level
    assert "## Outline para" in text  # direct outline level
    recs = res.records
    # text before the first top-level heading is section 1; each top heading starts one
    assert [r_["ssSect"] for r_ in recs] == sorted(r_["ssSect"] for r_ in recs)
    assert max(r_["ssSect"] for r_ in recs) == 3
    assert "# Scope" in "; ".join(r_["ssHeadings"] for r_ in recs)


def test_title_style_is_not_a_heading_but_names_the_document():
    data = make_docx(p("Master Services Agreement", style="Title") + p("Scope", style="Heading1") + p("Text."))
    res = convert(data)
    assert res.doc_title == "Master Services Agreement"
    text = body_text(res)
    assert "**Master Services Agreement**" in text
    assert "# Master Services Agreement" not in text
    assert {r_["ssSect"] for r_ in res.records} == {1, 2} or max(r_["ssSect"] for r_ in res.records) == 2


def test_title_order_core_then_title_then_heading_then_filename(tmp_path):
    assert convert(make_docx(p("T", style="Title"), core_title="Core Title")).doc_title == "Core Title"
    assert convert(make_docx(p("H", style="Heading1") + p("x"))).doc_title == "H"
    path = tmp_path / "quarterly-report.docx"
    path.write_bytes(make_docx(p("just text")))
    assert dan.convert(path).doc_title == "quarterly-report"
    assert dan.convert(make_docx(p("just text"))).doc_title == "just text"  # bytes: first line


def test_bold_italic_direct_and_via_styles():
    data = make_docx(
        p(r("plain "), r("bold", b=True), r(" and "), r("italic", i=True), r(" and "), r("styled", style="Emph"))
        + p("Whole paragraph strong", style="Strong")
    )
    res = convert(data)
    text = body_text(res)
    assert "**bold**" in text and "*italic*" in text and "*styled*" in text
    assert "**Whole paragraph strong**" in text
    rec = res.records[0]
    assert "bold" in rec["ssBold"] and "Whole paragraph strong" in rec["ssBold"]
    assert "italic" in rec["ssItalic"] and "styled" in rec["ssItalic"]


def test_hyperlink_text_line_breaks_tabs_and_hidden_text():
    data = make_docx(
        p(
            '<w:hyperlink r:id="rIdX"><w:r><w:t>the site</w:t></w:r></w:hyperlink>',
            r("line one", extra="<w:br/>"),
            r("line two", extra="<w:tab/>"),
            r("after tab"),
            '<w:r><w:rPr><w:vanish/></w:rPr><w:t>SECRET</w:t></w:r>',
        )
    )
    text = body_text(convert(data))
    assert "the site" in text
    assert "line one\\\nline two\tafter tab" in text
    assert "SECRET" not in text


def test_numbered_and_bulleted_lists_with_nesting():
    data = make_docx(
        p("First", num=(1, 0))
        + p("Sub a", num=(1, 1))
        + p("Sub b", num=(1, 1))
        + p("Deep", num=(1, 2))
        + p("Second", num=(1, 0))
        + p("Bullet", num=(2, 0))
        + p("Inner bullet", num=(2, 1))
        + p("Styled bullet", style="ListBullet")
        + p("Legal one", num=(3, 0))
        + p("Legal one.one", num=(3, 1))
        + p("Restarted at seven", num=(4, 0))
    )
    res = convert(data)
    text = body_text(res)
    lines = text.splitlines()
    assert "1. First" in lines
    assert any(line.strip() == "- (a) Sub a" for line in lines)
    assert any(line.strip() == "- (b) Sub b" for line in lines)
    assert any(line.strip() == "i. Deep" or line.strip() == "- i. Deep" for line in lines)
    assert "2. Second" in lines  # counter continues after the nested items
    assert "- Bullet" in lines and any(line.strip() == "- Inner bullet" for line in lines)
    assert "- Styled bullet" in lines
    assert any(line.strip() == "- 1.1 Legal one.one" for line in lines)
    assert "7. Restarted at seven" in lines
    assert "First" in res.records[0]["ssLists"]
    # nested items are indented under their parent
    sub = next(line for line in lines if "Sub a" in line)
    assert sub.startswith("   ")


def test_table_with_header_row_merges_and_nested_table():
    inner = tbl(tr("x", "y"), tr("z", "w"))
    data = make_docx(
        tbl(
            tr("Name", "Q1", "Q2", header=True),
            tr(tc("Wide", span=2), "3"),
            tr(tc("Tall", vmerge="restart"), "4", "5"),
            tr(tc(vmerge="continue"), "6", tc(p("cell"), inner)),
        )
    )
    res = convert(data)
    text = body_text(res)
    assert "| Name | Q1 | Q2 |\n| --- | --- | --- |" in text
    assert "| Wide | ← | 3 |" in text  # gridSpan written once, the column it covers marked
    assert "| Tall | 4 | 5 |" in text
    assert "| Tall | 6 | cell<br>x / y<br>z / w |" in text  # vMerge repeated down; nested table flattened
    rec = res.records[0]
    assert rec["ssTables"] == "1" and rec["has_table"] == "yes"
    assert rec["ssTableHeads"] == "Name; Q1; Q2"


def test_legacy_horizontal_merges_are_read_as_spans():
    """Word 97's ``w:hMerge`` (a "restart" cell, then "continue" cells) is a span: written
    once, ``←`` in the columns it covers, like ``w:gridSpan``; a continuing cell that holds
    text keeps it, and one that follows no merge is a cell of its own."""
    data = make_docx(
        tbl(
            tr("Item", "Price", "Lead time", "Note", header=True),
            tr("Valve", tc("on request", hmerge="restart"), tc(hmerge="continue"), "new"),
            tr("Pump", tc("Wide", hmerge="restart"), tc(hmerge="continue"), tc(hmerge="continue")),
            tr("Seal", tc("9.50", hmerge="restart"), tc("kept", hmerge="continue"), "x"),
            tr(tc("Orphan", hmerge="continue"), "1", tc(span=2, hmerge="restart"), tc(hmerge="continue")),
        )
    )
    text = body_text(convert(data))
    assert "| Valve | on request | ← | new |" in text
    assert "| Pump | Wide | ← | ← |" in text
    assert "| Seal | 9.50 | kept | x |" in text  # a continuing cell with text is not swallowed
    assert "| Orphan | 1 |" in text


def test_a_legacy_merge_never_swallows_what_a_continuing_cell_holds():
    """A continuing ``w:hMerge`` cell with anything to read — a tracked deletion, a symbol,
    an equation, a point comment — stays a cell (found by a review: only text and pictures
    counted, so these were dropped), and a blank cell after it is not joined to it."""
    deletion = p(dele("was 15.00"))
    symbol = p('<w:r><w:sym w:font="Wingdings" w:char="2713"/></w:r>')
    equation = p('<m:oMath xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math"><m:r><m:t>x</m:t></m:r></m:oMath>')
    bookmarked = '<w:p><w:pPr><w:jc w:val="left"/></w:pPr><w:bookmarkStart w:id="0" w:name="b"/><w:r><w:rPr><w:b/></w:rPr><w:t xml:space="preserve"> </w:t></w:r><w:bookmarkEnd w:id="0"/><w:proofErr w:type="spellStart"/></w:p>'
    data = make_docx(
        tbl(
            tr("Item", "Price", "Old", header=True),
            tr("Valve", tc("12.00", hmerge="restart"), tc(deletion, hmerge="continue")),
            tr("Tick", tc("yes", hmerge="restart"), tc(symbol, hmerge="continue")),
            tr("Formula", tc("f", hmerge="restart"), tc(equation, hmerge="continue")),
            tr("Blank", tc("9.50", hmerge="restart"), tc(bookmarked, hmerge="continue")),
        )
        + p("Between the tables.")
        + tbl(tr("A", "B", "C", "D", header=True),
            tr("Seal", tc("9.50", hmerge="restart"), tc("kept", hmerge="continue"), tc(hmerge="continue"))),
    )
    text = body_text(convert(data))
    assert "| Valve | 12.00 | {--was 15.00--}" in text  # a revision is never dropped
    assert "| Tick | yes | ✓ |" in text
    assert "| Formula | f | $x$ |" in text
    assert "| Blank | 9.50 | ← |" in text  # bookmarks, proofing marks and a space are nothing
    assert "| Seal | 9.50 | kept |  |" in text  # the blank cell is not joined to "kept"


def test_vertical_merges_end_where_their_column_stops_continuing():
    data = make_docx(
        tbl(
            tr(tc("A", vmerge="restart"), tc("B", vmerge="restart"), "c1"),
            tr(tc(vmerge="continue"), tc(vmerge="continue"), "c2"),
            tr(tc(vmerge="continue"), "b3", "c3"),  # B's merge stops here, A's goes on
            tr(tc(vmerge="continue"), tc("B4", vmerge="restart"), "c4"),
            tr("a5", tc(vmerge="continue"), "c5"),
        )
    )
    text = body_text(convert(data))
    for row in ("| A | B | c1 |", "| A | B | c2 |", "| A | b3 | c3 |", "| A | B4 | c4 |", "| a5 | B4 | c5 |"):
        assert row in text


def test_table_split_over_chunks_repeats_header():
    rows = [tr("Item", "Amount", header=True)] + [tr(f"Line item number {i} with words", f"{i * 10}.00") for i in range(60)]
    res = convert(make_docx(p("Before.") + tbl(*rows) + p("After.")), max_tokens=128)
    table_chunks = [c for c, rec in zip(res.chunks, res.records) if rec["ssTables"] == "1"]
    assert len(table_chunks) >= 4
    for c in table_chunks:
        body = body_of(c)
        assert "| Item | Amount |\n| --- | --- |" in body
    # no row cut: every source row appears whole
    joined = "\n".join(table_chunks)
    for i in range(60):
        assert f"| Line item number {i} with words | {i * 10}.00 |" in joined


def test_content_controls_in_body_and_cells():
    sdt_para = '<w:sdt><w:sdtPr/><w:sdtContent>' + p("Inside a content control") + "</w:sdtContent></w:sdt>"
    sdt_cell = (
        "<w:tbl><w:tr><w:sdt><w:sdtContent>" + tc("cell in control") + "</w:sdtContent></w:sdt>" + tc("plain") + "</w:tr></w:tbl>"
    )
    sdt_run = p('<w:sdt><w:sdtContent><w:r><w:t>inline control</w:t></w:r></w:sdtContent></w:sdt>')
    text = body_text(convert(make_docx(sdt_para + sdt_cell + sdt_run)))
    assert "Inside a content control" in text
    assert "| cell in control | plain |" in text
    assert "inline control" in text


def test_text_boxes_and_math_text_are_kept():
    box = (
        '<w:r><w:drawing><wp:inline><w:txbxContent>' + p("Boxed note") + "</w:txbxContent></wp:inline></w:drawing></w:r>"
    )
    math = '<m:oMath><m:r><m:t>E=mc2</m:t></m:r></m:oMath>'
    text = body_text(convert(make_docx(p("Anchor " + "", box) + p(math))))
    assert "Boxed note" in text and "E=mc2" in text


def test_python_docx_document_roundtrip():
    d = pydocx.Document()
    d.core_properties.title = "Built with python-docx"
    d.add_heading("Overview", level=1)
    para = d.add_paragraph("Normal and ")
    para.add_run("bold").bold = True
    d.add_paragraph("item one", style="List Bullet")
    d.add_paragraph("step one", style="List Number")
    table = d.add_table(rows=2, cols=2)
    table.cell(0, 0).text, table.cell(0, 1).text = "K", "V"
    table.cell(1, 0).text, table.cell(1, 1).text = "a", "1"
    d.add_page_break()
    d.add_heading("Second", level=1)
    buf = io.BytesIO()
    d.save(buf)
    res = convert(buf.getvalue())
    assert res.doc_title == "Built with python-docx"
    text = "\n".join(res.chunks)
    assert "# Overview" in text and "**bold**" in text and "- item one" in text and "1. step one" in text
    assert "| K | V |" in text and "| a | 1 |" in text
    second = next(rec for c, rec in zip(res.chunks, res.records) if "# Second" in c)
    assert second["ssPage"] == 2 and second["ssSect"] == 2


@pytest.mark.parametrize("suffix", [".docx", ".docm", ".dotx"])
def test_import_file_and_bytes_and_extensions(tmp_path, suffix):
    data = make_docx(p("Hello from a file."))
    path = tmp_path / f"doc{suffix}"
    path.write_bytes(data)
    from_file = dan.convert(path)
    from_bytes = dan.convert(data)
    assert from_file.chunks[0].endswith("Hello from a file.")
    assert from_file.doc_id == from_bytes.doc_id  # content-derived id
    d = dan.Dan()
    d.import_bytes(data, "docx")
    assert d.get_markdown().chunks == from_bytes.chunks


def test_strict_ooxml_is_read():
    data = make_docx(p("Strict", style="Heading1") + p("Strict body text."), strict=True)
    res = convert(data)
    assert "# Strict" in res.chunks[0] and "Strict body text." in res.chunks[0]


def test_empty_document_has_zero_chunks_but_id_and_title():
    res = dan.convert(make_docx(""))
    assert len(res) == 0 and res.doc_id.startswith("D") and res.doc_title == "Untitled"


def test_a_title_row_across_the_table_is_its_caption_once_and_repeated_with_the_header():
    title = tr(tc("Price list 2024, all regions", span=6))
    head = tr(*[f"H{c}" for c in range(6)], header=False)
    body = [tr(*[f"r{r}c{c}" for c in range(6)]) for r in range(40)]
    res = convert(make_docx(tbl(title, head, *body)), max_tokens=400)
    check_invariants(res, 400)
    assert len(res.chunks) > 2
    for chunk in res.chunks:
        text = body_of(chunk)
        assert text.startswith("Price list 2024, all regions\n\n| H0 | H1 | H2 | H3 | H4 | H5 |\n| --- |")
        assert text.count("Price list 2024") == 1  # once, not once per column
    assert res.records[0]["ssTableHeads"] == "H0; H1; H2; H3; H4; H5"
    assert "Price list 2024, all regions / Price list" not in res.doc_title
    # a header over a quarter of max_tokens repeats in compact form: column names, no caption
    tight = convert(make_docx(tbl(title, head, *body)), max_tokens=160)
    check_invariants(tight, 160)
    assert body_of(tight.chunks[0]).startswith("Price list 2024, all regions\n\n| H0 |")
    for chunk, record in list(zip(tight.chunks, tight.records))[1:]:
        assert body_of(chunk).startswith("| H0 | H1 | H2 | H3 | H4 | H5 |\n|---|") and record.get("ssCompactHeads")


def test_a_row_spanning_part_of_the_table_is_not_a_caption():
    res = convert(make_docx(tbl(tr(tc("Wide", span=2), "x"), tr("a", "b", "c"), tr("d", "e", "f"))))
    assert "| Wide | ← | x |\n| --- | --- | --- |" in body_text(res)
    one_col = convert(make_docx(tbl(tr("Only"), tr("one"), tr("column"))))
    assert "| Only |\n| --- |\n| one |" in body_text(one_col)
