"""A hyphen at a line end: a broken word's (dropped, the word joined) or a compound's (kept).

PDFium flags a hyphen that ends a line and leaves it out of the line's text. Joining the
word without it is right for a word the typesetter broke (``deliv-`` / ``ery``) and wrong
for a compound that happens to break at its own hyphen (``non-`` / ``exclusive``,
``know-`` / ``how``). The hyphen is kept, by the first of these rules that applies, when

1. the part after the break is a single letter (``main-`` / ``d'œuvre``: no hyphenator
   leaves one letter on the next line);
2. the part after the break does not start with a lower-case letter (``COVID-`` / ``19``,
   ``Anglo-`` / ``American``), unless the first part is upper case, the second begins with a
   capital and the joined word occurs elsewhere in the document (``ELE-`` / ``MENT`` where
   ``ELEMENT`` is written whole: a capitalised word broken like any other);
3. (joined instead) the joined word occurs elsewhere in the document as one word;
4. the hyphenated compound occurs elsewhere in the document;
5. the first part is a prefix that forms compounds with a hyphen (:data:`PREFIXES`:
   ``non``, ``self``, ``well``…; prefixes that also begin plain words, such as ``pre`` or
   ``multi``, are not among them);
6. both parts (of three letters or more) occur in the document as words of their own and
   the joined word never does (``know`` and ``how``, never ``knowhow``).

Otherwise the word is joined, as before. "Elsewhere" is the document's own vocabulary:
the words of all its lines, hyphenated compounds and their parts, leaving out the parts
around every line-end hyphen (which are what is being decided).
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable

from attrs import evolve

from dan.readers.pdf.layout import Para
from dan.readers.pdf.values import Line

__all__ = ["PREFIXES", "keep_compound_hyphens", "keeps_hyphen", "vocabulary"]

#: First parts that make compounds with a hyphen and seldom begin a plain word.
PREFIXES = frozenset({"non", "self", "well", "cross", "quasi", "semi", "half"})

_WORD = re.compile(r"[^\W\d_]+(?:-[^\W\d_]+)*")
_LAST = re.compile(r"([^\W\d_]+)$")
_FIRST = re.compile(r"^([^\W\d_]+)")


def vocabulary(lines: Iterable[Line]) -> set[str]:
    """The lower-cased words of ``lines`` (in reading order), compounds and their parts,
    without the parts around line-end hyphens."""
    words: set[str] = set()
    after_hyphen = False
    for line in lines:
        found = _WORD.findall(line.text)
        if after_hyphen and found and line.text[:1].isalpha():
            found = found[1:]
        if line.hyphen and found and line.text[-1:].isalpha():
            found = found[:-1]
        after_hyphen = line.hyphen
        for word in found:
            word = word.lower()
            words.add(word)
            if "-" in word:
                words.update(word.split("-"))
    return words


def keeps_hyphen(head: str, tail: str, words: Collection[str]) -> bool:
    """Whether ``head``-(line end)-``tail`` keeps its hyphen (the module's rules);
    ``words`` is the document's :func:`vocabulary`."""
    low = head.lower()
    joined = low + tail.lower()
    if len(tail) == 1:
        return True
    if not tail[:1].islower():
        return not (head.isupper() and tail[:1].isupper() and joined in words)
    if joined in words:
        return False
    if f"{low}-{tail}" in words or low in PREFIXES:
        return True
    return len(low) >= 3 and len(tail) >= 3 and low in words and tail in words


def keep_compound_hyphens(paras: list[Para]) -> list[Para]:
    """``paras`` with the hyphen written back at the end of each line whose line-end hyphen
    belongs to a compound (the line still joins the next without a space)."""
    words: set[str] | None = None
    out: list[Para] = []
    for para in paras:
        lines = para.lines
        if para.table is not None or not any(line.hyphen for _, line in lines[:-1]):
            out.append(para)
            continue
        if words is None:
            words = vocabulary(line for p in paras for _, line in p.lines)
        new = list(lines)
        for k in range(len(lines) - 1):
            page, line = lines[k]
            if not line.hyphen:
                continue
            head = _LAST.search(line.text)
            tail = _FIRST.match(lines[k + 1][1].text)
            if head is None or tail is None or keeps_hyphen(head.group(1), tail.group(1), words):
                new[k] = (page, _with_hyphen(line))
        out.append(evolve(para, lines=tuple(new)))
    return out


def _with_hyphen(line: Line) -> Line:
    box = line.boxes[-1] if line.boxes else line.box
    return Line.of(
        list(line.text) + ["-"],
        line.boxes + (box,),
        line.sizes + (line.size,),
        line.bolds + (line.bold,),
        True,
        line.base,
        line.split,
    )
