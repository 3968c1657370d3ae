"""RTF inline content: flat atoms collected while reading, nested model inlines at the end.

While the RTF is read, a paragraph is a list of :class:`Atom` s: a leaf inline (text,
line break, note reference, page mark, comment point) with the comment ranges open at it
and the revision it belongs to. Comments are resolved only after the whole file is read
(an annotation follows the text it is anchored to), then :func:`build_inlines` nests the
atoms into :class:`dan.model.Comment` and :class:`dan.model.Revision` nodes.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import NamedTuple, Union

from dan import model as m

__all__ = ["Atom", "RevKey", "CommentPoint", "build_inlines", "dttm_date", "has_text", "new_atom"]

#: What collapses to one space: a run of two or more spaces, tabs and no-break spaces, or one
#: tab or no-break space (a single space is left as it is, not replaced by itself).
_SPACES = re.compile(r"[ \t\xa0]{2,}|[\t\xa0]")


class RevKey(NamedTuple):
    """A run of tracked revision: kind, author, date and the run's id."""

    kind: str
    author: str
    date: str
    rev_id: str


class CommentPoint(NamedTuple):
    """Where an annotation stands in the text (its reference mark)."""

    key: str


Leaf = Union[m.Text, m.LineBreak, m.NoteRef, m.PageMark, CommentPoint]


class Atom(NamedTuple):
    """One leaf of a paragraph with the comment ranges open at it and its revision."""

    leaf: Leaf
    comments: tuple[str, ...] = ()
    rev: RevKey | None = None
    #: the URL of the HYPERLINK field whose result this leaf is in ("" for none)
    link: str = ""


#: ``new_atom(Atom, (leaf, comments, rev, link))`` is ``Atom(leaf, comments, rev, link)``
#: made in C, without the named tuple's Python ``__new__`` (one per text run read).
new_atom = tuple.__new__


def dttm_date(value: int) -> str:
    """The ISO date (``YYYY-MM-DD``) of a packed Word DTTM value, or ``""`` if invalid."""
    if value <= 0:
        return ""
    day = (value >> 11) & 0x1F
    month = (value >> 16) & 0x0F
    year = 1900 + ((value >> 20) & 0x1FF)
    if not (1 <= month <= 12 and 1 <= day <= 31):
        return ""
    return f"{year:04d}-{month:02d}-{day:02d}"


def has_text(atoms: Sequence[Atom]) -> bool:
    """True when some atom shows something (text other than spaces, a note or comment mark)."""
    for atom in atoms:
        leaf = atom.leaf
        if isinstance(leaf, m.Text):
            if leaf.text.strip():
                return True
        elif isinstance(leaf, (m.NoteRef, CommentPoint)):
            return True
    return False


def _collapse(text: str) -> str:
    """``text`` with its runs of spaces, tabs and no-break spaces as one space."""
    if "  " in text or "\t" in text or "\xa0" in text:  # (three scans in C: faster than one sub)
        return _SPACES.sub(" ", text)
    return text


def _normalize(atoms: Sequence[Atom]) -> list[Atom]:
    """Collapse runs of spaces/tabs, trim the paragraph's ends, drop empty text atoms."""
    if len(atoms) == 1 and isinstance(atoms[0].leaf, m.Text):  # the common case, in one step
        atom = atoms[0]
        only = atoms[0].leaf
        text = _collapse(only.text).strip(" ")
        if not text.strip():
            return []
        if text == only.text:
            return [atom]
        return [atom._replace(leaf=m.Text(text, only.bold, only.italic, only.code))]
    out: list[Atom] = []
    prev_space = True
    seen_text = False
    for atom in atoms:
        leaf = atom.leaf
        if isinstance(leaf, m.Text):
            text = _collapse(leaf.text)
            if prev_space:
                text = text.lstrip(" ")
            if not text:
                continue
            prev_space = text.endswith(" ")
            seen_text = True
            if text == leaf.text:  # nothing collapsed or trimmed: the atom as it is
                out.append(atom)
            else:
                out.append(
                    atom._replace(
                        leaf=m.Text(text, bold=leaf.bold, italic=leaf.italic, code=leaf.code)
                    )
                )
        else:
            if isinstance(leaf, m.LineBreak):
                if not seen_text:
                    continue  # a line break before any text says nothing
                last = out[-1] if out else None
                if (
                    last is not None
                    and isinstance(last.leaf, m.Text)
                    and last.leaf.text.endswith(" ")
                ):
                    t = last.leaf
                    out[-1] = last._replace(
                        leaf=m.Text(t.text.rstrip(" "), t.bold, t.italic, t.code)
                    )
                prev_space = True
            else:
                prev_space = False if not isinstance(leaf, m.PageMark) else prev_space
            out.append(atom)
    # Trim the end: trailing spaces and line breaks.
    while out:
        leaf = out[-1].leaf
        if isinstance(leaf, m.LineBreak):
            out.pop()
        elif isinstance(leaf, m.Text) and not leaf.text.strip():
            out.pop()
        elif isinstance(leaf, m.Text) and leaf.text.endswith(" "):
            out[-1] = out[-1]._replace(
                leaf=m.Text(leaf.text.rstrip(" "), leaf.bold, leaf.italic, leaf.code)
            )
            break
        else:
            break
    return [a for a in out if not (isinstance(a.leaf, m.Text) and not a.leaf.text)]


#: ("c", CommentInfo), ("r", RevKey) or ("l", URL)
Wrapper = tuple[str, "m.CommentInfo | RevKey | str"]


def build_inlines(
    atoms: Sequence[Atom],
    comment: Callable[[str], m.CommentInfo | None],
    point: Callable[[str], m.CommentInfo | None],
) -> tuple[m.Inline, ...]:
    """Nest a paragraph's atoms into model inlines.

    ``comment(name)`` gives the comment anchored on range ``name`` (None: drop the range);
    ``point(key)`` the comment shown at a reference mark that anchors no range (None:
    the comment is shown around its range instead).
    """
    atoms = _normalize(atoms)
    if len(atoms) == 1:  # one leaf outside comments, revisions and links: as it is
        atom = atoms[0]
        only = atom.leaf
        if (
            not atom.comments
            and atom.rev is None
            and not atom.link
            and not isinstance(only, CommentPoint)
        ):
            return (only,)
    # Stack of open wrappers with the inlines collected inside each; level 0 is the paragraph.
    stack: list[tuple[Wrapper | None, list[m.Inline]]] = [(None, [])]
    opened: list[Wrapper] = []
    for atom in atoms:
        wanted: list[Wrapper] = []
        for name in atom.comments:
            info = comment(name)
            if info is not None and ("c", info) not in wanted:
                wanted.append(("c", info))
        if atom.rev is not None:
            wanted.append(("r", atom.rev))
        if atom.link:
            wanted.append(("l", atom.link))
        common = 0
        while common < len(opened) and common < len(wanted) and opened[common] == wanted[common]:
            common += 1
        while len(opened) > common:
            _close(stack)
            opened.pop()
        for wrapper in wanted[common:]:
            stack.append((wrapper, []))
            opened.append(wrapper)
        leaf = atom.leaf
        if isinstance(leaf, CommentPoint):
            info = point(leaf.key)
            if info is not None:
                stack[-1][1].append(m.Comment(info, ()))
            continue
        children = stack[-1][1]
        if isinstance(leaf, m.Text) and children and isinstance(children[-1], m.Text):
            last = children[-1]
            if (last.bold, last.italic, last.code) == (leaf.bold, leaf.italic, leaf.code):
                children[-1] = m.Text(last.text + leaf.text, last.bold, last.italic, last.code)
                continue
        children.append(leaf)
    while len(stack) > 1:
        _close(stack)
    return tuple(stack[0][1])


def _close(stack: list[tuple[Wrapper | None, list[m.Inline]]]) -> None:
    wrapper, children = stack.pop()
    if not children or wrapper is None:
        return
    _kind, value = wrapper
    if isinstance(value, m.CommentInfo):  # "c"
        node: m.Inline = m.Comment(value, tuple(children))
    elif isinstance(value, str):  # "l"
        node = m.Link(tuple(children), value)
    else:  # "r"
        rev = value
        node = m.Revision(
            kind="del" if rev.kind == "del" else "ins",
            children=tuple(children),
            author=rev.author or "Unknown",
            date=rev.date,
            rev_id=rev.rev_id,
        )
    stack[-1][1].append(node)
