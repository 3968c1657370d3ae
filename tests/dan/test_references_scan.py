"""The mention scans of :mod:`dan.pipeline.references` find what the plain regexes find: the start
scan without a look-behind and ``_see_matches`` without a leading ``\\b`` are faster
forms of the same patterns, checked here against those patterns written out in full."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dan.pipeline import references as R
from dan.pipeline.render import phrase
from ven.phrases import cut_at_word
from helpers import compiled_module

_SEE_PLAIN = re.compile(r"\b" + R._SEE.pattern)

_PIECES = st.sampled_from(
    ["see", "See", "oversee", "as defined in", "defined in", "set out in", "under the heading",
     "clause", "Clauses", "section", "subsection", "§", "§§", "para.", "paras", "table", "Fig.",
     "schedule", "Annexes", "annexe", "appendix", "Appendices", "article", "chapters", "Exhibit", "attachments",
     "figure", "figs.", "part", "parts", "party", "paragraph",
     "3", "9.2", "B", "IV", "and", "or", ",", "&", "the", "The", "of",
     "Definitions", "Schedule", "x", "_", "é", " ", "  ", "\n", "\t", "\u00a0", ".", ";", "'", "“",
     # words that begin like a kind's word, and characters that lower-case to another length
     "fight", "stable", "annexed", "Tablet", "\u0663", "\u212a", "\u0130", "ß",
     # numbered items and their identifiers
     "resolution", "Resolutions", "finding", "Findings", "decision", "motion", "Requirement",
     "recommendations", "observation", "resolve", "decisive", "47/3", "F-19", "R12", "-", "/", "2024-05",
     # letters re.IGNORECASE matches to a kind's ASCII letters: ſ ~ s, ı ~ i, İ ~ i
     "reſolution", "ſection", "Requirementſ", "observatıon", "FİNDİNG", "ſ", "ı"]
)
_TEXT = st.lists(_PIECES, max_size=30).map("".join)


@settings(max_examples=1500, deadline=None)
@given(_TEXT)
def test_see_matches_are_the_word_bounded_regex(text: str) -> None:
    assert [m.span() for m in R._see_matches(text)] == [m.span() for m in _SEE_PLAIN.finditer(text)]


@settings(max_examples=1500, deadline=None)
@given(_TEXT)
def test_mention_matches_are_the_plain_regex(text: str) -> None:
    assert [m.span() for m in R._mention_matches(text)] == [m.span() for m in R._MENTION.finditer(text)]


def test_see_inside_a_word_is_no_mention() -> None:
    assert R.mentions("oversee Definitions, then see Schedule 3") == ["Schedule 3", "Schedule"]  # not "Definitions"


_WORDS = st.lists(st.sampled_from(["a", "word", "longerword", " ", "   ", "\n", "\u2003", "x" * 150]), max_size=120).map("".join)


@settings(max_examples=500, deadline=None)
@given(_WORDS, st.integers(min_value=1, max_value=120))
def test_phrase_of_a_window_is_phrase_of_the_whole(text: str, limit: int) -> None:
    assert phrase(text, limit) == cut_at_word(re.sub(r"\s+", " ", text).strip(), limit)


@settings(max_examples=1500, deadline=None)
@given(st.lists(_TEXT, max_size=6))
def test_mentions_each_scans_texts_together_and_gives_each_its_own(texts: list[str]) -> None:
    assert R.mentions_each(texts) == [R.mentions(t) for t in texts]


def test_mentions_each_keeps_a_mention_inside_its_text() -> None:
    # "clause" ends one text and "9.2" starts the next: no mention, as apart
    assert R.mentions_each(["see clause", "9.2 applies", "under Schedule 3", "İ clause 4"]) == [
        [],
        [],
        ["Schedule 3"],
        ["4"],
    ]


@settings(max_examples=1500, deadline=None)
@given(_TEXT)
def test_the_grouped_start_scan_finds_what_the_word_list_finds(text: str) -> None:
    words = re.compile(rf"(?:{R._NUMBERED_KINDS}|{R._NAMED_KINDS}|{R._ITEM_KINDS})(?=\s*[\da-z])")
    low = text.lower()
    assert [m.span() for m in R._MENTION_START.finditer(low)] == [m.span() for m in words.finditer(low)]


def test_every_kind_of_mention_is_found_in_either_build() -> None:
    text = (
        "Clause 1, chapter 2, Sections 3, schedule A, ARTICLE 4, appendix B, appendices C, annex D, "
        "annexes E, attachment 5, para. 6, paragraph 7, part II, § 8, §§ 9, table 10, figure 11, "
        "fig. 12, figs. 13, exhibit F, resolution 47/3, findings F-2, decision 12, motion 3, "
        "Requirement R-4, recommendations 5.1, observation 2024-05"
    )
    found = [m.span() for m in R._mention_matches(text)]
    assert found == [m.span() for m in R._MENTION.finditer(text)]
    assert len(found) == 27


def test_the_c_scan_is_what_finds_where_mentions_start_when_built() -> None:
    # (the compiled build; the test above then checks it against the plain regex)
    cscan = compiled_module("dan.pipeline._cscan", "the C scan is built by scripts/compile.py (make compiled)")
    assert R._mention_starts is cscan.mention_starts
    # (a kind's word at a word's start that an identifier can follow: not "party's" or a
    # last "tables", and not the second § of "§§")
    text = "See clause 4, sub-section 2, §§ 7 and the party's tables"
    assert cscan.mention_starts(text.lower(), text) == [4, 18, 29]
    text = "ScheduleA, CLAUSES 3, para.\u00a06, Fig.٣, partial 5"
    assert cscan.mention_starts(text.lower(), text) == [0, 11, 22, 31, 38]
    with pytest.raises(ValueError):
        cscan.mention_starts("ab", "abc")
