"""Manuals in Markdown: a franchise operations manual (fees table, trading standards) and a
research-lab equipment SOP (rotor table, maintenance table). Markdown has no page header or
footer, so their document-control facts are a first and a last paragraph."""

from __future__ import annotations

from benchmarks.quality.devsets import Family, add_table, builder, parse, prose

# ---------------------------------------------------------------- franchise operations manual

FEE_HEADER = ("Fee", "Amount", "When Payable")
FEE_ROWS = parse("""
Initial franchise fee | GBP 24,500 plus VAT | On signing the Franchise Agreement
Initial training, two people | Included in the initial franchise fee | Not applicable
Additional trainee | GBP 1,350 per person | Before the course starts
Royalty | 6 % of Gross Sales | Weekly, by direct debit
Marketing Fund | 2 % of Gross Sales, 1 % in the first six months | Weekly, by direct debit
Technology fee | GBP 145 per café per month | Monthly, by direct debit
Mystery diner programme | GBP 60 per visit, six visits a year | Quarterly in arrears
BSV re-visit after a fail | GBP 290 per re-visit | With the next royalty collection
Refit contribution | Up to GBP 40,000 | In year 5, under the refit programme
Transfer fee | GBP 7,500 | On completion of a sale of the business
Renewal fee | GBP 5,000 | On signing the renewal agreement
Late payment interest | 4 % a year above Bank of England base rate | Daily on overdue sums
""")


def franchise_manual() -> Family:
    b = builder("pantry_crumb_franchise_operations_manual", "md",
                "Pantry & Crumb Bakery Cafés — Franchise Operations Manual, Part B: Trading Standards and Fees",
                811_008, "commercial")

    b.heading("1. Using This Manual")
    b.para("Part B sets out the trading standards, fees and reporting rules for every Pantry & Crumb café. It must be "
           "read with your Franchise Agreement; if the two conflict, the Franchise Agreement prevails.")
    prose(b)
    b.heading("2. Definitions")
    b.bullet("Gross Sales means all receipts of the café, including delivery platform orders at menu price, but "
             "excluding VAT, staff meals and refunds.")
    b.bullet("Trading Week means the period from 00:00 on Monday to 23:59 on the following Sunday.")
    b.bullet("Core Range means the products listed in Appendix 1, which must be available every trading day from "
             "opening until 14:00.")
    b.bullet("Brand Standards Visit (BSV) means an unannounced visit by your Franchise Business Consultant, scored "
             "against the current BSV checklist.")
    b.heading("3. Fees and Payments")
    b.para("3.1 The royalty is 6 % of Gross Sales for each Trading Week, collected by direct debit on the Wednesday "
           "after the Trading Week ends.")
    b.para("3.2 The Marketing Fund contribution is 2 % of Gross Sales, except during the first six months after your "
           "café opens, when it is 1 %.")
    b.para("3.3 In addition to the Marketing Fund, you must spend at least 1.5 % of Gross Sales each quarter on "
           "approved local marketing.")
    b.para("3.4 All fees payable to Pantry & Crumb Franchising Ltd are listed below.")
    add_table(b, FEE_HEADER, FEE_ROWS)
    b.filler(1)
    b.heading("4. Opening Hours")
    b.para("4.1 Every café must open at least 07:00 to 17:00 Monday to Saturday and 09:00 to 16:00 on Sunday, except as "
           "set out in paragraph 10.2.")
    b.para("4.2 Cafés may close on 25 and 26 December and 1 January without asking Franchise Support.")
    prose(b)
    b.heading("5. Food Safety")
    fn_hot = b.footnote("The two-hour hot-holding limit is a brand standard and is stricter than the legal "
                        "requirement.")
    b.para("5.1 Hot-held products must be kept at 63 °C or above and must be thrown away after two hours", fn_hot, ".")
    b.para("5.2 Fridge temperatures must be checked and logged at opening, at 12:00 and at closing; any reading above "
           "5 °C must be reported to the manager on duty.")
    b.para("5.3 The allergen matrix must be updated within 24 hours of any recipe or supplier change.")
    prose(b)
    b.heading("6. Brand Standards Visits")
    b.para("6.1 A BSV score below 80 % is a fail, and a re-visit is made within 28 days.")
    b.para("6.2 Two consecutive BSV fails are a material breach under clause 19.3 of the Franchise Agreement.")
    prose(b)
    b.heading("7. Suppliers")
    fn_roast = b.footnote("You may apply to Franchise Support to use a local guest roaster for no more than one filter "
                          "coffee on the menu at a time.")
    b.para("7.1 All Core Range products must be bought from approved suppliers. Bread and pastries come from Harlow "
           "Mill Bakeries, delivered by 06:30 each day; coffee comes from Ostro Coffee Roasters", fn_roast, ".")
    prose(b)
    b.heading("8. People")
    b.para("8.1 A trained Café Manager or Shift Leader must be on site whenever the café is open.")
    b.para("8.2 At least two team members on every shift must hold a Level 2 Food Hygiene certificate.")
    prose(b, 2)
    b.heading("9. Reporting")
    b.para("9.1 Sales are reported through the Crumbline POS, which uploads automatically each night. If the upload "
           "fails, you must send the Z-report to Franchise Support by 10:00 the next day.")
    prose(b)
    b.heading("10. Exceptions")
    b.para("10.1 Franchise Support may agree temporary exceptions to this Part in writing.")
    b.para("10.2 Where a shopping centre or station lease sets different trading hours, the lease hours apply, and you "
           "must send a copy of the relevant lease schedule to Franchise Support.")
    b.filler(1)

    b.ask("header_footer", "What edition of the Pantry & Crumb operations manual Part B is current?",
          "Edition 5, January 2027 (supersedes Edition 4).", evidence=["Edition 5, January 2027"])
    b.ask("header_footer", "What's the phone number for the franchise support line?",
          "0117 496 0321, Monday to Friday 08:00 to 18:00.", evidence=["0117 496 0321"])
    b.ask("plain", "How hot does hot food have to be kept in a Pantry & Crumb café, and for how long can it be held?",
          "At 63 °C or above, thrown away after two hours.",
          evidence=["kept at 63 °C or above and must be thrown away after two hours"])
    b.ask("plain", "What score counts as a fail on a brand standards visit?",
          "Below 80 %; a re-visit follows within 28 days.", evidence=["A BSV score below 80 % is a fail"])
    b.ask("plain", "If my café's till upload fails overnight, what do I need to do?",
          "Send the Z-report to Franchise Support by 10:00 the next day.",
          evidence=["send the Z-report to Franchise Support by 10:00 the next day"])
    b.ask("definition", "Do staff meals count in gross sales when the royalty is worked out?",
          "No; Gross Sales exclude VAT, staff meals and refunds.", evidence=["excluding VAT, staff meals and refunds"])
    b.ask("definition", "Until what time each day must the core range be on sale?",
          "From opening until 14:00 every trading day.",
          evidence=["must be available every trading day from opening until 14:00"])
    b.ask("cross_section", "My café is in a shopping centre that shuts at 15:00 on Sundays. Do I still have to open "
          "until 16:00?",
          "No: the lease hours apply (paragraph 10.2), but a copy of the lease schedule must go to Franchise Support.",
          evidence=["except as set out in paragraph 10.2", "the lease hours apply"])
    b.ask("cross_section", "What happens if I fail two brand standards visits in a row, and do I pay for the re-visits?",
          "Two consecutive fails are a material breach under clause 19.3; each re-visit costs GBP 290.",
          evidence=["Two consecutive BSV fails are a material breach under clause 19.3"],
          rows=[("BSV re-visit after a fail", "GBP 290 per re-visit")])
    b.ask("cross_section", "How much do I have to put towards marketing in my first months of trading?",
          "1 % of Gross Sales to the Marketing Fund for the first six months, plus at least 1.5 % a quarter on approved "
          "local marketing.",
          evidence=["except during the first six months after your café opens, when it is 1 %",
                    "at least 1.5 % of Gross Sales each quarter on approved local marketing"])
    b.ask("footnote", "Is the two-hour hot-holding rule a legal requirement?",
          "No, it is a brand standard, stricter than the law.",
          evidence=["is a brand standard and is stricter than the legal requirement"])
    b.ask("footnote", "Can I serve a coffee from a local roaster instead of Ostro?",
          "You may apply to use a local guest roaster for no more than one filter coffee at a time.",
          evidence=["local guest roaster for no more than one filter coffee on the menu at a time"])
    b.ask("table_tail", "What interest does Pantry & Crumb charge on late payments?",
          "4 % a year above Bank of England base rate, daily on overdue sums.",
          rows=[("Late payment interest", "4 % a year above Bank of England base rate")])
    b.ask("table_tail", "If I sell my franchise, what is the transfer fee?",
          "GBP 7,500 on completion of the sale.", rows=[("Transfer fee", "GBP 7,500")])
    b.ask("table_cell", "How much is the monthly technology fee for each café?",
          "GBP 145 per café per month.", rows=[("Technology fee", "GBP 145 per café per month")])
    return b.finish(header="Manual ref. PC-FOM-B · Edition 5, January 2027 · Supersedes Edition 4 (March 2025) · "
                           "Franchisee use only, do not copy",
                    footer="Pantry & Crumb Franchising Ltd · Company No. 09981245 · Franchise Support Centre, 3 Wharf "
                           "Road, Bristol BS1 6HJ · Support line 0117 496 0321 (Monday to Friday, 08:00 to 18:00)")


# ---------------------------------------------------------------- laboratory equipment SOP

ROTOR_HEADER = ("Rotor", "Type", "Maximum Speed (rpm)", "Maximum RCF (x g)", "Rated Cycle Life", "Tubes")
ROTOR_ROWS = parse("""
CX-100 Ti | Fixed angle | 100,000 | 802,000 | 15,000 cycles | 8 tubes of 4 mL
CX-90 Ti | Fixed angle | 90,000 | 694,000 | 12,000 cycles | 8 tubes of 13.5 mL
CX-70 Ti | Fixed angle | 70,000 | 504,000 | 12,000 cycles | 8 tubes of 39 mL
CX-50.2 Ti | Fixed angle | 50,000 | 302,000 | 10,000 cycles | 12 tubes of 39 mL
CX-45 Ti | Fixed angle | 45,000 | 235,000 | 10,000 cycles | 6 tubes of 94 mL
CA-25 Al | Fixed angle, aluminium | 25,000 | 72,000 | 5,000 cycles | 12 tubes of 50 mL
SW-41 Ti | Swinging bucket | 41,000 | 288,000 | 9,000 cycles | 6 tubes of 13.2 mL
SW-32 Ti | Swinging bucket | 32,000 | 175,000 | 9,000 cycles | 6 tubes of 38.5 mL
SW-28 Ti | Swinging bucket | 28,000 | 141,000 | 9,000 cycles | 6 tubes of 38.5 mL
VTi-65 | Vertical | 65,000 | 402,000 | 20,000 cycles | 8 tubes of 5.1 mL
VTi-50 | Vertical | 50,000 | 242,000 | 20,000 cycles | 8 tubes of 39 mL
NVT-90 | Near vertical | 90,000 | 645,000 | 20,000 cycles | 8 tubes of 5.1 mL
NVT-65 | Near vertical | 65,000 | 406,000 | 20,000 cycles | 8 tubes of 13.5 mL
""")

TASK_HEADER = ("Task", "Frequency", "Responsible")
TASK_ROWS = parse("""
Clean and dry the chamber; check for condensation | After each session | User
Check the drive hub and the lid seal | Weekly | Equipment Manager
Reconcile Rotor Log cycle totals | Monthly | Equipment Manager
Inspect rotors under magnification for corrosion and cracks | Every 6 months | Equipment Manager
Manufacturer's preventive maintenance visit | Annually | Corvex field service engineer
Electrical safety test | Annually | University Estates
""")


def equipment_sop() -> Family:
    b = builder("sop_eq_017_uc90_ultracentrifuge", "md",
                "SOP-EQ-017 — Operation and Care of the Corvex UC-90 Ultracentrifuge", 811_009, "clinical")

    b.heading("1. Purpose and Scope")
    b.para("1.1 This SOP covers the safe operation, rotor care and routine maintenance of the Corvex UC-90 preparative "
           "ultracentrifuge in Room 2.14 of the Lindqvist Building.")
    b.para("1.2 It applies to all staff, students and visitors who use the instrument.")
    b.para("1.3 Work with Hazard Group 3 organisms is not permitted on the UC-90.")
    prose(b)
    b.heading("2. Definitions")
    b.bullet("Authorised User: a person who has completed the Facility's ultracentrifuge training, passed the practical "
             "assessment and been added to the booking system by the Equipment Manager.")
    b.bullet("Cycle: one acceleration from rest to any speed above 5,000 rpm and back to rest.")
    b.bullet("Derating: reducing the maximum permitted speed of a rotor because of its age, its cycle count or the "
             "density of the sample, as set out in section 6.")
    b.bullet("Rotor Log: the record of every run for a rotor, giving date, speed, duration and user, and the running "
             "total of cycles.")
    b.heading("3. Responsibilities")
    b.para("The Equipment Manager, currently Dr Tobias Reuter, keeps the Rotor Logs and arranges the annual service "
           "visit.")
    b.para("Users must record every run in the Rotor Log immediately after the run ends.")
    prose(b)
    b.heading("4. Booking")
    b.para("Runs longer than 12 hours must be booked as overnight runs and may start only after 17:00.")
    b.para("A booking that is not used within 30 minutes of its start time may be released to other users.")
    b.heading("5. Before the Run")
    b.para("Tubes must be balanced to within 0.1 g of each other in fixed-angle rotors and within 0.05 g in "
           "swinging-bucket rotors.")
    b.para("Inspect the rotor for corrosion, scratches and cracks; a damaged rotor must be withdrawn and reported to the "
           "Equipment Manager.")
    prose(b)
    b.heading("6. Rotor Derating")
    b.para("6.1 Where the sample density is above 1.2 g/mL, the maximum speed must be reduced using the formula in "
           "Appendix B.")
    b.para("6.2 A rotor that has reached 90 % of its rated cycle life must be derated to 90 % of its maximum speed "
           "until it is retired at the cycle limit shown in Table 1.")
    b.para("Table 1: Rotors held by the Facility.")
    add_table(b, ROTOR_HEADER, ROTOR_ROWS)
    prose(b)
    b.heading("7. During the Run")
    b.para("For runs above 40,000 rpm, stay in the building for the first 10 minutes of the run.")
    b.para("Never try to open the lid while the rotor is turning, and never override the lid interlock.")
    prose(b)
    b.heading("8. Emergencies")
    b.para("If you hear a loud bang or the instrument reports a rotor imbalance, do not open the chamber for at least "
           "30 minutes.")
    b.para("Call the Equipment Manager and the Biosafety Officer on extension 4417, and put a Do Not Use sign on the "
           "instrument.")
    b.heading("9. Biological Samples")
    b.para("9.1 Hazard Group 2 material must be run in sealed rotors or sealed buckets, which may be opened only inside "
           "a Class II microbiological safety cabinet.")
    b.filler(1)
    b.heading("10. Cleaning and Decontamination")
    fn_virkon = b.footnote("Titanium rotors may be wiped with 1 % Virkon for no more than 10 minutes and then rinsed "
                           "with distilled water.")
    b.para("Clean rotors with a neutral detergent, rinse with distilled water and air-dry upside down. Never use sodium "
           "hypochlorite on aluminium rotors", fn_virkon, ".")
    b.heading("11. Maintenance")
    add_table(b, TASK_HEADER, TASK_ROWS)
    b.filler(1)

    b.ask("header_footer", "Who approved the ultracentrifuge SOP?",
          "Prof. Yusuf Demir, Facility Director.", evidence=["Approved by: Prof. Yusuf Demir, Facility Director"])
    b.ask("header_footer", "When is SOP-EQ-017 due for its next review?",
          "1 December 2028.", evidence=["Next review due 1 December 2028"])
    b.ask("plain", "What's the earliest an overnight ultracentrifuge run can start?",
          "After 17:00.", evidence=["may start only after 17:00"])
    b.ask("plain", "How closely do tubes need to be balanced in a swinging-bucket rotor?",
          "Within 0.05 g of each other.", evidence=["within 0.05 g in swinging-bucket rotors"])
    b.ask("plain", "The ultracentrifuge just made a loud bang. Can I open it to look?",
          "No, do not open the chamber for at least 30 minutes; call the Equipment Manager and Biosafety Officer.",
          evidence=["do not open the chamber for at least 30 minutes"])
    b.ask("definition", "What counts as one cycle in the rotor log?",
          "One acceleration from rest to any speed above 5,000 rpm and back to rest.",
          evidence=["one acceleration from rest to any speed above 5,000 rpm and back to rest"])
    b.ask("definition", "What makes someone an authorised user of the UC-90?",
          "Completing the Facility's training, passing the practical assessment and being added to the booking system "
          "by the Equipment Manager.",
          evidence=["passed the practical assessment and been added to the booking system by the Equipment Manager"])
    b.ask("cross_section", "Our CX-70 Ti has about 11,000 cycles on it. Can it still run at full speed?",
          "No: it is past 90 % of its 12,000-cycle rated life, so it must be derated to 90 % of 70,000 rpm "
          "(63,000 rpm).",
          evidence=["must be derated to 90 % of its maximum speed"],
          rows=[("CX-70 Ti", "70,000", "12,000 cycles")])
    b.ask("cross_section", "Can I spin Hazard Group 3 samples in the UC-90 if I use sealed buckets?",
          "No. HG3 work is not permitted on the UC-90 at all; sealed rotors or buckets are the rule for HG2 material.",
          evidence=["Work with Hazard Group 3 organisms is not permitted on the UC-90",
                    "Hazard Group 2 material must be run in sealed rotors or sealed buckets"])
    b.ask("footnote", "Can I use Virkon to clean a titanium rotor?",
          "Yes, 1 % Virkon for no more than 10 minutes, then rinse with distilled water.",
          evidence=["Titanium rotors may be wiped with 1 % Virkon for no more than 10 minutes"])
    b.ask("table_tail", "What's the maximum RCF of the NVT-65 rotor?",
          "406,000 x g.", rows=[("NVT-65", "406,000")])
    b.ask("table_tail", "How many cycles is the VTi-50 rated for?",
          "20,000 cycles.", rows=[("VTi-50", "20,000 cycles")])
    b.ask("table_cell", "What's the top speed of the SW-41 Ti rotor?",
          "41,000 rpm.", rows=[("SW-41 Ti", "41,000")])
    return b.finish(header="Institute for Molecular Medicine, Aldcliffe University · SOP-EQ-017 · Version 4.0 · "
                           "Effective 1 December 2026 · Author: Dr Frances Ellery · Approved by: Prof. Yusuf Demir, "
                           "Facility Director",
                    footer="Uncontrolled when printed. Check the Q-Pulse register for the current version. Next review "
                           "due 1 December 2028.")
