"""Helpers for the ven tests: a record builder, a brute-force oracle, a layout strategy.

The oracle re-implements the expansion rules of SPEC §7 / docs/ven.md the slow, obvious
way (scan every chunk for every question, walk every page one by one) without any of the
engine's indexes, so comparing the two catches index and ordering bugs.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

from hypothesis import strategies as st

from ven import join_list, split_list

FIELDS = {
    "t": "ssTokens",
    "type": "ssType",
    "p": "ssPage",
    "pl": "ssPageLast",
    "s": "ssSect",
    "tab": "ssTables",
    "rev": "ssRevs",
    "ra": "ssRevAuthors",
    "com": "ssComs",
    "ca": "ssComAuthors",
}


def _as_list(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, int):
        return str(value)
    return join_list(str(v) for v in value)


class FakeSearch:
    """A collection's search: preset hits, best first (``k`` at most, within ``doc_ids``);
    records every call."""

    def __init__(self, hits: list[tuple[str, int]]) -> None:
        self.hits = hits
        self.calls: list[tuple[str, int, frozenset[str] | None]] = []

    def __call__(self, query: str, k: int, doc_ids: frozenset[str] | None) -> list[tuple[str, int]]:
        self.calls.append((query, k, doc_ids))
        found = [h for h in self.hits if doc_ids is None or h[0] in doc_ids]
        return found[:k]


def C(**kw: Any) -> dict[str, Any]:
    """One chunk's values in short names: t, type, p, pl (default p), s, tab, rev, ra,
    com, ca. Lists (tab, ra, ca) may be given as Python lists."""
    unknown = set(kw) - set(FIELDS)
    if unknown:
        raise TypeError(f"unknown chunk keys {unknown}")
    return kw


def doc(
    *chunks: dict[str, Any],
    doc_id: str = "D1",
    title: str = "Doc",
    extra: dict[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """Valid records for ``chunks``: ssSeq = position, ssCount = len(chunks)."""
    n = len(chunks)
    out = []
    for seq, ch in enumerate(chunks):
        page = ch.get("p", 1)
        rec: dict[str, Any] = {
            "ssDocId": doc_id,
            "ssTitle": title,
            "ssSeq": seq,
            "ssCount": n,
            "ssTokens": ch.get("t", 10),
            "ssType": ch.get("type", "body"),
            "ssPage": page,
            "ssPageLast": ch.get("pl", page),
            "ssPageKind": "rendered",
            "ssSect": ch.get("s", 1),
            "ssTables": _as_list(ch.get("tab", "")),
            "ssRevs": ch.get("rev", 0),
            "ssRevAuthors": _as_list(ch.get("ra", "")),
            "ssComs": ch.get("com", 0),
            "ssComAuthors": _as_list(ch.get("ca", "")),
            "ssHeadings": "",
            "ssPlain": f"text of chunk {seq}",
        }
        if extra:
            rec.update(extra)
        out.append(rec)
    return out


def body(n: int, **kw: Any) -> list[dict[str, Any]]:
    """``n`` body chunks with the same values (one per page unless ``p`` is given)."""
    return [C(**({"p": i + 1} | kw)) for i in range(n)]


# ---------------------------------------------------------------------------------------
# The oracle
# ---------------------------------------------------------------------------------------

FURNITURE = ("header", "footer")


class NaiveDoc:
    """The document as plain lists; every question answered by scanning."""

    def __init__(self, records: Iterable[dict[str, Any]]) -> None:
        rs = sorted(records, key=lambda r: int(r["ssSeq"]))
        self.n = len(rs)
        self.tok = [int(r["ssTokens"]) for r in rs]
        self.type = [r["ssType"] for r in rs]
        self.page = [int(r["ssPage"]) for r in rs]
        self.last = [int(r["ssPageLast"]) for r in rs]
        self.sect = [int(r["ssSect"]) for r in rs]
        self.tables = [split_list(r["ssTables"]) for r in rs]
        self.revs = [int(r["ssRevs"]) for r in rs]
        self.reva = [split_list(r["ssRevAuthors"]) for r in rs]
        self.coms = [int(r["ssComs"]) for r in rs]
        self.coma = [split_list(r["ssComAuthors"]) for r in rs]

    def same_type(self, s: int) -> list[int]:
        return [c for c in range(self.n) if self.type[c] == self.type[s]]

    def table_chunks(self, s: int, tid: str) -> list[int]:
        return [c for c in self.same_type(s) if tid in self.tables[c]]

    def run(self, s: int, counts: list[int]) -> list[int]:
        order = self.same_type(s)
        i = order.index(s)
        lo = i
        while lo > 0 and counts[order[lo - 1]] > 0:
            lo -= 1
        hi = i
        while hi + 1 < len(order) and counts[order[hi + 1]] > 0:
            hi += 1
        return order[lo : hi + 1]

    def on_page(self, q: int) -> list[int]:
        return [c for c in range(self.n) if self.page[c] <= q <= self.last[c]]

    def doc_pages(self) -> list[int]:
        src = [c for c in range(self.n) if self.type[c] == "body"] or list(range(self.n))
        return sorted({q for c in src for q in range(self.page[c], self.last[c] + 1)})

    def table_units(self) -> list[tuple[str, str]]:
        units: list[tuple[str, str]] = []
        for c in range(self.n):
            for tid in self.tables[c]:
                if (self.type[c], tid) not in units:
                    units.append((self.type[c], tid))
        return units

    @staticmethod
    def key(name: str) -> str:
        return " ".join(name.split()).casefold()


class NaiveExpansion:
    def __init__(self, d: NaiveDoc, seqs: Iterable[int]) -> None:
        self.d = d
        self.orig = set(seqs)
        self.anchors = set(self.orig)
        self.S = set(self.orig)

    # state ---------------------------------------------------------------------------
    @property
    def enrichment(self) -> int:
        return sum(self.d.tok[s] for s in self.S - self.orig)

    @property
    def tokens(self) -> int:
        return sum(self.d.tok[s] for s in self.S)

    def room(self, budget: float | None) -> bool:
        return budget is None or self.enrichment < budget

    def anchor(self) -> None:
        self.anchors = set(self.S)

    # completions ----------------------------------------------------------------------
    def complete_tables(self) -> int:
        self._tables_of(sorted(self.anchors))
        return self.enrichment

    def _tables_of(self, seqs: Sequence[int]) -> None:
        for a in seqs:
            for tid in self.d.tables[a]:
                self.S.update(self.d.table_chunks(a, tid))

    def complete_revisions(self) -> int:
        for a in sorted(self.anchors):
            if self.d.revs[a] > 0:
                self.S.update(self.d.run(a, self.d.revs))
        return self.enrichment

    def complete_comments(self) -> int:
        for a in sorted(self.anchors):
            if self.d.coms[a] > 0:
                self.S.update(self.d.run(a, self.d.coms))
        return self.enrichment

    # chunk additions ------------------------------------------------------------------
    def _dist(self, c: int) -> float:
        return min((abs(c - a) for a in self.anchors), default=float("inf"))

    def _add_chunks(self, cands: list[int], budget: float | None) -> None:
        for c in sorted(cands, key=lambda c: (self._dist(c), c)):
            if c in self.S:
                continue
            if not self.room(budget):
                return
            self.S.add(c)

    def add_revision_chunks(self, author: str = "", budget: float | None = None) -> int:
        k = self.d.key(author or "")
        cands = [
            c
            for c in range(self.d.n)
            if self.d.revs[c] > 0 and (not k or k in {self.d.key(a) for a in self.d.reva[c]})
        ]
        self._add_chunks(cands, budget)
        return self.enrichment

    def add_comment_chunks(self, author: str = "", budget: float | None = None) -> int:
        k = self.d.key(author or "")
        cands = [
            c
            for c in range(self.d.n)
            if self.d.coms[c] > 0 and (not k or k in {self.d.key(a) for a in self.d.coma[c]})
        ]
        self._add_chunks(cands, budget)
        return self.enrichment

    def add_related_chunks(
        self,
        revisions: bool = True,
        comments: bool = True,
        all_tables: bool = False,
        adjacent_tables: bool = True,
        budget: float | None = None,
    ) -> int:
        self.complete_tables()
        if revisions:
            self.complete_revisions()
        if comments:
            self.complete_comments()
        if adjacent_tables:
            self._close_tables()
        if all_tables:
            units = []
            for ty, tid in self.d.table_units():
                seqs = [
                    c for c in range(self.d.n) if self.d.type[c] == ty and tid in self.d.tables[c]
                ]
                if not set(seqs) <= self.S:
                    units.append(seqs)
            units.sort(key=lambda u: (min(self._dist(c) for c in u), u[0]))
            for u in units:
                if not self.room(budget):
                    break
                self.S.update(u)
            if adjacent_tables:
                self._close_tables()
        return self.enrichment

    def _close_tables(self) -> None:
        """Complete the tables the set touches until none is partial (the fixed point)."""
        while True:
            before = len(self.S)
            self._tables_of(sorted(self.S))
            if len(self.S) == before:
                return

    # page additions ---------------------------------------------------------------------
    def _page_anchors(self) -> list[int]:
        return [a for a in sorted(self.anchors) if self.d.type[a] not in FURNITURE]

    def _unit(self, q: int, budget: float | None, sect: int | None = None) -> bool:
        if not self.room(budget):
            return False
        self.S.update(c for c in self.d.on_page(q) if sect is None or self.d.sect[c] == sect)
        return True

    def add_page_chunks(
        self, full_page: bool = True, num_pages: int = 0, budget: float | None = None
    ) -> int:
        anchors = self._page_anchors()
        d = self.d
        if not anchors or (not full_page and num_pages == 0):
            return self.enrichment
        if full_page:
            for a in anchors:
                for q in range(d.page[a], d.last[a] + 1):
                    if not self._unit(q, budget):
                        return self.enrichment
        if num_pages:
            pages = d.doc_pages()
            for q in (pages[0], pages[-1]):
                if not self._unit(q, budget):
                    return self.enrichment
            for a in anchors:
                for k in range(1, num_pages + 1):
                    for q in (d.page[a] - k, d.last[a] + k):
                        if q >= 1 and not self._unit(q, budget):
                            return self.enrichment
            if len(pages) >= 2:
                for q in (pages[1], pages[-2]):
                    if not self._unit(q, budget):
                        return self.enrichment
        return self.enrichment

    def add_section_pages(self, num_pages: int, budget: float | None = None) -> int:
        anchors = self._page_anchors()
        d = self.d
        for a in anchors:
            for q in range(d.page[a], d.last[a] + 1):
                if not self._unit(q, budget, d.sect[a]):
                    return self.enrichment
        for a in anchors:
            for k in range(1, num_pages + 1):
                for q in (d.page[a] - k, d.last[a] + k):
                    if q >= 1 and not self._unit(q, budget, d.sect[a]):
                        return self.enrichment
        return self.enrichment


# ---------------------------------------------------------------------------------------
# Random layouts
# ---------------------------------------------------------------------------------------

AUTHORS = ("Ann", "ann", "Bob", "Cy Young", "cy  young", "Dee")


def random_layout(
    rng: random.Random,
    n_body: int,
    *,
    wide: bool = False,
    shared_tables: bool = True,
    sparse: bool = False,
) -> list[dict[str, Any]]:
    """A realistic random layout: body chunks in page and section order (tables split over
    1-5 chunks, revision and comment runs), then header, footer, footnote and odd-type
    chunks. ``wide`` adds chunks spanning thousands of pages (exercises the wide-chunk
    index); ``shared_tables=False`` never lets one chunk hold two tables; ``sparse`` leaves
    gaps of hundreds of blank pages (exercises the sparse page index)."""
    chunks: list[dict[str, Any]] = []
    page = 1
    sect = 1
    table_id = 0
    table_left = 0
    for i in range(n_body):
        if i and rng.random() < 0.4:
            page += rng.choice((1, 1, 1, 2, 400) if sparse else (1, 1, 1, 2))
        if i and rng.random() < 0.15:
            sect += 1
        span = rng.choice((0, 0, 0, 1, 2))
        ch: dict[str, Any] = {
            "t": rng.choice((0, 1, 5, 10, 20, 40, 80)),
            "p": page,
            "pl": page + span,
            "s": sect,
        }
        page += span
        tabs: list[str] = []
        if table_left:
            tabs.append(str(table_id))
            table_left -= 1
        if (not table_left) and rng.random() < 0.3 and (shared_tables or not tabs):
            table_id += 1
            tabs.append(str(table_id))
            table_left = rng.randint(0, 4)
        if tabs:
            ch["tab"] = tabs
        if rng.random() < 0.3:
            ch["rev"] = rng.randint(1, 3)
            ch["ra"] = rng.sample(AUTHORS, rng.randint(0, 2))
        if rng.random() < 0.3:
            ch["com"] = rng.randint(1, 2)
            ch["ca"] = rng.sample(AUTHORS, rng.randint(1, 2))
        chunks.append(ch)
    last_page = page
    for ty, k in (
        ("header", rng.randint(0, 3)),
        ("footer", rng.randint(0, 2)),
        ("footnote", rng.randint(0, 3)),
        ("textbox", rng.randint(0, 1)),
    ):
        hdr_table = str(table_id + 1) if ty == "header" and rng.random() < 0.5 else ""
        if hdr_table:
            table_id += 1
        for j in range(k):
            p0 = rng.randint(1, last_page)
            if ty in ("header", "footer"):
                p1 = rng.randint(p0, last_page)
            else:
                p1 = p0 + rng.choice((0, 0, 1))
            if wide and rng.random() < 0.5:
                p1 = p0 + rng.randint(4200, 6000)
            ch = {
                "type": ty,
                "t": rng.choice((0, 3, 7, 15)),
                "p": p0,
                "pl": p1,
                "s": rng.randint(1, sect),
            }
            if hdr_table and j < 2:
                ch["tab"] = [hdr_table]
            if rng.random() < 0.3:
                ch["rev"] = 1
                ch["ra"] = [rng.choice(AUTHORS)]
            if rng.random() < 0.3:
                ch["com"] = 1
                ch["ca"] = [rng.choice(AUTHORS)]
            chunks.append(ch)
    if wide and rng.random() < 0.5 and chunks:
        chunks[rng.randrange(len(chunks))]["pl"] = chunks[0]["p"] + 5000
    recs = doc(*chunks)
    rng.shuffle(recs)
    return recs


@st.composite
def layouts(
    draw: st.DrawFn, max_body: int = 30, shared_tables: bool = True
) -> list[dict[str, Any]]:
    seed = draw(st.integers(0, 2**32 - 1))
    n_body = draw(st.integers(0, max_body))
    wide = draw(st.integers(0, 3)) == 0
    sparse = draw(st.integers(0, 3)) == 0
    rng = random.Random(seed)
    recs = random_layout(rng, n_body, wide=wide, shared_tables=shared_tables, sparse=sparse)
    if not recs:
        recs = doc(C())
    return recs


budgets = st.one_of(st.none(), st.just(0), st.integers(1, 120))
authors = st.sampled_from(("", "ann", "ANN", "bob", "cy young", "Dee", "nobody"))


def op_strategy() -> st.SearchStrategy[tuple[str, dict[str, Any]]]:
    return st.one_of(
        st.tuples(st.just("complete_tables"), st.just({})),
        st.tuples(st.just("complete_revisions"), st.just({})),
        st.tuples(st.just("complete_comments"), st.just({})),
        st.tuples(st.just("anchor"), st.just({})),
        st.tuples(
            st.just("add_related_chunks"),
            st.fixed_dictionaries(
                {
                    "revisions": st.booleans(),
                    "comments": st.booleans(),
                    "all_tables": st.booleans(),
                    "adjacent_tables": st.booleans(),
                    "budget": budgets,
                }
            ),
        ),
        st.tuples(
            st.just("add_page_chunks"),
            st.fixed_dictionaries(
                {"full_page": st.booleans(), "num_pages": st.integers(0, 3), "budget": budgets}
            ),
        ),
        st.tuples(
            st.just("add_section_pages"),
            st.fixed_dictionaries({"num_pages": st.integers(0, 3), "budget": budgets}),
        ),
        st.tuples(
            st.just("add_revision_chunks"),
            st.fixed_dictionaries({"author": authors, "budget": budgets}),
        ),
        st.tuples(
            st.just("add_comment_chunks"),
            st.fixed_dictionaries({"author": authors, "budget": budgets}),
        ),
    )


def run_ops(exp: Any, ops: Sequence[tuple[str, dict[str, Any]]]) -> list[Any]:
    """Apply ``ops`` to an engine or oracle expansion; return each op's result."""
    out = []
    for name, kw in ops:
        out.append(getattr(exp, name)(**kw))
    return out
