"""``python -m demo worker`` with a conversion that parks, for the worker-command tests.

    python worker_child.py DIR <arguments of python -m demo worker>

A file whose name starts with ``park-`` is not converted until ``DIR/go`` exists; while it
waits, ``DIR/parked`` exists. So a test can signal (or kill) a real worker process at a
known point: inside dan's conversion of that file, with the job claimed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from demo.app import main
from demo.store import ingest


def parking(real):  # type: ignore[no-untyped-def]
    def convert(file_name, *args, **kwargs):  # type: ignore[no-untyped-def]
        if file_name.startswith("park-"):
            (DIR / "parked").write_text(file_name, encoding="utf-8")
            while not (DIR / "go").exists():
                time.sleep(0.02)
        return real(file_name, *args, **kwargs)

    return convert


if __name__ == "__main__":
    DIR = Path(sys.argv[1])
    ingest.convert_source = parking(ingest.convert_source)  # type: ignore[assignment]
    sys.exit(main(["worker", *sys.argv[2:]]))
