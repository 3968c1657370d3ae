"""A bounded load test of ``python -m demo serve`` on loopback: searches and questions.

Starts the server on a temporary SQLite store, uploads the 17 documents of
``benchmarks/quality`` and the 8 bundled samples through the API, then runs ``--clients``
concurrent clients (one keep-alive connection each) for ``--seconds``: each request is a
search (70 %, hybrid, limit 6, budget 2,400) or a question (30 %, ``/ask``, offline), with
the quality benchmark's questions — once per ``--embeddings`` choice (default: ``minilm``,
the neural default, then ``hashing``), each with its own server. Prints requests/s, p50/p95/p99 latency per kind, the
errors (must be 0) and the server's peak RSS, and writes ``benchmarks/results/server_<time>.json``
(``--update-docs``: the server section of ``docs/benchmarks.md``). It stops by itself.

    python benchmarks/bench_server.py                 # 16 clients, 20 s
    python benchmarks/bench_server.py --clients 4 --seconds 5
    python benchmarks/bench_server.py --db postgresql://…/bench_scale_… --embeddings minilm   # a store kept by bench_scale
"""

from __future__ import annotations

import argparse
import datetime as dt
import platform
import random
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks._docs import publish
from benchmarks._server import start_server
from benchmarks.quality.collection import all_questions, build_collection

SAMPLES = ROOT / "demo" / "samples"


def peak_rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def load_collection(base: str, token: str) -> tuple[str, int]:
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=120) as c:
        cid = c.post("/api/collections", json={"name": "Load"}).json()["id"]
        files = [(it.name, it.data) for it in build_collection()] + [(p.name, p.read_bytes()) for p in sorted(SAMPLES.iterdir()) if p.is_file()]
        jobs = [c.post(f"/api/knowledge/{cid}/documents", files={"file": (n, d)}).json()["job_id"] for n, d in files]
        while any(c.get(f"/api/knowledge/{cid}/jobs/{j}").json()["state"] not in ("ready", "failed") for j in jobs):
            time.sleep(0.2)
        chunks = sum(d["chunk_count"] for d in c.get(f"/api/knowledge/{cid}/documents").json())
    return cid, chunks


def existing_collection(base: str, token: str, name: str) -> tuple[str, int, int]:
    """(id, documents, chunks) of the caller's collection called ``name`` in a filled store."""
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=600) as c:
        found = [col for col in c.get("/api/collections").json() if col["name"] == name]
        if not found:
            raise SystemExit(f"no collection named {name!r} in the store: give --collection (bench_scale fills 'Scale 0' ...)")
        cid = found[0]["id"]
        docs = c.get(f"/api/knowledge/{cid}/documents").json()
    return cid, len(docs), sum(d["chunk_count"] for d in docs)


def percentiles(samples: list[float]) -> dict[str, float]:
    s = sorted(samples)
    if not s:
        return {"n": 0}

    def q(p: float) -> float:
        return round(1000 * s[min(len(s) - 1, round(p * (len(s) - 1)))], 1)

    return {"n": len(s), "p50": q(0.5), "p95": q(0.95), "p99": q(0.99), "mean": round(1000 * statistics.fmean(s), 1)}


def warm_up(base: str, token: str, cid: str, question: str) -> dict[str, float]:
    """One question and one hybrid search before the load, timed (s): the first question of a
    collection loads its records into ven's collection, which later questions reuse."""
    out: dict[str, float] = {}
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=600) as c:
        for kind, path, body in (("ask", "ask", {"question": question}), ("search", "search", {"query": question, "mode": "hybrid"})):
            t0 = time.perf_counter()
            r = c.post(f"/api/knowledge/{cid}/{path}", json=body)
            if r.status_code != 200:
                raise SystemExit(f"the warm-up {kind} failed: {r.status_code} {r.text[:300]}")
            out[kind] = round(time.perf_counter() - t0, 2)
    return out


def run_load(base: str, token: str, cid: str, clients: int, seconds: float, questions: list[str]) -> dict[str, Any]:
    stop = time.monotonic() + seconds
    lat: dict[str, list[float]] = {"search": [], "ask": []}
    errors: list[str] = []
    refused = {"search": 0, "ask": 0}  # 429: one user's queries over the store's per-user limit
    lock = threading.Lock()

    def client(n: int) -> None:
        rng = random.Random(n)
        with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=60) as c:
            while time.monotonic() < stop:
                q = rng.choice(questions)
                kind = "search" if rng.random() < 0.7 else "ask"
                t0 = time.perf_counter()
                try:
                    if kind == "search":
                        r = c.post(f"/api/knowledge/{cid}/search", json={"query": q, "mode": "hybrid"})
                    else:
                        r = c.post(f"/api/knowledge/{cid}/ask", json={"question": q})
                    ok = r.status_code == 200
                    detail = f"{kind} {r.status_code}: {r.text[:200]}"
                except httpx.HTTPError as exc:
                    ok, detail = False, f"{kind} {type(exc).__name__}: {exc}"
                took = time.perf_counter() - t0
                with lock:
                    if ok:
                        lat[kind].append(took)
                    elif detail.startswith(f"{kind} 429:"):
                        refused[kind] += 1
                    else:
                        errors.append(detail)

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    total = sum(len(v) for v in lat.values())
    return {
        "clients": clients,
        "seconds": round(wall, 1),
        "requests": total,
        "requests_per_s": round(total / wall, 1),
        "search": percentiles(lat["search"]),
        "ask": percentiles(lat["ask"]),
        "errors": len(errors),
        "error_samples": errors[:5],
        "refused": refused,
    }


def render(result: dict[str, Any]) -> str:
    r = result["runs"][0]["load"]
    rows = [
        "## Server under load" + (" at scale" if result.get("filled_store") else ""),
        "",
        f"`{result['command']}` ({result['started'][:10]}, {result['environment']['platform']}): `python -m demo serve` "
        f"on {result.get('store', 'SQLite')} with {result['documents']:,} documents ({result['chunks']:,} chunks"
        + (" in the collection searched, of a store filled by `bench_scale.py`: synthetic vectors" if result.get("filled_store") else "")
        + f"), {r['clients']} concurrent "
        f"clients on loopback for about {r['seconds']} s per embedding; 70 % hybrid searches, 30 % offline questions "
        "(`/ask`, ven's collection pipeline with lexical routing, a 6,000-token cap and the extractive answer); the "
        "client runs on the same 2 cores. One server per `--embeddings` choice, the same documents and questions.",
        "",
        "| embedding | requests | requests/s | errors | refused (429) | search p50 / p95 / p99 ms | ask p50 / p95 / p99 ms | "
        "first ask / search s | server peak RSS MB |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for run in result["runs"]:
        r = run["load"]
        no = r.get("refused", {})
        cold = r.get("cold_s", {})
        rows.append(
            f"| `{run['embedding']}` | {r['requests']:,} | {r['requests_per_s']} | {r['errors']} | "
            f"{sum(no.values()) if no else 0} | {r['search'].get('p50')} / "
            f"{r['search'].get('p95')} / {r['search'].get('p99')} | {r['ask'].get('p50')} / {r['ask'].get('p95')} / "
            f"{r['ask'].get('p99')} | {cold.get('ask', '—')} / {cold.get('search', '—')} | {run['server_peak_rss_mb']} |"
        )
    rows += [
        "",
        "Requests count the answered ones. *Refused*: answered 429 because one user (all clients share one token and "
        "subject) had more query embeddings waiting than `StoreOptions.queries_per_client` allows (8): the store's "
        "fairness bound, by design, not a fault. *First ask / search*: the warm-up before the load (a collection's "
        "first question loads its records into ven's collection; later ones reuse it).",
        "",
        f"Result file: `{result['result_file']}`.",
        "",
    ]
    return "\n".join(rows)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--clients", type=int, default=16)
    p.add_argument("--seconds", type=float, default=20)
    p.add_argument("--embeddings", nargs="+", default=["minilm", "hashing"], help="one server per choice (serve --embeddings)")
    p.add_argument(
        "--db", default=None,
        help="serve this filled store instead of uploading documents to a new one (e.g. one kept by bench_scale.py --keep "
        "--identity minilm, with --embeddings minilm); its section is server_scale",
    )
    p.add_argument("--collection", default="Scale 0", help="with --db: the collection searched (default %(default)s)")
    p.add_argument("--subject", default="bench", help="with --db: the collections' owner (default %(default)s, bench_scale's)")
    p.add_argument("--update-docs", action="store_true")
    args = p.parse_args(argv)
    started = dt.datetime.now(dt.UTC)
    questions = [q.question for q in all_questions(build_collection())]
    runs: list[dict[str, Any]] = []
    chunks = 0
    for embedding in args.embeddings:
        with tempfile.TemporaryDirectory(prefix="bench-server-") as tmp:
            proc, base, token = start_server(Path(tmp), args.subject if args.db else "bench", "--embeddings", embedding, db=args.db)
            try:
                if args.db:
                    cid, documents, chunks = existing_collection(base, token, args.collection)
                else:
                    print(f"{embedding}: loading the collection through the API…", file=sys.stderr)
                    cid, chunks = load_collection(base, token)
                    documents = len(build_collection()) + len([p for p in SAMPLES.iterdir() if p.is_file()])
                cold = warm_up(base, token, cid, questions[0])
                print(f"{chunks} chunks; warm-up {cold}; {args.clients} clients for {args.seconds} s", file=sys.stderr)
                load = {**run_load(base, token, cid, args.clients, args.seconds, questions), "cold_s": cold}
                rss = peak_rss_mb(proc.pid)
            finally:
                proc.terminate()
                proc.wait(timeout=30)
        runs.append({"embedding": embedding, "load": load, "server_peak_rss_mb": round(rss)})
    result = {
        "benchmark": "server",
        "command": "python benchmarks/bench_server.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        "started": started.isoformat(timespec="seconds"),
        "environment": {"python": platform.python_version(), "platform": platform.platform()},
        "documents": documents,
        "chunks": chunks,
        "store": ("PostgreSQL" if str(args.db).startswith("postgres") else "SQLite") if args.db else "SQLite",
        "filled_store": bool(args.db),
        "runs": runs,
    }
    publish("server_scale" if args.db else "server", result, started, render, args.update_docs)
    for run in runs:
        if run["load"]["errors"]:
            print(f"{run['embedding']} errors:", *run["load"]["error_samples"], sep="\n  ", file=sys.stderr)
    return result


if __name__ == "__main__":
    main()
