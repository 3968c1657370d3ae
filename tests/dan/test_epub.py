"""EPUB: books zipped here from XHTML written in the test (EPUB 3 navigation and EPUB 2 NCX)."""

from __future__ import annotations

import io
import zipfile

import pytest

import dan
from dan.detect import detect
from dan.readers.epub import read_epub
from helpers import check_invariants

_XHTML = (
    '<?xml version="1.0" encoding="utf-8"?><!DOCTYPE html>'
    '<html xmlns="http://www.w3.org/1999/xhtml"><head><title>{title}</title></head>'
    "<body>{body}</body></html>"
)


def _book(*, ncx: bool = False, encrypted: bool = False, extra: dict[str, bytes] | None = None) -> bytes:
    chapters = {
        "text/ch1.xhtml": _XHTML.format(title="One", body="<h1>The Beginning</h1><p>It was a dark night.</p>"),
        "text/ch2.xhtml": _XHTML.format(title="Book", body="<p>No heading in this chapter.</p><ul><li>a point</li></ul>"),
        "text/ch3.xhtml": _XHTML.format(title="Three", body="<h2>Epilogue</h2><p>The end.</p>"),
    }
    manifest = "".join(
        f'<item id="c{i}" href="{name}" media-type="application/xhtml+xml"/>'
        for i, name in enumerate(chapters, 1)
    )
    spine = "".join(f'<itemref idref="c{i}"/>' for i in (2, 1, 3))  # spine order, not file order
    if ncx:
        manifest += '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>'
        toc = (
            '<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/"><navMap>'
            '<navPoint id="n2"><navLabel><text>Prologue from the NCX</text></navLabel>'
            '<content src="text/ch2.xhtml"/></navPoint></navMap></ncx>'
        )
        toc_name = "OEBPS/toc.ncx"
    else:
        manifest += '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>'
        toc = _XHTML.format(
            title="Contents",
            body='<nav epub:type="toc" xmlns:epub="http://www.idpf.org/2007/ops"><ol>'
            '<li><a href="text/ch2.xhtml">Prologue from the nav</a></li></ol></nav>',
        )
        toc_name = "OEBPS/nav.xhtml"
    opf = (
        '<package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata '
        'xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Book</dc:title></metadata>'
        f"<manifest>{manifest}</manifest><spine>{spine}</spine></package>"
    )
    files = {
        "META-INF/container.xml": (
            '<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container" version="1.0">'
            '<rootfiles><rootfile full-path="OEBPS/content.opf" '
            'media-type="application/oebps-package+xml"/></rootfiles></container>'
        ),
        "OEBPS/content.opf": opf,
        toc_name: toc,
        **{f"OEBPS/{k}": v for k, v in chapters.items()},
    }
    if encrypted:
        files["META-INF/encryption.xml"] = (
            '<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" '
            'xmlns:enc="http://www.w3.org/2001/04/xmlenc#"><enc:EncryptedData>'
            '<enc:CipherData><enc:CipherReference URI="OEBPS/text/ch1.xhtml"/></enc:CipherData>'
            "</enc:EncryptedData></encryption>"
        )
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")
        for name, text in files.items():
            zf.writestr(name, text)
        for name, blob in (extra or {}).items():
            zf.writestr(name, blob)
    return buf.getvalue()


@pytest.mark.parametrize("ncx", [False, True])
def test_chapters_in_spine_order_as_sections(ncx: bool) -> None:
    res = dan.convert(_book(ncx=ncx), max_tokens=300)
    assert res.doc_title == "Book"
    text = "\n".join(res.chunks)
    label = "Prologue from the NCX" if ncx else "Prologue from the nav"
    assert text.index(f"# {label}") < text.index("# The Beginning") < text.index("Epilogue")
    assert "- a point" in text
    paths = [r["section_path"] for r in res.records]
    assert label in paths and "The Beginning" in paths
    check_invariants(res, 300)


def test_detection_and_drm() -> None:
    assert detect(_book()) == "epub"
    assert detect(_book(), filename="book.docx") == "epub"
    with pytest.raises(dan.EncryptedDocumentError, match="DRM"):
        dan.convert(_book(encrypted=True))


def test_zip_limits_apply() -> None:
    bomb = {"OEBPS/text/ch1.xhtml.bak": b"\0" * 5_000_000}
    data = _book(extra=bomb)
    read_epub(data, dan.Limits())  # a part that is never read costs nothing
    chapter_bomb = _book(extra={})
    with pytest.raises(dan.ZipBombError):
        read_epub(chapter_bomb, dan.Limits(max_part_bytes=100))
