"""Any OpenAI-compatible server (Ollama, vLLM, llama.cpp's server) through ``--base-url``:
against a fake one the tests start on loopback (:mod:`fake_openai`), streaming and not."""

from __future__ import annotations

import json

import pytest
from fake_openai import FakeOpenAI
from server_helpers import SAMPLES, wait_job

from demo.app import _parser, cited_numbers, main
from demo.models import NO_KEY, ModelSetupError, OpenAIChat, chat_models

PIECES = ["The warranty ", "lasts twenty-four months ", "[1]."]


@pytest.fixture
def fake():
    with FakeOpenAI(PIECES) as f:
        yield f


def test_a_base_url_server_answers_whole_and_in_pieces(fake, monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    chat, mini = chat_models("auto", online=False, main="gpt-4.1", mini="gpt-4.1-mini", base_url=fake.base_url, model="llama3.2")
    assert isinstance(chat, OpenAIChat) and mini is None  # routing stays lexical
    assert chat.complete("SYSTEM", [("user", "Hi"), ("assistant", "Hello"), ("user", "How long?")]) == "".join(PIECES)
    assert list(chat.stream("SYSTEM", [("user", "How long?")])) == PIECES
    whole, streamed = fake.requests
    assert whole["path"] == "/v1/chat/completions" and whole["headers"]["authorization"] == f"Bearer {NO_KEY}"
    body = whole["body"]
    assert body["model"] == "llama3.2" and body["max_tokens"] == 1200 and "max_completion_tokens" not in body
    assert not body.get("stream")
    assert body["messages"] == [
        {"role": "system", "content": "SYSTEM"}, {"role": "user", "content": "Hi"},
        {"role": "assistant", "content": "Hello"}, {"role": "user", "content": "How long?"},
    ]
    assert streamed["body"]["stream"] is True and streamed["body"]["model"] == "llama3.2"


def test_a_key_when_set_goes_to_the_server_and_choices_are_kept(fake, monkeypatch):
    monkeypatch.setenv("OPENAI_API_KEY", "vllm-secret")
    chat, _ = chat_models("openai", online=False, main="m", mini="n", base_url=fake.base_url, model="served")
    assert chat is not None and chat.complete("S", [("user", "q")]) == "".join(PIECES)
    assert fake.requests[-1]["headers"]["authorization"] == "Bearer vllm-secret"
    assert chat_models("none", online=True, main="m", mini="n", base_url=fake.base_url, model="x") == (None, None)
    with pytest.raises(ModelSetupError, match="--model NAME or set OPENAI_MODEL"):
        chat_models("auto", online=False, main="m", mini="n", base_url=fake.base_url, model=None)
    with pytest.raises(ValueError, match="limit_param"):
        OpenAIChat("m", client=object(), limit_param="n_predict")


def test_the_options_and_their_environment_variables(monkeypatch):
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    monkeypatch.delenv("OPENAI_MODEL", raising=False)
    args = _parser().parse_args(["ask", "-q", "x"])
    assert args.base_url is None and args.model is None
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:11434/v1")
    monkeypatch.setenv("OPENAI_MODEL", "llama3.2")
    for argv in (["ask", "-q", "x"], ["serve", "--db", "k.db"], ["mcp", "--db", "k.db"]):
        args = _parser().parse_args(argv)
        assert (args.base_url, args.model) == ("http://127.0.0.1:11434/v1", "llama3.2")
    args = _parser().parse_args(["serve", "--db", "k.db", "--base-url", "http://h:8000/v1", "--model", "qwen"])
    assert (args.base_url, args.model) == ("http://h:8000/v1", "qwen")
    help_text = _parser().format_help()
    assert "--base-url" in help_text and "--model" in help_text


def test_the_command_line_answers_through_the_server_and_lists_what_it_cites(fake, tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    doc = tmp_path / "terms.md"
    doc.write_text("# Warranty\n\nThe warranty lasts twenty-four months.\n\n# Fees\n\nLate fees are 1.5% a month.\n", encoding="utf-8")
    code = main(["ask", str(doc), "-q", "How long is the warranty?", "--base-url", fake.base_url, "--model", "llama3.2",
                 "--embeddings", "hashing", "--show-context", "none", "--offline"])
    out = capsys.readouterr().out
    assert code == 0 and "The warranty lasts twenty-four months [1]." in out
    assert "[1] terms.md: Warranty" in out  # the cited number, resolved to its passage
    system = fake.requests[0]["body"]["messages"][0]["content"]
    assert "CITING BY NUMBER" in system and "[1]\n" in system and "twenty-four months" in system
    missing = main(["ask", str(doc), "-q", "x", "--base-url", fake.base_url, "--embeddings", "hashing"])
    assert missing == 2 and "OPENAI_MODEL" in capsys.readouterr().err


def test_cited_numbers():
    assert cited_numbers("A [2]. B [1][2]. C [9]. D [0]. [x]", 3) == [2, 1]
    assert cited_numbers("no citations", 3) == []


def test_the_server_answers_and_streams_through_a_base_url(fake, make_server):
    srv = make_server(extra=["--base-url", fake.base_url, "--model", "served-model", "--embeddings", "hashing"])
    with srv.client("alice") as alice:
        cid = alice.post("/api/collections", json={"name": "Compat"}).json()["id"]
        name = "operations-manual.md"
        job = alice.post(f"/api/knowledge/{cid}/documents", files={"file": (name, (SAMPLES / name).read_bytes())}).json()
        assert wait_job(alice, cid, job["job_id"])["state"] == "ready"
        body = alice.post(f"/api/knowledge/{cid}/ask", json={"question": "What does the manual say about backups?"}).json()
        assert body["answer_kind"] == "generated" and body["answer"] == "".join(PIECES) and body["extract"] == []
        assert [c["n"] for c in body["citations"]] == list(range(1, len(body["citations"]) + 1))
        sent = fake.requests[-1]["body"]
        assert sent["model"] == "served-model" and not sent.get("stream")
        system = sent["messages"][0]["content"]
        first = alice.get(f"/api/knowledge/{cid}/passages/{body['citations'][0]['passage_id']}").json()
        assert f"[1]\n{first['text']}" in system
        with alice.stream("POST", f"/api/knowledge/{cid}/ask", json={"question": "What does the manual say about backups?"},
                          headers={"accept": "text/event-stream"}) as s:
            raw = b"".join(s.iter_bytes()).decode()
    events = [block.split("\n", 1) for block in raw.strip().split("\n\n")]
    names = [e[0].removeprefix("event: ") for e in events]
    data = [json.loads(e[1].removeprefix("data: ")) for e in events]
    assert names == ["context", "answer", "answer", "answer", "done"]  # one event per piece the server wrote
    assert data[0]["answer_kind"] == "generated" and data[0]["citations"][0]["n"] == 1
    assert [d["text"] for d in data[1:4]] == PIECES and data[4] == {"answer": "".join(PIECES)}
    assert fake.requests[-1]["body"]["stream"] is True


def _closed_port() -> int:
    import socket

    with socket.socket() as probe:  # a port nothing listens on (the probe closes it)
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_an_unreachable_answering_server_is_one_plain_error_on_the_command_line(tmp_path, monkeypatch, capsys):
    """The answering model's server down was an APIConnectionError traceback; now one line
    that says what to check (the store raises AnsweringModelError), exit 1."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    doc = tmp_path / "terms.md"
    doc.write_text("# Warranty\n\nThe warranty lasts twenty-four months.\n", encoding="utf-8")
    down = f"http://127.0.0.1:{_closed_port()}/v1"
    code = main(["ask", str(doc), "-q", "How long is the warranty?", "--base-url", down, "--model", "m",
                 "--embeddings", "hashing", "--show-context", "none"])
    err = capsys.readouterr().err
    assert code == 1 and "error: the answering model failed (Connection error.)" in err
    assert "Traceback" not in err and "APIConnectionError" not in err


def test_the_server_says_502_when_the_answering_model_fails(make_server):
    """A non-streaming /ask whose answering model cannot be reached is a 502 problem that says
    what happened, not a 500 or the model server's address."""
    down = f"http://127.0.0.1:{_closed_port()}/v1"
    srv = make_server(extra=["--base-url", down, "--model", "m", "--embeddings", "hashing"])
    with srv.client("alice") as alice:
        cid = alice.post("/api/collections", json={"name": "Down"}).json()["id"]
        name = "operations-manual.md"
        job = alice.post(f"/api/knowledge/{cid}/documents", files={"file": (name, (SAMPLES / name).read_bytes())}).json()
        assert wait_job(alice, cid, job["job_id"])["state"] == "ready"
        r = alice.post(f"/api/knowledge/{cid}/ask", json={"question": "What does the manual say about backups?"})
    assert r.status_code == 502 and r.headers["content-type"].startswith("application/problem+json")
    body = r.json()
    assert body["title"] == "Answering model failed" and "ask without it for the extracted answer" in body["detail"]
    assert "127.0.0.1" not in body["detail"]
