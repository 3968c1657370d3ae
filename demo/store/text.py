"""Untrusted strings the store accepts: names, file names, queries, filter keys; and locators."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from demo.store.errors import InvalidRequestError

__all__ = [
    "MAX_QUERY_CHARS",
    "check_filter_key",
    "clean_file_name",
    "clean_name",
    "clean_query",
    "locator",
    "query_terms",
    "shown_section",
]

MAX_QUERY_CHARS = 4000
MAX_NAME_CHARS = 200
MAX_FILE_NAME_CHARS = 255
MAX_QUERY_TERMS = 32

_SURROGATE = re.compile("[\ud800-\udfff]")
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_WORD = re.compile(r"[^\W_]+")
_FILTER_KEY = re.compile(r"^[A-Za-z_][A-Za-z0-9_]{0,63}$")
# Words that carry no meaning in a question; dropped from keyword queries unless nothing else is left.
_STOP = frozenset(
    """a about above after again against all am an and any are as at be because been before being below
    between both but by can could did do does doing down during each few for from further had has
    have having he her here hers herself him himself his how i if in into is it its itself just me
    more most my myself no nor not now of off on once only or other our ours ourselves out over own
    same she should so some such than that the their theirs them themselves then there these they
    this those through to too under until up very was we were what when where which while who whom
    why will with would you your yours yourself yourselves please""".split()  # noqa: SIM905
)


def _repair(text: str) -> str:
    text = _SURROGATE.sub("\ufffd", text)
    return unicodedata.normalize("NFC", text)


def clean_name(name: object, what: str = "collection name") -> str:
    """A display name: 1–200 characters once trimmed, no control characters."""
    if not isinstance(name, str):
        raise InvalidRequestError(f"the {what} must be a str, got {type(name).__name__}")
    name = _CONTROL.sub(" ", _repair(name)).strip()
    name = re.sub(r"\s+", " ", name)
    if not name:
        raise InvalidRequestError(f"the {what} is empty: give it a name")
    if len(name) > MAX_NAME_CHARS:
        raise InvalidRequestError(f"the {what} has {len(name)} characters: use at most {MAX_NAME_CHARS}")
    return name


def clean_file_name(name: object) -> str:
    """A file's base name: no directories, no control characters, 1–255 characters."""
    if not isinstance(name, str):
        raise InvalidRequestError(f"the file name must be a str, got {type(name).__name__}")
    name = _repair(name).strip()
    if "/" in name or "\\" in name:
        raise InvalidRequestError(f"the file name {name!r} holds a directory: give the base name only (report.docx)")
    if _CONTROL.search(name):
        raise InvalidRequestError(f"the file name {name!r} holds control characters: rename the file")
    if not name or name in (".", ".."):
        raise InvalidRequestError("the file name is empty: give the file's name, e.g. report.docx")
    if len(name) > MAX_FILE_NAME_CHARS:
        raise InvalidRequestError(f"the file name has {len(name)} characters: use at most {MAX_FILE_NAME_CHARS}")
    return name


def clean_query(query: object, what: str = "query") -> str:
    """A search query (``what="question"``: a question): a str of 1–4,000 characters; lone
    surrogates repaired, control characters (NUL included) become spaces. The errors name it
    as ``what``."""
    if not isinstance(query, str):
        raise InvalidRequestError(f"the {what} must be a str, got {type(query).__name__}")
    if len(query) > MAX_QUERY_CHARS:
        raise InvalidRequestError(
            f"the {what} has {len(query):,} characters: use at most {MAX_QUERY_CHARS:,}"
            + (" (ask a shorter question)" if what == "question" else " (search for fewer words)")
        )
    query = _CONTROL.sub(" ", _repair(query)).strip()
    if not query:
        raise InvalidRequestError(
            "the question is empty: type a question" if what == "question" else "the query is empty: type what to search for"
        )
    return query


def query_terms(query: str) -> list[str]:
    """The words of a query for full-text search: letters and digits only (so no query syntax
    can pass), lowercased, distinct, stopwords dropped unless only stopwords remain, at most 32."""
    words = [w.lower() for w in _WORD.findall(query)]
    distinct = list(dict.fromkeys(words))
    content = [w for w in distinct if w not in _STOP]
    return (content or distinct)[:MAX_QUERY_TERMS]


def check_filter_key(key: object) -> str:
    """A record field name usable in a filter: an identifier of at most 64 characters."""
    if not isinstance(key, str) or not _FILTER_KEY.match(key):
        raise InvalidRequestError(
            f"filter field {key!r} is not a record field name (letters, digits and '_', e.g. ssSect or ssType)"
        )
    return key


def shown_section(title: str, section_path: str) -> str:
    """A section path as a citation shows it: without the title it starts with (a document
    whose title is its first heading), and empty when it is only the title."""
    if title:
        section_path = section_path.removeprefix(title + " > ")
    return "" if section_path == title else section_path


def locator(record: Mapping[str, object], file_name: str = "") -> str:
    """A human citation of a chunk: ``title · section · p. N`` (``(est.)`` when pages are
    estimated); the title is not said twice when the section path starts with it."""
    parts = []
    title = str(record.get("ssTitle") or file_name or "")
    if title:
        parts.append(title)
    section = shown_section(title, str(record.get("section_path") or ""))
    if section:
        parts.append(section)
    kind = str(record.get("ssType") or "body")
    if kind != "body":
        parts.append(kind)
    page = record.get("page_range") or record.get("ssPage")
    if page not in (None, ""):
        est = " (est.)" if record.get("ssPageKind") == "estimated" else ""
        parts.append(f"p. {page}{est}")
    return " · ".join(parts)
