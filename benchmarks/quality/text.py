"""Seeded filler prose: the distractor text around the facts the questions ask about.

Each domain has sentence templates in the register of its documents (contract clauses,
terms of sale, laboratory methods, operating instructions, audit observations, policy
rules, minutes) whose slots are filled from vocabularies, so a long document does not
repeat itself the way a short template list would. The same seed gives the same text. The
sentences state no figure a question asks about; the generator's uniqueness check
(:meth:`benchmarks.quality.build.Builder.finish`) guards that.
"""

from __future__ import annotations

import random

_SLOTS: dict[str, tuple[str, ...]] = {
    # shared
    "when": ("without undue delay", "in due time", "within a reasonable period", "promptly", "in writing beforehand",
             "at the latest at the time of delivery", "upon written request", "before the start of the work",
             "at the next scheduled review", "as soon as the circumstance becomes known"),
    # legal / commercial
    "party": ("the Supplier", "the Customer", "either Party", "the Contractor", "the Purchaser", "the Service Provider",
              "each Party", "the receiving Party", "the disclosing Party"),
    "obj": ("the Deliverables", "the Services", "the Goods", "the documentation", "the spare parts", "the test certificates",
            "the packaging", "the software updates", "the work results", "the tools and moulds", "the drawings",
            "the project data", "the samples", "the consumables", "the inspection reports"),
    "doc": ("the order confirmation", "the delivery note", "the technical specification", "the quality agreement",
            "the project plan", "the logistics agreement", "the call-off schedule", "the statement of work",
            "the acceptance protocol", "the change request"),
    "place": ("the delivery address", "the Customer's site", "the Supplier's works", "the agreed warehouse",
              "the installation site", "the consignment store", "the port of loading", "the regional hub"),
    "cond": ("unless otherwise agreed in writing", "to the extent permitted by law", "at its own expense",
             "in accordance with the quality agreement", "during the term of this Agreement",
             "after prior consultation with the other Party", "subject to the provisions of this clause",
             "in the event of a dispute", "for the duration of the warranty period", "as far as reasonable"),
    "verb": ("inspect", "document", "store separately", "label", "insure", "return", "replace", "archive", "protect",
             "keep available", "hand over", "make available"),
    "right": ("withhold payment", "reject the delivery", "terminate the affected order", "claim supplementary performance",
              "demand a reduction of the price", "have the defect remedied by a third party", "suspend its performance"),
    "event": ("a delay in delivery", "a defect in title", "a change of control", "an insolvency application",
              "a breach of the confidentiality obligations", "a force majeure event", "a recall campaign",
              "an export restriction", "a cyber incident"),
    # clinical
    "analyte": ("the sample", "the specimen", "the serum aliquot", "the EDTA tube", "the citrate tube", "the urine sample",
                "the heparin tube", "the capillary sample"),
    "method": ("photometry", "ion-selective electrodes", "immunoassay", "flow cytometry", "nephelometry", "HPLC",
               "turbidimetry", "chemiluminescence", "enzymatic colorimetry", "optical clot detection"),
    "staff": ("the laboratory physician", "the technician on duty", "the quality officer", "the ward physician",
              "the biomedical scientist", "the point-of-care coordinator", "the night-shift team"),
    "lab_issue": ("haemolysis", "lipaemia", "icterus", "clotting", "insufficient sample volume", "delayed transport",
                  "incorrect tube type", "missing patient label"),
    "qc": ("internal quality control", "the calibration verification", "the reagent lot check", "the daily maintenance",
           "the external quality assessment", "the delta check"),
    # technical
    "part": ("the shaft seal", "the impeller", "the bearing housing", "the coupling guard", "the pressure switch",
             "the drive belt", "the suction strainer", "the control cabinet", "the inlet valve", "the oil separator",
             "the cooling fan", "the terminal box", "the sight glass", "the vent screw", "the base frame",
             "the sealing strip", "the conveyor chain", "the light curtain"),
    "action": ("inspect", "clean", "check", "tighten", "lubricate", "replace", "document the condition of", "test",
               "adjust", "measure the wear of"),
    "role": ("the operator", "qualified personnel", "the maintenance technician", "the shift supervisor", "an electrician",
             "the plant engineer", "a trained fitter", "the service partner"),
    "hazard": ("hot surfaces", "rotating parts", "stored pressure", "electrical voltage", "escaping fluid", "noise",
               "crushing points", "sharp edges", "unexpected restart"),
    "tool": ("a torque wrench", "a multimeter", "a dial gauge", "the lifting beam", "a grease gun", "an infrared thermometer",
             "the service laptop", "a feeler gauge"),
    # quality
    "area": ("goods receipt", "final inspection", "the calibration laboratory", "production line 2", "the warehouse",
             "purchasing", "the welding shop", "the paint shop", "the test bay", "maintenance"),
    "std": ("ISO 9001", "ISO 13485", "IATF 16949", "ISO 14001", "GMP Annex 15", "ISO/IEC 17025", "ISO 45001", "EN 1090"),
    "record": ("training records", "calibration certificates", "inspection plans", "control charts", "work instructions",
               "maintenance logs", "supplier evaluations", "risk assessments", "process FMEAs", "first article reports"),
    # hr
    "employee": ("the employee", "the traveller", "staff members", "the line manager", "the cost centre owner",
                 "the assistant", "the project lead"),
    "expense": ("hotel costs", "rail tickets", "taxi fares", "meals with clients", "conference fees", "parking charges",
                "visa fees", "luggage fees", "mobile roaming charges", "car rental"),
    "tool_hr": ("the travel portal", "the expense app", "the corporate card", "the approval workflow", "the HR service desk"),
    # minutes
    "topic": ("the budget forecast", "the site expansion", "the IT migration", "the supplier review", "the safety programme",
              "the pension scheme", "the recruitment plan", "the product roadmap", "the carbon reduction plan",
              "the customer satisfaction survey", "the working capital programme"),
    "person": ("the chair", "the chief executive", "the finance director", "the company secretary", "a non-executive director",
               "the operations director", "the employee representative"),
}

_TEMPLATES: dict[str, tuple[str, ...]] = {
    "legal": (
        "{party} shall perform its obligations under this Agreement with the care of a prudent merchant.",
        "Any amendment to this clause requires the written form; this also applies to a waiver of the written form requirement.",
        "{party} shall inform the other Party {when} of any circumstance that may delay {obj}.",
        "Deliveries shall be made to {place} unless {doc} specifies otherwise.",
        "Partial deliveries are permitted only where they are reasonable for the receiving Party.",
        "{party} shall keep records of {obj} for the statutory retention period.",
        "Where {doc} and this Agreement conflict, this Agreement prevails unless expressly stated otherwise.",
        "Notices under this Agreement shall be sent to the addresses stated in the preamble or to any new address notified {when}.",
        "The rights under this section are in addition to, and not in substitution for, any rights provided by law.",
        "{party} may subcontract parts of {obj} only with the prior consent of the other Party, which shall not be unreasonably withheld.",
        "Each Party shall bear its own costs in connection with the negotiation and conclusion of this Agreement.",
        "Invalidity of individual provisions shall not affect the validity of the remaining provisions.",
        "{party} warrants that {obj} comply with {doc} at the time of the transfer of risk.",
        "Confidential information excludes information that was already public at the time of disclosure.",
        "Claims for defects shall be notified {when} after their discovery, stating the nature of the defect.",
        "The place of performance for all obligations arising from this Agreement is {place}.",
        "{party} shall maintain adequate insurance cover for the risks arising from this Agreement.",
        "Title to {obj} passes upon full payment of the purchase price.",
        "{party} shall {verb} {obj} {cond}.",
        "In the case of {event}, {party} may {right} {cond}.",
        "{party} shall notify the other Party of {event} {when}.",
        "Costs arising from {event} are borne by {party} {cond}.",
        "The obligations in respect of {obj} continue to apply {cond}.",
        "{party} is not entitled to {right} where the cause lies within its own sphere of responsibility.",
        "Any handover of {obj} shall be recorded in {doc}.",
        "The Parties shall meet {when} to review {doc} and agree any necessary adjustments.",
        "{party} shall ensure that its personnel at {place} comply with the site rules.",
        "Changes to {obj} require a change request and the written approval of {party}.",
    ),
    "commercial": (
        "All orders are subject to these terms and to {doc}.",
        "Prices are quoted ex works, excluding packaging, unless stated otherwise in {doc}.",
        "Orders placed by telephone require confirmation in writing.",
        "Technical changes that do not impair function remain reserved.",
        "Returns are accepted only with prior authorisation and in the original packaging.",
        "Customer-specific items are excluded from return and exchange.",
        "Delivery dates are approximate unless expressly agreed as binding in {doc}.",
        "Drawings, data sheets and dimensions are for guidance only.",
        "Special finishes and certificates are charged separately.",
        "Damage in transit must be noted on {doc} in the presence of the carrier.",
        "The applicable edition of the catalogue can be requested from the sales office at any time.",
        "Material certificates according to EN 10204 are available on request.",
        "Small quantities may be supplied from stock at {place}.",
        "Framework orders with call-off schedules are welcome; please contact the sales office.",
        "Pallets and crates remain the property of the supplier and are to be returned.",
        "Shipments to {place} are consolidated once a week where possible.",
        "Please quote the item number and the revision of {doc} on every enquiry.",
        "In the case of {event}, the supplier may adjust the delivery schedule {cond}.",
        "Goods remain the property of the supplier until all claims from the business relationship are settled.",
        "Express deliveries to {place} are possible against a surcharge.",
        "Complaints about visible defects must be made {when}.",
        "Certificates and test reports are supplied with {doc} if ordered.",
        "Items marked as discontinued are supplied while stocks last.",
        "The sales office confirms every order {when}, stating the expected dispatch date.",
        "Electronic invoices are sent to the address given in {doc}.",
    ),
    "clinical": (
        "Samples were received at the laboratory in a closed transport container.",
        "Measurements were performed on {analyte} by {method} on the routine analyser.",
        "Reference intervals apply to adults and are taken from the method manufacturer.",
        "Results outside the reference interval are flagged H (high) or L (low).",
        "{qc} was within the permitted limits on the day of analysis.",
        "The report was reviewed by {staff} before release.",
        "Pre-analytical conditions such as fasting status were not documented for this request.",
        "Critical values are telephoned to the requesting ward and documented.",
        "{analyte} showed no visible {lab_issue}.",
        "Values should be interpreted in the context of the clinical findings.",
        "Cumulative results from earlier requests are available in the laboratory information system.",
        "The laboratory participates in external quality assessment schemes for all accredited methods.",
        "Calculated parameters are derived from measured values and are not separately accredited.",
        "Please contact {staff} for questions about the interpretation of individual results.",
        "In the case of {lab_issue}, {staff} decides whether a new sample is required.",
        "The measurement uncertainty of {method} is available on request.",
        "{analyte} was centrifuged within one hour of receipt.",
        "Results obtained by {method} are traceable to the reference materials stated by the manufacturer.",
        "{staff} checked {qc} before the first run of the day.",
        "Add-on requests are accepted for up to 48 hours if {analyte} is stored refrigerated.",
        "Interferences from {lab_issue} are indicated in the comment field of the report.",
        "The turnaround time for routine requests is documented in the laboratory handbook.",
    ),
    "technical": (
        "Before any work on the unit, {role} must disconnect the power supply and secure it against restart.",
        "{action} {part} at the intervals given in the maintenance schedule.",
        "Only original spare parts may be used; other parts void the warranty.",
        "Wear suitable personal protective equipment when working on {part}.",
        "The unit must not be operated with the covers removed.",
        "Work on electrical equipment may only be carried out by {role}.",
        "Record every maintenance activity in the service log with date and signature.",
        "If unusual noise or vibration occurs, stop the unit and {action} {part}.",
        "Observe the tightening torques given in the appendix when reassembling {part}.",
        "Dispose of used lubricants and filters in accordance with local regulations.",
        "The installation site must be dry, frost-free and well ventilated.",
        "Keep this manual near the unit and accessible to {role} at all times.",
        "Commissioning may only be carried out after the checks in the installation chapter are complete.",
        "The manufacturer accepts no liability for damage caused by improper use.",
        "Use only the lifting points marked on the housing when transporting the unit.",
        "Danger from {hazard}: {role} must observe the warning signs on the unit.",
        "Use {tool} to {action} {part}.",
        "After any repair, {role} must {action} {part} before restarting the unit.",
        "The warning labels on {part} must be kept clean and legible.",
        "Do not step on {part}; use a suitable platform.",
        "Risk of injury from {hazard} when {part} is opened during operation.",
        "Replace damaged seals immediately; do not reuse seals once removed.",
        "{role} shall check that all protective devices work before each shift.",
        "Keep the area around {part} free of tools and packaging material.",
        "Spare parts must be stored in a dry place in their original packaging.",
    ),
    "quality": (
        "The audit was conducted as a process audit of {area} on the basis of {std}.",
        "Interviews were held with the process owners and records were sampled.",
        "Documented information was available and under revision control.",
        "{record} for {area} were complete for the sampled cases.",
        "The sampled non-conformance reports were closed with effective corrective action.",
        "Measuring equipment in {area} was labelled with the next calibration date.",
        "Risk assessments for {area} had been reviewed within the last year.",
        "The management review minutes showed that quality objectives are monitored monthly.",
        "Supplier evaluations were carried out according to the procedure.",
        "Customer complaints are recorded in the CAQ system and analysed quarterly.",
        "The internal audit programme covered all processes within the certification scope.",
        "Work instructions at the workplace corresponded to the released versions.",
        "{record} in {area} were sampled and found to be consistent with {std}.",
        "The auditors walked through {area} and observed the shift handover.",
        "Key performance indicators for {area} are displayed on the shop floor board.",
        "The process owner of {area} explained the escalation path for deviations.",
        "Traceability from raw material to finished product was demonstrated for a sampled order.",
        "{record} were stored electronically with access control.",
        "Competence requirements for {area} are defined in the training matrix.",
        "Changes to {record} follow the document control procedure.",
    ),
    "hr": (
        "{employee} must obtain approval before booking travel.",
        "Receipts must be submitted with the expense report within the period stated in this policy.",
        "{expense} are reimbursed at actual cost up to the limits of this policy.",
        "The most economical means of transport shall be chosen, taking travel time into account.",
        "Private extensions of business trips are permitted if no additional costs arise for the company.",
        "{employee} is responsible for the correctness of the expense report.",
        "Bonus points from loyalty programmes may not be used for private purposes.",
        "Travel bookings shall be made through {tool_hr} where possible.",
        "Costs not covered by this policy require the approval of {employee}.",
        "Cash advances are settled with the next expense report.",
        "{expense} require an itemised receipt.",
        "The policy applies to all employees of the group's European companies.",
        "{employee} should use {tool_hr} to submit {expense}.",
        "Questions about {expense} are answered by {tool_hr}.",
        "{expense} incurred for private reasons are not reimbursed.",
        "Approvals are documented in {tool_hr} and retained for audit purposes.",
        "{employee} must report lost receipts {when}, with a signed statement.",
        "The travel risk assessment must be completed before trips to high-risk destinations.",
    ),
    "minutes": (
        "The chair opened the meeting and confirmed that it was quorate.",
        "The minutes of the previous meeting were approved without amendment.",
        "Management reported on {topic} and answered questions from the members.",
        "The board discussed {topic} in detail.",
        "Members asked for a written summary of {topic} before the next meeting.",
        "There were no declarations of conflicts of interest.",
        "The finance director presented the monthly figures; the variance analysis was noted.",
        "The board thanked the project team for its work on {topic}.",
        "Further discussion of {topic} was deferred to the next meeting.",
        "The company secretary will circulate the resolutions for signature.",
        "{person} summarised the risks associated with {topic}.",
        "{person} asked how {topic} would affect the financial plan.",
        "The board noted the update on {topic} and requested a timeline.",
        "{person} confirmed that {topic} is on track.",
        "A working group will prepare options for {topic}.",
        "The board agreed to revisit {topic} at the strategy day.",
    ),
}


def sentence(rng: random.Random, domain: str) -> str:
    """One sentence of ``domain`` with its slots filled."""
    out = rng.choice(_TEMPLATES[domain])
    for slot, values in _SLOTS.items():
        key = "{" + slot + "}"
        while key in out:
            out = out.replace(key, rng.choice(values), 1)
    return out[0].upper() + out[1:]


def paragraph(rng: random.Random, domain: str, sentences: tuple[int, int] = (4, 8)) -> str:
    """A paragraph of ``sentences[0]``–``sentences[1]`` distinct sentences of ``domain``."""
    n = rng.randint(*sentences)
    seen: list[str] = []
    for _ in range(n * 4):
        s = sentence(rng, domain)
        if s not in seen:
            seen.append(s)
        if len(seen) == n:
            break
    return " ".join(seen)


def domains() -> tuple[str, ...]:
    """The available domains."""
    return tuple(_TEMPLATES)
