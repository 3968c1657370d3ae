"""Cross-references in ven: ``ssLabels``/``ssRefs`` and ``add_referenced_chunks``."""

from __future__ import annotations

from typing import Any

import pytest
from ven_testkit import C, doc

from ven import Ven, VenError


def _with_refs(records: list[dict[str, Any]], **fields: tuple[str, str]) -> list[dict[str, Any]]:
    """Set (ssLabels, ssRefs) of chunk ``c<seq>``."""
    for key, (labels, refs) in fields.items():
        rec = records[int(key[1:])]
        rec["ssLabels"] = labels
        rec["ssRefs"] = refs
    return records


#  seq  labels                     refs
#  0    1; Definitions             -
#  1    1; Definitions             -          (the definitions go on)
#  2    4; Service credits; 4.1    Definitions
#  3    7; Termination; 7.1        4          ("Notwithstanding clause 4")
#  4    9; Liability; 9.2          -
#  5    Schedule 3                 9.2; 11    ("derogation from clause 9.2"; 11 exists nowhere)
#  6    -                          Schedule 3; 4
def _contract(**extra: Any) -> Ven:
    return Ven(
        _with_refs(
            doc(*(C(t=10 + i) for i in range(7)), **extra),
            c0=("1; Definitions", ""),
            c1=("1; Definitions", ""),
            c2=("4; Service credits; 4.1", "Definitions"),
            c3=("7; Termination; 7.1", "4"),
            c4=("9; Liability; 9.2", ""),
            c5=("Schedule 3", "9.2; 11"),
            c6=("", "schedule  3; 4"),
        )
    )


def test_forward_references_reach_where_the_label_starts():
    v = _contract()
    with v.begin_expansion([2]) as exp:  # refers to Definitions: its first chunk, not its second
        exp.add_referenced_chunks(referring=False)
        assert exp.seqs == (0, 2)
    with v.begin_expansion([6]) as exp:  # case and spacing of labels do not matter
        exp.add_referenced_chunks(referring=False)
        assert exp.seqs == (2, 5, 6)


def test_referring_chunks_are_the_qualifications_nearest_first():
    v = _contract()
    with v.begin_expansion([2]) as exp:
        # chunk 2 carries 4 and 4.1: chunks 3 and 6 refer to clause 4 (3 is nearer)
        added = exp.add_referenced_chunks()
        assert exp.seqs == (0, 2, 3, 6)
        assert added == exp.enrichment_tokens == 10 + 13 + 16
    with v.begin_expansion([4]) as exp:  # clause 9.2 and the schedule that derogates from it
        exp.add_referenced_chunks()
        assert exp.seqs == (4, 5)
    with v.begin_expansion([4]) as exp:
        assert exp.add_referenced_chunks(referring=False) == 0
        assert exp.seqs == (4,)


def test_budget_and_cap_bound_references():
    v = _contract()
    with v.begin_expansion([2]) as exp:
        exp.add_referenced_chunks(budget=5)  # one chunk, then the budget is spent
        assert exp.seqs == (0, 2)
    with v.begin_expansion([2]) as exp:
        assert exp.add_referenced_chunks(budget=0) == 0
    with v.begin_expansion([2], max_tokens=12 + 10 + 13 + 5) as exp:
        exp.add_referenced_chunks()  # chunks 0 and 3 fit; 6 (16 tokens) would pass the cap
        assert exp.seqs == (0, 2, 3)
        assert [s.seqs for s in exp.skipped] == [(6,)]
    with v.begin_expansion([2], max_tokens=12 + 13 + 16) as exp:
        exp.add_referenced_chunks()  # 0, 3 fit, 6 not; ...
        assert exp.seqs == (0, 2, 3)
    with v.begin_expansion([2], max_tokens=12 + 9) as exp:
        exp.add_referenced_chunks()  # nothing fits: each is skipped, the next still tried
        assert exp.seqs == (2,)
        assert [s.seqs for s in exp.skipped] == [(0,), (3,), (6,)]


def test_records_without_reference_fields_add_nothing():
    v = Ven(doc(C(), C(), C()))
    assert not v.has_references
    with v.begin_expansion([1]) as exp:
        assert exp.add_referenced_chunks() == 0
        assert exp.add_related_chunks(references=True) == 0
    assert _contract().has_references
    # references to labels no chunk carries are not references
    dangling = Ven(_with_refs(doc(C(), C()), c0=("", "12"), c1=("3", "")))
    assert not dangling.has_references


def test_related_chunks_include_references_only_when_asked():
    v = _contract()
    with v.begin_expansion([4]) as exp:
        exp.add_related_chunks()
        assert exp.seqs == (4,)
    with v.begin_expansion([4]) as exp:
        exp.add_related_chunks(references=True, budget=100)
        assert exp.seqs == (4, 5)


def test_a_referenced_table_row_brings_its_table():
    records = _with_refs(
        doc(C(), C(tab=[1]), C(tab=[1]), C()),
        c1=("Table 2", ""),
        c2=("Table 2", ""),
        c3=("", "Table 2"),
    )
    v = Ven(records)
    with v.begin_expansion([3]) as exp:
        exp.add_related_chunks(references=True)
        assert exp.seqs == (1, 2, 3)


def test_reference_fields_must_be_strings():
    records = doc(C(), C())
    records[1]["ssRefs"] = 4
    with pytest.raises(VenError, match="ssRefs"):
        Ven(records)
    records[1]["ssRefs"] = None  # missing and None read as none
    assert not Ven(records).has_references


def test_flags_are_checked():
    with _contract().begin_expansion([2]) as exp, pytest.raises(VenError, match="referring"):
        exp.add_referenced_chunks(referring="yes")  # type: ignore[arg-type]
