"""The command-line options that choose models, shared by ``python -m demo`` and its ``serve``."""

from __future__ import annotations

import argparse
import math
import os
from collections.abc import Callable
from typing import Any

from demo.models import CHAT_CHOICES
from demo.store.embedding import PROVIDER_NAMES

__all__ = [
    "add_chat_arguments", "add_embedding_arguments", "add_model_arguments", "command_embeddings", "online", "seconds",
    "whole_number", "MAIN_MODEL", "MINI_MODEL", "model_names", "nonblank",
]


#: The answering and routing models' names when neither an option nor the environment
#: ($DEMO_MAIN_MODEL, $DEMO_MINI_MODEL) names one.
MAIN_MODEL = "gpt-4.1"
MINI_MODEL = "gpt-4.1-mini"


def model_names() -> tuple[str, str]:
    """The answering and routing models' names: $DEMO_MAIN_MODEL and $DEMO_MINI_MODEL, each
    stripped; an unset or blank one gives :data:`MAIN_MODEL` / :data:`MINI_MODEL`."""
    main = os.environ.get("DEMO_MAIN_MODEL", "").strip()
    mini = os.environ.get("DEMO_MINI_MODEL", "").strip()
    return main or MAIN_MODEL, mini or MINI_MODEL


def nonblank(what: str) -> Callable[[str], str]:
    """An argparse ``type``: a name that is not blank (stripped); otherwise argparse's usage
    error says "an empty value is not {what}" — an empty ``--subject`` used to become
    another user's name silently."""

    def parse(text: str) -> str:
        value = text.strip()
        if not value:
            raise argparse.ArgumentTypeError(f"an empty value is not {what}")
        return value

    return parse


def whole_number(what: str, low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse ``type``: a whole number in ASCII digits from ``low`` to ``high`` (no upper
    bound when None); otherwise argparse's usage error says "'X' is not {what} (range)" — the
    option's own name, never a parameter of the code behind it. (``int()`` alone would take
    ``1_000`` and other scripts' digits.)"""
    span = f"{low}-{high}" if high is not None else f"{low} or more"

    def parse(text: str) -> int:
        digits = text[1:] if text.startswith("-") else text
        value = int(text) if digits.isascii() and digits.isdigit() else None
        if value is None or value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{text!r} is not {what} ({span})")
        return value

    return parse


def seconds(high: float | None = None) -> Callable[[str], float]:
    """An argparse ``type``: a number of seconds above 0 (at most ``high``); nan and inf are
    refused."""
    span = f"above 0, at most {high:g}" if high is not None else "above 0"

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not (0 < value < math.inf and (high is None or value <= high)):
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds ({span})")
        return value

    return parse


def add_model_arguments(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--offline``, ``--base-url``, ``--embeddings``, ``--chat`` and ``--model``."""
    add_embedding_arguments(parser)
    add_chat_arguments(parser)


def add_embedding_arguments(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--offline``, ``--base-url`` and ``--embeddings``: what chooses the embedding (with
    ``OPENAI_API_KEY``), so every command that embeds takes them and chooses alike."""
    parser.add_argument(
        "--offline", action="store_true",
        help="never call OpenAI's service, even when OPENAI_API_KEY is set (a --base-url server is still used)",
    )
    parser.add_argument(
        "--base-url", default=os.environ.get("OPENAI_BASE_URL") or None, metavar="URL",
        help="an OpenAI-compatible server for answers, e.g. http://127.0.0.1:11434/v1 (Ollama), http://127.0.0.1:8000/v1 "
        "(vLLM), http://127.0.0.1:8080/v1 (llama.cpp's llama-server); no OpenAI key needed, and a key beside it is "
        "taken as that server's, so embeddings stay local (default: $OPENAI_BASE_URL, else none)",
    )
    parser.add_argument(
        "--embeddings", choices=PROVIDER_NAMES, default="default",
        help="default: OpenAI when OPENAI_API_KEY is set (and no --base-url), else the offline MiniLM model "
        "(hashing without the embeddings extra)",
    )


def add_chat_arguments(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--chat`` and ``--model``: the answering model (its server: ``--base-url``)."""
    parser.add_argument(
        "--chat", choices=CHAT_CHOICES, default="auto",
        help="answering model: auto (a --base-url server, else OpenAI with a key, else extracted answers), openai "
        "(OpenAI or the --base-url server), local (SmolLM2, the local-llm extra), none",
    )
    parser.add_argument(
        "--model", default=os.environ.get("OPENAI_MODEL", "").strip() or None, metavar="NAME", type=nonblank("a model name"),
        help="the answering model's name (needed with --base-url; default: $OPENAI_MODEL)",
    )


def online(args: argparse.Namespace) -> bool:
    """Whether OpenAI's service is used: a key, no ``--offline``, and no ``--base-url`` server
    (a key beside one may be that server's)."""
    return bool(os.environ.get("OPENAI_API_KEY")) and not args.offline and not getattr(args, "base_url", None)


def command_embeddings(args: argparse.Namespace, notify: Callable[[str], object]) -> Any:
    """The store's embedding that ``--embeddings`` names ("default": OpenAI when
    :func:`online`, else the offline default), or ``"none"``; raises the store's error for a
    refused name, and for ``openai`` with ``--offline`` or without ``OPENAI_API_KEY`` (a plain
    message, before any client is made)."""
    from demo.store import InvalidRequestError, named_provider

    if args.embeddings == "openai" and args.offline:
        raise InvalidRequestError("--embeddings openai calls OpenAI's service, which --offline rules out: choose minilm or hashing")
    if args.embeddings == "openai" and not os.environ.get("OPENAI_API_KEY"):
        raise InvalidRequestError("--embeddings openai needs OPENAI_API_KEY set: set it, or choose minilm or hashing")
    name = "openai" if args.embeddings == "default" and online(args) else args.embeddings
    return named_provider(name, notify=notify) or "none"


def missing_store(db: str) -> str:
    """``"no knowledge store at PATH"`` when ``--db`` names an embedded store whose file does
    not exist, else ``""``: a command that only reads or reprocesses a store says so instead of
    creating a new, empty one (the store's error for a malformed URL propagates)."""
    from demo.store.url import redact, sqlite_file

    path = sqlite_file(db)
    return f"no knowledge store at {redact(db)}" if path is not None and not path.is_file() else ""
