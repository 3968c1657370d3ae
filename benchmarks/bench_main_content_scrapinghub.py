"""Main-content extraction on Zyte's (Scrapinghub's) article-extraction benchmark: a third
set, held out — no rule of dan's main-content reader was written or tuned on it.

The benchmark (https://github.com/scrapinghub/article-extraction-benchmark, MIT licence)
holds 181 real article pages (``html/*.html.gz``) and, for each, the article's text as a
person marked it (``ground-truth.json``, ``articleBody``); its ``output/*.json`` hold the
published outputs of some thirty extractors (trafilatura, readability.js, goose3,
newspaper, boilerpipe, …). Nothing is copied into this repository; give the path of a
checkout::

    git clone --depth 1 https://github.com/scrapinghub/article-extraction-benchmark /tmp/aeb
    python benchmarks/bench_main_content_scrapinghub.py /tmp/aeb

Scoring follows the benchmark's ``evaluate.py``: each text becomes its word 4-grams
("shingles", words being ``\\w+``, case kept); per page, true positives, false positives
and false negatives are counted over the shingles and normalised to sum to 1 (so a long
page weighs no more than a short one); precision and recall are the means over the pages
and F1 their harmonic mean; ± is the standard deviation over 1,000 bootstrap resamples of
the pages (seeded, so a run repeats). Every extractor in the checkout's ``output/`` is
scored the same way in the same run, beside dan with its default (``main_content=True``)
and with the whole page (``main_content=False``).

dan's text is its chunks' Markdown without the citation line, link targets left out (a
link keeps its text, an image its alternative text); Markdown's own marks are not words,
so they do not count.
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

_ROOT = Path(__file__).resolve().parent.parent
if str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

import dan  # noqa: E402

_TOKEN = re.compile(r"\w+")
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
SHINGLE = 4
BOOTSTRAP = 1000


def shingles(text: str, n: int = SHINGLE) -> Counter[tuple[str, ...]]:
    """The text's word n-grams, counted (a text shorter than n words is one n-gram)."""
    tokens = _TOKEN.findall(text or "")
    return Counter(
        tuple(tokens[i : i + n]) for i in range(max(1, len(tokens) - n + 1)) if tokens[i : i + n]
    )


def page_counts(true: str, pred: str) -> tuple[float, float, float]:
    """(tp, fp, fn) over the two texts' shingles, normalised to sum to 1 (0s when both are empty)."""
    t, p = shingles(true), shingles(pred)
    tp = fp = fn = 0.0
    for key in t.keys() | p.keys():
        tc, pc = t.get(key, 0), p.get(key, 0)
        tp += min(tc, pc)
        fp += max(0, pc - tc)
        fn += max(0, tc - pc)
    s = tp + fp + fn
    return (tp / s, fp / s, fn / s) if s else (0.0, 0.0, 0.0)


def _precision(tp: float, fp: float, fn: float) -> float:
    if fp == fn == 0:
        return 1.0
    return 0.0 if tp == fp == 0 else tp / (tp + fp)


def _recall(tp: float, fp: float, fn: float) -> float:
    if fp == fn == 0:
        return 1.0
    return 0.0 if tp == fn == 0 else tp / (tp + fn)


def scores(counts: Sequence[tuple[float, float, float]]) -> dict[str, float]:
    """Mean precision (pages with output), mean recall (pages with a text), their F1."""
    precision = statistics.mean([_precision(*c) for c in counts if c[0] + c[1] > 0] or [0.0])
    recall = statistics.mean([_recall(*c) for c in counts if c[0] + c[2] > 0] or [0.0])
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return {"f1": f1, "precision": precision, "recall": recall}


@dataclass(frozen=True)
class Row:
    name: str
    version: str
    scores: dict[str, float]
    spread: dict[str, float]
    pages: dict[str, tuple[float, float, float]]


def evaluate(name: str, version: str, truth: dict[str, str], pred: dict[str, str]) -> Row:
    keys = sorted(truth)
    counts = [page_counts(truth[k], pred.get(k, "")) for k in keys]
    rng = random.Random(0)
    samples: dict[str, list[float]] = {"f1": [], "precision": [], "recall": []}
    for _ in range(BOOTSTRAP):
        picked = [counts[rng.randrange(len(counts))] for _ in counts]
        for key, value in scores(picked).items():
            samples[key].append(value)
    spread = {key: statistics.stdev(values) for key, values in samples.items()}
    return Row(name, version, scores(counts), spread, dict(zip(keys, counts)))


def dan_text(html: bytes, main_content: bool) -> str:
    """dan's chunks as one text: citation lines and link targets left out."""
    result = dan.convert(html, "html", max_tokens=1024, main_content=main_content)
    bodies = []
    for chunk in result.chunks:
        lines = chunk.split("\n")
        if lines and lines[0].startswith("[doc_title:"):
            lines = lines[1:]
        bodies.append("\n".join(lines))
    return _LINK_TARGET.sub("]", "\n\n".join(bodies))


def peers(here: Path) -> list[tuple[str, str, dict[str, str]]]:
    """Every published output in the checkout: (name, version, page id -> text)."""
    out = []
    for path in sorted((here / "output").glob("*.json")):
        data: Any = json.loads(path.read_text(encoding="utf-8"))
        version = ""
        if isinstance(data, dict) and set(data) == {"version", "output"}:
            version, data = str(data["version"] or ""), data["output"]
        out.append(
            (path.stem, version, {k: (v or {}).get("articleBody") or "" for k, v in data.items()})
        )
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("checkout", type=Path, help="a checkout of article-extraction-benchmark")
    parser.add_argument("--json", type=Path, help="write every row and page's counts here")
    parser.add_argument("--show", type=int, default=0, help="print dan's N worst pages by F1")
    args = parser.parse_args(argv)
    here: Path = args.checkout
    truth = {
        k: v.get("articleBody") or ""
        for k, v in json.loads((here / "ground-truth.json").read_text("utf-8")).items()
    }
    html = {p.name.split(".")[0]: p for p in (here / "html").glob("*.html.gz")}
    missing = sorted(set(truth) - set(html))
    if missing:
        raise SystemExit(
            f"{len(missing)} pages of ground-truth.json have no html/<id>.html.gz; is {here} a whole checkout?"
        )
    rows = []
    for main_content in (True, False):
        started = time.perf_counter()
        pred = {k: dan_text(gzip.decompress(html[k].read_bytes()), main_content) for k in truth}
        seconds = time.perf_counter() - started
        label = "dan" if main_content else "dan (main_content=False)"
        rows.append(evaluate(label, f"{dan.__version__}, {seconds:.0f} s", truth, pred))
    rows += [
        evaluate(name, version, truth, pred)
        for name, version, pred in peers(here)
        if set(truth) <= set(pred)
    ]
    rows.sort(key=lambda r: -r.scores["f1"])
    print(
        f"{len(truth)} pages; shingles of {SHINGLE} words; ± over {BOOTSTRAP} bootstrap resamples (seed 0)"
    )
    print("| extractor | version | F1 | precision | recall |")
    print("|---|---|---|---|---|")
    for r in rows:
        s, d = r.scores, r.spread
        cells = " | ".join(f"{s[k]:.3f} ± {d[k]:.3f}" for k in ("f1", "precision", "recall"))
        name = f"**{r.name}**" if r.name.startswith("dan") else r.name
        print(f"| {name} | {r.version} | {cells} |")
    if args.show:
        ours = next(r for r in rows if r.name == "dan")
        worst = sorted(ours.pages.items(), key=lambda kv: scores([kv[1]])["f1"])[: args.show]
        for key, (tp, fp, fn) in worst:
            print(f"{key[:16]} tp {tp:.2f} fp {fp:.2f} fn {fn:.2f}")
    if args.json:
        args.json.write_text(
            json.dumps(
                [
                    {
                        "name": r.name,
                        "version": r.version,
                        "scores": r.scores,
                        "spread": r.spread,
                        "pages": r.pages,
                    }
                    for r in rows
                ],
                indent=1,
            )
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
