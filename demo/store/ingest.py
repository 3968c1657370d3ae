"""Processing one claimed job: dan converts, the provider embeds, one transaction activates.

Nothing a search can see changes until :func:`activate`, which in a single transaction
inserts the new version and its passages, retires the previous version (its passages and
stored bytes are removed, its row stays as ``retired`` so old passage ids resolve to
nothing), points the document at the new version, rebuilds the collection's routing index
document and marks the job ready. A worker killed at any moment therefore leaves either
the old state or the new one, never a mix.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Sequence

import numpy as np
from attrs import evolve, frozen

import dan
import ven
from demo.store import jobs, prechunked
from demo.store.context import context_line, indexed_identity, indexed_text
from demo.store.db import Backend, PassageRow, Tx
from demo.store.embedding import EmbeddingProvider, provider_vectors
from demo.store.errors import EmbeddingError, EmbeddingUnavailableError, InvalidVectorError, StoreError
from demo.store.options import StoreOptions
from demo.store.values import FAILURE_CODES, JobState

#: Seconds between two progress writes of a running job.
PROGRESS_EVERY = 0.5

__all__ = [
    "Abandoned",
    "Converted",
    "Heartbeat",
    "activate",
    "convert_job",
    "convert_source",
    "describe_failure",
    "embed_texts",
    "finish",
    "hold_reason",
    "index_document",
    "process",
]


class Abandoned(Exception):
    """The job was cancelled or deleted while it was processed: drop the work."""


@frozen(slots=True)
class Converted:
    """dan's output for one source, ready to store."""

    chunks: tuple[str, ...]
    records: tuple[dict[str, str | int], ...]
    doc_key: str
    title: str
    tokens: int
    index_text: str
    index_tokens: int
    #: dan's warnings (what the conversion skipped or repaired).
    warnings: tuple[dan.Message, ...] = ()
    #: The file's own bytes when the job's payload held more than the file (a file converted
    #: elsewhere, packed with its chunks): what the version keeps. None: the payload is it.
    original: bytes | None = None

    def contexts(self, options: StoreOptions) -> tuple[str, ...]:
        """Each chunk's context line under ``options`` (all ``""`` when ``index_context`` is off)."""
        if options.index_context == "off":
            return ("",) * len(self.chunks)
        return tuple(context_line(r) for r in self.records)


#: A replacement keeping less than this share of the active version's tokens is held.
KEEP_AT_LEAST = 0.5


def hold_reason(converted: Converted, old_tokens: int, old_chunks: int) -> str:
    """Why a replacement of an active version (``old_tokens`` tokens in ``old_chunks`` chunks)
    must be confirmed before it is activated, or ``""``: it keeps less than half of the
    active version's tokens, or dan reported damaged parts."""
    damaged = [w.where or w.message for w in converted.warnings if w.code == "damaged-part"]
    reasons = []
    if converted.tokens < KEEP_AT_LEAST * old_tokens:
        reasons.append(
            f"it keeps {converted.tokens:,} of the active version's {old_tokens:,} tokens "
            f"({_count(len(converted.chunks), 'chunk')} instead of {old_chunks:,})"
        )
    if damaged:
        reasons.append(f"dan found damaged parts ({', '.join(damaged[:5])}) and skipped them")
    if not reasons:
        return ""
    return (
        "held: " + "; ".join(reasons) + ". The active version stays: confirm the job to replace it anyway, or cancel it"
    )


def convert_source(file_name: str, data: bytes, document_id: str, options: StoreOptions) -> Converted:
    """Convert a source with dan (every format dan reads); DanError for bad input, StoreError
    when it has no text."""
    # (the bytes are read as if from a file of that name: no temporary file is written)
    res = dan.convert(data, options=options.convert_options(), doc_id=document_id, filename=file_name)
    if len(res) == 0:
        raise StoreError(f"{file_name} has no text to index (dan made 0 chunks): nothing was stored")
    records = res.records
    entry = ven.Ven(records).create_document_index(options.index_pct, dan.count_tokens)
    return Converted(
        chunks=res.chunks,
        records=records,
        doc_key=res.doc_id,
        title=res.doc_title,
        tokens=sum(int(r["ssTokens"]) for r in records),
        index_text=entry.text,
        index_tokens=entry.tokens,
        warnings=res.warnings,
    )


def convert_chunks(data: bytes, options: StoreOptions) -> Converted:
    """A pre-chunked source (dan's output uploaded as is), checked again."""
    chunks, records = prechunked.decode_chunks(data, options)
    entry = ven.Ven(records).create_document_index(options.index_pct, dan.count_tokens)
    return Converted(
        chunks=chunks,
        records=records,
        doc_key=str(records[0]["ssDocId"]),
        title=str(records[0].get("ssTitle", "")),
        tokens=sum(int(r["ssTokens"]) for r in records),
        index_text=entry.text,
        index_tokens=entry.tokens,
    )


def embed_texts(
    provider: EmbeddingProvider, texts: Sequence[str], batch: int, on_batch: Callable[[int, int], None] | None = None
) -> np.ndarray:
    """Unit float32 vectors of ``texts`` (one row each, in their order), ``batch`` per provider
    call (``on_batch(done, total)`` after each). Texts go to the provider shortest first, so
    each call holds texts of similar length and a model pads little."""
    dims = provider.identity.dimensions
    out = np.empty((len(texts), dims), dtype=np.float32)
    order = sorted(range(len(texts)), key=lambda i: (len(texts[i]), i))
    for start in range(0, len(texts), batch):
        rows = order[start : start + batch]
        part = [texts[i] for i in rows]
        try:
            out[rows] = provider_vectors(provider, part)
        except InvalidVectorError:
            raise
        except EmbeddingError as exc:  # the provider's own failure (network, model): the job fails, bytes stay
            raise EmbeddingUnavailableError(f"{exc}: retry the job") from exc
        if on_batch is not None:
            on_batch(start + len(part), len(texts))
    return out


def index_document(tx: Tx, collection_id: str) -> tuple[str, int, int]:
    """The collection's routing index document: the stored index entries of its active
    sources in activation order (text, tokens, sources) — rebuilt from them on every read,
    so it always matches the active versions."""
    rows = tx.rows(
        "SELECT index_text, index_tokens FROM versions WHERE collection_id = ? AND state = 'active' ORDER BY activated_gen",
        [collection_id],
    )
    return "\n\n".join(r[0] for r in rows if r[0]), sum(int(r[1]) for r in rows), len(rows)


def activate(
    backend: Backend,
    job: jobs.Claimed,
    converted: Converted,
    vectors: np.ndarray | None,
    identity: str,
    config: str,
    contexts: Sequence[str] = (),
) -> str:
    """Make the converted source the document's active version, in one transaction; its id.

    ``contexts`` are the chunks' context lines (:meth:`Converted.contexts`; none: empty).

    Raises :class:`Abandoned` when the job is no longer this worker's (cancelled, deleted).
    A job older than the document's active version does not replace it: it ends ready
    with a note, and the newer version stays. A replacement that would lose much of the
    active version (:func:`hold_reason`) and was not confirmed ends ``held`` with its bytes
    and the reason as its note; the active version stays.
    """
    now = time.time()
    version_id = jobs.new_id("V")
    source = job.content if converted.original is None else converted.original
    with backend.write() as tx:
        # A conditional update, not a read: on PostgreSQL it locks the job row, so a cancel
        # or a delete either ran before (no row: the work is dropped) or waits until this
        # transaction ends and then finds the job ready.
        owned = tx.execute(
            f"UPDATE jobs SET updated = ? WHERE id = ? AND worker = ? AND state IN {jobs.IN_RUNNING}",
            [now, job.id, job.worker],
        )
        if not owned:
            raise Abandoned(job.id)
        generation = int(tx.value("UPDATE collections SET generation = generation + 1 WHERE id = ? RETURNING generation", [job.collection_id]))
        clash = tx.value(
            "SELECT d.file_name FROM versions v JOIN documents d ON d.id = v.document_id WHERE v.collection_id = ? "
            "AND v.doc_key_norm = ? AND v.state = 'active' AND v.document_id <> ?",
            [job.collection_id, converted.doc_key.casefold(), job.document_id],
        )
        if clash is not None:
            raise StoreError(
                f"ssDocId {converted.doc_key!r} is already the id of {clash} in this collection: give each file its own "
                "doc_id (ven routes by it)"
            )
        old = tx.value("SELECT active_version_id FROM documents WHERE id = ?", [job.document_id])
        warnings = jobs.encode_warnings(converted.warnings)
        if old is not None:
            old_seq, old_tokens, old_chunks = tx.one("SELECT job_seq, tokens, chunk_count FROM versions WHERE id = ?", [old]) or (0, 0, 0)
            if int(old_seq or 0) > job.seq:
                tx.execute(
                    "UPDATE jobs SET state = 'ready', progress = 100, worker = NULL, updated = ?, note = ?, warnings = ? WHERE id = ?",
                    [now, f"superseded: a newer upload ({old}) is already active, so this one was not activated", warnings, job.id],
                )
                tx.execute("DELETE FROM payloads WHERE owner = ?", [job.id])
                return str(old)
            held = "" if job.confirmed else hold_reason(converted, int(old_tokens), int(old_chunks))
            if held:
                tx.execute(
                    "UPDATE jobs SET state = 'held', progress = 100, worker = NULL, updated = ?, note = ?, warnings = ? WHERE id = ?",
                    [now, held, warnings, job.id],
                )
                return str(old)
        tx.execute(
            "INSERT INTO versions (id, document_id, collection_id, state, origin, job_seq, hash, config, size, doc_key, "
            "doc_key_norm, title, chunk_count, tokens, embedding, index_text, index_tokens, activated, activated_gen, warnings) "
            "VALUES (?, ?, ?, 'active', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [
                version_id, job.document_id, job.collection_id, "chunks" if job.kind in jobs.CHUNK_KINDS else "file",
                job.seq, job.hash, config, len(source),
                converted.doc_key, converted.doc_key.casefold(), converted.title, len(converted.chunks), converted.tokens, identity if vectors is not None else "",
                converted.index_text, converted.index_tokens, now, generation, warnings,
            ],
        )
        # The job's stored bytes become the version's: no copy (of a file converted
        # elsewhere, the file alone: its chunks are in the passages).
        if converted.original is not None:
            tx.execute("UPDATE payloads SET owner = ?, data = ? WHERE owner = ?", [version_id, source, job.id])
        else:
            tx.execute("UPDATE payloads SET owner = ? WHERE owner = ?", [version_id, job.id])
        lines = list(contexts) or [""] * len(converted.chunks)
        rows = [
            PassageRow(
                id=f"{version_id}-{seq}",
                collection_id=job.collection_id,
                document_id=job.document_id,
                version_id=version_id,
                seq=seq,
                text=text,
                record=json.dumps(record, ensure_ascii=False, separators=(",", ":")),
                tokens=int(record["ssTokens"]),
                context=line,
            )
            for seq, (text, record, line) in enumerate(zip(converted.chunks, converted.records, lines, strict=True))
        ]
        backend.insert_passages(tx, rows, vectors, identity)
        if old is not None:
            backend.delete_passages(tx, job.collection_id, version_id=old)
            tx.execute("UPDATE versions SET state = 'retired', retired = ? WHERE id = ?", [now, old])
            tx.execute("DELETE FROM payloads WHERE owner = ?", [old])
        tx.execute("UPDATE documents SET active_version_id = ? WHERE id = ?", [version_id, job.document_id])
        tx.execute(
            "UPDATE jobs SET state = 'ready', progress = 100, version_id = ?, error = NULL, worker = NULL, "
            "note = ?, warnings = ?, updated = ? WHERE id = ?",
            [version_id, "confirmed: replaced the active version as asked" if job.confirmed and old is not None else "", warnings, now, job.id],
        )
    return version_id


class Heartbeat:
    """Refreshes a running job's heartbeat from a thread while dan converts (no progress to report then)."""

    def __init__(self, backend: Backend, job: jobs.Claimed, every: float) -> None:
        self._backend = backend
        self._job = job
        self._every = every
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"heartbeat-{job.id}", daemon=True)

    def __enter__(self) -> Heartbeat:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._stop.wait(self._every):
            if not jobs.heartbeat(self._backend, self._job):
                return


def convert_job(backend: Backend, options: StoreOptions, job: jobs.Claimed) -> Converted | None:
    """The first half of :func:`process`: convert a claimed job with dan (heartbeats while it
    runs); None when the job failed (recorded on it) or was abandoned."""
    try:
        with Heartbeat(backend, job, max(1.0, options.stale_after / 4)):
            if job.kind in jobs.CHUNK_KINDS:
                return convert_chunks(job.content, options)
            if job.kind == "converted":  # unpacked once: the version keeps the file's bytes
                original, chunks = prechunked.unpack_converted(job.content)
                return evolve(convert_chunks(chunks, options), original=original)
            return convert_source(job.file_name, job.content, job.document_id, options)
    except (dan.DanError, StoreError) as exc:
        code, message = describe_failure(exc, options)
        jobs.fail(backend, job, message, code)
        return None
    except Exception as exc:
        jobs.fail(backend, job, f"Internal error ({type(exc).__name__}: {exc}): report it; retry the job after a fix", "internal")
        raise


def finish(
    backend: Backend,
    options: StoreOptions,
    provider: EmbeddingProvider | None,
    config: str,
    job: jobs.Claimed,
    converted: Converted,
) -> None:
    """The second half of :func:`process`: embed the converted job and activate it; a failure
    is recorded on the job."""
    reported = [time.monotonic()]

    def report(state: JobState, pct: int, force: bool = False) -> None:
        # A write at most every PROGRESS_EVERY seconds (small jobs end before their first):
        # each one also tells the worker whether the job is still its own.
        now = time.monotonic()
        if force or now - reported[0] >= PROGRESS_EVERY:
            reported[0] = now
            if not jobs.progress(backend, job, state, pct):
                raise Abandoned(job.id)

    try:
        vectors = None
        identity = ""
        contexts = converted.contexts(options)
        if provider is not None:
            report(JobState.EMBEDDING, 40, force=True)  # a job converted ahead says "converting" until now
            identity = indexed_identity(provider.identity, options.index_context != "off").key

            def on_batch(done: int, total: int) -> None:
                report(JobState.EMBEDDING, 40 + (50 * done) // max(1, total))

            texts = [indexed_text(c, t) for c, t in zip(contexts, converted.chunks)]
            vectors = embed_texts(provider, texts, options.embed_batch, on_batch)
        # full text gets the line only under "both"
        activate(backend, job, converted, vectors, identity, config, contexts if options.index_context == "both" else ())
    except Abandoned:
        return
    except (dan.DanError, StoreError) as exc:
        code, message = describe_failure(exc, options)
        jobs.fail(backend, job, message, code)
    except Exception as exc:
        jobs.fail(backend, job, f"Internal error ({type(exc).__name__}: {exc}): report it; retry the job after a fix", "internal")
        raise


def process(
    backend: Backend,
    options: StoreOptions,
    provider: EmbeddingProvider | None,
    config: str,
    job: jobs.Claimed,
) -> None:
    """Convert, embed and activate one claimed job; a failure is recorded on the job.

    dan's errors, limits, empty documents and embedding failures fail the job with their
    message. Any other exception also fails the job ("internal error") and is re-raised.
    """
    converted = convert_job(backend, options, job)
    if converted is not None:
        finish(backend, options, provider, config, job, converted)


_FAILURES: tuple[tuple[type[Exception], str], ...] = (
    (dan.LimitExceededError, "too-large"),
    (dan.UnsupportedFormatError, "unsupported-format"),
    (dan.EncryptedDocumentError, "encrypted"),
    (dan.DanError, "damaged"),
    (EmbeddingUnavailableError, "embedding-unavailable"),
    (EmbeddingError, "embedding-unavailable"),
    (StoreError, "not-stored"),
)


def describe_failure(exc: Exception, options: StoreOptions) -> tuple[str, str]:
    """A failure's code (:data:`~demo.store.values.FAILURE_CODES`) and what a person is told:
    plain words first, then dan's or the store's own message (no class names)."""
    code = next(c for kind, c in _FAILURES if isinstance(exc, kind))
    message = f"{FAILURE_CODES[code][0].upper()}{FAILURE_CODES[code][1:]}: {exc}"
    if code == "not-stored":  # the store's own message already says it in plain words
        message = str(exc)
    if isinstance(exc, dan.LimitExceededError):
        message += (
            f" (in the knowledge store, dan's limits come from StoreOptions: max_chunks={options.max_chunks:,}, "
            f"max_extracted_chars={options.max_extracted_chars:,}, max_file_bytes={options.max_file_bytes:,})"
        )
    return code, message


def _count(n: int, noun: str) -> str:
    """``n`` and the noun, plural unless ``n`` is 1: "1 chunk", "3 chunks"."""
    return f"{n:,} {noun}{'' if n == 1 else 's'}"
