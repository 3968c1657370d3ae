# cython: language_level=3
"""Where a cross-reference mention can start, found in C (optional: ``scripts/compile.py``
builds it).

:func:`mention_starts` gives the positions where one of the mention kinds' words
(``clause``, ``section``, ``schedule``, ``table`` ...) begins a word: what
:mod:`dan.pipeline.references` otherwise finds with a regular-expression scan of the whole text,
the costliest part of building records. :mod:`dan.pipeline.references` tries its mention pattern at
each position either way, so both give the same mentions; tests/dan/test_references_scan.py
compares them.
"""

from cpython.unicode cimport (
    Py_UNICODE_ISALNUM,
    Py_UNICODE_ISDECIMAL,
    Py_UNICODE_ISSPACE,
    PyUnicode_DATA,
    PyUnicode_KIND,
    PyUnicode_READ,
)


cdef inline bint _at(int kind, void* data, Py_ssize_t i, Py_ssize_t n, const char* word, Py_ssize_t m):
    """Whether the ASCII ``word`` (``m`` characters) is in the text at ``i``."""
    cdef Py_ssize_t k
    if i + m > n:
        return False
    for k in range(1, m):  # (the first character is the caller's)
        if PyUnicode_READ(kind, data, i + k) != <Py_UCS4>word[k]:
            return False
    return True


cdef inline bint _then_id(int lkind, void* ldata, int kind, void* data, Py_ssize_t j, Py_ssize_t n):
    """Whether ``text`` from ``j`` (just after a kind's word's stem) can go on into an
    identifier the way the mention pattern needs: the rest of the word (lower-case letters,
    dots, more ``§``, read in ``low``, where ``ſ`` is already ``s``; a capital A-Z of
    ``text`` ends it, as it may start the identifier: ``ScheduleA``), white space, then a
    decimal digit or a capital A-Z of ``text``."""
    cdef Py_UCS4 c, t
    while j < n:
        t = PyUnicode_READ(kind, data, j)
        if 65 <= t <= 90:  # A-Z
            break
        c = PyUnicode_READ(lkind, ldata, j)
        if not ((97 <= c <= 122) or c == 46 or c == 0xA7):  # a-z . §
            break
        j += 1
    while j < n and Py_UNICODE_ISSPACE(PyUnicode_READ(kind, data, j)):
        j += 1
    if j >= n:
        return False
    c = PyUnicode_READ(kind, data, j)
    return (65 <= c <= 90) or Py_UNICODE_ISDECIMAL(c)


def mention_starts(str low, str text):
    """The positions ``i`` where a mention kind's word starts in ``low`` (``text`` folded
    and lower-cased, of the same length), ``text[i - 1]`` is no word character or ``§``, and
    what follows in ``text`` can be an identifier (:func:`_then_id`)."""
    cdef Py_ssize_t n = len(low)
    cdef Py_ssize_t i
    cdef Py_UCS4 c, prev
    cdef list out = []
    if len(text) != n:
        raise ValueError("low must be text lower-cased, of the same length")
    cdef int kind = PyUnicode_KIND(low)
    cdef void* data = PyUnicode_DATA(low)
    cdef int tkind = PyUnicode_KIND(text)
    cdef void* tdata = PyUnicode_DATA(text)
    cdef Py_ssize_t m
    for i in range(n):
        c = PyUnicode_READ(kind, data, i)
        m = 0
        if c == 99:  # c
            if _at(kind, data, i, n, b"clause", 6):
                m = 6
            elif _at(kind, data, i, n, b"chapter", 7):
                m = 7
        elif c == 115:  # s
            if _at(kind, data, i, n, b"section", 7):
                m = 7
            elif _at(kind, data, i, n, b"schedule", 8):
                m = 8
        elif c == 97:  # a
            if _at(kind, data, i, n, b"article", 7) or _at(kind, data, i, n, b"appendi", 7):
                m = 7
            elif _at(kind, data, i, n, b"annex", 5):
                m = 5
            elif _at(kind, data, i, n, b"attachment", 10):
                m = 10
        elif c == 112:  # p
            if _at(kind, data, i, n, b"para", 4) or _at(kind, data, i, n, b"part", 4):
                m = 4
        elif c == 116:  # t
            if _at(kind, data, i, n, b"table", 5):
                m = 5
        elif c == 102:  # f
            if _at(kind, data, i, n, b"fig", 3):
                m = 3
            elif _at(kind, data, i, n, b"finding", 7):
                m = 7
        elif c == 101:  # e
            if _at(kind, data, i, n, b"exhibit", 7):
                m = 7
        elif c == 114:  # r
            if _at(kind, data, i, n, b"resolution", 10):
                m = 10
            elif _at(kind, data, i, n, b"requirement", 11):
                m = 11
            elif _at(kind, data, i, n, b"recommendation", 14):
                m = 14
        elif c == 100:  # d
            if _at(kind, data, i, n, b"decision", 8):
                m = 8
        elif c == 109:  # m
            if _at(kind, data, i, n, b"motion", 6):
                m = 6
        elif c == 111:  # o
            if _at(kind, data, i, n, b"observation", 11):
                m = 11
        elif c == 0xA7:  # §
            m = 1
        if m == 0:
            continue
        if i > 0:
            prev = PyUnicode_READ(tkind, tdata, i - 1)
            if prev == 95 or prev == 0xA7 or Py_UNICODE_ISALNUM(prev):  # _ §
                continue
        if _then_id(kind, data, tkind, tdata, i + m, n):
            out.append(i)
    return out
