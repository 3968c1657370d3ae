"""benchmarks/bench_docx_words.py: source words, repeated merged-cell words (issue 57 item 1)."""

from __future__ import annotations

from pathlib import Path

import docx
import pytest

from benchmarks.bench_docx_words import down_words, header_words, main, repeated_words, source_words


def _merged_docx(path: Path) -> None:
    d = docx.Document()
    d.add_paragraph("Fees and terms")
    table = d.add_table(rows=3, cols=3)
    for k, name in enumerate(("Item", "Price", "Notes")):
        table.cell(0, k).text = name
    merged = table.cell(1, 0).merge(table.cell(1, 2))
    merged.text = "alpha beta gamma"
    for k, value in enumerate(("crane", "100", "paid")):
        table.cell(2, k).text = value
    d.save(str(path))


def test_repeated_words_counts_cells_equal_to_their_left_neighbour() -> None:
    chunk = "[doc_title: x]\n\n| a b | a b | a b | c |\n| --- | --- | --- | --- |\n| x | y | y | |"
    assert repeated_words(chunk) == 2 + 2 + 1
    assert repeated_words("no table | here") == 0


def test_a_merged_row_is_counted_once_in_the_source_and_its_repeats_apart(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "merged.docx"
    _merged_docx(path)
    assert source_words(path) == 3 + 3 + 3 + 3  # the merged text is stored once
    main([str(path)])
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("| merged.docx"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    assert cells[1] == "12"
    # "alpha beta gamma" is written once (dan.SPANNED_CELL in the two columns it also covers):
    # nothing repeated, and dan's words are the source's plus the citation line's
    assert int(cells[4]) == 0
    assert int(cells[2]) == 12 + int(cells[3])


def test_header_and_down_rows_words() -> None:
    chunk = (
        "[doc_title: x]\n\nIntro line\n\n| Region | Q1 |\n| --- | --- |\n| North east | 10 |\n| North east | 12 |\n"
        "| South | 14 |\n\n| Other table | ← |\n| --- | --- |\n| a | ← |\n| a | ← |"
    )
    assert header_words(chunk) == 2  # the first table's header: "Region", "Q1"
    # "North east" again under itself (2 words), "a" again under itself (1); the marker of a
    # merged cell is never counted
    assert down_words(chunk) == 2 + 1
    assert header_words("no table here") == 0 and down_words("no table here") == 0


def test_a_continued_tables_header_counts_as_written_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    d = docx.Document()
    table = d.add_table(rows=120, cols=2)
    table.cell(0, 0).text, table.cell(0, 1).text = "Item", "Price"
    for k in range(1, 120):
        table.cell(k, 0).text, table.cell(k, 1).text = f"part number {k}", f"{k}.00"
    path = tmp_path / "long.docx"
    d.save(str(path))
    main([str(path)])
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("| long.docx"))
    cells = [c.strip() for c in row.strip("|").split("|")]
    chunks, again = int(cells[7]), int(cells[8])
    assert chunks > 1 and again == 2 * (chunks - 1)  # "Item Price" atop every later chunk
    assert float(cells[10]) == 1.0  # nothing left over the source once the repeats are out
