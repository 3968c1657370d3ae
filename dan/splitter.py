"""Cutting a unit that does not fit in the space left for it.

:func:`split_head` cuts the longest head off a unit whose Markdown fits in ``budget``
tokens, preferring sentence boundaries, then word boundaries, then token boundaries (moved
back to a character boundary that does not split a grapheme). Paragraph-like units are cut
on their inline pieces, so revisions, comments and emphasis cut by the boundary are closed
in the head and reopened in the rest. Table rows are cut between cells first, each part a
full row with the other cells left empty; code blocks between lines, each part re-fenced.
The rest is returned as a new unit whose token count is an estimate (``md`` empty): the
chunker renders and measures it when it is used.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable

from dan import tokenizer
from dan.inline import ATOM, BREAK, CELL, PAGE, TEXT, Piece, facts, plain_text, render
from dan.render import code_fence, row_markdown, row_plain
from dan.units import CODE, ROW, Unit

__all__ = ["split_head", "ensure_md"]

_OBJ = "\ufffc"  # stands for an indivisible piece (note reference, point comment)
_SENTENCE = re.compile(r"[.!?…]+[\"'”’)\]]*\s+|[。！？；]+\s*|\n+")
_WORD = re.compile(r"\s+")

Count = Callable[[str], int]


def ensure_md(unit: Unit, count: Count) -> None:
    """Render and measure a unit the splitter left unrendered."""
    if unit.md:
        return
    if unit.kind == ROW:
        unit.md = _quote(row_markdown(unit.cells), unit.quote)
    elif unit.kind == CODE:
        unit.md = _quote(code_fence(unit.code_lines, unit.code_lang), unit.quote)
    else:
        unit.md = _quote(unit.prefix + render(unit.pieces, unit.context), unit.quote)
    unit.tokens = count(unit.md)


def _quote(md: str, quote: int) -> str:
    if not quote:
        return md
    qp = "> " * quote
    return "\n".join(qp + line for line in md.split("\n"))


def split_head(unit: Unit, budget: int, count: Count) -> tuple[Unit, Unit | None]:
    """Cut the longest head of ``unit`` that renders in at most ``budget`` tokens.

    Returns ``(head, rest)``; ``rest`` is None when the whole unit fits. The head always
    holds some text (at least one character), even if that means exceeding ``budget``
    when the budget cannot hold the unit's own syntax; the caller re-measures.
    """
    ensure_md(unit, count)
    if unit.tokens <= budget:
        return unit, None
    if unit.kind == ROW:
        return _split_row(unit, budget, count)
    if unit.kind == CODE:
        return _split_code(unit, budget, count)
    return _split_pieces(unit, budget, count)


# ---------------------------------------------------------------------- inline pieces


class _Source:
    """The text of a piece list with offsets, for cutting at character positions."""

    def __init__(self, pieces: list[Piece]) -> None:
        self.pieces = pieces
        self.starts: list[int] = []
        chars: list[str] = []
        pos = 0
        for p in pieces:
            self.starts.append(pos)
            if p.kind == TEXT:
                chars.append(p.text)
                pos += len(p.text)
            elif p.kind == BREAK:
                chars.append("\n")
                pos += 1
            elif p.kind == ATOM:
                chars.append(_OBJ)
                pos += 1
        self.text = "".join(chars)

    def slice(self, a: int, b: int) -> list[Piece]:
        out: list[Piece] = []
        for p, s in zip(self.pieces, self.starts):
            if p.kind == TEXT:
                e = s + len(p.text)
                if e <= a or s >= b:
                    continue
                text = p.text[max(a, s) - s : min(b, e) - s]
                if text:
                    out.append(p._replace(text=text))
            elif p.kind == PAGE:
                if a < s < b:  # a page mark at the cut belongs to the rest
                    out.append(p)
            elif a <= s < b:
                out.append(p)
        return out


def _split_pieces(unit: Unit, budget: int, count: Count) -> tuple[Unit, Unit | None]:
    src = _Source(unit.pieces)
    text = src.text
    n = len(text)
    prefix = unit.prefix

    def render_part(b: int, with_prefix: str) -> str:
        return _quote(with_prefix + render(src.slice(0, _rstrip(text, b)), unit.context), unit.quote)

    def fits(b: int) -> bool:
        return count(render_part(b, prefix)) <= budget

    cut = _best_cut(text, n, fits, budget, count)
    if cut <= 0 or cut >= n:
        cut = _min_cut(text)
    head_end = _rstrip(text, cut)
    rest_start = _lstrip(text, cut)
    head = _part(unit, src.slice(0, head_end), prefix, 0, head_end, n)
    head.cont = unit.cont
    head.md = render_part(cut, prefix)
    if count(head.md) > budget and unit.context != CELL:
        # The budget cannot hold this unit's own syntax (tiny limits): drop the marks.
        plain = _quote(prefix + plain_text(src.slice(0, head_end)).strip(), unit.quote)
        if count(plain) <= budget or not prefix:
            head.md = plain
        else:
            head.md = _quote(plain_text(src.slice(0, head_end)).strip(), unit.quote)
    head.tokens = count(head.md)
    if rest_start >= n:
        return head, None
    rest = _part(unit, src.slice(rest_start, n), unit.cont_prefix, rest_start, n, n)
    rest.cont = True
    rest.md = ""
    rest.tokens = max(1, unit.tokens - head.tokens + 4)
    return head, rest


def _best_cut(text: str, n: int, fits: Callable[[int], bool], budget: int, count: Count) -> int:
    """The largest cut position (start of the rest) whose head fits, or 0.

    Only a window of the text that can hold ``budget`` tokens is searched (it grows when
    the whole window fits), so cutting a huge unit into many parts stays linear.
    """
    for pattern in (_SENTENCE, _WORD):
        window = min(n, max(256, budget * 8))
        while True:
            cuts = [mt.end() for mt in pattern.finditer(text, 0, window) if 0 < mt.end() < n]
            best = _largest_fitting(cuts, fits)
            if best and best == cuts[-1] and window < n:
                window = min(n, window * 2)
                continue
            break
        if best:
            return best
    # Inside a word: at a token boundary moved back to a grapheme boundary; when even one
    # grapheme is too large (a long emoji sequence in a tiny limit), at a code point.
    return _token_cut(text, fits, budget, count) or _token_cut(text, fits, budget, count, graphemes=False)


def _largest_fitting(cuts: list[int], fits: Callable[[int], bool]) -> int:
    """Binary search over increasing cut positions (fitting is monotone in length)."""
    lo, hi = 0, len(cuts) - 1
    best = 0
    while lo <= hi:
        mid = (lo + hi) // 2
        if fits(cuts[mid]):
            best = cuts[mid]
            lo = mid + 1
        else:
            hi = mid - 1
    return best


def _token_cut(text: str, fits: Callable[[int], bool], budget: int, count: Count, graphemes: bool = True) -> int:
    """Cut inside the first word at a token boundary moved back to a character boundary
    (a grapheme boundary unless ``graphemes`` is false)."""
    window = text[: max(64, budget * 16)]
    ids = tokenizer.encode(window)
    lo, hi, best = 1, min(len(ids), budget), 0
    while lo <= hi:
        mid = (lo + hi) // 2
        prefix = tokenizer.decode(ids[:mid])
        if prefix.endswith("\ufffd") and not window[: len(prefix)].endswith("\ufffd"):
            prefix = prefix[:-1]
        cut = _grapheme_floor(text, len(prefix)) if graphemes else min(len(prefix), len(text))
        if cut > 0 and fits(cut):
            best = cut
            lo = mid + 1
        else:
            hi = mid - 1
    return best


def _grapheme_floor(text: str, pos: int) -> int:
    """Move ``pos`` back so it does not fall inside a grapheme cluster."""
    pos = min(pos, len(text))
    while 0 < pos < len(text):
        ch = text[pos]
        prev = text[pos - 1]
        if (
            unicodedata.combining(ch)
            or ch in "\u200d\ufe0f\ufe0e"
            or prev == "\u200d"
            or "\U0001f3fb" <= ch <= "\U0001f3ff"
            or "\udc00" <= ch <= "\udfff"
            or unicodedata.category(ch) in ("Mn", "Me", "Mc")
        ):
            pos -= 1
            continue
        break
    return pos


def _min_cut(text: str) -> int:
    """Smallest sensible head: one grapheme."""
    pos = 1
    while pos < len(text) and _grapheme_floor(text, pos) != pos:
        pos += 1
    return pos


def _rstrip(text: str, pos: int) -> int:
    while pos > 0 and text[pos - 1].isspace():
        pos -= 1
    return pos


def _lstrip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    return pos


def _part(unit: Unit, pieces: list[Piece], prefix: str, a: int, b: int, n: int) -> Unit:
    part = unit.copy()
    part.pieces = pieces
    part.prefix = prefix
    part.plain = plain_text(pieces)
    part.facts = facts(pieces)
    part.note_refs = tuple(p.md[2:-1] for p in pieces if p.kind == ATOM and p.md.startswith("[^"))
    if not unit.group:
        part.group = f"P{id(unit)}" if unit.kind != "heading" else ""
    _part_pages(unit, part, a, b, n)
    return part


def _part_pages(unit: Unit, part: Unit, a: int, b: int, n: int) -> None:
    span = unit.page_last - unit.page
    if span <= 0 or n <= 0:
        return
    marks_before = 0
    marks_in = 0
    src_pos = 0
    has_marks = False
    for p in unit.pieces:
        if p.kind == PAGE:
            has_marks = True
            if src_pos < a:
                marks_before += 1
            elif src_pos < b:
                marks_in += 1
        elif p.kind == TEXT:
            src_pos += len(p.text)
        elif p.kind in (BREAK, ATOM):
            src_pos += 1
    if has_marks:
        part.page = unit.page + marks_before
        part.page_last = part.page + marks_in
    else:
        part.page = unit.page + (span + 1) * a // (n + 1)
        part.page_last = unit.page + (span + 1) * max(a, b - 1) // (n + 1)
    part.page = min(max(part.page, unit.page), unit.page_last)
    part.page_last = min(max(part.page_last, part.page), unit.page_last)


# ---------------------------------------------------------------------- rows and code


def _split_row(unit: Unit, budget: int, count: Count) -> tuple[Unit, Unit | None]:
    cells = unit.cells
    filled = [i for i, c in enumerate(cells) if c]

    def row_with(keep: set[int], replace: dict[int, list[Piece]] | None = None) -> list[list[Piece]]:
        out = []
        for i, c in enumerate(cells):
            if replace and i in replace:
                out.append(replace[i])
            else:
                out.append(c if i in keep else [])
        return out

    def md_of(row: list[list[Piece]]) -> str:
        return _quote(row_markdown(row), unit.quote)

    # Whole cells first.
    k = 0
    for j in range(1, len(filled) + 1):
        if count(md_of(row_with(set(filled[:j])))) <= budget:
            k = j
        else:
            break
    if 0 < k < len(filled):
        head_cells = row_with(set(filled[:k]))
        rest_cells = row_with(set(filled[k:]))
        return _row_parts(unit, head_cells, rest_cells, md_of, count)
    # The first filled cell alone is too large: cut it at sentence/word/token boundaries.
    first = filled[0]
    src = _Source(cells[first])
    text = src.text
    n = len(text)

    def cell_md(b: int) -> str:
        return md_of(row_with(set(), {first: src.slice(0, _rstrip(text, b))}))

    cut = _best_cut(text, n, lambda b: count(cell_md(b)) <= budget, budget, count)
    if cut <= 0 or cut >= n:
        cut = _min_cut(text)
    head_cells = row_with(set(), {first: src.slice(0, _rstrip(text, cut))})
    rest_first = src.slice(_lstrip(text, cut), n)
    rest_cells = row_with(set(filled[1:]), {first: rest_first} if rest_first else None)
    if not any(rest_cells):
        rest_cells = []
    return _row_parts(unit, head_cells, rest_cells, md_of, count)


def _row_parts(
    unit: Unit,
    head_cells: list[list[Piece]],
    rest_cells: list[list[Piece]],
    md_of: Callable[[list[list[Piece]]], str],
    count: Count,
) -> tuple[Unit, Unit | None]:
    head = unit.copy()
    head.cells = head_cells
    head_pieces = [p for c in head_cells for p in c]
    head.facts = facts(list(unit.pieces) + head_pieces)
    head.plain = row_plain(unit.lead, head_cells)
    head.md = md_of(head_cells)
    head.tokens = count(head.md)
    if not rest_cells or not any(rest_cells):
        return head, None
    rest = unit.copy()
    rest.cells = rest_cells
    rest.pieces = []
    rest_pieces = [p for c in rest_cells for p in c]
    rest.facts = facts(rest_pieces)
    rest.lead = ""
    rest.plain = row_plain("", rest_cells)
    rest.md = ""
    rest.tokens = max(1, unit.tokens - head.tokens + 8)
    rest.cont = True
    return head, rest


def _split_code(unit: Unit, budget: int, count: Count) -> tuple[Unit, Unit | None]:
    lines = unit.code_lines

    def md_of(ls: list[str]) -> str:
        return _quote(code_fence(ls, unit.code_lang), unit.quote)

    def fits(k: int) -> bool:
        return count(md_of(lines[:k])) <= budget

    k = _largest_fitting(list(range(1, len(lines))), fits) if len(lines) > 1 else 0
    if k:
        head_lines, rest_lines = lines[:k], lines[k:]
    else:
        # One line is too long: cut it like text.
        line = lines[0]
        n = len(line)

        def line_fits(b: int) -> bool:
            return count(md_of([line[: _rstrip(line, b)]])) <= budget

        cut = _best_cut(line, n, line_fits, budget, count)
        if cut <= 0 or cut >= n:
            cut = _min_cut(line)
        head_lines = [line[: _rstrip(line, cut)]]
        rest_lines = ([line[cut:]] if line[cut:].strip() else []) + lines[1:]
    head = unit.copy()
    head.code_lines = head_lines
    head.md = md_of(head_lines)
    head.plain = "\n".join(head_lines)
    head.tokens = count(head.md)
    if head.tokens > budget:
        head.md = _quote("\n".join(head_lines), unit.quote)  # tiny limits: drop the fence
        head.tokens = count(head.md)
    if not rest_lines:
        return head, None
    rest = unit.copy()
    rest.code_lines = rest_lines
    rest.plain = "\n".join(rest_lines)
    rest.md = ""
    rest.tokens = max(1, unit.tokens - head.tokens + 6)
    rest.cont = True
    return head, rest

