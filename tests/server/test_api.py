"""The HTTP API against a real server process on loopback: every endpoint and status code."""

from __future__ import annotations

import json
import sys
import threading
from pathlib import Path

import pytest
from server_helpers import SAMPLES, wait_job

import dan
import dan.formats
from demo import samples

PROBLEM = "application/problem+json"


def _problem(resp, status):  # type: ignore[no-untyped-def]
    assert resp.status_code == status, resp.text
    assert resp.headers["content-type"].startswith(PROBLEM)
    body = resp.json()
    assert body["status"] == status and body["title"] and body["detail"]
    assert "Traceback" not in resp.text and 'File "' not in resp.text
    return body


@pytest.fixture(scope="module")
def alice(server):
    with server.client("alice") as c:
        yield c


@pytest.fixture(scope="module")
def reader(server):
    with server.client("alice-reader") as c:
        yield c


@pytest.fixture(scope="module")
def bob(server):
    with server.client("bob") as c:
        yield c


@pytest.fixture(scope="module")
def loaded(alice):
    """A collection with the MSA sample (revisions, comments) and the price list, ready."""
    cid = alice.post("/api/collections", json={"name": "Loaded"}).json()["id"]
    jobs = {}
    for name in ("msa-northwind-cranepoint.docx", "price-list-2025.docx"):
        resp = alice.post(f"/api/knowledge/{cid}/documents", files={"file": (name, (SAMPLES / name).read_bytes())})
        assert resp.status_code == 202, resp.text
        jobs[name] = wait_job(alice, cid, resp.json()["job_id"])
    assert all(j["state"] == "ready" for j in jobs.values()), jobs
    return cid, jobs


# ---------------------------------------------------------------------------- open endpoints


def test_health_openapi_docs_and_page_need_no_token(server):
    with server.client() as c:
        assert c.get("/healthz").json() == {"status": "ok"}
        spec = c.get("/openapi.json").json()
        assert {"/api/collections", "/api/knowledge/{cid}/documents", "/api/knowledge/{cid}/search", "/api/knowledge/{cid}/ask"} <= set(spec["paths"])
        docs = c.get("/docs")
        assert docs.status_code == 200 and "swagger-ui" in docs.text and "cdn" not in docs.text.lower()
        assert c.get("/docs-assets/swagger-ui-bundle.js").status_code == 200  # served locally, no CDN
        page = c.get("/")
        assert page.status_code == 200 and "/static/app.js" in page.text
        assert "script-src 'self'" in page.headers["content-security-policy"]
        assert c.get("/static/app.js").status_code == 200 and c.get("/static/app.css").status_code == 200
        icon = c.get("/favicon.ico")
        assert icon.status_code == 200 and icon.headers["content-type"] == "image/svg+xml" and icon.text.startswith("<svg")
        assert c.get("/static/favicon.svg").status_code == 200
        formats = c.get("/api/formats").json()
        assert formats == {
            "names": dan.detect.format_names(),
            "extensions": list(dan.detect.extensions()),
            "mime_types": list(dan.formats.mime_types()),
        }
        assert "PDF" in formats["names"] and ".pdf" in formats["extensions"]


# ---------------------------------------------------------------------------- authentication


@pytest.mark.parametrize("header", [None, "Bearer", "Bearer not-a-token", "Basic YWxpY2U6c2VjcmV0", "bearer x y", "Token abc"])
def test_no_or_bad_token_is_401(server, header):
    headers = {"Authorization": header} if header is not None else {}
    with server.client() as c:
        # (an endpoint that does not exist, or a method a path does not take, is 401 too: the
        # API's shape is not shown to a caller without a token)
        for method, path in [("GET", "/api/collections"), ("POST", "/api/collections"), ("GET", "/api/whoami"), ("POST", "/api/knowledge/CX/search"),
                             ("GET", "/api/nothing-here"), ("PUT", "/api/collections"), ("DELETE", "/api/whoami")]:
            resp = c.request(method, path, headers=headers, json={"name": "x"} if method == "POST" else None)
            _problem(resp, 401)
            assert resp.headers["www-authenticate"] == "Bearer"


def test_whoami(alice, reader):
    assert alice.get("/api/whoami").json() == {"subject": "alice", "role": "operator"}
    assert reader.get("/api/whoami").json() == {"subject": "alice", "role": "reader"}


# ---------------------------------------------------------------------------- collections


def test_collections_lifecycle(alice, reader, bob):
    resp = alice.post("/api/collections", json={"name": "Contracts"})
    assert resp.status_code == 201
    made = resp.json()
    assert set(made) == {"id", "name", "owner"} and made["owner"] == "alice" and made["name"] == "Contracts"
    assert made["id"] in [c["id"] for c in alice.get("/api/collections").json()]
    assert made["id"] in [c["id"] for c in reader.get("/api/collections").json()]  # same subject, reader role
    assert made["id"] not in [c["id"] for c in bob.get("/api/collections").json()]  # the caller's collections only
    _problem(alice.post("/api/collections", json={"name": "contracts"}), 409)
    _problem(reader.post("/api/collections", json={"name": "Nope"}), 403)
    _problem(reader.delete(f"/api/collections/{made['id']}"), 403)
    _problem(bob.delete(f"/api/collections/{made['id']}"), 404)
    assert alice.patch(f"/api/collections/{made['id']}", json={"name": "Agreements"}).json()["name"] == "Agreements"
    assert alice.get(f"/api/collections/{made['id']}").json()["name"] == "Agreements"
    assert alice.delete(f"/api/collections/{made['id']}").status_code == 204
    _problem(alice.get(f"/api/collections/{made['id']}"), 404)
    _problem(alice.delete(f"/api/collections/{made['id']}"), 404)


@pytest.mark.parametrize(
    "body",
    [{"name": "x", "extra": 1}, {}, {"name": 5}, {"name": ""}, {"name": "x" * 201}, [], "name"],
    ids=["unknown-field", "missing", "not-a-string", "empty", "too-long", "array", "string"],
)
def test_malformed_collection_bodies_are_422(alice, body):
    body422 = _problem(alice.post("/api/collections", json=body), 422)
    assert body422["detail"]


def test_a_body_that_is_not_json_is_422(alice):
    body = _problem(alice.post("/api/collections", content=b"{not json", headers={"content-type": "application/json"}), 422)
    # said in words, not as pydantic's "1: JSON decode error" (the 1 is a character offset)
    assert body["detail"].startswith("body: the body is not valid JSON at character 1: send one JSON object")


# ---------------------------------------------------------------------------- uploads and jobs


@pytest.mark.parametrize("sample", samples.names())
def test_every_sample_format_uploads(alice, sample):
    cid = alice.post("/api/collections", json={"name": f"Sample {sample}"}).json()["id"]
    resp = alice.post(f"/api/knowledge/{cid}/documents", files={"file": (sample, (SAMPLES / sample).read_bytes())})
    assert resp.status_code == 202 and set(resp.json()) == {"job_id"}
    job = wait_job(alice, cid, resp.json()["job_id"])
    assert job["state"] == "ready", job
    assert set(job) >= {"id", "state", "progress", "error", "version_id", "file_name"}
    docs = alice.get(f"/api/knowledge/{cid}/documents").json()
    assert [d["file_name"] for d in docs] == [sample] and docs[0]["version_id"] == job["version_id"]
    assert set(docs[0]) >= {"document_id", "version_id", "file_name", "hash", "chunk_count"}


def test_text_and_pre_chunked_uploads(alice):
    cid = alice.post("/api/collections", json={"name": "Json uploads"}).json()["id"]
    resp = alice.post(f"/api/knowledge/{cid}/documents", json={"file_name": "notes.md", "text": "# Notes\n\nShip on Friday."})
    assert resp.status_code == 202
    assert wait_job(alice, cid, resp.json()["job_id"])["state"] == "ready"
    res = dan.convert_string("# Fees\n\nPay within 30 days.", "markdown", doc_id="FEES1")
    chunks = [{"text": t, "record": r} for t, r in res]
    resp = alice.post(f"/api/knowledge/{cid}/documents", json={"file_name": "fees.md", "chunks": chunks})
    assert resp.status_code == 202, resp.text
    assert wait_job(alice, cid, resp.json()["job_id"])["state"] == "ready"
    hits = alice.post(f"/api/knowledge/{cid}/search", json={"query": "pay within 30 days"}).json()["passages"]
    assert hits and hits[0]["record"]["ssDocId"] == "FEES1"
    bad = dict(chunks[0], record={**chunks[0]["record"], "ssTokens": 999})
    assert "ssTokens" in _problem(alice.post(f"/api/knowledge/{cid}/documents", json={"file_name": "x.md", "chunks": [bad]}), 422)["detail"]
    _problem(alice.post(f"/api/knowledge/{cid}/documents", json={"file_name": "x.md", "text": "a", "extra": 1}), 422)
    _problem(alice.post(f"/api/knowledge/{cid}/documents", json={"file_name": "x.md", "chunks": [{"text": "a"}]}), 422)
    _problem(alice.post(f"/api/knowledge/{cid}/documents", json={"text": "no name"}), 422)
    _problem(alice.post(f"/api/knowledge/{cid}/documents", json={"file_name": "../x.md", "text": "a"}), 422)
    _problem(alice.post(f"/api/knowledge/{cid}/documents", content=b"raw", headers={"content-type": "text/plain"}), 415)
    deep = b"[" * 100_000 + b"]" * 100_000  # nesting the JSON parser cannot follow
    _problem(alice.post(f"/api/knowledge/{cid}/documents", content=deep, headers={"content-type": "application/json"}), 422)
    huge = b'{"file_name": "x.md", "chunks": [], "n": ' + b"9" * 5000 + b"}"  # an integer over Python's digit limit
    _problem(alice.post(f"/api/knowledge/{cid}/documents", content=huge, headers={"content-type": "application/json"}), 422)
    _problem(alice.post(f"/api/knowledge/{cid}/documents", files={"other": ("a.md", b"# A")}), 422)


def test_uploads_over_the_limit_are_413_while_streaming(alice, server):
    cid = alice.post("/api/collections", json={"name": "Big"}).json()["id"]
    big = b"# Big\n\n" + b"word " * 100_000  # 500 KB, over the server's 300,000-byte limit
    declared = alice.post(f"/api/knowledge/{cid}/documents", files={"file": ("big.md", big)})
    declared_detail = _problem(declared, 413)["detail"]
    assert "limit" in declared_detail and "--max-file-bytes" in declared_detail  # the option a server operator sets

    sent = [0]

    def chunked():  # no Content-Length: the server must count while it streams
        yield b'--zz\r\nContent-Disposition: form-data; name="file"; filename="big.md"\r\nContent-Type: text/markdown\r\n\r\n'
        for _ in range(200):
            sent[0] += 1
            yield b"x" * 65536

    streamed = alice.post(
        f"/api/knowledge/{cid}/documents", content=chunked(), headers={"content-type": "multipart/form-data; boundary=zz"}
    )
    counted = _problem(streamed, 413)["detail"]
    # refused by counting the stream (no size was declared), at the upload limit
    assert counted.startswith("the upload is over the limit of 1,348,576 bytes") and sent[0] > 0
    just_over = b"# Over\n\n" + b"y" * 300_000
    resp = alice.post(f"/api/knowledge/{cid}/documents", json={"file_name": "over.md", "text": just_over.decode()})
    _problem(resp, 413)
    assert alice.get(f"/api/knowledge/{cid}/jobs").json() == []  # nothing was stored


def test_jobs_retry_cancel_and_their_status_codes(make_server):
    srv = make_server(extra=["--no-worker", "--max-pending-jobs", "2"])
    with srv.client("alice") as c, srv.client("alice-reader") as r:
        cid = c.post("/api/collections", json={"name": "Queue"}).json()["id"]
        a = c.post(f"/api/knowledge/{cid}/documents", json={"file_name": "a.md", "text": "# A\n\nfirst"}).json()["job_id"]
        b = c.post(f"/api/knowledge/{cid}/documents", json={"file_name": "b.md", "text": "# B\n\nsecond"}).json()["job_id"]
        full = c.post(f"/api/knowledge/{cid}/documents", json={"file_name": "c.md", "text": "# C\n\nthird"})
        assert "max_pending_jobs" in _problem(full, 429)["detail"] and full.headers["retry-after"]
        assert c.get(f"/api/knowledge/{cid}/jobs/{a}").json()["state"] == "queued"
        assert {j["id"] for j in c.get(f"/api/knowledge/{cid}/jobs").json()} == {a, b}
        _problem(r.post(f"/api/knowledge/{cid}/jobs/{a}/cancel"), 403)
        assert c.post(f"/api/knowledge/{cid}/jobs/{a}/cancel").status_code == 204
        assert c.get(f"/api/knowledge/{cid}/jobs/{a}").json()["state"] == "cancelled"
        assert "only a failed job" in _problem(c.post(f"/api/knowledge/{cid}/jobs/{a}/retry"), 409)["detail"]
        _problem(c.get(f"/api/knowledge/{cid}/jobs/JNOSUCH"), 404)
        _problem(c.post(f"/api/knowledge/{cid}/jobs/JNOSUCH/cancel"), 404)


def test_a_failed_job_says_why_in_plain_words_and_whether_a_retry_can_help(alice):
    cid = alice.post("/api/collections", json={"name": "Retry"}).json()["id"]
    job_id = alice.post(f"/api/knowledge/{cid}/documents", files={"file": ("bad.docx", b"PK\x03\x04 not a zip")}).json()["job_id"]
    job = wait_job(alice, cid, job_id)
    assert job["state"] == "failed" and job["error"].startswith("The file is damaged") and "Error" not in job["error"]
    assert job["error_code"] == "damaged" and job["retryable"] is False
    assert "a retry fails the same way" in _problem(alice.post(f"/api/knowledge/{cid}/jobs/{job_id}/retry"), 409)["detail"]
    empty = wait_job(alice, cid, alice.post(f"/api/knowledge/{cid}/documents", files={"file": ("empty.docx", b"")}).json()["job_id"])
    assert empty["error"] == "The file is not in a format dan reads, or not what its name says: 'empty.docx' is empty (0 bytes): it holds no document; save or export the file again"
    assert empty["error_code"] == "unsupported-format" and empty["retryable"] is False


def test_warnings_are_shown_and_a_damaged_replacement_is_held_until_confirmed(alice, reader):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "store"))
    from test_store_warnings import damaged_styles, good_docx

    cid = alice.post("/api/collections", json={"name": "Held"}).json()["id"]

    def upload(data: bytes) -> dict:
        resp = alice.post(f"/api/knowledge/{cid}/documents", files={"file": ("contract.docx", data)})
        return wait_job(alice, cid, resp.json()["job_id"])

    good = upload(good_docx())
    assert good["state"] == "ready" and good["warnings"] == []
    held = upload(damaged_styles(good_docx()))
    assert held["state"] == "held" and held["version_id"] is None and "confirm the job" in held["note"]
    assert [(w["code"], w["where"]) for w in held["warnings"]] == [("damaged-part", "word/styles.xml")]
    (doc,) = reader.get(f"/api/knowledge/{cid}/documents").json()
    assert doc["version_id"] == good["version_id"] and doc["warnings"] == []
    _problem(reader.post(f"/api/knowledge/{cid}/jobs/{held['id']}/confirm"), 403)
    resp = alice.post(f"/api/knowledge/{cid}/jobs/{held['id']}/confirm")
    assert resp.status_code == 202 and resp.json()["state"] in ("queued", "converting", "embedding", "ready")
    done = wait_job(alice, cid, held["id"])
    assert done["state"] == "ready" and done["warnings"] == held["warnings"]
    (doc,) = reader.get(f"/api/knowledge/{cid}/documents").json()
    assert doc["version_id"] == done["version_id"] and [w["code"] for w in doc["warnings"]] == ["damaged-part"]
    assert "only a held job" in _problem(alice.post(f"/api/knowledge/{cid}/jobs/{held['id']}/confirm"), 409)["detail"]


# ---------------------------------------------------------------------------- documents


def test_documents_download_delete_and_retired_passages(alice, reader):
    cid = alice.post("/api/collections", json={"name": "Versions"}).json()["id"]
    first = wait_job(alice, cid, alice.post(f"/api/knowledge/{cid}/documents", json={"file_name": "t.md", "text": "# Terms\n\nNet 30 days."}).json()["job_id"])
    pid = alice.post(f"/api/knowledge/{cid}/search", json={"query": "net days"}).json()["passages"][0]["id"]
    assert reader.get(f"/api/knowledge/{cid}/passages/{pid}").json()["text"].endswith("Net 30 days.")
    down = reader.get(f"/api/knowledge/{cid}/documents/{first['document_id']}/source")
    assert down.status_code == 200 and down.content == b"# Terms\n\nNet 30 days."
    assert down.headers["content-disposition"] == "attachment; filename*=UTF-8''t.md"
    second = wait_job(alice, cid, alice.post(f"/api/knowledge/{cid}/documents", json={"file_name": "t.md", "text": "# Terms\n\nNet 45 days."}).json()["job_id"])
    assert second["document_id"] == first["document_id"] and second["version_id"] != first["version_id"]
    _problem(alice.get(f"/api/knowledge/{cid}/passages/{pid}"), 404)  # retired: never other text
    chunks = reader.get(f"/api/knowledge/{cid}/documents/{first['document_id']}/passages").json()
    assert chunks and chunks[0]["text"].endswith("Net 45 days.")
    _problem(reader.delete(f"/api/knowledge/{cid}/documents/{first['document_id']}"), 403)
    assert alice.delete(f"/api/knowledge/{cid}/documents/{first['document_id']}").status_code == 204
    assert alice.delete(f"/api/knowledge/{cid}/documents/{first['document_id']}").status_code == 204  # idempotent
    assert alice.delete(f"/api/knowledge/{cid}/documents/DNEVEREXISTED").status_code == 204
    assert alice.get(f"/api/knowledge/{cid}/documents").json() == []
    _problem(alice.get(f"/api/knowledge/{cid}/documents/{first['document_id']}/source"), 404)


# ---------------------------------------------------------------------------- search and ask


def test_search(loaded, reader):
    cid, _jobs = loaded
    resp = reader.post(f"/api/knowledge/{cid}/search", json={"query": "HY-1032 unit price", "mode": "keyword", "limit": 3})
    body = resp.json()
    assert resp.status_code == 200 and set(body) == {"mode", "passages", "estimated_tokens", "notice"}
    p = body["passages"][0]
    assert set(p) >= {"id", "document_id", "version_id", "file_name", "locator", "text", "score", "record"}
    assert "HY-1032" in p["text"] and p["record"]["ssDocId"] == p["document_id"]
    assert body["estimated_tokens"] == sum(x["tokens"] for x in body["passages"]) <= 2400
    sect = reader.post(f"/api/knowledge/{cid}/search", json={"query": "payment", "filters": {"has_revisions": "yes"}, "limit": 50}).json()
    assert sect["passages"] and all(x["record"]["has_revisions"] == "yes" for x in sect["passages"])
    for bad in ({"query": "x", "limit": 0}, {"query": "x", "limit": "3"}, {"query": "x", "mode": "fuzzy"}, {"query": "x" * 4001},
                {"query": ""}, {"query": "x", "budget": 10}, {"query": "x", "filters": {"ssSect": True}}, {"query": "x", "nope": 1},
                {"query": "x", "include_documents": [f"D{i}" for i in range(1001)]}):
        _problem(reader.post(f"/api/knowledge/{cid}/search", json=bad), 422)


def test_ask_json_and_streaming(loaded, reader):
    cid, _ = loaded
    resp = reader.post(f"/api/knowledge/{cid}/ask", json={"question": "Who changed the payment terms and what did they change?"})
    body = resp.json()
    # Offline: the answer is extracted from the context, each item cited.
    assert resp.status_code == 200 and body["answer_kind"] == "extracted"
    assert body["answer"].startswith("Extracted from the documents") and body["extract"]
    passage_ids = {c["passage_id"] for c in body["citations"]}
    assert all(i["passage_id"] in passage_ids and i["text"] in body["answer"] for i in body["extract"])
    assert any("Jonathan Reyes" in i["text"] for i in body["extract"])
    assert {"route", "answer", "context", "citations", "tokens"} <= set(body)
    assert body["route"]["path"] in ("all", "whole-documents", "retrieval", "index")
    assert body["tokens"]["context"] > 0 and body["citations"]
    assert "Jonathan Reyes" in body["context"]
    cited = body["citations"][0]
    assert reader.get(f"/api/knowledge/{cid}/passages/{cited['passage_id']}").json()["locator"] == cited["locator"]
    with reader.stream("POST", f"/api/knowledge/{cid}/ask", json={"question": "What is the warranty period?"}, headers={"accept": "text/event-stream"}) as s:
        assert s.status_code == 200 and s.headers["content-type"].startswith("text/event-stream")
        raw = b"".join(s.iter_bytes()).decode()
    events = [block.split("\n") for block in raw.strip().split("\n\n")]
    names = [e[0].removeprefix("event: ") for e in events]
    assert names == ["context", "answer", "done"]  # offline: the extract as one answer event
    meta = json.loads(events[0][1].removeprefix("data: "))
    assert meta["citations"] and "answer" not in meta and meta["answer_kind"] == "extracted"
    extract = json.loads(events[1][1].removeprefix("data: "))["text"]
    assert "warranted for" in extract and json.loads(events[2][1].removeprefix("data: ")) == {"answer": extract}
    for structure in (True, False, None):
        ok = reader.post(f"/api/knowledge/{cid}/ask", json={"question": "What is the warranty period?", "structure": structure})
        assert ok.status_code == 200 and ok.json()["answer_kind"] == "extracted"
    nothing = reader.post(f"/api/knowledge/{cid}/ask", json={"question": "zebra xylophone quasar"}).json()
    assert nothing["answer_kind"] == "not-found" and nothing["answer"].startswith("Not found in the documents") and nothing["extract"] == []
    for bad in ({}, {"question": ""}, {"question": "x", "max_tokens": 5}, {"question": "x", "max_tokens": None},
                {"question": "x", "routing": "psychic"}, {"question": "x", "q": 1}, {"question": "x", "structure": "yes"}):
        _problem(reader.post(f"/api/knowledge/{cid}/ask", json=bad), 422)


# ---------------------------------------------------------------------------- scope


def test_another_subjects_collection_is_404_everywhere(loaded, bob):
    cid, jobs = loaded
    job = jobs["msa-northwind-cranepoint.docx"]
    calls = [
        ("GET", f"/api/collections/{cid}", None),
        ("PATCH", f"/api/collections/{cid}", {"name": "mine"}),
        ("DELETE", f"/api/collections/{cid}", None),
        ("GET", f"/api/knowledge/{cid}/documents", None),
        ("GET", f"/api/knowledge/{cid}/documents/{job['document_id']}/source", None),
        ("GET", f"/api/knowledge/{cid}/documents/{job['document_id']}/passages", None),
        ("DELETE", f"/api/knowledge/{cid}/documents/{job['document_id']}", None),
        ("GET", f"/api/knowledge/{cid}/jobs", None),
        ("GET", f"/api/knowledge/{cid}/jobs/{job['id']}", None),
        ("POST", f"/api/knowledge/{cid}/jobs/{job['id']}/retry", None),
        ("POST", f"/api/knowledge/{cid}/jobs/{job['id']}/cancel", None),
        ("POST", f"/api/knowledge/{cid}/search", {"query": "payment"}),
        ("POST", f"/api/knowledge/{cid}/ask", {"question": "payment?"}),
        ("GET", f"/api/knowledge/{cid}/passages/{job['version_id']}-0", None),
        ("POST", f"/api/knowledge/{cid}/documents", {"file_name": "x.md", "text": "x"}),
    ]
    for method, path, body in calls:
        theirs = bob.request(method, path, json=body)
        missing = bob.request(method, path.replace(cid, "CNOSUCHCOLLECTION0"), json=body)
        a, b = _problem(theirs, 404), _problem(missing, 404)
        assert a["detail"].replace(cid, "<id>") == b["detail"].replace("CNOSUCHCOLLECTION0", "<id>"), (method, path)


def test_unknown_endpoints_and_methods_are_problems(alice):
    assert "/openapi.json" in _problem(alice.get("/api/nothing-here"), 404)["detail"]
    resp = alice.put("/api/collections")
    _problem(resp, 405)
    assert resp.headers["allow"] == "GET, POST"
    _problem(alice.get("/nothing-here"), 404)  # outside /api: the page's own 404


def test_concurrent_uploads_and_searches(loaded, alice, reader):
    cid, _ = loaded
    errors: list[str] = []

    def upload(i: int) -> None:
        resp = alice.post(f"/api/knowledge/{cid}/documents", json={"file_name": f"c{i}.md", "text": f"# Note {i}\n\nParallel upload number {i}."})
        if resp.status_code != 202:
            errors.append(resp.text)

    def search() -> None:
        for _ in range(10):
            resp = reader.post(f"/api/knowledge/{cid}/search", json={"query": "parallel upload payment"})
            if resp.status_code != 200:
                errors.append(resp.text)

    threads = [threading.Thread(target=upload, args=(i,)) for i in range(8)] + [threading.Thread(target=search) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors[:3]
    jobs = [j for j in alice.get(f"/api/knowledge/{cid}/jobs").json() if j["file_name"].startswith("c")]
    assert len(jobs) == 8
    for j in jobs:
        assert wait_job(alice, cid, j["id"])["state"] == "ready"


def test_an_unavailable_store_is_503(pg_url, make_server):
    import psycopg

    srv = make_server(db=pg_url)
    with srv.client("alice") as c:
        assert c.post("/api/collections", json={"name": "Soon gone"}).status_code == 201
        name = pg_url.rsplit("/", 1)[1]
        admin_url = pg_url.rsplit("/", 1)[0] + "/postgres"
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE {name} WITH (FORCE)")
        body = _problem(c.get("/api/collections"), 503)
        assert "unavailable" in body["detail"] or "cannot connect" in body["detail"]
        with psycopg.connect(admin_url, autocommit=True) as admin:  # for the fixture's own cleanup
            admin.execute(f"CREATE DATABASE {name}")


def test_serve_refuses_a_public_address_without_tokens(tmp_path):
    import subprocess
    import sys

    from server_helpers import ROOT

    done = subprocess.run(
        [sys.executable, "-m", "demo", "serve", "--db", str(tmp_path / "x.db"), "--host", "0.0.0.0", "--port", "1"],
        cwd=tmp_path, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 2 and "refusing to listen on 0.0.0.0 without --tokens" in done.stderr
    bad = tmp_path / "tokens.json"
    bad.write_text('{"short": {"subject": "a", "role": "operator"}}', encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "demo", "serve", "--db", str(tmp_path / "x.db"), "--tokens", str(bad)],
        cwd=tmp_path, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 2 and "at least 16" in done.stderr


def test_serve_on_a_taken_port_is_one_plain_error(tmp_path):
    import socket
    import subprocess
    import sys

    from server_helpers import ROOT

    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "demo", "serve", "--db", str(tmp_path / "x.db"), "--port", str(port)],
            cwd=tmp_path, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True, timeout=60, check=False,
        )
    assert done.returncode == 2
    assert done.stderr == f"error: cannot listen on 127.0.0.1:{port} (Address already in use): give another --port, or stop what uses it\n"
    assert done.stdout == "" and not (tmp_path / "x.db").exists()  # nothing opened or printed first (no token either)


def test_serve_with_a_refused_store_option_prints_no_token(tmp_path):
    """A sign-in token was printed before the store refused --max-tokens 5: now the store
    opens first, so a server that never starts prints none."""
    import subprocess
    import sys

    from server_helpers import ROOT

    done = subprocess.run(
        [sys.executable, "-m", "demo", "serve", "--db", str(tmp_path / "x.db"), "--max-tokens", "5", "--embeddings", "hashing"],
        cwd=tmp_path, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}, capture_output=True, text=True, timeout=60, check=False,
    )
    assert done.returncode == 2 and "at least 16" in done.stderr
    assert "token" not in done.stdout


def test_single_user_mode_prints_a_working_token(make_server):
    srv = make_server(tokens=None)
    with srv.client("local") as c:
        me = c.get("/api/whoami").json()
        assert me["role"] == "operator" and me["subject"]
