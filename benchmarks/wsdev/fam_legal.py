"""Legal documents: a services agreement in negotiation (tracked changes by three named
reviewers, comments) and an insurance schedule in RTF (broker's changes, risk manager's
comments, merged class and depot cells)."""

from __future__ import annotations

from benchmarks.quality.docmodel import Com, Del, Ins, cell

from benchmarks.quality.devsets import Family, add_table, builder, merged, parse, pick, prose

# ---------------------------------------------------------------- services agreement

SL_HEADER = ("Ref", "Service", "Measure", "Target", "Service Credit")
SL_ROWS = parse("""
SL-01 | Patient Records Service availability | Monthly uptime, 07:00 to 22:00 | 99.8 % | 5 %
SL-02 | Patient Records Service availability, out of hours | Monthly uptime, other hours | 99.0 % | 2 %
SL-03 | Critical Incident response | Time to engineer engaged | 15 minutes | 5 %
SL-04 | Critical Incident resolution | Time to workaround or fix | 4 hours | 5 %
SL-05 | Priority 2 incident response | Time to engineer engaged | 1 hour | 2 %
SL-06 | Priority 2 incident resolution | Time to workaround or fix | 1 Business Day | 2 %
SL-07 | Priority 3 incident resolution | Time to fix | 5 Business Days | 1 %
SL-08 | Service desk call answering | Calls answered within 60 seconds | 90 % | 1 %
SL-09 | Service desk abandonment | Calls abandoned before answer | below 5 % | 1 %
SL-10 | Pathology results interface | Messages delivered within 10 minutes | 99.5 % | 2 %
SL-11 | Radiology orders interface | Messages delivered within 10 minutes | 99.6 % | 2 %
SL-12 | Nightly backup | Failed backups per month | Zero | 2 %
SL-13 | Restore test | Full restore completed | 1 per quarter | 1 %
SL-14 | Security patching, critical | Days from vendor release to patch | 14 days | 2 %
SL-15 | Security patching, other | Days from vendor release to patch | 60 days | 1 %
SL-16 | Change requests | Impact assessment returned | 8 Business Days | None
SL-17 | Monthly service report | Report delivered after month end | 5 Business Days | None
SL-18 | User satisfaction | Quarterly survey score | 4.0 of 5 | None
""")

#: Elena Vasquez's Service Credit changes in Schedule 2: ref -> (old, new).
CREDIT_CHANGES = {"SL-03": ("5 %", "7.5 %"), "SL-04": ("5 %", "7.5 %"), "SL-10": ("2 %", "3 %"),
                  "SL-14": ("2 %", "5 %")}

CH_HEADER = ("Category", "Charge Item", "Basis", "Year 1 (GBP)", "Year 2 (GBP)", "Year 3 (GBP)")
CH_ROWS = parse("""
Licences | Core platform licence | Per annum | 412,000 | 412,000 | 412,000
Licences | Clinical documentation module | Per annum | 96,500 | 96,500 | 96,500
Licences | ePrescribing module | Per annum | 138,000 | 138,000 | 138,000
Licences | Patient portal | Per 1,000 registered patients | 1,850 | 1,850 | 1,850
Licences | Reporting and analytics | Per annum | 44,200 | 44,200 | 44,200
Hosting and Support | Managed hosting, production | Per annum | 186,000 | 191,600 | 197,300
Hosting and Support | Managed hosting, test and training | Per annum | 38,400 | 39,550 | 40,740
Hosting and Support | Service desk and incident management | Per annum | 122,000 | 125,700 | 129,450
Hosting and Support | Disaster recovery site | Per annum | 57,300 | 59,000 | 60,800
Professional Services | Data migration | Fixed price | 264,000 | n/a | n/a
Professional Services | Interface build, pathology and radiology | Fixed price | 118,500 | n/a | n/a
Professional Services | Clinical safety case and hazard log | Fixed price | 42,000 | 6,000 | 6,000
Professional Services | Train-the-trainer sessions | Per day | 1,150 | 1,150 | 1,150
Professional Services | Additional consultancy | Per day | 1,080 | 1,110 | 1,145
Exit | Termination fee, convenience | Per notice | 180,000 | 120,000 | 60,000
Exit | Exit assistance | Per day | 1,240 | 1,240 | 1,240
""")


def services_agreement() -> Family:
    b = builder("norbridge_quillon_services_agreement_d3", "docx",
                "Services Agreement — Norbridge Health Trust and Quillon Data Systems Ltd", 610_301, "legal")
    priya, jonathan, elena = "Priya Raman", "Jonathan Hale", "Elena Vasquez"
    dp, dj, de = "2026-11-28", "2026-12-02", "2026-12-03"

    b.para("Draft 3 incorporates comments from Priya Raman (Norbridge Legal), Jonathan Hale (external counsel for "
           "Quillon) and Elena Vasquez (Norbridge Procurement). Tracked changes show the edits made since Draft 2.")
    b.heading("1. Definitions and Interpretation")
    b.para("In this Agreement the following words have the meanings below.")
    b.bullet("\u201cAnnual Charges\u201d means the total Charges payable for the Contract Year in which the claim "
             "arises, as set out in Schedule 3.")
    b.bullet("\u201cBusiness Day\u201d means a day other than a Saturday, Sunday or public holiday in England",
             Ins(", or any day from 24 December to 1 January inclusive", priya, dp), ".")
    b.bullet("\u201cContract Year\u201d means each period of twelve months starting on the Go-Live Date.")
    b.bullet("\u201cCritical Incident\u201d means an incident that makes the Patient Records Service unavailable to ",
             Del("all users", priya, dp), Ins("more than 20 % of users", priya, dp), " or that puts patient safety at risk.")
    b.bullet("\u201cGo-Live Date\u201d means the date on which the Customer issues the acceptance certificate for Release 1",
             Del(" or, if earlier, 1 April 2027", priya, dp), ".")
    b.bullet("\u201cService Credit\u201d means the amount deducted from the Charges under Schedule 2 when a Service "
             "Level is missed.")
    b.filler(1)
    b.heading("2. Term")
    b.para("This Agreement starts on signature and continues for an initial term of five years from the Go-Live "
           "Date. The Customer may extend it twice, each time by twelve months, by notice given at least six months "
           "before expiry.")
    b.filler(1)
    b.heading("3. The Services")
    b.para("The Supplier shall provide the Patient Records Service, the interfaces and the service desk described in "
           "Schedule 1. The service desk is staffed from 07:00 to ", Del("19:00", elena, de), Ins("20:00", elena, de),
           " on Business Days.")
    prose(b)
    b.heading("4. Customer Obligations")
    prose(b)
    b.heading("5. Data Protection")
    fn = b.footnote("The Supplier's Data Security and Protection Toolkit assessment must be published at Standards "
                    "Met for every year of the term.")
    b.para("The Supplier processes Customer Data only on the Customer's documented instructions and in line with the "
           "Customer's information governance requirements.", fn)
    prose(b)
    b.heading("6. Intellectual Property")
    prose(b)
    b.heading("7. Charges and Payment")
    b.para("7.1 The Customer shall pay the Charges set out in Schedule 3.")
    b.para("7.2 The Supplier shall invoice the Charges ", Del("quarterly in advance", priya, dp),
           Ins("monthly in arrears", priya, dp), ".")
    b.para("7.3 The Customer shall pay each undisputed invoice within ", Del("14 days", priya, dp),
           Ins("30 days", priya, dp), " of receipt.")
    b.para("7.4 Late payment interest accrues at ", Del("8 %", priya, dp), Ins("4 %", priya, dp), " ",
           Com("above the Bank of England base rate", jonathan, dj,
               "We cannot go below the statutory rate; the Late Payment Act gives 8 % over base."), ".")
    b.para("7.5 The Charges are fixed for the first Contract Year; after that the Supplier may increase them once a "
           "year by no more than ", Ins("the lower of 3 % and ", priya, dp), "the change in CPI over the previous "
           "twelve months.")
    b.para("7.6 The Customer shall notify the Supplier of a disputed invoice within ", Del("5 Business Days", priya, dp),
           Ins("10 Business Days", priya, dp), " and may withhold only the disputed amount.")
    b.filler(1)
    b.heading("8. Acceptance")
    prose(b)
    b.heading("9. Service Levels")
    b.para("The Supplier shall meet the Service Levels in Schedule 2. Service Credits are the Customer's sole "
           "financial remedy for a missed Service Level, except where clause 14.2(c) applies.")
    b.filler(1)
    b.heading("10. Confidentiality")
    prose(b)
    b.heading("11. Insurance")
    prose(b)
    b.heading("12. Limitation of Liability")
    b.para("12.1 Nothing in this Agreement limits liability for death or personal injury caused by negligence, for "
           "fraud, or for any other liability that cannot be limited by law.")
    b.para("12.2 Subject to clause 12.1, each Party's total liability in each Contract Year is limited to ",
           Del("150 %", jonathan, dj), Ins("100 %", jonathan, dj), " of the Annual Charges.")
    b.para("12.3 The Supplier's liability for loss or corruption of Customer Data is limited to ",
           Del("GBP 5,000,000", jonathan, dj), Ins("GBP 2,000,000", jonathan, dj), " per Contract Year.")
    b.para("12.4 Neither Party is liable for indirect or consequential loss",
           Ins(", loss of profit or loss of anticipated savings", jonathan, dj), ".")
    b.para("12.5 ", Del("Service Credits do not count towards the cap in clause 12.2.", jonathan, dj),
           Ins("Service Credits count towards the cap in clause 12.2.", jonathan, dj))
    b.filler(1)
    b.heading("13. Force Majeure")
    prose(b)
    b.heading("14. Termination")
    b.para("14.1 Either Party may terminate this Agreement by notice if the other commits a material breach that is "
           "not remedied within ", Del("30 days", jonathan, dj), Ins("45 days", jonathan, dj),
           " of a notice requiring remedy.")
    b.para("14.2 The Customer may terminate with immediate effect if (a) the Supplier becomes insolvent, (b) there is "
           "a change of control of the Supplier to a competitor of the Customer, or (c) the Supplier misses the "
           "Availability Service Level in three consecutive months.")
    b.para("14.3 The Customer may terminate for convenience on ", Del("three months'", jonathan, dj),
           Ins("six months'", jonathan, dj), " written notice",
           Ins(", paying the termination fee set out in Schedule 3", jonathan, dj), ".")
    b.para("14.4 On termination the Supplier shall return all Customer Data within ", Del("20 Business Days", jonathan, dj),
           Ins("90 days", jonathan, dj), " and then securely delete its copies.")
    b.filler(1)
    b.heading("Schedule 2 — Service Levels")
    b.para("Service Credits are calculated as a percentage of the monthly Charges for the affected service.")
    sl_rows: list[list[object]] = []
    for r in SL_ROWS:
        row: list[object] = list(r)
        if r[0] in CREDIT_CHANGES:
            old, new = CREDIT_CHANGES[r[0]]
            row[4] = cell(Del(old, elena, de), Ins(new, elena, de))
        sl_rows.append(row)
    add_table(b, SL_HEADER, sl_rows)
    prose(b)
    b.heading("Schedule 3 — Charges")
    b.para(Com("Year 2 and Year 3 charges are indexed under clause 7.5", elena, de,
               "Finance wants Year 3 hosting capped at the Year 2 figure; raise at the next round."),
           " and are shown at the Supplier's current estimate.")
    add_table(b, CH_HEADER, merged(CH_ROWS))
    prose(b)

    b.ask("revision_run", "What did Priya change in the payment terms?",
          "Invoicing quarterly in advance to monthly in arrears (7.2), payment 14 to 30 days (7.3), late interest 8 % "
          "to 4 % over base (7.4), price increases capped at the lower of 3 % and CPI (7.5), dispute notice 5 to 10 "
          "Business Days (7.6).",
          evidence=["monthly in arrears", "quarterly in advance", "the lower of 3 % and", "10 Business Days"],
          attribution=[(priya, "quarterly in advance"), (priya, "monthly in arrears"), (priya, "14 days"),
                       (priya, "30 days"), (priya, "8 %"), (priya, "4 %"), (priya, "the lower of 3 % and"),
                       (priya, "5 Business Days"), (priya, "10 Business Days")])
    b.ask("revision_run", "Priya's edits to the definitions",
          "Business Day now excludes 24 December to 1 January; Critical Incident changed from all users to more than "
          "20 % of users; the 1 April 2027 long-stop was deleted from Go-Live Date.",
          evidence=["any day from 24 December to 1 January inclusive", "more than 20 % of users",
                    "or, if earlier, 1 April 2027"],
          attribution=[(priya, "any day from 24 December to 1 January inclusive"), (priya, "all users"),
                       (priya, "more than 20 % of users"), (priya, "or, if earlier, 1 April 2027")])
    b.ask("revision_run", "Show me all of Jonathan Hale's changes to the limitation of liability clause.",
          "Cap cut from 150 % to 100 % of Annual Charges (12.2); data-loss cap GBP 5,000,000 to 2,000,000 (12.3); loss "
          "of profit and anticipated savings excluded (12.4); Service Credits now count towards the cap (12.5).",
          evidence=["100 %", "GBP 2,000,000", "loss of profit or loss of anticipated savings",
                    "Service Credits count towards the cap in clause 12.2."],
          attribution=[(jonathan, "150 %"), (jonathan, "100 %"), (jonathan, "GBP 5,000,000"),
                       (jonathan, "GBP 2,000,000"), (jonathan, "loss of profit or loss of anticipated savings"),
                       (jonathan, "Service Credits do not count towards the cap in clause 12.2."),
                       (jonathan, "Service Credits count towards the cap in clause 12.2.")])
    b.ask("revision_run", "Quillon's lawyer has marked up clause 14. What amendments did he make there?",
          "Jonathan Hale: cure period 30 to 45 days (14.1); convenience notice three to six months plus the "
          "Schedule 3 termination fee (14.3); data return 20 Business Days to 90 days (14.4).",
          evidence=["45 days", "six months'", "paying the termination fee set out in Schedule 3", "90 days"],
          attribution=[(jonathan, "30 days"), (jonathan, "45 days"), (jonathan, "three months'"),
                       (jonathan, "six months'"), (jonathan, "paying the termination fee set out in Schedule 3"),
                       (jonathan, "20 Business Days"), (jonathan, "90 days")])
    b.ask("revision_run", "Elena's service credit changes in the service level schedule",
          "Elena Vasquez raised the credits for SL-03 and SL-04 from 5 % to 7.5 %, SL-10 from 2 % to 3 % and SL-14 "
          "from 2 % to 5 %.",
          rows=[(ref, new) for ref, (_, new) in CREDIT_CHANGES.items()],
          attribution=[(elena, "7.5 %"), (elena, "3 %"), (elena, "5 %")])
    b.ask("revision", "Has anyone changed the service desk hours? Until when is it staffed now?",
          "Elena Vasquez changed the closing time from 19:00 to 20:00 on Business Days.",
          evidence=["20:00"], attribution=[(elena, "20:00")])
    b.ask("comment", "What was Quillon's objection to the late payment rate?",
          "Jonathan Hale commented that they cannot go below the statutory rate: the Late Payment Act gives 8 % over base.",
          evidence=["We cannot go below the statutory rate"],
          attribution=[(jonathan, "We cannot go below the statutory rate")])
    b.ask("comment", "Procurement note on Schedule 3 indexation?",
          "Elena Vasquez: Finance wants Year 3 hosting capped at the Year 2 figure, to be raised at the next round.",
          evidence=["Finance wants Year 3 hosting capped at the Year 2 figure"],
          attribution=[(elena, "Finance wants Year 3 hosting capped at the Year 2 figure")])
    b.ask("definition", "Clause 12.2 caps liability by reference to the Annual Charges. What does that mean here?",
          "The total Charges payable for the Contract Year in which the claim arises, per Schedule 3; the cap is 100 % "
          "of that (revised from 150 %).",
          evidence=["the total Charges payable for the Contract Year in which the claim arises"])
    b.ask("definition", "When does the five-year initial term actually start running?",
          "From the Go-Live Date: the date the Customer issues the acceptance certificate for Release 1.",
          evidence=["initial term of five years from the Go-Live", "acceptance certificate for Release 1"])
    b.ask("cross_section", "Are service credits the only thing Norbridge can do if availability keeps failing?",
          "They are the sole financial remedy, except under clause 14.2(c): missing the Availability Service Level "
          "in three consecutive months allows immediate termination.",
          evidence=["except where clause 14.2(c) applies", "Availability Service Level in three consecutive months"])
    b.ask("table_multi", "What are the targets for each of the service levels in Schedule 2?",
          "SL-01 99.8 % through SL-18 4.0 of 5, eighteen service levels.",
          rows=pick(SL_ROWS, (0, 3), lambda r: True), header=SL_HEADER)
    b.ask("table_multi", "Year 1 professional services costs in the Norbridge deal, line by line",
          "Data migration 264,000; interface build 118,500; clinical safety case 42,000; train-the-trainer 1,150 per "
          "day; additional consultancy 1,080 per day.",
          rows=pick(CH_ROWS, (1, 3), lambda r: r[0] == "Professional Services"), header=CH_HEADER)
    b.ask("table_multi", "Give me the hosting and support charges for each year of the contract.",
          "Production hosting 186,000/191,600/197,300; test and training 38,400/39,550/40,740; service desk "
          "122,000/125,700/129,450; disaster recovery 57,300/59,000/60,800.",
          rows=pick(CH_ROWS, (1, 3, 4, 5), lambda r: r[0] == "Hosting and Support"), header=CH_HEADER)
    b.ask("plain", "How many extensions does Norbridge get, and how much notice is needed?",
          "Two extensions of twelve months each, by notice at least six months before expiry.",
          evidence=["extend it twice, each time by twelve months"])
    b.ask("footnote", "What DSPT status must Quillon maintain?",
          "Its Data Security and Protection Toolkit assessment must be published at Standards Met every year.",
          evidence=["published at Standards Met"])
    b.ask("header_footer", "Which draft of the Quillon agreement is this, and when was it circulated?",
          "Draft 3, circulated 9 December 2026, subject to contract.", evidence=["Draft 3 of 9 December 2026"])
    return b.finish(header="Norbridge Health Trust · Contract NHT-2026-114 · Draft 3 of 9 December 2026 · Subject to contract",
                    footer="Privileged and confidential: prepared for negotiation, not for signature.")


# ---------------------------------------------------------------- insurance schedule

COVER_HEADER = ("Class", "Section", "Insurer", "Policy No.", "Limit of Indemnity", "Excess", "Renewal")
COVER_ROWS = parse("""
Property | Buildings, all risks | Castlegate Mutual | CM-PR-448210 | GBP 64,500,000 | GBP 25,000 | 1 April 2027
Property | Stock and contents | Castlegate Mutual | CM-PR-448211 | GBP 18,200,000 | GBP 10,000 | 1 April 2027
Property | Business interruption, 24 months | Castlegate Mutual | CM-PR-448212 | GBP 41,000,000 | 48 hours | 1 April 2027
Property | Terrorism | Pool Re via Castlegate | CM-TR-448213 | GBP 64,500,000 | Nil | 1 April 2027
Liability | Employers' liability | Northern Shield Insurance | NSI-EL-7730914 | GBP 10,000,000 | Nil | 1 April 2027
Liability | Public and products liability | Northern Shield Insurance | NSI-PL-7730915 | GBP 5,000,000 | GBP 2,500 | 1 April 2027
Liability | Excess public liability | Albion & Crown Underwriting | ACU-XL-20415 | GBP 20,000,000 excess of GBP 5,000,000 | Nil | 1 April 2027
Liability | Environmental impairment | Meridian Specialty | MSP-EIL-0988 | GBP 2,000,000 | GBP 15,000 | 1 July 2027
Liability | Freight forwarders' liability | Lloyd's Syndicate 2291 | B0621FFL27 | GBP 3,000,000 | GBP 5,000 | 1 April 2027
Motor Fleet | HGV and tractor units | Northern Shield Insurance | NSI-MF-5521870 | Unlimited injury; GBP 5,000,000 property | GBP 1,500 | 1 April 2027
Motor Fleet | Trailers | Northern Shield Insurance | NSI-MF-5521871 | Market value | GBP 750 | 1 April 2027
Motor Fleet | Vans and cars | Northern Shield Insurance | NSI-MF-5521872 | Unlimited injury; GBP 1,000,000 property | GBP 500 | 1 April 2027
Motor Fleet | Breakdown and recovery | Albion & Crown Underwriting | ACU-BR-31177 | Per call-out | Nil | 1 April 2027
Goods in Transit | UK road transit | Castlegate Mutual | CM-GIT-448290 | GBP 250,000 any one vehicle | GBP 1,000 | 1 April 2027
Goods in Transit | European road transit | Castlegate Mutual | CM-GIT-448291 | GBP 200,000 any one vehicle | GBP 2,000 | 1 April 2027
Goods in Transit | Warehouse legal liability | Lloyd's Syndicate 2291 | B0621WLL27 | GBP 7,500,000 | GBP 10,000 | 1 April 2027
Financial Lines | Directors' and officers' liability | Meridian Specialty | MSP-DO-1204 | GBP 15,000,000 | Nil | 1 October 2027
Financial Lines | Crime and fidelity | Meridian Specialty | MSP-CR-1205 | GBP 2,500,000 | GBP 25,000 | 1 October 2027
Financial Lines | Cyber | Albion & Crown Underwriting | ACU-CY-50871 | GBP 5,000,000 | GBP 50,000 | 1 April 2027
Financial Lines | Pension trustee liability | Meridian Specialty | MSP-PT-1206 | GBP 3,000,000 | Nil | 1 October 2027
Engineering | Inspection of lifting and pressure plant | Castlegate Mutual | CM-EN-448300 | Statutory inspection | Nil | 1 April 2027
Engineering | Machinery breakdown | Castlegate Mutual | CM-EN-448301 | GBP 3,400,000 | GBP 5,000 | 1 April 2027
""")

#: Martin Achterberg's excess changes in the Motor Fleet class: policy -> (old, new).
EXCESS_CHANGES = {"NSI-MF-5521870": ("GBP 1,500", "GBP 2,500"), "NSI-MF-5521871": ("GBP 750", "GBP 1,250"),
                  "ACU-BR-31177": ("Nil", "GBP 100")}

FLEET_HEADER = ("Depot", "Registration", "Vehicle", "Type", "Sum Insured (GBP)")
FLEET_ROWS = parse("""
Daventry | PL24 DVA | DAF XF 480 | Tractor unit | 98,500
Daventry | PL24 DVB | DAF XF 480 | Tractor unit | 98,600
Daventry | PL73 KHT | Volvo FH 460 | Tractor unit | 84,000
Daventry | PL23 RDU | Scania R450 | Tractor unit | 79,250
Daventry | PX22 TVO | Mercedes Actros 2545 | Rigid 26 t | 72,400
Daventry | PX72 LMC | DAF CF 320 | Rigid 18 t | 61,800
Daventry | PK21 WEF | Ford Transit 350 | Van 3.5 t | 24,600
Daventry | PK73 AZB | Skoda Octavia Estate | Car | 21,900
Doncaster | PL74 DNC | Volvo FH 500 | Tractor unit | 104,300
Doncaster | PL74 DND | Volvo FH 500 | Tractor unit | 104,450
Doncaster | PX23 JGS | Scania P280 | Rigid 18 t | 63,750
Doncaster | PX71 YHB | DAF CF 450 | Rigid 26 t | 69,900
Doncaster | PK24 MRV | Mercedes Sprinter 316 | Van 3.5 t | 38,200
Doncaster | PK22 CXT | Ford Transit 350 | Van 3.5 t | 26,100
Doncaster | PD19 KLX | Vauxhall Insignia | Car | 9,750
Avonmouth | PL73 AVM | Scania R500 | Tractor unit | 92,800
Avonmouth | PL22 BRT | DAF XF 450 | Tractor unit | 76,400
Avonmouth | PX24 SVN | Mercedes Actros 2545 | Rigid 26 t | 81,300
Avonmouth | PX20 FWR | Iveco Eurocargo 180 | Rigid 18 t | 44,600
Avonmouth | PK23 HBN | Ford Transit Custom | Van 3.5 t | 29,400
Avonmouth | PK74 OLS | Toyota Proace Electric | Van 3.5 t | 41,750
Avonmouth | PD23 XVB | Kia Niro EV | Car | 27,300
Thurrock | PL24 THR | DAF XF 530 | Tractor unit | 108,900
Thurrock | PL21 GKE | Volvo FH 460 | Tractor unit | 71,200
Thurrock | PX73 TLB | Scania P320 | Rigid 26 t | 76,800
Thurrock | PX21 NVD | DAF LF 230 | Rigid 18 t | 49,300
Thurrock | PK20 ESU | Ford Transit 350 | Van 3.5 t | 18,900
Thurrock | PD24 RYM | BMW i4 eDrive40 | Car | 46,500
""")


def insurance_schedule() -> Family:
    b = builder("pellham_insurance_schedule_2027", "rtf", "Pellham Logistics Group — Schedule of Insurances 2027/28",
                610_302, "legal")
    martin, clare = "Martin Achterberg", "Clare Donnelly"
    dm, dc = "2027-02-17", "2027-02-19"

    b.heading("1. Introduction")
    b.para("This schedule summarises the insurances arranged for Pellham Logistics Group Ltd and its subsidiaries for "
           "the period from 1 April 2027 to 31 March 2028. It is a summary only; the policy wordings prevail.")
    b.para("In this schedule, Insured Persons means the directors, officers and employees of any Group company, "
           "including former directors for acts committed while in office.")
    b.filler(1)
    b.heading("2. Summary of Covers")
    b.para("Martin Achterberg of Harcourt Reid has marked the excesses proposed by Northern Shield Insurance and Albion "
           "& Crown Underwriting for the motor renewal. Open points from Clare Donnelly, Group Risk Manager, are "
           "shown as comments in section 5.")
    cover_rows: list[list[object]] = []
    for r in merged(COVER_ROWS):
        pol = r[3]
        if isinstance(pol, str) and pol in EXCESS_CHANGES:
            old, new = EXCESS_CHANGES[pol]
            r[5] = cell(Del(old, martin, dm), Ins(new, martin, dm))
        cover_rows.append(r)
    add_table(b, COVER_HEADER, cover_rows)
    b.filler(1)
    b.heading("3. Motor Fleet Schedule")
    fn = b.footnote("Sums insured for vehicles are agreed values set at the last fleet valuation in January 2027; "
                    "they are not market values.")
    b.para("The schedule lists every powered vehicle by operating depot. Trailers are insured on a blanket basis and "
           "are not listed.", fn)
    add_table(b, FLEET_HEADER, merged(FLEET_ROWS))
    b.filler(1)
    b.heading("4. Claims Conditions")
    b.para("Motor claims involving injury must be notified to Harcourt Reid within ", Del("7 days", martin, dm),
           Ins("24 hours", martin, dm), " of the incident.")
    b.para("Dashcam and telematics data must be preserved for ", Del("30 days", martin, dm),
           Ins("90 days", martin, dm), " after any incident.")
    b.para("Drivers must not admit liability at the scene", Ins(" or on social media", martin, dm), ".")
    b.para(Del("Incidents below the excess need not be reported.", martin, dm),
           Ins("Every incident must be reported, including those below the excess, for claims-experience purposes.",
               martin, dm))
    b.filler(1)
    b.heading("5. Notes and Open Points")
    b.para("The cyber policy requires ",
           Com("multi-factor authentication on all remote access", clare, dc,
               "IT confirm the MFA roll-out to the depots completes in February; tell Albion & Crown before inception."),
           " from inception.")
    b.para("The terrorism cover ", Com("follows the property sums insured", clare, dc,
                                       "Check that the Doncaster extension value is included; it completed in January."),
           ".")
    b.filler(1)

    b.ask("table_multi", "Which of our policies are with Castlegate Mutual? Policy numbers and what each covers, please.",
          "Seven: CM-PR-448210 buildings, CM-PR-448211 stock and contents, CM-PR-448212 business interruption, "
          "CM-GIT-448290 UK transit, CM-GIT-448291 European transit, CM-EN-448300 inspection, CM-EN-448301 machinery breakdown.",
          rows=pick(COVER_ROWS, (3, 1), lambda r: r[2] == "Castlegate Mutual"), header=COVER_HEADER)
    b.ask("table_multi", "List the vehicles based at Daventry with their sums insured.",
          "Eight vehicles from PL24 DVA (98,500) to PK73 AZB (21,900).",
          rows=pick(FLEET_ROWS, (1, 4), lambda r: r[0] == "Daventry"), header=FLEET_HEADER)
    b.ask("table_multi", "Where is each of our tractor units based?",
          "Ten tractor units: four at Daventry, two at Doncaster, two at Avonmouth, two at Thurrock (registrations "
          "with depots).",
          rows=pick(FLEET_ROWS, (1, 0), lambda r: r[3] == "Tractor unit"), header=FLEET_HEADER)
    b.ask("table_multi", "liability covers limits of indemnity each section",
          "Employers' GBP 10,000,000; public and products GBP 5,000,000; excess PL GBP 20,000,000 xs 5,000,000; "
          "environmental GBP 2,000,000; freight forwarders GBP 3,000,000.",
          rows=pick(COVER_ROWS, (1, 4), lambda r: r[0] == "Liability"), header=COVER_HEADER)
    b.ask("table_multi", "For the fleet valuation check I need every registration on the motor schedule with its "
          "agreed value.",
          "All 28 vehicles with their sums insured.",
          rows=pick(FLEET_ROWS, (1, 4), lambda r: True), header=FLEET_HEADER)
    b.ask("revision_run", "What did the broker change in the motor excesses?",
          "Martin Achterberg: HGV and tractor units GBP 1,500 to 2,500; trailers GBP 750 to 1,250; breakdown and "
          "recovery Nil to GBP 100.",
          rows=[(pol, new) for pol, (_, new) in EXCESS_CHANGES.items()],
          attribution=[(martin, s) for pair in EXCESS_CHANGES.values() for s in pair])
    b.ask("revision_run", "Martin's edits to the claims conditions in section 4 — can you pull them together?",
          "Injury claims to be notified within 24 hours instead of 7 days; dashcam data kept 90 days instead of 30; no "
          "admissions on social media; every incident reported, even below the excess.",
          evidence=["24 hours", "90 days", "or on social media",
                    "Every incident must be reported, including those below the excess"],
          attribution=[(martin, "7 days"), (martin, "24 hours"), (martin, "30 days"), (martin, "90 days"),
                       (martin, "or on social media"), (martin, "Incidents below the excess need not be reported."),
                       (martin, "Every incident must be reported, including those below the excess")])
    b.ask("comment", "Is there an open point from Clare about the cyber policy?",
          "Yes: IT confirm the MFA roll-out to the depots completes in February; Albion & Crown must be told before "
          "inception.",
          evidence=["IT confirm the MFA roll-out to the depots completes in February"],
          attribution=[(clare, "IT confirm the MFA roll-out to the depots completes in February")])
    b.ask("comment", "What did the group risk manager flag on terrorism cover?",
          "Clare Donnelly: check the Doncaster extension value is included; it completed in January.",
          evidence=["Check that the Doncaster extension value is included"],
          attribution=[(clare, "Check that the Doncaster extension value is included")])
    b.ask("table_tail", "What's the BMW insured for, and which depot has it?",
          "PD24 RYM, BMW i4 eDrive40 at Thurrock, sum insured GBP 46,500.",
          rows=[("PD24 RYM", "46,500", "Thurrock")], header=FLEET_HEADER)
    b.ask("table_merged", "Which depot operates PK23 HBN?", "Avonmouth.",
          rows=[("PK23 HBN", "Avonmouth")], header=FLEET_HEADER)
    b.ask("definition", "Would the D&O policy respond to a claim against a director who left last year?",
          "Yes, for acts committed while in office: Insured Persons include former directors.",
          evidence=["including former directors for acts committed while in office"])
    b.ask("footnote", "Are the vehicle sums insured market values?",
          "No, agreed values from the January 2027 fleet valuation.",
          evidence=["agreed values set at the last fleet valuation in January 2027"])
    b.ask("plain", "What period does the 2027/28 insurance programme run for?",
          "1 April 2027 to 31 March 2028.", evidence=["from 1 April 2027 to 31 March 2028"])
    b.ask("header_footer", "Harcourt Reid client number for Pellham?", "40-1187.", evidence=["40-1187"])
    return b.finish(header="Harcourt Reid Insurance Brokers · Client 40-1187 · Schedule ref. PLG-INS-2027",
                    footer="Issued for information only. Cover is subject to the terms of each policy.")
