"""The background ingestion worker: a thread that processes jobs until it is stopped."""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from demo.store.store import KnowledgeStore

__all__ = ["Worker"]

log = logging.getLogger("demo.store")


class Worker:
    """Processes queued jobs of a store in a daemon thread.

    It wakes when a job is queued through the same store and otherwise polls every
    ``poll`` seconds (jobs queued by another process). An unexpected error in one job is
    recorded on the job and logged with its traceback; the worker goes on with the next.
    """

    def __init__(self, store: KnowledgeStore, poll: float = 0.5) -> None:
        if poll <= 0:
            raise ValueError("poll must be a positive number of seconds")
        self._store = store
        self._poll = poll
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="knowledge-worker", daemon=True)
        #: Jobs processed (ended ready, failed or abandoned) since the worker started.
        self.processed = 0

    def start(self) -> Worker:
        """Start the thread (once)."""
        self._thread.start()
        return self

    @property
    def alive(self) -> bool:
        """Whether the thread runs."""
        return self._thread.is_alive()

    def stop(self, timeout: float | None = 30.0) -> None:
        """Ask the thread to stop after the current job and wait for it."""
        self._stop.set()
        self._store._wake.set()
        if self._thread.is_alive():
            self._thread.join(timeout)

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _run(self) -> None:
        wake = self._store._wake
        while not self._stop.is_set():
            try:
                did = self._store.process_next()
            except Exception:  # recorded on the job by process(); keep serving the other jobs
                log.exception("knowledge worker: a job failed with an unexpected error")
                did = True
            if did:
                self.processed += 1
                continue
            wake.wait(self._poll)
            wake.clear()
