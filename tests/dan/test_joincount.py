"""dan.pipeline.joincount: exact o200k counts of joined text from the counts of its parts.

Every count the module derives is checked against the tokenizer itself, on texts built to
hit the boundaries that matter: punctuation and spaces before line breaks (where o200k's
pieces run across the join), parts starting with spaces or ``/`` (where they must not be
counted apart), Unicode letters, marks, digits and whitespace.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import dan
from dan.pipeline.chunker import Chunker, assemble
from dan.fields import DEFAULT_LABELS
from dan.pipeline.joincount import JoinedCounter, clean_start
from dan.tokenizer import count_tokens

# Characters where o200k's pre-tokenizer decides something: ASCII letters and digits,
# punctuation (including the ``/`` that a piece ending in line breaks may take), spaces,
# tabs and line breaks, no-break and other Unicode spaces, letters of other scripts,
# combining marks, non-ASCII digits, the contraction apostrophe, CJK.
ALPHABET = "aZx9 .,;:!?-*|#>`'/()[]\\\t\n\r\u00a0\u2003\u3000éßДж\u0301\u0663二字😀"
TEXT = st.text(alphabet=ALPHABET, max_size=40)
BREAK = st.sampled_from(["\n", "\n\n", "\n\n\n", " \n", ".\n"])


def test_counts_are_not_additive_in_general() -> None:
    # the reason the module exists: a full stop and the blank line after it are one piece
    assert count_tokens("The end.") + count_tokens("\n\n") != count_tokens("The end.\n\n")


@pytest.mark.parametrize(
    ("text", "clean"),
    [
        ("word", True),
        ("| a |", True),
        ("> quote", True),
        ("```py", True),
        ("é", True),
        ("\u0301x", True),
        ("  - nested", False),
        ("\ttab", False),
        ("\u00a0x", False),
        ("\u3000x", False),
        ("\nx", False),
        ("/path", False),
        ("", False),
    ],
)
def test_clean_start(text: str, clean: bool) -> None:
    assert clean_start(text) is clean


@pytest.mark.parametrize(
    ("x", "y"),
    [("end.\n", "/"), ("a\n", "\t\n"), ("a\n", "\r\n"), ("a\n", "\n"), ("a\n", " \n"), ("a\n\n", "\u3000\n")],
)
def test_every_known_non_additive_start_is_unclean(x: str, y: str) -> None:
    # pieces that run across a line-break join: y's first character is one clean_start rejects
    assert count_tokens(x + y) != count_tokens(x) + count_tokens(y)
    assert not clean_start(y)


@given(st.lists(TEXT, min_size=1, max_size=4), TEXT)
@settings(max_examples=600, deadline=None)
def test_line_break_boundary_is_additive(heads: list[str], tail: str) -> None:
    # x ends with a line break, y starts clean: the count of x + y is the sum of theirs
    x = "".join(heads) + "\n"
    assume(clean_start(tail))
    assert count_tokens(x + tail) == count_tokens(x) + count_tokens(tail)


@given(TEXT, TEXT, BREAK)
@settings(max_examples=800, deadline=None)
def test_with_break_is_exact(head: str, tail: str, brk: str) -> None:
    counter = JoinedCounter(count_tokens)
    for text in (head + tail, head + " " + tail, head + "a " + tail, tail + "9 x."):
        assert counter.with_break(text, count_tokens(text), brk) == count_tokens(text + brk), (text, brk)


@pytest.mark.parametrize(
    "text",
    [
        "The end.",
        "as defined in clause 9.2.",
        "| Widget | 12.00 |",
        "**bold end**",
        "price 12,345",
        "trailing spaces   ",
        "ends in a word",
        "no-space-anywhere-at-all-in-this-line.",
        "二字二字二字。",
        "x" * 200 + " y.",
        " " + "z" * 200,
    ],
)
@pytest.mark.parametrize("brk", ["\n", "\n\n"])
def test_with_break_on_typical_unit_ends(text: str, brk: str) -> None:
    counter = JoinedCounter(count_tokens)
    assert counter.with_break(text, count_tokens(text), brk) == count_tokens(text + brk)


def test_with_break_caches_tails_and_bounds_the_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []

    def counting(text: str) -> int:
        calls.append(text)
        return count_tokens(text)

    counter = JoinedCounter(counting)
    long = "word " * 400 + "last one."
    assert counter.with_break(long, count_tokens(long), "\n\n") == count_tokens(long + "\n\n")
    assert calls == [" one.\n\n", " one."]  # only the tail after the last word's space
    calls.clear()
    again = "other words " * 50 + "last one."
    assert counter.with_break(again, count_tokens(again), "\n\n") == count_tokens(again + "\n\n")
    assert calls == []  # the same tail: cached
    monkeypatch.setattr("dan.pipeline.joincount._MAX_CACHED", 2)
    for i in range(5):
        counter.with_break(f"w {i}", count_tokens(f"w {i}"), "\n")
    assert len(counter._tails) <= 2


def test_with_break_counts_a_unit_with_no_usable_space_whole() -> None:
    calls: list[str] = []

    def counting(text: str) -> int:
        calls.append(text)
        return count_tokens(text)

    text = "x" * 300 + "."
    assert JoinedCounter(counting).with_break(text, count_tokens(text), "\n") == count_tokens(text + "\n")
    assert calls == [text + "\n"]


SEGMENT = st.tuples(TEXT, BREAK | st.just(""), st.booleans())


@given(st.lists(SEGMENT, min_size=1, max_size=8))
@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_measure_is_exact(parts: list[tuple[str, str, bool]]) -> None:
    segments = [
        (text + brk, count_tokens(text + brk) if known else -1) for text, brk, known in parts
    ]
    joined = "".join(s for s, _ in segments)
    assert JoinedCounter(count_tokens).measure(segments) == count_tokens(joined)


def test_measure_counts_unclean_boundaries_together() -> None:
    calls: list[str] = []

    def counting(text: str) -> int:
        calls.append(text)
        return count_tokens(text)

    segments = [("- item\n", 3), ("  - nested\n", 4), ("next\n\n", 2), ("/root", 2)]
    total = JoinedCounter(counting).measure(segments)
    assert total == count_tokens("".join(s for s, _ in segments))
    # the nested item starts with spaces and /root with a slash: each is counted with the
    # segment before it, and the known counts are used where the boundary allows
    assert calls == ["- item\n  - nested\n", "next\n\n/root"]


def test_measure_of_nothing_is_zero() -> None:
    assert JoinedCounter(count_tokens).measure([]) == 0


MARKDOWN = """# Terms

Payment is due within 30 days.
The supplier **shall** deliver on time.

- first item, with a comma.
  - nested item
    - deeper still/with a slash
- last item

| Part | Price |
|---|---|
| Widget | 12.00 |
| Gadget | 7.50 |

> A quote that ends with a full stop.

```python
print("code")
```

/a line that starts with a slash.

Clause 9.2 applies. See also clause 12.4.
"""


@pytest.mark.parametrize("max_tokens", [32, 48, 64, 128, 1024])
def test_converted_chunks_count_exactly(max_tokens: int) -> None:
    res = dan.convert_string(MARKDOWN * 12, doc_type="markdown", max_tokens=max_tokens)
    assert len(res.chunks) > 1 or max_tokens == 1024
    for text, rec in zip(res.chunks, res.records):
        assert rec["ssTokens"] == count_tokens(text) <= max_tokens


def test_another_count_measures_the_whole_text() -> None:
    # the boundary rules are o200k's: a chunker given another count asks it for every chunk
    seen: list[str] = []

    def by_chars(text: str) -> int:
        seen.append(text)
        return len(text) // 4 + 1

    res = dan.convert_string(MARKDOWN, doc_type="markdown", max_tokens=1024)
    assert res.chunks
    from dan.converter import Dan

    d = Dan(max_tokens=1024)
    d.import_string(MARKDOWN, doc_type="markdown")
    units = list(d._doc.units)  # type: ignore[union-attr]
    chunker = Chunker(max_tokens=400, title="T", labels=DEFAULT_LABELS, estimated=True, count=by_chars)
    assert chunker._joined is None
    chunks = chunker.chunk(units)
    for c in chunks:
        assert c.text == c.header + "\n\n" + assemble(c.units)
        assert c.tokens == by_chars(c.text)
        assert c.text in seen
