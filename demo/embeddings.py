"""The demo's default embedding: a hashed lexical embedding that needs no model download.

Honestly: this is not a neural embedding. Each text becomes a sparse bag of lowercase word
unigrams and bigrams (accents folded, CJK split into characters), hashed with CRC-32 into
``dims`` signed buckets, weighted by ``1 + log(tf)`` and L2-normalised. Cosine similarity
between two such vectors measures shared vocabulary. It makes the demo and the benchmarks
run offline and deterministically; set ``OPENAI_API_KEY`` to use
``text-embedding-3-small`` instead.
"""

from __future__ import annotations

import math
import re
import unicodedata
import zlib
from collections import Counter
from collections.abc import Sequence

from langchain_core.embeddings import Embeddings

__all__ = ["HashingEmbeddings", "OpenAIEmbeddings", "words"]

_WORD = re.compile(r"[^\W_]+", re.UNICODE)
_CJK = re.compile(r"([\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af])")
_STOP = frozenset(
    "a an and are as at be but by for from has have he her his i in is it its of on or she that the their them "
    "they this to was were will with you your what which who whom when where why how do does did not no".split()
)


def words(text: str) -> list[str]:
    """Lowercase, accent-folded word tokens of ``text`` without stopwords (CJK per character)."""
    folded = unicodedata.normalize("NFKD", text.lower())
    folded = "".join(ch for ch in folded if not unicodedata.combining(ch))
    folded = _CJK.sub(r" \1 ", folded)
    return [w for w in _WORD.findall(folded) if w not in _STOP]


class HashingEmbeddings(Embeddings):
    """Hashed bag-of-words embeddings (a LangChain ``Embeddings``); see the module docstring."""

    def __init__(self, dims: int = 1024, bigrams: bool = True) -> None:
        if dims < 16:
            raise ValueError("dims must be at least 16")
        self.dims = dims
        self.bigrams = bigrams

    def _vector(self, text: str) -> list[float]:
        tokens = words(text)
        feats = Counter(tokens)
        if self.bigrams:
            feats.update(a + " " + b for a, b in zip(tokens, tokens[1:]))
        vec = [0.0] * self.dims
        for feat, tf in feats.items():
            h = zlib.crc32(feat.encode("utf-8"))
            weight = 1.0 + math.log(tf)
            vec[h % self.dims] += weight if (h >> 31) & 1 else -weight
        norm = math.sqrt(sum(v * v for v in vec))
        if norm:
            vec = [v / norm for v in vec]
        return vec

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
