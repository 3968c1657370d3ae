"""scripts/compile.py: what it compiles, lists and cleans. The build itself (mypyc, two to
three minutes) runs in CI's compiled step (``.ci/run``), which then runs the tests against it."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import compile as compile_script  # noqa: E402

SUFFIX = compile_script._SUFFIX


def _fake_tree(root: Path) -> None:
    for module in (*compile_script.MODULES, *compile_script.CYTHON):
        (root / module).parent.mkdir(parents=True, exist_ok=True)
        (root / module).write_text("", encoding="utf-8")


def test_every_module_it_compiles_exists_and_is_dans() -> None:
    assert len(set(compile_script.MODULES)) == len(compile_script.MODULES)
    for module in compile_script.MODULES:
        assert module.startswith("dan/") and (ROOT / module).is_file(), module
    assert compile_script.GROUP.startswith("dan.")
    for source in compile_script.CYTHON:
        # a Cython extension has no .py twin (its importer keeps the Python path) but a stub
        assert source.startswith("dan/") and source.endswith(".pyx") and (ROOT / source).is_file()
        assert not (ROOT / source).with_suffix(".py").exists()
        assert (ROOT / source).with_suffix(".pyi").is_file()



def test_every_module_of_the_pipeline_is_compiled() -> None:
    """The pipeline's part of the list is the folder's modules, not a hand-kept copy: a stage
    added to dan/pipeline/ is compiled without being listed (those of PYTHON_ONLY aside)."""
    pipeline = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "dan" / "pipeline").glob("*.py"))
    assert "dan/pipeline/__init__.py" in pipeline
    stages = [m for m in pipeline if not m.endswith("/__init__.py")]
    assert len(stages) >= 10 and "dan/pipeline/render.py" in stages
    assert list(compile_script.PIPELINE) == [m for m in stages if m not in compile_script.PYTHON_ONLY]
    assert set(stages) <= set(compile_script.MODULES) | set(compile_script.PYTHON_ONLY)
    assert all((ROOT / m).is_file() for m in compile_script.PYTHON_ONLY)
    # the readers' hot loops stay listed by hand (scripts/compile.py says why), all in readers/
    assert all(m.startswith("dan/readers/") for m in compile_script.READERS)
    assert "dan/readers/docx/ooxml.py" not in compile_script.MODULES

def test_compiled_files_are_the_extension_modules_beside_the_sources(tmp_path) -> None:
    _fake_tree(tmp_path)
    assert compile_script.compiled_files(tmp_path) == []
    first = compile_script.MODULES[0]
    (tmp_path / (first[: -len(".py")] + SUFFIX)).write_bytes(b"")
    assert compile_script.compiled_files(tmp_path) == [tmp_path / (first[: -len(".py")] + SUFFIX)]


def test_clean_removes_the_modules_and_the_shared_code_only(tmp_path) -> None:
    _fake_tree(tmp_path)
    built = [tmp_path / (m[: -len(".py")] + SUFFIX) for m in compile_script.MODULES[:3]]
    shared = tmp_path / (compile_script.GROUP.replace(".", "/") + f"__mypyc{SUFFIX}")
    other = tmp_path / "dan" / f"someone_elses{SUFFIX}"
    for f in (*built, shared, other):
        f.write_bytes(b"")
    assert compile_script.clean(tmp_path) == 4
    assert not any(f.exists() for f in (*built, shared))
    assert other.exists() and all((tmp_path / m).exists() for m in compile_script.MODULES)


def test_clean_removes_the_modules_earlier_builds_compiled(tmp_path) -> None:
    """A module taken out of the compiled build (PYTHON_ONLY) is still cleaned away, so an
    editable install of a checkout compiled before does not go on loading its old code."""
    _fake_tree(tmp_path)
    assert "dan/pipeline/splitter.py" in compile_script.PYTHON_ONLY
    assert not set(compile_script.PYTHON_ONLY) & set(compile_script.MODULES)
    old = tmp_path / ("dan/pipeline/splitter" + SUFFIX)
    old.write_bytes(b"")
    assert compile_script.compiled_files(tmp_path) == [old]
    assert compile_script.clean(tmp_path) == 1 and not old.exists()


def test_build_refuses_a_tree_that_is_not_dans_sources(tmp_path) -> None:
    with pytest.raises(SystemExit, match="not a dan source tree"):
        compile_script.build(tmp_path)


def test_the_list_command_says_which_modules_are_compiled(tmp_path, capsys) -> None:
    _fake_tree(tmp_path)
    # markdown/reader compiled, rtf/reader (same file name) not
    (tmp_path / ("dan/readers/markdown/reader" + SUFFIX)).write_bytes(b"")
    assert compile_script.main(["--list", "--root", str(tmp_path)]) == 0
    lines = [line.split() for line in capsys.readouterr().out.splitlines()]
    assert [module for _, module in lines] == [*compile_script.MODULES, *compile_script.CYTHON]
    state = dict((module, how) for how, module in lines)
    assert state["dan/readers/markdown/reader.py"] == "compiled"
    assert state["dan/readers/rtf/reader.py"] == "python"
    assert set(state.values()) == {"compiled", "python"}


def test_the_cython_extensions_are_compiled_files_and_are_cleaned(tmp_path) -> None:
    _fake_tree(tmp_path)
    built = [tmp_path / (source[: -len(".pyx")] + SUFFIX) for source in compile_script.CYTHON]
    for f in built:
        f.write_bytes(b"")
    assert compile_script.compiled_files(tmp_path) == built
    assert compile_script.clean(tmp_path) == len(built)
    assert not any(f.exists() for f in built)
    assert all((tmp_path / source).exists() for source in compile_script.CYTHON)


def test_build_says_what_to_install_without_cython(tmp_path, monkeypatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "Cython" else real(name, *a))
    with pytest.raises(SystemExit, match="pip install cython"):
        compile_script.build(tmp_path)


def test_build_says_what_to_install_without_mypy(tmp_path, monkeypatch) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "mypyc" else real(name, *a))
    with pytest.raises(SystemExit, match="pip install mypy"):
        compile_script.build(tmp_path)
