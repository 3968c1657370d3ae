"""HTML and Markdown families: a quarterly financial report, a product recall notice and an
employee handbook."""

from __future__ import annotations

import random

from benchmarks.quality.docmodel import cell

from ._common import Family, cells, multi, new


def quarterly() -> Family:
    b = new("blind_quarterly_financial_report", "html", "Halden Instruments plc - Interim Report for the Third Quarter 2026", 8200, "minutes")
    b.heading("1. Highlights")
    b.para("Group revenue for the quarter ended 30 September 2026 was GBP 148.3 million, up 9.4 per cent on the same quarter of 2025.")
    b.para("Adjusted operating margin was 17.2 per cent",
           b.footnote("Adjusted figures exclude amortisation of acquired intangibles and the restructuring charge described in section 5."), ".")
    b.para("Net debt at the quarter end was GBP 61.9 million, 0.8 times trailing adjusted EBITDA.")
    b.filler(2)
    b.heading("2. Segment Performance")
    seg_h = ("Segment", "Region", "Q3 2026 Revenue (GBP m)", "Q3 2025 Revenue (GBP m)", "Change")
    b.table([
        cells(*seg_h),
        [cell("Process Analytics", vmerge="restart"), cell("UK and Ireland"), cell("21.4"), cell("19.8"), cell("+8.1%")],
        [cell("", vmerge="continue"), cell("Continental Europe"), cell("30.2"), cell("27.5"), cell("+9.8%")],
        [cell("", vmerge="continue"), cell("North America"), cell("18.7"), cell("16.1"), cell("+16.1%")],
        [cell("Environmental Monitoring", vmerge="restart"), cell("UK and Ireland"), cell("12.9"), cell("13.4"), cell("-3.7%")],
        [cell("", vmerge="continue"), cell("Continental Europe"), cell("24.6"), cell("22.0"), cell("+11.8%")],
        [cell("", vmerge="continue"), cell("Asia Pacific"), cell("9.8"), cell("8.7"), cell("+12.6%")],
        [cell("Service and Calibration", vmerge="restart"), cell("All regions"), cell("30.7"), cell("28.1"), cell("+9.3%")],
        [cell("Group total", span=2), cell("148.3"), cell("135.6"), cell("+9.4%")],
    ])
    b.filler(2)
    b.heading("3. Cash Flow")
    b.para("Free cash flow in the quarter was GBP 19.6 million after capital expenditure of GBP 7.1 million.")
    b.para("Cash conversion remains above the 85 per cent target, except as explained in section 6.")
    b.filler(2)
    b.heading("4. Order Book")
    rng = random.Random(8201)
    mon_h = ("Month", "Orders Received (GBP m)", "Book-to-Bill", "Backlog (GBP m)")
    months = ("October 2025", "November 2025", "December 2025", "January 2026", "February 2026", "March 2026", "April 2026",
              "May 2026", "June 2026", "July 2026", "August 2026", "September 2026")
    mrows = [(m, f"{rng.uniform(40, 60):.1f}", f"{rng.uniform(0.92, 1.18):.2f}", f"{190 + i * 2.3 + rng.uniform(-3, 3):.1f}")
             for i, m in enumerate(months)]
    b.table([cells(*mon_h)] + [cells(*r) for r in mrows])
    b.filler(1)
    b.heading("5. Restructuring")
    b.para("A restructuring charge of GBP 4.2 million was recognised for the closure of the Leiden assembly site, which transfers to Brno by March 2027.")
    b.filler(1)
    b.heading("6. Working Capital")
    b.para("Inventory rose by GBP 6.4 million ahead of the Brno transfer; as a result, cash conversion for the nine months was 78 per cent.")
    b.heading("7. Outlook")
    b.para("The board now expects full-year revenue growth of 8 to 10 per cent at constant currency, having previously guided 6 to 8 per cent.")
    b.filler(1)

    multi(b, "How did Environmental Monitoring do in each region this quarter?", seg_h,
          [("UK and Ireland", "12.9", "-3.7%"), ("Continental Europe", "24.6", "+11.8%"), ("Asia Pacific", "9.8", "+12.6%")],
          tags=("whole_group",))
    multi(b, "Which segment does the North America revenue of GBP 18.7m belong to?", seg_h,
          [("Process Analytics", "North America", "18.7")], category="table_merged", answer="Process Analytics.")
    multi(b, "What did Process Analytics turn over in Continental Europe last year (Q3 2025)?", seg_h,
          [("Process Analytics", "Continental Europe", "27.5")], category="table_merged", answer="GBP 27.5 million.")
    multi(b, "Show the monthly book-to-bill ratios for the last twelve months.", mon_h, [(r[0], r[2]) for r in mrows],
          tags=("whole_table",))
    multi(b, "Months where book-to-bill was below 1?", mon_h, [(r[0], r[2]) for r in mrows if float(r[2]) < 1.0],
          tags=("condition",))
    multi(b, "Backlog at the end of each month of the third quarter?", mon_h, [(r[0], r[3]) for r in mrows[-3:]])
    b.ask("cross_section", "Did Halden meet its cash conversion target?",
          "The report says it remains above 85 per cent, but section 6 explains that nine-month cash conversion was 78 per cent because inventory rose ahead of the Brno transfer.",
          evidence=["above the 85 per cent target", "cash conversion for the nine months was 78 per cent"])
    b.ask("footnote", "What is excluded from the adjusted margin?", "Amortisation of acquired intangibles and the restructuring charge.",
          evidence=["exclude amortisation of acquired intangibles"])
    b.ask("plain", "Q3 revenue and growth?", "GBP 148.3 million, up 9.4 per cent.", evidence=["was GBP 148.3 million, up 9.4 per cent"])
    b.ask("plain", "What is the new full-year revenue guidance?", "8 to 10 per cent growth at constant currency (previously 6 to 8).",
          evidence=["full-year revenue growth of 8 to 10 per cent at constant currency"])
    b.ask("plain", "Which site is being closed and where is the work going?", "Leiden assembly site, transferring to Brno by March 2027.",
          evidence=["closure of the Leiden assembly site"])
    b.ask("plain", "How leveraged is the group?", "Net debt GBP 61.9 million, 0.8 times trailing adjusted EBITDA.",
          evidence=["0.8 times trailing adjusted EBITDA"])
    return b.finish(header="Halden Instruments plc - RNS HLD-2026-Q3", footer="Published 29 October 2026 - unaudited")


LOT_H = ("Batch Code", "Product", "Pack Size", "Best Before", "Distribution Region", "Retail Barcode")


def recall() -> Family:
    b = new("blind_product_recall_notice", "html", "Product Recall Notice - Greenmeadow Oat Bars (Undeclared Peanut)", 8300, "commercial")
    rng = random.Random(8301)
    prods = (("Greenmeadow Oat Bar Honey", "5 x 35 g"), ("Greenmeadow Oat Bar Cranberry", "5 x 35 g"),
             ("Greenmeadow Oat Bar Dark Chocolate", "5 x 35 g"), ("Greenmeadow Oat Bar Honey", "12 x 35 g (multipack)"),
             ("Greenmeadow Protein Oat Bar Salted Caramel", "4 x 45 g"))
    regions = ("Scotland", "North of England", "Midlands", "Wales and South West", "London and South East", "Northern Ireland")
    lots = []
    for i in range(38):
        p, size = prods[rng.randrange(len(prods))]
        bb = f"{rng.randint(1, 28):02d}/{rng.choice(('03', '04', '05'))}/2027"
        lots.append((f"GM{26}{rng.choice('KLM')}{3000 + i * 11}", p, size, bb, rng.choice(regions),
                     f"50{rng.randint(10000000000, 99999999999)}"))
    b.para("Greenmeadow Foods Ltd is recalling the products listed below because they may contain peanuts, which are not declared on the label. "
           "This makes the products a possible health risk for anyone with an allergy to peanuts.")
    b.heading("What should customers do?")
    b.para("If you have bought any of the products below and have an allergy to peanuts, do not eat them. Return them to the store for a full refund; "
           "no receipt is needed.")
    b.para("Customers without a peanut allergy may eat the products, except as stated for the protein bars in the section on protein bars below.")
    b.filler(1)
    b.heading("Affected batches")
    b.para("Only the batch codes below are affected. The batch code is printed on the side of the outer carton next to the best before date.")
    b.table([cells(*LOT_H)] + [cells(*r) for r in lots])
    b.filler(1)
    b.heading("Protein bars")
    b.para("The Salted Caramel protein bars listed above also contain whey above the declared level and should not be consumed by anyone with a milk allergy.")
    b.heading("Retailer instructions")
    b.para("Retailers must remove affected stock from sale by 18:00 on 4 December 2026 and quarantine it for collection by Ridgeway Reverse Logistics.")
    b.para('In this notice, "Affected Stock" means any unit bearing one of the batch codes in the table, including units in back stores and click-and-collect lockers.')
    b.para("Credit for Affected Stock is issued only against a completed destruction or collection certificate.")
    b.filler(1)
    b.heading("Contact")
    b.para("The Greenmeadow customer careline is open from 08:00 to 20:00 on 0800 915 3372.")
    b.filler(1)

    multi(b, "Which batches of the 12-bar multipack are recalled?", LOT_H,
          [(r[0], "12 x 35 g (multipack)") for r in lots if r[2].startswith("12")], tags=("whole_group",))
    multi(b, "List every recalled batch code with its best-before date.", LOT_H, [(r[0], r[3]) for r in lots], tags=("whole_table",))
    multi(b, "What batches went to Scotland?", LOT_H, [(r[0], "Scotland") for r in lots if r[4] == "Scotland"], tags=("whole_group",))
    multi(b, "Barcodes of the recalled salted caramel protein bars please", LOT_H,
          [(r[0], r[5]) for r in lots if "Salted Caramel" in r[1]], tags=("whole_group",))
    t = lots[-1]
    multi(b, f"Is batch {t[0]} part of the recall, and what is it?", LOT_H, [(t[0], t[1], t[2])], category="table_tail")
    t = lots[-2]
    multi(b, f"Best before and region for batch {t[0]}?", LOT_H, [(t[0], t[3], t[4])], category="table_tail")
    b.ask("cross_section", "I'm not allergic to peanuts - can I still eat the bars?",
          "Yes, except the Salted Caramel protein bars if you have a milk allergy, as they contain undeclared whey above the declared level.",
          evidence=["Customers without a peanut allergy may eat the products", "should not be consumed by anyone with a milk allergy"])
    b.ask("definition", "Do units sitting in click-and-collect lockers need to be pulled by retailers?",
          "Yes: Affected Stock includes units in back stores and click-and-collect lockers, and must be removed by 18:00 on 4 December 2026.",
          evidence=["including units in back stores and click-and-collect lockers", "by 18:00 on 4 December 2026"])
    b.ask("plain", "What number do I call about the oat bar recall?", "0800 915 3372, 08:00 to 20:00.", evidence=["0800 915 3372"])
    b.ask("plain", "Where do I find the batch code on the pack?", "On the side of the outer carton next to the best before date.",
          evidence=["printed on the side of the outer carton"])
    b.ask("plain", "Who collects the quarantined stock from shops?", "Ridgeway Reverse Logistics.", evidence=["Ridgeway Reverse Logistics"])
    return b.finish(header="FSA reference 26-GMF-114 | Issued 2 December 2026", footer="Greenmeadow Foods Ltd, Bakewell, Derbyshire")


def handbook() -> Family:
    b = new("blind_employee_handbook", "md", "Employee Handbook - Orchard Lane Software (UK)", 8400, "hr")
    b.heading("1. About this Handbook")
    b.para("This handbook applies to all employees of Orchard Lane Software Ltd employed under a UK contract. Contractors are covered by their agency terms.")
    b.para('Throughout this handbook, "Continuous Service" means unbroken employment with Orchard Lane or any company it has acquired, '
           "counted from the first day of employment with that company.")
    b.para('"Core Hours" means 10:00 to 15:00, Monday to Thursday, and 10:00 to 13:00 on Friday.')
    b.filler(1)
    b.heading("2. Working Time")
    b.para("Outside Core Hours, employees organise their working day freely, provided the team's on-call rota is covered.")
    b.para("Standard working time is 37.5 hours a week. Overtime is not paid but is taken as time off in lieu within three months.")
    b.filler(2)
    b.heading("3. Holidays")
    hol_h = ("Continuous Service", "Annual Leave (days)", "Carry-over Limit (days)", "Buy/Sell Allowance (days)")
    hol = [("Less than 2 years", "25", "5", "3"), ("2 to 4 years", "26", "5", "3"), ("5 to 7 years", "27", "5", "5"),
           ("8 to 9 years", "28", "8", "5"), ("10 years or more", "30", "8", "5")]
    b.table([cells(*hol_h)] + [cells(*r) for r in hol])
    b.para("Bank holidays are in addition to the annual leave above.", b.footnote("Employees in Northern Ireland receive the two additional Northern Ireland bank holidays."))
    b.para("The holiday year runs from 1 January to 31 December; carried-over days must be used by 31 March, subject to section 7.")
    b.filler(2)
    b.heading("4. Sickness")
    b.para("Employees must call their line manager before 09:30 on the first day of absence. A fit note is required from the eighth calendar day.")
    b.para("Company sick pay is full pay for up to 20 working days in any rolling 12 months, then Statutory Sick Pay.")
    b.filler(2)
    b.heading("5. Equipment and Home Working")
    b.para("Each new starter receives a one-off home office allowance of GBP 450 and may claim GBP 26 a month towards broadband.")
    b.filler(2)
    b.heading("6. Learning")
    b.para("Every employee has a personal learning budget of GBP 1,200 per year and four learning days.")
    b.filler(1)
    b.heading("7. Family Leave")
    b.para("Employees returning from maternity, adoption or shared parental leave may carry over all untaken annual leave into the following holiday year "
           "without the 31 March deadline; it must be used within 12 months of return.")
    b.para("Enhanced maternity pay is 16 weeks at full pay followed by 10 weeks at half pay for employees with at least one year of Continuous Service.")
    b.filler(1)

    multi(b, "What are all the holiday entitlement bands by length of service?", hol_h, [(r[0], r[1]) for r in hol], tags=("whole_table",))
    multi(b, "Which service bands let you carry over 8 days of leave?", hol_h, [("8 to 9 years", "8"), ("10 years or more", "8")],
          answer="8 to 9 years and 10 years or more.")
    b.ask("definition", "I joined a company Orchard Lane later bought, in 2017. Does that time count towards my holiday band?",
          "Yes: Continuous Service includes unbroken employment with any company Orchard Lane has acquired, counted from the first day with that company.",
          evidence=["or any company it has acquired"])
    b.ask("definition", "Can I start at 11 on a Wednesday?",
          "No: Core Hours are 10:00 to 15:00 Monday to Thursday, so you must be working from 10:00.",
          evidence=["10:00 to 15:00, Monday to Thursday"])
    b.ask("cross_section", "When do carried-over holidays expire?",
          "By 31 March, except for employees returning from maternity, adoption or shared parental leave, who have 12 months from return.",
          evidence=["carried-over days must be used by 31 March", "it must be used within 12 months of return"])
    b.ask("footnote", "Do staff in Northern Ireland get extra bank holidays?", "Yes, the two additional Northern Ireland bank holidays.",
          evidence=["two additional Northern Ireland bank holidays"])
    b.ask("plain", "How much is the home office allowance?", "GBP 450 one-off, plus GBP 26 a month for broadband.",
          evidence=["one-off home office allowance of GBP 450"])
    b.ask("plain", "How many days of full company sick pay are there?", "Up to 20 working days in any rolling 12 months.",
          evidence=["full pay for up to 20 working days"])
    b.ask("plain", "learning budget per person", "GBP 1,200 per year and four learning days.", evidence=["GBP 1,200 per year"])
    b.ask("plain", "What is the enhanced maternity pay at Orchard Lane and who qualifies for it?",
          "16 weeks full pay then 10 weeks half pay, for employees with at least one year of Continuous Service.",
          evidence=["16 weeks at full pay followed by 10 weeks at half pay"])
    return b.finish(header="HR-POL-001 version 9, effective 1 January 2027", footer="Owner: People Team - review annually")
