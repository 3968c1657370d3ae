"""Flat metadata records, one per chunk (the fields are described in ``docs/metadata.md``)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence

from attrs import frozen

from dan.pipeline.chunker import Chunk, starts_table_run
from dan.pipeline.citation import page_range
from dan.errors import DanError
from dan.fields import ChunkField
from dan.pipeline.inline import current_text
from dan.names import Names
from dan.pipeline.references import (
    caption_tables,
    common_labels,
    heading_labels,
    label_key,
    mentions_each,
    paragraph_label,
    resolve,
)
from dan.pipeline.render import phrase
from dan.pipeline.units import CODE, HEADING, ITEM, PARA, ROW, Unit
from ven import schema as S
from ven.schema import LIST_SEP, escape_item, join_list

__all__ = [
    "NamesHook",
    "RecordContext",
    "build_records",
    "json_size_bound",
    "MAX_FIELD_CHARS",
    "MAX_RECORD_BYTES",
    "plain_sample",
]

#: Characters a phrase field may hold.
MAX_FIELD_CHARS = 1000
#: Bytes (UTF-8 JSON) a record stays under, ``user_meta`` aside.
MAX_RECORD_BYTES = 8000
#: Units whose text may mention a label (headings carry labels, they do not refer).
_MENTIONING = frozenset({PARA, ITEM, ROW})
_SENTENCE_END = re.compile(r"(?<=[.!?。！？])\s+")

NamesHook = Callable[[str, int, str], "Names | None"]


@frozen(slots=True, kw_only=True)
class RecordContext:
    """What every record of a document shares (keyword arguments only)."""

    doc_id: str
    title: str
    page_kind: str
    labels: Mapping[ChunkField, str]
    user_meta: Mapping[str, str | int]
    names: NamesHook | None
    top_level: int


def _bounded(items: Sequence[str], limit: int = MAX_FIELD_CHARS) -> str:
    """join_list of phrases (each ≤ 100 chars), stopping before the field passes ``limit``.

    Phrases are collapsed and stripped already, and kept once (case-insensitively): what
    join_list would do to them is only to escape and join them, so that is done here.
    """
    if not items:  # (most phrase fields of most chunks)
        return ""
    kept: list[str] = []
    seen: set[str] = set()
    length = 0
    for item in items:
        p = phrase(item)
        key = p.casefold()
        if not p or key in seen:
            continue
        written = escape_item(p)
        size = len(written) + (2 if kept else 0)
        if length + size > limit:
            break
        seen.add(key)
        kept.append(written)
        length += size
    return LIST_SEP.join(kept)


def plain_sample(texts: Iterable[str], limit: int = 300) -> str:
    """The first sentences of ``texts`` up to ``limit`` characters (cut at a word if one is
    longer)."""
    # The sample depends only on a prefix of the collapsed text: its first limit + 1
    # characters for the whole sentences that fit, 4 * limit + 66 for phrase()'s window
    # when none does. Collapse the texts only until that much is there.
    collapsed = (c for c in (" ".join(t.split()) for t in texts) if c)
    parts: list[str] = []
    size = _gather(parts, collapsed, -1, limit + 2)
    text = " ".join(parts)
    if len(text) <= limit:
        return text
    # The whole sentences that fit: the text up to the last sentence end at or before the
    # limit (the text is collapsed: a sentence end is a single space after . ! ? 。！？).
    end = 0
    for found in _SENTENCE_END.finditer(text, 0, limit + 1):
        end = found.start()
    if end:
        return text[:end]
    # (no sentence fits: phrase() cuts a longer window at a word)
    _gather(parts, collapsed, size, 4 * limit + 66)
    return phrase(" ".join(parts), limit)


def _current(unit: Unit) -> str:
    """A paragraph's text as it reads with tracked changes accepted (the plain sample's)."""
    return current_text(unit.pieces) if unit.pieces else unit.plain


def _gather(parts: list[str], texts: Iterator[str], size: int, bound: int) -> int:
    """Move texts from ``texts`` to ``parts`` while ``size`` (their length joined by spaces,
    less one) is below ``bound``; the new size."""
    while size < bound:
        text = next(texts, None)
        if text is None:
            break
        parts.append(text)
        size += len(text) + 1
    return size


def _names(ctx: RecordContext, seq: int, plain: str) -> Names:
    if ctx.names is None:
        return Names()
    try:
        result = ctx.names(ctx.title, seq, plain)
    except Exception as exc:
        exc.add_note(f"raised by the names hook for chunk {seq} of document {ctx.doc_id}")
        raise
    if result is None:
        return Names()
    if not isinstance(result, Names):
        raise DanError(
            f"the names hook returned {type(result).__name__} for chunk {seq}: "
            "return dan.Names or None"
        )
    return result


#: A list or table whose internal links point at more anchors than this is navigation (a
#: table of contents, a menu), and so is an anchor that more chunks than this link to (a
#: "back to top" target): neither link is a reference.
MAX_NAV_LINKS = 8


def _link_mentions(linked: Sequence[Sequence[tuple[str, str]]], mentioned: list[list[str]]) -> None:
    """Add each chunk's internal links (``linked[i]``: its units' group and target) to its
    mentions as ``#target``, leaving out navigation (:data:`MAX_NAV_LINKS`)."""
    targets_of: dict[str, set[str]] = {}
    chunks_of: dict[str, set[int]] = {}
    for i, links in enumerate(linked):
        for group, target in links:
            if group:
                targets_of.setdefault(group, set()).add(target)
            chunks_of.setdefault(target, set()).add(i)
    menus = {g for g, targets in targets_of.items() if len(targets) > MAX_NAV_LINKS}
    for i, links in enumerate(linked):
        for group, target in links:
            if group not in menus and len(chunks_of[target]) <= MAX_NAV_LINKS:
                label = "#" + target
                if label not in mentioned[i]:
                    mentioned[i].append(label)


#: The first characters of labels kept only where something refers to them: an anchor
#: (``#fees``) and a note (``^1``).
_POINTED_AT = ("#", "^")


def _references(chunks: Sequence[Chunk]) -> tuple[list[list[str]], list[list[str]]]:
    """Each chunk's labels (clause numbers, named parts, captions, heading titles, ``#``
    and the anchors internal links point at) and its resolved references to other chunks'
    labels (:mod:`dan.pipeline.references`)."""
    every = [u for chunk in chunks for u in chunk.units]
    captions = caption_tables(
        [u.plain if u.kind == PARA else "" for u in every], [u.table or 0 for u in every]
    )
    of_heading: dict[str, list[str]] = {}
    carried: list[list[str]] = []
    mentioned: list[list[str]] = []
    #: per chunk: (the group of the unit holding it, the target) of each internal link
    chunk_links: list[list[tuple[str, str]]] = []
    for chunk in chunks:
        own: dict[str, None] = {}
        names: dict[str, None] = {}
        links: list[tuple[str, str]] = []
        last_path: tuple[str, ...] | None = None
        for u in chunk.units:
            path = u.path
            if path is not last_path and path != last_path:  # (a chunk's units share paths)
                last_path = path
                for h in path or ():
                    found = of_heading.get(h)
                    if found is None:
                        found = of_heading[h] = heading_labels(h)
                    own.update(dict.fromkeys(found))
            if u.kind in (PARA, ITEM):
                label = paragraph_label(u.plain)
                if label:
                    own[label] = None
            if u.table and u.table in captions:
                own[captions[u.table]] = None
            if u.note:  # a footnote's or endnote's text: the label of its [^1] marker
                own["^" + u.note] = None
            if u.note_refs:
                names.update(dict.fromkeys("^" + n for n in u.note_refs))
            if u.anchors:
                own.update(dict.fromkeys("#" + a for a in u.anchors))
            if u.links:
                links.extend((u.group, x) for x in u.links)
        for found in mentions_each([u.plain for u in chunk.units if u.kind in _MENTIONING]):
            names.update(dict.fromkeys(found))
        carried.append(list(own))
        chunk_links.append(links)
        mentioned.append(list(names))
    if any(chunk_links):
        _link_mentions(chunk_links, mentioned)
    everywhere = common_labels(carried)
    if everywhere:
        carried = [[x for x in own if label_key(x) not in everywhere] for own in carried]
    refs = resolve(carried, mentioned)
    if any(x[:1] in _POINTED_AT for own in carried for x in own):
        # an anchor or a note is a label only where a link or a marker points at it (ids
        # are mostly styling hooks)
        linked = {label_key(x) for found in refs for x in found if x[:1] in _POINTED_AT}
        carried = [
            [x for x in own if x[:1] not in _POINTED_AT or label_key(x) in linked]
            for own in carried
        ]
    return carried, refs


def build_records(chunks: Sequence[Chunk], ctx: RecordContext) -> list[dict[str, str | int]]:
    """One flat record per chunk, names hook called once per chunk in ``ssSeq`` order."""
    n = len(chunks)
    labels = ctx.labels
    records: list[dict[str, str | int]] = []
    top = ctx.top_level
    carried, refs = _references(chunks)
    # (the citation labels' keys once: an enum member's hash is computed in Python)
    lab_title = labels[ChunkField.DOC_TITLE]
    lab_path = labels[ChunkField.SECTION_PATH]
    lab_pages = labels[ChunkField.PAGE_RANGE]
    lab_type = labels[ChunkField.CHUNK_TYPE]
    lab_table = labels[ChunkField.HAS_TABLE]
    lab_revs = labels[ChunkField.HAS_REVISIONS]
    lab_coms = labels[ChunkField.HAS_COMMENTS]
    for seq, chunk in enumerate(chunks):
        units = chunk.units
        revs: dict[str, str] = {}
        coms: dict[str, tuple[str, ...]] = {}
        bold: list[str] = []
        italic: list[str] = []
        fields: list[str] = []
        tables: set[int] = set()
        heads: list[str] = []
        lists: list[str] = []
        headings: list[str] = []
        paras: list[Unit] = []  # (paragraphs and code: their text read only as needed)
        rows: list[str] = []
        for u in units:
            f = u.facts
            if f is not None and (f.revisions or f.comments or f.bold or f.italic or f.fields):
                for key, author in f.revisions.items():
                    revs.setdefault(key, author)
                for key, thread in f.comments.items():
                    coms.setdefault(key, thread)
                bold.extend(f.bold)
                italic.extend(f.italic)
                fields.extend(f.fields)
            if u.table and u.table not in tables:
                # (every unit of a table has its heads: taken once, as _bounded keeps
                # only the first of equal phrases)
                tables.add(u.table)
                heads.extend(u.table_heads)
            if u.kind == ROW:
                rows.append(u.plain)
            elif u.kind == HEADING:
                rel = u.level - top + 1 if top else u.level
                if not u.cont and 1 <= rel <= 3:
                    headings.append("#" * rel + " " + u.heading)
            elif u.kind == ITEM:
                lists.append(u.list_text)
            elif u.kind in (PARA, CODE):
                paras.append(u)
        plain = "\n\n".join(u.plain for u in units)
        names = _names(ctx, seq, plain)
        rec: dict[str, str | int] = {
            S.DOC_ID: ctx.doc_id,
            S.TITLE: ctx.title,
            S.SEQ: seq,
            S.COUNT: n,
            S.TOKENS: chunk.tokens,
            S.TYPE: units[0].story,
            S.PAGE: chunk.page,
            S.PAGE_LAST: chunk.page_last,
            S.PAGE_KIND: ctx.page_kind,
            S.SECT: units[0].section,
            S.SECT_LAST: max(u.section for u in units),
            S.TABLES: join_list(str(t) for t in sorted(tables)),
            S.REVS: len(revs),
            S.REV_AUTHORS: join_list(revs.values()),
            S.COMS: len(coms),
            S.COM_AUTHORS: join_list(a for thread in coms.values() for a in thread),
            S.HEADINGS: _bounded(headings),
            S.BOLD: _bounded(bold),
            S.ITALIC: _bounded(italic),
            S.PLAIN: plain_sample(map(_current, paras) if paras else rows),
            S.TABLE_HEADS: _bounded(heads),
            S.LISTS: _bounded(lists),
            S.FIELDS: _bounded(fields),
            S.PERSONS: _bounded(names.persons),
            S.ORGS: _bounded(names.orgs),
            S.PLACES: _bounded(names.places),
            S.TERMS: _bounded(names.terms),
            S.LABELS: _bounded(carried[seq]),
            S.REFS: _bounded(refs[seq]),
            lab_title: ctx.title,
            lab_path: " > ".join(units[0].path),
            lab_pages: page_range(chunk.page, chunk.page_last),
            lab_type: units[0].story,
            lab_table: "yes" if tables else "no",
            lab_revs: "yes" if revs else "no",
            lab_coms: "yes" if coms else "no",
        }
        compact = [
            str(u.table)
            for prev, u in zip([None, *units[:-1]], units)
            if u.head_compact and starts_table_run(prev, u)
        ]
        if compact:  # (written only when the chunk repeats a compact header)
            rec[S.COMPACT_HEADS] = join_list(compact)
        _fit_record(rec)
        rec.update(ctx.user_meta)
        records.append(rec)
    return records


_TRIMMABLE = (
    S.PLAIN,
    S.LABELS,
    S.REFS,
    S.LISTS,
    S.ITALIC,
    S.BOLD,
    S.TABLE_HEADS,
    S.FIELDS,
    S.TERMS,
    S.PLACES,
    S.ORGS,
    S.PERSONS,
    S.HEADINGS,
)


def json_size_bound(rec: Mapping[str, str | int]) -> int:
    """An upper bound of ``len(json.dumps(rec, ensure_ascii=False).encode("utf-8"))``.

    A string of printable characters takes its UTF-8 length there plus one byte for each
    ``"`` and ``\\`` (the only printable characters JSON escapes), and 2 for its quotes; any
    other string at most 6 bytes a character (``\\u001f``; UTF-8 needs at most 4) and 2. A
    number takes at most its ``str`` and 8; each item 4 more (``": "`` and ``", "``), and the
    braces 2.
    """
    size = 2
    for key, value in rec.items():
        size += _str_bound(key) + 4
        size += _str_bound(value) if type(value) is str else len(str(value)) + 8
    return size


def _str_bound(s: str) -> int:
    if s.isprintable():  # (no control character: none is written as \\u00XX)
        size = len(s) if s.isascii() else len(s.encode("utf-8", "surrogatepass"))
        return size + s.count('"') + s.count("\\") + 2
    return 6 * len(s) + 2


def _fit_record(rec: dict[str, str | int]) -> None:
    """Trim phrase fields (longest first, from the end) until the record is under 8 KB."""
    if json_size_bound(rec) < MAX_RECORD_BYTES:
        return  # (most records: far under, no need to write them out to know)
    size = len(json.dumps(rec, ensure_ascii=False).encode("utf-8"))
    while size >= MAX_RECORD_BYTES:
        name = max(_TRIMMABLE, key=lambda k: len(str(rec[k])))
        value = str(rec[name])
        if not value:
            break
        items = S.split_list(value) if name != S.PLAIN else ()
        rec[name] = join_list(items[:-1]) if len(items) > 1 else ""
        size = len(json.dumps(rec, ensure_ascii=False).encode("utf-8"))
