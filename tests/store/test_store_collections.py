"""Collections: create, list, rename, delete; names; backups; the schema guard."""

from __future__ import annotations

import sqlite3

import pytest
from store_helpers import ALICE, BOB, ingest, prices_md, terms_md

from demo.store import (
    ConflictError,
    InvalidRequestError,
    KnowledgeStore,
    NotFoundError,
    StoreError,
    StoreUnavailableError,
)


def test_create_list_rename_delete(store):
    a = store.create_collection("  Contracts   2025 ", ALICE)
    assert a.name == "Contracts 2025" and a.owner == "alice" and a.id.startswith("C")
    b = store.create_collection("Board", ALICE)
    bob = store.create_collection("Contracts 2025", BOB)  # names are per owner
    assert [c.name for c in store.list_collections(ALICE)] == ["Board", "Contracts 2025"]
    assert [c.id for c in store.list_collections(BOB)] == [bob.id]
    with pytest.raises(ConflictError, match="already have"):
        store.create_collection("contracts 2025", ALICE)
    job = ingest(store, a.id, "terms.md", terms_md())
    renamed = store.rename_collection(a.id, "Agreements", ALICE)
    assert renamed.name == "Agreements" and store.get_collection(a.id, ALICE) == renamed
    assert store.list_sources(a.id, ALICE)[0].version_id == job.version_id  # nothing reindexed
    with pytest.raises(ConflictError):
        store.rename_collection(a.id, "board", ALICE)
    store.rename_collection(a.id, "AGREEMENTS", ALICE)  # its own name in another case is fine
    store.delete_collection(b.id, ALICE)
    assert [c.id for c in store.list_collections(ALICE)] == [a.id]
    with pytest.raises(NotFoundError):
        store.get_collection(b.id, ALICE)


@pytest.mark.parametrize("name", ["", "   ", "\x00\x01", "x" * 201, None, 5])
def test_bad_names(store, name):
    with pytest.raises(InvalidRequestError):
        store.create_collection(name, ALICE)  # type: ignore[arg-type]


def test_names_are_cleaned(store):
    assert store.create_collection("a\tb\nc\ud800", ALICE).name == "a b c\ufffd"


def test_delete_removes_everything_it_held(store):
    col = store.create_collection("Doomed", ALICE)
    keep = store.create_collection("Kept", ALICE)
    ingest(store, col.id, "terms.md", terms_md())
    ingest(store, col.id, "terms.md", terms_md("beta"))  # a retired version too
    store.enqueue(col.id, "prices.md", prices_md(), ALICE)  # a queued job with its bytes
    kept = ingest(store, keep.id, "terms.md", terms_md())
    store.search(col.id, "warranty", ALICE)  # warm caches
    store.ask(col.id, "warranty?", ALICE)
    store.delete_collection(col.id, ALICE)
    with store.backend.read() as tx:
        for table in ("passages", "payloads", "versions", "jobs", "documents"):
            assert tx.value(f"SELECT count(*) FROM {table} WHERE collection_id = ?", [col.id]) == 0, table
    with pytest.raises(NotFoundError):
        store.search(col.id, "warranty", ALICE)
    assert store.list_sources(keep.id, ALICE)[0].version_id == kept.version_id
    assert store.search(keep.id, "warranty cranes", ALICE).passages


def test_sqlite_files_are_private_and_backups_consistent(tmp_path):
    path = tmp_path / "sub" / "kb.db"
    with KnowledgeStore(path) as s:
        assert (path.stat().st_mode & 0o777) == 0o600
        assert (path.parent.stat().st_mode & 0o777) == 0o700
        col = s.create_collection("Backup", ALICE)
        job = ingest(s, col.id, "terms.md", terms_md())
        s.backup(tmp_path / "copy.db")
        with pytest.raises(StoreError, match="another file"):
            s.backup(path)
    assert ((tmp_path / "copy.db").stat().st_mode & 0o777) == 0o600
    with KnowledgeStore(tmp_path / "copy.db") as copy:
        assert copy.list_sources(col.id, ALICE)[0].version_id == job.version_id
        assert copy.search(col.id, "warranty cranes", ALICE).passages


def test_postgres_has_no_file_backup(pg_url):
    with KnowledgeStore(pg_url) as s, pytest.raises(StoreError, match="pg_dump"):
        s.backup("/tmp/never.db")


def test_a_foreign_or_newer_sqlite_database_is_refused(tmp_path):
    other = tmp_path / "other.db"
    con = sqlite3.connect(other)
    con.execute("CREATE TABLE invoices (id INTEGER)")
    con.commit()
    con.close()
    with pytest.raises(StoreError, match="another application"):
        KnowledgeStore(other)
    newer = tmp_path / "newer.db"
    KnowledgeStore(newer).close()
    con = sqlite3.connect(newer)
    con.execute("UPDATE meta SET value = '99' WHERE key = 'schema'")
    con.commit()
    con.close()
    with pytest.raises(StoreError, match="schema '99'"):
        KnowledgeStore(newer)
    junk = tmp_path / "junk.db"
    junk.write_bytes(b"this is not a database" * 100)
    with pytest.raises(StoreUnavailableError, match="SQLite database"):
        KnowledgeStore(junk)


def test_a_closed_store_says_so(tmp_path):
    s = KnowledgeStore(tmp_path / "kb.db")
    s.close()
    with pytest.raises(StoreUnavailableError, match="closed"):
        s.list_collections(ALICE)
