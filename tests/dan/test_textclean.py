"""dan.textclean.clean_text: its fast path for printable ASCII gives what the full rules give."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from dan.textclean import clean_text

_SURROGATE = re.compile(f"[{chr(0xD800)}-{chr(0xDFFF)}]")
_CONTROL = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x9f]")
_NEWLINES = re.compile("\r\n?|[\x0b\x0c\u2028\u2029\x85]")


def _full_rules(text: str) -> str:
    return _CONTROL.sub("", _NEWLINES.sub("\n", _SURROGATE.sub("\ufffd", text)))


@given(st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x3000, blacklist_categories=())))
def test_clean_text_is_the_full_rules(text: str) -> None:
    assert clean_text(text) == _full_rules(text)


@given(st.text(alphabet=st.characters(min_codepoint=0, max_codepoint=0x7F)))
def test_clean_text_of_ascii_is_the_full_rules(text: str) -> None:
    assert clean_text(text) == _full_rules(text)


def test_examples() -> None:
    assert clean_text("plain words") == "plain words"
    assert clean_text("a\r\nb\rc\x0bd\x00e\x7f\tf\ud800") == "a\nb\nc\nde\tf\ufffd"
