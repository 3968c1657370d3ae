"""DOCX conversion speed: dan next to the floor and next to what users assemble today.

Generates (or takes) a ~300-page DOCX, then times, each in a fresh child process so that
peak RSS is the pipeline's own (interpreter included):

* ``floor-parse``: unzip + lxml parse of document.xml + all ``w:t`` text;
* ``floor-tokens``: the same, plus one o200k tiktoken pass over the text;
* ``python-docx``: ``Document()`` + paragraph and table-cell texts;
* ``dan``: ``dan.convert(path)`` (max_tokens=1024), chunks and records;
* ``pandoc+langchain``: pandoc DOCX → gfm, then LangChain
  ``RecursiveCharacterTextSplitter.from_tiktoken_encoder`` (o200k, 1024 tokens);
* ``markitdown+langchain``: markitdown DOCX → Markdown, then the same splitter.

Pipelines whose packages are missing are reported as skipped (install the ``bench`` extra).
Prints a table and writes ``benchmarks/results/bench_docx.json``. Also prints where dan's
time goes, stage by stage.

``--baseline REV`` adds dan at commit REV side by side (``dan@base``), run in turn with this
commit's dan (A B A B …): the before/after ratio is the median over those pairs; ``--update-docs`` writes the section of ``docs/benchmarks.md`` and its picture
(``docs/img/speed-docx.svg``).

Usage: ``python benchmarks/bench_docx.py [--file X.docx] [--pages 300] [--runs 5] [--baseline REV] [--update-docs]``
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from benchmarks._docs import replace_section, run_facts  # noqa: E402
from benchmarks._runner import BASE, ROOT, baseline, child_main, load_dan, measure_all, paired_note, speedup  # noqa: E402
PIPELINES = ("floor-parse", "floor-tokens", "python-docx", "dan", "pandoc+langchain", "markitdown+langchain")
W_T = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}t"
LABELS = {
    "floor-parse": "floor: unzip + lxml parse of document.xml + all text",
    "floor-tokens": "floor + one tiktoken o200k pass over the text",
    "python-docx": "python-docx `Document()` + paragraph and cell texts",
    "dan": "**dan.convert** (chunks + records, revisions, comments, pages)",
    "pandoc+langchain": "pandoc → gfm → LangChain `from_tiktoken_encoder` splitter",
    "markitdown+langchain": "markitdown → the same splitter",
}
SHORT = {
    "floor-parse": "floor: unzip + lxml + text",
    "floor-tokens": "floor + one o200k pass",
    "python-docx": "python-docx, texts only",
    "dan": "dan.convert",
    "pandoc+langchain": "pandoc → LangChain splitter",
    "markitdown+langchain": "markitdown → LangChain splitter",
}


# ---------------------------------------------------------------------- workers (child side)


def _o200k_for_tiktoken() -> None:
    """Make ``tiktoken.get_encoding('o200k_base')`` work offline (LangChain calls it)."""
    import tiktoken.registry

    from dan.tokenizer import encoding

    tiktoken.registry.ENCODINGS["o200k_base"] = encoding()


def _splitter():
    from langchain_text_splitters import RecursiveCharacterTextSplitter

    _o200k_for_tiktoken()
    return RecursiveCharacterTextSplitter.from_tiktoken_encoder(encoding_name="o200k_base", chunk_size=1024, chunk_overlap=0)


def _floor_text(path: str) -> str:
    import zipfile

    from lxml import etree

    with zipfile.ZipFile(path) as z:
        root = etree.fromstring(z.read("word/document.xml"))
    return "".join(t.text or "" for t in root.iter(W_T))


def _prepare(name: str, path: str):
    """Import what a pipeline needs (outside the timed part); return the timed work."""
    run = _pipeline(name)
    return lambda: {"output": run(path)}


def _pipeline(name: str):
    if name.startswith("floor-"):
        import zipfile  # noqa: F401  (imported by _floor_text, here before the clock starts)

        import lxml.etree  # noqa: F401
    if name == "floor-parse":
        return lambda path: len(_floor_text(path))
    if name == "floor-tokens":
        from dan.tokenizer import encoding

        enc = encoding()
        return lambda path: len(enc.encode_ordinary(_floor_text(path)))
    if name == "python-docx":
        import docx

        def run(path: str) -> int:
            d = docx.Document(path)
            n = sum(len(p.text) for p in d.paragraphs)
            for t in d.tables:
                for row in t.rows:
                    n += sum(len(c.text) for c in row.cells)
            return n

        return run
    if name == "dan":
        import dan

        load_dan("docx")
        return lambda path: len(dan.convert(path, max_tokens=1024))
    if name == "pandoc+langchain":
        import pypandoc

        splitter = _splitter()
        return lambda path: len(splitter.split_text(pypandoc.convert_file(path, "gfm", format="docx")))
    if name == "markitdown+langchain":
        from markitdown import MarkItDown

        md = MarkItDown()
        splitter = _splitter()
        return lambda path: len(splitter.split_text(md.convert(path).text_content))
    raise SystemExit(f"unknown pipeline {name}")


def stages(path: Path) -> dict[str, float]:
    """Where dan's time goes for ``path`` (one warm run, seconds per stage)."""
    sys.path.insert(0, str(ROOT))
    from dan.pipeline.chunker import Chunker
    from dan.fields import DEFAULT_LABELS
    from dan.limits import Limits
    from dan.pipeline.pagination import paginate
    from dan.readers.docx import read_docx
    from dan.pipeline.records import RecordContext, build_records
    from dan.pipeline.render import render_document
    from dan.tokenizer import count_tokens, encoding

    encoding()
    data = path.read_bytes()
    best: dict[str, float] = {}
    for _ in range(3):
        t0 = time.perf_counter()
        doc = read_docx(data, Limits())
        t1 = time.perf_counter()
        rendered = render_document(doc, count_tokens)
        t2 = time.perf_counter()
        kind = paginate(rendered)
        t3 = time.perf_counter()
        chunker = Chunker(
            max_tokens=1024, title="T", labels=DEFAULT_LABELS, estimated=kind == "estimated", count=count_tokens
        )
        chunks = chunker.chunk(list(rendered.units))
        t4 = time.perf_counter()
        context = RecordContext(
            doc_id="D", title="T", page_kind=kind, labels=DEFAULT_LABELS, user_meta={}, names=None,
            top_level=rendered.top_level,
        )
        build_records(chunks, context)
        t5 = time.perf_counter()
        run = {
            "read (zip, XML, model)": t1 - t0,
            "render (Markdown units, token counts)": t2 - t1,
            "paginate": t3 - t2,
            "chunk (pack, measure)": t4 - t3,
            "records": t5 - t4,
        }
        for k, v in run.items():
            best[k] = min(best.get(k, v), v)
    return best


def _label(name: str, rev: str, short: bool = False) -> str:
    if name.endswith(BASE):
        return ("dan.convert" if short else "dan.convert") + f" at {rev if short else f'`{rev}`'}"
    return (SHORT if short else LABELS)[name]


def render(report: dict) -> str:
    """The Markdown section (between its markers in docs/benchmarks.md)."""
    rev = report.get("baseline", "")
    rows = {r["pipeline"]: r for r in report["rows"]}
    out = [
        "## DOCX conversion speed",
        "",
        f"`{report['command']}` on commit `{report['commit']}` ({report['date']}, Python {report['python']}): "
        f"a generated {report['pages']}-page DOCX ({report['size_mb']:.2f} MB; 3 heading levels, bold/italic "
        "runs, 40 tables of 30 rows, bulleted lists, about 300 tracked revisions by two reviewers and 100 "
        "comments; `benchmarks/gen_docx.py`, seeded), converted to chunks of at most 1024 o200k tokens, "
        "each pipeline in a fresh process, median of the runs.",
        "",
        "![DOCX conversion speed, pages per second](img/speed-docx.svg)",
        "",
        "| pipeline | median s | pages/s | peak RSS MB | time ÷ dan |",
        "|---|---|---|---|---|",
    ]
    for r in report["rows"]:
        name = _label(r["pipeline"], rev)
        if "skipped" in r:
            out.append(f"| {name} | skipped: {r['skipped']} | | | |")
            continue
        rss = f"{r['peak_rss_mb']:.0f}" + (f" (+ the tool's own process ≤ {r['tool_rss_mb']:.0f})" if r.get("tool_rss_mb") else "")
        bold = "**" if r["pipeline"] == "dan" else ""
        out.append(
            f"| {name} | {bold}{r['median_s']:.3f}{bold} | {bold}{r['pages_per_s']:,.0f}{bold} | {bold}{rss}{bold} "
            f"| {bold}{r['x_dan_time']:.2f}{bold} |"
        )
    out.append("")
    dan, floor = rows.get("dan", {}), rows.get("floor-tokens", {})
    notes = []
    if "median_s" in dan and "median_s" in floor:
        notes.append(f"dan takes {dan['median_s'] / floor['median_s']:.1f}× the floor that includes one tiktoken pass")
    peers = [rows[k] for k in ("pandoc+langchain", "markitdown+langchain") if "median_s" in rows.get(k, {})]
    if "median_s" in dan and peers:
        fastest = min(peers, key=lambda r: r["median_s"])
        notes.append(f"is {fastest['median_s'] / dan['median_s']:.1f}× faster than the fastest pipeline users "
                     f"assemble today ({SHORT[fastest['pipeline']]})")
    base = rows.get("dan" + BASE, {})
    if "median_s" in dan and "median_s" in base:
        notes.append(f"and {speedup(dan, base):.2f}× as fast as at commit `{rev}` in the same run{paired_note(base)} "
                     f"(peak RSS {base['peak_rss_mb']:.0f} → {dan['peak_rss_mb']:.0f} MB)")
    if notes:
        out.append(", ".join(notes) + ".")
    stages = report.get("dan_stages_s") or {}
    if stages:
        out.append("")
        out.append("Where dan's time goes (best of three, in-process): "
                   + "; ".join(f"{k} {v:.3f} s" for k, v in stages.items()) + ".")
    return "\n".join(out).rstrip() + "\n"


def draw(report: dict) -> None:
    from benchmarks._plots import bars

    rev = report.get("baseline", "")
    rows = [
        (_label(r["pipeline"], rev, short=True), r["pages_per_s"],
         "dan" if r["pipeline"] == "dan" else "floor" if r["pipeline"].startswith("floor") else "peer")
        for r in report["rows"] if "pages_per_s" in r
    ]
    bars("speed-docx.svg", f"DOCX to chunks, {report['pages']} pages (higher is faster)", "pages per second", rows, fmt="{:,.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description="DOCX conversion benchmark")
    parser.add_argument("--worker", nargs=2, metavar=("PIPELINE", "FILE"), help=argparse.SUPPRESS)
    parser.add_argument("--file", type=Path, help="DOCX to convert (default: generate one)")
    parser.add_argument("--pages", type=int, default=300, help="pages of the generated DOCX")
    parser.add_argument("--runs", type=int, default=5, help="runs per pipeline (median reported)")
    parser.add_argument("--only", nargs="*", choices=PIPELINES, help="pipelines to run")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "bench_docx.json")
    parser.add_argument("--baseline", metavar="REV", help="also time dan at this commit, side by side")
    parser.add_argument("--update-docs", action="store_true", help="write the docs section and its picture")
    args = parser.parse_args()
    if args.worker:
        child_main(_prepare, *args.worker)
        return

    sys.path.insert(0, str(ROOT))
    import dan

    with tempfile.TemporaryDirectory() as tmp:
        path = args.file
        if path is None:
            from benchmarks.gen_docx import build

            path = Path(tmp) / f"generated-{args.pages}p.docx"
            path.write_bytes(build(args.pages))
        size_mb = path.stat().st_size / 1e6
        res = dan.convert(path)
        pages = max((r["ssPageLast"] for r in res.records), default=1)
        rows = []
        base = baseline(args.baseline) if args.baseline else None
        for row in measure_all(Path(__file__).resolve(), list(args.only or PIPELINES), str(path), args.runs, base, ["dan"]):
            if "median_s" in row:
                row["pages_per_s"] = round(pages / row["median_s"], 1)
                row["mb_per_s"] = round(size_mb / row["median_s"], 2)
            rows.append(row)
        dan_row = next((r for r in rows if r["pipeline"] == "dan" and "median_s" in r), None)
        if dan_row:
            for r in rows:
                if "median_s" in r:
                    r["x_dan_time"] = round(r["median_s"] / dan_row["median_s"], 2)
        stage_times = stages(path)

    print(f"\nDOCX: {path.name}, {size_mb:.2f} MB, {pages} pages ({res.page_kind}), {len(res)} dan chunks\n")
    print(f"{'pipeline':24} {'median s':>9} {'pages/s':>9} {'MB/s':>7} {'peak RSS MB':>12} {'time / dan':>11}  note")
    for r in rows:
        if "skipped" in r:
            print(f"{r['pipeline']:24} skipped: {r['skipped']}")
        else:
            print(
                f"{r['pipeline']:24} {r['median_s']:>9.3f} {r['pages_per_s']:>9.0f} {r['mb_per_s']:>7.2f} "
                f"{r['peak_rss_mb']:>12.0f} {r.get('x_dan_time', 0):>11.2f}"
                + (f"  + external tool process ≤ {r['tool_rss_mb']:.0f} MB" if r.get("tool_rss_mb") else "")
            )
    print("\nwhere dan's time goes (best of 3, in-process):")
    for k, v in stage_times.items():
        print(f"  {k:40} {v:.3f} s")
    report = {
        "benchmark": "docx",
        "file": path.name,
        "size_mb": round(size_mb, 3),
        "pages": pages,
        "page_kind": res.page_kind,
        "dan_chunks": len(res),
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "rows": rows,
        "dan_stages_s": {k: round(v, 4) for k, v in stage_times.items()},
        **run_facts(sys.argv, args.baseline),
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2))
    print(f"\nwrote {args.out}")
    print("\n" + render(report))
    if args.update_docs:
        replace_section("docx_speed", render(report).rstrip())
        draw(report)


if __name__ == "__main__":
    main()
