"""bench_embeddings' targets table: a target is bold only when met, and every budget and
question kind where dan + ven recalls less than dan alone is listed."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import bench_embeddings  # noqa: E402


def _metrics(recall, structure, cats):
    return {"recall": recall, "structure_recall": structure, "by_category": cats}


def _summary(mode_values):
    summary = {}
    for mode in ("keyword", "semantic", "hybrid"):
        ven2k, dan2k, ven1k, dan1k = mode_values.get(mode, mode_values["keyword"])
        summary[f"3-dan-ven/{mode}"] = {"1024": ven1k, "2048": ven2k}
        summary[f"2-dan/{mode}"] = {"1024": dan1k, "2048": dan2k}
    return summary


def test_kinds_below_dan_alone_are_listed_for_every_budget():
    cats_ven = {"cross_section": 0.75, "definition": 1.0, "plain": 0.9}
    cats_dan = {"cross_section": 0.80, "definition": 1.0, "plain": 0.9}
    values = (
        _metrics(0.94, 0.97, {"cross_section": 0.82, "definition": 1.0}),
        _metrics(0.90, 0.90, {"cross_section": 0.70, "definition": 1.0}),
        _metrics(0.8, 0.8, cats_ven),
        _metrics(0.8, 0.8, cats_dan),
    )
    summary = _summary({"keyword": values})
    assert bench_embeddings.below_dan_alone(summary, "keyword") == ["1k cross_section (75.0 % vs 80.0 %)"]


def test_a_target_is_bold_only_when_met():
    met = _metrics(0.94, 0.97, {"cross_section": 0.823, "definition": 1.0})
    missed = _metrics(0.875, 0.85, {"cross_section": 0.647, "definition": 0.5})
    same = _metrics(0.5, 0.5, {"cross_section": 0.5, "definition": 0.5})
    summary = _summary({"keyword": (met, met, same, same), "semantic": (missed, missed, same, same),
                        "hybrid": (missed, met, same, same)})
    rows = bench_embeddings.target_rows({"runs": [{"name": "minilm", "summary": summary}]})
    assert rows[2] == "| minilm / 3-dan-ven / keyword | **94.0 %** | **97.0 %** | **82.3 %** | **100.0 %** | **none** |"
    assert rows[3] == "| minilm / 3-dan-ven / semantic | 87.5 % | 85.0 % | 64.7 % | 50.0 % | **none** |"
    assert rows[4].startswith("| minilm / 3-dan-ven / hybrid | 87.5 %") and rows[4].endswith(
        "| 2k cross_section (64.7 % vs 82.3 %); 2k definition (50.0 % vs 100.0 %) |"
    )


def test_the_capped_collection_gets_its_own_rows_checked_against_dan_alone():
    met = _metrics(0.94, 0.97, {"cross_section": 0.823, "definition": 1.0})
    low = _metrics(0.92, 0.95, {"cross_section": 0.70, "definition": 1.0})
    summary = _summary({"keyword": (met, met, met, met)})
    for mode in ("keyword", "semantic", "hybrid"):
        summary[f"5c-collection/{mode}"] = {"1024": low, "2048": met}
    rows = bench_embeddings.target_rows({"runs": [{"name": "hashing", "summary": summary}]})
    assert len(rows) == 2 + 6
    assert rows[5] == "| hashing / 5c-collection / keyword | **94.0 %** | **97.0 %** | **82.3 %** | **100.0 %** | 1k cross_section (70.0 % vs 82.3 %) |"
    assert bench_embeddings.below_dan_alone(summary, "keyword") == []


def test_a_result_without_the_collection_has_pipeline_3_rows_only():
    met = _metrics(0.94, 0.97, {"cross_section": 0.823, "definition": 1.0})
    rows = bench_embeddings.target_rows({"runs": [{"name": "hashing", "summary": _summary({"keyword": (met,) * 4})}]})
    assert [r.split(" | ")[0] for r in rows[2:]] == [f"| hashing / 3-dan-ven / {m}" for m in ("keyword", "semantic", "hybrid")]
