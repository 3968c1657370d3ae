"""Fixtures of the knowledge-store suite: every test runs on SQLite and on PostgreSQL
(the PostgreSQL fixtures, ``pg_url``, are in ``tests/conftest.py``)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from store_helpers import OPTIONS, provider

from demo.store import KnowledgeStore

@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path) -> str:  # type: ignore[no-untyped-def]
    """A fresh, empty database URL of each backend."""
    if request.param == "sqlite":
        return str(tmp_path / "knowledge.db")
    return request.getfixturevalue("pg_url")


@pytest.fixture
def store(db_url) -> Iterator[KnowledgeStore]:  # type: ignore[no-untyped-def]
    """A store with small chunks and the small hashing embedding."""
    s = KnowledgeStore(db_url, options=OPTIONS, embeddings=provider())
    yield s
    s.close()


@pytest.fixture
def make_store(db_url):  # type: ignore[no-untyped-def]
    """Open further stores on the same database (closed after the test)."""
    opened: list[KnowledgeStore] = []

    def make(**kwargs: object) -> KnowledgeStore:
        kwargs.setdefault("options", OPTIONS)
        kwargs.setdefault("embeddings", provider())
        s = KnowledgeStore(db_url, **kwargs)  # type: ignore[arg-type]
        opened.append(s)
        return s

    yield make
    for s in opened:
        s.close()
