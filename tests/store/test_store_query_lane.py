"""Bounded searches: the fair query lane, the semantic lane's time bound, the 429 a client
gets for too many searches at once (issue 56, part 3).

Nothing here asserts on time: a slow embedding is a fake provider held on an event until
the test lets it go, so a search that waits for it times out whatever the machine's speed,
and the lane's decisions are taken under its lock when a query is submitted or ends.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator, Sequence

import numpy as np
import pytest
from store_helpers import ALICE, BOB, ingest, terms_md

from demo.store import (
    AccessContext,
    EmbeddingUnavailableError,
    HashingProvider,
    KnowledgeStore,
    SearchBusyError,
    SearchMode,
    StoreOptions,
    StoreUnavailableError,
)
from demo.store.lanes import QueryLane

SLOW = "slowly"  # a query holding this word waits for the gate


class GatedProvider:
    """The hashing embedding, whose queries holding :data:`SLOW` wait until :attr:`gate` opens."""

    def __init__(self) -> None:
        self._inner = HashingProvider(64)
        self.gate = threading.Event()
        self.entered = threading.Semaphore(0)

    @property
    def identity(self):  # type: ignore[no-untyped-def]
        return self._inner.identity

    def embed_documents(self, texts: Sequence[str]) -> list[list[float]]:
        return self._inner.embed_documents(texts)

    def embed_query(self, text: str) -> list[float]:
        if SLOW in text:
            self.entered.release()
            assert self.gate.wait(60), "the test never opened the gate"
        return self._inner.embed_query(text)


def _wait_for(check, what: str) -> None:  # type: ignore[no-untyped-def]
    """Wait until ``check()`` holds (a state another thread reaches; not a timing assertion)."""
    end = time.monotonic() + 30
    while not check():
        assert time.monotonic() < end, f"never reached: {what}"
        time.sleep(0.001)


# ---------------------------------------------------------------------------- the lane itself


@pytest.fixture
def lane() -> Iterator[QueryLane]:
    made = QueryLane(workers=2, per_client=2, queue=3)
    yield made
    made.close()


def _blocked(gate: threading.Event, log: list[str], name: str):  # type: ignore[no-untyped-def]
    def call() -> str:
        assert gate.wait(60)
        log.append(name)
        return name

    return call


def test_one_client_never_holds_every_thread_and_is_refused_past_its_share(lane):
    gate, log = threading.Event(), []
    a1 = lane.submit("abuser", _blocked(gate, log, "a1"))
    a2 = lane.submit("abuser", _blocked(gate, log, "a2"))
    # one thread for the abuser; its second query waits although a thread is free
    assert lane.running("abuser") == 1 and lane.waiting("abuser") == 1 and lane.running() == 1
    with pytest.raises(SearchBusyError) as refused:
        lane.submit("abuser", _blocked(gate, log, "a3"))
    assert refused.value.status == 429 and refused.value.retry_after >= 1 and "keyword mode" in str(refused.value)
    # another client starts at once on the free thread
    other = lane.submit("other", lambda: "b1")
    assert other.result(timeout=60) == "b1"
    gate.set()
    assert {a1.result(timeout=60), a2.result(timeout=60)} == {"a1", "a2"}
    assert log == ["a1", "a2"]
    _wait_for(lambda: lane.running() == 0, "the lane is idle")
    assert lane.waiting() == 0


def test_the_waiting_client_with_fewest_running_goes_next():
    lane = QueryLane(workers=1, per_client=3, queue=10)
    try:
        gate, log = threading.Event(), []
        first = lane.submit("abuser", _blocked(gate, log, "a1"))
        lane.submit("abuser", _blocked(gate, log, "a2"))
        lane.submit("abuser", _blocked(gate, log, "a3"))
        late = lane.submit("other", _blocked(gate, log, "b1"))
        assert lane.running() == 1 and lane.waiting() == 3
        gate.set()
        late.result(timeout=60)
        first.result(timeout=60)
        _wait_for(lambda: len(log) == 4, "every query ran")
        # round robin: the other client, which came last, went right after the abuser's
        # first query instead of waiting for a2 and a3
        assert log == ["a1", "b1", "a2", "a3"]
    finally:
        lane.close()


def test_a_client_with_other_queries_in_the_lane_runs_at_lower_priority():
    import os

    lane = QueryLane(workers=2, per_client=3, queue=8)
    gates = {name: threading.Event() for name in ("f1", "f2", "f3", "o1")}
    seen: dict[str, tuple[str, int]] = {}

    def where(name: str):  # type: ignore[no-untyped-def]
        def call() -> None:
            seen[name] = (threading.current_thread().name, os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))
            assert gates[name].wait(60)

        return call

    try:
        base = os.getpriority(os.PRIO_PROCESS, 0)
        futures = {name: lane.submit("flood", where(name)) for name in ("f1", "f2", "f3")}
        futures["o1"] = lane.submit("other", where("o1"))
        _wait_for(lambda: {"f1", "o1"} <= seen.keys(), "f1 and o1 run")
        gates["f1"].set()  # f2 goes next, while f3 still waits: the flood has others in the lane
        _wait_for(lambda: "f2" in seen, "f2 runs")
        for gate in gates.values():
            gate.set()
        for f in futures.values():
            f.result(timeout=60)
        assert seen["f1"][0].startswith("store-query_")  # alone in the lane when it started
        assert seen["o1"][0].startswith("store-query_") and seen["o1"][1] == base
        assert seen["f2"][0].startswith("store-query-low") and seen["f2"][1] == min(19, base + 10)
        assert seen["f3"][0].startswith("store-query_")  # the last one: alone again
    finally:
        lane.close()


def test_the_whole_queue_is_bounded(lane):
    gate, log = threading.Event(), []
    lane.submit("a", _blocked(gate, log, "a"))
    lane.submit("b", _blocked(gate, log, "b"))  # two threads busy
    for name in ("c", "d", "e"):
        lane.submit(name, _blocked(gate, log, name))
    assert lane.waiting() == 3
    with pytest.raises(SearchBusyError, match="searches are waiting"):
        lane.submit("f", _blocked(gate, log, "f"))
    gate.set()


def test_a_waiting_query_can_be_withdrawn_and_frees_its_clients_share(lane):
    gate, log = threading.Event(), []
    lane.submit("abuser", _blocked(gate, log, "a1"))
    waiting = lane.submit("abuser", _blocked(gate, log, "a2"))
    assert lane.cancel(waiting) and waiting.cancelled() and lane.waiting("abuser") == 0
    lane.submit("abuser", _blocked(gate, log, "a3"))  # the share is free again
    running = lane.submit("x", lambda: 1)
    running.result(timeout=60)
    assert not lane.cancel(running)  # it ran: nothing to withdraw
    gate.set()
    _wait_for(lambda: lane.running() == 0 and lane.waiting() == 0, "the lane is idle")
    assert sorted(log) == ["a1", "a3"]


def test_a_failing_call_reaches_the_caller_and_frees_the_thread(lane):
    def boom() -> None:
        raise ValueError("model crashed")

    with pytest.raises(ValueError, match="model crashed"):
        lane.submit("a", boom).result(timeout=60)
    assert lane.running("a") == 0 and lane.submit("a", lambda: 2).result(timeout=60) == 2


def test_closing_cancels_the_waiting_and_refuses_new_queries():
    lane = QueryLane(workers=1, per_client=2, queue=4)
    gate, log = threading.Event(), []
    running = lane.submit("a", _blocked(gate, log, "a1"))
    waiting = lane.submit("b", _blocked(gate, log, "b1"))
    lane.close()
    assert waiting.cancelled()
    with pytest.raises(StoreUnavailableError, match="closed"):
        lane.submit("c", lambda: 0)
    gate.set()
    assert running.result(timeout=60) == "a1" and log == ["a1"]


@pytest.mark.parametrize("bad", [0, -1, True, 1.5])
def test_lane_sizes_are_positive_ints(bad):
    with pytest.raises(ValueError):
        QueryLane(workers=bad)


# ---------------------------------------------------------------------------- through the store


@pytest.fixture
def gated(tmp_path) -> Iterator[tuple[KnowledgeStore, GatedProvider, str]]:
    provider = GatedProvider()
    options = StoreOptions(max_tokens=96, semantic_timeout=0.05, queries_per_client=2)
    store = KnowledgeStore(str(tmp_path / "kb.db"), options=options, embeddings=provider)
    cid = store.create_collection("Terms", ALICE).id
    ingest(store, cid, "terms.md", terms_md())
    store.search(cid, "warm up", ALICE, mode="hybrid")  # the first query embedding is not time-bound
    try:
        yield store, provider, cid
    finally:
        provider.gate.set()
        store.close()


@pytest.mark.parametrize(("mode", "reported"), [("hybrid", SearchMode.HYBRID), ("auto", SearchMode.KEYWORD)])
def test_a_slow_semantic_lane_falls_back_to_keyword_ranking_with_a_notice(gated, mode, reported):
    store, provider, cid = gated
    res = store.search(cid, f"warranty cranes {SLOW}", ALICE, mode=mode)
    assert res.mode == reported
    assert "not embedded within 0.05 s" in res.notice and "keyword ranking only" in res.notice
    assert res.passages and "twenty-four months" in res.passages[0].text  # the keyword lane answered
    keyword = store.search(cid, f"warranty cranes {SLOW}", ALICE, mode="keyword")
    assert [p.id for p in res.passages] == [p.id for p in keyword.passages]


def test_a_slow_query_embedding_refuses_semantic_search(gated):
    store, _provider, cid = gated
    with pytest.raises(EmbeddingUnavailableError, match="not embedded within"):
        store.search(cid, f"warranty {SLOW}", ALICE, mode="semantic")


def test_a_slow_embedding_bounds_ask_too(gated):
    store, _provider, cid = gated
    res = store.ask(cid, f"How long is the warranty {SLOW}?", ALICE, mode="hybrid")
    assert any("not embedded within" in n for n in res.notes)


def test_the_first_query_waits_for_the_model_to_load(tmp_path):
    provider = GatedProvider()
    store = KnowledgeStore(str(tmp_path / "kb.db"), options=StoreOptions(max_tokens=96, semantic_timeout=0.01), embeddings=provider)
    try:
        cid = store.create_collection("Terms", ALICE).id
        ingest(store, cid, "terms.md", terms_md())
        found: list[object] = []
        first = threading.Thread(target=lambda: found.append(store.search(cid, f"warranty {SLOW}", ALICE, mode="semantic")))
        first.start()
        assert provider.entered.acquire(timeout=60)  # embedding (the model "loading"), past the bound
        _wait_for(lambda: store.searcher.lane.running("alice") == 1, "the first query runs")
        assert store.searcher._bound() is None  # the search waits for it without the bound
        provider.gate.set()
        first.join(60)
        assert getattr(found[0], "mode", None) == SearchMode.SEMANTIC  # answered, not refused
        assert store.searcher._bound() == 0.01  # from now on, searches are bounded
    finally:
        provider.gate.set()
        store.close()


def test_one_client_cannot_fill_the_lane_others_search_on(tmp_path):
    provider = GatedProvider()
    options = StoreOptions(max_tokens=96, semantic_timeout=60, query_workers=2, queries_per_client=2)
    store = KnowledgeStore(str(tmp_path / "kb.db"), options=options, embeddings=provider)
    try:
        cid = store.create_collection("Terms", ALICE).id
        ingest(store, cid, "terms.md", terms_md())
        store.policy = _Everyone()
        results: list[object] = []

        def abuse() -> None:
            try:
                results.append(store.search(cid, f"warranty {SLOW}", BOB, mode="hybrid"))
            except Exception as exc:  # noqa: BLE001 - recorded for the assertions
                results.append(exc)

        abusers = [threading.Thread(target=abuse) for _ in range(2)]
        for t in abusers:
            t.start()
        lane = store.searcher.lane
        _wait_for(lambda: lane.running("bob") == 1 and lane.waiting("bob") == 1, "bob holds his share")
        with pytest.raises(SearchBusyError):
            store.search(cid, f"warranty {SLOW}", BOB, mode="hybrid")
        # alice searches while bob's queries hold his share of the lane
        mine = store.search(cid, "How long is the warranty for the cranes?", ALICE, mode="hybrid")
        assert mine.mode == SearchMode.HYBRID and not mine.notice.startswith("the query was not embedded")
        assert "twenty-four months" in mine.passages[0].text
        provider.gate.set()
        for t in abusers:
            t.join(60)
        assert len(results) == 2 and all(getattr(r, "mode", None) == SearchMode.HYBRID for r in results)
    finally:
        provider.gate.set()
        store.close()


class _Everyone:
    """Every subject may read and write every collection (for a second client)."""

    def can_access(self, access, collection, write):  # type: ignore[no-untyped-def]
        return True


# ---------------------------------------------------------------------------- the HTTP answer


def test_the_api_answers_a_busy_client_with_429_problem_json(tmp_path):
    from fastapi.testclient import TestClient

    from demo.server.app import create_app
    from demo.server.auth import TokenTable

    store = KnowledgeStore(str(tmp_path / "kb.db"), options=StoreOptions(max_tokens=96, queries_per_client=1), embeddings=HashingProvider(64))
    try:
        tokens, token = TokenTable.single_user("carol")
        app = create_app(store, tokens, worker=False, mcp=False)
        client = TestClient(app)
        auth = {"Authorization": f"Bearer {token}"}
        cid = store.create_collection("Terms", AccessContext("carol")).id
        gate = threading.Event()
        held = store.searcher.lane.submit("carol", gate.wait)  # carol's one query in flight
        try:
            busy = client.post(f"/api/knowledge/{cid}/search", json={"query": "warranty", "mode": "hybrid"}, headers=auth)
            assert busy.status_code == 429 and busy.headers["content-type"].startswith("application/problem+json")
            assert busy.headers["retry-after"] == "1"
            body = busy.json()
            assert body["title"] == "Too many searches" and "keyword mode" in body["detail"]
            keyword = client.post(f"/api/knowledge/{cid}/search", json={"query": "warranty", "mode": "keyword"}, headers=auth)
            assert keyword.status_code == 200  # keyword search never waits for the model
        finally:
            gate.set()
            held.result(timeout=60)
    finally:
        store.close()


def test_the_hashing_vectors_are_what_the_lane_returns(tmp_path):
    """The lane changes where a query is embedded, not its vector."""
    store = KnowledgeStore(str(tmp_path / "kb.db"), options=StoreOptions(max_tokens=96), embeddings=HashingProvider(64))
    try:
        vector, notice = store.searcher.embed_query("warranty claims", SearchMode.HYBRID, "alice")
        direct = np.asarray(HashingProvider(64).embed_query("warranty claims"), dtype=np.float64)
        assert vector is not None and notice == ""
        assert np.allclose(vector, direct / np.linalg.norm(direct), atol=1e-6)
    finally:
        store.close()
