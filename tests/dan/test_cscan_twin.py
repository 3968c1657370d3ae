"""The compiled twin of the mention scan (dan/pipeline/_cscan.pyx) against its Python definitions
(dan/pipeline/references.py), in the pure-Python leg: the C source is read as text, so a new kind's
word added to references.py without its byte string in _cscan.pyx fails here, not only in
the compiled leg (where tests/dan/test_references_scan.py compares the two scans' output).

A kind's word is found by the C scan when one of its byte-string stems begins it (under the
dispatch on the stem's first letter, with the stem's length passed and kept as ``m``) and
the rest of the word is what ``_then_id`` walks over (lower-case letters, ``.``, ``§``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from dan.pipeline import references as R

try:  # (Python 3.11+)
    from re import _constants as C, _parser as P  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover
    import sre_constants as C  # type: ignore[no-redef]
    import sre_parse as P  # type: ignore[no-redef]

# (from the checkout, not R.__file__: a compiled module's __file__ need not sit beside its sources)
PYX = Path(__file__).resolve().parents[2] / "dan" / "pipeline" / "_cscan.pyx"
_DISPATCH = re.compile(r"^\s*(?:if|elif) c == (0x[0-9A-Fa-f]+|\d+):\s*#\s*(\S)")
_AT = re.compile(r'_at\(kind, data, i, n, b"([^"]+)", (\d+)\)')
_M = re.compile(r"^\s*m = (\d+)\s*$")


def _words(node: object) -> set[str]:
    """Every string a finite, assertion-free regex fragment matches (look-aheads match the
    empty string here: they only check what follows the word)."""
    out = {""}
    for op, arg in node:  # type: ignore[attr-defined]
        if op is C.LITERAL:
            alts = {chr(arg)}
        elif op is C.BRANCH:
            alts = set().union(*(_words(branch) for branch in arg[1]))
        elif op is C.SUBPATTERN:
            alts = _words(arg[-1])
        elif op in (C.MAX_REPEAT, C.MIN_REPEAT):
            lo, hi, sub = arg
            assert hi <= 2, "an unbounded repeat: the kinds' words are a finite list"
            inner = _words(sub)
            alts, level = set(), {""}
            for count in range(hi + 1):
                if count >= lo:
                    alts |= level
                level = {a + b for a in level for b in inner}
        elif op in (C.ASSERT, C.ASSERT_NOT):
            alts = {""}
        elif op is C.IN and all(o is C.LITERAL for o, _ in arg):
            alts = {chr(a) for _, a in arg}
        else:
            raise AssertionError(f"unexpected regex node {op}")
        out = {a + b for a in out for b in alts}
    return out


def words_of(pattern: str) -> set[str]:
    return _words(P.parse(pattern))


#: Every word that names a mention kind, in dan/pipeline/references.py's definitions.
KIND_WORDS = words_of(R._NUMBERED_KINDS) | words_of(R._NAMED_KINDS) | words_of(R._ITEM_KINDS)


def c_stems() -> dict[str, int]:
    """``stem -> first letter's code`` for each byte string of ``mention_starts``, with
    the structure checked: the length passed is the stem's, ``m`` becomes it, and each
    stem sits under the dispatch on its first letter."""
    stems: dict[str, int] = {}
    code: int | None = None
    pending: list[str] = []
    for line in PYX.read_text(encoding="utf-8").splitlines():
        dispatch = _DISPATCH.match(line)
        if dispatch:
            code = int(dispatch.group(1), 0)
            assert chr(code) == dispatch.group(2), line  # (the comment names the letter)
            continue
        found = _AT.findall(line)
        if found:
            assert code is not None, line
            for stem, length in found:
                assert int(length) == len(stem), f"{stem!r} is passed with length {length}"
                assert ord(stem[0]) == code, f"{stem!r} sits under the dispatch on {chr(code)!r}"
                stems[stem] = code
            pending = [stem for stem, _ in found]
            continue
        m = _M.match(line)
        if m and pending:
            assert all(int(m.group(1)) == len(s) for s in pending), (pending, line)
            pending = []
    return stems


def test_the_python_definitions_enumerate() -> None:
    assert {"clause", "clauses", "§", "§§", "paras.", "figs.", "annexe", "resolutions"} <= KIND_WORDS
    # the start scan's words (dan.pipeline.references._MENTION_START) are the same list, written again
    assert words_of(R._MENTION_START.pattern) == KIND_WORDS


def test_the_c_scan_finds_the_start_of_every_kind_s_word() -> None:
    stems = c_stems()
    assert stems, "no byte strings read from _cscan.pyx"
    for word in sorted(KIND_WORDS):
        if word.startswith("§"):
            assert "§" in PYX.read_text(encoding="utf-8") and "c == 0xA7" in PYX.read_text(encoding="utf-8")
            continue
        begins = [s for s in stems if word.startswith(s)]
        assert begins, f"{word!r} (dan/pipeline/references.py) has no byte-string stem in dan/pipeline/_cscan.pyx"
        rest = word[len(max(begins, key=len)) :]
        assert re.fullmatch(r"[a-z.§]*", rest), f"_then_id cannot walk over {rest!r} of {word!r}"


def test_every_c_stem_begins_a_kind_s_word() -> None:
    stale = [s for s in c_stems() if not any(w.startswith(s) for w in KIND_WORDS)]
    assert not stale, f"byte strings of dan/pipeline/_cscan.pyx no kind's word starts with: {stale}"


def test_a_missing_stem_would_be_found() -> None:
    # (the check itself can fail: a new kind's word the C scan does not know)
    words = KIND_WORDS | {"covenant", "covenants"}
    stems = c_stems()
    assert [w for w in sorted(words) if not w.startswith("§") and not any(w.startswith(s) for s in stems)] == [
        "covenant",
        "covenants",
    ]


def test_a_c_extension_that_does_not_import_fails_when_the_compiled_build_is_expected(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import helpers

    monkeypatch.setattr(helpers, "REQUIRE_COMPILED", True)  # (DAN_REQUIRE_COMPILED=1, .ci/run)
    with pytest.raises(pytest.fail.Exception, match="does not import in the compiled leg"):
        helpers.compiled_module("dan._no_such_extension", "built by scripts/compile.py")
    monkeypatch.setattr(helpers, "REQUIRE_COMPILED", False)  # (the pure-Python leg)
    with pytest.raises(pytest.skip.Exception):
        helpers.compiled_module("dan._no_such_extension", "built by scripts/compile.py")
