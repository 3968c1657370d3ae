"""SmartArt (a ``graphicFrame`` whose ``dgm:relIds`` names a diagram data part): the text
of its points as a nested list, in the diagram's own order.

The data part (``dgm:dataModel``) holds points (``dgm:pt``: the document point, nodes and
assistants with their text; transitions and presentation points, which hold none) and
connections (``dgm:cxn`` of type ``parOf``, the default: a parent, a child and the child's
place ``srcOrd``). The nodes are walked from the document point, children in ``srcOrd``
order: each node's first paragraph is an item at its depth, its further paragraphs items
one level down. Points no connection reaches follow in the part's order.
"""

from __future__ import annotations

from collections.abc import Callable

from lxml import etree

from dan import model as m
from dan.errors import LimitExceededError
from dan.limits import Limits

__all__ = ["DGM", "diagram_blocks"]

DGM = "{http://schemas.openxmlformats.org/drawingml/2006/diagram}"
_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_TEXT_POINTS = ("node", "asst", "doc")
#: The deepest list level written (as for a slide's bullets).
_MAX_LEVEL = 8


def _order(value: str | None) -> int:
    try:
        return int(value or "0")
    except ValueError:
        return 0


def diagram_blocks(
    root: etree._Element,
    runs: Callable[[etree._Element], list[m.Inline]],
    limits: Limits,
) -> list[m.Block]:
    """The text of a diagram data part's points as list items, in reading order."""
    points: dict[str, tuple[str, etree._Element]] = {}
    for pt in root.iter(DGM + "pt"):
        kind = pt.get("type", "node")
        mid = pt.get("modelId", "")
        if kind in _TEXT_POINTS and mid and mid not in points:
            points[mid] = (kind, pt)
        if len(points) > limits.max_blocks:
            raise LimitExceededError(
                f"a SmartArt diagram holds more than Limits.max_blocks={limits.max_blocks:,} points"
            )
    children: dict[str, list[tuple[int, int, str]]] = {}
    for n, cxn in enumerate(root.iter(DGM + "cxn")):
        if cxn.get("type", "parOf") != "parOf":
            continue
        src, dest = cxn.get("srcId", ""), cxn.get("destId", "")
        if src in points and dest in points and src != dest:
            children.setdefault(src, []).append((_order(cxn.get("srcOrd")), n, dest))
    out: list[m.Block] = []
    seen: set[str] = set()

    def emit(mid: str, depth: int) -> None:
        kind, pt = points[mid]
        body = pt.find(DGM + "t")
        if kind == "doc" or body is None:
            return
        first = True
        for para in body.iterchildren(_A + "p"):
            inlines = runs(para)
            if not any(isinstance(i, (m.Text, m.Link)) for i in inlines):
                continue
            level = min(depth if first else depth + 1, _MAX_LEVEL)
            out.append(m.ListItem(tuple(inlines), depth=level))
            first = False

    def walk(start: str, base: int) -> None:
        stack = [(start, base)]
        while stack:
            mid, depth = stack.pop()
            if mid in seen:
                continue
            seen.add(mid)
            emit(mid, depth)
            below = depth + (0 if points[mid][0] == "doc" else 1)
            kids = sorted(children.get(mid, ()))
            stack.extend((dest, below) for _, _, dest in reversed(kids))

    for mid, (kind, _pt) in points.items():
        if kind == "doc":
            walk(mid, 0)
    for mid in points:  # (points no connection reaches, in the part's order)
        if mid not in seen:
            walk(mid, 0)
    return out
