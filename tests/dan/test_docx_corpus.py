"""Every real DOCX in ../shared/corpus converts with the SPEC invariants, and what the
corpus manifest says a file holds (comments, tables, notes, headers, revisions) shows up
in its records. Pandoc's words are (almost all) in ours: pandoc drops headers and
footers, so our text should be a superset.
"""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest
from helpers import CORPUS, body_of, check_invariants

import dan

_WORD = re.compile(r"\w+")


def _manifest() -> list[dict[str, str]]:
    path = CORPUS / "MANIFEST.tsv"
    if not path.is_file():
        return []
    with path.open(encoding="utf-8") as fh:
        return [row for row in csv.DictReader(fh, delimiter="\t") if row["format"] == "docx" and not row["dup_of"]]


ROWS = _manifest()


def _n(row: dict[str, str], key: str) -> int:
    try:
        return int(row.get(key) or 0)
    except ValueError:
        return 0


@pytest.mark.skipif(not ROWS, reason="../shared/corpus is not present")
@pytest.mark.parametrize("row", ROWS, ids=[r["path"] for r in ROWS])
def test_corpus_docx(row):
    path = CORPUS / row["path"]
    res = dan.convert(path, max_tokens=256)
    check_invariants(res, 256)
    recs = res.records
    if _n(row, "comments"):
        assert sum(r["ssComs"] for r in recs) >= 1
    if _n(row, "ins") + _n(row, "del"):
        assert sum(r["ssRevs"] for r in recs) >= 1
    if _n(row, "tables") and _n(row, "text_chars"):
        assert any(r["ssTables"] for r in recs) or not any("|" in c for c in res.chunks)
    if _n(row, "footnotes") + _n(row, "endnotes"):
        assert any(r["ssType"] == "footnote" for r in recs)
    if _n(row, "headers_text") or _n(row, "footers_text"):
        assert any(r["ssType"] in ("header", "footer") for r in recs)
    if _n(row, "rendered_pb"):
        assert {r["ssPageKind"] for r in recs} <= {"rendered"}
    ref = CORPUS / "_ref" / (row["path"] + ".accept.txt")
    if ref.is_file():
        ours = set(w.lower() for c in res.chunks for w in _WORD.findall(body_of(c)))
        theirs = [w.lower() for w in _WORD.findall(re.sub(r"\{[^}]*\}", " ", ref.read_text(encoding="utf-8")))]
        theirs = [w for w in theirs if not w.isdigit()]
        if theirs:
            missing = [w for w in theirs if w not in ours]
            assert len(missing) <= max(2, len(theirs) // 20), f"pandoc words missing from ours: {missing[:20]}"


def test_manifest_is_read_when_corpus_present():
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not present")
    assert len(ROWS) >= 50
    assert Path(CORPUS / ROWS[0]["path"]).is_file()
