"""Run every benchmark script in this folder, one after the other (``make bench``)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
SCRIPTS = [
    "bench_markdown.py",
    "bench_docx.py",
    "bench_html_rtf.py",
    "bench_compiled.py",
    "bench_pdf.py",
    "bench_main_content.py",
    "bench_ven.py",
    "bench_index.py",
    "bench_batch.py",
    "bench_hostile.py",
    "bench_fill.py",
    "bench_intent.py",
    "quality/run.py",
    "quality/heldout.py",
    "quality/matrix.py",
]


def main() -> int:
    failed = []
    for name in SCRIPTS:
        script = HERE / name
        if not script.is_file():
            continue
        print(f"\n=== {name} ===", flush=True)
        if subprocess.call([sys.executable, str(script)], cwd=str(HERE.parent)) != 0:
            failed.append(name)
    if failed:
        print("failed:", ", ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
