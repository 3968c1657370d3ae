"""The dan and ven command lines, end to end (main([...]) in process, and python -m)."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import batch_helpers as H  # noqa: E402

import dan  # noqa: E402
from dan import cli as dan_cli  # noqa: E402
from ven import Ven  # noqa: E402
from ven import cli as ven_cli  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


class Run:
    """The outcome of one in-process command."""

    def __init__(self, code: int, out: str, err: str) -> None:
        self.code, self.out, self.err = code, out, err

    @property
    def err_lines(self) -> list[str]:
        return [line for line in self.err.splitlines() if line]

    def jsonl(self) -> list[dict]:
        return [json.loads(line) for line in self.out.splitlines() if line.strip()]


class FakeTTY(io.StringIO):
    def isatty(self) -> bool:
        return True


def run_dan(*argv: str, tty: bool = False) -> Run:
    out, err = io.StringIO(), (FakeTTY() if tty else io.StringIO())
    code = dan_cli.main(list(argv), stdout=out, stderr=err)
    return Run(code, out.getvalue(), err.getvalue())


def run_ven(*argv: str, stdin: str = "") -> Run:
    out, err = io.StringIO(), io.StringIO()
    code = ven_cli.main(list(argv), stdin=io.StringIO(stdin), stdout=out, stderr=err)
    return Run(code, out.getvalue(), err.getvalue())


@pytest.fixture()
def corpus(tmp_path: Path) -> dict[str, Path]:
    return H.write_corpus(tmp_path / "corpus")


# ---------------------------------------------------------------------------- dan convert


def test_jsonl_to_stdout_is_one_record_per_chunk(corpus: dict[str, Path]) -> None:
    run = run_dan("convert", str(corpus["prices"]), "--max-tokens", "128")
    assert run.code == 0, run.err
    expected = dan.convert(corpus["prices"], max_tokens=128)
    rows = run.jsonl()
    assert [r["text"] for r in rows] == list(expected.chunks)
    assert [r["metadata"] for r in rows] == list(expected.records)
    assert set(rows[0]) == {"text", "metadata"}
    assert run.err == ""  # one file: no summary, no progress


def test_list_fields_write_json_arrays(corpus: dict[str, Path]) -> None:
    from ven.schema import as_lists

    expected = dan.convert(corpus["review"], max_tokens=128)
    run = run_dan("convert", str(corpus["review"]), "--max-tokens", "128", "--list-fields")
    assert run.code == 0, run.err
    rows = run.jsonl()
    assert [r["metadata"] for r in rows] == [as_lists(r) for r in expected.records]
    assert any(r["metadata"]["ssComAuthors"] for r in rows)
    assert all(isinstance(r["metadata"]["ssComAuthors"], list) for r in rows)
    run = run_dan("convert", str(corpus["review"]), "--max-tokens", "128", "--list-fields", "--format", "json")
    assert json.loads(run.out)[0]["chunks"][0]["metadata"] == as_lists(expected.records[0])


def test_json_format_is_a_list_of_documents(corpus: dict[str, Path]) -> None:
    run = run_dan("convert", str(corpus["memo"]), str(corpus["page"]), "--format", "json")
    assert run.code == 0
    docs = json.loads(run.out)
    assert [d["doc_title"] for d in docs] == ["memo", "Web page"]
    assert docs[1]["source"] == str(corpus["page"])
    res = dan.convert(corpus["page"])
    assert docs[1]["doc_id"] == res.doc_id
    assert docs[1]["chunks"] == [{"text": t, "metadata": r} for t, r in res]
    assert run.err_lines == ["dan: converted 2 of 2 inputs (2 chunks)"]


def test_md_format_writes_chunk_texts_with_markers(corpus: dict[str, Path]) -> None:
    run = run_dan("convert", str(corpus["prices"]), "--format", "md", "--max-tokens", "128")
    res = dan.convert(corpus["prices"], max_tokens=128)
    assert run.out.count("<!-- dan chunk ") == len(res) > 3
    for i, text in enumerate(res.chunks):
        assert f"ssSeq={i} ssCount={len(res)} -->\n{text}\n\n" in run.out


def test_out_dir_writes_one_file_per_input_keeping_relative_paths(corpus: dict[str, Path], tmp_path: Path) -> None:
    out = tmp_path / "out"
    run = run_dan("convert", str(corpus["prices"].parent), "--out", str(out), "-q")
    assert run.code == 0 and run.out == "" and run.err == ""
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    assert written == ["memo.jsonl", "prices.jsonl", "review.jsonl", "sub/page.jsonl"]
    lines = (out / "sub" / "page.jsonl").read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["metadata"]["ssTitle"] == "Web page"


def test_out_dir_disambiguates_same_stem(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text("# A\n\nmarkdown", encoding="utf-8")
    (tmp_path / "a.txt").write_text("text", encoding="utf-8")
    out = tmp_path / "o"
    run = run_dan("convert", str(tmp_path / "a.md"), str(tmp_path / "a.txt"), "--out", str(out), "--format", "md")
    assert run.code == 0
    assert sorted(p.name for p in out.iterdir()) == ["a.md", "a.txt.md"]
    assert "markdown" in (out / "a.md").read_text(encoding="utf-8")
    assert "text" in (out / "a.txt.md").read_text(encoding="utf-8")


def test_glob_and_directory_inputs(corpus: dict[str, Path]) -> None:
    base = corpus["prices"].parent
    run = run_dan("convert", str(base / "**" / "*.html"), str(base / "*.md"), "--format", "json", "-q")
    assert run.code == 0
    assert [d["doc_title"] for d in json.loads(run.out)] == ["Web page", "Price list"]
    # a directory recurses; duplicates (the dir plus one of its files) are converted once
    run = run_dan("convert", str(base), str(corpus["memo"]), "--format", "json", "-q")
    assert sorted(d["source"] for d in json.loads(run.out)) == sorted(str(p) for p in corpus.values())


def test_one_failing_file_among_good_ones(corpus: dict[str, Path], tmp_path: Path) -> None:
    bad = tmp_path / "legacy.doc"
    bad.write_bytes(H.OLE)
    missing = tmp_path / "missing.md"
    out = tmp_path / "out"
    run = run_dan(
        "convert",
        str(corpus["memo"]),
        str(bad),
        str(missing),
        str(tmp_path / "*.nothing"),
        str(corpus["page"]),
        "--out",
        str(out),
        "--workers",
        "2",
    )
    assert run.code == 1
    errors = [line for line in run.err_lines if line.startswith("dan: error:")]
    assert len(errors) == 3
    assert any(str(bad) in e and "encrypted" in e for e in errors)
    assert any(str(missing) in e and "no such file" in e for e in errors)
    assert not any("convert_string" in e for e in errors)  # no Python-API hint on a command line
    assert any("*.nothing" in e and "matches no file" in e for e in errors)
    assert run.err_lines[-1] == f"dan: converted 2 of 5 inputs (2 chunks) into {out}; 3 failed"
    assert sorted(p.name for p in out.iterdir()) == ["memo.jsonl", "page.jsonl"]


def test_meta_parsing_types_and_errors(corpus: dict[str, Path]) -> None:
    run = run_dan(
        "convert", str(corpus["memo"]), "--meta", "customer=0471", "--meta", "year:=2024", "--meta", "note=a=b"
    )
    rec = run.jsonl()[0]["metadata"]
    assert (rec["customer"], rec["year"], rec["note"]) == ("0471", 2024, "a=b")
    assert dan_cli.parse_meta(["x:=-5", "y="]) == {"x": -5, "y": ""}
    for bad, why in [
        ("novalue", "expected key=value"),
        ("=v", "the key is empty"),
        ("n:=1.5", "not a decimal integer"),
        ("ssSecret=1", "must not start with 'ss'"),
        ("doc_title=x", "clashes with a chunk information field label"),
    ]:
        run = run_dan("convert", str(corpus["memo"]), "--meta", bad)
        assert run.code == 2 and why in run.err and run.out == "", (bad, run.err)
    run = run_dan("convert", str(corpus["memo"]), "--meta", "k=1", "--meta", "k=2")
    assert run.code == 2 and "given twice" in run.err


def test_doc_id_and_title_apply_to_one_file(corpus: dict[str, Path]) -> None:
    run = run_dan("convert", str(corpus["memo"]), "--doc-id", "C-17", "--title", "Weekly memo")
    rec = run.jsonl()[0]["metadata"]
    assert (rec["ssDocId"], rec["ssTitle"]) == ("C-17", "Weekly memo")
    run = run_dan("convert", str(corpus["memo"]), str(corpus["page"]), "--doc-id", "C-17")
    assert run.code == 2 and "one document" in run.err
    run = run_dan("convert", str(corpus["memo"]), "--doc-id", "has space")
    assert run.code == 2 and "whitespace" in run.err


def test_bad_arguments_exit_2(corpus: dict[str, Path], tmp_path: Path) -> None:
    assert run_dan("convert", str(corpus["memo"]), "--max-tokens", "3").code == 2
    assert run_dan("convert", str(corpus["memo"]), "--format", "xml").code == 2
    assert run_dan("convert", str(corpus["memo"]), "--workers", "0").code == 2
    assert run_dan("convert", str(corpus["memo"]), "--doc-type", "pages").code == 2
    assert run_dan("convert", str(corpus["memo"]), "--doc-type", "pages", "--doc-id", "X-1").code == 2
    assert run_dan().code == 2
    afile = tmp_path / "file"
    afile.write_text("x")
    run = run_dan("convert", str(corpus["memo"]), "--out", str(afile))
    assert run.code == 2 and "is a file" in run.err


def test_page_range_and_doc_type(tmp_path: Path) -> None:
    src = tmp_path / "notes.dat"
    src.write_text("# Head\n\nbody text", encoding="utf-8")
    run = run_dan("convert", str(src), "--doc-type", "md", "--first-page", "1", "--last-page", "1")
    assert run.code == 0
    assert run.jsonl()[0]["metadata"]["ssHeadings"] == "# Head"
    # a range that ends before it starts is a mistake on the command line, not an empty result
    run = run_dan("convert", str(src), "--doc-type", "md", "--first-page", "3", "--last-page", "1")
    assert run.code == 2
    assert run.err == "dan: error: --first-page 3 comes after --last-page 1: give the range's first page first\n"
    assert run.out == ""


def test_main_content_on_off_and_auto(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    para = "The warranty lasts twenty-four months from acceptance, covering parts, labour and travel."
    src = tmp_path / "page.html"
    src.write_text(
        '<html><body><nav><a href="/a">NAV-LINK</a></nav><div class="story">'
        + f"<p>{para}</p>" * 8
        + "</div></body></html>",
        encoding="utf-8",
    )

    def text(*extra: str) -> str:
        run = run_dan("convert", str(src), *extra)
        assert run.code == 0, run.err
        return "\n".join(row["text"] for row in run.jsonl())

    assert "NAV-LINK" not in text() and "NAV-LINK" not in text("--main-content", "on")
    assert "NAV-LINK" in text("--main-content", "off")
    assert para in text() and para in text("--main-content", "off")
    assert run_dan("convert", str(src), "--main-content", "maybe").code == 2
    assert "argument --main-content: invalid choice" in capsys.readouterr().err


def test_progress_shows_on_a_terminal_and_can_be_forced(
    corpus: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)  # the plain-text fallback
    files = [str(corpus["memo"]), str(corpus["page"])]
    run = run_dan("convert", *files, tty=True)
    assert "[2/2]" in run.err
    run = run_dan("convert", *files, "--no-progress", tty=True)
    assert "[2/2]" not in run.err
    run = run_dan("convert", *files, "--progress")
    assert "dan: [1/2]" in run.err and "dan: [2/2]" in run.err
    run = run_dan("convert", *files)  # not a terminal: no progress by default
    assert "[1/2]" not in run.err


def test_errors_are_printed_above_the_progress_line(
    corpus: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "tqdm", None)
    bad = tmp_path / "legacy.doc"
    bad.write_bytes(H.OLE)
    run = run_dan("convert", str(bad), str(corpus["memo"]), tty=True)
    assert f"\r\x1b[Kdan: error: {bad}: " in run.err  # the progress line is cleared first
    assert run.err.index("dan: error:") < run.err.index("[2/2]")


def test_progress_with_tqdm(corpus: dict[str, Path], tmp_path: Path) -> None:
    pytest.importorskip("tqdm")
    bad = tmp_path / "legacy.doc"
    bad.write_bytes(H.OLE)
    run = run_dan("convert", str(bad), str(corpus["memo"]), "--progress")
    assert "2/2" in run.err and "file" in run.err
    assert f"dan: error: {bad}: " in run.err


def test_system_message_command() -> None:
    run = run_dan("system-message")
    assert run.code == 0 and run.out.strip() == dan.system_message().strip()


@pytest.mark.parametrize(
    ("argv", "needles"),
    [
        (["--help"], ["convert", "examples:", "exit status"]),
        (["convert", "--help"], ["--max-tokens", "--format", "--out", "--meta", "key:=123", "examples:"]),
    ],
)
def test_dan_help(argv: list[str], needles: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert dan_cli.main(argv) == 0
    text = capsys.readouterr().out
    for needle in needles:
        assert needle in text


# ---------------------------------------------------------------------------- ven


@pytest.fixture()
def chunks_file(corpus: dict[str, Path], tmp_path: Path) -> Path:
    path = tmp_path / "chunks.jsonl"
    run = run_dan("convert", str(corpus["prices"]), str(corpus["review"]), "--max-tokens", "128", "-q")
    assert run.code == 0
    path.write_text(run.out, encoding="utf-8")
    return path


def _records(path: Path, title: str) -> list[dict]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    return [r["metadata"] for r in rows if r["metadata"]["ssTitle"] == title]


def test_ven_index_prints_one_entry_per_document(chunks_file: Path) -> None:
    run = run_ven("index", str(chunks_file), "--pct", "20")
    assert run.code == 0, run.err
    entries = run.out.strip().split("\n\n")
    assert len(entries) == 2
    for entry, title in zip(entries, ["Price list", "Review agreement"]):
        recs = _records(chunks_file, title)
        assert entry == Ven(recs).create_document_index(20).text
        assert entry.startswith(f"[DOC {recs[0]['ssDocId']}] {title}")
    assert "revisions: yes" in entries[1] and "comments: yes" in entries[1]
    small = run_ven("index", str(chunks_file), "--pct", "1").out
    assert len(small) < len(run.out)


def test_ven_index_reads_stdin_and_dan_json(corpus: dict[str, Path]) -> None:
    as_json = run_dan("convert", str(corpus["prices"]), "--format", "json").out
    run = run_ven("index", "-", stdin=as_json)
    assert run.code == 0 and run.out.startswith("[DOC ")
    one_doc = json.dumps(json.loads(as_json)[0], indent=2)
    assert run_ven("index", "-", stdin=one_doc).out == run.out


def test_ven_reads_files_with_a_bom(chunks_file: Path, tmp_path: Path) -> None:
    bom = tmp_path / "bom.jsonl"
    bom.write_bytes(b"\xef\xbb\xbf" + chunks_file.read_bytes())
    assert run_ven("index", str(bom)).out == run_ven("index", str(chunks_file)).out != ""


def test_ven_index_reports_a_broken_document_and_goes_on(chunks_file: Path) -> None:
    lines = chunks_file.read_text(encoding="utf-8").splitlines()
    # drop one chunk of the first document: its record set is incomplete
    broken = "\n".join(lines[1:]) + "\n"
    run = run_ven("index", "-", stdin=broken)
    assert run.code == 1
    assert len(run.err_lines) == 1 and run.err_lines[0].startswith("ven: error: document ")
    assert run.out.startswith("[DOC ") and "Review agreement" in run.out and "Price list" not in run.out


def test_ven_index_input_errors(tmp_path: Path) -> None:
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"text": "x", "metadata": {"ssDocId": "A"}}\nnot json\n', encoding="utf-8")
    run = run_ven("index", str(bad))
    assert run.code == 1 and f"{bad}:2: not JSON" in run.err
    run = run_ven("index", str(tmp_path / "nope.jsonl"))
    assert run.code == 1 and "no such file" in run.err
    run = run_ven("index", "-", stdin="")
    assert run.code == 1 and "no chunks" in run.err
    # the document itself instead of its chunks: said so, not as a codec error
    doc = tmp_path / "tables.docx"
    doc.write_bytes(b"PK\x03\x04\x87\x99 a zip, not chunks")
    run = run_ven("expand", str(doc), "--seq", "1")
    assert run.code == 1 and "not a chunks file" in run.err and "dan convert FILE --out DIR" in run.err
    assert "codec" not in run.err
    run = run_ven("index", "x", "--pct", "500")
    assert run.code == 2


def test_ven_expand_completes_the_table_by_default(chunks_file: Path) -> None:
    recs = _records(chunks_file, "Price list")
    table_seqs = [r["ssSeq"] for r in recs if r["ssTables"]]
    assert len(table_seqs) > 2
    anchor = table_seqs[1]
    run = run_ven(
        "expand", str(chunks_file), "--doc", recs[0]["ssDocId"].lower(), "--seq", str(anchor), "--format", "seqs"
    )
    assert run.code == 0, run.err
    assert [int(s) for s in run.out.strip().split(",")] == table_seqs
    md = run_ven("expand", str(chunks_file), "--doc", recs[0]["ssDocId"], "--seq", str(anchor)).out
    assert md.startswith(f"<!-- ven: {recs[0]['ssDocId']} 'Price list': anchors {anchor} -> {len(table_seqs)} chunks")
    assert f"<!-- ssSeq {anchor} · anchor · body · page 1 (est.)" not in md  # pages: plain numbers
    assert f"<!-- ssSeq {anchor} · anchor · body · page 1 · table 1 -->" in md
    assert md.count("· added ·") == len(table_seqs) - 1
    rows = [json.loads(x) for x in chunks_file.read_text(encoding="utf-8").splitlines()]
    for row in rows:
        if row["metadata"]["ssDocId"] == recs[0]["ssDocId"] and row["metadata"]["ssSeq"] in table_seqs:
            assert row["text"] in md


def test_ven_expand_options(chunks_file: Path) -> None:
    recs = _records(chunks_file, "Review agreement")
    doc = recs[0]["ssDocId"]
    revs = [r["ssSeq"] for r in recs if r["ssRevs"]]
    coms = [r["ssSeq"] for r in recs if r["ssComs"]]
    assert revs and coms

    def seqs(*extra: str) -> list[int]:
        run = run_ven("expand", str(chunks_file), "--doc", doc, "--format", "seqs", *extra)
        assert run.code == 0, run.err
        return [int(s) for s in run.out.strip().split(",")]

    assert seqs("--seq", str(revs[0]), "--revisions") == revs
    assert seqs("--seq", "0", "--tables") == [0]
    assert seqs("--seq", "0", "--all-comments") == sorted({0, *coms})
    assert seqs("--seq", "0", "--all-comments", "nobody") == [0]
    assert seqs("--seq", "0", "--all-revisions", "bob lawyer") == sorted(
        {0, *[r["ssSeq"] for r in recs if "Bob" in r["ssRevAuthors"]]}
    )
    everything = seqs("--seq", "0", "--pages", "1")
    assert everything == list(range(len(recs)))  # the one page holds every chunk
    assert seqs("--seq", "0", "--pages", "1", "--budget", "0") == [0]
    assert seqs("--seq", "0,0", "--seq", str(coms[0]), "--section-pages", "0", "--budget", "0") == [0, coms[0]]
    as_jsonl = run_ven(
        "expand", str(chunks_file), "--doc", doc, "--seq", str(revs[0]), "--revisions", "--format", "jsonl"
    )
    assert [json.loads(x)["metadata"]["ssSeq"] for x in as_jsonl.out.splitlines()] == revs


def test_ven_expand_errors(chunks_file: Path) -> None:
    run = run_ven("expand", str(chunks_file), "--seq", "1")
    assert run.code == 2 and "choose one with --doc" in run.err
    doc = _records(chunks_file, "Price list")[0]["ssDocId"]
    run = run_ven("expand", str(chunks_file), "--doc", doc, "--seq", "999")
    assert run.code == 1 and "out of range" in run.err
    run = run_ven("expand", str(chunks_file), "--doc", doc, "--seq", "a,b")
    assert run.code == 2 and "not a chunk number" in run.err
    run = run_ven("expand", str(chunks_file), "--doc", "NOPE", "--seq", "1")
    assert run.code == 1 and "not in the input" in run.err
    assert run_ven("expand", str(chunks_file), "--doc", doc).code == 2  # --seq is required
    assert run_ven("expand", str(chunks_file), "--doc", doc, "--seq", "1", "--budget", "-1").code == 2


def test_ven_expand_bare_records_have_no_text(chunks_file: Path) -> None:
    recs = _records(chunks_file, "Review agreement")
    bare = "\n".join(json.dumps(r) for r in recs)
    run = run_ven("expand", "-", "--seq", "1", stdin=bare)
    assert run.code == 0 and "(no chunk text in the input)" in run.out


@pytest.mark.parametrize(
    ("argv", "needles"),
    [
        (["--help"], ["index", "expand"]),
        (["index", "--help"], ["--pct", "examples:"]),
        (["expand", "--help"], ["--seq", "--budget", "--tables", "--revisions", "--comments", "--pages", "examples:"]),
    ],
)
def test_ven_help(argv: list[str], needles: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert ven_cli.main(argv) == 0
    text = capsys.readouterr().out
    for needle in needles:
        assert needle in text


def test_both_commands_print_the_package_version(capsys: pytest.CaptureFixture[str]) -> None:
    import tomllib

    import ven

    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert dan.__version__ == ven.__version__ == version
    assert ven_cli.main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"ven {version}"
    assert dan_cli.main(["--version"]) == 0
    assert capsys.readouterr().out.strip().startswith(f"dan {version} (compiled: ")


# ---------------------------------------------------------------------------- python -m, pipes


def _env() -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}


def test_python_m_dan_pipes_into_python_m_ven(corpus: dict[str, Path]) -> None:
    conv = subprocess.run(
        [sys.executable, "-m", "dan", "convert", str(corpus["prices"]), "--max-tokens", "128"],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=_env(),
        cwd=ROOT,
        check=False,
    )
    assert conv.returncode == 0, conv.stderr
    idx = subprocess.run(
        [sys.executable, "-m", "ven", "index", "-"],
        input=conv.stdout,
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=_env(),
        cwd=ROOT,
        check=False,
    )
    assert idx.returncode == 0, idx.stderr
    assert idx.stdout.startswith("[DOC D") and "Price list" in idx.stdout


def test_ven_cli_never_imports_dan() -> None:
    code = (
        "import sys, ven.cli\n"
        "ven.cli.main(['--help'])\n"
        "bad = sorted(m for m in sys.modules if m == 'dan' or m.startswith('dan.'))\n"
        "assert not bad, bad\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=_env(), cwd=ROOT, check=False
    )
    assert proc.returncode == 0, proc.stderr


def test_ven_expand_max_tokens_caps_the_whole_set_and_reports_skips(chunks_file: Path) -> None:
    recs = _records(chunks_file, "Price list")
    doc = recs[0]["ssDocId"]
    table_seqs = [r["ssSeq"] for r in recs if r["ssTables"]]
    anchor = table_seqs[1]
    own = next(r["ssTokens"] for r in recs if r["ssSeq"] == anchor)
    table = sum(r["ssTokens"] for r in recs if r["ssSeq"] in table_seqs)
    run = run_ven("expand", str(chunks_file), "--doc", doc, "--seq", str(anchor), "--format", "seqs",
                  "--max-tokens", str(table - 1))
    assert run.code == 0, run.err
    assert run.out.strip() == str(anchor)  # the table does not fit whole: skipped, not cut
    assert f"skipped a table of {len(table_seqs) - 1} chunk(s)" in run.err and f"--max-tokens {table - 1}" in run.err
    run = run_ven("expand", str(chunks_file), "--doc", doc, "--seq", str(anchor), "--format", "seqs",
                  "--max-tokens", str(table))
    assert [int(s) for s in run.out.strip().split(",")] == table_seqs and run.err == ""
    run = run_ven("expand", str(chunks_file), "--doc", doc, "--seq", str(anchor), "--max-tokens", str(own - 1))
    assert run.code == 1 and "over max_tokens" in run.err
    assert run_ven("expand", str(chunks_file), "--doc", doc, "--seq", "1", "--max-tokens", "0").code == 2
