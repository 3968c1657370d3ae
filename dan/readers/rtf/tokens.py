"""RTF tokenizer: control words, control symbols, hex escapes, groups and text runs.

Works on bytes (RTF is 7-bit text whose non-ASCII characters are escapes) without
recursion. Oversized tokens are tamed rather than refused: a control word name is at
most 32 letters (further letters are text), a numeric parameter keeps its first 10
digits (the rest is dropped), ``\\binN`` skips at most the bytes that remain.
:meth:`Tokenizer.skip_group` jumps over the rest of a group without producing tokens,
which is how destinations full of picture or object data are skipped quickly.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

__all__ = [
    "Tokenizer",
    "TOKEN",
    "WORD",
    "SYMBOL",
    "HEX",
    "OPEN",
    "CLOSE",
    "TEXT",
    "Token",
    "read_word",
]

WORD = 0  # (WORD, name: str, param: int | None)
SYMBOL = 1  # (SYMBOL, char: str, None)
HEX = 2  # (HEX, byte: int, None)
OPEN = 3
CLOSE = 4
TEXT = 5  # (TEXT, data: bytes, None)

#: ``(kind, value, param)``; the value's type follows the kind (see the kinds above).
Token = tuple[int, Any, "int | None"]

#: One token per match; the group that matched (``lastindex``) says which kind.
TOKEN = re.compile(
    rb"""
    \\([a-zA-Z]{1,32})(-?[0-9]{1,10})?[0-9]*\x20?   # 1, 2: control word and parameter
    |\\'([0-9a-fA-F]{2})                             # 3: hex escape
    |\\([^a-zA-Z'])                                  # 4: control symbol (\\\n is a \par)
    |([{}])                                          # 5: group
    |([^\\{}\r\n]+)                                  # 6: text
    |[\r\n]+                                         # ignored line ends
    |\\'?                                            # a dangling backslash or \\' escape
    """,
    re.X | re.S,
)
_OPEN: Token = (OPEN, None, None)
_MAX_WORDS = 4096
_CLOSE: Token = (CLOSE, None, None)
_SPECIAL = re.compile(rb"[{}\\]")
_BIN_PARAM = re.compile(rb"\\bin(-?[0-9]{1,10})[0-9]*\x20?")


def read_word(found: re.Match[bytes], words: dict[bytes, Token]) -> Token:
    """The token of a control word :data:`TOKEN` matched (groups 1 and 2), kept in
    ``words`` by the word's text (``\\cellx1000 ``) unless it is ``\\bin`` or ``words``
    holds :data:`_MAX_WORDS` already: a document repeats a few hundred words tens of
    thousands of times, and hostile input can make every parameter different."""
    raw_name, raw = found.group(1, 2)
    name = raw_name.decode("ascii")
    token: Token = (WORD, name, int(raw) if raw is not None else None)
    if name != "bin" and len(words) < _MAX_WORDS:
        words[found.group()] = token
    return token


class Tokenizer:
    """Iterate over the tokens of RTF ``data``; ``pos`` is the offset of the next token."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.pos = 0

    def __iter__(self) -> Iterator[Token]:
        # One finditer pass (the pattern matches at every byte, so it skips nothing); it
        # restarts where ``pos`` was moved: by ``\\binN``, or by :meth:`skip_group` called
        # between two tokens.
        data = self.data
        end = len(data)
        finditer = TOKEN.finditer
        words: dict[bytes, Token] = {}  # (see read_word)
        while self.pos < end:
            for found in finditer(data, self.pos):
                kind = found.lastindex
                after = found.end()
                self.pos = after
                token: Token
                if kind == 1 or kind == 2:
                    known = words.get(found.group())
                    if known is not None:
                        token = known
                    else:
                        token = read_word(found, words)
                        if token[1] == "bin":
                            self.pos = min(end, after + max(0, token[2] or 0))
                            break
                elif kind == 6:
                    token = (TEXT, found.group(6), None)
                elif kind == 5:
                    token = _OPEN if found.group(5) == b"{" else _CLOSE
                elif kind is None:
                    continue
                elif kind == 3:
                    token = (HEX, int(found.group(3), 16), None)
                else:
                    token = (SYMBOL, found.group(4).decode("latin-1"), None)
                yield token
                if self.pos != after:
                    break
            else:
                return

    def skip_group(self) -> bool:
        """Move past the ``}`` that closes the current group; False if the data ends first."""
        data = self.data
        end = len(data)
        depth = 1
        pos = self.pos
        search = _SPECIAL.search
        while True:
            found = search(data, pos)
            if found is None:
                self.pos = end
                return False
            pos = found.end()
            char = data[found.start()]
            if char == 0x7B:  # {
                depth += 1
            elif char == 0x7D:  # }
                depth -= 1
                if depth == 0:
                    self.pos = pos
                    return True
            else:  # backslash: skip the escaped byte, and the data of \binN
                binary = _BIN_PARAM.match(data, found.start())
                if binary is not None:
                    pos = min(end, binary.end() + max(0, int(binary.group(1))))
                else:
                    pos += 1
