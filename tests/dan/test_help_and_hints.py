"""Help texts and hints true to the code: the formats come from dan's one list, the install
hint from how danven is installed, an empty file says it is empty."""

from __future__ import annotations

import importlib.metadata
import json

import pytest

import dan
from dan import cli as dan_cli
from dan import install
from dan.detect import DOC_TYPES, doc_type_names, extensions, format_names
from dan.readers import FORMATS


def test_the_format_names_are_the_readers_list() -> None:
    assert DOC_TYPES is FORMATS and "pdf" in DOC_TYPES
    assert format_names() == "DOCX, RTF, PDF, HTML, Markdown, text, XLSX, CSV, PPTX, EML, MSG, EPUB, ODT, PNG/JPEG/TIFF (OCR)"
    assert doc_type_names().startswith("docx (docm, dotx, dotm), rtf, pdf, html (htm, xhtml), markdown (md), text (txt), xlsx")
    assert all(kind in doc_type_names() for kind in FORMATS)
    assert ".pdf" in extensions() and extensions()[0] == ".docx"


def test_dan_help_and_doc_type_help_list_every_format(capsys: pytest.CaptureFixture[str]) -> None:
    assert dan_cli.main(["--help"]) == 0
    top = " ".join(capsys.readouterr().out.split())
    assert f"Convert documents ({format_names()})" in top and "PDF" in top
    assert dan_cli.main(["convert", "--help"]) == 0
    conv = " ".join(capsys.readouterr().out.split())
    assert f"force the format: {doc_type_names()}; default: detect" in conv


def test_an_unknown_doc_type_lists_every_format() -> None:
    with pytest.raises(dan.UnsupportedFormatError, match=r"use one of docx \(docm, dotx, dotm\), rtf, pdf, html") as err:
        dan.convert_string("x", doc_type="numbers")
    # (the advice holds in Python and on the command line: no "None")
    assert str(err.value).endswith(", or leave it out to detect the format")


@pytest.mark.parametrize(("name", "data", "looks"), [("page.docx", b"<html><body><p>Hi</p></body></html>", "HTML"),
                                                      ("notes.pdf", b"Plain notes, not a PDF.", "text")])
def test_a_file_that_is_not_what_its_name_says_gets_advice_that_works_everywhere(name: str, data: bytes, looks: str) -> None:
    """The store's uploads and `demo ingest` take no format option: renaming the file is the
    advice that works there; the SDK's and the CLI's way to force the format are named too."""
    with pytest.raises(dan.UnsupportedFormatError) as err:
        dan.convert(data, filename=name)
    assert str(err.value).endswith(
        f"it looks like {looks}; give the file the extension of that format, or convert it as that format "
        "(doc_type in Python, --doc-type on the command line)"
    )


@pytest.mark.parametrize("name", ["empty.docx", "empty.pdf"])
def test_an_empty_word_or_pdf_file_says_it_is_empty(tmp_path, name: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / name
    path.write_bytes(b"")
    with pytest.raises(dan.UnsupportedFormatError) as err:
        dan.convert(path)
    assert str(err.value) == f"{name!r} is empty (0 bytes): it holds no document; save or export the file again"


class _Dist:
    def __init__(self, direct_url: str | None) -> None:
        self._text = direct_url

    def read_text(self, name: str) -> str | None:
        return self._text if name == "direct_url.json" else None


@pytest.mark.parametrize(
    "found,editable",
    [
        (_Dist(None), False),  # a wheel from the index: no direct_url.json
        (_Dist(json.dumps({"url": "file:///w/danven-0.1.0-py3-none-any.whl", "archive_info": {}})), False),
        (_Dist(json.dumps({"url": "file:///work/main", "dir_info": {"editable": True}})), True),
        (_Dist(json.dumps({"url": "file:///work/main", "dir_info": {}})), False),  # pip install . (not editable)
        (_Dist("not json"), False),
        (None, True),  # not installed: run from a checkout
    ],
)
def test_the_install_hint_matches_the_installation(monkeypatch: pytest.MonkeyPatch, found: _Dist | None, editable: bool) -> None:
    def distribution(name: str) -> _Dist:
        assert name == "danven"
        if found is None:
            raise importlib.metadata.PackageNotFoundError(name)
        return found

    monkeypatch.setattr(importlib.metadata, "distribution", distribution)
    install.editable_install.cache_clear()
    try:
        assert install.editable_install() is editable
        expected = "pip install -e '.[embeddings]'" if editable else 'pip install "danven[embeddings]"'
        assert install.install_hint("embeddings") == expected
    finally:
        install.editable_install.cache_clear()


@pytest.mark.parametrize("wanted", ["xlsx", "pptx", "epub", "odt"])
def test_a_word_document_forced_to_another_zip_format_is_refused_not_read_empty(wanted: str) -> None:
    """An SDK review: DOCX bytes with doc_type='xlsx' converted 'ok' to nothing."""
    from pathlib import Path

    docx = (Path(__file__).resolve().parents[2] / "demo" / "samples" / "msa-northwind-cranepoint.docx").read_bytes()
    with pytest.raises(dan.UnsupportedFormatError) as err:
        dan.convert(docx, doc_type=wanted)
    assert str(err.value) == (f"doc_type={wanted!r} but the zip is a Word document (DOCX): "
                              "leave doc_type out to read it as that")
    assert len(dan.convert(docx, doc_type="docx").chunks) > 0
