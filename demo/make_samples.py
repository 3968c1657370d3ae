"""Write the demo's sample collection into ``demo/samples/`` (committed; rerun to refresh).

Eight documents across the five formats dan reads, each small but real-looking:

* ``msa-northwind-cranepoint.docx`` — a services agreement under review: tracked
  changes and comments by two reviewers, a header with the document number, a footer,
  a footnote;
* ``price-list-2025.docx`` — a table-heavy price list (a long table with merged
  category cells that spans several chunks);
* ``operations-manual.md`` — a long manual with chapters, procedures and code;
* ``patient-summary.html`` — a clinical summary with a medication table;
* ``board-memo.rtf`` — a memo with a table and a tracked change;
* ``meeting-notes.txt`` — plain text notes;
* ``budget-2025.md`` and ``budget-2026-projection.html`` — a budget and next year's
  projection, for comparison questions.

Usage: ``python -m demo.make_samples``
"""

from __future__ import annotations

import io
import random
import zipfile
from pathlib import Path

from lxml import etree

try:
    import docx
except ImportError as exc:  # a maintainer's tool: python-docx is in the dev extra, not a runtime dependency
    raise SystemExit("python -m demo.make_samples needs python-docx: pip install -e '.[dev]'") from exc

OUT = Path(__file__).resolve().parent / "samples"
W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
W = "{%s}" % W_NS


def _revise(paragraph, insert: str, delete: str, author: str, date: str, rid: int) -> None:
    """Append a tracked deletion and insertion (by ``author``) to a python-docx paragraph."""
    p = paragraph._p
    if delete:
        d = etree.SubElement(p, W + "del", {W + "id": str(rid), W + "author": author, W + "date": date})
        r = etree.SubElement(d, W + "r")
        t = etree.SubElement(r, W + "delText")
        t.text = delete
        t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
    if insert:
        i = etree.SubElement(p, W + "ins", {W + "id": str(rid + 1), W + "author": author, W + "date": date})
        r = etree.SubElement(i, W + "r")
        t = etree.SubElement(r, W + "t")
        t.text = insert
        t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")


def _footnote_ref(paragraph, note_id: int) -> None:
    r = etree.SubElement(paragraph._p, W + "r")
    rpr = etree.SubElement(r, W + "rPr")
    etree.SubElement(rpr, W + "vertAlign", {W + "val": "superscript"})
    etree.SubElement(r, W + "footnoteReference", {W + "id": str(note_id)})


def _add_footnotes(data: bytes, notes: dict[int, str]) -> bytes:
    src = zipfile.ZipFile(io.BytesIO(data))
    files = {i.filename: src.read(i) for i in src.infolist()}
    body = "".join(
        f'<w:footnote w:id="{nid}"><w:p><w:r><w:footnoteRef/></w:r><w:r><w:t xml:space="preserve"> {text}</w:t></w:r></w:p></w:footnote>'
        for nid, text in notes.items()
    )
    files["word/footnotes.xml"] = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:footnotes xmlns:w="{W_NS}">'
        '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>'
        '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>'
        f"{body}</w:footnotes>"
    ).encode()
    rels = files["word/_rels/document.xml.rels"].decode().replace(
        "</Relationships>",
        '<Relationship Id="rIdFootnotes1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/></Relationships>',
    )
    files["word/_rels/document.xml.rels"] = rels.encode()
    files["[Content_Types].xml"] = (
        files["[Content_Types].xml"]
        .decode()
        .replace(
            "</Types>",
            '<Override PartName="/word/footnotes.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.footnotes+xml"/></Types>',
        )
        .encode()
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, content in files.items():
            z.writestr(name, content)
    return out.getvalue()


def contract() -> bytes:
    d = docx.Document()
    d.core_properties.title = "Master Services Agreement — Northwind Traders and CranePoint Manufacturing"
    sec = d.sections[0]
    sec.header.paragraphs[0].text = "Contract C-2025-017 · Revision B · Draft for negotiation"
    sec.footer.paragraphs[0].text = "Confidential — Northwind Traders Ltd. and CranePoint Manufacturing Co."
    d.add_paragraph("Master Services Agreement", style="Title")
    d.add_paragraph(
        "This Master Services Agreement is made between Northwind Traders Ltd., Port Haven (the Customer), "
        "and CranePoint Manufacturing Co., Austin (the Supplier)."
    )
    d.add_heading("1. Definitions", level=1)
    d.add_paragraph("“Services” means the spindle bearing refurbishment services described in Schedule A.")
    d.add_paragraph("“Business Day” means a day other than a Saturday, Sunday or public holiday in Port Haven.")
    d.add_heading("2. Term", level=1)
    p = d.add_paragraph("The Agreement starts on 1 March 2025 and runs for ")
    _revise(p, "thirty-six (36) months", "twenty-four (24) months", "Mary Hoffins", "2025-02-10T09:30:00Z", 101)
    p.add_run(", unless terminated earlier under clause 9.")
    d.add_heading("3. Fees and payment", level=1)
    p = d.add_paragraph("The Customer pays each undisputed invoice within ")
    _revise(p, "forty-five (45) days (Net-45)", "thirty (30) days", "Jonathan Reyes", "2025-02-11T14:05:00Z", 201)
    p.add_run(" of receipt.")
    _footnote_ref(p, 1)
    p = d.add_paragraph("Late payments bear interest at 1.5% per month. ")
    run = p.add_run("The Supplier may suspend the Services after a second reminder.")
    d.add_comment(run, text="Suspension is too aggressive; propose 30 days' notice instead.", author="Mary Hoffins", initials="MH")
    d.add_heading("4. Service levels", level=1)
    t = d.add_table(rows=4, cols=3)
    t.style = "Table Grid"
    for i, row in enumerate(
        [("Service", "Target", "Credit if missed"), ("Bearing refurbishment", "10 Business Days", "5% of monthly fee"),
         ("Emergency repair", "48 hours", "10% of monthly fee"), ("Quarterly report", "15 days after quarter end", "none")]
    ):
        for j, value in enumerate(row):
            t.cell(i, j).text = value
    d.add_heading("5. Warranty", level=1)
    p = d.add_paragraph("Refurbished parts are warranted for ")
    _revise(p, "eighteen (18) months", "twelve (12) months", "Mary Hoffins", "2025-02-12T08:00:00Z", 301)
    p.add_run(" from delivery.")
    run = p.add_run(" The warranty excludes damage from improper installation.")
    d.add_comment(run, text="Legal: define 'improper installation' in clause 1.", author="Jonathan Reyes", initials="JR")
    d.add_heading("6. Liability", level=1)
    d.add_paragraph(
        "Each party's total liability under this Agreement is capped at the fees paid in the twelve months before the claim, "
        "except for breach of confidentiality, gross negligence or wilful misconduct."
    )
    d.add_heading("9. Termination", level=1)
    p = d.add_paragraph("Either party may terminate for convenience on ")
    _revise(p, "ninety (90)", "sixty (60)", "Jonathan Reyes", "2025-02-13T16:20:00Z", 401)
    p.add_run(" days' written notice. Signed for the Customer by Dr. Anita Patel, President.")
    buf = io.BytesIO()
    d.save(buf)
    return _add_footnotes(buf.getvalue(), {1: "Net-45 matches the Customer's standard payment policy FIN-7."})


def price_list() -> bytes:
    rng = random.Random(2025)
    d = docx.Document()
    d.core_properties.title = "CranePoint Price List 2025"
    d.add_heading("CranePoint Manufacturing Co. — Price List 2025", level=1)
    d.add_paragraph("Prices in EUR, excluding VAT, valid 1 January to 31 December 2025. Volume discounts in section 3.")
    d.add_heading("1. Parts and services", level=1)
    categories = [("Spindle bearings", 34), ("Gearboxes", 30), ("Hydraulic pumps", 26), ("Control units", 22), ("Field service", 12)]
    singular = {"Spindle bearings": "Spindle bearing", "Gearboxes": "Gearbox", "Hydraulic pumps": "Hydraulic pump",
                "Control units": "Control unit", "Field service": "Service package"}
    rows = sum(n for _, n in categories) + 1
    t = d.add_table(rows=rows, cols=5)
    t.style = "Table Grid"
    for j, name in enumerate(("Category", "Part number", "Description", "Unit price (EUR)", "Lead time")):
        t.cell(0, j).text = name
    r = 1
    for cat, n in categories:
        first = r
        for k in range(n):
            t.cell(r, 1).text = f"{cat[:2].upper()}-{1000 + 17 * k + len(cat)}"
            model = f"{chr(65 + k % 26)}{k // 26 + 1}{rng.randint(10, 99)}"
            t.cell(r, 2).text = f"{singular[cat]} model {model}, {rng.choice(['standard', 'heavy duty', 'compact', 'high speed'])}"
            t.cell(r, 3).text = f"{rng.randint(80, 4800)}.{rng.choice(['00', '50', '90'])}"
            t.cell(r, 4).text = f"{rng.randint(2, 9)} weeks"
            r += 1
        merged = t.cell(first, 0).merge(t.cell(r - 1, 0))
        merged.text = cat
    d.add_heading("2. Terms", level=1)
    d.add_paragraph("Orders below EUR 500 carry a handling fee of EUR 35. Lead times are from order confirmation.")
    d.add_heading("3. Volume discounts", level=1)
    t = d.add_table(rows=4, cols=2)
    t.style = "Table Grid"
    for i, row in enumerate([("Annual volume (EUR)", "Discount"), ("10,000 – 49,999", "3%"), ("50,000 – 199,999", "6%"), ("200,000 and above", "9%")]):
        for j, value in enumerate(row):
            t.cell(i, j).text = value
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


MANUAL_TOPICS = [
    ("Safety", ["Lockout and tagout", "Personal protective equipment", "Hazardous materials", "Emergency stop circuits"]),
    ("Installation", ["Site preparation", "Mounting the spindle", "Electrical connection", "Coolant supply", "Commissioning"]),
    ("Operation", ["Start-up sequence", "Normal operation", "Tool changes", "Speed and feed limits", "Shutdown"]),
    ("Maintenance", ["Daily checks", "Weekly checks", "Lubrication schedule", "Bearing replacement", "Belt tension"]),
    ("Calibration", ["Runout measurement", "Thermal compensation", "Encoder alignment", "Acceptance test"]),
    ("Spare parts", ["Recommended stock", "Ordering", "Storage conditions"]),
    ("Troubleshooting", ["Vibration alarms", "Overheating", "Noise", "Error codes"]),
    ("Decommissioning", ["Draining fluids", "Disposal", "Records"]),
]


def manual() -> str:
    rng = random.Random(11)
    verbs = ["check", "inspect", "clean", "tighten", "record", "verify", "replace", "lubricate"]
    parts = ["the spindle housing", "the coolant filter", "the drive belt", "the bearing seals", "the control cabinet",
             "the pressure gauge", "the emergency stop", "the guard interlock"]
    out = ["# CranePoint CX-400 Spindle Unit — Operations Manual", "",
           "This manual covers installation, operation and maintenance of the CX-400 spindle unit. "
           "Read chapter 1 before working on the machine.", ""]
    for c, (chapter, sections) in enumerate(MANUAL_TOPICS, 1):
        out += [f"# {c}. {chapter}", ""]
        for s, section in enumerate(sections, 1):
            out += [f"## {c}.{s} {section}", ""]
            for _ in range(7):
                sentences = [f"{rng.choice(verbs).capitalize()} {rng.choice(parts)} {rng.choice(['every shift', 'weekly', 'before start-up', 'after 500 operating hours'])}." for _ in range(6)]
                out += [" ".join(sentences), ""]
            out += [f"{i}. {rng.choice(verbs).capitalize()} {rng.choice(parts)}." for i in range(1, 5)] + [""]
        if chapter == "Troubleshooting":
            out += ["| Code | Meaning | Action |", "|---|---|---|"]
            for code in range(101, 131):
                out.append(f"| E{code} | {rng.choice(['Spindle overload', 'Low coolant', 'Bearing temperature high', 'Encoder fault', 'Door open'])} | "
                           f"{rng.choice(['Stop and inspect', 'Refill coolant', 'Reduce feed rate', 'Call service', 'Close guard'])} |")
            out += ["", "Error E117 (bearing temperature high) means the spindle bearings exceed 85 °C: stop the unit and "
                    "let it cool for 30 minutes before restarting.", ""]
        if chapter == "Maintenance":
            out += ["```", "LUBE-SCHEDULE CX-400", "  grease: Shell Gadus S2 V220", "  interval_h: 500", "  amount_g: 12", "```", ""]
    return "\n".join(out)


PATIENT = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Patient Summary — Jonathan Miller</title>
<style>.hidden{display:none}</style><script>var tracking = 1;</script></head>
<body><nav><a href="/">Home</a> | <a href="/patients">Patients</a></nav>
<main>
<h1>Patient Summary — Jonathan Miller</h1>
<p>Date of birth: 14 May 1961. Attending physician: <strong>Dr. Anita Patel</strong>, St. Petersburg Medical Center, Rm 118.</p>
<h2>Diagnoses</h2>
<ul><li>Type 2 diabetes mellitus, diagnosed 2016</li><li>Essential hypertension</li><li>Mild chronic kidney disease (stage 2)</li></ul>
<h2>Current medication</h2>
<table><thead><tr><th>Drug</th><th>Dose</th><th>Schedule</th><th>Prescribed by</th></tr></thead>
<tbody>
<tr><td>Metformin</td><td>1000 mg</td><td>twice daily with meals</td><td>Dr. Anita Patel</td></tr>
<tr><td>Lisinopril</td><td>10 mg</td><td>once daily</td><td>Dr. Anita Patel</td></tr>
<tr><td>Amlodipine</td><td>5 mg</td><td>once daily, evening</td><td>Dr. Samuel Ortiz</td></tr>
<tr><td>Atorvastatin</td><td>20 mg</td><td>once daily</td><td>Dr. Samuel Ortiz</td></tr>
</tbody></table>
<h2>Latest laboratory results (3 March 2025)</h2>
<table><tr><th>Test</th><th>Result</th><th>Reference range</th></tr>
<tr><td>HbA1c</td><td>7.4 %</td><td>&lt; 7.0 %</td></tr>
<tr><td>eGFR</td><td>68 mL/min/1.73 m²</td><td>&gt; 90</td></tr>
<tr><td>LDL cholesterol</td><td>2.1 mmol/L</td><td>&lt; 2.6</td></tr>
<tr><td>Blood pressure</td><td colspan="2">138/86 mmHg (target below 130/80)</td></tr>
</table>
<h2>Plan</h2>
<p>Continue Metformin; <del cite="Dr. Anita Patel" datetime="2025-03-04">increase Lisinopril to 20 mg</del>
<ins cite="Dr. Anita Patel" datetime="2025-03-04">keep Lisinopril at 10 mg and recheck potassium</ins>.
Review in three months. <em>Patient prefers morning appointments.</em></p>
<p class="hidden">internal billing code 99214</p>
</main>
<footer>St. Petersburg Medical Center · Patient portal</footer>
</body></html>
"""

MEMO_RTF = r"""{\rtf1\ansi\ansicpg1252\deff0{\fonttbl{\f0 Calibri;}}
{\*\revtbl{Unknown;}{Mary Hoffins;}}
{\info{\title Board memo: supplier consolidation}}
\pard\b Board memo: supplier consolidation\b0\par
\pard To: the Board of Northwind Traders Ltd.\par
From: Jonathan Reyes, Head of Procurement\par
\pard\par
\b 1. Recommendation\b0\par
We recommend consolidating spindle and gearbox suppliers to CranePoint Manufacturing Co. from Q3 2025. The expected saving is
 {\revised\revauth1\revdttm0 EUR 410,000}{\deleted\revauthdel1\revdttmdel0 EUR 380,000} per year.\par
\b 2. Supplier comparison\b0\par
\trowd\cellx3000\cellx6000\cellx9000
\intbl\b Supplier\b0\cell\b Annual spend (EUR)\b0\cell\b On-time delivery\b0\cell\row
\trowd\cellx3000\cellx6000\cellx9000
\intbl CranePoint Manufacturing Co.\cell 2,150,000\cell 96%\cell\row
\trowd\cellx3000\cellx6000\cellx9000
\intbl Apex Gears GmbH\cell 940,000\cell 88%\cell\row
\trowd\cellx3000\cellx6000\cellx9000
\intbl Delta Hydraulics\cell 610,000\cell 91%\cell\row
\pard\par
\b 3. Risks\b0\par
Single-sourcing risk is mitigated by the 90-day termination for convenience clause in contract C-2025-017 and by keeping Apex Gears GmbH as a qualified backup supplier.\par
}
"""

NOTES = """Weekly operations meeting — 6 March 2025
Attendees: Mary Hoffins (Legal), Jonathan Reyes (Procurement), Dr. Anita Patel (President), Lee Wong (Operations)

1. Contract C-2025-017 with CranePoint
Mary reported that the term is now 36 months and payment terms Net-45 are agreed in principle.
Open point: the suspension clause in section 3. Jonathan will send a counter-proposal by Friday.

2. Maintenance backlog
Lee said the CX-400 units in hall B show error E117 about twice a week. Bearings are being replaced
under warranty. Spare bearings are on order (part SP-1031, lead time 4 weeks).

3. Budget
The 2026 projection assumes a 6% volume discount from CranePoint. Dr. Patel asked for a comparison
with the 2025 budget before the April board meeting.

Next meeting: 13 March 2025.
"""

BUDGET_2025 = """# Operations Budget 2025

Approved by the Board on 12 December 2024. Amounts in EUR thousands.

## Summary

| Line | 2024 actual | 2025 budget | Change |
|---|---|---|---|
| Spare parts | 1,840 | 1,950 | +6.0% |
| Field service | 620 | 640 | +3.2% |
| Equipment leases | 410 | 410 | 0.0% |
| Training | 95 | 120 | +26.3% |
| **Total** | **2,965** | **3,120** | **+5.2%** |

## Assumptions

- Spare parts prices rise 4% on average (CranePoint price list 2025).
- Two additional CX-400 units enter service in hall B in May 2025.
- Training covers the new lockout and tagout procedure for all 48 operators.

## Risks

Supplier consolidation may change the spare parts line; see the board memo on supplier consolidation.
"""

BUDGET_2026 = """<!doctype html><html><head><title>Operations Budget 2026 — Projection</title></head><body>
<article>
<h1>Operations Budget 2026 — Projection</h1>
<p>Draft prepared by Procurement, 5 March 2025. Amounts in EUR thousands.</p>
<h2>Projection</h2>
<table>
<tr><th>Line</th><th>2025 budget</th><th>2026 projection</th><th>Change</th></tr>
<tr><td>Spare parts</td><td>1,950</td><td>1,790</td><td>-8.2%</td></tr>
<tr><td>Field service</td><td>640</td><td>660</td><td>+3.1%</td></tr>
<tr><td>Equipment leases</td><td>410</td><td>380</td><td>-7.3%</td></tr>
<tr><td>Training</td><td>120</td><td>80</td><td>-33.3%</td></tr>
<tr><td><b>Total</b></td><td><b>3,120</b></td><td><b>2,910</b></td><td><b>-6.7%</b></td></tr>
</table>
<h2>Drivers</h2>
<ul>
<li>Consolidation to CranePoint Manufacturing Co. with a 6% volume discount lowers spare parts.</li>
<li>One equipment lease ends in June 2026.</li>
<li>Training returns to the normal level after the 2025 lockout/tagout programme.</li>
</ul>
</article>
</body></html>
"""


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "msa-northwind-cranepoint.docx").write_bytes(contract())
    (OUT / "price-list-2025.docx").write_bytes(price_list())
    (OUT / "operations-manual.md").write_text(manual(), encoding="utf-8")
    (OUT / "patient-summary.html").write_text(PATIENT, encoding="utf-8")
    (OUT / "board-memo.rtf").write_text(MEMO_RTF, encoding="cp1252")
    (OUT / "meeting-notes.txt").write_text(NOTES, encoding="utf-8")
    (OUT / "budget-2025.md").write_text(BUDGET_2025, encoding="utf-8")
    (OUT / "budget-2026-projection.html").write_text(BUDGET_2026, encoding="utf-8")


if __name__ == "__main__":
    main()

