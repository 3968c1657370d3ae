"""The document's entry of the collection index document (see ``docs/routing.md``).

An entry is::

    [DOC C-17] Master agreement
    tables: yes; revisions: yes; comments: no; pages: 12; sections: 5
    Reviewers: Alice Smith; Bob Jones
    Persons: ...
    Headings: Scope; Fees; Late payment
    ...

Line 1 names the id and title, line 2 the properties, then one line per non-empty phrase
group in the order of :data:`ven.phrases.GROUP_LABELS`. The phrase lines take about
``pct`` percent of the document's tokens. Phrases are chosen in three tiers:

1. reviewers, then comment authors (document order of first appearance);
2. level-1 headings;
3. everything else;

and within tiers 2 and 3 by *weighted fair queuing* over the chunks: the next phrase comes
from the chunk whose spent tokens plus that phrase's cost, divided by the chunk's
``ssTokens``, is smallest (ties: lower ssSeq), and each chunk offers its phrases in group
order. So every chunk contributes in proportion to its size, the best groups of each
chunk first, and every part of a long document is represented. A phrase is added only
while the phrase tokens spent are below the budget, so the phrase lines never exceed the
budget by more than one phrase (with its separator and, if it opens a line, its group
label). Within a line, phrases are listed in document order.

An entry longer than 900 tokens is cut into parts at line and phrase boundaries; each
part after the first starts with ``[DOC id] title (cont.)`` and repeats the group label
of a line it continues. ``.text`` is the parts joined by ``"\\n"``.
"""

from __future__ import annotations

import heapq
import logging
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ven.errors import VenError
from ven.estimate import estimate_tokens, estimate_total
from ven.layout import Layout
from ven.phrases import (
    COMMENT_AUTHORS,
    GROUP_LABELS,
    GROUP_OF_CODE,
    REVIEWERS,
    PhraseFields,
    PhraseTable,
    cut_at_word,
    phrase_table,
)
from ven.routing import is_doc_id

__all__ = ["ENTRY_ALLOWANCE", "MAX_PART_TOKENS", "MAX_TITLE_CHARS", "IndexEntry", "build_entry"]

_log = logging.getLogger("ven")

#: Largest part of an entry, in tokens.
MAX_PART_TOKENS = 900
#: Titles longer than this are shortened (at a word, with "…") on the entry's lines.
MAX_TITLE_CHARS = 120
# With the estimate, parts are packed to this many estimated tokens, leaving room for the
# estimate's error so that real parts stay within MAX_PART_TOKENS (900 / 640: up to 29%
# low; worst part seen on the corpus: 28% low, Chinese excerpts of readability's "pixnet"
# page; whole entries: 22% low, Polish and lorem ipsum); exact parts need count_tokens.
_ESTIMATE_PART_TOKENS = 640
#: Tokens an entry may take beyond ``pct`` percent of its document's: its two header
#: lines, continuation headers and separators (an entry never exceeds the sum).
ENTRY_ALLOWANCE = 80
#: Without an exact counter, the estimate times this is taken as the upper bound of an
#: entry's real size when the cap is checked: on the 1,281 entries (pct 5, 10, 20) of the
#: corpus's documents, 1.1 left 13 over the cap, 1.2 left 2, 1.3 none.
_SAFETY = 1.3


def _longest_prefix(n: int, fits: Callable[[int], bool]) -> int:
    """The longest prefix length below ``n`` that ``fits`` (0 when none does; prefix
    ``n`` itself is known not to), by binary search: fitting shrinks as prefixes grow."""
    lo, hi = 0, n - 1  # prefix lengths: lo fits (or is 0), hi + 1 does not
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def _conservative(text: str) -> int:
    return math.ceil(estimate_total(text) * _SAFETY)


CountTokens = Callable[[str], int]
#: Cost of a piece (a phrase with its separator, a label): the caller's count, or with the
#: estimate its unrounded value, so that pieces add up to the estimate of the whole.
PieceCount = Callable[[str], float]


@dataclass(frozen=True, slots=True)
class IndexEntry:
    """One document's entry of the index document.

    ``text`` is the entry (its ``parts`` joined by ``"\\n"``); ``tokens`` its token count —
    exact when ``create_document_index`` was given ``count_tokens``, else ven's estimate
    (``estimated`` is then true); ``parts`` the entry cut into pieces of at most 900
    tokens, every part after the first starting with ``[DOC id] title (cont.)``, so the
    index document can be stored in parts. ``phrase_tokens`` are the tokens of the phrase
    lines (the part ``pct`` applies to) and ``budget`` the phrase budget (``pct`` percent of
    the document's tokens). Join the entries of a collection with a blank line
    (``"\\n\\n".join(e.text for e in entries)``) to form the index document.
    """

    doc_id: str
    text: str
    tokens: int
    parts: tuple[str, ...]
    phrase_tokens: int
    budget: float
    estimated: bool

    def __str__(self) -> str:
        return self.text


def _check_pct(pct: object) -> float:
    if isinstance(pct, bool) or not isinstance(pct, (int, float)):
        raise VenError(
            f"pct must be a number from 0 to 100 (percent of the document's tokens), got {pct!r}"
        )
    value = float(pct)
    if math.isnan(value) or not 0.0 <= value <= 100.0:
        raise VenError(
            f"pct must be a number from 0 to 100 (percent of the document's tokens), got {pct!r}"
        )
    return value


def _counter(count_tokens: CountTokens | None) -> CountTokens:
    if count_tokens is None:
        return estimate_tokens
    if not callable(count_tokens):
        raise VenError(
            "count_tokens must be a function str -> int such as dan.count_tokens, "
            f"got {type(count_tokens).__name__}"
        )

    def count(text: str) -> int:
        n = count_tokens(text)
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise VenError(
                f"count_tokens returned {n!r} for {text[:40]!r}: it must return an int >= 0"
            )
        return n

    return count


def _entry_title(title: str) -> str:
    text = " ".join(title.split()).translate({0x5B: "(", 0x5D: ")"})
    text = "".join(ch if ch.isprintable() else " " for ch in text)
    text = " ".join(text.split())
    if len(text) > MAX_TITLE_CHARS:
        text = cut_at_word(text, MAX_TITLE_CHARS - 1) + "…"
    return text


class _Selection:
    """Phrases chosen so far and the tokens they cost (one entry build)."""

    def __init__(
        self,
        texts: Sequence[str],
        groups: bytes,
        count: PieceCount,
        budget: float,
        piece_cost: dict[str, float],
    ) -> None:
        self.texts = texts
        self.groups = groups
        self.count = count
        self.budget = budget
        self.spent = 0.0
        self.chosen: set[int] = set()
        self.order: list[int] = []  # pids in the order chosen
        self.costs: list[float] = []  # cost of each, label included when it opened a line
        self.opened = [False] * len(GROUP_LABELS)
        self._piece_cost = piece_cost
        self._label_cost = [0.0] * len(GROUP_LABELS)

    def open(self) -> bool:
        return self.spent < self.budget

    def phrase_cost(self, pid: int) -> float:
        """Tokens of ``" " + phrase + ";"``: the phrase with its space and separator."""
        text = self.texts[pid]
        c = self._piece_cost.get(text)
        if c is None:
            c = self._piece_cost[text] = self.count(f" {text};")
        return c

    def cost(self, pid: int) -> float:
        """What choosing ``pid`` now costs: the phrase, plus its label if it opens a line."""
        g = GROUP_OF_CODE[self.groups[pid]]
        c = self.phrase_cost(pid)
        if not self.opened[g]:
            lc = self._label_cost[g]
            if not lc:
                lc = self._label_cost[g] = self.count(GROUP_LABELS[g] + ":") + 1  # + newline
            c += lc
        return c

    def take(self, pid: int) -> float:
        c = self.cost(pid)
        self.opened[GROUP_OF_CODE[self.groups[pid]]] = True
        self.chosen.add(pid)
        self.order.append(pid)
        self.costs.append(c)
        self.spent += c
        return c


def _fair_queue(
    sel: _Selection,
    candidates: Sequence[list[int]],
    weights: Sequence[int],
    spent: list[float],
) -> None:
    """Weighted fair queuing over chunks: see the module docstring."""
    chosen = sel.chosen
    pos = [0] * len(candidates)
    heap: list[tuple[float, int]] = []
    for seq, cands in enumerate(candidates):
        if cands:
            heap.append(((spent[seq] + sel.cost(cands[0])) / weights[seq], seq))
    heapq.heapify(heap)
    while heap and sel.open():
        _, seq = heapq.heappop(heap)
        cands = candidates[seq]
        i = pos[seq]
        while i < len(cands) and cands[i] in chosen:
            i += 1
        if i >= len(cands):
            continue
        pid = cands[i]
        key = (spent[seq] + sel.cost(pid)) / weights[seq]
        if heap and key > heap[0][0]:
            pos[seq] = i  # another chunk took the phrase this key was for: queue again
            heapq.heappush(heap, (key, seq))
            continue
        spent[seq] += sel.take(pid)
        i += 1
        while i < len(cands) and cands[i] in chosen:
            i += 1
        pos[seq] = i
        if i < len(cands):
            heapq.heappush(heap, ((spent[seq] + sel.cost(cands[i])) / weights[seq], seq))


def _select(lay: Layout, phr: PhraseTable, sel: _Selection) -> None:
    n = lay.n
    chunks = phr.chunks
    groups = phr.groups
    is_h1 = phr.h1
    spent = [0.0] * n
    # Tier 1: reviewers, then comment authors, each in order of first appearance.
    for code in (REVIEWERS, COMMENT_AUTHORS):
        for seq in range(n):
            for pid in chunks[seq]:
                if groups[pid] == code and pid not in sel.chosen and sel.open():
                    spent[seq] += sel.take(pid)
    if not sel.open():
        return
    weights = [t if t > 0 else 1 for t in lay.tokens]
    # Tier 2: level-1 headings (also those listed under an earlier group, e.g. a heading
    # that is also a term). Tier 3: the rest, each chunk's phrases in group order.
    h1: list[list[int]] = []
    rest: list[list[int]] = []
    for mine in chunks:
        h1.append([p for p in mine if is_h1[p]])
        rest.append(
            sorted((p for p in mine if groups[p] > COMMENT_AUTHORS), key=groups.__getitem__)
        )
    _fair_queue(sel, h1, weights, spent)
    _fair_queue(sel, rest, weights, spent)


def _group_lines(
    texts: Sequence[str], groups: bytes, pids: Sequence[int]
) -> list[tuple[str, list[str]]]:
    """(label, phrases in document order) for each non-empty group, in group order."""
    by_group: list[list[int]] = [[] for _ in GROUP_LABELS]
    for pid in pids:
        by_group[GROUP_OF_CODE[groups[pid]]].append(pid)
    return [
        (GROUP_LABELS[g], [texts[p] for p in sorted(lst)]) for g, lst in enumerate(by_group) if lst
    ]


def _render(lines: Sequence[tuple[str, list[str]]]) -> str:
    return "\n".join(f"{label}: {'; '.join(phrases)}" for label, phrases in lines)


def _pack(
    head: str,
    cont: str,
    lines: Sequence[tuple[str, list[str]]],
    count: CountTokens,
    piece: PieceCount,
    limit: float,
    piece_cost: dict[str, float],
) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """Cut the entry into parts of at most ``limit`` tokens, costs summed per piece.

    Returns the parts and the phrase lines they hold (a phrase too large for an empty
    continuation part is left out; with sane ids, titles and counters that never happens).
    """
    parts: list[str] = []
    placed: list[tuple[str, list[str]]] = []
    cur: list[str] = [head]
    cur_tokens: float = count(head)
    cont_tokens: float = count(cont)

    def cost(p: str) -> float:
        c = piece_cost.get(p)
        if c is None:
            c = piece_cost[p] = piece(f" {p};")
        return c

    for label, phrases in lines:
        label_tokens = piece(label + ":") + 1  # label, colon and the newline before its line
        kept: list[str] = []
        line: list[str] = []
        line_tokens = 0.0
        for p in phrases:
            c = cost(p)
            room = limit - cur_tokens - (line_tokens if line else label_tokens)
            if c > room:
                if line:
                    cur.append(f"{label}: {'; '.join(line)}")
                    line, line_tokens = [], 0.0
                if cur != [cont]:
                    parts.append("\n".join(cur))
                    cur, cur_tokens = [cont], cont_tokens
                if cont_tokens + label_tokens + c > limit:
                    _log.debug(
                        "index entry: a phrase of %d tokens does not fit a part; left out", c
                    )
                    continue
            if not line:
                line_tokens = label_tokens
            line.append(p)
            line_tokens += c
            kept.append(p)
        if line:
            cur.append(f"{label}: {'; '.join(line)}")
            cur_tokens += line_tokens
        if kept:
            placed.append((label, kept))
    if cur != [cont]:
        parts.append("\n".join(cur))
    return parts, placed


def build_entry(
    lay: Layout, fields: PhraseFields, pct: object = 10, count_tokens: CountTokens | None = None
) -> IndexEntry:
    """The index entry of the document ``lay``/``fields`` (see
    :meth:`ven.Ven.create_document_index`)."""
    started = time.perf_counter()
    share = _check_pct(pct)
    count = _counter(count_tokens)
    if not is_doc_id(lay.doc_id):
        raise VenError(
            f"document id {lay.doc_id!r} cannot be routed: an id in the index must have 1-64 "
            "characters, no whitespace, ':', '|', ';' or control characters, and must not be "
            "NONE, ALL or INDEX; convert the document again with a valid doc_id",
            field="ssDocId",
        )
    title = _entry_title(lay.title)
    line1 = f"[DOC {lay.doc_id}] {title}" if title else f"[DOC {lay.doc_id}]"
    cont = f"{line1} (cont.)"
    line2 = (
        f"tables: {'yes' if lay.table_count else 'no'}; "
        f"revisions: {'yes' if lay.rev_seqs else 'no'}; "
        f"comments: {'yes' if lay.com_seqs else 'no'}; "
        f"pages: {lay.page_count}; sections: {len(lay.sect_chunks)}"
    )
    budget = lay.total_tokens * share / 100.0
    phr = phrase_table(fields, lay.title)
    texts = phr.texts
    piece: PieceCount = count if count_tokens is not None else estimate_total
    piece_cost: dict[str, float] = {}  # tokens of " " + phrase + ";"
    sel = _Selection(texts, phr.groups, piece, budget, piece_cost)
    if budget > 0:
        _select(lay, phr, sel)

    # The costs are summed per phrase; measure the real lines and, in the rare case the
    # sum underestimated beyond the one-phrase margin, keep the longest prefix of the chosen
    # phrases that is within it (binary search: a few measurements, whatever the count).
    order = sel.order
    lines = _group_lines(texts, phr.groups, order)
    phrase_tokens = count(_render(lines)) if lines else 0
    if order and phrase_tokens - sel.costs[-1] > budget:
        _log.debug("index entry %s: phrase costs summed low; trimming", lay.doc_id)
        keep = _longest_prefix(
            len(order),
            lambda k: (
                count(_render(_group_lines(texts, phr.groups, order[:k]))) - sel.costs[k - 1]
                <= budget
            ),
        )
        order = order[:keep]
        lines = _group_lines(texts, phr.groups, order)
        phrase_tokens = count(_render(lines)) if lines else 0

    head = f"{line1}\n{line2}"
    limit = MAX_PART_TOKENS if count_tokens is not None else _ESTIMATE_PART_TOKENS
    target = limit
    pack_limit = float(limit)
    parts, placed = _pack(head, cont, lines, count, piece, pack_limit, piece_cost)
    # The packing sums costs per piece; measure each part and pack tighter if one is over.
    worst = max(count(p) for p in parts)
    while worst > target and pack_limit > 16:
        pack_limit = min(pack_limit - 1, pack_limit * target / worst)
        parts, placed = _pack(head, cont, lines, count, piece, pack_limit, piece_cost)
        worst = max(count(p) for p in parts)
    if placed != lines:
        lines = placed
        phrase_tokens = count(_render(lines)) if lines else 0
    # The hard cap: the whole entry within pct percent + ENTRY_ALLOWANCE (a long title,
    # the continuation headers and the one-phrase margin could pass it). Without an exact
    # counter the estimate is taken as an upper bound by scaling it up.
    cap = budget + ENTRY_ALLOWANCE
    measure = count if count_tokens is not None else _conservative
    if order and measure("\n".join(parts)) > cap:
        _log.debug("index entry %s: over pct + %d; trimming", lay.doc_id, ENTRY_ALLOWANCE)

        def packed(k: int) -> tuple[list[str], list[tuple[str, list[str]]]]:
            return _pack(
                head,
                cont,
                _group_lines(texts, phr.groups, order[:k]),
                count,
                piece,
                pack_limit,
                piece_cost,
            )

        keep = _longest_prefix(len(order), lambda k: measure("\n".join(packed(k)[0])) <= cap)
        order = order[:keep]
        parts, lines = packed(keep)
        phrase_tokens = count(_render(lines)) if lines else 0
    text = "\n".join(parts)
    entry = IndexEntry(
        doc_id=lay.doc_id,
        text=text,
        tokens=count(text),
        parts=tuple(parts),
        phrase_tokens=phrase_tokens,
        budget=budget,
        estimated=count_tokens is None,
    )
    if _log.isEnabledFor(logging.DEBUG):
        _log.debug(
            "index entry %s: %d tokens (%s), %d parts, %d phrases, budget %.0f, %.1f ms",
            lay.doc_id,
            entry.tokens,
            "estimated" if entry.estimated else "exact",
            len(parts),
            len(order),
            budget,
            (time.perf_counter() - started) * 1000.0,
        )
    return entry
