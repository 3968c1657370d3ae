"""Spreadsheets and slides: dan against markitdown on the same generated files.

Builds a seeded workbook (``--rows`` rows × 8 columns: text, numbers with formats, dates),
the same rows as CSV, and a deck of ``--slides`` slides (title, bullets, a table, speaker
notes), with openpyxl and python-pptx (the ``dev`` extra). Each is converted in this
process, median of ``--runs``: ``dan.convert(data, max_tokens=1024)`` (reader, renderer,
chunker, records) and markitdown's converter for the format (the ``bench`` extra plus
``markitdown[xlsx,pptx]``; skipped when it is not installed). Prints rows or slides per
second and writes ``benchmarks/results/bench_formats.json``.

Usage: ``python benchmarks/bench_formats.py [--rows 20000] [--slides 200] [--runs 3]``
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import json
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

import dan  # noqa: E402


def workbook(rows: int, seed: int = 1) -> tuple[bytes, bytes]:
    """A workbook and the same rows as CSV."""
    import openpyxl

    rng = random.Random(seed)
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Orders"
    head = ["Order", "Customer", "Region", "Product", "Quantity", "Price", "Total", "Date"]
    ws.append(head)
    lines = [",".join(head)]
    regions = ["North", "South", "East", "West"]
    for i in range(rows):
        qty = rng.randint(1, 500)
        price = round(rng.uniform(1, 999), 2)
        day = dt.date(2024, 1, 1) + dt.timedelta(days=rng.randint(0, 700))
        row = [f"O-{i:06d}", f"Customer {rng.randint(1, 5000)}", rng.choice(regions),
               f"Product {rng.randint(1, 300)}", qty, price, round(qty * price, 2), day]
        ws.append(row)
        r = ws.max_row
        ws.cell(r, 6).number_format = "#,##0.00"
        ws.cell(r, 7).number_format = "#,##0.00"
        ws.cell(r, 8).number_format = "yyyy-mm-dd"
        lines.append(",".join(str(v) for v in row))
    buf = io.BytesIO()
    wb.save(buf)
    return buf.getvalue(), ("\n".join(lines) + "\n").encode()


def deck(slides: int, seed: int = 2) -> bytes:
    from pptx import Presentation
    from pptx.util import Inches

    rng = random.Random(seed)
    prs = Presentation()
    for i in range(slides):
        s = prs.slides.add_slide(prs.slide_layouts[1])
        s.shapes.title.text = f"Slide {i + 1}: quarterly review of region {rng.randint(1, 40)}"
        frame = s.placeholders[1].text_frame
        frame.text = "Revenue grew in every product line this quarter"
        for k in range(4):
            p = frame.add_paragraph()
            p.text = f"Point {k + 1}: " + " ".join(rng.choice(["sales", "costs", "margin", "growth", "risk"])
                                                  for _ in range(8))
            p.level = k % 2
        table = s.shapes.add_table(4, 3, Inches(1), Inches(5), Inches(6), Inches(1.5)).table
        for r in range(4):
            for c in range(3):
                table.cell(r, c).text = f"r{r}c{c}" if r else f"Head {c}"
        s.notes_slide.notes_text_frame.text = "Speaker notes: mention the new contract and the pipeline."
    buf = io.BytesIO()
    prs.save(buf)
    return buf.getvalue()


def median_seconds(fn: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def markitdown(data: bytes, ext: str) -> Callable[[], object] | None:
    try:
        from markitdown import MarkItDown, StreamInfo
    except ImportError:
        return None
    md = MarkItDown()
    return lambda: md.convert_stream(io.BytesIO(data), stream_info=StreamInfo(extension=ext))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=20_000)
    parser.add_argument("--slides", type=int, default=200)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    xlsx, csv = workbook(args.rows)
    pptx = deck(args.slides)
    inputs = [("xlsx", xlsx, args.rows, "rows"), ("csv", csv, args.rows, "rows"), ("pptx", pptx, args.slides, "slides")]
    results = []
    for kind, data, units, unit in inputs:
        doc_type = kind if kind == "csv" else None
        dan_s = median_seconds(lambda d=data, t=doc_type: dan.convert(d, t, max_tokens=1024), args.runs)
        other = markitdown(data, "." + kind)
        md_s = median_seconds(other, args.runs) if other is not None else None
        results.append({
            "format": kind, "bytes": len(data), unit: units, "dan_s": round(dan_s, 3),
            f"dan_{unit}_per_s": round(units / dan_s), "markitdown_s": None if md_s is None else round(md_s, 3),
            f"markitdown_{unit}_per_s": None if md_s is None else round(units / md_s),
        })
        print(json.dumps(results[-1]))
    out = {"machine": platform.platform(), "python": platform.python_version(), "runs": args.runs,
           "date": dt.date.today().isoformat(), "results": results}
    path = HERE / "results" / "bench_formats.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
