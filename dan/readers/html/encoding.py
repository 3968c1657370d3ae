"""Decoding HTML bytes: BOM, then sniffed UTF-8, then the declared charset, then a guess.

Order of evidence (first that applies wins):

1. a byte order mark (UTF-8, UTF-16, UTF-32);
2. bytes that are valid UTF-8 *and* hold non-ASCII characters are UTF-8, whatever the
   page declares: a page mislabelled ``iso-8859-1`` is far more common than Latin-1 text
   that happens to form valid UTF-8 sequences;
3. the declared charset (``<meta charset>``, ``<meta http-equiv=Content-Type>``, the XML
   declaration, anywhere in the ``<head>`` up to 64 KiB) when Python knows the codec and
   decoding with it leaves (almost) no undecodable bytes; as browsers do,
   ``iso-8859-1``/``ascii`` labels mean windows-1252 and a UTF-16/32 label without a BOM
   is ignored;
4. BOM-less UTF-16 (NULs in every other byte);
5. a page whose declaration lies (declared UTF-8, written in windows-1256) or that declares
   nothing: a statistical guess (charset-normalizer), else windows-1252.

Undecodable bytes become U+FFFD; decoding never raises. A declared charset Python does not
know is an ``unknown-charset`` warning (:func:`decode_html_noting`), which travels with the
document.
"""

from __future__ import annotations

import codecs
import re

from dan import model as m
from dan.textclean import decode_text, unicode_text

__all__ = ["decode_html", "decode_html_noting", "declared_charset"]

_META = re.compile(
    rb"""<meta[^>]*?charset\s*=\s*["']?\s*([a-zA-Z0-9_.:-]{1,40})""",
    re.I,
)
_XML_DECL = re.compile(rb"""^\s*<\?xml[^>]*encoding\s*=\s*["']([a-zA-Z0-9_.:-]{1,40})["']""", re.I)
_WINDOWS_1252_ALIASES = frozenset(
    {"iso-8859-1", "iso8859-1", "latin-1", "latin1", "l1", "ascii", "us-ascii", "iso_8859-1"}
)
#: How far into the document a charset declaration is looked for (a long ``<head>`` of
#: scripts and styles may put it past the first few KiB); it stops at ``</head>`` or ``<body``.
_DECL_WINDOW = 65536
_HEAD_END = re.compile(rb"</head\s*>|<body[\s>]", re.I)
#: Undecodable bytes (U+FFFD after decoding) a declared charset may leave before it is
#: distrusted: a few stray bytes are damage, more mean the declaration is wrong.
_TOLERATED_REPLACEMENTS = 8


def declared_charset(data: bytes, warnings: list[m.Message] | None = None) -> str | None:
    """The Python codec name the document declares in its ``<head>`` (at most 64 KiB), or
    None; a declared name Python does not know is noted in ``warnings``, when given."""
    head = data[:_DECL_WINDOW]
    end = _HEAD_END.search(head)
    if end is not None:
        head = head[: end.start()]
    found = _XML_DECL.match(head) or _META.search(head)
    if not found:
        return None
    label = found.group(1).decode("ascii", "replace").strip().lower()
    if label in _WINDOWS_1252_ALIASES:
        return "cp1252"
    try:
        name = codecs.lookup(label).name
    except LookupError:
        if warnings is not None:
            warnings.append(
                m.Message(
                    "unknown-charset",
                    f"the page declares the charset {label!r}, which Python does not know: "
                    "its encoding was sniffed instead",
                    "input",
                )
            )
        return None
    if name.startswith(("utf-16", "utf-32")):
        return None
    return name


def decode_html(data: bytes) -> str:
    """Decode HTML bytes following the module's order of evidence (the warnings of
    :func:`decode_html_noting` left out: for callers that only look inside a package)."""
    return decode_html_noting(data)[0]


def decode_html_noting(data: bytes) -> tuple[str, tuple[m.Message, ...]]:
    """Decode HTML bytes following the module's order of evidence; the text and what was
    noted on the way (an ``unknown-charset`` declaration)."""
    warnings: list[m.Message] = []
    return _decode(data, warnings), tuple(warnings)


def _decode(data: bytes, warnings: list[m.Message]) -> str:
    if data.startswith((b"\xef\xbb\xbf", b"\xff\xfe", b"\xfe\xff")):
        return decode_text(data)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    if text is not None and not text.isascii():
        return text
    declared = declared_charset(data, warnings)
    if declared is not None:
        decoded = data.decode(declared, errors="replace")
        if decoded.count("\ufffd") <= _TOLERATED_REPLACEMENTS + data.count("\ufffd".encode()):
            return decoded
    if text is not None:
        return text
    unicode = unicode_text(data)
    if unicode is not None:
        return unicode
    guessed = _guess(data)
    if guessed is not None:
        return guessed
    return decoded if declared is not None else data.decode("cp1252", errors="replace")


def _guess(data: bytes) -> str | None:
    """The text charset-normalizer finds most plausible in ``data``, or None."""
    from charset_normalizer import from_bytes

    best = from_bytes(data[:_DECL_WINDOW]).best()
    if best is None or best.encoding in ("utf_8", "ascii"):
        return None
    try:
        return data.decode(best.encoding, errors="replace")
    except LookupError:
        return None
