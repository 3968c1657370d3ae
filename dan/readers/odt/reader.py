"""ODT reader: OpenDocument text read with lxml under the zip limits of
:class:`dan.readers.zippkg.ZipPackage`.

``content.xml``'s ``office:text``: headings (``text:h`` with their outline level),
paragraphs, lists (nested; numbered when the list style numbers that level), tables
(spans kept, covered cells left out, ``table:table-header-rows`` the header), sections and
text boxes walked, foot- and endnotes (``text:note``) as notes, bold and italic from the
automatic styles, links, line breaks, tabs and spaces, soft page breaks as the rendered
page boundaries. Review marks in the same notation as DOCX: tracked insertions
(``text:change-start``..``text:change-end``) and deletions (``text:change``, the deleted
text from ``text:tracked-changes``) are revisions with their authors and dates;
annotations (``office:annotation``, ranged by ``office:annotation-end``) are comments with
their authors, and a reply (an annotation whose ``loext:parent-name`` names another, as
LibreOffice writes comment threads; replies to replies too) joins its thread's first
comment as a reply, as DOCX replies do. ``meta.xml``'s ``dc:title`` is the title. A
password-protected file (its manifest names encryption data) is an
``EncryptedDocumentError``.
"""

from __future__ import annotations

from attrs import frozen
from lxml import etree

from dan import model as m
from dan.errors import (
    CorruptDocumentError,
    DanError,
    EncryptedDocumentError,
    LimitExceededError,
    NestingTooDeepError,
    UnsupportedFormatError,
)
from dan.limits import Limits
from dan.readers.budget import TextBudget
from dan.readers.options import DEFAULT_OPTIONS, ReadOptions
from dan.readers.zippkg import ZipPackage
from dan.textclean import clean_text

__all__ = ["read_odt"]


def _ns(uri: str) -> str:
    return "{" + uri + "}"


TEXT = _ns("urn:oasis:names:tc:opendocument:xmlns:text:1.0")
TABLE = _ns("urn:oasis:names:tc:opendocument:xmlns:table:1.0")
OFFICE = _ns("urn:oasis:names:tc:opendocument:xmlns:office:1.0")
STYLE = _ns("urn:oasis:names:tc:opendocument:xmlns:style:1.0")
FO = _ns("urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0")
DRAW = _ns("urn:oasis:names:tc:opendocument:xmlns:drawing:1.0")
SVG = _ns("urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0")
DC = _ns("http://purl.org/dc/elements/1.1/")
XLINK = _ns("http://www.w3.org/1999/xlink")
MANIFEST = _ns("urn:oasis:names:tc:opendocument:xmlns:manifest:1.0")
LOEXT = _ns("urn:org:documentfoundation:names:experimental:office:xmlns:loext:1.0")
#: Replies followed up a thread before a reply is taken for a comment of its own (a cycle).
_MAX_THREAD_HOPS = 100


@frozen(slots=True)
class _Change:
    kind: m.RevisionKind
    author: str
    date: str
    deleted: tuple[m.Inline, ...] = ()


@frozen(slots=True)
class _Piece:
    """One inline with the insertion and the comment open around it."""

    inline: m.Inline
    ins: str | None
    comment: str | None


class _Reader:
    def __init__(self, pkg: ZipPackage, limits: Limits, options: ReadOptions) -> None:
        self.pkg = pkg
        self.limits = limits
        self.options = options
        self.count = TextBudget(limits, "the document holds").count
        self.bold: set[str] = set()
        self.italic: set[str] = set()
        self.numbered: dict[str, set[int]] = {}
        self.changes: dict[str, _Change] = {}
        self.notes: list[m.Note] = []
        self.open_ins: str | None = None
        self.open_comments: dict[str, m.CommentInfo] = {}
        self.comment_order: list[str] = []
        #: pieces each open ranged comment holds (one that holds none is written as a point)
        self.comment_pieces: dict[str, int] = {}
        #: replies (annotation elements) by the name of their thread's first comment
        self.replies: dict[str, list[etree._Element]] = {}
        self.reply_elements: set[etree._Element] = set()
        self.warnings: list[m.Message] = []

    # ------------------------------------------------------------------ styles

    def styles(self, root: etree._Element) -> None:
        for st in root.iter(STYLE + "style"):
            name = st.get(STYLE + "name", "")
            props = st.find(STYLE + "text-properties")
            parent = st.get(STYLE + "parent-style-name", "")
            bold = props is not None and props.get(FO + "font-weight", "") in (
                "bold",
                "700",
                "800",
                "900",
            )
            italic = props is not None and props.get(FO + "font-style", "") in ("italic", "oblique")
            if bold or parent in self.bold:
                self.bold.add(name)
            if italic or parent in self.italic:
                self.italic.add(name)
        for ls in root.iter(TEXT + "list-style"):
            levels = set()
            for lv in ls.iterchildren(TEXT + "list-level-style-number"):
                try:
                    levels.add(int(lv.get(TEXT + "level", "1")) - 1)
                except ValueError:
                    continue
            self.numbered[ls.get(STYLE + "name", "")] = levels

    # ------------------------------------------------------------------ document

    def read(self) -> m.Document:
        if self.pkg.has("META-INF/manifest.xml"):
            manifest = self.pkg.xml("META-INF/manifest.xml")
            if any(True for _ in manifest.iter(MANIFEST + "encryption-data")):
                raise EncryptedDocumentError(
                    "the OpenDocument file is password-protected: remove the password and "
                    "convert again"
                )
        if not self.pkg.has("content.xml"):
            raise CorruptDocumentError(
                "the zip has no content.xml: it is not an OpenDocument file (or it is damaged)",
                part="content.xml",
            )
        if self.pkg.has("styles.xml"):
            try:
                self.styles(self.pkg.xml("styles.xml"))
            except LimitExceededError:
                raise
            except DanError as exc:
                self.warnings.append(
                    m.Message(
                        "damaged-part",
                        f"styles.xml is damaged and was skipped: {exc}",
                        "styles.xml",
                    )
                )
        root = self.pkg.xml("content.xml")
        self.styles(root)
        text = root.find(f"{OFFICE}body/{OFFICE}text")
        if text is None:
            body_el = root.find(OFFICE + "body")
            kinds = (
                [str(el.tag).rsplit("}", 1)[-1] for el in body_el] if body_el is not None else []
            )
            raise UnsupportedFormatError(
                f"the OpenDocument file holds {kinds[0] if kinds else 'nothing'}, not text: "
                "dan reads OpenDocument text (.odt)"
            )
        self.tracked(text)
        self.threads(text)
        body = self.blocks(text, 0)
        return m.Document(
            body=tuple(body),
            title=self.title(),
            notes=tuple(self.notes),
            warnings=tuple(self.warnings),
        )

    def title(self) -> str:
        if not self.pkg.has("meta.xml"):
            return ""
        try:
            root = self.pkg.xml("meta.xml")
        except LimitExceededError:
            raise
        except DanError:
            return ""
        el = root.find(f"{OFFICE}meta/{DC}title")
        return clean_text(el.text or "").strip() if el is not None else ""

    def threads(self, text: etree._Element) -> None:
        """Group replies by their thread's first comment: an annotation whose
        ``loext:parent-name`` names another annotation (which may itself be a reply). A
        reply whose thread has no first comment (deleted, or a cycle) stays a comment of
        its own."""
        named: dict[str, etree._Element] = {}
        parent_of: dict[etree._Element, str] = {}
        for el in text.iter(OFFICE + "annotation"):
            name = el.get(OFFICE + "name", "")
            if name:
                named.setdefault(name, el)
            parent = el.get(LOEXT + "parent-name", "")
            if parent:
                parent_of[el] = parent
        for el, parent in parent_of.items():
            root, hops = parent, 0
            while root in named and named[root] in parent_of and hops < _MAX_THREAD_HOPS:
                root, hops = parent_of[named[root]], hops + 1
            if root in named and named[root] not in parent_of:
                self.replies.setdefault(root, []).append(el)
                self.reply_elements.add(el)

    def tracked(self, text: etree._Element) -> None:
        changes = text.find(TEXT + "tracked-changes")
        if changes is None:
            return
        for region in changes.iterchildren(TEXT + "changed-region"):
            cid = region.get(TEXT + "id", "") or region.get(
                "{http://www.w3.org/XML/1998/namespace}id", ""
            )
            for kind_el in region:
                kind = {TEXT + "insertion": "ins", TEXT + "deletion": "del"}.get(kind_el.tag)
                if kind is None:
                    continue
                info = kind_el.find(OFFICE + "change-info")
                author = date = ""
                if info is not None:
                    a = info.find(DC + "creator")
                    d = info.find(DC + "date")
                    author = clean_text(a.text or "").strip() if a is not None else ""
                    date = (d.text or "").strip() if d is not None else ""
                deleted: list[m.Inline] = []
                if kind == "del":
                    for p in kind_el.iter(TEXT + "p", TEXT + "h"):
                        if deleted:
                            deleted.append(m.Text(" "))
                        deleted.extend(pc.inline for pc in self.inlines(p, plain=True))
                self.changes[cid] = _Change(
                    "ins" if kind == "ins" else "del", author or "Unknown", date, tuple(deleted)
                )
        changes.getparent().remove(changes)

    # ------------------------------------------------------------------ blocks

    def blocks(self, parent: etree._Element, depth: int) -> list[m.Block]:
        if depth > self.limits.max_depth:
            raise NestingTooDeepError(
                f"the document nests sections, lists or tables more than "
                f"Limits.max_depth={self.limits.max_depth} deep"
            )
        out: list[m.Block] = []
        for el in parent:
            tag = el.tag
            if tag == TEXT + "h":
                try:
                    level = max(1, min(6, int(el.get(TEXT + "outline-level", "1"))))
                except ValueError:
                    level = 1
                out.append(m.Heading(level, self.para_inlines(el)))
            elif tag == TEXT + "p":
                inl = self.para_inlines(el)
                out.append(m.Paragraph(inl))
                out.extend(self.frames(el, depth))
            elif tag == TEXT + "list":
                out.extend(self.list_items(el, 0, el.get(TEXT + "style-name", ""), depth))
            elif tag == TABLE + "table":
                out.append(self.table(el, depth))
            elif tag == TEXT + "soft-page-break":
                out.append(m.PageBreak(rendered=True))
            elif tag in (TEXT + "section", TEXT + "index-body", TEXT + "table-of-content"):
                out.extend(self.blocks(el, depth + 1))
            elif tag in (TEXT + "tracked-changes", TEXT + "sequence-decls", OFFICE + "forms"):
                continue
            elif len(el):
                out.extend(self.blocks(el, depth + 1))
        return [b for b in out if not isinstance(b, m.Paragraph) or b.inlines]

    def frames(self, p: etree._Element, depth: int) -> list[m.Block]:
        """Paragraphs of the text boxes anchored in a paragraph, after it."""
        out: list[m.Block] = []
        for box in p.iter(DRAW + "text-box"):
            out.extend(self.blocks(box, depth + 1))
        return out

    def list_items(self, lst: etree._Element, level: int, style: str, depth: int) -> list[m.Block]:
        if level > self.limits.max_depth or depth > self.limits.max_depth:
            raise NestingTooDeepError(
                f"the document nests lists more than Limits.max_depth={self.limits.max_depth} deep"
            )
        ordered = level in self.numbered.get(style, set())
        out: list[m.Block] = []
        number = 0
        for item in lst:
            if item.tag not in (TEXT + "list-item", TEXT + "list-header"):
                continue
            number += 1
            first = True
            for child in item:
                if child.tag in (TEXT + "p", TEXT + "h"):
                    inl = self.para_inlines(child)
                    if not inl:
                        continue
                    out.append(
                        m.ListItem(
                            inl,
                            depth=min(level, 8),
                            ordered=ordered,
                            label=f"{number}." if ordered else "",
                            continuation=not first,
                        )
                    )
                    first = False
                elif child.tag == TEXT + "list":
                    out.extend(
                        self.list_items(
                            child, level + 1, child.get(TEXT + "style-name", style), depth + 1
                        )
                    )
                else:
                    out.extend(
                        self.blocks(child, depth + 1) if child.tag == TABLE + "table" else []
                    )
        return out

    def table(self, tbl: etree._Element, depth: int) -> m.Table:
        rows: list[m.Row] = []

        def add_rows(parent: etree._Element, header: bool) -> None:
            for el in parent:
                if el.tag == TABLE + "table-row":
                    try:
                        repeat = int(el.get(TABLE + "number-rows-repeated", "1"))
                    except ValueError:
                        repeat = 1
                    row = self.row(el, header, depth)
                    if any(c.blocks for c in row.cells):
                        rows.extend([row] * max(1, min(repeat, 100)))
                elif el.tag == TABLE + "table-header-rows":
                    add_rows(el, True)
                elif el.tag in (TABLE + "table-rows", TABLE + "table-row-group"):
                    add_rows(el, header)
                if len(rows) > self.limits.max_blocks:
                    raise LimitExceededError(
                        f"a table has more than Limits.max_blocks={self.limits.max_blocks:,} rows"
                    )

        add_rows(tbl, False)
        return m.Table(tuple(rows))

    def row(self, tr: etree._Element, header: bool, depth: int) -> m.Row:
        cells: list[m.Cell] = []
        for tc in tr:
            if tc.tag != TABLE + "table-cell":
                continue  # (covered cells are not stored)
            try:
                colspan = max(1, int(tc.get(TABLE + "number-columns-spanned", "1")))
                rowspan = max(1, int(tc.get(TABLE + "number-rows-spanned", "1")))
                repeat = max(1, min(int(tc.get(TABLE + "number-columns-repeated", "1")), 64))
            except ValueError:
                colspan = rowspan = repeat = 1
            blocks = tuple(self.blocks(tc, depth + 1))
            if not blocks and repeat > 1:
                repeat = 1  # (a run of empty trailing cells)
            cells.extend([m.Cell(blocks, colspan=colspan, rowspan=rowspan)] * repeat)
        while cells and not cells[-1].blocks:
            cells.pop()
        return m.Row(tuple(cells), header=header)

    # ------------------------------------------------------------------ inlines

    def para_inlines(self, p: etree._Element) -> tuple[m.Inline, ...]:
        pieces = self.inlines(p)
        return _grouped(pieces, self.changes, self.open_comments)

    def inlines(self, el: etree._Element, plain: bool = False, depth: int = 0) -> list[_Piece]:
        """The inline pieces of a paragraph (``plain``: text only, for deleted text)."""
        out: list[_Piece] = []
        if depth > self.limits.max_depth:
            raise NestingTooDeepError(
                f"the document nests spans more than Limits.max_depth={self.limits.max_depth} deep"
            )
        style = el.get(TEXT + "style-name", "")

        def add(inline: m.Inline) -> None:
            if self.comment_order:
                name = self.comment_order[-1]
                self.comment_pieces[name] = self.comment_pieces.get(name, 0) + 1
            out.append(
                _Piece(
                    inline, self.open_ins, self.comment_order[-1] if self.comment_order else None
                )
            )

        def text(s: str | None) -> None:
            if s:
                s = clean_text(s)
                self.count(s)
                add(m.Text(s, bold=style in self.bold, italic=style in self.italic))

        text(el.text)
        for child in el:
            tag = child.tag
            if tag == TEXT + "s":
                try:
                    n = min(max(1, int(child.get(TEXT + "c", "1"))), 100)
                except ValueError:
                    n = 1
                add(m.Text(" " * n))
            elif tag == TEXT + "tab":
                add(m.Text("\t"))
            elif tag == TEXT + "line-break":
                add(m.LineBreak())
            elif tag == TEXT + "soft-page-break":
                add(m.PageMark(rendered=True))
            elif tag in (TEXT + "span", TEXT + "a", TEXT + "bookmark-ref", TEXT + "reference-ref"):
                inner = self.inlines(child, plain, depth + 1)
                href = child.get(XLINK + "href", "") if tag == TEXT + "a" else ""
                if href and not plain and self.options.link_targets:
                    kids = tuple(pc.inline for pc in inner)
                    if kids:
                        out.append(_Piece(m.Link(kids, href), inner[0].ins, inner[0].comment))
                else:
                    out.extend(inner)
            elif tag == TEXT + "note" and not plain:
                out.extend(self.note(child))
            elif tag == TEXT + "change-start" and not plain:
                cid = child.get(TEXT + "change-id", "")
                if cid in self.changes and self.changes[cid].kind == "ins":
                    self.open_ins = cid
            elif tag == TEXT + "change-end" and not plain:
                self.open_ins = None
            elif tag == TEXT + "change" and not plain:
                cid = child.get(TEXT + "change-id", "")
                change = self.changes.get(cid)
                if change is not None and change.kind == "del" and change.deleted:
                    add(m.Revision("del", change.deleted, change.author, change.date, cid))
            elif tag == OFFICE + "annotation" and child in self.reply_elements:
                pass  # (a reply: its thread's first comment holds it)
            elif tag == OFFICE + "annotation" and not plain:
                info = self.annotation(child)
                name = child.get(OFFICE + "name", "")
                if name:
                    self.open_comments[name] = info
                    self.comment_order.append(name)
                    self.comment_pieces[name] = 0
                else:
                    add(m.Comment(info))
            elif tag == OFFICE + "annotation-end" and not plain:
                name = child.get(OFFICE + "name", "")
                if name in self.comment_order:
                    self.comment_order.remove(name)
                    if not self.comment_pieces.get(name):  # (an empty range: a point comment)
                        add(m.Comment(self.open_comments[name]))
            elif tag == DRAW + "frame":
                title = child.find(SVG + "title")
                desc = child.find(SVG + "desc")
                alt = " ".join(
                    clean_text(x.text or "").strip() for x in (title, desc) if x is not None
                ).strip()
                if alt and not plain:
                    add(m.Image(alt=alt))
            elif tag in (TEXT + "bookmark", TEXT + "bookmark-start", TEXT + "bookmark-end"):
                pass
            elif len(child) or child.text:
                if tag not in (DRAW + "frame",):
                    out.extend(self.inlines(child, plain, depth + 1))
            text(child.tail)
        return out

    def annotation(self, el: etree._Element, reply: bool = False) -> m.CommentInfo:
        """An annotation's author, date and text, with its thread's replies (in document
        order) when it is a thread's first comment."""
        a = el.find(DC + "creator")
        d = el.find(DC + "date")
        author = clean_text(a.text or "").strip() if a is not None else ""
        texts = [" ".join(clean_text("".join(p.itertext())).split()) for p in el.iter(TEXT + "p")]
        body = self.count(" ".join(t for t in texts if t))
        name = el.get(OFFICE + "name", "")
        cid = name or f"odt-comment-{id(el)}"
        replies = () if reply else self.replies.get(name, ()) if name else ()
        return m.CommentInfo(
            cid,
            author or "Unknown",
            (d.text or "").strip() if d is not None else "",
            body,
            tuple(self.annotation(r, reply=True) for r in replies),
        )

    def note(self, el: etree._Element) -> list[_Piece]:
        citation = el.find(TEXT + "note-citation")
        label = clean_text(citation.text or "").strip() if citation is not None else ""
        label = label or str(len(self.notes) + 1)
        kind: m.NoteKind = "endnote" if el.get(TEXT + "note-class", "") == "endnote" else "footnote"
        body = el.find(TEXT + "note-body")
        saved = (self.open_ins, list(self.comment_order))
        self.open_ins, self.comment_order = None, []
        blocks = self.blocks(body, 1) if body is not None else []
        self.open_ins, self.comment_order = saved[0], saved[1]
        self.notes.append(m.Note(label, tuple(blocks), kind))
        return [_Piece(m.NoteRef(label), self.open_ins, None)]


def _grouped(
    pieces: list[_Piece], changes: dict[str, _Change], comments: dict[str, m.CommentInfo]
) -> tuple[m.Inline, ...]:
    """Pieces grouped into comments (outer) and insertions (inner) by what was open."""
    out: list[m.Inline] = []
    i = 0
    while i < len(pieces):
        cid = pieces[i].comment
        j = i
        while j < len(pieces) and pieces[j].comment == cid:
            j += 1
        inner = _insertions(pieces[i:j], changes)
        if cid is not None and cid in comments:
            out.append(m.Comment(comments[cid], tuple(inner)))
        else:
            out.extend(inner)
        i = j
    return tuple(out)


def _insertions(pieces: list[_Piece], changes: dict[str, _Change]) -> list[m.Inline]:
    out: list[m.Inline] = []
    i = 0
    while i < len(pieces):
        rid = pieces[i].ins
        j = i
        while j < len(pieces) and pieces[j].ins == rid:
            j += 1
        kids = [pc.inline for pc in pieces[i:j]]
        change = changes.get(rid) if rid is not None else None
        if change is not None:
            out.append(m.Revision("ins", tuple(kids), change.author, change.date, rid or ""))
        else:
            out.extend(kids)
        i = j
    return out


def read_odt(
    data: bytes | str, limits: Limits, options: ReadOptions = DEFAULT_OPTIONS
) -> m.Document:
    """Read an OpenDocument text (.odt, .ott) into a document."""
    if isinstance(data, str):
        data = data.encode("utf-8", errors="surrogatepass")
    return _Reader(ZipPackage(data, limits), limits, options).read()
