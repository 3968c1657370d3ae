"""Cross-references between the units of an extract: what a sentence refers to, and what
refers to it.

An answer often takes two sentences of one document: the rule and its exception
("Notwithstanding section 2, …"), or a sentence and the clause it points at ("measured as set
out in clause 3.1"). Which sentences belong together is written in the document's
structure, not in the question: a unit *carries* labels (its own clause number, ``9.2 …``,
and the numbers and titles of the headings it stands under, from the passage's citation
line) and *mentions* labels (``clause 3.1``, ``section 2``, ``Schedule 3``), both as dan
reads them (:mod:`dan.pipeline.references`). Two units of one document are partners when one
mentions a label the other carries and does not carry itself, or when one uses a term the
other defines ("… five years from the Go-Live Date." and "“Go-Live Date” means …"), a term
few of the document's units use (:func:`with_definitions`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence

from attrs import evolve, frozen

from dan.pipeline.references import heading_labels, mentions, paragraph_label
from ven.schema import label_key

__all__ = [
    "UnitLabels", "defined_terms", "doc_title", "partners", "section_labels", "section_path", "unit_labels",
    "with_definitions",
]

_SECTION_PATH = re.compile(r"\bsection_path:\s*([^|\]]*)")
_DOC_TITLE = re.compile(r"^\[doc_title:\s*([^|\]]*)")
_PATH_SEPARATOR = " > "
#: A defined term links a unit to its definition only when at most this share of its
#: document's units in the context use it (and at least two may): "Confidential Information"
#: in a non-disclosure agreement is in nearly every sentence and points at nothing in
#: particular, "Go-Live Date" in two of them does.
SPECIFIC_SHARE = 0.1


@frozen(slots=True)
class UnitLabels:
    """The labels of one unit: the document it is in, its own label (its clause number or
    numbered item), the labels it carries (its own and its headings') and those it mentions
    (each as :func:`ven.schema.label_key` compares them)."""

    doc: str
    own: str | None
    carries: frozenset[str]
    mentions: frozenset[str]
    #: The terms the unit defines ("“Go-Live Date” means …") and the terms of its
    #: document's definitions it uses (:func:`with_definitions`).
    defines: frozenset[str] = frozenset()
    uses: frozenset[str] = frozenset()


def _citation_line(passage: str) -> str:
    """A passage's citation line (``[doc_title: … | section_path: … | …]``), or ""."""
    head = passage.lstrip()[:2000]
    return head.split("\n", 1)[0] if head.startswith("[") else ""


def doc_title(passage: str) -> str:
    """The title in a passage's citation line ("" without one)."""
    found = _DOC_TITLE.match(_citation_line(passage))
    return found.group(1).strip() if found else ""


def section_labels(passage: str, headings: Sequence[tuple[int, str]] = ()) -> frozenset[str]:
    """The labels the headings of a passage's section carry, from its citation line
    (``[doc_title: … | section_path: 1 General > 1.4 Definitions | …]``), where the passage
    starts; ``headings`` (level, title), the Markdown headings met in the passage before a
    unit, each replacing the path from its depth down ("## Annex B – Trade fairs" after a
    section path "Policy > 12 Validity" puts the unit in "Policy > 12 Validity > Annex B –
    Trade fairs" when "# Policy" is the document's top level). A heading's depth is its level
    counted from the document's top heading level: learnt from the first heading that names a
    part of the path (a passage that starts with its section's heading), else taken as 1."""
    return frozenset(label_key(lab) for part in section_path(passage, headings) for lab in heading_labels(part))


def section_path(passage: str, headings: Sequence[tuple[int, str]] = ()) -> list[str]:
    """The section path of a passage's unit (see :func:`section_labels`): its citation
    line's, with the headings met in the passage before the unit each replacing the path
    from its depth down."""
    found = _SECTION_PATH.search(_citation_line(passage))
    path = [p.strip() for p in found.group(1).split(_PATH_SEPARATOR)] if found is not None else []
    top = 1
    if headings:
        level, title = headings[0]
        names = [_name(p) for p in path]
        if _name(title) in names:
            top = level - names.index(_name(title))
    for level, title in headings:
        path = [*path[: max(level - top, 0)], title]
    return path


def _name(title: str) -> str:
    """A heading's title as compared with a citation path's part (emphasis and spacing aside)."""
    return " ".join(title.replace("*", " ").replace("_", " ").split()).casefold()


def unit_labels(unit: str, doc: str, in_section: frozenset[str]) -> UnitLabels:
    """The labels of ``unit`` (plain text) of document ``doc`` in a section carrying
    ``in_section``."""
    label = paragraph_label(unit)
    own = label_key(label) if label else None
    carries = in_section | ({own} if own else set())
    return UnitLabels(doc, own, frozenset(carries), frozenset(label_key(m) for m in mentions(unit)) - carries)


_DEFINES = re.compile(
    r"[“\"‘]([^”\"’\n]{2,60})[”\"’]\)?\s*(?:means|shall mean|shall have the meaning|has the meaning|is defined as)\b"
)


def defined_terms(unit: str) -> frozenset[str]:
    """The terms ``unit`` defines: a quoted term followed by *means*, *shall mean*, *has the
    meaning* or *is defined as* (the form contracts define their capitalised terms in)."""
    return frozenset(m.group(1).strip() for m in _DEFINES.finditer(unit))


def with_definitions(units: Sequence[str], labels: Sequence[UnitLabels]) -> list[UnitLabels]:
    """``labels`` with each unit's defined terms and the terms of its document's definitions
    (among ``units``) it uses, written as defined (case and all, a whole word), when few
    enough of the document's units use them (:data:`SPECIFIC_SHARE`)."""
    defs = [defined_terms(u) for u in units]
    by_doc: dict[str, set[str]] = {}
    for lab, d in zip(labels, defs):
        by_doc.setdefault(lab.doc, set()).update(d)
    if not by_doc or not any(by_doc.values()):
        return list(labels)
    used = [frozenset(t for t in by_doc[lab.doc] - d if t in u and re.search(rf"(?<!\w){re.escape(t)}(?!\w)", u))
            for u, lab, d in zip(units, labels, defs)]
    users: Counter[tuple[str, str]] = Counter((lab.doc, t) for lab, ts in zip(labels, used) for t in ts)
    size = Counter(lab.doc for lab in labels)
    out: list[UnitLabels] = []
    for lab, d, ts in zip(labels, defs, used):
        uses = frozenset(t for t in ts if users[(lab.doc, t)] <= max(2, SPECIFIC_SHARE * size[lab.doc]))
        out.append(evolve(lab, defines=d, uses=uses) if d or uses else lab)
    return out


def partners(i: int, units: Sequence[UnitLabels]) -> list[tuple[int, int]]:
    """``(tier, j)`` for the units ``j`` of ``i``'s document that ``i`` refers to or that
    refer to it, nearest links first, a link written with a clause's own number before one
    through a term or a heading: tier 0, the clause ``i`` names (its own number is mentioned:
    ``clause 3.1`` → ``3.1 …``); tier 1, the units naming ``i``'s own number ("… except as
    provided in clause 5.4" for ``5.4 …``); tier 2, the definition of a term ``i`` uses; tier
    3, the units naming a label ``i`` carries through its headings (``Notwithstanding section
    2, …``); tier 4, the units of a section ``i`` names. Each unit once, in context order
    within a tier. (A definition came first with the named clause until the development set
    ``benchmarks/ansdev`` showed it taking the place of the exception that names the clause:
    ansdev 86.0 -> 87.1 %, every other set unchanged.)"""
    me = units[i]
    if not me.mentions and not me.carries and not me.uses:
        return []
    tiers: dict[int, int] = {}
    for j, u in enumerate(units):
        if j == i or u.doc != me.doc:
            continue
        if u.own is not None and u.own in me.mentions:
            tiers[j] = 0
        elif me.own is not None and me.own in u.mentions:
            tiers[j] = 1
        elif me.uses & u.defines:
            tiers[j] = 2
        elif u.mentions & me.carries:
            tiers[j] = 3
        elif u.carries & me.mentions:
            tiers[j] = 4
    return sorted(((t, j) for j, t in tiers.items()))
