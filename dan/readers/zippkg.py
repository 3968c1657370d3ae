"""An office zip package (DOCX, XLSX, PPTX, ODT, EPUB): XML parts found through
relationships or by name, read under the zip limits.

Guards the zip before anything is decompressed: not a zip, encrypted entries, a part too
large once uncompressed, a suspicious compression ratio (of a part, or of all parts read
against the file), the total size of the parts read — measured on the bytes
decompression yields, not on the directory's claims — and the total number of XML
elements are all refused with a ``DanError`` naming the problem. Each format's reader
wraps it (``dan.readers.docx.package.Package`` finds the Word main part).
"""

from __future__ import annotations

import io
import posixpath
import zipfile
import zlib

from lxml import etree

from dan import model as m
from dan.errors import (
    CorruptDocumentError,
    DanError,
    EncryptedDocumentError,
    LimitExceededError,
    ZipBombError,
)
from dan.limits import Limits
from dan.xmlsafe import parse_xml

__all__ = ["ZipPackage", "element_count"]

_PKG_RELS_NS = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_RATIO_MIN_BYTES = 1024 * 1024
_BLOCK = 1024 * 1024


def element_count(data: bytes) -> int:
    """Elements of an XML part, counted before parsing: start and empty-element tags (for
    UTF-16, the same counted on its code units)."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        lt = b"<\x00" if data[:2] == b"\xff\xfe" else b"\x00<"
        end = lt + (b"/\x00" if data[:2] == b"\xff\xfe" else b"\x00/")
        return data.count(lt) - data.count(end)
    return data.count(b"<") - data.count(b"</")


class ZipPackage:
    """Read access to the parts of an office zip (DOCX, XLSX, PPTX, ODT, EPUB), with limits
    enforced."""

    #: Strict OOXML namespaces rewritten to Transitional ones (each format its own pairs).
    rewrites: tuple[tuple[bytes, bytes], ...] = ()

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
            for strict, transitional in self.rewrites:
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
        self._elements += element_count(data)
        if self._elements > self.limits.max_xml_elements:
            raise LimitExceededError(
                f"the package's XML parts hold more than Limits.max_xml_elements="
                f"{self.limits.max_xml_elements:,} elements (the limit was passed in {found}): "
                "raise Limits.max_xml_elements to convert it"
            )
        return parse_xml(data, found)

    def optional_xml(
        self, name: str, what: str, warnings: list[m.Message]
    ) -> etree._Element | None:
        """Part ``name`` parsed, or None with a ``damaged-part`` warning in ``warnings`` when
        it is damaged (a limit passed still raises): for the parts a document can do without."""
        try:
            return self.xml(name)
        except LimitExceededError:
            raise
        except DanError as exc:
            note = f"{name} ({what}) is damaged and was skipped: {exc}"
            warnings.append(m.Message("damaged-part", note, name))
            return None

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

    def related(self, part: str, rtype: str) -> list[str]:
        """Internal targets of ``part``'s relationships of type ``rtype`` that exist."""
        return [
            t
            for (ty, t, ext) in self.rels(part).values()
            if ty == rtype and not ext and self.has(t)
        ]
