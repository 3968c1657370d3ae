"""Markdown reader: markdown-it's tokens to the document model.

Headings, paragraphs, nested lists (with their numbers), pipe tables, code fences and
indented code, block quotes, footnotes and front-matter titles survive. Raw HTML follows
the HTML reader's rules: block HTML is read by :func:`dan.readers.html.html_blocks`;
inline ``<br>``, ``<b>/<strong>``, ``<i>/<em>``, ``<code>``, ``<ins>`` and ``<del>`` (as
tracked revisions) are understood and other inline tags dropped, their text kept. The HTML
reader (and lxml) is imported only when a document holds HTML.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from markdown_it.token import Token

from dan import model as m
from dan.errors import NestingTooDeepError
from dan.limits import Limits
from dan.readers.options import DEFAULT_OPTIONS, ReadOptions
from dan.readers.markdown.parser import FLATTENED, MAX_NESTING, markdown_parser
from dan.readers.markdown.tables import TABLE_TOKEN
from dan.readers.text import check_blocks, decoded_text, drop_stray_nuls, nul_warning
from dan.textclean import clean_text

__all__ = ["read_markdown"]

_TAG = re.compile(r"<\s*(/)?\s*([a-zA-Z][a-zA-Z0-9]*)([^>]*)>", re.S)
_ATTR = re.compile(r"""([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*("[^"]*"|'[^']*'|[^\s"'>]+)""")
_TITLE = re.compile(r"^title\s*:\s*(.+?)\s*$", re.M)


class _Reader:
    def __init__(self, tokens: list[Token], limits: Limits, link_targets: bool = True) -> None:
        self.tokens = tokens
        self.i = 0
        self.limits = limits
        self.link_targets = link_targets
        self.notes: list[m.Note] = []
        self.title = ""
        self.headings: list[tuple[int, str]] = []

    def next(self) -> Token:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def blocks(self, close: str | None, depth: int = 0, list_depth: int = -1) -> list[m.Block]:
        """Read blocks until the token type ``close`` (consumed) or the end."""
        if depth > self.limits.max_depth:
            raise NestingTooDeepError(
                f"Markdown nests blocks more than {self.limits.max_depth} levels deep"
            )
        out: list[m.Block] = []
        while self.i < len(self.tokens):
            tok = self.next()
            t = tok.type
            if close is not None and t == close:
                break
            if t == "heading_open":
                level = int(tok.tag[1:]) if tok.tag[1:].isdigit() else 1
                inl = self.inline_of(self.next())
                self.next()  # heading_close
                text = "".join(x.text for x in inl if isinstance(x, m.Text)).strip()
                if text:
                    self.headings.append((level, text))
                out.append(m.Heading(level, inl))
            elif t == "paragraph_open":
                inl = self.inline_of(self.next())
                self.next()  # paragraph_close
                out.append(m.Paragraph(inl))
            elif t in ("bullet_list_open", "ordered_list_open"):
                out.extend(self.list_items(t == "ordered_list_open", tok, depth, list_depth + 1))
            elif t == "blockquote_open":
                out.append(m.Quote(tuple(self.blocks("blockquote_close", depth + 1, list_depth))))
            elif t in ("fence", "code_block"):
                out.append(
                    m.CodeBlock(
                        clean_text(tok.content),
                        clean_text((tok.info or "").strip().split(" ")[0]),  # (entities decoded)
                    )
                )
            elif t == TABLE_TOKEN:
                out.append(self.table(tok))
            elif t == "html_block":
                from dan.readers.html import html_blocks  # (on first use: lxml and all)

                out.extend(html_blocks(tok.content, self.limits, self.link_targets))
            elif t == "hr":
                out.append(m.Rule())
            elif t == "footnote_block_open":
                self.footnotes(depth)
            elif t == "front_matter":
                found = _TITLE.search(tok.content)
                if found:
                    self.title = found.group(1).strip().strip("\"'")
            elif t == "inline":
                out.append(m.Paragraph(self.inline_of(tok)))
        return out

    def list_items(
        self, ordered: bool, open_tok: Token, depth: int, list_depth: int
    ) -> list[m.Block]:
        close = "ordered_list_close" if ordered else "bullet_list_close"
        out: list[m.Block] = []
        delim = open_tok.markup if ordered else ""
        while self.i < len(self.tokens):
            tok = self.next()
            if tok.type == close:
                break
            if tok.type != "list_item_open":
                continue
            label = (tok.info + (tok.markup or delim)) if ordered else ""
            inner = self.blocks("list_item_close", depth + 1, list_depth)
            first = True
            for block in inner:
                if isinstance(block, m.Paragraph):
                    out.append(
                        m.ListItem(
                            block.inlines,
                            depth=list_depth,
                            ordered=ordered,
                            label=label,
                            continuation=not first,
                        )
                    )
                    first = False
                elif isinstance(block, m.ListItem):
                    out.append(block)
                else:
                    if first:
                        out.append(m.ListItem((), depth=list_depth, ordered=ordered, label=label))
                        first = False
                    out.append(block)
            if first:
                out.append(
                    m.ListItem((m.Text(" "),), depth=list_depth, ordered=ordered, label=label)
                )
        return out

    def table(self, tok: Token) -> m.Table:
        """The table a :data:`TABLE_TOKEN` opens: its rows of cells, the first the header;
        a plain cell is its text, any other the next inline token."""
        ncols, nrows = tok.meta["columns"], tok.meta["rows"]
        entries: list[str | None] = tok.meta["cells"]
        rows: list[m.Row] = []
        k = 0
        for r in range(nrows):
            cells: list[m.Cell] = []
            for _ in range(ncols):
                text = entries[k]
                k += 1
                inl = self.inline_of(self.next()) if text is None else _plain_inlines(text)
                cells.append(m.Cell((m.Paragraph(inl),) if inl else ()))
            rows.append(m.Row(tuple(cells), header=r == 0))
        return m.Table(tuple(rows))

    def footnotes(self, depth: int) -> None:
        while self.i < len(self.tokens):
            tok = self.next()
            if tok.type == "footnote_block_close":
                break
            if tok.type == "footnote_open":
                label = str(tok.meta.get("label") or tok.meta.get("id", len(self.notes) + 1))
                blocks = self.blocks("footnote_close", depth + 1)
                self.notes.append(m.Note(label=label, blocks=tuple(blocks)))

    def inline_of(self, tok: Token) -> tuple[m.Inline, ...]:
        return _inlines(tok.children or [], self.limits, self.link_targets)


def _container(kind: str, attrs: dict[str, str], inner: tuple[m.Inline, ...]) -> m.Inline:
    """A closed inline container: a link, or a revision from inline HTML."""
    if kind == "a":
        return m.Link(inner, attrs.get("href", ""))
    from dan.readers.html import revision_from_attrs  # (on first use: lxml and all)

    return revision_from_attrs(kind, attrs, inner)


def _plain_inlines(text: str) -> tuple[m.Inline, ...]:
    """The inlines of text with no inline markup: one text run, if anything is left of it."""
    only = clean_text(text)
    return (m.Text(only),) if only else ()


def _inlines(
    children: Sequence[Token], limits: Limits, link_targets: bool = True
) -> tuple[m.Inline, ...]:
    """Inline tokens to model inlines; containers (links, revisions from inline HTML) nest."""
    if len(children) == 1 and children[0].type == "text":  # (one plain run)
        return _plain_inlines(children[0].content)
    bold = italic = 0
    code = 0
    # Stack of open revision containers: (attrs, kind, inlines so far). (No nested helper
    # functions here: compiled, they would share an environment with this function that
    # refers to them, a reference cycle per paragraph.)
    stack: list[tuple[str, dict[str, str], list[m.Inline]]] = [("", {}, [])]
    for tok in children:
        t = tok.type
        if t == "text" or t == "softbreak":
            s = clean_text(tok.content if t == "text" else " ")
            if s:
                stack[-1][2].append(m.Text(s, bold=bold > 0, italic=italic > 0, code=code > 0))
        elif t == "hardbreak":
            stack[-1][2].append(m.LineBreak())
        elif t == "code_inline":
            stack[-1][2].append(
                m.Text(clean_text(tok.content), bold=bold > 0, italic=italic > 0, code=True)
            )
        elif t == "strong_open":
            bold += 1
        elif t == "strong_close":
            bold = max(0, bold - 1)
        elif t == "em_open":
            italic += 1
        elif t == "em_close":
            italic = max(0, italic - 1)
        elif t == "image":
            alt = clean_text("".join(c.content for c in (tok.children or []) if c.type == "text"))
            title = clean_text(str(tok.attrs.get("title") or ""))
            if alt.strip() or title.strip():
                stack[-1][2].append(m.Image(alt.strip(), title.strip()))
        elif t == "link_open" and link_targets:
            if len(stack) > limits.max_depth:
                raise NestingTooDeepError(f"links nest more than {limits.max_depth} levels deep")
            stack.append(("a", {"href": str(tok.attrs.get("href") or "")}, []))
        elif t == "link_close" and link_targets:
            if len(stack) > 1 and stack[-1][0] == "a":
                kind, attrs, inner = stack.pop()
                stack[-1][2].append(_container(kind, attrs, tuple(inner)))
        elif t == "footnote_ref":
            stack[-1][2].append(m.NoteRef(str(tok.meta.get("label") or tok.meta.get("id", ""))))
        elif t == "html_inline":
            found = _TAG.match(tok.content.strip())
            if not found:
                continue
            closing, name = bool(found.group(1)), found.group(2).lower()
            if name == "br":
                stack[-1][2].append(m.LineBreak())
            elif name in ("b", "strong"):
                bold = max(0, bold + (-1 if closing else 1))
            elif name in ("i", "em"):
                italic = max(0, italic + (-1 if closing else 1))
            elif name == "code":
                code = max(0, code + (-1 if closing else 1))
            elif name in ("ins", "del") or (name == "a" and link_targets):
                if not closing:
                    if len(stack) > limits.max_depth:
                        raise NestingTooDeepError(
                            f"inline HTML nests more than {limits.max_depth} levels deep"
                        )
                    attrs = {k.lower(): v.strip("\"'") for k, v in _ATTR.findall(found.group(3))}
                    stack.append((name, attrs, []))
                elif len(stack) > 1 and stack[-1][0] == name:
                    kind, attrs, inner = stack.pop()
                    stack[-1][2].append(_container(kind, attrs, tuple(inner)))
        # s_open/close and other tokens: their text is kept, the markup not.
    while len(stack) > 1:  # unclosed <ins>/<del>/<a>: close at the end of the paragraph
        kind, attrs, inner = stack.pop()
        stack[-1][2].append(_container(kind, attrs, tuple(inner)))
    return tuple(stack[0][2])


def read_markdown(
    source: bytes | str, limits: Limits, options: ReadOptions = DEFAULT_OPTIONS
) -> m.Document:
    """Read Markdown (bytes are decoded like text files) into a document; the title is front
    matter's, else the first heading."""
    text, nuls = drop_stray_nuls(decoded_text(source, limits), "Markdown")
    check_blocks(text, limits, "Markdown")
    env: dict[str, Any] = {}
    tokens = markdown_parser().parse(text, env)
    reader = _Reader(tokens, limits, options.link_targets)
    body = reader.blocks(None)
    title = reader.title
    if not title and reader.headings:
        top = min(level for level, _ in reader.headings)
        title = next(text for level, text in reader.headings if level == top)
    return m.Document(
        body=tuple(body),
        title=clean_text(title),
        notes=tuple(reader.notes),
        warnings=nul_warning(nuls, "Markdown") + _deep_warning(env),
    )


def _deep_warning(env: dict[str, Any]) -> tuple[m.Message, ...]:
    if not env.get(FLATTENED):
        return ()
    return (
        m.Message(
            "deep-nesting",
            f"block quotes or lists nest more than {MAX_NESTING} levels deep: "
            "what lies deeper is kept as plain text",
            "input",
        ),
    )
