"""Helpers of the MCP suite: the store the tests serve, and the SDK's client over each transport."""

from __future__ import annotations

import json
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import httpx2
import pytest
from attrs import frozen
from mcp import Client, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

from demo.store import AccessContext, KnowledgeStore, StoreOptions, named_provider

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "demo" / "samples"


@frozen
class Kb:
    dir: Path
    db: str
    alice: str  # alice's collection id: the MSA (revisions, comments) and the price list (tables)
    bob: str  # bob's collection id


def make_kb(tmp: Path) -> Kb:
    db = str(tmp / "knowledge.db")
    with KnowledgeStore(db, options=StoreOptions(max_tokens=256), embeddings=named_provider("hashing")) as store:
        alice, bob = AccessContext("alice"), AccessContext("bob")
        cid = store.create_collection("Contracts", alice).id
        for name in ("msa-northwind-cranepoint.docx", "price-list-2025.docx"):
            store.enqueue(cid, name, (SAMPLES / name).read_bytes(), alice)
        bid = store.create_collection("Bob's notes", bob).id
        store.enqueue(bid, "secret.md", b"# Secret\n\nThe launch code is tangerine.", bob)
        while store.process_next():
            pass
        assert len(store.list_sources(cid, alice)) == 2 and len(store.list_sources(bid, bob)) == 1
    return Kb(tmp, db, cid, bid)


def stdio_params(kb: Kb, *args: str, env: dict[str, str] | None = None) -> StdioServerParameters:
    """``python -m demo mcp`` on the store, offline, with ``args`` (the caller's identity)."""
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "demo", "mcp", "--db", kb.db, "--offline", "--embeddings", "hashing", "--max-tokens", "256", *args],
        env={"PYTHONPATH": str(ROOT), **(env or {})},
        cwd=str(kb.dir),
    )


@asynccontextmanager
async def http_transport(url: str, token: str | None) -> AsyncIterator[Any]:
    """The SDK's streamable HTTP transport to ``url``, with ``token`` as the bearer token."""
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with httpx2.AsyncClient(headers=headers, timeout=60) as http, streamable_http_client(url, http_client=http) as streams:
        yield streams


def run(server: Any, body: Callable[[Client], Awaitable[Any]]) -> Any:
    """Connect the SDK's client to ``server`` (stdio parameters or a transport), run ``body``."""

    async def main() -> Any:
        with anyio.fail_after(120):
            async with Client(server) as client:
                return await body(client)

    return anyio.run(main)


def payload(result: Any) -> Any:
    """A successful tool result's structured content (a list tool's under ``result``)."""
    assert not result.is_error, result.content[0].text
    data = result.structured_content
    assert data is not None
    if set(data) == {"result"}:  # a list: one text item per element, for clients that read only text
        assert [json.loads(c.text) for c in result.content] == data["result"]
        return data["result"]
    assert json.loads(result.content[0].text) == data
    return data


def error_text(result: Any) -> str:
    """A failed tool result's message, checked to be plain (no traceback)."""
    assert result.is_error
    text = result.content[0].text
    assert "Traceback" not in text and 'File "' not in text
    return text


# ---------------------------------------------------------------------------- checks both transports run

READ_TOOLS = {"list_collections", "list_sources", "search", "ask", "get_passage", "expand_passages", "get_job"}
WRITE_TOOLS = {"create_collection", "add_document"}


async def check_listing(client: Client) -> None:
    """Every tool, each with a description, described arguments and an output schema."""
    tools = {t.name: t for t in (await client.list_tools()).tools}
    assert set(tools) == READ_TOOLS | WRITE_TOOLS
    for name, tool in tools.items():
        assert tool.description and len(tool.description) > 40, name
        for arg, schema in tool.input_schema.get("properties", {}).items():
            assert schema.get("description"), f"{name}.{arg} has no description"
        assert tool.annotations is not None and tool.annotations.read_only_hint is (name in READ_TOOLS), name
        assert tool.output_schema is not None, name
    search = tools["search"].input_schema
    assert set(search["required"]) == {"collection_id", "query"}
    assert search["properties"]["limit"]["maximum"] == 50 and search["properties"]["budget"]["minimum"] == 128
    templates = {t.uri_template for t in (await client.list_resource_templates()).resource_templates}
    assert templates == {"knowledge://collections/{collection_id}/sources", "knowledge://collections/{collection_id}/passages/{passage_id}"}
    assert client.instructions and "list_collections" in client.instructions


async def check_read_tools(client: Client, kb: Kb) -> None:
    """Every read tool and both resources, on alice's collection."""
    cols = payload(await client.call_tool("list_collections", {}))
    assert (kb.alice, "Contracts", "alice") in [(c["id"], c["name"], c["owner"]) for c in cols]
    assert {c["owner"] for c in cols} == {"alice"}  # not bob's
    sources = payload(await client.call_tool("list_sources", {"collection_id": kb.alice}))
    assert sorted(s["file_name"] for s in sources) == ["msa-northwind-cranepoint.docx", "price-list-2025.docx"]
    prices = next(s for s in sources if s["file_name"] == "price-list-2025.docx")

    args = {"collection_id": kb.alice, "query": "price list", "mode": "keyword", "limit": 3, "budget": 1000,
            "include_documents": [prices["document_id"]]}
    found = payload(await client.call_tool("search", args))
    assert found["mode"] == "keyword" and 1 <= len(found["passages"]) <= 3 and found["estimated_tokens"] <= 1000
    assert {p["document_id"] for p in found["passages"]} == {prices["document_id"]}
    hit = found["passages"][0]
    assert hit["locator"] and hit["text"] and isinstance(hit["record"]["ssSeq"], int)

    for mode in ("semantic", "hybrid"):  # the store embeds (hashing): every mode answers as asked
        ranked = payload(await client.call_tool("search", {"collection_id": kb.alice, "query": "payment terms", "mode": mode}))
        assert ranked["mode"] == mode and ranked["passages"] and ranked["notice"] == ""

    passage = payload(await client.call_tool("get_passage", {"collection_id": kb.alice, "passage_id": hit["id"]}))
    assert passage["text"] == hit["text"] and passage["id"] == hit["id"]

    expanded = payload(await client.call_tool(
        "expand_passages", {"collection_id": kb.alice, "passage_ids": [hit["id"]], "neighbours": 1, "budget": 5000}
    ))
    seqs = [p["record"]["ssSeq"] for p in expanded["passages"]]
    assert seqs == sorted(seqs) and hit["record"]["ssSeq"] in seqs and expanded["added"] >= 1
    assert expanded["tokens"] == sum(p["tokens"] for p in expanded["passages"])
    assert [p["score"] for p in expanded["passages"] if p["id"] == hit["id"]] == [1.0]
    capped = payload(await client.call_tool(
        "expand_passages", {"collection_id": kb.alice, "passage_ids": [hit["id"]], "neighbours": 5, "budget": 5000, "max_tokens": hit["tokens"]}
    ))
    assert [p["id"] for p in capped["passages"]] == [hit["id"]] and capped["added"] == 0

    answer = payload(await client.call_tool("ask", {"collection_id": kb.alice, "question": "What does the price list say about discounts?"}))
    assert answer["answer_kind"] in ("extracted", "not-found") and answer["context"]
    assert answer["citations"] and answer["tokens"]["context"] > 0 and answer["tokens"]["max_tokens"] == 6000
    assert {c["file_name"] for c in answer["citations"]} <= {s["file_name"] for s in sources}
    assert answer["route"]["path"] in ("all", "index", "whole-documents", "retrieval")

    read = await client.read_resource(f"knowledge://collections/{kb.alice}/sources")
    assert read.contents[0].mime_type == "application/json"
    assert sorted(s["file_name"] for s in json.loads(read.contents[0].text)) == sorted(s["file_name"] for s in sources)
    read = await client.read_resource(f"knowledge://collections/{kb.alice}/passages/{hit['id']}")
    assert json.loads(read.contents[0].text)["text"] == hit["text"]


async def check_refusals(client: Client, kb: Kb) -> None:
    """Unknown and foreign collections are not found (as resources too); bad arguments are
    plain messages the model can act on."""
    for cid in ("no-such-collection", kb.bob):
        text = error_text(await client.call_tool("search", {"collection_id": cid, "query": "launch code"}))
        assert "Not found" in text and "list_collections" in text and "tangerine" not in text
        text = error_text(await client.call_tool("ask", {"collection_id": cid, "question": "What is the launch code?"}))
        assert "Not found" in text and "tangerine" not in text
        with pytest.raises(MCPError, match="not found"):
            await client.read_resource(f"knowledge://collections/{cid}/sources")
    text = error_text(await client.call_tool("get_passage", {"collection_id": kb.alice, "passage_id": "VNOPE-0"}))
    assert "Not found" in text and "search again" in text
    text = error_text(await client.call_tool("search", {"collection_id": kb.alice, "query": "x", "limit": 500, "mode": "fuzzy"}))
    assert "Invalid arguments for search" in text and "limit" in text and "500" in text and "'keyword'" in text
    text = error_text(await client.call_tool("search", {"collection_id": kb.alice}))
    assert "query: Field required" in text
    text = error_text(await client.call_tool("expand_passages", {"collection_id": kb.alice, "passage_ids": []}))
    assert "Invalid arguments for expand_passages" in text and "passage_ids" in text
    text = error_text(await client.call_tool("search", {"collection_id": kb.alice, "query": "price", "filters": {"no such field": 1}}))
    assert "Invalid request" in text
    text = error_text(await client.call_tool("no_such_tool", {}))
    assert "no_such_tool" in text


async def check_reader_cannot_write(client: Client, kb: Kb) -> None:
    """A reader's changes are refused, and nothing changes."""
    before = payload(await client.call_tool("list_collections", {}))
    text = error_text(await client.call_tool("create_collection", {"name": "Not allowed"}))
    assert "Forbidden" in text and "operator" in text
    text = error_text(await client.call_tool("add_document", {"collection_id": kb.alice, "file_name": "x.md", "text": "# X"}))
    assert "Forbidden" in text and "operator" in text
    assert payload(await client.call_tool("list_collections", {})) == before
    assert len(payload(await client.call_tool("list_sources", {"collection_id": kb.alice}))) == 2


async def check_operator_writes(client: Client, name: str) -> None:
    """An operator creates a collection, adds a document, waits for it and finds it."""
    col = payload(await client.call_tool("create_collection", {"name": name}))
    job = payload(await client.call_tool("add_document", {"collection_id": col["id"], "file_name": "memo.md",
                                                          "text": "# Memo\n\nThe courier picks up parcels at nine."}))
    assert job["state"] in ("queued", "converting", "embedding", "ready") and job["file_name"] == "memo.md"
    with anyio.fail_after(60):
        while job["state"] not in ("ready", "failed"):
            await anyio.sleep(0.1)
            job = payload(await client.call_tool("get_job", {"collection_id": col["id"], "job_id": job["id"]}))
    assert job["state"] == "ready", job
    found = payload(await client.call_tool("search", {"collection_id": col["id"], "query": "courier parcels"}))
    assert "courier" in found["passages"][0]["text"]
