"""Run pipelines over questions and budgets, score every context, and aggregate.

Aggregates per pipeline and budget (each a share of the questions it applies to):

- ``recall``: evidence recall — all gold evidence of the question in the context;
- ``table_completeness``: over the table questions whose answer row(s) were sent, the share
  that also got the table's header row (``table_n`` = that number of questions);
- ``attribution``: over the revision/comment questions whose revised or commented text was
  sent, the share where the person is named with it (``attribution_n``);
- ``structure_recall``: recall over the structure categories (whole table, run of
  revisions, comment) — the measure of SPEC §6;
- ``mean_tokens``: mean tokens sent;
- for routed pipelines: ``routed_share`` (questions the router narrowed to some documents),
  ``routing_accuracy`` (of those, the target document is among the routed ones),
  ``routing_top1`` (over all questions, the router's first document is the target) and
  ``whole_document_share`` (questions answered by sending whole routed documents).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from benchmarks.quality.metrics import score
from benchmarks.quality.pipelines import Pipeline
from benchmarks.quality.questions import CATEGORIES, STRUCTURE_CATEGORIES, Question


@dataclass(frozen=True)
class Outcome:
    """One question answered by one pipeline at one budget."""

    qid: str
    pipeline: str
    budget: int
    recall: bool
    rows_present: bool | None
    header_present: bool | None
    text_present: bool | None
    attributed: bool | None
    tokens: int
    missing: tuple[str, ...]
    info: Mapping[str, Any]


def evaluate(pipelines: Sequence[Pipeline], questions: Sequence[Question], budgets: Sequence[int],
             progress: Callable[[str], None] | None = None) -> list[Outcome]:
    """Every pipeline × budget × question, scored."""
    out: list[Outcome] = []
    for p in pipelines:
        if progress:
            progress(p.name)
        for budget in budgets:
            for q in questions:
                ctx = p.run(q.question, budget)
                if ctx.tokens > budget and getattr(p, "strict_budget", True):
                    raise AssertionError(f"{p.name} sent {ctx.tokens} tokens at budget {budget} for {q.qid}")
                s = score(q, ctx.passages)
                out.append(Outcome(q.qid, p.name, budget, s.recall, s.rows_present, s.header_present,
                                   s.text_present, s.attributed, ctx.tokens, s.missing, dict(ctx.info)))
    return out


def _share(values: Sequence[bool]) -> float | None:
    return round(sum(values) / len(values), 4) if values else None


def summarise(outcomes: Sequence[Outcome], questions: Sequence[Question]) -> dict[str, dict[str, dict[str, Any]]]:
    """``{pipeline: {budget: metrics}}`` (budget keys are strings, for JSON)."""
    by_q = {q.qid: q for q in questions}
    fmt = {q.qid: q.doc.rsplit(".", 1)[-1] for q in questions}
    groups: dict[tuple[str, int], list[Outcome]] = defaultdict(list)
    for o in outcomes:
        groups[(o.pipeline, o.budget)].append(o)
    summary: dict[str, dict[str, dict[str, Any]]] = defaultdict(dict)
    for (name, budget), outs in groups.items():
        m: dict[str, Any] = {
            "questions": len(outs),
            "recall": _share([o.recall for o in outs]),
            "table_completeness": _share([bool(o.header_present) for o in outs if o.rows_present]),
            "table_n": sum(1 for o in outs if o.rows_present),
            "attribution": _share([bool(o.attributed) for o in outs if o.text_present]),
            "attribution_n": sum(1 for o in outs if o.text_present),
            "structure_recall": _share([o.recall for o in outs if by_q[o.qid].category in STRUCTURE_CATEGORIES]),
            "mean_tokens": round(sum(o.tokens for o in outs) / len(outs), 1),
            "max_tokens": max(o.tokens for o in outs),
            "over_budget_share": _share([o.tokens > budget for o in outs]),
            "by_category": {
                c: _share([o.recall for o in outs if by_q[o.qid].category == c])
                for c in CATEGORIES
                if any(by_q[o.qid].category == c for o in outs)
            },
            "by_format": {
                f: _share([o.recall for o in outs if fmt[o.qid] == f]) for f in sorted({fmt[o.qid] for o in outs})
            },
        }
        if any("routed_docs" in o.info for o in outs):
            routed = [o for o in outs if o.info.get("routed_docs")]
            m["routed_share"] = _share([bool(o.info.get("routed_docs")) for o in outs])
            m["routing_accuracy"] = _share([by_q[o.qid].doc in o.info["routed_docs"] for o in routed])
            m["routing_top1"] = _share([list(o.info.get("route_top", ()))[:1] == [by_q[o.qid].doc] for o in outs])
            m["whole_document_share"] = _share([bool(o.info.get("whole_documents")) for o in outs])
        summary[name][str(budget)] = m
    return dict(summary)


def outcome_json(o: Outcome) -> dict[str, Any]:
    """A JSON-ready outcome."""
    d = asdict(o)
    d["info"] = dict(o.info)
    return d
