"""Writing a benchmark's section of ``docs/benchmarks.md`` (between its two markers)."""

from __future__ import annotations

from pathlib import Path

__all__ = ["DOCS", "replace_section"]

DOCS = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"


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
