"""The hard cap holds for the text sent, not only for the chunks' own tokens: the blank lines
joining chunks and the mark of a table sent in part (``| table: partial, 1 of 8 chunks``) are
spent from it too. Real dan chunks, counted with dan's tokenizer (o200k), over random
documents, rankings, caps and routing."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from ven_testkit import FakeSearch

import dan
from ven.capped import mark_tokens
from ven.collection import Collection


@st.composite
def markdown(draw: st.DrawFn, name: str) -> str:
    """A document: headed sections of prose, with a table of a random size in some."""
    parts = [f"# {name} terms"]
    for k in range(draw(st.integers(1, 5))):
        parts.append(f"## Section {k}")
        parts.append(" ".join(f"Clause {k}.{i} sets the payment terms for part {i}." for i in range(draw(st.integers(1, 25)))))
        if draw(st.booleans()):
            rows = draw(st.integers(1, 80))
            parts.append("| item | price | note |\n|---|---|---|\n" + "".join(f"| part {i} | {i}.00 | kept in stock {k} |\n" for i in range(rows)))
    return "\n\n".join(parts)


@st.composite
def cases(draw: st.DrawFn) -> tuple[Collection, list[tuple[str, int]]]:
    c = Collection(threshold=draw(st.sampled_from([0, 5_000])))
    every: list[tuple[str, int]] = []
    for name in ["Alpha", "Beta", "Gamma"][: draw(st.integers(1, 3))]:
        res = dan.convert_string(draw(markdown(name)), "markdown", max_tokens=draw(st.sampled_from([64, 128, 256])),
                                 doc_title=f"{name} terms")
        c.add(res.records, res.chunks)
        every += [(res.doc_id, s) for s in range(len(res.chunks))]
    ranking = draw(st.permutations(every))
    return c, list(ranking[: draw(st.integers(1, len(ranking)))])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(cases(), st.integers(60, 3000), st.sampled_from(["off", "lexical"]))
def test_the_text_sent_is_never_over_the_cap(case, cap, routing):
    c, ranking = case
    ctx = c.context("Which parts cost more than 29.00?", FakeSearch(ranking), max_tokens=cap, routing=routing)
    assert dan.count_tokens(ctx.text) <= cap, (cap, ctx.context_tokens, ctx.path)
    assert ctx.context_tokens <= cap


def test_the_reported_case_a_partial_table_and_its_mark():
    """A new user's report: 121 tokens of text sent under a cap of 117 (the partial-table mark
    was added after the cap was spent)."""
    md = "# Prices\n\n| item | price |\n|---|---|\n" + "".join(f"| part {i} | {i}.00 |\n" for i in range(60))
    md += "\n# Terms\n\n" + "\n\n".join(f"Clause {i}. " + "Payment terms apply. " * 20 for i in range(12))
    res = dan.convert_string(md, "markdown", max_tokens=128)
    c = Collection(threshold=0)
    c.add(res.records, res.chunks)
    search = FakeSearch([(res.doc_id, 3), (res.doc_id, 4)])
    for cap in range(100, 300, 7):
        ctx = c.context("Which parts cost more than 29.00?", search, max_tokens=cap)
        assert dan.count_tokens(ctx.text) <= cap, cap
    # the mark's bound holds for tables of any size
    for total in (1, 8, 999, 1000, 123_456):
        mark = f" | table: partial, {total} of {total} chunks"
        assert dan.count_tokens(mark) <= mark_tokens(total) and dan.count_tokens(f"[{mark[3:]}]\n") <= mark_tokens(total)
