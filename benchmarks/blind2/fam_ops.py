"""Operational registers (DOCX): a bill-of-lading register, an event run-sheet, a vendor security questionnaire."""

from __future__ import annotations

from benchmarks.quality.docmodel import Com, Del, Ins, cell

from ._common import Family, add_table, builder

BOL_HEAD = ("B/L number", "Vessel / voyage", "Port of loading", "Port of discharge", "Containers", "Gross weight (kg)", "Status")
VESSELS = ("MSC Tamsin 412W", "Nordic Alba 07E", "CMA Corvina 219N", "Evergrace Lotus 88S", "Hapag Selwyn 331W")
POL = ("Ningbo", "Busan", "Laem Chabang", "Jebel Ali", "Santos", "Haiphong")
POD = ("Felixstowe", "Rotterdam", "Antwerp", "Gdansk")
STATUS = ("Released", "Held \u2014 customs", "Awaiting OBL", "Released", "Telex released", "Held \u2014 freight unpaid")


def bol_register() -> Family:
    b = builder("tidewater_bl_register_q3_2026", "docx", "Tidewater Forwarding — Bill of Lading Register, Q3 2026", 7404, "commercial")
    K, L = "Sunniva Haug", "Dario Castellano"
    b.heading("1. Purpose")
    b.para("This register lists every ocean bill of lading issued or received by Tidewater Forwarding for the Marrick "
           "Homewares account between 1 July and 30 September 2026.")
    b.filler(2)
    b.heading("2. Terms used")
    b.para("\u201cOBL\u201d means the original bill of lading in three paper originals; \u201cTelex released\u201d means "
           "the carrier has released the cargo at destination against surrender of the OBL at origin.")
    b.para("\u201cFree Time\u201d means the combined demurrage and detention days granted by the carrier before charges start, "
           "counted from discharge.")
    b.filler(1)
    b.heading("3. Register")
    b.para("Container counts are forty-foot equivalents unless marked HC (high cube).")
    rows = []
    data = []
    for i in range(48):
        vi = (i // 10) % 5
        bl = f"TWF{260700 + i * 17}"
        pol, pod = POL[(i * 5) % 6], POD[(i * 3) % 4]
        cont = f"{1 + (i * 7) % 5} x 40{' HC' if i % 3 == 0 else ''}"
        wt = f"{8000 + (i * 2713) % 61000:,}"
        st = STATUS[(i * 5) % 6]
        data.append((bl, VESSELS[vi], pol, pod, cont, wt, st))
        vm = "restart" if i % 10 == 0 else "continue"
        stc = cell(st)
        if bl == f"TWF{260700 + 13 * 17}":
            stc = cell(Del(st, K, "2026-10-01"), Ins("Released", K, "2026-10-01"))
        rows.append([bl, cell(VESSELS[vi], vmerge=vm), pol, pod, cont, wt, stc])
    add_table(b, BOL_HEAD, rows)
    b.para("Weights are as declared by the shipper", b.footnote(
        "Verified gross mass (VGM) was submitted by the shipper for every container under SOLAS method 2."), ".")
    b.filler(2)
    b.heading("4. Demurrage and detention")
    b.para("Carriers grant the following Free Time: ", Del("10 days", L, "2026-10-03"), Ins("14 days", L, "2026-10-03"),
           " at Felixstowe and ", Del("7 days", L, "2026-10-03"), Ins("12 days", L, "2026-10-03"), " at Rotterdam, Antwerp and Gdansk",
           Ins(", except for reefer equipment, which keeps 5 days", L, "2026-10-03"), ".")
    b.para("Charges after Free Time are passed through at cost to Marrick Homewares, subject to section 6.")
    b.filler(1)
    b.heading("5. Exceptions during the quarter")
    b.para(Com("Two containers on the Nordic Alba voyage were rolled", K, "2026-10-01",
               "Rolled by the carrier at Busan due to overbooking; ask for the rollover letter for the claim file."),
           " to the following sailing.")
    b.para("One OBL set was lost by courier and replaced against a letter of indemnity countersigned by the Marrick bank.")
    b.filler(1)
    b.heading("6. Cap on pass-through charges")
    b.para("Demurrage and detention passed through to Marrick Homewares are capped at GBP 1,750 per container per "
           "shipment, beyond which Tidewater bears the cost if the delay was caused by its documentation.")
    b.para(Com("capped at GBP 1,750", L, "2026-10-03", "Legal to confirm that the cap also covers port storage charges."), " applies from 1 August 2026.")
    b.filler(1)
    H = list(BOL_HEAD)
    last = data[-1]
    b.ask("table_tail", f"Which vessel carries bill of lading {last[0]} and what is its gross weight?",
          f"{last[1]}; {last[5]} kg", rows=[(last[0], last[1], last[5])], header=H)
    b.ask("table_tail", f"status of {data[-3][0]}?", data[-3][6], rows=[(data[-3][0], data[-3][6])], header=H)
    held = [d for d in data if d[6] == "Held \u2014 customs"]
    b.ask("table_multi", "Which bills of lading are held by customs? List them all with their discharge ports.",
          "; ".join(f"{d[0]} ({d[3]})" for d in held), rows=[(d[0], d[3], d[6]) for d in held], header=H)
    unpaid = [d for d in data if d[6] == "Held \u2014 freight unpaid"]
    b.ask("table_multi", "Show me every shipment stuck because freight hasn't been paid.",
          ", ".join(d[0] for d in unpaid), rows=[(d[0], d[6]) for d in unpaid], header=H)
    js = [d for d in data if d[2] == "Santos"]
    b.ask("table_multi", "List all B/Ls loaded in Santos with container counts and weights.",
          "; ".join(f"{d[0]} {d[4]} {d[5]}" for d in js), rows=[(d[0], "Santos", d[4], d[5]) for d in js], header=H)
    d = data[27]
    b.ask("table_merged", f"On which vessel and voyage was {d[0]} shipped?", d[1], rows=[(d[0], d[1])], header=H)
    d = data[45]
    b.ask("table_merged", f"Name the vessel for B/L {d[0]} and its port of loading.", f"{d[1]}, {d[2]}",
          rows=[(d[0], d[1], d[2])], header=H)
    b.ask("revision", f"Who changed the status of {data[13][0]}, and from what to what?",
          f"Sunniva Haug, from {data[13][6]} to Released.", rows=[(data[13][0], data[13][6], "Released")],
          attribution=[(K, data[13][0])])
    b.ask("revision_run", "What edits did Dario Castellano make to the free-time terms?",
          "Felixstowe 10 to 14 days; Rotterdam/Antwerp/Gdansk 7 to 12 days; added a reefer exception keeping 5 days.",
          evidence=["10 days", "14 days", "7 days", "12 days", ", except for reefer equipment, which keeps 5 days"],
          attribution=[(L, "14 days"), (L, "12 days"), (L, "except for reefer equipment")])
    b.ask("comment", "Why were the Nordic Alba containers rolled, according to Sunniva Haug's note?",
          "Rolled by the carrier at Busan due to overbooking; she asks for the rollover letter.",
          evidence=["Rolled by the carrier at Busan due to overbooking"], attribution=[(K, "overbooking")])
    b.ask("comment", "What did Dario Castellano remark about the GBP 1,750 cap?",
          "Legal to confirm that the cap also covers port storage charges.",
          evidence=["the cap also covers port storage charges"], attribution=[(L, "port storage charges")])
    b.ask("cross_section", "Marrick got GBP 2,600 of detention on one container because our paperwork was late. How much can we pass on?",
          "Only GBP 1,750: pass-through is subject to section 6, which caps it at GBP 1,750 per container when the delay was "
          "caused by Tidewater's documentation.",
          evidence=["passed through at cost to Marrick Homewares, subject to section 6",
                    "capped at GBP 1,750 per container per shipment"])
    b.ask("definition", "From when is the free time counted?", "From discharge (combined demurrage and detention days).",
          evidence=["combined demurrage and detention days granted by the carrier before charges start, counted from discharge"])
    b.ask("footnote", "Under which SOLAS method was the VGM submitted?", "Method 2, by the shipper.",
          evidence=["SOLAS method 2"])
    b.ask("header_footer", "What is the register's document reference?", "TWF-REG-MRK-2026-Q3",
          evidence=["TWF-REG-MRK-2026-Q3"])
    b.ask("plain", "How was the lost OBL set replaced?", "Against a letter of indemnity countersigned by the Marrick bank.",
          evidence=["letter of indemnity countersigned by the Marrick bank"])
    b.ask("plain", "What period and which customer account does the register cover?",
          "1 July to 30 September 2026, Marrick Homewares.", evidence=["Marrick Homewares account between 1 July and 30 September 2026"])
    return b.finish(header="Tidewater Forwarding Ltd \u2014 TWF-REG-MRK-2026-Q3 \u2014 Customer: Marrick Homewares",
                    footer="Compiled by the Felixstowe documentation desk, 3 October 2026")


RUN_HEAD = ("Time", "Duration", "Segment", "Location", "Lead", "AV / staging cues")


def run_sheet() -> Family:
    b = builder("aurelia_summit_run_sheet_day2", "docx", "Aurelia Climate Summit 2027 — Day 2 Run-Sheet", 7505, "minutes")
    P, Q = "Hamish Okonkwo", "Lotte Vandenberghe"
    b.heading("1. Overview")
    b.para("Day 2 of the Aurelia Climate Summit takes place on Thursday 11 March 2027 at the Rhine Congress Centre, Cologne.")
    b.filler(2)
    b.heading("2. Roles")
    b.para("\u201cShow Caller\u201d means the person on headset who calls every cue from the production desk; on Day 2 this is "
           "Marisol Etxeberria.")
    b.para("\u201cHold Point\u201d means a moment at which no cue may be called until the Show Caller has confirmed that the "
           "plenary hall doors are closed.")
    b.filler(1)
    b.heading("3. Timed running order")
    segs = [
        ("07:00", "60 min", "Crew call and radio check", "Production desk", "Marisol Etxeberria", "Comms test all channels"),
        ("08:00", "45 min", "Registration opens", "Foyer East", "Greta Lindahl", "Walk-in loop on foyer screens"),
        ("08:45", "15 min", "Doors to plenary", "Hall 1", "Greta Lindahl", "House lights 70 %"),
        ("09:00", "10 min", "Welcome back", "Hall 1", "Rafael Quintero", "Opener video VT-07; Hold Point"),
        ("09:10", "35 min", "Keynote: Grid resilience in a hotter Europe", "Hall 1", "Dr Anneke Vos", "Lectern mic L2; slides S-21"),
        ("09:45", "40 min", "Panel: Financing adaptation", "Hall 1", "Rafael Quintero", "Four handhelds; panel set B"),
        ("10:25", "30 min", "Coffee break", "Foyer East", "Greta Lindahl", "Sponsor loop"),
        ("10:55", "50 min", "Breakout A: Heat-proofing cities", "Room 4.1", "Imogen Thackeray", "Projector only"),
        ("10:55", "50 min", "Breakout B: Water pricing", "Room 4.2", "Kwame Asante", "Projector only"),
        ("10:55", "50 min", "Breakout C: Insuring the uninsurable", "Room 4.3", "Beatriz Moura", "Projector and two handhelds"),
        ("11:45", "15 min", "Changeover", "Hall 1", "Stage manager", "Reset to lectern set"),
        ("12:00", "30 min", "Ministerial address", "Hall 1", "Minister Elin Sjöberg", "Security sweep first; Hold Point"),
        ("12:30", "60 min", "Lunch", "Hall 3", "Catering lead", "Background music"),
        ("13:30", "45 min", "Fireside chat: Carbon border levies", "Hall 1", "Oren Blum", "Two armchairs; lav mics 3 and 4"),
        ("14:15", "40 min", "Start-up pitches (six teams)", "Hall 1", "Sanna Koivisto", "Pitch timer on confidence monitor"),
        ("14:55", "25 min", "Coffee break", "Foyer East", "Greta Lindahl", "Sponsor loop"),
        ("15:20", "45 min", "Panel: Cooling without warming", "Hall 1", "Rafael Quintero", "Four handhelds; panel set B"),
        ("16:05", "20 min", "Youth delegates' statement", "Hall 1", "Amara Diallo", "Lectern mic L1; subtitles on"),
        ("16:25", "15 min", "Awards: Adaptation Pioneers", "Hall 1", "Rafael Quintero", "Trophy table stage left; walk-up music"),
        ("16:40", "20 min", "Closing remarks and Day 3 preview", "Hall 1", "Dr Anneke Vos", "Outro video VT-09"),
        ("17:00", "90 min", "Networking reception", "Rooftop Terrace", "Greta Lindahl", "DJ from 17:30; wet-weather fallback Hall 3"),
        ("18:30", "60 min", "Get-out and reset for Day 3", "Hall 1", "Marisol Etxeberria", "Strike panel set B"),
    ]
    rows = []
    for s in segs:
        if s[2] == "Ministerial address":
            rows.append([s[0], cell(Del("30 min", P, "2027-03-01"), Ins("20 min", P, "2027-03-01")), s[2], s[3], s[4], s[5]])
        elif s[2] == "Panel: Cooling without warming":
            rows.append([s[0], s[1], s[2], s[3], cell(Del("Rafael Quintero", P, "2027-03-01"), Ins("Nadia Farouk", P, "2027-03-01")), s[5]])
        else:
            rows.append(list(s))
    add_table(b, RUN_HEAD, rows)
    b.filler(1)
    b.heading("4. Room allocation")
    b.para("Capacities for Day 2 (the Location column above refers to these rooms):")
    add_table(b, ("Room", "Level", "Layout", "Capacity", "Room captain"), [
        [cell("Hall 1", vmerge="restart"), cell("Ground", vmerge="restart"), "Theatre", "1,200", "Pieter de Graaf"],
        [cell("Hall 1", vmerge="continue"), cell("Ground", vmerge="continue"), "Cabaret (evening)", "640", "Pieter de Graaf"],
        ["Hall 3", "Ground", "Banquet", "900", "Yusra Haddad"],
        [cell("Room 4.1", vmerge="restart"), cell("Level 4", vmerge="restart"), "Classroom", "120", "Tobias Renn"],
        [cell("Room 4.2", vmerge="restart"), cell("Level 4", vmerge="continue"), "Classroom", "110", "Ines Albrecht"],
        [cell("Room 4.3", vmerge="restart"), cell("Level 4", vmerge="continue"), "U-shape", "48", "Joon-ho Park"],
        ["Rooftop Terrace", "Level 6", "Standing", "350", "Yusra Haddad"],
        ["Foyer East", "Ground", "Standing", "1,500", "Greta Lindahl"],
    ])
    b.filler(1)
    b.heading("5. Safety and contingencies")
    b.para("The evacuation assembly point for Halls 1 and 3 is the Rheinpark lawn, gate C. Roll-call lists are held by each room captain.")
    b.para("If wind speed exceeds 40 km/h, the networking reception moves to the wet-weather fallback listed in the running order.")
    b.para(Com("Security sweep first", Q, "2027-02-26",
               "Federal police need 40 minutes, not 20, for the sweep; Hall 1 must be empty from 11:20."),
           " applies to every ministerial segment.")
    b.filler(1)
    b.heading("6. Catering")
    b.para("Lunch for 1,050 covers; 30 per cent vegetarian, 12 per cent vegan, and 45 halal meals pre-ordered.",
           b.footnote("Allergen matrix supplied by Kölner Tafelwerk GmbH on 19 February 2027."))
    b.para(Com("Coffee break", Q, "2027-02-26", "Second coffee break needs double the cups: the pitches overrun every year."),
           " supplies are replenished by the catering lead.")
    b.filler(1)
    H = list(RUN_HEAD)
    rq = [s for s in segs if s[4] == "Rafael Quintero" and s[2] != "Panel: Cooling without warming"]
    b.ask("table_multi", "Which segments does Rafael Quintero lead today? Give their start times.",
          "; ".join(f"{s[0]} {s[2]}" for s in rq), rows=[(s[0], s[2], "Rafael Quintero") for s in rq], header=H)
    brk = [s for s in segs if s[0] == "10:55"]
    b.ask("table_multi", "what are the three parallel breakouts, who leads each and in which rooms?",
          "; ".join(f"{s[2]} — {s[4]}, {s[3]}" for s in brk), rows=[(s[2], s[3], s[4]) for s in brk], header=H)
    b.ask("table_multi", "Walk me through everything scheduled from 16:00 to the end of the day, with start times and locations.",
          "; ".join(f"{s[0]} {s[2]} ({s[3]})" for s in segs[17:]), rows=[(s[0], s[2], s[3]) for s in segs[17:]], header=H)
    b.ask("table_tail", "What happens at 18:30 and who is responsible?", "Get-out and reset for Day 3; Marisol Etxeberria.",
          rows=[("18:30", "Get-out and reset for Day 3", "Marisol Etxeberria")], header=H)
    b.ask("table_tail", "What's the wet-weather fallback for the networking reception?", "Hall 3",
          rows=[("Networking reception", "wet-weather fallback Hall 3")], header=H)
    b.ask("table_merged", "Which level is Room 4.3 on, and what is its capacity?", "Level 4; 48.",
          rows=[("Room 4.3", "Level 4", "48")], header=["Room", "Level", "Layout", "Capacity", "Room captain"])
    b.ask("table_merged", "Who is room captain for Hall 1 in cabaret layout, and how many does it hold?",
          "Pieter de Graaf; 640.", rows=[("Hall 1", "Cabaret (evening)", "640", "Pieter de Graaf")],
          header=["Room", "Level", "Layout", "Capacity", "Room captain"])
    b.ask("revision_run", "What did Hamish Okonkwo change in the running order?",
          "Ministerial address cut from 30 to 20 minutes; Nadia Farouk replaces Rafael Quintero as lead of the cooling panel.",
          evidence=["Nadia Farouk"], rows=[("Ministerial address", "30 min", "20 min"), ("Panel: Cooling without warming", "Rafael Quintero", "Nadia Farouk")],
          attribution=[(P, "Nadia Farouk"), (P, "Ministerial address")])
    b.ask("comment", "List all comments by Lotte Vandenberghe in sections 5 and 6.",
          "Security sweep needs 40 minutes and Hall 1 empty from 11:20; second coffee break needs double the cups.",
          evidence=["Federal police need 40 minutes, not 20, for the sweep", "Second coffee break needs double the cups"],
          attribution=[(Q, "Federal police need 40 minutes"), (Q, "double the cups")])
    b.ask("cross_section", "At a Hold Point, who has to confirm what before the next cue, and which Day 2 segments have one?",
          "The Show Caller (Marisol Etxeberria) must confirm the plenary hall doors are closed; the welcome back at 09:00 and the ministerial address.",
          evidence=["confirmed that the plenary hall doors are closed", "on Day 2 this is Marisol Etxeberria"],
          rows=[("09:00", "Welcome back", "Hold Point"), ("12:00", "Ministerial address", "Hold Point")])
    b.ask("definition", "Who calls the cues from the production desk on Day 2?", "Marisol Etxeberria, the Show Caller.",
          evidence=["on Day 2 this is Marisol Etxeberria"])
    b.ask("footnote", "Who supplied the allergen matrix and when?", "Kölner Tafelwerk GmbH, 19 February 2027.",
          evidence=["Allergen matrix supplied by Kölner Tafelwerk GmbH on 19 February 2027"])
    b.ask("header_footer", "Which version of the run-sheet is this and when was it locked?", "Version 7, locked 8 March 2027.",
          evidence=["RS-D2 v7 locked 8 March 2027"])
    b.ask("plain", "Where do people assemble if Hall 1 is evacuated?", "Rheinpark lawn, gate C.",
          evidence=["Rheinpark lawn, gate C"])
    b.ask("plain", "How many halal lunches were ordered?", "45", evidence=["45 halal meals pre-ordered"])
    return b.finish(header="Aurelia Climate Summit 2027 \u2014 Production \u2014 RS-D2 v7 locked 8 March 2027",
                    footer="Crew only \u2014 do not distribute to speakers or delegates")


SQ_HEAD = ("ID", "Control question", "Vendor answer", "Evidence supplied", "Reviewer rating")


def security_questionnaire() -> Family:
    b = builder("brightwater_vendor_security_review", "docx", "Vendor Security Questionnaire — Quorra Analytics (reviewed)", 7606, "quality")
    X, Y, Z = "Fatima Zahra Idrissi", "Colm O'Rourke", "Henrike Stamm"
    b.heading("1. Review context")
    b.para("Brightwater Building Society assessed Quorra Analytics Ltd as a critical third party before onboarding its "
           "mortgage-propensity scoring service.")
    b.filler(2)
    b.heading("2. Rating scale")
    b.para("\u201cMeets\u201d means the control is in place and evidenced. \u201cPartial\u201d means the control exists "
           "but evidence is incomplete or the scope is narrower than required; every Partial rating needs a remediation date "
           "agreed under section 5.")
    b.para("\u201cGap\u201d means the control is absent; a Gap on any control marked with an asterisk blocks onboarding.")
    b.filler(1)
    b.heading("3. Questionnaire and ratings")
    domains = [("AC", "Access control", ["Is MFA enforced for all administrative access?*", "Are joiner/mover/leaver changes actioned within 24 hours?",
                                         "Are privileged sessions recorded?", "Is access reviewed at least quarterly?"]),
               ("CR", "Cryptography", ["Is customer data encrypted at rest?*", "Is TLS 1.2 or higher enforced in transit?*",
                                       "Are keys held in an HSM or cloud KMS?"]),
               ("OP", "Operations", ["Are critical patches applied within 14 days?*", "Is there a 24/7 security monitoring service?",
                                     "Are backups tested by restore at least twice a year?", "Is malware protection on all endpoints?"]),
               ("IR", "Incident response", ["Is there a tested incident response plan?*", "Will you notify us of incidents within 24 hours?*",
                                            "Do you keep logs for at least 12 months?"]),
               ("SC", "Supply chain", ["Do you assess your own critical suppliers annually?", "Do you hold a current SBOM for the product?",
                                       "Are fourth parties disclosed to clients?"]),
               ("BC", "Resilience", ["Is the RTO 4 hours or less?*", "Is there a second hosting region?", "Was a failover tested in the last year?"]),
               ("HR", "People", ["Are staff background-checked?", "Is security training annual?", "Is there a disciplinary process for breaches?"])]
    answers = ["Yes", "Yes", "No", "Partly", "Yes", "Yes", "Planned Q2 2027"]
    ratings = ["Meets", "Meets", "Partial", "Meets", "Gap", "Meets", "Partial"]
    ev = ["Policy AC-01", "SOC 2 report", "Screenshot", "None", "ISO certificate", "Pen-test summary", "Runbook extract"]
    rows: list[list[object]] = []
    qdata: list[tuple[str, str, str, str, str]] = []
    k = 0
    for code, name, qs in domains:
        rows.append([cell(f"{code} \u2014 {name}", span=5)])
        for j, q in enumerate(qs):
            qid = f"{code}-{j + 1:02d}"
            a, e, r = answers[k % 7], ev[(k * 3) % 7], ratings[(k * 5) % 7]
            k += 1
            qdata.append((qid, q, a, e, r))
            if qid == "CR-01":
                rows.append([qid, q, a, e, cell(Del(r, Y, "2026-11-18"), Ins("Gap", Y, "2026-11-18"))])
            elif qid == "BC-01":
                rows.append([qid, q, cell(Com(a, Z, "2026-11-19", "RTO is 4 hours only for the scoring API; batch reporting is 24 hours.")), e, r])
            else:
                rows.append([qid, q, a, e, r])
    add_table(b, SQ_HEAD, rows)
    b.filler(1)
    b.heading("4. Reviewer findings")
    b.para("Access control: ", Del("no findings", X, "2026-11-17"), Ins("privileged sessions are not recorded; compensating "
           "control is four-eyes approval in the PAM tool", X, "2026-11-17"), ".")
    b.para("Operations: patching evidence covered ", Del("all", X, "2026-11-17"), Ins("production only, not the build servers", X, "2026-11-17"),
           "; monitoring is provided by Cerulean SOC.")
    b.para("Incident response: the plan was last tested on ", Ins("2 September 2026 (tabletop only)", X, "2026-11-17"), ".")
    b.para(Com("Supply chain answers are thin", X, "2026-11-17",
               "Ask Quorra for its list of fourth parties with hosting locations before the committee."), ".")
    b.filler(1)
    b.heading("5. Remediation and decision")
    b.para("Remediation dates for Partial ratings must fall within 120 days of contract signature, except for resilience "
           "controls, which may take up to 180 days.")
    b.para("Recommendation to the Third-Party Risk Committee: ", Com("onboard with conditions", Y, "2026-11-18",
           "I would not onboard until CR-01 is fixed; encryption at rest is an asterisk control."), ".")
    b.para("Residual risk after remediation is assessed as medium", b.footnote(
        "Residual risk uses the Brightwater 5x5 matrix, version 2025.2, approved by the CRO on 3 March 2025."), ".")
    b.filler(1)
    H = list(SQ_HEAD)
    part = [d for d in qdata if d[4] == "Partial" and d[0] != "CR-01"]
    b.ask("table_multi", "Which controls were rated Partial? Give every one.", ", ".join(d[0] for d in part),
          rows=[(d[0], "Partial") for d in part], header=H)
    gaps = [d for d in qdata if d[4] == "Gap" or d[0] == "CR-01"]
    b.ask("table_multi", "list the controls where Quorra has a gap, with the question asked",
          "; ".join(f"{d[0]} {d[1]}" for d in gaps), rows=[(d[0], d[1], "Gap") for d in gaps], header=H)
    ir = [d for d in qdata if d[0].startswith("IR")]
    b.ask("table_multi", "How did Quorra answer each incident-response question, and how was each rated?",
          "; ".join(f"{d[0]} {d[2]} {d[4]}" for d in ir), rows=[(d[0], d[2], d[4]) for d in ir], header=H)
    b.ask("table_tail", "What was the vendor's answer on the disciplinary process, and its rating?",
          f"{qdata[-1][2]}; {qdata[-1][4]}", rows=[(qdata[-1][0], qdata[-1][2], qdata[-1][4])], header=H)
    b.ask("table_merged", "Which control domain does SC-02 fall under?", "Supply chain",
          rows=[("SC \u2014 Supply chain",)], evidence=["Do you hold a current SBOM for the product?"], header=H)
    b.ask("revision", "Who downgraded the rating for encryption at rest, and from what?",
          f"Colm O'Rourke, from {qdata[4][4]} to Gap.", rows=[("CR-01", qdata[4][4], "Gap")], attribution=[(Y, "CR-01")])
    b.ask("revision_run", "Summarise Fatima Zahra Idrissi's revisions to the reviewer findings.",
          "Access control: privileged sessions not recorded, four-eyes PAM approval compensates (was 'no findings'); patching "
          "evidence covered production only, not build servers (was 'all'); IR plan last tested 2 September 2026, tabletop only.",
          evidence=["no findings", "privileged sessions are not recorded; compensating control is four-eyes approval in the PAM tool",
                    "production only, not the build servers", "2 September 2026 (tabletop only)"],
          attribution=[(X, "four-eyes approval"), (X, "production only, not the build servers"), (X, "tabletop only")])
    b.ask("comment", "What did Henrike Stamm remark about the recovery time objective?",
          "RTO is 4 hours only for the scoring API; batch reporting is 24 hours.",
          evidence=["RTO is 4 hours only for the scoring API; batch reporting is 24 hours."], attribution=[(Z, "batch reporting is 24 hours")])
    b.ask("comment", "Does any reviewer disagree with the onboarding recommendation?",
          "Yes, Colm O'Rourke would not onboard until CR-01 is fixed.",
          evidence=["I would not onboard until CR-01 is fixed"], attribution=[(Y, "would not onboard until CR-01 is fixed")])
    b.ask("comment", "What follow-up did Fatima Zahra Idrissi want on supply chain?",
          "Ask Quorra for its list of fourth parties with hosting locations before the committee.",
          evidence=["list of fourth parties with hosting locations"], attribution=[(X, "fourth parties with hosting locations")])
    b.ask("cross_section", "How long does Quorra have to fix the second-region control if it's rated Partial?",
          "Up to 180 days: it is a resilience control (Partial ratings need a date under section 5; resilience may take 180 days).",
          evidence=["every Partial rating needs a remediation date agreed under section 5",
                    "except for resilience controls, which may take up to 180 days"])
    b.ask("definition", "Would a Gap on the patching control stop onboarding?",
          "Yes: OP-01 is an asterisk control, and a Gap on an asterisk control blocks onboarding.",
          evidence=["a Gap on any control marked with an asterisk blocks onboarding", "Are critical patches applied within 14 days?*"])
    b.ask("footnote", "Which risk matrix version was used for the residual risk?", "Brightwater 5x5 matrix, version 2025.2.",
          evidence=["5x5 matrix, version 2025.2"])
    b.ask("header_footer", "What classification does the Quorra review carry?", "Restricted — Third-Party Risk.",
          evidence=["Classification: Restricted \u2014 Third-Party Risk"])
    b.ask("plain", "Who provides Quorra's security monitoring?", "Cerulean SOC.", evidence=["monitoring is provided by Cerulean SOC"])
    return b.finish(header="Brightwater Building Society \u2014 TPRM-2026-211 \u2014 Classification: Restricted \u2014 Third-Party Risk",
                    footer="Review completed 19 November 2026 \u2014 next review due November 2027")
