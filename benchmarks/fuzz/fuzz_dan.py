"""Mutation fuzzing of dan on real DOCX, RTF, HTML, Markdown, text and PDF inputs, and on
generated XLSX, CSV, PPTX, EML, EPUB and ODT ones.

Seeds are the test fixtures (``tests/data``), the demo samples, when present the
documents of ``../shared/corpus``, and small documents of the newer formats built here
(:func:`generated_seeds`, with the hostile suite's builders). Each iteration mutates a seed and converts it; the
result must be a ``dan.DanError`` or a conversion that satisfies the SPEC invariants (token
bound, flat records, ``ssSeq`` order, exact token counts). Any other exception, or a
broken invariant, is a finding: it is saved under ``benchmarks/fuzz/findings/`` and
reported.

Two engines:

* ``--engine mutate`` (default, no extra dependency): a seeded random mutator that knows the
  formats — for DOCX it mutates the XML *inside* the zip (so the package stays readable and
  the XML reader is exercised), for RTF/HTML it flips, inserts, deletes and duplicates bytes
  and splices in format tokens;
* ``--engine atheris``: coverage-guided fuzzing with atheris (``pip install atheris``), the
  same target and mutator-aware seeds.

Usage::

    python benchmarks/fuzz/fuzz_dan.py --iterations 5000 --seed 1
    python benchmarks/fuzz/fuzz_dan.py --engine atheris -- -runs=20000

Writes ``benchmarks/results/fuzz.json`` (inputs tried per format, findings).
"""

from __future__ import annotations

import argparse
import io
import json
import random
import re
import sys
import time
import traceback
import zipfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "dan"))

import dan  # noqa: E402
from dan.tokenizer import encoding  # noqa: E402

TOKENS = {
    "rtf": [b"{", b"}", b"\\par ", b"\\cell ", b"\\row ", b"\\trowd ", b"\\cellx900 ", b"\\revised ", b"\\deleted ",
            b"{\\*\\annotation x}", b"{\\footnote n}", b"{\\header h}", b"\\u8364?", b"\\'e9", b"\\bin4 ", b"\\clvmgf ",
            b"\\clvmrg ", b"\\page ", b"\\sect ", b"{\\*\\atrfstart 1}", b"{\\*\\atrfend 1}", b"\\uc2 ", b"\\ansicpg932 "],
    "html": [b"<table>", b"</table>", b"<tr>", b"<td colspan=99999>", b"<td rowspan=0>", b"<ins cite='X'>", b"</ins>",
             b"<del>", b"<h1>", b"<ul><li>", b"<pre>", b"<br>", b"<div style='page-break-before:always'>", b"&#xD800;",
             b"<script>", b"<!--", b"<meta charset='utf-16'>", b"\x00"],
    "markdown": [b"# ", b"\n\n", b"| a | b |\n|---|---|\n", b"| x |", b"```", b"~~~", b"> ", b"- ", b"1. ", b"[^1]",
                 b"[^1]: note\n", b"*", b"**", b"_", b"`", b"<div>", b"</div>", b"<ins>", b"[x](http://a)", b"![i](x)",
                 b"---\n", b"\\", b"&#xD800;", b"<!--", b"\t", b"    ", b"\x00", b"\xed\xa0\x80"],
    "text": [b"\n\n", b"\f", b"\r\n", b"\xcc\x81", b"\xe2\x80\x8d", b"\xf0\x9f\x91\x8d", b"\x00", b"\xff\xfe",
             b"\xef\xbb\xbf", b"\t", b" " * 80, b"\xed\xa0\x80", b".", b"x" * 200],
    "pdf": [b"BT ", b" ET ", b" Tj ", b"(x)", b"/F1 99999 Tf ", b"[", b"]", b"<<", b">>", b" 0 obj ", b"endobj\n",
            b"stream\n", b"\nendstream", b"/Length 99999999 ", b"/Count 999999 ", b"/Kids [1 0 R] ", b"/Annots [",
            b"/IRT 1 0 R ", b"/QuadPoints [0 0 1e308 -1] ", b"/Subtype /Highlight ", b"/T (\xfe\xff\xd8\x00) ",
            b"/Outlines 1 0 R ", b"/First 1 0 R /Next 1 0 R ", b"xref\n", b"trailer\n", b"%%EOF", b"\\", b"1e308 ",
            b"-2147483649 ", b"/Filter /FlateDecode "],
    "csv": [b",", b";", b"\t", b'"', b'""', b"\n", b"\r\n", b"=1+1", b"\x00", b"x" * 200, b"1.5e308"],
    "eml": [b"\nContent-Type: multipart/mixed; boundary=X\n\n--X\n", b"--X--\n", b"\n> ", b"=?utf-8?B?w6k=?=",
            b"Content-Transfer-Encoding: base64\n", b"Content-Type: message/rfc822\n\n", b"\n\n", b":"],
    "xlsx": [b"<row r='1048576'>", b"</row>", b"<c r='XFD1' t='s'><v>99999</v></c>", b"<mergeCell ref='A1:XFD9'/>",
             b"<v>1e308</v>", b"<c t='inlineStr'><is><t>=1+1</t></is></c>", b" hidden='1'", b"<f>SUM(A:A)</f>"],
    "pptx": [b"<p:grpSp>", b"</p:grpSp>", b"<a:p><a:r><a:t>x</a:t></a:r></a:p>", b"<a:tbl><a:tr><a:tc gridSpan='99'>",
             b"<p:ph type='title'/>", b"<a:off x='-1' y='99999999999'/>", b" show='0'"],
    "msg": ["__substg1.0_1000001F".encode("utf-16-le"), b"\xff\xff\xff\xff", b"\xfe\xff\xff\xff",
            b"\x00\x00\x00\x00", b"\x00\x10\x00\x00", b"LZFu", b"\x01\x02"],
    "epub": [b"<itemref idref='c'/>", b"<div>", b"</div>", b"<h1>", b"<table><tr><td>", b"&#0;"],
    "odt": [b"<text:list><text:list-item>", b"</text:list-item></text:list>", b"<text:change-start text:change-id='x'/>",
            b"<office:annotation office:name='a'>", b"<text:note>", b"<table:table-row>", b"<text:s text:c='999999'/>"],
    "docx": [b"<w:p>", b"</w:p>", b"<w:r><w:t>x</w:t></w:r>", b"<w:ins w:id='1' w:author='A'>", b"</w:ins>",
             b"<w:del w:id='2'>", b"<w:tbl><w:tr><w:tc>", b"</w:tc></w:tr></w:tbl>", b"<w:gridSpan w:val='70000'/>",
             b"<w:vMerge/>", b"<w:fldChar w:fldCharType='begin'/>", b"<w:commentRangeStart w:id='0'/>",
             b"<w:br w:type='page'/>", b"<w:lastRenderedPageBreak/>", b"<w:footnoteReference w:id='1'/>"],
}


def seeds() -> dict[str, list[bytes]]:
    """Real inputs per format."""
    found: dict[str, list[bytes]] = {"docx": [], "rtf": [], "html": [], "markdown": [], "text": [], "pdf": []}
    roots = [ROOT / "tests" / "data", ROOT / "demo" / "samples", ROOT.parent / "shared" / "corpus"]
    for root in roots:
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            if any(part.startswith("_ref") for part in path.parts) or not path.is_file():
                continue
            kind = {".docx": "docx", ".rtf": "rtf", ".html": "html", ".htm": "html", ".md": "markdown",
                    ".markdown": "markdown", ".txt": "text", ".pdf": "pdf"}.get(path.suffix.lower())
            if kind and path.stat().st_size < 2_000_000:
                found[kind].append(path.read_bytes())
    for kind, items in generated_seeds().items():
        found.setdefault(kind, []).extend(items)
    return found


#: Formats held in a zip: their XML parts are mutated inside the package.
ZIPPED = ("docx", "xlsx", "pptx", "epub", "odt")


def generated_seeds() -> dict[str, list[bytes]]:
    """Small documents of the formats the repository keeps no files of."""
    from email.message import EmailMessage

    from benchmarks.hostile_cases import _epub, _odt, _pptx, _xlsx
    from benchmarks.msg_build import attachment, cfb
    from benchmarks.msg_build import msg as outlook

    sheet = "".join(
        f'<row r="{r}"><c r="A{r}" t="inlineStr"><is><t>name {r}</t></is></c><c r="B{r}" s="0"><v>{r * 1.5}</v></c>'
        f'<c r="C{r}" t="b"><v>1</v></c></row>' for r in range(1, 12)
    )
    msg = EmailMessage()
    msg["From"] = "Alice <a@example.com>"
    msg["To"] = "b@example.com"
    msg["Subject"] = "Re: prices"
    msg.set_content("Hello,\n\n> quoted\n> > deeper\n\nBye")
    msg.add_alternative("<p>Hello <b>there</b></p><blockquote>quoted</blockquote>", subtype="html")
    msg.add_attachment(b"a,b\n1,2\n", maintype="text", subtype="csv", filename="t.csv")
    return {
        "xlsx": [_xlsx(sheet, after='<mergeCells><mergeCell ref="A1:B2"/></mergeCells>')],
        "csv": [b"Name,Qty,Price\nbolt,3,1.50\nnut,\"4,5\",2\n", "a;b\n\u00e9;2\n".encode("cp1252")],
        "pptx": [_pptx('<p:sp><p:nvSpPr><p:cNvPr id="1" name="t"/><p:cNvSpPr/><p:nvPr><p:ph type="title"/></p:nvPr>'
                       '</p:nvSpPr><p:txBody><a:p><a:r><a:t>Title</a:t></a:r></a:p></p:txBody></p:sp>'
                       '<p:sp><p:txBody><a:p><a:pPr lvl="1"/><a:r><a:t>point</a:t></a:r></a:p></p:txBody></p:sp>',
                       slides=3)],
        "eml": [msg.as_bytes()],
        "msg": [cfb(outlook("Re: prices", "Hello,\r\n\r\n> quoted\r\n", html="<p>Hello <b>there</b></p>",
                            sender=("Alice", "a@example.com"), to=[("Bob", "b@example.com")],
                            attachments=[attachment("t.csv", b"a,b\n1,2\n"),
                                         attachment("", outlook("inner", "text", embedded=True))]))],
        "epub": [_epub(b"<html><body><h1>One</h1><p>text <b>bold</b></p><ul><li>x</li></ul></body></html>")],
        "odt": [_odt("<text:h text:outline-level='1'>Head</text:h><text:p>para <text:span>span</text:span></text:p>"
                     "<text:list><text:list-item><text:p>item</text:p></text:list-item></text:list>")],
    }


def _mutate_bytes(data: bytes, rng: random.Random, tokens: list[bytes]) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        op = rng.random()
        pos = rng.randrange(len(b) + 1) if b else 0
        if op < 0.25 and b:
            b[rng.randrange(len(b))] = rng.randrange(256)
        elif op < 0.45:
            b[pos:pos] = rng.choice(tokens)
        elif op < 0.6 and b:
            end = min(len(b), pos + rng.randint(1, 64))
            del b[pos:end]
        elif op < 0.75 and b:
            end = min(len(b), pos + rng.randint(1, 256))
            b[pos:pos] = b[pos:end] * rng.randint(1, 20)
        elif op < 0.85:
            b[pos:pos] = rng.choice(tokens) * rng.randint(2, 2000)
        elif b:
            cut = rng.randrange(len(b))
            b = b[:cut]
    return bytes(b)


_START_TAG = re.compile(rb"<([A-Za-z][\w.:-]*)(?:\s[^<>]*)?>")
_ATTR_VALUE = re.compile(rb'(\s[\w:-]+=)(["\'])([^"\'<>]*)\2')
EXTREMES = [b"-1", b"0", b"2147483648", b"99999999999999999999", b"", b"nan", b"1e309", b"x" * 5000, b"&#0;",
            b"\xed\xa0\x80", b"-99999", b"restart", b"continue", b"true", b"\xff"]


def _element_span(xml: bytes, rng: random.Random) -> tuple[int, int] | None:
    """A random element's ``[start, end)`` (its start tag to its matching end tag, same
    name, nesting counted), or None."""
    starts = list(_START_TAG.finditer(xml))
    if not starts:
        return None
    for m in rng.sample(starts, k=min(8, len(starts))):
        if m.group(0).endswith(b"/>"):
            return m.start(), m.end()
        name = m.group(1)
        depth, pos = 1, m.end()
        opener = re.compile(rb"<(/?)" + re.escape(name) + rb"(?=[\s/>])[^<>]*?(/?)>")
        for t in opener.finditer(xml, pos):
            if t.group(1):
                depth -= 1
            elif not t.group(2):
                depth += 1
            if depth == 0:
                return m.start(), t.end()
    return None


def _mutate_xml(xml: bytes, rng: random.Random) -> bytes:
    """Structure-aware: duplicate an element many times, nest it in itself, or set an
    attribute to an extreme value; else byte mutations."""
    op = rng.random()
    if op < 0.5:
        span = _element_span(xml, rng)
        if span is not None:
            a, b = span
            element = xml[a:b]
            if op < 0.25:  # duplication
                return xml[:b] + element * rng.choice([2, 10, 100, 1000]) + xml[b:]
            end = element.rfind(b"</")
            if end > 0:  # nesting: the element inside itself, k levels deep
                k = rng.choice([2, 10, 60, 200])
                head, tail = element[:end], element[end:]
                return xml[:a] + head * k + tail * k + xml[b:]
    if op < 0.8:
        values = list(_ATTR_VALUE.finditer(xml))
        if values:
            out = xml
            for m in sorted(rng.sample(values, k=min(len(values), rng.randint(1, 4))), key=lambda m: -m.start()):
                out = out[: m.start(3)] + rng.choice(EXTREMES) + out[m.end(3):]
            return out
    return _mutate_bytes(xml, rng, TOKENS["docx"])


def _directory_lie(data: bytes, rng: random.Random) -> bytes:
    """Rewrite a central-directory entry's sizes (and the local header's) to a lie."""
    b = bytearray(data)
    entries = [m.start() for m in re.finditer(rb"PK\x01\x02", data)]
    if not entries:
        return data
    cd = rng.choice(entries)
    field = rng.choice([20, 24])  # compressed or uncompressed size
    value = rng.choice([0, 1, 1000, 2**31 - 1, 2**32 - 1, rng.randrange(2**32)])
    b[cd + field : cd + field + 4] = value.to_bytes(4, "little")
    if rng.random() < 0.5:
        local = int.from_bytes(b[cd + 42 : cd + 46], "little")
        if b[local : local + 4] == b"PK\x03\x04":
            b[local + field - 2 : local + field + 2] = value.to_bytes(4, "little")
    return bytes(b)


def mutate(kind: str, data: bytes, rng: random.Random) -> bytes:
    """One mutation of ``data`` of format ``kind``."""
    if kind not in ZIPPED:
        return _mutate_bytes(data, rng, TOKENS[kind])
    try:
        src = zipfile.ZipFile(io.BytesIO(data))
        files = {i.filename: src.read(i) for i in src.infolist()}
    except (zipfile.BadZipFile, OSError, EOFError, ValueError):
        return _mutate_bytes(data, rng, TOKENS["docx"])
    if rng.random() < 0.1:
        return _mutate_bytes(data, rng, TOKENS["docx"])  # damage the zip itself
    xml_parts = [n for n in files if n.endswith(".xml") or n.endswith(".rels")]
    for name in rng.sample(xml_parts, k=min(len(xml_parts), rng.randint(1, 2))):
        files[name] = _mutate_xml(files[name], rng)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, content in files.items():
            z.writestr(name, content)
    if rng.random() < 0.1:
        return _directory_lie(out.getvalue(), rng)
    return out.getvalue()


def check(data: bytes, kind: str, max_tokens: int) -> str:
    """Convert; return ``"ok"``, ``"danerror"``, or raise on a finding."""
    try:
        # (Markdown, text, CSV and e-mail are what their name says; the others are detected)
        named = kind in ("markdown", "text", "csv", "eml")
        res = dan.convert(data, kind if named else None, max_tokens=max_tokens)
    except dan.DanError:
        return "danerror"
    enc = encoding()
    n = len(res.chunks)
    for i, (text, rec) in enumerate(zip(res.chunks, res.records)):
        tokens = len(enc.encode(text, disallowed_special=()))
        if tokens > max_tokens or rec["ssTokens"] != tokens or rec["ssSeq"] != i or rec["ssCount"] != n:
            raise AssertionError(f"invariant broken in chunk {i}: {tokens} tokens, record {rec['ssTokens']}")
        if not all(type(v) in (str, int) for v in rec.values()):
            raise AssertionError("record not flat")
        text.encode("utf-8")
    json.dumps(res.records)
    return "ok"


#: An input slower than this is saved as ``findings/slowest-<kind>-<max_tokens>.<kind>``.
SLOW_S = 5.0


def run_mutate(iterations: int, seed: int, max_seconds: float, only: list[str] | None = None) -> dict:
    rng = random.Random(seed)
    pool = seeds()
    kinds = [k for k, v in pool.items() if v and (not only or k in only)]
    stats: dict[str, Counter] = {k: Counter() for k in kinds}
    findings = []
    start = time.time()
    worst = (0.0, "")
    for i in range(iterations):
        if time.time() - start > max_seconds:
            break
        kind = kinds[i % len(kinds)]
        data = mutate(kind, rng.choice(pool[kind]), rng)
        max_tokens = rng.choice([16, 64, 256, 1024])
        t0 = time.time()
        try:
            outcome = check(data, kind, max_tokens)
        except Exception as exc:  # a finding: anything but DanError or a valid result
            outcome = "finding"
            findings.append(_save(kind, data, max_tokens, exc))
        dt = time.time() - t0
        if dt > worst[0]:
            worst = (dt, kind)
            if dt > SLOW_S:  # kept so a slow input can be looked at (not a finding)
                out = HERE / "findings" / f"slowest-{kind}-{max_tokens}.{kind}"
                out.parent.mkdir(exist_ok=True)
                out.write_bytes(data)
        stats[kind][outcome] += 1
    return {
        "engine": "mutate",
        "seed": seed,
        "seconds": round(time.time() - start, 1),
        "tried": {k: sum(v.values()) for k, v in stats.items()},
        "outcomes": {k: dict(v) for k, v in stats.items()},
        "findings": findings,
        "slowest_input_s": round(worst[0], 2),
        "slowest_kind": worst[1],
    }


def _save(kind: str, data: bytes, max_tokens: int, exc: BaseException) -> dict:
    out = HERE / "findings"
    out.mkdir(exist_ok=True)
    name = f"{kind}-{abs(hash(data)) % 10**10}-{max_tokens}.{kind}"
    (out / name).write_bytes(data)
    return {"file": str(out / name), "error": f"{type(exc).__name__}: {exc}", "trace": traceback.format_exc()[-600:]}


def run_atheris(argv: list[str]) -> None:
    import atheris

    pool = seeds()
    kinds = [k for k, v in pool.items() if v]

    def target(buf: bytes) -> None:
        if len(buf) < 2:
            return
        fdp = atheris.FuzzedDataProvider(buf)
        kind = kinds[fdp.ConsumeIntInRange(0, len(kinds) - 1)]
        base = pool[kind][fdp.ConsumeIntInRange(0, len(pool[kind]) - 1)]
        rng = random.Random(fdp.ConsumeInt(4))
        check(mutate(kind, base, rng), kind, [16, 64, 256, 1024][fdp.ConsumeIntInRange(0, 3)])

    atheris.instrument_all()  # coverage of dan's Python code guides the mutations
    atheris.Setup([sys.argv[0], *argv], target)
    atheris.Fuzz()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--engine", choices=("mutate", "atheris"), default="mutate")
    parser.add_argument("--iterations", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-seconds", type=float, default=1800)
    parser.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "fuzz.json")
    parser.add_argument("--kinds", nargs="*", choices=sorted(TOKENS), help="fuzz only these families")
    args, rest = parser.parse_known_args()
    if args.engine == "atheris":
        run_atheris([a for a in rest if a != "--"])
        return
    report = run_mutate(args.iterations, args.seed, args.max_seconds, args.kinds)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(report, indent=2))
    print(json.dumps({k: v for k, v in report.items() if k != "findings"}, indent=2))
    print(f"findings: {len(report['findings'])}")
    for f in report["findings"][:10]:
        print(" -", f["file"], f["error"])


if __name__ == "__main__":
    main()
