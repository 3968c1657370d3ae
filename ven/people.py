"""The people a question names, among a document's reviewers and comment authors.

Matching is by the names the records carry (``ssRevAuthors``, ``ssComAuthors``), not by the
question's grammar: it works the same in any language that writes names with capitals.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ven.set_intent import MAX_QUESTION

__all__ = ["named_people"]


def named_people(question: str, people: Iterable[str]) -> list[str]:
    """The people of ``people`` that ``question`` names, as whole words: the full name of
    two words or more, in any case (``casefold``; spacing ignored); a surname of four letters
    or more, or a one-word name, only capitalised in the question (*Price* names Anna Price,
    *unit price* does not; *Author*, Word's default, only as *Author*)."""
    q = " ".join((question or "")[:MAX_QUESTION].split())
    folded = q.casefold()
    out: list[str] = []
    for person in people:
        words = person.split()
        if not words:
            continue
        if len(words) > 1 and _whole_word(" ".join(words).casefold(), folded):
            out.append(person)
            continue
        surname = words[-1].strip(".,")
        if (len(words) == 1 or len(surname) >= 4) and _capitalised_word(surname, q):
            out.append(person)
    return out


def _whole_word(needle: str, text: str) -> bool:
    return bool(needle) and re.search(rf"(?<!\w){re.escape(needle)}(?!\w)", text) is not None


def _capitalised_word(word: str, text: str) -> bool:
    """Whether ``word`` is in ``text`` as a whole word starting with a capital letter."""
    if not word:
        return False
    for m in re.finditer(rf"(?<!\w){re.escape(word)}(?!\w)", text, re.IGNORECASE):
        if m.group()[0].isupper():
            return True
    return False
