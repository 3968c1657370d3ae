"""Deflate bombs, refused before PDFium inflates them: every Flate-compressed stream of the
file but its pictures is inflated here first, under the limits the other readers apply to zip parts
(``Limits.max_part_bytes`` per stream, ``max_uncompressed_bytes`` for all of them, and
``max_compression_ratio`` for a stream over 1 MiB). The text is thrown away; a stream that
does not inflate (damaged, or not Flate after all) is left to PDFium."""

from __future__ import annotations

import re
import zlib

from dan.errors import ZipBombError
from dan.limits import Limits

__all__ = ["check_streams"]

_STREAM = re.compile(rb"stream\r?\n")
#: How far before ``stream`` its dictionary is looked for.
_DICT_WINDOW = 1024
_CHUNK = 1 << 16
_MIB = 1 << 20


_IMAGE = re.compile(rb"/Subtype\s*/Image")


def _flate(data: bytes, start: int) -> bool:
    """Whether the stream starting at ``start`` is Flate-compressed and not a picture (dan
    reads no pictures, and PDFium inflates none to read text)."""
    head = data[max(0, start - _DICT_WINDOW) : start]
    cut = head.rfind(b"obj")
    if cut >= 0:
        head = head[cut:]
    if _IMAGE.search(head):
        return False
    return b"/FlateDecode" in head or b"/Fl " in head or b"/Fl]" in head or b"/Fl/" in head


def _inflated(data: bytes, start: int, cap: int) -> tuple[int, int]:
    """How many bytes the Flate stream at ``start`` inflates to (counting stops past
    ``cap``) and how many compressed bytes that took; a stream that stops inflating
    (damaged, or not Flate after all) counts what it gave until then: PDFium decides."""
    inflater = zlib.decompressobj()
    size = 0
    pos = start
    try:
        while pos < len(data) and not inflater.eof:
            chunk = data[pos : pos + _CHUNK]
            # what a call could not take yet stays in unconsumed_tail: feed it next
            while chunk and size <= cap and not inflater.eof:
                size += len(inflater.decompress(chunk, cap + 1 - size))
                chunk = inflater.unconsumed_tail
            if size > cap:
                break
            pos += _CHUNK
    except zlib.error:
        pass
    consumed = pos - start - len(inflater.unused_data) if inflater.eof else pos - start
    return size, consumed


def check_streams(data: bytes, limits: Limits) -> None:
    """Raise ``ZipBombError`` when a Flate stream of ``data`` inflates past the limits."""
    total = 0
    for match in _STREAM.finditer(data):
        start = match.end()
        if not _flate(data, match.start()):
            continue
        size, consumed = _inflated(data, start, limits.max_part_bytes)
        if size > limits.max_part_bytes:
            raise ZipBombError(
                f"a compressed stream of the PDF inflates past Limits.max_part_bytes="
                f"{limits.max_part_bytes:,} bytes (at byte {start:,}); this looks like a "
                "decompression bomb: raise the limit only for a file you trust"
            )
        if size > _MIB and consumed > 0 and size / consumed > limits.max_compression_ratio:
            raise ZipBombError(
                f"a compressed stream of the PDF inflates {size / consumed:,.0f} times (over "
                f"Limits.max_compression_ratio={limits.max_compression_ratio}); this looks like a "
                "decompression bomb: raise the limit only for a file you trust"
            )
        total += size
        if total > limits.max_uncompressed_bytes:
            raise ZipBombError(
                f"the PDF's compressed streams inflate past Limits.max_uncompressed_bytes="
                f"{limits.max_uncompressed_bytes:,} bytes together; raise the limit only for a "
                "file you trust"
            )
