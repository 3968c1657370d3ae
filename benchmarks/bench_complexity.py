"""Complexity: each path that was once superlinear, timed at n and 8n in one run.

The cases in ``LADDERS`` are timed at more sizes, each a multiple of n (the RTF annotation
groups at 10³, 10⁴ and 10⁵): a step of 10x in size should cost about 10x in time, and the
verdict is "linear" while each step's ratio stays under ``MAX_STEP_RATIO`` x the step.

Every case builds an input of size n and of size 8n and converts each in a fresh child
process (the input is built before the clock starts; the tokenizer is loaded first). A
linear path takes about 8 times as long at 8n; the verdict is "linear" when the ratio
stays under 12, else "SUPERLINEAR". The zip ratio and chunk-count limits are lifted for
these inputs, so the paths behind them are reached (the limits themselves are the
hostile suite's business, ``bench_hostile.py``).

Usage: ``python benchmarks/bench_complexity.py [--only SUBSTRING]``; writes
``benchmarks/results/bench_complexity.json``.
"""

from __future__ import annotations

import argparse
import re
import json
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from benchmarks._runner import child_main, measure  # noqa: E402
from benchmarks.hostile_cases import W, _doc, _rels, minimal_docx, rtf_annotations  # noqa: E402

#: Verdict threshold: time(8n) / time(n) under this is linear-ish.
MAX_RATIO = 12

Input = tuple[bytes, str]


def _md(text: str) -> Input:
    return text.encode(), "markdown"


def _footnote_refs(n: int) -> Input:
    notes = "".join(f'<w:footnote w:id="{i}"><w:p><w:r><w:t>note {i}</w:t></w:r></w:p></w:footnote>' for i in range(1, 6))
    body = "<w:p>" + "".join(
        f'<w:r><w:t>w{i} </w:t></w:r><w:r><w:footnoteReference w:id="{i % 5 + 1}"/></w:r>' for i in range(n)
    ) + "</w:p>"
    return minimal_docx(_doc(body), {
        "word/footnotes.xml": f"<w:footnotes {W}>{notes}</w:footnotes>".encode(),
        "word/_rels/document.xml.rels": _rels({"rIdF": ("footnotes", "footnotes.xml")}),
    }), "docx"


def _comments(n: int, closed: bool) -> Input:
    ranges = "".join(
        f'<w:commentRangeStart w:id="{i}"/><w:r><w:t>t{i} </w:t></w:r>'
        + (f'<w:commentRangeEnd w:id="{i}"/><w:r><w:commentReference w:id="{i}"/></w:r>' if closed else "")
        for i in range(n)
    )
    comments = "".join(
        f'<w:comment w:id="{i}" w:author="A{i % 7}"><w:p><w:r><w:t>c{i}</w:t></w:r></w:p></w:comment>' for i in range(n)
    )
    return minimal_docx(_doc(f"<w:p>{ranges}</w:p>"), {
        "word/comments.xml": f"<w:comments {W}>{comments}</w:comments>".encode(),
        "word/_rels/document.xml.rels": _rels({"rIdC": ("comments", "comments.xml")}),
    }), "docx"


def _vmerge(n: int) -> Input:
    rows = "".join(
        "<w:tr>" + "".join(
            "<w:tc><w:tcPr><w:vMerge" + (' w:val="restart"' if r == 0 else "") + "/></w:tcPr>"
            f"<w:p><w:r><w:t>{(r * n + c) * 2654435761 % 10**8}</w:t></w:r></w:p></w:tc>"
            for c in range(n)
        ) + "</w:tr>"
        for r in range(n)
    )
    return minimal_docx(_doc(f"<w:tbl>{rows}</w:tbl>")), "docx"


def _rtf_annotations(n: int) -> Input:
    return b"{\\rtf1 " + b"".join(
        b"w%d {\\*\\atnid A}{\\*\\atnauthor A}\\chatn{\\*\\annotation x%d} " % (i, i) for i in range(n)
    ) + b"}", "rtf"


def _html_divs(n: int) -> Input:
    return (b"<nav><a href='/'>home</a></nav><div>"
            + b"<div><p>The supplier shall deliver the cranes, within twelve weeks, of the order.</p>" * n
            + b"</div>" * (n + 1)), "html"


def _html_refs(n: int) -> Input:
    return ("<p>" + "".join(f'w{i} <sup><a href="#fn{i}">{i}</a></sup>' for i in range(n)) + "</p>").encode(), "html"


#: name -> (n, build(n)); each runs at n and 8n.
CASES: dict[str, tuple[int, Callable[[int], Input]]] = {
    "md: '*a' x n": (5_000, lambda n: _md("*a" * n)),
    "md: unclosed fence, n lines": (50_000, lambda n: _md("```\n" + "line\n" * n)),
    "md: n paragraphs": (10_000, lambda n: _md("w\n\n" * n)),
    "md: table of n rows": (10_000, lambda n: _md("| a | b |\n|---|---|\n" + "| x | y |\n" * n)),
    "md: n headings": (2_000, lambda n: _md("# h\n" * n)),
    "md: n backtick runs": (2_000, lambda n: _md("`" * n + "x" + "``" * n)),
    "md: n footnote references in a paragraph": (
        2_000, lambda n: _md("".join(f"w{i}[^{i % 5 + 1}] " for i in range(n)) + "\n\n"
                           + "".join(f"[^{k}]: note {k}\n" for k in range(1, 6)))),
    "text: a letter under n combining marks": (200_000, lambda n: (("a" + "\u0301" * n + " b").encode(), "text")),
    "text: a ZWJ chain of n emoji": (40_000, lambda n: (("\U0001F468\u200d" * n + "x").encode(), "text")),
    "text: n skin-tone modifiers": (80_000, lambda n: (("\U0001F44D" + "\U0001F3FB" * n).encode(), "text")),
    "docx: n footnote references in a paragraph": (2_000, _footnote_refs),
    "docx: n comment ranges in a paragraph": (2_000, lambda n: _comments(n, True)),
    "docx: n unclosed comments": (5_000, lambda n: _comments(n, False)),
    "docx: n runs in a paragraph": (60_000, lambda n: (minimal_docx(_doc("<w:p>" + "<w:r><w:t>a</w:t></w:r>" * n + "</w:p>")), "docx")),
    "docx: vertical merges over n x n cells (8x cells)": (100, _vmerge),
    "rtf: n annotations in a paragraph": (2_000, _rtf_annotations),
    "rtf: n annotation groups, their ranges left open": (1_000, lambda n: (rtf_annotations(n, True), "rtf")),
    "rtf: n cells outside a row": (10_000, lambda n: (b"{\\rtf1 " + b"x\\cell " * n + b"}", "rtf")),
    "rtf: n paragraphs": (10_000, lambda n: (b"{\\rtf1 " + b"w\\par " * n + b"x}", "rtf")),
    "html: n nested divs with paragraphs (main content)": (500, _html_divs),
    "html: n note references in a paragraph": (2_000, _html_refs),
    "md: a code line of n links above another line (max_tokens 64)": (
        2_000, lambda n: _md("```\n" + "[x](http://a)" * n + "\nnext line\n```\n")),
    "ven: a chunk listing n tables": (100_000, lambda n: ("; ".join(str(i) for i in range(1, n + 1)).encode(), "ven")),
}


#: name -> the multiples of n it is also timed at (each step compared with the one before).
LADDERS: dict[str, tuple[int, ...]] = {
    "rtf: n annotations in a paragraph": (1, 5, 50),  # (2,000, 10^4, 10^5)
    "rtf: n annotation groups, their ranges left open": (1, 10, 100),  # (10^3, 10^4, 10^5)
}
#: A step of k x in size is linear-ish while its time ratio stays under this x k.
MAX_STEP_RATIO = 1.5


def _size(name: str, scale: int) -> int:
    n, _ = CASES[name]
    if "(8x cells)" in name:  # n x n cells: 8x the cells is sqrt(8)x the side
        return n if scale == 1 else round(n * 8**0.5)
    return n * scale


def _prepare(name: str, arg: str) -> Callable[[], dict]:
    import dan
    import ven

    dan.count_tokens("warm up")
    _, build = CASES[name]
    data, fmt = build(_size(name, int(arg)))
    if fmt == "ven":
        records = [dict(r) for r in dan.convert_string("| a |\n|---|\n| 1 |\n\ntext", "markdown").records]
        records[0]["ssTables"] = data.decode()

        def work_ven() -> dict:
            v = ven.Ven(records)
            exp = v.begin_expansion([0])
            exp.add_related_chunks()
            return {"outcome": f"{v.chunk_count} chunks", "input_bytes": len(data)}

        return work_ven
    lifted = dan.Limits(max_compression_ratio=10**6, max_chunks=10**6, max_xml_elements=10**8, max_blocks=10**7)

    max_tokens = int(m.group(1)) if (m := re.search(r"max_tokens (\d+)", name)) else 1024

    def work() -> dict:
        try:
            res = dan.convert(data, fmt, max_tokens=max_tokens, limits=lifted)
        except dan.DanError as exc:
            return {"outcome": f"{type(exc).__name__}: {str(exc)[:100]}", "input_bytes": len(data)}
        return {"outcome": f"{len(res.chunks)} chunks", "input_bytes": len(data)}

    return work


def main() -> None:
    parser = argparse.ArgumentParser(description="complexity benchmark: time at n and 8n")
    parser.add_argument("--worker", nargs=2, help=argparse.SUPPRESS)
    parser.add_argument("--only", default="", help="run the cases whose name holds this")
    parser.add_argument("--out", type=Path, default=HERE / "results" / "bench_complexity.json")
    args = parser.parse_args()
    if args.worker:
        child_main(_prepare, *args.worker)
        return
    rows = []
    print(f"{'case':52} {'n':>9} {'t(n) s':>8} {'t(8n) s':>8} {'ratio':>6}  verdict")
    for name in CASES:
        if args.only not in name:
            continue
        small = measure(Path(__file__).resolve(), name, "1", 1)
        big = measure(Path(__file__).resolve(), name, "8", 1)
        if "median_s" not in small or "median_s" not in big:
            rows.append({"case": name, "skipped": small.get("skipped") or big.get("skipped")})
            print(f"{name:52} skipped: {rows[-1]['skipped']}")
            continue
        ratio = big["median_s"] / max(small["median_s"], 1e-3)
        verdict = "linear" if ratio < MAX_RATIO else "SUPERLINEAR"
        rows.append({
            "case": name, "n": _size(name, 1), "n8": _size(name, 8),
            "seconds_n": small["median_s"], "seconds_8n": big["median_s"], "ratio": round(ratio, 2),
            "peak_rss_mb_8n": big["peak_rss_mb"], "outcome_8n": big.get("outcome"), "verdict": verdict,
        })
        print(f"{name:52} {_size(name, 1):>9,} {small['median_s']:>8.2f} {big['median_s']:>8.2f} {ratio:>6.1f}  {verdict}")
    script = Path(__file__).resolve()
    for name, multiples in LADDERS.items():
        if args.only not in name:
            continue
        n, _ = CASES[name]
        steps = []
        for k in multiples:
            got = measure(script, name, str(k), 1)
            steps.append({"n": n * k, "seconds": got.get("median_s"), "peak_rss_mb": got.get("peak_rss_mb"),
                          "outcome": got.get("outcome") or got.get("skipped")})
        timed = [s for s in steps if s["seconds"] is not None]
        ratios = [round(b["seconds"] / max(a["seconds"], 1e-3), 2) for a, b in zip(timed, timed[1:])]
        limits = [MAX_STEP_RATIO * b["n"] / a["n"] for a, b in zip(timed, timed[1:])]
        verdict = "linear" if len(timed) == len(steps) and all(r < lim for r, lim in zip(ratios, limits)) else "SUPERLINEAR"
        rows.append({"case": name + " (ladder)", "steps": steps, "ratios": ratios, "verdict": verdict})
        print(f"{name + ' (ladder)':52} " + "  ".join(
            f"n={s['n']:,}: {s['seconds']:.2f} s" if s["seconds"] is not None else f"n={s['n']:,}: {s['outcome']}"
            for s in steps) + f"  {verdict}")
    bad = [r["case"] for r in rows if r.get("verdict") == "SUPERLINEAR"]
    print(f"\n{len(rows) - len(bad)} of {len(rows)} cases linear (ratio < {MAX_RATIO}); superlinear: {bad or 'none'}")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps({"benchmark": "complexity", "max_ratio": MAX_RATIO, "rows": rows}, indent=2))


if __name__ == "__main__":
    main()
