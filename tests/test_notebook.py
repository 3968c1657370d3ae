"""The walkthrough notebook executes offline from top to bottom, from a directory other
than demo/ (it reaches the samples through demo.samples)."""

from __future__ import annotations

from pathlib import Path

import pytest

nbclient = pytest.importorskip("nbclient")
nbformat = pytest.importorskip("nbformat")

NOTEBOOK = Path(__file__).resolve().parents[1] / "demo" / "notebook.ipynb"


def test_notebook_runs(tmp_path):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3", resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    outputs = "".join(
        out.get("text", "") + str(out.get("data", {}).get("text/plain", ""))
        for cell in nb.cells
        if cell.cell_type == "code"
        for out in cell.get("outputs", [])
    )
    assert "Jonathan Reyes" in outputs and "[DOC " in outputs and "enrichment tokens" in outputs
    assert not any(out.get("output_type") == "error" for cell in nb.cells for out in cell.get("outputs", []))
    # the result shows itself as its HTML view (chunks beside records), not as a raw repr
    view = next(c for c in nb.cells if c.cell_type == "code" and c.source.startswith("res "))
    html = "".join(str(out.get("data", {}).get("text/html", "")) for out in view.outputs)
    assert "<table" in html and "Northwind" in html
