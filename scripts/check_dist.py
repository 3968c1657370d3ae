"""Build the source distribution and the wheel in a clean venv, install from each, and check
the build each installs and its output.

    python scripts/check_dist.py            # CI: .ci/run calls it (three to five minutes)
    python scripts/check_dist.py --keep DIR # keep the venvs and the distributions in DIR

What it checks:

1. ``python -m build`` (in a venv of its own) makes the sdist, then the wheel from the sdist:
   the wheel is a platform wheel holding every compiled module of ``scripts/compile.py``
   (this machine has a C compiler: CI installs gcc), the sdist holds what the build hook needs.
2. The wheel, installed in a clean venv: ``dan --version`` says ``(compiled: N modules)``.
3. The sdist, installed in another clean venv with no C compiler (``CC=false``): the install
   succeeds, says in one line that it is the pure-Python build, and ``dan --version`` says
   ``(compiled: no)``.
4. Both installs convert every golden fixture (``tests/data``, ``demo/samples``) and the
   benchmark documents of ``tests/test_corpus_sweep.py`` to the SHA-256 recorded in
   ``tests/data/golden.json``: the two builds are byte-identical.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import compile as compile_script  # noqa: E402

PIP = ("-m", "pip", "install", "--quiet", "--disable-pip-version-check")

#: Run by each installed build (from a directory outside the checkout): convert the golden
#: fixtures, as tests/test_corpus_sweep.py does, and print one JSON object of key -> outcome.
GOLDEN_RUN = r"""
import hashlib, json, sys
from pathlib import Path
import dan
root = Path(sys.argv[1])
assert "site-packages" in dan.__file__, dan.__file__
SUFFIXES = {".docx", ".docm", ".dotx", ".rtf", ".pdf", ".html", ".htm", ".md", ".markdown", ".txt"}
def digest(res):
    body = json.dumps({"chunks": list(res.chunks), "records": res.records}, ensure_ascii=False, sort_keys=True)
    return hashlib.sha256(body.encode("utf-8")).hexdigest()
out = {}
for label, base in (("tests-data", root / "tests" / "data"), ("samples", root / "demo" / "samples")):
    for path in sorted(base.rglob("*")):
        rel = path.relative_to(base).parts
        if not path.is_file() or path.suffix.lower() not in SUFFIXES or any(p.startswith("_ref") for p in rel):
            continue
        key = f"{label}/{path.relative_to(base).as_posix()}"
        try:
            res = dan.convert(path, max_tokens=512)
        except dan.DanError as exc:
            out[key] = f"error:{type(exc).__name__}"
            continue
        out[key] = digest(res)
# the benchmark documents of the sweep, made by bench_documents() beside the manifest
manifest = Path(sys.argv[2])
for key, name, fmt in json.loads(manifest.read_text(encoding="utf-8")):
    data = (manifest.parent / name).read_bytes()
    for max_tokens in (256, 1024):
        out[f"{key}@{max_tokens}"] = digest(dan.convert(data, fmt, max_tokens=max_tokens))
assert "site-packages" in sys.modules["dan"].__file__
print(json.dumps(out))
"""


def run(cmd: list[str], **kwargs: object) -> subprocess.CompletedProcess[str]:
    print("+", " ".join(a if len(a) < 80 else a[:40].split("\n")[0] + " ..." for a in cmd), flush=True)
    proc = subprocess.run(cmd, text=True, capture_output=True, **kwargs)  # type: ignore[call-overload]
    if proc.returncode != 0:
        raise SystemExit(f"failed (exit {proc.returncode}): {' '.join(cmd)}\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}")
    return proc


def venv(where: Path) -> Path:
    run([sys.executable, "-m", "venv", str(where)])
    return where / "bin" / "python"


def bench_documents(where: Path) -> Path:
    """The benchmark documents tests/test_corpus_sweep.py records, written into ``where``
    (made here: their generators need python-docx, which the clean venvs lack), and a
    manifest of them."""
    sys.path.insert(0, str(ROOT))
    from benchmarks import gen_docx, gen_markdown
    from benchmarks.quality.collection import build_collection

    docs = [(f"quality/{it.name}", it.data, it.doc.fmt) for it in build_collection()]
    docs.append(("bench/gen_docx-40-pages.docx", gen_docx.build(pages=40), "docx"))
    docs.append(("bench/gen_markdown-0.2mb.md", gen_markdown.build(mb=0.2).encode("utf-8"), "markdown"))
    where.mkdir(parents=True, exist_ok=True)
    manifest = []
    for i, (key, data, fmt) in enumerate(docs):
        (where / f"doc{i}").write_bytes(data)
        manifest.append((key, f"doc{i}", fmt))
    (where / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return where / "manifest.json"


def golden(python: Path, cwd: Path, manifest: Path) -> dict[str, str]:
    """The outcome of every golden fixture under the build installed for ``python``."""
    proc = run([str(python), "-c", GOLDEN_RUN, str(ROOT), str(manifest)], cwd=cwd)
    return json.loads(proc.stdout)


def check_golden(name: str, outcomes: dict[str, str]) -> None:
    recorded = json.loads((ROOT / "tests" / "data" / "golden.json").read_text(encoding="utf-8"))
    wrong = sorted(k for k, v in outcomes.items() if recorded.get(k) != v)
    if len(outcomes) < 10 or wrong:
        raise SystemExit(f"{name}: {len(wrong)} of {len(outcomes)} golden fixtures differ: {wrong[:10]}")
    print(f"{name}: all {len(outcomes)} golden fixtures convert as recorded", flush=True)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--keep", type=Path, help="work in this directory and keep it")
    args = p.parse_args(argv)
    why = compile_script.cannot_compile()
    if why is not None and "build tools" not in why:
        raise SystemExit(f"this check needs a C compiler: {why}")
    want = len(compile_script.MODULES) + len(compile_script.CYTHON)
    with tempfile.TemporaryDirectory(prefix="danven-dist-") as tmp:
        work = Path(tmp) if args.keep is None else args.keep.resolve()
        work.mkdir(parents=True, exist_ok=True)
        dist = work / "dist"
        env = {k: v for k, v in os.environ.items() if k not in (compile_script.PURE_ENV, "CC")}
        manifest = bench_documents(work / "bench")

        tools = venv(work / "tools")
        run([str(tools), *PIP, "build"])
        run([str(tools), "-m", "build", "--outdir", str(dist), str(ROOT)], env=env)
        (sdist,) = dist.glob("danven-*.tar.gz")
        (wheel,) = dist.glob("danven-*.whl")
        print(f"built {sdist.name} and {wheel.name}", flush=True)
        if wheel.name.endswith("-none-any.whl"):
            raise SystemExit(f"{wheel.name} is a pure-Python wheel: the compiled build was not made")
        names = set(zipfile.ZipFile(wheel).namelist())
        missing = [f for f in compile_script.expected_files() if f not in names]
        if missing:
            raise SystemExit(f"the wheel lacks compiled modules: {missing}")
        with tarfile.open(sdist) as tar:
            inside = {n.split("/", 1)[1] for n in tar.getnames() if "/" in n}
        for needed in ("scripts/hatch_build.py", "scripts/compile.py", *compile_script.CYTHON):
            if needed not in inside:
                raise SystemExit(f"the sdist lacks {needed}")

        py = venv(work / "from-wheel")
        run([str(py), *PIP, str(wheel)], env=env)
        version = run([str(py.parent / "dan"), "--version"], cwd=work).stdout.strip()
        print(version, flush=True)
        if not version.endswith(f"(compiled: {want} modules)"):
            raise SystemExit(f"the wheel's dan is not the compiled build: {version}")
        compiled = golden(py, work, manifest)
        check_golden("the wheel (compiled)", compiled)

        py = venv(work / "from-sdist")
        proc = run([str(py), "-m", "pip", "install", "-v", "--disable-pip-version-check", str(sdist)], env={**env, "CC": "false"})
        said = [line.strip() for line in (proc.stdout + proc.stderr).splitlines() if "danven:" in line]
        print("\n".join(said), flush=True)
        if not any("installing the pure-Python build" in line for line in said):
            raise SystemExit("the install without a C compiler did not say it installed the pure-Python build")
        version = run([str(py.parent / "dan"), "--version"], cwd=work).stdout.strip()
        print(version, flush=True)
        if not version.endswith("(compiled: no)"):
            raise SystemExit(f"the sdist installed without a C compiler is not the pure build: {version}")
        pure = golden(py, work, manifest)
        check_golden("the sdist without a compiler (pure Python)", pure)
        if pure != compiled:
            raise SystemExit("the two builds differ")
    print("dist check: ok", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
