"""An office relocation move plan with a seating schedule whose floor and zone cells are
vertically merged (DOCX)."""

from __future__ import annotations

import random

from benchmarks.quality.docmodel import Cell, cell

from ._common import Family, com, dele, ins, multi, new

ROSS, MEI, IAN = "Ross Fairbairn", "Mei Lin Tan", "Ian Chisholm"
SEAT_H = ("Floor", "Zone", "Desk No.", "Name", "Team", "Move Wave")


def _seats() -> list[tuple[str, str, str, str, str, str]]:
    rng = random.Random(8501)
    first = ("Aileen", "Blair", "Callum", "Deepa", "Eilidh", "Fraser", "Gordon", "Heather", "Isla", "Jamie", "Kirsty", "Lewis",
             "Morag", "Neil", "Orla", "Priti", "Rory", "Shona", "Tariq", "Una", "Victor", "Wendy", "Xander", "Yvonne")
    last = ("Anderson", "Baxter", "Cameron", "Drummond", "Ewing", "Ferguson", "Gillies", "Hamilton", "Innes", "Johnstone",
            "Kerr", "Lennox", "MacLeod", "Munro", "Nicol", "Ogilvie", "Paterson", "Ramsay", "Sinclair", "Urquhart")
    layout = (("Level 6", "North wing", "Finance"), ("Level 6", "South wing", "Payroll"), ("Level 7", "North wing", "Customer Operations"),
              ("Level 7", "Atrium", "Customer Operations"), ("Level 7", "South wing", "Legal"), ("Level 8", "North wing", "Technology"),
              ("Level 8", "South wing", "Executive Office"))
    sizes = (7, 5, 9, 6, 5, 10, 4)
    names: set[str] = set()
    out = []
    for (floor, zone, team), n in zip(layout, sizes):
        for k in range(n):
            while True:
                nm = f"{rng.choice(first)} {rng.choice(last)}"
                if nm not in names:
                    names.add(nm)
                    break
            desk = f"{floor[-1]}{zone[0]}-{k + 1:02d}"
            out.append((floor, zone, desk, nm, team, str(rng.choice((1, 2, 2, 3)))))
    return out


def move_plan() -> Family:
    b = new("blind_office_relocation_plan", "docx", "Office Relocation Move Plan - Castle Wharf to Quayside Tower, Edinburgh", 8500, "minutes")
    s = _seats()
    b.para("This plan sets out how the 46 staff of Lothian Mutual Assurance move from Castle Wharf to levels 6 to 8 of Quayside Tower.")
    b.heading("1. Key Terms")
    b.para('"Move Weekend" means the Saturday and Sunday on which a Move Wave is carried out; crates are collected on the preceding Friday from 15:00.')
    b.para('"Go-Live Check" means the test by Technology that every desk in a zone has working network, telephony and badge access.')
    b.filler(1)
    b.heading("2. Timetable")
    b.para("2.1 Wave 1 moves on the weekend of ", dele("16-17 January 2027", ROSS, "2026-11-27"), ins("23-24 January 2027", ROSS, "2026-11-27"),
           ", Wave 2 on 6-7 February 2027 and Wave 3 on ", dele("27-28 February 2027", ROSS, "2026-11-27"), ins("6-7 March 2027", ROSS, "2026-11-27"), ".")
    b.para("2.2 Staff work from home on the Monday after their Move Weekend until the Go-Live Check for their zone has passed",
           ins(", and in any case no later than 12:00 on that Monday", ROSS, "2026-11-27"), ".")
    b.para("2.3 Castle Wharf is handed back to the landlord on 31 March 2027, subject to section 6.")
    b.filler(2)
    b.heading("3. Packing")
    b.para("3.1 Each person receives ", com("four crates", MEI, "2026-11-29", "Legal have asked for eight crates per person because of paper files; I suggest six plus an archive box."),
           " and a set of numbered labels matching the new desk number.")
    b.para("3.2 Monitors and docking stations stay at Castle Wharf and are replaced by new equipment already installed at Quayside Tower",
           b.footnote("The old monitors are donated to the Edinburgh schools refurbishment scheme run by Lothian Digital Access."), ".")
    b.para("3.3 Confidential waste must be placed in the locked ", com("blue consoles", MEI, "2026-11-29", "Shred-It collect the consoles on Thursdays only - the last collection before Wave 1 is 21 January."),
           " and not in crates.")
    b.filler(2)
    b.heading("4. Seating Plan")
    b.para("Desk numbers combine the level, the zone initial and a two-digit number.")
    rows: list[list[Cell]] = [[cell(h) for h in SEAT_H]]
    prev_floor = prev_zone = ""
    for r in s:
        floor_c = cell(r[0], vmerge="restart") if r[0] != prev_floor else cell("", vmerge="continue")
        zone_c = cell(r[1], vmerge="restart") if (r[0], r[1]) != (prev_floor, prev_zone) else cell("", vmerge="continue")
        rows.append([floor_c, zone_c, cell(r[2]), cell(r[3]), cell(r[4]), cell(r[5])])
        prev_floor, prev_zone = r[0], r[1]
    b.table(rows)
    b.filler(1)
    b.heading("5. Access and Parking")
    b.para("5.1 Quayside Tower has 18 parking spaces for Lothian Mutual, allocated to blue badge holders first and then by ballot.")
    b.para("5.2 Bicycle storage for 40 bikes is in the basement, reached from Commercial Street.",
           com("40 bikes", IAN, "2026-11-30", "Building manager says the cycle store is shared with two other tenants; our share is 15 spaces."))
    b.para("5.3 Visitors sign in at the ground floor reception, which is staffed from 07:30 to 18:30.",
           com("07:30 to 18:30", IAN, "2026-11-30", "Out of hours, visitors must be met in person by a host with an access badge."))
    b.filler(2)
    b.heading("6. Dilapidations")
    b.para("If the dilapidations settlement with the Castle Wharf landlord is not agreed by 28 February 2027, hand-back moves to 30 June 2027 "
           "and the rent for the extra period is paid from the project contingency of GBP 120,000.")
    b.filler(1)

    multi(b, "Who's moving in wave 3? Names and desks please.", SEAT_H, [(r[2], r[3], "3") for r in s if r[5] == "3"],
          tags=("whole_group",))
    multi(b, "Where will each member of the Technology team sit?", SEAT_H, [(r[2], r[3]) for r in s if r[4] == "Technology"],
          tags=("whole_group",))
    multi(b, "The complete seating plan: every person and their new desk.", SEAT_H, [(r[2], r[3]) for r in s], tags=("whole_table",))
    mid = [r for r in s if r[1] == "Atrium"][3]
    multi(b, f"Which floor is {mid[3]} going to be on?", SEAT_H, [("Level 7", mid[3])], category="table_merged",
          answer=f"Level 7 (Atrium, desk {mid[2]}).")
    mid2 = [r for r in s if r[4] == "Payroll"][2]
    multi(b, f"What floor and zone is desk {mid2[2]} in?", SEAT_H, [("Level 6", "South wing", mid2[2])], category="table_merged",
          answer="Level 6, South wing.")
    mid3 = [r for r in s if r[4] == "Technology"][6]
    multi(b, f"{mid3[3]}'s new floor?", SEAT_H, [("Level 8", mid3[3])], category="table_merged", answer="Level 8, North wing.")
    t = s[-1]
    multi(b, f"Which desk does {t[3]} get and in which wave does {t[3].split()[0]} move?", SEAT_H, [(t[2], t[3], t[5])], category="table_tail")
    t = s[-3]
    multi(b, f"Who sits at {t[2]}?", SEAT_H, [(t[2], t[3])], category="table_tail")
    b.ask("revision_run", "What did Ross Fairbairn change in the move timetable?",
          "Wave 1 moved from 16-17 to 23-24 January 2027, Wave 3 from 27-28 February to 6-7 March 2027, and he added that home working ends no later than 12:00 on the Monday.",
          evidence=["23-24 January 2027", "6-7 March 2027", "and in any case no later than 12:00 on that Monday"],
          attribution=[(ROSS, "23-24 January 2027"), (ROSS, "6-7 March 2027"), (ROSS, "and in any case no later than 12:00 on that Monday")])
    b.ask("revision", "Who pushed back the first move weekend?", "Ross Fairbairn, from 16-17 January to 23-24 January 2027.",
          evidence=["16-17 January 2027"], attribution=[(ROSS, "23-24 January 2027")])
    b.ask("comment", "All comments by Mei Lin Tan on packing?",
          "Legal asked for eight crates per person - she suggests six plus an archive box; and Shred-It collect the consoles on Thursdays only, last collection before Wave 1 on 21 January.",
          evidence=["I suggest six plus an archive box", "the last collection before Wave 1 is 21 January"],
          attribution=[(MEI, "I suggest six plus an archive box"), (MEI, "the last collection before Wave 1 is 21 January")])
    b.ask("comment", "What did Ian Chisholm remark about bike storage?", "The cycle store is shared with two other tenants; Lothian Mutual's share is 15 spaces.",
          evidence=["our share is 15 spaces"], attribution=[(IAN, "our share is 15 spaces")])
    b.ask("cross_section", "Is Castle Wharf definitely handed back at the end of March?",
          "Only if dilapidations are agreed by 28 February 2027; otherwise hand-back moves to 30 June 2027, with extra rent from the GBP 120,000 contingency.",
          evidence=["handed back to the landlord on 31 March 2027", "hand-back moves to 30 June 2027"])
    b.ask("definition", "When are the crates picked up for a wave?", "On the Friday before the Move Weekend, from 15:00.",
          evidence=["crates are collected on the preceding Friday from 15:00"])
    b.ask("footnote", "What happens to the old monitors?", "Donated to the Edinburgh schools refurbishment scheme run by Lothian Digital Access.",
          evidence=["donated to the Edinburgh schools refurbishment scheme"])
    b.ask("plain", "How many parking spaces will we have at Quayside Tower?", "18, blue badge holders first, then by ballot.",
          evidence=["18 parking spaces"])
    b.ask("header_footer", "Which issue of the move plan is this?", "Issue 5 (LMA-REL-PLN-005), dated 30 November 2026.",
          evidence=["LMA-REL-PLN-005 issue 5"])
    return b.finish(header="LMA-REL-PLN-005 issue 5 | Facilities", footer="Lothian Mutual Assurance - internal - dated 30 November 2026")
