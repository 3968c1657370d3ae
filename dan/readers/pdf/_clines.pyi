"""Types of the optional C loop over a page's characters (``_clines.pyx``; built by
``scripts/compile.py``)."""

from collections.abc import Callable

from dan.readers.pdf.values import Line

def lines(
    page: int,
    n: int,
    codes: list[int] | None,
    functions: tuple[int, ...],
    style: Callable[[int], tuple[bool, float]],
    make: Callable[..., Line],
    gap_fonts: float,
) -> list[Line]: ...
