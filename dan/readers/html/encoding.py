"""Decoding HTML bytes: BOM, then sniffed UTF-8, then the declared charset, then cp1252.

Order of evidence (first that applies wins):

1. a byte order mark (UTF-8, UTF-16, UTF-32);
2. bytes that are valid UTF-8 *and* hold non-ASCII characters are UTF-8, whatever the
   page declares: a page mislabelled ``iso-8859-1`` is far more common than Latin-1 text
   that happens to form valid UTF-8 sequences;
3. the declared charset (``<meta charset>``, ``<meta http-equiv=Content-Type>``, the XML
   declaration) when Python knows the codec; as browsers do, ``iso-8859-1``/``ascii``
   labels mean windows-1252 and a UTF-16/32 label without a BOM is ignored;
4. BOM-less UTF-16 (NULs in every other byte), else windows-1252.

Undecodable bytes become U+FFFD; decoding never raises.
"""

from __future__ import annotations

import codecs
import logging
import re

from dan.textclean import decode_text

__all__ = ["decode_html", "declared_charset"]

log = logging.getLogger("dan")

_META = re.compile(
    rb"""<meta[^>]*?charset\s*=\s*["']?\s*([a-zA-Z0-9_.:-]{1,40})""",
    re.I,
)
_XML_DECL = re.compile(rb"""^\s*<\?xml[^>]*encoding\s*=\s*["']([a-zA-Z0-9_.:-]{1,40})["']""", re.I)
_WINDOWS_1252_ALIASES = frozenset(
    {"iso-8859-1", "iso8859-1", "latin-1", "latin1", "l1", "ascii", "us-ascii", "iso_8859-1"}
)
#: How far into the document a charset declaration is looked for.
_DECL_WINDOW = 4096


def declared_charset(data: bytes) -> str | None:
    """The Python codec name the document declares in its first 4 KiB, or None."""
    head = data[:_DECL_WINDOW]
    found = _XML_DECL.match(head) or _META.search(head)
    if not found:
        return None
    label = found.group(1).decode("ascii", "replace").strip().lower()
    if label in _WINDOWS_1252_ALIASES:
        return "cp1252"
    try:
        name = codecs.lookup(label).name
    except LookupError:
        log.warning("HTML declares an unknown charset %r: decoding by sniffing instead", label)
        return None
    if name.startswith(("utf-16", "utf-32")):
        return None
    return name


def decode_html(data: bytes) -> str:
    """Decode HTML bytes following the module's order of evidence."""
    if data.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")):
        return decode_text(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    if text is not None and not text.isascii():
        return text
    declared = declared_charset(data)
    if declared is not None:
        return data.decode(declared, errors="replace")
    if text is not None:
        return text
    return decode_text(data)
