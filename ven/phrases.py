"""The key phrases of one document, read once from its records for the index entry.

A :class:`ven.Ven` keeps no chunk text, but its index entry (:mod:`ven.index`) needs the
phrase fields. Construction must stay fast, so :func:`read_phrase_fields` only copies the
fields, once, into a compact, immutable :class:`PhraseFields` — every distinct field value
once, as UTF-8 in one ``bytes``, and per chunk the (field, value) pairs packed into
``bytes`` — and does no parsing. :func:`phrase_table`, run by ``create_document_index``,
turns them into a :class:`PhraseTable`: every distinct phrase of the document once
(cleaned, compared case-insensitively, first spelling kept) with the group it is listed
under, and for each chunk the ids of its phrases.

Phrase rules:

* groups, in order of routing value: reviewers, comment authors, fields, terms, persons,
  organisations, places, headings (levels 1–3), bold, plain text (excerpts), italic,
  table column headings, list text; a phrase found in several groups is listed under the
  first (*first group wins*, for the whole document);
* a phrase is one line: control characters and whitespace runs become one space,
  ``[``/``]`` become ``(``/``)`` (so no phrase can look like an entry's ``[DOC id]`` line)
  and ``;`` becomes ``,`` (``;`` separates phrases in the index); at most 100 characters,
  cut at a word;
* a phrase without a letter (a character of Unicode category L, ``str.isalpha``) is dropped
  unless it is a year (four ASCII digits, 1000–2999);
* a phrase equal to the document title is dropped (the title is on the entry's first line);
* headings keep only levels 1–3 (``#``, ``##``, ``###`` prefixes as ``dan`` writes them; a
  heading without a prefix counts as level 1); ``ssPlain`` (free text, not a list) is cut
  into sentences of at most 100 characters.
"""

from __future__ import annotations

import re
from array import array
from collections.abc import Mapping, Sequence
from typing import NamedTuple

from ven.records import Columns, as_int
from ven.schema import (
    BOLD,
    COM_AUTHORS,
    FIELDS,
    HEADINGS,
    ITALIC,
    LISTS,
    ORGS,
    PERSONS,
    PLACES,
    PLAIN,
    REV_AUTHORS,
    SEQ,
    TABLE_HEADS,
    TERMS,
    split_list,
)

__all__ = [
    "COMMENT_AUTHORS",
    "FIELD_ORDER",
    "GROUP_LABELS",
    "GROUP_OF_CODE",
    "HEADING1",
    "MAX_PHRASE_CHARS",
    "REVIEWERS",
    "PhraseFields",
    "PhraseTable",
    "chunk_values",
    "clean_phrase",
    "cut_at_word",
    "empty_fields",
    "phrase_table",
    "read_phrase_fields",
]

#: Labels of the index entry's phrase lines, in the order they appear.
GROUP_LABELS: tuple[str, ...] = (
    "Reviewers",
    "Comment authors",
    "Fields",
    "Terms",
    "Persons",
    "Organisations",
    "Places",
    "Headings",
    "Bold",
    "Excerpts",
    "Italic",
    "Table columns",
    "Lists",
)

# Internal group codes, in priority order. Headings are split by level so that level-1
# headings can be chosen first; both levels are listed on the one "Headings" line.
REVIEWERS = 0
COMMENT_AUTHORS = 1
_FIELDS = 2
_TERMS = 3
_PERSONS = 4
_ORGS = 5
_PLACES = 6
HEADING1 = 7
_HEADING23 = 8
_BOLD = 9
_PLAIN = 10
_ITALIC = 11
_TABLE_HEADS = 12
_LISTS = 13
#: Index into :data:`GROUP_LABELS` of each group code.
GROUP_OF_CODE: tuple[int, ...] = (0, 1, 2, 3, 4, 5, 6, 7, 7, 8, 9, 10, 11, 12)

#: Longest phrase, in characters.
MAX_PHRASE_CHARS = 100

# Phrase fields and their group codes, in the order a chunk's phrases are read.
_LIST_FIELDS: tuple[tuple[str, int], ...] = (
    (REV_AUTHORS, REVIEWERS),
    (COM_AUTHORS, COMMENT_AUTHORS),
    (FIELDS, _FIELDS),
    (TERMS, _TERMS),
    (PERSONS, _PERSONS),
    (ORGS, _ORGS),
    (PLACES, _PLACES),
    (HEADINGS, HEADING1),
    (BOLD, _BOLD),
    (PLAIN, _PLAIN),
    (ITALIC, _ITALIC),
    (TABLE_HEADS, _TABLE_HEADS),
    (LISTS, _LISTS),
)

#: The record fields :func:`read_phrase_fields` copies, in reading order (authors first).
FIELD_ORDER: tuple[str, ...] = tuple(name for name, _ in _LIST_FIELDS)
_FIELD_CODE = dict(_LIST_FIELDS)

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
_YEAR = re.compile(r"[12][0-9]{3}")
_HEADING = re.compile(r"(#+)\s+(.*)", re.DOTALL)
_SENTENCE_END = re.compile(r"(?<=[.!?\u3002\uff01\uff1f])\s+")
_ENDS = frozenset(".!?\u3002\uff01\uff1f")
_ONE_LINE = str.maketrans({"[": "(", "]": ")", ";": ","})


def _unpack(data: bytes) -> array[int]:
    out = array("I")
    out.frombytes(data)
    return out


class PhraseFields(NamedTuple):
    """The phrase fields of one document's records, copied at construction (immutable).

    Distinct field value ``v`` is the UTF-8 text ``blob[starts[v]:starts[v + 1]]``; chunk
    ``seq`` has the entries ``entries[offsets[seq]:offsets[seq + 1]]``, each ``v * 16 +
    field`` with ``field`` an index into :data:`FIELD_ORDER`. ``starts``, ``entries`` and
    ``offsets`` are arrays of unsigned 32-bit ints packed as ``bytes``.
    """

    blob: bytes
    starts: bytes
    entries: bytes
    offsets: bytes


def empty_fields(n: int) -> PhraseFields:
    """The phrase fields of ``n`` chunks that have none."""
    return PhraseFields(b"", bytes(4), b"", bytes(4 * (n + 1)))


class PhraseTable(NamedTuple):
    """Every distinct phrase of one document and the phrases of each chunk.

    ``texts[pid]`` is phrase ``pid`` (ids in order of first appearance, ssSeq order),
    ``groups[pid]`` its group code (first group wins), ``h1[pid]`` 1 when it is a level-1
    heading somewhere; ``chunks[seq]`` lists the phrase ids of chunk ``seq`` in the order
    its fields list them, each once. Built per ``create_document_index`` call.
    """

    texts: list[str]
    groups: bytes
    h1: bytes
    chunks: list[list[int]]


def cut_at_word(text: str, limit: int = MAX_PHRASE_CHARS) -> str:
    """``text`` cut to at most ``limit`` characters, at a word boundary when one is near."""
    if len(text) <= limit:
        return text
    cut = text[: limit + 1]
    space = cut.rfind(" ")
    if space > limit // 2:
        return cut[:space].rstrip()
    return text[:limit].rstrip()


def clean_phrase(text: str) -> str:
    """``text`` as an index phrase, or ``""`` when it is dropped (see the module rules)."""
    if _CONTROL.search(text):
        text = _CONTROL.sub(" ", text)
    text = " ".join(text.split()).translate(_ONE_LINE)
    if len(text) > MAX_PHRASE_CHARS:
        text = cut_at_word(text)
    if not text:
        return ""
    for ch in text:
        if ch.isalpha():
            return text
    return text if _YEAR.fullmatch(text) else ""


def _plain_phrases(value: str) -> list[str]:
    """Free text (``ssPlain``) as phrases of at most 100 characters: whole sentences packed
    together, a longer sentence in pieces cut at words; a final ``.``, ``,``, ``;`` or ``:``
    is dropped (the index separates phrases itself)."""
    pieces: list[str] = []
    for sentence in _SENTENCE_END.split(" ".join(value.split())):
        rest = sentence
        while rest:
            piece = cut_at_word(rest)
            pieces.append(piece)
            rest = rest[len(piece) :].lstrip()
    out: list[str] = []
    for piece in pieces:
        if out and len(out[-1]) + 1 + len(piece) <= MAX_PHRASE_CHARS and out[-1][-1:] in _ENDS:
            out[-1] = out[-1] + " " + piece
        else:
            out.append(piece)
    return [p.rstrip(".,;:。") or p for p in out]


def _field_phrases(field: str, code: int, value: str) -> tuple[tuple[int, str], ...]:
    """The (group code, cleaned phrase) pairs of one field value."""
    items = _plain_phrases(value) if field == PLAIN else split_list(value)
    out: list[tuple[int, str]] = []
    for item in items:
        c = code
        if field == HEADINGS:
            m = _HEADING.fullmatch(item.strip())
            if m is not None:
                level = len(m.group(1))
                if level > 3:
                    continue
                c = HEADING1 if level == 1 else _HEADING23
                item = m.group(2)
        p = clean_phrase(item)
        if p:
            out.append((c, p))
    return tuple(out)


def read_phrase_fields(items: Sequence[Mapping[str, object]], cols: Columns) -> PhraseFields:
    """Copy the phrase fields of validated records ``items`` (any order, columns ``cols``).

    Missing or ``None`` fields are empty. The author fields are kept only for chunks with
    ``ssRevs`` / ``ssComs`` > 0, as everywhere in ``ven``. No parsing happens here.
    """
    n = len(cols.tokens)
    by_seq: list[Mapping[str, object] | None] = [None] * n
    for rec in items:
        seq = as_int(rec[SEQ])
        if seq is not None:  # always: read_records validated every ssSeq
            by_seq[seq] = rec
    value_id: dict[str, int] = {}
    blob = bytearray()
    starts = array("I", [0])
    entries = array("I")
    offsets = array("I", [0])
    fields = tuple(enumerate(FIELD_ORDER))
    revs, coms = cols.revs, cols.coms
    for seq in range(n):
        record = by_seq[seq]
        if record is not None:
            get = record.get
            for f, name in fields:
                value = get(name)
                if not value or not isinstance(value, str):  # str or None: read_records checked
                    continue
                if (f == 0 and revs[seq] <= 0) or (f == 1 and coms[seq] <= 0):
                    continue
                v = value_id.get(value)
                if v is None:
                    v = value_id[value] = len(value_id)
                    blob.extend(value.encode("utf-8", "surrogatepass"))
                    starts.append(len(blob))
                entries.append(v * 16 + f)
        offsets.append(len(entries))
    return PhraseFields(bytes(blob), starts.tobytes(), entries.tobytes(), offsets.tobytes())


def chunk_values(fields: PhraseFields, seq: int, name: str) -> list[str]:
    """The raw values of field ``name`` (one of :data:`FIELD_ORDER`) of chunk ``seq``; reads
    only that chunk's entries (the arrays are viewed in place, not unpacked)."""
    f = FIELD_ORDER.index(name)
    offsets = memoryview(fields.offsets).cast("I")
    if not 0 <= seq < len(offsets) - 1:
        return []
    lo, hi = offsets[seq], offsets[seq + 1]
    if lo == hi:
        return []
    starts = memoryview(fields.starts).cast("I")
    entries = memoryview(fields.entries).cast("I")
    out: list[str] = []
    for k in range(lo, hi):
        e = entries[k]
        if e & 15 == f:
            v = e >> 4
            out.append(fields.blob[starts[v] : starts[v + 1]].decode("utf-8", "surrogatepass"))
    return out


def phrase_table(fields: PhraseFields, title: str) -> PhraseTable:
    """Parse the copied fields into the document's :class:`PhraseTable` (module rules)."""
    starts = _unpack(fields.starts)
    entries = _unpack(fields.entries)
    offsets = _unpack(fields.offsets)
    blob = fields.blob
    texts: list[str] = []
    groups = bytearray()
    h1 = bytearray()
    pid_of: dict[str, int] = {}
    title_key = clean_phrase(title).casefold()
    parsed: dict[int, tuple[tuple[int, str], ...]] = {}
    chunks: list[list[int]] = []
    for seq in range(len(offsets) - 1):
        mine: list[int] = []
        here: set[int] = set()
        for k in range(offsets[seq], offsets[seq + 1]):
            e = entries[k]
            found = parsed.get(e)
            if found is None:
                v = e >> 4
                value = blob[starts[v] : starts[v + 1]].decode("utf-8", "surrogatepass")
                name = FIELD_ORDER[e & 15]
                found = parsed[e] = _field_phrases(name, _FIELD_CODE[name], value)
            for code, text in found:
                key = text.casefold()
                if key == title_key:
                    continue
                pid = pid_of.get(key)
                if pid is None:
                    pid = pid_of[key] = len(texts)
                    texts.append(text)
                    groups.append(code)
                    h1.append(0)
                elif code < groups[pid]:
                    groups[pid] = code
                if code == HEADING1:
                    h1[pid] = 1
                if pid not in here:
                    here.add(pid)
                    mine.append(pid)
        chunks.append(mine)
    return PhraseTable(texts, bytes(groups), bytes(h1), chunks)
