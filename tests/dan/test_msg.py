"""Outlook .msg: messages built by benchmarks/msg_build.py (an OLE compound file writer:
olefile only reads), the held-out real message, and hostile files."""

from __future__ import annotations

import struct
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import dan  # noqa: E402
from benchmarks.msg_build import attachment, cfb, msg  # noqa: E402
from dan.detect import detect  # noqa: E402
from dan.readers.eml.mail import MAX_ATTACHMENTS, MAX_MESSAGE_DEPTH  # noqa: E402
from dan.readers.msg import read_msg  # noqa: E402
from dan.readers.msg.lzfu import decompress_rtf  # noqa: E402
from helpers import DATA, check_invariants  # noqa: E402

#: 2025-03-04 09:15:00 UTC as a FILETIME.
SUBMIT = (1741079700 + 11644473600) * 10_000_000


def _message(**kw: object) -> bytes:
    args: dict[str, object] = {
        "subject": "Re: Contract renewal — Müller",
        "body": "Hi Bob,\r\n\r\nThe renewal is fine.\r\n\r\n> Can we renew?\r\n> > The older question\r\n\r\nAlice\r\n",
        "sender": ("Alice Example", "alice@example.com"),
        "to": [("Bob", "bob@example.com"), ("Carol", "carol@example.com")],
        "cc": [("Dan", "dan@example.com")],
        "submit": SUBMIT,
    }
    args.update(kw)
    return cfb(msg(**args))  # type: ignore[arg-type]


def test_properties_are_the_title_and_fields_and_the_body_is_read() -> None:
    res = dan.convert(_message(), max_tokens=400)
    check_invariants(res, 400)
    assert res.doc_title == "Re: Contract renewal — Müller"
    text = res.chunks[0]
    assert "**From:** Alice Example <alice@example.com>" in text
    assert "**To:** Bob <bob@example.com>, Carol <carol@example.com>" in text
    assert "**Cc:** Dan <dan@example.com>" in text
    assert "**Date:** 2025-03-04T09:15:00+00:00" in text
    assert "> Can we renew?" in text and "> > The older question" in text
    assert "From: Alice Example <alice@example.com>" in res.records[0]["ssFields"]


def test_html_body_is_preferred_and_transport_headers_give_the_date() -> None:
    data = _message(
        html="<html><body><p>The <b>renewal</b> is fine.</p><blockquote>Can we renew?</blockquote></body></html>",
        headers="Received: by x\r\nDate: Tue, 04 Mar 2025 10:15:00 +0100\r\nSubject: x\r\n",
        display_to="Bob; Carol",
        to=[],
    )
    text = dan.convert(data, max_tokens=400).chunks[0]
    assert "The **renewal** is fine." in text and "> Can we renew?" in text
    assert "Hi Bob" not in text  # (the plain alternative is not read twice)
    assert "**Date:** 2025-03-04T10:15:00+01:00" in text  # the sender's own offset
    assert "**To:** Bob; Carol" in text  # no recipient table: the display list


def _lzfu_literals(rtf: bytes) -> bytes:
    """Compressed RTF made of literals only, ended by a reference to the write position."""
    out = bytearray()
    write = 207
    groups = [rtf[i : i + 8] for i in range(0, len(rtf), 8)] or [b""]
    for n, group in enumerate(groups):
        last = n == len(groups) - 1
        control = (1 << len(group)) if last else 0
        out.append(control)
        out += group
        write = (write + len(group)) & 0xFFF
        if last:
            out += struct.pack(">H", write << 4)
    return struct.pack("<IIII", len(out) + 12, len(rtf), 0x75465A4C, 0) + bytes(out)


def test_rtf_body_when_there_is_no_other() -> None:
    rtf = rb"{\rtf1\ansi{\fonttbl{\f0 Arial;}}\f0 The \b renewal\b0  is fine.\par}"
    assert decompress_rtf(_lzfu_literals(rtf), 10_000) == rtf
    text = dan.convert(_message(body="", rtf=_lzfu_literals(rtf))).chunks[0]
    assert "The **renewal** is fine." in text
    uncompressed = struct.pack("<IIII", len(rtf) + 12, len(rtf), 0x414C454D, 0) + rtf
    assert "renewal" in dan.convert(_message(body="", rtf=uncompressed)).chunks[0]
    with pytest.raises(dan.LimitExceededError):
        decompress_rtf(struct.pack("<IIII", 12, 10**9, 0x75465A4C, 0), 10_000)


def test_ansi_strings_use_the_message_code_page() -> None:
    tree = msg("Привет", "Текст письма\r\n", ansi=True, code_page=1251)
    assert tree["__substg1.0_0037001E"] == "Привет".encode("cp1251")
    res = dan.convert(cfb(tree))
    assert res.doc_title == "Привет" and "Текст письма" in res.chunks[0]


def test_attachments_are_sections_and_messages_are_read() -> None:
    inner = msg("The original", "Can we renew?\r\n", sender=("Bob", "bob@example.com"), embedded=True)
    data = _message(attachments=[
        attachment("parts.csv", b"Name,Qty\r\nbolt,3\r\n"),
        attachment("logo.png", b"\x89PNG\r\n\x1a\n....", mime="image/png"),
        attachment("inline.png", b"\x89PNG\r\n\x1a\n....", mime="image/png", hidden=True, content_id="logo@x"),
        attachment("", inner),
    ])
    res = dan.convert(data, max_tokens=400)
    check_invariants(res, 400)
    paths = [r["section_path"] for r in res.records]
    assert "Attachment: parts.csv" in paths and "Attachment: logo.png" in paths
    assert "Attached message: The original" in paths
    assert not any("inline.png" in p for p in paths)
    text = "\n".join(res.chunks)
    assert "| bolt | 3 |" in text and "image/png, 12 bytes (not converted)" in text
    assert "**From:** Bob <bob@example.com>" in text and "Can we renew?" in text


def test_attachment_bounds() -> None:
    tree = msg("innermost", "deep text", embedded=True)
    for level in range(MAX_MESSAGE_DEPTH + 2):
        tree = msg(f"level {level}", "wrapper", embedded=True, attachments=[attachment("", tree)])
    doc = read_msg(_message(attachments=[attachment("", tree)]), dan.Limits())
    assert any("nested too deep" in w.message for w in doc.warnings)
    many = _message(attachments=[attachment(f"f{i}.csv", f"n,{i}\n".encode()) for i in range(MAX_ATTACHMENTS + 10)])
    doc = read_msg(many, dan.Limits())
    assert sum("not converted" in w.message for w in doc.warnings) == 10
    small = dan.Limits(max_input_bytes=6000)
    doc = read_msg(_message(attachments=[attachment("big.csv", b"a,b\n" * 2000)]), small)
    assert any("max_input_bytes" in w.message for w in doc.warnings)


def test_detection() -> None:
    data = _message()
    assert detect(data) == "msg" and detect(data, filename="mail.msg") == "msg"
    assert detect(data, filename="renamed.doc") == "msg"  # content first
    assert detect(data, doc_type="msg") == "msg"
    with pytest.raises(dan.UnsupportedFormatError, match="Outlook message"):
        detect(data, doc_type="eml")
    with pytest.raises(dan.UnsupportedFormatError, match="not an OLE compound file"):
        detect(b"From: a\nSubject: b\n\nbody", filename="mail.msg")
    with pytest.raises(dan.EncryptedDocumentError):
        detect(cfb({"WordDocument": b"x" * 100}))  # an OLE file that is no message


def _named(data: bytes, filename: str) -> dan.DanResult:
    d = dan.Dan()
    d.import_bytes(data, None, filename=filename)
    return d.get_markdown()


def test_an_ole_file_named_msg_without_message_streams_is_refused() -> None:
    with pytest.raises(dan.UnsupportedFormatError, match="without the properties of an Outlook message"):
        _named(cfb({"WordDocument": b"x" * 100}), "mail.msg")


def test_truncated_and_damaged_files_are_corrupt() -> None:
    data = _message(attachments=[attachment("parts.csv", b"Name,Qty\n" + b"x,1\n" * 2000)])
    for cut in (600, len(data) // 2, len(data) - 512):
        with pytest.raises(dan.DanError):
            _named(data[:cut], "mail.msg")
    with pytest.raises(dan.CorruptDocumentError):
        _named(data[:600], "mail.msg")


def _claim(data: bytes, stream: str, size: int) -> bytes:
    """``data`` with the directory entry of ``stream`` claiming ``size`` bytes."""
    at = data.index(stream.encode("utf-16-le") + b"\0\0")
    return data[: at + 120] + struct.pack("<I", size) + data[at + 124 :]


def test_huge_claimed_sizes_are_refused_or_skipped() -> None:
    data = _message(attachments=[attachment("parts.csv", b"Name,Qty\nbolt,3\n")])
    doc = read_msg(_claim(data, "__substg1.0_37010102", 0xFFFFFF00), dan.Limits())
    assert any("parts.csv" in w.message for w in doc.warnings)
    with pytest.raises(dan.CorruptDocumentError):
        read_msg(_claim(data, "__substg1.0_1000001F", 0xFFFFFF00), dan.Limits())


def test_held_out_outlook_message() -> None:
    res = dan.convert(DATA / "heldout" / "test_outlook_msg.msg", max_tokens=400)
    check_invariants(res, 400)
    assert res.doc_title == "Test Email Message"
    text = res.chunks[0]
    assert "**From:** M. C. Kurtuluş <test.sender@example.com>" in text
    assert "**To:** test.recipient@example.com" in text
    assert "This is the body of the test email message" in text
    rtf = read_msg((DATA / "heldout" / "test_outlook_msg.msg").read_bytes(), dan.Limits())
    assert rtf.title == "Test Email Message"


def test_held_out_compressed_rtf_decompresses() -> None:
    import olefile

    ole = olefile.OleFileIO(str(DATA / "heldout" / "test_outlook_msg.msg"))
    rtf = decompress_rtf(ole.openstream("__substg1.0_10090102").read(), 100_000)
    assert rtf.startswith(b"{\\rtf1\\ansi") and b"This is the body of the test email message" in rtf


_SAMPLE = _message(
    html="<p>hello <b>there</b></p>",
    attachments=[attachment("a.csv", b"x,y\n1,2\n"), attachment("", msg("in", "inner", embedded=True))],
)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.tuples(st.integers(0, len(_SAMPLE) - 1), st.integers(0, 255)), min_size=1, max_size=8))
@example([(33, 1)])  # a sector size olefile reads past an index-sized integer: OverflowError (CI, Python 3.12)
def test_damaged_bytes_give_a_dan_error_or_a_document(flips: list[tuple[int, int]]) -> None:
    data = bytearray(_SAMPLE)
    for at, value in flips:
        data[at] = value
    try:
        doc = read_msg(bytes(data), dan.Limits())
    except dan.DanError as exc:
        assert str(exc)
        return
    assert isinstance(doc, dan.model.Document)
