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


def _binary_by_definition(sample: str) -> bool:
    controls = sum(1 for ch in sample if ch < " " and ch not in "\t\n\r\f\x0b")
    controls += sample.count("\x7f")
    return "\x00" in sample or controls > 0.02 * len(sample) + 8


@given(st.text(alphabet=st.sampled_from(["a", " ", "é", "\x01", "\x08", "\t", "\n", "\r", "\x0b", "\x0c", "\x0e", "\x1f", "\x7f", "\x00", "\u2028"]), max_size=600))
def test_looks_binary_counts_the_controls_its_definition_counts(sample: str) -> None:
    from dan.textclean import looks_binary

    assert looks_binary(sample) == _binary_by_definition(sample)


def test_each_control_counts_as_its_definition_says() -> None:
    from dan.textclean import looks_binary

    for code in range(0x20):
        sample = "text " * 20 + chr(code) * 20
        assert looks_binary(sample) == _binary_by_definition(sample), hex(code)
    assert looks_binary("text " * 20 + "\x7f" * 20) and not looks_binary("text\ttext\r\n" * 50)


@given(st.text(alphabet=st.one_of(st.characters(blacklist_categories=()), st.sampled_from("a\ud800\udfff")), max_size=40))
def test_repair_surrogates_is_the_substitution(text: str) -> None:
    from dan.textclean import repair_surrogates

    assert repair_surrogates(text) == re.sub("[\ud800-\udfff]", "\ufffd", text)
    assert repair_surrogates("x\ud800y") == "x\ufffdy"
