"""OCR of page images, through the optional ``ocr`` extra (rapidocr-onnxruntime, whose
detection and recognition models ship inside its wheel: nothing is downloaded).

:func:`ocr_lines` turns an image into the PDF reader's :class:`~dan.readers.pdf.values.Line`
values in the page's own coordinates (points, y upwards), so scanned pages go through the
same layout rules as text layers: lines joined into paragraphs, columns and reading
order, headings by size. One engine serves the process, behind a lock (inference is not
thread-safe). :data:`OCR_EXTRA` names the extra in the warnings of an install without it.
"""

from __future__ import annotations

import threading
from typing import Any

from dan.readers.pdf.values import Line

__all__ = ["MAX_PIXELS", "OCR_DPI", "OCR_EXTRA", "ocr_available", "ocr_lines"]

#: Resolution pages are rendered at for OCR, and images of less are enlarged to (the
#: recognition model drops the spaces between words of 10-point text at 200 dpi).
OCR_DPI = 300
#: Pixels of one image OCR reads (a PDF page of a huge size is rendered at a lower
#: resolution; a bigger image file is refused). A 600 dpi A3 scan has about 70 million.
MAX_PIXELS = 100_000_000
#: What to install for OCR.
OCR_EXTRA = 'pip install "danven[ocr]" (rapidocr-onnxruntime)'
#: Recognised lines below this confidence are dropped.
MIN_SCORE = 0.5

_LOCK = threading.Lock()
_ENGINE: list[Any] = []


def ocr_available() -> bool:
    """Whether the OCR extra is installed."""
    import importlib.util

    return importlib.util.find_spec("rapidocr_onnxruntime") is not None


def _engine() -> Any:
    if not _ENGINE:
        from rapidocr_onnxruntime import RapidOCR

        # (an A4 page at 300 dpi is 3,508 pixels high: not scaled down to the default 2,000)
        _ENGINE.append(RapidOCR(max_side_len=4200))
    return _ENGINE[0]


def ocr_lines(image: Any, height: float, scale: float) -> list[Line]:
    """The text lines OCR finds in ``image`` (a PIL image of a page ``height`` points high,
    rendered at ``scale`` pixels per point), top to bottom."""
    import numpy as np

    image = image.convert("RGB")
    want = OCR_DPI / 72
    if scale < want * 0.9:
        factor = min(want / scale, (MAX_PIXELS / max(1, image.width * image.height)) ** 0.5)
        if factor > 1.1:
            image = image.resize((round(image.width * factor), round(image.height * factor)))
            scale *= factor
    with _LOCK:
        # (no orientation classifier: on upright pages it turns good lines upside down)
        found, _elapsed = _engine()(np.asarray(image), use_cls=False)
    out: list[Line] = []
    for points, text, score in found or ():
        text = " ".join(str(text).split())
        if not text or float(score) < MIN_SCORE:
            continue
        xs = [float(p[0]) / scale for p in points]
        ys = [height - float(p[1]) / scale for p in points]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        size = round(max(1.0, (y1 - y0) * 0.8), 1)
        step = (x1 - x0) / len(text)
        boxes = [(x0 + k * step, y0, x0 + (k + 1) * step, y1) for k in range(len(text))]
        out.append(Line.of(list(text), boxes, [size] * len(text), [False] * len(text), base=y0))
    out.sort(key=lambda line: (-line.box[3], line.box[0]))
    return out
