"""FILE arguments to the files they name: directories (every supported file under them),
glob patterns (for shells that did not expand them) and plain paths. Shared by ``dan
convert`` and the LangChain loader."""

from __future__ import annotations

import glob
import os
import re
from collections.abc import Sequence
from pathlib import Path

from dan.detect import EXTENSIONS as _SUFFIXES  # (from the one registry, dan.formats)

__all__ = ["expand_inputs"]

_GLOB_CHARS = re.compile(r"[*?\[]")


def _supported(path: Path) -> bool:
    return path.suffix.lower() in _SUFFIXES


def _walk(root: Path) -> list[Path]:
    found: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        for name in sorted(filenames):
            p = Path(dirpath, name)
            if not name.startswith(".") and _supported(p):
                found.append(p)
    return found


def expand_inputs(
    args: Sequence[str],
) -> tuple[list[tuple[Path, Path | None]], list[tuple[str, str]]]:
    """Resolve FILE arguments to ``(path, base)`` pairs and ``(argument, problem)`` errors.

    A directory contributes every supported file under it (``base`` = the directory, so
    outputs keep their relative path); a glob pattern (for shells that did not expand
    it) its matches that are files, sorted; anything else is taken as a file path.
    Duplicates are kept once, first occurrence wins. A pattern or directory that
    matches nothing gives an error; a missing file is reported by its conversion.
    """
    pairs: list[tuple[Path, Path | None]] = []
    errors: list[tuple[str, str]] = []
    seen: set[str] = set()

    def add(path: Path, base: Path | None) -> None:
        key = os.path.normcase(os.path.abspath(path))
        if key not in seen:
            seen.add(key)
            pairs.append((path, base))

    for arg in args:
        p = Path(arg)
        if p.is_dir():
            files = _walk(p)
            if not files:
                errors.append(
                    (arg, f"no files with a supported extension ({' '.join(sorted(_SUFFIXES))})")
                )
            for f in files:
                add(f, p)
        elif p.exists() or not _GLOB_CHARS.search(arg):
            add(p, None)  # a missing file is reported by the conversion, in its place
        else:
            matches = sorted(m for m in glob.glob(arg, recursive=True) if os.path.isfile(m))
            if not matches:
                errors.append((arg, "the pattern matches no file"))
            for m in matches:
                add(Path(m), None)
    return pairs, errors
