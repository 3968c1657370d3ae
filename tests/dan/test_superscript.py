"""A superscript that follows text directly is written after a caret, in every reader that
knows a run is raised (HTML ``<sup>``, DOCX ``w:vertAlign="superscript"``, RTF ``\\super`` and
``\\up``): "EUR 500" and a raised "1" must never read as the number 5001."""

from __future__ import annotations

import io

import docx
import pytest

import dan
from dan.readers.superscript import caret_before


@pytest.mark.parametrize(
    ("last", "raised", "caret"),
    [
        ("0", "1", True),  # a note's marker after a number
        ("m", "2", True),  # a power
        ("0", "-3", True),  # a signed exponent
        (".", "2", True),  # after a full stop: "500.2" would read as a decimal
        ("5", "th", False),  # an ordinal's ending
        ("1", "er", False),
        ("0", "k", True),  # a letter exponent is no ordinal: "10k" would read as ten thousand
        (" ", "2", False),  # after a space: its text
        ("(", "1", False),  # after an opening bracket
        ("", "1", False),  # at the start of a line
        ("0", "[1]", False),  # a marker that brings its own brackets
    ],
)
def test_when_a_superscript_takes_a_caret(last: str, raised: str, caret: bool) -> None:
    assert caret_before(last, raised) is caret


def _docx(*runs: tuple[str, str]) -> bytes:
    document = docx.Document()
    paragraph = document.add_paragraph()
    for text, position in runs:
        run = paragraph.add_run(text)
        run.font.superscript = position == "sup"
        run.font.subscript = position == "sub"
    buf = io.BytesIO()
    document.save(buf)
    return buf.getvalue()


def test_a_docx_superscript_run_after_text_is_written_after_a_caret() -> None:
    data = _docx(
        ("The fee is EUR 500", ""), ("1", "sup"), (" a month; the area is 25 m", ""), ("2", "sup"),
        (", the 5", ""), ("th", "sup"), (" day, H", ""), ("2", "sub"), ("O and x ", ""), ("3", "sup"),
    )
    (chunk,) = dan.convert(data, filename="fee.docx").chunks
    assert "The fee is EUR 500^1 a month; the area is 25 m^2, the 5th day, H2O and x 3" in chunk


def test_html_and_docx_write_a_superscript_alike() -> None:
    html = dan.convert_string("<p>EUR 500<sup>1</sup> and 10<sup>6</sup> cells</p>", doc_type="html").chunks[0]
    word = dan.convert(_docx(("EUR 500", ""), ("1", "sup"), (" and 10", ""), ("6", "sup"), (" cells", "")),
                       filename="a.docx").chunks[0]
    assert html.split("\n\n", 1)[1] == word.split("\n\n", 1)[1] == "EUR 500^1 and 10^6 cells"


def test_an_rtf_raised_run_after_text_is_written_after_a_caret() -> None:
    rtf = (
        r"{\rtf1\ansi{\fonttbl{\f0 Arial;}}\f0 The fee is EUR 500{\super 1} a month, 25 m{\up6 2}, the 5{\super th}"
        r" day, H{\sub 2}O, x {\super 3} and 10\super -3\nosupersub  cells, {\super\chftn}{\footnote\pard\plain"
        r"{\super\chftn} Net.} then 7{\super 4}.\par}"
    )
    text = dan.convert(rtf.encode(), filename="fee.rtf").chunks[0]
    assert "The fee is EUR 500^1 a month, 25 m^2, the 5th day, H2O, x 3 and 10^-3 cells," in text
    assert "then 7^4." in text  # a footnote's raised mark in between leaves the next one its caret
