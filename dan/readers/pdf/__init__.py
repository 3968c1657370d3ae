"""The PDF reader (through PDFium, ``pypdfium2``): one module per job.

``pdfium`` reads pages, annotations, the outline and the document information into the
plain values of ``values``; ``running`` finds running headers and footers; ``layout``
groups lines into paragraphs, list items and headings; ``reader`` turns them and the
annotations into the document model.
"""

from dan.readers.pdf.reader import read_pdf

__all__ = ["read_pdf"]
