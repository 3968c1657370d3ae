"""The DOCX package: a zip of XML parts found through relationships.

Guards the zip before anything is decompressed: not a zip, an encrypted or legacy file,
a part too large once uncompressed, a suspicious compression ratio (of a part, or of all
parts read against the file), the total size of the parts read — measured on the bytes
decompression yields, not on the directory's claims — and the total number of XML
elements are all refused with a ``DanError`` naming the problem. Strict OOXML
namespaces are rewritten to Transitional ones so one reader serves both.
"""

from __future__ import annotations

import io
import posixpath
import zipfile
import zlib

from lxml import etree

from dan.errors import (
    CorruptDocumentError,
    EncryptedDocumentError,
    LimitExceededError,
    UnsupportedFormatError,
    ZipBombError,
)
from dan.limits import Limits
from dan.readers.docx.ooxml import STRICT_REWRITES
from dan.xmlsafe import parse_xml

__all__ = ["Package", "REL_TYPES"]

_PKG_RELS_NS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_RATIO_MIN_BYTES = 1024 * 1024
_BLOCK = 1024 * 1024


def _element_count(data: bytes) -> int:
    """Elements of an XML part, counted before parsing: start and empty-element tags (for
    UTF-16, the same counted on its code units)."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        lt = b"<\x00" if data[:2] == b"\xff\xfe" else b"\x00<"
        end = lt + (b"/\x00" if data[:2] == b"\xff\xfe" else b"\x00/")
        return data.count(lt) - data.count(end)
    return data.count(b"<") - data.count(b"</")


#: Relationship type suffixes (same in Transitional and Strict after the last '/').
REL_TYPES = {
    "officeDocument": "officeDocument",
    "styles": "styles",
    "numbering": "numbering",
    "comments": "comments",
    "commentsExtended": "commentsExtended",
    "footnotes": "footnotes",
    "endnotes": "endnotes",
    "header": "header",
    "footer": "footer",
    "settings": "settings",
    "core-properties": "core-properties",
}


_OTHER_OFFICE = {
    "xl/": "an Excel workbook (XLSX)",
    "ppt/": "a PowerPoint deck (PPTX)",
    "content.xml": "an OpenDocument file",
}


def _refuse_other_office(name: str) -> None:
    """Raise when part ``name`` belongs to another office format than Word's."""
    for prefix, what in _OTHER_OFFICE.items():
        if name.lstrip("/").startswith(prefix):
            raise UnsupportedFormatError(f"the zip is {what}, not a Word document; dan reads DOCX")


class Package:
    """Read access to the parts of a DOCX zip, with limits enforced."""

    def __init__(self, data: bytes, limits: Limits) -> None:
        self.limits = limits
        #: Bytes of the file (what the whole-package compression ratio is measured against).
        self.size = max(1, len(data))
        self._read_total = 0
        self._elements = 0
        try:
            self.zip = zipfile.ZipFile(io.BytesIO(data))
            infos = self.zip.infolist()
        except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError) as exc:
            raise CorruptDocumentError(
                f"the file is not a readable zip package ({exc}); it is damaged or truncated"
            ) from exc
        self.names = {i.filename.lstrip("/"): i for i in infos}
        self._lower = {n.lower(): n for n in self.names}
        if any(i.flag_bits & 0x1 for i in infos):
            raise EncryptedDocumentError(
                "the zip's entries are encrypted: remove the password and convert again"
            )
        self.main = self._main_part()

    # ------------------------------------------------------------------ parts

    def _find(self, name: str) -> str | None:
        name = name.lstrip("/")
        if name in self.names:
            return name
        return self._lower.get(name.lower())

    def has(self, name: str) -> bool:
        """Whether the package holds part ``name``."""
        return self._find(name) is not None

    def read(self, name: str) -> bytes:
        """The bytes of part ``name`` (limits checked before decompressing)."""
        found = self._find(name)
        if found is None:
            raise CorruptDocumentError(f"the package has no part {name}", part=name)
        info = self.names[found]
        limits = self.limits
        if info.file_size > limits.max_part_bytes:
            raise ZipBombError(
                f"part {found} is {info.file_size:,} bytes uncompressed, "
                "over Limits.max_part_bytes="
                f"{limits.max_part_bytes:,}"
            )
        if (
            info.file_size > _RATIO_MIN_BYTES
            and info.file_size > limits.max_compression_ratio * max(1, info.compress_size)
        ):
            raise ZipBombError(
                f"part {found} expands {info.file_size / max(1, info.compress_size):,.0f} times "
                f"(over Limits.max_compression_ratio={limits.max_compression_ratio}): "
                "refusing a likely zip bomb"
            )
        if self._read_total + info.file_size > limits.max_uncompressed_bytes:
            raise ZipBombError(
                "the parts read so far exceed "
                f"Limits.max_uncompressed_bytes={limits.max_uncompressed_bytes:,}"
            )
        try:
            data = self._inflate(found, info)
        except LimitExceededError:
            raise
        except (
            zipfile.BadZipFile,
            zlib.error,
            OSError,
            EOFError,
            RuntimeError,
            ValueError,
            NotImplementedError,
        ) as exc:
            # (NotImplementedError: a compression method or zip version zipfile cannot read)
            raise CorruptDocumentError(
                f"part {found} cannot be decompressed ({exc}): the file is damaged", part=found
            ) from exc
        if b"purl.oclc.org/ooxml" in data:
            for strict, transitional in STRICT_REWRITES:
                data = data.replace(strict, transitional)
        return data

    def _inflate(self, found: str, info: zipfile.ZipInfo) -> bytes:
        """Decompress a part block by block, checking the limits on the bytes it really
        yields (the directory's sizes may lie): the part, all parts together, and all parts
        against the size of the file itself."""
        limits = self.limits
        blocks: list[bytes] = []
        size = 0
        with self.zip.open(info) as fh:
            while block := fh.read(_BLOCK):
                blocks.append(block)
                size += len(block)
                total = self._read_total + size
                if size > limits.max_part_bytes:
                    raise ZipBombError(
                        f"part {found} decompresses past Limits.max_part_bytes="
                        f"{limits.max_part_bytes:,} (its size field lies)"
                    )
                if total > limits.max_uncompressed_bytes:
                    raise ZipBombError(
                        "the parts read so far decompress past "
                        f"Limits.max_uncompressed_bytes={limits.max_uncompressed_bytes:,}"
                    )
                if total > _RATIO_MIN_BYTES and total > limits.max_compression_ratio * self.size:
                    raise ZipBombError(
                        f"the parts read so far expand {total / self.size:,.0f} times the "
                        f"{self.size:,}-byte file (over Limits.max_compression_ratio="
                        f"{limits.max_compression_ratio}): refusing a likely zip bomb"
                    )
        self._read_total += size
        return b"".join(blocks)

    def xml(self, name: str) -> etree._Element:
        """Part ``name`` parsed with the safe parser (elements counted across all parts)."""
        found = self._find(name) or name
        data = self.read(name)
        self._elements += _element_count(data)
        if self._elements > self.limits.max_xml_elements:
            raise LimitExceededError(
                f"the package's XML parts hold more than Limits.max_xml_elements="
                f"{self.limits.max_xml_elements:,} elements (the limit was passed in {found}): "
                "raise Limits.max_xml_elements to convert it"
            )
        return parse_xml(data, found)

    # ------------------------------------------------------------------ relationships

    def rels(self, part: str) -> dict[str, tuple[str, str, bool]]:
        """Relationships of ``part``: id → (type suffix, target part name, external)."""
        folder, base = posixpath.split(part)
        rels_name = posixpath.join(folder, "_rels", base + ".rels")
        if not self.has(rels_name):
            return {}
        root = self.xml(rels_name)
        out: dict[str, tuple[str, str, bool]] = {}
        for rel in root.iter(_PKG_RELS_NS + "Relationship"):
            rid = rel.get("Id", "")
            rtype = rel.get("Type", "").rsplit("/", 1)[-1]
            target = rel.get("Target", "")
            external = rel.get("TargetMode", "") == "External"
            if not external:
                if target.startswith("/"):
                    target = target.lstrip("/")
                else:
                    target = posixpath.normpath(posixpath.join(folder, target))
            out[rid] = (rtype, target, external)
        return out

    def _main_part(self) -> str:
        for _rid, (rtype, target, external) in self.rels("").items():
            if rtype == "officeDocument" and not external and self.has(target):
                _refuse_other_office(target)
                return self._find(target) or target
        if self.has("word/document.xml"):
            return self._find("word/document.xml") or "word/document.xml"
        for name in self.names:
            _refuse_other_office(name)
        raise CorruptDocumentError(
            "the zip has no word/document.xml: it is not a Word document (or it is damaged)",
            part="word/document.xml",
        )

    def related(self, part: str, rtype: str) -> list[str]:
        """Internal targets of ``part``'s relationships of type ``rtype`` that exist."""
        return [
            t
            for (ty, t, ext) in self.rels(part).values()
            if ty == rtype and not ext and self.has(t)
        ]
