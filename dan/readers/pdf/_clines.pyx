# cython: language_level=3, boundscheck=False, wraparound=False
"""A page's characters grouped into lines, read from PDFium in C (optional:
``scripts/compile.py`` builds it).

:func:`lines` is the C twin of the loop of :func:`dan.readers.pdf.pdfium._py_lines`: the
same steps in the same order, but it calls PDFium's text functions straight through their
addresses (which the caller takes from ``pypdfium2``'s ctypes bindings), where the Python
loop pays a ctypes call for every character's box and text object. Nothing is linked
against PDFium here: the addresses are those of the library ``pypdfium2`` loaded. The
font of a text object (rare: once per object) is still asked for through the caller's
``style``; lines are still made by ``Line.of``. ``tests/dan/test_pdf_clines.py`` checks
that both loops give the same lines.
"""

from cpython.unicode cimport Py_UNICODE_ISSPACE
from libc.stdint cimport uintptr_t

ctypedef unsigned int (*unicode_f)(void*, int)
ctypedef int (*flag_f)(void*, int)
ctypedef int (*box_f)(void*, int, double*, double*, double*, double*)
ctypedef int (*origin_f)(void*, int, double*, double*)
ctypedef void* (*object_f)(void*, int)

#: Ligatures PDFium may hand back as one code point (``pdfium._LIGATURES``).
cdef dict _LIGATURES = {
    0xFB00: "ff",
    0xFB01: "fi",
    0xFB02: "fl",
    0xFB03: "ffi",
    0xFB04: "ffl",
    0xFB05: "st",
    0xFB06: "st",
}


def lines(uintptr_t page, int n, list codes, tuple functions, object style, object make, double gap_fonts):
    """The lines of the text page at address ``page`` (``n`` characters): ``codes`` are its
    code points from one ``FPDFText_GetText`` (or None: each is asked for); ``functions``
    the addresses of ``FPDFText_GetUnicode``, ``_IsGenerated``, ``_IsHyphen``,
    ``_GetCharBox``, ``_GetCharOrigin`` and ``_GetTextObject``; ``style(i)`` gives the
    ``(bold, size)`` of character ``i``'s text object; ``make`` is ``Line.of``;
    ``gap_fonts`` is ``pdfium.GAP``."""
    cdef void* tp = <void*>page
    cdef unicode_f get_unicode = <unicode_f><uintptr_t>functions[0]
    cdef flag_f is_generated = <flag_f><uintptr_t>functions[1]
    cdef flag_f is_hyphen = <flag_f><uintptr_t>functions[2]
    cdef box_f char_box = <box_f><uintptr_t>functions[3]
    cdef origin_f char_origin = <origin_f><uintptr_t>functions[4]
    cdef object_f text_object = <object_f><uintptr_t>functions[5]
    # PDFium writes a box or an origin through these; a call that fails leaves them as they
    # were, as the Python loop's ctypes doubles are left
    cdef double left = 0.0, right = 0.0, bottom = 0.0, top = 0.0, ox = 0.0, oy = 0.0
    cdef double drop = 0.0, gap = 0.0, csize = 0.0
    cdef double lx0 = 0.0, ly0 = 0.0, lx1 = 0.0, ly1 = 0.0  # boxes[-1]
    cdef double hx0 = 0.0, hy0 = 0.0, hx1 = 0.0, hy1 = 0.0  # hyphen_box
    cdef bint has_hyphen_box = False, hyphen = False, last_space = False
    cdef uintptr_t key, last_obj = 0
    cdef Py_ssize_t i, first = -1, k, count
    cdef unsigned long code
    cdef list out = []
    cdef list text = [], boxes = [], sizes = [], bolds = []
    cdef object size = 0.0, bold = False, box, ch
    for i in range(n):
        if codes is not None:
            code = codes[i]
        else:
            code = get_unicode(tp, <int>i)
        if code == 0x0D or code == 0x0A:
            if code == 0x0A or is_generated(tp, <int>i) != 1:
                if first >= 0 and boxes:
                    char_origin(tp, <int>first, &ox, &oy)
                    out.append(make(text, boxes, sizes, bolds, hyphen, oy, False))
                text, boxes, sizes, bolds = [], [], [], []
                hyphen = False
                first = -1
                has_hyphen_box = False
            continue
        if code == 0x02 or code == 0xAD or ((code == 0x2D or code == 0xFFFE) and is_hyphen(tp, <int>i) == 1):
            char_box(tp, <int>i, &left, &right, &bottom, &top)
            hx0, hy0, hx1, hy1 = left, bottom, right, top
            has_hyphen_box = True
            hyphen = True
            continue
        if code == 0 or code == 0xFFFE or (0xD800 <= code <= 0xDFFF):
            continue
        ch = _LIGATURES.get(code)
        if ch is None:
            if code >= 0x110000:
                ch = "\ufffd"
            elif Py_UNICODE_ISSPACE(<Py_UCS4>code):
                if text and not last_space:
                    text.append(" ")
                    k = len(boxes) - 1  # (no negative indexes: wraparound is off)
                    boxes.append(boxes[k])
                    sizes.append(sizes[k])
                    bolds.append(bolds[k])
                    last_space = True
                continue
            else:
                ch = chr(code)
        char_box(tp, <int>i, &left, &right, &bottom, &top)
        key = <uintptr_t>text_object(tp, <int>i)
        if key != last_obj or key == 0:
            # one text object has one font at one size
            bold, size = style(i)
            csize = size
            drop = 0.2 * csize
            gap = gap_fonts * (1.0 if 1.0 > csize else csize)
            last_obj = key
        if boxes and top < ly0 - drop and left < lx0:
            # the text went on to a lower line without a break: end the line here
            char_origin(tp, <int>first, &ox, &oy)
            out.append(make(text, boxes, sizes, bolds, hyphen, oy, False))
            text, boxes, sizes, bolds = [], [], [], []
            first = -1
            has_hyphen_box = False
        elif boxes and left - lx1 > gap and bottom < ly1:
            # a wide gap on the same line: a fragment ends here
            char_origin(tp, <int>first, &ox, &oy)
            out.append(make(text, boxes, sizes, bolds, hyphen, oy, True))
            text, boxes, sizes, bolds = [], [], [], []
            first = -1
            has_hyphen_box = False
        elif has_hyphen_box:
            # a flagged hyphen inside a line is a real one
            text.append("-")
            boxes.append((hx0, hy0, hx1, hy1))
            sizes.append(size)
            bolds.append(bold)
        hyphen = False
        has_hyphen_box = False
        if first < 0:
            first = i
        box = (left, bottom, right, top)
        lx0, ly0, lx1, ly1 = left, bottom, right, top
        count = len(<str>ch)
        for k in range(count):
            text.append((<str>ch)[k])
            boxes.append(box)
            sizes.append(size)
            bolds.append(bold)
        last_space = False
    if first >= 0 and boxes:
        char_origin(tp, <int>first, &ox, &oy)
        out.append(make(text, boxes, sizes, bolds, hyphen, oy, False))
    return out
