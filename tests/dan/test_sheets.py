"""Spreadsheets: XLSX/XLSM (fixtures built with openpyxl, or by hand where openpyxl cannot
write what is tested) and CSV/TSV (built here, in several encodings and dialects)."""

from __future__ import annotations

import datetime as dt
import io

import pytest

import dan
from dan.detect import detect
from dan.readers.options import ReadOptions
from dan.readers.sheets import read_csv, read_xlsx
from dan.readers.sheets.numfmt import format_number
from helpers import check_invariants
from sheet_build import xlsx

openpyxl = pytest.importorskip("openpyxl")


def _save(wb: object) -> bytes:
    buf = io.BytesIO()
    wb.save(buf)  # type: ignore[attr-defined]
    return buf.getvalue()


def _workbook() -> bytes:
    from openpyxl.comments import Comment

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Prices"
    ws["A1"] = "Price list 2025"
    ws.append([])
    ws.append(["Item", "Price", "Date", "Share"])
    ws.append(["Widget", 1234.5, dt.date(2025, 1, 31), 0.25])
    ws.append(["Gadget", 99, dt.date(2025, 2, 1), 0.5])
    ws.append(["Text formula", "=SUM(B4:B5)", None, None])
    ws["B4"].number_format = "#,##0.00"
    ws["C4"].number_format = "yyyy-mm-dd"
    ws["C5"].number_format = "d-mmm-yy"
    ws["D4"].number_format = "0%"
    ws["D5"].number_format = "0.0%"
    ws["A4"].comment = Comment("Check the price", "Alice")
    ws.merge_cells("A7:B7")
    ws["A7"] = "merged"
    ws.row_dimensions[5].hidden = True
    ws["B5"].comment = Comment("A note in a hidden row", "Bob")
    ws.column_dimensions["D"].hidden = True
    secret = wb.create_sheet("Secret")
    secret["A1"] = "hidden words"
    secret.sheet_state = "hidden"
    return _save(wb)


def test_a_sheet_is_a_section_with_its_range_as_a_table() -> None:
    doc = read_xlsx(_workbook(), dan.Limits())
    assert isinstance(doc.body[0], dan.model.Heading)
    assert doc.body[0].inlines == (dan.model.Text("Prices"),)
    res = dan.convert(_workbook(), max_tokens=400)
    text = res.chunks[0]
    assert "# Prices" in text
    assert "Price list 2025" in text.split("| Item")[0]  # the title row is a paragraph above
    assert "| Item | Price | Date |" in text  # the header row detected below it
    assert "| {==Widget==}{>>Alice: Check the price<<} |" in text and "1,234.50 | 2025-01-31 |" in text
    assert res.records[0]["ssTableHeads"] == "Item; Price; Date"
    assert res.records[0]["ssComAuthors"] == "Alice"
    assert "| merged | ← |" in text  # a range merged across columns: once, as for DOCX
    # hidden sheet, row and column are left out
    assert "Secret" not in text and "Gadget" not in text and "Share" not in text
    assert "A note in a hidden row" not in text
    assert "=SUM" not in text  # an uncalculated formula shows nothing, never its formula
    check_invariants(res, 400)


def test_hidden_content_is_kept_and_marked_on_request() -> None:
    res = dan.convert(_workbook(), max_tokens=400, keep_hidden=True)
    text = "\n".join(res.chunks)
    assert "Secret (hidden sheet)" in text and "hidden words" in text
    assert "(hidden row) Gadget" in text and "1-Feb-25" in text and "50.0%" in text
    assert "Share (hidden column)" in text and "25%" in text


def test_cached_formula_values_are_shown_never_formulas() -> None:
    data = xlsx(
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>'
        '<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><f>SUM(C1:C9)</f><v>42</v></c></row>'
        '<row r="3"><c r="A3" t="s"><v>3</v></c><c r="B3" t="str"><f>A1&amp;"x"</f><v>Namex</v></c></row>'
        '<row r="4"><c r="A4" t="s"><v>4</v></c><c r="B4" t="b"><v>1</v></c></row>'
        '<row r="5"><c r="A5" t="inlineStr"><is><t>=HYPERLINK("http://x")</t></is></c><c r="B5" t="e"><v>#N/A</v></c></row>',
        shared=["Name", "Value", "sum", "joined", "flag"],
    )
    text = dan.convert(data, max_tokens=300).chunks[0]
    assert "| sum | 42 |" in text and "| joined | Namex |" in text and "| flag | TRUE |" in text
    assert "SUM(C1" not in text and "#N/A" in text
    assert "HYPERLINK" in text  # a string that looks like a formula is kept as text


def test_threaded_comments_have_their_authors_and_replies() -> None:
    tc = "http://schemas.microsoft.com/office/spreadsheetml/2018/threadedcomments"
    rel = "http://schemas.microsoft.com/office/2017/10/relationships"
    data = xlsx(
        '<row r="1"><c r="A1" t="inlineStr"><is><t>Item</t></is></c>'
        '<c r="B1" t="inlineStr"><is><t>Qty</t></is></c></row>'
        '<row r="2"><c r="A2" t="inlineStr"><is><t>bolts</t></is></c><c r="B2"><v>7</v></c></row>',
        workbook_rels=f'<Relationship Id="rIdP" Type="{rel}/person" Target="persons/person.xml"/>',
        sheet_rels=f'<Relationship Id="rIdT" Type="{rel}/threadedComment" '
        'Target="../threadedComments/threadedComment1.xml"/>',
        extra={
            "xl/persons/person.xml": f'<personList xmlns="{tc}"><person displayName="Ann Auditor" '
            'id="{P1}"/><person displayName="Ben Buyer" id="{P2}"/></personList>',
            "xl/threadedComments/threadedComment1.xml": f'<ThreadedComments xmlns="{tc}">'
            '<threadedComment ref="B2" dT="2025-01-02T10:00:00" personId="{P1}" id="{C1}">'
            "<text>Only seven?</text></threadedComment>"
            '<threadedComment ref="B2" dT="2025-01-02T11:00:00" personId="{P2}" id="{C2}" '
            'parentId="{C1}"><text>Yes, for now.</text></threadedComment></ThreadedComments>',
        },
    )
    res = dan.convert(data, max_tokens=300)
    assert set(res.records[0]["ssComAuthors"].split("; ")) == {"Ann Auditor", "Ben Buyer"}
    assert "Only seven?" in res.chunks[0] and "Yes, for now." in res.chunks[0]


def test_a_strict_workbook_reads_like_a_transitional_one() -> None:
    data = xlsx(
        '<row r="1"><c r="A1" t="inlineStr"><is><t>Name</t></is></c>'
        '<c r="B1" t="inlineStr"><is><t>Qty</t></is></c></row>'
        '<row r="2"><c r="A2" t="inlineStr"><is><t>bolts</t></is></c><c r="B2"><v>7</v></c></row>',
        main_ns="http://purl.oclc.org/ooxml/spreadsheetml/main",
    )
    assert "| bolts | 7 |" in dan.convert(data).chunks[0]


def test_number_formats_as_displayed() -> None:
    styles = (
        '<numFmts count="1"><numFmt numFmtId="164" formatCode="#,##0.0 &quot;kg&quot;"/></numFmts>'
        '<cellXfs><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="10"/><xf numFmtId="14"/>'
        '<xf numFmtId="3"/></cellXfs>'
    )
    data = xlsx(
        '<row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c><c r="B1" t="inlineStr"><is><t>b</t></is></c>'
        '<c r="C1" t="inlineStr"><is><t>c</t></is></c><c r="D1" t="inlineStr"><is><t>d</t></is></c></row>'
        '<row r="2"><c r="A2" s="1"><v>1234.56</v></c><c r="B2" s="2"><v>0.1234</v></c>'
        '<c r="C2" s="3"><v>45658</v></c><c r="D2" s="4"><v>-1234567</v></c></row>',
        styles=styles,
    )
    text = dan.convert(data).chunks[0]
    assert "| 1,234.6 kg | 12.34% | 2025-01-01 | -1,234,567 |" in text


@pytest.mark.parametrize(
    ("value", "code", "shown"),
    [
        (0.1 + 0.2, "General", "0.3"),
        (1234.567, "0.00", "1234.57"),
        (-1234, "#,##0;(#,##0)", "(1,234)"),
        (0.256, "0%", "26%"),
        (45658.75, "m/d/yyyy h:mm", "1/1/2025 18:00"),
        (45658.5, "h:mm AM/PM", "12:00 PM"),
        (45658, "d-mmm-yy", "1-Jan-25"),
        (45658, "dddd, mmmm d", "Wednesday, January 1"),
        (12345.678, "0.00E+00", "1.23E+04"),
        (1234.5, "[$€-407] #,##0.00", "€ 1,234.50"),
        (7, "000", "007"),
        (1.5, "[h]:mm:ss", "36:00:00"),
        (0, "yyyy-mm-dd", "1899-12-31"),
        (1, "General", "1"),
        # fractions: the closest with as many denominator digits as "?"s, padding left out
        (1.5, "# ?/?", "1 1/2"),
        (0.5, "# ?/?", "1/2"),
        (3, "# ?/?", "3"),
        (0, "# ?/?", "0"),
        (0.97, "# ?/?", "1"),  # (rounds up to a whole)
        (-1.25, "# ?/?", "-1 1/4"),
        (3.141592653589793, "# ??/??", "3 14/99"),
        (3.141592653589793, "# ???/???", "3 16/113"),
        (12.0625, "# ??/??", "12 1/16"),
        (1.5, "?/?", "3/2"),  # no whole part: an improper fraction
        (0.333, "??/??", "1/3"),
        (0.3, "# ?/8", "2/8"),  # a fixed denominator is not reduced
        (0.3, "# ??/16", "5/16"),
        (0.5, "0 ?/?", "0 1/2"),
        (1.5, '# ?/?" in"', "1 1/2 in"),
        (-0.5, "# ?/?;(# ?/?)", "(1/2)"),
    ],
)
def test_format_number(value: float, code: str, shown: str) -> None:
    assert format_number(value, code) == shown


def test_fraction_formats_in_a_workbook() -> None:
    styles = (
        '<numFmts count="1"><numFmt numFmtId="164" formatCode="# ?/8"/></numFmts>'
        '<cellXfs><xf numFmtId="0"/><xf numFmtId="12"/><xf numFmtId="13"/><xf numFmtId="164"/></cellXfs>'
    )
    data = xlsx(
        '<row r="1"><c r="A1" t="inlineStr"><is><t>one digit</t></is></c>'
        '<c r="B1" t="inlineStr"><is><t>two digits</t></is></c><c r="C1" t="inlineStr"><is><t>eighths</t></is></c></row>'
        '<row r="2"><c r="A2" s="1"><v>2.25</v></c><c r="B2" s="2"><v>0.4</v></c><c r="C2" s="3"><v>5.625</v></c></row>',
        styles=styles,
    )
    assert "| 2 1/4 | 2/5 | 5 5/8 |" in dan.convert(data).chunks[0]  # built-ins 12 and 13 too


def test_the_1904_date_system() -> None:
    assert format_number(0, "yyyy-mm-dd", date1904=True) == "1904-01-01"


def test_a_split_table_repeats_its_header() -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Code", "Description", "Amount"])
    for i in range(200):
        ws.append([f"C{i:03d}", f"item number {i} with some words", i * 10])
    res = dan.convert(_save(wb), max_tokens=128)
    assert len(res.chunks) > 3
    assert all("| Code | Description | Amount |" in c for c in res.chunks)
    check_invariants(res, 128)


def test_no_header_row_takes_the_first_with_a_warning() -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    for i in range(4):
        ws.append([i, i * 2])
    doc = read_xlsx(_save(wb), dan.Limits())
    assert [w.code for w in doc.warnings] == ["no-header-row"]
    table = doc.body[-1]
    assert isinstance(table, dan.model.Table) and table.rows[0].header


def test_the_used_range_is_bounded() -> None:
    wb = openpyxl.Workbook()
    ws = wb.active
    for i in range(60):
        ws.append([f"v{i}-{j}" for j in range(20)])
    with pytest.raises(dan.LimitExceededError, match="Limits.max_cells=1,000"):
        dan.convert(_save(wb), limits=dan.Limits(max_cells=1_000))
    with pytest.raises(dan.TextTooLargeError, match="max_chars"):
        dan.convert(_save(wb), limits=dan.Limits(max_chars=500))


def test_a_claimed_huge_range_costs_nothing() -> None:
    # a dimension of 1,048,576 rows × 16,384 columns with two filled cells far apart
    data = xlsx(
        '<row r="1"><c r="A1" t="inlineStr"><is><t>top</t></is></c></row>'
        '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>corner</t></is></c></row>',
        extra_sheet_xml='<dimension ref="A1:XFD1048576"/>',
    )
    text = dan.convert(data).chunks[0]
    assert "top" in text and "corner" in text


def test_encrypted_and_legacy_workbooks_say_so() -> None:
    ole = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 600
    with pytest.raises(dan.EncryptedDocumentError, match="password"):
        dan.convert(ole)
    with pytest.raises(dan.CorruptDocumentError, match="not a readable OLE compound file"):
        dan.Dan().import_bytes(ole, filename="mail.msg")  # (read as an Outlook message)


# --------------------------------------------------------------------------- CSV


def test_csv_dialect_and_encoding_are_detected() -> None:
    rows = "Name;City;Amount\nMüller;Köln;1.234,50\nDupré;Liège;99,00\n"
    res = dan.convert(rows.encode("cp1252"), max_tokens=200, doc_type="csv")
    text = res.chunks[0]
    assert "| Name | City | Amount |" in text and "| Müller | Köln | 1.234,50 |" in text
    tsv = "a\tb\n1\t2\n"
    assert "| 1 | 2 |" in dan.convert(tsv.encode("utf-16"), doc_type="tsv").chunks[0]


def test_csv_quoted_fields_and_formula_text() -> None:
    data = b'id,note\n1,"a, quoted\nline"\n2,"=1+1"\n3,@SUM(A1)\n'
    doc = read_csv(data, dan.Limits())
    assert not doc.warnings
    text = dan.convert(data, doc_type="csv").chunks[0]
    assert "a, quoted" in text and "=1+1" in text and "@SUM(A1)" in text


def test_csv_header_detection() -> None:
    doc = read_csv(b"1,2\n3,4\n", dan.Limits())
    assert [w.code for w in doc.warnings] == ["no-header-row"]
    doc = read_csv(b"Report of 2024\nname,qty\nbolt,3\n", dan.Limits())
    assert isinstance(doc.body[0], dan.model.Paragraph) and not doc.warnings


def test_csv_limits() -> None:
    data = b"a,b\n" + b"1,2\n" * 2000
    with pytest.raises(dan.LimitExceededError, match="max_cells"):
        read_csv(data, dan.Limits(max_cells=1000))


def test_detection_of_spreadsheets() -> None:
    wb = _workbook()
    assert detect(wb) == "xlsx"
    assert detect(wb, filename="renamed.docx") == "xlsx"  # the content wins
    assert detect(b"a,b\n1,2\n", filename="export.xlsx") == "csv"  # a CSV named .xlsx
    assert detect(b"a,b\n1,2\n", filename="x.csv") == "csv"
    assert detect(b"a\tb\n", filename="x.TSV") == "csv"
    assert detect(wb, doc_type="xlsm") == "xlsx"
    with pytest.raises(dan.UnsupportedFormatError, match="not a zip"):
        detect(b"a,b", doc_type="xlsx")
    with pytest.raises(dan.UnsupportedFormatError, match="Excel extension"):
        detect(b"\x00\x01\x02\x03" * 100, filename="x.xlsx")


def test_keep_hidden_is_an_option_of_every_entry_point() -> None:
    assert dan.Dan(keep_hidden=True).read_options == ReadOptions(keep_hidden=True)
    with pytest.raises(dan.DanError, match="keep_hidden"):
        ReadOptions(keep_hidden="yes")  # type: ignore[arg-type]
