"""The helper every document family uses: collect blocks, footnotes and questions, then
check the questions against the finished document.

The check is what keeps the benchmark honest: every gold string must occur in the
document's source text, and a string marked unique (the default for ``evidence``) must
occur exactly once, so that finding it anywhere in the target document's context really
means the answer was sent.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from benchmarks.quality import text as filler
from benchmarks.quality.docmodel import (
    Block,
    Bullet,
    Cell,
    Doc,
    FnRef,
    Heading,
    Para,
    Row,
    Run,
    Table,
    all_text,
    runs,
)
from benchmarks.quality.questions import Question

FORMATS = ("docx", "html", "md", "rtf")


def occurrences(needle: str, haystack: str) -> int:
    """How often ``needle`` occurs in ``haystack`` as a whole token sequence (case-insensitive:
    an alphanumeric end of the needle must not touch another alphanumeric character)."""
    return _count(needle.casefold(), haystack.casefold())


def _count(needle: str, folded: str) -> int:
    n, start, size = 0, 0, len(needle)
    check_start, check_end = needle[:1].isalnum(), needle[-1:].isalnum()
    while (i := folded.find(needle, start)) >= 0:
        start = i + 1
        if check_start and i > 0 and folded[i - 1].isalnum():
            continue
        j = i + size
        if check_end and j < len(folded) and folded[j].isalnum():
            continue
        n += 1
    return n


class Builder:
    """Builds one :class:`Doc` and its questions.

    ``fmt`` decides what the format can carry: Markdown has no revisions, comments,
    merged cells or page header/footer, HTML has no comments and no page header/footer
    (it has ``<header>``/``<footer>`` elements); families ask the builder with
    :meth:`supports` before they create a question that needs a construct.
    """

    #: Filler paragraphs are multiplied by this factor: it sets how much distractor prose
    #: surrounds the facts (2 gives documents of roughly 4k–20k o200k tokens).
    VOLUME = 2

    def __init__(self, name: str, fmt: str, title: str, rng: random.Random, domain: str) -> None:
        if fmt not in FORMATS:
            raise ValueError(f"unknown format {fmt!r}")
        self.name = f"{name}.{fmt}"
        self.fmt = fmt
        self.title = title
        self.rng = rng
        self.domain = domain
        self.blocks: list[Block] = []
        self.footnotes: list[str] = []
        self.questions: list[Question] = []
        self._used: set[str] = set()

    # ------------------------------------------------------------------ capabilities

    def supports(self, construct: str) -> bool:
        """Whether the format carries ``construct``: ``revisions``, ``comments``, ``merges``,
        ``page_header`` (a real page header/footer story)."""
        table = {
            "revisions": self.fmt in ("docx", "rtf", "html"),
            "comments": self.fmt in ("docx", "rtf"),
            "merges": self.fmt in ("docx", "rtf", "html"),
            "page_header": self.fmt in ("docx", "rtf"),
        }
        return table[construct]

    # ------------------------------------------------------------------ content

    def heading(self, text: str, level: int = 1) -> None:
        """Add a heading."""
        self.blocks.append(Heading(level, text))

    def para(self, *items: Run | str) -> None:
        """Add a paragraph of runs or plain strings."""
        self.blocks.append(Para(runs(*items)))

    def bullet(self, *items: Run | str) -> None:
        """Add a bulleted item."""
        self.blocks.append(Bullet(runs(*items)))

    def filler(self, paragraphs: int = 2, domain: str | None = None, sentences: tuple[int, int] = (4, 8)) -> None:
        """Add ``paragraphs`` paragraphs of distractor prose."""
        for _ in range(paragraphs * self.VOLUME):
            self.para(filler.paragraph(self.rng, domain or self.domain, sentences))

    def chapters(self, titles: Sequence[str], paragraphs: tuple[int, int] = (3, 5), level: int = 1) -> None:
        """Add a heading and ``paragraphs[0]``–``paragraphs[1]`` filler paragraphs per title."""
        for title in titles:
            self.heading(title, level)
            self.filler(self.rng.randint(*paragraphs))

    def table(self, rows: Sequence[Sequence[Cell]], header_rows: int = 1) -> None:
        """Add a table; the first ``header_rows`` rows are header rows."""
        self.blocks.append(Table(tuple(Row(tuple(r), header=i < header_rows) for i, r in enumerate(rows))))

    def footnote(self, note: str) -> FnRef:
        """Register a footnote and return the reference run to place in the text."""
        self.footnotes.append(note)
        return FnRef(len(self.footnotes))

    def unique(self, make: Callable[[], str]) -> str:
        """A value from ``make()`` not returned before for this document (re-drawn until new)."""
        for _ in range(1000):
            value = make()
            if value not in self._used:
                self._used.add(value)
                return value
        raise RuntimeError("could not draw a unique value")

    # ------------------------------------------------------------------ questions

    def ask(
        self,
        category: str,
        question: str,
        answer: str,
        *,
        evidence: Sequence[str] = (),
        rows: Sequence[Sequence[str]] = (),
        header: Sequence[str] = (),
        attribution: Sequence[tuple[str, str]] = (),
        tags: Sequence[str] = (),
    ) -> None:
        """Add a question about this document."""
        qid = f"{self.name.rsplit('.', 1)[0]}-q{len(self.questions) + 1:02d}"
        self.questions.append(
            Question(
                qid=qid,
                doc=self.name,
                category=category,
                question=question,
                answer=answer,
                evidence=tuple(evidence),
                rows=tuple(tuple(r) for r in rows),
                header=tuple(header),
                attribution=tuple(attribution),
                tags=tuple(tags),
            )
        )

    def finish(self, header: str = "", footer: str = "") -> tuple[Doc, list[Question]]:
        """The document and its questions, after checking every gold string (see module doc)."""
        doc = Doc(
            name=self.name,
            fmt=self.fmt,
            title=self.title,
            blocks=tuple(self.blocks),
            header=header,
            footer=footer,
            footnotes=tuple(self.footnotes),
        )
        source = all_text(doc).casefold()
        for q in self.questions:
            for s in q.evidence:
                n = _count(s.casefold(), source)
                if n != 1:
                    raise ValueError(f"{q.qid}: evidence {s!r} occurs {n} times in {doc.name}, expected once")
            for row in q.rows:
                for s in row:
                    if _count(s.casefold(), source) < 1:
                        raise ValueError(f"{q.qid}: row evidence {s!r} not in {doc.name}")
            for s in q.header:
                if _count(s.casefold(), source) < 1:
                    raise ValueError(f"{q.qid}: header {s!r} not in {doc.name}")
            for person, s in q.attribution:
                if _count(person.casefold(), source) < 1 or _count(s.casefold(), source) < 1:
                    raise ValueError(f"{q.qid}: attribution {(person, s)!r} not in {doc.name}")
        return doc, list(self.questions)
