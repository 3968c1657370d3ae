"""A worker process for the kill test: processes one job, and stops dead at a chosen point.

    python kill_child.py URL PHASE MARKER

PHASE is where it parks (until the test kills it with SIGKILL): ``converting`` (inside
dan's conversion), ``embedding`` (inside the provider call) or ``activating`` (inside the
activation transaction, after the passages were inserted and before the commit). When it
gets there it writes MARKER, so the test kills it at exactly that point.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from store_helpers import DIMS, OPTIONS

from demo.store import (
    HashingProvider,
    KnowledgeStore,
    ingest,
)


def park(marker: str) -> None:
    Path(marker).write_text("here", encoding="utf-8")
    time.sleep(600)


def main() -> None:
    url, phase, marker = sys.argv[1:4]

    class Provider(HashingProvider):
        def embed_documents(self, texts):  # type: ignore[no-untyped-def]
            if phase == "embedding":
                park(marker)
            return super().embed_documents(texts)

    if phase == "converting":
        real_convert = ingest.convert_source

        def slow_convert(*args, **kwargs):  # type: ignore[no-untyped-def]
            park(marker)
            return real_convert(*args, **kwargs)

        ingest.convert_source = slow_convert  # type: ignore[assignment]
    store = KnowledgeStore(url, options=OPTIONS, embeddings=Provider(dims=DIMS))
    if phase == "activating":
        real_insert = store.backend.insert_passages

        def insert_then_park(*args, **kwargs):  # type: ignore[no-untyped-def]
            real_insert(*args, **kwargs)
            park(marker)

        store.backend.insert_passages = insert_then_park  # type: ignore[method-assign]
    store.process_next()
    print("processed without being killed", file=sys.stderr)


if __name__ == "__main__":
    main()
