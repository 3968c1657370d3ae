"""The extractive offline answer (demo.store.extract): units, scoring, limits, never invented."""

from __future__ import annotations

import re

import dan
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from demo.store import Extract, ExtractItem
from demo.store.extract import asked_dates, asked_marks, asked_value, HEADING, NOT_FOUND, extract_answer, unit_locator

CONTRACT = (
    "[doc_title: Supply Agreement | section_path: 3. Fees and payment | page_range: 2]\n\n"
    "# 3. Fees and payment\n\n"
    "**Supply Agreement**\n\n"
    "Invoices are payable within forty-five days of receipt. Late payments bear interest at 1.5% per month. "
    "The Supplier may suspend deliveries after a second reminder.\n\n"
    "- Prices are fixed until 31 December 2025.\n"
    "- Document No. SA-2025-17 applies."
)
PRICES = (
    "[doc_title: Price List | section_path: 6 Price table]\n\n"
    "| Item No. | Description | Unit price (EUR) | Lead time |\n"
    "| --- | --- | --- | --- |\n"
    "| HIT-1001 | Gasket set PTFE, DN40 | 120.00 | 3 weeks |\n"
    "| HIT-1002 | Y-strainer, cast iron | 940.50 | 12 weeks |\n"
    "| HIT-1003 | Handle kit, steel | 35.10 | 12 weeks |\n"
)
PASSAGES = [(CONTRACT, "Supply Agreement · 3. Fees and payment · p. 2", "p-contract"), (PRICES, "Price List · 6 Price table", "p-prices")]


def test_the_matching_sentence_verbatim_with_its_citation() -> None:
    ex = extract_answer("Within how many days are invoices payable?", PASSAGES)
    assert isinstance(ex, Extract) and ex.found
    top = ex.items[0]
    assert isinstance(top, ExtractItem)
    assert top.text == "Invoices are payable within forty-five days of receipt."
    assert top.locator == "Supply Agreement · 3. Fees and payment · p. 2" and top.passage_id == "p-contract"
    assert ex.text.startswith(HEADING + "\n- Invoices are payable within forty-five days of receipt. [Supply Agreement")


def test_word_forms_of_one_stem_match() -> None:
    # (English Snowball stems: "rotation" finds "rotated", which a suffix list cut to "rot" and "rotat")
    text = (
        "[doc_title: Plant Log | section_path: 4. Pumps]\n\n"
        "Each pump has a spare seal kit in the store room.\n\n"
        "The pumps are rotated weekly."
    )
    ex = extract_answer("How often does the pump rotation happen?", [(text, "Plant Log · 4. Pumps", "p1")])
    assert ex.items[0].text == "The pumps are rotated weekly."


def test_stems_are_the_same_from_many_threads() -> None:
    # (a Snowball stemmer object keeps the word it works on: one per thread)
    from concurrent.futures import ThreadPoolExecutor

    import snowballstemmer

    from demo.store.extract import _stem

    words = [f"{stem}{suffix}" for stem in ("rotat", "deliver", "approv", "inspect", "calibrat", "measur")
             for suffix in ("ion", "ions", "ed", "ing", "es", "e", "ional", "ively")] * 40
    expected = [snowballstemmer.stemmer("english").stemWord(w) for w in words]
    with ThreadPoolExecutor(8) as pool:  # (past the cache: every call stems)
        got = list(pool.map(_stem.__wrapped__, words, chunksize=1))
    assert got == expected


def test_a_table_row_comes_with_its_column_headings() -> None:
    ex = extract_answer("What is the unit price of HIT-1002?", PASSAGES)
    assert ex.items[0].text == "Item No.: HIT-1002 · Description: Y-strainer, cast iron · Unit price (EUR): 940.50 · Lead time: 12 weeks"
    assert ex.items[0].passage_id == "p-prices"


def test_cells_merged_across_columns_are_read_once_under_their_heading() -> None:
    # dan writes a cell merged across columns once, with dan.SPANNED_CELL in the columns it
    # also covers: a merged heading names each of its columns, a merged value is said once
    html = (
        "<h1>Price table</h1><table>"
        "<tr><th rowspan='2'>Item No.</th><th colspan='2'>Price (EUR)</th><th rowspan='2'>Lead time</th></tr>"
        "<tr><th>Net</th><th>Gross</th></tr>"
        "<tr><td>HIT-1001</td><td>120.00</td><td>142.80</td><td>3 weeks</td></tr>"
        "<tr><td>HIT-1002</td><td colspan='2'>Price and lead time on request</td><td>12 weeks</td></tr>"
        "</table>"
    )
    (chunk,) = dan.convert_string(html, doc_type="html").chunks
    assert "| HIT-1002 | Price and lead time on request | ← | 12 weeks |" in chunk
    passages = [(chunk, "Price List · Price table", "p-prices")]
    rows = {i.text for i in extract_answer("What does HIT-1002 cost, and how long is its lead time?", passages).items}
    # (the merged value said once, under both columns it spans)
    assert "Item No.: HIT-1002 · Price (EUR) / Net / Gross: Price and lead time on request · Lead time: 12 weeks" in rows
    rows = {i.text for i in extract_answer("What is the gross price of HIT-1001?", passages).items}
    assert "Item No.: HIT-1001 · Price (EUR) / Net: 120.00 · Price (EUR) / Gross: 142.80 · Lead time: 3 weeks" in rows
    assert not any("←" in i.text for i in extract_answer("HIT-1002 price", passages).items)


def _table_units(html: str) -> list[str]:
    from demo.store.extract import _item_units

    (chunk,) = dan.convert_string(html, doc_type="html").chunks
    return [u for u, _item, _heads in _item_units(chunk) if u]


def test_a_sub_heading_merged_across_columns_names_each_of_them() -> None:
    units = _table_units(
        "<table><tr><th rowspan=3>Region</th><th colspan=4>Revenue</th></tr>"
        "<tr><th colspan=2>2023</th><th colspan=2>2024</th></tr>"
        "<tr><th>H1</th><th>H2</th><th>H1</th><th>H2</th></tr>"
        "<tr><td>North</td><td>10</td><td>11</td><td>12</td><td>13</td></tr></table>"
    )
    assert units == [
        "Region: North · Revenue / 2023 / H1: 10 · Revenue / 2023 / H2: 11 · Revenue / 2024 / H1: 12 · Revenue / 2024 / H2: 13"
    ]


def test_a_header_row_with_merged_cells_written_again_is_not_data() -> None:
    units = _table_units(
        "<table><tr><th>Region</th><th colspan=2>Revenue</th></tr><tr><td>North</td><td>10</td><td>11</td></tr>"
        "<tr><th>Region</th><th colspan=2>Revenue</th></tr><tr><td>South</td><td>20</td><td>21</td></tr></table>"
    )
    assert units == ["Region: North · Revenue: 10 · Revenue: 11", "Region: South · Revenue: 20 · Revenue: 21"]


def test_a_merged_value_answers_for_every_column_it_spans() -> None:
    html = (
        "<h1>Prices</h1><table><tr><th>Item</th><th>Price</th><th>Lead time</th></tr>"
        "<tr><td>HIT-1</td><td>10.00</td><td>3 weeks</td></tr>"
        "<tr><td>HIT-2</td><td colspan=2>on request</td></tr></table>"
    )
    assert _table_units(html)[1] == "Item: HIT-2 · Price / Lead time: on request"
    (chunk,) = dan.convert_string(html, doc_type="html").chunks
    ex = extract_answer("What is the lead time of HIT-2?", [(chunk, "Prices", "p1")])
    assert ex.items[0].text == "Item: HIT-2 · Price / Lead time: on request"


def test_a_cell_holding_the_arrow_itself_is_a_value() -> None:
    units = _table_units(
        "<table><tr><th>Key</th><th>Symbol</th><th>Action</th></tr>"
        "<tr><td>Left arrow</td><td>←</td><td>Move the cursor left</td></tr></table>"
    )
    assert units == ["Key: Left arrow · Symbol: ← · Action: Move the cursor left"]


def test_every_row_that_answers_a_list_question() -> None:
    ex = extract_answer("Which items have a lead time of 12 weeks?", PASSAGES)
    texts = [i.text for i in ex.items]
    assert any("HIT-1002" in t for t in texts) and any("HIT-1003" in t for t in texts)
    assert ex.items[0].text.endswith("Lead time: 12 weeks")


def test_abbreviations_do_not_end_a_sentence_and_list_items_are_units() -> None:
    ex = extract_answer("What is the document number?", PASSAGES)
    assert ex.items[0].text == "Document No. SA-2025-17 applies."
    ex = extract_answer("Until when are prices fixed?", PASSAGES)
    assert ex.items[0].text == "Prices are fixed until 31 December 2025."


def test_headers_headings_and_bold_titles_are_not_answers() -> None:
    ex = extract_answer("Supply Agreement fees and payment", PASSAGES)
    assert all(not i.text.startswith(("[doc_title", "#", "**")) for i in ex.items)


def test_a_revision_answers_a_question_about_changes() -> None:
    text = "The warranty lasts {--twelve--}{>>rev: Mary Hoffins<<}{++eighteen++}{>>rev: Mary Hoffins<<} months.\n\nThe sky is blue."
    ex = extract_answer("Which warranty terms were changed?", [(text, "Terms", "p1")])
    assert ex.items[0].text == "The warranty lasts twelve (deleted by Mary Hoffins) eighteen (inserted by Mary Hoffins) months."
    comment = "Fees are due monthly.{>>Jonathan Reyes: too aggressive<<}\n\nThe sky is blue."
    ex = extract_answer("What comments were made on the fees?", [(comment, "Terms", "p1")])
    assert "Jonathan Reyes" in ex.items[0].text


def test_a_question_about_changes_or_notes_puts_marked_units_first() -> None:
    payment = (
        "[doc_title: Supply Agreement | section_path: 5 Payment]\n\n"
        "Each Party shall bear its own costs during the term of this Agreement.\n\n"
        "Invoices are payable within {--forty-five (45)--}{>>rev: Ann Lee<<}{++thirty (30)++}{>>rev: Ann Lee<<} days of receipt.\n\n"
        "The payment term starts on the date of delivery."
    )
    question = "Which change was made to the payment term?"
    ex = extract_answer(question, [(payment, "Supply Agreement · 5 Payment", "p")])
    assert ex.items[0].text.startswith("Invoices are payable within forty-five (45) (deleted by Ann Lee)")
    # the English hint off: the words alone put the unmarked sentence first
    plain_words = extract_answer(question, [(payment, "Supply Agreement · 5 Payment", "p")], value_types=False)
    assert plain_words.items[0].text == "The payment term starts on the date of delivery."
    delivery = (
        "[doc_title: Supply Agreement | section_path: 7 Delivery]\n\n"
        "Goods are shipped on the agreed terms.{>>Ben Ode, 2025-01-02: check the Incoterms<<}\n\n"
        "Delivery terms for spare parts follow the delivery terms of the main order."
    )
    question = "What notes were made on the delivery terms?"
    ex = extract_answer(question, [(delivery, "Supply Agreement · 7 Delivery", "p")])
    assert "(comment by Ben Ode" in ex.items[0].text
    plain_words = extract_answer(question, [(delivery, "Supply Agreement · 7 Delivery", "p")], value_types=False)
    assert plain_words.items[0].text.startswith("Delivery terms for spare parts")
    assert asked_marks("Who edited clause 4, and what notes are there?") == {"revision", "comment"}
    assert asked_marks("When is the invoice due?") == frozenset()


@pytest.mark.parametrize(
    ("question", "passages"),
    [
        ("What is the boiling point of mercury on Mars?", PASSAGES),
        ("who what when", PASSAGES),  # only stopwords
        ("", PASSAGES),
        ("Invoices payable?", []),
        ("Invoices payable?", [("", "x", "p")]),
    ],
)
def test_not_found_when_nothing_matches(question: str, passages: list[tuple[str, str, str]]) -> None:
    ex = extract_answer(question, passages)
    assert not ex.found and ex.items == () and ex.text == NOT_FOUND


def test_a_unit_sharing_one_word_with_an_unrelated_question_is_not_an_answer() -> None:
    travel = ("| Region | Country | Daily allowance (EUR) |\n| --- | --- | --- |\n| Asia-Pacific | Australia | 46 |\n"
              "| Europe | France | 52 |\n")
    assert not extract_answer("What is the capital of Australia?", [(travel, "Travel policy", "p")]).found
    assert extract_answer("What is the daily allowance for Australia?", [(travel, "Travel policy", "p")]).items[0].text == (
        "Region: Asia-Pacific · Country: Australia · Daily allowance (EUR): 46"
    )


def test_words_no_document_holds_do_not_count_against_a_unit() -> None:
    passages = [("The warranty period is 24 months from delivery.\n\nInvoices are payable in 30 days.", "Terms", "p")]
    wordy = "For our quarterly procurement escalation memo, what warranty period applies?"
    ex = extract_answer(wordy, passages)
    assert ex.found and ex.items[0].text == "The warranty period is 24 months from delivery."
    # two of the question's words are still required: one shared word answers nothing
    assert not extract_answer("For our quarterly procurement escalation memo, which warranty?", passages).found


def test_budget_and_item_limits() -> None:
    long_rows = "| Item | Note |\n| --- | --- |\n" + "".join(f"| HIT-{i} | gasket gasket gasket seal number {i} |\n" for i in range(40))
    passages = [(long_rows, "List", "p")]
    ex = extract_answer("gasket seal", passages, budget=60, max_items=20)
    assert 1 <= len(ex.items) and sum(dan.count_tokens(i.text) for i in ex.items) <= 60
    assert len(extract_answer("gasket seal", passages, max_items=3).items) == 3
    with pytest.raises(ValueError):
        extract_answer("x", passages, budget=0)


def test_duplicates_are_extracted_once_and_results_are_deterministic() -> None:
    twice = PASSAGES + [(CONTRACT, "Copy", "p-copy")]
    a = extract_answer("Within how many days are invoices payable?", twice)
    b = extract_answer("Within how many days are invoices payable?", twice)
    assert a == b
    assert [i.text for i in a.items].count("Invoices are payable within forty-five days of receipt.") == 1


_WORD = st.sampled_from("alpha beta gamma delta invoice payment warranty months supplier parts price".split())
_SENTENCE = st.lists(_WORD, min_size=3, max_size=12).map(lambda ws: " ".join(ws).capitalize() + ".")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(_SENTENCE, min_size=1, max_size=5), min_size=1, max_size=4), st.lists(_WORD, min_size=1, max_size=4))
def test_every_extracted_unit_is_verbatim_from_its_passage(paragraphs: list[list[str]], question: list[str]) -> None:
    texts = ["\n\n".join(" ".join(p) for p in paragraphs[i:]) for i in range(len(paragraphs))]
    passages = [(t, f"loc {i}", f"p{i}") for i, t in enumerate(texts)]
    ex = extract_answer(" ".join(question) + "?", passages)
    by_id = {pid: text for text, _loc, pid in passages}
    for item in ex.items:
        assert re.sub(r"\s+", " ", item.text) in re.sub(r"\s+", " ", by_id[item.passage_id])
        assert item.locator == f"loc {item.passage_id[1:]}"
    assert ex.found == bool(ex.items)
    own = extract_answer(paragraphs[0][0], passages)  # a sentence of the context, asked back
    assert own.found and any(paragraphs[0][0] in i.text or i.text in " ".join(paragraphs[0]) for i in own.items)


# ---- issue 50: answers that answer, in plain text, never junk, marks by the people named


def test_items_are_plain_text_without_markdown() -> None:
    text = "The **service fee** is *EUR 1,200* per month (see [the schedule](http://x.example/s)).[^3]"
    ex = extract_answer("What is the service fee per month?", [(text, "Fees", "p1")])
    assert ex.items[0].text == "The service fee is EUR 1,200 per month (see the schedule)."
    # a sentence ends at its full stop though a footnote mark follows it
    marked = "Windows are counted around the target Study Day.[^1] Fasting means nothing but water before the visit."
    ex = extract_answer("What does fasting mean before the visit?", [(marked, "Schedule", "s1")])
    assert ex.items[0].text == "Fasting means nothing but water before the visit."
    # a footnote's own text is quoted without its label
    note = "[^1]: From V25 onwards a window may be extended by 7 days with the monitor's approval."
    ex = extract_answer("Can the visit window be extended?", [(note, "Schedule · footnote", "n1")])
    assert ex.items[0].text == "From V25 onwards a window may be extended by 7 days with the monitor's approval."


def test_reference_lists_link_lines_and_images_are_never_quoted() -> None:
    text = (
        "Mozilla was founded in 1998 as an open-source project.\n\n"
        '**^** [*"mozilla.org Announces Launch of the Mozilla Foundation"*](http://x.example/a) Mozilla founded.\n\n'
        "- [Mozilla founded history](http://x.example/b)\n\n"
        "![Mozilla founded logo](logo.png)"
    )
    ex = extract_answer("When was Mozilla founded?", [(text, "Mozilla", "p1")])
    assert [it.text for it in ex.items] == ["Mozilla was founded in 1998 as an open-source project."]


def test_the_kind_of_value_asked_for_comes_first() -> None:
    text = (
        "| Event | Date |\n|---|---|\n| Mozilla founded | February 28, 1998 |\n| Headquarters moved | 2005 |\n\n"
        "Mozilla was founded by Netscape staff when Mozilla was founded as an open project."
    )
    ex = extract_answer("When was Mozilla founded?", [(text, "Mozilla", "p1")])
    assert "1998" in ex.items[0].text
    off = extract_answer("When was Mozilla founded?", [(text, "Mozilla", "p1")], value_types=False)
    assert "1998" not in off.items[0].text  # the hint is what moved it up


def test_a_question_for_a_document_number_gets_the_identifier_first() -> None:
    filler = "\n\n".join(f"Filler sentence {i} about lunch menus and weather." for i in range(6))
    text = f"The policy number is checked.\n\n{filler}\n\nPolicy HR-TRV-07 | Group travel policy | Rev. 3"
    ex = extract_answer("What is the policy number of the group travel policy?", [(text, "Travel policy", "p")])
    assert ex.items[0].text.startswith("Policy HR-TRV-07")
    off = extract_answer("What is the policy number of the group travel policy?", [(text, "Travel policy", "p")],
                         value_types=False)
    assert off.items[0].text == "The policy number is checked."  # the hint is what moved it up


def test_an_abbreviated_revision_answers_a_question_about_the_revision() -> None:
    text = "Keep this manual near the unit.\n\nRev. 07 of 2 November 2024 | CPX-400 manual"
    ex = extract_answer("Which revision of the CPX-400 manual is this?", [(text, "CPX-400 manual", "p")])
    assert ex.items[0].text.startswith("Rev. 07")


@pytest.mark.parametrize(
    ("question", "kind"),
    [("When does the lease end?", "date"), ("How much is the deposit?", "amount"), ("How many trucks are there?", "number"),
     ("Who signed the order?", "person"), ("Is the cap unconditional?", None),
     ("On which dates did the audit take place?", "date"), ("What is the policy number of the travel policy?", "code"),
     ("What is the total number of subjects?", None), ("What is the number of subjects?", None),
     ("What's the reference number of the NDA?", "code"), ("Who’s the lead auditor?", "person"),
     ("What's the total number of subjects?", None),
     ("Are the list prices fixed until year end?", None), ("Does the fee include VAT?", None),
     ("I'm going to ACHEMA in May. When does the fair open?", "date"),
     ("I'm budgeting valves. Are the prices fixed, or can a surcharge apply?", None),
     # an abbreviation's stop ends no sentence: the question is asked whole, not "subsidiary?"
     ("Who owns the U.S. subsidiary?", "person"), ("When did the pump vs. the HX-300 test end?", "date")],
)
def test_asked_value(question: str, kind: str | None) -> None:
    assert asked_value(question) == kind


MARKED = (
    "Late payments bear interest at 1.5% per month. {==The Supplier may suspend the Services.==}"
    "{>>Mary Hoffins, 2026-11-29: Suspension is too aggressive.<<}\n\n"
    "Invoices are due in {--30--}{>>rev: Mary Hoffins, 2026-11-28<<}{++45++}{>>rev: Mary Hoffins, 2026-11-28<<} days.\n\n"
    "Notices go by e-mail. {==by e-mail==}{>>Daniel Okafor, 2026-11-30: Add registered post.<<}"
)


def test_a_named_persons_comments_are_listed_and_no_one_else_is_mixed_in() -> None:
    ex = extract_answer("What comments did Mary Hoffins make?", [(MARKED, "Terms · Schedule 6", "p1")])
    texts = [it.text for it in ex.items]
    # the sentence the comment sits in, in words: who, when, what it anchors, what it says
    assert texts == ["The Supplier may suspend the Services. (comment by Mary Hoffins, 2026-11-29: Suspension is too aggressive.)"]
    assert not any("Okafor" in t for t in texts)
    revs = extract_answer("Which changes did Mary Hoffins make?", [(MARKED, "Terms", "p1")])
    assert [it.text for it in revs.items] == [
        "Invoices are due in 30 (deleted by Mary Hoffins, 2026-11-28) 45 (inserted by Mary Hoffins, 2026-11-28) days."
    ]
    other = extract_answer("What did Daniel Okafor say in Schedule 6?", [(MARKED, "Terms", "p1")])
    assert [it.text for it in other.items] == ["Notices go by e-mail. by e-mail (comment by Daniel Okafor, 2026-11-30: Add registered post.)"]
    assert all(it.passage_id == "p1" and it.locator == "Terms" for it in other.items)
    # nobody named: the units are scored as usual, marks in words
    anyone = extract_answer("Which comments were made about suspending the services?", [(MARKED, "Terms", "p1")])
    assert "comment by Mary Hoffins" in anyone.items[0].text


def test_marks_of_the_dates_a_question_gives() -> None:
    """issue 50: marks are found by their dates as well as their authors; a date no mark
    has is said plainly instead of listing the marks of other dates."""
    on = extract_answer("Which comments were made on 30 November 2026?", [(MARKED, "Terms", "p1")])
    assert [it.text for it in on.items] == ["Notices go by e-mail. by e-mail (comment by Daniel Okafor, 2026-11-30: Add registered post.)"]
    month = extract_answer("What was changed in 2026-11?", [(MARKED, "Terms", "p1")])
    assert [it.text for it in month.items] == [
        "Invoices are due in 30 (deleted by Mary Hoffins, 2026-11-28) 45 (inserted by Mary Hoffins, 2026-11-28) days."
    ]
    both = extract_answer("What did Mary Hoffins comment in November 2026?", [(MARKED, "Terms", "p1")])
    assert [it.text for it in both.items] == [
        "The Supplier may suspend the Services. (comment by Mary Hoffins, 2026-11-29: Suspension is too aggressive.)"
    ]
    none = extract_answer("Which comments were made in 2019?", [(MARKED, "Terms", "p1")])
    assert none.items == () and none.text == "Not found in the documents: no comment in the context is dated 2019."
    who = extract_answer("What did Mary Hoffins change on November 30, 2026?", [(MARKED, "Terms", "p1")])
    assert who.items == () and who.text == (
        "Not found in the documents: no change by Mary Hoffins in the context is dated November 30, 2026.")
    # a year the context's own text holds names a subject, not when a mark was made
    subject = MARKED.replace("Late payments", "Under the 2019 terms, late payments")
    dated = extract_answer("Which comments were made about the 2019 terms?", [(subject, "Terms", "p1")])
    assert dated.found and "2019 terms" in dated.items[0].text
    # ... and so does a year a comment's own words hold
    said = MARKED.replace("Add registered post.", "Add registered post as in 2019.")
    words = extract_answer("Which comments mention 2019?", [(said, "Terms", "p1")])
    assert words.found and "as in 2019" in words.items[0].text
    # without a word about marks (or a named author) a date selects nothing
    plain_q = extract_answer("What happened in 2026?", [(MARKED, "Terms", "p1")])
    assert not plain_q.text.startswith("Not found in the documents: no comment")


@pytest.mark.parametrize(
    ("question", "dates"),
    [
        ("Which comments were made on 2025-06-07?", ["2025-06-07"]),
        ("Changes from 7 June 2025 and June 9th, 2025?", ["2025-06-07", "2025-06-09"]),
        ("Edits in 2025-06 or in Sept. 2024?", ["2025-06", "2024-09"]),
        ("Comments in 2019", ["2019"]),
        ("Comments on clause 2019-A or in 1850?", []),
    ],
)
def test_asked_dates(question: str, dates: list[str]) -> None:
    assert sorted(d for d, _w in asked_dates(question)) == sorted(dates)


def test_a_named_persons_marks_in_the_part_the_question_names_come_first() -> None:
    """"Martin's edits to the claims conditions": his edits in that section come before his
    edits elsewhere in the context, which would otherwise come first (context order)."""
    motor = (
        "[doc_title: Schedule | section_path: 3. Motor Fleet | page_range: 3]\n\n"
        "The excess is GBP {--500--}{>>rev: Martin Achterberg<<}{++750++}{>>rev: Martin Achterberg<<} per vehicle."
    )
    claims = (
        "[doc_title: Schedule | section_path: 4. Claims Conditions | page_range: 4]\n\n"
        "Claims are notified within {--7 days--}{>>rev: Martin Achterberg<<}{++24 hours++}{>>rev: Martin Achterberg<<}."
    )
    passages = [(motor, "Schedule · 3. Motor Fleet", "m"), (claims, "Schedule · 4. Claims Conditions", "c")]
    ex = extract_answer("Martin's edits to the claims conditions in section 4?", passages)
    assert [it.passage_id for it in ex.items] == ["c", "m"]
    assert ex.items[0].text.startswith("Claims are notified within 7 days (deleted by Martin Achterberg)")
    plain_order = extract_answer("What did Martin Achterberg change?", passages)  # nothing else asked
    assert [it.passage_id for it in plain_order.items] == ["m", "c"]


def test_marks_in_and_plain() -> None:
    from demo.store.marks import Mark, marks_in, plain

    assert marks_in(MARKED)[0] == Mark("comment", "Mary Hoffins", "2026-11-29", "Suspension is too aggressive.",
                                       "The Supplier may suspend the Services.")
    assert [m.kind for m in marks_in(MARKED)] == ["comment", "deletion", "insertion", "comment"]
    assert plain("a \\*b\\* **c** [d](http://e.example) ![f](g.png) {++h") == "a *b* c d h"


RULES = (
    "[doc_title: Price List | section_path: Price List > 2 Prices and validity | page_range: 1]\n\n"
    "# 2 Prices and validity\n\n"
    "The prices in this list are fixed until 31 December 2025; they are net prices in euros.\n\n"
    "Orders are confirmed in writing within three working days."
)
SPECIAL = (
    "[doc_title: Price List | section_path: Price List > 14 Special conditions | page_range: 9]\n\n"
    "# 14 Special conditions\n\n"
    "Framework orders with call-off schedules are welcome.\n\n"
    "Notwithstanding section 2, a monthly alloy surcharge based on the LME nickel price applies."
)
OTHER = (
    "[doc_title: Other List | section_path: Other List > 9 Misc | page_range: 3]\n\n"
    "# 9 Misc\n\n"
    "Notwithstanding section 2, freight is charged at cost."
)
SERVICE = (
    "[doc_title: SLA | section_path: SLA > 3 Measurement | page_range: 2]\n\n"
    "# 3 Measurement\n\n"
    "3.1 Availability is measured per service at the demarcation point.\n\n"
    "3.2 Maintenance windows are announced a week ahead.\n\n"
    "[doc_title: SLA | section_path: SLA > 5 Reporting | page_range: 4]\n\n"
    "5.2 Orbis reports every month the availability of each service, measured as set out in clause 3.1."
)


def test_the_exception_that_refers_to_the_best_sentence_comes_right_after_it() -> None:
    passages = [(RULES, "Price List · 2", "a"), (OTHER, "Other List · 9", "c"), (SPECIAL, "Price List · 14", "b")]
    ex = extract_answer("Until when are the list prices fixed?", passages)
    assert ex.items[0].text.startswith("The prices in this list are fixed until 31 December 2025")
    # it shares no word with the question; the other file's "section 2" is another document's
    assert ex.items[1].text == "Notwithstanding section 2, a monthly alloy surcharge based on the LME nickel price applies."
    assert all("freight" not in it.text for it in ex.items)


def test_the_clause_the_best_sentence_names_comes_right_after_it() -> None:
    ex = extract_answer("How often does Orbis report the availability of each service?", [(SERVICE, "SLA", "s")])
    assert ex.items[0].text.startswith("5.2 Orbis reports every month")
    assert ex.items[1].text == "3.1 Availability is measured per service at the demarcation point."


POLICY = (
    "[doc_title: Travel Policy | section_path: Travel Policy > 7 Trade fairs | page_range: 6]\n\n"
    "# 7 Trade fairs\n\n"
    "During the trade fairs listed in Annex B, the hotel cap may be exceeded by up to 50 %.\n\n"
    "[doc_title: Travel Policy | section_path: Travel Policy > 12 Validity | page_range: 9]\n\n"
    "Questions about rail tickets are answered by the HR service desk.\n\n"
    "## Annex B - Trade fairs\n\n"
    "The fairs with a higher hotel cap are Hannover Messe and ACHEMA Frankfurt."
)


def test_a_heading_inside_a_passage_starts_the_section_its_units_stand_in() -> None:
    """The passage starts in section 12 (its citation line), but the list of fairs stands
    under the heading "Annex B" met in the passage: the sentence naming Annex B is its
    partner, and comes right after it."""
    ex = extract_answer("Which fairs have a higher hotel cap, ACHEMA too?", [(POLICY, "Travel Policy", "p")])
    assert ex.items[0].text.startswith("The fairs with a higher hotel cap are")
    assert ex.items[1].text.startswith("During the trade fairs listed in Annex B")
    from demo.store.crossrefs import section_labels

    assert section_labels(POLICY) == frozenset({"travel policy", "7", "trade fairs"})
    assert section_labels(POLICY, [(1, "12 Validity"), (2, "Annex B - Trade fairs")]) >= {"12", "annex b"}
    assert "7" not in section_labels(POLICY, [(1, "12 Validity")])
    # a document whose top headings are level 2: learnt from the passage's own first heading
    two = "[doc_title: Terms | section_path: 3 Payment | page_range: 2]\n\n## 3 Payment\n\nPay.\n\n## 4 Delivery\n\nShip."
    assert section_labels(two, [(2, "3 Payment")]) == frozenset({"3", "payment"})
    assert section_labels(two, [(2, "3 Payment"), (2, "4 Delivery")]) == frozenset({"4", "delivery"})
    assert section_labels(two, [(2, "3 Payment"), (3, "4.1 Carriers")]) >= {"3", "4.1"}


AGREEMENT = (
    "[doc_title: Services Agreement | section_path: Services Agreement > 1 Definitions | page_range: 1]\n\n"
    "“Business Day” means a day other than a Saturday or Sunday.\n\n"
    "“Go-Live Date” means the date on which the Customer issues the acceptance certificate for Release 1.\n\n"
    "“Contract Year” means each period of twelve months starting on the Go-Live Date.\n\n"
    "[doc_title: Services Agreement | section_path: Services Agreement > 2 Term | page_range: 2]\n\n"
    "This Agreement starts on signature and continues for an initial term of five years from the Go-Live Date.\n\n"
    "Notices are given on a Business Day."
)


def test_the_definition_of_a_term_the_best_sentence_uses_comes_right_after_it() -> None:
    """"… five years from the Go-Live Date" uses a term the agreement defines: the definition
    is its partner, ahead of another sentence that merely uses the term too."""
    ex = extract_answer("When does the five-year initial term start?", [(AGREEMENT, "Services Agreement", "p")])
    assert ex.items[0].text.startswith("This Agreement starts on signature")
    assert ex.items[1].text.startswith("“Go-Live Date” means the date")


AUDIT = (
    "[doc_title: Site Agreement | section_path: Site Agreement > 1 Definitions | page_range: 1]\n\n"
    "“Serious Breach” means a breach of the Protocol which is likely to affect the safety of a Trial Subject.\n\n"
    "[doc_title: Site Agreement | section_path: Site Agreement > 5 Monitoring and Audit | page_range: 2]\n\n"
    "5.2 The Sponsor may audit the Trust on at least five Working Days' notice, except as provided in clause 5.4.\n\n"
    "5.3 Audits take place during normal working hours.\n\n"
    "5.4 Where the Sponsor reasonably suspects a Serious Breach, it may audit the Trust on 48 hours' notice."
)


def test_the_clause_that_names_the_best_sentence_comes_before_the_definition_it_uses() -> None:
    """5.4 uses a defined term and is named by 5.2's exception: the link written with 5.4's own
    number is the nearer one (the answer is the rule and its exception)."""
    ex = extract_answer(
        "If the Sponsor suspects a serious breach, how much notice must it give before an audit?",
        [(AUDIT, "Site Agreement", "p")],
    )
    assert ex.items[0].text.startswith("5.4 Where the Sponsor reasonably suspects")
    assert ex.items[1].text.startswith("5.2 The Sponsor may audit the Trust on at least five")
    from demo.store.crossrefs import partners, unit_labels, with_definitions

    units = [
        "“Serious Breach” means a breach of the Protocol.",
        "5.2 The Sponsor may audit on five days' notice, except as provided in clause 5.4.",
        "5.4 Where the Sponsor suspects a Serious Breach, it may audit on 48 hours' notice.",
        "Audits follow the plan in section 5.",
    ]
    sections = [frozenset(), frozenset({"5"}), frozenset({"5"}), frozenset({"7"})]
    labels = with_definitions(units, [unit_labels(u, "d", sec) for u, sec in zip(units, sections)])
    assert partners(2, labels) == [(1, 1), (2, 0), (3, 3)]
    assert partners(1, labels) == [(0, 2), (3, 3)]


def test_a_term_nearly_every_sentence_uses_links_to_nothing() -> None:
    from demo.store.crossrefs import UnitLabels, defined_terms, with_definitions

    assert defined_terms("“Go-Live Date” means the date of acceptance.") == {"Go-Live Date"}
    assert defined_terms('1.2 "Receiving Party" shall mean the Party receiving it;') == {"Receiving Party"}
    assert defined_terms("The date is “soon” and means nothing.") == frozenset()  # not quoted, then *means*
    units = ['"Confidential Information" means all information disclosed.'] + [
        f"The Confidential Information of clause {k} stays secret." for k in range(30)
    ] + ["Go-Live Date follows acceptance.", '"Go-Live Date" means the acceptance date.']
    labels = with_definitions(units, [UnitLabels("d", None, frozenset(), frozenset()) for _ in units])
    assert all(not lab.uses for lab in labels[1:31])  # used by 30 of 33 units: no specific link
    assert labels[31].uses == {"Go-Live Date"} and labels[32].defines == {"Go-Live Date"}
    other = with_definitions(units[31:32], [UnitLabels("e", None, frozenset(), frozenset())])  # another document
    assert not other[0].uses


SURCHARGES = (
    "[doc_title: Price List | section_path: Price List > 14 Special conditions | page_range: 9]\n\n"
    "# 14 Special conditions\n\n"
    "A freight surcharge of EUR 45 applies to orders below EUR 750.\n\n"
    "Express deliveries are possible against a surcharge.\n\n"
    "Notwithstanding section 2, a monthly alloy surcharge applies."
)


def test_the_rule_the_second_item_refers_to_comes_third() -> None:
    passages = [(RULES, "Price List · 2", "a"), (SURCHARGES, "Price List · 14", "b")]
    ex = extract_answer("Which surcharge applies to orders?", passages)
    assert [it.text for it in ex.items[:3]] == [
        "A freight surcharge of EUR 45 applies to orders below EUR 750.",
        "Notwithstanding section 2, a monthly alloy surcharge applies.",
        # shares no word with the question: it comes because the second item names its section
        "The prices in this list are fixed until 31 December 2025; they are net prices in euros.",
    ]
    # another document's section 2 is not brought
    apart = extract_answer("Which surcharge applies to orders?", passages, documents=["d1", "d2"])
    assert all("fixed until" not in it.text for it in apart.items)


def test_the_document_of_each_passage_can_be_given() -> None:
    rules = RULES + "\n\nList prices are published each January."
    passages = [(rules, "Price List · 2", "a"), (SPECIAL, "Price List · 14", "b")]
    apart = extract_answer("Until when are the list prices fixed?", passages, documents=["d1", "d2"])
    assert all("alloy" not in it.text for it in apart.items[:2])  # two documents: no link between them
    together = extract_answer("Until when are the list prices fixed?", passages, documents=["d1", "d1"])
    assert "alloy" in together.items[1].text
    with pytest.raises(ValueError, match="one document per passage"):
        extract_answer("Until when are the list prices fixed?", passages, documents=["d1"])


# ---- units: a clause keeps its number, a long sentence is cut at its clauses, never lost


def test_a_clause_keeps_its_number() -> None:
    text = (
        "6.2. Nothing in this Agreement shall be interpreted as a grant of any licence to the Receiving Party.\n\n"
        "3. The Recipient undertakes not to use the Confidential Information for any purpose except the Purpose.\n\n"
        "- Bullets lose their marker."
    )
    ex = extract_answer("Does the Agreement grant a licence to the Receiving Party?", [(text, "NDA", "p")])
    assert ex.items[0].text == "6.2. Nothing in this Agreement shall be interpreted as a grant of any licence to the Receiving Party."
    ex = extract_answer("May the Recipient use the Confidential Information for any purpose?", [(text, "NDA", "p")])
    assert ex.items[0].text.startswith("3. The Recipient undertakes")
    assert extract_answer("Which markers do bullets lose?", [(text, "NDA", "p")]).items[0].text == "Bullets lose their marker."


def test_a_lone_clause_letter_or_roman_number_starts_the_sentence_after_it() -> None:
    from demo.store.extract import _sentences

    assert _sentences("IV. Title stays with the Discloser. 2.1. Copies are returned. (B) Both sign.") == [
        "IV. Title stays with the Discloser.", "2.1. Copies are returned.", "(B) Both sign."
    ]


def test_a_title_or_a_month_written_short_does_not_end_the_sentence() -> None:
    from demo.store.extract import _sentences

    assert _sentences("Approved by: Prof. Yusuf Demir, Facility Director. Review due Sept. 14 2027. Next.") == [
        "Approved by: Prof. Yusuf Demir, Facility Director.", "Review due Sept. 14 2027.", "Next."
    ]
    # a month's short form before a name is a name's end, and "Ed." a name
    assert _sentences("Invoices go to Jan. She approves them. The minutes were taken by Ed. The board met.") == [
        "Invoices go to Jan.", "She approves them.", "The minutes were taken by Ed.", "The board met."
    ]
    for short in ("Tel. 0161 496 0000", "Col. Smith signed", "Messrs. Hart and Lowe", "Dept. Finance"):
        assert len(_sentences(f"See {short} today.")) == 1, short
    text = "Author: Dr Frances Ellery · Approved by: Prof. Yusuf Demir, Facility Director"
    ex = extract_answer("Who approved the ultracentrifuge SOP?", [(text, "SOP-EQ-017 ultracentrifuge", "p")])
    assert ex.items[0].text == text


def test_the_letters_after_an_apostrophe_are_no_word_of_their_own() -> None:
    from demo.store.extract import _terms

    assert "s" not in _terms("What's the scheme's registry number?")
    assert _terms("the group's companies don't") == _terms("the group companies don")
    # "the group's European companies" shares no word with the question: it is no answer
    text = "The policy applies to all employees of the group's European companies."
    ex = extract_answer("What's the scheme's registry number?", [(text, "Booklet · 4", "p")])
    assert ex.items == ()


def test_no_stands_for_number_only_where_it_is_written_as_the_abbreviation() -> None:
    from demo.store.extract import _stem, _unit_terms

    number = _stem("number")
    assert number not in _unit_terms("Private trips are permitted if no additional costs arise.")
    for said in ("Refundable: no.", "Is the deposit refundable? No.", "No. The gate is shut."):
        assert number not in _unit_terms(said), said
    for written in ("Company No. 02266491", "Document No: 7", "Policy no 5512", "No. F-03", "Item No # 4",
                    "Process: Welding · No.: F-03", "Document No. SA-2025-17"):
        assert number in _unit_terms(written), written
    assert number in _unit_terms("Nr 5") and _stem("quantity") in _unit_terms("Qty")  # the others as before


def test_a_question_that_asks_in_words_of_no_weight_is_asked_by_all_its_words() -> None:
    # "To what, and by whom?" holds no word of weight: the sentence before it says what is asked
    text = (
        "10.1 If the Works are not complete by the Completion Date, the Subcontractor shall pay liquidated damages "
        "at the rate of {--GBP 2,750--}{>>rev: Craig Ellison, 2026-11-25<<}{++GBP 3,400++}"
        "{>>rev: Craig Ellison, 2026-11-25<<} per week.\n\n"
        "10.2 The Contractor may deduct liquidated damages from any sum due."
    )
    question = "The liquidated damages rate in the Oakhurst subcontract was changed. To what, and by whom?"
    ex = extract_answer(question, [(text, "Oakhurst subcontract · 10", "p")])
    assert ex.items and "GBP 3,400" in ex.items[0].text


def test_been_and_the_modal_verbs_are_no_words_of_the_question() -> None:
    from demo.store.extract import _terms

    assert _terms("Has the liability cap been changed?") == _terms("Has the liability cap changed?")
    assert _terms("Could, would, should or might the supplier be late?") == _terms("the supplier late")
    assert _terms("How long do the obligations last once the MSA ends?") == _terms("How long do the obligations last the MSA ends?")
    from demo.store.extract import _NO_WEIGHT

    for word in sorted(_NO_WEIGHT):
        assert _terms(f"the notice period {word}") == _terms("the notice period"), word


def test_a_long_sentence_is_cut_at_its_clauses_and_nothing_is_lost() -> None:
    from demo.store.extract import MAX_UNIT_CHARS, _units

    filler = "the Receiving Party shall keep every document of the Disclosing Party in a locked room and log each access by name and by date in a register"
    sentence = (
        f"Notwithstanding the foregoing, (a) {filler}; (b) {filler}, and it shall tell its advisers; (c) {filler}; (d) {filler}; "
        "(e) the Receiving Party may retain one archival copy of the Confidential Information in its legal department "
        "solely to show compliance with this Agreement."
    )
    assert len(sentence) > MAX_UNIT_CHARS
    units = _units(sentence)
    assert len(units) > 1 and all(len(u) <= MAX_UNIT_CHARS for u in units)
    assert " ".join(units) == sentence  # every word, in order; no "…"
    assert units[-1].startswith("(e) the Receiving Party may retain one archival copy")
    ex = extract_answer("May the Receiving Party retain an archival copy in its legal department?", [(sentence, "NDA", "p")])
    assert "(e) the Receiving Party may retain one archival copy" in ex.items[0].text
    # a clause with no break is cut at words, each cut marked
    run_on = " ".join(["word"] * 400)
    parts = _units(run_on)
    assert all(len(p) <= MAX_UNIT_CHARS for p in parts) and parts[0].endswith(" …") and parts[1].startswith("… ")
    assert " ".join(p.replace(" …", "").replace("… ", "") for p in parts) == run_on


# ---- the document a question names


_FILLER = " ".join(f"Filler sentence number {w} stays here." for w in "one two three four five six seven eight".split())
JEA = (
    "[doc_title: contractnli-0001 | page_range: 1]\n\n"
    "This agreement is required under JEA's information protection program.\n\n"
    "No right or license to the Confidential Information is granted to the Receiving Party.\n\n" + _FILLER
)
OTHER_NDA = (
    "[doc_title: contractnli-0002 | page_range: 4]\n\n"
    "This Agreement gives the Receiving Party no right in the Confidential Information that it receives.\n\n"
    + _FILLER.replace("Filler", "Other")
)


def test_a_word_only_one_document_holds_names_it() -> None:
    passages = [(JEA, "contractnli-0001 · p. 1", "a"), (OTHER_NDA, "contractnli-0002 · p. 4", "b")]
    question = "Does the JEA agreement grant the Receiving Party a right to Confidential Information?"
    ex = extract_answer(question, passages, documents=["d1", "d2"])
    # "JEA" is only in the first agreement: its clause answers, though it does not say JEA
    assert ex.items[0].text.startswith("No right or license") and ex.items[0].passage_id == "a"
    # without the name, the other agreement's clause matches the question's words better
    ex = extract_answer(question.replace("JEA ", ""), passages, documents=["d1", "d2"])
    assert ex.items[0].passage_id == "b"


def test_units_of_other_documents_come_after_the_named_documents() -> None:
    castellan = (
        "[doc_title: Castellan price list | page_range: 1]\n\n"
        "Castellan Flow Systems publishes this list for its distributors.\n\n"
        "All prices are valid for the whole year.\n\n"
        "A surcharge applies to bronze items."
    )
    hartmann = (
        "[doc_title: Hartmann price list | page_range: 1]\n\n"
        "The prices in this list are valid and binding."
    )
    passages = [(hartmann, "Hartmann · p. 1", "h"), (castellan, "Castellan · p. 1", "c")]
    question = "Are the prices in the Castellan list valid?"
    ex = extract_answer(question, passages, documents=["hartmann", "castellan"])
    # the Hartmann sentence holds more of the question's words, but the question names Castellan
    assert ex.items[0].passage_id == "c" and ex.items[0].text == "All prices are valid for the whole year."
    assert [it.passage_id for it in ex.items].index("h") > 0
    # a common word only one document holds names nothing: "distributors" is no name
    unnamed = extract_answer(question.replace("Castellan list", "list for distributors"), passages,
                             documents=["hartmann", "castellan"])
    assert unnamed.items[0].passage_id == "h"


def test_the_best_three_matches_are_listed_however_far_the_first_stands_above() -> None:
    header = "[doc_title: Group Travel Policy | page_range: 1]\n\nPolicy HR-TRV-07 | Owner: Group HR"
    validity = (
        "[doc_title: Group Travel Policy | section_path: 12 Validity]\n\n"
        "This policy is reviewed every two years by the travel desk.\n\n"
        "Replaces the policy of March 2021.\n\n"
        "Questions about travel bookings go to the travel desk."
    )
    passages = [(header, "Group Travel Policy · header", "h"), (validity, "Group Travel Policy · 12 Validity", "v")]
    ex = extract_answer("Which earlier travel policy does HR-TRV-07 replace?", passages, kinds=["header", "text"])
    # the identifier lifts the header line far above the sentence that answers, which is still listed
    assert ex.items[0].text == "Policy HR-TRV-07 | Owner: Group HR"
    assert ex.items[0].score > 2 * ex.items[1].score
    assert ex.items[1].text == "Replaces the policy of March 2021."


def test_the_same_row_in_two_documents_is_quoted_from_the_one_the_question_names() -> None:
    def price_list(name: str) -> str:
        return (
            f"[doc_title: {name} price list | section_path: 8 Volume discounts]\n\n"
            f"{name} grants these discounts on the net order value.\n\n"
            "| Order value (net) | Discount |\n| --- | --- |\n"
            "| from EUR 5,000 | 3 % |\n| from EUR 20,000 | 5 % |"
        )
    passages = [(price_list("Hartmann"), "Hartmann · 8 Volume discounts", "h"),
                (price_list("Nordwell"), "Nordwell · 8 Volume discounts", "n")]
    ex = extract_answer("What volume discount does Nordwell give on orders of EUR 20,000?", passages,
                        documents=["hartmann", "nordwell"])
    assert ex.items[0].text == "Order value (net): from EUR 20,000 · Discount: 5 %"
    assert ex.items[0].passage_id == "n"
    # an item is shown once, from the document whose copy scores best
    texts = [it.text for it in ex.items]
    assert len(texts) == len(set(texts))


def test_words_that_single_out_two_documents_as_strongly_name_neither() -> None:
    from demo.store.crossrefs import UnitLabels
    from demo.store.extract import _naming_terms

    def lab(doc: str) -> UnitLabels:
        return UnitLabels(doc, None, frozenset(), frozenset())

    units = [("", "", "", ("jea", "right")), ("", "", "", ("cop", "right")), ("", "", "", ("right",))]
    labels = [lab("d1"), lab("d2"), lab("d3")]
    where: list[frozenset[str]] = [frozenset()] * 3
    assert _naming_terms({"jea": 3.0, "right": 0.5}, units, where, labels) == {"d1": frozenset({"jea"})}
    assert _naming_terms({"jea": 3.0, "cop": 2.9, "right": 0.5}, units, where, labels) == {}
    assert _naming_terms({"jea": 3.0, "cop": 1.0, "right": 0.5}, units, where, labels) == {"d1": frozenset({"jea"})}
    assert _naming_terms({"jea": 3.0}, units[:1], where[:1], labels[:1]) == {}  # one document: nothing to single out


# ---- a list item comes with its lead-in

EXCLUSIONS = (
    "2. The term Confidential Information shall not include information, which is:\n\n"
    "(a) in the public domain other than by a breach of this Agreement; or\n\n"
    "(b) rightfully received from a third party with no duty of confidentiality; or\n\n"
    "(c) independently developed by employees of the Receiving Party.\n\n"
    "The Receiving Party shall return all documents on request."
)


def test_a_list_item_is_quoted_after_the_lead_in_it_completes_in_one_item() -> None:
    ex = extract_answer("May information received from a third party be used?", [(EXCLUSIONS, "NDA · 2", "p")])
    texts = [it.text for it in ex.items]
    assert texts[0] == (
        "2. The term Confidential Information shall not include information, which is: "
        "(b) rightfully received from a third party with no duty of confidentiality; or"
    )
    assert ex.items[0].locator == "NDA · 2"
    # the lead-in is not quoted again on its own
    assert not any(t.startswith("2. The term") for t in texts[1:])
    # a lead-in that answers best carries its best item
    ex = extract_answer("Which information does the term Confidential Information not include?", [(EXCLUSIONS, "NDA", "p")])
    first = ex.items[0].text
    assert first.startswith("2. The term Confidential Information shall not include information, which is: (")
    assert all(not t.text.endswith("which is:") for t in ex.items)


def test_a_lead_in_takes_no_place_of_its_own() -> None:
    # "In this Agreement:" answers nothing: the definition is quoted carrying it, and the
    # lead-in takes no place of its own among the first items
    text = (
        "1.1 In this Agreement:\n\n"
        "- “Downtime” means any period during which the checkout API returns errors for more than 5 % of requests.\n"
        "- “Working Day” means a day other than a Saturday, Sunday or public holiday in England.\n\n"
        "4.1 Downtime of the checkout API is reported to the Customer within one Working Day."
    )
    ex = extract_answer("What counts as downtime of the checkout API?", [(text, "MSA · 1.1", "p")])
    texts = [it.text for it in ex.items]
    assert sorted(texts[:2]) == [
        "1.1 In this Agreement: “Downtime” means any period during which the checkout API returns errors "
        "for more than 5 % of requests.",
        "4.1 Downtime of the checkout API is reported to the Customer within one Working Day.",
    ]
    assert "1.1 In this Agreement:" not in texts


def test_a_heading_a_bold_line_or_a_word_alone_ends_the_list_a_lead_in_opened() -> None:
    # (found by a review: "The Premium package includes: damage caused by water or fire" said
    # the opposite of the document)
    for between in ("**Not included**", "## 2.2 Not included", "Excluded:"):
        text = (
            "The Premium package includes:\n\n- on-site repair within 8 hours\n- a loan device\n\n"
            f"{between}\n\n- damage caused by water or fire"
        )
        ex = extract_answer("Does the Premium package cover damage caused by water or fire?", [(text, "Package", "p")])
        assert ex.items[0].text == "damage caused by water or fire", between
        assert all(not t.text.endswith("includes: damage caused by water or fire") for t in ex.items)


PERMIT = (
    "[doc_title: Discharge Permit | section_path: Discharge Permit > 4 Limits | page_range: 3]\n\n"
    "4.1 The zinc, copper and nickel limits for discharge water are set in Table 4.\n\n"
    "4.2 The copper and nickel limits for discharge water are halved where:\n\n"
    "(a) the river flow is below 2 cubic metres per second; or\n\n"
    "(b) the zinc and copper plant discharges cooling water.\n\n"
    "4.3 The zinc and nickel limits for discharge water are reviewed every year."
)


def test_a_lead_in_met_without_its_item_brings_its_best_one_and_is_quoted_once() -> None:
    ex = extract_answer("What are the zinc, copper and nickel limits for discharge water?", [(PERMIT, "Permit · 4", "p")])
    texts = [it.text for it in ex.items]
    lead = "4.2 The copper and nickel limits for discharge water are halved where:"
    assert f"{lead} (b) the zinc and copper plant discharges cooling water." in texts
    assert sum(t.count(lead) for t in texts) == 1 and lead not in texts
    assert "(b) the zinc and copper plant discharges cooling water." not in texts  # not again alone
    assert all(it.score > 0 for it in ex.items)


def test_an_item_too_long_with_its_lead_in_for_the_budget_is_quoted_alone() -> None:
    text = (
        "7.1 Chloroform waste is collected in the red halogenated solvent canister in room B12.\n\n"
        "7.2 Without prejudice to the general duties of every member of staff under the institute's health and "
        "safety policy, the local rules of each building and the instructions of the safety officer, the "
        "following applies:\n\n(a) chloroform waste canisters are emptied every Friday by the waste contractor."
    )
    question = "When and where is chloroform waste collected?"
    roomy = [it.text for it in extract_answer(question, [(text, "Lab Safety Manual · 7", "p")]).items]
    assert roomy[1].startswith("7.2 Without prejudice") and roomy[1].endswith("by the waste contractor.")
    tight = [it.text for it in extract_answer(question, [(text, "Lab Safety Manual · 7", "p")], budget=50).items]
    assert tight == [roomy[0], "(a) chloroform waste canisters are emptied every Friday by the waste contractor."]


def test_lead_ins_of_bulleted_and_enumerated_lists() -> None:
    from demo.store.extract import _passage_units

    text = "The Supplier shall:\n\n- deliver on time;\n- invoice monthly.\n\nPrices are net.\n\nIV. Other matters:\n\na. none apply"
    leads = [(u, lead) for u, _k, _t, lead, _s, _m, _h in _passage_units(text)]
    assert leads == [("The Supplier shall:", -1), ("deliver on time;", 0), ("invoice monthly.", 0), ("Prices are net.", -1),
                     ("IV. Other matters:", -1), ("a. none apply", 4)]


def test_a_two_row_header_names_each_column_and_a_repeated_header_is_no_row() -> None:
    table = (
        "| System organ class | Preferred term | Subjects with event, n (%) | Subjects with event, n (%) |\n"
        "| --- | --- | --- | --- |\n"
        "| System organ class | Preferred term | Placebo (N=148) | Vexatrin 10 mg (N=151) |\n"
        "| Skin | Rash | 3 (2.0) | 14 (9.4) |\n"
        "| System organ class | Preferred term | Subjects with event, n (%) | Subjects with event, n (%) |\n"
        "| System organ class | Preferred term | Placebo (N=148) | Vexatrin 10 mg (N=151) |\n"
        "| Skin | Itching | 1 (0.7) | 2 (1.3) |\n"
    )
    ex = extract_answer("How many subjects on Vexatrin 10 mg reported rash?", [(table, "CSR · 12.2", "p")])
    assert ex.items[0].text == (
        "System organ class: Skin · Preferred term: Rash · Subjects with event, n (%) / Placebo (N=148): 3 (2.0) · "
        "Subjects with event, n (%) / Vexatrin 10 mg (N=151): 14 (9.4)"
    )
    assert all("System organ class: System organ class" not in it.text for it in ex.items)
    assert [it.text.split(" · ")[1] for it in ex.items] == ["Preferred term: Rash", "Preferred term: Itching"]


# --- the meaning match: the sentence of the best hits closest to the question comes second


_MANUAL = (
    "Danger from hot surfaces: the operator must wear gloves near the compressor.\n\n"
    "Hot surfaces of the compressor are marked with a yellow label.\n\n"
    "The maximum permissible ambient temperature for the compressor is 45 °C."
)


def _closeness(texts):  # type: ignore[no-untyped-def]
    """A stand-in for the embedding model: the temperature limit is what the question means."""
    return [0.9 if "permissible ambient temperature" in t else 0.1 for t in texts]


def test_the_sentence_closest_in_meaning_comes_second() -> None:
    question = "How hot can it get around the compressor?"
    words = extract_answer(question, [(_MANUAL, "Manual", "p1")])
    assert all("45 °C" not in it.text for it in words.items[:2])  # the words rank it lower, or not at all
    ex = extract_answer(question, [(_MANUAL, "Manual", "p1")], meaning=_closeness, hits=["p1"])
    assert ex.items[0].text == words.items[0].text  # the words' best unit stays first
    assert "45 °C" in ex.items[1].text


def test_only_the_best_hits_are_compared_and_a_missing_model_changes_nothing() -> None:
    from demo.store.extract import MEANING_HITS

    question = "How hot can it get around the compressor?"
    pieces = [(_MANUAL, "Manual", "p1")] + [(f"Compressor note {k}: hot air leaves the compressor.", "Notes", f"n{k}")
                                              for k in range(MEANING_HITS)]
    seen: list[str] = []

    def recording(texts):  # type: ignore[no-untyped-def]
        seen.extend(texts)
        return _closeness(texts)

    hits = [f"n{k}" for k in range(MEANING_HITS)] + ["p1"]  # the manual ranked below the first hits
    ex = extract_answer(question, pieces, meaning=recording, hits=hits)
    assert seen and all(t.startswith("Compressor note") for t in seen)
    assert all("45 °C" not in it.text for it in ex.items[:2])
    # (the same hits: they also break near ties between the words' scores)
    words = extract_answer(question, pieces, hits=["p1"])
    assert extract_answer(question, pieces, meaning=lambda texts: None, hits=["p1"]).items == words.items


def test_with_no_word_match_only_a_close_meaning_answers() -> None:
    from demo.store.extract import HEADING, MEANING_FOUND, MEANING_HEADING

    question = "What is the boiling point of ethanol?"  # no word of it is in the manual
    pieces = [(_MANUAL, "Manual", "p1")]
    assert extract_answer(question, pieces).text == NOT_FOUND  # no model: the words decide
    calls: list[int] = []

    def far(texts):  # type: ignore[no-untyped-def]
        calls.append(len(texts))
        return [MEANING_FOUND - 0.01] * len(texts)

    ex = extract_answer(question, pieces, meaning=far, hits=["p1"])
    assert not ex.found and ex.text == NOT_FOUND and calls == [3]  # compared, and not close enough
    assert extract_answer(question, pieces, meaning=lambda texts: None, hits=["p1"]).text == NOT_FOUND
    assert extract_answer(question, pieces, meaning=_closeness, hits=[]).text == NOT_FOUND  # no hits: nothing compared
    # close enough: the closest unit answers alone
    close = extract_answer("Any idea about the thermal ceiling?", pieces, meaning=_closeness, hits=["p1"])
    assert [it.text for it in close.items] == ["The maximum permissible ambient temperature for the compressor is 45 °C."]
    assert close.items[0].score == 0.9 and close.items[0].passage_id == "p1"
    assert close.by_meaning and close.text.startswith(MEANING_HEADING)
    by_words = extract_answer("How hot can it get around the compressor?", pieces, meaning=_closeness, hits=["p1"])
    assert by_words.found and not by_words.by_meaning and by_words.text.startswith(HEADING)
    with pytest.raises(ValueError, match="similarities for"):
        extract_answer("How hot can it get around the compressor?", [(_MANUAL, "Manual", "p1")],
                       meaning=lambda texts: [0.5], hits=["p1"])


def test_a_question_in_the_documents_own_title_words_gets_its_footer_first() -> None:
    body = (
        "[doc_title: Supplier Audit Report – Nordwell Valves | section_path: 3 Findings]\n\n"
        "The audit covered the manufacture of cast valves at the Wrexham plant from 3 February 2025.\n\n"
        "| No. | Finding | Due date |\n| --- | --- | --- |\n"
        "| F-03 | The approved supplier list was not reviewed. | 14 March 2025 |"
    )
    footer = ("[doc_title: Supplier Audit Report – Nordwell Valves | page_range: 1-9]\n\n"
              "Audit dates 3–5 February 2025 | Lead auditor Martina Hofer")
    passages = [(body, "Supplier Audit Report – Nordwell Valves · 3 Findings", "b"),
                (footer, "Supplier Audit Report – Nordwell Valves · footer", "f")]
    # every word of the question is the title's: it asks about the report itself
    ex = extract_answer("When did the Nordwell supplier audit take place?", passages, kinds=["text", "footer"])
    assert ex.items[0].text == "Audit dates 3–5 February 2025 | Lead auditor Martina Hofer"
    # a question about what the report holds is not about the report itself
    ex = extract_answer("When is finding F-03 of the Nordwell audit due?", passages, kinds=["text", "footer"])
    assert ex.items[0].text.startswith("No.: F-03")
    assert all(not it.text.startswith("Audit dates") for it in ex.items)


def test_a_question_about_the_document_itself_gets_its_running_line_though_no_word_is_shared() -> None:
    """"Is the Hartmann supply agreement final?": every word the context holds is the title's,
    and the header line that answers ("Draft 3 … for negotiation purposes only") shares none
    of them; a body sentence that only repeats a title word does not come first."""
    body = ("[doc_title: Master Supply Agreement – Hartmann | section_path: 12 Term]\n\n"
            "This Agreement continues until terminated by either Party with three months' notice.\n\n"
            "The Supplier shall deliver the Products to the Customer's plant.")
    header = ("[doc_title: Master Supply Agreement – Hartmann | page_range: 1-20]\n\n"
              "Draft 3 of 12 March 2025 – for negotiation purposes only")
    passages = [(body, "Master Supply Agreement – Hartmann · 12 Term", "b"),
                (header, "Master Supply Agreement – Hartmann · header", "h")]
    question = "Is the Hartmann master supply agreement final?"
    ex = extract_answer(question, passages, kinds=["body", "header"])
    assert ex.items[0].text == "Draft 3 of 12 March 2025 – for negotiation purposes only"
    # the same line as body text is no running line: it shares no word, so it is not quoted
    as_body = extract_answer(question, passages, kinds=["body", "body"])
    assert all(not it.text.startswith("Draft 3") for it in as_body.items)
    # a word only one document holds names it, but does not make a question about it: "When
    # did the Berlin Wall fall?" is not answered by the header of the register whose row says
    # "wall" (its title holds none of the question's words)
    row = ("[doc_title: Project Risk Register | section_path: 3 Risks]\n\n"
           "| Risk ID | Description | Status |\n| --- | --- | --- |\n"
           "| R-36 | Archaeological finds behind the old wall | Closed |")
    issued = "[doc_title: Project Risk Register | page_range: 1-6]\n\nRevision F · Issued 24 November 2026"
    other = "[doc_title: Price List | section_path: 1 Terms]\n\nPrices are net of VAT."
    register = [(row, "Project Risk Register · 3 Risks", "r"), (issued, "Project Risk Register · header", "h"),
                (other, "Price List · 1 Terms", "o")]
    assert not extract_answer("When did the Berlin Wall fall?", register, kinds=["body", "header", "body"]).found
    # a question about what the agreement holds is not about the agreement itself
    notice = extract_answer("How much notice ends the Hartmann supply agreement?", passages, kinds=["body", "header"])
    assert notice.items[0].text.startswith("This Agreement continues")
    assert all(not it.text.startswith("Draft 3") for it in notice.items)
    # nor is a question whose other words name one of its parts: the section "12 Term" holds
    # "term", so "How long is the term …" asks that clause, though no sentence says "term"
    term = extract_answer("How long is the term of the Hartmann master supply agreement?", passages,
                          kinds=["body", "header"])
    assert term.items[0].text.startswith("This Agreement continues")


def test_a_best_hit_brings_its_documents_footer_into_the_meaning_match() -> None:
    """A footer line stands on every page: when one of its document's passages is a best hit,
    it is compared in meaning too, though the search did not rank the footer's own chunk;
    another document's footer is not."""
    body = "[doc_title: Lab report P-1]\n\nThe sample was centrifuged within one hour of receipt."
    footer = "[doc_title: Lab report P-1]\n\nReleased by Dr. Amara Okafor on 14 March 2025"
    other = "[doc_title: Lab report P-2]\n\nReleased by Dr. Sofia Marquez on 20 March 2025"
    pieces = [(body, "Lab report P-1 · Results", "b"), (footer, "Lab report P-1 · footer", "f"),
              (other, "Lab report P-2 · footer", "o")]
    documents = ["d1", "d1", "d2"]
    question = "Who signed off the sample report and when?"

    def released(texts):  # type: ignore[no-untyped-def]  # the embedding model: the release line is meant
        return [0.8 if "Released by" in t else 0.2 for t in texts]

    without = extract_answer(question, pieces, documents=documents, meaning=released, hits=["b"])
    assert all("Okafor" not in it.text for it in without.items)  # no types given: the hits' units only
    typed = extract_answer(question, pieces, documents=documents, meaning=released, hits=["b"],
                           kinds=["body", "footer", "footer"])
    assert any("Okafor" in it.text for it in typed.items[:2])
    assert all("Marquez" not in it.text for it in typed.items)  # another document's footer
    with pytest.raises(ValueError, match="one chunk type per passage"):
        extract_answer(question, pieces, kinds=["body"])


def test_a_yes_no_question_about_prices_does_not_put_an_amount_first() -> None:
    """"Are the list prices fixed?" asks whether, not how much: a sentence holding an amount
    gets no bonus over the one that answers (it did when "prices" alone read as an amount)."""
    text = "List prices of EUR 45 or more are fixed on the invoice date.\n\nThe list prices stay fixed until the end of the year.\n\nDeliveries are made on pallets."
    ex = extract_answer("Are the list prices fixed?", [(text, "Price list", "p")])
    assert ex.items[0].text.startswith("The list prices stay fixed")
    how_much = extract_answer("How much are the list prices?", [(text, "Price list", "p")])
    assert how_much.items[0].text.startswith("List prices of EUR 45")  # an amount asked for: the hint applies


def test_the_searchs_rank_breaks_a_near_tie_between_units() -> None:
    """Two sentences with the same words in two passages: the one of the passage the search
    ranked higher comes first, whichever order the context holds them in; without hits the
    context's order decides, and a clearly better word match still wins from a lower rank."""
    a = ("[doc_title: Site rules | section_path: Access]\n\nVisitors sign in at the north gate lodge.",
         "Site rules · Access", "a")
    b = ("[doc_title: Site rules | section_path: Deliveries]\n\nVisitors sign in at the south gate office.",
         "Site rules · Deliveries", "b")
    question = "Where do visitors sign in?"
    assert extract_answer(question, [a, b]).items[0].passage_id == "a"
    assert extract_answer(question, [a, b], hits=["b", "a"]).items[0].passage_id == "b"
    assert extract_answer(question, [a, b], hits=["a", "b"]).items[0].passage_id == "a"
    c = ("[doc_title: Site rules | section_path: Visitors]\n\n"
         "Visitors sign in at reception, where visitors sign the visitors book.",
         "Site rules · Visitors", "c")
    assert extract_answer(question, [a, c], hits=["a", "c"]).items[0].passage_id == "c"


def test_the_second_item_adds_a_part_of_the_question_the_first_leaves_open() -> None:
    """"Are the prices fixed, and could any surcharge apply?": a second surcharge sentence
    adds nothing the first did not say, so the one about fixed prices comes second, though
    it scores less; one that scores under half as much does not move up."""
    text = (
        "[doc_title: Price list 2025 | section_path: 2 Terms]\n\n"
        "A surcharge applies to small orders.\n\n"
        "A surcharge also applies to cast products.\n\n"
        "Orders are delivered within ten days.\n\n"
        "All list prices of this price list, including those for spare parts, accessories and "
        "tools of every product group, are fixed until 30 September 2025."
    )
    question = "Are the prices fixed, and could any surcharge apply?"
    ex = extract_answer(question, [(text, "Price list 2025 · 2 Terms", "p")])
    assert [it.text[:18] for it in ex.items] == ["A surcharge applie", "All list prices of", "A surcharge also a"]
    assert ex.items[1].score < ex.items[2].score  # moved up for what it adds, not for its score
    from demo.store.extract import _covering

    # (units: 0 and 1 say "surcharge", 2 says "prices fixed"; scores 3, 2 and then 1 or 0.9)
    terms = [["surcharg"], ["surcharg"], ["price", "fix"]]
    idf = {"surcharg": 1.0, "price": 1.0, "fix": 1.0}
    assert _covering([0, 1, 2], terms, idf, {0: 3.0, 1: 2.0, 2: 1.0}) == [0, 2, 1]
    assert _covering([0, 1, 2], terms, idf, {0: 3.0, 1: 2.0, 2: 0.9}) == [0, 1, 2]  # under half
    assert _covering([0, 1, 2], [["surcharg"], ["price"], ["fix"]], idf, {0: 3.0, 1: 2.0, 2: 1.5}) == [0, 1, 2]


def test_a_question_that_sets_the_scene_is_held_to_the_sentence_that_asks() -> None:
    """"Visit windows are counted around the target Study Day. What counts as Study Day 1?":
    the first sentence's rare words (counted, around, target) weigh more than the asking
    sentence's, so the sentence defining Study Day 1 fell under the share of the question's
    weight a unit must hold; that share is the asking sentence's."""
    fill = [f"V{k + 2} is on study day {7 * (k + 2)}." for k in range(10)]
    ones = [f"Sample {k + 2} of tube 1 is kept for one study day." for k in range(8)]
    text = "[doc_title: Visit Windows | section_path: 1 Introduction]\n\n" + "\n\n".join(
        [
            "Study Day 1 is the day of the first dose of investigational product.",
            *fill,
            *ones,
            "Windows are counted around the target Study Day.",
        ]
    )
    passages = [(text, "Visit Windows · 1 Introduction", "p")]
    question = "Visit windows are counted around the target Study Day. What counts as Study Day 1?"
    ex = extract_answer(question, passages)
    assert any(it.text.startswith("Study Day 1 is the day") for it in ex.items[:3])
    assert ex.items[0].text.startswith("Windows are counted")  # the scene's own sentence still scores
    from demo.store.extract import _questions

    assert _questions(question) == "What counts as Study Day 1?"
    assert _questions("Do operators need hearing protection? How loud is it?") == (
        "Do operators need hearing protection? How loud is it?"
    )  # every sentence that asks
    assert _questions("noise level of the PL-9") == "noise level of the PL-9"  # no "?": all of it


def test_an_abbreviation_does_not_end_the_sentence_that_asks() -> None:
    """"the U.S. subsidiary": the question is one sentence; reading "subsidiary reimburse?"
    as the part that asks lowered the bars until a sentence about club fees answered it."""
    from demo.store.extract import _questions

    question = "Which travel costs does the U.S. subsidiary reimburse?"
    assert _questions(question) == question
    handbook = _section(
        "Group handbook",
        "3 Organisation",
        "Travel is booked through the portal.",
        "Costs are booked monthly.",
        "The subsidiary reimburses directors for club fees at its own discretion.",
        "The subsidiary reports to the parent company.",
        "Each subsidiary keeps its own books. A subsidiary has its own board.",
        "Every subsidiary files its own tax return. Fines are not reimbursed.",
    )
    assert not extract_answer(question, handbook).found


def _section(title: str, section: str, *paragraphs: str) -> list[tuple[str, str, str]]:
    """One passage of ``paragraphs`` under a citation line."""
    text = f"[doc_title: {title} | section_path: {section}]\n\n" + "\n\n".join(paragraphs)
    return [(text, f"{title} · {section}", "p")]


def test_the_scene_alone_answers_nothing() -> None:
    """A unit that holds only the scene's words ("valves, pumps, seals and gaskets") and none
    of the asking sentence's ("delivery time") is not an answer, though the bars are the
    asking sentence's."""
    question = "We ordered valves, pumps, seals and gaskets from Hartmann last year. What is the delivery time?"
    rules = _section(
        "Warehouse rules",
        "2 Storage",
        "Seals and gaskets are stored in the dry warehouse.",
        "Delivery notes are filed by the clerk. Time sheets are signed weekly.",
        "Valves are tested before storage. Pumps are kept on pallets.",
        "Forklifts are charged overnight.",
    )
    assert not extract_answer(question, rules).found


def test_a_question_about_one_of_two_same_titled_documents_gets_that_ones_header() -> None:
    """"Is the Castellan master supply agreement final?": both agreements' titles hold the
    shared words; the name the question writes decides whose header answers."""

    def agreement(name: str, header: str, body: str) -> list[tuple[str, str, str]]:
        title = f"Master Supply Agreement – {name}"
        return [
            (f"[doc_title: {title} | section_path: 12 Term]\n\n{body}", f"{title} · 12 Term", name + "-b"),
            (f"[doc_title: {title} | page_range: 1-20]\n\n{header}", f"{title} · header", name + "-h"),
        ]

    passages = agreement(
        "Hartmann",
        "Draft 3 of 12 March 2025 – for negotiation purposes only",
        "This Agreement continues until terminated by either Party with three months' notice.",
    ) + agreement("Castellan", "Executed version of 1 May 2024", "The Supplier shall deliver the Products.")
    kinds = ["body", "header", "body", "header"]
    castellan = extract_answer("Is the Castellan master supply agreement final?", passages, kinds=kinds)
    assert castellan.items[0].text == "Executed version of 1 May 2024"
    assert all(not it.text.startswith("Draft 3") for it in castellan.items)
    hartmann = extract_answer("Is the Hartmann master supply agreement final?", passages, kinds=kinds)
    assert hartmann.items[0].text.startswith("Draft 3")


def test_the_covering_moves_the_meaning_match_down_one_place_at_most() -> None:
    from demo.store.extract import _covering

    terms = [["surcharg"], ["surcharg"], ["price"], ["fix"]]
    idf = {"surcharg": 1.0, "price": 1.0, "fix": 1.0}
    score_of = {0: 3.0, 1: 2.0, 2: 1.5, 3: 1.5}
    assert _covering([0, 1, 2, 3], terms, idf, score_of) == [0, 2, 3, 1]
    assert _covering([0, 1, 2, 3], terms, idf, score_of, placed={1}) == [0, 2, 1, 3]


def test_a_hard_line_break_is_a_space_not_a_backslash() -> None:
    """dan writes a line break inside a paragraph as Markdown's hard break (a backslash ending
    the line); the answer is plain text, so the break is a space. An escaped backslash stays."""
    text = ("[doc_title: meeting-notes | page_range: 1]\n\n"
            "Weekly operations meeting — 6 March 2025\\\n"
            "Attendees: Mary Hoffins (Legal), Jonathan Reyes (Procurement)\n\n"
            "The share path is C:\\\\\n")
    ex = extract_answer("Who attended the weekly operations meeting?", [(text, "meeting-notes · p. 1", "p")])
    assert ex.items[0].text == ("Weekly operations meeting — 6 March 2025 Attendees: Mary Hoffins (Legal), "
                                "Jonathan Reyes (Procurement)")
    path = extract_answer("What is the share path?", [(text, "meeting-notes · p. 1", "p")])
    assert path.items[0].text == "The share path is C:\\"


def test_an_item_is_cited_under_the_section_it_stands_in() -> None:
    """A chunk that starts in one section and goes on into the next: an item from the second
    is cited under the second, not under the section the chunk's citation line names."""
    text = ("[doc_title: Patient Summary — J. Miller | section_path: Patient Summary — J. Miller > Laboratory results "
            "| page_range: 1 (est.)]\n\n## Laboratory results\n\n| Test | Result |\n| --- | --- |\n| HbA1c | 7.4 % |\n\n"
            "## Plan\n\nKeep Lisinopril at 10 mg and recheck potassium.")
    loc = "Patient Summary — J. Miller · Laboratory results · p. 1 (est.)"
    items = extract_answer("What is the plan for Lisinopril and the HbA1c result?", [(text, loc, "p")]).items
    where = {it.text.split()[0]: it.locator for it in items}
    assert where["Keep"] == "Patient Summary — J. Miller · Plan · p. 1 (est.)"
    assert where["Test:"] == loc  # the row stands in the section the citation line names
    # a sub-heading deepens the path; a locator not of the expected form is left as it is
    sub = text.replace("## Plan", "### Plan")
    assert unit_locator(sub, loc, ((2, "Laboratory results"), (3, "Plan"))) == (
        "Patient Summary — J. Miller · Laboratory results > Plan · p. 1 (est.)")
    assert unit_locator(text, "routing index of the collection", ((2, "Laboratory results"), (2, "Plan"))) == (
        "routing index of the collection")


ROUTED_HEAD = ("[doc_title: Trade Price List 2027]\n\nCorvane Hydraulics GmbH · Trade Price List 2027 · Ref. CVH-PL-27",
               "Trade Price List 2027 · header", "a-head")
ROUTED_BODY = ("[doc_title: Trade Price List 2027 | section_path: 5 Price adjustment]\n\n"
               "The catalogue edition can be requested from the sales office at any time.\n\n"
               "Corvane may adjust filter prices quarterly in line with the filter media index.\n\n"
               "Any such adjustment is capped at 6 % per quarter.", "Trade Price List 2027 · 5 Price adjustment", "a-body")
FILLED = ("[doc_title: Harbour Supply Terms | section_path: 2 Prices]\n\n"
          "Filter prices may not be put up during the term; there is no limit on freight charges.",
          "Harbour Supply Terms · 2 Prices", "b-1")
CORVANE_Q = "Can Corvane put filter prices up during 2027, and is there a limit?"


def test_focus_the_routed_files_answer_first_as_they_would_alone() -> None:
    """issue 49/50: the store sends a routed file whole and what it leaves of the cap from
    other files; the extract answers from the routed file first, exactly as without the
    other files (whose words would otherwise change every unit's weight), then the rest."""
    alone = extract_answer(CORVANE_Q, [ROUTED_HEAD, ROUTED_BODY], documents=["A", "A"], kinds=["header", "body"])
    both = [ROUTED_HEAD, ROUTED_BODY, FILLED]
    mixed = extract_answer(CORVANE_Q, both, documents=["A", "A", "B"], kinds=["header", "body", "body"])
    assert mixed.items[0].passage_id == "b-1"  # without focus the other file's sentence wins
    focused = extract_answer(CORVANE_Q, both, documents=["A", "A", "B"], kinds=["header", "body", "body"], focus={"A"})
    n = len(alone.items)
    assert alone.found and n >= 2
    assert [(i.text, i.passage_id) for i in focused.items[:n]] == [(i.text, i.passage_id) for i in alone.items]
    assert [i.passage_id for i in focused.items[n:]] == ["b-1"]  # then the rest of the context
    assert focused.text.startswith(HEADING) and f"- {focused.items[-1].text} [" in focused.text
    # the routed file answers nothing: the whole context answers
    other = extract_answer("Is there a limit on freight charges?", both, documents=["A", "A", "B"], focus={"A"})
    assert other.found and other.items[0].passage_id == "b-1"
    # every passage in focus, or none: the plain extract
    assert extract_answer(CORVANE_Q, both, documents=["A", "A", "B"], focus={"A", "B"}) == mixed
    assert extract_answer(CORVANE_Q, both, documents=["A", "A", "B"], focus={"C"}) == mixed
    with pytest.raises(ValueError, match="focus needs documents"):
        extract_answer(CORVANE_Q, both, focus={"A"})
    with pytest.raises(ValueError, match="not one string"):  # ("A-1" in "A-12" would hold)
        extract_answer(CORVANE_Q, both, documents=["A", "A", "B"], focus="A")


def test_focus_the_meaning_match_reads_the_routed_files_hits_only() -> None:
    """The routed file was sent whole, unsearched: the search's hits are the other files',
    so the meaning match has nothing of the routed file to compare and is not asked."""
    asked: list[list[str]] = []

    def meaning(texts):  # type: ignore[no-untyped-def]
        asked.append(list(texts))
        return [0.9] * len(texts)

    both = [ROUTED_HEAD, ROUTED_BODY, FILLED]
    focused = extract_answer(CORVANE_Q, both, documents=["A", "A", "B"], kinds=["header", "body", "body"],
                             focus={"A"}, meaning=meaning, hits=["b-1"])
    alone = extract_answer(CORVANE_Q, [ROUTED_HEAD, ROUTED_BODY], documents=["A", "A"], kinds=["header", "body"])
    assert [i.text for i in focused.items[: len(alone.items)]] == [i.text for i in alone.items]
    assert asked and all("Filter prices may not" in t for texts in asked for t in texts)  # only the second pass asks


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.sampled_from(["prices", "filter", "limit", "quarter", "Corvane", "index", "freight", "term", "capped", "2027"]),
             min_size=3, max_size=8),
    st.lists(st.sampled_from(["prices", "filter", "limit", "quarter", "during", "put", "freight", "term", "up", "2027"]),
             min_size=3, max_size=8),
)
def test_focus_never_changes_what_the_routed_files_answer(mine: list[str], theirs: list[str]) -> None:
    """Whatever the other files hold, the routed files' extract comes first unchanged."""
    a = (f"[doc_title: Routed]\n\nThe {' '.join(mine)} clause applies.\n\nNothing else is agreed here.", "Routed", "a")
    b = (f"[doc_title: Other]\n\nThe {' '.join(theirs)} clause applies.", "Other", "b")
    alone = extract_answer(CORVANE_Q, [a], documents=["A"])
    focused = extract_answer(CORVANE_Q, [a, b], documents=["A", "B"], focus={"A"})
    if alone.found:
        assert [i.text for i in focused.items[: len(alone.items)]] == [i.text for i in alone.items]
    else:
        assert focused == extract_answer(CORVANE_Q, [a, b], documents=["A", "B"])


def test_focus_items_found_by_meaning_alone_are_not_added_under_the_words_heading(monkeypatch) -> None:
    """When the routed files answer by their words and the whole context only by meaning,
    the meaning's items are not appended under the heading that says "verbatim" by words."""
    import demo.store.extract as X

    words = Extract((ExtractItem("Routed answer.", "A", "a", 1.0),), f"{HEADING}\n- Routed answer. [A]")
    meant = Extract((ExtractItem("Close in meaning.", "B", "b", 0.9),), "…", by_meaning=True)
    calls: list[list[str]] = []

    def fake(question, passages, **kw):  # type: ignore[no-untyped-def]
        calls.append([pid for _t, _l, pid in passages])
        return words if len(passages) == 1 else meant

    monkeypatch.setattr(X, "extract_answer", fake)
    both = [("[doc_title: A]\n\nx", "A", "a"), ("[doc_title: B]\n\ny", "B", "b")]
    out = X._focused("q?", both, {"A"}, 400, 8, True, ["A", "B"], None, ["b"], None)
    assert calls == [["a"], ["a", "b"]] and out == words
    meant_words = Extract((ExtractItem("Other words.", "B", "b", 0.5),), "…")
    monkeypatch.setattr(X, "extract_answer", lambda q, ps, **kw: words if len(ps) == 1 else meant_words)
    merged = X._focused("q?", both, {"A"}, 400, 8, True, ["A", "B"], None, ["b"], None)
    assert [i.text for i in merged.items] == ["Routed answer.", "Other words."] and not merged.by_meaning


def test_focus_the_routed_files_units_the_whole_context_finds_come_before_the_other_files(monkeypatch) -> None:
    """The routed files answer first; of what the whole context adds, their units come before
    another file's, whatever the whole context's order (the route chose those files)."""
    import demo.store.extract as X

    first = Extract((ExtractItem("Routed best.", "A", "a", 3.0),), "…")
    rest = Extract(
        (ExtractItem("Other file.", "B", "b", 9.0), ExtractItem("Routed best.", "A", "a", 3.0),
         ExtractItem("Routed second.", "A", "a", 2.0)),
        "…",
    )
    monkeypatch.setattr(X, "extract_answer", lambda q, ps, **kw: first if len(ps) == 1 else rest)
    both = [("[doc_title: A]\n\nx", "A", "a"), ("[doc_title: B]\n\ny", "B", "b")]
    out = X._focused("q?", both, {"A"}, 400, 8, True, ["A", "B"], None, ["b"], None)
    assert [i.text for i in out.items] == ["Routed best.", "Routed second.", "Other file."]


def test_a_title_phrase_in_the_text_names_the_document_it_does_not_answer() -> None:
    """The words of a unit's title count at the located weight (they say which document it
    is); so does a pair of them in its text: "This Master Services Agreement is made
    between …" does not answer "the warranty period in the master services agreement"."""
    parties = ("[doc_title: Master Services Agreement | section_path: 1. Parties]\n\n"
               "This Master Services Agreement is made between Northwind Traders and CranePoint.")
    terms = ("[doc_title: Master Services Agreement | section_path: 5. Terms]\n\n"
             "Refurbished parts are warranted for eighteen months; the warranty excludes misuse.\n\n"
             "Invoices are payable within thirty days.")
    passages = [(parties, "Master Services Agreement · 1. Parties", "p1"), (terms, "Master Services Agreement · 5. Terms", "p2")]
    ex = extract_answer("What is the warranty period in the master services agreement?", passages)
    assert ex.items[0].text.startswith("Refurbished parts are warranted")
    # a header or footer line answers questions about its document: it keeps the pair. The
    # wsdev risk register (built as the benchmark builds it): "revision" makes every unit
    # holding a tracked change score more, and without the pair its header line fell below them
    from benchmarks.quality.devsets import WRITERS
    from benchmarks.wsdev.fam_governance import risk_register

    doc, _questions = risk_register()
    res = dan.convert(WRITERS[doc.fmt](doc), doc.fmt, max_tokens=256)
    chunks = [(c, f"{r['ssTitle']} · {r.get('ssSection', '')}", f"p{k}") for k, (c, r) in enumerate(zip(res.chunks, res.records))]
    about = extract_answer("Who issued revision F of the Ferrow Bridge risk register, and when?", chunks,
                           kinds=[str(r.get("ssType") or "body") for r in res.records])
    assert about.items[0].text == "Ferrow Bridge Replacement Scheme · FBR-PM-RR-001 · Revision F · Issued 24 November 2026"
