"""Types of the optional C walk (``_cwalk.pyx``; built by ``scripts/compile.py``)."""

from typing import Any

from lxml import etree

def simple_runs(
    p: etree._Element,
) -> tuple[etree._Element | None, list[tuple[int, Any, bool | None, bool | None, str]]] | None: ...
def table_rows(
    tbl: etree._Element,
) -> list[tuple[bool, int, bool, list[tuple[etree._Element, int, str]]]]: ...
