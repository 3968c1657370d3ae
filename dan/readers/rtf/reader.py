"""RTF reader: a real interpreter of groups, control words and destinations.

Tokens (:mod:`dan.readers.rtf.tokens`) drive a stack of group states (character and
paragraph properties, the destination text goes to). Text bytes and ``\\'hh`` escapes are
decoded with the code page of the current font (``\\fcharset``/``\\cpg`` in the font
table, else ``\\ansicpg``, else cp1252); ``\\uN`` gives Unicode and skips ``\\ucN``
fallback characters.

Kept: paragraphs, headings (``\\outlinelevelN`` or a paragraph style named "heading N"),
bold/italic, line breaks, tables (merges, header rows, nested tables), list items (depth
from ``\\ilvl``/``\\pnlvl``, label from ``\\listtext``/``\\pntext``, bullet or number from
the list table), page breaks (``\\page``, ``\\pagebb``), section breaks (``\\sect`` with
``\\sbk*``), tracked revisions (``\\revised``/``\\deleted`` with the ``\\revtbl`` author and
the DTTM date), annotations anchored by ``\\atrfstart``/``\\atrfend``, headers and footers,
footnotes and endnotes, the ``\\info`` title. Skipped: font, colour, style and list tables
(read for their facts only), other ``\\info`` fields, pictures, objects' data, fields'
instructions (their results are kept), hidden text (``\\v``), bookmarks, index and TOC
entries, and every unknown ``\\*`` destination.

Bad input: a file that does not start with ``{\\rtf`` or is binary garbage raises
``CorruptDocumentError``; groups nested deeper than ``Limits.max_depth`` raise
``NestingTooDeepError``; more text than ``Limits.max_chars`` raises ``TextTooLargeError``;
unbalanced braces and truncated files are read as far as they go, with a warning.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import cast

from dan import model as m
from dan.errors import (
    CorruptDocumentError,
    LimitExceededError,
    NestingTooDeepError,
    TextTooLargeError,
)
from dan.limits import Limits
from dan.readers.options import DEFAULT_OPTIONS, ReadOptions
from dan.readers.rtf.codepages import (
    DEFAULT_CODEC,
    ascii_compatible,
    codec_for_codepage,
    codepage_for_charset,
)
from dan.readers.rtf.inline import CommentPoint, RevKey, dttm_date
from dan.readers.rtf.story import ParaProps, Story
from dan.readers.rtf.tables import RowDef
from dan.readers.rtf.tokens import TOKEN, Token, Tokenizer, read_word
from dan.readers.superscript import caret_before
from dan.textclean import clean_text

__all__ = ["read_rtf"]


# Destinations (text goes to ...).
BODY = 0  # the current story
SKIP = 1
FONTTBL = 2
STYLESHEET = 3
INFO = 4
TITLE = 5
REVTBL = 6
LISTTABLE = 7
LISTOVERRIDE = 8
LABEL = 9
PN = 10
CAPTURE = 11

#: Destinations skipped with their whole content.
SKIPPED = frozenset(
    """colortbl pict themedata colorschememapping datastore latentstyles rsidtbl generator
    xmlnstbl mmathPr bkmkstart bkmkend xe tc tcn txe ftnsep ftnsepc aftnsep aftnsepc
    ftncn aftncn objdata objclass nonshppict nonesttables shp shpgrp do shprslt pgdsctbl
    filetbl userprops docvar template private listpicture fchars lchars pnseclvl defchp defpap
    wgrffmtfilter mhtmltag htmltag passwordhash protusertbl formfield fldtype datafield
    ffname ffdeftext ffstattext ffhelptext ffentrymcr ffexitmcr ffformat ffl leveltext
    levelnumbers listname pntxta pntxtb falt panose fname author operator keywords subject
    comment doccomm company category manager hlinkbase creatim revtim printim buptim
    password bkmkcolf bkmkcoll annotation_ref mmath moMath mmathPict picprop blipuid
    oldcprops oldpprops oldsprops oldtprops pgptbl background""".split()
)
_TRANSPARENT = frozenset(
    {"field", "fldrslt", "ud", "nesttableprops", "shppict", "result", "object"}
)
_HF = {
    "header": ("header", "default"),
    "headerr": ("header", "default"),
    "headerl": ("header", "even"),
    "headerf": ("header", "first"),
    "footer": ("footer", "default"),
    "footerr": ("footer", "default"),
    "footerl": ("footer", "even"),
    "footerf": ("footer", "first"),
}
_CAPTURES = frozenset(
    {
        "fldinst",
        "atnid",
        "atnauthor",
        "atndate",
        "atnref",
        "atrfstart",
        "atrfend",
        "atnicn",
        "atntime",
        "atnparent",
    }
)
_SPECIAL_CHARS = {
    "emdash": "\u2014",
    "endash": "\u2013",
    "emspace": "\u2003",
    "enspace": "\u2002",
    "qmspace": "\u2005",
    "bullet": "\u2022",
    "lquote": "\u2018",
    "rquote": "\u2019",
    "ldblquote": "\u201c",
    "rdblquote": "\u201d",
    "tab": "\t",
    "zwj": "\u200d",
    "zwnj": "\u200c",
}
_SYMBOLS = {"\\": "\\", "{": "{", "}": "}", "~": "\u00a0", "_": "\u2011", "\t": "\t"}
_HEADING_NAME = re.compile(
    r"^(?:heading|überschrift|titre|kop|rubrik|encabezado|t[ií]tulo|titolo|otsikko|nagłówek|заголовок)\s*([1-9])$",
    re.I,
)
_SBK_NEW_PAGE = {
    "sbknone": False,
    "sbkcol": False,
    "sbkpage": True,
    "sbkeven": True,
    "sbkodd": True,
}
_BULLET_NFC = frozenset({23, 255})
#: Tables nested deeper than this are flattened into the deepest one.
MAX_TABLE_NESTING = 16


class _StyleEntry:
    """One stylesheet entry being read: its number, kind (``s`` paragraph, ``c`` other), name,
    outline level."""

    __slots__ = ("number", "kind", "name", "outline")

    def __init__(self, number: int, kind: str) -> None:
        self.number = number
        self.kind = kind
        self.name: list[str] = []
        self.outline = -1


class _State:
    """Properties of one group; a ``{`` copies them, a ``}`` restores the outer ones."""

    def __init__(self) -> None:
        self.dest = BODY
        self.font = -1
        self.uc = 1
        self.bold = False
        self.italic = False
        self.hidden = False
        #: ``\\super`` or ``\\up`` N > 0: the text is raised (see :func:`caret_before`)
        self.raised = False
        self.revised = False
        self.deleted = False
        self.revauth = 0
        self.revauthdel = 0
        self.revdttm = 0
        self.revdttmdel = 0
        self.capture = ""
        #: a \field group: the URL its \fldinst names (HYPERLINK "url"), for its \fldrslt
        self.field_url = ""
        #: this group is a \fldrslt of a HYPERLINK field
        self.link_result = False
        self.upr = False  # this group is an \upr: its children other than \ud are skipped
        self.upr_child = False
        self.reset_paragraph()

    def reset_paragraph(self) -> None:
        """``\\pard``."""
        self.style = 0
        self.outline = -1
        self.ls = 0
        self.ilvl = 0
        self.intbl = False
        self.itap = 0
        self.pagebb = False

    def reset_character(self, default_font: int) -> None:
        """``\\plain``."""
        self.font = default_font
        self.bold = self.italic = self.hidden = self.raised = False
        self.revised = self.deleted = False
        self.revauth = self.revauthdel = self.revdttm = self.revdttmdel = 0

    def clone(self) -> _State:
        """A copy for a nested group."""
        new = _State.__new__(_State)
        new.dest = self.dest
        new.font = self.font
        new.uc = self.uc
        new.bold = self.bold
        new.italic = self.italic
        new.hidden = self.hidden
        new.raised = self.raised
        new.revised = self.revised
        new.deleted = self.deleted
        new.revauth = self.revauth
        new.revauthdel = self.revauthdel
        new.revdttm = self.revdttm
        new.revdttmdel = self.revdttmdel
        new.capture = self.capture
        new.field_url = self.field_url
        new.link_result = self.link_result
        new.upr = self.upr
        new.upr_child = self.upr_child
        new.style = self.style
        new.outline = self.outline
        new.ls = self.ls
        new.ilvl = self.ilvl
        new.intbl = self.intbl
        new.itap = self.itap
        new.pagebb = self.pagebb
        return new


_HYPERLINK = re.compile(r'HYPERLINK\s+(?:"([^"]*)"|(\\l)\s|([^\s"\\]\S*))?', re.I)


class _Reader:
    def __init__(self, data: bytes, limits: Limits, link_targets: bool = True) -> None:
        self.limits = limits
        self.link_targets = link_targets
        self.tokens = Tokenizer(data)
        self.state = _State()
        self.stack: list[_State] = []
        self.fresh = False  # the next token is the first of a group
        self.star = False
        self.buf = bytearray()
        self.skip_chars = 0
        self.pending_high = ""  # a high surrogate from \uN waiting for its low half
        self.chars = 0
        self.raise_pending = False  # a raised stretch began and has no text yet
        self.warnings: list[m.Message] = []
        # document facts
        self.doc_codec = DEFAULT_CODEC
        self.default_font = -1
        self.fonts: dict[int, str | None] = {}
        self.font_charset: dict[int, int] = {}
        self.font_cpg: dict[int, int] = {}
        self.cur_font = -1
        self.styles: dict[int, int] = {}  # style number -> heading level
        self.style_entry: _StyleEntry | None = None
        self.lists: dict[int, list[int]] = {}  # list id -> nfc per level
        self.cur_list: list[int] | None = None
        self.cur_list_id: int | None = None
        self.list_defs: list[tuple[int, list[int]]] = []
        self.overrides: dict[int, int] = {}  # ls -> list id
        self.cur_override_list: int | None = None
        self.revtbl: list[str] = []
        self.revtbl_names: list[str] = []
        self.title: list[str] = []
        self.captured: list[str] = []
        # stories
        self.body = Story("body", MAX_TABLE_NESTING)
        self.stories: list[tuple[Story, int]] = [(self.body, 0)]
        self.headers: list[Story] = []
        self.notes: list[Story] = []
        self.note_count = 0
        self.section = 0
        self.section_new_page: dict[int, bool] = {}
        self.annotations: dict[str, m.CommentInfo] = {}
        self.atn_fields: dict[str, str] = {}
        self.atn_count = 0
        self.ranges_used: set[str] = set()
        self.point_names: dict[str, str] = {}  # point key -> annotation name
        self.rev_run = 0
        self.last_rev: tuple[str, str, str] | None = None
        self.handlers: dict[str, Callable[[int | None], None]] = self._handlers()

    # ------------------------------------------------------------------ main loop

    def run(self) -> None:
        self._read_tokens()
        if self.buf:
            self._flush()
        if self.stack:
            self.warnings.append(
                m.Message(
                    "unbalanced-groups",
                    f"the RTF ends with {len(self.stack)} group(s) still open: "
                    "the file is truncated or its braces are "
                    "unbalanced; the text up to the end was kept",
                    "input",
                )
            )
            while self.stack:
                self._close_group()

    def _read_tokens(self) -> None:
        """Handle the tokens up to the end of the data or of the document group.

        The tokenizer's scan, done here with no generator between the scan and the
        handling (a generator step and a tuple per token were a tenth of the reader): one
        ``finditer`` pass, restarted where the position was moved (past ``\\binN``'s
        data, or past a group :meth:`_skip_group` skipped), exactly as
        :meth:`Tokenizer.__iter__` does.
        """
        tokens = self.tokens
        data = tokens.data
        end = len(data)
        finditer = TOKEN.finditer
        words: dict[bytes, Token] = {}  # (see read_word)
        handlers = self.handlers
        while tokens.pos < end:
            for found in finditer(data, tokens.pos):
                kind = found.lastindex
                after = found.end()
                tokens.pos = after
                if kind == 6:  # text
                    self._text_bytes(found.group(6))
                elif kind == 3:  # hex escape
                    self._hex(int(found.group(3), 16))
                elif kind is None:  # line ends
                    continue
                else:  # control word, group or control symbol
                    word: Token | None = None
                    if kind == 1 or kind == 2:
                        word = words.get(found.group())
                        if word is None:
                            word = read_word(found, words)
                            if word[1] == "bin":
                                tokens.pos = min(end, after + max(0, word[2] or 0))
                                break
                    self.skip_chars = 0
                    if self.buf:
                        self._flush()
                    if word is not None:
                        name: str = word[1]
                        param: int | None = word[2]
                        if self.fresh:
                            self.fresh = False
                            if self._destination(name, param):
                                if tokens.pos != after:
                                    break
                                continue
                        self.star = False
                        handler = handlers.get(name)
                        if handler is not None:
                            handler(param)
                        elif name in _SPECIAL_CHARS:
                            self._emit(_SPECIAL_CHARS[name])
                    elif kind == 5:
                        if found.group(5) == b"{":
                            self._open_group()
                        elif not self._end_group():
                            return  # the document group is closed: anything after it is ignored
                    else:
                        self._symbol(found.group(4).decode("latin-1"))
                if tokens.pos != after:
                    break
            else:
                return

    def _hex(self, byte: int) -> None:
        """``\\'hh``: a byte of text, unless it is one of ``\\uN``'s fallback bytes."""
        if self.skip_chars:
            self.skip_chars -= 1
        elif not (self.fresh and self._upr_child_skipped()):
            self.buf.append(byte)

    def _open_group(self) -> None:
        """``{``: a group starts, with a copy of the current state."""
        max_depth = self.limits.max_depth
        if len(self.stack) >= max_depth:
            raise NestingTooDeepError(
                f"the RTF nests groups more than Limits.max_depth={max_depth} levels deep; "
                "the file is damaged or hostile (raise the limit if it is genuine)"
            )
        parent = self.state
        self.stack.append(parent)
        self.state = parent.clone()
        self.state.upr_child = parent.upr
        self.state.upr = False
        self.fresh = True
        self.star = False

    def _end_group(self) -> bool:
        """``}``: the group ends; False once the document group has closed (or there was
        none to close)."""
        self.fresh = self.star = False
        if not self.stack:
            return False
        self._close_group()
        return bool(self.stack)

    def _symbol(self, char: str) -> None:
        if char == "*":
            self.star = True
            return
        if self.fresh and self._upr_child_skipped():
            return
        if char in ("\n", "\r"):
            self._par(None)
        elif char in _SYMBOLS:
            self._emit(_SYMBOLS[char])

    # ------------------------------------------------------------------ groups

    def _upr_child_skipped(self) -> bool:
        """At a group's first token: skip the group if it is ``\\upr``'s ASCII child (True)."""
        self.fresh = False
        if self.state.upr_child:
            self._skip_group()
            return True
        return False

    def _skip_group(self) -> None:
        """Skip the rest of the current group (its ``}`` included)."""
        self.buf.clear()
        closed = self.tokens.skip_group()
        self.state = self.stack.pop()
        if not closed:
            self.warnings.append(
                m.Message(
                    "truncated-group",
                    "the RTF ends inside a skipped group (truncated file?)",
                    "input",
                )
            )

    def _destination(self, name: str, param: int | None) -> bool:
        """Handle ``name`` as the group's destination word; True when it was one."""
        state = self.state
        star = self.star
        self.star = False
        dest = state.dest
        if state.upr_child:
            if name == "ud":
                state.upr_child = False
                return True
            self._skip_group()
            return True
        if dest == SKIP:
            self._skip_group()
            return True
        if name in SKIPPED:
            self._skip_group()
            return True
        if dest == FONTTBL:
            if star:
                self._skip_group()
                return True
            return False
        if dest == STYLESHEET:
            if star and name not in ("cs", "ds", "ts"):
                self._skip_group()
                return True
            return False
        if dest == INFO:
            if name == "title":
                state.dest = TITLE
            else:
                self._skip_group()
            return True
        if dest == LISTTABLE or dest == LISTOVERRIDE:
            if star:
                self._skip_group()
                return True
            return False
        if dest == PN:
            return False
        if dest in (LABEL, CAPTURE, TITLE, REVTBL):
            if star:
                self._skip_group()
                return True
            return False
        if name == "fonttbl":
            state.dest = FONTTBL
        elif name == "stylesheet":
            state.dest = STYLESHEET
        elif name == "info":
            state.dest = INFO
        elif name == "revtbl":
            state.dest = REVTBL
        elif name == "listtable":
            state.dest = LISTTABLE
        elif name == "listoverridetable":
            state.dest = LISTOVERRIDE
        elif name in ("listtext", "pntext"):
            state.dest = LABEL
        elif name == "pn":
            state.dest = PN
            self._story().pn = (0, True)
        elif name in _CAPTURES:
            state.dest = CAPTURE
            state.capture = name
            self.captured = [] if param is None else [str(param)]
        elif name == "upr":
            state.upr = True
        elif name == "fldrslt" and state.field_url and self.link_targets:
            state.link_result = True
            self._story().link = state.field_url
        elif name in _TRANSPARENT:
            pass
        elif name == "footnote":
            self._open_note()
        elif name == "annotation":
            self._open_annotation()
        elif name in _HF:
            self._open_header(name)
        elif star:
            self._skip_group()
        else:
            return False
        return True

    def _close_group(self) -> None:
        state = self.state
        depth = len(self.stack)
        self.state = self.stack.pop()
        dest = state.dest
        if dest == STYLESHEET and self.state.dest != STYLESHEET:
            self._end_style_entry()
        elif dest == FONTTBL and self.state.dest != FONTTBL:
            self._font_codecs()
        elif dest == REVTBL and self.state.dest != REVTBL:
            names = "".join(self.revtbl).split(";")
            self.revtbl_names = [clean_text(n).strip() for n in names[:-1]]
        elif dest == LISTTABLE and self.state.dest != LISTTABLE:
            self._end_list()
        elif dest == CAPTURE and self.state.dest != CAPTURE:
            self._end_capture(state.capture)
        if state.link_result and not self.state.link_result:
            self._story().link = ""
        if not self.stack:  # the document group: file its last paragraph
            while len(self.stories) > 1:
                self._finish_story(state)
            self.body.finish(self._props(state))
            return
        story, owner = self.stories[-1]
        if owner == depth and len(self.stories) > 1:
            self._finish_story(state)

    def _finish_story(self, state: _State) -> None:
        story, _owner = self.stories.pop()
        story.finish(self._props(state))
        if story.kind == "annotation":
            self._end_annotation(story)

    def _story(self) -> Story:
        return self.stories[-1][0]

    # ------------------------------------------------------------------ text

    def _text_bytes(self, data: bytes) -> None:
        if self.skip_chars:
            n = min(self.skip_chars, len(data))
            self.skip_chars -= n
            data = data[n:]
            if not data:
                return
        if self.fresh and self._upr_child_skipped():
            return
        self.buf += data

    def _flush(self) -> None:
        buf = self.buf
        codec = self.fonts.get(self.state.font) or self.doc_codec  # the font's, else the file's
        if buf.isascii() and ascii_compatible(codec):
            text = buf.decode("ascii")
        else:
            text = buf.decode(codec, errors="replace")
        buf.clear()
        self._emit(text)

    def _raise(self, on: bool) -> None:
        """``\\super``, ``\\up``, ``\\sub``, ``\\nosupersub``: the text from here is raised or not;
        the first text of a raised stretch may take a caret."""
        if on and not self.state.raised:
            self.raise_pending = True
        self.state.raised = on

    def _emit(self, text: str) -> None:
        """Route decoded text to the current destination."""
        state = self.state
        dest = state.dest
        if dest == BODY:
            if state.hidden:
                return
            self.chars += len(text)
            if self.chars > self.limits.max_chars:
                raise TextTooLargeError(
                    "the RTF holds more than "
                    f"Limits.max_chars={self.limits.max_chars:,} characters of text; "
                    "raise the limit to convert it"
                )
            story = self.stories[-1][0]
            if state.raised and self.raise_pending:
                # "EUR 500" and a raised "1": "EUR 500^1", never "EUR 5001"
                self.raise_pending = False
                if caret_before(story.last_char(), text):
                    text = "^" + text
            story.text(clean_text(text), state.bold, state.italic, self._rev())
        elif dest == LABEL:
            self._story().label.append(text)
        elif dest == TITLE:
            if sum(len(t) for t in self.title) < 1000:
                self.title.append(text)
        elif dest == REVTBL:
            self.revtbl.append(text)
        elif dest == CAPTURE:
            if sum(len(t) for t in self.captured) < 1000:
                self.captured.append(text)
        elif dest == STYLESHEET:
            entry = self.style_entry
            if entry is None:
                entry = self.style_entry = _StyleEntry(0, "s")
            parts = text.split(";")
            entry.name.append(parts[0])
            if len(parts) > 1:
                self._end_style_entry()
        elif dest == FONTTBL:
            pass

    def _rev(self) -> RevKey | None:
        state = self.state
        if state.deleted:
            key = ("del", self._author(state.revauthdel), dttm_date(state.revdttmdel))
        elif state.revised:
            key = ("ins", self._author(state.revauth), dttm_date(state.revdttm))
        else:
            self.last_rev = None
            return None
        if key != self.last_rev:
            self.rev_run += 1
            self.last_rev = key
        return RevKey(key[0], key[1], key[2], f"rtf-rev-{self.rev_run}")

    def _author(self, index: int) -> str:
        if 0 <= index < len(self.revtbl_names):
            return self.revtbl_names[index] or "Unknown"
        return "Unknown"

    # ------------------------------------------------------------------ paragraph props

    def _props(self, state: _State) -> ParaProps:
        heading = 0
        if 0 <= state.outline <= 8:
            heading = state.outline + 1
        elif state.style in self.styles:
            heading = self.styles[state.style]
        level = max(1, state.itap) if state.intbl or state.itap > 0 else 0
        props = ParaProps(heading, False, 0, None, "", state.pagebb, level)
        if state.ls > 0:
            props.is_item = True
            props.list_depth = max(0, min(state.ilvl, 8))
            levels = self.lists.get(self.overrides.get(state.ls, -1))
            if levels:
                nfc = levels[min(props.list_depth, len(levels) - 1)]
                props.ordered = nfc not in _BULLET_NFC
        return props

    def _par(self, _param: int | None) -> None:
        if self.state.dest != BODY:
            return
        self.stories[-1][0].end_paragraph(self._props(self.state))

    # ------------------------------------------------------------------ handlers

    def _handlers(self) -> dict[str, Callable[[int | None], None]]:
        s = self
        return {
            "par": s._par,
            "line": lambda p: s._leaf(m.LineBreak()),
            "page": lambda p: s._page(),
            "sect": lambda p: s._sect(),
            "sectd": lambda p: s._sbk(True),
            "sbknone": lambda p: s._sbk(False),
            "sbkcol": lambda p: s._sbk(False),
            "sbkpage": lambda p: s._sbk(True),
            "sbkeven": lambda p: s._sbk(True),
            "sbkodd": lambda p: s._sbk(True),
            "pard": s._pard,
            "plain": s._plain,
            "b": lambda p: setattr(s.state, "bold", p != 0),
            "i": lambda p: setattr(s.state, "italic", p != 0),
            "v": lambda p: setattr(s.state, "hidden", p != 0),
            "super": lambda p: s._raise(p != 0),
            "up": lambda p: s._raise(p is None or p > 0),
            "sub": lambda p: s._raise(False),
            "nosupersub": lambda p: s._raise(False),
            "webhidden": lambda p: setattr(s.state, "hidden", p != 0),
            "revised": lambda p: setattr(s.state, "revised", p != 0),
            "deleted": lambda p: setattr(s.state, "deleted", p != 0),
            "revauth": lambda p: setattr(s.state, "revauth", p or 0),
            "revauthdel": lambda p: setattr(s.state, "revauthdel", p or 0),
            "revdttm": lambda p: setattr(s.state, "revdttm", p or 0),
            "revdttmdel": lambda p: setattr(s.state, "revdttmdel", p or 0),
            "f": s._font,
            "uc": lambda p: setattr(s.state, "uc", max(0, min(p if p is not None else 1, 16))),
            "u": s._unicode,
            "s": s._style,
            "cs": s._char_style,
            "ds": s._char_style,
            "ts": s._char_style,
            "outlinelevel": s._outline,
            "ls": s._ls,
            "ilvl": lambda p: setattr(s.state, "ilvl", p or 0),
            "intbl": s._intbl,
            "itap": lambda p: setattr(s.state, "itap", max(0, p or 0)),
            "pagebb": lambda p: setattr(s.state, "pagebb", p != 0),
            "cell": s._cell,
            "nestcell": lambda p: s._cell(p, 2),
            "row": lambda p: s._row(False),
            "nestrow": lambda p: s._row(True),
            "trowd": lambda p: s._trowd(),
            "cellx": s._cellx,
            "clmgf": lambda p: setattr(s._rowdef(), "pending_h", "first"),
            "clmrg": lambda p: setattr(s._rowdef(), "pending_h", "cont"),
            "clvmgf": lambda p: setattr(s._rowdef(), "pending_v", "first"),
            "clvmrg": lambda p: setattr(s._rowdef(), "pending_v", "cont"),
            "trhdr": lambda p: setattr(s._rowdef(), "header", p != 0),
            "ansicpg": s._ansicpg,
            "mac": lambda p: s._doc_codepage(10000),
            "pc": lambda p: s._doc_codepage(437),
            "pca": lambda p: s._doc_codepage(850),
            "deff": lambda p: s._deff(p),
            "fcharset": s._fcharset,
            "cpg": s._cpg,
            "list": s._list,
            "listlevel": s._listlevel,
            "levelnfc": s._levelnfc,
            "levelnfcn": s._levelnfc,
            "listid": s._listid,
            "listoverride": s._listoverride,
            "pnlvl": lambda p: s._pn(level=p),
            "pnlvlblt": lambda p: s._pn(level=1, ordered=False),
            "pnlvlbody": lambda p: s._pn(level=1),
            "pnlvlcont": lambda p: s._pn(level=1),
            "pndec": lambda p: s._pn(ordered=True),
            "pnucrm": lambda p: s._pn(ordered=True),
            "pnlcrm": lambda p: s._pn(ordered=True),
            "pnucltr": lambda p: s._pn(ordered=True),
            "pnlcltr": lambda p: s._pn(ordered=True),
            "ftnalt": lambda p: s._endnote(),
        }

    def _pard(self, _param: int | None) -> None:
        self.state.reset_paragraph()

    def _plain(self, _param: int | None) -> None:
        self.state.reset_character(self.default_font)

    def _intbl(self, param: int | None) -> None:
        self.state.intbl = param != 0

    def _leaf(self, leaf: m.LineBreak) -> None:
        if self.state.dest == BODY and not self.state.hidden:
            self._story().leaf(leaf, self._rev())

    def _page(self) -> None:
        if self.state.dest == BODY:
            self._story().page_break()

    def _sect(self) -> None:
        if self.state.dest != BODY or self._story() is not self.body:
            return
        self.body.section_break(self.section, self._props(self.state))
        self.section += 1

    def _sbk(self, new_page: bool) -> None:
        self.section_new_page[self.section] = new_page

    def _font(self, param: int | None) -> None:
        if self.state.dest == FONTTBL:
            self.cur_font = param if param is not None else -1
            self.fonts.setdefault(self.cur_font, None)
            return
        self.state.font = param if param is not None else -1

    def _fcharset(self, param: int | None) -> None:
        if self.state.dest == FONTTBL and param is not None:
            self.font_charset[self.cur_font] = param

    def _cpg(self, param: int | None) -> None:
        if self.state.dest == FONTTBL and param is not None:
            self.font_cpg[self.cur_font] = param

    def _ansicpg(self, param: int | None) -> None:
        self._doc_codepage(param)

    def _doc_codepage(self, codepage: int | None) -> None:
        codec = codec_for_codepage(codepage)
        if codec is None:
            if codepage is not None:
                self._unknown_codepage(codepage, "\\ansicpg")
            codec = DEFAULT_CODEC
        self.doc_codec = codec

    def _unknown_codepage(self, codepage: int, where: str) -> None:
        """Note a code page Python cannot decode (once per code page and place)."""
        if where == "\\ansicpg":
            text = f"unknown RTF code page {codepage}: text was decoded as cp1252"
        else:
            text = (
                f"unknown RTF code page {codepage} ({where}): its text was decoded with the "
                "document's code page"
            )
        message = m.Message("unknown-codepage", text, where)
        if message not in self.warnings:
            self.warnings.append(message)

    def _deff(self, param: int | None) -> None:
        self.default_font = param if param is not None else -1
        if self.state.font < 0:
            self.state.font = self.default_font
        for st in self.stack:
            if st.font < 0:
                st.font = self.default_font

    def _font_codecs(self) -> None:
        """Resolve every font's codec (after the font table is read)."""
        for font in self.fonts:
            codepage = self.font_cpg.get(font)
            if codepage is None:
                charset = self.font_charset.get(font)
                codepage = codepage_for_charset(charset) if charset is not None else None
            codec = codec_for_codepage(codepage) if codepage is not None else None
            if codepage is not None and codec is None:
                self._unknown_codepage(codepage, f"font {font}")
            self.fonts[font] = codec

    def _unicode(self, param: int | None) -> None:
        if param is None:
            return
        if param < 0:
            param += 65536
        char = chr(param) if 0 <= param <= 0xFFFF else "\ufffd"
        self._emit_unicode(char)
        self.skip_chars = self.state.uc

    def _emit_unicode(self, char: str) -> None:
        if self.pending_high and 0xDC00 <= ord(char) <= 0xDFFF:
            char = (
                (self.pending_high + char)
                .encode("utf-16-le", "surrogatepass")
                .decode("utf-16-le", "replace")
            )
            self.pending_high = ""
            self._emit(char)
            return
        if self.pending_high:
            self._emit(self.pending_high)
            self.pending_high = ""
        if 0xD800 <= ord(char) <= 0xDBFF:
            self.pending_high = char
            return
        self._emit(char)

    # ---------------------------------------------------------------- styles and lists

    def _style(self, param: int | None) -> None:
        if self.state.dest == STYLESHEET:
            self._new_style_entry(param or 0, "s")
        else:
            self.state.style = param or 0

    def _char_style(self, param: int | None) -> None:
        if self.state.dest == STYLESHEET:
            self._new_style_entry(param or 0, "c")

    def _new_style_entry(self, number: int, kind: str) -> None:
        entry = self.style_entry
        if entry is not None and (entry.name or entry.kind != "s" or entry.number != 0):
            self._end_style_entry()
        self.style_entry = _StyleEntry(number, kind)

    def _outline(self, param: int | None) -> None:
        if self.state.dest == STYLESHEET:
            if self.style_entry is None:
                self.style_entry = _StyleEntry(0, "s")
            self.style_entry.outline = param if param is not None else -1
        else:
            self.state.outline = param if param is not None else -1

    def _end_style_entry(self) -> None:
        entry = self.style_entry
        self.style_entry = None
        if entry is None or entry.kind != "s":
            return
        name = " ".join("".join(entry.name).split())
        found = _HEADING_NAME.match(name)
        if found:
            self.styles[entry.number] = int(found.group(1))
        elif 0 <= entry.outline <= 8:
            self.styles[entry.number] = entry.outline + 1

    def _list(self, _param: int | None) -> None:
        if self.state.dest == LISTTABLE:
            self._end_list()
            self.cur_list = []
            self.cur_list_id = None

    def _listlevel(self, _param: int | None) -> None:
        if self.state.dest == LISTTABLE and self.cur_list is not None and len(self.cur_list) < 9:
            self.cur_list.append(0)

    def _levelnfc(self, param: int | None) -> None:
        if self.state.dest == LISTTABLE and self.cur_list:
            self.cur_list[-1] = param or 0

    def _listid(self, param: int | None) -> None:
        if self.state.dest == LISTTABLE:
            self.cur_list_id = param
        elif self.state.dest == LISTOVERRIDE:
            self.cur_override_list = param

    def _end_list(self) -> None:
        if self.cur_list is not None and self.cur_list_id is not None:
            self.lists[self.cur_list_id] = self.cur_list
        self.cur_list = None
        self.cur_list_id = None

    def _listoverride(self, _param: int | None) -> None:
        if self.state.dest == LISTOVERRIDE:
            self.cur_override_list = None

    def _ls(self, param: int | None) -> None:
        if self.state.dest == LISTOVERRIDE:
            if param is not None and self.cur_override_list is not None:
                self.overrides[param] = self.cur_override_list
            return
        self.state.ls = param or 0

    def _pn(self, level: int | None = None, ordered: bool | None = None) -> None:
        if self.state.dest != PN:
            return
        story = self._story()
        cur_level, cur_ordered = story.pn or (0, True)
        if level is not None:
            cur_level = max(0, min(level - 1, 8))
        if ordered is not None:
            cur_ordered = ordered
        story.pn = (cur_level, cur_ordered)

    # ------------------------------------------------------------------ tables

    def _row_level(self) -> int:
        """The table level a row definition is for: ``\\itapN`` in nested rows, else 1."""
        itap = self.state.itap
        return itap if itap > 1 else 1

    def _rowdef(self) -> RowDef:
        return self.stories[-1][0].row_def(self._row_level())

    def _trowd(self) -> None:
        self.stories[-1][0].new_row_def(self._row_level())

    def _cellx(self, param: int | None) -> None:
        self._rowdef().add_cell(param or 0)

    def _cell(self, _param: int | None, nested: int = 1) -> None:
        if self.state.dest != BODY:
            return
        props = self._props(self.state)
        props.level = max(props.level, nested, 1)
        self.stories[-1][0].end_cell(props)

    def _row(self, nested: bool) -> None:
        if self.state.dest != BODY:
            return
        level = max(2, self.state.itap) if nested else 1
        self._story().end_row(level)

    # ------------------------------------------------------------------ stories

    def _open_note(self) -> None:
        self.note_count += 1
        label = str(self.note_count)
        self._story().leaf(m.NoteRef(label), self._rev())
        note = Story("footnote", MAX_TABLE_NESTING)
        note.note_label = label
        self.notes.append(note)
        self._push_story(note)

    def _endnote(self) -> None:
        story = self._story()
        if story.kind == "footnote":
            story.kind = "endnote"

    def _open_header(self, name: str) -> None:
        kind, variant = _HF[name]
        story = Story(kind, MAX_TABLE_NESTING)
        story.variant = variant
        story.sections = (self.section,)
        self.headers.append(story)
        self._push_story(story)

    def _open_annotation(self) -> None:
        self.atn_count += 1
        key = f"#{self.atn_count}"
        self._story().leaf(CommentPoint(key))
        story = Story("annotation", MAX_TABLE_NESTING)
        story.note_label = key
        self._push_story(story)

    def _push_story(self, story: Story) -> None:
        self.state.dest = BODY
        self.state.reset_paragraph()
        self.state.hidden = False
        self.stories.append((story, len(self.stack)))

    def _end_capture(self, name: str) -> None:
        text = clean_text("".join(self.captured)).strip()
        self.captured = []
        if name == "atrfstart":
            if self._story().comment_start(text):
                self.ranges_used.add(text)
        elif name == "atrfend":
            self._story().comment_end(text)
        elif name in ("atnid", "atnauthor", "atndate", "atnref", "atntime"):
            self.atn_fields[name] = text
        elif name == "fldinst":
            found = _HYPERLINK.match(text)
            if found and not found.group(2):  # (\l "bookmark" points inside the document)
                self.state.field_url = found.group(1) or found.group(3) or ""

    def _end_annotation(self, story: Story) -> None:
        fields = self.atn_fields
        self.atn_fields = {}
        name = fields.get("atnref") or story.note_label
        date = ""
        raw_date = fields.get("atndate", "")
        if raw_date.lstrip("-").isdigit():
            value = int(raw_date)
            date = dttm_date(value if value >= 0 else value + 2**32)
        author = fields.get("atnauthor") or fields.get("atnid") or "Unknown"
        self.annotations[name] = m.CommentInfo(
            comment_id=f"rtf-{name}", author=author, date=date, text=story.plain_text()
        )
        self.point_names[story.note_label] = name

    # ------------------------------------------------------------------ result

    def document(self) -> m.Document:
        annotations = self.annotations
        used = self.ranges_used

        def comment(name: str) -> m.CommentInfo | None:
            return annotations.get(name)

        def point(key: str) -> m.CommentInfo | None:
            name = self.point_names.get(key)
            if name is None or name in used:
                return None
            return annotations.get(name)

        resolver = (comment, point)

        def new_page(index: int) -> bool:
            return self.section_new_page.get(index, True)

        body = self.body.blocks(resolver, new_page)
        headers = []
        for story in self.headers:
            blocks = story.blocks(resolver, new_page)
            if blocks:
                headers.append(
                    m.HeaderFooter(
                        kind=cast("m.HeaderFooterKind", story.kind),
                        blocks=blocks,
                        sections=story.sections,
                        variant=cast("m.HeaderFooterVariant", story.variant),
                    )
                )
        notes = []
        for story in self.notes:
            blocks = story.blocks(resolver, new_page)
            notes.append(
                m.Note(
                    label=story.note_label,
                    blocks=blocks,
                    kind="endnote" if story.kind == "endnote" else "footnote",
                )
            )
        title = " ".join(clean_text("".join(self.title)).split())
        return m.Document(
            body=body,
            title=title,
            headers=tuple(headers),
            notes=tuple(notes),
            warnings=tuple(self.warnings),
        )


def _check_header(data: bytes) -> bytes:
    start = data[:64].lstrip(b"\xef\xbb\xbf \t\r\n\x00")
    if not start.startswith(b"{\\rtf"):
        raise CorruptDocumentError(
            "the input is not RTF: it does not start with '{\\rtf'; "
            "check the file or pass the right doc_type",
            part="header",
        )
    if b"\\bin" not in data:
        sample = data[:65536]
        nuls = sample.count(0)
        controls = sum(sample.count(bytes([c])) for c in range(1, 9)) + sum(
            sample.count(bytes([c])) for c in range(14, 32)
        )
        if nuls + controls > 0.05 * len(sample) + 16:
            raise CorruptDocumentError(
                "the RTF holds binary garbage (NUL or control bytes outside \\bin data): "
                "the file is damaged",
                part="body",
            )
    return data[data.find(b"{\\rtf") :]


_BLOCK_WORD = re.compile(rb"\\(?:par|row|cell|nestcell|line|sect|page)(?![a-z])")


def _check_blocks(data: bytes, limits: Limits) -> None:
    """Refuse more paragraph, cell, row and line ends than ``Limits.max_blocks`` before
    reading (each becomes objects in every later stage)."""
    if data.count(b"\\") < limits.max_blocks:
        return
    count = sum(1 for _ in _BLOCK_WORD.finditer(data))  # (constant memory: no list of matches)
    if count > limits.max_blocks:
        raise LimitExceededError(
            f"the RTF has {count:,} paragraph, cell and line ends, over Limits.max_blocks="
            f"{limits.max_blocks:,}: raise Limits.max_blocks to convert it, or split the file"
        )


def read_rtf(
    data: bytes | str, limits: Limits, options: ReadOptions = DEFAULT_OPTIONS
) -> m.Document:
    """Read RTF into a document (see the module docstring for what is kept). A ``str`` is
    RTF's 7-bit source text: it is encoded as Latin-1 (what is not Latin-1 becomes ``?``)."""
    if isinstance(data, str):
        data = data.encode("latin-1", errors="replace")
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise CorruptDocumentError("read_rtf takes the file's bytes", part="input")
    data = _check_header(bytes(data))
    _check_blocks(data, limits)
    reader = _Reader(data, limits, options.link_targets)
    try:
        reader.run()
        return reader.document()
    finally:
        # The handlers are the reader's bound methods and closures over it: a reference
        # cycle that would keep everything it read alive until the collector's next pass
        # (which then walks it all, with the collector paused for the conversion).
        reader.handlers.clear()
