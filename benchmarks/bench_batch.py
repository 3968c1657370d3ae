"""Benchmark of ``dan.convert_many``: throughput with 1 and 2 worker processes.

Generates a seeded corpus (Markdown files of ~200 KB and DOCX files of ~15 pages, from
``gen_markdown`` and ``gen_docx``), then converts all of it in a fresh child process per
run with ``workers=1`` (in-process, no pool), ``workers=2`` (a ``spawn`` process pool
started by the call: the figure includes starting the pool and building the tokenizer in
each worker) and ``pool=2`` (a :class:`dan.ConversionPool` of two workers started and
warmed before the clock starts: what a service or a re-conversion loop pays per batch),
and reports median wall time, files/s, MB/s, the speed-up over one worker and the serial
fraction it implies (Amdahl: ``s = (n / speed-up - 1) / (n - 1)`` for ``n`` workers). The
corpus is the same for all, and the conversions are checked to give identical chunks.

    python benchmarks/bench_batch.py            # 24 files, 3 runs each
    python benchmarks/bench_batch.py --quick    # 8 files, 1 run each

Writes ``benchmarks/results/bench_batch.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import resource
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks._runner import child_main, measure  # noqa: E402

PIPELINES = {"workers=1": 1, "workers=2": 2, "pool=2": 2}


def make_corpus(root: Path, n_md: int, n_docx: int) -> list[Path]:
    """``n_md`` Markdown files (~200 KB) and ``n_docx`` DOCX files (~15 pages), seeded."""
    from benchmarks.gen_docx import build as build_docx
    from benchmarks.gen_markdown import build as build_md

    paths: list[Path] = []
    for i in range(n_md):
        p = root / f"doc{i:02d}.md"
        p.write_text(build_md(0.2, seed=100 + i), encoding="utf-8")
        paths.append(p)
    for i in range(n_docx):
        p = root / f"doc{i:02d}.docx"
        p.write_bytes(build_docx(15, seed=200 + i))
        paths.append(p)
    return paths


def _prepare(name: str, arg: str) -> Callable[[], dict]:
    import dan

    workers = PIPELINES[name]
    paths = json.loads(Path(arg).read_text(encoding="utf-8"))

    # The tokenizer is built before the clock in this process too, so workers=1 and the
    # warm pool compare conversions alone (a spawned pool's start-up stays in its figure).
    dan.count_tokens("warm up")
    pool = dan.ConversionPool(workers).start() if name.startswith("pool=") else None

    def work() -> dict:
        if pool is not None:
            batch = pool.convert_many(paths, max_tokens=512)
        else:
            batch = dan.convert_many(paths, workers=workers, max_tokens=512)
        batch.raise_for_errors()
        digest = hashlib.sha256("\x00".join(c for r in batch.results for c in r.chunks).encode()).hexdigest()[:16]
        own, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return {
            "files": len(batch),
            "chunks": sum(len(r) for r in batch.results),
            "digest": digest,
            # CPU seconds of this process (which also imported dan) and of the pool's workers
            "cpu_parent_s": round(own.ru_utime + own.ru_stime, 3),
            "cpu_workers_s": round(kids.ru_utime + kids.ru_stime, 3),
        }

    return work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="8 files, 1 run each")
    parser.add_argument("--runs", type=int, default=None, help="runs per pipeline (default 3, --quick 1)")
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "bench_batch.json")
    parser.add_argument("--worker", nargs=2, metavar=("NAME", "ARG"), help=argparse.SUPPRESS)
    parser.add_argument("--update-docs", action="store_true", help="write the docs section")
    args = parser.parse_args()
    if args.worker:
        child_main(_prepare, *args.worker)
        return
    n_md, n_docx = (6, 2) if args.quick else (16, 8)
    runs = args.runs or (1 if args.quick else 3)
    with tempfile.TemporaryDirectory() as tmp:
        paths = make_corpus(Path(tmp), n_md, n_docx)
        size_mb = sum(p.stat().st_size for p in paths) / 1e6
        listing = Path(tmp) / "paths.json"
        listing.write_text(json.dumps([str(p) for p in paths]), encoding="utf-8")
        rows = [measure(Path(__file__).resolve(), name, str(listing), runs) for name in PIPELINES]
    base = rows[0].get("median_s")
    for r in rows:
        if "median_s" in r:
            r["files_per_s"] = round(len(paths) / r["median_s"], 2)
            r["mb_per_s"] = round(size_mb / r["median_s"], 2)
            r["speedup"] = round(base / r["median_s"], 2) if base else None
            n = PIPELINES[r["pipeline"]]
            if n > 1 and r["speedup"]:
                r["serial_fraction"] = round((n / r["speedup"] - 1) / (n - 1), 3)
    digests = {r.get("digest") for r in rows if "digest" in r}
    print(
        f"\nconvert_many: {len(paths)} files ({n_md} Markdown, {n_docx} DOCX), {size_mb:.2f} MB, {os.cpu_count()} CPUs\n"
    )
    print(
        f"{'pipeline':10} {'median s':>9} {'files/s':>8} {'MB/s':>6} {'speed-up':>9} {'chunks':>7} "
        f"{'CPU s parent':>13} {'CPU s workers':>14} {'peak RSS MB':>12} {'serial':>7}"
    )
    for r in rows:
        if "skipped" in r:
            print(f"{r['pipeline']:10} skipped: {r['skipped']}")
            continue
        print(
            f"{r['pipeline']:10} {r['median_s']:>9.3f} {r['files_per_s']:>8.2f} {r['mb_per_s']:>6.2f} "
            f"{r['speedup']:>9.2f} {r['chunks']:>7} {r['cpu_parent_s']:>13.2f} {r['cpu_workers_s']:>14.2f} "
            f"{r['peak_rss_mb']:>12.0f} {r.get('serial_fraction', ''):>7}"
        )
    print("identical output for every pipeline:", len(digests) == 1)
    print("(CPU and peak RSS of the last run; RSS is the parent only, each spawn worker is a separate interpreter)")
    print(f"load average while running: {os.getloadavg()[0]:.2f} (figures from a busy machine understate the speed-up)")
    report = {
        "benchmark": "batch",
        "files": len(paths),
        "markdown_files": n_md,
        "docx_files": n_docx,
        "size_mb": round(size_mb, 3),
        "max_tokens": 512,
        "start_method": "spawn",
        "identical_output": len(digests) == 1,
        "load_average_1min": round(os.getloadavg()[0], 2),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "rows": rows,
    }
    from benchmarks._docs import replace_section, run_facts

    report.update(run_facts(sys.argv))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2))
    print(f"\nwrote {args.out}")
    if args.update_docs:
        replace_section("batch_speed", render(report).rstrip())


LABELS = {
    "workers=1": "`workers=1` (in the calling process)",
    "workers=2": "`workers=2` (the call starts and stops its pool)",
    "pool=2": "`ConversionPool(2)`, started before the clock",
}


def render(report: dict) -> str:
    """The Markdown section (between its markers in docs/benchmarks.md)."""
    out = [
        "## Batch conversion",
        "",
        f"`{report['command']}` on commit `{report['commit']}` ({report['date']}, Python {report['python']}, "
        f"{report['cpus']} CPUs, load average {report['load_average_1min']} when it ended): {report['files']} files "
        f"({report['markdown_files']} Markdown, {report['docx_files']} DOCX, {report['size_mb']:.1f} MB) at "
        f"`max_tokens={report['max_tokens']}`, each setting in a fresh process.",
        "",
        "| setting | median s | files/s | speed-up | serial fraction |",
        "|---|---|---|---|---|",
    ]
    for r in report["rows"]:
        if "median_s" not in r:
            out.append(f"| {LABELS[r['pipeline']]} | skipped: {r.get('skipped', '')} | | | |")
            continue
        serial = f"{r['serial_fraction']:.2f}" if "serial_fraction" in r else "–"
        out.append(f"| {LABELS[r['pipeline']]} | {r['median_s']:.2f} | {r['files_per_s']:.1f} | {r['speedup']:.2f} | {serial} |")
    out += [
        "",
        f"Identical output for every setting: {'yes' if report['identical_output'] else 'NO'}. The serial "
        "fraction is Amdahl's, from the speed-up over one worker: `(n / speed-up - 1) / (n - 1)`. Each "
        "spawned worker pays about half a CPU-second to start Python, import dan and build the "
        "tokenizer; a `ConversionPool` pays it once for all its batches.",
    ]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main()
