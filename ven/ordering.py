"""Orders in which additions visit their units (budgets and expansion: ``docs/ven.md``).

Chunks go by distance (in ``ssSeq``) to the nearest anchor, then by ``ssSeq``; pages around
an anchor go nearest first, the page before before the page after (``p-1, p+1, p-2, ...``).
The chunk order is produced lazily, so a small budget costs only the few units it admits.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from heapq import heapify, heappop, heapreplace

__all__ = ["by_distance", "nearest_first"]


def by_distance(cands: Sequence[int], anchors: Sequence[int]) -> Iterator[tuple[int, int]]:
    """Yield ``(distance, seq)`` for the sorted, distinct ``cands`` by (distance to the
    nearest anchor, seq).

    ``anchors`` is sorted and distinct; with no anchors the order is ``cands`` itself (with
    distance 0). A candidate lying between two anchors may be yielded a second time, later,
    at its larger distance; callers skip what they already hold.
    """
    if not anchors:
        for c in cands:
            yield 0, c
        return
    m = len(cands)
    k = len(anchors)
    heap: list[tuple[int, int, int, int, int, int]] = []
    for i, a in enumerate(anchors):
        start = bisect_left(cands, a)
        end = bisect_left(cands, anchors[i + 1], start) if i + 1 < k else m
        if start < end:
            c = cands[start]
            heap.append((c - a, c, start, end, 1, a))
        lo = bisect_right(cands, anchors[i - 1], 0, start) if i > 0 else 0
        if start - 1 >= lo:
            c = cands[start - 1]
            heap.append((a - c, c, start - 1, lo, -1, a))
    heapify(heap)
    while heap:
        d, c, j, bound, step, a = heap[0]
        yield d, c
        j += step
        if (j < bound) if step == 1 else (j >= bound):
            c = cands[j]
            heapreplace(heap, (abs(c - a), c, j, bound, step, a))
        else:
            heappop(heap)


def nearest_first(before: Sequence[int], after: Sequence[int], first: int, last: int) -> list[int]:
    """Merge the pages before ``first`` (descending) and after ``last`` (ascending).

    The result is ordered by distance from the anchor's page range, and at equal distance
    the page before comes first: ``first-1, last+1, first-2, last+2, ...``.
    """
    if not before:
        return list(after)
    if not after:
        return list(before)
    out: list[int] = []
    i = j = 0
    nb, na = len(before), len(after)
    while i < nb and j < na:
        if first - before[i] <= after[j] - last:
            out.append(before[i])
            i += 1
        else:
            out.append(after[j])
            j += 1
    out.extend(before[i:])
    out.extend(after[j:])
    return out
