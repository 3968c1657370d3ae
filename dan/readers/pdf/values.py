"""The plain values the PDF reader passes between its modules: lines of characters with
their boxes, annotations and links (``Mark``), outline entries, pages."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from attrs import frozen

__all__ = ["Box", "Line", "Mark", "OutlineEntry", "PageContent", "PdfContent", "body_size"]

#: ``(x0, y0, x1, y1)`` in PDF points, origin bottom left.
Box = tuple[float, float, float, float]


@frozen(slots=True)
class Line:
    """One line of text as PDFium breaks it: its characters, each with a box, a font size
    and whether its font is bold; ``hyphen`` says the line ended in a soft hyphen. ``box``
    holds them all, ``size`` is the font size most of its visible characters have and
    ``bold`` whether all of them are bold."""

    text: str
    boxes: tuple[Box, ...]
    sizes: tuple[float, ...]
    bolds: tuple[bool, ...]
    hyphen: bool
    box: Box
    size: float
    bold: bool
    #: The baseline: y of its first character's origin.
    base: float
    #: The next line goes on on the same baseline after a wide gap (a fragment).
    split: bool = False

    @classmethod
    def of(
        cls,
        text: Sequence[str],
        boxes: Sequence[Box],
        sizes: Sequence[float],
        bolds: Sequence[bool],
        hyphen: bool = False,
        base: float | None = None,
        split: bool = False,
    ) -> Line:
        n = len(text)
        while n and text[n - 1].isspace():
            n -= 1
        start = 0
        while start < n and text[start].isspace():
            start += 1
        if start or n < len(text):
            text, boxes = text[start:n], boxes[start:n]
            sizes, bolds = sizes[start:n], bolds[start:n]
        # (trimmed, the text starts with a visible character when it has any: a line's
        # common case, one size and one boldness throughout, is told without a pass over
        # its visible characters, with the result the pass would give)
        size, bold = 0.0, False
        if start < n:
            if sizes.count(sizes[0]) == len(sizes):
                size = sizes[0]
            else:
                seen = Counter(s for t, s in zip(text, sizes) if not t.isspace())
                size = seen.most_common(1)[0][0]
            if False not in bolds:
                bold = True
            elif True in bolds:
                bold = all(b for t, b in zip(text, bolds) if not t.isspace())
        box = (0.0, 0.0, 0.0, 0.0)
        if boxes:
            x0s, y0s, x1s, y1s = zip(*boxes)
            box = (min(x0s), min(y0s), max(x1s), max(y1s))
        return cls(
            "".join(text),
            tuple(boxes),
            tuple(sizes),
            tuple(bolds),
            hyphen,
            box,
            size,
            bold,
            box[1] if base is None else base,
            split,
        )

    def tail(self, start: int) -> Line:
        """The line from character ``start`` on (what follows a bullet or a note's label)."""
        return Line.of(
            self.text[start:],
            self.boxes[start:],
            self.sizes[start:],
            self.bolds[start:],
            self.hyphen,
            self.base,
        )

    def joined(self, other: Line) -> Line:
        """This fragment and the next one on its line, as one line with a space between."""
        gap = (self.box[2], self.box[1], self.box[2], self.box[3])
        return Line.of(
            list(self.text) + [" "] + list(other.text),
            self.boxes + (gap,) + other.boxes,
            self.sizes + (self.size,) + other.sizes,
            self.bolds + (self.bold and other.bold,) + other.bolds,
            other.hyphen,
            self.base,
            other.split,
        )

    @property
    def x0(self) -> float:
        return self.box[0]

    @property
    def y0(self) -> float:
        return self.box[1]

    @property
    def x1(self) -> float:
        return self.box[2]

    @property
    def y1(self) -> float:
        return self.box[3]


def body_size(lines: Iterable[Line]) -> float:
    """The font size most of the lines' characters are set in (0 for no lines)."""
    counts: Counter[float] = Counter()
    for line in lines:
        counts[line.size] += len(line.text)
    return counts.most_common(1)[0][0] if counts else 0.0


@frozen(slots=True)
class Mark:
    """An annotation that marks text or a place on a page.

    ``kind``: ``link`` (``target`` is its URI), ``highlight`` (a highlight, underline or
    squiggly: a comment on the text it covers), ``strike`` (struck-out text: a deletion),
    ``insert`` (a caret: ``text`` is inserted there) or ``note`` (a sticky note or free
    text: a comment at a place). ``rects`` are the areas it covers; ``reply_to`` is the
    page's annotation index it answers (``/IRT``), or -1.
    """

    kind: str
    index: int
    rects: tuple[Box, ...]
    author: str = ""
    date: str = ""
    text: str = ""
    target: str = ""
    reply_to: int = -1


@frozen(slots=True)
class OutlineEntry:
    """A bookmark: its title, its depth (1 = outermost) and the page it points to."""

    title: str
    level: int
    page: int | None


@frozen(slots=True)
class PageContent:
    """One page: its size, its lines in PDFium's order, its marks, and how many images it
    has when it has no text."""

    number: int
    width: float
    height: float
    lines: tuple[Line, ...]
    marks: tuple[Mark, ...] = ()
    images: int = 0
    #: PDFium could not load the page (it is kept, empty, so later pages keep their numbers).
    damaged: bool = False
    #: Its lines were read by OCR from its pictures (it has no text layer).
    ocr: bool = False


@frozen(slots=True)
class PdfContent:
    """A whole PDF as the reader needs it."""

    pages: tuple[PageContent, ...]
    title: str = ""
    outline: tuple[OutlineEntry, ...] = ()
    outline_damaged: bool = False
