"""One registry of formats (dan.formats.REGISTRY): every consumer that lists formats —
the readers' lookup, detection, the CLI's help and directory walk, the loaders, the demo
store's import_directory, the web page's upload hint and GET /api/formats — agrees with it."""

from __future__ import annotations

import io
import re
import zipfile
from pathlib import Path

import pytest

from dan import detect, formats
from dan.cli import build_parser
from dan.formats import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
ALL_EXTENSIONS = tuple(ext for f in REGISTRY for ext in f.extensions)


def test_the_registry_is_well_formed() -> None:
    names = [f.name for f in REGISTRY]
    assert len(set(names)) == len(names)
    assert len(set(ALL_EXTENSIONS)) == len(ALL_EXTENSIONS)
    for f in REGISTRY:
        assert f.extensions and all(e.startswith(".") and e == e.lower() for e in f.extensions)
        assert f.mime_types and all(re.fullmatch(r"[a-z]+/[\w.+-]+", m) for m in f.mime_types)
        assert not f.mimetype_part or f.zipped
        assert formats.by_name(f.name) is f
        for ext in f.extensions:
            assert formats.by_extension(ext.upper()) is f and formats.by_extension(ext[1:]) is f
        for mime in f.mime_types:
            assert formats.by_mime_type(mime.upper() + "; charset=utf-8") is f
    assert formats.by_extension(".exe") is None and formats.by_mime_type("application/x-nope") is None


def test_the_readers_and_detection_read_the_registry() -> None:
    from dan.readers import _READERS, FORMATS

    assert FORMATS == tuple(f.name for f in REGISTRY) == detect.DOC_TYPES
    assert _READERS == {f.name: f.reader for f in REGISTRY}
    assert detect.EXTENSIONS == {ext: f.name for f in REGISTRY for ext in f.extensions}
    assert detect.SUFFIXES == ALL_EXTENSIONS == detect.extensions()
    assert detect.ZIP_FORMATS == tuple(f.name for f in REGISTRY if f.zipped)
    assert detect.format_names() == ", ".join(f.label for f in REGISTRY)
    for f in REGISTRY:
        for alias in (f.name, *f.aliases, *(e[1:] for e in f.extensions if e[1:] in f.aliases)):
            assert detect.normalize_doc_type(alias.upper()) == f.name


@pytest.mark.parametrize("fmt", [f for f in REGISTRY if f.mimetype_part], ids=lambda f: f.name)
def test_a_package_is_known_by_each_mimetype_of_its_format(fmt: formats.Format) -> None:
    for mime in fmt.mime_types:
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w") as zf:
            zf.writestr(zipfile.ZipInfo("mimetype"), mime)
            zf.writestr("content.xml", "<x/>")
        assert detect.detect(buf.getvalue()) == fmt.name


def test_text_formats_are_detected_by_every_extension() -> None:
    for f in REGISTRY:
        if f.zipped or f.name in ("pdf", "image", "rtf", "msg"):
            continue  # (detected by content; an extension alone never makes one)
        for ext in f.extensions:
            assert detect.detect(b"plain words\n", filename=f"a{ext.upper()}") == f.name


def test_the_cli_help_and_walk_read_the_registry(tmp_path: Path) -> None:
    from dan.inputs import expand_inputs

    convert = build_parser()._subparsers._group_actions[0].choices["convert"]  # type: ignore[union-attr]
    doc_type_help = next(a.help for a in convert._actions if a.dest == "doc_type")
    assert doc_type_help is not None
    for f in REGISTRY:
        assert f.name in doc_type_help and all(a in doc_type_help for a in f.aliases)
    for ext in ALL_EXTENSIONS:
        (tmp_path / f"file{ext}").write_bytes(b"x")
    (tmp_path / "file.exe").write_bytes(b"x")
    pairs, problems = expand_inputs([str(tmp_path)])
    assert not problems
    assert sorted(p.suffix for p, _ in pairs) == sorted(ALL_EXTENSIONS)


def test_the_loaders_read_the_registry(tmp_path: Path) -> None:
    from dan.integrations.sources import source_paths

    for ext in ALL_EXTENSIONS:
        (tmp_path / f"file{ext}").write_bytes(b"x")
    (tmp_path / "notes.bak").write_bytes(b"x")
    found = source_paths(str(tmp_path), "test")
    assert sorted(Path(p).suffix for p in found) == sorted(ALL_EXTENSIONS)


def test_the_web_page_reads_the_registry() -> None:
    page = (ROOT / "demo" / "server" / "static" / "index.html").read_text(encoding="utf-8")
    assert f'accept="{",".join(ALL_EXTENSIONS)}"' in page  # (what the page shows before /api/formats)
    assert f'<small id="formats">{detect.format_names()} — several at once</small>' in page
    # (GET /api/formats, which the page reads at start, is checked against the registry in
    # tests/server/test_api.py::test_health_openapi_docs_and_page_need_no_token)
