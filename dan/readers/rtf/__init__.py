"""RTF reader: ``reader`` interprets the token stream (``tokens``) with code pages
(``codepages``), paragraphs and stories (``story``), tables (``tables``) and inline runs,
revisions and comments (``inline``)."""

from __future__ import annotations

from dan.readers.rtf.reader import read_rtf

__all__ = ["read_rtf"]
