"""A real server process on loopback, for the API and browser tests (helpers; fixtures in conftest.py)."""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "demo" / "samples"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``python -m demo serve`` in a child process, with named tokens."""

    def __init__(self, tmp: Path, db: str, extra: list[str], tokens: dict[str, dict[str, str]] | None) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.tokens: dict[str, str] = {}
        args = [sys.executable, "-m", "demo", "serve", "--db", db, "--port", str(self.port), "--offline", "--log-level", "warning", *extra]
        if tokens is not None:
            table = {}
            for name, principal in tokens.items():
                token = secrets.token_urlsafe(24)
                self.tokens[name] = token
                table[token] = principal
            path = tmp / f"tokens-{self.port}.json"
            path.write_text(json.dumps(table), encoding="utf-8")
            args += ["--tokens", str(path)]
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        env.pop("OPENAI_API_KEY", None)
        self.log = open(tmp / f"server-{self.port}.log", "w+b")  # noqa: SIM115 - closed in stop()
        self.proc = subprocess.Popen(args, cwd=tmp, env=env, stdout=subprocess.PIPE, stderr=self.log)
        if tokens is None:
            line = b""
            end = time.monotonic() + 30
            while time.monotonic() < end and not line.startswith(b"token: "):
                line = self.proc.stdout.readline() if self.proc.stdout else b""
                if not line and self.proc.poll() is not None:
                    break
            self.tokens["local"] = line.decode().split("token: ", 1)[-1].strip()
        self._wait()

    def _wait(self) -> None:
        end = time.monotonic() + 60
        while time.monotonic() < end:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.output()}")
            try:
                if httpx.get(self.base + "/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"the server did not start: {self.output()}")

    def output(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read().decode(errors="replace")[-4000:]

    def client(self, name: str | None = None, **kwargs: object) -> httpx.Client:
        headers = {"Authorization": f"Bearer {self.tokens[name]}"} if name else {}
        return httpx.Client(base_url=self.base, headers=headers, timeout=60, **kwargs)  # type: ignore[arg-type]

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc.stdout:
            self.proc.stdout.close()
        self.log.close()


TOKENS = {
    "alice": {"subject": "alice", "role": "operator"},
    "alice-reader": {"subject": "alice", "role": "reader"},
    "bob": {"subject": "bob", "role": "operator"},
}


def wait_job(client: httpx.Client, cid: str, job_id: str, timeout: float = 60) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        job = client.get(f"/api/knowledge/{cid}/jobs/{job_id}").json()
        if job["state"] in ("ready", "failed", "cancelled", "held"):
            return job
        time.sleep(0.05)
    raise AssertionError(f"job {job_id} did not finish: {job}")
