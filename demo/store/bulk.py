"""Converting elsewhere (a Ray cluster), storing here: dan's output written into a store.

The Ray Data recipe of ``docs/scale-out.md`` converts files with dan on a cluster and hands
the store one row per file. :func:`convert_for_store` is the row function (``map``) that
converts as the store's worker does (the same ``dan.convert`` call, with the store's options); :func:`write_rows` queues each row through the
store's public API, and the store's worker embeds and activates it like any other job:

* a converted file is queued as pre-chunked dan output with the file itself
  (:meth:`KnowledgeStore.enqueue_chunks` with ``source``): its chunks and records exactly as
  dan made them (checked again by the store), a new version of the file that keeps the
  file's bytes as an upload's does (downloaded as the original, reindexed by converting it
  again) and replaces the active one atomically, only once it is complete — or is held, as
  any replacement that loses much of the active version;
* a file dan could not convert (or that has no text) is queued as the file itself
  (:meth:`KnowledgeStore.enqueue`): the store's worker converts it again and fails its job
  with the same reason and ``error_code`` as any upload, bytes kept for a retry.

``ssDocId`` of a converted file is :func:`document_key` of its collection and file name (the
store's own conversion uses its document id, which exists only once a file is queued), so
every file of a collection gets its own id and keeps it from version to version.

Nothing here imports Ray: the functions map plain ``dict`` rows.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from attrs import frozen

import dan
from demo.store.errors import PendingJobsLimitError, StoreError
from demo.store.options import StoreOptions
from demo.store.values import AccessContext

if TYPE_CHECKING:
    from demo.store.store import KnowledgeStore

__all__ = ["WrittenFile", "convert_for_store", "document_key", "write_rows"]


def document_key(collection_id: str, file_name: str) -> str:
    """The ``ssDocId`` of a file converted for a store: ``D`` and 16 hex digits of the
    collection and file name (a valid ven document id, the same for every version)."""
    digest = hashlib.sha256(f"{collection_id}\0{file_name}".encode()).hexdigest()
    return "D" + digest[:16].upper()


def convert_for_store(row: Mapping[str, Any], collection_id: str, options: StoreOptions) -> dict[str, Any]:
    """Convert one ``ray.data.read_binary_files`` row (``bytes``, ``path``) for a collection
    of a store with ``options``, as the store's own worker would (the same :func:`dan.convert`
    call: its chunk limit, dan limits and the file name).

    One row per file, every column a scalar: ``path``, ``file_name`` (the path's last part),
    ``doc_id``, ``doc_title``, ``chunk_count``, ``error_type`` and ``error`` (``""`` when it
    converted), ``chunks_json`` (a JSON list of ``{"text", "record"}``, what
    :meth:`~demo.store.KnowledgeStore.enqueue_chunks` takes) and ``bytes``: the file's bytes
    (:func:`write_rows` queues them with the chunks, as the version's source, or alone when
    the file failed or has no chunks, so that the store fails its job). Any exception of the
    conversion becomes the row's error.
    """
    data = row.get("bytes")
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise StoreError(f"convert_for_store expects rows of ray.data.read_binary_files: a 'bytes' column (got {type(data).__name__})")
    path = str(row.get("path") or "")
    file_name = os.path.basename(path)
    if not file_name:
        raise StoreError("convert_for_store needs each row's path (read_binary_files(..., include_paths=True))")
    out: dict[str, Any] = {"path": path, "file_name": file_name, "doc_id": "", "doc_title": "", "chunk_count": 0,
                           "error_type": "", "error": "", "chunks_json": "[]", "bytes": bytes(data)}
    try:
        res = dan.convert(bytes(data), options=options.convert_options(), doc_id=document_key(collection_id, file_name), filename=file_name)
    except Exception as exc:  # one bad file must not fail the job: the store fails its own job for it
        return {**out, "error_type": type(exc).__name__, "error": str(exc) or type(exc).__name__}
    chunks = [{"text": t, "record": r} for t, r in zip(res.chunks, res.records, strict=True)]
    return {
        **out, "doc_id": res.doc_id, "doc_title": res.doc_title, "chunk_count": len(chunks),
        "chunks_json": json.dumps(chunks, ensure_ascii=False, separators=(",", ":")),
    }


@frozen(slots=True)
class WrittenFile:
    """What :func:`write_rows` queued for one file: its job, and whether it went as dan's chunks."""

    file_name: str
    job_id: str
    converted: bool


def write_rows(
    store: KnowledgeStore,
    collection_id: str,
    rows: Iterable[Mapping[str, Any]],
    access: AccessContext,
    *,
    wait: float = 0.2,
    timeout: float = 3600.0,
) -> list[WrittenFile]:
    """Queue every :func:`convert_for_store` row in the collection; what was queued, in order.

    When the store's ``max_pending_jobs`` is reached, waits (polling every ``wait`` seconds,
    at most ``timeout`` seconds in all) for its workers to take jobs, so a corpus of any size
    streams through a bounded queue: start a worker first (``store.start_worker()`` or
    ``python -m demo worker``). Refusals other than a full queue raise, as ``enqueue`` does.
    """
    written: list[WrittenFile] = []
    end = time.monotonic() + timeout
    for row in rows:
        name = str(row["file_name"])
        converted = not row["error"] and bool(row["chunk_count"])
        while True:
            try:
                if converted:
                    job_id = store.enqueue_chunks(collection_id, name, json.loads(row["chunks_json"]), access, source=bytes(row["bytes"]))
                else:
                    job_id = store.enqueue(collection_id, name, bytes(row["bytes"]), access)
                break
            except PendingJobsLimitError:
                if time.monotonic() > end:
                    raise
                time.sleep(wait)
        written.append(WrittenFile(name, job_id, converted))
    return written
