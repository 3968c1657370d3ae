"""Documents, providers and helpers shared by the knowledge-store tests (and the kill-test child)."""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from pathlib import Path

HERE = Path(__file__).resolve().parent
for _p in (str(HERE.parent), str(HERE.parent / "dan")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from batch_helpers import review_docx, table_markdown

from demo.store import (
    AccessContext,
    HashingProvider,
    Job,
    JobState,
    KnowledgeStore,
    StoreOptions,
)

ALICE = AccessContext("alice")
BOB = AccessContext("bob")
NOBODY = AccessContext(None)
DIMS = 64

#: Small chunks, so the small test documents make several passages each.
OPTIONS = StoreOptions(max_tokens=96)


def terms_md(marker: str = "alpha") -> bytes:
    """A Markdown contract with two sections; ``marker`` is a word in every paragraph."""
    text = f"""# Payment terms

Invoices are payable within thirty days of receipt. Marker {marker} applies to invoices.

Late payment accrues interest of two percent per month. Marker {marker} appears here too.

# Warranty

The supplier warrants the cranes for twenty-four months after delivery. Marker {marker}.

Warranty claims must be raised in writing within ten business days. Marker {marker}.
"""
    return text.encode("utf-8")


def prices_md(rows: int = 30) -> bytes:
    """A Markdown price list with a table long enough to span several chunks."""
    return table_markdown(rows).encode("utf-8")


def review_bytes() -> bytes:
    """A DOCX with tracked revisions by Ann Editor and Bob Lawyer and a comment by Carol Reviewer."""
    return review_docx()


def page_html(title: str = "Crane maintenance") -> bytes:
    """A small HTML page with a table."""
    return (
        f"<html><head><title>{title}</title></head><body><h1>{title}</h1>"
        "<p>Lubricate the slewing ring every 250 operating hours.</p>"
        "<table><tr><th>Part</th><th>Interval</th></tr><tr><td>Hook</td><td>monthly</td></tr></table>"
        "</body></html>"
    ).encode()


def provider() -> HashingProvider:
    """The tests' embedding provider (small and fast)."""
    return HashingProvider(dims=DIMS)


def drain(store: KnowledgeStore, limit: int = 100) -> int:
    """Process queued jobs until none is left; how many were taken."""
    n = 0
    while store.process_next():
        n += 1
        if n > limit:
            raise AssertionError("the queue never drained")
    return n


def ingest(store: KnowledgeStore, cid: str, name: str, data: bytes, access: AccessContext = ALICE) -> Job:
    """Enqueue one file, process the queue, return the job."""
    job_id = store.enqueue(cid, name, data, access)
    drain(store)
    return store.get_job(cid, job_id, access)


def wait_for(predicate, timeout: float = 30.0, poll: float = 0.02):  # type: ignore[no-untyped-def]
    """Poll ``predicate`` until it returns something truthy."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(poll)
    raise AssertionError(f"timed out after {timeout} s waiting for {predicate}")


def texts(passages: Sequence[object]) -> str:
    """All passage texts joined (for containment checks)."""
    return "\n".join(p.text for p in passages)  # type: ignore[attr-defined]


__all__ = [
    "ALICE",
    "BOB",
    "DIMS",
    "NOBODY",
    "OPTIONS",
    "JobState",
    "drain",
    "ingest",
    "page_html",
    "prices_md",
    "provider",
    "review_bytes",
    "terms_md",
    "texts",
    "wait_for",
]
