"""HTML and RTF conversion speed and memory: dan's readers alone, the whole conversion, pandoc.

Generates a seeded ~5 MB HTML page and a ~5 MB RTF file with headings, paragraphs with bold
and italic, tables (some with merged cells), nested lists and, in the RTF, tracked revisions
and footnotes; the page also carries scripts, styles and navigation the reader drops. Then,
each measurement in a fresh child process (median of ``--runs``, peak RSS from ``os.wait4``):

* ``read-html`` / ``read-rtf``: the reader alone (bytes to document model);
* ``dan-html`` / ``dan-rtf``: ``dan.convert(data, max_tokens=1024)`` (reader, renderer,
  pagination, chunker, records);
* ``pandoc-html`` / ``pandoc-rtf``: ``pandoc -t plain`` on the same file, when ``pandoc`` is on
  PATH or ``pypandoc-binary`` (the ``bench`` extra) is installed (skipped otherwise);
* ``markitdown-html``: markitdown's HTML → Markdown (the ``bench`` extra).

``--baseline REV`` adds dan at commit REV side by side (``dan-html@base``, ``dan-rtf@base``),
run in turn with this commit's dan (A B A B …): the before/after ratio is the median over
those pairs, so a drift of the machine's speed during the run hits both alike; ``--update-docs`` writes the section of
``docs/benchmarks.md`` and its picture (``docs/img/speed-html-rtf.svg``).

Prints a table and writes ``benchmarks/results/bench_html_rtf.json``.

Usage: ``python benchmarks/bench_html_rtf.py [--mb 5] [--runs 3] [--baseline REV] [--update-docs]``
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from benchmarks._docs import replace_section, run_facts  # noqa: E402
from benchmarks._runner import BASE, baseline, child_main, label, load_dan, measure_all, paired_note, speedup  # noqa: E402

WORDS = (
    "contract party agreement payment invoice delivery term clause notice liability supplier customer "
    "service level fee schedule annex warranty period renewal termination confidential data processing "
    "the of and to in for on with by at from as is be are this that which shall may will not any all"
).split()
AUTHORS = ("Ana Lima", "Bob Stone", "Chen Wei")


def _sentence(rng: random.Random) -> str:
    words = [rng.choice(WORDS) for _ in range(rng.randint(6, 18))]
    return " ".join(words).capitalize() + "."


# --------------------------------------------------------------------------- generators


def make_html(target_bytes: int, seed: int = 7) -> bytes:
    """A seeded HTML page of about ``target_bytes``."""
    rng = random.Random(seed)
    out = [
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>Benchmark page</title>",
        "<style>body{font:14px sans-serif} .x{display:none}</style><script>var a = 1;</script></head><body>",
        "<nav><ul>" + "".join(f"<li><a href='/p{i}'>Menu {i}</a></li>" for i in range(30)) + "</ul></nav><main>",
    ]
    size = sum(len(s) for s in out)
    section = 0
    while size < target_bytes:
        section += 1
        part = [f"<h1>Section {section}</h1>"]
        for sub in range(3):
            part.append(f"<h2>Part {section}.{sub + 1}</h2>")
            for _ in range(4):
                s = [_sentence(rng) for _ in range(rng.randint(2, 6))]
                s[0] = f"<b>{s[0]}</b>"
                if len(s) > 2:
                    s[2] = f"<i>{s[2]}</i>"
                part.append("<p>" + " ".join(s) + "</p>")
            part.append("<ul>" + "".join(f"<li>{_sentence(rng)}<ol><li>{_sentence(rng)}</li></ol></li>" for _ in range(4)) + "</ul>")
            rows = ["<tr><th>Item</th><th>Qty</th><th>Price</th><th>Note</th></tr>"]
            for r in range(12):
                if r % 5 == 0:
                    rows.append(f"<tr><td colspan='2'>{rng.choice(WORDS)} group</td><td>{r}</td><td>{_sentence(rng)}</td></tr>")
                else:
                    rows.append(f"<tr><td>{rng.choice(WORDS)}</td><td>{rng.randint(1, 99)}</td><td>{rng.randint(1, 999)}.00</td><td>{_sentence(rng)}</td></tr>")
            part.append("<table><thead>" + rows[0] + "</thead><tbody>" + "".join(rows[1:]) + "</tbody></table>")
            part.append(f"<p>We <del title='{rng.choice(AUTHORS)}'>will</del><ins title='{rng.choice(AUTHORS)}'>shall</ins> deliver.</p>")
        chunk = "".join(part)
        out.append(chunk)
        size += len(chunk)
    out.append("</main><footer>Footer text</footer></body></html>")
    return "".join(out).encode("utf-8")


def make_rtf(target_bytes: int, seed: int = 11) -> bytes:
    """A seeded RTF file of about ``target_bytes``."""
    rng = random.Random(seed)
    head = (
        r"{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0\froman\fcharset0 Times New Roman;}{\f1\fnil\fcharset2 Symbol;}}"
        r"{\colortbl;\red0\green0\blue0;}{\stylesheet{\s0 Normal;}{\s1\outlinelevel0 heading 1;}{\s2\outlinelevel1 heading 2;}}"
        r"{\*\listtable{\list\listtemplateid1{\listlevel\levelnfc23{\leveltext\'01\u8226 ?;}{\levelnumbers;}}"
        r"{\listlevel\levelnfc0{\leveltext\'02\'01.;}{\levelnumbers\'01;}}\listid1}}"
        r"{\*\listoverridetable{\listoverride\listid1\listoverridecount0\ls1}}"
        r"{\*\revtbl{Unknown;}{Ana Lima;}{Bob Stone;}}{\info{\title Benchmark RTF}}"
        "\n"
    )
    out = [head, r"{\header\pard\plain Running header\par}", "\n"]
    size = len(head)
    section = 0
    while size < target_bytes:
        section += 1
        part = [rf"\pard\plain\s1 Section {section}\par" "\n"]
        for sub in range(3):
            part.append(rf"\pard\plain\s2 Part {section}.{sub + 1}\par" "\n")
            for _ in range(4):
                s = [_sentence(rng) for _ in range(rng.randint(2, 6))]
                text = r"{\b " + s[0] + "} " + " ".join(s[1:])
                part.append(rf"\pard\plain {text}\par" "\n")
            for _ in range(4):
                part.append(rf"\pard\plain\ls1\ilvl0 {{\listtext\f1 \'b7\tab}}{_sentence(rng)}\par" "\n")
                part.append(rf"\pard\plain\ls1\ilvl1 {{\listtext 1.\tab}}{_sentence(rng)}\par" "\n")
            part.append(r"\trowd\trhdr\cellx2000\cellx4000\cellx6000\cellx9000\pard\intbl Item\cell Qty\cell Price\cell Note\cell\row" "\n")
            for r in range(12):
                if r % 5 == 0:
                    part.append(rf"\trowd\clmgf\cellx2000\clmrg\cellx4000\cellx6000\cellx9000\pard\intbl {rng.choice(WORDS)} group\cell\cell {r}\cell {_sentence(rng)}\cell\row" "\n")
                else:
                    part.append(rf"\trowd\cellx2000\cellx4000\cellx6000\cellx9000\pard\intbl {rng.choice(WORDS)}\cell {rng.randint(1, 99)}\cell {rng.randint(1, 999)}.00\cell {_sentence(rng)}\cell\row" "\n")
            part.append(
                r"\pard\plain We {\deleted\revauthdel1\revdttmdel130251422 will}{\revised\revauth2\revdttm130251422 shall} deliver"
                r"{\super\chftn}{\footnote\pard\plain{\super\chftn} " + _sentence(rng) + r"}.\par" "\n"
            )
        chunk = "".join(part)
        out.append(chunk)
        size += len(chunk)
    out.append("}")
    return "".join(out).encode("latin-1")


# --------------------------------------------------------------------------- child side


def _prepare(name: str, path: str):
    data = Path(path).read_bytes()
    if name == "markitdown-html":
        from markitdown import MarkItDown

        md = MarkItDown()
        return lambda: {"out_chars": len(md.convert(path).text_content)}
    if name.startswith("pandoc-"):
        exe = shutil.which("pandoc")
        if not exe:
            try:  # the bench extra's pypandoc-binary ships a pandoc executable
                import pypandoc

                exe = pypandoc.get_pandoc_path()
            except (ImportError, OSError):
                exe = None
        if exe is None:
            raise ImportError("pandoc is not on PATH")
        fmt = name.split("-", 1)[1]

        def run_pandoc() -> dict:
            done = subprocess.run([exe, "-f", fmt, "-t", "plain", path], capture_output=True, check=True)
            return {"out_chars": len(done.stdout)}

        return run_pandoc
    import dan
    from dan.limits import Limits

    load_dan("html" if name.endswith("html") else "rtf")
    if name == "read-html":
        from dan.readers.html import read_html

        return lambda: {"blocks": len(read_html(data, Limits()).body)}
    if name == "read-rtf":
        from dan.readers.rtf import read_rtf

        return lambda: {"blocks": len(read_rtf(data, Limits()).body)}

    def convert() -> dict:
        res = dan.convert(data, doc_type="html" if name == "dan-html" else None, max_tokens=1024)
        toks = [r["ssTokens"] for r in res.records]
        return {"chunks": len(toks), "max_chunk_tokens": max(toks), "tables": sum(1 for r in res.records if r["ssTables"])}

    return convert


# --------------------------------------------------------------------------- parent side


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--mb", type=float, default=5.0, help="size of each generated file in MB")
    ap.add_argument("--runs", type=int, default=3, help="runs per measurement (median reported)")
    ap.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    ap.add_argument("--baseline", metavar="REV", help="also time dan at this commit, side by side")
    ap.add_argument("--update-docs", action="store_true", help="write the docs section and its picture")
    args = ap.parse_args()
    if args.worker:
        child_main(_prepare, *args.worker)
        return 0
    target = int(args.mb * 1_000_000)
    base = baseline(args.baseline) if args.baseline else None
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        files = {
            "html": Path(tmp) / "bench.html",
            "rtf": Path(tmp) / "bench.rtf",
        }
        files["html"].write_bytes(make_html(target))
        files["rtf"].write_bytes(make_rtf(target))
        for fmt, path in files.items():
            size_mb = path.stat().st_size / 1_000_000
            names = [f"read-{fmt}", f"dan-{fmt}", f"pandoc-{fmt}"] + (["markitdown-html"] if fmt == "html" else [])
            for row in measure_all(Path(__file__), names, str(path), args.runs, base, [f"dan-{fmt}"]):
                row["format"] = fmt
                row["input_mb"] = round(size_mb, 2)
                if "median_s" in row:
                    row["mb_per_s"] = round(size_mb / row["median_s"], 2) if row["median_s"] else None
                results.append(row)
    header = f"{'pipeline':<13} {'input MB':>8} {'median s':>9} {'MB/s':>7} {'peak RSS MB':>12}  notes"
    lines = [header, "-" * len(header)]
    for row in results:
        if "skipped" in row:
            lines.append(f"{row['pipeline']:<13} {row['input_mb']:>8} {'-':>9} {'-':>7} {'-':>12}  skipped: {row['skipped']}")
            continue
        notes = ", ".join(f"{k}={row[k]}" for k in ("blocks", "chunks", "max_chunk_tokens", "out_chars") if k in row)
        lines.append(
            f"{row['pipeline']:<13} {row['input_mb']:>8} {row['median_s']:>9} {row['mb_per_s']:>7} {row['peak_rss_mb']:>12}  {notes}"
        )
    print("\n".join(lines))
    out = {
        "benchmark": "bench_html_rtf",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "runs": args.runs,
        "results": results,
        **run_facts(sys.argv, args.baseline),
    }
    target_file = HERE / "results" / "bench_html_rtf.json"
    target_file.parent.mkdir(parents=True, exist_ok=True)
    target_file.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    print("\n" + render(out))
    if args.update_docs:
        replace_section("html_rtf_speed", render(out).rstrip())
        draw(out)
    return 0


LABELS = {
    "read-html": "dan HTML reader alone",
    "dan-html": "**dan.convert HTML**",
    "pandoc-html": "pandoc `-f html -t plain`",
    "markitdown-html": "markitdown HTML → Markdown (no chunks)",
    "read-rtf": "dan RTF reader alone",
    "dan-rtf": "**dan.convert RTF**",
    "pandoc-rtf": "pandoc `-f rtf -t plain`",
}


def _label(name: str, rev: str) -> str:
    return label(LABELS, name, rev)


def render(report: dict) -> str:
    """The Markdown section (between its markers in docs/benchmarks.md)."""
    rev = report.get("baseline", "")
    rows = {r["pipeline"]: r for r in report["results"]}
    mb = max((r["input_mb"] for r in report["results"]), default=0)
    out = [
        "## HTML and RTF",
        "",
        f"`{report['command']}` on commit `{report['commit']}` ({report['date']}, Python {report['python']}): "
        f"{mb:.1f} MB of generated HTML and of RTF (headings, tables, lists; the page also carries scripts, "
        "styles and navigation, the RTF revisions and footnotes), each measurement in a fresh process, "
        f"median of {report['runs']}.",
        "",
        "![HTML and RTF conversion speed, MB/s](img/speed-html-rtf.svg)",
        "",
        "| pipeline | median s | MB/s | peak RSS MB |",
        "|---|---|---|---|",
    ]
    for r in report["results"]:
        name = _label(r["pipeline"], rev)
        if "skipped" in r:
            out.append(f"| {name} | skipped: {r['skipped']} | | |")
            continue
        tool = r.get("tool_rss_mb")
        rss = f"{r['peak_rss_mb']:.0f}" + (f" (+ pandoc's own process ≤ {tool:.0f})" if tool else "")
        out.append(f"| {name} | {r['median_s']:.2f} | {r['mb_per_s']:.2f} | {rss} |")
    out.append("")
    notes = []
    for fmt in ("html", "rtf"):
        dan, pandoc, base = rows.get(f"dan-{fmt}", {}), rows.get(f"pandoc-{fmt}", {}), rows.get(f"dan-{fmt}{BASE}", {})
        if "median_s" not in dan:
            continue
        said = []
        if "median_s" in pandoc:
            said.append(f"{pandoc['median_s'] / dan['median_s']:.1f}× faster than pandoc's reader")
        if fmt == "html" and "median_s" in rows.get("markitdown-html", {}):
            said.append(f"{rows['markitdown-html']['median_s'] / dan['median_s']:.2f}× markitdown's speed")
        if "median_s" in base:
            said.append(f"{speedup(dan, base):.2f}× as fast as at `{rev}`{paired_note(base)}")
        if said:
            notes.append(f"{fmt.upper()}: dan.convert is " + ", ".join(said))
    if notes:
        out.append("; ".join(notes) + " (to chunks and records, in the same run).")
    return "\n".join(out).rstrip() + "\n"


def draw(report: dict) -> None:
    from benchmarks._plots import bars

    rev = report.get("baseline", "")
    rows = [
        (_label(r["pipeline"], rev).strip("*").replace("`", ""), r["mb_per_s"],
         "dan" if r["pipeline"] in ("dan-html", "dan-rtf") else "floor" if r["pipeline"].startswith("read-") else "peer")
        for r in report["results"] if r.get("mb_per_s")
    ]
    bars("speed-html-rtf.svg", "HTML and RTF to chunks (higher is faster)", "MB/s", rows, fmt="{:,.2f}")


if __name__ == "__main__":
    raise SystemExit(main())
