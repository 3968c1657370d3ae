"""The database layer shared by both backends: connections per thread, transactions, scopes.

SQL in the store is written once with ``?`` placeholders; each backend runs it on its
driver. What differs between SQLite and PostgreSQL — the schema, full-text search, vectors,
claiming a job, backups — is a method of the backend (``sqlite.py``, ``postgres.py``).

Transactions: :meth:`Backend.write` is one write transaction; :meth:`Backend.read` is one
consistent snapshot (several queries see the same committed state: a search never mixes
two versions of a source). Both are re-entrant per thread, and a read inside a write uses
the write transaction.
"""

from __future__ import annotations

import abc
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np
from attrs import frozen

from demo.store.schema import job_migration

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "ActiveSet",
    "ActiveVersion",
    "Backend",
    "PassageRow",
    "Scope",
    "Tx",
    "placeholders",
]

#: The schema version both backends write and check (one value for both).
SCHEMA_VERSION = "3"

#: 3: the context line each passage is indexed with (``passages.context``, ``""`` for the
#: passages stored before: they were indexed without one, as the empty line indexes them).
_CONTEXT = ["ALTER TABLE passages ADD COLUMN context TEXT NOT NULL DEFAULT ''"]

#: How a database of an older schema version is brought to this one (in one transaction).
#: 2: dan's warnings on jobs and versions, held replacements confirmed by the user, failures' codes.
#: 3: :data:`_CONTEXT`. The jobs table's statements come from its one description
#: (:func:`demo.store.schema.job_migration`). A backend may add its own statements after
#: these (PostgreSQL's full-text column, ``postgres.py``).
MIGRATIONS = {
    "1": [
        "ALTER TABLE versions ADD COLUMN warnings TEXT NOT NULL DEFAULT '[]'",
        *job_migration("1"),
        *_CONTEXT,
    ],
    "2": [*job_migration("2"), *_CONTEXT],
}


def placeholders(n: int) -> str:
    """``?, ?, ?`` for ``n`` parameters (at least one: ``IN ()`` is not valid SQL)."""
    return ", ".join(["?"] * max(1, n))


class Tx:
    """One transaction on one connection; subclasses adapt the driver."""

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Run a statement; the number of rows it changed."""
        raise NotImplementedError

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run a statement once per row of parameters."""
        raise NotImplementedError

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """All rows of a query."""
        raise NotImplementedError

    def one(self, sql: str, params: Sequence[Any] = ()) -> tuple[Any, ...] | None:
        """The first row of a query, or None."""
        found = self.rows(sql, params)
        return found[0] if found else None

    def value(self, sql: str, params: Sequence[Any] = ()) -> Any:
        """The first column of the first row (None when there is no row)."""
        row = self.one(sql, params)
        return None if row is None else row[0]


@frozen(slots=True)
class Scope:
    """Which passages a search may return: one collection, optionally narrowed.

    ``include`` is None for every document, or the only document ids allowed (an empty
    tuple allows none); ``filters`` are ``(record field, value)`` equalities, all required.
    """

    collection_id: str
    version_id: str | None = None
    include: tuple[str, ...] | None = None
    exclude: tuple[str, ...] = ()
    filters: tuple[tuple[str, str | int], ...] = ()

    @property
    def narrowed(self) -> bool:
        """Anything beyond the collection."""
        return self.version_id is not None or self.include is not None or bool(self.exclude) or bool(self.filters)


@frozen(slots=True)
class ActiveVersion:
    """One active version of a collection, as searches and questions need it."""

    id: str
    document_id: str
    doc_key: str
    embedding: str
    file_name: str
    chunk_count: int


@frozen(slots=True)
class ActiveSet:
    """A collection's active versions at one generation, in activation order."""

    generation: int
    versions: tuple[ActiveVersion, ...]
    #: Passages of the collection.
    chunks: int = 0


@frozen(slots=True)
class PassageRow:
    """A passage as written at activation."""

    id: str
    collection_id: str
    document_id: str
    version_id: str
    seq: int
    text: str
    record: str
    tokens: int
    #: The context line indexed with the text (``""``: the text alone; :mod:`demo.store.context`).
    context: str = ""


class Backend(abc.ABC):
    """A database the store runs on."""

    #: ``sqlite`` or ``postgresql``.
    dialect: str = ""
    #: Whether :meth:`semantic_later` splits vector search (the scoring needs no database).
    vectors_in_process: bool = False

    def __init__(self) -> None:
        self._local = threading.local()
        self._conns: dict[int, Any] = {}
        self._conns_lock = threading.Lock()
        self._closed = False
        self._active: dict[str, ActiveSet] = {}
        self._active_lock = threading.Lock()

    # ------------------------------------------------------------------ collection state

    def generation(self, tx: Tx, collection_id: str) -> int:
        """The collection's generation: it grows whenever its active versions change."""
        return int(tx.value("SELECT generation FROM collections WHERE id = ?", [collection_id]) or 0)

    def active_set(self, tx: Tx, collection_id: str) -> ActiveSet:
        """The collection's active versions as this transaction sees them (cached per generation)."""
        generation = self.generation(tx, collection_id)
        with self._active_lock:
            found = self._active.get(collection_id)
        if found is not None and found.generation == generation:
            return found
        rows = tx.rows(
            "SELECT v.id, v.document_id, v.doc_key, v.embedding, d.file_name, v.chunk_count FROM versions v "
            "JOIN documents d ON d.id = v.document_id WHERE v.collection_id = ? AND v.state = 'active' "
            "ORDER BY v.activated_gen, v.id",
            [collection_id],
        )
        versions = tuple(ActiveVersion(*r) for r in rows)
        built = ActiveSet(generation, versions, sum(v.chunk_count for v in versions))
        with self._active_lock:
            current = self._active.get(collection_id)
            if current is None or current.generation <= generation:
                self._active[collection_id] = built
        return built

    def forget(self, collection_id: str) -> None:
        """Drop what is cached about a deleted collection."""
        with self._active_lock:
            self._active.pop(collection_id, None)

    # ------------------------------------------------------------------ connections

    @abc.abstractmethod
    def _connect(self) -> Any:
        """A new driver connection in autocommit mode."""

    @abc.abstractmethod
    def _tx(self, conn: Any) -> Tx:
        """A Tx wrapper over a connection."""

    @abc.abstractmethod
    def _begin(self, conn: Any, write: bool) -> None:
        """Start a transaction (a snapshot for reads)."""

    def _conn(self) -> Any:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            if self._closed:
                from demo.store.errors import StoreUnavailableError

                raise StoreUnavailableError("the store is closed: open a new KnowledgeStore")
            conn = self._connect()
            self._local.conn = conn
            with self._conns_lock:
                alive = {t.ident for t in threading.enumerate()}
                for ident in [i for i in self._conns if i not in alive]:
                    self._close_quietly(self._conns.pop(ident))
                self._conns[threading.get_ident()] = conn
        return conn

    @staticmethod
    def _close_quietly(conn: Any) -> None:
        try:
            conn.close()
        except Exception:  # closing a connection of a finished thread: nothing left to do with it
            pass

    def close(self) -> None:
        """Close every connection (stop the worker first)."""
        self._closed = True
        with self._conns_lock:
            for conn in self._conns.values():
                self._close_quietly(conn)
            self._conns.clear()
        self._local = threading.local()

    # ------------------------------------------------------------------ transactions

    @contextmanager
    def write(self) -> Iterator[Tx]:
        """One write transaction (committed on success, rolled back on any exception)."""
        with self._transaction(write=True) as tx:
            yield tx

    @contextmanager
    def read(self) -> Iterator[Tx]:
        """One consistent read snapshot."""
        with self._transaction(write=False) as tx:
            yield tx

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[Tx]:
        local = self._local
        current = getattr(local, "tx", None)
        if current is not None:
            if write and not local.writing:
                raise RuntimeError("a write transaction cannot start inside a read transaction")
            yield current
            return
        conn = self._conn()
        self._begin(conn, write)
        tx = self._tx(conn)
        local.tx, local.writing = tx, write
        try:
            yield tx
        except BaseException:
            local.tx = None
            self._rollback(conn)
            raise
        local.tx = None
        try:
            self._commit(conn)
        except BaseException:
            self._rollback(conn)
            raise

    def _commit(self, conn: Any) -> None:
        with self._driver_errors():
            conn.execute("COMMIT")

    @abc.abstractmethod
    def _driver_errors(self) -> Any:
        """A context manager turning the driver's errors into store errors."""

    def _rollback(self, conn: Any) -> None:
        try:
            conn.execute("ROLLBACK")
        except Exception:  # the connection died with the transaction: the database rolled it back
            self._local.conn = None
            with self._conns_lock:
                if self._conns.get(threading.get_ident()) is conn:
                    del self._conns[threading.get_ident()]
            self._close_quietly(conn)

    # ------------------------------------------------------------------ dialect

    @abc.abstractmethod
    def create_schema(self) -> None:
        """Create the tables (or check the schema version of an existing database)."""

    @abc.abstractmethod
    def claim_next_job(self, tx: Tx) -> tuple[Any, ...] | None:
        """Lock and return the oldest queued job's row (``seq, id``), or None."""

    @abc.abstractmethod
    def insert_passages(self, tx: Tx, rows: Sequence[PassageRow], vectors: np.ndarray | None, identity: str) -> None:
        """Insert an activated version's passages (and their vectors)."""

    @abc.abstractmethod
    def keyword(self, tx: Tx, scope: Scope, terms: Sequence[str], n: int) -> list[tuple[int, float]]:
        """Best ``n`` passages by full-text rank: ``(pk, score)``, higher is better."""

    @abc.abstractmethod
    def semantic(self, tx: Tx, scope: Scope, query: np.ndarray, identity: str, n: int) -> list[tuple[int, float]]:
        """Best ``n`` passages by cosine similarity: ``(pk, score)``."""

    def semantic_later(
        self, tx: Tx, scope: Scope, identity: str, dims: int, n: int
    ) -> Callable[[np.ndarray], list[tuple[int, float]]] | None:
        """The database part of :meth:`semantic` now, the scoring of a query vector as the
        returned call (no database, so it may run on another thread beside a keyword search);
        None from a backend that scores vectors in the database."""
        return None

    @abc.abstractmethod
    def record_filter(self, key: str, value: str | int) -> tuple[str, list[Any]]:
        """SQL (on alias ``p``) requiring ``record[key] == value`` with the value's type."""

    def delete_passages(self, tx: Tx, collection_id: str, *, version_id: str | None = None, document_id: str | None = None) -> None:
        """Delete a version's, a document's or (neither given) a whole collection's passages."""
        if version_id is not None:
            tx.execute("DELETE FROM passages WHERE version_id = ?", [version_id])
        elif document_id is not None:
            tx.execute("DELETE FROM passages WHERE document_id = ? AND collection_id = ?", [document_id, collection_id])
        else:
            tx.execute("DELETE FROM passages WHERE collection_id = ?", [collection_id])

    def ensure_identity(self, identity: str, dims: int) -> None:  # noqa: B027 (optional hook: nothing to do on SQLite)
        """Prepare vector storage for an embedding identity (an index on PostgreSQL)."""

    def backup(self, path: str) -> None:
        """Write a consistent copy of the database to ``path``."""
        from demo.store.errors import StoreError

        raise StoreError(f"backup() is not available for {self.dialect}: use the database's own tools (pg_dump)")

    # ------------------------------------------------------------------ shared SQL

    def scope_sql(self, scope: Scope) -> tuple[str, list[Any]]:
        """``p.collection_id = ? AND ...`` for a scope."""
        parts = ["p.collection_id = ?"]
        params: list[Any] = [scope.collection_id]
        if scope.version_id is not None:
            parts.append("p.version_id = ?")
            params.append(scope.version_id)
        if scope.include is not None:
            if not scope.include:
                parts.append("1 = 0")
            else:
                parts.append(f"p.document_id IN ({placeholders(len(scope.include))})")
                params.extend(scope.include)
        if scope.exclude:
            parts.append(f"p.document_id NOT IN ({placeholders(len(scope.exclude))})")
            params.extend(scope.exclude)
        for key, value in scope.filters:
            sql, extra = self.record_filter(key, value)
            parts.append(sql)
            params.extend(extra)
        return " AND ".join(parts), params
