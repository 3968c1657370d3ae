"""From lines to paragraphs, list items and headings.

* **Paragraphs.** Consecutive lines of a page belong together unless the step between their
  baselines is clearly larger than the page's usual line pitch, the next line starts
  above the previous one (a new column), their font size or weight changes, the next line
  starts a list item, or the previous line ends a sentence short of the right margin or
  before an indented first line. A paragraph that ends a page without ending its sentence
  goes on at the top of the next page when that starts in lower case.
* **Lines joined.** With a space, except after a hyphen at the end of a line: the word is
  joined, without the hyphen when a broken word's, with it when a compound's (the rules
  are in :mod:`dan.readers.pdf.hyphens`).
* **List items.** A paragraph starting with a bullet (``•``, ``–``, ``*``...) or a number or
  letter label (``3.``, ``a)``, ``(iv)``); the depth follows its indentation.
* **Headings.** From the outline (bookmarks) when most of its entries match a paragraph;
  otherwise short paragraphs set larger than the body text, or bold at its size, not ending
  in a full stop: levels by size, largest first.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from attrs import evolve, frozen

from dan.readers.pdf.tables import TableRun
from dan.readers.pdf.values import Line, OutlineEntry, body_size

__all__ = ["Para", "assign_headings", "join_lines", "join_pages", "paragraphs"]

_BULLET = re.compile(r"^([•◦▪▫‣⁃●○■□·∙➢►▸❖✓✔\-–—*])\s+(?=\S)")
_NUMBER = re.compile(r"^(\(?(?:\d{1,3}|[a-zA-Z]|[ivxIVX]{1,5})[.)])\s+(?=\S)")
_LEADER = re.compile(r"(?:\. ?){4,}|…{2,}|_{4,}")
_END = re.compile(r"[.!?:;…\"”’)\]]\s*$")
#: A heading is at most this many lines and characters.
HEADING_LINES = 3
HEADING_CHARS = 250
#: Font size over the body's that makes a short paragraph a heading.
HEADING_RATIO = 1.12
MAX_LEVEL = 6


@frozen(slots=True)
class Para:
    """Lines that make one block, each with its page number; ``kind`` is ``para``,
    ``item`` (``label``, ``ordered``, ``depth``), ``heading`` (``level``) or ``table``
    (``table`` holds its cells; ``lines`` its fragments)."""

    lines: tuple[tuple[int, Line], ...]
    kind: str = "para"
    label: str = ""
    ordered: bool = False
    depth: int = 0
    level: int = 0
    table: TableRun | None = None

    @property
    def text(self) -> str:
        return join_lines([line for _, line in self.lines])

    @property
    def first(self) -> Line:
        return self.lines[0][1]

    @property
    def page(self) -> int:
        return self.lines[0][0]

    @property
    def size(self) -> float:
        return Counter(line.size for _, line in self.lines).most_common(1)[0][0]

    @property
    def bold(self) -> bool:
        return all(line.bold for _, line in self.lines)


def join_lines(lines: Sequence[Line]) -> str:
    out: list[str] = []
    for k, line in enumerate(lines):
        if k:
            out.append("" if lines[k - 1].hyphen else " ")
        out.append(line.text)
    return "".join(out)


def _pitch(lines: Sequence[Line]) -> float:
    """The page's usual step from one baseline to the next."""
    steps = [
        round(a.base - b.base, 1)
        for a, b in zip(lines, lines[1:])
        if 0 < a.base - b.base < 3 * max(a.size, 1.0) and abs(a.size - b.size) < 0.5
    ]
    return Counter(steps).most_common(1)[0][0] if steps else 0.0


def _starts_item(line: Line) -> bool:
    return bool(_BULLET.match(line.text) or _NUMBER.match(line.text))


def _breaks(a: Line, b: Line, pitch: float, right: float) -> bool:
    size = max(a.size, b.size, 1.0)
    step = a.base - b.base
    if step <= 0.1 * size:
        return True  # the next line is beside or above: another column or block
    if step > max(pitch * 1.3, size * 1.0) if pitch else step > 1.6 * size:
        return True
    if abs(a.size - b.size) > 0.08 * size or a.bold != b.bold:
        return True
    if _starts_item(b):
        return True
    ends = bool(_END.search(a.text))
    if ends and a.x1 < right - 2 * size:
        return True
    return ends and b.x0 > a.x0 + 0.8 * size


def paragraphs(page: int, lines: Sequence[Line]) -> list[Para]:
    """A page's body lines grouped into paragraphs and list items."""
    if not lines:
        return []
    pitch = _pitch(lines)
    right = max(line.x1 for line in lines)
    groups: list[list[Line]] = [[lines[0]]]
    for a, b in zip(lines, lines[1:]):
        head = groups[-1][0]
        # a list item goes on only in lines indented past its bullet
        if _breaks(a, b, pitch, right) or (
            _starts_item(head) and b.x0 <= head.x0 + 0.5 * max(b.size, 1.0)
        ):
            groups.append([b])
        else:
            groups[-1].append(b)
    left = min(line.x0 for line in lines)
    out: list[Para] = []
    for group in groups:
        para = Para(tuple((page, line) for line in group))
        first = group[0]
        match = _BULLET.match(first.text) or _NUMBER.match(first.text)
        if match:
            label = match.group(1)
            ordered = _NUMBER.match(first.text) is not None
            rest = first.tail(match.end())
            depth = max(0, min(5, round((first.x0 - left) / max(2 * first.size, 1.0))))
            para = Para(
                ((page, rest),) + para.lines[1:],
                kind="item",
                label=label if ordered else "",
                ordered=ordered,
                depth=depth,
            )
        out.append(para)
    return out


def join_pages(pages: Sequence[list[Para]]) -> list[list[Para]]:
    """Each page's (or column's) paragraphs, a paragraph that a page or column break cuts
    mid-sentence, or a table that goes on over it, moved whole onto the page or column it
    starts in (a table over three pages joins twice)."""
    out = [list(p) for p in pages]
    for nxt in range(1, len(out)):
        if not out[nxt]:
            continue
        holder = next((j for j in range(nxt - 1, -1, -1) if out[j]), None)
        if holder is None:
            continue
        last, first = out[holder][-1], out[nxt][0]
        if first.page - last.lines[-1][0] not in (0, 1):
            continue  # only across one break: an empty page between ends it
        if last.table is not None and first.table is not None:
            joined = last.table.then(first.table)
            if joined is not None:  # a table that goes on over the break
                out[holder][-1] = evolve(last, lines=last.lines + first.lines, table=joined)
                out[nxt] = out[nxt][1:]
            continue
        text = first.text
        if (
            last.kind in ("para", "item")
            and first.kind == "para"
            and not _END.search(last.text)
            and text[:1].islower()
            and abs(last.size - first.size) < 0.5
        ):
            out[holder][-1] = evolve(last, lines=last.lines + first.lines)
            out[nxt] = out[nxt][1:]
    return out


def _norm(text: str) -> str:
    return " ".join(re.sub(r"[^\w]+", " ", text.casefold()).split())


def _by_outline(paras: list[Para], outline: Sequence[OutlineEntry]) -> list[Para] | None:
    wanted: dict[str, list[OutlineEntry]] = {}
    for entry in outline:
        key = _norm(entry.title)
        if key:
            wanted.setdefault(key, []).append(entry)
    if not wanted:
        return None
    out = list(paras)
    used = 0
    for k, para in enumerate(paras):
        if (
            len(para.lines) > HEADING_LINES
            or para.kind == "table"
            or (para.kind == "item" and not para.ordered)
        ):
            continue
        key = _norm((para.label + " " if para.label else "") + para.text)
        entries = wanted.get(key)
        if not entries:
            continue
        hit = next((e for e in entries if e.page in (None, para.page)), None)
        if hit is None:
            continue
        entries.remove(hit)
        used += 1
        out[k] = _as_heading(para, min(hit.level, MAX_LEVEL))
    return out if used * 2 >= len(outline) else None


def _as_heading(para: Para, level: int) -> Para:
    if para.kind == "item" and para.label:
        first = para.first
        label = para.label + " "
        line = Line.of(
            label + first.text,
            ((first.box,) * len(label)) + first.boxes,
            (first.size,) * len(label) + first.sizes,
            (first.bold,) * len(label) + first.bolds,
            first.hyphen,
            first.base,
        )
        para = evolve(para, lines=((para.page, line),) + para.lines[1:])
    return evolve(para, kind="heading", level=level, label="", ordered=False, depth=0)


def _digit_share(text: str) -> float:
    visible = [c for c in text if not c.isspace()]
    return sum(c.isdigit() for c in visible) / len(visible) if visible else 0.0


def assign_headings(paras: list[Para], outline: Sequence[OutlineEntry]) -> list[Para]:
    """``paras`` with their headings marked (see the module docstring)."""
    if outline:
        found = _by_outline(paras, outline)
        if found is not None:
            return found
    body = body_size(line for para in paras for _, line in para.lines)
    if body <= 0:
        return paras
    cands: dict[int, tuple[float, bool]] = {}
    for k, para in enumerate(paras):
        if para.kind == "table":
            continue
        text = para.text
        if (
            len(para.lines) > HEADING_LINES
            or len(text) > HEADING_CHARS
            or not any(c.isalpha() for c in text)
        ):
            continue
        if text.rstrip().endswith((",", ";")) or (
            text.rstrip().endswith(".") and len(text.split()) > 6
        ):
            continue
        if _LEADER.search(text) or _digit_share(text) > 0.3:
            continue  # a table's row or a contents line (dot leaders, figures), not a heading
        size = para.size
        if size >= body * HEADING_RATIO or (para.bold and size >= body * 0.95 and len(text) <= 120):
            cands[k] = (round(size * 2) / 2, para.bold)
    ranks = sorted(set(cands.values()), key=lambda v: (-v[0], not v[1]))
    level = {v: min(i + 1, MAX_LEVEL) for i, v in enumerate(ranks)}
    out = list(paras)
    for k, v in cands.items():
        out[k] = _as_heading(paras[k], level[v])
    return out
