"""EML: messages built with the standard library's ``email`` package."""

from __future__ import annotations

from email.message import EmailMessage

import pytest

import dan
from dan.detect import detect
from dan.readers.eml import read_eml
from dan.readers.eml.reader import MAX_MESSAGE_DEPTH
from helpers import check_invariants


def _message(html: bool = True) -> EmailMessage:
    msg = EmailMessage()
    msg["From"] = "Alice Example <alice@example.com>"
    msg["To"] = "Bob <bob@example.com>, Carol <carol@example.com>"
    msg["Cc"] = "Dan <dan@example.com>"
    msg["Subject"] = "Re: Contract renewal — Müller"
    msg["Date"] = "Tue, 04 Mar 2025 10:15:00 +0100"
    msg.set_content(
        "Hi Bob,\n\nThe renewal is fine.\n\nOn Monday Bob wrote:\n> Can we renew?\n"
        "> > The older question\n\nAlice\n"
    )
    if html:
        msg.add_alternative(
            "<html><body><p>Hi Bob,</p><p>The <b>renewal</b> is fine.</p>"
            "<blockquote>Can we renew?</blockquote></body></html>",
            subtype="html",
        )
    return msg


def test_headers_are_the_title_and_fields_and_html_is_the_body() -> None:
    res = dan.convert(_message().as_bytes(), max_tokens=400)
    assert res.doc_title == "Re: Contract renewal — Müller"
    text = res.chunks[0]
    assert "**From:** Alice Example <alice@example.com>" in text
    assert "**Cc:** Dan <dan@example.com>" in text and "**Date:** 2025-03-04T10:15:00+01:00" in text
    assert "The **renewal** is fine." in text and "> Can we renew?" in text
    assert "From: Alice Example" in res.records[0]["ssFields"]
    check_invariants(res, 400)


def test_plain_text_quoted_replies_are_quotes() -> None:
    doc = read_eml(_message(html=False).as_bytes(), dan.Limits())
    quotes = [b for b in doc.body if isinstance(b, dan.model.Quote)]
    assert len(quotes) == 1
    inner = quotes[0].blocks
    assert isinstance(inner[-1], dan.model.Quote)  # "> >" is a quote inside the quote
    text = dan.convert(_message(html=False).as_bytes()).chunks[0]
    assert "> Can we renew?" in text and "> > The older question" in text
    assert "Alice" in text.rsplit(">", 1)[-1]


def test_outlook_original_message_is_quoted() -> None:
    msg = EmailMessage()
    msg["From"] = "a@example.com"
    msg["Subject"] = "fw"
    msg.set_content("Agreed.\n\n-----Original Message-----\nFrom: b@example.com\n\nWhat now?\n")
    doc = read_eml(msg.as_bytes(), dan.Limits())
    assert isinstance(doc.body[-1], dan.model.Quote)


def test_attachments_are_sections_of_their_own() -> None:
    msg = _message()
    msg.add_attachment(b"Name,Qty\nbolt,3\n", maintype="text", subtype="csv", filename="parts.csv")
    msg.add_attachment(b"\x89PNG\r\n\x1a\n....", maintype="image", subtype="png", filename="logo.png")
    inner = _message(html=False)
    inner.replace_header("Subject", "The original")
    msg.add_attachment(inner)
    res = dan.convert(msg.as_bytes(), max_tokens=400)
    paths = [r["section_path"] for r in res.records]
    assert "Attachment: parts.csv" in paths and "Attachment: logo.png" in paths
    assert "Attached message: The original" in paths
    text = "\n".join(res.chunks)
    assert "| bolt | 3 |" in text and "image/png, 12 bytes (not converted)" in text


def test_inline_pictures_of_the_html_body_are_not_attachments() -> None:
    msg = _message()
    html = msg.get_body(("html",))
    assert html is not None
    html.add_related(b"\x89PNG\r\n\x1a\n....", maintype="image", subtype="png", cid="<logo@x>")
    res = dan.convert(msg.as_bytes(), max_tokens=400)
    assert not any(r["section_path"].startswith("Attachment") for r in res.records)


def test_attachment_bounds() -> None:
    def wrap(inner: EmailMessage, level: int) -> EmailMessage:
        outer = EmailMessage()
        outer["From"] = "x@example.com"
        outer["Subject"] = f"level {level}"
        outer.set_content("wrapper")
        outer.add_attachment(inner)
        return outer

    msg = _message(html=False)
    for level in range(MAX_MESSAGE_DEPTH + 2):
        msg = wrap(msg, level)
    doc = read_eml(msg.as_bytes(), dan.Limits())
    assert any("nested too deep" in w.message for w in doc.warnings)
    many = _message()
    for i in range(60):
        many.add_attachment(f"n,{i}\n".encode(), maintype="text", subtype="csv", filename=f"f{i}.csv")
    doc = read_eml(many.as_bytes(), dan.Limits())
    assert sum("not converted" in w.message for w in doc.warnings) == 10


def _nested_multipart(levels: int) -> bytes:
    body = b"hello deep"
    for i in range(levels):
        b = b"B%d" % i
        body = (
            b"Content-Type: multipart/mixed; boundary=" + b + b"\n\n--" + b + b"\n" + body
            + b"\n--" + b + b"--\n"
        )
    return b"From: a@example.com\nSubject: deep\nMIME-Version: 1.0\n" + body


def test_hostile_mime() -> None:
    assert "hello deep" in dan.convert(_nested_multipart(20), doc_type="eml").chunks[0]
    with pytest.raises(dan.NestingTooDeepError):
        dan.convert(_nested_multipart(3000), doc_type="eml")
    broken = b"From: a@b\nTo: c@d\nContent-Type: multipart/mixed; boundary=XX\n\nno boundary at all\n"
    doc = read_eml(broken, dan.Limits())
    assert [w.code for w in doc.warnings] == ["malformed-mime"]
    assert "no boundary at all" in dan.convert(broken, doc_type="eml").chunks[0]


def test_detection() -> None:
    data = _message().as_bytes()
    assert detect(data) == "eml" and detect(data, filename="mail.eml") == "eml"
    assert detect(b"From: someone\nnot a header block") == "text"
    assert detect(b"Subject: x\nFrom: y\n\nbody", filename="notes.txt") == "text"
