"""Image reader: PNG, JPEG and TIFF pages read by OCR (the ``ocr`` extra)."""

from __future__ import annotations

from dan.readers.image.reader import read_image

__all__ = ["read_image"]
