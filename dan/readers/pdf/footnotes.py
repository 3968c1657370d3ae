"""Footnotes where they are recognisable: small print at the bottom of a page whose labels
a raised, smaller number (or ``*``, ``†``, ``‡``, ``§``) in the page's text refers to.

A page's footnote area is the run of lines at its end, in its bottom third, set smaller
than the page's body text; it starts at the first of them that begins with a label, and
each line beginning with a label starts a note. Notes are kept only when the body of the
same page refers to their label; anything else stays body text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from dan.readers.pdf.values import Line, body_size

__all__ = ["SMALL", "is_reference", "split_footnotes"]

#: Footnote text and reference marks are at most this share of the body's font size.
SMALL = 0.85
#: The share of the page, from the bottom, a footnote area lies in.
BOTTOM = 1 / 3
_LABEL = re.compile(r"^(\d{1,3}|[*†‡§¶])\s*(?=\S)")
_MARK = set("0123456789*†‡§¶")


def is_reference(line: Line, k: int) -> bool:
    """Whether character ``k`` of ``line`` is part of a reference mark: smaller than the
    line's text and raised above its baseline."""
    if line.text[k] not in _MARK or line.size <= 0:
        return False
    box = line.boxes[k]
    return line.sizes[k] <= SMALL * line.size and box[1] > line.base + 0.2 * line.size


def references(lines: Sequence[Line]) -> set[str]:
    """The labels the lines' reference marks spell."""
    found: set[str] = set()
    for line in lines:
        run = ""
        for k in range(len(line.text)):
            if is_reference(line, k):
                run += line.text[k]
            elif run:
                found.add(run)
                run = ""
        if run:
            found.add(run)
    return found


def split_footnotes(
    lines: Sequence[Line], height: float
) -> tuple[list[Line], list[tuple[str, list[Line]]]]:
    """The page's body lines, and its footnotes as ``(label, lines)`` in order."""
    body = body_size(lines)
    if body <= 0 or height <= 0:
        return list(lines), []
    k = len(lines)
    while k > 0 and lines[k - 1].size <= SMALL * body and lines[k - 1].y1 <= height * BOTTOM:
        k -= 1
    tail = lines[k:]
    start = next((i for i, line in enumerate(tail) if _LABEL.match(line.text)), None)
    if start is None:
        return list(lines), []
    head = list(lines[: k + start])
    refs = references(head)
    notes: list[tuple[str, list[Line]]] = []
    for line in tail[start:]:
        match = _LABEL.match(line.text)
        if match:
            label = match.group(1)
            notes.append((label, [line.tail(match.end())]))
        else:
            notes[-1][1].append(line)
    if not notes or not all(label in refs for label, _ in notes):
        return list(lines), []
    return head, notes
