"""Which of dan's modules run compiled (``scripts/compile.py`` builds them with mypyc).

A compiled module is an extension module beside its ``.py`` source, and Python's import
system tries extension modules before sources, so such a module is loaded compiled. This
looks at files only: it imports nothing.
"""

from __future__ import annotations

import importlib.machinery
from pathlib import Path

__all__ = ["compiled_modules", "stale_modules"]


def compiled_modules(root: Path | None = None) -> tuple[str, ...]:
    """The names of the modules of the ``dan`` package at ``root`` (by default the one
    imported) that an import would load compiled, sorted: ``("dan.pipeline.chunker", ...)``."""
    base = Path(__file__).resolve().parent if root is None else Path(root)
    found: set[str] = set()
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        for path in base.rglob(f"*{suffix}"):
            parts = path.relative_to(base).with_name(path.name[: -len(suffix)]).parts
            # dan._native__mypyc holds the compiled code of them all; it is no module of dan's
            if all(part.isidentifier() for part in parts) and not parts[-1].endswith("__mypyc"):
                found.add(".".join(("dan", *parts)))
    return tuple(sorted(found))


def stale_modules(root: Path | None = None) -> tuple[str, ...]:
    """The compiled modules of :func:`compiled_modules` whose source (``.py``, or ``.pyx``
    for the Cython ones) was changed after they were compiled, sorted: an import still
    loads the compiled module, so the change does not run until they are compiled again
    (``make compiled``) or removed (``scripts/compile.py --clean``)."""
    base = Path(__file__).resolve().parent if root is None else Path(root)
    names = set(compiled_modules(base))
    stale: set[str] = set()
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        for path in base.rglob(f"*{suffix}"):
            stem = path.relative_to(base).with_name(path.name[: -len(suffix)])
            name = ".".join(("dan", *stem.parts))
            if name not in names:
                continue
            built = path.stat().st_mtime
            for source in (base / stem).with_suffix(".py"), (base / stem).with_suffix(".pyx"):
                if source.is_file() and source.stat().st_mtime > built:
                    stale.add(name)
    return tuple(sorted(stale))
