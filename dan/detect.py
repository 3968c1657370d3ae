"""Which format an input is: magic bytes first, then the extension, then a sniff.

Detection: a zip is told apart by its parts (``word/`` DOCX, ``xl/`` XLSX, ``ppt/`` PPTX,
a ``mimetype`` of EPUB or OpenDocument text; any other zip is taken as DOCX, whose reader
says what it is not); an OLE container is an encrypted Office file or a legacy binary one
(``EncryptedDocumentError``) unless it holds an Outlook message's property streams (MSG);
``{\\rtf`` is RTF; then the extension (a ``.xlsx`` or ``.csv`` holding text is CSV); for
bytes without an extension ``<html``/``<!doctype`` means HTML, a block of mail headers
(``From:``, ``Subject:``...) an e-mail, and anything else text. Markdown is never guessed
from content. An explicit ``doc_type`` is obeyed, but input that plainly is another
format raises ``UnsupportedFormatError`` saying what it looks like.

:data:`EXTENSIONS`, the ``doc_type`` aliases and the format labels come from the one
registry of formats, :data:`dan.formats.REGISTRY`: the CLI's directory walk, the
integrations' loaders, the demo store's imports and uploads all read them.
"""

from __future__ import annotations

import io
import re
import zipfile
from typing import Final

from dan.errors import EncryptedDocumentError, UnsupportedFormatError
from dan.formats import REGISTRY
from dan.readers import FORMATS
from dan.textclean import looks_binary

__all__ = [
    "DOC_TYPES",
    "EXTENSIONS",
    "SUFFIXES",
    "ZIP_FORMATS",
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
_LABELS = {f.name: f.label for f in REGISTRY}
#: Formats held in a zip package.
ZIP_FORMATS = tuple(f.name for f in REGISTRY if f.zipped)
#: ``doc_type`` spellings, each with its format.
_ALIASES = {alias: f.name for f in REGISTRY for alias in (f.name, *f.aliases)}
#: The file extensions dan reads, each with its format: the one list every caller reads
#: (from :data:`dan.formats.REGISTRY`).
EXTENSIONS = {ext: f.name for f in REGISTRY for ext in f.extensions}
#: The extensions of :data:`EXTENSIONS`, in its order (for ``str.endswith`` and listings).
SUFFIXES = tuple(EXTENSIONS)
_EXTENSIONS = EXTENSIONS  # (the name older callers import)
_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
#: The name of an Outlook message's property streams, as an OLE directory entry spells it.
_MSG_STREAM = "__substg1.0_".encode("utf-16-le")
#: PNG, JPEG and TIFF (both byte orders) signatures.
_IMAGES = (b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"II*\x00", b"MM\x00*")
_HTML_START = re.compile(rb"^\s*(<!--.*?-->\s*)*<(!doctype\s+html|html|head|body)\b", re.I | re.S)
#: A block of RFC 5322 header lines (with folded continuations) ending in a blank line.
_HEADER_BLOCK = re.compile(rb"\A(?:[!-9;-~]{1,76}:[^\r\n]*\r?\n(?:[ \t][^\r\n]*\r?\n)*){2,}\r?\n")
_MAIL_HEADERS = re.compile(
    rb"^(from|to|cc|subject|date|message-id|mime-version|received|return-path):", re.I | re.M
)
#: The ``mimetype`` part of an EPUB or OpenDocument package, each with its format.
_MIMETYPES = {
    mime.encode("ascii"): f.name for f in REGISTRY if f.mimetype_part for mime in f.mime_types
}


def _zip_kind(data: bytes) -> str:
    """The office format of a zip by its parts (``docx`` when none is recognised: the DOCX
    reader then says what the zip is not)."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            names = [n.lstrip("/") for n in zf.namelist()]
            if "mimetype" in names:
                info = zf.getinfo("mimetype")
                if info.file_size <= 200 and not info.flag_bits & 0x1:
                    with zf.open(info) as fh:
                        mimetype = fh.read(200).strip()
                    kind = _MIMETYPES.get(mimetype)
                    if kind is None and mimetype.startswith(b"application/vnd.oasis.opendocument."):
                        kind = "odt"  # (a spreadsheet or a drawing: the ODT reader names it)
                    if kind is not None:
                        return kind
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, NotImplementedError, KeyError):
        return "docx"  # (a damaged zip: the reader names the damage)
    except Exception:  # noqa: BLE001 - zlib.error and the like, from a damaged mimetype
        return "docx"
    tops = {n.split("/", 1)[0].lower() for n in names}
    if "word" in tops:
        return "docx"
    if "xl" in tops:
        return "xlsx"
    if "ppt" in tops:
        return "pptx"
    return "docx"


def _office_parts(data: bytes) -> bool:
    """Whether a zip holds the parts of a Word, Excel or PowerPoint package or declares an
    OpenDocument or EPUB mimetype: it is that, whatever else is asked for."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            names = [n.lstrip("/") for n in zf.namelist()]
    except Exception:  # noqa: BLE001 - a damaged zip: the reader names the damage
        return False
    tops = {n.split("/", 1)[0].lower() for n in names}
    return "mimetype" in names or bool(tops & {"word", "xl", "ppt"})


def _looks_like_mail(head: bytes) -> bool:
    """Whether ``head`` opens with a block of mail headers naming at least two of From,
    To, Subject, Date..."""
    block = _HEADER_BLOCK.match(head)
    if block is None:
        return False
    return len({h.lower() for h in _MAIL_HEADERS.findall(block.group(0))}) >= 2


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
            f"unknown doc_type {doc_type!r}: use one of {doc_type_names()}, "
            "or leave it out to detect the format"
        )
    return _ALIASES[doc_type.lower().lstrip(".")]


def sniff(data: bytes) -> str | None:
    """The format magic bytes or markup prove, or None (``pdf``/``ole`` for those)."""
    head = data[:1024]
    if head.startswith(b"\xef\xbb\xbf"):
        head = head[3:]
    if head.startswith((b"PK\x03\x04", b"PK\x05\x06", b"PK\x07\x08")):
        return _zip_kind(data)
    if head.startswith(_OLE):
        return "msg" if _MSG_STREAM in data else "ole"
    if head.lstrip().startswith(b"{\\rtf"):
        return "rtf"
    if head.startswith(b"%PDF-"):
        return "pdf"
    if head.startswith(_IMAGES):
        return "image"
    if _HTML_START.match(head):
        return "html"
    if _looks_like_mail(data[:8192]):
        return "eml"
    return None


#: What to do with a file whose content is another format than its extension names.
_CONVERT_AS: Final = (
    "give the file the extension of that format, or convert it as that format "
    "(doc_type in Python, --doc-type on the command line)"
)


def _looks_like(kind: str | None) -> str:
    return {
        "docx": "a zip package (DOCX)",
        "xlsx": "an Excel workbook (XLSX)",
        "pptx": "a PowerPoint deck (PPTX)",
        "epub": "an EPUB book",
        "odt": "an OpenDocument text (ODT)",
        "eml": "an e-mail message",
        "image": "an image (PNG, JPEG or TIFF)",
        "ole": "an OLE container (encrypted DOCX or legacy .doc)",
        "msg": "an Outlook message (MSG)",
        "rtf": "RTF",
        "pdf": "PDF",
        "html": "HTML",
    }.get(kind or "", "text")


def _reject_unreadable(kind: str | None, filename: str | None = None) -> None:
    if kind == "ole":
        raise EncryptedDocumentError(
            "the input is an OLE container: an encrypted (password-protected) DOCX or a legacy "
            "binary .doc; remove the password or save it as .docx, then convert again "
            "(the same holds for a password-protected .xlsx or .pptx, and for .xls and .ppt)"
        )


def detect(data: bytes, doc_type: str | None = None, filename: str | None = None) -> str:
    """Return the canonical format of ``data`` (see the module docstring for the rules)."""
    kind = sniff(data)
    if doc_type is not None:
        wanted = normalize_doc_type(doc_type)
        if wanted in ZIP_FORMATS and kind in ZIP_FORMATS and kind != wanted and _office_parts(data):
            what = "a Word document (DOCX)" if kind == "docx" else _looks_like(kind)
            raise UnsupportedFormatError(
                f"doc_type={wanted!r} but the zip is {what}: leave doc_type out to read it as that"
            )
        return _obey(wanted, kind, filename)
    if kind == "ole" and filename and filename.lower().endswith(".msg"):
        return "msg"  # (an OLE file named .msg without message streams: the reader says so)
    if kind == "ole":
        _reject_unreadable(kind, filename)
    if kind in ZIP_FORMATS or kind in ("rtf", "pdf", "image", "msg"):
        assert kind is not None
        return kind
    if filename:
        lower = filename.lower()
        dot = lower.rfind(".")
        if dot >= 0 and lower[dot:] in EXTENSIONS:
            return _by_extension(EXTENSIONS[lower[dot:]], data, kind, filename)
    if kind in ("html", "eml"):
        assert kind is not None
        return kind
    return "text"


def _obey(wanted: str, kind: str | None, filename: str | None) -> str:
    """``wanted`` when the input can be it, else ``UnsupportedFormatError`` saying what it
    looks like."""
    binary = kind in ZIP_FORMATS or kind in ("ole", "pdf", "image", "msg")
    if wanted == "msg":
        if kind not in ("msg", "ole"):
            raise UnsupportedFormatError(
                "doc_type='msg' but the input is not an OLE compound file: "
                f"it looks like {_looks_like(kind)}"
            )
    elif wanted in ZIP_FORMATS:
        if kind == "ole":
            _reject_unreadable(kind, filename)
        if kind not in ZIP_FORMATS:
            raise UnsupportedFormatError(
                f"doc_type={wanted!r} but the input is not a zip package: "
                f"it looks like {_looks_like(kind)}"
            )
    elif wanted == "image":
        if kind != "image":
            raise UnsupportedFormatError(
                "doc_type='image' but the input is not a PNG, JPEG or TIFF image: "
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
            "leave doc_type out (--doc-type on the command line) to detect it"
        )
    return wanted


def _by_extension(by_ext: str, data: bytes, kind: str | None, filename: str) -> str:
    """The format a (non-zip, non-PDF, non-RTF) input's extension names, or
    ``UnsupportedFormatError`` when the content plainly is not that."""
    binary = kind is None and looks_binary(data[:4096].decode("latin-1"))
    if by_ext in (*ZIP_FORMATS, "pdf") and not data.strip():
        raise UnsupportedFormatError(
            f"{filename!r} is empty ({len(data)} bytes): it holds no document; "
            "save or export the file again"
        )
    if by_ext in ZIP_FORMATS:
        if by_ext == "xlsx" and kind is None and not binary:
            return "csv"  # a ".xlsx" that is really a CSV export, as spreadsheets often are
        if by_ext == "docx" and binary:
            raise UnsupportedFormatError(
                f"{filename!r} has a Word extension but holds binary data, not a Word "
                "document (an executable, a picture or another format dan does not read)"
            )
        what = {
            "docx": "a Word",
            "xlsx": "an Excel",
            "pptx": "a PowerPoint",
            "epub": "an EPUB",
            "odt": "an OpenDocument",
        }[by_ext]
        raise UnsupportedFormatError(
            f"{filename!r} has {what} extension but is not a zip package: it looks like "
            f"{_looks_like(kind)}; {_CONVERT_AS}"
        )
    if by_ext == "image":
        raise UnsupportedFormatError(
            f"{filename!r} has an image extension but is not a PNG, JPEG or TIFF image: it "
            f"looks like {_looks_like(kind)}; {_CONVERT_AS}"
        )
    if by_ext == "msg":
        raise UnsupportedFormatError(
            f"{filename!r} has an Outlook extension but is not an OLE compound file: it looks "
            f"like {_looks_like(kind)}; {_CONVERT_AS}"
        )
    if by_ext == "pdf":
        raise UnsupportedFormatError(
            f"{filename!r} has a PDF extension but does not start with %PDF-: it looks "
            f"like {_looks_like(kind)}; {_CONVERT_AS}"
        )
    return by_ext
