"""``python -m demo reindex``: bring a store's sources to its current processing configuration.

    python -m demo reindex --db knowledge.db [--collection NAME] [--index-context embedding]

After the embedding model or ``--index-context`` (or ``--max-tokens``) changes, the sources
processed before are *stale*: semantic and hybrid search refuse them (auto search falls
back to keyword search) until they are processed again from their stored bytes. This command
does that in bounded batches of durable reindex jobs (``--batch`` at a time, so uploads still
find room in the queue), processing them here and printing progress on stderr. Give it the
options the store is served with (``serve``'s defaults are its defaults). Killed midway, it
loses nothing: run it again and it carries on (a job interrupted by the kill is marked so and
its source queued again). A server's operator can do the same over HTTP:
``POST /api/knowledge/{cid}/reindex``.

Exit codes: 0 every source of the collections is current; 1 some could not be reindexed (the
reasons are printed) or a store error; 2 a usage error.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO

__all__ = ["add_arguments", "reindex_collection", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``reindex``."""
    from demo.cli_options import add_embedding_arguments, nonblank
    from demo.store.options import CONTEXT_MODES, StoreOptions

    d = StoreOptions()
    parser.add_argument("--db", required=True, help="knowledge store: a file path, sqlite:///path or postgresql://...")
    parser.add_argument("--collection", default=None, help="the collection's name (default: every collection you own)")
    parser.add_argument("--subject", default=None, type=nonblank("a subject"), help="the store's access subject (default: your login name)")
    add_embedding_arguments(parser)  # the embedding to reindex with: give what serve is given
    parser.add_argument("--max-tokens", type=int, default=d.max_tokens, help="dan chunk limit, as given to serve (default %(default)s)")
    parser.add_argument("--index-pct", type=float, default=d.index_pct, help="index entry size, %% of each file's tokens (default %(default)s)")
    parser.add_argument(
        "--index-context", choices=CONTEXT_MODES, default=d.index_context,
        help="the context line in what is indexed, as given to serve (default %(default)s; docs/store.md)",
    )
    parser.add_argument(
        "--batch", type=int, default=max(1, d.max_pending_jobs // 4),
        help="reindex jobs queued at a time (1 to the store's pending-job limit, default %(default)s)",
    )


def run(args: argparse.Namespace, out: TextIO | None = None, err: TextIO | None = None) -> int:
    """Reindex the named collection (or every one the subject owns); the exit code."""
    from demo.server.serve import login_name
    from demo.cli_options import command_embeddings, missing_store
    from demo.store import AccessContext, KnowledgeStore, StoreError, StoreOptions

    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    try:
        missing = missing_store(args.db)
    except StoreError as exc:
        err.write(f"error: {exc}\n")
        return 2
    if missing:  # a mistyped path is not a new, empty store
        err.write(f"error: {missing}: give the --db the store was made with\n")
        return 2
    try:
        embeddings = command_embeddings(args, notify=lambda msg: err.write(f"note: {msg}\n"))
        options = StoreOptions(max_tokens=args.max_tokens, index_pct=args.index_pct, index_context=args.index_context)
        store = KnowledgeStore(args.db, options=options, embeddings=embeddings)
    except StoreError as exc:
        err.write(f"error: {exc}\n")
        return 2
    access = AccessContext(args.subject or login_name())
    if not 1 <= args.batch <= store.options.max_pending_jobs:
        err.write(f"error: --batch must be from 1 to {store.options.max_pending_jobs} (the store's pending-job limit)\n")
        store.close()
        return 2
    try:
        with store:
            targets = [c for c in store.list_collections(access) if args.collection is None or c.name.casefold() == args.collection.strip().casefold()]
            if args.collection is not None and not targets:
                err.write(f"error: no collection named {args.collection!r} for subject {access.subject!r}: list them with the server or check --subject\n")
                return 1
            store.recover_interrupted()  # a job a killed run left running is queued again below
            code = 0
            for collection in targets:
                left = reindex_collection(store, collection.id, access, args.batch, err)
                status = store.reindex_status(collection.id, access)
                out.write(
                    f"collection {collection.name!r} ({collection.id}): {status.current}/{status.sources} sources current"
                    f"{'' if status.done else f', {status.stale} not reindexed'}; embeddings: {store.embedding_identity or 'none'}\n"
                )
                if left:
                    code = 1
            return code
    except StoreError as exc:
        err.write(f"error: {exc}\n")
        return 1


def reindex_collection(store: Any, cid: str, access: Any, batch: int, err: TextIO) -> int:
    """Queue and process reindex jobs ``batch`` at a time until every source is current or a
    round brings none further (a source that fails every time); the sources left stale.
    Each failure is reported on ``err``."""
    from demo.store import JobState

    status = store.reindex_status(cid, access)
    total = status.stale
    while not status.done:
        queued = store.reindex_collection(cid, access, limit=batch)
        for file_name, why in queued.skipped:
            err.write(f"skipped {file_name}: {why}\n")
        while store.process_next():
            now = store.reindex_status(cid, access)
            err.write(f"reindexing: {total - now.stale}/{total} done, {now.pending} waiting\n")
        for job_id in queued.job_ids:
            job = store.get_job(cid, job_id, access)
            if job.state != JobState.READY:
                err.write(f"not reindexed {job.file_name} (job {job_id}): {job.error or job.note or job.state.value}\n")
        before, status = status, store.reindex_status(cid, access)
        if status.stale >= before.stale:
            break
    return int(status.stale)
