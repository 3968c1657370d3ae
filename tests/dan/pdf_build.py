"""Build PDF fixtures for the PDF reader's tests: ReportLab lays the text out (so the tests
know where every word is) and pypdf adds reviewers' annotations.

    doc = PdfBuilder(title="Services Agreement", header="Acme Ltd - Confidential")
    doc.heading("1. Definitions", level=1)
    doc.para("The Supplier shall ...")
    doc.new_page()
    page, quads = doc.find("Service Levels")
    doc.annotate("/Highlight", page, quads, author="Bob Roe", text="Too strict?")
    data = doc.build()
"""

from __future__ import annotations

import io
from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.pagesizes import A4
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas

W, H = A4
LEFT = 72.0
TOP = H - 90
BOTTOM = 80.0
BODY = ("Helvetica", 10.0)
SIZES = {1: ("Helvetica-Bold", 16.0), 2: ("Helvetica-Bold", 13.0), 3: ("Helvetica-Bold", 11.0)}


@dataclass
class Placed:
    page: int
    x: float
    y: float
    text: str
    font: str
    size: float


@dataclass
class PdfBuilder:
    title: str | None = None
    header: str | None = None
    footer: str | None = "Page {n}"
    outline: bool = True
    width: float = W - 2 * LEFT
    lines: list[Placed] = field(default_factory=list)
    ops: list[tuple[Any, ...]] = field(default_factory=list)
    annots: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    page: int = 1
    y: float = TOP

    # ------------------------------------------------------------------ layout
    def _line(self, text: str, font: str, size: float, x: float = LEFT, lead: float | None = None) -> None:
        lead = lead or size * 1.3
        if self.y - lead < BOTTOM:
            self.new_page()
        self.y -= lead
        self.lines.append(Placed(self.page, x, self.y, text, font, size))

    def new_page(self) -> None:
        self.ops.append(("page",))
        self.page += 1
        self.y = TOP

    def heading(self, text: str, level: int = 1) -> None:
        font, size = SIZES[level]
        self.y -= 8
        self._line(text, font, size)
        self.ops.append(("bookmark", text, level, self.page))
        self.y -= 4

    def para(self, text: str, x: float = LEFT, width: float | None = None, font: str = BODY[0],
             size: float = BODY[1], hyphenate: str | None = None) -> None:
        """A wrapped paragraph; ``hyphenate`` names a word to break with a hyphen at the end
        of the first line (in its middle, or where a ``|`` in it says: ``non-|exclusive``
        breaks a compound at its own hyphen, ``deliv|ery`` a word)."""
        if hyphenate:
            word = hyphenate.replace("|", "")
            head, tail = text.split(word, 1)
            half = hyphenate.index("|") if "|" in hyphenate else len(word) // 2
            first = word[:half]
            self._line(head + first + ("" if first.endswith("-") else "-"), font, size, x)
            text = word[half:] + tail
        for line in simpleSplit(text, font, size, width or self.width):
            self._line(line, font, size, x)
        self.y -= size * 0.8

    def bullet(self, text: str, depth: int = 0) -> None:
        x = LEFT + 18 * depth
        lines = simpleSplit(text, BODY[0], BODY[1], self.width - 18 * (depth + 1))
        self._line("\u2022 " + lines[0], BODY[0], BODY[1], x)
        for line in lines[1:]:
            self._line(line, BODY[0], BODY[1], x + 8)
        self.y -= 3

    # ------------------------------------------------------------------ finding words
    def find(self, phrase: str, nth: int = 0) -> tuple[int, list[float]]:
        """The page and QuadPoints of ``phrase`` on one line (the ``nth`` occurrence)."""
        seen = 0
        for ln in self.lines:
            start = ln.text.find(phrase)
            while start >= 0:
                if seen == nth:
                    x0 = ln.x + stringWidth(ln.text[:start], ln.font, ln.size)
                    x1 = x0 + stringWidth(phrase, ln.font, ln.size)
                    y0, y1 = ln.y - 0.25 * ln.size, ln.y + 0.85 * ln.size
                    return ln.page, [x0, y1, x1, y1, x0, y0, x1, y0]
                seen += 1
                start = ln.text.find(phrase, start + 1)
        raise KeyError(phrase)

    def annotate(self, subtype: str, page: int, quads: list[float] | None = None, rect: list[float] | None = None,
                 author: str = "", text: str = "", date: str = "D:20261130101500Z", reply_to: int | None = None,
                 uri: str | None = None) -> int:
        """Add an annotation; returns its number for ``reply_to``."""
        if rect is None:
            assert quads is not None
            rect = [min(quads[0::2]), min(quads[1::2]), max(quads[0::2]), max(quads[1::2])]
        self.annots.append((page, dict(subtype=subtype, quads=quads, rect=rect, author=author, text=text,
                                       date=date, reply_to=reply_to, uri=uri)))
        return len(self.annots) - 1

    # ------------------------------------------------------------------ output
    def build(self, password: str | None = None, compress: bool = True) -> bytes:
        buf = io.BytesIO()
        c = canvas.Canvas(buf, pagesize=A4, pageCompression=1 if compress else 0)
        if self.title:
            c.setTitle(self.title)
        pages = self.page
        by_page: dict[int, list[Placed]] = {}
        for ln in self.lines:
            by_page.setdefault(ln.page, []).append(ln)
        marks = [op for op in self.ops if op[0] == "bookmark"]
        for n in range(1, pages + 1):
            if self.header:
                c.setFont("Helvetica", 8)
                c.drawString(LEFT, H - 40, self.header)
            if self.footer:
                c.setFont("Helvetica", 8)
                c.drawString(W / 2 - 20, 40, self.footer.format(n=n))
            for ln in by_page.get(n, []):
                c.setFont(ln.font, ln.size)
                c.drawString(ln.x, ln.y, ln.text)
            for _, text, level, page in marks:
                if page == n and self.outline:
                    key = f"b{marks.index((_, text, level, page))}"
                    c.bookmarkPage(key)
                    c.addOutlineEntry(text, key, level=level - 1)
            c.showPage()
        c.save()
        data = buf.getvalue()
        if not self.annots and password is None:
            return data
        return _annotate(data, self.annots, password)


def _annotate(data: bytes, annots: list[tuple[int, dict[str, Any]]], password: str | None) -> bytes:
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import (
        ArrayObject,
        DictionaryObject,
        FloatObject,
        NameObject,
        TextStringObject,
    )

    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    refs: list[Any] = []
    for page, a in annots:
        d = DictionaryObject()
        d[NameObject("/Type")] = NameObject("/Annot")
        d[NameObject("/Subtype")] = NameObject(a["subtype"])
        d[NameObject("/Rect")] = ArrayObject([FloatObject(v) for v in a["rect"]])
        if a["author"]:
            d[NameObject("/T")] = TextStringObject(a["author"])
        if a["text"]:
            d[NameObject("/Contents")] = TextStringObject(a["text"])
        if a["date"]:
            d[NameObject("/M")] = TextStringObject(a["date"])
        if a["quads"]:
            d[NameObject("/QuadPoints")] = ArrayObject([FloatObject(v) for v in a["quads"]])
        if a["reply_to"] is not None:
            d[NameObject("/IRT")] = refs[a["reply_to"]]
        if a["uri"]:
            action = DictionaryObject()
            action[NameObject("/S")] = NameObject("/URI")
            action[NameObject("/URI")] = TextStringObject(a["uri"])
            d[NameObject("/A")] = action
        ref = writer._add_object(d)
        page_obj = writer.pages[page - 1]
        if "/Annots" not in page_obj:
            page_obj[NameObject("/Annots")] = ArrayObject()
        page_obj["/Annots"].append(ref)
        refs.append(ref)
    if password is not None:
        writer.encrypt(password, algorithm="RC4-128")  # AES needs the cryptography package
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
