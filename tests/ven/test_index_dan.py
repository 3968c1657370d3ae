"""Index entries of real dan output: generated Markdown converted with dan.convert_string."""

from __future__ import annotations

import random

import pytest
from test_index_kit import (
    all_phrases,
    entry_lines_are_structural,
    markdown_document,
    max_unit,
    parse_entry,
)

import dan
from ven import Ven, split_list

count = dan.count_tokens


@pytest.fixture(scope="module")
def documents() -> list[dan.DanResult]:
    rng = random.Random(42)
    shapes = [(1, 1), (2, 2), (5, 4), (12, 6), (40, 5), (90, 6)]
    out = []
    for i, (sections, paras) in enumerate(shapes):
        md = markdown_document(rng, sections, paras, title=f"Generated {i}")
        out.append(dan.convert_string(md, doc_type="markdown", doc_id=f"G-{i}", max_tokens=512))
    assert [len(r) for r in out][-1] > 150
    return out


@pytest.mark.parametrize("pct", [1, 2, 5, 10, 25, 50])
def test_bounds_on_real_output(documents: list[dan.DanResult], pct: int) -> None:
    for res in documents:
        v = Ven(res.records)
        e = v.create_document_index(pct, count_tokens=count)
        budget = v.token_count() * pct / 100
        assert e.phrase_tokens <= budget + max_unit(count, e.text)
        assert all(count(p) <= 900 for p in e.parts)
        assert entry_lines_are_structural(e.text, res.doc_id)
        assert e.text.startswith(f"[DOC {res.doc_id}] {res.doc_title}\n")


def test_share_of_tokens_on_real_output(documents: list[dan.DanResult]) -> None:
    total = sum(Ven(r.records).token_count() for r in documents)
    index = sum(Ven(r.records).create_document_index(10, count_tokens=count).tokens for r in documents)
    share = index / total
    # header lines come on top of the 10% phrase budget; the share stays near 10%
    assert 0.05 <= share <= 0.13, share


def test_level1_and_level2_headings_of_real_output(documents: list[dan.DanResult]) -> None:
    res = documents[3]
    headings = []
    for rec in res.records:
        headings += [h.split(" ", 1)[1] for h in split_list(str(rec["ssHeadings"]))]
    e = Ven(res.records).create_document_index(50, count_tokens=count)
    listed = {p.casefold() for p in all_phrases(e.text)}
    for h in headings:
        if h.casefold() != res.doc_title.casefold():
            assert h.casefold() in listed
    assert dict(parse_entry(e.text)[2])["Headings"][0] == headings[1]  # document order

