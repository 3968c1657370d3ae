"""One RTF story (body, header/footer, footnote, annotation) being assembled.

The interpreter (:mod:`dan.readers.rtf`) feeds a story leaves (text, breaks, note and
comment marks) and structure events (paragraph end, cell and row end, page and section
breaks). A story keeps paragraphs as atom lists (:mod:`dan.readers.rtf.inline`) and
tables as :class:`~dan.readers.rtf.tables.TableBuilder` s until the whole file is read;
:meth:`Story.blocks` then turns them into model blocks once comments are known.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from dan import model as m
from dan.readers.rtf.inline import Atom, CommentPoint, RevKey, build_inlines, has_text, new_atom
from dan.readers.rtf.tables import RowDef, TableBuilder

__all__ = ["Story", "ParaProps", "Resolver", "is_bullet", "MAX_OPEN_RANGES"]

#: Annotation ranges open at once that wrap text (as DOCX's comment ranges): a range opened
#: while this many are open is not opened, and its annotation is shown at its reference
#: mark. Without a bound, n ranges left open cost n-long comment lists on each of n atoms.
MAX_OPEN_RANGES = 8

_BULLETS = frozenset("•·▪▫◦‣⁃–—-*§Øüvo»>\uf0b7\uf0a7\uf0d8\uf076\uf0fc\uf0a8\uf06e\uf071")


def is_bullet(label: str) -> bool:
    """True when a list label is a bullet symbol rather than a number or letter."""
    label = label.strip()
    if not label:
        return True
    if len(label) <= 2 and all(ch in _BULLETS or not ch.isalnum() for ch in label):
        return True
    return label in ("o", "v", "ü", "Ø", "§")


Resolver = tuple[Callable[[str], "m.CommentInfo | None"], Callable[[str], "m.CommentInfo | None"]]


class ParaProps:
    """What a paragraph is, as known at its end: heading level, list item, page break, table
    level."""

    __slots__ = ("heading", "list_depth", "ordered", "label", "is_item", "pagebb", "level")

    def __init__(
        self,
        heading: int = 0,
        is_item: bool = False,
        list_depth: int = 0,
        ordered: bool | None = None,
        label: str = "",
        pagebb: bool = False,
        level: int = 0,
    ) -> None:
        self.heading = heading
        self.is_item = is_item
        self.list_depth = list_depth
        self.ordered = ordered
        self.label = label
        self.pagebb = pagebb
        self.level = level


class _Para:
    __slots__ = ("atoms", "props")

    def __init__(self, atoms: list[Atom], props: ParaProps) -> None:
        self.atoms = atoms
        self.props = props


class _Sect:
    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index


class Story:
    """Paragraphs, tables and breaks of one story, in reading order."""

    def __init__(self, kind: str, max_table_depth: int) -> None:
        self.kind = kind
        self.max_table_depth = max(1, max_table_depth)
        self.items: list[Any] = []
        self.atoms: list[Atom] = []
        self.label: list[str] = []
        self.pn: tuple[int, bool] | None = None
        self.open_comments: dict[str, None] = {}
        #: ``open_comments`` as a tuple, made again only when a range opens or closes.
        self.open_tuple: tuple[str, ...] = ()
        #: The URL of the HYPERLINK field result being read ("" outside one).
        self.link = ""
        self.tables: list[TableBuilder] = []
        self.row_defs: dict[int, RowDef] = {}
        # Set by the interpreter for headers/footers and notes.
        self.variant = "default"
        self.sections: tuple[int, ...] = (0,)
        self.note_label = ""

    # ------------------------------------------------------------------ leaves

    def last_char(self) -> str:
        """The last character of text written in the open paragraph ("" when the paragraph
        has none, or ends in something that is not text)."""
        if not self.atoms:
            return ""
        leaf = self.atoms[-1].leaf
        return leaf.text[-1:] if type(leaf) is m.Text else ""

    def text(self, text: str, bold: bool, italic: bool, rev: RevKey | None) -> None:
        """Append text with its formatting and revision."""
        comments = self.open_tuple
        atoms = self.atoms
        link = self.link
        if atoms:
            last = atoms[-1]
            leaf = last.leaf
            if (
                type(leaf) is m.Text
                and last.rev == rev
                and last.comments == comments
                and last.link == link
                and leaf.bold == bold
                and leaf.italic == italic
            ):
                atoms[-1] = new_atom(
                    Atom, (m.Text(leaf.text + text, bold, italic), comments, rev, link)
                )
                return
        atoms.append(new_atom(Atom, (m.Text(text, bold, italic), comments, rev, link)))

    def leaf(
        self, leaf: m.LineBreak | m.NoteRef | m.PageMark | CommentPoint, rev: RevKey | None = None
    ) -> None:
        """Append a line break, note reference, page mark or comment point."""
        self.atoms.append(Atom(leaf, self.open_tuple, rev, self.link))

    def comment_start(self, name: str) -> bool:
        """``\\atrfstart``: a comment range opens. False when it is not opened, because
        ``MAX_OPEN_RANGES`` ranges are open already (its annotation then stands at its mark).
        """
        if name in self.open_comments:
            return True
        if len(self.open_comments) >= MAX_OPEN_RANGES:
            return False
        self.open_comments[name] = None
        self.open_tuple = tuple(self.open_comments)
        return True

    def comment_end(self, name: str) -> None:
        """``\\atrfend``: a comment range closes."""
        if name in self.open_comments:
            del self.open_comments[name]
            self.open_tuple = tuple(self.open_comments)

    # ------------------------------------------------------------------ structure

    def end_paragraph(self, props: ParaProps) -> None:
        """``\\par`` (and the paragraph ended by ``\\cell``): file the collected atoms."""
        atoms = self.atoms
        self.atoms = []
        label = ""
        if self.label:  # (a list item's label, read from \\listtext)
            label = "".join(self.label).strip()
            self.label = []
        pn = self.pn
        self.pn = None
        level = min(props.level, self.max_table_depth)
        if len(self.tables) != level:
            self._table_level(level)
        if not has_text(atoms):
            marks = sum(1 for a in atoms if isinstance(a.leaf, m.PageMark))
            if level == 0:
                self.items.extend(m.PageBreak(rendered=False) for _ in range(marks))
            return
        if label or pn is not None or props.is_item:
            props.is_item = True
            if pn is not None:
                props.list_depth = max(props.list_depth, pn[0])
                if props.ordered is None:
                    props.ordered = pn[1]
            if props.ordered is None:
                props.ordered = bool(label) and not is_bullet(label)
            props.label = label
        para = _Para(atoms, props)
        if level:
            self.tables[-1].add_block(para)
        else:
            self.items.append(para)

    def _table_level(self, level: int) -> None:
        """Open or close tables so exactly ``level`` are open."""
        while len(self.tables) > level:
            table = self.tables.pop()
            if self.tables:
                self.tables[-1].add_block(table)
            else:
                self.items.append(table)
        while len(self.tables) < level:
            self.tables.append(TableBuilder())

    def row_def(self, level: int) -> RowDef:
        """The row definition being written for table level ``level`` (``\\trowd`` resets it)."""
        level = max(1, min(level, self.max_table_depth))
        found = self.row_defs.get(level)
        if found is None:
            found = self.row_defs[level] = RowDef()
        return found

    def new_row_def(self, level: int) -> RowDef:
        """``\\trowd``."""
        level = max(1, min(level, self.max_table_depth))
        self.row_defs[level] = RowDef()
        return self.row_defs[level]

    def end_cell(self, props: ParaProps) -> None:
        """``\\cell`` / ``\\nestcell`` at ``props.level`` (at least 1)."""
        props.level = max(1, min(props.level, self.max_table_depth))
        self.end_paragraph(props)
        self.tables[-1].end_cell()

    def end_row(self, level: int) -> None:
        """``\\row`` / ``\\nestrow``."""
        level = max(1, min(level, self.max_table_depth))
        if self.atoms and has_text(self.atoms):
            self.end_cell(ParaProps(level=level))
        self.atoms = []
        self._table_level(level)
        self.tables[-1].end_row(self.row_def(level))

    def page_break(self) -> None:
        """``\\page``: a page mark in the running paragraph."""
        self.leaf(m.PageMark(rendered=False))

    def section_break(self, index: int, props: ParaProps) -> None:
        """``\\sect``: end the paragraph and the tables, then mark the section end."""
        if self.atoms:
            props.level = 0
            self.end_paragraph(props)
        self._table_level(0)
        self.items.append(_Sect(index))

    def finish(self, props: ParaProps) -> None:
        """The story's group has ended: file what is still open."""
        if self.atoms:
            props.level = min(props.level, len(self.tables))
            self.end_paragraph(props)
        self._table_level(0)

    # ------------------------------------------------------------------ output

    def blocks(self, resolver: Resolver, new_page: Callable[[int], bool]) -> tuple[m.Block, ...]:
        """The story's model blocks; call after the whole file is read."""
        return tuple(_convert(self.items, resolver, new_page))

    def plain_text(self) -> str:
        """The story's text without formatting (an annotation's body)."""
        parts: list[str] = []
        for item in self.items:
            if isinstance(item, _Para):
                parts.append("".join(a.leaf.text for a in item.atoms if isinstance(a.leaf, m.Text)))
        return " ".join(" ".join(p.split()) for p in parts if p.strip())


def _convert(
    items: list[Any], resolver: Resolver, new_page: Callable[[int], bool]
) -> list[m.Block]:
    out: list[m.Block] = []
    comment, point = resolver
    for item in items:
        if isinstance(item, _Para):
            inlines = build_inlines(item.atoms, comment, point)
            if not inlines:
                continue
            props = item.props
            if props.heading and not props.is_item:
                out.append(m.Heading(props.heading, inlines, page_break_before=props.pagebb))
            elif props.is_item:
                out.append(
                    m.ListItem(
                        inlines,
                        depth=props.list_depth,
                        ordered=bool(props.ordered),
                        label=props.label if props.ordered else "",
                        page_break_before=props.pagebb,
                    )
                )
            else:
                out.append(m.Paragraph(inlines, props.pagebb))
        elif isinstance(item, TableBuilder):
            out.extend(item.build(lambda blocks: tuple(_convert(blocks, resolver, new_page))))
        elif isinstance(item, _Sect):
            out.append(m.SectionBreak(item.index, new_page(item.index + 1)))
        else:
            out.append(item)
    return out
