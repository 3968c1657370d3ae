"""Compressed RTF ([MS-OXRTFCP]): the LZ77 variant ("LZFu") Outlook stores a message's
RTF body in (``PR_RTF_COMPRESSED``), and its uncompressed form ("MELA")."""

from __future__ import annotations

import struct

from dan.errors import CorruptDocumentError, LimitExceededError

__all__ = ["decompress_rtf"]

_PREBUF = (
    b"{\\rtf1\\ansi\\mac\\deff0\\deftab720{\\fonttbl;}{\\f0\\fnil \\froman \\fswiss "
    b"\\fmodern \\fscript \\fdecor MS Sans SerifSymbolArialTimes New RomanCourier"
    b"{\\colortbl\\red0\\green0\\blue0\r\n\\par \\pard\\plain\\f0\\fs20\\b\\i\\u\\tab\\tx"
)
_LZFU = 0x75465A4C
_MELA = 0x414C454D


def decompress_rtf(data: bytes, max_bytes: int) -> bytes:
    """The RTF text of a compressed RTF stream; ``CorruptDocumentError`` for a damaged
    header, ``LimitExceededError`` when it would inflate past ``max_bytes``."""
    if len(data) < 16:
        raise CorruptDocumentError("the message's compressed RTF body is truncated")
    _comp_size, raw_size, kind, _crc = struct.unpack_from("<IIII", data)
    if raw_size > max_bytes:
        raise LimitExceededError(
            f"the message's RTF body claims {raw_size:,} bytes, over Limits.max_input_bytes="
            f"{max_bytes:,}"
        )
    if kind == _MELA:
        return data[16 : 16 + raw_size]
    if kind != _LZFU:
        raise CorruptDocumentError("the message's RTF body is in an unknown compression")
    window = bytearray(4096)
    window[: len(_PREBUF)] = _PREBUF
    write = len(_PREBUF)
    out = bytearray()
    pos = 16
    end = len(data)
    while pos < end and len(out) < raw_size:
        control = data[pos]
        pos += 1
        for bit in range(8):
            if pos >= end or len(out) >= raw_size:
                break
            if not control & (1 << bit):
                byte = data[pos]
                pos += 1
                out.append(byte)
                window[write] = byte
                write = (write + 1) & 0xFFF
                continue
            if pos + 1 >= end:
                pos = end
                break
            ref = (data[pos] << 8) | data[pos + 1]
            pos += 2
            offset, length = ref >> 4, (ref & 0xF) + 2
            if offset == write:
                return bytes(out)
            for i in range(length):
                byte = window[(offset + i) & 0xFFF]
                out.append(byte)
                window[write] = byte
                write = (write + 1) & 0xFFF
    return bytes(out[:raw_size])
