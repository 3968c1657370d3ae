"""MAPI properties as an Outlook .msg file stores them ([MS-OXMSG]): variable-length ones
in ``__substg1.0_IIIITTTT`` streams (``IIII`` the property id, ``TTTT`` its type), fixed-
length ones in the 16-byte entries of a ``__properties_version1.0`` stream."""

from __future__ import annotations

import codecs
import datetime as dt
import struct

__all__ = [
    "PT_BINARY",
    "PT_OBJECT",
    "PT_STRING8",
    "PT_UNICODE",
    "codec_for",
    "filetime",
    "fixed_properties",
    "stream_tag",
]

PT_LONG = 0x0003
PT_BOOLEAN = 0x000B
PT_OBJECT = 0x000D
PT_STRING8 = 0x001E
PT_UNICODE = 0x001F
PT_SYSTIME = 0x0040
PT_BINARY = 0x0102
_FIXED = (PT_LONG, PT_BOOLEAN, PT_SYSTIME)
_PREFIX = "__substg1.0_"


def stream_tag(name: str) -> tuple[int, int] | None:
    """``(property id, type)`` of a ``__substg1.0_IIIITTTT`` name, or None for another."""
    if not name.startswith(_PREFIX) or len(name) != len(_PREFIX) + 8:
        return None
    try:
        return int(name[-8:-4], 16), int(name[-4:], 16)
    except ValueError:
        return None


def fixed_properties(data: bytes, header: int) -> dict[int, int]:
    """The fixed-length properties of a ``__properties_version1.0`` stream (after its
    ``header`` bytes: 32 for a message, 24 for an attached one, 8 for an attachment or a
    recipient), by property id: integers, truth values and FILETIMEs as ints."""
    out: dict[int, int] = {}
    for pos in range(header, len(data) - 15, 16):
        tag, _flags = struct.unpack_from("<II", data, pos)
        kind, prop = tag & 0xFFFF, tag >> 16
        if kind == PT_LONG:
            out[prop] = struct.unpack_from("<i", data, pos + 8)[0]
        elif kind == PT_BOOLEAN:
            out[prop] = int(data[pos + 8] != 0)
        elif kind == PT_SYSTIME:
            out[prop] = struct.unpack_from("<Q", data, pos + 8)[0]
    return out


def filetime(value: int) -> dt.datetime | None:
    """A FILETIME (100 ns ticks since 1601, UTC) as an aware datetime, or None when it is
    zero or out of range."""
    if value <= 0:
        return None
    try:
        return dt.datetime(1601, 1, 1, tzinfo=dt.timezone.utc) + dt.timedelta(
            microseconds=value // 10
        )
    except OverflowError:
        return None


def codec_for(code_page: int | None) -> str:
    """The Python codec of a Windows code page (cp1252 when unknown)."""
    named = {65001: "utf-8", 20127: "ascii", 28591: "latin-1", 1200: "utf-16-le"}
    if code_page is None:
        return "cp1252"
    name = named.get(code_page, f"cp{code_page}")
    try:
        codecs.lookup(name)
    except LookupError:
        return "cp1252"
    return name
