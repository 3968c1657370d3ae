"""The markdown-it parser the Markdown reader uses: CommonMark, GFM tables and
strikethrough, footnotes, front matter, raw HTML; with two rules of its own that give the
same result faster (``tests/dan/test_markdown_parser.py`` checks both against
markdown-it's):

- tables are read by :func:`dan.readers.markdown.tables.table_rule` (one token per
  table and one per cell);
- inline content with no character any inline rule starts at (most table cells, much
  prose) becomes one text token without starting markdown-it's inline state machine;
- a link target made only of characters markdown-it's normalisation keeps, with a
  lower-case host (most links: ``https://example.com/a/b.html#x``, ``../c.md``), is its
  own normal form and skips the URL parser;
- the source is normalised (``\r\n`` and ``\r`` to ``\n``, NUL to U+FFFD) only when it
  holds a carriage return or a NUL: markdown-it's rule rewrites every line end.
"""

from __future__ import annotations

import re
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from dan.readers.markdown.tables import table_rule

__all__ = ["markdown_parser"]

#: Nesting deeper than this is cut off by markdown-it itself instead of recursing.
MAX_NESTING = 50

# The characters at which markdown-it's text rule stops so that another inline rule may
# start (its default terminators; the plugins used here add none). Content without any is
# one text token whatever the rules.
_NEWLINES = re.compile(r"\r\n?|\n")  # (markdown-it's NEWLINES_RE)
_TERMINATOR = re.compile(r"[\n!#$%&*+\-:<=>@\[\\\]^_`{}~]")

# A link target markdown-it's normalizeLink returns unchanged: no scheme but http(s), no
# user, port, upper-case or international host, no character it percent-encodes.
_URL_PART = r"[A-Za-z0-9\-._~/=&+,;!$*'()]*"
_HOST = r"[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*"
_NORMAL_URL = re.compile(
    rf"(?:https?://{_HOST}(?:/{_URL_PART})?|(?!/)[A-Za-z0-9\-._~]{_URL_PART}|)"
    rf"(?:\?{_URL_PART})?(?:#{_URL_PART})?"
)


def _inline_rule(state: Any) -> None:
    """markdown-it's core ``inline`` rule, with plain content made one text token directly."""
    md, env = state.md, state.env
    parse = md.inline.parse
    search = _TERMINATOR.search
    for token in state.tokens:
        if token.type != "inline":
            continue
        if token.children is None:
            token.children = []
        content = token.content
        if search(content) is not None:
            parse(content, md, env, token.children)
        elif content:
            text = Token("text", "", 0)
            text.content = content
            token.children.append(text)


def _normalize_rule(state: Any) -> None:
    """markdown-it's core ``normalize`` rule, with nothing to do when there is no ``\r``
    and no NUL (its substitution would give the same string)."""
    src = state.src
    if "\r" in src:
        src = _NEWLINES.sub("\n", src)
    if "\0" in src:
        src = src.replace("\0", "\ufffd")
    state.src = src


def markdown_parser() -> MarkdownIt:
    """A new parser (markdown-it parsers are cheap to make and not shared across threads)."""
    md = MarkdownIt("commonmark", {"html": True})
    md.enable("table").enable("strikethrough")
    md.use(footnote_plugin).use(front_matter_plugin)
    md.block.ruler.at("table", table_rule, {"alt": ["paragraph", "reference"]})
    md.core.ruler.at("inline", _inline_rule)
    md.core.ruler.at("normalize", _normalize_rule)
    normalize = md.normalizeLink
    normal = _NORMAL_URL.fullmatch

    def normalize_link(url: str) -> str:
        return url if normal(url) is not None else normalize(url)

    md.normalizeLink = normalize_link  # type: ignore[method-assign]
    md.options["maxNesting"] = MAX_NESTING
    return md
