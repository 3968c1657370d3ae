"""dan.display: HTML / Markdown views of a DanResult and of an Expansion, the token plot."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import batch_helpers as H  # noqa: E402

import dan  # noqa: E402
from dan import display  # noqa: E402
from dan.integrations import MissingDependencyError  # noqa: E402
from ven import Ven  # noqa: E402


@pytest.fixture(scope="module")
def prices() -> dan.DanResult:
    return dan.convert_string(H.table_markdown(), doc_type="markdown", max_tokens=128)


@pytest.fixture(scope="module")
def review() -> dan.DanResult:
    return dan.convert(H.review_docx(), max_tokens=64)


def _html_rows(text: str) -> list[str]:
    return re.findall(r"<tr(?: class=\"anchor\")?>(.*?)</tr>", text.split("<tbody>")[1])


def test_result_html_has_one_row_per_chunk(prices: dan.DanResult) -> None:
    text = display.result_html(prices)
    rows = _html_rows(text)
    assert len(rows) == len(prices)
    assert (
        f"Price list [{prices.doc_id}]: {len(prices)} chunks, {sum(r['ssTokens'] for r in prices.records)} tokens"
        in text
    )
    first = rows[1]
    cells = re.findall(r"<td[^>]*>(.*?)</td>", first)
    rec = prices.records[1]
    assert cells[:8] == ["1", "body", str(rec["ssTokens"]), "1 (est.)", "2", "1", "", ""]
    assert cells[8].startswith("# Parts | Part | Price | Lead time |") and cells[8].endswith("…")
    assert "[doc_title:" not in text  # the citation header is not the preview


def test_result_html_escapes_document_text() -> None:
    res = dan.convert_string("# T\n\nx <script>alert(1)</script> & y", doc_type="text")
    text = display.result_html(res)
    assert "<script>alert" not in text and "&lt;script&gt;" in text and "&amp; y" in text


def test_result_markdown_table(review: dan.DanResult) -> None:
    text = display.result_markdown(review)
    lines = [line for line in text.splitlines() if line.startswith("| ")]
    assert len(lines) == 1 + len(review)  # header + rows
    assert lines[0].split(" | ")[:8] == ["| seq", "type", "tokens", "pages", "sect", "tables", "revs", "coms"]
    rev_row = next(line for line in lines[1:] if "due monthly" in line)
    assert rev_row.split(" | ")[6] == "1"  # revisions column
    table_row = display.result_markdown(
        dan.convert_string(H.table_markdown(), doc_type="md", max_tokens=128)
    ).splitlines()[5]
    assert "\\| Part \\| Price" in table_row  # pipes in the preview are escaped: the row keeps 9 cells
    assert len(re.split(r"(?<!\\)\|", table_row.strip("|"))) == 9


def test_result_views_list_the_warnings(prices: dan.DanResult) -> None:
    assert "warning" not in display.result_html(prices) and "warning" not in display.result_markdown(prices)
    damaged = dan.convert(b"{\\rtf1\\ansi{\\fonttbl{\\f0 Arial;}}\\f0 Kept <text>.\\par {\\b unclosed")
    (warning,) = damaged.warnings
    page = damaged._repr_html_()
    assert '<p class="warnings">1 warning:</p>' in page
    assert f"<li>{warning.message} [unbalanced-groups: input]</li>" in page
    md = damaged._repr_markdown_()
    assert md.endswith(f"\n\n1 warning:\n\n- {warning}\n")
    empty = dan.convert_string("   ", doc_type="text")
    assert "empty" in empty._repr_markdown_() and "warning:" in empty._repr_html_()


def test_max_rows_cuts_and_says_so(prices: dan.DanResult) -> None:
    text = display.result_html(prices, max_rows=3)
    assert len(_html_rows(text)) == 3 and f"{len(prices) - 3} more chunks not shown" in text
    assert f"{len(prices) - 2} more chunks not shown" in display.result_markdown(prices, max_rows=2)
    with pytest.raises(dan.DanError):
        display.result_html(prices, max_rows=0)


def test_result_rows_accept_bare_records(prices: dan.DanResult) -> None:
    rows = display.result_rows(list(reversed(prices.records)))
    assert [r["seq"] for r in rows] == list(range(len(prices)))
    assert all(r["text"] == "" for r in rows)
    assert display.result_html(prices.records).count("<tr>") == len(prices) + 1
    with pytest.raises(dan.DanError):
        display.result_rows("not records")  # type: ignore[arg-type]


def test_expansion_rows_say_which_chunks_were_anchors_and_why(prices: dan.DanResult, review: dan.DanResult) -> None:
    table = [r["ssSeq"] for r in prices.records if r["ssTables"]]
    with Ven(prices.records).begin_expansion([table[2]]) as exp:
        exp.add_related_chunks()
        rows = display.expansion_rows(exp, prices)
    assert [r["seq"] for r in rows] == table
    assert [r["role"] for r in rows].count("anchor") == 1
    added = [r for r in rows if r["role"] == "added"]
    assert all(r["why"].startswith("completes table 1") for r in added)

    recs = review.records
    revs = [r["ssSeq"] for r in recs if r["ssRevs"]]
    coms = [r["ssSeq"] for r in recs if r["ssComs"]]
    v = Ven(recs)
    with v.begin_expansion([revs[0]]) as exp:
        exp.complete_revisions()
        exp.add_comment_chunks()
        why = {r["seq"]: r["why"] for r in display.expansion_rows(exp, recs)}
    assert why[revs[0]] == ""
    assert all("revisions" in why[s] for s in revs[1:])
    assert all("comments" in why[s] for s in coms)

    with v.begin_expansion([0]) as exp:
        exp.add_section_pages(0)
        rows = display.expansion_rows(exp, review)
    sect1 = [r["ssSeq"] for r in recs if r["ssSect"] == 1 and r["ssType"] == "body"]
    assert [r["seq"] for r in rows] == sect1
    plain = [r for r in rows if r["role"] == "added" and not r["revisions"] and not r["comments"]]
    assert plain and all(r["why"] == "same page as an anchor (1)" for r in plain)


def test_expansion_html_and_markdown(prices: dan.DanResult) -> None:
    table = [r["ssSeq"] for r in prices.records if r["ssTables"]]
    with Ven(prices.records).begin_expansion([table[0]]) as exp:
        exp.complete_tables()
        html_text = display.expansion_html(exp, prices)
        md_text = display.expansion_markdown(exp, prices)
        caption = f"1 anchor + {len(table) - 1} added chunks: {exp.tokens} tokens ({exp.enrichment_tokens} enrichment)"
    assert caption in html_text and caption in md_text
    assert html_text.count('<tr class="anchor">') == 1
    assert len(_html_rows(html_text)) == len(table)
    assert md_text.count("| added |") == len(table) - 1


def test_expansion_needs_matching_records(prices: dan.DanResult, review: dan.DanResult) -> None:
    with Ven(prices.records).begin_expansion([len(prices) - 1]) as exp:
        with pytest.raises(dan.DanError, match="same document"):
            display.expansion_rows(exp, review.records[:2])


def test_view_renders_in_notebooks(prices: dan.DanResult) -> None:
    v = display.view(prices)
    assert v._repr_html_() == display.result_html(prices)
    assert v._repr_markdown_() == display.result_markdown(prices) == str(v)
    with Ven(prices.records).begin_expansion([1]) as exp:
        ev = display.view(exp, prices)
        assert ev._repr_html_() == display.expansion_html(exp, prices)
        with pytest.raises(dan.DanError, match="view"):
            display.view(exp)


def test_token_plot_without_matplotlib(prices: dan.DanResult, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.setitem(sys.modules, "matplotlib.pyplot", None)
    with pytest.raises(MissingDependencyError, match="pip install matplotlib"):
        display.token_plot(prices)


def test_token_plot_with_matplotlib(prices: dan.DanResult) -> None:
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    ax = display.token_plot(prices, max_tokens=128)
    assert len(ax.patches) == len(prices)
    assert [p.get_height() for p in ax.patches] == [r["ssTokens"] for r in prices.records]
    assert any(line.get_ydata()[0] == 128 for line in ax.get_lines())
