"""Documents for members and the public: a pension scheme member booklet in draft (DOCX, the
trustee chair's and the scheme secretary's changes, adviser comments, merged eligibility
cells) and a council's community grants policy (HTML, a cabinet member's change, merged fund
and decision cells, document-control lines)."""

from __future__ import annotations

from benchmarks.quality.docmodel import Com, Del, Ins, cell

from benchmarks.quality.devsets import Family, add_table, builder, merged, parse, prose

# ---------------------------------------------------------------- pension member booklet

LEVEL_HEADER = ("Level", "Available to", "Member (% of Pensionable Salary)", "Employer", "Total")
LEVEL_ROWS = parse("""
Level 1 | All members | 3 % | 5 % | 8 %
Level 2 | All members | 4 % | 6 % | 10 %
Level 3 | All members | 5 % | 7 % | 12 %
Level 4 | All members | 6 % | 8 % | 14 %
Level 5 | Members with 5 or more years of Qualifying Service | 7 % | 9.5 % | 16.5 %
Level 6 | Members with 5 or more years of Qualifying Service | 8 % | 11 % | 19 %
""")

FUND_HEADER = ("Fund", "Manager", "Asset Type", "Annual Charge", "Risk Rating (1 to 7)")
FUND_ROWS = parse("""
Thornbury Lifestyle Drawdown Strategy | Ardmore Investment Management | Lifestyle, multi-asset | 0.28 % | 4, reducing to 2
Global Equity Index Fund | Ardmore Investment Management | Passive global equity | 0.12 % | 6
Global Equity ESG Fund | Ardmore Investment Management | Passive global equity, ESG screened | 0.19 % | 6
UK Equity Index Fund | Kinsale Asset Management | Passive UK equity | 0.10 % | 6
Emerging Markets Equity Fund | Tideway Partners | Active emerging market equity | 0.62 % | 7
Diversified Growth Fund | Kinsale Asset Management | Multi-asset absolute return | 0.45 % | 4
Property Fund | Halberd Real Estate | Direct UK commercial property | 0.71 % | 5
Corporate Bond Fund | Kinsale Asset Management | Sterling investment-grade bonds | 0.20 % | 3
Over 15 Year Gilts Index Fund | Ardmore Investment Management | UK government bonds | 0.09 % | 4
Index-Linked Gilts Fund | Ardmore Investment Management | UK inflation-linked government bonds | 0.11 % | 4
Pre-Retirement Annuity Fund | Kinsale Asset Management | Long-dated bonds matching annuity prices | 0.16 % | 3
Shariah Equity Fund | Tideway Partners | Faith-based global equity | 0.35 % | 6
Cash Fund | Kinsale Asset Management | Money market deposits | 0.08 % | 1
""")


def pension_booklet() -> Family:
    b = builder("thornbury_pension_dc_member_booklet", "docx",
                "Thornbury Engineering Pension Scheme — Member Booklet: Defined Contribution Section (2027 edition)",
                811_005, "hr")
    janet, oliver, samira, kevin = "Janet Whitcombe", "Oliver Strand", "Samira Qureshi", "Kevin Ashworth"
    dj, do, ds, dk = "2026-11-26", "2026-12-01", "2026-12-03", "2026-12-04"

    b.heading("1. About This Booklet")
    b.para("This booklet explains the Defined Contribution Section of the Thornbury Engineering Pension Scheme (the "
           "Scheme) for employees of Thornbury Engineering Ltd and Thornbury Castings Ltd. If anything in this "
           "booklet differs from the Trust Deed and Rules, the Trust Deed and Rules apply.")
    b.filler(1)
    b.heading("2. Words We Use")
    b.bullet("Pensionable Salary: your basic annual salary, excluding overtime, bonuses, shift allowances and car "
             "allowance.")
    b.bullet("Normal Pension Age: age 65, or any other age between 55 and 75 that you choose (the minimum rises to 57 "
             "from 6 April 2028).")
    b.bullet("Default Fund: the Thornbury Lifestyle Drawdown Strategy, which you are invested in unless you choose "
             "other funds.")
    b.bullet("Qualifying Service: continuous employment with a participating employer, including periods of paid or "
             "unpaid family leave.")
    prose(b)
    b.heading("3. Joining the Scheme")
    b.para("If you are eligible, you are enrolled automatically on the first day of the month after you start work. "
           "You can opt out within one calendar month of being enrolled and receive a full refund of anything you "
           "have paid.")
    prose(b)
    b.heading("4. Contributions")
    b.para("4.1 You choose a contribution level, and the employer contribution depends on the level you choose.")
    rows: list[list[object]] = []
    for r in merged(LEVEL_ROWS, 1):
        if r[0] == "Level 1":
            r[3] = cell(Del("5 %", janet, dj), Ins("5.5 %", janet, dj))
            r[4] = cell(Del("8 %", janet, dj), Ins("8.5 %", janet, dj))
        rows.append(r)
    add_table(b, LEVEL_HEADER, rows)
    b.para("4.2 Contributions are paid by ",
           Com("salary sacrifice", kevin, dk,
               "Payroll cannot use salary sacrifice where it would take pay below the National Minimum Wage; please "
               "add a sentence on this."),
           " unless you opt out of it, which reduces your National Insurance.")
    b.para("4.3 You can change your contribution level once in each scheme year, with effect from 1 April, except as "
           "set out in section 9.2.")
    prose(b)
    b.heading("5. Investment Choices")
    fn_charge = b.footnote("Transaction costs are not included in the annual charge; they are published each year in "
                           "the Chair's Statement.")
    b.para("Unless you choose otherwise, your contributions are invested in the Default Fund. The charges shown "
           "include all fund management and platform fees", fn_charge, ".")
    add_table(b, FUND_HEADER, FUND_ROWS)
    prose(b)
    b.heading("6. Taking Your Benefits")
    b.para("You can take up to 25 % of your pot as a tax-free lump sum, up to the ",
           Com("Lump Sum Allowance of GBP 268,275", samira, ds,
               "Members with transitional protection may have a higher allowance; add a cross-reference to the HMRC "
               "guidance."), ".")
    b.para("If your total pot is less than GBP 30,000 when you retire, you may take it all as a single cash sum.")
    b.para("Flexible drawdown is offered through the Scheme's partner, Halden Retirement Services; you can also buy an "
           "annuity on the open market.")
    b.filler(1)
    b.heading("7. If You Die")
    b.para("If you die while employed and before age 75, a lump sum of four times your Pensionable Salary is paid in "
           "addition to the value of your pot.")
    b.para("Please complete an expression of wish form; the Trustee will take it into account but is not bound by it.")
    b.heading("8. Leaving Thornbury")
    b.para("If you leave after the opt-out period, your pot stays invested and you become a deferred member. You can "
           "transfer it to another registered scheme at any time up to one year before Normal Pension Age.")
    prose(b)
    b.heading("9. Changing Your Contributions")
    b.para("9.1 Changes must be made through the Thornbury Pensions Portal.")
    b.para("9.2 If you return from family leave, you may change your contribution level within one month of your "
           "return.")
    b.para("9.3 If you are in financial hardship you may stop contributing for up to 12 months; you remain an active "
           "member and the death benefit continues.")
    b.heading("10. Complaints and Contacts")
    b.para("The Scheme is administered by Mercia Pension Administration, PO Box 4410, Worcester WR1 9ZB.")
    b.para("If you have a complaint, write to the Scheme Secretary under the internal dispute resolution procedure; "
           "the Trustee will give a decision within ", Del("four months", oliver, do), Ins("two months", oliver, do),
           ".")
    prose(b)

    b.ask("header_footer", "What's the Thornbury scheme's Pension Schemes Registry number?",
          "PSR 10184527.", evidence=["PSR 10184527"])
    b.ask("header_footer", "Who issues the Thornbury DC booklet, and what's its company number?",
          "Thornbury Pension Trustees Limited, Company No. 02266491.",
          evidence=["Thornbury Pension Trustees Limited (Company No. 02266491)"])
    b.ask("plain", "If I get auto-enrolled into the Thornbury scheme and then opt out, do I get my money back?",
          "Yes, if you opt out within one calendar month of enrolment you get a full refund.",
          evidence=["opt out within one calendar month of being enrolled and receive a full refund"])
    b.ask("plain", "Can I take my whole Thornbury pension as cash if the pot is small?",
          "Yes, if the total pot is under GBP 30,000 at retirement.",
          evidence=["less than GBP 30,000 when you retire, you may take it all as a single cash sum"])
    b.ask("plain", "Which company administers the Thornbury DC section?",
          "Mercia Pension Administration, PO Box 4410, Worcester.",
          evidence=["administered by Mercia Pension Administration"])
    b.ask("definition", "Does my bonus count towards pensionable pay in the Thornbury scheme?",
          "No; Pensionable Salary is basic salary excluding overtime, bonuses, shift and car allowances.",
          evidence=["excluding overtime, bonuses, shift allowances and car allowance"])
    b.ask("definition", "What is the normal pension age in Thornbury's DC section, and can I pick another?",
          "65, or any age between 55 and 75 that you choose (minimum 57 from 6 April 2028).",
          evidence=["age 65, or any other age between 55 and 75 that you choose"])
    b.ask("definition", "Where does my Thornbury pension money go if I never choose a fund?",
          "Into the Default Fund, the Thornbury Lifestyle Drawdown Strategy.",
          evidence=["the Thornbury Lifestyle Drawdown Strategy, which you are invested in unless you choose other funds"])
    b.ask("cross_section", "I'm back from maternity leave in June. Can I change my contribution level then, or do I "
          "have to wait until April?",
          "You can change it within one month of returning; otherwise changes are once a year from 1 April.",
          evidence=["once in each scheme year, with effect from 1 April, except as set out in section 9.2",
                    "within one month of your return"])
    b.ask("cross_section", "Does a year of unpaid parental leave count towards the five years needed for Level 5 "
          "contributions?",
          "Yes: Level 5 needs 5 years of Qualifying Service, which includes paid or unpaid family leave.",
          evidence=["including periods of paid or unpaid family leave"],
          rows=[("Level 5", "Members with 5 or more years of Qualifying Service")])
    b.ask("footnote", "Are transaction costs included in the Thornbury fund charges?",
          "No; they are published each year in the Chair's Statement.",
          evidence=["Transaction costs are not included in the annual charge"])
    b.ask("revision", "What employer contribution do Level 1 members get after the trustee chair's edit?",
          "5.5 % (was 5 %), total 8.5 %; changed by Janet Whitcombe.",
          rows=[("Level 1", "5.5 %")], attribution=[(janet, "5.5 %")])
    b.ask("revision", "How long does the Trustee have to decide a complaint under the Thornbury dispute procedure? Was "
          "that changed?",
          "Two months; Oliver Strand changed it from four months.",
          evidence=["two months"], attribution=[(oliver, "two months"), (oliver, "four months")])
    b.ask("comment", "What did HR flag about salary sacrifice in the booklet draft?",
          "Kevin Ashworth: payroll cannot use salary sacrifice where it would take pay below the National Minimum Wage.",
          evidence=["take pay below the National Minimum Wage"],
          attribution=[(kevin, "take pay below the National Minimum Wage")])
    b.ask("comment", "Is there a reviewer note on the lump sum allowance figure?",
          "Samira Qureshi: members with transitional protection may have a higher allowance; cross-refer to HMRC "
          "guidance.",
          evidence=["Members with transitional protection may have a higher allowance"],
          attribution=[(samira, "Members with transitional protection may have a higher allowance")])
    b.ask("table_tail", "What's the yearly charge on the Shariah fund in the Thornbury DC section?",
          "0.35 %.", rows=[("Shariah Equity Fund", "0.35 %")])
    b.ask("table_merged", "Who is allowed to choose Level 6 pension contributions at Thornbury?",
          "Members with 5 or more years of Qualifying Service.",
          rows=[("Level 6", "Members with 5 or more years of Qualifying Service")])
    b.ask("table_cell", "How much does the Diversified Growth Fund cost each year?",
          "0.45 %.", rows=[("Diversified Growth Fund", "0.45 %")])
    return b.finish(header="Thornbury Engineering Pension Scheme · PSR 10184527 · Member Booklet DC/2027 · Draft 2 "
                           "for the Trustee meeting of 15 January 2027",
                    footer="Issued by Thornbury Pension Trustees Limited (Company No. 02266491) · This booklet does "
                           "not override the Trust Deed and Rules")


# ---------------------------------------------------------------- community grants policy

STREAM_HEADER = ("Fund", "Stream", "Grant Range", "Match Funding", "Decision By", "Closing Date")
STREAM_ROWS = parse("""
Community Chest | Micro grants | GBP 250 to 1,500 | None | Head of Communities | Rolling
Community Chest | Small grants | GBP 1,501 to 5,000 | 10 % | Head of Communities | Rolling
Westmoor Thrives Fund | Revenue grants | GBP 5,001 to 25,000 a year, for up to 3 years | 25 % | Cabinet Member for Communities | 14 January 2027
Westmoor Thrives Fund | Capital grants | GBP 5,001 to 50,000 | 50 % | Cabinet Member for Communities | 14 January 2027
Ward Members' Fund | Ward grants | Up to GBP 2,000 | None | Ward councillors | Rolling, while funds last
Climate Action Fund | Energy efficiency in community buildings | GBP 2,000 to 20,000 | 30 % | Climate Action Panel | 28 February 2027
Climate Action Fund | Community growing and green spaces | GBP 500 to 10,000 | 10 % | Climate Action Panel | 28 February 2027
Culture and Events Fund | Festivals and community events | GBP 500 to 7,500 | 20 % | Culture and Heritage Officer | 31 March 2027
Culture and Events Fund | Heritage projects | GBP 1,000 to 15,000 | 20 % | Culture and Heritage Officer | 31 March 2027
""")

SCORE_HEADER = ("Criterion", "What we look for", "Weight")
SCORE_ROWS = parse("""
Need | Evidence of local need, including Ward Priorities | 30
Outcomes | Clear, measurable outcomes for residents | 25
Value for money | A realistic budget and secured Match Funding | 20
Delivery | Track record, governance and safeguarding arrangements | 15
Sustainability | Plans to continue the activity after the grant ends | 10
""")


def grants_policy() -> Family:
    b = builder("westmoor_community_grants_policy_2027", "html",
                "Westmoor Borough Council — Community Grants Funding Policy 2027/28", 811_007, "legal")
    rebecca = "Cllr Rebecca Thorne"
    dr = "2026-11-12"

    b.para("Status: this policy replaces the Community Grants Policy 2024 (version 2.1) from 1 April 2027.")
    b.heading("1. Purpose")
    b.para("This policy explains how Westmoor Borough Council awards grants to voluntary and community organisations, "
           "what it will and will not fund, and how grants are paid and monitored.")
    prose(b)
    b.heading("2. Definitions")
    fn_rate = b.footnote("The GBP 15 rate comes from the Council's Social Value Framework 2025; professional services "
                         "given free of charge are valued at the provider's usual rate.")
    b.bullet("Eligible Organisation: a voluntary or community organisation, registered charity, community interest "
             "company or constituted group that has at least three unrelated management committee members and a bank "
             "account needing two signatories.")
    b.bullet("Match Funding: cash or in-kind contributions from sources other than the Council; volunteer time is "
             "valued at GBP 15 per hour", fn_rate, ".")
    b.bullet("Capital Project: spending on buildings, equipment or vehicles with a useful life of more than three "
             "years and a cost of more than GBP 1,000 per item.")
    b.bullet("Ward Priority: a priority set out in a Ward Plan adopted by the Council.")
    b.heading("3. Grant Streams")
    b.para("The Council runs the following grant streams in 2027/28.")
    add_table(b, STREAM_HEADER, merged(merged(merged(STREAM_ROWS, 0), 4), 5))
    prose(b)
    b.heading("4. Who Can Apply")
    b.para("Applicants must be an Eligible Organisation based in the borough, or one that delivers services mainly to "
           "residents of the borough.")
    b.para("Individuals, political parties and businesses that distribute profits are not eligible.")
    b.para("Religious organisations may apply only for activities that are open to the whole community and do not "
           "promote religious belief.")
    b.heading("5. What We Will Not Fund")
    b.bullet("Costs already incurred before a grant is awarded.")
    b.bullet("Activities that the Council or another public body has a statutory duty to provide.")
    b.bullet("More than one salaried post per organisation from a revenue grant.")
    b.filler(1)
    b.heading("6. Assessment")
    b.para("Applications are scored out of 100 against the criteria below. ",
           Del("Applications scoring below 55 points will not be funded.", rebecca, dr),
           Ins("Applications scoring below 60 points, or scoring zero on any criterion, will not be funded.",
               rebecca, dr))
    add_table(b, SCORE_HEADER, SCORE_ROWS)
    prose(b)
    b.heading("7. Payment of Grants")
    fn_inst = b.footnote("Quarterly instalments are paid on the first working day of April, July, October and "
                         "January; the first instalment follows the signed grant agreement.")
    b.para("Grants of up to GBP 5,000 are paid in full in advance. Larger grants are paid in quarterly instalments",
           fn_inst, ", except Capital Projects, which are paid as set out in paragraph 9.3.")
    b.heading("8. Monitoring")
    b.para("Organisations receiving GBP 5,000 or more must send an end-of-grant report within eight weeks of the end "
           "of the funded activity.")
    prose(b)
    b.heading("9. Capital Grants")
    b.para("9.1 Capital grants are offered only for a Capital Project.")
    b.para("9.2 The organisation must own the building or hold a lease with at least five years left to run.")
    b.para("9.3 Capital grants are paid within 20 working days of receiving a copy of a paid invoice, up to 90 % of "
           "the award; the final 10 % is paid once the completion report has been approved.")
    b.para("9.4 If the organisation stops operating, or sells the asset, within five years of receiving a capital "
           "grant, the Council may recover all or part of the grant.")
    b.filler(1)
    b.para("Equality impact assessment EIA-2026-33 was completed on 4 October 2026 and is available on request.")

    b.ask("header_footer", "Which Cabinet minute approved Westmoor's community grants policy?",
          "Minute C/112, Cabinet of 19 November 2026.", evidence=["minute C/112"])
    b.ask("header_footer", "Who is the owner of the Westmoor community grants policy?",
          "The Head of Communities and Partnerships.", evidence=["Policy owner: Head of Communities and Partnerships"])
    b.ask("header_footer", "Has an equality impact assessment been done on the grants policy?",
          "Yes, EIA-2026-33, completed 4 October 2026.", evidence=["EIA-2026-33 was completed on 4 October 2026"])
    b.ask("plain", "Can a church get a Westmoor community grant?",
          "Only for activities open to the whole community that do not promote religious belief.",
          evidence=["open to the whole community and do not promote religious belief"])
    b.ask("plain", "Does Westmoor pay small grants upfront?",
          "Yes, grants of up to GBP 5,000 are paid in full in advance.",
          evidence=["Grants of up to GBP 5,000 are paid in full in advance"])
    b.ask("definition", "What does a group need to be an eligible organisation for Westmoor grants?",
          "At least three unrelated management committee members and a bank account needing two signatories (and be "
          "a voluntary or community organisation, charity, CIC or constituted group).",
          evidence=["at least three unrelated management committee members and a bank account needing two signatories"])
    b.ask("definition", "Would a GBP 600 laptop count as a capital project under the grants policy?",
          "No; a Capital Project needs a cost of more than GBP 1,000 per item (and a life over three years).",
          evidence=["a cost of more than GBP 1,000 per item"])
    b.ask("cross_section", "How will the council pay out a 30k capital grant for a new minibus?",
          "Not in quarterly instalments: capital grants are paid against paid invoices within 20 working days, up to "
          "90 %, with the last 10 % after the completion report.",
          evidence=["except Capital Projects, which are paid as set out in paragraph 9.3",
                    "within 20 working days of receiving a copy of a paid invoice, up to 90 % of the award"])
    b.ask("cross_section", "We want a 4,000 pound small grant. How much match funding do we need, and can volunteer "
          "hours count towards it?",
          "10 %, and yes: volunteer time counts at GBP 15 per hour.",
          evidence=["volunteer time is valued at GBP 15 per hour"], rows=[("Small grants", "10 %")])
    b.ask("footnote", "How would free legal advice from a solicitor be valued as match funding?",
          "At the provider's usual rate.",
          evidence=["professional services given free of charge are valued at the provider's usual rate"])
    b.ask("footnote", "In which months are the quarterly grant instalments paid?",
          "On the first working day of April, July, October and January.",
          evidence=["first working day of April, July, October and January"])
    b.ask("revision", "What's the minimum assessment score for a Westmoor grant now, and who changed it?",
          "60 points, and no zero on any criterion (was 55); changed by Cllr Rebecca Thorne.",
          evidence=["scoring below 60 points, or scoring zero on any criterion"],
          attribution=[(rebecca, "scoring below 60 points, or scoring zero on any criterion")])
    b.ask("table_tail", "How much can a heritage project get from the culture fund?",
          "GBP 1,000 to 15,000, with 20 % match funding.", rows=[("Heritage projects", "GBP 1,000 to 15,000")])
    b.ask("table_merged", "Who decides Westmoor Thrives capital grant applications?",
          "The Cabinet Member for Communities.", rows=[("Capital grants", "Cabinet Member for Communities")])
    b.ask("table_merged", "When do applications for community growing grants close?",
          "28 February 2027 (Climate Action Fund).", rows=[("Community growing and green spaces", "28 February 2027")])
    b.ask("table_cell", "How much weight does value for money carry when grant bids are scored?",
          "20 out of 100.", rows=[("Value for money", "20")])
    return b.finish(header="Westmoor Borough Council · Policy CG-04 · Version 3.0 · Approved by Cabinet on 19 November "
                           "2026 (minute C/112)",
                    footer="Policy owner: Head of Communities and Partnerships · Next review: November 2028 · "
                           "Classification: OFFICIAL")
