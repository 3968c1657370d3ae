"""The demo command line on a persistent store: ingest, search, ask --db, errors."""

from __future__ import annotations

from pathlib import Path

import pytest
from store_helpers import review_bytes, terms_md
from test_store_warnings import damaged_styles, good_docx

from demo.app import EXIT_FILES_FAILED, EXIT_HELD, EXIT_OK, EXIT_USAGE, main


@pytest.fixture(autouse=True)
def offline(monkeypatch):
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)


def test_ingest_then_search_then_ask_on_the_same_store(tmp_path, capsys, db_url):
    a = tmp_path / "terms.md"
    a.write_bytes(terms_md())
    b = tmp_path / "review.docx"
    b.write_bytes(review_bytes())
    bad = tmp_path / "broken.docx"
    bad.write_bytes(b"PK\x03\x04 nope")
    missing = tmp_path / "missing.md"
    common = ["--db", db_url, "--subject", "alice", "--collection", "Legal"]
    assert main(["ingest", str(a), str(b), str(bad), str(missing), *common, "--max-tokens", "96"]) == EXIT_FILES_FAILED == 1
    out, err = capsys.readouterr()
    assert "loaded 2 documents" in out and "skipped broken.docx: The file is damaged" in err and "missing.md" in err
    assert "Error" not in err
    assert main(["search", "-q", "warranty for the cranes", "--mode", "keyword", *common]) == 0
    out, _ = capsys.readouterr()
    assert "keyword search:" in out and "twenty-four months" in out and "Payment terms · Warranty" in out
    assert main(["ask", "-q", "Who edited the fees clause?", "--show-context", "full", "--threshold", "0", *common]) == 0
    out, _ = capsys.readouterr()
    assert "loaded 2 documents" in out and "Ann Editor" in out and "Extracted from the documents" in out
    # another subject does not see alice's collection (and searching does not make one)
    assert main(["search", "-q", "warranty", "--db", db_url, "--subject", "bob", "--collection", "Legal"]) == 1
    assert "no collection named 'Legal' for subject 'bob'; it has none yet" in capsys.readouterr().err


def test_ingest_exit_codes_ok_skipped_and_held(tmp_path, capsys):
    db = ["--db", str(tmp_path / "kb.db"), "--subject", "alice", "--embeddings", "hashing"]
    doc = tmp_path / "terms.md"
    doc.write_bytes(terms_md() * 3)
    assert main(["ingest", str(doc), *db]) == EXIT_OK == 0
    assert main(["ingest", str(tmp_path / "gone.md"), *db]) == EXIT_FILES_FAILED
    assert "skipped" in capsys.readouterr().err
    doc.write_bytes(b"# Payment terms\n\nShort now.\n")
    assert main(["ingest", str(doc), *db]) == EXIT_HELD == 3
    err = capsys.readouterr().err
    assert "held terms.md (job J" in err and "confirm the job" in err
    contract = tmp_path / "contract.docx"
    contract.write_bytes(damaged_styles(good_docx()))
    assert main(["ingest", str(contract), *db]) == EXIT_OK  # a first upload is not held; its warning is printed
    assert "warning: contract.docx: word/styles.xml (styles) is damaged and was skipped" in capsys.readouterr().err


def test_help_says_the_real_defaults(capsys):
    with pytest.raises(SystemExit):
        main(["--help"])
    out = " ".join(capsys.readouterr().out.replace("``", "").split())
    assert "the neural MiniLM embedding" in out and "hashed lexical embedding" not in out
    assert "capped at --context-tokens" in out and "(default 6000, the store's" in out
    assert "the extracted answer" in out and "ingest exits 0 when every file is ready, 1 when" in out


def test_commands_that_need_a_store_say_so(capsys):
    assert main(["search", "-q", "x"]) == 2
    assert "needs --db" in capsys.readouterr().err
    assert main(["ingest", "a.md"]) == EXIT_USAGE == 2


def test_each_command_lists_and_takes_only_its_own_options(capsys):
    """`search --help` shows the options search uses, not the context builder's or the
    answering model's; an option a command does not take is refused in words, exit 2, under
    that command's usage; an abbreviation is matched against the command's own options."""
    help_of = {}
    for command in ("search", "cancel", "ingest", "ask", "serve"):
        with pytest.raises(SystemExit) as stop:
            main([command, "--help"])
        assert stop.value.code == 0
        help_of[command] = " ".join(capsys.readouterr().out.split())
    assert "--mode" in help_of["search"] and "--embeddings" in help_of["search"] and "--db" in help_of["search"]
    for foreign in ("--threshold", "--context-tokens", "--chat", "--main-model", "--show-context", "--max-tokens"):
        assert foreign not in help_of["search"], foreign
        assert foreign not in help_of["cancel"], foreign
    assert "--mode" not in help_of["cancel"] and "--index-context" in help_of["search"]
    assert "--max-tokens" in help_of["ingest"] and "--threshold" not in help_of["ingest"]
    assert "--threshold" in help_of["ask"] and "--chat" in help_of["ask"] and "--question" in help_of["ask"]
    # required options show as required; a command that needs --db says so
    assert "-q QUERY" in help_of["search"] and "[-q QUERY]" not in help_of["search"]
    assert "-q QUESTION" in help_of["ask"] and "[-q QUESTION]" not in help_of["ask"]
    assert "--db DB --host" in help_of["serve"] or "--db DB [--host" in help_of["serve"]
    assert "(needed)" in help_of["search"] and "temporary file" not in help_of["search"]
    with pytest.raises(SystemExit) as stop:
        main(["search", "-q", "x", "--db", "kb.db", "--threshold", "5"])
    assert stop.value.code == 2
    assert "python -m demo search: error: --threshold is not an option of this command" in capsys.readouterr().err
    with pytest.raises(SystemExit) as stop:  # (--co: only --collection among search's own)
        main(["search", "-q", "x", "--db", str(Path("kb.db")), "--co", "Legal", "--budget", "x"])
    err = capsys.readouterr().err
    assert "ambiguous" not in err and "argument --budget: invalid int value: 'x'" in err


def test_options_go_after_the_command_or_run_the_samples(tmp_path, capsys):
    """Options before a command's name are refused in words that say where they go (argparse
    alone let the command's default overwrite them: `--db kb.db search` lost --db); options
    alone are a bare `python -m demo` (run) with them."""
    from demo.app import _parser, ask_options

    for argv in (["--db", "kb.db", "search", "-q", "x"], ["--threshold", "5", "search", "-q", "x"],
                 ["-q", "warranty", "--db", "kb.db", "ask"], ["--db", "kb.db", "serve"], ["--db", "kb.db", "search", "--help"]):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2
        command = next(w for w in argv if w in ("search", "ask", "serve"))
        assert f"python -m demo {command}: error: options go after the command's name" in capsys.readouterr().err
    args = _parser().parse_args(["--context-tokens", "500", "--show-context", "none"])
    assert (args.command, args.context_tokens, args.show_context) == ("run", 500, "none")
    args = _parser().parse_args([])
    assert args.command == "run" and args.context_tokens == 6000
    assert ask_options(args).routed_fill is True  # the store's default: a route's room left is spent
    assert ask_options(_parser().parse_args(["--no-routed-fill"])).routed_fill is False
    # every command's namespace holds the shared attributes (code shared by the commands reads them)
    args = _parser().parse_args(["serve", "--db", "k.db"])
    assert (args.db, args.port, args.threshold) == ("k.db", 8000, 20000)
    with pytest.raises(SystemExit) as stop:
        main(["serve"])
    assert stop.value.code == 2 and "the following arguments are required: --db" in capsys.readouterr().err
    db = str(tmp_path / "kb.db")
    assert main(["ingest", str(_write(tmp_path)), "--db", db, "--subject", "alice", "--embeddings", "hashing"]) == EXIT_OK
    capsys.readouterr()
    assert main(["search", "-q", "warranty", "--mode", "keyword", "--db", db, "--subject", "alice", "--embeddings", "hashing"]) == 0
    out = capsys.readouterr().out
    assert "keyword search: " in out and "Warranty" in out


def test_files_may_stand_between_options_and_words_after_a_command_are_its_own(tmp_path, capsys):
    """`ask a.md -q Q b.md` reads both files (argparse alone refused b.md); a word that names
    another command, after a command, is that command's argument, not "options go after";
    `--he` is --help; the commands that embed all take --base-url, worker refuses a nan poll."""
    from demo.app import _parser

    a, b = tmp_path / "a.md", tmp_path / "b.md"
    a.write_text("# T\n\nThe warranty lasts two years.\n", encoding="utf-8")
    b.write_text("# U\n\nInvoices are due in thirty days.\n", encoding="utf-8")
    args = _parser().parse_args(["ask", str(a), "-q", "When are invoices due?", str(b), "--embeddings", "hashing"])
    assert args.files == [str(a), str(b)] and args.question == "When are invoices due?"
    args = _parser().parse_args(["ask", str(a), "-q", "who can", "serve"])  # an unquoted question's tail
    assert args.files == [str(a), "serve"]
    for command in (["reindex", "--db", "k.db"], ["worker", "--db", "k.db"], ["mcp", "--db", "k.db"], ["search", "-q", "x"]):
        assert _parser().parse_args([*command, "--base-url", "http://h/v1"]).base_url == "http://h/v1"
    assert _parser().parse_args(["mcp", "--db", "k.db", "--index-context", "both"]).index_context == "both"
    for poll in ("nan", "inf", "0", "-1"):
        with pytest.raises(SystemExit) as stop:
            main(["worker", "--db", "k.db", "--poll", poll])
        assert stop.value.code == 2
    capsys.readouterr()
    with pytest.raises(SystemExit) as stop:
        main(["--he"])
    out = capsys.readouterr().out
    assert stop.value.code == 0 and "{run,chat,ask," in out and out.count("-h, --help") == 1


def test_an_openai_choice_that_cannot_work_is_one_plain_error(tmp_path, capsys, monkeypatch):
    """--embeddings openai or --chat openai without OPENAI_API_KEY, or with --offline, was an
    OpenAIError traceback (or a call to the service --offline rules out); now one line, exit 2."""
    doc = str(_write(tmp_path))
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    cases = [
        (["ask", doc, "-q", "x", "--embeddings", "openai"], "--embeddings openai needs OPENAI_API_KEY"),
        (["ingest", doc, "--db", str(tmp_path / "k.db"), "--embeddings", "openai"], "--embeddings openai needs OPENAI_API_KEY"),
        (["ask", doc, "-q", "x", "--embeddings", "hashing", "--chat", "openai"], "--chat openai needs OpenAI's service"),
    ]
    for argv, said in cases:
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("error: ") and said in err and "Traceback" not in err, err
    monkeypatch.setenv("OPENAI_API_KEY", "sk-not-a-key")
    assert main(["ask", doc, "-q", "x", "--offline", "--embeddings", "openai"]) == 2
    assert "which --offline rules out" in capsys.readouterr().err
    assert main(["ask", doc, "-q", "x", "--offline", "--embeddings", "hashing", "--chat", "openai"]) == 2
    assert "leave out --offline" in capsys.readouterr().err


def test_two_files_of_one_name_in_one_command_keep_the_first_and_say_so(tmp_path, capsys):
    """`ingest a.md v2/a.md` made the second a new version of the first without a word (the
    store keeps one document per name); now the second is skipped with the reason, exit 1."""
    first = _write(tmp_path)
    (tmp_path / "v2").mkdir()
    second = tmp_path / "v2" / first.name
    second.write_text("# Other\n\nSomething else entirely.\n", encoding="utf-8")
    db = ["--db", str(tmp_path / "kb.db"), "--embeddings", "hashing"]
    assert main(["ingest", str(first), str(second), *db]) == EXIT_FILES_FAILED
    out, err = capsys.readouterr()
    assert f"skipped {second}: {first} has the same name" in err and "loaded 1 documents" in out
    assert main(["search", "-q", "warranty", "--mode", "keyword", *db]) == 0
    assert "Warranty" in capsys.readouterr().out  # the first file's text, not the second's
    assert main(["ingest", str(first), str(first), *db]) == EXIT_OK  # one file given twice: once
    assert "skipped" not in capsys.readouterr().err


def test_ask_from_an_empty_collection_a_held_file_an_empty_question_and_an_empty_db(tmp_path, capsys, monkeypatch):
    """Nothing to answer from is an error, not "not found in the documents" with exit 0; a
    held replacement is exit 3 for ask as for ingest; an empty question or --db is a usage
    error before any file is converted; --context-tokens -1 names that option."""
    offline = ["--embeddings", "hashing", "--show-context", "none"]
    db = ["--db", str(tmp_path / "kb.db"), "--subject", "alice"]
    empty = tmp_path / "empty.md"
    empty.write_text("", encoding="utf-8")
    assert main(["ingest", str(empty), *db, "--embeddings", "hashing"]) == EXIT_FILES_FAILED  # a store, no documents
    capsys.readouterr()
    assert main(["ask", "-q", "What is the warranty?", *db, *offline]) == EXIT_FILES_FAILED
    assert "error: nothing to answer from: the collection 'demo' holds no documents yet" in capsys.readouterr().err
    doc = _write(tmp_path)
    doc.write_bytes(terms_md() * 3)
    assert main(["ingest", str(doc), *db, "--embeddings", "hashing"]) == EXIT_OK
    doc.write_bytes(b"# Payment terms\n\nShort now.\n")  # keeps under half the text: held
    assert main(["ask", str(doc), "-q", "When are invoices payable?", *db, *offline]) == EXIT_HELD
    out, err = capsys.readouterr()
    assert "held terms.md" in err and "Extracted from the documents" in out
    for argv in (["ask", str(doc), "-q", "  "], ["ask", str(doc), "-q", "x", "--db", ""]):
        assert main([*argv, *offline]) == EXIT_USAGE
        err = capsys.readouterr().err
        assert ("the question is empty" in err or "--db is empty" in err) and "[####" not in err
    with pytest.raises(SystemExit) as stop:
        main(["ask", str(doc), "-q", "x", "--context-tokens", "-1"])
    assert stop.value.code == 2 and "argument --context-tokens: '-1' is not a number of tokens (0 or more)" in capsys.readouterr().err


def test_routing_by_model_without_one_and_a_bad_stale_after_name_their_options(tmp_path, capsys, monkeypatch):
    """'--routing model' offline said "pass mini=..., or use routing='lexical'" (the SDK's
    words, after converting the files); 'worker --stale-after -5' said "stale_after must be …"."""
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    doc = str(_write(tmp_path))
    assert main(["ask", doc, "-q", "x", "--routing", "model", "--embeddings", "hashing"]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "error: --routing model needs the mini model" in err and "mini=" not in err
    for value in ("-5", "0", "nan"):
        with pytest.raises(SystemExit) as stop:
            main(["worker", "--db", str(tmp_path / "w.db"), "--stale-after", value])
        assert stop.value.code == 2
        assert "argument --stale-after:" in capsys.readouterr().err


def test_ingest_never_builds_an_answering_model(tmp_path, capsys, monkeypatch):
    """A --base-url server without a model name is an answering model's problem: ingest,
    which never answers, works (and search takes --base-url, which chooses the embedding)."""
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.delenv("OPENAI_MODEL", raising=False)
    db = str(tmp_path / "kb.db")
    assert main(["ingest", str(_write(tmp_path)), "--db", db, "--embeddings", "hashing"]) == EXIT_OK
    capsys.readouterr()
    assert main(["search", "-q", "warranty", "--db", db, "--embeddings", "hashing", "--base-url", "http://h/v1"]) == 0


def _write(tmp_path):
    doc = tmp_path / "terms.md"
    doc.write_bytes(terms_md())
    return doc


def test_a_port_out_of_range_is_a_usage_error(capsys):
    for port in ("99999", "0", "http", "1_000", "٨٠٨٠", "-1"):
        with pytest.raises(SystemExit) as stop:
            main(["serve", "--db", "kb.db", "--port", port])
        assert stop.value.code == 2
        assert f"argument --port: {port!r} is not a port number (1-65535)" in capsys.readouterr().err


def test_a_blank_subject_or_model_name_is_a_usage_error(capsys):
    """`--subject ""` used to become the login name (or "local") silently: another user's
    collections. Every command that takes --subject refuses a blank one, as --model,
    --main-model and --mini-model refuse a blank name."""
    for argv in (
        ["search", "-q", "x", "--db", "kb.db", "--subject", ""],
        ["ingest", "a.md", "--db", "kb.db", "--subject", "  "],
        ["ask", "a.md", "-q", "x", "--subject", ""],
        ["serve", "--db", "kb.db", "--subject", ""],
        ["reindex", "--db", "kb.db", "--subject", " "],
        ["mcp", "--db", "kb.db", "--subject", ""],
    ):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2, argv
        assert "argument --subject: an empty value is not a subject" in capsys.readouterr().err, argv
    for option in ("--model", "--main-model", "--mini-model"):
        with pytest.raises(SystemExit) as stop:
            main(["ask", "a.md", "-q", "x", option, " "])
        assert stop.value.code == 2
        assert f"argument {option}: an empty value is not a model name" in capsys.readouterr().err


def test_blank_model_names_in_the_environment_give_the_defaults(monkeypatch):
    from demo.cli_options import MAIN_MODEL, MINI_MODEL, model_names

    monkeypatch.setenv("DEMO_MAIN_MODEL", "")
    monkeypatch.setenv("DEMO_MINI_MODEL", "  ")
    assert model_names() == (MAIN_MODEL, MINI_MODEL)
    monkeypatch.setenv("DEMO_MAIN_MODEL", " qwen2.5:7b ")
    monkeypatch.delenv("DEMO_MINI_MODEL")
    assert model_names() == ("qwen2.5:7b", MINI_MODEL)


def test_ask_about_files_says_when_a_file_could_not_be_read(tmp_path, capsys, monkeypatch):
    """`ask FILES -q` answers from the files it could read and exits 1 when one could not (as
    `ingest` does); when none could be read it answers nothing ("not found in the documents"
    would blame the documents) and says so."""
    good = _write(tmp_path)
    missing = str(tmp_path / "missing.docx")
    offline = ["--embeddings", "hashing", "--show-context", "none"]
    assert main(["ask", str(good), missing, "-q", "What is the warranty?", *offline]) == EXIT_FILES_FAILED
    out, err = capsys.readouterr()
    assert "missing.docx: No such file or directory" in err and "Extracted from the documents" in out
    assert main(["ask", str(good), "-q", "What is the warranty?", *offline]) == EXIT_OK
    capsys.readouterr()
    assert main(["ask", missing, "-q", "What is the warranty?", *offline]) == EXIT_FILES_FAILED
    out, err = capsys.readouterr()
    assert f"error: nothing to answer from: no such file ({missing})" in err and "Q:" not in out
    new_db = tmp_path / "new.db"  # not created for nothing
    assert main(["ask", missing, "-q", "What is the warranty?", "--db", str(new_db), *offline]) == EXIT_FILES_FAILED
    assert not new_db.exists()
    capsys.readouterr()
    empty = tmp_path / "empty.md"
    empty.write_text("", encoding="utf-8")
    assert main(["ask", str(empty), "-q", "What is the warranty?", *offline]) == EXIT_FILES_FAILED
    out, err = capsys.readouterr()
    assert "error: nothing to answer from: the file was skipped (see above)" in err and "Q:" not in out
    assert main(["chat", missing, str(tmp_path / "gone.md"), *offline[:2]]) == EXIT_FILES_FAILED
    assert "nothing to answer from: no such file" in capsys.readouterr().err
    assert main(["chat", str(empty), str(tmp_path / "gone.md"), *offline[:2]]) == EXIT_FILES_FAILED
    assert "nothing to answer from: all 2 files were skipped" in capsys.readouterr().err
    def no_more_questions(prompt=""):
        raise EOFError

    monkeypatch.setattr("builtins.input", no_more_questions)
    assert main(["chat", str(good), missing, *offline[:2]]) == EXIT_FILES_FAILED  # (as ask)
    assert main(["chat", str(good), *offline[:2]]) == EXIT_OK
    capsys.readouterr()
    assert main(["ask", "-q", "What is the warranty?", *offline]) == EXIT_USAGE  # nothing to ask about
    assert "ask needs files to ask about, or --db" in capsys.readouterr().err


def test_an_empty_context_prints_as_none(capsys):
    from demo.app import _context_lines

    assert _context_lines("", "short") == "   context: (none)\n"
    assert _context_lines("a\nb", "short") == "   context:\n     | a\n     | b\n"


def test_store_errors_are_one_line_in_plain_words(tmp_path, capsys):
    db = ["--db", str(tmp_path / "kb.db"), "--subject", "alice", "--embeddings", "hashing"]
    doc = tmp_path / "terms.md"
    doc.write_bytes(terms_md())
    assert main(["ingest", str(doc), *db]) == 0
    capsys.readouterr()
    # a value the store refuses is a usage error (exit 2), said without a class name
    assert main(["search", "-q", "x" * 5000, *db]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.startswith("error: the query has 5,000 characters") and "Traceback" not in err
    assert main(["ask", "-q", " ", *db]) == EXIT_USAGE  # an ask is told about its question, not a "query"
    assert capsys.readouterr().err == "error: the question is empty: type a question\n"
    assert main(["search", "-q", "warranty", "--limit", "0", *db]) == EXIT_USAGE
    assert capsys.readouterr().err.startswith("error: limit must be")
    assert main(["ingest", str(doc), "--max-tokens", "5", *db]) == EXIT_USAGE
    assert "Error" not in capsys.readouterr().err


def test_reading_commands_never_create_a_store_or_a_collection(tmp_path, capsys):
    db_path = tmp_path / "kb.db"
    db = ["--db", str(db_path), "--subject", "alice", "--embeddings", "hashing"]
    # a mistyped store path: nothing is created, and the message says how to make one
    assert main(["search", "-q", "warranty", "--db", str(tmp_path / "nodir" / "x.db")]) == 1
    assert "no knowledge store at" in capsys.readouterr().err and not (tmp_path / "nodir").exists()
    assert main(["ask", "-q", "What is the warranty?", *db]) == 1
    assert "python -m demo ingest --db" in capsys.readouterr().err and not db_path.exists()
    doc = tmp_path / "terms.md"
    doc.write_bytes(terms_md())
    assert main(["ingest", str(doc), *db, "--collection", "Legal"]) == 0
    capsys.readouterr()
    # a mistyped collection: an error naming the ones there are, and no new collection
    for command in (["search", "-q", "warranty"], ["ask", "-q", "What is the warranty?"]):
        assert main([*command, *db, "--collection", "Legl"]) == 1
        assert "no collection named 'Legl' for subject 'alice'; its collections: Legal" in capsys.readouterr().err
    assert main(["search", "-q", "warranty", *db, "--collection", "legal"]) == 0  # names match case-insensitively
    capsys.readouterr()
    assert main(["reindex", *db, "--collection", "Legl"]) == 1  # reindex names the collection it did not find
    assert "Legl" in capsys.readouterr().err
    assert main(["reindex", "--db", str(tmp_path / "nodir" / "x.db")]) == 2  # nor does reindex make a store
    assert "no knowledge store at" in capsys.readouterr().err and not (tmp_path / "nodir").exists()
    # asking with files still creates the collection it adds them to
    assert main(["ask", str(doc), "-q", "What is the warranty?", *db, "--collection", "New"]) == 0


def test_the_embedding_is_chosen_on_the_command_line_and_never_mixed(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("DEMO_EMBEDDINGS", raising=False)
    doc = tmp_path / "terms.md"
    doc.write_bytes(terms_md())
    db = ["--db", str(tmp_path / "kb.db"), "--subject", "alice"]
    assert main(["ingest", str(doc), "--embeddings", "hashing", *db]) == 0
    assert "embeddings: hashing-crc32-v1|512" in capsys.readouterr().out
    # the same store opened with the neural default: semantic search refuses the hashed vectors
    assert main(["search", "-q", "warranty", "--mode", "semantic", *db]) == 1
    err = capsys.readouterr().err
    assert "were not embedded by" in err and "terms.md" in err and "reindex" in err
    assert main(["search", "-q", "warranty", "--mode", "semantic", "--embeddings", "hashing", *db]) == 0
    assert "semantic search:" in capsys.readouterr().out
    assert main(["search", "-q", "warranty", "--embeddings", "none", *db]) == 0
    assert "keyword search:" in capsys.readouterr().out


def test_every_command_chunks_as_the_server_does_by_default():
    """A store filled by `demo ingest` and served by `demo serve` (or worked by `worker`,
    reindexed by `reindex`) holds one chunk size: the store's default, unless one is given."""
    from demo.app import _parser
    from demo.store import StoreOptions

    parser = _parser()
    sizes = {command: parser.parse_args([command, *extra, "--db", "kb.db"]).max_tokens
             for command, extra in [("ingest", ["a.md"]), ("search", ["-q", "x"]), ("ask", ["-q", "x"]), ("chat", []),
                                    ("serve", []), ("worker", []), ("reindex", [])]}
    assert set(sizes.values()) == {StoreOptions().max_tokens}, sizes


def test_a_held_replacement_is_confirmed_or_cancelled_on_the_command_line(tmp_path, capsys):
    import re

    db = ["--db", str(tmp_path / "kb.db"), "--subject", "alice", "--embeddings", "hashing"]
    doc = tmp_path / "terms.md"
    doc.write_bytes(terms_md() * 3)
    assert main(["ingest", str(doc), *db]) == EXIT_OK
    capsys.readouterr()

    def hold() -> str:
        doc.write_bytes(b"# Payment terms\n\nShort now.\n")
        assert main(["ingest", str(doc), *db]) == EXIT_HELD
        err = capsys.readouterr().err
        job = re.search(r"\(job (J\w+)\)", err).group(1)
        assert f"python -m demo confirm {job} or cancel {job}, with the same --db" in err  # the way on, on this command line
        return job

    job = hold()
    assert main(["cancel", job, *db]) == EXIT_OK
    assert capsys.readouterr().out == f"cancelled terms.md (job {job})\n"
    assert main(["search", "-q", "Short now", "--mode", "keyword", *db]) == 0 and "0 passages" in capsys.readouterr().out
    job = hold()
    assert main(["confirm", job, *db]) == EXIT_OK
    assert capsys.readouterr().out == f"replaced terms.md (job {job}): it is the active version now\n"
    assert main(["search", "-q", "Short now", "--mode", "keyword", *db]) == 0 and "1 passage," in capsys.readouterr().out  # (one passage, not "1 passages")
    # a job that is not held any more, or not there: one line, exit 1
    assert main(["confirm", job, *db]) == EXIT_FILES_FAILED
    assert capsys.readouterr().err.startswith("error: ")
    assert main(["cancel", "JNOSUCHJOB0", *db]) == EXIT_FILES_FAILED
    assert main(["confirm", job]) == EXIT_USAGE  # no --db
