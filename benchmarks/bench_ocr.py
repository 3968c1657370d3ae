"""OCR on scanned pages: word recall and pages per second (the ``ocr`` extra).

Lays out ``--pages`` pages of seeded contract-like text with ReportLab (headings and
paragraphs, tests/dan/pdf_build.py), rasterises each page with PDFium at 200 dpi (as a
scanner would give it), places the pictures in a new PDF (no text layer), converts that
with ``dan.convert`` and compares the words: recall is the share of the source's words
(lower-cased, letters and digits) found in the output, in order-free multiset terms.
Prints one JSON line and writes ``benchmarks/results/bench_ocr.json``.

Usage: ``python benchmarks/bench_ocr.py [--pages 3]``
"""

from __future__ import annotations

import argparse
import io
import json
import platform
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent / "tests" / "dan"))

import dan  # noqa: E402
from pdf_build import PdfBuilder  # noqa: E402

VOCAB = ("supplier customer services agreement payment invoice delivery term notice party "
         "liability warranty schedule period month days written consent confidential data "
         "termination breach remedy fee price order goods quality standard").split()


def source(pages: int, seed: int = 3) -> tuple[bytes, list[str]]:
    rng = random.Random(seed)
    b = PdfBuilder(title="Scan benchmark")
    words: list[str] = []
    for p in range(pages):
        if p:
            b.new_page()
        heading = f"{p + 1}. {rng.choice(VOCAB).title()} and {rng.choice(VOCAB)}"
        b.heading(heading, level=1)
        words += heading.split()
        for _ in range(4):
            sentence = " ".join(rng.choice(VOCAB) for _ in range(rng.randint(30, 45))).capitalize() + "."
            b.para(sentence)
            words += sentence.split()
    return b.build(), words


def scanned(data: bytes, dpi: int = 200) -> bytes:
    import pypdfium2
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    doc = pypdfium2.PdfDocument(data)
    out = io.BytesIO()
    c = canvas.Canvas(out)
    try:
        for i in range(len(doc)):
            page = doc[i]
            w, h = page.get_size()
            png = io.BytesIO()
            page.render(scale=dpi / 72).to_pil().save(png, format="PNG")
            c.setPageSize((w, h))
            c.drawImage(ImageReader(io.BytesIO(png.getvalue())), 0, 0, w, h)
            c.showPage()
    finally:
        doc.close()
    c.save()
    return out.getvalue()


def tokens(text: str) -> Counter[str]:
    return Counter(re.findall(r"[a-z0-9]+", text.lower()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--pages", type=int, default=3)
    args = parser.parse_args()
    if not dan.ocr.ocr_available():
        raise SystemExit("the ocr extra is not installed: " + dan.ocr.OCR_EXTRA)
    data, words = source(args.pages)
    scan = scanned(data)
    t0 = time.perf_counter()
    res = dan.convert(scan, max_tokens=1024)
    seconds = time.perf_counter() - t0
    want = tokens(" ".join(words))
    got = tokens("\n".join(res.chunks))
    found = sum(min(n, got[w]) for w, n in want.items())
    result = {
        "pages": args.pages, "words": sum(want.values()), "recall": round(found / sum(want.values()), 3),
        "seconds": round(seconds, 1), "pages_per_s": round(args.pages / seconds, 3),
        "warnings": [w.code for w in res.warnings], "machine": platform.platform(),
    }
    print(json.dumps(result))
    path = HERE / "results" / "bench_ocr.json"
    path.parent.mkdir(exist_ok=True)
    path.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    import dan.ocr  # noqa: F401  (the module the check above uses)

    main()
