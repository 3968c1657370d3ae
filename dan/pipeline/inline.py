"""Inline content as a flat list of pieces, and pieces as Markdown.

The renderer turns a block's inline tree (:mod:`dan.model`) into a list of
:class:`Piece` s: a run of raw text plus the stack of *wrappers* (bold, italic, code,
insertion, deletion, comment, field) it sits in, outermost first. Markdown is produced
from pieces by opening and closing wrappers where consecutive stacks differ, so any slice
of a piece list renders as well-formed Markdown on its own: a revision cut by a chunk
boundary is closed at the end of one part and reopened, with its author, at the start
of the next. Facts the records need (revision ids and authors, comment ids and authors,
bold/italic phrases, fields) are read back from the pieces of whatever slice a chunk holds.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import NamedTuple

from attrs import frozen

from dan import model as m
from dan.errors import NestingTooDeepError

__all__ = [
    "Wrap",
    "Piece",
    "BOLD",
    "ITALIC",
    "TEXT",
    "BREAK",
    "PAGE",
    "ATOM",
    "escape_link_text",
    "flatten",
    "link_target",
    "render",
    "plain_text",
    "current_text",
    "escape_text",
    "escape_cell",
    "note_date",
    "InlineFacts",
    "facts",
]

# Piece kinds.
TEXT = 0
BREAK = 1
PAGE = 2  # a page boundary inside a block: renders as nothing
ATOM = 3  # fixed Markdown (a note reference, a comment without anchored text)

# Context for rendering: where the inline content stands.
PARA = "para"
CELL = "cell"
HEADING = "heading"

_MAX_INLINE_DEPTH = 200


@frozen(slots=True, eq=False)
class Wrap:
    """A Markdown construct enclosing inline text (``**``, ``{++ ... ++}{>>...<<}`` ...).

    ``kind`` is one of ``bold``, ``italic``, ``code``, ``ins``, ``del``, ``comment``,
    ``field``, ``link``. Two wraps are the same construct when they compare equal; ``key`` keeps
    distinct comments and fields apart. ``author`` names the reviewer or comment author,
    ``note`` is the plain text of a comment (for the names hook), ``data`` a field's
    ``name: data`` label.
    """

    kind: str
    open: str
    close: str
    key: str = ""
    author: str = ""
    note: str = ""
    #: a comment's thread: the authors of the comment and of its replies, in order
    thread: tuple[str, ...] = ()

    # Equality written out rather than left to attrs: compiled with mypyc, ``a == b`` between
    # two values typed Wrap does not see the method attrs adds at run time and compares
    # identity, so two equal wraps of adjacent revisions were closed and opened again.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if not isinstance(other, Wrap):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def _fields(self) -> tuple[str, str, str, str, str, str, tuple[str, ...]]:
        return (self.kind, self.open, self.close, self.key, self.author, self.note, self.thread)


class Piece(NamedTuple):
    """A run of raw text inside a stack of wraps; ``revs`` are the ``(rev_id, author)`` pairs of
    the revisions it sits in, outermost first.

    ``md`` is the fixed Markdown of an ``ATOM`` piece; for a ``PAGE`` piece it is
    ``"rendered"`` for a laid-out page break and ``""`` for an explicit one.
    """

    text: str
    stack: tuple[Wrap, ...]
    kind: int = TEXT
    md: str = ""
    revs: tuple[tuple[str, str], ...] = ()


#: ``_new_piece(Piece, (text, stack, kind, md, revs))`` is ``Piece(text, stack, kind, md,
#: revs)`` made in C, without the named tuple's Python ``__new__`` (for the hot paths).
_new_piece = tuple.__new__

BOLD = Wrap("bold", "**", "**")
ITALIC = Wrap("italic", "*", "*")
_EMPHASIS = ("bold", "italic", "code")

_CRITIC_RE = re.compile(r"(\\*)(\{\+\+|\{--|\{==|\{>>|\{~~|\[\^)")
_PIPE_RE = re.compile(r"(\\*)\|")
_NEWLINES_RE = re.compile(r"\r\n|\r|\n")
_DATE_RE = re.compile(r"^\d{4}-\d{2}-\d{2}")


def escape_text(text: str) -> str:
    """Backslash-escape ``{++ {-- {== {>> {~~ [^`` so source text cannot forge marks."""
    if "{" not in text and "[^" not in text:
        return text
    return _CRITIC_RE.sub(lambda mt: mt.group(1) * 2 + "\\" + mt.group(2), text)


#: Characters of an image's alternative text that are kept.
_MAX_ALT = 300
#: Characters of a link target that are written (a longer one keeps only the text).
MAX_URL = 2000
_SAFE_SCHEME = re.compile(r"^(?:https?://|mailto:)", re.I)
_URL_ESCAPES = {" ": "%20", "(": "%28", ")": "%29", "<": "%3C", ">": "%3E", "|": "%7C"}
_URL_UNSAFE = re.compile(r"[ ()<>|]")
_BRACKETS = re.compile(r"[\[\]]")


def link_target(url: str) -> str:
    """The target to write for a link, or ``""``: only ``http``, ``https`` and ``mailto``
    (never ``javascript:``, ``file:``, ``data:``, relative paths or internal anchors), on
    one line, the characters that would end a Markdown link destination percent-encoded."""
    url = url.strip()
    if not url or len(url) > MAX_URL or not _SAFE_SCHEME.match(url):
        return ""
    if any(ch < " " or ch == "\x7f" for ch in url):
        return ""
    return _URL_UNSAFE.sub(lambda mt: _URL_ESCAPES[mt.group(0)], url)


def escape_link_text(text: str) -> str:
    """Backslash-escape ``[`` and ``]`` so the text cannot end a link's or image's text."""
    return (
        _BRACKETS.sub(lambda mt: "\\" + mt.group(0), text) if "[" in text or "]" in text else text
    )


def escape_cell(text: str) -> str:
    """Escape text for a pipe-table cell: marks, ``|`` as ``\\|``, line breaks as ``<br>``."""
    text = escape_text(text)
    if "|" in text:
        text = _PIPE_RE.sub(lambda mt: mt.group(1) * 2 + "\\|", text)
    if "\n" in text or "\r" in text:
        text = _NEWLINES_RE.sub("<br>", text)
    return text


def _one_line(text: str) -> str:
    return " ".join(text.split())


def note_date(date: str) -> str:
    """The ``YYYY-MM-DD`` part of an ISO date, else the stripped value (max 32 chars)."""
    date = date.strip()
    found = _DATE_RE.match(date)
    if found:
        return found.group(0)
    return date[:32]


def _thread(info: m.CommentInfo) -> tuple[str, ...]:
    """The authors of a comment and of all its replies (replies of replies too), in order."""
    out: list[str] = []
    stack = [info]
    while stack:
        node = stack.pop()
        out.append(_author(node.author))
        stack.extend(reversed(node.replies))
    return tuple(out)


def _author(author: str) -> str:
    return escape_text(_one_line(author)) or "Unknown"


def _revision_wrap(rev: m.Revision) -> Wrap:
    author = _author(rev.author)
    parts = [author]
    date = note_date(rev.date)
    if date:
        parts.append(escape_text(date))
    if rev.moved:
        parts.append("moved")
    note = "{>>rev: " + ", ".join(parts) + "<<}"
    if rev.kind == "ins":
        return Wrap("ins", "{++", "++}" + note, author=author)
    return Wrap("del", "{--", "--}" + note, author=author)


def _comment_note(info: m.CommentInfo) -> tuple[str, str]:
    """Markdown notes of a comment and its replies, and their plain text."""
    author = _author(info.author)
    date = note_date(info.date)
    who = author + (", " + escape_text(date) if date else "")
    text = _one_line(info.text)
    md = ["{>>" + who + ": " + escape_text(text) + "<<}"]
    plain = [text]
    for reply in info.replies:
        rtext = _one_line(reply.text)
        md.append("{>>↳ " + _author(reply.author) + ": " + escape_text(rtext) + "<<}")
        plain.append(rtext)
    return "".join(md), " ".join(p for p in plain if p)


def flatten(inlines: tuple[m.Inline, ...]) -> list[Piece]:
    """Flatten an inline tree into pieces (adjacent pieces with equal stacks merged)."""
    if len(inlines) == 1:  # (one plain run, most paragraphs and cells: its piece at once)
        node = inlines[0]
        if isinstance(node, m.Text) and not (node.bold or node.italic or node.code):
            return [_new_piece(Piece, (node.text, (), TEXT, "", ()))] if node.text else []
    out: list[Piece] = []
    _flatten(inlines, (), (), out, 0)
    return _merge(out)


def _flatten(
    inlines: tuple[m.Inline, ...],
    stack: tuple[Wrap, ...],
    revs: tuple[tuple[str, str], ...],
    out: list[Piece],
    depth: int,
) -> None:
    if depth > _MAX_INLINE_DEPTH:
        raise NestingTooDeepError(
            f"inline content is nested more than {_MAX_INLINE_DEPTH} levels deep; "
            "the document is malformed or hostile"
        )
    for node in inlines:
        match node:
            case m.Text():
                _text_pieces(node, stack, revs, out)
            case m.LineBreak():
                out.append(Piece("\n", stack, BREAK, "", revs))
            case m.PageMark():
                out.append(Piece("", stack, PAGE, "rendered" if node.rendered else "", revs))
            case m.NoteRef():
                label = _one_line(node.label) or "?"
                out.append(Piece("", stack, ATOM, "[^" + label + "]", revs))
            case m.Revision():
                wrap = _revision_wrap(node)
                rid = node.rev_id or f"@{id(node)}"
                _flatten(
                    node.children, stack + (wrap,), revs + ((rid, wrap.author),), out, depth + 1
                )
            case m.Comment():
                info = node.info
                md, plain = _comment_note(info)
                author = _author(info.author)
                thread = _thread(info)
                if not node.children:
                    wrap = Wrap(
                        "comment",
                        "",
                        "",
                        key=info.comment_id,
                        author=author,
                        note=plain,
                        thread=thread,
                    )
                    out.append(Piece(plain, stack + (wrap,), ATOM, md, revs))
                else:
                    wrap = Wrap(
                        "comment",
                        "{==",
                        "==}" + md,
                        key=info.comment_id,
                        author=author,
                        note=plain,
                        thread=thread,
                    )
                    _flatten(node.children, stack + (wrap,), revs, out, depth + 1)
            case m.Field():
                label = _one_line(" ".join(p for p in (node.name, node.data) if p))
                wrap = Wrap("field", "", "", key=f"{id(node)}", note=label)
                _flatten(node.children, stack + (wrap,), revs, out, depth + 1)
            case m.Link():
                url = link_target(node.target)
                if url and _shown_as_itself(node, url):
                    url = ""  # the text is the address: writing it twice says nothing more
                if url and not any(w.kind == "link" for w in stack):
                    wrap = Wrap("link", "[", "](" + url + ")", key=url)
                    _flatten(node.children, stack + (wrap,), revs, out, depth + 1)
                else:  # (no target to write, or a link inside a link: the text only)
                    _flatten(node.children, stack, revs, out, depth + 1)
            case m.Image():
                words = _one_line(node.alt) or _one_line(node.title)
                if words:
                    words = words[:_MAX_ALT]
                    md = "![" + escape_link_text(escape_text(words)) + "](image)"
                    out.append(Piece(words, stack, ATOM, md, revs))
            case _:  # pragma: no cover - readers only produce model inlines
                raise TypeError(f"not an inline element: {node!r}")


def _shown_as_itself(link: m.Link, url: str) -> bool:
    """Whether a link's text is its own address (``http://x.y`` shown as ``http://x.y``)."""
    if not all(isinstance(c, m.Text) for c in link.children):
        return False
    text = "".join(c.text for c in link.children if isinstance(c, m.Text)).strip()
    target = link.target.strip()
    return text in (target, url) or "mailto:" + text == target


def _text_pieces(
    node: m.Text, stack: tuple[Wrap, ...], revs: tuple[tuple[str, str], ...], out: list[Piece]
) -> None:
    text = node.text
    if not text:
        return
    if not (node.bold or node.italic or node.code):
        out.append(_new_piece(Piece, (text, stack, TEXT, "", revs)))
        return
    inner = stack
    if node.bold:
        inner = inner + (BOLD,)
    if node.italic:
        inner = inner + (ITALIC,)
    if node.code:
        fence = "``" if "`" in text else "`"
        inner = inner + (Wrap("code", fence, fence),)
    core = text.strip()
    if not core:
        out.append(Piece(text, stack, TEXT, "", revs))
        return
    lead = text[: len(text) - len(text.lstrip())]
    trail = text[len(text.rstrip()) :]
    if lead:
        out.append(Piece(lead, stack, TEXT, "", revs))
    out.append(Piece(core, inner, TEXT, "", revs))
    if trail:
        out.append(Piece(trail, stack, TEXT, "", revs))


def _merge(pieces: list[Piece]) -> list[Piece]:
    out: list[Piece] = []
    for p in pieces:
        if out and p.kind == TEXT:
            q = out[-1]
            if q.kind == TEXT and q.stack == p.stack and q.revs == p.revs:
                out[-1] = _new_piece(Piece, (q.text + p.text, q.stack, TEXT, "", q.revs))
                continue
        out.append(p)
    return out


def render(pieces: Sequence[Piece], context: str = PARA) -> str:
    """Render pieces as Markdown for ``context`` (``para``, ``cell`` or ``heading``).

    Every wrap opened is closed at the end, so any slice of a piece list renders as
    well-formed Markdown.
    """
    if len(pieces) == 1:  # (one plain run: its escaped text)
        only = pieces[0]
        if only.kind == TEXT and not only.stack:
            return escape_cell(only.text) if context == CELL else escape_text(only.text)
    out: list[str] = []
    opened: tuple[Wrap, ...] = ()
    in_link = False
    esc = escape_cell if context == CELL else escape_text
    if context == CELL:
        brk = "<br>"
    elif context == HEADING:
        brk = " "
    else:
        brk = "\\\n"
    for p in pieces:
        kind = p.kind
        if kind == PAGE:
            continue
        stack = p.stack
        if stack is not opened and stack != opened:
            k = 0
            limit = min(len(opened), len(stack))
            while k < limit and opened[k] == stack[k]:
                k += 1
            for w in reversed(opened[k:]):
                out.append(w.close)
            for w in stack[k:]:
                out.append(w.open)
            opened = stack
            in_link = any(w.kind == "link" for w in stack)
        if kind == TEXT:
            out.append(escape_link_text(esc(p.text)) if in_link else esc(p.text))
        elif kind == BREAK:
            out.append(brk)
        else:
            out.append(p.md)
    for w in reversed(opened):
        out.append(w.close)
    return "".join(out)


def plain_text(pieces: Sequence[Piece]) -> str:
    """The text of pieces without Markdown: inserted, deleted and comment text included.

    The notes of comments anchored in the pieces follow the text.
    """
    if len(pieces) == 1:  # (one plain run: its text)
        only = pieces[0]
        if only.kind == TEXT and not only.stack:
            return only.text
    out: list[str] = []
    notes: dict[str, str] = {}
    for p in pieces:
        kind = p.kind
        if kind == TEXT:
            out.append(p.text)
        elif kind == BREAK:
            out.append("\n")
        elif kind == ATOM:
            if p.text:
                out.append(" " + p.text + " ")
            continue
        for w in p.stack:
            if w.kind == "comment" and w.note:
                notes.setdefault(w.key, w.note)
    if notes:
        out.append(" " + " ".join(notes.values()))
    return "".join(out)


def current_text(pieces: list[Piece] | tuple[Piece, ...]) -> str:
    """The text as it reads with tracked changes accepted: deletions left out, no notes."""
    out: list[str] = []
    for p in pieces:
        if p.kind == TEXT and not (p.stack and any(w.kind == "del" for w in p.stack)):
            out.append(p.text)
        elif p.kind == BREAK:
            out.append("\n")
    return "".join(out)


class InlineFacts(NamedTuple):
    """What a slice of pieces holds, for the records (read-only: units share them)."""

    revisions: Mapping[str, str]  # rev id -> author
    comments: Mapping[str, tuple[str, ...]]  # comment id -> its thread's authors
    bold: Sequence[str]
    italic: Sequence[str]
    fields: Sequence[str]  # "NAME data: displayed value"
    page_marks: int


#: The facts of pieces that hold none (plain runs: most of a document), made once.
_NO_FACTS = InlineFacts(MappingProxyType({}), MappingProxyType({}), (), (), (), 0)


def facts(pieces: list[Piece] | tuple[Piece, ...]) -> InlineFacts:
    """Collect revision/comment ids and authors, emphasis phrases and fields of pieces."""
    for p in pieces:  # (plain runs, most of a document, hold nothing to collect)
        if p.stack or p.revs or p.kind == PAGE:
            break
    else:
        return _NO_FACTS
    revisions: dict[str, str] = {}
    comments: dict[str, tuple[str, ...]] = {}
    bold: list[str] = []
    italic: list[str] = []
    field_text: dict[str, list[str]] = {}
    field_label: dict[str, str] = {}
    page_marks = 0
    cur_bold: list[str] = []
    cur_italic: list[str] = []
    for p in pieces:
        if p.kind == PAGE:
            page_marks += 1
            continue
        has_text = bool(p.text.strip()) if p.kind == TEXT else p.kind == ATOM
        if p.revs and has_text:
            for rid, author in p.revs:
                revisions.setdefault(rid, author)
        in_bold = in_italic = False
        for w in p.stack:
            k = w.kind
            if k == "bold":
                in_bold = True
            elif k == "italic":
                in_italic = True
            elif k == "comment":
                comments.setdefault(w.key, w.thread or (w.author,))
            elif k == "field":
                field_label.setdefault(w.key, w.note)
                if p.kind == TEXT:
                    field_text.setdefault(w.key, []).append(p.text)
        if p.kind == TEXT:
            blank = not p.text.strip()
            if in_bold or (blank and cur_bold):
                cur_bold.append(p.text)
            else:
                _close_phrase(cur_bold, bold)
            if in_italic or (blank and cur_italic):
                cur_italic.append(p.text)
            else:
                _close_phrase(cur_italic, italic)
        else:
            _close_phrase(cur_bold, bold)
            _close_phrase(cur_italic, italic)
    _close_phrase(cur_bold, bold)
    _close_phrase(cur_italic, italic)
    fields = []
    for key, label in field_label.items():
        value = _one_line("".join(field_text.get(key, ())))
        item = f"{label}: {value}" if value else label
        if item:
            fields.append(item)
    return InlineFacts(revisions, comments, bold, italic, fields, page_marks)


def _close_phrase(buf: list[str], into: list[str]) -> None:
    if buf:
        phrase = _one_line("".join(buf))
        if phrase:
            into.append(phrase)
        buf.clear()
