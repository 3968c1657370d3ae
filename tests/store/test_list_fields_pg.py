"""docs/metadata.md's PostgreSQL queries on list-valued records, run as written on a real
PostgreSQL with pgvector: jsonb containment and ``?`` on lists, a split on the flat string."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import dan
from demo.samples import path
from ven.schema import as_lists

psycopg = pytest.importorskip("psycopg")

DOC = (Path(__file__).resolve().parents[2] / "docs" / "metadata.md").read_text(encoding="utf-8")
SQL = re.findall(r"```sql\n(.*?)```", DOC, re.S)[0]
# statements end a line with ";" (a ";" inside a string literal does not end one)
STATEMENTS = [s.strip() for s in re.split(r";[ \t]*(?:\n|$)", re.sub(r"--[^\n]*", "", SQL)) if s.strip()]


def test_the_docs_queries_find_a_reviewer_in_lists_and_in_the_flat_string(pg_url: str) -> None:
    res = dan.convert(path("msa-northwind-cranepoint.docx"), max_tokens=512)
    want = sorted(f"{r['ssDocId']}:{r['ssSeq']}" for r in res.records if "Jonathan Reyes" in r["ssComAuthors"])
    assert want
    create, index, with_lists, with_operator, flat = STATEMENTS
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("CREATE EXTENSION IF NOT EXISTS vector")
        conn.execute(create)
        conn.execute(index)

        def load(meta) -> None:  # type: ignore[no-untyped-def]
            conn.execute("DELETE FROM chunks")
            for text, rec in res:
                conn.execute("INSERT INTO chunks (id, body, metadata) VALUES (%s, %s, %s::jsonb)",
                             (f"{rec['ssDocId']}:{rec['ssSeq']}", text, json.dumps(meta(rec))))

        load(as_lists)
        assert sorted(r[0] for r in conn.execute(with_lists)) == want
        assert sorted(r[0] for r in conn.execute(with_operator)) == want
        assert conn.execute(flat).fetchall() == []  # the flat query does not read lists
        load(dict)
        assert sorted(r[0] for r in conn.execute(flat)) == want
        assert conn.execute(with_lists).fetchall() == []  # containment finds nothing in the flat string
