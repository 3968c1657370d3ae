"""Reviewers' marks in dan's Markdown, read back for the offline answer.

dan writes a tracked change as ``{++inserted++}`` or ``{--deleted--}`` followed by
``{>>rev: Author, YYYY-MM-DD<<}``, and a comment as ``{==anchored text==}{>>Author,
YYYY-MM-DD: comment<<}`` with replies ``{>>↳ Author: reply<<}`` (docs/dan.md). This module
finds those marks in a passage (:func:`marks_in`) and writes text for a person
(:func:`plain`): the notation becomes words ("… (inserted by Ann Lee, 2025-02-11)").
"""

from __future__ import annotations

import re

from attrs import frozen

__all__ = ["Mark", "marks_in", "plain"]

_REV = re.compile(r"\{(\+\+|--)(.*?)(?:\+\+|--)\}\{>>rev: ([^,<]*?)(?:, (\d{4}-\d{2}-\d{2}))?(?:, moved)?<<\}", re.S)
_COM = re.compile(r"(?:\{==(.*?)==\})?\{>>(?!rev: )(?!↳)([^,:<]*?)(?:, (\d{4}-\d{2}-\d{2}))?: (.*?)<<\}", re.S)
_REPLY = re.compile(r"\{>>↳ ([^:<]*?): (.*?)<<\}", re.S)
_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]*)\]\((?:[^()]|\([^)]*\))*\)")
_NOTE_REF = re.compile(r"\[\^[^\]]+\]")
_NOTE_TEXT = re.compile(r"^\s*\[\^[^\]]+\]:\s*")  # a footnote's own text starts "[^2]: "
_EMPHASIS = re.compile(r"(\*\*|__|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|~~)")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!|>~<\"'$%&,/:;=?@^])")
_CODE = re.compile(r"`([^`]*)`")
_SPACE = re.compile(r"[ \t]+")
_LEFTOVER = re.compile(r"\{(?:\+\+|--|==|>>(?:rev: )?)|(?:\+\+|--|==|<<)\}")
_KEPT = re.compile("\x00(\\d+)\x00")


@frozen(slots=True)
class Mark:
    """One reviewer's mark: ``kind`` is ``comment``, ``insertion`` or ``deletion``; ``text``
    is the comment or the changed text; ``anchor`` the text a comment is anchored to."""

    kind: str
    author: str
    date: str
    text: str
    anchor: str = ""


def marks_in(text: str) -> list[Mark]:
    """The marks of a passage, in reading order (replies count as comments of their authors)."""
    found: list[tuple[int, Mark]] = []
    for m in _REV.finditer(text):
        kind = "insertion" if m.group(1) == "++" else "deletion"
        found.append((m.start(), Mark(kind, m.group(3).strip(), m.group(4) or "", plain(m.group(2)))))
    for m in _COM.finditer(text):
        found.append((m.start(), Mark("comment", m.group(2).strip(), m.group(3) or "", plain(m.group(4)),
                                      plain(m.group(1) or ""))))
    for m in _REPLY.finditer(text):
        found.append((m.start(), Mark("comment", m.group(1).strip(), "", plain(m.group(2)))))
    return [mk for _, mk in sorted(found, key=lambda f: f[0])]


def _revision(m: re.Match[str]) -> str:
    what = "inserted" if m.group(1) == "++" else "deleted"
    when = f", {m.group(4)}" if m.group(4) else ""
    return f"{m.group(2)} ({what} by {m.group(3).strip()}{when}) "


def _comment(m: re.Match[str]) -> str:
    when = f", {m.group(3)}" if m.group(3) else ""
    anchored = m.group(1) or ""
    return f"{anchored} (comment by {m.group(2).strip()}{when}: {m.group(4)}) "


def plain(text: str) -> str:
    """``text`` without Markdown syntax: marks in words, links as their text, images,
    note references and a footnote's own label (``[^2]: …``) left out, emphasis and escapes
    removed."""
    # escaped characters are kept aside first, so ``\\*`` is a star and not emphasis
    kept: list[str] = []

    def keep(m: re.Match[str]) -> str:
        kept.append(m.group(1))
        return f"\x00{len(kept) - 1}\x00"

    text = _ESCAPE.sub(keep, _NOTE_TEXT.sub("", text))
    text = _REV.sub(_revision, text)
    text = _COM.sub(_comment, text)
    text = _REPLY.sub(lambda m: f"(reply by {m.group(1).strip()}: {m.group(2)}) ", text)
    text = _IMAGE.sub("", text)
    text = _LINK.sub(lambda m: m.group(1), text)
    text = _NOTE_REF.sub("", text)
    text = _CODE.sub(lambda m: m.group(1), text)
    text = _EMPHASIS.sub("", text)
    text = _LEFTOVER.sub("", text)  # (a mark cut by a sentence boundary)
    text = _KEPT.sub(lambda m: kept[int(m.group(1))], text)
    return _SPACE.sub(" ", text).replace(" .", ".").strip()

