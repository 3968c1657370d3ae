"""Four more document types: a clinical study safety section (adverse-event table with a
two-row merged header), a supplier audit report (findings table grouped by process), a
travel and expense policy (per-diem table grouped by region, an HTML page) and board
minutes (an RTF file with corrected resolutions).
"""

from __future__ import annotations

import random

from benchmarks.quality.build import Builder
from benchmarks.quality.docmodel import Cell, Com, Del, Doc, Ins, cell
from benchmarks.quality.questions import Question

_SOC = (
    ("Gastrointestinal disorders", ("Nausea", "Diarrhoea", "Constipation", "Vomiting", "Abdominal pain upper", "Dyspepsia")),
    ("Nervous system disorders", ("Headache", "Dizziness", "Somnolence", "Paraesthesia", "Dysgeusia")),
    ("Infections and infestations", ("Nasopharyngitis", "Upper respiratory tract infection", "Urinary tract infection",
                                     "Influenza", "Bronchitis")),
    ("Musculoskeletal and connective tissue disorders", ("Back pain", "Arthralgia", "Myalgia", "Muscle spasms")),
    ("General disorders and administration site conditions", ("Fatigue", "Oedema peripheral", "Pyrexia", "Asthenia")),
    ("Skin and subcutaneous tissue disorders", ("Rash", "Pruritus", "Alopecia", "Dry skin")),
    ("Investigations", ("Alanine aminotransferase increased", "Blood creatine phosphokinase increased",
                        "Weight increased", "Blood glucose increased")),
    ("Psychiatric disorders", ("Insomnia", "Anxiety", "Depressed mood")),
    ("Vascular disorders", ("Hypertension", "Hot flush", "Orthostatic hypotension")),
    ("Respiratory, thoracic and mediastinal disorders", ("Cough", "Dyspnoea", "Oropharyngeal pain")),
)
_ARMS = (("Placebo", 148), ("Vexatrin 10 mg", 151), ("Vexatrin 20 mg", 149))


def _np(n: int, total: int) -> str:
    return f"{n} ({100 * n / total:.1f})"


def study_report(fmt: str, seed: int) -> tuple[Doc, list[Question]]:
    """CSR safety section of study VX-203 (medical writer Helen Cho, statistician Rafael Ortiz)."""
    rng = random.Random(seed)
    b = Builder("csr_vx203", fmt, "Clinical Study Report VX-203 – Section 12: Safety Evaluation", rng, "clinical")
    writer, stat = "Helen Cho", "Rafael Ortiz"
    b.heading("12.1 Extent of exposure")
    b.para("A total of 448 subjects were randomised and received at least one dose of study drug (safety population).")
    b.filler(3)
    b.chapters(["12.1.1 Treatment compliance", "12.1.2 Concomitant medication"], (2, 3), level=2)
    b.heading("12.2 Adverse events")
    b.para("Treatment-emergent adverse events by system organ class and preferred term are summarised below.")
    fn = b.footnote("MedDRA version 26.1; a subject with several events of the same preferred term is counted once.")
    arms = [f"{a} (N={n})" for a, n in _ARMS]
    h1 = [cell("System organ class", vmerge="restart"), cell("Preferred term", fn, vmerge="restart"),
          cell("Subjects with event, n (%)", span=3)]
    h2 = [cell("", vmerge="continue"), cell("", vmerge="continue")] + [cell(a) for a in arms]
    last = ("System organ class", "Preferred term", *arms)
    rows: list[list[Cell]] = [h1, h2]
    events: list[dict[str, str]] = []
    for soc, pts in _SOC:
        for j, pt in enumerate(pts):
            counts = [_np(rng.randint(0, 14 + 3 * k), n) for k, (_, n) in enumerate(_ARMS)]
            rows.append([cell(soc, vmerge="restart" if j == 0 else "continue"), cell(pt)] + [cell(c) for c in counts])
            events.append({"soc": soc, "pt": pt, "p": counts[0], "d10": counts[1], "d20": counts[2], "first": str(j == 0)})
    n = len(events)
    fix = rng.choice([i for i in range(n // 2, n) if events[i]["first"] == "False"])
    old20 = _np(int(events[fix]["d20"].split()[0]) + 2, 149)
    rows[fix + 2][4] = Cell((Del(old20, writer, "2025-02-20"), Ins(events[fix]["d20"], writer, "2025-02-20")))
    com_i = rng.choice([i for i in range(n // 2, n) if i != fix])
    com_note = "Includes two events adjudicated after database lock; see the data review minutes."
    rows[com_i + 2][3] = Cell((Com(events[com_i]["d10"], stat, "2025-02-21", com_note),))
    b.table(rows, header_rows=2)
    b.filler(1)
    b.heading("12.3 Deaths and serious adverse events")
    b.para("No deaths occurred during the double-blind treatment period.")
    b.filler(2)
    b.heading("12.4 Laboratory evaluations")
    b.filler(3)
    b.chapters(["12.4.1 Haematology", "12.4.2 Clinical chemistry", "12.4.3 Urinalysis", "12.4.4 Vital signs",
                "12.4.5 Electrocardiograms"], (2, 3), level=2)
    b.heading("12.5 Open-label extension")
    b.filler(1)
    b.para("One subject in the 20 mg group died of myocardial infarction on day 212 of the open-label extension; "
           "the investigator assessed the event as not related to study drug.")
    b.filler(1)

    common = [e for e in events if int(e["d20"].split()[0]) >= 15]
    if common:
        b.ask("table_multi", "Which adverse events were reported by at least 15 subjects on Vexatrin 20 mg in study VX-203?",
              "; ".join(f"{e['pt']} {e['d20']}" for e in common), rows=[(e["pt"], e["d20"]) for e in common], header=last)
    tail = [i for i in range(n // 2, n) if i not in (fix, com_i)]
    for i in rng.sample(tail, 3):
        e = events[i]
        b.ask("table_tail", f"How many subjects on Vexatrin 20 mg reported {e['pt'].lower()} in study VX-203?",
              f"{e['d20']} (placebo {e['p']}).", rows=[(e["pt"], e["d20"])], header=last)
    for i in rng.sample([i for i in tail if events[i]["first"] == "False"], 2):
        e = events[i]
        b.ask("table_merged", f"Under which system organ class is {e['pt'].lower()} reported in study VX-203, and how many placebo subjects had it?",
              f"{e['soc']}; placebo {e['p']}.", rows=[(e["soc"], e["pt"], e["p"])], header=last)
    e = events[fix]
    b.ask("revision", f"Who corrected the Vexatrin 20 mg count for {e['pt'].lower()} in study VX-203, and what was the earlier figure?",
          f"{writer}: {old20} corrected to {e['d20']}.", rows=[(e["pt"], e["d20"], old20)],
          attribution=[(writer, e["d20"])], header=last)
    e = events[com_i]
    b.ask("comment", f"What did {stat} note about the Vexatrin 10 mg count for {e['pt'].lower()}?", com_note,
          evidence=["two events adjudicated after database lock"],
          attribution=[(stat, "two events adjudicated after database lock")])
    b.ask("cross_section", "Did any subject die in study VX-203?",
          "None in the double-blind period; one subject (20 mg) died of myocardial infarction on day 212 of the open-label extension, assessed as not related.",
          evidence=["No deaths occurred during the double-blind treatment period", "died of myocardial infarction on day 212"])
    b.ask("footnote", "Which MedDRA version was used to code adverse events in study VX-203?", "MedDRA version 26.1.",
          evidence=["MedDRA version 26.1"])
    b.ask("plain", "How many subjects are in the safety population of study VX-203?", "448.",
          evidence=["A total of 448 subjects were randomised"])
    b.ask("header_footer", "Which version of the clinical study report VX-203 is this?", "Version 2.0 Final.",
          evidence=["CSR Version 2.0 Final"])
    b.ask("header_footer", "Who is the sponsor of study VX-203, and what is the report date?", "Vexon Therapeutics AG, 28 February 2025.",
          evidence=["Vexon Therapeutics AG – 28 February 2025"])
    return b.finish(header="Protocol VX-203 | CSR Version 2.0 Final", footer="Confidential – Vexon Therapeutics AG – 28 February 2025")


_PROCESSES = ("Incoming inspection", "Welding", "Machining", "Pressure testing", "Painting", "Final inspection",
              "Calibration", "Training", "Document control", "Shipping")
_OBS = (
    "Work instruction {wi} was not available at the workstation.",
    "Two operators had no valid qualification record for {task}.",
    "The gauge {gauge} was overdue for calibration by {days} days.",
    "Non-conformance report {ncr} was closed without verification of effectiveness.",
    "The batch record for order {order} lacked the inspector's signature.",
    "Material certificates for heat number {heat} could not be traced to the purchase order.",
    "The test pressure for order {order} was recorded but the holding time was not.",
    "Paint thickness measurements for order {order} were below the specified minimum.",
    "The approved supplier list had not been reviewed since {year}.",
    "Quarantine stock was stored without identification in bay {bay}.",
)


def audit_report(fmt: str, seed: int) -> tuple[Doc, list[Question]]:
    """Supplier audit QA-2025-019 of Nordwell (lead auditor Martina Hofer, reviewer Paul Grant)."""
    rng = random.Random(seed)
    b = Builder("audit_nordwell", fmt, "Supplier Audit Report – Nordwell Valves Ltd, Wrexham Plant", rng, "quality")
    lead, reviewer = "Martina Hofer", "Paul Grant"
    b.heading("1 Scope and method")
    b.para("The audit covered the manufacture of cast valves for Kestrel projects at the Wrexham plant.")
    b.filler(3)
    b.chapters(["1.1 Audit team", "1.2 Documents reviewed"], (2, 3), level=2)
    b.heading("2 Summary")
    b.para("Overall result: the supplier is approved for further deliveries.")
    b.filler(2)
    b.heading("3 Findings")
    fn = b.footnote("Classification per the Kestrel supplier quality manual SQM-04, section 8.")
    header = ("Process", "No.", "Finding", "Classification", "Owner", "Due date")
    rows: list[list[Cell]] = [[cell("Process"), cell("No."), cell("Finding"), cell("Classification", fn), cell("Owner"),
                               cell("Due date")]]
    findings: list[dict[str, str]] = []
    k = 1
    for proc in _PROCESSES:
        for j in range(rng.randint(2, 4)):
            obs = rng.choice(_OBS).format(
                wi=f"WI-{rng.randint(100, 999)}", task=proc.lower(), gauge=f"G-{rng.randint(1000, 9999)}",
                days=rng.randint(5, 90), ncr=f"NCR-{rng.randint(1000, 9999)}", order=f"{rng.randint(40000, 49999)}",
                heat=f"H{rng.randint(10000, 99999)}", year=rng.choice((2021, 2022)), bay=rng.choice("ABCDEF"))
            cls = rng.choice(("Major", "Minor", "Minor", "Observation"))
            owner = rng.choice(("Q. Jones", "R. Patel", "S. Evans", "T. Morgan", "U. Hughes"))
            due = f"{rng.randint(1, 28)} {rng.choice(('March', 'April', 'May'))} 2025"
            fno = f"F-{k:02d}"
            k += 1
            rows.append([cell(proc, vmerge="restart" if j == 0 else "continue"), cell(fno), cell(obs), cell(cls),
                         cell(owner), cell(due)])
            findings.append({"proc": proc, "no": fno, "obs": obs, "cls": cls, "owner": owner, "due": due, "first": str(j == 0)})
    n = len(findings)
    down = rng.choice([i for i in range(n // 2, n) if findings[i]["cls"] == "Minor"])
    rows[down + 1][3] = Cell((Del("Major", reviewer, "2025-02-10"), Ins("Minor", reviewer, "2025-02-10")))
    repeat = rng.choice([i for i in range(n // 2, n) if i != down])
    rep_note = "Repeat finding from the 2023 audit; escalate to the supplier's managing director if not closed by the due date."
    rows[repeat + 1][2] = Cell((Com(findings[repeat]["obs"], lead, "2025-02-07", rep_note),))
    b.table(rows)
    b.heading("4 Positive observations")
    b.filler(3)
    b.chapters(["4.1 Incoming inspection", "4.2 Production", "4.3 Testing", "4.4 Logistics"], (2, 3), level=2)
    b.heading("5 Follow-up")
    b.filler(2)
    b.heading("6 Conditions of approval")
    b.para("The approval in section 2 is conditional: all major findings must be closed with evidence within 60 days, otherwise the supplier is blocked for new orders.")
    b.filler(1)

    who = "the Nordwell supplier audit"
    majors = [f for i, f in enumerate(findings) if f["cls"] == "Major" and i != down]
    b.ask("table_multi", f"Which findings of {who} are classified Major?",
          "; ".join(f"{f['no']} ({f['proc']})" for f in majors), rows=[(f["no"], "Major") for f in majors], header=header)
    tail = [i for i in range(n // 2, n) if i not in (down, repeat)]
    for i in rng.sample(tail, 3):
        f = findings[i]
        b.ask("table_tail", f"Who owns finding {f['no']} of {who}, and when is it due?", f"{f['owner']}, due {f['due']}.",
              rows=[(f["no"], f["owner"], f["due"])], header=header)
    for i in rng.sample([i for i in tail if findings[i]["first"] == "False"], 2):
        f = findings[i]
        b.ask("table_merged", f"Which process does finding {f['no']} of {who} concern, and how is it classified?",
              f"{f['proc']}; {f['cls']}.", rows=[(f["proc"], f["no"], f["cls"])], header=header)
    f = findings[down]
    b.ask("revision", f"Who changed the classification of finding {f['no']} in {who}, and from what to what?",
          f"{reviewer} downgraded it from Major to Minor.", rows=[(f["no"], "Major", "Minor")],
          attribution=[(reviewer, "Minor")], header=header)
    f = findings[repeat]
    b.ask("comment", f"What did {lead} note about finding {f['no']} of {who}?", rep_note,
          evidence=["Repeat finding from the 2023 audit"], attribution=[(lead, "Repeat finding from the 2023 audit")])
    b.ask("cross_section", f"Is Nordwell approved as a supplier after {who}, without conditions?",
          "Approved, but conditionally: all major findings must be closed within 60 days or the supplier is blocked for new orders.",
          evidence=["the supplier is approved for further deliveries", "closed with evidence within 60 days"])
    b.ask("footnote", f"According to which document are the findings of {who} classified?", "SQM-04, section 8.",
          evidence=["supplier quality manual SQM-04"])
    b.ask("plain", f"What did {who} cover?", "Manufacture of cast valves for Kestrel projects at the Wrexham plant.",
          evidence=["manufacture of cast valves for Kestrel projects"])
    b.ask("header_footer", f"What is the report number of {who}?", "QA-2025-019.", evidence=["Audit report QA-2025-019"])
    b.ask("header_footer", f"On which dates did {who} take place?", "3–5 February 2025.",
          evidence=["Audit dates 3–5 February 2025"])
    return b.finish(header="Audit report QA-2025-019 | Kestrel Supplier Quality",
                    footer=f"Audit dates 3–5 February 2025 | Lead auditor {lead}")


_REGIONS = (
    ("Western Europe", ("Austria", "Belgium", "France", "Germany", "Ireland", "Luxembourg", "Netherlands", "Switzerland",
                        "United Kingdom")),
    ("Northern Europe", ("Denmark", "Finland", "Iceland", "Norway", "Sweden")),
    ("Southern Europe", ("Greece", "Italy", "Malta", "Portugal", "Spain")),
    ("Central and Eastern Europe", ("Czech Republic", "Hungary", "Poland", "Romania", "Slovakia", "Slovenia")),
    ("Americas", ("Brazil", "Canada", "Chile", "Mexico", "United States")),
    ("Asia-Pacific", ("Australia", "China", "India", "Japan", "Singapore", "South Korea")),
    ("Middle East and Africa", ("Egypt", "Kenya", "Saudi Arabia", "South Africa", "United Arab Emirates")),
)


def travel_policy(fmt: str, seed: int) -> tuple[Doc, list[Question]]:
    """Group travel and expense policy (HR reviewer Claire Dubois)."""
    rng = random.Random(seed)
    b = Builder("travel_policy", fmt, "Group Travel and Expense Policy", rng, "hr")
    hr = "Claire Dubois"
    b.heading("1 Scope")
    b.filler(2)
    b.heading("2 Booking and approval")
    b.filler(3)
    b.chapters(["2.1 Travel risk", "2.2 Travel with family members"], (2, 3), level=2)
    b.heading("3 Transport")
    b.para("Economy class applies to all flights. Business class is permitted for flights with a scheduled duration of more than six hours.")
    b.filler(1)
    b.para("Private cars used for business trips are reimbursed at ", Del("EUR 0.30", hr, "2024-12-02"),
           Ins("EUR 0.35", hr, "2024-12-02"), " per kilometre.")
    b.filler(1)
    b.heading("4 Accommodation")
    b.para("Hotel costs are reimbursed up to the hotel cap per night for the country in the table in section 5.")
    b.filler(2)
    b.heading("5 Daily allowances")
    fn = b.footnote("Amounts for countries outside the euro area are converted at the company's monthly rate.")
    header = ("Region", "Country", "Daily allowance (EUR)", "Hotel cap per night (EUR)")
    rows: list[list[Cell]] = [[cell("Region"), cell("Country"), cell("Daily allowance (EUR)", fn), cell("Hotel cap per night (EUR)")]]
    countries: list[dict[str, str]] = []
    for region, names in _REGIONS:
        for j, name in enumerate(names):
            allowance = f"{rng.randint(24, 78)}"
            cap = f"{rng.randint(9, 32) * 10}"
            rows.append([cell(region, vmerge=("restart" if j == 0 else "continue") if b.supports("merges") else None),
                         cell(name), cell(allowance), cell(cap)])
            countries.append({"region": region, "name": name, "allow": allowance, "cap": cap, "first": str(j == 0)})
    b.table(rows)
    b.heading("6 Meals and entertainment")
    b.para("The daily allowance is reduced by 20 % for each meal provided free of charge.")
    b.filler(2)
    b.heading("7 Trade fairs")
    b.para("During the trade fairs listed in Annex B, the hotel cap may be exceeded by up to 50 % with the prior approval of the cost centre owner.")
    b.filler(1)
    b.heading("8 Expense reports")
    b.para("Expense reports must be submitted within 30 days of the end of the trip.")
    b.filler(2)
    b.chapters(["9 Corporate cards", "10 Taxes and social security", "11 Exceptions and approvals", "12 Validity"], (2, 4))
    b.heading("Annex B – Trade fairs")
    b.para("The trade fairs with a higher hotel cap are Hannover Messe, ACHEMA Frankfurt and SPS Nuremberg.")

    who = "the group travel policy"
    b.ask("definition", f"During which trade fairs may the hotel cap be exceeded under {who}?",
          "Those listed in Annex B: Hannover Messe, ACHEMA Frankfurt and SPS Nuremberg (up to 50 % with prior approval, section 7).",
          evidence=["exceeded by up to 50 %", "Hannover Messe, ACHEMA Frankfurt and SPS Nuremberg"])
    apac = [c for c in countries if c["region"] == "Asia-Pacific"]
    b.ask("table_multi", f"What are the hotel caps for the Asia-Pacific countries in {who}?",
          "; ".join(f"{c['name']} EUR {c['cap']}" for c in apac), rows=[(c["name"], c["cap"]) for c in apac], header=header)
    n = len(countries)
    tail = list(range(n // 2, n))
    for i in rng.sample(tail, 3):
        c = countries[i]
        b.ask("table_tail", f"What is the hotel cap per night for {c['name']} under {who}?", f"EUR {c['cap']}.",
              rows=[(c["name"], c["cap"])], header=header)
    for i in rng.sample([i for i in tail if countries[i]["first"] == "False"], 2):
        c = countries[i]
        b.ask("table_merged" if b.supports("merges") else "table_tail",
              f"Which region is {c['name']} assigned to in {who}, and what is its daily allowance?",
              f"{c['region']}; EUR {c['allow']}.", rows=[(c["region"], c["name"], c["allow"])], header=header)
    if b.supports("revisions"):
        b.ask("revision", f"What is the mileage rate for private cars under {who}, and who changed it?",
              f"EUR 0.35 per km (was EUR 0.30), changed by {hr}.", evidence=["EUR 0.35", "EUR 0.30"],
              attribution=[(hr, "EUR 0.35")])
    b.ask("cross_section", f"Can hotel costs above the country cap ever be reimbursed under {who}?",
          "Yes: during the trade fairs in Annex B the cap may be exceeded by up to 50 % with prior approval of the cost centre owner.",
          evidence=["reimbursed up to the hotel cap per night", "exceeded by up to 50 %"])
    b.ask("footnote", f"How are daily allowances for countries outside the euro area converted under {who}?",
          "At the company's monthly rate.", evidence=["converted at the company's monthly rate"])
    b.ask("plain", f"When is business class allowed under {who}?", "For flights scheduled longer than six hours.",
          evidence=["scheduled duration of more than six hours"])
    b.ask("plain", f"Within how many days must expense reports be submitted under {who}?", "30 days after the trip.",
          evidence=["within 30 days of the end of the trip"])
    page = "header_footer" if b.supports("page_header") or fmt == "html" else "plain"
    b.ask(page, f"What is the policy number of {who}?", "HR-TRV-07.", evidence=["Policy HR-TRV-07"])
    b.ask(page, f"From when is {who} effective?", "1 January 2025.", evidence=["Effective 1 January 2025"])
    return b.finish(header="Policy HR-TRV-07 | Owner: Group HR", footer="Effective 1 January 2025 | Replaces the policy of March 2021")


def board_minutes(fmt: str, seed: int) -> tuple[Doc, list[Question]]:
    """Minutes of board meeting BM-47 (company secretary Robert Finch, chair Alison Reeve)."""
    rng = random.Random(seed)
    b = Builder("board_minutes_bm47", fmt, "Minutes of the 47th Meeting of the Board of Directors – Kestrel Process Engineering Ltd", rng, "minutes")
    sec, chair = "Robert Finch", "Alison Reeve"
    b.heading("1 Opening and attendance")
    b.filler(1)
    people = [("Alison Reeve", "Chair"), ("Martin Oduya", "Chief Executive Officer"), ("Sarah Lindgren", "Chief Financial Officer"),
              ("Peter Vance", "Non-executive director"), ("Yuki Tanaka", "Non-executive director"),
              ("Omar Haddad", "Chief Operating Officer"), ("Ellen Brooks", "Employee representative"),
              ("Robert Finch", "Company secretary")]
    b.table([[cell("Name"), cell("Function"), cell("Attendance")]] +
            [[cell(p), cell(f), cell(rng.choice(("present", "present", "present", "by video")))] for p, f in people])
    b.heading("2 Minutes of the previous meeting")
    b.filler(2)
    b.chapters(["2A Chief executive's report", "2B Health and safety"], (3, 4))
    b.heading("3 Site expansion Teesside")
    b.filler(2)
    b.para("Resolution 47/3: the board approved capital expenditure of ", Del("GBP 4.6 million", sec, "2025-04-25"),
           Ins("GBP 4.2 million", sec, "2025-04-25"), " for the Teesside site expansion.")
    b.filler(1)
    b.heading("4 Financial report")
    b.para("The CFO reported first-quarter revenue of GBP 38.7 million, 6 % above budget.")
    b.filler(2)
    b.heading("5 Dividend")
    b.para("Resolution 47/5: the board proposes a final dividend of 12 pence per share, payable on ",
           Del("30 June 2025", sec, "2025-04-25"), Ins("15 July 2025", sec, "2025-04-25"), ".")
    b.filler(1)
    b.heading("6 Supplier strategy")
    b.para(Com("The board asked management to reduce dependency on single-source castings.", chair, "2025-04-26",
               "Please attach the dual-sourcing plan with cost estimates to the minutes."))
    b.filler(2)
    b.chapters(["6A Risk register", "6B IT security", "6C Remuneration committee report", "6D Pensions"], (2, 4))
    b.heading("7 Resolutions")
    header = ("Resolution", "Subject", "For", "Against", "Abstain")
    subjects = ("Approval of minutes BM-46", "Teesside site expansion", "Revolving credit facility", "Final dividend",
                "Auditor reappointment", "Remuneration policy", "Share buy-back programme", "Insurance renewal",
                "Sustainability report", "Data protection officer appointment", "Pension scheme valuation",
                "Delegation of authority matrix", "IT security programme", "Annual general meeting date")
    rows = [[cell(h) for h in header]]
    votes: list[tuple[str, str, str, str, str]] = []
    for i, subj in enumerate(subjects, start=1):
        against = rng.choice((0, 0, 0, 1, 2))
        abstain = rng.choice((0, 0, 1))
        row = (f"47/{i}", subj, str(7 - against - abstain), str(against), str(abstain))
        rows.append([cell(x) for x in row])
        votes.append(row)
    b.table(rows)
    b.heading("8 Any other business")
    b.para("The approval of resolution 47/3 is subject to planning permission being granted by 30 June 2025; otherwise the matter returns to the board.")
    b.filler(1)

    who = "board meeting BM-47"
    b.ask("revision", f"How much capital expenditure for the Teesside expansion was approved at {who}, and was the figure corrected?",
          f"GBP 4.2 million, corrected from GBP 4.6 million by {sec}.", evidence=["GBP 4.2 million", "GBP 4.6 million"],
          attribution=[(sec, "GBP 4.2 million")])
    b.ask("revision_run", f"Which figures or dates did {sec} correct in the minutes of {who}?",
          "Capex GBP 4.6 -> 4.2 million; dividend payment date 30 June -> 15 July 2025.",
          evidence=["GBP 4.2 million", "15 July 2025"], attribution=[(sec, "GBP 4.2 million"), (sec, "15 July 2025")])
    b.ask("comment", f"What did {chair} ask to be attached to the minutes of {who}?",
          "The dual-sourcing plan with cost estimates.", evidence=["dual-sourcing plan with cost estimates"],
          attribution=[(chair, "dual-sourcing plan with cost estimates")])
    b.ask("cross_section", f"Is the Teesside capex approved at {who} unconditional?",
          "No: it is subject to planning permission being granted by 30 June 2025.",
          evidence=["for the Teesside site expansion", "subject to planning permission being granted by 30 June 2025"])
    split = [v for v in votes if v[3] != "0" or v[4] != "0"]
    b.ask("table_multi", f"Which resolutions at {who} were not passed unanimously?",
          "; ".join(f"{v[0]} {v[1]}" for v in split), rows=[(v[0], v[1]) for v in split], header=header)
    for row in rng.sample(votes[len(votes) // 2:], 2):
        b.ask("table_tail", f"How did the directors vote on resolution {row[0]} ({row[1].lower()}) at {who}?",
              f"{row[2]} for, {row[3]} against, {row[4]} abstentions.", rows=[(row[0], row[1], row[2], row[3], row[4])],
              header=header)
    b.ask("plain", f"What first-quarter revenue did the CFO report at {who}?", "GBP 38.7 million, 6 % above budget.",
          evidence=["GBP 38.7 million"])
    page = "header_footer" if b.supports("page_header") else "plain"
    b.ask(page, f"At which meeting were the minutes of {who} approved, and when?", "BM-48 on 22 May 2025.",
          evidence=["Approved at meeting BM-48 on 22 May 2025"])
    b.ask(page, f"What confidentiality marking do the minutes of {who} carry?", "Strictly confidential.",
          evidence=["Strictly confidential"])
    return b.finish(header="Board minutes BM-47 – Strictly confidential", footer="Approved at meeting BM-48 on 22 May 2025")
