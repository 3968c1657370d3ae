"""Score a context against a question's gold evidence.

A context is a sequence of :class:`Passage` (a chunk's text and the document it came from).
Only passages of the question's target document count. Text is normalised before matching
(Unicode NFKC, Markdown backslash escapes and ``**`` removed, whitespace collapsed, case
folded), and a gold string must match as a whole: an alphanumeric end of the string must not
touch another alphanumeric character, so ``8 weeks`` does not match inside ``18 weeks``.

A *line* is one line of a passage, except that an HTML table row (``<tr>…</tr>``, as pandoc
writes complex tables) counts as one line. Table rows, paragraphs and list items are one
line in every converter used here.

Per question:

- ``recall``: every ``evidence`` string is in some passage, and every ``rows`` group is
  together on one line;
- ``rows_present`` / ``header_present`` (table questions only): every answer row is on a
  line; a line holds all column headings of the table in order. The table is *complete*
  for the model when both hold: it sees which column each value is in. Completeness is
  reported over the questions whose answer rows were sent (a row that was not retrieved is
  a recall failure, not an incomplete table);
- ``text_present`` / ``attributed`` (revision/comment questions only): every attributed
  text is in the context; each ``(person, text)`` pair is on one line, so the model can
  tell who changed or remarked what. Attribution is reported over the questions whose
  attributed text was sent.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from benchmarks.quality.questions import Question

_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|>~<\"'$%&,/:;=?@^])")
_SPACE = re.compile(r"\s+")
_TR = re.compile(r"<tr\b.*?</tr>", re.IGNORECASE | re.DOTALL)


@dataclass(frozen=True)
class Passage:
    """One chunk of context: the document it came from and its text."""

    doc: str
    text: str
    tokens: int


def normalise(text: str) -> str:
    """The matching form of ``text`` (see the module docstring)."""
    text = unicodedata.normalize("NFKC", text).replace("\u00a0", " ")
    text = _ESCAPE.sub(r"\1", text).replace("**", "")
    return _SPACE.sub(" ", text).strip().casefold()


@lru_cache(maxsize=4096)
def _pattern(needle: str) -> re.Pattern[str]:
    n = normalise(needle)
    pat = re.escape(n)
    if n[:1].isalnum():
        pat = r"(?<![^\W_])" + pat
    if n[-1:].isalnum():
        pat += r"(?![^\W_])"
    return re.compile(pat)


def contains(haystack_normalised: str, needle: str) -> bool:
    """Whether ``needle`` occurs as a whole in an already normalised haystack."""
    return _pattern(needle).search(haystack_normalised) is not None


def lines(text: str) -> list[str]:
    """The normalised lines of ``text`` (an HTML ``<tr>`` is one line)."""
    text = _TR.sub(lambda m: m.group(0).replace("\n", " "), text)
    return [normalise(line) for line in text.split("\n") if line.strip()]


@dataclass(frozen=True)
class Score:
    """One question's scores for one context; ``None`` = the metric does not apply."""

    recall: bool
    rows_present: bool | None
    header_present: bool | None
    text_present: bool | None
    attributed: bool | None
    missing: tuple[str, ...]

    @property
    def table_complete(self) -> bool | None:
        """Header row and answer rows sent (``None`` for non-table questions)."""
        if self.rows_present is None:
            return None
        return bool(self.rows_present and self.header_present)


def score(question: Question, context: Sequence[Passage]) -> Score:
    """Score ``context`` for ``question``."""
    own = [p for p in context if p.doc == question.doc]
    full = normalise("\n".join(p.text for p in own))
    all_lines: list[str] = [ln for p in own for ln in lines(p.text)]

    def on_one_line(parts: Iterable[str]) -> bool:
        parts = tuple(parts)
        return any(all(contains(ln, s) for s in parts) for ln in all_lines)

    missing: list[str] = [s for s in question.evidence if not contains(full, s)]
    missing += [" & ".join(r) for r in question.rows if not on_one_line(r)]
    rows_present = header_present = text_present = attributed = None
    if question.is_table:
        rows_present = all(on_one_line(r) for r in question.rows)
        header_present = any(_in_order(ln, question.header) for ln in all_lines)
    if question.is_attributed:
        text_present = all(contains(full, text) for _, text in question.attribution)
        attributed = all(on_one_line((person, text)) for person, text in question.attribution)
    return Score(not missing, rows_present, header_present, text_present, attributed, tuple(missing))


def _in_order(line: str, headings: Sequence[str]) -> bool:
    pos = 0
    for h in headings:
        m = _pattern(h).search(line, pos)
        if m is None:
            return False
        pos = m.end()
    return True
