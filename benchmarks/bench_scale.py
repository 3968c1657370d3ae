"""The knowledge store at scale: up to a million chunks on PostgreSQL + pgvector (and SQLite).

What it does, per backend, in a fresh database:

1. **Fill** ``--chunks`` chunks into ``--collections`` collections (documents round-robin).
   The text is real dan output: generated business documents (``bench_store.business_doc``:
   seeded Markdown of the quality benchmark's domains) converted by dan with the store's
   options, in ``--workers`` processes, and activated by the store's own code
   (``ingest.finish``: the versions, passages, full-text rows and lexeme counts the store
   writes). **The vectors are synthetic**: each document gets a random unit centroid and its
   chunks that centroid plus Gaussian noise (``--dims`` dimensions, 384 by default, MiniLM's),
   so that the neighbourhoods look like a model's (clusters of related chunks) without
   embedding a million chunks with a model (MiniLM embeds about 15 chunks/s here). Search
   latency does not depend on the values; retrieval quality does, so no quality is measured
   on them — only how well the HNSW index finds the exact nearest neighbours.
2. **Index** (PostgreSQL): the store's HNSW index (one partial index per embedding identity,
   ``vector_cosine_ops``) is dropped before the fill and built after it, timed, with
   ``--maintenance-work-mem``; its size, the table's and the full-text index's are reported.
3. **Search latency**: every question of ``benchmarks/quality`` (233) per mode (keyword,
   semantic, hybrid) through :meth:`KnowledgeStore.search` — scoped to one collection, the
   filter every user applies — limit 10, p50/p95/p99 in ms after one cold call. Each
   semantic and hybrid search must return its 10 hits (pgvector's iterative index scans,
   ``hnsw.iterative_scan``, keep a filtered HNSW scan going until it has them); short results
   are counted and reported (keyword search can be short: fewer than 10 passages may hold
   the words). The same for semantic and hybrid search in a collection of one document
   among all the others, with queries about other documents: the narrowest scope.
4. **Recall@10** of the HNSW lane against exact search (the same query with index scans
   disabled: a sequential scan and sort) on ``--recall-queries`` queries, in the same
   collection scope: asking for 10 (``hnsw.ef_search`` 40, the store's floor) and, as the
   store's searches do, for its 100 candidates (``ef_search`` 100) and keeping the first 10; whether the plan used the HNSW index is reported too. SQLite scores
   vectors exactly (NumPy), so its recall is 1 by construction and not measured.
5. **Memory**: PostgreSQL's ``shared_buffers``, the relations' sizes and the server's
   processes' proportional set size (PSS, from ``/proc``, when the server runs on this host
   and its ``postmaster.pid`` is readable); SQLite's file size and this process's resident
   set (its vector matrices live in the process).

    python benchmarks/bench_scale.py --pg-url postgresql://postgres@127.0.0.1:55470/postgres --chunks 1000000
    python benchmarks/bench_scale.py --backends sqlite --chunks 300000
    python benchmarks/bench_scale.py --chunks 20000 --backends postgresql sqlite     # a check (minutes)
    python benchmarks/bench_scale.py --chunks 1000000 --identity minilm --keep         # then serve the kept store

Prints a table, writes ``benchmarks/results/scale_<time>.json`` and, with ``--update-docs``,
the ``scale`` section of ``docs/benchmarks.md``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import secrets
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from concurrent.futures import Future, ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import dan
from benchmarks._docs import publish, run_facts
from benchmarks.bench_store import business_doc, database, percentiles, rss_mb
from benchmarks.quality.collection import all_questions, build_collection
from demo.store import AccessContext, EmbeddingIdentity, KnowledgeStore, StoreOptions
from demo.store import ingest as ingest_module
from demo.store import jobs as jobs_module
from demo.store.db import Scope
from demo.store.search import CANDIDATES

ME = AccessContext("bench")
MODES = ("keyword", "semantic", "hybrid")
LIMIT = 10
#: Documents converted per batch (one batch converts while the previous one is activated).
BATCH = 64
#: The fill records its time every this many chunks.
CHECKPOINT = 100_000
#: The document number of the small collection's one document (beyond any fill).
TINY_DOC = 10**8


class ClusteredVectors:
    """Synthetic vectors with clusters: document ``k``'s chunks are its centroid plus noise.

    The benchmark says which document is embedded (``doc``) and which document a query is
    about (``query_doc``); both are deterministic. ``sigma`` is the noise's norm relative to
    the unit centroid (0.6: chunks of one document have a cosine of about 0.74 with its
    centroid's queries, and about 0 with other documents')."""

    def __init__(self, dims: int = 384, sigma: float = 0.6, seed: int = 11, identity: EmbeddingIdentity | None = None) -> None:
        if identity is not None:
            dims = identity.dimensions
        self.identity = identity or EmbeddingIdentity("synthetic-clustered", dims, f"sigma={sigma};seed={seed}")
        self.dims, self.sigma, self.seed = dims, sigma, seed
        self.doc = 0
        self.query_doc = 0
        self._queries = 0

    def centroid(self, k: int) -> np.ndarray:
        c = np.random.default_rng((self.seed, k)).standard_normal(self.dims)
        return c / np.linalg.norm(c)

    def _noisy(self, k: int, rng: np.random.Generator, n: int) -> np.ndarray:
        v = self.centroid(k) + self.sigma * rng.standard_normal((n, self.dims)) / np.sqrt(self.dims)
        return (v / np.linalg.norm(v, axis=1, keepdims=True)).astype(np.float32)

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return self._noisy(self.doc, np.random.default_rng((self.seed, self.doc, len(texts), 1)), len(texts))

    def embed_query(self, text: str) -> np.ndarray:
        self._queries += 1
        return self._noisy(self.query_doc, np.random.default_rng((self.seed, self.query_doc, self._queries, 2)), 1)[0]


def _convert(args: tuple[str, bytes, str, StoreOptions]) -> ingest_module.Converted:
    return ingest_module.convert_source(*args)


def fill(store: KnowledgeStore, provider: ClusteredVectors, target: int, collections: int, workers: int) -> dict[str, Any]:
    """Fill ``target`` chunks into ``collections`` new collections; what it took, and which
    documents went to which collection (``docs_by_collection``: document numbers)."""
    cids = [store.create_collection(f"Scale {c}", ME).id for c in range(collections)]
    by_collection: list[list[int]] = [[] for _ in cids]
    backend, options = store.backend, store.options
    chunks = docs = 0
    t0 = time.perf_counter()
    #: (chunks, seconds) at every CHECKPOINT chunks: whether the fill slows as the store grows
    checkpoints: list[tuple[int, float]] = []

    def claim_batch(start: int) -> list[tuple[int, jobs_module.Claimed]]:
        out = []
        for i in range(start, start + BATCH):
            store.enqueue(cids[i % collections], f"file-{i:07d}.md", business_doc(i), ME)
        for i in range(start, start + BATCH):
            claimed = jobs_module.claim(backend, store.worker_id)
            assert claimed is not None and claimed.file_name == f"file-{i:07d}.md", "jobs are claimed in queue order"
            out.append((i, claimed))
        return out

    with ProcessPoolExecutor(workers, mp_context=get_context("spawn")) as pool:
        def submit(batch: list[tuple[int, jobs_module.Claimed]]) -> list[Future[ingest_module.Converted]]:
            return [pool.submit(_convert, (c.file_name, c.content, c.document_id, options)) for _, c in batch]

        batch = claim_batch(0)
        pending = submit(batch)
        nxt = BATCH
        while True:
            upcoming = claim_batch(nxt)  # converting while this batch is activated
            upcoming_futures = submit(upcoming)
            nxt += BATCH
            for (i, claimed), future in zip(batch, pending):
                converted = future.result()
                provider.doc = i
                ingest_module.finish(backend, options, provider, store.config, claimed, converted)
                by_collection[i % collections].append(i)
                chunks += len(converted.chunks)
                docs += 1
                if chunks // CHECKPOINT > len(checkpoints):
                    checkpoints.append((chunks, round(time.perf_counter() - t0, 1)))
            print(f"\r  {chunks:,} chunks", end="", file=sys.stderr, flush=True)
            if chunks >= target:
                for future in upcoming_futures:
                    future.cancel()
                for _, claimed in upcoming:  # claimed ahead, not needed: back to the queue, then cancelled
                    jobs_module.release(backend, claimed)
                    store.cancel_job(claimed.collection_id, claimed.id, ME)
                break
            batch, pending = upcoming, upcoming_futures
    print(file=sys.stderr)
    seconds = time.perf_counter() - t0
    with backend.read() as tx:
        not_ready = int(tx.value("SELECT count(*) FROM jobs WHERE state NOT IN ('ready', 'cancelled')") or 0)
        stored = int(tx.value("SELECT count(*) FROM passages") or 0)
    if not_ready or stored != chunks:
        raise RuntimeError(f"the fill left {not_ready} jobs not ready and {stored:,} passages for {chunks:,} chunks")
    return {
        "documents": docs, "chunks": chunks, "seconds": round(seconds, 1), "chunks_per_s": round(chunks / seconds, 1),
        "collections": cids, "docs_by_collection": by_collection, "checkpoints": checkpoints,
    }


# ---------------------------------------------------------------------------- PostgreSQL


def _pg(url: str) -> Any:
    import psycopg

    return psycopg.connect(url, autocommit=True)


def hnsw_index(store: KnowledgeStore) -> tuple[str, str]:
    """(name, CREATE INDEX statement) of the store's HNSW index for its embedding identity
    (the statement ``PostgresBackend.ensure_identity`` runs)."""
    with store.backend.read() as tx:
        row = tx.one("SELECT id, dims FROM identities WHERE key = ?", [store.embedding_identity])
    assert row is not None
    n, d = int(row[0]), int(row[1])
    name = f"passages_hnsw_{n}"
    return name, (
        f"CREATE INDEX IF NOT EXISTS {name} ON passages USING hnsw ((embedding::vector({d})) vector_cosine_ops) WHERE emb_identity = {n}"
    )


def build_index(url: str, statement: str, maintenance_work_mem: str) -> dict[str, Any]:
    """Build the HNSW index after the fill, timed; its settings and size."""
    with _pg(url) as conn:
        conn.execute("VACUUM ANALYZE passages")
        if maintenance_work_mem:
            conn.execute(f"SET maintenance_work_mem = '{maintenance_work_mem}'")
        settings = {
            k: conn.execute(f"SHOW {k}").fetchone()[0]
            for k in ("maintenance_work_mem", "max_parallel_maintenance_workers", "shared_buffers", "max_wal_size", "fsync")
        }
        t0 = time.perf_counter()
        conn.execute(statement)
        seconds = time.perf_counter() - t0
        conn.execute("ANALYZE passages")
    return {"seconds": round(seconds, 1), **settings}


def pg_sizes(url: str, index: str) -> dict[str, Any]:
    """Sizes in MB: the HNSW index, the full-text index, the passages table with its indexes,
    the database."""
    with _pg(url) as conn:
        def mb(sql: str) -> float:
            return round(int(conn.execute(sql).fetchone()[0] or 0) / 2**20, 1)

        return {
            "hnsw_index_mb": mb(f"SELECT pg_relation_size('{index}')"),
            "gin_index_mb": mb("SELECT pg_relation_size('passages_tsv')"),
            "passages_total_mb": mb("SELECT pg_total_relation_size('passages')"),
            "database_mb": mb("SELECT pg_database_size(current_database())"),
        }


def server_pss_mb(url: str) -> float | None:
    """The PostgreSQL server's processes' proportional set size (MB), when it runs on this
    host and /proc is readable; None otherwise."""
    try:
        with _pg(url) as conn:
            data_dir = conn.execute("SHOW data_directory").fetchone()[0]
        postmaster = int((Path(data_dir) / "postmaster.pid").read_text().split()[0])
        pids = [postmaster]
        for status in Path("/proc").glob("[0-9]*/status"):
            try:
                if f"\nPPid:\t{postmaster}\n" in status.read_text():
                    pids.append(int(status.parent.name))
            except OSError:
                continue
        total = 0
        for pid in pids:
            try:
                rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
            except OSError:  # a backend that ended meanwhile
                if pid == postmaster:
                    raise
                continue
            total += sum(int(line.split()[1]) for line in rollup.splitlines() if line.startswith("Pss:"))
        return round(total / 1024, 1)
    except (OSError, ValueError, IndexError):
        return None


def recall(store: KnowledgeStore, provider: ClusteredVectors, cids: Sequence[str], docs: Sequence[Sequence[int]], queries: int) -> dict[str, Any]:
    """Recall@10 of the store's HNSW lane (``PostgresBackend.semantic``: its ``ef_search`` and
    iterative scan) against exact search, each query scoped to one collection."""
    backend = store.backend
    identity = store.embedding_identity
    rng = np.random.default_rng(5)
    found, found_lane = [], []
    short = 0
    plans_hnsw = 0
    for q in range(queries):
        c = q % len(cids)
        provider.query_doc = int(rng.choice(docs[c]))
        vector = provider.embed_query("")
        scope = Scope(cids[c])
        with backend.read() as tx:
            approx = [pk for pk, _ in backend.semantic(tx, scope, vector, identity, LIMIT)]
        with backend.read() as tx:
            lane = [pk for pk, _ in backend.semantic(tx, scope, vector, identity, CANDIDATES)][:LIMIT]
            if q == 0:
                plans_hnsw = int(_uses_hnsw(tx, backend, scope, vector, identity))
        with backend.read() as tx:
            tx.execute("SET LOCAL enable_indexscan = off")
            tx.execute("SET LOCAL enable_bitmapscan = off")
            exact = [pk for pk, _ in backend.semantic(tx, scope, vector, identity, LIMIT)]
        short += len(approx) < LIMIT
        found.append(len(set(approx) & set(exact)) / max(1, len(exact)))
        found_lane.append(len(set(lane) & set(exact)) / max(1, len(exact)))
    return {"queries": queries, "recall_at_10": round(float(np.mean(found)), 4), "min": round(float(np.min(found)), 2),
            "recall_at_10_of_100": round(float(np.mean(found_lane)), 4), "min_of_100": round(float(np.min(found_lane)), 2),
            "short_results": short, "plan_uses_hnsw": bool(plans_hnsw)}


def _uses_hnsw(tx: Any, backend: Any, scope: Scope, vector: np.ndarray, identity: str) -> bool:
    """Whether the semantic lane's query plan scans the HNSW index (EXPLAIN of the same SQL)."""
    ident, dims = backend._identity_id(tx, identity)
    where, params = backend.scope_sql(scope)
    plan = tx.rows(
        f"EXPLAIN SELECT p.pk, (p.embedding::vector({dims})) <=> ?::vector({dims}) AS d FROM passages p "
        f"WHERE p.emb_identity = {ident} AND {where} ORDER BY d LIMIT ?",
        [np.asarray(vector, dtype=np.float32), *params, LIMIT],
    )
    return any("passages_hnsw" in str(r[0]) for r in plan)


# ---------------------------------------------------------------------------- both


def latencies(store: KnowledgeStore, provider: ClusteredVectors, cids: Sequence[str], docs: Sequence[Sequence[int]],
              questions: Sequence[str]) -> dict[str, Any]:
    """Search latency per mode, each question in one collection (round-robin), limit 10."""
    out: dict[str, Any] = {}
    rng = np.random.default_rng(3)
    for mode in MODES:
        samples, short = [], 0
        cold = 0.0
        for q, question in enumerate([questions[0], *questions]):
            c = q % len(cids)
            provider.query_doc = int(rng.choice(docs[c]))
            t0 = time.perf_counter()
            res = store.search(cids[c], question, ME, mode=mode, limit=LIMIT, budget=16_000)
            took = time.perf_counter() - t0
            if q == 0:
                cold = took
                continue
            samples.append(took)
            short += len(res.passages) < LIMIT
        out[mode] = {"cold_ms": round(1000 * cold, 1), **percentiles(samples), "short_results": short}
    return out


def small_scope(store: KnowledgeStore, provider: ClusteredVectors, cid: str, questions: Sequence[str]) -> dict[str, Any]:
    """Semantic and hybrid search in a collection of one document among all the others: the
    narrowest scope, where an index scan that gives up early would come back short. Every
    search must return ``min(10, chunks of the document)`` passages."""
    chunks = sum(s.chunk_count for s in store.list_sources(cid, ME))
    out: dict[str, Any] = {"chunks": chunks}
    for mode in ("semantic", "hybrid"):
        samples: list[float] = []
        short = 0
        for question in questions:
            provider.query_doc = TINY_DOC + 1 + len(samples)  # about other documents: the hardest case
            t0 = time.perf_counter()
            res = store.search(cid, question, ME, mode=mode, limit=LIMIT, budget=16_000)
            samples.append(time.perf_counter() - t0)
            short += len(res.passages) < min(LIMIT, chunks)
        out[mode] = {**percentiles(samples), "short_results": short}
    return out


def run_backend(backend: str, url: str, args: argparse.Namespace, questions: Sequence[str]) -> dict[str, Any]:
    identity = None
    if getattr(args, "identity", "synthetic") == "minilm":
        from demo.store import MiniLMProvider

        identity = MiniLMProvider().identity
    provider = ClusteredVectors(args.dims, identity=identity)
    options = StoreOptions(max_pending_jobs=4 * BATCH)
    result: dict[str, Any] = {"backend": backend}
    with KnowledgeStore(url, options=options, embeddings=provider) as store:
        result["embedding"] = store.embedding_identity
        index = statement = ""
        if backend == "postgresql":
            index, statement = hnsw_index(store)
            with _pg(url) as conn:
                conn.execute(f"DROP INDEX IF EXISTS {index}")  # built after the fill, timed
        print(f"{backend}: filling {args.chunks:,} chunks", file=sys.stderr)
        filled = fill(store, provider, args.chunks, args.collections, args.workers)
        cids, docs = filled.pop("collections"), filled.pop("docs_by_collection")
        result["fill"] = filled
        tiny = store.create_collection("Scale small", ME).id  # one document among all the others
        provider.doc = TINY_DOC
        store.enqueue(tiny, "small.md", business_doc(TINY_DOC), ME)
        while store.process_next():
            pass
        if backend == "postgresql":
            print(f"{backend}: building the HNSW index", file=sys.stderr)
            result["index"] = build_index(url, statement, args.maintenance_work_mem)
            result["sizes"] = pg_sizes(url, index)
            print(f"{backend}: recall@10", file=sys.stderr)
            result["recall"] = recall(store, provider, cids, docs, args.recall_queries)
        print(f"{backend}: search latency", file=sys.stderr)
        result["latency"] = latencies(store, provider, cids, docs, questions)
        result["small_collection"] = small_scope(store, provider, tiny, questions)
        if backend == "postgresql":
            result["server_pss_mb"] = server_pss_mb(url)
        else:
            db = Path(url)
            result["sizes"] = {"database_mb": round(sum(p.stat().st_size for p in db.parent.glob(db.name + "*")) / 2**20, 1)}
        result["process_rss_mb"] = round(rss_mb())
    return result


def render(result: dict[str, Any]) -> str:
    """The ``scale`` section of ``docs/benchmarks.md``."""
    sources = [*result.get("with", []), result]  # earlier runs given by --with, then this one
    lines = ["## The store at scale", ""]
    for src in sources:
        env = src["environment"]
        lines.append(
            f"`{src['command']}` ({src['date']}, commit `{src['commit']}`; {env['platform']}, {env['cpus']} CPUs, "
            f"{env.get('memory_gb', '?')} GB; Python {env['python']}, dan {env['dan']}"
            + (f"; PostgreSQL {env['postgres']}, pgvector {env['pgvector']}" if "postgres" in env else "")
            + f"; result file `{src.get('result_file', '')}`)."
        )
        lines.append("")
    runs = [r for src in sources for r in src["runs"]]
    lines += [
        f"Chunks of generated business documents converted by dan "
        f"(at most {result['max_tokens']} tokens) in {result['collections']} collections; **synthetic vectors** "
        f"({result['dims']} dimensions, clustered by document: no retrieval quality is measured on them). Searches: the "
        "233 questions of `benchmarks/quality`, each scoped to one collection, limit 10; milliseconds.",
        "",
        "| backend | chunks | fill chunks/s | mode | p50 | p95 | p99 | cold | short results |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in runs:
        for mode in MODES:
            lat = r["latency"][mode]
            lines.append(
                f"| {r['backend']} | {r['fill']['chunks']:,} | {r['fill']['chunks_per_s']} | {mode} | {lat['p50']} | "
                f"{lat['p95']} | {lat['p99']} | {lat['cold_ms']} | {lat['short_results']} |"
            )
    lines += ["", "| backend | chunks | HNSW build s | HNSW MB | full-text index MB | passages table MB | database MB | "
              "recall@10 (min): of 10 / of 100 | server PSS MB | process RSS MB |", "|---|---|---|---|---|---|---|---|---|---|"]
    for r in runs:
        sizes = r.get("sizes", {})
        idx = r.get("index", {})
        rec = r.get("recall")
        lines.append(
            f"| {r['backend']} | {r['fill']['chunks']:,} | {idx.get('seconds', '—')} | {sizes.get('hnsw_index_mb', '—')} | "
            f"{sizes.get('gin_index_mb', '—')} | {sizes.get('passages_total_mb', '—')} | {sizes.get('database_mb', '—')} | "
            + (f"{rec['recall_at_10']} ({rec['min']}) / {rec['recall_at_10_of_100']} ({rec['min_of_100']}), "
               f"{rec['queries']} queries" if rec else "exact (NumPy)")
            + f" | {r.get('server_pss_mb') or '—'} | {r['process_rss_mb']} |"
        )
    lines += ["", "A collection of one document among all the others (the narrowest scope: queries about other documents, "
              "so an index scan finds the collection's vectors last); every search must return all its chunks up to 10:", "",
              "| backend | chunks in the collection | mode | p50 | p95 | short results |", "|---|---|---|---|---|---|"]
    for r in runs:
        small = r.get("small_collection")
        for mode in ("semantic", "hybrid") if small else ():
            lines.append(f"| {r['backend']} | {small['chunks']} | {mode} | {small[mode]['p50']} | {small[mode]['p95']} | "
                         f"{small[mode]['short_results']} |")
    pg = [r for r in runs if r["backend"] == "postgresql"]
    if pg:
        idx = pg[0]["index"]
        lines += ["", f"PostgreSQL settings: shared_buffers {idx['shared_buffers']}, maintenance_work_mem "
                  f"{idx['maintenance_work_mem']} (for the index build), max_parallel_maintenance_workers "
                  f"{idx['max_parallel_maintenance_workers']}, max_wal_size {idx.get('max_wal_size', '?')}, fsync "
                  f"{idx.get('fsync', '?')}; the semantic lane's plan "
                  + ("uses" if pg[0]["recall"]["plan_uses_hnsw"] else "does **not** use")
                  + " the HNSW index (EXPLAIN of its query)."]
    marks = [r for r in runs if r["fill"].get("checkpoints")]
    if marks:
        lines += ["", "Fill rate as the store grows (chunks per second over each stretch of the fill, every "
                  f"{CHECKPOINT:,} chunks):", ""]
        for r in marks:
            pts = [(0, 0.0), *r["fill"]["checkpoints"]]
            rates = [f"{round((b[0] - a[0]) / max(1e-9, b[1] - a[1]))}" for a, b in zip(pts, pts[1:])]
            lines.append(f"- {r['backend']}: {', '.join(rates)}")
    return "\n".join(lines) + "\n"


@contextmanager
def kept(backend: str, pg_url: str) -> Iterator[str]:
    """A fresh database that outlives the run (``--keep``): its URL is printed at the end."""
    if backend == "sqlite":
        url = str(Path(tempfile.mkdtemp(prefix="bench-scale-")) / "knowledge.db")
    else:
        import psycopg

        name = "bench_scale_" + secrets.token_hex(4)
        with psycopg.connect(pg_url, autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        parts = urlsplit(pg_url)
        url = urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))
    yield url
    print(f"kept the {backend} store: {url} (collections owned by subject {ME.subject!r})", file=sys.stderr)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--chunks", type=int, default=1_000_000)
    p.add_argument("--backends", nargs="+", default=["postgresql"], choices=["postgresql", "sqlite"])
    p.add_argument("--pg-url", default=os.environ.get("DEMO_TEST_POSTGRES_URL", ""))
    p.add_argument("--collections", type=int, default=10, help="collections the chunks are spread over (default %(default)s)")
    p.add_argument("--dims", type=int, default=384, help="vector dimensions (default %(default)s, MiniLM's)")
    p.add_argument("--workers", type=int, default=max(1, (os.cpu_count() or 2) - 1), help="dan conversion processes")
    p.add_argument("--recall-queries", type=int, default=200)
    p.add_argument("--maintenance-work-mem", default="4GB", help="for the HNSW build (default %(default)s: the index of 20,000 chunks took 39 MB, so a million's about 2 GB; '' keeps the server's)")
    p.add_argument(
        "--identity", choices=["synthetic", "minilm"], default="synthetic",
        help="the vectors' embedding identity: synthetic (the default), or MiniLM's (the vectors stay synthetic, but a "
        "store or server opened with --embeddings minilm on the kept database can search them, its queries embedded "
        "by the model: for a load test of the server at this size)",
    )
    p.add_argument("--keep", action="store_true", help="keep the databases and print where they are (default: removed)")
    p.add_argument("--with", dest="with_", nargs="*", default=[], metavar="RESULT_JSON",
                   help="earlier result files (another backend's run) published beside this run's")
    p.add_argument("--update-docs", action="store_true")
    args = p.parse_args(argv)
    if "postgresql" in args.backends and not args.pg_url:
        p.error("PostgreSQL needs --pg-url (or DEMO_TEST_POSTGRES_URL); .ci/postgres.sh start DIR prints one")
    if args.chunks < 1 or args.collections < 1 or args.workers < 1:
        p.error("--chunks, --collections and --workers must be at least 1")
    started = dt.datetime.now(dt.UTC)
    env: dict[str, Any] = {
        "python": platform.python_version(), "platform": platform.platform(), "dan": dan.__version__,
        "cpus": os.cpu_count(), "memory_gb": round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1),
    }
    if "postgresql" in args.backends:
        with _pg(args.pg_url) as c:
            env["postgres"] = c.execute("SHOW server_version").fetchone()[0]
            env["pgvector"] = c.execute("SELECT default_version FROM pg_available_extensions WHERE name = 'vector'").fetchone()[0]
    questions = [q.question for q in all_questions(build_collection())]
    facts = run_facts([sys.argv[0], *(argv if argv is not None else sys.argv[1:])])
    result: dict[str, Any] = {
        "benchmark": "scale", **facts, "environment": env, "collections": args.collections, "dims": 384 if args.identity == "minilm" else args.dims, "identity": args.identity,
        "max_tokens": StoreOptions().max_tokens, "runs": [],
    }
    if args.with_:
        result["with"] = [json.loads(Path(f).read_text(encoding="utf-8")) for f in args.with_]
    for backend in args.backends:
        with (kept(backend, args.pg_url) if args.keep else database(backend, args.pg_url)) as url:
            result["runs"].append(run_backend(backend, url, args, questions))
    return publish("scale", result, started, render, args.update_docs)


if __name__ == "__main__":
    main()
