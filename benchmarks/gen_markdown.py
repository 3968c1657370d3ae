"""Generate seeded Markdown of a given size: chapters, sections, prose, tables, lists.

Usage: ``python benchmarks/gen_markdown.py OUT.md [--mb 1.0]``
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

WORDS = (
    "the of and to in a is that for it as was with be by on not he this are or his from at which but have an "
    "they you were her she there one all we their report revenue customer service quality data system review"
).split()


def sentence(rng: random.Random) -> str:
    s = " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 24)))
    return s[0].upper() + s[1:] + "."


def build(mb: float = 1.0, seed: int = 7) -> str:
    """Markdown of about ``mb`` megabytes."""
    rng = random.Random(seed)
    out: list[str] = []
    size = 0
    chapter = 0
    while size < mb * 1_000_000:
        chapter += 1
        block = [f"# Chapter {chapter}\n"]
        for sub in range(rng.randint(2, 5)):
            block.append(f"## Section {chapter}.{sub}\n")
            for _ in range(rng.randint(2, 6)):
                block.append(" ".join(sentence(rng) for _ in range(rng.randint(2, 8))) + "\n")
            if rng.random() < 0.3:
                block.append("| Item | Qty | Price | Note |\n|---|---|---|---|")
                for r in range(rng.randint(3, 40)):
                    block.append(f"| item {r} | {rng.randint(1, 99)} | {rng.randint(1, 999)}.00 | {sentence(rng)} |")
                block.append("")
            if rng.random() < 0.3:
                block.extend(f"- {sentence(rng)}" for _ in range(rng.randint(2, 8)))
                block.append("")
        text = "\n".join(block)
        out.append(text)
        size += len(text) + 1
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--mb", type=float, default=1.0)
    args = parser.parse_args()
    args.out.write_text(build(args.mb), encoding="utf-8")


if __name__ == "__main__":
    main()
