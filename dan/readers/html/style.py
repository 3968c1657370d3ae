"""The few CSS facts the HTML reader reads from inline ``style`` attributes.

Only declarations that change what a reader of the text sees are understood: hiding
(``display:none``, ``visibility:hidden``), emphasis (``font-weight``, ``font-style``)
and explicit page breaks (``page-break-before/after: always``, ``break-before/after:
page``). Stylesheets and selectors are not evaluated.
"""

from __future__ import annotations

import re

from attrs import frozen

__all__ = ["InlineStyle", "parse_style", "NO_STYLE"]

_DECL = re.compile(r"([a-zA-Z-]+)\s*:\s*([^;]*)")
_PAGE_VALUES = frozenset({"always", "page", "left", "right", "recto", "verso"})
_BOLD_WORDS = frozenset({"bold", "bolder"})
_NORMAL_WORDS = frozenset({"normal", "lighter"})
#: Longest style attribute examined; longer ones are cut (hostile input).
MAX_STYLE_CHARS = 4096


@frozen(slots=True)
class InlineStyle:
    """What an element's ``style`` attribute says; ``None`` means "not set, inherit"."""

    hidden: bool = False
    bold: bool | None = None
    italic: bool | None = None
    break_before: bool = False
    break_after: bool = False


NO_STYLE = InlineStyle()


def _weight(value: str) -> bool | None:
    if value in _BOLD_WORDS:
        return True
    if value in _NORMAL_WORDS:
        return False
    if value.isdigit():
        return int(value) >= 600
    return None


def parse_style(style: str) -> InlineStyle:
    """Parse an inline ``style`` attribute (unknown declarations are ignored)."""
    if not style or ":" not in style:
        return NO_STYLE
    hidden = False
    bold: bool | None = None
    italic: bool | None = None
    before = after = False
    for name, raw in _DECL.findall(style[:MAX_STYLE_CHARS]):
        name = name.lower()
        value = raw.replace("!important", "").strip().lower()
        if name == "display" and value == "none":
            hidden = True
        elif name == "visibility" and value in ("hidden", "collapse"):
            hidden = True
        elif name == "font-weight":
            bold = _weight(value)
        elif name == "font-style":
            italic = value in ("italic", "oblique") if value else None
        elif name == "font":
            words = value.split()
            if "bold" in words or any(w.isdigit() and int(w) >= 600 for w in words if len(w) == 3):
                bold = True
            if "italic" in words or "oblique" in words:
                italic = True
        elif name in ("page-break-before", "break-before") and value in _PAGE_VALUES:
            before = True
        elif name in ("page-break-after", "break-after") and value in _PAGE_VALUES:
            after = True
    if not (hidden or before or after) and bold is None and italic is None:
        return NO_STYLE
    return InlineStyle(
        hidden=hidden, bold=bold, italic=italic, break_before=before, break_after=after
    )
