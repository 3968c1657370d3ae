"""The ``ven`` command line: index documents and expand retrieved chunks from dan's records.

Reads the chunk files ``dan convert`` writes (JSONL of ``{"text", "metadata"}`` objects,
its JSON documents, or JSONL of bare records) with the ``json`` module; ``ven`` never
imports ``dan``. ``ven index`` prints the collection's index document; ``ven expand``
prints the chunks an expansion selects. Data errors exit with 1, usage errors with 2.
See ``docs/cli.md``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TextIO

from ven import __version__ as ven_version
from ven.document import Ven
from ven.errors import VenError
from ven.expansion import Expansion
from ven.routing import doc_id_key
from ven.schema import COMS, DOC_ID, PAGE, PAGE_LAST, REVS, SEQ, TABLES, TYPE, split_list

__all__ = ["main", "build_parser", "Chunk", "read_chunks", "group_documents", "parse_seqs"]

_EPILOG_INDEX = """\
examples:
  ven index chunks.jsonl                     # the index document of every document in the file
  ven index a.jsonl b.jsonl --pct 5          # entries of about 5% of each document's tokens
  dan convert docs/ | ven index -            # '-' reads stdin
"""

_EPILOG_EXPAND = """\
examples:
  ven expand chunks.jsonl --seq 3,17                    # complete tables, revisions, \
comments (default)
  ven expand chunks.jsonl --seq 3 --tables --pages 1 --budget 2000
  ven expand all.jsonl --doc C-17 --seq 4 --section-pages 1 --format jsonl
  ven expand chunks.jsonl --seq 12 --all-comments "Ann Lee" --format seqs

With no expansion option, add_related_chunks(budget=BUDGET) runs: every table, run of
revisions and run of comments an anchor touches is completed. Options run in this order:
--related, --tables, --revisions, --comments, --pages, --section-pages, --all-revisions,
--all-comments. --budget caps the tokens the additions add (completions always run);
--max-tokens caps the whole expanded set, completions included.
"""


class CliError(VenError):
    """A problem with the command's input (exit status 1) or arguments (``usage=True``: 2)."""

    def __init__(self, message: str, *, usage: bool = False) -> None:
        super().__init__(message)
        self.usage = usage


class Chunk:
    """One chunk read from a file: its record and, when the file holds it, its text."""

    __slots__ = ("record", "text")

    def __init__(self, record: Mapping[str, Any], text: str | None) -> None:
        self.record = record
        self.text = text


# ---------------------------------------------------------------------------- reading


def _chunks_of(obj: Any, where: str) -> list[Chunk]:
    """Chunks from one JSON value: a chunk object, a bare record, a document, or a list."""
    if isinstance(obj, list):
        out: list[Chunk] = []
        for i, item in enumerate(obj):
            out.extend(_chunks_of(item, f"{where}[{i}]"))
        return out
    if not isinstance(obj, dict):
        raise CliError(f"{where}: expected a JSON object, got {type(obj).__name__}")
    if isinstance(obj.get("chunks"), list):
        return _chunks_of(obj["chunks"], f"{where}.chunks")
    meta = obj.get("metadata")
    if isinstance(meta, dict):
        text = obj.get("text", obj.get("page_content"))
        return [Chunk(meta, text if isinstance(text, str) else None)]
    return [Chunk(obj, None)]


def _read_text(path: str, stdin: TextIO) -> str:
    if path == "-":
        return stdin.read()
    try:
        return Path(path).read_text(encoding="utf-8-sig")  # tolerate a BOM (Windows editors)
    except FileNotFoundError:
        raise CliError(f"{path}: no such file") from None
    except UnicodeDecodeError:
        raise CliError(
            f"{path}: not a chunks file (it is not UTF-8 text): give the JSON Lines that "
            "dan convert writes (dan convert FILE --out DIR), not the document itself"
        ) from None
    except OSError as exc:
        raise CliError(f"{path}: cannot read it ({exc.strerror or exc})") from None


def read_chunks(paths: Sequence[str], stdin: TextIO | None = None) -> list[Chunk]:
    """Every chunk in ``paths`` (``-`` = stdin), in file order.

    A file is JSON Lines (one chunk object ``{"text", "metadata"}`` or one bare record per
    line) or one JSON value (a document ``{"chunks": [...]}``, a list of documents or of
    chunks), as ``dan convert`` writes them. Raises :class:`CliError` naming the file and
    line that is not JSON.
    """
    src = stdin if stdin is not None else sys.stdin
    chunks: list[Chunk] = []
    for path in paths:
        text = _read_text(path, src)
        stripped = text.lstrip()
        if stripped.startswith("["):
            try:
                chunks.extend(_chunks_of(json.loads(text), path))
                continue
            except json.JSONDecodeError:
                pass
        for lineno, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                if lineno == 1 and stripped.startswith("{"):
                    try:  # one pretty-printed JSON document
                        chunks.extend(_chunks_of(json.loads(text), path))
                        break
                    except json.JSONDecodeError:
                        pass
                raise CliError(f"{path}:{lineno}: not JSON ({exc.msg})") from None
            chunks.extend(_chunks_of(obj, f"{path}:{lineno}"))
    return chunks


def group_documents(chunks: Iterable[Chunk]) -> dict[str, list[Chunk]]:
    """Chunks grouped by ``ssDocId`` (compared case-insensitively), in order of first appearance.

    Records without a string ``ssDocId`` raise :class:`CliError`.
    """
    docs: dict[str, list[Chunk]] = {}
    for n, chunk in enumerate(chunks):
        doc_id = chunk.record.get(DOC_ID)
        if not isinstance(doc_id, str) or not doc_id:
            raise CliError(f"chunk {n} has no {DOC_ID}: is this dan's output?")
        docs.setdefault(doc_id_key(doc_id), []).append(chunk)
    return docs


def parse_seqs(values: Sequence[str]) -> list[int]:
    """``["3,17", "20"]`` → ``[3, 17, 20]``; raises a usage :class:`CliError` for anything else."""
    seqs: list[int] = []
    for value in values:
        for part in value.split(","):
            part = part.strip()
            if not part:
                continue
            try:
                seqs.append(int(part))
            except ValueError:
                raise CliError(
                    f"--seq {value!r}: {part!r} is not a chunk number", usage=True
                ) from None
    if not seqs:
        raise CliError("--seq needs at least one chunk number, e.g. --seq 3,17", usage=True)
    return seqs


# ---------------------------------------------------------------------------- arguments


def _positive_int(text: str) -> int:
    value = _non_negative_int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be >= 1")
    return value


def _non_negative_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} must be >= 0")
    return value


def _pct(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"{value} must be between 0 and 100")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``ven`` command."""
    parser = argparse.ArgumentParser(
        prog="ven",
        description="Build the routing index document and expand retrieved chunks, from the "
        "metadata records dan writes (the chunk text is only needed to print chunks).",
        epilog="run 'ven index --help' or 'ven expand --help' for examples",
    )
    parser.add_argument("--version", action="version", version=f"ven {ven_version}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    idx = sub.add_parser(
        "index",
        help="print the index document of the documents in CHUNKS files",
        description="Print one index entry per document (Ven.create_document_index), "
        "entries separated by a blank line: the collection's index document.",
        epilog=_EPILOG_INDEX,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    idx.add_argument(
        "files", nargs="+", metavar="CHUNKS", help="JSONL/JSON written by dan convert ('-' = stdin)"
    )
    idx.add_argument(
        "--pct",
        type=_pct,
        default=10.0,
        metavar="N",
        help=(
            "size of each entry's phrase lines as a percentage of the document's tokens "
            "(default 10)"
        ),
    )
    idx.set_defaults(handler=_cmd_index)

    exp = sub.add_parser(
        "expand",
        help="print the chunks an expansion of retrieved chunks selects",
        description="Expand the chunks a search returned (--seq) with ven and print the "
        "expanded set in document order.",
        epilog=_EPILOG_EXPAND,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    exp.add_argument(
        "files", nargs="+", metavar="CHUNKS", help="JSONL/JSON written by dan convert ('-' = stdin)"
    )
    exp.add_argument(
        "--seq",
        action="append",
        required=True,
        metavar="N[,N...]",
        help="ssSeq of the retrieved chunks (comma-separated, repeatable)",
    )
    exp.add_argument(
        "--doc", metavar="ID", help="the document (ssDocId) when the files hold several"
    )
    exp.add_argument(
        "--budget",
        type=_non_negative_int,
        metavar="N",
        help="cap on the tokens the additions add beyond the retrieved chunks (default: no cap)",
    )
    exp.add_argument(
        "--max-tokens",
        type=_positive_int,
        metavar="N",
        help="hard cap on the total tokens of the expanded set, retrieved chunks included: "
        "a table, run, page or chunk that would pass it is skipped whole and reported on "
        "stderr (default: no cap)",
    )
    exp.add_argument(
        "--related", action="store_true", help="add_related_chunks: all completions (the default)"
    )
    exp.add_argument(
        "--tables", action="store_true", help="complete every table an anchor holds part of"
    )
    exp.add_argument(
        "--revisions", action="store_true", help="complete runs of revisions around anchors"
    )
    exp.add_argument(
        "--comments", action="store_true", help="complete runs of comments around anchors"
    )
    exp.add_argument(
        "--pages",
        type=_non_negative_int,
        metavar="N",
        help="add_page_chunks(num_pages=N): page context",
    )
    exp.add_argument(
        "--section-pages",
        type=_non_negative_int,
        metavar="N",
        help="N pages around anchors, within their section",
    )
    exp.add_argument(
        "--all-revisions",
        nargs="?",
        const="",
        metavar="AUTHOR",
        help="every chunk with revisions (by AUTHOR)",
    )
    exp.add_argument(
        "--all-comments",
        nargs="?",
        const="",
        metavar="AUTHOR",
        help="every chunk with comments (by AUTHOR)",
    )
    exp.add_argument(
        "--format",
        choices=("md", "jsonl", "seqs"),
        default="md",
        help="md: the chunk texts, each after an HTML comment saying why it is there (default); "
        "jsonl: the chunks as read; seqs: the expanded ssSeq list",
    )
    exp.set_defaults(handler=_cmd_expand)
    return parser


# ---------------------------------------------------------------------------- commands


def _one_line(text: object) -> str:
    return " ".join(str(text).split())


def _cmd_index(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    docs = group_documents(read_chunks(args.files, stdin))
    if not docs:
        raise CliError("no chunks in the input: nothing to index")
    entries: list[str] = []
    failed = 0
    for key, chunks in docs.items():
        try:
            entries.append(Ven(c.record for c in chunks).create_document_index(args.pct).text)
        except VenError as exc:
            failed += 1
            stderr.write(
                f"ven: error: document {chunks[0].record.get(DOC_ID, key)}: {_one_line(exc)}\n"
            )
    if entries:
        stdout.write("\n\n".join(e.rstrip("\n") for e in entries) + "\n")
    return 1 if failed else 0


def _pick_document(docs: dict[str, list[Chunk]], wanted: str | None) -> list[Chunk]:
    if not docs:
        raise CliError("no chunks in the input")
    if wanted is not None:
        if doc_id_key(wanted) not in docs:
            known = ", ".join(str(c[0].record[DOC_ID]) for c in list(docs.values())[:10])
            raise CliError(f"--doc {wanted!r} is not in the input (documents: {known})")
        return docs[doc_id_key(wanted)]
    if len(docs) > 1:
        known = ", ".join(str(c[0].record[DOC_ID]) for c in list(docs.values())[:10])
        raise CliError(
            f"the input holds {len(docs)} documents: choose one with --doc ({known})", usage=True
        )
    return next(iter(docs.values()))


def _run_expansion(exp: Expansion, args: argparse.Namespace) -> None:
    budget = args.budget
    chosen = any(
        (
            args.related,
            args.tables,
            args.revisions,
            args.comments,
            args.pages is not None,
            args.section_pages is not None,
            args.all_revisions is not None,
            args.all_comments is not None,
        )
    )
    if args.related or not chosen:
        exp.add_related_chunks(budget=budget)
    if args.tables:
        exp.complete_tables()
    if args.revisions:
        exp.complete_revisions()
    if args.comments:
        exp.complete_comments()
    if args.pages is not None:
        exp.add_page_chunks(num_pages=args.pages, budget=budget)
    if args.section_pages is not None:
        exp.add_section_pages(args.section_pages, budget=budget)
    if args.all_revisions is not None:
        exp.add_revision_chunks(author=args.all_revisions, budget=budget)
    if args.all_comments is not None:
        exp.add_comment_chunks(author=args.all_comments, budget=budget)


def _describe(record: Mapping[str, Any], anchor: bool) -> str:
    """``ssSeq 4 · added · body · page 2-3 · table 1 · 2 revisions`` for the md output."""
    parts = [
        f"ssSeq {record.get(SEQ)}",
        "anchor" if anchor else "added",
        str(record.get(TYPE, "?")),
    ]
    first, last = record.get(PAGE), record.get(PAGE_LAST)
    parts.append(f"page {first}" if first == last or last is None else f"page {first}-{last}")
    tables = split_list(record.get(TABLES, "")) if isinstance(record.get(TABLES), str) else ()
    if tables:
        parts.append(("table " if len(tables) == 1 else "tables ") + ", ".join(tables))
    for field, noun in ((REVS, "revision"), (COMS, "comment")):
        n = record.get(field)
        if isinstance(n, int) and n > 0:
            parts.append(f"{n} {noun}{'s' if n != 1 else ''}")
    return " · ".join(parts)


def _cmd_expand(args: argparse.Namespace, stdin: TextIO, stdout: TextIO, stderr: TextIO) -> int:
    seqs = parse_seqs(args.seq)
    chunks = _pick_document(group_documents(read_chunks(args.files, stdin)), args.doc)
    ven = Ven(c.record for c in chunks)
    by_seq: dict[int, Chunk] = {}
    for c in chunks:
        by_seq[int(c.record[SEQ])] = c
    with ven.begin_expansion(seqs, max_tokens=args.max_tokens) as exp:
        _run_expansion(exp, args)
        expanded, anchors = exp.seqs, set(exp.anchors)
        tokens, enrichment = exp.tokens, exp.enrichment_tokens
        for skip in exp.skipped:
            stderr.write(
                f"ven expand: skipped a {skip.what} of {len(skip.seqs)} chunk(s), {skip.tokens} "
                f"tokens (ssSeq {', '.join(map(str, skip.seqs[:8]))}"
                f"{', ...' if len(skip.seqs) > 8 else ''}): over --max-tokens {args.max_tokens}\n"
            )
    if args.format == "seqs":
        stdout.write(",".join(str(s) for s in expanded) + "\n")
        return 0
    if args.format == "jsonl":
        for s in expanded:
            c = by_seq[s]
            obj: dict[str, Any] = (
                {"text": c.text, "metadata": dict(c.record)}
                if c.text is not None
                else dict(c.record)
            )
            stdout.write(json.dumps(obj, ensure_ascii=False) + "\n")
        return 0
    stdout.write(
        f"<!-- ven: {ven.doc_id} {_one_line(ven.title)!r}: "
        f"anchors {', '.join(map(str, sorted(set(seqs))))} -> "
        f"{len(expanded)} chunks, {tokens} tokens ({enrichment} added) -->\n\n"
    )
    for s in expanded:
        c = by_seq[s]
        stdout.write(f"<!-- {_describe(c.record, s in anchors)} -->\n")
        stdout.write(
            (c.text.rstrip("\n") if c.text is not None else "(no chunk text in the input)") + "\n\n"
        )
    return 0


def _utf8(stream: TextIO) -> TextIO:
    reconfigure = getattr(stream, "reconfigure", None)
    if (
        reconfigure is not None
        and (getattr(stream, "encoding", "") or "").lower().replace("-", "") != "utf8"
    ):
        try:
            reconfigure(encoding="utf-8")
        except (OSError, ValueError):
            pass
    return stream


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the ``ven`` command with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    inp = stdin if stdin is not None else _utf8(sys.stdin)
    out = stdout if stdout is not None else _utf8(sys.stdout)
    err = stderr if stderr is not None else sys.stderr
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:  # --help, --version (0) and usage errors (2)
        return int(exc.code or 0)
    try:
        return int(args.handler(args, inp, out, err))
    except CliError as exc:
        err.write(f"ven: error: {_one_line(exc)}\n")
        return 2 if exc.usage else 1
    except VenError as exc:
        err.write(f"ven: error: {_one_line(exc)}\n")
        return 1
    except BrokenPipeError:
        return 1
    except KeyboardInterrupt:
        err.write("ven: interrupted\n")
        return 130
