"""DrawingML charts: their title and cached data become a small table."""

from __future__ import annotations

import io
import zipfile

from docx_builder import make_docx, p, r

import dan
from dan.readers.docx.charts import MAX_CATEGORIES

C_NS = "http://schemas.openxmlformats.org/drawingml/2006/chart"
A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"
CHART_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/chart"


def drawing(rid: str) -> str:
    return (
        '<w:r><w:drawing><wp:inline><wp:docPr id="1" name="Chart 1"/>'
        f'<a:graphic xmlns:a="{A_NS}"><a:graphicData uri="{C_NS}">'
        f'<c:chart xmlns:c="{C_NS}" r:id="{rid}"/></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>'
    )


def chart_xml(title: str | None, series: list[tuple[str, list[str], list[str]]], kind: str = "barChart") -> bytes:
    def cache(tag: str, values: list[str], num: bool) -> str:
        ref, cache_tag = ("numRef", "numCache") if num else ("strRef", "strCache")
        pts = "".join(f'<c:pt idx="{i}"><c:v>{v}</c:v></c:pt>' for i, v in enumerate(values))
        return f"<c:{tag}><c:{ref}><c:f>Sheet1!A1</c:f><c:{cache_tag}><c:ptCount val='{len(values)}'/>{pts}</c:{cache_tag}></c:{ref}></c:{tag}>"

    sers = "".join(
        f"<c:ser><c:idx val='{n}'/>{cache('tx', [name], False)}{cache('cat', cats, False)}{cache('val', vals, True)}</c:ser>"
        for n, (name, cats, vals) in enumerate(series)
    )
    head = (
        f"<c:title><c:tx><c:rich><a:p><a:r><a:t>{title}</a:t></a:r></a:p></c:rich></c:tx></c:title>"
        if title
        else ""
    )
    return (
        f'<?xml version="1.0" encoding="UTF-8"?><c:chartSpace xmlns:c="{C_NS}" xmlns:a="{A_NS}">'
        f"<c:chart>{head}<c:plotArea><c:{kind}>{sers}</c:{kind}></c:plotArea></c:chart></c:chartSpace>"
    ).encode()


def with_charts(body: str, charts: dict[str, bytes]) -> bytes:
    src = zipfile.ZipFile(io.BytesIO(make_docx(body)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for item in src.infolist():
            data = src.read(item.filename)
            if item.filename == "word/_rels/document.xml.rels":
                extra = "".join(
                    f'<Relationship Id="{rid}" Type="{CHART_REL}" Target="charts/{rid}.xml"/>' for rid in charts
                )
                data = data.replace(b"</Relationships>", extra.encode() + b"</Relationships>")
            z.writestr(item, data)
        for rid, xml in charts.items():
            z.writestr(f"word/charts/{rid}.xml", xml)
    return out.getvalue()


SALES = [
    ("North", ["Q1", "Q2", "Q3"], ["120", "135.5", "150"]),
    ("South", ["Q1", "Q2", "Q3"], ["80", "95", "101"]),
]


def test_a_chart_becomes_its_title_and_a_table_of_its_data() -> None:
    body = p(r("Sales grew in every region.")) + p(drawing("rIdChart1")) + p(r("See above."))
    res = dan.convert(with_charts(body, {"rIdChart1": chart_xml("Sales by quarter", SALES)}), "docx")
    text = "\n".join(res.chunks)
    assert "**Chart: Sales by quarter**" in text
    assert "|  | North | South |" in text
    assert "| Q2 | 135.5 | 95 |" in text and "| Q3 | 150 | 101 |" in text
    assert text.index("Sales grew") < text.index("Chart: Sales") < text.index("See above")
    assert res.records[0]["ssTables"]  # the data is a table in the record, as any table


def test_a_single_series_names_an_untitled_chart_and_scatter_and_pie_work() -> None:
    pie = chart_xml(None, [("Market share", ["A", "B"], ["60", "40"])], kind="pieChart")
    res = dan.convert(with_charts(p(drawing("rIdPie")), {"rIdPie": pie}), "docx")
    text = "\n".join(res.chunks)
    assert "**Chart: Market share**" in text and "| A | 60 |" in text


def test_a_damaged_chart_is_skipped_with_a_warning_and_huge_charts_are_cut() -> None:
    res = dan.convert(with_charts(p(r("Text")) + p(drawing("rIdBad")), {"rIdBad": b"<c:chartSpace"}), "docx")
    assert "Text" in res.chunks[0]
    assert [w.code for w in res.warnings] == ["damaged-part"] and "chart" in res.warnings[0].message
    n = MAX_CATEGORIES + 50
    big = chart_xml("Daily load", [("kW", [f"d{i}" for i in range(n)], [str(i) for i in range(n)])])
    text = "\n".join(dan.convert(with_charts(p(drawing("rIdBig")), {"rIdBig": big}), "docx").chunks)
    assert f"first {MAX_CATEGORIES} categories" in text and f"| d{MAX_CATEGORIES - 1} |" in text
    assert f"| d{MAX_CATEGORIES} |" not in text
