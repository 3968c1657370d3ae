"""Price lists of valve and fitting suppliers: long item tables with merged product-group
cells, reviewed prices, sales comments, a footnoted column heading, validity in one section
and its exception in another.

Several suppliers sell the same items under their own item numbers and prices, so a row
retrieved without its document context is easily the wrong supplier's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from benchmarks.quality.build import Builder
from benchmarks.quality.docmodel import Cell, Com, Del, Doc, Ins, cell
from benchmarks.quality.questions import Question

HEADER = ("Item No.", "Product group", "Description", "Pack unit", "Unit price (EUR)", "Lead time")

_SIZES = ("DN15", "DN20", "DN25", "DN32", "DN40", "DN50", "DN65", "DN80", "DN100", "DN125", "DN150")

CATALOGUE: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("Ball valves", tuple(f"Ball valve, brass, full bore, {s}" for s in _SIZES[:6])
     + tuple(f"Ball valve, stainless steel 1.4408, {s}" for s in _SIZES[:7])),
    ("Gate valves", tuple(f"Gate valve PN16, ductile iron, {s}" for s in _SIZES[5:])),
    ("Check valves", tuple(f"Swing check valve PN16, {s}" for s in _SIZES[4:])
     + tuple(f"Spring check valve, wafer type, {s}" for s in _SIZES[3:9])),
    ("Butterfly valves", tuple(f"Butterfly valve, wafer type, EPDM liner, {s}" for s in _SIZES[5:])
     + tuple(f"Butterfly valve, lug type, PTFE liner, {s}" for s in _SIZES[6:])),
    ("Strainers", tuple(f"Y-strainer, cast iron, {s}" for s in _SIZES[2:9])),
    ("Pressure gauges", tuple(f"Pressure gauge 0-{r} bar, {d} mm dial" for r in (4, 10, 16, 25) for d in (63, 100))),
    ("Actuators", tuple(f"Electric actuator 24 V, {n} Nm" for n in (20, 40, 80, 150))
     + tuple(f"Pneumatic actuator, double acting, size {n}" for n in (50, 63, 75, 100))),
    ("Seals and spares", tuple(f"Gasket set PTFE, {s}" for s in _SIZES[4:9])
     + ("O-ring kit EPDM", "O-ring kit FKM", "Stem packing set", "Handle kit, steel")),
)


@dataclass(frozen=True)
class Supplier:
    """One supplier's identity: names, document numbers, reviewers and terms."""

    slug: str
    company: str
    short: str
    prefix: str
    doc_no: str
    previous_no: str
    valid_from: str
    pricer: str
    sales: str
    fixed_until: str
    surcharge: str
    freight: str
    freight_limit: str
    discount: str


SUPPLIERS = (
    Supplier("pricelist_hartmann", "Hartmann Industrietechnik GmbH", "Hartmann", "HIT", "PL-HIT-2025-03",
             "PL-HIT-2024-11", "1 April 2025", "Sabine Vogt", "Tomasz Nowak", "31 December 2025",
             "a monthly alloy surcharge based on the LME nickel price", "EUR 45", "EUR 750", "2 %"),
    Supplier("pricelist_nordwell", "Nordwell Valves Ltd", "Nordwell", "NWV", "NV-PL-0425",
             "NV-PL-0924", "15 April 2025", "Gareth Pryce", "Fiona McAllister", "30 September 2025",
             "a quarterly energy surcharge on cast products", "EUR 38", "EUR 600", "3 %"),
    Supplier("pricelist_castellan", "Castellan Flow Systems S.p.A.", "Castellan", "CFS", "CFS-LP-2025-02",
             "CFS-LP-2024-07", "1 March 2025", "Giulia Ferraro", "Marco Bellini", "30 June 2025",
             "a raw material surcharge on bronze and stainless items", "EUR 52", "EUR 900", "1.5 %"),
    Supplier("pricelist_brixton", "Brixton Pumps & Valves Ltd", "Brixton", "BPV", "BPV-2025-PL1",
             "BPV-2024-PL2", "1 May 2025", "Oliver Hughes", "Hannah Leclerc", "31 March 2026",
             "an index-linked adjustment for actuators with imported motors", "EUR 60", "EUR 1,000", "2.5 %"),
)


def _price(rng: random.Random, lo: float, hi: float) -> str:
    return f"{rng.uniform(lo, hi):,.2f}"


_ACCESSORIES = (
    "Handwheel, cast iron", "Extension spindle 500 mm", "Limit switch box, 2 switches", "Mounting kit ISO 5211 F05",
    "Mounting kit ISO 5211 F07", "Mounting kit ISO 5211 F10", "Solenoid valve 5/2, 24 V DC", "Positioner, 4-20 mA",
    "Lockable lever", "Position indicator", "Flange adapter set", "Bolt set, stainless", "Test certificate 3.1",
    "Oxygen cleaning service", "Pressure test certificate", "Seal kit for actuator size 50", "Seal kit for actuator size 75",
    "Manual override gear", "Cable gland set", "Bracket for wall mounting",
)


def build(s: Supplier, fmt: str, seed: int) -> tuple[Doc, list[Question]]:
    """One supplier's price list in ``fmt`` with its questions."""
    rng = random.Random(seed)
    b = Builder(s.slug, fmt, f"{s.company} – Price List 2025", rng, "commercial")
    dates = ("2025-02-11", "2025-02-12", "2025-02-14")

    b.heading("1 General")
    b.filler(2)
    b.para(f"This price list applies to all deliveries of {s.company} to commercial customers. ")
    b.filler(2)
    b.heading("2 Prices and validity")
    b.para(f"The prices in this list are fixed until {s.fixed_until}; they are net prices in euros. ")
    b.filler(3)
    b.chapters(["3 Ordering", "4 Delivery and dispatch"], (3, 4))
    b.heading("5 Payment")
    b.para(f"Payment is due within 30 days net, or within 10 days less {s.discount} cash discount. ")
    b.filler(2)

    # ---------------------------------------------------------------- the price table
    groups = [(g, [i for i in items if rng.random() < 0.5]) for g, items in CATALOGUE]
    numbers = rng.sample(range(1000, 9999), sum(len(i) for _, i in groups) + len(_ACCESSORIES))
    fn_price = b.footnote(
        f"Prices exclude VAT. A freight surcharge of {s.freight} applies to orders below {s.freight_limit} net value."
    )
    header = [cell(h) for h in HEADER]
    header[4] = cell("Unit price (EUR)", fn_price)
    table: list[list[Cell]] = [header]
    rows: list[dict[str, str]] = []
    k = 0
    for group, items in groups:
        for j, desc in enumerate(items):
            item_no = f"{s.prefix}-{numbers[k]}"
            k += 1
            price = b.unique(lambda: _price(rng, 18, 2400))
            lead = f"{rng.choice((2, 3, 4, 6, 8, 10, 12))} weeks"
            unit = rng.choice(("1 pc", "1 pc", "1 pc", "5 pcs", "10 pcs"))
            rows.append({"no": item_no, "group": group, "desc": desc, "price": price, "lead": lead, "unit": unit,
                         "first": "yes" if j == 0 else "no"})
            merge = "restart" if j == 0 else "continue"
            table.append([
                cell(item_no),
                cell(group, vmerge=merge if b.supports("merges") else None),
                cell(desc), cell(unit), cell(price), cell(lead),
            ])
    n = len(rows)
    tail = list(range(int(n * 0.65), n))

    # Revisions: the pricing manager re-priced items in the second half of the table.
    revised = sorted(rng.sample(range(n // 2, n), 5)) if b.supports("revisions") else []
    old_prices: dict[int, str] = {}
    for idx in revised:
        old = b.unique(lambda: _price(rng, 18, 2400))
        old_prices[idx] = old
        date = rng.choice(dates)
        table[idx + 1][4] = Cell((Del(old, s.pricer, date), Ins(rows[idx]["price"], s.pricer, date)))
    # A sales comment on the lead time of one item near the end.
    free = [i for i in tail if i not in revised]
    commented = rng.choice(free)
    slip = rng.choice((14, 16, 18))
    note = f"Confirm with production before quoting: lead time may slip to {slip} weeks from June."
    if b.supports("comments"):
        lead = rows[commented]["lead"]
        table[commented + 1][5] = Cell((Com(lead, s.sales, "2025-03-02", note),))
    # One item without a price: "on request" merged over price and lead time.
    on_request = rng.choice([i for i in tail if i not in revised and i != commented])
    if b.supports("merges"):
        table[on_request + 1][4:6] = [cell("Price and lead time on request", span=2)]
    b.heading("6 Price table")
    b.para(f"The following table lists the standard range of {s.short}. Item numbers must be quoted on every order.")
    b.table(table)
    b.filler(1)

    b.heading("7 Accessories and options")
    b.filler(1)
    acc_header = ("Item No.", "Accessory", "Fits", "Unit price (EUR)")
    acc = [[cell(h) for h in acc_header]]
    for name in _ACCESSORIES:
        item_no = f"{s.prefix}-{numbers[k]}"
        k += 1
        fits = rng.choice(("all ball valves", "butterfly valves", "actuators", "gate valves", "DN15 to DN50", "DN65 to DN150"))
        acc.append([cell(item_no), cell(name), cell(fits), cell(b.unique(lambda: _price(rng, 5, 900)))])
    b.table(acc)
    b.heading("8 Volume discounts")
    b.filler(1)
    b.table([[cell("Order value (net)"), cell("Discount")],
             [cell("from EUR 5,000"), cell("3 %")], [cell("from EUR 20,000"), cell("5 %")]])
    b.chapters(["9 Packaging and shipping", "10 Returns", "11 Warranty", "12 Product compliance",
                "13 Export control"], (2, 4))
    b.heading("14 Special conditions")
    b.filler(2)
    b.para(f"Notwithstanding section 2, prices are subject to {s.surcharge}. ")
    b.filler(1)
    b.chapters(["15 Contact"], (1, 2))

    # ---------------------------------------------------------------- questions
    hdr = HEADER
    pool = [i for i in tail if i not in revised and i not in (commented, on_request)]
    if len(pool) < 4:  # a short table (some seeds): the free rows of the second half, last first
        pool += [i for i in range(tail[0] - 1, n // 2 - 1, -1) if i not in revised]
    picks = rng.sample(pool, 4)
    for idx in picks[:3]:
        r = rows[idx]
        b.ask("table_tail", f"What is the unit price of the {r['desc']} in the {s.short} price list?",
              f"EUR {r['price']} per {r['unit']} ({r['no']}).", rows=[(r["desc"], r["price"])], header=hdr)
    r = rows[picks[3]]
    b.ask("table_tail", f"What is the lead time for {s.short} item {r['no']}?",
          f"{r['lead']} ({r['desc']}).", rows=[(r["no"], r["lead"])], header=hdr)
    longest = [r for i, r in enumerate(rows) if r["lead"] == "12 weeks" and (i != on_request or not b.supports("merges"))]
    b.ask("table_multi", f"Which items in the {s.short} price list have a lead time of 12 weeks?",
          "; ".join(f"{r['no']} {r['desc']}" for r in longest), rows=[(r["no"], r["lead"]) for r in longest], header=hdr)
    if b.supports("merges"):
        cands = [i for i in tail if rows[i]["first"] == "no" and i not in picks]
        for idx in rng.sample(cands, 2):
            r = rows[idx]
            b.ask("table_merged", f"Which product group is {s.short} item {r['no']} listed under?",
                  f"{r['group']} ({r['desc']}).", rows=[(r["no"], r["group"])], header=hdr)
        r = rows[on_request]
        b.ask("table_merged", f"What does {s.short} charge for the {r['desc']}, and when can it be delivered?",
              "No list price: price and lead time are on request.",
              rows=[(r["desc"], "Price and lead time on request")], header=hdr)
    if revised:
        idx = revised[-1]
        r = rows[idx]
        b.ask("revision", f"Who changed the {s.short} price of the {r['desc']}, and what was the old price?",
              f"{s.pricer} changed it from EUR {old_prices[idx]} to EUR {r['price']}.",
              evidence=[old_prices[idx]], rows=[(r["desc"], r["price"])], header=hdr,
              attribution=[(s.pricer, r["price"])])
        b.ask("revision_run", f"Which unit prices did {s.pricer} revise in the {s.short} price list?",
              "; ".join(f"{rows[i]['desc']}: {old_prices[i]} -> {rows[i]['price']}" for i in revised),
              rows=[(rows[i]["no"], rows[i]["price"]) for i in revised], header=hdr,
              attribution=[(s.pricer, rows[i]["price"]) for i in revised])
    if b.supports("comments"):
        r = rows[commented]
        b.ask("comment", f"What did {s.sales} note about the lead time of the {r['desc']}?",
              f"{note} (listed lead time {r['lead']}).",
              evidence=[f"lead time may slip to {slip} weeks"], rows=[(r["desc"], r["lead"])],
              attribution=[(s.sales, f"lead time may slip to {slip} weeks")])
    b.ask("cross_section", f"Until when are the {s.short} list prices fixed, and is there any exception?",
          f"Fixed until {s.fixed_until}; but prices are subject to {s.surcharge}.",
          evidence=[f"fixed until {s.fixed_until}", s.surcharge])
    b.ask("footnote", f"Does {s.short} charge extra freight on small orders?",
          f"Yes: {s.freight} on orders below {s.freight_limit} net (footnote to the unit price).",
          evidence=[f"freight surcharge of {s.freight}", f"below {s.freight_limit}"])
    b.ask("plain", f"What cash discount does {s.short} grant for early payment?",
          f"{s.discount} within 10 days (else 30 days net).", evidence=[f"less {s.discount} cash discount"])
    page = "header_footer" if fmt != "md" else "plain"
    b.ask(page, f"What is the document number of the {s.company} price list?", s.doc_no,
          evidence=[f"Document No. {s.doc_no}"])
    b.ask(page, f"Which earlier price list does the current {s.short} price list supersede, and from when is it valid?",
          f"It supersedes {s.previous_no} and is valid from {s.valid_from}.",
          evidence=[f"supersedes {s.previous_no}", f"Valid from {s.valid_from}"])
    return b.finish(
        header=f"{s.company} | Document No. {s.doc_no} | Confidential",
        footer=f"Valid from {s.valid_from} – supersedes {s.previous_no}",
    )
