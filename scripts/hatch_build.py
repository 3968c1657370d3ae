"""The wheel's build hook: ``pip install`` gets the compiled build when it can.

hatchling runs this for every wheel it builds (``pip install .``, ``pip install danven``
from the source distribution, ``pip wheel``) and for the editable install
(``pip install -e .``, ``make demo``, ``make test``). It compiles dan's hot modules with
mypyc and its Cython extensions, as ``scripts/compile.py`` does:

- a wheel: in a copy of the sources; the extension modules go into the wheel beside the
  ``.py`` sources, which makes it a platform wheel (``cp311-cp311-linux_x86_64``);
- an editable install: in place, beside the sources (``git`` ignores them; ``make clean`` or
  ``scripts/compile.py --clean`` removes them).

When it cannot — no C compiler, no ``Python.h``, the compile fails — or when ``DAN_PURE=1``
is set, the install is the pure-Python build and the hook says so in one line (``pip``
shows a build's output with ``-v``; ``dan --version`` tells either way). The install never
fails for the compiled build's sake. The build requirements (``[build-system] requires``)
hold everything the compile needs but the C compiler.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


def _compile_script(root: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location("_dan_compile", root / "scripts" / "compile.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _say(line: str) -> None:
    # one line on stderr: pip shows it with -v, and in the log of a failed install
    print(f"danven: {line}", file=sys.stderr, flush=True)


class CompiledBuildHook(BuildHookInterface):  # type: ignore[misc]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        root = Path(self.root)
        compile_script = _compile_script(root)
        editable = version == "editable"
        if compile_script.pure_requested():
            if editable:
                compile_script.clean(root)
            _say(f"{compile_script.PURE_ENV} is set: installing the pure-Python build")
            return
        why = compile_script.cannot_compile()
        if why is not None:
            if editable:
                compile_script.clean(root)
            _say(f"{why}: installing the pure-Python build (docs/compiled.md)")
            return
        self._workdir: Path | None = None
        try:
            if editable:
                built = compile_script.build(root)
                where = root
            else:
                self._workdir = Path(tempfile.mkdtemp(prefix="danven-wheel-"))
                compile_script.copy_sources(root, self._workdir)
                built = compile_script.build(self._workdir)
                where = self._workdir
        except (SystemExit, Exception) as exc:  # noqa: BLE001 - any failure means the pure build
            first = next((line for line in str(exc).splitlines() if line.strip()), type(exc).__name__)
            if editable:
                compile_script.clean(root)
            self._cleanup()
            _say(f"compiling failed ({first.strip()}): installing the pure-Python build (docs/compiled.md)")
            return
        if not editable:
            for path in built:
                build_data["force_include"][str(path)] = path.relative_to(where).as_posix()
        build_data["pure_python"] = False
        build_data["infer_tag"] = True
        _say(f"compiled {len(built) - 1} modules with mypyc and Cython: installing the compiled build")

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        self._cleanup()

    def _cleanup(self) -> None:
        workdir = getattr(self, "_workdir", None)
        if workdir is not None:
            shutil.rmtree(workdir, ignore_errors=True)
            self._workdir = None
