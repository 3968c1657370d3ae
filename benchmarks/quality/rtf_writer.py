"""Write a :class:`~benchmarks.quality.docmodel.Doc` as RTF, the way Word saves it.

Headings carry ``\\outlinelevelN`` and a "heading N" style; tables are ``\\trowd`` rows with
``\\trhdr`` header rows, ``\\clmgf``/``\\clmrg`` (horizontal) and ``\\clvmgf``/``\\clvmrg``
(vertical) merges; revisions are ``\\revised``/``\\deleted`` groups with ``\\revauth`` indexes
into ``\\revtbl`` and DTTM dates; comments are annotations anchored by
``\\atrfstart``/``\\atrfend``; footnotes are ``\\footnote`` destinations; the page header
and footer are ``\\header``/``\\footer`` destinations. Non-ASCII characters are ``\\uN``.
"""

from __future__ import annotations

import datetime as dt

from benchmarks.quality.docmodel import (
    Block,
    Bullet,
    Com,
    Del,
    Doc,
    FnRef,
    Heading,
    Inline,
    Ins,
    Para,
    T,
    Table,
)


def _esc(text: str) -> str:
    out: list[str] = []
    for ch in text:
        if ch in "\\{}":
            out.append("\\" + ch)
        elif ord(ch) < 128:
            out.append(ch)
        else:
            code = ord(ch)
            out.append(f"\\u{code if code < 32768 else code - 65536}?")
    return "".join(out)


def dttm(date: str) -> int:
    """The RTF/Word DTTM packing of an ISO date at 09:00."""
    d = dt.date.fromisoformat(date)
    weekday = (d.weekday() + 1) % 7  # DTTM: 0 = Sunday
    return 0 | (9 << 6) | (d.day << 11) | (d.month << 16) | ((d.year - 1900) << 20) | (weekday << 29)


class _Writer:
    def __init__(self, doc: Doc) -> None:
        self.doc = doc
        self.authors: list[str] = ["Unknown"]
        self.atn = 0

    def _author(self, name: str) -> int:
        if name not in self.authors:
            self.authors.append(name)
        return self.authors.index(name)

    def inline(self, content: Inline) -> str:
        out: list[str] = []
        for r in content:
            if isinstance(r, T):
                fmt = ("\\b " if r.bold else "") + ("\\i " if r.italic else "")
                out.append("{" + fmt + _esc(r.text) + "}" if fmt else _esc(r.text))
            elif isinstance(r, Ins):
                out.append(f"{{\\revised\\revauth{self._author(r.author)}\\revdttm{dttm(r.date)} {_esc(r.text)}}}")
            elif isinstance(r, Del):
                out.append(f"{{\\deleted\\revauthdel{self._author(r.author)}\\revdttmdel{dttm(r.date)} {_esc(r.text)}}}")
            elif isinstance(r, Com):
                self.atn += 1
                n = self.atn
                initials = "".join(w[0] for w in r.author.split() if w[:1].isalpha())
                out.append(
                    f"{{\\*\\atrfstart {n}}}{_esc(r.anchor)}{{\\*\\atrfend {n}}}"
                    f"{{\\*\\atnid {_esc(initials)}}}{{\\*\\atnauthor {_esc(r.author)}}}\\chatn"
                    f"{{\\*\\annotation{{\\*\\atnref {n}}}{{\\*\\atndate {dttm(r.date)}}}\\pard\\plain {{\\chatn }}{_esc(r.note)}}}"
                )
            elif isinstance(r, FnRef):
                text = self.doc.footnotes[r.num - 1]
                out.append(f"{{\\super\\chftn}}{{\\footnote\\pard\\plain {{\\super\\chftn}} {_esc(text)}}}")
        return "".join(out)

    def table(self, t: Table) -> str:
        ncols = max(sum(c.span for c in row.cells) for row in t.rows)
        width = 9000 // ncols
        rows: list[str] = []
        for row in t.rows:
            defs = ["\\trowd\\trgaph108" + ("\\trhdr" if row.header else "")]
            texts: list[str] = []
            col = 0
            for c in row.cells:
                for k in range(c.span):
                    merge = ""
                    if c.span > 1:
                        merge += "\\clmgf" if k == 0 else "\\clmrg"
                    if c.vmerge == "restart":
                        merge += "\\clvmgf"
                    elif c.vmerge == "continue":
                        merge += "\\clvmrg"
                    col += 1
                    defs.append(f"{merge}\\cellx{col * width}")
                    first = k == 0 and c.vmerge != "continue"
                    texts.append((self.inline(c.content) if first else "") + "\\cell")
            rows.append("".join(defs) + "\n\\pard\\plain\\intbl " + " ".join(texts) + "\\row")
        return "\n".join(rows) + "\n\\pard\\plain\\par"

    def block(self, b: Block) -> str:
        if isinstance(b, Heading):
            return f"\\pard\\plain\\s{b.level}\\outlinelevel{b.level - 1}\\b\\fs{34 - 4 * b.level} {_esc(b.text)}\\par"
        if isinstance(b, Para):
            return f"\\pard\\plain {self.inline(b.content)}\\par"
        if isinstance(b, Bullet):
            return f"\\pard\\plain\\fi-360\\li720 {{\\listtext \\u8226?\\tab}}{self.inline(b.content)}\\par"
        return self.table(b)


def write_rtf(doc: Doc) -> bytes:
    """The RTF bytes of ``doc`` (7-bit ASCII)."""
    w = _Writer(doc)
    body = "\n".join(w.block(b) for b in doc.blocks)
    head = [
        "{\\rtf1\\ansi\\ansicpg1252\\deff0",
        "{\\fonttbl{\\f0\\fswiss\\fcharset0 Arial;}}",
        "{\\stylesheet{\\s0 Normal;}{\\s1\\b\\fs30 heading 1;}{\\s2\\b\\fs26 heading 2;}{\\s3\\b\\fs22 heading 3;}}",
        "{\\*\\revtbl " + "".join("{" + _esc(a) + ";}" for a in w.authors) + "}",
        "{\\info{\\title " + _esc(doc.title) + "}}",
    ]
    if doc.header:
        head.append("{\\header \\pard\\plain " + _esc(doc.header) + "\\par}")
    if doc.footer:
        head.append("{\\footer \\pard\\plain " + _esc(doc.footer) + "\\par}")
    title = "\\pard\\plain\\qc\\b\\fs36 " + _esc(doc.title) + "\\par"
    return ("\n".join(head) + "\n" + title + "\n" + body + "\n}").encode("ascii")
