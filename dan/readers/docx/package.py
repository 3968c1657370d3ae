"""The DOCX package: a zip of XML parts found through relationships.

The zip guards are :class:`dan.readers.zippkg.ZipPackage`'s; this finds the Word main part
(refusing another office format's zip by name) and rewrites Strict OOXML namespaces to
Transitional ones so one reader serves both.
"""

from __future__ import annotations

from dan.errors import CorruptDocumentError, UnsupportedFormatError
from dan.limits import Limits
from dan.readers.docx.ooxml import STRICT_REWRITES
from dan.readers.zippkg import ZipPackage, element_count

__all__ = ["Package", "REL_TYPES"]

_element_count = element_count  # (the name the tests know)


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
            raise UnsupportedFormatError(
                f"the zip is {what}, not a Word document: convert it without doc_type='docx' "
                "(dan detects the format)"
            )


class Package(ZipPackage):
    """Read access to the parts of a DOCX zip, with limits enforced; ``main`` is the Word
    document part."""

    rewrites = STRICT_REWRITES

    def __init__(self, data: bytes, limits: Limits) -> None:
        super().__init__(data, limits)
        self.main = self._main_part()

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
