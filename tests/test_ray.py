"""The Ray Data recipe: row functions (always) and a real local Ray run (when ray is installed).

Ray 2.x removed ``local_mode``; the end-to-end test starts a local single-node Ray
instance (``ray.init(num_cpus=2)``) on this machine, which is what "local" means now.
It is skipped when ray is not installed (the default test environment); CI runs it in
the ``ray`` extra's own virtual environment.
"""

from __future__ import annotations

import functools
import json
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import batch_helpers as H  # noqa: E402

import dan  # noqa: E402
from dan.integrations import IntegrationError  # noqa: E402
from dan.integrations.ray import CHUNK_COLUMNS, DOC_COLUMNS, chunk_rows, convert_row  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    files = H.write_corpus(tmp_path_factory.mktemp("ray") / "corpus")
    bad = files["prices"].parent / "legacy.doc"
    bad.write_bytes(H.OLE)
    files["legacy"] = bad
    return files


def _expected(path: Path, **kwargs: object) -> dan.DanResult:
    d = dan.Dan(**kwargs)  # type: ignore[arg-type]
    d.import_bytes(path.read_bytes(), filename=path.name)
    return d.get_markdown()


def test_convert_row_and_chunk_rows(corpus: dict[str, Path]) -> None:
    path = corpus["prices"]
    row = convert_row({"bytes": path.read_bytes(), "path": str(path)}, max_tokens=128)
    assert tuple(row) == DOC_COLUMNS
    res = _expected(path, max_tokens=128)
    assert (row["doc_id"], row["doc_title"], row["chunk_count"], row["error"]) == (
        res.doc_id,
        "Price list",
        len(res),
        "",
    )
    chunks = list(chunk_rows(row))
    assert all(tuple(c) == CHUNK_COLUMNS for c in chunks)
    assert [c["text"] for c in chunks] == list(res.chunks)
    assert [json.loads(c["metadata_json"]) for c in chunks] == list(res.records)
    assert [c["seq"] for c in chunks] == list(range(len(res)))


def test_the_path_drives_detection_like_a_file_name(tmp_path: Path) -> None:
    md = b"# Heading\n\n* item"
    as_md = convert_row({"bytes": md, "path": str(tmp_path / "notes.md")})
    as_bytes = convert_row({"bytes": md})
    meta_md = json.loads(as_md["chunks_json"])[0]["metadata"]
    meta_plain = json.loads(as_bytes["chunks_json"])[0]["metadata"]
    assert meta_md["ssHeadings"] == "# Heading" and meta_plain["ssHeadings"] == ""


def test_a_bad_file_is_a_row_not_an_exception(corpus: dict[str, Path]) -> None:
    row = convert_row({"bytes": corpus["legacy"].read_bytes(), "path": str(corpus["legacy"])})
    assert row["error_type"] == "EncryptedDocumentError" and "encrypted" in row["error"]
    assert row["chunks_json"] == "[]" and list(chunk_rows(row)) == []
    with pytest.raises(IntegrationError, match="read_binary_files"):
        convert_row({"text": "no bytes column"})
    with pytest.raises(IntegrationError, match="unknown dan.convert option"):
        convert_row({"bytes": b"x"}, colour="blue")
    bad_opt = convert_row({"bytes": b"x"}, max_tokens=3)
    assert bad_opt["error_type"] == "DanError"  # option errors surface per row, like any dan error


def test_ray_data_pipeline_on_a_local_cluster(corpus: dict[str, Path]) -> None:
    ray = pytest.importorskip("ray")
    root = corpus["prices"].parent
    env = {"env_vars": {"PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}}
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, runtime_env=env, ignore_reinit_error=True)
    try:
        files = ray.data.read_binary_files(str(root), include_paths=True)
        docs = files.map(functools.partial(convert_row, max_tokens=128))
        doc_rows = sorted(docs.take_all(), key=lambda r: r["path"])
        chunks = docs.flat_map(chunk_rows).take_all()
    finally:
        ray.shutdown()
    by_name = {Path(r["path"]).name: r for r in doc_rows}
    assert sorted(by_name) == ["legacy.doc", "memo.txt", "page.html", "prices.md", "review.docx"]
    assert by_name["legacy.doc"]["error_type"] == "EncryptedDocumentError"
    expected_chunks = 0
    for name, row in by_name.items():
        if name == "legacy.doc":
            continue
        res = _expected(next(p for p in corpus.values() if p.name == name), max_tokens=128)
        assert (row["doc_id"], row["chunk_count"], row["error"]) == (res.doc_id, len(res), "")
        got = sorted((c for c in chunks if c["doc_id"] == res.doc_id), key=lambda c: c["seq"])
        assert [c["text"] for c in got] == list(res.chunks)
        assert [json.loads(c["metadata_json"]) for c in got] == list(res.records)
        expected_chunks += len(res)
    assert len(chunks) == expected_chunks


def test_ray_data_into_the_store(corpus: dict[str, Path], tmp_path: Path) -> None:
    """The recipe of docs/scale-out.md, "Into the knowledge store": converted on a local Ray
    instance, written through the store's public API, processed by the store's worker: the
    same passages, embedding and failure as the store's own ingestion of the same files."""
    ray = pytest.importorskip("ray")
    sys.path.insert(0, str(Path(__file__).resolve().parent / "store"))
    from bulk_helpers import ME, check_written, open_store

    from demo.store.bulk import convert_for_store, write_rows

    root = corpus["prices"].parent
    env = {"env_vars": {"PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}}
    with open_store(tmp_path / "bulk.db") as store:
        cid = store.create_collection("Ray", ME).id
        store.start_worker(poll=0.05)
        ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, runtime_env=env, ignore_reinit_error=True)
        try:
            files = ray.data.read_binary_files(str(root), include_paths=True)
            docs = files.map(functools.partial(convert_for_store, collection_id=cid, options=store.options))
            written = write_rows(store, cid, docs.iter_rows(), ME, wait=0.05, timeout=300)
        finally:
            ray.shutdown()
        store.wait_idle(timeout=300)
        store.stop_worker()
        check_written(tmp_path, store, cid, {p.name: p for p in corpus.values()}, written, "legacy.doc")
