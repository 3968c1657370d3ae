"""The same content authored as DOCX (python-docx) and as HTML gives the same chunks.

Documented differences, which the test neutralises: the title (DOCX core properties vs
HTML <title>: both are passed explicitly here) and the document id (derived from the
bytes: passed explicitly). Pages agree because neither file carries rendered pages.
"""

from __future__ import annotations

import io

import docx as pydocx
from lxml import etree

import dan

W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"


def _revise(paragraph, kind: str, text: str, author: str, date: str, rid: int) -> None:
    el = etree.SubElement(paragraph._p, W + kind, {W + "id": str(rid), W + "author": author, W + "date": date})
    run = etree.SubElement(el, W + "r")
    t = etree.SubElement(run, W + ("delText" if kind == "del" else "t"))
    t.text = text
    t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")


def authored_as_docx() -> bytes:
    d = pydocx.Document()
    d.add_heading("Quarterly review", level=1)
    p = d.add_paragraph("Revenue grew ")
    p.add_run("twelve percent").bold = True
    p.add_run(" in the ")
    p.add_run("third").italic = True
    p.add_run(" quarter.")
    p = d.add_paragraph("Payment is due in ")
    _revise(p, "del", "60", "Ann Lee", "2024-03-01T10:00:00Z", 1)
    _revise(p, "ins", "30", "Ann Lee", "2024-03-01T10:00:00Z", 2)
    p.add_run(" days.")
    d.add_paragraph("Open items:")
    d.add_paragraph("Hire two engineers", style="List Bullet")
    d.add_paragraph("Renew the lease", style="List Bullet")
    d.add_paragraph("Collect invoices", style="List Number")
    d.add_paragraph("Close the books", style="List Number")
    t = d.add_table(rows=4, cols=3)
    for i, row in enumerate([("Region", "Q1", "Q2"), ("North", "1,200", "1,300"), ("South", "950", "990"), ("Total", "", "")]):
        for j, v in enumerate(row):
            t.cell(i, j).text = v
    t.cell(1, 0).merge(t.cell(2, 0)).text = "Domestic"
    t.cell(3, 1).merge(t.cell(3, 2)).text = "4,440"
    d.add_heading("Outlook", level=1)
    d.add_paragraph("Demand stays strong.")
    buf = io.BytesIO()
    d.save(buf)
    return buf.getvalue()


AUTHORED_AS_HTML = """<!doctype html><html><head><title>ignored</title></head><body>
<h1>Quarterly review</h1>
<p>Revenue grew <b>twelve percent</b> in the <i>third</i> quarter.</p>
<p>Payment is due in <del cite="Ann Lee" datetime="2024-03-01T10:00:00Z">60</del><ins cite="Ann Lee" datetime="2024-03-01T10:00:00Z">30</ins> days.</p>
<p>Open items:</p>
<ul><li>Hire two engineers</li><li>Renew the lease</li></ul>
<ol><li>Collect invoices</li><li>Close the books</li></ol>
<table>
<tr><td>Region</td><td>Q1</td><td>Q2</td></tr>
<tr><td rowspan="2">Domestic</td><td>1,200</td><td>1,300</td></tr>
<tr><td>950</td><td>990</td></tr>
<tr><td>Total</td><td colspan="2">4,440</td></tr>
</table>
<h1>Outlook</h1>
<p>Demand stays strong.</p>
</body></html>"""


def test_docx_and_html_authoring_give_the_same_chunks():
    for limit in (1024, 64):
        a = dan.convert(authored_as_docx(), doc_title="Q3", doc_id="X1", max_tokens=limit)
        b = dan.convert_string(AUTHORED_AS_HTML, doc_type="html", doc_title="Q3", doc_id="X1", max_tokens=limit)
        assert a.chunks == b.chunks
        assert a.records == b.records
    text = "\n".join(a.chunks)
    assert "{--60--}{>>rev: Ann Lee, 2024-03-01<<}{++30++}{>>rev: Ann Lee, 2024-03-01<<}" in text
    assert "| Domestic | 950 | 990 |" in text and "| Total | 4,440 | ← |" in text
