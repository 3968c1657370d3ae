"""Long runs of one of the suite's hypothesis property tests: its inner test, given new
strategies, as many examples as asked, a random seed each time, no example database.
Importing this module puts ``tests/dan`` (the test modules) and the repository on the path."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "dan"))
sys.path.insert(0, str(ROOT))


def run_long(test: Any, examples: int, *strategies: Any) -> None:
    """Run ``test`` (a function decorated with ``@given``) over ``strategies`` for
    ``examples`` examples; hypothesis shrinks and raises the first failure."""
    from hypothesis import HealthCheck, given, settings

    inner: Callable[..., None] = test.hypothesis.inner_test
    settings(
        max_examples=examples, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )(given(*strategies)(inner))()
