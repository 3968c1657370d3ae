"""Spending a hard token cap across files in hit-rank order: the selection behind
``Collection.context(..., max_tokens=N)``.

One ranking (the caller's search, best first) decides; the question's wording decides
nothing unless the caller asks for the English-phrase hints. The steps, each adding only what
fits what is left of the cap:

1. **Best hits** — hits alone, best first, until ``share`` of the cap is spent (a hit that does
   not fit what is left is skipped, the next one tried).
2. **Their structures** — for each of those hits, best first, its whole table and its runs of
   revisions and comments when *completion is wanted* and the whole fits (a table that does
   not fit waits for step 8). Completion is wanted, by default, on signals the
   ranking and the records give, not the phrasing: another hit of the top of the ranking
   (the hits that the cap would hold alone), ranked above this one, lies in the same
   structure, the structure holds
   marks of a person the question names (:func:`ven.people.named_people`), or the hit's
   table has a column heading (``ssTableHeads``) sharing a search term
   (:func:`ven.terms.terms`) with the question — a word match, not a phrasing rule: "lead
   time" names the column *Lead time* in any sentence around it.
3. **What they refer to and what refers to them** (:meth:`ven.Ven.references`, notes left
   out; ``referring=False``: only what they refer to); then the comment and revision chunks
   of the people the question names.
4. **Broad questions** only: each file the ranking reaches but nothing was taken from gets
   its best hit, within ``spread`` of the cap — after the best hits, never instead of them.
5. **Further hits**, best first, each with its structure when completion is wanted and it
   fits, else alone, each followed by step 3's references.
6. Comment and revision chunks of the chosen chunks while they fit.
7. **Back-fill**: hits of further searches not yet seen, as in step 5 — after step 8 has run
   for the hits taken so far, so what the back-fill adds never displaces what was chosen
   without it.
8. **Room left**: the structures of the hits not yet completed, best hit first: whole, or in
   part with ``partial`` (the table's chunks nearest the hit, each repeating the table's
   header; the context marks the table as partial). Rows near one hit come after the hits
   ranked below it: on the team's own collections (quality, tuning) sending them at step 2
   lost up to 1.7 points of evidence recall and won none.

Guarantees (property-tested in ``tests/ven/test_capped_properties.py``): never over the cap;
deterministic; the best-ranked hit that fits the cap alone is sent; a hit is left out while a
lower-ranked one is sent only when it did not fit what the hits ranked above it had left
(with what they brought); and the hits of the ranking's prefix that fits in ``share`` of a cap
are sent at every larger cap. A stronger monotonicity — every hit sent at cap N is sent at
every larger cap — cannot hold together with the first guarantee (a 795-token best hit and a
57-token second hit: at a cap of 500 only the second fits, at 800 only the first), so it is
not claimed.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from ven.document import Ven
from ven.ordering import by_distance
from ven.people import named_people
from ven.terms import terms

__all__ = [
    "CapPolicy",
    "JOIN_TOKENS",
    "Spent",
    "completion",
    "mark_tokens",
    "nearest_rows",
    "spend_cap",
]

#: What joining two chunk texts with a blank line costs at most (o200k: "\n\n" is one token).
JOIN_TOKENS = 1


def mark_tokens(chunks: int) -> int:
    """At most what the mark of a table sent in part costs (``| table: partial, 3 of 17
    chunks`` in a citation line, or the same on a line of its own): 11-12 o200k tokens for
    tables of up to 999 chunks, two more per three further digits."""
    return 10 + 2 * -(-len(str(max(1, chunks))) // 3)


@dataclass(frozen=True, slots=True)
class CapPolicy:
    """How a cap is spent: the switches of :meth:`ven.collection.Collection.context`."""

    #: Share of the cap for step 1 (0 < share ≤ 1).
    share: float = 0.5
    #: Complete the hits' structures: True always, False never, None by the signals.
    structure: bool | None = None
    #: Add the chunks referring to the hits (what the hits refer to is always added).
    referring: bool = True
    #: Send the nearest chunks of a table that does not fit whole.
    partial: bool = True
    #: Spread what remains after the best hits over the files the ranking reaches.
    broad: bool = False
    #: Share of the cap the broad spread may take.
    spread: float = 0.25
    #: The top of the ranking the "several hits in one structure" signal looks at: the hits
    #: that fill this share of the cap. 1 (what the cap holds of the ranking) is the design's
    #: value; 0.25 measured better on the team's own collections and the store's keyword
    #: ranking, and worse on the blind set (up to 2.8 points), so it was not kept.
    window: float = 1.0
    #: Complete a hit's table when the question shares a word with its column headings.
    columns: bool = True


@dataclass(slots=True)
class Spent:
    """What a cap was spent on: chunks per file, and the hits taken in the order taken."""

    chosen: dict[str, set[int]] = field(default_factory=dict)
    taken: list[tuple[str, int]] = field(default_factory=list)
    #: Hits added by the back-fill, per file, in rank order.
    filled: dict[str, list[int]] = field(default_factory=dict)
    rounds: int = 0
    total: int = 0


def spend_cap(
    vens: Mapping[str, Ven],
    order: Sequence[tuple[str, int]],
    cap: int,
    policy: CapPolicy,
    question: str = "",
    more: Iterator[list[tuple[str, int]]] | None = None,
    floor: int = 1,
    framed: Collection[str] = (),
) -> Spent:
    """Spend ``cap`` tokens over ``order`` (valid ``(doc_id, seq)`` hits, best first, no
    repeats) in the steps of the module docstring. ``more`` yields the back-fill's further
    rankings (asked for only while at least ``floor`` tokens are left). ``framed``: the files
    whose chunk texts are sent, joined by blank lines, a table sent in part marked in its
    first chunk's citation line — those joins and marks are spent from the cap too
    (:data:`JOIN_TOKENS`, :func:`mark_tokens`), so the text sent is never over it."""
    out = Spent()
    chosen = out.chosen
    joined = 0  # chunks of framed files chosen: every one after the first costs a join

    def frame(d: str, have: set[int], new: set[int]) -> int:
        """What ``new`` chunks of file ``d`` add to the text beyond their own tokens."""
        if d not in framed:
            return 0
        cost = JOIN_TOKENS * (len(new) - (0 if joined else 1))
        v = vens[d]
        if policy.partial and v.has_tables:
            after = have | new
            tables = {t for t in map(v.table_chunks, new) if t}
            for t in tables:
                was = 0 < len(have.intersection(t)) < len(t)
                now = 0 < len(after.intersection(t)) < len(t)
                cost += (now - was) * mark_tokens(len(t))
        return cost

    def add(d: str, seqs: Iterable[int]) -> bool:
        nonlocal joined
        have = chosen.setdefault(d, set())
        new = set(seqs) - have
        if not new:
            return True
        v = vens[d]
        cost = sum(v.chunk_tokens(s) for s in new) + frame(d, have, new)
        if out.total + cost > cap:
            return False
        have |= new
        out.total += cost
        if d in framed:
            joined += len(new)
        return True

    def one(d: str, s: int) -> bool:
        return add(d, [s])

    window = _window(vens, order, int(cap * policy.window))
    rank = {hit: i for i, hit in enumerate(order)}
    named = _Named(vens, question)
    heads = _Heads(vens, question)
    done: set[tuple[str, int]] = set()  # hits whose structure was tried

    def wanted(d: str, s: int, unit: set[int]) -> bool:
        if policy.structure is not None:
            return policy.structure
        if len(unit) < 2:
            return False
        # another hit of the ranking's top, ranked above this one, in the same structure: a
        # decision that hits ranked below it never change
        mine = rank.get((d, s), len(rank))
        if any(t != s and rank.get((d, t), mine) < mine and (d, t) in window for t in unit):
            return True
        if unit & named.marks(d):
            return True
        return policy.columns and heads.match(d, s)

    def complete(d: str, s: int, *, always: bool = False) -> bool:
        """Hit ``s``'s structure whole when wanted (``always``: step 8, room left) and it fits.
        Only step 8 sends a table in part (``partial``: its rows nearest the hit), so rows
        near one hit never take the place of hits ranked below it."""
        v = vens[d]
        unit = completion(v, s)
        if not (always or wanted(d, s, unit)):
            return False
        if add(d, unit):
            done.add((d, s))
            return True
        if always:
            done.add((d, s))
            if policy.partial:
                nearest_rows(v, s, chosen.setdefault(d, set()), lambda c: one(d, c))
        return False

    def bring(d: str, s: int) -> bool:  # a further hit: with its structure when wanted
        if complete(d, s):
            return True
        return (s in chosen.get(d, ())) or one(d, s)

    def room_left(hits: list[tuple[str, int]]) -> None:  # 8. the structures not yet tried
        if policy.structure is False:
            return
        for d, s in hits:
            if out.total >= cap:
                break
            if (d, s) not in done:
                complete(d, s, always=True)

    def refer(d: str, s: int) -> None:  # step 3 for hit s
        v = vens[d]
        if not v.has_references:
            return
        for c in v.references(s, referring=policy.referring, notes=False):
            if c not in chosen.get(d, ()):
                one(d, c)

    rest = list(order)
    while rest and out.total < cap * policy.share:  # 1. best hits
        d, s = rest.pop(0)
        if one(d, s):
            out.taken.append((d, s))
    best = list(out.taken)
    for d, s in best:  # 2. their structures
        complete(d, s)
    for d, s in best:  # 3. references, then the named people's marks
        refer(d, s)
    for d in dict.fromkeys(d for d, _ in best):
        its = [s for e, s in best if e == d]
        for c in named.nearest(d, its, chosen[d]):
            if c not in chosen[d]:
                one(d, c)
    if policy.broad:  # 4. a broad question: the files not yet reached
        room = out.total + int(cap * policy.spread)
        reached = {d for d, _ in out.taken}
        for d, s in order:
            if d in reached or out.total >= room:
                continue
            reached.add(d)
            if out.total + vens[d].chunk_tokens(s) <= room and one(d, s):
                out.taken.append((d, s))
                rest.remove((d, s))
    for d, s in rest:  # 5. further hits
        if out.total >= cap:
            break
        if bring(d, s):
            out.taken.append((d, s))
            refer(d, s)
    for d in list(chosen):  # 6. comment and revision chunks while they fit
        v = vens[d]
        if not (v.has_comments or v.has_revisions) or out.total >= cap:
            continue
        with v.begin_expansion(sorted(chosen[d])) as exp:
            if v.has_comments:
                exp.add_comment_chunks(budget=cap - out.total)
            if v.has_revisions:
                exp.add_revision_chunks(budget=cap - out.total)
            extra = [s for s in exp.seqs if s not in chosen[d]]
        for s in extra:
            one(d, s)
    room_left(list(out.taken))  # (before the back-fill: what it adds never displaces these)
    if more is not None:  # 7. back-fill
        seen = set(order)
        while cap - out.total >= floor:
            batch = next(more, None)
            if batch is None:
                break
            out.rounds += 1
            for d, s in batch:
                if (d, s) in seen:
                    continue
                seen.add((d, s))
                if bring(d, s):
                    out.taken.append((d, s))
                    out.filled.setdefault(d, []).append(s)
                    refer(d, s)
    room_left(list(out.taken))  # the back-filled hits' structures
    return out


def _window(
    vens: Mapping[str, Ven], order: Sequence[tuple[str, int]], cap: int
) -> frozenset[tuple[str, int]]:
    """The top of the ranking: its hits, best first, while their tokens fit ``cap``."""
    total = 0
    out: list[tuple[str, int]] = []
    for d, s in order:
        total += vens[d].chunk_tokens(s)
        if total > cap:
            break
        out.append((d, s))
    return frozenset(out)


class _Heads:
    """Whether a hit's tables have a column heading sharing a search term with the question."""

    def __init__(self, vens: Mapping[str, Ven], question: str) -> None:
        self.vens = vens
        self.words = frozenset(terms(question)) if question else frozenset()

    def match(self, d: str, s: int) -> bool:
        if not self.words:
            return False
        cols = self.vens[d].table_columns(s)
        return bool(cols) and not self.words.isdisjoint(_column_terms(cols))


@lru_cache(maxsize=4096)
def _column_terms(cols: tuple[str, ...]) -> frozenset[str]:
    """The search terms of a table's column headings (the same tables come back in many
    questions)."""
    return frozenset(terms(" ".join(cols)))


class _Named:
    """The comment and revision chunks of the people a question names, per file (cached)."""

    def __init__(self, vens: Mapping[str, Ven], question: str) -> None:
        self.vens = vens
        self.question = question
        self._marks: dict[str, frozenset[int]] = {}

    def people(self, d: str) -> tuple[list[str], list[str]]:
        v = self.vens[d]
        coms = named_people(self.question, v.comment_authors()) if v.has_comments else []
        revs = named_people(self.question, v.revision_authors()) if v.has_revisions else []
        return coms, revs

    def marks(self, d: str) -> frozenset[int]:
        """Every chunk holding a comment or revision of a person the question names."""
        got = self._marks.get(d)
        if got is None:
            got = frozenset()
            v = self.vens[d]
            if self.question and (v.has_comments or v.has_revisions):
                coms, revs = self.people(d)
                if coms or revs:
                    with v.begin_expansion([]) as exp:
                        for author in coms:
                            exp.add_comment_chunks(author=author)
                        for author in revs:
                            exp.add_revision_chunks(author=author)
                        got = frozenset(exp.seqs)
            self._marks[d] = got
        return got

    def nearest(self, d: str, hits: Sequence[int], have: set[int]) -> list[int]:
        """Those not in ``have``, nearest one of ``hits`` first."""
        found = sorted(self.marks(d) - have)
        if not hits or not found:
            return []
        # (by_distance may yield a chunk twice, the second time farther: the first counts)
        return list(dict.fromkeys(c for _, c in by_distance(found, sorted(set(hits)))))


def completion(v: Ven, anchor: int, whole: bool = True) -> set[int]:
    """The chunks that complete the structures ``anchor`` is part of (tables, revision and
    comment runs); just ``anchor`` when not ``whole``."""
    if not whole:
        return {anchor}
    with v.begin_expansion([anchor]) as exp:
        exp.add_related_chunks(revisions=v.has_revisions, comments=v.has_comments, budget=0)
        return set(exp.seqs)


def nearest_rows(v: Ven, anchor: int, chosen: set[int], take: Callable[[int], bool]) -> None:
    """Offer ``take`` the chunks of ``anchor``'s tables not yet in ``chosen``, nearest to
    the anchor first (the next chunk, the one before, the one after that, ...); a side
    stops at the first chunk ``take`` refuses, so what is taken stays contiguous."""
    chunks = v.table_chunks(anchor)
    if anchor not in chunks:  # no table: what did not fit is a run of revisions or comments
        return
    at = chunks.index(anchor)
    after = iter(c for c in chunks[at + 1 :] if c not in chosen)
    before = iter(c for c in reversed(chunks[:at]) if c not in chosen)
    sides = [after, before]
    while sides:
        for side in list(sides):
            c = next(side, None)
            if c is None or not take(c):
                sides.remove(side)
