"""The store's side of dan's one options value and one registry of formats (kept here, not
in tests/dan: they need the demo extra, which the other interpreters' legs of CI do not
install)."""

from __future__ import annotations

from pathlib import Path

import pytest

from dan.formats import REGISTRY
from dan.options import ConvertOptions

ALL_EXTENSIONS = tuple(ext for f in REGISTRY for ext in f.extensions)


def test_the_store_imports_every_extension_of_the_registry(tmp_path: Path) -> None:
    from demo.store.imports import SUPPORTED_SUFFIXES, read_directory

    assert SUPPORTED_SUFFIXES == ALL_EXTENSIONS
    for ext in ALL_EXTENSIONS:
        (tmp_path / f"file{ext.upper()}").write_bytes(b"x")
    (tmp_path / "file.exe").write_bytes(b"x")
    read = {name: reason for name, _data, reason in read_directory(str(tmp_path), 1000)}
    assert {n for n, reason in read.items() if not reason} == {f"file{e.upper()}" for e in ALL_EXTENSIONS}
    assert read["file.exe"].startswith("not a format dan reads")
    # (the three extensions the store once left out)
    assert {".dotm", ".mdown", ".mkd"} <= set(SUPPORTED_SUFFIXES)


def test_a_store_upload_is_not_written_to_a_temporary_file(monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    from demo.store.ingest import convert_source
    from demo.store.options import StoreOptions

    def refuse(*_a: object, **_k: object) -> None:
        raise AssertionError("a temporary file was made")

    monkeypatch.setattr(tempfile, "TemporaryDirectory", refuse)
    monkeypatch.setattr(tempfile, "mkstemp", refuse)
    converted = convert_source("Payment notes.txt", b"Pay within 30 days.\n", "D1", StoreOptions())
    assert converted.title == "Payment notes" and converted.doc_key == "D1"
    assert StoreOptions(max_tokens=64).convert_options() == ConvertOptions(
        max_tokens=64, limits=StoreOptions().dan_limits()
    )


def test_the_new_formats_are_in_the_one_list_of_extensions() -> None:
    """(from tests/dan/test_sheets.py, which the other interpreters' legs run without numpy)"""
    from demo.store.imports import SUPPORTED_SUFFIXES

    from dan.detect import SUFFIXES
    from dan.inputs import _SUFFIXES

    assert SUPPORTED_SUFFIXES is SUFFIXES and tuple(_SUFFIXES) == SUFFIXES
    for suffix in (".xlsx", ".xlsm", ".csv", ".tsv", ".pptx", ".eml", ".epub", ".odt"):
        assert suffix in SUFFIXES
    page = Path(__file__).resolve().parents[2] / "demo" / "server" / "static" / "index.html"
    assert f'accept="{",".join(SUFFIXES)}"' in page.read_text(encoding="utf-8")
