"""CSV/TSV reader: the standard library's ``csv`` with the dialect and the encoding detected.

The encoding: a BOM or UTF-8 (:func:`dan.textclean.unicode_text`), else charset-normalizer's
best guess, else cp1252. The dialect: ``csv.Sniffer`` on the first 64 KiB, choosing among
comma, semicolon, tab and pipe (a comma when it cannot tell). The file is one table
(:mod:`dan.readers.sheets.grid` detects the header row); a cell that looks like a number is
a value, not words. Text beginning with ``=`` is kept as text (a CSV has no formulas).
"""

from __future__ import annotations

import csv
import io
import re

from dan import model as m
from dan.errors import TextTooLargeError
from dan.limits import Limits
from dan.readers.options import DEFAULT_OPTIONS, ReadOptions
from dan.readers.sheets.grid import GridCell, check_size, sheet_blocks
from dan.readers.text import drop_stray_nuls, nul_warning
from dan.textclean import clean_text, repair_surrogates, unicode_text

__all__ = ["read_csv", "sniff_dialect"]

_DELIMITERS = ",;\t|"
#: Lines of the sample the dialect is judged on.
_SNIFF_LINES = 50
_SAMPLE = 65536
_NUMBER = re.compile(
    r"^[-+(]?[$€£¥]?\s?\d{1,3}(?:[,. \u00a0]?\d{3})*(?:[.,]\d+)?\)?%?$"
    r"|^[-+]?\d*[.,]?\d+(?:[eE][-+]?\d+)?%?$"
)
_DATE = re.compile(r"^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}(?:[ T]\d{1,2}:\d{2}(?::\d{2})?)?$")


def _decode(data: bytes) -> str:
    text = unicode_text(data)
    if text is not None:
        return text
    try:
        from charset_normalizer import from_bytes

        best = from_bytes(data[: _SAMPLE * 4]).best()
        if best is not None and best.encoding:
            return data.decode(best.encoding, errors="replace")
    except (ImportError, LookupError):  # (no charset-normalizer, or a codec Python lacks)
        pass
    return data.decode("cp1252", errors="replace")


def sniff_dialect(sample: str) -> type[csv.Dialect]:
    """The dialect of a CSV sample: the delimiter among comma, semicolon, tab and pipe that
    splits the sample's first lines into the same number (more than one) of fields most
    consistently, double quotes for quoting (a comma when none splits). Linear in the
    sample (``csv.Sniffer``'s regular expressions can take seconds on a line of quotes)."""
    lines = sample.split("\n", _SNIFF_LINES)[:_SNIFF_LINES]
    if len(lines) > 1 and len(sample) >= _SAMPLE:
        lines = lines[:-1]  # (the sample may end inside a line)
    best: tuple[float, int, int] = (0.0, 0, 0)
    chosen = ","
    for rank, delimiter in enumerate(_DELIMITERS):
        try:
            widths = [len(row) for row in csv.reader(lines, delimiter=delimiter) if row]
        except csv.Error:
            continue
        if not widths:
            continue
        mode = max(set(widths), key=widths.count)
        if mode < 2:
            continue
        score = (widths.count(mode) / len(widths), mode, -rank)
        if score > best:
            best, chosen = score, delimiter

    class _Sniffed(csv.excel):
        delimiter = chosen

    return _Sniffed


def _is_value(text: str) -> bool:
    t = text.strip()
    return bool(t) and (bool(_NUMBER.match(t)) or bool(_DATE.match(t)))


def read_csv(
    data: bytes | str, limits: Limits, options: ReadOptions = DEFAULT_OPTIONS
) -> m.Document:
    """Read a CSV or TSV file (any common encoding and dialect) into one table."""
    if isinstance(data, bytes):
        if len(data) > 4 * limits.max_chars:
            raise TextTooLargeError(
                f"the CSV has {len(data):,} bytes, over 4 × Limits.max_chars="
                f"{limits.max_chars:,}: raise Limits.max_chars to convert it"
            )
        text = _decode(data)
    else:
        text = data
    text = repair_surrogates(text)
    if text.startswith("\ufeff"):
        text = text[1:]
    text, nuls = drop_stray_nuls(text, "CSV")
    if len(text) > limits.max_chars:
        raise TextTooLargeError(
            f"the CSV has {len(text):,} characters, over Limits.max_chars={limits.max_chars:,}: "
            "raise Limits.max_chars to convert it"
        )
    lines = text.count("\n")
    if lines > limits.max_blocks:
        check_size(lines, 1, limits, "the CSV")
    dialect = sniff_dialect(text[:_SAMPLE])
    rows: list[list[str]] = []
    width = 0
    extra: list[m.Message] = []
    try:
        for row in csv.reader(io.StringIO(text, newline=""), dialect):
            rows.append(row)
            width = max(width, len(row))
            if len(rows) * max(width, 1) > limits.max_cells:
                check_size(len(rows), width, limits, "the CSV")
    except csv.Error as exc:
        # (a field over the csv module's 128 KiB field limit: the rows before it are kept)
        extra.append(
            m.Message(
                "damaged-part",
                f"the CSV cannot be parsed after row {len(rows):,} ({exc}); the rest was left out",
                "input",
            )
        )
    check_size(len(rows), width, limits, "the CSV")
    # drop columns empty in every row
    used = [c for c in range(width) if any(c < len(r) and r[c].strip() for r in rows)]
    grid = [
        [
            GridCell(clean_text(r[c]).strip(), _is_value(r[c])) if c < len(r) else GridCell()
            for c in used
        ]
        for r in rows
    ]
    blocks, warnings = sheet_blocks(grid, "the CSV")
    return m.Document(
        body=tuple(blocks), warnings=tuple(warnings + extra) + nul_warning(nuls, "CSV")
    )
