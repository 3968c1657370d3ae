"""Build the public real-document set from ContractNLI's test split (a local copy).

ContractNLI (Koreeda and Manning, Findings of EMNLP 2021, CC BY 4.0) holds real
non-disclosure agreements and, for 17 fixed hypotheses per agreement, the annotators'
label (Entailment, Contradiction, NotMentioned) and evidence spans (sentences or list
items, as character offsets into the document text). This script turns the first
``--docs`` documents of the test split, sorted by id, into:

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

#: How many test documents (the first by id) the set takes.
DEFAULT_DOCS = 30

#: A span longer than this many words is shortened to its first PREFIX_WORDS words (if that
#: prefix is unique in the document): a whole 100-word sentence is seldom kept in one
#: chunk by a splitter, and the prefix says which sentence is meant.
LONG_SPAN_WORDS = 80
PREFIX_WORDS = 40

ANSWERS = {"Entailment": "Yes", "Contradiction": "No"}


def question_text(hypothesis: str) -> str:
    """The fixed template turning a hypothesis into a question."""
    h = hypothesis.strip().rstrip(".")
    return f"Does the agreement provide that {h[:1].lower()}{h[1:]}?"


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
    dropped_spans: int = 0
    categories: Counter[str] = field(default_factory=Counter)
    answers: Counter[str] = field(default_factory=Counter)


def _count(haystack: str, needle: str) -> int:
    """How many times ``needle`` occurs as a whole in normalised ``haystack`` (0, 1, 2 = more)."""
    return min(2, sum(1 for _ in _pattern(needle).finditer(haystack)))


def _evidence(text: str, spans: Sequence[Sequence[int]], index: int, hay: str,
              stats: Stats) -> tuple[str, int] | None:
    """The gold string for span ``index`` and the source line it is on.

    The span's text, stripped; a long span shortened to a unique prefix; a span whose text
    occurs more than once in the document (e.g. a list item ``"(b)"``) extended by the
    following spans on the same line, then by the preceding ones, until it is unique.
    ``None`` when no unique string can be made (the span is dropped).
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
    if ev and _count(hay, ev) == 1:
        return ev, line
    lo, hi = index, index
    while True:
        grown = False
        if hi + 1 < len(spans) and "\n" not in text[spans[hi][1]:spans[hi + 1][1]].strip():
            hi += 1
            grown = True
        elif lo > 0 and "\n" not in text[spans[lo - 1][0]:spans[lo][0]].strip():
            lo -= 1
            grown = True
        if not grown:
            stats.dropped_spans += 1
            return None
        ev = text[spans[lo][0]:spans[hi][1]].strip()
        if _count(hay, ev) == 1:
            stats.extended += 1
            return ev, line


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
        if not evidence:
            stats.no_evidence_left += 1
            continue
        category = "cross_section" if len(lines) >= 2 else "plain"
        stats.categories[category] += 1
        stats.answers[ann["choice"]] += 1
        out.append(Question(
            qid=f"cnli-{doc['id']:04d}-{key}",
            doc=name,
            category=category,
            question=question_text(labels[key]["hypothesis"]),
            answer=ANSWERS[ann["choice"]],
            evidence=tuple(evidence),
            tags=("contractnli", key, ann["choice"]),
        ))
    return out


def build(source: Path, out: Path = DATA, n_docs: int = DEFAULT_DOCS, check_sha: bool = True) -> Stats:
    """Write the documents, ``questions.json`` and ``manifest.json`` under ``out``."""
    raw = source.read_bytes()
    sha = hashlib.sha256(raw).hexdigest()
    if check_sha and sha != SOURCE_SHA256:
        raise SystemExit(f"{source}: sha256 {sha} is not the ContractNLI test.json this set was built "
                         f"from ({SOURCE_SHA256}); pass --any-source to build from it anyway")
    data = json.loads(raw)
    docs = sorted(data["documents"], key=lambda d: d["id"])[:n_docs]
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
            "bytes": len(body), "sha256": hashlib.sha256(body).hexdigest(), "questions": len(qs),
        })
    (out / "questions.json").write_text(
        json.dumps([q.to_json() for q in questions], indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    manifest = {
        "source": {"file": "test.json", "sha256": sha, "documents_in_split": len(data["documents"])},
        "selection": f"first {n_docs} documents of the test split sorted by id",
        "documents": manifest_docs,
        "counts": {
            "documents": len(docs), "questions": len(questions), "hypotheses_seen": stats.hypotheses,
            "skipped_not_mentioned": stats.not_mentioned, "skipped_no_unique_evidence": stats.no_evidence_left,
            "evidence_spans": stats.spans, "spans_shortened_to_prefix": stats.shortened,
            "spans_extended_to_be_unique": stats.extended, "spans_dropped_not_unique": stats.dropped_spans,
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
    parser.add_argument("--docs", type=int, default=DEFAULT_DOCS)
    parser.add_argument("--any-source", action="store_true", help="do not check the source's sha256")
    args = parser.parse_args(argv)
    stats = build(args.source, args.out, args.docs, check_sha=not args.any_source)
    print(f"{sum(stats.categories.values())} questions {dict(stats.categories)}; "
          f"skipped {stats.not_mentioned} NotMentioned, {stats.no_evidence_left} without unique evidence; "
          f"spans {stats.spans} (shortened {stats.shortened}, extended {stats.extended}, "
          f"dropped {stats.dropped_spans}) -> {args.out}")


if __name__ == "__main__":
    main()
