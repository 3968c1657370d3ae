"""Searches under abuse: other users' search latency while one client floods hybrid search.

The abuse of issue 56: one client runs ``--abusers`` (8) concurrent hybrid searches with
4,000-character CJK queries, without pause. Meanwhile another user runs ordinary hybrid
searches one after the other (the questions of ``benchmarks/quality``) and, every
``--ask-every`` searches, an ``ask`` (ven's collection pipeline, routing off). Each phase runs
``--seconds``: first idle (the other user alone), then under the abuse. Everything goes
through the store's Python API (:meth:`KnowledgeStore.search` / ``ask``) on SQLite with the
neural default embedding (MiniLM), over ``--docs`` generated business documents
(``bench_store.business_doc``).

Printed: p50/p95/p99 of the other user's searches and asks in both phases, the ratio of
p95s, and what became of the abusive searches (answered hybrid, answered by keyword after
the semantic lane's time bound, refused with 429). ``--update-docs`` writes the
``search_load`` section of ``docs/benchmarks.md``. With ``PYTHONPATH`` pointing at an older
checkout it measures that code (``SearchBusyError`` is optional).

    python benchmarks/bench_search_load.py --seconds 20 --update-docs
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import demo.store as store_api
from benchmarks._docs import publish, run_facts
from benchmarks.bench_store import business_doc
from benchmarks.quality.collection import all_questions, build_collection
from demo.store import AccessContext, AskOptions, KnowledgeStore, MiniLMProvider, StoreOptions

USER = AccessContext("reader")
ABUSER = AccessContext("abuser")
BUSY = getattr(store_api, "SearchBusyError", ())


class Everyone:
    """Both subjects read the one collection."""

    def can_access(self, access: Any, collection: Any, write: bool) -> bool:
        return True


def cjk_query(i: int) -> str:
    """A 4,000-character CJK query (varied, so no cache could help)."""
    base = "合同条款的解释与适用范围以及违约责任的承担方式和争议解决程序"
    rot = i % len(base)
    return ((base[rot:] + base[:rot]) * (4000 // len(base) + 1))[:4000]


def stats(samples: list[float]) -> dict[str, float]:
    """p50/p95/p99 and mean in ms."""
    if not samples:
        return {"n": 0}
    s = sorted(samples)

    def q(p: float) -> float:
        return round(1000 * s[min(len(s) - 1, int(p * len(s)))], 1)

    return {"n": len(s), "p50": q(0.5), "p95": q(0.95), "p99": q(0.99), "mean": round(1000 * statistics.fmean(s), 1)}


def phase(store: KnowledgeStore, cid: str, questions: list[str], seconds: float, abusers: int, ask_every: int) -> dict[str, Any]:
    """The other user's latencies for ``seconds``, with ``abusers`` abusive threads running."""
    stop = threading.Event()
    outcomes = {"hybrid": 0, "keyword-fallback": 0, "refused-429": 0, "other-error": 0}
    abuse_lat: list[float] = []
    lock = threading.Lock()

    def abuse(n: int) -> None:
        i = n
        while not stop.is_set():
            i += abusers
            t0 = time.perf_counter()
            try:
                res = store.search(cid, cjk_query(i), ABUSER, mode="hybrid")
                kind = "keyword-fallback" if "not embedded within" in res.notice else "hybrid"
            except BUSY:  # type: ignore[misc]
                kind = "refused-429"
                time.sleep(0.05)  # what a client honouring Retry-After would do, sooner
            except Exception:  # noqa: BLE001 - counted
                kind = "other-error"
            with lock:
                outcomes[kind] += 1
                abuse_lat.append(time.perf_counter() - t0)

    threads = [threading.Thread(target=abuse, args=(n,), daemon=True) for n in range(abusers)]
    for t in threads:
        t.start()
    if abusers:
        time.sleep(1.0)  # let the flood build up
    search_lat: list[float] = []
    ask_lat: list[float] = []
    fallbacks = 0
    opts = AskOptions(routing="off")
    end = time.perf_counter() + seconds
    i = 0
    while time.perf_counter() < end:
        q = questions[i % len(questions)]
        t0 = time.perf_counter()
        if ask_every and i % ask_every == ask_every - 1:
            store.ask(cid, q, USER, options=opts, mode="hybrid")
            ask_lat.append(time.perf_counter() - t0)
        else:
            res = store.search(cid, q, USER, mode="hybrid")
            search_lat.append(time.perf_counter() - t0)
            fallbacks += "not embedded within" in res.notice
        i += 1
    stop.set()
    for t in threads:
        t.join(60)
    return {
        "search": stats(search_lat),
        "ask": stats(ask_lat),
        "user_fallbacks": fallbacks,
        "abuse": {**outcomes, "latency": stats(abuse_lat)} if abusers else {},
    }


def render(r: dict[str, Any]) -> str:
    idle, load = r["idle"], r["abuse"]
    ratio = round(load["search"]["p95"] / idle["search"]["p95"], 2) if idle["search"].get("p95") else None
    ab = load["abuse"]
    lines = [
        "## Search under abuse (issue 56)",
        "",
        f"`{r['facts']['command']}` at {r['facts']['commit']} on {r['facts']['date']}: {r['cpus']} cores (shared with other work "
        f"while measured), SQLite, MiniLM, {r['docs']} generated documents ({r['chunks']:,} chunks). Another user runs hybrid "
        f"searches one after the other (the {r['questions']} questions of `benchmarks/quality`) and an `ask` every "
        f"{r['ask_every']} searches, {r['seconds']:g} s idle, then {r['seconds']:g} s while one client runs {r['abusers']} "
        "concurrent hybrid searches with 4,000-character CJK queries. Store API, milliseconds.",
        "",
        "| phase | search p50 | search p95 | search p99 | searches | ask p50 | ask p95 | asks | user's searches cut to keyword |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for name, ph in (("idle", idle), ("under abuse", load)):
        s, a = ph["search"], ph["ask"]
        lines.append(
            f"| {name} | {s.get('p50')} | {s.get('p95')} | {s.get('p99')} | {s.get('n')} | {a.get('p50')} | {a.get('p95')} | "
            f"{a.get('n')} | {ph['user_fallbacks']} |"
        )
    lines += [
        "",
        f"Search p95 under abuse / idle: **{ratio}×** (target ≤ 2×). The abusive client's searches: "
        f"{ab['hybrid']} answered hybrid, {ab['keyword-fallback']} answered by keyword after the semantic lane's time bound, "
        f"{ab['refused-429']} refused with 429, {ab['other-error']} other errors; their p50 {ab['latency'].get('p50')} ms.",
    ]
    if r.get("note"):
        lines += ["", r["note"]]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--docs", type=int, default=30)
    ap.add_argument("--abusers", type=int, default=8)
    ap.add_argument("--ask-every", type=int, default=10)
    ap.add_argument("--note", default="", help="a sentence for the docs section (e.g. the machine's load)")
    ap.add_argument("--update-docs", action="store_true")
    args = ap.parse_args(argv)
    started = dt.datetime.now(dt.timezone.utc)
    questions = [q.question for q in all_questions(build_collection())]
    with tempfile.TemporaryDirectory(prefix="bench-search-load-") as tmp:
        store = KnowledgeStore(os.path.join(tmp, "kb.db"), options=StoreOptions(), embeddings=MiniLMProvider())
        store.policy = Everyone()
        try:
            cid = store.create_collection("Load", USER).id
            for i in range(args.docs):
                store.enqueue(cid, f"doc-{i:03d}.md", business_doc(i), USER)
            while store.process_next():
                pass
            chunks = sum(s.chunk_count for s in store.list_sources(cid, USER))
            store.search(cid, questions[0], USER, mode="hybrid")  # warm: the vector matrix, the model
            store.ask(cid, questions[0], USER, options=AskOptions(routing="off"), mode="hybrid")
            idle = phase(store, cid, questions, args.seconds, 0, args.ask_every)
            load = phase(store, cid, questions, args.seconds, args.abusers, args.ask_every)
        finally:
            store.close()
    result = {
        "facts": run_facts(sys.argv if argv is None else [__file__, *argv]),
        "cpus": os.cpu_count(),
        "docs": args.docs,
        "chunks": chunks,
        "questions": len(questions),
        "seconds": args.seconds,
        "abusers": args.abusers,
        "ask_every": args.ask_every,
        "note": args.note,
        "idle": idle,
        "abuse": load,
    }
    publish("search_load", result, started, render, args.update_docs)


if __name__ == "__main__":
    main()
