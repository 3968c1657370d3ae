"""Every fenced Python block of README.md and docs/ runs as written, from a directory that
is not the checkout: a page's blocks run in order in one interpreter (a later block may use
what an earlier one made, as a reader following the page would). A block whose first line
is ``# needs: MODULE`` is skipped, and said so, when MODULE is not installed."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
BLOCK = re.compile(r"```python\n(.*?)```", re.S)
NEEDS = re.compile(r"\A# needs: (\S+)")
WITH_CODE = [p for p in PAGES if BLOCK.search(p.read_text(encoding="utf-8"))]

DRIVER = r"""
import json, sys
blocks = json.loads(sys.stdin.read())
ns = {"__name__": "__main__"}
for i, code in blocks:
    print(f"--- block {i}", flush=True)
    exec(compile(code, f"<block {i}>", "exec"), ns)
"""


def test_the_docs_have_python_blocks() -> None:
    assert len(WITH_CODE) >= 10 and sum(len(BLOCK.findall(p.read_text(encoding="utf-8"))) for p in WITH_CODE) >= 20


@pytest.mark.parametrize("page", WITH_CODE, ids=[p.name for p in WITH_CODE])
def test_every_block_of_the_page_runs_as_written(page: Path, tmp_path: Path) -> None:
    blocks, skipped = [], []
    for i, code in enumerate(BLOCK.findall(page.read_text(encoding="utf-8"))):
        needs = NEEDS.match(code)
        if needs and importlib.util.find_spec(needs.group(1)) is None:
            skipped.append(f"block {i} needs {needs.group(1)}")
            continue
        blocks.append((i, code))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("OPENAI_API_KEY", None)
    done = subprocess.run([sys.executable, "-c", DRIVER], input=json.dumps(blocks), cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=600)
    ran = done.stdout.count("--- block ")
    assert done.returncode == 0, f"{page.name}, block {blocks[ran - 1][0] if ran else '?'}:\n{done.stderr[-3000:]}"
    assert ran == len(blocks)
    if skipped:
        pytest.skip("; ".join(skipped) + " (not installed); the other blocks ran")


def test_the_landing_page_shows_the_chunk_and_record_dan_writes() -> None:
    import dan
    from demo.samples import path

    page = (ROOT / "docs" / "index.md").read_text(encoding="utf-8")
    res = dan.convert(path("msa-northwind-cranepoint.docx"), max_tokens=512)
    shown = re.search(r"```text\n(.*?)\n```", page, re.S)
    assert shown and shown.group(1) == res.chunks[5]
    record = json.loads(re.search(r"```json\n(.*?)\n```", page, re.S).group(1))  # type: ignore[union-attr]
    assert record == {k: res.records[5][k] for k in record}
