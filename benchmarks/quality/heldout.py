"""Settings against dan alone on held-out collections: tune "complete or back-fill" off the test set.

The quality benchmark's figures come from one collection (seed 20250401). A rule tuned to
that collection's misses is tuned to the test set. This script builds other collections
from other seeds (the same document families and question templates, with different
values, rows, distractor prose and layouts) and compares, per budget and question kind,
dan alone (pipeline 2) with pipeline 3's settings: the default, the retrieval shares of
25 % and 75 %, partial tables, no structure completion, and completion only for questions
that ask for a set; and the product's own ``ven.collection.Collection`` under a hard cap,
as it is by default (completion only for set questions, referring chunks only for
questions that ask whether something holds), with ``structure=True``, with
``routed_as_broad=True`` and with ``routed_scope="listed"`` (the reference's two rules), and
with ``referring=True``. It
prints one table per budget, marks with ``<`` every kind where a setting recalls fewer
questions than dan alone, and writes ``benchmarks/results/quality_heldout_<time>.json``; ``--update-docs``
puts the tables in ``docs/benchmarks.md``.

    python -m benchmarks.quality.heldout                  # seeds 1 2 3 4, about 5 minutes
    python -m benchmarks.quality.heldout --seeds 7 --budgets 2048 --only msa_kestrel_hartmann.docx
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import sys
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchmarks._docs import publish, run_facts
from benchmarks.quality.collection import DEFAULT_SEED, all_questions, build_collection
from benchmarks.quality.corpora import DAN_MAX_TOKENS, dan_corpus
from benchmarks.quality.evaluate import evaluate
from benchmarks.quality.pipelines import CollectionPipeline, Enriched, Pipeline, Retriever, TopK
from benchmarks.quality.questions import CATEGORIES
from benchmarks.quality.retrieval import VectorIndex

#: The settings compared (besides dan alone): keyword arguments of :class:`Enriched`, or,
#: under ``collection``, of :class:`CollectionPipeline` (the product's ``ven.collection``,
#: hard-capped at the budget, lexical routing).
SETTINGS: dict[str, dict[str, Any]] = {
    "3-dan-ven": {},
    "3-share-25": {"share": 0.25},
    "3-share-75": {"share": 0.75},
    "3p-partial": {"partial_tables": True},
    "3-no-structure": {"structure": False},
    "3a-auto-structure": {"structure": "auto"},
    "5c-collection-capped": {"collection": {"capped": True}},
    "5ch-capped-hints": {"collection": {"capped": True, "hints": True}},
    "5cw-whole-tables": {"collection": {"capped": True, "partial_tables": False}},
    "5c-always-structure": {"collection": {"capped": True, "structure": True}},
    "5cb-routed-broad": {"collection": {"capped": True, "routed_as_broad": True}},
    "5cl-routed-listed": {"collection": {"capped": True, "routed_scope": "listed"}},
    "5cr-always-referring": {"collection": {"capped": True, "referring": True}},
}
BASE = "2-dan"
ALL = "all"


def counts(seed: int, budgets: Sequence[int], only: Sequence[str] | None = None,
           dan_max_tokens: int = DAN_MAX_TOKENS) -> dict[str, Any]:
    """Recalled and asked questions of one seed's collection: ``{pipeline: {budget: {kind:
    [recalled, asked]}}}`` (kind ``all`` included), plus the collection's size."""
    items = build_collection(seed, only)
    questions = all_questions(items)
    corpus = dan_corpus(items, dan_max_tokens).corpus
    retriever = Retriever(VectorIndex(corpus.chunks))
    pipes: list[Pipeline] = [TopK(BASE, retriever, [it.name for it in items])]
    for name, kw in SETTINGS.items():
        if "collection" in kw:
            pipes.append(CollectionPipeline(name, corpus, retriever, **kw["collection"]))
        else:
            pipes.append(Enriched(name, corpus, retriever, **kw))
    kind = {q.qid: q.category for q in questions}
    out: dict[str, dict[str, dict[str, list[int]]]] = {}
    for o in evaluate(pipes, questions, budgets):
        by_kind = out.setdefault(o.pipeline, {}).setdefault(str(o.budget), {})
        for k in (kind[o.qid], ALL):
            cell = by_kind.setdefault(k, [0, 0])
            cell[0] += int(o.recall)
            cell[1] += 1
    return {"seed": seed, "documents": len(items), "questions": len(questions), "counts": out}


def total(per_seed: Sequence[dict[str, Any]]) -> dict[str, dict[str, dict[str, list[int]]]]:
    """The seeds' counts added up."""
    out: dict[str, dict[str, dict[str, list[int]]]] = defaultdict(lambda: defaultdict(dict))
    for run in per_seed:
        for pipe, by_budget in run["counts"].items():
            for budget, by_kind in by_budget.items():
                for k, (hit, n) in by_kind.items():
                    cell = out[pipe][budget].setdefault(k, [0, 0])
                    cell[0] += hit
                    cell[1] += n
    return {p: dict(b) for p, b in out.items()}


def below_base(tot: dict[str, dict[str, dict[str, list[int]]]]) -> dict[str, list[str]]:
    """For each setting, the ``budget kind`` pairs where it recalls fewer than dan alone."""
    base = tot[BASE]
    return {
        pipe: [f"{b} {k}" for b, by_kind in by_budget.items() for k, (hit, _) in by_kind.items()
               if k != ALL and hit < base[b][k][0]]
        for pipe, by_budget in tot.items() if pipe != BASE
    }


def render(result: dict[str, Any]) -> str:
    """The Markdown section: one table per budget, then the deficits per setting."""
    tot = result["total"]
    pipes = [BASE, *SETTINGS]
    kinds = [ALL, *[k for k in CATEGORIES if any(k in bk for bk in tot[BASE].values())]]
    lines = [
        "## Held-out collections: settings against dan alone",
        "",
        f"`{result['command']}` on commit `{result['commit']}` ({result['date']}, Python "
        f"{result['environment']['python']}): collections built from seeds "
        f"{', '.join(str(s) for s in result['seeds'])} ({result['questions']} questions; the "
        f"published collection is seed {DEFAULT_SEED}), dan chunks of at most "
        f"{result.get('dan_max_tokens', 512)} tokens and the same hashed-vector retrieval as the "
        "quality benchmark. Questions recalled; `<` marks a kind where the setting recalls "
        "fewer than dan alone.",
    ]
    for b in result["budgets"]:
        b = str(b)
        lines += ["", f"**{int(b) // 1024}k tokens**", "", "| kind | " + " | ".join(pipes) + " |",
                  "|---|" + "---:|" * len(pipes)]
        for k in kinds:
            base = tot[BASE][b][k][0]
            cells = []
            for p in pipes:
                hit, n = tot[p][b][k]
                text = f"{hit}/{n}" if p == BASE else f"{hit}{' <' if hit < base else ''}"
                cells.append(f"**{text}**" if k == ALL else text)
            lines.append(f"| {'all questions' if k == ALL else k} | " + " | ".join(cells) + " |")
    lines += ["", "Kinds where a setting recalls fewer than dan alone:", ""]
    for pipe, where in result["below_dan_alone"].items():
        lines.append(f"- `{pipe}`: {len(where)}" + (f" ({', '.join(where)})" if where else ""))
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3, 4])
    p.add_argument("--budgets", type=int, nargs="+", default=[1024, 2048, 4096, 8192])
    p.add_argument("--only", nargs="*", help="only these documents (file names)")
    p.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1), help="seeds run in parallel")
    p.add_argument("--dan-max-tokens", type=int, default=DAN_MAX_TOKENS, help="dan's chunk limit (default %(default)s, as the quality benchmark)")
    p.add_argument("--update-docs", action="store_true")
    args = p.parse_args(argv)
    if DEFAULT_SEED in args.seeds:
        p.error(f"seed {DEFAULT_SEED} is the published collection, not a held-out one")
    if args.workers < 1:
        p.error("--workers must be at least 1")
    started = dt.datetime.now(dt.UTC)
    if args.workers == 1 or len(args.seeds) == 1:
        runs = [counts(s, args.budgets, args.only, args.dan_max_tokens) for s in args.seeds]
    else:
        with ProcessPoolExecutor(min(args.workers, len(args.seeds))) as pool:
            n = len(args.seeds)
            runs = list(pool.map(counts, args.seeds, [args.budgets] * n, [args.only] * n,
                                 [args.dan_max_tokens] * n))
    tot = total(runs)
    shown = [__file__, *(argv if argv is not None else sys.argv[1:])]
    result: dict[str, Any] = {
        "benchmark": "quality_heldout",
        **run_facts(shown),
        "started": started.isoformat(timespec="seconds"),
        "environment": {"python": platform.python_version(), "platform": platform.platform()},
        "seeds": args.seeds,
        "budgets": args.budgets,
        "dan_max_tokens": args.dan_max_tokens,
        "questions": sum(r["questions"] for r in runs),
        "settings": SETTINGS,
        "runs": runs,
        "total": tot,
        "below_dan_alone": below_base(tot),
    }
    return publish("quality_heldout", result, started, render, args.update_docs)


if __name__ == "__main__":
    main()
