"""The DOCX reader's C walk of simple paragraphs (``dan/readers/docx/_cwalk.pyx``) against
its Python walk, the reference: the same document model for every paragraph, simple or not.

The extension is built by ``scripts/compile.py`` (``make compiled``; CI's compiled step runs
these tests against it); in the pure-Python build this module is skipped, as there is only
the Python walk to run.
"""

from __future__ import annotations

import io
import sys
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from lxml import etree

import dan.readers.docx.body as body
from dan import model as m
from dan.limits import Limits
from dan.readers.docx import read_docx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from docx_builder import HEADING_STYLES, make_docx  # noqa: E402
from helpers import CORPUS, compiled_module  # noqa: E402

fast = compiled_module(
    "dan.readers.docx._cwalk", "the C walk is built by scripts/compile.py (make compiled)"
)

ROOT = Path(__file__).resolve().parents[2]
STYLES = HEADING_STYLES + (
    '<w:style w:type="character" w:styleId="Emph"><w:name w:val="Emph"/><w:rPr><w:i/></w:rPr></w:style>'
    '<w:style w:type="character" w:styleId="Loud"><w:name w:val="Loud"/><w:rPr><w:b/><w:i w:val="0"/></w:rPr></w:style>'
    '<w:docDefaults><w:rPrDefault><w:rPr><w:lang w:val="en-GB"/></w:rPr></w:rPrDefault></w:docDefaults>'
)
COMMENTS = (
    '<w:comment w:id="0" w:author="Carol" w:date="2024-04-05T09:00:00Z">'
    "<w:p><w:r><w:t>Right?</w:t></w:r></w:p></w:comment>"
)
FOOTNOTES = (
    '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
    '<w:footnote w:id="1"><w:p><w:r><w:t xml:space="preserve"> A note.</w:t></w:r></w:p></w:footnote>'
)


@contextmanager
def _walk(use_c: bool) -> Iterator[list[Any]]:
    """Read with the C walk (counting what its ``simple_runs`` returned) or with the Python
    walk only."""
    real, rows = body._simple_runs, body._table_rows
    assert real is not None and rows is not None
    returned: list[Any] = []

    def counting(p: Any) -> Any:
        got = real(p)
        returned.append(got)
        return got

    body._simple_runs = counting if use_c else None
    body._table_rows = rows if use_c else None
    try:
        yield returned
    finally:
        body._simple_runs, body._table_rows = real, rows


def _both(data: bytes) -> tuple[m.Document, m.Document, list[Any]]:
    with _walk(False):
        python = read_docx(data, Limits())
    with _walk(True) as returned:
        c = read_docx(data, Limits())
    return python, c, returned


def _doc(paragraphs: str) -> bytes:
    return make_docx(paragraphs, styles=STYLES, comments=COMMENTS, footnotes=FOOTNOTES)


# ---------------------------------------------------------------------- generated paragraphs

_TEXT = st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=6)
_PROPS = [
    "<w:b/>",
    '<w:b w:val="0"/>',
    '<w:b w:val="NONE"/>',
    '<w:b w:val="1"/>',
    "<w:i/>",
    '<w:i w:val="off"/>',
    '<w:rStyle w:val="Emph"/>',
    '<w:rStyle w:val="Loud"/>',
    '<w:rStyle w:val="Missing"/>',
    "<w:vanish/>",
    '<w:vanish w:val="false"/>',
    "<w:webHidden/>",
    '<w:sz w:val="20"/>',
    '<w:rFonts w:ascii="Arial"/>',
]
#: Run content the C walk reads ({} is text) ...
_SIMPLE = [
    "<w:t>{}</w:t>",
    '<w:t xml:space="preserve"> {} </w:t>',
    "<w:t/>",
    "<w:delText>{}</w:delText>",
    "<w:t><![CDATA[{}]]></w:t>",
    "<w:tab/>",
    "<w:ptab/>",
    "<w:br/>",
    '<w:br w:type="page"/>',
    '<w:br w:type="column"/>',
    '<w:br w:type="textWrapping"/>',
    "<w:lastRenderedPageBreak/>",
    "<w:cr/>",
    "<w:noBreakHyphen/>",
    "<w:softHyphen/>",
    '<w14:foo w14:val="1"/>',
]
#: ... and run content it leaves to the Python walk.
_COMPLEX = [
    '<w:sym w:font="Symbol" w:char="0041"/>',
    '<w:fldChar w:fldCharType="begin"/><w:instrText> PAGE </w:instrText><w:fldChar w:fldCharType="end"/>',
    # (a field's parts in runs, and paragraphs, of their own: what is open carries over)
    '<w:fldChar w:fldCharType="begin"/>',
    "<w:instrText>AUTHOR</w:instrText>",
    '<w:fldChar w:fldCharType="separate"/>',
    '<w:fldChar w:fldCharType="end"/>',
    '<w:footnoteReference w:id="1"/>',
    '<w:commentReference w:id="0"/>',
    "<mc:AlternateContent><mc:Fallback><w:t>x</w:t></mc:Fallback></mc:AlternateContent>",
    '<w:drawing><wp:docPr w:id="1" descr="A chart"/></w:drawing>',
]
_PPR = [
    "",
    '<w:pPr><w:pStyle w:val="Heading1"/></w:pPr>',
    '<w:pPr><w:pStyle w:val="Strong"/></w:pPr>',
    '<w:pPr><w:pStyle w:val="Title"/></w:pPr>',
    '<w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>',
    '<w:pPr><w:pageBreakBefore/><w:jc w:val="center"/></w:pPr>',
]


@st.composite
def _run(draw: st.DrawFn, complex_content: bool) -> str:
    props = draw(st.lists(st.sampled_from(_PROPS), max_size=4))
    kinds = _SIMPLE + (_COMPLEX if complex_content else [])
    content = draw(st.lists(st.sampled_from(kinds), max_size=4))
    text = "".join(
        k.format(escape(draw(_TEXT)).replace("]]>", "")) if "{}" in k else k for k in content
    )
    rpr = f"<w:rPr>{''.join(props)}</w:rPr>" if props or draw(st.booleans()) else ""
    return f"<w:r>{rpr}{text}</w:r>"


@st.composite
def _paragraph(draw: st.DrawFn, complex_content: bool) -> str:
    parts: list[str] = []
    for _ in range(draw(st.integers(0, 4))):
        run = draw(_run(complex_content))
        around = draw(
            st.sampled_from(
                [
                    "{}",
                    '<w:bookmarkStart w:id="9" w:name="b"/>{}<w:bookmarkEnd w:id="9"/>',
                    '<w:proofErr w:type="spellStart"/>{}',
                ]
                + (
                    [
                        '<w:ins w:id="5" w:author="Ann">{}</w:ins>',
                        '<w:hyperlink w:anchor="b">{}</w:hyperlink>',
                        '<w:commentRangeStart w:id="0"/>{}<w:commentRangeEnd w:id="0"/>',
                        '<w:fldSimple w:instr="AUTHOR">{}</w:fldSimple>',
                        "<w:smartTag>{}</w:smartTag>",
                        "{}<m:oMath><m:r><m:t>x</m:t></m:r></m:oMath>",
                    ]
                    if complex_content
                    else []
                )
            )
        )
        parts.append(around.format(run))
    return f"<w:p>{draw(st.sampled_from(_PPR))}{''.join(parts)}</w:p>"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_paragraph(complex_content=True), min_size=1, max_size=5), st.booleans())
def test_any_paragraphs_read_the_same_by_both_walks(paragraphs: list[str], in_table: bool) -> None:
    inner = "".join(paragraphs)
    if in_table:
        inner = f"<w:tbl><w:tr><w:tc>{inner}</w:tc></w:tr></w:tbl>"
    python, c, _ = _both(_doc(inner))
    assert c == python


@settings(max_examples=100, deadline=None)
@given(st.lists(_paragraph(complex_content=False), min_size=1, max_size=4))
def test_simple_paragraphs_take_the_c_walk_and_read_the_same(paragraphs: list[str]) -> None:
    python, c, returned = _both(_doc("".join(paragraphs)))
    assert c == python
    assert len(returned) == len(paragraphs) and all(r is not None for r in returned)


# ---------------------------------------------------------------------- generated tables

_TR_PR = [
    "<w:tblHeader/>",
    '<w:tblHeader w:val="false"/>',
    '<w:tblHeader w:val="on"/>',
    "<w:cantSplit/>",
]
_GRID_BEFORE = ["", "1", "2", "-1", "x", " 3", "\u0663", "99"]
_TC_PR = [
    '<w:tcW w:w="100" w:type="dxa"/>',
    '<w:gridSpan w:val="{}"/>',
    "<w:vMerge/>",
    '<w:vMerge w:val="restart"/>',
    '<w:vMerge w:val="continue"/>',
    '<w:vMerge w:val=""/>',
]
_SPANS = ["2", "0", "-3", "70", "two", ""]
_WRAPS = [
    "{}",
    "<w:sdt><w:sdtPr/><w:sdtContent>{}</w:sdtContent></w:sdt>",
    "<w:customXml>{}</w:customXml>",
    '<w:ins w:id="3" w:author="Ann">{}</w:ins>',
    '<w:del w:id="4" w:author="Bob">{}</w:del>',
    "<w:smartTag>{}</w:smartTag>",
]


@st.composite
def _cell(draw: st.DrawFn) -> str:
    props = "".join(
        k.format(draw(st.sampled_from(_SPANS)))
        for k in draw(st.lists(st.sampled_from(_TC_PR), max_size=3))
    )
    tcpr = f"<w:tcPr>{props}</w:tcPr>" if props or draw(st.booleans()) else ""
    inner = draw(
        st.sampled_from(
            [
                "<w:p><w:r><w:t>c</w:t></w:r></w:p>",
                "<w:p/>",
                "<w:p><w:r><w:lastRenderedPageBreak/><w:t>p</w:t></w:r></w:p>",
            ]
        )
    )
    return draw(st.sampled_from(_WRAPS)).format(f"<w:tc>{tcpr}{inner}</w:tc>")


@st.composite
def _table(draw: st.DrawFn) -> str:
    rows = []
    for _ in range(draw(st.integers(1, 4))):
        props = draw(st.lists(st.sampled_from(_TR_PR), max_size=2))
        before = draw(st.sampled_from(_GRID_BEFORE))
        if before:
            props.append(f'<w:gridBefore w:val="{before}"/>')
        trpr = f"<w:trPr>{''.join(props)}</w:trPr>" if props else ""
        cells = "".join(draw(st.lists(_cell(), max_size=4)))
        rows.append(draw(st.sampled_from(_WRAPS)).format(f"<w:tr>{trpr}{cells}</w:tr>"))
    return f"<w:tbl><w:tblPr/>{''.join(rows)}</w:tbl>"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_table(), min_size=1, max_size=2))
def test_any_tables_read_the_same_by_both_walks(tables: list[str]) -> None:
    data = _doc("".join(tables) + "<w:p/>")
    python, c, _ = _both(data)
    assert c == python
    # and the rows themselves, element for element
    root = etree.fromstring(zipfile.ZipFile(io.BytesIO(data)).read("word/document.xml"))
    for tbl in root.iter("{http://schemas.openxmlformats.org/wordprocessingml/2006/main}tbl"):
        assert fast.table_rows(tbl) == body._rows(tbl)


# ---------------------------------------------------------------------- chosen cases


def _inlines(xml: str) -> tuple[tuple[m.Inline, ...], tuple[m.Inline, ...], list[Any]]:
    python, c, returned = _both(_doc(xml))
    para = python.body[0]
    assert isinstance(para, (m.Paragraph, m.Heading, m.ListItem))
    c_para = c.body[0]
    assert isinstance(c_para, type(para))
    return para.inlines, c_para.inlines, returned


def test_run_formatting_comes_from_direct_properties_then_the_run_style() -> None:
    xml = (
        '<w:p><w:r><w:rPr><w:rStyle w:val="Loud"/></w:rPr><w:t>loud</w:t></w:r>'
        '<w:r><w:rPr><w:rStyle w:val="Loud"/><w:b w:val="0"/><w:i/></w:rPr><w:t>tamed</w:t></w:r>'
        '<w:r><w:rPr><w:rStyle w:val="Emph"/></w:rPr><w:t xml:space="preserve"> soft </w:t></w:r></w:p>'
    )
    python, c, returned = _inlines(xml)
    assert (
        c
        == python
        == (
            m.Text("loud", True, False),
            m.Text("tamed", False, True),
            m.Text(" soft ", False, True),
        )
    )
    assert returned[0] is not None


def test_hidden_runs_are_dropped_and_breaks_and_page_marks_kept() -> None:
    xml = (
        "<w:p><w:r><w:rPr><w:vanish/></w:rPr><w:t>hidden</w:t></w:r>"
        '<w:r><w:rPr><w:vanish w:val="0"/></w:rPr><w:t>shown</w:t><w:br/><w:t>a</w:t><w:tab/>'
        '<w:br w:type="column"/><w:lastRenderedPageBreak/><w:br w:type="page"/><w:noBreakHyphen/></w:r></w:p>'
    )
    python, c, returned = _inlines(xml)
    assert c == python
    assert c == (
        m.Text("shown"),
        m.LineBreak(),
        m.Text("a"),
        m.Text("\t"),
        m.PageMark(rendered=True),
        m.PageMark(rendered=False),
        m.Text("-"),
    )
    assert returned[0] is not None


@pytest.mark.parametrize(
    "content",
    [
        '<w:ins w:id="1" w:author="Ann"><w:r><w:t>new</w:t></w:r></w:ins>',
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>PAGE</w:instrText></w:r>'
        '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
        '<w:r><w:t>a</w:t><w:footnoteReference w:id="1"/></w:r>',
        '<w:r><w:t>a</w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r>',
        '<w:commentRangeStart w:id="0"/><w:r><w:t>a</w:t></w:r><w:commentRangeEnd w:id="0"/>',
        '<w:r><w:sym w:font="Wingdings" w:char="0041"/></w:r>',
        "<m:oMath><m:r><m:t>x</m:t></m:r></m:oMath>",
    ],
)
def test_paragraphs_with_more_than_runs_are_left_to_the_python_walk(content: str) -> None:
    python, c, returned = _inlines(f"<w:p>{content}</w:p>")
    assert c == python
    assert returned[0] is None  # (the body's paragraph; a note's paragraphs come after it)


def test_a_paragraph_inside_an_open_field_or_comment_range_takes_the_python_walk() -> None:
    # a field's instruction and a comment's range run over three paragraphs: the middle
    # one is simple, but what it shows depends on what is open, which only the Python walk
    # tracks (so the C walk is not asked)
    xml = (
        '<w:p><w:r><w:t>before</w:t></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r>'
        "<w:r><w:instrText>AUTHOR</w:instrText></w:r></w:p>"
        "<w:p><w:r><w:t>inside the instruction</w:t></w:r></w:p>"
        '<w:p><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>Ann</w:t></w:r>'
        '<w:r><w:fldChar w:fldCharType="end"/></w:r><w:commentRangeStart w:id="0"/></w:p>'
        "<w:p><w:r><w:t>commented</w:t></w:r></w:p>"
        '<w:p><w:commentRangeEnd w:id="0"/><w:r><w:commentReference w:id="0"/></w:r></w:p>'
        "<w:p><w:r><w:t>after</w:t></w:r></w:p>"
    )
    python, c, returned = _both(_doc(xml))
    assert c == python
    # asked for the first paragraph and the last only; both, and only they, are simple
    assert len(returned) == 2 and returned[0] is None and returned[1] is not None
    assert "inside the instruction" not in repr(c.body)
    assert any(isinstance(node, m.Comment) for node in c.body[3].inlines)  # type: ignore[union-attr]


def test_text_is_what_lxml_reads_cdata_and_entities_included() -> None:
    # (dan's parser turns CDATA sections into text; the C walk reads them as lxml's .text
    # does under a parser that keeps them)
    from lxml import etree

    w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    xml = (
        f'<w:p xmlns:w="{w}"><w:r><w:t>a&amp;b<![CDATA[<c>]]>d<w:x/>tail</w:t>'
        "<w:t><![CDATA[only]]></w:t><w:t>é€😀</w:t></w:r></w:p>"
    )
    p = etree.fromstring(xml, etree.XMLParser(strip_cdata=False))
    texts = [t.text for t in p.iter(f"{{{w}}}t")]
    got = fast.simple_runs(p)
    assert got is not None
    assert [value for _kind, value, *_ in got[1]] == texts == ["a&b<c>d", "only", "é€😀"]


def test_the_text_limit_holds_on_the_c_walk() -> None:
    from dan.errors import TextTooLargeError

    data = _doc("<w:p><w:r><w:t>" + "x" * 200 + "</w:t></w:r></w:p>")
    with _walk(True) as returned, pytest.raises(TextTooLargeError):
        read_docx(data, Limits(max_chars=100))
    assert returned and returned[0] is not None


# ---------------------------------------------------------------------- real documents


def _documents() -> list[Path]:
    roots = [ROOT / "tests" / "data", ROOT / "demo" / "samples", CORPUS]
    found = [
        p
        for r in roots
        if r.is_dir()
        for p in sorted(r.rglob("*.docx"))
        if "_ref" not in p.parts[-2]
    ]
    return found


@pytest.mark.parametrize("path", _documents(), ids=lambda p: p.name)
def test_real_documents_read_the_same_by_both_walks(path: Path) -> None:
    data = path.read_bytes()
    try:
        with _walk(False):
            python = read_docx(data, Limits())
    except Exception as exc:  # noqa: BLE001 - the C walk must fail the same way
        with _walk(True), pytest.raises(type(exc)):
            read_docx(data, Limits())
        return
    with _walk(True):
        c = read_docx(data, Limits())
    assert c == python


def test_the_walk_is_loaded_from_the_extension() -> None:
    runs, rows = body._load_cwalk()
    assert runs is fast.simple_runs and rows is fast.table_rows
