"""dan.convert_many / dan.batch: order, error collection, hooks in workers, crash isolation."""

from __future__ import annotations

import functools
import pickle
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import batch_helpers as H  # noqa: E402

import dan  # noqa: E402
from dan.batch import BatchError, BatchResult, ConversionFailure, WorkerCrashedError, iter_convert  # noqa: E402


def _same(a: dan.DanResult, b: dan.DanResult) -> None:
    assert (a.doc_id, a.doc_title, a.chunks, a.records, a.page_kind) == (
        b.doc_id,
        b.doc_title,
        b.chunks,
        b.records,
        b.page_kind,
    )


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("batch")
    files = H.write_corpus(root)
    (root / "legacy.doc").write_bytes(H.OLE)
    (root / "boom.txt").write_text("Intro\n\nBOOM goes the hook", encoding="utf-8")
    (root / "crash.txt").write_text("Intro\n\nCRASH the worker", encoding="utf-8")
    files["legacy"] = root / "legacy.doc"
    files["boom"] = root / "boom.txt"
    files["crash"] = root / "crash.txt"
    return files


def test_two_workers_keep_input_order_and_collect_errors(corpus: dict[str, Path]) -> None:
    paths = [
        corpus["review"],
        corpus["legacy"],
        str(corpus["prices"]),
        corpus["prices"].parent / "missing.md",
        corpus["memo"],
        corpus["page"],
        corpus["boom"],
    ]
    batch = dan.convert_many(paths, workers=2, max_tokens=128, names=H.boom_hook)
    assert isinstance(batch, BatchResult)
    assert len(batch) == len(paths)
    kinds = [type(o).__name__ for o in batch]
    assert kinds == [
        "DanResult",
        "ConversionFailure",
        "DanResult",
        "ConversionFailure",
        "DanResult",
        "DanResult",
        "ConversionFailure",
    ]
    # every success equals a direct conversion of the same file, in the same position
    for path, outcome in zip(paths, batch):
        if isinstance(outcome, dan.DanResult):
            _same(outcome, dan.convert(path, max_tokens=128, names=H.boom_hook))
    legacy, missing, boom = batch.errors
    assert [e.index for e in batch.errors] == [1, 3, 6]
    assert isinstance(legacy.error, dan.EncryptedDocumentError) and legacy.error_type == "EncryptedDocumentError"
    assert legacy.source == str(corpus["legacy"])
    assert isinstance(missing.error, dan.DocumentNotFoundError)
    assert boom.error_type == "RuntimeError"
    assert boom.message.startswith("hook exploded (raised by the names hook for chunk 0 of document ")
    assert "RuntimeError" in boom.traceback
    assert isinstance(boom.error, RuntimeError) and boom.error.__notes__  # notes survive the trip back
    assert not batch.ok
    assert len(batch.results) == 4
    with pytest.raises(BatchError, match="3 of 7 inputs failed") as info:
        batch.raise_for_errors()
    assert isinstance(info.value, dan.DanError)
    assert info.value.__cause__ is legacy.error


def test_results_are_reordered_when_files_finish_out_of_order(tmp_path: Path) -> None:
    slow = tmp_path / "slow.md"
    slow.write_text(H.table_markdown(rows=200, title="Slow"), encoding="utf-8")
    quick = []
    for i in range(4):
        q = tmp_path / f"quick{i}.txt"
        q.write_text(f"Quick {i}\n\nshort", encoding="utf-8")
        quick.append(q)
    finished: list[str] = []
    paths = [slow, *quick]
    others_done = tmp_path / "others-done"

    def progress(done: int, total: int, name: str) -> None:
        finished.append(name)
        if len(finished) == len(quick) and str(slow) not in finished:
            others_done.touch()  # releases the first file, held in its worker until now

    hold = functools.partial(H.hold_until, str(others_done))
    batch = dan.convert_many(paths, workers=2, max_tokens=256, names=hold, progress=progress)
    assert finished[-1] == str(slow)  # the first file finished last, not by chance of scheduling
    assert sorted(finished) == sorted(str(p) for p in paths)
    assert [r.doc_title for r in batch.results] == ["Slow", "quick0", "quick1", "quick2", "quick3"]  # type: ignore[union-attr]


def test_names_hook_runs_in_workers_and_results_pickle_back(corpus: dict[str, Path]) -> None:
    paths = [corpus["memo"], corpus["page"], corpus["prices"]]
    batch = dan.convert_many(paths, workers=2, max_tokens=256, names=H.tag_hook)
    assert batch.ok
    for res in batch.results:
        assert all("hooked-term" in rec["ssTerms"] for rec in res.records)
        assert all(isinstance(r, dict) for r in res.records)  # fresh dicts, like dan.convert
        r0 = res.records[0]
        r0["ssTerms"] = "changed"
        assert res.records[0]["ssTerms"] != "changed"  # immutability preserved after transport


def test_a_crashing_worker_is_blamed_alone(corpus: dict[str, Path]) -> None:
    paths = [corpus["memo"], corpus["crash"], corpus["page"], corpus["prices"], corpus["review"]]
    batch = dan.convert_many(paths, workers=2, names=H.crash_hook)
    assert [type(o).__name__ for o in batch] == [
        "DanResult",
        "ConversionFailure",
        "DanResult",
        "DanResult",
        "DanResult",
    ]
    (crash,) = batch.errors
    assert isinstance(crash.error, WorkerCrashedError) and crash.source == str(corpus["crash"])


def test_one_worker_runs_in_process_with_the_same_results(corpus: dict[str, Path]) -> None:
    seen: list[tuple[int, int, str]] = []
    data = corpus["prices"].read_bytes()
    batch = dan.convert_many(
        [corpus["memo"], data, corpus["legacy"]],
        workers=1,
        max_tokens=100,
        progress=lambda done, total, name: seen.append((done, total, name)),
    )
    assert [d for d, _, _ in seen] == [1, 2, 3] and {t for _, t, _ in seen} == {3}
    assert seen[1][2] == "<bytes #1>"
    _same(batch[1], dan.convert(data, max_tokens=100))  # type: ignore[arg-type]
    assert isinstance(batch[2], ConversionFailure) and batch[2].source == str(corpus["legacy"])


def test_iter_convert_streams_in_order(corpus: dict[str, Path]) -> None:
    it = iter_convert([corpus["page"], corpus["memo"]], workers=1)
    first = next(it)
    assert isinstance(first, dan.DanResult) and first.doc_title == "Web page"
    assert next(it).doc_title == "memo"  # the file stem: a text file has no title of its own  # type: ignore[union-attr]
    with pytest.raises(StopIteration):
        next(it)


@pytest.mark.parametrize(
    ("kwargs", "match"),
    [
        ({"names": lambda t, i, x: None}, "cannot be pickled"),
        ({"names": "not callable"}, "must be a callable"),
        ({"doc_id": "X1"}, "cannot apply to a batch"),
        ({"doc_title": "T"}, "cannot apply to a batch"),
        ({"max_tokens": 3}, "too small"),
        ({"user_meta": {"ssX": "1"}}, "must not start with 'ss'"),
        ({"doc_type": "pages"}, "unknown doc_type"),
        ({"first_page": 0}, "1-based"),
        ({"colour": "blue"}, "unknown option"),
        ({"workers": 0}, "workers must be"),
        ({"progress": "yes"}, "progress must be"),
        ({"start_method": "teleport"}, "not available"),
    ],
)
def test_bad_options_raise_before_any_work(tmp_path: Path, kwargs: dict, match: str) -> None:
    never = tmp_path / "never-read.txt"  # does not exist: options fail first
    with pytest.raises(dan.DanError, match=match):
        dan.convert_many([never], **kwargs)


@pytest.mark.parametrize("bad", ["one.docx", b"bytes", Path("x.md"), [3]])
def test_sources_must_be_a_collection_of_paths_or_bytes(bad: object) -> None:
    with pytest.raises(dan.DanError):
        dan.convert_many(bad)  # type: ignore[arg-type]


def test_partial_hooks_are_picklable_and_accepted(corpus: dict[str, Path]) -> None:
    hook = functools.partial(H.tag_hook)
    pickle.dumps(hook)
    batch = dan.convert_many([corpus["memo"]], workers=1, names=hook)
    assert "hooked-term" in batch[0].records[0]["ssTerms"]  # type: ignore[union-attr]


def test_empty_batch() -> None:
    batch = dan.convert_many([], workers=2)
    assert len(batch) == 0 and batch.ok and batch.results == () and batch.errors == ()
    batch.raise_for_errors()


def test_convert_many_is_public() -> None:
    assert "convert_many" in dan.__all__ and dan.convert_many is __import__("dan.batch").batch.convert_many


# ---------------------------------------------------------------------------- ConversionPool


def _pids(batch: BatchResult) -> set[str]:
    return {t for r in batch.results for rec in r.records for t in str(rec["ssTerms"]).split("; ") if t.startswith("pid")}


def test_a_pool_keeps_its_workers_across_batches(corpus: dict[str, Path]) -> None:
    paths = [corpus["memo"], corpus["page"], corpus["prices"], corpus["review"]]
    alone = dan.convert_many(paths, workers=1)
    with dan.ConversionPool(workers=2) as pool:
        assert "not started" in repr(pool)
        assert pool.start() is pool and "running" in repr(pool)
        first = pool.convert_many(paths, names=H.worker_pid)
        second = pool.convert_many(paths, names=H.worker_pid)
        streamed = list(pool.iter_convert(paths))
    assert "closed" in repr(pool)
    # the pool's two processes served every batch (which of them took which file is the OS's
    # scheduling: only that no third process ever appeared is asserted), none of them this one
    assert 1 <= len(_pids(first) | _pids(second)) <= 2
    assert f"pid{__import__('os').getpid()}" not in _pids(first)
    for a, b in zip(alone, streamed):
        _same(a, b)
    with pytest.raises(dan.DanError, match="closed"):
        pool.convert_many(paths)
    pool.close()  # twice is harmless


def test_a_pool_recovers_from_a_crashed_worker(corpus: dict[str, Path]) -> None:
    paths = [corpus["memo"], corpus["crash"], corpus["page"]]
    with dan.ConversionPool(workers=2) as pool:
        batch = pool.convert_many(paths, names=H.crash_hook)
        assert [type(o).__name__ for o in batch] == ["DanResult", "ConversionFailure", "DanResult"]
        assert isinstance(batch[1].error, WorkerCrashedError)
        again = pool.convert_many([corpus["memo"], corpus["page"]])  # a fresh pool took its place
        assert again.ok


def test_a_pool_serves_several_threads_at_once(corpus: dict[str, Path]) -> None:
    from concurrent.futures import ThreadPoolExecutor

    paths = [corpus["memo"], corpus["page"], corpus["prices"]]
    alone = dan.convert_many(paths, workers=1)
    with dan.ConversionPool(workers=2) as pool, ThreadPoolExecutor(3) as threads:
        batches = list(threads.map(lambda _: pool.convert_many(paths), range(3)))
    for batch in batches:
        for a, b in zip(alone, batch):
            _same(a, b)


def test_pool_arguments_are_checked() -> None:
    with pytest.raises(dan.DanError, match="workers"):
        dan.ConversionPool(workers=0)
    with pytest.raises(dan.DanError, match="start_method"):
        dan.ConversionPool(start_method="teleport")
    with dan.ConversionPool(workers=2) as pool:
        with pytest.raises(dan.DanError, match="give workers= to the ConversionPool"):
            dan.convert_many([b"x"], workers=2, pool=pool)
    with pytest.raises(dan.DanError, match="ConversionPool"):
        dan.convert_many([b"x"], pool="a pool")  # type: ignore[arg-type]


@pytest.mark.parametrize(("n", "workers", "size"), [(24, 2, 1), (15, 1, 1), (1_000, 2, 16), (200, 2, 12)])
def test_many_small_files_go_out_in_tasks_of_several(n: int, workers: int, size: int) -> None:
    from dan.batch import _chunk_size

    assert _chunk_size(n, workers) == size


def test_a_pool_converts_many_files_in_chunked_tasks_in_order(tmp_path: Path) -> None:
    texts = [f"Note {i}\n\nItem number {i} ships on day {i}." for i in range(60)]
    paths = []
    for i, t in enumerate(texts):
        p = tmp_path / f"n{i:02d}.txt"
        p.write_text(t, encoding="utf-8")
        paths.append(p)
    paths.insert(30, tmp_path / "missing.txt")
    with dan.ConversionPool(workers=2) as pool:
        batch = pool.convert_many(paths)
    assert len(batch) == 61 and [e.index for e in batch.errors] == [30]
    got = [o for o in batch if isinstance(o, dan.DanResult)]
    assert [f"Item number {i} ships" in r.chunks[0] for i, r in enumerate(got)] == [True] * 60
