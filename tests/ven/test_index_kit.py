"""Helpers for the index tests (no tests here): records with phrase fields, a random
document generator, generated Markdown for dan, and an entry parser."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from typing import Any

from ven import join_list
from ven.phrases import GROUP_LABELS

SHORT = {
    "h": "ssHeadings",
    "b": "ssBold",
    "i": "ssItalic",
    "plain": "ssPlain",
    "th": "ssTableHeads",
    "li": "ssLists",
    "f": "ssFields",
    "pe": "ssPersons",
    "o": "ssOrgs",
    "pla": "ssPlaces",
    "te": "ssTerms",
}

SYLLABLES = (
    "ka ri mo ten sal vor lin dus pra mek tor bel fin gar hol ost rup san tiv wen "
    "zel cor dan fel mar nob pol quin ros stu vel yar zon bri cla dro fla gre"
).split()
WORDS = (
    "contract payment invoice schedule liability warranty delivery supplier customer "
    "budget forecast revenue quarter margin audit compliance policy employee training "
    "safety incident report project milestone risk vendor license renewal termination "
    "notice clause annex pricing discount shipment inventory warehouse patient dosage "
    "treatment clinic insurance claim premium coverage building permit zoning tenant lease"
).split()


def C(**kw: Any) -> dict[str, Any]:
    """One chunk: t (tokens), type, p, pl, s, tab, rev, ra, com, ca and the phrase fields
    h, b, i, plain, th, li, f, pe, o, pla, te (lists, or a str for plain)."""
    return kw


def _listval(v: Any) -> str:
    if isinstance(v, str):
        return v
    return join_list(str(x) for x in v)


def doc(*chunks: dict[str, Any], doc_id: str = "D1", title: str = "Doc") -> list[dict[str, Any]]:
    """Valid records for ``chunks`` (ssSeq = position)."""
    n = len(chunks)
    out = []
    for seq, ch in enumerate(chunks):
        page = ch.get("p", 1)
        rec: dict[str, Any] = {
            "ssDocId": doc_id,
            "ssTitle": title,
            "ssSeq": seq,
            "ssCount": n,
            "ssTokens": ch.get("t", 100),
            "ssType": ch.get("type", "body"),
            "ssPage": page,
            "ssPageLast": ch.get("pl", page),
            "ssPageKind": "estimated",
            "ssSect": ch.get("s", 1),
            "ssTables": _listval(ch.get("tab", "")),
            "ssRevs": ch.get("rev", 0),
            "ssRevAuthors": _listval(ch.get("ra", "")),
            "ssComs": ch.get("com", 0),
            "ssComAuthors": _listval(ch.get("ca", "")),
        }
        for short, field in SHORT.items():
            if short in ch:
                v = ch[short]
                rec[field] = v if short == "plain" else _listval(v)
        out.append(rec)
    return out


def make_word(rng: random.Random, invented: float = 0.5) -> str:
    """A real word, or with probability ``invented`` an invented one (a rare token mix)."""
    if rng.random() >= invented:
        return rng.choice(WORDS)
    return "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3)))


def make_phrase(
    rng: random.Random, lo: int = 1, hi: int = 4, cap: bool = False, invented: float = 0.5
) -> str:
    ws = [make_word(rng, invented) for _ in range(rng.randint(lo, hi))]
    return " ".join(w.capitalize() for w in ws) if cap else " ".join(ws)


def random_records(
    rng: random.Random,
    n: int,
    *,
    doc_id: str = "D1",
    title: str = "Generated document",
    richness: float = 1.0,
    invented: float = 0.5,
) -> list[dict[str, Any]]:
    """``n`` records of a plausible document: varied token counts, headings, emphasis,
    names, tables, revisions and comments, phrase material ~ ``richness`` × 20% of tokens;
    ``invented`` is the share of invented words."""
    phrase = functools.partial(make_phrase, invented=invented)
    word = functools.partial(make_word, invented=invented)
    chunks = []
    page = 1
    sect = 1
    people = [phrase(rng, 2, 2, cap=True) for _ in range(6)]
    for seq in range(n):
        t = rng.randint(120, 1000)
        if seq and rng.random() < 0.4:
            page += 1
        if seq and rng.random() < 0.08:
            sect += 1
        k = max(1, int(richness * t / 60))
        ch: dict[str, Any] = C(t=t, p=page, s=sect)
        if rng.random() < 0.15 or seq == 0:
            ch["h"] = ["# " + phrase(rng, 1, 4, cap=True)] + ["## " + phrase(rng, 1, 3, cap=True)]
        ch["b"] = [phrase(rng, 1, 3) for _ in range(rng.randint(0, k))]
        ch["i"] = [phrase(rng, 1, 3) for _ in range(rng.randint(0, k))]
        ch["plain"] = ". ".join(phrase(rng, 4, 9).capitalize() for _ in range(rng.randint(1, 4))) + "."
        ch["li"] = [phrase(rng, 2, 6) for _ in range(rng.randint(0, k))]
        if rng.random() < 0.3:
            ch["te"] = [phrase(rng, 1, 2) for _ in range(rng.randint(1, k))]
            ch["pe"] = rng.sample(people, rng.randint(1, 2))
            ch["o"] = [phrase(rng, 1, 2, cap=True) + " Ltd" for _ in range(rng.randint(0, 2))]
        if rng.random() < 0.1:
            ch["tab"] = [seq]
            ch["th"] = [word(rng).capitalize() for _ in range(rng.randint(2, 5))]
        if rng.random() < 0.1:
            ch["rev"] = 1
            ch["ra"] = [rng.choice(people)]
        if rng.random() < 0.05:
            ch["com"] = 1
            ch["ca"] = [rng.choice(people)]
        chunks.append(ch)
    return doc(*chunks, doc_id=doc_id, title=title)


def parse_entry(text: str) -> tuple[str, str, list[tuple[str, list[str]]]]:
    """(line 1, line 2, [(label, phrases)]) of an entry, continuation lines merged."""
    lines = text.split("\n")
    line1, line2 = lines[0], lines[1]
    groups: list[tuple[str, list[str]]] = []
    for line in lines[2:]:
        if line.startswith("[DOC "):
            assert line == line1 + " (cont.)", line
            continue
        label, sep, rest = line.partition(": ")
        assert sep and label in GROUP_LABELS, line
        phrases = rest.split("; ")
        if groups and groups[-1][0] == label:
            groups[-1][1].extend(phrases)
        else:
            groups.append((label, phrases))
    return line1, line2, groups


def all_phrases(text: str) -> list[str]:
    return [p for _, ps in parse_entry(text)[2] for p in ps]


def phrase_lines(text: str) -> str:
    """The entry's phrase lines as one unsplit block (what ``pct`` applies to)."""
    _, _, groups = parse_entry(text)
    return "\n".join(f"{label}: {'; '.join(ps)}" for label, ps in groups)


def max_unit(count: Callable[[str], int], text: str) -> int:
    """The largest cost of one phrase with its separator and group label."""
    _, _, groups = parse_entry(text)
    best = 0
    for label, ps in groups:
        lc = count(label) + 1
        for p in ps:
            best = max(best, lc + count(" " + p) + 1)
    return best


def markdown_document(
    rng: random.Random, sections: int, paras: int, *, title: str = "", invented: float = 0.5
) -> str:
    """A generated Markdown document with headings, emphasis, lists and tables;
    ``invented`` is the share of invented words."""
    mp = functools.partial(make_phrase, invented=invented)
    mw = functools.partial(make_word, invented=invented)
    out = [f"# {title or mp(rng, 2, 4, cap=True)}", ""]
    for s in range(sections):
        out += [f"## {mp(rng, 1, 4, cap=True)} {s + 1}", ""]
        for _ in range(paras):
            sentences = []
            for _ in range(rng.randint(2, 6)):
                ws = [mw(rng) for _ in range(rng.randint(6, 16))]
                if rng.random() < 0.3:
                    ws[2] = f"**{ws[2]}**"
                if rng.random() < 0.2:
                    ws[4] = f"*{ws[4]}*"
                sentences.append(" ".join(ws).capitalize() + ".")
            out += [" ".join(sentences), ""]
            if rng.random() < 0.2:
                out += [f"- {mp(rng, 2, 6)}" for _ in range(rng.randint(2, 5))] + [""]
            if rng.random() < 0.1:
                cols = [mw(rng).capitalize() for _ in range(rng.randint(2, 4))]
                out += ["| " + " | ".join(cols) + " |", "|" + "---|" * len(cols)]
                for _ in range(rng.randint(2, 20)):
                    out.append("| " + " | ".join(mp(rng, 1, 3) for _ in cols) + " |")
                out.append("")
    return "\n".join(out)


def group_order(text: str) -> list[str]:
    return [label for label, _ in parse_entry(text)[2]]


def entry_lines_are_structural(text: str, doc_id: str) -> bool:
    """Every line is the entry's [DOC] line, its (cont.) line, line 2, or a group line."""
    lines = text.split("\n")
    if not lines[0].startswith(f"[DOC {doc_id}]") or not lines[1].startswith("tables: "):
        return False
    for line in lines[2:]:
        if line == lines[0] + " (cont.)":
            continue
        label, sep, _ = line.partition(": ")
        if not sep or label not in GROUP_LABELS:
            return False
    return True


__all__: Sequence[str] = (
    "C",
    "all_phrases",
    "doc",
    "entry_lines_are_structural",
    "group_order",
    "markdown_document",
    "max_unit",
    "parse_entry",
    "phrase_lines",
    "random_records",
)
