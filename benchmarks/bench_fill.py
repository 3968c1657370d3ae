"""How full dan's chunks are, with and without ``join_sections``.

Every Markdown and DOCX file of ``../shared/corpus``, the generated DOCX and Markdown
documents of ``benchmarks/quality`` and, as a held-out set no one here wrote, the Markdown
files that Debian, npm and pyenv installed on this machine (``--held-out DIR ...``; by
default those of ``HELD_OUT`` that exist) are converted at ``--max-tokens``
(1,024) twice: as the SPEC has it (a chunk never crosses a top-level section) and with
``join_sections=True`` (consecutive sections share a chunk that would otherwise end below
half the limit). Fill = a body chunk's tokens / ``max_tokens``; a document whose body fits
in one chunk says nothing about packing and is left out. Prints the median and quartiles
of fill and the chunk counts per format, writes ``benchmarks/results/fill_<time>.json``;
``--update-docs`` puts the table in ``docs/benchmarks.md``.

    python benchmarks/bench_fill.py
"""

from __future__ import annotations

import argparse
import datetime as dt
import platform
import statistics
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import dan
from benchmarks._docs import publish

ROOT = Path(__file__).resolve().parents[1]
CORPUS = ROOT.parent / "shared" / "corpus"
FORMATS = {".md": "Markdown", ".docx": "DOCX"}
#: Where this kind of machine keeps Markdown files written elsewhere (package READMEs,
#: changelogs, manuals): /usr/share/doc (Debian), global npm packages, pyenv and the SDKs.
HELD_OUT = (
    Path("/usr/share/doc"),
    Path("/usr/lib/node_modules"),
    Path.home() / ".pyenv",
    Path("/usr/lib/google-cloud-sdk"),
    Path("/usr/lib/jvm"),
)


def fills(source: Path | tuple[bytes, str], max_tokens: int, join: bool) -> list[float] | None:
    try:
        if isinstance(source, Path):
            res = dan.convert(str(source), max_tokens=max_tokens, join_sections=join)
        else:
            res = dan.convert(source[0], source[1], max_tokens=max_tokens, join_sections=join)
    except dan.DanError:
        return None
    body = [int(rec["ssTokens"]) / max_tokens for rec in res.records if rec["ssType"] == "body"]
    return body


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--max-tokens", type=int, default=1024)
    p.add_argument("--corpus", type=Path, default=CORPUS)
    p.add_argument("--held-out", type=Path, nargs="*", default=[d for d in HELD_OUT if d.is_dir()])
    p.add_argument("--update-docs", action="store_true")
    args = p.parse_args(argv)
    started = dt.datetime.now(dt.UTC)
    rows: list[dict[str, Any]] = []
    groups: list[tuple[str, list[Any]]] = []
    for ext, name in FORMATS.items():
        files = sorted(f for f in args.corpus.rglob(f"*{ext}") if f.is_file() and not f.name.startswith("~$"))
        groups.append((f"corpus {name}", list(files)))
    held = sorted({f.resolve() for d in args.held_out for f in d.rglob("*.md") if f.is_file()})
    if held:
        groups.append((f"installed Markdown ({', '.join(str(d) for d in args.held_out)})", list(held)))
    from benchmarks.quality.collection import build_collection

    items = [it for it in build_collection() if it.name.endswith((".docx", ".md"))]
    kinds = {".docx": "docx", ".md": "markdown"}
    groups.append(("quality benchmark DOCX + Markdown", [(it.data, kinds[Path(it.name).suffix]) for it in items]))
    for name, files in groups:
        per: dict[bool, list[float]] = {False: [], True: []}
        docs = 0
        for f in files:
            plain = fills(f, args.max_tokens, False)
            if plain is None or len(plain) < 2:
                continue
            joined = fills(f, args.max_tokens, True)
            if joined is None:
                continue
            docs += 1
            per[False] += plain
            per[True] += joined
        for join in (False, True):
            xs = sorted(per[join])
            q = statistics.quantiles(xs, n=4) if len(xs) >= 2 else [float("nan")] * 3
            rows.append(
                {
                    "format": name,
                    "join_sections": join,
                    "documents": docs,
                    "chunks": len(xs),
                    "fill_p25": round(q[0], 3),
                    "fill_median": round(statistics.median(xs), 3) if xs else None,
                    "fill_p75": round(q[2], 3),
                }
            )
    result = {
        "benchmark": "fill",
        "command": "python benchmarks/bench_fill.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        "started": started.isoformat(timespec="seconds"),
        "environment": {"python": platform.python_version(), "platform": platform.platform(), "dan": dan.__version__},
        "max_tokens": args.max_tokens,
        "rows": rows,
    }
    return publish("fill", result, started, render, args.update_docs)


def render(result: dict[str, Any]) -> str:
    lines = [
        "## Chunk fill",
        "",
        f"`{result['command']}` ({result['started'][:10]}): the Markdown and DOCX files of the corpus "
        "and the generated DOCX and Markdown documents of the quality benchmark, and the Markdown files "
        "installed on this machine by its packages (READMEs, changelogs, manuals no one here wrote), each only when its "
        f"body makes more than one chunk at max_tokens={result['max_tokens']}; fill = a body "
        "chunk's tokens / max_tokens.",
        "",
        "| set | join_sections | documents | body chunks | fill p25 | median | p75 |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in result["rows"]:
        lines.append(
            f"| {r['format']} | {'on' if r['join_sections'] else 'off (SPEC)'} | {r['documents']} | {r['chunks']:,} | "
            f"{100 * r['fill_p25']:.0f} % | {100 * r['fill_median']:.0f} % | {100 * r['fill_p75']:.0f} % |"
        )
    lines += ["", f"Result file: `{result['result_file']}`."]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
