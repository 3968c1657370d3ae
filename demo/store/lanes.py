"""The query-embedding lane: a few threads that embed search queries, shared fairly by clients.

Embedding a query is the only costly step of a search (the model runs on the CPU), so it
is where one client could slow everyone down. :class:`QueryLane` bounds it:

* at most ``workers`` queries are embedded at once;
* one client has at most ``per_client`` queries waiting or running — one more is refused
  with :class:`~demo.store.SearchBusyError` (HTTP 429, ``Retry-After``);
* one client runs on at most ``workers - 1`` of the threads (one when there is one), so
  a thread stays free for the others while anyone else is waiting;
* when a thread frees, the waiting client with the fewest queries running goes next, and
  among those the one served least recently (round robin), its oldest query first: a
  client that sends many is served in turn with the others, not before them;
* at most ``queue`` queries wait in all (429 beyond);
* a query whose client has others waiting or running is embedded on a thread of lower OS
  priority (:data:`LOW_PRIORITY` more ``nice``, where the platform allows it), so a client
  that floods the lane gets the CPU only when the others leave it idle.

Decisions are taken when a query is submitted and when one ends, under one lock, so the
state after :meth:`QueryLane.submit` returns is exact (the tests rely on it). The caller
waits for the future with its own time bound and :meth:`QueryLane.cancel` withdraws a query
that has not started; a query that has started runs to its end (the model cannot be
interrupted) and keeps counting against its client until then.
"""

from __future__ import annotations

import os
import threading
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from attrs import define, field

from demo.store.errors import SearchBusyError, StoreUnavailableError

__all__ = ["LOW_PRIORITY", "QueryLane"]

_T = TypeVar("_T")

#: How much ``nice`` the threads of the lower-priority pool add (Unix; elsewhere nothing).
LOW_PRIORITY = 10


def _lower_priority() -> None:
    """Make the calling thread nicer (Linux applies ``nice`` per thread); nothing where the
    platform has no ``setpriority``."""
    try:
        tid = threading.get_native_id()
        os.setpriority(os.PRIO_PROCESS, tid, min(19, os.getpriority(os.PRIO_PROCESS, tid) + LOW_PRIORITY))
    except (AttributeError, OSError):
        pass


@define(slots=True, eq=False)
class _Job:
    client: str
    call: Callable[[], Any]
    future: Future[Any] = field(factory=Future)


class QueryLane:
    """A bounded, fair executor of query embeddings (see the module's documentation)."""

    def __init__(self, workers: int = 2, per_client: int = 8, queue: int = 64) -> None:
        for name, value in (("workers", workers), ("per_client", per_client), ("queue", queue)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"{name} must be a positive int, got {value!r}")
        self.workers = workers
        self.per_client = per_client
        self.queue = queue
        #: Threads one client may occupy at once.
        self.client_threads = max(1, workers - 1)
        self._lock = threading.Lock()
        self._waiting: deque[_Job] = deque()
        self._running: dict[str, int] = {}
        self._held: dict[str, int] = {}  # waiting + running, per client
        self._served: dict[str, int] = {}  # when each client holding queries was last given a thread
        self._turn = 0
        self._busy = 0
        self._pool: ThreadPoolExecutor | None = None
        self._low: ThreadPoolExecutor | None = None  # threads at a lower OS priority
        self._closed = False

    # ------------------------------------------------------------------ state (for tests and metrics)

    def running(self, client: str | None = None) -> int:
        """Queries being embedded (of ``client``, or in all)."""
        with self._lock:
            return self._busy if client is None else self._running.get(client, 0)

    def waiting(self, client: str | None = None) -> int:
        """Queries waiting for a thread (of ``client``, or in all)."""
        with self._lock:
            return sum(1 for j in self._waiting if client is None or j.client == client)

    # ------------------------------------------------------------------ use

    def submit(self, client: str, call: Callable[[], _T]) -> Future[_T]:
        """Queue ``call`` for ``client``; its future. :class:`SearchBusyError` when the client
        already has ``per_client`` queries waiting or running, or ``queue`` queries wait."""
        job = _Job(client, call)
        with self._lock:
            if self._closed:
                raise StoreUnavailableError("the store is closed: open it again to search")
            held = self._held.get(client, 0)
            if held >= self.per_client:
                raise SearchBusyError(
                    f"you already have {held} searches waiting for the embedding model (at most {self.per_client} at once): "
                    "wait for them to finish, then search again, or use keyword mode"
                )
            if len(self._waiting) >= self.queue:
                raise SearchBusyError(
                    f"{len(self._waiting)} searches are waiting for the embedding model: try again in a moment, or use keyword mode"
                )
            self._held[client] = held + 1
            self._waiting.append(job)
            self._dispatch()
        return job.future

    def cancel(self, future: Future[Any]) -> bool:
        """Withdraw a query that has not started; False when it has (it then runs to its end)."""
        with self._lock:
            for job in self._waiting:
                if job.future is future:
                    self._waiting.remove(job)
                    self._release(job.client)
                    job.future.cancel()
                    return True
        return False

    def close(self) -> None:
        """Refuse new queries, cancel the waiting ones and let the running ones end."""
        with self._lock:
            self._closed = True
            waiting, self._waiting = list(self._waiting), deque()
            for job in waiting:
                self._release(job.client)
            pools, self._pool, self._low = (self._pool, self._low), None, None
        for job in waiting:
            job.future.cancel()
        for pool in pools:
            if pool is not None:
                pool.shutdown(wait=False)

    # ------------------------------------------------------------------ scheduling (under the lock)

    def _release(self, client: str) -> None:
        left = self._held[client] - 1
        if left:
            self._held[client] = left
        else:
            del self._held[client]
            self._served.pop(client, None)

    def _dispatch(self) -> None:
        while self._busy < self.workers and self._waiting:
            best: _Job | None = None
            best_key = (0, 0)
            for job in self._waiting:  # oldest first, so the oldest job of the chosen client wins
                running = self._running.get(job.client, 0)
                if running >= self.client_threads:
                    continue
                key = (running, self._served.get(job.client, -1))
                if best is None or key < best_key:
                    best, best_key = job, key
            if best is None:
                return
            self._waiting.remove(best)
            self._turn += 1
            self._served[best.client] = self._turn
            if not best.future.set_running_or_notify_cancel():
                self._release(best.client)
                continue
            self._running[best.client] = self._running.get(best.client, 0) + 1
            self._busy += 1
            self._pool_for(self._held[best.client] > 1).submit(self._run, best)

    def _pool_for(self, low: bool) -> ThreadPoolExecutor:
        pool = self._low if low else self._pool
        if pool is None:
            if low:
                pool = self._low = ThreadPoolExecutor(self.workers, thread_name_prefix="store-query-low", initializer=_lower_priority)
            else:
                pool = self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="store-query")
        return pool

    def _run(self, job: _Job) -> None:
        failure: BaseException | None = None
        result: Any = None
        try:
            result = job.call()
        except BaseException as exc:  # handed to the waiting search, which decides
            failure = exc
        with self._lock:  # the counts are right before anyone waiting on the future wakes
            self._busy -= 1
            left = self._running[job.client] - 1
            if left:
                self._running[job.client] = left
            else:
                del self._running[job.client]
            self._release(job.client)
            if not self._closed:
                self._dispatch()
        if failure is not None:
            job.future.set_exception(failure)
        else:
            job.future.set_result(result)
