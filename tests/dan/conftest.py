from __future__ import annotations

import pytest

from helpers import CORPUS


@pytest.fixture
def corpus():
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus is not present")
    return CORPUS
