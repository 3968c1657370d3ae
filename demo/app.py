"""The demo application (first version: converts the bundled samples with dan and ven)."""

from __future__ import annotations

from pathlib import Path

import dan
from ven import Ven

SAMPLES = Path(__file__).resolve().parent / "samples"


def main(argv: list[str] | None = None) -> int:
    """Convert every sample document and print a summary of its chunks and records."""
    files = sorted(p for p in SAMPLES.iterdir() if p.is_file() and not p.name.startswith(("_", ".")))
    for path in files:
        res = dan.convert(path, max_tokens=512)
        v = Ven(res.records)
        print(f"\n=== {path.name}: {res.doc_title!r} id={res.doc_id} chunks={len(res)} tokens={v.token_count()}")
        print(f"    tables={v.has_tables} revisions={v.has_revisions} comments={v.has_comments} "
              f"reviewers={', '.join(v.revision_authors()) or '-'} commenters={', '.join(v.comment_authors()) or '-'}")
        for text, rec in res:
            head = text.split("\n", 1)[0]
            print(f"  [{rec['ssSeq']:>2}] {rec['ssType']:8} p{rec['ssPage']}-{rec['ssPageLast']} s{rec['ssSect']} "
                  f"{rec['ssTokens']:>4} tok  tables={rec['ssTables'] or '-'} revs={rec['ssRevs']} coms={rec['ssComs']}  {head[:70]}")
    return 0
