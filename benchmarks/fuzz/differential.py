"""Differential fuzzing: today's dan against another commit's on the same mutated inputs.

For a change meant to keep every output byte-identical (a reader rewritten for speed), the
golden test covers the corpus; this covers what the corpus does not: ``--inputs`` inputs
of one format (the fuzzer's seeds and their mutations, ``fuzz_dan.mutate``, seeded),
converted by both versions, each in a child process of its own. An input whose chunks and
records differ, or that raises anything but a ``DanError`` in either, is reported.

    python benchmarks/fuzz/differential.py --baseline ef34fd6 --kind html --inputs 4000

Writes ``benchmarks/results/differential_<kind>.json``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

from benchmarks._runner import baseline  # noqa: E402


def _convert_all(root: str, inputs: str, kind: str, max_tokens: int, out: str) -> None:
    """Child side: convert every file of ``inputs`` with the dan found at ``root``."""
    sys.path.insert(0, root)
    import dan

    if not dan.__file__ or not dan.__file__.startswith(root):
        raise SystemExit(f"imported dan from {dan.__file__}, not from {root}")
    res: dict[str, str] = {}
    for p in sorted(Path(inputs).iterdir()):
        try:
            r = dan.convert(p.read_bytes(), kind, max_tokens=max_tokens)
            body = json.dumps({"c": list(r.chunks), "r": [dict(x) for x in r.records]}, sort_keys=True, ensure_ascii=False)
            res[p.name] = hashlib.sha256(body.encode("utf-8", "surrogatepass")).hexdigest()
        except dan.DanError as exc:
            res[p.name] = "error:" + type(exc).__name__
        except Exception as exc:  # a crash: reported, not raised
            res[p.name] = f"CRASH:{type(exc).__name__}:{str(exc)[:100]}"
    Path(out).write_text(json.dumps(res), encoding="utf-8")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", required=True, metavar="REV", help="the commit to compare with")
    ap.add_argument("--kind", default="html", help="format family of the fuzzer's seeds")
    ap.add_argument("--inputs", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=77)
    ap.add_argument("--max-tokens", type=int, default=256)
    ap.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        root, inputs, out, max_tokens = args.child
        _convert_all(root, inputs, args.kind, int(max_tokens), out)
        return 0
    import fuzz_dan

    pool = fuzz_dan.seeds()[args.kind]
    rng = random.Random(args.seed)
    base = baseline(args.baseline)
    with tempfile.TemporaryDirectory() as tmp:
        inputs = Path(tmp) / "in"
        inputs.mkdir()
        for i in range(args.inputs):  # every fourth input is a seed as it is
            data = fuzz_dan.mutate(args.kind, rng.choice(pool), rng) if i % 4 else rng.choice(pool)
            (inputs / f"{i:06d}.{args.kind}").write_bytes(data)
        outs = {}
        for name, root in (("now", ROOT), ("baseline", base)):
            out = Path(tmp) / f"{name}.json"
            subprocess.run(
                [sys.executable, __file__, "--kind", args.kind, "--baseline", args.baseline,
                 "--child", str(root), str(inputs), str(out), str(args.max_tokens)],
                check=True,
            )
            outs[name] = json.loads(out.read_text(encoding="utf-8"))
    now, before = outs["now"], outs["baseline"]
    differ = sorted(k for k in now if now[k] != before.get(k))
    crashes = {n: sum(v.startswith("CRASH") for v in o.values()) for n, o in outs.items()}
    report = {
        "benchmark": "differential",
        "kind": args.kind,
        "baseline": base.joinpath("COMMIT").read_text(encoding="ascii")[:10],
        "inputs": args.inputs,
        "seed": args.seed,
        "max_tokens": args.max_tokens,
        "outcomes_now": dict(Counter(v.split(":")[0] if ":" in v else "converted" for v in now.values())),
        "different_outputs": len(differ),
        "different_examples": differ[:20],
        "crashes": crashes,
    }
    target = ROOT / "benchmarks" / "results" / f"differential_{args.kind}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(report, indent=2), encoding="utf-8")
    print(json.dumps(report, indent=2))
    return 1 if differ or any(crashes.values()) else 0


if __name__ == "__main__":
    raise SystemExit(main())
