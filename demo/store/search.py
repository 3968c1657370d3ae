"""Keyword, semantic and hybrid search over a collection's active passages, within a token budget.

* **keyword** — the query's words (letters and digits only, so no query syntax reaches the
  database; stopwords dropped) OR-ed in the full-text index and ranked by BM25 (FTS5's on
  SQLite; computed in SQL from the ``tsvector`` on PostgreSQL).
* **semantic** — cosine similarity to the query's embedding (exact on SQLite, HNSW on
  PostgreSQL); only sources embedded by the store's own identity are comparable.
* **hybrid** — reciprocal rank fusion of the top 100 of each: ``Σ 1 / (60 + rank)``. On
  SQLite the query is embedded and the vectors scored on another thread while FTS5 ranks.
  The semantic lane's ranking puts the passages of the documents that hold the keyword
  lane's first :data:`KEYWORD_DOCUMENTS` hits first (scored again within them), then the
  others: the words say which documents, the meaning which passages in them ("Does the
  JEA agreement let the recipient keep copies?" — the name finds the agreement, the
  embedding the clause about copies, though the clause says "retain").
* **auto** — hybrid when the store embeds and every source in scope has comparable
  vectors, else keyword (with a notice saying why). Fail soft on ranking: a failing query
  embedding in auto mode falls back to keyword search; fail closed on scope.

Queries are embedded on the store's query lane (:class:`~demo.store.lanes.QueryLane`: a
few threads shared fairly by clients, 429 for a client with too many waiting), and a
search waits for its semantic lane at most ``StoreOptions.semantic_timeout`` seconds (once
the model has embedded a first query: loading it is not bounded): past it, hybrid and auto
search answer with the keyword ranking and a notice, semantic search is refused (503). The neural model embeds at most ``demo.store.minilm.QUERY_TOKENS`` word pieces
of a query (a notice says when a query was longer).

Passages are taken best first while they fit the evidence budget (dan's exact o200k
counts, ``ssTokens``) and the limit; a passage that does not fit is skipped, and the
notice says how many were.
"""

from __future__ import annotations

import json
import math
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from functools import partial
from typing import Any, TypeVar

import numpy as np
from attrs import evolve, frozen

from demo.store.context import indexed_identity
from demo.store.db import Backend, Scope, Tx, placeholders
from demo.store.embedding import EmbeddingProvider, provider_vectors, validate_vector
from demo.store.errors import (
    EmbeddingMismatchError,
    EmbeddingUnavailableError,
    InvalidRequestError,
    InvalidVectorError,
    NoEmbeddingsError,
    NotFoundError,
)
from demo.store.lanes import QueryLane
from demo.store.options import StoreOptions
from demo.store.text import check_filter_key, clean_query, locator, query_terms
from demo.store.values import Passage, SearchMode, SearchResult

__all__ = [
    "CANDIDATES",
    "KEYWORD_DOCUMENTS",
    "PASSAGE_COLUMNS",
    "RRF_K",
    "Plan",
    "Searcher",
    "check_budget",
    "check_limit",
    "keyword_documents",
    "make_scope",
    "passage_from_row",
    "rrf",
    "within_documents",
]

_T = TypeVar("_T")

RRF_K = 60
CANDIDATES = 100
#: Hybrid search: the documents of the keyword lane's first this many hits lead the
#: semantic lane (:func:`within_documents`).
KEYWORD_DOCUMENTS = 5
#: Texts whose vectors :meth:`Searcher.embed_texts` keeps (about 1.5 KB each at 384 dimensions).
TEXT_VECTORS = 20_000
LIMIT_MIN, LIMIT_MAX, LIMIT_DEFAULT = 1, 50, 6
BUDGET_MIN, BUDGET_MAX, BUDGET_DEFAULT = 128, 16_000, 2400

PASSAGE_COLUMNS = "p.pk, p.id, p.collection_id, p.document_id, p.version_id, d.file_name, p.text, p.record, p.tokens"


def passage_from_row(row: Sequence[Any], score: float = 0.0) -> Passage:
    """A :class:`Passage` from a row of :data:`PASSAGE_COLUMNS` (``passages p JOIN documents d``)."""
    record = json.loads(row[7])
    return Passage(
        id=row[1],
        collection_id=row[2],
        document_id=row[3],
        version_id=row[4],
        file_name=row[5],
        locator=locator(record, row[5]),
        text=row[6],
        score=float(score),
        record=record,
        tokens=int(row[8]),
    )


def check_limit(limit: object) -> int:
    """A result count from 1 to 50."""
    if isinstance(limit, bool) or not isinstance(limit, int) or not LIMIT_MIN <= limit <= LIMIT_MAX:
        raise InvalidRequestError(f"limit must be an int from {LIMIT_MIN} to {LIMIT_MAX}, got {limit!r}")
    return limit


def check_budget(budget: object) -> int:
    """An evidence token budget from 128 to 16,000."""
    if isinstance(budget, bool) or not isinstance(budget, int) or not BUDGET_MIN <= budget <= BUDGET_MAX:
        raise InvalidRequestError(f"budget must be an int from {BUDGET_MIN} to {BUDGET_MAX:,} tokens, got {budget!r}")
    return budget


MAX_SCOPE_IDS = 1000


def _ids(name: str, value: object) -> tuple[str, ...]:
    if isinstance(value, str) or not isinstance(value, (list, tuple, set, frozenset)):
        raise InvalidRequestError(f"{name} must be a list of document ids, got {type(value).__name__}")
    if len(value) > MAX_SCOPE_IDS:
        raise InvalidRequestError(f"{name} has {len(value):,} ids: use at most {MAX_SCOPE_IDS:,} (or filters)")
    out = []
    for item in value:
        if not isinstance(item, str) or not item:
            raise InvalidRequestError(f"{name} must hold document ids (non-empty str), got {item!r}")
        out.append(item)
    return tuple(sorted(set(out)))


def make_scope(
    collection_id: str,
    *,
    filters: Mapping[str, str | int] | None = None,
    include_documents: Sequence[str] | None = None,
    exclude_documents: Sequence[str] | None = None,
    version_id: str | None = None,
) -> Scope:
    """A validated :class:`Scope`: filters are equalities on record fields (str or int values)."""
    pairs: list[tuple[str, str | int]] = []
    if filters is not None:
        if not isinstance(filters, Mapping):
            raise InvalidRequestError(f"filters must be a mapping of record field to value, got {type(filters).__name__}")
        if len(filters) > 16:
            raise InvalidRequestError(f"filters has {len(filters)} fields: use at most 16")
        for key, value in filters.items():
            check_filter_key(key)
            if isinstance(value, bool) or not isinstance(value, (str, int)):
                raise InvalidRequestError(
                    f"filter {key!r} must be a str or int (records hold no other types; yes/no is 'yes'/'no'), got {value!r}"
                )
            if isinstance(value, int) and not -(2**53) <= value <= 2**53:
                raise InvalidRequestError(f"filter {key!r} is out of range: {value}")
            if isinstance(value, str) and len(value) > 1000:
                raise InvalidRequestError(f"filter {key!r} is longer than 1,000 characters")
            pairs.append((key, value))
    include = None if include_documents is None else _ids("include_documents", include_documents)
    exclude = () if exclude_documents is None else _ids("exclude_documents", exclude_documents)
    if version_id is not None and (not isinstance(version_id, str) or not version_id):
        raise InvalidRequestError(f"version_id must be a version id (str), got {version_id!r}")
    return Scope(collection_id, version_id, include, exclude, tuple(sorted(pairs)))


def rrf(rankings: Sequence[Sequence[tuple[int, float]]], k: int = RRF_K) -> list[tuple[int, float]]:
    """Reciprocal rank fusion: ``Σ 1 / (k + rank)`` over rankings (rank from 1), best first.

    Ties go to the passage with the better best rank, then the smaller key.
    """
    scores: dict[int, float] = {}
    best: dict[int, int] = {}
    for ranking in rankings:
        for rank, (pk, _score) in enumerate(ranking, start=1):
            scores[pk] = scores.get(pk, 0.0) + 1.0 / (k + rank)
            best[pk] = min(best.get(pk, rank), rank)
    return sorted(scores.items(), key=lambda x: (-x[1], best[x[0]], x[0]))


def keyword_documents(tx: Tx, keyword: Sequence[tuple[int, float]], n: int = KEYWORD_DOCUMENTS) -> tuple[str, ...]:
    """The documents holding the first ``n`` passages of a keyword ranking, in rank order."""
    pks = [pk for pk, _ in keyword[:n]]
    if not pks:
        return ()
    doc_of = {int(pk): str(d) for pk, d in tx.rows(f"SELECT pk, document_id FROM passages WHERE pk IN ({placeholders(len(pks))})", pks)}
    return tuple(dict.fromkeys(doc_of[pk] for pk in pks if pk in doc_of))


def within_documents(
    semantic: Sequence[tuple[int, float]], scoped: Sequence[tuple[int, float]]
) -> list[tuple[int, float]]:
    """A semantic ranking led by ``scoped`` (the same query ranked within the keyword lane's
    documents), then the rest of ``semantic`` in its order."""
    first = {pk for pk, _ in scoped}
    return [*scoped, *(x for x in semantic if x[0] not in first)]


@frozen(slots=True)
class Plan:
    """How one query will be ranked."""

    mode: SearchMode
    terms: tuple[str, ...]
    vector: np.ndarray | None
    identity: str
    notices: tuple[str, ...]


def reindex_hint(collection_id: str) -> str:
    """What to run to reindex a collection, for the messages that ask for it."""
    return (
        "run `python -m demo reindex --db ...` with the options the store is served with, "
        f"POST /api/knowledge/{collection_id}/reindex as an operator, or KnowledgeStore.reindex_collection"
    )


class Searcher:
    """Search over one backend with one (optional) embedding provider."""

    def __init__(self, backend: Backend, provider: EmbeddingProvider | None, options: StoreOptions | None = None) -> None:
        opts = options if options is not None else StoreOptions()
        self.backend = backend
        self.provider = provider
        #: The identity key of the vectors searched (the provider's, with the context line's
        #: setting unless ``StoreOptions.index_context`` is off; ``""`` without a provider).
        self.identity = "" if provider is None else indexed_identity(provider.identity, opts.index_context != "off").key
        #: Seconds a search waits for the semantic lane (``StoreOptions.semantic_timeout``).
        self.timeout = float(opts.semantic_timeout)
        #: Where queries are embedded, fairly among clients (``StoreOptions.query_*``).
        self.lane = QueryLane(opts.query_workers, opts.queries_per_client, opts.query_queue)
        #: Set once a query was embedded: until then the model may still be loading, and
        #: searches wait for it without the time bound.
        self._warm = threading.Event()
        #: Vectors of texts embedded by :meth:`embed_texts`, least recently used first: the
        #: same best passages answer many questions.
        self._text_vectors: OrderedDict[str, np.ndarray] = OrderedDict()
        self._text_lock = threading.Lock()
        self._lock = threading.Lock()
        self._stale_cache: dict[tuple[str, int, str], list[str]] = {}

    # ------------------------------------------------------------------ planning

    def close(self) -> None:
        """Stop the query lane (waiting query embeddings are cancelled)."""
        self.lane.close()

    def embed_query(self, query: str, mode: SearchMode, client: str = "") -> tuple[np.ndarray | None, str]:
        """The query's unit vector (None when not needed or, in auto mode, when the provider
        fails), embedded on the query lane for ``client`` within ``semantic_timeout``: past it,
        None and a notice (hybrid, auto) or :class:`EmbeddingUnavailableError` (semantic)."""
        if mode == SearchMode.KEYWORD or self.provider is None:
            return None, ""
        pending = self.lane.submit(client, partial(self._embed, query, mode))
        try:
            return pending.result(timeout=self._bound())
        except FutureTimeout:
            self.lane.cancel(pending)
            if mode == SearchMode.SEMANTIC:
                raise EmbeddingUnavailableError(self._late()) from None
            return None, self._late() + " keyword ranking only."

    def embed_texts(self, texts: Sequence[str], client: str = "") -> np.ndarray:
        """Unit vectors of a few short texts (one row each; the extract's sentences), embedded on
        the query lane for ``client`` within ``semantic_timeout``: :class:`SearchBusyError` when
        the client's share of the lane is full, :class:`EmbeddingUnavailableError` when late or
        without a provider, :class:`EmbeddingError` when the provider fails. The last
        :data:`TEXT_VECTORS` texts' vectors are kept: a text seen again is not embedded again."""
        if self.provider is None:
            raise EmbeddingUnavailableError("the store has no embedding model")
        provider = self.provider
        dims = provider.identity.dimensions
        items = list(texts)
        out = np.empty((len(items), dims), dtype=np.float32)
        with self._text_lock:
            known = {t: self._text_vectors[t] for t in items if t in self._text_vectors}
            for t in known:
                self._text_vectors.move_to_end(t)
        missing = list(dict.fromkeys(t for t in items if t not in known))
        if missing:
            pending = self.lane.submit(client, lambda: provider_vectors(provider, missing))
            try:
                found = pending.result(timeout=self._bound())
            except FutureTimeout:
                self.lane.cancel(pending)
                raise EmbeddingUnavailableError(f"the sentences were not embedded within {self.timeout:g} s (the embedding model is busy)") from None
            with self._text_lock:
                for t, v in zip(missing, found):
                    known[t] = self._text_vectors[t] = v
                while len(self._text_vectors) > TEXT_VECTORS:
                    self._text_vectors.popitem(last=False)
        for k, t in enumerate(items):
            out[k] = known[t]
        return out

    def _bound(self) -> float | None:
        return self.timeout if self._warm.is_set() else None

    def _late(self) -> str:
        return f"the query was not embedded within {self.timeout:g} s (the embedding model is busy):"

    def _embed(self, query: str, mode: SearchMode) -> tuple[np.ndarray | None, str]:
        """:meth:`embed_query` on the calling thread, with no time bound."""
        assert self.provider is not None
        note_of = getattr(self.provider, "query_note", None)
        try:
            raw = self.provider.embed_query(query)
            self._warm.set()
            note = str(note_of(query)) if callable(note_of) else ""
        except Exception as exc:  # fail soft on ranking in auto mode; explicit modes raise below
            if mode == SearchMode.AUTO:
                return None, f"the query could not be embedded ({type(exc).__name__}); keyword search only."
            raise EmbeddingUnavailableError(f"the query could not be embedded ({type(exc).__name__}: {exc}): try again") from exc
        if len(raw) == self.provider.identity.dimensions and not any(raw):
            # A query without anything the model can represent (only punctuation for the
            # hashing embedding): no semantic signal, not a failure.
            return None, "the query has nothing the embedding model can compare; semantic ranking is empty."
        try:
            return validate_vector(raw, self.provider.identity.dimensions), note
        except InvalidVectorError as exc:
            if mode == SearchMode.AUTO:
                return None, f"the query's embedding is invalid ({exc}); keyword search only."
            raise EmbeddingUnavailableError(f"the provider returned an invalid query embedding: {exc}") from exc

    def plan(self, tx: Tx, scope: Scope, query: str, mode: SearchMode, vector: np.ndarray | None, notice: str) -> Plan:
        """Resolve ``auto`` and check that the sources in scope can be ranked by the mode."""
        terms = tuple(query_terms(query))
        identity = self.identity
        stale = self._stale(tx, scope, identity)
        notices = [notice] if notice else []
        if mode in (SearchMode.SEMANTIC, SearchMode.HYBRID):
            if self.provider is None:
                raise NoEmbeddingsError(
                    f"{mode.value} search needs embeddings, and this store was opened without an embedding provider: "
                    "use mode 'keyword' or 'auto', or open the store with one"
                )
            if stale:
                raise EmbeddingMismatchError(
                    f"{len(stale)} source(s) were not embedded by {identity!r} ({', '.join(stale[:5])}"
                    f"{', …' if len(stale) > 5 else ''}): reindex them before {mode.value} search ({reindex_hint(scope.collection_id)})"
                )
            return Plan(mode, terms, vector, identity, tuple(notices))
        if mode == SearchMode.AUTO:
            if vector is not None and not stale:
                return Plan(SearchMode.HYBRID, terms, vector, identity, tuple(notices))
            if vector is not None and stale:
                notices.append(
                    f"{len(stale)} source(s) were embedded by another model; keyword search only until they are reindexed "
                    f"({reindex_hint(scope.collection_id)})."
                )
            mode = SearchMode.KEYWORD
        return Plan(mode, terms, None, identity, tuple(notices))

    def _stale(self, tx: Tx, scope: Scope, identity: str) -> list[str]:
        """File names in scope whose vectors are not of ``identity`` (cached per generation
        for the whole collection)."""
        active = self.backend.active_set(tx, scope.collection_id)
        if scope.version_id is not None and scope.version_id not in {v.id for v in active.versions}:
            raise NotFoundError(f"version {scope.version_id!r} is not an active version of this collection: list the sources")
        if scope.version_id is None and scope.include is None and not scope.exclude:
            key = (scope.collection_id, active.generation, identity)
            with self._lock:
                found = self._stale_cache.get(key)
            if found is None:
                found = sorted(v.file_name for v in active.versions if v.embedding != identity)
                with self._lock:
                    self._stale_cache[key] = found
                    while len(self._stale_cache) > 256:
                        self._stale_cache.pop(next(iter(self._stale_cache)))
            return found
        return sorted(
            v.file_name
            for v in active.versions
            if v.embedding != identity
            and (scope.version_id is None or v.id == scope.version_id)
            and (scope.include is None or v.document_id in scope.include)
            and v.document_id not in scope.exclude
        )

    # ------------------------------------------------------------------ ranking

    def ranked(self, tx: Tx, scope: Scope, plan: Plan, n: int = CANDIDATES) -> list[tuple[int, float]]:
        """Passage keys best first: ``(pk, score)`` (BM25/rank, cosine, or RRF score)."""
        if plan.mode == SearchMode.KEYWORD or plan.vector is None:
            keyword = self.backend.keyword(tx, scope, plan.terms, n) if plan.mode != SearchMode.SEMANTIC else []
            return rrf([keyword]) if plan.mode == SearchMode.HYBRID else keyword
        if plan.mode == SearchMode.SEMANTIC:
            return self.backend.semantic(tx, scope, plan.vector, plan.identity, n)
        # Hybrid: the vector scoring runs on another core while the database ranks the text
        # (with one BLAS thread, so the two lanes do not fight over the cores).
        later = self.backend.semantic_later(tx, scope, plan.identity, len(plan.vector), n)
        if later is None:
            keyword = self.backend.keyword(tx, scope, plan.terms, n)
            semantic = self.backend.semantic(tx, scope, plan.vector, plan.identity, n)
        else:
            pending = _lanes().submit(_one_blas_thread, partial(later, plan.vector))
            keyword = self.backend.keyword(tx, scope, plan.terms, n)
            semantic = pending.result()
        return rrf([keyword, self._led_by_keyword(tx, scope, plan.vector, plan.identity, keyword, semantic, n)])

    def _led_by_keyword(
        self,
        tx: Tx,
        scope: Scope,
        vector: np.ndarray,
        identity: str,
        keyword: Sequence[tuple[int, float]],
        semantic: Sequence[tuple[int, float]],
        n: int,
    ) -> list[tuple[int, float]]:
        """``semantic`` led by the passages of the keyword lane's documents
        (:func:`keyword_documents`), ranked within them by ``vector`` (:func:`within_documents`)."""
        docs = keyword_documents(tx, keyword)
        if not docs:
            return list(semantic)
        allowed = docs if scope.include is None else tuple(d for d in docs if d in scope.include)
        scoped = _one_blas_thread(lambda: self.backend.semantic(tx, evolve(scope, include=allowed), vector, identity, n))
        return within_documents(semantic, scoped)

    def _overlapped(
        self, tx: Tx, scope: Scope, text: str, mode: SearchMode, client: str
    ) -> tuple[Plan, list[tuple[int, float]]]:
        """Hybrid (or auto) search whose query is embedded and scored on the query lane while
        the database ranks the text: the model's time hides behind the full-text search's.
        Past ``semantic_timeout`` the keyword ranking answers alone, with a notice."""
        assert self.provider is not None
        plan = self.plan(tx, scope, text, mode, _ON_ITS_WAY, "")
        if plan.mode != SearchMode.HYBRID:  # auto over sources of another model: keyword only
            return plan, self.ranked(tx, scope, plan)
        score = self.backend.semantic_later(tx, scope, plan.identity, self.provider.identity.dimensions, CANDIDATES)
        assert score is not None
        bound = self._bound()
        deadline = None if bound is None else time.monotonic() + bound
        pending = self.lane.submit(client, partial(self._embed_and_score, text, mode, score))
        keyword = self.backend.keyword(tx, scope, plan.terms, CANDIDATES)
        try:
            vector, semantic, notice = pending.result(timeout=None if deadline is None else max(0.0, deadline - time.monotonic()))
        except FutureTimeout:
            self.lane.cancel(pending)
            vector, semantic, notice = None, None, self._late() + " keyword ranking only."
        notices = (*plan.notices, notice) if notice else plan.notices
        if vector is None or semantic is None:  # no query vector: the same outcomes as when it is made first
            if mode == SearchMode.AUTO:
                return Plan(SearchMode.KEYWORD, plan.terms, None, plan.identity, notices), keyword
            return evolve(plan, vector=None, notices=notices), rrf([keyword])
        led = self._led_by_keyword(tx, scope, vector, plan.identity, keyword, semantic, CANDIDATES)
        return evolve(plan, vector=vector, notices=notices), rrf([keyword, led])

    def _embed_and_score(
        self, text: str, mode: SearchMode, score: Callable[[np.ndarray], list[tuple[int, float]]]
    ) -> tuple[np.ndarray | None, list[tuple[int, float]] | None, str]:
        vector, notice = self._embed(text, mode)
        return vector, (None if vector is None else _one_blas_thread(partial(score, vector))), notice

    # ------------------------------------------------------------------ search

    def search(
        self, scope: Scope, query: object, mode: SearchMode, limit: int, budget: int, client: str = ""
    ) -> SearchResult:
        """The best passages of ``scope`` for ``query`` that fit ``limit`` and ``budget``;
        ``client`` (the caller's subject) is whom the query lane counts the embedding for."""
        text = clean_query(query)
        mode = _mode(mode)
        limit = check_limit(limit)
        budget = check_budget(budget)
        overlap = mode in (SearchMode.HYBRID, SearchMode.AUTO) and self.provider is not None and self.backend.vectors_in_process
        vector, notice = (None, "") if overlap else self.embed_query(text, mode, client)
        with self.backend.read() as tx:
            if overlap:
                plan, ranked = self._overlapped(tx, scope, text, mode, client)
            else:
                plan = self.plan(tx, scope, text, mode, vector, notice)
                ranked = self.ranked(tx, scope, plan)
            chosen, skipped = _fit(tx, ranked, limit, budget)
            rows = _passage_rows(tx, [pk for pk, _ in chosen])
        passages = tuple(passage_from_row(rows[pk], score) for pk, score in chosen)
        notices = list(plan.notices)
        if plan.mode in (SearchMode.KEYWORD, SearchMode.HYBRID) and not plan.terms:
            notices.append("the query has no words to match in the full-text index.")
        if not passages:
            if skipped:
                notices.append(f"no passage fits the evidence budget of {budget} tokens: raise the budget.")
            else:
                notices.append("no passages match: check the collection, its ready sources, the filters and the mode.")
        elif skipped:
            notices.append(f"{skipped} more matching passage(s) did not fit the evidence budget of {budget} tokens.")
        tokens = sum(p.tokens for p in passages)
        return SearchResult(plan.mode, passages, tokens, " ".join(notices))


#: The plan's vector while the query is being embedded on another thread.
_ON_ITS_WAY = np.zeros(0, dtype=np.float32)

_LANES: ThreadPoolExecutor | None = None
_LANES_LOCK = threading.Lock()


def _lanes() -> ThreadPoolExecutor:
    """The threads that score vectors beside keyword searches (created on first use)."""
    global _LANES
    with _LANES_LOCK:
        if _LANES is None:
            _LANES = ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2), thread_name_prefix="store-vectors")
        return _LANES


_BLAS: Any = None


def _one_blas_thread(call: Callable[[], _T]) -> _T:
    """Run ``call`` with NumPy's BLAS limited to one thread (threadpoolctl), when available."""
    global _BLAS
    if _BLAS is None:
        try:
            from threadpoolctl import ThreadpoolController

            _BLAS = ThreadpoolController()
        except ImportError:
            _BLAS = False
    if _BLAS is False:
        return call()
    with _BLAS.limit(limits=1, user_api="blas"):
        return call()


def _mode(mode: object) -> SearchMode:
    try:
        return SearchMode(mode)
    except ValueError:
        raise InvalidRequestError(
            f"mode must be one of {', '.join(m.value for m in SearchMode)}, got {mode!r}"
        ) from None


def _fit(tx: Tx, ranked: Sequence[tuple[int, float]], limit: int, budget: int) -> tuple[list[tuple[int, float]], int]:
    """Take passages best first while they fit; (chosen, how many matching ones were skipped)."""
    if not ranked:
        return [], 0
    pks = [pk for pk, _ in ranked]
    tokens: dict[int, int] = {}
    for start in range(0, len(pks), 500):
        part = pks[start : start + 500]
        for pk, tok in tx.rows(f"SELECT pk, tokens FROM passages WHERE pk IN ({placeholders(len(part))})", part):
            tokens[int(pk)] = int(tok)
    chosen: list[tuple[int, float]] = []
    skipped = 0
    used = 0
    for pk, score in ranked:
        if pk not in tokens:
            continue
        if len(chosen) >= limit:
            break
        if used + tokens[pk] > budget:
            skipped += 1
            continue
        chosen.append((pk, score if math.isfinite(score) else 0.0))
        used += tokens[pk]
    return chosen, skipped


def _passage_rows(tx: Tx, pks: Sequence[int]) -> dict[int, tuple[Any, ...]]:
    if not pks:
        return {}
    rows = tx.rows(
        f"SELECT {PASSAGE_COLUMNS} FROM passages p JOIN documents d ON d.id = p.document_id WHERE p.pk IN ({placeholders(len(pks))})",
        list(pks),
    )
    return {int(r[0]): r for r in rows}
