"""Write a :class:`~benchmarks.quality.docmodel.Doc` as a DOCX package (raw WordprocessingML).

The package is what Word writes for such content: styles with outline levels, a bullet
numbering definition, tracked revisions (``w:ins`` / ``w:del`` with author and date),
comments with ranges (``comments.xml``), footnotes, one default header and footer, tables
with a repeated header row (``w:tblHeader``), ``w:gridSpan`` and ``w:vMerge``, core
properties with the title, and a complete ``[Content_Types].xml`` so that any reader
(dan, mammoth/markitdown, pandoc, python-docx) opens it.
"""

from __future__ import annotations

import io
import zipfile
from xml.sax.saxutils import escape

from benchmarks.quality.docmodel import (
    Block,
    Bullet,
    Cell,
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

W_NS = (
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"'
)
_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_CT_MAIN = "application/vnd.openxmlformats-officedocument.wordprocessingml"

_STYLES = """
<w:docDefaults><w:rPrDefault><w:rPr><w:rFonts w:ascii="Calibri" w:hAnsi="Calibri"/><w:sz w:val="22"/></w:rPr></w:rPrDefault></w:docDefaults>
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/><w:rPr><w:sz w:val="40"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr><w:rPr><w:b/><w:sz w:val="32"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="1"/></w:pPr><w:rPr><w:b/><w:sz w:val="26"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="Heading3"><w:name w:val="heading 3"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="2"/></w:pPr><w:rPr><w:b/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="ListBullet"><w:name w:val="List Bullet"/><w:basedOn w:val="Normal"/><w:pPr><w:numPr><w:numId w:val="1"/></w:numPr></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Header"><w:name w:val="header"/><w:basedOn w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="Footer"><w:name w:val="footer"/><w:basedOn w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="FootnoteText"><w:name w:val="footnote text"/><w:basedOn w:val="Normal"/></w:style>
<w:style w:type="character" w:styleId="FootnoteReference"><w:name w:val="footnote reference"/><w:rPr><w:vertAlign w:val="superscript"/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="CommentText"><w:name w:val="annotation text"/><w:basedOn w:val="Normal"/></w:style>
<w:style w:type="table" w:styleId="TableGrid"><w:name w:val="Table Grid"/></w:style>
"""

_NUMBERING = """
<w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="bullet"/><w:lvlText w:val="\u2022"/></w:lvl></w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
"""


def _t(text: str) -> str:
    return f'<w:t xml:space="preserve">{escape(text)}</w:t>'


def _date(date: str) -> str:
    return f"{date}T09:00:00Z"


class _Writer:
    """Accumulates the parts of one package while the body is written."""

    def __init__(self, doc: Doc) -> None:
        self.doc = doc
        self.next_id = 1
        self.comments: list[str] = []

    def _id(self) -> int:
        self.next_id += 1
        return self.next_id

    def _run(self, text: str, *, bold: bool = False, italic: bool = False, deleted: bool = False) -> str:
        props = ("<w:b/>" if bold else "") + ("<w:i/>" if italic else "")
        rpr = f"<w:rPr>{props}</w:rPr>" if props else ""
        if deleted:
            return f'<w:r>{rpr}<w:delText xml:space="preserve">{escape(text)}</w:delText></w:r>'
        return f"<w:r>{rpr}{_t(text)}</w:r>"

    def inline(self, content: Inline) -> str:
        out: list[str] = []
        for r in content:
            if isinstance(r, T):
                out.append(self._run(r.text, bold=r.bold, italic=r.italic))
            elif isinstance(r, Ins):
                out.append(
                    f'<w:ins w:id="{self._id()}" w:author="{escape(r.author)}" w:date="{_date(r.date)}">'
                    f"{self._run(r.text)}</w:ins>"
                )
            elif isinstance(r, Del):
                out.append(
                    f'<w:del w:id="{self._id()}" w:author="{escape(r.author)}" w:date="{_date(r.date)}">'
                    f"{self._run(r.text, deleted=True)}</w:del>"
                )
            elif isinstance(r, Com):
                cid = len(self.comments)
                initials = "".join(w[0] for w in r.author.split() if w[:1].isalpha())
                self.comments.append(
                    f'<w:comment w:id="{cid}" w:author="{escape(r.author)}" w:date="{_date(r.date)}" '
                    f'w:initials="{escape(initials)}"><w:p><w:pPr><w:pStyle w:val="CommentText"/></w:pPr>'
                    f'<w:r><w:annotationRef/></w:r>{self._run(r.note)}</w:p></w:comment>'
                )
                out.append(
                    f'<w:commentRangeStart w:id="{cid}"/>{self._run(r.anchor)}<w:commentRangeEnd w:id="{cid}"/>'
                    f'<w:r><w:commentReference w:id="{cid}"/></w:r>'
                )
            elif isinstance(r, FnRef):
                out.append(
                    f'<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteReference w:id="{r.num}"/></w:r>'
                )
        return "".join(out)

    def para(self, content: Inline, style: str = "") -> str:
        ppr = f'<w:pPr><w:pStyle w:val="{style}"/></w:pPr>' if style else ""
        return f"<w:p>{ppr}{self.inline(content)}</w:p>"

    def _cell(self, c: Cell, width: int) -> str:
        props = f'<w:tcW w:w="{width * c.span}" w:type="dxa"/>'
        if c.span > 1:
            props += f'<w:gridSpan w:val="{c.span}"/>'
        if c.vmerge == "restart":
            props += '<w:vMerge w:val="restart"/>'
        elif c.vmerge == "continue":
            props += "<w:vMerge/>"
        content = "<w:p/>" if c.vmerge == "continue" else self.para(c.content)
        return f"<w:tc><w:tcPr>{props}</w:tcPr>{content}</w:tc>"

    def table(self, t: Table) -> str:
        ncols = max(sum(c.span for c in row.cells) for row in t.rows)
        width = 9000 // ncols
        grid = "".join(f'<w:gridCol w:w="{width}"/>' for _ in range(ncols))
        rows = []
        for row in t.rows:
            trpr = "<w:trPr><w:tblHeader/></w:trPr>" if row.header else ""
            rows.append(f"<w:tr>{trpr}{''.join(self._cell(c, width) for c in row.cells)}</w:tr>")
        tblpr = '<w:tblPr><w:tblStyle w:val="TableGrid"/><w:tblW w:w="0" w:type="auto"/></w:tblPr>'
        return f"<w:tbl>{tblpr}<w:tblGrid>{grid}</w:tblGrid>{''.join(rows)}</w:tbl>"

    def block(self, b: Block) -> str:
        if isinstance(b, Heading):
            return self.para((T(b.text),), f"Heading{b.level}")
        if isinstance(b, Para):
            return self.para(b.content)
        if isinstance(b, Bullet):
            return self.para(b.content, "ListBullet")
        # An empty paragraph after a table keeps two adjacent tables apart, as Word does.
        return self.table(b) + "<w:p/>"

    def footnotes_xml(self) -> str:
        notes = [
            '<w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>',
            '<w:footnote w:type="continuationSeparator" w:id="0"><w:p><w:r><w:continuationSeparator/></w:r></w:p></w:footnote>',
        ]
        for i, text in enumerate(self.doc.footnotes, start=1):
            notes.append(
                f'<w:footnote w:id="{i}"><w:p><w:pPr><w:pStyle w:val="FootnoteText"/></w:pPr>'
                f'<w:r><w:rPr><w:rStyle w:val="FootnoteReference"/></w:rPr><w:footnoteRef/></w:r>'
                f"{self._run(' ' + text)}</w:p></w:footnote>"
            )
        return "".join(notes)


def _xml(root: str, inner: str) -> str:
    return f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:{root} {W_NS}>{inner}</w:{root}>'


def write_docx(doc: Doc) -> bytes:
    """The DOCX bytes of ``doc`` (deterministic: fixed zip timestamps)."""
    w = _Writer(doc)
    body = w.para((T(doc.title),), "Title") + "".join(w.block(b) for b in doc.blocks)
    refs = ""
    parts: dict[str, str] = {
        "word/styles.xml": _xml("styles", _STYLES),
        "word/numbering.xml": _xml("numbering", _NUMBERING),
    }
    rels = [("rIdStyles", "styles", "styles.xml"), ("rIdNum", "numbering", "numbering.xml")]
    overrides = [
        ("/word/document.xml", f"{_CT_MAIN}.document.main+xml"),
        ("/word/styles.xml", f"{_CT_MAIN}.styles+xml"),
        ("/word/numbering.xml", f"{_CT_MAIN}.numbering+xml"),
        ("/docProps/core.xml", "application/vnd.openxmlformats-package.core-properties+xml"),
    ]
    if doc.header:
        parts["word/header1.xml"] = _xml("hdr", w.para((T(doc.header),), "Header"))
        rels.append(("rIdHdr1", "header", "header1.xml"))
        overrides.append(("/word/header1.xml", f"{_CT_MAIN}.header+xml"))
        refs += '<w:headerReference w:type="default" r:id="rIdHdr1"/>'
    if doc.footer:
        parts["word/footer1.xml"] = _xml("ftr", w.para((T(doc.footer),), "Footer"))
        rels.append(("rIdFtr1", "footer", "footer1.xml"))
        overrides.append(("/word/footer1.xml", f"{_CT_MAIN}.footer+xml"))
        refs += '<w:footerReference w:type="default" r:id="rIdFtr1"/>'
    if doc.footnotes:
        parts["word/footnotes.xml"] = _xml("footnotes", w.footnotes_xml())
        rels.append(("rIdFn", "footnotes", "footnotes.xml"))
        overrides.append(("/word/footnotes.xml", f"{_CT_MAIN}.footnotes+xml"))
    if w.comments:
        parts["word/comments.xml"] = _xml("comments", "".join(w.comments))
        rels.append(("rIdCom", "comments", "comments.xml"))
        overrides.append(("/word/comments.xml", f"{_CT_MAIN}.comments+xml"))
    sect = f'<w:sectPr>{refs}<w:pgSz w:w="11906" w:h="16838"/><w:pgMar w:top="1417" w:right="1417" w:bottom="1134" w:left="1417" w:header="708" w:footer="708" w:gutter="0"/></w:sectPr>'
    parts["word/document.xml"] = _xml("document", f"<w:body>{body}{sect}</w:body>")
    doc_rels = "".join(f'<Relationship Id="{rid}" Type="{_REL}/{ty}" Target="{name}"/>' for rid, ty, name in rels)
    parts["word/_rels/document.xml.rels"] = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f'<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{doc_rels}</Relationships>'
    )
    parts["_rels/.rels"] = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        f'<Relationship Id="rId1" Type="{_REL}/officeDocument" Target="word/document.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" '
        'Target="docProps/core.xml"/></Relationships>'
    )
    parts["docProps/core.xml"] = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<cp:coreProperties '
        'xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
        'xmlns:dc="http://purl.org/dc/elements/1.1/">'
        f"<dc:title>{escape(doc.title)}</dc:title></cp:coreProperties>"
    )
    ct = "".join(f'<Override PartName="{n}" ContentType="{c}"/>' for n, c in overrides)
    content_types = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        f'<Default Extension="xml" ContentType="application/xml"/>{ct}</Types>'
    )
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data in [("[Content_Types].xml", content_types), *sorted(parts.items())]:
            info = zipfile.ZipInfo(name, date_time=(2025, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data.encode("utf-8"))
    return buf.getvalue()
