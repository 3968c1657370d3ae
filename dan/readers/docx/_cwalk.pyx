# cython: language_level=3
"""The DOCX reader's C walk (optional: ``scripts/compile.py`` builds it).

:func:`table_rows` reads a table's row and cell properties, and :func:`simple_runs` a
paragraph's runs (and bookmarks), straight from the libxml2 nodes: without an lxml proxy per element or a
Python string per tag, they give what :mod:`dan.readers.docx.body`'s Python walk (``_rows``;
``_runs``, ``_run``, ``_add``) makes of them. :func:`simple_runs` reads a paragraph made of
runs of text, tabs, breaks and page marks only; anything else (a revision, a field, a
comment range or reference, a note reference, a symbol, a drawing, math, markup
compatibility, a content control, a hyperlink) returns None, and the Python walk reads the
paragraph. The Python walk is the reference: tests/dan/test_docx_cwalk.py compares the two.
"""
from lxml.includes cimport tree
from lxml.includes.tree cimport xmlNode, xmlAttr
cimport lxml.includes.etreepublic as cetree
from libc.string cimport strcmp, strlen
from cpython.unicode cimport PyUnicode_DecodeUTF8

from dan.readers.docx.ooxml import OFF

cetree.import_lxml__etree()

cdef const char* W = b"http://schemas.openxmlformats.org/wordprocessingml/2006/main"
cdef const char* M = b"http://schemas.openxmlformats.org/officeDocument/2006/math"
cdef const char* MC = b"http://schemas.openxmlformats.org/markup-compatibility/2006"

# item kinds, as body.py's _TEXT, _BREAK, _PAGE and _ANCHOR (compile-time constants here:
# body.py imports this module)
DEF TEXT = 0
DEF BREAK = 1
DEF PAGE = 2
DEF ANCHOR = 6

cdef inline str _utf8(const unsigned char* s):
    return PyUnicode_DecodeUTF8(<const char*>s, strlen(<const char*>s), NULL)

cdef inline bint in_ns(xmlNode* n, const char* ns):
    return n.ns is not NULL and n.ns.href is not NULL and strcmp(<const char*>n.ns.href, ns) == 0

cdef inline bint named(xmlNode* n, const char* name):
    return strcmp(<const char*>n.name, name) == 0

cdef str w_attr(xmlNode* n, const char* name):
    """The w:NAME attribute's value, or None."""
    cdef xmlAttr* a = n.properties
    cdef xmlNode* c
    while a is not NULL:
        if a.ns is not NULL and strcmp(<const char*>a.ns.href, W) == 0 and strcmp(<const char*>a.name, name) == 0:
            parts = []
            c = a.children
            while c is not NULL:
                if c.content is not NULL:
                    parts.append(_utf8(c.content))
                c = c.next
            return "".join(parts)
        a = a.next
    return None

cdef object on_off(xmlNode* n):
    v = w_attr(n, b"val")
    if v is None:
        return True
    return v.lower() not in OFF

cdef str text_of(xmlNode* n):
    """lxml's .text: the text and CDATA nodes before the first other child ('' when none)."""
    cdef xmlNode* c = n.children
    parts = []
    while c is not NULL and (c.type == tree.XML_TEXT_NODE or c.type == tree.XML_CDATA_SECTION_NODE):
        if c.content is not NULL:
            parts.append(_utf8(c.content))
        c = c.next
    return "".join(parts)

cdef xmlNode* first_w(xmlNode* parent, const char* name):
    """The first W child named ``name``, or NULL."""
    cdef xmlNode* c = parent.children
    while c is not NULL:
        if c.type == tree.XML_ELEMENT_NODE and in_ns(c, W) and named(c, name):
            return c
        c = c.next
    return NULL


cdef int run_items(xmlNode* r, list out):
    """Append a run's items; -1 when it holds something only the Python walk reads."""
    cdef xmlNode* k
    cdef xmlNode* p
    b = None
    i = None
    rstyle = ""
    # properties: the first w:rPr only (as body.py's loop)
    k = first_w(r, b"rPr")
    if k is not NULL:
        p = k.children
        while p is not NULL:
            if p.type == tree.XML_ELEMENT_NODE and in_ns(p, W):
                if named(p, b"b"):
                    b = on_off(p)
                elif named(p, b"i"):
                    i = on_off(p)
                elif named(p, b"rStyle"):
                    v = w_attr(p, b"val")
                    rstyle = "" if v is None else v
                elif named(p, b"vanish") or named(p, b"webHidden"):
                    if on_off(p):
                        return 0  # hidden text
                elif named(p, b"vertAlign"):
                    return -1  # a raised or lowered run: the Python walk writes its caret
            p = p.next
    k = r.children
    while k is not NULL:
        if k.type == tree.XML_ELEMENT_NODE:
            if not in_ns(k, W):
                if in_ns(k, MC):
                    return -1
            elif named(k, b"t") or named(k, b"delText"):
                s = text_of(k)
                if s:
                    out.append((TEXT, s, b, i, rstyle))
            elif named(k, b"rPr"):
                pass
            elif named(k, b"tab") or named(k, b"ptab"):
                out.append((TEXT, "\t", b, i, rstyle))
            elif named(k, b"br"):
                kind = w_attr(k, b"type")
                if kind == "page":
                    out.append((PAGE, False, None, None, ""))
                elif kind != "column":
                    out.append((BREAK, None, None, None, ""))
            elif named(k, b"lastRenderedPageBreak"):
                out.append((PAGE, True, None, None, ""))
            elif named(k, b"cr"):
                out.append((BREAK, None, None, None, ""))
            elif named(k, b"noBreakHyphen"):
                out.append((TEXT, "-", b, i, rstyle))
            elif (named(k, b"fldChar") or named(k, b"instrText") or named(k, b"sym")
                  or named(k, b"footnoteReference") or named(k, b"endnoteReference")
                  or named(k, b"commentReference") or named(k, b"drawing")
                  or named(k, b"pict") or named(k, b"object")):
                return -1
        k = k.next
    return 0

def simple_runs(cetree._Element p):
    """``(pPr or None, items)`` for a paragraph whose content is runs of text, tabs, breaks
    and page marks only (items: ``(kind, value, b, i, rstyle)``); None for any other."""
    cdef xmlNode* c = p._c_node.children
    cdef xmlNode* ppr = NULL
    cdef list out = []
    while c is not NULL:
        if c.type == tree.XML_ELEMENT_NODE:
            if in_ns(c, W):
                if named(c, b"r"):
                    if run_items(c, out) < 0:
                        return None
                elif named(c, b"pPr"):
                    if ppr is NULL:
                        ppr = c
                elif named(c, b"bookmarkStart"):
                    name = w_attr(c, b"name")
                    if name is not None:
                        out.append((ANCHOR, name, None, None, ""))
                elif (named(c, b"ins") or named(c, b"del") or named(c, b"moveFrom")
                      or named(c, b"moveTo") or named(c, b"hyperlink") or named(c, b"smartTag")
                      or named(c, b"customXml") or named(c, b"dir") or named(c, b"bdo")
                      or named(c, b"sdt") or named(c, b"fldSimple")
                      or named(c, b"commentRangeStart") or named(c, b"commentRangeEnd")):
                    return None
            elif in_ns(c, M) or in_ns(c, MC):
                return None
        c = c.next
    return (None if ppr is NULL else cetree.elementFactory(p._doc, ppr)), out


cdef object int_or(xmlNode* n, object default):
    """ooxml.int_val: the w:val attribute as Python's int() reads it, else ``default``."""
    v = w_attr(n, b"val")
    if v is None:
        v = ""
    try:
        return int(v)
    except ValueError:
        return default


cdef bint has_w_descendant(xmlNode* n, const char* name):
    cdef xmlNode* c = n.children
    while c is not NULL:
        if c.type == tree.XML_ELEMENT_NODE:
            if in_ns(c, W) and named(c, name):
                return True
            if has_w_descendant(c, name):
                return True
        c = c.next
    return False


cdef void w_children(xmlNode* parent, const char* name, list out):
    """body._children: the W children named ``name``, looking through content controls
    (their first w:sdtContent) and w:customXml, w:ins and w:del wrappers."""
    cdef xmlNode* c = parent.children
    cdef xmlNode* content
    while c is not NULL:
        if c.type == tree.XML_ELEMENT_NODE and in_ns(c, W):
            if named(c, name):
                out.append(<size_t>c)
            elif named(c, b"sdt"):
                content = first_w(c, b"sdtContent")
                if content is not NULL:
                    w_children(content, name, out)
            elif named(c, b"customXml") or named(c, b"ins") or named(c, b"del"):
                w_children(c, name, out)
        c = c.next


def table_rows(cetree._Element tbl):
    """What ``BodyReader.table`` reads of a ``w:tbl``'s rows before their cells' content:
    ``[(header, grid_before, page_mark, [(tc, span, vmerge), ...]), ...]``."""
    cdef list rows = []
    cdef list trs = []
    cdef list tcs
    cdef xmlNode* tr
    cdef xmlNode* tc
    cdef xmlNode* pr
    cdef xmlNode* prop
    cdef size_t addr
    w_children(tbl._c_node, b"tr", trs)
    for addr in trs:
        tr = <xmlNode*>addr
        header = False
        col = 0
        pr = first_w(tr, b"trPr")
        if pr is not NULL:
            prop = first_w(pr, b"tblHeader")
            header = bool(on_off(prop)) if prop is not NULL else False
            prop = first_w(pr, b"gridBefore")
            if prop is not NULL:
                col = int_or(prop, 0)
        page_mark = has_w_descendant(tr, b"lastRenderedPageBreak")
        cells = []
        tcs = []
        w_children(tr, b"tc", tcs)
        for addr in tcs:
            tc = <xmlNode*>addr
            span = 1
            vmerge = ""
            pr = first_w(tc, b"tcPr")
            if pr is not NULL:
                prop = first_w(pr, b"gridSpan")
                if prop is not NULL:
                    span = max(1, min(int_or(prop, 1), 64))
                prop = first_w(pr, b"vMerge")
                if prop is not NULL:
                    vmerge = w_attr(prop, b"val") or "continue"
            cells.append((cetree.elementFactory(tbl._doc, tc), span, vmerge))
        rows.append((header, col, page_mark, cells))
    return rows
