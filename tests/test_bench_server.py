"""bench_server's report: on the uploaded documents, and on a store filled by bench_scale (--db)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import bench_server  # noqa: E402


def _result(**extra: object) -> dict[str, object]:
    load = {"clients": 4, "seconds": 5.0, "requests": 10, "requests_per_s": 2.0, "errors": 0,
            "search": {"p50": 1, "p95": 2, "p99": 3}, "ask": {"p50": 4, "p95": 5, "p99": 6}}
    return {"command": "python benchmarks/bench_server.py", "started": "2026-12-06T07:00:00+00:00",
            "environment": {"platform": "Linux"}, "documents": 25, "chunks": 530,
            "runs": [{"embedding": "minilm", "load": load, "server_peak_rss_mb": 700}], "result_file": "x.json", **extra}


def test_the_report_names_the_store_it_ran_on():
    plain = bench_server.render(_result())
    assert plain.startswith("## Server under load\n") and "on SQLite with 25 documents (530 chunks)" in plain
    filled = bench_server.render(_result(store="PostgreSQL", filled_store=True, documents=7000, chunks=100_000))
    assert filled.startswith("## Server under load at scale\n")
    assert "on PostgreSQL with 7,000 documents (100,000 chunks in the collection searched" in filled
    assert "synthetic vectors" in filled and "| `minilm` | 10 | 2.0 | 0 | 0 | 1 / 2 / 3 | 4 / 5 / 6 | — / — | 700 |" in filled
    load = {**_result()["runs"][0]["load"], "refused": {"search": 3, "ask": 1}, "cold_s": {"ask": 21.5, "search": 0.4}}
    warm = bench_server.render(_result(runs=[{"embedding": "minilm", "load": load, "server_peak_rss_mb": 700}]))
    assert "| `minilm` | 10 | 2.0 | 0 | 4 | 1 / 2 / 3 | 4 / 5 / 6 | 21.5 / 0.4 | 700 |" in warm
