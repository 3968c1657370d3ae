"""Real .eml files from CPython's e-mail tests (tests/data/eml/README.md says which):
fields, body and attachments as a mail client shows them."""

from __future__ import annotations

import dan
from helpers import DATA, check_invariants

EML = DATA / "eml"


def _convert(name: str) -> dan.DanResult:
    res = dan.convert(EML / name, max_tokens=400)
    check_invariants(res, 400)
    return res


def _sections(res: dan.DanResult) -> list[str]:
    return list(dict.fromkeys(r["section_path"] for r in res.records))


def test_digest_keeps_every_part_and_each_digested_message() -> None:
    res = _convert("msg_02.eml")
    assert res.doc_title == "Ppp digest, Vol 1 #2 - 5 msgs"
    first = res.chunks[0]
    assert "**From:** ppp-request@zzz.org" in first and "**To:** ppp@zzz.org" in first
    assert "**Date:** 2001-04-20T20:18:00-04:00" in first
    assert "Send Ppp mailing list submissions to" in first
    assert "Today's Topics:" in first and "5. testing #5 (Barry A. Warsaw)" in first  # 2nd part
    assert "Ppp mailing list" in first  # the footer, after the digest in the file
    assert _sections(res)[1:] == [
        "Attached message: [Ppp] testing #1",
        "Attached message: (no subject)",
        "Attached message: [Ppp] testing #3",
        "Attached message: [Ppp] testing #4",
        "Attached message: [Ppp] testing #5",
    ]
    fourth = next(c for c, r in zip(res.chunks, res.records) if r["section_path"].endswith("#4"))
    assert "**Date:** 2001-04-20T20:16:28-04:00" in fourth and "hello" in fourth
    assert res.records[0]["ssFields"] == (
        "From: ppp-request@zzz.org; To: ppp@zzz.org; Date: 2001-04-20T20:18:00-04:00"
    )


def test_inline_parts_in_every_transfer_encoding() -> None:
    res = _convert("msg_10.eml")
    assert res.doc_title == "Lyrics" and len(res.chunks) == 1
    text = res.chunks[0]
    assert "**From:** Barry Warsaw <barry@python.org>" in text
    assert "**To:** Dingus Lovers <cravindogs@cravindogs.com>" in text
    lines = [
        "This is a 7bit encoded message.",
        "¡This is a Quoted Printable encoded message!",  # (iso-8859-1, through the HTML reader)
        "This is a Base64 encoded message.",
        "This has no Content-Transfer-Encoding: header.",
    ]
    at = [text.index(line) for line in lines]
    assert at == sorted(at) and text.count("This is a Base64 encoded message.") == 2


def test_delivery_report_with_status_and_returned_message() -> None:
    res = _convert("msg_16.eml")
    assert res.doc_title == "Delivery Notification: Delivery has failed"
    first = res.chunks[0]
    assert "**From:** Internet Mail Delivery <postmaster@ucla.edu>" in first
    assert "**Date:** 2001-09-23T20:14:35-07:00" in first
    assert "Reason: recipient reached disk quota" in first
    assert "Status: 5.0.0 (recipient reached disk quota)" in first  # the delivery-status part
    assert _sections(res)[1:] == ["Attached message: [scr] yeah for Ians!!"]
    returned = res.chunks[-1]
    assert '**From:** "Ian T. Henry" <henryi@oxy.edu>' in returned
    assert "I always love to find more Ian's that are over 3 years old!!" in returned


def test_parts_named_by_content_type_are_attachments() -> None:
    res = _convert("msg_44.eml")
    assert res.doc_title == "a simple multipart"
    assert "**From:** barry@python.org (Barry A. Warsaw)" in res.chunks[0]
    named = [c for c, r in zip(res.chunks, res.records) if r["section_path"] == "Attachment: msg.txt"]
    assert len(named) == 2
    assert all("a simple kind of mirror" in c and "to reflect upon our own" in c for c in named)
