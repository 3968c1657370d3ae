"""Build DOCX packages from hand-written WordprocessingML for tests.

``make_docx(body)`` wraps ``body`` (the inner XML of ``w:body``) in a minimal valid
package; keyword arguments add styles, numbering, comments, notes, headers, footers,
settings and core properties. ``p()``, ``r()`` and friends write common snippets.
"""

from __future__ import annotations

import io
import zipfile
from xml.sax.saxutils import escape

NS = (
    'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" '
    'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" '
    'xmlns:w14="http://schemas.microsoft.com/office/word/2010/wordml" '
    'xmlns:w15="http://schemas.microsoft.com/office/word/2012/wordml" '
    'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
    'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" '
    'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" '
    'xmlns:v="urn:schemas-microsoft-com:vml"'
)
STRICT_NS = NS.replace(
    "http://schemas.openxmlformats.org/wordprocessingml/2006/main", "http://purl.oclc.org/ooxml/wordprocessingml/main"
).replace(
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "http://purl.oclc.org/ooxml/officeDocument/relationships",
)
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
STRICT_REL = "http://purl.oclc.org/ooxml/officeDocument/relationships"

HEADING_STYLES = """
<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="1"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Heading3"><w:name w:val="heading 3"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="2"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="berschrift1"><w:name w:val="Überschrift Eins"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/><w:basedOn w:val="Normal"/></w:style>
<w:style w:type="paragraph" w:styleId="Strong"><w:name w:val="Strong Para"/><w:rPr><w:b/></w:rPr></w:style>
<w:style w:type="character" w:styleId="Emph"><w:name w:val="Emphasis"/><w:rPr><w:i/></w:rPr></w:style>
<w:style w:type="paragraph" w:styleId="ListBullet"><w:name w:val="List Bullet"/><w:pPr><w:numPr><w:numId w:val="2"/></w:numPr></w:pPr></w:style>
<w:style w:type="paragraph" w:styleId="BreakBefore"><w:name w:val="Chapter Start"/><w:pPr><w:pageBreakBefore/></w:pPr></w:style>
"""

NUMBERING = """
<w:abstractNum w:abstractNumId="0">
  <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>
  <w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="lowerLetter"/><w:lvlText w:val="(%2)"/></w:lvl>
  <w:lvl w:ilvl="2"><w:start w:val="1"/><w:numFmt w:val="lowerRoman"/><w:lvlText w:val="%3."/></w:lvl>
</w:abstractNum>
<w:abstractNum w:abstractNumId="1">
  <w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:lvlText w:val="•"/></w:lvl>
  <w:lvl w:ilvl="1"><w:numFmt w:val="bullet"/><w:lvlText w:val="o"/></w:lvl>
</w:abstractNum>
<w:abstractNum w:abstractNumId="2">
  <w:lvl w:ilvl="0"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1."/></w:lvl>
  <w:lvl w:ilvl="1"><w:start w:val="1"/><w:numFmt w:val="decimal"/><w:lvlText w:val="%1.%2"/></w:lvl>
</w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="0"/></w:num>
<w:num w:numId="2"><w:abstractNumId w:val="1"/></w:num>
<w:num w:numId="3"><w:abstractNumId w:val="2"/></w:num>
<w:num w:numId="4"><w:abstractNumId w:val="0"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="7"/></w:lvlOverride></w:num>
"""


def t(text: str) -> str:
    return f'<w:t xml:space="preserve">{escape(text)}</w:t>'


def r(text: str = "", *, b: bool = False, i: bool = False, style: str = "", extra: str = "", deleted: bool = False) -> str:
    props = ""
    if style:
        props += f'<w:rStyle w:val="{style}"/>'
    if b:
        props += "<w:b/>"
    if i:
        props += "<w:i/>"
    rpr = f"<w:rPr>{props}</w:rPr>" if props else ""
    body = (f'<w:delText xml:space="preserve">{escape(text)}</w:delText>' if deleted else t(text)) if text else ""
    return f"<w:r>{rpr}{body}{extra}</w:r>"


def p(*content: str, style: str = "", num: tuple[int, int] | None = None, ppr: str = "") -> str:
    props = ""
    if style:
        props += f'<w:pStyle w:val="{style}"/>'
    if num is not None:
        props += f'<w:numPr><w:ilvl w:val="{num[1]}"/><w:numId w:val="{num[0]}"/></w:numPr>'
    props += ppr
    pp = f"<w:pPr>{props}</w:pPr>" if props else ""
    runs = "".join(c if c.startswith("<") else r(c) for c in content)
    return f"<w:p>{pp}{runs}</w:p>"


def ins(content: str, author: str = "Ann", date: str = "2024-03-01T10:00:00Z", rid: str = "1", tag: str = "ins") -> str:
    return f'<w:{tag} w:id="{rid}" w:author="{escape(author)}" w:date="{date}">{content}</w:{tag}>'


def dele(text: str, author: str = "Bob", date: str = "2024-03-02T10:00:00Z", rid: str = "2") -> str:
    return ins(r(text, deleted=True), author, date, rid, "del")


def tc(*paras: str, span: int = 1, vmerge: str | None = None, hmerge: str | None = None) -> str:
    props = ""
    if span > 1:
        props += f'<w:gridSpan w:val="{span}"/>'
    if hmerge is not None:  # Word 97's horizontal merge: "restart", then "continue" cells
        props += '<w:hMerge w:val="restart"/>' if hmerge == "restart" else "<w:hMerge/>"
    if vmerge is not None:
        props += '<w:vMerge w:val="restart"/>' if vmerge == "restart" else "<w:vMerge/>"
    tcpr = f"<w:tcPr>{props}</w:tcPr>" if props else ""
    content = "".join(x if x.startswith("<w:") else p(x) for x in paras) or "<w:p/>"
    return f"<w:tc>{tcpr}{content}</w:tc>"


def tr(*cells: str, header: bool = False) -> str:
    trpr = "<w:trPr><w:tblHeader/></w:trPr>" if header else ""
    return f"<w:tr>{trpr}{''.join(c if c.startswith('<w:tc') else tc(c) for c in cells)}</w:tr>"


def tbl(*rows: str) -> str:
    return f"<w:tbl><w:tblPr/>{''.join(rows)}</w:tbl>"


def sect(*refs: str, kind: str = "nextPage", title_pg: bool = False) -> str:
    pg = "<w:titlePg/>" if title_pg else ""
    return f'<w:sectPr>{"".join(refs)}<w:type w:val="{kind}"/>{pg}</w:sectPr>'


def header_ref(rid: str, kind: str = "default", footer: bool = False) -> str:
    tag = "footerReference" if footer else "headerReference"
    return f'<w:{tag} w:type="{kind}" r:id="{rid}"/>'


def make_docx(
    body: str,
    *,
    styles: str | None = HEADING_STYLES,
    numbering: str | None = NUMBERING,
    comments: str | None = None,
    comments_extended: str | None = None,
    footnotes: str | None = None,
    endnotes: str | None = None,
    headers: dict[str, str] | None = None,
    footers: dict[str, str] | None = None,
    settings: str | None = None,
    core_title: str | None = None,
    strict: bool = False,
    final_sect: str = "",
    raw_parts: dict[str, bytes] | None = None,
) -> bytes:
    ns = STRICT_NS if strict else NS
    rel_ns = STRICT_REL if strict else REL
    rels: list[tuple[str, str, str]] = []
    parts: dict[str, str] = {}

    def add(rid: str, rtype: str, name: str, root: str, inner: str) -> None:
        rels.append((rid, rtype, name))
        parts["word/" + name] = f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:{root} {ns}>{inner}</w:{root}>'

    if styles is not None:
        add("rIdStyles", "styles", "styles.xml", "styles", styles)
    if numbering is not None:
        add("rIdNum", "numbering", "numbering.xml", "numbering", numbering)
    if comments is not None:
        add("rIdCom", "comments", "comments.xml", "comments", comments)
    if comments_extended is not None:
        add("rIdComEx", "commentsExtended", "commentsExtended.xml", "commentsEx", comments_extended)
    if footnotes is not None:
        add("rIdFoot", "footnotes", "footnotes.xml", "footnotes", footnotes)
    if endnotes is not None:
        add("rIdEnd", "endnotes", "endnotes.xml", "endnotes", endnotes)
    if settings is not None:
        add("rIdSet", "settings", "settings.xml", "settings", settings)
    for rid, xml in (headers or {}).items():
        add(rid, "header", f"{rid}.xml", "hdr", xml)
    for rid, xml in (footers or {}).items():
        add(rid, "footer", f"{rid}.xml", "ftr", xml)
    document = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        f"<w:document {ns}><w:body>{body}{final_sect}</w:body></w:document>"
    )
    doc_rels = "".join(f'<Relationship Id="{rid}" Type="{rel_ns}/{ty}" Target="{name}"/>' for rid, ty, name in rels)
    pkg_rels = f'<Relationship Id="rId1" Type="{rel_ns}/officeDocument" Target="word/document.xml"/>'
    if core_title is not None:
        pkg_rels += (
            '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/'
            'metadata/core-properties" Target="docProps/core.xml"/>'
        )
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        _put(
            z,
            "[Content_Types].xml",
            '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
            '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
            '<Default Extension="xml" ContentType="application/xml"/></Types>',
        )
        _put(
            z,
            "_rels/.rels",
            f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{pkg_rels}</Relationships>',
        )
        _put(z, "word/document.xml", document)
        _put(
            z,
            "word/_rels/document.xml.rels",
            f'<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">{doc_rels}</Relationships>',
        )
        for name, xml in parts.items():
            _put(z, name, xml)
        if core_title is not None:
            _put(
            z,
                "docProps/core.xml",
                '<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties '
                'xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" '
                f'xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>{escape(core_title)}</dc:title></cp:coreProperties>',
            )
        for name, data in (raw_parts or {}).items():
            _put(z, name, data)
    return buf.getvalue()


#: Every part's time stamp: a fixed one, so the same arguments give the same bytes (and the
#: same derived doc id) whenever they are built — zipfile's default is the current time.
_STAMP = (2024, 1, 1, 0, 0, 0)


def _put(z: zipfile.ZipFile, name: str, data: str | bytes) -> None:
    z.writestr(zipfile.ZipInfo(name, date_time=_STAMP), data, compress_type=zipfile.ZIP_DEFLATED)


HL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink"


def docx_with_links(body: str, links: dict[str, str]) -> bytes:
    """``make_docx(body)`` with external hyperlink relationships ``{id: url}``."""
    src = zipfile.ZipFile(io.BytesIO(make_docx(body)))
    files = {i.filename: src.read(i) for i in src.infolist()}
    extra = "".join(
        f'<Relationship Id="{rid}" Type="{HL}" Target="{url}" TargetMode="External"/>' for rid, url in links.items()
    )
    rels = files["word/_rels/document.xml.rels"].decode()
    files["word/_rels/document.xml.rels"] = rels.replace("</Relationships>", extra + "</Relationships>").encode()
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, data in files.items():
            z.writestr(name, data)
    return out.getvalue()
