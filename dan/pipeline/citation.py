"""The citation header: the first line of every chunk.

``[{doc_title}: {title} | {section_path}: {h1} > {h2} | {page_range}: {p}[-{q}][ (est.)]]``
using the labels of the chunk information fields. It uses at most
``max(8, max_tokens // 4)`` tokens: to fit, it drops outer headings first, then shortens
the title with ``…``, then drops the section; the pages always stay (when even the pages
and an ellipsis title do not fit, the title is dropped too).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from dan.fields import ChunkField
from dan.pipeline.inline import escape_text

__all__ = ["header_budget", "page_range", "citation_header"]


def header_budget(max_tokens: int) -> int:
    """Tokens the citation header may use for chunks of ``max_tokens``."""
    return max(8, max_tokens // 4)


def page_range(page: int, page_last: int) -> str:
    """``"3"`` or ``"3-4"``."""
    return str(page) if page_last <= page else f"{page}-{page_last}"


def _clean(text: str) -> str:
    text = " ".join(text.split())
    return escape_text(text.replace("[", "(").replace("]", ")").replace("|", "/"))


def _line(
    title_label: str, t: str | None, sect_label: str, hs: Sequence[str], page_part: str
) -> str:
    """The header line of a title (None: none), headings and page part."""
    parts = []
    if t is not None:
        parts.append(f"{title_label}: {t}")
    if hs:
        parts.append(f"{sect_label}: {' > '.join(hs)}")
    parts.append(page_part)
    return "[" + " | ".join(parts) + "]"


def citation_header(
    labels: Mapping[ChunkField, str],
    title: str,
    path: Sequence[str],
    page: int,
    page_last: int,
    estimated: bool,
    budget: int,
    count: Callable[[str], int],
) -> str:
    """The header line for a chunk, shortened to ``budget`` tokens as the rules say."""
    pages = page_range(page, page_last) + (" (est.)" if estimated else "")
    page_part = f"{labels[ChunkField.PAGE_RANGE]}: {pages}"
    title_label = labels[ChunkField.DOC_TITLE]
    sect_label = labels[ChunkField.SECTION_PATH]
    clean_title = _clean(title)
    heads = [h for h in (_clean(p) for p in path) if h]

    line = _line(title_label, clean_title, sect_label, heads, page_part)
    if count(line) <= budget:
        return line
    # 1. drop outer headings, keeping the innermost
    while len(heads) > 1:
        heads = heads[1:]
        line = _line(title_label, clean_title, sect_label, heads, page_part)
        if count(line) <= budget:
            return line
    # 2. shorten the title
    lo, hi, best = 0, len(clean_title) - 1, None
    while lo <= hi:
        mid = (lo + hi) // 2
        cand = _line(title_label, clean_title[:mid].rstrip() + "…", sect_label, heads, page_part)
        if count(cand) <= budget:
            best = cand
            lo = mid + 1
        else:
            hi = mid - 1
    if best is not None:
        return best
    # 3. drop the section
    line = _line(title_label, "…", sect_label, [], page_part)
    if count(line) <= budget:
        return line
    return _line(title_label, None, sect_label, [], page_part)
