"""Construction and insurance: an M&E subcontract for a school extension (DOCX, tracked changes
and comments by both sides) and a commercial combined policy wording in proof (RTF, the
insurer's and the broker's changes, claims and broker comments, merged limits table)."""

from __future__ import annotations

from benchmarks.quality.docmodel import Com, Del, Ins, cell

from benchmarks.quality.devsets import Family, add_table, builder, merged, parse, prose

# ---------------------------------------------------------------- construction subcontract

PRICE_HEADER = ("Section", "Item", "Description", "Design", "Amount (GBP)")
PRICE_ROWS = parse("""
Preliminaries | P1 | Site set-up and welfare contribution | Not applicable | 18,400
Preliminaries | P2 | Project management and supervision | Not applicable | 62,300
Preliminaries | P3 | Temporary lighting and power | Not applicable | 9,850
Mechanical | M1 | Underfloor heating to new classrooms | Contractor | 96,200
Mechanical | M2 | Air source heat pumps (2 No.) and plant | Contractor | 188,700
Mechanical | M3 | Mechanical ventilation with heat recovery | Contractor | 141,500
Mechanical | M4 | Domestic hot and cold water services | Contractor | 58,900
Mechanical | M5 | Above-ground drainage | Subcontractor | 36,400
Electrical | E1 | LV distribution and sub-mains | Contractor | 112,800
Electrical | E2 | Small power and data containment | Contractor | 84,650
Electrical | E3 | LED lighting and lighting controls | Subcontractor | 121,300
Electrical | E4 | Fire alarm extension, category L2 | Contractor | 47,900
Electrical | E5 | Intruder alarm and access control | Contractor | 39,600
Electrical | E6 | Roof-mounted PV array, 48 kWp | Contractor | 92,400
Testing and Handover | T1 | Commissioning and witness testing | Not applicable | 28,500
Testing and Handover | T2 | O&M manuals and as-built drawings | Not applicable | 12,600
Testing and Handover | T3 | Training of school staff | Not applicable | 3,800
Provisional Sums | PS1 | Upgrade of incoming electricity supply by the DNO | Not applicable | 85,000
Provisional Sums | PS2 | Removal of asbestos in existing plant room | Not applicable | 25,000
Provisional Sums | PS3 | Daywork allowance | Not applicable | 18,800
""")


def subcontract() -> Family:
    b = builder("oakhurst_school_mande_subcontract", "docx",
                "Subcontract for Mechanical and Electrical Works — Oakhurst Primary School Extension", 811_003, "legal")
    craig, nadia, phil, lorna = "Craig Ellison", "Nadia Khoury", "Phil Adeyemi", "Lorna Baird"
    dc, dn, dp, dl = "2026-11-25", "2026-11-27", "2026-11-30", "2026-12-01"

    b.para("This Subcontract is made between Brackley & Stowe Construction Ltd (the Contractor) and Penrose Building "
           "Services Ltd (the Subcontractor) for the mechanical and electrical works to the new four-classroom "
           "extension at Oakhurst Primary School, carried out for Hartsfield County Council (the Employer).")
    b.heading("1. Definitions and Interpretation")
    b.bullet("\u201cCompletion Date\u201d means 13 August 2027, as adjusted under clause 9.")
    b.bullet("\u201cDefects Rectification Period\u201d means the period of 12 months beginning on the date of Practical "
             "Completion of the Main Works.")
    b.bullet("\u201cMain Contract\u201d means the design and build contract between the Employer and the Contractor "
             "dated 6 October 2026.")
    b.bullet("\u201cRelevant Event\u201d means any of the events listed in clause 9.3.")
    b.bullet("\u201cSubcontract Sum\u201d means GBP 1,284,600 excluding VAT.")
    b.bullet("\u201cWorking Hours\u201d means 07:30 to 17:30 Monday to Friday and 08:00 to 13:00 on Saturday.")
    prose(b)
    b.heading("2. The Subcontract Works")
    b.para("2.1 The Subcontractor shall carry out and complete the works described in the Schedule of Works and "
           "Prices.")
    b.para("2.2 The Subcontractor is responsible for the design of the above-ground drainage and the lighting control "
           "system; all other work is to the Contractor's design.")
    b.para("2.3 Noisy or disruptive work inside the existing school building is not permitted during lesson times, "
           "09:00 to 15:15, in term time.")
    prose(b)
    b.heading("3. Programme")
    b.para("3.1 The Subcontractor shall start work on Site on 11 January 2027 and shall proceed regularly and "
           "diligently in accordance with the Contractor's master programme.")
    b.filler(1)
    b.heading("4. Payment")
    b.para("4.1 Interim payments fall due monthly on the 25th day of each month.")
    b.para("4.2 The final date for payment is ", Del("42 days", nadia, dn), Ins("30 days", nadia, dn),
           " after the due date.")
    b.para("4.3 The Contractor may issue a pay less notice no later than 5 days before the final date for payment.")
    b.para("4.4 ", Com("Retention of 3 % is deducted from each interim payment.", lorna, dl,
                       "Penrose would prefer a retention bond in lieu of cash retention; please confirm the Contractor "
                       "will accept a bond from an A-rated surety."),
           " Half of the retention is released at Practical Completion of the Main Works and the balance at the end "
           "of the Defects Rectification Period.")
    prose(b)
    b.heading("5. Variations")
    b.para("5.1 No variation is valid unless it is instructed in writing by the Contractor's Project Manager, except "
           "for an emergency instruction under clause 12.2.")
    prose(b)
    b.heading("6. Insurance")
    b.para("6.1 The Subcontractor shall maintain employer's liability insurance of at least GBP 10 million and public "
           "liability insurance of at least GBP 5 million for any one occurrence.")
    fn_pi = b.footnote("Professional indemnity cover of GBP 2 million for each and every claim, maintained for 6 "
                       "years after Practical Completion of the Main Works.")
    b.para("6.2 Where clause 2.2 applies, the Subcontractor shall also maintain professional indemnity insurance",
           fn_pi, ".")
    b.heading("7. Collateral Warranties")
    b.para("7.1 The Subcontractor shall provide a collateral warranty in favour of the Employer within 14 days of the "
           "Contractor's request.")
    prose(b)
    b.heading("8. Subcontractor's Design")
    prose(b)
    b.heading("9. Extensions of Time")
    b.para("9.1 The Subcontractor shall notify the Contractor in writing within 10 days of becoming aware of any "
           "delay to the Subcontract Works.")
    b.para("9.2 The Contractor shall grant a fair and reasonable extension of time where the delay is caused by a "
           "Relevant Event.")
    b.para("9.3 The Relevant Events are: (a) variations; (b) exceptionally adverse weather, measured against the Met "
           "Office ten-year average for Sywell; (c) any act of prevention by the Contractor",
           Ins("; (d) delay by the Distribution Network Operator in upgrading the incoming supply", nadia, dn), ".")
    b.heading("10. Liquidated Damages")
    b.para("10.1 If the Subcontract Works are not complete by the Completion Date, the Subcontractor shall pay "
           "liquidated damages at the rate of ", Del("GBP 2,750", craig, dc), Ins("GBP 3,400", craig, dc),
           " per week or part week.")
    b.para("10.2 The Contractor may deduct liquidated damages from any sum due to the Subcontractor.")
    b.para("10.3 The Subcontractor's total liability for liquidated damages shall not exceed 7.5 % of the "
           "Subcontract Sum.")
    prose(b)
    b.heading("11. Health, Safety and Site Rules")
    b.para("11.1 ", Com("Hot works permits", phil, dp,
                        "The school has asked for no hot works during SATs week, 10 to 13 May 2027."),
           " are issued by the Contractor's Site Manager and are valid for one shift only.")
    b.para("11.2 All operatives must hold a valid CSCS card and attend the site induction before starting work.")
    b.heading("12. Instructions")
    b.para("12.1 The Subcontractor shall comply with all written instructions of the Contractor's Project Manager.")
    b.para("12.2 In an emergency affecting health and safety, the Contractor's Site Manager may give an oral "
           "instruction, which shall be confirmed in writing within two working days.")
    b.heading("13. Termination")
    prose(b)
    b.heading("14. Dispute Resolution")
    b.para("14.1 Either Party may refer a dispute to adjudication at any time; the nominating body is the Royal "
           "Institution of Chartered Surveyors.")
    b.filler(1)
    b.heading("Schedule of Works and Prices")
    b.para("The Subcontract Sum is made up as follows. The Design column shows who designs each item.")
    add_table(b, PRICE_HEADER, merged(merged(PRICE_ROWS, 0), 3))
    prose(b)

    b.ask("header_footer", "Which revision of the Oakhurst M&E subcontract is this?",
          "Revision C, issued for signature on 2 December 2026.", evidence=["Revision C"])
    b.ask("header_footer", "What's Brackley & Stowe's project number for the Oakhurst school job?",
          "Project 4471.", evidence=["Project 4471"])
    b.ask("plain", "When is Penrose supposed to start on site at Oakhurst?",
          "11 January 2027.", evidence=["start work on Site on 11 January 2027"])
    b.ask("plain", "Are Penrose's electricians allowed to drill inside the existing school during the school day?",
          "Not during lesson times, 09:00 to 15:15, in term time.",
          evidence=["not permitted during lesson times, 09:00 to 15:15, in term time"])
    b.ask("definition", "Would a spell of exceptionally bad weather entitle Penrose to more time on the Oakhurst job?",
          "Yes, it is a Relevant Event: exceptionally adverse weather, measured against the Met Office ten-year "
          "average for Sywell.",
          evidence=["any of the events listed in clause 9.3",
                    "exceptionally adverse weather, measured against the Met Office ten-year average for Sywell"])
    b.ask("definition", "What is the completion date in Penrose's subcontract?",
          "13 August 2027, as adjusted under clause 9.", evidence=["means 13 August 2027, as adjusted under clause 9"])
    b.ask("cross_section", "When does Penrose get the second half of its retention back?",
          "At the end of the Defects Rectification Period: 12 months from Practical Completion of the Main Works.",
          evidence=["the balance at the end of the Defects Rectification Period",
                    "the period of 12 months beginning on the date of Practical Completion of the Main Works"])
    b.ask("cross_section", "What is the maximum Penrose could have to pay in delay damages on Oakhurst?",
          "7.5 % of the Subcontract Sum of GBP 1,284,600, i.e. about GBP 96,345.",
          evidence=["shall not exceed 7.5 % of the Subcontract Sum", "GBP 1,284,600 excluding VAT"])
    b.ask("cross_section", "Is a verbal instruction from B&S's site manager to change the work valid under the "
          "subcontract?",
          "Only in an emergency affecting health and safety, and it must be confirmed in writing within two working "
          "days; otherwise variations must be in writing from the Project Manager.",
          evidence=["except for an emergency instruction under clause 12.2",
                    "may give an oral instruction, which shall be confirmed in writing within two working days"])
    b.ask("footnote", "How much professional indemnity cover does Penrose need for its design work, and for how long?",
          "GBP 2 million each and every claim, kept for 6 years after Practical Completion.",
          evidence=["Professional indemnity cover of GBP 2 million for each and every claim"])
    b.ask("revision", "The liquidated damages rate in the Oakhurst subcontract was changed. To what, and by whom?",
          "Craig Ellison raised it from GBP 2,750 to GBP 3,400 per week.",
          evidence=["GBP 3,400"], attribution=[(craig, "GBP 3,400"), (craig, "GBP 2,750")])
    b.ask("revision", "Did Penrose add anything to the list of Relevant Events?",
          "Yes, Nadia Khoury added (d): delay by the Distribution Network Operator in upgrading the incoming supply.",
          evidence=["delay by the Distribution Network Operator in upgrading the incoming supply"],
          attribution=[(nadia, "delay by the Distribution Network Operator in upgrading the incoming supply")])
    b.ask("comment", "Is there a note from B&S's project manager about hot works and the school's exams?",
          "Phil Adeyemi: the school asked for no hot works during SATs week, 10 to 13 May 2027.",
          evidence=["no hot works during SATs week, 10 to 13 May 2027"],
          attribution=[(phil, "no hot works during SATs week, 10 to 13 May 2027")])
    b.ask("comment", "What did Penrose's QS suggest instead of cash retention?",
          "Lorna Baird proposed a retention bond from an A-rated surety instead.",
          evidence=["retention bond in lieu of cash retention"],
          attribution=[(lorna, "retention bond in lieu of cash retention")])
    b.ask("table_tail", "How much daywork allowance is in the Oakhurst subcontract sum?",
          "GBP 18,800 (PS3).", rows=[("PS3", "Daywork allowance", "18,800")])
    b.ask("table_tail", "What's been allowed for training the school's staff on the new systems?",
          "GBP 3,800 (T3).", rows=[("T3", "3,800")])
    b.ask("table_merged", "Who designs the heat pump installation at Oakhurst, B&S or Penrose?",
          "The Contractor (Brackley & Stowe).", rows=[("Air source heat pumps (2 No.) and plant", "Contractor")])
    b.ask("table_merged", "Is the asbestos removal in the plant room a firm price or a provisional sum?",
          "A provisional sum (PS2, GBP 25,000).",
          rows=[("Removal of asbestos in existing plant room", "Provisional Sums")])
    b.ask("table_cell", "What is the fire alarm extension priced at in Penrose's schedule?",
          "GBP 47,900 (E4).", rows=[("E4", "47,900")])
    return b.finish(header="Brackley & Stowe Construction Ltd · Subcontract Ref. BSC/OAK/SC-07 · Revision C · "
                           "Issued for signature 2 December 2026",
                    footer="Project 4471 Oakhurst Primary School · Brackley & Stowe Construction Ltd, Company No. "
                           "04418826 · Unit 9, Mereside Park, Northampton NN3 6RT")


# ---------------------------------------------------------------- insurance policy wording

LIMIT_HEADER = ("Section", "Cover", "Limit", "Excess")
LIMIT_ROWS = parse("""
Property Damage | Buildings and contents | Sum insured in the Schedule | GBP 500
Property Damage | Accidental damage | GBP 50,000 | GBP 500
Property Damage | Subsidence, heave or landslip | Sum insured in the Schedule | GBP 2,500
Business Interruption | Gross Profit | Sum insured in the Schedule | Nil
Business Interruption | Book debts | GBP 100,000 | Nil
Business Interruption | Denial of access | GBP 250,000 | Nil
Money | Money in transit | GBP 5,000 | GBP 100
Money | Money in a locked safe outside business hours | GBP 3,000 | GBP 100
Money | Money at the home of a director | GBP 1,000 | GBP 100
Money | Personal assault | GBP 10,000 for death | Nil
Employers' Liability | Any one event | GBP 10,000,000 | Nil
Public and Products Liability | Public liability, any one event | GBP 5,000,000 | GBP 250
Public and Products Liability | Products liability, in the aggregate | GBP 5,000,000 | GBP 250
Public and Products Liability | Damage to property caused by heat | GBP 2,000,000 | GBP 2,500
""")


def policy_wording() -> Family:
    b = builder("aldergrove_commercial_combined_wording", "rtf",
                "Aldergrove Insurance plc — Commercial Combined Policy Wording (Form ACC-24)", 811_010, "legal")
    fiona, raj, anne = "Fiona Gallacher", "Raj Chaudhry", "Anne-Marie Dupont"
    df, dr, da = "2027-01-14", "2027-01-20", "2027-01-22"

    b.heading("About This Policy")
    b.para("This policy wording, together with the Schedule and any endorsements, forms the contract between Aldergrove "
           "Insurance plc (we, us) and the Insured named in the Schedule (you). Only the Sections shown as operative "
           "in the Schedule are included.")
    prose(b)
    b.heading("General Definitions")
    b.bullet("Business: the business described in the Schedule and no other.")
    b.bullet("Computer Virus: any program or code that corrupts, deletes or damages data, software or systems, whether "
             "or not it is intended to do so.")
    b.bullet("Damage: physical loss, destruction or damage.")
    b.bullet("Excess: the amount shown in the Schedule that you must pay towards each claim, after any other "
             "deductions.")
    b.bullet("Money: cash, bank and currency notes, cheques, postal orders, current postage stamps and gift vouchers, "
             "all belonging to the Business.")
    b.bullet("Unoccupied: a building, or part of one, that has not been used for the normal purposes of the Business "
             "for more than 45 consecutive days.")
    b.heading("Section 1 - Property Damage")
    b.para("1.1 We will indemnify you for Damage to the Property Insured at the Premises during the Period of "
           "Insurance.")
    b.para("1.2 Cover for Unoccupied buildings is restricted to fire, lightning, explosion, aircraft and earthquake, "
           "and is subject to General Condition 9.")
    b.para("1.3 We will not pay for Damage caused by subsidence, heave or landslip ",
           Com("unless the Schedule shows that this cover applies", anne, da,
               "Claims asks that the subsidence excess applies per claim, not per event; please clarify the wording."),
           ".")
    b.filler(1)
    b.heading("Section 2 - Business Interruption")
    b.para("2.1 We will pay for loss of Gross Profit resulting from interruption of the Business caused by Damage "
           "insured under Section 1.")
    b.para("2.2 The Maximum Indemnity Period is ", Del("12 months", fiona, df), Ins("24 months", fiona, df),
           " from the date of the Damage.")
    prose(b)
    b.heading("Section 3 - Money")
    b.para("3.1 We will pay for loss of Money up to the limits in the Table of Limits.")
    b.para("3.2 We will not pay for loss of Money from an unattended vehicle.")
    prose(b)
    b.heading("Section 4 - Employers' Liability")
    b.para("4.1 Our liability for all claims arising from one event is limited to GBP 10,000,000, but is limited to "
           "GBP 5,000,000 for claims caused by an act of terrorism.")
    prose(b)
    b.heading("Section 5 - Public and Products Liability")
    b.para("5.1 We will indemnify you against legal liability for accidental injury and accidental damage to property "
           "happening in connection with the Business.")
    b.filler(1)
    b.heading("General Exclusions")
    b.para("GE3 We will not pay for any loss arising from a Computer Virus or from unauthorised access to computer "
           "systems, except for Damage by fire or explosion that results from it.")
    prose(b)
    b.heading("General Conditions")
    b.para("GC4 Claims notification: you must tell us about any event that may give rise to a claim within ",
           Del("14 days", raj, dr), Ins("30 days", raj, dr), ", and within 7 days for Damage caused by riot.")
    fn_avg = b.footnote("The 85 % threshold does not apply to Business Interruption items insured on a "
                        "declaration-linked basis.")
    b.para("GC7 Underinsurance: if the sum insured for any item is less than 85 % of its value at the time of the "
           "Damage, the amount we pay will be reduced in proportion", fn_avg, ".")
    b.para("GC9 Unoccupied buildings: you must inspect every Unoccupied building inside and out ",
           Com("at least once every seven days", raj, dr,
               "Clients with seasonal sites will struggle with weekly visits; can we offer fortnightly where an "
               "intruder alarm is monitored?"),
           ", keep a written record of each inspection, and drain the water system unless it feeds a sprinkler "
           "installation.")
    prose(b)
    b.heading("Table of Limits")
    rows: list[list[object]] = []
    for r in merged(merged(LIMIT_ROWS, 0), 3):
        if r[1] == "Accidental damage":
            r[2] = cell(Del("GBP 25,000", fiona, df), Ins("GBP 50,000", fiona, df))
        rows.append(r)
    add_table(b, LIMIT_HEADER, rows)
    prose(b)

    b.ask("header_footer", "What's Aldergrove's firm reference number with the regulators?",
          "Firm Reference Number 203117.", evidence=["Firm Reference Number 203117"])
    b.ask("header_footer", "Which edition of the ACC-24 wording is this proof?",
          "Edition 03/2027, a proof for broker review.", evidence=["Edition 03/2027"])
    b.ask("plain", "How quickly does riot damage have to be reported under the Aldergrove policy?",
          "Within 7 days.", evidence=["within 7 days for Damage caused by riot"])
    b.ask("plain", "Is the employers' liability limit lower for terrorism claims?",
          "Yes: GBP 5,000,000 instead of GBP 10,000,000.",
          evidence=["limited to GBP 5,000,000 for claims caused by an act of terrorism"])
    b.ask("definition", "At what point does an empty building count as unoccupied under the ACC-24 wording?",
          "When it has not been used for normal business purposes for more than 45 consecutive days.",
          evidence=["for more than 45 consecutive days"])
    b.ask("definition", "If some software damages our data by accident rather than maliciously, is it still a "
          "'Computer Virus' in Aldergrove's terms?",
          "Yes: the definition applies whether or not it is intended to do so.",
          evidence=["whether or not it is intended to do so"])
    b.ask("cross_section", "We've had a warehouse standing empty for two months. What cover is left and what do we "
          "have to do to keep it?",
          "Only fire, lightning, explosion, aircraft and earthquake, subject to GC9: inspect it inside and out at least "
          "every seven days, keep records and drain the water system.",
          evidence=["Cover for Unoccupied buildings is restricted to fire, lightning, explosion, aircraft and earthquake",
                    "you must inspect every Unoccupied building inside and out"])
    b.ask("cross_section", "If we are underinsured, is the excess deducted before or after Aldergrove scales the claim "
          "down?",
          "After: the claim is reduced in proportion under GC7 and the Excess applies after any other deductions.",
          evidence=["that you must pay towards each claim, after any other deductions",
                    "the amount we pay will be reduced in proportion"])
    b.ask("footnote", "Does the 85 % underinsurance rule apply to declaration-linked business interruption cover?",
          "No, the threshold does not apply to BI items insured on a declaration-linked basis.",
          evidence=["does not apply to Business Interruption items insured on a declaration-linked basis"])
    b.ask("revision", "What is the maximum indemnity period for business interruption in the proof, and who changed it?",
          "24 months (was 12), changed by Fiona Gallacher.",
          evidence=["24 months"], attribution=[(fiona, "24 months"), (fiona, "12 months")])
    b.ask("revision", "Who extended the claims notification period in the Aldergrove wording?",
          "Raj Chaudhry, from 14 days to 30 days.",
          evidence=["30 days"], attribution=[(raj, "30 days"), (raj, "14 days")])
    b.ask("revision", "Has the accidental damage limit changed in this edition?",
          "Yes, Fiona Gallacher raised it from GBP 25,000 to GBP 50,000.",
          rows=[("Accidental damage", "GBP 50,000")], attribution=[(fiona, "GBP 50,000")])
    b.ask("comment", "What did the broker say about weekly inspections of empty premises?",
          "Raj Chaudhry: clients with seasonal sites will struggle; could fortnightly be offered where an intruder alarm "
          "is monitored?",
          evidence=["can we offer fortnightly where an intruder alarm is monitored"],
          attribution=[(raj, "can we offer fortnightly where an intruder alarm is monitored")])
    b.ask("comment", "Did the claims team comment on the subsidence wording?",
          "Anne-Marie Dupont: the subsidence excess should apply per claim, not per event; clarify the wording.",
          evidence=["the subsidence excess applies per claim, not per event"],
          attribution=[(anne, "the subsidence excess applies per claim, not per event")])
    b.ask("table_tail", "What's the limit for damage to property caused by heat, e.g. from hot works?",
          "GBP 2,000,000, with a GBP 2,500 excess.", rows=[("Damage to property caused by heat", "GBP 2,000,000")])
    b.ask("table_merged", "What excess applies if cash is stolen from a director's home?",
          "GBP 100 (limit GBP 1,000).", rows=[("Money at the home of a director", "GBP 100")])
    b.ask("table_cell", "What's the book debts limit under business interruption?",
          "GBP 100,000.", rows=[("Book debts", "GBP 100,000")])
    return b.finish(header="Aldergrove Insurance plc · Commercial Combined Policy Wording ACC-24 · Edition 03/2027 · "
                           "Proof for broker review",
                    footer="Aldergrove Insurance plc is authorised by the Prudential Regulation Authority and "
                           "regulated by the Financial Conduct Authority and the PRA (Firm Reference Number 203117). "
                           "Registered in England No. 01873306.")
