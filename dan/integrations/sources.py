"""The files a loader's ``sources`` name, as ``dan convert`` reads its FILE arguments: a
directory gives every supported file under it, a glob pattern its matches, a path itself.
Shared by the LangChain, LlamaIndex and Haystack integrations."""

from __future__ import annotations

import os
from collections.abc import Iterable

from dan.errors import IntegrationError
from dan.inputs import expand_inputs

__all__ = ["source_paths"]

Sources = str | os.PathLike[str] | Iterable[str | os.PathLike[str]]


def source_paths(sources: Sources, who: str, in_memory: str = "") -> list[str]:
    """The files ``sources`` name, or an ``IntegrationError`` saying what is wrong. ``who``
    names the caller in the message; ``in_memory`` names what to use for text held in
    memory instead, when there is such a thing."""
    if isinstance(sources, (bytes, bytearray)):
        hint = f"; for text held in memory use {in_memory}" if in_memory else ""
        raise IntegrationError(f"{who} takes paths{hint}")
    given = [sources] if isinstance(sources, (str, os.PathLike)) else list(sources)
    for item in given:
        if not isinstance(item, (str, os.PathLike)):
            raise IntegrationError(f"{who} takes paths, got {type(item).__name__}")
    pairs, problems = expand_inputs([os.fspath(p) for p in given])
    if problems:
        raise IntegrationError(
            "; ".join(f"{arg}: {problem}" for arg, problem in problems)
            + " (give files, directories holding supported files, or patterns that match)"
        )
    return [str(path) for path, _base in pairs]
