"""``/api/knowledge/{cid}/reindex`` on a real server: a store served with another
``--index-context`` than it was written with is stale until an operator reindexes it in
bounded batches; readers, strangers and callers without a token are refused."""

from __future__ import annotations

import httpx
from server_helpers import wait_job

HASHING = ["--embeddings", "hashing", "--max-tokens", "96"]


def _problem(resp: httpx.Response, status: int) -> dict:  # type: ignore[type-arg]
    assert resp.status_code == status, resp.text
    assert resp.headers["content-type"].startswith("application/problem+json")
    return resp.json()  # type: ignore[no-any-return]


def test_an_operator_reindexes_a_stale_collection_in_batches(make_server, tmp_path) -> None:  # type: ignore[no-untyped-def]
    db = str(tmp_path / "kb.db")
    first = make_server(db=db, extra=HASHING)
    with first.client("alice") as c:
        cid = c.post("/api/collections", json={"name": "Legal"}).json()["id"]
        for n in range(3):
            job = c.post(f"/api/knowledge/{cid}/documents", json={"file_name": f"t{n}.md", "text": f"# Terms {n}\n\nmarker{n} applies."})
            assert wait_job(c, cid, job.json()["job_id"])["state"] == "ready"
    first.stop()
    # served again with the context line: every source is of another embedding identity
    srv = make_server(db=db, extra=[*HASHING, "--index-context", "embedding"])
    assert "note: 3 stored source(s) were embedded by another model or --index-context" in srv.output()
    assert "/api/knowledge/{cid}/reindex" in srv.output() and "python -m demo reindex --db" in srv.output()
    with srv.client("alice") as c, srv.client("alice-reader") as reader, srv.client("bob") as bob, srv.client() as nobody:
        status = reader.get(f"/api/knowledge/{cid}/reindex").json()
        assert status == {"sources": 3, "current": 0, "stale": 3, "pending": 0, "failed": 0, "done": False}
        refused = _problem(c.post(f"/api/knowledge/{cid}/search", json={"query": "marker1", "mode": "semantic"}), 409)
        assert f"POST /api/knowledge/{cid}/reindex" in refused["detail"]
        # fails closed: no token 401, a reader 403, another subject's operator 404; nothing queued
        _problem(nobody.post(f"/api/knowledge/{cid}/reindex"), 401)
        _problem(nobody.get(f"/api/knowledge/{cid}/reindex"), 401)
        assert "reader role" in _problem(reader.post(f"/api/knowledge/{cid}/reindex"), 403)["detail"]
        _problem(bob.post(f"/api/knowledge/{cid}/reindex"), 404)
        _problem(bob.get(f"/api/knowledge/{cid}/reindex"), 404)
        _problem(c.post(f"/api/knowledge/{cid}/reindex", params={"limit": 0}), 422)
        assert reader.get(f"/api/knowledge/{cid}/reindex").json()["pending"] == 0
        # a batch of two, then the rest
        batch = c.post(f"/api/knowledge/{cid}/reindex", params={"limit": 2})
        assert batch.status_code == 202, batch.text
        assert len(batch.json()["job_ids"]) == 2 and batch.json()["status"]["stale"] == 3
        rest = c.post(f"/api/knowledge/{cid}/reindex").json()
        assert len(rest["job_ids"]) == 1 and not set(rest["job_ids"]) & set(batch.json()["job_ids"])
        for job_id in [*batch.json()["job_ids"], *rest["job_ids"]]:
            job = wait_job(c, cid, job_id)
            assert job["state"] == "ready" and job["kind"] == "reindex"
        assert reader.get(f"/api/knowledge/{cid}/reindex").json() == {
            "sources": 3, "current": 3, "stale": 0, "pending": 0, "failed": 0, "done": True,
        }
        found = reader.post(f"/api/knowledge/{cid}/search", json={"query": "marker1", "mode": "semantic"})
        assert found.status_code == 200 and found.json()["passages"]
        assert c.post(f"/api/knowledge/{cid}/reindex").json()["job_ids"] == []
    srv.stop()
    again = make_server(db=db, extra=[*HASHING, "--index-context", "embedding"])
    assert "stored source(s)" not in again.output()  # nothing stale: no note
