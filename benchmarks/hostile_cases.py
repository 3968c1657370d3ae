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
import zlib
from collections.abc import Callable, Iterator

__all__ = ["cases", "case_names", "case_named", "minimal_docx", "rtf_annotations"]

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


def rtf_annotations(n: int, open_ranges: bool) -> bytes:
    """An RTF paragraph of n words, each followed by an ``{\\*\\atnid …}{\\*\\annotation …}``
    group of a few words ("note i"); with ``open_ranges`` each word also opens an annotation
    range (``\\atrfstart``) that is never closed."""
    return b"{\\rtf1\\ansi " + b"".join(
        (b"{\\*\\atrfstart %d}" % i if open_ranges else b"")
        + b"w%d {\\*\\atnid A%d}{\\*\\atnauthor Author %d}\\chatn"
        b"{\\*\\annotation {\\*\\atnref %d}a few words, note %d}" % (i, i % 7, i % 7, i, i)
        for i in range(n)
    ) + b"}"


def _doc(body: str) -> bytes:
    return f'<?xml version="1.0"?><w:document {W}><w:body>{body}</w:body></w:document>'.encode()


def _factories(scale: float) -> Iterator[tuple[str, Callable[[], tuple[bytes, str | None, str | None]]]]:
    """Yield ``(name, build)`` for every case; ``build()`` makes the input only when called."""
    big = max(1000, int(5_000_000 * scale))
    deep = max(1000, int(100_000 * scale))
    good = minimal_docx(_doc("<w:p><w:r><w:t>hello</w:t></w:r></w:p>"))

    # DOCX
    yield "docx: not a zip", lambda: (b"this is plain text, not a zip", "docx", None)
    yield "docx: truncated zip", lambda: (good[: len(good) // 2], None, None)
    yield "docx: zip without document.xml", lambda: (minimal_docx(b"<x/>")[:0] + _zip({"a.txt": b"x"}), None, None)
    yield "docx: broken XML", lambda: (minimal_docx(b"<w:document><w:body><w:p>"), None, None)
    yield "docx: billion laughs", lambda: (minimal_docx(
        b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">'
        b'<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>'
        + _doc("<w:p><w:r><w:t>&d;&d;&d;</w:t></w:r></w:p>")[21:]
    ), None, None)
    yield "docx: external entity", lambda: (minimal_docx(
        b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
        + _doc("<w:p><w:r><w:t>&x;</w:t></w:r></w:p>")[21:]
    ), None, None)
    yield "docx: deep nesting", lambda: (minimal_docx(_doc("<w:sdt><w:sdtContent>" * deep + "</w:sdtContent></w:sdt>" * deep)), None, None)
    yield "docx: zip bomb", lambda: (minimal_docx(_doc(" " * int(50_000_000 * max(scale, 0.2)))), None, None)
    yield "docx: DTD behind 3 KB of padding, UTF-16", lambda: (minimal_docx(
        ('<?xml version="1.0" encoding="UTF-16"?>' + " " * 3000 + '<!DOCTYPE d [<!ENTITY x "">]>'
         + _doc("<w:p><w:r><w:t>A&x;B</w:t></w:r></w:p>").decode()[21:]).encode("utf-16")
    ), None, None)
    yield "docx: list start 10^20 in upperLetter", lambda: (minimal_docx(
        _doc("".join('<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="1"/></w:numPr></w:pPr>'
                     f"<w:r><w:t>item {i}</w:t></w:r></w:p>" for i in range(3))),
        {"word/numbering.xml": (
            f'<w:numbering {W}><w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0">'
            '<w:start w:val="100000000000000000000"/><w:numFmt w:val="upperLetter"/><w:lvlText w:val="%1."/>'
            '</w:lvl></w:abstractNum><w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num></w:numbering>').encode(),
         "word/_rels/document.xml.rels": _rels({"rIdN": ("numbering", "numbering.xml")})},
    ), None, None)
    comments = max(1000, int(30_000 * scale))
    yield f"docx: {comments:,} unclosed comments", lambda: (minimal_docx(
        _doc("<w:p>" + "".join(f'<w:commentRangeStart w:id="{i}"/><w:r><w:t>t{i} </w:t></w:r>' for i in range(comments)) + "</w:p>"),
        {"word/comments.xml": (f"<w:comments {W}>" + "".join(
            f'<w:comment w:id="{i}" w:author="A{i % 7}"><w:p><w:r><w:t>c{i}</w:t></w:r></w:p></w:comment>'
            for i in range(comments)) + "</w:comments>").encode(),
         "word/_rels/document.xml.rels": _rels({"rIdC": ("comments", "comments.xml")})},
    ), None, None)
    paras = max(100_000, int(4_000_000 * scale))
    yield f"docx: {paras:,} empty paragraphs, honestly compressed", lambda: (minimal_docx(
        _doc("".join(f'<w:p w:rsidR="{(i * 2654435761) % 2**32:08X}"/>' for i in range(paras)))), None, None)
    sections = max(3, int(95 * scale))
    yield f"docx: {2 * sections} headers of 1 MB each", lambda: _header_flood(sections)
    grid = max(60, int(400 * scale))
    yield f"docx: vertical merges over {grid}x{grid} cells", lambda: (minimal_docx(_doc("<w:tbl>" + "".join(
        "<w:tr>" + "".join(
            "<w:tc><w:tcPr><w:vMerge" + (' w:val="restart"' if r == 0 else "") + "/></w:tcPr>"
            f"<w:p><w:r><w:t>{(r * grid + c) * 2654435761 % 10**8}</w:t></w:r></w:p></w:tc>"
            for c in range(grid)) + "</w:tr>" for r in range(grid)) + "</w:tbl>")), None, None)
    yield "docx: encrypted (OLE)", lambda: (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(2000), None, None)
    yield "docx: random bytes", lambda: (b"PK\x03\x04" + random.Random(1).randbytes(50_000), None, None)

    # HTML
    yield "html: deep nesting", lambda: (b"<html><body>" + b"<div>" * deep + b"x" + b"</div>" * deep, "html", None)
    yield "html: millions of empty tags", lambda: (b"<html><body>" + b"<b></b>" * int(1_000_000 * scale) + b"</body></html>", "html", None)
    yield "html: huge single word", lambda: (b"<p>" + b"w" * big + b"</p>", "html", None)
    yield "html: NUL bytes", lambda: (b"<p>a\x00b\x00c</p>" * 10, "html", None)
    nested = max(300, int(3000 * scale))
    yield f"html: {nested:,} nested divs with paragraphs (main content)", lambda: (
        b"<nav><a href='/'>home</a></nav><div>"
        + b"<div><p>The supplier shall deliver the cranes, within twelve weeks, of the order.</p>" * nested
        + b"</div>" * (nested + 1), "html", None)
    yield "html: encoded lone surrogate", lambda: (b"<p>a\xed\xa0\xbdb</p>", "html", None)
    yield "html: random bytes", lambda: (random.Random(2).randbytes(100_000), "html", None)
    yield "html: a row of 5,000 cells spanning 9 columns each", lambda: (
        b"<table><tr>" + b"<th>h</th>" * 3 + b"</tr><tr>"
        + b"".join(b"<td colspan=9>cell %d " % i + b"word " * 40 + b"</td>" for i in range(int(5000 * scale)))
        + b"</tr></table>", "html", None)
    yield "html: a title row over a 20,000-word row", lambda: (
        b"<table><tr><td colspan=2>Title</td></tr><tr><td>" + b"alpha beta " * int(10_000 * scale)
        + b"</td><td>x</td></tr></table>", "html", None)
    yield "html: unbalanced tags", lambda: (b"<html><body><table><tr><td><div><p><b>open" * 200, "html", None)

    # RTF
    yield "rtf: deep nesting", lambda: (b"{\\rtf1 " + b"{" * deep + b"x" + b"}" * deep + b"}", "rtf", None)
    yield "rtf: unbalanced braces", lambda: (b"{\\rtf1 {{{ hello \\b bold {", "rtf", None)
    yield "rtf: truncated", lambda: (b"{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}\\pard hello \\par world \\'e", "rtf", None)
    yield "rtf: gigantic control word", lambda: (b"{\\rtf1 \\" + b"a" * big + b" x}", "rtf", None)
    yield "rtf: invalid code page", lambda: (b"{\\rtf1\\ansi\\ansicpg99999 caf\\'e9 \\u-1? \\uc5\\u8364???? x}", "rtf", None)
    notes = max(10_000, int(100_000 * scale))
    yield f"rtf: {notes:,} annotation groups", lambda: (rtf_annotations(notes, False), "rtf", None)
    yield f"rtf: {notes:,} annotation groups, their ranges left open", lambda: (
        rtf_annotations(notes, True), "rtf", None)
    yield "rtf: random bytes", lambda: (b"{\\rtf1" + random.Random(3).randbytes(100_000), "rtf", None)

    # Markdown and text
    yield "md: deep quotes", lambda: (b">" * deep + b" x", "markdown", None)
    yield "md: deep lists", lambda: (b"".join(b"  " * i + b"- x\n" for i in range(int(3000 * max(scale, 0.3)))), "markdown", None)
    yield "md: huge single word", lambda: (b"m" * big, "markdown", None)
    def flood(n: int) -> int:  # over the default Limits.max_blocks at any scale
        return max(150_000, int(n * scale))

    yield f"md: {flood(5_000_000):,} paragraphs", lambda: (b"w\n\n" * flood(5_000_000), "markdown", None)
    yield f"md: table of {flood(1_000_000):,} rows", lambda: (
        b"| a | b |\n|---|---|\n" + b"| x | y |\n" * flood(1_000_000), "markdown", None)
    yield f"md: {flood(1_000_000):,} headings", lambda: (b"# h\n" * flood(1_000_000), "markdown", None)
    yield f"text: {2 * flood(5_000_000):,} one-word lines", lambda: (b"w\n" * 2 * flood(5_000_000), "text", None)
    yield f"rtf: {flood(1_000_000):,} cells outside a row", lambda: (b"{\\rtf1 " + b"x\\cell " * flood(1_000_000) + b"}", "rtf", None)
    yield f"rtf: {flood(2_000_000):,} paragraphs", lambda: (b"{\\rtf1 " + b"\\par " * flood(2_000_000) + b"x}", "rtf", None)
    stars = max(3500, int(100_000 * scale))
    yield f"md: '*a' x {stars:,}", lambda: (b"*a" * stars, "markdown", None)
    fence = max(20_000, int(1_000_000 * scale))
    yield f"md: unclosed fence over {fence:,} lines", lambda: (b"```\n" + b"line\n" * fence, "markdown", None)
    marks = max(10_000, int(1_000_000 * scale))
    yield f"text: a letter under {marks:,} combining marks", lambda: (("a" + "\u0301" * marks + " b").encode(), "text", None)
    yield f"text: a ZWJ chain of {marks // 10:,} emoji", lambda: (("\U0001F468\u200d" * (marks // 10) + "x").encode(), "text", None)
    yield f"text: {marks // 10:,} skin-tone modifiers", lambda: (("\U0001F44D" + "\U0001F3FB" * (marks // 10)).encode(), "text", None)
    yield "text: huge single word", lambda: (b"t" * big, "text", None)
    yield "text: NUL bytes", lambda: (b"abc\x00def\x00" * 100, "text", None)
    yield "text: random bytes", lambda: (random.Random(4).randbytes(100_000), "text", None)
    yield "text: empty file", lambda: (b"", "text", None)
    yield "text: UTF-16", lambda: ("Grüße aus Köln — 日本語\n\nzweiter Absatz".encode("utf-16"), None, "notes.txt")
    yield "text: lone surrogates", lambda: ("bad \ud800 surrogate".encode("utf-8", "surrogatepass"), "text", None)

    # Mislabelled
    yield "mislabelled: DOCX named .html", lambda: (good, None, "page.html")
    yield "mislabelled: HTML named .docx", lambda: (b"<html><body><p>hi</p></body></html>", None, "report.docx")
    yield "mislabelled: RTF named .txt", lambda: (b"{\\rtf1 \\b bold\\b0  text}", None, "notes.txt")
    yield "pdf: junk after the header", lambda: (b"%PDF-1.7\n" + random.Random(5).randbytes(1000), None, "scan.pdf")

    # PDF
    yield "pdf: no xref, text page", lambda: (_pdf([_text_page(b"Hello PDF")], xref=False), None, "a.pdf")
    yield "pdf: nested arrays 50,000 deep", lambda: (
        _pdf([_text_page(b"deep")], extra=b"[" * int(50_000 * scale + 100) + b"]" * int(50_000 * scale + 100)), None, "a.pdf")
    yield "pdf: a page tree claiming 999,999 pages", lambda: (_pdf([_text_page(b"one")], count=999_999), None, "a.pdf")
    yield "pdf: a content stream inflating to 200 MB", lambda: (
        _pdf([_text_page(b"bomb") + b" " * int(200_000_000 * scale)], flate=True), None, "a.pdf")
    yield "pdf: 2,000 empty pages", lambda: (_pdf([b""] * int(2000 * scale + 10)), None, "a.pdf")
    yield "pdf: text of 200,000 characters on a page", lambda: (
        _pdf([_text_page(b"word " * int(40_000 * scale + 100))]), None, "a.pdf")
    yield "pdf: JavaScript and an embedded file", lambda: (_pdf([_text_page(b"script")], catalog=(
        b"/OpenAction << /S /JavaScript /JS (app.alert('x')) >> "
        b"/Names << /EmbeddedFiles << /Names [(a.exe) << /Type /Filespec /F (a.exe) >>] >> >>")), None, "a.pdf")

    # XLSX / CSV
    yield "xlsx: a sheet claiming 1,048,576 x 16,384 cells", lambda: (_xlsx(
        '<row r="1" spans="1:16384"><c r="A1" t="inlineStr"><is><t>top</t></is></c></row>'
        '<row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>corner</t></is></c></row>',
        dimension="A1:XFD1048576"), None, None)
    diagonal = 1500  # 1,500 x 1,500 used cells: over the default Limits.max_cells at any scale
    yield f"xlsx: {diagonal:,} cells on a diagonal ({diagonal:,} x {diagonal:,} range)", lambda: (_xlsx("".join(
        f'<row r="{i + 1}"><c r="{_col(i)}{i + 1}"><v>{i}</v></c></row>' for i in range(diagonal))), None, None)
    yield "xlsx: zip bomb sheet", lambda: (_xlsx("<row r='1'><c r='A1'><v>1</v></c></row>" + " " * int(
        50_000_000 * max(scale, 0.2))), None, None)
    yield "xlsx: formula strings kept as text", lambda: (_xlsx(
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row>'
        '<row r="2"><c r="A2" t="s"><v>2</v></c><c r="B2"><f>HYPERLINK("http://evil")</f></c></row>',
        shared=["name", "value", "=cmd|' /C calc'!A0"]), None, None)
    yield "xlsx: billion laughs in the shared strings", lambda: (_xlsx(
        '<row r="1"><c r="A1" t="s"><v>0</v></c></row>',
        shared_xml=b'<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;&a;">]>'
        b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>&b;</t></si></sst>'),
        None, None)
    merges = int(50_000 * scale + 100)
    yield f"xlsx: {merges:,} overlapping merges over the whole sheet", lambda: (_xlsx(
        "".join(f'<row r="{r}">' + "".join(f'<c r="{_col(c)}{r}"><v>{c}</v></c>' for c in range(30)) + "</row>"
                for r in range(1, 301)),
        after="<mergeCells>" + '<mergeCell ref="A1:AD300"/>' * merges + "</mergeCells>"), None, None)
    yield "xlsx: encrypted (OLE) named .xlsx", lambda: (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(2000), None, "book.xlsx")
    yield "xlsx: CSV named .xlsx", lambda: (b"name,qty\nbolt,3\n", None, "export.xlsx")
    yield f"csv: {flood(1_000_000):,} rows", lambda: (b"a,b\n" + b"1,2\n" * flood(1_000_000), "csv", None)
    yield "csv: a field over 128 KiB, unclosed quote", lambda: (b'a,b\n1,"' + b"q" * 200_000, "csv", None)
    yield "csv: lines of quotes (csv.Sniffer's backtracking)", lambda: (
        b'"' * 500 + b'\n' + b'",' * 2000 + b'\n' + b'"' * 500, "csv", None)
    yield "csv: random bytes", lambda: (random.Random(6).randbytes(50_000), "csv", None)

    # PPTX
    yield "pptx: groups nested 5,000 deep", lambda: (_pptx(
        "<p:grpSp>" * 5000 + '<p:sp><p:txBody><a:p><a:r><a:t>deep</a:t></a:r></a:p></p:txBody></p:sp>'
        + "</p:grpSp>" * 5000), None, None)
    yield "pptx: zip bomb slide", lambda: (_pptx(
        '<p:sp><p:txBody><a:p><a:r><a:t>x</a:t></a:r></a:p></p:txBody></p:sp>' + " " * int(
            50_000_000 * max(scale, 0.2))), None, None)
    yield "pptx: a deck claiming 30,000 slides", lambda: (_pptx(
        '<p:sp><p:txBody><a:p><a:r><a:t>one</a:t></a:r></a:p></p:txBody></p:sp>', slides=30_000), None, None)

    # EML
    yield "eml: multiparts nested 3,000 deep", lambda: (_nested_mime(3000), "eml", None)
    yield "eml: messages attached 500 deep", lambda: (_attached_messages(500), "eml", None)
    yield "eml: malformed MIME (no boundary, bad headers)", lambda: (
        b"From: a@b\nTo: =?bogus?Q?x?=\nDate: yesterday\nContent-Type: multipart/mixed; boundary=XX\n\n"
        b"no boundary at all\n--XY\nbroken", "eml", None)
    many = int(5_000 * scale + 100)
    yield f"eml: {many:,} attachments", lambda: (_many_attachments(many), "eml", None)
    yield "eml: zip bomb attachment", lambda: (_attachment("bomb.xlsx", _xlsx(
        "<row r='1'><c r='A1'><v>1</v></c></row>" + " " * int(50_000_000 * max(scale, 0.2)))), "eml", None)

    # MSG (Outlook; built by benchmarks/msg_build.py)
    yield "msg: truncated OLE", lambda: (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(2000), None, "mail.msg")
    yield "msg: a stream claiming 4 GB", lambda: (_msg_claiming(0xFFFFFF00), None, None)
    yield "msg: messages attached 150 deep", lambda: (_attached_msgs(150), None, None)
    yield "msg: storages nested 400 deep", lambda: (_attached_msgs(400), None, None)
    streams = int(30_000 * scale + 100)
    yield f"msg: {streams:,} property streams", lambda: (_msg_build().cfb({
        **_msg_build().msg("streams", "body"), **{f"__substg1.0_{0x8000 + i // 16:04X}{i % 16:04X}": b"x" for i in range(streams)}}),
        None, None)
    yield f"msg: {many:,} attachments", lambda: (_msg_build().cfb(_msg_build().msg("many", "see attached", attachments=[
        _msg_build().attachment(f"f{i}.csv", f"n,{i}\n".encode()) for i in range(many)])), None, None)

    # images (OCR; without the ocr extra: UnsupportedFormatError)
    yield "image: a PNG claiming 100,000 x 100,000 pixels", lambda: (_png_header(100_000, 100_000), None, None)
    yield "image: a truncated JPEG", lambda: (b"\xff\xd8\xff\xe0" + random.Random(7).randbytes(2000), None, "a.jpg")

    # EPUB / ODT
    yield "epub: zip bomb chapter", lambda: (_epub(b"<html><body><p>x</p>" + b" " * int(
        50_000_000 * max(scale, 0.2)) + b"</body></html>"), None, None)
    yield "epub: a spine of 25,000 chapters", lambda: (_epub(b"<p>x</p>", spine=25_000), None, None)
    yield "epub: divs nested 100,000 deep", lambda: (_epub(b"<div>" * deep + b"x" + b"</div>" * deep), None, None)
    yield "odt: sections nested 5,000 deep", lambda: (_odt(
        "<text:section>" * 5000 + "<text:p>x</text:p>" + "</text:section>" * 5000), None, None)
    yield "odt: zip bomb content", lambda: (_odt("<text:p>x</text:p>" + " " * int(
        50_000_000 * max(scale, 0.2))), None, None)
    yield "odt: password-protected", lambda: (_odt("<text:p>x</text:p>", encrypted=True), None, None)




def _text_page(text: bytes) -> bytes:
    return b"BT /F1 10 Tf 72 720 Td (" + text + b") Tj ET"


def _pdf(pages: list[bytes], xref: bool = True, extra: bytes | list[bytes] = b"", catalog: bytes = b"",
         count: int | None = None, flate: bool = False) -> bytes:
    """A small PDF written by hand: one content stream per page, Helvetica, and optionally
    no cross-reference table, extra objects (numbered after the pages' objects, from
    ``4 + 2 * len(pages)``) or more entries in the catalog."""
    objs: list[bytes] = []
    n = len(pages)
    kids = b" ".join(b"%d 0 R" % (4 + 2 * k) for k in range(n))
    objs.append(b"<< /Type /Catalog /Pages 2 0 R " + catalog + b">>")
    objs.append(b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % (n if count is None else count))
    objs.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    for k, content in enumerate(pages):
        objs.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> "
                    b"/Contents %d 0 R >>" % (5 + 2 * k))
        if flate:
            content = zlib.compress(content, 9)
        objs.append(b"<< /Length %d%s >>\nstream\n" % (len(content), b" /Filter /FlateDecode" if flate else b"")
                    + content + b"\nendstream")
    objs.extend([extra] if isinstance(extra, bytes) and extra else extra or [])
    out = io.BytesIO()
    out.write(b"%PDF-1.7\n")
    offsets = []
    for i, body in enumerate(objs, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % i + body + b"\nendobj\n")
    start = out.tell()
    if xref:
        out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objs) + 1))
        for off in offsets:
            out.write(b"%010d 00000 n \n" % off)
    out.write(b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objs) + 1, start))
    return out.getvalue()


def cases(scale: float = 1.0) -> Iterator[tuple[str, bytes, str | None, str | None]]:
    """Yield the hostile cases ``(name, data, doc_type, filename)``; ``scale`` < 1 shrinks the big ones."""
    for name, build in _factories(scale):
        yield (name, *build())


def case_names() -> list[str]:
    """The names of the cases (nothing is built)."""
    return [name for name, _ in _factories(1.0)]


def case_named(name: str, scale: float = 1.0) -> tuple[bytes, str | None, str | None]:
    """Build only the case called ``name``."""
    for found, build in _factories(scale):
        if found == name:
            return build()
    raise KeyError(name)


def _rels(rels: dict[str, tuple[str, str]]) -> bytes:
    """A ``document.xml.rels`` holding ``rid -> (type, target)``."""
    base = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/"
    items = "".join(f'<Relationship Id="{rid}" Type="{base}{t}" Target="{target}"/>' for rid, (t, target) in rels.items())
    return f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{items}</Relationships>'.encode()


def _zip(files: dict[str, bytes], deflate: bool = False) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED if deflate else zipfile.ZIP_STORED) as z:
        for name, data in files.items():
            z.writestr(name, data)
    return buf.getvalue()


def _col(i: int) -> str:
    """The column letters of 0-based column ``i``."""
    out = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        out = chr(65 + r) + out
    return out


_PR = "http://schemas.openxmlformats.org/package/2006/relationships"
_OD = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def _xlsx(sheet_data: str, *, dimension: str = "", after: str = "", shared: list[str] | None = None,
          shared_xml: bytes | None = None) -> bytes:
    """A one-sheet workbook: ``sheet_data`` is the ``<sheetData>`` content."""
    s = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    dim = f'<dimension ref="{dimension}"/>' if dimension else ""
    sst = shared_xml or (f'<sst xmlns="{s}">' + "".join(f"<si><t>{x}</t></si>" for x in shared or []) + "</sst>").encode()
    return _zip({
        "[Content_Types].xml": b"<Types/>",
        "_rels/.rels": f'<Relationships xmlns="{_PR}"><Relationship Id="r1" Type="{_OD}/officeDocument" '
                       'Target="xl/workbook.xml"/></Relationships>'.encode(),
        "xl/workbook.xml": f'<workbook xmlns="{s}" xmlns:r="{_OD}"><sheets><sheet name="S" sheetId="1" '
                           'r:id="rId1"/></sheets></workbook>'.encode(),
        "xl/_rels/workbook.xml.rels": f'<Relationships xmlns="{_PR}"><Relationship Id="rId1" '
                                      f'Type="{_OD}/worksheet" Target="worksheets/sheet1.xml"/>'
                                      f'<Relationship Id="rId2" Type="{_OD}/sharedStrings" Target="sst.xml"/>'
                                      "</Relationships>".encode(),
        "xl/worksheets/sheet1.xml": f'<worksheet xmlns="{s}">{dim}<sheetData>{sheet_data}</sheetData>{after}'
                                    "</worksheet>".encode(),
        "xl/sst.xml": sst,
    }, deflate=True)


def _pptx(shapes: str, slides: int = 1) -> bytes:
    """A deck whose first slide holds ``shapes``; the list names ``slides`` slides (all the same part)."""
    p = 'xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main" ' \
        'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
    ids = "".join(f'<p:sldId id="{256 + i}" r:id="rId1"/>' for i in range(slides))
    return _zip({
        "[Content_Types].xml": b"<Types/>",
        "_rels/.rels": f'<Relationships xmlns="{_PR}"><Relationship Id="r1" Type="{_OD}/officeDocument" '
                       'Target="ppt/presentation.xml"/></Relationships>'.encode(),
        "ppt/presentation.xml": f'<p:presentation {p} xmlns:r="{_OD}"><p:sldIdLst>{ids}</p:sldIdLst>'
                                "</p:presentation>".encode(),
        "ppt/_rels/presentation.xml.rels": f'<Relationships xmlns="{_PR}"><Relationship Id="rId1" '
                                           f'Type="{_OD}/slide" Target="slides/slide1.xml"/></Relationships>'.encode(),
        "ppt/slides/slide1.xml": f"<p:sld {p}><p:cSld><p:spTree>{shapes}</p:spTree></p:cSld></p:sld>".encode(),
    }, deflate=True)


def _epub(chapter: bytes, spine: int = 1) -> bytes:
    opf = ('<package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata/><manifest>'
           '<item id="c" href="c.xhtml" media-type="application/xhtml+xml"/></manifest><spine>'
           + '<itemref idref="c"/>' * spine + "</spine></package>")
    return _zip({
        "mimetype": b"application/epub+zip",
        "META-INF/container.xml": b'<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles>'
                                  b'<rootfile full-path="content.opf"/></rootfiles></container>',
        "content.opf": opf.encode(),
        "c.xhtml": chapter,
    }, deflate=True)


def _odt(body: str, encrypted: bool = False) -> bytes:
    ns = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"')
    manifest = ('<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0">'
                '<manifest:file-entry manifest:full-path="content.xml">'
                + ("<manifest:encryption-data/>" if encrypted else "") + "</manifest:file-entry></manifest:manifest>")
    return _zip({
        "mimetype": b"application/vnd.oasis.opendocument.text",
        "content.xml": f"<office:document-content {ns}><office:body><office:text>{body}</office:text>"
                       "</office:body></office:document-content>".encode(),
        "META-INF/manifest.xml": manifest.encode(),
    }, deflate=True)


def _nested_mime(levels: int) -> bytes:
    body = b"hello deep"
    for i in range(levels):
        b = b"B%d" % i
        body = b"Content-Type: multipart/mixed; boundary=" + b + b"\n\n--" + b + b"\n" + body + b"\n--" + b + b"--\n"
    return b"From: a@example.com\nSubject: deep\nMIME-Version: 1.0\n" + body


def _attached_messages(levels: int) -> bytes:
    body = b"From: x@example.com\nSubject: inner\n\ninnermost text\n"
    for i in range(levels):
        body = b"From: x@example.com\nSubject: level %d\nMIME-Version: 1.0\nContent-Type: message/rfc822\n\n" % i + body
    return body


def _attachment(name: str, data: bytes) -> bytes:
    from email.message import EmailMessage

    msg = EmailMessage()
    msg["From"] = "a@example.com"
    msg["Subject"] = "with attachment"
    msg.set_content("see attached")
    msg.add_attachment(data, maintype="application", subtype="octet-stream", filename=name)
    return msg.as_bytes()


def _many_attachments(count: int) -> bytes:
    from email.message import EmailMessage

    msg = EmailMessage()
    msg["From"] = "a@example.com"
    msg["Subject"] = "many"
    msg.set_content("see attached")
    for i in range(count):
        msg.add_attachment(f"n,{i}\n".encode(), maintype="text", subtype="csv", filename=f"f{i}.csv")
    return msg.as_bytes()


def _msg_build():  # (imported late: only the MSG cases need it)
    from benchmarks import msg_build

    return msg_build


def _msg_claiming(size: int) -> bytes:
    """A message whose body stream's directory entry claims ``size`` bytes."""
    b = _msg_build()
    data = b.cfb(b.msg("huge", "body text"))
    at = data.index("__substg1.0_1000001F".encode("utf-16-le"))
    return data[: at + 120] + size.to_bytes(4, "little") + data[at + 124 :]


def _attached_msgs(levels: int) -> bytes:
    b = _msg_build()
    tree = b.msg("innermost", "innermost text", embedded=True)
    for i in range(levels):
        tree = b.msg(f"level {i}", "wrapper", embedded=True, attachments=[b.attachment("", tree)])
    return b.cfb(b.msg("top", "top text", attachments=[b.attachment("", tree)]))


def _png_header(width: int, height: int) -> bytes:
    """A PNG's signature and header chunk (no pixel data) claiming ``width`` x ``height``."""
    body = b"IHDR" + width.to_bytes(4, "big") + height.to_bytes(4, "big") + bytes([8, 2, 0, 0, 0])
    end = b"IEND"
    return (b"\x89PNG\r\n\x1a\n" + (13).to_bytes(4, "big") + body + zlib.crc32(body).to_bytes(4, "big")
            + bytes(4) + end + zlib.crc32(end).to_bytes(4, "big"))


def _header_flood(sections: int) -> tuple[bytes, str | None, str | None]:
    """``sections`` sections, each showing a default and a first-page header of 1 MB of
    spaces: every part is under the per-part ratio check's 1 MiB floor."""
    r = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
    props = [
        f'<w:sectPr><w:headerReference w:type="default" r:id="h{2 * i}"/>'
        f'<w:headerReference w:type="first" r:id="h{2 * i + 1}"/><w:titlePg/></w:sectPr>'
        for i in range(sections)
    ]
    body = "".join(f"<w:p><w:pPr>{sp}</w:pPr><w:r><w:t>s{i}</w:t></w:r></w:p>" for i, sp in enumerate(props[:-1]))
    document = f'<?xml version="1.0"?><w:document {W} {r}><w:body>{body}{props[-1]}</w:body></w:document>'
    header = f"<w:hdr {W}>".encode() + b" " * 1_000_000 + b"</w:hdr>"
    extra = {f"word/h{i}.xml": header for i in range(2 * sections)}
    extra["word/_rels/document.xml.rels"] = _rels({f"h{i}": ("header", f"h{i}.xml") for i in range(2 * sections)})
    return minimal_docx(document.encode(), extra), None, None
