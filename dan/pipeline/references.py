"""Cross-references: the labels a chunk carries and the labels its text mentions.

A *label* is a name other text can point at:

* a numbered heading — ``9 Limitation of liability`` carries ``9``; every chunk under it
  (its heading path) carries the label, so ``clause 9`` reaches the whole clause;
* a numbered paragraph — ``9.2 The total liability …`` carries ``9.2`` (at least one dot:
  a paragraph starting ``3 people`` is not clause 3);
* a named part — headings ``Schedule 3 – Special provisions``, ``Appendix B``, ``Annex 1``,
  ``Exhibit A``, ``Attachment 2`` carry ``Schedule 3`` and so on;
* a caption — a paragraph ``Table 3: Rates`` or ``Figure 2. Layout`` carries ``Table 3``,
  and so does the table right after it;
* a numbered item — a paragraph or heading that starts ``Resolution 47/3:``, ``Finding
  F-19 –``, ``Decision 12.`` (resolutions, findings, decisions, motions, requirements,
  recommendations, observations: what minutes, audit reports and specifications number)
  carries ``Resolution 47/3``, ``Finding F-19``, ``Decision 12``;
* a heading's title — ``Definitions`` (from ``12 Definitions`` or ``Definitions``), which
  ``see Definitions`` or ``as defined in "Definitions"`` point at.

A *mention* is text naming a label: ``clause 9.2``, ``Sections 4 and 5``, ``§ 7``,
``Article 3``, ``Schedule 3``, ``Table 3``, ``resolution 47/3``, ``findings F-2 and F-7``,
``see Definitions``. Mentions are English and
case-insensitive; ``clause``, ``section``, ``article``, ``paragraph``, ``chapter``, ``part``
and ``§`` all point at a number. A mention is kept only when the document carries the label
somewhere outside the mentioning chunk (:func:`resolve`): nothing is guessed, and a
chunk's own clause is not a reference. A label every chunk carries (the title heading of a
document) is no label at all (:func:`common_labels`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

from ven.schema import label_key

__all__ = [
    "caption_tables",
    "common_labels",
    "heading_labels",
    "label_key",
    "mentions",
    "mentions_each",
    "paragraph_label",
    "resolve",
]

_NUM = r"\d{1,4}(?:\.\d{1,4}){0,5}"
_ID = rf"(?:{_NUM}|(?-i:[A-Z]{{1,2}}|[IVXLC]{{1,6}}))(?![\w])"
_NUMBERED_KINDS = r"clauses?|sections?|articles?|paragraphs?|paras?\.?|chapters?|parts?|§§?"
_NAMED = {
    "schedule": "Schedule",
    "appendix": "Appendix",
    "appendices": "Appendix",
    "annex": "Annex",
    "annexe": "Annex",
    "annexes": "Annex",
    "exhibit": "Exhibit",
    "attachment": "Attachment",
    "table": "Table",
    "figure": "Figure",
    "fig.": "Figure",
    "figs.": "Figure",
}
_NAMED_KINDS = (
    r"schedules?|appendix|appendices|annex(?:es|e)?|exhibits?|attachments?|tables?|figures?|figs?\."
)
#: The kinds of numbered item minutes, audit reports and specifications name.
_ITEMS = {
    word: word.capitalize()
    for word in (
        "resolution",
        "finding",
        "decision",
        "motion",
        "requirement",
        "recommendation",
        "observation",
    )
}
#: An item is labelled by its singular ("Findings 2023" is a heading about a year) and
#: mentioned by either.
_ITEM_KIND = "|".join(_ITEMS)
_ITEM_KINDS = "|".join(f"{word}s?" for word in _ITEMS)
#: An item's number: digits joined by ``.``, ``/`` or ``-`` (``47/3``, ``2024-05``, ``4.2``),
#: after an optional code of capitals (``F-19``, ``R12``).
_ITEM_ID = r"(?:(?-i:[A-Z]{1,3})-?)?\d{1,4}(?:[./-]\d{1,4}){0,3}(?![\w/])"
_ITEM_LIST_TAIL = rf"(?:\s*(?:,|and|or|&)\s*({_ITEM_ID}))"
_HEADING_NUMBER = re.compile(
    rf"(?:(?:clause|section|article|chapter|part|§)\s*)?({_NUM})[.:]?(?=\s|$)", re.I
)
_HEADING_NAMED = re.compile(rf"({_NAMED_KINDS})\s+({_ID})", re.I)
_PARAGRAPH_NUMBER = re.compile(r"(\d{1,4}(?:\.\d{1,4}){1,5})\.?\s+\S")
_ITEM_HEADING = re.compile(rf"({_ITEM_KIND})\s+({_ITEM_ID})", re.I)
_ITEM_LABEL = re.compile(rf"({_ITEM_KIND})\s+({_ITEM_ID})\s*[:.(–—-]", re.I)
_CAPTION = re.compile(rf"(tables?|figures?|figs?\.)\s+({_NUM}|[A-Z])\s*[:.–—-]\s*\S", re.I)
_LIST_TAIL = rf"(?:\s*(?:,|and|or|&)\s*({_ID}))"
_MENTION = re.compile(
    rf"(?<![\w§])(?:(?P<kind>{_NUMBERED_KINDS}|{_NAMED_KINDS})\s*(?P<id>{_ID})"
    rf"(?P<tail>(?:{_LIST_TAIL}){{0,8}})"
    rf"|(?P<item>{_ITEM_KINDS})\s+(?P<item_id>{_ITEM_ID})(?P<item_tail>(?:{_ITEM_LIST_TAIL}){{0,8}}))",
    re.I,
)
_LIST_ITEM = re.compile(_LIST_TAIL, re.I)
_ITEM_LIST_ITEM = re.compile(_ITEM_LIST_TAIL, re.I)
#: Where a mention can start, on the lower-cased text: a case-sensitive scan is about
#: twice as fast as :data:`_MENTION`'s case-insensitive one, which then runs only there (and
#: checks what precedes it). It starts with the kinds' words, not a look-behind, so the
#: regex engine skips ahead to their first letters.
_MENTION_START = re.compile(
    # (the kinds' words grouped by first letter, in their order within each letter: the
    # regex engine then tries one group at a character, not every word)
    r"(?:c(?:lauses?|hapters?)|s(?:ections?|chedules?)"
    r"|a(?:rticles?|ppendix|ppendices|nnex(?:es|e)?|ttachments?)"
    r"|p(?:aragraphs?|aras?\.?|arts?)|§§?|tables?|f(?:igures?|igs?\.|indings?)|exhibits?"
    r"|re(?:solutions?|quirements?|commendations?)|decisions?|motions?|observations?)"
    r"(?=\s*[\da-z])"
)
#: "see Definitions": :func:`_see_matches` checks that it starts a word (a leading ``\b``
#: would keep the regex engine from skipping ahead to the phrases' first letters).
_SEE = re.compile(
    r"(?:see|as defined in|defined in|under the heading|set out in)\s+(?:the\s+)?[\"“']?"
    r"((?:[A-Z][\w’'&-]*)(?:\s+(?:of|and|the|[A-Z&][\w’'-]*)){0,5})",
)
#: What every :data:`_SEE` match contains (it is case-sensitive): a text without any of
#: these has no "see" reference.
_SEE_WORDS = ("see", "defined in", "under the heading", "set out in")
_WORD_CHAR = re.compile(r"\w")
_SPACE = re.compile(r"\s+")
#: Longest mention or label written (characters).
MAX_LABEL = 60


#: Letters ``re.IGNORECASE`` matches to an ASCII letter of a kind's word though their lower
#: case is another letter — the long s (ſ ~ s), the dotless i (ı ~ i) and the dotted capital
#: I (İ ~ i, whose lower case is two characters) — folded to it before lower-casing: one
#: character for one, so a scan's offsets hold.
_FOLD = str.maketrans({"\u017f": "s", "\u0131": "i", "\u0130": "i"})


def _kind_name(kind: str) -> str:
    k = kind.translate(_FOLD).lower()
    if k in _NAMED:
        return _NAMED[k]
    return _NAMED[k[:-1]] if k.endswith("s") and k[:-1] in _NAMED else ""


def _item_name(kind: str) -> str:
    """The name of a numbered item's kind as matched (``Findings``, ``reſolution``), or ""
    for none (never raises)."""
    k = kind.translate(_FOLD).lower()
    return _ITEMS.get(k) or _ITEMS.get(k[:-1], "")


def heading_labels(heading: str) -> list[str]:
    """The labels a heading carries: its number or named part, and its title."""
    text = heading.strip()
    out: list[str] = []
    title = text
    item = _ITEM_HEADING.match(text)
    if item and not _item_name(item.group(1)):
        item = None
    named = None if item else _HEADING_NAMED.match(text)
    number = None if item or named else _HEADING_NUMBER.match(text)
    if item:
        out.append(f"{_item_name(item.group(1))} {item.group(2).upper()}")
        title = text[item.end() :]
    elif named and _kind_name(named.group(1)):
        out.append(f"{_kind_name(named.group(1))} {named.group(2).upper()}")
        title = text[named.end() :]
    elif number:
        out.append(number.group(1))
        title = text[number.end() :]
    title = title.strip(" .:–—-")
    if title and not title[0].isdigit() and len(title) <= MAX_LABEL:
        out.append(_SPACE.sub(" ", title))
    return out


def paragraph_label(text: str) -> str | None:
    """The label a paragraph carries: its dotted clause number, its caption's name, or the
    numbered item it starts (``Resolution 47/3: …``)."""
    head = text.lstrip()[:MAX_LABEL]
    number = _PARAGRAPH_NUMBER.match(head)
    if number:
        return number.group(1)
    item = _ITEM_LABEL.match(head)
    name = _item_name(item.group(1)) if item else ""
    if item and name:
        return f"{name} {item.group(2).upper()}"
    return _caption_label(head)


def _caption_label(head: str) -> str | None:
    caption = _CAPTION.match(head)
    if caption:
        name = _kind_name(caption.group(1))
        if name:
            return f"{name} {caption.group(2).upper()}"
    return None


def mentions(text: str) -> list[str]:
    """The labels ``text`` names, in order of first mention (not yet resolved)."""
    return _labels(_mention_matches(text), _see_matches(text))


#: Joins texts scanned together: no mention or "see" phrase can run across it, and it is
#: neither a word character nor § (what the scans look at either side of a match).
_APART = "\x00"


def mentions_each(texts: Sequence[str]) -> list[list[str]]:
    """``[mentions(t) for t in texts]``, scanning the texts once, joined (a chunk's units:
    one scan instead of one per unit)."""
    if len(texts) < 2:
        return [mentions(t) for t in texts]
    joined = _APART.join(texts)
    ends: list[int] = []
    pos = 0
    for t in texts:
        pos += len(t)
        ends.append(pos)
        pos += 1
    numbered: list[list[re.Match[str]]] = [[] for _ in texts]
    seen: list[list[re.Match[str]]] = [[] for _ in texts]
    for found, into in ((_mention_matches(joined), numbered), (_see_matches(joined), seen)):
        i = 0
        for m in found:
            while m.start() > ends[i]:
                i += 1
            into[i].append(m)
    return [_labels(a, b) for a, b in zip(numbered, seen)]


def _labels(numbered: Iterable[re.Match[str]], seen: Iterable[re.Match[str]]) -> list[str]:
    """The labels of a text's mention matches, then of its "see" matches, in order of
    first mention."""
    out: dict[str, str] = {}
    for m in numbered:
        item = m.group("item")
        if item:  # a numbered item: "resolution 47/3", "findings F-2 and F-7"
            name = _item_name(item)
            if not name:
                continue
            tail = _ITEM_LIST_ITEM.finditer(m.group("item_tail") or "")
            for ident in [m.group("item_id")] + [i.group(1) for i in tail]:
                label = f"{name} {ident.upper()}"
                out.setdefault(label_key(label), label)
            continue
        name = _kind_name(m.group("kind"))
        idents = [m.group("id")] + [i.group(1) for i in _LIST_ITEM.finditer(m.group("tail") or "")]
        for ident in idents:
            if name:
                label = f"{name} {ident.upper()}"
            elif ident[0].isdigit():
                label = ident
            else:
                continue  # "section A" of a numbered kind: not a number
            out.setdefault(label_key(label), label)
    for m in seen:
        words = m.group(1).split()
        # every prefix of the capitalised phrase: "see Definitions below" names "Definitions"
        for n in range(len(words), 0, -1):
            if words[n - 1].lower() in ("the", "of", "and"):
                continue
            label = " ".join(words[:n]).rstrip(".,;:’'")
            if label:
                out.setdefault(label_key(label), label)
    return list(out.values())


def _see_matches(text: str) -> Iterator[re.Match[str]]:
    """What ``_SEE.finditer(text)`` would yield with a ``\\b`` in front of it."""
    for phrase in _SEE_WORDS:  # (a few substring searches rule most texts out)
        if phrase in text:
            break
    else:
        return
    search = _SEE.search
    word = _WORD_CHAR.match
    pos = 0
    while True:
        m = search(text, pos)
        if m is None:
            return
        start = m.start()
        if start and word(text, start - 1):
            pos = start + 1  # inside a word: look again from the next character
            continue
        yield m
        pos = m.end()


def _load_mention_starts() -> Callable[[str, str], list[int]] | None:
    """The C scan for where mentions can start (``dan.pipeline._cscan``, built by
    ``scripts/compile.py``), or None in the pure-Python build."""
    try:
        from dan.pipeline import _cscan
    except ImportError:
        return None
    return _cscan.mention_starts


_mention_starts = _load_mention_starts()


def _mention_matches(text: str) -> Iterator[re.Match[str]]:
    """What ``_MENTION.finditer(text)`` yields, matched only where a mention can start
    (found by :data:`_MENTION_START`, or by the C scan: a kind's word at a word's start that
    an identifier can follow; either is a superset of the places the pattern can match)."""
    low = text.translate(_FOLD).lower()
    if len(low) != len(text):  # a character whose lower case is longer: offsets differ
        yield from _MENTION.finditer(text)
        return
    starts: Iterable[int] = (
        (c.start() for c in _MENTION_START.finditer(low))
        if _mention_starts is None
        else _mention_starts(low, text)
    )
    match = _MENTION.match
    end = 0
    for start in starts:
        if start < end:
            continue
        m = match(text, start)
        if m:
            end = m.end()
            yield m


def resolve(labels: Sequence[Iterable[str]], mentioned: Sequence[Iterable[str]]) -> list[list[str]]:
    """Each chunk's references: its mentions that name a label other chunks carry and it
    does not, written as that label is written where it is defined.

    ``labels[i]`` and ``mentioned[i]`` are chunk ``i``'s labels and mentions.
    """
    where: dict[str, set[int]] = {}
    shown: dict[str, str] = {}
    for i, own in enumerate(labels):
        for label in own:
            key = label_key(label)
            where.setdefault(key, set()).add(i)
            shown.setdefault(key, label)
    out: list[list[str]] = []
    for i, names in enumerate(mentioned):
        refs: dict[str, str] = {}
        for label in names:
            key = label_key(label)
            holders = where.get(key)
            if holders and i not in holders:
                refs.setdefault(key, shown[key])
        out.append(list(refs.values()))
    return out


def caption_tables(texts: Sequence[str], tables: Sequence[int]) -> Mapping[int, str]:
    """Tables named by the caption paragraph right before them: ``{table id: label}``
    (``texts[i]`` and ``tables[i]`` are block ``i``'s plain text and table id, 0 for none)."""
    out: dict[int, str] = {}
    for i in range(len(texts) - 1):
        if tables[i + 1] and not tables[i]:
            label = _caption_label(texts[i].lstrip()[:MAX_LABEL])
            if label:
                out.setdefault(tables[i + 1], label)
    return out


def common_labels(labels: Sequence[Iterable[str]]) -> set[str]:
    """The keys of labels every one of several chunks carries: they name nothing in
    particular (a document's title heading is in every chunk's path)."""
    if len(labels) < 2:
        return set()
    sets = [{label_key(x) for x in own} for own in labels]
    return set.intersection(*sets)
