"""A router that needs no model: BM25 over the index document (``lexical_route``).

The reply is in the routing grammar, so it goes through :func:`ven.parse_route` exactly
like a model's reply — the lexical router is a drop-in for offline use, tests, or a
fallback when the routing model fails.

How it decides (documented in ``docs/routing.md``):

1. The index is read into documents: a line ``[DOC id] title`` starts (or, with
   ``(cont.)`` or an id seen before, continues) a document; the properties line is skipped;
   a group line counts without its label. A document's text is its title (counted twice:
   titles name what a document is about), its id and its phrases.
2. Question and documents become terms (:func:`ven.terms.terms`: case and accents folded,
   stopwords dropped, plural ``s`` stripped, CJK as character pairs), plus each pair of
   neighbouring terms within a phrase (``alice johnson``), so that a full name or a
   multi-word term outranks entries that only hold its words apart.
3. ``ALL`` when the question asks about every document (``all documents``, ``each
   file``, ``the whole collection`` ...).
4. Each document is scored with BM25 (k1 = 1.2, b = 0.75). Question terms found in no
   entry are ignored.
5. ``INDEX`` when the question asks about the collection (``which/what/list/how many ...
   documents/files``) and nothing in it but such words (documents, tables, revisions,
   comments, pages, authors, titles ...) matches an entry: the index itself answers it.
6. ``NONE`` when no document scores.
7. Otherwise ``DOCS``: confidence = 100 × *coverage* × *relative score*, rounded. The
   relative score is the document's BM25 score over the best one. Coverage is the share
   of the question's weight that the document's entry holds: each question term (word or
   word pair) found in the index weighs its IDF, and each single word found in no entry
   weighs half the IDF of a word found in one entry only — such a word is likely a key
   word the index does not show, which makes any route less certain (measured in
   ``benchmarks/bench_index.py``: off-topic questions then stay below 70, the reference
   threshold, while routable ones keep their confidence). The best document thus gets 100
   × its coverage; a document scoring half as well gets at most 50. Documents with a
   confidence of at least 10 are listed (the best one always), highest first, at most
   ``max_docs``.

Parsed indexes are cached (the 8 most recent, keyed by their text), so routing many
questions over one index parses it once.
"""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Sequence
from functools import lru_cache
from itertools import pairwise
from typing import NamedTuple

from ven.errors import VenError
from ven.index import IndexEntry
from ven.phrases import GROUP_LABELS
from ven.routing import doc_id_key, is_doc_id
from ven.terms import terms

__all__ = ["lexical_route"]

_log = logging.getLogger("ven")

_K1 = 1.2
_B = 0.75
_MIN_CONFIDENCE = 10
_ABSENT_SHARE = 0.5

_HEAD = re.compile(r"\[DOC (\S+?)\](?: (.*))?")
_CONT = " (cont.)"
_LABEL = re.compile("(?:" + "|".join(re.escape(label) for label in GROUP_LABELS) + "): ")

_ALL_CUE = re.compile(
    r"\b(?:all|every|each)\s+(?:of\s+(?:the|these|my|our)\s+)?(?:the\s+)?(?:\w+\s+)?(?:documents?|files?)\b"
    r"|\b(?:whole|entire|full)\s+collection\b|\bacross\s+(?:all\s+)?(?:the\s+)?(?:documents|files|collection)\b",
    re.IGNORECASE,
)
_INDEX_CUE = re.compile(
    r"\b(?:which|what|list|name|count|how\s+many)\b.*\b(?:documents?|files?|titles?)\b",
    re.IGNORECASE | re.DOTALL,
)
#: Terms (as :func:`ven.terms.terms` writes them) of questions about the collection's
#: metadata, which the index answers; "document", "file", "which" ... are stopwords.
_META_TERMS = frozenset(
    "title table revision tracked change comment author reviewer reviewed commented edited "
    "edit page section many number count exist available written property".split()
)


class _Doc(NamedTuple):
    doc_id: str
    length: int
    tf: dict[str, int]


class _Model(NamedTuple):
    docs: tuple[_Doc, ...]
    df: dict[str, int]
    avgdl: float


def _documents(texts: Sequence[str]) -> list[tuple[str, list[str]]]:
    """(doc id, its term list) per document, parts of one id merged, in order of first
    appearance."""
    order: list[str] = []
    ids: dict[str, str] = {}
    words: dict[str, list[str]] = {}
    for text in texts:
        current: str | None = None
        for line in text.splitlines():
            m = _HEAD.fullmatch(line.strip())
            if m is not None:
                doc_id, title = m.group(1), m.group(2) or ""
                if not is_doc_id(doc_id):
                    _log.debug("lexical_route: skipping entry with invalid id %r", doc_id)
                    current = None
                    continue
                key = doc_id_key(doc_id)
                cont = title == _CONT[1:] or title.endswith(_CONT)
                if cont:
                    title = title[: -len(_CONT)]
                if key not in words:
                    order.append(key)
                    ids[key] = doc_id
                    words[key] = _with_pairs(terms(doc_id))
                    cont = False
                current = key
                if not cont:
                    t = _with_pairs(terms(title))
                    words[key].extend(t)
                    words[key].extend(t)
                continue
            if current is None or line.startswith("tables:"):
                continue
            m2 = _LABEL.match(line)
            for phrase in (line[m2.end() :] if m2 else line).split("; "):
                words[current].extend(_with_pairs(terms(phrase)))
    return [(ids[k], words[k]) for k in order]


def _with_pairs(words: list[str]) -> list[str]:
    """The terms and each pair of neighbouring terms (``"alice johnson"``): a pair matches
    only where the words stand together, so a full name or a multi-word term outranks
    entries that hold its words apart."""
    return words + [f"{a} {b}" for a, b in pairwise(words)]


@lru_cache(maxsize=8)
def _model(texts: tuple[str, ...]) -> _Model:
    docs: list[_Doc] = []
    df: dict[str, int] = {}
    total = 0
    for doc_id, words in _documents(texts):
        tf: dict[str, int] = {}
        for w in words:
            tf[w] = tf.get(w, 0) + 1
        for w in tf:
            df[w] = df.get(w, 0) + 1
        docs.append(_Doc(doc_id, len(words), tf))
        total += len(words)
    return _Model(tuple(docs), df, total / len(docs) if docs else 0.0)


def _texts(index: object) -> tuple[str, ...]:
    if isinstance(index, str):
        return (index,)
    if isinstance(index, IndexEntry):
        return (index.text,)
    if isinstance(index, (bytes, bytearray)) or not isinstance(index, Sequence):
        raise VenError(
            "lexical_route takes the index document (str) or a sequence of index entries "
            f"(IndexEntry or str), got {type(index).__name__}"
        )
    out: list[str] = []
    for i, item in enumerate(index):
        if isinstance(item, IndexEntry):
            out.append(item.text)
        elif isinstance(item, str):
            out.append(item)
        else:
            raise VenError(
                f"lexical_route: index item {i} is {type(item).__name__}; expected an IndexEntry or its text",
                index=i,
            )
    return tuple(out)


def lexical_route(index: str | Sequence[IndexEntry | str], question: str, *, max_docs: int = 10) -> str:
    """Route ``question`` over ``index`` without a model; return a reply in the routing grammar.

    ``index`` is the index document (entries joined by a blank line) or a sequence of
    entries, each an :class:`~ven.IndexEntry` or its text. The reply is ``NONE``, ``ALL``,
    ``INDEX`` or ``ID:confidence | ID:confidence ...`` (at most ``max_docs`` ids, highest
    confidence first); read it with :func:`ven.parse_route`. How it decides and how the
    confidences are derived: see the module docstring and ``docs/routing.md``.
    Deterministic. Raises :class:`~ven.VenError` when ``index`` or ``question`` has the
    wrong type or ``max_docs`` < 1.
    """
    if not isinstance(question, str):
        raise VenError(f"lexical_route question must be a str, got {type(question).__name__}")
    if isinstance(max_docs, bool) or not isinstance(max_docs, int) or max_docs < 1:
        raise VenError(f"lexical_route max_docs must be an int >= 1, got {max_docs!r}")
    model = _model(_texts(index))
    if _ALL_CUE.search(question):
        return "ALL"
    q_terms = list(dict.fromkeys(_with_pairs(terms(question))))
    n = len(model.docs)
    present = [t for t in q_terms if t in model.df]
    about_collection = _INDEX_CUE.search(question) is not None
    if about_collection and all(t in _META_TERMS for t in present):
        return "INDEX"
    if not present or n == 0:
        return "NONE"
    idf = {t: math.log(1.0 + (n - model.df[t] + 0.5) / (model.df[t] + 0.5)) for t in present}
    # Coverage weights (module docstring, step 7).
    absent = sum(1 for t in q_terms if " " not in t and t not in model.df)
    weight = sum(idf.values()) + _ABSENT_SHARE * absent * math.log(1.0 + (n - 0.5) / 1.5)
    avgdl = model.avgdl or 1.0
    scored: list[tuple[float, float, int]] = []
    for i, doc in enumerate(model.docs):
        score = 0.0
        matched = 0.0
        norm = _K1 * (1.0 - _B + _B * doc.length / avgdl)
        for t in present:
            f = doc.tf.get(t)
            if f:
                score += idf[t] * f * (_K1 + 1.0) / (f + norm)
                matched += idf[t]
        if score > 0.0:
            scored.append((score, matched / weight, i))
    if not scored:
        return "NONE"
    top = max(s for s, _, _ in scored)
    ranked: list[tuple[int, float, int]] = []
    for score, coverage, i in scored:
        conf = math.floor(100.0 * coverage * score / top + 0.5)
        ranked.append((conf, score, i))
    ranked.sort(key=lambda r: (-r[0], -r[1], r[2]))
    kept = [r for r in ranked if r[0] >= _MIN_CONFIDENCE] or ranked[:1]
    return " | ".join(f"{model.docs[i].doc_id}:{conf}" for conf, _, i in kept[:max_docs])
