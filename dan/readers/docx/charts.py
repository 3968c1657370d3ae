"""DrawingML charts as data: a chart's title and its cached series become a small table.

Word keeps each chart's numbers in the chart part (``c:chartSpace``: series names,
categories and values, cached beside the embedded workbook), so a question about a chart's
numbers can be answered from the text. Categories run down the first column, one column per
series; a chart without cached data gives its title only.
"""

from __future__ import annotations

from lxml import etree

from dan import model as m
from dan.readers.docx.ooxml import C

__all__ = ["MAX_CATEGORIES", "MAX_SERIES", "chart_blocks"]

#: Rows and columns a chart's table may have (a chart of thousands of points is a plot,
#: not a table: the rest is left out and the title says so).
MAX_CATEGORIES = 200
MAX_SERIES = 30
_A_T = "{http://schemas.openxmlformats.org/drawingml/2006/main}t"


def chart_blocks(root: etree._Element) -> list[m.Block]:
    """The title paragraph and data table of a parsed chart part (``c:chartSpace``)."""
    chart = root.find(C.chart)
    if chart is None:
        return []
    series = [_series(ser) for ser in chart.iter(C.ser)]
    series = [s for s in series if s[1] or s[2]]
    title = _title(chart) or (series[0][0] if len(series) == 1 else "")
    categories: list[int] = sorted({i for _, cats, vals in series for i in (*cats, *vals)})
    cut = len(categories) > MAX_CATEGORIES or len(series) > MAX_SERIES
    label = "Chart" + (f": {title}" if title else "")
    if cut:
        label += f" (first {min(len(categories), MAX_CATEGORIES)} categories and"
        label += f" {min(len(series), MAX_SERIES)} series of {len(categories)} and {len(series)})"
    out: list[m.Block] = [m.Paragraph((m.Text(label, bold=True),))]
    if not series:
        return out
    series = series[:MAX_SERIES]
    categories = categories[:MAX_CATEGORIES]
    names = [name or f"Series {n}" for n, (name, _, _) in enumerate(series, 1)]
    rows = [m.Row(tuple(_cell(t) for t in ["", *names]), header=True)]
    for idx in categories:
        first = next((cats[idx] for _, cats, _ in series if idx in cats), str(idx + 1))
        rows.append(
            m.Row(tuple(_cell(t) for t in [first, *(v.get(idx, "") for _, _, v in series)]))
        )
    return [*out, m.Table(tuple(rows))]


def _cell(text: str) -> m.Cell:
    return m.Cell((m.Paragraph((m.Text(text),)),) if text else ())


def _title(chart: etree._Element) -> str:
    title = chart.find(C.title)
    if title is None:
        return ""
    return " ".join("".join(t.text or "" for t in title.iter(_A_T, C.v)).split())


def _points(el: etree._Element | None) -> dict[int, str]:
    """The cached points under a ``c:cat``/``c:val``/``c:tx`` element: index → text."""
    out: dict[int, str] = {}
    if el is None:
        return out
    for pt in el.iter(C.pt):
        try:
            idx = int(pt.get("idx", ""))
        except ValueError:
            continue
        value = pt.find(C.v)
        if value is not None and value.text is not None and 0 <= idx < 1_000_000:
            out[idx] = " ".join(value.text.split())
    return out


def _series(ser: etree._Element) -> tuple[str, dict[int, str], dict[int, str]]:
    """A series' name, categories and values (scatter charts: x values as categories)."""
    tx = ser.find(C.tx)
    name = ""
    if tx is not None:
        name = next(iter(_points(tx).values()), "") or " ".join(
            "".join(v.text or "" for v in tx.iter(C.v)).split()
        )
    cats = _points(ser.find(C.cat)) or _points(ser.find(C.xVal))
    vals = _points(ser.find(C.val)) or _points(ser.find(C.yVal))
    return name, cats, vals
