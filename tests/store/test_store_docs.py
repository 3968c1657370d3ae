"""docs/store.md, embeddings.md and answers.md: every Python snippet runs as written, from
another directory."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = ("store.md", "embeddings.md", "answers.md")
BLOCKS = {
    page: re.findall(r"```python\n(.*?)```", (ROOT / "docs" / page).read_text(encoding="utf-8"), flags=re.DOTALL)
    for page in PAGES
}
CASES = [(page, code) for page in PAGES for code in BLOCKS[page]]


@pytest.mark.parametrize("page", PAGES)
def test_the_page_has_snippets(page):
    assert BLOCKS[page]


@pytest.mark.parametrize(("page", "code"), CASES, ids=[f"{p}-{i}" for i, (p, _c) in enumerate(CASES)])
def test_snippet_runs_as_written(page, code, tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("OPENAI_API_KEY", None)
    done = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()  # every snippet shows something
