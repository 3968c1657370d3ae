"""Which format an input is: magic bytes first, then the extension, then a sniff.

Detection: a zip is DOCX, an OLE container is an encrypted or legacy ``.doc``
(``EncryptedDocumentError``), ``{\\rtf`` is RTF; then the extension; for bytes without an
extension ``<html``/``<!doctype`` means HTML and anything else text. Markdown is never
guessed from content. An explicit ``doc_type`` is obeyed, but input that plainly is
another format raises ``UnsupportedFormatError`` saying what it looks like.
"""

from __future__ import annotations

import re

from dan.errors import EncryptedDocumentError, UnsupportedFormatError
from dan.readers import FORMATS
from dan.textclean import looks_binary

__all__ = [
    "DOC_TYPES",
    "doc_type_names",
    "extensions",
    "format_names",
    "normalize_doc_type",
    "sniff",
    "detect",
]

#: Canonical format names: the formats with a reader (:data:`dan.readers.FORMATS`, the one list).
DOC_TYPES = FORMATS
#: How help texts name each format.
_LABELS = {
    "docx": "DOCX",
    "rtf": "RTF",
    "pdf": "PDF",
    "html": "HTML",
    "markdown": "Markdown",
    "text": "text",
}
_ALIASES = {
    "docx": "docx",
    "docm": "docx",
    "dotx": "docx",
    "dotm": "docx",
    "rtf": "rtf",
    "pdf": "pdf",
    "html": "html",
    "htm": "html",
    "xhtml": "html",
    "markdown": "markdown",
    "md": "markdown",
    "text": "text",
    "txt": "text",
}
_EXTENSIONS = {
    ".docx": "docx",
    ".docm": "docx",
    ".dotx": "docx",
    ".dotm": "docx",
    ".rtf": "rtf",
    ".pdf": "pdf",
    ".html": "html",
    ".htm": "html",
    ".xhtml": "html",
    ".md": "markdown",
    ".markdown": "markdown",
    ".mdown": "markdown",
    ".mkd": "markdown",
    ".txt": "text",
    ".text": "text",
}
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_HTML_START = re.compile(rb"^\s*(<!--.*?-->\s*)*<(!doctype\s+html|html|head|body)\b", re.I | re.S)


def format_names() -> str:
    """The formats dan reads, for people: ``DOCX, RTF, PDF, HTML, Markdown, text``."""
    return ", ".join(_LABELS[kind] for kind in DOC_TYPES)


def doc_type_names() -> str:
    """The ``doc_type`` values with their aliases: ``docx (docm, dotx, dotm), rtf, pdf, ...``."""
    out = []
    for kind in DOC_TYPES:
        aliases = [a for a, k in _ALIASES.items() if k == kind and a != kind]
        out.append(f"{kind} ({', '.join(aliases)})" if aliases else kind)
    return ", ".join(out)


def extensions() -> tuple[str, ...]:
    """The file name extensions dan recognises (``.docx``, ``.pdf``, ...), by format."""
    return tuple(ext for kind in DOC_TYPES for ext, k in _EXTENSIONS.items() if k == kind)


def normalize_doc_type(doc_type: str) -> str:
    """The canonical name of a ``doc_type`` argument, or ``UnsupportedFormatError``."""
    if not isinstance(doc_type, str) or doc_type.lower().lstrip(".") not in _ALIASES:
        raise UnsupportedFormatError(
            f"unknown doc_type {doc_type!r}: use one of {doc_type_names()}, or None to detect"
        )
    return _ALIASES[doc_type.lower().lstrip(".")]


def sniff(data: bytes) -> str | None:
    """The format magic bytes or markup prove, or None (``pdf``/``ole`` for those)."""
    head = data[:1024]
    if head.startswith(b"\xef\xbb\xbf"):
        head = head[3:]
    if head.startswith((b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")):
        return "docx"
    if head.startswith(_OLE):
        return "ole"
    if head.lstrip().startswith(b"{\\rtf"):
        return "rtf"
    if head.startswith(b"%PDF-"):
        return "pdf"
    if _HTML_START.match(head):
        return "html"
    return None


def _looks_like(kind: str | None) -> str:
    return {
        "docx": "a zip package (DOCX)",
        "ole": "an OLE container (encrypted DOCX or legacy .doc)",
        "rtf": "RTF",
        "pdf": "PDF",
        "html": "HTML",
    }.get(kind or "", "text")


def _reject_unreadable(kind: str | None) -> None:
    if kind == "ole":
        raise EncryptedDocumentError(
            "the input is an OLE container: an encrypted (password-protected) DOCX or a legacy "
            "binary .doc; remove the password or save it as .docx, then convert again"
        )


def detect(data: bytes, doc_type: str | None = None, filename: str | None = None) -> str:
    """Return the canonical format of ``data`` (see the module docstring for the rules)."""
    kind = sniff(data)
    if doc_type is not None:
        wanted = normalize_doc_type(doc_type)
        binary = kind in ("docx", "ole", "pdf")
        if wanted == "docx":
            if kind == "ole":
                _reject_unreadable(kind)
            if kind != "docx":
                raise UnsupportedFormatError(
                    "doc_type='docx' but the input is not a zip package: "
                    f"it looks like {_looks_like(kind)}"
                )
        elif wanted == "pdf":
            if kind != "pdf":
                raise UnsupportedFormatError(
                    "doc_type='pdf' but the input does not start with %PDF-: "
                    f"it looks like {_looks_like(kind)}"
                )
        elif wanted == "rtf":
            if kind != "rtf":
                raise UnsupportedFormatError(
                    "doc_type='rtf' but the input does not start with {\\rtf: "
                    f"it looks like {_looks_like(kind)}"
                )
        elif binary or (kind == "rtf" and wanted != "text"):
            raise UnsupportedFormatError(
                f"doc_type={wanted!r} but the input looks like {_looks_like(kind)}: "
                "pass doc_type=None to detect it"
            )
        return wanted
    if kind == "ole":
        _reject_unreadable(kind)
    if kind in ("docx", "rtf", "pdf"):
        return kind
    if filename:
        lower = filename.lower()
        dot = lower.rfind(".")
        if dot >= 0 and lower[dot:] in _EXTENSIONS:
            by_ext = _EXTENSIONS[lower[dot:]]
            if by_ext == "docx" and kind is None and looks_binary(data[:4096].decode("latin-1")):
                raise UnsupportedFormatError(
                    f"{filename!r} has a Word extension but holds binary data, not a Word "
                    "document (an executable, a picture or another format dan does not read)"
                )
            if by_ext in ("pdf", "docx") and not data.strip():
                raise UnsupportedFormatError(
                    f"{filename!r} is empty ({len(data)} bytes): it holds no document; "
                    "save or export the file again"
                )
            if by_ext == "pdf":
                raise UnsupportedFormatError(
                    f"{filename!r} has a PDF extension but does not start with %PDF-: it looks "
                    f"like {_looks_like(kind)}; pass doc_type to convert it as that"
                )
            if by_ext == "docx":
                raise UnsupportedFormatError(
                    f"{filename!r} has a Word extension but is not a zip package: it looks like "
                    f"{_looks_like(kind)}; pass doc_type to convert it as that"
                )
            return by_ext
    if kind == "html":
        return "html"
    return "text"
