"""Shared helpers for dan's tests."""

from __future__ import annotations

import importlib
import os
import re
from pathlib import Path
from types import ModuleType

import pytest

from dan.tokenizer import encoding

SHARED = Path(__file__).resolve().parents[3] / "shared"
CORPUS = SHARED / "corpus"
#: Small input files the tests use (tests/data).
DATA = Path(__file__).resolve().parents[1] / "data"
HEADER_RE = re.compile(r"\A\[[^\n]*\]\n\n")


#: Set (to 1) by ``.ci/run``'s compiled step: a C extension that does not import is then a
#: failure, not a skip, so a compiled leg that silently ran as Python cannot pass.
REQUIRE_COMPILED = os.environ.get("DAN_REQUIRE_COMPILED") == "1"


def compiled_module(name: str, reason: str) -> ModuleType:
    """The C extension ``name`` (built by ``scripts/compile.py``): skips the calling module's
    tests when it is not built, or fails them when ``DAN_REQUIRE_COMPILED=1``."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        if REQUIRE_COMPILED:
            pytest.fail(f"{name} does not import in the compiled leg ({exc}): {reason}", pytrace=False)
        pytest.skip(f"{name}: {reason}", allow_module_level=True)


def exact_tokens(text: str) -> int:
    return len(encoding().encode(text, disallowed_special=()))


def body_of(chunk: str) -> str:
    """The chunk text after its citation header."""
    assert HEADER_RE.match(chunk), f"chunk does not start with a citation header: {chunk[:80]!r}"
    return chunk.split("\n\n", 1)[1]


def check_invariants(res, max_tokens: int) -> None:
    """The SPEC invariants every conversion result must satisfy."""
    n = len(res.chunks)
    records = res.records
    assert len(records) == n
    for i, (text, rec) in enumerate(zip(res.chunks, records)):
        assert rec["ssSeq"] == i
        assert rec["ssCount"] == n
        tokens = exact_tokens(text)
        assert tokens <= max_tokens, f"chunk {i} has {tokens} > {max_tokens} tokens"
        assert rec["ssTokens"] == tokens
        for key, value in rec.items():
            assert isinstance(key, str)
            assert type(value) in (str, int), f"{key} is {type(value).__name__}"
        assert rec["ssPage"] >= 1 and rec["ssPageLast"] >= rec["ssPage"]
        assert rec["ssSect"] >= 1 and rec["ssSectLast"] >= rec["ssSect"]
        assert rec["ssDocId"] == res.doc_id and rec["ssTitle"] == res.doc_title
        assert body_of(text).strip(), f"chunk {i} has an empty body"
        text.encode("utf-8")  # no lone surrogates
    types = [r["ssType"] for r in records]
    order = {"body": 0, "header": 1, "footer": 2, "footnote": 3}
    assert [order[t] for t in types] == sorted(order[t] for t in types)


