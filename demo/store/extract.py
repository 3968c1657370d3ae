"""The offline answer: sentences and table rows extracted from an answer's context.

No model writes anything here. The context ven assembled is cut into *units* — a sentence
of prose, a list item, or a table row (shown with its column headings) — and each unit is
scored against the question's words with BM25 over the context's own units (English
Snowball stems, stopwords dropped, a bonus for the question's word pairs in order). The
best units that cover enough of the question, within a small token budget, are the answer,
each verbatim with the citation (title · section · page) of the passage it came from. When
no unit covers enough of the question the answer says the documents do not contain it.
Deterministic: the same context and question give the same extract.
"""

from __future__ import annotations

import math
import re
import threading
from collections import Counter
from collections.abc import Callable, Collection, Sequence
from functools import lru_cache

import dan
from attrs import frozen

from demo.store.lexical import words
from demo.store.crossrefs import (
    UnitLabels,
    doc_title,
    partners,
    section_labels,
    section_path,
    unit_labels,
    with_definitions,
)
from demo.store.marks import marks_in, plain
from demo.store.text import shown_section
from ven.people import named_people

__all__ = ["Extract", "ExtractItem", "extract_answer", "NOT_FOUND"]

#: Tokens (o200k) of extracted text at most, and units at most.
BUDGET = 400
MAX_ITEMS = 8
#: A unit must match this share of the question's weight (IDF of its words in the context).
MIN_COVERAGE = 0.34
#: ... and hold (in its text, title or section) at least two of the question's distinct
#: words and more than this share of those the context holds at all (in some unit, title
#: or section: a word no document of the context holds counts against no unit) — a word
#: both in its text and in its section or title counts twice: "the capital of Australia" is
#: not answered by a row that only mentions Australia.
MIN_WORDS = 0.4
#: A question word found in a unit's title or section (not its text) counts this much.
LOCATED_WEIGHT = 0.5
#: ... and score at least this share of the best unit,
MIN_RELATIVE = 0.5
#: ... except that the best this many units that match are listed whatever their share: a
#: unit far above the rest is not always the answer ("Policy HR-TRV-07 | Owner: Group HR"
#: scores twice "Replaces the policy of March 2021" for "Which earlier policy does
#: HR-TRV-07 replace?"), and three candidates are what an answer's first lines hold.
MIN_LISTED = 3
#: Units longer than this (characters) are cut at a word boundary.
MAX_UNIT_CHARS = 700
#: The question's words held by one document only name it when they weigh this many times
#: more than the words held by any other one document (:func:`_naming_terms`).
NAMING_MARGIN = 1.5
#: When the question names one document of the context by a name or number only it holds
#: (:func:`_naming_terms`, :func:`_name_terms`), a unit of any other document scores this
#: share: "the Castellan price list's validity" is not answered by the Hartmann list's
#: sentence with the same words.
OTHER_DOCUMENT_WEIGHT = 0.5
#: The meaning match (``meaning``): the units of the search's best hits, this many of them
#: among the context's passages, are compared with the question by the embedding model, and
#: the closest takes this place among the items when the words ranked it lower or not at all
#: ("How hot can it get?" is answered by "The maximum permissible temperature is 45 °C").
MEANING_HITS = 5
MEANING_PLACE = 2
#: With no unit matching the question's words, the closest unit in meaning answers when its
#: similarity (cosine, MiniLM) is at least this. The questions of the answer benchmark that
#: no document answers (the capital of Australia, …) reach 0.39 at most on every collection;
#: questions answered in other words, 0.60 and more.
MEANING_FOUND = 0.55
#: The second and third items each add a part of the question (:func:`_covering`): a unit
#: next in line that adds none of the question's words worth this share of its weight (IDF)
#: gives way to one of the next :data:`COVER_WINDOW` units that does. Measured on the captured
#: contexts: wsdev 84.8 -> 86.4 %, devq 92.8 -> 93.4, public 21.7 -> 22.7 (22.4 once a unit
#: the meaning match placed moves down one place at most), quality unchanged; shares of 0.1
#: and 0.2 and a window of 3 gave the same or one question more or less per set.
COVER_SHARE = 0.15
COVER_WINDOW = 2
#: Units placed right after the best one because it refers to them or they refer to it
#: (:func:`demo.store.crossrefs.partners`: "Notwithstanding section 2, …").
PARTNERS = 1
#: The chunk types (dan's ``ssType``) of lines that stand on every page of their document.
RUNNING = frozenset({"header", "footer"})
#: The search's rank as a light tie-break: a unit of the passage at rank r of ``hits``
#: (0 the best) scores 1 + HIT_RANK_WEIGHT / (1 + r / HIT_RANK_SCALE) times its word score
#: (1.1 at rank 0, 1.05 at rank 3, none outside the hits). Measured on the captured
#: contexts: public 20.7 -> 21.7 %, quality unchanged overall (cross-section 76.5 -> 82.3,
#: table tails 100 -> 98), wsdev and devq unchanged; a weight of 0.5 cost quality a point.
HIT_RANK_WEIGHT = 0.1
HIT_RANK_SCALE = 3.0

NOT_FOUND = "Not found in the documents: no passage of the context matches the question well enough."
HEADING = "Extracted from the documents (verbatim; no model wrote this):"
#: The heading when no passage shares enough of the question's words (found by meaning alone).
MEANING_HEADING = (
    "Extracted from the documents (verbatim; no model wrote this). No passage shares enough of the "
    "question's words; this is the closest in meaning:"
)

_HEADER = re.compile(r"^\[(?:doc_title|section_path|page_range|ssTitle)[^\]]*\]\s*$")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=(?:\{==|\{\+\+|\{--)?[\"“‘(\[]?[A-Z0-9])")
#: Words after which a full stop does not end a sentence ("Document No. 7", "e.g. this").
_ABBREVIATIONS = frozenset(
    "no nos nr art sec para fig ref rev vol p pp e.g i.e etc vs approx incl cf dr mr mrs ms st co corp inc ltd "
    "prof mx messrs hon sr jr gen col capt lt sgt cl sch reg pt ch dept tel fax est".split()
)
#: Months written short: their full stop ends no sentence before a number ("Sept. 14"), but
#: "Invoices go to Jan. She approves them." is two.
_MONTHS_SHORT = frozenset("jan feb mar apr jun jul aug sep sept oct nov dec".split())
_ROW = re.compile(r"^\s*\|.*\|\s*$")
_RULE = re.compile(r"^\s*\|?\s*:?-{3,}")
_BOLD_LINE = re.compile(r"^\*\*[^*]+\*\*$")  # a title or heading set in bold: the locator says it
_LIST = re.compile(r"^\s*(?:[-*+]|\d+[.)])\s+")
_BULLET = re.compile(r"^\s*[-*+]\s+")


@frozen(slots=True)
class ExtractItem:
    """One extracted unit: its text, where it is, and how well it matched."""

    text: str
    locator: str
    passage_id: str
    score: float


@frozen(slots=True)
class Extract:
    """The extractive answer: ``items`` best first; ``text`` as shown to a person."""

    items: tuple[ExtractItem, ...]
    text: str
    #: True when no unit matched the question's words and the items were found by meaning
    #: alone (see :func:`extract_answer`).
    by_meaning: bool = False

    @property
    def found(self) -> bool:
        """Whether anything in the context answered the question."""
        return bool(self.items)


#: dan's Markdown marks tracked changes ``{++ins++}{>>rev: Name<<}`` and comments
#: ``{>>Name, date: text<<}``: a unit holding one also matches these words.
_REVISION = re.compile(r"\{>>rev:|\{\+\+|\{--")
_COMMENT = re.compile(r"\{>>(?!rev:)")
_REVISION_WORDS = ("revise", "change", "edit", "amend", "revision", "tracked")
_COMMENT_WORDS = ("comment", "remark", "note", "annotation")


#: One Snowball stemmer per thread: a stemmer object keeps the word it works on.
_STEMMERS = threading.local()


@lru_cache(maxsize=1 << 16)
def _stem(word: str) -> str:
    """The English Snowball (Porter2) stem of a lower-case word: *rotation*, *rotated* and
    *rotating* are one term, and *during* is not *duration*."""
    stemmer = getattr(_STEMMERS, "english", None)
    if stemmer is None:
        # (imported here: the store's modules import this one, and only answering needs it)
        import snowballstemmer

        stemmer = _STEMMERS.english = snowballstemmer.stemmer("english")
    return str(stemmer.stemWord(word))


#: Abbreviations in documents that a question spells out ("Document No." answers "document number").
_RAW_WORD = re.compile(r"[^\W_]+")
_ALIASES = {"no": "number", "nr": "number", "num": "number", "qty": "quantity", "ref": "reference", "dept": "department", "rev": "revision", "ver": "version"}


#: The clitic after an apostrophe ("the scheme's", "What's", "don't"): not a word of its own, or
#: "the group's European companies" would match "the scheme's number" by its "s".
_CLITIC = re.compile(r"(?<=[^\W_])['’](?:s|t|d|ll|re|ve|m)\b", re.IGNORECASE)


#: Words of no weight for the extract besides the tokenizer's stopwords (which the hashing
#: embedding shares, so they stay as they are): the forms of *be* and the modal verbs it lacks
#: ("Has the cap been changed?" asks about the cap, not about "been"), and adverbs that say
#: when or how much of anything ("How long do the obligations last once the MSA ends?" is
#: not answered by "at least once every 12 months").
_NO_WEIGHT = frozenset("been being am would could should might once again then there here also very just ever still".split())


def _terms(text: str) -> list[str]:
    return [_stem(w) for w in words(_CLITIC.sub("", text)) if w not in _NO_WEIGHT]


#: "No" is the abbreviation of *number* only where a number follows it ("Company No. 02266491",
#: "No: 7", "No # 4", "No. F-03", "Policy no 5512"); "no additional costs" and "Refundable:
#: no." are the English word.
_NUMBER_NO = re.compile(r"\bno\b(?=[.:#]*\s*[.:#]?\s*[A-Z]{0,4}[-/]?\d)", re.IGNORECASE)


def _unit_terms(text: str) -> list[str]:
    # ("no" is a stopword: :func:`_terms` leaves it out, the alias puts *number* in)
    aliases = [_stem(_ALIASES[w]) for w in _RAW_WORD.findall(text.lower()) if w in _ALIASES and w != "no"]
    aliases += [_stem("number")] * len(_NUMBER_NO.findall(text))
    return _terms(text) + aliases


#: Each kind of reviewers' mark: its pattern in dan's Markdown and the words a unit holding
#: one also matches.
_MARKS = (("revision", _REVISION, _REVISION_WORDS), ("comment", _COMMENT, _COMMENT_WORDS))


def _mark_kinds(text: str) -> frozenset[str]:
    """The kinds of reviewers' marks in ``text``: ``revision`` and ``comment``."""
    return frozenset(kind for kind, pattern, _words in _MARKS if pattern.search(text))


def _marked(kinds: frozenset[str]) -> list[str]:
    """The terms a unit holding marks of ``kinds`` also matches."""
    return [_stem(w) for kind, _pattern, words in _MARKS if kind in kinds for w in words]


def _raw_cells(line: str) -> list[str]:
    return [c.strip() for c in line.strip().strip("|").split("|")]


#: A cell whose own text is dan's mark of a spanned column (written escaped).
_OWN_SPANNED = "\\" + dan.SPANNED_CELL


def _cells(raw: Sequence[str]) -> list[str]:
    """A pipe-table row's cells (``raw``: as :func:`_raw_cells` reads them); a column that
    the cell on its left spans (:data:`dan.SPANNED_CELL`) is empty: its text is in that cell."""
    return ["" if c == dan.SPANNED_CELL else dan.SPANNED_CELL if c == _OWN_SPANNED else c for c in raw]


def _header_cells(raw: Sequence[str]) -> list[str]:
    """A header row's column names (``raw``: as :func:`_raw_cells` reads them): a column that
    the heading on its left spans takes that heading's name (a merged group names each of its
    columns)."""
    names: list[str] = []
    for c in raw:
        if c == dan.SPANNED_CELL and names:
            names.append(names[-1])
        else:
            names.append(dan.SPANNED_CELL if c == _OWN_SPANNED else c)
    return names


def _joined_names(names: Sequence[str]) -> str:
    """The column names of a value spanning several columns as one: their " / " parts each
    once, in order ("Price (EUR) / Net" and "Price (EUR) / Gross": "Price (EUR) / Net /
    Gross"; "Price" and "Lead time": "Price / Lead time")."""
    parts = [p for name in names for p in name.split(" / ") if p]
    return " / ".join(dict.fromkeys(parts))


def _row_pairs(header: Sequence[str], raw: Sequence[str], cells: Sequence[str]) -> list[str]:
    """A data row as "Column: value" pairs: a value spanning columns said once, under the
    names of every column it spans; cells past the header as they are."""
    pairs: list[str] = []
    k = 0
    while k < len(cells):
        j = k + 1
        while j < len(raw) and raw[j] == dan.SPANNED_CELL:
            j += 1
        value = cells[k]
        if value:
            name = _joined_names(header[k:j]) if k < len(header) else ""
            pairs.append(f"{name}: {value}" if name else value)
        k = j
    return pairs


#: A clause's number or letter standing alone ("6.2.", "IV.", "(b)", "a)"): it starts the
#: sentence after it, not a sentence of its own.
_LABEL_ONLY = re.compile(r"^(?:\(?[0-9A-Za-z]{1,4}\)|[0-9A-Za-z]{1,4}(?:\.[0-9A-Za-z]{1,4})*\.)$")


#: A footnote mark after a sentence's full stop ("… Study Day.[^1] Fasting …").
_MARK_AFTER_STOP = re.compile(r"([.!?])(\[\^[^\]\s]+\])(?=\s)")


def _sentences(text: str) -> list[str]:
    out: list[str] = []
    # (the mark goes before the stop, so the sentence ends there and keeps its mark)
    for part in _SENTENCE.split(_MARK_AFTER_STOP.sub(r"\2\1", text)):
        part = part.strip()
        if not part:
            continue
        last = re.sub(r"[^\w.]", "", out[-1].rsplit(None, 1)[-1]).rstrip(".").lower() if out else ""
        short = last in _ABBREVIATIONS or len(last) == 1 or (last in _MONTHS_SHORT and part[:1].isdigit())
        if out and (_LABEL_ONLY.match(out[-1]) or (out[-1].endswith(".") and short)):
            out[-1] += " " + part
        else:
            out.append(part)
    return out


def _units(text: str) -> list[str]:
    """Sentences, list items and table rows (``heading: value · …``) of one passage."""
    return [u for u, _item, _heads in _item_units(text) if u]


#: A paragraph that starts an enumerated item: "(b) …", "ii) …", "c. …", "IV. …", "2) …".
_ENUMERATED = re.compile(r"^(?:\((?:[ivxlc]{1,5}|[a-zA-Z]|\d{1,3})\)|(?:[ivxlc]{1,5}|[IVXLC]{1,5}|[a-zA-Z]|\d{1,3})[.)])\s")


_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*$")


#: Markdown's hard line break: a backslash ending a line (not an escaped backslash).
_HARD_BREAK = re.compile(r"(?<!\\)((?:\\\\)*)\\\s*$")


def _item_units(text: str) -> list[tuple[str, bool, tuple[tuple[int, str], ...]]]:
    """:func:`_units` with, for each, whether it starts a list item or an enumerated
    paragraph, and the passage's Markdown headings (level, title) met before it."""
    out: list[tuple[str, bool, tuple[tuple[int, str], ...]]] = []
    heads_seen: tuple[tuple[int, str], ...] = ()
    header: list[str] | None = None
    fresh = False  # no data row under the header yet
    heads: list[list[str]] = []  # the header's rows as written
    para: list[str] = []

    def flush(item: bool = False) -> None:
        if para:
            joined = " ".join(para)
            first = item or bool(_ENUMERATED.match(joined))
            out.extend((s, first and k == 0, heads_seen) for k, s in enumerate(_sentences(joined)))
            para.clear()

    # (a line break inside a paragraph, Markdown's "\\" at the line's end, is a space here)
    lines = [_HARD_BREAK.sub(r"\1", line) for line in text.split("\n")]
    for i, line in enumerate(lines):
        stripped = line.strip()
        if _ROW.match(line):
            flush()
            if _RULE.match(line):
                continue
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            raw = _raw_cells(line)
            if _RULE.match(nxt):
                header, fresh = _header_cells(raw), True
                heads = [[c.casefold() for c in raw]]
                continue
            cells = _cells(raw)
            if header is None:
                out.append((" · ".join(c for c in cells if c), False, heads_seen))
                continue
            if [c.casefold() for c in raw] in heads:
                continue  # a header row again (a table continued across a page): no data
            same = [bool(c) and c.casefold() == h.casefold() for h, c in zip(header, cells)]
            if fresh and any(same):
                heads.append([c.casefold() for c in raw])
                # the header's second row (cells under a merged heading): "heading / sub-heading"
                # (a sub-heading merged across columns names each of them)
                sub = _header_cells(raw)
                header = [h if not c or c.casefold() == h.casefold() else f"{h} / {c}" if h else c
                          for h, c in zip(header, sub)] + header[len(sub):]
                continue
            fresh = False
            out.append((" · ".join(_row_pairs(header, raw, cells)), False, heads_seen))
            continue
        header = None
        if not stripped or _HEADER.match(stripped) or stripped.startswith(("#", "```")) or _BOLD_LINE.match(stripped):
            flush()
            heading = _HEADING.match(stripped)
            if heading is not None:
                heads_seen = (*heads_seen, (len(heading.group(1)), heading.group(2)))
            if heading is not None or _BOLD_LINE.match(stripped):
                out.append(("", False, heads_seen))  # (no unit: it ends the list a lead-in opened)
            continue
        if _LIST.match(line):
            flush()
            # a bullet goes, a number stays: "3. The Recipient shall …" is clause 3
            para.append(_BULLET.sub("", line).strip())
            flush(item=True)
            continue
        para.append(stripped.lstrip("> ").strip())
    flush()
    return [(part, item and k == 0, heads) for u, item, heads in out for k, part in enumerate(_clauses(u) if u else [""])]


#: Where a long sentence may be cut: after a semicolon, before an enumerated clause
#: ("(ii)", "(b)", "(3)"); failing those, after a comma.
_CLAUSE_BREAK = re.compile(r"(?<=;)\s+|\s+(?=\((?:[ivx]{1,5}|[a-z]|\d{1,2})\)\s)")
_COMMA_BREAK = re.compile(r"(?<=,)\s+")


def _pack(pieces: Sequence[str], limit: int) -> list[str]:
    """Consecutive ``pieces`` joined by a space into runs of at most ``limit`` characters
    (a piece longer than ``limit`` is a run of its own)."""
    runs: list[str] = []
    for piece in pieces:
        if runs and len(runs[-1]) + 1 + len(piece) <= limit:
            runs[-1] += " " + piece
        else:
            runs.append(piece)
    return runs


def _clauses(unit: str, limit: int = MAX_UNIT_CHARS) -> list[str]:
    """``unit`` whole when it has at most ``limit`` characters; else cut into consecutive
    parts at its clauses (semicolons, enumerated clauses, then commas), each as long as fits,
    so that no text is lost and no part ends mid-clause. A clause with no such break that is
    still too long is cut at words, the cut marked "…" on both sides."""
    if len(unit) <= limit:
        return [unit]
    out: list[str] = []
    for run in _pack([p for p in _CLAUSE_BREAK.split(unit) if p], limit):
        for part in _pack([p for p in _COMMA_BREAK.split(run) if p], limit) if len(run) > limit else [run]:
            while len(part) > limit:
                head = part[: limit - 2].rsplit(" ", 1)[0]
                out.append(head + " …")
                part = "… " + part[len(head) :].lstrip()
            out.append(part)
    return out


_LINKED = re.compile(r"!?\[[^\]]*\]\([^)]*\)|https?://\S+")
_WORD = re.compile(r"[^\W\d_]{2,}")


def quotable(unit: str, text: str) -> bool:
    """Whether a unit (``unit`` as dan wrote it, ``text`` its plain form) may be quoted: not a
    reference-list entry (``^ …``), not a line of links or an image alone, not a line
    without two words."""
    if text.startswith(("^", "↑")) or len(_WORD.findall(text)) < 2:
        return False
    if _LINKED.search(unit) and len(_WORD.findall(_LINKED.sub(" ", unit))) < 3:
        return False
    return True


_PassageUnit = tuple[str, str, tuple[str, ...], int, frozenset[str], frozenset[str], tuple[tuple[int, str], ...]]


@lru_cache(maxsize=4096)
def _passage_units(text: str) -> tuple[_PassageUnit, ...]:
    """A passage's quotable units in plain text, with their duplicate key, terms, lead-in and
    the labels of the section they stand in (cached: the same passages come back in many
    contexts). The lead-in of a list item or enumerated paragraph is the unit ending in a
    colon that its list follows ("Confidential Information shall not include information
    which:" for "(b) is rightfully received from a third party"): its index among the
    passage's units, or -1. The section is the passage's (its citation line) until a heading
    in the passage starts another (:func:`demo.store.crossrefs.section_labels`). Then the
    kinds of reviewers' marks the unit holds (:func:`_mark_kinds`), and the passage's
    headings met before it."""
    out: list[_PassageUnit] = []
    lead = -1
    sections: dict[tuple[tuple[int, str], ...], frozenset[str]] = {}
    for u, item, heads in _item_units(text):
        if not item:  # (a heading, a bold line or a line of one word ends the list too)
            lead = -1
        shown = plain(u)
        if not quotable(u, shown):
            continue
        if heads not in sections:
            sections[heads] = section_labels(text, heads)
        kinds = _mark_kinds(u)
        out.append((shown, " ".join(shown.split()).casefold(), tuple(_unit_terms(shown) + _marked(kinds)),
                    lead if item else -1, sections[heads], kinds, heads))
        if shown.endswith(":"):
            lead = len(out) - 1
    return tuple(out)


@lru_cache(maxsize=4096)
def unit_locator(passage: str, locator: str, headings: tuple[tuple[int, str], ...]) -> str:
    """The citation of a unit of ``passage`` that stands under ``headings`` of the passage:
    the passage's ``locator`` (``title · section · p. N``) with its section replaced by the
    unit's when a heading in the passage starts another section — a chunk that begins in
    "Latest laboratory results" and goes on into "Plan" cites its plan's sentence under
    "Plan". Unchanged when the two are the same or the locator is not of that form."""
    if not headings:
        return locator
    path, mine = section_path(passage), section_path(passage, headings)
    if mine == path or not mine:
        return locator
    title = doc_title(passage)

    def shown(parts: Sequence[str]) -> str:
        return shown_section(title, _PATH_JOIN.join(" ".join(p.replace("*", " ").split()) for p in parts))

    old, new = shown(path), shown(mine)
    parts = locator.split(_LOCATOR_JOIN)
    if not new or new == old:
        return locator
    if old and old in parts:
        parts[parts.index(old)] = new
    elif not old and title and parts[0] == title:
        parts.insert(1, new)
    else:
        return locator
    return _LOCATOR_JOIN.join(parts)


_PATH_JOIN = " > "
_LOCATOR_JOIN = " · "


@lru_cache(maxsize=4096)
def _locator_terms(locator: str) -> frozenset[str]:
    return frozenset(_terms(locator))


#: English question words that say which kind of value is asked for (a hint: ``value_types``).
_ASKS = (
    ("date", re.compile(r"^\W*(?:when|until when|by when|since when|what (?:date|day|year|month|time))\b|\b(?:what|which) (?:dates?|days?|years?)\b", re.I)),
    ("code", re.compile(r"\b(?:what|which) is the (?!(?:total|overall|maximum|minimum|average|mean|median|exact|approximate) )(?:[\w-]+ ){1,3}(?:number|no|code|id|reference)\b", re.I)),
    ("amount", re.compile(r"\b(?:how much|price|prices|cost|costs|fee|fees|amount|rate|salary|budget|penalty|charge)\b", re.I)),
    ("number", re.compile(r"^\W*how (?:many|long|often|old|far|big|large|soon)\b|\bwhat (?:percentage|number|share)\b", re.I)),
    ("person", re.compile(r"^\W*(?:who|whom|whose)\b", re.I)),
)
_MONTHS = "jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec|january|february|march|april|june|july|august|september|october|november|december"
_HAS = {
    "date": re.compile(rf"\b(?:{_MONTHS})\.?\s+\d{{1,2}}\b|\b\d{{1,2}}\.?\s+(?:{_MONTHS})\b|\b\d{{4}}-\d{{2}}-\d{{2}}\b|\b\d{{1,2}}[/.]\d{{1,2}}[/.]\d{{2,4}}\b|\b(?:1[6-9]|20)\d{{2}}\b", re.I),
    "amount": re.compile(r"[$€£¥]\s?\d|\b\d[\d,.]*\s?(?:%|percent|EUR|USD|GBP|CHF|euros?|dollars?)\b|\b(?:EUR|USD|GBP|CHF)\s?\d", re.I),
    "number": re.compile(r"\d"),
    "code": re.compile(r"\b[A-Z]{1,8}(?:-[A-Z0-9]{1,8})*-\d[\w-]*|\b[A-Z]{1,8}\d[\w-]*"),
    "person": re.compile(r"\b[A-Z][a-z]+(?:\s+[A-Z]\.)?\s+[A-Z][a-z]+"),
}
_CONTRACTED = re.compile(r"\b(what|which|who|when|where|how)['’]s\b", re.I)
#: A unit holding the kind of value the question asks for scores this much more.
VALUE_BONUS = 1.5
#: A question whose words are at least this share (by IDF) words of a document's title or
#: running lines' locator asks about the document itself ("When did the Nordwell supplier
#: audit take place?" of the "Supplier Audit Report – Nordwell Valves"): the document's
#: header and footer lines, where its dates, version and authors stand, score
#: :data:`VALUE_BONUS` times more, and are candidates even when they share none of its words
#: ("Is the Hartmann supply agreement final?" — "Draft 3 of 12 March 2025 – for negotiation
#: purposes only") if the title itself (not a word only the document holds) is at least this
#: share of the question, holds two of its words or more, and the context holds at least half
#: of the question's words.
ABOUT_DOCUMENT = 0.7


#: A question that starts with a verb asks whether something holds, not for a value ("Are
#: the list prices fixed?" asks for no price).
_YES_NO = re.compile(r"^\W*(?:is|are|was|were|can|could|do|does|did|will|would|has|have|had|may|must|should|shall)\b", re.I)


def _asked(question: str) -> list[str]:
    """The sentences of ``question`` that ask: those ending in "?", cut as
    :func:`_sentences` cuts, so "the U.S. subsidiary" or "pump vs. the HX-300" ends none."""
    return [s for s in _sentences(question.strip()) if s.rstrip().endswith("?")]


def _asking(question: str) -> str:
    """The first sentence of ``question`` that asks (the whole text when none does): "I'm
    going to ACHEMA. Can my hotel cost more?" asks "Can my hotel cost more?"."""
    return next(iter(_asked(question)), question)


def _questions(question: str) -> str:
    """The sentences of ``question`` that ask, or the whole text when none does: "Visit
    windows are counted around the target Study Day. What counts as Study Day 1?" asks "What
    counts as Study Day 1?"; "Do operators need hearing protection? How loud does it get?"
    asks both."""
    return " ".join(_asked(question)) or question


def asked_value(question: str) -> str | None:
    """The kind of value an English question asks for: date, amount, number, person, or None.
    Read from the sentence that asks; a yes/no question (it starts with a verb: *Is*, *Are*,
    *Can*, *Does* …) asks for none. A contracted question word reads as written out
    ("What's the reference number" is "What is the reference number")."""
    text = _CONTRACTED.sub(lambda m: m.group(1) + " is", _asking(question[:500]))
    if _YES_NO.match(text):
        return None
    for kind, pattern in _ASKS:
        if pattern.search(text):
            return kind
    return None


_COMMENT_Q = re.compile(r"\b(?:comment|comments|commented|remark|remarks|note|notes|annotat\w*)\b", re.I)
_REVISION_Q = re.compile(r"\b(?:chang\w*|revis\w*|edit\w*|amend\w*|insert\w*|delet\w*|track\w*)\b", re.I)


def asked_marks(question: str) -> frozenset[str]:
    """The kinds of reviewers' marks an English question asks about: ``revision`` for
    *changed*, *edited*, *revised*, *amended*, *inserted*, *deleted*, *tracked*; ``comment``
    for *comment*, *remark*, *note*, *annotation* (a hint: ``value_types``)."""
    return frozenset(k for k, pattern in (("revision", _REVISION_Q), ("comment", _COMMENT_Q)) if pattern.search(question))


#: Dates a question may give for reviewers' marks: a day (ISO, or with an English month's
#: name), a month (ISO ``2025-06`` or a month's name and year) or a year.
_ISO_DAY = re.compile(r"(?<![\w-])((?:19|20)\d{2})-(\d{2})-(\d{2})(?![\w-])")
_ISO_MONTH = re.compile(r"(?<![\w-])((?:19|20)\d{2})-(\d{2})(?![\w-])")
_DAY_NAMED = re.compile(rf"\b(\d{{1,2}})(?:st|nd|rd|th)?\.?\s+({_MONTHS})\.?,?\s+((?:19|20)\d{{2}})\b", re.I)
_NAMED_DAY = re.compile(rf"\b({_MONTHS})\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+((?:19|20)\d{{2}})\b", re.I)
_MONTH_NAMED = re.compile(rf"\b({_MONTHS})\.?,?\s+((?:19|20)\d{{2}})\b", re.I)
_YEAR = re.compile(r"(?<![\w-])((?:19|20)\d{2})(?![\w-])")
_MONTH_NO = {m: i for i, m in enumerate("jan feb mar apr may jun jul aug sep oct nov dec".split(), 1)}
#: The date a mark's note gives (``{>>Author, 2025-06-07: …`` / ``{>>rev: Author, 2025-06-07``).
_MARK_DATE = re.compile(r"(\{>>(?:rev: )?[^,:<]*?), \d{4}-\d{2}-\d{2}")


def asked_dates(question: str) -> list[tuple[str, str]]:
    """The dates ``question`` gives, as ``(prefix of an ISO date, as written)``: "2025-06-07",
    "7 June 2025" and "June 7, 2025" are the day ``2025-06-07``; "2025-06" and "June 2025" the
    month ``2025-06``; "2025" the year ``2025`` (month names in English: a hint)."""
    text = question[:500]
    out: list[tuple[str, str]] = []

    def take(pattern: re.Pattern[str], prefix: Callable[[re.Match[str]], str]) -> None:
        nonlocal text
        for m in pattern.finditer(text):
            out.append((prefix(m), m.group(0)))
        text = pattern.sub(" ", text)

    def month(name: str) -> int:
        return _MONTH_NO[name.lower()[:3]]

    take(_ISO_DAY, lambda m: f"{m[1]}-{m[2]}-{m[3]}")
    take(_DAY_NAMED, lambda m: f"{m[3]}-{month(m[2]):02d}-{int(m[1]):02d}")
    take(_NAMED_DAY, lambda m: f"{m[3]}-{month(m[1]):02d}-{int(m[2]):02d}")
    take(_ISO_MONTH, lambda m: f"{m[1]}-{m[2]}")
    take(_MONTH_NAMED, lambda m: f"{m[2]}-{month(m[1]):02d}")
    take(_YEAR, lambda m: m[1])
    return out


def _named_marks(
    question: str, passages: Sequence[tuple[str, str, str]]
) -> tuple[list[ExtractItem], frozenset[str], str]:
    """The sentences and rows holding comments or revisions of the people ``question`` names
    among the marks' authors, or of the dates it gives for them, those sharing more of the
    question's other words (in their text, title or section) first, else in context order,
    in plain text (the marks in words: who, when, what they anchor or change); the other
    authors found (so units marked only by people the question does not name can be left
    out); and, when the question asks for marks of dates that no mark of the context has,
    the answer that says so (else "").

    A date counts when the question asks about comments or changes (:func:`asked_marks`) or
    names an author, and the date is not written in the context's text (its passages, the
    comments and changed text included, all but the marks' own dates): "the 2025 price list"
    names a document and "comments that mention 2024" a comment's words, not when a mark
    was made."""
    found = [(u, marks_in(u), loc, pid) for text, loc, pid in passages for u in _units(text) if "{>>" in u]
    if not found:
        return [], frozenset(), ""
    authors = list(dict.fromkeys(mk.author for _, mks, _, _ in found for mk in mks if mk.author))
    named = set(named_people(question, authors))
    asked = asked_marks(question)
    dates = asked_dates(question) if named or asked else []
    if dates:  # (the context's text is read only when the question gives a date)
        own = "\n".join(_MARK_DATE.sub(r"\1", text) for text, _l, _p in passages)
        dates = [(d, w) for d, w in dates if not re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", own)]
    if not named and not dates:
        return [], frozenset(), ""
    comments, revisions = "comment" in asked, "revision" in asked
    kinds = {"comment"} if comments and not revisions else {"insertion", "deletion"} if revisions and not comments else {"comment", "insertion", "deletion"}
    items: list[ExtractItem] = []
    seen: set[str] = set()
    for unit, mks, loc, pid in found:
        if any(
            (not named or mk.author in named) and mk.kind in kinds and (not dates or any(mk.date.startswith(d) for d, _w in dates))
            for mk in mks
        ):
            text = plain(unit)
            if text not in seen:
                seen.add(text)
                items.append(ExtractItem(text, loc, pid, 0.0))
    if dates and not items:
        what = "comment" if kinds == {"comment"} else "change" if "comment" not in kinds else "comment or change"
        who = f" by {' or '.join(sorted(named))}" if named else ""
        when = " or ".join(w for _d, w in dates)
        return [], frozenset(), f"Not found in the documents: no {what}{who} in the context is dated {when}."
    # those sharing more of the question's other words (in their text, title or section)
    # first: "Martin's edits to the claims conditions in section 4" puts section 4's first
    wanted = set(_terms(question)) - {t for a in named for t in _terms(a)}
    items.sort(key=lambda it: -len(wanted & (set(_terms(it.text)) | _locator_terms(it.locator))))
    return items, frozenset(a for a in authors if a not in named) if named else frozenset(), ""


def _others_only(unit: str, others: frozenset[str]) -> bool:
    """Whether a unit's marks are all by ``others`` (people the question does not name)."""
    names = re.findall(r"\((?:inserted|deleted|comment|reply) by ([^,:)]+)", unit)
    return bool(names) and all(n.strip() in others for n in names)


def extract_answer(
    question: str,
    passages: Sequence[tuple[str, str, str]],
    *,
    budget: int = BUDGET,
    max_items: int = MAX_ITEMS,
    value_types: bool = True,
    documents: Sequence[str] | None = None,
    meaning: Callable[[Sequence[str]], Sequence[float] | None] | None = None,
    hits: Sequence[str] = (),
    kinds: Sequence[str] | None = None,
    focus: Collection[str] | None = None,
) -> Extract:
    """The extract for ``question`` from ``passages`` — ``(text, locator, passage id)`` each,
    in context order. At most ``budget`` tokens and ``max_items`` units.

    When the question names the author of comments or revisions in the context, those marks
    come first, each described (who, when, what it anchors or changes), and units whose marks
    are only by people the question does not name are left out. ``value_types`` (an English
    hint): a unit holding the kind of value the question asks for (a date for *When*, an
    amount for *How much*, a number for *How many*, a name for *Who*) scores
    :data:`VALUE_BONUS` times more.

    Right after the best unit come up to :data:`PARTNERS` units of its document that it
    refers to or that refer to it (a rule and its exception), whatever their words; when the
    second item is not one of them, its own nearest such unit comes third (an exception
    found second brings the rule it names). ``documents`` names each passage's document
    (default: the title in its citation line).

    ``hits`` (the passage ids of the search's ranking, best first) break near ties between
    the words' scores (:data:`HIT_RANK_WEIGHT`).

    ``meaning`` (the question's similarity to each of some texts, e.g. by the store's
    embedding model; ``None`` when it has none to give) and ``hits``:
    of the units of the first :data:`MEANING_HITS` of them in the context, the one closest to the
    question takes place :data:`MEANING_PLACE` among the items unless it is already there or
    above (``kinds``, dan's ``ssType`` of each passage: the header and footer lines of those
    hits' documents are among the candidates too, since they stand on every page) — found by
    its meaning when its words differ from the question's. When no unit
    matches the question's words, the closest of those units answers alone (with its nearest
    partner) if its similarity is at least :data:`MEANING_FOUND`; otherwise the answer is
    "not found" ("If the client pays for my lunch, is my daily allowance cut?" is answered by
    "The daily allowance is reduced by 20 % for each meal provided free of charge.").

    ``focus`` (document ids, as in ``documents``; needs ``documents``): the files a route
    chose and sent whole, when the context also holds what they left of the cap, spent on
    other files. The chosen files answer first: their extract is what it would be without
    the other files, and the whole context's items follow it while ``max_items`` and
    ``budget`` allow — the chosen files' first, then the other files' (so the other files
    answer when the chosen ones do not)."""
    if budget < 1 or max_items < 1:
        raise ValueError("budget and max_items must be at least 1")
    if documents is not None and len(documents) != len(passages):
        raise ValueError("documents must name one document per passage")
    if kinds is not None and len(kinds) != len(passages):
        raise ValueError("kinds must give one chunk type per passage")
    if focus:
        return _focused(question, passages, focus, budget, max_items, value_types, documents, meaning, hits, kinds)
    marked, others, undated = _named_marks(question, passages)
    if undated:
        return Extract((), undated)
    wanted = asked_value(question) if value_types else None
    wanted_marks = asked_marks(question) if value_types else frozenset()
    units: list[tuple[str, str, str, tuple[str, ...]]] = []
    where: list[frozenset[str]] = []  # the words of each unit's locator (title, section)
    labels: list[UnitLabels] = []
    leads: dict[int, int] = {}  # unit -> the lead-in its list follows
    running: set[int] = set()  # the units of header and footer passages
    # (a unit is kept once per document: the same row in two price lists is two answers, the
    # one of the document the question names scoring higher; an item is shown once)
    seen: set[tuple[str, str]] = set()
    keys: list[str] = []
    marks_of: list[frozenset[str]] = []  # the kinds of reviewers' marks each unit holds
    for k, (text, loc, pid) in enumerate(passages):
        loc_terms = _locator_terms(loc)
        doc = documents[k] if documents is not None else doc_title(text)
        at: dict[int, int] = {}  # the passage's unit -> its place in ``units``
        for m, (unit, key, terms, lead, in_section, mark_kinds, heads) in enumerate(_passage_units(text)):
            if (doc, key) in seen or (others and _others_only(unit, others)):
                continue
            seen.add((doc, key))
            keys.append(key)
            at[m] = len(units)
            if lead in at:
                leads[len(units)] = at[lead]
            if kinds is not None and kinds[k] in RUNNING:
                running.add(len(units))
            units.append((unit, unit_locator(text, loc, heads), pid, terms))
            marks_of.append(mark_kinds)
            where.append(loc_terms)
            labels.append(unit_labels(unit, doc, in_section))
    if marked:
        return _finish(marked[:max_items], budget)
    labels = with_definitions([u for u, *_ in units], labels)
    q_terms = list(dict.fromkeys(_terms(question)))
    if not units:
        return Extract((), NOT_FOUND)
    if not q_terms:
        return _by_meaning_alone(units, labels, meaning, hits, budget, running)
    n = len(units)
    df = Counter(t for *_, terms in units for t in set(terms))
    idf = {t: math.log(1 + (n - df[t] + 0.5) / (df[t] + 0.5)) for t in q_terms if df[t]}
    total = sum(idf.values())
    if not idf or total <= 0:
        return _by_meaning_alone(units, labels, meaning, hits, budget, running)
    pairs = {(a, b) for a, b in zip(q_terms, q_terms[1:])}
    avg = sum(len(t) for *_, t in units) / n or 1.0
    naming = _naming_terms(idf, units, where, labels)
    # (the question's words some unit or locator of the context holds: a word no document
    # holds cannot be matched, so it does not count against a unit)
    anywhere = frozenset().union(*where) if where else frozenset()
    present = [t for t in q_terms if df[t] or t in anywhere]
    # A question that sets the scene before it asks ("Visit windows are counted around the
    # target Study Day. What counts as Study Day 1?") is held to the sentences that ask: the
    # share of the question's weight and of its words a unit must hold are theirs.
    # (a sentence that asks in words of no weight, "To what, and by whom?", leaves it to the
    # whole question)
    asks = frozenset(_terms(_questions(question))) or frozenset(q_terms)
    bar_total = sum(idf[t] for t in idf if t in asks) or total
    bar_present = [t for t in present if t in asks] or present
    # (a document named by a name or number the question writes, not by a common word only
    # it happens to hold: "the JEA agreement", not "grant")
    names = _name_terms(question)
    named_doc = next((d for d, ts in naming.items() if not names.isdisjoint(ts)), None)
    scored: list[tuple[float, int]] = []
    bare: set[int] = set()  # running lines that answer without a word of the question
    hit_rank: dict[str, int] = {}
    for r, hit in enumerate(hits):
        hit_rank.setdefault(hit, r)
    # (the words a unit holds or its title and section name, before naming adds to them:
    # only a question about a document, asked of its header or footer lines, looks at them)
    held_by = [frozenset(terms) | where[j] for j, (*_, terms) in enumerate(units)] if running else []
    for i, (_unit, _loc, pid, terms) in enumerate(units):
        tf = Counter(terms)
        # a word only this unit's document holds names the document: it locates the units
        # that do not say it, as a title word would (a clause of the JEA agreement is about
        # the JEA agreement though it does not say "JEA")
        titled = where[i]  # the words of its title and section alone
        named = naming.get(labels[i].doc, frozenset()).difference(terms)
        if named:
            where[i] = where[i] | named
        matched = [t for t in idf if tf[t]]
        located = [t for t in idf if not tf[t] and t in where[i]]
        # a question about the document itself: its header and footer lines score more, and
        # answer it even when they share none of its words ("Is the Hartmann supply
        # agreement final?" — "Draft 3 of 12 March 2025 – for negotiation purposes only")
        # when its title holds the question: two of its words or more, at least
        # ABOUT_DOCUMENT of its weight, and the context holds half of its words at least
        # ("When did the Berlin Wall fall?" is not about a risk register with a wall in it)
        about = i in running and sum(idf[t] for t in idf if t in where[i]) >= ABOUT_DOCUMENT * total
        if about:
            # ... unless a part of the document holds what the question asks beyond its title
            # (its words, or its section's): "How long is the term of the Northwind
            # CranePoint agreement?" asks its clause "2. Term", not its header
            body = [j for j in range(n) if j not in running and labels[j].doc == labels[i].doc]
            rest = frozenset(t for t in q_terms if t not in titled and any(t in held_by[j] for j in body))
            about = not rest or not any(rest <= held_by[j] for j in body)
        if matched or not (
            about
            and sum(idf[t] for t in idf if t in titled) >= ABOUT_DOCUMENT * total
            and sum(1 for t in q_terms if t in titled) >= 2
            and 2 * len(present) >= len(q_terms)
            and (names & anywhere) <= titled  # "the Castellan agreement": Castellan's own title
        ):
            if (
                sum(idf[t] for t in matched) + sum(idf[t] for t in located) < MIN_COVERAGE * bar_total
                or not matched
                or asks.isdisjoint(matched + located)  # the scene's words alone answer nothing
            ):
                continue
            # a word in the text that its section or title also names counts twice: the unit
            # is about it ("What is the warranty period?" in a section called Warranty)
            held = sum((1 if tf[t] or t in where[i] else 0) + (1 if tf[t] and t in where[i] else 0) for t in q_terms)
            if len(q_terms) > 1 and (held < 2 or held <= MIN_WORDS * len(bar_present)):
                continue
        if not matched:
            bare.add(i)
        norm = 1.2 * (0.25 + 0.75 * len(terms) / avg)
        # A word of the unit's title or section says which document it is, not what it
        # answers: it counts at the located weight whether or not the text repeats it.
        score = sum(idf[t] * (LOCATED_WEIGHT if t in where[i] else tf[t] * 2.2 / (tf[t] + norm)) for t in matched)
        score += LOCATED_WEIGHT * sum(idf[t] for t in located)
        # (a pair of the question's words in the text scores more — unless both are words of
        # the unit's title or section: "This Master Services Agreement is made between …"
        # names the document, it does not answer "the warranty period in the master services
        # agreement"; a header or footer line, which answers questions about its document,
        # keeps the pair)
        score += 0.5 * sum(
            idf.get(a, 0.0)
            for a, b in zip(terms, terms[1:])
            if (a, b) in pairs and (i in running or not (a in titled and b in titled))
        )
        if wanted is not None and _HAS[wanted].search(units[i][0]):
            score *= VALUE_BONUS
        if wanted_marks & marks_of[i]:  # "Who changed the payment term?": a tracked change
            score *= VALUE_BONUS
        if about:
            score *= VALUE_BONUS  # a question about the document itself: its header or footer
        if named_doc and labels[i].doc != named_doc:
            score *= OTHER_DOCUMENT_WEIGHT
        if pid in hit_rank:  # the search's rank breaks near ties
            score *= 1 + HIT_RANK_WEIGHT / (1 + hit_rank[pid] / HIT_RANK_SCALE)
        scored.append((score, i))
    if not scored:
        return _by_meaning_alone(units, labels, meaning, hits, budget, running)
    scored.sort(key=lambda si: (-si[0], si[1]))
    placed: set[int] = set(bare)  # units other rules place: the covering moves them one down at most
    if meaning is not None and hits:
        scored, pick = _by_meaning(scored, units, labels, meaning, hits, running)
        if pick is not None:
            placed.add(pick)
    best = scored[0][0]
    score_of = dict((i, sc) for sc, i in scored)
    first = scored[0][1]
    ranked = [i for k, (sc, i) in enumerate(scored) if k < MIN_LISTED or sc >= MIN_RELATIVE * best]
    ranked = _covering(ranked, [terms for *_, terms in units], idf, score_of, placed)
    paired = _nearest_partners(first, labels, score_of)[:PARTNERS]
    if first not in leads:  # a lead-in: its best item follows it
        listed = _list_partner(first, leads, score_of)
        if listed is not None:
            paired = [listed, *(j for j in paired if j != listed)]
    order = [first, *paired, *(i for i in ranked[1:] if i not in paired)]
    if len(order) > 1 and order[1] not in paired:
        order = _with_partner_third(order, labels, score_of)
    # an item of a list is quoted after the lead-in it completes, in one item ("… shall not
    # include information which: (b) is rightfully received …"): the lead-in alone answers
    # nothing and would take a place of its own; a lead-in met without its item brings its
    # best-scored one (its first when none scored), and a lead-in already quoted is not
    # quoted again
    order = list(dict.fromkeys(order))
    opens = frozenset(leads.values())  # the lead-ins whose items are units of the context
    items: list[ExtractItem] = []
    shown: set[str] = set()
    used = 0
    for k, i in enumerate(order):
        if len(items) >= max_items:
            break
        if keys[i] in shown:
            continue
        opener, item = leads.get(i), i
        if i in opens:
            if k + 1 < len(order) and leads.get(order[k + 1]) == i:
                continue  # the item after it carries it
            listed = _list_partner(i, leads, score_of)
            if listed is not None and keys[listed] not in shown:
                opener, item = i, listed
        unit, loc, pid, _ = units[item]
        score = max(score_of.get(item, 0.0), score_of.get(opener, 0.0) if opener is not None else 0.0)
        cost = dan.count_tokens(unit)
        if opener is not None and keys[opener] not in shown:
            with_lead = f"{units[opener][0]} {unit}"
            cost_with = dan.count_tokens(with_lead)
            if not items or used + cost_with <= budget:  # (else the item alone, if it fits)
                unit, cost = with_lead, cost_with
                shown.add(keys[opener])
        if items and used + cost > budget:
            continue
        items.append(ExtractItem(unit, loc, pid, round(score, 4)))
        shown.add(keys[item])
        used += cost
    return _finish(items, budget)


def _focused(
    question: str,
    passages: Sequence[tuple[str, str, str]],
    focus: Collection[str],
    budget: int,
    max_items: int,
    value_types: bool,
    documents: Sequence[str] | None,
    meaning: Callable[[Sequence[str]], Sequence[float] | None] | None,
    hits: Sequence[str],
    kinds: Sequence[str] | None,
) -> Extract:
    """The extract of the ``focus`` files' passages, then the whole context's items not
    already shown, the focus files' first (see :func:`extract_answer`)."""
    if isinstance(focus, str):
        raise ValueError("focus must be a collection of document ids, not one string")
    if documents is None:  # (its length is checked by extract_answer)
        raise ValueError("focus needs documents naming one document per passage")
    mine = [k for k, d in enumerate(documents) if d in focus]
    theirs = frozenset(passages[k][2] for k in mine)

    def run(keep: Sequence[int], ranked: Sequence[str]) -> Extract:
        return extract_answer(
            question,
            [passages[k] for k in keep],
            budget=budget,
            max_items=max_items,
            value_types=value_types,
            documents=[documents[k] for k in keep],
            meaning=meaning,
            hits=ranked,
            kinds=None if kinds is None else [kinds[k] for k in keep],
        )

    every = range(len(passages))
    if not mine or len(mine) == len(passages):
        return run(every, hits)
    first = run(mine, [h for h in hits if h in theirs])
    rest = run(every, hits)
    if not first.found:
        return rest
    if rest.by_meaning and not first.by_meaning:
        return first  # (items found by meaning alone do not stand under words' heading)
    shown = {it.text for it in first.items}
    more = [it for it in rest.items if it.text not in shown]
    # (the routed files' units the whole context found, then the other files': the route
    # chose these files, so a unit of theirs comes before another file's)
    more = [it for it in more if it.passage_id in theirs] + [it for it in more if it.passage_id not in theirs]
    return _finish([*first.items, *more][:max_items], budget, first.by_meaning)


def _covering(
    ranked: list[int],
    terms: Sequence[Sequence[str]],
    idf: dict[str, float],
    score_of: dict[int, float],
    placed: Collection[int] = (),
) -> list[int]:
    """``ranked`` with its second and third units each adding a part of the question: when
    the unit next in line holds no question word worth :data:`COVER_SHARE` of the question's
    weight that the units before it lack, the first of the :data:`COVER_WINDOW` units after it
    that does, scoring at least :data:`MIN_RELATIVE` of it, comes first ("Are the prices
    fixed, and could any surcharge apply?": a second surcharge sentence gives way to the one
    that says the prices are fixed). A unit in ``placed`` (put where it is by another rule:
    the meaning match, a header line answering a question about its document) moves down
    one place at most."""
    total = sum(idf.values())
    if len(ranked) < 3 or total <= 0:
        return ranked
    covered = set(terms[ranked[0]])
    out, rest = [ranked[0]], list(ranked[1:])

    def adds(j: int) -> bool:
        return sum(idf[t] for t in set(terms[j]) if t in idf and t not in covered) >= COVER_SHARE * total

    for slot in range(2):
        if not rest:
            break
        pick = rest[0]
        # (a placed unit gives way once at most: from second place to third, no further)
        if not adds(pick) and not (slot and pick in placed):
            floor = MIN_RELATIVE * score_of.get(pick, 0.0)
            pick = next((j for j in rest[1 : 1 + COVER_WINDOW] if adds(j) and score_of.get(j, 0.0) >= floor), pick)
        out.append(pick)
        rest.remove(pick)
        covered.update(terms[pick])
    return out + rest


def _nearest_partners(i: int, labels: Sequence[UnitLabels], score_of: dict[int, float]) -> list[int]:
    """The units that ``i`` refers to or that refer to it, nearest link first, then by score."""
    return [j for _t, _s, j in sorted((t, -score_of.get(j, 0.0), j) for t, j in partners(i, labels))]


def _with_partner_third(order: list[int], labels: Sequence[UnitLabels], score_of: dict[int, float]) -> list[int]:
    """``order`` with the second item's nearest partner (not already among the first three)
    third: "Notwithstanding section 2, …" found second brings section 2's rule."""
    near = [j for j in _nearest_partners(order[1], labels, score_of) if j not in order[:3]]
    if not near:
        return order
    return [*order[:2], near[0], *(i for i in order[2:] if i != near[0])]


def _closest(
    units: Sequence[tuple[str, str, str, tuple[str, ...]]],
    labels: Sequence[UnitLabels],
    meaning: Callable[[Sequence[str]], Sequence[float] | None],
    hits: Sequence[str],
    running: Collection[int] = (),
    skip: Sequence[int] = (),
) -> tuple[float, int] | None:
    """(similarity, unit) of the unit closest in meaning among those of the first
    :data:`MEANING_HITS` hits present and the ``running`` units (header and footer lines) of
    those hits' documents (``skip`` left out), or None when there is none or no similarity to
    be had (the model is busy or failed: the words decide)."""
    present = {pid for _u, _l, pid, _t in units}
    best = set(list(dict.fromkeys(p for p in hits if p in present))[:MEANING_HITS])
    candidates = [i for i, (_u, _l, pid, _t) in enumerate(units) if pid in best]
    if running:
        docs = {labels[i].doc for i in candidates}
        candidates += sorted(i for i in running if units[i][2] not in best and labels[i].doc in docs)
    if not candidates:
        return None
    found = meaning([units[i][0] for i in candidates])
    if found is None:
        return None
    sims = [float(x) for x in found]
    if len(sims) != len(candidates):
        raise ValueError(f"meaning returned {len(sims)} similarities for {len(candidates)} texts")
    rest = [(sim, -i, i) for sim, i in zip(sims, candidates) if i not in skip]
    if not rest:
        return None
    sim, _neg, pick = max(rest)
    return sim, pick


def _by_meaning(
    scored: list[tuple[float, int]],
    units: Sequence[tuple[str, str, str, tuple[str, ...]]],
    labels: Sequence[UnitLabels],
    meaning: Callable[[Sequence[str]], Sequence[float] | None],
    hits: Sequence[str],
    running: Collection[int] = (),
) -> tuple[list[tuple[float, int]], int | None]:
    """``scored`` (best first) with the unit closest in meaning among those of the best
    hits at place :data:`MEANING_PLACE` (see :func:`extract_answer`), and that unit (None
    when there is none to be had)."""
    head = [i for _s, i in scored[: MEANING_PLACE - 1]]
    closest = _closest(units, labels, meaning, hits, running, head)
    if closest is None:
        return scored, None
    pick = closest[1]
    if pick in [i for _s, i in scored[:MEANING_PLACE]]:
        return scored, pick
    score_of = dict((i, sc) for sc, i in scored)
    placed = (max(score_of.get(pick, 0.0), MIN_RELATIVE * scored[0][0]), pick)
    return [(score_of[i], i) for i in head] + [placed] + [(sc, i) for sc, i in scored if i not in head and i != pick], pick


def _by_meaning_alone(
    units: Sequence[tuple[str, str, str, tuple[str, ...]]],
    labels: Sequence[UnitLabels],
    meaning: Callable[[Sequence[str]], Sequence[float] | None] | None,
    hits: Sequence[str],
    budget: int,
    running: Collection[int] = (),
) -> Extract:
    """The extract when no unit matches the question's words: the closest unit in meaning
    (and its nearest partner) when its similarity is at least :data:`MEANING_FOUND`, else
    "not found"."""
    closest = _closest(units, labels, meaning, hits, running) if meaning is not None and hits else None
    if closest is None or closest[0] < MEANING_FOUND:
        return Extract((), NOT_FOUND)
    sim, pick = closest
    order = [pick, *_nearest_partners(pick, labels, {})[:PARTNERS]]
    items = [ExtractItem(units[i][0], units[i][1], units[i][2], round(sim, 4)) for i in order]
    return _finish(items, budget, by_meaning=True)


def _name_terms(question: str) -> frozenset[str]:
    """The terms of the words ``question`` writes as names or numbers: capitalised (except
    its first word), or holding a digit."""
    out: set[str] = set()
    for k, m in enumerate(_RAW_WORD.finditer(question)):
        w = m.group()
        if any(c.isdigit() for c in w) or (k > 0 and w[0].isupper()):
            out.update(_terms(w))
    return frozenset(out)


def _list_partner(first: int, leads: dict[int, int], score_of: dict[int, float]) -> int | None:
    """The unit that completes ``first`` as a list does: the lead-in of the list ``first`` is
    an item of, or, when ``first`` is a lead-in, its best-scored item (its first item when
    none scored)."""
    if first in leads:
        return leads[first]
    items = [j for j, lead in leads.items() if lead == first]
    if not items:
        return None
    return min(items, key=lambda j: (-score_of.get(j, 0.0), j))


def _naming_terms(
    idf: dict[str, float],
    units: Sequence[tuple[str, str, str, tuple[str, ...]]],
    where: Sequence[frozenset[str]],
    labels: Sequence[UnitLabels],
) -> dict[str, frozenset[str]]:
    """The document a question names among the several of a context, with the words that
    name it: ``{document: words}`` for the document whose question words no other document
    of the context holds (in its units' text, title or section), when those words weigh (in
    IDF) at least :data:`NAMING_MARGIN` times what any other document's such words weigh
    ("copy" may be in one agreement only by chance; "JEA" names the JEA agreement); empty
    for a context of one document or when no document stands out."""
    if len({lab.doc for lab in labels}) < 2:
        return {}
    docs_of: dict[str, set[str]] = {}
    for (_u, _l, _p, terms), loc, lab in zip(units, where, labels):
        held = set(terms) | loc
        for t in idf:
            if t in held:
                docs_of.setdefault(t, set()).add(lab.doc)
    out: dict[str, set[str]] = {}
    for t, docs in sorted(docs_of.items()):
        if len(docs) == 1:
            out.setdefault(next(iter(docs)), set()).add(t)
    if not out:
        return {}
    weights = sorted(((sum(idf[t] for t in ts), d) for d, ts in out.items()), reverse=True)
    if len(weights) > 1 and weights[0][0] < NAMING_MARGIN * weights[1][0]:
        return {}  # words single out several documents about as strongly: none is named
    return {weights[0][1]: frozenset(out[weights[0][1]])}


def _finish(items: Sequence[ExtractItem], budget: int, by_meaning: bool = False) -> Extract:
    """The extract of ``items`` (at least the first, then while they fit ``budget`` tokens),
    under :data:`MEANING_HEADING` when they were found by meaning alone."""
    kept: list[ExtractItem] = []
    used = 0
    for it in items:
        cost = dan.count_tokens(it.text)
        if kept and used + cost > budget:
            continue
        kept.append(it)
        used += cost
    lines = [MEANING_HEADING if by_meaning else HEADING] + [f"- {it.text} [{it.locator}]" if it.locator else f"- {it.text}" for it in kept]
    return Extract(tuple(kept), "\n".join(lines), by_meaning)
