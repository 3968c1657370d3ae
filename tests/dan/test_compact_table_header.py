"""A wide table whose header is too large to repeat whole (issue 57 item 1).

Modelled on Apache POI's ``bug65649.docx`` (63 columns under a merged header cell
"Основание"): every chunk after the table's first repeated the whole header, and a merged
cell was written once per spanned column, so the header filled most of each chunk and the
document's words grew more than fourfold. Now a cell merged across columns is written once,
the columns it also covers showing :data:`dan.SPANNED_CELL`; and when the header still takes
more than ``MAX_HEADER_SHARE`` of ``max_tokens``, later chunks repeat its compact form (column
names only, a merged group named once) and their records say so in ``ssCompactHeads``; the
table's first chunk keeps the whole header.
"""

from __future__ import annotations

import re

import dan
from dan.pipeline.chunker import MAX_HEADER_SHARE
from tests.dan.docx_builder import make_docx, p, tbl, tc, tr
from ven import Ven, split_list

COLS = 40
GROUP = 26


def _wide_table(rows: int, header: str = "two rows") -> bytes:
    """``header``: "merged" (two cells spanning all columns), "two rows" (those, then a row of
    column names "Статья N") or "plain" (short names)."""
    merged = tr(tc("Основание", span=GROUP), tc("Сметная стоимость", span=COLS - GROUP), header=True)
    names = tr(*[tc(f"Статья {i}") for i in range(COLS)], header=True)
    head = {
        "merged": merged,
        "two rows": merged + names,
        "plain": tr(*[tc(f"C{i}") for i in range(COLS)], header=True),
    }[header]
    body = [tr(*[tc(f"r{k} v{i}") for i in range(COLS)]) for k in range(rows)]
    return make_docx(p("Смета") + tbl(head, *body) + p("After the table."))


def _words(res: dan.DanResult) -> int:
    """Words of the chunks' bodies (citation lines left out)."""
    return sum(len(re.findall(r"\w+", c.split("\n\n", 1)[1])) for c in res.chunks)


def test_a_merged_header_cell_is_written_once_and_its_columns_are_marked() -> None:
    res = dan.convert(_wide_table(60, "merged"), "docx", max_tokens=512)
    first = next(c for c in res.chunks if "r0 v0" in c)
    head = first.split("\n\n", 2)[2].split("\n")[0]
    spanned = " | ".join([dan.SPANNED_CELL] * (GROUP - 1))
    rest = " | ".join([dan.SPANNED_CELL] * (COLS - GROUP - 1))
    assert head == f"| Основание | {spanned} | Сметная стоимость | {rest} |"
    assert first.count("Основание") == 1
    # the records name each heading once (no SPANNED_CELL among the column names)
    rec = res.records[res.chunks.index(first)]
    assert split_list(str(rec["ssTableHeads"])) == ("Основание", "Сметная стоимость")


def test_later_chunks_repeat_the_compact_header_and_say_so() -> None:
    res = dan.convert(_wide_table(60), "docx", max_tokens=1024)
    table_chunks = [(c, r) for c, r in zip(res.chunks, res.records) if r["ssTables"]]
    assert len(table_chunks) > 3
    (first, first_rec), rest = table_chunks[0], table_chunks[1:]
    assert "ssCompactHeads" not in first_rec
    full_header = "\n".join(first.split("\n\n", 2)[2].split("\n")[:3])
    assert dan.count_tokens(full_header) > MAX_HEADER_SHARE * 1024
    for chunk, rec in rest:
        assert split_list(str(rec["ssCompactHeads"])) == split_list(str(rec["ssTables"]))
        body = chunk.split("\n\n", 1)[1]
        head, delim = body.split("\n")[:2]
        names = [c.strip() for c in head.strip("|").split("|")]
        assert names[0] == "Основание / Статья 0" and names[GROUP] == "Сметная стоимость / Статья 26"
        assert names[1:GROUP] == [f"Статья {i}" for i in range(1, GROUP)]
        assert len(names) == COLS and delim == "|" + "---|" * COLS
        assert dan.SPANNED_CELL not in head
        assert rec["ssTokens"] <= 1024
    # chunks without a repeated header carry no field at all (missing reads as none)
    assert all("ssCompactHeads" not in r for r in res.records if not r["ssTables"])
    # ven reads the records
    assert Ven(res.records).chunk_count == len(res.records)


def test_words_blow_up_is_bounded() -> None:
    """The full header once (each merged heading once, each column name once), then the
    compact header, which names each heading and column once, in every later chunk."""
    res = dan.convert(_wide_table(200), "docx", max_tokens=1024)
    compact = [r for r in res.records if r.get("ssCompactHeads")]
    assert len(compact) == len(res.records) - 1
    assert sum(c.count("Основание") for c in res.chunks) == 1 + len(compact)
    header = 1 + 2 + 2 * COLS  # "Основание", "Сметная стоимость", "Статья N"
    source = 200 * COLS * 2 + 1 + header + 3  # cells "rK vI", "Смета", the header, the last line
    assert _words(res) == source + header * len(compact)


def test_a_small_header_is_repeated_whole() -> None:
    res = dan.convert(_wide_table(80, "plain"), "docx", max_tokens=2048)
    table_chunks = [c for c, r in zip(res.chunks, res.records) if r["ssTables"]]
    assert len(table_chunks) > 1
    assert all("| C0 | C1 |" in c for c in table_chunks)
    assert not any(r.get("ssCompactHeads") for r in res.records)
