"""Unicode safety for text coming out of any reader.

Lone surrogates become U+FFFD, control characters other than tab and newline are removed
(form feed and vertical tab become newlines), carriage returns become newlines, and NUL is
dropped, so chunks and records are always valid UTF-8 and valid JSON.
"""

from __future__ import annotations

import re

__all__ = ["clean_text", "decode_text", "looks_binary", "repair_surrogates", "unicode_text"]

_SURROGATE = re.compile(f"[{chr(0xD800)}-{chr(0xDFFF)}]")
# C0 controls except \t \n, DEL, C1 controls.
_CONTROL = re.compile("[\x00-\x08\x0e-\x1f\x7f-\x9f]")
_NEWLINES = re.compile("\r\n?|[\x0b\x0c\u2028\u2029\x85]")
# What looks_binary counts: C0 controls other than tab, line feed, vertical tab, form feed
# and carriage return.
_BINARY_CONTROL = re.compile("[\x00-\x08\x0e-\x1f]")


def looks_binary(sample: str) -> bool:
    """Whether ``sample`` (the start of a text) is evidently binary data: a NUL, or control
    characters other than tab, newlines, form and vertical feed in more than 2 % of it."""
    controls = len(_BINARY_CONTROL.findall(sample)) + sample.count("\x7f")
    return "\x00" in sample or controls > 0.02 * len(sample) + 8


def repair_surrogates(text: str) -> str:
    """``text`` with every lone surrogate (not encodable, so fatal to parsers) as U+FFFD."""
    if text.isascii():  # (known without a scan: ASCII holds no surrogate)
        return text
    return _SURROGATE.sub("\ufffd", text) if _SURROGATE.search(text) else text


def clean_text(text: str) -> str:
    """Repair lone surrogates and strip control characters (newlines normalized to ``\\n``)."""
    if text.isascii() and text.isprintable():  # U+0020..U+007E only: nothing to clean
        return text
    text = repair_surrogates(text)
    text = _NEWLINES.sub("\n", text)
    if _CONTROL.search(text):
        text = _CONTROL.sub("", text)
    return text


def decode_text(data: bytes) -> str:
    """Decode bytes of unknown encoding: BOM (UTF-8/16/32), sniffed UTF-16, then UTF-8
    (a few broken sequences become U+FFFD), then cp1252.

    Undecodable bytes never raise: the cp1252 fallback maps its five unassigned bytes to
    U+FFFD.
    """
    text = unicode_text(data)
    return text if text is not None else data.decode("cp1252", errors="replace")


def unicode_text(data: bytes) -> str | None:
    """The bytes as text when they are evidently Unicode (BOM, sniffed UTF-16, UTF-8 or
    mostly UTF-8 with a few broken sequences), else None (a legacy single-byte encoding)."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    if data.startswith((b"\xff\xfe\x00\x00", b"\x00\x00\xfe\xff")):
        return data.decode("utf-32", errors="replace")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    if b"\x00" in data[:4096] and _looks_utf16(data):
        enc = "utf-16-le" if data[1:2] == b"\x00" else "utf-16-be"
        return data.decode(enc, errors="replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("utf-8", errors="surrogatepass")  # lone surrogates: repaired later
    except UnicodeDecodeError:
        pass
    # Mostly UTF-8 with a few broken sequences (a cut character): keep it UTF-8 and mark
    # the damage; otherwise it is a legacy single-byte encoding.
    text = data.decode("utf-8", errors="replace")
    broken = text.count("\ufffd") - data.count("\ufffd".encode())
    valid = sum(1 for ch in text[:1_000_000] if ch > "\x7f" and ch != "\ufffd")
    if valid >= 4 * broken:
        return text
    return None


def _looks_utf16(data: bytes) -> bool:
    """BOM-less UTF-16: NUL bytes in most odd (LE) or even (BE) positions of ASCII text."""
    sample = data[:4096]
    sample = sample[: len(sample) - len(sample) % 2]
    if len(sample) < 4:
        return False
    odd_nuls = sample[1::2].count(0)
    even_nuls = sample[0::2].count(0)
    half = len(sample) // 2
    return (odd_nuls > 0.7 * half and even_nuls < 0.05 * half) or (
        even_nuls > 0.7 * half and odd_nuls < 0.05 * half
    )
