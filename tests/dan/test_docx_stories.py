"""DOCX reader: headers, footers, footnotes/endnotes, pages and sections."""

from __future__ import annotations

import pytest
from docx_builder import header_ref, make_docx, p, r, sect
from helpers import body_of, check_invariants

import dan

FOOTNOTES = """
<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>
<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>
<w:footnote w:id="1"><w:p><w:r><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> Source: annual report 2023.</w:t></w:r></w:p></w:footnote>
<w:footnote w:id="2"><w:p><w:r><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> Unreferenced note.</w:t></w:r></w:p></w:footnote>
"""
ENDNOTES = """
<w:endnote w:id="1"><w:p><w:r><w:endnoteRef/></w:r><w:r><w:t xml:space="preserve"> Endnote text.</w:t></w:r></w:p></w:endnote>
"""


def convert(data: bytes, **kw) -> dan.DanResult:
    res = dan.convert(data, **kw)
    check_invariants(res, kw.get("max_tokens", 1024))
    return res


def unit_pages(data: bytes) -> tuple[dict[str, tuple[int, int, int]], str]:
    """Each unit's plain text -> (page, last page, section), and the page kind."""
    from dan.limits import Limits
    from dan.pipeline.pagination import paginate
    from dan.readers.docx import read_docx
    from dan.pipeline.render import render_document

    rendered = render_document(read_docx(data, Limits()), dan.count_tokens)
    kind = paginate(rendered)
    return {u.plain: (u.page, u.page_last, u.section) for u in rendered.units}, kind


def by_type(res: dan.DanResult, kind: str) -> list[tuple[str, dict]]:
    return [(c, rec) for c, rec in zip(res.chunks, res.records) if rec["ssType"] == kind]


def test_footnotes_and_endnotes_are_chunks_of_their_own_referenced_from_the_body():
    body = p(
        r("Revenue grew"),
        r("", extra='<w:footnoteReference w:id="1"/>'),
        r(" and costs fell"),
        r("", extra='<w:endnoteReference w:id="1"/>'),
        r("."),
    )
    res = convert(make_docx(body, footnotes=FOOTNOTES, endnotes=ENDNOTES))
    body_chunk = body_of(res.chunks[0])
    assert body_chunk == "Revenue grew[^1] and costs fell[^2]."
    notes = by_type(res, "footnote")
    assert len(notes) == 1
    text = body_of(notes[0][0])
    assert "[^1]: Source: annual report 2023." in text and "[^2]: Endnote text." in text
    assert "Unreferenced note" not in text and "separator" not in text.lower()


def test_headers_and_footers_per_section_with_first_and_even_variants_deduplicated():
    headers = {
        "rIdH1": p("ACME Corp — Contract C-17 — Confidential"),
        "rIdH2": p("First page header"),
        "rIdH3": p("Even page header"),
        "rIdH4": p("ACME Corp — Contract C-17 — Confidential"),  # same text as rIdH1 in section 2
    }
    footers = {"rIdF1": p("Revision date 2024-05-01")}
    body = (
        p("Page one.")
        + p(r("Page two.", extra='<w:br w:type="page"/>'))
        + p("Still section one", ppr=sect(header_ref("rIdH1"), header_ref("rIdH2", "first"), header_ref("rIdH3", "even"),
                                           header_ref("rIdF1", footer=True), title_pg=True))
        + p("Section two text.")
    )
    final = sect(header_ref("rIdH4"), kind="nextPage")
    settings = "<w:evenAndOddHeaders/>"
    res = convert(make_docx(body, headers=headers, footers=footers, settings=settings, final_sect=final))
    headers_out = by_type(res, "header")
    texts = [body_of(c) for c, _ in headers_out]
    assert texts.count("ACME Corp — Contract C-17 — Confidential") == 1  # deduplicated across sections
    assert "First page header" in texts and "Even page header" in texts
    main = next(rec for c, rec in headers_out if "ACME" in c)
    assert main["ssPage"] == 1 and main["ssPageLast"] == 3
    first = next(rec for c, rec in headers_out if "First page" in c)
    assert first["ssPage"] == first["ssPageLast"] == 1
    even = next(rec for c, rec in headers_out if "Even page" in c)
    assert even["ssPage"] == even["ssPageLast"] == 2
    footers_out = by_type(res, "footer")
    assert [body_of(c) for c, _ in footers_out] == ["Revision date 2024-05-01"]
    # ssSeq order: body, then headers, then footers
    assert [rec["ssType"] for rec in res.records] == ["body"] * (len(res) - 4) + ["header"] * 3 + ["footer"]


def test_with_even_pages_of_their_own_the_default_header_stands_on_the_odd_pages():
    """An SDK review: python-docx's doc-odd-even-hdrs.docx (two pages) cited its odd-page
    header on pages 1-2."""
    headers = {"rIdH1": p("Odd page header."), "rIdH2": p("Even page header.")}
    body = p("Page one.") + p(r("Page two.", extra='<w:br w:type="page"/>')) + p("Still page two.")
    data = make_docx(body, headers=headers, settings="<w:evenAndOddHeaders/>",
                     final_sect=sect(header_ref("rIdH1"), header_ref("rIdH2", "even")))
    pages = {body_of(c): (rec["ssPage"], rec["ssPageLast"]) for c, rec in by_type(convert(data), "header")}
    assert pages == {"Odd page header.": (1, 1), "Even page header.": (2, 2)}
    # without evenAndOddHeaders the default header stands on every page
    plain = make_docx(body, headers=headers, final_sect=sect(header_ref("rIdH1"), header_ref("rIdH2", "even")))
    assert {body_of(c): (rec["ssPage"], rec["ssPageLast"]) for c, rec in by_type(convert(plain), "header")} == {
        "Odd page header.": (1, 2)}


def test_text_only_in_a_header_is_not_an_empty_document():
    res = convert(make_docx("", headers={"rIdH1": p("Only header text")}, final_sect=sect(header_ref("rIdH1"))))
    assert len(res) == 1 and res.records[0]["ssType"] == "header"


def test_explicit_breaks_estimated_pages():
    body = (
        p("Page one text.")
        + p(r("End of one.", extra='<w:br w:type="page"/>'), r("Start of two."))
        + p("Chapter", style="BreakBefore")
        + p("Section break follows", ppr=sect(kind="nextPage"))
        + p("After the section break.")
        + p("Continuous section", ppr=sect(kind="nextPage"))
        + p("Same page after continuous.")
    )
    data = make_docx(body, final_sect=sect(kind="continuous"))
    pages, kind = unit_pages(data)
    assert kind == "estimated"
    assert pages["Page one text."][:2] == (1, 1)
    assert pages["End of one.Start of two."][:2] == (1, 2)  # the paragraph runs over the page break
    assert pages["Chapter"][0] == 3
    assert pages["After the section break."][0] == 4
    assert pages["Same page after continuous."][0] == 4  # a continuous section starts no page
    res = convert(data, max_tokens=32)
    assert {rec["ssPageKind"] for rec in res.records} == {"estimated"}
    assert "(est.)]" in res.chunks[0].split("\n")[0]


def test_rendered_breaks_make_rendered_pages_and_count_once_after_hard_break():
    body = (
        p("One.")
        + p(r("Hard break", extra='<w:br w:type="page"/>'))
        + p(r("", extra="<w:lastRenderedPageBreak/>"), r("Two."))
        + p(r("", extra="<w:lastRenderedPageBreak/>"), r("Three."))
    )
    pages, kind = unit_pages(make_docx(body))
    assert kind == "rendered"
    assert pages["Hard break"][:2] == (1, 1)  # a trailing break starts the next page
    assert pages["Two."][0] == 2  # the hard break and the rendered break after it count once
    assert pages["Three."][0] == 3
    res = convert(make_docx(body), max_tokens=24)
    assert {rec["ssPageKind"] for rec in res.records} == {"rendered"}
    assert max(rec["ssPageLast"] for rec in res.records) == 3


def test_estimated_pages_cut_long_text_at_650_tokens():
    paras = "".join(p(" ".join(["lorem ipsum dolor sit amet"] * 30)) for _ in range(20))
    res = convert(make_docx(paras))
    last = max(rec["ssPageLast"] for rec in res.records)
    total = sum(dan.count_tokens(body_of(c)) for c in res.chunks)
    assert abs(last - total / 650) <= 2


def test_sections_from_word_sections_when_no_headings():
    body = p("Part one.", ppr=sect(kind="continuous")) + p("Part two.", ppr=sect(kind="continuous")) + p("Part three.")
    pages, _ = unit_pages(make_docx(body))
    assert [pages[t][2] for t in ("Part one.", "Part two.", "Part three.")] == [1, 2, 3]
    res = convert(make_docx(body), max_tokens=24)
    assert [rec["ssSect"] for rec in res.records] == [1, 2, 3]  # a chunk never crosses a section


def test_page_range_conversion_keeps_document_pages_and_suffixes_the_id():
    body = "".join(p(r(f"Page {i} text.", extra='<w:br w:type="page"/>' if i < 5 else "")) for i in range(1, 6))
    whole = convert(make_docx(body))
    part = dan.convert(make_docx(body), first_page=2, last_page=3)
    check_invariants(part, 1024)
    assert [body_of(c) for c in part.chunks] == ["Page 2 text.\n\nPage 3 text."]
    assert (part.records[0]["ssPage"], part.records[0]["ssPageLast"]) == (2, 3)
    assert part.records[0]["ssCount"] == 1
    assert part.doc_id == whole.doc_id + "-p2-3"
    past = dan.convert(make_docx(body), first_page=9)
    assert len(past) == 0
    assert past.doc_id == whole.doc_id + "-p9-9"  # an open end past the document is not "-p9-5"
    assert len(dan.convert(make_docx(body), first_page=3, last_page=2)) == 0
    # an empty range holds no page of the running header either (it stands on pages 1-5)
    headed = make_docx(body, headers={"rIdH1": p("ACME Confidential")}, final_sect=sect(header_ref("rIdH1")))
    assert [rec["ssType"] for rec in dan.convert(headed, first_page=2, last_page=2).records] == ["body", "header"]
    empty = dan.convert(headed, first_page=3, last_page=2)
    assert len(empty) == 0
    assert [w.code for w in empty.warnings] == ["empty"]
    assert dan.convert(make_docx(body), doc_id="C-17", first_page=2).doc_id == "C-17"
    with pytest.raises(dan.DanError, match="1-based"):
        dan.convert(make_docx(body), first_page=0)
