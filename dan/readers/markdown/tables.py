"""A GFM pipe-table block rule for markdown-it that emits one token per table.

markdown-it's own table rule emits about four tokens per cell (``td_open``, ``inline``,
``td_close`` and the row's ``tr_open``/``tr_close``) and splits every row with a
character loop; on table-heavy Markdown that was most of the parse. This rule accepts
exactly the tables the GFM rule accepts (https://github.github.com/gfm/#tables-extension-)
with the same cells, and emits a ``dan_table`` token whose ``meta`` holds the shape
(``columns``, ``rows``; the first row is the header) and ``cells``, one entry per cell in
reading order: a cell whose text holds none of the characters inline rules start at
(:data:`INLINE_TERMINATOR`, most cells) is its text, which markdown-it would make one text
token and no more; any other cell is None, and an ``inline`` token follows the table token
for it, in the same order, so markdown-it's inline rules parse it.
``tests/dan/test_markdown_parser.py`` checks it against markdown-it's rule.
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["INLINE_TERMINATOR", "TABLE_TOKEN", "table_rule"]

#: The token type that opens a table: ``meta={"columns": n, "rows": r, "cells": [...]}``,
#: then an inline token for each cell whose entry in ``cells`` is None.
TABLE_TOKEN = "dan_table"

#: The characters at which markdown-it's text rule stops so that another inline rule may
#: start (its default terminators; the plugins used here add none). Content without any is
#: one text token whatever the rules.
INLINE_TERMINATOR = re.compile(r"[\n!#$%&*+\-:<=>@\[\\\]^_`{}~]")

#: At most this many cells a short row leaves empty may be filled in per table, so a
#: delimiter row of many columns over many one-cell lines cannot expand the input
#: quadratically (the bound markdown-it and other CommonMark parsers use).
MAX_AUTOCOMPLETED_CELLS = 0x10000

# CommonMark's whitespace (what JavaScript's trim() removes, less U+FEFF).
_TRIM = "".join(
    chr(c)
    for c in sorted(
        {0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0xA0, 0x1680, 0x202F, 0x205F, 0x3000, 0x2028, 0x2029}
        | set(range(0x2000, 0x200B))
    )
)
_DELIMITER_CELL = re.compile(r"^:?-+:?$")
_DELIMITER_LINE = re.compile(r"[-:|][-:| \t]*")


def split_row(line: str) -> list[str]:
    """A row's cells: split at each ``|`` not escaped by a backslash; an escaped pipe
    stays in its cell without the backslash."""
    if "\\" not in line:
        return line.split("|")
    cells: list[str] = []
    current: list[str] = []
    start = 0
    escaped = False
    for pos, ch in enumerate(line):
        if ch == "|":
            if escaped:
                current.append(line[start : pos - 1])
                start = pos
            else:
                current.append(line[start:pos])
                cells.append("".join(current))
                current = []
                start = pos + 1
        escaped = ch == "\\"
    current.append(line[start:])
    cells.append("".join(current))
    return cells


def _cells(line: str) -> list[str]:
    """A row's cells without the empty ones its enclosing pipes leave."""
    cells = split_row(line)
    if cells and cells[0] == "":
        del cells[0]
    if cells and cells[-1] == "":
        cells.pop()
    return cells


def _columns(delimiter: str) -> int:
    """How many columns a delimiter row defines, or 0 when it is not one."""
    if _DELIMITER_LINE.fullmatch(delimiter) is None:
        return 0
    # (a leading '-' followed by a space would be a list item)
    if delimiter[0] == "-" and delimiter[1:2] in (" ", "\t"):
        return 0
    parts = delimiter.split("|")
    count = 0
    for i, part in enumerate(parts):
        part = part.strip(_TRIM)
        if not part:
            # (empty only before the first and after the last column)
            if i == 0 or i == len(parts) - 1:
                continue
            return 0
        if _DELIMITER_CELL.match(part) is None:
            return 0
        count += 1
    return count


#: The rules that end a table row (markdown-it's block-quote terminators, as module and
#: qualified name) and the characters one of them needs first on the line (after its
#: indent): a row starting with anything else (``|``, a letter) is not put to each rule.
#: (Front matter ends nothing after the first line; the fence rule is the default one.)
_TERMINATORS = frozenset(
    {
        ("markdown_it.rules_block.fence", "make_fence_rule.<locals>._fence_rule"),
        ("markdown_it.rules_block.fence", "fence"),
        ("markdown_it.rules_block.blockquote", "blockquote"),
        ("markdown_it.rules_block.hr", "hr"),
        ("markdown_it.rules_block.list", "list_block"),
        ("markdown_it.rules_block.html_block", "html_block"),
        ("markdown_it.rules_block.heading", "heading"),
        ("mdit_py_plugins.front_matter.index", "_front_matter_rule"),
    }
)
_TERMINATOR_FIRST = frozenset("`~>*-_+<#0123456789")


def known_terminators(rules: list[Any]) -> bool:
    """Whether every rule of ``rules`` is one whose first characters are known."""
    return all(
        (getattr(r, "__module__", ""), getattr(r, "__qualname__", "")) in _TERMINATORS
        for r in rules
    )


def _line(state: Any, line: int) -> str:
    return str(state.src[state.bMarks[line] + state.tShift[line] : state.eMarks[line]])


def table_rule(state: Any, start_line: int, end_line: int, silent: bool) -> bool:
    """markdown-it block rule (``StateBlock``, start line, end line, silent) for a table."""
    if start_line + 2 > end_line:
        return False
    second = start_line + 1
    if state.sCount[second] < state.blkIndent or state.is_code_block(second):
        return False
    delimiter = _line(state, second)
    if len(delimiter) < 2:
        return False
    ncols = _columns(delimiter)
    if ncols == 0:
        return False
    head = _line(state, start_line).strip(_TRIM)
    if "|" not in head or state.is_code_block(start_line):
        return False
    header = _cells(head)
    if len(header) != ncols:
        return False
    if silent:
        return True

    # (the rows end where a block quote would: markdown-it's rule for tables)
    terminators = state.md.block.ruler.getRules("blockquote")
    known = known_terminators(terminators)
    old_parent = state.parentType
    state.parentType = "table"
    cells = [cell.strip(_TRIM) for cell in header]
    nrows = 1
    autocompleted = 0
    line = start_line + 2
    while line < end_line:
        if state.sCount[line] < state.blkIndent:
            break
        text = _line(state, line)
        if (not known or text[:1] in _TERMINATOR_FIRST) and any(
            rule(state, line, end_line, True) for rule in terminators
        ):
            break
        text = text.strip(_TRIM)
        if not text or state.is_code_block(line):
            break
        row = _cells(text)
        # (may go negative when rows are wider than the header: only growth is bounded)
        autocompleted += ncols - len(row)
        if autocompleted > MAX_AUTOCOMPLETED_CELLS:
            break
        if len(row) < ncols:
            row.extend([""] * (ncols - len(row)))
        cells.extend(cell.strip(_TRIM) for cell in row[:ncols])
        nrows += 1
        line += 1

    token = state.push(TABLE_TOKEN, "table", 0)
    token.map = [start_line, line]
    entries: list[str | None] = []
    token.meta = {"columns": ncols, "rows": nrows, "cells": entries}
    plain = INLINE_TERMINATOR.search
    for i, content in enumerate(cells):
        if plain(content) is None:  # (its text is all the inline rules would make of it)
            entries.append(content)
            continue
        entries.append(None)
        token = state.push("inline", "", 0)
        row_line = start_line if i < ncols else start_line + 1 + i // ncols
        token.map = [row_line, row_line + 1]
        token.content = content
        token.children = []
    state.parentType = old_parent
    state.line = line
    return True
