"""PDF words as printed: what dan and pdftotext make of each hyphen at a line end.

Issue 57 item 4. ``pdftotext -raw`` (poppler, Debian ``poppler-utils``) keeps every line
end, so each line ending in ``letters-`` followed by a line starting with letters is one
case. For every case this finds what dan's chunks hold — ``hyphen`` (``non-exclusive``),
``joined`` (``nonexclusive``) or ``missing`` (neither: the break fell in a URL or page
furniture) — and what ``pdftotext`` in its default mode (which joins broken words itself)
holds. With ``--labels`` (a TSV of ``pdf``, ``head``, ``tail``, ``compound`` or ``broken``,
judged by a reader; ``benchmarks/pdf_hyphen_labels.tsv`` labels the 52 cases of the PDFs
below) it scores both: a compound is right with its hyphen, a broken word right joined.

The labelled PDFs are public and not copied here: pdfplumber's ``tests/pdfs/`` (commit
147f2c4; name them ``plumber-<name>``), Debian's ``/usr/share/doc/libtasn1-doc/libtasn1.pdf``
and ``shared-mime-info-spec.pdf``, and ``tests/data/pdf/``.

    python benchmarks/bench_pdf_hyphens.py DIR [--labels benchmarks/pdf_hyphen_labels.tsv] [--show]
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import dan  # noqa: E402

_CASE = re.compile(r"([^\W\d_]+)-\n([^\W\d_]+)")


def pdftotext(path: Path, *flags: str) -> str:
    """poppler's text of ``path`` (``flags`` such as ``-raw``)."""
    done = subprocess.run(
        ["pdftotext", *flags, str(path), "-"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return done.stdout


def written(text: str, head: str, tail: str) -> str:
    """How ``text`` (spaces collapsed, lower case) writes ``head``-``tail``."""
    h, t = re.escape(head.lower()), re.escape(tail.lower())
    if re.search(rf"\b{h}-\s*{t}", text):
        return "hyphen"
    if re.search(rf"\b{h}{t}", text):
        return "joined"
    return "missing"


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).lower()


def cases(folder: Path) -> list[tuple[str, str, str, str, str]]:
    """(pdf, head, tail, dan's form, pdftotext's form), one per distinct case of each PDF."""
    rows: list[tuple[str, str, str, str, str]] = []
    for pdf in sorted(folder.glob("*.pdf")):
        found = dict.fromkeys(_CASE.findall(pdftotext(pdf, "-raw")))
        if not found:
            continue
        try:
            ours = _flat("\n".join(dan.convert(pdf, max_tokens=100_000).chunks))
        except dan.DanError:
            continue
        theirs = _flat(pdftotext(pdf))
        for head, tail in found:
            rows.append(
                (pdf.name, head, tail, written(ours, head, tail), written(theirs, head, tail))
            )
    return rows


def _labels(path: Path) -> dict[tuple[str, str, str], str]:
    out: dict[tuple[str, str, str], str] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            pdf, head, tail, label = line.split("\t")
            out[(pdf, head, tail)] = label
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("--labels", type=Path)
    parser.add_argument("--show", action="store_true", help="one line per case")
    args = parser.parse_args(argv)
    if shutil.which("pdftotext") is None:
        raise SystemExit("pdftotext is not on PATH (Debian: apt-get install poppler-utils)")
    rows = cases(args.folder)
    print(
        f"{len(rows)} line-end hyphens; dan: {dict(Counter(r[3] for r in rows))}; "
        f"pdftotext: {dict(Counter(r[4] for r in rows))}"
    )
    labels = _labels(args.labels) if args.labels else {}
    score: Counter[tuple[str, str, str]] = Counter()
    for pdf, head, tail, ours, theirs in rows:
        label = labels.get((pdf, head, tail), "")
        if label:
            want = "hyphen" if label == "compound" else "joined"
            for tool, got in (("dan", ours), ("pdftotext", theirs)):
                if got != "missing":
                    score[(tool, label, "right" if got == want else "wrong")] += 1
        if args.show:
            print(f"{pdf[:32]:32} {head}-{tail:<16} dan={ours:<8} pdftotext={theirs:<8} {label}")
    for tool in ("dan", "pdftotext"):
        if any(k[0] == tool for k in score):
            parts = [
                f"{name} {score[(tool, label, 'right')]} right, {score[(tool, label, 'wrong')]} wrong"
                for label, name in (("compound", "compounds"), ("broken", "broken words"))
            ]
            print(f"{tool}: " + "; ".join(parts))


if __name__ == "__main__":
    main()
