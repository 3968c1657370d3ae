"""The context-builder matrix's ceiling: the fewest tokens that hold a question's gold."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from benchmarks.quality.matrix import gold_fits, gold_tokens  # noqa: E402
from benchmarks.quality.retrieval import Chunk  # noqa: E402


def _corpus() -> SimpleNamespace:
    return SimpleNamespace(chunks=[
        Chunk("a.md", 0, "The fee is EUR 100.", 10),
        Chunk("a.md", 1, "| Item | Lead time |\n|---|---|\n| Pump | 12 weeks |\n| Seal | 4 weeks |", 40),
        Chunk("a.md", 2, "| Item | Lead time |\n|---|---|\n| Valve | 12 weeks |", 30),
        Chunk("a.md", 3, "Repeated: the fee is EUR 100. And more words here.", 25),
        Chunk("b.md", 0, "| Valve | 12 weeks |", 5),  # another document: never counted
    ])


def test_each_item_takes_its_cheapest_chunk_of_the_questions_document() -> None:
    q = SimpleNamespace(doc="a.md", evidence=("the fee is EUR 100",), rows=(("Pump", "12 weeks"), ("Valve", "12 weeks")))
    assert gold_tokens(_corpus(), q) == 10 + 40 + 30
    q_row_split = SimpleNamespace(doc="a.md", evidence=(), rows=(("Pump", "4 weeks"),))  # not on one line
    assert gold_tokens(_corpus(), q_row_split) is None
    assert gold_tokens(_corpus(), SimpleNamespace(doc="a.md", evidence=("absent",), rows=())) is None


def test_the_share_that_fits_each_budget() -> None:
    qs = [
        SimpleNamespace(doc="a.md", evidence=("the fee is EUR 100",), rows=()),  # 10 tokens
        SimpleNamespace(doc="a.md", evidence=(), rows=(("Pump", "12 weeks"), ("Valve", "12 weeks"))),  # 70
        SimpleNamespace(doc="a.md", evidence=("absent",), rows=()),  # never
    ]
    assert gold_fits(_corpus(), qs, [9, 10, 70, 1000]) == {"9": [0, 3], "10": [1, 3], "70": [2, 3], "1000": [2, 3]}


def test_targets_are_checked_for_ven_defaults_and_the_stores_path() -> None:
    from benchmarks.quality.matrix import targets

    def counts(all_: int, whole: int | None = None) -> dict[str, dict[str, list[int]]]:
        k: dict[str, list[int]] = {"all": [all_, 100]}
        if whole is not None:
            k["whole"] = [whole, 100]
        return {str(b): k for b in (2048, 4096, 8192)}

    cell = {"set": "s", "size": 256, "counts": {
        "top-k": counts(90), "expansion": counts(92),
        "builder": counts(90, whole=89), "builder/lexical": counts(91, whole=95)}}
    lines = targets([cell])
    assert "MISSED: s 256 @2k builder 90.0 % vs best part 92.0 % (−1 allowed)" in lines
    assert "met: s 256 @2k builder/lexical 91.0 % vs best part 92.0 % (−1 allowed)" in lines
    assert "MISSED: s 256 @4k builder whole-structure 89.0 % (≥ 90 %)" in lines
    assert "met: s 256 @4k builder/lexical whole-structure 95.0 % (≥ 90 %)" in lines
    assert len(lines) == 8
    del cell["counts"]["builder/lexical"]
    assert len(targets([cell])) == 4
