"""PPTX: decks built with python-pptx (comments, which it cannot write, added by hand)."""

from __future__ import annotations

import io
import zipfile

import pytest

import dan
from dan.detect import detect
from dan.readers.pptx import read_pptx
from helpers import check_invariants

pptx = pytest.importorskip("pptx")
from pptx.util import Inches  # noqa: E402

_PR = "http://schemas.openxmlformats.org/package/2006/relationships"
_OD = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_P = "http://schemas.openxmlformats.org/presentationml/2006/main"


def _deck(hidden_second: bool = False) -> bytes:
    prs = pptx.Presentation()
    s1 = prs.slides.add_slide(prs.slide_layouts[1])
    s1.shapes.title.text = "Quarterly results"
    frame = s1.placeholders[1].text_frame
    frame.text = "Revenue up 12%"
    para = frame.add_paragraph()
    para.text = "Costs flat"
    para.level = 1
    bottom = s1.shapes.add_textbox(Inches(1), Inches(6), Inches(4), Inches(1))
    bottom.text_frame.text = "Footnote box at the bottom"
    top = s1.shapes.add_textbox(Inches(1), Inches(0.1), Inches(4), Inches(0.5))
    top.text_frame.text = "Banner at the top"
    s1.notes_slide.notes_text_frame.text = "Mention the new contract"
    s2 = prs.slides.add_slide(prs.slide_layouts[5])
    s2.shapes.title.text = "Secret plans"
    s3 = prs.slides.add_slide(prs.slide_layouts[5])
    s3.shapes.title.text = "Sales by region"
    table = s3.shapes.add_table(3, 2, Inches(1), Inches(2), Inches(6), Inches(2)).table
    for r, row in enumerate([("Region", "Sales"), ("North", "10"), ("South", "20")]):
        for c, text in enumerate(row):
            table.cell(r, c).text = text
    if hidden_second:
        s2._element.set("show", "0")
    buf = io.BytesIO()
    prs.save(buf)
    return buf.getvalue()


def _with_comments(data: bytes) -> bytes:
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for info in src.infolist():
            body = src.read(info)
            if info.filename == "ppt/_rels/presentation.xml.rels":
                body = body.replace(
                    b"</Relationships>",
                    f'<Relationship Id="rIdA" Type="{_OD}/commentAuthors" '
                    'Target="commentAuthors.xml"/></Relationships>'.encode(),
                )
            if info.filename == "ppt/slides/_rels/slide3.xml.rels":
                body = body.replace(
                    b"</Relationships>",
                    f'<Relationship Id="rIdC" Type="{_OD}/comments" '
                    'Target="../comments/comment1.xml"/></Relationships>'.encode(),
                )
            zf.writestr(info, body)
        zf.writestr(
            "ppt/commentAuthors.xml",
            f'<p:cmAuthorLst xmlns:p="{_P}"><p:cmAuthor id="0" name="Bob Reviewer" '
            'initials="BR" lastIdx="1" clrIdx="0"/></p:cmAuthorLst>',
        )
        zf.writestr(
            "ppt/comments/comment1.xml",
            f'<p:cmLst xmlns:p="{_P}"><p:cm authorId="0" dt="2025-03-01T10:00:00" idx="1">'
            '<p:pos x="10" y="10"/><p:text>Check the South figure</p:text></p:cm></p:cmLst>',
        )
    return out.getvalue()


_DGM = "http://schemas.openxmlformats.org/drawingml/2006/diagram"
_A = "http://schemas.openxmlformats.org/drawingml/2006/main"


def _pt(mid: str, *paras: str, kind: str = "") -> str:
    typed = f' type="{kind}"' if kind else ""
    text = "".join(f"<a:p><a:r><a:t>{t}</a:t></a:r></a:p>" for t in paras)
    return f'<dgm:pt modelId="{mid}"{typed}><dgm:prSet/><dgm:t><a:bodyPr/>{text}</dgm:t></dgm:pt>'


#: A SmartArt process as PowerPoint stores it: the points in the order they were made (not
#: the reading order), transitions and presentation points without text, and parOf
#: connections whose srcOrd gives the order of the children.
_DATA = (
    f'<dgm:dataModel xmlns:dgm="{_DGM}" xmlns:a="{_A}"><dgm:ptLst>'
    + _pt("0", kind="doc")
    + _pt("3", "Deliver", "on site")
    + _pt("1", "Plan")
    + _pt("2", "Build")
    + _pt("21", "Test the build")
    + _pt("9", "transition", kind="parTrans")
    + _pt("8", "layout", kind="pres")
    + "</dgm:ptLst><dgm:cxnLst>"
    '<dgm:cxn modelId="c3" srcId="0" destId="3" srcOrd="2" destOrd="0"/>'
    '<dgm:cxn modelId="c1" srcId="0" destId="1" srcOrd="0" destOrd="0"/>'
    '<dgm:cxn modelId="c2" srcId="0" destId="2" srcOrd="1" destOrd="0"/>'
    '<dgm:cxn modelId="c21" srcId="2" destId="21" srcOrd="0" destOrd="0"/>'
    '<dgm:cxn modelId="p8" type="presOf" srcId="1" destId="8" srcOrd="0" destOrd="0"/>'
    "</dgm:cxnLst></dgm:dataModel>"
)


def _with_smartart(data: bytes, diagram: str = _DATA) -> bytes:
    frame = (
        f'<p:graphicFrame xmlns:p="{_P}" xmlns:a="{_A}" xmlns:r="{_OD}"><p:nvGraphicFramePr>'
        '<p:cNvPr id="99" name="Diagram"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr>'
        '<p:xfrm><a:off x="914400" y="3000000"/><a:ext cx="4000000" cy="1000000"/></p:xfrm>'
        f'<a:graphic><a:graphicData uri="{_DGM}"><dgm:relIds xmlns:dgm="{_DGM}" r:dm="rIdD" '
        'r:lo="rIdL" r:qs="rIdQ" r:cs="rIdS"/></a:graphicData></a:graphic></p:graphicFrame>'
    )
    src = zipfile.ZipFile(io.BytesIO(data))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for info in src.infolist():
            body = src.read(info)
            if info.filename == "ppt/slides/slide1.xml":
                body = body.replace(b"</p:spTree>", frame.encode() + b"</p:spTree>")
            if info.filename == "ppt/slides/_rels/slide1.xml.rels":
                body = body.replace(
                    b"</Relationships>",
                    f'<Relationship Id="rIdD" Type="{_OD}/diagramData" '
                    'Target="../diagrams/data1.xml"/></Relationships>'.encode(),
                )
            zf.writestr(info, body)
        zf.writestr("ppt/diagrams/data1.xml", diagram)
    return out.getvalue()


def test_smartart_text_in_the_diagrams_order() -> None:
    res = dan.convert(_with_smartart(_deck()), max_tokens=500)
    check_invariants(res, 500)
    first = res.chunks[0]
    assert "- Plan\n- Build\n  - Test the build\n- Deliver\n  - on site" in first
    # between the shapes above and below it on the slide
    assert first.index("Banner at the top") < first.index("- Plan") < first.index("Footnote box")
    assert "transition" not in first and "layout" not in first


def test_smartart_cycles_and_unreached_points_are_read_once() -> None:
    looped = _DATA.replace(
        "</dgm:cxnLst>",
        '<dgm:cxn modelId="x" srcId="21" destId="2" srcOrd="0" destOrd="0"/></dgm:cxnLst>',
    ).replace("</dgm:ptLst>", _pt("77", "Loose note") + "</dgm:ptLst>")
    text = dan.convert(_with_smartart(_deck(), looped), max_tokens=500).chunks[0]
    assert text.count("Build") == 1 and text.count("Test the build") == 1
    assert text.index("on site") < text.index("- Loose note")
    with pytest.raises(dan.LimitExceededError, match="SmartArt"):
        read_pptx(_with_smartart(_deck()), dan.Limits(max_blocks=3))


def test_a_slide_is_a_page_with_its_title_a_heading() -> None:
    res = dan.convert(_deck(), max_tokens=300)
    assert res.page_kind == "rendered"
    pages = {r["ssPage"] for r in res.records}
    assert pages == {1, 2, 3}
    first = res.chunks[0]
    assert "# Quarterly results" in first
    # reading order: the banner above the body placeholder, the footnote box below it
    assert first.index("Banner at the top") < first.index("- Revenue up 12%")
    assert first.index("  - Costs flat") < first.index("Footnote box at the bottom")
    assert "> **Speaker notes:**" in first and "Mention the new contract" in first
    table = next(c for c, r in zip(res.chunks, res.records) if r["ssPage"] == 3)
    assert "| Region | Sales |" in table and "| South | 20 |" in table
    assert res.doc_title == "Quarterly results"
    check_invariants(res, 300)


def test_slide_comments_have_their_authors() -> None:
    res = dan.convert(_with_comments(_deck()), max_tokens=300)
    record = next(r for r in res.records if r["ssPage"] == 3)
    assert record["ssComAuthors"] == "Bob Reviewer"
    assert "Check the South figure" in "\n".join(res.chunks)


def test_hidden_slides_are_left_out_but_keep_their_numbers() -> None:
    res = dan.convert(_deck(hidden_second=True), max_tokens=300)
    assert "Secret plans" not in "\n".join(res.chunks)
    assert {r["ssPage"] for r in res.records} == {1, 3}
    kept = dan.convert(_deck(hidden_second=True), max_tokens=300, keep_hidden=True)
    assert "# Secret plans (hidden slide)" in "\n".join(kept.chunks)


def test_detection_and_limits() -> None:
    data = _deck()
    assert detect(data) == "pptx" and detect(data, filename="deck.docx") == "pptx"
    with pytest.raises(dan.LimitExceededError, match="max_pages"):
        read_pptx(data, dan.Limits(max_pages=2))
    with pytest.raises(dan.UnsupportedFormatError, match="PowerPoint extension"):
        detect(b"plain words", filename="deck.pptx")


def test_a_deck_over_max_chars_is_refused_with_the_limit_to_raise() -> None:
    with pytest.raises(dan.TextTooLargeError, match=r"the deck holds more than Limits\.max_chars=20 "):
        dan.convert(_deck(), limits=dan.Limits(max_chars=20))
