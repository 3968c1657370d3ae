"""PNG, JPEG and TIFF input: each frame a page, its text read by OCR (:mod:`dan.ocr`) and
laid out by the PDF reader's rules (lines joined into paragraphs, reading order, headings
by size). Without the ``ocr`` extra, or with ``ocr="off"``, an image is an
``UnsupportedFormatError`` that says what to install. Bounds: ``Limits.max_pages`` frames,
and :data:`dan.ocr.MAX_PIXELS` pixels a frame, checked before it is decoded.
"""

from __future__ import annotations

import io

from dan import model as m
from dan.errors import CorruptDocumentError, LimitExceededError, UnsupportedFormatError
from dan.limits import Limits
from dan.readers.options import DEFAULT_OPTIONS, ReadOptions

__all__ = ["read_image"]


def read_image(
    data: bytes | str, limits: Limits, options: ReadOptions = DEFAULT_OPTIONS
) -> m.Document:
    """Read the text of an image (every frame of a TIFF) by OCR, one page a frame."""
    from dan.ocr import MAX_PIXELS, OCR_DPI, OCR_EXTRA, ocr_available, ocr_lines

    if isinstance(data, str):
        raise UnsupportedFormatError("an image is binary: pass its bytes (or a path), not a str")
    if options.ocr == "off":
        raise UnsupportedFormatError(
            "the input is an image: dan reads its text only by OCR, which is off (ocr='auto')"
        )
    if not ocr_available():
        raise UnsupportedFormatError(
            f"the input is an image: reading its text needs OCR: {OCR_EXTRA}"
        )
    from PIL import Image, ImageSequence, UnidentifiedImageError

    from dan.readers.pdf.reader import document_of
    from dan.readers.pdf.values import PageContent, PdfContent

    try:
        picture = Image.open(io.BytesIO(data))
    except Image.DecompressionBombError as exc:
        raise LimitExceededError(
            f"the image is too large to decode ({exc}): scale it down"
        ) from exc
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        raise CorruptDocumentError(f"the image cannot be read ({exc}): it is damaged") from exc
    pages: list[PageContent] = []
    try:
        for index, frame in enumerate(ImageSequence.Iterator(picture)):
            if index >= limits.max_pages:
                raise LimitExceededError(
                    f"the image has more than Limits.max_pages={limits.max_pages:,} frames"
                )
            width, height = frame.size
            if width * height > MAX_PIXELS:
                raise LimitExceededError(
                    f"frame {index + 1} is {width:,} x {height:,} pixels, over {MAX_PIXELS:,}: "
                    "scale the image down"
                )
            dpi = frame.info.get("dpi", (OCR_DPI, OCR_DPI))
            try:
                scale = max(36.0, min(1200.0, float(dpi[0]))) / 72
            except (TypeError, ValueError, IndexError):
                scale = OCR_DPI / 72
            lines = ocr_lines(frame, height / scale, scale)
            pages.append(
                PageContent(
                    number=index + 1,
                    width=width / scale,
                    height=height / scale,
                    lines=tuple(lines),
                    images=1,
                    ocr=True,
                )
            )
    except (OSError, ValueError, Image.DecompressionBombError) as exc:
        raise CorruptDocumentError(f"the image cannot be decoded ({exc}): it is damaged") from exc
    return document_of(PdfContent(pages=tuple(pages)), options)
