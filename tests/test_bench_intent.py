"""benchmarks/bench_intent.py: scoring and the Markdown it publishes."""

from __future__ import annotations

from benchmarks import bench_intent


def test_score_counts_each_labels_misses() -> None:
    s = bench_intent.score_sets(["Which items are late?", "What is the price?"], ["Which version is this?"])
    assert s["questions"] == 3 and s["missed_set"] == ["What is the price?"] and s["missed_fact"] == []
    assert s["accuracy"] == round(2 / 3, 4) and s["set_recall"] == 0.5 and s["fact_recall"] == 1.0


def test_render_has_a_table_per_classifier_and_the_judged_kinds() -> None:
    def sets(yes: str, no: str) -> dict:
        return {"tuned": {"questions": 2, yes: 1, no: 1, "accuracy": 1.0, f"{yes}_recall": 1.0, f"{no}_recall": 0.5}}

    text = bench_intent.render({
        "command": "python benchmarks/bench_intent.py", "started": "2026-12-05T00:00:00",
        "sets": sets("broad", "pointed"), "qualifier_sets": sets("qualified", "value"),
        "set_sets": sets("set", "fact"), "quality_judged_qualified": {"plain": [1, 4]},
        "quality_judged_set": {"table_multi": [2, 2]}, "result_file": "r.json",
    })
    assert text.count("| tuned | 2 | 1 / 1 | 100.0 % | 100.0 % | 50.0 % |") == 3
    assert "judged qualified, per kind: plain 1/4." in text and "judged a set, per kind: table multi 2/2." in text
