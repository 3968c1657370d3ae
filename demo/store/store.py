"""The knowledge store: collections, durable ingestion, versions, search and questions.

Every operation except the worker's takes an :class:`~demo.store.AccessContext`; see
``docs/store.md`` for the model and its guarantees.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any, Literal

import dan
import ven
from demo.store import ingest, jobs, prechunked
from demo.store.access import AccessPolicy, OwnerPolicy, check_access, require_subject
from demo.store.ask import Asker, ChatLike
from demo.store.context import indexed_identity
from demo.store.db import Backend, placeholders
from demo.store.embedding import EmbeddingProvider, default_provider
from demo.store.errors import (
    ConflictError,
    InvalidRequestError,
    NotFoundError,
    StoreError,
)
from demo.store.imports import approved_directory, read_directory
from demo.store.options import AskOptions, StoreOptions
from demo.store.search import (
    BUDGET_DEFAULT,
    LIMIT_DEFAULT,
    PASSAGE_COLUMNS,
    Searcher,
    make_scope,
    passage_from_row,
)
from demo.store.text import clean_file_name, clean_name
from demo.store.url import open_backend, redact
from demo.store.values import (
    AccessContext,
    AskResult,
    ImportResult,
    IndexDocument,
    Job,
    KnowledgeCollection,
    Passage,
    ReindexStatus,
    SearchMode,
    SearchResult,
    Source,
    SourceDownload,
)
from demo.store.worker import Worker

__all__ = ["SCHEMA", "KnowledgeStore"]

log = logging.getLogger("demo.store")

#: Part of every source's processing configuration: bump it when stored output changes.
SCHEMA = 1

_SOURCE_COLUMNS = "v.document_id, v.id, d.file_name, v.hash, v.chunk_count, v.tokens, v.title, v.size, v.activated, v.embedding, v.warnings"

EmbeddingsArg = EmbeddingProvider | Literal["default", "none"] | None


def _provider(embeddings: EmbeddingsArg) -> EmbeddingProvider | None:
    if embeddings == "default":
        return default_provider()
    if embeddings is None or embeddings == "none":
        return None
    if not isinstance(embeddings, EmbeddingProvider):
        raise InvalidRequestError(
            f"embeddings must be an EmbeddingProvider, 'default' or 'none', got {type(embeddings).__name__}"
        )
    return embeddings


class KnowledgeStore:
    """A knowledge store on a database URL: a file path or ``sqlite:///path`` (embedded, the
    default) or ``postgresql://user@host/db`` (PostgreSQL with pgvector).

    ``embeddings`` is an :class:`~demo.store.EmbeddingProvider`, ``"default"``
    (:func:`~demo.store.default_provider`: the offline neural MiniLM model when the
    ``embeddings`` extra is installed, else the hashing embedding) or ``"none"`` (keyword search only). ``policy`` decides access
    (default: :class:`~demo.store.OwnerPolicy`). Thread-safe; one background worker per
    store (:meth:`start_worker`), or call :meth:`process_next` yourself.
    """

    def __init__(
        self,
        url: str | os.PathLike[str],
        *,
        options: StoreOptions | None = None,
        embeddings: EmbeddingsArg = "default",
        policy: AccessPolicy | None = None,
    ) -> None:
        self.options = options if options is not None else StoreOptions()
        if not isinstance(self.options, StoreOptions):
            raise InvalidRequestError(f"options must be StoreOptions, got {type(self.options).__name__}")
        self.provider = _provider(embeddings)
        self.policy: AccessPolicy = policy if policy is not None else OwnerPolicy()
        self.url = redact(os.fspath(url))
        self.backend: Backend = open_backend(url)
        try:
            self.backend.create_schema()
            if self.provider is not None:
                self.backend.ensure_identity(self.embedding_identity, self.provider.identity.dimensions)
        except BaseException:
            self.backend.close()
            raise
        self.searcher = Searcher(self.backend, self.provider, self.options)
        self.asker = Asker(self.searcher, self.options.index_pct)
        self.config = json.dumps(
            {
                "schema": SCHEMA,
                "dan": dan.__version__,
                "max_tokens": self.options.max_tokens,
                "index_pct": self.options.index_pct,
                "index_context": self.options.index_context,
                "embedding": self.embedding_identity,
            },
            sort_keys=True,
        )
        self._worker_id = jobs.new_worker_id()
        self._recovered = -1e9  # when claim_next last looked for interrupted jobs
        self._claim_lock = threading.Lock()
        self._wake = threading.Event()
        self._worker: Worker | None = None
        self._vens: OrderedDict[str, ven.Ven] = OrderedDict()
        self._vens_lock = threading.Lock()

    # ------------------------------------------------------------------ lifecycle

    def __enter__(self) -> KnowledgeStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Stop the worker (if started) and close the database connections."""
        self.stop_worker()
        self.searcher.close()
        self.backend.close()

    def __repr__(self) -> str:
        return f"KnowledgeStore({self.url!r}, backend={self.backend.dialect}, embeddings={self.embedding_identity or 'none'})"

    @property
    def worker_id(self) -> str:
        """Who this store's worker is in the jobs table (``host:pid:random``)."""
        return self._worker_id

    @property
    def has_embeddings(self) -> bool:
        """Whether the store embeds (semantic and hybrid search are possible)."""
        return self.provider is not None

    @property
    def embedding_identity(self) -> str:
        """The identity key of the store's vectors (``""`` without a provider): the provider's,
        with the context line's setting unless ``StoreOptions.index_context`` is off."""
        if self.provider is None:
            return ""
        return indexed_identity(self.provider.identity, self.options.index_context != "off").key

    # ------------------------------------------------------------------ access

    def _collection(self, cid: object, access: AccessContext, write: bool) -> KnowledgeCollection:
        require_subject(access)
        if not isinstance(cid, str) or not cid:
            raise NotFoundError(f"collection {cid!r} not found: check the id")
        with self.backend.read() as tx:
            row = tx.one("SELECT id, name, owner, created FROM collections WHERE id = ?", [cid])
        found = None if row is None else KnowledgeCollection(row[0], row[1], row[2], float(row[3]))
        return check_access(self.policy, access, found, cid, write)

    # ------------------------------------------------------------------ collections

    def create_collection(self, name: str, access: AccessContext) -> KnowledgeCollection:
        """A new collection owned by the caller; ConflictError when the caller already has one of that name."""
        owner = require_subject(access)
        name = clean_name(name)
        cid = jobs.new_id("C")
        now = time.time()
        with self.backend.write() as tx:
            if tx.one("SELECT id FROM collections WHERE owner = ? AND name_key = ?", [owner, name.casefold()]):
                raise ConflictError(f"you already have a collection named {name!r}: choose another name")
            tx.execute(
                "INSERT INTO collections (id, name, name_key, owner, created) VALUES (?, ?, ?, ?, ?)",
                [cid, name, name.casefold(), owner, now],
            )
        return KnowledgeCollection(cid, name, owner, now)

    def list_collections(self, access: AccessContext) -> list[KnowledgeCollection]:
        """The collections the caller may read, by name."""
        require_subject(access)
        with self.backend.read() as tx:
            rows = tx.rows("SELECT id, name, owner, created FROM collections ORDER BY name_key, id")
        found = [KnowledgeCollection(r[0], r[1], r[2], float(r[3])) for r in rows]
        return [c for c in found if self.policy.can_access(access, c, False) is True]

    def get_collection(self, cid: str, access: AccessContext) -> KnowledgeCollection:
        """One collection the caller may read."""
        return self._collection(cid, access, False)

    def rename_collection(self, cid: str, name: str, access: AccessContext) -> KnowledgeCollection:
        """Rename without touching its sources."""
        col = self._collection(cid, access, True)
        name = clean_name(name)
        with self.backend.write() as tx:
            clash = tx.one("SELECT id FROM collections WHERE owner = ? AND name_key = ? AND id <> ?", [col.owner, name.casefold(), cid])
            if clash:
                raise ConflictError(f"the owner already has a collection named {name!r}: choose another name")
            tx.execute("UPDATE collections SET name = ?, name_key = ? WHERE id = ?", [name, name.casefold(), cid])
        return KnowledgeCollection(col.id, name, col.owner, col.created)

    def delete_collection(self, cid: str, access: AccessContext) -> None:
        """Delete the collection with its sources, versions, passages, vectors and jobs.

        Not secure erasure: database free pages, the WAL and backups may keep the data.
        """
        self._collection(cid, access, True)
        with self.backend.write() as tx:
            self.backend.delete_passages(tx, cid)
            tx.execute("DELETE FROM payloads WHERE collection_id = ?", [cid])
            tx.execute("DELETE FROM jobs WHERE collection_id = ?", [cid])
            tx.execute("DELETE FROM versions WHERE collection_id = ?", [cid])
            tx.execute("DELETE FROM documents WHERE collection_id = ?", [cid])
            tx.execute("DELETE FROM collections WHERE id = ?", [cid])
        self.asker.forget(cid)
        self.backend.forget(cid)
        forget = getattr(self.backend, "vectors", None)
        if forget is not None:
            forget.forget(cid)

    # ------------------------------------------------------------------ ingestion

    def enqueue(self, cid: str, file_name: str, data: bytes | bytearray | memoryview, access: AccessContext) -> str:
        """Queue a file's bytes as a new version of ``file_name``; the job id (not yet a source)."""
        self._collection(cid, access, True)
        name = clean_file_name(file_name)
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise InvalidRequestError(f"the file content must be bytes, got {type(data).__name__}")
        job_id = jobs.enqueue(self.backend, self.options, self.config, cid, name, bytes(data))
        self._wake.set()
        return job_id

    def enqueue_chunks(
        self, cid: str, file_name: str, chunks: Sequence[Mapping[str, Any]], access: AccessContext, *, source: bytes | None = None
    ) -> str:
        """Queue pre-chunked dan output (``[{"text": ..., "record": {...}}, ...]``) as a new version
        of ``file_name``; the job id. The chunks are checked now (InvalidRequestError), embedded
        and activated by the worker, and stored exactly as given.

        ``source``: the file dan converted into these chunks (elsewhere, as the Ray recipe
        does). The version then keeps the file, as an upload does: its hash and size are the
        file's (the same file uploaded again is "unchanged"), :meth:`download_source` returns
        it, and a reindex converts it again with the store's options. The store checks that
        the chunks are dan's output, not that they are this file's."""
        self._collection(cid, access, True)
        name = clean_file_name(file_name)
        data = prechunked.encode_chunks(chunks, self.options)
        if source is None:
            job_id = jobs.enqueue(self.backend, self.options, self.config, cid, name, data, kind="chunks")
        else:
            packed = prechunked.pack_converted(bytes(source), data)
            job_id = jobs.enqueue(self.backend, self.options, self.config, cid, name, packed, kind="converted", source=bytes(source))
        self._wake.set()
        return job_id

    def import_directory(self, cid: str, directory: str | os.PathLike[str], access: AccessContext) -> ImportResult:
        """Queue every supported file of one approved directory (not recursive, no symlinks)."""
        self._collection(cid, access, True)
        path = approved_directory(self.options, directory)
        queued: list[str] = []
        skipped: list[tuple[str, str]] = []
        for name, data, reason in read_directory(path, self.options.max_file_bytes):
            if data is None:
                skipped.append((name, reason))
                continue
            try:
                queued.append(jobs.enqueue(self.backend, self.options, self.config, cid, clean_file_name(name), data))
            except (StoreError, ValueError) as exc:
                skipped.append((name, str(exc)))
        if queued:
            self._wake.set()
        return ImportResult(tuple(queued), tuple(skipped))

    def list_jobs(self, cid: str, access: AccessContext) -> list[Job]:
        """The collection's jobs, newest first."""
        self._collection(cid, access, False)
        with self.backend.read() as tx:
            rows = tx.rows(f"SELECT {jobs.JOB_COLUMNS} FROM jobs WHERE collection_id = ? ORDER BY seq DESC", [cid])
        return [jobs.job_from_row(r) for r in rows]

    def get_job(self, cid: str, job_id: str, access: AccessContext) -> Job:
        """One job of the collection."""
        self._collection(cid, access, False)
        with self.backend.read() as tx:
            row = tx.one(f"SELECT {jobs.JOB_COLUMNS} FROM jobs WHERE id = ? AND collection_id = ?", [job_id, cid])
        if row is None:
            raise NotFoundError(f"job {job_id!r} not found in this collection")
        return jobs.job_from_row(row)

    def retry_job(self, cid: str, job_id: str, access: AccessContext) -> Job:
        """Queue a failed job again (ConflictError for a job in any other state)."""
        self._collection(cid, access, True)
        jobs.retry(self.backend, self.options, cid, job_id)
        self._wake.set()
        return self.get_job(cid, job_id, access)

    def confirm_job(self, cid: str, job_id: str, access: AccessContext) -> Job:
        """Queue a held job again, to replace the active version even though it loses much of
        it (ConflictError for a job in any other state)."""
        self._collection(cid, access, True)
        jobs.confirm(self.backend, self.options, cid, job_id)
        self._wake.set()
        return self.get_job(cid, job_id, access)

    def cancel_job(self, cid: str, job_id: str, access: AccessContext) -> Job:
        """Cancel a waiting, running, held or failed job and discard its bytes."""
        self._collection(cid, access, True)
        jobs.cancel(self.backend, cid, job_id)
        return self.get_job(cid, job_id, access)

    def process_next(self) -> bool:
        """Process one queued job as the trusted host worker; False when none was waiting.

        True means a job was taken, not that it succeeded: read the job's state. Jobs whose
        worker died are marked interrupted first (at most every few seconds).
        """
        claimed = self.claim_next()
        if claimed is None:
            return False
        ingest.process(self.backend, self.options, self.provider, self.config, claimed)
        return True

    def claim_next(self) -> jobs.Claimed | None:
        """Claim the oldest queued job for this store's worker (None when none waits), after
        marking jobs whose worker died as interrupted (at most every few seconds)."""
        now = time.monotonic()
        with self._claim_lock:
            if now - self._recovered >= min(5.0, self.options.stale_after / 4):
                self._recovered = now
                self.recover_interrupted()
        return jobs.claim(self.backend, self._worker_id)

    def recover_interrupted(self) -> list[str]:
        """Mark running jobs whose worker died as failed (bytes kept, retry possible); their ids."""
        return jobs.recover_interrupted(self.backend, self.options.stale_after, self._worker_id)

    def start_worker(self, poll: float = 0.5, *, convert_ahead: bool = True) -> Worker:
        """Start the background worker (one per store); with ``convert_ahead`` it converts
        the next job while the current one embeds."""
        if self._worker is not None and self._worker.alive:
            raise ConflictError("this store's worker is already running")
        self._worker = Worker(self, poll, convert_ahead=convert_ahead).start()
        return self._worker

    def stop_worker(self) -> None:
        """Stop the background worker after its current job."""
        if self._worker is not None:
            self._worker.stop()
            self._worker = None

    def wait_idle(self, timeout: float = 60.0, poll: float = 0.05) -> None:
        """Wait until no job is queued or running (for scripts and tests)."""
        end = time.monotonic() + timeout
        while True:
            with self.backend.read() as tx:
                pending = int(tx.value(f"SELECT count(*) FROM jobs WHERE state IN ({placeholders(3)})", list(jobs.PENDING_STATES)))
            if not pending:
                return
            if time.monotonic() > end:
                raise TimeoutError(f"{pending} job(s) still pending after {timeout} s: is a worker running?")
            time.sleep(poll)

    # ------------------------------------------------------------------ sources

    def list_sources(self, cid: str, access: AccessContext) -> list[Source]:
        """The active version of every file, by file name."""
        self._collection(cid, access, False)
        with self.backend.read() as tx:
            rows = tx.rows(
                f"SELECT {_SOURCE_COLUMNS} FROM versions v JOIN documents d ON d.id = v.document_id "
                "WHERE v.collection_id = ? AND v.state = 'active' ORDER BY d.file_name, v.document_id",
                [cid],
            )
        return [
            Source(r[0], r[1], r[2], r[3], int(r[4]), int(r[5]), r[6], int(r[7]), float(r[8] or 0), r[9], jobs.decode_warnings(r[10]))
            for r in rows
        ]

    def delete_source(self, cid: str, document_id: str, access: AccessContext) -> bool:
        """Delete a file with all its versions, passages and jobs; False when it did not exist."""
        self._collection(cid, access, True)
        with self.backend.write() as tx:
            if tx.one("SELECT id FROM documents WHERE id = ? AND collection_id = ?", [document_id, cid]) is None:
                return False
            tx.execute("UPDATE collections SET generation = generation + 1 WHERE id = ?", [cid])
            self.backend.delete_passages(tx, cid, document_id=document_id)
            tx.execute("DELETE FROM payloads WHERE document_id = ? AND collection_id = ?", [document_id, cid])
            tx.execute("DELETE FROM jobs WHERE document_id = ?", [document_id])
            tx.execute("DELETE FROM versions WHERE document_id = ?", [document_id])
            tx.execute("DELETE FROM documents WHERE id = ?", [document_id])
        return True

    def download_source(self, cid: str, version_id: str, access: AccessContext) -> SourceDownload:
        """The stored bytes of an active version (a retired version's bytes are gone)."""
        self._collection(cid, access, False)
        with self.backend.read() as tx:
            row = tx.one(
                "SELECT d.file_name, b.data FROM versions v JOIN documents d ON d.id = v.document_id "
                "LEFT JOIN payloads b ON b.owner = v.id WHERE v.id = ? AND v.collection_id = ? AND v.state = 'active'",
                [version_id, cid],
            )
        if row is None or row[1] is None:
            raise NotFoundError(f"version {version_id!r} is not an active version of this collection: list the sources")
        return SourceDownload(row[0], bytes(row[1]))

    def reindex_source(self, cid: str, version_id: str, access: AccessContext) -> str:
        """Queue the stored bytes of an active version with the current configuration; the job id."""
        self._collection(cid, access, True)
        found = self.download_source(cid, version_id, access)
        with self.backend.read() as tx:
            origin = tx.value("SELECT origin FROM versions WHERE id = ?", [version_id])
        kind = "reindex-chunks" if origin == "chunks" else "reindex"
        job_id = jobs.enqueue(self.backend, self.options, self.config, cid, found.file_name, found.content, kind=kind)
        self._wake.set()
        return job_id

    def reindex_collection(
        self, cid: str, access: AccessContext, *, only_stale: bool = True, limit: int | None = None
    ) -> ImportResult:
        """Queue a reindex of every active source (by default only those processed with another
        configuration, e.g. another embedding model or ``index_context``), leaving out sources
        that already have a reindex job waiting or running; sources over the pending-job
        limit are skipped. ``limit`` (1 to ``max_pending_jobs``): queue at most that many, a
        bounded batch (call again for the rest; :meth:`reindex_status` says how many remain)."""
        self._collection(cid, access, True)
        if limit is not None:
            _check_limit(limit, self.options.max_pending_jobs)
        with self.backend.read() as tx:
            rows = tx.rows(
                "SELECT v.id, d.file_name, v.config FROM versions v JOIN documents d ON d.id = v.document_id "
                "WHERE v.collection_id = ? AND v.state = 'active' AND NOT EXISTS (SELECT 1 FROM jobs j WHERE "
                f"j.document_id = v.document_id AND j.kind IN ('reindex', 'reindex-chunks') AND j.state IN {_IN_PENDING}) "
                "ORDER BY d.file_name",
                [cid],
            )
        queued: list[str] = []
        skipped: list[tuple[str, str]] = []
        for version_id, file_name, config in rows:
            if only_stale and config == self.config:
                continue
            if limit is not None and len(queued) >= limit:
                break
            try:
                queued.append(self.reindex_source(cid, version_id, access))
            except StoreError as exc:
                skipped.append((file_name, str(exc)))
        return ImportResult(tuple(queued), tuple(skipped))

    def count_stale_embeddings(self) -> int:
        """Active sources, in every collection, whose vectors are not of the store's embedding
        identity (0 without a provider): semantic and hybrid search refuse them until they are
        reindexed. For the host that opens the store (a count, no names: no access check)."""
        if self.provider is None:
            return 0
        with self.backend.read() as tx:
            found = tx.value(
                "SELECT count(*) FROM versions WHERE state = 'active' AND (embedding IS NULL OR embedding <> ?)",
                [self.embedding_identity],
            )
        return int(found or 0)

    def reindex_status(self, cid: str, access: AccessContext) -> ReindexStatus:
        """How many of the collection's active sources are of the store's current processing
        configuration, how many reindex jobs wait or run, and how many stale sources' latest
        reindex failed."""
        self._collection(cid, access, False)
        with self.backend.read() as tx:
            rows = tx.rows(
                "SELECT v.config, (SELECT j.state FROM jobs j WHERE j.document_id = v.document_id "
                "AND j.kind IN ('reindex', 'reindex-chunks') ORDER BY j.seq DESC LIMIT 1) "
                "FROM versions v WHERE v.collection_id = ? AND v.state = 'active'",
                [cid],
            )
            pending = int(
                tx.value(
                    "SELECT count(*) FROM jobs WHERE collection_id = ? AND kind IN ('reindex', 'reindex-chunks') "
                    f"AND state IN {_IN_PENDING}",
                    [cid],
                )
                or 0
            )
        current = sum(1 for config, _ in rows if config == self.config)
        failed = sum(1 for config, state in rows if config != self.config and state == "failed")
        return ReindexStatus(len(rows), current, pending, failed)

    # ------------------------------------------------------------------ passages

    def get_passage(self, cid: str, passage_id: str, access: AccessContext) -> Passage:
        """The original text and record of a passage of an active version.

        A passage of a replaced or deleted version is gone: NotFoundError, never other text.
        """
        self._collection(cid, access, False)
        with self.backend.read() as tx:
            row = tx.one(
                f"SELECT {PASSAGE_COLUMNS} FROM passages p JOIN documents d ON d.id = p.document_id "
                "WHERE p.id = ? AND p.collection_id = ?",
                [passage_id, cid],
            )
        if row is None:
            raise NotFoundError(
                f"passage {passage_id!r} not found: its source may have been replaced or deleted; search again"
            )
        return passage_from_row(row)

    def list_passages(self, cid: str, document_id: str, access: AccessContext, *, offset: int = 0, limit: int = 100) -> list[Passage]:
        """A file's passages (its active version) in reading order."""
        self._collection(cid, access, False)
        for name, value, hi in (("offset", offset, 10**9), ("limit", limit, 1000)):
            if isinstance(value, bool) or not isinstance(value, int) or not (0 if name == "offset" else 1) <= value <= hi:
                raise InvalidRequestError(f"{name} must be an int from {0 if name == 'offset' else 1} to {hi:,}, got {value!r}")
        with self.backend.read() as tx:
            version = tx.value("SELECT active_version_id FROM documents WHERE id = ? AND collection_id = ?", [document_id, cid])
            if version is None:
                raise NotFoundError(f"document {document_id!r} has no active version in this collection: list the sources")
            rows = tx.rows(
                f"SELECT {PASSAGE_COLUMNS} FROM passages p JOIN documents d ON d.id = p.document_id "
                "WHERE p.version_id = ? ORDER BY p.seq LIMIT ? OFFSET ?",
                [version, limit, offset],
            )
        return [passage_from_row(r) for r in rows]

    def _ven(self, tx: Any, version_id: str) -> ven.Ven:
        with self._vens_lock:
            found = self._vens.get(version_id)
            if found is not None:
                self._vens.move_to_end(version_id)
                return found
        records = [json.loads(r[0]) for r in tx.rows("SELECT record FROM passages WHERE version_id = ? ORDER BY seq", [version_id])]
        built = ven.Ven(records)
        with self._vens_lock:
            self._vens[version_id] = built
            while len(self._vens) > 256:
                self._vens.popitem(last=False)
        return built

    def expand(
        self,
        cid: str,
        passage_ids: Sequence[str],
        access: AccessContext,
        *,
        budget: int = 2000,
        neighbours: int = 0,
        max_tokens: int | None = None,
    ) -> list[Passage]:
        """The passages with what completes them (whole tables, runs of revisions and comments,
        then the chunks they refer to and that refer to them: ven's ``add_related_chunks``
        with ``references``) within ``budget`` extra tokens per source, in reading order.

        ``neighbours`` (0-5): then up to that many chunks before and after each passage, in
        reading order, nearest first, while the source's extra tokens stay under ``budget``.
        ``max_tokens``: a hard cap on the tokens of everything returned, the passages asked
        for included; what would pass it is left out whole (ven's ``max_tokens``), and
        passages that alone hold more are an :class:`InvalidRequestError`.
        """
        self._collection(cid, access, False)
        if isinstance(passage_ids, str) or not passage_ids or len(passage_ids) > 50:
            raise InvalidRequestError("passage_ids must be a list of 1 to 50 passage ids")
        if isinstance(budget, bool) or not isinstance(budget, int) or not 0 <= budget <= 100_000:
            raise InvalidRequestError(f"budget must be an int from 0 to 100,000 tokens, got {budget!r}")
        if isinstance(neighbours, bool) or not isinstance(neighbours, int) or not 0 <= neighbours <= 5:
            raise InvalidRequestError(f"neighbours must be an int from 0 to 5, got {neighbours!r}")
        if max_tokens is not None and (isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or not 1 <= max_tokens <= 1_000_000):
            raise InvalidRequestError(f"max_tokens must be an int from 1 to 1,000,000 or None, got {max_tokens!r}")
        ids = list(dict.fromkeys(str(p) for p in passage_ids))
        with self.backend.read() as tx:
            found = tx.rows(
                f"SELECT id, version_id, seq, tokens FROM passages WHERE collection_id = ? AND id IN ({placeholders(len(ids))})",
                [cid, *ids],
            )
            missing = set(ids) - {r[0] for r in found}
            if missing:
                raise NotFoundError(f"passage(s) {', '.join(sorted(missing))} not found: their source may have been replaced; search again")
            by_version: dict[str, list[int]] = {}
            anchor_tokens: dict[str, int] = {}
            for _, version_id, seq, tokens in found:
                by_version.setdefault(version_id, []).append(int(seq))
                anchor_tokens[version_id] = anchor_tokens.get(version_id, 0) + int(tokens or 0)
            asked_total = sum(anchor_tokens.values())
            if max_tokens is not None and asked_total > max_tokens:
                raise InvalidRequestError(
                    f"the {len(ids)} passages asked for hold {asked_total} tokens, over max_tokens={max_tokens}: "
                    "ask for fewer passages or a larger max_tokens"
                )
            out: list[Passage] = []
            spent = 0
            asked_later = asked_total
            for version_id, seqs in by_version.items():
                v = self._ven(tx, version_id)
                asked_later -= anchor_tokens[version_id]
                # what is left of the cap, less what the later sources' own passages need
                cap = None if max_tokens is None else max_tokens - spent - asked_later
                with v.begin_expansion(seqs, max_tokens=cap) as exp:
                    exp.add_related_chunks(
                        revisions=v.has_revisions, comments=v.has_comments, budget=budget, references=v.has_references
                    )
                    chosen = set(exp.seqs)
                    extra, total = exp.enrichment_tokens, exp.tokens
                if neighbours:
                    for seq in _neighbours(v, seqs, chosen, neighbours):
                        cost = v.chunk_tokens(seq)
                        if extra >= budget or (cap is not None and total + cost > cap):
                            break
                        chosen.add(seq)
                        extra, total = extra + cost, total + cost
                spent += total
                ordered = sorted(chosen)
                rows = tx.rows(
                    f"SELECT {PASSAGE_COLUMNS} FROM passages p JOIN documents d ON d.id = p.document_id "
                    f"WHERE p.version_id = ? AND p.seq IN ({placeholders(len(ordered))}) ORDER BY p.seq",
                    [version_id, *ordered],
                )
                asked = set(seqs)
                # score 1.0 marks the passages asked for, 0.0 what completes them
                out.extend(passage_from_row(r, 1.0 if json.loads(r[7])["ssSeq"] in asked else 0.0) for r in rows)
        return out

    # ------------------------------------------------------------------ search and questions

    def search(
        self,
        cid: str,
        query: str,
        access: AccessContext,
        *,
        mode: SearchMode | str = SearchMode.AUTO,
        limit: int = LIMIT_DEFAULT,
        budget: int = BUDGET_DEFAULT,
        filters: Mapping[str, str | int] | None = None,
        include_documents: Sequence[str] | None = None,
        exclude_documents: Sequence[str] | None = None,
        version_id: str | None = None,
    ) -> SearchResult:
        """Bounded evidence for ``query``: see :mod:`demo.store.search` for the modes and rules."""
        self._collection(cid, access, False)
        scope = make_scope(
            cid, filters=filters, include_documents=include_documents, exclude_documents=exclude_documents, version_id=version_id
        )
        return self.searcher.search(scope, query, mode, limit, budget, client=access.subject or "")  # type: ignore[arg-type]

    def ask(
        self,
        cid: str,
        question: str,
        access: AccessContext,
        *,
        options: AskOptions | None = None,
        mode: SearchMode | str = SearchMode.AUTO,
        chat: ChatLike | None = None,
        mini: ChatLike | None = None,
        history: Sequence[tuple[str, str]] = (),
    ) -> AskResult:
        """Route, retrieve, expand and assemble the context for ``question`` (ven's collection
        pipeline over this store's search); with ``chat``, also the answer."""
        self._collection(cid, access, False)
        opts = options if options is not None else AskOptions()
        if not isinstance(opts, AskOptions):
            raise InvalidRequestError(f"options must be AskOptions, got {type(opts).__name__}")
        try:
            search_mode = SearchMode(mode)
        except ValueError:
            raise InvalidRequestError(f"mode must be one of {', '.join(m.value for m in SearchMode)}, got {mode!r}") from None
        index_text = self.index_document(cid, access).text if opts.routing == "model" else ""
        return self.asker.ask(cid, index_text, question, opts, search_mode, chat, mini, history, client=access.subject or "")

    def index_document(self, cid: str, access: AccessContext) -> IndexDocument:
        """The collection's routing index document: ven's index entry of each active source
        (stored with its version), in activation order — the order ven's collection uses."""
        self._collection(cid, access, False)
        with self.backend.read() as tx:
            text, tokens, count = ingest.index_document(tx, cid)
        return IndexDocument(text, tokens, count)

    def backup(self, path: str | os.PathLike[str]) -> None:
        """A consistent copy of a SQLite store (its online backup; never copy the live file and its WAL)."""
        self.backend.backup(os.fspath(path))


_IN_PENDING = "(" + ", ".join(f"'{state}'" for state in jobs.PENDING_STATES) + ")"


def _check_limit(limit: object, most: int) -> None:
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= most:
        raise InvalidRequestError(f"limit must be an int from 1 to {most} (StoreOptions.max_pending_jobs), got {limit!r}")


def _neighbours(v: ven.Ven, asked: Sequence[int], chosen: set[int], n: int) -> list[int]:
    """The chunks up to ``n`` before and after each asked seq, nearest first (distance 1 of
    every asked chunk, before then after, then distance 2, ...), not yet chosen, each once."""
    out: dict[int, None] = {}
    for d in range(1, n + 1):
        for seq in sorted(asked):
            for cand in (seq - d, seq + d):
                if 0 <= cand < v.chunk_count and cand not in chosen:
                    out.setdefault(cand, None)
    return list(out)
