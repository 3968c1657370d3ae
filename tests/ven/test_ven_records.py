"""Construction and validation of Ven (SPEC §7 "Ven input")."""

from __future__ import annotations

import gc
import types
import weakref
from collections import OrderedDict
from collections.abc import Iterator, Mapping
from fractions import Fraction
from typing import Any

import pytest
from ven_testkit import C, doc

from ven import Ven, VenError
from ven.schema import INT_FIELDS, REQUIRED_FIELDS, STR_FIELDS


def three() -> list[dict[str, Any]]:
    return doc(C(p=1, t=5), C(p=2, t=6, tab=[1]), C(p=3, t=7, tab=[1], rev=1, ra=["Ann"]))


def raises_at(
    records: Any, index: int | None, field: str | None, *, match: str | None = None
) -> VenError:
    with pytest.raises(VenError, match=match) as info:
        Ven(records)
    err = info.value
    assert isinstance(err, ValueError)
    assert err.index == index
    assert err.field == field
    if index is not None:
        assert f"record {index}" in str(err)
    if field is not None:
        assert repr(field) in str(err)
    return err


# ---- what is accepted ------------------------------------------------------------------


def test_accepts_any_iterable_of_mappings_in_any_order() -> None:
    recs = three()
    for source in (recs, tuple(recs), reversed(recs), (r for r in recs), iter(recs)):
        v = Ven(source)
        assert v.chunk_count == 3
        assert v.token_count() == 18
        assert v.chunk_tokens(2) == 7


def test_generator_is_read_exactly_once() -> None:
    pulled = []

    def gen() -> Iterator[dict[str, Any]]:
        for r in three():
            pulled.append(r["ssSeq"])
            yield r

    Ven(gen())
    assert pulled == [0, 1, 2]


def test_accepts_non_dict_mappings() -> None:
    class RO(Mapping[str, Any]):
        def __init__(self, d: dict[str, Any]) -> None:
            self._d = d

        def __getitem__(self, k: str) -> Any:
            return self._d[k]

        def __iter__(self) -> Iterator[str]:
            return iter(self._d)

        def __len__(self) -> int:
            return len(self._d)

    v = Ven([RO(r) for r in three()])
    assert v.chunk_count == 3
    assert Ven([OrderedDict(r) for r in three()]).has_revisions


def test_int_fields_accept_index_values_and_integral_floats() -> None:
    class Idx:
        def __init__(self, v: int) -> None:
            self.v = v

        def __index__(self) -> int:
            return self.v

    recs = three()
    recs[0]["ssTokens"] = 5.0
    recs[0]["ssPage"] = Idx(1)
    recs[1]["ssSeq"] = 1.0
    recs[1]["ssCount"] = Idx(3)
    recs[2]["ssRevs"] = Fraction(2, 1)
    v = Ven(recs)
    assert v.chunk_tokens(0) == 5 and type(v.chunk_tokens(0)) is int
    assert v.has_revisions


def test_extra_fields_are_ignored_and_optional_fields_may_be_missing_or_none() -> None:
    recs = three()
    recs[0]["customer"] = ["not", "a", "scalar"]
    del recs[1]["ssPageKind"]
    del recs[1]["ssPlain"]
    recs[2]["ssHeadings"] = None
    assert Ven(recs).chunk_count == 3


def test_unknown_type_is_its_own_story() -> None:
    v = Ven(
        doc(
            C(p=1),
            C(type="textbox", p=1, tab=[1]),
            C(type="textbox", p=1, tab=[1]),
            C(type="", p=2),
        )
    )
    assert v.chunk_count == 4
    assert v.page_count == 1  # body chunks only
    exp = v.begin_expansion([1])
    exp.complete_tables()
    assert exp.seqs == (1, 2)


def test_boundary_values_are_accepted() -> None:
    big = 2**31 - 1
    v = Ven(doc(C(t=big, p=big, pl=big, s=1, rev=big, com=big, ca=["x"])))  # ssSect: see below
    assert v.token_count() == big
    assert v.page_count == 1
    assert Ven(doc(C(t=0))).token_count() == 0


def test_input_is_copied_later_mutation_changes_nothing() -> None:
    recs = three()
    v = Ven(recs)
    recs[0]["ssTokens"] = 999
    recs[1]["ssTables"] = ""
    recs.clear()
    assert v.token_count() == 18
    assert v.has_tables


def test_no_reference_to_records_is_kept() -> None:
    class Rec(dict):  # dicts cannot be weak-referenced; a subclass can
        pass

    recs = [Rec(r) for r in three()]
    refs = [weakref.ref(r) for r in recs]
    v = Ven(recs)
    del recs
    gc.collect()
    assert all(r() is None for r in refs)
    assert v.chunk_count == 3


def test_no_reference_to_the_records_is_kept() -> None:
    """Ven copies what it needs (phrase fields for the index, packed) and keeps no
    reference to the caller's records, their dicts or their string objects."""
    marker = "UNIQUE-" + "plain-text-marker"
    recs = doc(C(), C(), extra={"ssPlain": marker, "ssHeadings": "# " + marker})
    originals = {id(r) for r in recs} | {id(v) for r in recs for v in r.values() if isinstance(v, str)}
    v = Ven(recs)
    seen: set[int] = set()
    stack: list[Any] = [v]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, (type, types.ModuleType, types.FunctionType)):
            continue  # the data only, not the classes and modules it points to
        assert not (isinstance(obj, dict) and id(obj) in originals), "a caller's record is referenced"
        assert not (isinstance(obj, str) and id(obj) in originals and marker in obj), "a caller's string is referenced"
        stack.extend(gc.get_referents(obj))  # follows slots, tuples, mappingproxies
    assert len(seen) > 20  # the walk really went through the layout
    del recs
    gc.collect()
    assert marker in v.create_document_index(pct=100).text  # the phrases were copied, not lost


# ---- what is rejected --------------------------------------------------------------------


@pytest.mark.parametrize("bad", ["records", b"records", bytearray(b"x"), 42, None, 3.5])
def test_rejects_non_iterables_and_strings(bad: Any) -> None:
    raises_at(bad, None, None, match="iterable of record mappings")


def test_rejects_a_single_mapping() -> None:
    raises_at(three()[0], None, None, match="single mapping")


def test_empty_document_raises_skip_it() -> None:
    raises_at([], None, None, match="empty document: skip it")
    raises_at(iter(()), None, None, match="empty document")


@pytest.mark.parametrize("bad", [["a", "list"], "text", 7, None])
def test_a_record_that_is_not_a_mapping(bad: Any) -> None:
    recs: list[Any] = three()
    recs[1] = bad
    err = raises_at(recs, 1, None, match="expected a mapping")
    assert "record 1" in str(err)


@pytest.mark.parametrize("field", REQUIRED_FIELDS)
def test_every_required_field_is_required(field: str) -> None:
    recs = three()
    del recs[2][field]
    raises_at(recs, 2, field, match="missing")


@pytest.mark.parametrize("field", sorted(INT_FIELDS))
@pytest.mark.parametrize(
    "bad", [True, False, "3", 2.5, float("nan"), float("inf"), None, [1], b"1"]
)
def test_int_fields_reject_wrong_types(field: str, bad: Any) -> None:
    recs = three()
    recs[1][field] = bad
    if bad is None and field == "ssSectLast":  # an optional field: None is missing
        Ven(recs)
        return
    raises_at(recs, 1, field, match="expected an int")


@pytest.mark.parametrize("field", sorted(INT_FIELDS))
@pytest.mark.parametrize("bad", [-1, 2**31, 10**20])
def test_int_fields_are_range_checked(field: str, bad: int) -> None:
    recs = three()
    recs[1][field] = bad
    raises_at(recs, 1, field, match="out of range")


@pytest.mark.parametrize("field", sorted(STR_FIELDS & set(REQUIRED_FIELDS)))
@pytest.mark.parametrize("bad", [1, None, b"x", ["a"]])
def test_str_fields_reject_wrong_types(field: str, bad: Any) -> None:
    recs = three()
    recs[2][field] = bad
    raises_at(recs, 2, field, match="expected a str")


@pytest.mark.parametrize("field", ["ssPageKind", "ssHeadings", "ssTerms", "ssPlain"])
def test_optional_fields_present_must_be_str(field: str) -> None:
    recs = three()
    recs[0][field] = 12
    raises_at(recs, 0, field, match="expected a str")


def test_page_must_be_at_least_one() -> None:
    recs = three()
    recs[1]["ssPage"] = 0
    recs[1]["ssPageLast"] = 0
    raises_at(recs, 1, "ssPage", match=">= 1")


def test_page_last_must_not_precede_page() -> None:
    recs = three()
    recs[2]["ssPage"] = 5
    recs[2]["ssPageLast"] = 4
    raises_at(recs, 2, "ssPageLast", match="less than ssPage 5")


def test_section_must_be_at_least_one() -> None:
    recs = three()
    recs[0]["ssSect"] = 0
    raises_at(recs, 0, "ssSect", match=">= 1")


def test_count_must_equal_the_number_of_records() -> None:
    recs = three()[:2]  # an incomplete set: ssCount says 3
    raises_at(recs, 0, "ssCount", match="3 but 2 records")


def test_count_must_agree_between_records() -> None:
    recs = three()
    recs[2]["ssCount"] = 4
    raises_at(recs, 2, "ssCount", match="differs from record 0")


def test_seq_out_of_range() -> None:
    recs = three()
    recs[1]["ssSeq"] = 3
    raises_at(recs, 1, "ssSeq", match="out of range 0..2")


def test_seq_duplicated_means_mixed_documents() -> None:
    recs = three()
    recs[2]["ssSeq"] = 0
    err = raises_at(recs, 2, "ssSeq", match="duplicates record 0")
    assert "mixed" in str(err)


def test_doc_id_must_agree() -> None:
    recs = three() + doc(C(), doc_id="OTHER")
    for r in recs:
        r["ssCount"] = 4
    recs[3]["ssSeq"] = 3
    raises_at(recs, 3, "ssDocId", match="differs from record 0")


def test_title_must_agree() -> None:
    recs = three()
    recs[1]["ssTitle"] = "Another"
    raises_at(recs, 1, "ssTitle", match="differs from record 0")


def test_error_carries_position_in_input_not_seq() -> None:
    recs = list(reversed(three()))  # input position 0 holds ssSeq 2
    recs[0]["ssPage"] = 0
    recs[0]["ssPageLast"] = 0
    raises_at(recs, 0, "ssPage")


def test_implausible_section_number_is_rejected() -> None:
    """A hostile ssSect of 2**31-1 passes the int range check but would make
    section_pages() build a two-billion-element tuple."""
    recs = doc(C(t=5), C(t=5, s=2**31 - 1))
    with pytest.raises(VenError) as info:
        Ven(recs)
    assert info.value.index == 1 and info.value.field == "ssSect" and "plausible" in str(info.value)
    assert Ven(doc(C(t=5, s=1_000_000))).section_chunks()[-1] == 1  # the limit itself is accepted


def test_an_exception_from_the_iterable_itself_propagates_unchanged() -> None:
    """The caller's own failure (a generator, a cursor) is not a VenError: it keeps its
    type and identity, as docs/ven.md says."""
    mine = KeyError("the cursor broke")

    def rows() -> Any:
        yield {"ssDocId": "D1"}
        raise mine

    with pytest.raises(KeyError) as info:
        Ven(rows())
    assert info.value is mine


def test_sect_last_is_optional_and_checked() -> None:
    recs = three()
    for r, (s, last) in zip(recs, [(1, 1), (1, 3), (3, 3)]):
        r["ssSect"] = s
        r["ssSectLast"] = last
    v = Ven(recs)
    assert v.section_chunks() == (2, 1, 2)  # chunk 1 spans sections 1..3
    recs[1]["ssSectLast"] = 0
    raises_at(recs, 1, "ssSectLast", match="less than ssSect 1")
    recs[1]["ssSectLast"] = 8  # 6 tokens cannot hold 8 sections
    raises_at(recs, 1, "ssSectLast", match="cannot span sections 1..8")
    recs[1]["ssSectLast"] = 3.0  # integral floats read like ints
    assert Ven(recs).section_chunks() == (2, 1, 2)
    del recs[1]["ssSectLast"]  # missing: the chunk is in ssSect only
    assert Ven(recs).section_chunks() == (2, 0, 1)
