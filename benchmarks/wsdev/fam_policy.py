"""HTML documents: a care group's mandatory training matrix and a law firm's information
security policy, both with runs of tracked changes by named reviewers and merged cells."""

from __future__ import annotations

from benchmarks.quality.docmodel import Del, Ins, cell

from benchmarks.quality.devsets import Family, add_table, builder, merged, parse, pick, prose

# ---------------------------------------------------------------- training matrix

COURSE_HEADER = ("Code", "Course", "Provider", "Delivery", "Refresher Interval", "Applies To")
COURSE_ROWS = parse("""
MT-01 | Fire Safety and Evacuation | Redmoor Training | Classroom, on site | 12 months | All staff
MT-02 | Manual Handling of People | Redmoor Training | Classroom, on site | 12 months | Care staff
MT-03 | Manual Handling of Loads | Redmoor Training | E-learning | 36 months | Non-care staff
MT-04 | Safe Administration of Medicines | Carewise Academy | Classroom plus competency check | 12 months | Staff who give medicines
MT-05 | Safeguarding Adults, Level 2 | Local authority partnership | Virtual classroom | 24 months | All staff
MT-06 | Safeguarding Adults, Level 3 | Local authority partnership | Virtual classroom | 24 months | Managers and deputies
MT-07 | Infection Prevention and Control | Carewise Academy | E-learning | 12 months | All staff
MT-08 | Food Hygiene, Level 2 | Harlow Catering Skills | E-learning | 36 months | Kitchen staff
MT-09 | Basic Life Support | St Brendan Ambulance Training | Classroom, on site | 12 months | Care staff
MT-10 | Dementia Awareness, Tier 2 | Carewise Academy | Classroom | 36 months | Care staff
MT-11 | Mental Capacity Act and DoLS | Local authority partnership | Virtual classroom | 24 months | Senior staff
MT-12 | Health and Safety Awareness | Redmoor Training | E-learning | 36 months | All staff
MT-13 | Equality, Diversity and Human Rights | Carewise Academy | E-learning | 36 months | All staff
MT-14 | Information Governance | Carewise Academy | E-learning | 12 months | All staff
MT-15 | COSHH Awareness | Redmoor Training | E-learning | 24 months | Housekeeping and maintenance
MT-16 | Oral Health in Care Homes | Community dental service | Virtual classroom | 24 months | Care staff
""")

MATRIX_HEADER = ("Home", "Employee", "Role", "Fire Safety", "Manual Handling", "Medication", "Safeguarding")
MATRIX_ROWS = parse("""
Willowbank House | Helen Marsh | Registered Manager | Feb 2026 | Jan 2026 | Mar 2026 | Apr 2026
Willowbank House | Tomasz Wieczorek | Deputy Manager | Jan 2026 | Mar 2026 | Overdue | May 2026
Willowbank House | Blessing Okoro | Senior Care Assistant | Jun 2026 | Jun 2026 | Jun 2026 | Jun 2026
Willowbank House | Liam Doherty | Care Assistant | Overdue | Sep 2025 | Booked 19 Nov 2026 | Oct 2025
Willowbank House | Sunita Patel | Care Assistant | Apr 2026 | Apr 2026 | Apr 2026 | Apr 2026
Willowbank House | Karen Flint | Night Care Assistant | Mar 2026 | Nov 2025 | Jan 2026 | Overdue
Willowbank House | Rafael Santos | Cook | Jul 2026 | Jul 2026 | N/A | Jul 2026
Willowbank House | Joan Pritchard | Housekeeper | Aug 2025 | Overdue | N/A | Aug 2025
Willowbank House | Dawit Haile | Maintenance Officer | Oct 2025 | Oct 2025 | N/A | Oct 2025
Willowbank House | Gemma Lowe | Activities Coordinator | May 2026 | May 2026 | N/A | May 2026
Ashcombe Lodge | Paul Whitaker | Registered Manager | Mar 2026 | Mar 2026 | Feb 2026 | Mar 2026
Ashcombe Lodge | Nadia Haddad | Deputy Manager | Sep 2025 | May 2026 | May 2026 | May 2026
Ashcombe Lodge | Chloe Barnes | Senior Care Assistant | Jan 2026 | Jan 2026 | Overdue | Jan 2026
Ashcombe Lodge | Emmanuel Mensah | Care Assistant | Feb 2026 | Booked 26 Nov 2026 | Feb 2026 | Feb 2026
Ashcombe Lodge | Zofia Nowak | Care Assistant | May 2026 | May 2026 | Booked 19 Nov 2026 | May 2026
Ashcombe Lodge | Imran Siddiqui | Night Care Assistant | Overdue | Dec 2025 | Dec 2025 | Dec 2025
Ashcombe Lodge | Rosie Kerr | Night Care Assistant | Apr 2026 | Apr 2026 | Apr 2026 | Apr 2026
Ashcombe Lodge | Beverley Cole | Housekeeper | Jun 2026 | Jun 2026 | N/A | Jun 2026
Ashcombe Lodge | Marek Zielinski | Activities Coordinator | Jul 2026 | Jul 2026 | N/A | Overdue
The Larches | Sarah Lindqvist | Registered Manager | Apr 2026 | Apr 2026 | Apr 2026 | Apr 2026
The Larches | Oliver Grant | Deputy Manager | Nov 2025 | Nov 2025 | Nov 2025 | Nov 2025
The Larches | Precious Ndlovu | Senior Care Assistant | Mar 2026 | Overdue | Mar 2026 | Mar 2026
The Larches | Hannah Reid | Care Assistant | Booked 3 Dec 2026 | Jan 2026 | Jan 2026 | Jan 2026
The Larches | Kofi Asante | Care Assistant | Jun 2026 | Jun 2026 | Overdue | Jun 2026
The Larches | Megan Price | Night Care Assistant | Aug 2026 | Aug 2026 | Aug 2026 | Aug 2026
The Larches | Daniel Ferreira | Night Care Assistant | Overdue | Oct 2025 | Oct 2025 | Oct 2025
The Larches | Agnieszka Wojcik | Cook | Sep 2026 | Sep 2026 | N/A | Sep 2026
The Larches | Trevor Banks | Maintenance Officer | Booked 3 Dec 2026 | Feb 2026 | N/A | Feb 2026
Fenbrook Court | Angela Moss | Registered Manager | Jan 2026 | Jan 2026 | Jan 2026 | Jan 2026
Fenbrook Court | Samir Khalil | Deputy Manager | Jul 2026 | Jul 2026 | Booked 19 Nov 2026 | Jul 2026
Fenbrook Court | Louise Carter | Senior Care Assistant | Feb 2026 | Feb 2026 | Feb 2026 | Overdue
Fenbrook Court | Ifeoma Eze | Care Assistant | May 2026 | Overdue | May 2026 | May 2026
Fenbrook Court | Jack Holloway | Night Care Assistant | Dec 2025 | Dec 2025 | Dec 2025 | Dec 2025
Fenbrook Court | Maria Costa | Night Care Assistant | Mar 2026 | Mar 2026 | Overdue | Mar 2026
Fenbrook Court | Ruth Ogden | Cook | Oct 2025 | Oct 2025 | N/A | Oct 2025
Fenbrook Court | Ahmed Farouk | Activities Coordinator | Sep 2026 | Sep 2026 | N/A | Booked 10 Dec 2026
""")


def training_matrix() -> Family:
    b = builder("marlowe_training_matrix_2026", "html", "Marlowe Care Group — Mandatory Training Matrix 2026/27",
                610_401, "quality")
    grace, marcus, aisha = "Grace Whitfield", "Marcus Osei", "Aisha Rahman"
    dg, dm, da = "2026-11-09", "2026-11-11", "2026-11-04"

    b.heading("1. Purpose")
    b.para("This matrix shows, for every member of staff in the four Marlowe homes, when each core mandatory course "
           "was last completed. The group compliance target is ", Del("90 %", aisha, da), Ins("95 %", aisha, da),
           " of staff in date for every mandatory course.")
    b.filler(1)
    b.heading("2. Mandatory Refresher Rules")
    b.bullet("New starters must complete MT-01, MT-05 and MT-07 before their first unsupervised shift",
             Ins(", and MT-04 before giving any medicines", grace, dg), ".")
    b.bullet("Refresher training may be completed up to ", Del("one month", grace, dg), Ins("two months", grace, dg),
             " before the expiry date without changing the anniversary date.")
    b.bullet("A course becomes overdue on the day after its refresher interval ends",
             Del(" plus a 14-day grace period", grace, dg), ".")
    b.bullet("E-learning refreshers must be passed with a score of at least ", Del("70 %", grace, dg),
             Ins("80 %", grace, dg), ".")
    b.bullet(Ins("Staff returning from more than six months' absence repeat MT-01, MT-02 and MT-04 before going back "
                 "on the rota.", grace, dg))
    prose(b, 2)
    b.heading("3. Course Catalogue")
    b.para("Refresher intervals below are the group minimum; a home may set a shorter interval in its local training plan.")
    add_table(b, COURSE_HEADER, COURSE_ROWS)
    prose(b, 1)
    b.heading("4. Training Matrix by Home")
    fn = b.footnote("Dates are exported from the Learnwell system on the first working day of each month; home "
                    "administrators add classroom attendance within five working days of the session.")
    b.para("Each date is the month in which the course was last passed. Overdue means the refresher interval has "
           "ended; Booked shows the date of a confirmed place.", fn)
    b.para("Staff shown as Overdue for Medication must be taken off the medication round until they are back in date.")
    add_table(b, MATRIX_HEADER, merged(MATRIX_ROWS))
    prose(b, 1)
    b.heading("5. Monitoring and Escalation")
    b.para("Home managers review the matrix ", Del("monthly", marcus, dm), Ins("fortnightly", marcus, dm),
           " at the clinical governance huddle.")
    b.para("Staff overdue on Safeguarding may not lead a shift", Ins(" or act as night-shift senior", marcus, dm),
           " until the course is completed.")
    b.para("Non-compliance lasting more than ", Del("60 days", marcus, dm), Ins("30 days", marcus, dm),
           " is referred to HR under the capability procedure.")
    b.para("Exception: a member of staff overdue for Medication may continue to give medicines under direct "
           "supervision for up to 14 days if the home manager has recorded a competency observation in that period.")
    b.filler(1)

    b.ask("table_multi", "Who works at Willowbank House and in what role?",
          "Ten staff, from Helen Marsh (Registered Manager) to Gemma Lowe (Activities Coordinator).",
          rows=pick(MATRIX_ROWS, (1, 2), lambda r: r[0] == "Willowbank House"), header=MATRIX_HEADER)
    b.ask("table_multi", "Which staff are out of date on medicines training, and at which home?",
          "Tomasz Wieczorek (Willowbank House), Chloe Barnes (Ashcombe Lodge), Kofi Asante (The Larches), Maria Costa "
          "(Fenbrook Court).",
          rows=pick(MATRIX_ROWS, (1, 0, 5), lambda r: r[5] == "Overdue"), header=MATRIX_HEADER)
    b.ask("table_multi", "How often does each course in the catalogue have to be refreshed?",
          "Sixteen courses MT-01 to MT-16 with intervals of 12, 24 or 36 months.",
          rows=pick(COURSE_ROWS, (1, 4), lambda r: True), header=COURSE_HEADER)
    b.ask("table_multi", "night care assistants all homes names",
          "Karen Flint (Willowbank), Imran Siddiqui and Rosie Kerr (Ashcombe), Megan Price and Daniel Ferreira (The "
          "Larches), Jack Holloway and Maria Costa (Fenbrook Court).",
          rows=pick(MATRIX_ROWS, (1, 0), lambda r: r[2] == "Night Care Assistant"), header=MATRIX_HEADER)
    b.ask("table_multi", "I'm the fire marshal at The Larches. What's the fire safety training position for "
          "everyone on my staff list?",
          "Nine staff; Daniel Ferreira overdue, Hannah Reid and Trevor Banks booked for 3 Dec 2026, the rest in date.",
          rows=pick(MATRIX_ROWS, (1, 3), lambda r: r[0] == "The Larches"), header=MATRIX_HEADER)
    b.ask("table_multi", "Who has a place booked on medication training, and when is it?",
          "Liam Doherty, Zofia Nowak and Samir Khalil, all on 19 Nov 2026.",
          rows=pick(MATRIX_ROWS, (1, 5), lambda r: r[5].startswith("Booked")), header=MATRIX_HEADER)
    b.ask("revision_run", "What did Grace change in the refresher rules?",
          "Added MT-04 before giving medicines for new starters; early refresher window one month to two months; "
          "removed the 14-day grace period; e-learning pass mark 70 % to 80 %; added the rule that staff back from "
          "over six months' absence repeat MT-01, MT-02 and MT-04.",
          evidence=["and MT-04 before giving any medicines", "two months", "plus a 14-day grace period", "80 %",
                    "Staff returning from more than six months' absence"],
          attribution=[(grace, "and MT-04 before giving any medicines"), (grace, "one month"), (grace, "two months"),
                       (grace, "plus a 14-day grace period"), (grace, "70 %"), (grace, "80 %"),
                       (grace, "Staff returning from more than six months' absence")])
    b.ask("revision_run", "Marcus Osei's edits to monitoring and escalation",
          "Matrix review monthly to fortnightly; overdue Safeguarding staff also may not act as night-shift senior; HR "
          "referral after 30 days instead of 60.",
          evidence=["fortnightly", "or act as night-shift senior", "30 days"],
          attribution=[(marcus, "monthly"), (marcus, "fortnightly"), (marcus, "or act as night-shift senior"),
                       (marcus, "60 days"), (marcus, "30 days")])
    b.ask("revision", "Who raised the group compliance target, and to what?",
          "Aisha Rahman, from 90 % to 95 % of staff in date for every mandatory course.",
          evidence=["95 %"], attribution=[(aisha, "95 %")])
    b.ask("table_tail", "Has Ahmed Farouk done his safeguarding refresher?",
          "Not yet: he is booked for 10 Dec 2026 (Fenbrook Court, Activities Coordinator).",
          rows=[("Ahmed Farouk", "Booked 10 Dec 2026")], header=MATRIX_HEADER)
    b.ask("table_merged", "Which home is Tomasz Wieczorek based at?", "Willowbank House.",
          rows=[("Tomasz Wieczorek", "Willowbank House")], header=MATRIX_HEADER)
    b.ask("cross_section", "Chloe Barnes is overdue on medication training. Can she still do the medicines round?",
          "Normally no, overdue staff come off the round; but she may give medicines under direct supervision for up "
          "to 14 days if the home manager has recorded a competency observation.",
          evidence=["must be taken off the medication round", "under direct supervision for up to 14 days"])
    b.ask("footnote", "How long do home administrators have to enter classroom attendance?",
          "Within five working days of the session.", evidence=["within five working days of the session"])
    b.ask("header_footer", "Which monthly extract is this matrix, and who publishes it?",
          "The November 2026 extract (version 2026-11), published by Learning & Development.",
          evidence=["Matrix version 2026-11"])
    return b.finish(header="Marlowe Care Group · Learning & Development · Matrix version 2026-11 (November extract)",
                    footer="Uncontrolled when printed. Queries to the L&D team via the staff intranet.")


# ---------------------------------------------------------------- information security policy

RET_HEADER = ("Function", "Record Type", "Retention Period", "Trigger", "Disposal Method")
RET_ROWS = parse("""
Client Matters | Client matter file, general | 7 years | File closure | Secure shredding
Client Matters | Conveyancing file, residential | 15 years | Completion | Secure shredding
Client Matters | Wills and probate file | 25 years | Death of the testator | Secure shredding
Client Matters | Original wills in safe custody | Indefinite | Not applicable | Return to client or executor
Client Matters | Personal injury file, adult claimant | 7 years | Settlement | Secure shredding
Client Matters | Personal injury file, child claimant | Until claimant is 25 | Settlement | Secure shredding
Client Matters | Anti-money-laundering records | 5 years | End of business relationship | Secure deletion
Finance | Client account ledgers | 6 years | End of financial year | Secure deletion
Finance | Supplier invoices | 6 years | End of financial year | Confidential waste
Finance | Payroll records | 6 years | End of tax year | Secure deletion
Finance | Office account bank statements | 6 years | End of financial year | Secure shredding
Finance | Partner capital accounts | 12 years | Partner retirement | Secure deletion
Human Resources | Personnel file | 6 years | End of employment | Secure deletion
Human Resources | Recruitment records, unsuccessful candidates | 6 months | End of campaign | Secure deletion
Human Resources | Right-to-work checks | 2 years | End of employment | Secure deletion
Human Resources | Accident book entries | 3 years | Date of entry | Secure shredding
Human Resources | Occupational health reports | 40 years | End of employment | Secure shredding
Human Resources | Training records | 6 years | End of employment | Secure deletion
IT and Security | Server and firewall logs | 12 months | Date of log | Automatic deletion
IT and Security | Security incident records | 6 years | Incident closure | Secure deletion
IT and Security | Access review evidence | 3 years | Review date | Secure deletion
IT and Security | CCTV footage | 31 days | Date of recording | Automatic overwrite
IT and Security | Backup media | 90 days | Backup date | Degaussing and destruction
Compliance | Complaints files | 6 years | Complaint closure | Secure shredding
Compliance | Conflict-check records | 15 years | Matter closure | Secure deletion
Compliance | Professional indemnity notifications | 15 years | Date of notification | Secure deletion
""")

#: Ingrid Solberg's retention changes: record type -> (old, new).
RET_CHANGES = {"Conveyancing file, residential": ("15 years", "12 years"),
               "Recruitment records, unsuccessful candidates": ("6 months", "12 months"),
               "Right-to-work checks": ("2 years", "3 years"), "Training records": ("6 years", "10 years")}

ACCESS_HEADER = ("System", "System Owner", "Review Frequency", "Privileged Access")
ACCESS_ROWS = parse("""
Practice management system | Finance Director | Quarterly | Yes
Document management system | Head of IT | Quarterly | Yes
Email and Microsoft 365 | Head of IT | Quarterly | Yes
Client portal | Head of Client Services | Six-monthly | No
Payroll | HR Director | Quarterly | Yes
HR information system | HR Director | Six-monthly | No
Time recording | Finance Director | Annually | No
Conflict search | General Counsel | Six-monthly | No
Accounts payable | Finance Director | Quarterly | Yes
Banking platform | Finance Director | Monthly | Yes
Firewall and VPN | Head of IT | Monthly | Yes
Domain administrator accounts | Head of IT | Monthly | Yes
Backup console | Head of IT | Quarterly | Yes
Door access control | Facilities Manager | Six-monthly | No
Telephony platform | Head of IT | Annually | No
Knowledge library | Head of Knowledge | Annually | No
""")


def infosec_policy() -> Family:
    b = builder("fenwick_rowe_infosec_policy_v4_2", "html",
                "Fenwick & Rowe LLP — Information Security Policy (Version 4.2, Consultation Draft)", 610_402, "quality")
    samuel, ingrid, tariq = "Samuel Adeyemi", "Ingrid Solberg", "Tariq Hussain"
    ds, di, dt = "2026-10-20", "2026-10-22", "2026-10-23"

    b.heading("1. Purpose and Scope")
    b.para("This policy applies to all partners, employees, consultants and contractors of Fenwick & Rowe LLP, and to "
           "every device that holds or accesses firm or client information.")
    prose(b, 1)
    b.heading("2. Roles and Responsibilities")
    b.para("The Chief Information Security Officer, Samuel Adeyemi, owns this policy. The Records Manager owns the retention schedule "
           "in section 8 and approves any ", Del("destruction", ingrid, di),
           Ins("destruction or transfer to off-site archive", ingrid, di), " of client files.")
    prose(b, 1)
    b.heading("3. Information Classification")
    b.para("Restricted information means client material whose disclosure could waive legal privilege, breach a court "
           "order or cause financial loss to a client. Confidential information means any other non-public firm or "
           "client information.")
    prose(b, 1)
    b.heading("4. Acceptable Use")
    b.filler(1)
    b.heading("5. Access Control")
    b.para("5.1 Access rights are granted on the principle of least privilege. Access to Restricted matters also "
           "needs the approval of the supervising partner.")
    b.para("5.2 Multi-factor authentication is required for ", Del("remote access", samuel, ds),
           Ins("all access to firm systems, on and off site", samuel, ds), ".")
    b.para("5.3 Leavers' accounts are disabled within ", Del("five working days", samuel, ds),
           Ins("four hours of the leaving time", samuel, ds), ".")
    b.para("5.4 Privileged accounts are reviewed ", Del("once a year", samuel, ds), Ins("every three months", samuel, ds),
           " by the system owner.")
    b.para("5.5 Shared accounts are prohibited", Ins(", except break-glass accounts held in the password vault", samuel, ds),
           ".")
    b.para("5.6 ", Del("Contractors may keep standing access for the length of their engagement.", samuel, ds))
    b.heading("5.7 Access Review Schedule", 2)
    b.para("System owners review user and privileged access at the frequency below and keep the evidence for the "
           "period in section 8.")
    add_table(b, ACCESS_HEADER, ACCESS_ROWS)
    b.heading("6. Passwords and Authentication")
    b.para("Passwords must be at least ", Del("12 characters", tariq, dt), Ins("14 characters", tariq, dt), " long.")
    b.para("Passwords are not changed on a fixed schedule",
           Ins(" but must be changed at once if compromise is suspected", tariq, dt), ".")
    b.para("Password managers other than the firm's approved vault ", Del("may be used with IT approval", tariq, dt),
           Ins("must not be used", tariq, dt), ".")
    prose(b, 1)
    b.heading("7. Email and Remote Working")
    b.filler(1)
    b.heading("8. Retention and Disposal")
    fn = b.footnote("CCTV footage that shows an incident, or that is the subject of an access request, is kept until "
                    "the matter is closed.")
    b.para("Records are kept for the periods below and then disposed of by the method shown. Retention starts from "
           "the trigger event.", fn)
    ret_rows: list[list[object]] = []
    for r in merged(RET_ROWS):
        rec = r[1]
        if isinstance(rec, str) and rec in RET_CHANGES:
            old, new = RET_CHANGES[rec]
            r[2] = cell(Del(old, ingrid, di), Ins(new, ingrid, di))
        ret_rows.append(r)
    add_table(b, RET_HEADER, ret_rows)
    prose(b, 1)
    b.heading("9. Incident Reporting")
    b.para("Suspected security incidents must be reported to the IT service desk within ", Del("24 hours", samuel, ds),
           Ins("one hour", samuel, ds), " of discovery.")
    b.para("Lost or stolen devices are reported to the service desk",
           Ins(" and to the police, with the crime reference recorded on the ticket", samuel, ds), ".")
    b.para(Del("Minor incidents may be recorded at the end of the month.", samuel, ds))
    b.para("The Data Protection Officer decides whether a personal data breach must be reported to the regulator.")
    prose(b, 1)
    b.heading("10. Review")
    b.para("The Risk Committee reviews this policy every two years; the next review is due in March 2029.")

    ret_acc = [r[:2] + [RET_CHANGES[r[1]][1]] + r[3:] if r[1] in RET_CHANGES else r for r in RET_ROWS]
    b.ask("table_multi", "How long do we keep each kind of HR record under the draft policy?",
          "Personnel file 6 years; unsuccessful candidates 12 months; right-to-work 3 years; accident book 3 years; "
          "occupational health 40 years; training records 10 years.",
          rows=pick(ret_acc, (1, 2), lambda r: r[0] == "Human Resources"), header=RET_HEADER)
    b.ask("table_multi", "Which records get shredded at the end of their retention period?",
          "Client matter files, conveyancing, wills and probate, both personal injury files, office bank statements, "
          "accident book, occupational health reports and complaints files.",
          rows=pick(ret_acc, (1, 4), lambda r: r[4] == "Secure shredding"), header=RET_HEADER)
    b.ask("table_multi", "Which systems get a monthly access review, and who owns them?",
          "Banking platform (Finance Director), firewall and VPN and domain administrator accounts (Head of IT).",
          rows=pick(ACCESS_ROWS, (0, 1), lambda r: r[2] == "Monthly"), header=ACCESS_HEADER)
    b.ask("table_multi", "Show me the complete access review schedule — each system with its review frequency.",
          "All sixteen systems with Monthly, Quarterly, Six-monthly or Annually.",
          rows=pick(ACCESS_ROWS, (0, 2), lambda r: True), header=ACCESS_HEADER)
    b.ask("table_multi", "retention periods client matters files",
          "General 7 years; conveyancing 12 years (revised); wills and probate 25 years; original wills indefinite; PI "
          "adult 7 years; PI child until 25; AML 5 years.",
          rows=pick(ret_acc, (1, 2), lambda r: r[0] == "Client Matters"), header=RET_HEADER)
    b.ask("revision_run", "What has Samuel changed in the access control section?",
          "MFA for all access on and off site (was remote only); leavers disabled within four hours (was five working "
          "days); privileged review every three months (was once a year); break-glass exception to the shared-account "
          "ban; contractor standing access deleted.",
          evidence=["all access to firm systems, on and off site", "four hours of the leaving time", "every three months",
                    "except break-glass accounts held in the password vault",
                    "Contractors may keep standing access for the length of their engagement."],
          attribution=[(samuel, "remote access"), (samuel, "all access to firm systems, on and off site"),
                       (samuel, "five working days"), (samuel, "four hours of the leaving time"),
                       (samuel, "once a year"), (samuel, "every three months"),
                       (samuel, "except break-glass accounts held in the password vault"),
                       (samuel, "Contractors may keep standing access for the length of their engagement.")])
    b.ask("revision_run", "Ingrid's edits to the retention schedule",
          "Conveyancing 15 to 12 years; unsuccessful candidates 6 to 12 months; right-to-work 2 to 3 years; training "
          "records 6 to 10 years.",
          rows=[(rec, new) for rec, (_, new) in RET_CHANGES.items()],
          attribution=[(ingrid, s) for pair in RET_CHANGES.values() for s in pair])
    b.ask("revision_run", "Tariq's password changes?",
          "Minimum length 12 to 14 characters; passwords must be changed at once if compromise is suspected; other "
          "password managers must not be used (was allowed with IT approval).",
          evidence=["14 characters", "but must be changed at once if compromise is suspected", "must not be used"],
          attribution=[(tariq, "12 characters"), (tariq, "14 characters"),
                       (tariq, "but must be changed at once if compromise is suspected"),
                       (tariq, "may be used with IT approval"), (tariq, "must not be used")])
    b.ask("revision_run", "In section 9, what did the CISO amend?",
          "Samuel Adeyemi: report incidents within one hour (was 24 hours); lost devices also reported to the police "
          "with the crime reference on the ticket; deleted the month-end recording of minor incidents.",
          evidence=["one hour", "and to the police, with the crime reference recorded on the ticket",
                    "Minor incidents may be recorded at the end of the month."],
          attribution=[(samuel, "24 hours"), (samuel, "one hour"),
                       (samuel, "and to the police, with the crime reference recorded on the ticket"),
                       (samuel, "Minor incidents may be recorded at the end of the month.")])
    b.ask("revision", "Who widened what the Records Manager approves?",
          "Ingrid Solberg: destruction became destruction or transfer to off-site archive.",
          evidence=["destruction or transfer to off-site archive"],
          attribution=[(ingrid, "destruction or transfer to off-site archive")])
    b.ask("table_merged", "Which function are conflict-check records filed under?", "Compliance.",
          rows=[("Conflict-check records", "Compliance")], header=RET_HEADER)
    b.ask("definition", "Access to Restricted matters needs partner sign-off. What makes a matter Restricted?",
          "Client material whose disclosure could waive legal privilege, breach a court order or cause financial loss "
          "to a client.",
          evidence=["could waive legal privilege, breach a court order or cause financial loss to a client"])
    b.ask("footnote", "If the cameras catch an incident, is that footage still overwritten after 31 days?",
          "No, footage showing an incident or subject to an access request is kept until the matter is closed.",
          evidence=["is kept until the matter is closed"])
    b.ask("plain", "When is the infosec policy next due for review?",
          "March 2029 (every two years, by the Risk Committee).", evidence=["next review is due in March 2029"])
    b.ask("header_footer", "What's the document number of the Fenwick & Rowe security policy?",
          "ISMS-POL-001.", evidence=["ISMS-POL-001"])
    return b.finish(header="Fenwick & Rowe LLP · ISMS-POL-001 · Version 4.2 consultation draft · Owner: CISO",
                    footer="Internal. Comments to the Information Security team by 13 November 2026.")
