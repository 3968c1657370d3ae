"""Ingestion: jobs, every format, versions and replacement, deduplication, failures, limits, retry/cancel."""

from __future__ import annotations

import hashlib
import zipfile
from io import BytesIO

import pytest
from store_helpers import (
    ALICE,
    OPTIONS,
    drain,
    ingest,
    page_html,
    prices_md,
    provider,
    review_bytes,
    terms_md,
    texts,
)

import dan
from demo.store import (
    ConflictError,
    FileTooLargeError,
    HashingProvider,
    InvalidRequestError,
    JobState,
    KnowledgeStore,
    NotFoundError,
    PendingJobsLimitError,
    StoreOptions,
)
from demo.store import prechunked


@pytest.fixture
def cid(store):
    return store.create_collection("Contracts", ALICE).id


def _passage_count(store, document_id=None):
    with store.backend.read() as tx:
        if document_id is None:
            return tx.value("SELECT count(*) FROM passages")
        return tx.value("SELECT count(*) FROM passages WHERE document_id = ?", [document_id])


def test_job_lifecycle_and_the_source_it_activates(store, cid):
    job_id = store.enqueue(cid, "terms.md", terms_md(), ALICE)
    queued = store.get_job(cid, job_id, ALICE)
    assert queued.state == JobState.QUEUED and queued.progress == 0 and queued.version_id is None
    assert store.list_sources(cid, ALICE) == []  # a job is not a source yet
    assert store.process_next() is True
    job = store.get_job(cid, job_id, ALICE)
    assert job.state == JobState.READY and job.progress == 100 and job.error is None and job.attempts == 1
    assert store.process_next() is False
    [source] = store.list_sources(cid, ALICE)
    assert source.version_id == job.version_id and source.document_id == job.document_id
    assert source.file_name == "terms.md" and source.title == "Payment terms"
    import hashlib

    assert source.hash == hashlib.sha256(terms_md()).hexdigest()
    assert source.chunk_count == _passage_count(store) > 1
    assert source.embedding == store.embedding_identity
    assert [j.id for j in store.list_jobs(cid, ALICE)] == [job_id]


def test_records_are_stored_exactly_as_dan_produced_them(store, cid, tmp_path):
    job = ingest(store, cid, "review.docx", review_bytes())
    path = tmp_path / "review.docx"
    path.write_bytes(review_bytes())
    expected = dan.convert(path, max_tokens=OPTIONS.max_tokens, doc_id=job.document_id, limits=OPTIONS.dan_limits())
    stored = store.list_passages(cid, job.document_id, ALICE)
    assert [p.text for p in stored] == list(expected.chunks)
    assert [dict(p.record) for p in stored] == [dict(r) for r in expected.records]
    assert [list(p.record) for p in stored] == [list(r) for r in expected.records]  # key order kept too
    assert all(p.record["ssDocId"] == job.document_id and p.id == f"{job.version_id}-{p.seq}" for p in stored)
    assert {a for p in stored for a in str(p.record["ssRevAuthors"]).split("; ") if a} == {"Ann Editor", "Bob Lawyer"}


@pytest.mark.parametrize(
    "name,data",
    [
        ("terms.md", terms_md()),
        ("memo.txt", b"Memo\n\nThe meeting moved to Friday. Bring the budget."),
        ("page.html", page_html()),
        ("board.rtf", rb"{\rtf1\ansi{\fonttbl{\f0 Arial;}}\f0 Board minutes\par The board approved the budget.\par}"),
        ("review.docx", review_bytes()),
    ],
)
def test_every_format_dan_reads_is_ingested(store, cid, name, data):
    job = ingest(store, cid, name, data)
    assert job.state == JobState.READY, job.error
    assert store.list_passages(cid, job.document_id, ALICE)


def test_identical_bytes_and_configuration_skip_the_work(store, cid, make_store):
    first = ingest(store, cid, "terms.md", terms_md())
    again = store.enqueue(cid, "terms.md", terms_md(), ALICE)
    job = store.get_job(cid, again, ALICE)
    assert job.state == JobState.READY and job.version_id == first.version_id and "unchanged" in job.note
    assert store.process_next() is False
    assert [s.version_id for s in store.list_sources(cid, ALICE)] == [first.version_id]
    # Queued twice before processing: one job.
    a = store.enqueue(cid, "prices.md", prices_md(), ALICE)
    assert store.enqueue(cid, "prices.md", prices_md(), ALICE) == a
    drain(store)
    # Another processing configuration (chunk size) processes the same bytes again.
    other = make_store(options=StoreOptions(max_tokens=200))
    redo = other.get_job(cid, other.enqueue(cid, "terms.md", terms_md(), ALICE), ALICE)
    assert redo.state == JobState.QUEUED
    drain(other)
    new = [s for s in other.list_sources(cid, ALICE) if s.file_name == "terms.md"]
    assert new[0].version_id != first.version_id


def test_replacement_retires_the_old_version_and_its_passage_ids(store, cid):
    v1 = ingest(store, cid, "terms.md", terms_md("alpha"))
    old = store.list_passages(cid, v1.document_id, ALICE)
    v2 = ingest(store, cid, "terms.md", terms_md("beta"))
    assert v2.state == JobState.READY and v2.document_id == v1.document_id and v2.version_id != v1.version_id
    [source] = store.list_sources(cid, ALICE)
    assert source.version_id == v2.version_id
    for p in old:
        with pytest.raises(NotFoundError, match="replaced or deleted"):
            store.get_passage(cid, p.id, ALICE)
    hits = store.search(cid, "marker beta alpha", ALICE, limit=50, budget=16000)
    assert "beta" in texts(hits.passages) and "alpha" not in texts(hits.passages)
    assert {p.version_id for p in hits.passages} == {v2.version_id}
    assert store.download_source(cid, v2.version_id, ALICE).content == terms_md("beta")
    with pytest.raises(NotFoundError):
        store.download_source(cid, v1.version_id, ALICE)
    assert _passage_count(store) == source.chunk_count  # the old passages are gone, not hidden


def test_a_failed_replacement_keeps_the_active_version(store, cid):
    good = ingest(store, cid, "report.docx", review_bytes())
    bad = ingest(store, cid, "report.docx", b"PK\x03\x04 this is not a zip archive")
    assert bad.state == JobState.FAILED and bad.error_code == "damaged" and not bad.retryable
    assert bad.error.startswith("The file is damaged or is not what its name says: ") and "Error" not in bad.error
    assert bad.document_id == good.document_id and bad.version_id is None
    [source] = store.list_sources(cid, ALICE)
    assert source.version_id == good.version_id
    assert store.search(cid, "liability capped annual fees", ALICE).passages


@pytest.mark.parametrize(
    "name,data,message",
    [
        ("broken.docx", b"PK\x03\x04" + b"\x00" * 40, "The file is damaged or is not what its name says: "),
        ("junk.txt", bytes(range(256)) * 40, "The file is not in a format dan reads, or not what its name says: "),
        ("empty.md", b"", "no text to index"),
        ("blank.txt", b"   \n\n\t  ", "no text to index"),
    ],
)
def test_bad_input_fails_the_job_with_dans_message_and_changes_nothing(store, cid, name, data, message):
    ingest(store, cid, "terms.md", terms_md())
    before = (store.list_sources(cid, ALICE), _passage_count(store), store.index_document(cid, ALICE))
    job = ingest(store, cid, name, data)
    assert job.state == JobState.FAILED and message in (job.error or ""), job.error
    assert (store.list_sources(cid, ALICE), _passage_count(store), store.index_document(cid, ALICE)) == before
    if message != "no text to index":
        try:
            dan.convert(data, name.rsplit(".", 1)[1].replace("md", "markdown"))
        except dan.DanError as exc:
            assert str(exc) in job.error  # dan's own words reach the user


def test_limits_refuse_cleanly(db_url, make_store):
    s = make_store(options=StoreOptions(max_file_bytes=5000, max_pending_jobs=2, max_chunks=3, max_tokens=64))
    cid = s.create_collection("Limits", ALICE).id
    with pytest.raises(FileTooLargeError, match="max_file_bytes"):
        s.enqueue(cid, "big.txt", b"x" * 5001, ALICE)
    assert s.list_jobs(cid, ALICE) == []  # nothing stored
    s.enqueue(cid, "a.md", b"# A\n\nfirst", ALICE)
    s.enqueue(cid, "b.md", b"# B\n\nsecond", ALICE)
    with pytest.raises(PendingJobsLimitError, match="max_pending_jobs=2"):
        s.enqueue(cid, "c.md", b"# C\n\nthird", ALICE)
    assert len(s.list_jobs(cid, ALICE)) == 2
    drain(s)
    s.enqueue(cid, "c.md", b"# C\n\nthird", ALICE)  # room again
    drain(s)
    long = ("# Long\n\n" + "The crane lifts heavy loads safely every day. " * 60).encode()
    job = ingest(s, cid, "long.md", long)
    assert job.state == JobState.FAILED and job.error_code == "too-large" and job.error.startswith("The file is over one of the store's limits: ") and "StoreOptions: max_chunks=3" in job.error
    s2 = make_store(options=StoreOptions(max_extracted_chars=100))
    job = ingest(s2, cid, "chars.md", ("# Chars\n\n" + "abc " * 100).encode())
    assert job.state == JobState.FAILED and job.error_code == "too-large" and "max_extracted_chars=100" in job.error
    assert {x.file_name for x in s.list_sources(cid, ALICE)} == {"a.md", "b.md", "c.md"}


def test_file_names_are_checked(store, cid):
    for bad in ("../etc/passwd", "a/b.md", "a\\b.md", "", "  ", "bad\x00name.md", "x" * 256, "."):
        with pytest.raises(InvalidRequestError):
            store.enqueue(cid, bad, b"text", ALICE)
    with pytest.raises(InvalidRequestError, match="bytes"):
        store.enqueue(cid, "a.md", "text, not bytes", ALICE)  # type: ignore[arg-type]
    job = ingest(store, cid, "Ünïcode name – 2025 " + "é" * 150 + ".md", terms_md())
    assert job.state == JobState.READY  # long UTF-8 names still convert


def _payloads(store):
    with store.backend.read() as tx:
        return {r[0] for r in tx.rows("SELECT owner FROM payloads")}


def test_stored_bytes_belong_to_pending_jobs_and_active_versions_only(store, cid):
    job_id = store.enqueue(cid, "terms.md", terms_md(), ALICE)
    assert _payloads(store) == {job_id}
    drain(store)
    v1 = store.get_job(cid, job_id, ALICE).version_id
    assert _payloads(store) == {v1}  # moved to the version, not copied
    v2 = ingest(store, cid, "terms.md", terms_md("beta")).version_id
    assert _payloads(store) == {v2}  # the retired version's bytes are gone
    failed = ingest(store, cid, "terms.md", b"PK\x03\x04" + b"\x00" * 40)
    assert failed.state == JobState.FAILED and _payloads(store) == {v2, failed.id}  # kept for a retry
    store.cancel_job(cid, failed.id, ALICE)
    assert _payloads(store) == {v2}


def test_cancel_discards_the_bytes_and_retry_needs_a_failed_job(store, cid):
    job_id = store.enqueue(cid, "terms.md", terms_md(), ALICE)
    assert store.cancel_job(cid, job_id, ALICE).state == JobState.CANCELLED
    assert store.cancel_job(cid, job_id, ALICE).state == JobState.CANCELLED  # idempotent
    assert store.process_next() is False
    with pytest.raises(ConflictError, match="only a failed job"):
        store.retry_job(cid, job_id, ALICE)
    with pytest.raises(NotFoundError):
        store.cancel_job(cid, "JNOSUCHJOB", ALICE)
    ready = ingest(store, cid, "prices.md", prices_md())
    with pytest.raises(ConflictError, match="ready"):
        store.cancel_job(cid, ready.id, ALICE)
    with pytest.raises(ConflictError, match="only a failed job"):
        store.retry_job(cid, ready.id, ALICE)


class FlakyProvider(HashingProvider):
    """Fails its first ``failures`` document calls, like a provider whose network is down."""

    def __init__(self, failures: int = 1) -> None:
        super().__init__(dims=64)
        self.failures = failures

    def embed_documents(self, texts):  # type: ignore[no-untyped-def]
        if self.failures > 0:
            self.failures -= 1
            raise ConnectionError("embedding service unreachable")
        return super().embed_documents(texts)


def test_a_failed_job_keeps_its_bytes_and_a_retry_succeeds(db_url, make_store):
    s = make_store(embeddings=FlakyProvider(failures=1))
    cid = s.create_collection("Retry", ALICE).id
    job = ingest(s, cid, "terms.md", terms_md())
    assert job.state == JobState.FAILED and job.error.startswith("The embedding model failed: ") and "unreachable" in job.error
    assert job.error_code == "embedding-unavailable" and job.retryable
    assert s.list_sources(cid, ALICE) == []
    assert s.retry_job(cid, job.id, ALICE).state == JobState.QUEUED
    drain(s)
    done = s.get_job(cid, job.id, ALICE)
    assert done.state == JobState.READY and done.attempts == 2 and done.error is None
    assert [x.version_id for x in s.list_sources(cid, ALICE)] == [done.version_id]


def test_an_older_job_never_replaces_a_newer_version(db_url, make_store):
    s = make_store(embeddings=FlakyProvider(failures=1))
    cid = s.create_collection("Order", ALICE).id
    old = ingest(s, cid, "terms.md", terms_md("alpha"))
    assert old.state == JobState.FAILED
    new = ingest(s, cid, "terms.md", terms_md("beta"))
    assert new.state == JobState.READY
    s.retry_job(cid, old.id, ALICE)
    drain(s)
    late = s.get_job(cid, old.id, ALICE)
    assert late.state == JobState.READY and "superseded" in late.note
    assert [x.version_id for x in s.list_sources(cid, ALICE)] == [new.version_id]
    assert "beta" in texts(s.search(cid, "marker", ALICE, limit=50).passages)


class CancellingProvider(HashingProvider):
    """Cancels (or deletes) the job it is embedding for, from inside the embedding call."""

    def __init__(self, action) -> None:  # type: ignore[no-untyped-def]
        super().__init__(dims=64)
        self.action = action

    def embed_documents(self, texts):  # type: ignore[no-untyped-def]
        action, self.action = self.action, None
        if action is not None:
            action()
        return super().embed_documents(texts)


@pytest.mark.parametrize("what", ["cancel", "delete source", "delete collection"])
def test_work_cancelled_or_deleted_while_processing_is_dropped(db_url, make_store, what):
    holder: dict[str, str] = {}
    s = None

    def act() -> None:
        assert s is not None
        if what == "cancel":
            s.cancel_job(holder["cid"], holder["job"], ALICE)
        elif what == "delete source":
            s.delete_source(holder["cid"], s.get_job(holder["cid"], holder["job"], ALICE).document_id, ALICE)
        else:
            s.delete_collection(holder["cid"], ALICE)

    s = make_store(embeddings=CancellingProvider(act))
    holder["cid"] = s.create_collection("Cancel", ALICE).id
    holder["job"] = s.enqueue(holder["cid"], "terms.md", terms_md(), ALICE)
    assert s.process_next() is True
    with s.backend.read() as tx:
        assert tx.value("SELECT count(*) FROM passages") == 0
        assert tx.value("SELECT count(*) FROM versions") == 0
    if what == "cancel":
        assert s.get_job(holder["cid"], holder["job"], ALICE).state == JobState.CANCELLED
        assert s.list_sources(holder["cid"], ALICE) == []


def test_reindex_source_and_stale_sources_of_a_collection(db_url, make_store):
    s = make_store()
    cid = s.create_collection("Reindex", ALICE).id
    v1 = ingest(s, cid, "terms.md", terms_md())
    ingest(s, cid, "prices.md", prices_md())
    old_ids = [p.id for p in s.list_passages(cid, v1.document_id, ALICE)]
    job = s.get_job(cid, s.reindex_source(cid, v1.version_id, ALICE), ALICE)
    assert job.kind == "reindex" and job.state == JobState.QUEUED  # forced, even though unchanged
    drain(s)
    job = s.get_job(cid, job.id, ALICE)
    assert job.state == JobState.READY and job.version_id != v1.version_id
    with pytest.raises(NotFoundError):
        s.get_passage(cid, old_ids[0], ALICE)
    assert s.reindex_collection(cid, ALICE).job_ids == ()  # nothing stale
    other = make_store(embeddings=HashingProvider(dims=32))  # another embedding identity
    result = other.reindex_collection(cid, ALICE)
    assert len(result.job_ids) == 2 and result.skipped == ()
    drain(other)
    assert {x.embedding for x in other.list_sources(cid, ALICE)} == {other.embedding_identity}
    with pytest.raises(NotFoundError):
        s.reindex_source(cid, v1.version_id, ALICE)  # retired by the reindex


def test_delete_source_is_idempotent_and_removes_everything(store, cid):
    a = ingest(store, cid, "terms.md", terms_md())
    b = ingest(store, cid, "prices.md", prices_md())
    before = store.index_document(cid, ALICE)
    assert before.sources == 2
    assert store.delete_source(cid, a.document_id, ALICE) is True
    assert store.delete_source(cid, a.document_id, ALICE) is False
    assert store.delete_source(cid, "DUNKNOWN", ALICE) is False
    assert [x.document_id for x in store.list_sources(cid, ALICE)] == [b.document_id]
    assert _passage_count(store, a.document_id) == 0
    assert all(j.document_id != a.document_id for j in store.list_jobs(cid, ALICE))
    after = store.index_document(cid, ALICE)
    assert after.sources == 1 and after.tokens < before.tokens and "Payment terms" not in after.text
    with pytest.raises(NotFoundError):
        store.list_passages(cid, a.document_id, ALICE)
    # the same file uploaded again is a new document
    c = ingest(store, cid, "terms.md", terms_md())
    assert c.state == JobState.READY and c.document_id != a.document_id


def test_download_returns_the_stored_bytes(store, cid):
    data = review_bytes()
    job = ingest(store, cid, "review.docx", data)
    down = store.download_source(cid, job.version_id, ALICE)
    assert down.file_name == "review.docx" and down.content == data
    with zipfile.ZipFile(BytesIO(down.content)) as z:
        assert "word/document.xml" in z.namelist()
    with pytest.raises(NotFoundError):
        store.download_source(cid, "VNOSUCH", ALICE)


class BadVectors(HashingProvider):
    def __init__(self, kind: str) -> None:
        super().__init__(dims=64)
        self.kind = kind

    def embed_documents(self, texts):  # type: ignore[no-untyped-def]
        vectors = super().embed_documents(texts)
        if self.kind == "nan":
            vectors[0][0] = float("nan")
        elif self.kind == "short":
            vectors[0] = vectors[0][:10]
        elif self.kind == "zero":
            vectors[0] = [0.0] * 64
        elif self.kind == "count":
            vectors = vectors[:-1]
        return vectors


@pytest.mark.parametrize("kind,message", [("nan", "NaN"), ("short", "shape"), ("zero", "zero norm"), ("count", "vectors for")])
def test_invalid_vectors_fail_the_job(db_url, make_store, kind, message):
    s = make_store(embeddings=BadVectors(kind))
    cid = s.create_collection("Vectors", ALICE).id
    job = ingest(s, cid, "terms.md", terms_md())
    assert job.state == JobState.FAILED and job.error_code == "embedding-unavailable" and message in job.error
    assert s.list_sources(cid, ALICE) == []


def test_keyword_only_store_ingests_without_vectors(db_url, make_store):
    s = make_store(embeddings="none")
    assert not s.has_embeddings and s.embedding_identity == ""
    cid = s.create_collection("Plain", ALICE).id
    job = ingest(s, cid, "terms.md", terms_md())
    assert job.state == JobState.READY
    assert s.list_sources(cid, ALICE)[0].embedding == ""


def test_the_same_store_serves_from_a_reopened_database(db_url, make_store):
    s = make_store()
    cid = s.create_collection("Durable", ALICE).id
    job = ingest(s, cid, "terms.md", terms_md())
    s.close()
    again = make_store()
    assert again.list_sources(cid, ALICE)[0].version_id == job.version_id
    assert again.search(cid, "warranty cranes", ALICE).passages
    assert provider().identity == again.provider.identity


def _dan_chunks(data: bytes, doc_type: str, doc_id: str | None = None, max_tokens: int = 96) -> list[dict]:
    res = dan.convert(data, doc_type, max_tokens=max_tokens, doc_id=doc_id)
    return [{"text": t, "record": r} for t, r in res]


def test_chunks_with_their_file_keep_the_file_as_an_upload_does(store, cid):
    data = prices_md()
    chunks = _dan_chunks(data, "markdown", doc_id="PRICES2025")
    job_id = store.enqueue_chunks(cid, "prices.md", chunks, ALICE, source=data)
    drain(store)
    job = store.get_job(cid, job_id, ALICE)
    assert job.state == JobState.READY and job.kind == "converted", job.error
    stored = store.list_passages(cid, job.document_id, ALICE)
    assert [(p.text, dict(p.record)) for p in stored] == [(c["text"], c["record"]) for c in chunks]  # as given
    [src] = store.list_sources(cid, ALICE)
    assert (src.hash, src.size) == (hashlib.sha256(data).hexdigest(), len(data))
    assert store.download_source(cid, src.version_id, ALICE).content == data  # the file, not the chunks' JSON
    upload = store.get_job(cid, store.enqueue(cid, "prices.md", data, ALICE), ALICE)
    assert upload.state == JobState.READY and "unchanged" in upload.note  # the same file, uploaded
    reindexed = store.get_job(cid, store.reindex_source(cid, src.version_id, ALICE), ALICE)
    assert reindexed.kind == "reindex"  # converts the file again, with the store's options
    drain(store)
    assert store.get_job(cid, reindexed.id, ALICE).state == JobState.READY
    [now] = store.list_sources(cid, ALICE)
    assert store.download_source(cid, now.version_id, ALICE).content == data
    assert store.list_passages(cid, now.document_id, ALICE)[0].record["ssDocId"] == now.document_id  # the store's own id now


def test_a_converted_job_is_unpacked_once_and_its_version_keeps_the_file(store, cid):
    """convert_job reads the packed payload once: the conversion carries the file's own
    bytes, and activate stores exactly those (not the payload, not a second unpacking)."""
    from demo.store import ingest as ingest_module
    from demo.store import jobs as jobs_module

    data = prices_md()
    store.enqueue_chunks(cid, "prices.md", _dan_chunks(data, "markdown"), ALICE, source=data)
    claimed = jobs_module.claim(store.backend, "test-host:1:once")
    assert claimed.kind == "converted" and claimed.content != data
    converted = ingest_module.convert_job(store.backend, store.options, claimed)
    assert converted is not None and converted.original == data
    assert ingest_module.convert_source("prices.md", data, "D1", store.options).original is None  # an upload: the payload is the file
    vectors = ingest_module.embed_texts(store.provider, converted.chunks, 64)
    version = ingest_module.activate(store.backend, claimed, converted, vectors, store.embedding_identity, store.config)
    assert store.download_source(cid, version, ALICE).content == data


def test_a_file_with_its_chunks_is_held_to_the_file_size_limit(tmp_path):
    with KnowledgeStore(tmp_path / "k.db", options=StoreOptions(max_file_bytes=64), embeddings=HashingProvider(dims=32)) as small:
        cid = small.create_collection("Small", ALICE).id
        chunks = _dan_chunks(b"# Note\n\nA short note.", "markdown")
        with pytest.raises(FileTooLargeError, match="over the store's limit of 64"):
            small.enqueue_chunks(cid, "note.md", chunks, ALICE, source=b"x" * 65)
        assert small.list_jobs(cid, ALICE) == []


def test_a_packed_payload_is_read_back_and_a_foreign_one_refused():
    packed = prechunked.pack_converted(b"%PDF-1.7 file", b'[{"text":"a"}]')
    assert prechunked.unpack_converted(packed) == (b"%PDF-1.7 file", b'[{"text":"a"}]')
    with pytest.raises(InvalidRequestError, match="not a converted file"):
        prechunked.unpack_converted(b'[{"text":"a"}]')
    with pytest.raises(InvalidRequestError, match="truncated"):
        prechunked.unpack_converted(packed[:30])


def test_pre_chunked_dan_output_is_stored_exactly(store, cid):
    chunks = _dan_chunks(prices_md(), "markdown", doc_id="PRICES2025")
    job_id = store.enqueue_chunks(cid, "prices.md", chunks, ALICE)
    drain(store)
    job = store.get_job(cid, job_id, ALICE)
    assert job.state == JobState.READY and job.kind == "chunks", job.error
    stored = store.list_passages(cid, job.document_id, ALICE)
    assert [(p.text, dict(p.record)) for p in stored] == [(c["text"], c["record"]) for c in chunks]
    assert stored[0].record["ssDocId"] == "PRICES2025"  # the client's ids are kept
    assert store.search(cid, "bearing P-007", ALICE, mode="keyword").passages
    again = store.get_job(cid, store.enqueue_chunks(cid, "prices.md", chunks, ALICE), ALICE)
    assert again.state == JobState.READY and "unchanged" in again.note
    reindexed = store.get_job(cid, store.reindex_source(cid, job.version_id, ALICE), ALICE)
    assert reindexed.kind == "reindex-chunks"
    drain(store)
    assert store.get_job(cid, reindexed.id, ALICE).state == JobState.READY
    assert [p.text for p in store.list_passages(cid, job.document_id, ALICE)] == [c["text"] for c in chunks]


def test_pre_chunked_ids_must_be_unique_in_the_collection(store, cid):
    store.enqueue_chunks(cid, "a.md", _dan_chunks(b"# A\n\nFirst file.", "markdown", doc_id="SAME"), ALICE)
    store.enqueue_chunks(cid, "b.md", _dan_chunks(b"# B\n\nSecond file.", "markdown", doc_id="same"), ALICE)
    drain(store)
    jobs = {j.file_name: j for j in store.list_jobs(cid, ALICE)}
    assert jobs["a.md"].state == JobState.READY
    assert jobs["b.md"].state == JobState.FAILED and "already the id of a.md" in jobs["b.md"].error
    assert [s.file_name for s in store.list_sources(cid, ALICE)] == ["a.md"]


def test_pre_chunked_input_that_is_not_dan_output_is_refused(store, cid):
    good = _dan_chunks(terms_md(), "markdown")
    wrong_tokens = [dict(c, record={**c["record"], "ssTokens": 1}) for c in good]
    nested = [dict(good[0], record={**good[0]["record"], "ssExtra": {"a": 1}})] + good[1:]
    swapped = [good[1], good[0], *good[2:]]
    cases = [
        ([], "empty"),
        ("text", "list"),
        ([{"text": "x"}], "exactly 'text' and 'record'"),
        (wrong_tokens, "ssTokens 1 but its text has"),
        (nested, "flat"),
        (swapped, "not one document|ssSeq"),
        ([dict(good[0], text="bad\x00text")], "NUL"),
        ([{"text": "hello", "record": {"ssSeq": 0}}], "not one document"),
    ]
    for chunks, match in cases:
        with pytest.raises(InvalidRequestError, match=match):
            store.enqueue_chunks(cid, "x.md", chunks, ALICE)
    assert store.list_jobs(cid, ALICE) == []


def test_a_cancel_racing_an_activation_never_undoes_it(store, cid):
    """The activation holds the job (a conditional update locks its row); a cancel that
    arrives meanwhile waits, then finds the job ready and says so — it never turns a live
    version's job into 'cancelled', and the cancelled bytes are never activated."""
    import threading

    from demo.store import ConflictError as Conflict
    from demo.store import ingest as ingest_module
    from demo.store import jobs as jobs_module

    job_id = store.enqueue(cid, "terms.md", terms_md(), ALICE)
    claimed = jobs_module.claim(store.backend, "test-host:1:race")
    converted = ingest_module.convert_source(claimed.file_name, claimed.content, claimed.document_id, store.options)
    vectors = ingest_module.embed_texts(store.provider, converted.chunks, 64)
    inside, release = threading.Event(), threading.Event()
    real_insert = store.backend.insert_passages

    def slow_insert(*args, **kwargs):  # type: ignore[no-untyped-def]
        real_insert(*args, **kwargs)
        inside.set()
        assert release.wait(30)

    store.backend.insert_passages = slow_insert  # type: ignore[method-assign]
    results: dict[str, object] = {}

    def activate() -> None:
        results["version"] = ingest_module.activate(store.backend, claimed, converted, vectors, store.embedding_identity, store.config)

    def cancel() -> None:
        try:
            store.cancel_job(cid, job_id, ALICE)
            results["cancel"] = "cancelled"
        except Conflict as exc:
            results["cancel"] = exc

    a = threading.Thread(target=activate)
    a.start()
    assert inside.wait(30)
    b = threading.Thread(target=cancel)
    b.start()
    b.join(0.5)
    assert b.is_alive()  # the cancel waits for the activation
    release.set()
    a.join(30)
    b.join(30)
    store.backend.insert_passages = real_insert  # type: ignore[method-assign]
    assert isinstance(results["cancel"], Conflict) and "ready" in str(results["cancel"])
    job = store.get_job(cid, job_id, ALICE)
    assert job.state == JobState.READY and job.version_id == results["version"]
    assert [s.version_id for s in store.list_sources(cid, ALICE)] == [results["version"]]
