"""PPTX reader: PresentationML (Transitional and Strict) read with lxml under the zip limits
of :class:`dan.readers.zippkg.ZipPackage`.

A slide is a page (the document is paged: ``ssPage`` is the slide number). Its title
placeholder is a level-1 heading; its other shapes follow in reading order (top to bottom,
then left to right, by their own position or their layout placeholder's): text boxes as
paragraphs, body placeholders' paragraphs as list items (bulleted or numbered, by level),
tables (merged cells kept), SmartArt diagrams' text as nested lists in the diagram's
order (:mod:`dan.readers.pptx.smartart`), groups walked, pictures' alternative text.
Speaker notes follow their slide in a quote that opens with **Speaker notes:**; slide
comments (the legacy list and the 2018 threaded one) are comments with their authors at
the slide's end. Hidden slides are left out unless ``ReadOptions.keep_hidden`` (then their
title says ``(hidden slide)``); their page numbers are kept.
"""

from __future__ import annotations

import posixpath

from lxml import etree

from dan import model as m
from dan.errors import CorruptDocumentError, LimitExceededError
from dan.limits import Limits
from dan.readers.budget import TextBudget
from dan.readers.options import DEFAULT_OPTIONS, ReadOptions
from dan.readers.pptx.smartart import DGM, diagram_blocks
from dan.readers.zippkg import ZipPackage
from dan.textclean import clean_text

__all__ = ["read_pptx"]

P_NS = "http://schemas.openxmlformats.org/presentationml/2006/main"
A_NS = "http://schemas.openxmlformats.org/drawingml/2006/main"
R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
MC_NS = "http://schemas.openxmlformats.org/markup-compatibility/2006"
_P = "{" + P_NS + "}"
_A = "{" + A_NS + "}"
_R = "{" + R_NS + "}"
_MC = "{" + MC_NS + "}"
_C = "{http://schemas.openxmlformats.org/drawingml/2006/chart}"
#: Charts read per deck (each is one small part; more are left out).
MAX_CHARTS = 500
#: SmartArt diagrams read per deck (likewise).
MAX_DIAGRAMS = 500
_DC_TITLE = "{http://purl.org/dc/elements/1.1/}title"
_TITLES = ("title", "ctrTitle")
_SKIP_PLACEHOLDERS = ("sldNum", "dt", "ftr", "hdr", "sldImg")
_BODY_PLACEHOLDERS = ("body", "obj", "")


class _Deck(ZipPackage):
    rewrites = (
        (b"http://purl.oclc.org/ooxml/presentationml/main", P_NS.encode()),
        (b"http://purl.oclc.org/ooxml/drawingml/main", A_NS.encode()),
        (b"http://purl.oclc.org/ooxml/officeDocument/relationships", R_NS.encode()),
        (
            b"http://purl.oclc.org/ooxml/drawingml/chart",
            b"http://schemas.openxmlformats.org/drawingml/2006/chart",
        ),
        (
            b"http://purl.oclc.org/ooxml/drawingml/diagram",
            b"http://schemas.openxmlformats.org/drawingml/2006/diagram",
        ),
    )


def _local(tag: object) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _placeholder(sp: etree._Element) -> tuple[str, str] | None:
    """(type, idx) of a shape's placeholder, or None for a free shape."""
    for nv in sp:
        if _local(nv.tag).startswith("nv"):
            nvpr = nv.find(_P + "nvPr")
            ph = nvpr.find(_P + "ph") if nvpr is not None else None
            if ph is not None:
                return ph.get("type", ""), ph.get("idx", "")
    return None


def _offset(sp: etree._Element) -> tuple[int, int] | None:
    for tag in (_P + "spPr", _P + "grpSpPr", _P + "xfrm"):
        el = sp.find(tag)
        if el is None:
            continue
        off = el.find(".//" + _A + "off") if tag != _P + "xfrm" else el.find(_A + "off")
        if off is not None:
            try:
                return int(off.get("y", "0")), int(off.get("x", "0"))
            except ValueError:
                return None
    return None


class _Reader:
    def __init__(self, pkg: _Deck, limits: Limits, options: ReadOptions) -> None:
        self.pkg = pkg
        self.limits = limits
        self.options = options
        self.count = TextBudget(limits, "the deck holds").count
        self.warnings: list[m.Message] = []
        self.authors: dict[str, str] = {}
        self.links: dict[str, str] = {}
        self.layout_pos: dict[tuple[str, str], tuple[int, int]] = {}
        self.charts: dict[str, str] = {}
        self.chart_count = 0
        self.diagrams: dict[str, str] = {}
        self.diagram_count = 0
        self._positions: dict[str, dict[tuple[str, str], tuple[int, int]]] = {}

    def optional(self, part: str, what: str) -> etree._Element | None:
        return self.pkg.optional_xml(part, what, self.warnings)

    # ------------------------------------------------------------------ deck

    def read(self) -> m.Document:
        main = None
        for rtype, target, external in self.pkg.rels("").values():
            if rtype == "officeDocument" and not external and self.pkg.has(target):
                main = target
        if main is None:
            if not self.pkg.has("ppt/presentation.xml"):
                raise CorruptDocumentError(
                    "the zip has no ppt/presentation.xml: it is not a PowerPoint deck "
                    "(or it is damaged)",
                    part="ppt/presentation.xml",
                )
            main = "ppt/presentation.xml"
        pres = self.pkg.xml(main)
        rels = self.pkg.rels(main)
        for rtype, target, external in rels.values():
            if rtype in ("commentAuthors", "authors") and not external and self.pkg.has(target):
                root = self.optional(target, "comment authors")
                for a in root.iter() if root is not None else ():
                    if _local(a.tag) in ("cmAuthor", "author") and a.get("id") is not None:
                        self.authors[a.get("id", "")] = clean_text(a.get("name", "")).strip()
        body: list[m.Block] = []
        first_title = ""
        ids = pres.find(_P + "sldIdLst")
        number = 0
        for sid in ids.iterchildren(_P + "sldId") if ids is not None else ():
            found = rels.get(sid.get(_R + "id", ""))
            if found is None or found[2] or not self.pkg.has(found[1]):
                continue
            number += 1
            if number > self.limits.max_pages:
                raise LimitExceededError(
                    f"the deck has more than Limits.max_pages={self.limits.max_pages:,} slides: "
                    "raise Limits.max_pages to convert it"
                )
            if number > 1:
                body.append(m.PageBreak(rendered=True))
            root = self.optional(found[1], f"slide {number}")
            if root is None:
                continue
            hidden = root.get("show", "1").lower() in ("0", "false")
            if hidden and not self.options.keep_hidden:
                continue
            blocks, title = self.slide(root, found[1], number, hidden)
            first_title = first_title or title
            body.extend(blocks)
        return m.Document(
            body=tuple(body),
            title=self.core_title() or first_title,
            warnings=tuple(self.warnings),
            paged=True,
        )

    def core_title(self) -> str:
        for rtype, target, external in self.pkg.rels("").values():
            if rtype == "core-properties" and not external and self.pkg.has(target):
                root = self.optional(target, "document properties")
                el = root.find(_DC_TITLE) if root is not None else None
                if el is not None and el.text:
                    return clean_text(el.text).strip()
        return ""

    # ------------------------------------------------------------------ one slide

    def slide(
        self, root: etree._Element, part: str, number: int, hidden: bool
    ) -> tuple[list[m.Block], str]:
        rels = self.pkg.rels(part)
        self.links = {rid: t for rid, (ty, t, ext) in rels.items() if ext and ty == "hyperlink"}
        self.charts = {
            rid: t
            for rid, (ty, t, ext) in rels.items()
            if ty == "chart" and not ext and self.pkg.has(t)
        }
        self.diagrams = {
            rid: t
            for rid, (ty, t, ext) in rels.items()
            if ty == "diagramData" and not ext and self.pkg.has(t)
        }
        self.layout_pos = {}
        notes: list[m.Block] = []
        comments: list[m.Block] = []
        for rtype, target, external in rels.values():
            if external or not self.pkg.has(target):
                continue
            if rtype == "slideLayout":
                self.layout_pos = self.layout_positions(target)
            elif rtype == "notesSlide":
                notes_root = self.optional(target, f"notes of slide {number}")
                if notes_root is not None:
                    notes = self.notes(notes_root, target)
            elif rtype == "comments":
                comments = self.comments(target, number)
        tree = root.find(f"{_P}cSld/{_P}spTree")
        title: list[m.Inline] = []
        blocks: list[m.Block] = []
        if tree is not None:
            title, blocks = self.shapes(tree, 0)
        out: list[m.Block] = []
        title_text = "".join(t.text for t in title if isinstance(t, m.Text)).strip()
        if title or hidden:
            if hidden:
                title = [*title, m.Text(" (hidden slide)" if title else "(hidden slide)")]
            out.append(m.Heading(1, tuple(title)))
        out.extend(blocks)
        if notes:
            out.append(m.Quote((m.Paragraph((m.Text("Speaker notes:", bold=True),)), *notes)))
        out.extend(comments)
        return out, title_text

    def layout_positions(self, layout: str) -> dict[tuple[str, str], tuple[int, int]]:
        """Where a layout's placeholders sit (their own position, else their master's), by
        (type, idx), (type, "") and ("", idx); each layout and master read once."""
        if layout in self._positions:
            return self._positions[layout]
        out: dict[tuple[str, str], tuple[int, int]] = {}
        self._positions[layout] = out
        root = self.optional(layout, "slide layout")
        if root is None:
            return out
        master: dict[tuple[str, str], tuple[int, int]] = {}
        for rtype, target, external in self.pkg.rels(layout).values():
            if rtype == "slideMaster" and not external and self.pkg.has(target):
                if target not in self._positions:
                    self._positions[target] = {}
                    master_root = self.optional(target, "slide master")
                    if master_root is not None:
                        self._positions[target] = self._placed(master_root, {})
                master = self._positions[target]
        out.update(self._placed(root, master))
        return out

    @staticmethod
    def _placed(
        root: etree._Element, master: dict[tuple[str, str], tuple[int, int]]
    ) -> dict[tuple[str, str], tuple[int, int]]:
        out: dict[tuple[str, str], tuple[int, int]] = {}
        for sp in root.iter(_P + "sp"):
            ph = _placeholder(sp)
            if ph is None:
                continue
            pos = _offset(sp)
            if pos is None or pos == (0, 0):
                kind = ph[0] or "body"
                pos = master.get((kind, "")) or master.get(("", ph[1])) or pos
            if pos is not None:
                out.setdefault(ph, pos)
                out.setdefault((ph[0] or "body", ""), pos)
                out.setdefault(("", ph[1]), pos)
        return out

    def shapes(self, tree: etree._Element, depth: int) -> tuple[list[m.Inline], list[m.Block]]:
        """The title (inlines) and the other shapes' blocks of a shape tree, in reading order."""
        if depth > self.limits.max_depth:
            raise LimitExceededError(
                f"the slide nests groups more than Limits.max_depth={self.limits.max_depth} deep"
            )
        title: list[m.Inline] = []
        placed: list[tuple[tuple[int, int], int, list[m.Block]]] = []
        for order, sp in enumerate(self.children(tree)):
            tag = _local(sp.tag)
            ph = _placeholder(sp)
            pos = _offset(sp)
            if pos is None and ph is not None:
                pos = (
                    self.layout_pos.get(ph)
                    or self.layout_pos.get((ph[0], ""))
                    or self.layout_pos.get(("", ph[1]))
                )
            key = pos if pos is not None else (-1, order)
            if tag == "sp":
                if ph is not None and ph[0] in _SKIP_PLACEHOLDERS:
                    continue
                body = sp.find(_P + "txBody")
                if body is None:
                    continue
                if ph is not None and ph[0] in _TITLES and not title:
                    title = self.title_inlines(body)
                    continue
                listed = ph is not None and ph[0] in _BODY_PLACEHOLDERS
                placed.append((key, order, self.text_body(body, listed)))
            elif tag == "grpSp":
                sub_title, sub = self.shapes(sp, depth + 1)
                if sub_title and not title:
                    title = sub_title
                elif sub_title:
                    sub.insert(0, m.Paragraph(tuple(sub_title)))
                placed.append((key, order, sub))
            elif tag == "graphicFrame":
                tbl = sp.find(f".//{_A}tbl")
                if tbl is not None:
                    placed.append((key, order, [self.table(tbl)]))
                chart = sp.find(f".//{_C}chart")
                if chart is not None:
                    placed.append((key, order, self.chart(chart.get(_R + "id", ""))))
                diagram = sp.find(f".//{DGM}relIds")
                if diagram is not None:
                    placed.append((key, order, self.diagram(diagram.get(_R + "dm", ""))))
            elif tag == "pic":
                alt = self.alt_text(sp)
                if alt:
                    placed.append((key, order, [m.Paragraph((m.Image(alt=alt),))]))
        placed.sort(key=lambda item: (item[0], item[1]))
        return title, [b for _, _, blocks in placed for b in blocks]

    def chart(self, rid: str) -> list[m.Block]:
        """A chart's title and cached data as a table (as the DOCX reader reads charts)."""
        from dan.readers.docx.charts import chart_blocks

        target = self.charts.get(rid)
        if target is None or self.chart_count >= MAX_CHARTS:
            return []
        self.chart_count += 1
        root = self.optional(target, "chart")
        return chart_blocks(root) if root is not None else []

    def diagram(self, rid: str) -> list[m.Block]:
        """A SmartArt diagram's text as a nested list, in the diagram's order."""
        target = self.diagrams.get(rid)
        if target is None or self.diagram_count >= MAX_DIAGRAMS:
            return []
        self.diagram_count += 1
        root = self.optional(target, "SmartArt diagram")
        return diagram_blocks(root, self.runs, self.limits) if root is not None else []

    def children(self, tree: etree._Element) -> list[etree._Element]:
        out: list[etree._Element] = []
        for el in tree:
            if el.tag == _MC + "AlternateContent":
                branch = el.find(_MC + "Fallback")
                if branch is None:
                    branch = el.find(_MC + "Choice")
                if branch is not None:
                    out.extend(branch)
            else:
                out.append(el)
        return out

    def alt_text(self, pic: etree._Element) -> str:
        for nv in pic:
            c = nv.find(_P + "cNvPr")
            if c is not None:
                return self.count(clean_text(c.get("descr", "") or c.get("title", "")).strip())
        return ""

    # ------------------------------------------------------------------ text

    def runs(self, para: etree._Element) -> list[m.Inline]:
        out: list[m.Inline] = []
        for el in para:
            tag = _local(el.tag)
            if tag in ("r", "fld"):
                t = el.find(_A + "t")
                text = clean_text(t.text or "") if t is not None else ""
                if not text:
                    continue
                self.count(text)
                rpr = el.find(_A + "rPr")
                bold = rpr is not None and rpr.get("b", "0") in ("1", "true")
                italic = rpr is not None and rpr.get("i", "0") in ("1", "true")
                node: m.Inline = m.Text(text, bold=bold, italic=italic)
                link = rpr.find(_A + "hlinkClick") if rpr is not None else None
                target = self.links.get(link.get(_R + "id", "")) if link is not None else None
                if target and self.options.link_targets:
                    node = m.Link((node,), target)
                out.append(node)
            elif tag == "br":
                out.append(m.LineBreak())
        return out

    def title_inlines(self, body: etree._Element) -> list[m.Inline]:
        out: list[m.Inline] = []
        for para in body.iter(_A + "p"):
            runs = [r if not isinstance(r, m.LineBreak) else m.Text(" ") for r in self.runs(para)]
            if runs:
                if out:
                    out.append(m.Text(" "))
                out.extend(m.Text(r.text) if isinstance(r, m.Text) else r for r in runs)
        return out

    def text_body(self, body: etree._Element, listed: bool) -> list[m.Block]:
        out: list[m.Block] = []
        for para in body.iterchildren(_A + "p"):
            inlines = self.runs(para)
            if not any(isinstance(i, (m.Text, m.Link)) for i in inlines):
                continue
            ppr = para.find(_A + "pPr")
            try:
                level = int(ppr.get("lvl", "0")) if ppr is not None else 0
            except ValueError:
                level = 0
            numbered = ppr is not None and ppr.find(_A + "buAutoNum") is not None
            bulleted = ppr is not None and ppr.find(_A + "buChar") is not None
            no_bullet = ppr is not None and ppr.find(_A + "buNone") is not None
            if numbered or bulleted or (listed and not no_bullet):
                out.append(m.ListItem(tuple(inlines), depth=min(level, 8), ordered=numbered))
            else:
                out.append(m.Paragraph(tuple(inlines)))
        return out

    def table(self, tbl: etree._Element) -> m.Table:
        rows: list[m.Row] = []
        pr = tbl.find(_A + "tblPr")
        first_row = pr is not None and pr.get("firstRow", "0") in ("1", "true")
        for i, tr in enumerate(tbl.iterchildren(_A + "tr")):
            cells: list[m.Cell] = []
            for tc in tr.iterchildren(_A + "tc"):
                if tc.get("hMerge", "0") in ("1", "true") or tc.get("vMerge", "0") in ("1", "true"):
                    continue
                body = tc.find(_A + "txBody")
                blocks = self.text_body(body, False) if body is not None else []
                try:
                    colspan = max(1, int(tc.get("gridSpan", "1")))
                    rowspan = max(1, int(tc.get("rowSpan", "1")))
                except ValueError:
                    colspan = rowspan = 1
                cells.append(m.Cell(tuple(blocks), colspan=colspan, rowspan=rowspan))
            rows.append(m.Row(tuple(cells), header=first_row and i == 0))
        return m.Table(tuple(rows))

    # ------------------------------------------------------------------ notes, comments

    def notes(self, root: etree._Element, part: str) -> list[m.Block]:
        tree = root.find(f"{_P}cSld/{_P}spTree")
        out: list[m.Block] = []
        for sp in tree.iter(_P + "sp") if tree is not None else ():
            ph = _placeholder(sp)
            if ph is not None and ph[0] in _SKIP_PLACEHOLDERS:
                continue
            body = sp.find(_P + "txBody")
            if body is not None:
                out.extend(self.text_body(body, False))
        return out

    def comments(self, part: str, number: int) -> list[m.Block]:
        root = self.optional(part, f"comments of slide {number}")
        if root is None:
            return []
        out: list[m.Block] = []
        folder = posixpath.basename(part)
        for i, cm in enumerate(el for el in root.iter() if _local(el.tag) == "cm"):
            texts = [t.text or "" for t in cm.iter() if _local(t.tag) in ("t", "text")]
            text = self.count(clean_text(" ".join(x.strip() for x in texts if x.strip())))
            author = self.authors.get(cm.get("authorId", ""), "") or "Unknown"
            date = cm.get("dt", "") or cm.get("created", "")
            info = m.CommentInfo(f"{folder}#{i}", author, date, text)
            out.append(m.Paragraph((m.Comment(info),)))
        return out


def read_pptx(
    data: bytes | str, limits: Limits, options: ReadOptions = DEFAULT_OPTIONS
) -> m.Document:
    """Read a PowerPoint deck (.pptx, .pptm, .ppsx, .potx) into a paged document: one page
    per slide."""
    if isinstance(data, str):
        data = data.encode("utf-8", errors="surrogatepass")
    return _Reader(_Deck(data, limits), limits, options).read()
