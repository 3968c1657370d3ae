"""dan's phrase fields as the index reads them (SPEC §7 "Phrase fields" and "Index entry")."""

from __future__ import annotations

import dan
from hypothesis import given, settings
from hypothesis import strategies as st
from ven import Ven, split_list

HTML = """<html><head><title>Supply agreement</title></head><body>
<h1>Parties</h1><p>Between <b>Acme Corp</b> and <i>Globex Ltd</i>; signed in Geneva in 2021.</p>
<p>Payment <ins data-author="Alice Smith" datetime="2024-01-02">within 30 days</ins>.</p>
<h2>Fees</h2><ul><li>Setup fee; one-off</li><li>42</li></ul>
<table><tr><th>Item</th><th>Price</th></tr><tr><td>Setup</td><td>100</td></tr></table>
</body></html>"""


def names(doc_title: str, chunk_index: int, plain_text: str) -> dan.Names:
    return dan.Names(
        persons=["Jane Roe"] if "Acme" in plain_text else [],
        orgs=["Acme Corp", "Globex Ltd"],
        places=["Geneva"],
        terms=["supply agreement terms", "2021", "7"],
    )


def convert() -> dan.DanResult:
    return dan.convert_string(HTML, doc_type="html", doc_id="SUP-1", names=names)


def test_phrase_fields_follow_the_record_rules() -> None:
    for rec in convert().records:
        for field in ("ssHeadings", "ssBold", "ssItalic", "ssTableHeads", "ssLists", "ssFields",
                      "ssPersons", "ssOrgs", "ssPlaces", "ssTerms", "ssPlain"):
            value = rec[field]
            assert isinstance(value, str)
            assert len(value) <= 1000
            if field != "ssPlain":
                assert all(len(p) <= 100 for p in split_list(value))
        for h in split_list(str(rec["ssHeadings"])):
            assert h.split(" ", 1)[0] in ("#", "##", "###")


def test_names_hook_and_markup_reach_the_index_groups() -> None:
    res = convert()
    entry = Ven(res.records).create_document_index(100, count_tokens=dan.count_tokens)
    lines = dict(line.split(": ", 1) for line in entry.text.split("\n")[2:])
    assert lines["Reviewers"] == "Alice Smith"
    assert lines["Persons"] == "Jane Roe"
    assert lines["Organisations"] == "Acme Corp; Globex Ltd"  # bold/italic copies: first group wins
    assert lines["Places"] == "Geneva"
    assert lines["Terms"] == "supply agreement terms; 2021"  # a year stays, "7" is dropped
    assert lines["Headings"] == "Parties; Fees"
    assert "Item; Price" in lines["Table columns"]
    assert "Setup fee, one-off" in lines["Lists"]  # a ';' inside a phrase becomes ','
    assert "42" not in lines.get("Lists", "").split("; ")
    assert "Bold" not in lines and "Italic" not in lines
    assert entry.text.startswith("[DOC SUP-1] Supply agreement\ntables: yes; revisions: yes; comments: no;")


def test_plain_sample_is_free_text_not_a_list() -> None:
    rec = convert().records[0]
    plain = rec["ssPlain"]
    assert isinstance(plain, str)
    assert "; signed in Geneva" in plain  # dan writes ssPlain raw, not with join_list
    entry = Ven(convert().records).create_document_index(100).text
    excerpts = dict(line.split(": ", 1) for line in entry.split("\n")[2:])["Excerpts"]
    assert "Between Acme Corp and Globex Ltd, signed in Geneva in 2021" in excerpts


def _plain_sample_reference(texts: list[str], limit: int = 300) -> str:
    """plain_sample as first written: every text collapsed and joined, then cut."""
    import re

    from dan.pipeline.render import phrase

    text = " ".join(" ".join(t.split()) for t in texts if t.strip())
    if len(text) <= limit:
        return text
    out = ""
    for sentence in re.split(r"(?<=[.!?。！？])\s+", text):
        candidate = (out + " " + sentence).strip()
        if len(candidate) > limit:
            break
        out = candidate
    return out or phrase(text, limit)


_SAMPLE_TEXT = st.text(alphabet="ab .!?\n\t\u00a0。x", max_size=120)


@given(st.lists(_SAMPLE_TEXT, max_size=30), st.integers(min_value=1, max_value=60))
@settings(max_examples=400, deadline=None)
def test_plain_sample_reads_only_what_it_needs_and_gives_the_same(texts: list[str], limit: int) -> None:
    from dan.pipeline.records import plain_sample

    assert plain_sample(texts, limit) == _plain_sample_reference(texts, limit)


def test_plain_sample_of_a_long_chunk_is_its_first_sentences() -> None:
    from dan.pipeline.records import plain_sample

    texts = [f"Sentence number {i} ends here." for i in range(2000)]
    assert plain_sample(texts) == _plain_sample_reference(texts)
    assert plain_sample(texts).startswith("Sentence number 0 ends here. Sentence number 1")
    assert plain_sample(["x" * 5000]) == _plain_sample_reference(["x" * 5000])
