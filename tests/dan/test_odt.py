"""ODT: OpenDocument text zipped here from content.xml written in the test (the markup
LibreOffice writes for headings, lists, tables, notes, tracked changes and annotations)."""

from __future__ import annotations

import io
import zipfile

import pytest

import dan
from dan.detect import detect
from dan.readers.odt import read_odt
from helpers import check_invariants

_NS = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
    'xmlns:dc="http://purl.org/dc/elements/1.1/" '
    'xmlns:xlink="http://www.w3.org/1999/xlink" '
    'xmlns:loext="urn:org:documentfoundation:names:experimental:office:xmlns:loext:1.0"'
)

_BODY = """
<text:tracked-changes>
  <text:changed-region text:id="ct1"><text:insertion><office:change-info>
    <dc:creator>Ina Editor</dc:creator><dc:date>2025-02-01T09:00:00</dc:date>
  </office:change-info></text:insertion></text:changed-region>
  <text:changed-region text:id="ct2"><text:deletion><office:change-info>
    <dc:creator>Dee Leter</dc:creator><dc:date>2025-02-02T09:00:00</dc:date>
  </office:change-info><text:p>thirty</text:p></text:deletion></text:changed-region>
</text:tracked-changes>
<text:h text:outline-level="1">Service Agreement</text:h>
<text:p>The term is <text:change text:change-id="ct2"/><text:change-start text:change-id="ct1"/>sixty<text:change-end text:change-id="ct1"/> days.</text:p>
<text:p>Fees are <text:span text:style-name="B">due monthly</text:span><text:note text:id="n1" text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>Invoices in euro.</text:p></text:note-body></text:note> as <text:a xlink:href="https://example.com/fees">listed</text:a>.</text:p>
<text:p><office:annotation office:name="c1"><dc:creator>Carla Counsel</dc:creator><dc:date>2025-02-03T10:00:00</dc:date><text:p>Too strict?</text:p></office:annotation>Late payment<office:annotation-end office:name="c1"/> costs 2%.</text:p>
<text:h text:outline-level="2">Scope</text:h>
<text:list text:style-name="L1">
  <text:list-item><text:p>Hosting</text:p>
    <text:list><text:list-item><text:p>Backups</text:p></text:list-item></text:list>
  </text:list-item>
  <text:list-item><text:p>Support</text:p></text:list-item>
</text:list>
<table:table table:name="Prices">
  <table:table-column table:number-columns-repeated="2"/>
  <table:table-header-rows><table:table-row>
    <table:table-cell><text:p>Item</text:p></table:table-cell>
    <table:table-cell><text:p>Price</text:p></table:table-cell>
  </table:table-row></table:table-header-rows>
  <table:table-row>
    <table:table-cell table:number-columns-spanned="2"><text:p>Bundle</text:p></table:table-cell>
    <table:covered-table-cell/>
  </table:table-row>
  <table:table-row>
    <table:table-cell><text:p>Hosting</text:p></table:table-cell>
    <table:table-cell><text:p>100</text:p></table:table-cell>
  </table:table-row>
</table:table>
"""


def _odt(body: str = _BODY, *, encrypted: bool = False, kind: str = "text") -> bytes:
    content = (
        f'<office:document-content {_NS}><office:automatic-styles>'
        '<style:style style:name="B" style:family="text"><style:text-properties fo:font-weight="bold"/></style:style>'
        '<text:list-style style:name="L1"><text:list-level-style-number text:level="1"/>'
        '<text:list-level-style-bullet text:level="2"/></text:list-style>'
        f"</office:automatic-styles><office:body><office:{kind}>{body}</office:{kind}>"
        "</office:body></office:document-content>"
    )
    meta = (
        f'<office:document-meta {_NS}><office:meta><dc:title>The Agreement</dc:title>'
        "</office:meta></office:document-meta>"
    )
    manifest = (
        '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
        '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml">'
        + ('<manifest:encryption-data manifest:checksum="x"/>' if encrypted else "")
        + "</manifest:file-entry></manifest:manifest>"
    )
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.text")
        zf.writestr("content.xml", content)
        zf.writestr("meta.xml", meta)
        zf.writestr("META-INF/manifest.xml", manifest)
    return buf.getvalue()


def test_structure() -> None:
    res = dan.convert(_odt(), max_tokens=500)
    assert res.doc_title == "The Agreement"
    text = "\n".join(res.chunks)
    assert "# Service Agreement" in text and "## Scope" in text
    assert "1. Hosting" in text and "  - Backups" in text and "2. Support" in text
    assert "| Item | Price |" in text and "| Bundle | ← |" in text and "| Hosting | 100 |" in text
    assert "**due monthly**" in text and "[listed](https://example.com/fees)" in text
    assert "Invoices in euro." in text
    check_invariants(res, 500)


def _note(name: str, author: str, text: str, parent: str = "") -> str:
    named = f' office:name="{name}"' if name else ""
    linked = f' loext:parent-name="{parent}"' if parent else ""
    return (
        f"<office:annotation{named}{linked}><dc:creator>{author}</dc:creator>"
        f"<dc:date>2025-02-04T10:00:00</dc:date><text:p>{text}</text:p></office:annotation>"
    )


def test_annotation_replies_join_their_thread_as_docx_replies_do() -> None:
    # as LibreOffice writes a thread: replies sit on the first comment's anchor, each naming
    # its parent (a reply to a reply names the reply)
    body = (
        "<text:p>"
        + _note("c1", "Carla Counsel", "Too strict?")
        + _note("r1", "Rob Reviewer", "Agreed, soften it.", parent="c1")
        + _note("", "Carla Counsel", "Softened.", parent="r1")
        + 'Late payment<office:annotation-end office:name="c1"/>'
        '<office:annotation-end office:name="r1"/> costs 2%.</text:p>'
        + "<text:p>" + _note("", "Otto Orphan", "Parent deleted.", parent="gone") + "Fees.</text:p>"
        + "<text:p>Loop" + _note("x1", "Cy Cle", "one", parent="x2") + '<office:annotation-end office:name="x1"/>'
        + _note("x2", "Cy Cle", "two", parent="x1") + '<office:annotation-end office:name="x2"/>.</text:p>'
    )
    res = dan.convert(_odt(body), max_tokens=500)
    text = "\n".join(res.chunks)
    assert (
        "{==Late payment==}{>>Carla Counsel, 2025-02-04: Too strict?<<}"
        "{>>↳ Rob Reviewer: Agreed, soften it.<<}{>>↳ Carla Counsel: Softened.<<} costs 2%."
    ) in text
    assert res.records[0]["ssComAuthors"].split("; ")[:2] == ["Carla Counsel", "Rob Reviewer"]
    doc = read_odt(_odt(body), dan.Limits())
    first = next(i for i in doc.body[0].inlines if isinstance(i, dan.model.Comment))
    assert [(r.author, r.text) for r in first.info.replies] == [
        ("Rob Reviewer", "Agreed, soften it."),
        ("Carla Counsel", "Softened."),
    ]
    comments = [i for b in doc.body for i in b.inlines if isinstance(i, dan.model.Comment)]
    assert len(comments) == 4  # the thread once; the orphan and the two in a cycle on their own
    assert "{>>Otto Orphan, 2025-02-04: Parent deleted.<<}" in text
    assert "{>>Cy Cle, 2025-02-04: one<<}" in text and "{>>Cy Cle, 2025-02-04: two<<}" in text


def test_tracked_changes_and_annotations_in_the_docx_notation() -> None:
    res = dan.convert(_odt(), max_tokens=500)
    text = "\n".join(res.chunks)
    first = res.records[0]
    assert set(first["ssRevAuthors"].split("; ")) == {"Ina Editor", "Dee Leter"}
    assert first["ssComAuthors"] == "Carla Counsel"
    # the DOCX notation (CriticMarkup with the author and day of each mark)
    assert (
        "The term is {--thirty--}{>>rev: Dee Leter, 2025-02-02<<}"
        "{++sixty++}{>>rev: Ina Editor, 2025-02-01<<} days." in text
    )
    assert "{==Late payment==}{>>Carla Counsel, 2025-02-03: Too strict?<<} costs 2%." in text
    doc = read_odt(_odt(), dan.Limits())
    para = doc.body[1]
    assert isinstance(para, dan.model.Paragraph)
    revs = [i for i in para.inlines if isinstance(i, dan.model.Revision)]
    assert [(r.kind, r.author, r.date) for r in revs] == [
        ("del", "Dee Leter", "2025-02-02T09:00:00"),
        ("ins", "Ina Editor", "2025-02-01T09:00:00"),
    ]
    comment = next(i for i in doc.body[3].inlines if isinstance(i, dan.model.Comment))
    assert comment.info.author == "Carla Counsel" and comment.info.text == "Too strict?"
    assert comment.children == (dan.model.Text("Late payment"),)


def test_detection_encryption_and_other_odf() -> None:
    assert detect(_odt()) == "odt" and detect(_odt(), filename="x.docx") == "odt"
    with pytest.raises(dan.EncryptedDocumentError, match="password"):
        dan.convert(_odt(encrypted=True))
    with pytest.raises(dan.UnsupportedFormatError, match="not text"):
        read_odt(_odt("<table:table/>", kind="spreadsheet"), dan.Limits())
    src = zipfile.ZipFile(io.BytesIO(_odt("<table:table/>", kind="spreadsheet")))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for info in src.infolist():
            body = src.read(info)
            if info.filename == "mimetype":
                body = b"application/vnd.oasis.opendocument.spreadsheet"
            zf.writestr(info.filename, body)
    ods = buf.getvalue()
    with pytest.raises(dan.UnsupportedFormatError, match="holds spreadsheet, not text"):
        dan.convert(ods)


def test_deep_nesting_is_refused() -> None:
    deep = "<text:section>" * 150 + "<text:p>x</text:p>" + "</text:section>" * 150
    with pytest.raises(dan.NestingTooDeepError):
        read_odt(_odt(deep), dan.Limits())


def test_a_document_over_max_chars_is_refused_with_the_limit_to_raise() -> None:
    with pytest.raises(dan.TextTooLargeError, match=r"the document holds more than Limits\.max_chars=20 "):
        dan.convert(_odt(), limits=dan.Limits(max_chars=20))
