"""dan.integrations.llamaindex against the real llama-index-core: nodes with dan's ids and
relationships, the token bound kept in what LlamaIndex embeds and sends, the node parser,
and retrieved nodes expanded with ven."""

from __future__ import annotations

import pytest

pytest.importorskip("llama_index.core")

from llama_index.core import Document as LIDocument  # noqa: E402
from llama_index.core.schema import MetadataMode, NodeRelationship, NodeWithScore  # noqa: E402

import dan  # noqa: E402
from dan.integrations.llamaindex import DanNodeParser, DanReader, expand_nodes  # noqa: E402
from demo.samples import DIR, path  # noqa: E402


def test_reader_gives_one_node_per_chunk_with_ids_records_and_neighbours() -> None:
    res = dan.convert(path("price-list-2025.docx"), max_tokens=256)
    nodes = DanReader(max_tokens=256).load_data(path("price-list-2025.docx"))
    assert [n.text for n in nodes] == list(res.chunks)
    assert [n.id_ for n in nodes] == [f"{res.doc_id}:{r['ssSeq']}" for r in res.records]
    assert all({k: v for k, v in n.metadata.items() if k != "source"} == r for n, r in zip(nodes, res.records))
    assert nodes[0].metadata["source"] == str(path("price-list-2025.docx"))
    assert nodes[1].relationships[NodeRelationship.PREVIOUS].node_id == nodes[0].id_
    assert nodes[1].relationships[NodeRelationship.NEXT].node_id == nodes[2].id_
    assert nodes[0].relationships[NodeRelationship.SOURCE].node_id == res.doc_id
    assert len(DanReader().load_data(DIR)) > len(nodes)  # a directory: every sample


def test_what_llamaindex_embeds_and_sends_is_the_chunk_within_the_limit() -> None:
    nodes = DanReader(max_tokens=128).load_data(path("msa-northwind-cranepoint.docx"))
    for node in nodes:
        for mode in (MetadataMode.EMBED, MetadataMode.LLM):
            content = node.get_content(metadata_mode=mode)
            assert content == node.text
            assert dan.count_tokens(content) == node.metadata["ssTokens"] <= 128
        # LlamaIndex's default would have put every metadata key in front
        assert dan.count_tokens(node.get_content(metadata_mode=MetadataMode.ALL)) > node.metadata["ssTokens"]


def test_node_parser_converts_loaded_text() -> None:
    md = path("operations-manual.md").read_text(encoding="utf-8")
    parsed = DanNodeParser(doc_type="markdown", max_tokens=256).get_nodes_from_documents(
        [LIDocument(text=md, metadata={"title": "Manual", "team": "ops"})]
    )
    res = dan.convert_string(md, "markdown", max_tokens=256, doc_title="Manual")
    assert [n.text for n in parsed] == list(res.chunks)
    assert all(n.metadata["team"] == "ops" and n.metadata["ssTitle"] == "Manual" for n in parsed)


def test_expand_nodes_completes_the_table_a_hit_is_in() -> None:
    res = dan.convert(path("price-list-2025.docx"), max_tokens=128)
    nodes = DanReader(max_tokens=128).load_data(path("price-list-2025.docx"))
    table = [r["ssSeq"] for r in res.records if r["ssTables"] == "1"]
    hit = NodeWithScore(node=nodes[table[1]], score=0.9)
    out = expand_nodes([hit], {res.doc_id: res})
    assert [n.metadata["ssSeq"] for n in out] == table
    assert [n.metadata["ven_role"] for n in out].count("anchor") == 1
    assert all(n.get_content(metadata_mode=MetadataMode.EMBED) == n.text for n in out)
