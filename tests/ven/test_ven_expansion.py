"""Expansion methods on hand-built layouts, with the exact expected seqs."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from typing import Any

import pytest
from ven_testkit import C, doc

from ven import Expansion, Skipped, Ven, VenError

# --------------------------------------------------------------------------------------
# Layouts
# --------------------------------------------------------------------------------------

#  seq type     page  tables  tokens
#  0   body     1     -       10
#  1   body     1     1       20
#  2   body     2     1       30
#  3   body     2     1;2     40
#  4   body     3     2       50
#  5   body     3     -       60
#  6   body     4     3        5     a table in one chunk
#  7-11 body    4-6   4        1 each: a table split over five chunks
#  12  header   1-6   5        2
#  13  header   1-6   5        3
#  14  footer   1-6   1        4     same id as body table 1, other story
TABLES = Ven(
    doc(
        C(p=1, t=10),
        C(p=1, t=20, tab=[1]),
        C(p=2, t=30, tab=[1]),
        C(p=2, t=40, tab=[1, 2]),
        C(p=3, t=50, tab=[2]),
        C(p=3, t=60),
        C(p=4, t=5, tab=[3]),
        C(p=4, pl=5, t=1, tab=[4]),
        C(p=5, t=1, tab=[4]),
        C(p=5, t=1, tab=[4]),
        C(p=6, t=1, tab=[4]),
        C(p=6, t=1, tab=[4]),
        C(type="header", p=1, pl=6, t=2, tab=[5]),
        C(type="header", p=1, pl=6, t=3, tab=[5]),
        C(type="footer", p=1, pl=6, t=4, tab=[1]),
    )
)

#  seq type      revs (authors)   comments (authors)
#  0   body      1 Ann
#  1   body      2 Bob
#  2   body      1 Ann
#  3   body      -
#  4   body      1 Cy
#  5   body      -                 1 Dee
#  6   body      1 Ann             1 Dee
#  7   body      -
#  8   footnote  1 Ann                              (seq-adjacent to 7, but another story)
#  9   footnote  1 Bob
#  10  header    1 Ann
REVS = Ven(
    doc(
        C(rev=1, ra=["Ann"]),
        C(rev=2, ra=["Bob"]),
        C(rev=1, ra=["Ann"]),
        C(),
        C(rev=1, ra=["Cy"]),
        C(com=1, ca=["Dee"]),
        C(rev=1, ra=["Ann"], com=1, ca=["Dee"]),
        C(),
        C(type="footnote", rev=1, ra=["Ann"]),
        C(type="footnote", rev=1, ra=["Bob"]),
        C(type="header", rev=1, ra=["ann"]),
    )
)

#  seq type      page  sect tokens
#  0   body      1     1    10
#  1   body      1     1    10
#  2   body      2     1    10
#  3   body      2-3   1    10
#  4   body      3     2    10
#  5   body      4     2    10
#  6   body      5     2    10
#  7   body      6     3    10
#  8   body      7     3    10
#  9   body      8     3    10
#  10  header    1-8   1     1   (on every page)
#  11  footer    1-8   1     2
#  12  footnote  4     2     3
PAGES = Ven(
    doc(
        C(p=1, s=1),
        C(p=1, s=1),
        C(p=2, s=1),
        C(p=2, pl=3, s=1),
        C(p=3, s=2),
        C(p=4, s=2),
        C(p=5, s=2),
        C(p=6, s=3),
        C(p=7, s=3),
        C(p=8, s=3),
        C(type="header", p=1, pl=8, s=1, t=1),
        C(type="footer", p=1, pl=8, s=1, t=2),
        C(type="footnote", p=4, s=2, t=3),
    )
)


def grow(v: Ven, anchors: list[int], method: str, *args: Any, **kw: Any) -> tuple[int, ...]:
    exp = v.begin_expansion(anchors)
    ret = getattr(exp, method)(*args, **kw)
    assert ret == exp.enrichment_tokens
    return exp.seqs


# --------------------------------------------------------------------------------------
# begin_expansion and the expansion object
# --------------------------------------------------------------------------------------


def test_begin_expansion_takes_any_iterable_and_duplicates() -> None:
    class Idx:
        def __index__(self) -> int:
            return 4

    def gen() -> Iterator[int]:
        yield from (3, 1, 3)

    for seqs in ([3, 1, 3], (1, 3), {1, 3}, gen(), range(1, 4, 2), [3.0, 1]):
        exp = TABLES.begin_expansion(seqs)  # type: ignore[arg-type]
        assert exp.seqs == (1, 3) and exp.anchors == (1, 3)
        assert exp.tokens == 60 and exp.enrichment_tokens == 0
    assert TABLES.begin_expansion([Idx()]).seqs == (4,)
    assert isinstance(TABLES.begin_expansion([]), Expansion)
    # a list mixing ints with other int-likes, and one with an int out of range
    assert TABLES.begin_expansion([1, Idx()]).seqs == (1, 4)
    with pytest.raises(VenError, match="seqs item 1, field .ssSeq.: expected an int, got bool"):
        TABLES.begin_expansion([1, True])
    with pytest.raises(VenError, match="seqs item 2, field 'ssSeq': 99 is out of range"):
        TABLES.begin_expansion([1, 3, 99])


def test_begin_expansion_reads_an_iterator_lazily_and_stops_at_its_first_bad_item() -> None:
    endless = itertools.count(TABLES.chunk_count)  # every item out of range, never ending
    with pytest.raises(VenError, match="seqs item 0, field 'ssSeq'"):
        TABLES.begin_expansion(endless)
    assert next(endless) == TABLES.chunk_count + 1  # only the first item was read


@pytest.mark.parametrize(
    ("seqs", "pos"),
    [([0, 15], 1), ([-1], 0), ([2, 3, 99], 2), ([True], 0), ([0, "1"], 1), ([1.5], 0), ([None], 0)],
)
def test_begin_expansion_rejects_bad_seqs_naming_the_item(seqs: list[Any], pos: int) -> None:
    with pytest.raises(VenError) as info:
        TABLES.begin_expansion(seqs)
    assert info.value.index == pos
    assert info.value.field == "ssSeq"
    assert f"item {pos}" in str(info.value) and "ssSeq" in str(info.value)


@pytest.mark.parametrize("bad", [3, "12", b"1", None])
def test_begin_expansion_rejects_non_iterables(bad: Any) -> None:
    with pytest.raises(VenError, match="iterable"):
        TABLES.begin_expansion(bad)


def test_expansion_needs_a_ven() -> None:
    with pytest.raises(VenError):
        Expansion(object(), [0])  # type: ignore[arg-type]
    assert Expansion(TABLES, [2]).complete_tables() == 60


CALLS: list[tuple[str, tuple[Any, ...]]] = [
    ("complete_tables", ()),
    ("complete_revisions", ()),
    ("complete_comments", ()),
    ("add_page_chunks", ()),
    ("add_section_pages", (1,)),
    ("add_revision_chunks", ()),
    ("add_comment_chunks", ()),
    ("add_related_chunks", ()),
    ("anchor", ()),
    ("end", ()),
    ("__enter__", ()),
]


@pytest.mark.parametrize(("name", "args"), CALLS)
def test_any_call_after_end_raises(name: str, args: tuple[Any, ...]) -> None:
    exp = PAGES.begin_expansion([3])
    exp.end()
    with pytest.raises(VenError, match="ended"):
        getattr(exp, name)(*args)


@pytest.mark.parametrize("prop", ["seqs", "anchors", "tokens", "enrichment_tokens"])
def test_property_reads_after_end_raise(prop: str) -> None:
    exp = PAGES.begin_expansion([3])
    exp.end()
    with pytest.raises(VenError):
        getattr(exp, prop)


def test_context_manager_ends_the_expansion() -> None:
    with PAGES.begin_expansion([5]) as exp:
        exp.add_page_chunks()
        got = exp.seqs
    assert got == (5, 10, 11, 12)
    with pytest.raises(VenError):
        exp.seqs  # noqa: B018
    with pytest.raises(KeyError), PAGES.begin_expansion([5]) as exp2:
        raise KeyError("propagates")
    with pytest.raises(VenError):
        exp2.add_page_chunks()
    with PAGES.begin_expansion([5]) as exp3:
        exp3.end()  # ending inside the block is fine


def test_expansions_are_independent() -> None:
    a = TABLES.begin_expansion([2])
    b = TABLES.begin_expansion([2])
    a.complete_tables()
    assert b.seqs == (2,)
    assert a.seqs == (1, 2, 3)


# --------------------------------------------------------------------------------------
# complete_tables
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("anchors", "want", "enrich"),
    [
        ([2], (1, 2, 3), 60),  # table 1 over three chunks
        ([4], (3, 4), 40),  # table 2: chunk 3 holds the end of 1 too, 1 is not touched
        ([3], (1, 2, 3, 4), 100),  # a chunk holding two tables completes both
        ([9], (7, 8, 9, 10, 11), 4),  # a table split over five chunks
        ([6], (6,), 0),  # a one-chunk table is already whole
        ([0], (0,), 0),  # no table
        ([12], (12, 13), 3),  # a table in the header: completed from header chunks
        ([1], (1, 2, 3), 70),  # body table 1 does not pull the footer's table "1"
        ([14], (14,), 0),  # and the footer's does not pull the body's
        ([], (), 0),
    ],
)
def test_complete_tables(anchors: list[int], want: tuple[int, ...], enrich: int) -> None:
    exp = TABLES.begin_expansion(anchors)
    assert exp.complete_tables() == enrich
    assert exp.seqs == want


def test_a_chunk_listing_fifty_thousand_tables_builds_and_completes_them() -> None:
    # (each table id was looked up in a list of the chunk's tables: quadratic in the list)
    many = [str(i) for i in range(1, 50_001)]
    v = Ven(doc(C(t=10, tab=many), C(t=10), C(t=10, tab=["49999", "60000"]), C(t=10, tab=["60000"])))
    exp = v.begin_expansion([0])
    assert exp.complete_tables() == 10  # table 49999 pulls chunk 2
    assert exp.seqs == (0, 2)
    assert v.has_tables


def test_complete_tables_ignores_the_budget_and_counts_only_new_chunks() -> None:
    exp = TABLES.begin_expansion([1, 2])
    assert exp.complete_tables() == 40  # chunk 3 only
    assert exp.tokens == 90


# --------------------------------------------------------------------------------------
# complete_revisions / complete_comments
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("anchors", "want"),
    [
        ([1], (0, 1, 2)),  # run of three body chunks
        ([2], (0, 1, 2)),  # stops at 3; footnote 8 is not a body neighbour
        ([3], (3,)),  # no revisions: nothing
        ([4], (4,)),  # a run of one (5 has comments only)
        ([8], (8, 9)),  # footnote run
        ([10], (10,)),
        ([7], (7,)),
        ([0, 8], (0, 1, 2, 8, 9)),
    ],
)
def test_complete_revisions(anchors: list[int], want: tuple[int, ...]) -> None:
    assert grow(REVS, anchors, "complete_revisions") == want


@pytest.mark.parametrize(
    ("anchors", "want"), [([5], (5, 6)), ([6], (5, 6)), ([4], (4,)), ([0], (0,))]
)
def test_complete_comments(anchors: list[int], want: tuple[int, ...]) -> None:
    assert grow(REVS, anchors, "complete_comments") == want


def test_neighbours_are_of_the_same_type_even_when_types_interleave() -> None:
    v = Ven(
        doc(
            C(rev=1),
            C(type="header", rev=1),
            C(rev=1),
            C(),
            C(type="header", rev=1),
            C(type="header"),
            C(type="header", rev=1),
        )
    )
    assert grow(v, [0], "complete_revisions") == (0, 2)  # body neighbours skip the header
    assert grow(v, [1], "complete_revisions") == (1, 4)  # header neighbours skip the body
    assert grow(v, [6], "complete_revisions") == (6,)


# --------------------------------------------------------------------------------------
# add_revision_chunks / add_comment_chunks
# --------------------------------------------------------------------------------------


def test_add_revision_chunks_all_and_by_author() -> None:
    assert grow(REVS, [3], "add_revision_chunks") == (0, 1, 2, 3, 4, 6, 8, 9, 10)
    assert grow(REVS, [3], "add_revision_chunks", "ann") == (0, 2, 3, 6, 8, 10)
    assert grow(REVS, [3], "add_revision_chunks", author=" ANN ") == (0, 2, 3, 6, 8, 10)
    assert grow(REVS, [3], "add_revision_chunks", author="nobody") == (3,)
    assert grow(REVS, [3], "add_revision_chunks", author=None) == grow(
        REVS, [3], "add_revision_chunks"
    )


def test_add_comment_chunks_all_and_by_author() -> None:
    assert grow(REVS, [0], "add_comment_chunks") == (0, 5, 6)
    assert grow(REVS, [0], "add_comment_chunks", "DEE") == (0, 5, 6)
    assert grow(REVS, [0], "add_comment_chunks", "Ann") == (0,)


@pytest.mark.parametrize(
    ("budget", "want"),
    [
        (0, (3,)),
        (1, (2, 3)),  # nearest first: 2 and 4 are at distance 1, 2 has the lower seq
        (10, (2, 3)),  # 10 tokens reached: no more
        (11, (2, 3, 4)),  # overshoot by one chunk
        (21, (1, 2, 3, 4)),
        (31, (0, 1, 2, 3, 4)),  # 0 and 6 are both at distance 3: lower seq first
        (41, (0, 1, 2, 3, 4, 6)),
        (None, (0, 1, 2, 3, 4, 6, 8, 9, 10)),
    ],
)
def test_revision_chunks_go_by_distance_then_seq_within_budget(
    budget: int | None, want: tuple[int, ...]
) -> None:
    assert grow(REVS, [3], "add_revision_chunks", budget=budget) == want


def test_chunk_additions_with_several_anchors_use_the_nearest() -> None:
    v = Ven(doc(*[C(rev=1) for _ in range(20)]))
    # anchors 3 and 15: distance-1 chunks 2, 4, 14, 16 come before any distance-2 chunk
    assert grow(v, [3, 15], "add_revision_chunks", budget=31) == (2, 3, 4, 14, 15, 16)
    # then distance 2 by seq: 1, 5, 13, 17
    assert grow(v, [3, 15], "add_revision_chunks", budget=41) == (1, 2, 3, 4, 14, 15, 16)
    assert grow(v, [3, 15], "add_revision_chunks", budget=51) == (1, 2, 3, 4, 5, 14, 15, 16)


def test_chunk_additions_work_without_anchors_in_document_order() -> None:
    assert grow(REVS, [], "add_revision_chunks", budget=25) == (0, 1, 2)
    assert grow(REVS, [], "add_comment_chunks") == (5, 6)


# --------------------------------------------------------------------------------------
# add_related_chunks
# --------------------------------------------------------------------------------------


def test_related_chunks_completes_tables_then_adjacent_tables() -> None:
    assert grow(TABLES, [4], "add_related_chunks") == (1, 2, 3, 4)
    assert grow(TABLES, [4], "add_related_chunks", adjacent_tables=False) == (3, 4)


def test_related_chunks_completes_tables_met_in_revision_and_comment_runs() -> None:
    v = Ven(
        doc(
            C(rev=1),
            C(rev=1, tab=[1]),
            C(tab=[1]),
            C(tab=[1]),
            C(),
            C(com=1),
            C(com=1, tab=[2]),
            C(tab=[2]),
        )
    )
    assert grow(v, [0], "add_related_chunks") == (0, 1, 2, 3)
    assert grow(v, [0], "add_related_chunks", adjacent_tables=False) == (0, 1)
    assert grow(v, [0], "add_related_chunks", revisions=False) == (0,)
    assert grow(v, [5], "add_related_chunks") == (5, 6, 7)
    assert grow(v, [5], "add_related_chunks", comments=False) == (5,)


def test_adjacent_tables_completes_to_a_fixed_point() -> None:
    # chunk 1 holds tables 1 and 2, chunk 2 tables 2 and 3: a chain
    v = Ven(doc(C(tab=[1]), C(tab=[1, 2]), C(tab=[2, 3]), C(tab=[3]), C()))
    exp = v.begin_expansion([0])
    exp.add_related_chunks()
    # table 1 (anchor) -> chunk 1 -> table 2 -> chunk 2 -> table 3 -> chunk 3: none partial
    assert exp.seqs == (0, 1, 2, 3)
    exp.add_related_chunks()  # and a second call has nothing left to do
    assert exp.seqs == (0, 1, 2, 3)
    # all_tables under a budget: a table taken whole may start another; that one is completed
    v = Ven(doc(C(), C(tab=[1]), C(tab=[1, 2]), C(tab=[2]), C(tab=[2])))
    exp = v.begin_expansion([0])
    exp.add_related_chunks(all_tables=True, budget=1)
    assert exp.seqs == (0, 1, 2, 3, 4)
    exp = v.begin_expansion([0])
    exp.add_related_chunks(all_tables=True, budget=1, adjacent_tables=False)
    assert exp.seqs == (0, 1, 2)  # without it, table 2 stays partial: the old behaviour


def test_adjacent_tables_sees_chunks_added_by_earlier_calls() -> None:
    exp = TABLES.begin_expansion([0])
    exp.add_page_chunks()  # page 1: chunks 1 (table 1), 12, 13 (header table 5), 14 (footer)
    assert exp.seqs == (0, 1, 12, 13, 14)
    exp.add_related_chunks()  # table 1 whole brings chunk 3, which starts table 2: chunk 4 too
    assert exp.seqs == (0, 1, 2, 3, 4, 12, 13, 14)


def test_related_chunks_completions_ignore_the_budget() -> None:
    exp = TABLES.begin_expansion([2])
    assert exp.add_related_chunks(budget=0) == 60 + 50  # table 1, then table 2 via chunk 3
    assert exp.seqs == (1, 2, 3, 4)


def test_all_tables_adds_every_table_without_a_budget() -> None:
    assert grow(TABLES, [0], "add_related_chunks", all_tables=True) == (
        0,
        *range(1, 5),
        *range(6, 15),
    )


def test_all_tables_nearest_table_first_one_whole_table_per_unit() -> None:
    #  T1 at 0-1, T2 at 6, T3 at 13-14; anchor 10
    v = Ven(
        doc(
            C(tab=[1]),
            C(tab=[1]),
            C(),
            C(),
            C(),
            C(),
            C(tab=[2]),
            C(),
            C(),
            C(),
            C(),
            C(),
            C(),
            C(tab=[3]),
            C(tab=[3]),
        )
    )
    assert grow(v, [10], "add_related_chunks", all_tables=True, budget=0) == (10,)
    assert grow(v, [10], "add_related_chunks", all_tables=True, budget=1) == (10, 13, 14)
    assert grow(v, [10], "add_related_chunks", all_tables=True, budget=20) == (10, 13, 14)
    assert grow(v, [10], "add_related_chunks", all_tables=True, budget=21) == (6, 10, 13, 14)
    assert grow(v, [10], "add_related_chunks", all_tables=True, budget=31) == (0, 1, 6, 10, 13, 14)
    # without anchors: document order
    assert grow(v, [], "add_related_chunks", all_tables=True, budget=1) == (0, 1)
    assert grow(v, [], "add_related_chunks", all_tables=True, budget=25) == (0, 1, 6)


def test_all_tables_ties_go_by_the_tables_first_seq() -> None:
    # anchor 5; body table "1" at seq 3 (distance 2); header table "2" over the header
    # chunks 1 and 7 (distance 2 through chunk 7, first seq 1): the header table goes first
    v = Ven(
        doc(
            C(),
            C(type="header", tab=[2]),
            C(),
            C(tab=[1]),
            C(),
            C(),
            C(),
            C(type="header", tab=[2]),
        )
    )
    assert grow(v, [5], "add_related_chunks", all_tables=True, budget=1) == (1, 5, 7)
    assert grow(v, [5], "add_related_chunks", all_tables=True, budget=21) == (1, 3, 5, 7)


def test_related_chunks_without_tables_revisions_or_comments_adds_nothing() -> None:
    assert grow(PAGES, [3], "add_related_chunks", all_tables=True) == (3,)


# --------------------------------------------------------------------------------------
# add_page_chunks
# --------------------------------------------------------------------------------------


def test_full_page_adds_every_chunk_of_any_type_on_the_anchor_pages() -> None:
    assert grow(PAGES, [5], "add_page_chunks") == (5, 10, 11, 12)
    # a chunk over pages 2-3: both pages
    assert grow(PAGES, [3], "add_page_chunks") == (2, 3, 4, 10, 11)


def test_no_full_page_and_no_pages_adds_nothing() -> None:
    assert grow(PAGES, [5], "add_page_chunks", full_page=False) == (5,)
    assert grow(PAGES, [5], "add_page_chunks", False, 0, None) == (5,)


def test_num_pages_adds_first_last_neighbours_second_and_second_to_last() -> None:
    # stage 2: pages 1 and 8; stage 3: pages 3 and 5; stage 4: pages 2 and 7
    assert grow(PAGES, [5], "add_page_chunks", full_page=False, num_pages=1) == (
        0,
        1,
        2,
        3,
        4,
        5,
        6,
        8,
        9,
        10,
        11,
    )  # not 7 (page 6) nor 12 (page 4: no full_page)


@pytest.mark.parametrize(
    ("budget", "want"),
    [
        (0, (5,)),
        (1, (5, 10, 11, 12)),  # stage 1, one page (6 tokens)
        (6, (5, 10, 11, 12)),
        (7, (0, 1, 5, 10, 11, 12)),  # stage 2: page 1
        (27, (0, 1, 5, 9, 10, 11, 12)),  # stage 2: page 8
        (37, (0, 1, 3, 4, 5, 9, 10, 11, 12)),  # stage 3: page 3 (p-1) before page 5
        (57, (0, 1, 3, 4, 5, 6, 9, 10, 11, 12)),  # page 5 (p+1)
        (67, (0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 12)),  # page 2 (p-2)
        (77, (0, 1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12)),  # page 6 (p+2)
        (87, tuple(range(13))),  # stage 4: page 7
        (None, tuple(range(13))),
    ],
)
def test_page_stages_and_order_under_a_budget(budget: int | None, want: tuple[int, ...]) -> None:
    assert grow(PAGES, [5], "add_page_chunks", num_pages=2, budget=budget) == want


def test_anchor_on_the_first_page_still_gets_the_first_page_in_stage_two() -> None:
    # decided: stages 2 and 4 add the document's pages whatever the anchors
    assert grow(PAGES, [0], "add_page_chunks", full_page=False, num_pages=1) == (
        0,
        1,
        2,
        3,
        8,
        9,
        10,
        11,
    )


def test_header_and_footer_anchors_do_not_anchor_page_context() -> None:
    assert grow(PAGES, [10], "add_page_chunks", num_pages=3) == (10,)
    assert grow(PAGES, [11], "add_section_pages", 3) == (11,)
    assert grow(PAGES, [10, 5], "add_page_chunks") == (5, 10, 11, 12)
    # a footnote anchors like a body chunk
    assert grow(PAGES, [12], "add_page_chunks") == (5, 10, 11, 12)


def test_page_methods_add_nothing_without_anchors() -> None:
    assert grow(PAGES, [], "add_page_chunks", num_pages=5) == ()
    assert grow(PAGES, [], "add_section_pages", 5) == ()


def test_pages_around_a_multi_page_anchor_count_from_its_first_and_last_page() -> None:
    v = Ven(doc(*[C(p=p) for p in (1, 2, 3, 4, 5, 6, 7, 8, 9)], C(p=4, pl=6)))
    # anchor 9 covers pages 4-6: the page before is 3, the page after 7
    assert grow(v, [9], "add_page_chunks", full_page=False, num_pages=1, budget=21) == (0, 2, 8, 9)
    assert grow(v, [9], "add_page_chunks", full_page=False, num_pages=1, budget=31) == (
        0,
        2,
        6,
        8,
        9,
    )


def test_num_pages_counts_raw_page_numbers_blank_pages_included() -> None:
    #  pages 1 2 3 _ 5 6 7 8 9 10 (page 4 is blank)
    v = Ven(doc(*[C(p=p) for p in (1, 2, 3, 5, 6, 7, 8, 9, 10)]))
    # anchor on page 5 (seq 3): page 4 is blank, page 6 is seq 4; page 3 is not within 1
    got = grow(v, [3], "add_page_chunks", full_page=False, num_pages=1)
    assert got == (0, 1, 3, 4, 7, 8)  # + pages 1, 10 (stage 2) and 2, 9 (stage 4)


def test_single_page_document_has_no_second_page() -> None:
    v = Ven(doc(C(), C(), C(t=7)))
    assert grow(v, [0], "add_page_chunks", num_pages=3) == (0, 1, 2)


def test_own_pages_of_every_anchor_come_before_any_neighbour_page() -> None:
    v = Ven(doc(C(p=1), C(p=2), C(p=2), C(p=3), C(p=4), C(p=4)))
    assert grow(v, [1, 4], "add_page_chunks", num_pages=1, budget=15) == (1, 2, 4, 5)
    assert grow(v, [1, 4], "add_section_pages", 1, budget=15) == (1, 2, 4, 5)


def test_document_pages_for_stage_two_come_from_body_chunks() -> None:
    # the header reaches page 9, the body only page 3: the last page is 3
    v = Ven(doc(C(p=1), C(p=2), C(p=3), C(type="header", p=1, pl=9, t=1), C(type="footnote", p=9)))
    assert grow(v, [1], "add_page_chunks", full_page=False, num_pages=1) == (0, 1, 2, 3)


def test_wide_chunks_are_found_on_every_page_they_cover() -> None:
    # a header over 10,000 pages and a footnote over 1,000-6,000 are indexed as "wide" chunks
    recs = [C(p=p) for p in (1, 5000, 6000, 9000, 10000)] + [
        C(type="header", p=1, pl=10000, t=1),
        C(type="footnote", p=1000, pl=6000, t=2),
    ]
    v = Ven(doc(*recs))
    assert v._lay.wide == (5, 6)
    assert grow(v, [1], "add_page_chunks") == (1, 5, 6)
    assert grow(v, [2], "add_page_chunks") == (2, 5, 6)  # the footnote's last page
    assert grow(v, [3], "add_page_chunks") == (3, 5)
    assert grow(v, [1], "add_page_chunks", full_page=False, num_pages=3000) == tuple(range(7))
    assert grow(v, [1], "add_section_pages", 10**9) == tuple(range(7))


def test_sparse_page_numbers_use_the_sparse_index() -> None:
    v = Ven(doc(C(p=1), C(p=2), C(p=10**6), C(p=10**6 + 1), C(p=2**31 - 1)))
    assert v._lay.page_dense == () and len(v._lay.page_sparse) == 5
    assert v.page_count == 5
    assert grow(v, [2], "add_page_chunks", full_page=False, num_pages=1) == (0, 1, 2, 3, 4)
    w = Ven(doc(C(p=500), C(p=501), C(p=503)))  # dense, offset by the first page
    assert w._lay.page_base == 500 and len(w._lay.page_dense) == 4
    assert grow(w, [0], "add_page_chunks", full_page=False, num_pages=2, budget=1) == (0, 2)
    assert grow(w, [1], "add_page_chunks", False, 2) == (0, 1, 2)


def test_a_wide_chunk_is_met_at_its_nearest_page_before_the_anchor() -> None:
    # body pages 1, 2, 3000, 7000; a footnote over pages 10-6000 (wide)
    v = Ven(doc(C(p=1), C(p=2), C(p=3000), C(p=7000), C(type="footnote", p=10, pl=6000, t=5)))
    assert v._lay.wide == (4,)
    # stage 2 adds page 1 (10 tokens); stage 3 walks down from page 6999: the footnote's
    # page 6000 (distance 1000) comes before page 3000 (distance 4000)
    assert grow(v, [3], "add_page_chunks", full_page=False, num_pages=6990, budget=11) == (0, 3, 4)


def test_a_wide_chunk_is_met_at_its_nearest_page_after_the_anchor() -> None:
    v = Ven(doc(C(p=1), C(p=4000), C(p=7000), C(p=7001), C(type="footnote", p=1000, pl=6000, t=5)))
    assert v._lay.wide == (4,)
    # stage 2 adds page 7001 (10 tokens); going up from page 2 the footnote's page 1000
    # comes before page 4000
    assert grow(v, [0], "add_page_chunks", full_page=False, num_pages=6990, budget=11) == (0, 3, 4)


def test_stage_four_takes_the_second_page_before_the_second_to_last() -> None:
    # anchor 6 (page 5): stage 2 pages 1, 8; stage 3 pages 4, 6 (56 tokens so far);
    # stage 4: page 2 first, then page 7
    assert grow(PAGES, [6], "add_page_chunks", full_page=False, num_pages=1, budget=57) == (
        0,
        1,
        2,
        3,
        5,
        6,
        7,
        9,
        10,
        11,
        12,
    )
    assert grow(PAGES, [6], "add_page_chunks", full_page=False, num_pages=1, budget=77) == (
        0,
        1,
        2,
        3,
        5,
        6,
        7,
        8,
        9,
        10,
        11,
        12,
    )


# --------------------------------------------------------------------------------------
# add_section_pages
# --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("anchors", "n", "want"),
    [
        ([5], 0, (5, 12)),  # page 4, section 2: not the section-1 header/footer
        ([5], 1, (4, 5, 6, 12)),  # pages 3 and 5, section 2 only (chunk 3 is section 1)
        ([5], 9, (4, 5, 6, 12)),  # never leaves the section
        ([3], 0, (2, 3, 10, 11)),  # pages 2-3 of section 1
        ([3], 1, (0, 1, 2, 3, 10, 11)),
        ([8], 1, (7, 8, 9)),
        ([0, 8], 0, (0, 1, 8, 10, 11)),
    ],
)
def test_add_section_pages(anchors: list[int], n: int, want: tuple[int, ...]) -> None:
    assert grow(PAGES, anchors, "add_section_pages", n) == want


def test_section_pages_budget() -> None:
    assert grow(PAGES, [5], "add_section_pages", 1, budget=0) == (5,)
    assert grow(PAGES, [5], "add_section_pages", 1, budget=1) == (5, 12)
    assert grow(PAGES, [5], "add_section_pages", 1, budget=4) == (4, 5, 12)
    assert grow(PAGES, [5], "add_section_pages", 1, budget=14) == (4, 5, 6, 12)


# --------------------------------------------------------------------------------------
# anchoring, budgets, argument checks
# --------------------------------------------------------------------------------------


def test_chaining_does_not_compound_until_anchor() -> None:
    exp = TABLES.begin_expansion([4])
    exp.complete_tables()  # 3, 4
    exp.complete_tables()
    assert exp.seqs == (3, 4)
    exp.anchor()
    assert exp.anchors == (3, 4)
    exp.complete_tables()  # chunk 3 now anchors table 1 too
    assert exp.seqs == (1, 2, 3, 4)
    assert exp.enrichment_tokens == exp.tokens - 50  # still counted from the original seq


def test_budget_caps_enrichment_counted_from_the_original_seqs() -> None:
    exp = PAGES.begin_expansion([5])
    exp.add_page_chunks()  # 6 tokens
    exp.anchor()
    assert exp.add_page_chunks(num_pages=1, budget=6) == 6  # 6 already spent: nothing more
    assert exp.seqs == (5, 10, 11, 12)


def test_float_and_infinite_budgets() -> None:
    assert grow(REVS, [3], "add_revision_chunks", budget=10.5) == (2, 3, 4)
    assert grow(REVS, [3], "add_revision_chunks", budget=math.inf) == grow(
        REVS, [3], "add_revision_chunks"
    )


@pytest.mark.parametrize("bad", [-1, -0.5, math.nan, "10", True, [5]])
@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("add_page_chunks", ()),
        ("add_section_pages", (1,)),
        ("add_revision_chunks", ("",)),
        ("add_comment_chunks", ("",)),
        ("add_related_chunks", (True, True, True, True)),
    ],
)
def test_bad_budgets_raise_and_change_nothing(bad: Any, name: str, args: tuple[Any, ...]) -> None:
    exp = PAGES.begin_expansion([5])
    with pytest.raises(VenError, match="budget"):
        getattr(exp, name)(*args, budget=bad)
    assert exp.seqs == (5,)


def test_bad_arguments_raise() -> None:
    exp = PAGES.begin_expansion([5])
    with pytest.raises(VenError, match="full_page"):
        exp.add_page_chunks(2)  # type: ignore[arg-type]  # a page count passed as full_page
    with pytest.raises(VenError, match="num_pages"):
        exp.add_page_chunks(True, -1)
    with pytest.raises(VenError, match="num_pages"):
        exp.add_page_chunks(True, 1.5)  # type: ignore[arg-type]
    with pytest.raises(VenError, match="num_pages"):
        exp.add_section_pages(-1)
    with pytest.raises(VenError, match="num_pages"):
        exp.add_section_pages("2")  # type: ignore[arg-type]
    with pytest.raises(VenError, match="author"):
        exp.add_revision_chunks(3)  # type: ignore[arg-type]
    for flag in ("revisions", "comments", "all_tables", "adjacent_tables"):
        with pytest.raises(VenError, match=flag):
            exp.add_related_chunks(**{flag: 1})
    assert exp.seqs == (5,)


def test_empty_anchor_set() -> None:
    exp = TABLES.begin_expansion([])
    assert exp.complete_tables() == 0
    assert exp.complete_revisions() == 0
    assert exp.add_related_chunks() == 0
    assert exp.add_page_chunks(num_pages=2) == 0
    assert exp.add_section_pages(2) == 0
    assert exp.seqs == ()
    assert exp.add_related_chunks(all_tables=True) == TABLES.token_count() - 10 - 60
    e2 = REVS.begin_expansion([])
    assert e2.add_revision_chunks() + 0 == 80
    assert e2.add_comment_chunks() == 90


def test_single_chunk_document() -> None:
    v = Ven(doc(C(t=42, tab=[1], rev=1, ra=["A"], com=1, ca=["B"])))
    exp = v.begin_expansion([0])
    assert exp.add_related_chunks(all_tables=True) == 0
    assert exp.add_page_chunks(num_pages=3) == 0
    assert exp.add_section_pages(3) == 0
    assert exp.add_revision_chunks() == 0
    assert exp.add_comment_chunks("b") == 0
    assert exp.seqs == (0,) and exp.tokens == 42
    empty = v.begin_expansion([])
    assert empty.add_revision_chunks(budget=0) == 0
    assert empty.add_comment_chunks() == 42
    assert empty.seqs == (0,)


def test_return_values_are_cumulative() -> None:
    exp = PAGES.begin_expansion([5])
    a = exp.add_page_chunks()
    b = exp.add_section_pages(1)
    c = exp.complete_tables()
    assert (a, b, c) == (6, 26, 26)
    assert exp.enrichment_tokens == 26
    assert exp.tokens == 36


# --------------------------------------------------------------------------------------
# max_tokens: a hard cap on the whole expanded set


def test_max_tokens_caps_completions_and_reports_what_it_skipped() -> None:
    # chunk 0 (10) starts table 1 over chunks 0-2 (10 + 50 + 10); chunk 3 is a revision run
    v = Ven(doc(C(t=10, tab=["1"]), C(t=50, tab=["1"]), C(t=10, tab=["1"]), C(t=20), C(t=15)))
    free = v.begin_expansion([0])
    free.add_related_chunks()
    assert free.tokens == 70 and free.skipped == ()
    capped = v.begin_expansion([0], max_tokens=60)
    capped.add_related_chunks()
    assert capped.seqs == (0,) and capped.tokens == 10  # the table does not fit whole
    assert capped.skipped == (Skipped("table", (1, 2), 60),)
    capped.add_page_chunks(full_page=True)
    assert capped.tokens <= 60


def test_max_tokens_skips_a_chunk_that_does_not_fit_and_takes_smaller_ones() -> None:
    v = Ven(doc(C(t=10, rev=1), C(t=100, rev=1), C(t=10), C(t=30, rev=1)))
    exp = v.begin_expansion([2], max_tokens=50)
    exp.add_revision_chunks()
    assert exp.seqs == (0, 2, 3) and exp.tokens == 50
    assert [(s.what, s.seqs, s.tokens) for s in exp.skipped] == [("chunk", (1,), 100)]


def test_max_tokens_holds_for_every_method_and_budget() -> None:
    v = TABLES
    for cap in (40, 90, 150, 400):
        for anchors in ([1], [3], [9], [12]):
            if sum(v.chunk_tokens(s) for s in anchors) > cap:
                continue
            with v.begin_expansion(anchors, max_tokens=cap) as exp:
                exp.add_related_chunks(all_tables=True)
                exp.add_page_chunks(num_pages=3)
                exp.add_section_pages(2)
                exp.add_revision_chunks()
                exp.add_comment_chunks()
                assert exp.tokens <= cap
                assert exp.max_tokens == cap
                assert all(s.tokens + exp.tokens > cap for s in exp.skipped if not set(s.seqs) & set(exp.seqs))


@pytest.mark.parametrize("bad", [0, -1, 1.5, "10", True])
def test_max_tokens_must_be_a_positive_int(bad: Any) -> None:
    with pytest.raises(VenError, match="max_tokens"):
        TABLES.begin_expansion([1], max_tokens=bad)


def test_anchors_over_max_tokens_raise() -> None:
    v = Ven(doc(C(t=40), C(t=40)))
    with pytest.raises(VenError, match="80 tokens, over max_tokens=50"):
        v.begin_expansion([0, 1], max_tokens=50)


def test_add_section_pages_honours_section_ranges() -> None:
    #  seq  page  sect..last
    #  0    1     1
    #  1    2     1..2   (the end of section 1 and the start of section 2 share a chunk)
    #  2    2     2
    #  3    3     3
    recs = doc(C(p=1, s=1), C(p=2, s=1), C(p=2, s=2), C(p=3, s=3))
    recs[1]["ssSectLast"] = 2
    v = Ven(recs)
    assert v.section_chunks() == (2, 2, 1) and v.section_pages() == (2, 1, 1)
    # an anchor in section 2 takes the spanning chunk: it is in section 2 too
    assert grow(v, [2], "add_section_pages", 0) == (1, 2)
    # the spanning anchor's sections are 1 and 2: its page neighbours in either count
    assert grow(v, [1], "add_section_pages", 1) == (0, 1, 2)
    # section 3 shares no section with chunk 1
    assert grow(v, [3], "add_section_pages", 1) == (3,)


def test_max_tokens_skips_a_page_that_does_not_fit_and_takes_the_anchors_next_page() -> None:
    # the anchor (chunk 1) covers pages 1-2; page 1's other chunk is too large, page 2's fits
    v = Ven(doc(C(t=100, p=1), C(t=10, p=1, pl=2), C(t=5, p=2), C(t=7, p=3)))
    exp = v.begin_expansion([1], max_tokens=40)
    exp.add_page_chunks()
    assert exp.seqs == (1, 2) and exp.tokens == 15
    assert exp.skipped == (Skipped("page", (0,), 100),)
    free = v.begin_expansion([1])
    free.add_page_chunks()
    assert free.seqs == (0, 1, 2) and free.skipped == ()


def test_own_pages_with_wide_chunks_take_the_same_chunks_as_without() -> None:
    # a footer across 10,000 pages makes the page index keep it apart as a wide chunk
    narrow = [C(t=10, p=i) for i in range(1, 40)]
    wide = narrow + [C(t=3, type="footer", p=1, pl=10_000)]
    for recs in (narrow, wide):
        v = Ven(doc(*recs))
        exp = v.begin_expansion([5])
        exp.add_page_chunks()
        assert exp.seqs == ((5,) if recs is narrow else (5, 39))
    assert Ven(doc(*wide))._lay.wide == (39,)


def test_a_small_budget_reads_only_the_nearest_marked_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    import ven.expansion as E

    pulled: list[int] = []
    real = E.by_distance

    def counting(cands, anchors):  # type: ignore[no-untyped-def]
        for item in real(cands, anchors):
            pulled.append(item[1])
            yield item

    monkeypatch.setattr(E, "by_distance", counting)
    v = Ven(doc(*[C(t=10, rev=1, ra=["Ann"]) for _ in range(5000)]))
    exp = v.begin_expansion([2500])
    exp.add_revision_chunks(budget=30)
    assert exp.seqs == (2498, 2499, 2500, 2501)  # nearest first, while under 30 tokens added
    assert len(pulled) < 20  # not the other 4,990 revised chunks


def test_a_zero_token_chunk_on_the_anchors_page_is_added_and_listed() -> None:
    v = Ven(doc(C(t=10, p=1), C(t=0, p=1), C(t=5, p=2)))
    exp = v.begin_expansion([0])
    assert exp.seqs == (0,)  # (the sorted view is built before the pages are added)
    exp.add_page_chunks()
    assert exp.seqs == (0, 1) and exp.tokens == 10
