"""The names hook's return value: names and terms found in one chunk."""

from __future__ import annotations

from collections.abc import Iterable

from attrs import field, frozen

from dan.errors import DanError

__all__ = ["Names"]


def _strings(value: Iterable[str] | None) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, (str, bytes)):
        raise DanError(
            f"Names fields are sequences of str, not a single string ({value!r}): wrap it in a list"
        )
    out = []
    for item in value:
        if not isinstance(item, str):
            raise DanError(f"Names fields hold str items, got {type(item).__name__}: {item!r}")
        out.append(item)
    return tuple(out)


@frozen(slots=True)
class Names:
    """Person, organisation and place names and important terms a names hook found in a chunk.

    Each field is a sequence of str (``None`` means none). ``dan`` stores them in the
    chunk's ``ssPersons``/``ssOrgs``/``ssPlaces``/``ssTerms`` and ``ven`` puts them in
    the index document, where they help a router pick the right file.
    """

    persons: tuple[str, ...] = field(default=(), converter=_strings)
    orgs: tuple[str, ...] = field(default=(), converter=_strings)
    places: tuple[str, ...] = field(default=(), converter=_strings)
    terms: tuple[str, ...] = field(default=(), converter=_strings)
