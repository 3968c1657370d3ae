"""Units of the store that need no database: names, queries, locators, URLs, options, vectors."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from demo.store import (
    AccessContext,
    AskOptions,
    EmbeddingIdentity,
    HashingProvider,
    InvalidRequestError,
    InvalidVectorError,
    LangChainProvider,
    OpenAIProvider,
    OwnerPolicy,
    StoreOptions,
    validate_vector,
)
from demo.store.text import (
    clean_file_name,
    clean_name,
    clean_query,
    locator,
    query_terms,
)
from demo.store.url import open_backend, redact


def test_query_terms_are_words_only():
    assert query_terms("What is the WARRANTY for cranes?") == ["warranty", "cranes"]
    assert query_terms("the who") == ["the", "who"]  # only stopwords: keep them
    assert query_terms('"NEAR(a b)" OR c:* ^d') == ["near", "b", "c", "d"]  # 'a' and 'or' are stopwords
    assert query_terms("x " * 100) == ["x"]
    assert len(query_terms(" ".join(f"w{i}" for i in range(100)))) == 32
    assert query_terms("garantie für Kräne 保証") == ["garantie", "für", "kräne", "保証"]


@given(st.text(max_size=200))
def test_query_terms_never_carry_syntax(text):
    for term in query_terms(text):
        assert term and all(ch.isalnum() for ch in term), term


def test_clean_query():
    assert clean_query("  a\x00b\tc  ") == "a b c"
    assert clean_query("\ud800x") == "\ufffdx"
    with pytest.raises(InvalidRequestError, match="4,000"):
        clean_query("a" * 4001)
    clean_query("a" * 4000)


def test_clean_names():
    assert clean_name("  Board   minutes ") == "Board minutes"
    assert clean_file_name(" report.docx ") == "report.docx"
    assert clean_file_name("Re\u0301sume\u0301.md") == "Résumé.md"  # NFC
    for bad in ("a/b", "..", "x\x7f.md"):
        with pytest.raises(InvalidRequestError):
            clean_file_name(bad)


def test_locator():
    rec = {"ssTitle": "MSA", "section_path": "Fees > Late", "page_range": "3-4", "ssPageKind": "rendered", "ssType": "body"}
    assert locator(rec) == "MSA · Fees > Late · p. 3-4"
    assert locator({**rec, "ssPageKind": "estimated", "ssType": "footnote"}) == "MSA · Fees > Late · footnote · p. 3-4 (est.)"
    assert locator({"ssTitle": "", "ssPage": 2}, "notes.txt") == "notes.txt · p. 2"
    assert locator({"ssTitle": "Fees", "section_path": "Fees", "page_range": "1"}) == "Fees · p. 1"
    # a document whose title is its first heading: the section path starts with the title
    assert locator({"ssTitle": "Policy", "section_path": "Policy > 9. Incidents", "page_range": "4"}) == "Policy · 9. Incidents · p. 4"
    assert locator({"ssTitle": "Policy", "section_path": "Policy Review > 2", "page_range": "4"}) == "Policy · Policy Review > 2 · p. 4"


def test_database_urls(tmp_path):
    assert open_backend(str(tmp_path / "a.db")).dialect == "sqlite"
    assert open_backend(tmp_path / "b.db").dialect == "sqlite"
    assert open_backend(f"sqlite:///{tmp_path}/c.db").path == f"{tmp_path}/c.db"  # type: ignore[attr-defined]
    for bad, match in (("", "empty"), ("sqlite://", "names no file"), ("sqlite:///:memory:", "in-memory"), ("mysql://x/y", "unsupported")):
        with pytest.raises(InvalidRequestError, match=match):
            open_backend(bad)
    assert redact("postgresql://kb:s3cret@db:5432/kb") == "postgresql://kb:***@db:5432/kb"
    assert redact("postgresql://kb@db/kb") == "postgresql://kb@db/kb"


def test_options_validate():
    assert StoreOptions().max_file_bytes == 32 * 1024 * 1024 and StoreOptions().max_pending_jobs == 32
    assert StoreOptions().max_chunks == 10_000 and StoreOptions().max_extracted_chars == 2_000_000
    limits = StoreOptions(max_chunks=7, max_file_bytes=99, max_extracted_chars=55).dan_limits()
    assert (limits.max_chunks, limits.max_input_bytes, limits.max_chars) == (7, 99, 55)
    for bad in ({"max_tokens": 8}, {"index_pct": 0}, {"index_pct": 101}, {"stale_after": 0}):
        with pytest.raises(InvalidRequestError):
            StoreOptions(**bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        StoreOptions(max_chunks="10")  # type: ignore[arg-type]
    for bad in ({"threshold": -1}, {"confidence": 101}, {"retrieval_pct": 200}, {"max_tokens": 127}):
        with pytest.raises(InvalidRequestError):
            AskOptions(**bad)  # type: ignore[arg-type]
    assert AskOptions(max_tokens=None).max_tokens is None


def test_validate_vector():
    out = validate_vector([3.0, 4.0], 2)
    assert out.dtype == np.float32 and np.allclose(out, [0.6, 0.8])
    for bad, match in (([1.0], "shape"), ([0.0, 0.0], "zero norm"), ([math.inf, 1.0], "NaN or infinite"), ([math.nan, 1], "NaN"), ("ab", "shape|numbers"), ([[1, 2]], "shape")):
        with pytest.raises(InvalidVectorError, match=match):
            validate_vector(bad, 2)


def test_embedding_identities_and_providers():
    a = HashingProvider(dims=64)
    assert a.identity == HashingProvider(dims=64).identity and a.identity != HashingProvider(dims=32).identity
    assert a.identity.key == "hashing-crc32-v1|64|unigrams+bigrams;log-tf;l2"
    assert len(a.embed_query("warranty")) == 64 and len(a.embed_documents(["a b", "c"])) == 2
    for bad in ({"model": "", "dimensions": 3}, {"model": "a|b", "dimensions": 3}, {"model": "m", "dimensions": 0}):
        with pytest.raises(InvalidRequestError):
            EmbeddingIdentity(**bad)  # type: ignore[arg-type]

    class Stub:
        class embeddings:
            @staticmethod
            def create(model, input, dimensions):  # type: ignore[no-untyped-def]
                from types import SimpleNamespace

                return SimpleNamespace(data=[SimpleNamespace(embedding=[1.0] * dimensions) for _ in input])

    o = OpenAIProvider(dimensions=8, client=Stub())
    assert o.identity.key == "openai:text-embedding-3-small|8|api-default" and o.embed_query("x") == [1.0] * 8
    from demo.embeddings import HashingEmbeddings

    lc = LangChainProvider(HashingEmbeddings(dims=16), EmbeddingIdentity("lc-hash", 16))
    assert len(lc.embed_query("x")) == 16
    with pytest.raises(InvalidRequestError):
        LangChainProvider(HashingEmbeddings(dims=16), "lc-hash")  # type: ignore[arg-type]


def test_owner_policy():
    from demo.store import KnowledgeCollection

    col = KnowledgeCollection("C1", "x", "alice", 0.0)
    policy = OwnerPolicy()
    assert policy.can_access(AccessContext("alice"), col, True) is True
    for who in (None, "", "Alice", "bob"):
        assert policy.can_access(AccessContext(who), col, False) is False


def test_informative_words_follow_share_postings_and_count_bounds(monkeypatch):
    import demo.store.sqlite as backend

    monkeypatch.setattr(backend, "MAX_POSTINGS", 100)
    counts = {"zebra": 3, "crossing": 40, "sign": 60, "supplier": 90, "the": 900}
    # query order kept; 'sign' would take the postings to 43 + 60 > 100; 'the' is over a quarter
    assert backend.informative(["the", "sign", "zebra", "crossing"], counts, 1000) == ["zebra", "crossing"]
    # the rarest word stays even when it alone is common and over the budget
    assert backend.informative(["the"], counts, 1000) == ["the"]
    assert backend.informative(["supplier", "the"], {"supplier": 500, "the": 900}, 1000) == ["supplier"]
    assert backend.informative([], counts, 1000) == []
    monkeypatch.setattr(backend, "MAX_MATCH_TERMS", 2)
    monkeypatch.setattr(backend, "MAX_POSTINGS", 10**9)
    assert backend.informative(["sign", "zebra", "crossing", "supplier"], counts, 1000) == ["zebra", "crossing"]


@given(
    st.dictionaries(st.text("abcdef", min_size=1, max_size=3), st.integers(0, 5000), min_size=1, max_size=40),
    st.integers(1, 20_000),
)
def test_informative_words_are_the_rarest_prefix_within_bounds(counts, total):
    import demo.store.sqlite as backend

    terms = list(counts)
    kept = backend.informative(terms, counts, total)
    rarest = min(terms, key=lambda t: (counts[t], t))
    assert rarest in kept and kept == [t for t in terms if t in kept]
    assert len(kept) <= backend.MAX_MATCH_TERMS
    others = [t for t in kept if t != rarest]
    assert all(counts[t] <= backend.COMMON_SHARE * total for t in others)
    assert not others or sum(counts[t] for t in kept) <= backend.MAX_POSTINGS
    # a prefix of the words by rarity: nothing left out is rarer than something kept
    left_out = [t for t in terms if t not in kept]
    assert all((counts[a], a) < (counts[b], b) for a in kept for b in left_out)


def test_provider_vectors_names_the_providers_failure():
    from demo.store import EmbeddingError, EmbeddingUnavailableError, HashingProvider, InvalidVectorError
    from demo.store.embedding import provider_vectors

    class Flaky(HashingProvider):
        def __init__(self, fail: Exception | None = None, count: int | None = None) -> None:
            super().__init__(dims=16)
            self.fail, self.count = fail, count

        def embed_documents(self, texts):  # type: ignore[no-untyped-def]
            if self.fail is not None:
                raise self.fail
            out = super().embed_documents(texts)
            return out[: self.count] if self.count is not None else out

    vectors = provider_vectors(Flaky(), ["alpha beta", "gamma"])
    assert vectors.shape == (2, 16) and vectors.dtype == np.float32
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0)
    with pytest.raises(EmbeddingError, match=r"the embedding model failed \(ConnectionError: unreachable\)"):
        provider_vectors(Flaky(ConnectionError("unreachable")), ["alpha"])
    own = EmbeddingUnavailableError("the model is not installed")
    with pytest.raises(EmbeddingUnavailableError) as raised:
        provider_vectors(Flaky(own), ["alpha"])
    assert raised.value is own  # the provider's own store error passes unchanged
    with pytest.raises(InvalidVectorError, match="1 vectors for 2 texts"):
        provider_vectors(Flaky(count=1), ["alpha", "beta"])
