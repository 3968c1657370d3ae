"""Lexical features the store computes itself: word tokens and the hashed bag of words.

:func:`words` is the tokenizer of the extractive answer (:mod:`demo.store.extract`) and of
the hashing embedding; :func:`hashed_vector` is the hashing embedding's vector
(:class:`~demo.store.HashingProvider`, and :class:`demo.embeddings.HashingEmbeddings` for
LangChain). Honestly: not a neural embedding. Each text becomes a sparse bag of lowercase
word unigrams and bigrams (accents folded, CJK split into characters), hashed with CRC-32
into ``dims`` signed buckets, weighted by ``1 + log(tf)`` and L2-normalised; cosine
similarity between two such vectors measures shared vocabulary.
"""

from __future__ import annotations

import math
import re
import unicodedata
import zlib
from collections import Counter

__all__ = ["hashed_vector", "words"]

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


def hashed_vector(text: str, dims: int, bigrams: bool = True) -> list[float]:
    """The unit-length (or all-zero, for a text without words) hashed vector of ``text``
    in ``dims`` buckets (see the module docstring)."""
    tokens = words(text)
    feats = Counter(tokens)
    if bigrams:
        feats.update(a + " " + b for a, b in zip(tokens, tokens[1:]))
    vec = [0.0] * dims
    for feat, tf in feats.items():
        h = zlib.crc32(feat.encode("utf-8"))
        weight = 1.0 + math.log(tf)
        vec[h % dims] += weight if (h >> 31) & 1 else -weight
    norm = math.sqrt(sum(v * v for v in vec))
    if norm:
        vec = [v / norm for v in vec]
    return vec
