"""Writes tests/data/store/schema2.db: a knowledge-store database as the store of schema
version 2 writes it (run once, from the checkout, with the code of the commit the README
names; the test suite only reads a copy of the result).

    python tests/data/store/make_schema2.py
"""

from __future__ import annotations

import sqlite3
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from demo.store import AccessContext, HashingProvider, KnowledgeStore, StoreOptions  # noqa: E402

OUT = HERE / "schema2.db"
ALICE = AccessContext("alice")


def main() -> None:
    for suffix in ("", "-wal", "-shm"):
        Path(f"{OUT}{suffix}").unlink(missing_ok=True)
    store = KnowledgeStore(str(OUT), options=StoreOptions(max_tokens=96), embeddings=HashingProvider(dims=16))
    cid = store.create_collection("Contracts", ALICE).id
    store.enqueue(
        cid,
        "terms.md",
        b"# Payment terms\n\nInvoices are payable within thirty days.\n\n# Warranty\n\n"
        b"The supplier warrants the cranes for twenty-four months.\n",
        ALICE,
    )
    store.enqueue(cid, "notes.txt", b"Lubricate the slewing ring every 250 operating hours.\n", ALICE)
    store.enqueue(cid, "broken.docx", b"not a zip at all", ALICE)  # a failed job
    while store.process_next():
        pass
    store.close()
    with sqlite3.connect(OUT) as conn:  # one file: the WAL folded in
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()
    print(OUT, OUT.stat().st_size, "bytes")


if __name__ == "__main__":
    main()
