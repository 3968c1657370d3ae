"""bench_workers: one real run of two worker processes on SQLite (its checks included), and the report."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import bench_workers  # noqa: E402


def test_a_run_ingests_the_folder_once_with_every_worker(tmp_path, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    folder = tmp_path / "folder"
    folder.mkdir()
    files = bench_workers.make_folder(folder, 4)
    run = bench_workers.run_once(str(tmp_path / "k.db"), files, 2, "hashing", 512, tmp_path)
    assert run["workers"] == 2 and run["documents"] == 4 and sum(run["jobs_per_worker"]) == 4
    assert run["chunks"] > 4 and run["documents_per_s"] > 0


def test_the_report_gives_the_cpus_and_the_speed_up():
    runs = [
        {"workers": n, "documents": 10, "chunks": 70, "seconds": s, "queueing_s": 0.1, "documents_per_s": round(10 / s, 2),
         "chunks_per_s": round(70 / s, 1), "jobs_per_worker": [10 // n] * n, "load_average_before": 0.5}
        for n, s in ((1, 2.0), (2, 1.0))
    ]
    result = {
        "command": "python benchmarks/bench_workers.py --docs 10", "date": "2026-12-06", "commit": "abc1234",
        "backend": "sqlite", "environment": {"platform": "Linux", "cpus": 2, "python": "3.11", "dan": "0.1"},
        "documents": 10, "max_tokens": 512, "embeddings": "hashing", "runs": runs,
    }
    text = bench_workers.render(result)
    assert "**2 CPUs**" in text and "| 2 | 10 | 70 | 1.0 | 10.0 | 70.0 | 2.00× | 5 / 5 | 0.5 |" in text
    assert "busy" not in text
    runs[1]["load_average_before"] = 3.5
    assert "**The machine was busy**: the load average before 1 of these runs" in bench_workers.render(result)
