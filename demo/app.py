"""``python -m demo``: the dan + ven RAG demo on the command line.

* ``python -m demo`` — load the bundled samples and ask the bundled questions;
* ``python -m demo chat [FILES...]`` — interactive questions (samples by default);
* ``python -m demo ask FILES... -q QUESTION`` — one question about your files.

Offline by default: a hashed lexical embedding, the lexical router, and instead of a
generated answer the assembled context and its citations (clearly labelled). With
``OPENAI_API_KEY`` set (and without ``--offline``): OpenAI embeddings
(``text-embedding-3-small``), routing on the mini model, answers from the main model.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from demo.questions import QUESTIONS
from demo.session import DemoConfig, RagSession, Turn, progress_bar

SAMPLES = Path(__file__).resolve().parent / "samples"
OFFLINE_LABEL = "(offline: no chat model configured — the assembled context and its citations are shown instead of a generated answer)"


def sample_files() -> list[Path]:
    """The bundled sample documents."""
    return sorted(p for p in SAMPLES.iterdir() if p.is_file() and not p.name.startswith((".", "_")))


def _parser() -> argparse.ArgumentParser:
    common = argparse.ArgumentParser(add_help=False)
    d = DemoConfig()
    common.add_argument("--max-tokens", type=int, default=d.max_tokens, help="dan chunk limit (default %(default)s)")
    common.add_argument("--threshold", type=int, default=d.threshold, help="below this many collection tokens, send everything (default %(default)s)")
    common.add_argument("--retrieval-pct", type=float, default=d.retrieval_pct, help="chunks retrieved, %% of the collection (default %(default)s)")
    common.add_argument("--enrichment-pct", type=float, default=d.enrichment_pct, help="enrichment budget, %% of the collection's tokens (default %(default)s)")
    common.add_argument("--global-spread-pct", type=float, default=d.global_spread_pct, help="broad questions: share of retrieval spread over every file (default %(default)s)")
    common.add_argument("--index-pct", type=float, default=d.index_pct, help="index entry size, %% of each file's tokens (default %(default)s)")
    common.add_argument("--confidence", type=int, default=d.confidence, help="routing confidence needed to restrict to files (default %(default)s)")
    common.add_argument("--routing", choices=("auto", "model", "lexical", "off"), default="auto", help="auto: the mini model when a key is set, else lexical")
    common.add_argument("--reference-order", action="store_true", help="spend enrichment like the reference demo instead of in hit-rank order")
    common.add_argument("--main-model", default=os.environ.get("DEMO_MAIN_MODEL", "gpt-4.1"), help="answering model (default %(default)s)")
    common.add_argument("--mini-model", default=os.environ.get("DEMO_MINI_MODEL", "gpt-4.1-mini"), help="routing/classification model (default %(default)s)")
    common.add_argument("--offline", action="store_true", help="never call OpenAI, even when OPENAI_API_KEY is set")
    common.add_argument("--show-context", choices=("short", "full", "none"), default="short", help="how much of the context to print")
    parser = argparse.ArgumentParser(prog="python -m demo", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter, parents=[common])
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", parents=[common], help="ask the bundled questions of the bundled samples (the default)")
    chat = sub.add_parser("chat", parents=[common], help="ask your own questions interactively")
    chat.add_argument("files", nargs="*", help="documents (default: the bundled samples)")
    ask = sub.add_parser("ask", parents=[common], help="ask one question about some files")
    ask.add_argument("files", nargs="+", help="documents to load")
    ask.add_argument("-q", "--question", required=True)
    return parser


def build_session(args: argparse.Namespace) -> RagSession:
    """A session configured from the command line (OpenAI when a key is set and not --offline)."""
    online = bool(os.environ.get("OPENAI_API_KEY")) and not args.offline
    routing = args.routing if args.routing != "auto" else ("model" if online else "lexical")
    config = DemoConfig(
        max_tokens=args.max_tokens,
        threshold=args.threshold,
        retrieval_pct=args.retrieval_pct,
        enrichment_pct=args.enrichment_pct,
        global_spread_pct=args.global_spread_pct,
        index_pct=args.index_pct,
        confidence=args.confidence,
        routing=routing,
        rank_order=not args.reference_order,
    )
    if online:
        from demo.embeddings import OpenAIEmbeddings
        from demo.models import OpenAIChat

        return RagSession(config, embeddings=OpenAIEmbeddings(), chat=OpenAIChat(args.main_model), mini=OpenAIChat(args.mini_model))
    return RagSession(config)


def print_turn(turn: Turn, show: str = "short", out=None) -> None:
    """Print a turn: route, files, token accounting, cited context, answer."""
    out = out if out is not None else sys.stdout
    ctx = turn.context
    w = out.write
    w(f"\nQ: {turn.question}\n")
    route = f"{ctx.route.kind.value} ({ctx.route_reply.strip()[:80]})" if ctx.route is not None else "not used"
    w(f"   path: {ctx.path}; route: {route}\n")
    w(f"   files: {', '.join(turn.files) or '-'}\n")
    w(f"   tokens: {ctx.summary()}\n")
    for note in ctx.notes:
        w(f"   note: {note}\n")
    if turn.citations:
        w("   cited:\n")
        for c in turn.citations:
            w(f"     - {c}\n")
    if show != "none":
        text = ctx.text if show == "full" or len(ctx.text) <= 1200 else ctx.text[:1200] + f"\n… ({len(ctx.text) - 1200} more characters)"
        w("   context:\n" + "\n".join("     | " + line for line in text.split("\n")) + "\n")
    if turn.answer is None:
        w(f"   answer: {OFFLINE_LABEL}\n")
    else:
        w("   answer:\n" + "\n".join("     " + line for line in turn.answer.split("\n")) + "\n")


def _load(session: RagSession, files: list[str] | list[Path]) -> None:
    loaded = session.add_files(files, progress=progress_bar())
    for item in loaded:
        if item.error:
            sys.stderr.write(f"skipped {item.path}: {item.error}\n")
    coll = session.collection
    print(f"loaded {len(coll)} documents, {coll.total_chunks} chunks, {coll.total_tokens} tokens "
          f"(small-collection threshold {session.config.threshold}); routing: {session.config.routing}")


def main(argv: list[str] | None = None) -> int:
    """Entry point of ``python -m demo``."""
    args = _parser().parse_args(argv)
    session = build_session(args)
    command = args.command or "run"
    if command == "run":
        _load(session, sample_files())
        for q in QUESTIONS:
            session.history.clear()
            print_turn(session.ask(q), args.show_context)
        return 0
    if command == "ask":
        _load(session, args.files)
        print_turn(session.ask(args.question), args.show_context)
        return 0
    _load(session, args.files or sample_files())
    print("Ask a question (empty line or Ctrl-D to quit).")
    while True:
        try:
            q = input("> ").strip()
        except EOFError:
            break
        if not q:
            break
        print_turn(session.ask(q), args.show_context)
    return 0
