"""HTML reader: ``reader`` walks the parsed page, ``build`` assembles blocks, ``style`` reads
inline CSS and ``encoding`` decodes the bytes (BOM, ``<meta charset>``, then UTF-8/cp1252)."""

from __future__ import annotations

from dan.readers.html.reader import html_blocks, max_elements, read_html, revision_from_attrs

__all__ = ["html_blocks", "max_elements", "read_html", "revision_from_attrs"]
