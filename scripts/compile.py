"""Compile dan's hot modules with mypyc, and its Cython extensions, beside their sources.

    python scripts/compile.py            # compile the modules of MODULES in place
    python scripts/compile.py --clean    # remove the compiled modules again
    python scripts/compile.py --list     # print the modules and whether each is compiled
    python scripts/compile.py --into DIR # compile a copy of dan and ven in DIR instead
    python scripts/compile.py --root DIR # act on the dan sources under DIR instead

Python imports an extension module before a ``.py`` file of the same name, so a compiled
``dan/render.cpython-311-x86_64-linux-gnu.so`` replaces ``dan/render.py`` and removing it
brings the pure-Python module back: the sources stay the fallback and the reference, and
both builds must give byte-identical output (CI runs the test suite against each).
``dan --version`` says how many modules are compiled.

The Cython extensions of :data:`CYTHON` have no ``.py`` twin: the module that imports one
falls back to its own Python code when it is missing (the DOCX reader's walk of simple
paragraphs and table rows, ``dan/readers/docx/_cwalk.pyx``; the scan for cross-reference
mentions, ``dan/_cscan.pyx``; the o200k counter, ``dan/_ccount.pyx``), so the same holds
for them.

The compiled code is specific to this interpreter version and platform; compile again after
upgrading Python (or lxml, whose C API the Cython extensions use). Needs ``mypy`` and
``cython`` (both in the ``dev`` extra) and a C compiler.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The modules compiled: the shared pipeline (model to records) and the readers' hot loops.
#: ``dan.model`` and ``dan.names`` stay Python (attrs fields with defaults do not compile), as does
#: ``dan.readers.docx.ooxml`` (its tag names are attributes made on first use), and
#: everything that runs once per document (converter, CLI, batch, integrations).
MODULES = (
    "dan/render.py",
    "dan/chunker.py",
    "dan/joincount.py",
    "dan/splitter.py",
    "dan/inline.py",
    "dan/records.py",
    "dan/references.py",
    "dan/pagination.py",
    "dan/units.py",
    "dan/textclean.py",
    "dan/citation.py",
    "dan/fields.py",
    "dan/readers/text.py",
    "dan/readers/numerals.py",
    "dan/readers/markdown/reader.py",
    "dan/readers/markdown/tables.py",
    "dan/readers/docx/body.py",
    "dan/readers/docx/reader.py",
    "dan/readers/docx/numbering.py",
    "dan/readers/docx/styles.py",
    "dan/readers/docx/comments.py",
    "dan/readers/html/build.py",
    "dan/readers/html/tree.py",
    "dan/readers/html/main_content.py",
    "dan/readers/html/style.py",
    "dan/readers/html/encoding.py",
    "dan/readers/rtf/reader.py",
    "dan/readers/rtf/tokens.py",
    "dan/readers/rtf/inline.py",
    "dan/readers/rtf/story.py",
    "dan/readers/rtf/tables.py",
    "dan/readers/rtf/codepages.py",
)
#: C extensions written in Cython: the ``.pyx`` sources built with them. Each is imported
#: by a module that keeps a pure-Python path for when it is not built (the DOCX reader's
#: walk of simple paragraphs and table rows; the scan for cross-reference mentions; the
#: token counter), so the same tests run against both builds.
CYTHON = ("dan/readers/docx/_cwalk.pyx", "dan/_cscan.pyx", "dan/_ccount.pyx")
#: The module (inside the package, so it travels with it) that holds the compiled code of
#: every module: ``dan/_native__mypyc<EXT_SUFFIX>``.
GROUP = "dan._native"
_SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"


def extension(root: Path, module: str) -> Path:
    """Where the compiled ``module`` (a path of :data:`MODULES` or :data:`CYTHON`) goes
    under ``root``."""
    return root / (module.rsplit(".", 1)[0] + _SUFFIX)


def compiled_files(root: Path) -> list[Path]:
    """The extension modules a build put under ``root`` (the modules', the Cython ones' and
    the group's)."""
    found = [extension(root, m) for m in (*MODULES, *CYTHON)]
    found.append(root / (GROUP.replace(".", "/") + f"__mypyc{_SUFFIX}"))
    return [f for f in found if f.exists()]


def clean(root: Path) -> int:
    """Remove the compiled modules under ``root``; the number removed."""
    files = compiled_files(root)
    for f in files:
        f.unlink()
    return len(files)


def build(root: Path) -> list[Path]:
    """Compile :data:`MODULES` of the ``dan`` package under ``root`` in place."""
    import importlib.util

    if importlib.util.find_spec("mypyc") is None:
        raise SystemExit("compiling needs mypy (which ships mypyc): pip install mypy, or make test's dev extra")
    if importlib.util.find_spec("Cython") is None:
        raise SystemExit("compiling needs Cython: pip install cython, or make test's dev extra")
    missing = [m for m in (*MODULES, *CYTHON) if not (root / m).is_file()]
    if missing:
        raise SystemExit(f"not a dan source tree ({root}): missing {', '.join(missing)}")
    clean(root)
    with tempfile.TemporaryDirectory(prefix="dan-mypyc-") as tmp:
        # mypyc runs mypy on the sources: the project's mypy settings (missing stubs of
        # lxml and the rest are not errors), written where the build runs.
        (Path(tmp) / "mypy.ini").write_text(
            "[mypy]\npython_version = {}.{}\nignore_missing_imports = True\nwarn_unused_ignores = False\n".format(
                *sys.version_info[:2]
            ),
            encoding="utf-8",
        )
        shutil.copytree(root / "dan", Path(tmp) / "dan", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        setup = Path(tmp) / "setup.py"
        # the Cython extensions read lxml's nodes through lxml's public C API and headers
        cython = [(m[: -len(".pyx")].replace("/", "."), m) for m in CYTHON]
        setup.write_text(
            "import lxml\n"
            "from Cython.Build import cythonize\n"
            "from setuptools import Extension, setup\n"
            "from mypyc.build import mypycify\n"
            f"native = mypycify({list(MODULES)!r}, opt_level='3', group_name={GROUP!r})\n"
            f"c = [Extension(name, [src], include_dirs=lxml.get_include()) for name, src in {cython!r}]\n"
            "setup(name='dan-native', packages=[], py_modules=[], "
            "ext_modules=native + cythonize(c, quiet=True, compiler_directives={'language_level': 3}))\n",
            encoding="utf-8",
        )
        env = {**os.environ, "MYPY_CACHE_DIR": str(Path(tmp) / ".mypy_cache")}
        proc = subprocess.run(
            [sys.executable, "setup.py", "build_ext", "--inplace"],
            cwd=tmp,
            env=env,
            capture_output=True,
            text=True,
        )
        if proc.returncode != 0:
            tail = "\n".join((proc.stdout + proc.stderr).splitlines()[-30:])
            raise SystemExit(f"mypyc failed (exit {proc.returncode}):\n{tail}")
        built = compiled_files(Path(tmp))
        want = len(MODULES) + len(CYTHON) + 1
        if len(built) != want:
            raise SystemExit(f"the build made {len(built)} of {want} extension modules")
        for f in built:
            shutil.copy2(f, root / f.relative_to(tmp))
    return compiled_files(root)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    g = p.add_mutually_exclusive_group()
    g.add_argument("--clean", action="store_true", help="remove the compiled modules")
    g.add_argument("--list", action="store_true", help="print the modules and which are compiled")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--into", type=Path, help="copy dan and ven into this directory and compile the copy")
    where.add_argument("--root", type=Path, help="act on the dan sources under this directory (default: this checkout)")
    args = p.parse_args(argv)
    root = ROOT if args.root is None else args.root.resolve()
    if args.into is not None:
        root = args.into.resolve()
        for pkg in ("dan", "ven"):
            if (root / pkg).exists():
                shutil.rmtree(root / pkg)
            shutil.copytree(ROOT / pkg, root / pkg, ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    if args.clean:
        print(f"removed {clean(root)} compiled module(s) under {root}")
        return 0
    if args.list:
        done = set(compiled_files(root))
        for m in (*MODULES, *CYTHON):
            print(("compiled  " if extension(root, m) in done else "python    ") + m)
        return 0
    files = build(root)
    print(f"compiled {len(files) - 1} module(s) under {root} ({GROUP}__mypyc holds their code)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
