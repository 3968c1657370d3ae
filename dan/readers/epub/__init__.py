"""EPUB reader: the spine's XHTML chapters through the HTML reader, under the zip limits."""

from __future__ import annotations

from dan.readers.epub.reader import read_epub

__all__ = ["read_epub"]
