"""The wheel's build hook (scripts/hatch_build.py): compiled when it can, pure Python when it
cannot or when DAN_PURE is set, never a failed install, one line saying which.

The compile itself is replaced here (it takes minutes); scripts/check_dist.py builds and
installs the real sdist and wheel (a CI step, .ci/run).
"""

from __future__ import annotations

import importlib.util
import sys
import types
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "scripts"))

import compile as compile_script  # noqa: E402


def _hook_module() -> types.ModuleType:
    """scripts/hatch_build.py, with a stand-in for hatchling's base class where hatchling is
    not installed (the hook uses only ``self.root`` of it, where hatchling is installed too; the stand-in is gone from
    ``sys.modules`` afterwards, so no other test takes it for hatchling)."""
    stubs: dict[str, types.ModuleType] = {}
    if importlib.util.find_spec("hatchling") is None:
        names = ("hatchling", "hatchling.builders", "hatchling.builders.hooks", "hatchling.builders.hooks.plugin")
        stubs = {name: types.ModuleType(name) for name in names}
        interface = types.ModuleType("hatchling.builders.hooks.plugin.interface")

        class BuildHookInterface:
            def __init__(self, root: str, *args: Any, **kwargs: Any) -> None:
                self.root = root

        interface.BuildHookInterface = BuildHookInterface  # type: ignore[attr-defined]
        stubs[interface.__name__] = interface
    sys.modules.update(stubs)
    try:
        spec = importlib.util.spec_from_file_location("_hatch_build_under_test", ROOT / "scripts" / "hatch_build.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        for name in stubs:
            del sys.modules[name]
    return module


class _Run:
    """Runs the hook's ``initialize`` on a fake source tree with the compile replaced."""

    def __init__(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.root = tmp_path / "src"
        for module in (*compile_script.MODULES, *compile_script.CYTHON):
            (self.root / module).parent.mkdir(parents=True, exist_ok=True)
            (self.root / module).write_text("", encoding="utf-8")
        (self.root / "ven").mkdir()
        (self.root / "scripts").mkdir()
        (self.root / "scripts" / "compile.py").write_text((ROOT / "scripts" / "compile.py").read_text(encoding="utf-8"), encoding="utf-8")
        self.monkeypatch = monkeypatch
        self.hook_module = _hook_module()
        self.builds: list[Path] = []
        self.cannot: str | None = None
        self.fail: BaseException | None = None
        real_loader = self.hook_module._compile_script

        def loader(root: Path) -> types.ModuleType:
            module = real_loader(root)
            module.cannot_compile = lambda: self.cannot  # type: ignore[attr-defined]
            module.build = self._build  # type: ignore[attr-defined]
            return module

        monkeypatch.setattr(self.hook_module, "_compile_script", loader)

    def _build(self, root: Path) -> list[Path]:
        self.builds.append(root)
        if self.fail is not None:
            raise self.fail
        made = [root / f for f in compile_script.expected_files()]
        for f in made:
            f.write_bytes(b"")
        return made

    def __call__(self, version: str) -> dict[str, Any]:
        # hatchling's arguments: root, config, build_config, metadata, directory, target_name
        hook = self.hook_module.CompiledBuildHook(str(self.root), {}, None, None, str(self.root / "dist"), "wheel")
        data: dict[str, Any] = {"force_include": {}, "pure_python": True, "infer_tag": False}
        hook.initialize(version, data)
        self.hook = hook
        return data


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> _Run:
    monkeypatch.delenv(compile_script.PURE_ENV, raising=False)
    return _Run(tmp_path, monkeypatch)


def test_a_wheel_is_compiled_in_a_copy_and_holds_every_extension_module(run: _Run, capsys) -> None:
    data = run("standard")
    (where,) = run.builds
    assert where != run.root and (where / "dan").is_dir() and (where / "ven").is_dir()
    assert sorted(data["force_include"].values()) == sorted(compile_script.expected_files())
    assert data["pure_python"] is False and data["infer_tag"] is True
    assert compile_script.compiled_files(run.root) == []  # the sources are left as they were
    line = capsys.readouterr().err.strip()
    assert line.startswith("danven: compiled ") and line.endswith("installing the compiled build")
    run.hook.finalize("standard", data, "x.whl")
    assert not where.exists()


def test_an_editable_install_is_compiled_in_place(run: _Run) -> None:
    data = run("editable")
    assert run.builds == [run.root]
    assert data["force_include"] == {} and data["pure_python"] is False


@pytest.mark.parametrize("value", ["1", "yes", "true"])
def test_dan_pure_installs_the_pure_build_and_removes_in_place_modules(run: _Run, capsys, value: str) -> None:
    run.monkeypatch.setenv(compile_script.PURE_ENV, value)
    stale = run.root / compile_script.expected_files()[0]
    stale.write_bytes(b"")
    for version in ("standard", "editable"):
        data = run(version)
        assert data == {"force_include": {}, "pure_python": True, "infer_tag": False}
    assert run.builds == [] and not stale.exists()
    lines = capsys.readouterr().err.strip().splitlines()
    assert lines == ["danven: DAN_PURE is set: installing the pure-Python build"] * 2


@pytest.mark.parametrize("value", ["", "0", "no", "false"])
def test_dan_pure_off(value: str) -> None:
    assert not compile_script.pure_requested({compile_script.PURE_ENV: value})
    assert not compile_script.pure_requested({})


def test_without_a_compiler_the_install_is_pure_and_says_why_in_one_line(run: _Run, capsys) -> None:
    run.cannot = "no C compiler (cc: not found)"
    data = run("standard")
    assert run.builds == [] and data["pure_python"] is True and data["force_include"] == {}
    assert capsys.readouterr().err.splitlines() == [
        "danven: no C compiler (cc: not found): installing the pure-Python build (docs/compiled.md)"
    ]


@pytest.mark.parametrize("error", [SystemExit("mypyc failed (exit 1):\nerror: dan/x.py:1: ..."), OSError("disk full")])
def test_a_failed_compile_falls_back_to_the_pure_build(run: _Run, capsys, error: BaseException) -> None:
    run.fail = error
    for version in ("standard", "editable"):
        data = run(version)
        assert data["pure_python"] is True and data["force_include"] == {}
        assert getattr(run.hook, "_workdir", None) is None  # the copy is removed
    assert compile_script.compiled_files(run.root) == []
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 2 and all(line.startswith("danven: compiling failed (") for line in lines)
    assert all(line.endswith("installing the pure-Python build (docs/compiled.md)") for line in lines)


def test_cannot_compile_names_a_missing_compiler(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", str(Path("/nonexistent/cc")))
    why = compile_script.cannot_compile()
    if why is not None and why.startswith("the build tools"):
        pytest.skip(why)
    assert why is not None and "/nonexistent/cc" in why


def test_cannot_compile_rejects_a_compiler_that_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC", "false")
    why = compile_script.cannot_compile()
    assert why is not None and ("false" in why or why.startswith("the build tools"))


def test_the_build_requirements_hold_what_compiling_needs() -> None:
    import tomllib

    requires = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["build-system"]["requires"]
    names = {r.split(">")[0].split("<")[0].split("=")[0].strip().lower() for r in requires}
    assert names >= {"hatchling", *compile_script.NEEDS.values(), "attrs"}
