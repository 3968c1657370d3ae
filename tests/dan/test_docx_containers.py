"""Every element the DOCX reader looks inside, at block level and around runs, keeps the
text it holds: the block and run walks find what each child is in one table look-up
(``_BLOCK_KIND``, ``_RUN_KIND``), so each kind of wrapper is read here once."""

from __future__ import annotations

import pytest
from lxml import etree

import dan
from dan.readers.docx.ooxml import W, W_NS, int_val
from tests.dan.docx_builder import make_docx


def _run(text: str) -> str:
    return f"<w:r><w:t>{text}</w:t></w:r>"


def _para(inner: str) -> str:
    return f"<w:p>{inner}</w:p>"


def _markdown(body: str) -> str:
    return "\n".join(dan.convert(make_docx(body), doc_type="docx", max_tokens=1024).chunks)


@pytest.mark.parametrize(
    "wrapped",
    [
        "<w:sdt><w:sdtPr/><w:sdtContent>{}</w:sdtContent></w:sdt>",
        "<w:customXml>{}</w:customXml>",
        "<w:smartTag>{}</w:smartTag>",
        '<w:ins w:id="1" w:author="Ann">{}</w:ins>',
        '<w:moveTo w:id="2" w:author="Ann">{}</w:moveTo>',
        '<mc:AlternateContent><mc:Choice Requires="w14">{}</mc:Choice>'
        "<mc:Fallback><w:p><w:r><w:t>fallback</w:t></w:r></w:p></mc:Fallback></mc:AlternateContent>",
    ],
)
def test_a_paragraph_inside_a_block_wrapper_is_read(wrapped: str) -> None:
    md = _markdown(_para(_run("Before.")) + wrapped.format(_para(_run("Wrapped words."))))
    assert "Before." in md and "Wrapped words." in md
    assert "fallback" not in md  # (an alternative's choice is read, not its fallback)


@pytest.mark.parametrize(
    "wrapped",
    [
        "<w:smartTag>{}</w:smartTag>",
        "<w:customXml>{}</w:customXml>",
        '<w:dir w:val="rtl">{}</w:dir>',
        '<w:bdo w:val="rtl">{}</w:bdo>',
        "<w:sdt><w:sdtContent>{}</w:sdtContent></w:sdt>",
        '<w:fldSimple w:instr=" DATE ">{}</w:fldSimple>',
        '<w:hyperlink w:anchor="x">{}</w:hyperlink>',
        '<mc:AlternateContent><mc:Choice Requires="w14">{}</mc:Choice></mc:AlternateContent>',
    ],
)
def test_a_run_inside_a_run_wrapper_is_read(wrapped: str) -> None:
    md = _markdown(_para(_run("Start ") + wrapped.format(_run("inner words")) + _run(" end.")))
    assert "Start inner words end." in md


@pytest.mark.parametrize(
    ("tag", "marked"),
    [
        ("ins", "{++changed++}{>>rev: Ann<<}"),
        ("del", "{--changed--}{>>rev: Ann<<}"),
        ("moveTo", "{++changed++}{>>rev: Ann, moved<<}"),
        ("moveFrom", "{--changed--}{>>rev: Ann, moved<<}"),
    ],
)
def test_a_revision_around_runs_is_marked(tag: str, marked: str) -> None:
    text = "<w:delText>changed</w:delText>" if tag in ("del", "moveFrom") else "<w:t>changed</w:t>"
    body = _para(_run("Kept ") + f'<w:{tag} w:id="5" w:author="Ann"><w:r>{text}</w:r></w:{tag}>')
    assert _markdown(body).endswith("Kept " + marked)


def test_properties_bookmarks_and_unknown_elements_are_skipped() -> None:
    body = (
        _para(
            '<w:pPr><w:jc w:val="left"/></w:pPr><w:bookmarkStart w:id="0" w:name="b"/>'
            + _run("Plain text.")
            + '<w:bookmarkEnd w:id="0"/><w:proofErr w:type="spellStart"/>'
        )
        + '<w:bookmarkStart w:id="1" w:name="c"/>'
        + _para(_run("Next."))
    )
    md = _markdown(body)
    assert "Plain text." in md and "Next." in md


def test_an_embedded_chunk_is_named() -> None:
    md = _markdown(_para(_run("Before.")) + '<w:altChunk r:id="rIdX"/>')
    assert "[embedded content not converted]" in md


def _val(value: str | None) -> etree._Element:
    el = etree.Element(W.gridSpan, nsmap={"w": W_NS})
    if value is not None:
        el.set(W.val, value)
    return el


def test_int_val_reads_a_number_and_falls_back_to_the_default() -> None:
    assert int_val(None, 5) == 5
    assert int_val(_val(None), 4) == 4
    assert int_val(_val("x"), 3) == 3
    assert int_val(_val("7"), 3) == 7
    assert int_val(_val("-2")) == -2
