"""The retrieval every pipeline shares: the demo's offline hashed lexical embedding
(:class:`demo.embeddings.HashingEmbeddings`, a LangChain ``Embeddings``) and LangChain's
``InMemoryVectorStore`` (exact cosine top-k over every chunk of the collection).

A question is ranked once against all chunks of a corpus; pipelines that search a subset of
documents (after routing) filter that ranking, which is what a filtered cosine search over
the same store returns.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from langchain_core.documents import Document
from langchain_core.embeddings import Embeddings
from langchain_core.vectorstores import InMemoryVectorStore

from demo.embeddings import HashingEmbeddings


@dataclass(frozen=True)
class Chunk:
    """A retrievable chunk: its document, position in that document, text and o200k tokens."""

    doc: str
    seq: int
    text: str
    tokens: int

    @property
    def key(self) -> tuple[str, int]:
        """``(doc, seq)``, unique in a corpus."""
        return (self.doc, self.seq)


def default_embeddings() -> Embeddings:
    """The embedding every pipeline uses."""
    return HashingEmbeddings()


class VectorIndex:
    """All chunks of one corpus in an ``InMemoryVectorStore``."""

    def __init__(self, chunks: Sequence[Chunk], embeddings: Embeddings | None = None) -> None:
        self.chunks = tuple(chunks)
        self._by_id = {f"{c.doc}#{c.seq}": c for c in self.chunks}
        if len(self._by_id) != len(self.chunks):
            raise ValueError("duplicate (doc, seq) in the corpus")
        self.store = InMemoryVectorStore(embeddings or default_embeddings())
        if self.chunks:
            self.store.add_documents(
                [Document(page_content=c.text, metadata={"doc": c.doc, "seq": c.seq}) for c in self.chunks],
                ids=list(self._by_id),
            )

    def rank(self, query: str, docs: Collection[str] | None = None, k: int | None = None) -> list[Chunk]:
        """Chunks by descending cosine similarity to ``query`` (optionally only of ``docs``)."""
        flt = None if docs is None else (lambda d: d.metadata["doc"] in docs)
        hits = self.store.similarity_search_with_score(query, k=k or len(self.chunks), filter=flt)
        return [self._by_id[doc.id] for doc, _score in hits if doc.id is not None]
