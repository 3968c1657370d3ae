"""``python -m ven``: the same command line as the ``ven`` console script."""

from __future__ import annotations

from ven.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
