"""Page numbers for units: rendered where the source has them, estimated otherwise.

Rules: a page starts at every page boundary the renderer recorded (a
hard or section break immediately followed by a rendered break already counts once). If
the body carries rendered page breaks, those pages are the truth (``rendered``).
Otherwise explicit breaks are kept and the text between them is cut into pages of
:data:`PAGE_TOKENS` o200k tokens at unit boundaries (``estimated``); a unit larger than a
page covers several. Header and footer units get the first and last page of the sections
they are shown in and the section in force on their first page; a note gets the page and
section of its first reference.
"""

from __future__ import annotations

from bisect import bisect_right

from dan.pipeline.render import Rendered
from dan.pipeline.units import Unit

__all__ = ["PAGE_TOKENS", "paginate"]

#: Tokens of body text per estimated page.
PAGE_TOKENS = 650


def paginate(rendered: Rendered) -> str:
    """Assign ``page``/``page_last`` to every unit; return the page kind for the records."""
    units = rendered.units
    body = [u for u in units if u.story == "body"]
    estimated = not rendered.has_rendered
    page = 1
    fill = 0
    for u in body:
        if u.new_pages:
            page += u.new_pages
            fill = 0
        elif estimated and fill and fill + u.tokens > PAGE_TOKENS:
            page += 1
            fill = 0
        u.page = page
        extra = u.inner_pages
        if estimated:
            if extra:
                fill = 0
            else:
                total = fill + u.tokens
                over = (total - 1) // PAGE_TOKENS if total > PAGE_TOKENS else 0
                extra = over
                fill = total - over * PAGE_TOKENS
        u.page_last = page + extra
        page = u.page_last

    _story_pages(rendered, body)
    return "estimated" if estimated else "rendered"


def _story_pages(rendered: Rendered, body: list[Unit]) -> None:
    last_page = body[-1].page_last if body else 1
    ranges: dict[int, list[int]] = {}
    for u in body:
        r = ranges.get(u.wsection)
        if r is None:
            ranges[u.wsection] = [u.page, u.page_last]
        else:
            r[1] = max(r[1], u.page_last)
    starts = [u.page for u in body]

    def section_at(page: int) -> int:
        i = bisect_right(starts, page) - 1
        return body[i].section if i >= 0 else 1

    by_order = {u.order: u for u in body}
    note_ref: dict[str, Unit] = {}
    for u in body:
        for label in u.note_refs:
            note_ref.setdefault(label, u)

    for index, u in enumerate(rendered.units):
        if u.story == "body":
            continue
        if index in rendered.story_sections:
            sections, variant = rendered.story_sections[index]
            spans = [ranges[s] for s in sections if s in ranges]
            if not spans:
                spans = [[1, last_page]]
            first = min(s[0] for s in spans)
            last = max(s[1] for s in spans)
            if variant == "first":
                last = max(s[0] for s in spans)
            elif variant in ("even", "odd"):
                parity = 0 if variant == "even" else 1
                own_first = first + (first % 2 != parity)
                own_last = last - (last % 2 != parity)
                if own_first <= own_last:
                    first, last = own_first, own_last
            u.page, u.page_last = first, last
            u.section = section_at(first)
        else:
            note_label = rendered.note_labels.get(index)
            ref = note_ref.get(note_label) if note_label is not None else None
            if ref is None:
                ref = by_order.get(len(body) - 1)
            if ref is None:
                u.page = u.page_last = 1
                u.section = 1
            else:
                u.page = u.page_last = ref.page
                u.section = ref.section
