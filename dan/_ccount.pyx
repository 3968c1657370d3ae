# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
"""o200k token counts in C (optional: ``scripts/compile.py`` builds it).

tiktoken counts a text by splitting it into pieces with o200k's pre-tokenizer pattern
(:data:`dan.tokenizer._PAT_STR`) and byte-pair encoding each piece. Documents repeat their
words, so most pieces were counted before. :class:`PieceCounter` splits the text the way
the pattern does, in one pass over its characters, and keeps each piece's count in a
table of its own; tiktoken counts only the pieces it has not seen.

The split is written out for the characters whose class the pattern reads from one
general category: upper-case letters (Lu), lower-case letters (Ll), numbers (N), line
breaks, other white space and everything else. With them the pattern's alternatives are:

1. and 2. ``[^\\r\\n\\p{L}\\p{N}]?[Lu…]*[Ll…]+('s|'t|…)?`` and ``…[Lu…]+[Ll…]*…``: an
   optional character that is no letter, number or line break, the capitals, the small
   letters, and a contraction (``'s 't 're 've 'm 'll 'd``, any case; ``ſ`` is an ``s``);
3. ``\\p{N}{1,3}``: up to three numbers;
4. `` ?[^\\s\\p{L}\\p{N}]+[\\r\\n/]*``: an optional space, the rest, line breaks and ``/``;
5. ``\\s*[\\r\\n]+``: white space up to its last line break;
6. and 7. ``\\s+(?!\\S)`` and ``\\s+``: white space, less its last character when more
   follows and there are two or more.

A text holding any other character (titlecase and modifier letters, other letters, marks,
characters outside the blocks of :data:`_BLOCKS`, lone surrogates) is refused: ``count``
gives -1 and the caller asks tiktoken for the whole text. ``tests/dan/test_ccount.py``
compares every character handled, in many contexts, and generated texts with tiktoken.
"""

import unicodedata

from cpython.unicode cimport PyUnicode_DATA, PyUnicode_KIND, PyUnicode_READ
from libc.stdint cimport uint16_t, uint32_t
from libc.stdlib cimport calloc, free, malloc
from libc.string cimport memset

cdef enum:
    OTHER = 0    # not a letter, number or white space
    UPPER = 1    # Lu
    LOWER = 2    # Ll
    NUMBER = 3   # N
    BREAK = 4    # \r \n
    SPACE = 5    # the other White_Space characters
    REFUSED = 6  # a class not written out here

#: Characters below this have a class in the table; every other one is refused.
cdef enum:
    TABLE_CHARS = 0x2100

#: The blocks whose characters are handled (start, end): Basic Latin, Latin-1 Supplement,
#: Latin Extended-A and -B, General Punctuation and Currency Symbols.
_BLOCKS = ((0x0000, 0x0250), (0x2000, 0x2070), (0x20A0, 0x20C1))

#: Unicode's White_Space property (the pattern's ``\\s``), in the blocks above. Not
#: ``str.isspace``, which also holds for U+001C..U+001F.
_WHITE_SPACE = frozenset(
    [0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20, 0x85, 0xA0, 0x2028, 0x2029, 0x202F, 0x205F]
    + list(range(0x2000, 0x200B))
)

cdef unsigned char CLASSES[TABLE_CHARS]


def character_class(str ch not None):
    """The class :class:`PieceCounter` gives the character ``ch`` (0 other, 1 upper-case
    letter, 2 lower-case letter, 3 number, 4 line break, 5 other white space, 6 refused)."""
    if len(ch) != 1:
        raise ValueError("character_class takes one character")
    return _class(PyUnicode_KIND(ch), PyUnicode_DATA(ch), 0, 1)


def _fill_classes():
    memset(CLASSES, REFUSED, TABLE_CHARS)
    for start, end in _BLOCKS:
        for cp in range(start, end):
            category = unicodedata.category(chr(cp))
            if cp == 0x0A or cp == 0x0D:
                value = BREAK
            elif cp in _WHITE_SPACE:
                value = SPACE
            elif category == "Lu":
                value = UPPER
            elif category == "Ll":
                value = LOWER
            elif category[0] == "N":
                value = NUMBER
            elif category[0] in "LM" or category == "Cn":
                value = REFUSED  # (Lt, Lm, Lo and marks are in both letter classes)
            else:
                value = OTHER
            CLASSES[cp] = value


_fill_classes()


cdef inline int _class(int kind, void* data, Py_ssize_t i, Py_ssize_t n) noexcept:
    cdef uint32_t c
    if i >= n:
        return REFUSED
    c = PyUnicode_READ(kind, data, i)
    return CLASSES[c] if c < TABLE_CHARS else REFUSED


cdef inline uint32_t _small(uint32_t c) noexcept:
    """An ASCII capital's small letter, and ``s`` for the long s (the contractions' case
    folding); any other character as it is."""
    if 0x41 <= c <= 0x5A:
        return c | 0x20
    if c == 0x17F:
        return 0x73
    return c


cdef struct Entry:
    uint32_t hash     # 0 for an empty slot (a key's hash has its low bit set)
    uint32_t start    # where the key's characters are in the key store
    uint16_t length
    uint16_t count

#: Longest piece kept in the table (a longer one is counted by tiktoken each time).
cdef enum:
    MAX_KEY = 64


cdef class PieceCounter:
    """Counts texts the way o200k does, with ``count_piece(piece)`` (tiktoken's count of
    one piece) for the pieces it has not counted before.

    The table holds up to ``capacity // 2`` pieces (``capacity`` is a power of two, at
    least 8) and ``capacity * 8`` of their characters (so always room for the longest
    piece kept); when full it is emptied and fills again. It is only ever changed while
    the GIL is held, between calls of ``count_piece``.
    """

    cdef Entry* table
    cdef uint16_t* keys
    cdef Py_ssize_t capacity
    cdef Py_ssize_t key_room
    cdef Py_ssize_t used
    cdef Py_ssize_t entries
    cdef object count_piece

    def __cinit__(self, count_piece, Py_ssize_t capacity=1 << 17):
        if capacity < 8 or capacity & (capacity - 1) or capacity > 1 << 24:
            raise ValueError("capacity must be a power of two from 8 to 2**24")
        self.capacity = capacity
        self.key_room = capacity * 8
        self.table = <Entry*>calloc(capacity, sizeof(Entry))
        self.keys = <uint16_t*>malloc(self.key_room * sizeof(uint16_t))
        if self.table == NULL or self.keys == NULL:
            raise MemoryError()
        self.used = 0
        self.entries = 0
        self.count_piece = count_piece

    def __dealloc__(self):
        free(self.table)
        free(self.keys)

    @property
    def pieces(self):
        """How many pieces the table holds now."""
        return self.entries

    cdef Py_ssize_t _piece(self, str text, int kind, void* data, Py_ssize_t s, Py_ssize_t e) except -1:
        """The count of ``text[s:e]``, from the table or else from ``count_piece``."""
        cdef Py_ssize_t m = e - s
        cdef uint32_t h
        cdef Py_ssize_t k
        cdef Py_ssize_t mask = self.capacity - 1
        cdef Py_ssize_t slot
        cdef Entry* entry
        cdef uint16_t* key
        cdef Py_ssize_t count
        if m > MAX_KEY:
            return self._ask(text[s:e])
        h = _hash(kind, data, s, e)
        slot = h & mask
        while self.table[slot].hash != 0:
            entry = &self.table[slot]
            if entry.hash == h and entry.length == m:
                key = self.keys + entry.start
                for k in range(m):
                    if key[k] != PyUnicode_READ(kind, data, s + k):
                        break
                else:
                    return entry.count
            slot = (slot + 1) & mask
        count = self._ask(text[s:e])
        # (count_piece may have let another thread change the table: look again)
        if self.entries >= self.capacity // 2 or self.used + m > self.key_room:
            memset(self.table, 0, self.capacity * sizeof(Entry))
            self.used = 0
            self.entries = 0
        slot = h & mask
        while self.table[slot].hash != 0:
            slot = (slot + 1) & mask
        entry = &self.table[slot]
        for k in range(m):
            self.keys[self.used + k] = <uint16_t>PyUnicode_READ(kind, data, s + k)
        entry.hash = h
        entry.start = <uint32_t>self.used
        entry.length = <uint16_t>m
        entry.count = <uint16_t>count
        self.used += m
        self.entries += 1
        return count

    cdef Py_ssize_t _ask(self, str piece) except -1:
        cdef Py_ssize_t n = self.count_piece(piece)
        if n < 1 or n > len(piece.encode("utf-8", "surrogatepass")):
            raise ValueError(f"count_piece gave {n} tokens for a piece of {len(piece)} characters")
        return n

    def count(self, text):
        """The o200k count of ``text`` (a ``str``), or -1 when it holds a character not
        handled here."""
        cdef str t = _text(text)
        cdef Py_ssize_t n = len(t)
        cdef int kind = PyUnicode_KIND(t)
        cdef void* data = PyUnicode_DATA(t)
        cdef Py_ssize_t i = 0, e
        cdef Py_ssize_t total = 0
        if not _handled(kind, data, n):
            return -1
        while i < n:
            e = _end(kind, data, i, n)
            total += self._piece(t, kind, data, i, e)
            i = e
        return total


cdef str _text(object text):
    """``text`` as a ``str`` (a subclass's value, as tiktoken reads it); a TypeError for
    anything else."""
    if type(text) is str:
        return <str>text
    if isinstance(text, str):
        return str.__str__(text)
    raise TypeError(f"expected a str, got {type(text).__name__}")


cdef inline uint32_t _hash(int kind, void* data, Py_ssize_t s, Py_ssize_t e) noexcept:
    """The table's key of ``text[s:e]``: 32-bit FNV-1a of its code points, low bit set (0
    marks an empty slot)."""
    cdef uint32_t h = 2166136261u
    cdef Py_ssize_t k
    for k in range(s, e):
        h = (h ^ <uint32_t>PyUnicode_READ(kind, data, k)) * 16777619u
    return h | 1


def piece_hash(text):
    """The key the table files the piece ``text`` under (for tests)."""
    cdef str t = _text(text)
    return _hash(PyUnicode_KIND(t), PyUnicode_DATA(t), 0, len(t))


def split(text):
    """The pieces of ``text`` (a ``str``) as :class:`PieceCounter` counts them (o200k's
    pre-tokenizer pattern's matches); a ValueError when it holds a character not handled
    here."""
    cdef str t = _text(text)
    cdef Py_ssize_t n = len(t)
    cdef int kind = PyUnicode_KIND(t)
    cdef void* data = PyUnicode_DATA(t)
    cdef Py_ssize_t i = 0, e
    cdef list out = []
    if not _handled(kind, data, n):
        raise ValueError("the text holds a character the C counter does not handle")
    while i < n:
        e = _end(kind, data, i, n)
        out.append(t[i:e])
        i = e
    return out


cdef bint _handled(int kind, void* data, Py_ssize_t n) noexcept:
    """Whether every character of the text has a class here."""
    cdef Py_ssize_t j
    for j in range(n):
        if _class(kind, data, j, n) == REFUSED:
            return False
    return True


cdef Py_ssize_t _end(int kind, void* data, Py_ssize_t i, Py_ssize_t n) noexcept:
    """Where the piece that starts at ``i`` ends (every character handled)."""
    cdef Py_ssize_t j, e, run, last
    cdef int c, d
    cdef uint32_t ch, ch2
    c = _class(kind, data, i, n)
    # 1 and 2: letters, after one character that is no letter, number or line break
    j = -1
    if c == UPPER or c == LOWER:
        j = i
    elif c == OTHER or c == SPACE:
        d = _class(kind, data, i + 1, n)
        if d == UPPER or d == LOWER:
            j = i + 1
    if j >= 0:
        e = j
        while e < n and _class(kind, data, e, n) == UPPER:
            e += 1
        while e < n and _class(kind, data, e, n) == LOWER:
            e += 1
        if e + 1 < n and PyUnicode_READ(kind, data, e) == 0x27:  # '
            ch = _small(PyUnicode_READ(kind, data, e + 1))
            if ch == 0x73 or ch == 0x74 or ch == 0x6D or ch == 0x64:
                e += 2  # 's 't 'm 'd
            elif e + 2 < n:
                ch2 = _small(PyUnicode_READ(kind, data, e + 2))
                if ((ch == 0x72 or ch == 0x76) and ch2 == 0x65) or (ch == 0x6C and ch2 == 0x6C):
                    e += 3  # 're 've 'll
        return e
    # 3: up to three numbers
    if c == NUMBER:
        e = i + 1
        while e < n and e < i + 3 and _class(kind, data, e, n) == NUMBER:
            e += 1
        return e
    # 4: an optional space, the rest, then line breaks and slashes
    j = -1
    if c == OTHER:
        j = i
    elif PyUnicode_READ(kind, data, i) == 0x20 and _class(kind, data, i + 1, n) == OTHER:
        j = i + 1
    if j >= 0:
        e = j
        while e < n and _class(kind, data, e, n) == OTHER:
            e += 1
        while e < n:
            ch = PyUnicode_READ(kind, data, e)
            if ch != 0x0D and ch != 0x0A and ch != 0x2F:
                break
            e += 1
        return e
    # 5, 6 and 7: white space (c is BREAK or SPACE)
    run = i
    last = -1
    while run < n:
        d = _class(kind, data, run, n)
        if d == BREAK:
            last = run
        elif d != SPACE:
            break
        run += 1
    if last >= 0:
        return last + 1  # up to its last line break
    if run == n or run - i < 2:
        return run  # all of it: at the end, or one character
    return run - 1  # less the last, which goes with what follows
