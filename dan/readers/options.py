"""What a caller may ask of every reader besides limits (a reader ignores what it has no use
for)."""

from __future__ import annotations

from attrs import field, frozen

__all__ = ["DEFAULT_OPTIONS", "ReadOptions"]


def _tri_state(_instance: object, _attribute: object, value: bool | None) -> None:
    if value is not None and not isinstance(value, bool):
        from dan.errors import DanError

        raise DanError(f"main_content must be True, False or None (decide per page), got {value!r}")


def _ocr_mode(_instance: object, _attribute: object, value: object) -> None:
    if value not in ("auto", "off"):
        from dan.errors import DanError

        raise DanError(f"ocr must be 'auto' or 'off', got {value!r}")


def _flag(_instance: object, attribute: object, value: object) -> None:
    if not isinstance(value, bool):
        from dan.errors import DanError

        name = getattr(attribute, "name", "option")
        raise DanError(f"{name} must be True or False, got {value!r}")


@frozen(slots=True)
class ReadOptions:
    """``main_content``: for HTML, keep only a web page's main content (True), read the whole
    page (False), or decide by whether the page has site chrome (None, the default).
    ``link_targets``: keep hyperlinks' targets, written as Markdown links (True, the
    default), or only their text (False, for callers who count every token).
    ``keep_hidden``: keep a workbook's hidden sheets, rows and columns, each marked
    ``(hidden ...)`` (True), or leave them out (False, the default).
    ``ocr``: read PDF pages without a text layer, and images, by OCR when the ``ocr`` extra
    is installed (``"auto"``, the default), or never (``"off"``)."""

    main_content: bool | None = field(default=None, validator=_tri_state)
    link_targets: bool = field(default=True, validator=_flag)
    keep_hidden: bool = field(default=False, validator=_flag)
    ocr: str = field(default="auto", validator=_ocr_mode)


#: Every reader's default.
DEFAULT_OPTIONS = ReadOptions()
