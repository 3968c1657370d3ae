"""The command-line options that choose models, shared by ``python -m demo`` and its ``serve``."""

from __future__ import annotations

import argparse

from demo.models import CHAT_CHOICES
from demo.store.embedding import PROVIDER_NAMES

__all__ = ["add_model_arguments"]


def add_model_arguments(parser: argparse.ArgumentParser | argparse._ArgumentGroup) -> None:
    """``--offline``, ``--chat`` and ``--embeddings``."""
    parser.add_argument("--offline", action="store_true", help="never call OpenAI, even when OPENAI_API_KEY is set")
    parser.add_argument(
        "--chat", choices=CHAT_CHOICES, default="auto",
        help="answering model: auto (OpenAI with a key, else extracted answers), openai, local (SmolLM2, the local-llm extra), none",
    )
    parser.add_argument(
        "--embeddings", choices=PROVIDER_NAMES, default="default",
        help="default: OpenAI when OPENAI_API_KEY is set, else the offline MiniLM model (hashing without the embeddings extra)",
    )
