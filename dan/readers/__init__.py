"""One reader per format, one signature, one registry (:data:`dan.formats.REGISTRY`).

Every reader is ``read_<format>(source: bytes | str, limits: Limits, options: ReadOptions)
-> dan.model.Document`` and does its own decoding, size and binary checks; the converter
looks readers up here by the format :mod:`dan.detect` found and knows nothing else about
them. Readers are imported on first use, so converting Markdown never loads lxml's DOCX
machinery.

============  ==========================  ==========================================
format        reader                      where
============  ==========================  ==========================================
``docx``      ``read_docx``               ``dan/readers/docx/`` (one module per part)
``rtf``       ``read_rtf``                ``dan/readers/rtf/``
``pdf``       ``read_pdf``                ``dan/readers/pdf/`` (through PDFium)
``html``      ``read_html``               ``dan/readers/html/``
``markdown``  ``read_markdown``           ``dan/readers/markdown/``
``text``      ``read_text``               ``dan/readers/text.py``
``xlsx``      ``read_xlsx``               ``dan/readers/sheets/`` (SpreadsheetML, lxml)
``csv``       ``read_csv``                ``dan/readers/sheets/`` (stdlib ``csv``)
``pptx``      ``read_pptx``               ``dan/readers/pptx/`` (PresentationML, lxml)
``eml``       ``read_eml``                ``dan/readers/eml/`` (stdlib ``email``)
``msg``       ``read_msg``                ``dan/readers/msg/`` (Outlook, olefile)
``epub``      ``read_epub``               ``dan/readers/epub/`` (through the HTML reader)
``odt``       ``read_odt``                ``dan/readers/odt/`` (OpenDocument text, lxml)
``image``     ``read_image``              ``dan/readers/image/`` (OCR, the ``ocr`` extra)
============  ==========================  ==========================================
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from dan import model as m
from dan.formats import REGISTRY
from dan.limits import Limits
from dan.readers.options import ReadOptions

__all__ = ["FORMATS", "ReadOptions", "Reader", "reader_for"]

Reader = Callable[[bytes | str, Limits, ReadOptions], m.Document]

#: ``format -> (module, function)``, from the one registry of formats (:mod:`dan.formats`).
_READERS: dict[str, tuple[str, str]] = {f.name: f.reader for f in REGISTRY}

#: The formats with a reader, in the order the docs list them.
FORMATS = tuple(_READERS)


def reader_for(kind: str) -> Reader:
    """The reader of ``kind`` (one of :data:`FORMATS`); ``KeyError`` for another."""
    module, name = _READERS[kind]
    reader: Reader = getattr(importlib.import_module(module), name)
    return reader
