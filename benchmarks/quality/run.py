"""Run the quality benchmark: ``python -m benchmarks.quality.run [--update-docs]``.

Builds the collection from its seed, converts it for every pipeline, answers every
question at every budget, writes ``benchmarks/results/quality_<UTC time>.json`` and, with
``--update-docs``, regenerates the quality section of ``docs/benchmarks.md``.
Pipeline 1 needs the ``bench`` extra (markitdown, langchain-text-splitters,
pypandoc-binary); without it pipeline 1 is skipped with a note. Pipeline 4 needs
``ven.lexical_route``; without it, it is skipped with a note.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import platform
import shlex
import sys
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import dan
from benchmarks.quality import naive
from benchmarks.quality.collection import (
    DEFAULT_SEED,
    all_questions,
    build_collection,
    manifest,
)
from benchmarks.quality.corpora import DAN_MAX_TOKENS, dan_corpus, naive_corpus
from benchmarks.quality.evaluate import evaluate, outcome_json, summarise
from benchmarks.quality.judge import Judge, openai_client
from benchmarks.quality.pipelines import (
    CollectionPipeline,
    Enriched,
    Pipeline,
    Retriever,
    Routed,
    TopK,
)
from benchmarks.quality.report import update_docs
from benchmarks.quality.retrieval import VectorIndex
from benchmarks.quality.routing import LexicalRouter, build_index, routing_available

ROOT = Path(__file__).resolve().parents[2]
RESULTS = ROOT / "benchmarks" / "results"
DOCS = ROOT / "docs" / "benchmarks.md"

#: Pipeline keys, their role in the report, and what they are.
PIPELINES: dict[str, tuple[str, str]] = {
    "1-naive": ("main", "markitdown/pandoc → LangChain recursive splitter (o200k, {naive_chunk} tokens, overlap {naive_overlap}) → top-k"),
    "2-dan": ("main", "dan chunks (max {dan_max} tokens) → top-k"),
    "3-dan-ven": ("main", "dan chunks → top-k ({share_pct} % of the budget) → ven completions in anchor-rank order → named people → back-fill"),
    "4-routed": ("main", "lexical router over the index document → the documents routed with confidence ≥ {min_conf}: whole if they fit, else pipeline 3 on them"),
    "1c-naive-title": ("ablation", "pipeline 1 with the document title prefixed to every chunk"),
    "1b-naive-small": ("ablation", "pipeline 1 with {dan_max}-token chunks (overlap {naive_overlap_small}): same chunk size as dan"),
    "3r-doc-order": ("ablation", "pipeline 3 with enrichment per document in document order, cut at the budget"),
    "3-share-25": ("ablation", "pipeline 3 with 25 % of the budget for retrieval"),
    "3-share-75": ("ablation", "pipeline 3 with 75 % of the budget for retrieval"),
    "3-no-people": ("ablation", "pipeline 3 without the named-people phase"),
    "3p-partial": ("ablation", "pipeline 3 where a hit's table that does not fit whole sends its chunks nearest the hit that fit (partial_tables)"),
    "3-no-structure": ("ablation", "pipeline 3 without ven's completions (retrieval, cross-references, named people, back-fill; each chunk alone)"),
    "3a-auto-structure": ("ablation", "pipeline 3 with ven's completions only for questions that ask for a set (which, all, every, list, changes …; ven.collection.asks_for_set)"),
    "2j-dan-joined": ("ablation", "pipeline 2 over dan chunks made with join_sections=True (short top-level sections share a chunk)"),
    "3j-dan-ven-joined": ("ablation", "pipeline 3 over the same join_sections=True chunks"),
    "3-no-references": ("ablation", "pipeline 3 without the cross-reference phase (what the anchors refer to and what refers to them)"),
    "5-collection": ("ablation", "ven.collection.Collection (lexical routing, anchor-rank order) with retrieval_pct / enrichment_pct set so that its allowance is the budget; not held to the budget"),
    "5r-collection-reference": ("ablation", "the same with rank_order=False (the reference demo's enrichment)"),
    "5c-collection-capped": ("ablation", "ven.collection.Collection as in 5-collection, with the budget passed as its hard cap context(max_tokens=budget)"),
    "5p-collection-partial": ("ablation", "5-collection with partial_tables=True (a table that does not fit whole: its chunks nearest the hit, marked partial)"),
    "5cp-collection-capped-partial": ("ablation", "5c-collection-capped with partial_tables=True"),
    "5cb-collection-capped-routed-broad": ("ablation", "5c-collection-capped with routed_as_broad=True: a question routed to files too large to send whole is treated as broad (the reference's rule)"),
    "2s-dan-other-size": ("ablation", "pipeline 2 over dan chunks of at most {other_max} tokens"),
    "3s-dan-ven-other-size": ("ablation", "pipeline 3 over the same {other_max}-token chunks"),
    "5cl-collection-capped-listed": ("ablation", "5c-collection-capped with routed_scope='listed': a confident route selects every file the reply lists, not only the confident ones (the reference's rule)"),
    "5cr-collection-capped-referring": ("ablation", "5c-collection-capped with referring=True: the chunks that refer to the hits for every question, not only for those that ask whether something holds (ven.collection.asks_for_qualifiers)"),
    "5cs-collection-capped-other-size": ("ablation", "5c-collection-capped over the same {other_max}-token chunks"),
    "4r-listed": ("ablation", "pipeline 4 searching every document the router lists once one has confidence ≥ {min_conf} (the reference's rule)"),
}


def git_state() -> dict[str, Any]:
    """The commit the run used and whether dan/ven/demo had uncommitted changes."""
    import subprocess

    def git(*a: str) -> str:
        try:
            return subprocess.run(["git", *a], cwd=ROOT, capture_output=True, text=True, timeout=10,
                                  check=False).stdout.strip()
        except (OSError, subprocess.SubprocessError):
            return ""

    return {"commit": git("rev-parse", "HEAD"),
            "dirty_product_files": git("status", "--porcelain", "--", "dan", "ven", "demo").splitlines()}


def collection_available() -> bool:
    """Whether this ven has the multi-file layer ``ven.collection``."""
    try:
        import ven.collection  # noqa: F401
    except ImportError:
        return False
    return True


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description="Quality benchmark: evidence recall at a fixed token budget.")
    p.add_argument("--budgets", type=int, nargs="+", default=[1024, 2048, 4096, 8192])
    p.add_argument("--seed", type=int, default=DEFAULT_SEED)
    p.add_argument("--dan-max-tokens", type=int, default=DAN_MAX_TOKENS,
                   help="dan's chunk limit (default %(default)s: better recall at every budget than 512, see docs)")
    p.add_argument("--other-max-tokens", type=int, default=512,
                   help="the chunk limit of the *-other-size ablations (default %(default)s, the earlier default)")
    p.add_argument("--naive-chunk", type=int, default=1024)
    p.add_argument("--naive-overlap", type=int, default=100)
    p.add_argument("--share", type=float, default=0.5, help="share of the budget for retrieval in pipeline 3")
    p.add_argument("--index-pct", type=float, default=10)
    p.add_argument("--min-confidence", type=int, default=70)
    p.add_argument("--only", nargs="*", help="only these documents (file names)")
    p.add_argument("--no-naive", action="store_true", help="skip pipeline 1")
    p.add_argument("--no-ablations", action="store_true")
    p.add_argument("--judge", action="store_true", help="also grade answers with OpenAI (needs OPENAI_API_KEY)")
    p.add_argument("--judge-budget", type=int, default=2048)
    p.add_argument("--judge-model", default="gpt-4o-mini")
    p.add_argument("--out", type=Path, help="result JSON (default benchmarks/results/quality_<time>.json)")
    p.add_argument("--update-docs", action="store_true", help="regenerate the quality section of docs/benchmarks.md")
    p.add_argument("--quiet", action="store_true")
    return p.parse_args(argv)


def build_pipelines(items: Sequence[Any], args: argparse.Namespace, notes: list[str]) -> tuple[list[Pipeline], dict[str, Any]]:
    """Every pipeline the environment allows, and facts about the corpora for the result."""
    order = [it.name for it in items]
    facts: dict[str, Any] = {}
    conv = dan_corpus(items, args.dan_max_tokens)
    for name, err in conv.failures.items():
        notes.append(f"dan could not convert {name}: {err}")
    corpus = conv.corpus
    facts["dan"] = {"chunks": len(corpus.chunks), "tokens": sum(c.tokens for c in corpus.chunks),
                    "failures": conv.failures, "doc_tokens": dict(corpus.doc_tokens)}
    dan_retriever = Retriever(VectorIndex(corpus.chunks))
    pipes: list[Pipeline] = []
    available = naive.available()
    have_naive = bool(available.get("langchain_text_splitters") and available.get("markitdown"))
    if args.no_naive:
        notes.append("pipeline 1 skipped (--no-naive)")
    elif not have_naive:
        notes.append("pipeline 1 skipped: install the bench extra (markitdown, langchain-text-splitters)")
    else:
        nchunks = naive_corpus(items, args.naive_chunk, args.naive_overlap)
        facts["naive"] = {"chunks": len(nchunks), "tokens": sum(c.tokens for c in nchunks),
                          "converters": {it.doc.fmt: naive.converter_for(it.doc.fmt) for it in items}}
        pipes.append(TopK("1-naive", Retriever(VectorIndex(nchunks)), order))
    pipes.append(TopK("2-dan", dan_retriever, order))
    enriched = Enriched("3-dan-ven", corpus, dan_retriever, share=args.share)
    pipes.append(enriched)
    if routing_available():
        index = build_index(corpus, args.index_pct)
        facts["index"] = {"tokens": index.tokens, "entries": index.entries, "pct": args.index_pct}
        pipes.append(Routed("4-routed", enriched, LexicalRouter(index, order, args.min_confidence)))
        if not args.no_ablations:
            pipes.append(Routed("4r-listed", enriched, LexicalRouter(index, order, args.min_confidence, keep="listed")))
            if collection_available():
                pipes.append(CollectionPipeline("5-collection", corpus, dan_retriever, share=args.share))
                pipes.append(CollectionPipeline("5r-collection-reference", corpus, dan_retriever, share=args.share,
                                                rank_order=False))
                pipes.append(CollectionPipeline("5c-collection-capped", corpus, dan_retriever, share=args.share,
                                                capped=True))
                pipes.append(CollectionPipeline("5p-collection-partial", corpus, dan_retriever, share=args.share,
                                                partial_tables=True))
                pipes.append(CollectionPipeline("5cp-collection-capped-partial", corpus, dan_retriever,
                                                share=args.share, capped=True, partial_tables=True))
                pipes.append(CollectionPipeline("5cb-collection-capped-routed-broad", corpus, dan_retriever,
                                                share=args.share, capped=True, routed_as_broad=True))
                pipes.append(CollectionPipeline("5cl-collection-capped-listed", corpus, dan_retriever,
                                                share=args.share, capped=True, routed_scope="listed"))
                pipes.append(CollectionPipeline("5cr-collection-capped-referring", corpus, dan_retriever,
                                                share=args.share, capped=True, referring=True))
    else:
        notes.append("pipeline 4 skipped: this ven has no lexical_route / create_document_index yet")
    if not args.no_ablations:
        if have_naive and not args.no_naive:
            small = naive_corpus(items, args.dan_max_tokens, args.dan_max_tokens // 10)
            facts["naive_small"] = {"chunks": len(small), "tokens": sum(c.tokens for c in small)}
            pipes.append(TopK("1b-naive-small", Retriever(VectorIndex(small)), order))
            titled = naive_corpus(items, args.naive_chunk, args.naive_overlap, with_title=True)
            pipes.append(TopK("1c-naive-title", Retriever(VectorIndex(titled)), order))
        pipes.append(Enriched("3r-doc-order", corpus, dan_retriever, share=args.share, order="document"))
        pipes.append(Enriched("3-share-25", corpus, dan_retriever, share=0.25))
        pipes.append(Enriched("3-share-75", corpus, dan_retriever, share=0.75))
        pipes.append(Enriched("3-no-people", corpus, dan_retriever, share=args.share, people=False))
        pipes.append(Enriched("3-no-structure", corpus, dan_retriever, share=args.share, structure=False))
        pipes.append(Enriched("3a-auto-structure", corpus, dan_retriever, share=args.share, structure="auto"))
        pipes.append(Enriched("3-no-references", corpus, dan_retriever, share=args.share, references=False))
        pipes.append(Enriched("3p-partial", corpus, dan_retriever, share=args.share, partial_tables=True))
        joined = dan_corpus(items, args.dan_max_tokens, join_sections=True).corpus
        facts["dan_joined"] = {"chunks": len(joined.chunks), "tokens": sum(c.tokens for c in joined.chunks)}
        joined_retriever = Retriever(VectorIndex(joined.chunks))
        pipes.append(TopK("2j-dan-joined", joined_retriever, order))
        pipes.append(Enriched("3j-dan-ven-joined", joined, joined_retriever, share=args.share))
        if args.other_max_tokens != args.dan_max_tokens:
            other = dan_corpus(items, args.other_max_tokens).corpus
            facts["dan_other_size"] = {"max_tokens": args.other_max_tokens, "chunks": len(other.chunks),
                                       "tokens": sum(c.tokens for c in other.chunks)}
            other_retriever = Retriever(VectorIndex(other.chunks))
            pipes.append(TopK("2s-dan-other-size", other_retriever, order))
            pipes.append(Enriched("3s-dan-ven-other-size", other, other_retriever, share=args.share))
            if collection_available():
                pipes.append(CollectionPipeline("5cs-collection-capped-other-size", other, other_retriever,
                                                share=args.share, capped=True))
    return pipes, facts


def run_judge(pipes: Sequence[Pipeline], questions: Sequence[Any], budget: int, judge: Judge) -> dict[str, Any]:
    """Answer accuracy of every main pipeline at one budget."""
    out: dict[str, Any] = {"budget": budget, "model": judge.answer_model, "pipelines": {}}
    for p in pipes:
        if PIPELINES.get(p.name, ("",))[0] != "main":
            continue
        verdicts = []
        for q in questions:
            ctx = p.run(q.question, budget)
            v = judge(q.question, q.answer, ctx.passages)
            verdicts.append({"qid": q.qid, "correct": v.correct, "answer": v.answer})
        out["pipelines"][p.name] = {
            "accuracy": round(sum(v["correct"] for v in verdicts) / max(1, len(verdicts)), 4),
            "answers": verdicts,
        }
    return out


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    """Run the benchmark; return the result dict (also written as JSON)."""
    args = parse_args(argv)
    say = (lambda *_: None) if args.quiet else (lambda msg: print(msg, file=sys.stderr))
    t0 = time.perf_counter()
    started = dt.datetime.now(dt.UTC)
    items = build_collection(args.seed, args.only)
    questions = all_questions(items)
    say(f"collection: {len(items)} documents, {len(questions)} questions")
    notes: list[str] = []
    pipes, facts = build_pipelines(items, args, notes)
    for n in notes:
        say("note: " + n)
    outcomes = evaluate(pipes, questions, args.budgets, progress=lambda name: say(f"running {name}"))
    summary = summarise(outcomes, questions)
    judge_result = None
    if args.judge:
        client = openai_client()
        if client is None:
            notes.append("--judge given but OPENAI_API_KEY or the openai package is missing: no answer accuracy")
        else:
            judge_result = run_judge(pipes, questions, args.judge_budget, Judge(client, args.judge_model))
    shown = list(argv) if argv is not None else sys.argv[1:]
    fmt = {"naive_chunk": args.naive_chunk, "naive_overlap": args.naive_overlap, "dan_max": args.dan_max_tokens,
           "naive_overlap_small": args.dan_max_tokens // 10, "share_pct": round(args.share * 100),
           "other_max": args.other_max_tokens,
           "min_conf": args.min_confidence}
    result: dict[str, Any] = {
        "benchmark": "quality",
        "command": "python -m benchmarks.quality.run " + " ".join(shlex.quote(a) for a in shown),
        "started": started.isoformat(timespec="seconds"),
        "seconds": round(time.perf_counter() - t0, 1),
        "config": {
            "seed": args.seed, "budgets": args.budgets, "dan_max_tokens": args.dan_max_tokens,
            "other_max_tokens": args.other_max_tokens,
            "naive_chunk": args.naive_chunk, "naive_overlap": args.naive_overlap, "share": args.share,
            "index_pct": args.index_pct, "min_confidence": args.min_confidence,
            "embedding": "demo.embeddings.HashingEmbeddings: hashed word unigrams and bigrams, 1024 dims",
            "vector_store": "langchain_core.vectorstores.InMemoryVectorStore, exact cosine",
        },
        "environment": {"python": platform.python_version(), "platform": platform.platform(),
                        "dan": dan.__version__, "tools": naive.available(), "git": git_state()},
        "collection": {
            "documents": manifest(items),
            "by_format": dict(Counter(it.doc.fmt for it in items)),
            "by_category": dict(Counter(q.category for q in questions)),
            "questions": len(questions),
        },
        "corpora": facts,
        "notes": notes,
        "pipelines": {p.name: {"role": PIPELINES[p.name][0], "description": PIPELINES[p.name][1].format(**fmt)}
                      for p in pipes},
        "summary": summary,
        "judge": judge_result,
        "questions": [q.to_json() for q in questions],
        "outcomes": [outcome_json(o) for o in outcomes],
    }
    out = args.out or RESULTS / f"quality_{started.strftime('%Y%m%dT%H%M%SZ')}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1, ensure_ascii=False), encoding="utf-8")
    say(f"wrote {out} in {result['seconds']} s")
    if args.update_docs:
        update_docs(DOCS, result, out.relative_to(ROOT) if out.is_relative_to(ROOT) else out)
        say(f"updated {DOCS}")
    return result


if __name__ == "__main__":
    main()
