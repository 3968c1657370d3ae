"""bench_store's report: the retrieval-quality section on its own (``--no-scale``), with
the per-kind table that marks where ven's collection falls below dan alone."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import bench_store  # noqa: E402


def _metrics(recall: float, kinds: dict[str, float]) -> dict[str, object]:
    return {"recall": recall, "structure_recall": recall, "table_completeness": 1.0, "mean_tokens": 900.0,
            "by_category": kinds}


def _result() -> dict[str, object]:
    summary = {
        "2-dan/keyword": {"1024": _metrics(0.8, {"plain": 0.9, "footnote": 1.0})},
        "3-dan-ven/keyword": {"1024": _metrics(0.85, {"plain": 0.95, "footnote": 1.0})},
        "5c-collection/keyword": {"1024": _metrics(0.84, {"plain": 0.88, "footnote": 1.0})},
        "2-dan/semantic": {"1024": _metrics(0.5, {"plain": 0.5, "footnote": 0.5})},
    }
    return {
        "command": "python benchmarks/bench_store.py --no-scale",
        "started": "2026-12-03T14:00:00+00:00",
        "environment": {"python": "3.11", "platform": "Linux-test"},
        "scale": [],
        "quality": [{"backend": "sqlite", "questions": 2, "failed": [], "summary": summary}],
        "result_file": "benchmarks/results/store_quality_x.json",
    }


def test_quality_section_lists_every_pipeline_and_marks_kinds_below_dan_alone():
    text = bench_store.render_quality(_result())
    assert text.startswith("## Knowledge store: retrieval quality by search mode")
    assert "**sqlite** (2 questions)" in text
    assert "| 5c-collection/keyword | 84.0 % |" in text
    assert "| 2-dan/semantic | 50.0 % |" in text
    # plain: 5c (88 %) is below dan alone (90 %), so its cell is bold; footnote is not
    assert "| plain | **90.0 % / 95.0 % / 88.0 %** |" in text
    assert "| footnote | 100.0 % / 100.0 % / 100.0 % |" in text
    assert "PostgreSQL not run" in text
    assert "dan chunks of at most 512 tokens" in text  # (a result from before the limit was recorded)
    result = _result()
    result["quality"][0]["max_tokens"] = 256  # type: ignore[index]
    assert "dan chunks of at most 256 tokens" in bench_store.render_quality(result)
    assert text.rstrip().endswith("`benchmarks/results/store_quality_x.json`.")


def test_the_scale_section_no_longer_carries_the_quality_tables():
    result = _result()
    result["scale"] = []
    result["embedding"] = "hashing-x"
    result["doc_chunks"] = 7
    text = bench_store.render(result)
    assert "Retrieval quality" not in text
    assert "### Search latency" in text


def test_no_scale_with_no_quality_is_refused(capsys):
    with pytest.raises(SystemExit) as err:
        bench_store.main(["--no-scale", "--no-quality", "--backends", "sqlite"])
    assert err.value.code == 2
    assert "leave nothing to run" in capsys.readouterr().err
