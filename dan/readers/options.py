"""What a caller may ask of every reader besides limits (a reader ignores what it has no use
for)."""

from __future__ import annotations

from attrs import field, frozen

__all__ = ["DEFAULT_OPTIONS", "ReadOptions"]


def _tri_state(_instance: object, _attribute: object, value: bool | None) -> None:
    if value is not None and not isinstance(value, bool):
        from dan.errors import DanError

        raise DanError(f"main_content must be True, False or None (decide per page), got {value!r}")


@frozen(slots=True)
class ReadOptions:
    """``main_content``: for HTML, keep only a web page's main content (True), read the whole
    page (False), or decide by whether the page has site chrome (None, the default)."""

    main_content: bool | None = field(default=None, validator=_tri_state)


#: Every reader's default.
DEFAULT_OPTIONS = ReadOptions()
