"""The WordprocessingML walker: body, header, footer and note content to model blocks.

One walker serves every story. Paragraph content is first flattened into *items* (a run of
text, a break, a page mark, a note reference, a point comment), each tagged with the
revisions, comment ranges and field it sits in; items are then grouped back into the
model's nested inline tree (comments outermost, then fields, then revisions), which keeps
overlapping ranges — a comment that starts inside an insertion and ends after it —
representable. Complex fields and comment ranges can span paragraphs, so their state
lives in :class:`DocxContext`, shared by the whole document.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from itertools import islice
from typing import Any

from lxml import etree

from dan import model as m
from dan.errors import NestingTooDeepError, TextTooLargeError
from dan.limits import Limits
from dan.readers.docx.comments import Comments
from dan.readers.docx.numbering import Numbering
from dan.readers.docx.math import omml_latex
from dan.readers.docx.ooxml import (
    MC,
    OFF,
    C,
    M,
    R,
    W,
    W_DEL,
    children_by_tag,
    first_child,
    first_of,
    int_val,
    on,
    val,
)
from dan.readers.docx.styles import StyleInfo, Styles, paragraph_props
from dan.readers.superscript import caret_before
from dan.readers.anchors import MAX_BLOCK_ANCHORS, BlockRefs, anchor_name
from dan.textclean import clean_text

#: A simple paragraph's items as ``_cwalk.simple_runs`` gives them: ``(kind, value, b, i,
#: rstyle)`` each.
_SimpleItems = list[tuple[int, Any, bool | None, bool | None, str]]
#: What ``_cwalk.simple_runs`` gives for a simple paragraph: its ``w:pPr`` (or None) and
#: its items.
_Simple = tuple[etree._Element | None, _SimpleItems]
#: A table cell before its content: ``(w:tc, span, vMerge)``.
_Cell = tuple[etree._Element, int, str]
#: A table row before its cells' content: header, grid columns before it, whether it holds
#: a rendered page break, and its cells.
_Row = tuple[bool, int, bool, list[_Cell]]


def _load_cwalk() -> tuple[
    Callable[[etree._Element], _Simple | None] | None,
    Callable[[etree._Element], list[_Row]] | None,
]:
    """The C walk's functions (``_cwalk``, built by ``scripts/compile.py``), or Nones in the
    pure-Python build, where the Python walk reads everything."""
    try:
        from dan.readers.docx import _cwalk
    except ImportError:
        return None, None
    return _cwalk.simple_runs, _cwalk.table_rows


_simple_runs, _table_rows = _load_cwalk()

__all__ = ["DocxContext", "BodyReader", "Sections"]

_PAGE_BREAK_TYPES = {"nextPage", "evenPage", "oddPage", ""}
#: Fields whose results are navigation, not data: their text is kept, the field not recorded.
_UNRECORDED_FIELDS = {
    "HYPERLINK",
    "PAGEREF",
    "REF",
    "NOTEREF",
    "TOC",
    "TOA",
    "INDEX",
    "GOTOBUTTON",
    "PAGE",
    "NUMPAGES",
    "SECTIONPAGES",
    "SEQ",
    "STYLEREF",
    "TC",
    "XE",
    "BOOKMARK",
    "LISTNUM",
}
_INSTR_ARG = re.compile(r'"([^"]*)"|(\S+)')
_MAX_PATH = 32
#: Comment ranges open at once that wrap text (their notes nest); further ones open at the
#: same time are shown at their reference, as comments on a point.
MAX_OPEN_COMMENTS = 8


class _Rev:
    """A revision context: hashable, equal when it is the same revision element."""

    __slots__ = ("kind", "author", "date", "rev_id", "moved", "_key")

    def __init__(
        self, kind: m.RevisionKind, el: etree._Element, moved: bool, fallback_id: str
    ) -> None:
        self.kind = kind
        self.author = clean_text(el.get(W.author, "")).strip() or "Unknown"
        self.date = el.get(W.date, "")
        self.rev_id = el.get(W.id, "") or fallback_id
        self.moved = moved
        self._key = (kind, self.rev_id, self.author)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Rev) and other._key == self._key

    def __hash__(self) -> int:
        return hash(self._key)

    def node(self, children: tuple[m.Inline, ...]) -> m.Revision:
        return m.Revision(self.kind, children, self.author, self.date, self.rev_id, self.moved)


class _Field:
    """A complex or simple field being read."""

    __slots__ = ("instr", "result", "ff_name", "checked", "number", "shown", "url")

    def __init__(self, number: int) -> None:
        #: a w:hyperlink's target (its relationship's URL), held as a HYPERLINK field
        self.url = ""
        self.instr: list[str] = []
        self.result = False
        self.ff_name = ""
        self.checked: bool | None = None
        self.number = number
        self.shown = False

    def name_data(self) -> tuple[str, str]:
        args = [a or b for a, b in _INSTR_ARG.findall(" ".join(self.instr))]
        if not args:
            return "", ""
        name = args[0].upper()
        data = self.ff_name
        if not data:
            rest = [a for a in args[1:] if not a.startswith("\\")]
            data = rest[0] if rest else ""
        return name, clean_text(data)

    @property
    def recorded(self) -> bool:
        return self.name_data()[0] not in _UNRECORDED_FIELDS


class _FieldKey:
    """Identity of a field in item paths (one per field, shared by its paragraphs)."""

    __slots__ = ("name", "data", "number")

    def __init__(self, name: str, data: str, number: int) -> None:
        self.name, self.data, self.number = name, data, number

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _FieldKey) and other.number == self.number

    def __hash__(self) -> int:
        return self.number


class Sections:
    """The body's word-processor sections: break types and header/footer references."""

    def __init__(self, body: etree._Element) -> None:
        self.props: list[etree._Element] = list(body.iter(W.sectPr))
        self.types = [val(sp.find(W.type), "nextPage") for sp in self.props]

    def new_page_after(self, index: int) -> bool:
        """Whether the section after section ``index`` starts on a new page."""
        nxt = index + 1
        if nxt < len(self.types):
            return self.types[nxt] in _PAGE_BREAK_TYPES
        return True


class DocxContext:
    """State shared by every story of one document."""

    def __init__(
        self, styles: Styles, numbering: Numbering, comments: Comments, limits: Limits
    ) -> None:
        self.styles = styles
        self.numbering = numbering
        self.comments = comments
        self.limits = limits
        self.chars = 0
        #: Counter for revisions without a w:id (never id(): lxml proxies are reused).
        self.auto_ids = 0
        self.fields: list[_Field] = []
        self.field_count = 0
        #: comments whose range is open, in order (a dict: O(1) membership and removal)
        self.open_comments: dict[str, None] = {}
        #: open comments that no text has been added under yet
        self.fresh_comments: set[str] = set()
        self.commented: set[str] = set()
        #: note id ("f3"/"e2") -> label, in order of first reference
        self.note_labels: dict[str, str] = {}
        self._fmt_cache: dict[tuple[str, str, bool | None, bool | None], tuple[bool, bool]] = {}
        self.title_para = ""
        self.first_h1 = ""
        #: relationship id of the main part → a chart's title and data table
        self.charts: dict[str, list[m.Block]] = {}
        #: The current part's external hyperlink relationships: id -> URL.
        self.links: dict[str, str] = {}
        #: Keep hyperlink targets (``ReadOptions.link_targets``).
        self.link_targets = True

    def note_label(self, key: str) -> str:
        label = self.note_labels.get(key)
        if label is None:
            label = str(len(self.note_labels) + 1)
            self.note_labels[key] = label
        return label

    def count(self, n: int) -> None:
        self.chars += n
        if self.chars > self.limits.max_chars:
            raise TextTooLargeError(
                "the document holds more than "
                f"Limits.max_chars={self.limits.max_chars:,} characters of text"
            )

    def run_format(
        self, pstyle: StyleInfo, rstyle_id: str, b: bool | None, i: bool | None
    ) -> tuple[bool, bool]:
        key = (pstyle.name, rstyle_id, b, i)
        found = self._fmt_cache.get(key)
        if found is None:
            rs = self.styles.get(rstyle_id) if rstyle_id else None
            # direct formatting, then the run style, the paragraph style, the document default
            styles = self.styles
            found = (
                _first_set(b, rs.bold if rs else None, pstyle.bold, styles.default_bold),
                _first_set(i, rs.italic if rs else None, pstyle.italic, styles.default_italic),
            )
            self._fmt_cache[key] = found
        return found


# Item kinds
_TEXT, _BREAK, _PAGE, _NOTE, _POINT, _IMAGE, _ANCHOR = range(7)
_PPR, _PSTYLE, _SECT_PR = W.pPr, W.pStyle, W.sectPr
_TR_PR, _TBL_HEADER, _GRID_BEFORE = W.trPr, W.tblHeader, W.gridBefore
_TC_PR, _GRID_SPAN, _V_MERGE, _H_MERGE = W.tcPr, W.gridSpan, W.vMerge, W.hMerge
_WP_DOC_PR = "{http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing}docPr"
_V_SHAPE = "{urn:schemas-microsoft-com:vml}shape"

# Hot-path tag names as plain module constants.
_RPR, _B, _I, _RSTYLE, _VANISH, _WEBHIDDEN, _VAL, _VERT_ALIGN = (
    W.rPr,
    W.b,
    W.i,
    W.rStyle,
    W.vanish,
    W.webHidden,
    W.val,
    W.vertAlign,
)
_T, _DELTEXT, _TAB, _BR, _LRPB, _FLDCHAR, _INSTR = (
    W.t,
    W.delText,
    W.tab,
    W.br,
    W.lastRenderedPageBreak,
    W.fldChar,
    W.instrText,
)
_R, _P, _TBL = W.r, W.p, W.tbl

# What a child element is to the block walk (_BLOCK_KIND) and to the run walk (_RUN_KIND):
# one dict look-up per child instead of a chain of tag tests; other tags are skipped.
(
    _K_PARA,
    _K_TABLE,
    _K_SDT,
    _K_WRAPPER,
    _K_ALTERNATE,
    _K_COMMENT_START,
    _K_COMMENT_END,
    _K_ALT_CHUNK,
    _K_RUN,
    _K_REVISION,
    _K_HYPERLINK,
    _K_FIELD,
    _K_MATH,
    _K_BOOKMARK,
) = range(1, 15)
_BLOCK_KIND: dict[str, int] = {
    W.p: _K_PARA,
    W.tbl: _K_TABLE,
    W.sdt: _K_SDT,
    **dict.fromkeys((W.customXml, W.ins, W_DEL, W.moveTo, W.moveFrom, W.smartTag), _K_WRAPPER),
    MC.AlternateContent: _K_ALTERNATE,
    W.commentRangeStart: _K_COMMENT_START,
    W.commentRangeEnd: _K_COMMENT_END,
    W.altChunk: _K_ALT_CHUNK,
    W.bookmarkStart: _K_BOOKMARK,
}
_RUN_KIND: dict[str, int] = {
    W.r: _K_RUN,
    **dict.fromkeys((W.ins, W_DEL, W.moveFrom, W.moveTo), _K_REVISION),
    W.hyperlink: _K_HYPERLINK,
    **dict.fromkeys((W.smartTag, W.customXml, W.dir, W.bdo), _K_WRAPPER),
    W.sdt: _K_SDT,
    W.fldSimple: _K_FIELD,
    W.commentRangeStart: _K_COMMENT_START,
    W.commentRangeEnd: _K_COMMENT_END,
    M.oMath: _K_MATH,
    M.oMathPara: _K_MATH,
    MC.AlternateContent: _K_ALTERNATE,
    W.bookmarkStart: _K_BOOKMARK,
}
#: Fields that point at a bookmark (their first argument): internal links.
_BOOKMARK_FIELDS = frozenset({"REF", "PAGEREF", "NOTEREF"})
#: Word's mark of the last edit position: a bookmark nothing links to.
_GO_BACK = "_GoBack"


#: An item's place in the inline tree: ``("c", comment id)``, ``("f", _FieldKey)`` and
#: ``("r", _Rev)`` steps, outermost first.
_Path = tuple[tuple[str, Any], ...]


class _Item:
    __slots__ = ("kind", "value", "bold", "italic", "path")

    def __init__(self, kind: int, value: Any, bold: bool, italic: bool, path: _Path) -> None:
        self.kind = kind
        self.value = value
        self.bold = bold
        self.italic = italic
        self.path = path


class BodyReader:
    """Reads block content of one story (``body``, ``header``, ``footer`` or ``note``)."""

    def __init__(self, ctx: DocxContext, story: str, sections: Sections | None = None) -> None:
        self.ctx = ctx
        self.story = story
        self.sections = sections
        self.section_index = 0
        #: The paragraph being read: its bookmarks and the bookmarks its internal links
        #: (w:hyperlink w:anchor, REF fields) point at; bookmarks between paragraphs (and
        #: in paragraphs without text) wait in ``refs`` for the next paragraph with text.
        self.anchors: list[str] = []
        self.links: list[str] = []
        self.refs = BlockRefs()
        self.in_paragraph = False

    # ------------------------------------------------------------------ blocks

    def blocks(self, container: etree._Element, depth: int = 0) -> list[m.Block]:
        if depth > self.ctx.limits.max_depth:
            raise NestingTooDeepError(
                "the document nests tables or content controls more than "
                f"{self.ctx.limits.max_depth} levels deep"
            )
        out: list[m.Block] = []
        self._blocks_into(container, out, depth)
        return out

    def _blocks_into(self, container: etree._Element, out: list[m.Block], depth: int) -> None:
        kinds = _BLOCK_KIND
        for el in container:
            kind = kinds.get(el.tag, 0)  # (one look-up; properties and marks are skipped)
            if kind == _K_PARA:
                self.paragraph(el, out, depth)
            elif kind == _K_TABLE:
                table = self.table(el, depth + 1)
                if table is not None:
                    out.append(table)
            elif kind == _K_SDT:
                content = el.find(W.sdtContent)
                if content is not None:
                    self._nested(content, out, depth)
            elif kind == _K_WRAPPER:
                self._nested(el, out, depth)
            elif kind == _K_ALTERNATE:
                choice = _alternate(el)
                if choice is not None:
                    self._nested(choice, out, depth)
            elif kind == _K_COMMENT_START:
                self._comment_start(el.get(W.id, ""))
            elif kind == _K_COMMENT_END:
                self._comment_end(el.get(W.id, ""), None)
            elif kind == _K_ALT_CHUNK:
                out.append(m.Paragraph((m.Text("[embedded content not converted]", italic=True),)))
            elif kind == _K_BOOKMARK:
                anchor = self._bookmark(el.get(W.name))
                if anchor:
                    self.refs.wait((anchor,))

    def _nested(self, el: etree._Element, out: list[m.Block], depth: int) -> None:
        if depth + 1 > self.ctx.limits.max_depth:
            raise NestingTooDeepError(
                "the document nests content controls more than "
                f"{self.ctx.limits.max_depth} levels deep"
            )
        self._blocks_into(el, out, depth + 1)

    # ------------------------------------------------------------------ paragraphs

    def paragraph(self, p: etree._Element, out: list[m.Block], depth: int) -> None:
        # A text box's paragraphs are read inside the paragraph holding the box: they keep
        # their own anchors and links, and leave the pending ones to the paragraphs around.
        outer = self.anchors, self.links, self.refs.waiting
        nested = self.in_paragraph
        self.anchors, self.links, self.in_paragraph = [], [], True
        if nested:
            self.refs.waiting = []
        try:
            self._paragraph(p, out, depth)
        finally:
            self.anchors, self.links, self.in_paragraph = outer[0], outer[1], nested
            if nested:
                self.refs.waiting = outer[2]

    def _paragraph(self, p: etree._Element, out: list[m.Block], depth: int) -> None:
        ctx = self.ctx
        fast = None
        if _simple_runs is not None and not (ctx.fields or ctx.open_comments):
            # (a paragraph of plain runs, read in C; None for anything else)
            fast = _simple_runs(p) if depth <= ctx.limits.max_depth else None
        kids: list[etree._Element] = []
        if fast is None:
            # The children once, for the properties and then the runs: a paragraph with no
            # w:pPr (most) is looked through here, not searched again by lxml.
            kids = list(p)
            ppr = first_of(kids, _PPR)
        else:
            ppr = fast[0]
        parts = None if ppr is None else children_by_tag(ppr)
        style = ctx.styles.get(None if parts is None else val(parts.get(_PSTYLE)) or None)
        heading, num_id, ilvl, pbb = (
            style.heading,
            style.num_id,
            style.ilvl,
            style.page_break_before,
        )
        sect = None
        if ppr is not None and parts is not None:
            heading, num_id, ilvl, pbb = paragraph_props(
                ppr, heading, num_id, ilvl, pbb, parts=parts
            )
            sect = parts.get(_SECT_PR)
        if style.title:
            heading = 0

        floating: list[m.Block] = []
        if fast is None:
            items: list[_Item] = []
            self._runs(kids, items, style, floating, depth)
            inlines = _tree(items, ctx.comments)
            has_text = _any_content(items)
        else:
            inlines, has_text = self._simple_inlines(fast[1], style)
        label = ctx.numbering.label(num_id, ilvl) if num_id else None
        anchors: tuple[str, ...] = ()
        links: tuple[str, ...] = ()
        if has_text:
            anchors, links = self.refs.take(self.anchors, self.links)
        else:
            self.refs.wait(self.anchors)  # (a paragraph without text: its links name nothing)

        if heading and has_text:
            if label is not None and label[0]:
                inlines = (m.Text(label[0] + " "),) + inlines
            out.append(
                m.Heading(heading, inlines, page_break_before=pbb, anchors=anchors, links=links)
            )
            if self.story == "body" and heading == 1 and not ctx.first_h1:
                ctx.first_h1 = _plain(inlines)
        elif label is not None and has_text:
            text_label, ordered = label
            out.append(
                m.ListItem(
                    inlines,
                    depth=ilvl,
                    ordered=ordered,
                    label=text_label,
                    page_break_before=pbb,
                    anchors=anchors,
                    links=links,
                )
            )
        elif style.title and has_text:
            if self.story == "body" and not ctx.title_para:
                ctx.title_para = _plain(inlines)
            out.append(
                m.Paragraph(
                    _emphasize(inlines), page_break_before=pbb, anchors=anchors, links=links
                )
            )
        else:
            out.append(m.Paragraph(inlines, page_break_before=pbb, anchors=anchors, links=links))
        out.extend(floating)
        if sect is not None and self.story == "body" and self.sections is not None:
            out.append(
                m.SectionBreak(self.section_index, self.sections.new_page_after(self.section_index))
            )
            self.section_index += 1

    def _simple_inlines(
        self, flat: _SimpleItems, style: StyleInfo
    ) -> tuple[tuple[m.Inline, ...], bool]:
        """The inlines of a paragraph of plain runs (``_simple_runs``' items) and whether
        it holds anything but page marks: what ``_runs`` and ``_tree`` make of it."""
        ctx = self.ctx
        out: list[m.Inline] = []
        has_text = False
        for kind, value, b, i, rstyle in flat:
            if kind == _TEXT:
                bold, italic = ctx.run_format(style, rstyle, b, i)
                ctx.count(len(value))
                out.append(m.Text(value, bold, italic))
                has_text = True
            elif kind == _BREAK:
                out.append(m.LineBreak())
                has_text = True
            elif kind == _ANCHOR:
                self._own_bookmark(value)
            else:
                out.append(m.PageMark(rendered=bool(value)))
        return tuple(out), has_text

    def _runs(
        self,
        parent: Iterable[etree._Element],
        items: list[_Item],
        style: StyleInfo,
        floating: list[m.Block],
        depth: int,
        revs: tuple[_Rev, ...] = (),
    ) -> None:
        ctx = self.ctx
        if depth > ctx.limits.max_depth:
            raise NestingTooDeepError(
                f"paragraph content is nested more than {ctx.limits.max_depth} levels deep"
            )
        kinds = _RUN_KIND
        for el in parent:
            kind = kinds.get(el.tag, 0)  # (one look-up; properties and marks are skipped)
            if kind == _K_RUN:
                self._run(el, items, style, floating, depth, revs)
            elif kind == _K_REVISION:
                tag = el.tag
                rev_kind: m.RevisionKind = "ins" if tag in (W.ins, W.moveTo) else "del"
                ctx.auto_ids += 1
                rev = _Rev(rev_kind, el, tag in (W.moveFrom, W.moveTo), f"@{ctx.auto_ids}")
                self._runs(el, items, style, floating, depth + 1, revs + (rev,))
            elif kind == _K_HYPERLINK:
                anchor = el.get(W.anchor)
                if anchor is not None and not el.get(R.id):  # to a bookmark of this document
                    self._link(anchor)
                if ctx.link_targets and el.get(R.id, "") in ctx.links:
                    # an external link: read like a HYPERLINK field whose result is its runs
                    ctx.field_count += 1
                    fld = _Field(ctx.field_count)
                    fld.instr.append("HYPERLINK")
                    fld.url = ctx.links[el.get(R.id, "")]
                    fld.result = True
                    self._field_runs(fld, el, items, style, floating, depth, revs)
                else:
                    self._runs(el, items, style, floating, depth + 1, revs)
            elif kind == _K_WRAPPER:
                self._runs(el, items, style, floating, depth + 1, revs)
            elif kind == _K_BOOKMARK:
                self._own_bookmark(el.get(W.name))
            elif kind == _K_SDT:
                content = el.find(W.sdtContent)
                if content is not None:
                    self._runs(content, items, style, floating, depth + 1, revs)
            elif kind == _K_FIELD:
                ctx.field_count += 1
                fld = _Field(ctx.field_count)
                fld.instr.append(el.get(W.instr, ""))
                fld.result = True
                self._field_link(fld)
                self._field_runs(fld, el, items, style, floating, depth, revs)
            elif kind == _K_COMMENT_START:
                self._comment_start(el.get(W.id, ""))
            elif kind == _K_COMMENT_END:
                self._comment_end(el.get(W.id, ""), items, revs)
            elif kind == _K_MATH:
                equations = [el] if el.tag == M.oMath else el.findall(M.oMath)
                tex = [clean_text(omml_latex(eq)) for eq in equations]
                tex = [t for t in tex if t.strip()]
                if tex:
                    # inline math as $…$; a display equation (m:oMathPara) as $$…$$
                    text = f"${tex[0]}$" if el.tag == M.oMath else "$$" + r" \\ ".join(tex) + "$$"
                    self._add(items, _TEXT, text, False, False, revs)
            elif kind == _K_ALTERNATE:
                choice = _alternate(el)
                if choice is not None:
                    self._runs(choice, items, style, floating, depth + 1, revs)

    def _field_runs(
        self,
        fld: _Field,
        el: etree._Element,
        items: list[_Item],
        style: StyleInfo,
        floating: list[m.Block],
        depth: int,
        revs: tuple[_Rev, ...],
    ) -> None:
        """The runs of a simple field or hyperlink element, inside ``fld``: what it holds is
        inside the field, and the field (with any complex field begun in it and not ended
        there) ends with the element, whatever ``w:fldChar`` ends it holds."""
        fields = self.ctx.fields
        outer = len(fields)
        fields.append(fld)
        self._runs(el, items, style, floating, depth + 1, revs)
        del fields[outer:]

    def _run(
        self,
        r: etree._Element,
        items: list[_Item],
        style: StyleInfo,
        floating: list[m.Block],
        depth: int,
        revs: tuple[_Rev, ...],
    ) -> None:
        ctx = self.ctx
        rstyle = ""
        b = i = None
        raised = False  # a superscript run: its first text may take a caret
        for child in r:
            if child.tag != _RPR:
                continue
            for prop in child:
                tag = prop.tag
                if tag == _B:  # (on(), inline: a run's most common properties)
                    b = prop.get(_VAL, "true").lower() not in OFF
                elif tag == _I:
                    i = prop.get(_VAL, "true").lower() not in OFF
                elif tag == _RSTYLE:
                    rstyle = prop.get(_VAL, "")
                elif (tag == _VANISH or tag == _WEBHIDDEN) and on(prop):
                    return  # hidden text
                elif tag == _VERT_ALIGN:
                    raised = prop.get(_VAL, "") == "superscript"
            break
        bold, italic = ctx.run_format(style, rstyle, b, i)
        add = self._add
        for el in r:
            tag = el.tag
            if tag == _T or tag == _DELTEXT:
                text = el.text
                if text:
                    if raised:  # "EUR 500" and a raised "1": "EUR 500^1", not "EUR 5001"
                        raised = False
                        last = items[-1].value if items and items[-1].kind == _TEXT else ""
                        if isinstance(last, str) and caret_before(last[-1:], text):
                            text = "^" + text
                    add(items, _TEXT, text, bold, italic, revs)
            elif tag == _RPR:
                continue
            elif tag == _TAB or tag == W.ptab:
                add(items, _TEXT, "\t", bold, italic, revs)
            elif tag == _BR:
                kind = el.get(W.type, "")
                if kind == "page":
                    add(items, _PAGE, False, False, False, revs)
                elif kind != "column":
                    add(items, _BREAK, None, False, False, revs)
            elif tag == _LRPB:
                add(items, _PAGE, True, False, False, revs)
            elif tag == _FLDCHAR:
                self._fld_char(el, items, bold, italic, revs)
            elif tag == _INSTR:
                if ctx.fields and not ctx.fields[-1].result:
                    ctx.fields[-1].instr.append(el.text or "")
            elif tag == W.cr:
                add(items, _BREAK, None, False, False, revs)
            elif tag == W.noBreakHyphen:
                add(items, _TEXT, "-", bold, italic, revs)
            elif tag == W.sym:
                char = _sym(el.get(W.char, ""))
                if char:
                    add(items, _TEXT, char, bold, italic, revs)
            elif tag == W.footnoteReference or tag == W.endnoteReference:
                prefix = "f" if tag == W.footnoteReference else "e"
                key = prefix + el.get(W.id, "")
                add(items, _NOTE, ctx.note_label(key), False, False, revs)
            elif tag == W.commentReference:
                cid = el.get(W.id, "")
                if (
                    cid not in ctx.commented
                    and ctx.comments.get(cid) is not None
                    and cid not in ctx.open_comments
                ):
                    self._point_comment(cid, items, revs)
            elif tag in (W.drawing, W.pict, W.object):
                words = _picture_words(el)
                if words is not None:
                    self._add(items, _IMAGE, words, False, False, revs)
                floating.extend(self._drawing(el, depth))
            elif tag == MC.AlternateContent:
                choice = _alternate(el)
                if choice is not None:
                    floating.extend(self._drawing(choice, depth))

    def _drawing(self, el: etree._Element, depth: int) -> list[m.Block]:
        """What a drawing holds in words: its text boxes, and (in the body) its charts' data."""
        out: list[m.Block] = []
        for box in _textboxes(el):
            out.extend(self.blocks(box, depth + 1))
        if self.story == "body" and self.ctx.charts:
            for ref in el.iter(C.chart):
                out.extend(self.ctx.charts.get(ref.get(R.id, ""), ()))
        return out

    def _add(
        self,
        items: list[_Item],
        kind: int,
        value: Any,
        bold: bool,
        italic: bool,
        revs: tuple[_Rev, ...],
    ) -> None:
        ctx = self.ctx
        fields = ctx.fields
        if fields and not all(f.result for f in fields):
            return  # field instruction text is not displayed
        path: _Path = ()
        if ctx.open_comments:
            shown = tuple(islice(ctx.open_comments, MAX_OPEN_COMMENTS))
            path = tuple(("c", cid) for cid in shown)
            if kind == _TEXT and ctx.fresh_comments:
                # Only the ranges that wrap this text are shown around it; one opened
                # beyond the first MAX_OPEN_COMMENTS stays fresh, and is shown at its end
                # (its reference) unless an outer range closes first and makes room.
                for cid in shown:
                    if cid in ctx.fresh_comments:
                        ctx.commented.add(cid)
                        ctx.fresh_comments.discard(cid)
        if fields:
            inner = None
            for f in reversed(fields):
                if f.recorded:
                    inner = f
                    break
            if inner is not None:
                name, data = inner.name_data()
                path = path + (("f", _FieldKey(name, data, inner.number)),)
                inner.shown = True
        if revs:
            path = path + tuple(("r", rev) for rev in revs[: _MAX_PATH - len(path)])
        if fields and ctx.link_targets and len(path) < _MAX_PATH:
            link = _link_of(fields)
            if link is not None:  # innermost, so a link sits inside its revision marks
                path = path + (("l", link),)
        if kind == _TEXT:
            ctx.count(len(value))
        items.append(_Item(kind, value, bold, italic, path))

    # ------------------------------------------------------------------ fields

    def _fld_char(
        self,
        el: etree._Element,
        items: list[_Item],
        bold: bool,
        italic: bool,
        revs: tuple[_Rev, ...],
    ) -> None:
        ctx = self.ctx
        kind = el.get(W.fldCharType, "")
        if kind == "begin":
            if len(ctx.fields) >= 20:
                ctx.fields.pop(0)
            ctx.field_count += 1
            fld = _Field(ctx.field_count)
            ff = el.find(W.ffData)
            if ff is not None:
                fld.ff_name = clean_text(val(ff.find(W.name)))
                box = ff.find(W.checkBox)
                if box is not None:
                    checked = box.find(W.checked)
                    fld.checked = (
                        on(checked) if checked is not None else bool(on(box.find(W.default)))
                    )
            ctx.fields.append(fld)
        elif kind == "separate":
            if ctx.fields and not ctx.fields[-1].result:
                ctx.fields[-1].result = True
                self._field_link(ctx.fields[-1])
        elif kind == "end":
            if not ctx.fields:
                return
            fld = ctx.fields[-1]
            if fld.checked is not None and not fld.shown:
                fld.result = True
                self._add(items, _TEXT, "☒" if fld.checked else "☐", bold, italic, revs)
            ctx.fields.pop()

    # ------------------------------------------------------------------ cross-references

    @staticmethod
    def _bookmark(name: object) -> str:
        """A bookmark's name (``w:bookmarkStart w:name``) as an anchor, or ``""``: Word's
        ``_GoBack`` and names :func:`~dan.readers.anchors.anchor_name` refuses name
        nothing."""
        anchor = anchor_name(name)
        return "" if anchor == _GO_BACK else anchor

    def _own_bookmark(self, name: object) -> None:
        """A bookmark in the paragraph: its anchor, while it holds fewer than
        :data:`MAX_BLOCK_ANCHORS`."""
        anchor = self._bookmark(name)
        if anchor and len(self.anchors) < MAX_BLOCK_ANCHORS:
            self.anchors.append(anchor)

    def _link(self, target: object) -> None:
        """Note an internal link of the paragraph (to a bookmark), unless it is an entry of
        a table of contents (navigation, not a reference)."""
        anchor = anchor_name(target)
        links = self.links
        if anchor and anchor not in links and len(links) < MAX_BLOCK_ANCHORS:
            if not self._in_toc():
                links.append(anchor)

    def _in_toc(self) -> bool:
        return any(f.name_data()[0] == "TOC" for f in self.ctx.fields)

    def _field_link(self, fld: _Field) -> None:
        """A ``REF``, ``PAGEREF`` or ``NOTEREF`` field, or a ``HYPERLINK \\l`` one, is an
        internal link to the bookmark it names (its result is read as text, as before)."""
        name, data = fld.name_data()
        if name in _BOOKMARK_FIELDS:
            if data:
                self._link(data)
        elif name == "HYPERLINK":
            # HYPERLINK \l "name": to a bookmark here; with a URL before it, a place there
            args = [a or b for a, b in _INSTR_ARG.findall(" ".join(fld.instr))]
            at = next((i for i, a in enumerate(args) if a.lower() == "\\l"), -1)
            if 0 < at < len(args) - 1 and all(a.startswith("\\") for a in args[1:at]):
                self._link(args[at + 1])

    # ------------------------------------------------------------------ comments

    def _comment_start(self, cid: str) -> None:
        ctx = self.ctx
        if cid and ctx.comments.get(cid) is not None and cid not in ctx.open_comments:
            ctx.open_comments[cid] = None
            ctx.fresh_comments.add(cid)

    def _comment_end(
        self, cid: str, items: list[_Item] | None, revs: tuple[_Rev, ...] = ()
    ) -> None:
        ctx = self.ctx
        if cid not in ctx.open_comments:
            return
        del ctx.open_comments[cid]
        ctx.fresh_comments.discard(cid)
        if cid not in ctx.commented and items is not None:
            self._point_comment(cid, items, revs)

    def _point_comment(self, cid: str, items: list[_Item], revs: tuple[_Rev, ...]) -> None:
        self.ctx.commented.add(cid)
        self._add(items, _POINT, cid, False, False, revs)

    # ------------------------------------------------------------------ tables

    def table(self, tbl: etree._Element, depth: int) -> m.Table | None:
        if depth > self.ctx.limits.max_depth:
            raise NestingTooDeepError(
                f"tables are nested more than {self.ctx.limits.max_depth} levels deep"
            )
        refs_at = self.refs.count
        raw_rows: list[tuple[bool, bool, list[tuple[int, int, str, tuple[m.Block, ...]]]]] = []
        layout = _rows(tbl) if _table_rows is None else _table_rows(tbl)
        if next(tbl.iter(_H_MERGE), None) is not None:
            layout = [(h, c, pm, _joined_across(tcs)) for h, c, pm, tcs in layout]
        for header, col, page_mark, tcs in layout:
            cells: list[tuple[int, int, str, tuple[m.Block, ...]]] = []
            if col > 0:
                cells.append((0, min(col, 64), "", ()))
            for tc, span, vmerge in tcs:
                blocks = tuple(self.blocks(tc, depth + 1))
                cells.append((col, span, vmerge, blocks))
                col += span
            raw_rows.append((header, page_mark, cells))
        if not raw_rows:
            return None
        # the grid columns where each row continues a vertical merge (one pass over cells,
        # so a merge's height costs its own rows, not a scan of every row below)
        continues = [{c[0] for c in cells if c[2] == "continue"} for _h, _p, cells in raw_rows]
        rows: list[m.Row] = []
        for r, (header, page_mark, cells) in enumerate(raw_rows):
            out_cells: list[m.Cell] = []
            for col, span, vmerge, blocks in cells:
                if vmerge == "continue":
                    continue  # covered by the restart cell above
                rowspan = 1
                if vmerge == "restart":
                    while r + rowspan < len(raw_rows) and col in continues[r + rowspan]:
                        rowspan += 1
                out_cells.append(m.Cell(blocks, colspan=span, rowspan=rowspan))
            # Covered positions must be skipped by the renderer's grid, which places spans.
            rows.append(m.Row(tuple(out_cells), header=header, page_mark=page_mark))
        return m.Table(tuple(rows), refs=self.refs.count > refs_at)


# ---------------------------------------------------------------------- helpers


def _rows(tbl: etree._Element) -> list[_Row]:
    """A table's rows as ``BodyReader.table`` reads them before their cells' content:
    ``(header, grid_before, page_mark, [(tc, span, vmerge), ...])`` each (``_cwalk``'s
    ``table_rows`` is the same in C)."""
    rows: list[_Row] = []
    for tr in _children(tbl, W.tr):
        kids = list(tr)  # (for the properties, then the cells)
        trpr = first_of(kids, _TR_PR)
        header = False
        col = 0
        if trpr is not None:
            props = children_by_tag(trpr)
            header = bool(on(props.get(_TBL_HEADER)))
            col = int_val(props.get(_GRID_BEFORE), 0)
        page_mark = next(tr.iter(W.lastRenderedPageBreak), None) is not None
        cells: list[tuple[etree._Element, int, str]] = []
        for tc in _children(kids, W.tc):
            tcpr = first_child(tc, _TC_PR)
            span, vmerge = 1, ""
            if tcpr is not None:
                props = children_by_tag(tcpr)
                span = max(1, min(int_val(props.get(_GRID_SPAN), 1), 64))
                vm = props.get(_V_MERGE)
                if vm is not None:
                    vmerge = vm.get(W.val, "continue") or "continue"
            cells.append((tc, span, vmerge))
        rows.append((header, col, page_mark, cells))
    return rows


def _joined_across(cells: list[_Cell]) -> list[_Cell]:
    """A row's cells with DOCX's legacy horizontal merges read (``w:hMerge``, written by
    Word 97 and older tools instead of ``w:gridSpan``): a cell that continues a merge
    (``w:hMerge`` without ``w:val="restart"``) right after the merge's first cell or another
    continuing one joined to it adds its columns to that cell's span. A continuing cell with
    anything to read (text, a revision, a comment, a note reference, an equation, a symbol,
    a picture) is kept as a cell of its own and ends the merge, so nothing is lost."""
    out: list[_Cell] = []
    merging = False
    for tc, span, vmerge in cells:
        tcpr = first_child(tc, _TC_PR)
        hm = None if tcpr is None else first_child(tcpr, _H_MERGE)
        if hm is None:
            merging = False
        elif (hm.get(W.val) or "continue") == "restart":
            merging = True
        elif merging and out and _blank(tc):
            first, wide, down = out[-1]
            out[-1] = (first, min(wide + span, 64), down)
            continue
        else:
            merging = False
        out.append((tc, span, vmerge))
    return out


#: What an empty table cell may hold: paragraphs and runs without content, their
#: properties, bookmarks and proofing marks.
_EMPTY_CELL_PARTS = frozenset(
    {W.p, W.r, W.t, W.bookmarkStart, W.bookmarkEnd, W.proofErr, W.lastRenderedPageBreak}
)
_PROPERTIES = frozenset({W.tcPr, W.pPr, W.rPr})


def _blank(tc: etree._Element) -> bool:
    """Whether a table cell holds nothing to read: only empty paragraphs and runs (and
    their properties, bookmarks, proofing marks) — any other element (a revision, a
    comment, a note reference, a field, an equation, a symbol, a picture) is content."""
    stack = list(tc)
    while stack:
        node = stack.pop()
        tag = node.tag
        if tag in _PROPERTIES or not isinstance(tag, str):
            continue
        if tag not in _EMPTY_CELL_PARTS or (tag == W.t and (node.text or "").strip()):
            return False
        stack.extend(node)
    return True


def _children(el: Iterable[etree._Element], tag: str) -> Iterable[etree._Element]:
    """Children with ``tag`` (of an element, or in a list of them), looking through content
    controls and custom XML wrappers."""
    for child in el:
        if child.tag == tag:
            yield child
        elif child.tag == W.sdt:
            content = child.find(W.sdtContent)
            if content is not None:
                yield from _children(content, tag)
        elif child.tag in (W.customXml, W.ins, W_DEL):
            yield from _children(child, tag)


def _any_content(items: list[_Item]) -> bool:
    """Whether ``items`` hold anything but page marks (a loop: called per paragraph, where
    a generator that stops early costs more)."""
    for item in items:
        if item.kind != _PAGE:
            return True
    return False


def _alternate(el: etree._Element) -> etree._Element | None:
    choice = el.find(MC.Choice)
    if choice is not None:
        return choice
    return el.find(MC.Fallback)


def _textboxes(el: etree._Element) -> list[etree._Element]:
    """Outermost ``w:txbxContent`` elements under ``el`` (nested ones are read with them)."""
    found: list[etree._Element] = []
    stack = [el]
    while stack:
        node = stack.pop()
        for child in node:
            if not isinstance(child.tag, str):
                continue
            if child.tag == W.txbxContent:
                found.append(child)
            elif child.tag == MC.AlternateContent:
                choice = _alternate(child)
                if choice is not None:
                    stack.append(choice)
            elif child.tag != MC.Fallback:
                stack.append(child)
    found.reverse()
    return found


def _sym(code: str) -> str:
    try:
        n = int(code, 16)
    except ValueError:
        return ""
    if 0xF000 <= n <= 0xF0FF:  # symbol-font private use area: no meaning without the font
        return ""
    try:
        return clean_text(chr(n))
    except ValueError:
        return ""


def _link_of(fields: list[_Field]) -> _FieldKey | None:
    """The innermost open HYPERLINK field (a ``w:hyperlink`` too) as a path key holding
    its URL, or None."""
    for f in reversed(fields):
        name, data = f.name_data()
        if name == "HYPERLINK":
            url = f.url or data
            return _FieldKey("HYPERLINK", url, f.number) if url else None
    return None


def _picture_words(el: etree._Element) -> tuple[str, str] | None:
    """A picture's alternative text and title (``wp:docPr`` descr/title, a VML shape's
    alt/title), or None when it has neither."""
    for node in el.iter(_WP_DOC_PR, _V_SHAPE):
        alt = clean_text(node.get("descr", "") or node.get("alt", "")).strip()
        title = clean_text(node.get("title", "")).strip()
        if alt or title:
            return alt, title
    return None


def _first_set(*values: bool | None) -> bool:
    """The first of ``values`` that is set (not None); False when none is."""
    for value in values:
        if value is not None:
            return value
    return False


def _plain(inlines: Iterable[m.Inline]) -> str:
    out: list[str] = []
    for node in inlines:
        if isinstance(node, m.Text):
            out.append(node.text)
        elif isinstance(node, (m.Revision, m.Comment, m.Field, m.Link)):
            if not (isinstance(node, m.Revision) and node.kind == "del"):
                out.append(_plain(node.children))
    return " ".join("".join(out).split())


def _emphasize(inlines: tuple[m.Inline, ...]) -> tuple[m.Inline, ...]:
    """A Title-styled paragraph's text, bold (it is not a heading)."""
    out: list[m.Inline] = []
    for node in inlines:
        if isinstance(node, m.Text):
            out.append(m.Text(node.text, bold=True, italic=node.italic, code=node.code))
        else:
            out.append(node)
    return tuple(out)


def _tree(items: list[_Item], comments: Comments) -> tuple[m.Inline, ...]:
    """Group flat items into the nested inline tree (comments > fields > revisions)."""
    for it in items:
        if it.path:
            break
    else:  # (most paragraphs: no comment, field, revision or link around any item)
        return tuple([_leaf(it, comments) for it in items])
    seq = [(it.path, it) for it in items]
    return tuple(_group(seq, comments))


def _group(seq: list[tuple[_Path, _Item]], comments: Comments) -> list[m.Inline]:
    out: list[m.Inline] = []
    i = 0
    n = len(seq)
    while i < n:
        path, item = seq[i]
        if not path:
            out.append(_leaf(item, comments))
            i += 1
            continue
        head = path[0]
        j = i
        group: list[tuple[_Path, _Item]] = []
        while j < n and seq[j][0] and seq[j][0][0] == head:
            group.append((seq[j][0][1:], seq[j][1]))
            j += 1
        children = tuple(_group(group, comments))
        kind, obj = head
        if kind == "c":
            info = comments.get(obj)
            if info is not None:
                out.append(m.Comment(info, children))
            else:
                out.extend(children)
        elif kind == "f":
            out.append(m.Field(obj.name, children, obj.data))
        elif kind == "l":
            out.append(m.Link(children, obj.data))
        else:
            out.append(obj.node(children))
        i = j
    return out


def _leaf(item: _Item, comments: Comments) -> m.Inline:
    kind = item.kind
    if kind == _TEXT:
        return m.Text(item.value, item.bold, item.italic)
    if kind == _BREAK:
        return m.LineBreak()
    if kind == _PAGE:
        return m.PageMark(rendered=bool(item.value))
    if kind == _NOTE:
        return m.NoteRef(str(item.value))
    if kind == _IMAGE:
        alt, title = item.value
        return m.Image(alt, title)
    info = comments.get(str(item.value))
    if info is None:
        return m.Text("")
    return m.Comment(info, ())
