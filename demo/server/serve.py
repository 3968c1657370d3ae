"""``python -m demo serve``: the knowledge store over HTTP, with the web page and the worker.

    python -m demo serve --db knowledge.db --host 127.0.0.1 --port 8000 --tokens tokens.json

Without ``--tokens`` the server listens on loopback only and prints a generated
single-user operator token (the subject is your login name, the CLI's default, so files
added with ``python -m demo ingest --db`` are yours in the page too).
"""

from __future__ import annotations

import argparse
import getpass
import ipaddress
import sys
from typing import Any, TextIO

from demo.cli_options import add_model_arguments, command_embeddings, model_names, nonblank, online, whole_number
from demo.models import chat_models

__all__ = ["SetupError", "add_arguments", "is_loopback", "login_name", "open_store", "run"]


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``serve`` (their names are part of the contract)."""
    from demo.store.options import CONTEXT_MODES, StoreOptions

    parser.add_argument("--db", required=True, help="knowledge store: a file path, sqlite:///path or postgresql://...")
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (default %(default)s)")
    parser.add_argument("--port", type=whole_number("a port number", 1, 65535), default=8000, help="port, 1-65535 (default %(default)s)")
    parser.add_argument("--tokens", help='JSON file: {"<token>": {"subject": "alice", "role": "operator"|"reader"}, ...}')
    parser.add_argument("--subject", default=None, type=nonblank("a subject"), help="without --tokens: the single user's subject (default: your login name)")
    add_model_arguments(parser)
    parser.add_argument("--max-tokens", type=int, default=StoreOptions().max_tokens, help="dan chunk limit for new uploads (default %(default)s)")
    parser.add_argument(
        "--index-context", choices=CONTEXT_MODES, default=StoreOptions().index_context,
        help="index each passage with its context line: off, embedding or both (default %(default)s; a change "
        "needs a reindex: python -m demo reindex, or POST /api/knowledge/{cid}/reindex)",
    )
    parser.add_argument("--max-file-bytes", type=int, default=32 * 1024 * 1024, help="largest upload (default %(default)s: 32 MiB)")
    parser.add_argument("--max-pending-jobs", type=int, default=32, help="jobs waiting or running at once (default %(default)s)")
    parser.add_argument("--no-worker", action="store_true", help="do not process uploads here (another process runs the worker)")
    parser.add_argument("--log-level", default="info", choices=("critical", "error", "warning", "info", "debug"))


def is_loopback(host: str) -> bool:
    """Whether ``host`` is a loopback address (or ``localhost``)."""
    if host in ("localhost", "localhost.localdomain"):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def run(args: argparse.Namespace, out: TextIO | None = None) -> int:
    """Serve until interrupted; 2 for a refused configuration."""
    out = out if out is not None else sys.stdout
    import uvicorn

    from demo.server.app import create_app
    from demo.server.auth import TokenFileError, TokenTable
    from demo.store.url import redact

    if args.tokens:
        try:
            tokens = TokenTable.load(args.tokens)
        except TokenFileError as exc:
            sys.stderr.write(f"error: {exc}\n")
            return 2
    elif not is_loopback(args.host):
        sys.stderr.write(
            f"error: refusing to listen on {args.host} without --tokens: anyone who can reach it could read and change "
            "the store. Give --tokens FILE, or listen on 127.0.0.1.\n"
        )
        return 2
    taken = port_taken(args.host, args.port)
    if taken:
        sys.stderr.write(f"error: cannot listen on {args.host}:{args.port} ({taken}): give another --port, or stop what uses it\n")
        return 2
    try:
        store, chat, mini = open_store(args)
    except SetupError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2
    if not args.tokens:  # (after the store opened: no sign-in token for a server that never starts)
        subject = args.subject or login_name()
        tokens, token = TokenTable.single_user(subject)
        out.write(f"single-user mode (no --tokens): subject {subject!r}, role operator\ntoken: {token}\n")
    stale = store.count_stale_embeddings()
    if stale:
        sys.stderr.write(
            f"note: {stale} stored source(s) were embedded by another model or --index-context than {store.embedding_identity!r}: "
            "searches over them rank by keywords only until they are reindexed (an operator's POST "
            "/api/knowledge/{cid}/reindex, or python -m demo reindex --db ... with the options given here)\n"
        )
        sys.stderr.flush()
    try:
        app = create_app(store, tokens, chat=chat, mini=mini, worker=not args.no_worker, host=args.host)
        out.write(
            f"serving the knowledge store {redact(str(args.db))} on http://{args.host}:{args.port}/ "
            "(API docs at /docs, MCP at /mcp)\n"
        )
        out.flush()
        uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level, server_header=False, proxy_headers=False)
    finally:
        store.close()
    return 0


def port_taken(host: str, port: int) -> str:
    """Why ``host:port`` cannot be listened on (the system's words, e.g. "Address already in
    use"), or "" when it can: checked before anything is printed or opened, so a taken port is
    one plain error line, not a 'serving …' line followed by the server's traceback."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except OSError as exc:
        return str(exc.strerror or exc)
    family, kind, proto, _name, address = infos[0]
    with socket.socket(family, kind, proto) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn binds
        try:
            probe.bind(address)
        except OSError as exc:
            return str(exc.strerror or exc)
    return ""


class SetupError(Exception):
    """The store or the models cannot be opened as configured; the message says why."""


def open_store(args: argparse.Namespace) -> tuple[Any, Any, Any]:
    """(store, chat, mini) from the options ``--db``, ``--embeddings``, ``--chat``,
    ``--base-url``, ``--model``, ``--offline``, ``--max-tokens``, ``--index-context`` (and ``--max-file-bytes``, ``--max-pending-jobs``
    where the command has them); :class:`SetupError` for a refused configuration."""
    from demo.store import KnowledgeStore, StoreError, StoreOptions

    base_url = getattr(args, "base_url", None)
    try:
        embeddings = command_embeddings(args, notify=lambda msg: sys.stderr.write(f"note: {msg}\n"))
    except StoreError as exc:
        raise SetupError(str(exc)) from None
    main_model, mini_model = model_names()
    try:
        chat, mini = chat_models(
            args.chat, online=online(args), main=main_model, mini=mini_model,
            base_url=base_url, model=getattr(args, "model", None),
        )
    except (ImportError, RuntimeError, ValueError) as exc:
        raise SetupError(str(exc)) from None
    defaults = StoreOptions()
    try:
        options = StoreOptions(
            max_tokens=args.max_tokens,
            index_context=getattr(args, "index_context", defaults.index_context),
            max_file_bytes=getattr(args, "max_file_bytes", defaults.max_file_bytes),
            max_pending_jobs=getattr(args, "max_pending_jobs", defaults.max_pending_jobs),
        )
        store = KnowledgeStore(args.db, options=options, embeddings=embeddings)
    except (StoreError, ValueError, TypeError) as exc:
        raise SetupError(str(exc)) from None
    return store, chat, mini


def login_name() -> str:
    try:
        return getpass.getuser() or "local"
    except (KeyError, OSError):
        return "local"
