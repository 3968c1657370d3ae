"""Long runs of the DOCX grammar fuzz test (``tests/dan/test_docx_grammar.py``).

The test runs 1,000 generated documents in CI; this runs as many as asked, with a random
seed each time, and stops at the first document that converts with a broken SPEC invariant
or raises anything but a ``dan.DanError`` (hypothesis then shrinks it and prints it).

    python benchmarks/fuzz/grammar_docx.py --examples 20000
"""

from __future__ import annotations

import argparse

from _long import run_long


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--examples", type=int, default=20_000, help="documents to generate (default 20,000)")
    args = parser.parse_args(argv)
    from hypothesis import strategies as st

    import test_docx_grammar as grammar

    test = grammar.test_any_nesting_of_body_elements_converts_or_fails_with_a_dan_error
    run_long(test, args.examples, st.lists(grammar.BLOCK, max_size=8), st.sampled_from([40, 300]))
    print(f"{args.examples:,} generated documents: every one converted with the invariants holding or raised a DanError")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
