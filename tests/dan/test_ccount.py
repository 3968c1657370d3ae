"""The C counter (``dan/_ccount.pyx``) against tiktoken: every character it handles, in the
contexts where the pattern's alternatives meet, generated texts, and its piece table.
Skipped in the pure-Python build; CI's compiled step runs it."""

from __future__ import annotations

import threading
import unicodedata
from pathlib import Path

import pytest
import regex
from hypothesis import example, given, settings
from hypothesis import strategies as st

import dan
import dan.detect
from dan import tokenizer
from helpers import compiled_module

ccount = compiled_module("dan._ccount", "the C counter is built by scripts/compile.py")

DATA = Path(__file__).resolve().parents[1] / "data"


def reference(text: str) -> int:
    return len(tokenizer.encoding().encode_ordinary(text))


#: o200k's pattern, as tiktoken splits a text before encoding its pieces (``regex`` is
#: tiktoken's own dependency).
PATTERN = regex.compile(tokenizer._PAT_STR)


def pieces(text: str) -> list[str]:
    return PATTERN.findall(text)


def fresh(capacity: int = 1 << 17) -> ccount.PieceCounter:
    enc = tokenizer.encoding()
    return ccount.PieceCounter(lambda piece: len(enc.encode_ordinary(piece)), capacity)


HANDLED = [chr(c) for c in range(0x2100) if ccount.character_class(chr(c)) != 6]
#: Where the alternatives meet: before and after letters of either case, numbers, spaces,
#: line breaks, slashes and apostrophes (the contractions), alone and repeated.
CONTEXTS = (
    "{}", "{}{}{}", "a{}", "{}a", "A{}b", "{}Ab", "ab{}cd", " {} ", "  {}", "{}  x", "1{}2",
    "123{}4567", "{}\n", "\n{}", "{}\r\n\n", "\t{}x", "{}/", "x'{}", "x'r{}", "x'l{}",
    "x'{}e", "x'{}l", "{}'s", "A{}'LL", ". {}", "{} .", "{}\u00a0x",
)


def test_count_tokens_counts_with_the_c_counter_when_it_is_built() -> None:
    tokenizer.encoding()
    fast = tokenizer._fast_count
    assert fast is not None and isinstance(fast.__self__, ccount.PieceCounter)
    assert dan.count_tokens("The supplier's fee is 1,250 EUR.") == reference(
        "The supplier's fee is 1,250 EUR."
    )
    # (a text the counter refuses is counted by tiktoken)
    assert fast("日本語のテキスト") == -1
    assert dan.count_tokens("日本語のテキスト") == reference("日本語のテキスト")


def test_the_classes_are_the_patterns() -> None:
    cls = ccount.character_class
    assert [cls(c) for c in "xQ7\n\r \t,"] == [2, 1, 3, 4, 4, 5, 5, 0]
    assert cls("\u00a0") == cls("\u2003") == cls("\x85") == cls("\u2028") == 5
    assert cls("\x1c") == 0  # (str.isspace holds for it; Unicode's White_Space does not)
    assert cls("²") == cls("½") == 3 and cls("é") == 2 and cls("É") == 1 and cls("€") == 0
    # letters in both of the pattern's letter classes, marks, others and unassigned: refused
    for c in "ǅªº\u0301\u02b0語\u2065\ud800🎉\u2100":
        assert cls(c) == 6, hex(ord(c))
    with pytest.raises(ValueError):
        cls("ab")
    assert len(HANDLED) > 700


def test_every_character_handled_splits_and_counts_as_tiktoken_does_in_every_context() -> None:
    counter = fresh()
    texts = [form.format(c, c, c) for c in HANDLED for form in CONTEXTS]
    assert [t for t in texts if ccount.split(t) != pieces(t)] == []
    assert [t for t in texts if counter.count(t) != reference(t)] == []


def test_a_text_with_any_character_not_handled_is_refused_whole() -> None:
    counter = fresh()
    for c in "ǅª\u0301語🎉\ud800":
        assert counter.count(f"a long text, {c} then more") == -1
    assert counter.pieces == 0  # (nothing counted before the refusal)
    assert counter.count("") == 0 and ccount.split("") == []


#: The characters where the pattern's alternatives differ (and two it refuses).
TRICKY = list("aAzZsStTrReEvVlLmMdD019 \t\n\r'/.,-()_\"") + [
    "\u00a0", "\x85", "\u2028", "\u200b", "\x0b", "\x1f", "é", "É", "ß", "ſ", "ş", "—", "“", "’",
    "€", "²", "×", "ǅ", "ª",
]
ALPHABET = st.sampled_from(TRICKY)


#: Texts of the alphabet above and of every character handled (``benchmarks/fuzz/ccount.py``
#: runs longer ones).
CHARACTERS = st.one_of(ALPHABET, st.sampled_from(HANDLED))
#: The same without the characters refused.
HANDLED_CHARACTERS = st.one_of(
    st.sampled_from([c for c in TRICKY if c in HANDLED]), st.sampled_from(HANDLED)
)


@settings(max_examples=600, deadline=None)
@given(st.lists(CHARACTERS, max_size=40).map("".join))
@example("don't it'S we'RE they'vE I'M you'Ll he'D")
@example("it'ſ it'ş")
@example("   \n\n  Hello  \n")
@example("((Hello)) 12345 /path//\n/")
def test_pieces_and_counts_match_tiktoken(text: str) -> None:
    got = fresh(8).count(text)  # (a small table: also filled and emptied)
    if any(ccount.character_class(c) == 6 for c in text):
        assert got == -1
        with pytest.raises(ValueError, match="does not handle"):
            ccount.split(text)
    else:
        assert ccount.split(text) == pieces(text)
        assert got == reference(text)


def test_texts_of_documents_count_as_tiktoken_counts_them(corpus: Path) -> None:
    counter = fresh()
    # (every file of tests/data that dan reads)
    readable = [p for p in sorted(DATA.glob("*/*.*")) if p.suffix.lower() in dan.detect.SUFFIXES]
    paths = sorted(corpus.glob("mammoth.js/**/*.docx")) + readable
    texts = [chunk for path in paths for chunk in dan.convert(path, max_tokens=64).chunks]
    assert len(texts) > 100
    counted = [t for t in texts if counter.count(t) >= 0]
    assert len(counted) > len(texts) // 2
    assert [counter.count(t) for t in counted] == [reference(t) for t in counted]


def test_each_piece_is_asked_for_once_and_long_ones_every_time() -> None:
    asked: list[str] = []
    counter = recording(asked)
    assert counter.count("the cat and the cat") == 5
    assert asked == ["the", " cat", " and", " the"]
    assert counter.count("The cat") == 2 and asked[-1] == "The"
    assert counter.pieces == 5
    long = "x" * 65  # (longer than the table keeps)
    assert counter.count(long + " " + long) == reference(long + " " + long)
    assert asked[-2:] == [long, " " + long] and counter.pieces == 5
    assert counter.count(long) == reference(long) and asked.count(long) == 2


def recording(asked: list[str]) -> ccount.PieceCounter:
    enc = tokenizer.encoding()

    def count_piece(piece: str) -> int:
        asked.append(piece)
        return len(enc.encode_ordinary(piece))

    return ccount.PieceCounter(count_piece)


@pytest.mark.parametrize(
    "first, second", [("afgyb", "cbcdh"), ("wgxm", "tfzxb"), ("avophgxx", "a")]
)
def test_pieces_whose_hashes_collide_are_told_apart(first: str, second: str) -> None:
    # (found by trying every word of 4 and 5 letters, and words after "a"; the last pair
    # is a longer key whose first character is the shorter piece)
    assert ccount.piece_hash(first) == ccount.piece_hash(second)
    asked: list[str] = []
    counter = recording(asked)
    for word in (first, second, first, second):
        assert counter.count(word) == reference(word)
    assert asked == [first, second] and counter.pieces == 2


def test_a_full_table_is_emptied_and_fills_again() -> None:
    counter = fresh(8)  # (four pieces at most, and 64 characters)
    words = [f"w{n}" for n in range(50)]
    text = " ".join(words)
    assert counter.count(text) == reference(text)
    assert 1 <= counter.pieces <= 4
    assert counter.count(text) == reference(text)
    for capacity in (4, 6, 1 << 25):
        with pytest.raises(ValueError, match="power of two from 8"):
            ccount.PieceCounter(len, capacity)


def test_a_table_whose_characters_are_full_is_emptied_before_a_piece_is_kept() -> None:
    counter = fresh(8)  # (64 characters for the pieces' keys)
    for n, letter in enumerate("abc"):
        word = letter * 30
        assert counter.count(word) == reference(word)
        assert counter.pieces == (n + 1 if n < 2 else 1)  # (the third did not fit)
    assert counter.count("x" * 64) == reference("x" * 64) and counter.pieces == 1


def test_a_count_piece_that_counts_with_the_same_table_meanwhile_changes_nothing() -> None:
    enc = tokenizer.encoding()
    counter: ccount.PieceCounter
    inside: list[str] = []

    def count_piece(piece: str) -> int:
        # (as another thread could while the GIL is given up: fill and empty the table)
        if not inside:
            inside.append(piece)
            filler = " ".join(f"{piece[:20]}{n}" for n in range(6))
            assert counter.count(filler) == reference(filler)
            inside.pop()
        return len(enc.encode_ordinary(piece))

    counter = ccount.PieceCounter(count_piece, 8)
    text = "alpha beta gamma delta " + "e" * 60 + " zeta"
    assert counter.count(text) == reference(text)
    assert counter.count(text) == reference(text)


def test_a_str_subclass_counts_as_its_value() -> None:
    class Name(str):
        pass

    counter = fresh()
    assert counter.count(Name("Dear Ann,\n")) == reference("Dear Ann,\n")
    assert ccount.split(Name("Dear Ann")) == ["Dear", " Ann"]
    assert dan.count_tokens(Name("Dear Ann")) == 2


def test_a_wrong_piece_count_or_an_error_of_count_piece_reaches_the_caller() -> None:
    with pytest.raises(ValueError, match="0 tokens"):
        ccount.PieceCounter(lambda piece: 0).count("hello")
    with pytest.raises(ValueError, match="9 tokens"):
        ccount.PieceCounter(lambda piece: 9).count("hi")

    def broken(piece: str) -> int:
        raise RuntimeError("no tokenizer")

    counter = ccount.PieceCounter(broken)
    with pytest.raises(RuntimeError, match="no tokenizer"):
        counter.count("hello")
    assert counter.pieces == 0
    with pytest.raises(TypeError):
        counter.count(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        counter.count(b"bytes")  # type: ignore[arg-type]


def test_threads_counting_at_once_with_a_table_that_keeps_filling_agree_with_tiktoken() -> None:
    enc = tokenizer.encoding()
    counter = ccount.PieceCounter(lambda piece: len(enc.encode_ordinary(piece)), 64)
    texts = [
        " ".join(f"{unicodedata.name(c, 'x').title()} {n}" for c in HANDLED[n : n + 40])
        for n in range(0, 600, 7)
    ]
    want = [reference(t) for t in texts]
    got: dict[int, list[int]] = {}

    def work(k: int) -> None:
        got[k] = [counter.count(t) for t in (texts if k % 2 else texts[::-1])]

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got[1] == got[3] == want and got[0] == got[2] == want[::-1]
