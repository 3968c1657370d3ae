"""Registers and schedules: an IT asset register (DOCX), a warehouse stock report (Markdown),
a building maintenance log (HTML)."""

from __future__ import annotations

import random

from benchmarks.quality.docmodel import cell

from ._common import Family, cells, com, letters, multi, new

NADIA, OWEN = "Nadia Petrov", "Owen Gallagher"

IT_H = ("Asset Tag", "Device Type", "Model", "Serial No.", "Assigned To", "Location", "Purchase Date", "Warranty End")


def _assets() -> list[tuple[str, ...]]:
    rng = random.Random(7301)
    kinds = (
        ("Laptop", ("Lenovo ThinkPad T14 Gen 4", "Dell Latitude 5440", "HP EliteBook 840 G10")),
        ("Desktop", ("Dell OptiPlex 7010", "HP Elite Mini 800 G9")),
        ("Monitor", ("Dell P2723DE", "LG 27BP55U")),
        ("Docking Station", ("Lenovo ThinkPad Universal USB-C Dock",)),
        ("Tablet", ("Apple iPad Air M2", "Samsung Galaxy Tab S9")),
        ("Network Switch", ("Cisco Catalyst 9200L-24P",)),
        ("Printer", ("Brother MFC-L8900CDW",)),
    )
    first = ("Amira", "Ben", "Chloe", "Dev", "Ewa", "Farid", "Gemma", "Hugo", "Ines", "Jonas", "Kemi", "Luca", "Maya",
             "Niall", "Olga", "Pavel", "Rosa", "Sami", "Tara", "Umar", "Vera", "Will", "Yusuf", "Zoe")
    last = ("Abbott", "Brandt", "Costa", "Dunne", "Eriksen", "Fischer", "Grant", "Haddad", "Iqbal", "Jensen", "Keane",
            "Lowe", "Moreau", "Nolan", "Osei", "Price", "Quinn", "Rahman", "Silva", "Tanaka", "Varga", "Walsh")
    locs = ("Bristol HQ", "Bristol HQ", "Cardiff Office", "Swindon Warehouse", "Remote")
    out = []
    people: set[str] = set()
    for i in range(64):
        kind, models = kinds[rng.choice((0, 0, 0, 1, 1, 2, 2, 3, 4, 5, 6))]
        model = rng.choice(models)
        serial = letters(rng, 3) + str(rng.randint(100000, 999999))
        if kind in ("Network Switch", "Printer"):
            who = "IT Shared"
        else:
            while True:
                who = f"{rng.choice(first)} {rng.choice(last)}"
                if who not in people:
                    people.add(who)
                    break
        loc = "Server Room B2" if kind == "Network Switch" else rng.choice(locs)
        y, m = rng.choice((2022, 2023, 2024, 2025)), rng.randint(1, 12)
        pd = f"{y}-{m:02d}-{rng.randint(1, 28):02d}"
        we = f"{y + (3 if kind in ('Laptop', 'Desktop', 'Tablet') else 5)}-{m:02d}-{pd[-2:]}"
        out.append((f"BRS-{4100 + i * 3}", kind, model, serial, who, loc, pd, we))
    return out


def it_register() -> Family:
    b = new("blind_it_asset_register", "docx", "IT Asset Register - Fenwick & Rowe Engineering Consultants", 7300, "quality")
    a = _assets()
    b.heading("1. Purpose and Scope")
    b.para(
        "This register records every end-user and network device owned by Fenwick & Rowe Engineering Consultants LLP as at "
        "30 September 2026. Leased copiers and personal mobile phones are out of scope."
    )
    b.para('In this register, a "Retired Asset" is a device that has been wiped, removed from the domain and handed to the '
           "disposal contractor; Retired Assets are listed in section 5 only.")
    b.filler(1)
    b.heading("2. Custody Rules")
    b.para("Each device is assigned to one named custodian, who confirms possession in the annual attestation run in October.")
    b.para(
        "Laptops must be encrypted with BitLocker before issue",
        b.footnote("Recovery keys are escrowed in Entra ID; the service desk can release a key only after a call-back to the custodian's line manager."),
        ", and a device that has not connected to the network for 45 days is automatically disabled.",
    )
    b.para(
        "Devices located at the Swindon Warehouse are exempt from the 45-day rule, ",
        com("subject to section 4", NADIA, "2026-10-03", "The warehouse handhelds should stay out of this register altogether; they belong to the WMS contract."),
        ".",
    )
    b.filler(2)
    b.heading("3. Asset List")
    b.para("Table 1 lists all active assets. Serial numbers were verified against the supplier invoices.")
    b.table([cells(*IT_H)] + [cells(*r) for r in a])
    b.filler(1)
    b.heading("4. Exceptions")
    b.para("Devices at the Swindon Warehouse that run the shared picking account must still be patched within 14 days of a critical security update.")
    b.filler(1)
    b.heading("5. Retired and Disposed Assets")
    b.table([
        cells("Batch", "Asset Tags", "Disposal Contractor", "Certificate No.", "Date"),
        [cell("2026-R1", vmerge="restart"), cell("BRS-3902, BRS-3905"), cell("GreenCycle IT Ltd", vmerge="restart"), cell("GC-77120"), cell("14 Feb 2026")],
        [cell("", vmerge="continue"), cell("BRS-3911"), cell("", vmerge="continue"), cell("GC-77121"), cell("14 Feb 2026")],
        [cell("2026-R2", vmerge="restart"), cell("BRS-3950, BRS-3954, BRS-3960"), cell("Reclaim Data Services", vmerge="restart"), cell("RDS-4418", vmerge="restart"), cell("2 Jul 2026")],
        [cell("", vmerge="continue"), cell("BRS-3972"), cell("", vmerge="continue"), cell("", vmerge="continue"), cell("3 Jul 2026")],
        [cell("2026-R3"), cell("BRS-3988"), cell("Pending collection", span=3)],
    ])
    b.para("Certificates of data destruction are kept for ",
           com("six years", OWEN, "2026-10-06", "Our ISO 27001 auditor asked for seven years - please align with the records retention schedule."),
           " by the Head of IT.")
    b.filler(1)
    b.heading("6. Summary")
    b.para("The register holds 64 active assets with a combined net book value of GBP 71,480.")
    b.filler(1)

    multi(b, "List every laptop in the register with its asset tag and the person it is assigned to.", IT_H,
          [(r[0], r[4]) for r in a if r[1] == "Laptop"], tags=("whole_group",))
    multi(b, "Which devices are kept in Cardiff?", IT_H, [(r[0], r[1], "Cardiff Office") for r in a if r[5] == "Cardiff Office"],
          tags=("whole_group",))
    multi(b, "Name each asset whose warranty runs out during 2027.", IT_H,
          [(r[0], r[7]) for r in a if r[7].startswith("2027")], tags=("whole_group", "condition"))
    multi(b, "Give me all serial numbers of the Dell equipment (laptops, desktops and monitors).", IT_H,
          [(r[0], r[3]) for r in a if r[2].startswith("Dell")], tags=("whole_group", "synonym"))
    multi(b, "Show the full asset list: tag, device type and custodian for every row.", IT_H,
          [(r[0], r[1], r[4]) for r in a], tags=("whole_table",))
    multi(b, "Which kit was bought in 2022?", IT_H, [(r[0], r[6]) for r in a if r[6].startswith("2022")],
          tags=("whole_group", "synonym"))
    t1, t2 = a[-1], a[-4]
    multi(b, f"Who has asset {t1[0]} and what model is it?", IT_H, [(t1[0], t1[2], t1[4])], category="table_tail")
    multi(b, f"serial number of {t2[0]}?", IT_H, [(t2[0], t2[3])], category="table_tail")
    ret_h = ("Batch", "Asset Tags", "Disposal Contractor", "Certificate No.", "Date")
    multi(b, "Which contractor disposed of asset BRS-3911?", ret_h, [("BRS-3911", "GreenCycle IT Ltd")], category="table_merged",
          answer="GreenCycle IT Ltd (batch 2026-R1, certificate GC-77121)")
    multi(b, "What destruction certificate covers BRS-3972 and which batch was it in?", ret_h,
          [("BRS-3972", "RDS-4418", "2026-R2")], category="table_merged", answer="Certificate RDS-4418, batch 2026-R2")
    b.ask("comment", "What did Nadia Petrov say about the warehouse handhelds?",
          "They should stay out of the register altogether because they belong to the WMS contract.",
          evidence=["they belong to the WMS contract"], attribution=[(NADIA, "they belong to the WMS contract")])
    b.ask("comment", "What did Owen Gallagher comment about the retention of destruction certificates?",
          "The ISO 27001 auditor asked for seven years; align with the records retention schedule.",
          evidence=["Our ISO 27001 auditor asked for seven years"], attribution=[(OWEN, "Our ISO 27001 auditor asked for seven years")])
    b.ask("cross_section", "Are warehouse devices completely free of the usual security rules?",
          "They are exempt from the 45-day disablement rule, but (section 4) devices running the shared picking account must still be patched within 14 days of a critical update.",
          evidence=["are exempt from the 45-day rule", "must still be patched within 14 days of a critical security update"])
    b.ask("definition", "What has to have happened to a device before it counts as retired?",
          "It has been wiped, removed from the domain and handed to the disposal contractor.",
          evidence=["wiped, removed from the domain and handed to the disposal contractor"])
    b.ask("footnote", "How does the service desk release a BitLocker recovery key?",
          "Only after a call-back to the custodian's line manager; keys are escrowed in Entra ID.",
          evidence=["only after a call-back to the custodian's line manager"])
    b.ask("plain", "What's the total net book value of the active IT assets?", "GBP 71,480 for 64 active assets.",
          evidence=["combined net book value of GBP 71,480"])
    b.ask("header_footer", "What revision of the asset register is this and who owns it?",
          "Revision 7, owned by the Head of IT (ITR-07).", evidence=["Register ITR-07 rev 7"])
    return b.finish(header="Fenwick & Rowe | Register ITR-07 rev 7 | owner: Head of IT",
                    footer="Internal - printed copies are uncontrolled - revised 2 October 2026")


STOCK_H = ("SKU", "Description", "Bin", "On Hand", "Reorder Point", "Unit Cost (GBP)", "Supplier")


def _stock() -> list[tuple[str, ...]]:
    rng = random.Random(7401)
    items = ("Pallet wrap 500 mm", "Carton 400x300x300", "Carton 600x400x400", "Void fill paper roll", "Packing tape 48 mm",
             "Label roll 100x150", "Cable ties 300 mm", "Nitrile gloves L", "Hi-vis vest XL", "Safety boots size 9",
             "Stretch hood film", "Corner boards 1 m", "Strapping coil PP", "Strapping seals", "Bubble bag A4",
             "Mailing bag 10x14", "Desiccant pouch 50 g", "Pallet euro 1200x800", "Pallet UK 1200x1000", "Silica label",
             "Fragile tape", "Thermal ribbon 110 mm", "Shrink sleeve 250 mm", "Foam sheet 5 mm", "Tote box 60 L",
             "Tote lid 60 L", "Divider set A", "Battery AA pack", "Scanner cradle", "Knife blades 18 mm")
    sups = ("Packwell Supplies", "Northgate Industrial", "Tayside Logistics Goods", "ProSafe PPE")
    out = []
    for i in range(72):
        desc = items[i % len(items)] + ("" if i < len(items) else (" (bulk)" if i < 2 * len(items) else " (export)"))
        aisle = "ABCDEFGH"[i // 9]
        bin_ = f"{aisle}-{(i % 9) + 1:02d}-{rng.choice('123')}"
        onhand = rng.randint(0, 900)
        rop = rng.choice((50, 100, 150, 200, 250))
        cost = f"{rng.randint(0, 40)}.{rng.randint(0, 99):02d}"
        out.append((f"SK-{20500 + i * 7}", desc, bin_, str(onhand), str(rop), cost, sups[rng.randrange(4)]))
    return out


def stock_report() -> Family:
    b = new("blind_warehouse_stock_report", "md", "Warehouse Stock Report - Consumables, Week 48 2026", 7400, "commercial")
    s = _stock()
    b.para("Site: Tayside Distribution Centre, Dundee. Count date: Friday 27 November 2026. Report issued by: Inventory Control.")
    b.heading("1. Summary")
    b.para("72 consumable lines were counted in aisles A to H. Stock accuracy after the count was 98.6 per cent by line.")
    below = [r for r in s if int(r[3]) < int(r[4])]
    b.para(f"{len(below)} lines are below their reorder point and are listed again in section 4 for purchasing.")
    b.filler(1)
    b.heading("2. Counting Method")
    b.para("Each bin was counted twice by different operators; differences above 2 per cent triggered a third count by a team leader.")
    b.para("Stock in quarantine cage Q1 was not counted", b.footnote("Quarantine stock is counted monthly by Quality; the last count was on 6 November 2026."), ".")
    b.filler(2)
    b.heading("3. Stock by Line")
    b.table([cells(*STOCK_H)] + [cells(*r) for r in s])
    b.filler(1)
    b.heading("4. Lines Below Reorder Point")
    b.para("Purchasing is asked to raise orders for every line in Table 3 where On Hand is below the Reorder Point. "
           "Lines from ProSafe PPE are ordered through the framework portal, not by e-mail.")
    b.filler(1)
    b.heading("5. Adjustments")
    b.para("The net stock adjustment after the count was a write-off of GBP 1,312.40, mainly damaged cartons in aisle C.")
    b.filler(1)

    multi(b, "Which lines are below their reorder point?", STOCK_H, [(r[0], r[3], r[4]) for r in below],
          tags=("whole_group", "condition"))
    multi(b, "Everything we buy from ProSafe PPE - SKU and quantity on hand please.", STOCK_H,
          [(r[0], r[3], "ProSafe PPE") for r in s if r[6] == "ProSafe PPE"], tags=("whole_group",))
    multi(b, "What's stored in aisle G? List the bins and SKUs.", STOCK_H,
          [(r[0], r[2]) for r in s if r[2].startswith("G-")], tags=("whole_group",))
    multi(b, "Give me the unit cost of every SKU in the report.", STOCK_H, [(r[0], r[5]) for r in s], tags=("whole_table",))
    multi(b, "Which items are out of stock completely or have fewer than 20 on hand?", STOCK_H,
          [(r[0], r[3]) for r in s if int(r[3]) < 20], tags=("condition",))
    for r, q in ((s[-1], "How many {d} do we have on hand and in which bin?"), (s[-2], "Reorder point for {k}?"),
                 (s[-5], "Who supplies SKU {k} and what does one unit cost?")):
        vals = {"How": (r[0], r[3], r[2]), "Reo": (r[0], r[4]), "Who": (r[0], r[6], r[5])}[q[:3]]
        multi(b, q.format(d=r[1], k=r[0]), STOCK_H, [vals], category="table_tail")
    b.ask("plain", "What was the stock accuracy after the week 48 count?", "98.6 per cent by line.",
          evidence=["98.6 per cent by line"])
    b.ask("plain", "How much was written off after the count?", "GBP 1,312.40, mainly damaged cartons in aisle C.",
          evidence=["GBP 1,312.40"])
    b.ask("footnote", "When was the quarantine stock last counted?", "6 November 2026, by Quality.",
          evidence=["the last count was on 6 November 2026"])
    return b.finish(header="Document INV-WK48-2026 | Tayside DC", footer="Generated from the WMS cycle count module; figures in GBP")


MAINT_H = ("Job No.", "Date Logged", "Building", "Location", "Fault", "Trade", "Status")


def _jobs() -> list[tuple[str, ...]]:
    rng = random.Random(7501)
    faults = (("Dripping tap in washroom", "Plumbing"), ("Flickering LED panel", "Electrical"), ("Door closer leaking oil", "Joinery"),
              ("Radiator cold at top", "Heating"), ("Fire door not latching", "Joinery"), ("Blocked gully", "Drainage"),
              ("Lift alarm fault", "Lift contractor"), ("Emergency light failed test", "Electrical"), ("Air handling unit noisy", "HVAC"),
              ("Roof leak over stairwell", "Roofing"), ("Broken blind", "Joinery"), ("Urinal flush continuous", "Plumbing"),
              ("Socket scorched", "Electrical"), ("Boiler lockout", "Heating"), ("Ceiling tile stained", "General"))
    blds = ("Riverside House", "Mill Court", "Tannery Building")
    status = ("Closed", "Closed", "Closed", "Open", "Awaiting parts")
    out = []
    for i in range(52):
        f, t = faults[rng.randrange(len(faults))]
        d = f"2026-{7 + i // 13:02d}-{rng.randint(1, 28):02d}"
        loc = f"{rng.choice(('Ground', 'First', 'Second', 'Third'))} floor, {rng.choice(('east', 'west', 'north', 'south'))} {rng.choice(('corridor', 'washroom', 'office suite', 'plant room', 'stairwell'))}"
        out.append((f"MJ-{6120 + i}", d, blds[rng.randrange(3)], loc, f, t, rng.choice(status)))
    out.sort(key=lambda r: r[1])
    return [(f"MJ-{6120 + i}",) + r[1:] for i, r in enumerate(out)]


def maintenance_log() -> Family:
    b = new("blind_building_maintenance_log", "html", "Building Maintenance Log - Q3 and October 2026", 7500, "technical")
    j = _jobs()
    b.para("Campus: Ouseburn Business Park, Newcastle upon Tyne. Managing agent: Tynedale Property Services.")
    b.heading("1. Reactive Jobs")
    b.para("Every reactive job reported through the helpdesk between 1 July and 31 October 2026 is listed below.")
    b.table([cells(*MAINT_H)] + [cells(*r) for r in j])
    b.filler(1)
    b.heading("2. Planned Maintenance Contracts")
    b.table([
        cells("Service", "Contractor", "Visits per Year", "Annual Cost (GBP)"),
        [cell("Passenger lifts (all buildings)"), cell("Northern Lift Services", vmerge="restart"), cell("12"), cell("9,840")],
        [cell("Goods lift, Mill Court"), cell("", vmerge="continue"), cell("6"), cell("3,120")],
        [cell("Boilers and heating"), cell("Ashby Heating & Gas", vmerge="restart"), cell("2"), cell("4,450", vmerge="restart")],
        [cell("Gas safety inspection"), cell("", vmerge="continue"), cell("1"), cell("", vmerge="continue")],
        [cell("Fire alarm and emergency lighting"), cell("Beacon Fire Protection"), cell("4"), cell("5,760")],
        [cell("Water hygiene (legionella)"), cell("AquaSure Compliance"), cell("12"), cell("2,980")],
        [cell("Total planned maintenance", span=3), cell("26,150")],
    ])
    b.filler(1)
    b.heading("3. Observations")
    b.para("The roof over the Tannery Building stairwell has leaked three times since July; a survey by a roofing consultant is booked for 9 December 2026.")
    b.para("Average time to close a reactive job fell to 4.2 working days",
           b.footnote("Measured from helpdesk logging to technician sign-off, excluding jobs awaiting parts."), ".")
    b.filler(2)
    b.heading("4. Budget")
    b.para("Reactive spend for the period was GBP 18,930 against a budget of GBP 21,000.")
    b.filler(1)

    open_jobs = [r for r in j if r[6] != "Closed"]
    multi(b, "Which jobs are still not closed?", MAINT_H, [(r[0], r[6]) for r in open_jobs], tags=("whole_group", "condition"))
    multi(b, "Show me all electrical jobs logged with their building.", MAINT_H, [(r[0], r[2], "Electrical") for r in j if r[5] == "Electrical"],
          tags=("whole_group",))
    multi(b, "All faults reported at Mill Court, please.", MAINT_H, [(r[0], r[4]) for r in j if r[2] == "Mill Court"],
          tags=("whole_group",))
    multi(b, "Which jobs were logged in September 2026?", MAINT_H, [(r[0], r[1]) for r in j if r[1].startswith("2026-09")],
          tags=("whole_group",))
    last = j[-1]
    multi(b, f"What was the fault on job {last[0]} and is it fixed?", MAINT_H, [(last[0], last[4], last[6])], category="table_tail")
    r2 = j[-3]
    multi(b, f"Where exactly was {r2[0]}?", MAINT_H, [(r2[0], r2[2], r2[3])], category="table_tail")
    ph = ("Service", "Contractor", "Visits per Year", "Annual Cost (GBP)")
    multi(b, "Who services the goods lift at Mill Court?", ph, [("Goods lift, Mill Court", "Northern Lift Services")],
          category="table_merged", answer="Northern Lift Services")
    multi(b, "How much does the gas safety inspection cost per year?", ph, [("Gas safety inspection", "4,450")],
          category="table_merged", answer="It is covered by the GBP 4,450 Ashby Heating & Gas contract together with boilers and heating.")
    b.ask("plain", "When is the roofing survey for the Tannery Building?", "9 December 2026.",
          evidence=["booked for 9 December 2026"])
    b.ask("plain", "Reactive maintenance spend vs budget?", "GBP 18,930 against GBP 21,000.",
          evidence=["GBP 18,930 against a budget of GBP 21,000"])
    b.ask("footnote", "Does the average closure time include jobs waiting for parts?", "No, jobs awaiting parts are excluded.",
          evidence=["excluding jobs awaiting parts"])
    return b.finish(header="Log ref. OBP-FM-LOG-2026-Q3", footer="Tynedale Property Services - issued 4 November 2026")
