"""HTML reader: libxml2's HTML parser (through lxml) into small nodes
(:mod:`dan.readers.html.tree`), walked without recursion.

Keeps headings, paragraphs, ordered/unordered/nested lists (numbers from ``start``,
``value``, ``type`` and ``reversed``), tables (``thead``/all-``th`` rows as header rows,
``colspan``/``rowspan``, nested tables), bold/italic (tags or inline CSS), inline code and
``<pre>`` blocks, block quotes, link and image-alt text, ``<ins>``/``<del>`` as tracked
revisions, line breaks, rules and CSS page breaks. Drops scripts, styles, templates, SVG,
embedded frames and objects, form controls, comments and hidden elements (``hidden``,
``aria-hidden="true"``, ``display:none``, ``visibility:hidden``); when the page has a
``<main>`` or ``<article>``, navigation anywhere and headers, footers and asides outside
them are dropped as boilerplate. ``<title>`` is the document title.

Nesting of any depth is read without recursion; quotes, lists, tables and revisions
nested past ``Limits.max_depth`` are flattened (read as plain containers) rather than
refused. A page with more elements than ``max(10_000, Limits.max_chars // 40)`` raises
``LimitExceededError`` before parsing, because the parse tree of millions of empty
elements would take far more memory than the text they hold.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping

from attrs import evolve

from dan.readers.html.tree import Element, parse_html

from dan import model as m
from dan.errors import LimitExceededError, TextTooLargeError
from dan.limits import Limits
from dan.readers.options import DEFAULT_OPTIONS, ReadOptions
from dan.readers.html.build import BlockBuilder
from dan.readers.html.encoding import decode_html, decode_html_noting
from dan.readers.html.main_content import Selection, looks_like_web_page, main_content_or_chrome
from dan.readers.html.style import NO_STYLE, InlineStyle, parse_style
from dan.readers.text import drop_stray_nuls, nul_warning
from dan.textclean import clean_text, repair_surrogates

__all__ = ["read_html", "html_blocks", "revision_from_attrs", "max_elements"]

#: Elements whose whole content is dropped.
DROPPED = frozenset(
    """script style noscript template svg iframe frame frameset object embed applet canvas
    audio video source track map area input select option optgroup button textarea datalist
    progress meter label head meta link base param annotation annotation-xml""".split()
)
_BOILERPLATE = frozenset({"nav", "header", "footer", "aside"})
_BOILERPLATE_ROLES = frozenset({"banner", "contentinfo", "complementary"})
_NAV_ROLES = frozenset({"navigation", "search"})
#: What makes the parser build a node: a start tag, a comment, a processing instruction or
#: a declaration (a flood of ``<!---->`` costs as much memory as one of tags).
_START_TAG = re.compile(rb"<[A-Za-z!?]")
_START_TAG_STR = re.compile(r"<[A-Za-z!?]")
_NOSCRIPT_HINT = re.compile(r"<noscript", re.I)
#: A noscript element: its content up to the first end tag, as a browser running scripts
#: reads it (an unclosed one runs to the end of the page).
_NOSCRIPT = re.compile(r"<noscript\b[^>]*>.*?(?:</noscript\s*>|\Z)", re.I | re.S)
_MAIN_HINT = re.compile(r"<\s*(?:main|article)\b|role\s*=\s*[\"']?\s*main\b", re.I)
_TITLE_HINT = re.compile(r"<\s*title\b", re.I)


def max_elements(limits: Limits) -> int:
    """The most elements an HTML input may have under ``limits``."""
    return max(10_000, limits.max_chars // 40)


def revision_from_attrs(
    kind: str, attrs: Mapping[str, str], children: tuple[m.Inline, ...]
) -> m.Revision:
    """A revision from an ``<ins>``/``<del>`` element's attributes.

    The author comes from ``data-author``, ``data-username``, ``data-user``, ``author``,
    ``title`` or ``cite`` (a ``mailto:`` address keeps its user part, another URL its last
    path segment); the date from ``datetime``, ``data-date`` or ``data-time``; the id from
    ``id`` or ``data-id``.
    """
    author = ""
    for key in ("data-author", "data-username", "data-user", "author", "title", "cite"):
        value = str(attrs.get(key, "") or "").strip()
        if value:
            author = _author_of(value) if key == "cite" else value
            if author:
                break
    date = str(
        attrs.get("datetime", "") or attrs.get("data-date", "") or attrs.get("data-time", "") or ""
    )
    rev_id = str(attrs.get("id", "") or attrs.get("data-id", "") or "")
    return m.Revision(
        kind="ins" if kind == "ins" else "del",
        children=children,
        author=clean_text(author).strip() or "Unknown",
        date=clean_text(date.strip()),
        rev_id=clean_text(rev_id.strip()),
    )


def _author_of(cite: str) -> str:
    if cite.lower().startswith("mailto:"):
        return cite[7:].split("?")[0].split("@")[0]
    if "://" in cite:
        path = cite.split("://", 1)[1].split("?")[0].split("#")[0].rstrip("/")
        return path.rsplit("/", 1)[-1] if "/" in path else ""
    return cite


# --------------------------------------------------------------------------- parsing


def _check_size(source: str | bytes, limits: Limits) -> None:
    if isinstance(source, bytes):
        count = len(_START_TAG.findall(source)) if source.count(b"<") > max_elements(limits) else 0
    else:
        count = (
            len(_START_TAG_STR.findall(source)) if source.count("<") > max_elements(limits) else 0
        )
    if count > max_elements(limits):
        raise LimitExceededError(
            f"the HTML has about {count:,} elements (tags, comments, processing instructions), "
            f"more than the {max_elements(limits):,} allowed "
            f"(Limits.max_chars // 40); raise Limits.max_chars to convert it"
        )


def _parse(source: str | bytes, limits: Limits) -> tuple[Element, str, int]:
    """The parsed page, its text, and how many stray NUL characters were dropped from it."""
    text = repair_surrogates(decode_html(source) if isinstance(source, bytes) else source)
    text, nuls = drop_stray_nuls(text, "HTML")
    if len(text) > 4 * limits.max_chars:
        raise TextTooLargeError(
            f"the HTML is {len(text):,} characters long, "
            f"over 4 × Limits.max_chars={limits.max_chars:,}; "
            "raise the limit to convert it"
        )
    return parse_html(_without_noscript(text)), text, nuls


def _without_noscript(text: str) -> str:
    """``text`` without its ``noscript`` elements.

    A browser running scripts reads a ``noscript`` element's content as raw text up to
    ``</noscript>``, and the reader drops it; libxml2 parses it as markup, so one
    unclosed tag in it (``<noscript><div id="nojs"></noscript>``) swallowed the rest of the
    page into the dropped element.
    """
    if _NOSCRIPT_HINT.search(text) is None:
        return text
    return _NOSCRIPT.sub("", text)


def _body(root: Element) -> Element:
    """The page's ``body`` element (the whole document when it has none)."""
    body = root.find("body")
    return body if body is not None else root


def _shown_style(tag: Element, show_hidden: bool = False) -> InlineStyle | None:
    """The element's inline style, or None when the walk drops it whatever it holds
    (scripts and the like, a closed dialog, a hidden element unless ``show_hidden``)."""
    name = tag.name  # (lower case, as the tree has it)
    attrs = tag.attrs
    if name in DROPPED or (name == "dialog" and "open" not in attrs):
        return None
    if not attrs:
        return NO_STYLE  # (no style, no hidden flag)
    raw_style = attrs.get("style")
    style = parse_style(raw_style) if isinstance(raw_style, str) else NO_STYLE
    if show_hidden:
        return evolve(style, hidden=False) if style.hidden else style
    return None if _is_hidden(tag, style) else style


def _is_hidden(tag: Element, style: InlineStyle) -> bool:
    if style.hidden:
        return True
    attrs = tag.attrs
    if "hidden" in attrs:
        return True
    aria = attrs.get("aria-hidden")
    return isinstance(aria, str) and aria.strip().lower() == "true"


def _role(tag: Element) -> str:
    role = tag.attrs.get("role")
    return role.strip().lower() if isinstance(role, str) else ""


def _content_roots(soup: Element, source: str) -> set[int]:
    """ids of ``main``/``article``/``role=main`` elements and of their ancestors (empty if none)."""
    if not _MAIN_HINT.search(source):
        return set()
    keep: set[int] = set()
    for node, path in soup.with_ancestors():
        role = node.attrs.get("role")
        if node.name in ("main", "article") or (
            isinstance(role, str) and role.strip().lower() == "main"
        ):
            keep.add(id(node))
            keep.update(map(id, path))
    return keep


def _title(soup: Element, source: str) -> str:
    if not _TITLE_HINT.search(source):
        return ""
    head = soup.find("head")
    scope = head if head is not None and head.find("title") is not None else soup
    # The first of the first 20 titles that is not an SVG's or a formula's (above the
    # head, where a head's title would be, there is only the html element).
    seen = 0
    for tag, path in scope.with_ancestors():
        if tag.name != "title":
            continue
        if not any(a.name in ("svg", "math") for a in path):
            return clean_text(" ".join(tag.get_text(" ").split()))
        seen += 1
        if seen >= 20:
            break
    return ""


def _walk(
    root: Element,
    builder: BlockBuilder,
    roots: set[int],
    children_of_root: Iterable[object] | None = None,
    dropped: frozenset[int] = frozenset(),
    show_hidden: bool = False,
) -> None:
    """Visit ``root``'s content depth-first with an explicit stack (no recursion).

    ``roots`` are the ids of the page's main/article elements and their ancestors; when
    it is not empty, boilerplate outside them is dropped. ``children_of_root`` replaces
    ``root``'s children (the main content's parts), and elements in ``dropped`` are skipped;
    with ``show_hidden``, hidden elements are read as shown ones.
    """
    has_main = bool(roots)
    # Stack of (element, iterator over its children, style, inside main/article).
    stack: list[tuple[Element, Iterator[object], InlineStyle, bool]] = [
        (
            root,
            iter(root.contents if children_of_root is None else children_of_root),
            NO_STYLE,
            False,
        )
    ]
    text, enter, exit_ = builder.text, builder.enter, builder.exit
    while stack:
        tag, children, style, in_main = stack[-1]
        # The children up to the next element to go into (its own children come first).
        for child in children:
            if isinstance(child, str):
                text(child)
                continue
            if not isinstance(child, Element) or id(child) in dropped:
                continue
            cstyle = _shown_style(child, show_hidden)
            if cstyle is None:
                continue
            name = child.name
            attrs = child.attrs
            child_in_main = in_main or name in ("main", "article")
            if has_main:
                role = _role(child) if attrs else ""
                if name == "nav" or role in _NAV_ROLES:
                    continue
                if (
                    not in_main
                    and id(child) not in roots
                    and (name in _BOILERPLATE or role in _BOILERPLATE_ROLES)
                ):
                    continue
                if role == "main":
                    child_in_main = True
            if name == "img":
                alt, title = attrs.get("alt"), attrs.get("title")
                builder.image(
                    alt if isinstance(alt, str) else "", title if isinstance(title, str) else ""
                )
                continue
            enter(name, attrs, cstyle)
            stack.append((child, iter(child.contents), cstyle, child_in_main))
            break
        else:
            stack.pop()
            if stack:
                exit_(tag.name, style)


def _blocks(
    soup: Element,
    limits: Limits,
    roots: set[int],
    selection: Selection | None = None,
    link_targets: bool = True,
    show_hidden: bool = False,
    chrome: frozenset[int] = frozenset(),
) -> tuple[m.Block, ...]:
    """The blocks of ``soup``: ``selection`` when given, else the page (its ``roots`` when
    not empty) less the ``chrome`` ids."""
    builder = BlockBuilder(limits, revision_from_attrs, link_targets)
    body = _body(soup)
    if selection is None:
        _walk(body, builder, roots, None, chrome, show_hidden=show_hidden)
    else:
        _walk(body, builder, set(), selection.roots, selection.dropped, show_hidden)
    return builder.finish()


def _hidden_ids(body: Element, show_hidden: bool = False) -> set[int]:
    """ids of the elements the walk drops whatever the content (scripts, hidden elements
    unless ``show_hidden``)."""
    return {id(tag) for tag in body.elements() if _shown_style(tag, show_hidden) is None}


def html_blocks(fragment: str, limits: Limits, link_targets: bool = True) -> tuple[m.Block, ...]:
    """The blocks of an HTML fragment (raw HTML inside Markdown), by the same rules as pages.

    Boilerplate removal does not apply: a fragment is not a page.
    """
    _check_size(fragment, limits)
    soup, _text, _nuls = _parse(fragment, limits)
    return _blocks(soup, limits, set(), link_targets=link_targets)


def read_html(
    source: str | bytes, limits: Limits, options: ReadOptions = DEFAULT_OPTIONS
) -> m.Document:
    """Read an HTML page (bytes of any encoding, or text) into a document.

    ``options.main_content``: keep only the page's main content (True), the whole page
    (False), or decide by whether it looks like a web page with site chrome (None, the
    default; Word exports and plain documents are read whole).
    """
    _check_size(source, limits)
    noted: tuple[m.Message, ...] = ()
    if isinstance(source, bytes):
        source, noted = decode_html_noting(source)
    soup, text, nuls = _parse(source, limits)
    doc = _read_page(soup, text, nuls, limits, options)
    return evolve(doc, warnings=noted + doc.warnings) if noted else doc


def _read_page(
    soup: Element, text: str, nuls: int, limits: Limits, options: ReadOptions
) -> m.Document:
    """The document of a parsed page (see :func:`read_html`)."""
    title = _title(soup, text)
    warnings = list(nul_warning(nuls, "page"))
    body, found = _content(soup, text, limits, options, show_hidden=False)
    if not body:
        # Never nothing: a page whose every word is hidden until its scripts run (a
        # wrapper with display:none that a script removes) is read as if they had run.
        body, found = _content(soup, text, limits, options, show_hidden=True)
        if body:
            warnings.append(
                m.Message(
                    "hidden-page",
                    "the page shows no text until its scripts run (its text is in hidden "
                    "elements), so its hidden elements were read as shown",
                    "input",
                )
            )
    warnings.extend(found)
    return m.Document(body=body, title=title, warnings=tuple(warnings))


def _content(
    soup: Element, text: str, limits: Limits, options: ReadOptions, show_hidden: bool
) -> tuple[tuple[m.Block, ...], list[m.Message]]:
    """The page's blocks (its main content when it is a web page) and the warnings."""
    main_content = options.main_content
    selection = None
    chrome: frozenset[int] = frozenset()
    if main_content or (main_content is None and looks_like_web_page(text, soup)):
        body_tag = _body(soup)
        # (nothing selected: the page is read whole, less what it itself says is chrome)
        selection, chrome = main_content_or_chrome(body_tag, _hidden_ids(body_tag, show_hidden))
    roots = _content_roots(soup, text)
    body = _blocks(soup, limits, roots, selection, options.link_targets, show_hidden, chrome)
    warnings: list[m.Message] = []
    if not body and (selection is not None or roots or chrome):
        # Never nothing: what the page shows is better than an empty result.
        body = _blocks(
            soup, limits, set(), link_targets=options.link_targets, show_hidden=show_hidden
        )
        if body:
            warnings.append(
                m.Message(
                    "whole-page",
                    "the page's main content held no text, so the whole page was read "
                    "(navigation and other site chrome included)",
                    "input",
                )
            )
    return body, warnings
