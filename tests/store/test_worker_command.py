"""``python -m demo worker``: real worker processes, alone and several on one database.

Each test starts the command as a subprocess. ``worker_child.py`` runs the same command
with a conversion that parks on files named ``park-*``, so a signal (or SIGKILL) reaches a
worker at a known point: with a job claimed, inside dan's conversion. Waits are on
conditions (files, job states, process exits) with generous timeouts, never on sleeps.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from store_helpers import ALICE, wait_for

from demo.store import HashingProvider, JobState, KnowledgeStore, StoreOptions

ROOT = Path(__file__).resolve().parents[2]
CHILD = Path(__file__).resolve().parent / "worker_child.py"
MAX_TOKENS = 96
TIMEOUT = 120


@pytest.fixture(autouse=True)
def offline(monkeypatch):  # type: ignore[no-untyped-def]
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)


def worker_args(url: str, *extra: str) -> list[str]:
    """The options every worker here runs with: the store's settings below, a short poll."""
    return ["--db", url, "--embeddings", "hashing", "--max-tokens", str(MAX_TOKENS), "--poll", "0.1", *extra]


def open_store(url: str) -> KnowledgeStore:
    """The queueing side: the same settings as the workers (``--embeddings hashing``)."""
    return KnowledgeStore(url, options=StoreOptions(max_tokens=MAX_TOKENS, max_pending_jobs=100), embeddings=HashingProvider())


def start(args: list[str], tmp: Path, name: str, *, parking: bool = False) -> subprocess.Popen[bytes]:
    """A worker process; its stdout and stderr go to ``tmp/name.out`` and ``tmp/name.err``."""
    cmd = [sys.executable, str(CHILD), str(tmp), *args] if parking else [sys.executable, "-m", "demo", "worker", *args]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("OPENAI_API_KEY", None)
    with open(tmp / f"{name}.out", "wb") as out, open(tmp / f"{name}.err", "wb") as err:
        return subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=out, stderr=err)


def finish(proc: subprocess.Popen[bytes], tmp: Path, name: str) -> tuple[int, list[list[str]], str]:
    """Wait for a worker to exit: (exit code, its job lines split in words, its stderr)."""
    code = proc.wait(timeout=TIMEOUT)
    lines = [line.split(" ", 2) for line in (tmp / f"{name}.out").read_text().splitlines() if line]
    return code, lines, (tmp / f"{name}.err").read_text()


def document(i: int) -> bytes:
    """A small generated Markdown report, different for each ``i``."""
    parts = [f"# Site report {i}\n"]
    for s in range(3):
        parts.append(f"\n## Section {s} of report {i}\n\n")
        parts.append(
            " ".join(f"Crane {i}-{s} passed inspection {k} with load test figure {i * 31 + s * 7 + k} kilonewtons." for k in range(8))
        )
    return "\n".join(parts).encode()


def job_state(url: str, job_id: str) -> tuple[str, int, str]:
    with KnowledgeStore(url, embeddings="none") as s, s.backend.read() as tx:
        row = tx.one("SELECT state, attempts, error_code FROM jobs WHERE id = ?", [job_id])
    assert row is not None
    return str(row[0]), int(row[1]), str(row[2])


def killed(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.kill()
        proc.wait(timeout=TIMEOUT)


def test_a_worker_processes_the_queue_and_exits_when_idle(db_url, tmp_path):
    store = open_store(db_url)
    try:
        cid = store.create_collection("Reports", ALICE).id
        ids = [store.enqueue(cid, f"report-{i}.md", document(i), ALICE) for i in range(3)]
        bad = store.enqueue(cid, "broken.docx", b"PK\x03\x04 not a package", ALICE)
        code, lines, err = finish(start(worker_args(db_url, "--exit-when-idle"), tmp_path, "w"), tmp_path, "w")
        assert code == 0, err
        assert sorted(line[0] for line in lines) == sorted([*ids, bad])
        assert {line[0]: line[1] for line in lines} == {**{i: "ready" for i in ids}, bad: "failed"}
        assert "waiting for jobs" in err and "4 jobs processed" in err
        assert [store.get_job(cid, i, ALICE).state for i in ids] == [JobState.READY] * 3
        assert store.get_job(cid, bad, ALICE).error_code == "damaged"
        assert len(store.search(cid, "crane inspection", ALICE, mode="hybrid").passages) > 0
    finally:
        store.close()


def test_max_jobs_and_usage_errors(tmp_path):
    url = str(tmp_path / "k.db")
    store = open_store(url)
    try:
        cid = store.create_collection("Reports", ALICE).id
        ids = [store.enqueue(cid, f"report-{i}.md", document(i), ALICE) for i in range(2)]
        code, lines, err = finish(start(worker_args(url, "--max-jobs", "1"), tmp_path, "w"), tmp_path, "w")
        assert code == 0 and [line[0] for line in lines] == ids[:1], err
        assert store.get_job(cid, ids[1], ALICE).state == JobState.QUEUED
    finally:
        store.close()
    code, _, err = finish(start(worker_args(url, "--max-jobs", "-1"), tmp_path, "bad"), tmp_path, "bad")
    assert code == 2 and "--max-jobs" in err
    code, _, err = finish(start(["--db", url, "--max-tokens", "4", "--embeddings", "none"], tmp_path, "bad2"), tmp_path, "bad2")
    assert code == 2 and "max_tokens" in err


def test_a_database_it_cannot_open_exits_1(tmp_path):
    url = "postgresql://nobody@127.0.0.1:9/none"  # nothing listens on the discard port
    code, _, err = finish(start(worker_args(url), tmp_path, "w"), tmp_path, "w")
    assert code == 1 and "cannot open the store" in err


def test_sigterm_stops_an_idle_worker(tmp_path):
    url = str(tmp_path / "k.db")
    open_store(url).close()
    proc = start(worker_args(url), tmp_path, "w")
    try:
        wait_for(lambda: "waiting for jobs" in (tmp_path / "w.err").read_text() or proc.poll() is not None, timeout=TIMEOUT)
        proc.send_signal(signal.SIGTERM)
        code, lines, err = finish(proc, tmp_path, "w")
    finally:
        killed(proc)
    assert code == 0 and lines == [] and "worker stopped: 0 jobs processed" in err


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
def test_a_stop_signal_lets_the_job_in_hand_finish(db_url, tmp_path, sig):
    store = open_store(db_url)
    proc = None
    try:
        cid = store.create_collection("Reports", ALICE).id
        job = store.enqueue(cid, "park-report.md", document(1), ALICE)
        later = store.enqueue(cid, "report-2.md", document(2), ALICE)
        proc = start(worker_args(db_url), tmp_path, "w", parking=True)
        wait_for(lambda: (tmp_path / "parked").exists() or proc.poll() is not None, timeout=TIMEOUT)
        assert store.get_job(cid, job, ALICE).state == JobState.CONVERTING
        proc.send_signal(sig)
        (tmp_path / "go").write_text("go")
        code, lines, err = finish(proc, tmp_path, "w")
        assert code == 0, err
        assert lines == [[job, "ready", "park-report.md"]]
        assert store.get_job(cid, job, ALICE).state == JobState.READY
        assert store.get_job(cid, later, ALICE).state == JobState.QUEUED  # not started after the signal
    finally:
        if proc is not None:
            killed(proc)
        store.close()


def test_a_second_signal_releases_the_job_in_hand(db_url, tmp_path):
    store = open_store(db_url)
    proc = None
    try:
        cid = store.create_collection("Reports", ALICE).id
        job = store.enqueue(cid, "park-report.md", document(1), ALICE)
        proc = start(worker_args(db_url), tmp_path, "w", parking=True)
        wait_for(lambda: (tmp_path / "parked").exists() or proc.poll() is not None, timeout=TIMEOUT)
        proc.send_signal(signal.SIGTERM)
        proc.send_signal(signal.SIGINT)
        code, lines, err = finish(proc, tmp_path, "w")
        assert code == 0, err
        assert lines == [[job, "released", "park-report.md"]] and "1 released" in err
        back = store.get_job(cid, job, ALICE)
        assert back.state == JobState.QUEUED and back.attempts == 0 and back.error is None
        assert store.process_next() and store.get_job(cid, job, ALICE).state == JobState.READY  # and it is whole
    finally:
        if proc is not None:
            killed(proc)
        store.close()


def test_two_workers_share_one_database_each_job_done_once(pg_url, tmp_path):
    n = 16
    store = open_store(pg_url)
    procs: list[subprocess.Popen[bytes]] = []
    try:
        cid = store.create_collection("Reports", ALICE).id
        ids = [store.enqueue(cid, f"report-{i}.md", document(i), ALICE) for i in range(n)]
        procs = [start(worker_args(pg_url, "--exit-when-idle"), tmp_path, f"w{k}") for k in range(2)]
        results = [finish(p, tmp_path, f"w{k}") for k, p in enumerate(procs)]
        assert [r[0] for r in results] == [0, 0], [r[2] for r in results]
        taken = [line[0] for r in results for line in r[1]]
        assert sorted(taken) == sorted(ids)  # every job once, by one of the two processes, none lost
        assert {line[1] for r in results for line in r[1]} == {"ready"}
        jobs = [store.get_job(cid, i, ALICE) for i in ids]
        assert {(j.state, j.attempts) for j in jobs} == {(JobState.READY, 1)}
        sources = store.list_sources(cid, ALICE)
        assert sorted(s.file_name for s in sources) == sorted(f"report-{i}.md" for i in range(n))
        with store.backend.read() as tx:
            versions = tx.value("SELECT count(*) FROM versions")
            passages = tx.value("SELECT count(*) FROM passages")
        assert versions == n and passages == sum(s.chunk_count for s in sources)
    finally:
        for p in procs:
            killed(p)
        store.close()


def test_a_killed_worker_s_job_fails_as_interrupted_and_a_retry_finishes_it(pg_url, tmp_path):
    store = open_store(pg_url)
    procs: list[subprocess.Popen[bytes]] = []
    try:
        cid = store.create_collection("Reports", ALICE).id
        doomed = store.enqueue(cid, "park-report.md", document(0), ALICE)
        victim = start(worker_args(pg_url), tmp_path, "victim", parking=True)
        procs.append(victim)
        wait_for(lambda: (tmp_path / "parked").exists() or victim.poll() is not None, timeout=TIMEOUT)
        assert victim.poll() is None
        others = [store.enqueue(cid, f"report-{i}.md", document(i), ALICE) for i in range(1, 7)]
        survivor = start(worker_args(pg_url, "--stale-after", "12"), tmp_path, "survivor")
        procs.append(survivor)
        victim.kill()  # SIGKILL, mid-job: no chance to finish or release it
        victim.wait(timeout=TIMEOUT)
        # The survivor's claims find the job's worker gone (a dead process of this host) and
        # fail the job as interrupted, bytes kept; it processes the other jobs meanwhile.
        wait_for(lambda: job_state(pg_url, doomed) == ("failed", 1, "interrupted"), timeout=TIMEOUT, poll=0.1)
        wait_for(lambda: all(job_state(pg_url, j)[0] == "ready" for j in others), timeout=TIMEOUT, poll=0.1)
        assert store.list_sources(cid, ALICE) and "park-report.md" not in {s.file_name for s in store.list_sources(cid, ALICE)}
        store.retry_job(cid, doomed, ALICE)  # the documented way back: a retry
        wait_for(lambda: job_state(pg_url, doomed)[0] == "ready", timeout=TIMEOUT, poll=0.1)
        survivor.send_signal(signal.SIGTERM)
        code, lines, err = finish(survivor, tmp_path, "survivor")
        assert code == 0, err
        assert sorted(line[0] for line in lines) == sorted([*others, doomed])
        assert [store.get_job(cid, j, ALICE).attempts for j in others] == [1] * len(others)
        assert store.get_job(cid, doomed, ALICE).attempts == 2
        assert len(store.list_sources(cid, ALICE)) == 7
    finally:
        for p in procs:
            killed(p)
        store.close()


def test_the_loop_refuses_a_bad_poll_or_job_limit():
    from demo.worker import WorkerLoop

    with pytest.raises(ValueError, match="poll"):
        WorkerLoop(object(), poll=0)
    with pytest.raises(ValueError, match="max_jobs"):
        WorkerLoop(object(), max_jobs=-1)
