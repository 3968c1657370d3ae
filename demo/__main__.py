"""``python -m demo``: the RAG application on the command line (``demo.app``; ``python -m demo --help``)."""

from __future__ import annotations

import sys

from demo.app import main

if __name__ == "__main__":
    sys.exit(main())
