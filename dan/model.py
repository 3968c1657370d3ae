"""The document model every reader produces and the renderer consumes.

Readers know formats; nothing after them does. A :class:`Document` is a tree of frozen
value objects: block elements (headings, paragraphs, list items, tables, code blocks,
quotes, page and section breaks) holding inline elements (text runs with bold/italic/code,
line breaks, tracked revisions with author and date, comment ranges, fields, note
references, in-paragraph page marks). Headers, footers and foot/endnotes are separate
stories of their own.
"""

from __future__ import annotations

from typing import Literal, Union

from attrs import field, frozen

__all__ = [
    "Text",
    "LineBreak",
    "PageMark",
    "NoteRef",
    "Revision",
    "CommentInfo",
    "Comment",
    "Field",
    "Link",
    "Image",
    "Inline",
    "Heading",
    "Paragraph",
    "ListItem",
    "Cell",
    "Row",
    "Table",
    "CodeBlock",
    "Quote",
    "Rule",
    "PageBreak",
    "SectionBreak",
    "Block",
    "HeaderFooter",
    "Note",
    "Document",
    "RevisionKind",
    "WarningCode",
    "PageKind",
    "HeaderFooterKind",
    "HeaderFooterVariant",
    "NoteKind",
]

RevisionKind = Literal["ins", "del"]


# --------------------------------------------------------------------------- inlines


#: The stable, machine-readable code of every warning a conversion can give (one list:
#: ``tests/dan/test_warning_codes.py`` checks that every code a reader or the converter
#: writes is here, and that docs/dan.md documents each one).
WarningCode = Literal[
    "damaged-part",  # an optional part (DOCX/ODT/EPUB part, PDF page, CSV rows) was left out
    "unbalanced-groups",  # an RTF file ends with groups still open
    "truncated-group",  # an RTF file ends inside a skipped group
    "unknown-codepage",  # an RTF code page Python cannot decode
    "unknown-charset",  # an HTML page declares a charset Python does not know
    "whole-page",  # a web page's main content held no text: the whole page was read
    "hidden-page",  # every word of an HTML page was hidden: the hidden elements were read
    "nul-bytes",  # stray NUL characters were dropped
    "no-text",  # a DOCX body holds only pictures
    "no-text-layer",  # a PDF page has pictures but no text layer, and no OCR read it
    "ocr",  # PDF pages without a text layer were read by OCR
    "no-header-row",  # a sheet has no leading row of text only: the first row is the header
    "merges-skipped",  # a sheet's merged ranges were too many to apply
    "malformed-mime",  # an e-mail part claims parts it does not have
    "attachment-skipped",  # an e-mail attachment was not converted
    "malformed-body",  # an Outlook message's RTF body could not be read
    "empty",  # the document, or the page range, gave no chunks
    "deep-nesting",  # Markdown nested past what dan reads as structure: the rest as text
]


@frozen(slots=True)
class Message:
    """A warning that travels with a result: what was skipped or repaired, and where.

    ``code`` is stable and machine-readable: one of :data:`WarningCode`;
    ``message`` says it for a person;
    ``where`` names the part or place (a package part, ``input``), or is empty.
    """

    code: WarningCode
    message: str
    where: str = ""

    def __str__(self) -> str:
        return f"{self.message} [{self.code}{': ' + self.where if self.where else ''}]"


@frozen(slots=True)
class Text:
    """A run of text with its character formatting."""

    text: str
    bold: bool = False
    italic: bool = False
    code: bool = False


@frozen(slots=True)
class LineBreak:
    """A line break inside a paragraph (``<br>``, ``w:br``, a soft return)."""


@frozen(slots=True)
class PageMark:
    """A page boundary inside a paragraph.

    ``rendered`` is true for a page break the authoring application laid out
    (``w:lastRenderedPageBreak``) and false for an explicit one (``w:br w:type="page"``).
    """

    rendered: bool = False


@frozen(slots=True)
class NoteRef:
    """A reference to a footnote or endnote; ``label`` matches :attr:`Note.label`."""

    label: str


@frozen(slots=True)
class Revision:
    """A tracked insertion or deletion (``moved`` for the two halves of a move)."""

    kind: RevisionKind
    children: tuple[Inline, ...]
    author: str = "Unknown"
    date: str = ""
    rev_id: str = ""
    moved: bool = False


@frozen(slots=True)
class CommentInfo:
    """A comment's note: its author, date, text and replies (each a ``CommentInfo``)."""

    comment_id: str
    author: str = "Unknown"
    date: str = ""
    text: str = ""
    replies: tuple[CommentInfo, ...] = ()


@frozen(slots=True)
class Comment:
    """The text a comment is anchored to (``children``) and the comment itself.

    A comment whose range spans several paragraphs appears once per paragraph, each with
    the same ``info``. A comment with no anchored text has no children.
    """

    info: CommentInfo
    children: tuple[Inline, ...] = ()


@frozen(slots=True)
class Field:
    """A field: its displayed result (``children``), its name and its data.

    ``name`` is the field type (``MERGEFIELD``, ``FORMTEXT``, ``DATE``...) and ``data`` the
    interesting argument (the merge field's name, a form field's name...).
    """

    name: str
    children: tuple[Inline, ...] = ()
    data: str = ""


@frozen(slots=True)
class Link:
    """A hyperlink: its text (``children``) and where it points, as the document wrote it
    (the renderer writes only ``http``, ``https`` and ``mailto`` targets; an empty target,
    an internal anchor or another scheme keeps just the text)."""

    children: tuple[Inline, ...]
    target: str = ""


@frozen(slots=True)
class Image:
    """A picture's words: its alternative text and title (nothing is fetched or kept of
    the picture itself)."""

    alt: str = ""
    title: str = ""


Inline = Union[Text, LineBreak, PageMark, NoteRef, Revision, Comment, Field, Link, Image]


# --------------------------------------------------------------------------- blocks


@frozen(slots=True)
class Heading:
    """A heading; ``level`` is 1 for the outermost level the source uses."""

    level: int
    inlines: tuple[Inline, ...]
    page_break_before: bool = False
    #: Names other text links to that this block holds (an HTML ``id`` or ``<a name>``).
    anchors: tuple[str, ...] = ()
    #: The anchors this block's internal links point at (``href="#fees"`` names ``fees``).
    links: tuple[str, ...] = ()


@frozen(slots=True)
class Paragraph:
    """A paragraph of inline content."""

    inlines: tuple[Inline, ...]
    page_break_before: bool = False
    #: Names other text links to that this block holds (an HTML ``id`` or ``<a name>``).
    anchors: tuple[str, ...] = ()
    #: The anchors this block's internal links point at (``href="#fees"`` names ``fees``).
    links: tuple[str, ...] = ()


@frozen(slots=True)
class ListItem:
    """One item of a (possibly nested) list.

    ``depth`` is 0 for the outermost list. ``label`` is the item's number as the source
    shows it (``"3."``, ``"a)"``) for ordered lists; an empty label means bullets.
    ``continuation`` marks a further paragraph of the same item.
    """

    inlines: tuple[Inline, ...]
    depth: int = 0
    ordered: bool = False
    label: str = ""
    continuation: bool = False
    page_break_before: bool = False
    #: Names other text links to that this block holds (an HTML ``id`` or ``<a name>``).
    anchors: tuple[str, ...] = ()
    #: The anchors this block's internal links point at (``href="#fees"`` names ``fees``).
    links: tuple[str, ...] = ()


@frozen(slots=True)
class Cell:
    """A table cell holding blocks (paragraphs, lists, nested tables).

    ``colspan``/``rowspan`` are the grid cells the cell covers; a cell covered by a
    merge from above or the left is not stored (the renderer writes a cell merged across
    columns once and a cell merged down rows in each row).
    """

    blocks: tuple[Block, ...]
    colspan: int = 1
    rowspan: int = 1


@frozen(slots=True)
class Row:
    """A table row; ``header`` marks rows the source flags as header rows."""

    cells: tuple[Cell, ...]
    header: bool = False
    page_mark: bool = False


@frozen(slots=True)
class Table:
    """A table of rows."""

    rows: tuple[Row, ...]
    page_break_before: bool = False
    #: A cell holds anchors or internal links (the renderer looks for them only then).
    refs: bool = False


@frozen(slots=True)
class CodeBlock:
    """Preformatted text (a fenced or indented code block, ``<pre>``)."""

    text: str
    language: str = ""


@frozen(slots=True)
class Quote:
    """A block quotation holding blocks."""

    blocks: tuple[Block, ...]


@frozen(slots=True)
class Rule:
    """A thematic break (``<hr>``, ``---``)."""


@frozen(slots=True)
class PageBreak:
    """A page boundary between blocks (see :class:`PageMark` for ``rendered``)."""

    rendered: bool = False


@frozen(slots=True)
class SectionBreak:
    """The end of a word-processor section (not a heading section).

    ``new_page`` is true when the next section starts on a new page. ``index`` is the
    0-based number of the section that ends here; headers and footers refer to it.
    """

    index: int
    new_page: bool = True


Block = Union[Heading, Paragraph, ListItem, Table, CodeBlock, Quote, Rule, PageBreak, SectionBreak]


# --------------------------------------------------------------------------- stories

PageKind = Literal["rendered", "estimated"]
HeaderFooterKind = Literal["header", "footer"]
HeaderFooterVariant = Literal["default", "first", "even", "odd"]
NoteKind = Literal["footnote", "endnote"]


@frozen(slots=True)
class HeaderFooter:
    """A header or footer story.

    ``sections`` are the 0-based word-processor sections it is shown in; ``variant`` is
    ``default``, ``first`` (first page of a section only), ``even`` (even pages only) or
    ``odd`` (odd pages only: the default of a document whose even pages have their own).
    """

    kind: HeaderFooterKind
    blocks: tuple[Block, ...]
    sections: tuple[int, ...] = (0,)
    variant: HeaderFooterVariant = "default"


@frozen(slots=True)
class Note:
    """A footnote or endnote; referenced from the body by :class:`NoteRef` with ``label``."""

    label: str
    blocks: tuple[Block, ...]
    kind: NoteKind = "footnote"


@frozen(slots=True)
class Document:
    """A whole document as a reader produced it."""

    body: tuple[Block, ...]
    title: str = ""
    headers: tuple[HeaderFooter, ...] = ()
    notes: tuple[Note, ...] = ()
    #: What the reader skipped or repaired (a damaged optional part, unbalanced groups...).
    warnings: tuple[Message, ...] = field(default=())
    #: The source has real pages (a PDF): its page numbers are rendered even when the body
    #: has no page boundary (one page).
    paged: bool = False
