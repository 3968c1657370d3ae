"""Does a question ask for a set of things or for one fact? An offline, lexical guess.

:func:`asks_for_set` reads the shape of an English question, clause by clause (a clause
starts the question or follows ``,``, ``;`` or ``:``):

* a command to enumerate — *List …*, *Enumerate …*, *Name the directors …*, *Give me the
  names …*, *Show every …* — or *all*, *every* or *each* in a clause that is not a yes/no
  question or a *how much/many/long/often* question;
* *which*/*what* with a plural noun — *Which items …*, *What warning messages …*, *On which
  dates …*, *Which of the findings …*, *What are/were …* — read from the words after the
  question word, up to the first auxiliary verb, preposition or article (a word ending in
  *s* directly before an article or *to* is a verb: *Which clause governs the …*);
* *who are/were …*, *who attended/voted/participated/abstained …*;
* *what did/has … change/revise/amend/insert/delete/resolve/decide* with no object of its
  own (*What did Laura Brennan change in the NDA?*).

Everything else is one fact: *Which version of the manual is this?*, *How many subjects
reported nausea?* (one count), *Is there any late-payment penalty?*, *What is the clause
which limits liability?* (a relative *which*). Words about exceptions (*ever*, *only*,
*unless* …) are :func:`ven.prompts.asks_for_qualifiers`'s business, not this one's.
"""

from __future__ import annotations

import re

__all__ = ["MAX_QUESTION", "asks_for_set"]

#: Characters of a question :func:`asks_for_set` reads.
MAX_QUESTION = 1000

_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*|\d[\d.,/-]*|[,;:?!]")
_AUX = frozenset(
    "is are was were am be been do does did has have had can could may might must shall "
    "should will would need needs 's".split()
)
_PREP = frozenset(
    "of in on at for from to with by under over during within between about after before "
    "per into across against among since until through via without like than".split()
)
_DET = frozenset("the a an this that these those its their his her our my your any no some".split())
_WH = frozenset("which what who whom whose when where why how".split())
_QUANT = frozenset(("all", "every", "each"))
#: Words that end in *s* and are no plural (or a plural used as a modifier: *parts list*).
_NOT_PLURAL = frozenset(
    "this its his has was is us yes gas bus news series species means lens bias canvas "
    "atlas alias chassis corps always perhaps thus plus minus versus bonus status campus "
    "virus census surplus focus corpus apparatus nexus process business access address "
    "analysis basis axis crisis diagnosis thesis emphasis synopsis physics economics ethics "
    "logistics mathematics statistics electronics mechanics headquarters whereas".split()
)
_CHANGE_VERBS = frozenset(
    "change changed revise revised amend amended insert inserted delete deleted edit edited "
    "resolve resolved decide decided correct corrected modify modified add added remove "
    "removed update updated".split()
)
#: Verbs whose third person ends in *s* like a plural and that no business noun spells the
#: same way: after a noun they are the verb (*Which clause applies?*, *Which department
#: approves expenses?*). Words that are nouns too (*reports*, *changes*, *costs*) are not here.
_VERBS = frozenset(
    "applies governs covers pays approves requires includes contains concerns indicates "
    "corresponds refers relates describes defines specifies says mentions deals regulates "
    "provides allows permits prohibits takes means triggers causes owns holds handles manages "
    "performs underwrites needs belongs comes goes follows precedes replaces supersedes amends "
    "grants offers receives determines explains outlines operates ensures affects prevails "
    "survives expires ends begins starts sits lies appears".split()
)
_COMMANDS = frozenset("list enumerate name tell show give get find provide identify send".split())
_ME = frozenset(("me", "us"))
_GROUP_WHO = frozenset(("are", "were", "attended", "voted", "participated", "abstained"))
_OPENERS = re.compile(
    r"^(?:please\s+|kindly\s+)?(?:(?:could|can|would|will)\s+you\s+(?:please\s+)?)?"
    r"|^i(?:\s+would|['’]d)?\s+(?:need|want|like)(?:\s+to\s+(?:know|see|get))?\s+",
    re.I,
)


def _plural(word: str) -> bool:
    """Whether ``word`` (as written) looks like an English plural noun."""
    if len(word) > 2 and word[-1] == "s" and word[:-1].isupper():
        return True  # KPIs, SOPs
    w = word.lower()
    if len(w) < 4 or not w.endswith("s") or w in _NOT_PLURAL:
        return False
    return not w.endswith(("ss", "us", "is", "ics", "'s", "’s"))


def _word_at(words: list[str], j: int) -> str:
    """``words[j]`` lower-cased, or "" past the end."""
    return words[j].lower() if j < len(words) else ""


def _skip(words: list[str], j: int, kinds: frozenset[str]) -> int:
    """The first position from ``j`` whose word is not one of ``kinds``."""
    while _word_at(words, j) in kinds:  # ("" past the end is no kind)
        j += 1
    return j


def _plural_head(words: list[str], i: int) -> bool:
    """Whether the noun phrase starting at ``words[i]`` (after a question word) names a
    plural: a plural word among its first six words, before the first auxiliary verb,
    preposition, article or question word (a plural-looking word followed by an article
    or *to* is a verb, as in *Which clause governs the …*; a plural before *list* is a
    modifier, as in *parts list entry*)."""
    end = min(len(words), i + 6)
    for j in range(i, end):
        w = words[j].lower()
        if w in _AUX or w in _PREP or w in _DET or w in _WH or not w[0].isalnum():
            return False
        if _plural(words[j]):
            after = _word_at(words, j + 1)
            if after == "list":
                continue
            if j > i and (w in _VERBS or after in _DET or after == "to"):
                return False  # a verb: "which finding concerns the …", "which clause applies?"
            return True
    return False


def _clause_asks_for_set(words: list[str]) -> bool:
    if not words:
        return False
    first = words[0].lower()
    if first in _AUX:
        return False  # a yes/no question: "Are all prices exclusive of VAT?"
    if first == "how":
        return False  # how much, how many, how long, how often: one value
    if any(w.lower() in _QUANT for w in words):
        return True
    i = _skip(words, 0, _PREP)  # "On which dates …", "From which specimen …"
    if i >= len(words):
        return False
    w = words[i].lower()
    nxt = _word_at(words, i + 1)
    if w in _COMMANDS:
        if w in ("list", "enumerate"):
            return True
        j = i + 2 if nxt in _ME else i + 1
        if _word_at(words, j) in _WH:
            return _clause_asks_for_set(words[j:])  # "tell me which resolutions …"
        return _plural_head(words, _skip(words, j, _DET))
    if w == "who":
        return nxt in _GROUP_WHO or (nxt == "took" and "part" in (x.lower() for x in words))
    if w not in ("which", "what"):
        return False
    if nxt in ("are", "were"):
        return True  # "What are the exclusions …"
    if nxt in ("did", "do", "does", "has", "have", "had"):
        # "What did Laura Brennan change in the NDA?": a change verb with no object of its own
        for j in range(i + 2, min(len(words), i + 8)):
            v = words[j].lower()
            if v in _CHANGE_VERBS:
                after = _word_at(words, j + 1)
                if after in ("from", "to", "into"):
                    return False  # one change's before and after: "what did it change from?"
                return after == "" or after in _PREP or not after[0].isalnum()
        return False
    if nxt == "of":  # "Which of the findings …"
        return _plural_head(words, _skip(words, i + 2, _DET))
    return _plural_head(words, i + 1)


def _clauses(words: list[str]) -> list[list[str]]:
    out: list[list[str]] = [[]]
    for w in words:
        if w in (",", ";", ":", "?", "!"):
            out.append([])
        elif w.lower() in ("and", "or", "but") and not out[-1]:
            continue  # ", and which …": the clause starts after the conjunction
        else:
            out[-1].append(w)
    return [c for c in out if c]


def asks_for_set(question: str) -> bool:
    """An offline guess whether a question asks for a set of things — the rows of a table
    that match, the changes someone made, every finding of a kind — rather than one fact (a
    price, a date, one clause, one row, one count). Deterministic; English; reads at most
    :data:`MAX_QUESTION` characters. The rules are in this module's docstring.

    One fact sits in one chunk (dan repeats a table's header in each of its chunks), so
    completing the hit's table or run only takes the budget that the next hits needed; a
    set is spread over a structure's chunks. Its accuracy on hand-labelled questions written
    without seeing the rules is reported by ``benchmarks/bench_intent.py``.
    """
    q = (question or "")[:MAX_QUESTION]
    words = _WORD.findall(q)
    for clause in _clauses(words):
        text = " ".join(clause)
        opener = _OPENERS.match(text)
        if opener and opener.end():
            clause = _WORD.findall(text[opener.end() :])
        if _clause_asks_for_set(clause):
            return True
    return False
