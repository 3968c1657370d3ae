"""dan.pipeline.records.json_size_bound: never below a record's JSON size, so a record it puts
under MAX_RECORD_BYTES needs no trimming and is not written out to check."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from dan.pipeline.records import _TRIMMABLE, MAX_RECORD_BYTES, _fit_record, json_size_bound

# every kind of character: control characters (escaped as \u00XX), quotes, backslashes,
# and characters of 1 to 4 UTF-8 bytes (no lone surrogates: records never hold them)
TEXT = st.text(alphabet=st.characters(blacklist_categories=["Cs"]), max_size=60)
VALUE = st.one_of(TEXT, st.integers(), st.integers(min_value=-(10**30), max_value=10**30), st.booleans())
RECORD = st.dictionaries(TEXT, VALUE, max_size=12)


def _size(rec: dict[str, str | int]) -> int:
    return len(json.dumps(rec, ensure_ascii=False).encode("utf-8"))


@settings(max_examples=500, deadline=None)
@given(RECORD)
def test_the_bound_is_never_below_the_json_size(rec: dict[str, str | int]) -> None:
    assert json_size_bound(rec) >= _size(rec)


def test_the_bound_is_exact_for_the_worst_characters() -> None:
    worst = {"\x01" * 3: "\x1f" * 5}  # each character written as \u00XX: 6 bytes
    assert json_size_bound(worst) == _size(worst) + 2  # (less the ", " after the last item)


def test_a_record_over_the_limit_is_still_trimmed_and_one_under_it_is_kept() -> None:
    fields = dict.fromkeys(_TRIMMABLE, "")
    big: dict[str, str | int] = {**fields, "ssPlain": "word " * 2000, "ssBold": "x; y"}
    _fit_record(big)
    assert _size(big) < MAX_RECORD_BYTES and big["ssPlain"] == "" and big["ssBold"] == "x; y"
    small: dict[str, str | int] = {**fields, "ssPlain": "a few words", "ssBold": "x; y"}
    _fit_record(small)
    assert small == {**fields, "ssPlain": "a few words", "ssBold": "x; y"}
