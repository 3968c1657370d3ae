"""Build the public real-document set from ContractNLI's test split (a local copy).

ContractNLI (Koreeda and Manning, Findings of EMNLP 2021, CC BY 4.0) holds real
non-disclosure agreements and, for 17 fixed hypotheses per agreement, the annotators'
label (Entailment, Contradiction, NotMentioned) and evidence spans (sentences or list
items, as character offsets into the document text). This script takes, from the test
split sorted by id, the first documents of each source type in the split's proportions
(``PER_TYPE``: 18 PDFs found by a search engine, 6 SEC text filings, 6 SEC HTML filings, as
the split holds 76, 24 and 23) and turns them into:

- one Markdown file per agreement, ``data/docs/contractnli-<id>.md``: the document text as
  given, each line of it a paragraph (lines joined by a blank line instead of one newline);
- ``data/questions.json``: one question per (document, hypothesis) whose label is
  Entailment or Contradiction, in ``benchmarks.quality.questions.Question`` form, with the
  annotators' evidence spans as the gold evidence;
- ``data/manifest.json``: file name, title, size and sha256 of every document, plus the
  source file's sha256 and what was skipped.

Nothing is downloaded: pass the path of ``test.json`` from a copy of the dataset
(see ``data/PROVENANCE.md`` for the repository, commit and sha256 it was built from).

Run ``python -m benchmarks.public.build /path/to/test.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from benchmarks.quality.metrics import _pattern, normalise
from benchmarks.quality.questions import Question

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"
DOCS = DATA / "docs"

#: The source file the committed data was built from (checked by ``build``).
SOURCE_SHA256 = "460267b56052a2dc5aead98eb35eadef9e6734d5723d37b4a9790e410f812387"

#: How many test documents of each ContractNLI ``document_type`` (the first by id) the set
#: takes: the test split's 76 / 24 / 23 scaled to 30 documents.
PER_TYPE: dict[str, int] = {"search-pdf": 18, "sec-text": 6, "sec-html": 6}

#: Words a hypothesis may open with that are ContractNLI's defined terms: the question
#: template keeps their capital.
DEFINED_TERMS = ("Receiving Party", "Disclosing Party", "Confidential Information", "Agreement")

#: A span longer than this many words is shortened to its first PREFIX_WORDS words (if that
#: prefix is unique in the document): a whole 100-word sentence is seldom kept in one
#: chunk by a splitter, and the prefix says which sentence is meant.
LONG_SPAN_WORDS = 80
PREFIX_WORDS = 40

#: A span of fewer words (a list label, a lead-in) is extended by its neighbours on the
#: same line, as it says nothing on its own.
MIN_WORDS = 4

ANSWERS = {"Entailment": "Yes", "Contradiction": "No"}

#: How each selected agreement is named in its questions, and a key string that occurs in
#: that agreement's text and in no other document of the set (the build checks both), so a
#: retriever can tell which of 30 similar NDAs a question is about. Chosen by hand from the
#: parties or subject the agreement itself names (the only part of the set not taken from
#: ContractNLI; the key is not evidence).
NAMES: dict[int, tuple[str, str]] = {
    1: ("JEA non-disclosure agreement", "JEA"),
    2: ("mutual non-disclosure agreement with a Period for Exchange of Information",
        "Period for Exchange of Information"),
    4: ("Frodsham Town Council non-disclosure agreement", "Frodsham Town Council"),
    5: ("bpost and City of Brussels confidentiality agreement", "bpost"),
    6: ("Nova Scotia and Halifax Regional Municipality confidentiality agreement", "Halifax Regional Municipality"),
    8: ("CCTV System non-disclosure agreement", "CCTV System"),
    11: ("VIDAR Systems non-disclosure agreement", "VIDAR Systems Corporation"),
    18: ("TBP (business-partnership.com) confidentiality agreement", "business-partnership.com"),
    21: ("NSK Europe non-disclosure agreement", "NSK Europe Limited"),
    22: ("Norwegian Ministry of Defence and Gripen International non-disclosure agreement", "Gripen International AB"),
    23: ("Nordic Knowledge Partners non-disclosure agreement", "Nordic Knowledge Partners"),
    24: ("Ready4S mutual non-disclosure agreement", "Ready4S"),
    25: ("AdvanIDe non-disclosure agreement", "AdvanIDe"),
    26: ("AG Projects non-disclosure agreement", "AG Projects"),
    30: ("AfriGIS confidentiality and non-disclosure agreement", "AfriGIS"),
    31: ("Borrower and Lending Agent non-disclosure agreement", "Lending Agent"),
    36: ("Aspiegel confidentiality and non-disclosure agreement", "Aspiegel"),
    38: ("State of Alaska RFP 180000015 confidentiality agreement", "RFP 180000015"),
    387: ("MPD Technologies non-disclosure agreement", "MPD Technologies"),
    389: ("Granite State Energy non-disclosure agreement", "Granite State Energy"),
    392: ("Ben & Jerry's and Conopco mutual non-disclosure agreement", "Ben & Jerry's"),
    395: ("CompuCom non-competition, referral and non-disclosure agreement", "CompuCom"),
    400: ("Carpenter Technology confidentiality letter on Talley Industries", "Talley Industries"),
    401: ("CombiChem and DuPont Pharmaceuticals mutual non-disclosure agreement", "CombiChem"),
    521: ("InSite Vision and Sun Pharmaceutical mutual non-disclosure agreement", "InSite Vision"),
    523: ("Home Products International confidentiality letter", "Home Products International"),
    526: ("SafeNet and Vector Capital mutual non-disclosure agreement", "SafeNet"),
    537: ("Sycamore Partners and Talbots confidentiality agreement", "Talbots"),
    540: ("Oracle confidential disclosure agreement", "Oracle"),
    542: ("Polycom and PictureTel confidentiality and standstill agreement", "PictureTel"),
}

#: Characters of a document's normalised opening that identify a duplicate: the test split
#: holds the same agreement filed twice (ids 537 and 539, 395 and 444, 52 and 97); the later
#: id is skipped.
DUPLICATE_PREFIX = 600


def question_text(hypothesis: str, name: str) -> str:
    """The fixed template turning a hypothesis into a question about the agreement ``name``
    (the hypothesis's first letter lowercased unless it opens with a defined term such as
    "Receiving Party")."""
    h = hypothesis.strip().rstrip(".")
    if not h.startswith(DEFINED_TERMS):
        h = h[:1].lower() + h[1:]
    return f"Does the {name} provide that {h}?"


def doc_name(doc_id: int) -> str:
    """The file name (and benchmark document id) of ContractNLI document ``doc_id``."""
    return f"contractnli-{doc_id:04d}.md"


def document_text(text: str) -> str:
    """The document as written: every line of the source a paragraph."""
    return "\n\n".join(text.split("\n")) + "\n"


def title_of(text: str) -> str:
    """The first non-empty line of the document, at most 120 characters."""
    for line in text.split("\n"):
        if line.strip():
            return " ".join(line.split())[:120]
    return "Untitled agreement"


@dataclass
class Stats:
    """What the build kept, changed and skipped."""

    hypotheses: int = 0
    not_mentioned: int = 0
    no_evidence_left: int = 0
    spans: int = 0
    shortened: int = 0
    extended: int = 0
    kept_short: int = 0
    dropped_spans: int = 0
    categories: Counter[str] = field(default_factory=Counter)
    answers: Counter[str] = field(default_factory=Counter)


def _count(haystack: str, needle: str) -> int:
    """How many times ``needle`` occurs as a whole in normalised ``haystack`` (0, 1, 2 = more)."""
    return min(2, sum(1 for _ in _pattern(needle).finditer(haystack)))


def _evidence(text: str, spans: Sequence[Sequence[int]], index: int, hay: str,
              stats: Stats) -> tuple[str, int] | None:
    """The gold string for span ``index`` and the source line it is on.

    The span's text, stripped; a long span shortened to a unique prefix. A span whose text
    occurs more than once in the document, or that has fewer than ``MIN_WORDS`` words (a
    list label such as ``"(i),"`` or a lead-in such as ``"Receiver shall:"``), is extended
    by the following spans on the same line, then by the preceding ones, until it is unique
    and long enough (a unique short span that cannot grow is kept as it is). ``None`` when
    no unique string can be made (the span is dropped).
    """
    start, end = spans[index]
    line = text.count("\n", 0, start)
    ev = text[start:end].strip()
    words = ev.split()
    if len(words) > LONG_SPAN_WORDS:
        prefix = " ".join(words[:PREFIX_WORDS])
        if _count(hay, prefix) == 1:
            stats.shortened += 1
            return prefix, line
    if ev and _count(hay, ev) == 1 and len(words) >= MIN_WORDS:
        return ev, line
    lo, hi = index, index
    while True:
        if hi + 1 < len(spans) and "\n" not in text[spans[lo][0]:spans[hi + 1][1]].strip():
            hi += 1
        elif lo > 0 and "\n" not in text[spans[lo - 1][0]:spans[hi][1]].strip():
            lo -= 1
        elif ev and _count(hay, ev) == 1:
            stats.kept_short += 1
            return ev, line
        else:
            stats.dropped_spans += 1
            return None
        grown = text[spans[lo][0]:spans[hi][1]].strip()
        if _count(hay, grown) == 1 and len(grown.split()) >= MIN_WORDS:
            stats.extended += 1
            return grown, line


def questions_for(doc: dict[str, Any], labels: dict[str, dict[str, str]], stats: Stats) -> list[Question]:
    """The questions of one ContractNLI document, in hypothesis order (nda-1, nda-2, ...)."""
    name = doc_name(doc["id"])
    text: str = doc["text"]
    hay = normalise(document_text(text))
    annotations = doc["annotation_sets"][0]["annotations"]
    out: list[Question] = []
    for key in sorted(annotations, key=lambda k: int(k.split("-")[1])):
        ann = annotations[key]
        stats.hypotheses += 1
        if ann["choice"] == "NotMentioned" or not ann["spans"]:
            stats.not_mentioned += 1
            continue
        evidence: list[str] = []
        lines: set[int] = set()
        for index in sorted(ann["spans"]):
            stats.spans += 1
            got = _evidence(text, doc["spans"], index, hay, stats)
            if got is None:
                continue
            ev, line = got
            lines.add(line)
            if ev not in evidence:
                evidence.append(ev)
        # A string inside another of the same question (two short spans grown into one
        # stretch) adds nothing: keep the longer one.
        evidence = [e for e in evidence if not any(e != o and e in o for o in evidence)]
        if not evidence:
            stats.no_evidence_left += 1
            continue
        # cross_section: evidence in paragraphs with at least one other paragraph between
        # them; one paragraph, or a lead-in and the list item right after it, is plain.
        category = "cross_section" if max(lines) - min(lines) >= 2 else "plain"
        stats.categories[category] += 1
        stats.answers[ann["choice"]] += 1
        out.append(Question(
            qid=f"cnli-{doc['id']:04d}-{key}",
            doc=name,
            category=category,
            question=question_text(labels[key]["hypothesis"], NAMES[doc["id"]][0]),
            answer=ANSWERS[ann["choice"]],
            evidence=tuple(evidence),
            tags=("contractnli", key, ann["choice"]),
        ))
    return out


def select(documents: Sequence[dict[str, Any]], per_type: dict[str, int]) -> list[dict[str, Any]]:
    """The first ``per_type[t]`` documents of each type ``t``, by id, in id order."""
    chosen: list[dict[str, Any]] = []
    openings: set[str] = set()
    unique: list[dict[str, Any]] = []
    for doc in sorted(documents, key=lambda d: d["id"]):
        opening = normalise(doc["text"])[:DUPLICATE_PREFIX]
        if opening not in openings:
            openings.add(opening)
            unique.append(doc)
    for kind, n in per_type.items():
        of_kind = [d for d in unique if d["document_type"] == kind]
        if len(of_kind) < n:
            raise SystemExit(f"the source holds {len(of_kind)} {kind} documents, fewer than {n}")
        chosen.extend(of_kind[:n])
    return sorted(chosen, key=lambda d: d["id"])


def check_names(docs: Sequence[dict[str, Any]]) -> None:
    """Every document has a name whose key occurs in its text and in no other document's."""
    texts = {d["id"]: normalise(document_text(d["text"])) for d in docs}
    for doc_id in texts:
        if doc_id not in NAMES:
            raise SystemExit(f"document {doc_id} has no entry in NAMES: name it in build.py")
        key = NAMES[doc_id][1]
        holders = [i for i, t in texts.items() if _count(t, key)]
        if holders != [doc_id]:
            raise SystemExit(f"the key {key!r} of document {doc_id} occurs in documents {holders}")


def build(source: Path, out: Path = DATA, per_type: dict[str, int] | None = None,
          check_sha: bool = True) -> Stats:
    """Write the documents, ``questions.json`` and ``manifest.json`` under ``out``."""
    raw = source.read_bytes()
    sha = hashlib.sha256(raw).hexdigest()
    if check_sha and sha != SOURCE_SHA256:
        raise SystemExit(f"{source}: sha256 {sha} is not the ContractNLI test.json this set was built "
                         f"from ({SOURCE_SHA256}); pass --any-source to build from it anyway")
    data = json.loads(raw)
    per_type = dict(PER_TYPE if per_type is None else per_type)
    docs = select(data["documents"], per_type)
    check_names(docs)
    stats = Stats()
    (out / "docs").mkdir(parents=True, exist_ok=True)
    for old in (out / "docs").glob("contractnli-*.md"):
        old.unlink()
    questions: list[Question] = []
    manifest_docs = []
    for doc in docs:
        body = document_text(doc["text"]).encode("utf-8")
        name = doc_name(doc["id"])
        (out / "docs" / name).write_bytes(body)
        qs = questions_for(doc, data["labels"], stats)
        questions.extend(qs)
        manifest_docs.append({
            "name": name, "contractnli_id": doc["id"], "source_file_name": doc["file_name"].strip(),
            "document_type": doc["document_type"], "url": doc["url"], "title": title_of(doc["text"]),
            "named_as": NAMES[doc["id"]][0], "name_key": NAMES[doc["id"]][1],
            "bytes": len(body), "sha256": hashlib.sha256(body).hexdigest(), "questions": len(qs),
        })
    (out / "questions.json").write_text(
        json.dumps([q.to_json() for q in questions], indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    manifest = {
        "source": {"file": "test.json", "sha256": sha, "documents_in_split": len(data["documents"])},
        "selection": "first documents of each document_type of the test split sorted by id, a document "
                     f"whose first {DUPLICATE_PREFIX} normalised characters repeat an earlier one's skipped: "
                     + ", ".join(f"{n} {k}" for k, n in per_type.items()),
        "documents": manifest_docs,
        "counts": {
            "documents": len(docs), "questions": len(questions), "hypotheses_seen": stats.hypotheses,
            "skipped_not_mentioned": stats.not_mentioned, "skipped_no_unique_evidence": stats.no_evidence_left,
            "evidence_spans": stats.spans, "spans_shortened_to_prefix": stats.shortened,
            "spans_extended_to_be_unique_or_4_words": stats.extended,
            "short_unique_spans_kept": stats.kept_short, "spans_dropped_not_unique": stats.dropped_spans,
            "categories": dict(sorted(stats.categories.items())), "answers": dict(sorted(stats.answers.items())),
        },
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return stats


def main(argv: Sequence[str] | None = None) -> None:
    """Command line: build the set from a local ``test.json``."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", type=Path, help="ContractNLI test.json (a local copy)")
    parser.add_argument("--out", type=Path, default=DATA)
    parser.add_argument("--any-source", action="store_true", help="do not check the source's sha256")
    args = parser.parse_args(argv)
    stats = build(args.source, args.out, check_sha=not args.any_source)
    print(f"{sum(stats.categories.values())} questions {dict(stats.categories)}; "
          f"skipped {stats.not_mentioned} NotMentioned, {stats.no_evidence_left} without unique evidence; "
          f"spans {stats.spans} (shortened {stats.shortened}, extended {stats.extended}, "
          f"kept short {stats.kept_short}, "
          f"dropped {stats.dropped_spans}) -> {args.out}")


if __name__ == "__main__":
    main()
