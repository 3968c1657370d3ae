"""How to install an optional extra of the ``danven`` distribution, worded for this installation.

A wheel install (``pip install danven``) is told ``pip install "danven[extra]"``; an editable
install of a checkout (``pip install -e .``), or a checkout run without installing, is told
``pip install -e '.[extra]'`` — what each can actually run.
"""

from __future__ import annotations

import functools
import importlib.metadata
import json

__all__ = ["DISTRIBUTION", "editable_install", "install_hint"]

#: The distribution's name on the package index.
DISTRIBUTION = "danven"


@functools.lru_cache(maxsize=1)
def editable_install() -> bool:
    """Whether this code runs from a checkout: an editable install (PEP 660's ``direct_url.json``
    says ``editable``) or no installed distribution at all."""
    try:
        dist = importlib.metadata.distribution(DISTRIBUTION)
    except importlib.metadata.PackageNotFoundError:
        return True
    text = dist.read_text("direct_url.json")
    if not text:
        return False
    try:
        info = json.loads(text)
    except ValueError:
        return False
    dir_info = info.get("dir_info") if isinstance(info, dict) else None
    return isinstance(dir_info, dict) and dir_info.get("editable") is True


def install_hint(extra: str) -> str:
    """The command that installs ``extra`` here: ``pip install "danven[extra]"`` or, from a
    checkout, ``pip install -e '.[extra]'``."""
    if editable_install():
        return f"pip install -e '.[{extra}]'"
    return f'pip install "{DISTRIBUTION}[{extra}]"'
