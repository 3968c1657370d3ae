"""Two agreements under negotiation (DOCX): a franchise agreement and a data-processing agreement."""

from __future__ import annotations

from benchmarks.quality.docmodel import Com, Del, Ins, cell

from ._common import Family, add_table, builder

FEE_HEAD = ("Territory", "Outlet format", "Initial fee (GBP)", "Royalty", "Marketing levy", "Minimum outlets")


def franchise() -> Family:
    b = builder("kettleworth_franchise_agreement_draft4", "docx", "Master Franchise Agreement — Kettleworth Bakehouse", 7202, "legal")
    A, B, C = "Eleanor Achebe", "Rupert Vance", "Mei-Ling Orsini"
    b.heading("1. Parties and background")
    b.para("This agreement is made between Kettleworth Bakehouse Limited (the Franchisor) and Dunmore Hospitality Group "
           "plc (the Master Franchisee) for the development of Kettleworth bakery cafés in the Territory.")
    b.filler(2)
    b.heading("2. Definitions")
    b.para("\u201cGross Sales\u201d means all revenue from the sale of products at an Outlet, net of VAT and of refunds, "
           "but including delivery-platform sales before platform commission.")
    b.para("\u201cOutlet\u201d means a bakery café operated under the Marks at a single site approved under clause 5.2.")
    b.para("\u201cTerritory\u201d means the regions listed in Schedule 1 and no others.")
    b.filler(1)
    b.heading("3. Grant and exclusivity")
    b.para("The Franchisor grants the Master Franchisee the exclusive right to open Outlets in the Territory, ",
           Del("for an initial term of ten years", A, "2026-10-02"), Ins("for an initial term of fifteen years", A, "2026-10-02"),
           ", renewable once ", Ins("by written notice given not later than 12 months before expiry", A, "2026-10-02"), ".")
    b.para("Exclusivity is conditional on the development schedule in clause 6.1 being met; ",
           Del("any shortfall ends exclusivity immediately", A, "2026-10-02"),
           Ins("a shortfall of more than two Outlets in any year ends exclusivity after a 90-day cure period", A, "2026-10-02"), ".")
    b.filler(1)
    b.heading("4. Fees")
    b.para("Fees per Outlet are set out in Schedule 1. Royalties are calculated on Gross Sales and paid monthly by the 10th "
           "of the following month, except as set out in clause 9.4.")
    b.para("Late payments bear interest at ", Del("4 per cent", B, "2026-10-05"), Ins("2.5 per cent", B, "2026-10-05"),
           " above the Bank of England base rate.")
    b.filler(1)
    b.heading("5. Sites and fit-out")
    b.para("5.1 The Master Franchisee shall propose each site with a trading-area study.")
    b.para("5.2 The Franchisor shall approve or reject a proposed site within ", Del("30 days", B, "2026-10-05"),
           Ins("21 days", B, "2026-10-05"), "; silence ", Ins("after a written reminder", B, "2026-10-05"), " counts as approval.")
    b.para("5.3 Fit-out shall follow the current Kettleworth design manual; ",
           Com("the Franchisor bears the cost of any design change", C, "2026-10-07",
               "We cannot accept this for changes requested after the site lease is signed; please limit to pre-lease changes."),
           " required within the first 24 months.")
    b.filler(1)
    b.heading("6. Development schedule")
    b.para("6.1 The Master Franchisee shall open at least 6 Outlets by 31 December 2027, 14 by 31 December 2028 and 25 by "
           "31 December 2030.")
    b.filler(1)
    b.heading("7. Supply of products")
    b.para("Laminated doughs and signature fillings shall be purchased from the Franchisor's central bakery in Harrogate; ",
           Com("other ingredients may be sourced locally", A, "2026-10-02",
               "Add: from suppliers on the approved list in the operations manual."),
           ".")
    b.filler(1)
    b.heading("8. Training")
    b.para("The Franchisor provides an initial training course of 15 working days for each Outlet manager at its academy in York.")
    b.filler(1)
    b.heading("9. Payment mechanics")
    b.para("9.4 During the first six months after an Outlet opens, royalties for that Outlet are paid quarterly in arrears.")
    b.para(Com("Payments shall be made in pounds sterling", C, "2026-10-07",
               "Irish outlets will trade in euro; we need a conversion rule, e.g. ECB reference rate on the last business day."),
           " to the account notified by the Franchisor.")
    b.filler(1)
    b.heading("10. Termination")
    b.para("Either party may terminate for material breach not remedied within 60 days of notice. On termination the "
           "Master Franchisee shall de-identify all Outlets within ", Del("30 days", C, "2026-10-07"), Ins("45 days", C, "2026-10-07"), ".")
    b.para("The post-term non-compete restriction lasts ", Ins("12 months and applies within 3 miles of any Outlet", C, "2026-10-07"),
           Del("24 months and applies throughout the Territory", C, "2026-10-07"), ".")
    b.filler(1)
    b.heading("Schedule 1 \u2014 Territory and fees")
    regions = ("North East England", "Yorkshire and the Humber", "Scotland", "Northern Ireland", "Republic of Ireland", "Wales")
    formats = (("High-street café", 0), ("Kiosk", -1), ("Drive-thru", 1), ("Transport hub", 2))
    rows = []
    for i, reg in enumerate(regions):
        for j, (fmt, d) in enumerate(formats):
            fee = 18000 + i * 1500 + d * 6500 + 6500
            roy = f"{6 + (i + j) % 3}.{(i * 5 + j * 5) % 10} %"
            lev = f"{2 + (i * j) % 2}.0 %"
            vm = "restart" if j == 0 else "continue"
            rows.append([cell(reg, vmerge=vm), fmt, f"{fee:,}", roy, lev, cell(str(3 + i * 2), vmerge=vm)])
    add_table(b, FEE_HEAD, rows)
    b.para("Fees stated in pounds sterling; for the Republic of Ireland see clause 9.", b.footnote(
        "The Kiosk format may only be used in sites under 40 square metres."))
    b.filler(1)
    H = list(FEE_HEAD)
    b.ask("revision_run", "Summarise Eleanor Achebe's edits to the grant and exclusivity clause.",
          "Term from ten to fifteen years; renewal notice at least 12 months before expiry; exclusivity ends only after a "
          "shortfall of more than two Outlets and a 90-day cure period instead of immediately.",
          evidence=["for an initial term of ten years", "for an initial term of fifteen years",
                    "by written notice given not later than 12 months before expiry", "any shortfall ends exclusivity immediately",
                    "a shortfall of more than two Outlets in any year ends exclusivity after a 90-day cure period"],
          attribution=[(A, "for an initial term of fifteen years"), (A, "90-day cure period")])
    b.ask("revision_run", "Which changes did Rupert Vance make in clauses 4 and 5?",
          "Late-payment interest 4% to 2.5%; site approval period 30 to 21 days; silence counts only after a written reminder.",
          evidence=["4 per cent", "2.5 per cent", "21 days", "after a written reminder"],
          attribution=[(B, "2.5 per cent"), (B, "21 days"), (B, "after a written reminder")])
    b.ask("revision", "Who proposed 45 days for de-identification after termination, and what did it replace?",
          "Mei-Ling Orsini; it replaced 30 days.", evidence=["45 days", "de-identify all Outlets within"],
          attribution=[(C, "45 days")])
    b.ask("revision", "How was the post-term non-compete changed, and by whom?",
          "Mei-Ling Orsini narrowed it from 24 months across the Territory to 12 months within 3 miles of any Outlet.",
          evidence=["12 months and applies within 3 miles of any Outlet", "24 months and applies throughout the Territory"],
          attribution=[(C, "12 months and applies within 3 miles")])
    b.ask("comment", "Show all comments by Mei-Ling Orsini in the draft.",
          "On design-change costs (limit to pre-lease changes) and on sterling payments (need a euro conversion rule for Irish outlets).",
          evidence=["please limit to pre-lease changes", "ECB reference rate on the last business day"],
          attribution=[(C, "please limit to pre-lease changes"), (C, "ECB reference rate")])
    b.ask("comment", "What did Eleanor Achebe remark about locally sourced ingredients?",
          "Add: from suppliers on the approved list in the operations manual.",
          evidence=["from suppliers on the approved list in the operations manual"],
          attribution=[(A, "approved list in the operations manual")])
    b.ask("definition", "Are delivery-app sales counted before or after the platform's commission when royalties are worked out?",
          "Before commission: royalties are on Gross Sales, which include delivery-platform sales before platform commission.",
          evidence=["Royalties are calculated on Gross Sales",
                    "including delivery-platform sales before platform commission"])
    b.ask("cross_section", "When are royalties due for a café that opened two months ago?",
          "Quarterly in arrears: normally monthly by the 10th, except under clause 9.4 during the first six months.",
          evidence=["paid monthly by the 10th of the following month, except as set out in clause 9.4",
                    "During the first six months after an Outlet opens, royalties for that Outlet are paid quarterly in arrears"])
    b.ask("cross_section", "If Dunmore opens only 11 outlets by end-2028, does it keep exclusivity?",
          "Shortfall of 3 (>2) against 14 required ends exclusivity after a 90-day cure period.",
          evidence=["14 by 31 December 2028",
                    "a shortfall of more than two Outlets in any year ends exclusivity after a 90-day cure period"])
    grp = [(f, f"{18000 + 4 * 1500 + d * 6500 + 6500:,}", f"{6 + (4 + j) % 3}.{(4 * 5 + j * 5) % 10} %")
           for j, (f, d) in enumerate(formats)]
    b.ask("table_multi", "For the Republic of Ireland, list each outlet format with its initial fee and royalty.",
          "; ".join(" ".join(g) for g in grp), rows=grp, header=H)
    b.ask("table_merged", "What's the minimum outlet commitment for Scotland, and the drive-thru initial fee there?",
          f"7 outlets; GBP {18000 + 2 * 1500 + 6500 + 6500:,}",
          rows=[("Scotland", "Drive-thru", f"{18000 + 2 * 1500 + 13000:,}", "7")], header=H)
    b.ask("table_tail", "Initial fee for a transport-hub outlet in Wales?", f"GBP {18000 + 5 * 1500 + 2 * 6500 + 6500:,}",
          rows=[("Transport hub", f"{18000 + 5 * 1500 + 19500:,}")], header=H)
    kiosks = [(f"{18000 + i * 1500:,}", f"{6 + (i + 1) % 3}.{(i * 5 + 5) % 10} %") for i in range(6)]
    b.ask("table_multi", "Give the kiosk initial fee and royalty rate for every region in Schedule 1.",
          "; ".join(f"{regions[i]} {k[0]} {k[1]}" for i, k in enumerate(kiosks)),
          rows=[("Kiosk", *k) for k in kiosks], header=H)
    b.ask("footnote", "Is there a size limit for the kiosk format?", "Only sites under 40 square metres.",
          evidence=["only be used in sites under 40 square metres"])
    b.ask("plain", "How long is the initial training for outlet managers and where is it held?",
          "15 working days at the academy in York.", evidence=["initial training course of 15 working days",
                                                               "academy in York"])
    b.ask("plain", "Where must laminated doughs come from?", "The Franchisor's central bakery in Harrogate.",
          evidence=["central bakery in Harrogate"])
    doc, qs = b.finish(header="Kettleworth / Dunmore \u2014 Master Franchise Agreement \u2014 Draft 4 \u2014 Subject to contract",
                       footer="Draft 4 circulated 7 October 2026 by Achebe Vance LLP \u2014 KB-MFA-2026-17")
    return doc, qs


SUB_HEAD = ("Sub-processor", "Service", "Location of processing", "Transfer mechanism", "Data categories")


def dpa() -> Family:
    b = builder("fernhill_data_processing_agreement", "docx", "Data Processing Agreement — Fernhill Payroll Cloud", 7303, "legal")
    R1, R2 = "Jonas Brenninkmeyer", "Aoife Gallagher"
    b.heading("1. Subject matter")
    b.para("This Data Processing Agreement (DPA) forms part of the Fernhill Payroll Cloud subscription between Fernhill "
           "Software GmbH (the Processor) and Calloway Retail Ltd (the Controller).")
    b.filler(2)
    b.heading("2. Definitions")
    b.para("\u201cPersonal Data Breach\u201d means a breach of security leading to the accidental or unlawful destruction, "
           "loss, alteration, unauthorised disclosure of, or access to, Customer Personal Data.")
    b.para("\u201cCustomer Personal Data\u201d means personal data of the Controller's employees, contractors and their "
           "dependants processed by the Processor to provide the Services.")
    b.para("\u201cRestricted Transfer\u201d means a transfer of Customer Personal Data to a country outside the EEA and the "
           "United Kingdom not covered by an adequacy decision.")
    b.filler(1)
    b.heading("3. Processing instructions")
    b.para("The Processor processes Customer Personal Data only on documented instructions from the Controller, ",
           Ins("including with regard to Restricted Transfers, ", R1, "2026-11-03"), "unless required by Union or Member State law.")
    b.filler(1)
    b.heading("4. Security")
    b.para("The Processor implements the technical and organisational measures described in Annex B. ",
           Del("Encryption at rest uses AES-128.", R1, "2026-11-03"), Ins("Encryption at rest uses AES-256.", R1, "2026-11-03"))
    b.para("Backups are retained for ", Del("90 days", R1, "2026-11-03"), Ins("35 days", R1, "2026-11-03"),
           " and stored in a second data centre in ", Ins("Frankfurt", R1, "2026-11-03"), Del("Dublin", R1, "2026-11-03"), ".")
    b.filler(1)
    b.heading("5. Personal Data Breaches")
    b.para("The Processor shall notify the Controller of a Personal Data Breach without undue delay and in any event within ",
           Del("72 hours", R2, "2026-11-05"), Ins("36 hours", R2, "2026-11-05"), " of becoming aware of it.")
    b.para(Com("The notification shall include the information reasonably available", R2, "2026-11-05",
               "We need at least the categories and approximate number of data subjects in the first notice."),
           " at the time and be supplemented as further information becomes available.")
    b.filler(1)
    b.heading("6. Sub-processors")
    b.para("The Controller authorises the sub-processors listed in Annex A. The Processor shall give at least ",
           Del("14 days'", R2, "2026-11-05"), Ins("30 days'", R2, "2026-11-05"), " notice of any new sub-processor, during which the "
           "Controller may object on reasonable grounds.")
    b.filler(1)
    b.heading("7. Audits")
    b.para("The Controller may audit the Processor once per calendar year on 20 working days' notice, except as set out in Annex B, "
           "section B.4.")
    b.para(Com("Audit costs are borne by the Controller", R1, "2026-11-03",
               "Unless the audit reveals a material breach; then the Processor pays."), ".")
    b.filler(1)
    b.heading("8. Return and deletion")
    b.para("On termination, the Processor shall return Customer Personal Data in CSV format and delete all copies within "
           "60 days, save for data in backups, which expire on their normal cycle.")
    b.filler(1)
    b.heading("Annex A \u2014 Authorised sub-processors")
    subs = [
        ("Northwind Hosting SE", "Infrastructure hosting", "Germany", "Not applicable (EEA)", "All categories"),
        ("Quillon Mail Ltd", "Transactional e-mail", "Ireland", "Not applicable (EEA)", "Name, e-mail address"),
        ("Tessaract Support Inc.", "Support ticketing", "United States", "SCCs module 3", "Name, e-mail, ticket content"),
        ("Kyber Identity AB", "Single sign-on", "Sweden", "Not applicable (EEA)", "Name, e-mail, login events"),
        ("Loomfield Print GmbH", "Payslip printing", "Austria", "Not applicable (EEA)", "Name, address, salary data"),
        ("Arcstone Analytics Ltd", "Product analytics", "United Kingdom", "UK adequacy", "Pseudonymised usage data"),
        ("Palisade SMS Pte Ltd", "SMS one-time codes", "Singapore", "SCCs module 3", "Mobile number"),
        ("Vantor Backup SA", "Off-site backup", "Belgium", "Not applicable (EEA)", "All categories"),
        ("Helix Translate Inc.", "Machine translation of support tickets", "Canada", "Adequacy decision", "Ticket content"),
        ("Brightlane Pension Links Ltd", "Pension provider interface", "United Kingdom", "UK adequacy", "Name, NI number, contributions"),
        ("Corvid Fraud Checks LLC", "Bank detail verification", "United States", "EU-US Data Privacy Framework", "Name, bank account"),
        ("Ostara Archive Oy", "Long-term payroll archive", "Finland", "Not applicable (EEA)", "Payroll records"),
    ]
    add_table(b, SUB_HEAD, [list(s) for s in subs])
    b.filler(1)
    b.heading("Annex B \u2014 Technical and organisational measures")
    b.para("B.1 Access to production systems requires hardware-key multi-factor authentication.")
    b.para("B.2 Penetration tests are carried out by an independent tester at least twice a year.")
    b.para("B.3 Staff with access to Customer Personal Data complete privacy training every 12 months.")
    b.para("B.4 Where the Processor provides a current ISO/IEC 27001 certificate and SOC 2 Type II report, the Controller's "
           "on-site audit right is limited to once every three years, unless a Personal Data Breach has occurred.",
           b.footnote("Reports are made available through the Fernhill trust portal under a click-through confidentiality notice."))
    b.filler(1)
    H = list(SUB_HEAD)
    b.ask("revision_run", "What did Jonas Brenninkmeyer change in the security section?",
          "Encryption at rest AES-128 to AES-256; backup retention 90 to 35 days; second data centre Dublin to Frankfurt.",
          evidence=["Encryption at rest uses AES-128.", "Encryption at rest uses AES-256.", "90 days", "35 days", "Frankfurt", "Dublin"],
          attribution=[(R1, "Encryption at rest uses AES-256."), (R1, "35 days")])
    b.ask("revision", "How many hours does the processor now have to report a data breach? Who changed it?",
          "36 hours (was 72), changed by Aoife Gallagher.", evidence=["72 hours", "36 hours"], attribution=[(R2, "36 hours")])
    b.ask("revision", "who lengthened the notice period for new sub-processors, and to what",
          "Aoife Gallagher, from 14 to 30 days.", evidence=["14 days'", "30 days'"], attribution=[(R2, "30 days'")])
    b.ask("comment", "What did Aoife Gallagher ask for about the first breach notification?",
          "At least the categories and approximate number of data subjects.",
          evidence=["categories and approximate number of data subjects in the first notice"],
          attribution=[(R2, "approximate number of data subjects")])
    b.ask("comment", "Any reviewer note on who pays for audits?", "Jonas Brenninkmeyer: the Processor pays if the audit reveals a material breach.",
          evidence=["Unless the audit reveals a material breach; then the Processor pays."],
          attribution=[(R1, "the audit reveals a material breach")])
    us = [s for s in subs if s[2] == "United States"]
    b.ask("table_multi", "Which sub-processors process data in the US, and on what transfer basis?",
          "; ".join(f"{s[0]} ({s[3]})" for s in us), rows=[(s[0], s[2], s[3]) for s in us], header=H)
    non_eea = [s for s in subs if s[3] != "Not applicable (EEA)"]
    b.ask("table_multi", "List every sub-processor outside the EEA with its country and transfer mechanism.",
          "; ".join(s[0] for s in non_eea), rows=[(s[0], s[2], s[3]) for s in non_eea], header=H)
    b.ask("table_tail", "What does Ostara Archive Oy do, and where?", "Long-term payroll archive, Finland.",
          rows=[("Ostara Archive Oy", "Long-term payroll archive", "Finland")], header=H)
    b.ask("cross_section", "Can Calloway do an on-site audit every year if Fernhill has ISO 27001 and a SOC 2 Type II report?",
          "No: the yearly audit right is subject to Annex B section B.4, which limits on-site audits to once every three years "
          "unless a Personal Data Breach has occurred.",
          evidence=["except as set out in Annex B", "limited to once every three years, unless a Personal Data Breach has occurred"])
    b.ask("definition", "Does the DPA cover data about employees' dependants?",
          "Yes: Customer Personal Data includes employees, contractors and their dependants.",
          evidence=["employees, contractors and their dependants"])
    b.ask("definition", "Is sending data to the Canadian translation provider a Restricted Transfer under this DPA?",
          "No: Canada is covered by an adequacy decision and a Restricted Transfer excludes countries covered by one.",
          evidence=["not covered by an adequacy decision", "Helix Translate Inc."])
    b.ask("footnote", "How does the controller get the SOC 2 report?",
          "Through the Fernhill trust portal under a click-through confidentiality notice.",
          evidence=["Fernhill trust portal under a click-through confidentiality notice"])
    b.ask("header_footer", "What version and date does the Fernhill DPA carry?", "DPA version 3.2, 5 November 2026.",
          evidence=["DPA v3.2 of 5 November 2026"])
    b.ask("plain", "In what format is personal data returned at the end of the contract, and how fast is it deleted?",
          "CSV; copies deleted within 60 days (backups expire on their cycle).",
          evidence=["return Customer Personal Data in CSV format and delete all copies within 60 days"])
    b.ask("plain", "How often is the platform pen-tested?", "At least twice a year, by an independent tester.",
          evidence=["independent tester at least twice a year"])
    doc, qs = b.finish(header="Fernhill Software GmbH \u2014 DPA v3.2 of 5 November 2026 \u2014 Confidential",
                       footer="Controller: Calloway Retail Ltd \u2014 Processor: Fernhill Software GmbH \u2014 Ref. FH-DPA-0093")
    return doc, qs
