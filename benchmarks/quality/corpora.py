"""Turn the collection into the corpora the pipelines search: dan's chunks (with their
records, for ven) and pipeline 1's naive chunks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import dan
from benchmarks.quality import naive
from benchmarks.quality.collection import Item
from benchmarks.quality.pipelines import DanCorpus
from benchmarks.quality.retrieval import Chunk

#: dan's chunk limit in the quality benchmark and its held-out runs: 256 recalls more at
#: every budget than 512 (docs/dan.md, "Choosing max_tokens for retrieval").
DAN_MAX_TOKENS = 256


@dataclass(frozen=True)
class DanConversion:
    """dan's output for the collection: the corpus and any documents dan could not read."""

    corpus: DanCorpus
    failures: dict[str, str]


def dan_corpus(items: Sequence[Item], max_tokens: int, join_sections: bool = False) -> DanConversion:
    """Convert every document with dan (``doc_id`` = file name) into one corpus
    (``join_sections``: dan's option of that name).

    A document dan rejects is reported in ``failures`` and contributes no chunks, so its
    questions score zero for the dan pipelines instead of stopping the run.
    """
    chunks: list[Chunk] = []
    records: dict[str, list[dict[str, str | int]]] = {}
    failures: dict[str, str] = {}
    for it in items:
        try:
            res = dan.convert(it.data, doc_type=it.doc.fmt, max_tokens=max_tokens, doc_id=it.name,
                              join_sections=join_sections)
        except dan.DanError as exc:
            failures[it.name] = f"{type(exc).__name__}: {exc}"
            continue
        recs = list(res.records)
        records[it.name] = recs
        for text, rec in zip(res.chunks, recs):
            chunks.append(Chunk(it.name, int(rec["ssSeq"]), text, int(rec["ssTokens"])))
    return DanConversion(DanCorpus(chunks, records, [it.name for it in items]), failures)


def naive_corpus(items: Sequence[Item], chunk_size: int, chunk_overlap: int, with_title: bool = False) -> list[Chunk]:
    """Pipeline 1's chunks of every document; ``with_title`` prefixes each chunk with a
    ``Document: <title>`` line (counted in its tokens), as some users do."""
    out = naive.chunk_collection([(it.name, it.data) for it in items], chunk_size, chunk_overlap)
    if not with_title:
        return [Chunk(c.doc, c.seq, c.text, c.tokens) for c in out]
    titles = {it.name: it.doc.title for it in items}
    chunks = []
    for c in out:
        text = f"Document: {titles[c.doc]}\n\n{c.text}"
        chunks.append(Chunk(c.doc, c.seq, text, dan.count_tokens(text)))
    return chunks
