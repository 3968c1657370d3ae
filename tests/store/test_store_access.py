"""Access: every operation with another subject and with none; custom policies fail closed."""

from __future__ import annotations

import pytest
from store_helpers import ALICE, BOB, NOBODY, ingest, terms_md

from demo.store import (
    AccessContext,
    AccessDeniedError,
    KnowledgeCollection,
    NotFoundError,
    UnauthenticatedError,
)


@pytest.fixture
def setup(store, tmp_path):
    col = store.create_collection("Private", ALICE)
    job = ingest(store, col.id, "terms.md", terms_md())
    passage = store.list_passages(col.id, job.document_id, ALICE)[0]
    return store, col, job, passage


def _operations(store, col, job, passage):
    """Every operation that takes a collection, as (name, call(access), writes)."""
    cid = col.id
    return [
        ("get_collection", lambda a: store.get_collection(cid, a), False),
        ("rename_collection", lambda a: store.rename_collection(cid, "Mine now", a), True),
        ("delete_collection", lambda a: store.delete_collection(cid, a), True),
        ("enqueue", lambda a: store.enqueue(cid, "x.md", b"# X\n\ntext", a), True),
        ("import_directory", lambda a: store.import_directory(cid, "/tmp", a), True),
        ("list_jobs", lambda a: store.list_jobs(cid, a), False),
        ("get_job", lambda a: store.get_job(cid, job.id, a), False),
        ("retry_job", lambda a: store.retry_job(cid, job.id, a), True),
        ("confirm_job", lambda a: store.confirm_job(cid, job.id, a), True),
        ("cancel_job", lambda a: store.cancel_job(cid, job.id, a), True),
        ("list_sources", lambda a: store.list_sources(cid, a), False),
        ("delete_source", lambda a: store.delete_source(cid, job.document_id, a), True),
        ("download_source", lambda a: store.download_source(cid, job.version_id, a), False),
        ("reindex_source", lambda a: store.reindex_source(cid, job.version_id, a), True),
        ("reindex_collection", lambda a: store.reindex_collection(cid, a), True),
        ("get_passage", lambda a: store.get_passage(cid, passage.id, a), False),
        ("list_passages", lambda a: store.list_passages(cid, job.document_id, a), False),
        ("expand", lambda a: store.expand(cid, [passage.id], a), False),
        ("search", lambda a: store.search(cid, "warranty", a), False),
        ("ask", lambda a: store.ask(cid, "warranty?", a), False),
        ("index_document", lambda a: store.index_document(cid, a), False),
    ]


def _unchanged(store, col, job):
    assert store.get_collection(col.id, ALICE) == col
    [source] = store.list_sources(col.id, ALICE)
    assert source.version_id == job.version_id
    assert [j.id for j in store.list_jobs(col.id, ALICE)] == [job.id]


def test_another_subject_sees_no_collection_at_all(setup):
    store, col, job, passage = setup
    for name, call, _writes in _operations(store, col, job, passage):
        with pytest.raises(NotFoundError) as refused:
            call(BOB)
        # exactly the words a missing collection gets: the id reveals nothing
        assert str(refused.value).replace(col.id, "<id>") == (
            "collection '<id>' not found: check the id, or that it was shared with you"
        ), name
    assert store.list_collections(BOB) == []
    _unchanged(store, col, job)


@pytest.mark.parametrize("who", [NOBODY, AccessContext(""), AccessContext("   "), None, "alice"])
def test_no_subject_is_refused_before_anything_is_looked_up(setup, who):
    store, col, job, passage = setup
    for _name, call, _writes in _operations(store, col, job, passage):
        with pytest.raises(UnauthenticatedError):
            call(who)
    with pytest.raises(UnauthenticatedError):
        store.list_collections(who)
    with pytest.raises(UnauthenticatedError):
        store.create_collection("Anonymous", who)
    _unchanged(store, col, job)


def test_a_missing_collection_and_a_refused_one_are_the_same_error(setup):
    store, col, _, _ = setup
    with pytest.raises(NotFoundError) as missing:
        store.search("CNOSUCHCOLLECTION", "x", ALICE)
    with pytest.raises(NotFoundError) as refused:
        store.search(col.id, "x", BOB)
    assert type(missing.value) is type(refused.value)
    assert str(missing.value).replace("CNOSUCHCOLLECTION", "<id>") == str(refused.value).replace(col.id, "<id>")


class ReadersPolicy:
    """The owner writes; listed readers read; everyone else sees nothing."""

    def __init__(self, readers: set[str]) -> None:
        self.readers = readers

    def can_access(self, context: AccessContext, collection: KnowledgeCollection, write: bool) -> bool:
        if context.subject == collection.owner:
            return True
        return not write and context.subject in self.readers


def test_a_custom_policy_separates_read_and_write(db_url, make_store):
    owner_store = make_store()
    col = owner_store.create_collection("Shared", ALICE)
    job = ingest(owner_store, col.id, "terms.md", terms_md())
    passage = owner_store.list_passages(col.id, job.document_id, ALICE)[0]
    shared = make_store(policy=ReadersPolicy({"bob"}))
    assert [c.id for c in shared.list_collections(BOB)] == [col.id]
    for name, call, writes in _operations(shared, col, job, passage):
        if writes:
            with pytest.raises(AccessDeniedError, match="read .* but not change"):
                call(BOB)
        elif name not in ("delete_collection",):
            call(BOB)  # reads work
    with pytest.raises(NotFoundError):
        shared.search(col.id, "warranty", AccessContext("carol"))
    _unchanged(shared, col, job)


class Truthy:
    def can_access(self, context, collection, write):  # type: ignore[no-untyped-def]
        return "yes"  # truthy, but not True


class Raising:
    def can_access(self, context, collection, write):  # type: ignore[no-untyped-def]
        raise RuntimeError("the ACL service is down")


def test_a_sloppy_or_broken_policy_fails_closed(db_url, make_store):
    base = make_store()
    col = base.create_collection("Closed", ALICE)
    with pytest.raises(NotFoundError):
        make_store(policy=Truthy()).search(col.id, "x", ALICE)
    assert make_store(policy=Truthy()).list_collections(ALICE) == []
    with pytest.raises(RuntimeError, match="ACL service"):  # never swallowed, never allowed
        make_store(policy=Raising()).search(col.id, "x", ALICE)
