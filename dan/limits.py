"""Resource limits applied to every conversion (``dan.convert(..., limits=Limits(...))``)."""

from __future__ import annotations

from attrs import field, frozen, validators

__all__ = ["Limits"]

_positive = [validators.instance_of(int), validators.gt(0)]


@frozen(slots=True)
class Limits:
    """Limits that keep hostile or accidental input from exhausting time or memory.

    Each is checked before the expensive work it guards; exceeding one raises the
    ``dan.LimitExceededError`` subclass named below.
    """

    #: Input size in bytes (``InputTooLargeError``). Default 32 MiB.
    max_input_bytes: int = field(default=32 * 1024 * 1024, validator=_positive)
    #: Uncompressed size of any one zip part dan reads (``ZipBombError``). Default 100 MiB.
    max_part_bytes: int = field(default=100 * 1024 * 1024, validator=_positive)
    #: Uncompressed size of all zip parts dan reads together (``ZipBombError``). Default 200 MiB.
    max_uncompressed_bytes: int = field(default=200 * 1024 * 1024, validator=_positive)
    #: Uncompressed/compressed ratio of a zip part over 1 MiB (``ZipBombError``). Default 200.
    max_compression_ratio: int = field(default=200, validator=_positive)
    #: XML elements in all the parts of a zipped package (DOCX, XLSX, PPTX, ODT, EPUB)
    #: together, counted before each part is parsed (``LimitExceededError``). Default
    #: 2 million (a 500-page report has about 250,000).
    max_xml_elements: int = field(default=2_000_000, validator=_positive)
    #: Blocks (paragraphs, headings, list items, table rows) a Markdown, plain-text or
    #: RTF source can start, counted on the source before it is parsed
    #: (``LimitExceededError``). Default 100,000 (the benchmark's generated 500-page
    #: report has about 13,000).
    max_blocks: int = field(default=100_000, validator=_positive)
    #: Cells of one sheet's used range (a spreadsheet's or a CSV's rows × columns, after
    #: empty rows and columns are dropped), counted before the table is built
    #: (``LimitExceededError``). Default 2 million.
    max_cells: int = field(default=2_000_000, validator=_positive)
    #: Pages of a PDF, slides of a PPTX, chapters of an EPUB, counted before any is read
    #: (``LimitExceededError``). Default 20,000.
    max_pages: int = field(default=20_000, validator=_positive)
    #: Characters of extracted text (``TextTooLargeError``). Default 20 million.
    max_chars: int = field(default=20_000_000, validator=_positive)
    #: Chunks one conversion may produce (``TooManyChunksError``). Default 10,000.
    max_chunks: int = field(default=10_000, validator=_positive)
    #: Nesting depth of elements: XML/HTML elements, RTF groups, tables in tables,
    #: quotes and lists (``NestingTooDeepError``). Default 100.
    max_depth: int = field(default=100, validator=_positive)
