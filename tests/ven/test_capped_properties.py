"""The capped context builder's guarantees (issue 49), as properties over random collections,
rankings and caps: ``Collection.context(question, search, max_tokens=N)`` with its defaults.

- never over the cap, and deterministic;
- the best-ranked hit that fits the cap on its own is sent;
- a hit is left out while a lower-ranked hit is sent only when it does not fit what remains
  after everything ranked above it — checked from outside: the context built from the
  ranking cut just above that hit leaves it no room;
- the hits of the ranking's prefix that fits in ``retrieval_share`` of a cap are sent at every
  larger cap;
- the same answers from several threads at once.
"""

from __future__ import annotations

import threading

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ven_testkit import FakeSearch

from ven.collection import Collection

PEOPLE = ("Ann Lee", "Bo Park", "Cy Diaz")


@st.composite
def documents(draw: st.DrawFn, doc_id: str) -> list[dict]:
    """One document's records: random sizes, tables, marks and cross-references."""
    n = draw(st.integers(1, 14))
    recs: list[dict] = []
    table = 0
    in_table = False
    for seq in range(n):
        tokens = draw(st.integers(1, 400))
        if draw(st.booleans()) and not in_table:
            table += 1
            in_table = True
        elif in_table and draw(st.booleans()):
            in_table = False
        rev = draw(st.sampled_from(["", "", *PEOPLE]))
        com = draw(st.sampled_from(["", "", *PEOPLE]))
        label = draw(st.sampled_from(["", "", "1", "2", "Schedule 3"]))
        ref = draw(st.sampled_from(["", "", "", "1", "2", "Schedule 3"]))
        recs.append(
            {
                "ssDocId": doc_id,
                "ssTitle": doc_id,
                "ssSeq": seq,
                "ssCount": n,
                "ssTokens": tokens,
                "ssType": "body",
                "ssPage": 1 + seq // 3,
                "ssPageLast": 1 + seq // 3,
                "ssPageKind": "rendered",
                "ssSect": 1 + seq // 4,
                "ssTables": str(table) if in_table else "",
                "ssRevs": 1 if rev else 0,
                "ssRevAuthors": rev,
                "ssComs": 1 if com else 0,
                "ssComAuthors": com,
                "ssHeadings": "",
                "ssPlain": f"text {seq}",
                "ssLabels": label,
                "ssRefs": ref if ref != label else "",
            }
        )
    return recs


@st.composite
def cases(draw: st.DrawFn) -> tuple[Collection, list[tuple[str, int]], str]:
    """A collection, a ranking of some of its chunks (best first) and a question."""
    ids = [f"D{i}" for i in range(draw(st.integers(1, 3)))]
    c = Collection(threshold=0, retrieval_pct=100)
    every: list[tuple[str, int]] = []
    for d in ids:
        recs = draw(documents(d))
        c.add(recs)
        every += [(d, s) for s in range(len(recs))]
    ranking = draw(st.permutations(every))
    ranking = ranking[: draw(st.integers(1, len(ranking)))]
    question = draw(st.sampled_from(["q", "What did Ann Lee change?", "List every row", "Bo Park"]))
    return c, list(ranking), question


def _sent(ctx) -> set[tuple[str, int]]:
    return {(d.doc_id, s) for d in ctx.docs for s in d.seqs}


def _tokens(c: Collection, hit: tuple[str, int]) -> int:
    return c.ven(hit[0]).chunk_tokens(hit[1])


def _context(c: Collection, ranking, question: str, cap: int, share: float = 0.5):
    return c.context(question, FakeSearch(ranking), max_tokens=cap, retrieval_share=share)


FAST = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FAST
@given(cases(), st.integers(1, 3000))
def test_never_over_the_cap_and_deterministic(case, cap):
    c, ranking, question = case
    ctx = _context(c, ranking, question, cap)
    sent = _sent(ctx)
    assert sum(_tokens(c, h) for h in sent) == ctx.context_tokens <= cap
    again = _context(c, ranking, question, cap)
    assert again == ctx


@FAST
@given(cases(), st.integers(1, 3000))
def test_the_best_hit_that_fits_alone_is_sent(case, cap):
    c, ranking, question = case
    fitting = [h for h in ranking if _tokens(c, h) <= cap]
    ctx = _context(c, ranking, question, cap)
    if fitting:
        assert fitting[0] in _sent(ctx)


@FAST
@given(cases(), st.integers(1, 3000))
def test_a_hit_is_left_out_only_when_what_ranks_above_it_leaves_no_room(case, cap):
    c, ranking, question = case
    ctx = _context(c, ranking, question, cap)
    sent = _sent(ctx)
    hits_sent = [i for i, h in enumerate(ranking) if h in sent]
    for i, hit in enumerate(ranking):
        if hit in sent or not any(j > i for j in hits_sent):
            continue
        above = _context(c, ranking[:i], question, cap) if i else None
        used = above.context_tokens if above is not None else 0
        assert _tokens(c, hit) > cap - used, (i, hit, used)


@FAST
@given(cases(), st.integers(1, 3000), st.integers(0, 3000), st.sampled_from([0.25, 0.5, 1.0]))
def test_the_best_hits_of_a_cap_stay_at_every_larger_cap(case, cap, more, share):
    c, ranking, question = case
    prefix: list[tuple[str, int]] = []
    total = 0
    for h in ranking:
        total += _tokens(c, h)
        if total > share * cap:
            break
        prefix.append(h)
    for bigger in (cap, cap + more):
        sent = _sent(_context(c, ranking, question, bigger, share))
        assert set(prefix) <= sent, (bigger, prefix)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases(), st.integers(1, 3000))
def test_several_threads_get_the_same_contexts(case, cap):
    c, ranking, question = case
    want = _context(c, ranking, question, cap)
    got: list[object] = []

    def run() -> None:
        for _ in range(5):
            got.append(_context(c, ranking, question, cap))

    threads = [threading.Thread(target=run) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(got) == 20 and all(g == want for g in got)
