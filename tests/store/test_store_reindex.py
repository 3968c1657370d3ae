"""Reindexing a collection after the processing configuration changed: bounded batches, a
status that says how far it is, each source queued once, and messages that say what to run."""

from __future__ import annotations

import attrs
import pytest
from store_helpers import ALICE, BOB, OPTIONS, drain, ingest, terms_md

from demo.store import jobs
from demo.store import EmbeddingMismatchError, InvalidRequestError, JobState, NotFoundError, ReindexStatus

ON = attrs.evolve(OPTIONS, index_context="embedding", max_pending_jobs=8)


def _stale_collection(make_store, files: int = 3):  # type: ignore[no-untyped-def]
    """A collection of ``files`` sources written without the context line, and a store
    opened with it (every source is then stale)."""
    off = make_store()
    cid = off.create_collection("C", ALICE).id
    for n in range(files):
        assert ingest(off, cid, f"t{n}.md", terms_md(f"marker{n}")).state == JobState.READY
    return make_store(options=ON), cid


def test_reindex_in_bounded_batches_with_a_status(make_store) -> None:  # type: ignore[no-untyped-def]
    on, cid = _stale_collection(make_store)
    assert on.reindex_status(cid, ALICE) == ReindexStatus(sources=3, current=0, pending=0, failed=0)
    assert on.count_stale_embeddings() == 3 and make_store(embeddings="none").count_stale_embeddings() == 0
    assert on.reindex_status(cid, ALICE).stale == 3 and not on.reindex_status(cid, ALICE).done
    first = on.reindex_collection(cid, ALICE, limit=2)
    assert len(first.job_ids) == 2 and first.skipped == ()
    # the sources already waiting are left out: the next batch holds only the third
    second = on.reindex_collection(cid, ALICE, limit=2)
    assert len(second.job_ids) == 1 and not set(second.job_ids) & set(first.job_ids)
    assert on.reindex_collection(cid, ALICE).job_ids == ()
    assert on.reindex_status(cid, ALICE) == ReindexStatus(sources=3, current=0, pending=3, failed=0)
    drain(on)
    status = on.reindex_status(cid, ALICE)
    assert status == ReindexStatus(sources=3, current=3, pending=0, failed=0) and status.done and status.stale == 0
    assert on.count_stale_embeddings() == 0
    assert on.search(cid, "marker1", ALICE, mode="semantic").passages


@pytest.mark.parametrize("limit", [0, 9, True, 2.0, "2"])
def test_a_batch_limit_out_of_range_is_refused(make_store, limit) -> None:  # type: ignore[no-untyped-def]
    on, cid = _stale_collection(make_store, files=1)
    with pytest.raises(InvalidRequestError, match="limit must be an int from 1 to 8"):
        on.reindex_collection(cid, ALICE, limit=limit)
    assert on.reindex_status(cid, ALICE).pending == 0


def test_a_source_is_queued_once_however_often_it_is_asked_for(make_store) -> None:  # type: ignore[no-untyped-def]
    on, cid = _stale_collection(make_store, files=1)
    version = on.list_sources(cid, ALICE)[0].version_id
    job = on.reindex_source(cid, version, ALICE)
    assert on.reindex_source(cid, version, ALICE) == job
    assert [j.id for j in on.list_jobs(cid, ALICE) if j.kind == "reindex"] == [job]


def test_a_failed_reindex_is_counted_and_queued_again(make_store) -> None:  # type: ignore[no-untyped-def]
    on, cid = _stale_collection(make_store, files=2)
    first, _ = on.reindex_collection(cid, ALICE).job_ids
    claimed = on.claim_next()
    assert claimed is not None and claimed.id == first
    jobs.fail(on.backend, claimed, "interrupted: the worker stopped", "interrupted")  # as a killed worker's job ends
    assert on.reindex_status(cid, ALICE) == ReindexStatus(sources=2, current=0, pending=1, failed=1)
    drain(on)
    assert on.reindex_status(cid, ALICE) == ReindexStatus(sources=2, current=1, pending=0, failed=1)
    again = on.reindex_collection(cid, ALICE)
    assert len(again.job_ids) == 1 and first not in again.job_ids
    drain(on)
    assert on.reindex_status(cid, ALICE) == ReindexStatus(sources=2, current=2, pending=0, failed=0)


def test_the_status_needs_read_access_and_the_reindex_write_access(make_store) -> None:  # type: ignore[no-untyped-def]
    on, cid = _stale_collection(make_store, files=1)
    for call in (lambda: on.reindex_status(cid, BOB), lambda: on.reindex_collection(cid, BOB, limit=1)):
        with pytest.raises(NotFoundError):
            call()
    assert on.reindex_status(cid, ALICE).pending == 0


def test_the_messages_that_ask_for_a_reindex_say_what_to_run(make_store) -> None:  # type: ignore[no-untyped-def]
    on, cid = _stale_collection(make_store, files=1)
    with pytest.raises(EmbeddingMismatchError) as err:
        on.search(cid, "marker0", ALICE, mode="hybrid")
    for told in ("python -m demo reindex --db", f"POST /api/knowledge/{cid}/reindex", "reindex_collection"):
        assert told in str(err.value)
    auto = on.search(cid, "marker0", ALICE)
    assert auto.mode.value == "keyword" and "python -m demo reindex --db" in auto.notice
