"""``python -m demo mcp --db knowledge.db``: the store's MCP server over stdio, for one local caller.

The caller's identity is fixed for the process: either the subject and role given with
``--subject`` and ``--role`` (default: your login name, reader: the agent can read but
not change anything), or, with ``--tokens FILE``, the principal of the token in the
environment variable ``DEMO_MCP_TOKEN`` (the same token file as ``serve``; an unknown
or missing token is refused before anything is served). stdout carries only the protocol;
notes and logs go to stderr.
"""

from __future__ import annotations

import argparse
import os
import sys

from demo.cli_options import add_model_arguments, nonblank
from demo.server.auth import ROLES, Principal, TokenFileError, TokenTable

__all__ = ["TOKEN_ENV", "add_arguments", "principal", "run"]

TOKEN_ENV = "DEMO_MCP_TOKEN"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``python -m demo mcp``."""
    from demo.store.options import CONTEXT_MODES, StoreOptions

    parser.add_argument("--db", required=True, help="knowledge store: a file path, sqlite:///path or postgresql://...")
    parser.add_argument("--subject", default=None, type=nonblank("a subject"), help="the store's access subject of the caller (default: your login name)")
    parser.add_argument("--role", choices=ROLES, default="reader", help="reader (default: read only) or operator (may also create collections and add documents)")
    parser.add_argument("--tokens", help=f"token file as for serve: the caller is the principal of the token in ${TOKEN_ENV} (not --subject/--role)")
    add_model_arguments(parser)
    parser.add_argument("--max-tokens", type=int, default=StoreOptions().max_tokens, help="dan chunk limit for added documents (default %(default)s)")
    parser.add_argument(
        "--index-context", choices=CONTEXT_MODES, default=StoreOptions().index_context,
        help="index each passage with its context line: off, embedding or both, as serve is given (default %(default)s)",
    )
    parser.add_argument("--no-worker", action="store_true", help="do not convert added documents here (another process runs the worker)")


def principal(args: argparse.Namespace) -> Principal:
    """The caller: the token's principal with ``--tokens``, else ``--subject``/``--role``.
    :class:`TokenFileError` when the token file or the token is refused."""
    if args.tokens:
        if args.subject is not None:
            raise TokenFileError("give either --tokens (with the token in $DEMO_MCP_TOKEN) or --subject, not both")
        table = TokenTable.load(args.tokens)
        found = table.authenticate("Bearer " + os.environ.get(TOKEN_ENV, ""))
        if found is None:
            raise TokenFileError(f"${TOKEN_ENV} holds no token of {args.tokens}: set it to one of the file's tokens")
        return found
    from demo.server.serve import login_name

    return Principal(args.subject or login_name(), args.role)


def run(args: argparse.Namespace) -> int:
    """Serve over stdin/stdout until the client closes them; 2 for a refused configuration."""
    from demo.mcp.server import build_server
    from demo.server.serve import SetupError, open_store

    try:
        caller = principal(args)
    except TokenFileError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2
    if caller.role == "reader":  # a reader cannot add documents: a mistyped --db is not a new, empty store
        from demo.cli_options import missing_store
        from demo.store import StoreError

        try:
            missing = missing_store(args.db)
        except StoreError as exc:
            sys.stderr.write(f"error: {exc}\n")
            return 2
        if missing:
            sys.stderr.write(f"error: {missing}: give the --db the store was made with (a reader only reads)\n")
            return 2
    try:
        store, chat, mini = open_store(args)
    except SetupError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2
    try:
        if not args.no_worker:
            store.start_worker()
        server = build_server(store, lambda _ctx: caller, chat=chat, mini=mini)
        sys.stderr.write(f"MCP over stdio: {store!r}, subject {caller.subject!r}, role {caller.role}\n")
        sys.stderr.flush()
        server.run("stdio")
    finally:
        if not args.no_worker:
            store.stop_worker()
        store.close()
    return 0
