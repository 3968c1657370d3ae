"""Main-content extraction on trafilatura's evaluation set: the second set of
``bench_main_content.py`` (whose first is readability's test pages).

trafilatura (https://github.com/adbar/trafilatura, Apache-2.0) evaluates extractors on
990 real web pages annotated in ``tests/evaldata.json``: for each page up to six snippets
of its main text that the output must hold (``with``) and up to six snippets of
boilerplate it must not (``without``); the pages are ``tests/eval/*.html`` and
``tests/cache/*.html``. The set (135 MB) is not copied into this repository; give the
path of a checkout's ``tests`` directory (or of a copy of ``evaldata.json``, ``eval/`` and
``cache/``)::

    git clone --depth 1 https://github.com/adbar/trafilatura /tmp/trafilatura
    python benchmarks/bench_main_content_trafilatura.py /tmp/trafilatura/tests
    python benchmarks/bench_main_content_trafilatura.py /tmp/trafilatura/tests --pages 100 --show 10

Scoring follows trafilatura's ``tests/eval_common.py`` (``count_item``): a ``with``
snippet found in the output is a true positive, one missing a false negative; a
``without`` snippet found is a false positive, one missing a true negative; precision,
recall and F1 over all pages (micro). trafilatura compares whitespace-normalised
strings of its plain-text output; dan writes Markdown, so here a snippet is found when
its case-folded words (``\\w+``) occur, in order and contiguous, in the words of dan's
chunks (citation headers and link targets left out, as in ``bench_main_content.py``),
its first word possibly the end of a word and its last the start of one (as a substring
test finds them; many snippets are cut inside a word).
A page dan cannot convert counts as a full miss, as in trafilatura's script. As in
``bench_main_content.py``, the page's title is metadata (dan keeps it in ``ssTitle``,
trafilatura in its metadata): a snippet that is part of the page's ``<title>`` or first
``<h1>`` is scored on neither side (``--with-titles`` scores them too).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import dan  # noqa: E402
from benchmarks.bench_main_content import dan_holder, title_keys, words  # noqa: E402


@dataclass
class Counts:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0
    titles: int = 0
    failed: list[str] = field(default_factory=list)

    def add(self, other: Counts) -> None:
        self.tp += other.tp
        self.fp += other.fp
        self.fn += other.fn
        self.tn += other.tn
        self.titles += other.titles
        self.failed += other.failed

    def scores(self) -> dict[str, float]:
        precision = self.tp / (self.tp + self.fp) if self.tp + self.fp else 0.0
        recall = self.tp / (self.tp + self.fn) if self.tp + self.fn else 0.0
        f1 = 2 * self.tp / (2 * self.tp + self.fp + self.fn) if self.tp + self.fp + self.fn else 0.0
        return {"precision": precision, "recall": recall, "f1": f1}


def resolve(here: Path, name: str) -> Path | None:
    for sub in ("cache", "eval"):
        path = here / sub / name
        if path.is_file():
            return path
    return None


def found(snippet: str, text: str) -> bool:
    """Whether the snippet's words are in ``text`` (words joined by spaces); as in
    trafilatura's substring test, its first and last words may be parts of words (many
    snippets start or end inside one). Soft hyphens are left out."""
    key = words(snippet.replace("\xad", ""))
    return bool(key) and key in text


def score_item(
    here: Path, item: dict[str, Any], main_content: bool | None, with_titles: bool = False
) -> tuple[Counts, str, set[str]]:
    """(counts, dan's text as words, the page's title keys) of one annotated page."""
    counts = Counts()
    path = resolve(here, item["file"])
    text = ""
    titles: set[str] = set()
    if path is not None:
        data = path.read_bytes()
        titles = set() if with_titles else title_keys(data)
        try:
            holder, _, _ = dan_holder(data, main_content)
            text = holder.full
        except dan.DanError as exc:
            counts.failed.append(f"{item['file']}: {type(exc).__name__}")
    else:
        counts.failed.append(f"{item['file']}: missing")
    for s in item["with"]:
        if is_title(s, titles):
            counts.titles += 1
        elif found(s, text):
            counts.tp += 1
        else:
            counts.fn += 1
    for s in item["without"]:
        if is_title(s, titles):
            counts.titles += 1
        elif found(s, text):
            counts.fp += 1
        else:
            counts.tn += 1
    return counts, text, titles


def is_title(snippet: str, titles: set[str]) -> bool:
    """Whether the snippet is (part of) the page's title or first heading: metadata, as in
    ``bench_main_content.py`` (dan keeps the title in ``ssTitle``, trafilatura in its
    metadata), so it is scored on neither side."""
    key = words(snippet.replace("\xad", ""))
    return bool(key) and any(key in t for t in titles)


def run(
    here: Path, pages: int | None, main_content: bool | None, show: int, with_titles: bool = False
) -> dict[str, Any]:
    data: dict[str, dict[str, Any]] = json.loads((here / "evaldata.json").read_text(encoding="utf-8"))
    urls = sorted(data)[:pages] if pages else sorted(data)
    total = Counts()
    worst: list[tuple[int, str, list[str], list[str]]] = []
    started = time.perf_counter()
    for url in urls:
        item = data[url]
        counts, text, titles = score_item(here, item, main_content, with_titles)
        total.add(counts)
        missed = [s for s in item["with"] if not is_title(s, titles) and not found(s, text)]
        leaked = [s for s in item["without"] if not is_title(s, titles) and found(s, text)]
        if missed or leaked:
            worst.append((len(missed) + len(leaked), item["file"], missed, leaked))
    worst.sort(key=lambda w: (-w[0], w[1]))
    return {
        "pages": len(urls),
        "main_content": main_content,
        "counts": {"tp": total.tp, "fp": total.fp, "fn": total.fn, "tn": total.tn},
        "title_snippets_left_out": total.titles,
        **{k: round(v, 4) for k, v in total.scores().items()},
        "failed": total.failed,
        "seconds": round(time.perf_counter() - started, 1),
        "worst": [{"file": f, "missed": m, "leaked": lk} for _, f, m, lk in worst[:show]],
    }


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("path", type=Path, help="trafilatura's tests directory (evaldata.json, eval/, cache/)")
    parser.add_argument("--pages", type=int, default=None, help="only the first N pages (by URL)")
    parser.add_argument("--whole-page", action="store_true", help="main_content=False (the whole page)")
    parser.add_argument("--show", type=int, default=0, help="list the N pages with the most errors")
    parser.add_argument("--json", type=Path, default=None, help="write the result here")
    parser.add_argument(
        "--with-titles",
        action="store_true",
        help="also score snippets that are the page's title or first heading",
    )
    args = parser.parse_args(argv)
    if not (args.path / "evaldata.json").is_file():
        parser.error(f"{args.path} holds no evaldata.json: give trafilatura's tests directory")
    result = run(
        args.path, args.pages, False if args.whole_page else None, args.show, args.with_titles
    )
    print(
        f"{result['pages']} pages: precision {result['precision']:.3f}, recall {result['recall']:.3f}, "
        f"F1 {result['f1']:.3f} (tp {result['counts']['tp']}, fp {result['counts']['fp']}, "
        f"fn {result['counts']['fn']}, tn {result['counts']['tn']}; "
        f"{result['title_snippets_left_out']} title snippets left out); {len(result['failed'])} failed; "
        f"{result['seconds']} s"
    )
    for w in result["worst"]:
        print(f"- {w['file']}: missed {w['missed']!r}; leaked {w['leaked']!r}")
    if args.json is not None:
        args.json.write_text(json.dumps(result, ensure_ascii=False, indent=1), encoding="utf-8")
    return result


if __name__ == "__main__":
    main()
