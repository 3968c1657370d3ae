"""Fixtures of the MCP suite: a store with documents, and the ways to reach its MCP server
(``python -m demo mcp`` on stdio, ``python -m demo serve`` with ``/mcp`` on loopback)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "server"))

from mcp_helpers import Kb, make_kb
from server_helpers import Server

#: The server's tokens: alice operates, alice-reader reads her collections, bob is someone else.
TOKENS = {
    "alice": {"subject": "alice", "role": "operator"},
    "alice-reader": {"subject": "alice", "role": "reader"},
    "bob": {"subject": "bob", "role": "operator"},
}


@pytest.fixture(scope="module")
def kb(tmp_path_factory) -> Kb:  # type: ignore[no-untyped-def]
    """A SQLite store (hashing embeddings) with alice's two sample DOCX files and a collection of bob's."""
    return make_kb(tmp_path_factory.mktemp("mcp"))


@pytest.fixture(scope="module")
def http_server(kb) -> Iterator[Server]:  # type: ignore[no-untyped-def]
    """``python -m demo serve`` on the store, on loopback, with :data:`TOKENS`."""
    s = Server(kb.dir, kb.db, ["--embeddings", "hashing", "--max-tokens", "256"], TOKENS)
    yield s
    s.stop()
