"""numbering.xml: list numbers as Word shows them ("3.", "2.1", "(a)", "iv.") or bullets.

Counters run per numbering instance (``w:num``); an item at a level resets the deeper
levels; ``w:startOverride`` restarts an instance. ``%N`` in a level's text is replaced by
level N's counter in that level's format (``w:isLgl`` forces decimal).
"""

from __future__ import annotations

from lxml import etree

from dan.readers.docx.ooxml import W, int_val, val
from dan.readers.numerals import roman

__all__ = ["Numbering", "format_number"]


def _roman(n: int) -> str:
    if n <= 0 or n >= 4000:
        return str(n)
    return roman(n)


#: Word's own bounds: list counters run from 0 to 32,767, and level texts are short.
MAX_COUNTER = 32_767
MAX_LEVEL_TEXT = 256
#: Past this, a letter label (``aaaa…``, one letter per 26) is written as a number.
MAX_LETTER_REPEAT = 10


def _letters(n: int) -> str:
    if n <= 0 or n > 26 * MAX_LETTER_REPEAT:
        return str(n)
    # Word repeats the letter: a..z, aa..zz, aaa..
    letter = chr(ord("a") + (n - 1) % 26)
    return letter * ((n - 1) // 26 + 1)


def format_number(n: int, fmt: str) -> str:
    """Format counter ``n`` in OOXML number format ``fmt``."""
    if fmt in ("lowerLetter",):
        return _letters(n)
    if fmt in ("upperLetter",):
        return _letters(n).upper()
    if fmt == "lowerRoman":
        return _roman(n)
    if fmt == "upperRoman":
        return _roman(n).upper()
    if fmt == "decimalZero":
        return f"{n:02d}"
    return str(n)


def _counter(n: int) -> int:
    """A start or restart value within Word's counter range."""
    return max(0, min(n, MAX_COUNTER))


class _Level:
    __slots__ = ("start", "fmt", "text", "legal")

    def __init__(self, el: etree._Element | None) -> None:
        self.start = _counter(int_val(el.find(W.start), 1)) if el is not None else 1
        self.fmt = val(el.find(W.numFmt), "decimal") if el is not None else "decimal"
        self.text = val(el.find(W.lvlText), "")[:MAX_LEVEL_TEXT] if el is not None else ""
        self.legal = el is not None and el.find(W.isLgl) is not None


class Numbering:
    """List labels for ``(numId, ilvl)``, advancing Word's counters as items are read."""

    def __init__(
        self, root: etree._Element | None, style_num: dict[str, str] | None = None
    ) -> None:
        self._abstract: dict[str, dict[int, _Level]] = {}
        self._abstract_link: dict[str, str] = {}
        self._num: dict[str, tuple[str, dict[int, int], dict[int, _Level]]] = {}
        self._counters: dict[str, list[int]] = {}
        self._style_num = style_num or {}
        if root is None:
            return
        for ab in root.iter(W.abstractNum):
            aid = ab.get(W.abstractNumId, "")
            self._abstract[aid] = {int_val_attr(lvl): _Level(lvl) for lvl in ab.iter(W.lvl)}
            link = ab.find(W.numStyleLink)
            if link is not None:
                self._abstract_link[aid] = val(link)
        for num in root.iter(W.num):
            nid = num.get(W.numId, "")
            aid = val(num.find(W.abstractNumId))
            starts: dict[int, int] = {}
            levels: dict[int, _Level] = {}
            for ov in num.iter(W.lvlOverride):
                ilvl = int_val_attr(ov)
                so = ov.find(W.startOverride)
                if so is not None:
                    starts[ilvl] = _counter(int_val(so, 1))
                lvl = ov.find(W.lvl)
                if lvl is not None:
                    levels[ilvl] = _Level(lvl)
            self._num[nid] = (aid, starts, levels)

    def _levels(
        self, num_id: str, depth: int = 0
    ) -> tuple[dict[int, _Level], dict[int, int]] | None:
        entry = self._num.get(num_id)
        if entry is None or depth > 5:
            return None
        aid, starts, overrides = entry
        levels = self._abstract.get(aid)
        if levels is None:
            return None
        link = self._abstract_link.get(aid)
        if link and not any(lv.text or lv.fmt != "decimal" for lv in levels.values()):
            linked = self._style_num.get(link)
            if linked and linked != num_id:
                found = self._levels(linked, depth + 1)
                if found is not None:
                    levels = found[0]
        if overrides:
            levels = {**levels, **overrides}
        return levels, starts

    def label(self, num_id: str, ilvl: int) -> tuple[str, bool] | None:
        """``(label, ordered)`` for the next item of ``num_id`` at ``ilvl``; None if not a list."""
        if not num_id or num_id == "0":
            return None
        found = self._levels(num_id)
        if found is None:
            return None
        levels, starts = found
        ilvl = max(0, min(ilvl, 8))
        lvl = levels.get(ilvl) or _Level(None)
        if lvl.fmt == "bullet":
            self._advance(num_id, ilvl, levels, starts)
            return "", False
        counters = self._advance(num_id, ilvl, levels, starts)
        if lvl.fmt == "none":
            return "", False
        text = lvl.text or f"%{ilvl + 1}."
        out = []
        i = 0
        while i < len(text):
            ch = text[i]
            if ch == "%" and i + 1 < len(text) and text[i + 1].isdigit():
                k = int(text[i + 1]) - 1
                lv = levels.get(k) or _Level(None)
                n = counters[k] if 0 <= k < len(counters) and counters[k] else lv.start
                out.append(format_number(n, "decimal" if lvl.legal else lv.fmt))
                i += 2
                continue
            out.append(ch)
            i += 1
        return "".join(out).strip(), True

    def _advance(
        self, num_id: str, ilvl: int, levels: dict[int, _Level], starts: dict[int, int]
    ) -> list[int]:
        counters = self._counters.get(num_id)
        if counters is None:
            counters = [0] * 9
            self._counters[num_id] = counters
        if counters[ilvl] == 0:
            lvl = levels.get(ilvl) or _Level(None)
            counters[ilvl] = starts.get(ilvl, lvl.start)
        else:
            counters[ilvl] = min(counters[ilvl] + 1, MAX_COUNTER)
        for deeper in range(ilvl + 1, 9):
            counters[deeper] = 0
        return counters


def int_val_attr(el: etree._Element) -> int:
    """The ``w:ilvl`` attribute of a level element as an int."""
    try:
        return int(el.get(W.ilvl, "0"))
    except ValueError:
        return 0
