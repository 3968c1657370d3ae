"""A plain Okapi BM25 ranking of a corpus's chunks: the one ranking the context-builder
matrix (:mod:`benchmarks.quality.matrix`) gives every pipeline, as a new user with a keyword
index would have it.

Terms are the casefolded runs of letters and digits of the chunk text (dan's citation header
included, as it is indexed); ``k1 = 1.2``, ``b = 0.75``; no stop words and no stemming, so the
ranking favours no phrasing. Ties keep corpus order. It has the interface of
:class:`benchmarks.quality.retrieval.VectorIndex` that :class:`~benchmarks.quality.pipelines.Retriever`
uses (``rank(query)``, ``chunks``).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Collection, Sequence

from benchmarks.quality.retrieval import Chunk

_TERM = re.compile(r"[^\W_]+")
K1 = 1.2
B = 0.75


def terms(text: str) -> list[str]:
    """The terms of ``text``."""
    return _TERM.findall(text.casefold())


class BM25Index:
    """All chunks of one corpus, ranked by BM25."""

    def __init__(self, chunks: Sequence[Chunk]) -> None:
        self.chunks = tuple(chunks)
        self._tf: list[Counter[str]] = [Counter(terms(c.text)) for c in self.chunks]
        self._len = [sum(tf.values()) for tf in self._tf]
        self._avg = (sum(self._len) / len(self._len)) if self._len else 0.0
        df: Counter[str] = Counter()
        for tf in self._tf:
            df.update(tf.keys())
        n = len(self.chunks)
        self._idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}
        self._postings: dict[str, list[int]] = {}
        for i, tf in enumerate(self._tf):
            for t in tf:
                self._postings.setdefault(t, []).append(i)

    def scores(self, query: str) -> list[float]:
        """The BM25 score of every chunk for ``query``, in corpus order."""
        out = [0.0] * len(self.chunks)
        for t in set(terms(query)):
            idf = self._idf.get(t)
            if idf is None:
                continue
            for i in self._postings[t]:
                f = self._tf[i][t]
                norm = K1 * (1 - B + B * self._len[i] / self._avg) if self._avg else K1
                out[i] += idf * f * (K1 + 1) / (f + norm)
        return out

    def rank(self, query: str, docs: Collection[str] | None = None, k: int | None = None) -> list[Chunk]:
        """Chunks by descending BM25 score (optionally only of ``docs``); ties in corpus order."""
        sc = self.scores(query)
        order = sorted(range(len(self.chunks)), key=lambda i: (-sc[i], i))
        ranked = [self.chunks[i] for i in order if docs is None or self.chunks[i].doc in docs]
        return ranked[:k] if k else ranked
