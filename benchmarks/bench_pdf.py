"""PDF conversion speed, memory and word recall: dan against pdftotext, markitdown and pypdf.

Inputs: a seeded PDF of ``--pages`` pages laid out with ReportLab (headings, paragraphs,
bullets, a running header and footer; the ``bench`` extra installs ReportLab) and every PDF
under the ``--inputs`` directories (default ``/usr/share/doc``: real manuals the machine's
packages installed). Real PDFs with tables are in tabula-py's source distribution on PyPI
(``tests/resources/``: census and campaign-finance tables); unpack it and pass its folder.
Each measurement runs in a fresh child process (median of ``--runs``, peak RSS):

* ``read-pdf``: dan's PDF reader alone (bytes to document model);
* ``dan-pdf``: ``dan.convert(data, max_tokens=1024)`` (reader, renderer, chunker, records);
* ``pdftotext``: poppler's ``pdftotext`` (Debian ``poppler-utils``), when on PATH;
* ``markitdown-pdf``: markitdown's PDF converter (pdfminer.six), when installed;
* ``pypdf``: pypdf's ``extract_text`` on every page, when installed.

docling is not measured: its PDF path downloads layout models at run time.

Word recall: the share of ``pdftotext``'s words (a multiset, case-folded) that each tool's
output holds — the issue's bar for a text PDF is 98 %. dan keeps a running header or footer
once (as its own story), where pdftotext repeats it on every page, so a document with
running lines loses those repeats; the table says how many words that is.

Prints a table and writes ``benchmarks/results/pdf_<time>.json``; ``--update-docs`` puts it in
``docs/benchmarks.md``.

Usage: ``python benchmarks/bench_pdf.py [--pages 100] [--runs 3]``
"""

from __future__ import annotations

import argparse
import collections
import datetime as dt
import os
import platform
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from benchmarks._docs import publish  # noqa: E402
from benchmarks._runner import child_main, measure  # noqa: E402
from benchmarks.bench_html_rtf import WORDS  # noqa: E402 - the same vocabulary as the other generators

_WORD = re.compile(r"\w+")
PIPELINES = ("read-pdf", "dan-pdf", "pdftotext", "markitdown-pdf", "pypdf")


def make_pdf(path: Path, pages: int, seed: int = 5) -> None:
    """A seeded PDF of ``pages`` pages: numbered headings, paragraphs and bullets."""
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import simpleSplit
    from reportlab.pdfgen import canvas

    rng = random.Random(seed)
    width, height = A4
    c = canvas.Canvas(str(path), pagesize=A4)
    c.setTitle("Benchmark report")
    section = 0
    for n in range(1, pages + 1):
        c.setFont("Helvetica", 8)
        c.drawString(72, height - 40, "Benchmark report - internal")
        c.drawString(width / 2 - 10, 40, f"Page {n}")
        y = height - 80
        while y > 120:
            if rng.random() < 0.15:
                section += 1
                c.setFont("Helvetica-Bold", 14)
                y -= 24
                c.drawString(72, y, f"{section}. " + " ".join(rng.choice(WORDS) for _ in range(3)).title())
                y -= 8
            bullet = rng.random() < 0.2
            text = " ".join(" ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 16))).capitalize() + "."
                            for _ in range(rng.randint(1, 5)))
            c.setFont("Helvetica", 10)
            lines = simpleSplit(text, "Helvetica", 10, width - 160)
            for k, line in enumerate(lines):
                if y < 100:
                    break
                y -= 13
                c.drawString(90 if bullet else 72, y, ("\u2022 " if bullet and k == 0 else "") + line)
            y -= 8
        c.showPage()
    c.save()


def _words(text: str) -> collections.Counter[str]:
    return collections.Counter(w.casefold() for w in _WORD.findall(text))


def _text(name: str, path: str) -> str:
    """The text ``name`` makes of ``path`` (for word recall; not timed)."""
    return _prepare(name, path, keep_text=True)()["text"]  # type: ignore[no-any-return]


def _prepare(name: str, path: str, keep_text: bool = False):  # noqa: C901 - one branch per tool
    data = Path(path).read_bytes()

    def out(text: str, **extra: object) -> dict:
        return {"out_chars": len(text), **extra, **({"text": text} if keep_text else {})}

    if name == "pdftotext":
        exe = shutil.which("pdftotext")
        if exe is None:
            raise ImportError("pdftotext is not on PATH (Debian: apt-get install poppler-utils)")
        return lambda: out(subprocess.run([exe, "-enc", "UTF-8", path, "-"], capture_output=True, check=True).stdout.decode())
    if name == "markitdown-pdf":
        from markitdown import MarkItDown

        md = MarkItDown()
        md.convert(str(HERE / "bench_pdf.py"))  # load its converters before the clock starts
        return lambda: out(md.convert(path).text_content)
    if name == "pypdf":
        from pypdf import PdfReader
        import io

        return lambda: out("\n".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(data)).pages))
    import dan
    from dan.limits import Limits
    from dan.tokenizer import encoding

    encoding()
    if name == "read-pdf":
        from dan.readers.pdf import read_pdf

        return lambda: {"blocks": len(read_pdf(data, Limits()).body)}

    def convert() -> dict:
        res = dan.convert(data, doc_type="pdf", max_tokens=1024)
        text = "\n".join(c.split("\n", 2)[-1] for c in res.chunks)
        return out(text, chunks=len(res.chunks), pages=res.records[-1]["ssPageLast"] if res.records else 0)

    return convert


def _pages(path: Path) -> int:
    import pypdfium2

    doc = pypdfium2.PdfDocument(str(path))
    try:
        return len(doc)
    finally:
        doc.close()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pages", type=int, default=100, help="pages of the generated PDF")
    ap.add_argument("--runs", type=int, default=3, help="runs per measurement (median reported)")
    ap.add_argument("--inputs", type=Path, nargs="*", default=[Path("/usr/share/doc")],
                    help="directories whose PDFs are measured too (default: /usr/share/doc)")
    ap.add_argument("--update-docs", action="store_true")
    ap.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        child_main(_prepare, *args.worker)
        return 0
    started = dt.datetime.now(dt.UTC)
    results = []
    with tempfile.TemporaryDirectory() as tmp:
        generated = Path(tmp) / f"generated-{args.pages}-pages.pdf"
        make_pdf(generated, args.pages)
        inputs = [generated] + sorted({p for d in args.inputs if d.is_dir() for p in d.rglob("*.pdf")})
        for path in inputs:
            pages = _pages(path)
            ref = None
            if shutil.which("pdftotext"):
                ref = _words(_text("pdftotext", str(path)))
            for pipeline in PIPELINES:
                row = measure(Path(__file__), pipeline, str(path), args.runs)
                row.update(input=path.name, pages=pages, input_kb=round(path.stat().st_size / 1000))
                if "median_s" in row:
                    row["pages_per_s"] = round(pages / row["median_s"], 1) if row["median_s"] else None
                    if ref and pipeline not in ("read-pdf", "pdftotext"):
                        got = _words(_text(pipeline, str(path)))
                        hit = sum(min(n, got[w]) for w, n in ref.items())
                        row["word_recall"] = round(hit / max(1, sum(ref.values())), 4)
                        row["words_missing"] = sum(ref.values()) - hit
                results.append(row)
    out = {
        "benchmark": "pdf",
        "command": "python benchmarks/bench_pdf.py " + " ".join(sys.argv[1:]),
        "started": started.isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "runs": args.runs,
        "results": results,
    }
    publish("pdf", out, started, render, args.update_docs)
    if args.update_docs:
        draw(out)
    return 0


def draw(result: dict) -> None:
    """Pages per second of each tool on the generated PDF (``docs/img/speed-pdf.svg``)."""
    from benchmarks._plots import bars

    first = result["results"][0]["input"]
    rows = [
        (row["pipeline"], row["pages_per_s"],
         "dan" if row["pipeline"] in ("dan-pdf", "read-pdf") else "peer")
        for row in result["results"] if row["input"] == first and row.get("pages_per_s")
    ]
    pages = result["results"][0]["pages"]
    bars("speed-pdf.svg", f"PDF to text or chunks, {first} ({pages} pages; higher is faster)", "pages per second",
         rows, fmt="{:,.0f}")


def render(result: dict) -> str:
    lines = [
        "## PDF",
        "",
        f"`{result['command'].strip()}` ({result['started'][:10]}, {result['cpus']} cores): each tool in a fresh "
        "process, median of the runs; word recall = the share of `pdftotext`'s words (case-folded, counted) in "
        "the tool's output. dan keeps a running header or footer once, where pdftotext repeats it on every page.",
        "",
        "![PDF speed, pages per second](img/speed-pdf.svg)",
        "",
        "| input | pages | tool | seconds | pages/s | peak RSS MB | word recall |",
        "|---|---|---|---|---|---|---|",
    ]
    for row in result["results"]:
        if "skipped" in row:
            lines.append(f"| {row['input']} | {row['pages']} | {row['pipeline']} | skipped: {row['skipped']} | | | |")
            continue
        recall = f"{100 * row['word_recall']:.1f} %" if "word_recall" in row else "-"
        lines.append(
            f"| {row['input']} | {row['pages']} | {row['pipeline']} | {row['median_s']} | {row['pages_per_s']} | "
            f"{row['peak_rss_mb']} | {recall} |"
        )
    lines += ["", f"Result file: `{result['result_file']}`."]
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
