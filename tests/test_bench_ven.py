"""bench_ven's side-by-side mode: the baseline's ven loaded beside the current one in one
process, paired query rounds, and the docs table they make."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import ven  # noqa: E402
from benchmarks import bench_ven  # noqa: E402


def test_the_baseline_ven_is_a_separate_copy_and_the_current_one_stays():
    before = sys.modules["ven"]
    BaseVen = bench_ven.load_baseline_ven("HEAD")
    assert sys.modules["ven"] is before
    assert BaseVen is not ven.Ven
    assert "danven-baseline-" in BaseVen.begin_expansion.__code__.co_filename
    assert "danven-baseline-" not in ven.Ven.begin_expansion.__code__.co_filename
    recs = bench_ven.synthetic_records(400)
    got = bench_ven.measure_paired(ven.Ven(recs), BaseVen(recs), queries=30, rounds=2)
    assert got["rounds"] == 2
    assert got["ratio_min"] <= got["ratio_median"] <= got["ratio_max"]
    assert got["now_us_p50"] > 0 and got["base_us_p50"] > 0


def test_render_shows_the_side_by_side_table_only_with_a_baseline():
    entry = {
        "construct_ms_median": 10.0, "construct_us_per_chunk": 10.0, "retained_bytes": 2**20,
        "typical_us_median": 12.0, "typical_us_p95": 20.0, "typical_us_p99": 30.0,
        "budgeted_us_median": 15.0, "budgeted_us_p95": 25.0,
    }
    result = {"command": "python benchmarks/bench_ven.py", "commit": "abc1234", "date": "2026-12-03",
              "python": "3.11", "sizes": {"1000": dict(entry)}}
    assert "Side by side" not in bench_ven.render(result)
    result["baseline"] = "def5678"
    result["sizes"]["1000"]["baseline"] = {
        "rounds": 5, "now_us_p50": 12.0, "base_us_p50": 24.0, "ratio_median": 2.0, "ratio_min": 1.9,
        "ratio_max": 2.1, "construct_ms_median": 9.0, "retained_bytes": 2**19,
    }
    text = bench_ven.render(result)
    assert "Side by side with `def5678`" in text
    assert "| 1,000 | 24.0 | 12.0 | **2.00×** (1.90–2.10, 5 rounds) | 9.0 → 10.0 | 0.50 → 1.00 |" in text
