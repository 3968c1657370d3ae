"""More DOCX families: an insurance policy schedule, a clinical-trial protocol amendment,
a research grant agreement and a tender evaluation report."""

from __future__ import annotations

import random

from benchmarks.quality.docmodel import cell

from ._common import Family, cells, com, dele, ins, multi, new

LOC_H = ("Loc. No.", "Premises", "Occupancy", "Buildings Sum Insured (GBP)", "Contents Sum Insured (GBP)", "Flood Zone")


def insurance() -> Family:
    b = new("blind_insurance_policy_schedule", "docx", "Commercial Combined Policy - Schedule of Cover", 7600, "legal")
    rng = random.Random(7601)
    towns = ("Stockport", "Bolton", "Oldham", "Rochdale", "Bury", "Wigan", "Salford", "Trafford", "Tameside", "Warrington",
             "Widnes", "St Helens", "Runcorn", "Chorley", "Preston", "Blackburn", "Burnley", "Accrington", "Macclesfield",
             "Crewe", "Northwich", "Altrincham", "Sale", "Leigh", "Ashton", "Hyde", "Glossop", "Buxton", "Congleton", "Knutsford")
    occ = ("Retail shop", "Warehouse", "Office", "Bakery production unit", "Retail shop", "Retail shop")
    locs = []
    for i, t in enumerate(towns):
        bs = rng.randint(4, 90) * 25000
        cs = rng.randint(2, 30) * 10000
        locs.append((f"L{i + 1:02d}", f"{rng.randint(2, 240)} {rng.choice(('High Street', 'Market Street', 'Station Road', 'Mill Lane', 'Church Street'))}, {t}",
                     rng.choice(occ), f"{bs:,}", f"{cs:,}", rng.choice(("1", "1", "1", "2", "3"))))
    WILL, SUNITA = "William Achebe", "Sunita Rao"
    b.para("Policyholder: Pennine Crust Bakeries Limited. Insurer: Albion Mutual Insurance Company. Broker: Castlefield Risk Partners.")
    b.heading("1. Period of Insurance")
    b.para("From 00:01 on 1 April 2027 to midnight on 31 March 2028, both dates inclusive, local standard time.")
    b.filler(1)
    b.heading("2. Definitions")
    b.para('"Damage" means accidental loss or destruction of or damage to Property Insured.')
    b.para('"Excess" means the first amount of each and every claim that the Policyholder bears, as stated in section 6.')
    b.para('"Unoccupied" means not used for normal business activity for more than 45 consecutive days.')
    b.filler(1)
    b.heading("3. Sections Operative")
    b.table([
        cells("Section", "Cover", "Limit of Indemnity", "Basis"),
        [cell("1", vmerge="restart"), cell("Material Damage - Buildings"), cell("As per location schedule", vmerge="restart"), cell("Reinstatement", vmerge="restart")],
        [cell("", vmerge="continue"), cell("Material Damage - Contents"), cell("", vmerge="continue"), cell("", vmerge="continue")],
        [cell("2"), cell("Business Interruption (Gross Profit)"), cell("GBP 6,500,000"), cell("24-month indemnity period")],
        [cell("3", vmerge="restart"), cell("Employers' Liability"), cell("GBP 10,000,000"), cell("Any one occurrence", vmerge="restart")],
        [cell("", vmerge="continue"), cell("Public and Products Liability"), cell("GBP 5,000,000"), cell("", vmerge="continue")],
        [cell("4"), cell("Goods in Transit"), cell("GBP 40,000 any one vehicle"), cell("Own vehicles only")],
        [cell("5"), cell("Money and Assault"), cell("Not insured", span=2)],
    ])
    b.filler(1)
    b.heading("4. Schedule of Locations")
    b.para("Sums insured per location are shown below.", b.footnote("Buildings sums insured are declared values for reinstatement including 15 per cent for professional fees and debris removal."))
    b.table([cells(*LOC_H)] + [cells(*r) for r in locs])
    b.filler(1)
    b.heading("5. Conditions")
    b.para("5.1 Any location that becomes Unoccupied must be inspected internally and externally at least once every ",
           dele("14 days", WILL, "2027-02-11"), ins("7 days", WILL, "2027-02-11"), ", and a written record kept.")
    b.para("5.2 Flood cover applies at all locations, except that for premises in Flood Zone 3 the flood Excess in section 6 applies.")
    b.para("5.3 Deep-fat fryers shall be fitted with an automatic fire suppression system serviced ",
           com("every six months", SUNITA, "2027-02-13", "Survey found the Bolton fryer suppression last serviced in 2025; needs evidence before inception."), ".")
    b.filler(2)
    b.heading("6. Excesses")
    b.para("The standard Excess is GBP 1,000 each and every claim. The flood Excess for Flood Zone 3 premises is GBP 25,000 each and every claim.")
    b.para("Theft from Unoccupied premises carries an Excess of GBP 5,000.")
    b.filler(1)
    b.heading("7. Premium")
    b.para("The annual premium is GBP 84,312.50 plus Insurance Premium Tax at 12 per cent, payable in ten monthly instalments.")
    b.filler(1)

    sec_h = ("Section", "Cover", "Limit of Indemnity", "Basis")
    multi(b, "What basis applies to the contents cover?", sec_h, [("Material Damage - Contents", "Reinstatement")],
          category="table_merged", answer="Reinstatement, limits as per the location schedule (Section 1).")
    multi(b, "Is the public liability limit per occurrence or aggregate?", sec_h, [("Public and Products Liability", "Any one occurrence")],
          category="table_merged", answer="GBP 5,000,000 any one occurrence.")
    z3 = [r for r in locs if r[5] == "3"]
    multi(b, "Which premises sit in flood zone 3?", LOC_H, [(r[0], r[1], "3") for r in z3], tags=("whole_group",))
    multi(b, "List the buildings sum insured for every location on the schedule.", LOC_H, [(r[0], r[3]) for r in locs],
          tags=("whole_table",))
    multi(b, "What are the warehouses on the policy, with their contents sums insured?", LOC_H,
          [(r[0], r[4]) for r in locs if r[2] == "Warehouse"], tags=("whole_group",))
    t = locs[-1]
    multi(b, f"What's the contents sum insured for the {t[1].split(', ')[-1]} site?", LOC_H, [(t[0], t[4])], category="table_tail")
    t = locs[-3]
    multi(b, f"Location {t[0]}: address and occupancy?", LOC_H, [(t[0], t[1], t[2])], category="table_tail")
    b.ask("cross_section", "Is flood covered for all the bakery's shops, and at what excess?",
          "Yes at all locations, but Flood Zone 3 premises carry a flood Excess of GBP 25,000 instead of the standard GBP 1,000.",
          evidence=["Flood cover applies at all locations", "The flood Excess for Flood Zone 3 premises is GBP 25,000"])
    b.ask("cross_section", "What excess applies to a theft at a shop that has been shut for two months?",
          "GBP 5,000, because premises unused for more than 45 consecutive days are Unoccupied.",
          evidence=["Theft from Unoccupied premises carries an Excess of GBP 5,000", "more than 45 consecutive days"])
    b.ask("definition", "How often must a shop that's been unused for 50 days be inspected?",
          "At least once every 7 days (Unoccupied = not used for more than 45 consecutive days).",
          evidence=["more than 45 consecutive days", "must be inspected internally and externally at least once every"])
    b.ask("revision", "Who tightened the inspection interval for empty premises?", "William Achebe changed 14 days to 7 days.",
          evidence=["must be inspected internally and externally at least once every"], attribution=[(WILL, "7 days")])
    b.ask("comment", "What did Sunita Rao flag from the survey?", "The Bolton fryer suppression was last serviced in 2025; evidence needed before inception.",
          evidence=["Bolton fryer suppression last serviced in 2025"], attribution=[(SUNITA, "Bolton fryer suppression last serviced in 2025")])
    b.ask("footnote", "Do the declared buildings values include fees and debris removal?", "Yes, 15 per cent for professional fees and debris removal.",
          evidence=["including 15 per cent for professional fees and debris removal"])
    b.ask("plain", "How much is the annual premium?", "GBP 84,312.50 plus IPT at 12 per cent, in ten monthly instalments.",
          evidence=["GBP 84,312.50"])
    b.ask("plain", "When does the policy period start?", "00:01 on 1 April 2027 (to midnight 31 March 2028).",
          evidence=["From 00:01 on 1 April 2027"])
    b.ask("header_footer", "What's the policy number?", "ACM/CC/4471902.", evidence=["ACM/CC/4471902"])
    return b.finish(header="Albion Mutual | Policy No. ACM/CC/4471902 | Schedule issue 2",
                    footer="Schedule issued 14 February 2027 - replaces all previous schedules")


def trial_amendment() -> Family:
    b = new("blind_trial_protocol_amendment", "docx", "Clinical Trial Protocol CVR-218 - Substantial Amendment 3", 7700, "clinical")
    RAJ, LENA, PAUL = "Dr Rajesh Menon", "Lena Hoffmann", "Paul Mercer"
    d1, d2, d3 = "2026-09-01", "2026-09-04", "2026-09-08"
    b.para("A randomised, double-blind, placebo-controlled phase II study of ordavastat in adults with heart failure with preserved ejection fraction.")
    b.heading("1. Summary of Changes")
    b.para("This amendment changes the inclusion criteria, adds a week 20 visit, and updates the safety monitoring rules. "
           "Sponsor: Veridian Cardio Therapeutics AB.")
    b.filler(1)
    b.heading("2. Definitions")
    b.para('"Treatment-Emergent Adverse Event" (TEAE) means an adverse event that starts or worsens on or after the first dose and up to 28 days after the last dose.')
    b.para('"Evaluable Participant" means a randomised participant who received at least 80 per cent of scheduled doses up to week 12.')
    b.filler(1)
    b.heading("3. Inclusion Criteria")
    b.para("3.1 Age ", dele("50 years", RAJ, d1), ins("45 years", RAJ, d1), " or older at screening.")
    b.para("3.2 Left ventricular ejection fraction of ", dele("at least 50 per cent", RAJ, d1), ins("at least 45 per cent", RAJ, d1),
           " measured by echocardiography within 6 months before screening.")
    b.para("3.3 NT-proBNP of at least ", ins("300 pg/mL in sinus rhythm or ", RAJ, d1), "900 pg/mL in atrial fibrillation.")
    b.filler(1)
    b.heading("4. Exclusion Criteria")
    b.para("4.1 Estimated glomerular filtration rate below ", dele("30 mL/min/1.73 m2", LENA, d2), ins("25 mL/min/1.73 m2", LENA, d2), ".")
    b.para("4.2 Participation in another interventional trial within ",
           com("90 days", PAUL, d3, "Sites in Poland asked whether observational registries count; suggest we say they do not."), " before screening.")
    b.filler(1)
    b.heading("5. Schedule of Assessments")
    b.table([
        cells("Visit", "Study Week", "Echocardiogram", "Blood Sampling", "KCCQ Questionnaire"),
        [cell("Screening"), cell("-4 to 0"), cell("Yes"), cell("Full panel", vmerge="restart"), cell("Yes")],
        [cell("Randomisation"), cell("0"), cell("No"), cell("", vmerge="continue"), cell("Yes")],
        [cell("Visit 3"), cell("4"), cell("No"), cell("Safety panel only", vmerge="restart"), cell("No")],
        [cell("Visit 4"), cell("12"), cell("Yes"), cell("", vmerge="continue"), cell("Yes")],
        [cell("Visit 5 (new)"), cell("20"), cell("No"), cell("", vmerge="continue"), cell("No")],
        [cell("End of Treatment"), cell("24"), cell("Yes"), cell("Full panel plus PK sample"), cell("Yes")],
        [cell("Follow-up call"), cell("28"), cell("Telephone contact only", span=3)],
    ])
    b.filler(1)
    b.heading("6. Safety Monitoring")
    b.para("6.1 Serum potassium shall be measured at every visit with blood sampling; study drug is interrupted if potassium exceeds ",
           dele("5.5 mmol/L", LENA, d2), ins("6.0 mmol/L", LENA, d2), ", subject to section 9.4.")
    b.para("6.2 All TEAEs are reported ", com("in the eCRF", PAUL, d3, "Five days is stricter than the monitoring plan; align the CRA visit schedule."),
           " within ", dele("7 days", LENA, d2), ins("5 days", LENA, d2), " of the site becoming aware of them.")
    b.para("6.3 An independent Data Monitoring Committee reviews unblinded safety data every 16 weeks",
           b.footnote("The first DMC review is scheduled after 60 participants have completed week 4."), ".")
    b.filler(2)
    b.heading("7. Statistics")
    b.para("7.1 The primary endpoint is the change in KCCQ clinical summary score from baseline to week 24, analysed in Evaluable Participants.")
    b.para("7.2 The sample size is increased from 240 to ", com("312 participants", RAJ, d1, "Recalculated for the wider eGFR range; the statistician signed off on 28 August."), ".")
    b.filler(2)
    b.heading("9. Dose Modification")
    b.para("9.4 If potassium is above the interruption threshold but the participant is on a potassium binder started before screening, "
           "the investigator may continue dosing after repeat measurement within 72 hours.")
    b.filler(1)

    sa_h = ("Visit", "Study Week", "Echocardiogram", "Blood Sampling", "KCCQ Questionnaire")
    multi(b, "What blood samples are taken at the new week-20 visit?", sa_h, [("Visit 5 (new)", "Safety panel only")],
          category="table_merged", answer="Safety panel only.")
    multi(b, "At which visits is an echo done?", sa_h,
          [("Screening", "Yes"), ("Visit 4", "Yes"), ("End of Treatment", "Yes")], tags=("whole_group", "synonym"))
    b.ask("revision_run", "What did Dr Rajesh Menon change in the inclusion criteria?",
          "Age lowered from 50 to 45; LVEF from at least 50 to at least 45 per cent; added NT-proBNP of 300 pg/mL in sinus rhythm.",
          evidence=["at least 45 per cent", "at least 50 per cent", "300 pg/mL in sinus rhythm or"],
          attribution=[(RAJ, "at least 45 per cent"), (RAJ, "300 pg/mL in sinus rhythm or")])
    b.ask("revision_run", "Summarise Lena Hoffmann's edits to the safety monitoring section.",
          "Potassium interruption threshold raised from 5.5 to 6.0 mmol/L; TEAE reporting deadline shortened from 7 to 5 days.",
          evidence=["6.0 mmol/L", "5.5 mmol/L", "of the site becoming aware of them"],
          attribution=[(LENA, "6.0 mmol/L"), (LENA, "5.5 mmol/L"), (LENA, "5 days")])
    b.ask("revision", "Who changed the kidney function exclusion threshold?", "Lena Hoffmann: eGFR below 25 instead of 30.",
          evidence=["Estimated glomerular filtration rate below"], attribution=[(LENA, "25 mL/min/1.73 m2")])
    b.ask("revision", "Which reviewer added the sinus rhythm NT-proBNP threshold to the protocol?", "Dr Rajesh Menon (300 pg/mL in sinus rhythm).",
          evidence=["300 pg/mL in sinus rhythm or"], attribution=[(RAJ, "300 pg/mL in sinus rhythm or")])
    b.ask("revision", "Was the minimum age changed?", "Yes, Dr Rajesh Menon lowered it from 50 to 45 years.",
          evidence=["or older at screening"], attribution=[(RAJ, "45 years")])
    b.ask("comment", "What did Paul Mercer say about patients from other studies?",
          "Polish sites asked whether observational registries count; he suggests saying they do not.",
          evidence=["suggest we say they do not"], attribution=[(PAUL, "suggest we say they do not")])
    b.ask("comment", "Why was the sample size increased to 312 - what does the comment say?",
          "Dr Rajesh Menon: recalculated for the wider eGFR range; the statistician signed off on 28 August.",
          evidence=["Recalculated for the wider eGFR range"], attribution=[(RAJ, "Recalculated for the wider eGFR range")])
    b.ask("cross_section", "Must study drug always be stopped when potassium is over the limit?",
          "It is interrupted above 6.0 mmol/L, but under section 9.4 a participant on a potassium binder started before screening may continue after a repeat measurement within 72 hours.",
          evidence=["study drug is interrupted if potassium exceeds", "the investigator may continue dosing after repeat measurement within 72 hours"])
    b.ask("definition", "For how long after the last dose does an adverse event still count as treatment-emergent?",
          "Up to 28 days after the last dose.", evidence=["up to 28 days after the last dose"])
    b.ask("footnote", "When is the first DMC review?", "After 60 participants have completed week 4.",
          evidence=["after 60 participants have completed week 4"])
    b.ask("plain", "What is the primary endpoint of CVR-218?", "Change in KCCQ clinical summary score from baseline to week 24.",
          evidence=["change in KCCQ clinical summary score from baseline to week 24"])
    b.ask("header_footer", "What version and date is the amended protocol?", "Version 4.0, 10 September 2026.",
          evidence=["Protocol version 4.0 dated 10 September 2026"])
    return b.finish(header="CVR-218 | EU CT No. 2025-501877-34-00 | Protocol version 4.0 dated 10 September 2026",
                    footer="Veridian Cardio Therapeutics - Confidential")


def grant() -> Family:
    b = new("blind_research_grant_agreement", "docx", "Grant Agreement - Coastal Resilience Innovation Fund, Award CRIF-2027-038", 7800, "legal")
    IMO, DAVID = "Imogen Clarke", "David Osei-Bonsu"
    d1, d2 = "2026-11-20", "2026-11-24"
    b.para("Between the Coastal Resilience Innovation Fund (the Funder) and the University of Northumbria Tidal Engineering Group (the Grantee).")
    b.heading("1. Definitions")
    b.para('"Eligible Costs" means costs incurred by the Grantee during the Project Period that are listed in the Approved Budget and comply with clause 8.')
    b.para('"Project Period" means 1 February 2027 to 31 July 2029.')
    b.para('"Match Funding" means cash contributions from sources other than the Funder, evidenced by bank statements.')
    b.filler(1)
    b.heading("2. The Grant")
    b.para("2.1 The Funder awards a grant of up to GBP 1,184,600 towards the Eligible Costs of the Project.")
    b.para("2.2 The grant shall not exceed ", dele("70 per cent", IMO, d1), ins("65 per cent", IMO, d1), " of total Eligible Costs, except as provided in clause 8.3.")
    b.filler(2)
    b.heading("3. Payment")
    b.para("3.1 The grant is paid quarterly in arrears against a claim form, ",
           ins("accompanied by a ledger extract", IMO, d1), ".")
    b.para("3.2 The Funder withholds ", dele("5 per cent", IMO, d1), ins("10 per cent", IMO, d1),
           " of each payment until the final report is approved.")
    b.para("3.3 Claims submitted more than ", ins("60 days", IMO, d1), dele("90 days", IMO, d1), " after the end of the quarter ",
           com("will not be paid", DAVID, d2, "Finance at Northumbria closes quarters late; ask for 75 days as a compromise."), ".")
    b.filler(2)
    b.heading("4. Approved Budget")
    b.table([
        cells("Work Package", "Cost Category", "Year 1 (GBP)", "Year 2 (GBP)", "Year 3 (GBP)"),
        [cell("WP1 Wave tank trials", vmerge="restart"), cell("Staff"), cell("142,000"), cell("148,500"), cell("38,200")],
        [cell("", vmerge="continue"), cell("Equipment"), cell("96,400"), cell("12,000"), cell("0")],
        [cell("WP2 Field deployment at Amble", vmerge="restart"), cell("Staff"), cell("58,300"), cell("161,900"), cell("84,750")],
        [cell("", vmerge="continue"), cell("Vessel hire"), cell("0"), cell("73,600"), cell("41,800")],
        [cell("WP3 Modelling and dissemination"), cell("Staff"), cell("21,000"), cell("47,250"), cell("92,100")],
        [cell("Indirect costs", span=2), cell("63,540"), cell("88,650"), cell("51,560")],
    ])
    b.filler(1)
    b.heading("5. Reporting")
    b.para("5.1 The Grantee shall submit a progress report within 30 days of each project anniversary and a final report by 31 October 2029.")
    b.para("5.2 Publications arising from the Project shall ",
           com("acknowledge the Funder", DAVID, d2, "Add the award number to the acknowledgement wording so that we can track outputs."), ".")
    b.filler(2)
    b.heading("8. Eligible Costs")
    b.para("8.1 Overheads are eligible only as indirect costs at the rate in the Approved Budget.")
    b.para("8.2 Alcohol, entertainment and fines are never Eligible Costs.")
    b.para("8.3 Where the Grantee is a university, the intervention rate may rise to 80 per cent of Eligible Costs for fundamental research work packages.")
    b.filler(1)

    bh = ("Work Package", "Cost Category", "Year 1 (GBP)", "Year 2 (GBP)", "Year 3 (GBP)")
    multi(b, "How much is budgeted for vessel hire in year 2, and under which work package?", bh,
          [("Vessel hire", "73,600", "WP2 Field deployment at Amble")], category="table_merged", answer="GBP 73,600 under WP2 Field deployment at Amble.")
    multi(b, "Show all the staff cost lines of the budget for each year.", bh,
          [("WP1 Wave tank trials", "142,000", "148,500", "38,200"), ("WP2 Field deployment at Amble", "58,300", "161,900", "84,750"),
           ("WP3 Modelling and dissemination", "21,000", "47,250", "92,100")], tags=("whole_group",))
    b.ask("revision_run", "What did Imogen Clarke change in the payment clause?",
          "Added that claims must be accompanied by a ledger extract, raised the retention from 5 to 10 per cent, and cut the claim deadline from 90 to 60 days.",
          evidence=["accompanied by a ledger extract", "of each payment until the final report is approved", "after the end of the quarter"],
          attribution=[(IMO, "accompanied by a ledger extract"), (IMO, "10 per cent"), (IMO, "60 days")])
    b.ask("revision", "Did anyone add a requirement for ledger evidence with grant claims?", "Yes, Imogen Clarke inserted 'accompanied by a ledger extract' in clause 3.1.",
          evidence=["accompanied by a ledger extract"], attribution=[(IMO, "accompanied by a ledger extract")])
    b.ask("revision", "Who cut the grant intervention rate from 70 per cent?", "Imogen Clarke, to 65 per cent.",
          evidence=["of total Eligible Costs"], attribution=[(IMO, "65 per cent")])
    b.ask("comment", "What compromise did David Osei-Bonsu suggest on late claims?", "75 days, because Northumbria finance closes quarters late.",
          evidence=["ask for 75 days as a compromise"], attribution=[(DAVID, "ask for 75 days as a compromise")])
    b.ask("comment", "What did David say about publication acknowledgements?", "Add the award number so outputs can be tracked.",
          evidence=["Add the award number to the acknowledgement wording"], attribution=[(DAVID, "Add the award number to the acknowledgement wording")])
    b.ask("cross_section", "Can the fund pay more than 65% of the costs?",
          "Yes: under clause 8.3 a university may receive up to 80 per cent for fundamental research work packages.",
          evidence=["except as provided in clause 8.3", "the intervention rate may rise to 80 per cent"])
    b.ask("definition", "Can the team claim costs incurred in January 2027?",
          "No: Eligible Costs must be incurred in the Project Period, which runs from 1 February 2027 to 31 July 2029.",
          evidence=["incurred by the Grantee during the Project Period", "1 February 2027 to 31 July 2029"])
    b.ask("plain", "What is the maximum grant?", "GBP 1,184,600.", evidence=["GBP 1,184,600"])
    b.ask("plain", "When is the final report due?", "By 31 October 2029.", evidence=["final report by 31 October 2029"])
    b.ask("header_footer", "Which grant agreement version is this?", "Version 2.1 (CRIF-GA-038-v2.1), issued 25 November 2026.",
          evidence=["CRIF-GA-038-v2.1"])
    return b.finish(header="CRIF-GA-038-v2.1", footer="Coastal Resilience Innovation Fund - issued 25 November 2026 - page footer")


def tender() -> Family:
    b = new("blind_tender_evaluation_report", "docx", "Tender Evaluation Report - Managed Print Services, Lot 2", 7900, "quality")
    ANA, KWAME, FIONA = "Ana Sousa", "Kwame Mensah", "Fiona Baird"
    b.para("Contracting authority: West Lothian Shared Services. Procedure: open procedure, reference WLSS-T-2026-117.")
    b.heading("1. Evaluation Approach")
    b.para("Tenders were scored 60 per cent quality and 40 per cent price. Quality was assessed by a panel of three evaluators.")
    b.para("A tender scoring below 2 on any quality criterion was excluded regardless of its total score",
           b.footnote("Criterion Q4 (social value) is exempt from this threshold under the procurement rules of the authority."), ".")
    b.filler(2)
    b.heading("2. Scores")
    b.table([
        cells("Tenderer", "Criterion", "Weight", "Consensus Score (0-5)", "Weighted Score"),
        [cell("Inkwell Document Solutions", vmerge="restart"), cell("Q1 Service delivery"), cell("20%", vmerge="restart"), cell("4"), cell("16.0")],
        [cell("", vmerge="continue"), cell("Q2 Fleet and devices"), cell("", vmerge="continue"), cell("3"), cell("12.0")],
        [cell("", vmerge="continue"), cell("Q3 Security"), cell("15%"), cell("4"), cell("12.0")],
        [cell("", vmerge="continue"), cell("Q4 Social value"), cell("5%"), cell("2"), cell("2.0")],
        [cell("Copperleaf Print Ltd", vmerge="restart"), cell("Q1 Service delivery"), cell("20%", vmerge="restart"), cell("3"), cell("12.0")],
        [cell("", vmerge="continue"), cell("Q2 Fleet and devices"), cell("", vmerge="continue"), cell("5"), cell("20.0")],
        [cell("", vmerge="continue"), cell("Q3 Security"), cell("15%"), cell("1"), cell("3.0")],
        [cell("", vmerge="continue"), cell("Q4 Social value"), cell("5%"), cell("3"), cell("3.0")],
        [cell("Northfield Imaging", vmerge="restart"), cell("Q1 Service delivery"), cell("20%", vmerge="restart"), cell("5"), cell("20.0")],
        [cell("", vmerge="continue"), cell("Q2 Fleet and devices"), cell("", vmerge="continue"), cell("4"), cell("16.0")],
        [cell("", vmerge="continue"), cell("Q3 Security"), cell("15%"), cell("3"), cell("9.0")],
        [cell("", vmerge="continue"), cell("Q4 Social value"), cell("5%"), cell("4"), cell("4.0")],
    ])
    b.filler(1)
    b.heading("3. Price")
    b.table([
        cells("Tenderer", "Five-year Price (GBP)", "Price Score (of 40)", "Total Score (of 100)", "Rank"),
        cells("Northfield Imaging", "412,880", "36.8", "85.8", "1"),
        cells("Inkwell Document Solutions", "379,950", "40.0", "82.0", "2"),
        cells("Copperleaf Print Ltd", "355,400", "Excluded", "Excluded", "-"),
    ])
    b.filler(1)
    b.heading("4. Panel Remarks")
    b.para("4.1 Northfield Imaging's implementation plan ",
           com("assumes access to all 14 sites in the first month", ANA, "2026-11-02", "Unrealistic for the school estate during term time; ask for a phased plan at clarification."), ".")
    b.para("4.2 Inkwell's device proposal relies on refurbished units for ",
           com("the satellite offices", KWAME, "2026-11-03", "Refurbished units are acceptable if covered by the same five-year parts warranty."), ".")
    b.para("4.3 Copperleaf's security answer ",
           com("did not describe secure print release", ANA, "2026-11-02", "This alone justifies the score of 1; no clarification should be sought."),
           " and did not provide an ISO 27001 certificate.")
    b.filler(2)
    b.heading("5. Recommendation")
    b.para("5.1 The panel recommends award to ", dele("Inkwell Document Solutions", FIONA, "2026-11-06"), ins("Northfield Imaging", FIONA, "2026-11-06"),
           " as the most economically advantageous tender.")
    b.para("5.2 The standstill period will run for ", dele("10 calendar days", FIONA, "2026-11-06"), ins("15 calendar days", FIONA, "2026-11-06"),
           " from the date of the award notice, and contract signature is expected by ",
           ins("29 January 2027", FIONA, "2026-11-06"), ".")
    b.filler(1)

    sh = ("Tenderer", "Criterion", "Weight", "Consensus Score (0-5)", "Weighted Score")
    multi(b, "Show every quality score Copperleaf received.", sh,
          [("Copperleaf Print Ltd", "Q1 Service delivery", "3"), ("Copperleaf Print Ltd", "Q2 Fleet and devices", "5"),
           ("Copperleaf Print Ltd", "Q3 Security", "1"), ("Copperleaf Print Ltd", "Q4 Social value", "3")], tags=("whole_group",))
    multi(b, "What did each bidder score on security?", sh,
          [("Inkwell Document Solutions", "Q3 Security", "4"), ("Copperleaf Print Ltd", "Q3 Security", "1"), ("Northfield Imaging", "Q3 Security", "3")],
          tags=("whole_group",))
    multi(b, "Weighted score for Northfield on fleet and devices?", sh, [("Northfield Imaging", "Q2 Fleet and devices", "16.0")],
          category="table_merged", answer="16.0 (score 4, weight 20%).")
    ph = ("Tenderer", "Five-year Price (GBP)", "Price Score (of 40)", "Total Score (of 100)", "Rank")
    multi(b, "Give me the ranking with prices and totals.", ph,
          [("Northfield Imaging", "412,880", "85.8"), ("Inkwell Document Solutions", "379,950", "82.0"), ("Copperleaf Print Ltd", "355,400", "Excluded")],
          tags=("whole_table",))
    b.ask("comment", "All comments by Ana Sousa in the panel remarks?",
          "On Northfield: access to all 14 sites in month one is unrealistic for schools in term time, ask for a phased plan. On Copperleaf: not describing secure print release justifies the score of 1, no clarification.",
          evidence=["ask for a phased plan at clarification", "This alone justifies the score of 1"],
          attribution=[(ANA, "ask for a phased plan at clarification"), (ANA, "This alone justifies the score of 1")])
    b.ask("comment", "What was Kwame Mensah's view on refurbished printers?", "Acceptable if covered by the same five-year parts warranty.",
          evidence=["covered by the same five-year parts warranty"], attribution=[(KWAME, "covered by the same five-year parts warranty")])
    b.ask("revision_run", "What did Fiona Baird change in the recommendation?",
          "She changed the recommended tenderer from Inkwell Document Solutions to Northfield Imaging, lengthened the standstill from 10 to 15 days, and inserted signature by 29 January 2027.",
          evidence=["as the most economically advantageous tender", "29 January 2027", "from the date of the award notice"],
          attribution=[(FIONA, "Northfield Imaging"), (FIONA, "29 January 2027"), (FIONA, "15 calendar days")])
    b.ask("revision", "Who swapped the recommended supplier?", "Fiona Baird, from Inkwell Document Solutions to Northfield Imaging.",
          evidence=["as the most economically advantageous tender"], attribution=[(FIONA, "Northfield Imaging")])
    b.ask("footnote", "Does the below-2 exclusion rule apply to social value?", "No, criterion Q4 (social value) is exempt.",
          evidence=["Criterion Q4 (social value) is exempt from this threshold"])
    b.ask("plain", "What was the quality/price split?", "60 per cent quality, 40 per cent price.",
          evidence=["60 per cent quality and 40 per cent price"])
    b.ask("header_footer", "What is the report's document reference?", "WLSS-EVAL-117-R3.", evidence=["WLSS-EVAL-117-R3"])
    return b.finish(header="WLSS-EVAL-117-R3 | OFFICIAL-SENSITIVE: COMMERCIAL", footer="Revision 3 - 6 November 2026 - not for release to tenderers")
