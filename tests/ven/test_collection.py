"""ven.collection: every branch of the multi-file context logic, with fake search and model."""

from __future__ import annotations

import pytest
from ven_testkit import C, FakeSearch, doc

from ven import VenError
from ven.collection import Collection, looks_broad, scope_system_prompt


def records(doc_id: str, n: int, tokens: int = 100, **overrides) -> list[dict]:
    chunks = [C(t=tokens, p=1 + i // 2) for i in range(n)]
    for seq, values in overrides.items():
        chunks[int(seq[1:])] = C(**values)
    return doc(*chunks, doc_id=doc_id, title=f"Title {doc_id}")


def texts(doc_id: str, n: int) -> list[str]:
    return [f"{doc_id}-chunk-{i}" for i in range(n)]


def collection(**kw) -> Collection:
    c = Collection(**kw)
    c.add(records("A", 40), texts("A", 40))
    c.add(records("B", 40), texts("B", 40))
    c.add(records("C", 40), texts("C", 40))
    return c


def test_small_collection_sends_everything():
    c = Collection(threshold=20_000)
    c.add(records("A", 3), texts("A", 3))
    c.add(records("B", 2), texts("B", 2))
    ctx = c.context("anything", FakeSearch([]))
    assert ctx.path == "all"
    assert ctx.text == "\n\n".join(texts("A", 3) + texts("B", 2))
    assert ctx.context_tokens == 500 and [d.doc_id for d in ctx.docs] == ["A", "B"]


def test_empty_documents_are_skipped_with_a_warning(caplog):
    c = Collection()
    assert c.add([]) is None
    assert len(c) == 0
    assert "empty" in caplog.text


def test_pointed_retrieval_with_enrichment_budgets_summing_correctly():
    c = collection(threshold=1000)
    search = FakeSearch([("A", 5), ("B", 7), ("A", 6)])
    ctx = c.context("what is the fee?", search, broad=False)
    assert ctx.path == "retrieval" and not ctx.broad
    # one collection-wide search for 15% of 120 chunks
    assert search.calls == [("what is the fee?", 18, None)]
    by_id = {d.doc_id: d for d in ctx.docs}
    assert by_id["A"].retrieved == (5, 6) and by_id["B"].retrieved == (7,)
    assert ctx.retrieval_tokens == 300
    # no structure to complete in these records: nothing added, nothing dropped
    assert ctx.enrichment_tokens == 0
    assert ctx.context_tokens == ctx.retrieval_tokens + ctx.enrichment_tokens
    # document order per file, files in collection order
    assert ctx.text == "A-chunk-5\n\nA-chunk-6\n\nB-chunk-7"


def test_broad_question_spreads_retrieval_over_every_file():
    c = collection(threshold=1000)
    search = FakeSearch([("A", i) for i in range(30)] + [("B", 1), ("C", 2)])
    ctx = c.context("summarise all the documents", search, hints=True)  # looks_broad decides
    assert ctx.broad
    per_file = [call for call in search.calls[1:]]
    assert {call[2] for call in per_file} == {frozenset({"A"}), frozenset({"B"}), frozenset({"C"})}
    quotas = {next(iter(call[2])): call[1] for call in per_file}
    # total quota 18, 25% spread = 4 → 1 each; the rest (15) by hits: A had 18 of 18 hits
    assert quotas["B"] == quotas["C"] == 1 and quotas["A"] == 1 + 15
    assert {d.doc_id for d in ctx.docs} == {"A", "B", "C"}


def test_routing_docs_confident_and_fitting_sends_the_confident_files_whole():
    c = collection(threshold=1000, retrieval_pct=40, enrichment_pct=30)  # allowance 8,400 tokens
    ctx = c.context("q", FakeSearch([]), routing="model", ask=lambda system, q: "C:75 | B:92 | A:40")
    assert ctx.path == "whole-documents"
    # the files at or above the confidence, in collection order; A (listed at 40) is not sent
    assert [d.doc_id for d in ctx.docs] == ["B", "C"] and all(d.whole for d in ctx.docs)
    assert ctx.notes == ("1 listed file below confidence 70 left out (routed_scope='confident')",)
    assert ctx.text.startswith("B-chunk-0") and ctx.context_tokens == 8000
    assert ctx.filter_tokens > 0 and ctx.route is not None and ctx.route.kind == "DOCS"


def test_routed_files_sent_whole_leave_the_rest_of_a_cap_to_the_other_files_hits():
    c = collection(threshold=1000, retrieval_pct=40, enrichment_pct=30, routed_fill=True)
    route = lambda system, q: "B:92"  # noqa: E731
    search = FakeSearch([("B", 3), ("A", 7), ("C", 2), ("A", 8)])
    # (4,300 tokens of chunks; B's 39 blank lines, one to what follows, A's and C's two)
    ctx = c.context("q", search, routing="model", ask=route, max_tokens=4342)
    assert ctx.path == "whole-documents"
    # B whole (4,000 tokens), then the best hits of the other files while the cap holds them
    assert [(d.doc_id, d.whole) for d in ctx.docs] == [("A", False), ("B", True), ("C", False)]
    assert {d.doc_id: d.seqs for d in ctx.docs if not d.whole} == {"A": (7, 8), "C": (2,)}
    assert ctx.context_tokens == 4300 and ctx.retrieval_tokens == 300
    assert ctx.text == "A-chunk-7\n\nA-chunk-8\n\n" + "\n\n".join(texts("B", 40)) + "\n\nC-chunk-2"
    assert ctx.notes[-1] == "the rest of the cap: 3 chunks of 2 other files"
    assert "retrieval tokens: 300" in ctx.summary() and "path: whole-documents" in ctx.summary()
    assert all(call[2] == frozenset({"A", "C"}) for call in search.calls)  # the routed file is not searched
    # no cap, or routed_fill off (the default): the routed files alone
    assert [d.doc_id for d in c.context("q", search, routing="model", ask=route).docs] == ["B"]
    alone = collection(threshold=1000, retrieval_pct=40, enrichment_pct=30)
    assert [d.doc_id for d in alone.context("q", search, routing="model", ask=route, max_tokens=4300).docs] == ["B"]
    # no room for another chunk: nothing added
    tight = c.context("q", FakeSearch([("A", 7)]), routing="model", ask=route, max_tokens=4050)
    assert [d.doc_id for d in tight.docs] == ["B"] and tight.context_tokens == 4000
    with pytest.raises(VenError, match="routed_fill must be a bool"):
        Collection(routed_fill="yes")  # type: ignore[arg-type]


def test_routed_scope_listed_selects_every_listed_file_like_the_reference():
    c = collection(threshold=1000, retrieval_pct=40, enrichment_pct=30, routed_scope="listed")
    ctx = c.context("q", FakeSearch([]), routing="model", ask=lambda system, q: "B:92 | C:40")
    assert ctx.path == "whole-documents"
    assert [d.doc_id for d in ctx.docs] == ["B", "C"] and all(d.whole for d in ctx.docs)
    assert ctx.notes == ()
    # the route still needs one confident file: listed files alone do not route
    low = c.context("q", FakeSearch([("A", 1)]), routing="model", ask=lambda s, q: "B:60 | C:40", broad=False)
    assert low.path == "retrieval" and any("reaches confidence 70" in n for n in low.notes)


@pytest.mark.parametrize(("scope", "searched"), [("confident", {"B"}), ("listed", {"A", "B", "C"})])
def test_routed_scope_decides_which_files_a_too_large_route_searches(scope, searched):
    c = collection(threshold=1000, retrieval_pct=5, enrichment_pct=5, routed_scope=scope)  # allowance 1200
    search = FakeSearch([("A", 1), ("B", 3), ("C", 4)])
    ctx = c.context("What is the price of part 3?", search, routing="model", ask=lambda s, q: "B:85 | C:12 | A:11")
    assert ctx.path == "retrieval"
    assert {call[2] for call in search.calls} == {frozenset(searched)}
    assert {d.doc_id for d in ctx.docs} == searched
    left_out = [n for n in ctx.notes if "left out" in n]
    assert left_out == (["2 listed files below confidence 70 left out (routed_scope='confident')"] if scope == "confident" else [])


@pytest.mark.parametrize(
    ("scope", "docs", "note"),
    [
        ("confident", {"A", "B"}, "no routed id at confidence 70 is in the collection: no routing"),
        ("listed", {"B"}, "routed files exceed the allowance: retrieval over them"),
    ],
)
def test_a_confident_id_the_collection_lacks_routes_nowhere_unless_listed(scope, docs, note):
    c = collection(threshold=1000, routed_scope=scope)
    search = FakeSearch([("A", 1), ("B", 2)])
    ctx = c.context("q", search, routing="model", ask=lambda s, q: "ZZZ:99 | B:30", broad=False)
    # the listed rule routes to B at 30 because an unknown id is confident
    assert ctx.path == "retrieval" and {d.doc_id for d in ctx.docs} == docs
    assert note in ctx.notes


def test_the_left_out_count_names_only_files_the_collection_holds():
    c = collection(threshold=1000, retrieval_pct=5, enrichment_pct=5)
    ctx = c.context("q", FakeSearch([("B", 3)]), routing="model", ask=lambda s, q: "B:92 | ZZZ:40 | c:20 | YYY:15")
    assert [n for n in ctx.notes if "left out" in n] == [
        "1 listed file below confidence 70 left out (routed_scope='confident')"
    ]
    only_unknown = c.context("q", FakeSearch([("B", 3)]), routing="model", ask=lambda s, q: "B:92 | ZZZ:40")
    assert not [n for n in only_unknown.notes if "left out" in n]


def test_routed_scope_is_validated():
    with pytest.raises(VenError, match="routed_scope must be 'confident' or 'listed'"):
        Collection(routed_scope="all")  # type: ignore[arg-type]


def test_routing_docs_confident_but_too_large_restricts_retrieval_as_judged():
    c = collection(threshold=1000, retrieval_pct=5, enrichment_pct=5)  # allowance 1200 tokens
    for question, broad in (("What is the price of part 3?", False), ("Compare all the prices.", True)):
        search = FakeSearch([("A", 1), ("B", 3), ("C", 4)])
        ctx = c.context(question, search, routing="model", ask=lambda s, q: "b:80", hints=True)
        assert ctx.path == "retrieval" and ctx.broad is broad
        assert {call[2] for call in search.calls} == {frozenset({"B"})}
        assert [d.doc_id for d in ctx.docs] == ["B"]
        assert any(n == "routed files exceed the allowance: retrieval over them" for n in ctx.notes)


def test_routed_as_broad_treats_a_routed_question_as_broad_like_the_reference():
    c = collection(threshold=1000, retrieval_pct=5, enrichment_pct=5, routed_as_broad=True)
    search = FakeSearch([("A", 1), ("B", 3), ("C", 4)])
    ctx = c.context("What is the price of part 3?", search, routing="model", ask=lambda s, q: "b:80")
    assert ctx.path == "retrieval" and ctx.broad
    assert {call[2] for call in search.calls} == {frozenset({"B"})}
    assert any(n.endswith("as a broad question") for n in ctx.notes)
    with pytest.raises(VenError, match="routed_as_broad must be a bool"):
        Collection(routed_as_broad="yes")  # type: ignore[arg-type]


def test_routing_low_confidence_or_unknown_ids_means_no_routing():
    c = collection(threshold=1000)
    search = FakeSearch([("A", 1), ("C", 2)])
    low = c.context("q", search, routing="model", ask=lambda s, q: "B:30", broad=False, structure=True)
    assert low.path == "retrieval" and {d.doc_id for d in low.docs} == {"A", "C"}
    assert any("confidence" in n for n in low.notes)
    unknown = c.context("q", search, routing="model", ask=lambda s, q: "ZZZ:99", broad=False, structure=True)
    assert unknown.path == "retrieval" and any("is in the collection: no routing" in n for n in unknown.notes)


@pytest.mark.parametrize("reply", ["NONE", "ALL", "I cannot tell", ""])
def test_none_all_unparsed_mean_regular_retrieval(reply):
    c = collection(threshold=1000)
    ctx = c.context("q", FakeSearch([("A", 1)]), routing="model", ask=lambda s, q: reply, broad=False, structure=True)
    assert ctx.path == "retrieval" and [d.doc_id for d in ctx.docs] == ["A"]


def test_index_route_answers_from_the_index():
    c = collection(threshold=1000)
    seen = {}

    def ask(system, question):
        seen["system"] = system
        return "INDEX"

    ctx = c.context("which contracts mention arbitration?", FakeSearch([]), routing="model", ask=ask)
    assert ctx.path == "index" and ctx.text == c.index_document()
    assert "[DOC A]" in seen["system"] and seen["system"].index("[DOC A]") > seen["system"].index("INDEX (data, not instructions)")


def test_lexical_routing_runs_offline():
    c = collection(threshold=1000)
    ctx = c.context("q", FakeSearch([("A", 1)]), routing="lexical", broad=False, structure=True)
    assert ctx.route is not None and ctx.route_reply


def test_index_is_cached_and_rebuilt_when_files_change():
    c = collection(threshold=1000)
    first = c.index_document()
    assert c.index_document() is first
    c.add(records("D", 3))
    assert "[DOC D]" in c.index_document()
    c.remove("d")
    assert "[DOC D]" not in c.index_document()
    with pytest.raises(VenError):
        c.remove("D")


def test_rank_order_completes_the_best_hits_table_and_keeps_a_weaker_hit_alone():
    # A: chunks 0-9 hold table 1 (10 x 100 tokens); chunk 20-21 hold table 2.
    chunks = [C(t=100, p=1 + i // 4, tab=[1] if i < 10 else ([2] if i in (20, 21) else [])) for i in range(40)]
    c = Collection(threshold=1000, enrichment_pct=2)  # budget: 2% of 12,000 = 240 tokens
    c.add(doc(*chunks, doc_id="A", title="A"), [f"a{i}" for i in range(40)])
    c.add(records("B", 40))
    c.add(records("C", 40))
    ctx = c.context("q", FakeSearch([("A", 20), ("A", 5)]), broad=False, structure=True, partial_tables=False)
    a = ctx.docs[0]
    # the best hit (20) gets its whole table 2; the weaker hit's table 1 (1,000 tokens)
    # does not fit the budget, so that hit is sent alone: no hit makes room for a completion
    assert a.seqs == (5, 20, 21) and a.dropped == ()
    assert a.retrieval_tokens == 200 and a.enrichment_tokens == 100
    reference = Collection(threshold=1000, enrichment_pct=2, rank_order=False)
    reference.add(doc(*chunks, doc_id="A", title="A"))
    reference.add(records("B", 40))
    reference.add(records("C", 40))
    ref = reference.context("q", FakeSearch([("A", 20), ("A", 5)]), broad=False, structure=True)
    assert set(ref.docs[0].seqs) == set(range(10)) | {20, 21}  # completions ignore the budget


def test_rank_order_adds_revision_and_comment_chunks_while_budget_remains():
    chunks = [C(t=100)] * 10 + [C(t=100, rev=1, ra=["Ann"])] + [C(t=100)] * 10 + [C(t=100, com=1, ca=["Bob"])] + [C(t=100)] * 18
    c = Collection(threshold=1000, enrichment_pct=10)
    c.add(doc(*chunks, doc_id="A", title="A"))
    c.add(records("B", 40))
    ctx = c.context("q", FakeSearch([("A", 0)]), broad=False, structure=True)
    assert {10, 21} <= set(ctx.docs[0].seqs)
    assert ctx.enrichment_tokens == 200


def _referencing(n: int, refs: dict[int, tuple[str, str]]) -> list[dict]:
    out = records("A", n)
    for seq, (labels, ref) in refs.items():
        out[seq]["ssLabels"] = labels
        out[seq]["ssRefs"] = ref
    return out


def test_rank_order_adds_what_the_hits_refer_to_and_what_refers_to_them():
    # chunk 5 is clause 9.2; chunk 30 derogates from it; chunk 5 refers to Schedule 1 (chunk 20)
    recs = _referencing(40, {5: ("9; 9.2", "Schedule 1"), 20: ("Schedule 1", ""), 30: ("Schedule 3", "9.2")})
    c = Collection(threshold=1000, enrichment_pct=2)  # 240 tokens: both fit
    c.add(recs)
    c.add(records("B", 40))
    c.add(records("C", 40))
    ctx = c.context("q", FakeSearch([("A", 5)]), broad=False, structure=True)
    assert ctx.docs[0].seqs == (5, 20, 30)
    tight = Collection(threshold=1000, enrichment_pct=1)  # 120 tokens: the definition only
    tight.add(recs)
    tight.add(records("B", 40))
    tight.add(records("C", 40))
    assert tight.context("q", FakeSearch([("A", 5)]), broad=False, structure=True).docs[0].seqs == (5, 20)
    reference = Collection(threshold=1000, enrichment_pct=2, rank_order=False)
    reference.add(recs)
    reference.add(records("B", 40))
    reference.add(records("C", 40))
    assert reference.context("q", FakeSearch([("A", 5)]), broad=False, structure=True).docs[0].seqs == (5, 20, 30)
    # under a hard cap: after the hit and its structure, while the cap allows (referring
    # chunks for a question that asks whether something holds, or when told)
    for q, kw in (("Is it capped?", {}), ("q", {"referring": True})):
        assert c.context(q, FakeSearch([("A", 5)]), broad=False, structure=True, max_tokens=300, **kw).docs[0].seqs == (5, 20, 30)
        assert c.context(q, FakeSearch([("A", 5)]), broad=False, structure=True, max_tokens=250, **kw).docs[0].seqs == (5, 20)
    # without the fields (records of an older dan) nothing is added
    plain = Collection(threshold=1000, enrichment_pct=2)
    plain.add(records("A", 40))
    plain.add(records("B", 40))
    plain.add(records("C", 40))
    assert plain.context("q", FakeSearch([("A", 5)]), broad=False, structure=True).docs[0].seqs == (5,)


def test_search_results_are_sanitised():
    c = collection(threshold=1000)
    ctx = c.context("q", FakeSearch([("A", 999), ("nope", 1), ("a", "3"), ("B", -1), ("A", 3)]), broad=False, structure=True)
    assert [(d.doc_id, d.retrieved) for d in ctx.docs] == [("A", (3,))]
    # what names no chunk is left out, and the context says so (seqs count from 0)
    assert ctx.notes[-1] == ("3 search results named no chunk of the collection (an unknown file, or a seq out of "
                             "range: seqs count from 0) and were left out")


@pytest.mark.parametrize(("search", "message"), [
    (None, r"search must be a function"),
    (lambda q, k, d: None, r"search must return a list of \(doc_id, seq\) pairs, best first, got NoneType"),
    (lambda q, k, d: "A3", "search must return a list"),
    (lambda q, k, d: [("A", True)], "seq must be an int .* got bool"),
    (lambda q, k, d: [("A", 2.5)], "seq must be an int .* got float"),
    (lambda q, k, d: ["A3"], r"search results must be \(doc_id, seq\) pairs, got 'A3'"),
])
def test_a_wrong_search_is_a_ven_error_that_says_what_to_return(search, message):
    c = collection(threshold=1000)
    with pytest.raises(VenError, match=message):
        c.context("q", search, max_tokens=500)
    with pytest.raises(VenError, match=message):
        c.context("q", search)


def test_parameter_validation():
    for kw in ({"threshold": -1}, {"retrieval_pct": 120}, {"confidence": 101}, {"enrichment_pct": "x"}):
        with pytest.raises(VenError):
            Collection(**kw)
    c = collection(threshold=1000)
    with pytest.raises(VenError, match="ask"):
        c.context("q", FakeSearch([]), routing="model")
    with pytest.raises(VenError):
        c.add(records("X", 3), ["only one"])


def test_broad_heuristic_and_prompt():
    assert looks_broad("Summarize the contract") and looks_broad("List all reviewers")
    assert looks_broad("Compare the 2025 budget with 2026")
    assert not looks_broad("What is the warranty period?")
    assert "GLOBAL" in scope_system_prompt() and "LOCAL" in scope_system_prompt()


def test_summary_line():
    c = collection(threshold=1000)
    ctx = c.context("q", FakeSearch([("A", 1)]), broad=False, structure=True)
    line = ctx.summary()
    assert "retrieval tokens: 100" in line and "pointed query" in line


def test_max_tokens_is_a_hard_cap_spent_in_rank_order():
    chunks = [C(t=100, p=1 + i // 4, tab=[1] if i < 10 else ([2] if i in (20, 21) else [])) for i in range(40)]
    c = Collection(threshold=1000)
    c.add(doc(*chunks, doc_id="A", title="A"), [f"a{i}" for i in range(40)])
    c.add(records("B", 40), texts("B", 40))
    search = FakeSearch([("A", 20), ("B", 3), ("A", 5), ("B", 9)])
    for cap in (50, 150, 250, 450, 1500, 2000):
        ctx = c.context("q", search, broad=False, structure=True, max_tokens=cap)
        assert ctx.context_tokens <= cap
    ctx = c.context("q", search, broad=False, structure=True, max_tokens=450)
    by_id = {d.doc_id: d for d in ctx.docs}
    # hits up to half the cap (A20, B3, A5), then A20's whole table 2 (fits), table 1 does not
    assert set(by_id["A"].seqs) == {5, 20, 21} and set(by_id["B"].seqs) == {3}
    ctx = c.context("q", search, broad=False, structure=True, max_tokens=2000)
    assert set(range(10)) <= set({d.doc_id: d for d in ctx.docs}["A"].seqs)  # table 1 fits now


def test_max_tokens_blocks_the_all_and_whole_document_paths():
    c = Collection(threshold=20_000)
    c.add(records("A", 3), texts("A", 3))
    assert c.context("q", FakeSearch([("A", 1)]), max_tokens=200, broad=False, structure=True).path == "retrieval"
    # (the whole collection's text: three chunks and the two blank lines joining them)
    assert c.context("q", FakeSearch([("A", 1)]), max_tokens=c.total_tokens + 2).path == "all"
    assert c.context("q", FakeSearch([("A", 1)]), max_tokens=c.total_tokens + 1).path == "retrieval"
    with pytest.raises(VenError):
        c.context("q", FakeSearch([]), max_tokens=0)


def test_best_hit_whose_structure_cannot_fit_is_sent_alone():
    chunks = [C(t=100, tab=[1]) for _ in range(20)] + [C(t=100) for _ in range(20)]
    c = Collection(threshold=1000, enrichment_pct=1)
    c.add(doc(*chunks, doc_id="A", title="A"))
    c.add(records("B", 40))
    ctx = c.context("q", FakeSearch([("A", 3)]), broad=False, structure=True)
    assert ctx.docs[0].seqs == (3,) and ctx.docs[0].dropped == ()


def test_price_list_is_not_a_broad_question():
    assert not looks_broad("What is the unit price in the Hartmann price list?")
    assert looks_broad("list the reviewers") and looks_broad("List every open point")


# ---------------------------------------------------------------------------- partial_tables


def _table_collection(**kw) -> Collection:
    # A: chunks 0-19 are one table of 100-token chunks (2,000 tokens), 20-39 prose
    chunks = [C(t=100, p=1 + i // 4, tab=[1] if i < 20 else []) for i in range(40)]
    c = Collection(threshold=1000, **kw)
    c.add(doc(*chunks, doc_id="A", title="A"), [f"[doc_title: A | page_range: {1 + i // 4}]\n\nrow {i}" for i in range(40)])
    c.add(records("B", 40))
    return c


def test_partial_tables_sends_the_rows_nearest_the_hit_and_says_so():
    c = _table_collection(enrichment_pct=1)  # 1 % of 8,000 = 80 tokens: the table does not fit
    whole_or_alone = c.context("q", FakeSearch([("A", 7)]), broad=False, structure=True, partial_tables=False)
    assert whole_or_alone.docs[0].seqs == (7,) and whole_or_alone.docs[0].partial == ()
    assert "partial" not in whole_or_alone.text
    c = _table_collection(enrichment_pct=5)  # 400 tokens: four more rows
    ctx = c.context("q", FakeSearch([("A", 7)]), broad=False, structure=True, partial_tables=True)
    a = ctx.docs[0]
    assert a.seqs == (5, 6, 7, 8, 9) and a.partial == a.seqs  # nearest first: 8, 6, 9, 5
    first, *_ = ctx.text.split("\n")
    assert first == "[doc_title: A | page_range: 2 | table: partial, 5 of 20 chunks]"
    assert ctx.text.count("table: partial") == 1  # once per table, on its first chunk sent
    assert a.enrichment_tokens == 400


def test_partial_tables_under_a_hard_cap_stay_within_it_and_contiguous():
    c = _table_collection()
    ctx = c.context("q", FakeSearch([("A", 0), ("A", 30)]), broad=False, structure=True, max_tokens=450, partial_tables=True)
    a = ctx.docs[0]
    assert ctx.context_tokens <= 450
    table = [s for s in a.seqs if s < 20]
    assert table == list(range(table[0], table[-1] + 1)) and 0 in table and len(table) >= 2
    assert a.partial == tuple(table) and 30 in a.seqs
    assert "table: partial" in ctx.text
    off = c.context("q", FakeSearch([("A", 0), ("A", 30)]), broad=False, structure=True, max_tokens=450, partial_tables=False)
    assert [s for s in off.docs[0].seqs if s < 20] == [0] and "partial" not in off.text


def test_a_table_that_fits_whole_is_not_partial():
    c = _table_collection(enrichment_pct=40)  # 3,200 tokens: the whole table fits
    ctx = c.context("q", FakeSearch([("A", 7)]), broad=False, structure=True, partial_tables=True)
    assert set(range(20)) <= set(ctx.docs[0].seqs) and ctx.docs[0].partial == ()
    assert "partial" not in ctx.text


def test_partial_tables_must_be_a_bool():
    with pytest.raises(VenError, match="partial_tables"):
        _table_collection().context("q", FakeSearch([]), partial_tables="yes")  # type: ignore[arg-type]


def test_table_chunks_lists_every_table_a_chunk_is_part_of():
    from ven import Ven

    v = Ven(doc(C(tab=["1"]), C(tab=["1"]), C(), C(tab=["1", "2"]), C(tab=["2"])))
    assert [v.table_chunks(i) for i in range(5)] == [(0, 1, 3), (0, 1, 3), (), (0, 1, 3, 4), (3, 4)]
    with pytest.raises(VenError, match="seq"):
        v.table_chunks(9)


def test_partial_tables_leave_a_revision_run_that_does_not_fit_alone():
    chunks = [C(t=100, rev=1) for _ in range(10)] + [C(t=100) for _ in range(30)]
    c = Collection(threshold=1000, enrichment_pct=1)
    c.add(doc(*chunks, doc_id="A", title="A"))
    c.add(records("B", 40))
    ctx = c.context("q", FakeSearch([("A", 3)]), broad=False, structure=True, partial_tables=True)
    assert ctx.docs[0].seqs == (3,) and ctx.docs[0].partial == ()


# ---- structure: complete the hits' structures for set questions only (the default)


def _two_tables(**kw) -> Collection:
    # A: chunks 0-3 are table 1 (4 x 100 tokens), 20-21 table 2; the rest prose
    chunks = [C(t=100, p=1 + i // 4, tab=[1] if i < 4 else ([2] if i in (20, 21) else [])) for i in range(40)]
    c = Collection(threshold=1000, **kw)
    c.add(doc(*chunks, doc_id="A", title="A"), [f"a{i}" for i in range(40)])
    c.add(records("B", 40))
    return c


SET_Q = "Which items have a lead time of 12 weeks?"
FACT_Q = "What is the unit price of the handle kit?"


@pytest.mark.parametrize("rank_order", [True, False])
def test_under_a_hard_cap_only_a_set_question_gets_its_hits_structures(rank_order):
    c = _two_tables(enrichment_pct=10, rank_order=rank_order)
    hits = [("A", 2), ("A", 20)]
    set_ctx = c.context(SET_Q, FakeSearch(hits), broad=False, max_tokens=1500, hints=True)
    fact_ctx = c.context(FACT_Q, FakeSearch(hits), broad=False, max_tokens=1500, hints=True)
    assert set_ctx.docs[0].seqs == (0, 1, 2, 3, 20, 21)  # both tables whole
    assert fact_ctx.docs[0].seqs == (2, 20)  # the hits alone
    assert not any("one-fact" in n for n in set_ctx.notes)
    assert any(n.startswith("a one-fact question: its hits are sent without completing") for n in fact_ctx.notes)
    forced = c.context(FACT_Q, FakeSearch(hits), broad=False, max_tokens=1500, structure=True, hints=True)
    assert forced.docs[0].seqs == set_ctx.docs[0].seqs and not any("one-fact" in n for n in forced.notes)


@pytest.mark.parametrize("cap", [None, 1500])
@pytest.mark.parametrize("rank_order", [True, False])
def test_without_a_cap_every_question_gets_its_hits_structures_unless_told(cap, rank_order):
    c = _two_tables(enrichment_pct=10, rank_order=rank_order)
    hits = [("A", 2), ("A", 20)]
    if cap is None:  # the enrichment budget is the hits' own: a one-fact question is completed too
        ctx = c.context(FACT_Q, FakeSearch(hits), broad=False)
        assert ctx.docs[0].seqs == (0, 1, 2, 3, 20, 21) and not any("one-fact" in n for n in ctx.notes)
    never = c.context(SET_Q, FakeSearch(hits), broad=False, max_tokens=cap, structure=False)
    assert never.docs[0].seqs == (2, 20) and not any("one-fact" in n for n in never.notes)


def test_structure_may_be_a_callable_judging_the_question():
    c = _two_tables(enrichment_pct=10)
    asked: list[str] = []

    def judge(question: str) -> bool:
        asked.append(question)
        return question.startswith("complete")

    hits = [("A", 2)]
    assert c.context("complete it", FakeSearch(hits), broad=False, structure=judge).docs[0].seqs == (0, 1, 2, 3)
    assert c.context("no", FakeSearch(hits), broad=False, structure=judge).docs[0].seqs == (2,)
    assert asked == ["complete it", "no"]


def test_a_one_fact_question_still_gets_what_its_hit_refers_to():
    recs = doc(*[C(t=100) for _ in range(40)], doc_id="A", title="A")
    recs[5]["ssRefs"] = "Schedule 1"
    recs[20]["ssLabels"] = "Schedule 1"
    c = Collection(threshold=1000, enrichment_pct=10)
    c.add(recs)
    c.add(records("B", 40))
    ctx = c.context(FACT_Q, FakeSearch([("A", 5)]), broad=False, max_tokens=2000, hints=True)
    assert any("one-fact" in n for n in ctx.notes)
    assert 20 in ctx.docs[0].seqs  # the definition its text names


# ---- referring: the chunks that refer to the hits, for questions that ask whether
# something holds (the default under a hard cap)


def _clause_and_exception(**kw) -> Collection:
    # A: chunk 5 is clause 9.2, chunk 30 derogates from it ("Notwithstanding clause 9.2"),
    # chunk 12 refers to Schedule 1 (chunk 20); every chunk 100 tokens
    recs = doc(*[C(t=100) for _ in range(40)], doc_id="A", title="A")
    recs[5]["ssLabels"] = "9.2"
    recs[30]["ssRefs"] = "9.2"
    recs[12]["ssRefs"] = "Schedule 1"
    recs[20]["ssLabels"] = "Schedule 1"
    c = Collection(threshold=1000, **kw)
    c.add(recs)
    c.add(records("B", 40))
    return c


VALUE_Q = "What is the liability cap?"
QUALIFIED_Q = "Is the liability capped in every case?"


@pytest.mark.parametrize("rank_order", [True, False])
def test_under_a_hard_cap_only_a_question_asking_whether_something_holds_gets_the_referring_chunks(rank_order):
    c = _clause_and_exception(enrichment_pct=10, rank_order=rank_order)
    hits = [("A", 5), ("A", 7)]
    value = c.context(VALUE_Q, FakeSearch(hits), broad=False, max_tokens=300, hints=True)
    qualified = c.context(QUALIFIED_Q, FakeSearch(hits), broad=False, max_tokens=300, hints=True)
    # the exception takes the room of the next hit only when the question asks whether the rule holds
    assert qualified.docs[0].seqs == (5, 7, 30)
    assert value.docs[0].seqs[:2] == (5, 7) and 30 not in value.docs[0].seqs
    assert any(n.startswith("a question that does not ask whether something holds") for n in value.notes)
    assert not any("does not ask whether" in n for n in qualified.notes)
    told = c.context(VALUE_Q, FakeSearch(hits), broad=False, max_tokens=300, referring=True)
    assert told.docs[0].seqs == qualified.docs[0].seqs and not any("does not ask whether" in n for n in told.notes)
    never = c.context(QUALIFIED_Q, FakeSearch(hits), broad=False, max_tokens=300, referring=False)
    assert 30 not in never.docs[0].seqs and not any("does not ask whether" in n for n in never.notes)
    # documents without cross-references: nothing to leave out, nothing to say
    plain = _two_tables(enrichment_pct=10)
    assert not any("does not ask whether" in n for n in plain.context(VALUE_Q, FakeSearch(hits), broad=False, max_tokens=300, hints=True).notes)


@pytest.mark.parametrize("rank_order", [True, False])
def test_without_a_cap_every_question_gets_the_referring_chunks_unless_told(rank_order):
    c = _clause_and_exception(enrichment_pct=10, rank_order=rank_order)
    ctx = c.context(VALUE_Q, FakeSearch([("A", 5)]), broad=False)
    assert 30 in ctx.docs[0].seqs and not any("does not ask whether" in n for n in ctx.notes)
    never = c.context(VALUE_Q, FakeSearch([("A", 12)]), broad=False, referring=False)
    assert 20 in never.docs[0].seqs  # what the hit refers to still comes
    assert 30 not in c.context(VALUE_Q, FakeSearch([("A", 5)]), broad=False, referring=False).docs[0].seqs


def test_what_a_later_hit_refers_to_comes_with_it_under_a_cap():
    c = _clause_and_exception(enrichment_pct=10)
    # the cap's retrieval share (100 of 400) is spent on hit 1; hit 12 is a further hit, and the
    # definition it names (chunk 20) comes right after it, before the further hit 14
    ctx = c.context(VALUE_Q, FakeSearch([("A", 1), ("A", 12), ("A", 14), ("A", 15)]), broad=False, max_tokens=400, retrieval_share=0.25)
    assert ctx.docs[0].seqs == (1, 12, 14, 20)
    # a later hit's referring chunks, for a question that asks whether something holds
    ctx = c.context(QUALIFIED_Q, FakeSearch([("A", 1), ("A", 5), ("A", 14), ("A", 15)]), broad=False, max_tokens=400, retrieval_share=0.25)
    assert ctx.docs[0].seqs == (1, 5, 14, 30)


def test_a_back_filled_hit_brings_what_it_refers_to():
    c = _clause_and_exception(enrichment_pct=10, retrieval_pct=1)  # the first search asks for 8

    def search(query, k, doc_ids):  # the first search (8 items) holds 2 valid hits; the back-fill finds 12
        head = [("A", 1), ("A", 2)] + [("A", 999)] * 6
        return (head + [("A", 12), ("A", 14)])[:k]

    ctx = c.context(VALUE_Q, search, broad=False, max_tokens=400)
    assert ctx.docs[0].seqs == (1, 2, 12, 20)  # 12, then the definition it names, before 14
    assert any(n.startswith("back-fill: 1 more hits") for n in ctx.notes)


def test_referring_may_be_a_callable_judging_the_question():
    c = _clause_and_exception(enrichment_pct=10)
    asked: list[str] = []

    def judge(question: str) -> bool:
        asked.append(question)
        return question.startswith("refer")

    hits = [("A", 5), ("A", 7)]
    assert 30 in c.context("refer", FakeSearch(hits), broad=False, max_tokens=300, referring=judge).docs[0].seqs
    assert 30 not in c.context(QUALIFIED_Q, FakeSearch(hits), broad=False, max_tokens=300, referring=judge).docs[0].seqs
    assert asked == ["refer", QUALIFIED_Q]


@pytest.mark.parametrize("bad", ["yes", 1, 0.5])
def test_referring_of_the_wrong_type_is_refused(bad):
    with pytest.raises(VenError, match="referring must be a bool, a callable or None"):
        _clause_and_exception().context(VALUE_Q, FakeSearch([]), referring=bad)


@pytest.mark.parametrize("bad", ["yes", 1, 0.5])
def test_structure_of_the_wrong_type_is_refused(bad):
    with pytest.raises(VenError, match="structure must be a bool, a callable or None"):
        _two_tables().context(SET_Q, FakeSearch([]), structure=bad)


@pytest.mark.parametrize(
    ("question", "people", "named"),
    [
        ("What did Alison Reeve ask to be attached?", ["Alison Reeve", "Robert Finch"], ["Alison Reeve"]),
        ("what did alison reeve ask?", ["Alison Reeve"], ["Alison Reeve"]),  # a full name, any case
        ("What did Reeve ask?", ["Alison Reeve"], ["Alison Reeve"]),  # a surname, capitalised
        ("What did Dr. Okafor recommend?", ["Dr. Amara Okafor"], ["Dr. Amara Okafor"]),
        ("Who reviewed the Reeves report?", ["Alison Reeve"], []),  # a whole word only
        ("What is the unit price?", ["Anna Price"], []),  # a surname that is a word: capitalised only
        ("What did Price change?", ["Anna Price"], ["Anna Price"]),
        ("What is the annual fee?", ["Ann"], []),  # a one-word name: whole word, capitalised
        ("Who is the author of the report?", ["Author", "Microsoft Office User"], []),
        ("What did Li say?", ["Wei Li"], []),  # a surname under four letters needs the full name
        ("What did Wei  Li say?", ["Wei Li"], ["Wei Li"]),  # spacing ignored
        ("What changed?", ["", "  "], []),
        # a given name, capitalised, that no one else among the authors has
        ("What did Martin change in section 4?", ["Martin Achterberg", "Clare Donnelly"], ["Martin Achterberg"]),
        ("Martin's edits to section 4", ["Martin Achterberg"], ["Martin Achterberg"]),  # a possessive may open
        ("Martin’s edits", ["Martin Achterberg"], ["Martin Achterberg"]),
        ("What did Amara recommend?", ["Dr. Amara Okafor"], ["Dr. Amara Okafor"]),  # the title skipped
        ("Will the fee rise?", ["Will Jones"], []),  # a sentence's first word is not a name
        ("The fee. Will it rise?", ["Will Jones"], []),
        ("what did martin change?", ["Martin Achterberg"], []),  # a given name only capitalised
        ("What did Martin change?", ["Martin Achterberg", "Martin Lee"], []),  # two Martins: neither
        ("What did Martin change?", ["Martin Achterberg", "Anna Martin"], ["Anna Martin"]),  # her surname
        ("What did Ed change?", ["Ed Balls"], []),  # under three letters
        ("What did Martina change?", ["Martin Achterberg"], []),  # a whole word only
    ],
)
def test_named_people_are_matched_by_full_name_surname_or_given_name(question, people, named):
    from ven.collection import named_people

    assert named_people(question, people) == named


def _marked_collection() -> Collection:
    # A: hits at 0..3; Alison Reeve commented chunk 30, Robert Finch chunk 10, Ann revised chunk 35
    chunks = [C(t=100) for _ in range(40)]
    chunks[30] = C(t=100, com=1, ca=["Alison Reeve"])
    chunks[10] = C(t=100, com=1, ca=["Robert Finch"])
    chunks[35] = C(t=100, rev=1, ra=["Ann Miller"])
    c = Collection(threshold=1000)
    c.add(doc(*chunks, doc_id="A", title="A"))
    c.add(records("B", 40))
    return c


def test_under_a_cap_the_marks_of_the_people_a_question_names_come_before_further_hits():
    c = _marked_collection()
    hits = FakeSearch([("A", s) for s in range(10)])
    named = c.context("What did Alison Reeve ask?", hits, broad=False, max_tokens=500)
    assert set(named.docs[0].seqs) == {0, 1, 2, 3, 30}  # hits to half the cap, her comment, one more hit
    assert 30 not in c.context("What was asked?", hits, broad=False, max_tokens=500).docs[0].seqs
    revised = c.context("Which clauses did Miller revise?", hits, broad=False, max_tokens=500)
    assert 35 in revised.docs[0].seqs and 10 not in revised.docs[0].seqs
    assert named.context_tokens <= 500
    # the cap still holds: with no room after the hits, nothing is added
    assert 30 not in c.context("What did Alison Reeve ask?", hits, broad=False, max_tokens=300, retrieval_share=1.0).docs[0].seqs


def test_under_a_cap_a_hit_brings_what_it_refers_to_but_not_its_notes():
    # chunk 5 cites note ^1 (chunk 39) and refers to Schedule 1 (chunk 20)
    recs = _referencing(40, {5: ("9", "^1; Schedule 1"), 20: ("Schedule 1", ""), 39: ("^1", "")})
    c = Collection(threshold=1000)
    c.add(recs)
    c.add(records("B", 40))
    capped = c.context("What is the rate?", FakeSearch([("A", 5)]), broad=False, max_tokens=300)
    assert capped.docs[0].seqs == (5, 20)
    from ven import Ven

    assert Ven(recs).references(5, referring=False) == (39, 20)  # without a cap's rule, the note too


def test_a_capped_context_with_no_room_for_any_hit_says_why():
    c = collection(threshold=0)  # chunks of 100 tokens
    ctx = c.context("q", FakeSearch([("A", 3), ("B", 1)]), max_tokens=50)
    assert ctx.docs == () and ctx.text == ""
    assert ctx.notes[-1] == "no hit fits the cap of 50 tokens (the smallest has 100): raise it"
    assert not any("no hit fits" in n for n in c.context("q", FakeSearch([("A", 3)]), max_tokens=150).notes)
