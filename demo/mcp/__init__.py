"""The knowledge store for agents: an MCP server (the official ``mcp`` SDK).

* :func:`build_server` — the tools and resources over one :class:`~demo.store.KnowledgeStore`;
* :func:`demo.mcp.stdio.run` — ``python -m demo mcp --db knowledge.db`` (one local identity);
* :func:`demo.mcp.http.mount` — streamable HTTP at ``/mcp`` on the HTTP server, behind its
  bearer tokens and roles.

See ``docs/mcp.md``.
"""

from __future__ import annotations

from demo.mcp.server import INSTRUCTIONS, ExpandOut, Who, build_server

__all__ = ["INSTRUCTIONS", "ExpandOut", "Who", "build_server"]
