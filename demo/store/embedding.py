"""Embedding providers for the store: an identity, document and query embedding, validation.

A provider's :class:`EmbeddingIdentity` names the model, its dimensions and every setting
that changes its vectors (pooling, normalisation, prefixes, a weights hash). The store
records the identity of every source's vectors and never compares vectors of two
identities: a source embedded by another identity must be reindexed
(:class:`~demo.store.EmbeddingMismatchError`). Never reuse an identity for other weights.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np
from attrs import frozen

from demo.store.errors import InvalidRequestError, InvalidVectorError

__all__ = [
    "EmbeddingIdentity",
    "EmbeddingProvider",
    "HashingProvider",
    "LangChainProvider",
    "OpenAIProvider",
    "unit_matrix",
    "validate_vector",
]


@frozen(slots=True)
class EmbeddingIdentity:
    """What makes two vectors comparable: model, dimensions and settings."""

    model: str
    dimensions: int
    settings: str = ""

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.model, str) or not self.model.strip() or "|" in self.model:
            raise InvalidRequestError(f"embedding model name {self.model!r} must be a non-empty str without '|'")
        if isinstance(self.dimensions, bool) or not isinstance(self.dimensions, int) or not 1 <= self.dimensions <= 16_000:
            raise InvalidRequestError(f"embedding dimensions must be an int from 1 to 16,000, got {self.dimensions!r}")

    @property
    def key(self) -> str:
        """The identity as one string (stored with every source's vectors)."""
        return f"{self.model}|{self.dimensions}|{self.settings}"


@runtime_checkable
class EmbeddingProvider(Protocol):
    """What the store needs from an embedding model."""

    @property
    def identity(self) -> EmbeddingIdentity:
        """The identity of the vectors this provider makes."""
        ...

    def embed_documents(self, texts: Sequence[str]) -> Sequence[Sequence[float]]:
        """One vector per text (the store batches calls by ``StoreOptions.embed_batch``)."""
        ...

    def embed_query(self, text: str) -> Sequence[float]:
        """The vector of a search query."""
        ...


def validate_vector(vector: Sequence[float] | np.ndarray, dimensions: int) -> np.ndarray:
    """The vector as unit-length float32, or :class:`InvalidVectorError` for a wrong
    dimension, a non-finite value or a zero norm."""
    try:
        arr = np.asarray(vector, dtype=np.float64)
    except (TypeError, ValueError) as exc:
        raise InvalidVectorError(f"the embedding is not a sequence of numbers ({exc})") from None
    if arr.ndim != 1 or arr.shape[0] != dimensions:
        raise InvalidVectorError(
            f"the embedding has shape {arr.shape}, expected ({dimensions},): the provider's identity "
            "does not match its model"
        )
    if not np.all(np.isfinite(arr)):
        raise InvalidVectorError("the embedding holds NaN or infinite values: the provider is broken")
    norm = float(np.linalg.norm(arr))
    if norm == 0.0 or not math.isfinite(norm):
        raise InvalidVectorError("the embedding has zero norm: it cannot be compared by cosine similarity")
    return (arr / norm).astype(np.float32)


def unit_matrix(vectors: Sequence[Sequence[float]], count: int, dimensions: int) -> np.ndarray:
    """``count`` validated unit vectors as one float32 matrix (one row each)."""
    if len(vectors) != count:
        raise InvalidVectorError(f"the provider returned {len(vectors)} vectors for {count} texts")
    out = np.empty((count, dimensions), dtype=np.float32)
    for i, v in enumerate(vectors):
        out[i] = validate_vector(v, dimensions)
    return out


class HashingProvider:
    """The offline default: :class:`demo.embeddings.HashingEmbeddings` (hashed word unigrams and
    bigrams — lexical, not neural; honestly labelled). Nothing is downloaded."""

    def __init__(self, dims: int = 512) -> None:
        from demo.embeddings import HashingEmbeddings

        self._model = HashingEmbeddings(dims=dims)
        self._identity = EmbeddingIdentity("hashing-crc32-v1", dims, "unigrams+bigrams;log-tf;l2")

    @property
    def identity(self) -> EmbeddingIdentity:
        """``hashing-crc32-v1``, its dimensions and settings."""
        return self._identity

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        """Hashed vectors of the texts."""
        return self._model.embed_documents(list(texts))

    def embed_query(self, text: str) -> list[float]:
        """The hashed vector of a query."""
        return self._model.embed_query(text)


class OpenAIProvider:
    """OpenAI embeddings (``text-embedding-3-small``, 1,536 dimensions by default).

    ``client`` is any object with the ``openai`` SDK's ``embeddings.create`` (tests pass a stub).
    """

    def __init__(self, model: str = "text-embedding-3-small", dimensions: int = 1536, client: Any = None) -> None:
        if client is None:
            from openai import OpenAI

            client = OpenAI()
        self._client = client
        self._model = model
        self._identity = EmbeddingIdentity(f"openai:{model}", dimensions, "api-default")

    @property
    def identity(self) -> EmbeddingIdentity:
        """``openai:<model>`` and its dimensions."""
        return self._identity

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        """One API call for the batch."""
        resp = self._client.embeddings.create(model=self._model, input=list(texts), dimensions=self._identity.dimensions)
        return [list(item.embedding) for item in resp.data]

    def embed_query(self, text: str) -> list[float]:
        """One API call."""
        return self.embed_documents([text])[0]


class LangChainProvider:
    """Any LangChain ``Embeddings`` with the identity you vouch for (model + dimensions + settings)."""

    def __init__(self, embeddings: Any, identity: EmbeddingIdentity) -> None:
        if not isinstance(identity, EmbeddingIdentity):
            raise InvalidRequestError("LangChainProvider needs an EmbeddingIdentity naming the model and its dimensions")
        self._embeddings = embeddings
        self._identity = identity

    @property
    def identity(self) -> EmbeddingIdentity:
        """The identity given."""
        return self._identity

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        """``embeddings.embed_documents``."""
        return list(self._embeddings.embed_documents(list(texts)))

    def embed_query(self, text: str) -> list[float]:
        """``embeddings.embed_query``."""
        return list(self._embeddings.embed_query(text))
