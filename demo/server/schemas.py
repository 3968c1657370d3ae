"""Request and response bodies of the HTTP API (unknown fields are refused: 422).

Types are strict (``"5"`` is not a number); ranges are checked by the store, which answers
with the same words as the library.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

__all__ = [
    "AskIn",
    "AskOut",
    "ChunkIn",
    "ChunksUpload",
    "CitationOut",
    "CollectionIn",
    "CollectionOut",
    "Formats",
    "Health",
    "JobAccepted",
    "JobOut",
    "PassageOut",
    "ReindexAccepted",
    "ReindexOut",
    "RouteOut",
    "SearchIn",
    "SearchOut",
    "SourceOut",
    "Strict",
    "TextUpload",
    "TokensOut",
    "WarningOut",
    "WhoAmI",
]

Mode = Literal["auto", "keyword", "semantic", "hybrid"]
Value = StrictStr | StrictInt


class Strict(BaseModel):
    """A request body: unknown fields are an error."""

    model_config = ConfigDict(extra="forbid")


class CollectionIn(Strict):
    name: StrictStr = Field(description="1–200 characters, unique per owner")


class CollectionOut(BaseModel):
    id: str
    name: str
    owner: str


class TextUpload(Strict):
    file_name: StrictStr = Field(description="base name; its extension tells dan the format (notes.md, memo.txt)")
    text: StrictStr


class ChunkIn(Strict):
    text: StrictStr
    record: dict[str, Value]


class ChunksUpload(Strict):
    file_name: StrictStr
    chunks: list[ChunkIn] = Field(
        max_length=100_000, description="dan's output unchanged: one {text, record} per chunk, in ssSeq order"
    )


class JobAccepted(BaseModel):
    job_id: str


class ReindexOut(BaseModel):
    sources: int = Field(description="active sources (files) of the collection")
    current: int = Field(description="of them, processed with the server's configuration and embedding identity")
    stale: int = Field(description="left to reindex (semantic and hybrid search refuse them until then)")
    pending: int = Field(description="reindex jobs waiting or running")
    failed: int = Field(description="stale sources whose latest reindex job failed")
    done: bool


class SkippedOut(BaseModel):
    file_name: str
    reason: str


class ReindexAccepted(BaseModel):
    job_ids: list[str] = Field(description="the reindex jobs queued by this call (follow them under /jobs)")
    skipped: list[SkippedOut] = Field(description="sources left out, with why (the pending-job limit)")
    status: ReindexOut = Field(description="the collection's reindex status after queueing: call again while stale > pending")


class WarningOut(BaseModel):
    code: str = Field(description="dan's stable code: damaged-part, unbalanced-groups, whole-page, ...")
    message: str
    where: str = Field(description="the part or place (a package part, input), or empty")


class JobOut(BaseModel):
    id: str
    state: Literal["queued", "converting", "embedding", "ready", "failed", "cancelled", "held"] = Field(
        description="held: a replacement that would lose much of the active version waits for confirm or cancel"
    )
    progress: int
    error: str | None
    version_id: str | None
    file_name: str
    document_id: str
    kind: str
    note: str
    attempts: int
    created: float
    updated: float
    warnings: list[WarningOut] = Field(description="dan's warnings: what the conversion skipped or repaired")
    error_code: str = Field(
        description="why a failed job failed: unsupported-format, encrypted, damaged, too-large, not-stored, "
        "embedding-unavailable, interrupted, internal; empty otherwise"
    )
    retryable: bool = Field(description="a failed job that a retry can fix (a file dan cannot read fails every time)")


class SourceOut(BaseModel):
    document_id: str
    version_id: str
    file_name: str
    hash: str
    chunk_count: int
    title: str
    tokens: int
    size: int
    embedding: str
    warnings: list[WarningOut] = Field(description="dan's warnings when it converted this version")


class SearchIn(Strict):
    query: StrictStr = Field(description="1–4,000 characters")
    mode: Mode = "auto"
    limit: StrictInt = Field(6, description="1–50")
    budget: StrictInt = Field(2400, description="evidence tokens, 128–16,000")
    filters: dict[str, Value] | None = Field(None, description="equalities on dan's record fields, e.g. {\"ssSect\": 2}")
    include_documents: list[StrictStr] | None = Field(None, max_length=1000)
    exclude_documents: list[StrictStr] | None = Field(None, max_length=1000)
    version_id: StrictStr | None = None


class PassageOut(BaseModel):
    id: str
    collection_id: str
    document_id: str
    version_id: str
    file_name: str
    locator: str
    text: str
    score: float
    tokens: int
    record: dict[str, str | int]


class SearchOut(BaseModel):
    mode: Mode
    passages: list[PassageOut]
    estimated_tokens: int
    notice: str


class AskIn(Strict):
    question: StrictStr = Field(description="1–4,000 characters")
    mode: Mode = "auto"
    max_tokens: StrictInt = Field(6000, ge=128, le=32_000, description="hard cap on the context's document tokens, 128–32,000")
    routing: Literal["lexical", "model", "off"] | None = Field(None, description="default: model when a chat model is configured, else lexical")
    structure: StrictBool | None = Field(
        None, description="complete the hits' tables and runs of revisions or comments: default only for questions that ask for a set of things; true always; false never"
    )


class CitationOut(BaseModel):
    n: int = Field(description="the passage's number: a generated answer cites this passage as [n] (1 is the first citation)")
    passage_id: str
    document_id: str
    version_id: str
    file_name: str
    locator: str
    seq: int


class RouteOut(BaseModel):
    path: str
    kind: str | None
    documents: list[dict[str, str | int]]
    reply: str
    broad: bool


class TokensOut(BaseModel):
    context: int
    retrieval: int
    enrichment: int
    index: int
    max_tokens: int | None


class ExtractItemOut(BaseModel):
    text: str
    locator: str
    passage_id: str
    score: float


class AskOut(BaseModel):
    question: str
    route: RouteOut
    answer: str | None
    answer_kind: Literal["generated", "extracted", "not-found", "none"] = Field(
        description="generated by the chat model; extracted (offline: verbatim sentences and rows of the context); "
        "not-found (offline: nothing in the context matched); none (no answer)"
    )
    extract: list[ExtractItemOut] = Field(description="the extracted sentences and rows, best first (offline answers)")
    context: str
    citations: list[CitationOut]
    tokens: TokensOut
    notes: list[str]
    mode: Mode


class Health(BaseModel):
    status: Literal["ok"]


class Formats(BaseModel):
    names: str = Field(description="the formats dan reads, for people: DOCX, RTF, PDF, HTML, Markdown, text")
    extensions: list[str] = Field(description="the file name extensions dan recognises: .docx, .pdf, ...")
    mime_types: list[str] = Field(description="the MIME types of those formats: application/pdf, text/html, ...")


class WhoAmI(BaseModel):
    subject: str
    role: Literal["reader", "operator"]
