"""``python -m demo worker``: process a store's ingestion jobs without a server.

    python -m demo worker --db postgresql://user@host/db [--embeddings minilm] [--max-tokens 256]

One worker process takes one job at a time with the store's claim (``FOR UPDATE SKIP
LOCKED`` on PostgreSQL, so any number of workers on any number of machines can share one
database; on SQLite, one writer at a time serialises them), converts it with dan, embeds it
and activates it, then takes the next. It prints one line per job on stdout (``<job id>
<state> <file name>``) and polls for new jobs every ``--poll`` seconds.

Stopping: the first SIGTERM or SIGINT lets the job in hand finish, then the worker exits; a
second one releases that job (back to the queue, in its place, ``attempts`` unchanged) and
exits at once. A worker killed outright (SIGKILL, the machine lost) leaves its job running
until another worker's claim sees that it is gone (a process of the same host that no
longer exists, or no heartbeat for ``--stale-after`` seconds) and fails it as
``interrupted``, bytes kept, for :meth:`~demo.store.KnowledgeStore.retry_job`.

Exit codes: 0 stopped (on a signal, after finishing or releasing its job; idle with
``--exit-when-idle``; after ``--max-jobs``); 1 the database failed or was lost (a
supervisor may restart the worker); 2 a usage or configuration error. A job that fails
does not stop the worker: the job records why.

The processing settings (``--embeddings``, ``--max-tokens``, ``--index-context``) must be
the same as those of the server or program that queues the jobs: a worker processes every
job with its own.
"""

from __future__ import annotations

import argparse
import logging
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, TextIO

__all__ = ["EXIT_FAILED", "EXIT_OK", "EXIT_USAGE", "StopWorker", "WorkerLoop", "add_arguments", "run"]

log = logging.getLogger("demo.store")

#: ``python -m demo worker`` exit codes: stopped cleanly; the database failed; a usage error.
EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``worker``."""
    from demo.cli_options import add_embedding_arguments, seconds, whole_number
    from demo.store.options import CONTEXT_MODES, StoreOptions

    d = StoreOptions()
    parser.add_argument("--db", required=True, help="knowledge store: a file path, sqlite:///path or postgresql://...")
    add_embedding_arguments(parser)  # as the server's
    parser.add_argument("--max-tokens", type=int, default=d.max_tokens, help="dan chunk limit (default %(default)s; as the server's)")
    parser.add_argument(
        "--index-context", choices=CONTEXT_MODES, default=d.index_context, help="context line (default %(default)s; as the server's)"
    )
    parser.add_argument("--poll", type=seconds(3600), default=1.0, help="seconds between two looks at an empty queue (default %(default)s)")
    parser.add_argument(
        "--stale-after", type=seconds(), default=d.stale_after,
        help="seconds without a heartbeat after which another worker's job counts as interrupted (default %(default)s)",
    )
    parser.add_argument("--exit-when-idle", action="store_true", help="exit when no job is waiting (for batch runs)")
    parser.add_argument("--max-jobs", type=whole_number("a number of jobs", 0), default=0, help="exit after this many jobs (default 0: no limit)")


class StopWorker(BaseException):
    """Raised in the worker's thread by a second stop signal: release the job in hand and exit.

    A ``BaseException``, so that no ``except Exception`` on the way records it as the job's
    failure."""


class WorkerLoop:
    """Claims and processes a store's jobs one at a time until asked to stop.

    :meth:`request_stop` (the first signal) lets the job in hand finish; :meth:`force_stop`
    (the second) raises :class:`StopWorker` where the job is, and :meth:`run` puts the job
    back in the queue.
    """

    def __init__(
        self, store: Any, *, poll: float = 1.0, exit_when_idle: bool = False, max_jobs: int = 0, out: TextIO | None = None
    ) -> None:
        if poll <= 0:
            raise ValueError("poll must be a positive number of seconds")
        if max_jobs < 0:
            raise ValueError("max_jobs must be 0 (no limit) or more")
        self.store = store
        self.poll = poll
        self.exit_when_idle = exit_when_idle
        self.max_jobs = max_jobs
        self.out = out if out is not None else sys.stdout
        self._stop = threading.Event()
        #: Jobs taken (ended ready, held, failed or abandoned) and jobs released.
        self.processed = 0
        self.released = 0
        self._busy = False

    def request_stop(self) -> None:
        """Stop after the job in hand (or at once when idle)."""
        self._stop.set()

    @property
    def stopping(self) -> bool:
        return self._stop.is_set()

    def force_stop(self) -> None:
        """Stop now: when a job is in hand, raise :class:`StopWorker` (call from a signal handler)."""
        self._stop.set()
        if self._busy:
            raise StopWorker

    def _say(self, line: str) -> None:
        self.out.write(line + "\n")
        self.out.flush()

    def run(self) -> int:
        """Process jobs until stopped; the exit code."""
        from demo.store import StoreError, ingest, jobs

        store = self.store
        while not self._stop.is_set():
            if self.max_jobs and self.processed >= self.max_jobs:
                break
            try:
                claimed = store.claim_next()
            except StoreError as exc:
                sys.stderr.write(f"error: the worker cannot claim jobs: {exc}\n")
                return EXIT_FAILED
            if claimed is None:
                if self.exit_when_idle:
                    break
                self._stop.wait(self.poll)
                continue
            try:
                self._busy = True
                try:
                    ingest.process(store.backend, store.options, store.provider, store.config, claimed)
                finally:
                    self._busy = False
            except StopWorker:
                released = jobs.release(store.backend, claimed)
                self.released += int(released)
                self._say(f"{claimed.id} {'released' if released else 'stopped'} {claimed.file_name}")
                break
            except StoreError as exc:  # the database went away while the job was recorded
                sys.stderr.write(f"error: the worker lost the database: {exc}\n")
                return EXIT_FAILED
            except Exception:  # recorded on the job by process(); go on with the next job
                log.exception("knowledge worker: job %s failed with an unexpected error", claimed.id)
            self.processed += 1
            self._say(f"{claimed.id} {_state(store, claimed.id)} {claimed.file_name}")
        return EXIT_OK


def _state(store: Any, job_id: str) -> str:
    with store.backend.read() as tx:
        return str(tx.value("SELECT state FROM jobs WHERE id = ?", [job_id]) or "gone")


@contextmanager
def stop_signals(loop: WorkerLoop) -> Iterator[None]:
    """SIGTERM and SIGINT: the first asks ``loop`` to stop after its job, the second stops it now."""

    def handle(signum: int, frame: FrameType | None) -> None:
        if loop.stopping:
            loop.force_stop()
        else:
            loop.request_stop()

    previous = {sig: signal.signal(sig, handle) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        yield
    finally:
        for sig, old in previous.items():
            signal.signal(sig, old)


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Run a worker until it is stopped; the exit code."""
    from demo.cli_options import command_embeddings
    from demo.store import KnowledgeStore, StoreError, StoreOptions
    from demo.store.url import redact

    out = out if out is not None else sys.stdout
    try:
        embeddings = command_embeddings(args, notify=lambda msg: sys.stderr.write(f"note: {msg}\n"))
        options = StoreOptions(max_tokens=args.max_tokens, index_context=args.index_context, stale_after=args.stale_after)
    except (StoreError, ValueError, TypeError) as exc:
        sys.stderr.write(f"error: {exc}\n")
        return EXIT_USAGE
    try:
        store = KnowledgeStore(args.db, options=options, embeddings=embeddings)
    except StoreError as exc:
        sys.stderr.write(f"error: cannot open the store {redact(args.db)}: {exc}\n")
        return EXIT_FAILED
    try:
        loop = WorkerLoop(store, poll=args.poll, exit_when_idle=args.exit_when_idle, max_jobs=args.max_jobs, out=out)
        with stop_signals(loop):
            sys.stderr.write(f"worker {store.worker_id} on {store!r}: waiting for jobs (SIGTERM or Ctrl-C stops it)\n")
            sys.stderr.flush()
            started = time.monotonic()
            code = loop.run()
        sys.stderr.write(
            f"worker stopped: {loop.processed} jobs processed, {loop.released} released, {time.monotonic() - started:.1f} s\n"
        )
        return code
    finally:
        store.close()
