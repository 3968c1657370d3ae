"""The characters a reader has read, held to ``Limits.max_chars``: one counter for the
readers that count their text piece by piece (spreadsheets, slides, ODT)."""

from __future__ import annotations

from dan.errors import TextTooLargeError
from dan.limits import Limits

__all__ = ["TextBudget"]


class TextBudget:
    """``count(text)`` adds ``text``'s characters and gives it back, or raises
    :class:`~dan.errors.TextTooLargeError` once the total passes ``limits.max_chars``;
    ``holder`` begins the message (``"the deck holds"``)."""

    __slots__ = ("chars", "holder", "limit")

    def __init__(self, limits: Limits, holder: str) -> None:
        self.chars = 0
        self.limit = limits.max_chars
        self.holder = holder

    def count(self, text: str) -> str:
        self.chars += len(text)
        if self.chars > self.limit:
            raise TextTooLargeError(
                f"{self.holder} more than Limits.max_chars={self.limit:,} "
                "characters: raise Limits.max_chars to convert it"
            )
        return text
