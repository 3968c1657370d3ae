"""Spreadsheet readers: XLSX/XLSM (``xlsx``, SpreadsheetML read with lxml) and CSV/TSV
(``delimited``, the standard library's ``csv``); both build one table per sheet through
``grid``, numbers shown as ``numfmt`` formats them."""

from __future__ import annotations

from dan.readers.sheets.delimited import read_csv
from dan.readers.sheets.xlsx import read_xlsx

__all__ = ["read_csv", "read_xlsx"]
