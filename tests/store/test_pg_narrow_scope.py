"""PostgreSQL: a semantic search in a narrow scope returns every hit the scope holds, even
where pgvector's iterative index scan gives up early (after ``hnsw.max_scan_tuples``
tuples, 20,000 by default: what a small collection of a million-chunk index meets). The
index scan coming back short is simulated (a small test database never reaches that
limit); the exact ranking that replaces it runs on the real server."""

from __future__ import annotations

from typing import Any

from store_helpers import ALICE, OPTIONS, drain, prices_md, provider, terms_md

from demo.store import KnowledgeStore, StoreOptions
from demo.store.db import Scope


class ShortFirstScan:
    """A transaction whose first vector query returns one row, as a stopped scan would."""

    def __init__(self, tx: Any) -> None:
        self.tx, self.cut, self.statements = tx, False, []

    def rows(self, sql: str, params: Any = ()) -> list[tuple[Any, ...]]:
        found = self.tx.rows(sql, params)
        if "<=>" in sql and not self.cut:
            self.cut = True
            return found[:1]
        return found

    def execute(self, sql: str, params: Any = ()) -> int:
        self.statements.append(sql)
        return int(self.tx.execute(sql, params))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.tx, name)


def test_a_narrow_scope_is_ranked_exactly_when_the_index_scan_stops_short(pg_url):
    options = StoreOptions(max_tokens=OPTIONS.max_tokens, max_pending_jobs=64)
    with KnowledgeStore(pg_url, options=options, embeddings=provider()) as store:
        big = store.create_collection("Prices", ALICE).id
        for i in range(4):
            store.enqueue(big, f"prices-{i}.md", prices_md(40 + i), ALICE)
        small = store.create_collection("Terms", ALICE).id
        for word in ("alpha", "beta", "gamma"):
            store.enqueue(small, f"terms-{word}.md", terms_md(word), ALICE)
        drain(store)
        held = sum(s.chunk_count for s in store.list_sources(small, ALICE))
        assert held > 1
        vector = store.provider.embed_query("warranty claims in writing")
        backend = store.backend
        with backend.read() as tx:
            expected = backend.semantic(tx, Scope(small), vector, store.embedding_identity, 10)
        with backend.read() as tx:
            short = ShortFirstScan(tx)
            found = backend.semantic(short, Scope(small), vector, store.embedding_identity, 10)  # type: ignore[arg-type]
            # the rest of the transaction plans as before: index scans allowed again
            assert tx.value("SELECT current_setting('enable_indexscan')") == "on"
        assert short.cut and "SET LOCAL enable_indexscan = off" in short.statements
        assert len(found) == min(10, held) and found == expected
