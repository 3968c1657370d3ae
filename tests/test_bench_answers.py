"""bench_answers' report names the store's chunk limit the run used."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks import bench_answers  # noqa: E402


def _result(**run: object) -> dict[str, object]:
    kind = {"questions": 1, "in_context": 1.0, "in_extract": 1.0, "in_extract_given_context": 1.0,
            "not_found": 0.0, "mean_extract_tokens": 12.0}
    return {
        "command": "python benchmarks/bench_answers.py",
        "started": "2026-12-05T03:00:00+00:00",
        "result_file": "benchmarks/results/answers_x.json",
        "run": {"embeddings": "hashing-crc32-v1|512", "mode": "auto", "context_tokens": 6000, "all": kind,
                "by_kind": {"plain": kind}, "off_topic": {"questions": 2, "not_found": 1.0}, **run},
    }


def test_the_report_names_the_chunk_limit_of_the_run() -> None:
    assert "dan chunks of at most 256 tokens" in bench_answers.render(_result(max_tokens=256))
    # a result written before the limit was recorded ran at 512
    assert "dan chunks of at most 512 tokens" in bench_answers.render(_result())


def test_the_report_gives_the_unanswerable_questions_when_the_set_has_them() -> None:
    off = {"questions": 12, "not_found": 1.0, "by_meaning": 0.0}
    on = {"questions": 45, "not_found": 0.0444, "by_meaning": 0.0222}
    text = bench_answers.render(_result(off_topic=off, on_topic_unanswerable=on))
    assert 'answered "not found" 100.0 % of the time, by meaning alone 0.0 %.' in text
    assert "45 questions about these documents' own subjects" in text and "by meaning alone 2.2 %" in text
    assert "own subjects" not in bench_answers.render(_result())  # a set without them: no line
    assert bench_answers._unanswerable("devq") and bench_answers._unanswerable("quality") == []
