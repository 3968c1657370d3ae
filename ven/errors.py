"""The one exception type ``ven`` raises."""

from __future__ import annotations

__all__ = ["VenError"]


class VenError(ValueError):
    """Raised for every error ``ven`` reports.

    ``index`` is the position of the offending record in the input (or ``None``) and
    ``field`` the name of the offending field (or ``None``), so a caller can point at the
    bad record without parsing the message.
    """

    def __init__(self, message: str, *, index: int | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.index = index
        self.field = field
