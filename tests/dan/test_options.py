"""One options value (dan.ConvertOptions): built once, checked once, passed down; the keyword
API and the value give the same conversion."""

from __future__ import annotations

import pickle
from pathlib import Path

import attrs
import pytest

import dan
from dan.batch import _PASSED_ON
from dan.options import OPTION_NAMES, ConvertOptions, OptionKwargs, UnknownOptionError

_MD = "# Fees\n\nPay within 30 days.\n\n## Late\n\n" + "Interest accrues daily. " * 80


def test_one_list_of_options() -> None:
    assert OPTION_NAMES == tuple(a.name for a in attrs.fields(ConvertOptions))
    # the keyword form types every option but doc_type (convert's second argument)
    assert set(OptionKwargs.__annotations__) == set(OPTION_NAMES) - {"doc_type"}
    assert _PASSED_ON == frozenset(OPTION_NAMES)
    assert dan.ConvertOptions is ConvertOptions and "ConvertOptions" in dan.__all__


def test_keywords_and_the_value_convert_alike() -> None:
    by_keywords = dan.convert_string(_MD, "md", max_tokens=64, user_meta={"k": 1}, link_targets=False)
    opts = ConvertOptions(max_tokens=64, user_meta={"k": 1}, link_targets=False, doc_type="md")
    by_value = dan.convert_string(_MD, options=opts)
    assert by_value.chunks == by_keywords.chunks and by_value.records == by_keywords.records
    # keywords beside the value replace its fields
    mixed = dan.convert_string(_MD, options=ConvertOptions(max_tokens=1024), max_tokens=64, doc_type="md", user_meta={"k": 1}, link_targets=False)
    assert mixed.chunks == by_keywords.chunks
    d = dan.Dan(opts)
    d.import_string(_MD)
    assert d.get_markdown().chunks == by_keywords.chunks


def test_options_are_checked_when_built() -> None:
    with pytest.raises(dan.DanError, match="too small"):
        ConvertOptions(max_tokens=8)
    with pytest.raises(dan.UnsupportedFormatError):
        ConvertOptions(doc_type="nope")
    with pytest.raises(dan.DanError, match="1-based"):
        ConvertOptions(first_page=0)
    with pytest.raises(dan.DanError, match="ocr"):
        ConvertOptions(ocr="sometimes")
    with pytest.raises(dan.DanError, match="clashes"):
        ConvertOptions(user_meta={"doc_title": "x"})
    with pytest.raises(dan.DanError, match="join_sections"):
        ConvertOptions(join_sections="yes")  # type: ignore[arg-type]
    assert ConvertOptions(doc_type="MD").doc_type == "markdown"
    assert ConvertOptions(limits=None).limits == dan.Limits()  # type: ignore[arg-type]


def test_an_unknown_keyword_names_the_options() -> None:
    with pytest.raises(UnknownOptionError, match="max_token.*the options are max_tokens"):
        dan.convert_string("x", max_token=64)  # type: ignore[call-arg]
    with pytest.raises(TypeError):  # (as Python says for an unexpected keyword)
        dan.convert(b"x", bogus=1)  # type: ignore[call-arg]
    with pytest.raises(dan.DanError, match="unknown option"):
        dan.convert_many([b"x"], bogus=1)


def test_the_value_is_frozen_and_pickles() -> None:
    opts = ConvertOptions(max_tokens=64, user_meta={"a": "b"}, field_labels={dan.ChunkField.DOC_TITLE: "title"})
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        opts.max_tokens = 32  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(opts)) == opts


def test_dan_setters_build_a_new_checked_value() -> None:
    d = dan.Dan(max_tokens=64)
    first = d.options
    d.max_tokens = 128
    assert d.options.max_tokens == 128 and first.max_tokens == 64
    with pytest.raises(dan.DanError):
        d.max_tokens = 3
    d.override_field_name("doc_title", "title")
    assert d.options.field_labels[dan.ChunkField.DOC_TITLE] == "title"


def test_filename_for_bytes_reads_them_as_that_file(tmp_path: Path) -> None:
    data = b"Alpha beta gamma.\n\nDelta epsilon.\n"
    path = tmp_path / "Quarterly notes.txt"
    path.write_bytes(data)
    from_path = dan.convert(path, max_tokens=64)
    from_bytes = dan.convert(data, max_tokens=64, filename="Quarterly notes.txt")
    assert from_bytes.chunks == from_path.chunks and from_bytes.records == from_path.records
    assert from_bytes.doc_title == "Quarterly notes"
    # the extension helps detection as it does for a path
    md = dan.convert(b"# Head\n\ntext", filename="a.md")
    assert "section_path: Head" in md.chunks[0]
    assert "section_path" not in dan.convert(b"# Head\n\ntext", filename="a.txt").chunks[0]
    with pytest.raises(dan.DanError, match="filename= names bytes"):
        dan.convert(path, filename="other.txt")
