"""Benchmark of the index document: size, creation time, lexical routing accuracy.

Generates a seeded collection of varied documents (Markdown, plain text and HTML with
tracked changes; 1 to a few hundred chunks; each with its own people, organisations,
terms and one "buried" code name mentioned once), converts them with dan (with and
without a names hook that finds the generated names, as an NER step would), adds the
readability test pages from ``../shared/corpus`` when present, and measures

* the index document's tokens as a share of the collection's tokens, for pct 5/10/20;
* ``Ven`` construction and ``create_document_index`` time per document (exact counts with
  ``dan.count_tokens`` and ven's estimate), and the estimate's error;
* :func:`ven.lexical_route` accuracy on generated questions with known target files:
  top-1 and top-3 per question kind, the reply kind for broad questions, and per kind the
  share routed at confidence >= 70 — including two calibration kinds reported on their
  own (a title named with a detail its entry likely lacks; comparisons of two titled
  documents, where both must reach 70).

Standard library + dan only. Prints a table and writes ``benchmarks/results/bench_index.json``.

    python benchmarks/bench_index.py              # full run
    python benchmarks/bench_index.py --quick      # fewer and smaller documents
    python benchmarks/bench_index.py --calibrate  # refit ven's token-estimate costs
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import dan
from ven import IndexEntry, RouteKind, Ven, lexical_route, parse_route
from ven.estimate import _COST, FEATURES, token_features

CORPUS = ROOT.parent / "shared" / "corpus" / "readability"
RESULTS = ROOT / "benchmarks" / "results" / "bench_index.json"

FIRST = (
    "Alice Marcus Priya Tomas Helena Diego Yuki Samuel Lena Raj Oskar Fatima Chloe Ivan Gregor "
    "Amara Nadia Viktor Sofia Kwame Ingrid Mateo Leila Hiro Elena Farid Greta Omar Zara Bruno"
).split()
LAST = (
    "Johnson Webb Raman Okafor Voss Marquez Tanaka Osei Fischer Patel Lindqvist Zahra Martin "
    "Petrov Novak Nwosu Haddad Sorensen Moreau Mensah Berg Alvarez Karimi Sato Ionescu Rahimi "
    "Keller Farouk Novotna Costa"
).split()
ORG_A = "Initech Globex Umbrella Acme Hooli Stark Wayne Cyberdyne Tyrell Soylent Wonka Vandelay".split()
ORG_B = "Holdings Partners Labs Logistics Media Properties Finance Health Systems Group".split()
CODE = (
    "Kestrel Osprey Juniper Cobalt Marigold Saffron Tundra Quasar Nimbus Falcon Lantern Harbor "
    "Basilisk Cinnabar Driftwood Ember Fjord Glacier Heron Indigo Jasper Kraken Lotus Mistral "
    "Nautilus Obsidian Pelican Quartz Raven Sequoia"
).split()

DOMAINS: dict[str, dict[str, list[str]]] = {
    "hr": {
        "title": ["Employee handbook", "Hiring policy", "Remote work guideline"],
        "words": "employee vacation leave salary benefits onboarding manager training payroll".split(),
        "terms": ["parental leave", "onboarding checklist", "remote work allowance", "probation period",
                  "performance review", "sick leave certificate", "relocation package", "exit interview",
                  "mentoring scheme"],
    },
    "finance": {
        "title": ["Budget forecast", "Annual accounts", "Treasury report"],
        "words": "revenue budget forecast quarter margin cost expenditure cash audit".split(),
        "terms": ["capital expenditure", "cash flow forecast", "depreciation schedule", "working capital",
                  "hedging strategy", "intercompany loan", "goodwill impairment", "deferred revenue",
                  "covenant breach"],
    },
    "legal": {
        "title": ["Master services agreement", "Non-disclosure agreement", "Licence agreement"],
        "words": "agreement party clause liability termination notice arbitration warranty".split(),
        "terms": ["arbitration clause", "limitation of liability", "governing law", "force majeure",
                  "indemnification", "assignment clause", "non-solicitation", "liquidated damages",
                  "escrow arrangement"],
    },
    "medical": {
        "title": ["Clinical trial protocol", "Discharge summary", "Pharmacovigilance plan"],
        "words": "patient dosage trial consent clinic placebo adverse protocol symptom".split(),
        "terms": ["adverse event", "informed consent", "dosage escalation", "exclusion criteria",
                  "serious adverse reaction", "follow-up visit", "randomisation code", "washout phase",
                  "biomarker panel"],
    },
    "it": {
        "title": ["Release notes", "Incident postmortem", "Architecture decision record"],
        "words": "release version feature deployment server migration latency outage cluster".split(),
        "terms": ["database migration", "single sign-on", "rate limiting", "blue-green deployment",
                  "root cause analysis", "message queue", "feature flag", "memory leak",
                  "certificate rotation"],
    },
    "ops": {
        "title": ["Warehouse safety manual", "Fleet maintenance log", "Shift handover guide"],
        "words": "safety forklift warehouse inspection hazard helmet evacuation shift pallet".split(),
        "terms": ["forklift certification", "hazardous materials", "evacuation drill", "lockout tagout",
                  "pallet racking", "incident logbook", "cold chain", "loading dock",
                  "spill kit"],
    },
    "marketing": {
        "title": ["Marketing plan", "Brand guidelines", "Campaign report"],
        "words": "campaign brand audience channel conversion launch social media segment".split(),
        "terms": ["brand awareness", "conversion rate", "influencer campaign", "customer persona",
                  "share of voice", "retargeting budget", "loyalty programme", "press kit",
                  "trade show"],
    },
    "property": {
        "title": ["Office lease", "Facility survey", "Tenancy schedule"],
        "words": "lease tenant landlord rent premises floor parking service building".split(),
        "terms": ["service charge", "break clause", "rent review", "dilapidations",
                  "fit-out contribution", "quiet enjoyment", "rent deposit", "sublease consent",
                  "energy certificate"],
    },
}


@dataclass
class Doc:
    doc_id: str
    title: str
    kind: str  # markdown | text | html
    text: str
    persons: list[str]
    orgs: list[str]
    terms: list[str]
    code: str
    domain: str
    has_table: bool = False
    reviewers: list[str] = field(default_factory=list)


def _sentence(rng: random.Random, words: list[str], n: int) -> str:
    filler = "the team reviewed this and agreed on next steps for the period under the plan".split()
    ws = [rng.choice(words if rng.random() < 0.45 else filler) for _ in range(n)]
    text = " ".join(ws)
    return text[0].upper() + text[1:]


def generate(rng: random.Random, count: int, quick: bool) -> list[Doc]:
    """``count`` documents: every one with unique names, terms and a buried code name."""
    names = [f"{f} {l}" for f in FIRST for l in LAST]
    rng.shuffle(names)
    orgs = [f"{a} {b}" for a in ORG_A for b in ORG_B]
    rng.shuffle(orgs)
    domains = list(DOMAINS)
    used_terms: dict[str, int] = {d: 0 for d in domains}
    docs: list[Doc] = []
    sizes = [1, 2, 3, 5, 8, 12, 20, 30, 45, 60, 90, 140, 250, 400] if not quick else [1, 2, 4, 8, 16]
    for i in range(count):
        domain = domains[i % len(domains)]
        spec = DOMAINS[domain]
        k = used_terms[domain]
        used_terms[domain] += 3
        # unique terms while the domain's list lasts (9 terms: 3 documents per domain)
        terms = [spec["terms"][(k + j) % len(spec["terms"])] + ("" if k < 9 else f" {i}") for j in range(3)]
        persons = [names.pop() for _ in range(rng.randint(2, 3))]
        org = [orgs.pop() for _ in range(rng.randint(1, 2))]
        code = f"Project {CODE[i % len(CODE)]}"
        title = spec["title"][i // len(domains) % len(spec["title"])] + f" {2019 + i % 6}"
        sections = sizes[i % len(sizes)]
        kind = "html" if i % 7 == 3 else "text" if i % 5 == 4 else "markdown"
        mentions = persons + org + terms
        paras: list[list[str]] = []
        m = 0
        for _ in range(sections):
            block = []
            for _ in range(rng.randint(1, 5)):
                ss = [_sentence(rng, spec["words"], rng.randint(8, 22)) for _ in range(rng.randint(2, 5))]
                if rng.random() < 0.5:
                    j = rng.randrange(len(ss))
                    ss[j] = ss[j] + " with " + mentions[m % len(mentions)]
                    m += 1
                block.append(". ".join(ss) + ".")
            paras.append(block)
        # every name at least once, the code name exactly once somewhere in the document
        paras[0][0] += " " + ", ".join(mentions) + " are involved."
        where = rng.randrange(len(paras))
        paras[where][rng.randrange(len(paras[where]))] += f" The work continues as {code}."
        heads = [f"{rng.choice(spec['words']).capitalize()} {rng.choice(spec['words'])} {s + 1}" for s in range(sections)]
        has_table = kind != "text" and rng.random() < 0.5
        reviewers = [names.pop()] if kind == "html" else []
        if kind == "markdown":
            out = [f"# {title}", ""]
            for s, block in enumerate(paras):
                out += [f"## {heads[s]}", ""]
                for p in block:
                    if rng.random() < 0.3:
                        w = p.split(" ")
                        w[1] = f"**{w[1]}**"
                        p = " ".join(w)
                    out += [p, ""]
                if has_table and s == 0:
                    out += ["| Item | Owner | Due |", "|---|---|---|"]
                    out += [f"| {rng.choice(spec['words'])} | {persons[0]} | 202{r} |" for r in range(6)] + [""]
            text = "\n".join(out)
        elif kind == "text":
            out = [title, ""]
            for s, block in enumerate(paras):
                out += [heads[s], ""] + [x for p in block for x in (p, "")]
            text = "\n".join(out)
        else:
            out = [f"<html><head><title>{title}</title></head><body><h1>{title}</h1>"]
            for s, block in enumerate(paras):
                out.append(f"<h2>{heads[s]}</h2>")
                for p in block:
                    if rng.random() < 0.2:
                        p = p + f' <ins data-author="{reviewers[0]}" datetime="2024-05-0{s % 9 + 1}">{rng.choice(spec["words"])} added</ins>'
                    out.append(f"<p>{p}</p>")
                if has_table and s == 0:
                    out.append("<table><tr><th>Item</th><th>Owner</th></tr>")
                    out += [f"<tr><td>{rng.choice(spec['words'])}</td><td>{persons[0]}</td></tr>" for _ in range(5)]
                    out.append("</table>")
            out.append("</body></html>")
            text = "\n".join(out)
        docs.append(Doc(f"B{i:02d}-{domain.upper()}", title, kind, text, persons, org, terms, code, domain, has_table, reviewers))
    return docs


def make_names_hook(docs: list[Doc]) -> Any:
    persons = sorted({p for d in docs for p in d.persons + d.reviewers})
    orgs = sorted({o for d in docs for o in d.orgs})
    terms = sorted({t for d in docs for t in d.terms})

    def hook(doc_title: str, chunk_index: int, plain_text: str) -> dan.Names:
        return dan.Names(
            persons=[p for p in persons if p in plain_text],
            orgs=[o for o in orgs if o in plain_text],
            terms=[t for t in terms if t in plain_text],
        )

    return hook


def questions(docs: list[Doc], rng: random.Random) -> list[tuple[str, str, str]]:
    """(question, kind, target doc id or expected reply kind)."""
    out: list[tuple[str, str, str]] = []
    for d in docs:
        out.append((f"What did {d.persons[0]} decide?", "person", d.doc_id))
        out.append((f"Which tasks does {rng.choice(d.persons)} own?", "person", d.doc_id))
        out.append((f"What is the role of {d.orgs[0]}?", "organisation", d.doc_id))
        out.append((f"Explain the {d.terms[0]} rules", "term", d.doc_id))
        out.append((f"how is the {d.terms[1]} handled", "term", d.doc_id))
        out.append((f"Where is {d.title} stored?", "title", d.doc_id))
        out.append((f"What is {d.code}?", "buried code name", d.doc_id))
    # calibration kinds (no rng: the questions above stay the same): a title named with a
    # detail its entry likely does not show, and comparisons of two titled documents
    # (target "ID ID": both must be routed)
    out += [(f"What does the {d.title} say about {d.code}?", "title + detail", d.doc_id) for d in docs]
    out += [
        (f"Compare the {a.title} with the {b.title}", "comparison", f"{a.doc_id} {b.doc_id}")
        for a, b in zip(docs[0::3], docs[1::3])
    ]
    out += [
        ("Summarize all documents", "broad", "ALL"),
        ("Give me the main risk of each file", "broad", "ALL"),
        ("Which documents have tables?", "collection", "INDEX"),
        ("How many files are there?", "collection", "INDEX"),
        ("List the document titles", "collection", "INDEX"),
        ("What is the boiling point of xenon?", "off-topic", "NONE"),
        ("Who won the football world cup in 1954?", "off-topic", "NONE"),
        ("What is the recipe for lemon cake?", "off-topic", "NONE"),
        ("How tall is Mount Kilimanjaro?", "off-topic", "NONE"),
        ("Explain quantum entanglement simply", "off-topic", "NONE"),
        ("What is the capital of Mongolia?", "off-topic", "NONE"),
    ]
    return out


#: Question kinds reported on their own (top-1 / top-3 / routed at confidence >= 70) and
#: kept out of the aggregate figures, which stay comparable with earlier runs.
CALIBRATION_KINDS = ("title + detail", "comparison")


def convert_all(docs: list[Doc], hook: Any) -> list[dan.DanResult]:
    out = []
    for d in docs:
        doc_type = {"markdown": "markdown", "text": "text", "html": "html"}[d.kind]
        out.append(dan.convert_string(d.text, doc_type=doc_type, doc_id=d.doc_id, names=hook))
    return out


def corpus_results() -> list[dan.DanResult]:
    if not CORPUS.is_dir():
        return []
    out = []
    for path in sorted(CORPUS.rglob("source.html")):
        res = dan.convert(path)
        if res.records:
            out.append(res)
    return out


def measure_index(results: list[dan.DanResult], pcts: tuple[int, ...]) -> dict[str, Any]:
    build_ms: list[float] = []
    per_chunk_us: list[float] = []
    vens = []
    for res in results:
        started = time.perf_counter()
        v = Ven(res.records)
        ms = (time.perf_counter() - started) * 1000
        build_ms.append(ms)
        per_chunk_us.append(ms * 1000 / len(res.records))
        vens.append(v)
    total = sum(v.token_count() for v in vens)
    out: dict[str, Any] = {
        "documents": len(vens),
        "chunks": sum(v.chunk_count for v in vens),
        "collection_tokens": total,
        "ven_build_ms_median": statistics.median(build_ms),
        "ven_build_us_per_chunk_median": statistics.median(per_chunk_us),
        "by_pct": {},
    }
    for pct in pcts:
        exact_ms: list[float] = []
        est_ms: list[float] = []
        entries: list[IndexEntry] = []
        est_err: list[float] = []
        parts = 0
        for v in vens:
            t0 = time.perf_counter()
            e = v.create_document_index(pct, count_tokens=dan.count_tokens)
            t1 = time.perf_counter()
            est = v.create_document_index(pct)
            t2 = time.perf_counter()
            exact_ms.append((t1 - t0) * 1000)
            est_ms.append((t2 - t1) * 1000)
            entries.append(e)
            parts += len(e.parts)
            real = dan.count_tokens(est.text)
            est_err.append((est.tokens - real) / real)
        index_tokens = sum(e.tokens for e in entries)
        out["by_pct"][str(pct)] = {
            "index_tokens": index_tokens,
            "index_share_pct": 100.0 * index_tokens / total,
            "phrase_share_pct": 100.0 * sum(e.phrase_tokens for e in entries) / total,
            "parts": parts,
            "exact_ms_median": statistics.median(exact_ms),
            "exact_ms_max": max(exact_ms),
            "estimate_ms_median": statistics.median(est_ms),
            "estimate_ms_max": max(est_ms),
            "estimate_error_mean_pct": 100.0 * statistics.mean(est_err),
            "estimate_error_abs_mean_pct": 100.0 * statistics.mean(abs(x) for x in est_err),
            "estimate_error_abs_max_pct": 100.0 * max(abs(x) for x in est_err),
        }
    return out


def measure_routing(
    entries: list[IndexEntry], qs: list[tuple[str, str, str]], small: set[str]
) -> dict[str, Any]:
    """Accuracy per question kind; ``small`` are the ids of documents under 1,000 tokens
    (their entries hold few phrases), reported apart."""
    index = "\n\n".join(e.text for e in entries)
    by_kind: dict[str, list[tuple[bool, bool]]] = {}
    by_size: dict[str, list[bool]] = {"small": [], "large": []}
    confident: list[tuple[bool, bool]] = []  # (top route >= 70 and right, >= 70 and wrong)
    times: list[float] = []
    lexical_route(index, "warm up")  # parse the index once (cached afterwards)
    confident_kind: dict[str, list[bool]] = {}  # target routed with confidence >= 70
    for question, kind, target in qs:
        t0 = time.perf_counter()
        reply = lexical_route(index, question)
        times.append((time.perf_counter() - t0) * 1000)
        route = parse_route(reply)
        if kind in CALIBRATION_KINDS:
            # both targets of a comparison: in the first two ids (top-1), the first three
            # (top-3), and at confidence >= 70
            targets = target.split(" ")
            ids = route.ids
            by_kind.setdefault(kind, []).append(
                (set(targets) <= set(ids[: len(targets)]), set(targets) <= set(ids[: len(targets) + 2]))
            )
            confident_kind.setdefault(kind, []).append(set(targets) <= set(route.confident(70)))
            continue
        if target in ("ALL", "INDEX"):
            ok = route.kind is RouteKind(target)
            by_kind.setdefault(kind, []).append((ok, ok))
        elif target == "NONE":
            # no confident route: NONE, or no document at the reference threshold of 70
            ok = route.kind is RouteKind.NONE or not route.confident(70)
            by_kind.setdefault(kind, []).append((ok, ok))
        else:
            ids = route.ids
            top1 = bool(ids) and ids[0] == target
            by_kind.setdefault(kind, []).append((top1, target in ids[:3]))
            by_size["small" if target in small else "large"].append(top1)
            sure = bool(route.docs) and route.docs[0][1] >= 70
            confident_kind.setdefault(kind, []).append(target in route.confident(70))
            if kind != "buried code name":
                confident.append((sure and top1, sure and not top1))
    out: dict[str, Any] = {"questions": len(qs), "route_ms_median": statistics.median(times), "by_kind": {}}
    doc_hits = [
        h for k, hs in by_kind.items() for h in hs if k not in ("broad", "collection", "off-topic", *CALIBRATION_KINDS)
    ]
    for kind, hs in by_kind.items():
        out["by_kind"][kind] = {
            "n": len(hs),
            "top1_pct": 100.0 * sum(a for a, _ in hs) / len(hs),
            "top3_pct": 100.0 * sum(b for _, b in hs) / len(hs),
        }
        if kind in confident_kind:
            routed = confident_kind[kind]
            out["by_kind"][kind]["confident_pct"] = 100.0 * sum(routed) / len(routed)
    for size, hits in by_size.items():
        out[f"{size}_documents_top1_pct"] = 100.0 * sum(hits) / len(hits) if hits else None
    out["confident_right_pct"] = 100.0 * sum(a for a, _ in confident) / len(confident)
    out["confident_wrong_pct"] = 100.0 * sum(b for _, b in confident) / len(confident)
    out["doc_questions_top1_pct"] = 100.0 * sum(a for a, _ in doc_hits) / len(doc_hits)
    out["doc_questions_top3_pct"] = 100.0 * sum(b for _, b in doc_hits) / len(doc_hits)
    return out


# ---- calibration of the estimate (--calibrate) -------------------------------------------

CALIBRATION_SAMPLES = {
    "de": "Der Vertrag tritt am ersten Januar in Kraft und gilt für eine Laufzeit von drei Jahren. "
    "Die Gesellschaft verpflichtet sich, alle Rechnungen innerhalb von dreißig Tagen zu begleichen. "
    "Kündigungsfrist; Haftungsbeschränkung; Gewährleistungsansprüche; Geschäftsführer Müller",
    "fr": "Le présent contrat est conclu pour une durée de trois ans à compter de sa signature. "
    "Résiliation anticipée; Clause de confidentialité; Société Générale; Hôpital Necker",
    "es": "El contrato entrará en vigor el primer día del mes siguiente a su firma. "
    "Rescisión anticipada; Confidencialidad; Ayuntamiento de Málaga; Señor Núñez",
    "pl": "Umowa wchodzi w życie z dniem podpisania i obowiązuje przez okres trzech lat.",
    "tr": "Sözleşme imzalandığı tarihte yürürlüğe girer ve üç yıl süreyle geçerlidir.",
    "vi": "Hợp đồng này có hiệu lực kể từ ngày ký và có thời hạn ba năm.",
    "ru": "Настоящий договор вступает в силу с момента его подписания сторонами. "
    "Расторжение договора; Конфиденциальность; Министерство финансов; Иван Петров",
    "uk": "Договір набирає чинності з моменту його підписання сторонами.",
    "el": "Η παρούσα σύμβαση τίθεται σε ισχύ από την ημερομηνία υπογραφής της. "
    "Καταγγελία σύμβασης; Εμπιστευτικότητα; Υπουργείο Οικονομικών",
    "ar": "يدخل هذا العقد حيز التنفيذ من تاريخ توقيعه من قبل الطرفين. إنهاء العقد؛ السرية؛ وزارة المالية",
    "he": "הסכם זה נכנס לתוקף ביום חתימתו על ידי שני הצדדים. ביטול ההסכם; סודיות; משרד האוצר",
    "hi": "यह अनुबंध दोनों पक्षों द्वारा हस्ताक्षर किए जाने की तारीख से लागू होगा। अनुबंध समाप्ति; गोपनीयता; वित्त मंत्रालय",
    "th": "สัญญานี้มีผลบังคับใช้ตั้งแต่วันที่ทั้งสองฝ่ายลงนาม การบอกเลิกสัญญา; การรักษาความลับ; กระทรวงการคลัง",
    "ko": "이 계약은 양 당사자가 서명한 날부터 효력이 발생한다. 계약 해지; 비밀 유지; 기획재정부; 김철수",
    "zh": "本合同自双方签字之日起生效，有效期为三年。合同终止；保密条款；财政部；张伟",
    "ja": "本契約は、両当事者が署名した日から効力を生じる。契約の解除；秘密保持；財務省；山田太郎",
    "en": "The Supplier shall deliver the Goods no later than 14 days after the Order. "
    "HTTPS; JSONParser; iPhone; eBay; macOS; O'Brien-Smith; GDPR Art. 28(3); 2021-03-04; €1,250.00",
    "emoji": "Status ✅ done 🚀 launch 📄 report ⚠️ warning ★★★★☆ rating • bullet — dash … ellipsis",
}


def calibrate() -> list[float]:
    """Refit the estimate's costs (non-negative least squares, coordinate descent) on the
    index lines of the readability pages plus :data:`CALIBRATION_SAMPLES`; every page weighs
    about the same. Prints the fitted tuple for ``ven/estimate.py``."""
    rows: list[tuple[str, str]] = []
    for res in corpus_results():
        e = Ven(res.records).create_document_index(100, count_tokens=dan.count_tokens)
        rows += [(res.doc_id, line) for line in e.text.split("\n")]
    for lang, text in CALIBRATION_SAMPLES.items():
        for part in text.split("; ") + [text]:
            rows += [(lang, part)] * 2
    if not rows:
        raise SystemExit("no calibration data")
    per_source: dict[str, float] = {}
    ys = [float(dan.count_tokens(t)) for _, t in rows]
    for (src, _), y in zip(rows, ys):
        per_source[src] = per_source.get(src, 0.0) + y
    fixed = {
        FEATURES.index("other_chars"): 1.0,
        FEATURES.index("other_words"): 0.0,
        FEATURES.index("latin_1_2"): 1.0,
        # o200k's rules, not fitted: a token holds at most three digits, and the space
        # before a digit run is a token of its own
        FEATURES.index("digit_groups"): 1.0,
        FEATURES.index("digit_runs_after_space"): 1.0,
        # measured on the Roman numerals 1-999 (see ven.estimate._ROMAN), rare in the pages
        FEATURES.index("roman_numerals"): _COST[FEATURES.index("roman_numerals")],
        FEATURES.index("roman_numeral_chars"): _COST[FEATURES.index("roman_numeral_chars")],
    }
    k = len(FEATURES)
    gram = [[0.0] * k for _ in range(k)]
    rhs = [0.0] * k
    for (src, text), y in zip(rows, ys):
        x = token_features(text)
        w = 1.0 / max(y, 1.0) / (max(per_source[src], 50.0) / 500.0)
        r = y - sum(x[i] * v for i, v in fixed.items())
        nz = [i for i in range(k) if x[i] and i not in fixed]
        for i in nz:
            rhs[i] += w * x[i] * r
            for j in nz:
                gram[i][j] += w * x[i] * x[j]
    coef = [fixed.get(i, 0.0) for i in range(k)]
    for _ in range(3000):
        for i in range(k):
            if i in fixed or gram[i][i] == 0.0:
                continue
            g = sum(gram[i][j] * coef[j] for j in range(k) if j not in fixed) - rhs[i]
            coef[i] = max(0.0, coef[i] - g / gram[i][i])
    print("_COST = (")
    for name, c in zip(FEATURES, coef):
        print(f"    {c:.3f},  # {name}")
    print(")")
    return coef


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="fewer, smaller documents")
    parser.add_argument("--calibrate", action="store_true", help="refit the token estimate and exit")
    parser.add_argument("--documents", type=int, default=24, help="generated documents (>= 20)")
    args = parser.parse_args(argv)
    if args.calibrate:
        calibrate()
        return {}
    rng = random.Random(20261129)
    count = 10 if args.quick else max(20, args.documents)
    docs = generate(rng, count, args.quick)
    hook = make_names_hook(docs)
    started = time.perf_counter()
    with_names = convert_all(docs, hook)
    convert_s = time.perf_counter() - started
    plain = convert_all(docs, None)
    corpus = [] if args.quick else corpus_results()
    pcts = (5, 10, 20)

    report: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": f"{platform.system()} {platform.machine()}",
        "date": time.strftime("%Y-%m-%d"),
        "generated": {
            "documents": len(docs),
            "formats": {k: sum(d.kind == k for d in docs) for k in ("markdown", "text", "html")},
            "chunks_min": min(len(r) for r in with_names),
            "chunks_max": max(len(r) for r in with_names),
            "dan_convert_s": convert_s,
        },
        "index_generated_with_names": measure_index(with_names, pcts),
        "index_generated_without_names": measure_index(plain, pcts),
    }
    if corpus:
        report["index_corpus"] = measure_index(corpus, pcts)
        report["index_all"] = measure_index(with_names + corpus, (10,))
    qs = questions(docs, random.Random(7))
    small = {r.doc_id for r in with_names if Ven(r.records).token_count() < 1000}
    routing: dict[str, Any] = {}
    for label, results in (("with_names", with_names), ("without_names", plain)):
        for pct in pcts:
            entries = [Ven(r.records).create_document_index(pct, count_tokens=dan.count_tokens) for r in results]
            if corpus and pct == 10:
                entries += [Ven(r.records).create_document_index(pct, count_tokens=dan.count_tokens) for r in corpus]
            routing[f"{label}_pct{pct}"] = measure_routing(entries, qs, small)
    report["routing"] = routing
    report["routing_note"] = (
        "pct10 runs include the readability pages as distractors when the corpus is present; "
        "off-topic counts as right when no document reaches confidence 70"
    )

    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    _print(report)
    return report


def _print(report: dict[str, Any]) -> None:
    out = sys.stdout.write
    g = report["generated"]
    out(f"index benchmark (Python {report['python']}, {report['machine']})\n")
    out(
        f"generated: {g['documents']} documents {g['formats']}, {g['chunks_min']}-{g['chunks_max']} chunks, "
        f"dan conversion {g['dan_convert_s']:.1f} s\n\n"
    )
    out(
        f"{'collection':<24}{'docs':>5}{'tokens':>10}{'pct':>5}{'index %':>9}{'phrases %':>10}{'parts':>6}"
        f"{'exact ms':>10}{'est ms':>8}{'est err %':>10}{'|err| max':>10}{'ven µs/chunk':>13}\n"
    )
    for key, label in (
        ("index_generated_with_names", "generated + names hook"),
        ("index_generated_without_names", "generated, no hook"),
        ("index_corpus", "readability pages"),
        ("index_all", "all"),
    ):
        m = report.get(key)
        if not m:
            continue
        for pct, r in m["by_pct"].items():
            out(
                f"{label:<24}{m['documents']:>5}{m['collection_tokens']:>10}{pct:>5}{r['index_share_pct']:>9.2f}"
                f"{r['phrase_share_pct']:>10.2f}{r['parts']:>6}{r['exact_ms_median']:>10.2f}"
                f"{r['estimate_ms_median']:>8.2f}{r['estimate_error_mean_pct']:>+10.1f}"
                f"{r['estimate_error_abs_max_pct']:>10.1f}{m['ven_build_us_per_chunk_median']:>13.1f}\n"
            )
    out("\nlexical routing (top-1 / top-3 %, reply kind for broad questions)\n")
    kinds = sorted({k for r in report["routing"].values() for k in r["by_kind"]} - set(CALIBRATION_KINDS))
    out(
        f"{'index':<24}" + "".join(f"{k[:16]:>18}" for k in kinds)
        + f"{'all doc qs':>14}{'small/large':>13}{'conf>=70 ok/bad':>16}{'ms/q':>7}\n"
    )
    for label, r in report["routing"].items():
        cells = "".join(
            f"{r['by_kind'][k]['top1_pct']:>10.0f} / {r['by_kind'][k]['top3_pct']:>3.0f}  " if k in r["by_kind"] else " " * 18
            for k in kinds
        )
        sizes = f"{r['small_documents_top1_pct'] or 0:>6.0f} / {r['large_documents_top1_pct'] or 0:>3.0f}"
        out(
            f"{label:<24}{cells}{r['doc_questions_top1_pct']:>7.1f} / {r['doc_questions_top3_pct']:>3.0f}"
            f"{sizes:>13}{r['confident_right_pct']:>9.0f} / {r['confident_wrong_pct']:>3.0f}"
            f"{r['route_ms_median']:>7.2f}\n"
        )
    out(
        "\nrouted with confidence >= 70 (% of questions; comparison: both documents; "
        "top-1 / top-3 / confident)\n"
    )
    conf_kinds = sorted({k for r in report["routing"].values() for k, v in r["by_kind"].items() if "confident_pct" in v})
    out(f"{'index':<24}" + "".join(f"{k[:18]:>22}" for k in conf_kinds) + "\n")
    for label, r in report["routing"].items():
        cells = ""
        for k in conf_kinds:
            v = r["by_kind"].get(k)
            if v is None or "confident_pct" not in v:
                cells += " " * 22
            elif k in CALIBRATION_KINDS:
                cells += f"{v['top1_pct']:>8.0f} /{v['top3_pct']:>4.0f} /{v['confident_pct']:>4.0f}"
            else:
                cells += f"{v['confident_pct']:>22.0f}"
        out(f"{label:<24}{cells}\n")
    out(f"\nwritten {RESULTS}\n")


if __name__ == "__main__":
    main()
