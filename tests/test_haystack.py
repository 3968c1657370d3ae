"""dan.integrations.haystack against the real haystack-ai: DanConverter in a pipeline."""

from __future__ import annotations

import pytest

pytest.importorskip("haystack")

from haystack import Pipeline  # noqa: E402

import dan  # noqa: E402
from dan.integrations.context import expand_hits  # noqa: E402
from dan.integrations.haystack import DanConverter  # noqa: E402
from demo.samples import path  # noqa: E402


def test_converter_in_a_pipeline_gives_one_document_per_chunk() -> None:
    pipe = Pipeline()
    pipe.add_component("convert", DanConverter(max_tokens=256))
    files = [str(path("msa-northwind-cranepoint.docx")), str(path("board-memo.rtf"))]
    docs = pipe.run({"convert": {"sources": files, "meta": {"team": "legal"}}})["convert"]["documents"]
    want = [dan.convert(f, max_tokens=256) for f in files]
    assert [d.content for d in docs] == [c for res in want for c in res.chunks]
    assert [d.id for d in docs] == [f"{res.doc_id}:{r['ssSeq']}" for res in want for r in res.records]
    assert all(d.meta["team"] == "legal" and d.meta["source"] in files for d in docs)
    # search results expand with ven from their (content, meta)
    first = want[0]
    hit = next(d for d in docs if d.meta["ssDocId"] == first.doc_id and d.meta["ssRevs"])
    ctx = expand_hits([(hit.content, hit.meta)], {first.doc_id: first}, budget=500)
    assert hit.meta["ssSeq"] in ctx.documents[0].seqs


def test_meta_per_source_and_errors() -> None:
    conv = DanConverter()
    files = [str(path("board-memo.rtf")), str(path("meeting-notes.txt"))]
    docs = conv.run(sources=files, meta=[{"n": 1}, {"n": 2}])["documents"]
    assert [d.meta["n"] for d in docs] == [1, 2]
    with pytest.raises(dan.DanError, match="one per source"):
        conv.run(sources=files, meta=[{"n": 1}])
    with pytest.raises(dan.DanError):
        conv.run(sources=["/no/such/file.docx"])
