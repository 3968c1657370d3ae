"""One Ven, many threads: results must equal the single-threaded ones."""

from __future__ import annotations

import random
import sys
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from ven_testkit import random_layout

from ven import Ven

THREADS = 8
QUERIES = 4000


def _query(rng: random.Random, n: int) -> tuple[list[int], list[tuple[str, dict[str, Any]]]]:
    seqs = [rng.randrange(n) for _ in range(rng.randint(0, 30))]
    ops: list[tuple[str, dict[str, Any]]] = []
    for _ in range(rng.randint(1, 6)):
        budget = rng.choice((None, 0, 50, 300, 2000))
        ops.append(
            rng.choice(
                (
                    ("add_related_chunks", {"all_tables": rng.random() < 0.3, "budget": budget}),
                    ("add_page_chunks", {"num_pages": rng.randint(0, 2), "budget": budget}),
                    ("add_section_pages", {"num_pages": rng.randint(0, 2), "budget": budget}),
                    (
                        "add_revision_chunks",
                        {"author": rng.choice(("", "ann", "Bob")), "budget": budget},
                    ),
                    ("add_comment_chunks", {"budget": budget}),
                    ("complete_tables", {}),
                    ("complete_revisions", {}),
                    ("complete_comments", {}),
                    ("anchor", {}),
                )
            )
        )
    return seqs, ops


def _run(v: Ven, seqs: list[int], ops: list[tuple[str, dict[str, Any]]]) -> tuple[Any, ...]:
    with v.begin_expansion(seqs) as exp:
        rets = tuple(getattr(exp, name)(**kw) for name, kw in ops)
        return rets, exp.seqs, exp.anchors, exp.tokens, exp.enrichment_tokens


@pytest.fixture
def fast_switching() -> Iterator[None]:
    old = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(old)


@pytest.mark.slow
def test_concurrent_expansions_match_single_threaded_results(fast_switching: None) -> None:
    rng = random.Random(20261129)
    v = Ven(random_layout(rng, 600, wide=True))
    queries = [_query(rng, v.chunk_count) for _ in range(QUERIES)]
    expected = [_run(v, s, o) for s, o in queries]
    assert len({e[1] for e in expected}) > QUERIES // 10  # the queries really differ

    results: list[Any] = [None] * QUERIES
    errors: list[BaseException] = []
    start = threading.Barrier(THREADS)

    def worker(k: int) -> None:
        try:
            start.wait()
            # every thread runs its share, interleaved with the others, in a shuffled order
            mine = list(range(k, QUERIES, THREADS))
            random.Random(k).shuffle(mine)
            for i in mine:
                results[i] = _run(v, *queries[i])
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    mismatches = [i for i in range(QUERIES) if results[i] != expected[i]]
    assert not mismatches, f"{len(mismatches)} results differ, first at query {mismatches[0]}"


def test_concurrent_construction_and_queries_share_nothing(fast_switching: None) -> None:
    rng = random.Random(7)
    recs = random_layout(rng, 200)
    ref = Ven(recs)
    want = _run(
        ref,
        [1, 5, 50],
        [
            ("add_related_chunks", {"all_tables": True, "budget": 200}),
            ("add_page_chunks", {"num_pages": 1}),
        ],
    )
    out: list[Any] = []
    lock = threading.Lock()

    def worker() -> None:
        for _ in range(25):
            v = Ven(recs)
            got = _run(
                v,
                [1, 5, 50],
                [
                    ("add_related_chunks", {"all_tables": True, "budget": 200}),
                    ("add_page_chunks", {"num_pages": 1}),
                ],
            )
            with lock:
                out.append(got)

    threads = [threading.Thread(target=worker) for _ in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(out) == THREADS * 25
    assert all(got == want for got in out)
