"""Reindex over HTTP while a user searches: how long it takes and what it costs the searches.

A store of ``--docs`` generated business documents (``bench_store.business_doc``) is written
with the MiniLM embedding and ``index_context`` off; then ``python -m demo serve`` opens it
with ``--index-context embedding``, so every source is stale. A reader searches the
collection one query after the other (the questions of ``benchmarks/quality``, mode
``auto``: keyword ranking while sources are stale) for ``--seconds`` idle, then while an
operator reindexes through ``POST /api/knowledge/{cid}/reindex`` (one batch at a time, the
next when the last has run) until ``GET …/reindex`` says done.

Printed: the reader's p50/p95 in both phases, the reindex's duration and chunks/s, and the
batches. ``--update-docs`` writes the ``reindex`` section of ``docs/benchmarks.md``.

    python benchmarks/bench_reindex.py --docs 30 --seconds 10 --update-docs
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import secrets
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import httpx

from benchmarks._docs import publish, run_facts
from benchmarks._server import start_with_tokens
from benchmarks.bench_search_load import stats
from benchmarks.bench_store import business_doc
from benchmarks.quality.collection import all_questions, build_collection
from demo.store import AccessContext, KnowledgeStore, MiniLMProvider, StoreOptions

OWNER = AccessContext("team")


def _server(tmp: Path) -> tuple[subprocess.Popen[bytes], str, dict[str, str]]:
    tokens = {"operator": secrets.token_urlsafe(24), "reader": secrets.token_urlsafe(24)}
    path = tmp / "tokens.json"
    path.write_text(json.dumps({t: {"subject": OWNER.subject, "role": role} for role, t in tokens.items()}), encoding="utf-8")
    proc, base = start_with_tokens(tmp, path, "--offline", "--embeddings", "minilm", "--index-context", "embedding")
    return proc, base, tokens


def _searches(client: httpx.Client, cid: str, questions: list[str], until: threading.Event | float) -> list[float]:
    """The reader's search latencies until the event is set or the deadline (perf_counter) passes."""
    out: list[float] = []
    i = 0
    while not (until.is_set() if isinstance(until, threading.Event) else time.perf_counter() >= until):
        t0 = time.perf_counter()
        client.post(f"/api/knowledge/{cid}/search", json={"query": questions[i % len(questions)]}).raise_for_status()
        out.append(time.perf_counter() - t0)
        i += 1
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--docs", type=int, default=30)
    ap.add_argument("--seconds", type=float, default=10.0, help="the idle phase")
    ap.add_argument("--no-reader", action="store_true", help="reindex with nobody searching (the reindex's own speed)")
    ap.add_argument("--update-docs", action="store_true")
    args = ap.parse_args(argv)
    started = dt.datetime.now(dt.timezone.utc)
    questions = [q.question for q in all_questions(build_collection())]
    with tempfile.TemporaryDirectory(prefix="bench-reindex-") as name:
        tmp = Path(name)
        with KnowledgeStore(tmp / "kb.db", options=StoreOptions(), embeddings=MiniLMProvider()) as store:
            cid = store.create_collection("Load", OWNER).id
            t_ingest = time.perf_counter()
            for i in range(args.docs):
                store.enqueue(cid, f"doc-{i:03d}.md", business_doc(i), OWNER)
                if i % 16 == 15:
                    while store.process_next():
                        pass
            while store.process_next():
                pass
            t_ingest = time.perf_counter() - t_ingest
            chunks = sum(s.chunk_count for s in store.list_sources(cid, OWNER))
        proc, base, tokens = _server(tmp)
        try:
            op = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {tokens['operator']}"}, timeout=120)
            reader = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {tokens['reader']}"}, timeout=120)
            _searches(reader, cid, questions, time.perf_counter() + 1)  # warm
            idle = _searches(reader, cid, questions, time.perf_counter() + args.seconds)
            done = threading.Event()
            during: list[float] = []
            thread = threading.Thread(target=lambda: during.extend(_searches(reader, cid, questions, done)), daemon=True)
            if not args.no_reader:
                thread.start()
            t0 = time.perf_counter()
            batches: list[int] = []
            while True:
                status = op.get(f"/api/knowledge/{cid}/reindex").json()
                if status["done"]:
                    break
                if status["pending"] == 0:
                    resp = op.post(f"/api/knowledge/{cid}/reindex")
                    resp.raise_for_status()
                    batches.append(len(resp.json()["job_ids"]))
                    if not resp.json()["job_ids"]:
                        raise SystemExit(f"nothing queued while not done: {status}")
                time.sleep(0.2)
            took = time.perf_counter() - t0
            done.set()
            if thread.is_alive():
                thread.join(60)
            final = op.get(f"/api/knowledge/{cid}/reindex").json()
            op.close()
            reader.close()
        finally:
            proc.terminate()
            proc.wait(30)
    result = {
        "facts": run_facts(sys.argv if argv is None else [__file__, *argv]),
        "cpus": os.cpu_count(),
        "docs": args.docs,
        "chunks": chunks,
        "idle": stats(idle),
        "during": stats(during),
        "seconds": round(took, 1),
        "chunks_per_s": round(chunks / took, 1),
        "batches": batches,
        "reader": not args.no_reader,
        "ingest_chunks_per_s": round(chunks / t_ingest, 1),
        "final": final,
    }
    publish("reindex", result, started, render, args.update_docs)


def render(r: dict[str, Any]) -> str:
    idle, during = r["idle"], r["during"]
    return "\n".join(
        [
            "## Reindex over HTTP while a user searches",
            "",
            f"`{r['facts']['command']}` at {r['facts']['commit']} on {r['facts']['date']}: {r['cpus']} cores (shared with other "
            f"work while measured), SQLite, MiniLM, {r['docs']} generated documents ({r['chunks']:,} chunks) written with "
            "`index_context` off and served with `--index-context embedding`; an operator reindexes through "
            "`POST /api/knowledge/{cid}/reindex` in batches of the default size while a reader searches the collection "
            "(mode `auto`, keyword ranking until every source is current). Milliseconds.",
            "",
            "| phase | search p50 | search p95 | search p99 | searches |",
            "|---|---|---|---|---|",
            f"| idle | {idle.get('p50')} | {idle.get('p95')} | {idle.get('p99')} | {idle.get('n')} |",
            f"| during the reindex | {during.get('p50')} | {during.get('p95')} | {during.get('p99')} | {during.get('n')} |",
            "",
            f"The reindex took {r['seconds']:g} s ({r['chunks_per_s']:g} chunks/s, batches of {', '.join(map(str, r['batches']))} "
            f"jobs{'' if r['reader'] else ', nobody searching'}); at the end {r['final']['current']}/{r['final']['sources']} "
            f"sources current. For comparison, the first ingestion of the same documents in the benchmark's own process "
            f"(the store's API, no server, nobody searching): {r['ingest_chunks_per_s']:g} chunks/s.",
        ]
    )


if __name__ == "__main__":
    main()
