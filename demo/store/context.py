"""The context line a passage is indexed with (``StoreOptions.index_context``).

A chunk's text alone often lacks the words a question uses: the document's title, the
section it stands in, the table's column headings, the people who revised or commented
it. :func:`context_line` builds a short line of them from the chunk's dan record; the
store embeds ``context_line + " " + text`` (``index_context="embedding"``, the default)
and indexes it for full text too (``"both"``), while the passage it stores, shows and
sends to a model stays the chunk's text alone.

With dan's defaults the chunk's text already carries much of it: its citation line
names the title, the section path and the page, its CriticMarkup the authors of its marks,
and a table continued from an earlier chunk repeats its header row. The line repeats them
on purpose — as a summary at the head of what is embedded and a field boost for BM25 —
and carries everything for pre-chunked sources made without the citation line (the line
without the parts the text holds was empty for all 945 chunks of ``benchmarks/quality``,
so it could change nothing there). The line is bounded (:data:`MAX_CHARS`) whatever the
record holds.
"""

from __future__ import annotations

from collections.abc import Mapping

from demo.store.embedding import EmbeddingIdentity

__all__ = ["CONTEXT_SETTING", "MAX_CHARS", "context_line", "indexed_identity", "indexed_text"]

#: Characters a context line holds at most (cut at a word).
MAX_CHARS = 400
#: Names (authors, column headings) taken from one field at most.
MAX_NAMES = 12
#: What :func:`indexed_identity` adds to an embedding identity's settings: vectors of texts
#: with the context line are not comparable with vectors of the texts alone. Change it when
#: :func:`context_line` changes what it writes.
CONTEXT_SETTING = "context-line-v1"


def _names(value: object) -> list[str]:
    """The ``; ``-separated names of a record field, without blanks and repeats."""
    out: list[str] = []
    for part in str(value or "").split(";"):
        name = " ".join(part.split())
        if name and name not in out:
            out.append(name)
    return out[:MAX_NAMES]


def _page(record: Mapping[str, object]) -> str:
    label = " ".join(str(record.get("page_range") or "").split())  # (one line, whatever the record holds)
    if label:
        return label
    first, last = record.get("ssPage"), record.get("ssPageLast")
    if isinstance(first, int) and first > 0:
        return str(first) if not isinstance(last, int) or last <= first else f"{first}-{last}"
    return ""


def context_line(record: Mapping[str, object]) -> str:
    """The context line of a chunk from its dan record: title, section path, page, the
    column headings of its tables, the authors of its revisions and comments (each only
    when the record has it); ``""`` when there is nothing to say."""
    title = " ".join(str(record.get("ssTitle") or record.get("doc_title") or "").split())
    section = " ".join(str(record.get("section_path") or "").split())
    if title and (section == title or section.startswith(title + " > ")):
        section = section[len(title) + 3 :]  # (a document whose first heading is its title)
    parts = [p for p in (title, section) if p]
    page = _page(record)
    if page:
        parts.append(f"page {page}")
    for key, label in (("ssTableHeads", "columns: "), ("ssRevAuthors", "revised by: "), ("ssComAuthors", "comments by: ")):
        names = _names(record.get(key))
        if names:
            parts.append(label + ", ".join(names))
    line = " · ".join(parts)
    if len(line) > MAX_CHARS:
        cut = line.rfind(" ", 0, MAX_CHARS + 1)
        line = line[: cut if cut > 0 else MAX_CHARS].rstrip(" ·,")
    return line


def indexed_text(context: str, text: str) -> str:
    """What is indexed for a passage: its context line and its text (the text alone when the
    line is empty). Full text indexes the same tokens for ``""`` as for the text alone."""
    return f"{context} {text}" if context else text


def indexed_identity(identity: EmbeddingIdentity, index_context: bool) -> EmbeddingIdentity:
    """The identity of the vectors the store makes with ``identity``'s provider: with the
    context line, :data:`CONTEXT_SETTING` joins its settings (so a change reindexes)."""
    if not index_context:
        return identity
    settings = f"{identity.settings};{CONTEXT_SETTING}" if identity.settings else CONTEXT_SETTING
    return EmbeddingIdentity(identity.model, identity.dimensions, settings)
