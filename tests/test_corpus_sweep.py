"""Every corpus file (../shared/corpus, when present), test fixture and demo sample either
converts with the SPEC invariants holding or raises a DanError — never another exception.

Each outcome is also compared with ``tests/data/golden.json`` (a SHA-256 of the chunks and
records, or the error's class), as are the benchmark documents: a change that alters any
output fails here. After an intended change, rewrite the file with
``DAN_UPDATE_GOLDEN=1 python -m pytest tests/test_corpus_sweep.py`` and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "dan"))

from helpers import CORPUS, check_invariants  # noqa: E402

import dan  # noqa: E402

SUFFIXES = {".docx", ".docm", ".dotx", ".rtf", ".pdf", ".html", ".htm", ".md", ".markdown", ".txt"}
ROOTS = {"tests-data": ROOT / "tests" / "data", "samples": ROOT / "demo" / "samples", "corpus": CORPUS}
GOLDEN_FILE = ROOT / "tests" / "data" / "golden.json"
GOLDEN: dict[str, str] = json.loads(GOLDEN_FILE.read_text(encoding="utf-8")) if GOLDEN_FILE.is_file() else {}
UPDATE = os.environ.get("DAN_UPDATE_GOLDEN") == "1"
_seen: dict[str, str] = {}


def _files() -> list[Path]:
    found = []
    for root in ROOTS.values():
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root).parts
            if path.is_file() and path.suffix.lower() in SUFFIXES and not any(p.startswith("_ref") for p in rel):
                found.append(path)
    return found


FILES = _files()


def _key(path: Path) -> str:
    for label, root in ROOTS.items():
        if root in path.parents:
            return f"{label}/{path.relative_to(root).as_posix()}"
    raise AssertionError(path)


def digest(res: Any) -> str:
    """SHA-256 of a conversion's chunks and records (canonical JSON)."""
    body = json.dumps({"chunks": list(res.chunks), "records": res.records}, ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def check_golden(key: str, value: str) -> None:
    """``value`` must be the recorded outcome of ``key`` (recorded instead with DAN_UPDATE_GOLDEN=1)."""
    _seen[key] = value
    if UPDATE:
        return
    assert key in GOLDEN, f"{key} has no recorded output: run DAN_UPDATE_GOLDEN=1 python -m pytest tests/test_corpus_sweep.py"
    assert GOLDEN[key] == value, f"the output of {key} changed (recorded {GOLDEN[key][:16]}…, now {value[:16]}…)"


@pytest.fixture(scope="module", autouse=True)
def _write_golden() -> Iterator[None]:
    yield
    if UPDATE:
        merged = {**GOLDEN, **_seen} if not CORPUS.is_dir() else dict(_seen)
        GOLDEN_FILE.write_text(json.dumps(dict(sorted(merged.items())), indent=0) + "\n", encoding="utf-8")


def test_sweep_covers_the_fixtures_and_samples():
    assert sum(1 for f in FILES if "demo" in f.parts) >= 8
    assert sum(1 for f in FILES if "tests" in f.parts) >= 5
    if CORPUS.is_dir():
        assert sum(1 for f in FILES if CORPUS in f.parents) >= 200


@pytest.mark.parametrize("path", FILES, ids=[str(f.relative_to(f.parents[2])) for f in FILES])
def test_converts_with_invariants_or_raises_dan_error(path: Path):
    try:
        res = dan.convert(path, max_tokens=512)
    except dan.DanError as exc:
        assert str(exc)
        check_golden(_key(path), f"error:{type(exc).__name__}")
        return
    check_invariants(res, 512)
    json.dumps(res.records, ensure_ascii=False).encode("utf-8")
    check_golden(_key(path), digest(res))


def _benchmark_documents() -> list[tuple[str, bytes, str]]:
    """The benchmark suites' generated documents: (key, data, format)."""
    sys.path.insert(0, str(ROOT))
    from benchmarks import gen_docx, gen_markdown
    from benchmarks.quality.collection import build_collection

    docs = [(f"quality/{it.name}", it.data, it.doc.fmt) for it in build_collection()]
    docs.append(("bench/gen_docx-40-pages.docx", gen_docx.build(pages=40), "docx"))
    docs.append(("bench/gen_markdown-0.2mb.md", gen_markdown.build(mb=0.2).encode("utf-8"), "markdown"))
    return docs


@pytest.mark.parametrize("max_tokens", [256, 1024])
def test_benchmark_documents_convert_as_recorded(max_tokens: int) -> None:
    for key, data, fmt in _benchmark_documents():
        res = dan.convert(data, fmt, max_tokens=max_tokens)
        check_invariants(res, max_tokens)
        check_golden(f"{key}@{max_tokens}", digest(res))


def test_every_recorded_output_is_still_produced() -> None:
    """Run last in this module: a recorded file that no longer exists is a stale record."""
    if UPDATE or not CORPUS.is_dir():
        pytest.skip("only with the corpus present and when not recording")
    missing = sorted(k for k in GOLDEN if k not in _seen)
    assert not missing, f"recorded outputs nobody produced: {missing[:5]}"
