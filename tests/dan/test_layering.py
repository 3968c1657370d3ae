"""dan's layout (docs/architecture.md): the pipeline imports only the root's shared modules
(the model, errors, fields, names, the tokenizer) and ven's shared rules, never a reader or
the outer layer; the readers never import the pipeline; ven never imports dan. Read from
the sources with ``ast``, so a lazy import inside a function counts too."""

from __future__ import annotations

import ast
from pathlib import Path

import dan
import ven

DAN = Path(dan.__file__).resolve().parent
VEN = Path(ven.__file__).resolve().parent

#: What a pipeline module may import of dan's: its own package and these root modules.
PIPELINE_MAY_IMPORT = {"dan.model", "dan.errors", "dan.fields", "dan.names", "dan.tokenizer"}


def _imported(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every absolute import in ``path``; ``from dan import x`` counts as
    ``dan.x`` (x may be a module). dan and ven use no relative imports (checked here)."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path}:{node.lineno}: a relative import"
            base = node.module or ""
            out += [(node.lineno, f"{base}.{a.name}" if base in ("dan", "dan.pipeline") else base) for a in node.names]
    return out


def _dan_imports(folder: Path) -> dict[str, list[tuple[int, str]]]:
    files = sorted(folder.rglob("*.py"))
    assert files, folder
    return {str(f.relative_to(DAN.parent)): [(n, m) for n, m in _imported(f) if m == "dan" or m.startswith("dan.")] for f in files}


def test_the_pipeline_imports_only_the_shared_root_modules() -> None:
    found = _dan_imports(DAN / "pipeline")
    assert "dan/pipeline/render.py" in found and "dan/pipeline/records.py" in found
    wrong = {
        f: [(n, m) for n, m in mods if not m.startswith("dan.pipeline.") and m not in PIPELINE_MAY_IMPORT]
        for f, mods in found.items()
    }
    assert not {f: w for f, w in wrong.items() if w}


def test_the_readers_never_import_the_pipeline() -> None:
    found = _dan_imports(DAN / "readers")
    assert len(found) > 40
    wrong = {f: [(n, m) for n, m in mods if m == "dan.pipeline" or m.startswith("dan.pipeline.")] for f, mods in found.items()}
    assert not {f: w for f, w in wrong.items() if w}


def test_ven_never_imports_dan() -> None:
    files = sorted(VEN.rglob("*.py"))
    assert len(files) > 10
    wrong = {str(f): [(n, m) for n, m in _imported(f) if m == "dan" or m.startswith("dan.")] for f in files}
    assert not {f: w for f, w in wrong.items() if w}


def test_the_import_reader_sees_a_forbidden_import(tmp_path: Path) -> None:
    """The check above can fail: a module importing the converter or a reader is named."""
    bad = tmp_path / "bad.py"
    bad.write_text("from dan import converter\n\ndef f():\n    from dan.readers.docx import reader\n", encoding="utf-8")
    assert _imported(bad) == [(1, "dan.converter"), (4, "dan.readers.docx")]
