"""Crash safety: a worker process killed with SIGKILL at any point leaves no half-activated version.

A real child process claims the job and is killed while dan converts, while the provider
embeds, or inside the activation transaction after its passages were written. Search and
the source list must still show exactly the previous state; after a restart the job is
failed as interrupted (bytes kept), and retrying it succeeds.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from store_helpers import ALICE, drain, ingest, terms_md, texts, wait_for

from demo.store import JobState

CHILD = Path(__file__).resolve().parent / "kill_child.py"
ROOT = Path(__file__).resolve().parents[2]


def _count(store, sql, params=()):
    with store.backend.read() as tx:
        return tx.value(sql, list(params))


@pytest.mark.parametrize("phase", ["converting", "embedding", "activating"])
@pytest.mark.parametrize("replacing", [True, False], ids=["replacement", "first-upload"])
def test_killing_the_worker_leaves_the_committed_state(db_url, make_store, tmp_path, phase, replacing):
    store = make_store()
    cid = store.create_collection("Crash", ALICE).id
    old = ingest(store, cid, "terms.md", terms_md("alpha")) if replacing else None
    before_sources = store.list_sources(cid, ALICE)
    before_passages = _count(store, "SELECT count(*) FROM passages")
    job_id = store.enqueue(cid, "terms.md", terms_md("beta"), ALICE)

    marker = tmp_path / "parked"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    child = subprocess.Popen([sys.executable, str(CHILD), db_url, phase, str(marker)], env=env, stderr=subprocess.PIPE)
    try:
        wait_for(lambda: marker.exists() or child.poll() is not None, timeout=60)
        assert child.poll() is None, child.stderr.read().decode() if child.stderr else ""
        running = store.get_job(cid, job_id, ALICE)
        assert running.state in (JobState.CONVERTING, JobState.EMBEDDING)
        if phase == "activating":
            # The passages are written but not committed: nobody else can see them.
            assert _count(store, "SELECT count(*) FROM passages") == before_passages
    finally:
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=30)
        if child.stderr:
            child.stderr.close()

    # Nothing of the killed attempt is visible.
    assert store.list_sources(cid, ALICE) == before_sources
    assert _count(store, "SELECT count(*) FROM passages") == before_passages
    assert _count(store, "SELECT count(*) FROM versions WHERE state = 'active'") == len(before_sources)
    hits = store.search(cid, "marker warranty invoices", ALICE, limit=50, budget=16000)
    assert "beta" not in texts(hits.passages)
    if replacing:
        assert "alpha" in texts(hits.passages) and {p.version_id for p in hits.passages} == {old.version_id}
    else:
        assert hits.passages == ()

    # A restarted store sees the job as interrupted, with its bytes, and a retry succeeds.
    restarted = make_store()
    assert restarted.recover_interrupted() == [job_id]
    failed = restarted.get_job(cid, job_id, ALICE)
    assert failed.state == JobState.FAILED and "interrupted" in failed.error
    restarted.retry_job(cid, job_id, ALICE)
    drain(restarted)
    done = restarted.get_job(cid, job_id, ALICE)
    assert done.state == JobState.READY and done.attempts == 2, done.error
    [source] = restarted.list_sources(cid, ALICE)
    assert source.version_id == done.version_id
    hits = restarted.search(cid, "marker warranty invoices", ALICE, limit=50, budget=16000)
    assert "beta" in texts(hits.passages) and "alpha" not in texts(hits.passages)
    assert _count(restarted, "SELECT count(*) FROM passages") == source.chunk_count


def test_a_silent_worker_is_taken_as_interrupted_after_stale_after(db_url, make_store):
    from demo.store import StoreOptions

    store = make_store(options=StoreOptions(max_tokens=96, stale_after=0.5))
    cid = store.create_collection("Stale", ALICE).id
    job_id = store.enqueue(cid, "terms.md", terms_md(), ALICE)
    with store.backend.write() as tx:  # a worker on another host claimed it, then went silent
        tx.execute(
            "UPDATE jobs SET state = 'embedding', worker = 'elsewhere:1:abc', heartbeat = 0 WHERE id = ?", [job_id]
        )
    assert store.recover_interrupted() == [job_id]
    assert store.get_job(cid, job_id, ALICE).state == JobState.FAILED
    with store.backend.write() as tx:  # a live worker elsewhere with a fresh heartbeat is left alone
        import time

        tx.execute(
            "UPDATE jobs SET state = 'embedding', worker = 'elsewhere:1:abc', heartbeat = ? WHERE id = ?", [time.time(), job_id]
        )
    assert store.recover_interrupted() == []
