"""Chunk information fields: the human-facing, renamable part of a record.

Each :class:`ChunkField` has a default label, which is both its key in the record and
the label the citation header shows. Labels are validated once, when set.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping

from dan.errors import DanError

__all__ = ["ChunkField", "DEFAULT_LABELS", "validate_labels"]


class ChunkField(enum.Enum):
    """The chunk information fields; the value is the default label."""

    DOC_TITLE = "doc_title"
    SECTION_PATH = "section_path"
    PAGE_RANGE = "page_range"
    CHUNK_TYPE = "chunk_type"
    HAS_TABLE = "has_table"
    HAS_REVISIONS = "has_revisions"
    HAS_COMMENTS = "has_comments"


DEFAULT_LABELS: Mapping[ChunkField, str] = {f: f.value for f in ChunkField}


def _field(key: ChunkField | str) -> ChunkField:
    if isinstance(key, ChunkField):
        return key
    if isinstance(key, str):
        for f in ChunkField:
            if key in (f.name, f.value, f.name.lower()):
                return f
    names = ", ".join(f.value for f in ChunkField)
    raise DanError(f"unknown chunk information field {key!r}: use a dan.ChunkField ({names})")


def validate_labels(
    overrides: Mapping[ChunkField | str, str] | None,
    base: Mapping[ChunkField, str] = DEFAULT_LABELS,
) -> dict[ChunkField, str]:
    """Return ``base`` updated with ``overrides``, every label checked.

    A label must be an identifier, must not start with ``ss`` and must be unique.
    """
    labels = dict(base)
    for key, label in (overrides or {}).items():
        f = _field(key)
        if not isinstance(label, str) or not label.isidentifier():
            raise DanError(
                f"label {label!r} for {f.value} must be a Python identifier (letters, digits, _)"
            )
        if label.startswith("ss"):
            raise DanError(
                f"label {label!r} for {f.value} must not start with 'ss' "
                "(reserved for fixed fields)"
            )
        labels[f] = label
    seen: dict[str, ChunkField] = {}
    for f, label in labels.items():
        if label in seen:
            raise DanError(
                f"label {label!r} is used for both {seen[label].value} and {f.value}: "
                "labels must be unique"
            )
        seen[label] = f
    return labels
