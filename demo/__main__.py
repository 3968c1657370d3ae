"""``python -m demo``: convert the bundled sample documents and show chunks and records."""

from __future__ import annotations

import sys

from demo.app import main

if __name__ == "__main__":
    sys.exit(main())
