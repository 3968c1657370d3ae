"""The reader registry: one signature for every format, each reader checking its own input."""

from __future__ import annotations

import pytest

import dan
from dan import model as m
from dan.errors import DanError, TextTooLargeError, UnsupportedFormatError
from dan.limits import Limits
from dan.readers import FORMATS, ReadOptions, reader_for
from dan.readers.docx import read_docx
from dan.readers.html import read_html
from dan.readers.markdown import read_markdown
from dan.readers.rtf import read_rtf
from dan.readers.text import read_text

SAMPLES = {
    "rtf": b"{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}\\f0 Hello {\\b bold} world.\\par}",
    "html": b"<html><head><title>T</title></head><body><h1>Head</h1><p>Hello world.</p></body></html>",
    "markdown": b"# Head\n\nHello *world*.\n",
    "text": b"Hello world.\n\nSecond paragraph.\n",
}


def test_every_format_has_a_reader_in_the_registry() -> None:
    from dan.readers.pdf import read_pdf

    from dan.detect import DOC_TYPES
    from dan.readers.sheets import read_csv, read_xlsx

    assert FORMATS[:6] == ("docx", "rtf", "pdf", "html", "markdown", "text")
    assert [reader_for(f) for f in FORMATS[:6]] == [read_docx, read_rtf, read_pdf, read_html, read_markdown, read_text]
    assert reader_for("xlsx") is read_xlsx and reader_for("csv") is read_csv
    assert set(FORMATS) == set(DOC_TYPES)  # every format detection names has a reader
    with pytest.raises(KeyError):
        reader_for("pages")


@pytest.mark.parametrize("fmt", sorted(SAMPLES))
def test_readers_take_bytes_or_text_alike(fmt: str) -> None:
    read = reader_for(fmt)
    from_bytes = read(SAMPLES[fmt], Limits())
    from_text = read(SAMPLES[fmt].decode("ascii"), Limits())
    assert isinstance(from_bytes, m.Document) and from_bytes == from_text and from_bytes.body


@pytest.mark.parametrize("fmt", ["markdown", "text"])
def test_text_readers_check_their_own_size(fmt: str) -> None:
    with pytest.raises(TextTooLargeError, match="Limits.max_chars=10"):
        reader_for(fmt)(b"x" * 11, Limits(max_chars=10))


def test_the_text_reader_refuses_binary_and_docx_refuses_text() -> None:
    with pytest.raises(UnsupportedFormatError):
        read_text(b"\x00\x01\x02" * 100, Limits())
    with pytest.raises(DanError):
        read_docx("not a zip package", Limits())


def test_the_converter_reads_through_the_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    import dan.readers as registry

    seen: list[tuple[str, ReadOptions]] = []

    def fake(source: bytes | str, limits: Limits, options: ReadOptions) -> m.Document:
        seen.append((source if isinstance(source, str) else source.decode(), options))
        return read_markdown(source, limits, options)

    monkeypatch.setitem(registry._READERS, "markdown", (__name__, "_fake"))
    monkeypatch.setitem(globals(), "_fake", fake)
    res = dan.convert_string("# Head\n\nHello.", doc_type="markdown", max_tokens=64)
    assert seen == [("# Head\n\nHello.", ReadOptions())] and "Hello." in res.chunks[0]
    dan.convert_string("# Head", doc_type="markdown", main_content=True)
    assert seen[-1][1] == ReadOptions(main_content=True)  # the caller's options reach the reader


@pytest.mark.parametrize("fmt", ["rtf", "html", "markdown", "text"])
def test_every_reader_takes_the_options(fmt: str) -> None:
    read = reader_for(fmt)
    assert read(SAMPLES[fmt], Limits(), ReadOptions(main_content=False)) == read(SAMPLES[fmt], Limits())


@pytest.mark.parametrize(
    ("fmt", "text"),
    [("html", "<p>a\ud800b</p>"), ("markdown", "a\ud800b"), ("text", "a\ud800b"), ("rtf", "{\\rtf1 a\ud800b}")],
)
def test_every_reader_survives_a_lone_surrogate(fmt: str, text: str) -> None:
    res = dan.convert_string(text, fmt)
    body = res.chunks[0].split("\n\n", 1)[1]
    assert body.startswith("a") and body.endswith("b")
    body.encode("utf-8")  # repaired (U+FFFD) or dropped, never passed on


def test_html_bytes_with_an_encoded_surrogate_convert() -> None:
    res = dan.convert(b"<p>a\xed\xa0\xbdb</p>", "html")
    assert res.chunks[0].endswith("a\ufffdb")


@pytest.mark.parametrize(
    "source",
    ["[a](http://x/\ud800\udc00)", "[a](http://x/\ud800\ud800 \"t\ud800\")", b"[a](http://x/\xed\xa0\x80\xed\xb0\x80)"],
)
def test_surrogates_in_a_markdown_link_target_are_repaired_before_parsing(source: str | bytes) -> None:
    # found by the fuzzer: markdown-it percent-encodes a link target and failed on a
    # surrogate pair written as two code points (UTF-8 bytes ED A0 80 ED B0 80)
    res = dan.convert(source, "markdown") if isinstance(source, bytes) else dan.convert_string(source, "markdown")
    assert "[a](http://x/%EF%BF%BD" in res.chunks[0]
    res.chunks[0].encode("utf-8")


def test_markdown_without_html_does_not_load_the_html_reader() -> None:
    # (a fresh interpreter: this one has imported every reader)
    import subprocess
    import sys

    script = (
        "import sys, dan\n"
        "dan.convert_string('# T\\n\\nHello *world*.\\n\\n| a | b |\\n|---|---|\\n| 1 | 2 |\\n', doc_type='markdown')\n"
        "print('lxml' in sys.modules, 'dan.readers.html' in sys.modules)\n"
        "r = dan.convert_string('# T\\n\\n<div><p>block <b>html</b></p></div>\\n\\n"
        "Text <ins data-author=\"Ann\">new</ins>.\\n', doc_type='markdown')\n"
        "print('lxml' in sys.modules, 'dan.readers.html' in sys.modules)\n"
        "print(r.records[0]['ssRevAuthors'], 'block **html**' in r.chunks[0])\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    assert out.splitlines() == ["False False", "True True", "Ann True"]
