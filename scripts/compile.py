"""Compile dan's pipeline and hot modules with mypyc, and its Cython extensions, beside their sources.

    python scripts/compile.py            # compile the modules of MODULES in place
    python scripts/compile.py --clean    # remove the compiled modules again
    python scripts/compile.py --list     # print the modules and whether each is compiled
    python scripts/compile.py --into DIR # compile a copy of dan and ven in DIR instead
    python scripts/compile.py --root DIR # act on the dan sources under DIR instead
    python scripts/compile.py --check    # say whether this machine can compile (exit 1 if not)
    python scripts/compile.py --status   # one line: which build this checkout runs, and why

``pip install`` and ``pip install -e`` run the same build through the wheel's build hook
(``scripts/hatch_build.py``): compiled when a C compiler is present, pure Python when not
or when ``DAN_PURE=1`` is set.

Python imports an extension module before a ``.py`` file of the same name, so a compiled
``dan/pipeline/render.cpython-311-x86_64-linux-gnu.so`` replaces ``dan/pipeline/render.py``
and removing it brings the pure-Python module back: the sources stay the fallback and the
reference, and both builds must give byte-identical output (CI runs the test suite against each).
``dan --version`` says how many modules are compiled.

The Cython extensions of :data:`CYTHON` have no ``.py`` twin: the module that imports one
falls back to its own Python code when it is missing (the DOCX reader's walk of simple
paragraphs and table rows, ``dan/readers/docx/_cwalk.pyx``; the scan for cross-reference
mentions, ``dan/pipeline/_cscan.pyx``; the o200k counter, ``dan/_ccount.pyx``; the PDF
reader's loop over a page's characters, ``dan/readers/pdf/_clines.pyx``), so the same holds
for them.

The compiled code is specific to this interpreter version and platform; compile again after
upgrading Python (or lxml, whose C API the Cython extensions use). Needs ``mypy`` and
``cython`` (both in the ``dev`` extra) and a C compiler.
"""

from __future__ import annotations

import argparse
import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _modules_of(package: str) -> tuple[str, ...]:
    """Every module of the folder ``dan/<package>/`` (sub-packages included) but its
    ``__init__.py`` files (docstrings and ``__all__``: nothing to compile), sorted, spelled
    as :data:`MODULES` spells them."""
    base = ROOT / "dan" / package
    return tuple(sorted(p.relative_to(ROOT).as_posix() for p in base.rglob("*.py") if p.name != "__init__.py"))


#: Modules whose compiled code measured no gain, left to Python to save build time (each
#: costs its C file's compile on every install): on the benchmark documents (300-page DOCX,
#: 1 MB of Markdown, 2 MB of HTML and of RTF; max_tokens 1024 and 256) none of them took
#: more than 0.7 % of the pure-Python build's time, so compiling it cannot gain more (the
#: splitter runs only for a unit longer than a chunk). Together they were 13 of the 32
#: mypyc modules and about a fifth of the build's C compile time.
PYTHON_ONLY = (
    "dan/pipeline/splitter.py",
    "dan/textclean.py",
    "dan/fields.py",
    "dan/readers/text.py",
    "dan/readers/numerals.py",
    "dan/readers/docx/reader.py",
    "dan/readers/docx/numbering.py",
    "dan/readers/docx/styles.py",
    "dan/readers/docx/comments.py",
    "dan/readers/html/style.py",
    "dan/readers/html/encoding.py",
    "dan/readers/rtf/tokens.py",
    "dan/readers/rtf/codepages.py",
)
#: The pipeline's modules: every module of ``dan/pipeline/`` (model to records, run for every
#: unit and chunk) but those of :data:`PYTHON_ONLY`, so a stage added there is compiled
#: without being listed.
PIPELINE = tuple(m for m in _modules_of("pipeline") if m not in PYTHON_ONLY)
#: The readers' hot loops, by hand: not "every module of ``dan/readers/``". These are the
#: ones compiled since the compiled build began (loops run per run, per element, per RTF
#: token) less those of :data:`PYTHON_ONLY`; most of the readers' modules never were (the
#: PDF reader's per-character loop is a Cython extension, the mail, zip and spreadsheet
#: readers' time is the standard library's and lxml's) and none of those has been built or
#: tested under mypyc, and ``dan.readers.docx.ooxml`` must stay Python (its tag names are
#: attributes made on first use). Deriving the list from the folder would add some forty
#: untried modules to the compiled build. ``dan.model`` and ``dan.names`` stay Python
#: (attrs fields with defaults do not compile), as does everything that runs once per
#: document (converter, CLI, batch, integrations).
READERS = (
    "dan/readers/markdown/reader.py",
    "dan/readers/markdown/tables.py",
    "dan/readers/docx/body.py",
    "dan/readers/html/build.py",
    "dan/readers/html/tree.py",
    "dan/readers/html/main_content.py",
    "dan/readers/rtf/reader.py",
    "dan/readers/rtf/inline.py",
    "dan/readers/rtf/story.py",
    "dan/readers/rtf/tables.py",
)
#: The modules compiled with mypyc: the pipeline and the readers' hot loops.
MODULES = (*PIPELINE, *READERS)
#: C extensions written in Cython: the ``.pyx`` sources built with them. Each is imported
#: by a module that keeps a pure-Python path for when it is not built (the DOCX reader's
#: walk of simple paragraphs and table rows; the scan for cross-reference mentions; the
#: token counter; the PDF reader's loop over a page's characters), so the same tests run
#: against both builds.
CYTHON = ("dan/readers/docx/_cwalk.pyx", "dan/pipeline/_cscan.pyx", "dan/_ccount.pyx", "dan/readers/pdf/_clines.pyx")
#: The module (inside the package, so it travels with it) that holds the compiled code of
#: every module: ``dan/_native__mypyc<EXT_SUFFIX>``.
GROUP = "dan._native"
_SUFFIX = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
#: The environment variable that turns the compiled build off for ``pip install``: set to
#: anything but ``""``, ``0``, ``false`` or ``no``, the install is the pure-Python one.
PURE_ENV = "DAN_PURE"
#: What compiling needs besides a C compiler (the wheel's build requirements hold them all).
NEEDS = {"mypyc": "mypy", "Cython": "cython", "setuptools": "setuptools", "lxml": "lxml"}


def pure_requested(environ: "os._Environ[str] | dict[str, str] | None" = None) -> bool:
    """Whether :data:`PURE_ENV` asks for the pure-Python build."""
    value = (os.environ if environ is None else environ).get(PURE_ENV, "")
    return value.strip().lower() not in ("", "0", "false", "no")


def cannot_compile() -> str | None:
    """Why this interpreter cannot build the extensions (one line), or None when it can:
    the build tools must import and the C compiler Python was built with (or ``$CC``) must
    compile a file that includes ``Python.h``. Windows has no such variable (setuptools
    finds MSVC itself), so there only the build itself tells."""
    import importlib.util

    lacking = [pkg for mod, pkg in NEEDS.items() if importlib.util.find_spec(mod) is None]
    if lacking:
        return f"the build tools are not installed ({', '.join(lacking)})"
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC")
    if not cc:
        return None
    include = sysconfig.get_paths()["include"]
    with tempfile.TemporaryDirectory(prefix="dan-cc-") as tmp:
        (Path(tmp) / "probe.c").write_text("#include <Python.h>\nint dan_probe(void) { return 0; }\n", encoding="utf-8")
        try:
            proc = subprocess.run(
                [*shlex.split(cc), "-c", "probe.c", "-o", "probe.o", f"-I{include}"],
                cwd=tmp,
                capture_output=True,
                text=True,
                timeout=120,
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            return f"no C compiler ({cc}: {exc})"
        if proc.returncode != 0:
            said = next((line.strip() for line in (proc.stderr + proc.stdout).splitlines() if line.strip()), "")
            return f"the C compiler ({cc}) cannot build against Python.h: {said or f'exit {proc.returncode}'}"
    return None


#: The build script run in a copy of the sources. mypyc writes one C file per module
#: (``multi_file``) and they are compiled at once, as many at a time as there are CPUs
#: (distutils compiles an extension's files one after another; with one 20 MB C file,
#: compiling took most of two minutes). Without debug information, and mypyc's C at
#: ``-O1``: gcc took 31 s of CPU for it instead of 53 s at ``-O3``, and the conversions
#: took the same CPU time (DOCX, Markdown, HTML and RTF, within 3 %: see the commit that
#: made it so). The Cython extensions keep ``-O3`` (their loops are the C).
SETUP = """\
import os
from concurrent.futures import ThreadPoolExecutor

import lxml
import setuptools
from Cython.Build import cythonize
from distutils import ccompiler
from mypyc.build import mypycify
from setuptools import Extension, setup


def _compile(self, sources, output_dir=None, macros=None, include_dirs=None, debug=0,
             extra_preargs=None, extra_postargs=None, depends=None):
    macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
        output_dir, macros, include_dirs, sources, depends, extra_postargs)
    cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)
    todo = [(obj, *build[obj]) for obj in objects if obj in build]
    with ThreadPoolExecutor({jobs}) as pool:
        for _ in pool.map(lambda t: self._compile(t[0], t[1], t[2], cc_args, extra_postargs, pp_opts), todo):
            pass
    return objects


ccompiler.CCompiler.compile = _compile  # MSVC's compiler has its own compile(): left as it is
native = mypycify({modules!r}, opt_level="1", debug_level="0", multi_file=True, group_name={group!r})
for ext in native:  # multi_file writes the group's header under build/dan, which mypyc does not add
    ext.include_dirs.append(os.path.join("build", *{group!r}.split(".")[:-1]))
# the Cython extensions read lxml's nodes through lxml's public C API and headers
nodebug = [] if os.name == "nt" else ["-g0"]
c = [Extension(name, [src], include_dirs=lxml.get_include(), extra_compile_args=nodebug) for name, src in {cython!r}]
setup(name="dan-native", packages=[], py_modules=[],
      ext_modules=native + cythonize(c, quiet=True, compiler_directives={{"language_level": 3}}))
"""


def jobs() -> int:
    """How many C files the build compiles at a time: the CPUs this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


def extension(root: Path, module: str) -> Path:
    """Where the compiled ``module`` (a path of :data:`MODULES` or :data:`CYTHON`) goes
    under ``root``."""
    return root / (module.rsplit(".", 1)[0] + _SUFFIX)


def compiled_files(root: Path) -> list[Path]:
    """The extension modules a build put under ``root`` (the modules', the Cython ones' and
    the group's), or an earlier build did."""
    # (with those of PYTHON_ONLY, which earlier builds compiled: cleaning removes them too,
    # or an editable install of an older checkout would keep loading their old code)
    found = [extension(root, m) for m in (*MODULES, *CYTHON, *PYTHON_ONLY)]
    found.append(root / (GROUP.replace(".", "/") + f"__mypyc{_SUFFIX}"))
    return [f for f in found if f.exists()]


def expected_files() -> list[str]:
    """The paths (relative, ``/``-separated) of every extension module a complete build makes."""
    names = [extension(Path(), m).as_posix() for m in (*MODULES, *CYTHON)]
    return [*names, GROUP.replace(".", "/") + f"__mypyc{_SUFFIX}"]


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
        # dan imports ven: mypy reads its sources too (not some installed copy, nor none)
        if (root / "ven").is_dir():
            shutil.copytree(root / "ven", Path(tmp) / "ven", ignore=shutil.ignore_patterns("__pycache__", "*.so"))
        setup = Path(tmp) / "setup.py"
        cython = [(m[: -len(".pyx")].replace("/", "."), m) for m in CYTHON]
        setup.write_text(
            SETUP.format(modules=list(MODULES), group=GROUP, cython=cython, jobs=jobs()),
            encoding="utf-8",
        )
        env = {**os.environ, "MYPY_CACHE_DIR": str(Path(tmp) / ".mypy_cache")}
        proc = subprocess.run(
            [sys.executable, "setup.py", "build_ext", "--inplace", "--parallel", str(jobs())],
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


def status(root: Path) -> str:
    """One line: whether the dan under ``root`` runs compiled and, if not, why."""
    modules = [f for f in compiled_files(root) if not f.name.startswith(GROUP.rsplit(".", 1)[1] + "__mypyc")]
    if modules:
        return f"dan runs compiled ({len(modules)} extension modules)"
    if pure_requested():
        return f"dan runs pure Python: {PURE_ENV} is set"
    why = cannot_compile()
    if why is not None:
        return f"dan runs pure Python: {why} (docs/compiled.md)"
    return "dan runs pure Python; this machine can compile it: make compiled"


def copy_sources(src: Path, dest: Path) -> None:
    """Copy the ``dan`` and ``ven`` packages of ``src`` into ``dest`` (replacing them), without
    compiled modules or caches."""
    for pkg in ("dan", "ven"):
        if (dest / pkg).exists():
            shutil.rmtree(dest / pkg)
        shutil.copytree(src / pkg, dest / pkg, ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    g = p.add_mutually_exclusive_group()
    g.add_argument("--clean", action="store_true", help="remove the compiled modules")
    g.add_argument("--list", action="store_true", help="print the modules and which are compiled")
    g.add_argument("--check", action="store_true", help="say whether this machine can compile them")
    g.add_argument("--status", action="store_true", help="say in one line which build runs here, and why")
    where = p.add_mutually_exclusive_group()
    where.add_argument("--into", type=Path, help="copy dan and ven into this directory and compile the copy")
    where.add_argument("--root", type=Path, help="act on the dan sources under this directory (default: this checkout)")
    args = p.parse_args(argv)
    root = ROOT if args.root is None else args.root.resolve()
    if args.status:
        print(status(root))
        return 0
    if args.check:
        why = cannot_compile()
        print("this machine can compile dan's extensions" if why is None else f"cannot compile: {why}")
        return 0 if why is None else 1
    if args.into is not None:
        root = args.into.resolve()
        copy_sources(ROOT, root)
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
