"""How full dan's chunks are, with and without ``join_sections``.

Every Markdown and DOCX file of ``../shared/corpus``, the generated DOCX and Markdown
documents of ``benchmarks/quality`` and, as a held-out set no one here wrote, the Markdown
files that Debian, npm and pyenv installed on this machine (``--held-out DIR ...``; by
default those of ``HELD_OUT`` that exist) and, for real DOCX of more than one chunk, those
same installed Markdown files converted to DOCX by pandoc (``pandoc -f gfm -t docx``; the
set is skipped with a note when there is no pandoc) are converted at ``--max-tokens``
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
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
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


#: The name of the set of installed Markdown files converted to DOCX by pandoc.
PANDOC_SET = "installed Markdown as DOCX (pandoc)"
#: Seconds pandoc may take over one file (the largest installed here, a 1 MB Node.js
#: changelog, takes about 4 s); a file that takes longer is skipped.
PANDOC_TIMEOUT = 120.0


def find_pandoc() -> str | None:
    """The pandoc ``bench_docx`` uses: pypandoc's lookup (``pandoc`` on PATH, then the binary
    of the ``pypandoc_binary`` wheel of the ``bench`` extra), else ``pandoc`` on PATH; ``None``
    when there is none."""
    try:
        import pypandoc

        return str(pypandoc.get_pandoc_path())
    except (ImportError, OSError):
        return shutil.which("pandoc")


def pandoc_version(pandoc: str) -> str:
    """``pandoc 3.9``, say: the first line of ``pandoc --version``."""
    out = subprocess.run([pandoc, "--version"], capture_output=True, text=True, timeout=60)
    return out.stdout.splitlines()[0].strip() if out.stdout else "pandoc"


def pandoc_docx(
    files: Sequence[Path], pandoc: str, timeout: float = PANDOC_TIMEOUT
) -> tuple[list[tuple[bytes, str]], list[Path]]:
    """``files`` (GitHub Markdown) converted to DOCX by ``pandoc -f gfm -t docx``, in a
    temporary directory, one pandoc per CPU: the DOCX bytes in the order of ``files`` and the
    files pandoc failed on, or took longer than ``timeout`` seconds over, which are skipped."""

    def one(job: tuple[int, Path], tmp: str) -> bytes | None:
        out = Path(tmp) / f"{job[0]}.docx"
        try:
            done = subprocess.run(
                [pandoc, "-f", "gfm", "-t", "docx", "-o", str(out), str(job[1])],
                capture_output=True,
                timeout=timeout,
                check=False,
            )
        except (OSError, subprocess.TimeoutExpired):
            return None
        if done.returncode != 0 or not out.is_file():
            return None
        data = out.read_bytes()
        out.unlink()
        return data

    with (
        tempfile.TemporaryDirectory(prefix="bench_fill_") as tmp,
        ThreadPoolExecutor(os.cpu_count() or 1) as pool,
    ):
        made = list(pool.map(lambda job: one(job, tmp), enumerate(files)))
    docs = [(data, "docx") for data in made if data is not None]
    skipped = [f for f, data in zip(files, made, strict=True) if data is None]
    return docs, skipped


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
    p = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--max-tokens", type=int, default=1024)
    p.add_argument("--corpus", type=Path, default=CORPUS)
    p.add_argument("--held-out", type=Path, nargs="*", default=[d for d in HELD_OUT if d.is_dir()])
    p.add_argument("--update-docs", action="store_true")
    p.add_argument(
        "--no-pandoc",
        action="store_true",
        help=f"leave out the set {PANDOC_SET!r} (converting it takes minutes)",
    )
    args = p.parse_args(argv)
    started = dt.datetime.now(dt.UTC)
    rows: list[dict[str, Any]] = []
    groups: list[tuple[str, list[Any]]] = []
    for ext, name in FORMATS.items():
        files = sorted(
            f for f in args.corpus.rglob(f"*{ext}") if f.is_file() and not f.name.startswith("~$")
        )
        groups.append((f"corpus {name}", list(files)))
    held = sorted({f.resolve() for d in args.held_out for f in d.rglob("*.md") if f.is_file()})
    if held:
        groups.append(
            (f"installed Markdown ({', '.join(str(d) for d in args.held_out)})", list(held))
        )
    # The same files as DOCX: real content in DOCX of more than one chunk, which neither the
    # corpus nor the generated quality documents have much of. Without pandoc (neither on
    # PATH nor from pypandoc_binary) or with --no-pandoc the set is left out with a note.
    pandoc_facts: dict[str, Any] | None = None
    pandoc = None if args.no_pandoc or not held else find_pandoc()
    if pandoc is None:
        why = (
            "--no-pandoc"
            if args.no_pandoc
            else "no installed Markdown files"
            if not held
            else "pandoc not found (pip install pypandoc_binary, or the bench extra)"
        )
        print(f"note: set {PANDOC_SET!r} skipped: {why}", file=sys.stderr)
    else:
        docx, skipped = pandoc_docx(held, pandoc)
        pandoc_facts = {
            "pandoc": pandoc_version(pandoc),
            "inputs": len(held),
            "converted": len(docx),
            "skipped": [str(f) for f in skipped],
        }
        if skipped:
            print(
                f"note: pandoc failed on {len(skipped)} of {len(held)} files, skipped",
                file=sys.stderr,
            )
        if docx:
            groups.append((PANDOC_SET, list(docx)))
    from benchmarks.quality.collection import build_collection

    items = [it for it in build_collection() if it.name.endswith((".docx", ".md"))]
    kinds = {".docx": "docx", ".md": "markdown"}
    groups.append(
        (
            "quality benchmark DOCX + Markdown",
            [(it.data, kinds[Path(it.name).suffix]) for it in items],
        )
    )
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
        "command": "python benchmarks/bench_fill.py "
        + " ".join(argv if argv is not None else sys.argv[1:]),
        "started": started.isoformat(timespec="seconds"),
        "environment": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "dan": dan.__version__,
        },
        "max_tokens": args.max_tokens,
        "pandoc": pandoc_facts,
        "rows": rows,
    }
    return publish("fill", result, started, render, args.update_docs)


def render(result: dict[str, Any]) -> str:
    facts = result.get("pandoc")
    as_docx = ""
    if facts:
        skipped = len(facts["skipped"])
        as_docx = (
            f" as they are and converted to DOCX by {facts['pandoc']} "
            f"(`pandoc -f gfm -t docx`; {facts['converted']:,} of {facts['inputs']:,} converted"
            + (f", {skipped:,} skipped as pandoc failed on them" if skipped else "")
            + "; raw HTML such as the `<pre>` license texts of the JDKs does not reach the DOCX, and YAML "
            "front matter becomes a title block before the first heading)"
        )
    lines = [
        "## Chunk fill",
        "",
        f"`{result['command']}` ({result['started'][:10]}): the Markdown and DOCX files of the corpus "
        "and the generated DOCX and Markdown documents of the quality benchmark, and the Markdown files "
        "installed on this machine by its packages (READMEs, changelogs, manuals no one here wrote)"
        f"{as_docx}, each only when its body makes more than one chunk at max_tokens={result['max_tokens']}; "
        "fill = a body chunk's tokens / max_tokens.",
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
