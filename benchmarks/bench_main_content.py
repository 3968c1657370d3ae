"""Main-content extraction on web pages: precision and recall of text segments.

The development set is readability's test suite in ``../shared/corpus/readability/test/
test-pages/``: each page's ``source.html`` beside the main content readability extracted
from it (``expected.html``). For every page:

* the **segments** are the texts of the source's block elements (paragraphs, list items,
  headings, table cells, …; a block's own text, without the blocks nested in it), as word
  sequences (case-folded ``\\w+`` words), hidden and script-like elements left out;
* a segment is **main** when it is part of the expected content: its words occur in order in
  the expected text (segments of fewer than 4 words must equal one of the expected
  content's own segments, so a lone "Home" is not main because the article says "home");
* a segment is **kept** when dan's chunks hold it by the same rule (the chunk's citation
  header left out).

Precision = main kept / kept, recall = main kept / main, over all segments of all pages
(micro) and as the mean of the pages' F1 (macro); pages dan returns empty for are counted
too. The document title is metadata in both (readability takes it out of the content, dan
puts it in ``ssTitle``), so segments equal to the page's ``<title>`` or first ``<h1>`` are
left out of both sides.

    python benchmarks/bench_main_content.py                 # print the table, write JSON
    python benchmarks/bench_main_content.py --update-docs   # and the section of docs/benchmarks.md
    python benchmarks/bench_main_content.py --pages 20 --show 5   # quicker; the 5 worst pages
"""

from __future__ import annotations

import argparse
import datetime as dt
import platform
import re
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from bs4 import BeautifulSoup, Tag  # noqa: E402

import dan  # noqa: E402
from benchmarks._docs import publish  # noqa: E402

PAGES = ROOT.parent / "shared" / "corpus" / "readability" / "test" / "test-pages"
BLOCKS = frozenset(
    """address article aside blockquote body caption dd details dialog div dl dt fieldset figcaption
    figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr li main menu nav ol p pre section summary
    table tbody td tfoot th thead tr ul""".split()
)
SKIPPED = frozenset("script style noscript template svg iframe object embed head select option button textarea".split())
SHORT = 4
_WORD = re.compile(r"\w+")
_TABLE_LINE = re.compile(r"^[>\s]*\|")
_HIDDEN_STYLE = re.compile(r"display\s*:\s*none|visibility\s*:\s*hidden", re.I)


def words(text: str) -> str:
    """A text as its case-folded words joined by single spaces."""
    return " ".join(_WORD.findall(text.casefold()))


def _hidden(tag: Tag) -> bool:
    return (
        tag.has_attr("hidden")
        or str(tag.get("aria-hidden", "")).strip().lower() == "true"
        or bool(_HIDDEN_STYLE.search(str(tag.get("style", ""))))
    )


def segments(html: str | bytes) -> list[str]:
    """The word sequences of the page's block elements' own texts, in document order."""
    soup = BeautifulSoup(html, "lxml")
    out: list[str] = []
    root = soup.body or soup

    def walk(node: Tag) -> Iterator[str]:
        own: list[str] = []
        for child in node.children:
            if isinstance(child, Tag):
                if child.name in SKIPPED or _hidden(child):
                    continue
                if child.name in BLOCKS or child.find(BLOCKS) is not None:
                    if own:
                        yield "".join(own)
                        own = []
                    yield from walk(child)
                elif child.name == "br":
                    own.append(" ")
                else:
                    own.append(_inline_text(child))
            elif type(child).__name__ == "NavigableString":
                own.append(str(child))
        if own:
            yield "".join(own)

    for text in walk(root):
        key = words(text)
        if key:
            out.append(key)
    return out


def _inline_text(tag: Tag) -> str:
    """The visible text of an inline element (nested blocks included: they are rare inside
    inline elements, and their words are the inline element's)."""
    parts: list[str] = []
    stack: list[Any] = [tag]
    while stack:
        node = stack.pop()
        if isinstance(node, Tag):
            if node.name in SKIPPED or _hidden(node):
                continue
            stack.extend(reversed(list(node.children)))
        elif type(node).__name__ == "NavigableString":
            parts.append(str(node))
    return "".join(parts)


def title_keys(html: str | bytes) -> set[str]:
    """The page's ``<title>`` and first ``<h1>`` as word sequences (metadata, not content)."""
    soup = BeautifulSoup(html, "lxml")
    keys = set()
    for tag in (soup.title, soup.find("h1")):
        if isinstance(tag, Tag):
            keys.add(words(tag.get_text(" ")))
    return keys - {""}


class Holder:
    """A text that may hold segments: its words in one string and its own segments as a set."""

    def __init__(self, text_key: str, own: Sequence[str]) -> None:
        self.full = f" {text_key} "
        self.own = set(own)

    def holds(self, key: str) -> bool:
        if key.count(" ") + 1 < SHORT:
            return key in self.own
        return f" {key} " in self.full


def dan_holder(html: bytes, main_content: bool | None) -> tuple[Holder, int, list[str]]:
    """dan's chunks as a holder (headers left out), the number of chunks, dan's warnings."""
    result = dan.convert(html, "html", max_tokens=1024, main_content=main_content)
    bodies: list[str] = []
    for chunk in result.chunks:
        lines = chunk.split("\n")
        if lines and lines[0].startswith("[doc_title:"):
            lines = lines[1:]
        bodies.append("\n".join(lines))
    own: list[str] = []
    for body in bodies:
        for line in body.split("\n"):
            for cell in line.split("|") if _TABLE_LINE.match(line) else [line]:
                # a nested table is flattened into its cell: rows by <br>, cells by " / "
                for part in re.split(r"<br>| / ", cell):
                    key = words(re.sub(r"\]\([^)]*\)", "]", part))
                    if key:
                        own.append(key)
    text = words(re.sub(r"\]\([^)]*\)", "]", "\n".join(bodies)))
    return Holder(text, own), len(result.chunks), [w.code for w in result.warnings]


@dataclass
class PageScore:
    name: str
    main: int = 0
    kept: int = 0
    both: int = 0
    chunks: int = 0
    seconds: float = 0.0
    warnings: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.both / self.kept if self.kept else (1.0 if not self.main else 0.0)

    @property
    def recall(self) -> float:
        return self.both / self.main if self.main else 1.0

    @property
    def f1(self) -> float:
        p, r = self.precision, self.recall
        return 2 * p * r / (p + r) if p + r else 0.0


def score_page(page: Path, main_content: bool | None) -> PageScore:
    source = (page / "source.html").read_bytes()
    expected = (page / "expected.html").read_bytes()
    titles = title_keys(source)
    gold_segments = segments(expected)
    gold = Holder(" ".join(gold_segments), gold_segments)
    t0 = time.perf_counter()
    kept_by, chunks, warnings = dan_holder(source, main_content)
    s = PageScore(page.name, chunks=chunks, seconds=time.perf_counter() - t0, warnings=warnings)
    for key in segments(source):
        if key in titles:
            continue
        is_main, is_kept = gold.holds(key), kept_by.holds(key)
        s.main += is_main
        s.kept += is_kept
        s.both += is_main and is_kept
        if is_main and not is_kept:
            s.lost.append(key)
        elif is_kept and not is_main:
            s.extra.append(key)
    return s


def run(main_content: bool | None, limit: int | None = None) -> dict[str, Any]:
    pages = sorted(p for p in PAGES.iterdir() if (p / "source.html").is_file() and (p / "expected.html").is_file())
    if limit:
        pages = pages[:limit]
    scores = [score_page(p, main_content) for p in pages]
    main = sum(s.main for s in scores)
    kept = sum(s.kept for s in scores)
    both = sum(s.both for s in scores)
    p = both / kept if kept else 0.0
    r = both / main if main else 0.0
    return {
        "main_content": main_content,
        "pages": len(scores),
        "segments_main": main,
        "segments_kept": kept,
        "precision": round(p, 4),
        "recall": round(r, 4),
        "f1": round(2 * p * r / (p + r), 4) if p + r else 0.0,
        "macro_f1": round(sum(s.f1 for s in scores) / len(scores), 4),
        "empty_pages": [s.name for s in scores if s.chunks == 0],
        "seconds": round(sum(s.seconds for s in scores), 2),
        "per_page": [
            {
                "page": s.name, "main": s.main, "kept": s.kept, "both": s.both, "precision": round(s.precision, 4),
                "recall": round(s.recall, 4), "f1": round(s.f1, 4), "chunks": s.chunks, "warnings": s.warnings,
                "lost": s.lost[:5], "extra": s.extra[:5],
            }
            for s in scores
        ],
    }


MODES = {"whole page (main_content=False)": False, "main content (main_content=None, the default)": None}


def render(result: dict[str, Any]) -> str:
    runs = result["runs"]
    first = next(iter(runs.values()))
    lines = [
        "## Web pages: main content",
        "",
        f"`{result['command']}` ({result['started'][:10]}, {result['environment']['platform']}, dan "
        f"{result['environment']['dan']}). Readability's test pages (`../shared/corpus/readability/test/test-pages`, "
        f"{first['pages']} pages): text segments of each `source.html` labelled main when readability's `expected.html` "
        "holds them; precision and recall of the segments dan keeps (the method is in the script's docstring).",
        "",
        "| dan | main segments | kept segments | precision | recall | F1 | mean page F1 | empty pages | seconds |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for label, r in runs.items():
        lines.append(
            f"| {label} | {r['segments_main']:,} | {r['segments_kept']:,} | {r['precision']:.3f} | {r['recall']:.3f} | "
            f"{r['f1']:.3f} | {r['macro_f1']:.3f} | {len(r['empty_pages'])} | {r['seconds']} |"
        )
    last = list(runs.values())[-1]
    worst = sorted(last["per_page"], key=lambda x: x["f1"])[:5]
    lines += [
        "",
        "Lowest page F1 with main content: "
        + ", ".join(f"`{w['page']}` {w['f1']:.2f} (P {w['precision']:.2f}, R {w['recall']:.2f})" for w in worst)
        + ".",
        "",
        f"Result file: `{result['result_file']}`.",
        "",
    ]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pages", type=int, default=None, help="only the first N pages (sorted by name)")
    ap.add_argument("--show", type=int, default=0, help="print the N worst pages with lost and extra segments")
    ap.add_argument("--update-docs", action="store_true")
    args = ap.parse_args(argv)
    if not PAGES.is_dir():
        raise SystemExit(f"{PAGES} is missing: the benchmark needs ../shared/corpus beside the repository")
    started = dt.datetime.now(dt.UTC)
    result: dict[str, Any] = {
        "benchmark": "main_content",
        "command": "python benchmarks/bench_main_content.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        "started": started.isoformat(timespec="seconds"),
        "environment": {"python": platform.python_version(), "platform": platform.platform(), "dan": dan.__version__},
        "runs": {label: run(mode, args.pages) for label, mode in MODES.items()},
    }
    for w in sorted(list(result["runs"].values())[-1]["per_page"], key=lambda x: x["f1"])[: args.show]:
        print(f"{w['page']}: P {w['precision']:.2f} R {w['recall']:.2f} chunks {w['chunks']} {w['warnings']}", file=sys.stderr)
        for k in w["lost"]:
            print(f"   lost:  {k[:100]}", file=sys.stderr)
        for k in w["extra"]:
            print(f"   extra: {k[:100]}", file=sys.stderr)
    return publish("main_content", result, started, render, args.update_docs)


if __name__ == "__main__":
    main()
