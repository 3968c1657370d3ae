"""The options of a conversion, as one frozen value: :class:`ConvertOptions`.

Every conversion option is spelled here once. :func:`dan.convert`, :func:`dan.convert_string`,
:class:`dan.Dan`, :func:`dan.convert_many`, the ``dan`` command and the demo store build one
``ConvertOptions`` (from keywords, or take one given whole) and pass it down; each field is
checked when the value is built, so a wrong option fails before any file is read.
:data:`OPTION_NAMES` is the list of them (what a batch passes on to every file), and
:class:`OptionKwargs` types the keyword form of the public functions.

What names one document (``doc_id``, ``doc_title``, ``filename``) is not an option: it is an
argument of the call that converts that document.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

import attrs
from attrs import field, frozen

from dan.detect import normalize_doc_type
from dan.errors import DanError
from dan.fields import ChunkField, validate_labels
from dan.limits import Limits
from dan.readers.options import ReadOptions
from dan.pipeline.records import NamesHook
from dan.textclean import clean_text

__all__ = [
    "MIN_MAX_TOKENS",
    "OPTION_NAMES",
    "ConvertOptions",
    "OptionKwargs",
    "UnknownOptionError",
    "build_options",
    "check_max_tokens",
    "check_page",
    "check_user_meta",
]

MIN_MAX_TOKENS = 16


class UnknownOptionError(DanError, TypeError):
    """A keyword that is not a conversion option (also a ``TypeError``, as Python raises for
    an unexpected keyword argument)."""


def check_user_meta(
    user_meta: Mapping[str, Any] | None, labels: Mapping[ChunkField, str]
) -> dict[str, str | int]:
    """``user_meta`` checked against the field labels, its text cleaned; ``{}`` for None."""
    if user_meta is None:
        return {}
    if not isinstance(user_meta, Mapping):
        raise DanError(
            f"user_meta must be a mapping of str to str/int, got {type(user_meta).__name__}"
        )
    label_set = set(labels.values())
    out: dict[str, str | int] = {}
    for key, value in user_meta.items():
        if not isinstance(key, str) or not key:
            raise DanError(f"user_meta key {key!r} must be a non-empty str")
        if key.startswith("ss"):
            raise DanError(
                f"user_meta key {key!r} must not start with 'ss' (reserved for fixed fields)"
            )
        if key in label_set:
            raise DanError(
                f"user_meta key {key!r} clashes with a chunk information field label: rename it"
            )
        if isinstance(value, bool):
            out[key] = "yes" if value else "no"
        elif isinstance(value, int):
            out[key] = int(value)
        elif isinstance(value, str):
            out[key] = clean_text(value)
        else:
            raise DanError(
                f"user_meta[{key!r}] is {type(value).__name__}: values must be str or int"
            )
    return out


def check_max_tokens(max_tokens: object) -> int:
    """``max_tokens`` when it is an int of at least :data:`MIN_MAX_TOKENS`, else ``DanError``."""
    if isinstance(max_tokens, bool) or not isinstance(max_tokens, int):
        raise DanError(f"max_tokens must be an int, got {max_tokens!r}")
    if max_tokens < MIN_MAX_TOKENS:
        raise DanError(f"max_tokens={max_tokens} is too small: use at least {MIN_MAX_TOKENS}")
    return max_tokens


def check_page(name: str, value: object) -> int | None:
    """A 1-based page number or None, else ``DanError``."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int):
        raise DanError(f"{name} must be an int (1-based page number) or None, got {value!r}")
    if value < 1:
        raise DanError(f"{name}={value}: page numbers are 1-based, like the ones people cite")
    return value


def _max_tokens(_i: object, _a: object, value: object) -> None:
    check_max_tokens(value)


def _page(_i: object, attribute: Any, value: object) -> None:
    check_page(attribute.name, value)


def _flag(_i: object, attribute: Any, value: object) -> None:
    if not isinstance(value, bool):
        raise DanError(f"{attribute.name} must be True or False, got {value!r}")


def _doc_type(value: object) -> str | None:
    return None if value is None else normalize_doc_type(value)  # type: ignore[arg-type]


def _limits(value: object) -> Limits:
    if value is None:
        return Limits()
    if not isinstance(value, Limits):
        raise DanError(f"limits must be a dan.Limits, got {type(value).__name__}")
    return value


def _labels(value: Mapping[ChunkField | str, str] | None) -> dict[ChunkField, str]:
    if value is not None and not isinstance(value, Mapping):
        raise DanError(
            f"field_labels must be a mapping of ChunkField to label, got {type(value).__name__}"
        )
    return validate_labels(value)


def _meta(value: Mapping[str, Any] | None) -> dict[str, Any] | None:
    if value is None:
        return None
    if not isinstance(value, Mapping):
        raise DanError(f"user_meta must be a mapping of str to str/int, got {type(value).__name__}")
    return dict(value)


def _names(_i: object, _a: object, value: Any) -> None:
    if value is not None and not callable(value):
        raise DanError(
            f"names must be a callable (doc_title, chunk_index, plain_text) -> Names, got {value!r}"
        )


@frozen(slots=True, kw_only=True, eq=True, hash=False)
class ConvertOptions:
    """How to convert: one frozen value, checked when built, passed down unchanged.

    ``ConvertOptions(max_tokens=512, ocr="off")`` can be given to :func:`dan.convert`,
    :func:`dan.convert_string`, :class:`dan.Dan` and :func:`dan.convert_many` as
    ``options=``; keywords given beside it replace its fields for that call.
    """

    #: Token limit per chunk (o200k), at least 16.
    max_tokens: int = field(default=1024, validator=_max_tokens)
    #: The format (``"docx"``, ``"md"``...; normalised), or None to detect it.
    doc_type: str | None = field(default=None, converter=_doc_type)
    #: Fields added to every record (str or int values; keys not ``ss...`` nor a label).
    user_meta: Mapping[str, Any] | None = field(default=None, converter=_meta)
    #: The names hook: ``(doc_title, chunk_index, plain_text) -> Names | None``.
    names: NamesHook | None = field(default=None, validator=_names)
    #: First page to convert (1-based), or None for the start.
    first_page: int | None = field(default=None, validator=_page)
    #: Last page to convert (inclusive), or None for the end.
    last_page: int | None = field(default=None, validator=_page)
    #: Resource limits (None: the defaults).
    limits: Limits = field(factory=Limits, converter=_limits)
    #: Labels of the chunk information fields (every field; overrides given are merged in).
    field_labels: Mapping[ChunkField, str] = field(factory=dict, converter=_labels)
    #: HTML: keep a web page's main content only (True), the whole page (False), or decide.
    main_content: bool | None = None
    #: Write hyperlinks as ``[text](url)`` (True) or as their text only.
    link_targets: bool = field(default=True, validator=_flag)
    #: Let short top-level sections share a chunk.
    join_sections: bool = field(default=False, validator=_flag)
    #: Keep a workbook's hidden sheets, rows and columns.
    keep_hidden: bool = field(default=False, validator=_flag)
    #: ``"auto"``: OCR when the ``ocr`` extra is installed; ``"off"``: never.
    ocr: str = "auto"

    def __attrs_post_init__(self) -> None:
        _ = self.read_options  # (ReadOptions checks main_content, link_targets, keep_hidden, ocr)
        check_user_meta(self.user_meta, self.field_labels)

    @property
    def read_options(self) -> ReadOptions:
        """What the readers are asked (the reader-facing part of these options)."""
        return ReadOptions(
            main_content=self.main_content,
            link_targets=self.link_targets,
            keep_hidden=self.keep_hidden,
            ocr=self.ocr,
        )


#: The conversion options, in :class:`ConvertOptions`' order.
OPTION_NAMES: tuple[str, ...] = tuple(a.name for a in attrs.fields(ConvertOptions))


class OptionKwargs(TypedDict, total=False):
    """The keyword form of :class:`ConvertOptions` (``**options: Unpack[OptionKwargs]``),
    but for ``doc_type``, which :func:`dan.convert` takes as its second argument;
    ``tests/dan/test_options.py`` keeps its keys equal to :data:`OPTION_NAMES`."""

    max_tokens: int
    user_meta: Mapping[str, Any] | None
    names: NamesHook | None
    first_page: int | None
    last_page: int | None
    limits: Limits | None
    field_labels: Mapping[ChunkField | str, str] | None
    main_content: bool | None
    link_targets: bool
    join_sections: bool
    keep_hidden: bool
    ocr: str


def build_options(
    options: ConvertOptions | None, keywords: Mapping[str, Any], who: str = "convert"
) -> ConvertOptions:
    """``options`` (or the defaults) with ``keywords`` replacing its fields; ``who`` names the
    function in the error for a keyword that is not an option."""
    if options is not None and not isinstance(options, ConvertOptions):
        raise DanError(f"options must be a dan.ConvertOptions, got {type(options).__name__}")
    unknown = sorted(set(keywords) - set(OPTION_NAMES))
    if unknown:
        raise UnknownOptionError(
            f"{who}() got unknown option(s) {', '.join(unknown)}: "
            f"the options are {', '.join(OPTION_NAMES)}"
        )
    if options is None:
        return ConvertOptions(**keywords)
    if not keywords:
        return options
    return attrs.evolve(options, **keywords)
