"""A hotel group's corporate rate sheet (DOCX): merged property cells, revisions, comments."""

from __future__ import annotations

from benchmarks.quality.docmodel import Com, Del, Ins, cell

from ._common import Family, add_table, builder

PROPS = (
    ("Marlowe Harbour", "Bristol", 139), ("Lindqvist Quay", "Gothenburg", 151), ("Casa Alvarenga", "Porto", 97),
    ("The Verhoeven", "Utrecht", 128), ("Palazzo Ferrante", "Bologna", 163), ("Hotel Kestrel Row", "Leeds", 104),
    ("Auberge Saint-Clair", "Lyon", 117), ("Brennermoor Lodge", "Innsbruck", 122),
)
ROOMS = (("Standard Double", 0), ("Superior King", 27), ("Executive Twin", 44), ("Junior Suite", 93))
HEAD = ("Property", "City", "Room type", "Low season (EUR)", "High season (EUR)", "Breakfast")
PKG_HEAD = ("Package", "Property", "Meeting room", "Theatre capacity", "Day delegate rate (EUR)", "Minimum delegates")


def _rate(pi: int, ri: int) -> tuple[str, str, str]:
    base = PROPS[pi][2] + ROOMS[ri][1]
    lo = f"{base}.{(pi * 7 + ri * 3) % 10}0"
    hi = f"{base + 31 + pi * 2}.{(pi + ri * 5) % 10}0"
    bf = "included" if (pi + ri) % 3 == 0 else f"EUR {16 + pi % 4}.50 pp"
    return lo, hi, bf


def hotel() -> Family:
    b = builder("halcyon_corporate_rates_2027", "docx", "Halcyon Hotels Group — Corporate Rate Sheet 2027", 7101, "commercial")
    b.heading("1. Scope of this rate sheet")
    b.para("This rate sheet sets out the negotiated room rates, meeting packages and booking conditions agreed between "
           "Halcyon Hotels Group and Ostrander Logistics for the calendar year 2027.")
    b.filler(2)
    b.para("Rates are loaded in the global distribution systems under the rate access code HLX and must be booked "
           "through the Ostrander travel agency, Meridian Corporate Travel.")
    b.heading("2. Definitions")
    b.para("\u201cQualifying Room Night\u201d means a night paid at a negotiated rate by a traveller booked under the HLX "
           "code, excluding complimentary nights and nights cancelled after arrival.")
    b.para("\u201cPeak Event Period\u201d means any period listed in section 7 during which the hotel may close out "
           "the negotiated rates.")
    b.filler(1)
    b.heading("3. Negotiated room rates")
    b.para("All rates are per room per night in euros, excluding city tax, and are subject to the blackout periods "
           "in section 7.")
    rows = []
    for pi, (prop, city, _) in enumerate(PROPS):
        for ri, (room, _) in enumerate(ROOMS):
            lo, hi, bf = _rate(pi, ri)
            vm = "restart" if ri == 0 else "continue"
            p_cell = cell(prop, vmerge=vm)
            if prop == "Auberge Saint-Clair" and ri == 0:
                p_cell = cell(Com("Auberge Saint-Clair", "Priya Raman", "2026-09-08",
                                  "Lyon rates still to be confirmed by the property GM; do not circulate before 1 October."),
                              vmerge=vm)
            rows.append([p_cell, cell(city, vmerge=vm), room, lo, hi, bf])
    add_table(b, HEAD, rows)
    b.para("Low season runs from 1 January to 31 March and from 1 November to 31 December; all other dates are high season.",
           b.footnote("Rates for Brennermoor Lodge exclude the Tyrolean tourism levy of EUR 3.10 per person per night."))
    b.filler(2)
    b.heading("4. Meeting and event packages")
    b.para("Day delegate packages include the meeting room, two coffee breaks, a working lunch and standard audio-visual equipment.")
    pkgs = []
    rooms = ("Atrium", "Boardroom", "Cedar", "Harbour View", "Loft", "Orangery", "Salon", "Studio")
    for i in range(30):
        prop = PROPS[i % 8][0]
        cap = 12 + (i * 37) % 180
        pkgs.append([f"DDP-{301 + i}", prop, f"{rooms[(i * 3) % 8]} {1 + i // 8}", str(cap), f"{54 + (i * 13) % 47}.00",
                     str(max(8, cap // 4))])
    add_table(b, PKG_HEAD, pkgs)
    b.filler(1)
    b.heading("5. Cancellation and attrition")
    b.para("Individual reservations may be cancelled without charge until 18:00 local time on the day of arrival; later "
           "cancellations and no-shows are charged one night.")
    b.para("Group reservations may be cancelled without charge up to ", Del("48 hours", "Ingrid Solberg", "2026-09-02"),
           Ins("72 hours", "Ingrid Solberg", "2026-09-02"), " before arrival", Ins(" for group bookings of 10 or more rooms",
           "Ingrid Solberg", "2026-09-02"), ".")
    b.para("An attrition allowance of ", Del("20 per cent", "Ingrid Solberg", "2026-09-02"),
           Ins("15 per cent", "Ingrid Solberg", "2026-09-02"), " of the contracted group rooms applies without charge.")
    b.filler(1)
    b.heading("6. Volume rebate and payment")
    b.para("Halcyon grants a rebate of 3 per cent on all Qualifying Room Nights above 2,400 in the calendar year, paid "
           "as a credit note by 31 January 2028.")
    b.para("Invoices are payable within 30 days. ", Ins("Parking at Brennermoor Lodge is free for guests on the HLX rate.",
           "Tomasz Wrona", "2026-09-11"))
    b.para(Com("City tax is charged locally", "Tomasz Wrona", "2026-09-11",
               "Check whether the city tax in Porto is EUR 2 or EUR 3 per night before we publish."),
           " at each property and is not included in any rate in this sheet.")
    b.filler(1)
    b.heading("7. Blackout periods")
    b.bullet("Palazzo Ferrante: 13\u201318 October 2027 (ceramics trade fair).")
    b.bullet("Lindqvist Quay: 5\u20139 June 2027 (city marathon and festival).")
    b.bullet("Auberge Saint-Clair: 6\u20139 December 2027 (festival of lights).")
    b.filler(1)
    doc_no = "HHG-RS-0412 Rev 3"
    H = list(HEAD)
    # questions
    lo, hi, bf = _rate(4, 2)
    b.ask("table_merged", "What is the high-season rate for an Executive Twin at Palazzo Ferrante?", f"EUR {hi}",
          rows=[("Palazzo Ferrante", "Executive Twin", hi)], header=H)
    lo, hi, bf = _rate(5, 3)
    b.ask("table_merged", "Which city is Hotel Kestrel Row in, and what does its Junior Suite cost in low season?",
          f"Leeds; EUR {lo}", rows=[("Hotel Kestrel Row", "Leeds", "Junior Suite", lo)], header=H)
    grp = [("Lindqvist Quay", r, *_rate(1, ri)[:2]) for ri, (r, _) in enumerate(ROOMS)]
    b.ask("table_multi", "list every room type at Lindqvist Quay with both seasonal prices",
          "; ".join(f"{r}: {lo}/{hi}" for _, r, lo, hi in grp), rows=[g[1:] for g in grp], header=H)
    last = _rate(7, 3)
    b.ask("table_tail", "Brennermoor Lodge junior suite — is breakfast in the price?", last[2],
          rows=[("Junior Suite", last[0], last[1], last[2])], header=H)
    bf_rows = [(ROOMS[ri][0], *_rate(pi, ri)) for pi in range(8) for ri in range(4) if _rate(pi, ri)[2] == "included"]
    b.ask("table_multi", "Which room rates on the sheet include breakfast? Give every one.",
          f"{len(bf_rows)} rates", rows=[(r, lo, hi, "included") for r, lo, hi, _ in bf_rows], header=H)
    big = [p for p in pkgs if int(p[3]) >= 150]
    b.ask("table_multi", "Which meeting packages seat 150 or more theatre-style?", ", ".join(p[0] for p in big),
          rows=[(p[0], p[3]) for p in big], header=list(PKG_HEAD))
    sc = [p for p in pkgs if p[1] == "Auberge Saint-Clair"]
    b.ask("table_multi", "Give me all day-delegate packages offered in Lyon with their rates.",
          "; ".join(f"{p[0]} {p[4]}" for p in sc), rows=[(p[0], "Auberge Saint-Clair", p[4]) for p in sc], header=list(PKG_HEAD))
    p = pkgs[-1]
    b.ask("table_tail", f"What is the minimum number of delegates for package {p[0]}?", p[5],
          rows=[(p[0], p[5])], header=list(PKG_HEAD))
    b.ask("revision_run", "What did Ingrid Solberg change in the cancellation and attrition terms?",
          "Group free cancellation moved from 48 to 72 hours, limited to group bookings of 10 or more rooms; attrition "
          "allowance cut from 20 to 15 per cent.",
          evidence=["48 hours", "72 hours", "for group bookings of 10 or more rooms", "20 per cent", "15 per cent"],
          attribution=[("Ingrid Solberg", "72 hours"), ("Ingrid Solberg", "15 per cent")])
    b.ask("revision", "Who added the line about free parking at Brennermoor Lodge?", "Tomasz Wrona",
          evidence=["Parking at Brennermoor Lodge is free for guests on the HLX rate."],
          attribution=[("Tomasz Wrona", "Parking at Brennermoor Lodge is free")])
    b.ask("comment", "What did Priya Raman remark about the Lyon hotel?",
          "Lyon rates still to be confirmed by the property GM; do not circulate before 1 October.",
          evidence=["Lyon rates still to be confirmed by the property GM"],
          attribution=[("Priya Raman", "Lyon rates still to be confirmed")])
    b.ask("comment", "Is there an open query about city tax in Portugal, and who raised it?",
          "Tomasz Wrona asked whether the Porto city tax is EUR 2 or EUR 3 per night.",
          evidence=["Check whether the city tax in Porto is EUR 2 or EUR 3 per night"],
          attribution=[("Tomasz Wrona", "city tax in Porto")])
    b.ask("cross_section", "Can a traveller get the negotiated rate at Palazzo Ferrante on 15 October 2027?",
          "No: rates are subject to the blackout periods in section 7, and Palazzo Ferrante is blacked out 13–18 October 2027.",
          evidence=["subject to the blackout periods in section 7", "Palazzo Ferrante: 13\u201318 October 2027"])
    b.ask("definition", "Do complimentary nights count towards the 2,400-night rebate threshold?",
          "No: the rebate is on Qualifying Room Nights, which exclude complimentary nights.",
          evidence=["rebate of 3 per cent on all Qualifying Room Nights above 2,400",
                    "excluding complimentary nights and nights cancelled after arrival"])
    b.ask("header_footer", "document number and revision of the Halcyon rate sheet?", doc_no, evidence=[doc_no])
    b.ask("footnote", "Is the Tyrolean tourism levy included in the Innsbruck rates? How much is it?",
          "No; EUR 3.10 per person per night, excluded.", evidence=["Tyrolean tourism levy of EUR 3.10 per person per night"])
    b.ask("plain", "Under which rate access code are the corporate rates loaded?", "HLX",
          evidence=["under the rate access code HLX"])
    b.ask("plain", "Until when can a single traveller cancel a room for free?", "Until 18:00 local time on the day of arrival.",
          evidence=["until 18:00 local time on the day of arrival"])
    doc, qs = b.finish(header=f"Halcyon Hotels Group \u2014 {doc_no} \u2014 Commercial in confidence",
                       footer="Issued by Revenue Management on 14 September 2026 \u2014 supersedes Rev 2")
    return doc, qs
