"""The :class:`Ven` document: one document's structure, built from its metadata records."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ven.errors import VenError
from ven.expansion import Expansion, _flag, reference_order
from ven.index import IndexEntry, build_entry
from ven.layout import Layout, build_layout
from ven.phrases import PhraseFields, chunk_values, empty_fields, read_phrase_fields
from ven.schema import TABLE_HEADS, split_list
from ven.records import as_int, materialize, read_records

__all__ = ["Ven"]

_log = logging.getLogger("ven")


class Ven:
    """One document's chunk structure, read from its metadata records (never its text).

    ``Ven(records)`` takes the complete record set of one document — any iterable of
    mappings, in any order — reads it once, validates it and keeps
    only compact per-chunk values and indexes; no reference to the records or their text
    remains. Every rule a record breaks raises :class:`~ven.VenError` with ``.index`` (the
    record's position in the input) and ``.field`` set and named in the message.

    A ``Ven`` never changes after construction (assigning an attribute raises
    ``AttributeError``) and holds no mutable state, so one instance can serve any number of
    queries on any number of threads at once. Each query uses its own
    :class:`~ven.Expansion` from :meth:`begin_expansion`.

    >>> v = Ven([{"ssDocId": "D1", "ssTitle": "T", "ssSeq": 0, "ssCount": 1,
    ...           "ssTokens": 12, "ssType": "body", "ssPage": 1, "ssPageLast": 1,
    ...           "ssSect": 1, "ssTables": "", "ssRevs": 0, "ssRevAuthors": "",
    ...           "ssComs": 0, "ssComAuthors": ""}])
    >>> v.chunk_count, v.token_count(), v.has_tables
    (1, 12, False)
    """

    __slots__ = ("_lay", "_phr")

    _lay: Layout
    _phr: PhraseFields

    def __init__(self, records: Iterable[Mapping[str, Any]]) -> None:
        started = time.perf_counter()
        items = materialize(records)
        cols = read_records(items)
        lay = build_layout(cols)
        object.__setattr__(self, "_lay", lay)
        object.__setattr__(self, "_phr", read_phrase_fields(items, cols))
        if _log.isEnabledFor(logging.DEBUG):
            _log.debug(
                "Ven %s: %d chunks, %d tokens, %d tables, built in %.1f ms",
                lay.doc_id,
                lay.n,
                lay.total_tokens,
                lay.table_count,
                (time.perf_counter() - started) * 1000.0,
            )

    # ---- immutability ------------------------------------------------------------------

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Ven objects are immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Ven objects are immutable")

    def __copy__(self) -> Ven:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Ven:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_from_layout, (self._lay, self._phr))

    def __repr__(self) -> str:
        lay = self._lay
        return (
            f"Ven(doc_id={lay.doc_id!r}, title={lay.title!r}, chunks={lay.n}, "
            f"tokens={lay.total_tokens})"
        )

    # ---- document properties -------------------------------------------------------------

    @property
    def doc_id(self) -> str:
        """The document id (``ssDocId``)."""
        return self._lay.doc_id

    @property
    def title(self) -> str:
        """The document title (``ssTitle``)."""
        return self._lay.title

    @property
    def chunk_count(self) -> int:
        """Number of chunks of the document, of every type (``ssCount``)."""
        return self._lay.n

    @property
    def page_count(self) -> int:
        """Number of distinct pages covered by body chunks (0 when there are none)."""
        return self._lay.page_count

    @property
    def has_tables(self) -> bool:
        """Whether any chunk holds part of a table (a non-empty ``ssTables``)."""
        return self._lay.table_count > 0

    @property
    def has_revisions(self) -> bool:
        """Whether any chunk has tracked revisions (``ssRevs > 0``)."""
        return bool(self._lay.rev_seqs)

    @property
    def has_comments(self) -> bool:
        """Whether any chunk has comments (``ssComs > 0``)."""
        return bool(self._lay.com_seqs)

    @property
    def has_references(self) -> bool:
        """Whether any chunk refers to another's label (a non-empty ``ssRefs`` that some
        chunk's ``ssLabels`` carries)."""
        return bool(self._lay.referrers)

    # ---- document queries ----------------------------------------------------------------

    def _chunk(self, seq: object) -> int:
        """``seq`` as a chunk number; :class:`VenError` when it is none of this document's."""
        s = as_int(seq)
        if s is None or not 0 <= s < self._lay.n:
            raise VenError(f"seq must be a chunk number 0..{self._lay.n - 1}, got {seq!r:.60}")
        return s

    def references(
        self, seq: int, *, referring: bool = True, notes: bool = True
    ) -> tuple[int, ...]:
        """The chunks chunk ``seq`` refers to and, with ``referring``, those referring to
        it, in the order :meth:`Expansion.add_referenced_chunks` adds them: the first chunk
        carrying each label its ``ssRefs`` names (record order), then the chunks whose
        ``ssRefs`` name a label it carries, nearest first; with ``notes=False`` no ``^``
        label (a footnote or endnote) counts either way. Raises :class:`VenError` for a seq
        out of range."""
        s = self._chunk(seq)
        flags = _flag("referring", referring), _flag("notes", notes)
        return tuple(reference_order(self._lay, s, *flags))

    def table_chunks(self, seq: int) -> tuple[int, ...]:
        """The chunks of every table chunk ``seq`` is part of (``ssTables``, within its
        story type), ascending, ``seq`` included; empty when it holds no table. Raises
        :class:`VenError` for a seq out of range."""
        s = self._chunk(seq)
        lay = self._lay
        units = lay.tables_of[s]
        if len(units) == 1:
            return lay.table_seqs[units[0]]
        return tuple(sorted({c for t in units for c in lay.table_seqs[t]}))

    def table_columns(self, seq: int) -> tuple[str, ...]:
        """The column headings of the tables chunk ``seq`` holds rows of (its
        ``ssTableHeads``, each once, in order); empty when it holds none. Raises
        :class:`VenError` for a seq out of range."""
        s = self._chunk(seq)
        heads = (h for value in chunk_values(self._phr, s, TABLE_HEADS) for h in split_list(value))
        return tuple(dict.fromkeys(heads))  # (split_list drops empty items)

    def token_count(self) -> int:
        """Tokens of the whole document: the sum of every chunk's ``ssTokens``."""
        return self._lay.total_tokens

    def chunk_tokens(self, seq: int) -> int:
        """Tokens of chunk ``seq`` (its ``ssTokens``); 0 when ``seq`` is out of range.

        Raises :class:`~ven.VenError` when ``seq`` is not an int.
        """
        s = as_int(seq)
        if s is None:
            raise VenError(f"chunk_tokens takes an int seq, got {type(seq).__name__}")
        lay = self._lay
        return lay.tokens[s] if 0 <= s < lay.n else 0

    def revision_authors(self) -> tuple[str, ...]:
        """Authors of the tracked revisions, each once, in order of first appearance.

        Read with :func:`~ven.split_list` from ``ssRevAuthors`` of the chunks with
        ``ssRevs > 0`` in ssSeq order; names differing only in case or spacing count once
        (the first spelling is kept).
        """
        return self._lay.rev_authors

    def comment_authors(self) -> tuple[str, ...]:
        """Authors of the comments, each once, in order of first appearance.

        Same rules as :meth:`revision_authors`, read from ``ssComAuthors`` of the chunks
        with ``ssComs > 0``.
        """
        return self._lay.com_authors

    def section_pages(self) -> tuple[int, ...]:
        """Pages per section: entry ``k-1`` is the number of distinct pages covered by the
        body chunks of section ``k``, for ``k`` = 1 .. the highest ``ssSect`` (0 for a
        section without body chunks)."""
        lay = self._lay
        get = lay.sect_pages.get
        return tuple(get(k, 0) for k in range(1, lay.max_sect + 1))

    def section_chunks(self) -> tuple[int, ...]:
        """Body chunks per section, for sections 1 .. the highest ``ssSect``."""
        lay = self._lay
        get = lay.sect_chunks.get
        return tuple(get(k, 0) for k in range(1, lay.max_sect + 1))

    # ---- index document ------------------------------------------------------------------

    def create_document_index(
        self, pct: float = 10, count_tokens: Callable[[str], int] | None = None
    ) -> IndexEntry:
        """This document's entry of the collection's index document.

        The entry (see ``docs/routing.md``) is the line ``[DOC {id}] {title}``, the line
        ``tables: yes|no; revisions: yes|no; comments: yes|no; pages: N; sections: M`` and
        one line ``{Group}: phrase; phrase`` per non-empty group of key phrases (reviewers,
        comment authors, fields, terms, persons, organisations, places, headings, bold,
        excerpts, italic, table columns, lists). The phrase lines take about ``pct``
        percent of the document's tokens (a number from 0 to 100; never more than that plus
        one phrase); every chunk contributes in proportion to its tokens. Entries over 900
        tokens are cut into ``parts`` marked ``(cont.)``.

        ``count_tokens`` counts tokens (pass ``dan.count_tokens`` for exact o200k counts);
        without it ``ven`` uses a dependency-free estimate and ``entry.estimated`` is true.
        Raises :class:`~ven.VenError` for a bad ``pct`` or ``count_tokens``, and when the
        document id cannot appear in the routing grammar (``.field == "ssDocId"``).
        Deterministic: the same records and arguments give the same entry.
        """
        return build_entry(self._lay, self._phr, pct, count_tokens)

    # ---- expansion -----------------------------------------------------------------------

    def begin_expansion(self, seqs: Iterable[int], *, max_tokens: int | None = None) -> Expansion:
        """Start expanding the chunks a search returned; they become the anchor set.

        ``seqs`` is any iterable of chunk sequence numbers (duplicates are fine; an int-like
        value or an integral float is read as an int). Raises :class:`~ven.VenError` when
        an item is not an int or lies outside ``0 .. chunk_count - 1``; ``.index`` is then
        the item's position in ``seqs`` and ``.field`` is ``"ssSeq"``.

        ``max_tokens`` is a hard cap on the expanded set's tokens, anchors included: every
        method, completions too, skips a unit (a table, a run, a page, a chunk) that would
        pass it, whole, and reports it in :attr:`Expansion.skipped`. Anchors that alone
        hold more raise :class:`~ven.VenError`.
        """
        return Expansion(self, seqs, max_tokens)


def _from_layout(lay: Layout, phr: PhraseFields | None = None) -> Ven:
    v = object.__new__(Ven)
    object.__setattr__(v, "_lay", lay)
    object.__setattr__(v, "_phr", phr if phr is not None else empty_fields(lay.n))
    return v
