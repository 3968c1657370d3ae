"""Database URLs: a file path or ``sqlite:///path`` (embedded), or ``postgresql://…``."""

from __future__ import annotations

import os
import re
from pathlib import Path

from demo.store.db import Backend
from demo.store.errors import InvalidRequestError

__all__ = ["is_postgres_url", "open_backend", "redact", "sqlite_file"]

_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")


def is_postgres_url(url: str) -> bool:
    """Whether ``url`` names a PostgreSQL database."""
    return url.startswith(("postgresql://", "postgres://"))


def open_backend(url: str | os.PathLike[str]) -> Backend:
    """The backend for a URL (the database is created or opened lazily by the store)."""
    if isinstance(url, os.PathLike):
        url = os.fspath(url)
    if not isinstance(url, str) or not url.strip():
        raise InvalidRequestError("the database URL is empty: give a file path, sqlite:///path or postgresql://...")
    url = url.strip()
    if is_postgres_url(url):
        from demo.store.postgres import PostgresBackend

        return PostgresBackend(url)
    from demo.store.sqlite import SQLiteBackend

    return SQLiteBackend(_sqlite_path(url))


def sqlite_file(url: str | os.PathLike[str]) -> Path | None:
    """The file an embedded store's URL names (None for PostgreSQL): what a command that
    only reads checks exists, so a mistyped path is not a new, empty store."""
    url = os.fspath(url).strip()
    return None if is_postgres_url(url) else _sqlite_path(url)


def _sqlite_path(url: str) -> Path:
    if url.startswith("sqlite://"):
        path = url[len("sqlite://") :]
        if not path.startswith("/") or path == "/":
            raise InvalidRequestError(
                f"{url!r} names no file: use sqlite:///relative/path.db or sqlite:////absolute/path.db"
            )
        path = path[1:]
        if not path or path == ":memory:":
            raise InvalidRequestError("an in-memory SQLite store cannot be shared by threads: give a file path")
        return Path(path)
    found = _SCHEME.match(url)
    if found:
        raise InvalidRequestError(f"unsupported database scheme {found.group(1)!r}: use a file path, sqlite:/// or postgresql://")
    return Path(url)


def redact(url: str) -> str:
    """The URL without its password (for logs and reprs)."""
    return re.sub(r"(://[^:/@]+:)[^@]*@", r"\1***@", url)
