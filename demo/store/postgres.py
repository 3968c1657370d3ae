"""The server backend: PostgreSQL with pgvector (HNSW, cosine) and full-text search.

* Full text: a stored ``tsvector`` column of the passage's context line and text
  (``english`` configuration: stemming and stopwords) with a GIN index finds the matches; they are ranked by BM25 computed in SQL
  (IDF from the collection's document counts, term frequencies from the ``tsvector``),
  because ``ts_rank`` has no IDF. Scores are close to, not equal to, SQLite's FTS5 BM25
  (other stemmer, IDF per collection rather than per database).
* Vectors: ``passages.embedding vector`` with one partial HNSW index per embedding
  identity (``(embedding::vector(D)) vector_cosine_ops WHERE emb_identity = N``), searched
  with ``hnsw.ef_search`` at least the number asked for and pgvector's iterative scans, so
  a narrowed search still fills its top ``n`` (and when the scan stops short, after
  ``hnsw.max_scan_tuples``, the scope is ranked exactly: it then holds few vectors).
* Jobs are claimed with ``FOR UPDATE SKIP LOCKED``: several workers can share a database.
* Reads run in ``REPEATABLE READ READ ONLY`` transactions: one snapshot per search.

Needs the ``postgres`` extra (``psycopg`` 3 and ``pgvector``) and a server with the
``vector`` extension installed (the store runs ``CREATE EXTENSION IF NOT EXISTS vector``,
which needs a role allowed to create it the first time).
"""

from __future__ import annotations

import functools
import json
import math
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np

from demo.store.db import MIGRATIONS as _MIGRATIONS
from demo.store.db import SCHEMA_VERSION, Backend, PassageRow, Scope, Tx
from demo.store.errors import (
    BackendMissingError,
    ConflictError,
    StoreError,
    StoreUnavailableError,
)
from demo.store.schema import job_table_sql

__all__ = ["PostgresBackend"]


#: About how many matching passages keyword search scores (the rarest query words' first).
CANDIDATE_ROWS = 1000

#: The full-text vector of a passage: its context line and its text
#: (:func:`demo.store.context.indexed_text`; an empty line adds no lexeme and moves none).
_TSV = "to_tsvector('english', CASE WHEN context = '' THEN text ELSE context || ' ' || text END)"

#: Statements after the shared :data:`~demo.store.db.MIGRATIONS`: schema 3 indexes the
#: context line, so the generated column is made again (for the old passages, whose line is
#: empty, with the same lexemes; the collections' lexeme counts stay true).
_TSV_AGAIN = [
    "ALTER TABLE passages DROP COLUMN tsv",
    f"ALTER TABLE passages ADD COLUMN tsv tsvector GENERATED ALWAYS AS ({_TSV}) STORED",
    "CREATE INDEX IF NOT EXISTS passages_tsv ON passages USING gin (tsv)",
]
_OWN_MIGRATIONS = {"1": _TSV_AGAIN, "2": _TSV_AGAIN}

_SCHEMA = [
    """CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS collections (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL,
        owner TEXT NOT NULL,
        created DOUBLE PRECISION NOT NULL,
        generation BIGINT NOT NULL DEFAULT 0,
        UNIQUE (owner, name_key))""",
    """CREATE TABLE IF NOT EXISTS documents (
        id TEXT PRIMARY KEY,
        collection_id TEXT NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
        file_name TEXT NOT NULL,
        active_version_id TEXT,
        created DOUBLE PRECISION NOT NULL,
        UNIQUE (collection_id, file_name))""",
    """CREATE TABLE IF NOT EXISTS versions (
        id TEXT PRIMARY KEY,
        document_id TEXT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
        collection_id TEXT NOT NULL,
        state TEXT NOT NULL,
        origin TEXT NOT NULL,
        job_seq BIGINT NOT NULL,
        hash TEXT NOT NULL,
        size BIGINT NOT NULL,
        doc_key TEXT NOT NULL,
        doc_key_norm TEXT NOT NULL,
        chunk_count INTEGER NOT NULL,
        tokens INTEGER NOT NULL,
        embedding TEXT NOT NULL,
        index_tokens INTEGER NOT NULL,
        activated DOUBLE PRECISION,
        activated_gen BIGINT,
        retired DOUBLE PRECISION,
        title TEXT NOT NULL,
        config TEXT NOT NULL,
        index_text TEXT NOT NULL,
        warnings TEXT NOT NULL DEFAULT '[]')""",
    """CREATE INDEX IF NOT EXISTS versions_by_state ON versions (collection_id, state, activated_gen)""",
    """CREATE INDEX IF NOT EXISTS versions_by_document ON versions (document_id)""",
    """CREATE INDEX IF NOT EXISTS versions_by_key ON versions (collection_id, doc_key_norm) WHERE state = 'active'""",
    job_table_sql("postgresql"),  # (from its one description, demo.store.schema)
    """CREATE INDEX IF NOT EXISTS jobs_by_state ON jobs (state, seq)""",
    """CREATE INDEX IF NOT EXISTS jobs_by_collection ON jobs (collection_id, seq)""",
    """CREATE INDEX IF NOT EXISTS jobs_by_document ON jobs (document_id, state)""",
    """CREATE TABLE IF NOT EXISTS payloads (
        owner TEXT PRIMARY KEY,
        collection_id TEXT NOT NULL,
        document_id TEXT NOT NULL,
        data BYTEA NOT NULL)""",
    """CREATE INDEX IF NOT EXISTS payloads_by_document ON payloads (collection_id, document_id)""",
    """CREATE TABLE IF NOT EXISTS identities (
        id SERIAL PRIMARY KEY,
        key TEXT NOT NULL UNIQUE,
        dims INTEGER NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS passages (
        pk BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        collection_id TEXT NOT NULL,
        document_id TEXT NOT NULL,
        version_id TEXT NOT NULL REFERENCES versions(id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        tokens INTEGER NOT NULL,
        emb_identity INTEGER,
        record TEXT NOT NULL,
        text TEXT NOT NULL,
        context TEXT NOT NULL DEFAULT '',
        tsv tsvector GENERATED ALWAYS AS (""" + _TSV + """) STORED,
        embedding vector,
        UNIQUE (version_id, seq))""",
    """CREATE INDEX IF NOT EXISTS passages_by_document ON passages (collection_id, document_id)""",
    """CREATE TABLE IF NOT EXISTS lexemes (
        collection_id TEXT NOT NULL,
        lexeme TEXT NOT NULL,
        df INTEGER NOT NULL,
        PRIMARY KEY (collection_id, lexeme))""",
    """CREATE INDEX IF NOT EXISTS passages_tsv ON passages USING gin (tsv)""",
]


def _driver() -> Any:
    try:
        import psycopg
    except ImportError as exc:
        raise BackendMissingError(
            "a postgresql:// store needs the PostgreSQL driver: pip install 'danven[postgres]' (psycopg and pgvector)"
        ) from exc
    return psycopg


def _quote_lexeme(lexeme: str) -> str:
    """A lexeme as a quoted tsquery operand (nothing in it is syntax)."""
    return "'" + lexeme.replace("\\", "\\\\").replace("'", "''") + "'"


@functools.lru_cache(maxsize=512)
def _sql(sql: str) -> str:
    return sql.replace("%", "%%").replace("?", "%s")


class _PgTx(Tx):
    __slots__ = ("_conn",)

    def __init__(self, conn: Any) -> None:
        self._conn = conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        with _errors():
            return int(self._conn.execute(_sql(sql), list(params)).rowcount)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        with _errors(), self._conn.cursor() as cur:
            cur.executemany(_sql(sql), [list(r) for r in rows])

    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with _errors():
            return list(self._conn.execute(_sql(sql), list(params)).fetchall())


@contextmanager
def _errors() -> Iterator[None]:
    """Driver errors as store errors: a lost connection is 'unavailable', a constraint a
    conflict, the rest a database error."""
    psycopg = _driver()
    try:
        yield
    except psycopg.OperationalError as exc:
        raise StoreUnavailableError(f"the PostgreSQL server is unavailable ({str(exc).strip()}): try again") from exc
    except psycopg.IntegrityError as exc:
        raise ConflictError(f"the change conflicts with stored data ({str(exc).strip()}): reload and try again") from exc
    except psycopg.Error as exc:
        raise StoreError(f"database error: {str(exc).strip()}") from exc


class PostgresBackend(Backend):
    """A PostgreSQL database (``postgresql://user@host:port/db``) with the vector extension."""

    dialect = "postgresql"

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self._psycopg = _driver()
        self._identities: dict[str, tuple[int, int]] = {}
        self._identity_lock = threading.Lock()
        self._vector_ready = False

    def _connect(self) -> Any:
        try:
            conn = self._psycopg.connect(self.url, autocommit=True, connect_timeout=10)
        except self._psycopg.Error as exc:
            raise StoreUnavailableError(f"cannot connect to PostgreSQL ({str(exc).strip()}): check the URL and the server") from exc
        if self._vector_ready:
            self._register(conn)
        return conn

    def _register(self, conn: Any) -> None:
        try:
            from pgvector.psycopg import register_vector
        except ImportError as exc:
            raise BackendMissingError("a postgresql:// store needs pgvector: pip install 'danven[postgres]'") from exc
        register_vector(conn)

    def _conn(self) -> Any:
        conn = getattr(self._local, "conn", None)
        if conn is not None and conn.closed:
            self._local.conn = None
        return super()._conn()

    def _tx(self, conn: Any) -> Tx:
        return _PgTx(conn)

    def _driver_errors(self) -> Any:
        return _errors()

    def _begin(self, conn: Any, write: bool) -> None:
        with _errors():
            conn.execute("BEGIN" if write else "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")

    def create_schema(self) -> None:
        conn = self._conn()
        with _errors():
            conn.execute("BEGIN")
            try:
                conn.execute("SELECT pg_advisory_xact_lock(7301734021)")  # one creator at a time
                conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
                exists = conn.execute("SELECT to_regclass('meta') IS NOT NULL").fetchone()[0]
                if exists:
                    found = conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone()
                    if found is not None and found[0] in _MIGRATIONS:  # under the advisory lock: one migrator
                        for statement in [*_MIGRATIONS[found[0]], *_OWN_MIGRATIONS.get(found[0], [])]:
                            conn.execute(statement)
                        conn.execute("UPDATE meta SET value = %s WHERE key = 'schema'", [SCHEMA_VERSION])
                        found = (SCHEMA_VERSION,)
                    if found is None or found[0] != SCHEMA_VERSION:
                        raise StoreError(
                            f"the database has knowledge-store schema {found[0] if found else 'unknown'!r}, this "
                            f"version reads {SCHEMA_VERSION!r}: use the version that made it, or another database"
                        )
                else:
                    if conn.execute("SELECT to_regclass('collections') IS NOT NULL").fetchone()[0]:
                        raise StoreError("the database holds another application's 'collections' table: use another database")
                    for statement in _SCHEMA:
                        conn.execute(statement)
                    conn.execute("INSERT INTO meta (key, value) VALUES ('schema', %s)", [SCHEMA_VERSION])
            except BaseException:
                conn.execute("ROLLBACK")
                raise
            conn.execute("COMMIT")
        self._vector_ready = True
        self._register(conn)
        with self._conns_lock:
            for other in self._conns.values():
                if other is not conn:
                    self._register(other)

    def ensure_identity(self, identity: str, dims: int) -> None:
        """Register an embedding identity and create its HNSW index (outside any transaction)."""
        with self._identity_lock:
            if identity in self._identities:
                return
            conn = self._conn()
            with _errors():
                conn.execute("BEGIN")
                try:
                    conn.execute("SELECT pg_advisory_xact_lock(7301734022)")
                    row = conn.execute("SELECT id, dims FROM identities WHERE key = %s", [identity]).fetchone()
                    if row is None:
                        row = conn.execute(
                            "INSERT INTO identities (key, dims) VALUES (%s, %s) RETURNING id, dims", [identity, dims]
                        ).fetchone()
                    n, d = int(row[0]), int(row[1])
                    conn.execute(
                        f"CREATE INDEX IF NOT EXISTS passages_hnsw_{n} ON passages USING hnsw "
                        f"((embedding::vector({d})) vector_cosine_ops) WHERE emb_identity = {n}"
                    )
                except BaseException:
                    conn.execute("ROLLBACK")
                    raise
                conn.execute("COMMIT")
            self._identities[identity] = (n, d)

    def _identity_id(self, tx: Tx, identity: str) -> tuple[int, int] | None:
        with self._identity_lock:
            found = self._identities.get(identity)
        if found is None:
            row = tx.one("SELECT id, dims FROM identities WHERE key = ?", [identity])
            if row is None:
                return None
            found = (int(row[0]), int(row[1]))
            with self._identity_lock:
                self._identities[identity] = found
        return found

    def claim_next_job(self, tx: Tx) -> tuple[Any, ...] | None:
        return tx.one("SELECT seq, id FROM jobs WHERE state = 'queued' ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED")

    def _insert_passages(self, tx: Tx, rows: Sequence[PassageRow], vectors: np.ndarray | None, identity: str) -> None:
        ident: int | None = None
        vecs: list[Any] = [None] * len(rows)
        if vectors is not None:
            found = self._identity_id(tx, identity)
            if found is None:
                raise StoreError(f"embedding identity {identity!r} is not registered: the store registers it when opened")
            ident = found[0]
            vecs = [np.asarray(v, dtype=np.float32) for v in vectors]
        tx.executemany(
            "INSERT INTO passages (id, collection_id, document_id, version_id, seq, tokens, emb_identity, record, text, "
            "embedding, context) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                (r.id, r.collection_id, r.document_id, r.version_id, r.seq, r.tokens, ident, r.record, r.text, v, r.context)
                for r, v in zip(rows, vecs)
            ],
        )

    def insert_passages(self, tx: Tx, rows: Sequence[PassageRow], vectors: np.ndarray | None, identity: str) -> None:
        self._insert_passages(tx, rows, vectors, identity)
        for version_id in sorted({r.version_id for r in rows}):
            collection_id = next(r.collection_id for r in rows if r.version_id == version_id)
            self._count_lexemes(tx, collection_id, version_id, +1)

    def delete_passages(self, tx: Tx, collection_id: str, *, version_id: str | None = None, document_id: str | None = None) -> None:
        if version_id is None and document_id is None:
            tx.execute("DELETE FROM lexemes WHERE collection_id = ?", [collection_id])
        else:
            versions = [version_id] if version_id is not None else [
                str(r[0]) for r in tx.rows("SELECT DISTINCT version_id FROM passages WHERE document_id = ? AND collection_id = ?", [document_id, collection_id])
            ]
            for v in versions:
                self._count_lexemes(tx, collection_id, v, -1)
            tx.execute("DELETE FROM lexemes WHERE collection_id = ? AND df <= 0", [collection_id])
        super().delete_passages(tx, collection_id, version_id=version_id, document_id=document_id)

    @staticmethod
    def _count_lexemes(tx: Tx, collection_id: str, version_id: str, sign: int) -> None:
        """Add (or take away) a version's passages to the collection's document counts per lexeme."""
        inner = "SELECT tsv FROM passages WHERE version_id = '" + version_id.replace("'", "''") + "'"
        if sign > 0:
            tx.execute(
                "INSERT INTO lexemes (collection_id, lexeme, df) SELECT ?, word, ndoc FROM ts_stat(?) "
                "ON CONFLICT (collection_id, lexeme) DO UPDATE SET df = lexemes.df + EXCLUDED.df",
                [collection_id, inner],
            )
        else:
            tx.execute(
                "UPDATE lexemes l SET df = l.df - s.ndoc FROM ts_stat(?) s WHERE l.collection_id = ? AND l.lexeme = s.word",
                [inner, collection_id],
            )

    def keyword(self, tx: Tx, scope: Scope, terms: Sequence[str], n: int) -> list[tuple[int, float]]:
        """BM25-style ranking: inverse document frequency × term frequency, by length.

        PostgreSQL ranks full text with ``ts_rank``/``ts_rank_cd``, which know no inverse
        document frequency: common words then outrank the rare ones a question is about. So
        the query's stemmed lexemes get their IDF from the collection (document counts kept
        in the ``lexemes`` table), and each candidate is scored as the sum over the
        query's lexemes of IDF × ``ts_rank(tsv, lexeme, 1)`` — PostgreSQL's saturating term
        frequency, normalised by document length: BM25's shape with PostgreSQL's tf.
        Candidates are the passages holding the rarest lexemes (about ``CANDIDATE_ROWS``).
        """
        if not terms:
            return []
        # The terms are letters and digits only; to_tsvector stems them and drops stopwords.
        lexemes = sorted({str(r[0]) for r in tx.rows("SELECT lexeme FROM unnest(to_tsvector('english', ?))", [" ".join(terms)])})
        if not lexemes:
            return []
        total, df = self._stats(tx, scope.collection_id, lexemes)
        if not total:
            return []
        weights = [(lex, max(1e-6, math.log((total - df[lex] + 0.5) / (df[lex] + 0.5)))) for lex in lexemes]
        # Which passages are scored: those holding the rarest lexemes, up to about
        # CANDIDATE_ROWS of them (always the rarest lexeme). A passage with only common
        # words scores near zero in BM25 anyway, and ranking reads each candidate's tsvector.
        chosen: list[str] = []
        rows_so_far = 0
        for lex in sorted(lexemes, key=lambda x: (df[x], x)):
            if df[lex] == 0:
                continue
            if chosen and rows_so_far + df[lex] > CANDIDATE_ROWS:
                break
            chosen.append(lex)
            rows_so_far += df[lex]
        if not chosen:
            return []
        tsquery = " | ".join(_quote_lexeme(lex) for lex in chosen)
        where, params = self.scope_sql(scope)
        terms_sql = " + ".join(["?::float8 * ts_rank(p.tsv, ?::tsquery, 1)"] * len(weights))
        rows = tx.rows(
            f"SELECT p.pk, {terms_sql} AS s FROM passages p WHERE p.tsv @@ ?::tsquery AND {where} ORDER BY s DESC, p.pk LIMIT ?",
            [*[x for lex, w in weights for x in (w, _quote_lexeme(lex))], tsquery, *params, n],
        )
        return [(int(pk), float(score)) for pk, score in rows]

    def _stats(self, tx: Tx, collection_id: str, lexemes: Sequence[str]) -> tuple[int, dict[str, int]]:
        """(passages, passages per lexeme) of a collection: kept in step with every activation
        and deletion in the ``lexemes`` table, so a query reads them, it never counts them."""
        total = self.active_set(tx, collection_id).chunks
        df = {lex: 0 for lex in lexemes}
        for lexeme, count in tx.rows(
            "SELECT lexeme, df FROM lexemes WHERE collection_id = ? AND lexeme = ANY(?)", [collection_id, list(lexemes)]
        ):
            df[str(lexeme)] = int(count)
        return total, df

    def semantic(self, tx: Tx, scope: Scope, query: np.ndarray, identity: str, n: int) -> list[tuple[int, float]]:
        found = self._identity_id(tx, identity)
        if found is None or n <= 0:
            return []
        ident, dims = found
        tx.execute(f"SET LOCAL hnsw.ef_search = {max(40, min(1000, int(n)))}")
        tx.execute("SET LOCAL hnsw.iterative_scan = relaxed_order")
        where, params = self.scope_sql(scope)
        q = np.asarray(query, dtype=np.float32)
        sql = (
            f"SELECT p.pk, (p.embedding::vector({dims})) <=> ?::vector({dims}) AS d FROM passages p "
            f"WHERE p.emb_identity = {ident} AND {where} ORDER BY d LIMIT ?"
        )
        rows = tx.rows(sql, [q, *params, n])
        if len(rows) < n:
            # An iterative scan stops after hnsw.max_scan_tuples (20,000 by default): a scope
            # holding a small share of a large index (a small collection, a narrow filter) can
            # come back short. Such a scope is small, so rank it exactly instead: a filtered
            # search never returns fewer hits than the scope holds.
            held = int(tx.value(f"SELECT count(*) FROM passages p WHERE p.emb_identity = {ident} AND {where}", params) or 0)
            if held > len(rows):
                exact = {"enable_indexscan": "off", "enable_bitmapscan": "off", "enable_seqscan": "on", "enable_sort": "on"}
                before = {k: str(tx.value("SELECT current_setting(?)", [k])) for k in exact}
                for k, v in exact.items():
                    tx.execute(f"SET LOCAL {k} = {v}")
                rows = tx.rows(sql, [q, *params, n])
                for k, v in before.items():  # the rest of the transaction plans as before
                    tx.execute(f"SET LOCAL {k} = {'on' if v == 'on' else 'off'}")
        # relaxed_order may return neighbours slightly out of order: sort exactly.
        out = [(int(pk), 1.0 - float(d)) for pk, d in rows]
        out.sort(key=lambda x: (-x[1], x[0]))
        return out

    def record_filter(self, key: str, value: str | int) -> tuple[str, list[Any]]:
        # jsonb containment compares type and value, so 3 never equals "3".
        return "(p.record::jsonb) @> ?::jsonb", [json.dumps({key: value})]
