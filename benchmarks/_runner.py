"""Run one benchmark pipeline in a fresh child process; measure its time and peak RSS.

A benchmark script calls :func:`run_child` with its own path and a pipeline name; the
child (the same script with ``--worker NAME ARG``) imports what it needs, times the work
with ``time.perf_counter`` and prints one JSON line, including its peak resident set
size read from ``VmHWM`` in ``/proc/self/status`` — the high-water mark of the child's
own address space, which starts fresh at exec. (``os.wait4``'s ``ru_maxrss`` is only a
fallback: Linux carries the parent's high-water mark at fork into it, which inflates
every child of a parent that has generated a large input.)

A pipeline named ``<name>@base`` is ``<name>`` run on the dan and ven of another commit
(:func:`baseline`, a script's ``--baseline REV``): its child puts that commit's sources
first on ``sys.path``, so "before" and "after" are measured side by side in one run.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

__all__ = ["BASE", "ROOT", "baseline", "child_main", "label", "load_dan", "measure", "run_child"]

#: The suffix of a pipeline run on the baseline commit's dan and ven.
BASE = "@base"
_BASE_ENV = "DANVEN_BENCH_BASELINE"


def label(labels: dict[str, str], name: str, rev: str) -> str:
    """A pipeline's label in a docs table: ``labels[name]``, or for ``<name>@base`` that
    label (not bold) at commit ``rev``."""
    if name.endswith(BASE):
        return labels[name[: -len(BASE)]].strip("*") + f" at `{rev}`"
    return labels[name]


def baseline(rev: str) -> Path:
    """The ``dan`` and ``ven`` sources of commit ``rev``, extracted once into the temporary
    directory (``git archive``; nothing is checked out or registered in the repository)."""
    import tarfile
    import tempfile

    sha = subprocess.run(
        ["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], cwd=ROOT, capture_output=True, text=True
    )
    if sha.returncode != 0:
        raise SystemExit(f"--baseline {rev}: not a commit of this repository ({sha.stderr.strip()})")
    commit = sha.stdout.strip()
    where = Path(tempfile.gettempdir()) / f"danven-baseline-{commit[:12]}"
    if not (where / "dan" / "__init__.py").is_file():
        archive = subprocess.run(["git", "archive", commit, "dan", "ven"], cwd=ROOT, capture_output=True, check=True)
        where.mkdir(parents=True, exist_ok=True)
        import io

        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(where, filter="data")
    (where / "COMMIT").write_text(commit, encoding="ascii")
    return where


def run_child(
    script: Path,
    name: str,
    arg: str,
    *,
    timeout_s: float | None = None,
    memory_mb: int | None = None,
    base: Path | None = None,
) -> tuple[dict, float]:
    """Run ``script --worker name arg``; return its JSON result and peak RSS in MB.

    ``timeout_s`` kills the child past that many seconds, ``memory_mb`` caps its address
    space (``RLIMIT_AS``); either ends the run as an error saying which limit was hit.
    ``base`` is the baseline's sources, for a ``<name>@base`` pipeline.
    """
    env = {**os.environ, "PYTHONPATH": str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", "")}
    if name.endswith(BASE):
        if base is None:
            raise ValueError(f"{name}: a baseline pipeline needs the baseline's sources (base=)")
        env[_BASE_ENV] = str(base)

    def cap() -> None:
        if memory_mb is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory_mb * 2**20, memory_mb * 2**20))

    proc = subprocess.Popen(
        [sys.executable, str(script), "--worker", name, arg],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=str(ROOT),
        env=env,
        preexec_fn=cap if memory_mb is not None else None,
    )
    chunks: dict[str, bytes] = {}

    def drain(key: str, stream: Any) -> None:
        chunks[key] = stream.read() if stream else b""

    readers = [threading.Thread(target=drain, args=(k, st)) for k, st in (("out", proc.stdout), ("err", proc.stderr))]
    for t in readers:
        t.start()
    killed = threading.Event()

    def kill() -> None:
        killed.set()
        proc.kill()

    timer = threading.Timer(timeout_s, kill) if timeout_s is not None else None
    if timer is not None:
        timer.start()
    _, status, usage = os.wait4(proc.pid, 0)  # (its own rusage: the fallback peak RSS)
    if timer is not None:
        timer.cancel()
    for t in readers:
        t.join()
    out, err = chunks.get("out", b""), chunks.get("err", b"")
    proc.returncode = os.waitstatus_to_exitcode(status)
    if killed.is_set():
        return {"error": [f"killed after the {timeout_s:.0f} s time limit"]}, usage.ru_maxrss / 1024
    rss_mb = usage.ru_maxrss / 1024
    if proc.returncode != 0:
        if memory_mb is not None and b"MemoryError" in err:
            return {"error": [f"out of memory under the {memory_mb:,} MB limit"]}, rss_mb
        return {"error": err.decode(errors="replace").strip().splitlines()[-1:] or ["failed"]}, rss_mb
    result = json.loads(out.decode().strip().splitlines()[-1])
    own = result.pop("vm_hwm_mb", None)
    return result, own if own is not None else rss_mb


class _Runs:
    """The runs of one pipeline as they come: times, peak RSS, the tool's RSS, the rest."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.times: list[float] = []
        self.rss: list[float] = []
        self.tools: list[float] = []
        self.extra: dict = {}
        self.skipped: str | None = None

    def add(self, result: dict, peak: float) -> bool:
        """Keep one child's result; False (and the reason kept) when it did not time the work."""
        if "seconds" not in result:
            reason = result.get("skipped") or result.get("error") or "failed"
            self.skipped = reason if isinstance(reason, str) else " ".join(reason)
            return False
        self.times.append(result.pop("seconds"))
        self.rss.append(peak)
        self.tools.append(result.pop("tool_rss_mb", 0.0))
        self.extra = result
        return True

    def row(self) -> dict:
        if self.skipped is not None:
            return {"pipeline": self.name, "skipped": self.skipped}
        times = self.times
        return {
            "pipeline": self.name,
            "median_s": round(statistics.median(times), 4),
            "min_s": round(min(times), 4),
            "max_s": round(max(times), 4),
            "peak_rss_mb": round(max(self.rss), 1),
            **({"tool_rss_mb": round(max(self.tools), 1)} if any(self.tools) else {}),
            "runs": len(times),
            **self.extra,
        }


def measure(
    script: Path,
    name: str,
    arg: str,
    runs: int,
    *,
    timeout_s: float | None = None,
    memory_mb: int | None = None,
    base: Path | None = None,
) -> dict:
    """Median/min/max seconds and peak RSS over ``runs`` children, or why it was skipped
    (limits as :func:`run_child` takes them)."""
    acc = _Runs(name)
    for _ in range(runs):
        result, peak = run_child(script, name, arg, timeout_s=timeout_s, memory_mb=memory_mb, base=base)
        if not acc.add(result, peak):
            break
    return acc.row()


def measure_paired(
    script: Path,
    name: str,
    arg: str,
    runs: int,
    base: Path,
    *,
    timeout_s: float | None = None,
) -> tuple[dict, dict]:
    """``name`` and ``name@base`` (dan at the baseline commit) run in turn — A B A B … — so
    that a drift of the machine's speed hits both alike: their rows as :func:`measure` gives
    them, the baseline's with ``paired_speedup`` (the median over the pairs of the
    baseline's time ÷ this commit's; above 1 is faster now) and its min and max, which show
    how noisy the machine was."""
    now, then = _Runs(name), _Runs(name + BASE)
    for _ in range(runs):
        for acc in (now, then):
            result, peak = run_child(script, acc.name, arg, timeout_s=timeout_s, base=base)
            if not acc.add(result, peak):
                return now.row(), then.row()
    ratios = [b / a for a, b in zip(now.times, then.times) if a > 0]
    row = then.row()
    if ratios:
        row["paired_speedup"] = round(statistics.median(ratios), 3)
        row["paired_speedup_min"] = round(min(ratios), 3)
        row["paired_speedup_max"] = round(max(ratios), 3)
    return now.row(), row


def measure_all(
    script: Path, names: Sequence[str], arg: str, runs: int, base: Path | None, paired: Sequence[str]
) -> list[dict]:
    """The rows of ``names`` in order (:func:`measure`), then, when ``base`` is given, the
    baseline's rows of the ``paired`` names: each of those is measured in turn with its
    baseline (:func:`measure_paired`) instead of alone."""
    rows: list[dict] = []
    later: list[dict] = []
    for name in names:
        if base is not None and name in paired:
            now, then = measure_paired(script, name, arg, runs, base)
            rows.append(now)
            later.append(then)
        else:
            rows.append(measure(script, name, arg, runs))
    return rows + later


def paired_note(then: dict) -> str:
    """How a before/after ratio was taken, for the docs: the pairs and their spread."""
    if "paired_speedup" not in then:
        return ""
    return (
        f" (median of {then['runs']} pairs run in turn; "
        f"{then['paired_speedup_min']:.2f}–{then['paired_speedup_max']:.2f})"
    )


def speedup(now: dict, then: dict) -> float:
    """How many times faster ``now`` is than ``then`` (a baseline row): the paired median when
    the two were measured in turn (:func:`measure_paired`), else the ratio of the medians."""
    if "paired_speedup" in then:
        return float(then["paired_speedup"])
    return then["median_s"] / now["median_s"]


def load_dan(*formats: str) -> None:
    """A child's one-time set-up for dan, before the clock starts: import dan, build its
    o200k tokenizer and import the readers of ``formats``.

    dan imports a format's reader (and what it needs: lxml, markdown-it) on the first
    conversion of that format. Left to the timed part, those imports (10–20 ms) would be
    counted as conversion time, while every other pipeline imports its tools before the
    clock starts. (``dan.readers.reader_for`` is in the baselines too.)"""
    from dan.readers import reader_for
    from dan.tokenizer import encoding

    encoding()
    for fmt in formats:
        reader_for(fmt)


def child_main(prepare: Callable[[str, str], Callable[[], dict]], name: str, arg: str) -> None:
    """Child side: ``prepare(name, arg)`` imports and returns the work; time it and print JSON.

    For a ``<name>@base`` pipeline, ``prepare`` gets ``<name>`` with the baseline's dan and
    ven first on ``sys.path``."""
    base = os.environ.get(_BASE_ENV)
    if name.endswith(BASE):
        if not base:
            raise SystemExit(f"{name}: no baseline sources given")
        sys.path.insert(0, base)
        name = name[: -len(BASE)]
    try:
        work = prepare(name, arg)
    except ImportError as exc:
        print(json.dumps({"skipped": f"{type(exc).__name__}: {exc}"}))
        return
    t0 = time.perf_counter()
    extra = work()
    elapsed = time.perf_counter() - t0
    loaded = sys.modules.get("dan")
    if base and loaded is not None and not str(getattr(loaded, "__file__", "")).startswith(base):
        raise SystemExit(f"{name}@base imported dan from {loaded.__file__}, not from the baseline {base}")
    hwm = _vm_hwm_mb()
    report = {"seconds": elapsed, **extra}
    if hwm is not None:
        report["vm_hwm_mb"] = hwm
    tool = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    if tool:
        # a tool the pipeline ran as a process of its own (pandoc): its peak, as an upper
        # bound (it includes this process's resident pages at the moment it was started)
        report["tool_rss_mb"] = round(tool, 1)
    print(json.dumps(report))


def _vm_hwm_mb() -> float | None:
    """This process's peak resident set size in MB (Linux), or None."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None
