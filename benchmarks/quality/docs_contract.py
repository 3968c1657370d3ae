"""Contracts under negotiation: a master supply agreement, a data-centre service level
agreement and a mutual NDA, with tracked changes by named reviewers (single changes and
runs over several clauses), comments by named authors, rate and service-credit tables with
merged cells, a liability cap qualified in a schedule, footnotes, and the contract number
and draft date in the page header and footer.
"""

from __future__ import annotations

import random

from benchmarks.quality.build import Builder
from benchmarks.quality.docmodel import Com, Del, Doc, Ins, cell
from benchmarks.quality.questions import Question

_ROLES = (
    "Project manager", "Senior commissioning engineer", "Commissioning engineer", "Service technician",
    "Welding inspector", "Automation engineer", "Process engineer", "Site supervisor", "Apprentice technician",
)
_LOCATIONS = ("Germany", "United Kingdom", "Poland", "Singapore")


def supply_agreement(fmt: str, seed: int) -> tuple[Doc, list[Question]]:
    """Master supply agreement Kestrel – Hartmann (reviewers Laura Brennan, Marc Dubois)."""
    rng = random.Random(seed)
    b = Builder("msa_kestrel_hartmann", fmt, "Master Supply Agreement – Kestrel Process Engineering Ltd and Hartmann Industrietechnik GmbH", rng, "legal")
    legal, proc = "Laura Brennan", "Marc Dubois"
    finance, counsel = "Priya Raman", "Jonas Weber"

    b.heading("1 Definitions")
    b.para('1.4 "Material Breach" means a failure to deliver conforming Goods within four (4) weeks of a written notice that specifies the non-conformity.')
    b.filler(3)
    b.heading("2 Scope and term")
    b.para("2.1 This Agreement enters into force on 1 May 2025 and runs for an initial term of three years.")
    b.filler(2)
    b.heading("3 Orders and call-offs")
    b.filler(4)
    b.heading("4 Prices")
    b.para("4.1 The prices are those of the Supplier's price list in force on the date of the order, less a framework discount of 7.5 %.")
    b.filler(2)
    b.heading("5 Payment")
    b.para("5.1 Invoices are payable within ", Del("thirty (30) days", proc, "2025-03-10"),
           Ins("forty-five (45) days", proc, "2025-03-10"), " of receipt of a correct invoice.")
    b.filler(1)
    b.para("5.3 ", Com("Late payments bear interest at nine percentage points above the base rate.", finance, "2025-03-11",
                       "Finance cannot accept interest above the statutory rate; please align with group treasury policy."))
    b.filler(1)
    b.heading("6 Delivery and transfer of risk")
    b.filler(3)
    b.heading("7 Quality and inspection")
    b.filler(2)
    b.heading("8 Warranty")
    b.para("8.1 The warranty period is ", Del("twelve (12) months", legal, "2025-03-12"),
           Ins("twenty-four (24) months", legal, "2025-03-12"), " from delivery.")
    b.filler(2)
    b.para("8.4 ", Ins("The Supplier shall bear the costs of removal and reinstallation of defective Goods.", legal, "2025-03-12"))
    b.heading("9 Liability")
    b.para("9.2 The Supplier's aggregate liability under this Agreement is limited to ",
           Del("one hundred per cent (100 %)", legal, "2025-03-12"),
           Ins("one hundred and fifty per cent (150 %)", legal, "2025-03-12"),
           " of the fees paid in the twelve months preceding the claim.")
    b.filler(1)
    b.para("9.3 The limitation does not apply to intent, ", Ins("gross negligence, ", legal, "2025-03-13"),
           "injury to life, body or health.")
    b.filler(1)
    b.heading("10 Insurance")
    b.filler(2)
    b.heading("11 Confidentiality")
    b.filler(2)
    b.heading("12 Term and termination")
    b.para("12.2 Either Party may terminate this Agreement for convenience with ",
           Com("three (3) months' notice", counsel, "2025-03-14",
               "We need at least six months to plan capacity; three months is not acceptable to Hartmann."),
           " to the end of a calendar quarter.")
    b.para("12.4 Either Party may terminate this Agreement with immediate effect if the other Party commits a Material Breach as defined in clause 1.4.")
    b.filler(2)
    fn = b.footnote("The United Nations Convention on Contracts for the International Sale of Goods (CISG) shall not apply.")
    b.heading("13 Governing law and jurisdiction")
    b.para("13.1 This Agreement is governed by the laws of England and Wales", fn, ".")
    b.filler(1)
    b.chapters(["14 Force majeure", "15 Assignment and change of control", "16 Audit rights",
                "17 Compliance and anti-bribery", "18 Data protection", "19 Intellectual property",
                "20 Subcontracting", "21 Dispute resolution", "22 Notices", "23 Entire agreement"], (2, 4))

    # Schedule 1: service levels with a merged measurement period.
    b.heading("Schedule 1 – Service levels")
    b.filler(1)
    kpis = [
        ("On-time delivery", "98 %", "calendar month"), ("Complete delivery", "97 %", "calendar month"),
        ("Order confirmation within 48 hours", "95 %", "calendar month"),
        ("Certificate accuracy", "99 %", "calendar quarter"), ("Spare parts availability", "96 %", "calendar quarter"),
        ("Complaint response within 5 days", "90 %", "calendar quarter"),
        ("Field failure rate below 200 ppm", "100 %", "contract year"), ("Price list accuracy", "99 %", "contract year"),
    ]
    sl_header = ("Service level", "Target", "Measurement period", "Service credit")
    rows = [[cell(h) for h in sl_header]]
    prev = ""
    credits: dict[str, str] = {}
    for name, target, period in kpis:
        credit = b.unique(lambda: f"{rng.choice((0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4, 5))} % of the quarterly order value")
        credits[name] = credit
        merge = ("restart" if period != prev else "continue") if b.supports("merges") else None
        rows.append([cell(name), cell(target), cell(period, vmerge=merge), cell(credit)])
        prev = period
    b.table(rows)
    # Schedule 2: day rates (Location merged over roles) spanning several chunks.
    b.heading("Schedule 2 – Rates for field services")
    b.para("The following day rates apply to field services ordered under this Agreement; travel is charged separately.")
    rate_header = ("Location", "Role", "Day rate (EUR)", "Overtime per hour (EUR)")
    rate_rows = [[cell(h) for h in rate_header]]
    rates: list[tuple[str, str, str, bool]] = []
    for loc in _LOCATIONS:
        for j, role in enumerate(_ROLES):
            rate = b.unique(lambda: f"{rng.randint(520, 1890):,}")
            ot = f"{rng.randint(70, 240)}"
            merge = ("restart" if j == 0 else "continue") if b.supports("merges") else None
            rate_rows.append([cell(loc, vmerge=merge), cell(role), cell(rate), cell(ot)])
            rates.append((loc, role, rate, j == 0))
    b.table(rate_rows)
    b.heading("Schedule 3 – Special provisions")
    b.filler(2)
    b.para("By way of derogation from clause 9.2, liability for breaches of the data protection obligations is limited to EUR 2,500,000 per claim.")
    b.filler(1)
    b.heading("Schedule 4 – Contacts and escalation")
    b.filler(1)
    b.table([[cell("Level"), cell("Kestrel"), cell("Hartmann")],
             [cell("Operational"), cell("Category buyer valves"), cell("Key account manager")],
             [cell("Tactical"), cell("Head of procurement"), cell("Sales director")],
             [cell("Strategic"), cell("Chief operating officer"), cell("Managing director")]])

    # ---------------------------------------------------------------- questions
    who = "the Kestrel–Hartmann supply agreement"
    b.ask("revision", f"Who changed the payment term in {who}, and what did it change from and to?",
          f"{proc} changed it from thirty (30) days to forty-five (45) days.",
          evidence=["forty-five (45) days", "thirty (30) days"], attribution=[(proc, "forty-five (45) days")])
    b.ask("revision_run", f"Which changes did {legal} make to the warranty and liability clauses of {who}?",
          "Warranty 12 -> 24 months; removal and reinstallation costs borne by the Supplier; liability cap 100 % -> 150 %; gross negligence added to the exceptions.",
          evidence=["twenty-four (24) months", "costs of removal and reinstallation",
                    "one hundred and fifty per cent (150 %)", "gross negligence"],
          attribution=[(legal, "twenty-four (24) months"), (legal, "one hundred and fifty per cent (150 %)"),
                       (legal, "gross negligence")])
    b.ask("revision", f"What warranty period does {who} provide after the latest revision?",
          "Twenty-four (24) months from delivery (changed from twelve months by Laura Brennan).",
          evidence=["twenty-four (24) months", "twelve (12) months"], attribution=[(legal, "twenty-four (24) months")])
    b.ask("comment", f"What concern did {finance} raise about late-payment interest in {who}?",
          "Finance cannot accept interest above the statutory rate; align with group treasury policy.",
          evidence=["interest above the statutory rate", "nine percentage points above the base rate"],
          attribution=[(finance, "interest above the statutory rate")])
    b.ask("comment", f"What did {counsel} say about the termination notice period?",
          "Hartmann needs at least six months to plan capacity; three months is not acceptable.",
          evidence=["at least six months to plan capacity", "three (3) months' notice"],
          attribution=[(counsel, "at least six months to plan capacity")])
    b.ask("cross_section", f"Is the supplier's liability under {who} capped, and are there exceptions to the cap?",
          "Capped at 150 % of the fees of the preceding twelve months (clause 9.2); data protection breaches are capped at EUR 2,500,000 per claim (Schedule 3); no cap for intent, gross negligence, injury.",
          evidence=["of the fees paid in the twelve months preceding the claim", "limited to EUR 2,500,000 per claim"])
    b.ask("definition", f"When may a party terminate {who} with immediate effect?",
          "For a Material Breach (clause 12.4): a failure to deliver conforming Goods within four weeks of a written notice specifying the non-conformity (clause 1.4).",
          evidence=["terminate this Agreement with immediate effect", "within four (4) weeks of a written notice that specifies the non-conformity"])
    b.ask("footnote", f"Does the UN Convention on Contracts for the International Sale of Goods apply to {who}?",
          "No, the CISG is excluded (footnote to clause 13.1).",
          evidence=["(CISG) shall not apply"])
    b.ask("plain", f"When does {who} enter into force and for how long?",
          "On 1 May 2025, for an initial term of three years.", evidence=["enters into force on 1 May 2025"])
    b.ask("plain", f"What framework discount applies to list prices under {who}?",
          "7.5 % off the price list in force on the order date.", evidence=["framework discount of 7.5 %"])
    merged = [k for k in kpis[1:] if k[2] == kpis[kpis.index(k) - 1][2]]
    name, target, period = rng.choice(merged)
    b.ask("table_merged" if b.supports("merges") else "table_tail",
          f"Over which period is the '{name}' service level measured in {who}, and what is the service credit?",
          f"Per {period}; credit {credits[name]}.", rows=[(name, period, credits[name])], header=sl_header)
    quarterly = [k for k in kpis if k[2] == "calendar quarter"]
    b.ask("table_multi", f"Which service levels of {who} are measured per calendar quarter?",
          "; ".join(k[0] for k in quarterly), rows=[(k[0], "calendar quarter") for k in quarterly], header=sl_header)
    late = [r for r in rates[len(rates) // 2:] if not r[3]]
    for loc, role, rate, _ in rng.sample(late, 3):
        b.ask("table_merged" if b.supports("merges") else "table_tail",
              f"What is the day rate for a {role.lower()} in {loc} under {who}?",
              f"EUR {rate} per day.", rows=[(loc, role, rate)], header=rate_header)
    b.ask("header_footer", f"What is the contract number of {who}?", "MSA-2024-117.",
          evidence=["Contract No. MSA-2024-117"])
    b.ask("header_footer", f"Which draft of {who} is this, and what is its date?", "Draft 3 of 12 March 2025.",
          evidence=["Draft 3 of 12 March 2025"])
    return b.finish(header="Contract No. MSA-2024-117 – Confidential",
                    footer="Draft 3 of 12 March 2025 – for negotiation purposes only")


_SERVICES = (
    "Colocation power feed A", "Colocation power feed B", "Cooling (cold aisle)", "Physical security", "Remote hands",
    "Cross-connects", "Internet transit", "DDoS mitigation", "Backup storage tier 1", "Backup storage tier 2",
    "Object storage", "Managed firewall", "Managed load balancer", "Virtual machine hosting", "Kubernetes platform",
    "Database hosting", "Monitoring and alerting", "Service desk (business hours)", "Service desk (24/7)",
    "Patch management", "Disaster recovery site", "Log archive", "VPN gateway", "DNS service", "Time service (NTP)",
    "E-mail relay", "Certificate management",
)


def service_level_agreement(fmt: str, seed: int) -> tuple[Doc, list[Question]]:
    """SLA Orbis Data Centre Services for Kestrel (reviewer Ingrid Solberg, comments Daniel Osei)."""
    rng = random.Random(seed)
    b = Builder("sla_orbis", fmt, "Service Level Agreement – Orbis Data Centre Services for Kestrel Process Engineering", rng, "legal")
    rev, com = "Ingrid Solberg", "Daniel Osei"
    b.heading("1 Purpose")
    b.filler(2)
    b.chapters(["1A Definitions", "1B Service description"], (3, 4))
    b.heading("2 Service hours and support")
    b.para("2.1 Incidents of priority 1 are answered within ", Del("30 minutes", rev, "2025-01-20"),
           Ins("15 minutes", rev, "2025-01-20"), " around the clock.")
    b.filler(2)
    b.para("2.3 Planned maintenance is announced at least ", Del("five (5) working days", rev, "2025-01-20"),
           Ins("ten (10) working days", rev, "2025-01-21"), " in advance and takes place on Sundays between 02:00 and 06:00 CET.")
    b.filler(1)
    b.heading("3 Availability")
    b.para("3.1 Monthly availability is measured per service at the demarcation point and excludes announced maintenance windows.")
    b.filler(2)
    b.heading("4 Service credits")
    b.para("4.1 If a service misses its availability target, Kestrel receives the service credit in the table below as a percentage of the monthly fee of that service.")
    b.filler(1)
    h1 = [cell("Service", vmerge="restart"), cell("Availability target", vmerge="restart"),
          cell("Service credit (% of monthly fee)", span=3)]
    last = ("Service", "Availability target", "up to 0.5 points below", "0.5 to 1 point below", "more than 1 point below")
    h2 = [cell("", vmerge="continue"), cell("", vmerge="continue")] + [cell(x) for x in last[2:]]
    if not b.supports("merges"):
        h1 = [cell("Service"), cell("Availability target"), cell("Service credit (% of monthly fee)"),
              cell("Service credit (% of monthly fee)"), cell("Service credit (% of monthly fee)")]
        h2 = [cell(x) for x in last]
    rows = [h1, h2]
    data: list[tuple[str, str, tuple[str, str, str]]] = []
    for svc in _SERVICES:
        target = rng.choice(("99.5 %", "99.8 %", "99.9 %", "99.95 %", "99.99 %"))
        lo = rng.choice((2, 3, 5))
        credit = (f"{lo} %", f"{lo * 2} %", f"{lo * 4} %")
        rows.append([cell(svc), cell(target)] + [cell(c) for c in credit])
        data.append((svc, target, credit))
    b.table(rows, header_rows=2)
    b.para("4.4 Service credits are capped at ", Com("25 % of the monthly fee", com, "2025-01-23",
                                                   "Kestrel procurement asked for 40 %; Orbis offered 30 % in the last call."),
           " of the affected service per month.")
    b.filler(1)
    b.heading("5 Reporting")
    b.para("5.2 Orbis reports to Kestrel every month the availability of each service, measured as set out in clause 3.1.")
    b.filler(2)
    b.heading("6 Exclusions")
    b.para("6.1 Service credits do not apply to outages caused by Kestrel's own equipment or by force majeure.")
    b.filler(2)
    b.heading("7 Chronic failure")
    b.para("7.1 Notwithstanding clause 4, if the same service misses its target in three consecutive months, Kestrel may terminate that service without notice and without paying the remaining fees.")
    b.filler(1)
    fn = b.footnote("Central European Time; CEST during daylight saving time.")
    b.heading("8 Escalation")
    b.para("8.1 Escalations go to the Orbis service delivery manager, then to the Orbis managing director", fn, ".")
    b.filler(2)
    b.chapters(["9 Security and access", "10 Change management", "11 Capacity management", "12 Business continuity",
                "13 Customer obligations", "14 Term and review"], (2, 4))

    who = "the Orbis service level agreement"
    b.ask("definition", f"How is the availability that Orbis reports every month measured under {who}?",
          "Per service at the demarcation point, excluding announced maintenance windows (clause 3.1, referred to by clause 5.2).",
          evidence=["every month the availability of each service", "measured per service at the demarcation point"])
    for svc, target, credit in rng.sample(data[len(data) // 2:], 3):
        b.ask("table_tail", f"What service credit does Orbis owe if '{svc}' misses its availability target by more than one point?",
              f"{credit[2]} of the monthly fee (target {target}).", rows=[(svc, target, credit[2])], header=last)
    top = [d for d in data if d[1] == "99.99 %"]
    if top:
        b.ask("table_multi", f"Which services have an availability target of 99.99 % under {who}?",
              "; ".join(d[0] for d in top), rows=[(d[0], "99.99 %") for d in top], header=last)
    svc, target, credit = rng.choice(data[len(data) // 2:])
    b.ask("table_tail", f"What is the availability target of the '{svc}' service under {who}?", f"{target}.",
          rows=[(svc, target)], header=last)
    if b.supports("revisions"):
        b.ask("revision", f"Who shortened the response time for priority 1 incidents in {who}, and from what?",
              f"{rev}: from 30 minutes to 15 minutes.", evidence=["15 minutes", "30 minutes"],
              attribution=[(rev, "15 minutes")])
        b.ask("revision_run", f"Which notice and response times did {rev} change in {who}?",
              "P1 response 30 -> 15 minutes; maintenance notice five -> ten working days.",
              evidence=["15 minutes", "ten (10) working days"],
              attribution=[(rev, "15 minutes"), (rev, "ten (10) working days")])
    if b.supports("comments"):
        b.ask("comment", f"What did {com} note about the service credit cap in {who}?",
              "Kestrel procurement asked for 40 %; Orbis offered 30 %.",
              evidence=["Orbis offered 30 % in the last call"], attribution=[(com, "Orbis offered 30 % in the last call")])
    b.ask("cross_section", "Are service credits the only remedy when an Orbis service keeps missing its availability target?",
          "No: after three consecutive months of missed targets Kestrel may terminate that service without notice (clause 7.1).",
          evidence=["misses its target in three consecutive months", "service credit in the table below"])
    b.ask("plain", f"When does planned maintenance take place under {who}?", "Sundays between 02:00 and 06:00 CET.",
          evidence=["Sundays between 02:00 and 06:00 CET"])
    b.ask("footnote", f"Which time zone does 'CET' refer to in {who}?", "Central European Time (CEST in summer).",
          evidence=["Central European Time; CEST during daylight saving time"])
    page = "header_footer" if b.supports("page_header") else "plain"
    b.ask(page, f"What is the document reference of {who}?", "SLA-ORB-2025-004.", evidence=["Ref. SLA-ORB-2025-004"])
    b.ask(page, f"Which version of {who} is this?", "Version 1.3 of 24 January 2025.",
          evidence=["Version 1.3 of 24 January 2025"])
    return b.finish(header="Orbis Data Centre Services | Ref. SLA-ORB-2025-004",
                    footer="Version 1.3 of 24 January 2025 | Commercial in confidence")


def nda(fmt: str, seed: int) -> tuple[Doc, list[Question]]:
    """Mutual NDA Kestrel – Vantor Analytics (reviewer Laura Brennan, comments Samuel Achterberg)."""
    rng = random.Random(seed)
    b = Builder("nda_vantor", fmt, "Mutual Non-Disclosure Agreement – Kestrel Process Engineering Ltd and Vantor Analytics BV", rng, "legal")
    rev, com = "Laura Brennan", "Samuel Achterberg"
    b.heading("1 Purpose")
    b.para("1.1 The Parties intend to evaluate a joint predictive maintenance offering for rotating equipment (the Purpose).")
    b.filler(2)
    b.heading("2 Confidential information")
    b.para('2.1 "Confidential Information" means all technical and commercial information disclosed by a Party, including vibration data sets, failure models and customer lists.')
    b.filler(4)
    b.heading("3 Obligations")
    b.para("3.2 The receiving Party shall protect Confidential Information with at least the degree of care it applies to its own.")
    b.para("3.4 The receiving Party shall use the information defined in clause 2.1 for no purpose other than the Purpose.")
    b.filler(2)
    b.heading("4 Exceptions")
    b.para("4.1 The obligations do not apply to information independently developed by the receiving Party",
           Ins(" without use of the disclosing Party's Confidential Information, as shown by written records", rev, "2025-04-02"), ".")
    b.filler(2)
    b.heading("5 Term")
    b.para("5.1 The confidentiality obligations survive termination for ", Del("three (3) years", rev, "2025-04-02"),
           Ins("five (5) years", rev, "2025-04-02"), ".")
    b.filler(1)
    b.heading("6 Authorised recipients")
    b.para("Confidential Information may be disclosed only to the following persons:")
    people = [("Dr. Lena Hofstad", "Head of Data Science", "Vantor"), ("Pieter de Wit", "Solution Architect", "Vantor"),
              ("Aisha Karim", "Data Engineer", "Vantor"), ("Tom Erikson", "Reliability Engineer", "Kestrel"),
              ("Grace Mbeki", "Service Manager", "Kestrel"), ("Hugo Lambert", "IT Security Officer", "Kestrel"),
              ("Nadia Rossi", "Product Owner", "Kestrel")]
    b.table([[cell("Name"), cell("Function"), cell("Company")]] + [[cell(n), cell(f), cell(c)] for n, f, c in people])
    b.heading("7 Return and destruction")
    b.para("7.1 On request, the receiving Party shall return or destroy all Confidential Information ",
           Com("within ten (10) days", com, "2025-04-03", "Vantor's backup rotation is 30 days; we need an exception for backups."),
           ".")
    b.filler(2)
    fn = b.footnote("Courts of Amsterdam, the Netherlands, for claims brought against Vantor.")
    b.heading("8 Governing law")
    b.para("8.1 This Agreement is governed by English law; the courts of London have exclusive jurisdiction", fn, ".")
    b.filler(1)
    b.chapters(["8A Export control", "8B No licence", "8C Publicity"], (2, 3))
    b.heading("9 Miscellaneous")
    b.para("9.4 Notwithstanding clause 5, obligations regarding source code and trained model weights survive indefinitely.")
    b.filler(2)

    who = "the Kestrel–Vantor NDA"
    b.ask("definition", f"Which information may the receiving party use only for the Purpose under {who}?",
          "Confidential Information (clause 2.1): all technical and commercial information disclosed by a party, including vibration data sets, failure models and customer lists (clause 3.4).",
          evidence=["for no purpose other than the Purpose", "including vibration data sets, failure models and customer lists"])
    b.ask("revision", f"How long do the confidentiality obligations of {who} survive termination, and who changed that?",
          f"Five (5) years, changed from three years by {rev}.", evidence=["five (5) years", "three (3) years"],
          attribution=[(rev, "five (5) years")])
    b.ask("revision_run", f"What did {rev} change in {who}?",
          "Survival three -> five years; independent development exception limited to development without use of the Confidential Information, shown by written records.",
          evidence=["five (5) years", "as shown by written records"],
          attribution=[(rev, "five (5) years"), (rev, "as shown by written records")])
    b.ask("comment", f"What exception did {com} ask for regarding return and destruction under {who}?",
          "An exception for backups, because Vantor's backup rotation is 30 days.",
          evidence=["backup rotation is 30 days"], attribution=[(com, "backup rotation is 30 days")])
    b.ask("cross_section", f"Do all confidentiality obligations of {who} end after a fixed period?",
          "No: the general term is five years after termination, but obligations on source code and trained model weights survive indefinitely (9.4).",
          evidence=["five (5) years", "source code and trained model weights survive indefinitely"])
    b.ask("table_tail", f"What is Hugo Lambert's function under {who}, and for which company?",
          "IT Security Officer, Kestrel.", rows=[("Hugo Lambert", "IT Security Officer", "Kestrel")],
          header=("Name", "Function", "Company"))
    b.ask("footnote", f"Where must claims against Vantor be brought under {who}?", "The courts of Amsterdam, the Netherlands.",
          evidence=["Courts of Amsterdam"])
    b.ask("plain", f"What is the Purpose of {who}?", "Evaluating a joint predictive maintenance offering for rotating equipment.",
          evidence=["joint predictive maintenance offering for rotating equipment"])
    page = "header_footer" if b.supports("page_header") else "plain"
    b.ask(page, f"What is the reference number of {who}?", "NDA-2025-031.", evidence=["NDA-2025-031"])
    b.ask(page, f"Which version of {who} is this?", "Execution version 2 of 4 April 2025.",
          evidence=["Execution version 2 of 4 April 2025"])
    return b.finish(header="NDA-2025-031 – Kestrel / Vantor – Confidential",
                    footer="Execution version 2 of 4 April 2025")
