"""Outlook .msg reader: an OLE compound file ([MS-CFB], read with olefile) holding MAPI
properties ([MS-OXMSG]), mapped as the EML reader maps a message.

The subject (``0x0037``) is the title. From (the sender's name ``0x0C1A`` and SMTP
address), To and Cc (the recipients' names and addresses, else the display lists
``0x0E04``/``0x0E03``) and Date (the transport headers' ``Date:``, else the submit time
``0x0039``) open the body as fields. The body is the HTML one (``0x1013``) through the HTML
reader, else the plain text (``0x1000``) with its quoted replies as quotes, else the
compressed RTF (``0x1009``) through the RTF reader. Each attachment
(``__attach_version1.0_#N``) is a section converted by the reader of its format; an
attached message (a ``__substg1.0_3701000D`` storage) is read the same way. Bounds are the
EML reader's (attachments converted, attached messages' depth, attachments' bytes), and no
stream is read that claims more bytes than the file holds.
"""

from __future__ import annotations

import email.parser
import functools
import io
import mimetypes
import struct
from typing import Any

from dan import model as m
from dan.errors import (
    CorruptDocumentError,
    DanError,
    LimitExceededError,
    NestingTooDeepError,
    UnsupportedFormatError,
)
from dan.limits import Limits
from dan.readers.eml.mail import FIELDS, MailReader, field_blocks, iso_date, quoted_blocks
from dan.readers.msg.lzfu import decompress_rtf
from dan.readers.msg.props import (
    PT_BINARY,
    PT_OBJECT,
    PT_STRING8,
    PT_UNICODE,
    codec_for,
    filetime,
    fixed_properties,
    stream_tag,
)
from dan.readers.options import DEFAULT_OPTIONS, ReadOptions
from dan.textclean import clean_text

__all__ = ["read_msg"]

_PROPERTIES = "__properties_version1.0"
_ATTACH = "__attach_version1.0_#"
_RECIP = "__recip_version1.0_#"
_STORAGE, _STREAM = 1, 2
_EMBEDDED = 5  # PR_ATTACH_METHOD: an attached message
#: What olefile raises on a damaged file (ArithmeticError: a sector size or offset past an
#: index-sized integer is an OverflowError from its reads)
_OLE_ERRORS = (
    OSError,
    ValueError,
    IndexError,
    KeyError,
    EOFError,
    struct.error,
    TypeError,
    ArithmeticError,
)


@functools.cache
def _ole_class() -> Any:
    """olefile's reader with its duplicate-stream check on sets: olefile keeps the first
    sectors seen in a list, so opening a file of n streams took O(n²) (2 s for 15,000
    streams; a hostile 32 MB file holds 170,000)."""
    import olefile

    class Ole(olefile.OleFileIO):  # type: ignore[misc]
        def _check_duplicate_stream(self, first_sect: int, minifat: bool = False) -> None:
            specials = (olefile.DIFSECT, olefile.FATSECT, olefile.ENDOFCHAIN, olefile.FREESECT)
            if not minifat and first_sect in specials:
                return
            seen: set[int] = self.__dict__.setdefault(
                "_dan_mini_seen" if minifat else "_dan_fat_seen", set()
            )
            if first_sect in seen:
                self._raise_defect(olefile.DEFECT_INCORRECT, "Stream referenced twice")
            seen.add(first_sect)

    return Ole


class _File:
    """The OLE file: its entries, and its streams read within a budget of bytes (a file
    whose streams claim more than it holds is damaged or hostile)."""

    def __init__(self, data: bytes) -> None:
        self.size = len(data)
        self.budget = 2 * len(data) + 65536
        try:
            self.ole = _ole_class()(io.BytesIO(data))
        except RecursionError as exc:
            raise NestingTooDeepError(
                "the .msg file nests its storages too deeply to read: refusing it"
            ) from exc
        except _OLE_ERRORS as exc:
            raise CorruptDocumentError(
                f"the .msg file is not a readable OLE compound file ({exc}): it is damaged or "
                "truncated; save the message again from Outlook (or as .eml) and convert that"
            ) from exc

    def read(self, path: list[str], entry: Any) -> bytes:
        size = int(entry.size)
        if size > self.size or size > self.budget:
            raise CorruptDocumentError(
                f"the stream {'/'.join(path)!r} claims {size:,} bytes, more than the .msg file "
                "holds: the file is damaged"
            )
        if entry.entry_type != _STREAM:
            raise CorruptDocumentError(f"{'/'.join(path)!r} is a storage, not a stream")
        try:
            # (by the entry, not openstream(path): olefile finds a path by scanning every
            # child of each storage, which made a message of 5,000 attachments quadratic)
            data: bytes = self.ole._open(entry.isectStart, size).read()
        except _OLE_ERRORS as exc:
            raise CorruptDocumentError(
                f"the stream {'/'.join(path)!r} of the .msg file cannot be read ({exc}): "
                "the file is damaged or truncated"
            ) from exc
        self.budget -= len(data)
        return data[:size]


class _Storage:
    """A message, attachment or recipient storage: its properties, read on demand."""

    def __init__(self, file: _File, path: list[str], entry: Any, header: int, codec: str):
        self.file = file
        self.path = path
        self.kids: dict[str, Any] = {str(k.name): k for k in entry.kids}
        self.tags: dict[int, tuple[int, Any]] = {}
        for name, kid in self.kids.items():
            tag = stream_tag(name)
            if tag is not None:
                self.tags.setdefault(tag[0], (tag[1], kid))
        props = self.kids.get(_PROPERTIES)
        raw = self.stream(_PROPERTIES, props) if props is not None else b""
        self.fixed = fixed_properties(raw, header)
        cpid = self.fixed.get(0x3FFD) or self.fixed.get(0x3FDE)
        self.codec = codec_for(cpid) if cpid else codec

    def stream(self, name: str, entry: Any) -> bytes:
        return self.file.read([*self.path, name], entry)

    def children(self, prefix: str) -> list[tuple[str, Any]]:
        return sorted(
            (n, k)
            for n, k in self.kids.items()
            if n.startswith(prefix) and k.entry_type == _STORAGE
        )

    def string(self, prop: int) -> str:
        found = self.tags.get(prop)
        if found is None or found[0] not in (PT_UNICODE, PT_STRING8, PT_BINARY):
            return ""
        kind, entry = found
        if entry.entry_type != _STREAM:
            return ""
        data = self.stream(str(entry.name), entry)
        if kind == PT_UNICODE:
            text = data[: len(data) & ~1].decode("utf-16-le", errors="replace")
        else:
            text = data.decode(self.codec, errors="replace")
        return clean_text(text.rstrip("\x00"))

    def binary(self, prop: int) -> bytes | None:
        found = self.tags.get(prop)
        if found is None or found[1].entry_type != _STREAM:
            return None
        return self.stream(str(found[1].name), found[1])

    def storage(self, prop: int) -> Any | None:
        found = self.tags.get(prop)
        if found is None or found[0] != PT_OBJECT or found[1].entry_type != _STORAGE:
            return None
        return found[1]


def _address(name: str, addr: str) -> str:
    if not addr or addr == name:
        return name or addr
    return f"{name} <{addr}>" if name else addr


def _smtp(store: _Storage, addr_prop: int, type_prop: int, *smtp_props: int) -> str:
    """An SMTP address: the SMTP property, else the address unless it is an Exchange one."""
    for prop in smtp_props:
        found = store.string(prop)
        if found:
            return found
    addr = store.string(addr_prop)
    if store.string(type_prop).upper() == "EX" or addr.startswith("/"):
        return ""
    return addr


class _Reader(MailReader):
    def __init__(self, file: _File, limits: Limits, options: ReadOptions) -> None:
        super().__init__(limits, options)
        self.file = file

    def fields(self, msg: _Storage) -> list[tuple[str, str]]:
        sender = _address(
            msg.string(0x0C1A) or msg.string(0x0042),
            _smtp(msg, 0x0C1F, 0x0C1E, 0x5D01) or _smtp(msg, 0x0065, 0x0064, 0x5D02),
        )
        to: list[str] = []
        cc: list[str] = []
        for name, entry in msg.children(_RECIP):
            recip = _Storage(self.file, [*msg.path, name], entry, 8, msg.codec)
            who = _address(recip.string(0x3001), _smtp(recip, 0x3003, 0x3002, 0x39FE))
            kind = recip.fixed.get(0x0C15, 1)
            if who and kind in (1, 2):
                (to if kind == 1 else cc).append(who)
        values = {
            "From": sender,
            "To": ", ".join(to) or msg.string(0x0E04),
            "Cc": ", ".join(cc) or msg.string(0x0E03),
            "Date": self.date(msg),
        }
        return [(name, values[name]) for name in FIELDS]

    def date(self, msg: _Storage) -> str:
        headers = msg.string(0x007D)
        if headers:
            value = email.parser.HeaderParser().parsestr(headers).get("Date")
            if value:
                return iso_date(" ".join(str(value).split()))
        when = filetime(msg.fixed.get(0x0039, 0) or msg.fixed.get(0x0E06, 0))
        return when.isoformat() if when is not None else ""

    def body(self, msg: _Storage) -> list[m.Block]:
        html = msg.tags.get(0x1013)
        if html is not None and html[0] == PT_BINARY:
            raw = msg.binary(0x1013) or b""
            cpid = msg.fixed.get(0x3FDE)
            source: str | bytes = raw.decode(codec_for(cpid), errors="replace") if cpid else raw
        else:
            source = msg.string(0x1013)
        if source and source.strip():
            from dan.readers.html import read_html

            return list(read_html(source, self.limits, self.options).body)
        text = msg.string(0x1000)
        if text.strip():
            return quoted_blocks(text.replace("\r\n", "\n"), self.limits)
        rtf = msg.binary(0x1009)
        if rtf:
            from dan.readers.rtf import read_rtf

            try:
                return list(
                    read_rtf(
                        decompress_rtf(rtf, self.limits.max_input_bytes), self.limits, self.options
                    ).body
                )
            except LimitExceededError:
                raise
            except DanError as exc:
                self.warnings.append(
                    m.Message("malformed-body", f"the RTF body could not be read: {exc}", "input")
                )
        return []

    def message(self, msg: _Storage, depth: int) -> tuple[str, list[m.Block]]:
        """A message's subject and blocks: its fields, body and attachments."""
        blocks = field_blocks(self.fields(msg))
        blocks.extend(self.body(msg))
        for name, entry in msg.children(_ATTACH):
            blocks.extend(self.attachment(msg, name, entry, depth))
        return msg.string(0x0037), blocks

    def attachment(self, msg: _Storage, name: str, entry: Any, depth: int) -> list[m.Block]:
        att = _Storage(self.file, [*msg.path, name], entry, 8, msg.codec)
        inner = att.storage(0x3701)
        if inner is not None and att.fixed.get(0x3705, _EMBEDDED) == _EMBEDDED:
            embedded = _Storage(self.file, [*att.path, str(inner.name)], inner, 24, att.codec)
            head, readable = self.attached_message_head(
                embedded.string(0x0037) or "(no subject)", depth
            )
            if not readable:
                return [head]
            _subject, blocks = self.message(embedded, depth + 1)
            return [head, *blocks]
        filename = att.string(0x3707) or att.string(0x3704) or att.string(0x3001)
        ctype = (
            att.string(0x370E).lower()
            or mimetypes.guess_type(filename)[0]
            or "application/octet-stream"
        )
        if ctype.startswith("image/") and (att.fixed.get(0x7FFE) or att.string(0x3712)):
            return []  # (a picture the HTML body shows, such as a logo: not an attachment)
        found = att.tags.get(0x3701)
        size = int(found[1].size) if found is not None else 0
        if found is None or found[1].entry_type != _STREAM:
            return self.attachment_blocks(b"", filename, ctype, depth, size=size)
        if self.attached_bytes + size > self.limits.max_input_bytes:
            return self.attachment_blocks(b"", filename, ctype, depth, size=size)
        try:
            data = att.binary(0x3701) or b""
        except CorruptDocumentError as exc:
            self.warn(f"the attachment {filename or name!r} could not be read: {exc}")
            return self.attachment_blocks(b"", filename, ctype, depth, size=size)
        return self.attachment_blocks(data, filename, ctype, depth)


def read_msg(
    data: bytes | str, limits: Limits, options: ReadOptions = DEFAULT_OPTIONS
) -> m.Document:
    """Read an Outlook message (.msg) into a document: its fields, body and attachments."""
    if isinstance(data, str):
        raise UnsupportedFormatError("an Outlook .msg file is binary: pass its bytes, not text")
    file = _File(data)
    root = file.ole.root
    if not any(_PROPERTIES == k.name or stream_tag(str(k.name)) for k in root.kids):
        raise UnsupportedFormatError(
            "the input is an OLE container without the properties of an Outlook message: a "
            "legacy .doc, .xls or .ppt, or an encrypted Office file; save it in the current "
            "format (or remove the password) and convert again"
        )
    reader = _Reader(file, limits, options)
    try:
        subject, blocks = reader.message(_Storage(file, [], root, 32, "cp1252"), 0)
    except RecursionError as exc:
        raise NestingTooDeepError("the message nests too deeply: refusing it") from exc
    return m.Document(body=tuple(blocks), title=subject, warnings=tuple(reader.warnings))
