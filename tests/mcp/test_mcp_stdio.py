"""The MCP server over stdio (``python -m demo mcp``), driven by the SDK's own client."""

from __future__ import annotations

import json
import subprocess
import sys

from mcp_helpers import (
    ROOT,
    check_listing,
    check_operator_writes,
    check_read_tools,
    check_reader_cannot_write,
    check_refusals,
    run,
    stdio_params,
)


def test_tools_and_resources_are_listed(kb):
    run(stdio_params(kb, "--subject", "alice"), check_listing)


def test_every_read_tool_as_a_reader(kb):
    async def body(client):  # type: ignore[no-untyped-def]
        await check_read_tools(client, kb)
        await check_refusals(client, kb)
        await check_reader_cannot_write(client, kb)

    run(stdio_params(kb, "--subject", "alice"), body)  # --role reader is the default


def test_an_operator_adds_a_document(kb):
    async def body(client):  # type: ignore[no-untyped-def]
        await check_operator_writes(client, "Stdio notes")

    run(stdio_params(kb, "--subject", "alice", "--role", "operator"), body)


def test_the_caller_can_be_a_token_of_the_servers_file(kb, tmp_path):
    token = "a-token-of-alice-reader-0123456789"
    tokens = tmp_path / "tokens.json"
    tokens.write_text(json.dumps({token: {"subject": "alice", "role": "reader"}}), encoding="utf-8")

    async def body(client):  # type: ignore[no-untyped-def]
        await check_reader_cannot_write(client, kb)

    run(stdio_params(kb, "--tokens", str(tokens), env={"DEMO_MCP_TOKEN": token}), body)


def test_a_missing_or_unknown_token_is_refused_before_serving(kb, tmp_path):
    tokens = tmp_path / "tokens.json"
    tokens.write_text(json.dumps({"a-token-of-alice-reader-0123456789": {"subject": "alice", "role": "reader"}}), encoding="utf-8")
    for env in ({}, {"DEMO_MCP_TOKEN": "not-the-token-0123456789"}):
        params = stdio_params(kb, "--tokens", str(tokens), env=env)
        proc = subprocess.run([params.command, *params.args], cwd=params.cwd, env={**params.env, "PATH": "/usr/bin:/bin"},
                              input=b"", capture_output=True, timeout=60)
        assert proc.returncode == 2 and proc.stdout == b""
        assert b"DEMO_MCP_TOKEN holds no token" in proc.stderr and b"Traceback" not in proc.stderr


def test_a_reader_on_a_missing_store_is_refused_and_none_is_created(tmp_path):
    """A reader cannot add documents, so a mistyped --db would only make an empty store file:
    it is refused before anything is opened; an operator may start a new store."""
    from mcp_helpers import ROOT

    typo = tmp_path / "typo.db"
    proc = subprocess.run(
        [sys.executable, "-m", "demo", "mcp", "--db", str(typo), "--embeddings", "hashing", "--offline"],
        cwd=ROOT, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, input=b"", capture_output=True, timeout=60,
    )
    assert proc.returncode == 2 and b"no knowledge store at" in proc.stderr and b"a reader only reads" in proc.stderr
    assert not typo.exists() and proc.stdout == b""


def test_the_command_is_listed_in_the_help():
    out = subprocess.run([sys.executable, "-m", "demo", "mcp", "--help"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0 and "--role" in out.stdout and "--tokens" in out.stdout
