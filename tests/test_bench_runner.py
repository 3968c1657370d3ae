"""benchmarks/_runner.py: paired before/after runs alternate and give the median pair ratio."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import _runner


@pytest.fixture
def fake_children(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """run_child replaced: each call is logged; 'dan' takes 1 s, 'dan@base' 1.5, 2.0, 3.0 s."""
    calls: list[str] = []
    base_times = iter([1.5, 2.0, 3.0])

    def run_child(script, name, arg, *, timeout_s=None, memory_mb=None, base=None):
        calls.append(name)
        if name == "broken":
            return {"error": ["boom"]}, 10.0
        seconds = next(base_times) if name.endswith(_runner.BASE) else 1.0
        return {"seconds": seconds, "chunks": 3}, 50.0

    monkeypatch.setattr(_runner, "run_child", run_child)
    return calls


def test_paired_runs_alternate_and_give_the_median_ratio(fake_children: list[str]) -> None:
    now, then = _runner.measure_paired(Path("x.py"), "dan", "f", 3, Path("/base"))
    assert fake_children == ["dan", "dan@base"] * 3
    assert now["median_s"] == 1.0 and then["median_s"] == 2.0
    assert then["paired_speedup"] == 2.0
    assert (then["paired_speedup_min"], then["paired_speedup_max"]) == (1.5, 3.0)
    assert _runner.speedup(now, then) == 2.0
    assert "median of 3 pairs" in _runner.paired_note(then)


def test_measure_all_pairs_only_the_named_pipelines_and_puts_baselines_last(fake_children: list[str]) -> None:
    rows = _runner.measure_all(Path("x.py"), ["floor", "dan"], "f", 1, Path("/base"), ["dan"])
    assert [r["pipeline"] for r in rows] == ["floor", "dan", "dan@base"]
    assert fake_children == ["floor", "dan", "dan@base"]


def test_without_a_baseline_nothing_is_paired(fake_children: list[str]) -> None:
    rows = _runner.measure_all(Path("x.py"), ["floor", "dan"], "f", 2, None, ["dan"])
    assert [r["pipeline"] for r in rows] == ["floor", "dan"]
    assert "paired_speedup" not in rows[1]


def test_a_failed_run_skips_the_pipeline(fake_children: list[str]) -> None:
    row = _runner.measure(Path("x.py"), "broken", "f", 3)
    assert row == {"pipeline": "broken", "skipped": "boom"}
    assert fake_children == ["broken"]


def test_unpaired_speedup_is_the_ratio_of_medians() -> None:
    assert _runner.speedup({"median_s": 2.0}, {"median_s": 3.0}) == 1.5
