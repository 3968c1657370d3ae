"""Schemathesis fuzzes the server's own OpenAPI spec: no generated request may cause a 5xx."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from server_helpers import wait_job


def test_no_generated_request_is_a_server_error(make_server, tmp_path):
    cli = shutil.which("schemathesis", path=str(Path(sys.executable).parent))
    if cli is None:
        pytest.skip("schemathesis is not installed (the dev extra has it)")
    srv = make_server(extra=["--max-tokens", "128"])
    with srv.client("alice") as c:
        cid = c.post("/api/collections", json={"name": "Fuzzed"}).json()["id"]
        job = c.post(f"/api/knowledge/{cid}/documents", json={"file_name": "terms.md", "text": "# Terms\n\nPayment within 30 days."}).json()
        assert wait_job(c, cid, job["job_id"])["state"] == "ready"
    config = tmp_path / "schemathesis.toml"
    config.write_text(f'[parameters]\ncid = "{cid}"\n', encoding="utf-8")
    done = subprocess.run(
        [
            cli, "--config-file", str(config), "run", f"{srv.base}/openapi.json",
            "-H", f"Authorization: Bearer {srv.tokens['alice']}",
            "--checks", "not_a_server_error", "--max-examples", "50", "--seed", "20261201",
            "--phases", "examples,coverage,fuzzing",
            "--exclude-operation-id", "delete_collection_api_collections__cid__delete",
        ],
        cwd=tmp_path, capture_output=True, text=True, timeout=600, check=False,
    )
    summary = done.stdout[-3000:]
    assert done.returncode == 0, summary + done.stderr[-2000:]
    assert " passed" in summary and "failed" not in summary.split("Test cases:")[-1], summary
    assert "Unresolvable references" not in summary, summary
    with srv.client("alice") as c:
        assert c.get(f"/api/collections/{cid}").status_code == 200  # the fuzzed collection is still there
    assert "Traceback" not in srv.output()
