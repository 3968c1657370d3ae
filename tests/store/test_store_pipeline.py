"""Ingestion throughput (issue 56, part 3): texts embedded by length, the next job converted
while the current one embeds. A gated fake embedding holds the current job in its
embedding phase until the test lets it go, so no assertion depends on timing."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence

import numpy as np
import pytest
from store_helpers import ALICE, terms_md

from demo.store import HashingProvider, JobState, KnowledgeStore, StoreOptions
from demo.store.embedding import unit_matrix
from demo.store.ingest import embed_texts
from demo.store.worker import CONVERTED_PCT


class Recording:
    """The hashing embedding, recording what each call was given."""

    def __init__(self) -> None:
        self._inner = HashingProvider(32)
        self.calls: list[list[str]] = []

    @property
    def identity(self):  # type: ignore[no-untyped-def]
        return self._inner.identity

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        self.calls.append(list(texts))
        return self._inner.embed_documents(texts)

    def embed_query(self, text: str) -> list[float]:
        return self._inner.embed_query(text)


def test_texts_go_to_the_model_by_length_and_come_back_in_order():
    texts = [("word " * n).strip() + f" t{n}" for n in (9, 1, 30, 4, 4, 17, 2)]
    rec = Recording()
    done: list[tuple[int, int]] = []
    out = embed_texts(rec, texts, 2, lambda d, t: done.append((d, t)))
    lengths = [len(t) for call in rec.calls for t in call]
    assert lengths == sorted(lengths) and all(len(c) <= 2 for c in rec.calls)
    expected = unit_matrix(HashingProvider(32).embed_documents(texts), len(texts), 32)
    assert np.allclose(out, expected, atol=1e-6)  # row i is still the vector of texts[i]
    assert done == [(2, 7), (4, 7), (6, 7), (7, 7)]


class Gated(Recording):
    """Embedding documents waits until :attr:`gate` opens."""

    def __init__(self) -> None:
        super().__init__()
        self.gate = threading.Event()

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        assert self.gate.wait(60), "the test never opened the gate"
        return super().embed_documents(texts)


def _wait_for(check, what: str) -> None:  # type: ignore[no-untyped-def]
    """Wait until another thread reaches a state (not a timing assertion)."""
    end = time.monotonic() + 60
    while not check():
        assert time.monotonic() < end, f"never reached: {what}"
        time.sleep(0.005)


@pytest.fixture
def gated(tmp_path):  # type: ignore[no-untyped-def]
    provider = Gated()
    store = KnowledgeStore(str(tmp_path / "kb.db"), options=StoreOptions(max_tokens=96), embeddings=provider)
    cid = store.create_collection("Pipeline", ALICE).id
    first = store.enqueue(cid, "a.md", terms_md("alpha"), ALICE)
    second = store.enqueue(cid, "b.md", terms_md("beta"), ALICE)
    try:
        yield store, provider, cid, first, second
    finally:
        provider.gate.set()
        store.close()


def _ahead(store, cid, first, second):  # type: ignore[no-untyped-def]
    """Wait until the first job embeds and the second waits converted."""
    def state() -> bool:
        a, b = store.get_job(cid, first, ALICE), store.get_job(cid, second, ALICE)
        return a.state == JobState.EMBEDDING and b.progress == CONVERTED_PCT

    _wait_for(state, "the second job converted while the first embeds")


def test_the_next_job_is_converted_while_the_current_one_embeds(gated):
    store, provider, cid, first, second = gated
    store.start_worker(poll=0.01)
    _ahead(store, cid, first, second)
    b = store.get_job(cid, second, ALICE)
    assert b.state == JobState.CONVERTING and provider.calls == []  # converted, not yet embedded
    provider.gate.set()
    store.wait_idle(timeout=60)
    assert [store.get_job(cid, j, ALICE).state for j in (first, second)] == [JobState.READY, JobState.READY]
    assert len(store.list_sources(cid, ALICE)) == 2


def test_a_job_converted_ahead_goes_back_to_the_queue_when_the_worker_stops(gated):
    store, provider, cid, first, second = gated
    worker = store.start_worker(poll=0.01)
    _ahead(store, cid, first, second)
    stopper = threading.Thread(target=store.stop_worker)
    stopper.start()
    _wait_for(worker._stop.is_set, "the worker was asked to stop")
    provider.gate.set()  # the current job ends; the one converted ahead is not embedded
    stopper.join(60)
    a, b = store.get_job(cid, first, ALICE), store.get_job(cid, second, ALICE)
    assert a.state == JobState.READY and b.state == JobState.QUEUED and b.attempts == 0
    assert store.process_next() and store.get_job(cid, second, ALICE).state == JobState.READY


def test_a_job_cancelled_while_it_waits_converted_is_dropped(gated):
    store, provider, cid, first, second = gated
    store.start_worker(poll=0.01)
    _ahead(store, cid, first, second)
    store.cancel_job(cid, second, ALICE)
    provider.gate.set()
    store.wait_idle(timeout=60)
    assert store.get_job(cid, first, ALICE).state == JobState.READY
    assert store.get_job(cid, second, ALICE).state == JobState.CANCELLED
    assert [s.file_name for s in store.list_sources(cid, ALICE)] == ["a.md"]


def test_without_convert_ahead_one_job_at_a_time(gated):
    store, provider, cid, first, second = gated
    store.start_worker(poll=0.01, convert_ahead=False)
    _wait_for(lambda: store.get_job(cid, first, ALICE).state == JobState.EMBEDDING, "the first job embeds")
    assert store.get_job(cid, second, ALICE).state == JobState.QUEUED
    provider.gate.set()
    store.wait_idle(timeout=60)
    assert store.get_job(cid, second, ALICE).state == JobState.READY
