"""Purchasing documents: a purchase-order register (comments) and a trade price list
(merged product groups, tracked price changes inside table cells)."""

from __future__ import annotations

from benchmarks.quality.docmodel import Com, Del, Ins, cell

from benchmarks.quality.devsets import Family, add_table, builder, merged, parse, pick

# ---------------------------------------------------------------- purchase-order register

PO_HEADER = ("Cost Centre", "PO No.", "Raised", "Supplier", "Description", "Net Value (GBP)", "Status")
PO_ROWS = parse("""
CC-210 Building Services | PO-260714 | 03 Jul 2026 | Kessler Mechanical | Quarterly boiler service, Block A | 3,480.00 | Invoiced
CC-210 Building Services | PO-260722 | 08 Jul 2026 | Brightline Electrical | Emergency lighting test, all floors | 1,265.50 | Closed
CC-210 Building Services | PO-260739 | 15 Jul 2026 | Calloway Lifts | Lift 2 door operator replacement | 12,940.00 | On hold
CC-210 Building Services | PO-260751 | 21 Jul 2026 | Kessler Mechanical | Chiller refrigerant recharge | 2,118.75 | Received
CC-210 Building Services | PO-260768 | 29 Jul 2026 | Brightline Electrical | Distribution board upgrade, plant room | 18,450.00 | Open
CC-210 Building Services | PO-260803 | 05 Aug 2026 | Kessler Mechanical | Replacement pump set, heating loop 3 | 7,612.00 | Invoiced
CC-210 Building Services | PO-260817 | 12 Aug 2026 | Calloway Lifts | Annual lift maintenance contract, year 2 | 9,860.00 | Invoiced
CC-210 Building Services | PO-260842 | 26 Aug 2026 | Brightline Electrical | PAT testing, 640 items | 896.00 | Closed
CC-210 Building Services | PO-260866 | 04 Sep 2026 | Kessler Mechanical | BMS controller firmware and sensors | 4,305.20 | Open
CC-210 Building Services | PO-260891 | 17 Sep 2026 | Calloway Lifts | LOLER thorough examination, lifts 1 to 3 | 1,740.00 | On hold
CC-210 Building Services | PO-260905 | 24 Sep 2026 | Kessler Mechanical | Legionella remedial works, calorifier | 11,275.00 | Open
CC-320 Cleaning & Hygiene | PO-260716 | 03 Jul 2026 | Orwell Cleaning Services | Deep clean, kitchens and washrooms | 5,640.00 | Closed
CC-320 Cleaning & Hygiene | PO-260733 | 13 Jul 2026 | Pennant Office Supplies | Hand towel and soap consumables | 1,182.40 | Closed
CC-320 Cleaning & Hygiene | PO-260758 | 23 Jul 2026 | Orwell Cleaning Services | Window cleaning, external, quarterly | 2,950.00 | Invoiced
CC-320 Cleaning & Hygiene | PO-260779 | 31 Jul 2026 | Greystone Waste Management | Clinical and sanitary waste collections | 3,318.00 | Invoiced
CC-320 Cleaning & Hygiene | PO-260825 | 18 Aug 2026 | Orwell Cleaning Services | Carpet extraction clean, floors 2 to 4 | 4,125.00 | Cancelled
CC-320 Cleaning & Hygiene | PO-260848 | 28 Aug 2026 | Pennant Office Supplies | Janitorial chemicals, COSHH-listed | 968.15 | Received
CC-320 Cleaning & Hygiene | PO-260873 | 08 Sep 2026 | Greystone Waste Management | Confidential waste shredding, 40 consoles | 1,520.00 | Open
CC-320 Cleaning & Hygiene | PO-260898 | 21 Sep 2026 | Orwell Cleaning Services | Periodic clean after refurbishment | 6,780.00 | On hold
CC-410 Grounds & External | PO-260719 | 06 Jul 2026 | Fairacre Landscapes | Grounds maintenance, July to September | 8,400.00 | Invoiced
CC-410 Grounds & External | PO-260745 | 17 Jul 2026 | Greystone Waste Management | Green waste skips, six 8-yard | 1,344.00 | Closed
CC-410 Grounds & External | PO-260786 | 03 Aug 2026 | Fairacre Landscapes | Tree survey and crown reduction | 3,975.00 | Received
CC-410 Grounds & External | PO-260811 | 10 Aug 2026 | Northgate Surfacing | Car park relining and bay numbering | 14,260.00 | Open
CC-410 Grounds & External | PO-260834 | 21 Aug 2026 | Fairacre Landscapes | Winter gritting contract 2026/27 | 6,150.00 | Open
CC-410 Grounds & External | PO-260859 | 02 Sep 2026 | Northgate Surfacing | Pothole repairs, service road | 2,485.00 | Cancelled
CC-410 Grounds & External | PO-260884 | 14 Sep 2026 | Greystone Waste Management | General waste, additional lifts | 742.60 | Invoiced
CC-530 Security | PO-260727 | 10 Jul 2026 | Thameside Security | Manned guarding, July | 12,480.00 | Invoiced
CC-530 Security | PO-260762 | 24 Jul 2026 | Brightline Electrical | CCTV camera replacement, east gate | 3,690.00 | Received
CC-530 Security | PO-260794 | 05 Aug 2026 | Thameside Security | Manned guarding, August | 12,912.00 | Invoiced
CC-530 Security | PO-260829 | 19 Aug 2026 | Sentinel Access Systems | Access control door controllers, four | 5,230.00 | On hold
CC-530 Security | PO-260853 | 01 Sep 2026 | Thameside Security | Manned guarding, September | 12,480.00 | Open
CC-530 Security | PO-260877 | 10 Sep 2026 | Sentinel Access Systems | Visitor management licences | 2,160.00 | Open
CC-530 Security | PO-260902 | 23 Sep 2026 | Thameside Security | Key holding and alarm response, Q4 | 1,950.00 | Open
CC-640 Office Services | PO-260711 | 01 Jul 2026 | Pennant Office Supplies | Stationery call-off, July | 1,436.90 | Closed
CC-640 Office Services | PO-260748 | 20 Jul 2026 | Harwood Furniture | Sit-stand desks, 24 | 15,120.00 | Received
CC-640 Office Services | PO-260773 | 30 Jul 2026 | Pennant Office Supplies | Printer toner, multifunction devices | 2,264.35 | Invoiced
CC-640 Office Services | PO-260797 | 06 Aug 2026 | Harwood Furniture | Meeting room chairs, 40 | 6,880.00 | Cancelled
CC-640 Office Services | PO-260838 | 24 Aug 2026 | Kessler Mechanical | Kitchen extract fan repair | 1,095.00 | Closed
CC-640 Office Services | PO-260862 | 03 Sep 2026 | Pennant Office Supplies | Stationery call-off, September | 1,378.25 | Open
CC-640 Office Services | PO-260909 | 28 Sep 2026 | Harwood Furniture | Reception desk refurbishment | 9,990.00 | On hold
""")


def _gbp(value: str) -> float:
    return float(value.replace(",", ""))


def po_register() -> Family:
    b = builder("ashdown_po_register_q3_2026", "docx", "Ashdown Facilities Ltd — Purchase Order Register, Q3 2026",
                610_201, "commercial")
    hannah, dev = "Hannah Okafor", "Dev Malhotra"

    b.heading("1. Purpose and Scope")
    b.para("This register lists every purchase order raised by Ashdown Facilities Ltd between 1 July and 30 September "
           "2026 for the Harlow, Epping, Loughton and Ongar sites. Orders raised by the Bristol office under the "
           "shared-services arrangement are reported in a separate register and are not repeated here.")
    b.filler(2)
    b.heading("2. Approval Thresholds")
    b.para("In this register a Category A order means any purchase order with a net value of GBP 10,000.00 or more. "
           "Category A orders need the Finance Director's countersignature before they are released to the supplier.")
    b.bullet("Up to GBP 2,500.00: the budget holder approves alone.")
    b.bullet("From GBP 2,500.01 to GBP 9,999.99: the Head of Facilities approves after the budget holder.")
    b.bullet("Category A orders: budget holder, Head of Facilities and Finance Director, in that order.")
    b.filler(1)
    b.heading("3. Purchase Order Register")
    fn = b.footnote("Net values exclude VAT at 20 %; orders placed in euro were converted at the Bank of England "
                    "spot rate on the date the order was raised.")
    b.para("The table below is grouped by cost centre and sorted by order number within each group. Status is taken "
           "from the purchase-to-pay system at close of business on 30 September 2026.", fn)
    b.para("Orders with the status On hold are released automatically once the goods receipt is posted and the "
           "invoice matches the order within tolerance.")
    add_table(b, PO_HEADER, merged(PO_ROWS))
    b.filler(1)
    b.heading("4. Exceptions")
    b.para("Orders to Calloway Lifts are excluded from automatic release: they stay on hold until the lift "
           "engineer's thorough-examination certificate has been filed with the insurer, whatever the goods receipt shows.")
    b.filler(1)
    b.heading("5. Supplier Notes")
    b.para("Greystone Waste Management: the waste framework expires on 31 December 2026 and ",
           Com("a re-tender is planned for November", hannah, "2026-10-05",
               "The re-tender budget is not in the Q4 forecast; please confirm the cost with Estates before launch."),
           ".")
    b.para("Calloway Lifts: both orders on hold are waiting for ",
           Com("the thorough-examination certificate", dev, "2026-10-06",
               "Chased Calloway on 29 September; certificate promised for week 41."),
           "; see section 4.")
    b.para("Harwood Furniture: the chairs order was cancelled after the supplier could not meet ",
           Com("the fire-retardancy specification", hannah, "2026-10-05",
               "Credit note for the deposit is still outstanding, GBP 1,376.00."),
           ".")
    b.para("Thameside Security: the August invoice includes ",
           Com("36 hours of overtime for the summer open day", dev, "2026-10-06",
               "Overtime was pre-approved by the Head of Facilities; the approval email is attached to the order."),
           ".")
    b.filler(1)
    b.heading("6. Sign-off")
    b.filler(1)

    head = PO_HEADER
    b.ask("table_multi", "PO register Kessler Mechanical all lines Q3 with values",
          "Six orders: PO-260714, PO-260751, PO-260803, PO-260866, PO-260905 and PO-260838, with their net values.",
          rows=pick(PO_ROWS, (1, 5), lambda r: r[3] == "Kessler Mechanical"), header=head)
    b.ask("table_multi", "Which purchase orders are currently on hold, and which supplier is each one with?",
          "PO-260739 and PO-260891 (Calloway Lifts), PO-260898 (Orwell Cleaning Services), PO-260829 (Sentinel "
          "Access Systems) and PO-260909 (Harwood Furniture).",
          rows=pick(PO_ROWS, (1, 3), lambda r: r[6] == "On hold"), header=head)
    b.ask("table_multi", "Show me everything charged to grounds and external works this quarter, with the net amounts.",
          "Seven orders under CC-410 Grounds & External, from PO-260719 (8,400.00) to PO-260884 (742.60).",
          rows=pick(PO_ROWS, (1, 5), lambda r: r[0] == "CC-410 Grounds & External"), header=head)
    b.ask("table_multi", "We're auditing Q3 spend. Which orders needed the Finance Director's countersignature, and "
          "what was each one worth?",
          "The Category A orders (GBP 10,000.00 or more net): PO-260739, PO-260768, PO-260905, PO-260811, PO-260727, "
          "PO-260794, PO-260853 and PO-260748.",
          evidence=["net value of GBP 10,000.00 or more"],
          rows=pick(PO_ROWS, (1, 5), lambda r: _gbp(r[5]) >= 10_000), header=head)
    b.ask("table_multi", "What got cancelled in Q3? PO number and what it was for, please.",
          "PO-260825 carpet extraction clean, PO-260859 pothole repairs, PO-260797 meeting room chairs.",
          rows=pick(PO_ROWS, (1, 4), lambda r: r[6] == "Cancelled"), header=head)
    b.ask("table_multi", "I need the full Q3 purchase order register: every PO number with its net value.",
          "All 40 orders from PO-260714 to PO-260909 with their net values.",
          rows=pick(PO_ROWS, (1, 5), lambda r: True), header=head)
    b.ask("table_tail", "What's the status of the order for the reception desk refurbishment?",
          "PO-260909 (Harwood Furniture, GBP 9,990.00) is On hold.",
          rows=[("PO-260909", "Reception desk refurbishment", "On hold")], header=head)
    b.ask("table_merged", "Which cost centre is PO-260829 booked to?",
          "CC-530 Security.", rows=[("PO-260829", "CC-530 Security")], header=head)
    b.ask("cross_section", "The goods receipt for PO-260739 has been posted. Will the order be released automatically?",
          "No. On-hold orders are normally released once the goods receipt is posted, but Calloway Lifts orders stay on "
          "hold until the thorough-examination certificate is filed with the insurer.",
          evidence=["released automatically once the goods receipt is posted",
                    "Orders to Calloway Lifts are excluded from automatic release"])
    b.ask("comment", "What concern did Hannah raise about the waste re-tender?",
          "Hannah Okafor noted that the re-tender budget is not in the Q4 forecast and asked for the cost to be "
          "confirmed with Estates before launch.",
          evidence=["The re-tender budget is not in the Q4 forecast"],
          attribution=[(hannah, "The re-tender budget is not in the Q4 forecast")])
    b.ask("footnote", "Are the register values gross or net of VAT, and how were euro orders converted?",
          "Net of VAT at 20 %; euro orders were converted at the Bank of England spot rate on the order date.",
          evidence=["Bank of England spot rate"])
    b.ask("plain", "Do the Bristol office's orders appear in the Ashdown Q3 register?",
          "No, orders raised by the Bristol office under the shared-services arrangement are reported in a separate "
          "register.", evidence=["are reported in a separate register"])
    b.ask("header_footer", "What is the document reference of the Ashdown Q3 PO register?",
          "PR-REG-0326, issue 2.", evidence=["PR-REG-0326"])
    return b.finish(header="Ashdown Facilities Ltd · Purchasing · Document PR-REG-0326 · Issue 2",
                    footer="Commercial in confidence. Printed from the purchase-to-pay system on 2 October 2026.")


# ---------------------------------------------------------------- trade price list

PL_HEADER = ("Product Group", "Part No.", "Description", "Pack", "List Price (EUR)", "Trade Price (EUR)")
PL_ROWS = parse("""
Hose Fittings | CV-HF-1204 | Straight male stud, 1/4 in BSPP | Bag of 10 | 18.60 | 13.95
Hose Fittings | CV-HF-1206 | Straight male stud, 3/8 in BSPP | Bag of 10 | 21.40 | 16.05
Hose Fittings | CV-HF-1208 | Straight male stud, 1/2 in BSPP | Bag of 10 | 26.90 | 20.18
Hose Fittings | CV-HF-2306 | 90-degree elbow, 3/8 in JIC | Bag of 5 | 24.75 | 18.56
Hose Fittings | CV-HF-2308 | 90-degree elbow, 1/2 in JIC | Bag of 5 | 29.30 | 21.98
Hose Fittings | CV-HF-3410 | Bulkhead union, 5/8 in ORFS | Single | 14.20 | 10.65
Hose Fittings | CV-HF-3412 | Bulkhead union, 3/4 in ORFS | Single | 17.85 | 13.39
Hose Fittings | CV-HF-4506 | Swivel tee, 3/8 in BSPP | Single | 12.60 | 9.45
Hose Fittings | CV-HF-4508 | Swivel tee, 1/2 in BSPP | Single | 15.10 | 11.33
Ball Valves | CV-BV-0210 | 2-way ball valve, G 1/4, 500 bar | Single | 46.80 | 35.10
Ball Valves | CV-BV-0215 | 2-way ball valve, G 3/8, 500 bar | Single | 52.40 | 39.30
Ball Valves | CV-BV-0220 | 2-way ball valve, G 1/2, 400 bar | Single | 61.90 | 46.43
Ball Valves | CV-BV-0232 | 2-way ball valve, G 1, 350 bar | Single | 118.00 | 88.50
Ball Valves | CV-BV-0315 | 3-way ball valve, L-port, G 3/8 | Single | 97.50 | 73.13
Ball Valves | CV-BV-0320 | 3-way ball valve, L-port, G 1/2 | Single | 109.20 | 81.90
Ball Valves | CV-BV-0420 | Flanged ball valve, SAE 6000 psi, 3/4 in | Single | 264.00 | 198.00
Ball Valves | CV-BV-0520 | Lockable handle kit for ball valves | Bag of 5 | 38.50 | 28.88
Quick Couplings | CV-QC-110 | ISO-A coupling, male, 1/4 in | Bag of 10 | 64.00 | 48.00
Quick Couplings | CV-QC-112 | ISO-A coupling, female, 1/4 in | Bag of 10 | 71.50 | 53.63
Quick Couplings | CV-QC-210 | Flat-face coupling, male, 3/8 in | Single | 22.90 | 17.18
Quick Couplings | CV-QC-212 | Flat-face coupling, female, 3/8 in | Single | 27.40 | 20.55
Quick Couplings | CV-QC-318 | Screw-to-connect coupling, 1/2 in, 720 bar | Single | 58.60 | 43.95
Quick Couplings | CV-QC-320 | Screw-to-connect coupling, 3/4 in, 720 bar | Single | 74.30 | 55.73
Quick Couplings | CV-QC-901 | Dust cap set, ISO-A, assorted | Box of 25 | 31.20 | 23.40
Pressure Gauges | CV-PG-063 | Glycerine gauge, 63 mm, 0 to 250 bar | Single | 19.80 | 14.85
Pressure Gauges | CV-PG-064 | Glycerine gauge, 63 mm, 0 to 400 bar | Single | 19.80 | 14.85
Pressure Gauges | CV-PG-100 | Glycerine gauge, 100 mm, 0 to 600 bar | Single | 42.60 | 31.95
Pressure Gauges | CV-PG-210 | Test point M16x2 with cap | Bag of 10 | 36.90 | 27.68
Pressure Gauges | CV-PG-220 | Test hose 1500 mm, M16x2 both ends | Single | 28.40 | 21.30
Pressure Gauges | CV-PG-300 | Digital pressure gauge kit, case, 3 sensors | Single | 486.00 | 364.50
Return Filters | CV-RF-025 | Tank-top return filter, 25 micron, 60 l/min | Single | 88.40 | 66.30
Return Filters | CV-RF-026 | Tank-top return filter, 10 micron, 60 l/min | Single | 91.20 | 68.40
Return Filters | CV-RF-150 | In-line return filter, 10 micron, 150 l/min | Single | 142.00 | 106.50
Return Filters | CV-RF-151 | In-line return filter, 25 micron, 150 l/min | Single | 138.60 | 103.95
Return Filters | CV-RF-E25 | Replacement element, 25 micron | Box of 6 | 96.00 | 72.00
Return Filters | CV-RF-E10 | Replacement element, 10 micron | Box of 6 | 104.40 | 78.30
Return Filters | CV-RF-CI | Clogging indicator, visual, 1.5 bar | Single | 24.70 | 18.53
Seal Kits | CV-SK-040 | Cylinder seal kit, bore 40 mm | Single | 32.50 | 24.38
Seal Kits | CV-SK-050 | Cylinder seal kit, bore 50 mm | Single | 36.80 | 27.60
Seal Kits | CV-SK-063 | Cylinder seal kit, bore 63 mm | Single | 41.90 | 31.43
Seal Kits | CV-SK-080 | Cylinder seal kit, bore 80 mm | Single | 49.60 | 37.20
Seal Kits | CV-SK-100 | Cylinder seal kit, bore 100 mm | Single | 58.20 | 43.65
Seal Kits | CV-SK-OR1 | O-ring assortment, NBR 70, 382 pieces | Case | 67.00 | 50.25
Seal Kits | CV-SK-VT1 | O-ring assortment, FKM, 225 pieces | Case | 124.00 | 93.00
""")

#: Lukas Brandt's trade-price changes in the Return Filters group: part -> (old, new).
FILTER_CHANGES = {"CV-RF-025": ("66.30", "69.90"), "CV-RF-026": ("68.40", "72.10"),
                  "CV-RF-151": ("103.95", "109.80"), "CV-RF-E10": ("78.30", "82.60")}


def _accepted(rows: list[list[str]]) -> list[list[str]]:
    """The price rows as they read once every change is accepted."""
    return [r[:5] + [FILTER_CHANGES[r[1]][1]] if r[1] in FILTER_CHANGES else r for r in rows]


def price_list() -> Family:
    b = builder("corvane_trade_price_list_2027", "docx", "Corvane Hydraulics — Trade Price List 2027 (Draft for Approval)",
                610_202, "commercial")
    lukas, sofia, tomas = "Lukas Brandt", "Sofia Marchetti", "Tomas Reiter"
    d1, d2 = "2026-11-12", "2026-11-14"

    b.heading("1. General Terms")
    b.para("This price list applies to all orders received by Corvane Hydraulics GmbH from 1 January 2027. It is "
           "issued to registered distributors only and must not be passed to end customers.")
    b.filler(2)
    b.heading("2. Discount Structure")
    b.para("The Trade Price column shows the net price for registered distributors: the list price less the standard "
           "distributor discount of 25 %, rounded to the nearest cent.")
    b.bullet("Volume bonus: orders with a net value above EUR ", Del("5,000", sofia, d2), Ins("7,500", sofia, d2),
             " earn a further ", Del("3.5 %", sofia, d2), Ins("4.0 %", sofia, d2), " on the order value.")
    b.bullet("Project pricing: quotations for quantities above the volume bonus threshold remain valid for ",
             Del("30 days", sofia, d2), Ins("60 days", sofia, d2), " from the date of issue.")
    b.bullet("Settlement discount: ", Del("not granted", sofia, d2),
             Ins("2 % for payment within 10 days of the invoice date", sofia, d2), ".")
    b.filler(1)
    b.heading("3. Prices")
    fn = b.footnote("The price of the digital pressure gauge kit CV-PG-300 includes a calibration certificate "
                    "traceable to DAkkS standards; recalibration is offered at EUR 95.00 per sensor.")
    b.para("All prices are in euro per pack, excluding VAT.", fn, " Product groups are shown in catalogue order.")
    rows: list[list[object]] = []
    for r in merged(PL_ROWS):
        part = r[1]
        if isinstance(part, str) and part in FILTER_CHANGES:
            old, new = FILTER_CHANGES[part]
            r[5] = cell(Del(old, lukas, d1), Ins(new, lukas, d1))
        rows.append(r)
    add_table(b, PL_HEADER, rows)
    b.para("Prices for Return Filters are subject to the raw-material clause in section 5.2.")
    b.filler(1)
    b.heading("4. Delivery and Surcharges")
    b.para("Delivery: ", Com("free delivery within Germany, Austria and the Benelux", sofia, d2,
                             "Denmark should be added; agreed with the Nordic distributor in September."),
           " for orders above EUR 500 net.")
    b.para("A small-order surcharge of EUR ", Del("15.00", tomas, "2026-11-16"), Ins("25.00", tomas, "2026-11-16"),
           " applies to orders below EUR 250 net.")
    b.filler(1)
    b.heading("5. Price Adjustments")
    b.heading("5.1 Currency", 2)
    b.filler(1)
    b.heading("5.2 Raw Materials", 2)
    b.para("For Return Filters and replacement elements, Corvane may adjust prices quarterly in line with the filter "
           "media index published by the supplier association, capped at 6 % per quarter and notified one month ahead.")
    b.filler(1)

    acc = _accepted(PL_ROWS)
    head = PL_HEADER
    b.ask("table_multi", "What's the whole price list for ball valves? I need part numbers and trade prices.",
          "Eight Ball Valves lines, CV-BV-0210 (35.10) to CV-BV-0520 (28.88).",
          rows=pick(acc, (1, 5), lambda r: r[0] == "Ball Valves"), header=head)
    b.ask("table_multi", "Quick couplings: which ones do you list, and at what list price?",
          "Seven couplings from CV-QC-110 (64.00) to CV-QC-901 (31.20).",
          rows=pick(acc, (1, 4), lambda r: r[0] == "Quick Couplings"), header=head)
    b.ask("table_multi", "Which items are sold in bags of ten?",
          "CV-HF-1204, CV-HF-1206, CV-HF-1208, CV-QC-110, CV-QC-112 and CV-PG-210.",
          rows=pick(acc, (1, 3), lambda r: r[3] == "Bag of 10"), header=head)
    b.ask("table_multi", "Corvane 2027 trade prices, all part numbers",
          "All 44 lines with their trade prices (filter prices as revised).",
          rows=pick(acc, (1, 5), lambda r: True), header=head)
    b.ask("table_multi", "Our cylinder repair shop wants every seal kit and O-ring assortment with the distributor net price.",
          "Seven Seal Kits lines, CV-SK-040 (24.38) to CV-SK-VT1 (93.00).",
          rows=pick(acc, (1, 5), lambda r: r[0] == "Seal Kits"), header=head)
    b.ask("revision_run", "Which filter prices did Lukas change in the draft, and from what to what?",
          "Lukas Brandt raised four trade prices: CV-RF-025 66.30 to 69.90, CV-RF-026 68.40 to 72.10, CV-RF-151 "
          "103.95 to 109.80 and CV-RF-E10 78.30 to 82.60.",
          evidence=[new for _, new in FILTER_CHANGES.values()],
          rows=[(part, new) for part, (_, new) in FILTER_CHANGES.items()],
          attribution=[(lukas, s) for pair in FILTER_CHANGES.values() for s in pair])
    b.ask("revision_run", "Sofia's edits to the discount terms — what exactly did she change?",
          "Volume bonus threshold EUR 5,000 to 7,500 and bonus 3.5 % to 4.0 %; quotation validity 30 to 60 days; "
          "settlement discount changed from not granted to 2 % for payment within 10 days.",
          evidence=["7,500", "4.0 %", "60 days", "2 % for payment within 10 days of the invoice date"],
          attribution=[(sofia, "5,000"), (sofia, "7,500"), (sofia, "3.5 %"), (sofia, "4.0 %"), (sofia, "30 days"),
                       (sofia, "60 days"), (sofia, "not granted"),
                       (sofia, "2 % for payment within 10 days of the invoice date")])
    b.ask("revision", "Who changed the small-order surcharge, and what is it now?",
          "Tomas Reiter changed it from EUR 15.00 to EUR 25.00 (orders below EUR 250 net).",
          evidence=["25.00"], attribution=[(tomas, "25.00")])
    b.ask("table_merged", "Which product group is CV-QC-318 listed under?",
          "Quick Couplings.", rows=[("CV-QC-318", "Quick Couplings")], header=head)
    b.ask("table_tail", "Price of the FKM O-ring assortment for distributors?",
          "CV-SK-VT1, EUR 93.00 trade (list 124.00), per case.", rows=[("CV-SK-VT1", "93.00")], header=head)
    b.ask("comment", "Did anyone comment on the free-delivery countries?",
          "Sofia Marchetti: Denmark should be added, as agreed with the Nordic distributor in September.",
          evidence=["Denmark should be added"], attribution=[(sofia, "Denmark should be added")])
    b.ask("cross_section", "Can Corvane put filter prices up during 2027, and is there a limit?",
          "Yes: Return Filters are subject to the raw-material clause in 5.2, which allows quarterly adjustment by "
          "the filter media index, capped at 6 % per quarter with one month's notice.",
          evidence=["subject to the raw-material clause in section 5.2", "capped at 6 % per quarter"])
    b.ask("footnote", "Does the digital gauge kit come with a calibration certificate?",
          "Yes, traceable to DAkkS standards; recalibration costs EUR 95.00 per sensor.",
          evidence=["calibration certificate traceable to DAkkS standards"])
    return b.finish(header="Corvane Hydraulics GmbH · Trade Price List 2027 · Ref. CVH-PL-27-DE",
                    footer="Valid from 1 January 2027 until further notice. Supersedes price list CVH-PL-26-DE.")
