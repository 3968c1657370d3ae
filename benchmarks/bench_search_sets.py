"""The store's search modes on real documents (issue 56): evidence recall of the store's own
keyword, semantic and hybrid search, as plain top-k and through the capped context builder,
on question sets whose documents and gold evidence others wrote.

Per set, the documents go into a SQLite store with the default neural embedding (MiniLM, the
``embeddings`` extra); every question is ranked by the store's public ``search`` (50
passages) in each mode, and the ranking feeds ``2-dan`` (top-k until the budget is full) and
``5c-collection`` (``ven.collection.Collection.context(max_tokens=budget)``, the builder
``KnowledgeStore.ask`` uses). Evidence recall at 1k / 2k / 4k / 8k tokens, by question kind.

Sets (those present are run; ``--sets`` picks): ``public`` (ContractNLI NDAs, third-party
evidence), ``paraphrase`` (questions over the same NDAs written blind, avoiding the
documents' wording), ``quality`` (the team's own generated set, for the "no loss" check).
Targets of issue 56 printed: on the real-document sets hybrid ≥ keyword + 5 points @2k and
no kind below keyword by more than 1 point; ``--index-context`` sets the store's context
line in what is indexed (``off``, ``embedding`` — the default — or ``both``).

    python benchmarks/bench_search_sets.py [--sets public paraphrase quality] [--update-docs]
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks._docs import publish, run_facts  # noqa: E402
from benchmarks.bench_store import quality  # noqa: E402
from benchmarks.quality.collection import build_collection  # noqa: E402
from demo.store import MiniLMProvider, StoreOptions  # noqa: E402

BUDGETS = (1024, 2048, 4096, 8192)
SETS = ("public", "paraphrase", "quality")
#: Sets of real documents with evidence others marked: where the targets apply.
REAL = frozenset({"public", "paraphrase"})
MODES = ("keyword", "semantic", "hybrid")


def load(name: str) -> list[Any] | None:
    """The set's items, or None when its module is not in this checkout."""
    if name == "quality":
        return list(build_collection())
    try:
        module = importlib.import_module(f"benchmarks.{name}.collection")
    except ImportError:
        return None
    return list(module.build_collection())


def targets(runs: Sequence[dict[str, Any]]) -> list[str]:
    """The issue's targets on the real-document sets, met or missed."""
    out: list[str] = []
    for r in runs:
        if r["set"] not in REAL:
            continue
        s = r["summary"]
        for pipe in ("2-dan", "5c-collection"):
            kw, hy = s[f"{pipe}/keyword"]["2048"], s[f"{pipe}/hybrid"]["2048"]
            gain = 100 * (hy["recall"] - kw["recall"])
            out.append(f"{'met' if gain >= 5 else 'MISSED'}: {r['set']} {pipe} @2k hybrid {100 * hy['recall']:.1f} % "
                       f"vs keyword {100 * kw['recall']:.1f} % (+{gain:.1f}; ≥ +5 wanted)")
            worst = min(((100 * (hy["by_category"][k] - v), k) for k, v in kw["by_category"].items() if v is not None),
                        default=(0.0, "-"))
            out.append(f"{'met' if worst[0] >= -1 else 'MISSED'}: {r['set']} {pipe} @2k weakest kind in hybrid vs "
                       f"keyword: {worst[1]} {worst[0]:+.1f} points (≥ −1 wanted)")
    return out


def render(result: dict[str, Any]) -> str:
    lines = [
        "## Search modes on real documents (issue 56)"
        + f" (context line: {result['index_context']})",
        "",
        f"`{result['command']}` on {result['commit']} ({result['date']}): each set's documents in a SQLite "
        "store with the default embedding (`sentence-transformers/all-MiniLM-L6-v2`), every question ranked by the "
        "store's `search` (50 passages) in each mode; `2-dan` sends the ranked passages while they fit the budget, "
        "`5c-collection` is the capped context builder `KnowledgeStore.ask` uses. Evidence recall in % of the set's "
        "questions. The context line (`StoreOptions.index_context`): "
        f"`{result['index_context']}`.",
        "",
        "| set | questions | pipeline / mode | @1k | @2k | @4k | @8k |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in result["runs"]:
        for name, per in r["summary"].items():
            cells = [f"{100 * per[str(b)]['recall']:.1f}" for b in result["budgets"]]
            lines.append(f"| {r['set']} | {r['questions']} | {name} | " + " | ".join(cells) + " |")
    lines += ["", "Targets (real-document sets, @2k):", ""] + [f"- {t}" for t in result["targets"]]
    lines += ["", f"Result file: `{result['result_file']}`.", ""]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--sets", nargs="+", default=list(SETS), choices=SETS)
    p.add_argument("--budgets", nargs="+", type=int, default=list(BUDGETS))
    p.add_argument("--index-context", choices=["off", "embedding", "both"], default=StoreOptions().index_context,
                   help="the store's context line in what is indexed (default %(default)s)")
    p.add_argument("--update-docs", action="store_true")
    args = p.parse_args(argv)
    started = dt.datetime.now(dt.timezone.utc)
    provider = MiniLMProvider()
    runs: list[dict[str, Any]] = []
    for name in args.sets:
        items = load(name)
        if items is None:
            print(f"{name}: not in this checkout, skipped", file=sys.stderr)
            continue
        print(f"{name}: {len(items)} documents", file=sys.stderr)
        with tempfile.TemporaryDirectory() as tmp:
            run = quality("sqlite", str(Path(tmp) / "s.db"), args.budgets, embeddings=provider, items=items,
                          options=StoreOptions(index_context=args.index_context))
        run["set"] = name
        run["summary"] = {k: v for k, v in run["summary"].items() if not k.startswith("3-dan-ven")}
        runs.append(run)
    result: dict[str, Any] = {**run_facts([sys.argv[0], *(argv if argv is not None else sys.argv[1:])]),
                              "budgets": list(args.budgets), "index_context": args.index_context, "runs": runs}
    result["targets"] = targets(runs)
    name = "search_sets" if args.index_context == StoreOptions().index_context else f"search_sets_{args.index_context}"
    return publish(name, result, started, render, args.update_docs)


if __name__ == "__main__":
    main()
