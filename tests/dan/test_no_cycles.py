"""A conversion leaves no reference cycles behind: what the readers build is freed by
reference counting as soon as the conversion drops it.

Cyclic garbage is freed only by the collector, which ``dan.convert`` pauses; its first pass
after the conversion would walk every object of the page tree or reader state (tens of
milliseconds a megabyte, about a tenth of an RTF or HTML conversion). A few hundred
objects of a reader's fixed machinery are allowed; a document's worth is not.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

import dan
from dan.native import compiled_modules

SAMPLES = Path(__file__).resolve().parents[2] / "demo" / "samples"
PDF = Path(__file__).resolve().parents[1] / "data" / "pdf"


def _rows(n: int) -> Iterator[str]:
    for i in range(n):
        yield f"Item {i}. Paragraph with **bold** and *italic* text, clause {i % 9 + 1}."


def _documents() -> dict[str, tuple[bytes, str]]:
    rows = list(_rows(400))
    html = "<html><body><nav><a href='/'>Home</a></nav><main>" + "".join(
        f"<h2>Part {i}</h2><p>{r}</p><table><tr><td>a{i}</td><td>b</td></tr></table>" for i, r in enumerate(rows)
    ) + "</main></body></html>"
    md = "\n\n".join(f"## Part {i}\n\n{r}\n\n| a | b |\n|---|---|\n| {i} | x |" for i, r in enumerate(rows))
    rtf = "{\\rtf1\\ansi " + "".join(
        f"{{\\b Part {i}}}\\par {r}\\par\\trowd\\cellx1000\\cellx2000 a{i}\\cell b\\cell\\row " for i, r in enumerate(rows)
    ) + "}"
    docs = {
        "html": (html.encode(), "html"),
        "markdown": (md.encode(), "markdown"),
        "rtf": (rtf.encode(), "rtf"),
        "text": ("\n\n".join(rows).encode(), "text"),
        "docx": ((SAMPLES / "msa-northwind-cranepoint.docx").read_bytes(), "docx"),
    }
    pdfs = sorted(PDF.glob("*.pdf"))
    if pdfs:
        docs["pdf"] = (pdfs[0].read_bytes(), "pdf")
    return docs


@pytest.mark.parametrize("max_tokens", [1024, 40])
@pytest.mark.parametrize("fmt", ["html", "markdown", "rtf", "text", "docx", "pdf"])
def test_a_conversion_leaves_no_cyclic_garbage(fmt: str, max_tokens: int) -> None:
    docs = _documents()
    if fmt not in docs:
        pytest.skip("no PDF under tests/data/pdf")
    if max_tokens < 100 and "dan.pipeline.splitter" in compiled_modules():
        # Known: compiled, the splitter's nested helpers share an environment with the
        # function that made them (a small cycle for each unit it cuts).
        pytest.skip("the compiled splitter's nested helpers form small cycles when cutting units")
    data, doc_type = docs[fmt]
    dan.convert(data, doc_type=doc_type, max_tokens=max_tokens)  # (first use: imports, caches)
    was = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        res = dan.convert(data, doc_type=doc_type, max_tokens=max_tokens)
        left = gc.collect()
    finally:
        if was:
            gc.enable()
    assert res.chunks
    assert left < 500, f"{left} objects of a {fmt} conversion were freed only by the cyclic collector"
