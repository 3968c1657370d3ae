"""Several ingestion workers on one database: documents/s with 1, 2 and 4 worker processes.

One folder of ``--docs`` generated business documents (``bench_store.business_doc``: seeded
Markdown of the quality benchmark's domains, about 7 chunks each at 512 tokens) is ingested
once per worker count, each time into a fresh database: ``--workers`` processes of ``python -m
demo worker`` (separate processes, as on separate machines) are started and waited for
until each says it is waiting for jobs; then the clock starts, every file of the folder is
queued through :meth:`~demo.store.KnowledgeStore.enqueue` (the workers start on the first
while the rest are queued), and it stops when no job is pending. The workers are then
stopped with SIGTERM.

Each run is checked, not only timed: every job must end ``ready`` with ``attempts == 1``, and
the workers' own per-job lines must name every job exactly once (none done twice, none
lost). A run that fails a check raises.

The workers embed with the hashing embedding by default (``--embeddings hashing``), so the
figures measure dan and the store, not a model; ``--embeddings minilm`` runs the default
model in every worker (each process then loads it). Scaling is bounded by the machine's
cores: the report gives ``os.cpu_count()`` and the load average, and on a machine of 2 cores
4 workers cannot be faster than 2 (the database server runs on the same cores here).

    python benchmarks/bench_workers.py --pg-url postgresql://postgres@127.0.0.1:55470/postgres --docs 400
    python benchmarks/bench_workers.py --backend sqlite --docs 8 --workers 1 2   # a quick check

Prints a table, writes ``benchmarks/results/workers_<time>.json`` and, with
``--update-docs``, the ``workers`` section of ``docs/benchmarks.md``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import dan
from benchmarks._docs import publish, run_facts
from benchmarks.bench_store import business_doc, database
from demo.store import AccessContext, KnowledgeStore, StoreOptions, named_provider

ME = AccessContext("bench")
#: Seconds a worker may take to start, and a run to finish, before the benchmark gives up.
START_TIMEOUT = 120.0


def make_folder(directory: Path, docs: int) -> list[Path]:
    """``docs`` generated Markdown files in ``directory``."""
    paths = []
    for i in range(docs):
        path = directory / f"file-{i:05d}.md"
        path.write_bytes(business_doc(i))
        paths.append(path)
    return paths


def _wait(predicate: Any, timeout: float, what: str, poll: float = 0.02) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        if time.monotonic() > end:
            raise RuntimeError(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(poll)


def _pending(store: KnowledgeStore) -> int:
    with store.backend.read() as tx:
        return int(tx.value("SELECT count(*) FROM jobs WHERE state IN ('queued', 'converting', 'embedding')") or 0)


def run_once(url: str, files: Sequence[Path], workers: int, embeddings: str, max_tokens: int, logs: Path) -> dict[str, Any]:
    """Ingest ``files`` into the (empty) database at ``url`` with ``workers`` worker processes."""
    options = StoreOptions(max_tokens=max_tokens, max_pending_jobs=len(files) + 1)
    provider = named_provider(embeddings)
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("OPENAI_API_KEY", None)
    cmd = [sys.executable, "-m", "demo", "worker", "--db", url, "--embeddings", embeddings, "--max-tokens", str(max_tokens), "--poll", "0.05"]
    with KnowledgeStore(url, options=options, embeddings=provider or "none") as store:
        cid = store.create_collection("Workers", ME).id
        procs = []
        for k in range(workers):
            out, err = logs / f"w{workers}-{k}.out", logs / f"w{workers}-{k}.err"
            with open(out, "wb") as o, open(err, "wb") as e:
                procs.append((subprocess.Popen(cmd, cwd=ROOT, env=env, stdout=o, stderr=e), out, err))
        try:
            for proc, _, err in procs:
                _wait(lambda p=proc, e=err: "waiting for jobs" in e.read_text() or p.poll() is not None, START_TIMEOUT, "a worker to start")
                if proc.poll() is not None:
                    raise RuntimeError(f"a worker exited with {proc.returncode}: {err.read_text()[-2000:]}")
            load = os.getloadavg()[0]
            t0 = time.perf_counter()
            ids = [store.enqueue(cid, path.name, path.read_bytes(), ME) for path in files]
            queued = time.perf_counter() - t0
            _wait(lambda: _pending(store) == 0, START_TIMEOUT + 10 * len(files), "the jobs to finish", poll=0.01)
            seconds = time.perf_counter() - t0
        finally:
            for proc, _, _ in procs:
                if proc.poll() is None:
                    proc.send_signal(signal.SIGTERM)
            codes = [proc.wait(timeout=START_TIMEOUT) for proc, _, _ in procs]
        per_worker = [[line.split(" ", 2) for line in out.read_text().splitlines() if line] for _, out, _ in procs]
        taken = sorted(line[0] for lines in per_worker for line in lines)
        jobs = [store.get_job(cid, j, ME) for j in ids]
        bad = [j for j in jobs if j.state.value != "ready" or j.attempts != 1]
        if codes != [0] * workers or taken != sorted(ids) or bad:
            raise RuntimeError(
                f"{workers} workers: exit codes {codes}; {len(taken)} job lines for {len(ids)} jobs; "
                f"{len(bad)} jobs not ready once ({bad[0].state.value if bad else ''} {bad[0].error if bad else ''})"
            )
        chunks = sum(s.chunk_count for s in store.list_sources(cid, ME))
    return {
        "workers": workers,
        "documents": len(files),
        "chunks": chunks,
        "seconds": round(seconds, 2),
        "queueing_s": round(queued, 2),
        "documents_per_s": round(len(files) / seconds, 2),
        "chunks_per_s": round(chunks / seconds, 1),
        "jobs_per_worker": [len(lines) for lines in per_worker],
        "load_average_before": round(load, 2),
    }


def render(result: dict[str, Any]) -> str:
    """The ``workers`` section of ``docs/benchmarks.md``."""
    env = result["environment"]
    lines = [
        "## Several ingestion workers",
        "",
        f"`{result['command']}` ({result['date']}, commit `{result['commit']}`; {result['backend']}"
        + (f" {env.get('postgres', '')}" if result["backend"] == "postgresql" else "")
        + f"; {env['platform']}, **{env['cpus']} CPUs**, shared with the database server; Python {env['python']}, "
        f"dan {env['dan']}; result file `{result.get('result_file', '')}`). One folder of {result['documents']} generated "
        f"Markdown business documents, ingested by separate `python -m demo worker` processes into a fresh database per "
        f"row (dan chunks of at most {result['max_tokens']} tokens, embeddings: {result['embeddings']}); the clock runs "
        "from the first `enqueue` until no job is pending. Every row is checked: each job ready, taken once "
        "(`attempts` 1), named by exactly one worker.",
        "",
        "| workers | documents | chunks | seconds | documents/s | chunks/s | speed-up | jobs per worker | load before |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    base = result["runs"][0]["documents_per_s"] if result["runs"] else 1.0
    for r in result["runs"]:
        lines.append(
            f"| {r['workers']} | {r['documents']} | {r['chunks']:,} | {r['seconds']} | {r['documents_per_s']} | "
            f"{r['chunks_per_s']} | {r['documents_per_s'] / base:.2f}× | {' / '.join(map(str, r['jobs_per_worker']))} | "
            f"{r['load_average_before']} |"
        )
    busy = [r for r in result["runs"] if r["load_average_before"] >= env["cpus"]]
    if busy:
        lines += [
            "",
            f"**The machine was busy**: the load average before {len(busy)} of these runs was at or above its "
            f"{env['cpus']} CPUs, so they show that the workers share the jobs, each exactly once, not how ingestion "
            "scales; measure again on an idle machine with more cores to see that.",
        ]
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--backend", choices=["postgresql", "sqlite"], default="postgresql")
    p.add_argument("--pg-url", default=os.environ.get("DEMO_TEST_POSTGRES_URL", ""))
    p.add_argument("--docs", type=int, default=200, help="documents in the folder (default %(default)s)")
    p.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4], help="worker counts (default 1 2 4)")
    p.add_argument("--embeddings", choices=["hashing", "minilm", "none"], default="hashing")
    p.add_argument("--max-tokens", type=int, default=512)
    p.add_argument("--update-docs", action="store_true")
    args = p.parse_args(argv)
    if args.backend == "postgresql" and not args.pg_url:
        p.error("PostgreSQL needs --pg-url (or DEMO_TEST_POSTGRES_URL); .ci/postgres.sh start DIR prints one")
    if args.docs < 1 or any(w < 1 for w in args.workers):
        p.error("--docs and --workers must be at least 1")
    started = dt.datetime.now(dt.UTC)
    env: dict[str, Any] = {
        "python": platform.python_version(), "platform": platform.platform(), "dan": dan.__version__, "cpus": os.cpu_count(),
    }
    if args.backend == "postgresql":
        import psycopg

        with psycopg.connect(args.pg_url) as c:
            row = c.execute("SHOW server_version").fetchone()
            env["postgres"] = row[0] if row else "unknown"
    facts = run_facts([sys.argv[0], *(argv if argv is not None else sys.argv[1:])])
    result: dict[str, Any] = {
        "benchmark": "workers", **facts, "backend": args.backend, "environment": env, "documents": args.docs,
        "embeddings": args.embeddings, "max_tokens": args.max_tokens, "runs": [],
    }
    with tempfile.TemporaryDirectory(prefix="bench-workers-") as tmp:
        folder = Path(tmp) / "folder"
        folder.mkdir()
        files = make_folder(folder, args.docs)
        for n in args.workers:
            with database(args.backend, args.pg_url) as url:
                print(f"{n} worker(s): {args.docs} documents", file=sys.stderr)
                result["runs"].append(run_once(url, files, n, args.embeddings, args.max_tokens, Path(tmp)))
    return publish("workers", result, started, render, args.update_docs)


if __name__ == "__main__":
    main()
