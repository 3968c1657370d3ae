"""MiniLM's batch size: ingest time and peak memory of the same documents per batch size.

Each batch size runs in a fresh child process that ingests the first 8 documents of
``benchmarks/quality`` into a temporary SQLite store with ``MiniLMProvider`` and reports the
wall time of the ingest and the process's peak resident memory (``VmHWM``, the interpreter
and imports included). Prints a table and writes JSON to ``benchmarks/results/``.

    python benchmarks/bench_minilm_batch.py [--batches 8 16 32]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import platform
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks._docs import RESULTS  # noqa: E402

CHILD = r"""
import json, sys, tempfile, time
from pathlib import Path
sys.path.insert(0, sys.argv[2])
from benchmarks.quality.collection import build_collection
from demo.store import AccessContext, KnowledgeStore, MiniLMProvider, StoreOptions
me = AccessContext("bench")
items = build_collection()[:8]
provider = MiniLMProvider(batch=int(sys.argv[1]))
with tempfile.TemporaryDirectory() as tmp, KnowledgeStore(Path(tmp) / "k.db", options=StoreOptions(max_tokens=512), embeddings=provider) as store:
    cid = store.create_collection("B", me).id
    t0 = time.perf_counter()
    for it in items:
        store.enqueue(cid, it.name, it.data, me)
    while store.process_next():
        pass
    seconds = time.perf_counter() - t0
    chunks = sum(s.chunk_count for s in store.list_sources(cid, me))
peak = next(int(line.split()[1]) for line in open("/proc/self/status") if line.startswith("VmHWM:"))
print(json.dumps({"seconds": round(seconds, 2), "chunks": chunks, "peak_rss_mb": round(peak / 1024)}))
"""


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--batches", type=int, nargs="+", default=[8, 16, 32])
    args = p.parse_args(argv)
    started = dt.datetime.now(dt.UTC)
    runs = []
    for batch in args.batches:
        done = subprocess.run([sys.executable, "-c", CHILD, str(batch), str(ROOT)], capture_output=True, text=True, check=True)
        runs.append({"batch": batch, **json.loads(done.stdout.strip().splitlines()[-1])})
    print("| batch | chunks | ingest s | chunks/s | peak RSS MB |\n|---|---|---|---|---|")
    for r in runs:
        print(f"| {r['batch']} | {r['chunks']} | {r['seconds']} | {round(r['chunks'] / r['seconds'], 1)} | {r['peak_rss_mb']} |")
    result = {"benchmark": "minilm_batch", "started": started.isoformat(timespec="seconds"),
              "environment": {"python": platform.python_version(), "platform": platform.platform()}, "runs": runs}
    out = RESULTS / f"minilm_batch_{started.strftime('%Y%m%dT%H%M%SZ')}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1), encoding="utf-8")
    print(f"\nResult file: {out.relative_to(ROOT)}")
    return result


if __name__ == "__main__":
    main()
