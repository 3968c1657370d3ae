"""A dependency-free estimate of o200k token counts, for index entries.

``ven`` must work with the standard library alone, so it cannot load tiktoken. When the
caller gives no ``count_tokens`` function, :func:`estimate_tokens` stands in: it cuts the
text the way o200k's pre-tokenizer roughly does — words (letter runs, with combining marks),
digit runs, punctuation runs, whitespace — and adds a calibrated cost per piece:

* a Latin-script word costs by its length (short words are one token, long or rare ones
  several), with extra cost per accented letter and for Title-case, ALL-CAPS and
  camelCase words (names and acronyms split into more pieces);
* a word of another script costs per character and per word by script class: Greek,
  Cyrillic, Hebrew, Arabic, Indic, Thai, Hangul, kana, Han (apart: Han inside Japanese
  kana runs), other;
* digits cost one token per three (o200k splits numbers into groups of at most three),
  and one more when a space comes before them (the space is then a token of its own);
* Roman numerals of three letters or more ("XIV", "ccxxxiv": list numbering) cost by
  length as o200k cuts them (see :data:`_ROMAN`);
* punctuation runs, whitespace runs and other symbols have their own costs.

The costs were fitted by non-negative least squares against the exact o200k counts of
every line of the index entries (``pct=100``) of the 130 readability test pages in
the shared sample corpus (English, Chinese, Japanese, Arabic, Hebrew, Czech, German, French,
Spanish, Portuguese ...) plus short texts in 17 languages, each page weighing about the
same; ``python benchmarks/bench_index.py --calibrate`` reproduces them. Measured
(``tests/ven/test_index_estimate.py``, ``docs/routing.md``): index entries of those pages
are off by 4% on average (aggregate -2%, 90% within ±8%; a fit on half of the pages gave
the same on the other half); entries of held-out texts in 17 languages within ±20% (mean
+2%). It overestimates a salad of long dictionary words (+25%) and underestimates
invented words and lorem ipsum (up to -40%). Deterministic, never negative; the empty string is 0.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

__all__ = ["FEATURES", "estimate_tokens", "estimate_total", "token_features"]

_MARKS = (
    "\u0300-\u036f\u0483-\u0489\u0591-\u05c7\u0610-\u061a\u064b-\u065f\u0670"
    "\u06d6-\u06ed\u0900-\u0dff\u0e00-\u0eff\u1000-\u109f\u1ab0-\u1aff\u1dc0-\u1dff"
    "\u200c\u200d\u20d0-\u20ff\ufe20-\ufe2f"
)
_PIECE = re.compile(
    rf"(?P<w>(?:[^\W\d_]|[{_MARKS}])+)"
    rf"|(?P<d>(?:(?![{_MARKS}])\d)+)"  # (digits of the scripts in _MARKS are word characters)
    r"|(?P<p>[!-/:-@\[-`{-~]+)"
    r"|(?P<s> +)"
    r"|(?P<n>\s+)"
    r"|(?P<o>.)",
    re.DOTALL,
)
_ASCII_WORD = re.compile(r"[A-Za-z]+")
_CAMEL = re.compile("[a-z\u00df-\u00ff][A-Z\u00c0-\u00de]")

# Script classes of non-ASCII words.
_LATIN, _GREEK, _CYRILLIC, _HEBREW, _ARABIC, _INDIC, _THAI = range(7)
_HANGUL, _KANA, _HAN, _OTHER = range(7, 11)
_SCRIPT_NAMES = (
    "latin",
    "greek",
    "cyrillic",
    "hebrew",
    "arabic",
    "indic",
    "thai",
    "hangul",
    "kana",
    "han",
    "other",
)


def _script(cp: int) -> int:
    if cp < 0x0370 or 0x1E00 <= cp < 0x1F00:
        return _LATIN
    if cp < 0x0400 or 0x1F00 <= cp < 0x2000:
        return _GREEK
    if cp < 0x0530:
        return _CYRILLIC
    if 0x0590 <= cp < 0x0600:
        return _HEBREW
    if (
        0x0600 <= cp < 0x0780
        or 0x08A0 <= cp < 0x0900
        or 0xFB50 <= cp < 0xFE00
        or 0xFE70 <= cp < 0xFF00
    ):
        return _ARABIC
    if 0x0900 <= cp < 0x0E00:
        return _INDIC
    if 0x0E00 <= cp < 0x0F00:
        return _THAI
    if 0xAC00 <= cp < 0xD7B0 or 0x1100 <= cp < 0x1200 or 0x3130 <= cp < 0x3190:
        return _HANGUL
    if 0x3040 <= cp < 0x3100 or 0x31F0 <= cp < 0x3200 or 0xFF66 <= cp < 0xFFA0:
        return _KANA
    if 0x3400 <= cp < 0xA000 or 0xF900 <= cp < 0xFB00 or 0x20000 <= cp < 0x32000:
        return _HAN
    return _OTHER


#: Names of the features :func:`token_features` returns, in order.
FEATURES: tuple[str, ...] = (
    "latin_1_2",
    "latin_3_4",
    "latin_5_6",
    "latin_7_8",
    "latin_9_10",
    "latin_11_12",
    "latin_13_plus",
    "latin_chars_past_12",
    "latin_title_case",
    "latin_all_caps",
    "latin_all_caps_chars",
    "latin_camel_joints",
    "latin_diacritics",
    "latin_diacritic_words",
    "roman_numerals",
    "roman_numeral_chars",
    *(f"{s}_chars" for s in _SCRIPT_NAMES[1:]),
    *(f"{s}_words" for s in _SCRIPT_NAMES[1:]),
    "han_chars_with_kana",
    "digit_groups",
    "digit_runs_after_space",
    "punct_runs",
    "punct_chars",
    "space_runs",
    "other_whitespace_runs",
    "general_punct",
    "emoji",
    "other_symbols",
)
_F = {name: i for i, name in enumerate(FEATURES)}
_I_DIACRITICS = _F["latin_diacritics"]
_I_DIACRITIC_WORDS = _F["latin_diacritic_words"]
_I_HAN_KANA = _F["han_chars_with_kana"]
_CHARS0 = _F["greek_chars"] - 1  # + script class (1 = Greek ...) = its chars feature
_WORDS0 = _F["greek_words"] - 1

# Fitted costs per feature (tokens), in FEATURES order: the output of
# ``python benchmarks/bench_index.py --calibrate`` (see the module docstring).
_COST: tuple[float, ...] = (
    1.000,  # latin_1_2
    0.715,  # latin_3_4
    1.290,  # latin_5_6
    1.231,  # latin_7_8
    1.509,  # latin_9_10
    1.545,  # latin_11_12
    0.519,  # latin_13_plus
    0.426,  # latin_chars_past_12
    0.194,  # latin_title_case
    0.000,  # latin_all_caps
    0.129,  # latin_all_caps_chars
    0.851,  # latin_camel_joints
    0.447,  # latin_diacritics
    0.000,  # latin_diacritic_words
    0.611,  # roman_numerals (not fitted: see _ROMAN)
    0.421,  # roman_numeral_chars (not fitted: see _ROMAN)
    0.222,  # greek_chars
    0.143,  # cyrillic_chars
    0.466,  # hebrew_chars
    0.315,  # arabic_chars
    0.314,  # indic_chars
    0.438,  # thai_chars
    0.771,  # hangul_chars
    0.532,  # kana_chars
    0.661,  # han_chars
    1.000,  # other_chars
    1.366,  # greek_words
    1.023,  # cyrillic_words
    0.000,  # hebrew_words
    0.000,  # arabic_words
    0.001,  # indic_words
    0.000,  # thai_words
    0.000,  # hangul_words
    1.306,  # kana_words
    1.118,  # han_words
    0.000,  # other_words
    0.918,  # han_chars_with_kana
    1.000,  # digit_groups (not fitted: o200k takes at most three digits per token)
    1.000,  # digit_runs_after_space (not fitted: the space before a digit is a token)
    0.680,  # punct_runs
    0.155,  # punct_chars
    0.000,  # space_runs
    0.000,  # other_whitespace_runs
    0.785,  # general_punct
    1.261,  # emoji
    0.762,  # other_symbols
)


#: Roman numerals of three letters or more, all upper or all lower case (list numbering:
#: "XIV", "ccxxxiv"). o200k cuts them into pieces of about two letters, where a Latin word
#: of the same length is one or two tokens; the estimate took "CCXXXIV| 234" lines of a
#: document with upper-Roman numbering at two thirds of their tokens. Their cost is not
#: fitted (the fitting texts hold few) but measured on the numerals 1-999 in both cases
#: (1,938 words of 3-15 letters, least squares): 0.611 + 0.421 per letter, mean error 0,
#: worst 1.8 tokens. A few words are numerals too ("mix", "dix", "civ"): they cost two
#: tokens instead of one.
_ROMAN = re.compile(r"M{0,4}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3})")
_I_ROMAN = _F["roman_numerals"]
_I_ROMAN_CHARS = _F["roman_numeral_chars"]


def _latin_word(word: str, out: list[float]) -> None:
    n = len(word)
    if n >= 3 and word.isascii() and (word.isupper() or word.islower()):
        if _ROMAN.fullmatch(word.upper()):
            out[_I_ROMAN] += 1.0
            out[_I_ROMAN_CHARS] += n
            return
    if n <= 2:
        out[0] += 1.0
    elif n <= 4:
        out[1] += 1.0
    elif n <= 6:
        out[2] += 1.0
    elif n <= 8:
        out[3] += 1.0
    elif n <= 10:
        out[4] += 1.0
    elif n <= 12:
        out[5] += 1.0
    else:
        out[6] += 1.0
        out[7] += n - 12
    if n > 1:
        if word.isupper():
            out[9] += 1.0
            out[10] += n
        elif word[0].isupper() and word[1:].islower():
            out[8] += 1.0
        else:
            out[11] += len(_CAMEL.findall(word))
    if not word.isascii():
        out[_I_DIACRITICS] += sum(1 for ch in word if ord(ch) >= 0x80)
        out[_I_DIACRITIC_WORDS] += 1.0


def _word(word: str, out: list[float]) -> None:
    if word.isascii():
        _latin_word(word, out)
        return
    classes = [_LATIN if ord(ch) < 0x80 else _script(ord(ch)) for ch in word]
    if all(c == _LATIN for c in classes):
        _latin_word(word, out)
        return
    # Another script (ASCII letters inside count as that script's characters).
    first = next(c for c in classes if c != _LATIN)
    kana = _KANA in classes
    for c in classes:
        c = first if c == _LATIN else c
        if c == _HAN and kana:
            out[_I_HAN_KANA] += 1.0
        else:
            out[_CHARS0 + c] += 1.0
    out[_WORDS0 + first] += 1.0


_I_DIGITS = _F["digit_groups"]
_I_SPACED_DIGITS = _F["digit_runs_after_space"]
_I_PUNCT_RUNS = _F["punct_runs"]
_I_PUNCT_CHARS = _F["punct_chars"]
_I_SPACES = _F["space_runs"]
_I_WHITESPACE = _F["other_whitespace_runs"]
_I_GENERAL = _F["general_punct"]
_I_EMOJI = _F["emoji"]
_I_SYMBOL = _F["other_symbols"]


def _other(ch: str) -> int:
    cp = ord(ch)
    if 0x2000 <= cp < 0x2070 or 0x3000 <= cp < 0x3040 or 0xFF00 <= cp < 0xFF66 or 0xA0 <= cp < 0xC0:
        return _I_GENERAL
    if cp >= 0x1F000 or 0x2600 <= cp < 0x27C0:
        return _I_EMOJI
    return _I_SYMBOL


def token_features(text: str) -> list[float]:
    """The feature counts of ``text`` the estimate weighs (names in :data:`FEATURES`);
    exposed for calibration and tests. ``estimate_tokens(text)`` is the dot product of
    these with the fitted costs, rounded half up (at least 1 for non-empty text)."""
    out = [0.0] * len(FEATURES)
    for m in _PIECE.finditer(text):
        kind = m.lastgroup
        piece = m.group()
        if kind == "w":
            _word(piece, out)
        elif kind == "d":
            out[_I_DIGITS] += -(-len(piece) // 3)
            if m.start() and text[m.start() - 1] == " ":
                out[_I_SPACED_DIGITS] += 1.0
        elif kind == "p":
            out[_I_PUNCT_RUNS] += 1.0
            out[_I_PUNCT_CHARS] += len(piece)
        elif kind == "s":
            if len(piece) > 1:
                out[_I_SPACES] += 1.0
        elif kind == "n":
            out[_I_WHITESPACE] += 1.0
        else:
            out[_other(piece)] += 1.0
    return out


@lru_cache(maxsize=65536)
def _word_cost(word: str) -> float:
    out = [0.0] * len(FEATURES)
    _word(word, out)
    return sum(c * v for c, v in zip(_COST, out) if v)


@lru_cache(maxsize=4096)
def _other_cost(ch: str) -> float:
    return _COST[_other(ch)]


# The pieces of _PIECE found one kind at a time (each kind's matches are the maximal runs
# of its characters, so the passes find exactly what the alternation finds). Whitespace
# and punctuation characters beyond the run cost nothing in the fitted model.
_WORDS = re.compile(rf"(?:[^\W\d_]|[{_MARKS}])+")
_DIGITS = re.compile(rf"(?:(?![{_MARKS}])\d)+")
_SPACED_DIGITS = re.compile(rf"(?<= )(?![{_MARKS}])\d")  # the first digit of a run after " "
_PUNCT = re.compile(r"[!-/:-@\[-`{-~]+")
_OTHERS = re.compile(rf"(?![{_MARKS}])[^\w\s!-/:-@\[-`{{-~]")


def estimate_tokens(text: str) -> int:
    """Estimated o200k token count of ``text`` (no tokenizer needed; see the module doc).

    Equal (up to float rounding) to the fitted costs times :func:`token_features`, rounded
    half up, at least 1 for text with any cost; computed in a few regex passes.
    """
    if not text:
        return 0
    total = _total(text)
    return max(1, math.ceil(total - 0.5)) if total > 0 else 0


_ASCII_PIECES = re.compile(r"([A-Za-z]+)|( ?)([0-9]+)|[!-/:-@\[-`{-~]+|([\x00-\x08\x0e-\x1b\x7f])")


def estimate_total(text: str) -> float:
    """The unrounded estimate of ``text``: fitted costs times features. Estimates of pieces
    add up to the estimate of their concatenation (up to a word cut at a piece boundary)."""
    return _total(text) if text else 0.0


def _total(text: str) -> float:
    """The unrounded estimate: fitted costs times features, summed kind by kind."""
    cost = _COST
    if text.isascii() and len(text) < 512:  # the common short phrase: one pass
        total = 0.0
        for word, space, digits, control in _ASCII_PIECES.findall(text):
            if word:
                total += _word_cost(word)
            elif digits:
                total += cost[_I_DIGITS] * -(-len(digits) // 3)
                if space:
                    total += cost[_I_SPACED_DIGITS]
            elif control:
                total += cost[_I_SYMBOL]
            else:
                total += cost[_I_PUNCT_RUNS]
        if cost[_I_PUNCT_CHARS] or cost[_I_SPACES] or cost[_I_WHITESPACE]:  # pragma: no cover
            return _total_by_kind(text)
        return total
    return _total_by_kind(text)


def _total_by_kind(text: str) -> float:
    cost = _COST
    total = sum(map(_word_cost, _WORDS.findall(text)))
    digits = _DIGITS.findall(text)
    if digits:
        total += cost[_I_DIGITS] * sum(-(-len(d) // 3) for d in digits)
        total += cost[_I_SPACED_DIGITS] * len(_SPACED_DIGITS.findall(text))
    punct = _PUNCT.findall(text)
    if punct:
        total += cost[_I_PUNCT_RUNS] * len(punct) + cost[_I_PUNCT_CHARS] * sum(map(len, punct))
    if cost[_I_SPACES] or cost[_I_WHITESPACE]:  # pragma: no cover - zero in the fitted model
        for m in _PIECE.finditer(text):
            if m.lastgroup == "s" and m.end() - m.start() > 1:
                total += cost[_I_SPACES]
            elif m.lastgroup == "n":
                total += cost[_I_WHITESPACE]
    others = _OTHERS.findall(text)
    if others:
        total += sum(map(_other_cost, others))
    return total
