"""The one registry of the formats dan reads: name, label, reader, extensions, MIME types.

Everything that lists formats reads :data:`REGISTRY`: the readers' lookup
(:func:`dan.readers.reader_for`), detection (:mod:`dan.detect`: extensions, ``doc_type``
aliases, the ``mimetype`` part of EPUB and OpenDocument packages), the ``dan`` command's
help and directory walk (:mod:`dan.inputs`), the integrations' loaders, the demo store's
``import_directory`` and the web page's upload hint (``GET /api/formats``).
``tests/dan/test_formats.py`` checks that every one of them agrees with it.

A new format is one :class:`Format` here and its reader package under ``dan/readers/``.
This module imports nothing of dan's, so any module may read it.
"""

from __future__ import annotations

from attrs import frozen

__all__ = [
    "REGISTRY",
    "Format",
    "by_extension",
    "by_mime_type",
    "by_name",
    "mime_types",
]


@frozen(slots=True)
class Format:
    """One format dan reads."""

    #: The canonical ``doc_type`` (``"docx"``).
    name: str
    #: How help texts name it (``"DOCX"``).
    label: str
    #: The reader: ``(module, function)``, imported on first use.
    reader: tuple[str, str]
    #: File name extensions, lower case with the dot, the usual one first.
    extensions: tuple[str, ...]
    #: Other ``doc_type`` spellings (``"docm"``, ``"md"``...).
    aliases: tuple[str, ...] = ()
    #: MIME types, the usual one first.
    mime_types: tuple[str, ...] = ()
    #: Held in a zip package (detected by its parts, never from an extension alone).
    zipped: bool = False
    #: A zip package that names its format in a ``mimetype`` part (EPUB, OpenDocument).
    mimetype_part: bool = False


_DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml"
_XLSX_MIME = "application/vnd.openxmlformats-officedocument.spreadsheetml"
_PPTX_MIME = "application/vnd.openxmlformats-officedocument.presentationml"

#: Every format dan reads, in the order the docs and help texts list them.
REGISTRY: tuple[Format, ...] = (
    Format(
        "docx",
        "DOCX",
        ("dan.readers.docx", "read_docx"),
        (".docx", ".docm", ".dotx", ".dotm"),
        ("docm", "dotx", "dotm"),
        (
            f"{_DOCX_MIME}.document",
            "application/vnd.ms-word.document.macroEnabled.12",
            f"{_DOCX_MIME}.template",
            "application/vnd.ms-word.template.macroEnabled.12",
        ),
        zipped=True,
    ),
    Format(
        "rtf",
        "RTF",
        ("dan.readers.rtf", "read_rtf"),
        (".rtf",),
        (),
        ("application/rtf", "text/rtf"),
    ),
    Format("pdf", "PDF", ("dan.readers.pdf", "read_pdf"), (".pdf",), (), ("application/pdf",)),
    Format(
        "html",
        "HTML",
        ("dan.readers.html", "read_html"),
        (".html", ".htm", ".xhtml"),
        ("htm", "xhtml"),
        ("text/html", "application/xhtml+xml"),
    ),
    Format(
        "markdown",
        "Markdown",
        ("dan.readers.markdown", "read_markdown"),
        (".md", ".markdown", ".mdown", ".mkd"),
        ("md",),
        ("text/markdown", "text/x-markdown"),
    ),
    Format(
        "text",
        "text",
        ("dan.readers.text", "read_text"),
        (".txt", ".text"),
        ("txt",),
        ("text/plain",),
    ),
    Format(
        "xlsx",
        "XLSX",
        ("dan.readers.sheets", "read_xlsx"),
        (".xlsx", ".xlsm", ".xltx", ".xltm"),
        ("xlsm", "xltx", "xltm"),
        (
            f"{_XLSX_MIME}.sheet",
            "application/vnd.ms-excel.sheet.macroEnabled.12",
            f"{_XLSX_MIME}.template",
            "application/vnd.ms-excel.template.macroEnabled.12",
        ),
        zipped=True,
    ),
    Format(
        "csv",
        "CSV",
        ("dan.readers.sheets", "read_csv"),
        (".csv", ".tsv", ".tab"),
        ("tsv",),
        ("text/csv", "text/tab-separated-values"),
    ),
    Format(
        "pptx",
        "PPTX",
        ("dan.readers.pptx", "read_pptx"),
        (".pptx", ".pptm", ".ppsx", ".potx"),
        ("pptm", "ppsx", "potx"),
        (
            f"{_PPTX_MIME}.presentation",
            "application/vnd.ms-powerpoint.presentation.macroEnabled.12",
            f"{_PPTX_MIME}.slideshow",
            f"{_PPTX_MIME}.template",
        ),
        zipped=True,
    ),
    Format(
        "eml", "EML", ("dan.readers.eml", "read_eml"), (".eml",), ("email",), ("message/rfc822",)
    ),
    Format(
        "msg",
        "MSG",
        ("dan.readers.msg", "read_msg"),
        (".msg",),
        (),
        ("application/vnd.ms-outlook",),
    ),
    Format(
        "epub",
        "EPUB",
        ("dan.readers.epub", "read_epub"),
        (".epub",),
        (),
        ("application/epub+zip",),
        zipped=True,
        mimetype_part=True,
    ),
    Format(
        "odt",
        "ODT",
        ("dan.readers.odt", "read_odt"),
        (".odt", ".ott"),
        (),
        (
            "application/vnd.oasis.opendocument.text",
            "application/vnd.oasis.opendocument.text-template",
        ),
        zipped=True,
        mimetype_part=True,
    ),
    Format(
        "image",
        "PNG/JPEG/TIFF (OCR)",
        ("dan.readers.image", "read_image"),
        (".png", ".jpg", ".jpeg", ".tif", ".tiff"),
        ("png", "jpg", "jpeg", "tif", "tiff"),
        ("image/png", "image/jpeg", "image/tiff"),
    ),
)

_BY_NAME = {f.name: f for f in REGISTRY}
_BY_EXTENSION = {ext: f for f in REGISTRY for ext in f.extensions}
_BY_MIME = {mime.lower(): f for f in REGISTRY for mime in f.mime_types}


def by_name(name: str) -> Format:
    """The format called ``name`` (canonical, as :func:`dan.detect.normalize_doc_type` gives);
    ``KeyError`` for another."""
    return _BY_NAME[name]


def by_extension(extension: str) -> Format | None:
    """The format of a file name extension (``".DOCX"`` or ``"docx"``), or None when dan
    reads no such files."""
    ext = extension.lower()
    return _BY_EXTENSION.get(ext if ext.startswith(".") else "." + ext)


def by_mime_type(mime_type: str) -> Format | None:
    """The format of a MIME type (parameters such as ``; charset=utf-8`` ignored), or None."""
    return _BY_MIME.get(mime_type.split(";", 1)[0].strip().lower())


def mime_types() -> tuple[str, ...]:
    """Every MIME type dan reads, by format."""
    return tuple(mime for f in REGISTRY for mime in f.mime_types)
