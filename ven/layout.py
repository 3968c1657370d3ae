"""The immutable, compact indexes a :class:`ven.Ven` answers every query from.

:func:`build_layout` turns validated :class:`~ven.records.Columns` into a :class:`Layout`
in time linear in the number of chunks (plus one sort in the rare case described under
*pages* below). Everything a layout holds is a str, an int, a tuple, ``bytes`` or a
read-only mapping proxy, so a layout can be shared by any number of threads.

Pages. A chunk is *on* every page ``p`` with ``ssPage <= p <= ssPageLast``. Most chunks
cover one or two pages and are listed under each of their pages (``page_dense``, a tuple
indexed by ``page - page_base`` when page numbers are dense, else ``page_sparse``).
Chunks covering very many pages (typically a header or footer repeated across the
document) would make that index grow with the page span rather than with the chunk count,
so the chunks with the largest spans are kept apart as *wide* chunks once the index
reaches ``4 * n + 4096`` entries; a page query scans them (there are few in real
documents). The candidate-page helpers return only pages whose chunk set can differ from
the pages already visited, so a query never walks empty page ranges one by one.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterable, Sequence
from types import MappingProxyType
from typing import Any

from ven.records import Columns
from ven.schema import STORY_TYPES

__all__ = ["Layout", "author_key", "build_layout"]

_BODY = 0
#: Types whose chunks are page furniture: they never anchor page or section additions.
_FURNITURE = frozenset({"header", "footer"})


def author_key(name: str) -> str:
    """The key authors are compared by: whitespace runs collapsed, case folded."""
    return " ".join(name.split()).casefold()


def _merge(intervals: Iterable[tuple[int, int]]) -> list[tuple[int, int]]:
    """Union of closed integer intervals, sorted, adjacent ones joined."""
    out: list[tuple[int, int]] = []
    for lo, hi in sorted(intervals):
        if out and lo <= out[-1][1] + 1:
            if hi > out[-1][1]:
                out[-1] = (out[-1][0], hi)
        else:
            out.append((lo, hi))
    return out


def _span_pages(merged: Sequence[tuple[int, int]]) -> int:
    return sum(hi - lo + 1 for lo, hi in merged)


def _page_marks(
    merged: Sequence[tuple[int, int]],
) -> tuple[int | None, int | None, int | None, int | None]:
    """First, second, second-to-last and last covered page (``None`` where absent)."""
    if not merged:
        return None, None, None, None
    first = merged[0][0]
    last = merged[-1][1]
    if merged[0][1] > first:
        second: int | None = first + 1
    elif len(merged) > 1:
        second = merged[1][0]
    else:
        second = None
    if merged[-1][0] < last:
        penult: int | None = last - 1
    elif len(merged) > 1:
        penult = merged[-2][1]
    else:
        penult = None
    return first, second, penult, last


def _authors(
    counts: list[int], names: list[tuple[str, ...]]
) -> tuple[tuple[str, ...], MappingProxyType[str, tuple[int, ...]], tuple[int, ...]]:
    """Display names (first spelling, first appearance in ssSeq order), author key -> seqs,
    and every seq with a count > 0."""
    display: list[str] = []
    by_key: dict[str, list[int]] = {}
    with_any: list[int] = []
    for seq, cnt in enumerate(counts):
        if cnt <= 0:
            continue
        with_any.append(seq)
        for name in names[seq]:
            key = author_key(name)
            if not key:
                continue
            lst = by_key.get(key)
            if lst is None:
                by_key[key] = [seq]
                display.append(" ".join(name.split()))
            elif lst[-1] != seq:
                lst.append(seq)
    return (
        tuple(display),
        MappingProxyType({k: tuple(v) for k, v in by_key.items()}),
        tuple(with_any),
    )


def _own_pages(
    page: Sequence[int], last: Sequence[int], dense: Sequence[tuple[int, ...]], base: int
) -> tuple[tuple[int, ...], ...]:
    """Per seq, every chunk on the pages it covers (itself included, in no particular
    order): the page's own tuple for a chunk on one page, one shared tuple per page range
    for the others.

    Empty (the queries then walk the pages) when the ranges' tuples would hold more than
    ``8 n + 4096`` seqs in all: many chunks spanning distinct ranges over one crowded page
    would otherwise cost memory quadratic in the chunks.
    """
    ranges: dict[tuple[int, int], tuple[int, ...]] = {}
    out: list[tuple[int, ...]] = []
    budget = 8 * len(page) + 4096
    for p, q in zip(page, last):
        if p == q:
            out.append(dense[p - base])
            continue
        key = (p, q)
        got = ranges.get(key)
        if got is None:
            got = ranges[key] = tuple(set().union(*dense[p - base : q - base + 1]))
            budget -= len(got)
            if budget < 0:
                return ()
        out.append(got)
    return tuple(out)


def _components(
    tables_of: Sequence[tuple[int, ...]], table_seqs: Sequence[Sequence[int]], n: int
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Component id per seq (-1 for a chunk in no table) and the seqs of each component.

    A component is what completing tables until none is partial reaches from any of its
    chunks: chunks joined by sharing a table, transitively. Each chunk is in at most one,
    so the components hold at most ``n`` seqs in all.
    """
    comp_of = [-1] * n
    comps: list[tuple[int, ...]] = []
    table_done = [False] * len(table_seqs)
    for start in range(n):
        if comp_of[start] >= 0 or not tables_of[start]:
            continue
        cid = len(comps)
        comp_of[start] = cid
        members = [start]
        stack = [start]
        while stack:
            for t in tables_of[stack.pop()]:
                if table_done[t]:
                    continue
                table_done[t] = True
                for c in table_seqs[t]:
                    if comp_of[c] < 0:
                        comp_of[c] = cid
                        members.append(c)
                        stack.append(c)
        members.sort()
        comps.append(tuple(members))
    return tuple(comp_of), tuple(comps)


def _runs(
    counts: list[int], by_type: list[list[int]], n: int
) -> tuple[tuple[int, ...], tuple[tuple[int, ...], ...]]:
    """Run id per seq (-1 when the chunk has none) and the seqs of each run.

    A run is a maximal stretch of chunks with a count > 0 that are neighbours: consecutive
    in ssSeq order among the chunks of one ``ssType``.
    """
    run_of = [-1] * n
    runs: list[tuple[int, ...]] = []
    for seqs in by_type:
        cur: list[int] = []
        for s in seqs:
            if counts[s] > 0:
                cur.append(s)
            elif cur:
                runs.append(tuple(cur))
                cur = []
        if cur:
            runs.append(tuple(cur))
    for rid, run in enumerate(runs):
        for s in run:
            run_of[s] = rid
    return tuple(run_of), tuple(runs)


class Layout:
    """Compact per-chunk arrays and precomputed indexes of one document (internal)."""

    __slots__ = (
        "com_authors",
        "com_by_author",
        "com_run_of",
        "com_runs",
        "com_seqs",
        "comp_of",
        "comps",
        "doc_id",
        "label_seqs",
        "labels_of",
        "max_sect",
        "n",
        "own_pages",
        "page",
        "page_anchor",
        "page_base",
        "page_count",
        "page_dense",
        "page_keys",
        "page_last",
        "page_marks",
        "page_sparse",
        "referrers",
        "refs_of",
        "rev_authors",
        "rev_by_author",
        "rev_run_of",
        "rev_runs",
        "rev_seqs",
        "sect",
        "sect_chunks",
        "sect_last",
        "sect_pages",
        "table_chunks",
        "table_count",
        "table_seqs",
        "tables_of",
        "title",
        "tokens",
        "total_tokens",
        "type_code",
        "type_names",
        "wide",
    )

    doc_id: str
    title: str
    n: int
    total_tokens: int
    tokens: tuple[int, ...]
    page: tuple[int, ...]
    page_last: tuple[int, ...]
    sect: tuple[int, ...]
    sect_last: tuple[int, ...]
    type_code: bytes | tuple[int, ...]
    type_names: tuple[str, ...]
    page_anchor: bytes
    tables_of: tuple[tuple[int, ...], ...]
    table_seqs: tuple[tuple[int, ...], ...]
    table_count: int
    table_chunks: tuple[int, ...]
    rev_run_of: tuple[int, ...]
    rev_runs: tuple[tuple[int, ...], ...]
    rev_seqs: tuple[int, ...]
    rev_by_author: MappingProxyType[str, tuple[int, ...]]
    rev_authors: tuple[str, ...]
    com_run_of: tuple[int, ...]
    com_runs: tuple[tuple[int, ...], ...]
    com_seqs: tuple[int, ...]
    com_by_author: MappingProxyType[str, tuple[int, ...]]
    com_authors: tuple[str, ...]
    comp_of: tuple[int, ...]
    comps: tuple[tuple[int, ...], ...]
    own_pages: tuple[tuple[int, ...], ...]
    page_base: int
    page_dense: tuple[tuple[int, ...], ...]
    page_sparse: MappingProxyType[int, tuple[int, ...]]
    page_keys: tuple[int, ...]
    wide: tuple[int, ...]
    page_marks: tuple[int | None, int | None, int | None, int | None]
    page_count: int
    sect_chunks: MappingProxyType[int, int]
    sect_pages: MappingProxyType[int, int]
    max_sect: int
    labels_of: tuple[tuple[str, ...], ...]
    refs_of: tuple[tuple[str, ...], ...]
    label_seqs: MappingProxyType[str, tuple[int, ...]]
    referrers: MappingProxyType[str, tuple[int, ...]]

    def __init__(self, **values: Any) -> None:
        for name in self.__slots__:
            object.__setattr__(self, name, values[name])

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Layout is immutable")

    def __delattr__(self, name: str) -> None:
        raise AttributeError("Layout is immutable")

    def __reduce__(self) -> tuple[Any, ...]:
        state = {}
        for name in self.__slots__:
            v = getattr(self, name)
            state[name] = dict(v) if isinstance(v, MappingProxyType) else v
        return (_restore_layout, (state,))

    # ---- page queries -------------------------------------------------------------------

    def chunks_on_page(self, q: int) -> tuple[int, ...]:
        """Every chunk on page ``q`` (any type), in no particular order."""
        dense = self.page_dense
        if dense:
            i = q - self.page_base
            found = dense[i] if 0 <= i < len(dense) else ()
        else:
            found = self.page_sparse.get(q, ())
        wide = self.wide
        if wide:
            page, last = self.page, self.page_last
            extra = tuple(w for w in wide if page[w] <= q <= last[w])
            if extra:
                return found + extra
        return found

    def pages_up(self, lo: int, hi: int) -> list[int]:
        """Pages of ``lo..hi`` worth visiting in ascending order.

        Visiting only these, ascending, adds exactly what visiting every page would: a page
        left out holds only wide chunks that a listed, earlier page already holds.
        """
        return self._pages_worth(lo, hi, up=True)

    def pages_down(self, lo: int, hi: int) -> list[int]:
        """Pages of ``lo..hi`` worth visiting in descending order (see :meth:`pages_up`)."""
        out = self._pages_worth(lo, hi, up=False)
        out.reverse()
        return out

    def _pages_worth(self, lo: int, hi: int, *, up: bool) -> list[int]:
        """The pages :meth:`pages_up` (``up``) and :meth:`pages_down` visit, ascending: the
        keyed pages of ``lo..hi`` and, for each wide chunk reaching into the range, the page
        the walk meets it first (its first page in the range going up, its last going down)."""
        keys = self.page_keys
        i = bisect_left(keys, lo)
        j = bisect_right(keys, hi, i)
        out = list(keys[i:j])
        if self.wide:
            page, last = self.page, self.page_last
            inside = [w for w in self.wide if page[w] <= hi and last[w] >= lo]
            extra = {max(lo, page[w]) for w in inside} if up else {min(hi, last[w]) for w in inside}
            if extra:
                out = sorted(extra.union(out))
        return out


def _restore_layout(state: dict[str, Any]) -> Layout:
    for name, v in list(state.items()):
        if isinstance(v, dict):
            state[name] = MappingProxyType(v)
    return Layout(**state)


def build_layout(cols: Columns) -> Layout:
    """Build every index of one document from its validated columns."""
    n = len(cols.tokens)
    # Share one int object per distinct value: pages, sections and token counts repeat.
    shared: dict[int, int] = {}
    one = shared.setdefault
    page = tuple([one(x, x) for x in cols.page])
    page_last = tuple([one(x, x) for x in cols.page_last])
    sect = tuple([one(x, x) for x in cols.sect])
    sect_last = tuple([one(x, x) for x in cols.sect_last])
    tokens = tuple([one(x, x) for x in cols.tokens])
    del shared

    # Types: the four known stories first, unknown ones in order of first appearance.
    codes: dict[str, int] = {name: i for i, name in enumerate(STORY_TYPES)}
    type_names = list(STORY_TYPES)
    type_code = [0] * n
    by_type: list[list[int]] = [[] for _ in STORY_TYPES]
    for seq, name in enumerate(cols.types):
        c = codes.get(name)
        if c is None:
            c = codes[name] = len(type_names)
            type_names.append(name)
            by_type.append([])
        type_code[seq] = c
        by_type[c].append(seq)
    furniture = frozenset(codes[t] for t in _FURNITURE)
    page_anchor = bytes(c not in furniture for c in type_code)

    # Tables: one unit per (type, table id); units numbered in order of first appearance.
    unit_id: dict[tuple[int, str], int] = {}
    unit_seqs: list[list[int]] = []
    empty: tuple[int, ...] = ()
    tables_of: list[tuple[int, ...]] = [empty] * n
    for seq, ids in enumerate(cols.tables):
        if not ids:
            continue
        tc = type_code[seq]
        mine: list[int] = []
        seen: set[int] = set()  # (a chunk may list 200,000 tables: no list scans)
        for tid in ids:
            key = (tc, tid)
            u = unit_id.get(key)
            if u is None:
                u = unit_id[key] = len(unit_seqs)
                unit_seqs.append([])
            if u not in seen:
                seen.add(u)
                mine.append(u)
                unit_seqs[u].append(seq)
        tables_of[seq] = tuple(mine)

    comp_of, comps = _components(tables_of, unit_seqs, n)
    rev_run_of, rev_runs = _runs(cols.revs, by_type, n)
    com_run_of, com_runs = _runs(cols.coms, by_type, n)
    rev_authors, rev_by_author, rev_seqs = _authors(cols.revs, cols.rev_authors)
    com_authors, com_by_author, com_seqs = _authors(cols.coms, cols.com_authors)

    # Pages: narrow chunks listed per page, wide ones kept apart (see module docstring).
    spans = [page_last[s] - page[s] + 1 for s in range(n)]
    limit = 4 * n + 4096
    if sum(spans) <= limit:
        narrow: Iterable[int] = range(n)
        wide: tuple[int, ...] = ()
    else:
        order = sorted(range(n), key=spans.__getitem__)
        used = 0
        cut = n
        for k, s in enumerate(order):
            used += spans[s]
            if used > limit:
                cut = k
                break
        narrow = order[:cut]
        wide = tuple(sorted(order[cut:], key=lambda s: (page[s], s)))
    per_page: dict[int, list[int]] = {}
    for s in narrow:
        for q in range(page[s], page_last[s] + 1):
            lst = per_page.get(q)
            if lst is None:
                per_page[q] = [s]
            else:
                lst.append(s)
    page_keys = tuple(sorted(per_page))
    empty_page: tuple[int, ...] = ()
    page_base = page_keys[0] if page_keys else 1
    page_dense: tuple[tuple[int, ...], ...] = ()
    page_sparse: dict[int, tuple[int, ...]] = {}
    if page_keys and page_keys[-1] - page_base < 2 * len(page_keys) + 64:
        get = per_page.get
        page_dense = tuple(
            tuple(sorted(lst)) if (lst := get(q)) else empty_page
            for q in range(page_base, page_keys[-1] + 1)
        )
    else:
        page_sparse = {q: tuple(sorted(v)) for q, v in per_page.items()}
    own_pages = (
        _own_pages(page, page_last, page_dense, page_base) if page_dense and not wide else ()
    )

    # Document pages and sections count body chunks only.
    body = by_type[_BODY]
    body_pages = _merge((page[s], page_last[s]) for s in body)
    marks_from = body_pages if body else _merge((page[s], page_last[s]) for s in range(n))
    sect_iv: dict[int, list[tuple[int, int]]] = {}
    for s in body:
        for k in range(sect[s], sect_last[s] + 1):  # (a span is at most the chunk's tokens)
            sect_iv.setdefault(k, []).append((page[s], page_last[s]))
    sect_chunks = {k: len(v) for k, v in sect_iv.items()}
    sect_pages = {k: _span_pages(_merge(v)) for k, v in sect_iv.items()}

    # Cross-references: which chunks carry each label, and which refer to a carried one
    # (a reference to a label no chunk carries leads nowhere).
    carry: dict[str, list[int]] = {}
    refer: dict[str, list[int]] = {}
    for seq in range(n):
        for label in cols.labels[seq]:
            carry.setdefault(label, []).append(seq)
    for seq in range(n):
        for ref in cols.refs[seq]:
            if ref in carry:
                refer.setdefault(ref, []).append(seq)

    return Layout(
        doc_id=cols.doc_id,
        title=cols.title,
        n=n,
        total_tokens=sum(tokens),
        tokens=tokens,
        page=page,
        page_last=page_last,
        sect=sect,
        sect_last=sect_last,
        type_code=bytes(type_code) if len(type_names) <= 256 else tuple(type_code),
        type_names=tuple(type_names),
        page_anchor=page_anchor,
        tables_of=tuple(tables_of),
        table_seqs=tuple(tuple(v) for v in unit_seqs),
        table_count=len(unit_seqs),
        table_chunks=tuple(s for s in range(n) if tables_of[s]),
        comp_of=comp_of,
        comps=comps,
        rev_run_of=rev_run_of,
        rev_runs=rev_runs,
        rev_seqs=rev_seqs,
        rev_by_author=rev_by_author,
        rev_authors=rev_authors,
        com_run_of=com_run_of,
        com_runs=com_runs,
        com_seqs=com_seqs,
        com_by_author=com_by_author,
        com_authors=com_authors,
        page_base=page_base,
        page_dense=page_dense,
        own_pages=own_pages,
        page_sparse=MappingProxyType(page_sparse),
        page_keys=page_keys,
        wide=wide,
        page_marks=_page_marks(marks_from),
        page_count=_span_pages(body_pages),
        sect_chunks=MappingProxyType(sect_chunks),
        sect_pages=MappingProxyType(sect_pages),
        max_sect=max(sect_last),
        labels_of=tuple(cols.labels),
        refs_of=tuple(cols.refs),
        label_seqs=MappingProxyType({k: tuple(v) for k, v in carry.items()}),
        referrers=MappingProxyType({k: tuple(v) for k, v in refer.items()}),
    )
