"""Operating and maintenance manuals: a troubleshooting table and a spare-parts list that
span several chunks, a maintenance schedule with merged interval cells, a changed interval
as a tracked revision, a service engineer's comment, a temperature limit qualified in a
later chapter, a footnoted torque table, and the document number and revision in the page
header and footer.

Three machines share fault texts and maintenance tasks, so a row without its manual is
ambiguous.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from benchmarks.quality.build import Builder
from benchmarks.quality.docmodel import Com, Del, Doc, Ins, cell
from benchmarks.quality.questions import Question

_FAULTS = (
    "Motor does not start", "Motor trips on overload", "Discharge pressure too low", "Flow rate too low",
    "Excessive noise", "Strong vibration", "Leakage at the shaft seal", "Bearing temperature too high",
    "Oil temperature too high", "Pressure switch does not switch off", "Safety valve blows off",
    "Condensate drain does not open", "Fieldbus communication lost", "Temperature sensor signal missing",
    "Pressure sensor signal implausible", "Frequency converter fault", "Phase failure detected",
    "Emergency stop active", "Door interlock open", "Belt slipping", "Compressed air contains oil",
    "Unit runs continuously", "Display shows no values", "Cooling fan does not run", "Filter differential pressure high",
)
_CAUSES = (
    "supply voltage missing", "motor protection switch set too low", "suction valve partially closed",
    "impeller clogged", "air in the suction line", "coupling misaligned", "bearing worn", "shaft seal worn",
    "lubricant degraded", "cooler fouled", "setpoint set incorrectly", "sensor cable damaged",
    "terminal resistor missing", "contactor defective", "filter element clogged", "belt tension too low",
    "ambient temperature too high", "solenoid valve stuck", "parameter set corrupted", "fuse blown",
)
_REMEDIES = (
    "check the mains supply and fuses", "set the motor protection switch to the rated current",
    "open the suction valve fully", "dismantle and clean the impeller", "vent the pump and the suction line",
    "realign the coupling with a dial gauge", "replace the bearings as a set", "replace the mechanical seal",
    "change the lubricant and the filter", "clean the cooler fins with compressed air", "correct the setpoint in menu 3.2",
    "replace the sensor cable", "fit the terminal resistor at the last node", "replace the contactor",
    "replace the filter element", "retension the belt to the value on the label", "improve the ventilation of the room",
    "clean or replace the solenoid valve", "reload the parameter set from the backup", "replace the fuse and find the short circuit",
    "contact the manufacturer's service", "reset the fault after the cause is removed",
)
_TASKS = (
    ("Daily", ("Check the fluid level in the seal pot", "Check for leakage", "Check the operating pressure on the display",
               "Listen for unusual noise")),
    ("Every 500 operating hours", ("Clean the suction strainer", "Check the coupling for wear", "Check the belt tension",
                                   "Drain the condensate manually")),
    ("Every 2,000 operating hours", ("Inspect the mechanical seal", "Lubricate the motor bearings",
                                     "Check the tightness of all electrical terminals", "Replace the intake filter")),
    ("Every 8,000 operating hours or yearly", ("Replace the bearings", "Calibrate the pressure transmitter",
                                               "Check the safety valve", "Replace the coupling elements",
                                               "Have the pressure vessel inspected")),
)
_PARTS = (
    "Impeller", "Mechanical seal set", "Shaft sleeve", "Bearing, drive end", "Bearing, non-drive end", "Coupling element",
    "Casing gasket", "O-ring set", "Suction strainer", "Pressure transmitter", "Temperature sensor PT100", "Contactor",
    "Motor protection switch", "Intake filter element", "Oil separator cartridge", "Safety valve", "Solenoid valve",
    "Drive belt set", "Cooling fan", "Control board", "Display unit", "Condensate drain", "Check valve insert",
    "Terminal box cover", "Lifting eye bolt", "Vibration damper set", "Seal pot", "Pressure gauge",
)


@dataclass(frozen=True)
class Machine:
    """One manual's identity and its facts."""

    slug: str
    name: str
    kind: str
    doc_no: str
    revision: str
    prefix: str
    writer: str
    engineer: str
    max_temp: str
    special: str
    special_temp: str
    noise: str
    seal_old: str
    seal_new: str


MACHINES = (
    Machine("manual_cpx400", "CPX-400", "centrifugal pump", "BA-CPX400-EN", "Rev. 07 of 2 November 2024", "CPX",
            "Stefan Krüger", "Elena Petrova", "90 °C", "water-glycol mixtures with more than 40 % glycol", "70 °C",
            "72 dB(A)", "every 10,000 operating hours", "every 7,500 operating hours"),
    Machine("manual_airline_k7", "AirLine K7", "screw compressor", "OM-K7-2024-EN", "Issue 3 of 15 July 2024", "K7",
            "Ruth Abernathy", "Carlos Mendes", "45 °C", "installation rooms above 1,000 m altitude", "40 °C",
            "68 dB(A)", "every 6,000 operating hours", "every 5,000 operating hours"),
    Machine("manual_pl9", "PL-9", "packaging line", "MM-PL9-0112", "Revision C of 9 January 2025", "PL9",
            "Wei Zhang", "Anders Holm", "35 °C", "operation with biodegradable PLA film", "28 °C",
            "78 dB(A)", "every 3,000 operating hours", "every 2,500 operating hours"),
)


def build(mc: Machine, fmt: str, seed: int) -> tuple[Doc, list[Question]]:
    """One machine's manual in ``fmt`` with its questions."""
    rng = random.Random(seed)
    b = Builder(mc.slug, fmt, f"Operating and Maintenance Manual – {mc.kind.capitalize()} {mc.name}", rng, "technical")
    who = f"the {mc.name} {mc.kind}"

    b.chapters(["1 About this manual"], (2, 3))
    b.heading("2 Safety")
    b.filler(3)
    b.para(f"The maximum permissible fluid or ambient temperature for {mc.name} is {mc.max_temp}.")
    b.filler(2)
    b.chapters(["3 Intended use", "4 Transport and storage", "5 Description of the machine"], (2, 4))
    b.heading("6 Technical data")
    b.para(f"The A-weighted sound pressure level at 1 m distance is {mc.noise} at rated load.")
    b.filler(2)
    b.chapters(["7 Installation", "8 Electrical connection", "9 Commissioning", "10 Operation", "11 Cleaning"], (3, 4))
    b.heading("12 Maintenance")
    b.filler(2)
    if b.supports("revisions"):
        b.para("Replace the mechanical seal ", Del(mc.seal_old, mc.writer, "2024-10-28"),
               Ins(mc.seal_new, mc.writer, "2024-10-28"), ", regardless of its visual condition.")
    else:
        b.para(f"Replace the mechanical seal {mc.seal_new}, regardless of its visual condition.")
    grease_note = "Field reports show bearing failures with mixed greases; specify one grease type for the whole plant."
    if b.supports("comments"):
        b.para(Com("Lubricate the motor bearings with the grease type stated on the motor nameplate.", mc.engineer,
                   "2024-10-30", grease_note))
    else:
        b.para("Lubricate the motor bearings with the grease type stated on the motor nameplate.")
    sched_header = ("Interval", "Task", "Responsible")
    rows = [[cell(h) for h in sched_header]]
    sched: list[tuple[str, str, str, bool]] = []
    for interval, tasks in _TASKS:
        for j, task in enumerate(tasks):
            resp = rng.choice(("Operator", "Maintenance technician", "Electrician", "Service partner"))
            merge = ("restart" if j == 0 else "continue") if b.supports("merges") else None
            rows.append([cell(interval, vmerge=merge), cell(task), cell(resp)])
            sched.append((interval, task, resp, j == 0))
    b.table(rows)
    b.filler(2)
    b.heading("13 Troubleshooting")
    b.para(f"The controller of {mc.name} shows a fault code. Look up the code in the table below before calling service.")
    ts_header = ("Code", "Fault", "Possible cause", "Remedy")
    rows = [[cell(h) for h in ts_header]]
    faults: list[tuple[str, str, str, str]] = []
    codes = sorted(rng.sample(range(1, 99), 36))
    for c in codes:
        code = f"{mc.prefix}-E{c:02d}"
        fault, cause, remedy = rng.choice(_FAULTS), rng.choice(_CAUSES), rng.choice(_REMEDIES)
        rows.append([cell(code), cell(fault), cell(cause.capitalize()), cell(remedy.capitalize())])
        faults.append((code, fault, cause, remedy))
    b.table(rows)
    b.heading("14 Spare parts")
    b.filler(1)
    sp_header = ("Pos.", "Part", "Part No.", "Qty per unit")
    rows = [[cell(h) for h in sp_header]]
    parts: list[tuple[str, str]] = []
    for i, part in enumerate(_PARTS, start=1):
        number = b.unique(lambda: f"{mc.prefix}-{rng.randint(100000, 999999)}")
        rows.append([cell(str(i)), cell(part), cell(number), cell(str(rng.choice((1, 1, 2, 4))))])
        parts.append((part, number))
    b.table(rows)
    b.heading("15 Special operating conditions")
    b.filler(2)
    b.para(f"For {mc.special}, the maximum permissible temperature is reduced to {mc.special_temp}.")
    b.filler(2)
    b.chapters(["16 Decommissioning and disposal"], (2, 3))
    b.heading("Appendix A – Tightening torques")
    fn = b.footnote("Torques apply to lightly oiled bolts of property class 8.8; reduce by 10 % for stainless steel bolts.")
    b.para("Tightening torques for the casing bolts", fn, " are given in the table below.")
    b.table([[cell("Thread"), cell("Torque (Nm)")]] +
            [[cell(t), cell(str(v))] for t, v in (("M8", 25), ("M10", 49), ("M12", 86), ("M16", 210), ("M20", 410))])

    for code, fault, cause, remedy in rng.sample(faults[len(faults) // 2:], 3):
        b.ask("table_tail", f"What should be done when {who} shows fault code {code}?",
              f"{fault}: {cause} – {remedy}.", rows=[(code, remedy)], header=ts_header)
    worn = rng.choice(sorted({f[2] for f in faults[len(faults) // 2:]}))
    hits = [f for f in faults if f[2] == worn]
    b.ask("table_multi", f"Which fault codes of {who} list '{worn}' as the possible cause?",
          "; ".join(f"{f[0]} ({f[1]})" for f in hits), rows=[(f[0], worn) for f in hits], header=ts_header)
    for part, number in rng.sample(parts[len(parts) // 2:], 2):
        b.ask("table_tail", f"What is the part number of the {part.lower()} for {who}?", number,
              rows=[(part, number)], header=sp_header)
    merged = [s for s in sched if not s[3]]
    for interval, task, resp, _ in rng.sample(merged, 2):
        b.ask("table_merged" if b.supports("merges") else "table_tail",
              f"How often must the task '{task.lower()}' be carried out on {who}, and by whom?",
              f"{interval}, by: {resp}.", rows=[(task, interval, resp)], header=sched_header)
    if b.supports("revisions"):
        b.ask("revision", f"How often must the mechanical seal of {who} be replaced, and who changed that interval?",
              f"{mc.seal_new} (changed from {mc.seal_old} by {mc.writer}).", evidence=[mc.seal_new, mc.seal_old],
              attribution=[(mc.writer, mc.seal_new)])
    if b.supports("comments"):
        b.ask("comment", f"What did {mc.engineer} point out about bearing lubrication of {who}?", grease_note,
              evidence=["bearing failures with mixed greases"],
              attribution=[(mc.engineer, "bearing failures with mixed greases")])
    b.ask("cross_section", f"What is the maximum permissible temperature for {who}, and does it ever change?",
          f"{mc.max_temp}; reduced to {mc.special_temp} for {mc.special}.",
          evidence=[f"temperature for {mc.name} is {mc.max_temp}", f"reduced to {mc.special_temp}"])
    b.ask("footnote", f"Do the casing bolt torques of {who} apply to stainless steel bolts?",
          "No: they apply to lightly oiled 8.8 bolts; reduce by 10 % for stainless steel bolts.",
          evidence=["reduce by 10 % for stainless steel bolts"])
    b.ask("plain", f"What is the sound pressure level of {who}?", f"{mc.noise} at 1 m, rated load.",
          evidence=[f"{mc.noise} at rated load"])
    page = "header_footer" if b.supports("page_header") else "plain"
    b.ask(page, f"What is the document number of the manual for {who}?", mc.doc_no, evidence=[f"Document {mc.doc_no}"])
    b.ask(page, f"Which revision of the {mc.name} manual is this?", mc.revision, evidence=[mc.revision])
    return b.finish(header=f"Document {mc.doc_no} | {mc.name} operating and maintenance manual",
                    footer=f"{mc.revision} | Translation of the original instructions")
