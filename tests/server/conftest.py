"""Fixtures of the server suite: a real ``python -m demo serve`` process on loopback."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from server_helpers import TOKENS, Server


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[Server]:  # type: ignore[no-untyped-def]
    tmp = tmp_path_factory.mktemp("server")
    s = Server(tmp, str(tmp / "knowledge.db"), ["--max-file-bytes", str(300_000), "--max-tokens", "256"], TOKENS)
    yield s
    s.stop()


@pytest.fixture
def make_server(tmp_path):  # type: ignore[no-untyped-def]
    started: list[Server] = []

    def make(db: str | None = None, extra: list[str] | None = None, tokens: dict[str, dict[str, str]] | None = TOKENS) -> Server:
        s = Server(tmp_path, db or str(tmp_path / f"kb-{len(started)}.db"), extra or [], tokens)
        started.append(s)
        return s

    yield make
    for s in started:
        s.stop()


