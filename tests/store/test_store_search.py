"""Search: the four modes, reciprocal rank fusion, the evidence budget, filters and hostile queries."""

from __future__ import annotations

import threading

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_helpers import (
    ALICE,
    BOB,
    ingest,
    page_html,
    prices_md,
    review_bytes,
    terms_md,
    texts,
)

import dan
import ven
from demo.store import (
    EmbeddingMismatchError,
    HashingProvider,
    InvalidRequestError,
    NoEmbeddingsError,
    NotFoundError,
    SearchMode,
)
from demo.store.search import KEYWORD_DOCUMENTS, RRF_K, keyword_documents, make_scope, rrf, within_documents


@pytest.fixture
def loaded(store):
    cid = store.create_collection("Mixed", ALICE).id
    docs = {
        "terms": ingest(store, cid, "terms.md", terms_md()),
        "prices": ingest(store, cid, "prices.md", prices_md()),
        "review": ingest(store, cid, "review.docx", review_bytes()),
        "page": ingest(store, cid, "page.html", page_html()),
    }
    assert all(j.version_id for j in docs.values())
    return store, cid, docs


@pytest.mark.parametrize("mode", ["keyword", "semantic", "hybrid", "auto"])
def test_each_mode_finds_the_passage_that_answers(loaded, mode):
    store, cid, docs = loaded
    res = store.search(cid, "How long is the warranty for the cranes?", ALICE, mode=mode)
    assert res.mode == (SearchMode.HYBRID if mode == "auto" else SearchMode(mode))
    assert res.passages, res.notice
    top = res.passages[0]
    assert top.document_id == docs["terms"].document_id and "twenty-four months" in top.text
    assert [p.score for p in res.passages] == sorted((p.score for p in res.passages), reverse=True)


def test_passages_carry_everything_a_citation_and_ven_need(loaded):
    store, cid, docs = loaded
    res = store.search(cid, "liability capped at the annual fees", ALICE, mode="keyword")
    p = res.passages[0]
    assert p.document_id == docs["review"].document_id and p.version_id == docs["review"].version_id
    assert p.collection_id == cid and p.file_name == "review.docx"
    assert p.id == f"{p.version_id}-{p.seq}" and p.record["ssDocId"] == p.document_id
    assert p.locator.startswith("Review agreement · Liability · p. ")
    assert p.tokens == p.record["ssTokens"] == dan.count_tokens(p.text)
    assert store.get_passage(cid, p.id, ALICE).text == p.text
    records = [dict(x.record) for x in store.list_passages(cid, p.document_id, ALICE)]
    with ven.Ven(records).begin_expansion([p.seq]) as exp:  # the record is enough for ven
        exp.add_related_chunks(budget=1000)
        assert p.seq in exp.seqs


def test_hybrid_is_reciprocal_rank_fusion_of_both_rankings(loaded):
    store, cid, _ = loaded
    query = "payment interest late invoices"
    scope = make_scope(cid)
    s = store.searcher
    with store.backend.read() as tx:
        for mode in (SearchMode.KEYWORD, SearchMode.SEMANTIC, SearchMode.HYBRID):
            vector, _ = s.embed_query(query, mode)
            plans = {mode: s.plan(tx, scope, query, mode, vector, "")}
            if mode == SearchMode.KEYWORD:
                keyword = s.ranked(tx, scope, plans[mode])
            elif mode == SearchMode.SEMANTIC:
                semantic = s.ranked(tx, scope, plans[mode])
            else:
                hybrid = s.ranked(tx, scope, plans[mode])
        docs = keyword_documents(tx, keyword)
        within = make_scope(cid, include_documents=docs)
        scoped = s.ranked(tx, within, s.plan(tx, within, query, SearchMode.SEMANTIC, vector, ""))
    assert len(keyword) > 1 and len(semantic) > 1 and 1 <= len(docs) <= KEYWORD_DOCUMENTS
    led = within_documents(semantic, scoped)  # the keyword lane's documents lead the semantic lane
    assert sorted(led) == sorted(semantic) and {pk for pk, _ in led[: len(scoped)]} == {pk for pk, _ in scoped}
    assert len(docs) < 4 and led != semantic  # (so the fusion below tells the two apart)
    expected: dict[int, float] = {}
    for ranking in (keyword, led):
        for rank, (pk, _) in enumerate(ranking, start=1):
            expected[pk] = expected.get(pk, 0.0) + 1 / (RRF_K + rank)
    assert {pk: round(sc, 12) for pk, sc in hybrid} == {pk: round(sc, 12) for pk, sc in expected.items()}
    assert [sc for _, sc in hybrid] == sorted((sc for _, sc in hybrid), reverse=True)


@pytest.mark.parametrize("mode", ["hybrid", "auto"])
def test_public_hybrid_search_returns_the_fusion_of_both_lanes(loaded, mode):
    """search() embeds the query beside the keyword search (SQLite) or before it (PostgreSQL):
    either way its passages are the fused ranking, best first."""
    store, cid, _ = loaded
    query = "payment interest late invoices"
    s = store.searcher
    with store.backend.read() as tx:
        vector, _ = s.embed_query(query, SearchMode.HYBRID)
        fused = s.ranked(tx, make_scope(cid), s.plan(tx, make_scope(cid), query, SearchMode.HYBRID, vector, ""))
    res = store.search(cid, query, ALICE, mode=mode, limit=50, budget=16000)
    assert res.mode == SearchMode.HYBRID and len(res.passages) == min(50, len(fused)) > 1
    assert [round(p.score, 12) for p in res.passages] == [round(sc, 12) for _, sc in fused][: len(res.passages)]


def test_sqlite_embeds_the_query_while_the_full_text_search_runs(loaded, monkeypatch):
    """The query's embedding waits for the keyword search to start; made first, it would
    time out and the search would fail."""
    store, cid, _ = loaded
    if not store.backend.vectors_in_process:
        pytest.skip("PostgreSQL scores vectors in the database: the query is embedded first")
    started = threading.Event()
    keyword, embed = store.backend.keyword, store.searcher.provider.embed_query

    def keyword_then_wait(*args, **kwargs):  # type: ignore[no-untyped-def]
        started.set()
        return keyword(*args, **kwargs)

    def embed_once_keyword_started(text):  # type: ignore[no-untyped-def]
        if not started.wait(10):
            raise TimeoutError("the keyword search never started")
        return embed(text)

    monkeypatch.setattr(store.backend, "keyword", keyword_then_wait)
    monkeypatch.setattr(store.searcher.provider, "embed_query", embed_once_keyword_started)
    res = store.search(cid, "payment interest late invoices", ALICE, mode="hybrid")
    assert res.mode == SearchMode.HYBRID and res.passages and started.is_set()


def test_hybrid_with_a_query_the_model_cannot_represent_is_the_keyword_lane(loaded):
    store, cid, _ = loaded
    vector, notice = store.searcher.embed_query("?!", SearchMode.HYBRID)
    assert vector is None and "nothing the embedding model can compare" in notice
    res = store.search(cid, "?!", ALICE, mode="hybrid")
    assert res.mode == SearchMode.HYBRID and res.passages == ()
    assert "nothing the embedding model can compare" in res.notice and "no words to match" in res.notice


@given(st.lists(st.lists(st.integers(0, 40), unique=True, max_size=12), min_size=1, max_size=3))
def test_rrf_scores_and_order(rankings):
    fused = rrf([[(pk, 0.0) for pk in r] for r in rankings])
    want: dict[int, float] = {}
    for r in rankings:
        for i, pk in enumerate(r, start=1):
            want[pk] = want.get(pk, 0.0) + 1.0 / (60 + i)
    assert dict(fused) == pytest.approx(want)
    assert [s for _, s in fused] == sorted((s for _, s in fused), reverse=True)
    assert len(fused) == len(want)


def test_the_evidence_budget_and_limit(loaded):
    store, cid, _ = loaded
    wide = store.search(cid, "part bearing price weeks", ALICE, mode="keyword", limit=50, budget=16000)
    assert len(wide.passages) > 3
    assert wide.estimated_tokens == sum(p.tokens for p in wide.passages)
    tight = store.search(cid, "part bearing price weeks", ALICE, mode="keyword", limit=50, budget=200)
    assert tight.estimated_tokens <= 200 and len(tight.passages) < len(wide.passages)
    assert "did not fit the evidence budget of 200 tokens" in tight.notice
    assert all(p.id in {w.id for w in wide.passages} for p in tight.passages)
    two = store.search(cid, "part bearing price weeks", ALICE, mode="keyword", limit=2, budget=16000)
    assert [p.id for p in two.passages] == [p.id for p in wide.passages[:2]]
    default = store.search(cid, "part bearing price weeks", ALICE, mode="keyword")
    assert len(default.passages) <= 6 and default.estimated_tokens <= 2400


@pytest.mark.parametrize(
    "kwargs,match",
    [
        ({"limit": 0}, "limit"),
        ({"limit": 51}, "limit"),
        ({"limit": True}, "limit"),
        ({"budget": 127}, "budget"),
        ({"budget": 16001}, "budget"),
        ({"mode": "fuzzy"}, "mode"),
        ({"filters": {"ssSect": True}}, "str or int"),
        ({"filters": {"bad key": 1}}, "record field name"),
        ({"filters": {"ssSect": [1]}}, "str or int"),
        ({"filters": "ssSect=1"}, "mapping"),
        ({"include_documents": "D1"}, "list of document ids"),
        ({"exclude_documents": [""]}, "document ids"),
        ({"version_id": ""}, "version id"),
        ({"include_documents": [f"D{i}" for i in range(1001)]}, "at most 1,000"),
    ],
)
def test_bad_search_arguments_are_clear_errors(loaded, kwargs, match):
    store, cid, _ = loaded
    with pytest.raises(InvalidRequestError, match=match):
        store.search(cid, "warranty", ALICE, **kwargs)


@pytest.mark.parametrize("query,match", [("", "empty"), ("   \x00  ", "empty"), ("x" * 4001, "4,000"), (None, "str"), (42, "str")])
def test_bad_queries_are_clear_errors(loaded, query, match):
    store, cid, _ = loaded
    with pytest.raises(InvalidRequestError, match=match):
        store.search(cid, query, ALICE)  # type: ignore[arg-type]


HOSTILE = [
    '"',
    '""""',
    "warranty*",
    "NEAR(warranty cranes)",
    "warranty OR AND NOT",
    "text:warranty",
    "^warranty",
    "'; DROP TABLE passages; --",
    "warranty\x00cranes",
    "\ud800warranty",
    "war%ranty_",
    "warranty & cranes | !months <-> (x)",
    "a:* & b:*",
    "\\",
    "{warranty}",
    "🏗️ cranes 保証",
    "-warranty +cranes",
    "(((((((((((",
    "x" * 4000,
    ". , ; : ! ?" * 300,
]


@pytest.mark.parametrize("mode", ["keyword", "hybrid"])
@pytest.mark.parametrize("query", HOSTILE, ids=range(len(HOSTILE)))
def test_hostile_queries_are_data_not_syntax(loaded, mode, query):
    store, cid, docs = loaded
    res = store.search(cid, query, ALICE, mode=mode)
    assert res.estimated_tokens <= 2400
    if "warranty" in query and "cranes" in query and mode == "keyword":
        assert res.passages and res.passages[0].document_id == docs["terms"].document_id
    with store.backend.read() as tx:
        assert tx.value("SELECT count(*) FROM passages") > 0  # nothing was dropped


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(min_size=1, max_size=300))
def test_any_text_is_a_safe_query(loaded, query):
    store, cid, _ = loaded
    try:
        res = store.search(cid, query, ALICE, mode="keyword")
    except InvalidRequestError as exc:
        assert "empty" in str(exc)  # only a query with nothing in it is refused
        return
    assert res.estimated_tokens <= 2400


def test_filters_on_record_fields_are_typed_equalities(loaded):
    store, cid, docs = loaded
    review = docs["review"].document_id
    sect2 = store.search(cid, "liability fees supplier", ALICE, mode="keyword", limit=50, filters={"ssSect": 2})
    assert sect2.passages and all(p.record["ssSect"] == 2 for p in sect2.passages)
    assert not store.search(cid, "liability fees supplier", ALICE, mode="keyword", filters={"ssSect": "2"}).passages
    revs = store.search(cid, "fees supplier", ALICE, mode="hybrid", limit=50, filters={"has_revisions": "yes"})
    assert revs.passages and all(p.record["has_revisions"] == "yes" and p.document_id == review for p in revs.passages)
    sem = store.search(cid, "fees supplier", ALICE, mode="semantic", limit=50, filters={"has_revisions": "yes", "ssSect": 1})
    assert sem.passages and all(p.record["ssSect"] == 1 and p.record["has_revisions"] == "yes" for p in sem.passages)
    none = store.search(cid, "fees", ALICE, filters={"no_such_field": "x"})
    assert none.passages == () and "no passages match" in none.notice


@pytest.mark.parametrize("mode", ["keyword", "semantic", "hybrid"])
def test_document_and_version_scopes(loaded, mode):
    store, cid, docs = loaded
    terms, prices = docs["terms"], docs["prices"]
    inc = store.search(cid, "payment price", ALICE, mode=mode, limit=50, include_documents=[prices.document_id])
    assert inc.passages and {p.document_id for p in inc.passages} == {prices.document_id}
    exc = store.search(cid, "payment price", ALICE, mode=mode, limit=50, exclude_documents=[prices.document_id])
    assert exc.passages and prices.document_id not in {p.document_id for p in exc.passages}
    empty = store.search(cid, "payment price", ALICE, mode=mode, include_documents=[])
    assert empty.passages == ()  # an empty include set matches nothing, never everything
    ver = store.search(cid, "payment price", ALICE, mode=mode, limit=50, version_id=terms.version_id)
    assert ver.passages and {p.version_id for p in ver.passages} == {terms.version_id}
    with pytest.raises(NotFoundError, match="not an active version"):
        store.search(cid, "payment", ALICE, mode=mode, version_id="VNOSUCH")


def test_modes_without_embeddings_or_with_other_vectors(db_url, make_store):
    plain = make_store(embeddings="none")
    cid = plain.create_collection("Plain", ALICE).id
    ingest(plain, cid, "terms.md", terms_md())
    res = plain.search(cid, "warranty cranes", ALICE)
    assert res.mode == SearchMode.KEYWORD and res.passages
    for mode in ("semantic", "hybrid"):
        with pytest.raises(NoEmbeddingsError, match="without an embedding provider"):
            plain.search(cid, "warranty", ALICE, mode=mode)
    embedding = make_store(embeddings=HashingProvider(dims=48))
    auto = embedding.search(cid, "warranty cranes", ALICE)
    assert auto.mode == SearchMode.KEYWORD and "reindexed" in auto.notice and auto.passages
    with pytest.raises(EmbeddingMismatchError, match="terms.md"):
        embedding.search(cid, "warranty", ALICE, mode="semantic")
    embedding.reindex_collection(cid, ALICE)
    while embedding.process_next():
        pass
    assert embedding.search(cid, "warranty cranes", ALICE).mode == SearchMode.HYBRID
    with pytest.raises(EmbeddingMismatchError):
        make_store(embeddings=HashingProvider(dims=64)).search(cid, "warranty", ALICE, mode="hybrid")


class BrokenQueries(HashingProvider):
    def embed_query(self, text):  # type: ignore[no-untyped-def]
        raise TimeoutError("embedding server timed out")


def test_a_failing_query_embedding_falls_back_in_auto_mode_only(db_url, make_store):
    s = make_store()
    cid = s.create_collection("Fallback", ALICE).id
    ingest(s, cid, "terms.md", terms_md())
    broken = make_store(embeddings=BrokenQueries(dims=64))
    res = broken.search(cid, "warranty cranes", ALICE)
    assert res.mode == SearchMode.KEYWORD and "could not be embedded" in res.notice and res.passages
    from demo.store import EmbeddingUnavailableError

    for mode in ("semantic", "hybrid"):
        with pytest.raises(EmbeddingUnavailableError, match="timed out"):
            broken.search(cid, "warranty", ALICE, mode=mode)


def test_an_empty_collection_and_a_query_without_words(store):
    cid = store.create_collection("Empty", ALICE).id
    res = store.search(cid, "anything", ALICE)
    assert res.passages == () and "no passages match" in res.notice
    ingest(store, cid, "terms.md", terms_md())
    punct = store.search(cid, "?!...", ALICE, mode="keyword")
    assert punct.passages == () and "no words to match" in punct.notice
    assert store.search(cid, "?!...", ALICE, mode="semantic").mode == SearchMode.SEMANTIC


def test_cjk_and_accents(store):
    cid = store.create_collection("Unicode", ALICE).id
    ingest(store, cid, "fr.md", "# Résumé\n\nLa garantie des grues est de vingt-quatre mois.".encode())
    res = store.search(cid, "resume garantie", ALICE, mode="keyword")
    assert res.passages and "garantie" in texts(res.passages)  # accents folded both ways


def test_common_words_are_left_out_of_large_keyword_matches(store, monkeypatch):
    """The pruning rules of big databases, forced on a small one: the rare word still ranks
    its passage first, a query of only common words still finds passages, and a count
    cached before the word existed never drops it."""
    cid = store.create_collection("Pruned", ALICE).id
    for i in range(6):
        ingest(store, cid, f"n{i}.md", f"# Note {i}\n\nThe supplier ships goods every week. Item {i}.".encode())
    ingest(store, cid, "rare.md", b"# Rare\n\nThe supplier ships a zebra crossing sign.")
    if store.backend.dialect == "sqlite":
        import demo.store.sqlite as backend_module

        monkeypatch.setattr(backend_module, "PRUNE_FROM", 1)
        monkeypatch.setattr(backend_module, "COMMON_SHARE", 0.5)
        b = store.backend
        with b.read() as tx:
            total = b.active_set(tx, cid).chunks
        b._terms[(backend_module._fts_table(cid), "zebra")] = (0, total)  # a stale count, from before any passage held 'zebra'
    else:
        import demo.store.postgres as backend_module

        monkeypatch.setattr(backend_module, "CANDIDATE_ROWS", 2)
    top = store.search(cid, "supplier ships zebra", ALICE, mode="keyword")
    assert top.passages and top.passages[0].file_name == "rare.md"
    common = store.search(cid, "supplier ships goods", ALICE, mode="keyword", limit=50)
    assert len(common.passages) >= 1


def test_postgres_keeps_its_document_counts_per_lexeme_exact(pg_url):
    """The lexemes table (IDF for keyword ranking) follows activations, replacements and deletions."""
    from store_helpers import OPTIONS, provider

    from demo.store import KnowledgeStore

    with KnowledgeStore(pg_url, options=OPTIONS, embeddings=provider()) as s:
        cid = s.create_collection("Counts", ALICE).id
        other = s.create_collection("Other", ALICE).id

        def check() -> None:
            with s.backend.read() as tx:
                kept = dict(tx.rows("SELECT lexeme, df FROM lexemes WHERE collection_id = ?", [cid]))
                real = dict(tx.rows("SELECT word, ndoc FROM ts_stat(?)", [f"SELECT tsv FROM passages WHERE collection_id = '{cid}'"]))
            assert kept == real

        a = ingest(s, cid, "terms.md", terms_md("alpha"))
        ingest(s, cid, "prices.md", prices_md())
        ingest(s, other, "terms.md", terms_md("elsewhere"))
        check()
        ingest(s, cid, "terms.md", terms_md("beta"))  # replaced
        check()
        s.delete_source(cid, a.document_id, ALICE)
        check()
        s.delete_collection(other, ALICE)
        with s.backend.read() as tx:
            assert tx.value("SELECT count(*) FROM lexemes WHERE collection_id = ?", [other]) == 0


def test_keyword_scores_are_the_collections_own(db_url, make_store):
    """BM25 statistics are per collection: what other collections hold changes neither the
    scores nor the order of a collection's passages (they would leak its vocabulary)."""
    s = make_store()
    mine = s.create_collection("Mine", ALICE).id
    ingest(s, mine, "a.md", b"# A\n\nThe alpha report mentions nightingale once.")
    ingest(s, mine, "b.md", b"# B\n\nThe alpha report mentions zzqq once.")
    before = [(p.file_name, p.score) for p in s.search(mine, "nightingale zzqq", ALICE, mode="keyword").passages]
    theirs = s.create_collection("Theirs", BOB).id
    for i in range(5):
        ingest(s, theirs, f"n{i}.md", f"# N{i}\n\nNightingale nightingale notes {i}.".encode(), BOB)
    after = [(p.file_name, p.score) for p in s.search(mine, "nightingale zzqq", ALICE, mode="keyword").passages]
    assert after == before


def test_the_keyword_lanes_documents_lead_the_semantic_lane():
    semantic = [(1, 0.9), (2, 0.8), (3, 0.7), (4, 0.6)]
    scoped = [(3, 0.7), (4, 0.6), (9, 0.1)]  # the same query within the keyword lane's documents
    assert within_documents(semantic, scoped) == [(3, 0.7), (4, 0.6), (9, 0.1), (1, 0.9), (2, 0.8)]
    assert within_documents(semantic, []) == semantic  # no keyword documents: the lane as it was


def test_keyword_documents_are_those_of_the_first_keyword_hits_in_rank_order(loaded):
    store, cid, docs = loaded
    with store.backend.read() as tx:
        keyword = store.backend.keyword(tx, make_scope(cid), ("warranty", "cranes"), 50)
        first = keyword_documents(tx, keyword, n=1)
        assert first == (docs["terms"].document_id,)
        assert keyword_documents(tx, keyword)[0] == first[0] and len(keyword_documents(tx, keyword)) <= KEYWORD_DOCUMENTS
        assert keyword_documents(tx, []) == ()


def test_a_query_with_no_keyword_hits_keeps_the_semantic_ranking_in_hybrid_search(loaded):
    store, cid, _ = loaded
    s = store.searcher
    query = "zzqx vvbnm"  # words no passage holds
    with store.backend.read() as tx:
        vector, _ = s.embed_query(query, SearchMode.HYBRID)
        semantic = s.ranked(tx, make_scope(cid), s.plan(tx, make_scope(cid), query, SearchMode.SEMANTIC, vector, ""))
        hybrid = s.ranked(tx, make_scope(cid), s.plan(tx, make_scope(cid), query, SearchMode.HYBRID, vector, ""))
    assert [pk for pk, _ in hybrid] == [pk for pk, _ in semantic][: len(hybrid)] and hybrid


@given(st.integers(1, 300), st.integers(0, 2**32 - 1), st.floats(0.0, 1.0), st.integers(1, 60))
@settings(max_examples=100, deadline=None)
def test_a_narrow_vector_scope_ranks_as_the_whole_collection_masked(rows, seed, share, n):
    """Scoring only a narrow scope's rows (fewer than half) gives the ranking that scoring
    every row and keeping the scope's gives: same passages, same order, same scores."""
    import numpy as np

    from demo.store.vectors import _Snapshot, _top

    rng = np.random.default_rng(seed)
    matrix = rng.normal(size=(rows, 8)).astype(np.float32)
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    pks = rng.permutation(rows * 3)[:rows].astype(np.int64)
    ok = rng.random(rows) < share
    if not ok.any():
        ok[0] = True
    query = rng.normal(size=8).astype(np.float32)
    whole = matrix @ query
    expected = sorted(((int(pks[i]), float(whole[i])) for i in np.flatnonzero(ok)), key=lambda x: (-x[1], x[0]))[:n]
    got = _top(_Snapshot((), 0, "x", np.ascontiguousarray(matrix), pks, {}), ok, query, n=n)
    assert [pk for pk, _ in got] == [pk for pk, _ in expected]
    assert np.allclose([sc for _, sc in got], [sc for _, sc in expected], atol=1e-6)
