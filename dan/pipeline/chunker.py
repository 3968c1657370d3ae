"""Packing units into token-bounded chunks.

Rules:

* every chunk's full text (citation header, blank line, body) is at most ``max_tokens``
  o200k tokens, measured exactly on the final string, re-split if needed;
* a chunk never crosses a change of story (``ssType``) or of header/footer story, nor of
  top-level section — unless ``join_sections``: then a body chunk goes on into the next
  section when it would end there below half the limit, or when that whole section fits
  in the room left (its record's ``ssSect``..``ssSectLast`` names the sections it spans);
* chunks end early at natural boundaries: when the next unit does not fit, the chunk ends
  at the best boundary seen after half the limit — before a heading, then at a page end,
  a table's start or end, a paragraph end, and last between rows or list items — and never
  right after a heading when it can be helped;
* a unit that fits in a chunk of its own is never cut; a unit larger than a whole chunk
  is cut by :mod:`dan.pipeline.splitter` (and when the chunk before it is less than half full, that
  chunk is topped up with the unit's head rather than ended early);
* a chunk holding rows of a table that started in an earlier chunk repeats its header —
  in its compact form (column names only, a merged group named once; the record's
  ``ssCompactHeads`` names the table) when the full header takes more than
  :data:`MAX_HEADER_SHARE` of ``max_tokens``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial

from attrs import field, frozen

from dan.pipeline.citation import citation_header, header_budget
from dan.errors import DanError, TooManyChunksError
from dan.fields import ChunkField
from dan.pipeline.inline import Piece
from dan.pipeline.joincount import JoinedCounter, Segment
from dan.pipeline.splitter import ensure_md, split_head
from dan.tokenizer import count_tokens
from dan.pipeline.units import HEADING, PARA, ROW, Unit

__all__ = ["Chunk", "Chunker", "MAX_HEADER_SHARE", "MIN_FILL"]

#: Fraction of ``max_tokens`` a chunk should reach before it may end at a boundary.
MIN_FILL = 0.5
#: Share of ``max_tokens`` above which a table's header is repeated in its compact form
#: in the chunks after the table's first (a header of a wide table with merged cells can
#: fill most of every chunk: Apache POI's bug65649.docx, 63 columns).
MAX_HEADER_SHARE = 0.25
#: Tokens a unit's part must have room for before dan gives up its Markdown syntax.
_MIN_ROOM = 4


@frozen(slots=True)
class Chunk:
    """A finished chunk: its units, header line, full text and exact token count; its pages
    are those of its units."""

    units: list[Unit]
    header: str
    text: str
    tokens: int
    page: int = field(init=False)
    page_last: int = field(init=False)

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "page", self.units[0].page)
        object.__setattr__(self, "page_last", max(u.page_last for u in self.units))


class Chunker:
    """Packs a document's units into chunks of at most ``max_tokens`` tokens."""

    def __init__(
        self,
        *,
        max_tokens: int,
        title: str,
        labels: Mapping[ChunkField, str],
        estimated: bool,
        count: Callable[[str], int],
        max_chunks: int | None = None,
        join_sections: bool = False,
    ) -> None:
        self.max_tokens = max_tokens
        self.join_sections = join_sections
        self.title = title
        self.labels = labels
        self.estimated = estimated
        self.count = count
        self.max_chunks = max_chunks
        self.hbudget = header_budget(max_tokens)
        self._headers: dict[tuple[tuple[str, ...], int, int], tuple[str, int]] = {}
        self._table_heads: dict[str, int] = {}
        #: o200k's counts add up at known boundaries (:mod:`dan.pipeline.joincount`): a chunk is
        #: counted from its units' counts instead of being tokenized again. Any other
        #: ``count`` measures the whole text.
        self._joined = JoinedCounter(count) if count is count_tokens else None
        self._fixed: dict[str, int] = {}

    # ------------------------------------------------------------------ helpers

    def header(self, first: Unit, page_last: int, last: Unit | None = None) -> tuple[str, int]:
        """The citation header of a chunk from ``first`` to ``last`` and its tokens."""
        path = _span_path(first, last) if self.join_sections else first.path
        key = (path, first.page, page_last)
        found = self._headers.get(key)
        if found is None:
            counted: dict[str, int] = {}
            line = citation_header(
                self.labels,
                self.title,
                path,
                first.page,
                page_last,
                self.estimated,
                self.hbudget,
                partial(_remember, counted, self.count),
            )
            n = counted.get(line)
            joined = self._joined
            if joined is not None and n is not None:  # (the line was counted to fit it)
                found = (line, joined.with_break(line, n, "\n\n"))
            else:
                found = (line, self.count(line + "\n\n"))
            self._headers[key] = found
        return found

    def _head_tokens(self, table_header: str) -> int:
        n = self._table_heads.get(table_header)
        if n is None:
            n = self.count(table_header) + 1
            self._table_heads[table_header] = n
        return n

    def cost(self, prev: Unit | None, u: Unit) -> int:
        """Estimated tokens ``u`` adds after ``prev`` (separator and repeated header included)."""
        c = u.tokens
        if prev is not None:
            c += 1
        if starts_table_run(prev, u):
            c += self._head_tokens(u.table_header)
        return c

    @staticmethod
    def priority(a: Unit, b: Unit) -> int:
        """How good a chunk end between ``a`` and ``b`` is (higher is better)."""
        if a.kind == HEADING:
            return 0
        if b.kind == HEADING:
            return 6
        if b.page > a.page_last:
            return 5
        if a.table != b.table:
            return 4
        if a.group and a.group == b.group:
            return 1
        return 3

    # ------------------------------------------------------------------ packing

    def chunk(self, units: Sequence[Unit]) -> list[Chunk]:
        """Chunk a whole document's units (already in ``ssSeq`` story order)."""
        out: list[Chunk] = []
        run: list[Unit] = []
        join = self.join_sections
        self._compact_headers(units)
        for u in units:
            if run and _run_key(run[-1], join) != _run_key(u, join):
                self._pack(run, out)
                run = []
            run.append(u)
        if run:
            self._pack(run, out)
        return out

    def _compact_headers(self, units: Sequence[Unit]) -> None:
        """Rows after a table's first repeat its compact header when the full one takes
        more than MAX_HEADER_SHARE of max_tokens (and the compact one is smaller)."""
        limit = self.max_tokens * MAX_HEADER_SHARE
        for u in units:
            if (
                u.kind == ROW
                and not u.table_first
                and not u.head_compact
                and u.table_header
                and u.table_header_short
                and self._head_tokens(u.table_header) > limit
                and self._head_tokens(u.table_header_short) < self._head_tokens(u.table_header)
            ):
                u.table_header = u.table_header_short
                u.head_compact = True

    def _pack(self, units: list[Unit], out: list[Chunk]) -> None:
        max_tokens = self.max_tokens
        floor = int(max_tokens * MIN_FILL)
        i = 0
        while i < len(units):
            start = i
            first = units[i]
            body = 0
            page_last = first.page_last
            htok = self.header(first, page_last)[1]
            cands: list[tuple[int, int, int]] = []  # (end, priority, fill)
            j = i
            prev: Unit | None = None
            at_section = False
            while j < len(units):
                u = units[j]
                if (
                    prev is not None
                    and u.section != prev.section
                    and htok + body >= floor
                    and not self._section_fits(units, j, max_tokens - htok - body)
                ):
                    at_section = True  # (only with join_sections: a run holds one section)
                    break
                if u.src is not None and u.tokens <= 2 * max_tokens:
                    ensure_md(u, self.count)  # a remainder's estimate is replaced by its count
                c = self.cost(prev, u)
                pl = max(page_last, u.page_last)
                if pl == page_last and (prev is None or u.section == prev.section):
                    h = htok
                else:
                    h = self.header(first, pl, u)[1]
                if h + body + c > max_tokens:
                    break
                body += c
                page_last, htok = pl, h
                prev = u
                j += 1
                if j < len(units):
                    cands.append((j, self.priority(u, units[j]), htok + body))
            if j == start:
                # The first unit alone does not fit: cut its head to the room there is.
                room = max_tokens - htok - (self.cost(None, first) - first.tokens)
                if room < _MIN_ROOM or (first.kind == ROW and room < 2 * _MIN_ROOM):
                    # Too small a limit for this unit's syntax: use its plain text.
                    plain = _as_plain(first, self.count)
                    if plain is not None:
                        units[start] = plain
                        continue
                head, rest = split_head(first, max(1, room), self.count)
                if rest is None:
                    i = self._emit([head], out, units, start)
                else:
                    units[start : start + 1] = [head, rest]
                continue
            if j < len(units) and not at_section:
                j = self._choose_end(units, j, cands, floor, max_tokens - htok - body - 1)
            i = self._emit(units[start:j], out, units, start)

    def _section_fits(self, units: list[Unit], j: int, room: int) -> bool:
        """Whether the whole section starting at ``units[j]`` fits in ``room`` tokens after
        ``units[j - 1]``."""
        section = units[j].section
        used = 0
        prev = units[j - 1]
        for k in range(j, len(units)):
            u = units[k]
            if u.section != section:
                break
            used += self.cost(prev, u)
            if used > room:
                return False
            prev = u
        return True

    def _choose_end(
        self, units: list[Unit], j: int, cands: list[tuple[int, int, int]], floor: int, room: int
    ) -> int:
        """Where a chunk that cannot take ``units[j]`` ends (may cut ``units[j]``)."""
        good = [c for c in cands if c[2] >= floor]
        if good:
            return max(good, key=lambda c: (c[1], c[0]))[0]
        nxt = units[j]
        if nxt.src is not None and nxt.tokens <= 3 * self.max_tokens:
            ensure_md(nxt, self.count)
        oversize = self.cost(None, nxt) + self.header(nxt, nxt.page_last)[1] > self.max_tokens
        if oversize and room >= max(8, self.max_tokens // 8):
            # The chunk is small and the next unit must be cut anyway: top the chunk up
            # with its head (a unit that fits a chunk of its own is never cut).
            head, rest = split_head(nxt, room, self.count, whole_marks=True)
            if rest is not None and head.tokens <= room:
                units[j : j + 1] = [head, rest]
                return j + 1
        best = max(cands, key=lambda c: (c[1], c[0])) if cands else None
        if best is not None and best[1] > 0:
            return best[0]
        return j

    def _emit(
        self, chunk_units: list[Unit], out: list[Chunk], units: list[Unit], start: int
    ) -> int:
        """Assemble and measure a chunk; shrink it until it fits. Returns the next index."""
        attempts = 0
        while True:
            attempts += 1
            if attempts > 200:
                raise DanError(
                    f"could not fit a chunk into max_tokens={self.max_tokens} "
                    f"after {attempts - 1} attempts; "
                    "raise max_tokens (this input is pathological)"
                )
            for u in chunk_units:
                ensure_md(u, self.count)
            first = chunk_units[0]
            page_last = max(u.page_last for u in chunk_units)
            line, htok = self.header(first, page_last, chunk_units[-1])
            joined = self._joined
            if joined is None:
                text = line + "\n\n" + assemble(chunk_units)
                tokens = self.count(text)
            else:
                segments = self._segments(line, htok, chunk_units, joined)
                text = "".join([s for s, _ in segments])
                tokens = joined.measure(segments)
            if tokens <= self.max_tokens:
                break
            over = tokens - self.max_tokens
            if len(chunk_units) > 1:
                chunk_units = chunk_units[:-1]
                continue
            # A single unit still over: cut it tighter.
            unit = chunk_units[0]
            head, rest = split_head(unit, max(1, unit.tokens - over - 1), self.count)
            if head is unit or not head.md.strip() or (rest is None and head.tokens >= unit.tokens):
                # Its own syntax (a table header, a revision note) cannot fit in so small
                # a limit: fall back to its plain text.
                plain = _as_plain(unit, self.count)
                if plain is None:
                    raise DanError(
                        f"cannot fit a chunk into max_tokens={self.max_tokens} "
                        "(the citation header alone is too large); raise max_tokens"
                    )
                head, rest = plain, None
            units[start : start + 1] = [head] + ([rest] if rest is not None else [])
            chunk_units = [head]
        if self.max_chunks is not None and len(out) >= self.max_chunks:
            raise TooManyChunksError(
                f"the document produces more than {self.max_chunks} chunks at max_tokens="
                f"{self.max_tokens}; raise Limits.max_chunks or max_tokens, or convert a page range"
            )
        out.append(Chunk(chunk_units, line, text, tokens))
        return start + len(chunk_units)

    def _segments(
        self, line: str, htok: int, units: list[Unit], joined: JoinedCounter
    ) -> list[Segment]:
        """The chunk's text as :func:`assemble` joins it (header line, blank line, units
        and their breaks, repeated table headers), in parts with their exact counts."""
        out: list[Segment] = [(line + "\n\n", htok)]
        fixed = self._fixed
        prev: Unit | None = None
        last = len(units) - 1
        for i, u in enumerate(units):
            if starts_table_run(prev, u):
                head = u.table_header + "\n"
                n = fixed.get(head)
                if n is None:
                    n = fixed[head] = self.count(head)
                out.append((head, n))
            if i < last:
                nxt = units[i + 1]
                brk = "\n" if nxt.group and nxt.group == u.group else "\n\n"
                out.append((u.md + brk, joined.with_break(u.md, u.tokens, brk)))
            else:
                out.append((u.md, u.tokens))
            prev = u
        return out


def _remember(counted: dict[str, int], count: Callable[[str], int], text: str) -> int:
    """``count(text)``, kept in ``counted``. (A partial of this, not a closure: compiled,
    a closure and its function's environment would refer to each other.)"""
    n = counted[text] = count(text)
    return n


def _span_path(first: Unit, last: Unit | None) -> tuple[str, ...]:
    """The heading path a citation header shows: the first unit's, or, for a chunk that
    spans top-level sections (``join_sections``), the range of their top-level headings."""
    if last is None or first.story != "body" or last.section == first.section or not last.path:
        return first.path
    if not first.path:
        return last.path[:1]
    return (f"{first.path[0]} – {last.path[0]}",)


def _as_plain(unit: Unit, count: Callable[[str], int]) -> Unit | None:
    """The unit as plain text without Markdown syntax, or None if it already is."""
    if unit.kind == PARA and unit.context == "plain":
        return None
    if not unit.md and not unit.plain.strip():
        # a part the splitter left unrendered whose plain text is empty (a cell holding
        # only a note marker in a comment): its Markdown is the text to keep
        ensure_md(unit, count)
    plain = unit.copy()
    text = " ".join(unit.plain.split()) or " ".join(unit.md.split())
    plain.kind = PARA
    plain.context = "plain"
    plain.pieces = [Piece(text, ())]
    plain.prefix = plain.cont_prefix = ""
    plain.table_header = ""
    plain.group = ""
    plain.quote = 0
    plain.md = ""
    plain.tokens = max(1, len(text) // 3)
    return plain


def _run_key(u: Unit, join_sections: bool = False) -> tuple[str, int]:
    if u.story == "body":
        return (u.story, 0 if join_sections else u.section)
    if u.story == "footnote":
        return (u.story, u.section)
    return (u.story, u.story_index)


def starts_table_run(prev: Unit | None, u: Unit) -> bool:
    """True when ``u`` is a table row that must be preceded by its table's header."""
    return (
        u.kind == ROW
        and bool(u.table_header)
        and (prev is None or prev.kind != ROW or prev.table != u.table)
    )


def assemble(units: Sequence[Unit]) -> str:
    """The chunk body: units joined by blank lines (one newline inside a list or table)."""
    parts: list[str] = []
    prev: Unit | None = None
    for u in units:
        md = u.md
        if starts_table_run(prev, u):
            md = u.table_header + "\n" + md
        if prev is not None:
            parts.append("\n" if u.group and u.group == prev.group else "\n\n")
        parts.append(md)
        prev = u
    return "".join(parts)
