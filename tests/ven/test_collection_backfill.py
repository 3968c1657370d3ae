"""ven.collection: the back-fill of a hard cap's unused tokens from further searches."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ven_testkit import C, FakeSearch, doc

from ven.collection import BACKFILL_ROUNDS, Collection


def _big_and_small(doc_id: str = "A") -> list[dict]:
    """30 chunks of 300 tokens, then 10 of 20 (a footnote's size): mean chunk 230 tokens."""
    return doc(*[C(t=300 if i < 30 else 20, p=1 + i) for i in range(40)], doc_id=doc_id, title=doc_id)


def _seqs(ctx) -> dict[str, set[int]]:
    return {d.doc_id: set(d.seqs) for d in ctx.docs}


def test_evidence_ranked_just_past_the_first_limit_is_back_filled_under_the_cap():
    c = Collection(threshold=0, retrieval_pct=1)
    c.add(_big_and_small(), [f"a{i}" for i in range(40)])
    # cap 1000 at a mean chunk of 230 tokens: the first search asks for ceil(2000 / 230) = 9
    ranking = [("A", i) for i in range(9)] + [("A", 35)] + [("A", i) for i in range(9, 30)]
    search = FakeSearch(ranking)
    ctx = c.context("What does the footnote say?", search, broad=False, max_tokens=1000)
    assert search.calls[0][1] == 9
    # hits until half the cap (A0, A1), then a further hit (A2): 900 tokens, 100 unused;
    # no 300-token hit fits any more, the 20-token footnote at rank 10 does
    assert 35 in _seqs(ctx)["A"] and ctx.context_tokens == 920 <= 1000
    # room for the smallest chunk remains: twice as many again, 31 of 36 returned, no more
    assert [k for _, k, _ in search.calls] == [9, 18, 36]
    assert _seqs(ctx)["A"] == {0, 1, 2, 35}
    assert ctx.docs[0].retrieved[-1] == 35 and 35 not in ctx.docs[0].dropped
    assert any(n.startswith("back-fill: 1 more hits") for n in ctx.notes)


def test_a_full_cap_does_not_search_again():
    c = Collection(threshold=0, retrieval_pct=1)
    c.add(doc(*[C(t=100, p=1 + i) for i in range(40)], doc_id="A", title="A"))
    search = FakeSearch([("A", i) for i in range(40)])
    ctx = c.context("q", search, broad=False, max_tokens=1000)  # ten 100-token hits: full
    assert ctx.context_tokens == 1000 and len(search.calls) == 1
    # room left, but less than the smallest chunk: no further search either
    ctx = c.context("q", search, broad=False, max_tokens=1050)
    assert ctx.context_tokens == 1000 and len(search.calls) == 2
    assert not any(n.startswith("back-fill") for n in ctx.notes)


def test_a_search_that_returns_fewer_than_asked_is_not_called_again():
    c = Collection(threshold=0, retrieval_pct=1)
    c.add(_big_and_small(), [f"a{i}" for i in range(40)])
    search = FakeSearch([("A", 0), ("A", 1), ("A", 2)])  # 3 of the 9 asked for
    ctx = c.context("q", search, broad=False, max_tokens=1000)
    assert len(search.calls) == 1 and ctx.context_tokens == 900


def test_restrict_is_passed_through_on_the_back_fill_searches():
    c = Collection(threshold=0, retrieval_pct=1, enrichment_pct=1)
    c.add(_big_and_small("A"))
    c.add(_big_and_small("B"))
    ranking = [("A", 35)] + [("B", i) for i in range(9)] + [("A", 36), ("B", 35)] + [("B", i) for i in range(9, 30)]
    search = FakeSearch(ranking)
    ctx = c.context("What is the price of part 3?", search, routing="model", ask=lambda s, q: "B:90",
                    broad=False, max_tokens=1000)
    assert any("routed files exceed" in n for n in ctx.notes)
    assert len(search.calls) >= 2
    assert {call[2] for call in search.calls} == {frozenset({"B"})}
    assert [d.doc_id for d in ctx.docs] == ["B"] and 35 in _seqs(ctx)["B"]


def test_back_fill_is_bounded_and_skips_repeats_and_unknown_ids():
    c = Collection(threshold=0, retrieval_pct=1)
    c.add(_big_and_small(), [f"a{i}" for i in range(40)])

    calls: list[int] = []

    def junk(query, k, doc_ids):  # always k items, mostly repeats and ids it does not know
        calls.append(k)
        return ([("A", 0), ("A", 1), ("A", 2), ("A", 0), ("nope", 1), ("A", 99)] * k)[:k]

    ctx = c.context("q", junk, broad=False, max_tokens=1000)
    assert _seqs(ctx) == {"A": {0, 1, 2}}
    assert len(calls) <= 1 + BACKFILL_ROUNDS and max(calls) <= c.total_chunks
    assert calls == sorted(calls) and calls[1:] == [min(40, calls[0] * 2 ** (i + 1)) for i in range(len(calls) - 1)]


def test_broad_questions_are_back_filled_from_the_whole_scope_search():
    c = Collection(threshold=0, retrieval_pct=1)
    c.add(_big_and_small("A"))
    c.add(_big_and_small("B"))
    ranking = [(d, i) for i in range(30) for d in ("A", "B")]
    ranking.insert(20, ("B", 36))  # past the first limit, not in any file's quota
    search = FakeSearch(ranking)
    ctx = c.context("Compare all the prices.", search, broad=True, max_tokens=1000)
    assert ctx.broad and ctx.context_tokens <= 1000
    assert 36 in _seqs(ctx)["B"]
    assert any(call[2] is None for call in search.calls[1:] if call[1] > search.calls[0][1])


@st.composite
def _case(draw):
    n_docs = draw(st.integers(1, 3))
    sizes = [draw(st.lists(st.integers(1, 400), min_size=1, max_size=25)) for _ in range(n_docs)]
    keys = [(f"D{d}", s) for d, sz in enumerate(sizes) for s in range(len(sz))]
    ranking = draw(st.permutations(keys))
    extra = draw(st.lists(st.sampled_from([*keys, ("zz", 0), ("D0", 999)]), max_size=10))
    ranking = list(ranking) + extra  # repeats and unknown ids after the real hits
    cap = draw(st.integers(1, 3000))
    tables = draw(st.booleans())
    return sizes, ranking, cap, tables


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_case(), st.booleans(), st.booleans())
def test_the_cap_is_never_exceeded_and_nothing_chosen_is_dropped(case, whole, broad):
    sizes, ranking, cap, tables = case
    c = Collection(threshold=0, retrieval_pct=1)
    for d, sz in enumerate(sizes):
        chunks = [C(t=t, p=1 + i, tab=[1] if tables and i % 3 == 0 else []) for i, t in enumerate(sz)]
        c.add(doc(*chunks, doc_id=f"D{d}", title=f"D{d}"))
    full = FakeSearch(ranking)
    ctx = c.context("q", full, broad=broad, structure=whole, max_tokens=cap)
    assert ctx.context_tokens <= cap
    whole_scope = [k for _, k, scope in full.calls if scope is None]  # broad: per-file calls too
    assert len(whole_scope) <= 1 + BACKFILL_ROUNDS and all(k <= c.total_chunks for k in whole_scope[1:])
    # the same first answer with nothing further: the back-fill only adds to it
    first = full.calls[0][1]

    def frozen(query, k, doc_ids):
        return full(query, k, doc_ids) if k <= first else full(query, first, doc_ids)

    base = c.context("q", frozen, broad=broad, structure=whole, max_tokens=cap)
    have, had = _seqs(ctx), _seqs(base)
    assert all(had[d] <= have.get(d, set()) for d in had)
