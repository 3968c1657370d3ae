"""The markdown-it parser the Markdown reader uses: CommonMark, GFM tables and
strikethrough, footnotes, front matter, raw HTML; with two rules of its own that give the
same result faster (``tests/dan/test_markdown_parser.py`` checks them against
markdown-it's):

- tables are read by :func:`dan.readers.markdown.tables.table_rule` (one token per
  table and one per cell);
- inline content with no character any inline rule starts at (most table cells, much
  prose) becomes one text token without starting markdown-it's inline state machine;
- a link target made only of characters markdown-it's normalisation keeps, with a
  lower-case host (most links: ``https://example.com/a/b.html#x``, ``../c.md``), is its
  own normal form and skips the URL parser;
- the source is normalised (``\r\n`` and ``\r`` to ``\n``, NUL to U+FFFD) only when it
  holds a carriage return or a NUL: markdown-it's rule rewrites every line end;
- the block tokenizer tries, at each block start, only the rules that can start a block on
  a line beginning with that character (a paragraph line: the table, setext-heading and
  paragraph rules, not all thirteen); markdown-it's tokenizer tries every rule in turn;
- text tokens are joined only in inline content with more than one child.
"""

from __future__ import annotations

import re
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.rules_core.state_core import StateCore
from markdown_it.rules_core.text_join import text_join
from markdown_it.token import Token
from mdit_py_plugins.footnote import footnote_plugin
from mdit_py_plugins.front_matter import front_matter_plugin

from dan.readers.markdown.tables import INLINE_TERMINATOR, table_rule

__all__ = ["FLATTENED", "MAX_NESTING", "markdown_parser"]

#: Nesting deeper than this is cut off by markdown-it itself instead of recursing.
MAX_NESTING = 50

_NEWLINES = re.compile(r"\r\n?|\n")  # (markdown-it's NEWLINES_RE)

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
    search = INLINE_TERMINATOR.search
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


def _text_join_rule(state: Any) -> None:
    """markdown-it's core ``text_join`` rule, run only over the inline tokens with more
    than one text token to join: one plain text child (every plain cell and paragraph
    :func:`_inline_rule` made) is already what the rule would leave."""
    busy = []
    for token in state.tokens:
        if token.type != "inline":
            continue
        children = token.children
        if children is not None and len(children) == 1:
            only = children[0]
            if only.type == "text" and not only.children:
                continue
        busy.append(token)
    if busy:
        text_join(StateCore(state.src, state.md, state.env, busy))


def _rule_starts() -> dict[Any, str | None]:
    """The block rules the dispatching tokenizer knows, with the first characters (after
    the indent) of the lines each can start a block on (read off each rule's first
    checks): None for any line, "" for none but an indented code line."""
    from markdown_it.rules_block import (
        blockquote,
        code,
        fence,
        heading,
        hr,
        html_block,
        lheading,
        list_block,
        paragraph,
        reference,
    )
    from mdit_py_plugins.footnote.index import footnote_def

    return {
        table_rule: None,
        code: "",  # (only an indented code line, which tries every rule)
        fence: "~`",
        blockquote: ">",
        hr: "*-_",
        list_block: "*-+0123456789",
        footnote_def: "[",
        reference: "[",
        html_block: "<",
        heading: "#",
        lheading: None,
        paragraph: None,
    }


def _is_front_matter(rule: Any) -> bool:
    """mdit_py_plugins' front-matter rule (it only ever matches on the first line)."""
    return (
        getattr(rule, "__module__", "") == "mdit_py_plugins.front_matter.index"
        and getattr(rule, "__qualname__", "") == "_front_matter_rule"
    )


def _dispatching_tokenize(md: MarkdownIt) -> Any:
    """markdown-it's block tokenizer, trying at each block start only the rules that can
    start a block on a line beginning with that character (every rule on the first line,
    where front matter may start, and on an indented code line); None when the parser
    holds a rule it does not know."""
    rules = md.block.ruler.getRules("")
    starts = _rule_starts()
    for rule in rules:
        if rule not in starts and not _is_front_matter(rule):
            return None
    anywhere = [r for r in rules if r in starts and starts[r] is None]
    chars = {c for r in rules if starts.get(r) for c in starts[r] or ""}
    by_char = {
        c: [r for r in rules if r in starts and (starts[r] is None or c in (starts[r] or ""))]
        for c in chars
    }

    def tokenize(state: Any, startLine: int, endLine: int) -> None:
        line = startLine
        maxNesting = state.md.options.maxNesting
        hasEmptyLines = False
        while line < endLine:
            state.line = line = state.skipEmptyLines(line)
            if line >= endLine:
                break
            if state.sCount[line] < state.blkIndent:
                break
            if state.level >= maxNesting:
                _flatten_rest(state, line, endLine)
                break
            if line == 0 or state.is_code_block(line):
                tried = rules
            else:
                tried = by_char.get(state.src[state.bMarks[line] + state.tShift[line]], anywhere)
            ok = False
            for rule in tried:
                ok = rule(state, line, endLine, False)
                if ok:
                    if state.line <= line:
                        raise RuntimeError("block rule didn't increment state.line")
                    break
            if not ok:
                raise RuntimeError("none of the block rules matched")
            state.tight = not hasEmptyLines
            line = state.line
            if (line - 1) < endLine and state.isEmpty(line - 1):
                hasEmptyLines = True
            if line < endLine and state.isEmpty(line):
                hasEmptyLines = True
                line += 1
                state.line = line

    return tokenize


#: ``env`` key set when nesting past :data:`MAX_NESTING` was read as plain text.
FLATTENED = "dan_flattened"


def _flatten_rest(state: Any, line: int, end: int) -> None:
    """Lines ``[line, end)`` nested deeper than :data:`MAX_NESTING` as one paragraph of
    their text (markdown-it would skip them: their words would be lost without a word)."""
    text = state.getLines(line, end, state.blkIndent, False).strip()
    if text:
        token = state.push("paragraph_open", "p", 1)
        token.map = [line, end]
        token = state.push("inline", "", 0)
        token.content = text
        token.map = [line, end]
        token.children = []
        state.push("paragraph_close", "p", -1)
        state.env[FLATTENED] = True
    state.line = end


def markdown_parser() -> MarkdownIt:
    """A new parser (markdown-it parsers are cheap to make and not shared across threads)."""
    md = MarkdownIt("commonmark", {"html": True})
    md.enable("table").enable("strikethrough")
    md.use(footnote_plugin).use(front_matter_plugin)
    md.block.ruler.at("table", table_rule, {"alt": ["paragraph", "reference"]})
    md.core.ruler.at("inline", _inline_rule)
    md.core.ruler.at("normalize", _normalize_rule)
    md.core.ruler.at("text_join", _text_join_rule)
    normalize = md.normalizeLink
    normal = _NORMAL_URL.fullmatch

    def normalize_link(url: str) -> str:
        return url if normal(url) is not None else normalize(url)

    md.normalizeLink = normalize_link  # type: ignore[method-assign]
    md.options["maxNesting"] = MAX_NESTING
    tokenize = _dispatching_tokenize(md)
    if tokenize is not None:
        md.block.tokenize = tokenize  # type: ignore[method-assign]
    return md
