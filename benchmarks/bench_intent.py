"""Accuracy of ven's offline question-intent classifier, ``ven.looks_broad``.

Three sets: the 170 hand-labelled questions of ``benchmarks/intent`` its rules were tuned
on, the 60 held-out ones written afterwards (the honest estimate), and the quality
benchmark's questions (all pointed: each has one target document). Prints a table (and
every miss with ``--misses``), writes ``benchmarks/results/intent_<time>.json``;
``--update-docs`` puts the table in ``docs/benchmarks.md``.

    python benchmarks/bench_intent.py --misses
"""

from __future__ import annotations

import argparse
import datetime as dt
import platform
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ven.prompts import looks_broad
from benchmarks._docs import publish
from benchmarks.bench_store import _pct
from benchmarks.intent.labelled import BROAD, HELD_OUT_BROAD, HELD_OUT_POINTED, POINTED
from benchmarks.quality.collection import all_questions, build_collection


def score(broad: Sequence[str], pointed: Sequence[str]) -> dict[str, Any]:
    """Accuracy, broad recall, pointed recall and the misses of one labelled set."""
    missed_broad = [q for q in broad if not looks_broad(q)]
    missed_pointed = [q for q in pointed if looks_broad(q)]
    n = len(broad) + len(pointed)
    return {
        "questions": n,
        "broad": len(broad),
        "pointed": len(pointed),
        "accuracy": round((n - len(missed_broad) - len(missed_pointed)) / n, 4),
        "broad_recall": round(1 - len(missed_broad) / len(broad), 4) if broad else None,
        "pointed_recall": round(1 - len(missed_pointed) / len(pointed), 4) if pointed else None,
        "missed_broad": missed_broad,
        "missed_pointed": missed_pointed,
    }


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--misses", action="store_true", help="print every misclassified question")
    p.add_argument("--update-docs", action="store_true")
    args = p.parse_args(argv)
    started = dt.datetime.now(dt.UTC)
    quality = [q.question for q in all_questions(build_collection())]
    result: dict[str, Any] = {
        "benchmark": "intent",
        "command": "python benchmarks/bench_intent.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        "started": started.isoformat(timespec="seconds"),
        "environment": {"python": platform.python_version(), "platform": platform.platform()},
        "sets": {
            "tuned on (benchmarks/intent)": score(BROAD, POINTED),
            "held out (benchmarks/intent)": score(HELD_OUT_BROAD, HELD_OUT_POINTED),
            "quality benchmark (all pointed)": score((), quality),
        },
    }
    out = publish("intent", result, started, render, args.update_docs)
    if args.misses:
        for name, s in result["sets"].items():
            for q in s["missed_broad"]:
                print(f"{name}: broad, called pointed: {q}")
            for q in s["missed_pointed"]:
                print(f"{name}: pointed, called broad: {q}")
    return out


def render(result: dict[str, Any]) -> str:
    lines = [
        "## Question intent",
        "",
        f"`{result['command']}` ({result['started'][:10]}): `ven.looks_broad`, the offline classifier "
        "`ven.Collection` uses to decide between a pointed context (the best hits' structure and "
        "cross-references) and a broad one (spread over every file).",
        "",
        "| set | questions | broad / pointed | accuracy | broad recall | pointed recall |",
        "|---|---|---|---|---|---|",
    ]
    for name, s in result["sets"].items():
        lines.append(
            f"| {name} | {s['questions']} | {s['broad']} / {s['pointed']} | {_pct(s['accuracy'])} | "
            f"{_pct(s['broad_recall'])} | {_pct(s['pointed_recall'])} |"
        )
    lines += ["", f"Result file: `{result['result_file']}`."]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
