"""Make the test helper modules importable under --import-mode=importlib."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "dan"))
