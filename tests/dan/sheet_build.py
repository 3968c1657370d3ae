"""Hand-made XLSX packages for the tests (what openpyxl cannot write: cached formula values,
Strict namespaces, hostile claims). Each part is given as text; the package is zipped here."""

from __future__ import annotations

import io
import zipfile

S_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_PR = "http://schemas.openxmlformats.org/package/2006/relationships"
_OD = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def xlsx(sheet_data: str, *, extra_sheet_xml: str = "", shared: list[str] | None = None,
         styles: str = "", main_ns: str = S_NS, workbook_rels: str = "", sheet_rels: str = "",
         extra: dict[str, str] | None = None) -> bytes:
    """A one-sheet workbook: ``sheet_data`` is the ``<sheetData>`` content."""
    files = {
        "[Content_Types].xml": (
            '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
            'content-types"></Types>'
        ),
        "_rels/.rels": (
            f'<Relationships xmlns="{_PR}"><Relationship Id="r1" '
            f'Type="{_OD}/officeDocument" Target="xl/workbook.xml"/></Relationships>'
        ),
        "xl/workbook.xml": (
            f'<workbook xmlns="{main_ns}" xmlns:r="{R_NS}"><sheets>'
            '<sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>'
        ),
        "xl/_rels/workbook.xml.rels": (
            f'<Relationships xmlns="{_PR}">'
            f'<Relationship Id="rId1" Type="{_OD}/worksheet" Target="worksheets/sheet1.xml"/>'
            f'<Relationship Id="rId2" Type="{_OD}/sharedStrings" Target="sharedStrings.xml"/>'
            f'<Relationship Id="rId3" Type="{_OD}/styles" Target="styles.xml"/>'
            f"{workbook_rels}</Relationships>"
        ),
        "xl/worksheets/sheet1.xml": (
            f'<worksheet xmlns="{main_ns}">{extra_sheet_xml}<sheetData>{sheet_data}'
            "</sheetData></worksheet>"
        ),
        "xl/sharedStrings.xml": f'<sst xmlns="{main_ns}">'
        + "".join(f"<si><t>{s}</t></si>" for s in (shared or []))
        + "</sst>",
        "xl/styles.xml": f'<styleSheet xmlns="{main_ns}">{styles}</styleSheet>',
        **(extra or {}),
    }
    if sheet_rels:
        files["xl/worksheets/_rels/sheet1.xml.rels"] = f'<Relationships xmlns="{_PR}">{sheet_rels}</Relationships>'
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, text in files.items():
            zf.writestr(name, text)
    return buf.getvalue()
