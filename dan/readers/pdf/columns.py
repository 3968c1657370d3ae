"""Reading order on pages set in columns.

PDFium gives a page's lines in the order the PDF draws them, which is the reading order for
most PDFs word processors write, but not for one that draws a two-column page row by row.
A page is taken as set in two columns when a vertical gutter splits its lines into a left
and a right side, both *full* (their lines fill most of their column's width, unlike the
cells of a table) and side by side; lines that cross the gutter (a title, a full-width
figure caption) cut the page into bands. Each band is read left column first, then right,
each top to bottom. Any other page keeps PDFium's order.
"""

from __future__ import annotations

from collections.abc import Sequence

from dan.readers.pdf.values import Line

__all__ = ["blocks"]

#: Lines a page needs on each side before columns are considered.
MIN_SIDE_LINES = 3
#: A column's lines must be this full (median width / column width).
MIN_FILL = 0.6
#: Each column is at least this share of the text width, the gutter at most this share.
MIN_WIDTH = 0.3
MAX_GUTTER = 0.2
#: At most this share of the lines may cross the gutter.
MAX_CROSSING = 0.25


def _gutter(lines: Sequence[Line]) -> float | None:
    left = min(x.x0 for x in lines)
    right = max(x.x1 for x in lines)
    width = right - left
    if width <= 0:
        return None
    best: tuple[int, float] | None = None
    steps = 40
    x0s = [x.box[0] for x in lines]
    x1s = [x.box[2] for x in lines]
    spans = list(zip(x0s, x1s))
    for k in range(steps // 4, 3 * steps // 4 + 1):
        g = left + width * k / steps
        crossing = sum(1 for a, b in spans if a < g < b)
        if crossing > MAX_CROSSING * len(lines):
            continue
        n_left = sum(1 for b in x1s if b <= g)
        n_right = sum(1 for a in x0s if a >= g)
        if n_left < MIN_SIDE_LINES or n_right < MIN_SIDE_LINES:
            continue
        score = min(n_left, n_right)
        if best is None or score > best[0]:
            best = (score, g)
    if best is None:
        return None
    g = best[1]
    lefts = [x for x in lines if x.x1 <= g]
    rights = [x for x in lines if x.x0 >= g]
    # both sides wide and full, like running text, a narrow gutter between (a table's
    # cells are short, with wide gaps)
    left_edge = min(x.x0 for x in lefts)
    right_edge = max(x.x1 for x in rights)
    gap_l = max(x.x1 for x in lefts)
    gap_r = min(x.x0 for x in rights)
    if (
        min(gap_l - left_edge, right_edge - gap_r) < MIN_WIDTH * width
        or gap_r - gap_l > MAX_GUTTER * width
    ):
        return None
    if _median([x.x1 - x.x0 for x in lefts]) < MIN_FILL * (gap_l - left_edge):
        return None
    if _median([x.x1 - x.x0 for x in rights]) < MIN_FILL * (right_edge - gap_r):
        return None
    # side by side: their vertical extents overlap
    if min(x.y0 for x in lefts) > max(x.y1 for x in rights) or min(x.y0 for x in rights) > max(
        x.y1 for x in lefts
    ):
        return None
    return (gap_l + gap_r) / 2


def _median(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else 0.0


def blocks(lines: Sequence[Line]) -> list[list[Line]]:
    """The page's lines in reading order, as blocks: one block for a page in one column;
    for a page in columns, per band its left column, then its right, then the crossing
    lines. Fragments of a line (split at a wide gap) stay apart: :mod:`~dan.readers.pdf.tables`
    makes tables of them or joins them again."""
    if len(lines) < 2 * MIN_SIDE_LINES:
        return [list(lines)] if lines else []
    g = _gutter(lines)
    if g is None:
        return [list(lines)]
    out: list[list[Line]] = []
    left: list[Line] = []
    right: list[Line] = []
    wide = False  # the last block holds crossing lines

    def flush() -> None:
        nonlocal wide
        for side in (left, right):
            if side:
                out.append(sorted(side, key=lambda x: (-x.base, x.x0)))
                side.clear()
                wide = False

    for line in sorted(lines, key=lambda x: (-x.base, x.x0)):
        if line.x1 <= g:
            left.append(line)
        elif line.x0 >= g:
            right.append(line)
        else:
            flush()
            if wide:
                out[-1].append(line)
            else:
                out.append([line])
                wide = True
    flush()
    return out
