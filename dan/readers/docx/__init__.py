"""DOCX reader: WordprocessingML (Transitional and Strict) read with lxml, one module per part.

``package`` guards the zip and resolves relationships; ``styles``, ``numbering`` and
``comments`` read their parts; ``body`` walks paragraph and table content for every
story; ``reader`` assembles the body, headers, footers, notes and the title; ``ooxml``
holds the names. python-docx is not used here: its object layer costs more than the whole
conversion and fails on Strict OOXML and some relationship types; the tests use it to
build fixtures.
"""

from __future__ import annotations

from dan.readers.docx.reader import read_docx

__all__ = ["read_docx"]
