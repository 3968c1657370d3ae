"""dan.native.compiled_modules and ``dan --version``: which modules run compiled, read from
the files beside the sources (``scripts/compile.py`` puts mypyc's extension modules there)."""

from __future__ import annotations

import importlib
import importlib.machinery
from pathlib import Path

import pytest

from dan.cli import main
from dan.native import compiled_modules

SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def test_extension_modules_beside_sources_are_named_as_modules(tmp_path: Path) -> None:
    (tmp_path / "readers" / "rtf").mkdir(parents=True)
    (tmp_path / "chunker.py").write_text("", encoding="utf-8")
    (tmp_path / f"chunker{SUFFIX}").write_bytes(b"")
    (tmp_path / "readers" / "rtf" / f"reader{SUFFIX}").write_bytes(b"")
    (tmp_path / f"_native__mypyc{SUFFIX}").write_bytes(b"")  # the shared code, no module
    (tmp_path / f"not-a-module{SUFFIX}").write_bytes(b"")
    (tmp_path / "render.py").write_text("", encoding="utf-8")
    assert compiled_modules(tmp_path) == ("dan.chunker", "dan.readers.rtf.reader")


def test_a_tree_of_sources_only_has_none(tmp_path: Path) -> None:
    (tmp_path / "chunker.py").write_text("", encoding="utf-8")
    assert compiled_modules(tmp_path) == ()


def test_the_modules_it_names_are_the_ones_imported_compiled() -> None:
    names = compiled_modules()
    for name in names:
        assert importlib.import_module(name).__file__.endswith(SUFFIX), name
    # and a module it does not name is imported from its source
    for name in ("dan.chunker", "dan.render", "dan.converter"):
        if name not in names:
            assert importlib.import_module(name).__file__.endswith(".py"), name


def test_version_says_whether_it_runs_compiled(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    out = capsys.readouterr().out.strip()
    count = len(compiled_modules())
    assert out.startswith("dan ")
    assert out.endswith(f"(compiled: {count} modules)" if count else "(compiled: no)")
