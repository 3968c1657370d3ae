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
    (tmp_path / "pipeline").mkdir()
    (tmp_path / "pipeline" / "chunker.py").write_text("", encoding="utf-8")
    (tmp_path / "pipeline" / f"chunker{SUFFIX}").write_bytes(b"")
    (tmp_path / "readers" / "rtf" / f"reader{SUFFIX}").write_bytes(b"")
    (tmp_path / f"_native__mypyc{SUFFIX}").write_bytes(b"")  # the shared code, no module
    (tmp_path / f"not-a-module{SUFFIX}").write_bytes(b"")
    (tmp_path / "pipeline" / "render.py").write_text("", encoding="utf-8")
    assert compiled_modules(tmp_path) == ("dan.pipeline.chunker", "dan.readers.rtf.reader")


def test_a_tree_of_sources_only_has_none(tmp_path: Path) -> None:
    (tmp_path / "chunker.py").write_text("", encoding="utf-8")
    assert compiled_modules(tmp_path) == ()


def test_the_modules_it_names_are_the_ones_imported_compiled() -> None:
    names = compiled_modules()
    for name in names:
        assert importlib.import_module(name).__file__.endswith(SUFFIX), name
    # and a module it does not name is imported from its source
    for name in ("dan.pipeline.chunker", "dan.pipeline.render", "dan.converter"):
        if name not in names:
            assert importlib.import_module(name).__file__.endswith(".py"), name


def test_version_says_whether_it_runs_compiled(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    out = capsys.readouterr().out.strip()
    count = len(compiled_modules())
    assert out.startswith("dan ")
    assert out.endswith(f"(compiled: {count} modules)" if count else "(compiled: no)")


def test_a_module_whose_source_changed_after_compiling_is_stale(tmp_path: Path) -> None:
    import os

    from dan.native import stale_modules

    (tmp_path / "readers" / "docx").mkdir(parents=True)
    (tmp_path / "pipeline").mkdir()
    files = {
        "pipeline/chunker.py": 100, f"pipeline/chunker{SUFFIX}": 200,  # compiled after its source changed
        "pipeline/render.py": 300, f"pipeline/render{SUFFIX}": 200,  # the source changed since
        "readers/docx/_cwalk.pyx": 300, f"readers/docx/_cwalk{SUFFIX}": 200,  # a Cython one
        f"_native__mypyc{SUFFIX}": 50,  # the shared code: no module of its own
    }
    for name, when in files.items():
        (tmp_path / name).write_bytes(b"")
        os.utime(tmp_path / name, (when, when))
    assert stale_modules(tmp_path) == ("dan.pipeline.render", "dan.readers.docx._cwalk")
    os.utime(tmp_path / "pipeline" / f"render{SUFFIX}", (400, 400))
    assert stale_modules(tmp_path) == ("dan.readers.docx._cwalk",)
    assert stale_modules(tmp_path / "readers" / "nothing") == ()


def test_version_says_when_compiled_modules_are_older_than_their_sources(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import dan.cli

    monkeypatch.setattr(dan.cli, "compiled_modules", lambda: ("dan.pipeline.chunker", "dan.pipeline.render"))
    monkeypatch.setattr(dan.cli, "stale_modules", lambda: ("dan.pipeline.render",))
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip().endswith("(compiled: 2 modules; 1 older than their sources: make compiled)")
    monkeypatch.setattr(dan.cli, "stale_modules", lambda: ())
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.strip().endswith("(compiled: 2 modules)")
