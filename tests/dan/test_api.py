"""The public dan API: convert, convert_string, Dan, DanResult, Names, labels, ids, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import body_of, check_invariants

import dan
from dan.detect import detect
from dan.textclean import clean_text, decode_text


def test_public_names():
    for name in (
        "convert", "convert_string", "Dan", "DanResult", "Names", "ChunkField", "Limits", "count_tokens",
        "system_message", "DanError", "UnsupportedFormatError", "CorruptDocumentError", "EncryptedDocumentError",
        "LimitExceededError", "InputTooLargeError", "ZipBombError", "TooManyChunksError", "NestingTooDeepError",
        "TextTooLargeError", "DocumentNotFoundError",
    ):
        assert name in dan.__all__ and hasattr(dan, name)
    assert issubclass(dan.DanError, ValueError)
    assert issubclass(dan.DocumentNotFoundError, FileNotFoundError)
    assert issubclass(dan.ZipBombError, dan.LimitExceededError)


def test_convert_path_str_pathlike_and_missing(tmp_path):
    f = tmp_path / "notes.txt"
    f.write_text("Hello there.\n\nSecond paragraph.", encoding="utf-8")
    a = dan.convert(str(f))
    b = dan.convert(f)
    assert a.chunks == b.chunks and a.doc_title == "notes"
    with pytest.raises(dan.DocumentNotFoundError, match="convert_string"):
        dan.convert("Hello, this is text, not a path")


def test_doc_id_derivation_and_rules():
    res = dan.convert_string("same text", doc_type="text")
    again = dan.convert_string("same text", doc_type="text", max_tokens=64)
    assert res.doc_id == again.doc_id  # options do not change the derived id
    assert res.doc_id.startswith("D") and len(res.doc_id) == 16 and res.doc_id[1:].isupper()
    assert dan.convert(b"same text", doc_type="text").doc_id == res.doc_id  # same bytes, same id
    for bad in ("", "a b", "a:b", "a|b", "a;b", "none", "ALL", "Index", "x" * 65, "a\x00"):
        with pytest.raises(dan.DanError):
            dan.convert_string("x", doc_type="text", doc_id=bad)
    assert dan.convert_string("x", doc_type="text", doc_id="C-17").records[0]["ssDocId"] == "C-17"


def test_title_fallbacks():
    assert dan.convert_string("First line here\nmore", doc_type="text").doc_title == "First line here"
    assert dan.convert_string("   ", doc_type="text").doc_title == "Untitled"
    assert dan.convert_string("x", doc_type="text", doc_title="Given").doc_title == "Given"
    assert dan.convert_string("<html><title>Page T</title><p>x</p></html>", doc_type="html").doc_title == "Page T"
    assert len(dan.convert_string("w " * 200, doc_type="text").doc_title) <= 80


def test_user_meta_copied_and_validated():
    res = dan.convert_string("a\n\nb", doc_type="text", user_meta={"customer": "4711", "year": 2024, "vip": True})
    for rec in res.records:
        assert rec["customer"] == "4711" and rec["year"] == 2024 and rec["vip"] == "yes"
    for bad, match in (
        ({"ssX": 1}, "ss"),
        ({"": 1}, "non-empty"),
        ({"doc_title": 1}, "label"),
        ({"k": 1.5}, "'k'"),
        ({"k": [1]}, "'k'"),
        ({1: "x"}, "1"),
    ):
        with pytest.raises(dan.DanError, match=match):
            dan.convert_string("x", doc_type="text", user_meta=bad)


def test_field_labels_rename_record_keys_and_header():
    res = dan.convert_string("# Scope\n\ntext", doc_type="md", field_labels={dan.ChunkField.DOC_TITLE: "Dokument", "page_range": "Seiten"})
    rec = res.records[0]
    assert rec["Dokument"] == "Scope" and "doc_title" not in rec and rec["Seiten"] == "1"
    assert res.chunks[0].startswith("[Dokument: Scope | section_path: Scope | Seiten: 1 (est.)]")
    assert "Dokument" in dan.system_message({"doc_title": "Dokument"})
    for bad in ("ssX", "not valid", "has_table"):
        with pytest.raises(dan.DanError):
            dan.convert_string("x", doc_type="text", field_labels={"doc_title": bad})
    with pytest.raises(dan.DanError, match="unknown"):
        dan.convert_string("x", doc_type="text", field_labels={"nope": "x"})


def test_records_are_flat_fresh_and_json_safe():
    res = dan.convert_string("Text with a lone surrogate \ud800 and control \x07 chars.", doc_type="text")
    recs = res.records
    recs[0]["ssTitle"] = "changed"
    assert res.records[0]["ssTitle"] != "changed"
    json.dumps(res.records, ensure_ascii=False).encode("utf-8")
    assert "\ufffd" in res.chunks[0] and "\x07" not in res.chunks[0]
    text, rec = next(iter(res))
    assert text == res.chunks[0] and rec == res.records[0]
    with pytest.raises(AttributeError):
        res.doc_id = "x"  # type: ignore[misc]


def test_names_hook_called_per_chunk_in_order():
    calls = []

    def hook(title, index, text):
        calls.append((title, index, text))
        if "Anita" in text:
            return dan.Names(persons=["Anita Patel"], orgs=("CranePoint Co.",), places=None, terms=["Metformin"])
        return None

    res = dan.convert_string("# A\n\nDr. Anita Patel prescribed Metformin.\n\n# B\n\nNothing.", doc_type="md", names=hook)
    assert [c[1] for c in calls] == [0, 1]
    assert calls[0][0] == res.doc_title and "Anita" in calls[0][2] and "#" not in calls[0][2]
    assert res.records[0]["ssPersons"] == "Anita Patel" and res.records[0]["ssTerms"] == "Metformin"
    assert res.records[1]["ssPersons"] == ""


def test_names_hook_errors():
    with pytest.raises(dan.DanError, match="single string"):
        dan.convert_string("x", doc_type="text", names=lambda *a: dan.Names(persons="Ann"))
    with pytest.raises(dan.DanError, match="Names"):
        dan.convert_string("x", doc_type="text", names=lambda *a: ["Ann"])

    def boom(*args):
        raise RuntimeError("ner model missing")

    with pytest.raises(RuntimeError) as info:
        dan.convert_string("x", doc_type="text", names=boom)
    assert any("chunk 0" in note for note in info.value.__notes__)


def test_dan_object_options_persist_and_per_import_values_reset():
    d = dan.Dan(max_tokens=64)
    with pytest.raises(dan.DanError, match="no document imported"):
        d.get_markdown()
    d.import_string("# T\n\n" + "word " * 200, "md", doc_id="FIRST", user_meta={"k": "v"})
    first = d.get_markdown()
    again = d.get_markdown()
    assert first.chunks == again.chunks and first.doc_id == "FIRST" and first.records[0]["k"] == "v"
    assert all(r["ssTokens"] <= 64 for r in first.records)
    d.override_field_name(dan.ChunkField.CHUNK_TYPE, "kind")
    d.import_string("other", "text")
    second = d.get_markdown()
    assert second.doc_id != "FIRST" and "k" not in second.records[0] and second.records[0]["kind"] == "body"
    assert "kind" not in d.system_message or "Tracked" in d.system_message


def test_page_range_validation():
    with pytest.raises(dan.DanError):
        dan.convert_string("x", doc_type="text", last_page=0)
    with pytest.raises(dan.DanError):
        dan.convert_string("x", doc_type="text", first_page="2")  # type: ignore[arg-type]


def test_empty_document_is_not_an_error():
    res = dan.convert_string("", doc_type="text")
    assert len(res) == 0 and res.doc_id and res.doc_title == "Untitled"


def test_too_many_chunks():
    with pytest.raises(dan.TooManyChunksError, match="max_chunks"):
        dan.convert_string("word. " * 2000, doc_type="text", max_tokens=16, limits=dan.Limits(max_chunks=10))


def test_limits_validation():
    with pytest.raises((TypeError, ValueError)):
        dan.Limits(max_chunks=0)
    assert dan.Limits().max_input_bytes == 32 * 1024 * 1024


# ------------------------------------------------------------------ detection and decoding


def test_detection_rules():
    assert detect(b"PK\x03\x04rest") == "docx"
    assert detect(b"{\\rtf1 hi}") == "rtf"
    assert detect(b"  <!DOCTYPE html><p>x") == "html"
    assert detect(b"<html><body>x") == "html"
    assert detect(b"# Title\n\ntext") == "text"  # Markdown is never guessed from content
    assert detect(b"# Title", filename="a.md") == "markdown"
    assert detect(b"anything", filename="a.HTM") == "html"
    assert detect(b"hello", doc_type="md") == "markdown"
    with pytest.raises(dan.EncryptedDocumentError):
        detect(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 100)
    assert detect(b"%PDF-1.7 ...") == "pdf"
    with pytest.raises(dan.UnsupportedFormatError, match="does not start with %PDF-"):
        detect(b"x", doc_type="pdf")
    with pytest.raises(dan.UnsupportedFormatError, match="PDF extension"):
        detect(b"plain words", filename="scan.pdf")
    with pytest.raises(dan.UnsupportedFormatError, match="unknown doc_type"):
        detect(b"x", doc_type="pages")
    with pytest.raises(dan.UnsupportedFormatError, match="RTF"):
        detect(b"{\\rtf1 x}", doc_type="html")
    with pytest.raises(dan.UnsupportedFormatError):
        detect(b"plain", doc_type="rtf")


def test_text_decoding():
    assert decode_text("héllo".encode("utf-16")) == "héllo"
    assert decode_text("\ufeffhéllo".encode("utf-8")) == "héllo"
    assert decode_text("héllo wörld".encode("cp1252")) == "héllo wörld"
    assert decode_text("plain ascii text here".encode("utf-16-le")) == "plain ascii text here"
    assert decode_text(b"\x81\x8d bytes") .endswith("bytes")


def test_clean_text():
    assert clean_text("a\r\nb\rc\x0bd\u2028e") == "a\nb\nc\nd\ne"
    assert clean_text("x\x00y\x1bz\x85") == "xyz\n" or clean_text("x\x00y\x1bz") == "xyz"
    assert clean_text("lone \udc80") == "lone \ufffd"


def test_text_reader_paragraphs_pages_and_binary():
    res = dan.convert_string("Para one\nline two\n\nPara two\fPage two text", doc_type="text", max_tokens=16)
    check_invariants(res, 16)
    bodies = [body_of(c) for c in res.chunks]
    assert any("Para one\\\nline two" in b for b in bodies)  # short lines keep their breaks
    last = res.records[-1]
    assert last["ssPage"] == 2  # a form feed is a page break
    wrapped = "This is a long hard-wrapped line of prose that continues on\nthe next line because the editor wrapped it at a width."
    assert "continues on the next" in dan.convert_string(wrapped, doc_type="text").chunks[0]
    with pytest.raises(dan.UnsupportedFormatError, match="binary"):
        dan.convert(bytes(range(256)) * 10, doc_type="text")


def test_utf16_text_file(tmp_path: Path):
    f = tmp_path / "u16.txt"
    f.write_bytes("Grüße aus Köln. 日本語".encode("utf-16"))
    assert body_of(dan.convert(f).chunks[0]) == "Grüße aus Köln. 日本語"


def test_system_message_explains_notation_and_untrusted_text():
    msg = dan.system_message()
    for needle in ("{++", "{--", "{==", "{>>", "[^", "(est.)", "untrusted", "page_range", "header"):
        assert needle in msg


def test_ssplain_reads_the_current_text_without_list_items():
    res = dan.convert_string("Pay in <del>60</del><ins>30</ins> days.\n\n- item one\n- item two", doc_type="md")
    rec = res.records[0]
    assert rec["ssPlain"] == "Pay in 30 days." and rec["ssLists"] == "item one; item two"


def test_doc_ids_follow_vens_routing_rule():
    from ven.routing import is_doc_id

    for bad in ("a\x85b", "x\u2028y", "ALL"):
        assert not is_doc_id(bad)
        with pytest.raises(dan.DanError):
            dan.convert_string("x", doc_type="text", doc_id=bad)


def test_result_pickles_and_has_notebook_reprs():
    import pickle

    res = dan.convert_string("# T\n\nSome text.", doc_type="md")
    back = pickle.loads(pickle.dumps(res))
    assert back == res and back.records == res.records
    assert "<table" in res._repr_html_() and "|" in res._repr_markdown_()


def test_result_repr_is_short_and_says_what_it_holds():
    text = "\n\n".join(f"Paragraph {i} of a long report about cranes and their warranties." for i in range(400))
    res = dan.convert_string(text, "text", max_tokens=128, doc_title="Crane report " + "x" * 100)
    r = repr(res)
    assert len(r) < 200
    assert r.startswith(f"<DanResult {res.doc_id!r} 'Crane report") and f"{len(res.chunks)} chunks" in r
    assert f"{sum(rec['ssTokens'] for rec in res.records):,} tokens" in r and "estimated pages, 0 warnings>" in r
