"""``python -m demo reindex`` as a subprocess: it brings a store written with another
configuration back to semantic search, and a run killed midway is carried on by the next."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from store_helpers import terms_md

ROOT = Path(__file__).resolve().parents[2]
DB_ARGS = ["--subject", "alice", "--collection", "Legal", "--embeddings", "hashing"]
#: the chunk size of the commands that convert (search does not take it)
SIZE = ["--max-tokens", "96"]


def _demo(*args: str, script: str | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("OPENAI_API_KEY", None)
    cmd = [sys.executable, "-c", script, *args] if script else [sys.executable, "-m", "demo", *args]
    return subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)


@pytest.fixture
def stale_store(tmp_path: Path) -> str:
    """A store of three files written without the context line."""
    files = []
    for n in range(3):
        path = tmp_path / f"terms{n}.md"
        path.write_bytes(terms_md(f"marker{n}"))
        files.append(str(path))
    db = str(tmp_path / "kb.db")
    done = _demo("ingest", *files, "--db", db, *DB_ARGS, *SIZE)
    assert done.returncode == 0, done.stderr
    return db


def test_reindex_brings_the_sources_back_to_semantic_search(stale_store: str) -> None:
    on = [*DB_ARGS, "--index-context", "embedding"]
    refused = _demo("search", "-q", "marker1", "--mode", "semantic", "--db", stale_store, *on)
    assert refused.returncode == 1 and "were not embedded by" in refused.stderr
    assert "EmbeddingMismatchError" not in refused.stderr  # plain words, no class names
    assert "python -m demo reindex --db" in refused.stderr  # the message says what to run
    done = _demo("reindex", "--db", stale_store, *on, *SIZE, "--batch", "2")
    assert done.returncode == 0, done.stderr
    assert "collection 'Legal'" in done.stdout and "3/3 sources current" in done.stdout
    assert "reindexing: 3/3 done" in done.stderr
    found = _demo("search", "-q", "marker1", "--mode", "semantic", "--db", stale_store, *on)
    assert found.returncode == 0 and "semantic search:" in found.stdout
    again = _demo("reindex", "--db", stale_store, *on, *SIZE)  # nothing left: nothing queued
    assert again.returncode == 0 and "3/3 sources current" in again.stdout and "reindexing" not in again.stderr


#: ``python -m demo reindex`` whose process is killed (SIGKILL) while it processes its second job.
KILLED_RUN = textwrap.dedent(
    """
    import os, signal, sys
    from demo.app import main
    from demo.store import ingest
    real, calls = ingest.process, []
    def process(*args, **kwargs):
        calls.append(1)
        if len(calls) == 2:
            os.kill(os.getpid(), signal.SIGKILL)
        return real(*args, **kwargs)
    ingest.process = process
    sys.exit(main(sys.argv[1:]))
    """
)


def test_a_reindex_killed_midway_is_carried_on_by_the_next_run(stale_store: str) -> None:
    on = [*DB_ARGS, "--index-context", "embedding"]
    killed = _demo("reindex", "--db", stale_store, *on, *SIZE, "--batch", "3", script=KILLED_RUN)
    assert killed.returncode == -9, killed.stderr
    assert "reindexing: 1/3 done" in killed.stderr and "3/3" not in killed.stderr
    resumed = _demo("reindex", "--db", stale_store, *on, *SIZE)
    assert resumed.returncode == 0, resumed.stderr
    assert "3/3 sources current" in resumed.stdout
    found = _demo("search", "-q", "marker2", "--mode", "semantic", "--db", stale_store, *on)
    assert found.returncode == 0 and "semantic search:" in found.stdout


def test_reindex_names_a_missing_collection_and_needs_a_db(stale_store: str) -> None:
    missing = _demo("reindex", "--db", stale_store, "--subject", "alice", "--collection", "Nope", "--embeddings", "hashing")
    assert missing.returncode == 1 and "no collection named 'Nope'" in missing.stderr
    usage = _demo("reindex")
    assert usage.returncode == 2 and "--db" in usage.stderr
    for batch in ("0", "33"):  # (the store's pending-job limit is 32): a usage error naming the option
        refused = _demo("reindex", "--db", stale_store, *DB_ARGS, "--batch", batch)
        assert refused.returncode == 2 and "error: --batch must be from 1 to 32" in refused.stderr
