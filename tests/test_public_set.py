"""benchmarks/public: the ContractNLI real-document set — every gold string is in its
document (once), every document converts with dan and keeps each gold string inside one
chunk, the counts hold, the provenance names the licence, and the build rules do what
PROVENANCE.md says on a small ContractNLI-shaped input."""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import dan
from benchmarks.public import build
from benchmarks.public.collection import DATA, DOCS, all_questions, build_collection, load_manifest, load_questions
from benchmarks.quality.metrics import contains, normalise
from benchmarks.quality.questions import CATEGORIES

QUESTIONS = load_questions()
MANIFEST = load_manifest()
DOC_FILES = sorted(DOCS.glob("*.md"))


def _text(name: str) -> str:
    return normalise((DOCS / name).read_text(encoding="utf-8"))


def test_counts_hold_and_match_the_manifest():
    counts = MANIFEST["counts"]
    assert len(DOC_FILES) == counts["documents"] >= 25
    assert len(QUESTIONS) == counts["questions"] >= 200
    assert len({q.qid for q in QUESTIONS}) == len(QUESTIONS)
    by_category = Counter(q.category for q in QUESTIONS)
    assert dict(by_category) == counts["categories"]
    assert set(by_category) <= set(CATEGORIES)
    assert counts["hypotheses_seen"] == 17 * counts["documents"]
    assert counts["questions"] + counts["skipped_not_mentioned"] + counts["skipped_no_unique_evidence"] \
        == counts["hypotheses_seen"]
    names = {p.name for p in DOC_FILES}
    assert {q.doc for q in QUESTIONS} == names
    assert sum(d["questions"] for d in MANIFEST["documents"]) == len(QUESTIONS)
    assert sum(p.stat().st_size for p in DATA.rglob("*") if p.is_file()) < 6_000_000


def test_every_gold_string_occurs_exactly_once_in_its_document():
    texts = {p.name: normalise(p.read_text(encoding="utf-8")) for p in DOC_FILES}
    for q in QUESTIONS:
        assert q.evidence and not q.rows
        for ev in q.evidence:
            assert contains(texts[q.doc], ev), (q.qid, ev)
            assert build._count(texts[q.doc], ev) == 1, (q.qid, ev)


def test_categories_follow_the_paragraphs_of_the_evidence():
    paragraphs = {p.name: [normalise(x) for x in p.read_text(encoding="utf-8").split("\n\n")] for p in DOC_FILES}
    for q in QUESTIONS:
        where = [i for ev in q.evidence for i, p in enumerate(paragraphs[q.doc]) if contains(p, ev)]
        assert len(where) == len(q.evidence), q.qid  # each string inside one paragraph
        assert (q.category == "cross_section") == (max(where) - min(where) >= 2), q.qid


def test_each_agreement_is_named_by_a_key_only_it_holds():
    texts = {p.name: _text(p.name) for p in DOC_FILES}
    for d in MANIFEST["documents"]:
        holders = [n for n, t in texts.items() if contains(t, d["name_key"])]
        assert holders == [d["name"]], d["name_key"]
    for q in QUESTIONS:
        named = next(d["named_as"] for d in MANIFEST["documents"] if d["name"] == q.doc)
        assert q.question.startswith(f"Does the {named} provide that "), q.qid
        assert q.answer in ("Yes", "No")


def test_files_match_the_manifest_hashes():
    import hashlib

    recorded = {d["name"]: d["sha256"] for d in MANIFEST["documents"]}
    assert recorded == {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in DOC_FILES}


@pytest.mark.parametrize("max_tokens", [256])
def test_every_document_converts_and_keeps_each_gold_string_in_one_chunk(max_tokens):
    total = 0
    for path in DOC_FILES:
        res = dan.convert(path, max_tokens=max_tokens)
        chunks = [normalise(c) for c in res.chunks]
        assert chunks, path.name
        total += sum(int(r["ssTokens"]) for r in res.records)
        for q in QUESTIONS:
            if q.doc == path.name:
                for ev in q.evidence:
                    assert any(contains(c, ev) for c in chunks), (q.qid, ev)
    assert total > 8 * 8000  # capping at 8k tokens must matter many times over


def test_provenance_names_the_dataset_licence_and_source():
    text = (DATA / "PROVENANCE.md").read_text(encoding="utf-8")
    assert "CC BY 4.0" in text
    assert "https://creativecommons.org/licenses/by/4.0/" in text
    assert "Koreeda" in text
    assert MANIFEST["source"]["sha256"] in text
    assert build.SOURCE_SHA256 == MANIFEST["source"]["sha256"]


def test_the_collection_gives_items_the_quality_harness_reads():
    items = build_collection()
    assert [it.name for it in items] == [p.name for p in DOC_FILES]
    assert all(it.doc.fmt == "md" and it.doc.title and it.data for it in items)
    assert len(all_questions(items)) == len(QUESTIONS)
    assert [it.name for it in build_collection(only=[DOC_FILES[0].name])] == [DOC_FILES[0].name]
    with pytest.raises(ValueError, match="unknown documents"):
        build_collection(only=["nope.md"])


# -- the build rules, on a small ContractNLI-shaped input ------------------------------------

def _doc(doc_id: int, text: str, annotations: dict[str, dict[str, object]], kind: str = "search-pdf"):
    spans, pos = [], 0
    for line in text.split("\n"):
        for part in line.split(" | "):
            start = text.index(part, pos)
            spans.append([start, start + len(part)])
            pos = start + len(part)
    return {"id": doc_id, "file_name": "x.pdf", "text": text.replace(" | ", "   "), "document_type": kind,
            "url": "", "spans": spans, "annotation_sets": [{"annotations": annotations}]}


LABELS = {f"nda-{i}": {"hypothesis": h} for i, h in
          [(1, "All Confidential Information shall be expressly identified."),
           (2, "Receiving Party may share some Confidential Information with employees."),
           (3, "Some obligations of Agreement may survive termination.")]}


def test_questions_use_the_template_skip_not_mentioned_and_grow_short_spans():
    text = ("JEA agreement\n"
            "The Parties will: | (a) limit disclosure to employees with a need to know;\n"
            "Intervening paragraph about nothing in particular here.\n"
            "Obligations survive the end of this Agreement for five years.")
    doc = _doc(1, text, {"nda-1": {"choice": "NotMentioned", "spans": []},
                         "nda-2": {"choice": "Entailment", "spans": [1, 2]},
                         "nda-3": {"choice": "Contradiction", "spans": [1, 4]}})
    stats = build.Stats()
    qs = build.questions_for(doc, LABELS, stats)
    assert stats.not_mentioned == 1 and [q.qid for q in qs] == ["cnli-0001-nda-2", "cnli-0001-nda-3"]
    q2, q3 = qs
    assert q2.question == ("Does the JEA non-disclosure agreement provide that Receiving Party may share "
                           "some Confidential Information with employees?")
    assert q2.answer == "Yes" and q2.category == "plain"
    # "The Parties will:" (3 words) grows into its line; the grown string holds the item,
    # which is then left out as contained in it
    assert q2.evidence == ("The Parties will:   (a) limit disclosure to employees with a need to know;",)
    assert q3.answer == "No" and q3.category == "cross_section" and len(q3.evidence) == 2


def test_selection_takes_the_first_of_each_type_and_skips_a_repeated_filing():
    same = "NON-DISCLOSURE AGREEMENT\nThe same words filed twice."
    docs = [_doc(9, same, {}), _doc(3, "Other agreement text.", {}), _doc(12, same, {}, "sec-text"),
            _doc(5, "A third one.", {}, "sec-text")]
    chosen = build.select(docs, {"search-pdf": 2, "sec-text": 1})
    assert [d["id"] for d in chosen] == [3, 5, 9]
    with pytest.raises(SystemExit, match="fewer than 2"):
        build.select(docs, {"sec-text": 2})


def test_the_question_template_keeps_defined_terms_capitalised():
    assert build.question_text("Some obligations may survive.", "X agreement") == \
        "Does the X agreement provide that some obligations may survive?"
    assert build.question_text("Agreement shall not grant any right.", "X agreement") == \
        "Does the X agreement provide that Agreement shall not grant any right?"


def test_the_manifest_is_json_the_build_wrote():
    raw = json.loads((DATA / "manifest.json").read_text(encoding="utf-8"))
    assert raw["source"]["documents_in_split"] == 123
    assert "first documents of each document_type" in raw["selection"]
