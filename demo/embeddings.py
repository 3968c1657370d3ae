"""The demo's default embedding: a hashed lexical embedding that needs no model download.

Honestly: this is not a neural embedding (the code is the store's, :mod:`demo.store.lexical`;
``words`` is re-exported from there). Each text becomes a sparse bag of lowercase word
unigrams and bigrams (accents folded, CJK split into characters), hashed with CRC-32 into
``dims`` signed buckets, weighted by ``1 + log(tf)`` and L2-normalised. Cosine similarity
between two such vectors measures shared vocabulary. It makes the demo and the benchmarks
run offline and deterministically; set ``OPENAI_API_KEY`` to use
``text-embedding-3-small`` instead.
"""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.embeddings import Embeddings

from demo.store.lexical import hashed_vector, words

__all__ = ["HashingEmbeddings", "OpenAIEmbeddings", "words"]


class HashingEmbeddings(Embeddings):
    """Hashed bag-of-words embeddings (a LangChain ``Embeddings``); see the module docstring."""

    def __init__(self, dims: int = 1024, bigrams: bool = True) -> None:
        if dims < 16:
            raise ValueError("dims must be at least 16")
        self.dims = dims
        self.bigrams = bigrams

    def _vector(self, text: str) -> list[float]:
        return hashed_vector(text, self.dims, self.bigrams)

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:  # type: ignore[override]
        """Embed each text."""
        return [self._vector(t) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        """Embed a query the same way as a document."""
        return self._vector(text)


class OpenAIEmbeddings(Embeddings):
    """OpenAI embeddings through the ``openai`` SDK (``text-embedding-3-small`` by default).

    Used by the demo when ``OPENAI_API_KEY`` is set. ``client`` may be any object with the
    SDK's ``embeddings.create`` method (tests pass a stub).
    """

    def __init__(self, model: str = "text-embedding-3-small", client: object | None = None, batch: int = 256) -> None:
        if client is None:
            from openai import OpenAI

            client = OpenAI()
        self.client = client
        self.model = model
        self.batch = batch

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:  # type: ignore[override]
        """Embed texts in batches."""
        out: list[list[float]] = []
        for start in range(0, len(texts), self.batch):
            resp = self.client.embeddings.create(model=self.model, input=list(texts[start : start + self.batch]))  # type: ignore[attr-defined]
            out.extend(list(item.embedding) for item in resp.data)
        return out

    def embed_query(self, text: str) -> list[float]:
        """Embed one query."""
        return self.embed_documents([text])[0]
