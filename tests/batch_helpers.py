"""Shared fixtures of the CLI / batch / integration / display tests (no tests here).

Lives at module level under a plain name so that names hooks defined here pickle by
reference into ``spawn`` worker processes (which inherit ``sys.path``).
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for _p in (str(HERE), str(HERE / "dan")):
    if _p not in sys.path:
        sys.path.insert(0, _p)

from docx_builder import dele, ins, make_docx, p, r  # noqa: E402

import dan  # noqa: E402

OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 64


# ---------------------------------------------------------------------------- hooks


def tag_hook(doc_title: str, chunk_index: int, plain_text: str) -> dan.Names:
    """Marks every chunk: proves the hook ran in the worker."""
    return dan.Names(terms=["hooked-term"])


def boom_hook(doc_title: str, chunk_index: int, plain_text: str) -> dan.Names | None:
    """Raises for one document only."""
    if "BOOM" in plain_text:
        raise RuntimeError("hook exploded")
    return None


def hold_until(marker: str, doc_title: str, chunk_index: int, plain_text: str) -> dan.Names | None:
    """Holds the document titled "Slow" at its first chunk until the file ``marker`` exists
    (bind it with functools.partial): the test writes it when every other file has finished,
    so that document finishes last whatever the scheduling (given up after two minutes)."""
    if doc_title == "Slow" and chunk_index == 0:
        deadline = time.monotonic() + 120
        while not os.path.exists(marker) and time.monotonic() < deadline:
            time.sleep(0.01)
    return None


def crash_hook(doc_title: str, chunk_index: int, plain_text: str) -> dan.Names | None:
    """Kills its worker process for one document only (simulates a segfault / OOM kill)."""
    if "CRASH" in plain_text:
        os._exit(3)
    return None


# ---------------------------------------------------------------------------- documents


def table_markdown(rows: int = 40, title: str = "Price list") -> str:
    """A Markdown document: intro section, a long table section, an outro section."""
    lines = [
        f"# {title}",
        "",
        "Prices are in EUR and valid for 2025.",
        "",
        "# Parts",
        "",
        "| Part | Price | Lead time |",
        "|---|---|---|",
    ]
    lines += [f"| Part P-{i:03d} bearing | {100 + i}.00 | {i % 5 + 1} weeks |" for i in range(rows)]
    lines += ["", "# Terms", "", "Payment within 30 days. Late payment costs 2% a month.", ""]
    return "\n".join(lines)


COMMENTS_XML = (
    '<w:comment w:id="7" w:author="Carol Reviewer" w:date="2024-03-05T09:00:00Z">'
    "<w:p><w:r><w:t>Check this clause</w:t></w:r></w:p></w:comment>"
)


def review_docx() -> bytes:
    """A DOCX with two sections, tracked revisions by two authors and one comment."""
    filler = " ".join(["The supplier delivers the goods on time and in full."] * 6)
    body = "".join(
        [
            p("Agreement", style="Heading1"),
            p(filler),
            p("Fees are ", ins(r("due monthly"), author="Ann Editor", rid="1"), " to the customer."),
            p("Old wording ", dele("quarterly", author="Bob Lawyer", rid="2"), " was removed."),
            p(filler),
            p("Liability", style="Heading1"),
            p(
                '<w:commentRangeStart w:id="7"/>',
                r("Liability is capped at the annual fees."),
                '<w:commentRangeEnd w:id="7"/>',
                r("", extra='<w:commentReference w:id="7"/>'),
            ),
            p(filler),
        ]
    )
    return make_docx(body, comments=COMMENTS_XML, core_title="Review agreement")


def write_corpus(root: Path) -> dict[str, Path]:
    """Small mixed corpus: good files of every text format, one DOCX, one bad file."""
    root.mkdir(parents=True, exist_ok=True)
    files = {
        "prices": root / "prices.md",
        "memo": root / "memo.txt",
        "page": root / "sub" / "page.html",
        "review": root / "review.docx",
    }
    files["page"].parent.mkdir(parents=True, exist_ok=True)
    files["prices"].write_text(table_markdown(), encoding="utf-8")
    files["memo"].write_text("Memo\n\nThe meeting moved to Friday.\n\nBring the budget.", encoding="utf-8")
    files["page"].write_text(
        "<html><head><title>Web page</title></head><body><h1>Welcome</h1><p>Hello <b>world</b>.</p></body></html>",
        encoding="utf-8",
    )
    files["review"].write_bytes(review_docx())
    return files


def worker_pid(doc_title: str, chunk_index: int, plain_text: str) -> dan.Names:
    """Names each chunk with the pid of the process that converted it."""
    return dan.Names(terms=[f"pid{os.getpid()}"])
