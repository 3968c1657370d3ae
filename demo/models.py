"""Chat models for the demo: OpenAI (``openai`` SDK), any LangChain chat model, or none.

A model is anything with ``complete(system, messages) -> str`` where ``messages`` is the
chat history as ``(role, text)`` pairs ending with the user's question. The system
message carries the static content (instructions, then the document context) first, so
providers can serve it from their prompt cache.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

__all__ = ["CHAT_CHOICES", "ChatModel", "LangChainChat", "Message", "OpenAIChat", "chat_models"]

#: The ``--chat`` choices of the command line and the server.
CHAT_CHOICES = ("auto", "openai", "local", "none")

Message = tuple[str, str]  # (role: "user" | "assistant", text)


class ChatModel(Protocol):
    """What the demo needs from a chat model."""

    name: str

    def complete(self, system: str, messages: Sequence[Message]) -> str:
        """Answer the last user message given the system message and history."""
        ...


class OpenAIChat:
    """A chat model through the ``openai`` SDK's Chat Completions API.

    ``client`` defaults to ``openai.OpenAI()`` (reads ``OPENAI_API_KEY``); tests pass a stub
    with the same ``chat.completions.create`` method.
    """

    def __init__(self, model: str, client: object | None = None, max_tokens: int = 1200) -> None:
        if client is None:
            from openai import OpenAI

            client = OpenAI()
        self.client = client
        self.name = model
        self.max_tokens = max_tokens

    def complete(self, system: str, messages: Sequence[Message]) -> str:
        payload = [{"role": "system", "content": system}]
        payload += [{"role": role, "content": text} for role, text in messages]
        resp = self.client.chat.completions.create(  # type: ignore[attr-defined]
            model=self.name, messages=payload, max_completion_tokens=self.max_tokens
        )
        return resp.choices[0].message.content or ""


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


def chat_models(choice: str, *, online: bool, main: str, mini: str) -> tuple[ChatModel | None, ChatModel | None]:
    """The (answering, routing) models for ``--chat``: ``auto`` (OpenAI when ``online``, else
    none: answers are extracted), ``openai``, ``local`` (:class:`demo.local_llm.LocalChat`;
    routing stays lexical) or ``none``."""
    if choice == "auto":
        choice = "openai" if online else "none"
    if choice == "none":
        return None, None
    if choice == "openai":
        return OpenAIChat(main), OpenAIChat(mini)
    if choice == "local":
        from demo.local_llm import LocalChat

        return LocalChat(), None
    raise ValueError(f"chat must be one of {', '.join(CHAT_CHOICES)}, got {choice!r}")
