"""A dedicated fleet and distribution services contract with a vehicle schedule (DOCX)."""

from __future__ import annotations

import random

from benchmarks.quality.docmodel import cell

from ._common import Family, cells, com, dele, ins, letters, multi, new

PRIYA, TOM, GRACE = "Priya Natarajan", "Tom Hollis", "Grace Okafor"

DEPOTS = ("Leeds", "Doncaster", "Wakefield", "Hull")
BODIES = (
    ("Curtainside", "DAF XF 480", "44"),
    ("Refrigerated box", "Volvo FL 280", "18"),
    ("Tail-lift box", "Iveco Eurocargo 75E", "7.5"),
    ("Tractor unit", "Scania R 450", "44"),
    ("Flatbed", "MAN TGM 18.290", "18"),
)
HEADER = ("Unit No.", "Registration", "Make and Model", "Body Type", "Gross Weight (t)", "Home Depot", "First Registered")


def _vehicles() -> list[tuple[str, ...]]:
    rng = random.Random(7101)
    out: list[tuple[str, ...]] = []
    plates: set[str] = set()
    months = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
    for i in range(1, 43):
        body, model, gw = BODIES[rng.randrange(len(BODIES))]
        while True:
            year = rng.choice((21, 22, 23, 24, 71, 72, 73))
            plate = f"Y{rng.choice('AHKNT')}{year} {letters(rng, 3)}"
            if plate not in plates:
                plates.add(plate)
                break
        depot = DEPOTS[rng.randrange(4)] if i < 40 else ("Hull", "Leeds", "Wakefield")[i - 40]
        first = f"{rng.randint(1, 28)} {rng.choice(months)} {2000 + (year if year < 50 else year - 50)}"
        out.append((f"FL-{i:02d}", plate, model, body, gw, depot, first))
    return out


def fleet() -> Family:
    b = new("blind_fleet_services_agreement", "docx", "Dedicated Fleet and Distribution Services Agreement", 7100, "legal")
    v = _vehicles()
    b.para(
        "This Agreement is made between Bramblewood Foods Limited (the Customer), whose registered office is at "
        "Calder Park, Wakefield, and Corrigan Haulage Limited (the Provider), company number 08817342."
    )
    b.heading("1. Definitions")
    b.para("1.1 In this Agreement the following words have the meanings given below.")
    b.para('"Core Fleet" means the vehicles listed in Part A of Schedule 1, as replaced from time to time under clause 6.')
    b.para('"Peak Period" means the period from 15 November to 10 January inclusive in each Contract Year.')
    b.para('"Relief Vehicle" means a vehicle supplied by the Provider in addition to the Core Fleet, of equivalent body type and not older than five years.')
    b.para('"Trunking Run" means a scheduled movement between two of the Customer\'s depots with no intermediate drop.')
    b.filler(1)
    b.heading("2. Term")
    b.para("2.1 This Agreement starts on 1 March 2027 and continues for an initial term of 36 months (the Initial Term).")
    b.para(
        "2.2 The Customer may extend the Initial Term once by a further 24 months by giving not less than ",
        dele("six", PRIYA, "2026-11-12"), ins("nine", PRIYA, "2026-11-12"),
        " months' written notice before the end of the Initial Term.",
    )
    b.filler(1)
    b.heading("3. The Services")
    b.para(
        "3.1 The Provider shall operate the Services from 04:30 to 22:30 on every day of the year except 25 December, "
        "using the Core Fleet and drivers holding a valid CPC card."
    )
    b.para(
        "3.2 During the Peak Period the Provider shall make available up to six Relief Vehicles on 48 hours' notice "
        "from the Customer's transport planner."
    )
    b.para(
        "3.3 Temperature-controlled loads shall be carried at between 0 and 5 degrees Celsius",
        b.footnote("Measured at the return-air sensor of the refrigeration unit and logged every five minutes."),
        ", and the Provider shall keep the download of each trip for 13 months.",
    )
    b.filler(2)
    b.heading("4. Drivers and Depots")
    b.para(
        "4.1 Each driver shall complete the Customer's site induction at the depot to which the driver is allocated ",
        com("before the first shift", GRACE, "2026-11-14", "Induction at Hull takes a full day; please budget one paid day per new driver."),
        ".",
    )
    b.para("4.2 The Provider shall maintain a driver-to-vehicle ratio of not less than 1.4 drivers per Core Fleet vehicle.")
    b.filler(2)
    b.heading("5. Charges")
    b.para(
        "5.1 The Customer shall pay the fixed monthly charges and running rates set out in the table below. "
        "The charges are fixed for the Initial Term, subject to clause 9.2."
    )
    b.table([
        cells("Vehicle Class", "Body Type", "Monthly Fixed Charge", "Rate per km"),
        [cell("Class A (44 t artic)", vmerge="restart"), cell("Curtainside"), cell("GBP 4,210", vmerge="restart"), cell("GBP 0.61")],
        [cell("", vmerge="continue"), cell("Tractor unit"), cell("", vmerge="continue"), cell("GBP 0.58")],
        [cell("Class B (18 t rigid)", vmerge="restart"), cell("Refrigerated box"), cell("GBP 3,645"), cell("GBP 0.49", vmerge="restart")],
        [cell("", vmerge="continue"), cell("Flatbed"), cell("GBP 2,980"), cell("", vmerge="continue")],
        [cell("Class C (7.5 t rigid)"), cell("Tail-lift box"), cell("GBP 2,115"), cell("GBP 0.37")],
        [cell("Relief Vehicle surcharge (any class)", span=3), cell("GBP 145 per day")],
    ])
    b.para(
        "5.2 Invoices are issued monthly in arrears and are payable within ",
        dele("30 days", PRIYA, "2026-11-12"), ins("45 days", PRIYA, "2026-11-12"),
        " of the invoice date. ",
        ins("Disputed amounts may be withheld only if notified within 10 Business Days of receipt of the invoice.", PRIYA, "2026-11-12"),
        " ",
        dele("Late payment interest accrues at 8 per cent above base rate.", PRIYA, "2026-11-12"),
    )
    b.para(
        "5.3 Mileage is read from the ",
        com("telematics unit", TOM, "2026-11-16", "Our units on FL-07 and FL-22 are being replaced in January; we need a fallback reading method."),
        " of each vehicle on the last working day of the month.",
    )
    b.filler(2)
    b.heading("6. Replacement of Vehicles")
    b.para(
        "6.1 The Provider shall replace any Core Fleet vehicle that reaches ",
        dele("seven years", TOM, "2026-11-15"), ins("eight years", TOM, "2026-11-15"),
        " from first registration, or 850,000 km, whichever occurs first.",
    )
    b.para(
        "6.2 A replacement vehicle shall meet the Euro VI emissions standard and carry the Customer's livery ",
        ins("within 21 days of entering service", TOM, "2026-11-15"), ".",
    )
    b.filler(2)
    b.heading("7. Liability and Insurance")
    b.para(
        "7.1 The Provider's liability for loss of or damage to goods in transit is limited to GBP 18,500 per consignment, "
        "except as provided in Schedule 3."
    )
    b.para(
        "7.2 The Provider shall hold motor fleet insurance with a limit of indemnity of not less than GBP 50 million for "
        "",
        com("third-party property damage", GRACE, "2026-11-14", "Ask the broker whether the GBP 50 million limit applies per event or in the aggregate."),
        ".",
    )
    b.filler(2)
    b.heading("8. Performance Reviews")
    b.para("8.1 The parties shall hold a performance review on the second Tuesday of each month at the Wakefield depot.")
    b.filler(2)
    b.heading("9. Price Adjustment")
    b.para("9.1 Except under clause 9.2, no charge may be increased during the Initial Term.")
    b.para(
        "9.2 The Rate per km shall be adjusted ",
        dele("every quarter", PRIYA, "2026-11-12"), ins("every month", PRIYA, "2026-11-12"),
        " where the average pump price of diesel published by the Department for Energy Security and Net Zero moves by "
        "more than 4 per cent from the base price of 142.9 pence per litre.",
    )
    b.filler(2)
    b.heading("Schedule 1 - Vehicle Schedule")
    b.para("Part A lists the Core Fleet at the Commencement Date.", b.footnote("Gross weights are plated weights as shown on the plating certificate of each vehicle."))
    b.table([list(cells(*HEADER))] + [cells(*r) for r in v])
    b.filler(1)
    b.heading("Schedule 3 - Higher Value Loads")
    b.para(
        "For loads of spirits, infant formula and tobacco products the limit in clause 7.1 is raised to GBP 95,000 per consignment, "
        "provided the Customer has flagged the load as high value on the booking."
    )
    b.filler(1)

    # questions -----------------------------------------------------------------
    multi(b, "List every vehicle in the fleet schedule together with its registration number.", HEADER,
          [(r[0], r[1]) for r in v], tags=("whole_table",))
    hull = [r for r in v if r[5] == "Hull"]
    multi(b, "Which trucks are based at the Hull depot? I need unit numbers and plates.", HEADER,
          [(r[0], r[1], "Hull") for r in hull], tags=("whole_group",))
    fridge = [r for r in v if r[3] == "Refrigerated box"]
    multi(b, "I need the plates of the reefer trucks (the temperature-controlled ones) in the Core Fleet.", HEADER,
          [(r[1], "Refrigerated box") for r in fridge], tags=("whole_group", "synonym"))
    multi(b, "Give me the first registration date of every Scania tractor unit.", HEADER,
          [(r[0], r[6]) for r in v if r[3] == "Tractor unit"], tags=("whole_group",))
    last = v[-1]
    multi(b, f"What is the registration of unit {last[0]}, and where is it based?", HEADER,
          [(last[0], last[1], last[5])], category="table_tail")
    t2 = v[-3]
    multi(b, f"Vehicle {t2[0]}: body type and date first registered?", HEADER,
          [(t2[0], t2[3], t2[6])], category="table_tail")
    multi(b, "How much is the monthly fixed charge for a tractor unit?",
          ("Vehicle Class", "Body Type", "Monthly Fixed Charge", "Rate per km"),
          [("Tractor unit", "GBP 4,210")], category="table_merged", answer="GBP 4,210 per month (Class A, 44 t artic)")
    multi(b, "What per-kilometre rate applies to the flatbed trucks?",
          ("Vehicle Class", "Body Type", "Monthly Fixed Charge", "Rate per km"),
          [("Flatbed", "GBP 0.49")], category="table_merged", answer="GBP 0.49 per km")
    b.ask("revision", "Who changed the payment period for invoices, and to what?",
          "Priya Natarajan changed it from 30 to 45 days.", evidence=["of the invoice date"],
          attribution=[(PRIYA, "45 days")])
    b.ask("revision_run", "Show all of Priya Natarajan's tracked edits to the charges clause (clause 5).",
          "She changed the payment term from 30 to 45 days, inserted that disputed amounts may be withheld only if notified "
          "within 10 Business Days, and deleted the 8 per cent late payment interest sentence.",
          evidence=["Disputed amounts may be withheld only if notified within 10 Business Days",
                    "Late payment interest accrues at 8 per cent above base rate."],
          attribution=[(PRIYA, "Disputed amounts may be withheld only if notified within 10 Business Days"),
                       (PRIYA, "Late payment interest accrues at 8 per cent above base rate.")])
    b.ask("revision_run", "What did Tom Hollis change about vehicle replacement?",
          "In clause 6 he raised the replacement age from seven to eight years and added that livery must be applied within 21 days of entering service.",
          evidence=["from first registration, or 850,000 km", "within 21 days of entering service"],
          attribution=[(TOM, "eight years"), (TOM, "within 21 days of entering service")])
    b.ask("revision", "The fuel adjustment used to be quarterly - who changed that?",
          "Priya Natarajan changed the adjustment in clause 9.2 from quarterly to monthly.",
          evidence=["where the average pump price of diesel"], attribution=[(PRIYA, "every month")])
    b.ask("comment", "What did Grace Okafor remark about driver induction?",
          "Induction at Hull takes a full day; one paid day per new driver should be budgeted.",
          evidence=["Induction at Hull takes a full day"], attribution=[(GRACE, "Induction at Hull takes a full day")])
    b.ask("comment", "Which vehicles did Tom Hollis flag in his comment on mileage readings?",
          "FL-07 and FL-22, whose telematics units are being replaced in January.",
          evidence=["Our units on FL-07 and FL-22 are being replaced in January"],
          attribution=[(TOM, "Our units on FL-07 and FL-22 are being replaced in January")])
    b.ask("cross_section", "Can Corrigan raise its charges during the first three years?",
          "No, charges are fixed for the Initial Term, except that the Rate per km is adjusted under clause 9.2 when diesel moves more than 4 per cent from 142.9 pence per litre.",
          evidence=["The charges are fixed for the Initial Term, subject to clause 9.2.", "more than 4 per cent from the base price of 142.9 pence per litre"])
    b.ask("cross_section", "What's the most the haulier pays if a consignment of spirits is lost in transit?",
          "GBP 95,000 per consignment under Schedule 3 (instead of the general GBP 18,500), if flagged as high value on the booking.",
          evidence=["limited to GBP 18,500 per consignment", "raised to GBP 95,000 per consignment"])
    b.ask("definition", "Between which dates must the provider be ready to supply the extra relief trucks?",
          "15 November to 10 January inclusive (the Peak Period), up to six Relief Vehicles on 48 hours' notice.",
          evidence=["up to six Relief Vehicles on 48 hours' notice", "15 November to 10 January inclusive"])
    b.ask("footnote", "Where is the reefer temperature measured?",
          "At the return-air sensor of the refrigeration unit, logged every five minutes.",
          evidence=["return-air sensor of the refrigeration unit"])
    b.ask("plain", "What hours do the services run?", "From 04:30 to 22:30 every day except 25 December.",
          evidence=["from 04:30 to 22:30"])
    b.ask("plain", "How many drivers per vehicle does Corrigan have to keep?",
          "At least 1.4 drivers per Core Fleet vehicle.", evidence=["1.4 drivers per Core Fleet vehicle"])
    b.ask("header_footer", "What's the document number on the fleet services agreement?",
          "CHL-CTR-2027-014", evidence=["CHL-CTR-2027-014"])
    return b.finish(
        header="Doc. No. CHL-CTR-2027-014 | Rev. C | Draft for negotiation",
        footer="Confidential - Corrigan Haulage / Bramblewood Foods - revision date 18 November 2026",
    )
