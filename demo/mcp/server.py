"""The knowledge store's MCP tools and resources, for one caller's identity per request.

Every tool runs one public :class:`~demo.store.KnowledgeStore` operation (in a worker
thread) as the caller's :class:`~demo.store.AccessContext` and answers with the HTTP
API's bodies (:mod:`demo.server.convert`). Readers read; changes need the operator role.
A failure the model can act on (not found, not allowed, a bad argument) is a tool error
whose text says what to do; nothing returns a traceback.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

import anyio.to_thread
from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ResourceError, ResourceNotFoundError, ToolError, UnexpectedToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field, ValidationError

from demo.server.auth import Principal
from demo.server.convert import answered, ask_options, collection_out, job_out, passage_out, source_out
from demo.server.schemas import AskOut, CollectionOut, JobOut, PassageOut, SearchOut, SourceOut
from demo.store import AccessContext, KnowledgeStore, NotFoundError, StoreError

__all__ = ["INSTRUCTIONS", "ExpandOut", "Who", "build_server"]

log = logging.getLogger("demo.mcp")

_T = TypeVar("_T")

#: How the server names who is calling: the principal of the current request.
Who = Callable[[Context], Principal]

INSTRUCTIONS = """\
A knowledge store of documents (DOCX, PDF, HTML, Markdown, text) chunked by dan into passages \
that keep their structure: headings, tables, tracked revisions, comments, pages.
Start with list_collections to learn the collection ids. Then either
- ask: one call that routes the question, retrieves, completes tables and runs, and returns an \
assembled context with citations and token accounting (and an answer when the server has a chat \
model; otherwise sentences extracted from the context), or
- search for passages yourself (keyword, semantic or hybrid, within an evidence budget of \
tokens), then expand_passages to bring whole tables, revision and comment runs, cross-referenced \
clauses and neighbouring passages, and get_passage to reread one.
Cite passages by their locator (title · section · page) and file name."""

ColId = Annotated[str, Field(description="The collection's id, from list_collections (not its name).", min_length=1, max_length=200)]
Mode = Annotated[
    Literal["auto", "keyword", "semantic", "hybrid"],
    Field(
        description="keyword: literal words, BM25; semantic: meaning, by embeddings; hybrid: both fused; "
        "auto (best default): hybrid when the store has embeddings, else keyword."
    ),
]
DocIds = Annotated[list[str] | None, Field(description="document_id values from list_sources.", max_length=1000)]

_IDS = " (list_collections and list_sources give the ids you can use)"

READ = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False)
WRITE = ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=False, open_world_hint=False)


class ExpandOut(BaseModel):
    """Passages and what completes them, in reading order per source."""

    passages: list[PassageOut] = Field(description="score 1.0: a passage asked for; 0.0: added to complete it")
    tokens: int = Field(description="tokens of all the passages returned")
    added: int = Field(description="passages added beyond those asked for")


def _problem(exc: StoreError) -> str:
    if exc.status >= 500:
        # the database's or provider's own words name hosts and paths: log them, say less
        log.warning("%s: %s", type(exc).__name__, exc)
        return f"{exc.title}: the knowledge store is unavailable right now; try again"
    return f"{exc.title}: {exc}"


def _plain(name: str, exc: ValidationError) -> str:
    parts = []
    for err in exc.errors()[:10]:
        field = ".".join(str(x) for x in err["loc"]) or "arguments"
        shown = repr(err.get("input"))
        shown = shown if len(shown) <= 60 else shown[:57] + "..."
        parts.append(f"{field}: {err['msg']} (got {shown})" if "input" in err and err["type"] != "missing" else f"{field}: {err['msg']}")
    return f"Invalid arguments for {name}: " + "; ".join(parts) + ". Fix them as the tool's input schema describes."


class _Server(MCPServer):
    """MCPServer whose argument errors read plainly: field, what is wrong, the value given."""

    async def call_tool(self, name: str, arguments: dict[str, Any], context: Context | None = None) -> Any:
        try:
            return await super().call_tool(name, arguments, context)
        except ToolError as exc:
            if not isinstance(exc, UnexpectedToolError) and isinstance(exc.__cause__, ValidationError):
                raise ToolError(_plain(name, exc.__cause__)) from exc.__cause__
            raise


def build_server(store: KnowledgeStore, who: Who, *, chat: Any = None, mini: Any = None) -> MCPServer:
    """The MCP server over ``store``; ``who`` names the caller of each request (fail closed:
    it raises :class:`ToolError` when it cannot). ``chat``/``mini`` as for ``/ask``."""
    server = _Server(
        "dan-ven-knowledge", title="dan + ven knowledge store", instructions=INSTRUCTIONS, version="1", log_level="WARNING"
    )

    async def call(ctx: Context, fn: Callable[[AccessContext], _T], write: bool) -> _T:
        principal = who(ctx)  # raises ToolError when the caller is unknown
        if write and not principal.can_write:
            raise ToolError("Forbidden: this token has the reader role: changes need an operator token")
        return await anyio.to_thread.run_sync(lambda: fn(AccessContext(principal.subject)))

    async def run(ctx: Context, fn: Callable[[AccessContext], _T], write: bool = False) -> _T:
        try:
            return await call(ctx, fn, write)
        except NotFoundError as exc:
            raise ToolError(_problem(exc) + _IDS) from None
        except StoreError as exc:
            raise ToolError(_problem(exc)) from None

    @server.tool(annotations=READ)
    async def list_collections(ctx: Context) -> list[CollectionOut]:
        """The collections you can read: their ids (every other tool takes one), names and owners."""
        return await run(ctx, lambda a: [collection_out(c) for c in store.list_collections(a)])

    @server.tool(annotations=READ)
    async def list_sources(collection_id: ColId, ctx: Context) -> list[SourceOut]:
        """The documents of a collection (the active version of each file): document_id,
        file name, title, chunk count and tokens. Use document_id to scope a search."""
        return await run(ctx, lambda a: [source_out(s) for s in store.list_sources(collection_id, a)])

    @server.tool(annotations=READ)
    async def search(
        collection_id: ColId,
        query: Annotated[str, Field(description="What to find, in words (1-4,000 characters).", min_length=1, max_length=4000)],
        ctx: Context,
        mode: Mode = "auto",
        limit: Annotated[int, Field(description="Most passages to return, 1-50.", ge=1, le=50)] = 6,
        budget: Annotated[
            int, Field(description="Evidence budget: the most tokens of passage text to return, 128-16,000.", ge=128, le=16000)
        ] = 2400,
        filters: Annotated[
            dict[str, str | int] | None,
            Field(description='Equalities on dan\'s record fields, e.g. {"ssSect": 2} or {"ssTables": "T1"}.'),
        ] = None,
        include_documents: DocIds = None,
        exclude_documents: DocIds = None,
    ) -> SearchOut:
        """Find passages (chunks) of a collection, best first, within the evidence budget.
        Each has an id (for get_passage and expand_passages), its text as Markdown, a locator
        to cite, and dan's record. `notice` says when passages were left out for the budget,
        nothing matched, or the mode fell back to keyword."""

        def go(a: AccessContext) -> SearchOut:
            res = store.search(
                collection_id, query, a, mode=mode, limit=limit, budget=budget, filters=filters,
                include_documents=include_documents, exclude_documents=exclude_documents,
            )
            return SearchOut(mode=res.mode.value, passages=[passage_out(p) for p in res.passages],
                             estimated_tokens=res.estimated_tokens, notice=res.notice)

        return await run(ctx, go)

    @server.tool(annotations=READ)
    async def ask(
        collection_id: ColId,
        question: Annotated[str, Field(description="The question, as a user would ask it (1-4,000 characters).", min_length=1, max_length=4000)],
        ctx: Context,
        mode: Mode = "auto",
        max_tokens: Annotated[
            int, Field(description="Hard cap on the context's document tokens, 128-32,000.", ge=128, le=32000)
        ] = 6000,
        routing: Annotated[
            Literal["lexical", "model", "off"] | None,
            Field(description="How to pick the documents first; default: model when the server has a chat model, else lexical."),
        ] = None,
        structure: Annotated[
            bool | None,
            Field(description="Complete the hits' tables and revision/comment runs: default only for questions that ask for a set of things; true always; false never."),
        ] = None,
    ) -> AskOut:
        """Answer a question from a collection, as the HTTP API's /ask does: the route taken,
        the assembled context (Markdown passages with their locators), citations (passage ids,
        files, locators), token accounting, notes, and the answer: generated by the server's
        chat model, or without one sentences extracted from the context (answer_kind
        extracted, or not-found when nothing matched: then search differently)."""

        def go(a: AccessContext) -> AskOut:
            options = ask_options(max_tokens=max_tokens, routing=routing, structure=structure, chat=chat, mini=mini)
            return answered(store.ask(collection_id, question, a, options=options, mode=mode, mini=mini), chat)

        return await run(ctx, go)

    @server.tool(annotations=READ)
    async def get_passage(
        collection_id: ColId,
        passage_id: Annotated[str, Field(description="A passage id from search, ask's citations or expand_passages.", min_length=1, max_length=200)],
        ctx: Context,
    ) -> PassageOut:
        """One passage: its full text, locator, file and dan's record. A passage of a replaced
        or deleted document is gone (not found): search again."""
        return await run(ctx, lambda a: passage_out(store.get_passage(collection_id, passage_id, a)))

    @server.tool(annotations=READ)
    async def expand_passages(
        collection_id: ColId,
        passage_ids: Annotated[list[str], Field(description="1-50 passage ids from search or ask.", min_length=1, max_length=50)],
        ctx: Context,
        budget: Annotated[
            int, Field(description="Extra tokens per document for cross-references and neighbours, 0-100,000.", ge=0, le=100000)
        ] = 2000,
        neighbours: Annotated[
            int, Field(description="Also up to this many passages before and after each one, in reading order, 0-5.", ge=0, le=5)
        ] = 0,
        max_tokens: Annotated[
            int | None,
            Field(description="Hard cap on the tokens of everything returned (what would pass it is left out whole); none by default.", ge=1, le=1000000),
        ] = None,
    ) -> ExpandOut:
        """Complete passages with ven: the rest of every table they are part of, whole runs of
        tracked revisions and comments, the clauses they refer to and that refer to them, and
        optionally their neighbours; returned in reading order per document."""

        def go(a: AccessContext) -> ExpandOut:
            out = store.expand(collection_id, passage_ids, a, budget=budget, neighbours=neighbours, max_tokens=max_tokens)
            asked = len(set(passage_ids))
            return ExpandOut(passages=[passage_out(p) for p in out], tokens=sum(p.tokens for p in out), added=len(out) - asked)

        return await run(ctx, go)

    @server.tool(annotations=READ)
    async def get_job(
        collection_id: ColId,
        job_id: Annotated[str, Field(description="The job id add_document returned.", min_length=1, max_length=200)],
        ctx: Context,
    ) -> JobOut:
        """Where a document's ingestion is: queued, converting, embedding, ready (searchable)
        or failed (with the error)."""
        return await run(ctx, lambda a: job_out(store.get_job(collection_id, job_id, a)))

    @server.tool(annotations=WRITE)
    async def create_collection(
        name: Annotated[str, Field(description="1-200 characters, unique among your collections.", min_length=1, max_length=200)],
        ctx: Context,
    ) -> CollectionOut:
        """Create an empty collection (operator role). Returns its id."""
        return await run(ctx, lambda a: collection_out(store.create_collection(name, a)), write=True)

    @server.tool(annotations=WRITE)
    async def add_document(
        collection_id: ColId,
        file_name: Annotated[
            str, Field(description="A base name whose extension gives the format: notes.md, memo.txt, page.html.", min_length=1, max_length=255)
        ],
        text: Annotated[str, Field(description="The document's text in that format.", min_length=1)],
        ctx: Context,
    ) -> JobOut:
        """Add (or replace, by file name) a text document in a collection (operator role).
        It is converted in the background: poll get_job until it is ready, then search it."""

        def go(a: AccessContext) -> JobOut:
            job_id = store.enqueue(collection_id, file_name, text.encode("utf-8", "surrogatepass"), a)
            return job_out(store.get_job(collection_id, job_id, a))

        return await run(ctx, go, write=True)

    async def read(ctx: Context, fn: Callable[[AccessContext], str]) -> str:
        try:
            return await call(ctx, fn, False)
        except ToolError as exc:
            raise ResourceError(str(exc)) from None
        except NotFoundError as exc:
            raise ResourceNotFoundError(_problem(exc) + _IDS) from None
        except StoreError as exc:
            raise ResourceError(_problem(exc)) from None

    @server.resource(
        "knowledge://collections/{collection_id}/sources",
        name="sources",
        title="A collection's documents",
        description="The active documents of a collection, as JSON (what list_sources returns).",
        mime_type="application/json",
    )
    async def sources_resource(collection_id: str, ctx: Context) -> str:
        return await read(ctx, lambda a: _json([source_out(s) for s in store.list_sources(collection_id, a)]))

    @server.resource(
        "knowledge://collections/{collection_id}/passages/{passage_id}",
        name="passage",
        title="A passage",
        description="One passage by id, as JSON: text (Markdown), locator, file name and dan's record.",
        mime_type="application/json",
    )
    async def passage_resource(collection_id: str, passage_id: str, ctx: Context) -> str:
        return await read(ctx, lambda a: passage_out(store.get_passage(collection_id, passage_id, a)).model_dump_json())

    return server


def _json(items: list[SourceOut]) -> str:
    return json.dumps([i.model_dump() for i in items], ensure_ascii=False)
