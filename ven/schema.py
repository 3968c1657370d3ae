"""The metadata record schema: the one contract between ``dan`` and ``ven``.

Every fixed field name is defined here, once; ``dan`` imports these names. A record is a
flat mapping whose values are ``str`` or ``int``; lists are stored as one string written
by :func:`join_list` and read back by :func:`split_list`.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

__all__ = [
    "LIST_SEP",
    "escape_item",
    "DOC_ID",
    "TITLE",
    "SEQ",
    "COUNT",
    "TOKENS",
    "TYPE",
    "PAGE",
    "PAGE_LAST",
    "PAGE_KIND",
    "SECT",
    "SECT_LAST",
    "TABLES",
    "COMPACT_HEADS",
    "REVS",
    "REV_AUTHORS",
    "COMS",
    "COM_AUTHORS",
    "HEADINGS",
    "BOLD",
    "ITALIC",
    "PLAIN",
    "TABLE_HEADS",
    "LISTS",
    "FIELDS",
    "PERSONS",
    "ORGS",
    "PLACES",
    "TERMS",
    "LABELS",
    "REFS",
    "REFERENCE_FIELDS",
    "REQUIRED_FIELDS",
    "INT_FIELDS",
    "STR_FIELDS",
    "PHRASE_FIELDS",
    "OPTIONAL_FIELDS",
    "OPTIONAL_INT_FIELDS",
    "FIXED_FIELDS",
    "STORY_TYPES",
    "LIST_FIELDS",
    "as_lists",
    "from_lists",
    "join_list",
    "json_schema",
    "label_key",
    "split_list",
]

DOC_ID = "ssDocId"
TITLE = "ssTitle"
SEQ = "ssSeq"
COUNT = "ssCount"
TOKENS = "ssTokens"
TYPE = "ssType"
PAGE = "ssPage"
PAGE_LAST = "ssPageLast"
PAGE_KIND = "ssPageKind"
SECT = "ssSect"
SECT_LAST = "ssSectLast"
TABLES = "ssTables"
COMPACT_HEADS = "ssCompactHeads"
REVS = "ssRevs"
REV_AUTHORS = "ssRevAuthors"
COMS = "ssComs"
COM_AUTHORS = "ssComAuthors"
HEADINGS = "ssHeadings"
BOLD = "ssBold"
ITALIC = "ssItalic"
PLAIN = "ssPlain"
TABLE_HEADS = "ssTableHeads"
LISTS = "ssLists"
FIELDS = "ssFields"
PERSONS = "ssPersons"
ORGS = "ssOrgs"
PLACES = "ssPlaces"
TERMS = "ssTerms"
LABELS = "ssLabels"
REFS = "ssRefs"

#: Fields every record must carry for ``ven.Ven`` to accept it.
REQUIRED_FIELDS: tuple[str, ...] = (
    DOC_ID,
    TITLE,
    SEQ,
    COUNT,
    TOKENS,
    TYPE,
    PAGE,
    PAGE_LAST,
    SECT,
    TABLES,
    REVS,
    REV_AUTHORS,
    COMS,
    COM_AUTHORS,
)
#: Fixed fields whose value is an ``int``.
INT_FIELDS: frozenset[str] = frozenset(
    {SEQ, COUNT, TOKENS, PAGE, PAGE_LAST, SECT, SECT_LAST, REVS, COMS}
)
#: Key-phrase fields, in the order ``dan`` writes them (the index document's grouping is
#: ``ven``'s, in :mod:`ven.phrases`).
PHRASE_FIELDS: tuple[str, ...] = (
    HEADINGS,
    BOLD,
    ITALIC,
    PLAIN,
    TABLE_HEADS,
    LISTS,
    FIELDS,
    PERSONS,
    ORGS,
    PLACES,
    TERMS,
)
#: Cross-reference fields: the labels a chunk carries (its clause numbers, named parts,
#: captions and heading titles) and the labels of other chunks its text refers to.
REFERENCE_FIELDS: tuple[str, ...] = (LABELS, REFS)
#: Fixed fields holding a list, written as one string (:func:`join_list`).
LIST_FIELDS: tuple[str, ...] = (
    TABLES,
    REV_AUTHORS,
    COM_AUTHORS,
    *PHRASE_FIELDS,
    *REFERENCE_FIELDS,
    COMPACT_HEADS,
)
#: Fixed str fields a record may omit (missing is read as ``""``).
OPTIONAL_FIELDS: tuple[str, ...] = (PAGE_KIND, *PHRASE_FIELDS, *REFERENCE_FIELDS, COMPACT_HEADS)
#: Fixed int fields a record may omit: ``ssSectLast`` (missing is read as ``ssSect``).
OPTIONAL_INT_FIELDS: tuple[str, ...] = (SECT_LAST,)
#: Every fixed field, in the order ``dan`` writes them.
FIXED_FIELDS: tuple[str, ...] = (
    DOC_ID,
    TITLE,
    SEQ,
    COUNT,
    TOKENS,
    TYPE,
    PAGE,
    PAGE_LAST,
    PAGE_KIND,
    SECT,
    SECT_LAST,
    TABLES,
    REVS,
    REV_AUTHORS,
    COMS,
    COM_AUTHORS,
    *PHRASE_FIELDS,
    *REFERENCE_FIELDS,
    COMPACT_HEADS,
)
#: Fixed fields whose value is a ``str``.
STR_FIELDS: frozenset[str] = frozenset(FIXED_FIELDS) - INT_FIELDS
#: The chunk types ``dan`` writes in ``ssType``, in ``ssSeq`` order.
STORY_TYPES: tuple[str, ...] = ("body", "header", "footer", "footnote")

#: What :func:`join_list` writes between items.
LIST_SEP = "; "


def escape_item(item: str) -> str:
    """One item as :func:`join_list` writes it: ``\\`` as ``\\\\``, ``;`` as ``\\;``
    (the item already collapsed and stripped).

    >>> escape_item("R&D; Sales")
    'R&D\\\\; Sales'
    """
    return item.replace("\\", "\\\\").replace(";", "\\;")


def join_list(items: Iterable[str]) -> str:
    """Write a list of strings as one record value.

    Whitespace runs collapse to one space, items are stripped, empty items and
    case-insensitive duplicates are dropped (first occurrence kept), ``\\`` is written
    ``\\\\`` and ``;`` as ``\\;``, and the items are joined with ``"; "``.
    The empty list is ``""``.

    >>> join_list(["Alice", " alice ", "R&D; Sales", ""])
    'Alice; R&D\\\\; Sales'
    """
    if isinstance(items, (str, bytes)):
        raise TypeError("join_list takes an iterable of strings, not a single string")
    out: list[str] = []
    seen: set[str] = set()
    for item in items:
        if not isinstance(item, str):
            raise TypeError(f"join_list items must be str, got {type(item).__name__}")
        norm = " ".join(item.split())
        if not norm:
            continue
        key = norm.casefold()
        if key in seen:
            continue
        seen.add(key)
        out.append(escape_item(norm))
    return LIST_SEP.join(out)


def split_list(value: str) -> tuple[str, ...]:
    """Read a record value written by :func:`join_list` back into its items.

    Unescaped ``;`` separates items, ``\\;`` is a literal ``;`` and ``\\\\`` a literal
    ``\\``; items are stripped and empty items dropped. ``""`` is the empty tuple.

    >>> split_list('Alice; R&D\\\\; Sales')
    ('Alice', 'R&D; Sales')
    """
    if not isinstance(value, str):
        raise TypeError(f"split_list takes a str, got {type(value).__name__}")
    if not value:
        return ()
    if "\\" not in value:
        return tuple(p for p in (s.strip() for s in value.split(";")) if p)
    items: list[str] = []
    buf: list[str] = []
    i = 0
    n = len(value)
    while i < n:
        ch = value[i]
        if ch == "\\" and i + 1 < n and value[i + 1] in "\\;":
            buf.append(value[i + 1])
            i += 2
            continue
        if ch == ";":
            items.append("".join(buf))
            buf = []
        else:
            buf.append(ch)
        i += 1
    items.append("".join(buf))
    return tuple(p for p in (s.strip() for s in items) if p)


def as_lists(record: Mapping[str, object], drop_empty: bool = False) -> dict[str, object]:
    """A copy of ``record`` with every :data:`LIST_FIELDS` value a list of strings, for
    stores that filter on arrays (``{"ssComAuthors": ["Ann Lee", "Bob Roe"]}``); other
    fields are kept as they are. ``drop_empty`` leaves out the empty lists (Chroma refuses
    them). :func:`from_lists` turns it back.

    >>> as_lists({"ssSeq": 3, "ssComAuthors": "Ann Lee; Bob Roe", "ssTables": ""})
    {'ssSeq': 3, 'ssComAuthors': ['Ann Lee', 'Bob Roe'], 'ssTables': []}
    >>> as_lists({"ssSeq": 3, "ssTables": ""}, drop_empty=True)
    {'ssSeq': 3}
    """
    out = dict(record)
    for name in LIST_FIELDS:
        value = out.get(name)
        if isinstance(value, str):
            items = list(split_list(value))
            if items or not drop_empty:
                out[name] = items
            else:
                del out[name]
    return out


def from_lists(record: Mapping[str, object]) -> dict[str, object]:
    """The flat record again from one :func:`as_lists` made (lists joined with
    :func:`join_list`, a required list field left out as empty put back as ``""``), so
    ``ven.Ven`` can read records kept with lists.

    >>> from_lists({"ssSeq": 3, "ssComAuthors": ["Ann Lee", "Bob Roe"]})["ssComAuthors"]
    'Ann Lee; Bob Roe'
    """
    out = dict(record)
    for name in LIST_FIELDS:
        value = out.get(name)
        if isinstance(value, (list, tuple)):
            out[name] = join_list(str(item) for item in value)
        elif value is None and name in REQUIRED_FIELDS and DOC_ID in out:
            out[name] = ""
    return out


def label_key(label: str) -> str:
    """How cross-reference labels (``ssLabels``, ``ssRefs``) compare: case-folded, with
    whitespace runs as one space.

    >>> label_key("  Schedule   3 ") == label_key("schedule 3")
    True
    """
    return " ".join(label.split()).casefold()


_DESCRIPTIONS: dict[str, str] = {
    DOC_ID: "document id",
    TITLE: "document title",
    SEQ: "0-based chunk number: body chunks first in reading order, then header, footer and "
    "footnote chunks",
    COUNT: "number of chunks of the document",
    TOKENS: "exact o200k token count of the chunk's text, citation header included",
    TYPE: "the story: body, header, footer or footnote (another value is a story of its own)",
    PAGE: "first page the chunk covers (1-based)",
    PAGE_LAST: "last page the chunk covers (>= ssPage)",
    PAGE_KIND: "rendered (from the document's layout) or estimated; the same on every record",
    SECT: "1-based top-level section (the first, when the chunk spans several)",
    SECT_LAST: "last top-level section the chunk spans (>= ssSect; missing = ssSect)",
    TABLES: "ids of the tables the chunk holds rows of, '; '-joined",
    REVS: "tracked revisions with text in the chunk",
    REV_AUTHORS: "their authors, '; '-joined",
    COMS: "comments anchored in the chunk",
    COM_AUTHORS: "their authors (replies' authors included), '; '-joined",
    HEADINGS: "headings that start in the chunk, with Markdown hashes, '; '-joined",
    BOLD: "bold phrases, '; '-joined",
    ITALIC: "italic phrases, '; '-joined",
    PLAIN: "the chunk's first sentences, up to 300 characters",
    TABLE_HEADS: "column headings of the tables in the chunk, '; '-joined",
    LISTS: "list item text, '; '-joined",
    FIELDS: "fields as 'name data: value', '; '-joined",
    PERSONS: "people named (names hook), '; '-joined",
    ORGS: "organisations named (names hook), '; '-joined",
    PLACES: "places named (names hook), '; '-joined",
    TERMS: "terms (names hook), '; '-joined",
    LABELS: "cross-reference labels the chunk carries, '; '-joined",
    REFS: "labels of other chunks the chunk's text refers to, '; '-joined",
    COMPACT_HEADS: "ids of the tables (of ssTables) whose header the chunk repeats in compact "
    "form: column names only, a merged group named once, because the full header took more "
    "than a quarter of max_tokens; '; '-joined (missing = none)",
}
_AT_LEAST_ONE = frozenset({PAGE, PAGE_LAST, SECT, SECT_LAST})


def json_schema() -> dict[str, object]:
    """The record contract as a JSON Schema (draft 2020-12): the fixed fields with their types,
    bounds and meaning, which of them are required, and any other field (a chunk
    information label, ``user_meta``) as a ``str`` or an ``int``.

    Rules across fields or records (``ssPageLast >= ssPage``, one document per record set,
    ``ssSeq`` a permutation) are ``ven.Ven``'s to check; a schema cannot say them.

    >>> json_schema()["required"][:3]
    ['ssDocId', 'ssTitle', 'ssSeq']
    """
    props: dict[str, object] = {}
    for name in FIXED_FIELDS:
        if name in INT_FIELDS:
            prop: dict[str, object] = {
                "type": "integer",
                "minimum": 1 if name in _AT_LEAST_ONE else 0,
                "maximum": 2**31 - 1,
            }
        else:
            prop = {"type": "string"}
        if name == PAGE_KIND:
            prop["enum"] = ["rendered", "estimated"]
        prop["description"] = _DESCRIPTIONS[name]
        props[name] = prop
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "dan + ven chunk record",
        "description": "One flat metadata record per chunk: every value a str or an int. "
        "Lists are one string, items joined with '; ' (ven.join_list / ven.split_list).",
        "type": "object",
        "properties": props,
        "required": list(REQUIRED_FIELDS),
        "additionalProperties": {"type": ["string", "integer"]},
    }
