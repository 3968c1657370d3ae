"""The :class:`Expansion`: the state of one query against one :class:`ven.Ven`.

An expansion holds the *original* seqs given to :meth:`ven.Ven.begin_expansion`, the
*anchor* set (the original seqs until :meth:`Expansion.anchor` is called) and the
*expanded* set (anchors plus every chunk added so far). Methods expand from the anchor
set, so chaining them does not compound until :meth:`Expansion.anchor`. Budgets cap the
*enrichment tokens*: the tokens of the expanded set beyond the original seqs, and
completions ignore them; ``max_tokens``, when given, is a hard cap on the *whole* expanded
set that nothing passes: a unit (a table, a run, a page, a chunk) that would pass it is
skipped whole and reported in :attr:`Expansion.skipped`. The exact rules are in
``docs/ven.md``.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING

from ven.errors import VenError
from ven.layout import Layout, author_key
from ven.ordering import by_distance, nearest_first
from ven.records import as_int
from ven.schema import SEQ

if TYPE_CHECKING:
    from ven.document import Ven

__all__ = ["Expansion", "Skipped"]

Budget = int | float | None


@dataclass(frozen=True, slots=True)
class Skipped:
    """A unit the ``max_tokens`` cap kept out of an expansion: ``what`` it was
    (``"table"``, ``"revisions"``, ``"comments"``, ``"page"`` or ``"chunk"``), the chunks
    it would have added and their tokens."""

    what: str
    seqs: tuple[int, ...]
    tokens: int


#: The type set of a list of plain ints (begin_expansion's check in C).
_INT = frozenset({int})


def _max_tokens(value: object) -> int | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or int(value) < 1:
        raise VenError(f"max_tokens must be None or an int >= 1, got {value!r}")
    return int(value)


def _flag(name: str, value: object) -> bool:
    if not isinstance(value, bool):
        raise VenError(f"{name} must be True or False, got {type(value).__name__} {value!r}")
    return value


def _pages_arg(name: str, value: object) -> int:
    n = as_int(value)
    if n is None:
        raise VenError(f"{name} must be an int, got {type(value).__name__} {value!r}")
    if n < 0:
        raise VenError(f"{name} must be >= 0, got {n}")
    return n


def _budget(value: object) -> float | int | None:
    """``None`` (no cap) or a number >= 0: an int-like value or a real number (not NaN)."""
    if value is None:
        return None
    n: int | float | None = as_int(value)
    if n is None:
        if not isinstance(value, numbers.Real) or isinstance(value, bool):
            raise VenError(
                f"budget must be None or a number >= 0, got {type(value).__name__} {value!r}"
            )
        n = float(value)
        if math.isnan(n):
            raise VenError("budget must be None or a number >= 0, got nan")
    if n < 0:
        raise VenError(f"budget must be None or a number >= 0, got {value!r}")
    return n


def _author(value: object) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise VenError(f"author must be a str, got {type(value).__name__}")
    return author_key(value)


def reference_order(lay: Layout, seq: int, referring: bool = True, notes: bool = True) -> list[int]:
    """The chunks chunk ``seq`` refers to (the first chunk carrying each label its
    ``ssRefs`` names, in record order), then, with ``referring``, the chunks whose
    ``ssRefs`` name a label it carries, nearest it first, then by ssSeq; none twice, never
    ``seq`` itself. Without ``notes``, no ``^`` label counts: a chunk brings neither the
    notes it cites nor, for a note, the chunks citing it."""
    out: dict[int, None] = {}
    for key in lay.refs_of[seq]:
        if not notes and key.startswith("^"):
            continue
        holders = lay.label_seqs.get(key)
        if holders:
            out.setdefault(holders[0], None)
    if referring and lay.labels_of[seq]:
        found: set[int] = set()
        for key in lay.labels_of[seq]:
            if notes or not key.startswith("^"):
                found.update(lay.referrers.get(key, ()))
        for _, c in sorted((abs(c - seq), c) for c in found):
            out.setdefault(c, None)
    out.pop(seq, None)
    return list(out)


class Expansion:
    """The expansion state of one query for one document; create it with
    :meth:`ven.Ven.begin_expansion`.

    Mutable and meant for one thread. Every expansion method returns the cumulative
    enrichment tokens (:attr:`enrichment_tokens`). After :meth:`end` (or leaving a
    ``with`` block) every call, property reads included, raises :class:`~ven.VenError`.
    """

    __slots__ = (
        "_anchors",
        "_cap",
        "_ended",
        "_lay",
        "_orig",
        "_set",
        "_skipped",
        "_sorted",
        "_tokens",
    )

    def __init__(self, ven: Ven, seqs: Iterable[int], max_tokens: int | None = None) -> None:
        lay = getattr(ven, "_lay", None)
        if not isinstance(lay, Layout):
            raise VenError(f"Expansion needs a Ven, got {type(ven).__name__}")
        n = lay.n
        # The common case, checked in C: a list or tuple of valid ints. Anything else is
        # read lazily, one item at a time (a huge iterator fails at its first bad item).
        if type(seqs) in (list, tuple) and (
            not seqs or (set(map(type, seqs)) == _INT and min(seqs) >= 0 and max(seqs) < n)
        ):
            chosen = set(seqs)
        elif isinstance(seqs, (str, bytes, bytearray)) or not isinstance(seqs, Iterable):
            raise VenError(
                f"begin_expansion takes an iterable of chunk seqs, got {type(seqs).__name__}"
            )
        else:
            chosen = set()
            for pos, item in enumerate(seqs):
                s = item if type(item) is int else as_int(item)
                if s is None:
                    raise VenError(
                        f"seqs item {pos}, field 'ssSeq': expected an int, got "
                        f"{type(item).__name__} {item!r:.60}",
                        index=pos,
                        field=SEQ,
                    )
                if s < 0 or s >= n:
                    raise VenError(
                        f"seqs item {pos}, field 'ssSeq': {s} is out of range 0..{n - 1}",
                        index=pos,
                        field=SEQ,
                    )
                chosen.add(s)
        total = sum(map(lay.tokens.__getitem__, chosen))
        cap = _max_tokens(max_tokens)
        if cap is not None and total > cap:
            raise VenError(
                f"the {len(chosen)} anchor chunks hold {total} tokens, over max_tokens={cap}: "
                "pass fewer search results or a larger max_tokens"
            )
        self._cap = cap
        self._skipped: list[Skipped] = []
        self._lay = lay
        self._set = chosen
        self._orig = total
        self._tokens = total
        self._anchors: tuple[int, ...] = tuple(sorted(chosen))
        self._sorted: tuple[int, ...] | None = self._anchors
        self._ended = False

    # ---- state ---------------------------------------------------------------------------

    def _live(self) -> Layout:
        if self._ended:
            raise VenError("this expansion has ended; begin a new one")
        return self._lay

    def _add(self, seqs: Iterable[int], what: str = "chunk") -> bool:
        """Add a unit whole (repeats in ``seqs`` count once); under ``max_tokens`` a unit
        that would pass it is skipped and reported instead. Returns whether it was added (or
        had nothing new)."""
        new = set(seqs).difference(self._set)
        if not new:
            return True
        added = sum(map(self._lay.tokens.__getitem__, new))
        if self._cap is not None and self._tokens + added > self._cap:
            self._skipped.append(Skipped(what, tuple(sorted(new)), added))
            return False
        self._set.update(new)
        self._sorted = None
        self._tokens += added
        return True

    def _add_new(self, new: set[int]) -> None:
        """Add every chunk of ``new`` (a set the caller gives up: it is changed) with no cap
        to check: what :meth:`_add` does when nothing can be skipped."""
        new -= self._set
        if new:
            self._set |= new
            self._sorted = None
            self._tokens += sum(map(self._lay.tokens.__getitem__, new))

    def _room(self, budget: Budget) -> bool:
        return budget is None or self._tokens - self._orig < budget

    @property
    def seqs(self) -> tuple[int, ...]:
        """The expanded set (anchors and every chunk added), ascending ssSeq."""
        self._live()
        if self._sorted is None:
            self._sorted = tuple(sorted(self._set))
        return self._sorted

    @property
    def anchors(self) -> tuple[int, ...]:
        """The anchor set the methods expand from, ascending ssSeq."""
        self._live()
        return self._anchors

    @property
    def tokens(self) -> int:
        """Tokens of the expanded set, anchors included."""
        self._live()
        return self._tokens

    @property
    def max_tokens(self) -> int | None:
        """The hard cap on :attr:`tokens` given to :meth:`ven.Ven.begin_expansion`, or None."""
        self._live()
        return self._cap

    @property
    def skipped(self) -> tuple[Skipped, ...]:
        """The units the ``max_tokens`` cap kept out, in the order they were met."""
        self._live()
        return tuple(self._skipped)

    @property
    def enrichment_tokens(self) -> int:
        """Tokens added beyond the original seqs (what budgets cap)."""
        self._live()
        return self._tokens - self._orig

    def anchor(self) -> None:
        """Make the expanded set the new anchor set.

        Later methods expand from everything selected so far. The original seqs, and so
        :attr:`enrichment_tokens`, do not change.
        """
        self._live()
        self._anchors = self.seqs

    def end(self) -> None:
        """End the expansion; any later call on it raises :class:`~ven.VenError`."""
        self._live()
        self._ended = True

    def __enter__(self) -> Expansion:
        self._live()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self._ended = True

    def __repr__(self) -> str:
        if self._ended:
            return f"<Expansion of {self._lay.doc_id!r}, ended>"
        return (
            f"<Expansion of {self._lay.doc_id!r}: {len(self._anchors)} anchors, "
            f"{len(self._set)} chunks, {self._tokens} tokens "
            f"({self._tokens - self._orig} enrichment)>"
        )

    # ---- completions (ignore the budget) -------------------------------------------------

    def _complete_tables_of(self, seqs: Iterable[int], done: set[int]) -> None:
        lay = self._lay
        tables_of = lay.tables_of
        table_seqs = lay.table_seqs
        for s in seqs:
            for t in tables_of[s]:
                if t not in done:
                    done.add(t)
                    self._add(table_seqs[t], "table")

    def _complete_runs(
        self, run_of: tuple[int, ...], runs: tuple[tuple[int, ...], ...], what: str
    ) -> None:
        done: set[int] = set()
        for a in self._anchors:
            r = run_of[a]
            if r >= 0 and r not in done:
                done.add(r)
                self._add(runs[r], what)

    def complete_tables(self) -> int:
        """Add every chunk of every table an anchor holds part of, within the anchor's
        ``ssType`` (a body table from body chunks, a header table from header chunks).

        Ignores budgets. Returns the cumulative enrichment tokens.
        """
        self._live()
        self._complete_tables_of(self._anchors, set())
        return self._tokens - self._orig

    def complete_revisions(self) -> int:
        """For each anchor with revisions, add the run of neighbouring chunks (previous /
        next chunk of the same ``ssType`` in ssSeq order) that also have revisions, up to
        the first one without.

        Ignores budgets. Returns the cumulative enrichment tokens.
        """
        lay = self._live()
        self._complete_runs(lay.rev_run_of, lay.rev_runs, "revisions")
        return self._tokens - self._orig

    def complete_comments(self) -> int:
        """Like :meth:`complete_revisions`, for runs of chunks with comments."""
        lay = self._live()
        self._complete_runs(lay.com_run_of, lay.com_runs, "comments")
        return self._tokens - self._orig

    # ---- additions (respect the budget) --------------------------------------------------

    def _add_chunks(self, cands: Sequence[int], budget: Budget) -> None:
        if budget is None and self._cap is None:
            self._add(cands)
            return
        # lazily: a small budget costs only the few chunks it admits
        self._add_in_order((c for _, c in by_distance(cands, self._anchors)), budget)

    def _add_in_order(self, ordered: Iterable[int], budget: Budget) -> None:
        """Add ``ordered`` one chunk at a time while the budget allows."""
        s_set = self._set
        for c in ordered:
            if c in s_set:
                continue
            if not self._room(budget):
                return
            self._add((c,))  # (a chunk over the cap is skipped; a smaller one may fit)

    def add_revision_chunks(self, author: str = "", budget: Budget = None) -> int:
        """Add every chunk with revisions (``ssRevs > 0``), or only those listing
        ``author`` in ``ssRevAuthors`` (matched case-insensitively; an unknown author adds
        nothing). Works with an empty anchor set.

        Unit: one chunk, taken by distance to the nearest anchor, then by ssSeq; a chunk
        is added only while :attr:`enrichment_tokens` < ``budget``. Returns the cumulative
        enrichment tokens.
        """
        lay = self._live()
        return self._add_marked(lay.rev_by_author, lay.rev_seqs, author, budget)

    def add_comment_chunks(self, author: str = "", budget: Budget = None) -> int:
        """Like :meth:`add_revision_chunks`, for chunks with comments (``ssComs > 0``,
        authors from ``ssComAuthors``)."""
        lay = self._live()
        return self._add_marked(lay.com_by_author, lay.com_seqs, author, budget)

    def _add_marked(
        self,
        by_author: Mapping[str, tuple[int, ...]],
        marked: tuple[int, ...],
        author: str,
        budget: Budget,
    ) -> int:
        """Add the ``marked`` chunks (revised or commented), or only ``author``'s of them,
        nearest an anchor first, within ``budget``; the cumulative enrichment tokens."""
        key = _author(author)
        b = _budget(budget)
        self._add_chunks(by_author.get(key, ()) if key else marked, b)
        return self._tokens - self._orig

    def add_referenced_chunks(
        self, budget: Budget = None, referring: bool = True, notes: bool = True
    ) -> int:
        """Add what the anchors refer to and, with ``referring``, what refers to them.

        For each anchor in ssSeq order: for each label its ``ssRefs`` names, in record
        order, the first chunk carrying that label in ``ssLabels`` (where the clause, part,
        table or section starts); then, with ``referring``, every chunk whose ``ssRefs``
        names a label the anchor carries (an exception, a derogation, a qualification
        written elsewhere), nearest the anchor first, then by ssSeq. With ``notes=False``
        no ``^`` label (a footnote or endnote) counts either way.

        Unit: one chunk; a chunk is added only while :attr:`enrichment_tokens` <
        ``budget``. Records without cross-reference fields add nothing. Returns the
        cumulative enrichment tokens.
        """
        lay = self._live()
        referring = _flag("referring", referring)
        notes = _flag("notes", notes)
        b = _budget(budget)
        order: dict[int, None] = {}
        for a in self._anchors:
            order.update(dict.fromkeys(reference_order(lay, a, referring, notes)))
        self._add_in_order(order, b)
        return self._tokens - self._orig

    def add_related_chunks(
        self,
        revisions: bool = True,
        comments: bool = True,
        all_tables: bool = False,
        adjacent_tables: bool = True,
        budget: Budget = None,
        references: bool = False,
    ) -> int:
        """Run the completions, then optionally add the document's other tables.

        In order: :meth:`complete_tables`; :meth:`complete_revisions` if ``revisions``;
        :meth:`complete_comments` if ``comments``; if ``adjacent_tables``, every table any
        chunk of the expanded set touches is completed, repeatedly, until no table in the
        set is partial; if ``references``, :meth:`add_referenced_chunks` within ``budget``
        (before the adjacent tables are completed, so a referenced table row brings its
        table); if ``all_tables``, every remaining table of the document, one whole
        table per unit, nearest to an anchor first (then by first ssSeq), while
        :attr:`enrichment_tokens` < ``budget`` (then, with ``adjacent_tables``, the tables
        those bring in part of are completed too). Completions ignore the budget.
        Returns the cumulative enrichment tokens.
        """
        lay = self._live()
        if (
            adjacent_tables is True
            and all_tables is False
            and references is False
            and type(revisions) is bool
            and type(comments) is bool
            and self._cap is None
        ):
            # the common call, with nothing to stop it part-way (the budget is checked but
            # only bounds what all_tables and references add)
            if budget is not None:
                _budget(budget)
            self._add_new(self._closure(lay, revisions, comments))
            return self._tokens - self._orig
        revisions = _flag("revisions", revisions)
        comments = _flag("comments", comments)
        all_tables = _flag("all_tables", all_tables)
        adjacent_tables = _flag("adjacent_tables", adjacent_tables)
        references = _flag("references", references)
        b = _budget(budget)
        done: set[int] = set()
        self._complete_tables_of(self._anchors, done)
        if revisions:
            self._complete_runs(lay.rev_run_of, lay.rev_runs, "revisions")
        if comments:
            self._complete_runs(lay.com_run_of, lay.com_runs, "comments")
        if references:
            self.add_referenced_chunks(budget=b)
        if adjacent_tables and lay.table_count:
            self._close_tables(done)
        if all_tables and lay.table_count:
            self._add_all_tables(b)
            if adjacent_tables:
                self._close_tables(done)
        return self._tokens - self._orig

    def _closure(self, lay: Layout, revisions: bool, comments: bool) -> set[int]:
        """What the completions and the closing of adjacent tables add, at once.

        With nothing to stop them part-way (no cap), the anchors' tables, their runs and
        then every table the set touches, repeatedly, reach exactly this: the table
        components (:attr:`Layout.comps`) of every chunk in the set and of every chunk of
        the anchors' runs, with those runs themselves.
        """
        comp_of, comps = lay.comp_of, lay.comps
        out: set[int] = set()
        seen: set[int] = set()

        def take_components(seqs: Iterable[int]) -> None:
            for s in seqs:
                c = comp_of[s]
                if c >= 0 and c not in seen:
                    seen.add(c)
                    out.update(comps[c])

        if lay.table_count:
            take_components(self._set)
        for on, run_of, runs in (
            (revisions, lay.rev_run_of, lay.rev_runs),
            (comments, lay.com_run_of, lay.com_runs),
        ):
            if not on or not runs:
                continue
            done: set[int] = set()
            for a in self._anchors:
                r = run_of[a]
                if r < 0 or r in done:
                    continue
                done.add(r)
                run = runs[r]
                out.update(run)
                if lay.table_count:
                    take_components(run)
        return out

    def _close_tables(self, done: set[int]) -> None:
        """Complete every table the expanded set touches until none is partial (a chunk
        brought in by one table may start another)."""
        frontier = tuple(self._set)
        while frontier:
            before = set(self._set)
            self._complete_tables_of(frontier, done)
            frontier = tuple(s for s in self._set if s not in before)

    def _add_all_tables(self, budget: Budget) -> None:
        """Add the tables not yet whole, one table per unit, nearest first.

        A table's distance is that of its chunk nearest to an anchor; ties (and every table,
        when there are no anchors) go by the table's first seq. The chunks holding tables
        are walked outward from the anchors lazily, so a small budget stops early.
        """
        lay = self._lay
        table_seqs = lay.table_seqs
        if budget is None:
            for seqs in table_seqs:
                self._add(seqs, "table")
            return
        if not self._anchors:
            for seqs in table_seqs:  # numbered in order of first seq
                if not self._take_table(seqs, budget):
                    return
            return
        tables_of = lay.tables_of
        seen: set[int] = set()
        group: list[int] = []
        group_d = -1
        for d, c in by_distance(lay.table_chunks, self._anchors):
            if d != group_d:
                if not self._take_tables(group, budget):
                    return
                group = []
                group_d = d
            for t in tables_of[c]:
                if t not in seen:
                    seen.add(t)
                    group.append(t)
        self._take_tables(group, budget)

    def _take_tables(self, group: list[int], budget: Budget) -> bool:
        table_seqs = self._lay.table_seqs
        group.sort(key=lambda t: table_seqs[t][0])
        return all(self._take_table(table_seqs[t], budget) for t in group)

    def _take_table(self, seqs: tuple[int, ...], budget: Budget) -> bool:
        """Add one whole table unless it is already whole; False once the budget is spent."""
        s_set = self._set
        if all(s in s_set for s in seqs):
            return True
        if not self._room(budget):
            return False
        self._add(seqs, "table")
        return True

    # ---- page and section additions ------------------------------------------------------

    def _page_unit(self, q: int, budget: Budget, sects: tuple[int, int] | None = None) -> bool:
        """Add the chunks of page ``q`` (sharing a section with ``sects``, the first and last
        section of an anchor) not yet in the set, if the budget allows. Returns False once
        the budget is spent (nothing more can be added)."""
        if budget is not None and self._tokens - self._orig >= budget:
            return False
        lay = self._lay
        if sects is None:
            self._add(lay.chunks_on_page(q), "page")
        else:
            lo, hi = sects
            first, last = lay.sect, lay.sect_last
            self._add(
                [c for c in lay.chunks_on_page(q) if first[c] <= hi and last[c] >= lo], "page"
            )
        return True

    def _page_anchors(self) -> list[int]:
        ok = self._lay.page_anchor
        return [a for a in self._anchors if ok[a]]

    def _own_pages(self, anchors: list[int], budget: Budget, by_sect: bool) -> bool:
        lay = self._lay
        page, last, sect, sect_last = lay.page, lay.page_last, lay.sect, lay.sect_last
        if not by_sect and not lay.wide and lay.page_dense:
            # The common case, without the general helpers: every page an anchor covers
            # lists the anchor, so each is worth visiting, and a page's list is its chunks.
            dense, base = lay.page_dense, lay.page_base
            if budget is None and self._cap is None:
                # nothing can stop it part-way: the union of the pages, added at once
                self._add_new(self._page_union(anchors))
                return True
            for a in anchors:
                for q in range(page[a], last[a] + 1):
                    if budget is not None and self._tokens - self._orig >= budget:
                        return False
                    self._add(dense[q - base], "page")
            return True
        for a in anchors:
            s = (sect[a], sect_last[a]) if by_sect else None
            for q in lay.pages_up(page[a], last[a]):
                if not self._page_unit(q, budget, s):
                    return False
        return True

    def _page_union(self, anchors: list[int]) -> set[int]:
        """Every chunk on the pages the ``anchors`` cover (dense page index, no wide
        chunks): the precomputed :attr:`Layout.own_pages` when the layout has them, else
        each anchor's pages walked."""
        lay = self._lay
        union: set[int] = set()
        grow = union.update
        own = lay.own_pages
        if own:
            for a in anchors:
                grow(own[a])
            return union
        page, last, dense, base = lay.page, lay.page_last, lay.page_dense, lay.page_base
        for a in anchors:
            for q in range(page[a], last[a] + 1):
                grow(dense[q - base])
        return union

    def _around(self, anchors: list[int], n: int, budget: Budget, by_sect: bool) -> bool:
        lay = self._lay
        page, last, sect, sect_last = lay.page, lay.page_last, lay.sect, lay.sect_last
        for a in anchors:
            p0, p1 = page[a], last[a]
            s = (sect[a], sect_last[a]) if by_sect else None
            before = lay.pages_down(max(1, p0 - n), p0 - 1) if p0 > 1 else []
            after = lay.pages_up(p1 + 1, p1 + n)
            for q in nearest_first(before, after, p0, p1):
                if not self._page_unit(q, budget, s):
                    return False
        return True

    def add_page_chunks(
        self, full_page: bool = True, num_pages: int = 0, budget: Budget = None
    ) -> int:
        """Add page context around the anchors, in four stages:

        1. if ``full_page``: the rest of every page each anchor is on;
        2. if ``num_pages`` > 0: the document's first page, then its last page;
        3. if ``num_pages`` > 0: ``num_pages`` pages before each anchor's first page and
           after its last page, nearest first (``p-1, p+1, p-2, ...``), anchors ascending;
        4. if ``num_pages`` > 0: the document's second page, then its second-to-last page.

        A unit is one page: the chunks of any type on it not yet in the set, added only
        while :attr:`enrichment_tokens` < ``budget``. Header and footer anchors do not
        anchor page context; with no other anchor nothing is added. Returns the
        cumulative enrichment tokens.
        """
        lay = self._live()
        if (
            full_page is True
            and num_pages == 0
            and type(num_pages) is int
            and budget is None
            and self._cap is None
            and lay.page_dense
            and not lay.wide
        ):
            # the common call: the rest of every page an anchor is on, added at once
            self._add_new(self._page_union(self._page_anchors()))
            return self._tokens - self._orig
        full_page = _flag("full_page", full_page)
        n = _pages_arg("num_pages", num_pages)
        b = _budget(budget)
        anchors = self._page_anchors()
        if not anchors or not (full_page or n):
            return self._tokens - self._orig
        if full_page and not self._own_pages(anchors, b, False):
            return self._tokens - self._orig
        if n:
            first, second, penult, last = self._lay.page_marks
            for q in (first, last):
                if q is not None and not self._page_unit(q, b):
                    return self._tokens - self._orig
            if not self._around(anchors, n, b, False):
                return self._tokens - self._orig
            for q in (second, penult):
                if q is not None and not self._page_unit(q, b):
                    break
        return self._tokens - self._orig

    def add_section_pages(self, num_pages: int, budget: Budget = None) -> int:
        """Add the rest of each anchor's pages, then ``num_pages`` pages before and after
        it (nearest first), taking only chunks with the anchor's ``ssSect``.

        Two stages (own pages for every anchor, then the surrounding pages), anchors
        ascending; a unit is one page's matching chunks not yet in the set, added only
        while :attr:`enrichment_tokens` < ``budget``. Header and footer anchors are
        skipped as in :meth:`add_page_chunks`. Returns the cumulative enrichment tokens.
        """
        self._live()
        n = _pages_arg("num_pages", num_pages)
        b = _budget(budget)
        anchors = self._page_anchors()
        if anchors and self._own_pages(anchors, b, True) and n:
            self._around(anchors, n, b, True)
        return self._tokens - self._orig
