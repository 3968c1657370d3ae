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
from bisect import bisect_left, bisect_right
from collections.abc import Callable

from dan import tokenizer
from dan.pipeline.inline import (
    ATOM,
    BREAK,
    CELL,
    PAGE,
    TEXT,
    Piece,
    Wrap,
    facts,
    plain_text,
    render,
)
from dan.pipeline.render import COVERED, cells_pieces, code_fence, row_markdown, row_plain
from dan.pipeline.units import CODE, ROW, Unit

__all__ = ["split_head", "ensure_md"]

_OBJ = "\ufffc"  # stands for an indivisible piece (note reference, point comment)
_SENTENCE = re.compile(r"[.!?…]+[\"'”’)\]]*\s+|[。！？；]+\s*|\n+")
_WORD = re.compile(r"\s+")
#: Code points a cut may move back to keep a grapheme cluster whole (Unicode's stream-safe
#: format allows 30 combining marks in a row; real emoji sequences are shorter).
_MAX_CLUSTER = 32

Count = Callable[[str], int]


def ensure_md(unit: Unit, count: Count) -> None:
    """Render and measure a unit the splitter left unrendered."""
    if unit.md:
        return
    if unit.src is not None:
        src = unit.src
        unit.pieces = src.slice(unit.start, len(src.text))
        unit.src = None
        unit.start = 0
        _set_facts(unit)
    if unit.kind == ROW:
        unit.md = _quote(row_markdown(unit.cells), unit.quote)
    elif unit.kind == CODE:
        if unit.start:
            unit.code_lines = unit.code_lines[unit.start :]
            unit.start = 0
        unit.md = _quote(code_fence(unit.code_lines, unit.code_lang), unit.quote)
        if not unit.plain:
            unit.plain = "\n".join(unit.code_lines)
            unit.pieces = [p._replace(text=unit.plain) for p in unit.pieces[:1]]
    else:
        unit.md = _quote(unit.prefix + render(unit.pieces, unit.context), unit.quote)
    unit.tokens = count(unit.md)


def _quote(md: str, quote: int) -> str:
    if not quote:
        return md
    qp = "> " * quote
    return "\n".join(qp + line for line in md.split("\n"))


def split_head(
    unit: Unit, budget: int, count: Count, whole_marks: bool = False
) -> tuple[Unit, Unit | None]:
    """Cut the longest head of ``unit`` that renders in at most ``budget`` tokens.

    Returns ``(head, rest)``; ``rest`` is None when the whole unit fits. The head always
    holds some text (at least one character), even if that means exceeding ``budget``
    when the budget cannot hold the unit's own syntax; the caller re-measures. With
    ``whole_marks`` (a chunk topped up with the next unit's head: it may as well not be)
    a head that could only fit by dropping its marks' notes is not cut: ``(unit, None)``.
    """
    if not (
        (unit.src is not None or unit.kind == CODE) and not unit.md and unit.tokens > 2 * budget
    ):
        # (a remainder that is clearly too large is cut without measuring all of it)
        ensure_md(unit, count)
        if unit.tokens <= budget:
            return unit, None
    if unit.kind == ROW:
        if not unit.table_header:
            unit = _as_body_row(unit, count)
            if unit.tokens <= budget:
                return unit, None
        return _split_row(unit, budget, count)
    if unit.kind == CODE:
        return _split_code(unit, budget, count)
    return _split_pieces(unit, budget, count, whole_marks)


# ---------------------------------------------------------------------- inline pieces


class _Source:
    """The text of a piece list with offsets, for cutting at character positions.

    Built once per cut unit and shared by all its parts: slicing is O(log n + k) and the
    remainder of a cut is rendered only when it is used.
    """

    def __init__(self, pieces: list[Piece], page: int, page_last: int, tokens: int = 0) -> None:
        self.pieces = pieces
        #: Exact tokens of the whole unit, for estimating the tokens of a remainder.
        self.tokens = tokens
        self.starts: list[int] = []
        self.marks: list[int] = []  # offsets of page marks
        self.page = page
        self.page_last = page_last
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
            elif p.kind == PAGE:
                self.marks.append(pos)
        self.text = "".join(chars)

    def slice(self, a: int, b: int) -> list[Piece]:
        """The pieces covering text offsets ``[a, b)``."""
        out: list[Piece] = []
        pieces, starts = self.pieces, self.starts
        i = max(0, bisect_left(starts, a) - 1)
        while i < len(pieces):
            p, s = pieces[i], starts[i]
            i += 1
            if s >= b and p.kind != PAGE or s > b:
                break
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

    def pages(self, a: int, b: int) -> tuple[int, int]:
        """First and last page of the text ``[a, b)``."""
        if self.marks:
            first = self.page + bisect_right(self.marks, a)
            last = self.page + bisect_left(self.marks, b)
        else:  # estimated pages: spread over the unit in proportion to its text
            span, n = self.page_last - self.page, len(self.text) + 1
            first = self.page + (span + 1) * a // n
            last = self.page + (span + 1) * max(a, b - 1) // n
        first = min(max(first, self.page), self.page_last)
        return first, min(max(last, first), self.page_last)


def _split_pieces(
    unit: Unit, budget: int, count: Count, whole_marks: bool = False
) -> tuple[Unit, Unit | None]:
    count = _remembering(count)  # a cut measures the same rendering more than once
    if unit.src is not None:
        src = unit.src
        start = unit.start
    else:
        src = _Source(unit.pieces, unit.page, unit.page_last, unit.tokens)
        start = 0
    text = src.text
    n = len(text)
    prefix = unit.prefix

    def render_part(b: int) -> str:
        return _quote(
            prefix + render(src.slice(start, _rstrip(text, b, start)), unit.context), unit.quote
        )

    def fits(b: int) -> bool:
        return count(render_part(b)) <= budget

    made: dict[Wrap, Wrap] = {}  # (one bare mark per mark: see _bare_marks)

    def bare(pieces: list[Piece]) -> list[Piece]:
        """``pieces`` with their change marks' notes left out (:func:`_bare_marks`)."""
        return [p._replace(stack=_bare_marks(p.stack, made)) for p in pieces]

    def render_bare(b: int) -> str:
        pieces = bare(src.slice(start, _rstrip(text, b, start)))
        return _quote(prefix + render(pieces, unit.context), unit.quote)

    cut = _best_cut(text, start, n, fits, budget, count)
    if cut <= start or cut >= n:
        cut = _min_cut(text, start)
    if unit.context != CELL and not fits(cut):
        # (tiny limits: the head cannot hold a mark's note) the text before the first mark
        # goes alone when it fits, so the mark starts the next part whole, with its note
        at = _first_change(src, start, cut)
        if at is not None and at > start and text[start:at].strip() and fits(at):
            cut = at
        elif whole_marks:
            return unit, None
        elif n - start <= 8 * budget and count(render_bare(n)) <= budget:  # the rest, bare
            cut = n
        else:  # the longest head that fits with its marks' brackets but not their notes
            bare_cut = _best_cut(
                text, start, n, lambda b: count(render_bare(b)) <= budget, budget, count
            )
            if start < bare_cut < n and bare_cut > cut:
                cut = bare_cut
    head_end = _rstrip(text, cut, start)
    rest_start = _lstrip(text, cut)
    head = unit.copy()
    head.src, head.start = None, 0
    head.pieces = src.slice(start, head_end)
    _set_facts(head)
    head.page, head.page_last = src.pages(start, head_end)
    if not unit.group and unit.kind != "heading":
        head.group = f"P{unit.order}"  # the parts of one unit join as one paragraph
    head.md = render_part(cut)
    if count(head.md) > budget and unit.context != CELL:
        # The budget cannot hold this unit's own syntax (tiny limits). First the notes go
        # (who and when: {--100--} without its {>>rev: …<<}, emphasis too), then the marks;
        # unmarked, a deletion's text goes with its mark, so deleted words never read as
        # the document's text.
        tried = (
            render(bare(head.pieces), unit.context),
            render([p._replace(stack=()) for p in head.pieces if not _deleted(p)], unit.context),
        )
        for candidate in (c for md in tried for c in (prefix + md, md)):
            candidate = _quote(candidate, unit.quote)
            if candidate.strip() and count(candidate) <= budget:
                head.md = candidate
                break
        else:
            if tried[1].strip():
                head.md = _quote(tried[1], unit.quote)
    head.tokens = count(head.md)
    if rest_start >= n:
        return head, None
    rest = head.copy()
    rest.src, rest.start = src, rest_start
    rest.pieces, rest.plain, rest.facts, rest.note_refs = [], "", None, ()
    rest.prefix = unit.cont_prefix
    rest.cont = True
    rest.anchors = ()  # (an anchor names where its block starts: the first part)
    rest.page, rest.page_last = src.pages(rest_start, n)
    rest.md = ""
    # Estimate from the whole unit's exact count (it does not drift over many cuts); the
    # chunker measures a remainder exactly once it is small enough to matter.
    rest.tokens = max(1, (src.tokens * (n - rest_start) + n - 1) // max(1, n) + 4)
    return head, rest


#: The marks that say what happened to text (and whose brackets stay when their notes do
#: not fit): insertions, deletions, commented text.
_CHANGES = ("ins", "del", "comment")


def _bare_marks(stack: tuple[Wrap, ...], made: dict[Wrap, Wrap]) -> tuple[Wrap, ...]:
    """``stack``'s change marks without their notes (``{--`` … ``--}``), others left out;
    ``made`` keeps one bare mark per mark, so pieces of one mark still render as one."""
    out = []
    for w in stack:
        if w.kind not in _CHANGES or not w.open:
            continue
        b = made.get(w)
        if b is None:
            b = made[w] = Wrap(
                w.kind,
                w.open,
                w.close[:3],
                key=w.key,
                author=w.author,
                note=w.note,
                thread=w.thread,
            )
        out.append(b)
    return tuple(out)


def _first_change(src: _Source, a: int, b: int) -> int | None:
    """The offset in ``[a, b)`` where the first piece inside a change mark starts."""
    i = max(0, bisect_right(src.starts, a) - 1)
    while i < len(src.pieces) and src.starts[i] < b:
        p = src.pieces[i]
        if p.kind == TEXT and p.text and any(w.kind in _CHANGES for w in p.stack):
            return max(a, src.starts[i])
        i += 1
    return None


def _deleted(piece: Piece) -> bool:
    return any(w.kind == "del" for w in piece.stack)


def _remembering(count: Count) -> Count:
    """``count`` remembering its answers for one cut (a few strings)."""
    seen: dict[str, int] = {}

    def counted(text: str) -> int:
        found = seen.get(text)
        if found is None:
            found = seen[text] = count(text)
        return found

    return counted


def _set_facts(unit: Unit) -> None:
    unit.plain = plain_text(unit.pieces)
    unit.facts = facts(unit.pieces)
    unit.note_refs = tuple(
        p.md[2:-1] for p in unit.pieces if p.kind == ATOM and p.md.startswith("[^")
    )


def _best_cut(
    text: str, start: int, n: int, fits: Callable[[int], bool], budget: int, count: Count
) -> int:
    """The largest cut position (start of the rest) whose head ``[start, cut)`` fits, or 0.

    Only a window of the text that can hold ``budget`` tokens is searched (it grows when
    the whole window fits), so cutting a huge unit into many parts stays linear.
    """
    for pattern in (_SENTENCE, _WORD):
        window = min(n, start + max(256, budget * 8))
        while True:
            cuts = [
                mt.end() for mt in pattern.finditer(text, start, window) if start < mt.end() < n
            ]
            best = _largest_fitting(cuts, fits)
            if best and best == cuts[-1] and window < n:
                window = min(n, start + 2 * (window - start))
                continue
            break
        if best:
            return best
    # Inside a word: at a token boundary moved back to a grapheme boundary; when even one
    # grapheme is too large (a long emoji sequence in a tiny limit), at a code point.
    return _token_cut(text, start, fits, budget) or _token_cut(
        text, start, fits, budget, graphemes=False
    )


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


def _token_cut(
    text: str, start: int, fits: Callable[[int], bool], budget: int, graphemes: bool = True
) -> int:
    """Cut inside the first word at a token boundary moved back to a character boundary
    (a grapheme boundary unless ``graphemes`` is false).

    Tries the largest token prefix the budget could hold first, so a cut usually costs one
    or two measurements; otherwise a binary search over the prefix length.
    """
    # A window of text that holds ``budget`` tokens: 4 characters a token first (most
    # text), 16 (the longest tokens) when that is not enough.
    window = text[start : start + max(64, budget * 4)]
    ids = tokenizer.encode(window)
    if len(ids) < budget and start + len(window) < len(text):
        window = text[start : start + max(64, budget * 16)]
        ids = tokenizer.encode(window)

    def cut_at(k: int) -> int:
        prefix = tokenizer.decode(ids[:k])
        if prefix.endswith("\ufffd") and not window[: len(prefix)].endswith("\ufffd"):
            prefix = prefix[:-1]
        end = start + len(prefix)
        return _grapheme_floor(text, end) if graphemes else min(end, len(text))

    top = min(len(ids), budget)
    for k in (top, top - 1):  # usually the syntax around the text costs a token or two
        if k >= 1:
            cut = cut_at(k)
            if cut > start and fits(cut):
                return cut
    # Dense markup (emphasis on every letter) costs more than the text: the largest
    # fitting prefix by binary search (cut positions grow with k, fitting shrinks).
    k = _largest_fitting(list(range(1, top - 1)), lambda k: (c := cut_at(k)) > start and fits(c))
    return cut_at(k) if k else 0


def _grapheme_floor(text: str, pos: int) -> int:
    """Move ``pos`` back so it does not fall inside a grapheme cluster.

    At most ``_MAX_CLUSTER`` code points: inside a longer "cluster" (a letter under
    thousands of combining marks, an endless ZWJ chain) ``pos`` stays where it is, a cut at
    a code point, so no cut scans the whole run.
    """
    pos = min(pos, len(text))
    wanted = pos
    floor = max(0, pos - _MAX_CLUSTER)
    while 0 < pos < len(text):
        ch = text[pos]
        prev = text[pos - 1]
        if (
            unicodedata.combining(ch)
            or ch in "\u200d\ufe0f\ufe0e"
            or prev == "\u200d"
            or "\U0001f3fb" <= ch <= "\U0001f3ff"
            or 0xDC00 <= ord(ch) <= 0xDFFF
            or unicodedata.category(ch) in ("Mn", "Me", "Mc")
        ):
            if pos <= floor:
                return wanted
            pos -= 1
            continue
        break
    return pos


def _min_cut(text: str, start: int = 0) -> int:
    """Smallest sensible head: one grapheme (never past the end)."""
    if start >= len(text):
        return len(text)
    pos = start + 1
    while pos < len(text) and _grapheme_floor(text, pos) != pos:
        pos += 1
    return pos


def _rstrip(text: str, pos: int, floor: int = 0) -> int:
    while pos > floor and text[pos - 1].isspace():
        pos -= 1
    return pos


def _lstrip(text: str, pos: int) -> int:
    while pos < len(text) and text[pos].isspace():
        pos += 1
    return pos


# ---------------------------------------------------------------------- rows and code


def _as_body_row(unit: Unit, count: Count) -> Unit:
    """A header-only table row as a body row under a blank header, so it can be cut."""
    row = unit.copy()
    ncols = len(unit.cells)
    blank = "|" + "  |" * ncols + "\n| " + " | ".join("---" for _ in range(ncols)) + " |"
    if unit.table_caption:  # the title rows above it stay with every part
        blank = unit.table_caption + "\n\n" + blank
    row.table_header = _quote(blank, unit.quote)
    row.md = _quote(row_markdown(unit.cells), unit.quote)
    row.tokens = count(row.md)
    return row


def _split_row(unit: Unit, budget: int, count: Count) -> tuple[Unit, Unit | None]:
    cells = unit.cells
    filled = [i for i, c in enumerate(cells) if c]

    # (a column that the cell on its left spans stays COVERED in a part holding that cell)
    owner = list(range(len(cells)))
    for i in range(1, len(cells)):
        if cells[i] is COVERED:
            owner[i] = owner[i - 1]

    def row_with(
        keep: set[int], replace: dict[int, list[Piece]] | None = None
    ) -> list[list[Piece]]:
        out = []
        for i, c in enumerate(cells):
            if replace and i in replace:
                out.append(replace[i])
            elif c is COVERED:
                o = owner[i]
                out.append(COVERED if o in keep or (replace and o in replace) else [])
            else:
                out.append(c if i in keep else [])
        return out

    def md_of(row: list[list[Piece]]) -> str:
        return _quote(row_markdown(row), unit.quote)

    if count(md_of(row_with(set()))) >= budget:
        # Not even the row's empty cells fit (a very wide table in a small limit): parts of
        # one cell each would all be over too. The caller takes the row as plain text.
        return unit, None
    # Whole cells first: the most leading filled cells that fit (binary search, so a wide
    # row costs a few renderings per cut, not one per cell).
    k = _largest_fitting(
        list(range(1, len(filled) + 1)),
        lambda j: count(md_of(row_with(set(filled[:j])))) <= budget,
    )
    if 0 < k < len(filled):
        head_cells = row_with(set(filled[:k]))
        rest_cells = row_with(set(filled[k:]))
        return _row_parts(unit, head_cells, rest_cells, md_of, count)
    # The first filled cell alone is too large: cut it at sentence/word/token boundaries.
    first = filled[0]
    src = _Source(cells[first], unit.page, unit.page_last)
    text = src.text
    n = len(text)

    def cell_md(b: int) -> str:
        return md_of(row_with(set(), {first: src.slice(0, _rstrip(text, b))}))

    cut = _best_cut(text, 0, n, lambda b: count(cell_md(b)) <= budget, budget, count)
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
    head_pieces = cells_pieces(head_cells)
    head.facts = facts(list(unit.pieces) + head_pieces)
    head.plain = row_plain(unit.lead, head_cells)
    head.md = md_of(head_cells)
    head.tokens = count(head.md)
    if not rest_cells or not any(rest_cells):
        return head, None
    rest = unit.copy()
    rest.cells = rest_cells
    rest.pieces = []
    rest_pieces = cells_pieces(rest_cells)
    rest.facts = facts(rest_pieces)
    rest.lead = ""
    rest.plain = row_plain("", rest_cells)
    rest.md = ""
    rest.tokens = max(1, unit.tokens - head.tokens + 8)
    rest.cont = True
    rest.anchors = ()  # (an anchor names where its block starts: the first part)
    return head, rest


def _split_code(unit: Unit, budget: int, count: Count) -> tuple[Unit, Unit | None]:
    # A remainder keeps the block's line list and starts at line ``unit.start`` of it, so
    # cutting a huge block never copies the lines that are left.
    lines = unit.code_lines
    first, last = _nonblank_span(lines, unit.start)
    if first == last:
        lines, first, last = [" ".join(unit.plain.split()) or "(empty)"], 0, 1

    def md_of(ls: list[str]) -> str:
        return _quote(code_fence(ls, unit.code_lang), unit.quote)

    def fits(k: int) -> bool:
        return count(md_of(lines[first : first + k])) <= budget

    def first_line_too_long() -> bool:
        # A line longer than any budget-sized prefix could be, whose prefix alone is over
        # the budget, cannot fit whole: say so without measuring all of it (a 20 KB line
        # cut into many parts would otherwise be measured whole for every part).
        line = lines[first]
        cap = 16 * budget + 64
        return len(line) > cap and count(md_of([line[:cap]])) > budget + 1

    k = (
        _fitting_lines(lines, first, last, fits, budget)
        if last - first > 1 and not first_line_too_long()
        else 0
    )
    rest_from = first + k
    if k:
        head_lines = lines[first:rest_from]
    else:
        # One line is too long: cut it like text.
        line = lines[first]
        n = len(line)

        def line_fits(b: int) -> bool:
            return count(md_of([line[: _rstrip(line, b)]])) <= budget

        cut = _best_cut(line, 0, n, line_fits, budget, count)
        if cut <= 0 or cut >= n:
            cut = _min_cut(line)
        head_lines = [line[: _rstrip(line, cut)]]
        tail = [line[cut:]] if line[cut:].strip() else []
        lines, rest_from, last = tail + lines[first + 1 : last], 0, len(tail) + last - first - 1
    head = unit.copy()
    head.code_lines = head_lines
    head.start = 0
    head.md = md_of(head_lines)
    head.plain = "\n".join(head_lines)
    # the part's own text (not the whole block's: each part's record describes the part)
    head.pieces = [p._replace(text=head.plain) for p in unit.pieces[:1]]
    head.tokens = count(head.md)
    if head.tokens > budget:
        head.md = _quote("\n".join(head_lines), unit.quote)  # tiny limits: drop the fence
        head.tokens = count(head.md)
    rest_from, last = _nonblank_span(lines, rest_from, last)
    if rest_from >= last:
        return head, None
    rest = unit.copy()
    rest.code_lines = lines if last == len(lines) else lines[:last]
    rest.start = rest_from
    rest.plain = ""  # (joined when the rest is rendered: a long block is cut many times)
    rest.pieces = [p._replace(text="") for p in unit.pieces[:1]]
    rest.md = ""
    rest.tokens = max(1, unit.tokens - head.tokens + 6)
    rest.cont = True
    rest.anchors = ()  # (an anchor names where its block starts: the first part)
    return head, rest


def _nonblank_span(lines: list[str], first: int, last: int | None = None) -> tuple[int, int]:
    """The span ``[first, last)`` of ``lines`` without its leading and trailing blank lines."""
    last = len(lines) if last is None else last
    while first < last and not lines[first].strip():
        first += 1
    while last > first and not lines[last - 1].strip():
        last -= 1
    return first, last


def _fitting_lines(
    lines: list[str], first: int, last: int, fits: Callable[[int], bool], budget: int
) -> int:
    """The most lines from ``first`` (fewer than all up to ``last``) whose code block fits,
    or 0.

    Only a window of lines that can hold ``budget`` tokens is searched (it grows when the
    whole window fits), so cutting a huge block into many parts stays linear.
    """
    most = last - first - 1
    chars, window = 0, 0
    limit = max(256, budget * 8)
    while window < most and chars <= limit:
        chars += len(lines[first + window]) + 1
        window += 1
    while True:
        k = _largest_fitting(list(range(1, window + 1)), fits)
        if k and k == window and window < most:
            window = min(most, 2 * window)
            continue
        return k
