"""A wide table whose header is too large to repeat whole (issue 57 item 1).

Modelled on Apache POI's ``bug65649.docx`` (63 columns under a merged header cell
"Основание"): every chunk after the table's first repeated the whole header, merged cells
written once per spanned column as SPEC requires, so the header filled most of each chunk.
Now, when the header takes more than ``MAX_HEADER_SHARE`` of ``max_tokens``, later chunks
repeat its compact form (column names only, a merged group named once) and their records
say so in ``ssCompactHeads``; the table's first chunk keeps the whole header.
"""

from __future__ import annotations

import re

import dan
from dan.pipeline.chunker import MAX_HEADER_SHARE
from tests.dan.docx_builder import make_docx, p, tbl, tc, tr
from ven import Ven, split_list

COLS = 40


def _wide_table(rows: int, merged_header: bool = True) -> bytes:
    if merged_header:
        head = tr(tc("Основание", span=26), tc("Сметная стоимость", span=COLS - 26), header=True)
    else:
        head = tr(*[tc(f"C{i}") for i in range(COLS)], header=True)
    body = [tr(*[tc(f"r{k} v{i}") for i in range(COLS)]) for k in range(rows)]
    return make_docx(p("Смета") + tbl(head, *body) + p("After the table."))


def _words(res: dan.DanResult) -> int:
    """Words of the chunks' bodies (citation lines left out)."""
    return sum(len(re.findall(r"\w+", c.split("\n\n", 1)[1])) for c in res.chunks)


def test_merged_cells_still_repeat_in_every_grid_cell_of_the_full_header() -> None:
    res = dan.convert(_wide_table(60), "docx", max_tokens=512)
    first = next(c for c in res.chunks if "r0 v0" in c)
    assert first.count("Основание") == 26  # SPEC: a merged cell's text in every grid cell


def test_later_chunks_repeat_the_compact_header_and_say_so() -> None:
    res = dan.convert(_wide_table(60), "docx", max_tokens=512)
    table_chunks = [(c, r) for c, r in zip(res.chunks, res.records) if r["ssTables"]]
    assert len(table_chunks) > 3
    (first, first_rec), rest = table_chunks[0], table_chunks[1:]
    assert "ssCompactHeads" not in first_rec
    full_header = "\n".join(first.split("\n\n", 2)[2].split("\n")[:2])
    assert dan.count_tokens(full_header) > MAX_HEADER_SHARE * 512
    for chunk, rec in rest:
        assert split_list(str(rec["ssCompactHeads"])) == split_list(str(rec["ssTables"]))
        body = chunk.split("\n\n", 1)[1]
        head, delim = body.split("\n")[:2]
        assert head.count("Основание") == 1 and head.count("Сметная стоимость") == 1
        assert head.count("|") == COLS + 1 and delim == "|" + "---|" * COLS
        assert rec["ssTokens"] <= 512
    # chunks without a repeated header carry no field at all (missing reads as none)
    assert all("ssCompactHeads" not in r for r in res.records if not r["ssTables"])
    # ven reads the records
    assert Ven(res.records).chunk_count == len(res.records)


def test_words_blow_up_is_bounded() -> None:
    """Before: the full header (26 + 14 x 2 words) in every chunk; after: each name once."""
    res = dan.convert(_wide_table(200), "docx", max_tokens=512)
    compact = [r for r in res.records if r.get("ssCompactHeads")]
    assert len(compact) == len(res.records) - 1
    assert sum(c.count("Основание") for c in res.chunks) == 26 + len(compact)
    source = 200 * COLS * 2 + 1 + 3 + 3  # cells "rK vI", "Смета", the names, the last line
    # the full header once (54 words), then 3 words per later chunk
    assert _words(res) == source - 3 + 54 + 3 * len(compact)


def test_a_small_header_is_repeated_whole() -> None:
    res = dan.convert(_wide_table(80, merged_header=False), "docx", max_tokens=2048)
    table_chunks = [c for c, r in zip(res.chunks, res.records) if r["ssTables"]]
    assert len(table_chunks) > 1
    assert all("| C0 | C1 |" in c for c in table_chunks)
    assert not any(r.get("ssCompactHeads") for r in res.records)
