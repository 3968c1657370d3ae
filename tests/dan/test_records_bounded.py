"""dan.pipeline.records._bounded writes a phrase field as join_list would write its phrases: the
phrases are collapsed, stripped and kept once already, so it only escapes and joins them."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from dan.pipeline.records import _bounded
from dan.pipeline.render import phrase
from ven.schema import join_list, split_list


def _reference(items: list[str], limit: int) -> str:
    """The rule written out: phrases, each once, while the joined field stays in ``limit``."""
    kept: list[str] = []
    seen: set[str] = set()
    for item in items:
        p = phrase(item)
        if not p or p.casefold() in seen:
            continue
        if len(join_list(kept + [p])) > limit:
            break
        seen.add(p.casefold())
        kept.append(p)
    return join_list(kept)


WORDS = st.sampled_from(["Alpha", "alpha", "R&D;", "a\\b", ";", "\\", " ", "\t", "\u00a0", "x" * 40, "Ärger", "ß"])
ITEMS = st.lists(st.lists(WORDS, max_size=8).map(" ".join), max_size=12)


@settings(max_examples=400, deadline=None)
@given(ITEMS, st.sampled_from([20, 60, 200, 1000]))
def test_bounded_writes_what_join_list_writes(items: list[str], limit: int) -> None:
    written = _bounded(items, limit)
    assert written == _reference(items, limit)
    assert len(written) <= limit
    assert list(split_list(written)) == [phrase(p) for p in split_list(written)]


def test_bounded_escapes_and_drops_repeats() -> None:
    assert _bounded(["R&D; Sales", "r&d;  sales", "a\\b", ""]) == "R&D\\; Sales; a\\\\b"
    assert _bounded([]) == ""


def test_the_plain_sample_reads_paragraphs_with_changes_accepted_else_rows() -> None:
    """ssPlain: the chunk's paragraphs as they read with tracked changes accepted (deleted
    text left out), or its table rows when it has no paragraph."""
    import dan
    from tests.dan.docx_builder import make_docx

    def cell(text: str) -> str:
        return f"<w:tc><w:p><w:r><w:t>{text}</w:t></w:r></w:p></w:tc>"

    changed = make_docx(
        '<w:p><w:r><w:t xml:space="preserve">Kept </w:t></w:r><w:del w:id="1" w:author="A">'
        "<w:r><w:delText>gone </w:delText></w:r></w:del><w:r><w:t>words.</w:t></w:r></w:p>"
    )
    assert dan.convert(changed, doc_type="docx").records[0]["ssPlain"] == "Kept words."
    rows = make_docx(
        f"<w:tbl><w:tr>{cell('a')}{cell('b')}</w:tr><w:tr>{cell('1')}{cell('2')}</w:tr></w:tbl>"
    )
    assert dan.convert(rows, doc_type="docx").records[0]["ssPlain"] == "a | b 1 | 2"
