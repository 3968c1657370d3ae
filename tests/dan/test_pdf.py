"""The PDF reader, on PDFs the tests lay out themselves (``pdf_build``): text and page
numbers, running headers and footers, headings, lists, reviewers' annotations, links,
scans, encryption and damage."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("reportlab")
pytest.importorskip("pypdf")

import dan  # noqa: E402
import ven  # noqa: E402
from dan.limits import Limits  # noqa: E402
from dan.readers.pdf.layout import Para, assign_headings, join_pages, paragraphs  # noqa: E402
from dan.readers.pdf.reader import pdf_date  # noqa: E402
from dan.readers.pdf.running import split_running  # noqa: E402
from dan.readers.pdf.values import Line, OutlineEntry, PageContent  # noqa: E402
from helpers import body_of, check_invariants  # noqa: E402
from pdf_build import PdfBuilder  # noqa: E402

FILLER = "The Supplier shall deliver the Services in accordance with the Service Levels set out in this Agreement. "


def contract(outline: bool = True) -> PdfBuilder:
    b = PdfBuilder(title="Services Agreement", header="Acme Ltd - Confidential", outline=outline)
    b.heading("1. Definitions", 1)
    b.para("In this Agreement the following words have the meanings given. " + FILLER * 2, hyphenate="Agreement")
    b.heading("1.1 Services", 2)
    b.bullet("first item of the list " + FILLER)
    b.bullet("second item")
    b.bullet("nested item", depth=1)
    b.para(FILLER * 3)
    b.new_page()
    b.heading("2. Service Levels", 1)
    b.para(FILLER * 2 + "The Customer may claim service credits.")
    b.new_page()
    b.heading("3. Term", 1)
    b.para(FILLER)
    return b


def reviewed() -> bytes:
    b = contract()
    page, quads = b.find("service credits")
    thread = b.annotate("/Highlight", page, quads, author="Bob Roe", text="Cap these?")
    b.annotate("/Text", page, rect=[quads[0], quads[1] + 5, quads[0] + 20, quads[1] + 25], author="Ken Anderson",
               text="Agreed, cap at 10%.", reply_to=thread)
    page, quads = b.find("in accordance with", 3)
    b.annotate("/StrikeOut", page, quads, author="Ann Lee")
    page, quads = b.find("Customer may")
    b.annotate("/Caret", page, rect=[quads[2] - 2, quads[5], quads[2] + 2, quads[1]], author="Ann Lee", text=" not")
    b.annotate("/Text", page, rect=[500, 700, 520, 720], author="Zoe Park", text="A note on the page")
    page, quads = b.find("Service Levels", 0)
    b.annotate("/Link", page, quads, uri="https://example.com/sla")
    page, quads = b.find("Term")
    b.annotate("/Link", page, quads, uri="javascript:alert(1)")
    return b.build()


def convert(data: bytes, **kw: object) -> dan.DanResult:
    return dan.convert(data, "pdf", **kw)  # type: ignore[arg-type]


def text_of(res: dan.DanResult) -> str:
    return "\n\n".join(body_of(c) for c, r in zip(res.chunks, res.records) if r["ssType"] == "body")


# ----------------------------------------------------------------- whole documents


def test_text_pages_and_structure_of_a_laid_out_contract() -> None:
    res = convert(contract().build(), max_tokens=512)
    check_invariants(res, 512)
    body = text_of(res)
    assert "# 1. Definitions" in body and "## 1.1 Services" in body and "# 2. Service Levels" in body
    # a word hyphenated at a line end is joined; lines become one paragraph
    assert "In this Agreement the following words have the meanings given. The Supplier" in body
    assert "Agree-" not in body and "Agree ment" not in body
    assert "- first item of the list The Supplier" in body and "- second item" in body
    assert "  - nested item" in body
    assert "\n\nThe Supplier shall deliver" in body  # the paragraph after the list is not in it
    # real page numbers
    assert {r["ssPageKind"] for r in res.records} == {"rendered"}
    pages = {r["ssHeadings"].split("\n")[-1]: (r["ssPage"], r["ssPageLast"]) for r in res.records if r["ssType"] == "body"}
    assert pages["# 2. Service Levels"] == (2, 2) and pages["# 3. Term"] == (3, 3)
    assert res.records[0]["ssTitle"] == "Services Agreement"


def test_running_headers_and_footers_are_stories_not_body() -> None:
    res = convert(contract().build())
    body = text_of(res)
    assert "Confidential" not in body and "Page 2" not in body
    kinds = {r["ssType"]: body_of(c) for c, r in zip(res.chunks, res.records) if r["ssType"] != "body"}
    assert kinds["header"] == "Acme Ltd - Confidential" and kinds["footer"] == "Page 1"


def test_headings_from_font_sizes_without_an_outline() -> None:
    res = convert(contract(outline=False).build())
    heads = [r["ssHeadings"] for r in res.records if r["ssType"] == "body"]
    assert "# 1. Definitions" in heads[0] and "## 1.1 Services" in "\n".join(heads)
    assert "# 3. Term" in heads[-1]


def test_first_and_last_page_select_pages() -> None:
    d = dan.Dan(max_tokens=512)
    d.import_bytes(contract().build(), "pdf")
    res = d.get_markdown(first_page=2, last_page=2)
    body = text_of(res)
    assert "# 2. Service Levels" in body and "Definitions" not in body and "3. Term" not in body


def test_a_paragraph_cut_by_a_page_break_goes_on() -> None:
    b = PdfBuilder(title="T")
    b.heading("Notes", 1)
    while b.page == 1:
        b.para(FILLER * 2)
    # the last paragraph spills onto page 2 mid-sentence
    res = convert(b.build(), max_tokens=4096)
    spans = [(r["ssPage"], r["ssPageLast"]) for r in res.records if r["ssType"] == "body"]
    assert spans == [(1, 2)]


def test_reviewers_annotations_become_comments_and_revisions() -> None:
    res = convert(reviewed(), max_tokens=512)
    body = text_of(res)
    assert "{==service credits==}{>>Bob Roe, 2026-11-30: Cap these?<<}{>>↳ Ken Anderson: Agreed, cap at 10%.<<}" in body
    assert "Services {--in accordance with--}{>>rev: Ann Lee, 2026-11-30<<} the Service" in body
    assert "The Customer may{++ not++}{>>rev: Ann Lee, 2026-11-30<<} claim" in body
    assert "{>>Zoe Park, 2026-11-30: A note on the page<<}" in body
    rec = next(r for r in res.records if "Service Levels" in r["ssHeadings"])
    assert set(rec["ssComAuthors"].split("; ")) == {"Bob Roe", "Ken Anderson", "Zoe Park"}
    assert rec["ssComs"] >= 2 and "Ann Lee" in rec["ssRevAuthors"]
    v = ven.Ven(res.records)
    assert "Ken Anderson" in v.comment_authors()
    exp = v.begin_expansion([0])
    assert exp.add_comment_chunks(author="Ken Anderson") >= 1 and rec["ssSeq"] in exp.seqs


def test_links_keep_web_targets_only_and_can_be_turned_off() -> None:
    data = reviewed()
    body = text_of(convert(data))
    assert "[Service Levels](https://example.com/sla)" in body
    assert "javascript" not in body and "# 3. Term" in body
    plain = text_of(convert(data, link_targets=False))
    assert "https://example.com" not in plain and "Service Levels" in plain


def test_the_title_comes_from_the_document_information_else_the_first_heading() -> None:
    b = contract()
    b.title = None
    assert convert(b.build()).records[0]["ssTitle"] == "1. Definitions"
    b.title = "Microsoft Word - contract.docx"
    assert convert(b.build()).records[0]["ssTitle"] == "1. Definitions"


def test_a_scanned_page_is_reported_not_guessed(tmp_path) -> None:
    from PIL import Image
    from reportlab.pdfgen import canvas

    img = tmp_path / "scan.png"
    # a big blank picture: 27 MB inflated from a few KB, far over the ratio a stream may
    # have, but pictures are not inflated to read text, so it is not taken for a bomb
    Image.new("RGB", (3000, 3000), "white").save(img)
    path = tmp_path / "scan.pdf"
    c = canvas.Canvas(str(path))
    c.drawString(72, 720, "Cover page text")
    c.showPage()
    c.drawImage(str(img), 72, 400, 400, 200)
    c.showPage()
    c.save()
    res = dan.convert(str(path), ocr="off")  # (OCR itself: tests/dan/test_ocr.py)
    assert [w.code for w in res.warnings] == ["no-text-layer"]
    assert "page 2" in str(res.warnings[0]) and "OCR is off" in str(res.warnings[0])
    assert "Cover page text" in text_of(res)


def test_encrypted_damaged_and_mislabelled_pdfs_say_what_to_do(tmp_path) -> None:
    with pytest.raises(dan.EncryptedDocumentError, match="password"):
        convert(contract().build(password="secret"))
    good = contract().build()
    with pytest.raises(dan.CorruptDocumentError, match="cannot be read"):
        convert(good[:200])
    with pytest.raises(dan.UnsupportedFormatError, match="%PDF-"):
        dan.convert(b"just words", "pdf")
    path = tmp_path / "a.pdf"
    path.write_bytes(b"just words")
    with pytest.raises(dan.UnsupportedFormatError, match="PDF extension"):
        dan.convert(str(path))
    path.write_bytes(good)
    assert dan.convert(str(path)).records[0]["ssPageKind"] == "rendered"  # found by its magic bytes
    with pytest.raises(dan.DanError):
        dan.convert_string("%PDF-1.7", "pdf")


def test_the_text_limit_holds() -> None:
    with pytest.raises(dan.TextTooLargeError, match="max_chars"):
        convert(contract().build(), limits=Limits(max_chars=500))


def test_conversions_in_threads_match_the_serial_one() -> None:
    data = reviewed()
    want = convert(data).chunks
    got: list[object] = []

    def work() -> None:
        got.append(convert(data).chunks)

    threads = [threading.Thread(target=work) for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == [want] * 6


# ----------------------------------------------------------------- the parts


def line(text: str, y: float, x: float = 72.0, size: float = 10.0, bold: bool = False, hyphen: bool = False) -> Line:
    w = size * 0.5
    boxes = [(x + k * w, y, x + (k + 1) * w, y + size * 0.7) for k in range(len(text))]
    return Line.of(list(text), boxes, [size] * len(text), [bold] * len(text), hyphen, y)


def test_pdf_dates_become_iso() -> None:
    assert pdf_date("D:20261130101500Z") == "2026-11-30T10:15:00Z"
    assert pdf_date("D:20260102103000+01'00'") == "2026-01-02T10:30:00+01:00"
    assert pdf_date("D:2026") == "2026-01-01"
    assert pdf_date("yesterday") == "yesterday"


def test_running_lines_repeat_at_the_edges_digits_aside() -> None:
    pages = [
        PageContent(n, 600, 800, (line("Report 2026", 780), line(f"Body text {n}", 400), line(f"- {n} -", 20)))
        for n in range(1, 5)
    ]
    bodies, header, footer = split_running(pages)
    assert header == ["Report 2026"] and footer == ["- 1 -"]
    assert [[x.text for x in b] for b in bodies] == [[f"Body text {n}"] for n in range(1, 5)]
    one = [PageContent(1, 600, 800, (line("Title", 780), line("Body", 400)))]
    assert split_running(one)[1:] == ([], [])  # one page repeats nothing


def test_paragraph_breaks_follow_the_line_pitch_sizes_and_bullets() -> None:
    lines = [
        line("Heading", 700, size=14, bold=True),
        line("first line of a paragraph that goes on", 680),
        line("and ends here.", 668),
        line("A new paragraph after a gap with a hy", 640, hyphen=True),
        line("phenated word", 628),
        line("\u2022 an item", 616),
        line("3. a numbered item", 604),
        line("that goes on", 592, x=84),
        line("Back at the margin.", 580),
    ]
    paras = paragraphs(1, lines)
    assert [p.text for p in paras] == [
        "Heading",
        "first line of a paragraph that goes on and ends here.",
        "A new paragraph after a gap with a hyphenated word",
        "an item",
        "a numbered item that goes on",
        "Back at the margin.",
    ]
    assert [(p.kind, p.label, p.ordered) for p in paras[3:]] == [("item", "", False), ("item", "3.", True), ("para", "", False)]


def test_headings_by_outline_or_by_size() -> None:
    paras = paragraphs(1, [line("Big", 700, size=16), line("Body text that is long enough.", 680),
                           line("Small bold", 650, bold=True), line("More body text here.", 630)])
    by_size = assign_headings(paras, ())
    assert [(p.kind, p.level) for p in by_size] == [("heading", 1), ("para", 0), ("heading", 2), ("para", 0)]
    by_outline = assign_headings(paras, (OutlineEntry("Small bold", 1, 1),))
    assert [(p.kind, p.level) for p in by_outline] == [("para", 0), ("para", 0), ("heading", 1), ("para", 0)]
    # an outline that matches nothing is ignored in favour of the fonts
    assert assign_headings(paras, (OutlineEntry("Elsewhere", 1, 1),)) == by_size


def test_join_pages_only_mid_sentence_and_lower_case() -> None:
    a = [Para(((1, line("ends without a stop", 100)),))]
    b = [Para(((2, line("goes on here.", 700)),))]
    c = [Para(((2, line("Starts anew.", 700)),))]
    assert [len(p) for p in join_pages([a, b])] == [1, 0]
    assert join_pages([a, b])[0][0].text == "ends without a stop goes on here."
    assert [len(p) for p in join_pages([a, c])] == [1, 1]


def test_the_docs_page_snippet_runs_as_written(tmp_path) -> None:
    import re
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    blocks = re.findall(r"```python\n(.*?)```", (root / "docs" / "pdf.md").read_text(encoding="utf-8"), re.S)
    assert blocks
    for code in blocks:
        done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                              env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"})
        assert done.returncode == 0, done.stderr
        assert "# 1. Service Levels" in done.stdout and "1 rendered" in done.stdout


def test_a_damaged_page_is_left_empty_with_a_warning_and_later_pages_keep_their_numbers() -> None:
    from helpers import DATA

    res = dan.convert(str(DATA / "pdf" / "damaged-page.pdf"), max_tokens=256)
    assert [(w.code, w.where) for w in res.warnings] == [("damaged-part", "page 3")]
    assert res.records and all(r["ssPageLast"] <= 2 for r in res.records if r["ssType"] == "body")


def test_the_page_limit_is_checked_before_any_page_is_read() -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from benchmarks.hostile_cases import case_named

    data, _, _ = case_named("pdf: 2,000 empty pages", scale=0.1)
    with pytest.raises(dan.LimitExceededError, match="max_pages=100"):
        dan.convert(data, "pdf", limits=Limits(max_pages=100))


def test_a_looping_outline_is_read_up_to_the_loop_with_a_warning_and_nothing_logged(capfd) -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from benchmarks.hostile_cases import _pdf, _text_page

    # two bookmarks, each the other's next: PDFium itself stops a bookmark that is its own next
    data = _pdf([_text_page(b"Loop")], catalog=b"/Outlines << /First 6 0 R /Last 7 0 R >> ",
                extra=[b"<< /Title (Loop) /Next 7 0 R /Dest [4 0 R /Fit] >>",
                       b"<< /Title (Again) /Next 6 0 R /Dest [4 0 R /Fit] >>"])
    res = dan.convert(data, "pdf")
    assert [(w.code, w.where) for w in res.warnings] == [("damaged-part", "outline")]
    assert "# Loop" in text_of(res)  # the entry before the loop still names the heading
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def two_columns(row_by_row: bool) -> bytes:
    """A title across the page, two columns of prose, then a paragraph across the page;
    ``row_by_row`` draws the columns' lines interleaved, as some PDF writers do."""
    from pdf_build import LEFT

    b = PdfBuilder(title="Newsletter", header=None, footer=None, outline=False)
    b.heading("Quarterly newsletter", 1)
    top = b.y
    left = "Left column text about the supplier and the service levels agreed for the year. " * 6
    right = "Right column text about invoices, payments and the credit notes issued last quarter. " * 6
    b.para(left, width=200)
    b.para("The left column ends here.", width=200)
    bottom = b.y
    b.y = top
    b.para(right, x=LEFT + 250, width=200)
    b.y = min(bottom, b.y)
    b.para("A closing paragraph set across the whole page after both columns, " * 3)
    if row_by_row:
        body = [ln for ln in b.lines if ln.y < top and ln.y > bottom]
        rest = [ln for ln in b.lines if ln not in body]
        b.lines = rest[:1] + sorted(body, key=lambda ln: (-ln.y, ln.x)) + rest[1:]
    return b.build()


@pytest.mark.parametrize("row_by_row", [False, True])
def test_two_columns_are_read_column_by_column(row_by_row: bool) -> None:
    body = text_of(convert(two_columns(row_by_row), max_tokens=1024))
    paras = body.split("\n\n")
    assert paras[0] == "# Quarterly newsletter"
    assert paras[1].startswith("Left column text") and paras[1].endswith("agreed for the year.")
    assert paras[2] == "The left column ends here."
    assert paras[3].startswith("Right column text") and "Left" not in paras[3]
    assert paras[4].startswith("A closing paragraph set across the whole page")
    assert len(paras) == 5


def test_a_table_like_page_is_not_taken_for_columns() -> None:
    from dan.readers.pdf.columns import blocks

    rows = [line(f"Item {k}", 700 - 12 * k) for k in range(8)] + [line(f"{k}.00", 700 - 12 * k, x=400) for k in range(8)]
    rows.sort(key=lambda x: (-x.base, x.x0))
    assert blocks(rows) == [rows]  # short cells side by side: kept in row order


def price_list(rows: int = 40) -> bytes:
    """A heading, a sentence, a table of ``rows`` rows (a left-aligned name, a centred unit
    and a right-aligned price), a closing sentence."""
    from pdf_build import LEFT, Placed
    from reportlab.pdfbase.pdfmetrics import stringWidth

    b = PdfBuilder(title="Price list", header=None, footer=None, outline=False)
    b.heading("Price list 2026", 1)
    b.para("All prices are in euro and exclude VAT.")
    cells = [("Item", "Unit", "Price")] + [(f"Spare part number {k}", "each" if k % 2 else "box of 10", f"{k * 12.5:,.2f}")
                                          for k in range(1, rows + 1)]
    for name, unit, price in cells:
        b._line(name, "Helvetica", 10.0)
        y = b.y
        b.lines.append(Placed(b.page, LEFT + 220 - stringWidth(unit, "Helvetica", 10) / 2, y, unit, "Helvetica", 10.0))
        b.lines.append(Placed(b.page, LEFT + 400 - stringWidth(price, "Helvetica", 10), y, price, "Helvetica", 10.0))
    b.y -= 10
    b.para("Prices are valid until the end of the year.")
    return b.build()


def test_aligned_rows_become_a_table_never_cut_mid_row() -> None:
    res = convert(price_list(), max_tokens=200)
    check_invariants(res, 200)
    body = text_of(res)
    assert "| Item | Unit | Price |\n| --- | --- | --- |\n| Spare part number 1 | each | 12.50 |" in body
    assert "| Spare part number 2 | box of 10 | 25.00 |" in body
    assert "All prices are in euro and exclude VAT." in body and "Prices are valid until the end of the year." in body
    tables = [r for r in res.records if r["ssTables"]]
    assert len(tables) >= 3  # the table goes on over several chunks, its header repeated
    for chunk, rec in zip(res.chunks, res.records):
        if rec["ssTables"]:
            rows = [ln for ln in body_of(chunk).split("\n") if ln.startswith("|")]
            assert rows[0] == "| Item | Unit | Price |" and all(ln.endswith("|") for ln in rows)
            assert all(ln.count("|") == 4 for ln in rows)


def test_two_rows_with_a_gap_are_not_a_table() -> None:
    from pdf_build import LEFT, Placed

    b = PdfBuilder(title="Letter", header=None, footer=None, outline=False)
    b.para("Dear customer, please sign below.")
    for left, right in (("Signed:", "Date:"), ("Ann Lee", "1 December 2026")):
        b._line(left, "Helvetica", 10.0)
        b.lines.append(Placed(b.page, LEFT + 300, b.y, right, "Helvetica", 10.0))
    body = text_of(convert(b.build()))
    assert "|" not in body and "Signed: Date:" in body and "Ann Lee 1 December 2026" in body


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_WORDS = st.text(alphabet="abcXYZ019.-•", min_size=1, max_size=8)


@st.composite
def page_lines(draw: st.DrawFn) -> list[Line]:
    """Lines at random places: fragments of rows, columns, sizes, bullets, hyphens."""
    out: list[Line] = []
    y = 760.0
    for _ in range(draw(st.integers(1, 30))):
        y -= draw(st.sampled_from([12.0, 13.0, 13.0, 20.0, 40.0]))
        size = draw(st.sampled_from([10.0, 10.0, 14.0]))
        xs = sorted(draw(st.lists(st.sampled_from([72.0, 90.0, 200.0, 310.0, 330.0, 450.0]), min_size=1, max_size=3, unique=True)))
        for k, x in enumerate(xs):
            words = " ".join(draw(st.lists(_WORDS, min_size=1, max_size=6)))
            frag = line(words[: max(1, int((xs[k + 1] - x) / 5.5) - 4)] if k + 1 < len(xs) else words, y, x=x, size=size,
                        bold=draw(st.booleans()), hyphen=draw(st.booleans()) and k + 1 == len(xs))
            out.append(Line.of(list(frag.text), frag.boxes, frag.sizes, frag.bolds, frag.hyphen, frag.base, k + 1 < len(xs)))
    return out


@given(page_lines())
@settings(max_examples=150, deadline=None)
def test_reading_order_tables_and_paragraphs_keep_every_character(lines: list[Line]) -> None:
    from collections import Counter

    from dan.readers.pdf.columns import blocks
    from dan.readers.pdf.reader import _page_paragraphs
    from dan.readers.pdf.tables import TableRun, segments

    def visible(text: str) -> Counter[str]:
        return Counter(c for c in text if not c.isspace())

    want = visible("".join(x.text for x in lines))
    ordered = blocks(lines)
    assert visible("".join(x.text for b in ordered for x in b)) == want
    got: Counter[str] = Counter()
    for b in ordered:
        for seg in segments(b):
            if isinstance(seg, TableRun):
                got += visible("".join(f.text for row in seg.rows for f in row if f is not None))
            else:
                got += visible("".join(x.text for x in seg))
    assert got == want
    paras = _page_paragraphs(1, lines)
    text = "".join(p.text if p.table is None else "".join(f.text for _, f in p.lines) for p in paras)
    # a list item's bullet is not text; a numbered item's label is kept apart
    bullets = Counter({c: 10**6 for c in "-•*–—"})
    assert visible(text + "".join(p.label for p in paras)) - bullets == want - bullets


def footnoted() -> bytes:
    """A page whose text refers to two footnotes with raised, smaller numbers; the notes
    in small print at the bottom of the page. Page 2 has small print without references."""
    from pdf_build import LEFT, Placed
    from reportlab.pdfbase.pdfmetrics import stringWidth

    b = PdfBuilder(title="Notes", header=None, footer=None, outline=False)
    b.heading("Service credits", 1)
    b.para(FILLER * 2)
    for text, mark in (("Credits are capped at ten percent of the monthly fee.", "1"),
                       ("Disputed credits go to the steering committee.", "2")):
        b._line(text, "Helvetica", 10.0)
        x = LEFT + stringWidth(text, "Helvetica", 10.0)
        b.lines.append(Placed(b.page, x + 0.5, b.y + 4, mark, "Helvetica", 6.0))
        b.y -= 8
    b.lines.append(Placed(b.page, LEFT, 120, "1 The cap applies per calendar month.", "Helvetica", 8.0))
    b.lines.append(Placed(b.page, LEFT, 110, "2 See clause 9 for the committee.", "Helvetica", 8.0))
    b.new_page()
    b.para(FILLER)
    b.lines.append(Placed(b.page, LEFT, 120, "3 small print that nothing refers to.", "Helvetica", 8.0))
    return b.build()


def test_footnotes_with_references_become_notes_and_others_stay_text() -> None:
    res = convert(footnoted(), max_tokens=512)
    check_invariants(res, 512)
    body = text_of(res)
    assert "monthly fee.[^1]" in body and "steering committee.[^2]" in body
    notes = "\n\n".join(body_of(c) for c, r in zip(res.chunks, res.records) if r["ssType"] == "footnote")
    assert notes == "[^1]: The cap applies per calendar month.\n\n[^2]: See clause 9 for the committee."
    assert "The cap applies" not in body
    assert "3 small print that nothing refers to." in body  # no reference: not a note


def test_font_sizes_scaled_by_the_text_matrix_count_as_printed() -> None:
    """Text set at 1 point and scaled by Tm (as some writers do) reads like text set at its
    printed size: the large line is a heading, the body lines join into one paragraph."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from benchmarks.hostile_cases import _pdf

    body = b"".join(
        b"BT /F1 1 Tf 10 0 0 10 72 %d Tm (%s) Tj ET " % (690 - 13 * k, text)
        for k, text in enumerate([b"The first line of a paragraph set at one point and", b"scaled ten times by the text matrix, which goes",
                                  b"on over three lines and ends here."])
    )
    page = b"BT /F1 1 Tf 16 0 0 16 72 720 Tm (Scaled heading) Tj ET " + body
    text = text_of(convert(_pdf([page]), max_tokens=256))
    assert text == ("# Scaled heading\n\nThe first line of a paragraph set at one point and scaled ten times by the "
                    "text matrix, which goes on over three lines and ends here.")


def test_rows_with_dot_leaders_and_figures_are_not_headings() -> None:
    from dan.readers.pdf.layout import assign_headings

    paras = paragraphs(1, [line("Violent crime . . . . . . 467.9 69.1", 700, bold=True),
                           line("Body text that is long enough to set the body size.", 680),
                           line("Contents", 650, bold=True)])
    assert [p.kind for p in assign_headings(paras, ())] == ["para", "para", "heading"]


def test_a_table_that_goes_on_over_page_breaks_is_one_table() -> None:
    res = convert(price_list(rows=130), max_tokens=512)
    check_invariants(res, 512)
    tables = {r["ssTables"] for r in res.records if r["ssTables"]}
    assert tables == {"1"}  # one table, over every chunk that holds part of it
    body = text_of(res)
    for k in (1, 57, 58, 130):
        assert body.count(f"| Spare part number {k} |") == 1
    pages = [(r["ssPage"], r["ssPageLast"]) for r in res.records if r["ssTables"]]
    assert pages[0][0] == 1 and pages[-1][1] >= 3
    assert all(a[1] <= b[0] for a, b in zip(pages, pages[1:]))


def test_the_title_falls_back_to_the_xmp_metadata() -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from benchmarks.hostile_cases import _pdf, _text_page

    xmp = (b'<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">'
           b'<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" '
           b'xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">'
           b'Supply &amp; Services Agreement</rdf:li></rdf:Alt></dc:title></rdf:Description></rdf:RDF>'
           b'</x:xmpmeta><?xpacket end="w"?>')
    stream = b"<< /Type /Metadata /Subtype /XML /Length %d >>\nstream\n" % len(xmp) + xmp + b"\nendstream"
    data = _pdf([_text_page(b"body text")], catalog=b"/Metadata 6 0 R ", extra=[stream])
    assert convert(data).records[0]["ssTitle"] == "Supply & Services Agreement"
    assert convert(_pdf([_text_page(b"body text")])).records[0]["ssTitle"] == "body text"  # no title: the text


def _pdftotext_words(path):  # -> Counter[str]
    import os
    import re
    import shutil
    import subprocess
    from collections import Counter

    exe = shutil.which("pdftotext")
    if exe is None:
        if os.environ.get("DEMO_REQUIRE_PDFTOTEXT") == "1":
            pytest.fail("pdftotext is required here (DEMO_REQUIRE_PDFTOTEXT=1): apt-get install poppler-utils")
        pytest.skip("pdftotext is not installed (Debian: apt-get install poppler-utils)")
    out = subprocess.run([exe, "-enc", "UTF-8", str(path), "-"], capture_output=True, check=True, text=True).stdout
    return Counter(w.casefold() for w in re.findall(r"\w+", out))


@pytest.mark.parametrize("name", ["census-arrests-2009.pdf", "reviewed-contract.pdf"])
def test_word_recall_against_pdftotext_is_at_least_98_percent(name: str) -> None:
    import re
    from collections import Counter

    from helpers import DATA

    path = DATA / "pdf" / name
    ref = _pdftotext_words(path)
    res = dan.convert(str(path), max_tokens=1024)
    got = Counter(w.casefold() for w in re.findall(r"\w+", "\n".join(body_of(c) for c in res.chunks)))
    # pdftotext repeats a running header or footer on every page; dan keeps it once, as a story
    for c, r in zip(res.chunks, res.records):
        if r["ssType"] in ("header", "footer"):
            for w in re.findall(r"\w+", body_of(c)):
                got[w.casefold()] = max(got[w.casefold()], ref[w.casefold()])
    recall = sum(min(n, got[w]) for w, n in ref.items()) / sum(ref.values())
    assert recall >= 0.98, f"{name}: word recall {recall:.3f}"


def test_a_real_census_table_pdf() -> None:
    from helpers import DATA

    res = dan.convert(str(DATA / "pdf" / "census-arrests-2009.pdf"), max_tokens=1024)
    check_invariants(res, 1024)
    body = text_of(res)
    heads = [r["ssHeadings"] for r in res.records]
    assert any("# Table 324. Arrests by Sex and Age: 2009" in h for h in heads)
    assert any("# Table 325. Arrests by Race: 2009" in h for h in heads)
    assert "Statistical Abstract of the United States: 2012" in body  # letter-spaced, read whole
    assert "| Drunkenness" in body and "| 488.1 |" in body  # a table row, cell by cell
    assert not any(". . . ." in h for h in heads)  # no dot-leader row taken for a heading


def test_flate_streams_are_inflated_under_the_zip_part_limits_before_pdfium_sees_them() -> None:
    import sys
    import zlib
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from benchmarks.hostile_cases import _pdf, _text_page
    from dan.readers.pdf.streams import check_streams

    page = _text_page(b"x " * 20_000)  # 40 KB of content, about 100:1 compressed
    data = _pdf([page], flate=True)
    check_streams(data, Limits())  # within every limit
    with pytest.raises(dan.ZipBombError, match="max_part_bytes=30,000"):
        check_streams(data, Limits(max_part_bytes=30_000))
    with pytest.raises(dan.ZipBombError, match="max_uncompressed_bytes"):
        check_streams(_pdf([page, page], flate=True), Limits(max_uncompressed_bytes=60_000))
    with pytest.raises(dan.ZipBombError, match="max_part_bytes"):
        dan.convert(data, "pdf", limits=Limits(max_part_bytes=30_000))  # the reader checks first
    # a damaged stream and an uncompressed one are left to PDFium
    broken = data.replace(zlib.compress(page, 9)[:40], b"\x00" * 40)
    check_streams(broken, Limits(max_part_bytes=30_000))
    check_streams(_pdf([page]), Limits(max_part_bytes=10))


# ----------------------------------------------------------------- hyphens at line ends (issue 57)


def test_a_compound_broken_at_its_own_hyphen_keeps_it() -> None:
    b = PdfBuilder(title="Licence")
    b.para("The Licensor grants a non-exclusive licence. " + FILLER, hyphenate="non-|exclusive")
    b.para("It covers the know-how of the team, and what they know of how it works. " + FILLER, hyphenate="know-|how")
    b.para("The COVID-19 rules apply. " + FILLER, hyphenate="COVID-|19")
    b.para("The Anglo-American terms apply. " + FILLER, hyphenate="Anglo-|American")
    b.para("Support is given by delivery of spare parts. " + FILLER, hyphenate="deliv|ery")
    b.para("The remedies for performance are in the annex. " + FILLER, hyphenate="perfor|mance")
    body = text_of(convert(b.build()))
    for printed in ("non-exclusive licence", "the know-how of", "COVID-19 rules", "Anglo-American terms"):
        assert printed in body, printed
    for joined in ("by delivery of", "for performance are"):  # broken words are still joined
        assert joined in body, joined
    assert "nonexclusive" not in body and "knowhow" not in body and "deliv-ery" not in body


def test_the_documents_own_vocabulary_decides() -> None:
    # "nonexclusive" written elsewhere as one word: the broken one is joined the same way;
    # "self-service" written elsewhere with its hyphen: kept (self is also a prefix); "pro-
    # cedures" with "procedures" nowhere else and "pro" no word of its own: joined
    b = PdfBuilder(title="Licence")
    b.para("This is a nonexclusive grant. " + FILLER)
    b.para("The Licensor grants a nonexclusive licence. " + FILLER, hyphenate="non|exclusive")
    b.para("The clean-up tools are listed. " + FILLER)
    b.para("A clean-up of the site follows. " + FILLER, hyphenate="clean-|up")
    b.para("The procedures follow the plan. " + FILLER, hyphenate="pro|cedures")
    body = text_of(convert(b.build()))
    assert body.count("nonexclusive") == 2 and "non-exclusive" not in body
    assert "A clean-up of the site" in body
    assert "The procedures follow" in body


def test_hyphen_rules_on_words() -> None:
    from dan.readers.pdf.hyphens import keeps_hyphen

    words = {"know", "how", "deliver", "provided", "non-exclusive", "non", "exclusive"}
    assert keeps_hyphen("COVID", "19", set()) and keeps_hyphen("Anglo", "American", set())
    assert not keeps_hyphen("pro", "vided", words)  # the joined word occurs
    assert keeps_hyphen("non", "exclusive", words)  # the compound occurs
    assert keeps_hyphen("self", "assessment", set())  # a compound-making prefix
    assert keeps_hyphen("know", "how", words)  # both words, never joined
    assert not keeps_hyphen("deliv", "ery", words)  # a broken word
    assert not keeps_hyphen("in", "formation", {"in", "formation"})  # parts too short to say


def test_a_capitalised_word_broken_like_any_other_is_joined_when_written_whole_elsewhere() -> None:
    from dan.readers.pdf.hyphens import keeps_hyphen

    # libtasn1's manual breaks "ELE-" / "MENT" and "SE-" / "QUENCE" (both written whole
    # elsewhere); an upper-case pair never written whole keeps its hyphen (a code, a name)
    words = {"element", "sequence", "yymmddhhmmss"}
    assert not keeps_hyphen("ELE", "MENT", words)
    assert not keeps_hyphen("SE", "QUENCE", words)
    assert not keeps_hyphen("YYM", "MDDhhmmss", words)
    assert keeps_hyphen("PK", "LQP", words)
    assert keeps_hyphen("Anglo", "American", {"angloamerican"})  # not upper case: a compound


def test_a_single_letter_after_the_break_keeps_the_hyphen() -> None:
    from dan.readers.pdf.hyphens import keeps_hyphen

    # "main-" / "d'œuvre" (chelsea_pdta.pdf in pdfplumber's test data): a hyphenator never
    # leaves one letter on the next line
    assert keeps_hyphen("main", "d", {"maind"})
    assert not keeps_hyphen("main", "tenance", set())


def test_an_upper_case_word_broken_at_a_line_end_is_joined_in_the_output() -> None:
    b = PdfBuilder(title="Syntax")
    b.para("Each ELEMENT of a SEQUENCE is read in turn. " + FILLER)
    b.para("The next ELEMENT follows the first. " + FILLER, hyphenate="ELE|MENT")
    body = text_of(convert(b.build()))
    assert body.count("ELEMENT") == 2 and "ELE-MENT" not in body
