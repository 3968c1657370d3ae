"""dan compiled (``make compiled``: mypyc, and the Cython extensions) against dan as
Python, side by side in one run.

The same benchmark documents as the format benchmarks — the generated 300-page DOCX
(``gen_docx``), 1 MB of Markdown (``gen_markdown``), 5 MB of HTML and of RTF
(``bench_html_rtf``) — are converted at ``max_tokens=1024`` by this checkout's dan as Python
and by a compiled copy of it (``scripts/compile.py --into DIR``, in the temporary directory,
built once per source state and interpreter), each in fresh child processes, interleaved
run by run. Before timing, one conversion of each document by each build is hashed (every
chunk and every record): the compiled build must give byte-identical output, or the script
fails. The ratio is Python's median time ÷ the compiled build's.

With ``--baseline REV`` the sources of commit ``REV`` (as Python) are timed in the same
rounds too, and each build's speed-up over them is the median of the per-round ratios: the
issue's targets ("÷ dan today") for both builds, side by side in one run. With ``--peers``
the same rounds also time what the other speed targets compare dan with, by the format
benchmarks' own pipelines: LangChain's recursive splitter at 1024 tokens on the Markdown
(``bench_markdown``), and the floor (unzip + lxml + text + one o200k pass) and pandoc →
LangChain on the DOCX (``bench_docx``).

Usage: ``python benchmarks/bench_compiled.py [--runs 5] [--baseline REV] [--peers] [--update-docs]``
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

from benchmarks._docs import publish, replace_section, run_facts  # noqa: E402
from benchmarks._runner import BASE, baseline, child_main, load_dan, run_child  # noqa: E402

#: The documents: (format, what it is, how it is made).
FORMATS = ("docx", "markdown", "html", "rtf")
#: ``--peers``, per format: (key, the format benchmark's module, its pipeline, whether the
#: target reads "dan is N× faster" (else "dan takes N× its time"), how the docs name it).
PEERS: dict[str, tuple[tuple[str, str, str, bool, str], ...]] = {
    "markdown": (("langchain", "bench_markdown", "langchain-1024", False, "LangChain recursive splitter, 1024"),),
    "docx": (
        ("floor", "bench_docx", "floor-tokens", False, "floor: unzip + lxml + text + one o200k pass"),
        ("pandoc", "bench_docx", "pandoc+langchain", True, "pandoc → gfm → LangChain splitter"),
    ),
}
SECTION = "compiled_speed"


def _sources_digest() -> str:
    """What a compiled copy is built from: dan's sources (the Cython ones too), the compile
    script, this interpreter and the versions of mypy, Cython and lxml (whose C API the
    Cython extension uses)."""
    import Cython
    import lxml
    import mypy.version

    h = hashlib.sha256()
    sources = sorted((ROOT / "dan").rglob("*.py")) + sorted((ROOT / "dan").rglob("*.pyx"))
    for path in sources + [ROOT / "scripts" / "compile.py"]:
        h.update(path.relative_to(ROOT).as_posix().encode())
        h.update(path.read_bytes())
    versions = (mypy.version.__version__, Cython.__version__, lxml.__version__)
    h.update(f"{sys.version}|{platform.machine()}|{versions}".encode())
    return h.hexdigest()[:16]


def compiled_copy() -> Path:
    """A compiled copy of dan and ven in the temporary directory (built when missing)."""
    where = Path(tempfile.gettempdir()) / f"danven-compiled-{_sources_digest()}"
    marker = where / "BUILT"
    if not marker.is_file():
        print(f"building the compiled copy in {where} (mypyc, a few minutes) ...", flush=True)
        subprocess.run([sys.executable, str(ROOT / "scripts" / "compile.py"), "--into", str(where)], check=True)
        marker.write_text("ok", encoding="ascii")
    return where


def python_copy() -> Path | None:
    """Where the Python build's dan runs from: None for this checkout when it is pure
    Python, else (an install compiles it in place: docs/compiled.md) a copy of its dan and
    ven sources without the compiled modules, in the temporary directory."""
    from dan.native import compiled_modules

    if not compiled_modules(ROOT / "dan"):
        return None
    sys.path.insert(0, str(ROOT / "scripts"))
    import compile as compile_script

    where = Path(tempfile.gettempdir()) / f"danven-python-{_sources_digest()}"
    compile_script.copy_sources(ROOT, where)
    return where


def _digest(res: Any) -> str:
    h = hashlib.sha256()
    for chunk, record in zip(res.chunks, res.records, strict=True):
        h.update(chunk.encode("utf-8", "surrogatepass"))
        h.update(json.dumps(record, sort_keys=True, ensure_ascii=False).encode("utf-8", "surrogatepass"))
    return h.hexdigest()


def _prepare(name: str, path: str):
    """Child side: ``convert-<format>`` (timed), ``digest-<format>`` (the output's hash) or
    ``peer-<format>-<key>`` (a format benchmark's pipeline, :data:`PEERS`)."""
    if name.startswith("peer-"):
        import importlib

        _, fmt, key = name.split("-", 2)
        _key, module, pipeline, _faster, _label = next(p for p in PEERS[fmt] if p[0] == key)
        return importlib.import_module(f"benchmarks.{module}")._prepare(pipeline, path)
    import dan

    try:
        from dan.native import compiled_modules
    except ImportError:  # (a baseline from before the compiled build)

        def compiled_modules() -> tuple[str, ...]:
            return ()

    action, fmt = name.split("-", 1)
    doc_type = {"docx": "docx", "markdown": "markdown", "html": "html", "rtf": "rtf"}[fmt]
    load_dan(doc_type)
    data = Path(path).read_bytes()
    compiled = len(compiled_modules())

    def convert() -> dict:
        res = dan.convert(data, doc_type=doc_type, max_tokens=1024)
        out: dict[str, Any] = {"chunks": len(res), "compiled_modules": compiled}
        if action == "digest":
            out["digest"] = _digest(res)
        return out

    return convert


def _documents(tmp: Path, args: argparse.Namespace) -> dict[str, Path]:
    from benchmarks.bench_html_rtf import make_html, make_rtf
    from benchmarks.gen_docx import build as build_docx
    from benchmarks.gen_markdown import build as build_markdown

    files = {
        "docx": tmp / f"generated-{args.pages}p.docx",
        "markdown": tmp / "generated.md",
        "html": tmp / "bench.html",
        "rtf": tmp / "bench.rtf",
    }
    files["docx"].write_bytes(build_docx(args.pages))
    files["markdown"].write_text(build_markdown(args.md_mb), encoding="utf-8")
    files["html"].write_bytes(make_html(int(args.mb * 1_000_000)))
    files["rtf"].write_bytes(make_rtf(int(args.mb * 1_000_000)))
    return files


def _median(xs: list[float]) -> float:
    import statistics

    return round(statistics.median(xs), 4)


def measure_format(
    fmt: str,
    path: Path,
    runs: int,
    built: Path,
    base: Path | None = None,
    peers: bool = False,
    python: Path | None = None,
) -> dict[str, Any]:
    """Check the two builds agree on ``path``, then time them interleaved (and the
    baseline's sources with them, when ``base`` is given, and the format's :data:`PEERS`
    with ``peers``). The Python build runs from this checkout, or from ``python`` (a copy
    of its sources, :func:`python_copy`) when given."""
    script = Path(__file__).resolve()
    py_suffix = "" if python is None else BASE
    pure, _ = run_child(script, f"digest-{fmt}{py_suffix}", str(path), base=python)
    comp, _ = run_child(script, f"digest-{fmt}{BASE}", str(path), base=built)
    for which, result in (("Python", pure), ("compiled", comp)):
        if "digest" not in result:
            raise SystemExit(f"{fmt}: the {which} build failed: {result.get('error') or result}")
    if pure["compiled_modules"] != 0:
        raise SystemExit("the Python build's dan runs compiled: it must run from a copy of the sources without the compiled modules (python_copy)")
    if comp["compiled_modules"] == 0:
        raise SystemExit(f"the compiled copy in {built} ran as Python")
    if pure["digest"] != comp["digest"]:
        raise SystemExit(f"{fmt}: the compiled build's output differs from Python's ({pure['digest'][:12]} vs {comp['digest'][:12]})")
    builds: list[tuple[str, str, Path | None]] = [("python", f"convert-{fmt}{py_suffix}", python), ("compiled", f"convert-{fmt}{BASE}", built)]
    if base is not None:
        builds.append(("baseline", f"convert-{fmt}{BASE}", base))
    if peers:
        builds += [(f"peer_{key}", f"peer-{fmt}-{key}", None) for key, *_rest in PEERS.get(fmt, ())]
    times: dict[str, list[float]] = {key: [] for key, _n, _b in builds}
    rss: dict[str, list[float]] = {key: [] for key, _n, _b in builds}
    skipped: dict[str, str] = {}
    for _ in range(runs):
        for key, name, where in builds:
            if key in skipped:
                continue
            result, peak = run_child(script, name, str(path), base=where)
            if "skipped" in result and key.startswith("peer_"):
                skipped[key] = str(result["skipped"])  # (a peer that is not installed)
                continue
            if "seconds" not in result:
                raise SystemExit(f"{fmt}: the {key} build failed: {result.get('error') or result}")
            times[key].append(result["seconds"])
            rss[key].append(peak)
    for key in skipped:
        del times[key], rss[key]
    size_mb = path.stat().st_size / 1e6
    row: dict[str, Any] = {
        "format": fmt,
        "input_mb": round(size_mb, 2),
        "chunks": pure["chunks"],
        "identical": True,
        "compiled_modules": comp["compiled_modules"],
        "runs": runs,
    }
    for key in times:
        row[f"{key}_median_s"] = _median(times[key])
        row[f"{key}_min_s"] = round(min(times[key]), 4)
        row[f"{key}_max_s"] = round(max(times[key]), 4)
        row[f"{key}_mb_per_s"] = round(size_mb / row[f"{key}_median_s"], 2)
        row[f"{key}_peak_rss_mb"] = round(max(rss[key]), 1)
    row["speedup"] = round(row["python_median_s"] / row["compiled_median_s"], 2)
    for key, _module, _pipeline, faster, label in PEERS.get(fmt, ()) if peers else ():
        peer = f"peer_{key}"
        if peer in skipped:
            row[f"{peer}_skipped"] = skipped[peer]
            continue
        row[f"{peer}_label"] = label
        row[f"{peer}_faster"] = faster
        for build in ("python", "compiled"):
            # round by round: the peer's time ÷ dan's ("dan is N× faster") or dan's ÷ the peer's
            pairs = zip(times[peer], times[build], strict=True)
            ratios = [p / t if faster else t / p for p, t in pairs]
            row[f"{build}_vs_{peer}"] = round(statistics.median(ratios), 2)
            row[f"{build}_vs_{peer}_min"] = round(min(ratios), 2)
            row[f"{build}_vs_{peer}_max"] = round(max(ratios), 2)
    if base is not None:
        # the baseline's time ÷ each build's, round by round (the builds ran in turn)
        for key in ("python", "compiled"):
            ratios = [b / t for b, t in zip(times["baseline"], times[key], strict=True)]
            row[f"{key}_vs_baseline"] = round(statistics.median(ratios), 2)
            row[f"{key}_vs_baseline_min"] = round(min(ratios), 2)
            row[f"{key}_vs_baseline_max"] = round(max(ratios), 2)
    return row


NAMES = {"docx": "DOCX, generated", "markdown": "Markdown, generated", "html": "HTML, generated", "rtf": "RTF, generated"}


def render(report: dict[str, Any]) -> str:
    lines = [
        "## Compiled build",
        "",
        f"dan compiled (`make compiled`: {report['compiled_modules']} modules, mypyc's and the Cython extensions: the DOCX "
        "reader's walk, the mention scan and the token counter) against dan as Python, "
        f"each document converted at `max_tokens=1024` in fresh processes, interleaved, median of {report['runs']} runs; "
        f"the two builds' chunks and records are byte-identical on every document (checked by the script). "
        f"Python {report['python']}, {report['cpus']} CPUs, commit `{report['commit']}`, {report['date']}; "
        f"`{report['command']}`.",
        "",
        "| document | size | chunks | Python s | compiled s | Python MB/s | compiled MB/s | **speed-up** | peak RSS MB (Python / compiled) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in report["rows"]:
        lines.append(
            f"| {NAMES[r['format']]} | {r['input_mb']} MB | {r['chunks']:,} | {r['python_median_s']:.3f} | {r['compiled_median_s']:.3f} "
            f"| {r['python_mb_per_s']} | {r['compiled_mb_per_s']} | **{r['speedup']}×** "
            f"| {r['python_peak_rss_mb']:.0f} / {r['compiled_peak_rss_mb']:.0f} |"
        )
    rev = report.get("baseline")
    if rev:
        lines += [
            "",
            f"Against commit `{rev}` (as Python, its sources timed in the same rounds): the baseline's "
            "time ÷ each build's, median of the rounds (min–max).",
            "",
            f"| document | `{rev}` s | **Python ÷ `{rev}`** | **compiled ÷ `{rev}`** |",
            "|---|---:|---:|---:|",
        ]
        for r in report["rows"]:
            lines.append(
                f"| {NAMES[r['format']]} | {r['baseline_median_s']:.3f} "
                f"| **{r['python_vs_baseline']}×** ({r['python_vs_baseline_min']}–{r['python_vs_baseline_max']}) "
                f"| **{r['compiled_vs_baseline']}×** ({r['compiled_vs_baseline_min']}–{r['compiled_vs_baseline_max']}) |"
            )
    peer_rows = [(r, key) for r in report["rows"] for key, *_rest in PEERS.get(r["format"], ()) if f"peer_{key}_label" in r]
    if peer_rows:
        lines += [
            "",
            "The other targets' comparisons, timed in the same rounds by the format benchmarks' own "
            "pipelines (`--peers`): dan's time ÷ the other's, or, for pandoc, how many times faster "
            "dan is; median of the rounds (min–max).",
            "",
            "| document | compared with | its s | **Python** | **compiled** |",
            "|---|---|---:|---:|---:|",
        ]
        for r, key in peer_rows:
            peer = f"peer_{key}"
            how = "faster" if r[f"{peer}_faster"] else "the time"
            cells = [
                f"**{r[f'{b}_vs_{peer}']}× {how}** ({r[f'{b}_vs_{peer}_min']}–{r[f'{b}_vs_{peer}_max']})"
                for b in ("python", "compiled")
            ]
            lines.append(f"| {NAMES[r['format']]} | {r[f'{peer}_label']} | {r[f'{peer}_median_s']:.3f} | {cells[0]} | {cells[1]} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worker", nargs=2, metavar=("PIPELINE", "FILE"), help=argparse.SUPPRESS)
    parser.add_argument("--runs", type=int, default=5, help="runs per build and document (median reported)")
    parser.add_argument("--pages", type=int, default=300, help="pages of the generated DOCX")
    parser.add_argument("--md-mb", type=float, default=1.0, help="MB of generated Markdown")
    parser.add_argument("--mb", type=float, default=5.0, help="MB of generated HTML and of RTF")
    parser.add_argument("--only", nargs="*", choices=FORMATS, help="formats to run")
    parser.add_argument("--baseline", metavar="REV", help="also time this commit's dan (as Python) in the same rounds")
    parser.add_argument("--peers", action="store_true", help="also time the pipelines the other targets compare with")
    parser.add_argument("--update-docs", action="store_true", help="write the section of docs/benchmarks.md")
    args = parser.parse_args(argv)
    if args.worker:
        child_main(_prepare, *args.worker)
        return 0
    started = dt.datetime.now(dt.timezone.utc)
    built = compiled_copy()
    python = python_copy()
    base = baseline(args.baseline) if args.baseline else None
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        files = _documents(Path(tmp), args)
        for fmt in args.only or FORMATS:
            row = measure_format(fmt, files[fmt], args.runs, built, base, args.peers, python)
            print(
                f"{fmt:9} {row['input_mb']:>6} MB  Python {row['python_median_s']:.3f} s  "
                f"compiled {row['compiled_median_s']:.3f} s  {row['speedup']}x  identical"
                + (
                    f"  | {args.baseline} {row['baseline_median_s']:.3f} s: Python {row['python_vs_baseline']}x, "
                    f"compiled {row['compiled_vs_baseline']}x"
                    if base is not None
                    else ""
                ),
                flush=True,
            )
            rows.append(row)
    report = {
        "benchmark": "compiled",
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "runs": args.runs,
        "compiled_modules": rows[0]["compiled_modules"] if rows else 0,
        "baseline": args.baseline or "",
        "rows": rows,
        **run_facts(sys.argv if argv is None else [__file__, *argv]),
    }
    publish("bench_compiled", report, started, render, False)
    if args.update_docs:
        replace_section(SECTION, render(report).rstrip())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
