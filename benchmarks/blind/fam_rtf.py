"""RTF families: construction change orders and a commercial lease under negotiation."""

from __future__ import annotations

import random

from benchmarks.quality.docmodel import cell

from ._common import Family, cells, com, dele, ins, multi, new

CO_H = ("CO No.", "Date Raised", "Description", "Raised By", "Value (GBP)", "Extension (days)", "Status")


def _orders() -> list[tuple[str, ...]]:
    rng = random.Random(8001)
    what = ("Additional piling to grid line {g}", "Relocate riser at level {n}", "Upgrade glazing to acoustic spec, elevation {g}",
            "Omit feature ceiling in reception", "Extra fire stopping at level {n}", "Change floor finish to vinyl in corridor {g}",
            "Add EV charging bays ({n} no.)", "Revised drainage run at gully {g}{n}", "Client-requested partition changes, level {n}",
            "Asbestos removal in existing plant room", "Additional structural steel to lift shaft", "Re-route HV cable at boundary {g}",
            "Provide temporary works to party wall", "Extend green roof to block {g}", "Upgrade door hardware, level {n}")
    who = ("Architect", "Client", "Structural Engineer", "M&E Consultant", "Contractor")
    st = ("Approved", "Approved", "Approved", "Rejected", "Pending valuation")
    out = []
    used: set[str] = set()
    for i in range(34):
        while True:
            d = rng.choice(what).format(g="ABCDEFG"[rng.randrange(7)], n=rng.randint(1, 9))
            if d not in used:
                used.add(d)
                break
        val = rng.randint(-40, 180) * 250
        vs = f"{val:,}" if val >= 0 else f"({-val:,})"
        ext = str(rng.choice((0, 0, 0, 2, 3, 5, 7, 10)))
        date = f"{rng.randint(1, 28)}/{(i // 6) + 3:02d}/2026"
        out.append((f"CO-{i + 1:03d}", date, d, rng.choice(who), vs, ext, rng.choice(st)))
    return out


def change_orders() -> Family:
    b = new("blind_construction_change_orders", "rtf", "Change Order Register and Variation Procedure - Harbour Quay Block C", 8000, "technical")
    COLM, AISHA = "Colm Brennan", "Aisha Karimi"
    o = _orders()
    b.para("Project: Harbour Quay Block C, Plymouth - seven-storey residential building with ground floor retail. "
           "Contract: JCT Design and Build 2016 with the Employer's amendments. Employer: Drake Point Developments Ltd. "
           "Contractor: Tamar Construction plc.")
    b.heading("1. Variation Procedure")
    b.para("1.1 A \"Change Order\" is a written instruction of the Employer's Agent that alters the design, quality or quantity of the Works, "
           "numbered consecutively in the register below.")
    b.para("1.2 The Contractor shall submit a quotation within ", dele("14 working days", COLM, "2026-08-19"), ins("10 working days", COLM, "2026-08-19"),
           " of receiving a request for a Change Order.")
    b.para("1.3 Quotations shall include a breakdown of labour, plant and materials ",
           ins("and any effect on the completion date", COLM, "2026-08-19"), ".")
    b.para("1.4 Daywork rates are those of the contract's priced schedule, uplifted by ",
           dele("12 per cent", COLM, "2026-08-19"), ins("9 per cent", COLM, "2026-08-19"), " for overheads and profit.")
    b.filler(2)
    b.heading("2. Approval Limits")
    b.para("2.1 The Employer's Agent may approve a Change Order up to GBP 25,000 without reference to the Employer, "
           "except as provided in section 5.")
    b.para("2.2 Change Orders that extend the completion date by more than ",
           com("five working days", AISHA, "2026-08-21", "Design team view: the threshold should be cumulative across all Change Orders, not per order."),
           " need the Employer's approval.")
    b.filler(2)
    b.heading("3. Change Order Register")
    b.para("Values in brackets are omissions (savings). Status as at 30 September 2026.")
    b.table([cells(*CO_H)] + [cells(*r) for r in o])
    b.filler(1)
    b.heading("4. Programme")
    b.para("4.1 The contractual completion date is ", dele("12 March 2027", AISHA, "2026-08-21"), ins("26 March 2027", AISHA, "2026-08-21"),
           " after the extensions granted to date.")
    b.para("4.2 Liquidated damages are GBP 6,800 per week or part week of delay",
           com("GBP 6,800 per week", COLM, "2026-08-22", "The Employer asked whether this should rise for the retail units; no, the contract sum was priced on this rate."), ".")
    b.filler(2)
    b.heading("5. Health and Safety Variations")
    b.para("Any Change Order needed to remove an immediate danger to health and safety may be instructed by the site manager and approved "
           "retrospectively, whatever its value, within 48 hours.")
    b.filler(1)

    pend = [r for r in o if r[6] == "Pending valuation"]
    multi(b, "Which change orders are still awaiting valuation?", CO_H, [(r[0], r[6]) for r in pend], tags=("whole_group",))
    multi(b, "List all the variations the client asked for, with their value.", CO_H,
          [(r[0], "Client", r[4]) for r in o if r[3] == "Client"], tags=("whole_group", "synonym"))
    multi(b, "Which COs were rejected?", CO_H, [(r[0], "Rejected") for r in o if r[6] == "Rejected"], tags=("whole_group",))
    multi(b, "Every change order that added time to the programme - number and days.", CO_H,
          [(r[0], r[5]) for r in o if r[5] != "0"], tags=("condition",))
    multi(b, "Give me the description of each change order in the register.", CO_H, [(r[0], r[2]) for r in o], tags=("whole_table",))
    t = o[-1]
    multi(b, f"What is {t[0]} about and what is it worth?", CO_H, [(t[0], t[2], t[4])], category="table_tail")
    t = o[-4]
    multi(b, f"Who raised change order {t[0]} and when?", CO_H, [(t[0], t[3], t[1])], category="table_tail")
    b.ask("revision_run", "What did Colm Brennan change in the variation procedure?",
          "Quotation period cut from 14 to 10 working days; quotations must show any effect on the completion date; daywork uplift cut from 12 to 9 per cent.",
          evidence=["of receiving a request for a Change Order", "and any effect on the completion date", "for overheads and profit"],
          attribution=[(COLM, "and any effect on the completion date"), (COLM, "10 working days"), (COLM, "9 per cent")])
    b.ask("revision", "Who moved the completion date, and to when?", "Aisha Karimi, from 12 March 2027 to 26 March 2027.",
          evidence=["26 March 2027"], attribution=[(AISHA, "26 March 2027")])
    b.ask("comment", "What did Aisha Karimi comment on the extension-of-time threshold?",
          "That the five-working-day threshold should be cumulative across all Change Orders, not per order.",
          evidence=["the threshold should be cumulative across all Change Orders"],
          attribution=[(AISHA, "the threshold should be cumulative across all Change Orders")])
    b.ask("comment", "Colm's note about liquidated damages for the shops?",
          "The Employer asked whether LDs should rise for retail units; Colm Brennan said no, the contract sum was priced on this rate.",
          evidence=["the contract sum was priced on this rate"], attribution=[(COLM, "the contract sum was priced on this rate")])
    b.ask("cross_section", "Can the Employer's Agent sign off a GBP 60,000 emergency variation for a safety risk without the Employer?",
          "Yes: the GBP 25,000 limit does not apply under section 5; it may be instructed by the site manager and approved retrospectively within 48 hours.",
          evidence=["may approve a Change Order up to GBP 25,000", "approved retrospectively, whatever its value, within 48 hours"])
    b.ask("definition", "Who has to issue a change order for it to be valid?", "The Employer's Agent, in writing.",
          evidence=["is a written instruction of the Employer's Agent"])
    b.ask("plain", "What are the liquidated damages on Harbour Quay?", "GBP 6,800 per week or part week of delay.",
          evidence=["GBP 6,800 per week"])
    b.ask("header_footer", "Which revision of the change order register is this?", "Revision 11 (HQC-CO-REG rev 11), 30 September 2026.",
          evidence=["HQC-CO-REG rev 11"])
    return b.finish(header="HQC-CO-REG rev 11 | Tamar Construction plc", footer="Status date 30 September 2026 - commercially confidential")


def lease() -> Family:
    b = new("blind_commercial_lease_draft", "rtf", "Lease of Unit 4, Mercer Yard, Nottingham - Draft for Approval", 8100, "legal")
    JUDE, SAMIR, CLARE = "Jude Whitfield", "Samir Haddad", "Clare Dunmore"
    b.para("Landlord: Mercer Yard Estates Limited. Tenant: Loop & Stitch Cycles Limited. Guarantor: Ms Harriet Loop.")
    b.heading("1. Definitions")
    b.para('"Permitted Use" means the retail sale, hire and repair of bicycles and cycling accessories, with ancillary cafe use of up to 20 per cent of the net internal area.')
    b.para('"Rent Commencement Date" means the date falling six months after the Term Commencement Date.')
    b.para('"Service Charge Year" means each year ending on 30 June.')
    b.filler(1)
    b.heading("2. Term and Rent")
    b.para("2.1 The term is ", dele("ten years", JUDE, "2026-10-20"), ins("fifteen years", JUDE, "2026-10-20"), " from and including 1 February 2027.")
    b.para("2.2 The initial rent is GBP 38,500 per annum exclusive of VAT, payable quarterly in advance on the usual quarter days ",
           ins("from the Rent Commencement Date", JUDE, "2026-10-20"), ".")
    b.para("2.3 The rent is reviewed upwards only on every ", dele("third", JUDE, "2026-10-20"), ins("fifth", JUDE, "2026-10-20"),
           " anniversary of the Term Commencement Date to open market rent.")
    b.filler(2)
    b.heading("3. Rent Review Schedule")
    b.table([
        cells("Review Date", "Basis", "Cap", "Collar"),
        [cell("1 February 2032"), cell("Open market rent", vmerge="restart"), cell("None", vmerge="restart"), cell("Passing rent", vmerge="restart")],
        [cell("1 February 2037"), cell("", vmerge="continue"), cell("", vmerge="continue"), cell("", vmerge="continue")],
        [cell("1 February 2042 (if renewed)"), cell("To be agreed under a new lease", span=3)],
    ])
    b.filler(1)
    b.heading("4. Tenant's Covenants")
    b.para("4.1 The Tenant shall keep the interior of the premises in good and substantial repair, ",
           com("excluding the roof and structure", SAMIR, "2026-10-22", "Tenant will accept a schedule of condition but not responsibility for the 1960s roof."),
           ", subject to clause 9.2.")
    b.para("4.2 The Tenant shall not use the premises other than for the Permitted Use.")
    b.para("4.3 The Tenant shall not display signage on the shop front ",
           dele("without the Landlord's consent", SAMIR, "2026-10-22"),
           ins("other than in the position shown on Plan 2", SAMIR, "2026-10-22"), ".")
    b.para("4.4 The Tenant may share occupation with a company in its group ",
           ins("provided no relationship of landlord and tenant is created", SAMIR, "2026-10-22"), ".")
    b.filler(2)
    b.heading("5. Service Charge")
    b.para("5.1 The Tenant shall pay 11.6 per cent of the costs of services to the estate",
           b.footnote("The percentage is the floor area of Unit 4 (2,140 sq ft) divided by the total lettable area of Mercer Yard."), ".")
    b.para("5.2 The service charge in any Service Charge Year is ",
           com("capped", CLARE, "2026-10-25", "Landlord can only accept a cap for the first three Service Charge Years."), " at GBP 4.25 per square foot.")
    b.filler(2)
    b.heading("6. Break Option")
    b.para("6.1 The Tenant may end this Lease on 1 February 2032 by giving not less than ",
           dele("twelve months'", CLARE, "2026-10-25"), ins("six months'", CLARE, "2026-10-25"), " written notice to the Landlord.")
    b.para("6.2 The break is conditional on the Tenant having paid the ",
           com("principal rent", JUDE, "2026-10-26", "Agreed with Clare on the call: only principal rent, not service charge or interest."), " due up to the break date.")
    b.filler(2)
    b.heading("9. Insured Risks")
    b.para("9.1 The Landlord shall insure the building against the Insured Risks for its full reinstatement cost.")
    b.para("9.2 The Tenant's repairing obligation does not extend to damage caused by an Insured Risk unless the insurance is vitiated by the Tenant's act or default.")
    b.filler(1)

    rh = ("Review Date", "Basis", "Cap", "Collar")
    multi(b, "Is there a collar at the 2037 rent review?", rh, [("1 February 2037", "Passing rent")], category="table_merged",
          answer="Yes, the passing rent (upwards-only); no cap.")
    b.ask("revision_run", "Show Jude Whitfield's edits to the term and rent clause.",
          "Term extended from ten to fifteen years; rent payable from the Rent Commencement Date; review interval changed from every third to every fifth anniversary.",
          evidence=["from and including 1 February 2027", "from the Rent Commencement Date", "anniversary of the Term Commencement Date to open market rent"],
          attribution=[(JUDE, "fifteen years"), (JUDE, "from the Rent Commencement Date"), (JUDE, "fifth")])
    b.ask("revision_run", "What changes did Samir Haddad make to the tenant's covenants?",
          "Signage allowed in the position shown on Plan 2 instead of needing consent, and group sharing allowed provided no landlord-tenant relationship is created.",
          evidence=["other than in the position shown on Plan 2", "without the Landlord's consent", "provided no relationship of landlord and tenant is created"],
          attribution=[(SAMIR, "other than in the position shown on Plan 2"), (SAMIR, "provided no relationship of landlord and tenant is created")])
    b.ask("revision", "shop front signage - who changed the rule and how?",
          "Samir Haddad replaced 'without the Landlord's consent' with 'other than in the position shown on Plan 2'.",
          evidence=["other than in the position shown on Plan 2"], attribution=[(SAMIR, "other than in the position shown on Plan 2")])
    b.ask("revision", "Who shortened the break notice period?", "Clare Dunmore, from twelve to six months.",
          evidence=["written notice to the Landlord"], attribution=[(CLARE, "six months'")])
    b.ask("revision", "Was the length of the lease changed in the draft?", "Yes, Jude Whitfield changed ten to fifteen years.",
          evidence=["from and including 1 February 2027"], attribution=[(JUDE, "fifteen years")])
    b.ask("comment", "What did Clare Dunmore say about the service charge cap?", "Landlord accepts a cap only for the first three Service Charge Years.",
          evidence=["only accept a cap for the first three Service Charge Years"],
          attribution=[(CLARE, "only accept a cap for the first three Service Charge Years")])
    b.ask("comment", "What did Samir Haddad remark on the roof?", "Tenant will accept a schedule of condition but not responsibility for the 1960s roof.",
          evidence=["not responsibility for the 1960s roof"], attribution=[(SAMIR, "not responsibility for the 1960s roof")])
    b.ask("cross_section", "If the shop is damaged by fire, does Loop & Stitch have to repair it?",
          "Not under its repair covenant: clause 9.2 excludes damage by an Insured Risk unless the Tenant vitiated the insurance.",
          evidence=["keep the interior of the premises in good and substantial repair", "does not extend to damage caused by an Insured Risk"])
    b.ask("definition", "When does the tenant start paying rent?",
          "From the Rent Commencement Date, six months after the Term Commencement Date of 1 February 2027.",
          evidence=["from the Rent Commencement Date", "six months after the Term Commencement Date"])
    b.ask("definition", "Could the tenant run a cafe in the unit?", "Only as ancillary use of up to 20 per cent of the net internal area (Permitted Use).",
          evidence=["ancillary cafe use of up to 20 per cent of the net internal area", "other than for the Permitted Use"])
    b.ask("footnote", "How big is Unit 4?", "2,140 sq ft.", evidence=["2,140 sq ft"])
    b.ask("plain", "What's the starting rent for the Mercer Yard unit?", "GBP 38,500 per annum exclusive of VAT.",
          evidence=["GBP 38,500 per annum"])
    b.ask("plain", "service charge share?", "11.6 per cent of the estate service costs.", evidence=["11.6 per cent"])
    b.ask("header_footer", "What's the draft number and date of the Mercer Yard lease?", "Draft 3 of 26 October 2026 (MYE/LSC/0412).",
          evidence=["MYE/LSC/0412 - draft 3 - 26 October 2026"])
    return b.finish(header="MYE/LSC/0412 - draft 3 - 26 October 2026", footer="Subject to contract and to the Landlord's board approval")
