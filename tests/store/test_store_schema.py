"""The jobs table is described once (demo.store.schema): both backends' tables, the
migrations, JOB_COLUMNS, Job and the API's JobOut agree with it; and a database written by
the previous release (tests/data/store/schema2.db, see its README) opens with this one,
keeps its collections, sources and jobs, and is upgraded when the schema version moves on."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import attrs
import pytest

import demo.store.sqlite as sqlite_backend
from demo.store import AccessContext, HashingProvider, JobState, KnowledgeStore, StoreOptions
from demo.store.db import MIGRATIONS, SCHEMA_VERSION
from demo.store.jobs import JOB_COLUMNS
from demo.store.schema import JOB_FIELDS, JOB_TABLE, Column, job_migration, job_table_sql
from demo.store.values import Job

KEPT = Path(__file__).resolve().parents[1] / "data" / "store" / "schema2.db"
ALICE = AccessContext("alice")
#: The options and provider the kept file was written with (make_schema2.py).
OPTIONS = StoreOptions(max_tokens=96)


def _open(path: Path) -> KnowledgeStore:
    return KnowledgeStore(str(path), options=OPTIONS, embeddings=HashingProvider(dims=16))


def test_job_and_its_columns_are_one_description() -> None:
    names = [c.name for c in JOB_FIELDS]
    assert [f.name for f in attrs.fields(Job)] == names
    assert JOB_COLUMNS == ", ".join(names)
    assert set(names) <= {c.name for c in JOB_TABLE}


def test_the_api_body_carries_every_job_field() -> None:
    pytest.importorskip("pydantic")
    from demo.server.schemas import JobOut

    assert set(JobOut.model_fields) == {c.name for c in JOB_FIELDS if c.public} | {"retryable"}
    assert "collection_id" not in JobOut.model_fields  # (not public: the URL names the collection)


def test_a_fresh_sqlite_table_is_the_description(tmp_path: Path) -> None:
    _open(tmp_path / "k.db").close()
    with sqlite3.connect(tmp_path / "k.db") as conn:
        info = conn.execute("PRAGMA table_info(jobs)").fetchall()
    conn.close()
    assert [row[1] for row in info] == [c.name for c in JOB_TABLE]
    for (_cid, name, sql_type, notnull, default, _pk), c in zip(info, JOB_TABLE, strict=True):
        assert sql_type == c.sql("sqlite").split()[1], name
        assert bool(notnull) == (not c.nullable and c.type != "serial"), name
        assert default == c.default, name


def test_both_backends_spell_every_column() -> None:
    for dialect in ("sqlite", "postgresql"):
        sql = job_table_sql(dialect)  # type: ignore[arg-type]
        assert all(f"\n    {c.name} " in sql for c in JOB_TABLE)
    assert "DOUBLE PRECISION" in job_table_sql("postgresql") and "AUTOINCREMENT" in job_table_sql("sqlite")


def test_the_migrations_add_the_columns_of_later_versions() -> None:
    assert max(int(c.added_in) for c in JOB_TABLE) <= int(SCHEMA_VERSION)
    assert sorted(MIGRATIONS) == [str(v) for v in range(1, int(SCHEMA_VERSION))]
    assert [s for s in MIGRATIONS["1"] if "TABLE jobs" in s] == job_migration("1") == [
        "ALTER TABLE jobs ADD COLUMN warnings TEXT NOT NULL DEFAULT '[]'",
        "ALTER TABLE jobs ADD COLUMN confirmed INTEGER NOT NULL DEFAULT 0",
        "ALTER TABLE jobs ADD COLUMN error_code TEXT NOT NULL DEFAULT ''",
    ]
    assert job_migration(SCHEMA_VERSION) == []


def _kept_copy(tmp_path: Path) -> Path:
    path = tmp_path / "schema2.db"
    shutil.copyfile(KEPT, path)
    return path


def _check_contents(store: KnowledgeStore) -> str:
    (collection,) = store.list_collections(ALICE)
    cid = collection.id
    jobs = {j.file_name: j for j in store.list_jobs(cid, ALICE)}
    assert {name: j.state for name, j in jobs.items()} == {
        "terms.md": JobState.READY,
        "notes.txt": JobState.READY,
        "broken.docx": JobState.FAILED,
    }
    assert jobs["broken.docx"].error_code == "unsupported-format" and not jobs["broken.docx"].retryable
    assert sorted(s.file_name for s in store.list_sources(cid, ALICE)) == ["notes.txt", "terms.md"]
    hits = store.search(cid, "When are invoices payable?", ALICE, mode="keyword")
    assert "thirty days" in hits.passages[0].text
    return cid


def test_a_database_of_the_previous_release_opens_and_works(tmp_path: Path) -> None:
    path = _kept_copy(tmp_path)
    store = _open(path)
    try:
        cid = _check_contents(store)
        job_id = store.enqueue(cid, "more.md", b"# Delivery\n\nCranes are delivered within six weeks.\n", ALICE)
        while store.process_next():
            pass
        assert store.get_job(cid, job_id, ALICE).state == JobState.READY
    finally:
        store.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == (SCHEMA_VERSION,)
    conn.close()


def test_a_database_of_the_previous_release_is_upgraded_to_a_next_schema(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # (the next release's change, simulated: one more job column, schema version + 1)
    import demo.store.schema as schema

    nxt = str(int(SCHEMA_VERSION) + 1)
    monkeypatch.setattr(schema, "JOB_TABLE", (*JOB_TABLE, Column("priority", "int", default="0", added_in=nxt)))
    migrations = {v: [*steps, *schema.job_migration(SCHEMA_VERSION)] for v, steps in MIGRATIONS.items()}
    migrations[SCHEMA_VERSION] = schema.job_migration(SCHEMA_VERSION)
    assert migrations[SCHEMA_VERSION] == ["ALTER TABLE jobs ADD COLUMN priority INTEGER NOT NULL DEFAULT 0"]
    monkeypatch.setattr(sqlite_backend, "SCHEMA_VERSION", nxt)
    monkeypatch.setattr(sqlite_backend, "_MIGRATIONS", migrations)
    path = _kept_copy(tmp_path)
    store = _open(path)
    try:
        _check_contents(store)
    finally:
        store.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == (nxt,)
        assert conn.execute("SELECT DISTINCT priority FROM jobs").fetchall() == [(0,)]
    conn.close()


def test_schema_3_gives_the_kept_passages_an_empty_context_line_and_can_index_one(tmp_path: Path) -> None:
    path = _kept_copy(tmp_path)
    with sqlite3.connect(path) as conn:
        before = conn.execute("SELECT pk, text FROM passages ORDER BY pk").fetchall()
    conn.close()
    store = _open(path)
    try:
        cid = _check_contents(store)
        # a kept source replaced: its rows leave the full-text index as they were indexed
        new = b"# Terms\n\nGoods are shipped by rail to the site.\n\n# Warranty\n\nThe supplier warrants the cranes for two years.\n"
        job_id = store.enqueue(cid, "terms.md", new, ALICE)
        while store.process_next():
            pass
        assert store.get_job(cid, job_id, ALICE).state == JobState.READY
        assert not store.search(cid, "When are invoices payable?", ALICE, mode="keyword").passages
    finally:
        store.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT DISTINCT context FROM passages").fetchall() == [("",)]
        kept = dict(conn.execute("SELECT pk, text FROM passages").fetchall())
        assert {pk: t for pk, t in before if pk in kept} == {pk: kept[pk] for pk, _ in before if pk in kept}
        table = conn.execute("SELECT name FROM sqlite_master WHERE name LIKE 'fts\\_%' ESCAPE '\\' AND sql LIKE '%fts5%'").fetchone()[0]
        assert conn.execute(f"SELECT rowid FROM {table} WHERE {table} MATCH 'payable'").fetchall() == []
    conn.close()
    # opened with the context line: the kept sources are of another configuration and reindexed
    store = KnowledgeStore(str(path), options=attrs.evolve(OPTIONS, index_context="both"), embeddings=HashingProvider(dims=16))
    try:
        (collection,) = store.list_collections(ALICE)
        assert len(store.reindex_collection(collection.id, ALICE).job_ids) == 2
        while store.process_next():
            pass
        assert {s.embedding for s in store.list_sources(collection.id, ALICE)} == {store.embedding_identity}
        assert store.search(collection.id, "Terms shipped", ALICE, mode="semantic").passages
    finally:
        store.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM passages WHERE context = ''").fetchone() == (0,)
    conn.close()


def test_a_postgresql_database_of_schema_2_is_upgraded(pg_url: str) -> None:
    import psycopg

    store = KnowledgeStore(pg_url, options=OPTIONS, embeddings=HashingProvider(dims=16))
    try:
        cid = store.create_collection("Contracts", ALICE).id
        store.enqueue(cid, "terms.md", b"# Terms\n\nInvoices are payable within thirty days.\n", ALICE)
        while store.process_next():
            pass
    finally:
        store.close()
    with psycopg.connect(pg_url, autocommit=True) as conn:  # back to schema 2: no context, tsv of the text
        conn.execute("ALTER TABLE passages DROP COLUMN tsv")
        conn.execute("ALTER TABLE passages DROP COLUMN context")
        conn.execute("ALTER TABLE passages ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED")
        conn.execute("CREATE INDEX passages_tsv ON passages USING gin (tsv)")
        conn.execute("UPDATE meta SET value = '2' WHERE key = 'schema'")
        before = conn.execute("SELECT pk, tsv::text FROM passages ORDER BY pk").fetchall()
    store = KnowledgeStore(pg_url, options=attrs.evolve(OPTIONS, index_context="both"), embeddings=HashingProvider(dims=16))
    try:
        assert store.search(cid, "invoices payable", ALICE, mode="keyword").passages
        assert len(store.reindex_collection(cid, ALICE).job_ids) == 1
        while store.process_next():
            pass
        assert store.search(cid, "terms", ALICE, mode="semantic").passages
    finally:
        store.close()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        assert conn.execute("SELECT value FROM meta WHERE key = 'schema'").fetchone() == (SCHEMA_VERSION,)
        assert [r[0] for r in before] and conn.execute("SELECT count(*) FROM passages WHERE context = ''").fetchone() == (0,)
        assert conn.execute("SELECT count(*) FROM passages WHERE tsv @@ to_tsquery('english', 'page')").fetchone()[0] > 0
        assert conn.execute("SELECT count(*) FROM passages WHERE text ILIKE '%page %'").fetchone() == (0,)
