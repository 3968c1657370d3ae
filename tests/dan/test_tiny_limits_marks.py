"""Revisions and comments at the smallest limits (issue found by an SDK review): a chunk too
small for a mark's note keeps the mark's brackets; deleted words never read as the
document's text; a small chunk is not topped up with one letter of a mark; a commented
sentence is not cut into single letters."""

from __future__ import annotations

import re

import pytest
from docx_builder import dele, ins, make_docx, p, r

import dan

COMMENT = (
    '<w:comment w:id="7" w:author="Mary Hoffins" w:date="2026-11-29T09:00:00Z"><w:p><w:r>'
    "<w:t>Suspension is too aggressive; propose thirty days notice instead of it.</w:t></w:r></w:p></w:comment>"
)


def _doc() -> bytes:
    body = (
        p(r("The fee is "), dele("obsolete hundred EUR", author="Alice Smith"),
          ins(r("120 EUR"), author="Bob Jones"), r(" per month."))
        + p(r("Late payments bear interest at 1.5% per month."))
        + p('<w:commentRangeStart w:id="7"/>', r("The Supplier may suspend the Services after a second reminder."),
            '<w:commentRangeEnd w:id="7"/>', r('<w:commentReference w:id="7"/>'))
    )
    return make_docx(body, comments=COMMENT)


_DELETION = re.compile(r"\{--.*?--\}(?:\{>>.*?<<\})?", re.S)


@pytest.mark.parametrize("limit", range(16, 72, 4))
def test_deleted_words_never_read_as_the_documents_text(limit: int) -> None:
    res = dan.convert(_doc(), max_tokens=limit)
    for chunk in res.chunks:
        assert dan.count_tokens(chunk) <= limit
        live = _DELETION.sub(" ", chunk)
        assert "obsol" not in live and "hundred" not in live, (limit, chunk)
    # and none of the deleted words is lost: each stands inside a deletion somewhere
    deleted = " ".join(m.group(0) for c in res.chunks for m in _DELETION.finditer(c))
    for word in ("obsolete", "hundred", "EUR"):
        assert word in deleted, (limit, word)


def test_a_small_chunk_is_not_topped_up_with_a_letter_of_a_mark() -> None:
    bodies = [c.split("\n\n", 1)[1] for c in dan.convert(_doc(), max_tokens=32).chunks]
    assert "The fee is" in bodies  # alone: the deletion starts the next chunk whole, with its note
    assert any(b.startswith("{--obsolete") and "{>>rev: Alice Smith" in b for b in bodies)
    assert all(not re.fullmatch(r"\{==.{1,2}==\}", b) for b in bodies)


def test_a_commented_sentence_is_not_cut_into_letters_when_its_note_cannot_fit() -> None:
    res = dan.convert(_doc(), max_tokens=32)  # the note alone is over the limit
    commented = [c for c in res.chunks if "{==" in c]
    assert commented and all(len(c.split("\n\n", 1)[1]) > 20 for c in commented)
    assert "{==The Supplier may suspend the Services after a second reminder.==}" in "".join(res.chunks)
    roomy = dan.convert(_doc(), max_tokens=96)  # where it fits, the note stays
    assert any("{>>Mary Hoffins, 2026-11-29: Suspension is too aggressive" in c for c in roomy.chunks)
