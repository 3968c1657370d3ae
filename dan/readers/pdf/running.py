"""Running headers and footers: lines near the top or bottom edge of a page that repeat,
digits aside, at the same place on most pages (a page number, a title, "Confidential")."""

from __future__ import annotations

import re
from collections.abc import Sequence

from dan.readers.pdf.values import Line, PageContent

__all__ = ["EDGE", "split_running"]

#: Share of the page height at the top and bottom where running lines live (9 % of A4 is
#: 76 pt: below the usual 1-inch margin of body text, above the usual footer).
EDGE = 0.09
#: Share of the pages with text a line must repeat on.
REPEAT = 0.5
_DIGITS = re.compile(r"\d+")
_ROMAN = re.compile(r"\b[ivxlc]{1,6}\b")


def _key(line: Line) -> str:
    text = " ".join(line.text.casefold().split())
    return _ROMAN.sub("#", _DIGITS.sub("#", text))


def _band(line: Line, page: PageContent) -> str | None:
    if page.height <= 0:
        return None
    if line.y0 >= page.height * (1 - EDGE):
        return "header"
    if line.y1 <= page.height * EDGE:
        return "footer"
    return None


def split_running(pages: Sequence[PageContent]) -> tuple[list[list[Line]], list[str], list[str]]:
    """Each page's body lines, and the texts of the running header and footer lines (as
    they first appear, in page order). A document of one page has none."""
    with_text = [p for p in pages if p.lines]
    counts: dict[tuple[str, str], set[int]] = {}
    for page in with_text:
        for line in page.lines:
            band = _band(line, page)
            if band is not None:
                counts.setdefault((band, _key(line)), set()).add(page.number)
    need = max(2, int(len(with_text) * REPEAT + 0.999))
    running = {key for key, seen in counts.items() if len(seen) >= need}
    bodies: list[list[Line]] = []
    texts: dict[str, list[str]] = {"header": [], "footer": []}
    shown: set[tuple[str, str]] = set()
    for page in pages:
        body: list[Line] = []
        keys = [(band, _key(x)) if (band := _band(x, page)) else None for x in page.lines]
        # a line sharing its baseline with text that does not repeat is part of that text
        # (a table's last row near the edge), not a running line
        kept = {round(x.base) for x, key in zip(page.lines, keys) if key not in running}
        for line, key in zip(page.lines, keys):
            if key in running and round(line.base) not in kept:
                if key not in shown:
                    shown.add(key)
                    texts[key[0]].append(line.text)
                continue
            body.append(line)
        bodies.append(body)
    return bodies, texts["header"], texts["footer"]
