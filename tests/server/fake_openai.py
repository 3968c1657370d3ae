"""A fake OpenAI-compatible chat server on loopback, for the tests of ``--base-url``.

It answers ``POST /v1/chat/completions`` as Ollama, vLLM and llama.cpp's server do: a JSON
``chat.completion``, or with ``"stream": true`` Server-Sent Events of
``chat.completion.chunk`` objects ending with ``data: [DONE]``. It records every request
(path, headers with lower-case names, body). ``gate``: when set, a streamed answer stops after its first piece
until the test calls ``gate.set()`` — so a test can see the first piece arrive before the
rest exists, without depending on timing.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class FakeOpenAI:
    """``with FakeOpenAI(["Hello ", "world [1]."]) as fake: fake.base_url``."""

    def __init__(self, pieces: list[str], *, gated: bool = False, model: str = "fake-model") -> None:
        self.pieces = list(pieces)
        self.model = model
        self.requests: list[dict[str, Any]] = []
        self.gate: threading.Event | None = threading.Event() if gated else None
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
                pass

            def do_GET(self) -> None:
                if self.path.rstrip("/").endswith("/models"):
                    self._json(200, {"object": "list", "data": [{"id": fake.model, "object": "model", "owned_by": "test"}]})
                else:
                    self._json(404, {"error": {"message": "not found"}})

            def do_POST(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                body = json.loads(self.rfile.read(length) or b"{}")
                fake.requests.append({"path": self.path, "headers": {k.lower(): v for k, v in self.headers.items()}, "body": body})
                if not self.path.endswith("/chat/completions"):
                    self._json(404, {"error": {"message": "not found"}})
                    return
                if body.get("stream"):
                    self._stream()
                else:
                    message = {"role": "assistant", "content": "".join(fake.pieces)}
                    self._json(200, {
                        "id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": fake.model,
                        "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                        "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
                    })

            def _json(self, status: int, data: dict[str, Any]) -> None:
                raw = json.dumps(data).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            def _event(self, data: str) -> None:
                raw = f"data: {data}\n\n".encode()
                self.wfile.write(f"{len(raw):x}\r\n".encode() + raw + b"\r\n")
                self.wfile.flush()

            def _stream(self) -> None:
                self.send_response(200)
                self.send_header("Content-Type", "text/event-stream")
                self.send_header("Transfer-Encoding", "chunked")
                self.end_headers()
                for i, piece in enumerate(fake.pieces):
                    if i == 1 and fake.gate is not None:
                        fake.gate.wait(60)
                    delta = {"role": "assistant", "content": piece} if i == 0 else {"content": piece}
                    chunk = {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 0, "model": fake.model,
                             "choices": [{"index": 0, "delta": delta, "finish_reason": None}]}
                    self._event(json.dumps(chunk))
                end = {"id": "chatcmpl-fake", "object": "chat.completion.chunk", "created": 0, "model": fake.model,
                       "choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}
                self._event(json.dumps(end))
                self._event("[DONE]")
                self.wfile.write(b"0\r\n\r\n")
                self.wfile.flush()

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}/v1"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> FakeOpenAI:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.gate is not None:
            self.gate.set()
        self.server.shutdown()
        self.server.server_close()
        self._thread.join(10)
