"""Limits on what a source can make dan build, checked before parsing: blocks of text-like
formats, and the same binary check for every text-like format."""

from __future__ import annotations

import pytest

import dan


@pytest.mark.parametrize(
    "source,fmt",
    [
        ("w\n\n" * 1_200, "markdown"),
        ("| a | b |\n|---|---|\n" + "| x | y |\n" * 1_200, "markdown"),
        ("# h\n" * 1_200, "markdown"),
        ("- item\n" * 1_200, "markdown"),
        ("para\n\n" * 1_200, "text"),
        ("{\\rtf1 " + "x\\cell " * 1_200 + "}", "rtf"),
        ("{\\rtf1 " + "\\par " * 1_200 + "x}", "rtf"),
    ],
    ids=["md paragraphs", "md table rows", "md headings", "md list items", "text paragraphs", "rtf cells", "rtf pars"],
)
def test_a_source_with_more_blocks_than_the_limit_is_refused_before_parsing(source, fmt):
    with pytest.raises(dan.LimitExceededError, match=r"Limits.max_blocks=1,000: raise Limits.max_blocks"):
        dan.convert_string(source, fmt, limits=dan.Limits(max_blocks=1_000))
    res = dan.convert_string(source, fmt, limits=dan.Limits(max_blocks=2_000))
    assert res.chunks  # within a raised limit it converts


def test_many_lines_in_few_blocks_are_not_counted_as_blocks():
    # hard-wrapped prose: 3,000 lines, 30 paragraphs
    prose = "\n\n".join("\n".join(f"line {p}.{i} of the report text" for i in range(100)) for p in range(30))
    for fmt in ("markdown", "text"):
        res = dan.convert_string(prose, fmt, limits=dan.Limits(max_blocks=1_000))
        assert "line 29.99" in "".join(res.chunks)
    fence = "```\n" + "code line\n" * 3_000 + "```\n"
    assert dan.convert_string(fence, "markdown", limits=dan.Limits(max_blocks=1_000)).chunks


def test_plain_text_of_endless_lines_is_refused():
    with pytest.raises(dan.LimitExceededError, match="4,001 lines"):
        dan.convert_string("w\n" * 4_000, "text", limits=dan.Limits(max_blocks=1_000))


JUNK = bytes(range(32)) * 40 + b"\x00" * 400


@pytest.mark.parametrize("fmt", ["markdown", "text", "html"])
def test_every_text_like_format_refuses_the_same_binary_junk(fmt):
    with pytest.raises(dan.UnsupportedFormatError, match="binary data"):
        dan.convert(JUNK, doc_type=fmt)


def test_junk_with_a_zip_header_fails_the_same_way_whatever_its_name(tmp_path):
    errors = set()
    for ext in ("md", "txt", "html"):
        path = tmp_path / f"junk.{ext}"
        path.write_bytes(b"PK\x03\x04" + JUNK)
        with pytest.raises(dan.DanError) as info:
            dan.convert(path)
        errors.add((type(info.value), str(info.value)))
    assert len(errors) == 1 and next(iter(errors))[0] is dan.CorruptDocumentError


@pytest.mark.parametrize("fmt", ["markdown", "text"])
def test_a_few_stray_nuls_are_dropped_with_a_warning(fmt):
    res = dan.convert(b"Hello\x00 world, " * 3 + b"and more text " * 300, doc_type=fmt)
    assert "Hello world" in res.chunks[0]
    assert [w.code for w in res.warnings] == ["nul-bytes"] and "3 stray" in res.warnings[0].message


def test_a_file_whose_size_says_zero_is_read_within_the_input_limit():
    status = dan.convert("/proc/self/status", doc_type="text")  # st_size is 0 for /proc files
    assert "VmRSS" in "".join(status.chunks)
    with pytest.raises(dan.InputTooLargeError, match="its size said less"):
        dan.convert("/proc/self/status", doc_type="text", limits=dan.Limits(max_input_bytes=64))


def test_special_files_and_directories_are_named_as_such(tmp_path):
    with pytest.raises(dan.DanError, match="not a regular file"):
        dan.convert("/dev/zero", doc_type="text")
    with pytest.raises(dan.DanError, match="is a directory"):
        dan.convert(tmp_path)
    with pytest.raises(dan.DocumentNotFoundError, match="no such file"):
        dan.convert(tmp_path / "missing.docx")


def test_a_lone_surrogate_entity_in_a_fence_info_string_is_repaired():
    # found by the fuzzer: markdown-it decodes &#xD800; in the info string to a lone surrogate
    res = dan.convert_string("```py&#xD800;thon\nx = 1\n```\n", "markdown")
    for chunk in res.chunks:
        chunk.encode("utf-8")
    assert "x = 1" in res.chunks[0]


def test_a_binary_file_named_docx_says_it_is_binary(tmp_path):
    exe = tmp_path / "setup.docx"
    exe.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(range(256)) * 8)
    with pytest.raises(dan.UnsupportedFormatError, match="holds binary data, not a Word document"):
        dan.convert(exe)
    text = tmp_path / "notes.docx"
    text.write_text("plain words", encoding="utf-8")
    with pytest.raises(dan.UnsupportedFormatError, match="looks like text; give the file the extension"):
        dan.convert(text)  # text named .docx can still be read as text
    assert "plain words" in dan.convert(text, "text").chunks[0]
