"""A question's context: ven's :class:`~ven.collection.Collection` over the store's search.

Per collection the store keeps one ven ``Collection`` built from the stored records of
its active versions (no chunk text is kept in memory) and brings it up to date
incrementally when the collection's generation changes: retired documents are removed,
newly activated ones added in activation order — the order of the stored index document,
so ven's routing index and the stored one are the same text. A question then runs ven's
whole pipeline (small-collection path, routing, broad/pointed retrieval, enrichment in
rank order, the token cap) with the store's hybrid/keyword search as its search, in one
read snapshot, and the chunk texts of the chosen passages are read from that snapshot.

Calls to chat models (routing, the broad/pointed classification, the answer) happen
outside the snapshot and the collection's lock.
"""

from __future__ import annotations

import dataclasses

import json
import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import attrs

import dan
import ven
from demo.store.db import Scope, Tx, placeholders
from demo.store.extract import extract_answer
from demo.store.errors import AnsweringModelError, EmbeddingError, InvalidRequestError, SearchBusyError
from demo.store.options import AskOptions
from demo.store.search import Plan, Searcher
from demo.store.text import clean_query, locator
from demo.store.values import AskResult, Citation, RouteInfo, SearchMode, TokenAccount
from ven.collection import (
    Collection,
    CollectionContext,
    looks_broad,
    scope_system_prompt,
)

__all__ = [
    "CITE_NUMBERS", "CONTEXT_INTRO", "EXACT_PER_DOCUMENT", "PER_DOCUMENT_DEPTH", "Asker", "ChatLike", "generate",
    "is_broad", "numbered_context",
]

log = logging.getLogger("demo.store")


def generate(chat: Any, system: str, messages: Sequence[tuple[str, str]]) -> str:
    """``chat``'s answer to ``messages`` under ``system``; :class:`AnsweringModelError`, in
    words, when the model or its server fails (unreachable, refused, broken off)."""
    try:
        answer: str = chat.complete(system, list(messages))
    except Exception as exc:  # any failure of the model or of its server
        log.debug("the answering model failed: %r", exc)
        reason = " ".join(str(exc).split()) or "no reason given"
        raise AnsweringModelError(
            f"the answering model failed ({reason[:200]}): check that its server is running and its name is right, "
            "or ask without a chat model for the extracted answer"
        ) from exc
    return answer

#: Up to this many files, ven's per-file searches of a broad question run one by one.
EXACT_PER_DOCUMENT = 32
#: Beyond, one ranking this deep serves them all.
PER_DOCUMENT_DEPTH = 1000

#: Between the system message and the chunks (as in the reference demo).
CONTEXT_INTRO = "USE THIS EXTRACTED DOCUMENT CONTEXT TO ANSWER THE USER'S QUESTION:\n"

#: Between dan's system message and the numbered context: cite a chunk by its number [n],
#: which is the answer's ``citations[n - 1]`` (the API's citation ``n``; the page links it).
CITE_NUMBERS = """\
CITING BY NUMBER
- In the context below, each chunk is preceded by its number on a line of its own: [1], [2], ...
- Cite every fact with the number of the chunk it came from, in square brackets right after
  the fact, for example: "Late fees are 1.5% per month [2]." Facts from several chunks: [2][5].
  Use these numbers instead of the title, section and page; cite no number the context lacks.
"""


def numbered_context(texts: Sequence[str]) -> str:
    """The chunks as the chat model reads them: ``[n]`` on a line of its own before the n-th."""
    return "\n\n".join(f"[{n}]\n{text}" for n, text in enumerate(texts, 1))


class ChatLike(Protocol):
    """A chat model: ``complete(system, messages)`` (see :mod:`demo.models`)."""

    def complete(self, system: str, messages: Sequence[tuple[str, str]]) -> str:
        """The reply to the last user message."""
        ...


def is_broad(question: str, mini: ChatLike | None, hints: bool = False) -> bool | None:
    """Whether a question is broad (ven's GLOBAL): the mini model's verdict; without one, ven's
    English keyword test with ``hints``, else None (ven's default: not judged, the ranking
    decides). A failing model call must not lose the question: it counts as broad."""
    if mini is None:
        return looks_broad(question) if hints else None
    try:
        return mini.complete(scope_system_prompt(), [("user", question)]).strip().upper().startswith("GLOBAL")
    except Exception as exc:  # any model failure: the question is still answered, as broad
        log.warning("scope classification failed (%s: %s): treating the question as broad", type(exc).__name__, exc)
        return True


def _retrieval_pct(options: AskOptions, chunks: int, tokens: int) -> float:
    """ven's retrieval share for this question: the option's, except that under a token cap
    no more hits are asked for than the cap can use (twice what it holds at the mean chunk
    size) — 15 % of a 100,000-chunk collection would be 15,000 hits for a 6,000-token answer."""
    if options.max_tokens is None or chunks == 0:
        return float(options.retrieval_pct)
    mean = max(1.0, tokens / chunks)
    usable = 100.0 * (2 * options.max_tokens / mean) / chunks
    return float(min(options.retrieval_pct, max(usable, 0.0)))


class _Entry:
    """One collection's ven Collection at one generation."""

    def __init__(self, collection: Collection) -> None:
        self.collection = collection
        self.generation = -1
        #: doc_key -> version id
        self.versions: dict[str, str] = {}
        self.lock = threading.Lock()


class _Stale(Exception):
    """The cached collection is newer than this read snapshot: read again."""


class Asker:
    """Builds question contexts for every collection of one store."""

    def __init__(self, searcher: Searcher, index_pct: float) -> None:
        self.searcher = searcher
        self.index_pct = index_pct
        self._entries: OrderedDict[tuple[Any, ...], _Entry] = OrderedDict()
        self._lock = threading.Lock()

    #: Collections (and ven settings) kept built; the least recently used is dropped first.
    KEEP = 32

    def forget(self, collection_id: str) -> None:
        """Drop a deleted collection's cache."""
        with self._lock:
            for key in [k for k in self._entries if k[0] == collection_id]:
                del self._entries[key]

    def _entry(self, collection_id: str, options: AskOptions) -> _Entry:
        o = options
        key = (collection_id, o.threshold, o.retrieval_pct, o.enrichment_pct, o.global_spread_pct, o.confidence, o.rank_order, o.routed_fill)
        with self._lock:
            entry = self._entries.get(key)
            if entry is not None:
                self._entries.move_to_end(key)
            else:
                entry = _Entry(
                    Collection(
                        threshold=options.threshold,
                        retrieval_pct=options.retrieval_pct,
                        enrichment_pct=options.enrichment_pct,
                        global_spread_pct=options.global_spread_pct,
                        index_pct=self.index_pct,
                        confidence=options.confidence,
                        rank_order=options.rank_order,
                        routed_fill=options.routed_fill,
                        count_tokens=dan.count_tokens,
                    )
                )
                self._entries[key] = entry
                while len(self._entries) > self.KEEP:
                    self._entries.popitem(last=False)
            return entry

    # ------------------------------------------------------------------ public

    def ask(
        self,
        collection_id: str,
        index_text: str,
        question: object,
        options: AskOptions,
        mode: SearchMode,
        chat: ChatLike | None,
        mini: ChatLike | None,
        history: Sequence[tuple[str, str]],
        client: str = "",
    ) -> AskResult:
        """Route, retrieve, expand, assemble, and answer with ``chat`` when given (the
        question is embedded on the query lane for ``client``)."""
        text = clean_query(question, "question")
        if options.routing == "model" and mini is None:
            raise InvalidRequestError("routing='model' needs a mini chat model: pass mini=..., or use routing='lexical'")
        reply = ""
        fallback = ""
        if options.routing == "model" and index_text:
            assert mini is not None
            try:
                reply = mini.complete(ven.filter_system_prompt() + index_text, [("user", text)])
            except Exception as exc:  # fail soft on ranking: route without the model
                log.warning("the routing model failed (%s: %s): routing lexically", type(exc).__name__, exc)
                options = attrs.evolve(options, routing="lexical")
                fallback = f"the routing model failed ({type(exc).__name__}); routed lexically instead."
        broad = is_broad(text, mini, options.hints)
        vector, notice = self.searcher.embed_query(text, mode, client)
        notice = " ".join(n for n in (fallback, notice) if n)
        for _attempt in range(5):
            try:
                return self._ask(collection_id, text, options, mode, vector, notice, reply, broad, chat, history, client)
            except _Stale:
                continue
        raise RuntimeError("the collection kept changing during the question: ask again")  # pragma: no cover

    def _ask(
        self,
        collection_id: str,
        question: str,
        options: AskOptions,
        mode: SearchMode,
        vector: Any,
        notice: str,
        reply: str,
        broad: bool | None,
        chat: ChatLike | None,
        history: Sequence[tuple[str, str]],
        client: str = "",
    ) -> AskResult:
        entry = self._entry(collection_id, options)
        ranking: list[tuple[str, int]] = []  # the question's search ranking, (doc key, seq), best first
        with self.searcher.backend.read() as tx:
            generation = self.searcher.backend.generation(tx, collection_id)
            scope = Scope(collection_id)
            plan = self.searcher.plan(tx, scope, question, mode, vector, notice)
            with entry.lock:
                by_key = self._update(tx, entry, collection_id, generation)
                col = entry.collection
                col.retrieval_pct = _retrieval_pct(options, col.total_chunks, col.total_tokens)
                search = self._search_fn(tx, collection_id, plan, by_key, ranking)
                ctx = col.context(
                    question,
                    search,
                    routing=options.routing,  # type: ignore[arg-type]
                    ask=(lambda _system, _question: reply) if options.routing == "model" else None,
                    broad=broad,
                    max_tokens=options.max_tokens,
                    structure=options.structure,
                    hints=options.hints,
                )
                if ctx.path == "index" and chat is None and options.extract:
                    # An extract quotes passages, never the index's entries: the route said
                    # "the index answers", so the passages come from a search of every file.
                    ctx = col.context(
                        question, search, routing="off", broad=broad, max_tokens=options.max_tokens,
                        structure=options.structure, hints=options.hints,
                    )
                    ctx = dataclasses.replace(ctx, notes=(*ctx.notes, "the index would answer; quoted from the passages instead"))
            context, citations, pieces, kinds = self._assemble(tx, ctx, by_key)
        pid_of = {(c.document_id, c.seq): c.passage_id for c in citations}
        hits = [pid_of[(by_key[k][1], seq)] for k, seq in ranking if k in by_key and (by_key[k][1], seq) in pid_of]
        return self._result(question, ctx, context, citations, pieces, kinds, options, plan, chat, history, by_key, hits, client)

    # ------------------------------------------------------------------ cache

    def _update(self, tx: Tx, entry: _Entry, collection_id: str, generation: int) -> dict[str, tuple[str, str, str]]:
        """Bring the entry to ``generation``; doc_key -> (version id, document id, file name)."""
        active = [(v.doc_key, v.id, v.document_id, v.file_name) for v in self.searcher.backend.active_set(tx, collection_id).versions]
        by_key = {k: (v, d, f) for k, v, d, f in active}
        if entry.generation == generation:
            return by_key
        if entry.generation > generation:
            raise _Stale
        col = entry.collection
        wanted = {k: v for k, v, _, _ in active}
        for key in [k for k in entry.versions if k not in wanted]:
            col.remove(key)
            del entry.versions[key]
        for key, version_id, _, _ in active:
            if entry.versions.get(key) == version_id:
                continue
            records = [json.loads(r[0]) for r in tx.rows("SELECT record FROM passages WHERE version_id = ? ORDER BY seq", [version_id])]
            col.add(records)
            entry.versions[key] = version_id
        entry.generation = generation
        return by_key

    def _search_fn(
        self, tx: Tx, collection_id: str, plan: Plan, by_key: dict[str, tuple[str, str, str]], ranking: list[tuple[str, int]]
    ) -> Any:
        """ven's ``search(query, k, doc_ids)`` over this snapshot; ven's first search (the
        question's, over the files it routed to) is kept in ``ranking``, for the extract.

        ven's broad path searches every file on its own. Up to :data:`EXACT_PER_DOCUMENT`
        files that is one search each, as ven intends; beyond, one ranking of the whole
        collection (depth :data:`PER_DOCUMENT_DEPTH`) serves the per-file searches, so a
        broad question costs two searches, not one per file.
        """
        doc_of = {d: k for k, (_, d, _) in by_key.items()}
        many = len(by_key) > EXACT_PER_DOCUMENT
        per_doc: dict[str, list[tuple[str, int]]] = {}

        def resolve(ranked: Sequence[tuple[int, float]]) -> list[tuple[str, int]]:
            pks = [pk for pk, _ in ranked]
            where: dict[int, tuple[str, int]] = {}
            for start in range(0, len(pks), 500):
                part = pks[start : start + 500]
                for pk, doc, seq in tx.rows(f"SELECT pk, document_id, seq FROM passages WHERE pk IN ({placeholders(len(part))})", part):
                    where[int(pk)] = (str(doc), int(seq))
            return [(doc_of[where[pk][0]], where[pk][1]) for pk in pks if pk in where and where[pk][0] in doc_of]

        def search(query: str, k: int, doc_ids: frozenset[str] | None) -> list[tuple[str, int]]:
            hits = _search(query, k, doc_ids)
            if not ranking:  # ven's first search is the question's (of the files it routed to)
                ranking.extend(hits)
            return hits

        def _search(query: str, k: int, doc_ids: frozenset[str] | None) -> list[tuple[str, int]]:
            if k <= 0:
                return []
            if many and doc_ids is not None and len(doc_ids) == 1:
                if not per_doc:
                    per_doc[""] = []
                    for hit in resolve(self.searcher.ranked(tx, Scope(collection_id), plan, n=PER_DOCUMENT_DEPTH)):
                        per_doc.setdefault(hit[0], []).append(hit)
                (only,) = doc_ids
                return per_doc.get(only, [])[:k]
            include = None if doc_ids is None else tuple(sorted(by_key[d][1] for d in doc_ids if d in by_key))
            ranked = self.searcher.ranked(tx, Scope(collection_id, include=include), plan, n=max(100, min(int(k), 1000)))
            return resolve(ranked[:k])

        return search

    # ------------------------------------------------------------------ assembly

    def _assemble(
        self, tx: Tx, ctx: CollectionContext, by_key: dict[str, tuple[str, str, str]]
    ) -> tuple[str, tuple[Citation, ...], list[tuple[str, str, str]], list[str]]:
        """The context, its citations, ``(text, locator, passage id)`` per chunk and each
        chunk's type (dan's ``ssType``: body, header, footer, footnote)."""
        if ctx.path == "index":
            return ctx.text, (), [(ctx.text, "routing index of the collection", "")], ["index"]
        pieces: list[tuple[str, str, str]] = []
        kinds: list[str] = []
        blocks: list[str] = []
        cites: list[Citation] = []
        for doc in ctx.docs:
            version_id, document_id, file_name = by_key[doc.doc_id]
            seqs = list(doc.seqs)
            found: dict[int, tuple[str, str, str]] = {}
            for start in range(0, len(seqs), 500):
                part = seqs[start : start + 500]
                for seq, pid, body, record in tx.rows(
                    f"SELECT seq, id, text, record FROM passages WHERE version_id = ? AND seq IN ({placeholders(len(part))})",
                    [version_id, *part],
                ):
                    found[int(seq)] = (pid, body, record)
            texts = []
            for seq in seqs:
                if seq not in found:
                    continue
                pid, body, record = found[seq]
                texts.append(body)
                fields = json.loads(record)
                cite = Citation(pid, document_id, version_id, file_name, locator(fields, file_name), seq)
                cites.append(cite)
                pieces.append((body, cite.locator, pid))
                kinds.append(str(fields.get("ssType") or "body"))
            blocks.append("\n\n".join(texts))
        return "\n\n".join(b for b in blocks if b), tuple(cites), pieces, kinds

    def _meaning(self, plan: Plan, client: str, notes: list[str]) -> Callable[[Sequence[str]], Sequence[float] | None] | None:
        """The extract's meaning match: texts' cosine to the question's vector, embedded by the
        store's model on the query lane for ``client`` (None without a vector: keyword mode,
        no model). A model that is busy, late or failing leaves the match out, said in ``notes``."""
        vector = plan.vector
        if vector is None:
            return None

        def similarity(texts: Sequence[str]) -> Sequence[float] | None:
            try:
                matrix = self.searcher.embed_texts(texts, client)
            except (EmbeddingError, SearchBusyError) as exc:
                notes.append(f"the answer's sentences were ranked by their words only: {exc}")
                return None
            return [float(x) for x in matrix @ vector]

        return similarity

    def _result(
        self,
        question: str,
        ctx: CollectionContext,
        context: str,
        citations: tuple[Citation, ...],
        pieces: list[tuple[str, str, str]],
        kinds: Sequence[str],
        options: AskOptions,
        plan: Plan,
        chat: ChatLike | None,
        history: Sequence[tuple[str, str]],
        by_key: dict[str, tuple[str, str, str]],
        hits: Sequence[str] = (),
        client: str = "",
    ) -> AskResult:
        if ctx.path == "index":
            system = ven.index_system_prompt() + context
        else:
            numbered = numbered_context([text for text, _locator, _pid in pieces])
            system = dan.system_message() + "\n\n" + CITE_NUMBERS + "\n" + CONTEXT_INTRO + numbered
        route = None
        if ctx.route is not None:
            docs = tuple(
                (by_key[d][1], by_key[d][2], int(c)) if d in by_key else (d, "", int(c)) for d, c in ctx.route.docs
            )
            route = RouteInfo(ctx.route.kind.value, docs, ctx.route_reply)
        notes = list(ctx.notes) + [n for n in plan.notices if n]
        if not ctx.docs and ctx.path != "index":
            notes.append("the collection has no ready sources to answer from.")
        answer = None
        kind = "none"
        extract = None
        if chat is not None and context:
            answer = generate(chat, system, [*history, ("user", question)])
            kind = "generated"
        elif chat is None and options.extract:
            # (a passage's document: the citations go with the pieces, one each, except on the index path)
            documents = [c.document_id for c in citations] if len(citations) == len(pieces) else None
            meaning = self._meaning(plan, client, notes) if options.meaning and hits else None
            # (files a route sent whole, when the rest of the cap went to other files: the
            # extract answers from them first)
            focus = None
            if ctx.path == "whole-documents" and any(not d.whole for d in ctx.docs):
                focus = frozenset(by_key[d.doc_id][1] for d in ctx.docs if d.whole and d.doc_id in by_key)
            extract = extract_answer(question, pieces, documents=documents, meaning=meaning, hits=hits, kinds=kinds, focus=focus)
            answer = extract.text
            kind = "extracted" if extract.found else "not-found"
            if extract.by_meaning:
                notes.append(
                    "no passage of the context shares enough of the question's words: the answer is the "
                    "passage closest to it in meaning, by the embedding model"
                )
        return AskResult(
            question=question,
            path=ctx.path,
            context=context,
            citations=citations,
            tokens=TokenAccount(ctx.context_tokens, ctx.retrieval_tokens, ctx.enrichment_tokens, ctx.filter_tokens, options.max_tokens),
            route=route,
            broad=ctx.broad,
            answer=answer,
            answer_kind=kind,
            extract=extract,
            system_prompt=system,
            notes=tuple(notes),
            mode=plan.mode,
        )

