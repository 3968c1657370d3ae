"""ODT reader: OpenDocument text read with lxml, review marks in DOCX's notation."""

from __future__ import annotations

from dan.readers.odt.reader import read_odt

__all__ = ["read_odt"]
