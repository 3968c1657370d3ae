"""Governance documents: a project risk register (rating changes tracked inside table cells,
comments, merged categories) and draft board minutes (comments, runs of tracked changes,
action log)."""

from __future__ import annotations

from benchmarks.quality.docmodel import Com, Del, Ins, cell

from benchmarks.quality.devsets import Family, add_table, builder, merged, parse, pick, prose

# ---------------------------------------------------------------- risk register

RISK_HEADER = ("Category", "Risk ID", "Description", "Likelihood", "Impact", "Rating", "Owner", "Response")
_RISKS = parse("""
Design | R-01 | Softer alluvium than assumed at pier 2 | 3 | 4 | Design Manager | Additional boreholes before design freeze
Design | R-02 | Late changes to Network Rail clearance requirements | 2 | 4 | Design Manager | Early approvals in principle, monthly technical reviews
Design | R-03 | Temporary works design not approved in time for the deck lift | 3 | 5 | Temporary Works Coordinator | Independent Category 3 check booked in advance
Design | R-04 | Drainage outfall design rejected by the flood authority | 2 | 3 | Design Manager | Pre-application meeting and soakaway option
Design | R-05 | Model clashes between services and deck reinforcement | 4 | 2 | BIM Manager | Weekly federated model clash detection
Environmental | R-06 | Otter holt found within 30 m of the working area | 3 | 4 | Environmental Manager | Pre-works survey, licence application ready
Environmental | R-07 | Silt pollution of the River Ferrow during pier works | 3 | 5 | Environmental Manager | Silt curtains and daily turbidity monitoring
Environmental | R-08 | Japanese knotweed on the north embankment | 5 | 2 | Environmental Manager | Herbicide programme and exclusion zone
Environmental | R-09 | Nesting birds delay vegetation clearance | 3 | 4 | Ecologist | Clear vegetation before March or use nesting checks
Environmental | R-10 | Contaminated made ground at the south abutment | 2 | 3 | Environmental Manager | Waste acceptance testing before excavation
Environmental | R-11 | Noise complaints from night possessions | 3 | 3 | Community Liaison Officer | Section 61 consent, acoustic barriers, letter drops
Environmental | R-12 | Fuel spill from plant near the watercourse | 2 | 4 | Environmental Manager | Bunded refuelling area 10 m from the bank
Stakeholder and Consents | R-13 | Delay to the Transport and Works Act order | 2 | 5 | Consents Manager | Early engagement with objectors, programme float
Stakeholder and Consents | R-14 | Network Rail possession dates moved at short notice | 4 | 5 | Project Director | Possessions booked 18 months ahead, fallback dates agreed
Stakeholder and Consents | R-15 | Canoe club objects to river closures | 3 | 2 | Stakeholder Manager | Agreed closure calendar and alternative launch point
Stakeholder and Consents | R-16 | Bus operator seeks compensation for diversions | 2 | 3 | Stakeholder Manager | Diversion route agreed with the operator in advance
Stakeholder and Consents | R-17 | Listed building consent needed for parapet salvage | 2 | 2 | Consents Manager | Heritage officer consulted, method statement agreed
Stakeholder and Consents | R-18 | Landowner refuses access for the site compound | 3 | 4 | Consents Manager | Temporary possession powers in the order as fallback
Construction | R-19 | Crane unavailable for the main deck lift weekend | 2 | 5 | Construction Manager | Second crane on a standby contract
Construction | R-20 | High river levels prevent cofferdam works | 3 | 4 | Construction Manager | Flood warning monitoring, river works in summer
Construction | R-21 | Unrecorded utilities found during the road diversion | 4 | 3 | Construction Manager | Ground-penetrating radar survey and trial holes
Construction | R-22 | Steel deck fabrication defects found at delivery | 2 | 4 | Quality Manager | Inspection at the fabricator's works before dispatch
Construction | R-23 | Concrete supply interrupted during the continuous pour | 2 | 4 | Construction Manager | Second batching plant on call
Construction | R-24 | Fall from height during parapet installation | 2 | 5 | Principal Contractor | Edge protection and daily permit checks
Construction | R-25 | Shortage of qualified rail plant operators | 3 | 3 | Principal Contractor | Framework agreement with two labour suppliers
Construction | R-26 | Bearing installation tolerances not achieved | 2 | 3 | Quality Manager | Survey check at each bearing before grouting
Construction | R-27 | Vandalism at the site compound | 3 | 2 | Construction Manager | CCTV and security patrols
Commercial | R-28 | Steel price inflation above the tender allowance | 4 | 5 | Commercial Manager | Early steel order at a fixed price
Commercial | R-29 | Contractor claims for delayed possessions | 3 | 4 | Commercial Manager | Compensation event process, monthly reviews
Commercial | R-30 | Exchange rate movement on imported bearings | 3 | 2 | Commercial Manager | Forward currency purchase
Commercial | R-31 | Insolvency of the specialist piling subcontractor | 2 | 5 | Commercial Manager | Financial checks and a performance bond
Commercial | R-32 | Funding decision delayed by the combined authority | 2 | 5 | Project Director | Gateway submission two months early
Commercial | R-33 | Increase in asset protection charges | 4 | 3 | Commercial Manager | Fixed-fee asset protection agreement
Commercial | R-34 | Land compensation claims exceed the estimate | 3 | 3 | Commercial Manager | Early valuation by the district valuer
""")

#: Olivia Brennan's re-scoring in the Environmental category: risk -> (column, old value); the
#: accepted value is the one in the table data above.
RESCORED = {"R-06": (3, "2"), "R-08": (3, "4"), "R-09": (4, "3"), "R-11": (3, "4")}


def _rating(likelihood: str, impact: str) -> str:
    score = int(likelihood) * int(impact)
    band = "Low" if score <= 4 else "Medium" if score <= 9 else "High" if score <= 16 else "Very High"
    return f"{band} ({score})"


#: The register as it reads with every change accepted (Rating computed from the scores).
RISK_ROWS = [r[:5] + [_rating(r[3], r[4])] + r[5:] for r in _RISKS]

CLOSED_HEADER = ("Risk ID", "Description", "Closed", "Reason")
CLOSED_ROWS = parse("""
R-35 | Planning condition on working hours not discharged | 14 Feb 2026 | Condition discharged by the council
R-36 | Archaeological finds at the south abutment | 02 Mar 2026 | Watching brief completed, nothing found
R-37 | Bat roost in the old bridge parapet | 20 Mar 2026 | Survey negative, no licence needed
R-38 | Tender prices above budget | 11 Apr 2026 | Contract awarded within budget
R-39 | Utility company design responses delayed | 29 Apr 2026 | All C3 responses received
R-40 | Scaffold design not approved | 15 May 2026 | Design approved
R-41 | Road closure order not granted | 03 Jun 2026 | Traffic regulation order made
R-42 | Site compound flooding | 24 Jun 2026 | Compound moved to higher ground
R-43 | Asbestos in the old bridge deck | 08 Jul 2026 | Survey found no asbestos
R-44 | Delay to the ground investigation contract | 22 Jul 2026 | Investigation completed
R-45 | Loss of key design staff | 05 Aug 2026 | Replacement designers in post
R-46 | Objection from the parish council | 19 Aug 2026 | Objection withdrawn after consultation
R-47 | Crane pad bearing capacity insufficient | 09 Sep 2026 | Plate load tests passed
R-48 | Sewer diversion consent | 30 Sep 2026 | Consent granted by the water company
R-49 | Public footpath closure objection | 21 Oct 2026 | Temporary diversion order confirmed
""")


def risk_register() -> Family:
    b = builder("ferrow_bridge_risk_register_revF", "docx",
                "Ferrow Bridge Replacement Scheme — Project Risk Register (Revision F)", 610_601, "quality")
    olivia, kwame, hugh = "Olivia Brennan", "Kwame Mensah", "Hugh Pemberton"
    do, dk, dh = "2026-11-18", "2026-11-20", "2026-11-21"

    b.heading("1. Introduction")
    b.para("This register records the open and closed risks of the Ferrow Bridge Replacement Scheme. ",
           Com("Risk owners update their entries before each risk workshop", hugh, dh,
               "Several owners updated after the October workshop; please enforce the deadline."),
           " and the Risk Manager issues a new revision afterwards.")
    b.para("Each risk is scored as Likelihood (1 to 5) multiplied by Impact (1 to 5). A score of 1 to 4 is Low, 5 to "
           "9 Medium, 10 to 16 High and 20 to 25 Very High; the Rating column shows the band and the score.")
    b.filler(1)
    b.heading("2. Risk Appetite")
    b.para("The project will not accept any risk rated Very High after mitigation",
           Ins(" without Project Board approval recorded in the minutes", kwame, dk), ".")
    b.para("High risks are reviewed ", Del("monthly", kwame, dk), Ins("every two weeks", kwame, dk),
           " at the risk workshop.")
    b.para("The cost contingency is ", Del("GBP 1.8 million", kwame, dk), Ins("GBP 2.4 million", kwame, dk),
           ", held by the Project Director.")
    prose(b, 1)
    b.heading("3. Open Risks")
    b.para("Olivia Brennan re-scored the Environmental risks after the ecology survey of 12 November 2026.")
    rows: list[list[object]] = []
    for src, acc in zip(merged(_RISKS), RISK_ROWS):
        row: list[object] = src[:5] + [acc[5]] + src[5:]
        rid = acc[1]
        if rid in RESCORED:
            col, old = RESCORED[rid]
            old_scores = [acc[3], acc[4]]
            old_scores[col - 3] = old
            row[col] = cell(Del(old, olivia, do), Ins(acc[col], olivia, do))
            row[5] = cell(Del(_rating(*old_scores), olivia, do), Ins(acc[5], olivia, do))
        if rid == "R-31":
            row[7] = cell("Financial checks and ", Com("a performance bond", kwame, dk,
                                                       "Bond value still under negotiation; we have asked for 10 %."))
        rows.append(row)
    add_table(b, RISK_HEADER, rows)
    prose(b, 1)
    b.heading("4. Closed Risks")
    add_table(b, CLOSED_HEADER, CLOSED_ROWS)
    prose(b, 1)
    b.heading("5. Key Dates and Ownership Changes")
    b.para("The deck lift remains ", Com("planned for the Easter 2027 possession", kwame, dk,
                                         "If Easter slips, the next 52-hour possession is the August bank holiday; "
                                         "flag this to the Board now."), ".")
    b.para("Ownership of the utilities diversion risk transfers from the Construction Manager to the Principal "
           "Contractor on 1 March 2027, when the road diversion contract starts.")
    b.filler(1)

    b.ask("table_multi", "Which risks are currently rated High?",
          "Sixteen: R-01, R-03, R-06, R-07, R-08, R-09, R-13, R-18, R-19, R-20, R-21, R-24, R-29, R-31, R-32, R-33 "
          "with their scores (after Olivia's re-scoring).",
          rows=pick(RISK_ROWS, (1, 5), lambda r: r[5].startswith("High")), header=RISK_HEADER)
    b.ask("table_multi", "Give me all the environmental risks and who owns each.",
          "R-06 to R-12: Environmental Manager for R-06, R-07, R-08, R-10, R-12; Ecologist R-09; Community Liaison "
          "Officer R-11.",
          rows=pick(RISK_ROWS, (1, 6), lambda r: r[0] == "Environmental"), header=RISK_HEADER)
    b.ask("table_multi", "What is the Commercial Manager carrying on the register, and what's the planned response to each?",
          "R-28, R-29, R-30, R-31, R-33, R-34 with their responses.",
          rows=[(rid, "Financial checks and" if rid == "R-31" else response)
                for rid, response in pick(RISK_ROWS, (1, 7), lambda r: r[6] == "Commercial Manager")],
          header=RISK_HEADER)
    b.ask("table_multi", "For the board pack I need every open risk ID with its current rating.",
          "All 34 open risks R-01 to R-34 with their ratings.",
          rows=pick(RISK_ROWS, (1, 5), lambda r: True), header=RISK_HEADER)
    b.ask("table_multi", "Which risks have been closed, and on what grounds?",
          "Fifteen closed risks R-35 to R-49 with their closure reasons.",
          rows=pick(CLOSED_ROWS, (0, 3), lambda r: True), header=CLOSED_HEADER)
    b.ask("table_multi", "What did we close between May and July 2026?",
          "R-40 (15 May), R-41 (03 Jun), R-42 (24 Jun), R-43 (08 Jul), R-44 (22 Jul).",
          rows=pick(CLOSED_ROWS, (0, 2), lambda r: r[2].split()[1] in ("May", "Jun", "Jul")), header=CLOSED_HEADER)
    b.ask("revision_run", "Olivia re-scored some environmental risks. What did she change?",
          "R-06 likelihood 2 to 3, Medium (8) to High (12); R-08 likelihood 4 to 5, Medium (8) to High (10); R-09 "
          "impact 3 to 4, Medium (9) to High (12); R-11 likelihood 4 to 3, High (12) to Medium (9).",
          rows=[(rid, RISK_ROWS[int(rid[2:]) - 1][5]) for rid in RESCORED],
          attribution=[(olivia, "High (12)"), (olivia, "Medium (8)"), (olivia, "High (10)"), (olivia, "Medium (9)")])
    b.ask("revision_run", "Kwame's amendments to the risk appetite section",
          "Very High risks may be accepted only with Project Board approval recorded in the minutes; High risks reviewed "
          "every two weeks instead of monthly; contingency raised from GBP 1.8 million to GBP 2.4 million.",
          evidence=["without Project Board approval recorded in the minutes", "every two weeks", "GBP 2.4 million",
                    "GBP 1.8 million"],
          attribution=[(kwame, "without Project Board approval recorded in the minutes"), (kwame, "monthly"),
                       (kwame, "every two weeks"), (kwame, "GBP 1.8 million"), (kwame, "GBP 2.4 million")])
    b.ask("comment", "What's the concern if the Easter possession for the deck lift slips?",
          "Kwame Mensah commented that the next 52-hour possession would be the August bank holiday and asked for it "
          "to be flagged to the Board now.",
          evidence=["the next 52-hour possession is the August bank holiday"],
          attribution=[(kwame, "the next 52-hour possession is the August bank holiday")])
    b.ask("comment", "Any note on the piling subcontractor's performance bond?",
          "Kwame Mensah: the bond value is still under negotiation; 10 % has been requested.",
          evidence=["Bond value still under negotiation"],
          attribution=[(kwame, "Bond value still under negotiation")])
    b.ask("table_merged", "Which category does R-24 fall under?", "Construction.",
          rows=[("R-24", "Construction")], header=RISK_HEADER)
    b.ask("table_tail", "How are we handling the land compensation risk?",
          "R-34, Medium (9), Commercial Manager: early valuation by the district valuer.",
          rows=[("R-34", "Early valuation by the district valuer")], header=RISK_HEADER)
    b.ask("definition", "What score does a risk need to be rated High?",
          "10 to 16 (likelihood times impact).", evidence=["10 to 16 High"])
    b.ask("cross_section", "Who will own the risk of unrecorded utilities during the road diversion from March 2027?",
          "The register shows the Construction Manager, but ownership transfers to the Principal Contractor on 1 March "
          "2027 when the road diversion contract starts.",
          evidence=["Unrecorded utilities found during the road diversion",
                    "transfers from the Construction Manager to the Principal Contractor on 1 March 2027"])
    b.ask("header_footer", "Who issued revision F of the Ferrow Bridge risk register, and when?",
          "The Risk Manager issued it on 24 November 2026 (document FBR-PM-RR-001).", evidence=["Issued 24 November 2026"])
    return b.finish(header="Ferrow Bridge Replacement Scheme · FBR-PM-RR-001 · Revision F · Issued 24 November 2026",
                    footer="Prepared by the Risk Manager. Controlled copy on the project extranet.")


# ---------------------------------------------------------------- board minutes

ATTEND_HEADER = ("Name", "Role", "Attendance")
ATTEND_ROWS = parse("""
Margaret Ellison | Chair | Present
Ravi Kapoor | Company Secretary | Present
Fiona Marchant | Director of Finance | Present
Daniel Hughes | Chief Executive | Present
Amara Nwosu | Board Member | Present
Gareth Price | Board Member | Apologies
Lucy Tran | Board Member | Present
Owen Rhys | Board Member | Present
Claire Whitmore | Board Member | Apologies
Sanjay Mehta | Board Member, Chair of Audit and Risk | Present
Joanne Birtles | Tenant Board Member | Present
Patrick Kerr | Tenant Board Member | Apologies
Nicola Stead | Director of Assets | In attendance
Hamid Rahimi | Director of Housing | In attendance
Eleanor Voss | Partner, Ashworth Audit LLP | In attendance for item 8
""")

ACTION_HEADER = ("Action No.", "Minute", "Action", "Owner", "Due", "Status")
ACTION_ROWS = parse("""
A-101 | 3.1 | Circulate corrected September minutes | Company Secretary | 25 Nov 2026 | Complete
A-102 | 4.1 | Share tenant satisfaction results by estate | Director of Housing | 16 Dec 2026 | Open
A-103 | 4.2 | Report on contact centre call waiting times | Director of Housing | 16 Dec 2026 | In progress
A-104 | 4.3 | Draft response to the consultation on consumer standards | Chief Executive | 31 Jan 2027 | Open
A-105 | 5.1 | Update the 30-year business plan for the new rent assumptions | Director of Finance | 31 Jan 2027 | Open
A-106 | 5.2 | Stress-test interest cover at a 6 % base rate | Director of Finance | 16 Dec 2026 | In progress
A-107 | 5.3 | Complete the revolving credit facility documents | Director of Finance | 28 Feb 2027 | Open
A-108 | 5.4 | Review the pension deficit recovery plan | Director of Finance | 31 Mar 2027 | Carried forward
A-109 | 6.1 | Damp and mould dashboard by estate | Director of Assets | 16 Dec 2026 | Open
A-110 | 6.1 | Commission an independent review of damp and mould case handling | Director of Assets | 31 Jan 2027 | Open
A-111 | 6.2 | Recovery plan for the two overdue fire risk assessments | Director of Assets | 16 Dec 2026 | Open
A-112 | 6.2 | Confirm completion of cladding remediation at Kestrel House | Director of Assets | 28 Feb 2027 | In progress
A-113 | 6.3 | Programme to clear Decent Homes failures | Director of Assets | 31 Mar 2027 | Open
A-114 | 6.4 | Gain access to 43 homes overdue an electrical safety check | Director of Housing | 31 Jan 2027 | Open
A-115 | 7.1 | Send rent increase notices to tenants | Director of Housing | 28 Feb 2027 | Open
A-116 | 7.2 | Confirm shared-ownership rent reviews at Millfield | Director of Finance | 31 Jan 2027 | Open
A-117 | 8.1 | Present the internal audit plan 2027/28 | Company Secretary | 17 Mar 2027 | Open
A-118 | 8.2 | Close the two overdue procurement audit recommendations | Director of Finance | 16 Dec 2026 | Complete
A-119 | 8.3 | Update the strategic risk register for building safety | Chief Executive | 16 Dec 2026 | In progress
A-120 | 9.1 | Arrange a Board away-day on the development strategy | Company Secretary | 31 Jan 2027 | Open
A-121 | 9.2 | Review the Board skills matrix | Chair | 17 Mar 2027 | Open
A-122 | 9.2 | Recruit a tenant Board member to fill the vacancy | Company Secretary | 30 Apr 2027 | Carried forward
A-123 | 9.3 | Agree Board meeting dates for 2027 | Company Secretary | 16 Dec 2026 | Complete
A-124 | 9.4 | Respond to the ombudsman's spotlight report on complaints | Director of Housing | 31 Jan 2027 | Open
""")


def board_minutes() -> Family:
    b = builder("castleford_ha_board_minutes_nov2026", "docx",
                "Castleford Housing Association — Minutes of the Board Meeting, 18 November 2026 (Draft)",
                610_602, "minutes")
    margaret, ravi, fiona = "Margaret Ellison", "Ravi Kapoor", "Fiona Marchant"
    dmg, dr, df = "2026-11-24", "2026-11-22", "2026-11-23"

    b.heading("Attendance")
    add_table(b, ATTEND_HEADER, ATTEND_ROWS)
    b.heading("1. Welcome and Apologies")
    b.para("The Chair welcomed members and noted apologies as recorded above. The meeting was quorate.")
    prose(b, 1)
    b.heading("2. Declarations of Interest")
    b.para("Joanne Birtles declared that she is a tenant of the Association ",
           Com("and did not take part in the rent setting discussion", margaret, dmg,
               "She did speak on the tenant consultation part; the minute should reflect that."), ".")
    b.heading("3. Minutes of the Previous Meeting and Matters Arising")
    b.para("The minutes of the meeting held on 23 September 2026 were approved",
           Ins(", subject to one correction at minute 4.2: the void rent loss should read GBP 412,000", margaret, dmg),
           ".")
    prose(b, 1)
    b.heading("4. Chief Executive's Report")
    b.para("The Chief Executive reported that ",
           Com("tenant satisfaction rose to 74 % in the latest survey", margaret, dmg,
               "Please add the sector median of 71 % for context, as the regulator will compare."), ".")
    b.filler(1)
    b.heading("5. Finance Report")
    fn = b.footnote("Interest cover is measured on the lenders' EBITDA-MRI basis, as defined in the loan agreements.")
    b.para("Operating surplus for the six months to 30 September was GBP ", Del("3.1 million", fiona, df),
           Ins("3.4 million", fiona, df), ", against a budget of GBP 2.9 million.")
    b.para("Interest cover stood at ", Del("1.9 times", fiona, df), Ins("1.7 times", fiona, df),
           ", above the lender covenant of 1.1 times.", fn)
    b.para("The Board approved the treasury strategy",
           Ins(", including a new GBP 25 million revolving credit facility", fiona, df), ".")
    prose(b, 1)
    b.heading("6. Asset Management and Building Safety")
    b.para("Damp and mould cases open at month end: ", Del("214", ravi, dr), Ins("231", ravi, dr), ".")
    b.para("The Board noted that ", Del("all", ravi, dr), Ins("27 of the 29", ravi, dr),
           " high-rise blocks have an up-to-date fire risk assessment.")
    b.para("Decent Homes compliance was ", Del("98.6 %", ravi, dr), Ins("97.9 %", ravi, dr), " at 31 October.")
    b.para(Ins("The Director of Assets will bring a recovery plan for the two overdue fire risk assessments to the "
               "December meeting.", ravi, dr))
    prose(b, 1)
    b.heading("7. Rent Setting 2027/28")
    b.para("The Board approved a general needs rent increase of 4.7 % from 6 April 2027, in line with CPI plus 1 %.")
    b.filler(1)
    b.heading("8. Audit and Risk Committee Report")
    b.para("The Board approved the appointment of ",
           Com("Ashworth Audit LLP as internal auditor for three years", ravi, dr,
               "Procured through the NHF framework; the award letter is on file."), ".")
    prose(b, 1)
    b.heading("9. Any Other Business")
    b.para("The rent increase agreed under item 7 does not apply to the 86 shared-ownership homes at Millfield, where "
           "the leases cap annual increases at RPI plus 0.5 %.")
    prose(b, 1)
    b.heading("Action Log")
    add_table(b, ACTION_HEADER, ACTION_ROWS)

    b.ask("table_multi", "What open actions does the Director of Assets have from this meeting?",
          "A-109 damp and mould dashboard, A-110 independent review of damp and mould handling, A-111 fire risk "
          "assessment recovery plan, A-113 Decent Homes programme (A-112 is in progress, not open).",
          rows=pick(ACTION_ROWS, (0, 2), lambda r: r[3] == "Director of Assets" and r[5] == "Open"),
          header=ACTION_HEADER)
    b.ask("table_multi", "Which actions fall due at the end of January 2027, and who owns them?",
          "A-104 Chief Executive, A-105 and A-116 Director of Finance, A-110 Director of Assets, A-114 and A-124 "
          "Director of Housing, A-120 Company Secretary.",
          rows=pick(ACTION_ROWS, (0, 3), lambda r: r[4] == "31 Jan 2027"), header=ACTION_HEADER)
    b.ask("table_multi", "Actions arising under item 6, asset management — give me each one and its owner.",
          "A-109 to A-113 Director of Assets; A-114 Director of Housing.",
          rows=pick(ACTION_ROWS, (0, 3), lambda r: r[1].startswith("6.")), header=ACTION_HEADER)
    b.ask("table_multi", "Who sent apologies to the November board?",
          "Gareth Price, Claire Whitmore and Patrick Kerr.",
          rows=pick(ATTEND_ROWS, (0, 2), lambda r: r[2] == "Apologies"), header=ATTEND_HEADER)
    b.ask("table_multi", "Castleford action log status all actions",
          "Twenty-four actions A-101 to A-124 with their status.",
          rows=pick(ACTION_ROWS, (0, 5), lambda r: True), header=ACTION_HEADER)
    b.ask("revision_run", "What did Ravi change in the asset management item?",
          "Damp and mould cases 214 to 231; 27 of the 29 high-rise blocks (not all) have a current FRA; Decent Homes "
          "98.6 % to 97.9 %; added the Director of Assets' recovery plan for the two overdue FRAs.",
          evidence=["231", "27 of the 29", "97.9 %", "98.6 %",
                    "The Director of Assets will bring a recovery plan for the two overdue fire risk assessments"],
          attribution=[(ravi, "214"), (ravi, "231"), (ravi, "27 of the 29"), (ravi, "98.6 %"), (ravi, "97.9 %"),
                       (ravi, "The Director of Assets will bring a recovery plan for the two overdue fire risk assessments")])
    b.ask("revision_run", "The finance director has edited her section of the draft minutes. What changed?",
          "Fiona Marchant: surplus GBP 3.1 million to 3.4 million; interest cover 1.9 to 1.7 times; added the new GBP "
          "25 million revolving credit facility to the treasury strategy approval.",
          evidence=["3.4 million", "1.7 times", "including a new GBP 25 million revolving credit facility"],
          attribution=[(fiona, "3.1 million"), (fiona, "3.4 million"), (fiona, "1.9 times"), (fiona, "1.7 times"),
                       (fiona, "including a new GBP 25 million revolving credit facility")])
    b.ask("revision", "Was a correction made to the September minutes? Who added it?",
          "Yes, Margaret Ellison added it: the void rent loss at minute 4.2 should read GBP 412,000.",
          evidence=["the void rent loss should read GBP 412,000"],
          attribution=[(margaret, "the void rent loss should read GBP 412,000")])
    b.ask("comment", "What did the chair ask to add about tenant satisfaction?",
          "Margaret Ellison asked for the sector median of 71 % to be added for context.",
          evidence=["Please add the sector median of 71 %"],
          attribution=[(margaret, "Please add the sector median of 71 %")])
    b.ask("comment", "How was the internal auditor procured, according to the company secretary?",
          "Through the NHF framework; Ravi Kapoor noted the award letter is on file.",
          evidence=["Procured through the NHF framework"], attribution=[(ravi, "Procured through the NHF framework")])
    b.ask("cross_section", "Does the 4.7 % rent rise apply to the Millfield shared-ownership homes?",
          "No; item 9 excludes the 86 shared-ownership homes at Millfield, whose leases cap increases at RPI plus 0.5 %.",
          evidence=["rent increase of 4.7 % from 6 April 2027", "the leases cap annual increases at RPI plus 0.5 %"])
    b.ask("footnote", "On what basis is the interest cover figure calculated?",
          "The lenders' EBITDA-MRI basis as defined in the loan agreements.", evidence=["EBITDA-MRI basis"])
    b.ask("header_footer", "When are these draft minutes due to be approved?",
          "At the Board meeting on 16 December 2026.", evidence=["approval at the meeting on 16 December 2026"])
    return b.finish(header="Castleford Housing Association · Board · Minutes BM-2026-11 · Draft",
                    footer="Draft for approval at the meeting on 16 December 2026. Not for circulation beyond the Board.")
