"""Convert many documents at once: :func:`convert_many` and :func:`iter_convert`.

Files are converted in a pool of worker processes (``spawn`` start method by default, so
it behaves the same on Linux, macOS and Windows). Results come back in input order and
one bad file never aborts the batch: its place holds a :class:`ConversionFailure` that
says which file, which error and why. Options are checked once, before any worker
starts, so a mistake in them raises :class:`dan.DanError` at once instead of failing
every file.

Because workers are separate processes, everything sent to them must pickle: the
``names`` hook has to be a module-level function (or a ``functools.partial`` of one),
not a lambda or a nested function. Call :func:`convert_many` under
``if __name__ == "__main__":`` in scripts, as for any spawn-based pool.

The library never prints: ``progress=True`` shows a bar on stderr only because the
caller asked for it (tqdm when installed, else a plain-text fallback).
"""

from __future__ import annotations

import collections
import multiprocessing
import os
import pickle
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from types import MappingProxyType
from typing import Any, Protocol, TextIO, TypeAlias

from attrs import field, frozen

from dan.converter import DanResult, convert
from dan.errors import BatchError, DanError, WorkerCrashedError
from dan.model import Message
from dan.options import OPTION_NAMES, ConvertOptions, build_options

__all__ = [
    "BatchError",
    "BatchResult",
    "ConversionFailure",
    "ConversionPool",
    "Outcome",
    "ProgressCallback",
    "ProgressDisplay",
    "Source",
    "WorkerCrashedError",
    "convert_many",
    "convert_one",
    "iter_convert",
    "progress_bar",
]

#: One input of a batch: a path (``str`` or ``PathLike``) or the document's bytes.
Source: TypeAlias = "str | os.PathLike[str] | bytes | bytearray | memoryview"
#: ``progress(done, total, source_name)``, called in the calling process after each file.
ProgressCallback: TypeAlias = Callable[[int, int, str], None]

#: Keyword arguments of :func:`dan.convert` that a batch passes on to every file: the
#: fields of :class:`dan.ConvertOptions`.
_PASSED_ON = frozenset(OPTION_NAMES)
#: Keyword arguments that name one document and so make no sense for a batch.
_PER_DOCUMENT = frozenset({"doc_id", "doc_title"})


@frozen(slots=True)
class ConversionFailure:
    """An input that did not convert, in its place in the batch.

    ``error`` is the exception itself (re-created in the calling process), so
    ``isinstance(f.error, dan.LimitExceededError)`` works; ``error_type`` and
    ``message`` are its class name and text; ``traceback`` the formatted traceback from
    the worker, for bug reports.
    """

    #: Position of the input in the batch (0-based).
    index: int
    #: The input as given: the path as a string, or ``<bytes #i>`` for bytes.
    source: str
    #: Class name of the exception, e.g. ``"CorruptDocumentError"``.
    error_type: str
    #: The exception's message (with its notes, in parentheses).
    message: str
    #: The exception (a :class:`dan.DanError` unless the failure was a bug or a hook error).
    error: BaseException = field(eq=False, repr=False)
    #: The formatted traceback (empty for errors raised before conversion started).
    traceback: str = field(default="", eq=False, repr=False)

    def __str__(self) -> str:
        return f"{self.source}: {self.message}"


#: What a batch yields for each input.
Outcome: TypeAlias = "DanResult | ConversionFailure"


@frozen(slots=True)
class BatchResult:
    """The outcome of :func:`convert_many`: one entry per input, in input order.

    Iterating, indexing and ``len`` see :attr:`outcomes` (a :class:`dan.DanResult` or a
    :class:`ConversionFailure` per input), so ``zip(paths, batch)`` pairs each input with
    its outcome. :attr:`results` and :attr:`errors` split them.
    """

    outcomes: tuple[DanResult | ConversionFailure, ...]

    @property
    def results(self) -> tuple[DanResult, ...]:
        """The successful conversions, in input order."""
        return tuple(o for o in self.outcomes if isinstance(o, DanResult))

    @property
    def errors(self) -> tuple[ConversionFailure, ...]:
        """The failures, in input order (empty when every input converted)."""
        return tuple(o for o in self.outcomes if isinstance(o, ConversionFailure))

    @property
    def ok(self) -> bool:
        """True when every input converted."""
        return not any(isinstance(o, ConversionFailure) for o in self.outcomes)

    def raise_for_errors(self) -> None:
        """Raise :class:`BatchError` (chained to the first failure's error) if any input failed."""
        errors = self.errors
        if errors:
            shown = "; ".join(str(e) for e in errors[:3])
            more = f" (and {len(errors) - 3} more)" if len(errors) > 3 else ""
            raise BatchError(
                f"{len(errors)} of {len(self.outcomes)} inputs failed: {shown}{more}"
            ) from errors[0].error

    def __len__(self) -> int:
        return len(self.outcomes)

    def __iter__(self) -> Iterator[DanResult | ConversionFailure]:
        return iter(self.outcomes)

    def __getitem__(self, index: int) -> DanResult | ConversionFailure:
        return self.outcomes[index]


# ---------------------------------------------------------------------------- options


def _check_options(options: ConvertOptions | None, keywords: Mapping[str, Any]) -> ConvertOptions:
    """The batch's options, built and checked once, before any file is read."""
    unknown = sorted(set(keywords) - _PASSED_ON - _PER_DOCUMENT)
    if unknown:
        raise DanError(
            f"unknown option(s) for convert_many: {', '.join(unknown)}; "
            f"accepted: {', '.join(sorted(_PASSED_ON))}"
        )
    per_doc = sorted(set(keywords) & _PER_DOCUMENT)
    if per_doc:
        raise DanError(
            f"{', '.join(per_doc)} name(s) one document and cannot apply to a batch: "
            "leave them out "
            "(ids are derived from each file's content, titles from the document or file name) "
            "or call dan.convert per file"
        )
    opts = build_options(options, keywords, "convert_many")
    names = opts.names
    if names is not None:
        try:
            pickle.loads(pickle.dumps(names))
        except Exception as exc:
            raise DanError(
                f"the names hook {names!r} cannot be pickled ({exc}); "
                "convert_many sends it to worker "
                "processes: define it as a module-level function, or a functools.partial of one, "
                "not a lambda, a nested function or a bound method of an unpicklable object"
            ) from exc
    return opts


def _source_name(index: int, source: object) -> str:
    if isinstance(source, (str, os.PathLike)):
        return str(os.fspath(source))
    return f"<bytes #{index}>"


def _check_sources(sources: Iterable[Source]) -> list[Source]:
    if isinstance(sources, (str, bytes, bytearray, memoryview, os.PathLike)):
        raise DanError(
            "convert_many takes an iterable of paths or bytes, not a single one: "
            "wrap it in a list, or call dan.convert"
        )
    items = list(sources)
    for i, item in enumerate(items):
        if not isinstance(item, (str, os.PathLike, bytes, bytearray, memoryview)):
            raise DanError(
                f"input {i} is {type(item).__name__}: "
                "convert_many takes paths (str or PathLike) or bytes"
            )
    return [bytes(s) if isinstance(s, (bytearray, memoryview)) else s for s in items]


def _check_workers(workers: int | None, n: int) -> int:
    if workers is None:
        return max(1, min(os.cpu_count() or 1, n))
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise DanError(f"workers must be an int >= 1 (or None for one per CPU), got {workers!r}")
    return workers


# ---------------------------------------------------------------------------- workers

# DanResult holds its records in MappingProxyType, which does not pickle; results cross
# the process boundary as plain tuples and are rebuilt here.
_Wire = tuple[str, str, tuple[str, ...], tuple[dict[str, str | int], ...], str, tuple[Message, ...]]


def _to_wire(res: DanResult) -> _Wire:
    return (res.doc_id, res.doc_title, res.chunks, res.records, res.page_kind, res.warnings)


def _from_wire(wire: _Wire) -> DanResult:
    doc_id, title, chunks, records, page_kind, warnings = wire
    return DanResult(
        doc_id=doc_id,
        doc_title=title,
        chunks=chunks,
        records=tuple(MappingProxyType(dict(r)) for r in records),
        page_kind=page_kind,
        warnings=warnings,
    )


def _message(exc: BaseException) -> str:
    """The exception's text, with its notes (e.g. which chunk a names hook failed on)."""
    text = str(exc) or type(exc).__name__
    notes = [str(n) for n in getattr(exc, "__notes__", ())]
    return f"{text} ({'; '.join(notes)})" if notes else text


def _failure(index: int, source: object, exc: BaseException, tb: str = "") -> ConversionFailure:
    return ConversionFailure(
        index=index,
        source=_source_name(index, source),
        error_type=type(exc).__name__,
        message=_message(exc),
        error=exc,
        traceback=tb,
    )


def _portable(exc: BaseException) -> BaseException:
    """``exc`` if it survives pickling, else a :class:`DanError` carrying its text."""
    try:
        pickle.loads(pickle.dumps(exc))
        return exc
    except Exception:
        return DanError(f"{type(exc).__name__}: {exc}")


def convert_one(
    index: int, source: Source, options: ConvertOptions | Mapping[str, Any]
) -> DanResult | ConversionFailure:
    """Convert one input in this process with ``dan.convert(source, options=options)``
    (or ``dan.convert(source, **options)`` for a mapping of keyword arguments).

    Any exception becomes a :class:`ConversionFailure` at position ``index`` instead of
    propagating (``KeyboardInterrupt`` and other non-``Exception`` errors still do).
    """
    try:
        if isinstance(options, ConvertOptions):
            return convert(source, options=options)
        return convert(source, **options)
    except Exception as exc:  # one bad file must never abort the batch
        return _failure(index, source, exc, traceback.format_exc())


def _work(index: int, source: Source, options: ConvertOptions) -> _Wire | ConversionFailure:
    """The worker-process entry point (module level, so it pickles under ``spawn``)."""
    out = convert_one(index, source, options)
    if isinstance(out, DanResult):
        return _to_wire(out)
    err = _portable(out.error)
    if err is not out.error:
        out = ConversionFailure(
            index=out.index,
            source=out.source,
            error_type=out.error_type,
            message=out.message,
            error=err,
            traceback=out.traceback,
        )
    return out


def _work_many(
    tasks: list[tuple[int, Source]], options: ConvertOptions
) -> list[tuple[int, _Wire | ConversionFailure]]:
    """Several inputs in one task (fewer round trips for many small files)."""
    return [(i, _work(i, source, options)) for i, source in tasks]


def _ready() -> int:
    """A task that only proves its worker is up (it has imported dan and built the tokenizer)."""
    time.sleep(0.05)  # long enough that the next one goes to another, new, worker
    return os.getpid()


def _chunk_size(n: int, workers: int) -> int:
    """Inputs per task: one while there are few per worker (balance), more for thousands."""
    return max(1, min(16, n // (8 * workers)))


def _warm_up() -> None:
    """Worker initializer: build the tokenizer once per process, before the first file."""
    from dan.tokenizer import count_tokens

    count_tokens("warm up")


def _crashed(index: int, source: Source) -> ConversionFailure:
    return _failure(
        index,
        source,
        WorkerCrashedError(
            "the worker process died while converting this input (a crash or out of memory); "
            "try it alone with dan.convert, or lower the limits (dan.Limits)"
        ),
    )


def _pool_outcomes(
    items: list[Source],
    options: ConvertOptions,
    pool: ConversionPool,
) -> Iterator[tuple[int, DanResult | ConversionFailure]]:
    """``(index, outcome)`` in completion order, from ``pool``'s workers.

    Inputs go out in tasks of :func:`_chunk_size` inputs, at most two tasks per worker in
    flight. A crashed worker breaks the whole pool; it is replaced, and the inputs in
    flight at that moment are retried one at a time in a one-process pool of their own, so
    an input that crashes it again is blamed alone (:class:`WorkerCrashedError`) and every
    other input still converts.
    """
    size = _chunk_size(len(items), pool.workers)
    queue = collections.deque(
        [list(range(k, min(k + size, len(items)))) for k in range(0, len(items), size)]
    )
    suspects: collections.deque[list[int]] = collections.deque()
    while queue or suspects:
        isolate = bool(suspects)
        pending = suspects if isolate else queue
        executor = pool._isolated() if isolate else pool._executor()
        # in isolation one input at a time, so a crash names it
        cap = 1 if isolate else 2 * pool.workers
        inflight: dict[Future[list[tuple[int, _Wire | ConversionFailure]]], list[int]] = {}
        broken = False
        try:
            while not broken:
                while pending and len(inflight) < cap:
                    todo = pending.popleft()
                    try:
                        fut = executor.submit(_work_many, [(i, items[i]) for i in todo], options)
                    except BrokenProcessPool:
                        pending.appendleft(todo)
                        broken = True
                        break
                    inflight[fut] = todo
                if not inflight:
                    break
                done, _ = wait(inflight, return_when=FIRST_COMPLETED)
                for fut in done:
                    todo = inflight.pop(fut)
                    try:
                        outcomes = fut.result()
                    except BrokenProcessPool:
                        broken = True
                        if isolate:
                            yield todo[0], _crashed(todo[0], items[todo[0]])
                        else:
                            suspects.extend([i] for i in todo)
                        continue
                    for i, out in outcomes:
                        yield i, out if isinstance(out, ConversionFailure) else _from_wire(out)
            # whatever was still in flight when the pool broke is retried in isolation
            suspects.extend([i] for i in sorted(i for todo in inflight.values() for i in todo))
            inflight.clear()
        finally:
            for fut in inflight:  # the caller stopped early: drop what has not started
                fut.cancel()
            if isolate:
                executor.shutdown(wait=True, cancel_futures=True)
            elif broken:
                pool._replace(executor)


class ConversionPool:
    """Worker processes that stay up across batches: convert many files, many times, and
    pay for starting Python, importing dan and building the tokenizer once per worker.

    ``workers`` is the number of processes (``None``: one per CPU); ``start_method`` as in
    :mod:`multiprocessing` (``spawn`` by default). Workers start at the first batch, or at
    :meth:`start`. Use it as a context manager, or call :meth:`close` (a pool not closed is
    shut down when the interpreter exits). One pool may serve several threads at once.

    >>> with dan.ConversionPool(workers=2) as pool:                  # doctest: +SKIP
    ...     first = pool.convert_many(paths, max_tokens=512)
    ...     again = pool.convert_many(paths, max_tokens=1024)        # the same warm workers
    """

    def __init__(self, workers: int | None = None, *, start_method: str = "spawn") -> None:
        self.workers = _check_workers(workers, os.cpu_count() or 1)
        _check_start_method(start_method)
        self.start_method = start_method
        self._ctx = multiprocessing.get_context(start_method)
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False

    def __repr__(self) -> str:
        state = "closed" if self._closed else "running" if self._pool else "not started"
        return f"ConversionPool(workers={self.workers}, {self.start_method!r}, {state})"

    def __enter__(self) -> ConversionPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> ConversionPool:
        """Start every worker now and wait until each is ready (dan imported, tokenizer
        built), so the first batch is timed like the others. Returns the pool."""
        executor = self._executor()
        for fut in [executor.submit(_ready) for _ in range(self.workers)]:
            fut.result()
        return self

    def close(self) -> None:
        """Stop the workers (after the tasks they are running). Closing twice is harmless."""
        with self._lock:
            self._closed = True
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

    def iter_convert(
        self,
        sources: Iterable[Source],
        *,
        progress: bool | ProgressCallback = False,
        options: ConvertOptions | None = None,
        **convert_kwargs: Any,
    ) -> Iterator[DanResult | ConversionFailure]:
        """:func:`iter_convert` on this pool's workers."""
        return iter_convert(
            sources, pool=self, progress=progress, options=options, **convert_kwargs
        )

    def convert_many(
        self,
        sources: Iterable[Source],
        *,
        progress: bool | ProgressCallback = False,
        options: ConvertOptions | None = None,
        **convert_kwargs: Any,
    ) -> BatchResult:
        """:func:`convert_many` on this pool's workers."""
        return convert_many(
            sources, pool=self, progress=progress, options=options, **convert_kwargs
        )

    # -- internals, used by _pool_outcomes

    def _check_open(self) -> None:
        if self._closed:
            raise DanError("this ConversionPool is closed: make a new one")

    def _executor(self) -> ProcessPoolExecutor:
        with self._lock:
            self._check_open()
            if self._pool is None:
                self._pool = ProcessPoolExecutor(
                    max_workers=self.workers, mp_context=self._ctx, initializer=_warm_up
                )
            return self._pool

    def _isolated(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=1, mp_context=self._ctx, initializer=_warm_up)

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        """Drop a pool a crashed worker broke (the next batch starts a fresh one)."""
        with self._lock:
            if self._pool is broken:
                self._pool = None
        broken.shutdown(wait=False, cancel_futures=True)


def _check_start_method(start_method: str) -> None:
    if start_method not in multiprocessing.get_all_start_methods():
        raise DanError(
            f"start_method {start_method!r} is not available here; use one of "
            f"{', '.join(multiprocessing.get_all_start_methods())}"
        )


# ---------------------------------------------------------------------------- progress


class ProgressDisplay(Protocol):
    """A progress display: called after each file, closed at the end."""

    def __call__(self, done: int, total: int, name: str) -> None:
        """Show that ``done`` of ``total`` inputs are finished, the last being ``name``."""

    def write(self, line: str) -> None:
        """Print ``line`` (no newline needed) without garbling the display."""

    def close(self) -> None:
        """Finish the display (end the line, close the bar)."""


class _TextProgress:
    """The plain-text progress display used when tqdm is not installed."""

    def __init__(self, total: int, stream: TextIO) -> None:
        self._total = total
        self._stream = stream
        self._tty = bool(getattr(stream, "isatty", lambda: False)())
        self._width = len(str(total))

    def __call__(self, done: int, total: int, name: str) -> None:
        line = f"dan: [{done:>{self._width}}/{total}] {name}"
        if self._tty:
            self._stream.write("\r\x1b[K" + line[:200])
        else:
            self._stream.write(line + "\n")
        self._stream.flush()

    def write(self, line: str) -> None:
        self._stream.write(("\r\x1b[K" if self._tty else "") + line.rstrip("\n") + "\n")
        self._stream.flush()

    def close(self) -> None:
        if self._tty:
            self._stream.write("\n")
            self._stream.flush()


class _TqdmProgress:
    """A tqdm bar (used when tqdm is importable)."""

    def __init__(self, total: int, stream: TextIO) -> None:
        from tqdm import tqdm

        self._tqdm = tqdm
        self._stream = stream
        self._bar = tqdm(total=total, unit="file", file=stream, dynamic_ncols=True, leave=True)

    def __call__(self, done: int, total: int, name: str) -> None:
        self._bar.set_postfix_str(os.path.basename(name)[-40:], refresh=False)
        self._bar.update(done - self._bar.n)

    def write(self, line: str) -> None:
        self._tqdm.write(line.rstrip("\n"), file=self._stream)

    def close(self) -> None:
        self._bar.close()


def progress_bar(total: int, stream: TextIO | None = None) -> ProgressDisplay:
    """A progress display for ``total`` files on ``stream`` (stderr): tqdm if installed, else
    plain text.

    The object is a :data:`ProgressCallback` with a ``close()`` method.
    """
    out = stream if stream is not None else sys.stderr
    try:
        return _TqdmProgress(total, out)
    except ImportError:
        return _TextProgress(total, out)


# ---------------------------------------------------------------------------- API


def iter_convert(
    sources: Iterable[Source],
    *,
    workers: int | None = None,
    progress: bool | ProgressCallback = False,
    start_method: str = "spawn",
    pool: ConversionPool | None = None,
    options: ConvertOptions | None = None,
    **convert_kwargs: Any,
) -> Iterator[DanResult | ConversionFailure]:
    """Convert many inputs, yielding one outcome per input, in input order, as they finish.

    The streaming form of :func:`convert_many` (same arguments): a caller can write each
    result out while later files are still converting. Options are validated before the
    first yield; closing the iterator early cancels the files not yet started.
    """
    items = _check_sources(sources)
    opts = _check_options(options, convert_kwargs)
    if pool is not None:
        if not isinstance(pool, ConversionPool):
            raise DanError(f"pool must be a dan.ConversionPool, got {pool!r}")
        if workers is not None:
            raise DanError(
                "give workers= to the ConversionPool, not to a batch that runs on it "
                f"(the pool has {pool.workers})"
            )
        pool._check_open()  # (before the first yield, not at it)
        n_workers = pool.workers
    else:
        n_workers = _check_workers(workers, len(items))
        _check_start_method(start_method)
    if progress is True:
        bar: ProgressDisplay | None = progress_bar(len(items))
        report: ProgressCallback | None = bar
    elif progress is False or progress is None:
        bar, report = None, None
    elif callable(progress):
        bar, report = None, progress
    else:
        raise DanError(
            f"progress must be True, False or a callable(done, total, name), got {progress!r}"
        )
    return _ordered(items, opts, n_workers, start_method, pool, report, bar)


def _ordered(
    items: list[Source],
    options: ConvertOptions,
    workers: int,
    start_method: str,
    pool: ConversionPool | None,
    report: ProgressCallback | None,
    bar: ProgressDisplay | None,
) -> Iterator[DanResult | ConversionFailure]:
    total = len(items)
    own: ConversionPool | None = None
    if pool is None and (workers == 1 or total <= 1):
        completed: Iterator[tuple[int, DanResult | ConversionFailure]] = (
            (i, convert_one(i, s, options)) for i, s in enumerate(items)
        )
    else:
        if pool is None:  # a pool for this batch only
            pool = own = ConversionPool(min(workers, total), start_method=start_method)
        completed = _pool_outcomes(items, options, pool)
    waiting: dict[int, DanResult | ConversionFailure] = {}
    next_index = 0
    done = 0
    try:
        for i, outcome in completed:
            done += 1
            if report is not None:
                report(done, total, _source_name(i, items[i]))
            waiting[i] = outcome
            while next_index in waiting:
                yield waiting.pop(next_index)
                next_index += 1
    finally:
        close = getattr(completed, "close", None)
        if close is not None:
            close()
        if own is not None:
            own.close()
        if bar is not None:
            bar.close()


def convert_many(
    sources: Iterable[Source],
    *,
    workers: int | None = None,
    progress: bool | ProgressCallback = False,
    start_method: str = "spawn",
    pool: ConversionPool | None = None,
    options: ConvertOptions | None = None,
    **convert_kwargs: Any,
) -> BatchResult:
    """Convert many documents in a process pool; results in input order, failures collected.

    ``sources`` are paths (``str``/``PathLike``) or bytes. ``options`` (a
    :class:`dan.ConvertOptions`) and ``convert_kwargs`` (its fields as keywords, replacing
    those of ``options``) are the options of :func:`dan.convert` that apply to every file
    (``max_tokens``, ``doc_type``, ``user_meta``, ``names``, ``first_page``, ``last_page``,
    ``limits``, ``field_labels``, ``main_content``, ``link_targets``...); ``doc_id`` and
    ``doc_title`` name one document and raise :class:`dan.DanError`, as do invalid options
    and a names hook that does not pickle, before any file is read. ``workers`` is the
    number of processes (``None``: one per CPU, at most one per input; ``1``: convert in
    this process, no pool). ``progress`` is ``True`` for a bar on stderr, or a callable
    ``(done, total, source_name)``.
    ``pool`` runs the batch on a :class:`ConversionPool`'s warm workers (then leave
    ``workers`` out); without it the batch starts a pool of its own and stops it at the end.

    Returns a :class:`BatchResult`: ``.outcomes`` holds a :class:`dan.DanResult` or a
    :class:`ConversionFailure` per input, ``.results`` / ``.errors`` split them and
    ``.raise_for_errors()`` turns failures into one :class:`BatchError`. A failing file
    (bad format, corrupt, over a limit, a names-hook exception, even a crashed worker)
    never stops the others.

    >>> batch = dan.convert_many(["a.docx", "b.html"], workers=2, max_tokens=512)  # doctest: +SKIP
    >>> for path, outcome in zip(["a.docx", "b.html"], batch): ...                 # doctest: +SKIP
    """
    return BatchResult(
        tuple(
            iter_convert(
                sources,
                workers=workers,
                progress=progress,
                start_method=start_method,
                pool=pool,
                options=options,
                **convert_kwargs,
            )
        )
    )
