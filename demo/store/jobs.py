"""Durable ingestion jobs: enqueue, claim, progress, failure, retry, cancel, recovery.

A job is a row that holds the bytes it needs until it ends: ``queued → converting →
embedding → ready``, or ``failed`` (bytes kept for a retry) or ``cancelled`` (bytes
discarded). A worker owns a running job through its worker id; every progress write
checks that it still does, so a job cancelled or deleted under a worker is abandoned, not
finished. A running job whose worker died — a process on this host that no longer exists,
or any worker silent for ``StoreOptions.stale_after`` seconds — is *interrupted*: it is
marked failed with a reason and keeps its bytes, and :func:`retry` queues it again.
"""

from __future__ import annotations

import hashlib
import json
import os
import secrets
import socket
import time
from collections.abc import Sequence
from typing import Any, cast

from attrs import frozen

from dan import Message
from dan.model import WarningCode
from demo.store.db import Backend, Tx
from demo.store.errors import (
    ConflictError,
    FileTooLargeError,
    NotFoundError,
    PendingJobsLimitError,
)
from demo.store.options import StoreOptions
from demo.store.schema import JOB_FIELDS, Column
from demo.store.values import FAILURE_CODES, PERMANENT_FAILURES, Job, JobState

__all__ = [
    "CHUNK_KINDS",
    "IN_RUNNING",
    "JOB_COLUMNS",
    "KINDS",
    "PENDING_STATES",
    "RUNNING_STATES",
    "Claimed",
    "cancel",
    "claim",
    "confirm",
    "decode_warnings",
    "encode_warnings",
    "enqueue",
    "fail",
    "heartbeat",
    "job_from_row",
    "new_id",
    "new_worker_id",
    "progress",
    "recover_interrupted",
    "release",
    "retry",
]

JOB_COLUMNS = ", ".join(c.name for c in JOB_FIELDS)  # (a Job's fields, from the one description)
#: At most this many of dan's warnings are kept per job or version (the rest are counted in one more).
MAX_WARNINGS = 50
PENDING_STATES = ("queued", "converting", "embedding")
#: Job kinds: a file for dan, pre-chunked dan output, a file converted elsewhere (its bytes
#: and its chunks: :func:`demo.store.prechunked.pack_converted`), and the reindex of a file
#: or of pre-chunked output.
KINDS = ("ingest", "chunks", "converted", "reindex", "reindex-chunks")
CHUNK_KINDS = ("chunks", "reindex-chunks")
RUNNING_STATES = ("converting", "embedding")
_IN_PENDING = "('queued', 'converting', 'embedding')"
_IN_RUNNING = "('converting', 'embedding')"
#: ``('converting', 'embedding')``, for SQL.
IN_RUNNING = _IN_RUNNING


def new_id(prefix: str) -> str:
    """A random id: the prefix and 16 uppercase hex digits (valid as a ven document id)."""
    return prefix + secrets.token_hex(8).upper()


def new_worker_id() -> str:
    """``host:pid:random`` — which process on which host runs a job."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


def encode_warnings(warnings: Sequence[Message]) -> str:
    """dan's warnings as stored (a JSON list of ``{code, message, where}``), bounded in count and length."""
    kept = [{"code": w.code[:100], "message": w.message[:1000], "where": w.where[:300]} for w in warnings[:MAX_WARNINGS]]
    if len(warnings) > MAX_WARNINGS:
        kept.append({"code": "more-warnings", "message": f"{len(warnings) - MAX_WARNINGS} more warnings were left out", "where": ""})
    return json.dumps(kept, ensure_ascii=False, separators=(",", ":"))


def decode_warnings(text: str | None) -> tuple[Message, ...]:
    """The warnings stored by :func:`encode_warnings` (the codes dan wrote, :data:`dan.model.WarningCode`,
    and the store's own ``more-warnings``, which is not one of them: hence the cast)."""
    return tuple(
        Message(cast(WarningCode, str(w["code"])), str(w["message"]), str(w.get("where", ""))) for w in json.loads(text or "[]")
    )


def _decode(column: Column, value: Any) -> Any:
    """A column's stored value as the :class:`Job` field of the same name holds it."""
    if column.name == "state":
        return JobState(value)
    if column.name == "warnings":
        return decode_warnings(value)
    if value is None:
        return None if column.nullable else "" if column.type == "text" else 0
    if column.type in ("int", "bigint"):
        return int(value)
    if column.type == "real":
        return float(value)
    return value


def job_from_row(row: Sequence[Any]) -> Job:
    """A :class:`Job` from a row of :data:`JOB_COLUMNS` (each field decoded by its column's type)."""
    return Job(**{c.name: _decode(c, value) for c, value in zip(JOB_FIELDS, row, strict=True)})


@frozen(slots=True)
class Claimed:
    """A job a worker now owns, with everything it needs to process it."""

    seq: int
    id: str
    collection_id: str
    document_id: str
    file_name: str
    kind: str
    hash: str
    content: bytes
    worker: str
    #: The user confirmed this replacement (it is activated even if it would lose much of the active version).
    confirmed: bool = False


def enqueue(
    backend: Backend,
    options: StoreOptions,
    config: str,
    collection_id: str,
    file_name: str,
    data: bytes,
    *,
    kind: str = "ingest",
    source: bytes | None = None,
) -> str:
    """Queue ``data`` as a new version of ``file_name``; the job id.

    ``source``: the original file a ``converted`` job's ``data`` packs; the job's hash and
    size, and the size limit, are the file's, as for an upload of it.

    Identical bytes under identical processing configuration as the active version give a
    job that is ``ready`` at once (with a note) unless ``kind`` is a reindex; identical bytes
    already waiting as a job of the same kind give that job's id (so a reindex asked for
    twice, or again after a killed run, queues each source once). Raises
    :class:`FileTooLargeError` or :class:`PendingJobsLimitError`, storing nothing.
    """
    original = data if source is None else source
    if len(original) > options.max_file_bytes:
        raise FileTooLargeError(
            f"{file_name} is {len(original):,} bytes, over the store's limit of {options.max_file_bytes:,} "
            "(serve's --max-file-bytes; StoreOptions.max_file_bytes in code): split the document or raise the limit"
        )
    digest = hashlib.sha256(original).hexdigest()
    now = time.time()
    with backend.write() as tx:
        doc = tx.one("SELECT id, active_version_id FROM documents WHERE collection_id = ? AND file_name = ?", [collection_id, file_name])
        if doc is None:
            document_id = new_id("D")
            tx.execute(
                "INSERT INTO documents (id, collection_id, file_name, created) VALUES (?, ?, ?, ?)",
                [document_id, collection_id, file_name, now],
            )
            active = None
        else:
            document_id, active = doc
        if kind in ("ingest", "chunks", "converted"):
            if active is not None:
                same = tx.one("SELECT hash, config FROM versions WHERE id = ?", [active])
                if same is not None and same[0] == digest and same[1] == config:
                    job_id = new_id("J")
                    tx.execute(
                        "INSERT INTO jobs (id, collection_id, document_id, file_name, kind, state, progress, note, version_id, "
                        "hash, size, created, updated) VALUES (?, ?, ?, ?, ?, 'ready', 100, ?, ?, ?, ?, ?, ?)",
                        [
                            job_id, collection_id, document_id, file_name, kind,
                            "unchanged: the same bytes and configuration as the active version, so nothing was processed",
                            active, digest, len(original), now, now,
                        ],
                    )
                    return job_id
        waiting = tx.value(
            f"SELECT id FROM jobs WHERE document_id = ? AND kind = ? AND hash = ? AND state IN {_IN_PENDING} "
            "ORDER BY seq DESC LIMIT 1",
            [document_id, kind, digest],
        )
        if waiting is not None:
            return str(waiting)
        _check_pending(tx, options)
        job_id = new_id("J")
        tx.execute(
            "INSERT INTO jobs (id, collection_id, document_id, file_name, kind, state, progress, hash, size, "
            "created, updated) VALUES (?, ?, ?, ?, ?, 'queued', 0, ?, ?, ?, ?)",
            [job_id, collection_id, document_id, file_name, kind, digest, len(original), now, now],
        )
        tx.execute(
            "INSERT INTO payloads (owner, collection_id, document_id, data) VALUES (?, ?, ?, ?)",
            [job_id, collection_id, document_id, data],
        )
        return job_id


def _check_pending(tx: Tx, options: StoreOptions) -> None:
    pending = int(tx.value(f"SELECT count(*) FROM jobs WHERE state IN {_IN_PENDING}") or 0)
    if pending >= options.max_pending_jobs:
        raise PendingJobsLimitError(
            f"{pending} jobs are already waiting or running (StoreOptions.max_pending_jobs="
            f"{options.max_pending_jobs}): wait for them to finish, then upload again"
        )


def claim(backend: Backend, worker: str) -> Claimed | None:
    """Take the oldest queued job (``converting``), or None when nothing waits."""
    now = time.time()
    with backend.write() as tx:
        found = backend.claim_next_job(tx)
        if found is None:
            return None
        seq = int(found[0])
        tx.execute(
            "UPDATE jobs SET state = 'converting', progress = 5, attempts = attempts + 1, error = NULL, error_code = '', worker = ?, "
            "heartbeat = ?, updated = ? WHERE seq = ?",
            [worker, now, now, seq],
        )
        row = tx.one(
            "SELECT j.id, j.collection_id, j.document_id, j.file_name, j.kind, j.hash, b.data, j.confirmed FROM jobs j "
            "LEFT JOIN payloads b ON b.owner = j.id WHERE j.seq = ?",
            [seq],
        )
    assert row is not None
    return Claimed(seq, row[0], row[1], row[2], row[3], row[4], row[5], bytes(row[6] or b""), worker, bool(row[7]))


def progress(backend: Backend, job: Claimed, state: JobState, pct: int) -> bool:
    """Record progress (and the heartbeat); False when the job is no longer this worker's."""
    now = time.time()
    with backend.write() as tx:
        changed = tx.execute(
            f"UPDATE jobs SET state = ?, progress = ?, heartbeat = ?, updated = ? WHERE id = ? AND worker = ? AND state IN {_IN_RUNNING}",
            [state.value, int(pct), now, now, job.id, job.worker],
        )
    return changed > 0


def release(backend: Backend, job: Claimed) -> bool:
    """Put a claimed job back in the queue, in its place (its worker stops before processing
    it); False when it is no longer this worker's."""
    now = time.time()
    with backend.write() as tx:
        return tx.execute(
            f"UPDATE jobs SET state = 'queued', progress = 0, attempts = attempts - 1, worker = NULL, heartbeat = NULL, "
            f"updated = ? WHERE id = ? AND worker = ? AND state IN {_IN_RUNNING}",
            [now, job.id, job.worker],
        ) > 0


def heartbeat(backend: Backend, job: Claimed) -> bool:
    """Tell the store the worker is alive; False when the job is no longer this worker's."""
    now = time.time()
    with backend.write() as tx:
        return tx.execute(
            f"UPDATE jobs SET heartbeat = ? WHERE id = ? AND worker = ? AND state IN {_IN_RUNNING}", [now, job.id, job.worker]
        ) > 0


def fail(backend: Backend, job: Claimed, error: str, code: str = "internal") -> None:
    """Mark a running job failed with ``error`` of kind ``code`` (:data:`~demo.store.values.FAILURE_CODES`;
    its bytes stay for a retry)."""
    now = time.time()
    with backend.write() as tx:
        tx.execute(
            "UPDATE jobs SET state = 'failed', error = ?, error_code = ?, worker = NULL, updated = ? "
            f"WHERE id = ? AND worker = ? AND state IN {_IN_RUNNING}",
            [error[:4000], code, now, job.id, job.worker],
        )


def retry(backend: Backend, options: StoreOptions, collection_id: str, job_id: str) -> None:
    """Queue a failed job again; ConflictError for any other state."""
    now = time.time()
    with backend.write() as tx:
        row = tx.one(
            "SELECT j.state, b.owner IS NOT NULL, j.error_code FROM jobs j LEFT JOIN payloads b ON b.owner = j.id "
            "WHERE j.id = ? AND j.collection_id = ?",
            [job_id, collection_id],
        )
        if row is None:
            raise NotFoundError(f"job {job_id!r} not found in this collection")
        state = JobState(row[0])
        if state != JobState.FAILED:
            raise ConflictError(f"job {job_id!r} is {state.value}: only a failed job can be retried")
        if row[2] in PERMANENT_FAILURES:
            raise ConflictError(
                f"job {job_id!r} failed because {FAILURE_CODES[row[2]]}: a retry fails the same way; "
                "fix the file and upload it again"
            )
        if not row[1]:
            raise ConflictError(f"job {job_id!r} no longer holds its bytes: upload the file again")
        _check_pending(tx, options)
        # Conditional on what was read: a cancel that slipped in between wins (PostgreSQL
        # runs these at READ COMMITTED; the update waits for it and then matches nothing).
        changed = tx.execute(
            "UPDATE jobs SET state = 'queued', progress = 0, error = NULL, worker = NULL, heartbeat = NULL, updated = ? "
            "WHERE id = ? AND state = 'failed' AND EXISTS (SELECT 1 FROM payloads b WHERE b.owner = jobs.id)",
            [now, job_id],
        )
        if not changed:
            raise ConflictError(f"job {job_id!r} changed while it was retried (cancelled?): list the jobs")


def confirm(backend: Backend, options: StoreOptions, collection_id: str, job_id: str) -> None:
    """Queue a held job again, to be activated even though it loses much of the active version;
    ConflictError for a job in any other state."""
    now = time.time()
    with backend.write() as tx:
        state = tx.value("SELECT state FROM jobs WHERE id = ? AND collection_id = ?", [job_id, collection_id])
        if state is None:
            raise NotFoundError(f"job {job_id!r} not found in this collection")
        if JobState(state) != JobState.HELD:
            raise ConflictError(f"job {job_id!r} is {state}: only a held job can be confirmed")
        _check_pending(tx, options)
        changed = tx.execute(
            "UPDATE jobs SET state = 'queued', progress = 0, confirmed = 1, worker = NULL, heartbeat = NULL, updated = ? "
            "WHERE id = ? AND state = 'held'",
            [now, job_id],
        )
        if not changed:
            raise ConflictError(f"job {job_id!r} changed while it was confirmed (cancelled?): list the jobs")


def cancel(backend: Backend, collection_id: str, job_id: str) -> None:
    """Cancel a waiting, running, held or failed job and discard its bytes (idempotent for cancelled jobs)."""
    now = time.time()
    with backend.write() as tx:
        # Conditional, so that an activation committing meanwhile (the job now ready) is
        # never overwritten: the update then matches nothing and the state is read again.
        changed = tx.execute(
            "UPDATE jobs SET state = 'cancelled', worker = NULL, updated = ? WHERE id = ? AND collection_id = ? "
            "AND state IN ('queued', 'converting', 'embedding', 'failed', 'held')",
            [now, job_id, collection_id],
        )
        if changed:
            tx.execute("DELETE FROM payloads WHERE owner = ?", [job_id])
            return
        row = tx.one("SELECT state FROM jobs WHERE id = ? AND collection_id = ?", [job_id, collection_id])
        if row is None:
            raise NotFoundError(f"job {job_id!r} not found in this collection")
        if JobState(row[0]) == JobState.READY:
            raise ConflictError(f"job {job_id!r} is ready: delete the source instead of cancelling the job")


def recover_interrupted(backend: Backend, stale_after: float, own_worker: str | None = None) -> list[str]:
    """Mark running jobs whose worker is gone as failed (bytes kept); their ids."""
    now = time.time()
    host = socket.gethostname()
    with backend.read() as tx:
        running = tx.rows(f"SELECT id, worker, heartbeat FROM jobs WHERE state IN {_IN_RUNNING}")
    dead: list[tuple[str, str | None]] = []
    for job_id, worker, beat in running:
        if worker == own_worker and own_worker is not None:
            continue
        if worker is None or beat is None or now - float(beat) > stale_after or _dead_here(worker, host):
            dead.append((job_id, worker))
    out: list[str] = []
    for job_id, worker in dead:
        owner_sql, owner = ("worker IS NULL", []) if worker is None else ("worker = ?", [worker])
        with backend.write() as tx:
            changed = tx.execute(
                f"UPDATE jobs SET state = 'failed', error_code = 'interrupted', worker = NULL, updated = ?, error = ? WHERE id = ? AND state IN {_IN_RUNNING} "
                f"AND {owner_sql}",
                [now, "interrupted: the worker stopped while processing this job; retry it", job_id, *owner],
            )
        if changed:
            out.append(job_id)
    return out


def _dead_here(worker: str, host: str) -> bool:
    """A worker of this host whose process no longer exists."""
    parts = worker.split(":")
    if len(parts) < 3 or parts[0] != host:
        return False
    try:
        pid = int(parts[1])
    except ValueError:
        return False
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:
        return False
    return False
