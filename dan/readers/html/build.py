"""Turns a stream of HTML element events into document-model blocks.

The walker (:mod:`dan.readers.html`) visits the parsed tree without recursion and calls
:meth:`BlockBuilder.enter`, :meth:`BlockBuilder.text` and :meth:`BlockBuilder.exit`; this
module decides what each element means. Structure lives in an explicit stack of frames
(block containers, lists, list items, tables, rows), never in the Python call stack, so
any nesting depth is safe. Structural nesting (quotes, lists, tables, revisions) deeper
than the limit is *flattened*: the inner element becomes a transparent container and its
text is kept.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import cast

from dan import model as m
from dan.errors import TextTooLargeError
from dan.limits import Limits
from dan.readers.superscript import caret_before
from dan.readers.html.style import NO_STYLE, InlineStyle
from dan.readers.numerals import roman
from dan.readers.anchors import MAX_BLOCK_ANCHORS, BlockRefs, anchor_name
from dan.textclean import clean_text

__all__ = ["BlockBuilder", "BLOCK_TAGS", "HEADINGS"]

HEADINGS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "h5": 5, "h6": 6}
#: Elements that start and end a paragraph but are otherwise transparent.
BLOCK_TAGS = frozenset(
    """p div section article main header footer aside nav address figure figcaption details
    summary dialog dl dt dd center hgroup fieldset legend form body html search noframes
    frameset""".split()
)
_BOLD_TAGS = frozenset({"b", "strong"})
_ITALIC_TAGS = frozenset({"i", "em", "cite", "dfn", "var"})
_CODE_TAGS = frozenset({"code", "kbd", "samp", "tt"})
#: Structural elements that also end a paragraph when they are read as transparent.
_BLOCKISH = frozenset(
    {
        "blockquote",
        "table",
        "tr",
        "td",
        "th",
        "caption",
        "ul",
        "ol",
        "menu",
        "dir",
        "li",
        "thead",
        "tbody",
        "tfoot",
    }
)
_LIST_TAGS = {"ul": False, "ol": True, "menu": False, "dir": False}
_WS = re.compile(r"[ \t\n\r\f\v\xa0]+")
_LANG = re.compile(r"(?:^|\s)(?:language|lang)-([A-Za-z0-9_+#.-]{1,40})")
#: Revisions nested deeper than this are read as transparent.
MAX_REVISION_NESTING = 8
#: A cell holding more text than this marks its table as a layout table.
LAYOUT_CELL_CHARS = 2000
#: List nesting the renderer distinguishes; deeper lists are flattened to this depth.
MAX_LIST_DEPTH = 20

RevisionMaker = Callable[[str, Mapping[str, str], "tuple[m.Inline, ...]"], m.Revision]


def _alpha(n: int) -> str:
    out = ""
    while n > 0:
        n, rem = divmod(n - 1, 26)
        out = chr(ord("a") + rem) + out
    return out


def list_label(n: int, kind: str) -> str:
    """An ordered list item's label for number ``n`` and ``type`` attribute ``kind``."""
    if 0 < n < 4000 and kind in ("i", "I"):
        text = roman(n)
        return (text.upper() if kind == "I" else text) + "."
    if 0 < n < 10**6 and kind in ("a", "A"):
        text = _alpha(n)
        return (text.upper() if kind == "A" else text) + "."
    return f"{n}."


def _int_attr(value: object, default: int, low: int, high: int) -> int:
    if not isinstance(value, str):
        return default
    digits = re.match(r"\s*(-?\d{1,9})", value)
    if not digits:
        return default
    return max(low, min(high, int(digits.group(1))))


# --------------------------------------------------------------------------- frames


class _Container:
    """Where blocks go: the document, a quote, a table cell, a table caption."""

    __slots__ = ("kind", "blocks", "colspan", "rowspan", "is_th", "start_chars", "index")

    def __init__(
        self,
        kind: str,
        colspan: int = 1,
        rowspan: int = 1,
        is_th: bool = False,
        start_chars: int = 0,
    ) -> None:
        self.kind = kind
        self.blocks: list[m.Block] = []
        self.colspan = colspan
        self.rowspan = rowspan
        self.is_th = is_th
        self.start_chars = start_chars
        self.index = 0


class _List:
    __slots__ = ("ordered", "counter", "step", "kind", "index")

    def __init__(self, ordered: bool, counter: int, step: int, kind: str) -> None:
        self.ordered = ordered
        self.counter = counter
        self.step = step
        self.kind = kind
        self.index = 0


class _Item:
    __slots__ = ("depth", "ordered", "label", "emitted", "index")

    def __init__(self, depth: int, ordered: bool, label: str) -> None:
        self.depth = depth
        self.ordered = ordered
        self.label = label
        self.emitted = False
        self.index = 0


class _Table:
    __slots__ = (
        "rows",
        "before",
        "in_head",
        "page_break_before",
        "row",
        "layout",
        "index",
        "refs_at",
    )

    def __init__(self, page_break_before: bool, layout: bool = False) -> None:
        self.layout = layout
        self.index = 0
        self.rows: list[m.Row] = []
        self.before: list[m.Block] = []
        self.in_head = False
        self.page_break_before = page_break_before
        self.row: _Row | None = None
        #: the builder's count of blocks with anchors or links when the table started
        self.refs_at = 0


class _Row:
    __slots__ = ("cells", "all_th", "head", "page_mark", "implicit")

    def __init__(self, head: bool, page_mark: bool, implicit: bool = False) -> None:
        self.cells: list[m.Cell] = []
        self.all_th = True
        self.head = head
        self.page_mark = page_mark
        self.implicit = implicit


class _Rev:
    """Marks an open ``<ins>``/``<del>`` element (its content flows into paragraphs)."""

    __slots__ = ()


_REV = _Rev()
_Frame = _Container | _List | _Item | _Table | _Row | _Rev | None  # None: a transparent element
_PRE_TAGS = frozenset({"pre", "listing", "xmp", "plaintext"})

# What BlockBuilder.enter does with an element, by its name (the first four change only
# the formatting).
_OTHER, _BOLD, _ITALIC, _CODE = 0, 1, 2, 3
(
    _HEADING,
    _BR,
    _HR,
    _PRE,
    _LINK,
    _REVISION,
    _LIST,
    _ITEM,
    _QUOTE,
    _TABLE,
    _ROW_GROUP,
    _ROW,
    _CELL,
    _CAPTION,
    _BLOCK,
) = range(4, 19)
_KIND: dict[str, int] = {
    **dict.fromkeys(BLOCK_TAGS, _BLOCK),
    **dict.fromkeys(_BOLD_TAGS, _BOLD),
    **dict.fromkeys(_ITALIC_TAGS, _ITALIC),
    **dict.fromkeys(_CODE_TAGS, _CODE),
    **dict.fromkeys(HEADINGS, _HEADING),
    "br": _BR,
    "hr": _HR,
    **dict.fromkeys(_PRE_TAGS, _PRE),
    "a": _LINK,
    "ins": _REVISION,
    "del": _REVISION,
    **dict.fromkeys(_LIST_TAGS, _LIST),
    "li": _ITEM,
    "blockquote": _QUOTE,
    "table": _TABLE,
    "thead": _ROW_GROUP,
    "tbody": _ROW_GROUP,
    "tfoot": _ROW_GROUP,
    "tr": _ROW,
    "td": _CELL,
    "th": _CELL,
    "caption": _CAPTION,
}

#: Elements that start a block: a ``<sup>`` around one does not make its links notes.
_BLOCK_KINDS = frozenset(
    (_HEADING, _HR, _PRE, _LIST, _ITEM, _QUOTE, _TABLE, _ROW_GROUP, _ROW, _CELL, _CAPTION, _BLOCK)
)


class _Para:
    """Inline content being collected for one paragraph-like block."""

    __slots__ = (
        "frames",
        "has_text",
        "pending_space",
        "after_break",
        "chars",
        "anchors",
        "links",
        "last",
    )

    def __init__(self, revisions: list[tuple[str, Mapping[str, str]]]) -> None:
        #: ids met inside the paragraph, and the ids its internal links point at
        self.anchors: list[str] = []
        self.links: list[str] = []
        # Each frame: (revision kind, attributes, inlines); frame 0 is the paragraph itself.
        self.frames: list[tuple[str, Mapping[str, str], list[m.Inline]]] = [("", {}, [])]
        for kind, attrs in revisions:
            self.frames.append((kind, attrs, []))
        self.has_text = False
        self.pending_space = False
        self.after_break = True
        #: the last character of text written (a superscript right after it may take a
        #: caret, see :meth:`BlockBuilder.text` and :func:`caret_before`)
        self.last = ""

    def add(self, node: m.Inline) -> None:
        self.frames[-1][2].append(node)

    def close(self, make_revision: RevisionMaker) -> tuple[m.Inline, ...]:
        while len(self.frames) > 1:
            self.pop(make_revision)
        inlines = self.frames[0][2]
        # A trailing line break says nothing; drop it.
        while inlines and isinstance(inlines[-1], m.LineBreak):
            inlines.pop()
        return tuple(inlines)

    def pop(self, make_revision: RevisionMaker) -> None:
        kind, attrs, inner = self.frames.pop()
        if inner and kind == "a":
            self.frames[-1][2].append(m.Link(tuple(inner), attrs.get("href", "")))
        elif inner:
            self.frames[-1][2].append(make_revision(kind, attrs, tuple(inner)))


# --------------------------------------------------------------------------- builder


class BlockBuilder:
    """Collects blocks from element events (see the module docstring)."""

    def __init__(
        self, limits: Limits, make_revision: RevisionMaker, link_targets: bool = True
    ) -> None:
        self.limits = limits
        self.make_revision = make_revision
        #: Keep ``<a href>`` targets (else a link is its text only).
        self.link_targets = link_targets
        self.root = _Container("root")
        self.frames: list[_Frame] = [self.root]
        # Typed views of the open frames (each frame knows its index in ``frames``), so
        # finding the current container, list or table never scans the whole stack.
        self.containers: list[_Container] = [self.root]
        self.items: list[_Item] = []
        self.lists: list[_List] = []
        self.tables: list[_Table] = []
        # Formatting in effect per open element: (bold, italic, code).
        self.fmt: list[tuple[bool, bool, bool]] = [(False, False, False)]
        self.revisions: list[tuple[str, Mapping[str, str]]] = []
        self.para: _Para | None = None
        self.heading: list[int] = []
        self.pre_depth = 0
        #: per open element: whether it is in a ``<sup>`` of the same block (a link there is
        #: a note's marker, not a reference; a block inside a ``<sup>`` starts afresh)
        self.sups: list[bool] = [False]
        #: a ``<sup>`` has opened and no text of it was written yet
        self.sup_start = False
        self.pre_parts: list[str] = []
        self.pre_lang = ""
        self.structure = 0  # quote = 1, table = 2, list = 1: must stay within max_depth
        self.chars = 0
        #: ids met outside a paragraph (``<section id>``, an empty ``<a name>``) and links
        #: around blocks wait here for the next block with text; tables count their blocks
        self.refs = BlockRefs()

    # ------------------------------------------------------------------ helpers

    def _push(self, frame: _Frame) -> None:
        if frame is None or frame is _REV:
            self.frames.append(frame)
            return
        if isinstance(frame, (_Container, _Item, _List, _Table)):
            frame.index = len(self.frames)
            if isinstance(frame, _Container):
                self.containers.append(frame)
            elif isinstance(frame, _Item):
                self.items.append(frame)
            elif isinstance(frame, _List):
                self.lists.append(frame)
            else:
                self.tables.append(frame)
        self.frames.append(frame)

    def _pop(self) -> _Frame:
        frame = self.frames.pop()
        if frame is None or frame is _REV:
            return frame
        if isinstance(frame, _Container):
            self.containers.pop()
        elif isinstance(frame, _Item):
            self.items.pop()
        elif isinstance(frame, _List):
            self.lists.pop()
        elif isinstance(frame, _Table):
            self.tables.pop()
        return frame

    def _context(self) -> _Container | _Item:
        container = self.containers[-1]
        if self.items and self.items[-1].index > container.index:
            return self.items[-1]
        return container

    def _container(self) -> _Container:
        return self.containers[-1]

    def _innermost_list(self) -> _List | None:
        if self.lists and self.lists[-1].index > self.containers[-1].index:
            return self.lists[-1]
        return None

    def _list_depth(self) -> int:
        """Nesting of the innermost list inside the current container (0 = outermost)."""
        base = self.containers[-1].index
        depth = 0
        for lst in reversed(self.lists):
            if lst.index < base:
                break
            depth += 1
        return max(0, depth - 1)

    def _emit(self, block: m.Block) -> None:
        self._container().blocks.append(block)

    def _count(self, n: int) -> None:
        """Count ``n`` more characters of text; raise past ``Limits.max_chars``."""
        self.chars += n
        if self.chars > self.limits.max_chars:
            raise TextTooLargeError(
                "the HTML holds more than "
                f"Limits.max_chars={self.limits.max_chars:,} characters of text; "
                "raise the limit to convert it"
            )

    def flush(self) -> None:
        """End the paragraph being collected, emitting it as the block its context asks for."""
        para = self.para
        if para is None:
            return
        self.para = None
        inlines = para.close(self.make_revision)
        if not para.has_text and not any(isinstance(x, m.PageMark) for x in inlines):
            # (a link around blocks, <a href="#x"><p>…</p></a>: its first block links)
            self.refs.wait(para.anchors, para.links)
            return
        anchors, links = self.refs.take(para.anchors, para.links)
        if self.heading:
            self._emit(m.Heading(self.heading[-1], inlines, anchors=anchors, links=links))
            table = self._owning_table()
            if table is not None:
                table.layout = True
            return
        ctx = self._context()
        if isinstance(ctx, _Item):
            self._emit(
                m.ListItem(
                    inlines,
                    depth=ctx.depth,
                    ordered=ctx.ordered,
                    label=ctx.label,
                    continuation=ctx.emitted,
                    anchors=anchors,
                    links=links,
                )
            )
            ctx.emitted = True
        else:
            self._emit(m.Paragraph(inlines, anchors=anchors, links=links))

    def _open_para(self) -> _Para:
        if self.para is None:
            self.para = _Para(self.revisions)
        return self.para

    def page_break(self) -> None:
        """An explicit (CSS) page break between blocks."""
        self.flush()
        self._emit(m.PageBreak(rendered=False))

    # ------------------------------------------------------------------ events

    def image(self, alt: str, title: str) -> None:
        """An ``<img>``: its alternative text and title, as an image placeholder."""
        alt, title = clean_text(alt).strip(), clean_text(title).strip()
        words = alt or title
        if not words or self.pre_depth:
            return
        self._count(len(words))
        para = self._open_para()
        if para.has_text and not para.after_break:
            para.add(m.Text(" "))
        para.add(m.Image(alt, title))
        para.last = ""
        para.has_text = True
        para.after_break = False
        para.pending_space = True

    def text(self, data: str) -> None:
        """Character data of the current element."""
        if not data:
            return
        self._count(len(data))
        if self.pre_depth:
            self.pre_parts.append(data)
            return
        if data == " " or data == "\n":  # (the tree's space between elements)
            para = self.para
            if para is not None and para.has_text:
                para.pending_space = True
            return
        if data.isascii() and data.isprintable() and "  " not in data:
            collapsed = data  # (its only space character is a lone " ": nothing to collapse)
        else:
            collapsed = _WS.sub(" ", data)
        core = collapsed.strip(" ")
        para = self.para
        if not core:
            if para is not None and para.has_text:
                para.pending_space = True
            return
        para = self._open_para()
        space = (
            para.has_text and not para.after_break and (para.pending_space or collapsed[0] == " ")
        )
        bold, italic, code = self.fmt[-1]
        if self.sup_start:
            # A superscript right after the text before it is written after a caret, as plain
            # text writes one: "EUR 500<sup>1</sup>" is "EUR 500^1" (a note's marker, or a
            # power), never the number 5001; "10<sup>-3</sup>" is "10^-3". An ordinal's
            # ending stays on its number ("5<sup>th</sup>" is "5th", "1<sup>er</sup>" "1er").
            self.sup_start = False
            if not space and not para.after_break and caret_before(para.last, core):
                # (before a link the superscript opens: "[^2](url)" would read as a note mark)
                level = len(para.frames) - 1
                while level > 0 and para.frames[level][0] == "a" and not para.frames[level][2]:
                    level -= 1
                if level == len(para.frames) - 1:
                    core = "^" + core
                else:
                    para.frames[level][2].append(m.Text("^", bold=bold, italic=italic, code=code))
        if space and len(para.frames) > 1 and not para.frames[-1][2]:
            # The space falls before a revision that has no text yet: keep it outside.
            level = len(para.frames) - 1
            while level > 0 and not para.frames[level][2]:
                level -= 1
            para.frames[level][2].append(m.Text(" "))
            space = False
        para.add(
            m.Text(clean_text(" " + core if space else core), bold=bold, italic=italic, code=code)
        )
        para.last = core[-1]
        para.has_text = True
        para.after_break = False
        para.pending_space = collapsed[-1] == " "

    def line_break(self) -> None:
        """``<br>``."""
        if self.pre_depth:
            self.pre_parts.append("\n")
            return
        if self.heading:
            if self.para is not None:
                self.para.pending_space = True
            return
        para = self.para
        if para is None or not para.has_text:
            return
        para.add(m.LineBreak())
        para.after_break = True
        para.pending_space = False

    def enter(self, name: str, attrs: Mapping[str, object], style: InlineStyle) -> None:
        """An element starts (the walker has already dropped elements that are not read)."""
        kind = _KIND.get(name, _OTHER)
        fmt = self.fmt[-1]
        if kind <= _CODE and kind != _OTHER or style is not NO_STYLE:
            bold, italic, code = fmt
            if kind == _BOLD:
                bold = True
            elif kind == _ITALIC:
                italic = True
            elif kind == _CODE:
                code = True
            if style.bold is not None:
                bold = style.bold
            if style.italic is not None:
                italic = style.italic
            fmt = (bold, italic, code)
            if style.break_before and not self.pre_depth:
                if name == "tr" and self._table_frame() is not None:
                    pass  # handled by the row's page mark
                else:
                    self.page_break()
        self.fmt.append(fmt)
        self.sups.append(name == "sup" or (self.sups[-1] and kind not in _BLOCK_KINDS))
        if name == "sup":
            self.sup_start = True
        if "id" in attrs or (kind == _LINK and attrs):
            self._anchor_attrs(kind, attrs)
        frame: _Frame = None
        if self.pre_depth:
            if name == "br":
                self.pre_parts.append("\n")
            elif kind == _PRE:
                self.pre_depth += 1
            elif name == "code" and not self.pre_lang:
                self.pre_lang = _language(attrs)
            self._push(None)
            return
        if kind <= _CODE:  # (an inline element, or one the builder reads as transparent)
            self._push(None)
            return
        if kind == _CELL:
            frame = self._enter_cell(name, attrs)
        elif kind == _BLOCK:
            if self.para is not None and not self.heading:
                self.flush()
        elif kind == _ROW:
            frame = self._enter_row(style)
        elif kind == _ITEM:
            frame = self._enter_item(attrs)
        elif kind == _LINK:
            if self.link_targets and isinstance(attrs.get("href"), str):
                # a link is a frame like a revision: its text may run over several paragraphs
                if len(self.revisions) < MAX_REVISION_NESTING:
                    href = {"href": str(attrs.get("href", ""))}
                    self.revisions.append(("a", href))
                    if self.para is not None:
                        self.para.frames.append(("a", href, []))
                    frame = _REV
        elif kind == _HEADING:
            if not self.heading:
                self.flush()
            self.heading.append(HEADINGS[name])
        elif kind == _BR:
            self.line_break()
        elif kind == _HR:
            if not self.heading:
                self.flush()
                self._emit(m.Rule())
        elif kind == _PRE:
            self.flush()
            self.pre_depth = 1
            self.pre_parts = []
            self.pre_lang = _language(attrs)
        elif kind == _REVISION:
            if len(self.revisions) < MAX_REVISION_NESTING:
                str_attrs = {
                    k.lower(): v if isinstance(v, str) else " ".join(cast("list[str]", v))
                    for k, v in attrs.items()
                }
                self.revisions.append((name, str_attrs))
                if self.para is not None:
                    self.para.frames.append((name, str_attrs, []))
                frame = _REV
        elif kind == _LIST:
            frame = self._enter_list(name, attrs)
        elif kind == _QUOTE:
            if self.structure + 1 <= self.limits.max_depth // 2:
                self.flush()
                self.structure += 1
                frame = _Container("quote")
            else:
                self.flush()
        elif kind == _TABLE:
            frame = self._enter_table(style, attrs)
        elif kind == _ROW_GROUP:
            table = self._table_frame()
            if table is not None:
                table.in_head = name == "thead"
        elif kind == _CAPTION:
            if self._table_frame() is not None:
                self.flush()
                frame = _Container("caption")
        self._push(frame)

    def _anchor_attrs(self, kind: int, attrs: Mapping[str, object]) -> None:
        """Note an element's ``id`` (or an ``<a name>``) as an anchor, and an ``<a
        href="#x">`` as an internal link to ``x``: on the open paragraph, else (an id of a
        container) for the next block that holds text. Code blocks carry neither: an id on
        or in a ``<pre>`` names nothing here."""
        if self.pre_depth or kind == _PRE:
            return
        for key in ("id", "name") if kind == _LINK else ("id",):
            name = anchor_name(attrs.get(key))
            if name:
                if self.para is not None:
                    if len(self.para.anchors) < MAX_BLOCK_ANCHORS:
                        self.para.anchors.append(name)
                else:
                    self.refs.wait((name,))
        href = attrs.get("href") if kind == _LINK else None
        if isinstance(href, str) and href.startswith("#") and not self._note_link(href, attrs):
            target = anchor_name(href[1:])
            if target:
                links = self._open_para().links
                if target not in links and len(links) < MAX_BLOCK_ANCHORS:
                    links.append(target)

    def _note_link(self, href: str, attrs: Mapping[str, object]) -> bool:
        """Whether an internal link is a note's marker or its way back (``<sup><a
        href="#fn1">1</a></sup>``, ``role="doc-noteref"``, ``class="footnote-ref"``, a "↩"
        back-link): a note is its own text, like a DOCX footnote, and no cross-reference."""
        if self.sups[-1] or _NOTE_TARGET.match(href):
            return True
        for key in ("role", "epub:type", "class"):
            value = attrs.get(key)
            words = value.split() if isinstance(value, str) else value
            if isinstance(words, (list, tuple)) and any(
                isinstance(w, str) and _NOTE_LINK.fullmatch(w) for w in words
            ):
                return True
        return False

    def exit(self, name: str, style: InlineStyle) -> None:
        """An element ends."""
        self.fmt.pop()
        self.sups.pop()
        if name == "sup":
            self.sup_start = False
        frame = self.frames[-1]
        if self.pre_depth:
            self._pop()
            if name in _PRE_TAGS:
                self.pre_depth -= 1
                if not self.pre_depth:
                    self._end_pre()
            return
        if name in HEADINGS:
            self._pop()
            if self.heading:
                if len(self.heading) == 1:
                    self.flush()
                self.heading.pop()
        elif frame is _REV:
            self._pop()
            self.revisions.pop()
            if self.para is not None and len(self.para.frames) > 1:
                self.para.pop(self.make_revision)
        elif frame is None:
            self._pop()
            if name in ("thead", "tbody", "tfoot"):
                table = self._table_frame()
                if table is not None:
                    table.in_head = False
            elif (
                self.para is not None
                and (name in BLOCK_TAGS or name in _BLOCKISH)
                and not self.heading
            ):
                self.flush()
        else:
            self.flush()  # in the frame's own context, before it closes
            self._pop()
            if isinstance(frame, _List):
                self.structure -= 1
            elif isinstance(frame, _Container):
                if frame.kind == "quote":
                    self.structure -= 1
                    if frame.blocks:
                        self._emit(m.Quote(tuple(frame.blocks)))
                elif frame.kind == "caption":
                    table = self._table_frame()
                    if table is not None:
                        table.before.extend(frame.blocks)
                elif frame.kind == "cell":
                    self._exit_cell(frame)
            elif isinstance(frame, _Row):
                self._exit_row(frame)
            elif isinstance(frame, _Table):
                self._exit_table(frame)
        if style is not NO_STYLE and style.break_after and name != "tr":
            self.page_break()

    def _end_pre(self) -> None:
        text = clean_text("".join(self.pre_parts))
        self.pre_parts = []
        if text.startswith("\n"):
            text = text[1:]
        if text.strip():
            self._emit(m.CodeBlock(text.rstrip("\n"), self.pre_lang))

    def finish(self) -> tuple[m.Block, ...]:
        """Return the document's blocks (the walker has closed every element)."""
        if self.pre_depth:
            self.pre_depth = 0
            self._end_pre()
        self.heading.clear()
        self.flush()
        return tuple(self.root.blocks)

    # ------------------------------------------------------------------ lists

    def _enter_list(self, name: str, attrs: Mapping[str, object]) -> _Frame:
        self.flush()
        if self.structure + 1 > self.limits.max_depth // 2 or self._list_depth() >= MAX_LIST_DEPTH:
            return None
        self.structure += 1
        ordered = _LIST_TAGS[name]
        reverse = "reversed" in attrs
        kind = attrs.get("type", "1") if isinstance(attrs.get("type"), str) else "1"
        start = _int_attr(attrs.get("start"), 1, -(10**9), 10**9)
        return _List(ordered, start, -1 if reverse else 1, str(kind))

    def _enter_item(self, attrs: Mapping[str, object]) -> _Frame:
        self.flush()
        lst = self._innermost_list()
        depth = self._list_depth()
        if lst is None:
            return _Item(0, False, "")
        label = ""
        if lst.ordered:
            value = _int_attr(attrs.get("value"), lst.counter, -(10**9), 10**9)
            label = list_label(value, lst.kind)
            lst.counter = value + lst.step
        return _Item(depth, lst.ordered, label)

    # ------------------------------------------------------------------ tables

    def _table_frame(self) -> _Table | None:
        """The innermost open table, unless a cell, quote or caption is open inside it."""
        if self.tables and self.tables[-1].index > self.containers[-1].index:
            return self.tables[-1]
        return None

    def _owning_table(self) -> _Table | None:
        """The table whose cell the current content is in, if any."""
        cell = self.containers[-1]
        if cell.kind != "cell":
            return None
        for table in reversed(self.tables):
            if table.index < cell.index:
                return table
        return None

    def _enter_table(self, style: InlineStyle, attrs: Mapping[str, object]) -> _Frame:
        self.flush()
        if self.structure + 2 > self.limits.max_depth // 2:
            return None
        self.structure += 2
        role = attrs.get("role")
        layout = isinstance(role, str) and role.strip().lower() in ("presentation", "none")
        table = _Table(style.break_before, layout)
        table.refs_at = self.refs.count
        return table

    def _enter_row(self, style: InlineStyle) -> _Frame:
        self.flush()
        table = self._table_frame()
        if table is None:
            return None
        if table.row is not None:
            self._exit_row(table.row)
        row = _Row(table.in_head, style.break_before)
        table.row = row
        return row

    def _enter_cell(self, name: str, attrs: Mapping[str, object]) -> _Frame:
        table = self._table_frame()
        if table is None:
            self.flush()
            return None
        self.flush()
        if table.row is None:
            table.row = _Row(table.in_head, False, implicit=True)
        colspan = _int_attr(attrs.get("colspan"), 1, 1, 1000)
        rowspan = _int_attr(attrs.get("rowspan"), 1, 1, 1000)
        return _Container("cell", colspan, rowspan, is_th=name == "th", start_chars=self.chars)

    def _exit_cell(self, cell: _Container) -> None:
        table = self._table_frame()
        if table is None:
            return
        if table.row is None:
            table.row = _Row(table.in_head, False, implicit=True)
        if self.chars - cell.start_chars > LAYOUT_CELL_CHARS:
            table.layout = True
        table.row.cells.append(m.Cell(tuple(cell.blocks), cell.colspan, cell.rowspan))
        table.row.all_th = table.row.all_th and cell.is_th

    def _exit_row(self, row: _Row) -> None:
        self.flush()
        table = self._table_frame()
        if table is not None and table.row is row:
            self._close_row(table, row)

    def _close_row(self, table: _Table, row: _Row) -> None:
        table.row = None
        if row.cells:
            table.rows.append(
                m.Row(tuple(row.cells), header=row.head or row.all_th, page_mark=row.page_mark)
            )

    def _exit_table(self, table: _Table) -> None:
        if table.row is not None:
            self._close_row(table, table.row)
        self.structure -= 2
        for block in table.before:
            self._emit(block)
        rows = table.rows
        if not rows:
            return
        if table.layout or len(rows) == 1:
            # A layout table: its cells' content, in reading order, without the grid.
            if table.page_break_before:
                self._emit(m.PageBreak(rendered=False))
            for row in rows:
                for cell in row.cells:
                    for block in cell.blocks:
                        self._emit(block)
            return
        if all(row.header for row in rows):
            rows[-1] = m.Row(rows[-1].cells, header=False, page_mark=rows[-1].page_mark)
        self._emit(
            m.Table(
                tuple(rows),
                page_break_before=table.page_break_before,
                refs=self.refs.count > table.refs_at,
            )
        )


#: The roles, types and class names of a note's links, each a whole word (DPUB-ARIA, EPUB,
#: pandoc, LibreOffice, MediaWiki, Sphinx/docutils).
_NOTE_LINK = re.compile(
    r"(?:doc-)?(?:noteref|backlink)|(?:foot|end|rear)-?notes?(?:-?(?:ref|reference|back|backref"
    r"|backlink|link|anchor|anc|call|marker|mark))?|fn-?(?:ref|back|backref|link)"
    r"|sd(?:foot|end)note(?:anc|sym)|(?:mw-)?cite-backlink|note-?ref",
    re.I,
)
#: Targets that name a note or a bibliography entry: Word's HTML export (``#_ftn1``,
#: ``#_edn2``, ``#_ftnref1``), pandoc and MediaWiki (``#fn1``, ``#fnref1``, ``#cite_note-3``,
#: ``#cite_ref-x_6-0``, ``#CITEREFKing2003``), ``#footnote-2``.
_NOTE_TARGET = re.compile(
    r"#(?:(?:_?(?:ftn|edn)(?:ref)?|fn(?:ref)?|(?:foot|end)note(?:ref)?)[-_:.]?\d|cite_(?:note|ref)-|citeref)",
    re.I,
)


def _language(attrs: Mapping[str, object]) -> str:
    cls = attrs.get("class")
    if isinstance(cls, (list, tuple)):
        cls = " ".join(cls)
    if isinstance(cls, str):
        found = _LANG.search(cls)
        if found:
            return found.group(1)
    lang = attrs.get("data-lang") or attrs.get("data-language")
    return lang.strip()[:40] if isinstance(lang, str) else ""
