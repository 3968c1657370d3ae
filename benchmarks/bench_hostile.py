"""Hostile input: time and peak memory per case, each in a fresh child process.

Runs every case of ``benchmarks/hostile_cases.py`` at full size (5 MB single words,
100,000-deep nesting, a 50 MB zip bomb, a million empty HTML tags...) and reports the
outcome (the DanError raised, or the chunks produced), seconds and peak RSS. The test
suite runs the same cases scaled down and asserts the outcomes; this script measures
them and writes ``benchmarks/results/bench_hostile.json``.

Usage: ``python benchmarks/bench_hostile.py [--scale 1.0]``
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from benchmarks._runner import child_main, measure  # noqa: E402
from benchmarks.hostile_cases import case_named, case_names  # noqa: E402


#: Each child runs under these (killed past the time, MemoryError past the address space) ...
LIMIT_S, LIMIT_MB = 60, 3 * 1024
#: ... and each case should stay within these, or be refused early by a Limits value.
GOAL_S, GOAL_MB = 10, 1024


def _prepare(name: str, scale: str):
    import dan

    dan.count_tokens("warm up")
    data, doc_type, filename = case_named(name, float(scale))  # only this case is built

    def work() -> dict:
        d = dan.Dan(max_tokens=1024)
        try:
            d.import_bytes(data, doc_type, filename=filename)
            res = d.get_markdown()
        except dan.DanError as exc:
            return {"outcome": type(exc).__name__, "message": str(exc)[:160], "input_bytes": len(data)}
        return {"outcome": f"converted: {len(res)} chunks", "input_bytes": len(data)}

    return work


def main() -> None:
    parser = argparse.ArgumentParser(description="hostile input benchmark")
    parser.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--out", type=Path, default=HERE / "results" / "bench_hostile.json")
    parser.add_argument("--only", default="", help="run only the cases whose name starts with this (e.g. pdf)")
    args = parser.parse_args()
    if args.worker:
        child_main(_prepare, *args.worker)
        return
    rows = []
    print(f"{'case':36} {'seconds':>8} {'peak RSS MB':>12}  outcome")
    for name in (n for n in case_names() if n.startswith(args.only)):
        row = measure(Path(__file__).resolve(), name, str(args.scale), 1, timeout_s=LIMIT_S, memory_mb=LIMIT_MB)
        rows.append(row)
        if "skipped" in row:
            print(f"{name:36} {'':>8} {'':>12}  CRASH: {row['skipped']}")
        else:
            print(f"{name:36} {row['median_s']:>8.2f} {row['peak_rss_mb']:>12.0f}  {row['outcome']}")
    worst_s = max((r for r in rows if "median_s" in r), key=lambda r: r["median_s"])
    worst_m = max((r for r in rows if "peak_rss_mb" in r), key=lambda r: r["peak_rss_mb"])
    crashes = [r["pipeline"] for r in rows if "skipped" in r]
    over = [r["pipeline"] for r in rows if "median_s" in r and (r["median_s"] > GOAL_S or r["peak_rss_mb"] > GOAL_MB)]
    print(f"\nworst time: {worst_s['pipeline']} {worst_s['median_s']:.2f} s; worst memory: {worst_m['pipeline']} "
          f"{worst_m['peak_rss_mb']:.0f} MB; crashes or killed: {len(crashes)}")
    print(f"over {GOAL_S} s or {GOAL_MB} MB: {over or 'none'}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(
        {"benchmark": "hostile", "scale": args.scale, "limits": {"seconds": LIMIT_S, "mb": LIMIT_MB},
         "goal": {"seconds": GOAL_S, "mb": GOAL_MB}, "rows": rows, "crashes": crashes, "over_goal": over}, indent=2))


if __name__ == "__main__":
    main()
