"""Markdown chunking speed and fill: dan next to tiktoken encoding the text once (the floor).

Generates ~1 MB of seeded Markdown (benchmarks/gen_markdown.py) and, each in a fresh
child process, times ``dan.convert_string(text, doc_type="markdown", max_tokens=N)`` for
N = 256 and 1024, and one o200k ``encode_ordinary`` of the whole text. Reports MB/s,
chunks, mean fill (% of max_tokens), largest chunk, peak RSS; writes
``benchmarks/results/bench_markdown.json``. LangChain's splitter is shown alongside when
``langchain-text-splitters`` is installed (the ``bench`` extra).

Usage: ``python benchmarks/bench_markdown.py [--mb 1.0] [--runs 5]``
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from benchmarks._runner import child_main, measure  # noqa: E402


def _prepare(name: str, path: str):
    text = Path(path).read_text(encoding="utf-8")
    if name == "tiktoken-floor":
        from dan.tokenizer import encoding

        enc = encoding()
        return lambda: {"tokens": len(enc.encode_ordinary(text))}
    if name.startswith("dan-"):
        import dan
        from dan.tokenizer import encoding

        encoding()
        limit = int(name.split("-")[1])

        def work() -> dict:
            res = dan.convert_string(text, doc_type="markdown", max_tokens=limit)
            toks = [r["ssTokens"] for r in res.records]
            return {"chunks": len(toks), "mean_fill_pct": round(100 * sum(toks) / len(toks) / limit, 1), "max_tokens": max(toks)}

        return work
    if name.startswith("langchain-"):
        import tiktoken.registry
        from langchain_text_splitters import RecursiveCharacterTextSplitter

        from dan.tokenizer import encoding

        enc = encoding()
        tiktoken.registry.ENCODINGS["o200k_base"] = enc
        limit = int(name.split("-")[1])
        splitter = RecursiveCharacterTextSplitter.from_tiktoken_encoder(encoding_name="o200k_base", chunk_size=limit, chunk_overlap=0)

        def work() -> dict:
            chunks = splitter.split_text(text)
            toks = [len(enc.encode_ordinary(c)) for c in chunks]
            return {"chunks": len(toks), "mean_fill_pct": round(100 * sum(toks) / len(toks) / limit, 1), "max_tokens": max(toks)}

        return work
    raise SystemExit(f"unknown pipeline {name}")


PIPELINES = ("tiktoken-floor", "dan-256", "dan-1024", "langchain-256", "langchain-1024")


def main() -> None:
    parser = argparse.ArgumentParser(description="Markdown chunking benchmark")
    parser.add_argument("--worker", nargs=2, metavar=("PIPELINE", "FILE"), help=argparse.SUPPRESS)
    parser.add_argument("--mb", type=float, default=1.0)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", type=Path, default=HERE / "results" / "bench_markdown.json")
    args = parser.parse_args()
    if args.worker:
        child_main(_prepare, *args.worker)
        return
    from benchmarks.gen_markdown import build

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "generated.md"
        path.write_text(build(args.mb), encoding="utf-8")
        size_mb = path.stat().st_size / 1e6
        rows = [measure(Path(__file__).resolve(), name, str(path), args.runs) for name in PIPELINES]
    for r in rows:
        if "median_s" in r:
            r["mb_per_s"] = round(size_mb / r["median_s"], 2)
    print(f"\nMarkdown: {size_mb:.2f} MB generated\n")
    print(f"{'pipeline':16} {'median s':>9} {'MB/s':>7} {'chunks':>7} {'fill %':>7} {'max tok':>8} {'peak RSS MB':>12}")
    for r in rows:
        if "skipped" in r:
            print(f"{r['pipeline']:16} skipped: {r['skipped']}")
            continue
        print(
            f"{r['pipeline']:16} {r['median_s']:>9.3f} {r['mb_per_s']:>7.2f} {r.get('chunks', ''):>7} "
            f"{r.get('mean_fill_pct', ''):>7} {r.get('max_tokens', ''):>8} {r['peak_rss_mb']:>12.0f}"
        )
    report = {"benchmark": "markdown", "size_mb": round(size_mb, 3), "python": platform.python_version(), "cpus": os.cpu_count(), "rows": rows}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2))
    print(f"\nwrote {args.out}")


if __name__ == "__main__":
    main()
