"""The people a question names, among a document's reviewers and comment authors.

Matching is by the names the records carry (``ssRevAuthors``, ``ssComAuthors``), not by the
question's grammar: it works the same in any language that writes names with capitals.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

from ven.set_intent import MAX_QUESTION

__all__ = ["named_people"]


def named_people(question: str, people: Iterable[str]) -> list[str]:
    """The people of ``people`` that ``question`` names, as whole words: the full name of
    two words or more, in any case (``casefold``; spacing ignored); a surname of four letters
    or more, or a one-word name, only capitalised in the question (*Price* names Anna Price,
    *unit price* does not; *Author*, Word's default, only as *Author*); a given name of three
    letters or more, capitalised, when no one else in ``people`` has it (as given name or
    surname) and it does not open a sentence of the question unless a possessive follows
    (*what did Lukas change* and *Martin's edits* name Lukas Brandt and Martin Achterberg;
    *Will the fee rise?* does not name Will Jones)."""
    q = " ".join((question or "")[:MAX_QUESTION].split())
    folded = q.casefold()
    listed = [p for p in people if p.split()]
    given = {p: _given_name(p) for p in listed}
    # (a given name another person also has, as given name or surname, names no one)
    shared = Counter(g.casefold() for g in given.values() if g)
    shared.update(p.split()[-1].strip(".,").casefold() for p in listed)
    out: list[str] = []
    for person in listed:
        words = person.split()
        if len(words) > 1 and _whole_word(" ".join(words).casefold(), folded):
            out.append(person)
            continue
        surname = words[-1].strip(".,")
        if (len(words) == 1 or len(surname) >= 4) and _capitalised_word(surname, q):
            out.append(person)
            continue
        first = given[person]
        if first and shared[first.casefold()] == 1 and _given_in(first, q):
            out.append(person)
    return out


def _given_name(person: str) -> str | None:
    """The given name of a name of two words or more (titles such as *Dr.* skipped): a
    capitalised word of three letters or more before the surname, or None."""
    words = [w for w in person.split() if not w.endswith(".")]
    if len(words) < 2:
        return None
    first = words[0]
    return first if len(first) >= 3 and first[0].isupper() and first.isalpha() else None


def _given_in(name: str, text: str) -> bool:
    """Whether ``name`` is in ``text`` as a capitalised whole word that does not open a
    sentence, or opens one with a possessive after it (*Martin's*)."""
    for m in re.finditer(rf"(?<!\w){re.escape(name)}(?!\w)", text):
        before = text[: m.start()].rstrip()
        opens = not before or before[-1] in '.!?:;"“‘(—–-'
        if not opens or text[m.end() :].startswith(("'s", "’s")):
            return True
    return False


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
