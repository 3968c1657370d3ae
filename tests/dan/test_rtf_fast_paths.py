"""The RTF reader's fast paths give what the general paths give: ASCII decoding of code pages
that read ASCII as ASCII, the one-atom paragraph in ``_normalize`` and ``build_inlines``, and
the tokenizer's restart after ``\\bin`` and a skipped group."""

from __future__ import annotations

import codecs

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dan import model as m
from dan.limits import Limits
from dan.readers.rtf import read_rtf
from dan.readers.rtf.codepages import ascii_compatible
from dan.readers.rtf.inline import Atom, RevKey, _normalize, build_inlines
from dan.readers.rtf.tokens import CLOSE, OPEN, TEXT, WORD, Tokenizer


@pytest.mark.parametrize("codec", ["cp1252", "utf-8", "shift_jis", "cp932", "mac_roman", "gb18030", "ascii"])
def test_ascii_supersets_are_ascii_compatible(codec: str) -> None:
    assert ascii_compatible(codec)


@pytest.mark.parametrize("codec", ["utf-16-le", "iso2022_jp", "iso2022_kr", "hz", "utf-7", "cp037", "no-such-codec"])
def test_codecs_that_read_ascii_bytes_otherwise_are_not(codec: str) -> None:
    assert not ascii_compatible(codec)


def test_an_iso2022_document_keeps_its_escapes() -> None:
    # \ansicpg50220 is ISO-2022-JP: ESC $ B ... ESC ( B are ASCII bytes that switch to JIS X 0208.
    text = "日"
    raw = text.encode("iso2022_jp")
    assert raw.isascii() and not set(raw) & set(b"\\{}")
    rtf = b"{\\rtf1\\ansi\\ansicpg50220 " + raw + b"\\par}"
    doc = read_rtf(rtf, Limits())
    assert [b.inlines[0].text for b in doc.body] == [text]
    assert codecs.decode(raw, "ascii") != text


_TEXT = st.text(alphabet=st.sampled_from(list("ab \t\xa0\n\u2003.")), max_size=12)


@settings(max_examples=300, deadline=None)
@given(_TEXT, st.booleans())
def test_one_text_atom_normalizes_as_the_general_path_does(text: str, bold: bool) -> None:
    one = Atom(m.Text(text, bold=bold))
    # an empty text atom after it changes nothing, but takes the general path
    general = _normalize([one, Atom(m.Text(""))])
    assert _normalize([one]) == general


@settings(max_examples=200, deadline=None)
@given(_TEXT, st.booleans(), st.booleans())
def test_one_atom_inlines_as_the_general_path_does(text: str, revised: bool, linked: bool) -> None:
    rev = RevKey("ins", "Ana", "", "r1") if revised else None
    atom = Atom(m.Text(text), (), rev, "https://x.example" if linked else "")
    general = build_inlines([atom, Atom(m.Text(""), (), rev, atom.link)], lambda n: None, lambda k: None)
    assert build_inlines([atom], lambda n: None, lambda k: None) == general


def test_tokens_after_bin_and_after_a_skipped_group() -> None:
    tok = Tokenizer(b"{\\bin3 {}}x{\\pict skipped {nested}}after\\par}")
    seen = []
    for kind, value, _param in tok:
        seen.append((kind, value))
        if (kind, value) == (WORD, "pict"):
            assert tok.skip_group()
    assert seen == [(OPEN, None), (TEXT, b"x"), (OPEN, None), (WORD, "pict"), (TEXT, b"after"), (WORD, "par"), (CLOSE, None)]


def _reference_tokens(data: bytes) -> list[tuple[int, object, object]]:
    """The tokens as the plain regex scan gives them (no \\bin, no cache)."""
    from dan.readers.rtf.tokens import _TOKEN, HEX, SYMBOL

    out: list[tuple[int, object, object]] = []
    for found in _TOKEN.finditer(data):
        kind = found.lastindex
        if kind in (1, 2):
            out.append((WORD, found.group(1).decode("ascii"), int(found.group(2)) if found.group(2) else None))
        elif kind == 6:
            out.append((TEXT, found.group(6), None))
        elif kind == 5:
            out.append((OPEN, None, None) if found.group(5) == b"{" else (CLOSE, None, None))
        elif kind == 3:
            out.append((HEX, int(found.group(3), 16), None))
        elif kind == 4:
            out.append((SYMBOL, found.group(4).decode("latin-1"), None))
    return out


_RTF_PIECES = st.sampled_from(
    [b"\\par", b"\\par ", b"\\b", b"\\b0", b"\\b1 ", b"\\fs24", b"\\fs-2", b"\\u8217", b"\\cellx1000", b"\\cellx1000 ",
     b"\\'e9", b"\\~", b"\\*", b"{", b"}", b"text", b" ", b"\r\n", b"\\" + b"a" * 40, b"\\fs" + b"9" * 14]
)


@given(st.lists(_RTF_PIECES, max_size=40).map(b"".join))
def test_repeated_control_words_give_the_tokens_of_the_plain_scan(data: bytes) -> None:
    assert list(Tokenizer(data)) == _reference_tokens(data)


def test_control_word_tokens_past_the_cache_bound_are_still_read() -> None:
    from dan.readers.rtf import tokens

    data = b"".join(b"\\w%d " % i for i in range(tokens._MAX_WORDS + 500)) + b"\\w3 \\w9000"
    got = list(Tokenizer(data))
    assert got == [(WORD, "w", i) for i in range(tokens._MAX_WORDS + 500)] + [(WORD, "w", 3), (WORD, "w", 9000)]
