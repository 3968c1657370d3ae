"""Real XLSX, PPTX, EPUB, CSV and MSG files from another project's test data
(tests/data/heldout/README.md says where from): each converts with the SPEC invariants and
the content its maker put in."""

from __future__ import annotations

import dan
from helpers import DATA, check_invariants

HELD = DATA / "heldout"


def _text(res: dan.DanResult) -> str:
    return "\n".join(res.chunks)


def test_xlsx_sheets_and_tables() -> None:
    res = dan.convert(HELD / "test.xlsx", max_tokens=512)
    check_invariants(res, 512)
    text = _text(res)
    assert "| Alpha | Beta | Gamma | Delta |" in text and "| ColA | ColB | ColC | ColD |" in text
    assert "6ff4173b-42a5-4784-9b19-f49caff4d93d" in text
    assert {r["section_path"] for r in res.records} == {"Sheet1", "09060124-b5e7-4717-9d07-3c046eb"}
    assert all("| Alpha | Beta | Gamma | Delta |" in c for c, r in zip(res.chunks, res.records)
               if r["section_path"] == "Sheet1")  # a cut table repeats its header


def test_pptx_slides_as_pages() -> None:
    res = dan.convert(HELD / "test.pptx", max_tokens=512)
    check_invariants(res, 512)
    assert res.page_kind == "rendered" and sorted({r["ssPage"] for r in res.records}) == [1, 2, 3, 4, 5, 6]
    assert res.doc_title.startswith("AutoGen")
    text = _text(res)
    assert "| ColA | ColB | ColC | ColD | ColE | ColF |" in text
    assert "1b92870d-e3b5-4e65-8153-919f4ff45592" in text
    assert "**Chart: a3f6004b-6f4f-4ea8-bee3-3741f4dc385f**" in text  # a chart's title and data
    assert "This is a nested shape with content in 2 shapes" in text
    assert "This phrase of the caption is Human-written." in text  # a picture's alt text


def test_epub_chapters() -> None:
    res = dan.convert(HELD / "test.epub", max_tokens=512)
    check_invariants(res, 512)
    assert res.doc_title == "Test EPUB Document"
    paths = [r["section_path"] for r in res.records]
    assert paths.index("Chapter 1: Test Content") < paths.index("Chapter 2: More Content")
    assert "> This is a blockquote for testing." in _text(res)


def test_csv_in_shift_jis() -> None:
    res = dan.convert(HELD / "test_mskanji.csv")
    assert "| 名前 | 年齢 | 住所 |" in res.chunks[0] and "| 髙橋淳 | 35 | 名古屋 |" in res.chunks[0]


def test_outlook_msg() -> None:
    res = dan.convert(HELD / "test_outlook_msg.msg", max_tokens=512)
    check_invariants(res, 512)
    assert res.doc_title == "Test Email Message"
    assert "**From:** M. C. Kurtuluş <test.sender@example.com>" in res.chunks[0]
    assert "This is the body of the test email message" in res.chunks[0]
