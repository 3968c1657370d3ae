"""Superscripts in plain text: a caret before one that follows text directly.

A superscript run ("EUR 500" then a raised "1", "m" then a raised "2") has no form of its own
in dan's Markdown; written as it is, it joins the text before it and changes it: "EUR 5001",
"106" for ten to the sixth. Readers that know a run is raised (HTML's ``<sup>``, DOCX's
``w:vertAlign="superscript"``, RTF's ``\\super`` and ``\\up``) write it after a caret, as
plain text does: "EUR 500^1", "10^6", "m^-1". An ordinal's ending stays on its number ("5th",
"1er"), and a superscript after a space or an opening bracket is its text.
"""

from __future__ import annotations

__all__ = ["ORDINAL_ENDINGS", "caret_before"]

#: What a superscript may follow with no caret: an opening bracket or quote ("(<sup>1</sup>)").
_OPENING = frozenset("([{\"'“‘«")
#: A superscript starting with a sign is an exponent too ("10<sup>-3</sup>", "m<sup>−1</sup>").
_SIGNS = frozenset("-−+±")
#: The endings of ordinal numbers written as superscripts ("1st", "2e", "1er", "3º").
ORDINAL_ENDINGS = frozenset("st nd rd th e er re ère ème eme o a º ª os as".split())


def caret_before(last: str, raised: str) -> bool:
    """Whether the superscript text ``raised``, written right after the character ``last``
    ("" at the start of a line, or after something that is not text), takes a caret."""
    if not last or not raised or last.isspace() or last in _OPENING:
        return False
    if not (raised[0].isalnum() or raised[0] in _SIGNS):
        return False
    return not (last.isdigit() and raised.casefold() in ORDINAL_ENDINGS)
