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
from dan.native import compiled_modules
from dan.readers.rtf import read_rtf
from dan.readers.rtf.codepages import ascii_compatible
from dan.readers.rtf.inline import Atom, RevKey, _normalize, build_inlines
from dan.errors import DanError
from dan.readers.rtf.reader import _SPECIAL_CHARS, _Reader
from dan.readers.rtf.tokens import CLOSE, HEX, OPEN, TEXT, WORD, Tokenizer


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
    from dan.readers.rtf.tokens import HEX, SYMBOL, TOKEN

    out: list[tuple[int, object, object]] = []
    for found in TOKEN.finditer(data):
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


class _TokenDrivenReader(_Reader):
    """The reader driven by :class:`Tokenizer`'s tokens, as it was before the scan was
    fused into ``_read_tokens`` (the same handlers, a token at a time): the reference the
    fused loop's scanning and dispatch must match."""

    def _read_tokens(self) -> None:
        for kind, value, param in self.tokens:
            if kind == TEXT:
                self._text_bytes(value)
                continue
            if kind == HEX:
                self._hex(value)
                continue
            self.skip_chars = 0
            if self.buf:
                self._flush()
            if kind == OPEN:
                self._open_group()
                continue
            if kind == CLOSE:
                if not self._end_group():
                    return
                continue
            if kind == WORD:
                if self.fresh:
                    self.fresh = False
                    if self._destination(value, param):
                        continue
                self.star = False
                handler = self.handlers.get(value)
                if handler is not None:
                    handler(param)
                elif value in _SPECIAL_CHARS:
                    self._emit(_SPECIAL_CHARS[value])
                continue
            self._symbol(value)


_SOUP = [
    "{", "}", "\\par ", "\\b ", "\\b0 ", "\\plain ", "\\pard ", "\\cell ", "\\row ", "\\trowd ", "\\cellx1000 ",
    "\\clmgf ", "\\clmrg ", "\\intbl ", "{\\footnote ", "{\\*\\annotation ", "{\\*\\atrfstart 1}", "\\revised ",
    "\\u8364?", "\\u-10 ", "\\uc2 ", "\\uc2\\u8364\\'41\\'42\\'43", "\\'e9", "\\'41\\'42", "text ", "more text\r\n", "{\\listtext 1.}", "\\ls1 ",
    "{\\*\\pn\\pnlvlblt}", "\\uc0 ", "\\v ", "\\v0 ", "\\bin2 ", "\\bin3 {}", "\\bin0 ", "{\\upr{a}{\\*\\ud{b}}}",
    "{\\upr{\\'41}{\\*\\ud{\\u66 ?}}}", "\\\\", "\\{", "\\}", "\\~", "\\_", "\\*", "\\\n", "{\\*\\unknown {x}}",
    "{\\pict 0011{}}", "{\\fonttbl{\\f0 Arial;}}", "{\\field{\\*\\fldinst HYPERLINK \"http://a.b\"}{\\fldrslt link}}",
    "\\f0 ", "\\tab ", "\\emdash ", "\\'", "\\", "{\\*", "{\\header head\\par}",
]


def _read_with(reader_class: type[_Reader], data: bytes) -> object:
    if "dan.readers.rtf.reader" in compiled_modules():
        # (a compiled class cannot be subclassed from Python; the Python build's run of
        # these tests compares the two loops)
        pytest.skip("the reference reader subclasses _Reader, compiled in this build")
    reader = reader_class(data, Limits())
    try:
        try:
            reader.run()
        except DanError as exc:
            return type(exc)
        return reader.document()
    finally:
        reader.handlers.clear()


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_SOUP), max_size=60))
def test_the_fused_scan_reads_what_the_tokenizer_driven_reader_reads(pieces: list[str]) -> None:
    data = ("{\\rtf1\\ansi " + "".join(pieces)).encode()
    assert _read_with(_Reader, data) == _read_with(_TokenDrivenReader, data)


def test_the_fused_scan_matches_on_the_corpus(corpus: object) -> None:
    from pathlib import Path

    files = sorted(Path(str(corpus)).glob("rtfparserkit/**/*.rtf"))[:60]
    assert files
    for path in files:
        data = path.read_bytes()
        assert _read_with(_Reader, data) == _read_with(_TokenDrivenReader, data), path


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.tuples(st.text(max_size=6), st.booleans(), st.booleans(), st.sampled_from(["", "c1"])),
        max_size=6,
    )
)
def test_story_text_makes_the_atoms_the_named_tuple_makes(runs: list[tuple[str, bool, bool, str]]) -> None:
    """Story.text builds its atoms in C (tuple.__new__): they are Atoms, equal to atoms
    built field by field, merged as the rule says (same formatting, comments, revision)."""
    from dan.readers.rtf.story import Story

    story = Story("body", 3)
    expected: list[Atom] = []
    for text, bold, italic, comment in runs:
        for name in list(story.open_comments):
            story.comment_end(name)
        if comment:
            story.comment_start(comment)
        story.text(text, bold, italic, None)
        comments = (comment,) if comment else ()
        last = expected[-1] if expected else None
        if last is not None and last.comments == comments and (last.leaf.bold, last.leaf.italic) == (bold, italic):
            expected[-1] = Atom(m.Text(last.leaf.text + text, bold, italic), comments, None, "")
        else:
            expected.append(Atom(m.Text(text, bold, italic), comments, None, ""))
    assert all(type(a) is Atom for a in story.atoms)
    assert story.atoms == expected
