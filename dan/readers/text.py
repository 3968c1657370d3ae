"""Plain text reader: paragraphs separated by blank lines, nothing else detected.

Lines inside a paragraph keep their breaks (addresses, verse, notes), except in
hard-wrapped prose — most lines 50 characters or longer — whose lines are joined with a
space. A form feed (``\\f``) is an explicit page break, as text exported from paged
documents uses it.
"""

from __future__ import annotations

import re

from dan import model as m
from dan.errors import LimitExceededError, TextTooLargeError, UnsupportedFormatError
from dan.limits import Limits
from dan.readers.options import DEFAULT_OPTIONS, ReadOptions
from dan.textclean import clean_text, decode_text, looks_binary, repair_surrogates

__all__ = [
    "check_blocks",
    "decoded_text",
    "drop_stray_nuls",
    "nul_warning",
    "read_text",
    "reject_binary",
]

_PARA_SPLIT = re.compile(r"\n[ \t]*\n+")
#: A line at least this long in a paragraph of such lines is taken as hard-wrapped prose.
WRAP_WIDTH = 50


def reject_binary(text: str, what: str = "text") -> None:
    """Raise when decoded ``text`` is evidently binary data (NULs or many controls)."""
    if looks_binary(text[:65536]):
        raise UnsupportedFormatError(
            f"the input does not look like {what}: it holds binary data (NUL or control bytes); "
            "check the file, or pass the right doc_type"
        )


def drop_stray_nuls(text: str, what: str = "text") -> tuple[str, int]:
    """``text`` without a few stray NUL characters, and how many were dropped (at most one
    per thousand characters, or 64); more NULs, or many control characters, are binary data
    and raise as :func:`reject_binary` does."""
    count = text.count("\x00")
    if count and count <= max(64, len(text) // 1000):
        text = text.replace("\x00", "")
    else:
        count = 0
    reject_binary(text, what)
    return text, count


#: Where a block can start in text-like sources: a non-blank line first or after a blank
#: line; a line opening with a Markdown block marker (heading, quote, list item, fence,
#: table row, setext underline); a line holding a table pipe.
_BLOCK_START = re.compile(
    r"(?:\A|\n[ \t]*\n)[ \t]*\S|^[ \t]*(?:[#>|*+\-`~=]|\d{1,9}[.)])|^[^\n|]*\|", re.M
)
_PARA_START = re.compile(r"(?:\A|\n[ \t]*\n)[ \t]*\S")


def check_blocks(text: str, limits: Limits, what: str = "Markdown") -> None:
    """Refuse ``text`` (before it is parsed) when it can start more blocks than
    ``Limits.max_blocks``: paragraphs, headings, list items, table rows, each of which
    becomes objects in every later stage. Plain text counts paragraphs only."""
    newlines = text.count("\n")
    if newlines < limits.max_blocks:
        return  # (a block takes a line at least: nothing to count)
    pattern = _PARA_START if what == "text" else _BLOCK_START
    count = sum(1 for _ in pattern.finditer(text))
    lines = newlines + 1 if what == "text" else 0
    if count > limits.max_blocks or lines > 4 * limits.max_blocks:
        found = f"{count:,} blocks" if count > limits.max_blocks else f"{lines:,} lines"
        raise LimitExceededError(
            f"the {what} has {found}, over Limits.max_blocks={limits.max_blocks:,}: "
            "raise Limits.max_blocks to convert it, or split the file"
        )


def nul_warning(count: int, what: str) -> tuple[m.Message, ...]:
    """The warning for ``count`` stray NUL characters dropped from the input (none for 0)."""
    if not count:
        return ()
    return (
        m.Message(
            "nul-bytes", f"{count} stray NUL character(s) in the {what} were dropped", "input"
        ),
    )


def _hard_wrapped(lines: list[str]) -> bool:
    """True for prose wrapped at a fixed width: all lines but the last are long."""
    if len(lines) < 2:
        return False
    return sum(len(line) >= WRAP_WIDTH for line in lines[:-1]) >= max(1, (len(lines) - 1) * 3 // 4)


def decoded_text(source: bytes | str, limits: Limits) -> str:
    """``source`` as text (bytes decoded: BOM, UTF-16, UTF-8, else cp1252), within
    ``Limits.max_chars``, every lone surrogate already U+FFFD (a parser's own steps, such
    as markdown-it's link normalisation, encode the text and would fail on one)."""
    text = repair_surrogates(decode_text(source) if not isinstance(source, str) else source)
    if len(text) > limits.max_chars:
        raise TextTooLargeError(
            f"the document holds {len(text):,} characters, "
            f"over Limits.max_chars={limits.max_chars:,}"
        )
    return text


def read_text(
    source: bytes | str, limits: Limits, options: ReadOptions = DEFAULT_OPTIONS
) -> m.Document:
    """Read plain text into a document (bytes decoded as :func:`decoded_text` says; binary
    data is refused)."""
    text, nuls = drop_stray_nuls(decoded_text(source, limits))
    check_blocks(text, limits, "text")
    blocks: list[m.Block] = []
    pages = text.split("\f")
    for number, page in enumerate(pages):
        if number:
            blocks.append(m.PageBreak(rendered=False))
        page = clean_text(page)
        for para in _PARA_SPLIT.split(page):
            lines = [line.rstrip() for line in para.strip("\n").split("\n")]
            lines = [line for line in lines if line.strip()]
            if not lines:
                continue
            inlines: list[m.Inline] = []
            if _hard_wrapped(lines):
                inlines.append(m.Text(" ".join(line.strip() for line in lines)))
            else:
                for i, line in enumerate(lines):
                    if i:
                        inlines.append(m.LineBreak())
                    inlines.append(m.Text(line))
            blocks.append(m.Paragraph(tuple(inlines)))
    return m.Document(body=tuple(blocks), warnings=nul_warning(nuls, "text"))
