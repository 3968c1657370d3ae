"""styles.xml: what a paragraph or character style means for structure.

A paragraph style gives a heading level (a built-in ``heading N`` name, or an outline
level, which is how localized and custom heading styles are recognised), marks the
``Title`` style, and may carry list numbering, page-break-before, bold and italic. All of
it is inherited through ``basedOn``.
"""

from __future__ import annotations

import re

from attrs import frozen
from lxml import etree

from dan.readers.docx.ooxml import W, child, children_by_tag, int_val, on, val

__all__ = ["StyleInfo", "Styles", "paragraph_props"]

_HEADING_NAME = re.compile(r"heading\s*([1-9])$", re.I)


@frozen(slots=True)
class StyleInfo:
    """The structure-relevant properties of one style, inheritance resolved."""

    name: str = ""
    heading: int = 0
    title: bool = False
    num_id: str = ""
    ilvl: int = 0
    page_break_before: bool = False
    bold: bool | None = None
    italic: bool | None = None


_EMPTY = StyleInfo()


_OUTLINE_LVL, _NUM_PR, _NUM_ID, _ILVL, _PAGE_BREAK_BEFORE = (
    W.outlineLvl,
    W.numPr,
    W.numId,
    W.ilvl,
    W.pageBreakBefore,
)


def paragraph_props(
    ppr: etree._Element,
    heading: int,
    num_id: str,
    ilvl: int,
    pbb: bool,
    *,
    outline: bool = True,
    parts: dict[object, etree._Element] | None = None,
) -> tuple[int, str, int, bool]:
    """What a ``w:pPr`` (of a style or a paragraph) sets over the values it inherits: the
    heading level of its outline level (when ``outline``), its list numbering and its
    page-break-before; ``(heading, num_id, ilvl, pbb)``. ``parts`` is
    ``children_by_tag(ppr)`` when the caller has it already."""
    if parts is None:
        parts = children_by_tag(ppr)
    if outline:
        level_el = parts.get(_OUTLINE_LVL)
        if level_el is not None:
            level = int_val(level_el, 9)
            heading = level + 1 if 0 <= level < 9 else 0
    numpr = parts.get(_NUM_PR)
    if numpr is not None:
        num_id = val(child(numpr, _NUM_ID), num_id)
        ilvl = int_val(child(numpr, _ILVL), ilvl)
    flag = on(parts.get(_PAGE_BREAK_BEFORE))
    return heading, num_id, ilvl, pbb if flag is None else flag


class Styles:
    """Style lookup by id for paragraph and character styles."""

    def __init__(self, root: etree._Element | None) -> None:
        self._raw: dict[str, etree._Element] = {}
        self._resolved: dict[str, StyleInfo] = {}
        self.default_para = ""
        self.default_bold: bool | None = None
        self.default_italic: bool | None = None
        if root is None:
            return
        for st in root.iter(W.style):
            sid = st.get(W.styleId)
            if not sid:
                continue
            self._raw[sid] = st
            if st.get(W.type) == "paragraph" and st.get(W.default) in ("1", "true", "on"):
                self.default_para = sid
        rpr = root.find(f"{W.docDefaults}/{W.rPrDefault}/{W.rPr}")
        if rpr is not None:
            self.default_bold = on(rpr.find(W.b))
            self.default_italic = on(rpr.find(W.i))

    def numbering_styles(self) -> dict[str, str]:
        """Numbering (list) style id → the ``w:numId`` it links to."""
        out: dict[str, str] = {}
        for sid, el in self._raw.items():
            if el.get(W.type) == "numbering":
                num = el.find(f"{W.pPr}/{W.numPr}/{W.numId}")
                if num is not None:
                    out[sid] = val(num)
        return out

    def get(self, style_id: str | None) -> StyleInfo:
        """The resolved style (an empty one for unknown ids)."""
        if not style_id:
            style_id = self.default_para
            if not style_id:
                return _EMPTY
        found = self._resolved.get(style_id)
        if found is None:
            found = self._resolve(style_id, set())
        return found

    def _resolve(self, style_id: str, seen: set[str]) -> StyleInfo:
        found = self._resolved.get(style_id)
        if found is not None:
            return found
        el = self._raw.get(style_id)
        if el is None or style_id in seen or len(seen) > 50:
            return _EMPTY
        seen.add(style_id)
        base_id = val(el.find(W.basedOn))
        base = self._resolve(base_id, seen) if base_id else _EMPTY
        name = val(el.find(W.name))
        ppr = el.find(W.pPr)
        rpr = el.find(W.rPr)
        heading = base.heading
        title = False
        lowered = name.strip().lower()
        match = _HEADING_NAME.match(lowered)
        if match:
            heading = int(match.group(1))
        elif lowered == "title":
            title = True
            heading = 0
        num_id, ilvl, pbb = base.num_id, base.ilvl, base.page_break_before
        if ppr is not None:
            heading, num_id, ilvl, pbb = paragraph_props(
                ppr, heading, num_id, ilvl, pbb, outline=not match and not title
            )
        bold, italic = base.bold, base.italic
        if rpr is not None:
            b = on(rpr.find(W.b))
            i = on(rpr.find(W.i))
            bold = b if b is not None else bold
            italic = i if i is not None else italic
        info = StyleInfo(
            name, heading, title or base.title and not match, num_id, ilvl, pbb, bold, italic
        )
        self._resolved[style_id] = info
        return info
