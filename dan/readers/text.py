"""Plain text reader: paragraphs separated by blank lines, nothing else detected.

Lines inside a paragraph keep their breaks; a form feed (``\\f``) is an explicit page
break, as text exported from paged documents uses it.
"""

from __future__ import annotations

import re

from dan import model as m
from dan.errors import UnsupportedFormatError
from dan.textclean import clean_text

__all__ = ["read_text", "reject_binary"]

_PARA_SPLIT = re.compile(r"\n[ \t]*\n+")


def reject_binary(text: str, what: str = "text") -> None:
    """Raise when decoded ``text`` is evidently binary data (NULs or many controls)."""
    sample = text[:65536]
    if not sample:
        return
    controls = sum(1 for ch in sample if ch < " " and ch not in "\t\n\r\f\x0b") + sample.count("\x7f")
    if "\x00" in sample or controls > 0.02 * len(sample) + 8:
        raise UnsupportedFormatError(
            f"the input does not look like {what}: it holds binary data (NUL or control bytes); "
            "check the file, or pass the right doc_type"
        )


def read_text(text: str) -> m.Document:
    """Read plain text (already decoded) into a document."""
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
            for i, line in enumerate(lines):
                if i:
                    inlines.append(m.LineBreak())
                inlines.append(m.Text(line))
            blocks.append(m.Paragraph(tuple(inlines)))
    return m.Document(body=tuple(blocks))
