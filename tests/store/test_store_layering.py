"""The store depends on nothing above it: no module under demo/store imports from ``demo``
outside ``demo.store`` (read from the source with ``ast``, so a lazy import inside a
function counts too)."""

from __future__ import annotations

import ast
from pathlib import Path

import demo.store

STORE = Path(demo.store.__file__).parent


def _imported(source: str, package: str) -> list[tuple[int, str]]:
    """(line, module) of every import in ``source`` of a module in ``package``; ``from demo
    import x`` counts as ``demo.x``; relative imports are resolved against ``package``."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                parts = parts[: len(parts) - (node.level - 1)]
                base = ".".join(parts + ([base] if base else []))
            out += [(node.lineno, f"{base}.{alias.name}" if base == "demo" else base) for alias in node.names]
    return out


def _upward(modules: list[tuple[int, str]]) -> list[tuple[int, str]]:
    return [(n, m) for n, m in modules if (m == "demo" or m.startswith("demo.")) and not (m + ".").startswith("demo.store.")]


def test_no_store_module_imports_from_above_the_store() -> None:
    files = sorted(STORE.rglob("*.py"))
    assert len(files) > 20  # the walk found the package
    upward = {}
    for f in files:
        package = ".".join(["demo", "store", *f.relative_to(STORE).parent.parts])
        found = _upward(_imported(f.read_text(encoding="utf-8"), package))
        if found:
            upward[str(f.relative_to(STORE))] = found
    assert upward == {}


def test_the_check_sees_every_kind_of_upward_import() -> None:
    source = (
        "import demo.embeddings\nfrom demo import minilm\nfrom demo.store import text\nimport demo.storefront\n"
        "def f():\n    from demo.session import RagSession\n    from . import ask\n    from .. import app\n"
    )
    assert _upward(_imported(source, "demo.store")) == [
        (1, "demo.embeddings"),
        (2, "demo.minilm"),
        (4, "demo.storefront"),
        (6, "demo.session"),
        (8, "demo.app"),
    ]
