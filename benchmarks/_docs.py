"""Writing a benchmark's section of ``docs/benchmarks.md`` (between its two markers)."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

__all__ = ["DOCS", "RESULTS", "publish", "replace_section", "run_facts"]

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "benchmarks.md"
RESULTS = ROOT / "benchmarks" / "results"


def run_facts(argv: list[str], baseline: str | None = None) -> dict[str, Any]:
    """What a speed section says about its run: the command, the commit, the date and the
    baseline commit (short ids)."""
    import subprocess

    def rev(ref: str) -> str:
        out = subprocess.run(["git", "rev-parse", "--short=7", ref], cwd=ROOT, capture_output=True, text=True)
        return out.stdout.strip() or "unknown"

    script = Path(argv[0]).resolve()
    shown = script.relative_to(ROOT).as_posix() if script.is_relative_to(ROOT) else script.name
    return {
        "command": " ".join(["python", shown, *argv[1:]]),
        "commit": rev("HEAD"),
        "date": dt.date.today().isoformat(),
        **({"baseline": rev(baseline)} if baseline else {}),
    }


def replace_section(name: str, body: str, path: Path = DOCS) -> None:
    """Put ``body`` between ``<!-- name:start -->`` and ``<!-- name:end -->`` (appended when absent)."""
    text = path.read_text(encoding="utf-8")
    start, end = f"<!-- {name}:start -->", f"<!-- {name}:end -->"
    block = f"{start}\n{body}\n{end}"
    if start in text and end in text:
        text = text[: text.index(start)] + block + text[text.index(end) + len(end) :]
    else:
        text = text.rstrip() + "\n\n" + block + "\n"
    path.write_text(text, encoding="utf-8")


def publish(
    name: str, result: dict[str, Any], started: dt.datetime, render: Callable[[dict[str, Any]], str], update_docs: bool
) -> dict[str, Any]:
    """Write ``result`` to ``benchmarks/results/<name>_<time>.json`` (its path goes in as
    ``result_file``), print its Markdown section, and with ``update_docs`` put the section
    into ``docs/benchmarks.md``."""
    out = RESULTS / f"{name}_{started.strftime('%Y%m%dT%H%M%SZ')}.json"
    result["result_file"] = str(out.relative_to(ROOT))
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1), encoding="utf-8")
    body = render(result)
    print(body)
    if update_docs:
        replace_section(name, body)
    return result
