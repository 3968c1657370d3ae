"""What the readers share about anchors and internal links (the records' cross-references,
``#name`` in ``ssLabels`` / ``ssRefs``): which names count, how many a block keeps, and the
bookkeeping of anchors met where no block with text holds them yet.

A reader notes a block's own anchors (an HTML ``id``, a DOCX bookmark) and the anchors its
internal links point at; :class:`BlockRefs` gives each block with text what it carries and
counts those blocks, so a table can tell whether its cells hold any (``Table.refs``).
"""

from __future__ import annotations

from collections.abc import Sequence

from dan.textclean import clean_text

__all__ = ["MAX_ANCHOR", "MAX_BLOCK_ANCHORS", "BlockRefs", "anchor_name", "block_anchors"]

#: Longest anchor name kept (an HTML id, a DOCX bookmark): ``#`` and the name make a
#: cross-reference label of at most 60 characters (``dan.pipeline.references.MAX_LABEL``).
MAX_ANCHOR = 59
#: Anchors, and internal link targets, a reader keeps per block; the rest are ignored.
MAX_BLOCK_ANCHORS = 16


def anchor_name(value: object) -> str:
    """An id, fragment or bookmark name as an anchor name: clean, one word, at most
    :data:`MAX_ANCHOR` characters; ``""`` for anything else (a reader then keeps nothing)."""
    if not isinstance(value, str):
        return ""
    name = clean_text(value).strip()
    if not name or len(name) > MAX_ANCHOR or any(ch.isspace() for ch in name):
        return ""
    return name


def block_anchors(own: Sequence[str], waiting: Sequence[str]) -> tuple[str, ...]:
    """A block's anchors: its ``own`` first (they name it), then the ``waiting`` ones (met
    before it, in blocks without text), nearest first to go: :data:`MAX_BLOCK_ANCHORS` in
    all, each once."""
    mine = list(dict.fromkeys(own))[:MAX_BLOCK_ANCHORS]
    seen = set(mine)
    rest = [a for a in dict.fromkeys(waiting) if a not in seen]
    room = MAX_BLOCK_ANCHORS - len(mine)
    return tuple(mine + (rest[len(rest) - room :] if room else []))


class BlockRefs:
    """A reader's anchors and links between blocks (internal, mutable: one per story)."""

    __slots__ = ("waiting", "waiting_links", "count")

    def __init__(self) -> None:
        #: anchors met where no block with text holds them (a container's id, a bookmark
        #: between paragraphs or in an empty one): the next block with text carries them
        self.waiting: list[str] = []
        #: the targets of a link that held no text of its own (a link around blocks)
        self.waiting_links: list[str] = []
        #: blocks given anchors or links so far
        self.count = 0

    def wait(self, anchors: Sequence[str], links: Sequence[str] = ()) -> None:
        """Anchors and links of a place without text, for the next block with text: the
        nearest :data:`MAX_BLOCK_ANCHORS` anchors and the first as many links are kept."""
        self.waiting.extend(anchors)
        del self.waiting[:-MAX_BLOCK_ANCHORS]
        if links:
            self.waiting_links = (self.waiting_links + list(links))[:MAX_BLOCK_ANCHORS]

    def take(
        self, anchors: Sequence[str], links: Sequence[str]
    ) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """A block with text: its anchors (:func:`block_anchors` of its own and the waiting
        ones) and its links (the waiting ones first, each once), :data:`MAX_BLOCK_ANCHORS`
        of each; nothing waits any more, and the block is counted when it carries some."""
        out_anchors: tuple[str, ...] = ()
        if anchors or self.waiting:
            out_anchors = block_anchors(anchors, self.waiting)
            self.waiting = []
        out_links: tuple[str, ...] = ()
        if links or self.waiting_links:
            out_links = tuple(dict.fromkeys([*self.waiting_links, *links]))[:MAX_BLOCK_ANCHORS]
            self.waiting_links = []
        if out_anchors or out_links:
            self.count += 1
        return out_anchors, out_links
