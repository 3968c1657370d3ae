"""Validation of one document's metadata records (the input rules in ``docs/ven.md``).

:func:`read_records` reads the caller's iterable once, checks every rule and returns
:class:`Columns`: plain per-``ssSeq`` lists of the few values ``ven`` needs. Nothing of the
records themselves (and none of their text) is kept; :mod:`ven.layout` turns the columns
into the immutable indexes a :class:`ven.Ven` holds.
"""

from __future__ import annotations

import numbers
import operator
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple, SupportsIndex, cast

from ven.errors import VenError
from ven.schema import (
    COM_AUTHORS,
    COMS,
    COUNT,
    DOC_ID,
    LABELS,
    OPTIONAL_FIELDS,
    PAGE,
    PAGE_LAST,
    REFS,
    REQUIRED_FIELDS,
    REV_AUTHORS,
    REVS,
    SECT,
    SECT_LAST,
    SEQ,
    TABLES,
    TITLE,
    TOKENS,
    TYPE,
    label_key,
    split_list,
)

__all__ = ["INT_MAX", "Columns", "as_int", "materialize", "read_records"]

#: Largest value an int field may hold (``2**31 - 1``).
INT_MAX = 2**31 - 1

# Field positions inside REQUIRED_FIELDS, looked up once.
_POS = {name: i for i, name in enumerate(REQUIRED_FIELDS)}
#: Highest section number accepted (``section_pages()`` has one entry per section).
MAX_SECTION = 1_000_000

_INT_POS = tuple(_POS[f] for f in (SEQ, COUNT, TOKENS, PAGE, PAGE_LAST, SECT, REVS, COMS))
_STR_POS = tuple(_POS[f] for f in (DOC_ID, TITLE, TYPE, TABLES, REV_AUTHORS, COM_AUTHORS))
_I_DOC = _POS[DOC_ID]
_I_TITLE = _POS[TITLE]
_I_SEQ = _POS[SEQ]
_I_COUNT = _POS[COUNT]
_I_TOKENS = _POS[TOKENS]
_I_TYPE = _POS[TYPE]
_I_PAGE = _POS[PAGE]
_I_LAST = _POS[PAGE_LAST]
_I_SECT = _POS[SECT]
_I_TABLES = _POS[TABLES]
_I_REVS = _POS[REVS]
_I_REVA = _POS[REV_AUTHORS]
_I_COMS = _POS[COMS]
_I_COMA = _POS[COM_AUTHORS]


class Columns(NamedTuple):
    """Validated values of one document, each list indexed by ``ssSeq``."""

    doc_id: str
    title: str
    tokens: list[int]
    page: list[int]
    page_last: list[int]
    sect: list[int]
    #: Last section each chunk spans (``ssSectLast``; ``ssSect`` when missing).
    sect_last: list[int]
    types: list[str]
    tables: list[tuple[str, ...]]
    revs: list[int]
    rev_authors: list[tuple[str, ...]]
    coms: list[int]
    com_authors: list[tuple[str, ...]]
    #: Cross-reference labels each chunk carries and refers to, as :func:`label_key` keys.
    labels: list[tuple[str, ...]]
    refs: list[tuple[str, ...]]


def _keys(value: object) -> tuple[str, ...]:
    """A cross-reference field's labels as keys (missing or empty: none)."""
    if not value:
        return ()
    return tuple(dict.fromkeys(label_key(x) for x in split_list(str(value))))


def as_int(value: object) -> int | None:
    """Return ``value`` as an ``int`` the way ``ven`` reads int fields, else ``None``.

    Accepted: an ``int`` or anything with ``__index__`` (numpy integers, for instance) and
    an integral real number (``3.0``: vector stores often hand numbers back as floats).
    Never a ``bool``, never a string, never a non-integral or non-finite number.
    """
    if type(value) is int:
        return value
    if isinstance(value, (bool, str, bytes, bytearray)):
        return None
    if isinstance(value, int):
        return int(value)
    if hasattr(type(value), "__index__"):
        try:
            return operator.index(cast("SupportsIndex", value))
        except TypeError:
            return None
    if isinstance(value, numbers.Real):
        try:
            f = float(value)
        except (TypeError, ValueError, OverflowError):
            return None
        if f.is_integer():
            return int(f)
    return None


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _fail(index: int, field: str, problem: str) -> VenError:
    return VenError(f"record {index}, field {field!r}: {problem}", index=index, field=field)


def _plausible_section(index: int, field: str, s: int) -> None:
    """A page-range record set keeps whole-document section numbers, so a section may
    exceed the chunk count; but section_pages() lists every section up to the highest, and
    no real document has a million sections."""
    if s > MAX_SECTION:
        raise _fail(
            index,
            field,
            f"{s} is not a plausible section number (more than {MAX_SECTION:,}); "
            "the record is damaged",
        )


def materialize(records: object) -> list[Any]:
    """The records as a list, read once (a list is used as it is); a single string, bytes
    or mapping, or anything not iterable, raises :class:`~ven.VenError`; the items are
    checked by :func:`read_records`."""
    if isinstance(records, (str, bytes, bytearray, memoryview)):
        raise VenError(
            f"Ven takes an iterable of record mappings, not a single {type(records).__name__}"
        )
    if isinstance(records, Mapping):
        raise VenError(
            "Ven takes an iterable of record mappings, not a single mapping; "
            "pass all records of the document, e.g. [record]"
        )
    if not isinstance(records, Iterable):
        raise VenError(f"Ven takes an iterable of record mappings, got {type(records).__name__}")
    return records if isinstance(records, list) else list(records)


def read_records(records: Iterable[Mapping[str, object]]) -> Columns:
    """Read and validate one document's complete record set.

    Raises :class:`~ven.errors.VenError` for every input rule (``docs/ven.md``); where a
    record is at fault the error carries its position in the input (``.index``) and the
    field (``.field``), and the message names both.
    """
    items = materialize(records)
    n = len(items)
    if n == 0:
        raise VenError("empty document: skip it (Ven needs at least one record)")

    tokens = [0] * n
    page = [0] * n
    page_last = [0] * n
    sect = [0] * n
    sect_last = [0] * n
    types = [""] * n
    tables: list[tuple[str, ...]] = [()] * n
    revs = [0] * n
    rev_authors: list[tuple[str, ...]] = [()] * n
    coms = [0] * n
    com_authors: list[tuple[str, ...]] = [()] * n
    labels: list[tuple[str, ...]] = [()] * n
    refs: list[tuple[str, ...]] = [()] * n
    seen = [-1] * n  # seq -> input position of the record holding it

    doc_id = title = ""
    count0 = 0
    required = REQUIRED_FIELDS
    optional = OPTIONAL_FIELDS
    for i, rec in enumerate(items):
        if not isinstance(rec, Mapping):
            raise VenError(
                f"record {i}: expected a mapping of field names to values, "
                f"got {type(rec).__name__}",
                index=i,
            )
        try:
            vals = [rec[f] for f in required]
        except KeyError:
            missing = next(f for f in required if f not in rec)
            raise _fail(i, missing, "required field is missing") from None
        for p in _INT_POS:
            v = vals[p]
            if type(v) is not int:
                iv = as_int(v)
                if iv is None:
                    raise _fail(
                        i, required[p], f"expected an int, got {type(v).__name__} {_short(v)}"
                    )
                vals[p] = v = iv
            if v < 0 or v > INT_MAX:
                raise _fail(i, required[p], f"{v} is out of range 0..{INT_MAX}")
        for p in _STR_POS:
            v = vals[p]
            if not isinstance(v, str):
                raise _fail(i, required[p], f"expected a str, got {type(v).__name__} {_short(v)}")
        for f in optional:
            v = rec.get(f)
            if v is not None and not isinstance(v, str):
                raise _fail(i, f, f"expected a str, got {type(v).__name__} {_short(v)}")

        seq = vals[_I_SEQ]
        count = vals[_I_COUNT]
        if i == 0:
            doc_id = vals[_I_DOC]
            title = vals[_I_TITLE]
            count0 = count
            if count != n:
                raise _fail(
                    0,
                    COUNT,
                    f"ssCount is {count} but {n} records were given; pass the document's "
                    "complete record set",
                )
        else:
            if vals[_I_DOC] != doc_id:
                raise _fail(
                    i,
                    DOC_ID,
                    f"{_short(vals[_I_DOC])} differs from record 0's {_short(doc_id)}; "
                    "records of two documents are mixed",
                )
            if vals[_I_TITLE] != title:
                raise _fail(
                    i, TITLE, f"{_short(vals[_I_TITLE])} differs from record 0's {_short(title)}"
                )
            if count != count0:
                raise _fail(i, COUNT, f"{count} differs from record 0's {count0}")
        if seq >= n:
            raise _fail(
                i, SEQ, f"ssSeq {seq} is out of range 0..{n - 1}; the record set is incomplete"
            )
        if seen[seq] >= 0:
            raise _fail(
                i,
                SEQ,
                f"ssSeq {seq} duplicates record {seen[seq]}; records of two documents are mixed",
            )
        seen[seq] = i
        p0 = vals[_I_PAGE]
        p1 = vals[_I_LAST]
        if p0 < 1:
            raise _fail(i, PAGE, f"must be >= 1, got {p0}")
        if p1 < p0:
            raise _fail(i, PAGE_LAST, f"{p1} is less than ssPage {p0}")
        s = vals[_I_SECT]
        if s < 1:
            raise _fail(i, SECT, f"must be >= 1, got {s}")
        _plausible_section(i, SECT, s)

        s_last = s
        v = rec.get(SECT_LAST)
        if v is not None:
            sl = v if type(v) is int else as_int(v)
            if sl is None:
                raise _fail(i, SECT_LAST, f"expected an int, got {type(v).__name__} {_short(v)}")
            if sl < 0 or sl > INT_MAX:
                raise _fail(i, SECT_LAST, f"{sl} is out of range 0..{INT_MAX}")
            if sl < s:
                raise _fail(i, SECT_LAST, f"{sl} is less than ssSect {s}")
            if sl - s >= max(1, vals[_I_TOKENS]):
                # every section a chunk spans starts with a heading of at least one token
                raise _fail(
                    i,
                    SECT_LAST,
                    f"a chunk of {vals[_I_TOKENS]} tokens cannot span sections {s}..{sl}; "
                    "the record is damaged",
                )
            _plausible_section(i, SECT_LAST, sl)
            s_last = sl

        tokens[seq] = vals[_I_TOKENS]
        page[seq] = p0
        page_last[seq] = p1
        sect[seq] = s
        sect_last[seq] = s_last
        types[seq] = vals[_I_TYPE]
        tables[seq] = split_list(vals[_I_TABLES])
        revs[seq] = vals[_I_REVS]
        rev_authors[seq] = split_list(vals[_I_REVA])
        coms[seq] = vals[_I_COMS]
        com_authors[seq] = split_list(vals[_I_COMA])
        labels[seq] = _keys(rec.get(LABELS))
        refs[seq] = _keys(rec.get(REFS))

    # n distinct seqs, each < n: a permutation of 0..n-1 by construction.
    return Columns(
        doc_id,
        title,
        tokens,
        page,
        page_last,
        sect,
        sect_last,
        types,
        tables,
        revs,
        rev_authors,
        coms,
        com_authors,
        labels,
        refs,
    )
