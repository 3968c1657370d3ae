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
``search_load`` section of ``docs/benchmarks.md``. With ``--http`` the same runs through the
real HTTP server (a ``python -m demo serve`` child process, uvicorn): the user and the abuser
are reader tokens of two subjects, each searching its own collection of the same documents
(the fair lane keys on the subject), and the abuser's HTTP statuses (429s) are counted; it
writes the ``search_load_http`` section. With ``PYTHONPATH`` pointing at an older
checkout it measures that code (``SearchBusyError`` is optional).

    python benchmarks/bench_search_load.py --seconds 20 --update-docs
    python benchmarks/bench_search_load.py --http --seconds 20 --update-docs
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


class Lanes:
    """What one phase calls: the other user's search (its notice) and ask, and one abusive
    search (its outcome: ``hybrid``, ``keyword-fallback``, ``refused-429`` or ``other-error``)."""

    def search(self, q: str) -> str:
        raise NotImplementedError

    def ask(self, q: str) -> None:
        raise NotImplementedError

    def abuse(self, i: int) -> str:
        raise NotImplementedError


class StoreLanes(Lanes):
    """Through the store's Python API."""

    def __init__(self, store: KnowledgeStore, cid: str) -> None:
        self.store, self.cid = store, cid

    def search(self, q: str) -> str:
        return self.store.search(self.cid, q, USER, mode="hybrid").notice

    def ask(self, q: str) -> None:
        self.store.ask(self.cid, q, USER, options=AskOptions(routing="off"), mode="hybrid")

    def abuse(self, i: int) -> str:
        try:
            res = self.store.search(self.cid, cjk_query(i), ABUSER, mode="hybrid")
        except BUSY:  # type: ignore[misc]
            return "refused-429"
        except Exception:  # noqa: BLE001 - counted
            return "other-error"
        return "keyword-fallback" if "not embedded within" in res.notice else "hybrid"


def phase(lanes: Lanes, questions: list[str], seconds: float, abusers: int, ask_every: int) -> dict[str, Any]:
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
            kind = lanes.abuse(i)
            if kind == "refused-429":
                time.sleep(0.05)  # what a client honouring Retry-After would do, sooner
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
    end = time.perf_counter() + seconds
    i = 0
    while time.perf_counter() < end:
        q = questions[i % len(questions)]
        t0 = time.perf_counter()
        if ask_every and i % ask_every == ask_every - 1:
            lanes.ask(q)
            ask_lat.append(time.perf_counter() - t0)
        else:
            notice = lanes.search(q)
            search_lat.append(time.perf_counter() - t0)
            fallbacks += "not embedded within" in notice
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
    http = r.get("via") == "http"
    where = (
        "Over HTTP: a `python -m demo serve` child process (uvicorn, the MiniLM embedding), two reader tokens of two "
        "subjects, each searching its own collection of the same documents; milliseconds as the client sees them."
        if http
        else "Store API, milliseconds."
    )
    lines = [
        "## Search under abuse over HTTP (issue 56)" if http else "## Search under abuse (issue 56)",
        "",
        f"`{r['facts']['command']}` at {r['facts']['commit']} on {r['facts']['date']}: {r['cpus']} cores (shared with other work "
        f"while measured), SQLite, MiniLM, {r['docs']} generated documents ({r['chunks']:,} chunks). Another user runs hybrid "
        f"searches one after the other (the {r['questions']} questions of `benchmarks/quality`) and an `ask` every "
        f"{r['ask_every']} searches, {r['seconds']:g} s idle, then {r['seconds']:g} s while one client runs {r['abusers']} "
        f"concurrent hybrid searches with 4,000-character CJK queries. {where}",
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
    if r.get("abuse_statuses"):
        shown = ", ".join(f"{n} × {code}" for code, n in r["abuse_statuses"].items())
        lines += ["", f"HTTP statuses of the abusive client's searches: {shown}."]
    if r.get("note"):
        lines += ["", r["note"]]
    return "\n".join(lines)


class HttpLanes(Lanes):
    """Through the HTTP API of a ``python -m demo serve`` child process: the user and the
    abuser are two tokens of two subjects, each searching a collection of its own with the
    same documents (the fair lane keys on the subject)."""

    def __init__(self, base: str, user: tuple[str, str], abuser: tuple[str, str], abusers: int) -> None:
        import httpx

        (self.user_token, self.cid), (abuser_token, self.abuser_cid) = user, abuser
        self.user = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {self.user_token}"}, timeout=120)
        limits = httpx.Limits(max_connections=abusers + 2, max_keepalive_connections=abusers + 2)
        self.abuser = httpx.Client(base_url=base, headers={"Authorization": f"Bearer {abuser_token}"}, timeout=120, limits=limits)
        self.statuses: dict[int, int] = {}
        self.lock = threading.Lock()

    def close(self) -> None:
        self.user.close()
        self.abuser.close()

    def search(self, q: str) -> str:
        resp = self.user.post(f"/api/knowledge/{self.cid}/search", json={"query": q, "mode": "hybrid"})
        resp.raise_for_status()  # the other user is never refused: a failure ends the run
        return str(resp.json()["notice"])

    def ask(self, q: str) -> None:
        self.user.post(f"/api/knowledge/{self.cid}/ask", json={"question": q, "mode": "hybrid", "routing": "off"}).raise_for_status()

    def abuse(self, i: int) -> str:
        import httpx

        try:
            resp = self.abuser.post(f"/api/knowledge/{self.abuser_cid}/search", json={"query": cjk_query(i), "mode": "hybrid"})
        except httpx.HTTPError:
            return "other-error"
        with self.lock:
            self.statuses[resp.status_code] = self.statuses.get(resp.status_code, 0) + 1
        if resp.status_code == 429:
            return "refused-429"
        if resp.status_code != 200:
            return "other-error"
        return "keyword-fallback" if "not embedded within" in resp.json()["notice"] else "hybrid"


def serve(tmp: Path, cids: dict[str, str], abusers: int) -> tuple[Any, HttpLanes]:
    """``python -m demo serve`` on the store in ``tmp`` with a token for each subject:
    (process, lanes)."""
    import json
    import secrets


    from benchmarks._server import start_with_tokens

    tokens = {name: secrets.token_urlsafe(24) for name in cids}
    path = tmp / "tokens.json"
    path.write_text(json.dumps({tokens[name]: {"subject": name, "role": "reader"} for name in cids}), encoding="utf-8")
    proc, base = start_with_tokens(tmp, path, "--offline", "--embeddings", "minilm")
    user, abuser = USER.subject or "", ABUSER.subject or ""
    return proc, HttpLanes(base, (tokens[user], cids[user]), (tokens[abuser], cids[abuser]), abusers)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=20.0)
    ap.add_argument("--docs", type=int, default=30)
    ap.add_argument("--abusers", type=int, default=8)
    ap.add_argument("--ask-every", type=int, default=10)
    ap.add_argument("--http", action="store_true", help="through a `python -m demo serve` child process (uvicorn) instead of the store's API")
    ap.add_argument("--note", default="", help="a sentence for the docs section (e.g. the machine's load)")
    ap.add_argument("--update-docs", action="store_true")
    args = ap.parse_args(argv)
    started = dt.datetime.now(dt.timezone.utc)
    questions = [q.question for q in all_questions(build_collection())]
    statuses: dict[int, int] = {}
    with tempfile.TemporaryDirectory(prefix="bench-search-load-") as tmp:
        store = KnowledgeStore(os.path.join(tmp, "kb.db"), options=StoreOptions(), embeddings=MiniLMProvider())
        store.policy = Everyone()
        try:
            # over HTTP each subject searches its own copy of the documents (the server's owner policy)
            owners = (USER, ABUSER) if args.http else (USER,)
            cids = {who.subject or "": store.create_collection("Load", who).id for who in owners}
            for who in owners:
                for i in range(args.docs):
                    store.enqueue(cids[who.subject or ""], f"doc-{i:03d}.md", business_doc(i), who)
                while store.process_next():  # each subject's documents within the pending-job limit
                    pass
            cid = cids[USER.subject or ""]
            chunks = sum(s.chunk_count for s in store.list_sources(cid, USER))
            if not args.http:
                idle, load = _measure(StoreLanes(store, cid), questions, args)
        finally:
            store.close()
        if args.http:
            proc, lanes = serve(Path(tmp), cids, args.abusers)
            try:
                idle, load = _measure(lanes, questions, args)
                statuses = dict(sorted(lanes.statuses.items()))
            finally:
                lanes.close()
                proc.terminate()
                proc.wait(30)
    result = {
        "facts": run_facts(sys.argv if argv is None else [__file__, *argv]),
        "cpus": os.cpu_count(),
        "via": "http" if args.http else "api",
        "docs": args.docs,
        "chunks": chunks,
        "questions": len(questions),
        "seconds": args.seconds,
        "abusers": args.abusers,
        "ask_every": args.ask_every,
        "note": args.note,
        "idle": idle,
        "abuse": load,
        "abuse_statuses": statuses,
    }
    publish("search_load_http" if args.http else "search_load", result, started, render, args.update_docs)


def _measure(lanes: Lanes, questions: list[str], args: argparse.Namespace) -> tuple[dict[str, Any], dict[str, Any]]:
    """Warm the lanes (the vector matrix, the model), then the idle phase and the abused one."""
    lanes.search(questions[0])
    lanes.ask(questions[0])
    idle = phase(lanes, questions, args.seconds, 0, args.ask_every)
    return idle, phase(lanes, questions, args.seconds, args.abusers, args.ask_every)


if __name__ == "__main__":
    main()
