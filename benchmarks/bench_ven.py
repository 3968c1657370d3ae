"""Benchmark of ``ven``: construction time and memory, expansion latency.

Generates seeded synthetic record sets of 1k / 10k / 100k chunks that look like dan's output
for a long business document (pages of ~2.5 body chunks, a section every ~40 chunks, tables
split over 1-5 chunks, runs of revisions and comments, headers per section, a footer on
every page, footnotes), then measures

* ``Ven(records)`` construction: median wall time, and memory with ``tracemalloc`` (peak
  during construction and what the ``Ven`` keeps);
* expansion latency for 10 random anchors: ``begin_expansion`` + ``add_related_chunks()`` +
  ``add_page_chunks()`` (the typical query), and a budgeted variant with page neighbours,
  median, p95 and p99 in microseconds over many queries, at every size.

With ``--baseline REV`` the ven of commit ``REV`` is loaded beside this one, in the same
process, and at every size the typical query runs in turn on both (A B A B …, the same
anchors): the table then shows the baseline's p50 and the median, min and max of the
per-round ratio baseline ÷ now — a ratio that holds on a noisy machine where absolute
microseconds do not — and the baseline's construction time and memory.

Standard library only. Prints a table and writes ``benchmarks/results/bench_ven.json``.

    python benchmarks/bench_ven.py                       # full run
    python benchmarks/bench_ven.py --quick               # smaller, for a smoke test
    python benchmarks/bench_ven.py --baseline 7b9278c    # side by side with that commit
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from ven import Ven, join_list  # noqa: E402

AUTHORS = ("Alice Smith", "Bob Jones", "Carol White", "Dan Brown", "Erin Black", "Frank Green")


def synthetic_records(n: int, seed: int = 1) -> list[dict[str, Any]]:
    """``n`` records of one synthetic document, in a shuffled order."""
    rng = random.Random(seed)
    n_foot = max(1, n // 50)
    n_body = max(1, n - n_foot - max(2, n // 40) - 1)
    body: list[dict[str, Any]] = []
    page = 1
    sect = 1
    sect_start_pages = [1]
    table_id = 0
    table_left = 0
    rev_left = com_left = 0
    for i in range(n_body):
        if i and rng.random() < 0.4:
            page += 1
        if i and rng.random() < 0.025:
            sect += 1
            sect_start_pages.append(page)
        span = 1 if rng.random() < 0.2 else 0
        tabs: list[str] = []
        if table_left:
            tabs.append(str(table_id))
            table_left -= 1
        if not table_left and rng.random() < 0.08:
            table_id += 1
            tabs.append(str(table_id))
            table_left = rng.randint(0, 4)
        if not rev_left and rng.random() < 0.02:
            rev_left = rng.randint(1, 4)
        if not com_left and rng.random() < 0.012:
            com_left = rng.randint(1, 3)
        rec = {
            "ssTokens": rng.randint(300, 1000),
            "ssType": "body",
            "ssPage": page,
            "ssPageLast": page + span,
            "ssSect": sect,
            "ssTables": join_list(tabs),
            "ssRevs": 0,
            "ssRevAuthors": "",
            "ssComs": 0,
            "ssComAuthors": "",
        }
        if rev_left:
            rev_left -= 1
            rec["ssRevs"] = rng.randint(1, 5)
            rec["ssRevAuthors"] = join_list(rng.sample(AUTHORS, rng.randint(1, 2)))
        if com_left:
            com_left -= 1
            rec["ssComs"] = rng.randint(1, 3)
            rec["ssComAuthors"] = join_list(rng.sample(AUTHORS, 1))
        page += span
        body.append(rec)
    last_page = page
    sect_start_pages.append(last_page + 1)
    others: list[dict[str, Any]] = []
    n_head = n - n_body - n_foot - 1
    for k in range(n_head):  # one header per section (cycled), spanning its pages
        s = k % sect + 1
        p0 = sect_start_pages[s - 1]
        p1 = max(p0, sect_start_pages[s] - 1)
        others.append(
            {
                "ssTokens": rng.randint(10, 40),
                "ssType": "header",
                "ssPage": p0,
                "ssPageLast": p1,
                "ssSect": s,
                "ssTables": "",
                "ssRevs": 0,
                "ssRevAuthors": "",
                "ssComs": 0,
                "ssComAuthors": "",
            }
        )
    others.append(
        {
            "ssTokens": 12,
            "ssType": "footer",
            "ssPage": 1,
            "ssPageLast": last_page,
            "ssSect": 1,
            "ssTables": "",
            "ssRevs": 0,
            "ssRevAuthors": "",
            "ssComs": 0,
            "ssComAuthors": "",
        }
    )
    for _ in range(n_foot):
        ref = body[rng.randrange(n_body)]
        others.append(
            {
                "ssTokens": rng.randint(30, 200),
                "ssType": "footnote",
                "ssPage": ref["ssPage"],
                "ssPageLast": ref["ssPage"],
                "ssSect": ref["ssSect"],
                "ssTables": "",
                "ssRevs": 0,
                "ssRevAuthors": "",
                "ssComs": 0,
                "ssComAuthors": "",
            }
        )
    records = body + others
    for seq, rec in enumerate(records):
        rec.update(
            {
                "ssDocId": "BENCH",
                "ssTitle": "Synthetic benchmark document",
                "ssSeq": seq,
                "ssCount": len(records),
                "ssPageKind": "estimated",
                "ssPlain": "Lorem ipsum dolor sit amet, consectetur adipiscing elit.",
            }
        )
    rng.shuffle(records)
    return records


def load_baseline_ven(rev: str) -> Any:
    """The ``Ven`` class of commit ``rev``'s ven, imported beside the current one: its
    modules are loaded from the extracted sources and then taken out of ``sys.modules``
    again, so that this process's ``ven`` stays the current one."""
    import importlib

    from benchmarks._runner import baseline

    where = str(baseline(rev))
    saved = {k: m for k, m in sys.modules.items() if k == "ven" or k.startswith("ven.")}
    for k in saved:
        del sys.modules[k]
    sys.path.insert(0, where)
    try:
        old = importlib.import_module("ven")
        if not str(old.__file__).startswith(where):
            raise SystemExit(f"--baseline {rev}: imported ven from {old.__file__}, not {where}")
    finally:
        sys.path.remove(where)
        for k in [k for k in sys.modules if k == "ven" or k.startswith("ven.")]:
            del sys.modules[k]
        sys.modules.update(saved)
    return old.Ven


def _typical_times(v: Any, anchor_sets: list[list[int]]) -> list[float]:
    """Microseconds of the typical query for each anchor set."""
    clock = time.perf_counter_ns
    spent = []
    for seqs in anchor_sets:
        t0 = clock()
        exp = v.begin_expansion(seqs)
        exp.add_related_chunks()
        exp.add_page_chunks()
        spent.append((clock() - t0) / 1000.0)
    return spent


def _typical_p50(v: Any, anchor_sets: list[list[int]]) -> float:
    return statistics.median(_typical_times(v, anchor_sets))


def measure_paired(v: Any, base: Any, queries: int, rounds: int, seed: int = 2) -> dict[str, Any]:
    """The typical query on ``base`` (the baseline's Ven of the same records) and on ``v``
    in turn, ``rounds`` times over the same anchors; both must expand to the same chunks."""
    rng = random.Random(seed)
    anchor_sets = [rng.sample(range(v.chunk_count), 10) for _ in range(queries)]
    for seqs in anchor_sets[:200]:
        a, b = v.begin_expansion(seqs), base.begin_expansion(seqs)
        for exp in (a, b):
            exp.add_related_chunks()
            exp.add_page_chunks()
        if a.seqs != b.seqs:
            raise SystemExit(f"the baseline expands anchors {seqs} differently: not comparable")
    now: list[float] = []
    then: list[float] = []
    for _ in range(rounds):
        then.append(_typical_p50(base, anchor_sets))
        now.append(_typical_p50(v, anchor_sets))
    ratios = [t / n for t, n in zip(then, now)]
    return {
        "rounds": rounds,
        "now_us_p50": statistics.median(now),
        "base_us_p50": statistics.median(then),
        "ratio_median": statistics.median(ratios),
        "ratio_min": min(ratios),
        "ratio_max": max(ratios),
    }


def measure_construction(size: int, runs: int, Ven: Any = Ven) -> dict[str, float]:  # noqa: N803
    records = synthetic_records(size)
    times = []
    for _ in range(runs):
        gc.collect()
        t0 = time.perf_counter()
        Ven(records)
        times.append(time.perf_counter() - t0)
    del records
    gc.collect()
    # Memory: trace the records too, so that what the Ven keeps is measured after the
    # records are gone (ints it shares with them would otherwise be invisible).
    tracemalloc.start()
    records = synthetic_records(size)
    input_bytes = tracemalloc.get_traced_memory()[0]
    tracemalloc.reset_peak()
    v = Ven(records)
    peak = tracemalloc.get_traced_memory()[1] - input_bytes
    del records
    gc.collect()
    kept = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    del v
    return {
        "construct_ms_median": statistics.median(times) * 1000.0,
        "construct_us_per_chunk": statistics.median(times) * 1e6 / size,
        "input_records_bytes": input_bytes,
        "retained_bytes": kept,
        "retained_bytes_per_chunk": kept / size,
        "peak_bytes": peak,
    }


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def measure_queries(v: Ven, queries: int, seed: int = 2) -> dict[str, float]:
    rng = random.Random(seed)
    n = v.chunk_count
    anchor_sets = [rng.sample(range(n), 10) for _ in range(queries)]
    clock = time.perf_counter_ns

    typical = _typical_times(v, anchor_sets)

    budgeted: list[float] = []
    added: list[int] = []
    for seqs in anchor_sets:
        t0 = clock()
        exp = v.begin_expansion(seqs)
        exp.add_related_chunks(budget=4000)
        exp.add_page_chunks(num_pages=1, budget=8000)
        exp.add_revision_chunks(budget=10000)
        budgeted.append((clock() - t0) / 1000.0)
        added.append(exp.enrichment_tokens)

    # each method alone, from a fresh expansion of the same anchors (begin excluded)
    methods: dict[str, tuple[str, dict[str, Any]]] = {
        "begin_expansion": ("", {}),
        "complete_tables": ("complete_tables", {}),
        "add_related_chunks": ("add_related_chunks", {}),
        "add_related_chunks(all_tables, budget=20000)": (
            "add_related_chunks",
            {"all_tables": True, "budget": 20000},
        ),
        "add_page_chunks": ("add_page_chunks", {}),
        "add_page_chunks(num_pages=2)": ("add_page_chunks", {"num_pages": 2}),
        "add_section_pages(2)": ("add_section_pages", {"num_pages": 2}),
        "add_revision_chunks(budget=5000)": ("add_revision_chunks", {"budget": 5000}),
        "add_revision_chunks()": ("add_revision_chunks", {}),
    }
    per_method: dict[str, float] = {}
    sample = anchor_sets[: max(100, queries // 5)]
    for label, (name, kw) in methods.items():
        spent: list[float] = []
        for seqs in sample:
            if not name:
                t0 = clock()
                v.begin_expansion(seqs)
                spent.append((clock() - t0) / 1000.0)
                continue
            exp = v.begin_expansion(seqs)
            call = getattr(exp, name)
            t0 = clock()
            call(**kw)
            spent.append((clock() - t0) / 1000.0)
        per_method[label] = statistics.median(spent)

    return {
        "per_method_us_median": per_method,
        "typical_us_median": statistics.median(typical),
        "typical_us_p95": _pct(typical, 0.95),
        "typical_us_p99": _pct(typical, 0.99),
        "budgeted_us_median": statistics.median(budgeted),
        "budgeted_us_p95": _pct(budgeted, 0.95),
        "budgeted_enrichment_tokens_median": statistics.median(added),
        "queries": queries,
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="smaller sizes and fewer queries")
    parser.add_argument(
        "--out", type=Path, default=ROOT / "benchmarks" / "results" / "bench_ven.json"
    )
    parser.add_argument("--update-docs", action="store_true", help="write the docs section")
    parser.add_argument("--baseline", metavar="REV", help="also measure this commit's ven, side by side")
    parser.add_argument("--rounds", type=int, default=7, help="paired rounds per size with --baseline")
    args = parser.parse_args(argv)
    base_ven = load_baseline_ven(args.baseline) if args.baseline else None

    sizes = (1_000, 10_000) if args.quick else (1_000, 10_000, 100_000)
    runs = {1_000: 20, 10_000: 7, 100_000: 3}
    queries = 300 if args.quick else 3000

    result: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": f"{platform.system()} {platform.machine()}",
        "date": time.strftime("%Y-%m-%d"),
        "sizes": {},
    }
    rows = []
    for size in sizes:
        entry: dict[str, Any] = measure_construction(size, runs[size] if not args.quick else 2)
        v = Ven(synthetic_records(size))
        entry.update(
            {
                "chunks": v.chunk_count,
                "pages": v.page_count,
                "sections": len(v.section_chunks()),
                "tokens": v.token_count(),
            }
        )
        entry.update(measure_queries(v, queries))
        if base_ven is not None:
            then = measure_construction(size, runs[size] if not args.quick else 2, base_ven)
            entry["baseline"] = {
                "construct_ms_median": then["construct_ms_median"],
                "retained_bytes": then["retained_bytes"],
                **measure_paired(v, base_ven(synthetic_records(size)), queries, args.rounds),
            }
        result["sizes"][str(size)] = entry
        rows.append(entry)

    header = (
        f"{'chunks':>8} {'pages':>6} {'build ms':>9} {'us/chunk':>8} {'kept MB':>8} "
        f"{'peak MB':>8} {'query us p50':>13} {'p95':>7} {'p99':>7} {'budgeted p50':>13} {'p95':>7}"
    )
    lines = [header, "-" * len(header)]
    # kept MB = what the Ven holds after the records are freed; peak MB = extra memory
    # used during construction on top of the input records
    for e in rows:
        q = (
            f"{e['typical_us_median']:13.1f} {e['typical_us_p95']:7.1f} {e['typical_us_p99']:7.1f} "
            f"{e['budgeted_us_median']:13.1f} {e['budgeted_us_p95']:7.1f}"
            if "typical_us_median" in e
            else f"{'-':>13} {'-':>7} {'-':>7} {'-':>13} {'-':>7}"
        )
        lines.append(
            f"{e['chunks']:>8} {e['pages']:>6} {e['construct_ms_median']:9.1f} "
            f"{e['construct_us_per_chunk']:8.2f} {e['retained_bytes'] / 2**20:8.2f} "
            f"{e['peak_bytes'] / 2**20:8.2f} {q}"
        )
    for e in rows:
        if "baseline" in e:
            b = e["baseline"]
            lines.append(
                f"\nbaseline {args.baseline}, {e['chunks']} chunks: query p50 {b['base_us_p50']:.1f} -> "
                f"{b['now_us_p50']:.1f} us, paired ratio {b['ratio_median']:.2f}x "
                f"({b['ratio_min']:.2f}-{b['ratio_max']:.2f}, {b['rounds']} rounds); build "
                f"{b['construct_ms_median']:.1f} -> {e['construct_ms_median']:.1f} ms; kept "
                f"{b['retained_bytes'] / 2**20:.2f} -> {e['retained_bytes'] / 2**20:.2f} MB"
            )
    for e in rows:
        if "per_method_us_median" in e:
            lines.append(f"\nper method, {e['chunks']} chunks, 10 anchors (median us):")
            for label, us in e["per_method_us_median"].items():
                lines.append(f"  {label:<46} {us:8.1f}")
    table = "\n".join(lines)
    sys.stdout.write(
        f"ven benchmark (Python {result['python']}, {result['machine']})\n"
        "query = begin_expansion(10 random anchors) + add_related_chunks() + add_page_chunks()\n"
        "budgeted = ... add_related_chunks(budget=4000) + add_page_chunks(num_pages=1, "
        "budget=8000) + add_revision_chunks(budget=10000)\n\n" + table + "\n"
    )
    from benchmarks._docs import replace_section, run_facts

    result.update(run_facts(sys.argv if argv is None else [sys.argv[0], *argv], args.baseline))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    sys.stdout.write(f"\nwritten {args.out}\n")
    if args.update_docs:
        replace_section("ven_speed", render(result).rstrip())
    return result


def render(result: dict[str, Any]) -> str:
    """The Markdown section (between its markers in docs/benchmarks.md)."""
    out = [
        "## ven: expansion and construction",
        "",
        f"`{result['command']}` on commit `{result['commit']}` ({result['date']}, Python "
        f"{result['python']}), in one process: records generated with tables, revisions, "
        "comments, pages and sections. A query is `begin_expansion` of 10 random anchors + "
        "`add_related_chunks()` + `add_page_chunks()`; the budgeted one adds "
        "`add_related_chunks(budget=4000)`, `add_page_chunks(num_pages=1, budget=8000)` and "
        "`add_revision_chunks(budget=10000)`.",
        "",
        "| chunks | build ms | µs per chunk | kept MB | query µs p50 / p95 / p99 | budgeted query µs p50 / p95 |",
        "|---|---|---|---|---|---|",
    ]
    for size, e in result["sizes"].items():
        out.append(
            f"| {int(size):,} | {e['construct_ms_median']:,.1f} | {e['construct_us_per_chunk']:.1f} "
            f"| {e['retained_bytes'] / 2**20:.2f} | {e['typical_us_median']:.1f} / {e['typical_us_p95']:.1f} / "
            f"{e['typical_us_p99']:.1f} | {e['budgeted_us_median']:.1f} / {e['budgeted_us_p95']:.1f} |"
        )
    paired = {size: e["baseline"] for size, e in result["sizes"].items() if "baseline" in e}
    if paired:
        rev = result.get("baseline", "?")
        out += [
            "",
            f"Side by side with `{rev}` in the same process (`--baseline`): the typical query on both "
            "versions in turn over the same anchors, both expanding to the same chunks; the ratio is the "
            "baseline's p50 ÷ this commit's, per round.",
            "",
            f"| chunks | query µs p50 at `{rev}` | query µs p50 now | **speed-up** (min–max) | build ms "
            f"at `{rev}` → now | kept MB at `{rev}` → now |",
            "|---|---|---|---|---|---|",
        ]
        for size, b in paired.items():
            e = result["sizes"][size]
            out.append(
                f"| {int(size):,} | {b['base_us_p50']:.1f} | {b['now_us_p50']:.1f} | **{b['ratio_median']:.2f}×** "
                f"({b['ratio_min']:.2f}–{b['ratio_max']:.2f}, {b['rounds']} rounds) | "
                f"{b['construct_ms_median']:,.1f} → {e['construct_ms_median']:,.1f} | "
                f"{b['retained_bytes'] / 2**20:.2f} → {e['retained_bytes'] / 2**20:.2f} |"
            )
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main()
