"""Everything dan reads through PDFium (``pypdfium2``): pages as lines of characters with
their boxes and fonts, annotations, links, the outline and the document information.

This is the only module that touches PDFium. It returns plain values
(:mod:`dan.readers.pdf.values`), holds one process-wide lock while PDFium runs (the library
is not thread-safe) and closes every handle it opens. Coordinates are PDF points with the
origin at the bottom left of the page, as PDFium gives them.
"""

from __future__ import annotations

import array
import ctypes
import math
import sys
import threading
from collections.abc import Callable
from typing import Any

from dan.errors import (
    CorruptDocumentError,
    EncryptedDocumentError,
    LimitExceededError,
    TextTooLargeError,
)
from dan.limits import Limits
from dan.readers.pdf.streams import check_streams
from dan.readers.pdf.values import Box, Line, Mark, OutlineEntry, PageContent, PdfContent

__all__ = ["load"]

#: PDFium is not thread-safe: every call into it holds this lock.
_LOCK = threading.Lock()

#: Annotation subtypes (``FPDF_ANNOT_*``) dan reads.
_TEXT, _LINK, _FREETEXT = 1, 2, 3
_HIGHLIGHT, _UNDERLINE, _SQUIGGLY, _STRIKEOUT, _CARET = 9, 10, 11, 12, 14
_MARKUP = {
    _HIGHLIGHT: "highlight",
    _UNDERLINE: "highlight",
    _SQUIGGLY: "highlight",
    _STRIKEOUT: "strike",
}
#: ``PDFACTION_URI``.
_ACTION_URI = 3
#: Annotations read per page, and characters of one annotation string.
MAX_ANNOTATIONS = 2_000
MAX_STRING = 100_000
#: Outline entries read, and their depth.
MAX_OUTLINE = 5_000
MAX_OUTLINE_DEPTH = 16
#: A gap wider than this many font sizes on a line ends a line fragment.
GAP = 2.0
#: Fonts whose name says bold.
_BOLD_NAMES = ("bold", "black", "heavy", "semibold", "demibold", "extrabold")
#: Ligatures PDFium may hand back as one code point.
_LIGATURES = {
    0xFB00: "ff",
    0xFB01: "fi",
    0xFB02: "fl",
    0xFB03: "ffi",
    0xFB04: "ffl",
    0xFB05: "st",
    0xFB06: "st",
}


def _pdfium() -> tuple[Any, Any]:
    import pypdfium2
    import pypdfium2.raw

    return pypdfium2, pypdfium2.raw


def load(data: bytes, limits: Limits, ocr: bool = False) -> PdfContent:
    """Read a whole PDF into plain values, or raise a ``DanError`` that says what to do;
    ``ocr``: a page with pictures and no text layer is rendered and read by OCR
    (:mod:`dan.ocr`, the ``ocr`` extra installed)."""
    check_streams(data, limits)
    pdfium, raw = _pdfium()
    with _LOCK:
        try:
            doc = pdfium.PdfDocument(data)
        except pdfium.PdfiumError as exc:
            if "password" in str(exc).lower():
                raise EncryptedDocumentError(
                    "the PDF is encrypted with a password; remove the password (or print it to a "
                    "new PDF) and convert again"
                ) from exc
            raise CorruptDocumentError(
                f"the PDF cannot be read ({exc}); check the file, or save it again from the "
                "application that made it"
            ) from exc
        try:
            return _read(doc, pdfium, raw, limits, ocr)
        finally:
            doc.close()


def _read(doc: Any, pdfium: Any, raw: Any, limits: Limits, ocr: bool = False) -> PdfContent:
    count = len(doc)
    if count > limits.max_pages:
        raise LimitExceededError(
            f"the PDF has {count:,} pages, more than Limits.max_pages={limits.max_pages:,}; raise "
            "the limit or split the PDF"
        )
    try:
        meta = doc.get_metadata_dict(skip_empty=True)
    except pdfium.PdfiumError:
        meta = {}
    outline, outline_ok = _outline(doc, raw)
    pages: list[PageContent] = []
    chars = 0
    for index in range(count):
        try:
            content = _page(doc, index, raw, limits.max_chars - chars, ocr)
        except pdfium.PdfiumError:
            content = PageContent(number=index + 1, width=0.0, height=0.0, lines=(), damaged=True)
        chars += sum(len(line.text) for line in content.lines)
        pages.append(content)
    return PdfContent(
        pages=tuple(pages),
        title=str(meta.get("Title", "")),
        outline=tuple(outline),
        outline_damaged=not outline_ok,
    )


def _outline(doc: Any, raw: Any) -> tuple[list[OutlineEntry], bool]:
    """The outline's entries in order, and False when it is damaged (a loop, or deeper or
    longer than dan reads): the entries before the damage are kept."""
    out: list[OutlineEntry] = []
    seen: set[int] = set()
    buf_size = 2 * 1024
    buf = (ctypes.c_ubyte * buf_size)()
    # an explicit stack (bookmark, level), children before the next sibling
    stack: list[tuple[Any, int]] = []
    first = raw.FPDFBookmark_GetFirstChild(doc.raw, None)
    if first:
        stack.append((first, 1))
    while stack:
        bm, level = stack.pop()
        address = ctypes.addressof(bm.contents)
        if address in seen or len(out) >= MAX_OUTLINE or level > MAX_OUTLINE_DEPTH:
            return out, False
        seen.add(address)
        n = raw.FPDFBookmark_GetTitle(bm, buf, buf_size)
        title = bytes(buf[: max(0, min(n, buf_size) - 2)]).decode("utf-16-le", errors="replace")
        dest = raw.FPDFBookmark_GetDest(doc.raw, bm)
        page = raw.FPDFDest_GetDestPageIndex(doc.raw, dest) if dest else -1
        if title.strip():
            out.append(OutlineEntry(title=title, level=level, page=page + 1 if page >= 0 else None))
        sibling = raw.FPDFBookmark_GetNextSibling(doc.raw, bm)
        if sibling:
            stack.append((sibling, level))
        child = raw.FPDFBookmark_GetFirstChild(doc.raw, bm)
        if child:
            stack.append((child, level + 1))
    return out, True


def _page(doc: Any, index: int, raw: Any, chars_left: int, ocr: bool = False) -> PageContent:
    """Page ``index`` (0-based) read and closed again (``PdfiumError`` when it cannot load);
    with ``ocr``, a page of pictures without a text layer is read by OCR."""
    number = index + 1
    page = doc[index]
    try:
        width, height = page.get_size()
        textpage = page.get_textpage()
        try:
            lines = _lines(textpage, raw, number, chars_left)
            marks = _annotations(doc, page, raw)
        finally:
            textpage.close()
        images = 0
        read_by_ocr = False
        if not lines:
            images = sum(
                1 for obj in page.get_objects(max_depth=2) if obj.type == raw.FPDF_PAGEOBJ_IMAGE
            )
            if images and ocr:
                from dan.ocr import MAX_PIXELS, OCR_DPI, ocr_lines

                # (a page of a huge size is rendered at a lower resolution, never past MAX_PIXELS)
                area = max(1.0, float(width) * float(height))
                scale = min(OCR_DPI / 72, (MAX_PIXELS / area) ** 0.5)
                picture = page.render(scale=scale).to_pil()
                lines = ocr_lines(picture, float(height), scale)
                read_by_ocr = True
    finally:
        page.close()
    return PageContent(
        number=number,
        width=float(width),
        height=float(height),
        lines=tuple(lines),
        marks=tuple(marks),
        images=images,
        ocr=read_by_ocr,
    )


def _font(raw: Any, tp: Any, i: int, buf: Any, cache: dict[bytes, bool]) -> bool:
    flags = ctypes.c_int(0)
    n = raw.FPDFText_GetFontInfo(tp, i, buf, len(buf), ctypes.byref(flags))
    name = bytes(buf[: max(0, min(n, len(buf)) - 1)])
    bold = cache.get(name)
    if bold is None:
        weight = raw.FPDFText_GetFontWeight(tp, i)
        lower = name.decode("latin-1").lower()
        bold = (
            weight >= 600
            or any(word in lower for word in _BOLD_NAMES)
            or bool(flags.value & (1 << 18))
        )
        cache[name] = bold
    return bold


_TEXT_OBJECT: Any = None


def _text_object(raw: Any) -> Any:
    """``FPDFText_GetTextObject`` returning the object's address as an int, so that telling
    one character's text object from the next costs no pointer cast."""
    global _TEXT_OBJECT
    if _TEXT_OBJECT is None:
        proto = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int)
        address = ctypes.cast(raw.FPDFText_GetTextObject, ctypes.c_void_p).value
        if address is None:  # pragma: no cover - a loaded library always has it
            raise CorruptDocumentError("PDFium lacks FPDFText_GetTextObject; reinstall pypdfium2")
        _TEXT_OBJECT = proto(address)
    return _TEXT_OBJECT


def _size(raw: Any, tp: Any, i: int, matrix: Any) -> float:
    """Character ``i``'s font size as printed: the text state's size times the vertical
    scale of its matrix (a PDF may set 1-point text and scale it by 8 in ``Tm``)."""
    size = float(raw.FPDFText_GetFontSize(tp, i))
    if raw.FPDFText_GetMatrix(tp, i, ctypes.byref(matrix)):
        scale = math.hypot(matrix.c, matrix.d)
        if scale > 0:
            size *= scale
    return round(size, 2)


def _codes(raw: Any, tp: Any, n: int) -> list[int] | None:
    """Every character's code point in one call, or None when the page's text does not map
    one code point to each character (then each is asked for)."""
    if n <= 0:
        return []
    buf = (ctypes.c_ushort * (2 * n + 1))()
    got = raw.FPDFText_GetText(tp, 0, n, buf)
    units = bytes(buf)[: max(0, got - 1) * 2]
    text = units.decode("utf-16-le", errors="surrogatepass")
    if len(text) != n:
        return None
    if len(units) != 2 * n:  # (a surrogate pair read as one code point: n all the same)
        return [ord(c) for c in text]
    # one UTF-16 unit for each character: the units are the code points
    codes = array.array("H")
    codes.frombytes(units)
    if sys.byteorder != "little":  # pragma: no cover - x86 and ARM Linux are little-endian
        codes.byteswap()
    return codes.tolist()


def _load_clines() -> Callable[..., list[Line]] | None:
    """The C loop over a page's characters (``dan.readers.pdf._clines``, built by
    ``scripts/compile.py``), or None in the pure-Python build."""
    if sys.platform == "win32" and sys.maxsize <= 2**32:  # pragma: no cover
        return None  # (32-bit Windows: PDFium's functions are __stdcall, the C loop's cdecl)
    try:
        from dan.readers.pdf import _clines
    except ImportError:
        return None
    return _clines.lines


#: The C twin of :func:`_py_lines`' loop, or None (then the Python loop runs).
_CLINES = _load_clines()
#: The PDFium functions the C loop calls, in the order it takes their addresses.
CLINES_FUNCTIONS = (
    "FPDFText_GetUnicode",
    "FPDFText_IsGenerated",
    "FPDFText_IsHyphen",
    "FPDFText_GetCharBox",
    "FPDFText_GetCharOrigin",
    "FPDFText_GetTextObject",
)
#: Their addresses (taken once from the ctypes bindings).
_FUNCTIONS: tuple[int, ...] | None = None


def _functions(raw: Any) -> tuple[int, ...]:
    """The addresses of the PDFium functions :mod:`dan.readers.pdf._clines` calls
    (:data:`CLINES_FUNCTIONS`)."""
    global _FUNCTIONS
    if _FUNCTIONS is None:
        found = [
            ctypes.cast(getattr(raw, name), ctypes.c_void_p).value for name in CLINES_FUNCTIONS
        ]
        if any(address is None for address in found):  # pragma: no cover - a loaded PDFium has them
            raise CorruptDocumentError(
                "PDFium lacks a text function dan reads; reinstall pypdfium2"
            )
        _FUNCTIONS = tuple(address for address in found if address is not None)
    return _FUNCTIONS


def _lines(textpage: Any, raw: Any, number: int, chars_left: int) -> list[Line]:
    """The page's characters grouped into lines where PDFium breaks them: by the C loop
    when it is built, else by the Python one (the same lines either way)."""
    tp = textpage.raw
    n = raw.FPDFText_CountChars(tp)
    if n > chars_left:
        raise TextTooLargeError(
            f"the PDF holds more than the {chars_left:,} characters of text left at page {number}; "
            "raise Limits.max_chars or convert fewer pages"
        )
    if _CLINES is None:
        return _py_lines(tp, raw, n)
    matrix = raw.FS_MATRIX()
    buf = (ctypes.c_char * 256)()
    fonts: dict[bytes, bool] = {}

    def style(i: int) -> tuple[bool, float]:
        return _font(raw, tp, i, buf, fonts), _size(raw, tp, i, matrix)

    address = ctypes.cast(tp, ctypes.c_void_p).value or 0
    return _CLINES(address, n, _codes(raw, tp, n), _functions(raw), style, Line.of, GAP)


def _py_lines(tp: Any, raw: Any, n: int) -> list[Line]:
    """The Python loop of :func:`_lines` over the ``n`` characters of text page ``tp``
    (``dan/readers/pdf/_clines.pyx`` is its C twin: change both together)."""
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    # made once: PDFium writes the box through these on every call
    p_left, p_right, p_bottom, p_top = (ctypes.byref(v) for v in (left, right, bottom, top))
    char_box = raw.FPDFText_GetCharBox
    drop = gap = 0.0
    matrix = raw.FS_MATRIX()
    buf = (ctypes.c_char * 256)()
    fonts: dict[bytes, bool] = {}
    lines: list[Line] = []
    text: list[str] = []
    boxes: list[Box] = []
    sizes: list[float] = []
    bolds: list[bool] = []
    hyphen = False
    last_obj: int | None = None
    bold = False
    size = 0.0

    ox, oy = ctypes.c_double(), ctypes.c_double()
    first = -1

    def flush(split: bool = False) -> None:
        nonlocal hyphen, first
        if first >= 0 and boxes:
            raw.FPDFText_GetCharOrigin(tp, first, ctypes.byref(ox), ctypes.byref(oy))
            lines.append(Line.of(text, boxes, sizes, bolds, hyphen, oy.value, split))
        text.clear()
        boxes.clear()
        sizes.clear()
        bolds.clear()
        hyphen = False
        first = -1

    hyphen_box: Box | None = (
        None  # a hyphen PDFium flagged, kept until we see where the word goes on
    )
    codes = _codes(raw, tp, n)
    text_object = _text_object(raw)
    for i in range(n):
        code = codes[i] if codes is not None else raw.FPDFText_GetUnicode(tp, i)
        if code in (0x0D, 0x0A):
            if code == 0x0A or raw.FPDFText_IsGenerated(tp, i) != 1:
                flush()
                hyphen_box = None
            continue
        if code in (0x02, 0xAD) or (code in (0x2D, 0xFFFE) and raw.FPDFText_IsHyphen(tp, i) == 1):
            char_box(tp, i, p_left, p_right, p_bottom, p_top)
            hyphen_box = (left.value, bottom.value, right.value, top.value)
            hyphen = True
            continue
        if code == 0 or code == 0xFFFE or (0xD800 <= code <= 0xDFFF):
            continue
        ch = _LIGATURES.get(code) or (chr(code) if code < 0x110000 else "\ufffd")
        if ch.isspace():
            if text and not text[-1].isspace():
                text.append(" ")
                boxes.append(boxes[-1])
                sizes.append(sizes[-1])
                bolds.append(bolds[-1])
            continue
        char_box(tp, i, p_left, p_right, p_bottom, p_top)
        box = (left.value, bottom.value, right.value, top.value)
        key = text_object(tp, i)
        if key != last_obj or key is None:
            # one text object has one font at one size
            bold = _font(raw, tp, i, buf, fonts)
            size = _size(raw, tp, i, matrix)
            drop, gap = 0.2 * size, GAP * max(size, 1.0)
            last_obj = key
        if boxes and box[3] < boxes[-1][1] - drop and box[0] < boxes[-1][0]:
            # the text went on to a lower line without a break (PDFium joins a word
            # hyphenated at a line end): end the line here
            flush()
            hyphen_box = None
        elif boxes and box[0] - boxes[-1][2] > gap and box[1] < boxes[-1][3]:
            # a wide gap on the same line (a column gutter, a table's cells): a fragment
            # ends here; the layout joins fragments again unless they are columns
            flush(split=True)
            hyphen_box = None
        elif hyphen_box is not None:
            # a flagged hyphen inside a line is a real one
            text.append("-")
            boxes.append(hyphen_box)
            sizes.append(size)
            bolds.append(bold)
        hyphen = False
        hyphen_box = None
        if first < 0:
            first = i
        for part in ch:
            text.append(part)
            boxes.append(box)
            sizes.append(size)
            bolds.append(bold)
    flush()
    return lines


def _string(raw: Any, annot: Any, key: str) -> str:
    size = raw.FPDFAnnot_GetStringValue(annot, key.encode("ascii"), None, 0)
    if size <= 2:
        return ""
    size = min(size, 2 * MAX_STRING + 2)
    buf = (ctypes.c_ubyte * size)()
    raw.FPDFAnnot_GetStringValue(
        annot, key.encode("ascii"), ctypes.cast(buf, ctypes.POINTER(raw.FPDF_WCHAR)), size
    )
    return bytes(buf).decode("utf-16-le", errors="replace").rstrip("\x00")


def _rect(raw: Any, annot: Any) -> Box | None:
    r = raw.FS_RECTF()
    if not raw.FPDFAnnot_GetRect(annot, ctypes.byref(r)):
        return None
    return (min(r.left, r.right), min(r.top, r.bottom), max(r.left, r.right), max(r.top, r.bottom))


def _quads(raw: Any, annot: Any) -> list[Box]:
    out: list[Box] = []
    count = min(raw.FPDFAnnot_CountAttachmentPoints(annot), 1_000)
    q = raw.FS_QUADPOINTSF()
    for k in range(count):
        if raw.FPDFAnnot_GetAttachmentPoints(annot, k, ctypes.byref(q)):
            xs = (q.x1, q.x2, q.x3, q.x4)
            ys = (q.y1, q.y2, q.y3, q.y4)
            out.append((min(xs), min(ys), max(xs), max(ys)))
    return out


def _uri(doc: Any, raw: Any, annot: Any) -> str:
    link = raw.FPDFAnnot_GetLink(annot)
    if not link:
        return ""
    action = raw.FPDFLink_GetAction(link)
    if not action or raw.FPDFAction_GetType(action) != _ACTION_URI:
        return ""
    size = raw.FPDFAction_GetURIPath(doc.raw, action, None, 0)
    if size <= 1 or size > 8192:
        return ""
    buf = (ctypes.c_char * size)()
    raw.FPDFAction_GetURIPath(doc.raw, action, buf, size)
    return bytes(buf).split(b"\x00", 1)[0].decode("utf-8", errors="replace")


def _annotations(doc: Any, page: Any, raw: Any) -> list[Mark]:
    marks: list[Mark] = []
    handles: list[Any] = []
    count = min(raw.FPDFPage_GetAnnotCount(page.raw), MAX_ANNOTATIONS)
    try:
        for index in range(count):
            annot = raw.FPDFPage_GetAnnot(page.raw, index)
            if not annot:
                continue
            handles.append(annot)
            subtype = raw.FPDFAnnot_GetSubtype(annot)
            rect = _rect(raw, annot)
            if rect is None:
                continue
            parent = raw.FPDFAnnot_GetLinkedAnnot(annot, b"IRT")
            reply_to = -1
            if parent:
                reply_to = raw.FPDFPage_GetAnnotIndex(page.raw, parent)
                raw.FPDFPage_CloseAnnot(parent)
            if subtype == _LINK:
                target = _uri(doc, raw, annot)
                if target:
                    marks.append(Mark(kind="link", index=index, rects=(rect,), target=target))
                continue
            if subtype in _MARKUP:
                kind = _MARKUP[subtype]
                rects = tuple(_quads(raw, annot)) or (rect,)
            elif subtype in (_TEXT, _FREETEXT):
                kind, rects = "note", (rect,)
            elif subtype == _CARET:
                kind, rects = "insert", (rect,)
            else:
                continue
            marks.append(
                Mark(
                    kind=kind,
                    index=index,
                    rects=rects,
                    author=_string(raw, annot, "T"),
                    date=_string(raw, annot, "M"),
                    text=_string(raw, annot, "Contents"),
                    reply_to=reply_to,
                )
            )
    finally:
        for annot in handles:
            raw.FPDFPage_CloseAnnot(annot)
    return marks
