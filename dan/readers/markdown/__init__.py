"""Markdown reader: CommonMark + GFM tables + footnotes, parsed with markdown-it-py.

``parser`` builds the markdown-it parser (with ``tables``, its own table rule),
``reader`` turns its tokens into the document model.
"""

from __future__ import annotations

from dan.readers.markdown.reader import read_markdown

__all__ = ["read_markdown"]
