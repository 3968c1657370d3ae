"""A router that needs no model: field-weighted BM25 over the index document
(``lexical_route``).

The reply is in the routing grammar, so it goes through :func:`ven.parse_route` exactly
like a model's reply — the lexical router is a drop-in for offline use, tests, or a
fallback when the routing model fails.

How it decides — reading the index into heads and bodies, terms, the ALL/INDEX/NONE
cues, field-weighted BM25, the confidence, comparisons and the DOCS cut — is described,
with the measurements behind each rule, in ``docs/routing.md`` ("The lexical router").

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
from ven.terms import is_identifier, terms_with_ids

__all__ = ["lexical_route"]

_log = logging.getLogger("ven")

_K1 = 1.2
_B_BODY = 0.75
_B_HEAD = 0.5
#: A head match weighs this many body matches (score), and named documents' head matches
#: count this many times in the confidence's coverage.
_HEAD_WEIGHT = 2.0
#: Weight of an identifier found in one entry only, where that entry's head holds it.
_ID_BOOST = 1.5
_MIN_CONFIDENCE = 10
_ABSENT_SHARE = 0.5
#: When the question names documents by a title word it capitalises, the share of its
#: confidence a document it does not name keeps.
_UNNAMED_SHARE = 0.5

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
_COMPARE_CUE = re.compile(
    r"\b(?:compar(?:e|es|ed|ing|ison|isons)|versus|vs\.?|differ(?:s|ence|ences)?)(?![\w-])",
    re.IGNORECASE,
)
#: A word and what precedes it since the previous word (to tell a sentence's first word).
_WORD = re.compile(r"([^\w]*)(\w[\w'’-]*)")
_COMPARE_SPLIT = re.compile(r"\b(?:with|and|to|against|from|versus|vs\.?)(?![\w-])", re.IGNORECASE)


class _Model(NamedTuple):
    ids: tuple[str, ...]
    #: term -> ((document, frequency in its head, frequency in its body), ...)
    postings: dict[str, tuple[tuple[int, int, int], ...]]
    #: per document: BM25 length normalisation of its head and of its body
    head_norm: tuple[float, ...]
    body_norm: tuple[float, ...]


def _bag(toks: list[tuple[str, tuple[str, ...]]]) -> list[str]:
    """The terms of a text (as :func:`ven.terms.terms_with_ids` gives them), each pair of
    neighbouring terms, and the parts of its identifiers."""
    return _with_pairs([t for t, _ in toks]) + [p for _, parts in toks for p in parts]


def _with_pairs(words: list[str]) -> list[str]:
    """The terms and each pair of neighbouring terms (``"alice johnson"``), its words in
    alphabetical order: a pair matches only where the words stand together, in either order
    (``budget 2025`` / ``2025 budget``), so a full name or a multi-word term outranks
    entries that hold its words apart."""
    return words + [f"{a} {b}" if a <= b else f"{b} {a}" for a, b in pairwise(words)]


def _documents(texts: Sequence[str]) -> list[tuple[str, list[str], list[str]]]:
    """(doc id, its head terms, its body terms) per document, parts of one id merged, in
    order of first appearance."""
    order: list[str] = []
    ids: dict[str, str] = {}
    heads: dict[str, list[str]] = {}
    bodies: dict[str, list[str]] = {}
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
                if title == _CONT[1:] or title.endswith(_CONT):
                    title = title[: -len(_CONT)]
                if key not in heads:
                    order.append(key)
                    ids[key] = doc_id
                    heads[key] = _bag(terms_with_ids(doc_id)) + _bag(terms_with_ids(title))
                    bodies[key] = []
                current = key
                continue
            if current is None or line.startswith("tables:"):
                continue
            m2 = _LABEL.match(line)
            for phrase in (line[m2.end() :] if m2 else line).split("; "):
                bodies[current].extend(_bag(terms_with_ids(phrase)))
    return [(ids[k], heads[k], bodies[k]) for k in order]


def _counts(words: list[str]) -> dict[str, int]:
    tf: dict[str, int] = {}
    for w in words:
        tf[w] = tf.get(w, 0) + 1
    return tf


@lru_cache(maxsize=8)
def _model(texts: tuple[str, ...]) -> _Model:
    docs = _documents(texts)
    n = len(docs) or 1
    avg_head = sum(len(h) for _, h, _ in docs) / n or 1.0
    avg_body = sum(len(b) for _, _, b in docs) / n or 1.0
    postings: dict[str, list[tuple[int, int, int]]] = {}
    for i, (_, head_words, body_words) in enumerate(docs):
        head = _counts(head_words)
        body = _counts(body_words)
        for w in head.keys() | body.keys():
            postings.setdefault(w, []).append((i, head.get(w, 0), body.get(w, 0)))
    return _Model(
        tuple(doc_id for doc_id, _, _ in docs),
        {w: tuple(p) for w, p in postings.items()},
        tuple(1.0 - _B_HEAD + _B_HEAD * len(h) / avg_head for _, h, _ in docs),
        tuple(1.0 - _B_BODY + _B_BODY * len(b) / avg_body for _, _, b in docs),
    )


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
                f"lexical_route: index item {i} is {type(item).__name__}; "
                "expected an IndexEntry or its text",
                index=i,
            )
    return tuple(out)


def _question(text: str) -> tuple[list[str], list[str], frozenset[str]]:
    """The question's terms (as an entry's, step 2, each once), its words (the terms
    without pairs and identifier parts), which count when the index lacks them, and its
    names: the terms of the words it capitalises other than a sentence's first."""
    toks = terms_with_ids(text)
    return (
        list(dict.fromkeys(_bag(toks))),
        list(dict.fromkeys(t for t, _ in toks)),
        _names(text),
    )


def _names(text: str) -> frozenset[str]:
    """The terms of the words ``text`` capitalises, less each sentence's first word."""
    out: set[str] = set()
    first = True
    for m in _WORD.finditer(text):
        gap, word = m.group(1), m.group(2)
        if any(c in ".!?" for c in gap):
            first = True
        if word[0].isupper() and not first:
            out.update(t for t, _ in terms_with_ids(word))
        first = False
    return frozenset(out)


def _rank(
    model: _Model, q_terms: list[str], words: list[str], names: frozenset[str] = frozenset()
) -> tuple[dict[int, tuple[int, float]], bool]:
    """{document: (confidence, rank key)} for the documents matching ``q_terms`` (steps
    6-7 of the module docstring; ``names``: the question's capitalised terms, step 7b),
    and whether the question names the best one."""
    n = len(model.ids)
    postings = model.postings
    idf1 = math.log(1.0 + (n - 0.5) / 1.5)  # the idf of a term found in one document
    absent = _ABSENT_SHARE * idf1 * sum(1 for w in words if w not in postings)
    present_weight = 0.0
    score: dict[int, float] = {}
    plain: dict[int, float] = {}  # idf of the matched terms
    head: dict[int, float] = {}  # idf of the terms matched in the head, identifier boost included
    body: dict[int, float] = {}  # idf of the terms matched in the body only
    for t in q_terms:
        post = postings.get(t)
        if post is None:
            continue
        df = len(post)
        idf = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
        present_weight += idf
        boost = _ID_BOOST if df == 1 and is_identifier(t) else 1.0
        for i, fh, fb in post:
            s = 0.0
            if fh:
                s += boost * _HEAD_WEIGHT * fh * (_K1 + 1.0) / (fh + _K1 * model.head_norm[i])
                head[i] = head.get(i, 0.0) + boost * idf
            else:
                body[i] = body.get(i, 0.0) + idf
            if fb:
                s += fb * (_K1 + 1.0) / (fb + _K1 * model.body_norm[i])
            score[i] = score.get(i, 0.0) + idf * s
            plain[i] = plain.get(i, 0.0) + idf
    if not score:
        return {}, False
    # documents named by a term the question capitalises that only titles hold (every
    # entry holding it has it in its head: a name, not a word their texts also use)
    by_name: set[int] = set()
    for t in names:
        post = postings.get(t, ())
        if post and all(fh for _, fh, _ in post):
            by_name.update(i for i, _, _ in post)
    rows: list[tuple[float, float, float, int]] = []  # (rank key, score, confidence coverage, doc)
    for i, s in score.items():
        mh = head.get(i, 0.0)
        mb = body.get(i, 0.0)
        rest = present_weight - plain[i] + absent  # question weight the document does not match
        coverage = (mh + mb) / (mh + mb + rest)
        named = mh >= idf1 * (1.0 - 1e-9)
        m = mb + (_HEAD_WEIGHT * mh if named else mh)
        rows.append((coverage * s, s, m / (m + rest), i))
    best = max(rows, key=lambda r: (r[3] in by_name, r[0], r[1], -r[3]))
    top = best[1]
    out: dict[int, tuple[int, float]] = {}
    for key, s, c, i in rows:
        share = _UNNAMED_SHARE if by_name and i not in by_name else 1.0
        out[i] = (math.floor(100.0 * c * min(1.0, s / top) * share + 0.5), key)
    return out, head.get(best[3], 0.0) >= idf1 * (1.0 - 1e-9)


def _sides(question: str) -> list[str]:
    """The two sides of a comparison (step 8), or none."""
    m = _COMPARE_CUE.search(question)
    if m is None:
        return []
    before, after = question[: m.start()], question[m.end() :]
    if not terms_with_ids(before):
        cut = _COMPARE_SPLIT.search(after)
        if cut is None:
            return []
        before, after = after[: cut.start()], after[cut.end() :]
    return [side for side in (before, after) if terms_with_ids(side)]


def lexical_route(
    index: str | Sequence[IndexEntry | str], question: str, *, max_docs: int = 10
) -> str:
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
    q_terms, words, names = _question(question)
    present = [t for t in q_terms if t in model.postings]
    if _INDEX_CUE.search(question) is not None and all(t in _META_TERMS for t in present):
        return "INDEX"
    if not present:
        return "NONE"
    ranked, _ = _rank(model, q_terms, words, names)
    for side in _sides(question):
        side_ranked, named = _rank(model, *_question(side))
        if named:
            for i, conf_key in side_ranked.items():
                ranked[i] = max(ranked.get(i, conf_key), conf_key)
    order = sorted(ranked.items(), key=lambda item: (-item[1][0], -item[1][1], item[0]))
    kept = [item for item in order if item[1][0] >= _MIN_CONFIDENCE] or order[:1]
    return " | ".join(f"{model.ids[i]}:{conf}" for i, (conf, _) in kept[:max_docs])
