"""benchmarks/bench_markdown.py: the installed-Markdown set (--real) is timed file by file
and reported beside the generated file's table."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import bench_markdown as bm
from benchmarks._runner import BASE


def _row(name: str, seconds: float, **extra: object) -> dict:
    return {"pipeline": name, "median_s": seconds, "mb_per_s": round(2.0 / seconds, 2), "peak_rss_mb": 100.0, **extra}


def test_real_markdown_section_reports_both_ratios() -> None:
    report = {
        "command": "python benchmarks/bench_markdown.py --real",
        "commit": "abc1234",
        "date": "2026-12-03",
        "python": "3.11.7",
        "size_mb": 1.0,
        "baseline": "5061953",
        "rows": [_row("dan-1024", 0.5, chunks=10, mean_fill_pct=70.0, max_tokens=1000)],
        "real": {
            "files": 3,
            "every": 6,
            "size_mb": 2.0,
            "rows": [
                _row("real-dan-1024", 2.0, chunks=120),
                _row("real-langchain-1024", 0.5, chunks=90),
                _row("real-dan-1024" + BASE, 3.0, chunks=120),
            ],
        },
    }
    text = bm.render(report)
    assert "**Real Markdown** (`--real`): 3 Markdown files" in text
    assert "| **dan, max_tokens 1024** | 2.000 | 1.00 | 120 | 100 |" in text
    assert "dan takes 4.00× LangChain's splitter's time" in text
    assert "dan is **1.50× faster** on them" in text


def test_real_work_converts_every_listed_file(tmp_path: Path) -> None:
    files = []
    for i in range(2):
        f = tmp_path / f"doc{i}.md"
        f.write_text(f"# Title {i}\n\nSome [link](https://example.com/{i}) text.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n", encoding="utf-8")
        files.append(str(f))
    listing = tmp_path / "list.txt"
    listing.write_text("\n".join(files), encoding="utf-8")
    out = bm._prepare("real-dan-1024", str(listing))()
    assert out == {"chunks": 2, "failed": 0}


def test_real_langchain_work_splits_every_listed_file(tmp_path: Path) -> None:
    pytest.importorskip("langchain_text_splitters")
    f = tmp_path / "doc.md"
    f.write_text("word " * 3000, encoding="utf-8")
    listing = tmp_path / "list.txt"
    listing.write_text(f"{f}\n{f}", encoding="utf-8")
    out = bm._prepare("real-langchain-256", str(listing))()
    assert out["chunks"] >= 2 * (3000 // 256)


def test_installed_markdown_takes_every_nth_decodable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import benchmarks.bench_fill as fill

    for i in range(6):
        (tmp_path / f"f{i}.md").write_text("x", encoding="utf-8")
    (tmp_path / "f2.md").write_bytes(b"\xff\xfe bad")
    monkeypatch.setattr(fill, "HELD_OUT", (tmp_path, tmp_path / "missing"))
    assert [f.name for f in bm.installed_markdown(2)] == ["f0.md", "f4.md"]
