"""dan's warnings reach the job and the source; a replacement that would lose much of the
active version is held for confirmation; old databases are migrated (SQLite and PostgreSQL)."""

from __future__ import annotations

import io
import zipfile

import pytest
from docx_builder import make_docx
from store_helpers import ALICE, drain, ingest, terms_md

from demo.store import ConflictError, JobState, KnowledgeStore, StoreError
from demo.store.db import SCHEMA_VERSION

SECTIONS = "".join(
    f'<w:p><w:pPr><w:pStyle w:val="Heading1"/></w:pPr><w:r><w:t>Clause {n}</w:t></w:r></w:p>'
    f"<w:p><w:r><w:t>Clause {n} says the supplier delivers part {n} within {n + 3} weeks of the order.</w:t></w:r></w:p>"
    for n in range(1, 7)
)


def good_docx() -> bytes:
    return make_docx(SECTIONS)


def damaged_styles(docx: bytes) -> bytes:
    """The same package with a styles.xml that is not XML (dan skips it: ``damaged-part``)."""
    src = zipfile.ZipFile(io.BytesIO(docx))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            dst.writestr(info.filename, b"<w:styles><broken" if info.filename == "word/styles.xml" else data)
    return out.getvalue()


@pytest.fixture
def cid(store):
    return store.create_collection("Warnings", ALICE).id


def test_a_damaged_part_is_a_warning_on_the_job_and_the_source(store, cid):
    job = ingest(store, cid, "contract.docx", damaged_styles(good_docx()))
    assert job.state == JobState.READY and job.version_id
    assert [(w.code, w.where) for w in job.warnings] == [("damaged-part", "word/styles.xml")]
    assert "styles" in job.warnings[0].message
    (source,) = store.list_sources(cid, ALICE)
    assert source.warnings == job.warnings
    clean = ingest(store, cid, "clean.docx", good_docx())
    assert clean.warnings == () and {s.file_name: s.warnings for s in store.list_sources(cid, ALICE)}["clean.docx"] == ()


def test_a_damaged_replacement_is_held_and_the_good_version_stays(store, cid):
    good = ingest(store, cid, "contract.docx", good_docx())
    before = store.list_sources(cid, ALICE)[0]
    held = ingest(store, cid, "contract.docx", damaged_styles(good_docx()))
    assert held.state == JobState.HELD and held.version_id is None
    assert held.note.startswith("held: dan found damaged parts (word/styles.xml)") and "confirm the job" in held.note
    assert [w.code for w in held.warnings] == ["damaged-part"]
    assert store.list_sources(cid, ALICE) == [before]  # nothing a search sees changed
    assert store.search(cid, "Clause 4 supplier", ALICE).passages[0].version_id == good.version_id
    store.wait_idle(timeout=5)  # a held job is not pending
    with pytest.raises(ConflictError, match="only a failed job can be retried"):
        store.retry_job(cid, held.id, ALICE)
    confirmed = store.confirm_job(cid, held.id, ALICE)
    assert confirmed.state == JobState.QUEUED
    drain(store)
    done = store.get_job(cid, held.id, ALICE)
    assert done.state == JobState.READY and done.version_id != good.version_id and done.note.startswith("confirmed")
    (after,) = store.list_sources(cid, ALICE)
    assert after.version_id == done.version_id and [w.code for w in after.warnings] == ["damaged-part"]
    with pytest.raises(ConflictError, match="only a held job can be confirmed"):
        store.confirm_job(cid, held.id, ALICE)


def test_a_replacement_keeping_less_than_half_is_held_until_cancelled(store, cid):
    ingest(store, cid, "terms.md", terms_md() * 3)
    before = store.list_sources(cid, ALICE)[0]
    held = ingest(store, cid, "terms.md", b"# Payment terms\n\nInvoices are payable within thirty days.\n")
    assert held.state == JobState.HELD and held.warnings == ()
    assert f"of the active version's {before.tokens:,} tokens" in held.note
    assert f"(1 chunk instead of {before.chunk_count:,})" in held.note  # one chunk is not "1 chunks"
    cancelled = store.cancel_job(cid, held.id, ALICE)
    assert cancelled.state == JobState.CANCELLED
    assert store.list_sources(cid, ALICE) == [before]
    with pytest.raises(ConflictError):
        store.confirm_job(cid, held.id, ALICE)


def test_a_replacement_keeping_more_than_half_replaces_at_once(store, cid):
    first = ingest(store, cid, "terms.md", terms_md("alpha"))
    second = ingest(store, cid, "terms.md", terms_md("beta"))
    assert second.state == JobState.READY and second.version_id != first.version_id and second.note == ""


def _downgrade(store: KnowledgeStore) -> None:
    """Make the store's database look like one of schema 1 (before warnings and held jobs,
    and before the passages' context line of schema 3)."""
    with store.backend.write() as tx:
        if store.backend.dialect == "postgresql":  # (its full-text column is of the context line too)
            tx.execute("ALTER TABLE passages DROP COLUMN tsv")
            tx.execute("ALTER TABLE passages DROP COLUMN context")
            tx.execute("ALTER TABLE passages ADD COLUMN tsv tsvector GENERATED ALWAYS AS (to_tsvector('english', text)) STORED")
            tx.execute("CREATE INDEX passages_tsv ON passages USING gin (tsv)")
        else:
            tx.execute("ALTER TABLE passages DROP COLUMN context")
        tx.execute("ALTER TABLE versions DROP COLUMN warnings")
        tx.execute("ALTER TABLE jobs DROP COLUMN warnings")
        tx.execute("ALTER TABLE jobs DROP COLUMN confirmed")
        tx.execute("ALTER TABLE jobs DROP COLUMN error_code")
        tx.execute("UPDATE meta SET value = '1' WHERE key = 'schema'")


def test_a_schema_1_database_is_migrated_and_keeps_its_sources(make_store):
    old = make_store()
    cid = old.create_collection("Old", ALICE).id
    ingest(old, cid, "terms.md", terms_md())
    _downgrade(old)
    old.close()
    new = make_store()
    with new.backend.read() as tx:
        assert tx.value("SELECT value FROM meta WHERE key = 'schema'") == SCHEMA_VERSION
    (source,) = new.list_sources(cid, ALICE)
    assert new.search(cid, "invoices payable", ALICE, mode="keyword").passages
    assert source.warnings == () and [j.warnings for j in new.list_jobs(cid, ALICE)] == [()]
    assert ingest(new, cid, "contract.docx", damaged_styles(good_docx())).warnings[0].code == "damaged-part"


def test_an_unknown_schema_version_is_refused(make_store):
    s = make_store()
    with s.backend.write() as tx:
        tx.execute("UPDATE meta SET value = '99' WHERE key = 'schema'")
    s.close()
    with pytest.raises(StoreError, match="schema '99'"):
        make_store()
