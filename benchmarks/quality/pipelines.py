"""The pipelines compared, each filling the same token budget per question.

Common rules: a pipeline walks the cosine ranking of its corpus (:mod:`.retrieval`) and
adds a chunk only if it still fits the budget (a chunk that does not fit is skipped, the next
one is tried), so no context ever exceeds the budget. Tokens are o200k tokens of the chunk
texts as sent (dan's citation header included).

- :class:`TopK` — pipelines 1 and 2: the ranked chunks until the budget is full.
- :class:`Enriched` — pipeline 3, dan chunks + ven, in four phases:

  1. *retrieval*: the best hits while they fit ``share`` of the budget (the best hit always);
  2. *structure*: for each hit in rank order, ven's completions of that hit alone
     (``add_related_chunks(budget=0)``: its split tables, its runs of revisions and
     comments, adjacent tables) are added if they fit whole in what is left — the best
     hit's structure first, and never a partial structure (with ``partial_tables``, a
     hit's table that does not fit whole sends its chunks nearest the hit that fit);
  3. *named people*: when the question names a reviewer or comment author of a retrieved
     document (read from ven's ``revision_authors()`` / ``comment_authors()``), that
     person's other revision / comment chunks (``add_revision_chunks(author=...)`` /
     ``add_comment_chunks(author=...)``), nearest first, as many as fit;
  4. *back-fill*: further hits in rank order, each with its completions when they fit,
     else alone when it fits.

  With ``order="document"`` (the ablation of SPEC §6) phase 2 instead completes each
  document's hits together, documents in collection order and chunks in ssSeq order, and
  stops adding a document's chunks at the first that no longer fits — how an application
  that enriches per file and then cuts at the budget behaves. ``people=False`` skips
  phase 3 and ``structure=False`` skips every completion (ablations);
  ``structure="auto"`` runs the completions only for a question that asks for a set
  (:func:`ven.collection.asks_for_set`) — one fact sits in one chunk, and a completion only takes the
  budget that the next hits needed.
- :class:`Routed` — pipeline 4: route the question with the index document first; if the
  routed documents fit the budget whole, send them whole, else run :class:`Enriched` on
  the routed documents only; an unusable route falls back to :class:`Enriched` on all.
- :class:`CollectionPipeline` — the product's own multi-file layer, ``ven.collection``,
  with its percentages set so that its allowance equals the budget. It sizes retrieval in
  chunks and may send more than its allowance, so it is the one pipeline not held to the
  budget: its overshoot is measured instead (``strict_budget = False``).
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from benchmarks.quality.metrics import Passage
from benchmarks.quality.retrieval import Chunk, VectorIndex
from ven import Ven
from ven.collection import asks_for_set


@dataclass(frozen=True)
class Context:
    """What a pipeline sends for one question: passages (document order) and bookkeeping."""

    passages: tuple[Passage, ...]
    tokens: int
    info: Mapping[str, Any] = field(default_factory=dict)


class Retriever:
    """Ranks questions against one corpus, caching the full ranking per question."""

    def __init__(self, index: VectorIndex) -> None:
        self.index = index
        self._cache: dict[str, list[Chunk]] = {}

    def ranked(self, query: str) -> list[Chunk]:
        """All chunks by descending similarity to ``query``."""
        if query not in self._cache:
            self._cache[query] = self.index.rank(query)
        return self._cache[query]


class Pipeline(Protocol):
    """A pipeline: a name and a context for a question at a budget."""

    name: str

    def run(self, question: str, budget: int) -> Context: ...


def _context(chunks: Sequence[Chunk], order: Sequence[str], info: Mapping[str, Any] | None = None) -> Context:
    rank = {d: i for i, d in enumerate(order)}
    ordered = sorted(chunks, key=lambda c: (rank.get(c.doc, len(rank)), c.doc, c.seq))
    passages = tuple(Passage(c.doc, c.text, c.tokens) for c in ordered)
    return Context(passages, sum(c.tokens for c in ordered), dict(info or {}))


class TopK:
    """Pipelines 1 and 2: ranked chunks until the budget is full."""

    def __init__(self, name: str, retriever: Retriever, doc_order: Sequence[str]) -> None:
        self.name = name
        self.retriever = retriever
        self.doc_order = tuple(doc_order)

    def run(self, question: str, budget: int) -> Context:
        """The context for ``question`` within ``budget`` tokens."""
        chosen: list[Chunk] = []
        used = 0
        for ch in self.retriever.ranked(question):
            if used + ch.tokens <= budget:
                chosen.append(ch)
                used += ch.tokens
        return _context(chosen, self.doc_order, {"retrieval_tokens": used})


def named(question: str, people: Sequence[str]) -> list[str]:
    """The people of ``people`` the question names: the full name, or the surname (4+
    letters) as a whole word, case-insensitive."""
    q = question.casefold()
    out = []
    for person in people:
        full = " ".join(person.split()).casefold()
        surname = full.split()[-1] if full.split() else ""
        if full and (full in q or (len(surname) >= 4 and re.search(rf"\b{re.escape(surname)}\b", q))):
            out.append(person)
    return out


class DanCorpus:
    """dan's chunks of the collection, their ``Ven`` objects and lookup tables."""

    def __init__(self, chunks: Sequence[Chunk], records: Mapping[str, Sequence[Mapping[str, Any]]],
                 doc_order: Sequence[str]) -> None:
        self.chunks = tuple(chunks)
        self.doc_order = tuple(doc_order)
        self.records = {doc: tuple(recs) for doc, recs in records.items() if recs}
        self.vens: dict[str, Ven] = {doc: Ven(recs) for doc, recs in self.records.items()}
        self.by_key: dict[tuple[str, int], Chunk] = {c.key: c for c in self.chunks}
        self.doc_tokens: dict[str, int] = defaultdict(int)
        for c in self.chunks:
            self.doc_tokens[c.doc] += c.tokens

    def doc_chunks(self, doc: str) -> list[Chunk]:
        """Every chunk of ``doc`` in ssSeq order."""
        return sorted((c for c in self.chunks if c.doc == doc), key=lambda c: c.seq)


class _Selection:
    """The chunks chosen so far for one question, with the running token count."""

    def __init__(self, corpus: DanCorpus, budget: int) -> None:
        self.corpus = corpus
        self.budget = budget
        self.seqs: dict[str, set[int]] = defaultdict(set)
        self.used = 0
        self.phase_tokens: dict[str, int] = defaultdict(int)

    def new(self, doc: str, seqs: Sequence[int] | set[int]) -> list[int]:
        return sorted(s for s in set(seqs) if s not in self.seqs[doc])

    def cost(self, doc: str, seqs: Sequence[int]) -> int:
        return sum(self.corpus.by_key[(doc, s)].tokens for s in seqs)

    def fits(self, tokens: int) -> bool:
        return self.used + tokens <= self.budget

    def add(self, doc: str, seqs: Sequence[int], phase: str) -> None:
        for s in seqs:
            if s not in self.seqs[doc]:
                t = self.corpus.by_key[(doc, s)].tokens
                self.seqs[doc].add(s)
                self.used += t
                self.phase_tokens[phase] += t

    def has(self, ch: Chunk) -> bool:
        return ch.seq in self.seqs[ch.doc]

    def chunks(self) -> list[Chunk]:
        return [self.corpus.by_key[(d, s)] for d, ss in self.seqs.items() for s in ss]


class Enriched:
    """Pipeline 3: dan chunks, top-k, then ven enrichment within the same budget."""

    def __init__(self, name: str, corpus: DanCorpus, retriever: Retriever, share: float = 0.5,
                 order: str = "rank", people: bool = True, structure: bool | str = True,
                 references: bool = True, partial_tables: bool = False) -> None:
        if not 0 < share <= 1:
            raise ValueError("share must be in (0, 1]")
        if order not in ("rank", "document"):
            raise ValueError("order must be 'rank' or 'document'")
        if structure not in (True, False, "auto"):
            raise ValueError("structure must be True, False or 'auto'")
        self.name = name
        self.corpus = corpus
        self.retriever = retriever
        self.share = share
        self.order = order
        self.people = people
        self.structure = structure
        self.references = references
        self.partial_tables = partial_tables

    def completion(self, doc: str, seqs: Sequence[int], structure: bool = True) -> tuple[int, ...]:
        """ven's completions of ``seqs`` (tables, revision and comment runs, adjacent tables);
        just ``seqs`` when structure completion is off (or ``structure`` is false)."""
        if not (self.structure and structure):
            return tuple(sorted(set(seqs)))
        with self.corpus.vens[doc].begin_expansion(seqs) as exp:
            exp.add_related_chunks(revisions=True, comments=True, all_tables=False, adjacent_tables=True, budget=0)
            return exp.seqs

    def run(self, question: str, budget: int, docs: Sequence[str] | None = None) -> Context:
        """The context for ``question`` within ``budget`` tokens (only ``docs`` if given)."""
        ranked = self.retriever.ranked(question)
        whole = self.structure != "auto" or asks_for_set(question)
        if docs is not None:
            allowed = set(docs)
            ranked = [c for c in ranked if c.doc in allowed]
        sel = _Selection(self.corpus, budget)
        # 1. retrieval
        anchors: list[Chunk] = []
        rest = 0
        cap = self.share * budget
        for i, ch in enumerate(ranked):
            rest = i + 1
            if anchors and sel.used + ch.tokens > cap:
                rest = i
                break
            if sel.fits(ch.tokens):
                sel.add(ch.doc, [ch.seq], "retrieval")
                anchors.append(ch)
        # 2. structure
        if self.order == "rank":
            for a in anchors:
                new = sel.new(a.doc, self.completion(a.doc, [a.seq], whole))
                if new and sel.fits(sel.cost(a.doc, new)):
                    sel.add(a.doc, new, "structure")
                elif new and self.partial_tables:
                    self._nearest_rows(sel, a)
        else:
            by_doc: dict[str, list[int]] = defaultdict(list)
            for a in anchors:
                by_doc[a.doc].append(a.seq)
            for doc in [d for d in self.corpus.doc_order if d in by_doc]:
                for s in sel.new(doc, self.completion(doc, by_doc[doc], whole)):
                    t = sel.cost(doc, [s])
                    if not sel.fits(t):
                        break
                    sel.add(doc, [s], "structure")
        # 2b. cross-references: what each anchor refers to and what refers to it
        if self.references:
            for a in anchors:
                v = self.corpus.vens[a.doc]
                for c in v.references(a.seq, notes=False):  # (a note would take a hit's room)
                    new = sel.new(a.doc, self.completion(a.doc, [c], whole))
                    if new and sel.fits(sel.cost(a.doc, new)):
                        sel.add(a.doc, new, "references")
        # 3. named reviewers and comment authors
        if self.people:
            seen: list[str] = []
            for a in anchors:
                if a.doc in seen:
                    continue
                seen.append(a.doc)
                v = self.corpus.vens[a.doc]
                for author in named(question, v.revision_authors()):
                    self._fit_addition(sel, a.doc, "add_revision_chunks", author)
                for author in named(question, v.comment_authors()):
                    self._fit_addition(sel, a.doc, "add_comment_chunks", author)
        # 4. back-fill
        for ch in ranked[rest:]:
            if sel.used >= budget:
                break
            if sel.has(ch):
                continue
            new = sel.new(ch.doc, self.completion(ch.doc, [ch.seq], whole))
            if sel.fits(sel.cost(ch.doc, new)):
                sel.add(ch.doc, new, "backfill")
            elif sel.fits(ch.tokens):
                sel.add(ch.doc, [ch.seq], "backfill")
        info = {f"{k}_tokens": v for k, v in sel.phase_tokens.items()}
        return _context(sel.chunks(), self.corpus.doc_order, info)

    def _nearest_rows(self, sel: _Selection, anchor: Chunk) -> None:
        """The chunks of ``anchor``'s table nearest it that fit (the next chunk, the one
        before, the one after that, ...), each side stopping at its first chunk that does
        not fit, so what is sent of the table stays contiguous; every chunk of a split table
        repeats the header, so each row sent still has it (``partial_tables``)."""
        table = self.corpus.vens[anchor.doc].table_chunks(anchor.seq)
        if anchor.seq not in table:  # not a table: a run of revisions or comments did not fit
            return
        at = table.index(anchor.seq)
        sides = [iter(table[at + 1 :]), iter(reversed(table[:at]))]
        while sides:
            for side in list(sides):
                c = next(side, None)
                while c is not None and not sel.new(anchor.doc, [c]):
                    c = next(side, None)
                if c is None or not sel.fits(sel.cost(anchor.doc, [c])):
                    sides.remove(side)
                else:
                    sel.add(anchor.doc, [c], "partial")

    def _fit_addition(self, sel: _Selection, doc: str, method: str, author: str) -> None:
        """Add the longest prefix of ven's addition order that fits the budget left.

        ven's additions overshoot their budget by at most one chunk; with the selection so
        far as the expansion's seqs, ``enrichment_tokens`` is exactly the cost of what is
        new, and a smaller budget gives a prefix of the same order, so a binary search on
        the budget finds the largest prefix that fits.
        """
        remaining = sel.budget - sel.used
        if remaining <= 0:
            return
        v = self.corpus.vens[doc]
        base = sorted(sel.seqs[doc])

        def attempt(b: int) -> tuple[tuple[int, ...], int]:
            with v.begin_expansion(base) as exp:
                getattr(exp, method)(author=author, budget=b)
                return exp.seqs, exp.enrichment_tokens

        seqs, spent = attempt(remaining)
        if spent > remaining:
            lo, hi, seqs = 0, remaining - 1, tuple(base)
            while lo <= hi:
                mid = (lo + hi) // 2
                s, t = attempt(mid)
                if t <= remaining:
                    seqs, lo = s, mid + 1
                else:
                    hi = mid - 1
        sel.add(doc, sel.new(doc, seqs), "people")


@dataclass(frozen=True)
class RouteResult:
    """A router's decision: the documents to search (empty = no usable route), the raw
    reply, and every document the reply named, best first (for top-1 accuracy)."""

    kind: str
    docs: tuple[str, ...]
    reply: str = ""
    ranked: tuple[str, ...] = ()


Router = Callable[[str], RouteResult]


class Routed:
    """Pipeline 4: route with the index document, then whole documents or pipeline 3."""

    def __init__(self, name: str, enriched: Enriched, router: Router) -> None:
        self.name = name
        self.enriched = enriched
        self.router = router
        self._routes: dict[str, RouteResult] = {}

    def route(self, question: str) -> RouteResult:
        """The (cached) route of ``question``."""
        if question not in self._routes:
            self._routes[question] = self.router(question)
        return self._routes[question]

    def run(self, question: str, budget: int) -> Context:
        """The context for ``question`` within ``budget`` tokens."""
        route = self.route(question)
        corpus = self.enriched.corpus
        docs = [d for d in route.docs if d in corpus.vens]
        info: dict[str, Any] = {"route_kind": route.kind, "routed_docs": docs, "route_top": route.ranked[:1]}
        if docs and sum(corpus.doc_tokens[d] for d in docs) <= budget:
            chunks = [c for d in docs for c in corpus.doc_chunks(d)]
            info["whole_documents"] = True
            return _context(chunks, corpus.doc_order, info)
        ctx = self.enriched.run(question, budget, docs=docs or None)
        info.update(ctx.info)
        info["whole_documents"] = False
        return Context(ctx.passages, ctx.tokens, info)


class CollectionPipeline:
    """``ven.collection.Collection`` (routing ``lexical`` or ``off``) at a token budget.

    The Collection takes percentages of the collection, not a token budget, so for budget
    ``B`` over ``T`` collection tokens: ``retrieval_pct = share × B / T × 100`` (its chunk
    quota is that share of all chunks, i.e. about ``share × B`` tokens at the mean chunk
    size), ``enrichment_pct = (1 − share) × B / T × 100``, so its allowance (the
    whole-document threshold) is ``B``; ``threshold = 0`` (never "send everything").
    """

    strict_budget = False

    def __init__(self, name: str, corpus: DanCorpus, retriever: Retriever, share: float = 0.5,
                 routing: str = "lexical", rank_order: bool = True, capped: bool = False,
                 partial_tables: bool | None = None, structure: bool | None = None,
                 routed_as_broad: bool = False, routed_scope: str = "confident",
                 referring: Any = None, hints: bool = False, routed_fill: bool = False) -> None:
        self.name = name
        #: The Collection's ``routed_fill``: what routed files sent whole leave of the cap goes to
        #: the other files' hits (the store's default).
        self.routed_fill = routed_fill
        #: ``context(hints=True)``: the English-phrase rules on (off: the Collection's default).
        self.hints = hints
        #: ``context(referring=...)``: None for the Collection's default.
        self.referring = referring
        #: The Collection's ``routed_as_broad`` (the reference's rule for routed files too large to send).
        self.routed_as_broad = routed_as_broad
        #: The Collection's ``routed_scope``: ``confident`` (its default) or ``listed`` (the reference's rule).
        self.routed_scope = routed_scope
        #: ``context(structure=...)``: None for the Collection's default.
        self.structure = structure
        #: ``context(partial_tables=...)``: None for the Collection's default (on: a table that does not
        #: fit whole is sent as its rows nearest the hit).
        self.partial_tables = partial_tables
        #: With ``capped``, the budget is passed as ``context(max_tokens=budget)``: a hard cap.
        self.capped = capped
        self.strict_budget = capped
        self.corpus = corpus
        self.retriever = retriever
        self.share = share
        self.routing = routing
        self.rank_order = rank_order
        self._collections: dict[int, Any] = {}
        self.total = sum(c.tokens for c in corpus.chunks)

    def _collection(self, budget: int) -> Any:
        if budget not in self._collections:
            import dan
            from ven.collection import Collection

            pct = 100 * budget / self.total
            coll = Collection(threshold=0, retrieval_pct=min(100, self.share * pct),
                              enrichment_pct=min(100, (1 - self.share) * pct), rank_order=self.rank_order,
                              count_tokens=dan.count_tokens, routed_as_broad=self.routed_as_broad,
                              routed_scope=self.routed_scope, routed_fill=self.routed_fill)
            for doc in self.corpus.doc_order:
                if doc in self.corpus.records:
                    coll.add(self.corpus.records[doc])
            self._collections[budget] = coll
        return self._collections[budget]

    def _search(self, query: str, k: int, doc_ids: Any) -> list[tuple[str, int]]:
        ranked = self.retriever.ranked(query)
        if doc_ids is not None:
            ranked = [c for c in ranked if c.doc in doc_ids]
        return [c.key for c in ranked[:k]]

    def run(self, question: str, budget: int) -> Context:
        """The Collection's context for ``question`` at ``budget`` (may exceed it)."""
        ctx = self._collection(budget).context(
            question, self._search, routing=self.routing, max_tokens=budget if self.capped else None,
            retrieval_share=self.share,
            **({} if self.partial_tables is None else {"partial_tables": self.partial_tables}),
            **({} if self.structure is None else {"structure": self.structure}),
            **({} if self.referring is None else {"referring": self.referring}),
            **({"hints": True} if self.hints else {}),
        )
        chunks = [self.corpus.by_key[(d.doc_id, s)] for d in ctx.docs for s in d.seqs]
        info: dict[str, Any] = {"path": ctx.path, "broad": ctx.broad,
                                "retrieval_tokens": ctx.retrieval_tokens, "enrichment_tokens": ctx.enrichment_tokens}
        if self.routing != "off":
            route = ctx.route
            routed: list[str] = []
            if ctx.path == "whole-documents":
                routed = [d.doc_id for d in ctx.docs if d.whole]
            elif route is not None and any("routed files exceed" in n for n in ctx.notes):
                routed = [d for d, _ in route.docs]
            info.update({"route_kind": str(route.kind) if route else "", "routed_docs": routed,
                         "route_top": [d for d, _ in route.docs][:1] if route else [],
                         "whole_documents": ctx.path == "whole-documents"})
        return _context(chunks, self.corpus.doc_order, info)
