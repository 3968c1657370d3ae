"""Roman numerals for list labels, shared by the HTML and DOCX readers."""

from __future__ import annotations

__all__ = ["roman"]

_ROMAN = (
    (1000, "m"),
    (900, "cm"),
    (500, "d"),
    (400, "cd"),
    (100, "c"),
    (90, "xc"),
    (50, "l"),
    (40, "xl"),
    (10, "x"),
    (9, "ix"),
    (5, "v"),
    (4, "iv"),
    (1, "i"),
)


def roman(n: int) -> str:
    """``n`` in lower-case Roman numerals (``""`` for ``n < 1``; callers bound ``n``)."""
    out = []
    for value, numeral in _ROMAN:
        while n >= value:
            out.append(numeral)
            n -= value
    return "".join(out)
