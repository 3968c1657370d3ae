"""The PDF reader's fast paths give what their plain forms give.

- ``dan/readers/pdf/_clines.pyx``, the C loop over a page's characters, against its Python
  twin ``pdfium._py_lines``: the same lines (text, every character's box, size and
  boldness, hyphens, baselines, fragments) for the fixtures and for generated pages of
  mixed fonts, sizes, gaps, soft hyphens, ligatures and white space (the compiled leg;
  skipped in the pure-Python one, failed there with ``DAN_REQUIRE_COMPILED=1``).
- ``Line.of`` against its plain definition (a pass over the visible characters), and
  ``reader._plain_runs`` against the character-by-character walk of ``_walked_inlines``
  (both builds).
"""

from __future__ import annotations

import ast
import io
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dan.limits import Limits
from dan.readers.pdf import pdfium
from dan.readers.pdf import reader as R
from dan.readers.pdf.layout import Para
from dan.readers.pdf.values import Box, Line
from helpers import DATA, compiled_module

FIXTURES = sorted((DATA / "pdf").glob("*.pdf"))


def _both(data: bytes, monkeypatch: pytest.MonkeyPatch) -> tuple[object, object]:
    """``pdfium.load`` of ``data`` with the C loop, then with the Python one."""
    fast = pdfium.load(data, Limits())
    with monkeypatch.context() as patch:
        patch.setattr(pdfium, "_CLINES", None)
        plain = pdfium.load(data, Limits())
    return fast, plain


# ------------------------------------------------------------- generated pages

_FONTS = ("Helvetica", "Helvetica-Bold", "Times-Roman", "Times-Bold", "Courier")
_WORDS = st.sampled_from(
    ["alpha", "Beta", "co\u00adoperate", "non-", "exclusive", "deliv-", "\ufb01le", "e\ufb00ect",
     "\ufb02ow", "9.2", "(a)", "\u2022", "x", "-", " ", "  ", "\u00a0", "\t", "caf\u00e9", "\u00ad"]
)
_PIECE = st.tuples(
    st.lists(_WORDS, min_size=1, max_size=6).map(" ".join),
    st.sampled_from(_FONTS),
    st.sampled_from([1.0, 6.0, 9.0, 10.0, 12.0, 18.0]),
    st.floats(0, 480),  # x
    st.floats(40, 800),  # y
    st.sampled_from([1.0, 1.0, 8.0, 0.5]),  # a vertical scale of the text matrix
)


def _pdf(pages: Sequence[Sequence[tuple[str, str, float, float, float, float]]]) -> bytes:
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    for pieces in pages:
        for text, font, size, x, y, scale in pieces:
            t = c.beginText()
            t.setTextOrigin(x, y)
            t.setFont(font, size)
            if scale != 1.0:
                t.setTextTransform(1, 0, 0, scale, x, y)
            t.textLine(text)
            c.drawText(t)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_the_c_loop_reads_the_fixtures_as_the_python_loop_does(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled_module("dan.readers.pdf._clines", "the PDF reader's C loop over a page's characters")
    assert pdfium._CLINES is not None
    for path in FIXTURES:
        fast, plain = _both(path.read_bytes(), monkeypatch)
        assert fast == plain, path.name


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.lists(_PIECE, max_size=12), min_size=1, max_size=3))
def test_the_c_loop_reads_generated_pages_as_the_python_loop_does(
    monkeypatch: pytest.MonkeyPatch, pages: list[list[tuple[str, str, float, float, float, float]]]
) -> None:
    compiled_module("dan.readers.pdf._clines", "the PDF reader's C loop over a page's characters")
    fast, plain = _both(_pdf(pages), monkeypatch)
    assert fast == plain


def test_the_c_loop_asks_each_character_when_the_text_is_not_one_code_point_each(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without the page's text in one call (``_codes`` gives None), both loops ask PDFium
    for each character's code point."""
    compiled_module("dan.readers.pdf._clines", "the PDF reader's C loop over a page's characters")
    monkeypatch.setattr(pdfium, "_codes", lambda raw, tp, n: None)
    for path in FIXTURES:
        fast, plain = _both(path.read_bytes(), monkeypatch)
        assert fast == plain, path.name


# ------------------------------------------------- the C source, read as text

PYX = Path(__file__).resolve().parents[2] / "dan" / "readers" / "pdf" / "_clines.pyx"


def test_the_c_loop_takes_the_functions_in_the_order_they_are_given() -> None:
    """(Both legs: the C source read as text.) Each function pointer the C loop casts is the
    PDFium function of that place in ``pdfium.CLINES_FUNCTIONS``, with the C type of its
    kind; the C loop's ligatures and gap are the Python loop's."""
    source = PYX.read_text(encoding="utf-8")
    casts = re.findall(r"cdef (\w+) (\w+) = <\1><uintptr_t>functions\[(\d)\]", source)
    want = {
        "FPDFText_GetUnicode": ("unicode_f", "get_unicode"),
        "FPDFText_IsGenerated": ("flag_f", "is_generated"),
        "FPDFText_IsHyphen": ("flag_f", "is_hyphen"),
        "FPDFText_GetCharBox": ("box_f", "char_box"),
        "FPDFText_GetCharOrigin": ("origin_f", "char_origin"),
        "FPDFText_GetTextObject": ("object_f", "text_object"),
    }
    assert len(casts) == len(pdfium.CLINES_FUNCTIONS) == len(want)
    for kind, name, index in casts:
        assert want[pdfium.CLINES_FUNCTIONS[int(index)]] == (kind, name), (kind, name, index)
    ligatures = source[source.index("cdef dict _LIGATURES = ") + len("cdef dict _LIGATURES = ") :]
    assert ast.literal_eval(ligatures[: ligatures.index("}") + 1]) == pdfium._LIGATURES
    assert "gap_fonts *" in source and "pdfium.GAP" in source  # (GAP is passed in, not copied)


# ------------------------------------------------------------------- Line.of


def _plain_of(text: Sequence[str], boxes: Sequence[Box], sizes: Sequence[float], bolds: Sequence[bool]) -> tuple:
    """``Line.of``'s box, size and boldness by its plain definition."""
    n = len(text)
    while n and text[n - 1].isspace():
        n -= 1
    start = 0
    while start < n and text[start].isspace():
        start += 1
    text, boxes, sizes, bolds = text[start:n], boxes[start:n], sizes[start:n], bolds[start:n]
    visible = [k for k, t in enumerate(text) if not t.isspace()]
    size = Counter(sizes[k] for k in visible).most_common(1)[0][0] if visible else 0.0
    box = (
        (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))
        if boxes
        else (0.0, 0.0, 0.0, 0.0)
    )
    return "".join(text), box, size, bool(visible) and all(bolds[k] for k in visible)


_CHAR = st.tuples(
    st.sampled_from(["a", "B", "-", " ", "\u00a0", "\t", "\u2003", "7"]),
    st.tuples(*(st.sampled_from([0.0, 1.5, -2.0, 10.0, 72.25]) for _ in range(4))),
    st.sampled_from([10.0, 12.0, 9.5]),
    st.booleans(),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_CHAR, max_size=14))
def test_line_of_gives_what_its_plain_definition_gives(chars: list[tuple[str, Box, float, bool]]) -> None:
    text = [c[0] for c in chars]
    boxes = [c[1] for c in chars]
    sizes = [c[2] for c in chars]
    bolds = [c[3] for c in chars]
    line = Line.of(text, boxes, sizes, bolds)
    assert (line.text, line.box, line.size, line.bold) == _plain_of(text, boxes, sizes, bolds)


# ------------------------------------------------------------- runs of text


def _line(text: str, bolds: Sequence[bool], hyphen: bool) -> Line:
    boxes = [(float(k), 0.0, float(k) + 1, 10.0) for k in range(len(text))]
    return Line.of(list(text), boxes, [10.0] * len(text), list(bolds), hyphen)


_LINE = st.tuples(
    st.integers(1, 3),  # page
    st.lists(st.tuples(st.sampled_from(["a", "b", " ", "-"]), st.booleans()), min_size=1, max_size=8),
    st.booleans(),  # hyphen
).filter(lambda t: any(not ch.isspace() for ch, _ in t[1]))


@settings(max_examples=400, deadline=None)
@given(st.lists(_LINE, min_size=1, max_size=5).map(lambda ls: sorted(ls, key=lambda t: t[0])), st.booleans())
def test_plain_runs_are_the_character_walks_runs(lines: list[tuple[int, list[tuple[str, bool]], bool]], all_bold: bool) -> None:
    para = Para(
        lines=tuple(
            (page, _line("".join(ch for ch, _ in chars), [b for _, b in chars], hyphen)) for page, chars, hyphen in lines
        )
    )
    marks = R._Marks((), link_targets=False)
    assert R._plain_runs(para, all_bold) == list(R._walked_inlines(para, marks, all_bold, with_refs=False))


def test_plain_runs_are_the_walks_runs_on_the_fixtures(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every paragraph the reader reads the fast way, in the fixtures and in a contract
    whose paragraphs go on over pages, read the plain way too."""
    from pdf_build import PdfBuilder

    plain_runs = R._plain_runs
    marks = R._Marks((), link_targets=False)
    seen: list[int] = []

    def checked(para: Para, all_bold: bool) -> list[object]:
        got = plain_runs(para, all_bold)
        assert got == list(R._walked_inlines(para, marks, all_bold, with_refs=False))
        seen.append(len(para.lines))
        return got  # type: ignore[return-value]

    monkeypatch.setattr(R, "_plain_runs", checked)
    b = PdfBuilder(title="T")
    for k in range(40):
        b.para(f"Clause {k} says the Supplier shall deliver the goods, and the Buyer shall pay for them " * 3)
    for data in [path.read_bytes() for path in FIXTURES] + [b.build()]:
        R.read_pdf(data, Limits())
    assert len(seen) > 50 and max(seen) > 3
