"""Hostile and broken input for every format: a DanError or a correct conversion, never
another exception (time and memory per case are measured in benchmarks/bench_hostile.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent / "dan"))

from benchmarks.hostile_cases import cases  # noqa: E402
from helpers import check_invariants  # noqa: E402

import dan  # noqa: E402

CASES = list(cases(scale=0.1))


@pytest.mark.parametrize("name,data,doc_type,filename", CASES, ids=[c[0] for c in CASES])
def test_hostile_input(name, data, doc_type, filename):
    d = dan.Dan(max_tokens=256)
    try:
        d.import_bytes(data, doc_type, filename=filename)
        res = d.get_markdown()
    except dan.DanError as exc:
        assert str(exc), "a DanError must say what is wrong"
        return
    check_invariants(res, 256)
    json.dumps(res.records, ensure_ascii=False).encode("utf-8")


EXPECTED = {
    "docx: not a zip": dan.UnsupportedFormatError,
    "docx: truncated zip": dan.CorruptDocumentError,
    "docx: zip without document.xml": dan.CorruptDocumentError,
    "docx: broken XML": dan.CorruptDocumentError,
    "docx: billion laughs": dan.CorruptDocumentError,
    "docx: external entity": dan.CorruptDocumentError,
    "docx: zip bomb": dan.ZipBombError,
    "docx: 18 headers of 1 MB each": dan.ZipBombError,
    "docx: encrypted (OLE)": dan.EncryptedDocumentError,
    "rtf: deep nesting": dan.NestingTooDeepError,
    "md: 500,000 paragraphs": dan.LimitExceededError,
    "md: table of 150,000 rows": dan.LimitExceededError,
    "md: 150,000 headings": dan.LimitExceededError,
    "text: 1,000,000 one-word lines": dan.LimitExceededError,
    "rtf: 150,000 cells outside a row": dan.LimitExceededError,
    "rtf: 200,000 paragraphs": dan.LimitExceededError,
    "text: NUL bytes": dan.UnsupportedFormatError,
    "mislabelled: HTML named .docx": dan.UnsupportedFormatError,
    "pdf: junk after the header": dan.CorruptDocumentError,
    "pdf: a page tree claiming 999,999 pages": dan.LimitExceededError,
    "pdf: a content stream inflating to 200 MB": dan.ZipBombError,
    "xlsx: 1,500 cells on a diagonal (1,500 x 1,500 range)": dan.LimitExceededError,
    "xlsx: zip bomb sheet": dan.ZipBombError,
    "xlsx: encrypted (OLE) named .xlsx": dan.EncryptedDocumentError,
    "csv: 150,000 rows": dan.LimitExceededError,
    "pptx: groups nested 5,000 deep": dan.NestingTooDeepError,
    "pptx: zip bomb slide": dan.ZipBombError,
    "pptx: a deck claiming 30,000 slides": dan.LimitExceededError,
    "eml: multiparts nested 3,000 deep": dan.NestingTooDeepError,
    "eml: zip bomb attachment": dan.ZipBombError,
    "msg: truncated OLE": dan.CorruptDocumentError,
    "msg: a stream claiming 4 GB": dan.CorruptDocumentError,
    "msg: storages nested 400 deep": dan.NestingTooDeepError,
    "epub: zip bomb chapter": dan.ZipBombError,
    "epub: a spine of 25,000 chapters": dan.LimitExceededError,
    "odt: sections nested 5,000 deep": dan.NestingTooDeepError,
    "odt: zip bomb content": dan.ZipBombError,
    "odt: password-protected": dan.EncryptedDocumentError,
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_specific_errors(name):
    _, data, doc_type, filename = next(c for c in CASES if c[0] == name)
    with pytest.raises(EXPECTED[name]):
        d = dan.Dan()
        d.import_bytes(data, doc_type, filename=filename)
        d.get_markdown()


@pytest.mark.parametrize(
    "name,needle",
    [
        ("text: UTF-16", "Grüße aus Köln"),
        ("text: lone surrogates", "bad \ufffd surrogate"),
        ("mislabelled: DOCX named .html", "hello"),
        ("mislabelled: RTF named .txt", "**bold**"),
        ("text: huge single word", "tttt"),
        ("pdf: no xref, text page", "Hello PDF"),
        ("pdf: JavaScript and an embedded file", "script"),
        ("pdf: nested arrays 50,000 deep", "deep"),
        ("xlsx: a sheet claiming 1,048,576 x 16,384 cells", "corner"),
        ("xlsx: formula strings kept as text", "| =cmd\\|' /C calc'!A0 |  |"),
        ("xlsx: CSV named .xlsx", "| bolt | 3 |"),
        ("eml: malformed MIME (no boundary, bad headers)", "no boundary at all"),
        ("eml: messages attached 500 deep", "Attached message: level 495"),
        ("msg: messages attached 150 deep", "Attached message: level 147"),
        ("msg: 3,100 property streams", "body"),
    ],
)
def test_recoverable_inputs_convert_correctly(name, needle):
    _, data, doc_type, filename = next(c for c in CASES if c[0] == name)
    d = dan.Dan()
    d.import_bytes(data, doc_type, filename=filename)
    assert needle in "".join(d.get_markdown().chunks)
