"""The knowledge store over HTTP (FastAPI on uvicorn) and the web page.

``create_app(store, tokens)`` is the ASGI application; ``python -m demo serve`` runs it.
See ``docs/server.md``.
"""

from __future__ import annotations

from demo.server.app import create_app
from demo.server.auth import Principal, TokenFileError, TokenTable

__all__ = ["Principal", "TokenFileError", "TokenTable", "create_app"]
