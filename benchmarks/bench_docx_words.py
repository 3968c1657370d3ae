"""DOCX words out against words in: which documents dan blows up, and how much of it is merged cells.

Issue 57 item 1: a document's words may not exceed the source's by more than the repeated
headers' share. For every DOCX given (files or folders; default: the python-docx and
mammoth.js folders of ``../shared/corpus``) this prints

* ``source``: the words (``\\w+``) of the ``w:t`` text of the document, footnotes, endnotes,
  comments, headers and footers parts (what the file holds, once);
* ``dan``: the words of ``dan.convert(path)``'s chunks (``max_tokens=1024``), the chunks'
  citation lines (``[doc_title: … ]``) counted apart as ``cite``;
* ``repeated``: the words of table cells in dan's output that repeat the cell on their
  left, counted in every chunk, repeated header rows included: until 2026-12-07 a cell
  merged across columns was written in every column it covers (SPEC.md, Records, Tables),
  now once, with ``dan.SPANNED_CELL`` in the others, so what is left is neighbours equal in
  the file itself;
* ``ratio`` = dan ÷ source, and ``ratio without repeats`` = (dan − repeated) ÷ source;
* ``headers again``: the words of a table's header written again at the top of each chunk
  that continues the table (full or compact), ``down rows``: the words of cells equal to the
  cell above them (a cell merged down rows, written in each row so each row stands alone),
  and ``rest ÷ source`` = (dan − cite − repeated − headers again − down rows) ÷ source:
  what is left when the repeats the records' contract asks for are taken away.

Files over ``--over`` (default 3.0) are marked. The test-data files the issue names are in
public repositories: Apache POI ``test-data/document/bug65649.docx`` and
``form_footnotes.docx``, Aspose.Words-for-.NET ``Examples/Data/Corrupted footnotes.docx``
and ``Merged table.docx``; fetch them and pass their paths.

    python benchmarks/bench_docx_words.py [FILE_OR_DIR ...] [--over 3.0]
"""

from __future__ import annotations

import argparse
import re
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import dan  # noqa: E402
from ven import split_list  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
DEFAULT_DIRS = (CORPUS / "python-docx", CORPUS / "mammoth.js")
_WORD = re.compile(r"\w+")
_PART = re.compile(r"word/(document|footnotes|endnotes|comments|header\d*|footer\d*)\.xml$")
_TEXT = re.compile(r"<w:t(?:\s[^>]*)?>([^<]*)</w:t>")


def source_words(path: Path) -> int:
    """Words of the ``w:t`` text of the parts a reader shows (each once)."""
    with zipfile.ZipFile(path) as z:
        return sum(
            len(_WORD.findall(" ".join(_TEXT.findall(z.read(name).decode("utf-8", "replace")))))
            for name in z.namelist()
            if _PART.match(name)
        )


_CELL_SPLIT = re.compile(r"(?<!\\)\|")


def _cells(line: str) -> list[str]:
    return [c.strip() for c in _CELL_SPLIT.split(line.strip()[1:-1])]


def repeated_words(chunk: str) -> int:
    """Words of the pipe-table cells that repeat the cell on their left (a cell merged across
    columns written in every column it covers, as dan did until 2026-12-07; two equal
    neighbours that were never merged count too)."""
    count = 0
    for line in chunk.split("\n"):
        if not line.startswith("|"):
            continue
        cells = _cells(line)
        count += sum(
            len(_WORD.findall(cell))
            for left, cell in zip(cells, cells[1:])
            if cell and cell == left
        )
    return count


_DELIMITER = re.compile(r"^\|?\s*:?-{3,}")


def _table_blocks(chunk: str) -> list[list[str]]:
    """The chunk's pipe tables, each as its lines (header, delimiter, rows)."""
    blocks: list[list[str]] = []
    block: list[str] = []
    for line in chunk.split("\n"):
        if line.startswith("|"):
            block.append(line)
        elif block:
            blocks.append(block)
            block = []
    if block:
        blocks.append(block)
    return blocks


def header_words(chunk: str) -> int:
    """Words of the chunk's first table header (the lines above its delimiter row)."""
    for block in _table_blocks(chunk):
        for k, line in enumerate(block):
            if _DELIMITER.match(line):
                return sum(len(_WORD.findall(h)) for h in block[:k])
    return 0


def down_words(chunk: str) -> int:
    """Words of table cells equal to the cell above them in the previous body row: a cell
    merged down rows, written in each row it covers so each row stands alone (two equal
    cells one above the other that were never merged count too)."""
    count = 0
    for block in _table_blocks(chunk):
        rows = [_cells(line) for k, line in enumerate(block) if not _DELIMITER.match(line)
                and not (k + 1 < len(block) and _DELIMITER.match(block[k + 1]))]
        for above, row in zip(rows, rows[1:]):
            if len(above) == len(row):
                count += sum(len(_WORD.findall(c)) for a, c in zip(above, row) if c and c == a and c != dan.SPANNED_CELL)
    return count


def _docx_files(args: list[str]) -> Iterator[Path]:
    for arg in args or [str(d) for d in DEFAULT_DIRS if d.is_dir()]:
        path = Path(arg)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*.docx") if not p.name.startswith("~$"))
        elif path.is_file():
            yield path


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--over", type=float, default=3.0)
    args = parser.parse_args(argv)
    print("| file | source | dan | cite | repeated | ratio | ratio without repeats | chunks | headers again | down rows | rest ÷ source |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for path in _docx_files(args.paths):
        try:
            result = dan.convert(path, max_tokens=1024)
        except dan.DanError as exc:
            print(f"| {path.name} | error: {type(exc).__name__} ||||||||||")
            continue
        src = source_words(path)
        cite = body = repeated = again = down = 0
        seen_tables: set[str] = set()
        for chunk, record in zip(result.chunks, result.records):
            repeated += repeated_words(chunk)
            down += down_words(chunk)
            tables = split_list(str(record.get("ssTables") or ""))
            if tables and tables[0] in seen_tables:  # a table continued: its header again
                again += header_words(chunk)
            seen_tables.update(tables)
            first, _, rest = chunk.partition("\n")
            if first.startswith("[doc_title"):
                cite += len(_WORD.findall(first))
                body += len(_WORD.findall(rest))
            else:
                body += len(_WORD.findall(chunk))
        total = body + cite
        ratio = total / src if src else 0.0
        once = (total - repeated) / src if src else 0.0
        rest = (total - cite - repeated - again - down) / src if src else 0.0
        mark = " **over**" if ratio > args.over else ""
        print(
            f"| {path.name}{mark} | {src:,} | {total:,} | {cite:,} | {repeated:,} | "
            f"{ratio:.2f} | {once:.2f} | {len(result.chunks):,} | {again:,} | {down:,} | {rest:.2f} |"
        )


if __name__ == "__main__":
    main()
