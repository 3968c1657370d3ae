"""Checks shared by the bulk-writing tests (plain rows here, Ray Data in tests/test_ray.py):
files converted outside the store and written with demo.store.bulk end as the store's own
ingestion of the same files would, failures included."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from demo.store import AccessContext, HashingProvider, JobState, KnowledgeStore, StoreOptions
from demo.store.bulk import WrittenFile, document_key

ME = AccessContext("alice")
OPTIONS = StoreOptions(max_tokens=96, max_pending_jobs=4)


def open_store(path: Path, pending: int = 4) -> KnowledgeStore:
    """A store with small chunks and a small queue (``pending`` jobs at most)."""
    options = StoreOptions(max_tokens=OPTIONS.max_tokens, max_pending_jobs=pending)
    return KnowledgeStore(path, options=options, embeddings=HashingProvider(dims=64))


def drain(store: KnowledgeStore) -> None:
    while store.process_next():
        pass


def passages(store: KnowledgeStore, cid: str) -> dict[str, list[tuple[str, dict[str, Any]]]]:
    """Each active source's passages: text and record without ``ssDocId``."""
    out = {}
    for src in store.list_sources(cid, ME):
        found = store.list_passages(cid, src.document_id, ME, limit=1000)
        out[src.file_name] = [(p.text, {k: v for k, v in p.record.items() if k != "ssDocId"}) for p in found]
    return out


def check_written(
    tmp: Path, store: KnowledgeStore, cid: str, files: Mapping[str, Path], written: Sequence[WrittenFile], bad: str
) -> None:
    """``written`` (by write_rows, then drained) holds what the store's own ingestion makes of
    ``files``: the same passages and embedding, and the same failure for ``bad``."""
    assert sorted(w.file_name for w in written) == sorted(p.name for p in files.values())
    assert {w.file_name for w in written if not w.converted} == {bad}
    with open_store(tmp / "reference.db", pending=100) as ref:
        rcid = ref.create_collection("Reference", ME).id
        ref_jobs = {p.name: ref.enqueue(rcid, p.name, p.read_bytes(), ME) for p in files.values()}
        drain(ref)
        assert passages(store, cid) == passages(ref, rcid)
        assert {s.embedding for s in store.list_sources(cid, ME)} == {ref.embedding_identity}
        for w in written:
            job = store.get_job(cid, w.job_id, ME)
            expected = ref.get_job(rcid, ref_jobs[w.file_name], ME)
            assert (job.state, job.error_code, job.error) == (expected.state, expected.error_code, expected.error)
        failed = store.get_job(cid, next(w.job_id for w in written if w.file_name == bad), ME)
        assert failed.state == JobState.FAILED and failed.error_code == "encrypted"
    by_name = {p.name: p for p in files.values()}
    for src in store.list_sources(cid, ME):
        record = store.list_passages(cid, src.document_id, ME, limit=1)[0].record
        assert record["ssDocId"] == document_key(cid, src.file_name)
        # the version keeps the file, as an upload's does: not the chunks' JSON
        assert store.download_source(cid, src.version_id, ME).content == by_name[src.file_name].read_bytes()
