"""WordprocessingML names and small attribute helpers shared by the DOCX reader modules."""

from __future__ import annotations

from lxml import etree

__all__ = [
    "W_NS",
    "R_NS",
    "C_NS",
    "W",
    "W_DEL",
    "R",
    "C",
    "val",
    "on",
    "OFF",
    "int_val",
    "child",
    "first_child",
    "first_of",
    "children_by_tag",
    "STRICT_REWRITES",
]

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
W14_NS = "http://schemas.microsoft.com/office/word/2010/wordml"
W15_NS = "http://schemas.microsoft.com/office/word/2012/wordml"
MC_NS = "http://schemas.openxmlformats.org/markup-compatibility/2006"
M_NS = "http://schemas.openxmlformats.org/officeDocument/2006/math"
C_NS = "http://schemas.openxmlformats.org/drawingml/2006/chart"

#: Strict OOXML namespaces rewritten to their Transitional equivalents before parsing.
STRICT_REWRITES: tuple[tuple[bytes, bytes], ...] = (
    (b"http://purl.oclc.org/ooxml/wordprocessingml/main", W_NS.encode()),
    (b"http://purl.oclc.org/ooxml/officeDocument/relationships", R_NS.encode()),
    (b"http://purl.oclc.org/ooxml/officeDocument/math", M_NS.encode()),
    (b"http://purl.oclc.org/ooxml/drawingml/chart", C_NS.encode()),
    (
        b"http://purl.oclc.org/ooxml/drawingml/wordprocessingDrawing",
        b"http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing",
    ),
    (
        b"http://purl.oclc.org/ooxml/drawingml/main",
        b"http://schemas.openxmlformats.org/drawingml/2006/main",
    ),
)


class _Names:
    """``W.p`` is ``'{W_NS}p'``: Clark names for WordprocessingML tags and attributes."""

    def __init__(self, ns: str) -> None:
        self._ns = "{" + ns + "}"

    def __getattr__(self, name: str) -> str:
        value = self._ns + name
        setattr(self, name, value)
        return value


W = _Names(W_NS)
#: ``w:del`` (``del`` is a Python keyword, so it has no ``W.`` attribute).
W_DEL = "{" + W_NS + "}del"
R = _Names(R_NS)
W14 = _Names(W14_NS)
W15 = _Names(W15_NS)
MC = _Names(MC_NS)
M = _Names(M_NS)
C = _Names(C_NS)

#: The ``w:val`` values that switch an on/off property off (any case).
OFF = frozenset({"0", "false", "off", "none"})


def val(el: etree._Element | None, default: str = "") -> str:
    """The ``w:val`` attribute of ``el`` (``default`` when absent)."""
    if el is None:
        return default
    value: str = el.get(W.val, default)
    return value


def on(el: etree._Element | None) -> bool | None:
    """An on/off property: None when absent, else whether it is switched on."""
    if el is None:
        return None
    return el.get(W.val, "true").lower() not in OFF


def int_val(el: etree._Element | None, default: int = 0) -> int:
    """The ``w:val`` attribute as an int (``default`` when absent or not a number)."""
    if el is None:  # (most callers pass an optional property: no exception to raise)
        return default
    text: str = el.get(W.val, "")
    try:
        return int(text)
    except ValueError:
        return default


def child(el: etree._Element, tag: str) -> etree._Element | None:
    """The first child of ``el`` named ``tag``, or None: ``el.find(tag)`` for a plain tag
    name, without lxml's path machinery (half the time)."""
    return next(el.iterchildren(tag), None)


def first_child(el: etree._Element, tag: str) -> etree._Element | None:
    """:func:`child` for a tag the schema puts first (``w:pPr`` in a paragraph, ``w:tcPr``
    in a cell): the first child is looked at before the others are searched."""
    if len(el):
        head = el[0]
        if head.tag == tag:
            return head
    return child(el, tag)


def first_of(kids: list[etree._Element], tag: str) -> etree._Element | None:
    """:func:`first_child` on an element's children already listed (``list(el)``, for a
    caller that walks them next): the first named ``tag`` (the loop looks at the schema's
    place, the first, first)."""
    for kid in kids:
        if kid.tag == tag:
            return kid
    return None


def children_by_tag(el: etree._Element) -> dict[object, etree._Element]:
    """Each tag's first child of ``el``, by tag: ``el.find(tag)`` for every plain tag at
    once (one pass over a properties element instead of one search per property)."""
    found: dict[object, etree._Element] = {}
    for kid in el:
        found.setdefault(kid.tag, kid)
    return found
