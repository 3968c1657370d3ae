"""The sample documents the demo ships, reachable from any directory.

    from demo.samples import path, paths
    dan.convert(path("msa-northwind-cranepoint.docx"))
    [p.name for p in paths()]
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["DIR", "names", "path", "paths"]

#: Where the samples are (inside the installed ``demo`` package).
DIR = Path(__file__).resolve().parent


def names() -> list[str]:
    """The samples' file names, sorted."""
    return sorted(p.name for p in DIR.iterdir() if p.is_file() and not p.name.startswith((".", "_")))


def paths() -> list[Path]:
    """Every sample's path, sorted by name."""
    return [DIR / name for name in names()]


def path(name: str) -> Path:
    """The path of the sample called ``name`` (``KeyError`` naming the samples there are)."""
    if name not in names():
        raise KeyError(f"no sample called {name!r}; the samples are: {', '.join(names())}")
    return DIR / name
