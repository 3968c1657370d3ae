"""bench_scale: the synthetic vectors, a small real run on SQLite, and the report."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import bench_scale  # noqa: E402


def test_vectors_cluster_by_document_and_repeat():
    v = bench_scale.ClusteredVectors(dims=64)
    v.doc = 3
    a = v.embed_documents(["x"] * 5)
    assert a.shape == (5, 64) and np.allclose(np.linalg.norm(a, axis=1), 1, atol=1e-5)
    assert np.array_equal(a, v.embed_documents(["x"] * 5))  # deterministic per document
    v.doc = 4
    b = v.embed_documents(["x"] * 5)
    v.query_doc = 3
    q = v.embed_query("anything")
    assert (a @ q).min() > 0.4 > (b @ q).max()  # a query about document 3 is near its chunks only


def test_a_small_sqlite_run_fills_searches_and_reports(tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    args = argparse.Namespace(dims=32, chunks=150, collections=2, workers=1, recall_queries=5, maintenance_work_mem="")
    questions = ["payment terms of the supplier", "warranty period", "who approves the budget"]
    run = bench_scale.run_backend("sqlite", str(tmp_path / "k.db"), args, questions)
    assert run["fill"]["chunks"] >= 150 and run["fill"]["documents"] >= 1
    for mode in bench_scale.MODES:
        assert run["latency"][mode]["n"] == len(questions)
    assert run["latency"]["semantic"]["short_results"] == 0 and run["latency"]["hybrid"]["short_results"] == 0
    small = run["small_collection"]
    assert small["chunks"] > 0 and small["semantic"]["short_results"] == small["hybrid"]["short_results"] == 0
    result = {
        "command": "python benchmarks/bench_scale.py --chunks 150", "date": "2026-12-06", "commit": "abc1234",
        "environment": {"platform": "Linux", "cpus": 2, "memory_gb": 8, "python": "3.11", "dan": "0.1"},
        "collections": 2, "dims": 32, "max_tokens": 256, "runs": [run],
    }
    text = bench_scale.render(result)
    assert "**synthetic vectors**" in text and "| sqlite |" in text and "exact (NumPy)" in text
    assert f"| sqlite | {small['chunks']} | semantic |" in text
    assert "Fill rate" not in text  # 150 chunks: no checkpoint
    # an earlier run (another backend's) published beside this one, each with its command
    earlier = {**result, "command": "python benchmarks/bench_scale.py --backends sqlite --chunks 300",
               "runs": [{**run, "fill": {**run["fill"], "chunks": 300, "checkpoints": [(100, 2.0), (200, 6.0)]}}]}
    both = bench_scale.render({**result, "with": [earlier]})
    assert both.index("--chunks 300`") < both.index("--chunks 150`")
    assert "| sqlite | 300 |" in both and f"| sqlite | {run['fill']['chunks']:,} |" in both
    assert "- sqlite: 50, 25" in both  # 100 chunks in 2 s, then 100 in 4 s


def test_vectors_can_carry_another_identity_and_a_kept_store_outlives_the_run(tmp_path):
    from demo.store import EmbeddingIdentity

    v = bench_scale.ClusteredVectors(dims=64, identity=EmbeddingIdentity("model", 8, "x"))
    assert v.identity.key == "model|8|x" and v.embed_documents(["a", "b"]).shape == (2, 8)
    with bench_scale.kept("sqlite", "") as url:
        Path(url).write_bytes(b"")
    assert Path(url).exists()
    Path(url).unlink()
    Path(url).parent.rmdir()
