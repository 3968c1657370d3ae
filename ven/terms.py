"""Text → search terms for the lexical router (:mod:`ven.lexical`).

:func:`terms` lower-cases (``casefold`` after NFKC, so full-width letters and ligatures
fold too), strips accents from Latin, Greek and Cyrillic letters (``Müller`` matches
``muller``, ``café`` matches ``cafe``), cuts words at anything that is not a letter, digit
or combining mark (so Devanagari or Thai words keep their vowel signs), drops stopwords of
English, German, French, Spanish, Italian, Dutch and Portuguese plus the words questions
are made of (``which``, ``document``, ``explain`` ...), drops one-character words, strips
a plural ``s`` (``contracts`` → ``contract``, ``policies`` → ``policy``), and turns runs of
Chinese, Japanese and Korean characters into overlapping character pairs (a lone
character stays itself), since those scripts do not separate words by spaces.

:func:`terms_with_ids` cuts the same way but keeps identifiers whole: a word or a run of
words joined by hyphens that holds both letters and digits (``P-88213`` → ``p88213``,
``HY-1032`` → ``hy1032``, ``E117`` → ``e117``; not a number with a short suffix such as
``47th`` or ``100mm``), each with its parts (``88213``; ``hy``, ``1032``) so that a
caller can match ``HY 1032`` as well.
"""

from __future__ import annotations

import re
import threading
import unicodedata

__all__ = ["STOPWORDS", "is_identifier", "terms", "terms_with_ids"]

_STOP_TEXT = """
a about above after again against all also am an and any are aren as at be because been
before being below between both but by can cannot could did do does doing don down during
each either etc few for from further get gets got had has have having he her here hers
herself him himself his how however i if in into is isn it its itself just let like may me
might more most much must my myself neither no nor not now of off on once one only or other
ought our ours ourselves out over own per same shall she should so some such than that the
their theirs them themselves then there these they this those though through thus to too
under until up upon us very via was we were what whatever when where whether which while
who whom whose why will with within without would yes yet you your yours yourself
yourselves
tell show give find list name explain describe summarize summarise summary compare
please know want need say says said mention mentions mentioned mentioning discuss
discusses contain contains containing document documents doc docs file files text texts
collection anything something everything information info details detail question answer
der die das den dem des ein eine einer eines einem einen und oder aber ist sind war waren
wird werden wurde wurden hat haben hatte im ins am vom zum zur mit von fur auf aus bei nach
uber unter vor wie was wer wo welche welcher welches nicht auch noch nur sich es er sie wir
ihr ich du dass zu als wenn dann so dieser diese dieses jeder jede alle
le la les un une des du de et ou mais est sont etait ete avoir avait dans sur sous par pour
avec sans ce cet cette ces qui que quoi dont ou quel quelle quels quelles il elle ils elles
nous vous je tu ne pas plus au aux se sa son ses leur leurs
el los las del al y o pero es son era fue ser estar esta este estos estas en con sin por
para que quien cual cuales como donde cuando su sus lo le les se no si mas muy
il lo gli uno una di da nel nella con su per tra fra che chi cui come dove quando non sono
era essere ha hanno e ed
het een en of maar is zijn was waren van voor met op aan bij door naar uit te dat die dit
wat wie welke waar hoe niet ook nog er hij zij wij
os as um uma uns umas do da dos das no na nos nas em com sem por para que quem qual como
onde quando nao sao foi ser esta este isso
"""
#: Words :func:`terms` drops (after case folding and accent stripping).
STOPWORDS: frozenset[str] = frozenset(_STOP_TEXT.split())

_lock = threading.Lock()
_word_re: re.Pattern[str] | None = None
_fold_table: dict[int, str] | None = None


def _combining_ranges() -> list[tuple[int, int]]:
    """Ranges of combining marks (categories Mn, Mc, Me) in planes 0-1 and the variation
    selectors supplement: every mark Unicode assigns lies there."""
    ranges: list[tuple[int, int]] = []
    for lo, hi in ((0, 0x20000), (0xE0100, 0xE01F0)):
        start = -1
        for cp in range(lo, hi):
            is_mark = unicodedata.category(chr(cp))[0] == "M"
            if is_mark and start < 0:
                start = cp
            elif not is_mark and start >= 0:
                ranges.append((start, cp - 1))
                start = -1
        if start >= 0:
            ranges.append((start, hi - 1))
    return ranges


def _tables() -> tuple[re.Pattern[str], dict[int, str]]:
    """The word pattern (letters, digits, combining marks) and the accent-folding table,
    built on first use (a one-off scan of Unicode, ~50 ms), under a lock."""
    global _word_re, _fold_table
    pat, table = _word_re, _fold_table
    if pat is not None and table is not None:
        return pat, table
    with _lock:
        if _word_re is None or _fold_table is None:
            marks = "".join(
                f"{re.escape(chr(a))}-{re.escape(chr(b))}" if b > a else re.escape(chr(a))
                for a, b in _combining_ranges()
            )
            table = {}
            for lo, hi in ((0x00C0, 0x0250), (0x1E00, 0x1F00), (0x0370, 0x0530), (0x1F00, 0x2000)):
                for cp in range(lo, hi):
                    ch = chr(cp)
                    base = "".join(
                        c for c in unicodedata.normalize("NFD", ch) if not unicodedata.combining(c)
                    )
                    if base and base != ch:
                        table[cp] = base
            _fold_table = table
            _word_re = re.compile(rf"(?:[^\W_]|[{marks}])+")
        return _word_re, _fold_table


def _is_cjk(cp: int) -> bool:
    return (
        0x3040 <= cp < 0x3100  # kana
        or 0x31F0 <= cp < 0x3200
        or 0x3400 <= cp < 0xA000  # Han
        or 0xAC00 <= cp < 0xD7B0  # Hangul
        or 0x1100 <= cp < 0x1200
        or 0x3130 <= cp < 0x3190
        or 0xF900 <= cp < 0xFB00
        or 0x20000 <= cp < 0x32000
    )


_CJK_RUN = re.compile(
    "([\u3040-\u30ff\u31f0-\u31ff\u3400-\u9fff\uac00-\ud7af\u1100-\u11ff\u3130-\u318f"
    "\uf900-\ufaff\U00020000-\U00031fff]+)"
)


def _stem(word: str) -> str:
    n = len(word)
    if n > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if n > 4 and word.endswith("sses"):
        return word[:-2]
    if n > 3 and word[-1] == "s" and word[-2] not in "su" and not word.endswith("is"):
        return word[:-1]
    return word


def _word_terms(word: str, out: list[str]) -> None:
    """Append the terms of one word (as the word pattern cuts them) to ``out``."""
    if any(_is_cjk(ord(c)) for c in word):
        for piece in _CJK_RUN.split(word):
            if not piece:
                continue
            if _is_cjk(ord(piece[0])):
                if len(piece) == 1:
                    out.append(piece)
                else:
                    out.extend(piece[i : i + 2] for i in range(len(piece) - 1))
            elif len(piece) > 1 and piece not in STOPWORDS:
                out.append(_stem(piece))
        return
    if len(word) < 2 or word in STOPWORDS:
        return
    out.append(_stem(word))


#: Characters that join the pieces of an identifier (``P-88213``): hyphen-minus, hyphen,
#: non-breaking hyphen.
_JOINERS = frozenset("-\u2010\u2011")
_HAS_DIGIT = re.compile(r"\d")
_HAS_LETTER = re.compile(r"[^\W\d_]")
_NUMBER_WITH_UNIT = re.compile(r"\d+[^\W\d_]{1,3}")


def is_identifier(term: str) -> bool:
    """Whether ``term`` is identifier-like: it holds a letter and a digit (``p88213``,
    ``hy1032``, ``e117``, ``dn80``), and is not a number with a short suffix (``47th``,
    ``100mm``, ``3way``) or CJK text."""
    return (
        _HAS_DIGIT.search(term) is not None
        and _HAS_LETTER.search(term) is not None
        and _NUMBER_WITH_UNIT.fullmatch(term) is None
        and not any(_is_cjk(ord(c)) for c in term)
    )


def _runs(folded: str, pat: re.Pattern[str]) -> list[list[str]]:
    """The words of ``folded``, grouped into runs of words joined by a single hyphen."""
    runs: list[list[str]] = []
    end = -1
    for m in pat.finditer(folded):
        start = m.start()
        if runs and start == end + 1 and folded[end] in _JOINERS:
            runs[-1].append(m.group())
        else:
            runs.append([m.group()])
        end = m.end()
    return runs


def terms_with_ids(text: str) -> list[tuple[str, tuple[str, ...]]]:
    """The search terms of ``text``, in order, each identifier kept whole and paired with
    its parts (other terms have no parts).

    An identifier is a word, or words joined by hyphens, that :func:`is_identifier`
    accepts once the hyphens are removed: ``P-88213`` is the term ``p88213`` with the part
    ``88213`` (``p``, one character, is dropped as usual); ``HY-1032`` is ``hy1032`` with
    parts ``hy`` and ``1032``; ``E117`` is ``e117``. Every other word is cut as
    :func:`terms` cuts it.
    """
    pat, table = _tables()
    folded = unicodedata.normalize("NFKC", text).casefold().translate(table)
    out: list[tuple[str, tuple[str, ...]]] = []
    words: list[str] = []
    for run in _runs(folded, pat):
        if len(run) > 1:
            whole = "".join(run)
            if is_identifier(whole):
                parts: list[str] = []
                for word in run:
                    _word_terms(word, parts)
                out.append((whole, tuple(parts)))
                continue
        for word in run:
            words.clear()
            _word_terms(word, words)
            out.extend((w, ()) for w in words)
    return out


def terms(text: str) -> list[str]:
    """The search terms of ``text``, in order (see the module docstring)."""
    pat, table = _tables()
    folded = unicodedata.normalize("NFKC", text).casefold().translate(table)
    out: list[str] = []
    for m in pat.finditer(folded):
        _word_terms(m.group(), out)
    return out
