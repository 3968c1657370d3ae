"""Warnings travel with the result: empty output, pickling, batch workers and the CLI."""

from __future__ import annotations

import io
import logging
import pickle

import pytest

import dan
from dan import cli as dan_cli
from dan.batch import iter_convert

TRUNCATED_RTF = b"{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}\\f0 Kept text.\\par {\\b unclosed"


def test_a_clean_document_has_no_warnings() -> None:
    assert dan.convert_string("# Title\n\nBody.", doc_type="markdown").warnings == ()


def test_empty_output_is_a_warning_not_a_silent_success(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="dan"):
        res = dan.convert_string("   \n\n  ", doc_type="text")
    assert len(res) == 0
    assert [(w.code, w.where) for w in res.warnings] == [("empty", "")]
    assert [r.getMessage() for r in caplog.records] == [res.warnings[0].message]


def test_reader_warnings_are_logged_once_and_survive_pickling(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG, logger="dan"):
        res = dan.convert(TRUNCATED_RTF)
    assert "Kept text." in res.chunks[0]
    assert [w.code for w in res.warnings] == ["unbalanced-groups"]
    assert [r.getMessage() for r in caplog.records] == [res.warnings[0].message]
    again = pickle.loads(pickle.dumps(res))
    assert again.warnings == res.warnings and again.records == res.records


def test_batch_workers_bring_the_warnings_back(tmp_path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "cut.rtf"
    bad.write_bytes(TRUNCATED_RTF)
    good = tmp_path / "ok.md"
    good.write_text("# Fine\n\nText.", encoding="utf-8")
    results = list(iter_convert([bad, good], workers=2))
    assert [w.code for w in results[0].warnings] == ["unbalanced-groups"] and results[1].warnings == ()


def test_the_cli_prints_each_warning_and_counts_them(tmp_path, caplog) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "cut.rtf"
    bad.write_bytes(TRUNCATED_RTF)
    out, err = io.StringIO(), io.StringIO()
    with caplog.at_level(logging.WARNING, logger="dan"):
        assert dan_cli.main(["convert", str(bad)], stdout=out, stderr=err) == 0
    assert [r.getMessage() for r in caplog.records if "no chunks" in r.getMessage()] == []  # the options probe is quiet
    lines = err.getvalue().splitlines()
    assert lines[0].startswith(f"dan: warning: {bad}: the RTF ends with 2 group(s) still open") and lines[0].endswith("[unbalanced-groups]")
    assert lines[-1] == "dan: converted 1 of 1 inputs (1 chunks); 1 warning"
    quiet = io.StringIO()
    assert dan_cli.main(["convert", "-q", str(bad)], stdout=io.StringIO(), stderr=quiet) == 0
    assert quiet.getvalue() == ""
