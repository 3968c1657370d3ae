"""demo.store.bulk without Ray: rows converted as a Ray job would convert them, written
through the store's public API (the same checks run on a real local Ray in tests/test_ray.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from bulk_helpers import ME, check_written, drain, open_store

from batch_helpers import OLE, table_markdown, write_corpus
from demo.store import StoreError, StoreOptions
from demo.store.bulk import convert_for_store, document_key, write_rows


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    found = write_corpus(tmp_path / "corpus")
    found["legacy"] = found["prices"].parent / "legacy.doc"
    found["legacy"].write_bytes(OLE)
    return found


def rows(paths, cid, options):  # type: ignore[no-untyped-def]
    return [convert_for_store({"bytes": p.read_bytes(), "path": str(p)}, cid, options) for p in paths]


def test_written_rows_end_as_the_store_s_own_ingestion(tmp_path, files):
    with open_store(tmp_path / "bulk.db") as store:
        cid = store.create_collection("Bulk", ME).id
        store.start_worker(poll=0.05)  # more files than max_pending_jobs: write_rows waits for it
        written = write_rows(store, cid, rows(files.values(), cid, store.options), ME, wait=0.02, timeout=120)
        store.wait_idle(timeout=120)
        store.stop_worker()
        check_written(tmp_path, store, cid, files, written, "legacy.doc")


def test_a_replacement_keeps_the_active_version_until_the_new_one_is_complete(tmp_path):
    path = tmp_path / "prices.md"
    with open_store(tmp_path / "bulk.db") as store:
        cid = store.create_collection("Bulk", ME).id
        path.write_text(table_markdown(12, "Old price list"), encoding="utf-8")
        write_rows(store, cid, rows([path], cid, store.options), ME)
        drain(store)
        [old] = store.list_sources(cid, ME)
        path.write_text(table_markdown(14, "New price list"), encoding="utf-8")
        [new] = write_rows(store, cid, rows([path], cid, store.options), ME)
        assert store.list_sources(cid, ME) == [old]  # queued, not yet complete: the old one answers
        assert "Old price list" in store.search(cid, "price list", ME, mode="keyword").passages[0].text
        drain(store)
        [now] = store.list_sources(cid, ME)
        assert now.version_id != old.version_id and now.document_id == old.document_id
        assert store.get_job(cid, new.job_id, ME).version_id == now.version_id
        assert "New price list" in store.search(cid, "price list", ME, mode="keyword").passages[0].text
        assert store.list_passages(cid, now.document_id, ME, limit=1)[0].record["ssDocId"] == document_key(cid, "prices.md")


def test_a_row_without_a_path_is_refused():
    with pytest.raises(StoreError, match="include_paths=True"):
        convert_for_store({"bytes": b"# x"}, "C1", StoreOptions())
    with pytest.raises(StoreError, match="'bytes' column"):
        convert_for_store({"text": "x", "path": "a.md"}, "C1", StoreOptions())


def test_document_keys_are_per_collection_and_file_name():
    assert document_key("C1", "a.md") == document_key("C1", "a.md")
    assert len({document_key("C1", "a.md"), document_key("C1", "b.md"), document_key("C2", "a.md")}) == 3
    assert document_key("C1", "a.md").startswith("D") and len(document_key("C1", "a.md")) == 17
