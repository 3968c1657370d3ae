"""DOCX reader: broken and hostile packages fail fast with a DanError naming the problem."""

from __future__ import annotations

import io
import logging
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from docx_builder import docx_with_links, header_ref, make_docx, p, sect

import dan


def zip_of(files: dict[str, bytes], method: int = zipfile.ZIP_DEFLATED) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", method) as z:
        for name, data in files.items():
            z.writestr(name, data)
    return buf.getvalue()


def replace_part(data: bytes, name: str, content: bytes) -> bytes:
    src = zipfile.ZipFile(io.BytesIO(data))
    files = {i.filename: src.read(i) for i in src.infolist()}
    files[name] = content
    return zip_of(files)


def test_not_a_zip_with_docx_type():
    with pytest.raises(dan.UnsupportedFormatError, match="not a zip"):
        dan.convert(b"hello, I am text", doc_type="docx")


def test_truncated_zip():
    data = make_docx(p("x" * 1000))
    with pytest.raises(dan.CorruptDocumentError, match="zip"):
        dan.convert(data[: len(data) // 2])


def test_ole_container_is_encrypted_or_legacy():
    ole = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 600
    with pytest.raises(dan.EncryptedDocumentError, match="password"):
        dan.convert(ole)


def test_zip_without_document_part():
    with pytest.raises(dan.CorruptDocumentError, match="word/document.xml"):
        dan.convert(zip_of({"hello.txt": b"hi"}))


def test_spreadsheet_zip_is_named():
    with pytest.raises(dan.UnsupportedFormatError, match="Excel"):
        dan.convert(
            zip_of({"xl/workbook.xml": b"<x/>", "[Content_Types].xml": b"<Types/>"}),
            doc_type="docx",
        )


def test_broken_main_xml_names_the_part():
    data = replace_part(make_docx(p("x")), "word/document.xml", b"<w:document><w:body><w:p>")
    with pytest.raises(dan.CorruptDocumentError) as info:
        dan.convert(data)
    assert info.value.part == "word/document.xml"


def test_entity_tricks_are_refused():
    billion = (
        b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>'
        b'<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&lol2;</w:t></w:r></w:p></w:body></w:document>'
    )
    with pytest.raises(dan.CorruptDocumentError, match="DTD"):
        dan.convert(replace_part(make_docx(p("x")), "word/document.xml", billion))
    external = (
        b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>'
        b'<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&xxe;</w:t></w:r></w:p></w:body></w:document>'
    )
    with pytest.raises(dan.CorruptDocumentError):
        dan.convert(replace_part(make_docx(p("x")), "word/document.xml", external))


_DOC_WITH_DTD = (
    '<!DOCTYPE w:document [<!ENTITY x "">]>'
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">'
    "<w:body><w:p><w:r><w:t>A&x;B</w:t></w:r></w:p></w:body></w:document>"
)


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["utf-8", "utf-16", "utf-16-le", "utf-16-be", "utf-32"]),
    st.integers(0, 6000),
    st.sampled_from(["space", "comment", "pi"]),
)
def test_a_dtd_is_refused_whatever_its_encoding_or_padding(encoding: str, pad: int, kind: str) -> None:
    """The DOCTYPE is found after decoding: UTF-16/32 parts and DOCTYPEs behind thousands
    of bytes of whitespace, comments or processing instructions are refused too (before,
    ``A&x;B`` came out as "A" with no error)."""
    padding = {"space": " " * pad, "comment": f"<!--{'c' * pad}-->", "pi": f"<?pad {'p' * pad}?>"}[kind]
    xml = f'<?xml version="1.0" encoding="{encoding.upper()}"?>{padding}{_DOC_WITH_DTD}'
    data = xml.encode(encoding)
    if encoding in ("utf-16-le", "utf-16-be"):
        data = ("\ufeff" + xml).encode(encoding)  # a BOM tells libxml2 the byte order
    with pytest.raises(dan.CorruptDocumentError, match="DTD"):
        dan.convert(replace_part(make_docx(p("x")), "word/document.xml", data))


def test_deep_nesting_is_refused():
    deep = make_docx("<w:sdt><w:sdtContent>" * 50_000 + p("deep") + "</w:sdtContent></w:sdt>" * 50_000)
    with pytest.raises(dan.ZipBombError):  # such repetitive XML compresses suspiciously well
        dan.convert(deep)
    with pytest.raises(dan.NestingTooDeepError):  # and past the ratio check, the depth limit holds
        dan.convert(deep, limits=dan.Limits(max_compression_ratio=10**6))


def test_nested_tables_past_the_limit():
    from docx_builder import tbl, tc, tr

    inner = p("core")
    for _ in range(30):
        inner = tbl(tr(tc(inner)))
    with pytest.raises(dan.NestingTooDeepError):
        dan.convert(make_docx(inner), limits=dan.Limits(max_depth=20))
    assert "core" in dan.convert(make_docx(inner)).chunks[0]  # within the default limit


def test_zip_bomb_ratio_and_part_size():
    body = b'<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' + b" " * (20 * 1024 * 1024) + b"</w:body></w:document>"
    bomb = replace_part(make_docx(p("x")), "word/document.xml", body)
    assert len(bomb) < 200_000
    with pytest.raises(dan.ZipBombError, match="ratio|expands"):
        dan.convert(bomb)
    with pytest.raises(dan.ZipBombError, match="max_part_bytes"):
        dan.convert(bomb, limits=dan.Limits(max_part_bytes=1024 * 1024, max_compression_ratio=10**9))


def test_input_too_large(tmp_path):
    data = make_docx(p("x"))
    with pytest.raises(dan.InputTooLargeError):
        dan.convert(data, limits=dan.Limits(max_input_bytes=100))
    path = tmp_path / "big.docx"
    path.write_bytes(data)
    with pytest.raises(dan.InputTooLargeError, match="big.docx"):
        dan.convert(path, limits=dan.Limits(max_input_bytes=100))


def test_text_limit():
    with pytest.raises(dan.TextTooLargeError):
        dan.convert(make_docx(p("word " * 1000)), limits=dan.Limits(max_chars=500))


def test_damaged_optional_parts_degrade_with_a_warning(caplog):
    data = make_docx(p("Body survives", style="Heading1"), comments="<w:comment", footnotes="<w:footnote")
    data = replace_part(data, "word/comments.xml", b"<w:comments><broken")
    data = replace_part(data, "word/styles.xml", b"not xml at all")
    with caplog.at_level(logging.WARNING, logger="dan"):
        res = dan.convert(data)
    assert "Body survives" in res.chunks[0]
    messages = [rec.getMessage() for rec in caplog.records]
    assert any("word/comments.xml" in x for x in messages) and any("word/styles.xml" in x for x in messages)
    # the warnings travel with the result, and each was logged once
    assert {(w.code, w.where) for w in res.warnings} == {("damaged-part", "word/comments.xml"), ("damaged-part", "word/styles.xml")}
    assert all(isinstance(w, dan.Message) and "damaged and was skipped" in w.message for w in res.warnings)
    assert len(messages) == len(res.warnings) == 2
    assert "[damaged-part: word/styles.xml]" in str(next(w for w in res.warnings if w.where == "word/styles.xml"))


def test_mislabelled_formats():
    data = make_docx(p("I am really a docx"))
    res = dan.convert(data)  # bytes: magic bytes decide
    assert "I am really a docx" in res.chunks[0]
    with pytest.raises(dan.UnsupportedFormatError, match="zip"):
        dan.convert(data, doc_type="html")


def test_docx_extension_on_non_zip(tmp_path):
    path = tmp_path / "fake.docx"
    path.write_text("<html><body>hi</body></html>")
    with pytest.raises(dan.UnsupportedFormatError, match="HTML"):
        dan.convert(path)


def test_corrupt_deflate_stream_is_a_corrupt_document():
    """Found by fuzzing: a part whose deflate data is damaged raised zlib.error."""
    data = bytearray(make_docx(p("word " * 400)))
    start = data.find(b"word/document.xml") + len("word/document.xml")
    for i in range(start + 40, start + 140, 7):  # scramble bytes inside the compressed stream
        data[i] ^= 0x5A
    with pytest.raises(dan.CorruptDocumentError):
        dan.convert(bytes(data))


def test_unsupported_zip_version_is_a_corrupt_document():
    """Found by fuzzing: zipfile raises NotImplementedError for versions and methods it cannot read."""
    data = bytearray(make_docx(p("x")))
    header = data.find(b"PK\x03\x04", data.find(b"word/document.xml") - 60)
    data[header + 4] = 185  # "version needed to extract": 18.5
    central = data.find(b"PK\x01\x02")
    while central != -1:
        name_len = int.from_bytes(data[central + 28 : central + 30], "little")
        if data[central + 46 : central + 46 + name_len] == b"word/document.xml":
            data[central + 6] = 185
        central = data.find(b"PK\x01\x02", central + 4)
    with pytest.raises(dan.CorruptDocumentError):
        dan.convert(bytes(data))


def test_a_200_mb_part_is_refused_before_it_is_decompressed():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        with z.open("word/document.xml", "w", force_zip64=True) as part:  # streamed: 200 MB never in memory
            part.write(b'<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>')
            block = b"<w:p><w:r><w:t>x</w:t></w:r></w:p>" * 30_000
            for _ in range(200_000_000 // len(block)):
                part.write(block)
            part.write(b"</w:body></w:document>")
    data = buf.getvalue()
    assert len(data) < 5_000_000
    with pytest.raises(dan.ZipBombError, match="max_part_bytes"):
        dan.convert(data, limits=dan.Limits(max_compression_ratio=10**9))  # the size check alone
    with pytest.raises(dan.ZipBombError):
        dan.convert(data)  # with the default limits


def _png() -> bytes:
    import struct
    import zlib

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    raw = zlib.compress(b"\x00\xff\xff\xff")  # one white RGB pixel
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 2, 0, 0, 0)) + chunk(b"IDAT", raw) + chunk(b"IEND", b"")


def test_a_pictures_only_document_says_so() -> None:
    import io

    import docx

    d = docx.Document()
    for _ in range(3):
        d.add_picture(io.BytesIO(_png()))
    buf = io.BytesIO()
    d.save(buf)
    res = dan.convert(buf.getvalue(), "docx")
    assert res.chunks == ()
    codes = [w.code for w in res.warnings]
    assert codes == ["no-text", "empty"], codes
    assert "no text: 3 image(s)" in res.warnings[0].message
    # a document with text and pictures says nothing of the kind
    d.add_paragraph("The figure shows the crane.")
    buf = io.BytesIO()
    d.save(buf)
    assert dan.convert(buf.getvalue(), "docx").warnings == ()


@pytest.mark.parametrize("start", ["1000000000", "100000000000000000000", "-5"])
def test_hostile_numbering_values_are_bounded(start: str) -> None:
    numbering = (
        '<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0">'
        f'<w:start w:val="{start}"/><w:numFmt w:val="upperLetter"/>'
        f'<w:lvlText w:val="{"%1" + "." * 200_000}"/></w:lvl></w:abstractNum>'
        '<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>'
    )
    items = "".join(p(f"Item {i}", num=(1, 0)) for i in range(3))
    res = dan.convert(make_docx(items, numbering=numbering), "docx")
    text = "\n".join(res.chunks)
    assert "Item 2" in text
    labels = [line.split(" Item")[0] for line in text.splitlines() if " Item " in line]
    assert labels and all(len(label) <= 300 for label in labels)  # no gigabyte labels
    if start.startswith("1000"):
        assert "32767" in text  # Word's largest counter, written as a number past ZZZZZZZZZZ


def test_letter_labels_repeat_then_fall_back_to_numbers() -> None:
    from dan.readers.docx.numbering import MAX_LETTER_REPEAT, format_number

    assert [format_number(n, "lowerLetter") for n in (1, 26, 27, 53)] == ["a", "z", "aa", "aaa"]
    assert format_number(26 * MAX_LETTER_REPEAT, "upperLetter") == "Z" * MAX_LETTER_REPEAT
    assert format_number(26 * MAX_LETTER_REPEAT + 1, "upperLetter") == str(26 * MAX_LETTER_REPEAT + 1)


def _spaces_part(root: str, size: int) -> bytes:
    ns = b'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
    return b"<w:%s %s>" % (root.encode(), ns) + b" " * size + b"</w:%s>" % root.encode()


def test_parts_each_under_the_ratio_floor_are_refused_together():
    # Four headers of 1 MB of spaces each: every one is under the 1 MiB floor of the
    # per-part ratio check, but together they expand hundreds of times the file.
    rids = ["rIdH0", "rIdH1", "rIdH2", "rIdH3"]
    first = sect(header_ref("rIdH0"), header_ref("rIdH1", "first"), title_pg=True)
    last = sect(header_ref("rIdH2"), header_ref("rIdH3", "first"), title_pg=True)
    data = make_docx(p("x", ppr=first) + p("y"), headers={r: "" for r in rids}, final_sect=last)
    for i, rid in enumerate(rids):
        data = replace_part(data, f"word/{rid}.xml", _spaces_part("hdr", 1_000_000 + i))
    assert len(data) < 20_000
    with pytest.raises(dan.ZipBombError, match="times the .*-byte file"):
        dan.convert(data)
    assert "x" in dan.convert(data, limits=dan.Limits(max_compression_ratio=10**6)).chunks[0]


def test_total_xml_elements_are_bounded_across_parts():
    from dan.readers.docx.package import _element_count

    data = make_docx("".join(p(f"paragraph {i}") for i in range(600)))
    body = _element_count(zipfile.ZipFile(io.BytesIO(data)).read("word/document.xml"))
    assert "paragraph 599" in "".join(dan.convert(data).chunks)
    # the body alone is within the limit; with the other parts it is over
    with pytest.raises(dan.LimitExceededError, match=f"Limits.max_xml_elements={body + 1:,}"):
        dan.convert(data, limits=dan.Limits(max_xml_elements=body + 1))


def test_element_count_reads_utf16_parts():
    from dan.readers.docx.package import _element_count

    xml = '<?xml version="1.0" encoding="UTF-16"?><a><b/><c>x</c></a>'
    assert _element_count(xml.encode("utf-8")) == 4  # the declaration counts as one tag
    assert _element_count(xml.encode("utf-16")) == 4
    assert _element_count(xml.encode("utf-16-be")[:0] + b"\xfe\xff" + xml.encode("utf-16-be")) == 4


def test_a_workbook_named_docx_says_it_is_a_spreadsheet():
    rels = (
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>'
    )
    data = zip_of({
        "[Content_Types].xml": b"<Types/>",
        "_rels/.rels": rels.encode(),
        "xl/workbook.xml": b'<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
    })
    with pytest.raises(dan.UnsupportedFormatError, match="Excel workbook"):
        dan.convert(data, doc_type="docx")
    assert dan.detect.detect(data, filename="book.docx") == "xlsx"  # detected, it is read as one


@pytest.mark.parametrize(
    "inside",
    [
        '<w:r><w:fldChar w:fldCharType="end"/></w:r>',
        '<w:r><w:fldChar w:fldCharType="end"/><w:fldChar w:fldCharType="end"/></w:r>',
        '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>PAGE</w:instrText></w:r>',
    ],
)
@pytest.mark.parametrize("element", ["fldSimple", "hyperlink"])
def test_stray_field_characters_inside_a_simple_field_or_link_end_with_it(element: str, inside: str) -> None:
    # a w:fldChar "end" inside w:fldSimple used to end the simple field itself, and the
    # element's own end then popped an empty field stack (IndexError); a "begin" left open
    # inside it hid every later paragraph as field instruction text
    attrs = ' w:instr="AUTHOR"' if element == "fldSimple" else ' r:id="rIdLink"'  # (an external link)
    body = (
        f'<w:p><w:r><w:t xml:space="preserve">before </w:t></w:r><w:{element}{attrs}>{inside}'
        f'<w:r><w:t>Ann</w:t></w:r></w:{element}><w:r><w:t xml:space="preserve"> after</w:t></w:r></w:p>'
        + p("next paragraph")
    )
    text = "\n".join(dan.convert(docx_with_links(body, {"rIdLink": "https://example.com/"})).chunks)
    assert "before" in text and "after" in text and "next paragraph" in text
