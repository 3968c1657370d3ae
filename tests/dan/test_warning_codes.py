"""Every warning travels as a dan.Message with a code from one documented Literal
(dan.model.WarningCode); no reader logs on its own (the HTML charset and RTF code page
warnings used to, so they never reached DanResult.warnings)."""

from __future__ import annotations

import io
import logging
import re
import zipfile
from pathlib import Path
from typing import get_args

import pytest

import dan
from dan.model import WarningCode
from dan.readers.html import read_html
from dan.readers.rtf import read_rtf

ROOT = Path(__file__).resolve().parents[2]
CODES = set(get_args(WarningCode))
_WRITTEN = re.compile(r"""Message\(\s*["']([a-z-]+)["']""")
_PAGE = b'<html><head><meta charset="x-no-such-charset"><title>T</title></head><body><p>plain words</p></body></html>'


def _codes_in_source() -> set[str]:
    found: set[str] = set()
    for path in (ROOT / "dan").rglob("*.py"):
        found.update(_WRITTEN.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_code_written_is_in_the_literal_and_every_code_is_written() -> None:
    written = _codes_in_source()
    assert written <= CODES, written - CODES
    assert CODES <= written, CODES - written  # (no code kept that nothing gives)
    assert dan.WarningCode is WarningCode and "WarningCode" in dan.__all__


def test_every_code_is_documented() -> None:
    page = (ROOT / "docs" / "dan.md").read_text(encoding="utf-8")
    missing = {code for code in CODES if f"`{code}`" not in page}
    assert not missing


def test_no_reader_logs_on_its_own() -> None:
    for path in (ROOT / "dan" / "readers").rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "getLogger" not in text and "log.warning" not in text, path


def test_an_unknown_html_charset_travels_with_the_result(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="dan"):
        doc = read_html(_PAGE, dan.Limits())
    assert not caplog.records  # (the reader says it only through the document)
    assert [w.code for w in doc.warnings] == ["unknown-charset"]
    assert "x-no-such-charset" in doc.warnings[0].message
    res = dan.convert(_PAGE, doc_type="html")
    assert [w.code for w in res.warnings] == ["unknown-charset"]
    # twice in one process: each result has it (nothing is remembered between conversions)
    assert [w.code for w in dan.convert(_PAGE, doc_type="html").warnings] == ["unknown-charset"]


def test_a_charset_that_was_not_needed_gives_no_warning() -> None:
    utf8 = _PAGE.replace(b"plain words", "café".encode())  # valid UTF-8 wins over any label
    assert read_html(utf8, dan.Limits()).warnings == ()
    assert read_html(_PAGE.decode("ascii"), dan.Limits()).warnings == ()  # text: nothing decoded


def test_an_unknown_font_code_page_travels_with_the_result(caplog: pytest.LogCaptureFixture) -> None:
    rtf = r"{\rtf1\ansi\deff0{\fonttbl{\f0 Default;}{\f1\cpg99998 Odd;}}\f0 caf\'e9 {\f1 \'e9t\'e9}\par}"
    for _ in range(2):  # (a code page is looked up once per process: the warning is per document)
        with caplog.at_level(logging.WARNING, logger="dan"):
            doc = read_rtf(rtf.encode("ascii"), dan.Limits())
        assert not caplog.records
        found = [w for w in doc.warnings if w.code == "unknown-codepage"]
        assert len(found) == 1 and "99998" in found[0].message and found[0].where == "font 1"
    res = dan.convert(rtf.encode("ascii"))
    assert "café été" in res.chunks[0]  # (the font's text decoded with the document's code page)
    assert [w.code for w in res.warnings] == ["unknown-codepage"]


def test_an_epub_chapter_s_warning_travels_naming_the_chapter() -> None:
    chapter = b'<?xml version="1.0" encoding="x-no-such-charset"?><html><body><p>A chapter.</p></body></html>'
    files = {
        "META-INF/container.xml": (
            '<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container" version="1.0">'
            '<rootfiles><rootfile full-path="content.opf" media-type="application/oebps-package+xml"/>'
            "</rootfiles></container>"
        ).encode(),
        "content.opf": (
            '<package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata '
            'xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>Book</dc:title></metadata>'
            '<manifest><item id="c1" href="ch1.xhtml" media-type="application/xhtml+xml"/></manifest>'
            '<spine><itemref idref="c1"/></spine></package>'
        ).encode(),
        "ch1.xhtml": chapter,
    }
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr(zipfile.ZipInfo("mimetype"), "application/epub+zip")
        for name, data in files.items():
            zf.writestr(name, data)
    res = dan.convert(buf.getvalue())
    assert "A chapter." in res.chunks[0]
    assert [(w.code, w.where) for w in res.warnings] == [("unknown-charset", "ch1.xhtml")]
