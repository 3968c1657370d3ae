"""Exact o200k counts of a text joined from parts whose counts are already known.

A chunk is its citation header, a blank line and its units' Markdown joined by line
breaks. Every unit was counted when it was rendered, so counting the whole chunk again
would tokenize the document a second time. o200k counts are not additive in general (a
full stop and the line breaks after it are one pre-token, ``".\\n\\n"``), but they are at
the boundaries this module recognises, from o200k's pre-tokenizer pattern
(:data:`dan.tokenizer._PAT_STR`), which splits a text into pieces that are byte-pair
encoded one by one:

* **After a line break.** When ``x`` ends with ``"\\n"`` and ``y`` starts with a character
  that is neither whitespace nor ``/``, the pieces of ``x + y`` are those of ``x`` then
  those of ``y``. A piece that ends with a line break is either ``\\s*[\\r\\n]+``, which
  cannot go on into a character that is not whitespace, or punctuation followed by
  ``[\\r\\n/]*``, which cannot go on into one that is neither a line break nor ``/``; no
  alternative ending there looks further ahead, and a piece starting at ``y[0]`` is found
  the same whatever precedes it (the pattern has no look-behind).
* **Before a word's space.** When ``a[k] == " "`` and ``a[k - 1]`` is an ASCII letter or
  digit, the pieces of ``a + z`` are those of ``a[:k]`` then those of ``a[k:] + z``, for
  any ``z``: no alternative can take a space after a letter or digit into its piece, and
  none that ends at ``a[k - 1]`` looks at what follows. So
  ``count(a + z) = count(a) - count(a[k:]) + count(a[k:] + z)``, where ``a[k:]`` is the
  short tail of ``a`` after its last such space.

:class:`JoinedCounter` uses both to count a chunk from its units' counts, tokenizing only
short tails (cached) and, where a boundary is not one of these (a unit that starts with
spaces, such as a nested list item), the parts either side of it together. The property
tests in ``tests/dan/test_joincount.py`` check every count against the tokenizer itself.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

__all__ = ["JoinedCounter", "Segment", "clean_start"]

#: ``(text, tokens)``: a part of a joined text and its count, or -1 when not known.
Segment = tuple[str, int]

#: Longest tail tokenized for :meth:`JoinedCounter.with_break`; a longer one (a unit
#: without a space after a letter or digit near its end) is counted with its unit instead.
_MAX_TAIL = 96
#: Tails whose count changes are cached; past this many distinct ones the cache restarts.
_MAX_CACHED = 65536
_ASCII_ALNUM = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")


def clean_start(text: str) -> bool:
    """True when ``text`` starts with a character after which a line break ends a piece:
    not whitespace (``str.isspace`` holds for every Unicode ``White_Space`` character, the
    pattern's ``\\s``) and not ``/``."""
    return bool(text) and not text[0].isspace() and text[0] != "/"


class JoinedCounter:
    """Counts joined texts exactly with ``count`` (o200k's, :func:`dan.tokenizer.count_tokens`:
    the boundary rules hold for its pattern only), tokenizing as little as it can."""

    def __init__(self, count: Callable[[str], int]) -> None:
        self.count = count
        self._tails: dict[tuple[str, str], int] = {}

    def with_break(self, text: str, tokens: int, brk: str) -> int:
        """``count(text + brk)``, given ``tokens == count(text)``; ``brk`` is a short string
        (a line break or two)."""
        k = text.rfind(" ")
        floor = len(text) - _MAX_TAIL
        while k > 0 and k >= floor and text[k - 1] not in _ASCII_ALNUM:
            k = text.rfind(" ", 0, k)
        if k <= 0 or k < floor:
            return self.count(text + brk)
        tail = text[k:]
        key = (tail, brk)
        delta = self._tails.get(key)
        if delta is None:
            delta = self.count(tail + brk) - self.count(tail)
            if len(self._tails) >= _MAX_CACHED:
                self._tails.clear()
            self._tails[key] = delta
        return tokens + delta

    def measure(self, segments: Sequence[Segment]) -> int:
        """The count of ``"".join(text for text, _ in segments)``.

        A segment's own count (``tokens`` >= 0) is used where it meets the next one at a
        line-break boundary (it ends with ``"\\n"`` and the next starts clean, see
        :func:`clean_start`); segments joined at other boundaries are counted together.
        """
        total = 0
        run: list[str] = []  # segments since the last usable boundary
        run_tokens = 0  # their count, while the run is one segment with a known count
        for text, tokens in segments:
            if run and run[-1].endswith("\n") and clean_start(text):
                total += run_tokens if run_tokens >= 0 else self.count("".join(run))
                run = []
            if run:
                run_tokens = -1
            else:
                run_tokens = tokens
            run.append(text)
        if run:
            total += run_tokens if run_tokens >= 0 else self.count("".join(run))
        return total
