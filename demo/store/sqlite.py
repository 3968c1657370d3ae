"""The embedded backend: one SQLite file in WAL mode, FTS5 for keyword search, vectors in numpy.

* Full text: an external-content FTS5 table over ``passages.text`` (Porter stemming over
  ``unicode61``, diacritics folded), kept in step by triggers; ranked by FTS5's ``bm25``.
* Vectors: float32 blobs in ``passages.embedding``; semantic search scores them exactly
  with numpy (:mod:`demo.store.vectors` keeps each collection's matrix in memory).
* Writers take ``BEGIN IMMEDIATE``; readers see one snapshot per transaction (WAL), so a
  search never sees half of an activation.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from demo.store.db import Backend, PassageRow, Scope, Tx
from demo.store.errors import ConflictError, StoreError, StoreUnavailableError
from demo.store.vectors import VectorIndex

__all__ = ["SQLiteBackend"]

SCHEMA_VERSION = "1"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS collections (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    owner TEXT NOT NULL,
    created REAL NOT NULL,
    generation INTEGER NOT NULL DEFAULT 0,
    index_text TEXT NOT NULL DEFAULT '',
    index_tokens INTEGER NOT NULL DEFAULT 0,
    UNIQUE (owner, name_key)
);
CREATE TABLE IF NOT EXISTS documents (
    id TEXT PRIMARY KEY,
    collection_id TEXT NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
    file_name TEXT NOT NULL,
    active_version_id TEXT,
    created REAL NOT NULL,
    UNIQUE (collection_id, file_name)
);
CREATE TABLE IF NOT EXISTS versions (
    id TEXT PRIMARY KEY,
    document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    collection_id TEXT NOT NULL,
    state TEXT NOT NULL,
    job_seq INTEGER NOT NULL,
    hash TEXT NOT NULL,
    config TEXT NOT NULL,
    size INTEGER NOT NULL,
    content BLOB,
    doc_key TEXT NOT NULL,
    title TEXT NOT NULL,
    chunk_count INTEGER NOT NULL,
    tokens INTEGER NOT NULL,
    embedding TEXT NOT NULL,
    index_text TEXT NOT NULL,
    index_tokens INTEGER NOT NULL,
    activated REAL,
    activated_gen INTEGER,
    retired REAL
);
CREATE INDEX IF NOT EXISTS versions_by_state ON versions (collection_id, state, activated_gen);
CREATE INDEX IF NOT EXISTS versions_by_document ON versions (document_id);
CREATE TABLE IF NOT EXISTS jobs (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    collection_id TEXT NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
    document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    file_name TEXT NOT NULL,
    kind TEXT NOT NULL,
    state TEXT NOT NULL,
    progress INTEGER NOT NULL DEFAULT 0,
    error TEXT,
    note TEXT NOT NULL DEFAULT '',
    version_id TEXT,
    hash TEXT NOT NULL,
    size INTEGER NOT NULL,
    content BLOB,
    attempts INTEGER NOT NULL DEFAULT 0,
    worker TEXT,
    heartbeat REAL,
    created REAL NOT NULL,
    updated REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS jobs_by_state ON jobs (state, seq);
CREATE INDEX IF NOT EXISTS jobs_by_collection ON jobs (collection_id, seq);
CREATE INDEX IF NOT EXISTS jobs_by_document ON jobs (document_id, state);
CREATE TABLE IF NOT EXISTS passages (
    pk INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    collection_id TEXT NOT NULL,
    document_id TEXT NOT NULL,
    version_id TEXT NOT NULL REFERENCES versions(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    text TEXT NOT NULL,
    record TEXT NOT NULL,
    tokens INTEGER NOT NULL,
    embedding BLOB,
    UNIQUE (version_id, seq)
);
CREATE INDEX IF NOT EXISTS passages_by_document ON passages (collection_id, document_id);
CREATE VIRTUAL TABLE IF NOT EXISTS passage_fts USING fts5(
    text, content='passages', content_rowid='pk', tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER IF NOT EXISTS passages_fts_insert AFTER INSERT ON passages BEGIN
    INSERT INTO passage_fts (rowid, text) VALUES (new.pk, new.text);
END;
CREATE TRIGGER IF NOT EXISTS passages_fts_delete AFTER DELETE ON passages BEGIN
    INSERT INTO passage_fts (passage_fts, rowid, text) VALUES ('delete', old.pk, old.text);
END;
"""


class _SQLiteTx(Tx):
    __slots__ = ("_conn",)

    def __init__(self, conn: sqlite3.Connection) -> None:
        self._conn = conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with _errors():
            return self._conn.execute(sql, params).rowcount

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with _errors():
            self._conn.executemany(sql, rows)

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with _errors():
            return self._conn.execute(sql, params).fetchall()


@contextmanager
def _errors() -> Iterator[None]:
    """Driver errors as store errors (busy/disk: unavailable; a constraint: a conflict)."""
    try:
        yield
    except sqlite3.OperationalError as exc:
        raise _unavailable(exc) from exc
    except sqlite3.IntegrityError as exc:
        raise ConflictError(f"the change conflicts with stored data ({exc}): reload and try again") from exc


def _unavailable(exc: sqlite3.OperationalError) -> StoreError:
    text = str(exc)
    if "locked" in text or "busy" in text:
        return StoreUnavailableError(f"the database is busy ({text}): another process holds a long write; try again")
    if "disk" in text or "readonly" in text or "unable to open" in text:
        return StoreUnavailableError(f"the database cannot be written ({text}): check disk space and permissions")
    return StoreError(f"database error: {text}")


class SQLiteBackend(Backend):
    """A SQLite database file (created lazily, private to its owner, WAL + FTS5)."""

    dialect = "sqlite"

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__()
        self.path = str(Path(path).expanduser().absolute())
        self.vectors = VectorIndex()
        self._prepare_file()

    def _prepare_file(self) -> None:
        parent = Path(self.path).parent
        try:
            parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            if not os.path.exists(self.path):
                # Private from the first byte: the database holds users' documents.
                fd = os.open(self.path, os.O_CREAT | os.O_WRONLY, 0o600)
                os.close(fd)
        except OSError as exc:
            raise StoreUnavailableError(f"cannot create the database {self.path!r}: {exc.strerror}") from exc

    def _connect(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False, timeout=30)
            conn.execute("PRAGMA busy_timeout = 30000")
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            conn.execute("PRAGMA synchronous = NORMAL")
            conn.execute("PRAGMA foreign_keys = ON")
        except sqlite3.DatabaseError as exc:
            raise StoreUnavailableError(f"cannot open {self.path!r} as a SQLite database: {exc}") from exc
        if str(mode).lower() != "wal":
            raise StoreUnavailableError(f"{self.path!r} cannot use WAL journaling (got {mode!r}): use a local disk")
        return conn

    def _tx(self, conn: sqlite3.Connection) -> Tx:
        return _SQLiteTx(conn)

    def _begin(self, conn: sqlite3.Connection, write: bool) -> None:
        try:
            conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
        except sqlite3.OperationalError as exc:
            raise _unavailable(exc) from exc

    def create_schema(self) -> None:
        conn = self._conn()
        try:
            names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "meta" in names:
                found = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
                if found is None or found[0] != SCHEMA_VERSION:
                    raise StoreError(
                        f"{self.path!r} has knowledge-store schema {found[0] if found else 'unknown'!r}, this version "
                        f"reads {SCHEMA_VERSION!r}: open it with the version that made it, or start a new database"
                    )
                return
            if names:
                raise StoreError(f"{self.path!r} is a SQLite database of another application: choose another file")
            conn.execute("BEGIN IMMEDIATE")
            try:
                for statement in _statements(_SCHEMA):
                    conn.execute(statement)
                conn.execute("INSERT INTO meta (key, value) VALUES ('schema', ?)", (SCHEMA_VERSION,))
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        except sqlite3.OperationalError as exc:
            if "fts5" in str(exc).lower():
                raise StoreUnavailableError(f"this Python's SQLite has no FTS5 ({exc}): use a build with FTS5") from exc
            raise _unavailable(exc) from exc
        except sqlite3.DatabaseError as exc:
            raise StoreUnavailableError(f"cannot open {self.path!r} as a SQLite database: {exc}") from exc

    def claim_next_job(self, tx: Tx) -> tuple[Any, ...] | None:
        return tx.one("SELECT seq, id FROM jobs WHERE state = 'queued' ORDER BY seq LIMIT 1")

    def insert_passages(self, tx: Tx, rows: Sequence[PassageRow], vectors: np.ndarray | None, identity: str) -> None:
        blobs: list[bytes | None] = [None] * len(rows)
        if vectors is not None:
            blobs = [np.ascontiguousarray(v, dtype="<f4").tobytes() for v in vectors]
        tx.executemany(
            "INSERT INTO passages (id, collection_id, document_id, version_id, seq, text, record, tokens, embedding) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (r.id, r.collection_id, r.document_id, r.version_id, r.seq, r.text, r.record, r.tokens, b)
                for r, b in zip(rows, blobs)
            ],
        )

    def keyword(self, tx: Tx, scope: Scope, terms: Sequence[str], n: int) -> list[tuple[int, float]]:
        if not terms:
            return []
        # Every term is a quoted FTS5 string ("" escapes a quote): no query syntax can pass.
        match = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)
        where, params = self.scope_sql(scope)
        rows = tx.rows(
            "SELECT p.pk, bm25(passage_fts) AS r FROM passage_fts JOIN passages p ON p.pk = passage_fts.rowid "
            f"WHERE passage_fts MATCH ? AND {where} ORDER BY r, p.pk LIMIT ?",
            [match, *params, n],
        )
        return [(int(pk), -float(r)) for pk, r in rows]

    def semantic(self, tx: Tx, scope: Scope, query: np.ndarray, identity: str, n: int) -> list[tuple[int, float]]:
        return self.vectors.search(tx, self, scope, query, identity, n)

    def record_filter(self, key: str, value: str | int) -> tuple[str, list[Any]]:
        # json_extract returns the value with its JSON type, so 3 never equals "3".
        return "json_extract(p.record, ?) = ?", [f'$."{key}"', value]

    def backup(self, path: str) -> None:
        """A consistent copy through SQLite's online backup (never a copy of the live file)."""
        dest_path = str(Path(path).expanduser().absolute())
        if dest_path == self.path:
            raise StoreError("the backup must go to another file than the database itself")
        try:
            dest = sqlite3.connect(dest_path)
            try:
                self._conn().backup(dest)
            finally:
                dest.close()
            os.chmod(dest_path, 0o600)
        except (sqlite3.Error, OSError) as exc:
            raise StoreError(f"the backup to {dest_path!r} failed: {exc}") from exc


def _statements(script: str) -> list[str]:
    """Statements of the schema script (triggers keep their inner semicolons)."""
    out: list[str] = []
    buf: list[str] = []
    for line in script.strip().splitlines():
        buf.append(line)
        text = "\n".join(buf).strip()
        if text.endswith(";") and sqlite3.complete_statement(text):
            out.append(text)
            buf = []
    return out
