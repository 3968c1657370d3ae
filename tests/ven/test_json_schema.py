"""The record contract as a JSON Schema: dan's records satisfy it, broken ones do not, and the
published file is the function's output."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import dan
from ven.schema import FIXED_FIELDS, REQUIRED_FIELDS, json_schema

jsonschema = pytest.importorskip("jsonschema")

DOCS = Path(__file__).resolve().parents[2] / "docs" / "record.schema.json"


def _validator() -> object:
    schema = json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_dan_records_satisfy_the_schema():
    v = _validator()
    text = "# Terms\n\n9.2 Liability is capped.\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\n# Schedule 3\n\nBy way of derogation from clause 9.2, no cap.\n"
    for res in (
        dan.convert_string(text, "markdown", max_tokens=64, user_meta={"customer": "4711", "year": 2025}),
        dan.convert_string(text, "markdown", join_sections=True),
    ):
        for rec in res.records:
            assert list(v.iter_errors(rec)) == []  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("field", "bad"),
    [("ssPage", 0), ("ssSeq", -1), ("ssTokens", True), ("ssTitle", 3), ("ssTables", ["1"]),
     ("ssPageKind", "guessed"), ("ssCount", 2**31), ("customer", 1.5), ("customer", None)],
)
def test_broken_records_do_not(field, bad):
    v = _validator()
    rec = dict(dan.convert_string("# A\n\ntext", "markdown").records[0])
    rec[field] = bad
    assert list(v.iter_errors(rec))  # type: ignore[attr-defined]


def test_every_fixed_field_is_described_and_the_required_ones_required():
    schema = json_schema()
    assert list(schema["properties"]) == list(FIXED_FIELDS)  # type: ignore[call-overload]
    assert schema["required"] == list(REQUIRED_FIELDS)
    rec = dict(dan.convert_string("# A\n\ntext", "markdown").records[0])
    del rec["ssSect"]
    assert list(_validator().iter_errors(rec))  # type: ignore[attr-defined]


def test_the_published_schema_is_the_functions_output():
    assert json.loads(DOCS.read_text(encoding="utf-8")) == json_schema(), (
        "regenerate docs/record.schema.json: python -c \"import json, ven.schema as s; "
        "print(json.dumps(s.json_schema(), indent=2, ensure_ascii=False))\" > docs/record.schema.json"
    )
