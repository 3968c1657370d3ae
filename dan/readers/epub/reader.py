"""EPUB reader: a zip of XHTML chapters read in spine order through the HTML reader, under
the zip limits of :class:`dan.readers.zippkg.ZipPackage` (the same as DOCX's).

``META-INF/container.xml`` names the package document (OPF); its ``dc:title`` is the
title, its spine the chapters' order. Each chapter is read by the HTML reader as a whole
document (no main-content selection: a chapter is not a web page) and is a section: a
chapter that does not open with a heading gets one from its table-of-contents label (EPUB
3 navigation or NCX), else from its own ``<title>``. A book whose content is encrypted
(DRM, ``META-INF/encryption.xml`` naming a chapter) is an ``EncryptedDocumentError``;
obfuscated fonts alone are not. Chapters are bounded by ``Limits.max_pages``.
"""

from __future__ import annotations

import posixpath
from urllib.parse import unquote

from attrs import evolve
from lxml import etree

from dan import model as m
from dan.errors import (
    CorruptDocumentError,
    DanError,
    EncryptedDocumentError,
    LimitExceededError,
)
from dan.limits import Limits
from dan.readers.options import DEFAULT_OPTIONS, ReadOptions
from dan.readers.zippkg import ZipPackage
from dan.textclean import clean_text

__all__ = ["read_epub"]

_CONTAINER = "{urn:oasis:names:tc:opendocument:xmlns:container}"
_OPF = "{http://www.idpf.org/2007/opf}"
_DC = "{http://purl.org/dc/elements/1.1/}"
_NCX = "{http://www.daisy.org/z3986/2005/ncx/}"
_ENC = "{http://www.w3.org/2001/04/xmlenc#}"
_HTML_TYPES = ("application/xhtml+xml", "text/html", "application/x-dtbook+xml")


def _text(el: etree._Element) -> str:
    return clean_text(" ".join("".join(el.itertext()).split()))


class _Book:
    def __init__(self, data: bytes, limits: Limits, options: ReadOptions) -> None:
        self.pkg = ZipPackage(data, limits)
        self.limits = limits
        self.options = evolve(options, main_content=False)
        self.warnings: list[m.Message] = []

    def opf_path(self) -> str:
        if not self.pkg.has("META-INF/container.xml"):
            raise CorruptDocumentError(
                "the zip has no META-INF/container.xml: it is not an EPUB (or it is damaged)",
                part="META-INF/container.xml",
            )
        root = self.pkg.xml("META-INF/container.xml")
        for rf in root.iter(_CONTAINER + "rootfile"):
            path = unquote(rf.get("full-path", "")).lstrip("/")
            if path and self.pkg.has(path):
                return path
        raise CorruptDocumentError(
            "META-INF/container.xml names no package document that the zip holds",
            part="META-INF/container.xml",
        )

    def encrypted(self) -> set[str]:
        if not self.pkg.has("META-INF/encryption.xml"):
            return set()
        root = self.pkg.xml("META-INF/encryption.xml")
        return {
            unquote(ref.get("URI", "")).lstrip("/") for ref in root.iter(_ENC + "CipherReference")
        }

    def read(self) -> m.Document:
        opf = self.opf_path()
        folder = posixpath.dirname(opf)
        root = self.pkg.xml(opf)
        title_el = root.find(f"{_OPF}metadata/{_DC}title")
        title = _text(title_el) if title_el is not None else ""
        manifest: dict[str, tuple[str, str, str]] = {}
        for item in root.iter(_OPF + "item"):
            href = posixpath.normpath(posixpath.join(folder, unquote(item.get("href", ""))))
            manifest[item.get("id", "")] = (
                href,
                item.get("media-type", ""),
                item.get("properties", ""),
            )
        spine = root.find(_OPF + "spine")
        order = [
            manifest[ref.get("idref", "")]
            for ref in (spine.iterchildren(_OPF + "itemref") if spine is not None else ())
            if ref.get("idref", "") in manifest
        ]
        chapters = [href for href, mtype, _ in order if mtype in _HTML_TYPES]
        if len(chapters) > self.limits.max_pages:
            raise LimitExceededError(
                f"the book has {len(chapters):,} chapters, over Limits.max_pages="
                f"{self.limits.max_pages:,}: raise Limits.max_pages to convert it"
            )
        locked = self.encrypted() & set(chapters)
        if locked:
            raise EncryptedDocumentError(
                f"the book's content is encrypted (DRM: {sorted(locked)[0]} and "
                f"{len(locked) - 1} more); dan cannot read it"
            )
        labels = self.toc_labels(manifest, root, folder)
        body: list[m.Block] = []
        from dan.readers.html import read_html

        for href in chapters:
            if not self.pkg.has(href):
                self.warnings.append(
                    m.Message("damaged-part", f"the spine names {href}, which the zip lacks", href)
                )
                continue
            try:
                doc = read_html(self.pkg.read(href), self.limits, self.options)
            except LimitExceededError:
                raise
            except DanError as exc:
                self.warnings.append(
                    m.Message("damaged-part", f"{href} is damaged and was skipped: {exc}", href)
                )
                continue
            # (what the HTML reader noted travels, naming the chapter)
            self.warnings.extend(evolve(w, where=href) for w in doc.warnings)
            blocks = [b for b in doc.body if not isinstance(b, (m.PageBreak, m.SectionBreak))]
            if not blocks:
                continue
            if not isinstance(blocks[0], m.Heading):
                label = labels.get(href) or (doc.title if doc.title != title else "")
                if label:
                    blocks.insert(0, m.Heading(1, (m.Text(label),)))
            body.extend(blocks)
        return m.Document(body=tuple(body), title=title, warnings=tuple(self.warnings))

    def toc_labels(
        self, manifest: dict[str, tuple[str, str, str]], opf: etree._Element, folder: str
    ) -> dict[str, str]:
        """Chapter file → its table-of-contents label (the first entry pointing at it)."""
        out: dict[str, str] = {}
        nav = next((h for h, _t, props in manifest.values() if "nav" in props.split()), None)
        ncx = next((h for h, t, _p in manifest.values() if t == "application/x-dtbncx+xml"), None)
        try:
            if nav is not None and self.pkg.has(nav):
                from dan.readers.html.encoding import decode_html_noting
                from dan.readers.html.tree import parse_html

                base = posixpath.dirname(nav)
                nav_text, noted = decode_html_noting(self.pkg.read(nav))
                self.warnings.extend(noted)
                page = parse_html(nav_text)
                for a in page.elements():
                    href = a.get("href") if a.name == "a" else None
                    if isinstance(href, str) and href.split("#", 1)[0]:
                        target = posixpath.normpath(
                            posixpath.join(base, unquote(href.split("#", 1)[0]))
                        )
                        out.setdefault(target, clean_text(" ".join(a.get_text().split())))
            elif ncx is not None and self.pkg.has(ncx):
                base = posixpath.dirname(ncx)
                tree = self.pkg.xml(ncx)
                for point in tree.iter(_NCX + "navPoint"):
                    content = point.find(_NCX + "content")
                    label = point.find(f"{_NCX}navLabel/{_NCX}text")
                    if content is None or label is None:
                        continue
                    href = content.get("src", "").split("#", 1)[0]
                    target = posixpath.normpath(posixpath.join(base, unquote(href)))
                    out.setdefault(target, _text(label))
        except LimitExceededError:
            raise
        except DanError:
            return {}  # (no labels: chapters keep their own headings and titles)
        return out


def read_epub(
    data: bytes | str, limits: Limits, options: ReadOptions = DEFAULT_OPTIONS
) -> m.Document:
    """Read an EPUB (2 or 3) into a document: its chapters in spine order, each a section."""
    if isinstance(data, str):
        data = data.encode("utf-8", errors="surrogatepass")
    return _Book(data, limits, options).read()
