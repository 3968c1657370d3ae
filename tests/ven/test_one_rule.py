"""Rules ven owns for dan and ven both: reserved ids, id matching, hit grouping, prompts."""

from __future__ import annotations

import pytest

import ven
import ven.collection
import ven.prompts
from ven.collection import group_hits
from ven.records import materialize
from ven.routing import RESERVED_IDS, doc_id_key, is_doc_id, is_reserved_id


def test_reserved_ids_in_any_case_and_through_upper_case_mapping() -> None:
    for word in RESERVED_IDS:
        assert is_reserved_id(word) and is_reserved_id(word.lower()) and not is_doc_id(word.title())
    # 'ı' (dotless i) upper-cases to 'I': the word still reads INDEX to a model
    assert is_reserved_id("\u0131ndex") and not is_doc_id("\u0131ndex")
    assert not is_reserved_id("INDEX2") and is_doc_id("INDEX2")


def test_group_hits_by_case_folded_id_in_best_hit_order() -> None:
    hits = [("B", 3), ("a", 1), ("b", 3), ("Stra\u00dfe", 0), ("A", 0), ("STRASSE", 2), ("a", 1)]
    grouped = group_hits(hits)
    assert grouped == {"b": [3], "a": [1, 0], "strasse": [0, 2]}
    assert list(grouped) == ["b", "a", "strasse"]
    assert all(key == doc_id_key(key) for key in grouped)


def test_group_hits_keeps_dotless_i_apart_like_parse_route() -> None:
    assert list(group_hits([("\u0131d", 0), ("id", 0)])) == ["\u0131d", "id"]


def test_application_policy_lives_in_prompts_and_stays_importable_from_collection() -> None:
    assert ven.collection.looks_broad is ven.prompts.looks_broad
    assert ven.collection.scope_system_prompt is ven.prompts.scope_system_prompt
    assert ven.prompts.looks_broad("Summarise every report")
    assert not ven.prompts.looks_broad("What is the warranty period?")


def test_materialize_is_the_one_records_check() -> None:
    rows = [{"a": 1}]
    assert materialize(rows) is rows
    assert materialize(iter(rows)) == rows
    for bad in ("text", b"bytes", {"ssSeq": 0}, 3):
        with pytest.raises(ven.VenError, match="Ven takes an iterable of record mappings"):
            materialize(bad)
