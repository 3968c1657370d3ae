"""The embedded backend: one SQLite file in WAL mode, FTS5 for keyword search, vectors in numpy.

* Full text: one external-content FTS5 table per collection over ``passages.text``, with
  the passage's context line before it (``context || ' ' || text``, :mod:`demo.store.context`:
  FTS5 ranks by the tokens it was given and never reads them back; so FTS5's ``rebuild``
  and ``integrity-check`` commands, which read ``passages.text``, must not be run on it)
  (Porter stemming over ``unicode61``, diacritics folded), written in the activation
  transaction and ranked by FTS5's ``bm25`` — so BM25's statistics (document counts, mean
  length) are the collection's own, and scores say nothing about other collections.
* Vectors: float32 blobs in ``passages.embedding``; semantic search scores them exactly
  with numpy (:mod:`demo.store.vectors` keeps each collection's matrix in memory).
* Writers take ``BEGIN IMMEDIATE``; readers see one snapshot per transaction (WAL), so a
  search never sees half of an activation.
"""

from __future__ import annotations

import os
import re
import sqlite3
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np

from demo.store.db import MIGRATIONS as _MIGRATIONS
from demo.store.db import SCHEMA_VERSION, Backend, PassageRow, Scope, Tx
from demo.store.errors import ConflictError, StoreError, StoreUnavailableError
from demo.store.schema import job_table_sql
from demo.store.vectors import VectorIndex

__all__ = ["SQLiteBackend", "informative"]


#: Words in more than this share of a collection's passages are left out of keyword matches ...
COMMON_SHARE = 0.25
#: ... once it holds this many passages (below, every query is cheap).
PRUNE_FROM = 5000
#: At most this many of a query's words (the rarest) are matched ...
MAX_MATCH_TERMS = 32
#: ... and, past the rarest, only while the passages holding them add up to at most this many:
#: BM25 is computed for every passage a match holds, so this bounds a query's cost at any size.
MAX_POSTINGS = 40_000

_SCHEMA_TEMPLATE = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS collections (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    name_key TEXT NOT NULL,
    owner TEXT NOT NULL,
    created REAL NOT NULL,
    generation INTEGER NOT NULL DEFAULT 0,
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
    origin TEXT NOT NULL,
    job_seq INTEGER NOT NULL,
    hash TEXT NOT NULL,
    size INTEGER NOT NULL,
    doc_key TEXT NOT NULL,
    doc_key_norm TEXT NOT NULL,
    chunk_count INTEGER NOT NULL,
    tokens INTEGER NOT NULL,
    embedding TEXT NOT NULL,
    index_tokens INTEGER NOT NULL,
    activated REAL,
    activated_gen INTEGER,
    retired REAL,
    title TEXT NOT NULL,
    config TEXT NOT NULL,
    index_text TEXT NOT NULL,
    warnings TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX IF NOT EXISTS versions_by_state ON versions (collection_id, state, activated_gen);
CREATE INDEX IF NOT EXISTS versions_by_document ON versions (document_id);
CREATE INDEX IF NOT EXISTS versions_by_key ON versions (collection_id, doc_key_norm) WHERE state = 'active';
{JOBS};
CREATE INDEX IF NOT EXISTS jobs_by_state ON jobs (state, seq);
CREATE INDEX IF NOT EXISTS jobs_by_collection ON jobs (collection_id, seq);
CREATE INDEX IF NOT EXISTS jobs_by_document ON jobs (document_id, state);
CREATE TABLE IF NOT EXISTS payloads (
    owner TEXT PRIMARY KEY,
    collection_id TEXT NOT NULL,
    document_id TEXT NOT NULL,
    data BLOB NOT NULL
);
CREATE INDEX IF NOT EXISTS payloads_by_document ON payloads (collection_id, document_id);
CREATE TABLE IF NOT EXISTS passages (
    pk INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    collection_id TEXT NOT NULL,
    document_id TEXT NOT NULL,
    version_id TEXT NOT NULL REFERENCES versions(id) ON DELETE CASCADE,
    seq INTEGER NOT NULL,
    tokens INTEGER NOT NULL,
    record TEXT NOT NULL,
    text TEXT NOT NULL,
    embedding BLOB,
    context TEXT NOT NULL DEFAULT '',
    UNIQUE (version_id, seq)
);
CREATE INDEX IF NOT EXISTS passages_by_document ON passages (collection_id, document_id);
"""
#: What FTS5 indexes of a passage (:func:`demo.store.context.indexed_text` in SQL: for an
#: empty context line the same tokens as the text alone, so passages stored before schema 3
#: are forgotten as they were indexed).
_INDEXED = "(CASE WHEN context = '' THEN text ELSE context || ' ' || text END)"

#: (the jobs table from its one description, :mod:`demo.store.schema`)
_SCHEMA = _SCHEMA_TEMPLATE.replace("{JOBS}", job_table_sql("sqlite"))


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
    vectors_in_process = True

    def __init__(self, path: str | os.PathLike[str]) -> None:
        super().__init__()
        self.path = str(Path(path).expanduser().absolute())
        self.vectors = VectorIndex()
        self._terms: OrderedDict[tuple[str, str], tuple[int, int]] = OrderedDict()
        self._terms_lock = threading.Lock()
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

    def _driver_errors(self) -> Any:
        return _errors()

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
                if found is not None and found[0] in _MIGRATIONS:
                    self._migrate(conn, found[0])
                    found = (SCHEMA_VERSION,)
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

    @staticmethod
    def _migrate(conn: sqlite3.Connection, version: str) -> None:
        """Bring a database of schema ``version`` to :data:`SCHEMA_VERSION` (one transaction;
        another process migrating at the same time is waited for, then nothing is left to do)."""
        conn.execute("BEGIN IMMEDIATE")
        try:
            now = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
            if now is not None and now[0] == version:
                for statement in _MIGRATIONS[version]:
                    conn.execute(statement)
                conn.execute("UPDATE meta SET value = ? WHERE key = 'schema'", (SCHEMA_VERSION,))
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def claim_next_job(self, tx: Tx) -> tuple[Any, ...] | None:
        return tx.one("SELECT seq, id FROM jobs WHERE state = 'queued' ORDER BY seq LIMIT 1")

    def insert_passages(self, tx: Tx, rows: Sequence[PassageRow], vectors: np.ndarray | None, identity: str) -> None:
        blobs: list[bytes | None] = [None] * len(rows)
        if vectors is not None:
            blobs = [np.ascontiguousarray(v, dtype="<f4").tobytes() for v in vectors]
        tx.executemany(
            "INSERT INTO passages (id, collection_id, document_id, version_id, seq, tokens, record, text, embedding, context) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (r.id, r.collection_id, r.document_id, r.version_id, r.seq, r.tokens, r.record, r.text, b, r.context)
                for r, b in zip(rows, blobs)
            ],
        )
        for collection_id, version_id in sorted({(r.collection_id, r.version_id) for r in rows}):
            table = _fts_table(collection_id)
            tx.execute(
                f"CREATE VIRTUAL TABLE IF NOT EXISTS {table} USING fts5(text, content='passages', content_rowid='pk', "
                "tokenize='porter unicode61 remove_diacritics 2')"
            )
            tx.execute(f"INSERT INTO {table} (rowid, text) SELECT pk, {_INDEXED} FROM passages WHERE version_id = ?", [version_id])

    def delete_passages(self, tx: Tx, collection_id: str, *, version_id: str | None = None, document_id: str | None = None) -> None:
        table = _fts_table(collection_id)
        exists = tx.one("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [table]) is not None
        if exists and version_id is None and document_id is None:
            tx.execute(f"DROP TABLE {table}")
        elif exists:
            where, params = ("version_id = ?", [version_id]) if version_id is not None else (
                "document_id = ? AND collection_id = ?", [document_id, collection_id]
            )
            # an external-content FTS5 table forgets a row given the text it indexed
            tx.execute(f"INSERT INTO {table} ({table}, rowid, text) SELECT 'delete', pk, {_INDEXED} FROM passages WHERE {where}", params)
        super().delete_passages(tx, collection_id, version_id=version_id, document_id=document_id)

    def keyword(self, tx: Tx, scope: Scope, terms: Sequence[str], n: int) -> list[tuple[int, float]]:
        """FTS5's BM25 over the passages that hold the query's informative words.

        In a collection of ``PRUNE_FROM`` passages or more, a word in more than
        ``COMMON_SHARE`` (a quarter) of its passages is left out of the match: its IDF is small
        (FTS5's BM25 gives a word in over half of them none at all), and scoring the many
        passages that hold only such words is most of a query's time.
        Past the rarest word, words are added rarest first only while the passages holding
        them add up to at most ``MAX_POSTINGS``: FTS5 computes BM25 for every passage the
        match holds (about 0.7 µs each here), so this bounds a query's cost whatever the
        collection's size. The rarest word always stays, so a query never loses every term.
        ``docs/store.md`` has what these rules cost in recall and gain in time at 100,000
        passages.
        """
        if not terms:
            return []
        table = _fts_table(scope.collection_id)
        if tx.one("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?", [table]) is None:
            return []  # the collection has never held a passage
        kept = list(terms)
        total = self.active_set(tx, scope.collection_id).chunks
        if total >= PRUNE_FROM:
            # Counts are cached and may be a little old: they only decide what to leave out.
            kept = informative(terms, self._term_counts(tx, table, terms, total), total)
        # Every term is a quoted FTS5 string ("" escapes a quote): no query syntax can pass.
        match = " OR ".join(_fts_string(t) for t in kept)
        if scope.narrowed:
            where, params = self.scope_sql(scope)
            rows = tx.rows(
                f"SELECT p.pk, bm25({table}) AS r FROM {table} JOIN passages p ON p.pk = {table}.rowid "
                f"WHERE {table} MATCH ? AND {where} ORDER BY r, p.pk LIMIT ?",
                [match, *params, n],
            )
        else:
            rows = tx.rows(f"SELECT rowid, bm25({table}) AS r FROM {table} WHERE {table} MATCH ? ORDER BY r, rowid LIMIT ?", [match, n])
        return [(int(pk), -float(r)) for pk, r in rows]

    def _term_counts(self, tx: Tx, table: str, terms: Sequence[str], total: int) -> dict[str, int]:
        """How many of the collection's passages hold each term, cached until the collection
        has grown or shrunk by a tenth."""
        out: dict[str, int] = {}
        with self._terms_lock:
            for t in terms:
                found = self._terms.get((table, t))
                if found is not None and abs(found[1] - total) <= 0.1 * max(total, 10):
                    out[t] = found[0]
        for t in terms:
            if t not in out:
                out[t] = int(tx.value(f"SELECT count(*) FROM {table} WHERE {table} MATCH ?", [_fts_string(t)]) or 0)
        with self._terms_lock:
            for t in terms:
                self._terms[(table, t)] = (out[t], total)
                self._terms.move_to_end((table, t))
            while len(self._terms) > 50_000:
                self._terms.popitem(last=False)
        return out

    def semantic(self, tx: Tx, scope: Scope, query: np.ndarray, identity: str, n: int) -> list[tuple[int, float]]:
        return self.vectors.search(tx, self, scope, query, identity, n)

    def semantic_later(
        self, tx: Tx, scope: Scope, identity: str, dims: int, n: int
    ) -> Callable[[np.ndarray], list[tuple[int, float]]]:
        return self.vectors.prepare(tx, self, scope, identity, dims, n)

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


_COLLECTION_ID = re.compile(r"^C[0-9A-F]{16}$")


def informative(terms: Sequence[str], counts: Mapping[str, int], total: int) -> list[str]:
    """The words of a query worth matching in a collection of ``total`` passages, where
    ``counts[t]`` passages hold word ``t`` (in the query's order).

    The rarest word always; then, rarest first, each word in at most ``COMMON_SHARE`` of the
    passages while the kept words' passages add up to at most ``MAX_POSTINGS`` and at most
    ``MAX_MATCH_TERMS`` words are kept.
    """
    by_rarity = sorted(dict.fromkeys(terms), key=lambda t: (counts[t], t))
    chosen = {by_rarity[0]} if by_rarity else set()
    postings = counts[by_rarity[0]] if by_rarity else 0
    for t in by_rarity[1:]:
        if len(chosen) >= MAX_MATCH_TERMS or counts[t] > COMMON_SHARE * total or postings + counts[t] > MAX_POSTINGS:
            break
        chosen.add(t)
        postings += counts[t]
    return [t for t in dict.fromkeys(terms) if t in chosen]


def _fts_table(collection_id: str) -> str:
    """The name of a collection's full-text table (the id is checked: it becomes SQL)."""
    if not _COLLECTION_ID.match(collection_id):
        raise StoreError(f"{collection_id!r} is not a collection id of this store")
    return "fts_" + collection_id.lower()


def _fts_string(term: str) -> str:
    """A term as a quoted FTS5 string ("" escapes a quote)."""
    return '"' + term.replace('"', '""') + '"'


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
