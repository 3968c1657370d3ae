"""The store's limits and processing settings (defaults from TX Text Control AI.Knowledge)."""

from __future__ import annotations

import os
from collections.abc import Iterable

from attrs import field, frozen, validators

import dan
from demo.store.errors import InvalidRequestError

__all__ = ["CONTEXT_MODES", "AskOptions", "StoreOptions"]

#: The values of ``StoreOptions.index_context``.
CONTEXT_MODES = ("off", "embedding", "both")

_positive = [validators.instance_of(int), validators.gt(0)]


def _dirs(value: Iterable[str | os.PathLike[str]]) -> tuple[str, ...]:
    if isinstance(value, (str, os.PathLike)):
        value = (value,)
    out = []
    for d in value:
        path = os.fspath(d)
        if not os.path.isabs(path):
            raise InvalidRequestError(f"approved import directory {path!r} must be an absolute path")
        out.append(os.path.normpath(path))
    return tuple(out)


def _check_int(name: str, value: object, lo: int, hi: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidRequestError(f"{name} must be an int from {lo:,} to {hi:,}, got {value!r}")


@frozen(slots=True)
class StoreOptions:
    """Limits and processing settings of one :class:`~demo.store.KnowledgeStore`.

    Every refusal is an error that names the limit; nothing is half stored. Changing
    ``max_tokens``, ``index_pct`` or ``index_context`` (or the embedding provider) changes the processing
    configuration: identical bytes are then processed again instead of being skipped.
    """

    #: Largest file accepted by ``enqueue`` (``FileTooLargeError``). 32 MiB.
    max_file_bytes: int = field(default=32 * 1024 * 1024, validator=_positive)
    #: Characters of text one document may hold (dan's ``Limits.max_chars``). 2,000,000.
    max_extracted_chars: int = field(default=2_000_000, validator=_positive)
    #: Jobs waiting or running at once, store-wide (``PendingJobsLimitError``). 32.
    max_pending_jobs: int = field(default=32, validator=_positive)
    #: Chunks one document may produce (dan's ``Limits.max_chunks``). 10,000.
    max_chunks: int = field(default=10_000, validator=_positive)
    #: dan's chunk limit in o200k tokens. 256: on the quality benchmark's documents, with the
    #: default MiniLM hybrid search, dan + ven recall 82 % of the evidence at 1k tokens and
    #: 92 % at 2k, against 76 % and 88 % with 512-token chunks (docs/benchmarks.md, Embeddings).
    max_tokens: int = field(default=256, validator=_positive)
    #: Size of each source's routing index entry, percent of its tokens (ven). 10.
    index_pct: float = 10.0
    #: Directories ``import_directory`` may read (exact, absolute; not their subdirectories).
    approved_import_dirs: tuple[str, ...] = field(default=(), converter=_dirs)
    #: Index each passage with a context line from its dan record (title, section path, page,
    #: table column headings, authors of its revisions and comments; :mod:`demo.store.context`):
    #: ``"off"``, ``"embedding"`` (the line is embedded with the text) or ``"both"`` (embedded
    #: and in full text too). What is shown or sent to a model stays the chunk's text. Part of
    #: the processing configuration and (unless ``"off"``) of the embedding identity: a change
    #: reindexes. ``"off"`` by default: a store written before the option would otherwise
    #: hold sources of another identity, which only a reindex (``python -m demo reindex``,
    #: ``POST /api/knowledge/{cid}/reindex`` or ``reindex_collection``) brings back to
    #: semantic and hybrid search. On
    #: ``benchmarks/quality`` ``"embedding"`` lifts hybrid and semantic recall and leaves
    #: keyword search as it was; ``"both"`` loses 0.4–0.5 points of keyword recall at 1k
    #: (docs/store.md, "The context line").
    index_context: str = "off"
    #: Chunks embedded per provider call. 64.
    embed_batch: int = field(default=64, validator=_positive)
    #: Seconds after which a running job whose worker stopped reporting is taken as interrupted. 120.
    stale_after: float = 120.0
    #: Seconds a search waits for its query's embedding and vector ranking (the semantic
    #: lane). Past it, hybrid and auto search answer with keyword ranking and a notice;
    #: semantic search is refused (``EmbeddingUnavailableError``, 503). 2.
    semantic_timeout: float = 2.0
    #: Threads that embed search queries (:class:`~demo.store.lanes.QueryLane`). 2.
    query_workers: int = field(default=2, validator=_positive)
    #: Query embeddings one client (access subject) may have waiting or running; one more is
    #: refused with ``SearchBusyError`` (429). Whatever it sends, one client never holds every
    #: thread and is served in turn with the others. 8.
    queries_per_client: int = field(default=8, validator=_positive)
    #: Query embeddings waiting in all before searches are refused (429). 64.
    query_queue: int = field(default=64, validator=_positive)

    def __attrs_post_init__(self) -> None:
        if self.index_context not in CONTEXT_MODES:
            raise InvalidRequestError(f"index_context must be 'off', 'embedding' or 'both', got {self.index_context!r}")
        if self.max_tokens < 16:
            raise InvalidRequestError(f"max_tokens={self.max_tokens} is too small: use at least 16")
        if isinstance(self.index_pct, bool) or not isinstance(self.index_pct, (int, float)) or not 0 < self.index_pct <= 100:
            raise InvalidRequestError(f"index_pct must be a percentage in (0, 100], got {self.index_pct!r}")
        if isinstance(self.stale_after, bool) or not isinstance(self.stale_after, (int, float)) or self.stale_after <= 0:
            raise InvalidRequestError(f"stale_after must be a positive number of seconds, got {self.stale_after!r}")
        t = self.semantic_timeout
        if isinstance(t, bool) or not isinstance(t, (int, float)) or not 0 < t <= 600:
            raise InvalidRequestError(f"semantic_timeout must be a number of seconds in (0, 600], got {t!r}")

    def dan_limits(self) -> dan.Limits:
        """dan's limits for one conversion under these options."""
        return dan.Limits(
            max_input_bytes=self.max_file_bytes,
            max_chars=self.max_extracted_chars,
            max_chunks=self.max_chunks,
        )

    def convert_options(self) -> dan.ConvertOptions:
        """dan's options for every conversion under these options (one value, built here)."""
        return dan.ConvertOptions(max_tokens=self.max_tokens, limits=self.dan_limits())


@frozen(slots=True)
class AskOptions:
    """How :meth:`~demo.store.KnowledgeStore.ask` builds a context (ven's ``Collection`` settings).

    ``max_tokens`` is a hard cap on the document tokens of the context (``None``: the
    reference's percentages alone). ``routing`` is ``lexical`` (ven's model-free router),
    ``model`` (the mini chat model reads the index document) or ``off``. ``extract``: without
    a chat model, answer with sentences extracted from the context (:mod:`demo.store.extract`).
    ``structure``: complete the hits' tables and runs of revisions or comments — ``None``
    (ven's default: under ``max_tokens`` on signals of the ranking and the records: several
    top hits in one structure, marks of a person the question names, room left), ``True``
    always, ``False`` never. ``hints``: ven's English-phrase hints (broad questions, set
    questions, questions about qualifications; off by default, see ``docs/ven.md``).
    ``meaning``: the extract also ranks the sentences of the search's best hits by the store's
    embedding model (one of them comes second when its words differ from the question's);
    needs a model and a hybrid, semantic or auto search (see ``docs/answers.md``).
    ``routed_fill`` (on by default): when the route's files are sent whole and leave room
    under ``max_tokens``, the rest goes to the search's hits in the other files (ven's
    ``Collection(routed_fill=True)``), so a route that chose the wrong file still leaves room
    for the right one; the extract answers from the routed files first.
    """

    max_tokens: int | None = 6000
    routing: str = "lexical"
    threshold: int = 20_000
    retrieval_pct: float = 15
    enrichment_pct: float = 10
    global_spread_pct: float = 25
    confidence: int = 70
    rank_order: bool = True
    extract: bool = True
    structure: bool | None = None
    hints: bool = False
    meaning: bool = True
    routed_fill: bool = True

    def __attrs_post_init__(self) -> None:
        if not isinstance(self.hints, bool):
            raise InvalidRequestError(f"hints must be True or False, got {self.hints!r}")
        if not isinstance(self.meaning, bool):
            raise InvalidRequestError(f"meaning must be True or False, got {self.meaning!r}")
        if not isinstance(self.routed_fill, bool):
            raise InvalidRequestError(f"routed_fill must be True or False, got {self.routed_fill!r}")
        if not isinstance(self.extract, bool):
            raise InvalidRequestError(f"extract must be True or False, got {self.extract!r}")
        if self.structure is not None and not isinstance(self.structure, bool):
            raise InvalidRequestError(f"structure must be True, False or None, got {self.structure!r}")
        if self.max_tokens is not None:
            _check_int("max_tokens", self.max_tokens, 128, 1_000_000)
        if self.routing not in ("lexical", "model", "off"):
            raise InvalidRequestError(f"routing must be 'lexical', 'model' or 'off', got {self.routing!r}")
        _check_int("threshold", self.threshold, 0, 100_000_000)
        _check_int("confidence", self.confidence, 0, 100)
        for name in ("retrieval_pct", "enrichment_pct", "global_spread_pct"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 100:
                raise InvalidRequestError(f"{name} must be a percentage from 0 to 100, got {value!r}")
