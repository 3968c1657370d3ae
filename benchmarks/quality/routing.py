"""Pipeline 4's router: the collection index document and the lexical router.

The index document is every document's ``Ven.create_document_index(pct)`` entry (exact
o200k token counts with ``dan.count_tokens``), joined by a blank line. A question is routed
by ``ven.lexical_route(index, question)`` and the reply read with ``ven.parse_route`` —
the same grammar a routing model's reply would go through.

Decision rule: a ``DOCS`` reply is used only when at least one document has a confidence
of at least ``min_confidence`` (70, the reference application's ``RequiredConfidenceLevel``
in ``ApplyFilter``). Then ``keep="confident"`` (the default) searches the documents with that
confidence, while ``keep="listed"`` searches every document the reply lists, as the
reference does. Any other reply (``NONE``, ``ALL``, ``INDEX``, unparsed, or no confident
document) means no routing: the question goes to pipeline 3 over the whole collection.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import dan
import ven
from benchmarks.quality.pipelines import DanCorpus, RouteResult


def routing_available() -> bool:
    """Whether this ``ven`` has the index document and the lexical router."""
    return all(hasattr(ven, n) for n in ("lexical_route", "parse_route")) and hasattr(ven.Ven, "create_document_index")


@dataclass(frozen=True)
class IndexDocument:
    """The collection's index document and its size."""

    text: str
    tokens: int
    entries: int


def build_index(corpus: DanCorpus, pct: float = 10) -> IndexDocument:
    """The index document of every document in ``corpus`` (collection order)."""
    entries = [corpus.vens[d].create_document_index(pct=pct, count_tokens=dan.count_tokens)
               for d in corpus.doc_order if d in corpus.vens]
    text = "\n\n".join(e.text for e in entries)
    return IndexDocument(text, dan.count_tokens(text), len(entries))


class LexicalRouter:
    """``question -> RouteResult`` with ``ven.lexical_route`` over an index document."""

    def __init__(self, index: IndexDocument, known_ids: Sequence[str], min_confidence: int = 70,
                 keep: str = "confident") -> None:
        if keep not in ("confident", "listed"):
            raise ValueError("keep must be 'confident' or 'listed'")
        self.index = index
        self.known_ids = tuple(known_ids)
        self.min_confidence = min_confidence
        self.keep = keep

    def __call__(self, question: str) -> RouteResult:
        reply = ven.lexical_route(self.index.text, question)
        route = ven.parse_route(reply, known_ids=self.known_ids)
        kind = str(route.kind)
        ranked = tuple(d for d, _ in route.docs)
        if kind == "DOCS" and any(conf >= self.min_confidence for _, conf in route.docs):
            if self.keep == "confident":
                docs = tuple(d for d, conf in route.docs if conf >= self.min_confidence)
            else:
                docs = ranked
            return RouteResult(kind, docs, reply, ranked)
        return RouteResult(kind, (), reply, ranked)
