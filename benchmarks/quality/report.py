"""Render a quality result as Markdown and put it between the markers of
``docs/benchmarks.md``. Every figure comes from the result dict; nothing is typed in."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from benchmarks.quality.questions import CATEGORIES

START = "<!-- quality:start -->"
END = "<!-- quality:end -->"

_MAIN = ("1-naive", "2-dan", "3-dan-ven", "4-routed")
_NAMES = {"1-naive": "1 naive", "2-dan": "2 dan", "3-dan-ven": "3 dan+ven", "4-routed": "4 routed"}


def _pct(x: float | None) -> str:
    return "–" if x is None else f"{100 * x:.1f} %"


def _budget(b: str | int) -> str:
    b = int(b)
    return f"{b // 1024}k" if b % 1024 == 0 else str(b)


def _cell(m: Mapping[str, Any]) -> str:
    return f"{_pct(m['recall'])} / {_pct(m['structure_recall'])} / {m['mean_tokens']:.0f}"


def _routing(m: Mapping[str, Any]) -> str:
    if m.get("routed_share") is None:
        return "–"
    return f"{_pct(m['routed_share'])} / {_pct(m['routing_accuracy'])}"


def targets(summary: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> list[str]:
    """The issue's targets, each stated with the measured figures."""
    out: list[str] = []
    p1, p3, p4 = summary.get("1-naive"), summary.get("3-dan-ven"), summary.get("4-routed")
    if p1 and p3:
        wins = [b for b in p3 if b in p1 and p3[b]["recall"] > p1[b]["recall"]]
        detail = ", ".join(f"{_budget(b)}: {_pct(p3[b]['recall'])} vs {_pct(p1[b]['recall'])}" for b in p3 if b in p1)
        verdict = "met" if len(wins) == len(p3) else f"met at {len(wins)} of {len(p3)} budgets"
        out.append(f"Pipeline 3 beats pipeline 1 on evidence recall at the same budget — **{verdict}** ({detail}).")
    if p3:
        full = [b for b in p3 if p3[b]["table_completeness"] == 1.0]
        detail = ", ".join(f"{_budget(b)}: {_pct(p3[b]['table_completeness'])} of {p3[b]['table_n']}" for b in p3)
        verdict = "met" if len(full) == len(p3) else f"met at {len(full)} of {len(p3)} budgets"
        out.append(f"Pipeline 3 at 100 % table completeness — **{verdict}** ({detail}).")
    if p3 and p4:
        parts = []
        met = 0
        for b, m3 in p3.items():
            cheaper = [(int(b4), m4) for b4, m4 in p4.items()
                       if m4["recall"] >= m3["recall"] and m4["mean_tokens"] < m3["mean_tokens"]]
            if cheaper:
                b4, m4 = min(cheaper, key=lambda x: x[1]["mean_tokens"])
                met += 1
                saving = 1 - m4["mean_tokens"] / m3["mean_tokens"]
                parts.append(f"3 at {_budget(b)} = {_pct(m3['recall'])} with {m3['mean_tokens']:.0f} tokens; "
                             f"4 at {_budget(b4)} = {_pct(m4['recall'])} with {m4['mean_tokens']:.0f} "
                             f"({_pct(saving)} fewer)")
            else:
                same4 = p4.get(b)
                same = (f"; 4 at {_budget(b)} = {_pct(same4['recall'])} with {same4['mean_tokens']:.0f}"
                        if same4 else "")
                parts.append(f"3 at {_budget(b)} = {_pct(m3['recall'])} with {m3['mean_tokens']:.0f} tokens: "
                             f"no budget of 4 reaches it with fewer tokens{same}")
        verdict = "met" if met == len(p3) else f"met for {met} of {len(p3)} budgets"
        out.append(f"Pipeline 4 reaches pipeline 3's recall with fewer tokens — **{verdict}** (" + "; ".join(parts) + ").")
    return out


#: Issue 20's context-quality targets at 2k tokens: (what, metric, category, at least).
_SMALL_BUDGET_TARGETS = (
    ("overall recall", "recall", None, 0.90),
    ("whole-structure recall", "structure_recall", None, 0.90),
    ("cross-section questions", "by_category", "cross_section", 0.80),
)


def small_budget_targets(summary: Mapping[str, Mapping[str, Mapping[str, Any]]]) -> list[str]:
    """Issue 20's targets for pipeline 3 and the capped Collection (5c): recall at 2k and
    no question kind below dan alone at any budget, each with the measured figures."""
    out: list[str] = []
    base = summary.get("2-dan")
    for name, label in (("5c-collection-capped", "5c (ven's collection held to the budget)"),
                        ("3-dan-ven", "pipeline 3 (dan + ven)")):
        p = summary.get(name)
        if not p or "2048" not in p:
            continue
        m = p["2048"]
        parts = []
        for what, metric, cat, least in _SMALL_BUDGET_TARGETS:
            value = m[metric].get(cat) if cat else m[metric]
            ok = value is not None and value >= least
            parts.append(f"{what} ≥ {least * 100:.0f} %: " + (f"**{_pct(value)}**" if ok else f"{_pct(value)} (missed)"))
        below = []
        if base:
            for b, mb in p.items():
                for cat, r in mb.get("by_category", {}).items():
                    d = base.get(b, {}).get("by_category", {}).get(cat)
                    if r is not None and d is not None and r < d:
                        below.append(f"{_budget(b)} {cat.replace('_', ' ')}")
        parts.append("no kind below dan alone at any budget: "
                     + ("**met**" if not below else f"missed ({', '.join(below)})"))
        out.append(f"Issue 20 at 2k, {label} — " + "; ".join(parts) + ".")
    return out


_DELTAS = (
    ("3-dan-ven", "3-no-structure", "structure_recall", "ven's completions (pipeline 3 minus `3-no-structure`), structure recall"),
    ("3-dan-ven", "3-no-structure", "recall", "ven's completions, evidence recall"),
    ("3-dan-ven", "3r-doc-order", "structure_recall", "anchor-rank order against document order (3 minus `3r-doc-order`), structure recall"),
    ("3-dan-ven", "3-no-people", "recall", "the named-people phase (3 minus `3-no-people`), evidence recall"),
    ("2j-dan-joined", "2-dan", "recall", "chunks that join short sections (`2j-dan-joined` minus 2), evidence recall"),
    ("3j-dan-ven-joined", "3-dan-ven", "recall", "the same with ven (`3j-dan-ven-joined` minus 3), evidence recall"),
    ("3-dan-ven", "3-no-references", "recall", "the cross-reference phase (3 minus `3-no-references`), evidence recall"),
    ("3p-partial", "3-dan-ven", "structure_recall", "partial tables (`3p-partial` minus 3), structure recall"),
    ("3p-partial", "3-dan-ven", "recall", "partial tables, evidence recall"),
    ("3a-auto-structure", "3-dan-ven", "recall", "completions only for set questions (`3a-auto-structure` minus 3), evidence recall"),
    ("3a-auto-structure", "3-dan-ven", "structure_recall", "the same, structure recall"),
    ("5c-collection-capped", "5cb-collection-capped-routed-broad", "recall", "a routed question kept as judged, not made broad (`5c` minus `5cb`), evidence recall"),
    ("5c-collection-capped", "5cl-collection-capped-listed", "recall", "a confident route searching only its confident files (`5c` minus `5cl`), evidence recall"),
    ("5c-collection-capped", "5cr-collection-capped-referring", "recall", "referring chunks only for questions that ask whether something holds (`5c` minus `5cr`), evidence recall"),
    ("3-dan-ven", "2-dan", "recall", "all of ven's enrichment (3 minus 2), evidence recall"),
    ("2-dan", "1c-naive-title", "recall", "dan over naive chunks that carry the title too (2 minus `1c-naive-title`), evidence recall"),
    ("1b-naive-small", "1-naive", "recall", "smaller naive chunks (`1b-naive-small` minus 1), evidence recall"),
    ("4-routed", "4r-listed", "recall", "routing to confident documents only (4 minus `4r-listed`), evidence recall"),
    ("2-dan", "2s-dan-other-size", "recall", "this run's chunk size against the other (2 minus `2s-dan-other-size`), evidence recall"),
    ("3-dan-ven", "3s-dan-ven-other-size", "recall", "the same for pipeline 3 (3 minus `3s-dan-ven-other-size`), evidence recall"),
    ("5c-collection-capped", "5cs-collection-capped-other-size", "recall", "the same for 5c (`5c` minus `5cs`), evidence recall"),
)


def deltas(summary: Mapping[str, Mapping[str, Mapping[str, Any]]], budgets: list[str]) -> list[str]:
    """What each ablation changes, in percentage points per budget."""
    out = []
    for a, b, metric, label in _DELTAS:
        if a in summary and b in summary:
            parts = ", ".join(
                f"{_budget(x)}: {100 * (summary[a][x][metric] - summary[b][x][metric]):+.1f}" for x in budgets)
            out.append(f"{label}: {parts} points.")
    return out


def render(result: Mapping[str, Any], result_path: str | Path) -> str:
    """The Markdown of the quality section (without the markers)."""
    s = result["summary"]
    cfg = result["config"]
    coll = result["collection"]
    budgets = [str(b) for b in cfg["budgets"]]
    lines: list[str] = []
    add = lines.append
    add("## Quality: better context for the same tokens")
    add("")
    git = result["environment"].get("git") or {}
    state = ""
    if git.get("commit"):
        state = f" on commit `{git['commit'][:10]}`"
        if git.get("dirty_product_files"):
            state += (f" with uncommitted changes in {len(git['dirty_product_files'])} dan/ven/demo files "
                      "(listed in the result)")
    add(f"Generated by `{result['command']}`{state} (started {result['started']}, {result['seconds']} s, "
        f"Python {result['environment']['python']}). Full result: `{result_path}`.")
    add("")
    add("Every pipeline gets the same token budget per question, the same embedding "
        f"({cfg['embedding']}) and the same vector search ({cfg['vector_store']}) over all chunks of "
        "the collection. A question counts as recalled when all its gold evidence is in the context "
        "sent, taken only from its target document (table values must be on the row of the item asked "
        "about). Definitions: `benchmarks/quality/metrics.py`; pipelines: `benchmarks/quality/pipelines.py`.")
    add("")
    add("### Collection")
    add("")
    fmts = ", ".join(f"{n} {f.upper()}" for f, n in sorted(coll["by_format"].items(), key=lambda x: -x[1]))
    cats = ", ".join(f"{c.replace('_', ' ')} {coll['by_category'][c]}" for c in CATEGORIES if c in coll["by_category"])
    add(f"{len(coll['documents'])} generated business documents ({fmts}; seed {cfg['seed']}, "
        f"`benchmarks/quality/collection.py`), {coll['questions']} questions: {cats}.")
    corp = result["corpora"]
    facts = [f"dan (max {cfg['dan_max_tokens']} tokens): {corp['dan']['chunks']} chunks, {corp['dan']['tokens']:,} tokens"]
    if "naive" in corp:
        facts.append(f"pipeline 1 ({cfg['naive_chunk']}-token splitter): {corp['naive']['chunks']} chunks, "
                     f"{corp['naive']['tokens']:,} tokens")
    if "dan_other_size" in corp:
        other = corp["dan_other_size"]
        facts.append(f"dan (max {other['max_tokens']} tokens, the `*-other-size` ablations): {other['chunks']} chunks, "
                     f"{other['tokens']:,} tokens")
    if "index" in corp:
        facts.append(f"index document ({corp['index']['pct']:g} %): {corp['index']['tokens']:,} tokens for "
                     f"{corp['index']['entries']} documents (sent to the router, not to the answering model)")
    add("Corpora: " + "; ".join(facts) + ".")
    sizes = corp["dan"].get("doc_tokens")
    if sizes:
        add(f"Documents are {min(sizes.values()):,} to {max(sizes.values()):,} dan tokens long, so the whole-document "
            "path of pipeline 4 is possible only at budgets above the smallest.")
    add("")
    add("### Pipelines")
    add("")
    add("| key | pipeline |")
    add("|---|---|")
    for name, p in result["pipelines"].items():
        if p["role"] == "main":
            add(f"| {_NAMES.get(name, name)} | {p['description']} |")
    add("")
    add("### Results")
    add("")
    add(f"![Evidence recall by token budget for pipelines 1 to 4](img/{PICTURE})")
    add("")
    add("| pipeline | budget | evidence recall | structure recall | table completeness (n) | attribution (n) | mean tokens sent | routed / routing accuracy | whole-document share |")
    add("|---|---|---|---|---|---|---|---|---|")
    for name in _MAIN:
        for b in budgets:
            m = s.get(name, {}).get(b)
            if m is None:
                continue
            add(f"| {_NAMES[name]} | {_budget(b)} | {_pct(m['recall'])} | {_pct(m['structure_recall'])} | "
                f"{_pct(m['table_completeness'])} ({m['table_n']}) | {_pct(m['attribution'])} ({m['attribution_n']}) | "
                f"{m['mean_tokens']:.0f} | {_routing(m)} | {_pct(m.get('whole_document_share'))} |")
    add("")
    add("Structure recall = recall over the questions whose evidence is one whole structure (table tail, "
        "merged cell, several rows, run of revisions, comment). Table completeness is over the table "
        "questions whose answer rows were sent: the share that also got the header row. Attribution is "
        "over the revision/comment questions whose revised or commented text was sent: the share naming "
        "the reviewer or author on the same line. Routed = share of questions the router narrowed to "
        "some documents; routing accuracy = of those, the share whose target document was among them.")
    p4 = s.get("4-routed")
    if p4:
        m = next(iter(p4.values()))
        add("")
        add(f"Lexical router: first-named document = target for {_pct(m.get('routing_top1'))} of all questions.")
    add("")
    add("### Evidence recall by question category")
    add("")
    shown = [n for n in _MAIN if n in s]
    add("| category | n | " + " | ".join(f"{_NAMES[n]} {_budget(b)}" for b in (budgets[0], budgets[-1]) for n in shown) + " |")
    add("|---|---|" + "---|" * (2 * len(shown)))
    for c in CATEGORIES:
        if c not in coll["by_category"]:
            continue
        cells = [_pct(s[n][b]["by_category"].get(c)) for b in (budgets[0], budgets[-1]) for n in shown]
        add(f"| {c.replace('_', ' ')} | {coll['by_category'][c]} | " + " | ".join(cells) + " |")
    add("")
    add("### Evidence recall by source format")
    add("")
    fmts_seen = sorted({f for n in shown for b in budgets for f in s[n][b].get("by_format", {})})
    add("| format | " + " | ".join(f"{_NAMES[n]} {_budget(b)}" for b in (budgets[0], budgets[-1]) for n in shown) + " |")
    add("|---|" + "---|" * (2 * len(shown)))
    for f in fmts_seen:
        add(f"| {f.upper()} | " + " | ".join(_pct(s[n][b]["by_format"].get(f)) for b in (budgets[0], budgets[-1]) for n in shown) + " |")
    add("")
    add("### Targets")
    add("")
    for t in targets(s) + small_budget_targets(s):
        add(f"- {t}")
    add("")
    ablations = [n for n, p in result["pipelines"].items() if p["role"] == "ablation"]
    if ablations:
        add("### Ablations (evidence recall / structure recall / mean tokens sent)")
        add("")
        add("| variant | what | " + " | ".join(_budget(b) for b in budgets) + " |")
        add("|---|---|" + "---|" * len(budgets))
        for ref in ("1-naive", "3-dan-ven", "4-routed"):
            if ref in s:
                add(f"| {_NAMES[ref]} | reference | " + " | ".join(_cell(s[ref][b]) for b in budgets) + " |")
        for n in ablations:
            add(f"| {n} | {result['pipelines'][n]['description']} | " + " | ".join(_cell(s[n][b]) for b in budgets) + " |")
        add("")
        for d in deltas(s, budgets):
            add(f"- {d}")
        loose = [n for n in ablations if any(s[n][b].get("over_budget_share") for b in budgets)]
        for n in loose:
            parts = ", ".join(f"{_budget(b)}: {_pct(s[n][b]['over_budget_share'])} of questions, up to "
                              f"{s[n][b]['max_tokens']:,} tokens" for b in budgets)
            add(f"- `{n}` sent more than the budget — {parts}.")
        if loose:
            add("")
    if result.get("judge"):
        j = result["judge"]
        add(f"### Answer accuracy ({j['model']}, budget {_budget(j['budget'])})")
        add("")
        add("| pipeline | accuracy |")
        add("|---|---|")
        for n, v in j["pipelines"].items():
            add(f"| {_NAMES.get(n, n)} | {_pct(v['accuracy'])} |")
        add("")
    if result.get("notes"):
        add("### Notes from the run")
        add("")
        for n in result["notes"]:
            add(f"- {n}")
        add("")
    return "\n".join(lines).rstrip() + "\n"


def replace_section(text: str, body: str) -> str:
    """``text`` with everything between the quality markers replaced by ``body``; the markers
    are appended (after a ``# Benchmarks`` title for an empty file) when missing."""
    if START in text and END in text and text.index(START) < text.index(END):
        head, rest = text.split(START, 1)
        _, tail = rest.split(END, 1)
        return f"{head}{START}\n{body}{END}{tail}"
    if not text.strip():
        text = "# Benchmarks\n"
    return f"{text.rstrip()}\n\n{START}\n{body}{END}\n"


#: The main pipelines in the picture, with their legend labels.
PICTURED = {
    "1-naive": "1 naive: markitdown/pandoc + LangChain splitter",
    "2-dan": "2 dan chunks",
    "3-dan-ven": "3 dan + ven completions",
    "4-routed": "4 routed (index document) + dan + ven",
}
PICTURE = "quality-recall.svg"


def draw(result: Mapping[str, Any]) -> Path:
    """Evidence recall against the token budget, one line per main pipeline
    (``docs/img/quality-recall.svg``)."""
    from benchmarks._plots import lines as plot_lines

    s = result["summary"]
    series = {
        label: [(int(b), s[key][b]["recall"]) for b in sorted(s[key], key=int)]
        for key, label in PICTURED.items()
        if key in s
    }
    n, docs = result["collection"]["questions"], len(result["collection"]["documents"])
    return plot_lines(
        PICTURE,
        f"Evidence recall by token budget ({n} questions, {docs} business documents)",
        "token budget per question (o200k)",
        "questions with all their evidence sent (%)",
        series,
        highlight=[PICTURED["3-dan-ven"], PICTURED["4-routed"]],
    )


def update_docs(path: Path, result: Mapping[str, Any], result_path: str | Path) -> None:
    """Rewrite the quality section of ``path`` (created if missing) and draw its picture."""
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    path.write_text(replace_section(text, render(result, result_path)), encoding="utf-8")
    draw(result)
