"""``python -m dan``: the same command line as the ``dan`` console script."""

from __future__ import annotations

from dan.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
