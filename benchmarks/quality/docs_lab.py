"""Cumulative laboratory reports: a long results table grouped by specimen (merged cells),
a corrected result as a tracked change, the physician's comments, an interpretation that an
addendum qualifies, a footnoted calculation method, and the report number and release in
the page header and footer.

Three patients share the same analytes, so a results row without its report context
belongs to nobody.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from benchmarks.quality.build import Builder
from benchmarks.quality.docmodel import Cell, Com, Del, Doc, Ins, cell
from benchmarks.quality.questions import Question

HEADER = ("Specimen", "Analyte", "Result", "Unit", "Reference range", "Flag")

# (specimen, analyte, unit, low, high, decimals)
ANALYTES: tuple[tuple[str, str, str, float, float, int], ...] = (
    ("EDTA whole blood", "Haemoglobin", "g/dL", 12.0, 16.0, 1),
    ("EDTA whole blood", "Haematocrit", "%", 36.0, 46.0, 1),
    ("EDTA whole blood", "Erythrocytes", "/pL", 3.9, 5.2, 2),
    ("EDTA whole blood", "Leukocytes", "/nL", 3.9, 10.2, 1),
    ("EDTA whole blood", "Thrombocytes", "/nL", 150, 370, 0),
    ("EDTA whole blood", "MCV", "fL", 80, 99, 0),
    ("EDTA whole blood", "MCH", "pg", 27.0, 33.5, 1),
    ("EDTA whole blood", "MCHC", "g/dL", 31.5, 36.0, 1),
    ("EDTA whole blood", "Neutrophils", "%", 42, 77, 0),
    ("EDTA whole blood", "Lymphocytes", "%", 20, 44, 0),
    ("EDTA whole blood", "Monocytes", "%", 2, 9, 0),
    ("EDTA whole blood", "Eosinophils", "%", 0.5, 5.5, 1),
    ("EDTA whole blood", "HbA1c", "mmol/mol", 20, 42, 0),
    ("Serum", "Sodium", "mmol/L", 136, 145, 0),
    ("Serum", "Potassium", "mmol/L", 3.5, 5.1, 1),
    ("Serum", "Chloride", "mmol/L", 98, 107, 0),
    ("Serum", "Calcium", "mmol/L", 2.15, 2.55, 2),
    ("Serum", "Phosphate", "mmol/L", 0.81, 1.45, 2),
    ("Serum", "Magnesium", "mmol/L", 0.66, 1.07, 2),
    ("Serum", "Creatinine", "mg/dL", 0.5, 0.9, 2),
    ("Serum", "eGFR", "mL/min/1.73 m2", 90, 130, 0),
    ("Serum", "Urea", "mg/dL", 17, 43, 0),
    ("Serum", "Uric acid", "mg/dL", 2.4, 5.7, 1),
    ("Serum", "Glucose (fasting)", "mg/dL", 74, 106, 0),
    ("Serum", "Total protein", "g/dL", 6.4, 8.3, 1),
    ("Serum", "Albumin", "g/dL", 3.5, 5.2, 1),
    ("Serum", "Total bilirubin", "mg/dL", 0.1, 1.2, 2),
    ("Serum", "ALT (GPT)", "U/L", 10, 35, 0),
    ("Serum", "AST (GOT)", "U/L", 10, 35, 0),
    ("Serum", "Gamma-GT", "U/L", 6, 42, 0),
    ("Serum", "Alkaline phosphatase", "U/L", 35, 105, 0),
    ("Serum", "LDH", "U/L", 135, 214, 0),
    ("Serum", "Lipase", "U/L", 13, 60, 0),
    ("Serum", "Total cholesterol", "mg/dL", 120, 200, 0),
    ("Serum", "LDL cholesterol", "mg/dL", 50, 116, 0),
    ("Serum", "HDL cholesterol", "mg/dL", 45, 90, 0),
    ("Serum", "Triglycerides", "mg/dL", 50, 150, 0),
    ("Serum", "CRP", "mg/L", 0.0, 5.0, 1),
    ("Serum", "Ferritin", "ng/mL", 13, 150, 0),
    ("Serum", "Transferrin saturation", "%", 16, 45, 0),
    ("Serum", "TSH", "mU/L", 0.27, 4.2, 2),
    ("Serum", "Free T4", "ng/dL", 0.93, 1.7, 2),
    ("Serum", "Vitamin B12", "pg/mL", 197, 771, 0),
    ("Serum", "Folate", "ng/mL", 3.9, 26.8, 1),
    ("Serum", "25-OH vitamin D", "ng/mL", 30, 100, 0),
    ("Serum", "NT-proBNP", "pg/mL", 0, 125, 0),
    ("Serum", "Troponin T (hs)", "ng/L", 0, 14, 0),
    ("Citrate plasma", "Prothrombin time (Quick)", "%", 70, 120, 0),
    ("Citrate plasma", "INR", "", 0.85, 1.15, 2),
    ("Citrate plasma", "aPTT", "s", 25, 37, 1),
    ("Citrate plasma", "Fibrinogen", "g/L", 2.1, 4.0, 2),
    ("Citrate plasma", "D-dimer", "mg/L FEU", 0.0, 0.5, 2),
    ("Spot urine", "Urine albumin/creatinine ratio", "mg/g", 0, 30, 0),
    ("Spot urine", "Urine specific gravity", "", 1.005, 1.030, 3),
    ("Spot urine", "Urine pH", "", 5.0, 8.0, 1),
)


@dataclass(frozen=True)
class Patient:
    """One report's identity and the people on it."""

    slug: str
    patient: str
    report: str
    ward: str
    physician: str
    technician: str
    released: str


PATIENTS = (
    Patient("lab_p88213", "P-88213", "LAB-2025-04417", "Cardiology", "Dr. Amara Okafor", "Jonas Lindqvist", "14 March 2025"),
    Patient("lab_p90457", "P-90457", "LAB-2025-04562", "Nephrology", "Dr. Felix Brandt", "Maja Sorensen", "18 March 2025"),
    Patient("lab_p77120", "P-77120", "LAB-2025-04630", "Internal Medicine", "Dr. Sofia Marquez", "Ken Watanabe", "20 March 2025"),
)


def _fmt(x: float, dec: int) -> str:
    return f"{x:.{dec}f}"


def _range(lo: float, hi: float, dec: int) -> str:
    return f"{_fmt(lo, dec)}–{_fmt(hi, dec)}" if lo > 0 else f"< {_fmt(hi, dec)}"


def build(p: Patient, fmt: str, seed: int) -> tuple[Doc, list[Question]]:
    """One patient's cumulative report in ``fmt`` with its questions."""
    rng = random.Random(seed)
    b = Builder(p.slug, fmt, f"Cumulative Laboratory Report – Patient {p.patient}", rng, "clinical")
    doctor = p.physician.replace("Dr. ", "")

    b.heading("1 Request")
    b.para(f"Requesting ward: {p.ward}. Sample collection on the morning of the day before release; "
           "transport at room temperature.")
    b.filler(2)
    b.chapters(["2 Specimen handling"], (2, 3))
    b.heading("3 Results")
    b.filler(1)
    fn_egfr = b.footnote("eGFR calculated with the CKD-EPI 2021 creatinine equation without race coefficient.")
    rows: list[list[Cell]] = [[cell(h) for h in HEADER]]
    values: list[dict[str, str]] = []
    prev = ""
    for spec, name, unit, lo, hi, dec in ANALYTES:
        span = hi - lo if hi > lo else hi
        x = rng.uniform(lo - 0.25 * span, hi + 0.35 * span) if rng.random() < 0.3 else rng.uniform(lo, hi)
        x = max(x, 0.0)
        value = _fmt(x, dec)
        flag = "H" if x > hi else ("L" if x < lo and lo > 0 else "")
        merge = ("restart" if spec != prev else "continue") if b.supports("merges") else None
        first = spec != prev
        prev = spec
        analyte = [name] if name != "eGFR" else ["eGFR", fn_egfr]
        rows.append([cell(spec, vmerge=merge), cell(*analyte), cell(value), cell(unit), cell(_range(lo, hi, dec)),
                     cell(flag)])
        values.append({"spec": spec, "name": name, "value": value, "unit": unit, "flag": flag, "first": str(first)})
    # A corrected potassium result (tracked) and the physician's comments.
    k_idx = next(i for i, v in enumerate(values) if v["name"] == "Potassium")
    k_new = values[k_idx]["value"]
    k_old = "6.8"
    crp_idx = next(i for i, v in enumerate(values) if v["name"] == "CRP")
    crp_note = "Rising CRP compared with the previous request; consider blood cultures if fever persists."
    dd_idx = next(i for i, v in enumerate(values) if v["name"] == "D-dimer")
    dd_note = "D-dimer is non-specific here; CT angiography only if the Wells score is above 4."
    if b.supports("revisions"):
        rows[k_idx + 1][2] = Cell((Del(k_old, p.technician, "2025-03-13"), Ins(k_new, p.technician, "2025-03-13")))
    if b.supports("comments"):
        rows[crp_idx + 1][2] = Cell((Com(values[crp_idx]["value"], p.physician, "2025-03-14", crp_note),))
        rows[dd_idx + 1][2] = Cell((Com(values[dd_idx]["value"], p.physician, "2025-03-14", dd_note),))
    b.table(rows)
    b.filler(1)
    b.heading("4 Interpretation")
    b.para("The liver enzymes ALT, AST and gamma-GT are within the reference intervals; there is no evidence of hepatocellular damage.")
    b.filler(2)
    b.heading("5 Methods")
    b.filler(3)
    b.para("Haematology parameters were measured by flow cytometry; coagulation tests by optical clot detection.")
    b.chapters(["6 Quality control", "7 Accreditation and reference intervals", "8 Notes on interpretation"], (2, 3))
    b.heading("9 Addendum")
    alt_late = f"{rng.randint(61, 95)}"
    b.para(f"ALT was re-measured from a fresh sample two days after release: {alt_late} U/L, above the reference interval; "
           "the interpretation in section 4 is superseded for ALT.")
    b.filler(1)

    who = f"patient {p.patient}"
    tail = [i for i in range(len(values) // 2, len(values)) if i not in (k_idx, crp_idx, dd_idx)]
    for i in rng.sample(tail, 3):
        v = values[i]
        b.ask("table_tail", f"What was the {v['name']} result of {who}?",
              f"{v['value']} {v['unit']}".strip() + (f" (flag {v['flag']})" if v["flag"] else ""),
              rows=[(v["name"], v["value"])], header=HEADER)
    low = [v for v in values if v["flag"] == "L"]
    if low:
        b.ask("table_multi", f"Which results of {who} are flagged low (L)?",
              "; ".join(f"{v['name']} {v['value']}" for v in low), rows=[(v["name"], v["value"], "L") for v in low],
              header=HEADER)
    if b.supports("merges"):
        cands = [i for i in tail if values[i]["first"] == "False"]
        for i in rng.sample(cands, 2):
            v = values[i]
            b.ask("table_merged", f"From which specimen was the {v['name']} of {who} determined, and what was the result?",
                  f"{v['spec']}; {v['value']} {v['unit']}".strip(), rows=[(v["name"], v["spec"], v["value"])], header=HEADER)
    if b.supports("revisions"):
        b.ask("revision", f"Was the potassium result of {who} corrected, and by whom?",
              f"Yes: {p.technician} corrected it from {k_old} to {k_new} mmol/L.",
              rows=[("Potassium", k_new, k_old)], header=HEADER,
              attribution=[(p.technician, k_new)])
    if b.supports("comments"):
        b.ask("comment", f"What did {p.physician} recommend regarding the CRP of {who}?", crp_note,
              evidence=["consider blood cultures if fever persists"],
              attribution=[(doctor, "consider blood cultures if fever persists")])
        b.ask("comment", f"What did {p.physician} remark about the D-dimer of {who}?", dd_note,
              evidence=["Wells score is above 4"], attribution=[(doctor, "Wells score is above 4")])
    b.ask("cross_section", f"Are the liver enzymes of {who} within normal limits?",
          f"The report says ALT, AST and gamma-GT are within range, but the addendum reports ALT re-measured at {alt_late} U/L, above the reference interval.",
          evidence=["within the reference intervals; there is no evidence of hepatocellular damage", f"{alt_late} U/L"])
    b.ask("footnote", f"Which equation was used to calculate the eGFR of {who}?", "CKD-EPI 2021 creatinine equation without race coefficient.",
          evidence=["CKD-EPI 2021 creatinine equation"])
    b.ask("plain", f"Which ward requested the laboratory tests of {who}?", p.ward, evidence=[f"Requesting ward: {p.ward}"])
    page = "header_footer" if b.supports("page_header") else "plain"
    b.ask(page, f"What is the report number of the laboratory report of {who}?", p.report,
          evidence=[f"Report No. {p.report}"])
    b.ask(page, f"Who released the laboratory report of {who}, and when?", f"{p.physician}, {p.released}.",
          evidence=[f"Released by {p.physician} on {p.released}"])
    return b.finish(header=f"Report No. {p.report} | Patient ID {p.patient} | {p.ward}",
                    footer=f"Released by {p.physician} on {p.released} | Central Laboratory, St. Aldhelm Hospital")
