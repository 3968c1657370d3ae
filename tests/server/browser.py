"""Headless Chromium for the page tests: Debian's /usr/bin/chromium driven by Playwright.

Nothing is downloaded: Playwright's own browser download is never used. Where no Chromium
exists the tests are skipped with that reason — unless ``DEMO_REQUIRE_BROWSER=1`` (set by
``.ci/run``), which makes them fail.
"""

from __future__ import annotations

import os
import shutil

import pytest

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]


def chromium_path() -> str | None:
    """Chromium to drive: $DEMO_CHROMIUM, or Debian's."""
    for candidate in (os.environ.get("DEMO_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def require_browser() -> str:
    """The browser's path, or skip (fail under DEMO_REQUIRE_BROWSER=1) with the reason."""
    reason = ""
    path = chromium_path()
    if path is None:
        reason = "browser tests skipped: no Chromium (apt-get install chromium, or set DEMO_CHROMIUM)"
    else:
        try:
            import playwright  # noqa: F401
        except ImportError:
            reason = "browser tests skipped: playwright is not installed (the dev extra has it)"
    if reason:
        if os.environ.get("DEMO_REQUIRE_BROWSER") == "1":
            pytest.fail(reason.replace("skipped", "REQUIRED (DEMO_REQUIRE_BROWSER=1)"))
        pytest.skip(reason)
    assert path is not None
    return path
