"""A software licence agreement under negotiation: tracked changes and comments by three lawyers (DOCX)."""

from __future__ import annotations

from ._common import Family, com, dele, ins, multi, new

from benchmarks.quality.docmodel import cell

HANNA, MARCUS, ELENA = "Hanna Lindqvist", "Marcus Adeyemi", "Elena Ruiz"
D1, D2, D3 = "2026-10-02", "2026-10-09", "2026-10-15"


def licence() -> Family:
    b = new("blind_software_licence_negotiation", "docx", "Enterprise Software Licence Agreement (Negotiation Draft 4)", 7200, "legal")
    b.para("Between Quillon Analytics GmbH (the Licensor) and Harborview Mutual Insurance plc (the Licensee).")
    b.heading("1. Definitions and Interpretation")
    b.para('"Authorised User" means an employee or individual contractor of the Licensee to whom a named login has been issued.')
    b.para('"Production Instance" means an installation of the Software used to process live policyholder data.')
    b.para('"Annual Fee" means the fee stated in Schedule 2 for the relevant Licence Year, excluding VAT.')
    b.para('"Severity 1 Incident" means a failure that makes the Production Instance unavailable to all Authorised Users.')
    b.filler(1)
    b.heading("2. Grant of Licence")
    b.para(
        "2.1 The Licensor grants the Licensee a non-exclusive, non-transferable licence to use the Software for up to ",
        dele("1,200", HANNA, D1), ins("1,500", HANNA, D1),
        " Authorised Users in the European Economic Area ",
        ins("and the United Kingdom", HANNA, D1), ".",
    )
    b.para(
        "2.2 The Licensee may run one Production Instance and ",
        dele("one", HANNA, D1), ins("three", HANNA, D1),
        " non-production instances for testing, training and disaster recovery.",
    )
    b.para(
        "2.3 The Licensee's ",
        com("affiliates", MARCUS, D2, "Affiliate use needs a cap; the Licensor cannot accept unlimited group-wide deployment."),
        " may use the Software ",
        ins("provided the Licensee remains liable for their acts and omissions", HANNA, D1),
        ".",
    )
    b.filler(2)
    b.heading("3. Restrictions")
    b.para(
        "3.1 The Licensee shall not decompile, reverse engineer or disassemble the Software, except to the extent permitted by law "
        "for interoperability purposes."
    )
    b.para(
        "3.2 The Licensee shall not make the Software available to any outsourcing provider ",
        dele("without the Licensor's prior written consent", MARCUS, D2),
        ins("unless that provider has signed the Licensor's standard confidentiality undertaking", MARCUS, D2),
        ".",
    )
    b.filler(2)
    b.heading("4. Fees and Payment")
    b.para(
        "4.1 The Annual Fee is payable annually in advance ",
        ins("within 60 days of the invoice", ELENA, D3), ".",
    )
    b.para(
        "4.2 The Licensor may increase the Annual Fee once per Licence Year by no more than ",
        dele("the Consumer Price Index plus 3 per cent", ELENA, D3),
        ins("the lower of the Consumer Price Index and 4 per cent", ELENA, D3),
        ", subject to clause 9.2.",
    )
    b.para(
        "4.3 Additional Authorised Users are charged ",
        com("pro rata", HANNA, D3, "Pro rata from the first day of the month after activation, not from the order date."),
        " ",
        ins("at the per-user rate in Schedule 2", ELENA, D3),
        dele("at the Licensor's list price then current", ELENA, D3), ".",
    )
    b.filler(2)
    b.heading("5. Support and Maintenance")
    b.para("5.1 The Licensor shall provide support by telephone and through its portal from 07:00 to 19:00 CET on Business Days.")
    b.para(
        "5.2 The Licensor shall respond to a ",
        com("Severity 1 Incident", ELENA, D3, "Harborview's regulator expects a documented workaround within 8 hours for outages of this kind."),
        " within ",
        dele("4 hours", MARCUS, D2), ins("2 hours", HANNA, D3),
        " at any time of day.",
    )
    b.filler(2)
    b.heading("6. Data Protection")
    b.para(
        "6.1 The Licensor acts as processor of the personal data uploaded to the support portal, and the parties shall "
        "sign the data processing addendum in Schedule 4.",
    )
    b.para(
        "6.2 Personal data shall be hosted in data centres located in ",
        com("Frankfurt and Dublin", MARCUS, D2, "Our disaster recovery site moved to Amsterdam in 2026; the list must be updated."),
        ".",
    )
    b.filler(2)
    b.heading("7. Warranties")
    b.para(
        "7.1 The Licensor warrants that the Software will perform materially in accordance with the Documentation for ",
        dele("90 days", HANNA, D1), ins("12 months", HANNA, D1), " from delivery.",
    )
    b.para("7.2 The warranty does not apply to defects caused by modifications made by anyone other than the Licensor.")
    b.filler(2)
    b.heading("8. Intellectual Property")
    b.para(
        "8.1 All intellectual property rights in the Software remain with the Licensor. ",
        com("Configuration files", ELENA, D3, "Clarify that report templates built by Harborview analysts are configuration files too."),
        " created by the Licensee remain the property of the Licensee.",
    )
    b.filler(2)
    b.heading("9. Liability")
    b.para(
        "9.1 Each party's total liability in any Licence Year is limited to ",
        dele("100 per cent", MARCUS, D2), ins("150 per cent", MARCUS, D2),
        " of the Annual Fee paid in that Licence Year.",
    )
    b.para(
        "9.2 If the Licensor's liability cap is reached in any Licence Year, no fee increase under clause 4.2 may take effect "
        "in the following Licence Year.",
    )
    b.para(
        "9.3 ",
        com("Neither party excludes liability", HANNA, D3, "We cannot accept uncapped data protection liability; propose a super-cap of EUR 2 million."),
        " for death or personal injury caused by negligence ",
        ins("or for breach of clause 6 (Data Protection)", MARCUS, D2),
        ".",
    )
    b.filler(2)
    b.heading("10. Term and Termination")
    b.para("10.1 The Agreement runs for an initial period of five Licence Years from the Effective Date of 1 January 2027.")
    b.para(
        "10.2 Either party may terminate for material breach not remedied within 30 days of notice, except as provided in Schedule 5."
    )
    b.filler(2)
    b.heading("Schedule 2 - Fees")
    b.table([
        [cell("Licence Year"), cell("Annual Fee (EUR)"), cell("Per-user Rate (EUR)"), cell("Included Users")],
        [cell("Year 1 (2027)"), cell("486,000"), cell("324", vmerge="restart"), cell("1,500", vmerge="restart")],
        [cell("Year 2 (2028)"), cell("498,150"), cell("", vmerge="continue"), cell("", vmerge="continue")],
        [cell("Year 3 (2029)"), cell("510,600"), cell("338", vmerge="restart"), cell("", vmerge="continue")],
        [cell("Year 4 (2030)"), cell("523,370"), cell("", vmerge="continue"), cell("1,750", vmerge="restart")],
        [cell("Year 5 (2031)"), cell("536,450"), cell("", vmerge="continue"), cell("", vmerge="continue")],
    ])
    b.para("All fees exclude VAT.", b.footnote("Year 2 to Year 5 fees assume a 2.5 per cent uplift; the actual uplift is set under clause 4.2."))
    b.heading("Schedule 5 - Insolvency and Sanctions")
    b.para(
        "Where a party becomes subject to trade sanctions, the other party may terminate with immediate effect and without any "
        "cure period."
    )
    b.filler(1)

    fee_h = ("Licence Year", "Annual Fee (EUR)", "Per-user Rate (EUR)", "Included Users")
    multi(b, "What per-user rate applies to extra users in 2028?", fee_h, [("Year 2 (2028)", "324")],
          category="table_merged", answer="EUR 324 per user")
    multi(b, "How many users are included in the 2031 licence year?", fee_h, [("Year 5 (2031)", "1,750")],
          category="table_merged", answer="1,750")
    multi(b, "Show the annual fee for each year of the licence.", fee_h,
          [("Year 1 (2027)", "486,000"), ("Year 2 (2028)", "498,150"), ("Year 3 (2029)", "510,600"),
           ("Year 4 (2030)", "523,370"), ("Year 5 (2031)", "536,450")], tags=("whole_table",))
    b.ask("revision_run", "What did Hanna Lindqvist change in clause 2 (the licence grant)?",
          "She raised the user limit from 1,200 to 1,500, added the United Kingdom, raised the non-production instances from one to three, "
          "and added that the Licensee remains liable for its affiliates.",
          evidence=["and the United Kingdom", "provided the Licensee remains liable for their acts and omissions", "1,200"],
          attribution=[(HANNA, "and the United Kingdom"), (HANNA, "provided the Licensee remains liable for their acts and omissions"),
                       (HANNA, "1,200")])
    b.ask("revision_run", "Show Elena Ruiz's edits to the payment terms.",
          "Clause 4: payment within 60 days of the invoice; fee increases capped at the lower of CPI and 4 per cent instead of CPI plus 3 per cent; "
          "additional users at the Schedule 2 per-user rate instead of the list price.",
          evidence=["within 60 days of the invoice", "the lower of the Consumer Price Index and 4 per cent",
                    "the Consumer Price Index plus 3 per cent", "at the per-user rate in Schedule 2",
                    "at the Licensor's list price then current"],
          attribution=[(ELENA, "within 60 days of the invoice"), (ELENA, "the lower of the Consumer Price Index and 4 per cent"),
                       (ELENA, "at the per-user rate in Schedule 2")])
    b.ask("revision_run", "Which amendments did Marcus Adeyemi propose in the liability section?",
          "He raised the annual cap from 100 to 150 per cent of the Annual Fee and added breach of clause 6 (Data Protection) to the unlimited liabilities.",
          evidence=["150 per cent", "or for breach of clause 6 (Data Protection)"],
          attribution=[(MARCUS, "150 per cent"), (MARCUS, "or for breach of clause 6 (Data Protection)")])
    b.ask("revision", "Who proposed the change to the outsourcing restriction?",
          "Marcus Adeyemi: outsourcing providers allowed if they signed the Licensor's standard confidentiality undertaking, instead of requiring prior written consent.",
          evidence=["unless that provider has signed the Licensor's standard confidentiality undertaking"],
          attribution=[(MARCUS, "unless that provider has signed the Licensor's standard confidentiality undertaking")])
    b.ask("revision", "The Severity 1 response time was cut - by whom and to what?",
          "Marcus Adeyemi deleted 4 hours and Hanna Lindqvist inserted 2 hours.",
          evidence=["2 hours"], attribution=[(HANNA, "2 hours"), (MARCUS, "4 hours")])
    b.ask("revision", "who extended the warranty period and how long is it now",
          "Hanna Lindqvist, from 90 days to 12 months from delivery.",
          evidence=["12 months"], attribution=[(HANNA, "12 months")])
    b.ask("revision", "Who added the 60-day payment window for the annual fee?", "Elena Ruiz inserted it in clause 4.1.",
          evidence=["within 60 days of the invoice"], attribution=[(ELENA, "within 60 days of the invoice")])
    b.ask("comment", "What did Marcus Adeyemi say about affiliate use?",
          "That affiliate use needs a cap; the Licensor cannot accept unlimited group-wide deployment.",
          evidence=["the Licensor cannot accept unlimited group-wide deployment"],
          attribution=[(MARCUS, "the Licensor cannot accept unlimited group-wide deployment")])
    b.ask("comment", "List all comments Elena Ruiz made on the draft.",
          "On Severity 1 Incidents: the regulator expects a documented workaround within 8 hours; on configuration files: report templates built by Harborview analysts should count as configuration files.",
          evidence=["expects a documented workaround within 8 hours", "report templates built by Harborview analysts"],
          attribution=[(ELENA, "expects a documented workaround within 8 hours"), (ELENA, "report templates built by Harborview analysts")])
    b.ask("comment", "What counter-proposal did Hanna Lindqvist make on uncapped data protection liability?",
          "A super-cap of EUR 2 million.", evidence=["propose a super-cap of EUR 2 million"],
          attribution=[(HANNA, "propose a super-cap of EUR 2 million")])
    b.ask("comment", "Is the hosting location list up to date?",
          "No - Marcus Adeyemi noted that the disaster recovery site moved to Amsterdam in 2026.",
          evidence=["Our disaster recovery site moved to Amsterdam in 2026"],
          attribution=[(MARCUS, "Our disaster recovery site moved to Amsterdam in 2026")])
    b.ask("cross_section", "Can Quillon always raise the fee each year?",
          "Only once per Licence Year by at most the lower of CPI and 4 per cent, and not at all in the year after the Licensor's liability cap was reached (clause 9.2).",
          evidence=["may increase the Annual Fee once per Licence Year", "no fee increase under clause 4.2 may take effect"])
    b.ask("cross_section", "Is there always a 30-day cure period before termination for breach?",
          "No: Schedule 5 allows immediate termination without a cure period where a party becomes subject to trade sanctions.",
          evidence=["not remedied within 30 days of notice", "terminate with immediate effect and without any cure period"])
    b.ask("definition", "What counts as a Severity 1 Incident, and how fast must the licensor respond?",
          "A failure making the Production Instance unavailable to all Authorised Users; response within 2 hours at any time.",
          evidence=["makes the Production Instance unavailable to all Authorised Users", "at any time of day"])
    b.ask("definition", "Does the Annual Fee in the liability cap include VAT?",
          "No, the Annual Fee is defined as the Schedule 2 fee excluding VAT.",
          evidence=["means the fee stated in Schedule 2 for the relevant Licence Year, excluding VAT"])
    b.ask("footnote", "What uplift do the later-year fees in the fee schedule assume?",
          "2.5 per cent.", evidence=["assume a 2.5 per cent uplift"])
    b.ask("plain", "Support hours?", "07:00 to 19:00 CET on Business Days, by telephone and portal.",
          evidence=["from 07:00 to 19:00 CET on Business Days"])
    b.ask("plain", "When does the licence agreement take effect and for how long?",
          "From 1 January 2027 for five Licence Years.", evidence=["five Licence Years from the Effective Date of 1 January 2027"])
    b.ask("header_footer", "Which negotiation round is this licence draft from, and when was it last revised?",
          "Draft 4, revised 15 October 2026.", evidence=["QA-LEG-0931 / Draft 4 / revised 15 October 2026"])
    return b.finish(
        header="Quillon Analytics - Harborview Mutual | Ref. QA-LEG-0931 / Draft 4 / revised 15 October 2026",
        footer="Subject to contract - without prejudice - page numbering per section",
    )
