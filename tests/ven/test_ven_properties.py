"""Property tests over random layouts (hypothesis)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ven_testkit import (
    NaiveDoc,
    NaiveExpansion,
    authors,
    budgets,
    layouts,
    op_strategy,
)

from ven import Ven

SETTINGS = settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def case(draw: st.DrawFn, shared_tables: bool = True) -> tuple[list[dict[str, Any]], list[int]]:
    recs = draw(layouts(shared_tables=shared_tables))
    n = len(recs)
    seqs = draw(st.lists(st.integers(0, n - 1), max_size=6))
    return recs, seqs


def _orig_tokens(v: Ven, seqs: list[int]) -> int:
    return sum(v.chunk_tokens(s) for s in set(seqs))


@SETTINGS
@given(case(), st.lists(op_strategy(), min_size=1, max_size=6))
def test_engine_matches_the_brute_force_oracle(c: Any, ops: Any) -> None:
    recs, seqs = c
    v = Ven(recs)
    exp = v.begin_expansion(seqs)
    naive = NaiveExpansion(NaiveDoc(recs), seqs)
    for name, kw in ops:
        got = getattr(exp, name)(**kw)
        want = getattr(naive, name)(**kw)
        assert got == want, (name, kw)
        assert exp.seqs == tuple(sorted(naive.S)), (name, kw)
        assert exp.anchors == tuple(sorted(naive.anchors)), (name, kw)
        assert exp.tokens == naive.tokens
        assert exp.enrichment_tokens == naive.enrichment


@SETTINGS
@given(case(), st.lists(op_strategy(), max_size=6))
def test_invariants_hold_after_any_sequence(c: Any, ops: Any) -> None:
    recs, seqs = c
    v = Ven(recs)
    exp = v.begin_expansion(seqs)
    orig = _orig_tokens(v, seqs)
    for name, kw in ops:
        ret = getattr(exp, name)(**kw)
        got = exp.seqs
        assert list(got) == sorted(set(got))
        assert set(exp.anchors) <= set(got)
        assert set(seqs) <= set(got)
        assert exp.tokens == sum(v.chunk_tokens(s) for s in got)
        assert exp.enrichment_tokens == exp.tokens - orig
        if name != "anchor":
            assert ret == exp.enrichment_tokens


@SETTINGS
@given(case())
def test_complete_tables_makes_every_anchor_table_whole_within_its_type(c: Any) -> None:
    recs, seqs = c
    d = NaiveDoc(recs)
    exp = Ven(recs).begin_expansion(seqs)
    exp.complete_tables()
    got = set(exp.seqs)
    for a in set(seqs):
        for tid in d.tables[a]:
            whole = {x for x in range(d.n) if d.type[x] == d.type[a] and tid in d.tables[x]}
            assert whole <= got
    # and nothing else was added: every added chunk shares a table and a type with an anchor
    for x in got - set(seqs):
        assert any(d.type[x] == d.type[a] and set(d.tables[x]) & set(d.tables[a]) for a in seqs)


@SETTINGS
@given(case())
def test_completed_runs_are_exactly_the_anchor_runs(c: Any) -> None:
    recs, seqs = c
    d = NaiveDoc(recs)
    for method, counts in (("complete_revisions", d.revs), ("complete_comments", d.coms)):
        exp = Ven(recs).begin_expansion(seqs)
        getattr(exp, method)()
        runs: set[int] = set()
        for a in set(seqs):
            if counts[a] > 0:
                run = d.run(a, counts)
                assert all(counts[x] > 0 for x in run)
                assert all(d.type[x] == d.type[a] for x in run)
                runs |= set(run)
        assert set(exp.seqs) == set(seqs) | runs


ADDITIONS: list[tuple[str, st.SearchStrategy[dict[str, Any]]]] = [
    (
        "add_page_chunks",
        st.fixed_dictionaries({"full_page": st.booleans(), "num_pages": st.integers(0, 3)}),
    ),
    ("add_section_pages", st.fixed_dictionaries({"num_pages": st.integers(0, 3)})),
    ("add_revision_chunks", st.fixed_dictionaries({"author": authors})),
    ("add_comment_chunks", st.fixed_dictionaries({"author": authors})),
    (
        "add_related_chunks",
        st.fixed_dictionaries(
            {
                "all_tables": st.just(True),
                "revisions": st.just(False),
                "comments": st.just(False),
                "adjacent_tables": st.just(False),
            }
        ),
    ),
]


def _max_unit(d: NaiveDoc, name: str) -> int:
    """The largest unit an addition can take, in tokens."""
    if name in ("add_revision_chunks", "add_comment_chunks"):
        return max(d.tok)
    if name == "add_related_chunks":
        return max(
            (
                sum(d.tok[c] for c in range(d.n) if d.type[c] == ty and tid in d.tables[c])
                for ty, tid in d.table_units()
            ),
            default=0,
        )
    # the chunks on any page q are a subset of those on the largest start page <= q
    return max((sum(d.tok[c] for c in d.on_page(q)) for q in set(d.page)), default=0)


@SETTINGS
@given(case(), st.sampled_from(range(len(ADDITIONS))), st.data())
def test_budget_overshoot_is_at_most_one_unit_and_budgets_are_monotone(
    c: Any, which: int, data: Any
) -> None:
    recs, seqs = c
    name, kw_strategy = ADDITIONS[which]
    kw = data.draw(kw_strategy)
    v = Ven(recs)
    d = NaiveDoc(recs)
    free = v.begin_expansion(seqs)
    getattr(free, name)(**kw)
    unbounded = set(free.seqs)
    zero = v.begin_expansion(seqs)
    base_e = getattr(zero, name)(budget=0, **kw)
    base = set(zero.seqs)
    if name != "add_related_chunks":
        # budget 0: no additions at all
        assert base == set(seqs) and base_e == 0
    else:
        # budget 0: the completions only (they ignore the budget)
        plain = v.begin_expansion(seqs)
        plain.complete_tables()
        assert base == set(plain.seqs)
    prev = base
    max_unit = _max_unit(d, name)
    for budget in (1, 7, 30, 90, 400, 10**9):
        exp = v.begin_expansion(seqs)
        e = getattr(exp, name)(budget=budget, **kw)
        got = set(exp.seqs)
        # either the budget was reached or everything the method can add is there
        assert e >= budget or got == unbounded
        # overshoot: the last unit was added while enrichment < budget
        assert e < budget + max_unit or e == base_e
        # a bigger budget never takes less
        assert prev <= got <= unbounded
        prev = got


@SETTINGS
@given(case(), st.sampled_from(range(len(ADDITIONS))), st.data())
def test_negative_budget_raises(c: Any, which: int, data: Any) -> None:
    from ven import VenError

    recs, seqs = c
    name, kw_strategy = ADDITIONS[which]
    exp = Ven(recs).begin_expansion(seqs)
    with pytest.raises(VenError):
        getattr(exp, name)(budget=data.draw(st.integers(-100, -1)), **data.draw(kw_strategy))
    assert exp.seqs == tuple(sorted(set(seqs)))


ANCHOR_RELATIVE: list[tuple[str, dict[str, Any]]] = [
    ("complete_tables", {}),
    ("complete_revisions", {}),
    ("complete_comments", {}),
    ("add_page_chunks", {"num_pages": 1}),
    ("add_page_chunks", {"full_page": True}),
    ("add_section_pages", {"num_pages": 2}),
    ("add_revision_chunks", {}),
    ("add_comment_chunks", {"author": "ann"}),
    ("add_related_chunks", {"adjacent_tables": False}),
    ("add_related_chunks", {"adjacent_tables": False, "all_tables": True}),
]


@SETTINGS
@given(case(), st.lists(st.sampled_from(ANCHOR_RELATIVE), min_size=2, max_size=4))
def test_chaining_without_anchor_does_not_compound(c: Any, chain: Any) -> None:
    recs, seqs = c
    v = Ven(recs)
    alone: set[int] = set()
    for name, kw in chain:
        e = v.begin_expansion(seqs)
        getattr(e, name)(**kw)
        alone |= set(e.seqs)
    chained = v.begin_expansion(seqs)
    for name, kw in chain:
        getattr(chained, name)(**kw)
    assert set(chained.seqs) == alone
    assert chained.anchors == tuple(sorted(set(seqs)))


IDEMPOTENT: list[tuple[str, dict[str, Any]]] = [
    *ANCHOR_RELATIVE,
    ("add_page_chunks", {"num_pages": 2, "budget": 40}),
    ("add_section_pages", {"num_pages": 1, "budget": 15}),
    ("add_revision_chunks", {"budget": 25}),
    ("add_comment_chunks", {"budget": 0}),
    ("add_related_chunks", {"all_tables": True, "adjacent_tables": False, "budget": 30}),
]


@SETTINGS
@given(case(), st.sampled_from(IDEMPOTENT), st.booleans())
def test_every_method_is_idempotent(c: Any, call: Any, anchor_between: bool) -> None:
    recs, seqs = c
    name, kw = call
    exp = Ven(recs).begin_expansion(seqs)
    first = getattr(exp, name)(**kw)
    after = exp.seqs
    second = getattr(exp, name)(**kw)
    assert second == first
    assert exp.seqs == after


@SETTINGS
@given(case(), st.booleans(), st.booleans(), st.sampled_from((None, 0, 20)))
def test_related_chunks_is_idempotent(
    c: Any, all_tables: bool, revisions: bool, budget: Any
) -> None:
    recs, seqs = c
    exp = Ven(recs).begin_expansion(seqs)
    kw = {"all_tables": all_tables, "revisions": revisions, "budget": budget}
    first = exp.add_related_chunks(**kw)
    after = exp.seqs
    assert exp.add_related_chunks(**kw) == first
    assert exp.seqs == after


@SETTINGS
@given(case(), st.booleans(), st.sampled_from((None, 0, 20)))
def test_related_chunks_leaves_no_partial_table(c: Any, all_tables: bool, budget: Any) -> None:
    """Whatever the layout (chunks may hold parts of several tables), the expanded set holds
    every table it touches whole."""
    recs, seqs = c
    d = NaiveDoc(recs)
    exp = Ven(recs).begin_expansion(seqs)
    exp.add_related_chunks(all_tables=all_tables, budget=budget)
    got = set(exp.seqs)
    for x in got:
        for tid in d.tables[x]:
            assert set(d.table_chunks(x, tid)) <= got


@SETTINGS
@given(case(), budgets)
def test_anchor_changes_what_methods_expand_from_but_not_enrichment_origin(
    c: Any, budget: Any
) -> None:
    recs, seqs = c
    v = Ven(recs)
    exp = v.begin_expansion(seqs)
    exp.add_page_chunks(budget=budget)
    exp.anchor()
    assert exp.anchors == exp.seqs
    before = exp.seqs
    exp.complete_tables()
    # enrichment still counts from the original seqs
    assert exp.enrichment_tokens == exp.tokens - _orig_tokens(v, seqs)
    # completing from the new anchors equals completing from a fresh expansion of them
    fresh = v.begin_expansion(before)
    fresh.complete_tables()
    assert exp.seqs == fresh.seqs


@SETTINGS
@given(layouts())
def test_document_queries_match_the_oracle(recs: Any) -> None:
    v = Ven(recs)
    d = NaiveDoc(recs)
    assert v.chunk_count == d.n
    assert v.token_count() == sum(d.tok)
    body = [c for c in range(d.n) if d.type[c] == "body"]
    assert v.page_count == len({q for c in body for q in range(d.page[c], d.last[c] + 1)})
    assert v.has_tables == any(d.tables)
    assert v.has_revisions == any(r > 0 for r in d.revs)
    assert v.has_comments == any(r > 0 for r in d.coms)
    top = max(d.sect)
    assert v.section_chunks() == tuple(
        sum(1 for c in body if d.sect[c] == k) for k in range(1, top + 1)
    )
    assert v.section_pages() == tuple(
        len({q for c in body if d.sect[c] == k for q in range(d.page[c], d.last[c] + 1)})
        for k in range(1, top + 1)
    )
    seen: dict[str, str] = {}
    for c in range(d.n):
        if d.revs[c] > 0:
            for a in d.reva[c]:
                seen.setdefault(d.key(a), " ".join(a.split()))
    assert v.revision_authors() == tuple(seen.values())


@SETTINGS
@given(layouts(), st.randoms(use_true_random=False))
def test_record_order_does_not_matter(recs: Any, rnd: random.Random) -> None:
    a = Ven(recs)
    shuffled = list(recs)
    rnd.shuffle(shuffled)
    b = Ven(shuffled)
    n = a.chunk_count
    seqs = [rnd.randrange(n) for _ in range(3)]
    ea, eb = a.begin_expansion(seqs), b.begin_expansion(seqs)
    for e in (ea, eb):
        e.add_related_chunks(all_tables=True, budget=50)
        e.add_page_chunks(num_pages=1, budget=80)
    assert ea.seqs == eb.seqs
    assert a.section_pages() == b.section_pages()
    assert a.comment_authors() == b.comment_authors()


@SETTINGS
@given(case(), st.lists(op_strategy(), max_size=3), st.booleans(), st.booleans())
def test_the_uncapped_shortcuts_equal_the_step_by_step_paths(
    c: Any, before: Any, revisions: bool, comments: bool
) -> None:
    """Without a cap, add_related_chunks() takes the table components at once and
    add_page_chunks() each anchor's precomputed page neighbours; under a cap too large to
    stop anything both go unit by unit. Both must reach the same set."""
    recs, seqs = c
    v = Ven(recs)
    fast = v.begin_expansion(seqs)
    slow = v.begin_expansion(seqs, max_tokens=10**12)
    for name, kw in before:
        getattr(fast, name)(**kw)
        getattr(slow, name)(**kw)
    assert fast.seqs == slow.seqs
    got = fast.add_related_chunks(revisions=revisions, comments=comments)
    want = slow.add_related_chunks(revisions=revisions, comments=comments)
    assert (got, fast.seqs, fast.tokens) == (want, slow.seqs, slow.tokens)
    assert fast.add_page_chunks() == slow.add_page_chunks()
    assert (fast.seqs, fast.tokens) == (slow.seqs, slow.tokens)
    assert slow.skipped == ()
