"""LangChain ``Embeddings`` over the store's providers: :class:`HashingEmbeddings` (the offline
lexical embedding) and :class:`OpenAIEmbeddings`.

Each model exists once, as a store provider (:mod:`demo.store.embedding`); these classes wrap
one (``.provider``) so that the same vectors serve a LangChain vector store.

Honestly: the hashing embedding is not a neural embedding. Each text becomes a sparse bag of
lowercase word unigrams and bigrams (accents folded, CJK split into characters), hashed with
CRC-32 into ``dims`` signed buckets, weighted by ``1 + log(tf)`` and L2-normalised
(:mod:`demo.store.lexical`; ``words`` is re-exported from there). Cosine similarity between
two such vectors measures shared vocabulary. It makes the demo and the benchmarks run offline
and deterministically; set ``OPENAI_API_KEY`` to use ``text-embedding-3-small`` instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.embeddings import Embeddings

from demo.store.embedding import HashingProvider, OpenAIProvider
from demo.store.lexical import words

__all__ = ["HashingEmbeddings", "OpenAIEmbeddings", "words"]


class HashingEmbeddings(Embeddings):
    """Hashed bag-of-words embeddings (a LangChain ``Embeddings`` wrapping a
    :class:`~demo.store.HashingProvider`); see the module docstring."""

    def __init__(self, dims: int = 1024, bigrams: bool = True) -> None:
        self.provider = HashingProvider(dims=dims, bigrams=bigrams)

    @property
    def dims(self) -> int:
        """Dimensions of the vectors."""
        return self.provider.dims

    @property
    def bigrams(self) -> bool:
        """Whether word pairs count besides single words."""
        return self.provider.bigrams

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:  # type: ignore[override]
        """Embed each text."""
        return self.provider.embed_documents(texts)

    def embed_query(self, text: str) -> list[float]:
        """Embed a query the same way as a document."""
        return self.provider.embed_query(text)


class OpenAIEmbeddings(Embeddings):
    """OpenAI embeddings through the ``openai`` SDK (``text-embedding-3-small`` by default), a
    LangChain ``Embeddings`` wrapping an :class:`~demo.store.OpenAIProvider`.

    Used by the demo when ``OPENAI_API_KEY`` is set. ``client`` may be any object with the
    SDK's ``embeddings.create`` method (tests pass a stub). The model's own dimensions are used
    (no ``dimensions`` is sent), so any OpenAI embedding model works.
    """

    def __init__(self, model: str = "text-embedding-3-small", client: object | None = None, batch: int = 256) -> None:
        self.provider = OpenAIProvider(model, client=client, batch=batch, request_dimensions=False)

    @property
    def client(self) -> object:
        """The ``openai`` client (or stub)."""
        return self.provider.client  # type: ignore[no-any-return]

    @property
    def model(self) -> str:
        """The model's name."""
        return self.provider.model

    @property
    def batch(self) -> int:
        """Texts per API call."""
        return self.provider.batch

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:  # type: ignore[override]
        """Embed texts in batches."""
        return self.provider.embed_documents(texts)

    def embed_query(self, text: str) -> list[float]:
        """Embed one query."""
        return self.provider.embed_query(text)
