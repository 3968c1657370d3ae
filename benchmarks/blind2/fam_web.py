"""Two HTML documents: a university course catalogue and a utility tariff schedule."""

from __future__ import annotations

from benchmarks.quality.docmodel import Del, Ins, cell

from ._common import Family, add_table, builder

CAT_HEAD = ("Code", "Module title", "Credits", "Semester", "Convenor", "Assessment", "Prerequisites")


def course_catalogue() -> Family:
    b = builder("calderbrook_msc_catalogue_2027", "html", "Calderbrook University — MSc Data & Society Module Catalogue 2027/28", 7909, "hr")
    W = "Dr Siobhan Achterberg"
    b.heading("1. How to use this catalogue")
    b.para("This catalogue lists every module available to students on the MSc Data & Society programme in the 2027/28 academic year.")
    b.filler(2)
    b.heading("2. Regulations and terms")
    b.para("\u201cCore Module\u201d means a module every student must pass to be awarded the degree; core modules are marked C "
           "in the catalogue code.")
    b.para("\u201cCompensated Fail\u201d means a module mark between 40 and 49 that is treated as a pass for progression, "
           "provided the credit-weighted average is at least 55.")
    b.para("A student may take at most 30 credits of Compensated Fail, and never in a Core Module.")
    b.filler(1)
    b.heading("3. Module list")
    b.para("Students take 180 credits: 120 taught credits and the 60-credit dissertation (DS7C99).")
    mods = [
        ("DS7C01", "Foundations of Data Science", "20", "Autumn", "Prof Marcus Ellery", "Coursework 60 % / exam 40 %", "None"),
        ("DS7C02", "Ethics of Algorithms", "20", "Autumn", "Dr Naomi Adeyemi", "Essay 100 %", "None"),
        ("DS7C03", "Statistical Modelling", "20", "Spring", "Dr Tariq Hollis", "Exam 70 % / project 30 %", "DS7C01"),
        ("DS7O11", "Urban Sensing", "10", "Autumn", "Dr Freya Lindqvist", "Project 100 %", "None"),
        ("DS7O12", "Text as Data", "10", "Autumn", "Dr Pavel Novak", "Coursework 100 %", "None"),
        ("DS7O13", "Health Data Governance", "10", "Autumn", "Prof Grace Mbatha", "Essay 100 %", "DS7C02"),
        ("DS7O14", "Machine Learning in Practice", "20", "Spring", "Dr Pavel Novak", "Project 70 % / viva 30 %", "DS7C01"),
        ("DS7O15", "Survey Methods", "10", "Spring", "Dr Tariq Hollis", "Coursework 100 %", "None"),
        ("DS7O16", "Data Journalism", "10", "Spring", "Ms Carla Brennan", "Portfolio 100 %", "None"),
        ("DS7O17", "Privacy Engineering", "20", "Spring", "Dr Henrik Solvang", "Exam 50 % / lab 50 %", "DS7C01"),
        ("DS7O18", "Spatial Analysis with R", "10", "Autumn", "Dr Freya Lindqvist", "Lab reports 100 %", "None"),
        ("DS7O19", "Algorithmic Accountability Lab", "10", "Spring", "Dr Naomi Adeyemi", "Group project 100 %", "DS7C02"),
        ("DS7O20", "Network Analysis", "10", "Spring", "Dr Ilse Verbruggen", "Coursework 100 %", "DS7C03"),
        ("DS7O21", "Visualisation for Policy", "10", "Autumn", "Ms Carla Brennan", "Portfolio 100 %", "None"),
        ("DS7O22", "Causal Inference", "20", "Spring", "Dr Tariq Hollis", "Exam 100 %", "DS7C03"),
        ("DS7O23", "Data, Labour and Platforms", "10", "Autumn", "Dr Jomo Kariuki", "Essay 100 %", "None"),
        ("DS7O24", "Open Government Data", "10", "Spring", "Prof Grace Mbatha", "Report 100 %", "None"),
        ("DS7O25", "Cloud Computing for Research", "10", "Autumn", "Dr Henrik Solvang", "Lab 100 %", "None"),
        ("DS7O26", "Qualitative Methods for Data Studies", "10", "Spring", "Dr Jomo Kariuki", "Essay 100 %", "None"),
        ("DS7O27", "Computational Social Science", "20", "Spring", "Dr Ilse Verbruggen", "Project 100 %", "DS7C01"),
        ("DS7O28", "Responsible AI in Finance", "10", "Spring", "Dr Amrit Sandhu", "Case study 100 %", "DS7C02"),
        ("DS7O29", "Climate Data and Society", "10", "Autumn", "Dr Freya Lindqvist", "Poster 40 % / report 60 %", "None"),
        ("DS7O30", "Research Software Engineering", "10", "Spring", "Dr Amrit Sandhu", "Code review 100 %", "DS7O25"),
        ("DS7C99", "Dissertation", "60", "Summer", "Programme director", "Dissertation 90 % / poster 10 %", "120 taught credits"),
    ]
    rows = []
    for m in mods:
        if m[0] == "DS7O17":
            rows.append([m[0], m[1], m[2], m[3], cell(Del("Dr Henrik Solvang", W, "2026-11-20"), Ins("Dr Ilse Verbruggen", W, "2026-11-20")), m[5], m[6]])
        elif m[0] == "DS7O22":
            rows.append([m[0], m[1], m[2], m[3], m[4], cell(Del("Exam 100 %", W, "2026-11-20"), Ins("Exam 60 % / replication project 40 %", W, "2026-11-20")), m[6]])
        else:
            rows.append(list(m))
    add_table(b, CAT_HEAD, rows)
    b.filler(1)
    b.heading("4. Timetable blocks")
    b.para("Taught modules run in fixed blocks so that options do not clash:")
    add_table(b, ("Block", "Day", "Time", "Autumn modules", "Spring modules"), [
        [cell("A", vmerge="restart"), cell("Monday", vmerge="restart"), "09:00\u201312:00", "DS7C01", "DS7C03"],
        [cell("A", vmerge="continue"), cell("Monday", vmerge="continue"), "14:00\u201317:00", "DS7O11, DS7O18", "DS7O14"],
        [cell("B", vmerge="restart"), cell("Tuesday", vmerge="restart"), "09:00\u201312:00", "DS7C02", "DS7O17"],
        [cell("B", vmerge="continue"), cell("Tuesday", vmerge="continue"), "14:00\u201317:00", "DS7O12, DS7O23", "DS7O15, DS7O26"],
        [cell("C", vmerge="restart"), cell("Thursday", vmerge="restart"), "09:00\u201312:00", "DS7O13, DS7O29", "DS7O22"],
        [cell("C", vmerge="continue"), cell("Thursday", vmerge="continue"), "14:00\u201317:00", "DS7O21, DS7O25", "DS7O19, DS7O20, DS7O24"],
        ["D", "Friday", "10:00\u201313:00", cell("Skills workshops (non-credit)", span=2)],
        ["E", "Wednesday", "14:00\u201317:00", "\u2014", "DS7O16, DS7O27, DS7O28, DS7O30"],
    ])
    b.filler(1)
    b.heading("5. Assessment rules")
    b.para("Coursework submitted late is capped at the pass mark of 50, unless an extension was granted under section 7.")
    b.para("The pass mark for all modules is 50.", b.footnote(
        "Students who started before September 2025 keep the pass mark of 40 under the 2024 regulations."))
    b.para("Resits are held in the last week of August and are capped at 50.")
    b.filler(1)
    b.heading("6. Dissertation")
    b.para("The dissertation is submitted by 12:00 on Friday 3 September 2028 and is between 12,000 and ",
           Del("15,000", W, "2026-11-20"), Ins("14,000", W, "2026-11-20"), " words.")
    b.filler(1)
    b.heading("7. Extensions")
    b.para("Extensions of up to 10 working days are granted by the Student Support Office on evidence of illness or "
           "bereavement; longer extensions need the Mitigating Circumstances Board.")
    b.filler(1)
    H = list(CAT_HEAD)
    spring20 = [m for m in mods if m[3] == "Spring" and m[2] == "20"]
    b.ask("table_multi", "Which 20-credit modules run in the spring semester?", ", ".join(f"{m[0]} {m[1]}" for m in spring20),
          rows=[(m[0], m[1], "20", "Spring") for m in spring20], header=H)
    pre = [m for m in mods if m[6] == "DS7C01"]
    b.ask("table_multi", "Which modules list Foundations of Data Science as a direct prerequisite?",
          ", ".join(m[0] for m in pre), rows=[(m[0], m[1], "DS7C01") for m in pre], header=H)
    fl = [m for m in mods if m[4] == "Dr Freya Lindqvist"]
    b.ask("table_multi", "Show all modules convened by Dr Freya Lindqvist with their credit values.",
          "; ".join(f"{m[0]} {m[1]} ({m[2]})" for m in fl), rows=[(m[0], m[2], m[4]) for m in fl], header=H)
    cores = [m for m in mods if m[0][3] == "C"]
    b.ask("table_multi", "Which modules are core, and how are they assessed?",
          "; ".join(f"{m[0]} {m[5]}" for m in cores), rows=[(m[0], m[5]) for m in cores], header=H)
    b.ask("table_tail", "What is the prerequisite for Research Software Engineering?", "DS7O25 (Cloud Computing for Research).",
          rows=[("DS7O30", "Research Software Engineering", "DS7O25")], header=H)
    b.ask("table_tail", "How is the dissertation weighted between written work and poster?", "90 % dissertation, 10 % poster.",
          rows=[("DS7C99", "Dissertation 90 % / poster 10 %")], header=H)
    TH = ["Block", "Day", "Time", "Autumn modules", "Spring modules"]
    b.ask("table_merged", "On which day and at what time is Survey Methods taught?", "Tuesday 14:00–17:00 (block B).",
          rows=[("Tuesday", "14:00\u201317:00", "DS7O15, DS7O26")], header=TH)
    b.ask("table_merged", "When does block C meet in the afternoon, and which spring modules are in it?",
          "Thursday 14:00–17:00: DS7O19, DS7O20, DS7O24.", rows=[("C", "Thursday", "14:00\u201317:00", "DS7O19, DS7O20, DS7O24")], header=TH)
    b.ask("table_merged", "What happens in block D?", "Non-credit skills workshops, Friday 10:00–13:00.",
          rows=[("D", "Friday", "Skills workshops (non-credit)")], header=TH)
    b.ask("revision_run", "What did Dr Siobhan Achterberg change in the module list?",
          "Privacy Engineering convenor Dr Henrik Solvang replaced by Dr Ilse Verbruggen; Causal Inference assessment changed from "
          "exam 100 % to exam 60 % / replication project 40 %.",
          evidence=["Exam 60 % / replication project 40 %"],
          rows=[("DS7O17", "Dr Henrik Solvang", "Dr Ilse Verbruggen"), ("DS7O22", "Exam 100 %", "Exam 60 % / replication project 40 %")],
          attribution=[(W, "DS7O17"), (W, "Exam 60 % / replication project 40 %")])
    b.ask("revision", "Has the maximum dissertation length changed?", "Yes: from 15,000 to 14,000 words (Dr Siobhan Achterberg).",
          evidence=["15,000", "14,000"], attribution=[(W, "14,000")])
    b.ask("cross_section", "My statistics coursework is late but I had an extension from Student Support. Is my mark capped?",
          "No: the late cap of 50 does not apply when an extension was granted under section 7 (up to 10 working days from Student Support).",
          evidence=["capped at the pass mark of 50, unless an extension was granted under section 7",
                    "Extensions of up to 10 working days are granted by the Student Support Office"])
    b.ask("definition", "Can a 45 in Ethics of Algorithms be compensated?",
          "No: DS7C02 is a Core Module (C in the code) and Compensated Fail never applies to a Core Module.",
          evidence=["core modules are marked C", "never in a Core Module"])
    b.ask("definition", "What average do I need for a 42 to count as a pass for progression?",
          "A credit-weighted average of at least 55 (Compensated Fail, marks 40–49).",
          evidence=["provided the credit-weighted average is at least 55"])
    b.ask("footnote", "I started in 2024. What's my pass mark?", "40, under the 2024 regulations.",
          evidence=["keep the pass mark of 40 under the 2024 regulations"])
    b.ask("plain", "When are resits held?", "In the last week of August, capped at 50.", evidence=["last week of August"])
    b.ask("header_footer", "Which catalogue edition is this?", "Edition 2027/28, approved by the Board of Studies on 2 December 2026.",
          evidence=["approved by the Board of Studies on 2 December 2026"])
    return b.finish(header="School of Social Data Science \u2014 Catalogue edition 2027/28",
                    footer="Catalogue approved by the Board of Studies on 2 December 2026; errors to ds-office@calderbrook.example")


TAR_HEAD = ("Tariff", "Meter type", "Band", "Unit rate (p/kWh)", "Standing charge (p/day)", "Exit fee")


def utility_tariffs() -> Family:
    b = builder("northmere_energy_tariffs_jan2027", "html", "Northmere Energy — Domestic Tariff Schedule, January 2027", 8010, "commercial")
    b.heading("1. Scope")
    b.para("This schedule sets out Northmere Energy's domestic electricity and gas tariffs for customers in the North West "
           "and Yorkshire regions from 1 January 2027.")
    b.filler(2)
    b.heading("2. Definitions")
    b.para("\u201cPeak\u201d means 16:00 to 19:00 on weekdays; \u201cOff-peak\u201d means 00:30 to 05:30 every day; all "
           "other times are \u201cStandard\u201d.")
    b.para("\u201cVulnerable Household\u201d means a household on the Priority Services Register with a member who depends "
           "on powered medical equipment.")
    b.filler(1)
    b.heading("3. Electricity tariffs")
    tariffs = [("Northmere Fixed 24", "Single-rate"), ("Northmere Tracker", "Single-rate"), ("Night Saver", "Economy 7"),
               ("EV Drive", "Smart"), ("Heat Pump Flex", "Smart"), ("Green Fix 12", "Single-rate"), ("Northmere Standard Variable", "Single-rate")]
    bands = {"Single-rate": ["All times"], "Economy 7": ["Day", "Night"], "Smart": ["Peak", "Standard", "Off-peak"]}
    rows, data = [], []
    for ti, (t, mt) in enumerate(tariffs):
        bl = bands[mt]
        for bi, band in enumerate(bl):
            shift = {"All times": 0, "Day": 4, "Night": -9, "Peak": 13, "Standard": 1, "Off-peak": -12}[band]
            unit = f"{22 + (ti * 7) % 9 + shift}.{(ti * 13 + bi * 29) % 100:02d}"
            sc = f"{41 + ti * 3}.{(ti * 17) % 100:02d}"
            exit_fee = "None" if ti in (1, 6) else f"GBP {50 + ti * 25} per fuel"
            data.append((t, mt, band, unit, sc, exit_fee))
            vm = None if len(bl) == 1 else ("restart" if bi == 0 else "continue")
            uc = cell(unit)
            if t == "EV Drive" and band == "Off-peak":
                uc = cell(Del(unit, "Ravi Chaudhary", "2026-12-01"), Ins("7.45", "Ravi Chaudhary", "2026-12-01"))
            rows.append([cell(t, vmerge=vm), cell(mt, vmerge=vm), band, uc, cell(sc, vmerge=vm), cell(exit_fee, vmerge=vm)])
    add_table(b, TAR_HEAD, rows)
    b.para("All prices include VAT at 5 per cent", b.footnote("Prices for the Yorkshire region are 0.6p/kWh higher on every unit rate."), ".")
    b.filler(1)
    b.heading("4. Gas tariffs")
    gas = [("Northmere Fixed 24", "6.12", "31.48"), ("Northmere Tracker", "5.87", "31.48"), ("Green Fix 12", "6.40", "33.02"),
           ("Northmere Standard Variable", "6.04", "31.65")]
    add_table(b, ("Tariff", "Unit rate (p/kWh)", "Standing charge (p/day)"), [list(g) for g in gas])
    b.filler(1)
    b.heading("5. Payment methods and discounts")
    b.para("Direct Debit customers receive the prices shown; customers paying on receipt of a bill pay ",
           Del("8 per cent", "Ravi Chaudhary", "2026-12-01"), Ins("6 per cent", "Ravi Chaudhary", "2026-12-01"), " more.")
    b.para("A dual-fuel discount of GBP 30 a year applies when electricity and gas are on the same tariff, except for "
           "Tracker customers, as stated in section 6.")
    b.filler(1)
    b.heading("6. Tracker conditions")
    b.para("Tracker unit rates change daily with the wholesale price and are capped at 1.2 times the Ofgem price cap; Tracker "
           "customers do not receive the dual-fuel discount.")
    b.filler(1)
    b.heading("7. Exit fees and switching")
    b.para("Exit fees are waived when the customer switches within the last 49 days of a fixed term, and are never "
           "charged to a Vulnerable Household.")
    b.para("Northmere completes a switch within 5 working days of the customer's request.")
    b.filler(1)
    H = list(TAR_HEAD)
    b.ask("table_multi", "Give every band's unit rate for the Heat Pump Flex tariff.",
          "; ".join(f"{d[2]} {d[3]}" for d in data if d[0] == "Heat Pump Flex"),
          rows=[(d[2], d[3]) for d in data if d[0] == "Heat Pump Flex"], header=H)
    nofee = sorted({d[0] for d in data if d[5] == "None"})
    b.ask("table_multi", "Which electricity tariffs have no exit fee?", ", ".join(nofee),
          rows=[(t, "None") for t in nofee], header=H)
    allsc = [(t, f"{41 + ti * 3}.{(ti * 17) % 100:02d}") for ti, (t, _) in enumerate(tariffs)]
    b.ask("table_multi", "List the daily standing charge of every electricity tariff.", "; ".join(f"{t} {s}" for t, s in allsc),
          rows=allsc, header=H)
    b.ask("table_multi", "Compare gas unit rates and standing charges across all gas tariffs.",
          "; ".join(" ".join(g) for g in gas), rows=[tuple(g) for g in gas], header=["Tariff", "Unit rate (p/kWh)", "Standing charge (p/day)"])
    sv = data[-1]
    b.ask("table_tail", "What's the electricity unit rate on the Standard Variable tariff?", f"{sv[3]} p/kWh",
          rows=[("Northmere Standard Variable", sv[3])], header=H)
    gf = next(d for d in data if d[0] == "Green Fix 12")
    b.ask("table_tail", "Exit fee for Green Fix 12?", gf[5], rows=[("Green Fix 12", gf[5])], header=H)
    ns = [d for d in data if d[0] == "Night Saver"]
    b.ask("table_merged", "What is the standing charge on Night Saver, and the night unit rate?", f"{ns[0][4]} p/day; {ns[1][3]} p/kWh",
          rows=[("Night Saver", "Night", ns[1][3], ns[0][4])], header=H)
    hp = [d for d in data if d[0] == "Heat Pump Flex"]
    b.ask("table_merged", "If I leave Heat Pump Flex early, what will it cost me?", hp[0][5],
          rows=[("Heat Pump Flex", "Peak", hp[0][5])], header=H)
    b.ask("revision", "Was the EV Drive off-peak rate edited? By whom?", "Yes, Ravi Chaudhary changed it to 7.45p/kWh.",
          rows=[("EV Drive", "Off-peak", "7.45")], attribution=[("Ravi Chaudhary", "7.45")])
    b.ask("revision", "How much more do pay-on-receipt customers pay, after the latest edit?", "6 per cent (was 8 per cent; Ravi Chaudhary).",
          evidence=["8 per cent", "6 per cent"], attribution=[("Ravi Chaudhary", "6 per cent")])
    b.ask("cross_section", "I'm on Tracker for both fuels — do I get the GBP 30 dual-fuel discount?",
          "No: the discount excludes Tracker customers as stated in section 6.",
          evidence=["except for Tracker customers, as stated in section 6", "Tracker customers do not receive the dual-fuel discount"])
    b.ask("definition", "What hours count as peak for the smart tariffs?", "16:00 to 19:00 on weekdays.",
          evidence=["16:00 to 19:00 on weekdays"])
    b.ask("cross_section", "My dad relies on a home oxygen concentrator and is on the PSR. Will he pay an exit fee to leave Fixed 24 early?",
          "No: exit fees are never charged to a Vulnerable Household (PSR with powered medical equipment).",
          evidence=["never charged to a Vulnerable Household", "depends on powered medical equipment"])
    b.ask("footnote", "Are Yorkshire prices the same as North West?", "No, 0.6p/kWh higher on every unit rate.",
          evidence=["0.6p/kWh higher on every unit rate"])
    b.ask("plain", "How quickly does Northmere complete a switch?", "Within 5 working days.",
          evidence=["within 5 working days of the customer's request"])
    b.ask("plain", "what's the Tracker cap", "1.2 times the Ofgem price cap.", evidence=["capped at 1.2 times the Ofgem price cap"])
    return b.finish(header="Northmere Energy Ltd \u2014 Tariff schedule TS-2027-01",
                    footer="Valid from 1 January 2027 until replaced; Northmere Energy Ltd, registered in England 11840276")
