# cython: language_level=3
"""Where a cross-reference mention can start, found in C (optional: ``scripts/compile.py``
builds it).

:func:`mention_starts` gives the positions where one of the mention kinds' words
(``clause``, ``section``, ``schedule``, ``table`` ...) begins a word: what
:mod:`dan.references` otherwise finds with a regular-expression scan of the whole text,
the costliest part of building records. :mod:`dan.references` tries its mention pattern at
each position either way, so both give the same mentions; tests/dan/test_references_scan.py
compares them.
"""

from cpython.unicode cimport Py_UNICODE_ISALNUM


cdef inline bint _at(str s, Py_ssize_t i, Py_ssize_t n, str word):
    """Whether ``word`` is in ``s`` at ``i``."""
    cdef Py_ssize_t k, m = len(word)
    if i + m > n:
        return False
    for k in range(m):
        if s[i + k] != word[k]:
            return False
    return True


def mention_starts(str low, str text):
    """The positions ``i`` where a mention kind's word starts in ``low`` (``text``
    lower-cased, of the same length) and ``text[i - 1]`` is no word character or ``§``."""
    cdef Py_ssize_t n = len(low)
    cdef Py_ssize_t i
    cdef Py_UCS4 c, prev
    cdef bint hit
    cdef list out = []
    if len(text) != n:
        raise ValueError("low must be text lower-cased, of the same length")
    for i in range(n):
        c = low[i]
        if c == u"c":
            hit = _at(low, i, n, "clause") or _at(low, i, n, "chapter")
        elif c == u"s":
            hit = _at(low, i, n, "section") or _at(low, i, n, "schedule")
        elif c == u"a":
            hit = (
                _at(low, i, n, "article")
                or _at(low, i, n, "appendi")
                or _at(low, i, n, "annex")
                or _at(low, i, n, "attachment")
            )
        elif c == u"p":
            hit = _at(low, i, n, "para") or _at(low, i, n, "part")
        elif c == u"t":
            hit = _at(low, i, n, "table")
        elif c == u"f":
            hit = _at(low, i, n, "fig")
        elif c == u"e":
            hit = _at(low, i, n, "exhibit")
        else:
            hit = c == u"§"
        if not hit:
            continue
        if i > 0:
            prev = text[i - 1]
            if prev == u"_" or prev == u"§" or Py_UNICODE_ISALNUM(prev):
                continue
        out.append(i)
    return out
