"""Concurrency: the background worker ingests and replaces sources while 8 threads search and ask.

No search may fail, and none may be torn: every result shows one version per document,
and only passages of versions that were active at some point.
"""

from __future__ import annotations

import re
import threading

from store_helpers import ALICE, terms_md

from demo.store import AskOptions, JobState

MARKER = re.compile(r"Marker round(\d+)-contract-\d+")


def test_searching_while_the_worker_ingests(db_url, make_store):
    store = make_store()
    cid = store.create_collection("Busy", ALICE).id
    store.start_worker(poll=0.02)
    rounds = 6
    files = [f"contract-{i}.md" for i in range(4)]
    stop = threading.Event()
    errors: list[BaseException] = []
    seen_versions: set[str] = set()
    results = [0]
    lock = threading.Lock()

    def searcher(n: int) -> None:
        mode = ("hybrid", "keyword", "semantic", "auto")[n % 4]
        try:
            while not stop.is_set():
                if n == 7:
                    res = store.ask(cid, "What does the marker say about warranty?", ALICE, options=AskOptions(threshold=0, max_tokens=1500))
                    by_doc: dict[str, set[str]] = {}
                    for c in res.citations:
                        by_doc.setdefault(c.document_id, set()).add(c.version_id)
                    passages_versions = {v for vs in by_doc.values() for v in vs}
                else:
                    res = store.search(cid, "marker warranty invoices payment", ALICE, mode=mode, limit=50, budget=16000)
                    by_doc = {}
                    markers: dict[str, set[str]] = {}
                    for p in res.passages:
                        by_doc.setdefault(p.document_id, set()).add(p.version_id)
                        markers.setdefault(p.document_id, set()).update(MARKER.findall(p.text))
                    # the text of one document comes from one upload, never from two
                    assert all(len(m) <= 1 for m in markers.values()), markers
                    passages_versions = {p.version_id for p in res.passages}
                assert all(len(v) == 1 for v in by_doc.values()), by_doc  # one version per document
                with lock:
                    seen_versions.update(passages_versions)
                    results[0] += 1
        except BaseException as exc:  # reported by the main thread
            errors.append(exc)

    threads = [threading.Thread(target=searcher, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    try:
        for r in range(rounds):
            for name in files:
                store.enqueue(cid, name, terms_md(f"round{r}-{name}"), ALICE)
            store.wait_idle(timeout=120)
    finally:
        stop.set()
        for t in threads:
            t.join(timeout=60)
        store.stop_worker()
    assert not errors, errors[0]
    assert results[0] > 8
    jobs = store.list_jobs(cid, ALICE)
    assert len(jobs) == rounds * len(files) and {j.state for j in jobs} == {JobState.READY}
    with store.backend.read() as tx:
        ever_active = {r[0] for r in tx.rows("SELECT id FROM versions WHERE collection_id = ?", [cid])}
    assert seen_versions <= ever_active
    final = store.search(cid, "marker", ALICE, mode="keyword", limit=50, budget=16000)
    assert {m for p in final.passages for m in MARKER.findall(p.text)} == {str(rounds - 1)}, (final, [j.state for j in store.list_jobs(cid, ALICE)])
