"""Two RTF documents with revisions and comments: a municipal budget and a bank fee schedule."""

from __future__ import annotations

from benchmarks.quality.docmodel import Com, Del, Ins, cell

from ._common import Family, add_table, builder

BUD_HEAD = ("Service area", "Cost centre", "Budget line", "2026 outturn (EUR k)", "2027 budget (EUR k)", "Change")


def municipal_budget() -> Family:
    b = builder("westerhaven_budget_2027", "rtf", "Municipality of Westerhaven — Draft Budget 2027", 7707, "minutes")
    F, G = "Councillor Ruth Kanengoni", "Bram Oosterhuis"
    b.heading("1. Introduction by the treasurer")
    b.para("This draft budget is presented to the council for first reading on 26 November 2026. It balances at "
           "EUR 184.6 million of gross expenditure and assumes a property-tax increase of 3.9 per cent.")
    b.filler(2)
    b.heading("2. Definitions")
    b.para("\u201cRing-fenced Funds\u201d means income that may only be spent on the purpose for which it was raised, "
           "namely the waste levy, the sewerage charge and the tourist tax.")
    b.para("\u201cGeneral Reserve\u201d means the unallocated reserve of the municipality, whose floor is set in section 6.")
    b.filler(1)
    b.heading("3. Expenditure by service area")
    areas = [
        ("Social care", [("SC-110", "Home care for older residents"), ("SC-120", "Youth services"), ("SC-130", "Shelter and housing support"),
                         ("SC-140", "Disability day centres"), ("SC-150", "Debt counselling")]),
        ("Public works", [("PW-210", "Road maintenance"), ("PW-220", "Street lighting"), ("PW-230", "Bridges and quays"),
                          ("PW-240", "Winter gritting"), ("PW-250", "Cycle network")]),
        ("Environment", [("EN-310", "Waste collection"), ("EN-320", "Sewerage"), ("EN-330", "Parks and trees"),
                         ("EN-340", "Climate adaptation fund")]),
        ("Culture and leisure", [("CL-410", "Public library"), ("CL-420", "Swimming pool De Golfslag"), ("CL-430", "Museum subsidy"),
                                 ("CL-440", "Sports grants")]),
        ("Administration", [("AD-510", "Council and mayor's office"), ("AD-520", "Civil registry"), ("AD-530", "IT and digital services"),
                            ("AD-540", "Tax collection")]),
        ("Safety", [("SA-610", "Fire service contribution"), ("SA-620", "Municipal enforcement officers"), ("SA-630", "Emergency planning")]),
    ]
    rows, lines = [], []
    n = 0
    for area, items in areas:
        for j, (cc, name) in enumerate(items):
            out = 1200 + (n * 4111) % 23000
            new = out + ((n * 37) % 19 - 7) * 45
            ch = f"{(new - out) / out * 100:+.1f} %"
            lines.append((area, cc, name, f"{out:,}", f"{new:,}", ch))
            vm = "restart" if j == 0 else "continue"
            newc = cell(f"{new:,}")
            if cc == "CL-420":
                newc = cell(Del(f"{new:,}", G, "2026-11-12"), Ins(f"{new + 380:,}", G, "2026-11-12"))
            if cc == "EN-340":
                newc = cell(Com(f"{new:,}", F, "2026-11-14", "Far too low given the 2025 flooding; my group will table an amendment for EUR 2.5 million."))
            chc = cell(ch)
            if cc == "CL-420":
                chc = cell(Del(ch, G, "2026-11-12"), Ins(f"{(new + 380 - out) / out * 100:+.1f} %", G, "2026-11-12"))
            rows.append([cell(area, vmerge=vm), cc, name, f"{out:,}", newc, chc])
            n += 1
    add_table(b, BUD_HEAD, rows)
    b.filler(1)
    b.heading("4. Income")
    b.para("Property tax is budgeted at EUR 41.2 million. The tourist tax rises to EUR 3.40 per person per night",
           b.footnote("The tourist tax rate requires a separate bylaw amendment, scheduled for the council meeting of 17 December 2026."), ".")
    b.para("The waste levy for a multi-person household is ", Del("EUR 312", G, "2026-11-12"), Ins("EUR 329", G, "2026-11-12"),
           " and for a single-person household ", Del("EUR 241", G, "2026-11-12"), Ins("EUR 254", G, "2026-11-12"), " per year.")
    b.filler(1)
    b.heading("5. Savings measures")
    b.para("The executive proposes to close the branch library in Noordpolder ", Del("from 1 April 2027", F, "2026-11-14"),
           Ins("only after a consultation that ends no earlier than 30 June 2027", F, "2026-11-14"), ".")
    b.para("Grass cutting frequency in parks falls from ten to eight cuts a year, saving EUR 140k.")
    b.para(Com("Street lighting will switch to LED", F, "2026-11-14", "Ask the executive for the payback period; the 2024 pilot took nine years."),
           " on all arterial roads by 2028.")
    b.filler(1)
    b.heading("6. Reserves and risk")
    b.para("The General Reserve must not fall below 5 per cent of gross expenditure. The projected closing balance for 2027 "
           "is EUR 11.3 million.")
    b.para("Any overspend on a Ring-fenced Fund is met from that fund's own equalisation reserve and never from the General Reserve.")
    b.filler(1)
    H = list(BUD_HEAD)
    sc = [l for l in lines if l[0] == "Social care"]
    b.ask("table_multi", "Break down the social care budget for 2027 line by line.",
          "; ".join(f"{l[2]} {l[4]}" for l in sc), rows=[(l[1], l[2], l[4]) for l in sc], header=H)
    cuts = [l for l in lines if l[5].startswith("-") and l[1] != "CL-420"]
    b.ask("table_multi", "Which budget lines are being cut in 2027 compared with the 2026 outturn? List them all.",
          "; ".join(f"{l[1]} {l[5]}" for l in cuts), rows=[(l[1], l[5]) for l in cuts], header=H)
    l = lines[-1]
    b.ask("table_tail", "What is budgeted for emergency planning next year?", f"EUR {l[4]}k", rows=[("SA-630", l[4])], header=H)
    l = lines[-2]
    b.ask("table_tail", "How does the enforcement officers line change between 2026 and 2027?", f"{l[3]} to {l[4]} ({l[5]})",
          rows=[("SA-620", l[3], l[4], l[5])], header=H)
    l = next(x for x in lines if x[1] == "PW-240")
    b.ask("table_merged", "Winter gritting — which service area is it under and what is the 2027 figure?", f"Public works; {l[4]}",
          rows=[("Public works", "PW-240", l[4])], header=H)
    l = next(x for x in lines if x[1] == "AD-530")
    b.ask("table_merged", "Under which service area does IT and digital services sit?", "Administration",
          rows=[("Administration", "AD-530")], header=H)
    l = next(x for x in lines if x[1] == "CL-420")
    b.ask("revision", "Who raised the swimming pool's 2027 budget, and to what?",
          f"Bram Oosterhuis, from {l[4]} to {int(l[4].replace(',', '')) + 380:,}.",
          rows=[("CL-420", l[4], f"{int(l[4].replace(',', '')) + 380:,}")], attribution=[(G, "CL-420")])
    b.ask("revision_run", "What did Bram Oosterhuis change in the waste levy?",
          "Multi-person household EUR 312 to 329; single-person EUR 241 to 254.",
          evidence=["EUR 312", "EUR 329", "EUR 241", "EUR 254"], attribution=[(G, "EUR 329"), (G, "EUR 254")])
    b.ask("revision", "Has the Noordpolder library closure date changed?",
          "Yes: Councillor Ruth Kanengoni replaced 'from 1 April 2027' with closure only after a consultation ending no earlier than 30 June 2027.",
          evidence=["from 1 April 2027", "only after a consultation that ends no earlier than 30 June 2027"],
          attribution=[(F, "consultation that ends no earlier than 30 June 2027")])
    b.ask("comment", "All comments by Councillor Ruth Kanengoni, please.",
          "Climate adaptation fund far too low — amendment for EUR 2.5 million; LED street lighting — ask for payback period (pilot took nine years).",
          evidence=["my group will table an amendment for EUR 2.5 million", "the 2024 pilot took nine years"],
          attribution=[(F, "amendment for EUR 2.5 million"), (F, "pilot took nine years")])
    b.ask("cross_section", "If the sewerage line overspends, can the council draw on the general reserve?",
          "No: sewerage is a Ring-fenced Fund; overspends come from its own equalisation reserve, never the General Reserve.",
          evidence=["namely the waste levy, the sewerage charge and the tourist tax",
                    "met from that fund's own equalisation reserve and never from the General Reserve"])
    b.ask("definition", "What is the minimum level of the General Reserve in euros for 2027?",
          "5 per cent of gross expenditure of EUR 184.6 million, i.e. about EUR 9.23 million.",
          evidence=["must not fall below 5 per cent of gross expenditure", "EUR 184.6 million of gross expenditure"])
    b.ask("footnote", "Does the new tourist tax rate need anything else to take effect?",
          "A separate bylaw amendment, scheduled for 17 December 2026.",
          evidence=["separate bylaw amendment, scheduled for the council meeting of 17 December 2026"])
    b.ask("header_footer", "Which agenda item is the draft budget?", "Council agenda item 7.2.", evidence=["agenda item 7.2"])
    b.ask("plain", "How much does reducing grass cutting save?", "EUR 140k (ten to eight cuts a year).",
          evidence=["saving EUR 140k"])
    b.ask("plain", "By how much does the draft assume property tax will go up?", "3.9 per cent.",
          evidence=["property-tax increase of 3.9 per cent"])
    return b.finish(header="Westerhaven council \u2014 agenda item 7.2 \u2014 first reading 26 November 2026",
                    footer="Prepared by the Finance Department \u2014 figures in EUR thousands unless stated")


FEE_HEAD = ("Service", "Personal Current", "Personal Plus", "Business Essential", "Business Premier")


def bank_fees() -> Family:
    b = builder("harrowgate_bank_fee_schedule_2027", "rtf", "Harrowgate Mutual Bank — Schedule of Fees and Charges 2027", 7808, "commercial")
    U, V = "Oksana Melnyk", "Declan Ferreira"
    b.heading("1. About this schedule")
    b.para("This schedule applies to accounts held with Harrowgate Mutual Bank from 1 February 2027.")
    b.filler(2)
    b.heading("2. Definitions")
    b.para("\u201cBanking Day\u201d means a day other than a Saturday, Sunday or public holiday in England on which the bank's "
           "payment systems are open.")
    b.para("\u201cArranged Overdraft\u201d means an overdraft limit agreed in advance; the limit and rate are shown in the "
           "customer's account confirmation.")
    b.filler(1)
    b.heading("3. Account fees")
    services = [
        "Monthly account fee", "Debit card replacement", "Card delivery by courier", "Contactless sticker", "Cash withdrawal in GBP at our ATMs",
        "Cash withdrawal abroad", "Non-sterling card purchase", "Faster Payment (online)", "Faster Payment (branch)", "CHAPS payment",
        "SEPA credit transfer out", "SWIFT payment out (SHA)", "SWIFT payment out (OUR)", "Incoming SWIFT payment", "Recall of a SWIFT payment",
        "Standing order set-up", "Returned direct debit", "Unpaid cheque", "Stopped cheque", "Banker's draft",
        "Copy statement", "Audit confirmation letter", "Status enquiry", "Night safe wallet", "Cash paid in at branch (per GBP 100)",
        "Coin counting (per bag)", "Unarranged overdraft item", "Arranged overdraft usage", "Safe deposit box (small, per year)",
        "Safe deposit box (large, per year)",
    ]
    fees = []
    for i, s in enumerate(services):
        vals = []
        for j in range(4):
            v = ((i * 7 + j * 11) % 23) * 1.25
            vals.append("Free" if v == 0 or (j == 1 and i % 4 == 0) else f"GBP {v:.2f}")
        fees.append((s, *vals))
    rows = []
    for f in fees:
        if f[0] == "Monthly account fee":
            rows.append([f[0], f[1], f[2], cell(f[3], span=2)])
        elif f[0] == "Safe deposit box (small, per year)":
            rows.append([f[0], cell("Not available", span=2), f[3], f[4]])
        elif f[0] == "CHAPS payment":
            rows.append([f[0], f[1], f[2], cell(Del(f[3], U, "2026-12-01"), Ins("GBP 22.00", U, "2026-12-01")),
                         cell(Del(f[4], U, "2026-12-01"), Ins("GBP 18.00", U, "2026-12-01"))])
        elif f[0] == "Recall of a SWIFT payment":
            rows.append([f[0], cell(Com(f[1], V, "2026-12-02", "Recall fee must be refunded if the recall fails through our error; add a note.")),
                         f[2], f[3], f[4]])
        else:
            rows.append(list(f))
    add_table(b, FEE_HEAD, rows)
    b.para("Non-sterling transaction fees are charged in addition to the scheme exchange rate",
           b.footnote("The scheme exchange rate is set by Mastercard on the day the transaction is processed, not the day it is made."), ".")
    b.filler(2)
    b.heading("4. Overdrafts")
    b.para("Arranged Overdraft interest is ", Del("39.9 per cent EAR", U, "2026-12-01"), Ins("34.9 per cent EAR", U, "2026-12-01"),
           " for personal accounts; there is no fee for ", Ins("the first GBP 50 of ", U, "2026-12-01"), "arranged overdraft usage.")
    b.para("The unarranged overdraft item fee is capped at ", Del("GBP 30 per", U, "2026-12-01"), Ins("GBP 25 per", U, "2026-12-01"),
           " monthly charging period, subject to section 7.")
    b.filler(1)
    b.heading("5. Payment cut-off times")
    b.para("Payments instructed after the cut-off are processed on the next Banking Day. Cut-offs: Faster Payments 23:30; "
           "CHAPS ", Del("15:30", V, "2026-12-02"), Ins("16:00", V, "2026-12-02"), "; SWIFT in euro and US dollars 14:00.")
    b.filler(1)
    b.heading("6. Business tariffs")
    b.para(Com("Business Premier includes 80 free electronic payments a month", V, "2026-12-02",
               "Product team says 100 from March; confirm before print."), "; additional payments are charged as listed in section 3.")
    b.para("Business Essential includes 25 free cash deposits a month at branch counters.")
    b.filler(1)
    b.heading("7. Vulnerable customers")
    b.para("Customers registered under our Financial Support Scheme pay no unarranged overdraft item fees and no returned "
           "direct debit fees for 12 months from registration.")
    b.filler(1)
    H = list(FEE_HEAD)
    swift = [f for f in fees if "SWIFT" in f[0]]
    b.ask("table_multi", "What are all the SWIFT-related charges on a Business Premier account?",
          "; ".join(f"{f[0]} {f[4]}" for f in swift), rows=[(f[0], f[4]) for f in swift], header=H)
    pp_free = [f for f in fees if f[2] == "Free" and f[0] != "Safe deposit box (small, per year)"]
    b.ask("table_multi", "Which services are free on Personal Plus? List them all.", ", ".join(f[0] for f in pp_free),
          rows=[(f[0], f[1], "Free") for f in pp_free], header=H)
    ch = [f for f in fees if f[0] in ("Unpaid cheque", "Stopped cheque", "Banker's draft")]
    b.ask("table_multi", "Compare the cheque and draft fees across all four accounts.",
          "; ".join(" ".join(f) for f in ch), rows=[tuple(f) for f in ch], header=H)
    f = fees[-1]
    b.ask("table_tail", "What does a large safe deposit box cost per year for a Business Essential customer?", f[3],
          rows=[(f[0], f[3])], header=H)
    f = fees[-4]
    b.ask("table_tail", "How much is the unarranged overdraft item fee on Personal Current?", f[1], rows=[(f[0], f[1])], header=H)
    f = fees[0]
    b.ask("table_merged", "What's the monthly fee for Business Premier?", f"{f[3]} (same as Business Essential)",
          rows=[("Monthly account fee", f[3])], header=H)
    b.ask("table_merged", "Can a Personal Plus customer rent a small safe deposit box?", "No, not available on personal accounts.",
          rows=[("Safe deposit box (small, per year)", "Not available")], header=H)
    f = next(x for x in fees if x[0] == "CHAPS payment")
    b.ask("revision", "Who changed the business CHAPS fees, and what are the new amounts?",
          "Oksana Melnyk: Business Essential GBP 22.00, Business Premier GBP 18.00.",
          rows=[("CHAPS payment", "GBP 22.00", "GBP 18.00")], attribution=[(U, "CHAPS payment")])
    b.ask("revision_run", "Summarise Oksana Melnyk's changes to the overdraft section.",
          "EAR cut from 39.9% to 34.9%; first GBP 50 of arranged overdraft usage fee-free; unarranged cap from GBP 30 to GBP 25.",
          evidence=["39.9 per cent EAR", "34.9 per cent EAR", "the first GBP 50 of", "GBP 30 per", "GBP 25 per"],
          attribution=[(U, "34.9 per cent EAR"), (U, "GBP 25 per")])
    b.ask("revision", "what's the CHAPS cut-off now and who moved it", "16:00 (was 15:30), Declan Ferreira.",
          evidence=["15:30", "16:00"], attribution=[(V, "16:00")])
    b.ask("comment", "What did Declan Ferreira remark about recalling a SWIFT payment?",
          "The recall fee must be refunded if the recall fails through the bank's error; add a note.",
          evidence=["Recall fee must be refunded if the recall fails through our error"], attribution=[(V, "recall fails through our error")])
    b.ask("comment", "Is the number of free electronic payments on Business Premier settled?",
          "Not yet: Declan Ferreira notes the product team says 100 from March, to confirm before print (text says 80).",
          evidence=["80 free electronic payments a month", "Product team says 100 from March; confirm before print."],
          attribution=[(V, "Product team says 100 from March")])
    b.ask("cross_section", "I'm on the Financial Support Scheme. Will I pay the GBP 25 unarranged overdraft cap?",
          "No: the cap is subject to section 7, under which scheme customers pay no unarranged overdraft item fees for 12 months.",
          evidence=["monthly charging period, subject to section 7",
                    "pay no unarranged overdraft item fees and no returned direct debit fees for 12 months from registration"])
    b.ask("definition", "If I send a Faster Payment at 23:45 on a Saturday, when is it processed?",
          "On the next Banking Day — a day other than Saturday, Sunday or an English public holiday — so Monday.",
          evidence=["processed on the next Banking Day", "a day other than a Saturday, Sunday or public holiday in England"])
    b.ask("footnote", "Which day's exchange rate applies to a foreign card purchase?",
          "The Mastercard rate on the day the transaction is processed, not the day it is made.",
          evidence=["on the day the transaction is processed, not the day it is made"])
    b.ask("header_footer", "What's the reference of the fee schedule and its effective date?", "HMB-FEES-27, effective 1 February 2027.",
          evidence=["HMB-FEES-27"])
    b.ask("plain", "How many free counter cash deposits does Business Essential include?", "25 a month.",
          evidence=["25 free cash deposits a month"])
    return b.finish(header="Harrowgate Mutual Bank \u2014 HMB-FEES-27 \u2014 effective 1 February 2027",
                    footer="Harrowgate Mutual Bank is authorised by the Prudential Regulation Authority; FRN 204571")
