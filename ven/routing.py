"""The routing grammar: document ids, :class:`Route` and :func:`parse_route` (see
``docs/routing.md``).

A routing model answers with exactly one line: ``NONE``, ``ALL``, ``INDEX``, or
``ID:confidence | ID:confidence ...``. :func:`parse_route` reads such a reply — also the
sloppy ones models write (code fences, backticks, quotes, a preamble line, ``90%``) — into
a :class:`Route` and never raises, whatever the reply holds.

Ids match case-insensitively everywhere: :func:`parse_route` merges ``d1`` and ``D1``, and
with ``known_ids`` it hands back the caller's own spelling, so
``route.ids`` can be used as keys of the caller's ``{doc_id: file}`` mapping directly.
"""

from __future__ import annotations

import logging
import math
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from ven.errors import VenError

__all__ = [
    "MAX_REPLY_CHARS",
    "RESERVED_IDS",
    "Route",
    "RouteKind",
    "doc_id_key",
    "is_doc_id",
    "is_reserved_id",
    "parse_route",
]

_log = logging.getLogger("ven")

#: Words the grammar reserves; no document id may equal one of them in any case.
RESERVED_IDS: frozenset[str] = frozenset({"NONE", "ALL", "INDEX"})
#: Characters of a reply :func:`parse_route` reads; a routing reply is one short line, so
#: anything longer is cut here, which bounds the work for hostile or runaway replies.
MAX_REPLY_CHARS = 65_536
_MAX_ID_CHARS = 64

# Characters stripped from the edges of a line, an item, an id and a confidence:
# whitespace, backticks, straight and typographic quotes, and Markdown emphasis stars.
_EDGE = (
    " \t\u00a0\u3000`'\"\u2018\u2019\u201a\u201b\u201c\u201d\u201e\u201f\u00ab\u00bb\u2039\u203a*"
)
_FENCE = re.compile(r"\s*(?:```|~~~)")
_NUMBER = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)")


class RouteKind(StrEnum):
    """What a routing reply asks for."""

    #: No document is likely to help: search the whole collection as usual (or say so).
    NONE = "NONE"
    #: Every document is needed: no routing, regular search over the whole collection.
    ALL = "ALL"
    #: The index document itself answers: send it with :func:`ven.index_system_prompt`.
    INDEX = "INDEX"
    #: A list of documents with confidences: ``Route.docs``.
    DOCS = "DOCS"
    #: The reply could not be read: treat it like ``NONE`` or ``ALL`` (no routing).
    UNPARSED = "UNPARSED"


@dataclass(frozen=True, slots=True)
class Route:
    """A parsed routing reply.

    ``kind`` is a :class:`RouteKind`; ``docs`` holds ``(doc_id, confidence)`` pairs, each id
    once (case-insensitively), in order of first appearance in the reply, ``confidence`` an
    int 0–100. ``docs`` is ``()`` for every kind but ``DOCS``.

    >>> parse_route("C-17:90 | d3:40")
    Route(kind=<RouteKind.DOCS: 'DOCS'>, docs=(('C-17', 90), ('d3', 40)))
    """

    kind: RouteKind
    docs: tuple[tuple[str, int], ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.kind, RouteKind):
            raise VenError(f"Route.kind must be a RouteKind, got {self.kind!r}")
        if not isinstance(self.docs, tuple) or not all(
            isinstance(d, tuple)
            and len(d) == 2
            and isinstance(d[0], str)
            and type(d[1]) is int
            and 0 <= d[1] <= 100
            for d in self.docs
        ):
            raise VenError(
                "Route.docs must be a tuple of (doc_id: str, confidence: int 0-100) pairs"
            )
        if (self.kind is RouteKind.DOCS) != bool(self.docs):
            raise VenError("Route.docs must be non-empty exactly when kind is DOCS")

    @property
    def ids(self) -> tuple[str, ...]:
        """The document ids of ``docs``, in order."""
        return tuple(d for d, _ in self.docs)

    def confident(self, threshold: int = 70) -> tuple[str, ...]:
        """Ids whose confidence is at least ``threshold`` (70,
        :class:`ven.collection.Collection`'s default)."""
        return tuple(d for d, c in self.docs if c >= threshold)


_UNPARSED = Route(RouteKind.UNPARSED)
_KEYWORDS = {"none": RouteKind.NONE, "all": RouteKind.ALL, "index": RouteKind.INDEX}


def _is_control(ch: str) -> bool:
    return unicodedata.category(ch) in ("Cc", "Cs")  # (a lone surrogate is no character)


def is_reserved_id(value: str) -> bool:
    """Whether ``value`` is one of the grammar's words (:data:`RESERVED_IDS`) in some case."""
    return value.upper() in RESERVED_IDS


def is_doc_id(value: object) -> bool:
    """Whether ``value`` is a valid document id.

    1–64 characters; no whitespace, ``:``, ``|``, ``;``, control characters or lone
    surrogates; not ``NONE``, ``ALL`` or ``INDEX`` in any case.
    """
    if not isinstance(value, str) or not 0 < len(value) <= _MAX_ID_CHARS:
        return False
    for ch in value:
        if ch in ":|;" or ch.isspace() or _is_control(ch):
            return False
    return not is_reserved_id(value)


def doc_id_key(doc_id: str) -> str:
    """The key ids are compared by: case folded (ids match case-insensitively)."""
    return doc_id.casefold()


def _confidence(text: str) -> int:
    """The leading number of ``text``, rounded half up and clamped to 0..100; else 0."""
    m = _NUMBER.match(text)
    if m is None:
        return 0
    try:
        value = float(m.group())
    except (ValueError, OverflowError):  # pragma: no cover - the pattern only matches numbers
        return 0
    if math.isnan(value):  # pragma: no cover - cannot come out of the pattern
        return 0
    value = min(100.0, max(0.0, value))
    return math.floor(value + 0.5)


def _strip_trailing_punctuation(text: str) -> str:
    end = len(text)
    while end and (text[end - 1] in _EDGE or unicodedata.category(text[end - 1]).startswith("P")):
        end -= 1
    return text[:end]


def _known(known_ids: Iterable[str] | None) -> dict[str, str] | None:
    if known_ids is None:
        return None
    if isinstance(known_ids, (str, bytes, bytearray)):
        raise VenError(
            "parse_route known_ids must be an iterable of document ids, not a single string"
        )
    try:
        items = list(known_ids)
    except TypeError:
        raise VenError(
            f"parse_route known_ids must be an iterable of str, got {type(known_ids).__name__}"
        ) from None
    out: dict[str, str] = {}
    for item in items:
        if not isinstance(item, str):
            raise VenError(f"parse_route known_ids must hold str ids, got {type(item).__name__}")
        out.setdefault(doc_id_key(item), item)
    return out


def _is_prose(conf_text: str) -> bool:
    """A confidence part of two or more words that does not start with a number."""
    return _NUMBER.match(conf_text) is None and len(conf_text.split()) > 1


def _docs(line: str, known: dict[str, str] | None) -> tuple[tuple[str, int], ...]:
    spelling: dict[str, str] = {}
    best: dict[str, int] = {}
    for raw in line.split("|"):
        item = raw.strip(_EDGE)
        if not item:
            continue
        head, colon, tail = item.rpartition(":")
        if colon:
            id_text, conf_text = head.strip(_EDGE), tail.strip(_EDGE)
        else:
            id_text, conf_text = item, ""
        if not is_doc_id(id_text):
            continue
        if known is None and _is_prose(conf_text):
            continue  # "SYSTEM: route ALL" is a sentence, not an item
        key = doc_id_key(id_text)
        if known is not None:
            if key not in known:
                continue
            id_text = known[key]
        conf = _confidence(conf_text)
        if key not in spelling:
            spelling[key] = id_text
            best[key] = conf
        elif conf > best[key]:
            best[key] = conf
    return tuple((spelling[k], best[k]) for k in spelling)


def parse_route(reply: object, known_ids: Iterable[str] | None = None) -> Route:
    """Read a routing model's reply into a :class:`Route`; never raises for any reply.

    The rules: code fence lines are dropped and backticks, quotes
    and Markdown ``*`` are stripped from the edges of lines and items; the first non-empty
    line that parses decides. A keyword (``NONE``, ``ALL``, ``INDEX``) must be the whole
    line, case and trailing punctuation ignored. Otherwise the line is split into items on
    ``|`` and each item on its *last* ``:`` into an id and a confidence; an id must satisfy
    :func:`is_doc_id`, else the item is skipped, and a line with no id is not a ``DOCS``
    line. The confidence is the leading number, rounded half up and clamped to 0–100;
    missing or unreadable is 0. An id given twice (in any case) keeps its highest
    confidence at the place of its first appearance. A reply that is not a ``str`` (None,
    bytes, a message object: pass its text), or in which no line parses, is ``UNPARSED``.
    Only the first :data:`MAX_REPLY_CHARS` characters are read.

    ``known_ids``, optional, are the ids of the collection: an item whose id is not among
    them (compared case-insensitively) is skipped like a non-id, which lets a preamble
    word such as ``Sure`` fall through to the real answer, and the ids in the result are
    the caller's spelling. Without it, ids are returned as the model wrote them; compare
    them with :func:`doc_id_key` (``str.casefold``), and an item whose confidence part is
    two or more words not starting with a number is prose, not an item (``SYSTEM: route
    ALL`` routes nowhere; ``D1: high`` is still ``D1`` at 0). ``known_ids`` that is not an iterable
    of str raises :class:`~ven.VenError` (a programming error, not a bad reply).
    """
    known = _known(known_ids)
    if not isinstance(reply, str):
        _log.debug("parse_route: reply of type %s is UNPARSED", type(reply).__name__)
        return _UNPARSED
    try:
        for raw in reply[:MAX_REPLY_CHARS].splitlines():
            if _FENCE.match(raw):
                body = raw.strip()
                if not (len(body) > 6 and body[-3:] in ("```", "~~~")):
                    continue  # an opening or closing fence (with its info string)
            line = raw.strip(_EDGE)
            if not line:
                continue
            kind = _KEYWORDS.get(_strip_trailing_punctuation(line).casefold())
            if kind is not None:
                return Route(kind)
            docs = _docs(line, known)
            if docs:
                return Route(RouteKind.DOCS, docs)
    except Exception:  # noqa: BLE001  # pragma: no cover - parse_route must never raise
        _log.exception("parse_route failed on a reply; treating it as UNPARSED")
        return _UNPARSED
    return _UNPARSED
