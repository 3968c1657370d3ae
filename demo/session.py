"""A RAG session: dan converts, a LangChain vector store searches, ven builds the context.

The steps of the reference's "Getting started" (SPEC §6 and ``docs/demo.md``):

1. each file is converted by :func:`dan.convert` into chunks and flat records;
2. chunks go into the vector store *exactly* as dan produced them
   (``Document(page_content=chunk, metadata=record)``) and the records into a
   :class:`ven.collection.Collection`;
3. a question is routed with the index document (model or lexical router), retrieved,
   and expanded per file within token budgets by the collection;
4. the model gets ``dan.system_message()`` + the context (static content first, for prompt
   caching) + the chat history; offline, the session returns the context and citations
   instead of a generated answer.
"""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from langchain_core.documents import Document
from langchain_core.embeddings import Embeddings
from langchain_core.vectorstores import InMemoryVectorStore, VectorStore

import dan
import ven
from demo.models import ChatModel, Message
from demo.store.ask import CONTEXT_INTRO, is_broad
from ven.collection import Collection, CollectionContext

__all__ = ["CONTEXT_INTRO", "DemoConfig", "LoadedFile", "RagSession", "Turn", "citations", "make_search", "progress_bar"]

log = logging.getLogger("demo")

_HEADER = re.compile(r"^\[(.+)\]$")


@dataclass
class DemoConfig:
    """Every tuning value of the demo (the reference's defaults)."""

    max_tokens: int = 1024
    threshold: int = 20_000
    retrieval_pct: float = 15
    enrichment_pct: float = 10
    global_spread_pct: float = 25
    index_pct: float = 10
    confidence: int = 70
    #: ``model`` (the mini model reads the index), ``lexical`` (no model), ``off``.
    routing: Literal["model", "lexical", "off"] = "lexical"
    rank_order: bool = True


@dataclass(frozen=True)
class LoadedFile:
    """A converted file, or the error that stopped it."""

    path: str
    doc_id: str = ""
    title: str = ""
    chunks: int = 0
    tokens: int = 0
    error: str = ""


@dataclass
class Turn:
    """One question and everything the session did to answer it."""

    question: str
    context: CollectionContext
    system_prompt: str
    answer: str | None
    citations: list[str] = field(default_factory=list)

    @property
    def files(self) -> list[str]:
        """Titles of the files in the context."""
        return [d.title for d in self.context.docs]


def make_search(store: VectorStore) -> Callable[[str, int, frozenset[str] | None], list[tuple[str, int]]]:
    """A ``search(query, k, doc_ids)`` for :class:`~ven.collection.Collection` over a LangChain store.

    An :class:`InMemoryVectorStore` filters by document id inside the search; any other store
    is over-fetched (5×) and filtered afterwards.
    """

    def search(query: str, k: int, doc_ids: frozenset[str] | None) -> list[tuple[str, int]]:
        if k <= 0:
            return []
        if doc_ids is None:
            docs = store.similarity_search(query, k=k)
        elif isinstance(store, InMemoryVectorStore):
            docs = store.similarity_search(query, k=k, filter=lambda d: d.metadata.get("ssDocId") in doc_ids)
        else:
            docs = [d for d in store.similarity_search(query, k=k * 5) if d.metadata.get("ssDocId") in doc_ids][:k]
        out = []
        for d in docs:
            meta = d.metadata or {}
            if "ssDocId" in meta and "ssSeq" in meta:  # chunks that did not come from dan are ignored
                out.append((str(meta["ssDocId"]), int(meta["ssSeq"])))
        return out

    return search


def citations(context_text: str, limit: int = 12) -> list[str]:
    """Distinct citation lines (title, section, pages) of the chunks in a context, in order."""
    seen: list[str] = []
    for block in context_text.split("\n\n"):
        line = block.split("\n", 1)[0]
        found = _HEADER.match(line)
        if found and found.group(1) not in seen:
            seen.append(found.group(1))
    return seen[:limit]


class RagSession:
    """Files, a vector store, a collection and (optionally) models: ask questions."""

    def __init__(
        self,
        config: DemoConfig | None = None,
        *,
        embeddings: Embeddings | None = None,
        store: VectorStore | None = None,
        chat: ChatModel | None = None,
        mini: ChatModel | None = None,
        names: Callable[[str, int, str], dan.Names | None] | None = None,
    ) -> None:
        self.config = config or DemoConfig()
        if embeddings is None:
            from demo.embeddings import HashingEmbeddings

            embeddings = HashingEmbeddings()
        self.store = store if store is not None else InMemoryVectorStore(embeddings)
        self.chat = chat
        self.mini = mini or chat
        self.names = names
        c = self.config
        self.collection = Collection(
            threshold=c.threshold,
            retrieval_pct=c.retrieval_pct,
            enrichment_pct=c.enrichment_pct,
            global_spread_pct=c.global_spread_pct,
            index_pct=c.index_pct,
            confidence=c.confidence,
            rank_order=c.rank_order,
            count_tokens=dan.count_tokens,
        )
        self.history: list[Message] = []
        self.files: list[LoadedFile] = []

    # ------------------------------------------------------------------ loading

    def add_files(self, paths: Iterable[str | Path], progress: Callable[[int, int, str], None] | None = None) -> list[LoadedFile]:
        """Convert and index files; a file that fails is reported, the others still load."""
        files = [Path(p) for p in paths]
        loaded = []
        for i, path in enumerate(files):
            if progress is not None:
                progress(i, len(files), path.name)
            loaded.append(self.add_file(path))
        if progress is not None:
            progress(len(files), len(files), "done")
        return loaded

    def add_file(self, path: str | Path) -> LoadedFile:
        """Convert one file with dan, embed its chunks, add its records to the collection."""
        try:
            res = dan.convert(path, max_tokens=self.config.max_tokens, names=self.names)
        except dan.DanError as exc:
            item = LoadedFile(str(path), error=f"{type(exc).__name__}: {exc}")
            self.files.append(item)
            return item
        if len(res):
            docs = [Document(page_content=text, metadata=record) for text, record in res]
            self.store.add_documents(docs)
            self.collection.add(res.records, res.chunks)
        tokens = sum(int(r["ssTokens"]) for r in res.records)
        item = LoadedFile(str(path), res.doc_id, res.doc_title, len(res), tokens)
        self.files.append(item)
        self.history.clear()
        return item

    # ------------------------------------------------------------------ asking

    def _ask_mini(self, system: str, question: str) -> str:
        assert self.mini is not None
        return self.mini.complete(system, [("user", question)])

    def _broad(self, question: str) -> bool:
        return bool(is_broad(question, self.mini))

    def ask(self, question: str) -> Turn:
        """Route, retrieve, expand and (with a model) answer ``question``."""
        routing = self.config.routing
        if routing == "model" and self.mini is None:
            routing = "lexical"
        ctx = self.collection.context(
            question,
            make_search(self.store),
            routing=routing,
            ask=self._ask_mini if routing == "model" else None,
            broad=self._broad if self.mini is not None else None,
        )
        if ctx.path == "index":
            system = ven.index_system_prompt() + ctx.text  # the prompt ends by introducing the index
        else:
            system = dan.system_message() + "\n\n" + CONTEXT_INTRO + ctx.text
        answer = None
        if self.chat is not None:
            messages = [*self.history, ("user", question)]
            answer = self.chat.complete(system, messages)
            self.history.extend([("user", question), ("assistant", answer)])
        return Turn(question, ctx, system, answer, citations(ctx.text))


def progress_bar(stream: Any = None) -> Callable[[int, int, str], None]:
    """A dependency-free text progress bar on stderr: redrawn in place on a terminal; on a
    file or pipe (a log), no carriage returns, one line when everything is done."""
    out = stream or sys.stderr
    isatty = getattr(out, "isatty", None)
    terminal = bool(isatty()) if callable(isatty) else False

    def show(done: int, total: int, label: str) -> None:
        width = 24
        filled = width * done // max(1, total)
        bar = f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"
        if terminal:
            out.write(f"\r{bar} {label[:40]:40}")
            if done >= total:
                out.write("\n")
        elif done >= total:
            out.write(bar + "\n")
        out.flush()

    return show


