"""The readers' character counter (dan/readers/budget.py)."""

from __future__ import annotations

import pytest

import dan
from dan.readers.budget import TextBudget


def test_the_budget_counts_every_piece_and_refuses_past_the_limit() -> None:
    budget = TextBudget(dan.Limits(max_chars=10), "the thing holds")
    assert budget.count("abcde") == "abcde"
    assert budget.count("fghij") == "fghij"  # exactly at the limit: still read
    assert budget.chars == 10
    with pytest.raises(dan.TextTooLargeError, match=r"^the thing holds more than Limits\.max_chars=10 characters"):
        budget.count("k")
