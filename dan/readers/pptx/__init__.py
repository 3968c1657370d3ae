"""PPTX reader: PresentationML read with lxml (python-pptx only builds the tests' fixtures)."""

from __future__ import annotations

from dan.readers.pptx.reader import read_pptx

__all__ = ["read_pptx"]
