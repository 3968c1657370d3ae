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


def sniff_dialect(sample: str) -> type[csv.Dialect] | csv.Dialect:
    """The dialect of a CSV sample (comma-separated, double-quoted when it cannot tell)."""
    try:
        dialect = csv.Sniffer().sniff(sample, delimiters=_DELIMITERS)
    except csv.Error:
        lines = sample.split("\n", 20)[:20]
        counts = {d: sum(line.count(d) for line in lines) for d in _DELIMITERS}
        best = max(counts, key=lambda d: counts[d])
        dialect = csv.excel_tab if best == "\t" and counts[best] else csv.excel
        if best in ";|" and counts[best]:

            class _Other(csv.excel):
                delimiter = best

            return _Other
    return dialect


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
