"""lexical_route scoring rules: head (title and id) weighting, identifiers, confidence
calibration, ties and comparisons (docs/routing.md, "The lexical router").

The index below is written out by hand in the entry format of ``create_document_index``
so that each test controls exactly which words sit in a title and which were sampled
into another document's phrases.
"""

from __future__ import annotations

import pytest

from ven import RouteKind, lexical_route, parse_route
from ven.terms import is_identifier, terms, terms_with_ids

PROPS = "tables: yes; revisions: no; comments: no; pages: 4; sections: 3"

ENTRIES = {
    "lab_a.docx": (
        "Laboratory Report – Patient Q-51234",
        (
            "Headings: Request; Results; Interpretation\n"
            "Excerpts: Samples were received in a closed container; Results outside the reference "
            "interval are flagged"
        ),
    ),
    "lab_b.docx": (
        "Laboratory Report – Patient Q-67890",
        (
            "Headings: Request; Results; Interpretation\n"
            "Excerpts: Serum | HDL cholesterol | 52 | mg/dL; Serum | Triglycerides | 140 | mg/dL; "
            "Samples were received in a closed container"
        ),
    ),
    "prices_ostrava.docx": (
        "Ostrava Fittings – Price List 2025",
        (
            "Headings: General; Prices; Delivery\n"
            "Excerpts: Prices are quoted ex works; Orders are confirmed in writing"
        ),
    ),
    "prices_lindholm.docx": (
        "Lindholm Valves – Price List 2025",
        (
            "Headings: General; Prices; Delivery\n"
            "Excerpts: O-ring, EPDM, DN50 | 41.20 | 3 weeks; Ball valve, brass | 18.00 | 2 weeks; "
            "Prices are quoted ex works"
        ),
    ),
    "manual_tx70.docx": (
        "Operating Manual – Turbine TX-70",
        (
            "Headings: Safety; Installation; Maintenance\n"
            "Excerpts: Replace damaged seals immediately; Record every maintenance activity in the "
            "service log"
        ),
    ),
    "msa.docx": (
        "Supply Agreement – Ostrava Fittings and Kelby Ltd",
        (
            "Headings: Definitions; Liability; Termination\n"
            "Excerpts: The Supplier shall deliver the goods to the site of the Customer"
        ),
    ),
    "nda.docx": (
        "Non-Disclosure Agreement – Kelby Ltd and Marren BV",
        "Headings: Purpose; Obligations; Term\nExcerpts: Each Party shall protect the information",
    ),
    "licence.docx": (
        "Licence Agreement – Kelby Ltd",
        "Headings: Grant; Fees; Term\nExcerpts: The Licensee shall pay the fees quarterly",
    ),
    "budget25.md": (
        "Operations Budget 2025",
        "Headings: Summary; Assumptions\nExcerpts: Capital expenditure rises by four percent",
    ),
    "budget26.html": (
        "Operations Budget 2026 — Projection",
        "Headings: Projection; Drivers\nExcerpts: Energy costs fall after the new contract",
    ),
    "hr.docx": (
        "Employee Handbook",
        (
            "Persons: Gregor Nwosu; Alma Reyes\nHeadings: Leave; Onboarding\n"
            "Excerpts: Employees take leave after approval"
        ),
    ),
    "blog.html": (
        "How we built an async task framework",
        (
            "Headings: Introduction; Architecture; Lessons\n"
            "Excerpts: The scheduler retries failed jobs; Each task has an owner; A task runs once; "
            "Task state is stored; Failed tasks are retried"
        ),
    ),
}

INDEX = "\n\n".join(f"[DOC {doc_id}] {title}\n{PROPS}\n{lines}" for doc_id, (title, lines) in ENTRIES.items())


def route(question: str, index: str = INDEX) -> list[tuple[str, int]]:
    reply = lexical_route(index, question)
    parsed = parse_route(reply)
    assert parsed.kind is RouteKind.DOCS, reply
    return list(parsed.docs)


def conf(docs: list[tuple[str, int]], doc_id: str) -> int:
    return dict(docs).get(doc_id, 0)


# ---- identifiers ---------------------------------------------------------------------


def test_identifiers_are_kept_whole_with_their_parts() -> None:
    assert terms_with_ids("Patient P-88213") == [("patient", ()), ("p88213", ("88213",))]
    assert terms_with_ids("part HY-1032, code E117") == [
        ("part", ()),
        ("hy1032", ("hy", "1032")),
        ("code", ()),
        ("e117", ()),
    ]
    assert terms_with_ids("C-2025-017")[0][0] == "c2025017"
    # not identifiers: words without digits, numbers with a unit or ordinal, en dashes
    assert [t for t, _ in terms_with_ids("O-ring, 3-way, the 47th meeting, 100mm")] == [
        "ring",
        "way",
        "47th",
        "meeting",
        "100mm",
    ]
    assert [t for t, _ in terms_with_ids("Kestrel–Hartmann 2025-04-01")] == ["kestrel", "hartmann", "2025", "04", "01"]
    assert is_identifier("p88213") and is_identifier("dn80") and not is_identifier("47th")
    assert not is_identifier("2025") and not is_identifier("contract")
    # terms() itself is unchanged: it cuts identifiers into their parts
    assert terms("Patient P-88213") == ["patient", "88213"]


def test_an_identifier_matches_written_with_or_without_its_hyphen() -> None:
    assert route("What does Q51234 show?") == [("lab_a.docx", 100)]  # the title writes Q-51234
    assert route("Which seals does the TX 70 need?")[0][0] == "manual_tx70.docx"  # TX-70
    assert route("results for patient q-67890")[0][0] == "lab_b.docx"


def test_an_identifier_in_one_title_outweighs_content_sampled_into_another_entry() -> None:
    # lab_b's sample shows HDL cholesterol and triglycerides; the patient id names lab_a
    # (an identifier in one title weighs 1.5 times its idf there)
    for question in (
        "What was the HDL cholesterol of patient Q-51234?",
        "What were the HDL cholesterol and triglycerides results of patient Q-51234?",
    ):
        docs = route(question)
        assert docs[0][0] == "lab_a.docx" and docs[0][1] >= 70, (question, docs)
        assert conf(docs, "lab_b.docx") < 70


def test_neighbouring_words_match_in_either_order() -> None:
    index = (
        f"[DOC N-2] Staff list\n{PROPS}\nPersons: Alice Webb; Marcus Johnson\n\n"
        f"[DOC N-1] Staff list\n{PROPS}\nPersons: Johnson Alice; Webb Marcus"
    )
    assert route("What did Alice Johnson say?", index)[0][0] == "N-1"
    assert route("Budget 2025 assumptions")[0][0] == route("2025 budget assumptions")[0][0] == "budget25.md"


# ---- head (title and id) weighting ----------------------------------------------------


def test_a_title_word_outranks_content_words_sampled_into_another_entry() -> None:
    # Lindholm's sample shows EPDM (in one entry only); the question names the Ostrava
    # price list (Ostrava is in two titles)
    docs = route("What is the unit price of the gasket set EPDM in the Ostrava price list?")
    assert docs[0][0] == "prices_ostrava.docx"
    assert conf(docs, "prices_lindholm.docx") < docs[0][1]
    # its title words (Ostrava, price) name it: a confident route, Lindholm's well below
    docs = route("EPDM seal price at Ostrava")
    assert docs[0][0] == "prices_ostrava.docx" and docs[0][1] >= 70
    assert conf(docs, "prices_lindholm.docx") < 50


#: Two price lists: one product's whole name (six words, their pairs) is sampled into
#: Castellan's entry only; the question names the Nordwell list, whose sample lacks it.
SAMPLED_PRODUCT = "\n\n".join(
    f"[DOC {doc_id}] {title}\n{PROPS}\n{lines}"
    for doc_id, title, lines in (
        (
            "prices_nordwell.docx",
            "Nordwell Valves Ltd – Price List 2025",
            "Headings: General; Prices\nExcerpts: Orders are confirmed in writing; Unit price (EUR)",
        ),
        (
            "prices_castellan.html",
            "Castellan Flow Systems – Price List 2025",
            "Headings: General; Prices\nExcerpts: Pressure gauge 0-10 bar, 100 mm dial | 1,329.29; "
            "Unit price (EUR)",
        ),
        ("audit_nordwell.docx", "Supplier Audit – Nordwell Valves Ltd", "Headings: Scope; Findings"),
        ("manual_pump.docx", "Operating Manual – Pump PX-4", "Headings: Safety; Maintenance"),
    )
)


def test_a_capitalised_title_name_keeps_sampled_content_from_a_confident_route() -> None:
    # Castellan matches a dozen terms of the product's name; the question names Nordwell,
    # a word only titles hold, so the entry it does not name keeps half its confidence
    question = "What is the unit price of the Pressure gauge 0-10 bar, 100 mm dial in the Nordwell price list?"
    docs = route(question, SAMPLED_PRODUCT)
    assert conf(docs, "prices_castellan.html") < 70
    assert conf(docs, "prices_nordwell.docx") > 0
    # without the capital (no name), the sampled content wins as before
    lower = route(question.replace("Nordwell", "nordwell"), SAMPLED_PRODUCT)
    assert lower[0] == ("prices_castellan.html", lower[0][1]) and lower[0][1] >= 70


def test_a_capitalised_word_that_texts_also_use_names_nothing() -> None:
    # "Valves" is a title word of both Nordwell documents, but Castellan's sample uses it
    # too: it is a word, not a name, and Castellan keeps its confident route
    index = SAMPLED_PRODUCT.replace("| 1,329.29", "| 1,329.29; Valves are tested")
    question = "What is the unit price of the Pressure gauge 0-10 bar, 100 mm dial with Valves?"
    docs = route(question, index)
    assert docs[0][0] == "prices_castellan.html" and docs[0][1] >= 70


def test_names_are_capitalised_words_other_than_a_sentences_first() -> None:
    from ven.lexical import _names

    assert _names("Pressure gauge price in the Nordwell list. Brixton too? And Castellan's") == {
        "nordwell",
        "castellan",
    }
    assert _names("what about nordwell") == frozenset()
    assert _names("Price of HY-1032 at Müller GmbH") == {"hy1032", "muller", "gmbh"}


def test_a_body_identifier_does_not_outrank_a_title_word() -> None:
    # DN50 is sampled into Lindholm's phrases only; the identifier boost is for heads
    docs = route("What does the Ostrava price list charge for DN50 fittings?")
    assert docs[0][0] == "prices_ostrava.docx"


def test_a_generic_title_word_does_not_outrank_a_full_name() -> None:
    # "tasks" is a title word of the blog; Gregor Nwosu is named in the handbook
    docs = route("Which tasks does Gregor Nwosu own?")
    assert docs[0] == ("hr.docx", docs[0][1]) and docs[0][1] >= 70
    assert conf(docs, "blog.html") < 70


# ---- confidence calibration -----------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "target"),
    [
        ("What is the sound pressure level of the Turbine TX-70?", "manual_tx70.docx"),
        ("Turbine warranty?", "manual_tx70.docx"),  # one title word names it, one word unknown
        ("Which triglycerides value does the report of patient Q-67890 give?", "lab_b.docx"),
        ("What notice period does the Non-Disclosure Agreement with Marren set?", "nda.docx"),
    ],
)
def test_a_clear_single_winner_reaches_70(question: str, target: str) -> None:
    # the question names one document; the detail it asks for is not in the sample
    docs = route(question)
    assert docs[0][0] == target and docs[0][1] >= 70
    assert all(c < 70 for d, c in docs[1:])


@pytest.mark.parametrize(
    "question",
    [
        "What is the capital of Mongolia?",  # "capital" is sampled into one entry
        "Who won the football world cup in 1954?",
        "How tall is Mount Kilimanjaro?",
        "What is the price of a return flight to Tokyo?",  # "price" is in two titles
        "What does the agreement say about dogs?",  # three agreements: none is named
        "Explain the leave rules of the city zoo",
    ],
)
def test_off_topic_questions_stay_below_70(question: str) -> None:
    route_ = parse_route(lexical_route(INDEX, question))
    assert not route_.confident(70), (question, route_)


def test_ties_get_equal_confidence_in_index_order() -> None:
    twin = "Headings: Scope\nExcerpts: The warranty covers spare parts"
    index = f"[DOC T-2] Warranty terms\n{PROPS}\n{twin}\n\n[DOC T-1] Warranty terms\n{PROPS}\n{twin}"
    docs = route("What does the warranty cover?", index)
    assert [d for d, _ in docs] == ["T-2", "T-1"]
    assert docs[0][1] == docs[1][1]
    # several documents sharing the only matched title word: none is singled out
    docs = route("What does the agreement say about dogs?")
    agreements = [conf(docs, d) for d in ("msa.docx", "nda.docx", "licence.docx")]
    assert all(10 <= c < 70 for c in agreements)


def test_confidence_is_coverage_times_relative_score() -> None:
    # the whole question matched by one entry: 100
    assert route("Gregor Nwosu") == [("hr.docx", 100)]
    # two topics in two entries' phrases: both listed, neither fully covers the question
    docs = route("Gregor Nwosu and the scheduler retries")
    assert {d for d, _ in docs[:2]} == {"hr.docx", "blog.html"}
    assert all(c < 70 for _, c in docs)


# ---- comparisons ----------------------------------------------------------------------


def test_a_comparison_routes_to_both_documents_it_names() -> None:
    docs = route("Compare the 2025 budget with the 2026 projection")
    assert conf(docs, "budget25.md") >= 70 and conf(docs, "budget26.html") >= 70
    docs = route("What is the difference between the Turbine TX-70 manual and the employee handbook?")
    assert conf(docs, "manual_tx70.docx") >= 70 and conf(docs, "hr.docx") >= 70
    docs = route("How does the 2026 projection differ from the 2025 budget?")
    assert conf(docs, "budget25.md") >= 70 and conf(docs, "budget26.html") >= 70


def test_a_comparison_side_that_names_no_document_adds_nothing() -> None:
    plain = route("Capital expenditure in the 2025 budget")
    compared = route("Compare capital expenditure in the 2025 budget with xenon pricing")
    assert compared[0][0] == plain[0][0] == "budget25.md"
    assert not parse_route(lexical_route(INDEX, "Compare xenon with krypton")).confident(70)
