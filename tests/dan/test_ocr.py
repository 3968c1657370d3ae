"""OCR (the ``ocr`` extra): scanned pages made here by rasterising a text PDF with PDFium and
placing the picture in a new PDF; without the extra, the warnings and errors say what to
install. OCR takes seconds a page on CPU, so only two pages are read."""

from __future__ import annotations

import io
import re
from collections import Counter

import pytest

import dan
import dan.ocr
from dan.detect import detect
from pdf_build import PdfBuilder

WORDS = (
    "The Supplier shall deliver the goods within thirty days of the order. "
    "Payment is due at the end of the month following delivery."
)


def _text_pdf() -> bytes:
    b = PdfBuilder(title="Scan")
    b.heading("1. Delivery", level=1)
    b.para(WORDS)
    return b.build()


def _png() -> bytes:
    import pypdfium2

    doc = pypdfium2.PdfDocument(_text_pdf())
    try:
        picture = doc[0].render(scale=200 / 72).to_pil()
    finally:
        doc.close()
    out = io.BytesIO()
    picture.save(out, format="PNG", dpi=(200, 200))
    return out.getvalue()


def _scanned_pdf(pages: int = 1) -> bytes:
    from reportlab.lib.pagesizes import A4
    from reportlab.lib.utils import ImageReader
    from reportlab.pdfgen import canvas

    picture = ImageReader(io.BytesIO(_png()))
    out = io.BytesIO()
    c = canvas.Canvas(out, pagesize=A4)
    for _ in range(pages):
        c.drawImage(picture, 0, 0, A4[0], A4[1])
        c.showPage()
    c.save()
    return out.getvalue()


def _recall(text: str) -> float:
    """The share of the source's words that the output has as words (spaces kept)."""
    want = Counter(re.findall(r"[a-z]+", WORDS.lower()))
    got = Counter(re.findall(r"[a-z]+", text.lower()))
    return sum(min(n, got[w]) for w, n in want.items()) / sum(want.values())


def test_without_the_extra_the_warning_names_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dan.ocr, "ocr_available", lambda: False)
    res = dan.convert(_scanned_pdf(), max_tokens=256)
    assert [w.code for w in res.warnings] == ["no-text-layer", "empty"]
    assert 'pip install "danven[ocr]"' in res.warnings[0].message
    with pytest.raises(dan.UnsupportedFormatError, match=r"danven\[ocr\]"):
        dan.convert(_png())
    with pytest.raises(dan.UnsupportedFormatError, match="OCR, which is off"):
        dan.convert(_png(), ocr="off")
    with pytest.raises(dan.DanError, match="ocr must be"):
        dan.Dan(ocr="always")


def test_images_are_detected() -> None:
    assert detect(_png()) == "image" and detect(_png(), filename="scan.png") == "image"
    with pytest.raises(dan.UnsupportedFormatError, match="image extension"):
        detect(b"plain words", filename="scan.jpg")


@pytest.mark.skipif(not dan.ocr.ocr_available(), reason="the ocr extra is not installed")
def test_a_scanned_pdf_page_is_read_by_ocr() -> None:
    res = dan.convert(_scanned_pdf(), max_tokens=256)
    text = "\n".join(res.chunks)
    assert _recall(text) >= 0.9, text
    assert [w.code for w in res.warnings] == ["ocr"]
    assert "page 1" in res.warnings[0].message
    assert res.page_kind == "rendered" and res.records[0]["ssPage"] == 1
    # the layout rules apply: the bigger first line is a heading
    assert res.records[0]["ssHeadings"].startswith("# 1.")


@pytest.mark.skipif(not dan.ocr.ocr_available(), reason="the ocr extra is not installed")
def test_an_image_is_read_by_ocr() -> None:
    res = dan.convert(_png(), max_tokens=256)
    assert _recall("\n".join(res.chunks)) >= 0.9
    assert [w.code for w in res.warnings] == ["ocr"]
