"""Operations: an IT incident post-mortem (DOCX, reviewers' changes and comments, a timeline and
an action table with merged owner cells) and a warehouse safety manual (HTML, tracked changes,
merged PPE cells, document-control lines in the body)."""

from __future__ import annotations

from benchmarks.quality.docmodel import Com, Del, Ins, cell

from benchmarks.quality.devsets import Family, add_table, builder, merged, parse, prose

# ---------------------------------------------------------------- incident post-mortem

TIMELINE_HEADER = ("Time (BST)", "Event", "Source")
TIMELINE_ROWS = parse("""
09:31 | Change CHG-88217 (TLS certificate rotation on HSM proxy pool B) starts | Change calendar
09:42 | First authorisation timeouts on acquirer link ACQ-2 | Gateway logs
09:44 | Alert PAY-AUTH-RATE fires; on-call SRE paged | PagerDuty
09:51 | On-call SRE acknowledges page | PagerDuty
09:58 | Incident declared Severity 2 | Incident channel
10:06 | Contact centre reports a spike in card decline complaints | Contact centre
10:12 | Upgraded to Severity 1; Major Incident Manager Tom Reyes takes command | Incident channel
10:25 | ROLLBACK
10:41 | Acquirer Fenmoor Payments confirms no fault on its side | Supplier call
10:55 | Decision to fail over to HSM proxy pool A | Bridge call
11:09 | Failover to pool A starts | Runbook RB-PAY-12
11:34 | Pool A saturated at 70 % of normal load; gateway throttling | Gateway metrics
11:48 | Emergency certificate issued by the PKI team | PKI ticket
12:03 | New certificate deployed to pool B | Deployment log
12:17 | Authorisation success rate above 99.5 % for 15 minutes | Gateway metrics
12:30 | Customer communications issued on app and website | Communications team
13:05 | Incident resolved; enhanced monitoring period starts | Incident channel
16:40 | Major incident closed by Tom Reyes | ServiceNow
""")

ACTION_HEADER = ("ID", "Action", "Owner", "Due", "Status")
ACTION_ROWS = parse("""
A-01 | Make certificate rotation two-phase: add, confirm propagation, then revoke | Platform Engineering | 30 Nov 2026 | Done
A-02 | Add a propagation check to the change template for HSM proxies | Platform Engineering | 15 Dec 2026 | In progress
A-03 | Resize HSM proxy pool A to carry 100 % of peak load | Infrastructure | 31 Dec 2026 | In progress
A-04 | Quarterly failover test between HSM proxy pools A and B | Infrastructure | 28 Feb 2027 | Not started
A-05 | Lower PAY-AUTH-RATE alert threshold to 97 % | Site Reliability Engineering | 31 Oct 2026 | Done
A-06 | Page the secondary on-call if a page is not acknowledged within 5 minutes | Site Reliability Engineering | 31 Oct 2026 | Done
A-07 | Contact centre script for card decline incidents | Customer Operations | 15 Nov 2026 | Done
A-08 | Refund process for fees caused by declined payments | Customer Operations | 20 Nov 2026 | Done
A-09 | Review who can revoke certificates in the PKI | Information Security | 18 Dec 2026 | In progress
A-10 | Add the payments gateway to the annual operational resilience scenario test | Operational Resilience | 31 Mar 2027 | Not started
""")


def incident_review() -> Family:
    b = builder("pir_2026_041_card_payments_outage", "docx",
                "Post-Incident Review PIR-2026-041 — Card Payments Outage, 14 October 2026", 811_004, "quality")
    tom, priyanka, marcus, kaya = "Tom Reyes", "Priyanka Desai", "Marcus Elton", "Elif Kaya"
    dt, dp, dm, de = "2026-11-02", "2026-11-04", "2026-11-09", "2026-11-10"

    b.heading("1. Summary")
    b.para("Between 09:42 and 12:17 BST on 14 October 2026, card authorisations through the Corrastone payments "
           "gateway failed for 61 % of attempts.")
    fn_count = b.footnote("Figure taken from the acquirer's decline report; 11,900 of these transactions were retried "
                          "successfully within the same hour.")
    b.para("In total 184,300 card transactions were declined", fn_count, ", and 2,140 customers contacted the contact "
           "centre about declined payments.")
    b.para("The incident was declared Severity 1 under the Major Incident Standard at 10:12. No customer data was lost "
           "or exposed.")
    prose(b)
    b.heading("2. Terms Used in This Review")
    b.bullet("Customer Impact Window: the period from the first failed authorisation until the authorisation success "
             "rate has stayed above 99.5 % for 15 consecutive minutes.")
    b.bullet("Contributing factor: a condition that did not cause the incident on its own but increased its duration "
             "or impact.")
    b.bullet("Standard change: a pre-approved, low-risk change that follows a documented procedure and does not need "
             "review by the Change Advisory Board.")
    b.bullet("Impact tolerance: the maximum tolerable disruption to an Important Business Service, set by the Board.")
    prose(b)
    b.heading("3. Timeline")
    b.para("All times are BST on 14 October 2026.")
    rows: list[list[object]] = []
    for r in TIMELINE_ROWS:
        if r[1] == "ROLLBACK":
            rows.append([r[0], cell(Com("Rollback of CHG-88217 attempted; it fails because the previous certificate "
                                        "had already been revoked", tom, dt,
                                        "The change plan never said the old certificate would be revoked at 09:33, "
                                        "so rollback was impossible from the start.")), "Change record"])
        else:
            rows.append(list(r))
    add_table(b, TIMELINE_HEADER, rows)
    prose(b)
    b.heading("4. Root Cause")
    b.para("The root cause was that change CHG-88217 revoked the outgoing TLS certificate before the new certificate "
           "had propagated to all 12 proxy nodes in HSM proxy pool B.")
    b.para("CHG-88217 was raised by the Platform Engineering team on 9 October 2026.")
    prose(b)
    b.heading("5. Contributing Factors")
    b.bullet("CF1: The rollback plan for CHG-88217 had not been tested and assumed that the previous certificate would "
             "remain valid.")
    b.bullet("CF2: HSM proxy pool A is sized for 50 % of peak load, so the failover at 11:09 could not carry full "
             "traffic.")
    b.bullet("CF3: The PAY-AUTH-RATE alert fired only when the authorisation success rate fell below 90 %.")
    b.bullet(Ins("CF4: The change affected an Important Business Service but was still classified as a standard "
                 "change.", kaya, de))
    prose(b)
    b.heading("6. Customer Impact and Regulatory Notification")
    fn_tol = b.footnote("The impact tolerance was set by the Board on 22 March 2025 and is reviewed every year in "
                        "March.")
    b.para("The incident breached the impact tolerance for the Important Business Service \u2018Make a card "
           "payment\u2019, which is a maximum tolerable disruption of 2 hours", fn_tol, ".")
    b.para("The FCA and the PRA were notified at 15:20 on 14 October 2026; a final incident report is due to both "
           "regulators by 11 November 2026.")
    b.para("Customers who paid a fee because a card payment was declined will be refunded up to GBP 25 each on "
           "request; claims can be made until 31 December 2026.")
    b.heading("7. What Went Well")
    b.bullet("The contact centre had a holding message on the IVR within 20 minutes of the first complaints.")
    b.bullet("The acquirer joined the bridge call within 15 minutes of being asked.")
    prose(b)
    b.heading("8. Actions")
    arows: list[list[object]] = []
    for ar in merged(ACTION_ROWS, 2):
        if ar[0] == "A-03":
            ar[3] = cell(Del("31 Dec 2026", marcus, dm), Ins("31 Jan 2027", marcus, dm))
        if ar[0] == "A-05":
            ar[4] = cell(Com("Done", priyanka, dp, "97 % will page people all night; propose 97 % from 07:00 to 23:00 "
                                                  "and 95 % overnight."))
        arows.append(ar)
    add_table(b, ACTION_HEADER, arows)
    b.heading("9. Sign-off")
    b.para("This review was approved by the Technology Risk Committee on 18 November 2026, subject to action A-03 "
           "being tracked at the Operational Resilience Forum.")
    prose(b)

    b.ask("header_footer", "Who owns the card payments outage review document?",
          "Priyanka Desai, Head of Site Reliability Engineering.",
          evidence=["Priyanka Desai, Head of Site Reliability Engineering"])
    b.ask("header_footer", "How is PIR-2026-041 classified?",
          "INTERNAL – RESTRICTED.", evidence=["Classification: INTERNAL \u2013 RESTRICTED"])
    b.ask("plain", "How long were card payments failing on 14 October?",
          "From 09:42 to 12:17 BST, about 2 hours 35 minutes.",
          evidence=["Between 09:42 and 12:17 BST on 14 October 2026"])
    b.ask("plain", "How many customers called in about declined cards during the Corrastone outage?",
          "2,140.", evidence=["2,140 customers contacted the contact centre"])
    b.ask("plain", "Can customers get back fees they were charged because of the declined card payments, and is "
          "there a deadline?",
          "Yes, up to GBP 25 each on request, with claims until 31 December 2026.",
          evidence=["refunded up to GBP 25 each on request", "claims can be made until 31 December 2026"])
    b.ask("definition", "In the payments PIR, at what point does the customer impact window end?",
          "When the authorisation success rate has stayed above 99.5 % for 15 consecutive minutes.",
          evidence=["until the authorisation success rate has stayed above 99.5 % for 15 consecutive minutes"])
    b.ask("definition", "As the card outage review uses the term, what is a standard change?",
          "A pre-approved, low-risk change following a documented procedure, not needing CAB review.",
          evidence=["a pre-approved, low-risk change that follows a documented procedure"])
    b.ask("cross_section", "Did the 14 October card outage break the bank's impact tolerance?",
          "Yes: the tolerance is 2 hours and the disruption ran from 09:42 to 12:17.",
          evidence=["maximum tolerable disruption of 2 hours", "Between 09:42 and 12:17 BST on 14 October 2026"])
    b.ask("cross_section", "What was the payment alert threshold during the incident, and what is it being changed "
          "to?",
          "It fired only below 90 % success; action A-05 lowers the threshold to 97 %.",
          evidence=["fired only when the authorisation success rate fell below 90 %",
                    "Lower PAY-AUTH-RATE alert threshold to 97 %"])
    b.ask("footnote", "How many of the declined transactions went through when customers retried?",
          "11,900, within the same hour.",
          evidence=["11,900 of these transactions were retried successfully within the same hour"])
    b.ask("footnote", "When was the card payment impact tolerance set, and how often is it reviewed?",
          "Set by the Board on 22 March 2025; reviewed every year in March.",
          evidence=["set by the Board on 22 March 2025 and is reviewed every year in March"])
    b.ask("revision", "Who added the fourth contributing factor to the outage review, and what does it say?",
          "Elif Kaya: the change affected an Important Business Service but was still classified as a standard change.",
          evidence=["affected an Important Business Service but was still classified as a standard change"],
          attribution=[(kaya, "affected an Important Business Service but was still classified as a standard "
                                "change")])
    b.ask("revision", "The deadline for resizing HSM pool A was moved. Who moved it, and to when?",
          "Marcus Elton moved A-03 from 31 Dec 2026 to 31 Jan 2027.",
          evidence=["31 Jan 2027"], attribution=[(marcus, "31 Jan 2027"), (marcus, "31 Dec 2026")])
    b.ask("comment", "What did the major incident manager note about the failed rollback?",
          "Tom Reyes: the change plan never said the old certificate would be revoked at 09:33, so rollback was "
          "impossible from the start.",
          evidence=["rollback was impossible from the start"],
          attribution=[(tom, "rollback was impossible from the start")])
    b.ask("comment", "Is Priyanka comfortable with the new 97 % alert threshold?",
          "Not entirely: it would page all night; she proposes 97 % from 07:00 to 23:00 and 95 % overnight.",
          evidence=["propose 97 % from 07:00 to 23:00 and 95 % overnight"],
          attribution=[(priyanka, "propose 97 % from 07:00 to 23:00 and 95 % overnight")])
    b.ask("table_tail", "At what time was the card payments major incident formally closed?",
          "16:40, by Tom Reyes.", rows=[("16:40", "Major incident closed by Tom Reyes")])
    b.ask("table_tail", "When did customer comms go out on the app and website during the outage?",
          "12:30.", rows=[("12:30", "Customer communications issued on app and website")])
    b.ask("table_merged", "Which team owns the quarterly failover test between the HSM pools?",
          "Infrastructure (A-04, due 28 Feb 2027).", rows=[("A-04", "Infrastructure")])
    b.ask("table_merged", "Who is responsible for the refund process action from the card outage?",
          "Customer Operations (A-08).", rows=[("A-08", "Customer Operations")])
    b.ask("table_cell", "What time did the on-call engineer acknowledge the page?",
          "09:51, seven minutes after the alert.", rows=[("09:51", "On-call SRE acknowledges page")])
    return b.finish(header="Corrastone Bank plc · Technology Risk · PIR-2026-041 · v1.2 final draft · "
                           "Classification: INTERNAL \u2013 RESTRICTED",
                    footer="Document owner: Priyanka Desai, Head of Site Reliability Engineering · Next review: "
                           "31 January 2027")


# ---------------------------------------------------------------- warehouse safety manual

PPE_HEADER = ("Zone", "Activity", "Additional PPE")
PPE_ROWS = parse("""
Goods In | Unloading trailers | Gloves with grip coating
Goods In | Operating dock levellers | Gloves with grip coating
Chilled Chamber | Picking and replenishment | Thermal jacket, thermal gloves and hat
Chilled Chamber | Cleaning and sanitising | Thermal jacket, thermal gloves and hat
Battery Charging Room | Battery changing | Face visor, acid-resistant gauntlets and apron
Battery Charging Room | Topping up electrolyte | Face visor, acid-resistant gauntlets and apron
Mezzanine | Picking | Bump cap
Mezzanine | Goods lift loading | Bump cap
Yard | Shunting trailers | High-visibility jacket with reflective tape
Yard | Gatehouse duties | High-visibility jacket with reflective tape
Returns | Opening damaged cartons | Cut-resistant gloves and safety glasses
Returns | Compaction and baling | Cut-resistant gloves, safety glasses and ear defenders
""")

MHE_HEADER = ("Equipment", "Pre-use Check", "Thorough Examination", "Planned Service")
MHE_ROWS = parse("""
Counterbalance forklift | Every shift | Every 12 months (LOLER) | Every 500 hours
Reach truck | Every shift | Every 12 months (LOLER) | Every 500 hours
VNA turret truck | Every shift | Every 6 months (LOLER, carries people) | Every 400 hours
Powered pallet truck | Every shift | Not required | Every 6 months
Low-level order picker | Every shift | Every 6 months (LOLER, carries people) | Every 400 hours
Hand pallet truck | Daily | Not required | Every 12 months
Scissor lift | Before each use | Every 6 months (LOLER) | Every 6 months
Dock leveller | Daily | Every 12 months | Every 6 months
Pallet racking | Weekly visual check | Every 12 months by a SEMA approved inspector | Not applicable
Roller shutter doors | Daily | Not applicable | Every 6 months
Goods lift | Daily | Every 6 months (LOLER) | Every 3 months
Yard shunter | Every shift | Not applicable | Every 250 hours
Battery chargers | Weekly | Annual electrical test (PAT) | Every 12 months
""")


def safety_manual() -> Family:
    b = builder("redfern_wh3_warehouse_safety_manual", "html",
                "Redfern Distribution — Warehouse Safety Manual, WH3 Corby", 811_006, "technical")
    aisha, martin = "Aisha Bello", "Martin Kowalczyk"
    da, dm = "2026-12-02", "2026-12-15"

    b.para("Document control: this manual is reviewed every 12 months; next review due by 4 January 2028. Approved by "
           "Martin Kowalczyk, General Manager, on 15 December 2026.")
    b.heading("1. Purpose and Scope")
    b.para("This manual sets out the safety rules for everyone working at or visiting Redfern's WH3 warehouse at "
           "Corby, including agency workers and contractors. It supplements the Redfern Group Health and Safety "
           "Policy.")
    prose(b)
    b.heading("2. Definitions")
    b.bullet("Authorised Operator: a person who holds a valid Redfern licence for the specific category of lift truck "
             "and has been signed off on the WH3 site familiarisation.")
    b.bullet("Pedestrian Exclusion Zone: any area marked with red hatching, including the 3-metre zone around a dock "
             "leveller in use.")
    b.bullet("Near Miss: an unplanned event that did not cause injury or damage but could have done.")
    b.bullet("Lone Working: working where no other person can see or hear you for more than 15 minutes.")
    b.heading("3. General Site Rules")
    b.para("Hi-visibility clothing must be worn at all times in the warehouse and on the yard; visitors must be "
           "escorted.")
    b.para("The speed limit for lift trucks is 8 km/h inside the warehouse and ", Del("20 km/h", aisha, da),
           Ins("15 km/h", aisha, da), " on the yard, except in the very narrow aisles (see section 7.4).")
    b.para("Pedestrians must not enter a Pedestrian Exclusion Zone unless the lift truck operator has stopped and "
           "acknowledged them.")
    b.para("Mobile phones must not be used while operating any lift truck or while walking in a marked traffic route.")
    b.filler(1)
    b.heading("4. Personal Protective Equipment")
    b.para("Safety boots and hi-vis are the minimum everywhere on site. Additional PPE by zone is shown below.")
    add_table(b, PPE_HEADER, merged(merged(PPE_ROWS, 0), 2))
    fn_thermal = b.footnote("Thermal PPE is replaced free on request; employees must not wear their own thermal "
                            "clothing in the Chilled Chamber.")
    b.para("Thermal PPE is issued free of charge", fn_thermal, ".")
    prose(b)
    b.heading("5. Lift Trucks and Mechanical Handling Equipment")
    b.para("Only Authorised Operators may drive lift trucks.")
    b.para("Pre-use checks must be completed on the MHE app at the start of every shift; a truck that fails any check "
           "must be parked in the quarantine bay and tagged out.")
    add_table(b, MHE_HEADER, MHE_ROWS)
    prose(b)
    b.heading("6. Racking")
    b.para("Damage rated red under the SEMA traffic-light system must be offloaded and isolated immediately; amber "
           "damage must be repaired within four weeks.")
    b.para("Only the Racking Safety Person may reposition rack beams.")
    prose(b)
    b.heading("7. Traffic Management")
    b.heading("7.4 Very Narrow Aisles", 2)
    fn_vna = b.footnote("Aisles 14 to 22 are wire-guided; turret trucks must not be driven manually in these aisles "
                        "except to recover a breakdown under supervision.")
    b.para("In the very narrow aisles, aisles 14 to 22, the speed limit is 6 km/h and pedestrians are not allowed while "
           "a turret truck is in the aisle", fn_vna, ".")
    b.filler(1)
    b.heading("8. Emergency Procedures")
    b.para("The fire alarm is tested every Wednesday at 10:30; if the alarm sounds at any other time, evacuate.")
    b.para("Assembly point A is the staff car park by Gate 2; night shift uses assembly point B, ",
           Del("the gatehouse", martin, dm), Ins("the lorry park beside the weighbridge", martin, dm), ".")
    prose(b)
    b.heading("9. Accident and Near Miss Reporting")
    b.para("Every accident and Near Miss must be reported on the SafeTrack app before the end of the shift in which it "
           "happened.")
    b.para("The Site Health and Safety Manager reports injuries that keep someone off work for more than seven days to "
           "the HSE under RIDDOR within 15 days of the accident.")
    b.heading("10. Lone Working")
    b.para("Lone Working in the Chilled Chamber or the Battery Charging Room is not permitted.")
    prose(b)
    b.para("Emergency contacts: Site security 01536 772 900 (24 hours); first aid on radio channel 3; duty manager "
           "07700 900 417.")

    b.ask("header_footer", "When is the WH3 safety manual next due for review?",
          "By 4 January 2028 (reviewed every 12 months).", evidence=["next review due by 4 January 2028"])
    b.ask("header_footer", "What issue of the Corby warehouse safety manual is this, and when did it take effect?",
          "Issue 7, effective 5 January 2027.", evidence=["Issue 7", "Effective 5 January 2027"])
    b.ask("header_footer", "What's the number for site security at Redfern WH3?",
          "01536 772 900, staffed 24 hours.", evidence=["Site security 01536 772 900"])
    b.ask("plain", "How soon must an accident or near miss be logged at WH3?",
          "On the SafeTrack app before the end of the shift in which it happened.",
          evidence=["reported on the SafeTrack app before the end of the shift"])
    b.ask("plain", "What day and time is the fire alarm tested at the Corby warehouse?",
          "Every Wednesday at 10:30.", evidence=["tested every Wednesday at 10:30"])
    b.ask("definition", "When does someone count as working alone under Redfern's WH3 rules?",
          "When no other person can see or hear them for more than 15 minutes.",
          evidence=["no other person can see or hear you for more than 15 minutes"])
    b.ask("definition", "Who is allowed to drive a reach truck at WH3, i.e. who is an authorised operator?",
          "Someone with a valid Redfern licence for that truck category and WH3 site familiarisation sign-off.",
          evidence=["holds a valid Redfern licence for the specific category of lift truck"])
    b.ask("cross_section", "Does the 8 km/h warehouse speed limit also apply in the VNA aisles?",
          "No: the very narrow aisles (14 to 22) have a 6 km/h limit.",
          evidence=["8 km/h inside the warehouse", "the speed limit is 6 km/h"])
    b.ask("cross_section", "Can a driver walk round next to a dock leveller that's in use at Corby?",
          "Only if the lift truck operator has stopped and acknowledged them: the 3-metre zone around a dock leveller "
          "in use is a Pedestrian Exclusion Zone.",
          evidence=["including the 3-metre zone around a dock leveller in use",
                    "Pedestrians must not enter a Pedestrian Exclusion Zone unless the lift truck operator has stopped"])
    b.ask("footnote", "Can staff wear their own thermal coat in the chiller at WH3?",
          "No; thermal PPE is issued and replaced free, and own thermal clothing must not be worn there.",
          evidence=["must not wear their own thermal clothing in the Chilled Chamber"])
    b.ask("footnote", "Is it ever OK to drive a turret truck manually in aisle 18?",
          "Only to recover a breakdown under supervision; the aisles are wire-guided.",
          evidence=["except to recover a breakdown under supervision"])
    b.ask("revision", "Who lowered the yard speed limit in the WH3 manual, and to what?",
          "Aisha Bello, from 20 km/h to 15 km/h.",
          evidence=["15 km/h"], attribution=[(aisha, "15 km/h"), (aisha, "20 km/h")])
    b.ask("revision", "Has the night-shift assembly point at Corby moved?",
          "Yes, Martin Kowalczyk changed it from the gatehouse to the lorry park beside the weighbridge.",
          evidence=["the lorry park beside the weighbridge"],
          attribution=[(martin, "the lorry park beside the weighbridge")])
    b.ask("table_tail", "How often does the yard shunter get serviced?",
          "Every 250 hours.", rows=[("Yard shunter", "Every 250 hours")])
    b.ask("table_tail", "How are the battery chargers at WH3 examined?",
          "An annual electrical test (PAT); weekly pre-use checks.",
          rows=[("Battery chargers", "Annual electrical test (PAT)")])
    b.ask("table_merged", "What extra PPE do I need when cleaning in the chilled chamber?",
          "Thermal jacket, thermal gloves and hat.",
          rows=[("Cleaning and sanitising", "Thermal jacket, thermal gloves and hat")])
    b.ask("table_merged", "What protective gear is required for topping up battery electrolyte?",
          "Face visor, acid-resistant gauntlets and apron.",
          rows=[("Topping up electrolyte", "Face visor, acid-resistant gauntlets and apron")])
    b.ask("table_cell", "How often does the racking need an expert inspection?",
          "Every 12 months by a SEMA approved inspector.",
          rows=[("Pallet racking", "Every 12 months by a SEMA approved inspector")])
    return b.finish(header="Controlled document RD-HS-WH3-001 · Issue 7 · Effective 5 January 2027 · Owner: Site "
                           "Health and Safety Manager",
                    footer="Redfern Distribution Ltd · Registered in England No. 06673219 · WH3, Brunel Park, Corby "
                           "NN17 5JX · Printed copies are uncontrolled")
