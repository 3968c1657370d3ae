"""LangChain integration: DanLoader, DanTransformer, expand_search_results (langchain-core only)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("langchain_core")
pytest.importorskip("numpy")  # InMemoryVectorStore's similarity

sys.path.insert(0, str(Path(__file__).resolve().parent))

import batch_helpers as H  # noqa: E402
from langchain_core.document_loaders import BaseLoader  # noqa: E402
from langchain_core.documents import BaseDocumentTransformer, Document  # noqa: E402
from langchain_core.vectorstores import InMemoryVectorStore  # noqa: E402

import dan  # noqa: E402
from dan.integrations import IntegrationError, MissingDependencyError  # noqa: E402
from dan.integrations.context import DocumentChunks, expand_hits  # noqa: E402
from dan.integrations.langchain import (  # noqa: E402
    DanLoader,
    DanTransformer,
    chunk_id,
    expand_search_results,
    store_fetcher,
)
from demo.embeddings import HashingEmbeddings  # noqa: E402
from ven import Ven  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture()
def corpus(tmp_path: Path) -> dict[str, Path]:
    return H.write_corpus(tmp_path / "corpus")


# ---------------------------------------------------------------------------- DanLoader


def test_loader_yields_one_document_per_chunk_with_records(corpus: dict[str, Path]) -> None:
    loader = DanLoader([corpus["prices"], corpus["review"]], max_tokens=128, user_meta={"team": "ops"})
    assert isinstance(loader, BaseLoader)
    docs = list(loader.lazy_load())
    a = dan.convert(corpus["prices"], max_tokens=128, user_meta={"team": "ops"})
    b = dan.convert(corpus["review"], max_tokens=128, user_meta={"team": "ops"})
    assert [d.page_content for d in docs] == list(a.chunks) + list(b.chunks)
    for doc, rec, path in zip(docs, a.records + b.records, [corpus["prices"]] * len(a) + [corpus["review"]] * len(b)):
        assert doc.metadata == {"source": str(path), **rec}
        assert doc.id == f"{rec['ssDocId']}:{rec['ssSeq']}" == chunk_id(rec["ssDocId"], rec["ssSeq"])
    assert loader.load() == docs


def test_loader_takes_directories_and_patterns_like_the_cli(corpus: dict[str, Path], tmp_path: Path) -> None:
    folder = corpus["prices"].parent
    files = sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.startswith("."))
    by_dir = DanLoader(folder, max_tokens=128)
    supported = {str(p) for p in files if p.suffix.lower() in (".docx", ".md", ".html", ".rtf", ".txt")}
    assert len(by_dir.paths) == len(set(by_dir.paths)) and set(by_dir.paths) == supported and supported
    pattern = DanLoader(str(folder / "*.md"), max_tokens=128)
    assert pattern.paths == sorted(str(p) for p in folder.glob("*.md")) and pattern.paths
    sources = {d.metadata["source"] for d in pattern.load()}
    assert sources == set(pattern.paths)
    with pytest.raises(IntegrationError, match="the pattern matches no file"):
        DanLoader(str(folder / "*.nothing"))
    empty = tmp_path / "empty"
    empty.mkdir()
    with pytest.raises(IntegrationError, match="no files with a supported extension"):
        DanLoader(empty)
    assert DanLoader(tmp_path / "missing.docx").paths == [str(tmp_path / "missing.docx")]  # reported when loaded


def test_loader_single_file_options_and_source_key(corpus: dict[str, Path]) -> None:
    docs = DanLoader(corpus["memo"], doc_id="M-1", doc_title="Memo", source_key=None).load()
    assert docs[0].metadata["ssDocId"] == "M-1" and docs[0].metadata["ssTitle"] == "Memo"
    assert "source" not in docs[0].metadata
    with pytest.raises(IntegrationError, match="one document"):
        DanLoader([corpus["memo"], corpus["page"]], doc_id="X")
    with pytest.raises(IntegrationError, match="on_error"):
        DanLoader(corpus["memo"], on_error="ignore")  # type: ignore[arg-type]


def test_loader_errors_raise_or_skip(corpus: dict[str, Path], tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    bad = tmp_path / "legacy.doc"
    bad.write_bytes(H.OLE)
    loader = DanLoader([corpus["memo"], bad, corpus["page"]])
    it = loader.lazy_load()
    assert next(it).metadata["ssTitle"] == "memo"  # files before the bad one still load
    with pytest.raises(dan.EncryptedDocumentError):
        next(it)
    with caplog.at_level(logging.WARNING, logger="dan"):
        docs = DanLoader([corpus["memo"], bad, corpus["page"]], on_error="skip").load()
    assert [d.metadata["ssTitle"] for d in docs] == ["memo", "Web page"]
    assert any("legacy.doc" in r.getMessage() for r in caplog.records)


TRUNCATED_RTF = b"{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}\\f0 Kept text.\\par {\\b unclosed"


@pytest.mark.parametrize("workers", [1, 2])
def test_loader_logs_each_warning_once_with_the_path(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, workers: int
) -> None:
    damaged = tmp_path / "damaged.rtf"
    damaged.write_bytes(TRUNCATED_RTF)
    clean = tmp_path / "clean.md"
    clean.write_text("# Clean\n\nNothing wrong here.\n", encoding="utf-8")
    expected = dan.convert(damaged)
    assert [w.code for w in expected.warnings] == ["unbalanced-groups"]
    caplog.clear()
    with caplog.at_level(logging.DEBUG, logger="dan"):
        docs = DanLoader([damaged, clean], workers=workers).load()
    messages = [r.getMessage() for r in caplog.records if r.name.startswith("dan")]
    assert messages == [f"DanLoader: {damaged}: {expected.warnings[0].message} [unbalanced-groups]"]
    # no metadata field is added for warnings: the record and the source, nothing else
    for doc in docs:
        assert set(doc.metadata) - {"source"} == set(dan.convert(doc.metadata["source"]).records[0])


def test_loader_with_workers_matches_in_process(corpus: dict[str, Path]) -> None:
    paths = [corpus["prices"], corpus["memo"], corpus["page"]]
    assert DanLoader(paths, workers=2, max_tokens=100).load() == DanLoader(paths, max_tokens=100).load()


# ---------------------------------------------------------------------------- DanTransformer


def test_transformer_converts_loaded_text() -> None:
    html_doc = Document(
        page_content="<html><head><title>T</title></head><body><h1>Fees</h1><p>Pay in <b>30</b> days.</p></body></html>",
        metadata={"title": "Fee page", "url": "https://example.com/fees", "score": 0.5},
    )
    md_doc = Document(page_content=H.table_markdown(rows=30), metadata={"id": "PRICES-1"})
    html_out = DanTransformer(max_tokens=128).transform_documents([html_doc])
    assert isinstance(DanTransformer(), BaseDocumentTransformer)
    expected = dan.convert_string(html_doc.page_content, doc_title="Fee page", max_tokens=128)
    assert [d.page_content for d in html_out] == list(expected.chunks)
    assert html_out[0].metadata == {**html_doc.metadata, **expected.records[0]}
    assert html_out[0].metadata["ssTitle"] == "Fee page"  # title_key
    md_out = DanTransformer(doc_type="markdown", id_key="id", keep_metadata=False, max_tokens=128).transform_documents(
        [md_doc]
    )
    assert {d.metadata["ssDocId"] for d in md_out} == {"PRICES-1"}
    assert "id" not in md_out[0].metadata
    assert len(md_out) > 3 and any(d.metadata["ssTables"] == "1" for d in md_out)


def test_transformer_error_names_the_document() -> None:
    docs = [Document(page_content="short"), Document(page_content="long " * 40, metadata={"n": 2})]
    tf = DanTransformer(doc_type="text", limits=dan.Limits(max_chars=50))
    assert len(tf.transform_documents(docs[:1])) == 1
    with pytest.raises(dan.TextTooLargeError) as info:
        tf.transform_documents(docs)
    assert any("document 1" in note and "'n': 2" in note for note in info.value.__notes__)
    with pytest.raises(IntegrationError, match="title_key"):
        DanTransformer(doc_title="x")


# ---------------------------------------------------------------------------- search-result expansion


@pytest.fixture()
def store_and_results(corpus: dict[str, Path]) -> tuple[InMemoryVectorStore, dict[str, dan.DanResult]]:
    results = {p.name: dan.convert(p, max_tokens=128) for p in (corpus["prices"], corpus["review"], corpus["memo"])}
    store = InMemoryVectorStore(HashingEmbeddings())
    store.add_documents(DanLoader([corpus["prices"], corpus["review"], corpus["memo"]], max_tokens=128).load())
    return store, results


def _table_seqs(res: dan.DanResult) -> list[int]:
    return [r["ssSeq"] for r in res.records if r["ssTables"]]


def test_search_then_expand_completes_the_table(store_and_results: tuple) -> None:
    store, results = store_and_results
    prices = results["prices.md"]
    hits = store.similarity_search("Part P-017 bearing price", k=1)
    assert hits[0].metadata["ssDocId"] == prices.doc_id and hits[0].metadata["ssTables"] == "1"
    out = expand_search_results(hits, {prices.doc_id: prices})
    table = _table_seqs(prices)
    assert [d.metadata["ssSeq"] for d in out] == table
    assert [d.page_content for d in out] == [prices.chunks[s] for s in table]
    roles = {d.metadata["ssSeq"]: d.metadata["ven_role"] for d in out}
    assert roles[hits[0].metadata["ssSeq"]] == "anchor"
    assert sorted(roles.values()).count("anchor") == 1
    assert out[0].id == chunk_id(prices.doc_id, table[0])
    # the same through every way of describing the document
    pair = (list(prices.chunks), list(prices.records))
    for source in (pair, DocumentChunks.of(prices), DocumentChunks.create(*pair)):
        again = expand_search_results(hits, {prices.doc_id.lower(): source})
        assert [d.page_content for d in again] == [d.page_content for d in out]
    via_ven = expand_search_results(hits, {prices.doc_id: Ven(prices.records)}, store=store)
    assert [d.page_content for d in via_ven] == [d.page_content for d in out]
    via_store = expand_search_results(hits, store=store)
    assert [d.page_content for d in via_store] == [d.page_content for d in out]


def _review_and_prices(results: dict[str, dan.DanResult]) -> tuple[dan.DanResult, dan.DanResult, int, list[int], list[int]]:
    """The review (its first revised chunk, its run of revised chunks) and the price list
    (its table's chunks)."""
    review, prices = results["review.docx"], results["prices.md"]
    rev_seq = next(r["ssSeq"] for r in review.records if r["ssRevs"])
    rev_run = [r["ssSeq"] for r in review.records if r["ssRevs"]]
    return review, prices, rev_seq, rev_run, _table_seqs(prices)


def test_expansion_groups_documents_in_hit_order_and_passes_others_through(store_and_results: tuple) -> None:
    store, results = store_and_results
    review, prices, rev_seq, rev_run, table = _review_and_prices(results)
    hits = [
        Document(page_content=review.chunks[rev_seq], metadata=review.records[rev_seq]),
        (Document(page_content="from elsewhere", metadata={"source": "web"}), 0.3),
        Document(
            page_content=prices.chunks[table[-1]], metadata={**prices.records[table[-1]], "ssSeq": float(table[-1])}
        ),
        Document(page_content=review.chunks[rev_seq], metadata=review.records[rev_seq]),  # duplicate hit
    ]
    out = expand_search_results(hits, {review.doc_id: review, prices.doc_id: prices}, budget=0)
    keys = [(d.metadata.get("ssDocId"), d.metadata.get("ssSeq")) for d in out]
    assert keys == [(review.doc_id, s) for s in rev_run] + [(prices.doc_id, s) for s in table] + [(None, None)]
    assert out[-1].page_content == "from elsewhere" and "ven_role" not in out[-1].metadata

    ctx = expand_hits(
        [(d.page_content, d.metadata) for d in (hits[0], hits[2])], {review.doc_id: review, prices.doc_id: prices}
    )
    first, second = ctx.documents
    assert (first.doc_id, first.hits, first.seqs) == (review.doc_id, (rev_seq,), tuple(rev_run))
    assert first.tokens == sum(review.records[s]["ssTokens"] for s in rev_run)
    assert first.enrichment_tokens == first.tokens - review.records[rev_seq]["ssTokens"]
    assert ctx.tokens == first.tokens + second.tokens
    assert ctx.text.startswith(review.chunks[rev_run[0]])


def test_custom_expansion_and_budget(store_and_results: tuple) -> None:
    _, results = store_and_results
    prices = results["prices.md"]
    assert prices.records[0]["ssTables"] == ""  # the intro chunk: nothing to complete
    hit = [Document(page_content=prices.chunks[0], metadata=prices.records[0])]
    docs = {prices.doc_id: prices}
    assert len(expand_search_results(hit, docs, expand=lambda e: e.add_page_chunks(num_pages=1))) == len(prices) > 3
    assert len(expand_search_results(hit, docs, budget=0)) == 1
    assert len(expand_search_results(hit, docs)) == 1  # add_related_chunks: nothing related
    with pytest.raises(IntegrationError, match="not both"):
        expand_search_results(hit, docs, budget=5, expand=lambda e: None)


def test_expansion_errors(store_and_results: tuple) -> None:
    store, results = store_and_results
    review = results["review.docx"]
    hit = [Document(page_content="x", metadata=review.records[1])]
    with pytest.raises(IntegrationError, match="not in documents"):
        expand_search_results(hit, {"OTHER": review})
    with pytest.raises(IntegrationError, match="holds no chunk text"):
        expand_search_results(hit, {review.doc_id: Ven(review.records)}, expand=lambda e: e.add_page_chunks())
    with pytest.raises(IntegrationError, match="pass documents"):
        expand_search_results(hit)
    with pytest.raises(IntegrationError, match="out of range"):
        expand_search_results(
            [Document(page_content="x", metadata={**review.records[1], "ssSeq": 99})], {review.doc_id: review}
        )
    with pytest.raises(IntegrationError, match="parallel"):
        DocumentChunks.create(["only one"], review.records)
    with pytest.raises(IntegrationError, match="cannot use"):
        expand_search_results(hit, {review.doc_id: "text"})
    with pytest.raises(IntegrationError, match="Document or"):
        expand_search_results(["plain"], {review.doc_id: review})  # type: ignore[list-item]
    empty = InMemoryVectorStore(HashingEmbeddings())
    with pytest.raises(IntegrationError, match="no chunk with id"):
        store_fetcher(empty)(review.doc_id, [0])
    with pytest.raises(IntegrationError, match="get_by_ids"):
        store_fetcher(object())


def test_errors_are_dan_errors() -> None:
    assert issubclass(IntegrationError, dan.DanError)
    assert issubclass(MissingDependencyError, ImportError) and issubclass(MissingDependencyError, dan.DanError)


def test_importing_dan_does_not_import_langchain() -> None:
    code = (
        "import sys, dan, dan.integrations, dan.display, dan.batch, dan.cli\n"
        "heavy = [m for m in sys.modules if m.split('.')[0] in ('langchain_core', 'langchain', 'ray', 'matplotlib', 'tqdm', 'numpy')]\n"
        "assert not heavy, heavy\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    assert proc.returncode == 0, proc.stderr


def test_missing_langchain_gives_an_actionable_error() -> None:
    code = (
        "import sys\n"
        "sys.modules['langchain_core'] = None\n"
        "sys.modules['langchain_core.document_loaders'] = None\n"
        "try:\n"
        "    import dan.integrations.langchain\n"
        "except ImportError as exc:\n"
        "    import dan\n"
        "    assert isinstance(exc, dan.DanError), type(exc)\n"
        "    assert 'pip install langchain-core' in str(exc)\n"
        "else:\n"
        "    raise SystemExit('imported without langchain-core')\n"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    assert proc.returncode == 0, proc.stderr + proc.stdout


def test_max_tokens_caps_all_documents_together(store_and_results: tuple) -> None:
    _, results = store_and_results
    review, prices, rev_seq, rev_run, table = _review_and_prices(results)
    assert len(rev_run) > 1 and len(table) > 1
    hits = [(review.chunks[rev_seq], review.records[rev_seq]), (prices.chunks[table[-1]], prices.records[table[-1]])]
    docs = {review.doc_id: review, prices.doc_id: prices}
    tok = {d: {r["ssSeq"]: r["ssTokens"] for r in res.records} for d, res in ((review.doc_id, review), (prices.doc_id, prices))}
    run_tokens = sum(tok[review.doc_id][s] for s in rev_run)
    hit_tokens = tok[prices.doc_id][table[-1]]
    # room for the review's whole run and the price list's hit, not its whole table
    cap = run_tokens + hit_tokens + 1
    ctx = expand_hits(hits, docs, max_tokens=cap)
    first, second = ctx.documents
    assert first.seqs == tuple(rev_run) and second.seqs == (table[-1],)
    assert ctx.tokens <= cap
    assert [(s.what, s.seqs) for s in second.skipped] == [("table", tuple(table[:-1]))]
    # too little left for the second document's hit: it is left out and said so
    ctx = expand_hits(hits, docs, max_tokens=run_tokens)
    assert [d.doc_id for d in ctx.documents] == [review.doc_id] and ctx.skipped_documents == (prices.doc_id,)
    out = expand_search_results([Document(page_content=t, metadata=m) for t, m in hits], docs, max_tokens=cap)
    assert sum(d.metadata["ssTokens"] for d in out) <= cap
    with pytest.raises(IntegrationError, match="max_tokens"):
        expand_hits(hits, docs, max_tokens=0)


def test_default_expansion_follows_cross_references() -> None:
    contract = (
        "# Agreement\n\n## 9 Liability\n\n9.2 The total liability is limited to the fees of twelve months.\n\n"
        "## 10 Insurance\n\n" + "The supplier keeps insurance cover and shows the certificate every year. " * 6 + "\n\n"
        "## Schedule 3 - Special provisions\n\nBy way of derogation from clause 9.2, data protection breaches are "
        "limited to EUR 2,500,000 per claim.\n"
    )
    res = dan.convert_string(contract, "markdown", max_tokens=60)
    clause = next(i for i, c in enumerate(res.chunks) if "9.2 The total" in c)
    schedule = next(i for i, c in enumerate(res.chunks) if "By way of derogation" in c)
    hit = [(res.chunks[clause], res.records[clause])]
    ctx = expand_hits(hit, {res.doc_id: res}, budget=2000)
    assert ctx.documents[0].seqs == (clause, schedule)
    assert expand_hits(hit, {res.doc_id: res}, budget=0).documents[0].seqs == (clause,)


# ---------------------------------------------------------------------------- asyncio


def _with_ticker(work):  # runs ``work()`` (a coroutine function) beside a 1 ms ticker
    import asyncio

    async def main():
        ticks = 0
        done = asyncio.Event()

        async def ticker() -> None:
            nonlocal ticks
            while not done.is_set():
                ticks += 1
                await asyncio.sleep(0.001)

        task = asyncio.create_task(ticker())
        await asyncio.sleep(0)
        out = await work()
        done.set()
        await task
        return out, ticks

    return asyncio.run(main())


def test_alazy_load_converts_in_a_worker_thread_without_blocking_the_loop(
    corpus: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    import asyncio
    import threading

    from demo.samples import paths

    loader = DanLoader(paths(), max_tokens=128)
    want = loader.load()
    # Each step of the loader waits, in its thread, until a coroutine on the event loop has
    # seen it start: a loader stepping on the loop itself would wait for a loop it blocks
    # (and fail after the timeout); one stepping in a worker thread is released at once.
    real = DanLoader.lazy_load
    steps: list[tuple[threading.Event, threading.Event]] = []
    threads: set[int] = set()

    def gated(self: DanLoader):  # type: ignore[no-untyped-def]
        for doc in real(self):
            entered, released = threading.Event(), threading.Event()
            steps.append((entered, released))
            threads.add(threading.get_ident())
            entered.set()
            assert released.wait(30), "the event loop did not run while dan converted"
            yield doc

    monkeypatch.setattr(DanLoader, "lazy_load", gated)

    async def main():  # type: ignore[no-untyped-def]
        stop = asyncio.Event()

        async def release() -> None:
            seen = 0
            while not stop.is_set():
                for entered, released in steps[seen:]:
                    if not entered.is_set():
                        break
                    released.set()
                    seen += 1
                await asyncio.sleep(0.001)

        task = asyncio.create_task(release())
        got = [d async for d in loader.alazy_load()]
        stop.set()
        await task
        return got, threading.get_ident()

    got, loop_thread = asyncio.run(main())
    assert [(d.page_content, d.metadata, d.id) for d in got] == [(d.page_content, d.metadata, d.id) for d in want]
    assert len(steps) == len(want) and loop_thread not in threads


def test_aexpand_search_results_gives_the_same_context(store_and_results: tuple) -> None:
    from dan.integrations.langchain import aexpand_search_results

    store, results = store_and_results
    prices = results["prices.md"]
    hits = store.similarity_search("Part P-017 bearing price", k=1)

    async def work():
        return await aexpand_search_results(hits, {prices.doc_id: prices}, budget=500)

    got, _ticks = _with_ticker(work)
    want = expand_search_results(hits, {prices.doc_id: prices}, budget=500)
    assert [(d.page_content, d.metadata) for d in got] == [(d.page_content, d.metadata) for d in want] and got


def test_list_fields_write_lists_that_array_filters_find_and_expansion_reads(corpus: dict[str, Path]) -> None:
    from ven.schema import LIST_FIELDS, from_lists

    flat = DanLoader([corpus["review"]], max_tokens=128).load()
    listed = DanLoader([corpus["review"]], max_tokens=128, list_fields=True).load()
    assert [from_lists(d.metadata) for d in listed] == [d.metadata for d in flat]
    for d in listed:
        assert all(isinstance(d.metadata[f], list) for f in LIST_FIELDS if f in d.metadata)
    authors = {a for d in listed for a in d.metadata["ssComAuthors"]}
    assert authors and all("; " not in a for a in authors)
    who = sorted(authors)[0]
    store = InMemoryVectorStore(HashingEmbeddings())
    store.add_documents(listed)
    hits = store.similarity_search("comment", k=2, filter=lambda doc: who in doc.metadata["ssComAuthors"])
    assert hits and all(who in h.metadata["ssComAuthors"] for h in hits)
    out = expand_search_results(hits, store=store, budget=400)  # reads list-valued metadata back
    assert {h.metadata["ssSeq"] for h in hits} <= {d.metadata["ssSeq"] for d in out}
    with pytest.raises(dan.DanError, match="list_fields"):
        DanLoader([corpus["review"]], list_fields="yes")  # type: ignore[arg-type]
