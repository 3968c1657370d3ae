"""RTF code pages and font character sets to Python codecs.

``\\ansicpgN`` names the document's ANSI code page, ``\\fcharsetN`` a font's character
set and ``\\cpgN`` a font's code page. An unknown or invalid value falls back to the
document code page (cp1252 by default): it never fails a conversion, and the reader notes it
as an ``unknown-codepage`` warning that travels with the document.
"""

from __future__ import annotations

import codecs

__all__ = ["ascii_compatible", "codec_for_codepage", "codepage_for_charset", "DEFAULT_CODEC"]

DEFAULT_CODEC = "cp1252"

# Code pages Python does not name cpNNN (Mac code pages use their closest Python codec).
_CODEPAGES = {
    65001: "utf-8",
    1200: "utf-16-le",
    10000: "mac_roman",
    10001: "shift_jis",  # x-mac-japanese
    10002: "big5",  # x-mac-chinesetrad
    10003: "euc_kr",  # x-mac-korean
    10004: "mac_arabic",
    10006: "mac_greek",
    10007: "mac_cyrillic",
    10008: "gb2312",  # x-mac-chinesesimp
    10029: "mac_latin2",
    10079: "mac_iceland",
    10081: "mac_turkish",
    20127: "ascii",
    20866: "koi8_r",
    21866: "koi8_u",
    20932: "euc_jp",
    28591: "latin_1",
    28592: "iso8859_2",
    28595: "iso8859_5",
    28597: "iso8859_7",
    28599: "iso8859_9",
    28605: "iso8859_15",
    50220: "iso2022_jp",
    51932: "euc_jp",
    51949: "euc_kr",
    54936: "gb18030",
    1361: "johab",
}

# \fcharsetN -> code page (1, DEFAULT_CHARSET, and unknown values mean "the document's code page").
_CHARSETS = {
    0: 1252,  # ANSI_CHARSET is Western, whatever \\ansicpg says
    2: 1252,  # Symbol: no real mapping; read as cp1252
    77: 10000,
    78: 10001,
    79: 10003,
    80: 10008,
    81: 10002,
    83: 10005,
    84: 10004,
    85: 10006,
    86: 10081,
    87: 10021,
    88: 10029,
    89: 10007,
    128: 932,
    129: 949,
    130: 1361,
    134: 936,
    136: 950,
    161: 1253,
    162: 1254,
    163: 1258,
    177: 1255,
    178: 1256,
    186: 1257,
    204: 1251,
    222: 874,
    238: 1250,
    254: 437,
    255: 850,
}

_cache: dict[int, str | None] = {}


def codec_for_codepage(codepage: int | None) -> str | None:
    """The Python codec for a Windows code page number, or None if there is none."""
    if codepage is None:
        return None
    if codepage in _cache:
        return _cache[codepage]
    name = _CODEPAGES.get(codepage) or f"cp{codepage}"
    try:
        found: str | None = codecs.lookup(name).name
    except LookupError:
        found = None
    _cache[codepage] = found
    return found


def codepage_for_charset(charset: int) -> int | None:
    """The code page of an ``\\fcharset`` value (None: use the document's code page)."""
    return _CHARSETS.get(charset)


#: Every ASCII byte, then the ASCII escapes of the 7-bit stateful encodings (ISO-2022, HZ,
#: UTF-7), which an ASCII-compatible codec reads as plain ASCII too.
_ASCII = bytes(range(128)) + b"\x1b$B0!\x1b(B \x1b$)C\x0e!!\x0f ~{0!~} +AGE-"
_ascii_compatible: dict[str, bool] = {}


def ascii_compatible(codec: str) -> bool:
    """True when ``codec`` reads every ASCII byte as that ASCII character (so ASCII-only
    bytes may be decoded as ASCII, much faster); False for UTF-16, the ISO-2022 family (whose
    escapes are ASCII bytes), EBCDIC and the like."""
    found = _ascii_compatible.get(codec)
    if found is None:
        try:
            found = codecs.decode(_ASCII, codec) == _ASCII.decode("ascii")
        except (UnicodeDecodeError, LookupError):
            found = False
        _ascii_compatible[codec] = found
    return found
