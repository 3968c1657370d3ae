"""Knowledge-store benchmark: ingest throughput, search latency, retrieval quality.

* **Ingest** — generated business documents (seeded prose of the quality benchmark's
  domains, 6 sections each) go through the real pipeline: ``enqueue`` → ``process_next``
  (dan conversion, embedding, one activation transaction). Documents/s and chunks/s, and
  where the time goes: dan, the embedding, and the store itself (everything else: job
  rows, the activation transaction with its full-text and vector index updates).
* **Search latency** — once the collection holds 10,000 and then 100,000 chunks: every
  question of ``benchmarks/quality`` (233) per mode (keyword, semantic, hybrid) and
  ``ask`` (ven's collection pipeline, routing off, a 6,000-token cap), p50/p95/p99 in ms,
  one client thread; the first query after a change (cold: SQLite builds the vector
  matrix, ``ask`` builds ven's collection) is reported on its own.
* **Quality** — the 17 documents of ``benchmarks/quality`` ingested into a store, then
  evidence recall at 1k/2k/4k/8k tokens of pipeline 2 (top-k), pipeline 3 (dan + ven) and
  5c (ven's collection held to the budget as its hard cap) with the store's keyword,
  semantic and hybrid search as their ranking.

SQLite always; PostgreSQL when ``--pg-url`` (or ``DEMO_TEST_POSTGRES_URL``) names a server
where the role may create databases and the ``vector`` extension (``.ci/postgres.sh start
DIR`` starts one). Prints tables, writes ``benchmarks/results/store_<time>.json``, and with
``--update-docs`` the store sections of ``docs/benchmarks.md`` (``store``: ingest and latency;
``store_quality``: retrieval quality, which ``--no-scale`` runs alone).

    python benchmarks/bench_store.py                      # 10k and 100k chunks (about 15 minutes)
    python benchmarks/bench_store.py --sizes 10000        # a quicker run
    python benchmarks/bench_store.py --no-quality --backends sqlite
    python benchmarks/bench_store.py --no-scale --update-docs   # quality only (a few minutes)
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import random
import secrets
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import dan
from benchmarks._docs import publish, replace_section
from benchmarks.quality.collection import all_questions, build_collection
from benchmarks.quality.evaluate import evaluate, summarise
from benchmarks.quality.pipelines import CollectionPipeline, DanCorpus, Enriched, TopK
from benchmarks.quality.retrieval import Chunk
from benchmarks.quality.text import domains, paragraph
from demo.store import AccessContext, AskOptions, HashingProvider, KnowledgeStore, MiniLMProvider, StoreOptions
from demo.store import ingest as ingest_module

ME = AccessContext("bench")
MODES = ("keyword", "semantic", "hybrid")
BUDGETS = (1024, 2048, 4096, 8192)


# ---------------------------------------------------------------------------- inputs


def business_doc(i: int) -> bytes:
    """A seeded Markdown business document: a title, 6 sections of 4–6 paragraphs."""
    rng = random.Random(1_000_003 * i + 17)
    dom = rng.choice(domains())
    out = [f"# {dom.title()} file {i:05d}\n"]
    for s in range(6):
        out.append(f"## {s + 1}. {paragraph(rng, dom, (1, 1)).split(',')[0][:60].rstrip('.')}\n")
        out += [paragraph(rng, dom) + "\n" for _ in range(rng.randint(4, 6))]
    return "\n".join(out).encode("utf-8")


@contextmanager
def database(backend: str, pg_url: str) -> Iterator[str]:
    """A fresh, empty database URL, removed afterwards."""
    if backend == "sqlite":
        with tempfile.TemporaryDirectory(prefix="bench-store-") as tmp:
            yield str(Path(tmp) / "knowledge.db")
        return
    import psycopg

    name = "bench_store_" + secrets.token_hex(4)
    admin = psycopg.connect(pg_url, autocommit=True)
    admin.execute(f"CREATE DATABASE {name}")
    parts = urlsplit(pg_url)
    try:
        yield urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))
    finally:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        admin.close()


class Phases:
    """Wall time inside dan's conversion and the embedding, over an ingest."""

    def __init__(self) -> None:
        self.convert = 0.0
        self.embed = 0.0
        self._orig = (ingest_module.convert_source, ingest_module.embed_texts)

    def __enter__(self) -> Phases:
        convert, embed = self._orig

        def timed_convert(*a: Any, **k: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return convert(*a, **k)
            finally:
                self.convert += time.perf_counter() - t0

        def timed_embed(*a: Any, **k: Any) -> Any:
            t0 = time.perf_counter()
            try:
                return embed(*a, **k)
            finally:
                self.embed += time.perf_counter() - t0

        ingest_module.convert_source = timed_convert  # type: ignore[assignment]
        ingest_module.embed_texts = timed_embed  # type: ignore[assignment]
        return self

    def __exit__(self, *exc: object) -> None:
        ingest_module.convert_source, ingest_module.embed_texts = self._orig  # type: ignore[assignment]


def rss_mb() -> float:
    """This process's resident set size now."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


# ---------------------------------------------------------------------------- measurements


def ingest_until(
    store: KnowledgeStore, cid: str, target: int, start: int, chunks: int, docs_at_least: int = 0
) -> tuple[dict[str, Any], int, int]:
    """Ingest generated documents until the collection holds ``target`` chunks (and at
    least ``docs_at_least`` documents were added)."""
    docs = 0
    new_chunks = 0
    own = 0.0  # the benchmark's own work inside the loop (making documents, counting chunks)
    t0 = time.perf_counter()
    with Phases() as phases:
        i = start
        while chunks + new_chunks < target or docs < docs_at_least:
            t1 = time.perf_counter()
            data = business_doc(i)
            own += time.perf_counter() - t1
            store.enqueue(cid, f"file-{i:05d}.md", data, ME)
            while store.process_next():
                pass
            i += 1
            docs += 1
            if docs % 50 == 0 or docs < docs_at_least:
                t1 = time.perf_counter()
                new_chunks = sum(s.chunk_count for s in store.list_sources(cid, ME)) - chunks
                own += time.perf_counter() - t1
                print(f"\r  {chunks + new_chunks:,} chunks", end="", file=sys.stderr, flush=True)
        new_chunks = sum(s.chunk_count for s in store.list_sources(cid, ME)) - chunks
    wall = time.perf_counter() - t0 - own
    print(file=sys.stderr)
    failed = [j for j in store.list_jobs(cid, ME) if j.state.value != "ready"]
    if failed:
        raise RuntimeError(f"{len(failed)} ingest jobs did not end ready: {failed[0].error}")
    other = max(0.0, wall - phases.convert - phases.embed)
    return (
        {
            "documents": docs,
            "chunks": new_chunks,
            "seconds": round(wall, 2),
            "documents_per_s": round(docs / wall, 1),
            "chunks_per_s": round(new_chunks / wall, 1),
            "dan_s": round(phases.convert, 2),
            "embedding_s": round(phases.embed, 2),
            "store_s": round(other, 2),
            "store_share": round(other / wall, 4),
        },
        i,
        chunks + new_chunks,
    )


def percentiles(samples: Sequence[float]) -> dict[str, float]:
    """p50/p95/p99 and mean of latencies (seconds in, milliseconds out)."""
    s = sorted(samples)

    def q(p: float) -> float:
        return round(1000 * s[min(len(s) - 1, int(round(p * (len(s) - 1))))], 2)

    return {"p50": q(0.5), "p95": q(0.95), "p99": q(0.99), "mean": round(1000 * statistics.fmean(s), 2), "n": len(s)}


def latencies(store: KnowledgeStore, cid: str, questions: Sequence[str]) -> dict[str, Any]:
    """Search latency per mode and ask latency: cold first call, then every question."""
    out: dict[str, Any] = {}
    calls: dict[str, Callable[[str], Any]] = {
        m: (lambda q, m=m: store.search(cid, q, ME, mode=m, limit=6, budget=2400)) for m in MODES
    }
    calls["ask"] = lambda q: store.ask(cid, q, ME, options=AskOptions(routing="off", max_tokens=6000))
    for name, call in calls.items():
        t0 = time.perf_counter()
        call(questions[0])
        cold = time.perf_counter() - t0
        samples = []
        for q in questions:
            t0 = time.perf_counter()
            call(q)
            samples.append(time.perf_counter() - t0)
        out[name] = {"cold_ms": round(1000 * cold, 1), **percentiles(samples)}
    return out


class StampedVectors:
    """Random unit vectors under another provider's identity, for chunks only: they fill a
    scale collection with vectors of the model's dimensions at the store's speed (MiniLM
    embeds about 15 chunks/s here, so 100,000 chunks would take two hours). Search latency
    does not depend on the values; retrieval quality would, so it is never measured on them."""

    def __init__(self, identity: Any) -> None:
        self.identity = identity
        self._rng = np.random.default_rng(7)

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        v = self._rng.standard_normal((len(texts), self.identity.dimensions)).astype(np.float32)
        return v / np.linalg.norm(v, axis=1, keepdims=True)

    def embed_query(self, text: str) -> np.ndarray:
        raise AssertionError("stamped vectors are for chunks; queries go to the real model")


def scale(
    backend: str, url: str, sizes: Sequence[int], questions: Sequence[str], embeddings: str = "hashing", sample_docs: int = 30
) -> dict[str, Any]:
    """Grow one collection through ``sizes`` chunks; ingest and latency at each size.

    ``embeddings``: ``hashing`` (chunks and queries), ``minilm`` (both by the model), or
    ``minilm-query`` (chunks get :class:`StampedVectors` of MiniLM's identity, queries the real
    model; at each size ``sample_docs`` more documents are ingested with the real model too,
    so the store's share of an ingest with the default model is measured at that size)."""
    result: dict[str, Any] = {"backend": backend, "sizes": {}}
    model = MiniLMProvider() if embeddings in ("minilm", "minilm-query") else None
    provider: Any = HashingProvider() if model is None else StampedVectors(model.identity) if embeddings == "minilm-query" else model
    with KnowledgeStore(url, embeddings=provider) as store:
        result["embedding"] = store.embedding_identity
        cid = store.create_collection("Scale", ME).id
        next_doc, chunks = 0, 0
        for size in sizes:
            print(f"{backend}: ingesting to {size:,} chunks", file=sys.stderr)
            ingest, next_doc, chunks = ingest_until(store, cid, size, next_doc, chunks)
            data: dict[str, Any] = {"ingest": ingest}
            if embeddings == "minilm-query":
                with KnowledgeStore(url, embeddings=model) as real:
                    print(f"{backend}: {sample_docs} documents with the model", file=sys.stderr)
                    before = chunks
                    sampled, next_doc, chunks = ingest_until(real, cid, chunks + 1, next_doc, chunks, docs_at_least=sample_docs)
                    data["ingest_model"] = {**sampled, "at_chunks": before}
                    print(f"{backend}: {chunks:,} chunks; measuring latency", file=sys.stderr)
                    data["latency"] = latencies(real, cid, questions)
            else:
                print(f"{backend}: {chunks:,} chunks; measuring latency", file=sys.stderr)
                data["latency"] = latencies(store, cid, questions)
            result["sizes"][str(size)] = {"chunks": chunks, **data, "rss_mb": round(rss_mb())}
    return result


def load_quality(store: KnowledgeStore, items: Sequence[Any]) -> str:
    """A collection holding the quality benchmark's ``items``, ingested: its id."""
    cid = store.create_collection("Quality", ME).id
    for it in items:
        store.enqueue(cid, it.name, it.data, ME)
    while store.process_next():
        pass
    return cid


def store_corpus(store: KnowledgeStore, cid: str, items: Sequence[Any]) -> DanCorpus:
    """The collection's passages and records as the quality benchmark's dan corpus."""
    chunks: list[Chunk] = []
    records: dict[str, list[dict[str, Any]]] = {}
    for src in store.list_sources(cid, ME):
        passages = store.list_passages(cid, src.document_id, ME, limit=1000)
        # Keyed by file name, as the quality benchmark's own corpus is (ven's collection
        # names a file by its records' ssDocId).
        records[src.file_name] = [{**p.record, "ssDocId": src.file_name} for p in passages]
        chunks += [Chunk(src.file_name, p.seq, p.text, p.tokens) for p in passages]
    return DanCorpus(chunks, records, [it.name for it in items])


def quality(backend: str, url: str, budgets: Sequence[int], embeddings: Any = "hashing",
            max_tokens: int = StoreOptions().max_tokens, index_context: str = StoreOptions().index_context,
            items: Sequence[Any] | None = None, options: StoreOptions | None = None) -> dict[str, Any]:
    """Evidence recall of pipelines 2 and 3 with each search mode as their ranking, and the
    ingest's phases (``embeddings``: a provider, or "hashing" for the hashing embedding;
    ``max_tokens``: the store's chunk limit; ``index_context``: the store's option; ``items``:
    another question set's documents and questions than the quality benchmark's; ``options``:
    the store's, whole, in place of ``max_tokens`` and ``index_context``)."""
    items = build_collection() if items is None else items
    questions = all_questions(items)
    provider = HashingProvider() if embeddings == "hashing" else embeddings
    opts = StoreOptions(max_tokens=max_tokens, index_context=index_context) if options is None else options
    with KnowledgeStore(url, options=opts, embeddings=provider) as store:
        t0 = time.perf_counter()
        with Phases() as phases:
            cid = load_quality(store, items)
        wall = time.perf_counter() - t0
        failed = [j.file_name for j in store.list_jobs(cid, ME) if j.state.value != "ready"]
        corpus = store_corpus(store, cid, items)
        order = [it.name for it in items]
        chunks = corpus.chunks

        class StoreRetriever:
            """The store's public search (50 passages, 16,000 tokens) as a ranking."""

            def __init__(self, mode: str) -> None:
                self.mode = mode
                self._cache: dict[str, list[Chunk]] = {}

            def ranked(self, query: str) -> list[Chunk]:
                if query not in self._cache:
                    res = store.search(cid, query, ME, mode=self.mode, limit=50, budget=16000)
                    self._cache[query] = [corpus.by_key[(p.file_name, p.seq)] for p in res.passages]
                return self._cache[query]

        pipes: list[Any] = []
        for mode in MODES:
            r = StoreRetriever(mode)
            pipes.append(TopK(f"2-dan/{mode}", r, order))  # type: ignore[arg-type]
            pipes.append(Enriched(f"3-dan-ven/{mode}", corpus, r))  # type: ignore[arg-type]
            pipes.append(CollectionPipeline(f"5c-collection/{mode}", corpus, r, capped=True))  # type: ignore[arg-type]
        outcomes = evaluate(pipes, questions, budgets)
        summary = summarise(outcomes, questions)
    store_s = max(0.0, wall - phases.convert - phases.embed)
    return {
        "backend": backend,
        "embedding": store.embedding_identity,
        "max_tokens": max_tokens,
        "index_context": index_context,
        "documents": len(items),
        "questions": len(questions),
        "chunks": len(chunks),
        "ingest": {
            "seconds": round(wall, 2),
            "chunks_per_s": round(len(chunks) / wall, 1),
            "dan_s": round(phases.convert, 2),
            "embedding_s": round(phases.embed, 2),
            "embedded_chunks_per_s": round(len(chunks) / phases.embed, 1) if phases.embed else None,
            "store_s": round(store_s, 2),
            "store_share": round(store_s / wall, 4),
        },
        "failed": failed,
        "summary": {
            name: {
                b: {k: m[k] for k in ("recall", "structure_recall", "table_completeness", "mean_tokens", "by_category")}
                for b, m in per.items()
            }
            for name, per in summary.items()
        },
    }


# ---------------------------------------------------------------------------- report


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f} %"


def render(result: dict[str, Any]) -> str:
    """The Markdown section of docs/benchmarks.md."""
    lines = [
        "## Knowledge store",
        "",
        f"`{result['command']}` ({result['started'][:10]}, {result['environment']['platform']}; PostgreSQL "
        f"{result['environment'].get('postgres', 'not run')}). Dan chunks of at most 512 tokens, one worker, one client "
        f"thread, and for the scale runs the embedding `{result['embedding']}`"
        + (" (the hashing embedding, so that ingest and latency measure the store rather than the model; the "
           "default MiniLM model's speed and quality are under [Embeddings](#embeddings))" if result["embedding"].startswith("hashing") else "")
        + (" for queries; the scale collection's chunks hold random unit vectors under that identity (MiniLM embeds "
           "about 15 chunks/s here, so 100,000 chunks would take two hours; search latency does not depend on the "
           "values), and at each size a sample of documents is ingested with the real model (the rows *embedded by "
           "the model*)" if result.get("stamped") else "")
        + ".",
        "",
        "### Ingest",
        "",
        "Generated Markdown business documents (6 sections of seeded domain prose, about "
        f"{result['doc_chunks']} chunks each) through `enqueue` → `process_next`.",
        "",
        "| backend | segment | documents | chunks | documents/s | chunks/s | dan s | embedding s | store s | store share |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    prev = 0
    for sc in result["scale"]:
        prev = 0
        for data in sc["sizes"].values():
            ing = data["ingest"]
            lines.append(
                f"| {sc['backend']} | {prev:,} → {prev + ing['chunks']:,} | {ing['documents']:,} | {ing['chunks']:,} | "
                f"{ing['documents_per_s']} | {ing['chunks_per_s']} | {ing['dan_s']} | {ing['embedding_s']} | "
                f"{ing['store_s']} | {_pct(ing['store_share'])} |"
            )
            prev = data["chunks"]
            if "ingest_model" in data:
                ing = data["ingest_model"]
                lines.append(
                    f"| {sc['backend']} | at {ing['at_chunks']:,}, embedded by the model | {ing['documents']:,} | {ing['chunks']:,} | "
                    f"{ing['documents_per_s']} | {ing['chunks_per_s']} | {ing['dan_s']} | {ing['embedding_s']} | "
                    f"{ing['store_s']} | {_pct(ing['store_share'])} |"
                )
    lines += [
        "",
        "### Search latency",
        "",
        "Every question of `benchmarks/quality` once per mode (limit 6, budget 2,400; `ask`: ven's collection "
        "pipeline, routing off, cap 6,000 tokens). Milliseconds; *cold* is the first call after the collection "
        "changed.",
        "",
        "| backend | chunks | mode | p50 | p95 | p99 | cold | process RSS MB |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for sc in result["scale"]:
        for _size, data in sc["sizes"].items():
            for mode, lat in data["latency"].items():
                lines.append(
                    f"| {sc['backend']} | {data['chunks']:,} | {mode} | {lat['p50']} | {lat['p95']} | {lat['p99']} | "
                    f"{lat['cold_ms']} | {data['rss_mb']} |"
                )
    lines += ["", f"Result file: `{result['result_file']}`.", ""]
    return "\n".join(lines)


#: The pipelines side by side in the per-kind table: dan alone, dan + ven, ven's collection.
_KIND_PIPES = ("2-dan", "3-dan-ven", "5c-collection")


def render_quality(result: dict[str, Any]) -> str:
    """The store's retrieval-quality section of docs/benchmarks.md: recall per pipeline and
    search mode, and per question kind for the keyword mode (dan alone, dan + ven, 5c)."""
    lines = [
        "## Knowledge store: retrieval quality by search mode",
        "",
        f"`{result['command']}` ({result['started'][:10]}; PostgreSQL "
        f"{result['environment'].get('postgres', 'not run')}). The 17 documents and the questions of the "
        "quality benchmark in a store (dan chunks of at most "
        f"{result['quality'][0].get('max_tokens', 512)} tokens, the hashing "
        "embedding); evidence recall of pipeline 2 (top-k until the budget is full), "
        "pipeline 3 (dan + ven enrichment) and 5c (ven's collection with the budget as its hard cap) when the "
        "store's search is their ranking (the public `search`, 50 passages). Recall does not depend on the "
        "machine's speed.",
        "",
    ]
    for q in result["quality"]:
        budgets = list(next(iter(q["summary"].values())).keys())
        lines += [
            f"**{q['backend']}** ({q['questions']} questions)"
            + (f" (failed: {', '.join(q['failed'])})" if q["failed"] else ""),
            "",
            "| pipeline / mode | " + " | ".join(f"{int(b) // 1024}k" for b in budgets) + " |",
            "|---|" + "---|" * len(budgets),
        ]
        for name, per in q["summary"].items():
            lines.append(f"| {name} | " + " | ".join(_pct(per[b]["recall"]) for b in budgets) + " |")
        lines.append("")
        names = [f"{p}/keyword" for p in _KIND_PIPES if f"{p}/keyword" in q["summary"]]
        if len(names) < 2:
            continue
        first = q["summary"][names[0]]
        kinds = list(first[budgets[0]]["by_category"])
        lines += [
            f"Per question kind, keyword mode ({' / '.join(n.split('/')[0] for n in names)}; "
            "**bold** where dan + ven's 5c is below dan alone):",
            "",
            "| kind | " + " | ".join(f"{int(b) // 1024}k" for b in budgets) + " |",
            "|---|" + "---|" * len(budgets),
        ]
        for kind in kinds:
            cells = []
            for b in budgets:
                vals = [q["summary"][n][b]["by_category"].get(kind) for n in names]
                text = " / ".join(_pct(v) for v in vals)
                low = vals[0] is not None and vals[-1] is not None and vals[-1] < vals[0]
                cells.append(f"**{text}**" if low else text)
            lines.append(f"| {kind} | " + " | ".join(cells) + " |")
        lines.append("")
    lines += [f"Result file: `{result['result_file']}`.", ""]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--sizes", type=int, nargs="+", default=[10_000, 100_000])
    p.add_argument("--backends", nargs="+", default=["sqlite", "postgresql"], choices=["sqlite", "postgresql"])
    p.add_argument("--pg-url", default=os.environ.get("DEMO_TEST_POSTGRES_URL", ""))
    p.add_argument("--no-quality", action="store_true", help="skip the retrieval-quality runs")
    p.add_argument("--no-scale", action="store_true", help="skip ingest and latency (quality only)")
    p.add_argument(
        "--embeddings", choices=["hashing", "minilm", "minilm-query"], default="hashing",
        help="for the scale runs: hashing (the default: it measures the store, not the model), minilm (ingests "
        "~15 chunks/s), minilm-query (chunk vectors random under MiniLM's identity, queries and a sample of "
        "documents embedded by the real model)",
    )
    p.add_argument("--max-tokens", type=int, default=StoreOptions().max_tokens,
                   help="the store's chunk limit in the quality runs (default %(default)s, the store's default)")
    p.add_argument("--index-context", choices=["off", "embedding", "both"], default=StoreOptions().index_context,
                   help="StoreOptions.index_context in the quality runs (default %(default)s, the store's default)")
    p.add_argument("--update-docs", action="store_true")
    args = p.parse_args(argv)
    started = dt.datetime.now(dt.UTC)
    backends = [b for b in args.backends if b == "sqlite" or args.pg_url]
    if "postgresql" in args.backends and not args.pg_url:
        print("PostgreSQL skipped: give --pg-url or set DEMO_TEST_POSTGRES_URL", file=sys.stderr)
    questions = [q.question for q in all_questions(build_collection())]
    env: dict[str, Any] = {"python": platform.python_version(), "platform": platform.platform(), "dan": dan.__version__}
    if "postgresql" in backends:
        import psycopg

        with psycopg.connect(args.pg_url) as c:
            env["postgres"] = c.execute("SHOW server_version").fetchone()[0]
            env["pgvector"] = c.execute("SELECT default_version FROM pg_available_extensions WHERE name = 'vector'").fetchone()[0]
    sample = dan.convert(business_doc(0), "markdown", max_tokens=512)
    result: dict[str, Any] = {
        "benchmark": "store",
        "command": "python benchmarks/bench_store.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        "started": started.isoformat(timespec="seconds"),
        "environment": env,
        "doc_chunks": len(sample),
        "scale": [],
        "quality": [],
    }
    if args.no_scale and args.no_quality:
        p.error("--no-scale and --no-quality leave nothing to run")
    for backend in backends:
        if not args.no_scale:
            with database(backend, args.pg_url) as url:
                result["scale"].append(scale(backend, url, sorted(args.sizes), questions, args.embeddings))
                result["embedding"] = result["scale"][-1]["embedding"]
                result["stamped"] = args.embeddings == "minilm-query"
        if not args.no_quality:
            with database(backend, args.pg_url) as url:
                print(f"{backend}: quality", file=sys.stderr)
                result["quality"].append(quality(backend, url, BUDGETS, max_tokens=args.max_tokens,
                                                 index_context=args.index_context))
    sections = ([("store", render)] if result["scale"] else []) + (
        [("store_quality", render_quality)] if result["quality"] else []
    )
    publish(sections[0][0], result, started, sections[0][1], args.update_docs)
    for name, fn in sections[1:]:
        body = fn(result)
        print(body)
        if args.update_docs:
            replace_section(name, body)
    return result


if __name__ == "__main__":
    main()
