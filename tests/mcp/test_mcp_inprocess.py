"""The MCP server in-process (the SDK's client connected to the server object): answers from a
chat model, and failing closed when no caller is known."""

from __future__ import annotations

import anyio
from mcp import Client
from mcp_helpers import error_text, payload

from demo.mcp import build_server
from demo.mcp.http import principal_of
from demo.server.auth import Principal
from demo.store import AccessContext, KnowledgeStore


class Echo:
    """A chat model that answers with the number of context characters it was sent."""

    def complete(self, system, messages):  # type: ignore[no-untyped-def]
        return f"{len(system)} characters of context for {messages[-1][1]!r}"


class Down:
    def complete(self, system, messages):  # type: ignore[no-untyped-def]
        raise ConnectionError("secret-host:5432 refused the connection")


def _store(tmp_path) -> tuple[KnowledgeStore, str]:  # type: ignore[no-untyped-def]
    store = KnowledgeStore(str(tmp_path / "kb.db"), embeddings="none")
    me = AccessContext("alice")
    cid = store.create_collection("Policies", me).id
    store.enqueue(cid, "approval.md", b"# Approval\n\nAll invoices need manager approval.", me)
    while store.process_next():
        pass
    return store, cid


def _call(server, name, args):  # type: ignore[no-untyped-def]
    async def main():  # type: ignore[no-untyped-def]
        async with Client(server) as client:
            return await client.call_tool(name, args)

    return anyio.run(main)


def test_ask_answers_with_the_chat_model_as_the_http_api_does(tmp_path):
    store, cid = _store(tmp_path)
    with store:
        server = build_server(store, lambda ctx: Principal("alice", "reader"), chat=Echo())
        out = payload(_call(server, "ask", {"collection_id": cid, "question": "Who approves invoices?"}))
        assert out["answer_kind"] == "generated" and out["extract"] == []
        assert out["answer"].endswith("characters of context for 'Who approves invoices?'")
        assert "All invoices need manager approval." in out["context"] and out["citations"]


def test_a_failing_chat_model_is_a_plain_error_that_names_no_host(tmp_path):
    store, cid = _store(tmp_path)
    with store:
        server = build_server(store, lambda ctx: Principal("alice", "reader"), chat=Down())
        text = error_text(_call(server, "ask", {"collection_id": cid, "question": "Who approves invoices?"}))
        assert "ask" in text and "secret-host" not in text


def test_without_an_authenticated_http_request_every_tool_is_refused(tmp_path):
    store, cid = _store(tmp_path)
    with store:
        server = build_server(store, principal_of)  # the HTTP server's resolver, with no HTTP request
        for name, args in (("list_collections", {}), ("search", {"collection_id": cid, "query": "invoice"})):
            text = error_text(_call(server, name, args))
            assert "Authentication required" in text and "approval" not in text.lower()
