"""The ``dan`` command line: convert documents to chunk records from a shell.

``dan convert`` takes files, directories and glob patterns, converts them (in a process
pool with ``--workers``) and writes one record per chunk as JSONL (default), JSON or
Markdown, to stdout or to one file per input under ``--out DIR``. A file that fails gets
one line on stderr and the others still convert; the exit status is then 1. Usage errors
exit with 2. See ``docs/cli.md``.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import re
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TextIO

import dan
from dan.batch import ConversionFailure, ProgressDisplay, convert_one, iter_convert, progress_bar
from dan.converter import DanResult, check_doc_id
from dan.detect import doc_type_names, format_names, normalize_doc_type
from dan.errors import DanError, UsageError
from dan.inputs import expand_inputs
from dan.model import Message
from dan.native import compiled_modules, stale_modules
from dan.options import ConvertOptions
from ven.schema import as_lists

__all__ = ["main", "build_parser", "parse_meta", "expand_inputs", "FORMATS"]

#: Output formats of ``dan convert``.
FORMATS = ("jsonl", "json", "md")
_INT = re.compile(r"-?(0|[1-9][0-9]*)")

_EPILOG = """\
examples:
  dan convert contract.docx                        # JSONL records to stdout
  dan convert docs/ --out chunks/                  # every supported file under docs/, \
one .jsonl each
  dan convert "reports/**/*.html" --format md      # quoted globs are expanded by dan (** recurses)
  dan convert a.docx --doc-id C-17 --title "Master agreement" --meta customer=4711 --meta year:=2024
  dan convert *.rtf --max-tokens 512 --workers 4 --out - | ven index -

exit status: 0 every file converted, 1 some file failed (each gets one line on stderr,
the others are still written), 2 usage error.
"""


# ---------------------------------------------------------------------------- arguments


def _version() -> str:
    """``dan X.Y.Z (compiled: N modules)`` or ``(compiled: no)`` (``scripts/compile.py``),
    and how many compiled modules are older than their changed sources, if any."""
    count = len(compiled_modules())
    stale = len(stale_modules()) if count else 0
    older = f"; {stale} older than their sources: make compiled" if stale else ""
    return f"dan {dan.__version__} (compiled: {f'{count} modules' if count else 'no'}{older})"


class _VersionAction(argparse.Action):
    """``--version``: like argparse's own, but the text (which looks at the files beside
    dan's sources) is made only when asked for, not on every start."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS) -> None:
        super().__init__(
            option_strings,
            dest,
            nargs=0,
            default=argparse.SUPPRESS,
            help="show program's version number and exit",
        )

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        sys.stdout.write(_version() + "\n")
        parser.exit()


def parse_meta(items: Sequence[str]) -> dict[str, str | int]:
    """Parse ``--meta`` items: ``key=value`` gives a str, ``key:=123`` an int.

    Raises :class:`UsageError` for an item without ``=``, an empty key, a ``:=`` value
    that is not a decimal integer, or a key given twice. Whether a key is allowed at all
    (``ss`` prefix, clash with a label) is dan's rule, checked before any file is read.
    """
    meta: dict[str, str | int] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep:
            raise UsageError(f"--meta {item!r}: expected key=value (a str) or key:=123 (an int)")
        as_int = key.endswith(":")
        if as_int:
            key = key[:-1]
        key = key.strip()
        if not key:
            raise UsageError(f"--meta {item!r}: the key is empty")
        if key in meta:
            raise UsageError(f"--meta {key!r} is given twice")
        if as_int:
            if not _INT.fullmatch(value.strip()):
                raise UsageError(
                    f"--meta {item!r}: {value!r} is not a decimal integer (use key=value for text)"
                )
            meta[key] = int(value)
        else:
            meta[key] = value
    return meta


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be >= 1")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``dan`` command."""
    parser = argparse.ArgumentParser(
        prog="dan",
        description=f"Convert documents ({format_names()}) into token-bounded "
        "Markdown chunks with one flat metadata record per chunk.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action=_VersionAction)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True

    conv = sub.add_parser(
        "convert",
        help="convert files, directories or glob patterns to chunk records",
        description="Convert documents to chunks. JSONL writes one object per chunk: "
        '{"text": <Markdown chunk>, "metadata": <flat record>}. JSON writes one object per '
        'document ({"doc_id", "doc_title", "source", "chunks": [...]}; a list of them on '
        "stdout). md writes the chunk texts, each after an HTML comment naming it.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    conv.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="a file, a directory (every file with a supported extension under it, recursively) "
        "or a glob pattern (** recurses)",
    )
    conv.add_argument(
        "--max-tokens",
        type=int,
        default=1024,
        metavar="N",
        help="token limit per chunk (default 1024)",
    )
    conv.add_argument(
        "--format", choices=FORMATS, default="jsonl", help="output format (default jsonl)"
    )
    conv.add_argument(
        "--out",
        default="-",
        metavar="DIR|-",
        help="'-' (default) writes everything to stdout; a directory gets one file per input "
        "(<name>.jsonl / .json / .md; inputs found under a directory keep their relative path)",
    )
    conv.add_argument(
        "--doc-id",
        metavar="ID",
        help="document id (one input only; default: derived from the content)",
    )
    conv.add_argument(
        "--title",
        metavar="TITLE",
        help="document title (one input only; default: the document's own)",
    )
    conv.add_argument(
        "--meta",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="add a field to every record: key=value (text) or key:=123 (integer); repeatable",
    )
    conv.add_argument(
        "--doc-type",
        metavar="TYPE",
        help=f"force the format: {doc_type_names()}; default: detect",
    )
    conv.add_argument(
        "--first-page", type=_positive_int, metavar="N", help="convert from this 1-based page"
    )
    conv.add_argument(
        "--last-page", type=_positive_int, metavar="N", help="convert up to this page (inclusive)"
    )
    conv.add_argument(
        "--main-content",
        choices=("auto", "on", "off"),
        default="auto",
        help="HTML: keep only a web page's main content (on), the whole page (off), or decide "
        "by whether the page has site chrome (auto, the default)",
    )
    conv.add_argument(
        "--no-link-targets",
        action="store_true",
        help="write hyperlinks as their text only, without [text](url) targets",
    )
    conv.add_argument(
        "--ocr",
        choices=("auto", "off"),
        default="auto",
        help="read PDF pages without a text layer, and images, by OCR when the ocr extra is "
        "installed (auto, the default), or never (off)",
    )
    conv.add_argument(
        "--keep-hidden",
        action="store_true",
        help="keep a workbook's hidden sheets, rows and columns (marked '(hidden ...)')",
    )
    conv.add_argument(
        "--list-fields",
        action="store_true",
        help="write list-valued record fields (ssComAuthors, ssTables...) as JSON arrays",
    )
    conv.add_argument(
        "--join-sections",
        action="store_true",
        help="let short top-level sections share a chunk (ssSect..ssSectLast in the record)",
    )
    conv.add_argument(
        "--workers",
        type=_positive_int,
        default=1,
        metavar="N",
        help="convert in N worker processes (default 1: in this process)",
    )
    bar = conv.add_mutually_exclusive_group()
    bar.add_argument(
        "--progress",
        dest="progress",
        action="store_true",
        default=None,
        help="always show progress",
    )
    bar.add_argument(
        "--no-progress", dest="progress", action="store_false", help="never show progress"
    )
    conv.add_argument(
        "-q", "--quiet", action="store_true", help="no summary line (errors are still printed)"
    )
    conv.set_defaults(handler=_cmd_convert)

    msg = sub.add_parser(
        "system-message",
        help="print the system message that explains dan's Markdown to a model",
        description="Print dan.system_message(): send it to the model ahead of the chunks.",
    )
    msg.set_defaults(handler=_cmd_system_message)
    return parser


# ---------------------------------------------------------------------------- inputs


def _output_names(pairs: Sequence[tuple[Path, Path | None]], ext: str) -> list[Path]:
    """Relative output paths, one per input, unique (``stem.ext``, else ``name.ext``, else
    numbered)."""
    used: set[str] = set()
    names: list[Path] = []
    for path, base in pairs:
        rel_dir = path.parent.relative_to(base) if base is not None else Path()
        candidates = [rel_dir / f"{path.stem}.{ext}", rel_dir / f"{path.name}.{ext}"]
        n = 2
        while True:
            for c in candidates:
                if os.path.normcase(str(c)) not in used:
                    break
            else:
                candidates = [rel_dir / f"{path.name}-{n}.{ext}"]
                n += 1
                continue
            break
        used.add(os.path.normcase(str(c)))
        names.append(c)
    return names


# ---------------------------------------------------------------------------- outputs


def _chunk_objects(res: DanResult, lists: bool = False) -> list[dict[str, Any]]:
    return [
        {"text": text, "metadata": as_lists(record) if lists else record} for text, record in res
    ]


def _write_jsonl(out: TextIO, res: DanResult, lists: bool = False) -> None:
    for obj in _chunk_objects(res, lists):
        out.write(json.dumps(obj, ensure_ascii=False) + "\n")


def _doc_object(res: DanResult, source: str, lists: bool = False) -> dict[str, Any]:
    return {
        "doc_id": res.doc_id,
        "doc_title": res.doc_title,
        "source": source,
        "chunks": _chunk_objects(res, lists),
    }


def _write_md(out: TextIO, res: DanResult) -> None:
    for text, record in res:
        out.write(
            f"<!-- dan chunk ssDocId={res.doc_id} ssSeq={record['ssSeq']} "
            f"ssCount={record['ssCount']} -->\n"
        )
        out.write(text.rstrip("\n") + "\n\n")


def _atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


class _Sink:
    """Where converted documents go: stdout (streamed) or one file per input."""

    def __init__(
        self, fmt: str, out_dir: Path | None, names: list[Path], stdout: TextIO, lists: bool = False
    ) -> None:
        self.fmt = fmt
        self.lists = lists
        self.out_dir = out_dir
        self.names = names
        self.stdout = stdout
        self._json_docs = 0

    def begin(self) -> None:
        if self.out_dir is None and self.fmt == "json":
            self.stdout.write("[")

    def write(self, index: int, source: str, res: DanResult) -> None:
        if self.out_dir is None:
            if self.fmt == "jsonl":
                _write_jsonl(self.stdout, res, self.lists)
            elif self.fmt == "md":
                _write_md(self.stdout, res)
            else:
                sep = ",\n" if self._json_docs else "\n"
                self.stdout.write(
                    sep
                    + json.dumps(_doc_object(res, source, self.lists), ensure_ascii=False, indent=2)
                )
                self._json_docs += 1
            self.stdout.flush()
            return
        buf = io.StringIO()
        if self.fmt == "jsonl":
            _write_jsonl(buf, res, self.lists)
        elif self.fmt == "md":
            _write_md(buf, res)
        else:
            buf.write(
                json.dumps(_doc_object(res, source, self.lists), ensure_ascii=False, indent=2)
                + "\n"
            )
        _atomic_write(self.out_dir / self.names[index], buf.getvalue())

    def end(self) -> None:
        if self.out_dir is None and self.fmt == "json":
            self.stdout.write("\n]\n" if self._json_docs else "]\n")
            self.stdout.flush()


# ---------------------------------------------------------------------------- commands


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _error(stderr: TextIO, source: str, message: str, bar: ProgressDisplay | None = None) -> None:
    line = f"dan: error: {_one_line(source)}: {_one_line(message)}"
    if bar is not None:
        bar.write(line)  # above the progress bar, not through it
    else:
        stderr.write(line + "\n")
        stderr.flush()


def _warn(
    stderr: TextIO, source: str, warning: Message, bar: ProgressDisplay | None = None
) -> None:
    line = f"dan: warning: {_one_line(source)}: {_one_line(warning.message)} [{warning.code}]"
    if bar is not None:
        bar.write(line)
    else:
        stderr.write(line + "\n")
        stderr.flush()


def _cmd_system_message(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    stdout.write(dan.system_message().rstrip("\n") + "\n")
    return 0


def _cmd_convert(args: argparse.Namespace, stdout: TextIO, stderr: TextIO) -> int:
    meta = parse_meta(args.meta)
    pairs, input_errors = expand_inputs(args.files)
    if (args.doc_id is not None or args.title is not None) and len(pairs) > 1:
        raise UsageError(
            f"--doc-id and --title name one document, but {len(pairs)} files were given"
        )
    first, last = args.first_page, args.last_page
    if first is not None and last is not None and first > last:
        raise UsageError(
            f"--first-page {first} comes after --last-page {last}: "
            "give the range's first page first"
        )
    if args.doc_type is not None:
        normalize_doc_type(args.doc_type)  # UnsupportedFormatError: exit 2
    # (a DanError from a wrong option: exit 2, before any file is read)
    options = ConvertOptions(
        max_tokens=args.max_tokens,
        doc_type=args.doc_type,
        user_meta=meta or None,
        first_page=args.first_page,
        last_page=args.last_page,
        main_content=None if args.main_content == "auto" else args.main_content == "on",
        link_targets=not args.no_link_targets,
        join_sections=args.join_sections,
        keep_hidden=args.keep_hidden,
        ocr=args.ocr,
    )
    if args.doc_id is not None:
        check_doc_id(args.doc_id)
    out_dir = None if args.out == "-" else Path(args.out)
    if out_dir is not None and out_dir.exists() and not out_dir.is_dir():
        raise UsageError(
            f"--out {args.out!r} is a file: give a directory (it is created if missing) or '-'"
        )
    for arg, problem in input_errors:
        _error(stderr, arg, problem)
    sink = _Sink(args.format, out_dir, _output_names(pairs, args.format), stdout, args.list_fields)
    show = args.progress if args.progress is not None else (len(pairs) > 1 and stderr.isatty())
    bar = progress_bar(len(pairs), stderr) if show and pairs else None
    converted = failed = chunks = warned = 0
    try:
        outcomes = _outcomes(pairs, args, options, bar)
        sink.begin()
        for index, outcome in enumerate(outcomes):
            source = str(pairs[index][0])
            if isinstance(outcome, ConversionFailure):
                failed += 1
                # (the library's hint about dan.convert_string means nothing on a command line)
                message = (
                    "no such file"
                    if outcome.error_type == "DocumentNotFoundError"
                    else outcome.message
                )
                _error(stderr, source, message, bar)
                continue
            sink.write(index, source, outcome)
            converted += 1
            chunks += len(outcome)
            for warning in outcome.warnings:
                warned += 1
                if not args.quiet:
                    _warn(stderr, source, warning, bar)
        sink.end()
    finally:
        if bar is not None:
            bar.close()
    failed += len(input_errors)
    if not args.quiet and (failed or warned or len(pairs) > 1):
        where = "" if out_dir is None else f" into {out_dir}"
        stderr.write(
            f"dan: converted {converted} of {converted + failed} inputs ({chunks} chunks){where}"
            + (f"; {warned} warning{'s' if warned != 1 else ''}" if warned else "")
            + (f"; {failed} failed\n" if failed else "\n")
        )
    return 1 if failed else 0


def _outcomes(
    pairs: Sequence[tuple[Path, Path | None]],
    args: argparse.Namespace,
    options: ConvertOptions,
    bar: ProgressDisplay | None,
) -> Iterator[DanResult | ConversionFailure]:
    """Per-input outcomes in order (the options were checked when they were built)."""
    if args.doc_id is not None or args.title is not None:
        return _single(pairs, args, options, bar)
    return iter_convert(
        [p for p, _ in pairs],
        workers=args.workers,
        progress=bar if bar is not None else False,
        options=options,
    )


def _single(
    pairs: Sequence[tuple[Path, Path | None]],
    args: argparse.Namespace,
    options: ConvertOptions,
    bar: ProgressDisplay | None,
) -> Iterator[DanResult | ConversionFailure]:
    for i, (path, _) in enumerate(pairs):
        out = convert_one(
            i, path, {"options": options, "doc_id": args.doc_id, "doc_title": args.title}
        )
        if bar is not None:
            bar(i + 1, len(pairs), str(path))
        yield out


def _utf8(stream: TextIO) -> TextIO:
    """Records are written as UTF-8 whatever the console's code page (JSON with real characters)."""
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
    argv: Sequence[str] | None = None, *, stdout: TextIO | None = None, stderr: TextIO | None = None
) -> int:
    """Run the ``dan`` command with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    out = stdout if stdout is not None else _utf8(sys.stdout)
    err = stderr if stderr is not None else sys.stderr
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse: --help, --version (0) and usage errors (2)
        return int(exc.code or 0)
    try:
        return int(args.handler(args, out, err))
    except UsageError as exc:
        err.write(f"dan: error: {_one_line(str(exc))}\n")
        return 2
    except DanError as exc:  # an option dan rejected before any file was read
        err.write(f"dan: error: {_one_line(str(exc))}\n")
        return 2
    except BrokenPipeError:  # e.g. `dan convert ... | head`
        try:
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - silence the interpreter's flush at exit
        except OSError:
            pass
        return 1
    except KeyboardInterrupt:
        err.write("dan: interrupted\n")
        return 130
