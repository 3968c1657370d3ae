"""Accuracy of ven's offline question-intent classifiers: ``ven.looks_broad`` (broad or
pointed), ``ven.prompts.asks_for_qualifiers`` (whether a qualification written elsewhere
may change the answer) and ``ven.collection.asks_for_set`` (a set of things or one fact).

For ``looks_broad``, three sets: the 170 hand-labelled questions of ``benchmarks/intent``
its rules were tuned on, the 60 held-out ones written afterwards (the honest estimate), and
the quality benchmark's questions (all pointed: each has one target document). For
``asks_for_qualifiers``, the 220 questions of ``benchmarks/intent/qualifiers.py`` its rules
were tuned on and the 99 held-out ones, and the share of the quality benchmark's questions
it judges qualified, per kind (they carry no such label). For ``asks_for_set``, the 160
questions of ``benchmarks/intent/sets.py`` its rules were written on, the 100 held-out ones,
and the share of the quality benchmark's questions it judges a set, per kind. Prints the tables (and every miss
with ``--misses``), writes ``benchmarks/results/intent_<time>.json``; ``--update-docs`` puts
the tables in ``docs/benchmarks.md``.

    python benchmarks/bench_intent.py --misses
"""

from __future__ import annotations

import argparse
import datetime as dt
import platform
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ven.prompts import asks_for_qualifiers, asks_for_set, looks_broad
from benchmarks._docs import publish
from benchmarks.bench_store import _pct
from benchmarks.intent import qualifiers, sets
from benchmarks.intent.labelled import BROAD, HELD_OUT_BROAD, HELD_OUT_POINTED, POINTED
from benchmarks.quality.collection import all_questions, build_collection


def score(
    yes: Sequence[str],
    no: Sequence[str],
    classify: Callable[[str], bool] = looks_broad,
    labels: tuple[str, str] = ("broad", "pointed"),
) -> dict[str, Any]:
    """Accuracy, the recall of each label and the misses of one labelled set: ``yes`` are
    the questions ``classify`` should say True of (label ``labels[0]``), ``no`` the others."""
    a, b = labels
    missed_yes = [q for q in yes if not classify(q)]
    missed_no = [q for q in no if classify(q)]
    n = len(yes) + len(no)
    return {
        "questions": n,
        a: len(yes),
        b: len(no),
        "accuracy": round((n - len(missed_yes) - len(missed_no)) / n, 4),
        f"{a}_recall": round(1 - len(missed_yes) / len(yes), 4) if yes else None,
        f"{b}_recall": round(1 - len(missed_no) / len(no), 4) if no else None,
        f"missed_{a}": missed_yes,
        f"missed_{b}": missed_no,
    }


def score_qualifiers(qualified: Sequence[str], value: Sequence[str]) -> dict[str, Any]:
    """:func:`score` for ``asks_for_qualifiers`` (labels ``qualified`` and ``value``)."""
    return score(qualified, value, asks_for_qualifiers, ("qualified", "value"))


def score_sets(many: Sequence[str], one: Sequence[str]) -> dict[str, Any]:
    """:func:`score` for ``asks_for_set`` (labels ``set`` and ``fact``)."""
    return score(many, one, asks_for_set, ("set", "fact"))


def judged_qualified(
    questions: Sequence[Any], classify: Callable[[str], bool] = asks_for_qualifiers
) -> dict[str, list[int]]:
    """Per question kind of the quality benchmark: [judged true by ``classify``, questions]."""
    out: dict[str, list[int]] = {}
    for q in questions:
        row = out.setdefault(q.category, [0, 0])
        row[0] += classify(q.question)
        row[1] += 1
    return dict(sorted(out.items()))


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--misses", action="store_true", help="print every misclassified question")
    p.add_argument("--update-docs", action="store_true")
    args = p.parse_args(argv)
    started = dt.datetime.now(dt.UTC)
    quality_questions = all_questions(build_collection())
    quality = [q.question for q in quality_questions]
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
        "qualifier_sets": {
            "tuned on (benchmarks/intent/qualifiers.py)": score_qualifiers(
                qualifiers.QUALIFIED, qualifiers.VALUE
            ),
            "held out (benchmarks/intent/qualifiers.py)": score_qualifiers(
                qualifiers.HELD_OUT_QUALIFIED, qualifiers.HELD_OUT_VALUE
            ),
        },
        "quality_judged_qualified": judged_qualified(quality_questions),
        "set_sets": {
            "tuned on (benchmarks/intent/sets.py)": score_sets(sets.SET, sets.FACT),
            "held out (benchmarks/intent/sets.py)": score_sets(sets.HELD_OUT_SET, sets.HELD_OUT_FACT),
        },
        "quality_judged_set": judged_qualified(quality_questions, asks_for_set),
    }
    out = publish("intent", result, started, render, args.update_docs)
    if args.misses:
        for name, s in result["sets"].items():
            for q in s["missed_broad"]:
                print(f"{name}: broad, called pointed: {q}")
            for q in s["missed_pointed"]:
                print(f"{name}: pointed, called broad: {q}")
        for name, s in result["qualifier_sets"].items():
            for q in s["missed_qualified"]:
                print(f"{name}: qualified, called value: {q}")
            for q in s["missed_value"]:
                print(f"{name}: value, called qualified: {q}")
        for name, s in result["set_sets"].items():
            for q in s["missed_set"]:
                print(f"{name}: set, called one fact: {q}")
            for q in s["missed_fact"]:
                print(f"{name}: one fact, called a set: {q}")
    return out


def _rows(sets: dict[str, Any], yes: str, no: str) -> list[str]:
    """One table row per labelled set: questions, counts, accuracy, each label's recall."""
    return [
        f"| {name} | {s['questions']} | {s[yes]} / {s[no]} | {_pct(s['accuracy'])} | "
        f"{_pct(s[yes + '_recall'])} | {_pct(s[no + '_recall'])} |"
        for name, s in sets.items()
    ]


def _judged_line(kinds: dict[str, list[int]], what: str) -> str:
    return (
        f"Quality benchmark questions judged {what}, per kind: "
        + ", ".join(f"{k.replace('_', ' ')} {a}/{n}" for k, (a, n) in kinds.items())
        + "."
    )


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
        *_rows(result["sets"], "broad", "pointed"),
        "",
        "`ven.prompts.asks_for_qualifiers`: whether a qualification written elsewhere may change "
        "the answer, which decides whether a hard-capped `ven.Collection` adds the chunks that "
        "refer to its hits.",
        "",
        "| set | questions | qualified / value | accuracy | qualified recall | value recall |",
        "|---|---|---|---|---|---|",
        *_rows(result["qualifier_sets"], "qualified", "value"),
        "",
        _judged_line(result["quality_judged_qualified"], "qualified"),
        "",
        "`ven.collection.asks_for_set`: whether a question asks for a set of things (the rows "
        "that match, the changes someone made) or one fact, which decides whether a "
        "hard-capped `ven.Collection` completes its hits' tables and runs of revisions or "
        "comments. The rule before this one (*which*, *all*, *every*, *any*, *ever* and a few "
        "plurals anywhere) scored 63.8 % on the first set and 60.0 % on the held-out one.",
        "",
        "| set | questions | set / one fact | accuracy | set recall | one-fact recall |",
        "|---|---|---|---|---|---|",
        *_rows(result["set_sets"], "set", "fact"),
        "",
        _judged_line(result["quality_judged_set"], "a set"),
        "",
        f"Result file: `{result['result_file']}`.",
    ]
    return "\n".join(lines)


if __name__ == "__main__":
    main()
