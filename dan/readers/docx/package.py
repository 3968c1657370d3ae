"""The DOCX package: a zip of XML parts found through relationships.

Guards the zip before anything is decompressed: not a zip, an encrypted or legacy file,
a part too large once uncompressed, a suspicious compression ratio and the total size
of the parts read are all refused with a ``DanError`` naming the problem. Strict OOXML
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
    UnsupportedFormatError,
    ZipBombError,
)
from dan.limits import Limits
from dan.readers.docx.ooxml import STRICT_REWRITES
from dan.xmlsafe import parse_xml

__all__ = ["Package", "REL_TYPES"]

_PKG_RELS_NS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_RATIO_MIN_BYTES = 1024 * 1024

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


class Package:
    """Read access to the parts of a DOCX zip, with limits enforced."""

    def __init__(self, data: bytes, limits: Limits) -> None:
        self.limits = limits
        self._read_total = 0
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
            with self.zip.open(info) as fh:
                data = fh.read(limits.max_part_bytes + 1)
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
        if len(data) > limits.max_part_bytes:
            raise ZipBombError(
                f"part {found} decompresses past Limits.max_part_bytes (its size field lies)"
            )
        self._read_total += len(data)
        if b"purl.oclc.org/ooxml" in data:
            for strict, transitional in STRICT_REWRITES:
                data = data.replace(strict, transitional)
        return data

    def xml(self, name: str) -> etree._Element:
        """Part ``name`` parsed with the safe parser."""
        found = self._find(name) or name
        return parse_xml(self.read(name), found)

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
                return self._find(target) or target
        if self.has("word/document.xml"):
            return self._find("word/document.xml") or "word/document.xml"
        kinds = {
            "xl/": "an Excel workbook (XLSX)",
            "ppt/": "a PowerPoint deck (PPTX)",
            "content.xml": "an OpenDocument file",
        }
        for prefix, what in kinds.items():
            if any(n.startswith(prefix) or n == prefix for n in self.names):
                raise UnsupportedFormatError(
                    f"the zip is {what}, not a Word document; dan reads DOCX"
                )
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
