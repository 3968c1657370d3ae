"""Long runs of the C counter's property test (``tests/dan/test_ccount.py``) in the compiled
build: generated texts split into the same pieces as o200k's pattern and counted as
tiktoken counts them, or refused whole when they hold a character the counter does not
handle. CI runs 600 short texts; this runs as many as asked, up to ``--max-chars`` long,
with a random seed each time, and stops at the first difference (hypothesis then shrinks
it and prints it).

    python scripts/compile.py     # the counter exists only in the compiled build
    python benchmarks/fuzz/ccount.py --examples 100000
"""

from __future__ import annotations

import argparse
import sys

from _long import run_long


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--examples", type=int, default=100_000, help="texts to generate (default 100,000)")
    parser.add_argument("--max-chars", type=int, default=400, help="longest text (default 400 characters)")
    args = parser.parse_args(argv)
    try:
        import dan._ccount  # noqa: F401
    except ImportError:
        print("the C counter is not built: run python scripts/compile.py first", file=sys.stderr)
        return 2
    from hypothesis import strategies as st

    import test_ccount

    texts = st.one_of(
        st.lists(test_ccount.HANDLED_CHARACTERS, max_size=args.max_chars),
        st.lists(test_ccount.CHARACTERS, max_size=args.max_chars),
    ).map("".join)
    run_long(test_ccount.test_pieces_and_counts_match_tiktoken, args.examples, texts)
    print(f"{args.examples:,} generated texts: every one split and counted as tiktoken does, or refused whole")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
