"""Starting ``python -m demo serve`` in a child process (the load test and the screenshots)."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

__all__ = ["ROOT", "free_port", "start_server", "start_with_tokens"]

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    """A free TCP port on loopback."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(tmp: Path, subject: str, *extra: str, db: str | None = None) -> tuple[subprocess.Popen[bytes], str, str]:
    """A single-user server on a store in ``tmp`` (or the store ``db`` names; ``extra``: more
    ``serve`` options): (process, base URL, its printed token)."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("OPENAI_API_KEY", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "demo", "serve", "--db", db or str(tmp / "kb.db"), "--port", str(port), "--subject", subject,
         "--log-level", "warning", *extra],
        cwd=tmp, env=env, stdout=subprocess.PIPE,
    )
    assert proc.stdout is not None
    token = ""
    while not token:
        line = proc.stdout.readline().decode()
        if not line:
            raise SystemExit("the server did not start")
        if line.startswith("token: "):
            token = line.split("token: ", 1)[1].strip()
    base = f"http://127.0.0.1:{port}"
    for _ in range(200):
        try:
            if httpx.get(base + "/healthz").status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.05)
    return proc, base, token


def start_with_tokens(tmp: Path, tokens: Path, *extra: str) -> tuple[subprocess.Popen[bytes], str]:
    """A server on the store ``tmp/kb.db`` whose callers are the tokens file ``tokens``
    (``extra``: more ``serve`` options), once ``/healthz`` answers: (process, base URL).
    Stops the benchmark when the server dies or has not answered within two minutes."""
    port = free_port()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    env.pop("OPENAI_API_KEY", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "demo", "serve", "--db", str(tmp / "kb.db"), "--port", str(port), "--tokens", str(tokens),
         "--log-level", "warning", *extra],
        cwd=tmp, env=env, stdout=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    end = time.monotonic() + 120
    while True:
        if proc.poll() is not None or time.monotonic() > end:
            proc.kill()
            raise SystemExit("the server did not start")
        try:
            if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                return proc, base
        except httpx.HTTPError:
            time.sleep(0.1)
