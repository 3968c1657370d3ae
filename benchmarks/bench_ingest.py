"""Ingestion throughput of the knowledge store's worker on a folder of mixed files.

The folder: the 17 documents of ``benchmarks/quality`` (DOCX, HTML, Markdown, RTF) and the
two text PDFs of ``tests/data/pdf``. Each run opens a fresh SQLite store with the neural
default embedding (MiniLM), queues every file, runs the store's background worker until
the queue is empty and reports documents/s and chunks/s (wall time from the first job's
claim to the last activation). ``--sequential`` runs the worker one job at a time
(``convert_ahead=False``; older code has only that). ``--save`` writes every passage's vector
(keyed by file and chunk number) to an ``.npz``; ``--compare`` reports the cosine of this
run's vectors to a saved run's (same model and settings: at least 0.999 expected).

Run it once per code version and mode, alternating, in fresh processes (the machine's load
moves a lot), e.g. with ``PYTHONPATH`` at an older checkout for the "before" runs:

    python benchmarks/bench_ingest.py --save /tmp/before.npz --sequential   # older code
    python benchmarks/bench_ingest.py --compare /tmp/before.npz
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks.quality.collection import write_collection
from demo.store import AccessContext, KnowledgeStore, MiniLMProvider, StoreOptions

ME = AccessContext("bench")
PDFS = ("census-arrests-2009.pdf", "reviewed-contract.pdf")


def folder(directory: Path) -> list[Path]:
    """The mixed files, written into ``directory``."""
    write_collection(directory)
    files = sorted(p for p in directory.rglob("*") if p.is_file() and p.suffix in (".docx", ".html", ".md", ".rtf"))
    return files + [ROOT / "tests" / "data" / "pdf" / name for name in PDFS]


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sequential", action="store_true", help="one job at a time (no converting ahead)")
    ap.add_argument("--save", help="write the passages' vectors to this .npz")
    ap.add_argument("--compare", help="cosine of this run's vectors to a saved .npz")
    ap.add_argument("--label", default="")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-ingest-") as tmp:
        files = folder(Path(tmp) / "docs")
        store = KnowledgeStore(os.path.join(tmp, "kb.db"), options=StoreOptions(), embeddings=MiniLMProvider())
        try:
            cid = store.create_collection("Ingest", ME).id
            store.search(cid, "warm the query model", ME, mode="keyword")
            MiniLMProvider().embed_documents(["warm"])  # the files are read once before timing
            for path in files:
                store.enqueue(cid, path.name, path.read_bytes(), ME)
            t0 = time.perf_counter()
            if args.sequential:
                try:
                    store.start_worker(poll=0.05, convert_ahead=False)  # type: ignore[call-arg]
                except TypeError:  # older code: the worker is sequential
                    store.start_worker(poll=0.05)
            else:
                store.start_worker(poll=0.05)
            store.wait_idle(timeout=3600, poll=0.05)
            wall = time.perf_counter() - t0
            store.stop_worker()
            with store.backend.read() as tx:
                rows = tx.rows(
                    "SELECT d.file_name, p.seq, p.embedding FROM passages p JOIN documents d ON d.id = p.document_id ORDER BY d.file_name, p.seq"
                )
            failed = [j.file_name for j in store.list_jobs(cid, ME) if j.state.value != "ready"]
        finally:
            store.close()
    keys = [f"{name}#{seq}" for name, seq, _ in rows]
    vecs = np.stack([np.frombuffer(blob, dtype="<f4") for _, _, blob in rows])
    out: dict[str, object] = {
        "label": args.label or ("sequential" if args.sequential else "convert-ahead"),
        "documents": len(files),
        "chunks": len(keys),
        "failed": failed,
        "seconds": round(wall, 2),
        "docs_per_s": round(len(files) / wall, 3),
        "chunks_per_s": round(len(keys) / wall, 2),
        "load_average": os.getloadavg()[0],
    }
    if args.save:
        np.savez(args.save, keys=np.array(keys), vectors=vecs)
    if args.compare:
        saved = np.load(args.compare)
        ref = dict(zip(saved["keys"].tolist(), saved["vectors"]))
        common = [i for i, k in enumerate(keys) if k in ref]
        cos = np.array([float(vecs[i] @ ref[keys[i]]) for i in common])
        out["compared"] = len(common)
        out["cosine_min"] = round(float(cos.min()), 6) if len(cos) else None
        out["cosine_mean"] = round(float(cos.mean()), 6) if len(cos) else None
    print(json.dumps(out))


if __name__ == "__main__":
    main()
