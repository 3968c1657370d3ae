"""Units: the atoms the chunker packs.

The renderer turns a document into a flat list of units in ``ssSeq`` story order. A unit
is one piece of Markdown that is never cut when it fits in a chunk: a heading, a
paragraph, a list item, a table row, a code block, a note. Each carries the structure
facts the records need (section, pages, table id, revisions, comments, phrases) and enough
of its source (inline pieces, cells, code lines) for the splitter to cut it when it alone
is larger than a chunk.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from dan.pipeline.inline import InlineFacts, Piece

if TYPE_CHECKING:
    from dan.pipeline.splitter import _Source

__all__ = ["Unit", "HEADING", "PARA", "ITEM", "ROW", "CODE"]

HEADING = "heading"
PARA = "para"
ITEM = "item"
ROW = "row"
CODE = "code"


class Unit:
    """One unbreakable-when-it-fits piece of Markdown and its facts (internal, mutable).

    A mutable bag on purpose: the renderer creates thousands per document and later stages
    fill in what they decide, without copying. Which stage writes which field:

    * **render** (``dan.pipeline.render``) creates the unit and writes everything about its content
      and place in the document: ``kind``, ``story``, ``md``, ``tokens``, ``pieces``,
      ``prefix``, ``cont_prefix``, ``context``, ``quote``, ``group``, ``table``,
      ``table_header``, ``table_heads``, ``cells``, ``lead``, ``code_lines``, ``code_lang``,
      ``level``, ``heading``, ``wsection`` (the body's word-processor section),
      ``story_index`` (which header/footer story), ``new_pages``, ``inner_pages``,
      ``plain``, ``facts``, ``list_text``, ``note_refs``, ``anchors``, ``links`` and
      ``order``; ``section`` and ``path`` of body units (``_assign_sections``).
    * **pagination** (``dan.pipeline.pagination``) writes ``page`` and ``page_last``, and
      ``section`` of header, footer and note units (from the body page they belong to).
    * **splitter** (``dan.pipeline.splitter``) writes the parts of a cut unit, each a :meth:`copy`:
      their content fields, ``page``/``page_last``, ``cont``, and ``src``/``start`` (a
      tail rendered only when used).
    * **chunker** (``dan.pipeline.chunker``) only reads units, except for the plain-text fallback
      copy it makes of a unit that cannot fit as Markdown (``kind``, ``context``, content).
    """

    __slots__ = (
        "kind",
        "story",
        "md",
        "tokens",
        "pieces",
        "prefix",
        "cont_prefix",
        "context",
        "quote",
        "group",
        "table",
        "table_header",
        "table_header_short",
        "table_first",
        "head_compact",
        "table_caption",
        "table_heads",
        "cells",
        "lead",
        "code_lines",
        "code_lang",
        "level",
        "heading",
        "section",
        "wsection",
        "story_index",
        "path",
        "page",
        "page_last",
        "new_pages",
        "inner_pages",
        "plain",
        "facts",
        "list_text",
        "note_refs",
        "note",
        "anchors",
        "links",
        "cont",
        "src",
        "start",
        "order",
    )

    def __init__(self, kind: str, story: str) -> None:
        self.kind = kind
        self.story = story
        self.md = ""
        self.tokens = 0
        self.pieces: list[Piece] = []
        self.prefix = ""
        self.cont_prefix = ""
        self.context = "para"
        self.quote = 0
        #: Units of one list or one table share a group and are joined by one newline.
        self.group = ""
        self.table = 0
        self.table_header = ""
        #: The header's compact form (column names only, a merged group named once), which
        #: rows after the first repeat instead when the header is too large (dan.pipeline.chunker).
        self.table_header_short = ""
        #: Whether this row is its table's first body row (it always shows the full header).
        self.table_first = False
        #: Whether ``table_header`` was replaced by its compact form.
        self.head_compact = False
        #: A header-only table's caption (its title rows), kept when the row must be cut.
        self.table_caption = ""
        self.table_heads: tuple[str, ...] = ()
        self.cells: list[list[Piece]] = []
        #: Plain text of a table's header rows, carried by its first row unit only.
        self.lead = ""
        self.code_lines: list[str] = []
        self.code_lang = ""
        self.level = 0
        self.heading = ""
        self.section = 1
        #: The body's word-processor section (0-based) the unit is in.
        self.wsection = 0
        #: For header and footer units: which of the document's header/footer stories
        #: (0-based); a chunk never mixes two.
        self.story_index = 0
        self.path: tuple[str, ...] = ()
        self.page = 1
        self.page_last = 1
        #: Page boundaries just before this unit (explicit and rendered, counted once).
        self.new_pages = 0
        #: Page boundaries inside this unit (a paragraph that runs over a page end).
        self.inner_pages = 0
        self.plain = ""
        self.facts: InlineFacts | None = None
        self.list_text = ""
        self.note_refs: tuple[str, ...] = ()
        #: For a footnote or endnote unit: the label of its note (``1`` of ``[^1]``).
        self.note = ""
        #: The anchors (HTML ids) the unit's block holds, and those its internal links
        #: point at (the records' cross-references, ``dan.pipeline.records``).
        self.anchors: tuple[str, ...] = ()
        self.links: tuple[str, ...] = ()
        #: True for a part the splitter cut off the end of a unit (not its first part).
        self.cont = False
        #: For the remainder of a cut unit: the shared, indexed source it is a tail of
        #: (``dan.pipeline.splitter``) and its start offset there; rendered only when used. A code
        #: remainder keeps the block's ``code_lines`` and starts at line ``start`` of them.
        self.src: _Source | None = None
        self.start = 0
        #: Position in the story's unit list (for footnote references and stable order).
        self.order = 0

    def copy(self) -> Unit:
        """A shallow copy (the splitter derives parts from a unit), field by field: a
        compiled build (``scripts/compile.py``) has no loop over ``__slots__`` to offer, and
        its ``Unit.__new__`` runs ``__init__``, hence the constructor call."""
        new = Unit(self.kind, self.story)
        new.md = self.md
        new.tokens = self.tokens
        new.pieces = self.pieces
        new.prefix = self.prefix
        new.cont_prefix = self.cont_prefix
        new.context = self.context
        new.quote = self.quote
        new.group = self.group
        new.table = self.table
        new.table_header = self.table_header
        new.table_header_short = self.table_header_short
        new.table_first = self.table_first
        new.head_compact = self.head_compact
        new.table_caption = self.table_caption
        new.table_heads = self.table_heads
        new.cells = self.cells
        new.lead = self.lead
        new.code_lines = self.code_lines
        new.code_lang = self.code_lang
        new.level = self.level
        new.heading = self.heading
        new.section = self.section
        new.wsection = self.wsection
        new.story_index = self.story_index
        new.path = self.path
        new.page = self.page
        new.page_last = self.page_last
        new.new_pages = self.new_pages
        new.inner_pages = self.inner_pages
        new.plain = self.plain
        new.facts = self.facts
        new.list_text = self.list_text
        new.note_refs = self.note_refs
        new.note = self.note
        new.anchors = self.anchors
        new.links = self.links
        new.cont = self.cont
        new.src = self.src
        new.start = self.start
        new.order = self.order
        return new

    def __repr__(self) -> str:  # pragma: no cover - debugging aid
        return (
            f"Unit({self.kind}, {self.story}, p{self.page}-{self.page_last}, s{self.section}, "
            f"{self.tokens}t, {self.md[:40]!r})"
        )
