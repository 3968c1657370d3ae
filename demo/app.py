"""``python -m demo``: the dan + ven RAG application on the command line, on the knowledge store.

* ``python -m demo`` — ingest the bundled samples and ask the bundled questions;
* ``python -m demo chat [FILES...]`` — interactive questions (samples by default);
* ``python -m demo ask [FILES...] -q QUESTION`` — one question (about files, or a ``--db``);
* ``python -m demo ingest FILES... --db PATH`` — add files to a persistent store;
* ``python -m demo search -q QUERY --db PATH`` — keyword / semantic / hybrid search;
* ``python -m demo reindex --db PATH`` — process stored sources again after the embedding
  model or ``--index-context`` changed;
* ``python -m demo serve --db PATH`` — the HTTP API and the web page (and MCP at ``/mcp``);
* ``python -m demo mcp --db PATH`` — the store for an agent over MCP (stdio);
* ``python -m demo worker --db URL`` — process ingestion jobs without a server (``demo/worker.py``).

Every command runs on a knowledge store (``demo.store``): a temporary SQLite file unless
``--db`` names one (a path, ``sqlite:///path`` or ``postgresql://...``). Offline by default:
the neural MiniLM embedding (the ``embeddings`` extra; without it the hashing embedding, which
matches words, not meaning), the lexical router, the context builder capped at
``--context-tokens`` document tokens, and instead of a generated answer the extracted answer:
the context's sentences and table rows that answer the question, each with its citation
(clearly labelled). With ``OPENAI_API_KEY`` set (and without ``--offline``): OpenAI
embeddings (``text-embedding-3-small``), routing on the mini model, answers from the main
model. With ``--base-url URL`` (or ``OPENAI_BASE_URL``) and ``--model NAME`` (or
``OPENAI_MODEL``): answers from that OpenAI-compatible server (Ollama, vLLM, llama.cpp's
server), no key needed; embeddings and routing stay local. A generated answer cites the
context's passages as [n].

``ingest`` exits 0 when every file is ready, 1 when any file failed or was skipped, 3 when
none failed but a replacement is held for confirmation (see docs/cli.md); 2 is a usage error.
"""

from __future__ import annotations

import argparse
import getpass
import re
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from attrs import frozen

from demo import samples
from demo.local_llm import LocalModelError
from demo.models import ModelSetupError
from demo.cli_options import (
    add_chat_arguments, add_embedding_arguments, command_embeddings, missing_store, model_names, nonblank, online, whole_number,
)
from demo.cli_parser import CommandParser
from demo.questions import QUESTIONS
from demo.store import (
    AccessContext,
    AskOptions,
    AskResult,
    JobState,
    KnowledgeStore,
    SearchMode,
    InvalidRequestError,
    StoreError,
    StoreOptions,
)
from demo.store.options import CONTEXT_MODES
from demo.store.text import clean_query
from demo.store.url import redact

SAMPLES = samples.DIR
OFFLINE_LABEL = "(offline: no chat model configured — the assembled context and its citations are shown instead of a generated answer)"


@frozen(slots=True)
class DemoConfig:
    """The command line's tuning defaults: dan's chunk limit — the store's, as ``serve``,
    ``worker`` and ``reindex`` use it, so a store the command line fills is chunked as the
    server would chunk it — and ven's collection settings (the reference demo's; passed to
    the store as :class:`~demo.store.StoreOptions` and :class:`~demo.store.AskOptions`)."""

    max_tokens: int = StoreOptions().max_tokens
    threshold: int = 20_000
    retrieval_pct: float = 15
    enrichment_pct: float = 10
    global_spread_pct: float = 25
    index_pct: float = 10
    confidence: int = 70


def progress_bar(stream: Any = None) -> Callable[[int, int, str], None]:
    """A dependency-free text progress bar on stderr: redrawn in place on a terminal; on a
    file or pipe (a log), no carriage returns, one line when everything is done."""
    out = stream or sys.stderr
    isatty = getattr(out, "isatty", None)
    terminal = bool(isatty()) if callable(isatty) else False
    finished: set[int] = set()  # the totals whose last line is written (it is written once)

    def show(done: int, total: int, label: str) -> None:
        if total < 1 or total in finished:
            return  # nothing to convert, or the bar is already complete
        if done >= total:
            finished.add(total)
        width = 24
        filled = width * done // total
        bar = f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total}"
        if terminal:
            out.write(f"\r{bar} {label[:40]:40}")
            if done >= total:
                out.write("\n")
        elif done >= total:
            out.write(bar + "\n")
        out.flush()

    return show


def sample_files() -> list[Path]:
    """The bundled sample documents."""
    return samples.paths()


def _store_arguments(p: argparse.ArgumentParser, needs_db: bool = False) -> None:
    """The store a command works on: ``--db``, ``--collection``, ``--subject``."""
    where = "(needed)" if needs_db else "(default: a temporary file)"
    p.add_argument("--db", help=f"knowledge store: a file path, sqlite:///path or postgresql://... {where}")
    p.add_argument("--collection", default="demo", help="collection name in the store (default %(default)s)")
    p.add_argument("--subject", default=None, type=nonblank("a subject"), help="the store's access subject for this local user (default: your login name)")


def _chunking_arguments(p: argparse.ArgumentParser) -> None:
    """How a command that converts files chunks and indexes them."""
    d = DemoConfig()
    p.add_argument("--max-tokens", type=int, default=d.max_tokens, help="dan chunk limit (default %(default)s)")
    p.add_argument("--index-pct", type=float, default=d.index_pct, help="index entry size, %% of each file's tokens (default %(default)s)")
    _embedding_arguments(p)


def _embedding_arguments(p: argparse.ArgumentParser) -> None:
    """How passages are embedded: a command that embeds a query must match how the store's
    passages were embedded (the store refuses a mismatch)."""
    add_embedding_arguments(p)
    p.add_argument(
        "--index-context", choices=CONTEXT_MODES, default=StoreOptions().index_context,
        help="index each passage with its context line: off, embedding or both (default %(default)s; docs/store.md)",
    )


def _context_arguments(p: argparse.ArgumentParser) -> None:
    """How a question's context is built (ven's settings) and how much of it is printed."""
    d = DemoConfig()
    p.add_argument("--threshold", type=int, default=d.threshold, help="below this many collection tokens, send everything (default %(default)s)")
    p.add_argument("--retrieval-pct", type=float, default=d.retrieval_pct, help="chunks retrieved, %% of the collection (default %(default)s)")
    p.add_argument("--enrichment-pct", type=float, default=d.enrichment_pct, help="enrichment budget, %% of the collection's tokens (default %(default)s)")
    p.add_argument("--global-spread-pct", type=float, default=d.global_spread_pct, help="broad questions: share of retrieval spread over every file (default %(default)s)")
    p.add_argument("--confidence", type=int, default=d.confidence, help="routing confidence needed to restrict to files (default %(default)s)")
    p.add_argument(
        "--context-tokens", type=whole_number("a number of tokens", 0), default=AskOptions().max_tokens,
        help="hard cap on the context's document tokens (default %(default)s, the store's; 0: no cap, the reference's percentages)",
    )
    p.add_argument("--routing", choices=("auto", "model", "lexical", "off"), default="auto", help="auto: the mini model when a key is set, else lexical")
    p.add_argument("--reference-order", action="store_true", help="spend enrichment like the reference demo instead of in hit-rank order")
    p.add_argument(
        "--no-routed-fill", action="store_true",
        help="send a route's files alone, without spending the rest of --context-tokens on the other files' best passages",
    )
    p.add_argument("--show-context", choices=("short", "full", "none"), default="short", help="how much of the context to print")


def _mode_argument(p: argparse.ArgumentParser) -> None:
    p.add_argument("--mode", choices=[m.value for m in SearchMode], default="auto", help="search mode (default %(default)s: hybrid when embeddings exist)")


def _answering_arguments(p: argparse.ArgumentParser) -> None:
    """Everything a command that answers questions takes."""
    _store_arguments(p)
    _chunking_arguments(p)
    _context_arguments(p)
    _mode_argument(p)
    main, mini = model_names()
    p.add_argument("--main-model", default=main, type=nonblank("a model name"), help="answering model (default: $DEMO_MAIN_MODEL, else %(default)s)")
    p.add_argument("--mini-model", default=mini, type=nonblank("a model name"), help="routing/classification model (default: $DEMO_MINI_MODEL, else %(default)s)")
    add_chat_arguments(p)


def _parser() -> argparse.ArgumentParser:
    """The parser of ``python -m demo``: each command takes (and lists in ``--help``) only its
    own options, after its name; a bare ``python -m demo [OPTIONS]`` is ``run``
    (:class:`demo.cli_parser.CommandParser`)."""
    parser = CommandParser(prog="python -m demo", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)

    def command(name: str, add: Callable[[argparse.ArgumentParser], None], help: str) -> argparse.ArgumentParser:
        p = parser.add_command(name, help=help)
        add(p)
        return p

    def store_only(p: argparse.ArgumentParser) -> None:
        _store_arguments(p, needs_db=True)
        _embedding_arguments(p)  # the store is opened with the embedding it was filled with

    def converting(p: argparse.ArgumentParser) -> None:
        _store_arguments(p, needs_db=True)
        _chunking_arguments(p)

    def searching(p: argparse.ArgumentParser) -> None:
        _store_arguments(p, needs_db=True)
        _mode_argument(p)
        _embedding_arguments(p)

    command("run", _answering_arguments, "ask the bundled questions of the bundled samples (the default)")
    chat = command("chat", _answering_arguments, "ask your own questions interactively")
    chat.add_argument("files", nargs="*", help="documents (default: the bundled samples, unless --db holds some)")
    ask = command("ask", _answering_arguments, "ask one question about some files (or a --db store)")
    ask.add_argument("files", nargs="*", help="documents to add first")
    ask.add_argument("-q", "--question", required=True)
    ingest = command("ingest", converting, "add files to a store (--db)")
    ingest.add_argument("files", nargs="+", help="documents")
    for action, what, add in (
        ("confirm", "replace the active version with a held one, converting it here (--db)", converting),
        ("cancel", "cancel a held, queued or failed job (--db)", store_only),
    ):
        held = command(action, add, what)
        held.add_argument("job", help="the job's id, as 'demo ingest' printed it (held NAME (job J…))")
    search = command("search", searching, "search a store (--db)")
    search.add_argument("-q", "--query", required=True)
    search.add_argument("--limit", type=int, default=6, help="passages (1-50, default %(default)s)")
    search.add_argument("--budget", type=int, default=2400, help="evidence tokens (128-16000, default %(default)s)")
    from demo.mcp.stdio import add_arguments as add_mcp_arguments
    from demo.reindex import add_arguments as add_reindex_arguments
    from demo.server.serve import add_arguments as add_serve_arguments
    from demo.worker import add_arguments as add_worker_arguments

    for name, add_own, what in (
        ("serve", add_serve_arguments, "serve the store over HTTP with the web page (--db, --host, --port, --tokens)"),
        ("reindex", add_reindex_arguments, "process a store's sources again after the embedding or --index-context changed (--db)"),
        ("worker", add_worker_arguments, "process a store's ingestion jobs without a server (--db; several may share one database)"),
        ("mcp", add_mcp_arguments, "serve the store to an agent over MCP on stdin/stdout (--db, --role or --tokens)"),
    ):
        command(name, add_own, what)
    return parser


def _models(args: argparse.Namespace) -> tuple[Any, Any]:
    """(chat, mini) models for ``--chat``; (None, None) offline: answers are extracted."""
    from demo.models import chat_models

    return chat_models(
        args.chat, online=online(args), main=args.main_model, mini=args.mini_model, base_url=args.base_url, model=args.model
    )


def _model_routing(args: argparse.Namespace) -> bool:
    return online(args) and args.chat in ("auto", "openai")


def ask_options(args: argparse.Namespace) -> AskOptions:
    """ven's collection settings from the command line."""
    routing = args.routing if args.routing != "auto" else ("model" if _model_routing(args) else "lexical")
    return AskOptions(
        max_tokens=args.context_tokens or None,
        routing=routing,
        threshold=args.threshold,
        retrieval_pct=args.retrieval_pct,
        enrichment_pct=args.enrichment_pct,
        global_spread_pct=args.global_spread_pct,
        confidence=args.confidence,
        rank_order=not args.reference_order,
        routed_fill=not args.no_routed_fill,
    )


@contextmanager
def open_store(args: argparse.Namespace) -> Iterator[KnowledgeStore]:
    """The store named by ``--db``, or a temporary one removed afterwards."""
    options = StoreOptions(max_tokens=args.max_tokens, index_pct=args.index_pct, index_context=args.index_context)
    embeddings = command_embeddings(args, notify=lambda msg: sys.stderr.write(f"note: {msg}\n"))
    if args.db:
        with KnowledgeStore(args.db, options=options, embeddings=embeddings) as store:
            yield store
        return
    with tempfile.TemporaryDirectory(prefix="danven-demo-") as tmp:
        with KnowledgeStore(Path(tmp) / "knowledge.db", options=options, embeddings=embeddings) as store:
            yield store


def _access(args: argparse.Namespace) -> AccessContext:
    subject = args.subject
    if subject is None:
        try:
            subject = getpass.getuser()
        except (KeyError, OSError):
            subject = "local"
    return AccessContext(subject or "local")


def _collection(store: KnowledgeStore, name: str, access: AccessContext, create: bool = True) -> str:
    """The id of the subject's collection ``name``, created unless ``create`` is false (a
    command that only reads: a mistyped name is an error, not a new, empty collection)."""
    names = []
    for col in store.list_collections(access):
        if col.name.casefold() == name.strip().casefold():
            return col.id
        names.append(col.name)
    if not create:
        raise UnknownCollection(
            f"no collection named {name!r} for subject {access.subject!r}"
            + (f"; its collections: {', '.join(sorted(names))}" if names else "; it has none yet")
            + " (give --collection NAME, or --subject)"
        )
    return store.create_collection(name, access).id


class UnknownCollection(Exception):
    """A reading command named a collection the subject does not have."""


def _reads_only(args: argparse.Namespace, command: str) -> bool:
    """Whether ``command`` works on a store given by ``--db`` that must exist, in a collection
    it must not create (search, ask without files, confirm and cancel)."""
    return bool(args.db) and (command in ("search", "confirm", "cancel") or (command == "ask" and not args.files))


def _settle(store: KnowledgeStore, cid: str, args: argparse.Namespace, command: str, access: AccessContext) -> int:
    """``confirm`` (then process the job here) or ``cancel`` the job ``args.job``."""
    if command == "cancel":
        job = store.cancel_job(cid, args.job, access)
        print(f"cancelled {job.file_name} (job {job.id})")
        return EXIT_OK
    job = store.confirm_job(cid, args.job, access)
    while store.process_next():
        pass
    job = store.get_job(cid, job.id, access)
    if job.state != JobState.READY:
        sys.stderr.write(f"skipped {job.file_name}: {job.error or job.state.value}\n")
        return EXIT_FILES_FAILED
    print(f"replaced {job.file_name} (job {job.id}): it is the active version now")
    return EXIT_OK


#: ``python -m demo ingest`` exit codes (docs/cli.md): every file ready; a file skipped or
#: failed; a usage error; a replacement held for confirmation (and none failed).
EXIT_OK, EXIT_FILES_FAILED, EXIT_USAGE, EXIT_HELD = 0, 1, 2, 3


@frozen(slots=True)
class LoadReport:
    """What :func:`load_files` did: files made ready, files skipped or failed, replacements held."""

    ready: tuple[str, ...] = ()
    failed: tuple[str, ...] = ()
    held: tuple[str, ...] = ()

    @property
    def exit_code(self) -> int:
        """:data:`EXIT_FILES_FAILED` when any file failed, else :data:`EXIT_HELD` when any is held, else 0."""
        if self.failed:
            return EXIT_FILES_FAILED
        return EXIT_HELD if self.held else EXIT_OK


def load_files(
    store: KnowledgeStore, cid: str, files: Sequence[str | Path], access: AccessContext, err: TextIO | None = None
) -> LoadReport:
    """Queue files, process them with a progress bar, report each one that failed, was held or
    has warnings (on ``err``); what happened to each file."""
    err = err if err is not None else sys.stderr
    queued: list[tuple[str, str]] = []
    failed: list[str] = []
    named: dict[str, Path] = {}  # the store keeps one document per file name
    for f in files:
        path = Path(f)
        first = named.setdefault(path.name, path)
        if first is not path and first.resolve() == path.resolve():
            continue  # the same file given twice
        if first is not path:
            err.write(f"skipped {path}: {first} has the same name, and a store keeps one document per name (rename one)\n")
            failed.append(str(path))
            continue
        try:
            queued.append((path.name, store.enqueue(cid, path.name, path.read_bytes(), access)))
        except OSError as exc:
            err.write(f"skipped {path}: {exc.strerror or exc}\n")
            failed.append(str(path))
        except StoreError as exc:
            err.write(f"skipped {path}: {exc}\n")
            failed.append(str(path))
    show = progress_bar(err)
    done = 0
    show(0, len(queued), "converting")
    while store.process_next():
        done += 1
        show(min(done, len(queued)), len(queued), "")
    show(len(queued), len(queued), "done")
    ready: list[str] = []
    held: list[str] = []
    for name, job_id in queued:
        job = store.get_job(cid, job_id, access)
        for warning in job.warnings:
            err.write(f"warning: {name}: {warning.message} [{warning.code}]\n")
        if job.state == JobState.READY:
            ready.append(name)
        elif job.state == JobState.HELD:
            err.write(f"held {name} (job {job_id}): {job.note} (python -m demo confirm {job_id} or cancel {job_id}, with the same --db)\n")
            held.append(name)
        else:
            err.write(f"skipped {name}: {job.error or job.state.value}\n")
            failed.append(name)
    return LoadReport(tuple(ready), tuple(failed), tuple(held))


def _summary_line(store: KnowledgeStore, cid: str, access: AccessContext, threshold: int, routing: str) -> str:
    sources = store.list_sources(cid, access)
    return (
        f"loaded {len(sources)} documents, {sum(s.chunk_count for s in sources)} chunks, {sum(s.tokens for s in sources)} "
        f"tokens (small-collection threshold {threshold}); routing: {routing}; store: {store.backend.dialect}, "
        f"embeddings: {store.embedding_identity or 'none'}"
    )


def token_summary(result: AskResult) -> str:
    """One line of token accounting, like the reference demo's status line."""
    t = result.tokens
    parts = [f"path: {result.path}", f"document tokens sent: {t.context}"]
    if t.index:
        parts.append(f"filter tokens: {t.index}")
    if result.path == "retrieval":
        parts += [f"retrieval tokens: {t.retrieval}", f"enrichment tokens: {t.enrichment}", "broad query" if result.broad else "pointed query"]
    if result.route is not None:
        parts.append(f"route: {result.route.kind}")
    if t.max_tokens is not None:
        parts.append(f"cap: {t.max_tokens}")
    parts.append(f"files: {len({c.document_id for c in result.citations})}")
    return ", ".join(parts)


def _context_lines(text: str, show: str) -> str:
    if not text.strip():
        return "   context: (none)\n"
    shown = text if show == "full" or len(text) <= 1200 else text[:1200] + f"\n… ({len(text) - 1200} more characters)"
    return "   context:\n" + "\n".join("     | " + line for line in shown.split("\n")) + "\n"


def print_result(result: AskResult, show: str = "short", out: TextIO | None = None) -> None:
    """Print a store answer: route, files, token accounting, citations, context, answer."""
    w = (out if out is not None else sys.stdout).write
    w(f"\nQ: {result.question}\n")
    route = f"{result.route.kind} ({result.route.reply.strip()[:80]})" if result.route is not None else "not used"
    w(f"   path: {result.path}; route: {route}; search: {result.mode.value}\n")
    w(f"   files: {', '.join(dict.fromkeys(c.file_name for c in result.citations)) or '-'}\n")
    w(f"   tokens: {token_summary(result)}\n")
    for note in result.notes:
        w(f"   note: {note}\n")
    cited = list(dict.fromkeys(c.locator for c in result.citations))
    if cited:
        w("   cited:\n")
        for c in cited[:12]:
            w(f"     - {c}\n")
        if len(cited) > 12:
            w(f"     … and {len(cited) - 12} more\n")
    if show != "none":
        w(_context_lines(result.context, show))
    if result.answer is None:
        w(f"   answer: {OFFLINE_LABEL}\n")
    elif result.answer_kind == "not-found":
        w(f"   answer: {result.answer}\n")
    else:
        w("   answer:\n" + "\n".join("     " + line for line in result.answer.split("\n")) + "\n")
        if result.answer_kind == "generated":
            for n in cited_numbers(result.answer, len(result.citations)):
                cite = result.citations[n - 1]
                w(f"     [{n}] {cite.file_name}: {cite.locator}\n")


def cited_numbers(answer: str, count: int) -> list[int]:
    """The passage numbers a generated answer cites as [n] (1 to ``count``), in first-cited order."""
    found = (int(m) for m in re.findall(r"\[(\d{1,6})\]", answer))
    return list(dict.fromkeys(n for n in found if 1 <= n <= count))


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m demo``."""
    args = _parser().parse_args(argv)
    command = args.command or "run"
    if command == "serve":
        from demo.server.serve import run

        return run(args)
    if command == "reindex":
        from demo.reindex import run as run_reindex

        return run_reindex(args)
    if command == "worker":
        from demo.worker import run as run_worker

        return run_worker(args)
    if command == "mcp":
        from demo.mcp.stdio import run as run_mcp

        return run_mcp(args)
    if command in ("ingest", "search", "confirm", "cancel") and not args.db:
        sys.stderr.write(f"python -m demo {command} needs --db PATH (a store that outlives the command)\n")
        return EXIT_USAGE
    if command == "ask" and not args.files and not args.db:
        sys.stderr.write("python -m demo ask needs files to ask about, or --db PATH (a store that holds some)\n")
        return EXIT_USAGE
    if command == "ask":  # (the store's own check, before any file is converted)
        try:
            clean_query(args.question, "question")
        except InvalidRequestError as exc:
            sys.stderr.write(f"error: {exc}\n")
            return EXIT_USAGE
    if command in ("ask", "chat") and args.files and not any(Path(f).is_file() for f in args.files):
        # (before a store is opened: a --db that does not exist yet is not created empty)
        names = ", ".join(str(f) for f in args.files[:5]) + (" …" if len(args.files) > 5 else "")
        sys.stderr.write(f"error: nothing to answer from: no such file ({names})\n")
        return EXIT_FILES_FAILED
    if args.db is not None and not args.db.strip():
        sys.stderr.write(f"python -m demo {command}: --db is empty: give a path or a database URL\n")
        return EXIT_USAGE
    if _reads_only(args, command):
        try:
            missing = missing_store(args.db)
        except InvalidRequestError as exc:
            sys.stderr.write(f"error: {exc}\n")
            return EXIT_USAGE
        if missing:
            sys.stderr.write(f"error: {missing}: add files to one first (python -m demo ingest --db {redact(args.db)} FILE...)\n")
            return 1
    try:
        return _run(args, command)
    except InvalidRequestError as exc:  # a value the store refuses (--limit 0, an empty question)
        sys.stderr.write(f"error: {exc}\n")
        return EXIT_USAGE
    except (StoreError, UnknownCollection) as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 1
    except LocalModelError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2
    except ModelSetupError as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2


def _run(args: argparse.Namespace, command: str) -> int:
    access = _access(args)
    with open_store(args) as store:
        cid = _collection(store, args.collection, access, create=not _reads_only(args, command))
        if command in ("confirm", "cancel"):
            return _settle(store, cid, args, command, access)
        if command == "search":
            res = store.search(cid, args.query, access, mode=args.mode, limit=args.limit, budget=args.budget)
            n = len(res.passages)
            print(f"{res.mode.value} search: {n} passage{'' if n == 1 else 's'}, {res.estimated_tokens} tokens")
            if res.notice:
                print(f"note: {res.notice}")
            for p in res.passages:
                print(f"\n[{p.score:.4f}] {p.locator}  ({p.file_name}, passage {p.id})")
                print("\n".join("  | " + line for line in p.text.split("\n")[:12]))
            return 0
        options = ask_options(args)
        if command == "ingest":  # (no answering model: ingest never asks)
            report = load_files(store, cid, args.files, access)
            print(_summary_line(store, cid, access, args.threshold, options.routing))
            return report.exit_code
        chat, mini = _models(args)
        if options.routing == "model" and mini is None:
            sys.stderr.write(
                "error: --routing model needs the mini model, which is OpenAI's (OPENAI_API_KEY, without --offline "
                "or --base-url): use --routing lexical\n"
            )
            return EXIT_USAGE
        files: Sequence[str | Path] = getattr(args, "files", None) or []
        if command == "run" or (not files and not (args.db and store.list_sources(cid, access))):
            files = sample_files() if command in ("run", "chat") else files
        report = load_files(store, cid, files, access) if files else LoadReport()
        print(_summary_line(store, cid, access, args.threshold, options.routing))
        if not store.list_sources(cid, access):
            # (an answer from nothing would read "not found in the documents")
            n = len(report.failed)
            which = (
                "the file was skipped (see above)" if n == 1
                else f"all {n} files were skipped (see above)" if n
                else f"the collection {args.collection!r} holds no documents yet"
            )
            sys.stderr.write(f"error: nothing to answer from: {which}\n")
            return EXIT_FILES_FAILED
        ask = lambda q, history=(): store.ask(cid, q, access, options=options, mode=args.mode, chat=chat, mini=mini, history=history)
        if command == "run":
            for q in QUESTIONS:
                print_result(ask(q), args.show_context)
            return report.exit_code
        if command == "ask":
            print_result(ask(args.question), args.show_context)
            return report.exit_code
        print("Ask a question (empty line or Ctrl-D to quit).")
        history: list[tuple[str, str]] = []
        while True:
            try:
                q = input("> ").strip()
            except EOFError:
                break
            if not q:
                break
            result = ask(q, tuple(history))
            print_result(result, args.show_context)
            if result.answer is not None:
                history += [("user", q), ("assistant", result.answer)]
        return report.exit_code
