"""What SQLite keyword search's word pruning costs in recall and gains in time.

In a collection of 5,000 passages or more the SQLite store matches only a query's
informative words (``demo.store.sqlite.informative``): the rarest word, then words in at
most a quarter of the passages while their passages add up to at most 40,000. This
benchmark builds the scale collection of ``bench_store.py`` (generated business documents
up to ``--chunks`` passages) plus the 17 documents of ``benchmarks/quality``, then asks
every quality question (233) in keyword and hybrid mode (top 20, the hashing embedding)
under three rules, side by side in one run, the rules interleaved round by round:

* ``every word`` — no pruning;
* ``quarter`` — only the quarter rule;
* ``quarter + postings`` — both rules (the store's default).

Per rule and mode: the share of gold evidence strings (and table-row keys) found in the
returned passages' text, the share of questions whose own document ranks first, and
latency p50/p95 over every round. Prints a table and writes
``benchmarks/results/keyword_pruning_<time>.json``; ``--update-docs`` puts the table in
``docs/benchmarks.md``.

    python benchmarks/bench_keyword_pruning.py                 # 100,000 chunks (about 6 minutes)
    python benchmarks/bench_keyword_pruning.py --chunks 20000  # quicker
    python benchmarks/bench_keyword_pruning.py --db /tmp/kp.db # keep (or reuse) the database
"""

from __future__ import annotations

import argparse
import datetime as dt
import platform
import re
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import dan
import demo.store.sqlite as backend
from benchmarks._docs import publish
from benchmarks.bench_store import ME, ingest_until, percentiles
from benchmarks.quality.collection import all_questions, build_collection
from demo.store import HashingProvider, KnowledgeStore, StoreOptions

#: The rules compared: (name, PRUNE_FROM, MAX_POSTINGS).
RULES: tuple[tuple[str, int, int], ...] = (
    ("every word", 10**12, backend.MAX_POSTINGS),
    ("quarter", backend.PRUNE_FROM, 10**12),
    ("quarter + postings", backend.PRUNE_FROM, backend.MAX_POSTINGS),
)
MODES = ("keyword", "hybrid")
_STRIP = re.compile(r"[*_|`\\]")
_WS = re.compile(r"\s+")


def norm(text: str) -> str:
    """Text compared for evidence: lowercase, Markdown marks and whitespace runs as one space."""
    return _WS.sub(" ", _STRIP.sub(" ", text.lower())).strip()


@contextmanager
def database(path: str | None) -> Iterator[tuple[str, bool]]:
    """The database path and whether it already holds the collection."""
    if path:
        yield path, Path(path).exists()
        return
    with tempfile.TemporaryDirectory(prefix="bench-kp-") as tmp:
        yield str(Path(tmp) / "knowledge.db"), False


@contextmanager
def rule(prune_from: int, max_postings: int) -> Iterator[None]:
    saved = backend.PRUNE_FROM, backend.MAX_POSTINGS
    backend.PRUNE_FROM, backend.MAX_POSTINGS = prune_from, max_postings
    try:
        yield
    finally:
        backend.PRUNE_FROM, backend.MAX_POSTINGS = saved


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--chunks", type=int, default=100_000, help="generated passages before the quality documents")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--db", help="database file to build (or reuse, when it exists)")
    p.add_argument("--update-docs", action="store_true")
    args = p.parse_args(argv)
    started = dt.datetime.now(dt.UTC)
    items = build_collection()
    questions = all_questions(items)
    result: dict[str, Any] = {
        "benchmark": "keyword_pruning",
        "command": "python benchmarks/bench_keyword_pruning.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        "started": started.isoformat(timespec="seconds"),
        "environment": {"python": platform.python_version(), "platform": platform.platform(), "dan": dan.__version__},
        "rules": {name: {"prune_from": pf, "max_postings": mp, "common_share": backend.COMMON_SHARE} for name, pf, mp in RULES},
        "questions": len(questions),
    }
    with database(args.db) as (url, built), KnowledgeStore(url, options=StoreOptions(max_tokens=512), embeddings=HashingProvider()) as store:
        if built:
            cid = store.list_collections(ME)[0].id
        else:
            cid = store.create_collection("Scale", ME).id
            print(f"ingesting to {args.chunks:,} chunks", file=sys.stderr)
            ingest_until(store, cid, args.chunks, 0, 0)
            for it in items:
                store.enqueue(cid, it.name, it.data, ME)
            while store.process_next():
                pass
        result["chunks"] = sum(s.chunk_count for s in store.list_sources(cid, ME))
        samples: dict[tuple[str, str], list[float]] = {(r[0], m): [] for r in RULES for m in MODES}
        quality: dict[tuple[str, str], dict[str, float]] = {}
        for rnd in range(args.rounds):
            for name, prune_from, max_postings in RULES:
                with rule(prune_from, max_postings):
                    for mode in MODES:
                        print(f"round {rnd + 1}: {name}, {mode}", file=sys.stderr)
                        found = total = first = 0
                        for q in questions:
                            t0 = time.perf_counter()
                            res = store.search(cid, q.question, ME, mode=mode, limit=20, budget=16_000)
                            samples[(name, mode)].append(time.perf_counter() - t0)
                            if rnd == 0:
                                text = norm(" ".join(x.text for x in res.passages))
                                wanted = [*q.evidence, *(row[0] for row in q.rows)]
                                total += len(wanted)
                                found += sum(norm(e) in text for e in wanted)
                                first += bool(res.passages) and res.passages[0].file_name == q.doc
                        if rnd == 0:
                            quality[(name, mode)] = {"evidence": found / total, "first_doc": first / len(questions)}
    result["results"] = [
        {"rule": name, "mode": mode, **quality[(name, mode)], **percentiles(samples[(name, mode)])}
        for name, _, _ in RULES
        for mode in MODES
    ]
    return publish("keyword_pruning", result, started, render, args.update_docs)


def render(result: dict[str, Any]) -> str:
    lines = [
        "## Keyword pruning",
        "",
        f"`{result['command']}` ({result['started'][:10]}, {result['environment']['platform']}): "
        f"{result['chunks']:,} passages (the generated scale collection plus the 17 quality documents), "
        f"{result['questions']} questions, top 20, the hashing embedding for hybrid. Evidence: the share of "
        "gold evidence strings in the returned passages; first: questions whose own document ranks first. "
        "Latency over every round, rules interleaved.",
        "",
        "| rule | mode | evidence | first | p50 ms | p95 ms |",
        "|---|---|---|---|---|---|",
    ]
    for r in result["results"]:
        lines.append(
            f"| {r['rule']} | {r['mode']} | {100 * r['evidence']:.1f} % | {100 * r['first_doc']:.1f} % | {r['p50']} | {r['p95']} |"
        )
    lines += ["", f"Result file: `{result['result_file']}`."]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
