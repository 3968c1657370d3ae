"""Optional answer accuracy: a chat model answers from the context, a second call grades the
answer against the reference answer.

Only runs when asked (``--judge``) and an OpenAI-compatible client is available (the
``openai`` package and ``OPENAI_API_KEY``); never needed for the other metrics. The client
is injected, so tests drive it with a fake that has ``chat.completions.create``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol, cast

import dan
from benchmarks.quality.metrics import Passage

GRADER_PROMPT = (
    "You grade answers to questions about business documents. Compare the ANSWER with the "
    "REFERENCE. Reply with exactly one word: CORRECT if the answer states the reference's "
    "facts (wording may differ; extra correct detail is fine), INCORRECT if it misses or "
    "contradicts a fact of the reference or says the context does not contain it."
)


class ChatClient(Protocol):
    """The part of ``openai.OpenAI`` the judge uses."""

    chat: Any


@dataclass(frozen=True)
class Verdict:
    """The model's answer and the grade."""

    answer: str
    correct: bool


def _complete(client: ChatClient, model: str, system: str, user: str, max_tokens: int) -> str:
    resp = client.chat.completions.create(
        model=model,
        messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
        temperature=0,
        max_tokens=max_tokens,
    )
    return (resp.choices[0].message.content or "").strip()


class Judge:
    """Answers with ``answer_model`` from a context and grades with ``grade_model``."""

    def __init__(self, client: ChatClient, answer_model: str = "gpt-4o-mini", grade_model: str | None = None) -> None:
        self.client = client
        self.answer_model = answer_model
        self.grade_model = grade_model or answer_model

    def __call__(self, question: str, reference: str, passages: Sequence[Passage]) -> Verdict:
        context = "\n\n".join(p.text for p in passages)
        system = (dan.system_message() + "\n\nUSE THIS EXTRACTED DOCUMENT CONTEXT TO ANSWER THE USER'S QUESTION:\n"
                  + context)
        answer = _complete(self.client, self.answer_model, system, question, 300)
        grade = _complete(self.client, self.grade_model, GRADER_PROMPT,
                          f"QUESTION: {question}\nREFERENCE: {reference}\nANSWER: {answer}", 5)
        return Verdict(answer, grade.strip().upper().startswith("CORRECT"))


def openai_client() -> ChatClient | None:
    """An ``openai.OpenAI`` client when the package and ``OPENAI_API_KEY`` are there, else ``None``."""
    if not os.environ.get("OPENAI_API_KEY"):
        return None
    try:
        import openai
    except ImportError:
        return None
    return cast(ChatClient, openai.OpenAI())
