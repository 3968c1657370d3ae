"""Chat models for the demo: OpenAI (``openai`` SDK), any LangChain chat model, or none.

A model is anything with ``complete(system, messages) -> str`` where ``messages`` is the
chat history as ``(role, text)`` pairs ending with the user's question. The system
message carries the static content (instructions, then the document context) first, so
providers can serve it from their prompt cache.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

__all__ = ["ChatModel", "OpenAIChat", "LangChainChat", "Message"]

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
