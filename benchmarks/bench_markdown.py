"""Markdown chunking speed and fill: dan next to tiktoken encoding the text once (the floor).

Generates ~1 MB of seeded Markdown (benchmarks/gen_markdown.py) and, each in a fresh
child process, times ``dan.convert_string(text, doc_type="markdown", max_tokens=N)`` for
N = 256 and 1024, and one o200k ``encode_ordinary`` of the whole text. Reports MB/s,
chunks, mean fill (% of max_tokens), largest chunk, peak RSS; writes
``benchmarks/results/bench_markdown.json``. LangChain's splitter is shown alongside when
``langchain-text-splitters`` is installed (the ``bench`` extra). ``--baseline REV`` adds
dan at commit REV side by side, each run in turn with this commit's (A B A B …): the
before/after ratio is the median over those pairs; ``--update-docs``
writes the section of ``docs/benchmarks.md`` and its picture (``docs/img/speed-markdown.svg``).

``--real [EVERY]`` also times dan and LangChain at 1024 tokens over every EVERY-th Markdown
file installed on this machine (package READMEs and changelogs: real Markdown, link-heavy).

Usage: ``python benchmarks/bench_markdown.py [--mb 1.0] [--runs 5] [--baseline REV] [--real [EVERY]] [--update-docs]``
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

from benchmarks._docs import replace_section, run_facts  # noqa: E402
from benchmarks._runner import BASE, baseline, child_main, label, load_dan, measure_all, paired_note, speedup  # noqa: E402


def installed_markdown(every: int = 6) -> list[Path]:
    """Every ``every``-th Markdown file this machine's packages installed (READMEs,
    changelogs, manuals no one here wrote; the directories of ``bench_fill.py``), in path
    order, decodable as UTF-8."""
    from benchmarks.bench_fill import HELD_OUT

    found = sorted({f.resolve() for d in HELD_OUT if d.is_dir() for f in d.rglob("*.md") if f.is_file()})
    kept = []
    for f in found[::every]:
        try:
            f.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        kept.append(f)
    return kept


def _prepare_real(name: str, path: str):
    """The work of a ``real-`` pipeline: every file listed in ``path``, one after another."""
    texts = [Path(p).read_text(encoding="utf-8") for p in Path(path).read_text(encoding="utf-8").splitlines() if p]
    limit = int(name.rsplit("-", 1)[1])
    if name.startswith("real-dan-"):
        import dan

        load_dan("markdown")

        def work() -> dict:
            chunks = failed = 0
            for text in texts:
                try:
                    chunks += len(dan.convert_string(text, doc_type="markdown", max_tokens=limit).records)
                except dan.DanError:
                    failed += 1
            return {"chunks": chunks, "failed": failed}

        return work
    splitter = _langchain_splitter(limit)
    return lambda: {"chunks": sum(len(splitter.split_text(t)) for t in texts)}


def _langchain_splitter(limit: int):
    """LangChain's recursive splitter measuring with dan's o200k (no download)."""
    import tiktoken.registry
    from langchain_text_splitters import RecursiveCharacterTextSplitter

    from dan.tokenizer import encoding

    tiktoken.registry.ENCODINGS["o200k_base"] = encoding()
    return RecursiveCharacterTextSplitter.from_tiktoken_encoder(encoding_name="o200k_base", chunk_size=limit, chunk_overlap=0)


def _prepare(name: str, path: str):
    if name.startswith("real-"):
        return _prepare_real(name, path)
    text = Path(path).read_text(encoding="utf-8")
    if name == "tiktoken-floor":
        from dan.tokenizer import encoding

        enc = encoding()
        return lambda: {"tokens": len(enc.encode_ordinary(text))}
    if name.startswith("dan-"):
        import dan

        load_dan("markdown")
        limit = int(name.split("-")[1])

        def work() -> dict:
            res = dan.convert_string(text, doc_type="markdown", max_tokens=limit)
            toks = [r["ssTokens"] for r in res.records]
            return {"chunks": len(toks), "mean_fill_pct": round(100 * sum(toks) / len(toks) / limit, 1), "max_tokens": max(toks)}

        return work
    if name.startswith("langchain-"):
        from dan.tokenizer import encoding

        enc = encoding()
        limit = int(name.split("-")[1])
        splitter = _langchain_splitter(limit)

        def work() -> dict:
            chunks = splitter.split_text(text)
            toks = [len(enc.encode_ordinary(c)) for c in chunks]
            return {"chunks": len(toks), "mean_fill_pct": round(100 * sum(toks) / len(toks) / limit, 1), "max_tokens": max(toks)}

        return work
    raise SystemExit(f"unknown pipeline {name}")


PIPELINES = ("tiktoken-floor", "dan-256", "dan-1024", "langchain-256", "langchain-1024")
#: The same at 1024 tokens over the installed Markdown files (``--real``).
REAL_PIPELINES = ("real-dan-1024", "real-langchain-1024")
LABELS = {
    "real-dan-1024": "**dan, max_tokens 1024**",
    "real-langchain-1024": "LangChain recursive splitter, 1024",
    "tiktoken-floor": "tiktoken o200k, one pass (the floor)",
    "dan-256": "**dan, max_tokens 256**",
    "dan-1024": "**dan, max_tokens 1024**",
    "langchain-256": "LangChain recursive splitter, 256 (structure-blind)",
    "langchain-1024": "LangChain recursive splitter, 1024",
}


def _label(name: str, rev: str) -> str:
    return label(LABELS, name, rev)


def render(report: dict) -> str:
    """The Markdown section (between its markers in docs/benchmarks.md)."""
    rev = report.get("baseline", "")
    rows = {r["pipeline"]: r for r in report["rows"]}
    out = [
        "## Markdown chunking",
        "",
        f"`{report['command']}` on commit `{report['commit']}` ({report['date']}, Python "
        f"{report['python']}): {report['size_mb']:.1f} MB of generated Markdown (chapters, sections, "
        "prose, tables of up to 40 rows, lists; `benchmarks/gen_markdown.py`), each pipeline in a "
        "fresh process, median of the runs.",
        "",
        "![Markdown chunking speed, MB/s](img/speed-markdown.svg)",
        "",
        "| pipeline | median s | MB/s | chunks | mean fill | largest chunk | peak RSS MB |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in report["rows"]:
        name = _label(r["pipeline"], rev)
        if "skipped" in r:
            out.append(f"| {name} | skipped: {r['skipped']} | | | | | |")
            continue
        fill = f"{r['mean_fill_pct']} %" if "mean_fill_pct" in r else "–"
        chunks = f"{r['chunks']:,}" if "chunks" in r else "–"
        out.append(
            f"| {name} | {r['median_s']:.3f} | {r['mb_per_s']:.2f} | {chunks} | {fill} "
            f"| {r.get('max_tokens', '–')} | {r['peak_rss_mb']:.0f} |"
        )
    out.append("")
    dan, lc = rows.get("dan-1024", {}), rows.get("langchain-1024", {})
    if "median_s" in dan and "median_s" in lc:
        out.append(
            f"At 1024 tokens dan takes {dan['median_s'] / lc['median_s']:.2f}× LangChain's structure-blind "
            "splitter's time (which cuts tables mid-row and repeats no headers)."
        )
    base = rows.get("dan-1024" + BASE, {})
    if "median_s" in dan and "median_s" in base:
        out.append(
            f"Against commit `{rev}` in the same run, dan at 1024 tokens is "
            f"**{speedup(dan, base):.2f}× faster**{paired_note(base)} (256 tokens: "
            f"{speedup(rows['dan-256'], rows['dan-256' + BASE]):.2f}×)."
        )
    real = report.get("real")
    if real:
        out += _render_real(real, rev)
    return "\n".join(out).rstrip() + "\n"


def _render_real(real: dict, rev: str) -> list[str]:
    rows = {r["pipeline"]: r for r in real["rows"]}
    out = [
        "",
        f"**Real Markdown** (`--real`): {real['files']} Markdown files that this machine's packages "
        f"installed ({real['size_mb']:.1f} MB; every {real['every']}th of those in `bench_fill.py`'s "
        "directories: READMEs, changelogs, manuals with many links and little table), converted "
        "one after another in one process, median of the runs.",
        "",
        "| pipeline | median s | MB/s | chunks | peak RSS MB |",
        "|---|---|---|---|---|",
    ]
    for r in real["rows"]:
        name = _label(r["pipeline"], rev)
        if "skipped" in r:
            out.append(f"| {name} | skipped: {r['skipped']} | | | |")
            continue
        out.append(f"| {name} | {r['median_s']:.3f} | {r['mb_per_s']:.2f} | {r.get('chunks', 0):,} | {r['peak_rss_mb']:.0f} |")
    out.append("")
    dan, lc, base = rows.get("real-dan-1024", {}), rows.get("real-langchain-1024", {}), rows.get("real-dan-1024" + BASE, {})
    if "median_s" in dan and "median_s" in lc:
        out.append(f"On these files dan takes {dan['median_s'] / lc['median_s']:.2f}× LangChain's splitter's time.")
    if "median_s" in dan and "median_s" in base:
        out.append(f"Against commit `{rev}` in the same run, dan is **{speedup(dan, base):.2f}× faster** on them{paired_note(base)}.")
    return out


def draw(report: dict) -> None:
    from benchmarks._plots import bars

    rev = report.get("baseline", "")
    rows = [
        (_label(r["pipeline"], rev).strip("*").replace("`", ""), r["mb_per_s"],
         "floor" if r["pipeline"] == "tiktoken-floor" else "peer" if not r["pipeline"].startswith("dan-") or r["pipeline"].endswith(BASE) else "dan")
        for r in report["rows"] if "mb_per_s" in r
    ]
    bars("speed-markdown.svg", f"Markdown chunking, {report['size_mb']:.1f} MB (higher is faster)", "MB/s", rows, fmt="{:,.2f}")


def main() -> None:
    parser = argparse.ArgumentParser(description="Markdown chunking benchmark")
    parser.add_argument("--worker", nargs=2, metavar=("PIPELINE", "FILE"), help=argparse.SUPPRESS)
    parser.add_argument("--mb", type=float, default=1.0)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", type=Path, default=HERE / "results" / "bench_markdown.json")
    parser.add_argument("--baseline", metavar="REV", help="also time dan at this commit, side by side")
    parser.add_argument("--update-docs", action="store_true", help="write the docs section and its picture")
    parser.add_argument("--real", type=int, nargs="?", const=6, metavar="EVERY",
                        help="also time every EVERY-th installed Markdown file (default 6)")
    args = parser.parse_args()
    if args.worker:
        child_main(_prepare, *args.worker)
        return
    from benchmarks.gen_markdown import build

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "generated.md"
        path.write_text(build(args.mb), encoding="utf-8")
        size_mb = path.stat().st_size / 1e6
        base = baseline(args.baseline) if args.baseline else None
        dans = [n for n in PIPELINES if n.startswith("dan-")]
        rows = measure_all(Path(__file__).resolve(), list(PIPELINES), str(path), args.runs, base, dans)
        real = None
        if args.real:
            files = installed_markdown(args.real)
            listing = Path(tmp) / "installed.txt"
            listing.write_text("\n".join(str(f) for f in files), encoding="utf-8")
            real_mb = sum(f.stat().st_size for f in files) / 1e6
            real_rows = measure_all(Path(__file__).resolve(), list(REAL_PIPELINES), str(listing), args.runs, base, ["real-dan-1024"])
            for r in real_rows:
                if "median_s" in r:
                    r["mb_per_s"] = round(real_mb / r["median_s"], 2)
            real = {"files": len(files), "every": args.real, "size_mb": round(real_mb, 3), "rows": real_rows}
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
    report = {"benchmark": "markdown", "size_mb": round(size_mb, 3), "python": platform.python_version(), "cpus": os.cpu_count(), "rows": rows,
              **({"real": real} if real else {}), **run_facts(sys.argv, args.baseline)}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2))
    print(f"\nwrote {args.out}")
    print("\n" + render(report))
    if args.update_docs:
        replace_section("markdown_speed", render(report).rstrip())
        draw(report)


if __name__ == "__main__":
    main()
