"""The store's values as the API's response bodies, shared by the HTTP API and the MCP server.

Both front ends answer with the same bodies (:mod:`demo.server.schemas`): a passage, a
source or an answer reads the same over ``/api`` and over MCP.
"""

from __future__ import annotations

from typing import Any

from dan import Message
from demo.server.schemas import AskOut, CollectionOut, JobOut, PassageOut, SourceOut, WarningOut
from demo.store import AskOptions, AskResult, Job, KnowledgeCollection, Passage, Source
from demo.store.ask import generate
from demo.store.schema import JOB_FIELDS

__all__ = ["answered", "ask_options", "ask_out", "collection_out", "job_out", "passage_out", "source_out", "warning_out"]


def collection_out(c: KnowledgeCollection) -> CollectionOut:
    """A collection's body."""
    return CollectionOut(id=c.id, name=c.name, owner=c.owner)


def job_out(j: Job) -> JobOut:
    """A job's body."""
    # (every field of the job's one description, demo.store.schema.JOB_FIELDS; two need a shape of their own)
    fields: dict[str, Any] = {c.name: getattr(j, c.name) for c in JOB_FIELDS if c.public}
    fields.update(state=j.state.value, warnings=[warning_out(w) for w in j.warnings])
    return JobOut(**fields, retryable=j.retryable)


def warning_out(w: Message) -> WarningOut:
    """A conversion warning's body."""
    return WarningOut(code=w.code, message=w.message, where=w.where)


def source_out(s: Source) -> SourceOut:
    """A source's body."""
    return SourceOut(
        document_id=s.document_id, version_id=s.version_id, file_name=s.file_name, hash=s.hash, chunk_count=s.chunk_count,
        title=s.title, tokens=s.tokens, size=s.size, embedding=s.embedding, warnings=[warning_out(w) for w in s.warnings],
    )


def passage_out(p: Passage) -> PassageOut:
    """A passage's body."""
    return PassageOut(
        id=p.id, collection_id=p.collection_id, document_id=p.document_id, version_id=p.version_id, file_name=p.file_name,
        locator=p.locator, text=p.text, score=p.score, tokens=p.tokens, record=dict(p.record),
    )


def ask_options(*, max_tokens: int | None, routing: str | None, structure: bool | None, chat: Any, mini: Any) -> AskOptions:
    """``/ask``'s options: model routing when a mini model is configured (else lexical), and
    extracted answers when no chat model is."""
    chosen = routing or ("model" if mini is not None else "lexical")
    return AskOptions(max_tokens=max_tokens, routing=chosen, extract=chat is None, structure=structure)


def ask_out(r: AskResult, answer: str | None, kind: str) -> AskOut:
    """An answer's body: the answer, its route, context, citations and token accounting."""
    route = {
        "path": r.path,
        "kind": r.route.kind if r.route else None,
        "documents": [{"document_id": d, "file_name": f, "confidence": c} for d, f, c in (r.route.documents if r.route else ())],
        "reply": r.route.reply if r.route else "",
        "broad": r.broad,
    }
    t = r.tokens
    return AskOut.model_validate(
        {
            "question": r.question,
            "route": route,
            "answer": answer,
            "answer_kind": kind,
            "extract": [
                {"text": i.text, "locator": i.locator, "passage_id": i.passage_id, "score": i.score}
                for i in (r.extract.items if r.extract is not None else ())
            ],
            "context": r.context,
            "citations": [
                {"n": n, "passage_id": c.passage_id, "document_id": c.document_id, "version_id": c.version_id,
                 "file_name": c.file_name, "locator": c.locator, "seq": c.seq}
                for n, c in enumerate(r.citations, 1)
            ],
            "tokens": {"context": t.context, "retrieval": t.retrieval, "enrichment": t.enrichment, "index": t.index,
                       "max_tokens": t.max_tokens},
            "notes": list(r.notes),
            "mode": r.mode.value,
        }
    )


def answered(r: AskResult, chat: Any) -> AskOut:
    """The whole answer at once (blocking): the chat model's when there is one and a context
    to answer from, else the store's extracted answer."""
    if chat is not None and r.context:
        return ask_out(r, generate(chat, r.system_prompt, [("user", r.question)]), "generated")
    return ask_out(r, r.answer, r.answer_kind)
