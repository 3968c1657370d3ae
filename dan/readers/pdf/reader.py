"""The PDF reader: pages read through PDFium into dan's document model.

Page numbers are the PDF's own (``paged``: every page boundary is a rendered break, one
page included). Running headers and footers become header and footer stories; the outline
(or, without one, font sizes) gives the headings; annotations are reviewers' marks:
highlights, underlines and sticky notes are comments (their replies, ``/IRT``, are
replies), strike-outs are deletions and carets insertions, each with its author (``/T``)
and date; link annotations to ``http``, ``https`` and ``mailto`` are links. A page with
pictures and no text layer (a scan) is reported, never guessed at: dan does no OCR.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

from dan import model as m
from dan.errors import UnsupportedFormatError
from dan.limits import Limits
from dan.readers.options import DEFAULT_OPTIONS, ReadOptions
from dan.readers.pdf.columns import blocks
from dan.readers.pdf.footnotes import is_reference, split_footnotes
from dan.readers.pdf.hyphens import keep_compound_hyphens
from dan.readers.pdf.layout import Para, assign_headings, join_lines, join_pages, paragraphs
from dan.readers.pdf.pdfium import load
from dan.readers.pdf.running import split_running
from dan.readers.pdf.tables import TableRun, segments
from dan.readers.pdf.values import Box, Line, Mark, PageContent, PdfContent
from dan.textclean import clean_text

__all__ = ["pdf_date", "read_pdf", "xmp_title"]

_DATE = re.compile(
    r"^D?:?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?\s*(Z|[+-]\d{2}'?\d{2}'?)?"
)
#: Titles a PDF writer fills in when the author gave none.
_NO_TITLE = {"untitled", "unspecified", "anonymous", "none", "title"}
_WORD_PREFIX = re.compile(r"^(Microsoft (Word|PowerPoint) - )", re.I)


def pdf_date(value: str) -> str:
    """A PDF date (``D:20260102103000+01'00'``) as ISO 8601 (``2026-01-02T10:30:00+01:00``);
    what is not a PDF date is returned cleaned, as written."""
    match = _DATE.match(value.strip())
    if not match or not match.group(1):
        return clean_text(value.strip())
    y, mo, d, h, mi, s, tz = match.groups()
    out = f"{y}-{mo or '01'}-{d or '01'}"
    if h:
        out += f"T{h}:{mi or '00'}:{s or '00'}"
        if tz == "Z":
            out += "Z"
        elif tz:
            digits = tz.replace("'", "")
            out += f"{digits[:3]}:{digits[3:5] or '00'}"
    return out


def _title(value: str) -> str:
    title = _WORD_PREFIX.sub("", clean_text(value).strip())
    if title.casefold() in _NO_TITLE or re.search(r"\.(docx?|pdf|rtf|odt|txt)$", title, re.I):
        return ""
    return title


_XMP_TITLE = re.compile(
    r"<dc:title\b[^>]*>\s*<rdf:Alt\b[^>]*>\s*<rdf:li\b[^>]*>(.{0,2000}?)</rdf:li>", re.S
)


def xmp_title(data: bytes) -> str:
    """The ``dc:title`` of the PDF's XMP metadata when it is stored uncompressed (as XMP
    usually is, to be found without a PDF parser), else ""; entities are decoded, nothing
    is parsed as XML. Only the first packet is looked at, and at most 1 MB of it."""
    begin = data.find(b"<x:xmpmeta")
    if begin < 0:
        return ""
    end = data.find(b"</x:xmpmeta>", begin, begin + 1_000_000)
    if end < 0:
        return ""
    match = _XMP_TITLE.search(data[begin:end].decode("utf-8", errors="replace"))
    return html.unescape(match.group(1)).strip() if match else ""


# ----------------------------------------------------------------- marks to inlines

_PAGE = object()


def _inside(box: Box, rect: Box) -> bool:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return rect[0] - 0.5 <= cx <= rect[2] + 0.5 and rect[1] - 0.5 <= cy <= rect[3] + 0.5


class _Marks:
    """The marks of every page, turned into comment infos and revisions once."""

    def __init__(self, pages: Sequence[PageContent], link_targets: bool) -> None:
        self.covering: dict[int, list[Mark]] = {}
        self.notes: dict[int, list[Mark]] = {}
        self.inserts: dict[int, list[Mark]] = {}
        self.infos: dict[tuple[int, int], m.CommentInfo] = {}
        self.placed: set[tuple[int, int]] = set()
        #: (page, label as printed) → the document-wide footnote label, and the pages with notes.
        self.note_labels: dict[tuple[int, str], str] = {}
        self.note_pages: set[int] = set()
        for page in pages:
            indexes = {mk.index for mk in page.marks}
            replies: dict[int, list[Mark]] = {}
            for mk in page.marks:
                if mk.reply_to in indexes and mk.kind in ("note", "highlight"):
                    replies.setdefault(mk.reply_to, []).append(mk)
            answering = {id(mk) for thread in replies.values() for mk in thread}
            for mk in page.marks:
                if id(mk) in answering:
                    continue  # said as a reply
                if mk.kind == "link":
                    if link_targets:
                        self.covering.setdefault(page.number, []).append(mk)
                elif mk.kind in ("highlight", "strike"):
                    self.covering.setdefault(page.number, []).append(mk)
                elif mk.kind == "note":
                    self.notes.setdefault(page.number, []).append(mk)
                elif mk.kind == "insert" and mk.text.strip():
                    self.inserts.setdefault(page.number, []).append(mk)
                if mk.kind in ("highlight", "note"):
                    self.infos[(page.number, mk.index)] = self._info(page.number, mk, replies)

    @staticmethod
    def _info(page: int, mk: Mark, replies: dict[int, list[Mark]]) -> m.CommentInfo:
        """The comment of ``mk`` with its thread: replies, and replies of replies (at most 8
        deep), all listed under it in order."""

        def info(x: Mark, thread: tuple[m.CommentInfo, ...] = ()) -> m.CommentInfo:
            return m.CommentInfo(
                comment_id=f"p{page}-{x.index}",
                author=clean_text(x.author).strip() or "Unknown",
                date=pdf_date(x.date) if x.date else "",
                text=clean_text(x.text).strip(),
                replies=thread,
            )

        flat: list[m.CommentInfo] = []

        def walk(x: Mark, depth: int) -> None:
            for r in replies.get(x.index, []) if depth < 8 else ():
                flat.append(info(r))
                walk(r, depth + 1)

        walk(mk, 0)
        return info(mk, tuple(flat))

    def revision(
        self, mk: Mark, children: tuple[m.Inline, ...], kind: m.RevisionKind
    ) -> m.Revision:
        return m.Revision(
            kind=kind,
            children=children,
            author=clean_text(mk.author).strip() or "Unknown",
            date=pdf_date(mk.date) if mk.date else "",
            rev_id=f"{mk.index}",
        )


def _items(
    para: Para, with_refs: bool
) -> tuple[list[tuple[object, int, Box | None, bool]], list[bool]]:
    """The paragraph's characters with their page, box and boldness (joins get no box),
    and whether each is part of a footnote reference mark (when ``with_refs``)."""
    out: list[tuple[object, int, Box | None, bool]] = []
    refs: list[bool] = []
    for k, (page, line) in enumerate(para.lines):
        if k:
            prev_page, prev = para.lines[k - 1]
            if page != prev_page:
                out.append((_PAGE, page, None, False))
                refs.append(False)
            if not prev.hyphen:
                out.append((" ", page, None, line.bold and prev.bold))
                refs.append(False)
        out.extend(
            (ch, page, box, bold) for ch, box, bold in zip(line.text, line.boxes, line.bolds)
        )
        refs.extend(is_reference(line, j) if with_refs else False for j in range(len(line.text)))
    return out, refs


_SLOTS = {"highlight": 0, "strike": 1, "link": 2}


class _Build(Protocol):
    def __call__(self, lo: int, hi: int, slot: int, again: _Build) -> list[m.Inline]: ...


def _plain_runs(para: Para, all_bold: bool) -> list[m.Inline]:
    """What :func:`_inlines` makes of a paragraph that no mark covers and that has no
    footnote references or insertions to place: its text in runs of one boldness, a page
    mark where it goes on to the next page. The same runs as the character-by-character
    walk, made a line (or a line's run of one boldness) at a time."""
    out: list[m.Inline] = []
    pieces: list[str] = []
    bold = False
    prev: Line | None = None
    prev_page = 0
    for page, line in para.lines:
        if prev is not None:
            if page != prev_page:
                _flush_run(out, pieces, bold, all_bold)
                out.append(m.PageMark(rendered=True))
            if not prev.hyphen:
                b = line.bold and prev.bold
                if b != bold:
                    _flush_run(out, pieces, bold, all_bold)
                    bold = b
                pieces.append(" ")
        text, bolds = line.text, line.bolds
        start, count = 0, len(bolds)
        uniform = True not in bolds or False not in bolds
        while start < count:
            end = count if uniform else start + 1
            while end < count and bolds[end] == bolds[start]:
                end += 1
            if bolds[start] != bold:
                _flush_run(out, pieces, bold, all_bold)
                bold = bolds[start]
            pieces.append(text[start:end])
            start = end
        prev, prev_page = line, page
    _flush_run(out, pieces, bold, all_bold)
    return out


def _flush_run(out: list[m.Inline], pieces: list[str], bold: bool, all_bold: bool) -> None:
    if pieces:
        out.append(m.Text(clean_text("".join(pieces)), bold=bold and not all_bold))
        pieces.clear()


def _inlines(para: Para, marks: _Marks, all_bold: bool) -> tuple[m.Inline, ...]:
    pages = {p for p, _ in para.lines}
    with_refs = any(p in marks.note_pages for p in pages)
    if not with_refs and not any(marks.covering.get(p) or marks.inserts.get(p) for p in pages):
        return tuple(_plain_runs(para, all_bold))
    return _walked_inlines(para, marks, all_bold, with_refs)


def _walked_inlines(
    para: Para, marks: _Marks, all_bold: bool, with_refs: bool
) -> tuple[m.Inline, ...]:
    """The paragraph's inlines, character by character: marks, footnote references (when
    ``with_refs``), insertions and runs of one boldness."""
    pages = {p for p, _ in para.lines}
    items, refs = _items(para, with_refs)
    keys: list[tuple[Mark | None, Mark | None, Mark | None]] = []
    if not any(marks.covering.get(p) for p in pages):
        keys = [(None, None, None)] * len(items)  # nothing marks this paragraph's pages
    for ch, page, box, _bold in items if not keys else ():
        found: list[Mark | None] = [None, None, None]
        if box is not None and ch is not _PAGE:
            for mk in marks.covering.get(page, ()):
                slot = _SLOTS[mk.kind]
                if found[slot] is None and any(_inside(box, r) for r in mk.rects):
                    found[slot] = mk
        keys.append((found[0], found[1], found[2]))
    # a space or join between two characters of one mark belongs to it, else to none
    for k, (ch, _page, box, _b) in enumerate(items if any(any(x) for x in keys) else ()):
        if ch is not _PAGE and (box is None or str(ch).isspace()) and 0 < k < len(items) - 1:
            a, b = keys[k - 1], keys[k + 1]
            keys[k] = tuple(x if x is not None and x is y else None for x, y in zip(a, b))  # type: ignore[assignment]
    # caret insertions go after the character nearest their place
    inserts: dict[int, list[Mark]] = {}
    for page_no, mk in ((p, x) for p in sorted(pages) for x in marks.inserts.get(p, ())):
        if (page_no, mk.index) in marks.placed:
            continue
        rect = mk.rects[0]
        cx, cy = rect[0], (rect[1] + rect[3]) / 2
        best, dist = -1, 4 * max(para.size, 1.0)
        for k, (ch, page, box, _b) in enumerate(items):
            if box is None or ch is _PAGE or page != page_no:
                continue
            if not (box[1] - 2 <= cy <= box[3] + 2):
                continue
            d = abs(box[2] - cx)
            if d < dist:
                best, dist = k, d
        if best >= 0:
            marks.placed.add((page_no, mk.index))
            inserts.setdefault(best, []).append(mk)

    def text_runs(lo: int, hi: int) -> list[m.Inline]:
        out: list[m.Inline] = []
        buf: list[str] = []
        bold = False
        label = ""

        def flush() -> None:
            if buf:
                out.append(m.Text(clean_text("".join(buf)), bold=bold and not all_bold))
                buf.clear()

        for k in range(lo, hi):
            ch, page, _box, b = items[k]
            if refs[k]:
                label += str(ch)
                if k + 1 < hi and refs[k + 1]:
                    continue
                note = marks.note_labels.get((page, label))
                if note is not None:
                    flush()
                    out.append(m.NoteRef(note))
                    label = ""
                    continue
                ch, label = label, ""  # a raised number that is no reference: kept as text
            if ch is _PAGE:
                flush()
                out.append(m.PageMark(rendered=True))
            else:
                if b != bold:
                    flush()
                bold = b
                buf.append(str(ch))
            if k in inserts:
                flush()
                out.extend(
                    marks.revision(mk, (m.Text(clean_text(mk.text)),), "ins") for mk in inserts[k]
                )
        flush()
        return out

    def build(lo: int, hi: int, slot: int, again: _Build) -> list[m.Inline]:
        if slot == 3:
            return text_runs(lo, hi)
        out: list[m.Inline] = []
        k = lo
        while k < hi:
            mk = keys[k][slot]
            j = k
            while j < hi and keys[j][slot] is mk:
                j += 1
            children = tuple(again(k, j, slot + 1, again))
            if mk is None:
                out.extend(children)
            elif slot == 0:
                page = items[k][1]
                out.append(m.Comment(marks.infos[(page, mk.index)], children))
            elif slot == 1:
                out.append(marks.revision(mk, children, "del"))
            else:
                out.append(m.Link(children, mk.target))
            k = j
        return out

    # (build is handed itself to recurse: a closure naming itself is a reference cycle,
    # which would keep the paragraph's items alive until the cyclic collector's next pass)
    return tuple(build(0, len(items), 0, build))


def _distance(lines: Sequence[Line], y: float) -> float:
    """How far ``y`` is from the vertical span of ``lines``."""
    lo, hi = min(x.y0 for x in lines), max(x.y1 for x in lines)
    return 0.0 if lo <= y <= hi else min(abs(y - lo), abs(y - hi))


def _place_notes(paras: list[Para], marks: _Marks) -> dict[int, list[m.Comment]]:
    """Sticky notes: each at the end of the paragraph nearest to it on its page."""
    at: dict[int, list[m.Comment]] = {}
    for page, notes in marks.notes.items():
        on_page = [
            (k, [line for p, line in para.lines if p == page]) for k, para in enumerate(paras)
        ]
        on_page = [(k, lines) for k, lines in on_page if lines]
        if not on_page:
            continue
        for mk in notes:
            rect = mk.rects[0]
            cy = (rect[1] + rect[3]) / 2
            k = min(on_page, key=lambda entry: _distance(entry[1], cy))[0]
            at.setdefault(k, []).append(m.Comment(marks.infos[(page, mk.index)]))
    return at


# ----------------------------------------------------------------- the reader


def _table(run: TableRun) -> m.Table:
    def cell(frag: Line | None) -> m.Cell:
        text = clean_text(frag.text).strip() if frag is not None else ""
        return m.Cell((m.Paragraph((m.Text(text),)),) if text else ())

    return m.Table(
        tuple(
            m.Row(tuple(cell(f) for f in row), header=k == 0, page_mark=k in run.breaks)
            for k, row in enumerate(run.rows)
        )
    )


def _blocks(paras: list[Para], marks: _Marks) -> list[m.Block]:
    notes = _place_notes(paras, marks)
    out: list[m.Block] = []
    prev_page = 1
    for k, para in enumerate(paras):
        for _ in range(para.page - prev_page):
            out.append(m.PageBreak(rendered=True))
        prev_page = para.lines[-1][0]
        if para.table is not None:
            out.append(_table(para.table))
            continue
        inl = _inlines(para, marks, para.bold) + tuple(notes.get(k, ()))
        if para.kind == "heading":
            out.append(m.Heading(para.level, inl))
        elif para.kind == "item":
            out.append(m.ListItem(inl, depth=para.depth, ordered=para.ordered, label=para.label))
        else:
            out.append(m.Paragraph(inl))
    return out


def _page_paragraphs(page: int, lines: Sequence[Line]) -> list[Para]:
    """A page's paragraphs in reading order: column by column, a paragraph that a column
    break cuts mid-sentence kept whole."""
    groups: list[list[Para]] = []
    for block in blocks(lines):
        group: list[Para] = []
        for seg in segments(block):
            if isinstance(seg, TableRun):
                frags = tuple((page, f) for row in seg.rows for f in row if f is not None)
                group.append(Para(frags, kind="table", table=seg))
            else:
                group.extend(paragraphs(page, seg))
        groups.append(group)
    return [p for group in join_pages(groups) for p in group]


def read_pdf(
    source: bytes | str, limits: Limits, options: ReadOptions = DEFAULT_OPTIONS
) -> m.Document:
    """Read a PDF's text layer, structure and annotations into a document."""
    if isinstance(source, str):
        raise UnsupportedFormatError("a PDF is binary: pass its bytes (or a path), not a str")
    from dan.ocr import ocr_available

    content = load(source, limits, ocr=options.ocr == "auto" and ocr_available())
    return document_of(content, options, xmp_title(source))


def _no_text_layer(number: int, options: ReadOptions, ocr_ran: bool = False) -> m.Message:
    from dan.ocr import OCR_EXTRA

    if ocr_ran:
        how = "OCR found no text in its pictures"
    elif options.ocr == "off":
        how = "OCR is off (ocr='auto', or --ocr auto, reads such pages)"
    else:
        how = f"OCR needs the ocr extra: {OCR_EXTRA}"
    return m.Message(
        "no-text-layer",
        f"page {number} has pictures but no text layer (a scan?), so its text is missing: {how}",
        f"page {number}",
    )


def document_of(content: PdfContent, options: ReadOptions, title: str = "") -> m.Document:
    """The document of a read PDF (or of pages read by OCR from images)."""
    bodies, header, footer = split_running(content.pages)
    found: list[tuple[int, str, list[Line]]] = []
    for k, (page, lines) in enumerate(zip(content.pages, bodies)):
        bodies[k], on_page = split_footnotes(lines, page.height)
        found.extend((page.number, label, note) for label, note in on_page)
    per_page = [_page_paragraphs(page.number, lines) for page, lines in zip(content.pages, bodies)]
    paras = [p for page in join_pages(per_page) for p in page]
    paras = assign_headings(paras, content.outline)
    paras = keep_compound_hyphens(paras)
    marks = _Marks(content.pages, options.link_targets)
    repeated = Counter(label for _, label, _ in found)
    notes: list[m.Note] = []
    for page_no, label, note_lines in found:
        name = label if repeated[label] == 1 else f"{label}-p{page_no}"
        marks.note_labels[(page_no, label)] = name
        marks.note_pages.add(page_no)
        notes.append(
            m.Note(name, (m.Paragraph((m.Text(clean_text(join_lines(note_lines)).strip()),)),))
        )
    body = _blocks(paras, marks)
    # the body ends on the last page, so page numbers count every page
    last = paras[-1].lines[-1][0] if paras else 1
    body.extend(m.PageBreak(rendered=True) for _ in range(len(content.pages) - last))
    warnings = [
        _no_text_layer(page.number, options, page.ocr)
        for page in content.pages
        if not page.lines and page.images
    ]
    by_ocr = [page.number for page in content.pages if page.ocr and page.lines]
    if by_ocr:
        listed = ", ".join(str(n) for n in by_ocr)
        warnings.append(
            m.Message(
                "ocr",
                f"page{'s' if len(by_ocr) > 1 else ''} {listed} had no text layer and "
                f"{'were' if len(by_ocr) > 1 else 'was'} read by OCR: check the text",
                f"pages {listed}",
            )
        )
    warnings += [
        m.Message(
            "damaged-part",
            f"page {page.number} is damaged and could not be read; it is left empty (save the PDF "
            "again from the application that made it to recover it)",
            f"page {page.number}",
        )
        for page in content.pages
        if page.damaged
    ]
    if content.outline_damaged:
        warnings.append(
            m.Message(
                "damaged-part",
                "the outline (bookmarks) is damaged: read up to the damage",
                "outline",
            )
        )
    stories: tuple[tuple[m.HeaderFooterKind, list[str]], ...] = (
        ("header", header),
        ("footer", footer),
    )
    headers = [
        m.HeaderFooter(kind, tuple(m.Paragraph((m.Text(clean_text(t)),)) for t in texts))
        for kind, texts in stories
        if texts
    ]
    return m.Document(
        body=tuple(body),
        title=_title(content.title) or _title(title),
        headers=tuple(headers),
        notes=tuple(notes),
        warnings=tuple(warnings),
        paged=True,
    )
