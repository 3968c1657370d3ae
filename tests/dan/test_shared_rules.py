"""dan uses ven's rules where both need one: reserved ids, id matching, cutting a phrase."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dan
from dan.integrations.context import expand_hits
from dan.pipeline.render import phrase
from ven.phrases import cut_at_word
from ven.routing import doc_id_key, is_reserved_id


@pytest.mark.parametrize("doc_id", ["NONE", "all", "Index", "\u0131ndex"])
def test_dan_rejects_exactly_the_ids_ven_reserves(doc_id: str) -> None:
    assert is_reserved_id(doc_id)
    with pytest.raises(dan.DanError, match="reserved by the routing grammar"):
        dan.convert_string("Some text.", "text", doc_id=doc_id)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab \t\n\u00e9x-"), max_size=300), st.integers(1, 120))
def test_phrase_is_ven_cut_at_word_on_one_line(text: str, limit: int) -> None:
    assert phrase(text, limit) == cut_at_word(" ".join(text.split()), limit)


@pytest.mark.parametrize(
    ("stored", "hit", "match"),
    [("Stra\u00dfe", "STRASSE", True), ("d1", "D1", True), ("\u0131d", "ID", False)],
)
def test_expand_hits_matches_ids_with_ven_doc_id_key(stored: str, hit: str, match: bool) -> None:
    res = dan.convert_string("One paragraph of text.", "text", doc_id=stored)
    record = {**res.records[0], "ssDocId": hit}
    assert (doc_id_key(stored) == doc_id_key(hit)) is match
    if match:
        ctx = expand_hits([(res.chunks[0], record)], {stored: res})
        assert [d.doc_id for d in ctx.documents] == [stored]
    else:
        with pytest.raises(dan.DanError, match="not in documents"):
            expand_hits([(res.chunks[0], record)], {stored: res})
