"""Every corpus file (../shared/corpus, when present), test fixture and demo sample either
converts with the SPEC invariants holding or raises a DanError — never another exception."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "dan"))

from helpers import CORPUS, check_invariants  # noqa: E402

import dan  # noqa: E402

SUFFIXES = {".docx", ".docm", ".dotx", ".rtf", ".html", ".htm", ".md", ".markdown", ".txt"}


def _files() -> list[Path]:
    found = []
    for root in (ROOT / "tests" / "data", ROOT / "demo" / "samples", CORPUS):
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            rel = path.relative_to(root).parts
            if path.is_file() and path.suffix.lower() in SUFFIXES and not any(p.startswith("_ref") for p in rel):
                found.append(path)
    return found


FILES = _files()


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
        return
    check_invariants(res, 512)
    json.dumps(res.records, ensure_ascii=False).encode("utf-8")
