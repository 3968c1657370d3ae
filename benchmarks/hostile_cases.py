"""Hostile and broken inputs for every format, shared by the test suite and the benchmark.

Each case is ``(name, data, doc_type, filename)``; ``scale`` shrinks the large ones for
the test suite (the benchmark runs them full size). Every case must give a
``dan.DanError`` subclass or a correct conversion — never another exception, a hang or
unbounded memory.
"""

from __future__ import annotations

import io
import random
import zipfile
from collections.abc import Iterator

__all__ = ["cases", "minimal_docx"]

W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'


def minimal_docx(document_xml: bytes, extra: dict[str, bytes] | None = None) -> bytes:
    """A zip holding ``word/document.xml`` (and ``extra`` parts), stored or deflated."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("word/document.xml", document_xml)
        for name, data in (extra or {}).items():
            z.writestr(name, data)
    return buf.getvalue()


def _doc(body: str) -> bytes:
    return f'<?xml version="1.0"?><w:document {W}><w:body>{body}</w:body></w:document>'.encode()


def cases(scale: float = 1.0) -> Iterator[tuple[str, bytes, str | None, str | None]]:
    """Yield the hostile cases; ``scale`` < 1 shrinks the big ones."""
    rng = random.Random(1234)
    big = max(1000, int(5_000_000 * scale))
    deep = max(1000, int(100_000 * scale))
    good = minimal_docx(_doc("<w:p><w:r><w:t>hello</w:t></w:r></w:p>"))

    # DOCX
    yield "docx: not a zip", b"this is plain text, not a zip", "docx", None
    yield "docx: truncated zip", good[: len(good) // 2], None, None
    yield "docx: zip without document.xml", minimal_docx(b"<x/>")[:0] + _zip({"a.txt": b"x"}), None, None
    yield "docx: broken XML", minimal_docx(b"<w:document><w:body><w:p>"), None, None
    yield "docx: billion laughs", minimal_docx(
        b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
        b'<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>'
        + _doc("<w:p><w:r><w:t>&d;&d;&d;</w:t></w:r></w:p>")[21:]
    ), None, None
    yield "docx: external entity", minimal_docx(
        b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        + _doc("<w:p><w:r><w:t>&x;</w:t></w:r></w:p>")[21:]
    ), None, None
    yield "docx: deep nesting", minimal_docx(_doc("<w:sdt><w:sdtContent>" * deep + "</w:sdtContent></w:sdt>" * deep)), None, None
    yield "docx: zip bomb", minimal_docx(_doc(" " * int(50_000_000 * max(scale, 0.2)))), None, None
    yield "docx: encrypted (OLE)", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(2000), None, None
    yield "docx: random bytes", b"PK\x03\x04" + rng.randbytes(50_000), None, None

    # HTML
    yield "html: deep nesting", b"<html><body>" + b"<div>" * deep + b"x" + b"</div>" * deep, "html", None
    yield "html: millions of empty tags", b"<html><body>" + b"<b></b>" * int(1_000_000 * scale) + b"</body></html>", "html", None
    yield "html: huge single word", b"<p>" + b"w" * big + b"</p>", "html", None
    yield "html: NUL bytes", b"<p>a\x00b\x00c</p>" * 10, "html", None
    yield "html: random bytes", rng.randbytes(100_000), "html", None
    yield "html: unbalanced tags", b"<html><body><table><tr><td><div><p><b>open" * 200, "html", None

    # RTF
    yield "rtf: deep nesting", b"{\\rtf1 " + b"{" * deep + b"x" + b"}" * deep + b"}", "rtf", None
    yield "rtf: unbalanced braces", b"{\\rtf1 {{{ hello \\b bold {", "rtf", None
    yield "rtf: truncated", b"{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}\\pard hello \\par world \\'e", "rtf", None
    yield "rtf: gigantic control word", b"{\\rtf1 \\" + b"a" * big + b" x}", "rtf", None
    yield "rtf: invalid code page", b"{\\rtf1\\ansi\\ansicpg99999 caf\\'e9 \\u-1? \\uc5\\u8364???? x}", "rtf", None
    yield "rtf: random bytes", b"{\\rtf1" + rng.randbytes(100_000), "rtf", None

    # Markdown and text
    yield "md: deep quotes", b">" * deep + b" x", "markdown", None
    yield "md: deep lists", b"".join(b"  " * i + b"- x\n" for i in range(int(3000 * max(scale, 0.3)))), "markdown", None
    yield "md: huge single word", b"m" * big, "markdown", None
    yield "text: huge single word", b"t" * big, "text", None
    yield "text: NUL bytes", b"abc\x00def\x00" * 100, "text", None
    yield "text: random bytes", rng.randbytes(100_000), "text", None
    yield "text: empty file", b"", "text", None
    yield "text: UTF-16", "Grüße aus Köln — 日本語\n\nzweiter Absatz".encode("utf-16"), None, "notes.txt"
    yield "text: lone surrogates", "bad \ud800 surrogate".encode("utf-8", "surrogatepass"), "text", None

    # Mislabelled
    yield "mislabelled: DOCX named .html", good, None, "page.html"
    yield "mislabelled: HTML named .docx", b"<html><body><p>hi</p></body></html>", None, "report.docx"
    yield "mislabelled: RTF named .txt", b"{\\rtf1 \\b bold\\b0  text}", None, "notes.txt"
    yield "mislabelled: PDF", b"%PDF-1.7\n" + rng.randbytes(1000), None, "scan.pdf"


def _zip(files: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return buf.getvalue()
