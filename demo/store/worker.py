"""The background ingestion worker: threads that process jobs until they are stopped.

A job is converted (dan: Python, mostly on one core), then embedded (the model: native
code, without the GIL, on every core) and activated. With ``convert_ahead`` (the default)
the worker converts the next job while the current one embeds: a converter thread claims
and converts one job ahead, and the embedding thread takes it when it is done with the
current one. At most one job waits converted; it keeps its heartbeat while it waits and is
put back in the queue, in its place, when the worker stops before embedding it.
"""

from __future__ import annotations

import logging
import queue
import threading
from typing import TYPE_CHECKING

from demo.store import ingest, jobs
from demo.store.values import JobState

if TYPE_CHECKING:
    from demo.store.store import KnowledgeStore

__all__ = ["Worker"]

log = logging.getLogger("demo.store")

#: Progress of a job converted ahead, waiting for the embedding thread.
CONVERTED_PCT = 35

_Ready = tuple[jobs.Claimed, ingest.Converted, ingest.Heartbeat]


class Worker:
    """Processes queued jobs of a store in daemon threads.

    It wakes when a job is queued through the same store and otherwise polls every
    ``poll`` seconds (jobs queued by another process). An unexpected error in one job is
    recorded on the job and logged with its traceback; the worker goes on with the next.
    ``convert_ahead``: convert the next job while the current one embeds (see the module).
    """

    def __init__(self, store: KnowledgeStore, poll: float = 0.5, convert_ahead: bool = True) -> None:
        if poll <= 0:
            raise ValueError("poll must be a positive number of seconds")
        self._store = store
        self._poll = poll
        self._stop = threading.Event()
        self.convert_ahead = convert_ahead and store.provider is not None  # nothing to overlap without a model
        self._thread = threading.Thread(target=self._run, name="knowledge-worker", daemon=True)
        self._converter = threading.Thread(target=self._convert_loop, name="knowledge-converter", daemon=True)
        self._ready: queue.Queue[_Ready] = queue.Queue()
        self._slot = threading.Semaphore(1)  # one job claimed ahead at most
        self._count_lock = threading.Lock()
        #: Jobs processed (ended ready, failed or abandoned) since the worker started.
        self.processed = 0

    def start(self) -> Worker:
        """Start the threads (once)."""
        self._thread.start()
        if self.convert_ahead:
            self._converter.start()
        return self

    @property
    def alive(self) -> bool:
        """Whether the worker runs."""
        return self._thread.is_alive()

    def stop(self, timeout: float | None = 30.0) -> None:
        """Ask the threads to stop after the current job and wait for them; a job converted
        ahead goes back to the queue."""
        self._stop.set()
        self._store._wake.set()
        for thread in (self._converter, self._thread):
            if thread.is_alive():
                thread.join(timeout)
        self._requeue()

    def __enter__(self) -> Worker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _done(self) -> None:
        with self._count_lock:
            self.processed += 1

    # ------------------------------------------------------------------ one thread

    def _run(self) -> None:
        if self.convert_ahead:
            self._embed_loop()
            return
        wake = self._store._wake
        while not self._stop.is_set():
            try:
                did = self._store.process_next()
            except Exception:  # recorded on the job by process(); keep serving the other jobs
                log.exception("knowledge worker: a job failed with an unexpected error")
                did = True
            if did:
                self._done()
                continue
            wake.wait(self._poll)
            wake.clear()

    # ------------------------------------------------------------------ converting ahead

    def _convert_loop(self) -> None:
        store = self._store
        wake = store._wake
        while not self._stop.is_set():
            if not self._slot.acquire(timeout=self._poll):
                continue
            try:
                claimed = store.claim_next()
            except Exception:
                self._slot.release()
                log.exception("knowledge worker: claiming a job failed")
                self._stop.wait(self._poll)
                continue
            if claimed is None:
                self._slot.release()
                wake.wait(self._poll)
                wake.clear()
                continue
            beat = ingest.Heartbeat(store.backend, claimed, max(1.0, store.options.stale_after / 4))
            try:
                converted = ingest.convert_job(store.backend, store.options, claimed)
            except Exception:  # recorded on the job; keep serving the other jobs
                log.exception("knowledge worker: a job failed with an unexpected error")
                converted = None
            if converted is None:
                self._slot.release()
                self._done()
                continue
            if self._stop.is_set():  # stopping: back to the queue, in its place
                jobs.release(store.backend, claimed)
                self._slot.release()
                continue
            beat.__enter__()  # alive while it waits for the embedding thread
            if not jobs.progress(store.backend, claimed, JobState.CONVERTING, CONVERTED_PCT):
                beat.__exit__(None, None, None)  # cancelled meanwhile
                self._slot.release()
                self._done()
                continue
            self._ready.put((claimed, converted, beat))

    def _embed_loop(self) -> None:
        store = self._store
        while not self._stop.is_set():
            try:
                claimed, converted, beat = self._ready.get(timeout=self._poll)
            except queue.Empty:
                continue
            beat.__exit__(None, None, None)
            self._slot.release()  # the converter may claim the next job now
            try:
                ingest.finish(store.backend, store.options, store.provider, store.config, claimed, converted)
            except Exception:  # recorded on the job by finish(); keep serving the other jobs
                log.exception("knowledge worker: a job failed with an unexpected error")
            self._done()

    def _requeue(self) -> None:
        """Put a job converted ahead but never embedded back in the queue."""
        while True:
            try:
                claimed, _converted, beat = self._ready.get_nowait()
            except queue.Empty:
                return
            beat.__exit__(None, None, None)
            jobs.release(self._store.backend, claimed)
