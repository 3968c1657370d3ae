"""The public conversion API: :class:`Dan`, :func:`convert`, :func:`convert_string`,
:class:`DanResult`.

Pipeline: bytes → format detection → reader → document model → renderer (units) →
pagination → chunker → records. Import does everything up to pagination; ``get_markdown``
chunks a page range and builds the records, so one import serves several ranges.
"""

from __future__ import annotations

import contextvars
import hashlib
import logging
import os
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, Unpack

import attrs
from attrs import field, frozen

from dan import model as m
from dan.pipeline.chunker import Chunker
from dan.detect import detect
from dan.errors import DanError, DocumentNotFoundError, InputTooLargeError
from dan.fields import ChunkField, validate_labels
from dan.gcpause import gc_paused
from dan.limits import Limits
from dan.options import (
    MIN_MAX_TOKENS,
    ConvertOptions,
    OptionKwargs,
    build_options,
    check_page,
    check_user_meta,
)
from dan.pipeline.pagination import paginate
from dan.pipeline.records import NamesHook, RecordContext, build_records
from dan.pipeline.render import phrase, render_document
from dan.system_message import system_message
from dan.readers import ReadOptions, reader_for
from dan.textclean import clean_text
from dan.tokenizer import count_tokens
from dan.pipeline.units import Unit
from ven.routing import is_doc_id, is_reserved_id

__all__ = [
    "MIN_MAX_TOKENS",
    "ConvertOptions",
    "Dan",
    "DanResult",
    "convert",
    "convert_string",
    "NamesHook",
    "derive_doc_id",
    "check_doc_id",
]

log = logging.getLogger("dan")
#: True while the caller reports each result's warnings itself, so the converter does not
#: log them: the batch option probe (nothing worth reporting) and the LangChain loader (which
#: logs them with the file's path).
CALLER_REPORTS_WARNINGS: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "dan_caller_reports_warnings", default=False
)


def derive_doc_id(data: bytes) -> str:
    """The content-derived document id: ``D`` + 15 uppercase hex digits of SHA-256."""
    return "D" + hashlib.sha256(data).hexdigest()[:15].upper()


def check_doc_id(doc_id: str) -> str:
    """Validate a document id with ven's rule (1–64 chars; no whitespace, ``:``, ``|``,
    ``;`` or control characters; not NONE/ALL/INDEX), so every id dan accepts can be routed."""
    if not isinstance(doc_id, str) or not 1 <= len(doc_id) <= 64:
        raise DanError(f"doc_id {doc_id!r} must be a str of 1 to 64 characters")
    if is_reserved_id(doc_id):
        raise DanError(
            f"doc_id {doc_id!r} is reserved by the routing grammar (NONE/ALL/INDEX): choose another"
        )
    if not is_doc_id(doc_id):
        raise DanError(
            f"doc_id {doc_id!r} must not contain whitespace, ':', '|', ';' or control characters"
        )
    return doc_id


def _read_file(p: Path, max_bytes: int) -> bytes:
    """The bytes of the regular file ``p``, at most ``max_bytes`` of them — counted as they
    are read, so a file whose size says 0 (``/proc`` files) is bounded too."""
    if not p.exists():
        raise DocumentNotFoundError(
            f"no such file: {str(p)!r} (dan.convert takes a str as a path; use "
            "dan.convert_string for document text held in memory)"
        )
    if not p.is_file():
        kind = "a directory" if p.is_dir() else "not a regular file (a device, socket or pipe)"
        raise DanError(f"{str(p)!r} is {kind}: give the path of a document file")
    size = p.stat().st_size
    if size > max_bytes:
        raise InputTooLargeError(
            f"{p.name} is {size:,} bytes, over Limits.max_input_bytes={max_bytes:,}"
        )
    try:
        with p.open("rb") as fh:
            data = fh.read(max_bytes + 1)
    except OSError as exc:
        raise DanError(f"cannot read {str(p)!r}: {exc.strerror or exc}") from exc
    if len(data) > max_bytes:
        raise InputTooLargeError(
            f"{p.name} holds more than Limits.max_input_bytes={max_bytes:,} bytes "
            "(its size said less)"
        )
    return data


def _freeze(records: list[dict[str, str | int]]) -> tuple[Mapping[str, str | int], ...]:
    return tuple(MappingProxyType(r) for r in records)


@frozen(slots=True)
class DanResult:
    """The result of a conversion: chunks and one flat metadata record per chunk.

    Iterating yields ``(chunk_text, record)`` pairs. ``records`` returns fresh dicts each
    time, so a caller may change them without touching the result.
    """

    doc_id: str
    doc_title: str
    chunks: tuple[str, ...]
    _records: tuple[Mapping[str, str | int], ...] = field(alias="records")
    #: ``"rendered"`` or ``"estimated"``: where the page numbers come from.
    page_kind: str = "estimated"
    #: What was skipped or repaired (:class:`dan.Message`), and ``empty`` when the document
    #: gave no chunks; each is also logged once on the ``dan`` logger.
    warnings: tuple[m.Message, ...] = ()

    @property
    def records(self) -> tuple[dict[str, str | int], ...]:
        """One record per chunk (fresh dicts)."""
        return tuple(dict(r) for r in self._records)

    def __len__(self) -> int:
        return len(self.chunks)

    def __iter__(self) -> Iterator[tuple[str, dict[str, str | int]]]:
        for text, rec in zip(self.chunks, self._records):
            yield text, dict(rec)

    def __reduce__(self) -> tuple[Any, ...]:
        # The records are read-only mapping proxies, which do not pickle: rebuild them.
        return (
            _rebuild_result,
            (self.doc_id, self.doc_title, self.chunks, self.records, self.page_kind, self.warnings),
        )

    def __repr__(self) -> str:
        # (the attrs repr would print every chunk and record: 111,290 characters for 35)
        tokens = sum(int(r.get("ssTokens", 0)) for r in self._records)
        title = self.doc_title if len(self.doc_title) <= 60 else self.doc_title[:59] + "…"
        return (
            f"<DanResult {self.doc_id!r} {title!r}: {len(self.chunks)} chunks, {tokens:,} tokens, "
            f"{self.page_kind} pages, {len(self.warnings)} warnings>"
        )

    def _repr_html_(self) -> str:
        from dan.display import result_html

        return result_html(self)

    def _repr_markdown_(self) -> str:
        from dan.display import result_markdown

        return result_markdown(self)


def _rebuild_result(
    doc_id: str,
    doc_title: str,
    chunks: tuple[str, ...],
    records: tuple[dict[str, str | int], ...],
    page_kind: str,
    warnings: tuple[m.Message, ...] = (),
) -> DanResult:
    return DanResult(
        doc_id=doc_id,
        doc_title=doc_title,
        chunks=chunks,
        records=_freeze(list(records)),
        page_kind=page_kind,
        warnings=warnings,
    )


@frozen(slots=True, kw_only=True)
class _Imported:
    """What an import keeps for ``get_markdown``: the rendered, paginated units and facts."""

    doc_id: str
    derived: bool
    title: str
    units: tuple[Unit, ...]
    page_kind: str
    top_level: int
    user_meta: dict[str, str | int]
    warnings: tuple[m.Message, ...]


class Dan:
    """A reusable converter: options persist, one document at a time.

    The options are one :class:`~dan.options.ConvertOptions` value, :attr:`options` (given
    whole, as keywords, or both: keywords replace its fields). ``max_tokens``, ``names``,
    ``limits``, ``join_sections`` and the field labels can also be set one at a time
    (each setter builds a new, checked, options value) and stay set across imports;
    ``doc_id``, ``doc_title`` and ``user_meta`` belong to one import (``user_meta`` and
    ``doc_type`` fall back to the options', and ``get_markdown``'s page range to
    ``first_page``/``last_page``). Not thread-safe: use one ``Dan`` per thread
    (``dan.convert`` is thread-safe).
    """

    def __init__(
        self, options: ConvertOptions | None = None, /, **keywords: Unpack[OptionKwargs]
    ) -> None:
        self.options = build_options(options, keywords, "Dan")
        self._doc: _Imported | None = None

    # ------------------------------------------------------------------ options

    def _set(self, **change: Any) -> None:
        self.options = attrs.evolve(self.options, **change)

    @property
    def max_tokens(self) -> int:
        """Token limit per chunk."""
        return self.options.max_tokens

    @max_tokens.setter
    def max_tokens(self, value: int) -> None:
        self._set(max_tokens=value)

    @property
    def names(self) -> NamesHook | None:
        """The names hook."""
        return self.options.names

    @names.setter
    def names(self, value: NamesHook | None) -> None:
        self._set(names=value)

    @property
    def limits(self) -> Limits:
        """The resource limits."""
        return self.options.limits

    @limits.setter
    def limits(self, value: Limits | None) -> None:
        self._set(limits=value)

    @property
    def join_sections(self) -> bool:
        """Whether short top-level sections may share a chunk."""
        return self.options.join_sections

    @join_sections.setter
    def join_sections(self, value: bool) -> None:
        self._set(join_sections=value)

    @property
    def read_options(self) -> ReadOptions:
        """What the readers are asked (``main_content``, ``link_targets``, ...)."""
        return self.options.read_options

    @property
    def field_labels(self) -> Mapping[ChunkField, str]:
        """The current label of every chunk information field."""
        return MappingProxyType(dict(self.options.field_labels))

    def override_field_name(self, field: ChunkField | str, label: str) -> None:
        """Relabel one chunk information field (its record key and citation-header label)."""
        labels = validate_labels({field: label}, self.options.field_labels)
        # (user_meta of the options is checked against the new labels by the new value)
        self._set(field_labels=labels)

    @property
    def _labels(self) -> Mapping[ChunkField, str]:
        return self.options.field_labels

    @property
    def system_message(self) -> str:
        """The system message matching this converter's labels."""
        labels: dict[ChunkField | str, str] = {k: v for k, v in self._labels.items()}
        return system_message(labels)

    # ------------------------------------------------------------------ import

    def import_file(
        self,
        path: str | os.PathLike[str],
        doc_type: str | None = None,
        *,
        doc_id: str | None = None,
        doc_title: str | None = None,
        user_meta: Mapping[str, Any] | None = None,
    ) -> None:
        """Read a document from a file (format from ``doc_type``, magic bytes or extension)."""
        p = Path(os.fspath(path))
        data = _read_file(p, self.limits.max_input_bytes)
        self._import(data, doc_type, doc_id, doc_title, user_meta, filename=p.name, stem=p.stem)

    def import_bytes(
        self,
        data: bytes | bytearray | memoryview,
        doc_type: str | None = None,
        *,
        doc_id: str | None = None,
        doc_title: str | None = None,
        user_meta: Mapping[str, Any] | None = None,
        filename: str | None = None,
    ) -> None:
        """Read a document from bytes (``filename``, if given, only helps detection)."""
        if not isinstance(data, (bytes, bytearray, memoryview)):
            raise DanError(f"import_bytes takes bytes, got {type(data).__name__}")
        data = bytes(data)
        self._import(data, doc_type, doc_id, doc_title, user_meta, filename=filename, stem=None)

    def import_string(
        self,
        text: str,
        doc_type: str | None = None,
        *,
        doc_id: str | None = None,
        doc_title: str | None = None,
        user_meta: Mapping[str, Any] | None = None,
    ) -> None:
        """Read a document held in memory as text (HTML, Markdown, RTF or plain text)."""
        if not isinstance(text, str):
            raise DanError(f"import_string takes a str, got {type(text).__name__}")
        data = text.encode("utf-8", errors="surrogatepass")
        self._import(
            data, doc_type, doc_id, doc_title, user_meta, filename=None, stem=None, text=text
        )

    def _import(
        self,
        data: bytes,
        doc_type: str | None,
        doc_id: str | None,
        doc_title: str | None,
        user_meta: Mapping[str, Any] | None,
        *,
        filename: str | None,
        stem: str | None,
        text: str | None = None,
    ) -> None:
        self._doc = None
        options = self.options
        limits = options.limits
        meta = check_user_meta(
            user_meta if user_meta is not None else options.user_meta, self._labels
        )
        if doc_type is None:
            doc_type = options.doc_type
        if doc_id is not None:
            check_doc_id(doc_id)
        if doc_title is not None and not isinstance(doc_title, str):
            raise DanError(f"doc_title must be a str, got {type(doc_title).__name__}")
        if len(data) > limits.max_input_bytes:
            raise InputTooLargeError(
                f"the input is {len(data):,} bytes, "
                f"over Limits.max_input_bytes={limits.max_input_bytes:,}"
            )
        kind = detect(data, doc_type, filename)
        with gc_paused():
            doc = _read(data, kind, limits, text, options.read_options)
            rendered = render_document(doc, count_tokens, limits.max_depth)
            page_kind = paginate(rendered)
        if not CALLER_REPORTS_WARNINGS.get():
            for warning in doc.warnings:
                log.warning("%s", warning.message)
        title = _title(doc_title, doc, stem, rendered.units)
        derived = doc_id is None
        self._doc = _Imported(
            doc_id=doc_id if doc_id is not None else derive_doc_id(data),
            derived=derived,
            title=title,
            units=rendered.units,
            page_kind=page_kind,
            top_level=rendered.top_level,
            user_meta=meta,
            warnings=doc.warnings,
        )

    # ------------------------------------------------------------------ output

    def get_markdown(
        self, first_page: int | None = None, last_page: int | None = None
    ) -> DanResult:
        """Chunk the imported document (or the 1-based, inclusive page range; None: the
        options' ``first_page``/``last_page``) into a result."""
        doc = self._doc
        if doc is None:
            raise DanError(
                "no document imported: call import_file, import_bytes or import_string first"
            )
        options = self.options
        max_tokens = options.max_tokens
        if first_page is None and last_page is None:
            first_page, last_page = options.first_page, options.last_page
        first = check_page("first_page", first_page)
        last = check_page("last_page", last_page)
        labels = options.field_labels
        meta = check_user_meta(doc.user_meta, labels)
        units = list(doc.units)
        doc_id = doc.doc_id
        if first is not None or last is not None:
            lo = first or 1
            # (an open end is the document's last page, or the first page asked for when the
            # document ends before it: "-p3-3", not a backwards "-p3-1")
            hi = last if last is not None else max(lo, max((u.page_last for u in units), default=1))
            # (first > last is an empty range: headers and footers hold no page of it either)
            units = [u for u in units if lo <= hi and _in_range(u, lo, hi)]
            if doc.derived:
                doc_id = f"{doc_id}-p{lo}-{hi}"
        chunker = Chunker(
            max_tokens=max_tokens,
            title=doc.title,
            labels=labels,
            estimated=doc.page_kind == "estimated",
            count=count_tokens,
            max_chunks=options.limits.max_chunks,
            join_sections=options.join_sections,
        )
        with gc_paused():
            chunks = chunker.chunk(units)
            ctx = RecordContext(
                doc_id=doc_id,
                title=doc.title,
                page_kind=doc.page_kind,
                labels=labels,
                user_meta=meta,
                names=options.names,
                top_level=doc.top_level,
            )
            records = build_records(chunks, ctx)
        warnings = doc.warnings
        if not chunks:
            where = f"pages {first or 1}-{last}" if first is not None or last is not None else ""
            empty = m.Message(
                "empty",
                "the document gave no chunks: it holds no text"
                + (" in that page range" if where else ""),
                where,
            )
            if not CALLER_REPORTS_WARNINGS.get():
                log.warning("%s", empty.message)
            warnings += (empty,)
        return DanResult(
            doc_id=doc_id,
            doc_title=doc.title,
            chunks=tuple(c.text for c in chunks),
            records=_freeze(records),
            page_kind=doc.page_kind,
            warnings=warnings,
        )


def _in_range(u: Unit, lo: int, hi: int) -> bool:
    if u.story == "body" or u.story == "footnote":
        return lo <= u.page <= hi
    return u.page <= hi and u.page_last >= lo


def _read(
    data: bytes, kind: str, limits: Limits, text: str | None, options: ReadOptions
) -> m.Document:
    """The document from the reader of ``kind``: the text when a string was imported, else the
    bytes."""
    return reader_for(kind)(data if text is None else text, limits, options)


def _title(
    doc_title: str | None, doc: m.Document, stem: str | None, units: tuple[Unit, ...]
) -> str:
    for candidate in (doc_title, doc.title, stem):
        if candidate:
            cleaned = phrase(clean_text(candidate), 200)
            if cleaned:
                return cleaned
    for u in units:
        if u.story == "body":
            for line in u.plain.split("\n"):
                if line.strip():
                    return phrase(line, 80)
    return "Untitled"


def _one_shot(options: ConvertOptions) -> Dan:
    """The converter behind one call of :func:`convert` or :func:`convert_string` (the
    options are built and checked already: ``Dan`` keeps the value as it is)."""
    return Dan(options)


def _call_options(
    who: str,
    doc_type: str | None,
    options: ConvertOptions | None,
    keywords: Mapping[str, Any],
) -> ConvertOptions:
    """The options of one call: ``options`` with the keywords, and the positional
    ``doc_type``, replacing its fields."""
    if doc_type is not None:
        keywords = {**keywords, "doc_type": doc_type}
    return build_options(options, keywords, who)


def convert(
    source: str | os.PathLike[str] | bytes | bytearray | memoryview,
    doc_type: str | None = None,
    *,
    options: ConvertOptions | None = None,
    doc_id: str | None = None,
    doc_title: str | None = None,
    filename: str | None = None,
    **keywords: Unpack[OptionKwargs],
) -> DanResult:
    """Convert a document (a path, or its bytes) into token-bounded Markdown chunks and records.

    ``doc_type`` is ``"docx"``, ``"rtf"``, ``"html"``, ``"markdown"``/``"md"`` or
    ``"text"``/``"txt"``; ``None`` detects it from magic bytes and the extension. A ``str``
    is a path: for document text held in memory use :func:`convert_string`. ``filename``
    (bytes only) is the name the bytes came under: they are read as if from that file (the
    extension helps detection, the title falls back to its stem), and nothing is written.

    The options are a :class:`dan.ConvertOptions` (``options=``), or its fields as keywords
    (which replace the fields of ``options`` when both are given): ``max_tokens``,
    ``user_meta``, ``names``, ``first_page``, ``last_page``, ``limits``, ``field_labels``,
    ``main_content`` (HTML): True keeps only a web page's main content, False the whole page,
    None (the default) decides by whether the page has site chrome. ``link_targets``:
    hyperlinks are written ``[text](url)`` (``http``, ``https`` and ``mailto`` targets
    only; nothing is ever fetched), or only their text with False. ``join_sections``: let
    consecutive top-level sections share a chunk when it would otherwise end below half
    the limit (the record's ``ssSect``..``ssSectLast`` says which); off by default, as the
    SPEC has it. ``keep_hidden``: keep a workbook's hidden sheets, rows and columns, each
    marked ``(hidden ...)``; left out by default. ``ocr``: ``"auto"`` reads PDF pages
    without a text layer, and images, by OCR when the ``ocr`` extra is installed (the
    warnings name the pages); ``"off"`` never does.
    """
    opts = _call_options("convert", doc_type, options, keywords)
    is_bytes = isinstance(source, (bytes, bytearray, memoryview))
    if filename is not None and not is_bytes:
        raise DanError("filename= names bytes: a path names its file itself, leave filename out")
    if filename is not None and (not isinstance(filename, str) or not filename):
        raise DanError(f"filename must be a non-empty str, got {filename!r}")
    d = _one_shot(opts)
    # One collector pause for the whole conversion, the imported document freed inside it:
    # when the collector is back, only the result is left for its first pass to walk.
    with gc_paused():
        if isinstance(source, (bytes, bytearray, memoryview)):
            if filename is None:
                d.import_bytes(source, doc_id=doc_id, doc_title=doc_title)
            else:
                data, stem = bytes(source), Path(filename).stem
                d._import(data, None, doc_id, doc_title, None, filename=filename, stem=stem)
        elif isinstance(source, (str, os.PathLike)):
            d.import_file(source, doc_id=doc_id, doc_title=doc_title)
        else:
            raise DanError(f"convert takes a path or bytes, got {type(source).__name__}")
        result = d.get_markdown()
        del d
    return result


def convert_string(
    text: str,
    doc_type: str | None = None,
    *,
    options: ConvertOptions | None = None,
    doc_id: str | None = None,
    doc_title: str | None = None,
    **keywords: Unpack[OptionKwargs],
) -> DanResult:
    """Convert document text held in memory (HTML, Markdown, RTF or plain text).

    Markdown is never guessed: pass ``doc_type="markdown"`` for it. The derived id is
    computed over the text's UTF-8 bytes. The options are :func:`convert`'s.
    """
    d = _one_shot(_call_options("convert_string", doc_type, options, keywords))
    with gc_paused():  # (as in convert)
        d.import_string(text, doc_id=doc_id, doc_title=doc_title)
        result = d.get_markdown()
        del d
    return result
