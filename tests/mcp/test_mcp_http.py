"""The MCP server over streamable HTTP at ``/mcp`` on a real ``python -m demo serve`` process
on loopback, driven by the SDK's own client: the HTTP API's tokens and roles, fail closed."""

from __future__ import annotations

import httpx
import pytest
from mcp.shared.exceptions import MCPError
from mcp_helpers import (
    error_text,
    payload,
    check_listing,
    check_operator_writes,
    check_read_tools,
    check_reader_cannot_write,
    check_refusals,
    http_transport,
    run,
)

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "t", "version": "1"}}}
ACCEPT = {"Accept": "application/json, text/event-stream"}


def _url(server) -> str:  # type: ignore[no-untyped-def]
    return server.base + "/mcp"


def test_tools_and_resources_are_listed(http_server):
    run(http_transport(_url(http_server), http_server.tokens["alice-reader"]), check_listing)


def test_every_read_tool_as_a_reader(http_server, kb):
    async def body(client):  # type: ignore[no-untyped-def]
        await check_read_tools(client, kb)
        await check_refusals(client, kb)
        await check_reader_cannot_write(client, kb)

    run(http_transport(_url(http_server), http_server.tokens["alice-reader"]), body)


def test_an_operator_adds_a_document(http_server):
    async def body(client):  # type: ignore[no-untyped-def]
        await check_operator_writes(client, "HTTP notes")

    run(http_transport(_url(http_server), http_server.tokens["alice"]), body)


def test_another_subject_sees_only_its_own(http_server, kb):
    async def body(client):  # type: ignore[no-untyped-def]
        assert [c["id"] for c in payload(await client.call_tool("list_collections", {}))] == [kb.bob]
        text = error_text(await client.call_tool("list_sources", {"collection_id": kb.alice}))
        assert "Not found" in text and "msa" not in text

    run(http_transport(_url(http_server), http_server.tokens["bob"]), body)


@pytest.mark.parametrize("header", [None, "Bearer", "Bearer not-a-token", "Basic YWxpY2U6c2VjcmV0", "Token abc"])
def test_a_missing_or_bad_token_is_401_before_mcp(http_server, header):
    headers = {**ACCEPT, **({"Authorization": header} if header is not None else {})}
    for method in ("POST", "GET", "DELETE"):
        resp = httpx.request(method, _url(http_server), json=INIT if method == "POST" else None, headers=headers, timeout=30)
        assert resp.status_code == 401, resp.text
        assert resp.headers["content-type"].startswith("application/problem+json")
        assert resp.headers["www-authenticate"] == "Bearer" and "bearer token" in resp.json()["detail"]


def test_the_sdk_client_without_a_token_fails(http_server):
    async def body(client):  # type: ignore[no-untyped-def]
        raise AssertionError("connected without a token")

    with pytest.raises(BaseExceptionGroup) as info:
        run(http_transport(_url(http_server), None), body)
    assert info.group_contains(MCPError, match="error response")  # the 401 above, as the SDK reports it


def test_a_session_belongs_to_the_token_that_opened_it(http_server):
    opened = httpx.post(_url(http_server), json=INIT, headers={**ACCEPT, "Authorization": f"Bearer {http_server.tokens['alice']}"}, timeout=30)
    assert opened.status_code == 200, opened.text
    session = opened.headers["mcp-session-id"]
    call = {"jsonrpc": "2.0", "id": 2, "method": "tools/list", "params": {}}
    statuses = {}
    for name in ("bob", "alice-reader", "alice"):  # another subject; the same subject with another token; the opener
        resp = httpx.post(_url(http_server), json=call, timeout=30,
                          headers={**ACCEPT, "Authorization": f"Bearer {http_server.tokens[name]}", "mcp-session-id": session,
                                   "mcp-protocol-version": "2025-06-18"})
        statuses[name] = resp.status_code
    assert statuses == {"bob": 404, "alice-reader": 404, "alice": 200}


def test_the_http_api_still_answers_beside_it(http_server, kb):
    with http_server.client("alice-reader") as c:
        assert c.get("/api/whoami").json() == {"subject": "alice", "role": "reader"}
        assert c.get(f"/api/knowledge/{kb.alice}/documents").status_code == 200
        assert "/mcp" not in c.get("/openapi.json").json()["paths"]
