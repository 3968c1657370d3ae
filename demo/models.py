"""Chat models for the demo: OpenAI or any OpenAI-compatible server (``openai`` SDK), any
LangChain chat model, or none.

A model is anything with ``complete(system, messages) -> str`` where ``messages`` is the
chat history as ``(role, text)`` pairs ending with the user's question. The system
message carries the static content (instructions, then the document context) first, so
providers can serve it from their prompt cache. A model may also have
``stream(system, messages)``, yielding the answer in pieces as it is written (the server's
``/ask`` streams those over SSE).

An OpenAI-compatible server (Ollama, vLLM, llama.cpp's ``llama-server``) is reached through
a base URL (``--base-url`` or ``OPENAI_BASE_URL``) and a model name (``--model`` or
``OPENAI_MODEL``): :func:`openai_client`, :func:`chat_models`.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

__all__ = [
    "CHAT_CHOICES", "NO_KEY", "ChatModel", "LangChainChat", "Message", "ModelSetupError", "OpenAIChat", "chat_models",
    "openai_client",
]

#: The ``--chat`` choices of the command line and the server.
CHAT_CHOICES = ("auto", "openai", "local", "none")

Message = tuple[str, str]  # (role: "user" | "assistant", text)

#: The API key sent to a ``--base-url`` server when ``OPENAI_API_KEY`` is not set: local
#: servers (Ollama, llama.cpp) ignore it, but the ``openai`` SDK refuses to start without one.
NO_KEY = "none"


class ModelSetupError(ValueError):
    """The chat model cannot be set up as configured; the message says what to give."""


def openai_client(base_url: str | None = None) -> Any:
    """An ``openai.OpenAI`` client: OpenAI's service, or the OpenAI-compatible server at
    ``base_url`` (e.g. ``http://127.0.0.1:11434/v1`` for Ollama). A server gets
    ``OPENAI_API_KEY`` when it is set (vLLM's ``--api-key``), else :data:`NO_KEY`."""
    from openai import OpenAI

    if base_url is None:
        return OpenAI()
    return OpenAI(base_url=base_url, api_key=os.environ.get("OPENAI_API_KEY") or NO_KEY)


class ChatModel(Protocol):
    """What the demo needs from a chat model."""

    name: str

    def complete(self, system: str, messages: Sequence[Message]) -> str:
        """Answer the last user message given the system message and history."""
        ...


class OpenAIChat:
    """A chat model through the ``openai`` SDK's Chat Completions API.

    ``client`` defaults to ``openai.OpenAI()`` (reads ``OPENAI_API_KEY``); tests pass a stub
    with the same ``chat.completions.create`` method. ``limit_param`` names the answer-length
    parameter: OpenAI's ``max_completion_tokens``, or ``max_tokens``, which every
    OpenAI-compatible server reads (:func:`chat_models` chooses it for a ``--base-url``).
    """

    def __init__(
        self, model: str, client: object | None = None, max_tokens: int = 1200, limit_param: str = "max_completion_tokens"
    ) -> None:
        if limit_param not in ("max_completion_tokens", "max_tokens"):
            raise ValueError("limit_param must be 'max_completion_tokens' or 'max_tokens'")
        if client is None:
            client = openai_client()
        self.client: Any = client
        self.name = model
        self.max_tokens = max_tokens
        self.limit_param = limit_param

    def _payload(self, system: str, messages: Sequence[Message]) -> list[dict[str, str]]:
        payload = [{"role": "system", "content": system}]
        payload += [{"role": role, "content": text} for role, text in messages]
        return payload

    def complete(self, system: str, messages: Sequence[Message]) -> str:
        resp = self.client.chat.completions.create(
            model=self.name, messages=self._payload(system, messages), **{self.limit_param: self.max_tokens}
        )
        return resp.choices[0].message.content or ""

    def stream(self, system: str, messages: Sequence[Message]) -> Iterator[str]:
        """The answer in pieces as the model writes them (``stream=True``)."""
        chunks = self.client.chat.completions.create(
            model=self.name, messages=self._payload(system, messages), stream=True, **{self.limit_param: self.max_tokens}
        )
        for chunk in chunks:
            for choice in chunk.choices or ():
                piece = choice.delta.content if choice.delta is not None else None
                if piece:
                    yield piece


class LangChainChat:
    """Any LangChain chat model (``BaseChatModel``), e.g. a fake model in tests."""

    def __init__(self, chat_model: object, name: str | None = None) -> None:
        self.chat_model = chat_model
        self.name = name or type(chat_model).__name__

    def complete(self, system: str, messages: Sequence[Message]) -> str:
        from langchain_core.messages import AIMessage, HumanMessage, SystemMessage

        payload: list[object] = [SystemMessage(content=system)]
        for role, text in messages:
            payload.append(AIMessage(content=text) if role == "assistant" else HumanMessage(content=text))
        result = self.chat_model.invoke(payload)  # type: ignore[attr-defined]
        content = getattr(result, "content", result)
        return content if isinstance(content, str) else str(content)


def chat_models(
    choice: str, *, online: bool, main: str, mini: str, base_url: str | None = None, model: str | None = None
) -> tuple[ChatModel | None, ChatModel | None]:
    """The (answering, routing) models for ``--chat``: ``auto`` (OpenAI when ``online`` or a
    ``base_url`` is given, else none: answers are extracted), ``openai``, ``local``
    (:class:`demo.local_llm.LocalChat`; routing stays lexical) or ``none``.

    With ``base_url`` (an OpenAI-compatible server) ``openai`` means that server: the
    answering model is ``model`` there (:class:`ModelSetupError` without one), no OpenAI key
    is needed, and there is no routing model (routing stays lexical)."""
    if choice == "auto":
        choice = "openai" if online or base_url else "none"
    if choice == "none":
        return None, None
    if choice == "openai" and base_url:
        if not model:
            raise ModelSetupError(
                f"--base-url {base_url} needs the model's name there: give --model NAME or set OPENAI_MODEL "
                "(e.g. llama3.2 for Ollama; any name for llama.cpp's server)"
            )
        return OpenAIChat(model, client=openai_client(base_url), limit_param="max_tokens"), None
    if choice == "openai":
        if not online:  # (no key, or --offline: a client would fail on the first question)
            raise ModelSetupError(
                "--chat openai needs OpenAI's service: set OPENAI_API_KEY and leave out --offline, "
                "or give an OpenAI-compatible server with --base-url URL and --model NAME"
            )
        return OpenAIChat(model or main), OpenAIChat(mini)
    if choice == "local":
        from demo.local_llm import LocalChat

        return LocalChat(), None
    raise ValueError(f"chat must be one of {', '.join(CHAT_CHOICES)}, got {choice!r}")
