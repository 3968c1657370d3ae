"""Cross-references: labels, mentions, their resolution, and the records dan writes."""

from __future__ import annotations

import pytest
from docx_builder import make_docx, p, r, tbl, tc, tr
from hypothesis import given, settings
from hypothesis import strategies as st

import dan
import ven
from dan.pipeline.references import (
    caption_tables,
    common_labels,
    heading_labels,
    mentions,
    paragraph_label,
    resolve,
)
from ven.schema import label_key, split_list


@pytest.mark.parametrize(
    ("heading", "labels"),
    [
        ("9 Limitation of liability", ["9", "Limitation of liability"]),
        ("9.2. Caps", ["9.2", "Caps"]),
        ("Section 12: Safety evaluation", ["12", "Safety evaluation"]),
        ("Clause 4 – Service credits", ["4", "Service credits"]),
        ("Schedule 3 – Special provisions", ["Schedule 3", "Special provisions"]),
        ("Appendix B", ["Appendix B"]),
        ("Appendix b", ["Appendix b"]),  # a part is named by a capital letter or a number
        ("Annex IV Tools", ["Annex IV", "Tools"]),
        ("Definitions", ["Definitions"]),
        ("Finding F-19 – Calibration records", ["Finding F-19", "Calibration records"]),
        ("Resolution 47/3", ["Resolution 47/3"]),
        ("Findings 2023", ["Findings 2023"]),  # a plural is no item: a heading about 2023
        ("Decısion 12", ["Decision 12"]),
        ("2025 in review", ["2025", "in review"]),
        ("", []),
    ],
)
def test_heading_labels(heading, labels):
    assert heading_labels(heading) == labels


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("9.2 The total liability of the Supplier", "9.2"),
        ("1.1. Scope of work", "1.1"),
        ("3 people attended the meeting", None),  # no dot: not a clause number
        ("Table 3: Day rates for field services", "Table 3"),
        ("Figure 2. Floor plan", "Figure 2"),
        ("Table 3 shows the rates", None),  # a mention, not a caption
        ("The rates are in 9.2", None),
        ("Resolution 47/3: the board approved capital expenditure", "Resolution 47/3"),
        ("Finding F-19 (Major): calibration records incomplete", "Finding F-19"),
        ("Decision 12. The committee", "Decision 12"),
        ("Resolution 47/3 was carried", None),  # a mention, not the item
        ("Resolutions 4: none", None),
        ("finding f-19: lower-case code", None),  # a code is capitals
    ],
)
def test_paragraph_label(text, label):
    assert paragraph_label(text) == label


@pytest.mark.parametrize(
    ("text", "found"),
    [
        ("By way of derogation from clause 9.2, liability is limited.", ["9.2"]),
        ("Notwithstanding Clause 4, if a service fails", ["4"]),
        ("see Sections 4 and 5 and Schedule 3", ["4", "5", "Schedule 3", "Sections"]),
        ("in § 7 and Article 3", ["7", "3"]),
        ("the table in section 5", ["5"]),  # "in" is not a table's name
        ("under clause 9.2(a)", ["9.2"]),
        ("figs. 2 and 3, tables 1, 2 or 3", ["Figure 2", "Figure 3", "Table 1", "Table 2", "Table 3"]),
        ("as defined in Definitions below", ["Definitions"]),
        ("see Terms of Payment", ["Terms of Payment", "Terms"]),
        ("Part A applies", []),  # a numbered kind needs a number
        ("The approval of resolution 47/3 is subject to planning permission", ["Resolution 47/3"]),
        ("see findings F-2 and F-7, Decision 12, requirements R12, R-13 or 4.2",
         ["Finding F-2", "Finding F-7", "Decision 12", "Requirement R12", "Requirement R-13", "Requirement 4.2"]),
        ("a decision was made; the motion carried", []),  # an item needs its number
        ("resolution 47/3/1/2/5", []),  # more parts than a number has
        # letters IGNORECASE matches to a kind's letters: the long s, the dotless and dotted i
        ("As per FİNDİNG F-3, reſolution 47/3 and observatıon 3", ["Finding F-3", "Resolution 47/3", "Observation 3"]),
        ("no references here", []),
    ],
)
def test_mentions(text, found):
    assert mentions(text) == found


def test_resolve_keeps_labels_other_chunks_carry():
    labels = [["4", "Service credits"], ["7", "7.1"], ["Schedule 3"]]
    mentioned = [["4", "9"], ["4", "schedule 3"], ["7.1"]]
    # chunk 0's own clause and an unknown clause 9 are no references; the case of the
    # mention does not matter and the label is written as where it is defined
    assert resolve(labels, mentioned) == [[], ["4", "Schedule 3"], ["7.1"]]


def test_common_labels_and_captions():
    assert common_labels([["Agreement", "4"], ["agreement", "7"]]) == {"agreement"}
    assert common_labels([["Agreement"]]) == set()
    texts = ["Table 2: Day rates", "", "", "Table 9 is below", "", "1.2 Rates"]
    tables = [0, 1, 1, 0, 2, 0]
    assert caption_tables(texts, tables) == {1: "Table 2"}


@given(st.text(max_size=300))
def test_mentions_of_any_text_are_short_distinct_labels(text):
    found = mentions(text)
    assert len({label_key(x) for x in found}) == len(found)
    assert all(x.strip() and len(x) <= 200 for x in found)


@given(
    st.lists(st.lists(st.sampled_from(["1", "2", "2.1", "Schedule 3", "Definitions"]), max_size=3), max_size=6),
    st.data(),
)
def test_resolved_references_are_carried_elsewhere_and_not_here(labels, data):
    mentioned = [data.draw(st.lists(st.sampled_from(["1", "2", "2.1", "schedule 3", "9", "x"]), max_size=4)) for _ in labels]
    refs = resolve(labels, mentioned)
    assert len(refs) == len(labels)
    for i, own in enumerate(refs):
        mine = {label_key(x) for x in labels[i]}
        for ref in own:
            key = label_key(ref)
            assert key not in mine
            assert any(key in {label_key(x) for x in other} for j, other in enumerate(labels) if j != i)
            assert key in {label_key(x) for x in mentioned[i]}


CONTRACT = """# Supply agreement

## 1 Definitions

"Products" means the valves listed in Schedule 1.

## 4 Service credits

4.1 Service credits are the only remedy for a missed service level.

## 7 Termination

7.1 Notwithstanding clause 4, the customer may terminate a service that misses its target three months in a row.

## 9 Liability

9.2 The total liability of the Supplier is limited to the fees of twelve months.

## Schedule 1 – Products

Table 1: Products and prices

| Product | Price |
|---|---|
| Valve DN50 | 120 |

## Schedule 3 – Special provisions

By way of derogation from clause 9.2, liability for data protection breaches is limited to EUR 2,500,000 per claim (see Table 1 and section 12).
"""


def _by_text(result: dan.DanResult, needle: str) -> dict[str, object]:
    return next(rec for ch, rec in zip(result.chunks, result.records) if needle in ch)


def test_records_carry_labels_and_resolved_references():
    res = dan.convert_string(CONTRACT, "markdown", max_tokens=60)
    termination = _by_text(res, "Notwithstanding clause 4")
    schedule = _by_text(res, "By way of derogation")
    credits = _by_text(res, "only remedy")
    assert split_list(str(termination["ssRefs"])) == ("4",)
    assert {"7", "Termination", "7.1"} <= set(split_list(str(termination["ssLabels"])))
    assert {"4", "Service credits", "4.1"} <= set(split_list(str(credits["ssLabels"])))
    # section 12 exists nowhere: dropped, not guessed; the title heading is in every path
    assert split_list(str(schedule["ssRefs"])) == ("9.2", "Table 1")
    assert all("Supply agreement" not in str(rec["ssLabels"]) for rec in res.records)
    # the caption names the table after it, in every chunk of that table
    table_chunks = [rec for rec in res.records if rec["ssTables"]]
    assert table_chunks and all("Table 1" in split_list(str(rec["ssLabels"])) for rec in table_chunks)


MINUTES = """# Minutes of board meeting 47

## 3 Site expansion

Resolution 47/3: the board approved capital expenditure of GBP 4.2 million for the site expansion.

## 4 Audit

Finding F-19 (Major): calibration records of the torque wrenches were incomplete.

## 8 Any other business

The approval of resolution 47/3 is subject to planning permission being granted by 30 June 2025.
The closure of finding F-19 was confirmed; finding F-20 does not exist.
"""


def test_numbered_items_of_minutes_and_audits_are_labels_their_mentions_refer_to():
    res = dan.convert_string(MINUTES, "markdown", max_tokens=30)
    capex = _by_text(res, "Resolution 47/3: the board")
    finding = _by_text(res, "Finding F-19 (Major)")
    condition = _by_text(res, "subject to planning permission")
    closure = _by_text(res, "closure of finding F-19")
    assert "Resolution 47/3" in split_list(str(capex["ssLabels"]))
    assert "Finding F-19" in split_list(str(finding["ssLabels"]))
    assert split_list(str(condition["ssRefs"])) == ("Resolution 47/3",)
    assert split_list(str(closure["ssRefs"])) == ("Finding F-19",)  # F-20 is nowhere: dropped
    v = ven.Ven(res.records)
    assert int(condition["ssSeq"]) in v.references(int(capex["ssSeq"]))  # type: ignore[call-overload]


NOTED = (
    "# Terms\n\nPrices are net.[^1] " + "Filler text here. " * 30
    + "\n\n# Other\n\n" + "More filler. " * 40
    + "\n\n[^1]: Plus VAT at the statutory rate.\n[^2]: A note nothing cites.\n"
)


def test_a_footnote_marker_refers_to_its_note_and_ven_can_leave_notes_out():
    res = dan.convert_string(NOTED, "markdown", max_tokens=60)
    cites = _by_text(res, "Prices are net.[^1]")
    note = _by_text(res, "[^1]: Plus VAT")
    assert note["ssType"] == "footnote" and "^1" in split_list(str(note["ssLabels"]))
    assert split_list(str(cites["ssRefs"])) == ("^1",)
    assert not any("^2" in str(r["ssLabels"]) for r in res.records)  # nothing cites note 2: no label
    v = ven.Ven(res.records)
    seq, note_seq = int(cites["ssSeq"]), int(note["ssSeq"])  # type: ignore[call-overload]
    assert v.references(seq) == (note_seq,) and v.references(seq, notes=False) == ()
    assert v.references(note_seq) == (seq,)  # the note is cited by the chunk
    assert v.references(note_seq, notes=False) == ()
    with v.begin_expansion([seq]) as exp:
        exp.add_referenced_chunks(notes=False)
        assert exp.seqs == (seq,)
        exp.add_referenced_chunks()
        assert note_seq in exp.seqs


def test_ven_follows_the_references_of_dan_records():
    res = dan.convert_string(CONTRACT, "markdown", max_tokens=60)
    v = ven.Ven(res.records)
    assert v.has_references
    liability = int(_by_text(res, "9.2 The total liability")["ssSeq"])  # type: ignore[call-overload]
    schedule = int(_by_text(res, "By way of derogation")["ssSeq"])  # type: ignore[call-overload]
    credits = int(_by_text(res, "only remedy")["ssSeq"])  # type: ignore[call-overload]
    termination = int(_by_text(res, "Notwithstanding clause 4")["ssSeq"])  # type: ignore[call-overload]
    assert schedule in v.references(liability)  # the derogation qualifies clause 9.2
    assert liability in v.references(schedule, referring=False)
    assert termination in v.references(credits)
    with v.begin_expansion([liability]) as exp:
        exp.add_referenced_chunks()
        assert schedule in exp.seqs


def test_docx_numbered_clauses_and_named_schedules():
    body = "".join(
        [
            p(r("5 Payment"), style="Heading1"),
            p(r("5.1 Invoices are payable within 30 days.")),
            p(r("Schedule 2 Rates"), style="Heading1"),
            p(r("Notwithstanding clause 5.1, invoices for field services are payable within 14 days.")),
        ]
    )
    res = dan.convert(make_docx(body), "docx", max_tokens=30)
    rates = _by_text(res, "field services")
    payment = _by_text(res, "30 days")
    assert split_list(str(rates["ssRefs"])) == ("5.1",)
    assert "Schedule 2" in split_list(str(rates["ssLabels"]))
    assert "5.1" in split_list(str(payment["ssLabels"]))


def test_docx_automatic_numbering_labels_clauses():
    """Clause numbers that only Word's numbering shows (numId 3: "%1." headings, "%1.%2"
    clauses) are written into the text, so they label the clauses and mentions resolve."""
    body = "".join(
        [
            p(r("Payment"), style="Heading1", num=(3, 0)),
            p(r("Invoices are payable within 30 days."), num=(3, 1)),
            p(r("Late invoices bear interest."), num=(3, 1)),
            p(r("Rates"), style="Heading1", num=(3, 0)),
            p(r("Notwithstanding clause 1.2, field invoices bear none. See section 1 for the rest."), num=(3, 1)),
        ]
    )
    res = dan.convert(make_docx(body), "docx", max_tokens=30)
    late = _by_text(res, "Late invoices")
    field = _by_text(res, "field invoices")
    assert split_list(str(late["ssLabels"])) == ("1", "Payment", "1.2")
    assert "2.1" in split_list(str(field["ssLabels"]))
    assert "1.2" in split_list(str(field["ssRefs"]))
    section_one = [rec for rec in res.records if "1" in split_list(str(rec["ssLabels"]))]
    assert section_one and all("Payment" in split_list(str(rec["ssLabels"])) for rec in section_one)


def test_documents_without_references_write_empty_fields():
    res = dan.convert_string("# Notes\n\nNothing refers to anything here.\n", "markdown")
    assert [rec["ssRefs"] for rec in res.records] == [""]
    assert not ven.Ven(res.records).has_references


_PARTS = st.sampled_from(
    ["clause", "Clauses", "SECTION", "section", "§", "§§", "para.", "Para", "part", "parts", "Schedule",
     "annexe", "Figs.", "table", "subsection", "x", "4", "9.2", "A", "IV", "b", "and", "or", ",", "&",
     " ", "  ", "\n", ".", "(", "İ", "ß", "_", "é", "3a"]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_PARTS, max_size=40))
def test_mentions_are_matched_where_the_full_scan_matches_them(parts: list[str]) -> None:
    from dan.pipeline.references import _MENTION, _mention_matches

    text = "".join(parts)
    assert [m.span() for m in _mention_matches(text)] == [m.span() for m in _MENTION.finditer(text)]


def _html_records(html: str, max_tokens: int = 40) -> list[dict]:
    return [dict(r) for r in dan.convert_string(html, "html", max_tokens=max_tokens).records]


_FILLER = "The policy applies to every employee of the group and to contractors on site. "


def test_html_internal_links_refer_to_the_chunk_holding_the_anchor():
    recs = _html_records(
        f'<h1>Policy</h1><section id="scope"><h2>1 Scope</h2><p>{_FILLER}</p></section>'
        f'<h2 id="fees">2 Fees</h2><p>Fees are <span id="cap">capped</span> at 5 %. {_FILLER}</p>'
        f'<h2 id="other">3 Other</h2><p>See <a href="#fees">the fee rules</a>, <a href="#nowhere">x</a> '
        f'and <a href="#other">this clause</a>. {_FILLER}</p>'
        '<table><tr><th>Item</th><th>Rule</th></tr><tr><td>Cap</td><td>See <a href="#cap">cap</a></td></tr></table>'
    )
    fees = next(r for r in recs if "2" in split_list(str(r["ssLabels"])))
    other = next(r for r in recs if "nowhere" not in str(r) and "3" in split_list(str(r["ssLabels"])) and r["ssRefs"] and "Cap" not in str(r))
    row = recs[-1]
    # an anchor is a label only where a link points at it; an unknown or own anchor is no reference
    assert split_list(str(fees["ssLabels"])) == ("2", "Fees", "#fees", "#cap")
    assert not any("#scope" in str(r["ssLabels"]) or "#other" in str(r["ssLabels"]) for r in recs)
    assert split_list(str(other["ssRefs"])) == ("#fees",)
    assert split_list(str(row["ssRefs"])) == ("#cap",)  # a link in a table cell
    v = ven.Ven(recs)
    assert fees["ssSeq"] in v.references(int(other["ssSeq"]), referring=False)
    assert int(other["ssSeq"]) in v.references(int(fees["ssSeq"]))


def test_a_chunk_of_many_internal_links_is_navigation_not_references():
    toc = "".join(f'<li><a href="#s{i}">Topic {i}</a></li>' for i in range(9))
    body = "".join(f'<h2 id="s{i}">Topic {i}</h2><p>{_FILLER}</p>' for i in range(9))
    recs = _html_records(f"<h1>Manual</h1><ul>{toc}</ul>{body}", max_tokens=120)
    assert not any(r["ssRefs"] for r in recs)
    assert not any("#s" in str(r["ssLabels"]) for r in recs)
    few = "".join(f'<li><a href="#s{i}">Topic {i}</a></li>' for i in range(8))
    recs = _html_records(f"<h1>Manual</h1><ul>{few}</ul>{body}", max_tokens=120)
    # eight links are references: to every part outside the list's own chunk
    elsewhere = {x for r in recs[1:] for x in split_list(str(r["ssLabels"])) if x.startswith("#")}
    refs = set(split_list(str(recs[0]["ssRefs"])))
    assert refs == elsewhere and refs <= {f"#s{i}" for i in range(8)} and len(refs) >= 6


_CLAUSE = "The supplier shall deliver the goods to the agreed warehouse in good order. "
_REF_FIELD = '<w:fldSimple w:instr=" REF {} \\h "><w:r><w:t>Liability</w:t></w:r></w:fldSimple>'
_PAGEREF = (
    '<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGEREF {} \\h </w:instrText></w:r>'
    '<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>2</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r>'
)


def _docx_records(*paragraphs: str) -> list[dict]:
    return [dict(rec) for rec in dan.convert(make_docx("".join(paragraphs)), "docx", max_tokens=40).records]


def _bookmarked(name: str, text: str, **kw: str) -> str:
    return p(f'<w:bookmarkStart w:id="1" w:name="{name}"/>' + r(text) + '<w:bookmarkEnd w:id="1"/>', **kw)


def test_docx_ref_fields_and_internal_hyperlinks_refer_to_the_bookmarked_chunk():
    recs = _docx_records(
        _bookmarked("_Ref900", "Liability", style="Heading1"),
        p(r("The total liability is limited to the fees paid. " + _CLAUSE)),
        p(r("Delivery"), style="Heading1"),
        p(r("Subject to ") + _REF_FIELD.format("_Ref900") + r(", delivery is free. " + _CLAUSE)),
        p(r("See ") + '<w:hyperlink w:anchor="_Ref900"><w:r><w:t>the cap</w:t></w:r></w:hyperlink>. ' + r(_CLAUSE)),
        p(r("Page ") + _PAGEREF.format("_Ref900") + r(". " + _CLAUSE)),
        tbl(
            tr(tc(p(r("Item"))), tc(p(r("Rule"))), header=True),
            tr(tc(p(r("Cap"))), tc(p('<w:hyperlink w:anchor="_Ref900"><w:r><w:t>see the cap</w:t></w:r></w:hyperlink>'))),
        ),
    )
    assert split_list(str(recs[0]["ssLabels"])) == ("Liability", "#_Ref900")
    referring = [r["ssSeq"] for r in recs if r["ssRefs"]]
    assert [r["ssRefs"] for r in recs if r["ssRefs"]] == ["#_Ref900"] * 4  # REF, hyperlink, PAGEREF, the table row
    assert ven.Ven(recs).references(0) == tuple(referring)


def test_docx_bookmarks_nothing_links_to_and_table_of_contents_entries_are_not_references():
    toc = (
        '<w:fldSimple w:instr=" TOC \\o &quot;1-3&quot; \\h ">'
        '<w:hyperlink w:anchor="_Toc1"><w:r><w:t>Liability</w:t></w:r></w:hyperlink>'
        + _PAGEREF.format("_Toc1")
        + "</w:fldSimple>"
    )
    recs = _docx_records(
        p(r("Contents"), style="Heading1"),
        p(toc),
        _bookmarked("_Toc1", "Liability", style="Heading1"),
        p(r(_CLAUSE)),
        p('<w:bookmarkStart w:id="2" w:name="_GoBack"/>' + r("Delivery"), style="Heading1"),
        p(r("See ") + '<w:hyperlink w:anchor="_GoBack"><w:r><w:t>here</w:t></w:r></w:hyperlink> ' + r(_CLAUSE)),
    )
    assert not any(r["ssRefs"] for r in recs)
    assert not any("#" in str(r["ssLabels"]) for r in recs)


def _docx_blocks(*paragraphs: str) -> list[tuple[str, tuple[str, ...], tuple[str, ...]]]:
    from dan.readers.docx.reader import read_docx
    from dan.limits import Limits

    doc = read_docx(make_docx("".join(paragraphs)), Limits())
    return [(type(b).__name__, getattr(b, "anchors", ()), getattr(b, "links", ())) for b in doc.body]


def test_a_docx_bookmark_between_or_in_empty_paragraphs_labels_the_next_paragraph_with_text():
    blocks = _docx_blocks(
        p(r("Liability"), style="Heading1"),
        '<w:bookmarkStart w:id="5" w:name="cap"/>',
        p('<w:bookmarkStart w:id="6" w:name="cap2"/><w:bookmarkEnd w:id="6"/>'),
        p(r("The total liability is limited to the fees paid.")),
        p(r("See ") + _REF_FIELD.format("cap") + r(" and ") + _REF_FIELD.format("cap2") + r(".")),
    )
    assert blocks[0] == ("Heading", (), ())
    assert blocks[-2] == ("Paragraph", ("cap", "cap2"), ())  # both waited for a paragraph with text
    assert blocks[-1] == ("Paragraph", (), ("cap", "cap2"))


def test_docx_links_to_another_document_are_not_internal():
    ext = '<w:hyperlink r:id="rId99" w:anchor="terms"><w:r><w:t>their terms</w:t></w:r></w:hyperlink>'
    local = '<w:hyperlink w:anchor="terms"><w:r><w:t>our terms</w:t></w:r></w:hyperlink>'
    fld = '<w:fldSimple w:instr=" HYPERLINK {} "><w:r><w:t>x</w:t></w:r></w:fldSimple>'
    blocks = _docx_blocks(
        p(r("See ") + ext),
        p(r("See ") + local),
        p(fld.format("\\l &quot;terms&quot;")),
        p(fld.format("&quot;https://example.com/a&quot; \\l &quot;terms&quot;")),
    )
    assert [links for _kind, _anchors, links in blocks] == [(), ("terms",), ("terms",), ()]


def test_a_text_box_keeps_its_own_anchors_and_leaves_the_waiting_ones():
    box = (
        '<w:r><w:pict><v:shape xmlns:v="urn:schemas-microsoft-com:vml"><v:textbox><w:txbxContent>'
        '<w:p><w:bookmarkStart w:id="8" w:name="inbox"/><w:r><w:t>Boxed text.</w:t></w:r></w:p>'
        "</w:txbxContent></v:textbox></v:shape></w:pict></w:r>"
    )
    blocks = _docx_blocks('<w:bookmarkStart w:id="7" w:name="outer"/>', p(r("Main text.") + box))
    assert blocks == [("Paragraph", ("outer",), ()), ("Paragraph", ("inbox",), ())]


def test_html_caption_rows_and_split_blocks_carry_their_anchors_once():
    long = " ".join(f"Sentence {i} of the long rule about fees and their caps." for i in range(40))
    recs = _html_records(
        '<table><tr><td colspan="2"><a name="fees"></a>Fee table</td></tr>'
        "<tr><th>A</th><th>B</th></tr><tr><td>1</td><td>2</td></tr></table>"
        f'<p id="long">{long}</p>'
        '<h2>Other</h2><p>See <a href="#fees">the fees</a> and <a href="#long">the rule</a>.</p>'
    )
    holders = {x: [r["ssSeq"] for r in recs if x in split_list(str(r["ssLabels"]))] for x in ("#fees", "#long")}
    assert len(holders["#fees"]) == 1 and len(holders["#long"]) == 1  # a cut paragraph: its first part
    assert set(split_list(str(recs[-1]["ssRefs"]))) == {"#fees", "#long"}


def test_html_navigation_lists_and_back_to_top_links_are_not_references():
    toc = "".join(f'<li><a href="#s{i}">Topic {i}</a></li>' for i in range(12))
    body = "".join(f'<h2 id="s{i}">Topic {i}</h2><p>{_FILLER}</p><p><a href="#top">Back to top</a></p>' for i in range(12))
    recs = _html_records(f'<h1 id="top">Manual</h1><ul>{toc}</ul>{body}', max_tokens=40)  # the list spans chunks
    assert not any(r["ssRefs"] for r in recs)
    links = " ".join(f'<a href="#n{i}">see part {i}</a>' for i in range(10))
    parts = "".join(f'<p id="n{i}">Part {i}: {_FILLER}</p>' for i in range(10))
    res = dan.convert_string(f"<h1>Paper</h1><p>A claim, {links}.</p><h2>Parts</h2>{parts}", "html", max_tokens=60)
    assert len(split_list(str(_by_text(res, "A claim")["ssRefs"]))) == 10  # a paragraph's own links are references


@pytest.mark.parametrize(
    "marker",
    [
        '<sup><a href="#fn{i}" id="fnref{i}">{i}</a></sup>',  # a note marker in superscript
        '<sup class="reference"><span><a href="#fn{i}">[{i}]</a></span></sup>',  # MediaWiki
        '<a href="#fn{i}" class="footnote-ref" id="fnref{i}" role="doc-noteref">{i}</a>',  # pandoc
        '<a epub:type="noteref" href="#fn{i}">{i}</a>',
        '<a href="#_ftn{i}" name="_ftnref{i}"><sup>[{i}]</sup></a>',  # Word's HTML export
    ],
)
def test_html_note_markers_and_back_links_are_no_references(marker: str) -> None:
    # a note is its own text (like a DOCX footnote): following its marker under a token cap
    # would spend the cap on the note instead of the next hit
    marks = "".join(marker.format(i=i) for i in (1, 2))
    back = '<a href="#fnref{i}" class="footnote-back" role="doc-backlink">↩</a>'
    notes = "".join(f'<li id="fn{i}">Note {i}: {_FILLER}{back.format(i=i)}</li>' for i in (1, 2))
    html = f'<h1>Policy</h1><p>Rates apply.{marks} {_FILLER}</p><p>{_FILLER}</p><ol>{notes}</ol>'
    recs = _html_records(html, max_tokens=40)
    assert len(recs) >= 3
    assert not any(r["ssRefs"] for r in recs)
    assert not any("#fn" in str(r["ssLabels"]) for r in recs)  # nothing links to them: no labels


@pytest.mark.parametrize(
    "link",
    [
        '<a href="#rates">the rates</a>',  # an ordinary link
        '<a class="legend-note" href="#rates">the rates</a>',  # a class that merely contains "note"
        '<a class="citation-link" href="#rates">the rates</a>',
    ],
)
def test_html_links_that_are_no_note_markers_stay_references(link: str) -> None:
    html = f'<h1>Policy</h1><p>See {link}. {_FILLER}</p><p>{_FILLER}</p><p id="rates">Rates: {_FILLER}</p>'
    res = dan.convert_string(html, "html", max_tokens=40)
    assert split_list(str(_by_text(res, "See the rates")["ssRefs"])) == ("#rates",)


def test_an_unclosed_sup_does_not_make_the_links_of_later_blocks_notes() -> None:
    html = (
        f'<h1>Policy</h1><p>Rates<sup>1<table><tr><td>see <a href="#rates">the rates</a> {_FILLER}</td></tr></table>'
        f'<p>{_FILLER}</p><p id="rates">Rates: {_FILLER}</p>'
    )
    res = dan.convert_string(html, "html", max_tokens=40)
    assert split_list(str(_by_text(res, "see the rates")["ssRefs"])) == ("#rates",)


def test_a_docx_paragraph_keeps_its_own_bookmarks_before_the_nearest_waiting_ones():
    waiting = "".join(f'<w:bookmarkStart w:id="{i}" w:name="_Hlk{i}"/>' for i in range(20))
    [(_, anchors, _links)] = _docx_blocks(waiting + p('<w:bookmarkStart w:id="99" w:name="real"/>' + r("Text.")))
    assert anchors[0] == "real" and anchors[1:] == tuple(f"_Hlk{i}" for i in range(5, 20))
