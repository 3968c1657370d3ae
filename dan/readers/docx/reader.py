"""Assembling a :class:`dan.model.Document` from a DOCX package."""

from __future__ import annotations


from lxml import etree

from dan import model as m
from dan.errors import CorruptDocumentError, DanError, LimitExceededError
from dan.limits import Limits
from dan.readers.options import DEFAULT_OPTIONS, ReadOptions
from dan.readers.docx.body import BodyReader, DocxContext, Sections
from dan.readers.docx.charts import chart_blocks
from dan.readers.docx.comments import Comments
from dan.readers.docx.numbering import Numbering
from dan.readers.docx.ooxml import R, W, on
from dan.readers.docx.package import Package
from dan.readers.docx.styles import Styles
from dan.textclean import clean_text

__all__ = ["read_docx"]

_DC_TITLE = "{http://purl.org/dc/elements/1.1/}title"
_SKIP_NOTE_TYPES = {"separator", "continuationSeparator", "continuationNotice"}


class _Parts:
    """Optional parts of the main document, read with graceful degradation."""

    def __init__(self, pkg: Package) -> None:
        self.pkg = pkg
        self.rels = pkg.rels(pkg.main)
        self.warnings: list[m.Message] = []

    def target(self, rid: str) -> str | None:
        found = self.rels.get(rid)
        if found is None or found[2] or not self.pkg.has(found[1]):
            return None
        return found[1]

    def optional(self, rtype: str) -> etree._Element | None:
        target = self.optional_target(rtype)
        return self.load(target, rtype) if target is not None else None

    def links(self, part: str) -> dict[str, str]:
        """External hyperlink relationships of ``part``: id -> URL (a damaged rels part
        gives none: links then keep their text)."""
        if part == self.pkg.main:
            rels = self.rels
        else:
            try:
                rels = self.pkg.rels(part)
            except LimitExceededError:
                raise
            except DanError:
                return {}
        return {rid: t for rid, (ty, t, ext) in rels.items() if ext and ty == "hyperlink"}

    def optional_target(self, rtype: str) -> str | None:
        """The part name of the first internal relationship of type ``rtype``, or None."""
        for ty, target, external in self.rels.values():
            if ty == rtype and not external and self.pkg.has(target):
                return target
        return None

    def load(self, target: str, what: str) -> etree._Element | None:
        try:
            return self.pkg.xml(target)
        except LimitExceededError:
            raise
        except DanError as exc:
            self.warnings.append(
                m.Message(
                    "damaged-part", f"{target} ({what}) is damaged and was skipped: {exc}", target
                )
            )
            return None


def _comments_extended(pkg: Package, parts: _Parts) -> etree._Element | None:
    """``commentsExtended.xml`` (which comment replies to which): by its relationship, or,
    when the main part does not relate it (some producers write the part only), at its
    usual name beside the comments part."""
    found = parts.optional("commentsExtended")
    if found is not None:
        return found
    comments = parts.optional_target("comments")
    if comments is None:
        return None
    folder = comments.rsplit("/", 1)[0] + "/" if "/" in comments else ""
    guess = folder + "commentsExtended.xml"
    return parts.load(guess, "commentsExtended") if pkg.has(guess) else None


def read_docx(
    data: bytes | str, limits: Limits, options: ReadOptions = DEFAULT_OPTIONS
) -> m.Document:
    """Read a DOCX (also .docm/.dotx, Transitional or Strict) into a document. A ``str`` is
    encoded as UTF-8 first (it is then no zip package, and the package check says so)."""
    if isinstance(data, str):
        data = data.encode("utf-8", errors="surrogatepass")
    pkg = Package(data, limits)
    parts = _Parts(pkg)
    styles = Styles(parts.optional("styles"))
    numbering = Numbering(parts.optional("numbering"), styles.numbering_styles())
    comments = Comments(parts.optional("comments"), _comments_extended(pkg, parts))
    ctx = DocxContext(styles, numbering, comments, limits)
    ctx.link_targets = options.link_targets
    ctx.links = parts.links(pkg.main)

    root = pkg.xml(pkg.main)
    body = root.find(W.body)
    if body is None:
        raise CorruptDocumentError(
            f"{pkg.main} has no w:body: the document is damaged", part=pkg.main
        )
    sections = Sections(body)
    ctx.charts = _charts(parts)
    blocks = BodyReader(ctx, "body", sections).blocks(body)

    headers = _headers_footers(parts, sections, ctx)
    notes = _notes(parts, ctx)
    title = _core_title(pkg) or ctx.title_para or ctx.first_h1
    warnings = list(parts.warnings)
    if not any(_holds_text(b) for b in blocks):
        pictures = sum(1 for _ in body.iter(W.drawing, W.pict))
        if pictures:
            warnings.append(
                m.Message(
                    "no-text",
                    f"no text: {pictures} image(s) and nothing else in the body "
                    "(dan keeps text; a scanned document needs OCR first)",
                    pkg.main,
                )
            )
    return m.Document(
        body=tuple(blocks),
        title=title,
        headers=tuple(headers),
        notes=tuple(notes),
        warnings=tuple(warnings),
    )


#: Charts read per document (each is one small part; more are left as pictures).
MAX_CHARTS = 500


def _charts(parts: _Parts) -> dict[str, list[m.Block]]:
    """The main part's charts by relationship id: title and data table (a damaged chart part
    is skipped with a warning)."""
    out: dict[str, list[m.Block]] = {}
    for rid, (rtype, target, external) in parts.rels.items():
        if rtype != "chart" or external or not parts.pkg.has(target) or len(out) >= MAX_CHARTS:
            continue
        root = parts.load(target, "chart")
        if root is not None:
            out[rid] = chart_blocks(root)
    return out


def _holds_text(block: m.Block) -> bool:
    """Whether a block has any visible text (tables and lists are assumed to)."""
    if not isinstance(block, (m.Paragraph, m.Heading)):
        return not isinstance(block, (m.PageBreak, m.SectionBreak, m.Rule))
    stack: list[object] = list(block.inlines)
    while stack:
        node = stack.pop()
        if isinstance(node, m.Text) and node.text.strip():
            return True
        children = getattr(node, "children", None)
        if isinstance(children, tuple):
            stack.extend(children)
    return False


def _reset(ctx: DocxContext) -> None:
    ctx.fields.clear()
    ctx.open_comments.clear()
    ctx.fresh_comments.clear()


def _headers_footers(parts: _Parts, sections: Sections, ctx: DocxContext) -> list[m.HeaderFooter]:
    settings = parts.optional("settings")
    even_odd = settings is not None and bool(on(settings.find(W.evenAndOddHeaders)))
    # (kind, target, variant) -> sections it is shown in
    shown: dict[tuple[m.HeaderFooterKind, str, m.HeaderFooterVariant], list[int]] = {}
    inherited: dict[tuple[str, str], str] = {}
    references: tuple[tuple[m.HeaderFooterKind, str], ...] = (
        ("header", W.headerReference),
        ("footer", W.footerReference),
    )
    for index, sp in enumerate(sections.props):
        for kind, tag in references:
            for ref in sp.iter(tag):
                variant = ref.get(W.type, "default")
                target = parts.target(ref.get(R.id, ""))
                if target is not None:
                    inherited[(kind, variant)] = target
            variants: list[m.HeaderFooterVariant] = ["default"]
            if on(sp.find(W.titlePg)):
                variants.append("first")
            if even_odd:
                variants.append("even")
            for variant in variants:
                target = inherited.get((kind, variant))
                if target is not None:
                    shown.setdefault((kind, target, variant), []).append(index)
    out: list[m.HeaderFooter] = []
    cache: dict[str, list[m.Block] | None] = {}
    for (kind, target, variant), secs in shown.items():
        if target not in cache:
            ctx.links = parts.links(target)
            root = parts.load(target, kind)
            if root is None:
                cache[target] = None
            else:
                _reset(ctx)
                cache[target] = BodyReader(ctx, kind).blocks(root)
        blocks = cache[target]
        if blocks:
            # (with even pages of their own, the default header stands on the odd ones)
            odd = even_odd and variant == "default"
            shown_on: m.HeaderFooterVariant = "odd" if odd else variant
            out.append(m.HeaderFooter(kind, tuple(blocks), tuple(secs), shown_on))
    return out


def _notes(parts: _Parts, ctx: DocxContext) -> list[m.Note]:
    if not ctx.note_labels:
        return []
    out: list[m.Note] = []
    note_parts: tuple[tuple[str, str, str, m.NoteKind], ...] = (
        ("footnotes", W.footnote, "f", "footnote"),
        ("endnotes", W.endnote, "e", "endnote"),
    )
    for rtype, tag, prefix, kind in note_parts:
        if not any(key.startswith(prefix) for key in ctx.note_labels):
            continue
        part = parts.optional_target(rtype)
        root = parts.load(part, rtype) if part is not None else None
        if part is None or root is None:
            continue
        ctx.links = parts.links(part)
        for note in root.iter(tag):
            if note.get(W.type, "") in _SKIP_NOTE_TYPES:
                continue
            label = ctx.note_labels.get(prefix + note.get(W.id, ""))
            if label is None:
                continue
            _reset(ctx)
            blocks = BodyReader(ctx, "note").blocks(note)
            out.append(m.Note(label, tuple(blocks), kind))
    return out


def _core_title(pkg: Package) -> str:
    for ty, target, external in pkg.rels("").values():
        if ty == "core-properties" and not external and pkg.has(target):
            try:
                root = pkg.xml(target)
            except LimitExceededError:
                raise
            except DanError:
                return ""
            el = root.find(_DC_TITLE)
            if el is not None and el.text:
                return clean_text(el.text).strip()
    return ""
