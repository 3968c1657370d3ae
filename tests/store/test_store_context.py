"""The context line a passage is indexed with (StoreOptions.index_context, demo.store.context):
built from the record alone and bounded, embedded ("embedding") and also indexed for full
text ("both") on both backends but never returned as the passage's text, recorded in the
embedding identity and the processing configuration so a change reindexes."""

from __future__ import annotations

import sqlite3

import attrs

import dan
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from store_helpers import ALICE, OPTIONS, drain, provider

from demo.store import EmbeddingMismatchError, HashingProvider, InvalidRequestError, JobState, KnowledgeStore, StoreOptions
from demo.store.context import CONTEXT_SETTING, MAX_CHARS, context_line, indexed_identity, indexed_text
from demo.store.embedding import EmbeddingIdentity

ON = StoreOptions(max_tokens=OPTIONS.max_tokens, index_context="both")

RECORD = {
    "ssTitle": "Supply Agreement",
    "section_path": "Supply Agreement > 5 Payment > 5.2 Late fees",
    "page_range": "6-7",
    "ssPage": 6,
    "ssPageLast": 7,
    "ssTableHeads": "Item; Unit price; Item",
    "ssRevAuthors": "Ann Editor; Bob Lawyer",
    "ssComAuthors": "Carol Reviewer",
}


def test_the_line_names_title_section_page_columns_and_authors() -> None:
    assert context_line(RECORD) == (
        "Supply Agreement · 5 Payment > 5.2 Late fees · page 6-7 · columns: Item, Unit price · "
        "revised by: Ann Editor, Bob Lawyer · comments by: Carol Reviewer"
    )


def test_the_line_says_only_what_the_record_has() -> None:
    assert context_line({}) == ""
    assert context_line({"ssPage": 3, "ssPageLast": 3}) == "page 3"
    assert context_line({"ssPage": 3, "ssPageLast": 5, "doc_title": "T"}) == "T · page 3-5"
    assert context_line({"ssTitle": "Manual", "section_path": "Manual"}) == "Manual"
    assert context_line({"ssTitle": "", "section_path": "  A >\n B ", "ssComAuthors": " ; ;"}) == "A > B"


def test_the_line_of_real_dan_records() -> None:
    md = b"# Price list\n\n## Pumps\n\n| Model | Price |\n|---|---|\n| P1 | 10 |\n"
    (record,) = dan.convert(md, "markdown").records
    assert context_line(record) == "Price list · page 1 · columns: Model, Price"


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(sorted(RECORD)), st.one_of(st.text(max_size=300), st.integers(-5, 10**6)), max_size=8))
def test_the_line_is_bounded_and_one_line(record: dict[str, object]) -> None:
    line = context_line(record)
    assert len(line) <= MAX_CHARS and "\n" not in line and line == line.strip()


def test_what_is_indexed_and_the_identity() -> None:
    assert indexed_text("", "body") == "body" and indexed_text("ctx", "body") == "ctx body"
    ident = EmbeddingIdentity("m", 8, "mean")
    assert indexed_identity(ident, False) is ident
    on = indexed_identity(ident, True)
    assert on.settings == f"mean;{CONTEXT_SETTING}" and on.key != ident.key and on.dimensions == 8
    assert indexed_identity(EmbeddingIdentity("m", 8), True).settings == CONTEXT_SETTING
    for bad in (True, "on", ""):
        with pytest.raises(InvalidRequestError, match="index_context"):
            StoreOptions(index_context=bad)  # type: ignore[arg-type]


def _chunks(section: str = "Zanzibar clauses", body: str = "Invoices are payable within thirty days.") -> list[dict]:
    """Pre-chunked dan output whose record names a section the text never mentions."""
    res = dan.convert(f"Preamble.\n\n{body}\n".encode(), "text", doc_id="CTX", max_tokens=96)
    return [{"text": t, "record": {**r, "section_path": section}} for t, r in res]


def _ingest_chunks(store: KnowledgeStore, cid: str, name: str = "c.json", **kw: str) -> None:
    job_id = store.enqueue_chunks(cid, name, _chunks(**kw), ALICE)
    drain(store)
    assert store.get_job(cid, job_id, ALICE).state == JobState.READY


class Recording(HashingProvider):
    """The tests' hashing provider, keeping what it was given to embed."""

    def __init__(self) -> None:
        super().__init__(dims=provider().identity.dimensions)
        self.embedded: list[str] = []

    def embed_documents(self, texts):  # type: ignore[no-untyped-def]
        self.embedded += list(texts)
        return super().embed_documents(texts)


@pytest.mark.parametrize("mode", ["off", "embedding", "both"])
def test_the_line_is_embedded_and_searched_but_never_shown(make_store, mode: str) -> None:  # type: ignore[no-untyped-def]
    store = make_store(options=attrs.evolve(OPTIONS, index_context=mode), embeddings=Recording())
    on = mode != "off"
    cid = store.create_collection("C", ALICE).id
    _ingest_chunks(store, cid)
    hits = store.search(cid, "zanzibar", ALICE, mode="keyword")
    assert bool(hits.passages) == (mode == "both")
    (source,) = store.list_sources(cid, ALICE)
    stored = store.list_passages(cid, source.document_id, ALICE)
    assert stored and not any("anzibar" in p.text for p in stored)
    assert all("anzibar" not in p.text for p in hits.passages)
    assert source.embedding == store.embedding_identity
    assert store.embedding_identity.endswith(CONTEXT_SETTING) == on
    # what was embedded: the line and the text (the text alone when off)
    lines = [context_line(c["record"]) if on else "" for c in _chunks()]
    assert store.provider.embedded == [indexed_text(line, c["text"]) for line, c in zip(lines, _chunks())]
    assert store.provider.embedded and all(("Zanzibar clauses" in t) == on for t in store.provider.embedded)


def test_changing_the_option_reindexes(make_store) -> None:  # type: ignore[no-untyped-def]
    off = make_store(options=attrs.evolve(OPTIONS, index_context="off"))
    cid = off.create_collection("C", ALICE).id
    _ingest_chunks(off, cid)
    on = make_store(options=ON)
    assert on.config != off.config and on.embedding_identity != off.embedding_identity
    with pytest.raises(EmbeddingMismatchError):
        on.search(cid, "zanzibar", ALICE, mode="semantic")
    assert not on.search(cid, "zanzibar", ALICE, mode="keyword").passages
    assert len(on.reindex_collection(cid, ALICE).job_ids) == 1
    drain(on)
    assert on.search(cid, "zanzibar", ALICE, mode="semantic").passages
    assert on.search(cid, "zanzibar", ALICE, mode="keyword").passages
    assert on.reindex_collection(cid, ALICE).job_ids == ()
    # embedding alone: the same vectors' identity, another configuration (full text differs)
    embedding = make_store(options=attrs.evolve(OPTIONS, index_context="embedding"))
    assert embedding.embedding_identity == on.embedding_identity and embedding.config != on.config
    assert len(embedding.reindex_collection(cid, ALICE).job_ids) == 1
    drain(embedding)
    assert not embedding.search(cid, "zanzibar", ALICE, mode="keyword").passages


def test_a_replaced_version_leaves_no_word_of_its_line(make_store, db_url) -> None:  # type: ignore[no-untyped-def]
    store = make_store(options=ON)
    cid = store.create_collection("C", ALICE).id
    _ingest_chunks(store, cid)
    _ingest_chunks(store, cid, section="Quokka terms", body="Deliveries arrive within six weeks.")
    assert not store.search(cid, "zanzibar", ALICE, mode="keyword").passages
    assert store.search(cid, "quokka", ALICE, mode="keyword").passages
    if store.backend.dialect == "sqlite":  # the full-text index itself forgot the old rows
        with sqlite3.connect(db_url) as conn:
            table = "fts_" + cid.lower()
            found = conn.execute(f"SELECT rowid FROM {table} WHERE {table} MATCH 'zanzibar'").fetchall()
            assert found == []
            live = conn.execute(f"SELECT count(*) FROM {table} WHERE {table} MATCH 'quokka'").fetchone()[0]
            assert live == conn.execute("SELECT count(*) FROM passages WHERE context LIKE '%Quokka%'").fetchone()[0] > 0
        conn.close()


def test_the_options_store_and_provider_identity_agree(tmp_path) -> None:  # type: ignore[no-untyped-def]
    with KnowledgeStore(str(tmp_path / "k.db"), options=ON, embeddings=HashingProvider(dims=16)) as store:
        assert store.embedding_identity == indexed_identity(HashingProvider(dims=16).identity, True).key
        assert store.searcher.identity == store.embedding_identity
        assert '"index_context": "both"' in store.config
    with KnowledgeStore(str(tmp_path / "k.db"), options=ON, embeddings="none") as store:
        assert store.embedding_identity == "" and store.searcher.identity == ""


def test_the_default_is_off_and_off_keeps_the_providers_identity(tmp_path) -> None:  # type: ignore[no-untyped-def]
    # (off by default: a store written before the option keeps its sources' identity)
    assert StoreOptions().index_context == "off"
    off = attrs.evolve(OPTIONS, index_context="off")
    with KnowledgeStore(str(tmp_path / "k.db"), options=off, embeddings=provider()) as store:
        assert store.embedding_identity == provider().identity.key
        assert '"index_context": "off"' in store.config
