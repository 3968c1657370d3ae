"""ven.collection under a hard cap with its defaults (issue 49): the ranking and the records
decide, not the question's phrasing. The guarantees over random inputs are in
``test_capped_properties.py``; these are the rules, one example each."""

from __future__ import annotations

import pytest
from ven_testkit import C, FakeSearch, doc

from ven.capped import CapPolicy
from ven.collection import Collection
from ven.errors import VenError


def _prose(doc_id: str, n: int = 40, tokens: int = 100) -> list[dict]:
    return doc(*[C(t=tokens, p=1 + i // 4) for i in range(n)], doc_id=doc_id, title=doc_id)


def _tables(**kw) -> Collection:
    """A: chunks 0-3 table 1 (4 x 100 tokens), 20-21 table 2, the rest prose; B: prose."""
    chunks = [C(t=100, p=1 + i // 4, tab=[1] if i < 4 else ([2] if i in (20, 21) else [])) for i in range(40)]
    c = Collection(threshold=0, **kw)
    c.add(doc(*chunks, doc_id="A", title="A"), [f"[doc_title: A]\na{i}" for i in range(40)])
    c.add(_prose("B"))
    return c


def _seqs(ctx, doc_id: str = "A") -> tuple[int, ...]:
    return next((d.seqs for d in ctx.docs if d.doc_id == doc_id), ())


FILLER = [("B", i) for i in range(40)]


def test_two_top_hits_in_one_table_complete_it_whatever_the_wording():
    c = _tables()
    ranking = [("A", 1), ("B", 0), ("A", 2), *FILLER[1:]]  # both among the hits the cap holds
    for question in ("Which items have a lead time of 12 weeks?", "lead time 12 weeks", "Was kostet Teil 3?"):
        ctx = c.context(question, FakeSearch(ranking), max_tokens=1000)
        assert set(_seqs(ctx)) >= {0, 1, 2, 3}, question  # the whole table
        assert not any("one-fact" in n for n in ctx.notes)


def test_a_lone_table_hit_is_not_completed_while_the_ranking_has_further_hits():
    c = _tables()
    ranking = [("A", 20), *FILLER]  # one hit in table 2; its other chunk is not ranked
    ctx = c.context("the price of part 3", FakeSearch(ranking), max_tokens=1000)
    # the cap goes to further hits: nine 100-token chunks, the blank lines joining them and the
    # partial table's mark (ten would send 1,000 tokens of chunks and 20 more of framing)
    assert _seqs(ctx) == (20,) and ctx.context_tokens == 900
    forced = c.context("the price of part 3", FakeSearch(ranking), max_tokens=1000, structure=True)
    assert _seqs(forced) == (20, 21)


def _headed(heads: str = "Item No.; Lead time") -> Collection:
    """A: chunks 0-3 one table whose column headings are ``heads``, the rest prose; B: prose."""
    recs = doc(*[C(t=100, p=1 + i // 4, tab=[1] if i < 4 else []) for i in range(40)], doc_id="A", title="A")
    for r in recs[:4]:
        r["ssTableHeads"] = heads
    c = Collection(threshold=0)
    c.add(recs)
    c.add(_prose("B"))
    return c


@pytest.mark.parametrize("question", ["Which items have a lead time of 12 weeks?", "lead times over 10 weeks",
                                      "Lieferzeit oder lead time?"])
def test_a_lone_table_hit_is_completed_when_the_question_names_one_of_its_columns(question):
    ranking = [("A", 1), *FILLER]  # one hit in the table, the ranking's top elsewhere
    ctx = _headed().context(question, FakeSearch(ranking), max_tokens=1000)
    assert _seqs(ctx) == (0, 1, 2, 3)


def test_a_column_heading_the_question_does_not_share_completes_nothing():
    ranking = [("A", 1), *FILLER]
    ctx = _headed().context("What does part 3 cost?", FakeSearch(ranking), max_tokens=1000)
    assert _seqs(ctx) == (1,) and ctx.context_tokens == 1000  # the cap goes to further hits
    other = _headed("Part; Price").context("Which lead time applies?", FakeSearch(ranking), max_tokens=1000)
    assert _seqs(other) == (1,)


def test_room_left_after_every_hit_completes_the_hits_structures():
    c = _tables()
    ctx = c.context("q", FakeSearch([("A", 20), ("B", 3)]), max_tokens=1000)
    assert _seqs(ctx) == (20, 21) and _seqs(ctx, "B") == (3,)
    never = c.context("q", FakeSearch([("A", 20), ("B", 3)]), max_tokens=1000, structure=False)
    assert _seqs(never) == (20,)


def test_a_table_that_does_not_fit_sends_its_rows_nearest_the_hit_marked_partial():
    chunks = [C(t=100, p=1 + i // 4, tab=[1] if i < 20 else []) for i in range(40)]
    c = Collection(threshold=0)
    c.add(doc(*chunks, doc_id="A", title="A"), [f"[doc_title: A | page_range: {1 + i // 4}]\nrow {i}" for i in range(40)])
    c.add(_prose("B"))
    ranking = [("A", 7), ("A", 8), *FILLER]
    ctx = c.context("q", FakeSearch(ranking), max_tokens=600)
    a = next(d for d in ctx.docs if d.doc_id == "A")
    assert ctx.context_tokens <= 600
    assert list(a.seqs) == list(range(a.seqs[0], a.seqs[-1] + 1)) and {7, 8} <= set(a.seqs)
    assert a.partial == a.seqs and "table: partial" in ctx.text
    off = c.context("q", FakeSearch(ranking), max_tokens=600, partial_tables=False)
    assert not any(d.partial for d in off.docs) and "partial" not in off.text


def test_rows_near_a_hit_come_after_the_hits_ranked_below_it():
    chunks = [C(t=100, p=1 + i // 4, tab=[1] if i < 20 else []) for i in range(40)]
    c = Collection(threshold=0)
    c.add(doc(*chunks, doc_id="A", title="A"), [f"[doc_title: A]\nrow {i}" for i in range(40)])
    c.add(_prose("B"))
    ranking = [("A", 7), ("A", 8), ("B", 0), ("B", 1), ("B", 2)]
    # (700 tokens of chunks, and 15 of framing: A's three joins and its partial table's mark)
    ctx = c.context("q", FakeSearch(ranking), max_tokens=715)
    assert _seqs(ctx, "B") == (0, 1, 2)  # every ranked hit first ...
    assert _seqs(ctx) == (6, 7, 8, 9)  # ... then the table's rows nearest the hits, in the room left
    assert ctx.context_tokens == 700
    assert _seqs(c.context("q", FakeSearch(ranking), max_tokens=714)) == (7, 8, 9)  # one token less: one row less
    full = c.context("q", FakeSearch([*ranking, *FILLER[3:]]), max_tokens=715)
    assert _seqs(full) == (7, 8)  # further hits took the room: no rows of the table


def test_the_named_persons_marks_are_completed_and_added():
    chunks = [C(t=100)] * 10 + [C(t=100, com=1, ca=["Daniel Okafor"])] * 3 + [C(t=100)] * 10 + [C(t=100, com=1, ca=["Mary Hoffins"])] + [C(t=100)] * 16
    c = Collection(threshold=0)
    c.add(doc(*chunks, doc_id="A", title="A"))
    c.add(_prose("B"))
    ranking = [("A", 11), *FILLER]
    named = c.context("What did Daniel Okafor comment on in Schedule 6?", FakeSearch(ranking), max_tokens=1000)
    assert {10, 11, 12} <= set(_seqs(named)) and 23 not in _seqs(named)
    other = c.context("what comments are in schedule 6", FakeSearch(ranking), max_tokens=1000)
    assert _seqs(other) == (11,)  # no one named, no other hit in the run: the cap goes to further hits


def test_the_chunks_referring_to_a_hit_come_with_it_by_default():
    recs = _prose("A")
    recs[5]["ssLabels"] = "9.2"
    recs[30]["ssRefs"] = "9.2"  # "Notwithstanding clause 9.2 ..."
    c = Collection(threshold=0)
    c.add(recs)
    c.add(_prose("B"))
    ranking = [("A", 5), *FILLER]
    ctx = c.context("What is the liability cap?", FakeSearch(ranking), max_tokens=500)
    assert 30 in _seqs(ctx)
    off = c.context("What is the liability cap?", FakeSearch(ranking), max_tokens=500, referring=False)
    assert 30 not in _seqs(off)


def test_a_broad_question_keeps_its_best_hits_and_spreads_only_what_remains():
    # the traced case of issue 49: a 795-token fleet table chunk ranked first, a 57-token
    # chunk of the same file second, then hits of four other files
    fleet = doc(C(t=795, tab=[1]), C(t=57), *[C(t=100) for _ in range(10)], doc_id="F", title="F")
    c = Collection(threshold=0)
    c.add(fleet)
    for d in "PQRS":
        c.add(_prose(d, 10))
    ranking = [("F", 0), ("F", 1), *[(d, i) for i in range(10) for d in "PQRS"]]
    ctx = c.context("List every truck in the fleet", FakeSearch(ranking), max_tokens=2000, broad=True)
    assert ctx.broad and {0, 1} <= set(_seqs(ctx, "F"))
    assert all(_seqs(ctx, d) for d in "PQRS")  # the spread still reaches every file
    hinted = c.context("List every truck in the fleet", FakeSearch(ranking), max_tokens=2000, hints=True)
    assert hinted.broad and {0, 1} <= set(_seqs(hinted, "F"))


def test_without_hints_the_wording_does_not_change_the_context():
    c = _tables()
    ranking = [("A", 2), ("A", 20), *FILLER]
    contexts = {
        q: c.context(q, FakeSearch(ranking), max_tokens=800)
        for q in ("Summarise all the documents.", "Which items are listed?", "What is the price of part 3?",
                  "Is the liability capped in every case?", "liste alle Artikel")
    }
    assert len({(ctx.docs, ctx.broad) for ctx in contexts.values()}) == 1


@pytest.mark.parametrize("bad", [0, 1.5, -0.1])
def test_spend_cap_policy_values_are_plain(bad):
    # the policy is a frozen value; Collection.context validates what reaches it
    with pytest.raises(VenError, match="retrieval_share"):
        Collection(threshold=0).context("q", FakeSearch([]), max_tokens=100, retrieval_share=bad)
    assert CapPolicy().partial and CapPolicy().referring and CapPolicy().structure is None
