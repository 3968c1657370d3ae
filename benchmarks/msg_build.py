"""A small OLE compound file ([MS-CFB] version 3) writer and an Outlook .msg builder on it,
for the tests and the hostile cases (olefile reads these files but cannot write them).

``cfb({"name": b"stream", "storage": {...}})`` lays out a tree of streams and storages:
streams under 4,096 bytes in the mini stream, larger ones in 512-byte sectors, every
storage's children in a balanced binary tree ordered as the format orders names.
``msg(subject=..., body=..., attachments=[...])`` builds a message's property streams.
"""

from __future__ import annotations

import struct
from typing import Union

__all__ = ["Tree", "attachment", "cfb", "msg", "unicode"]

Tree = dict[str, Union[bytes, "Tree"]]

_FREE, _END, _FATSECT = 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD
_NONE = 0xFFFFFFFF


def _key(name: str) -> tuple[int, str]:
    return (len(name), name.upper())


def cfb(tree: Tree, clsid: bytes = bytes(16)) -> bytes:
    """The bytes of a compound file holding ``tree`` (a dict: bytes are streams, dicts
    storages)."""
    entries: list[dict[str, object]] = [{"name": "Root Entry", "type": 5, "kids": tree}]
    mini = bytearray()
    minifat: list[int] = []
    big: list[tuple[int, bytes]] = []  # (entry index, data)

    def add(node: Tree) -> list[int]:
        ids = []
        for name in sorted(node, key=_key):
            value = node[name]
            idx = len(entries)
            ids.append(idx)
            if isinstance(value, dict):
                entries.append({"name": name, "type": 1, "kids": value})
            else:
                entry: dict[str, object] = {"name": name, "type": 2, "size": len(value)}
                entries.append(entry)
                if len(value) < 4096:
                    start = len(mini) // 64
                    count = max(1, -(-len(value) // 64)) if value else 0
                    entry["start"] = start if value else _END
                    mini.extend(value.ljust(count * 64, b"\0"))
                    minifat.extend(list(range(start + 1, start + count)) + [_END] if count else [])
                else:
                    big.append((idx, value))
        return ids

    def link(idx: int) -> None:
        node = entries[idx]["kids"]
        assert isinstance(node, dict)
        ids = add(node)
        entries[idx]["child"] = _balanced(entries, ids)
        for i in ids:
            if entries[i]["type"] == 1:
                link(i)

    link(0)
    # sectors: big streams, mini stream, minifat, directory, then the FAT
    sectors: list[bytes] = []
    fat: list[int] = []

    def place(data: bytes) -> int:
        if not data:
            return _END
        start = len(sectors)
        count = -(-len(data) // 512)
        for i in range(count):
            sectors.append(data[i * 512 : (i + 1) * 512].ljust(512, b"\0"))
            fat.append(start + i + 1 if i < count - 1 else _END)
        return start

    for idx, data in big:
        entries[idx]["start"] = place(data)
    entries[0]["start"] = place(bytes(mini))
    entries[0]["size"] = len(mini)
    minifat_start = place(b"".join(struct.pack("<I", v) for v in minifat))
    minifat_count = -(-len(minifat) * 4 // 512)
    directory = b"".join(_dir_entry(e, clsid if i == 0 else bytes(16)) for i, e in enumerate(entries))
    directory = directory.ljust(-(-len(directory) // 512) * 512, b"\0")
    dir_start = place(directory)
    n_fat = 1
    while (len(sectors) + n_fat) > n_fat * 128:
        n_fat += 1
    fat_start = len(sectors)
    fat.extend([_FATSECT] * n_fat)
    fat.extend([_FREE] * (n_fat * 128 - len(fat)))
    raw_fat = b"".join(struct.pack("<I", v) for v in fat)
    sectors.extend(raw_fat[i * 512 : (i + 1) * 512] for i in range(n_fat))
    assert n_fat <= 109, "this writer keeps the FAT's sector list in the header"
    difat = [fat_start + i for i in range(n_fat)] + [_FREE] * (109 - n_fat)
    header = (
        b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(16)
        + struct.pack("<HHHHH", 0x3E, 3, 0xFFFE, 9, 6) + bytes(6)
        + struct.pack("<IIIIIIIII", 0, n_fat, dir_start, 0, 4096,
                      minifat_start if minifat else _END, minifat_count, _END, 0)
        + b"".join(struct.pack("<I", v) for v in difat)
    )
    assert len(header) == 512
    return header + b"".join(sectors)


def _balanced(entries: list[dict[str, object]], ids: list[int]) -> int:
    if not ids:
        return _NONE
    mid = len(ids) // 2
    entries[ids[mid]]["left"] = _balanced(entries, ids[:mid])
    entries[ids[mid]]["right"] = _balanced(entries, ids[mid + 1 :])
    return ids[mid]


def _dir_entry(e: dict[str, object], clsid: bytes) -> bytes:
    name = str(e["name"]).encode("utf-16-le") + b"\0\0"
    assert len(name) <= 64, e["name"]
    return (
        name.ljust(64, b"\0")
        + struct.pack("<HBB", len(name), int(e["type"]), 1)  # type, black
        + struct.pack("<III", int(e.get("left", _NONE)), int(e.get("right", _NONE)),  # type: ignore[call-overload]
                      int(e.get("child", _NONE)))  # type: ignore[call-overload]
        + clsid + bytes(4) + bytes(16)
        + struct.pack("<IQ", int(e.get("start", _END)), int(e.get("size", 0)))  # type: ignore[call-overload]
    )


# --- Outlook messages -------------------------------------------------------------------

def unicode(text: str) -> bytes:
    return text.encode("utf-16-le")


def _props(header: int, fixed: dict[int, tuple[int, int]]) -> bytes:
    """A __properties_version1.0 stream: ``fixed`` maps property id -> (type, value)."""
    out = bytearray(header)
    for prop, (kind, value) in sorted(fixed.items()):
        raw = struct.pack("<Q", value) if kind == 0x0040 else struct.pack("<I", value & 0xFFFFFFFF) + bytes(4)
        out += struct.pack("<II", (prop << 16) | kind, 6) + raw
    return bytes(out)


def _message(strings: dict[int, str | bytes], fixed: dict[int, tuple[int, int]], header: int,
             attachments: list[Tree], recipients: list[Tree], ansi: str = "") -> Tree:
    tree: Tree = {"__properties_version1.0": _props(header, fixed)}
    for prop, value in strings.items():
        if isinstance(value, bytes):
            tree[f"__substg1.0_{prop:04X}0102"] = value
        elif ansi:
            tree[f"__substg1.0_{prop:04X}001E"] = value.encode(ansi)
        else:
            tree[f"__substg1.0_{prop:04X}001F"] = unicode(value)
    for i, att in enumerate(attachments):
        tree[f"__attach_version1.0_#{i:08X}"] = att
    for i, rec in enumerate(recipients):
        tree[f"__recip_version1.0_#{i:08X}"] = rec
    return tree


def attachment(name: str, data: bytes | Tree, mime: str = "", hidden: bool = False,
               content_id: str = "") -> Tree:
    """An attachment storage: bytes by value, or a message tree (from :func:`msg` with
    ``embedded=True``) attached as a message."""
    strings: dict[int, str | bytes] = {0x3707: name} if name else {}
    if mime:
        strings[0x370E] = mime
    if content_id:
        strings[0x3712] = content_id
    fixed = {0x3705: (0x0003, 5 if isinstance(data, dict) else 1)}
    if hidden:
        fixed[0x7FFE] = (0x000B, 1)
    tree = _message(strings, fixed, 8, [], [])
    if isinstance(data, dict):
        tree["__substg1.0_3701000D"] = data
    else:
        tree["__substg1.0_37010102"] = data
    return tree


def msg(subject: str = "", body: str = "", *, html: str | bytes = "", rtf: bytes = b"",
        sender: tuple[str, str] = ("", ""), to: list[tuple[str, str]] | None = None,
        cc: list[tuple[str, str]] | None = None, display_to: str = "", submit: int = 0,
        headers: str = "", attachments: list[Tree] | None = None, ansi: bool = False,
        embedded: bool = False, code_page: int = 0) -> Tree:
    """A message's storage tree (pass it to :func:`cfb` for a file, or to
    :func:`attachment` to attach it). ``submit`` is a FILETIME."""
    strings: dict[int, str | bytes] = {}
    if subject:
        strings[0x0037] = subject
    if body:
        strings[0x1000] = body
    if html:
        strings[0x1013] = html.encode("utf-8") if isinstance(html, str) else html
    if rtf:
        strings[0x1009] = rtf
    if sender[0]:
        strings[0x0C1A] = sender[0]
    if sender[1]:
        strings[0x0C1F] = sender[1]
        strings[0x0C1E] = "SMTP"
    if display_to:
        strings[0x0E04] = display_to
    if headers:
        strings[0x007D] = headers
    fixed: dict[int, tuple[int, int]] = {}
    if submit:
        fixed[0x0039] = (0x0040, submit)
    if code_page:
        fixed[0x3FFD] = (0x0003, code_page)
    if html and not code_page:
        fixed[0x3FDE] = (0x0003, 65001)
    recipients = []
    for kind, people in ((1, to or []), (2, cc or [])):
        for name, addr in people:
            recipients.append(_message({0x3001: name, 0x39FE: addr}, {0x0C15: (0x0003, kind)}, 8, [], []))
    codec = (f"cp{code_page}" if code_page else "cp1252") if ansi else ""
    return _message(strings, fixed, 24 if embedded else 32, attachments or [], recipients, ansi=codec)
