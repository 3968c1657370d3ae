"""Generate a seeded ~300-page DOCX like the one in ../shared/PERF-ANCHORS.md.

3 heading levels, bold/italic runs, 40 tables of 30 rows, bulleted lists, plus tracked
revisions and comments by two reviewers (written as raw WordprocessingML, which
python-docx has no API for). Usage: ``python benchmarks/gen_docx.py OUT.docx [--pages N]``.
"""

from __future__ import annotations

import argparse
import io
import random
import zipfile
from pathlib import Path

import docx
from lxml import etree

WORDS = (
    "the of and to in a is that for it as was with be by on not he this are or his from at which but have an "
    "they you were her she there one all we their agreement party service invoice payment term notice clause "
    "delivery warranty liability period supplier customer schedule annex fee rate report data quality system "
    "process review approval budget forecast revenue cost margin risk control audit policy procedure"
).split()

COMMENTS_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def sentence(rng: random.Random) -> str:
    s = " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 22)))
    return s[0].upper() + s[1:] + "."


def build(pages: int = 300, seed: int = 42) -> bytes:
    """A DOCX of about ``pages`` pages (≈ 440 words a page)."""
    rng = random.Random(seed)
    d = docx.Document()
    d.core_properties.title = "Generated benchmark document"
    target_words = pages * 440
    words = 0
    tables = 0
    revisions = 0
    comment_ids: list[int] = []
    chapter = 0
    while words < target_words:
        chapter += 1
        d.add_heading(f"Chapter {chapter} {sentence(rng)[:40]}", level=1)
        for sec in range(rng.randint(2, 4)):
            d.add_heading(f"Section {chapter}.{sec + 1}", level=2)
            for sub in range(rng.randint(1, 3)):
                d.add_heading(f"Topic {chapter}.{sec + 1}.{sub + 1}", level=3)
                for _ in range(rng.randint(3, 6)):
                    para = d.add_paragraph()
                    for _ in range(rng.randint(2, 6)):
                        text = sentence(rng) + " "
                        run = para.add_run(text)
                        roll = rng.random()
                        run.bold = roll < 0.08
                        run.italic = 0.08 <= roll < 0.14
                        words += len(text.split())
                    if rng.random() < 0.08:
                        revisions += 1
                        _add_revision(para._p, rng, revisions)
                    if rng.random() < 0.05:
                        comment_ids.append(len(comment_ids))
                        _add_comment_range(para._p, comment_ids[-1])
                if rng.random() < 0.3:
                    for _ in range(rng.randint(3, 7)):
                        d.add_paragraph(sentence(rng), style="List Bullet")
                        words += 12
            if tables < 40 and rng.random() < 0.45:
                tables += 1
                t = d.add_table(rows=30, cols=5)
                t.style = "Table Grid"
                for c, name in enumerate(("Item", "Quantity", "Unit price", "Total", "Note")):
                    t.cell(0, c).text = name
                for r in range(1, 30):
                    t.cell(r, 0).text = f"Item {tables}-{r}"
                    t.cell(r, 1).text = str(rng.randint(1, 500))
                    t.cell(r, 2).text = f"{rng.randint(1, 999)}.{rng.randint(0, 99):02d}"
                    t.cell(r, 3).text = f"{rng.randint(100, 99999)}.00"
                    t.cell(r, 4).text = " ".join(rng.choice(WORDS) for _ in range(4))
                words += 30 * 8
        if chapter > 2000:
            break
    buf = io.BytesIO()
    d.save(buf)
    return _add_comments_part(buf.getvalue(), len(comment_ids))


def _add_revision(p: etree._Element, rng: random.Random, n: int) -> None:
    author = "Ann Reviewer" if n % 2 else "Bob Counsel"
    w = "{%s}" % COMMENTS_NS
    ins = etree.SubElement(p, w + "ins", {w + "id": str(10000 + n), w + "author": author, w + "date": "2024-03-01T10:00:00Z"})
    r = etree.SubElement(ins, w + "r")
    t = etree.SubElement(r, w + "t")
    t.text = " " + sentence(rng)
    t.set("{http://www.w3.org/XML/1998/namespace}space", "preserve")
    runs = p.findall(w + "r")
    if runs:
        victim = runs[0]
        dele = etree.Element(w + "del", {w + "id": str(20000 + n), w + "author": author, w + "date": "2024-03-02T10:00:00Z"})
        victim.addprevious(dele)
        dele.append(victim)
        for t in victim.findall(w + "t"):
            t.tag = w + "delText"


def _add_comment_range(p: etree._Element, cid: int) -> None:
    w = "{%s}" % COMMENTS_NS
    start = etree.Element(w + "commentRangeStart", {w + "id": str(cid)})
    p.insert(1 if len(p) and p[0].tag == w + "pPr" else 0, start)
    etree.SubElement(p, w + "commentRangeEnd", {w + "id": str(cid)})
    r = etree.SubElement(p, w + "r")
    etree.SubElement(r, w + "commentReference", {w + "id": str(cid)})


def _add_comments_part(data: bytes, count: int) -> bytes:
    """Add the comments part; the zip is rewritten with fixed timestamps, so the same seed
    gives the same bytes (and dan the same document id)."""
    src = zipfile.ZipFile(io.BytesIO(data))
    files = {i.filename: src.read(i) for i in src.infolist()}
    if not count:
        return _zip(files)
    comments = "".join(
        f'<w:comment w:id="{i}" w:author="{"Carol" if i % 2 else "Dave"} Reviewer" w:date="2024-04-0{1 + i % 9}T09:00:00Z">'
        f"<w:p><w:r><w:t>Please check clause {i}.</w:t></w:r></w:p></w:comment>"
        for i in range(count)
    )
    files["word/comments.xml"] = (
        f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:comments xmlns:w="{COMMENTS_NS}">{comments}</w:comments>'
    ).encode()
    rels = files["word/_rels/document.xml.rels"].decode()
    rels = rels.replace(
        "</Relationships>",
        '<Relationship Id="rIdComments9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/comments" Target="comments.xml"/></Relationships>',
    )
    files["word/_rels/document.xml.rels"] = rels.encode()
    ct = files["[Content_Types].xml"].decode().replace(
        "</Types>",
        '<Override PartName="/word/comments.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.comments+xml"/></Types>',
    )
    files["[Content_Types].xml"] = ct.encode()
    return _zip(files)


def _zip(files: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, content in files.items():
            z.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), content, compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("out", type=Path)
    parser.add_argument("--pages", type=int, default=300)
    parser.add_argument("--seed", type=int, default=42)
    args = parser.parse_args()
    args.out.write_bytes(build(args.pages, args.seed))


if __name__ == "__main__":
    main()

