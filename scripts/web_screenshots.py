"""Regenerate the screenshots of the web page in docs/img/ (used by docs/web.md).

    python scripts/web_screenshots.py            # needs Chromium (/usr/bin/chromium) and playwright

Starts ``python -m demo serve`` on a temporary store, uploads the bundled samples through
the API, and photographs the page at desktop and phone width: a question with its answer
and "how it was answered" opened; an answer item's passage with the quote highlighted; a
search whose results show a table; a document's chunks with revisions and comments; the
phone layout of an answer and of a passage.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from benchmarks._server import start_server
from demo import samples

OUT = ROOT / "docs" / "img"
QUESTION = "Who changed the payment terms in the Northwind and CranePoint services agreement, and what did they change?"
CHROMIUM = os.environ.get("DEMO_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def load(base: str, token: str) -> None:
    with httpx.Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=60) as c:
        cid = c.post("/api/collections", json={"name": "Sample documents"}).json()["id"]
        jobs = [c.post(f"/api/knowledge/{cid}/documents", files={"file": (p.name, p.read_bytes())}).json()["job_id"] for p in samples.paths()]
        while any(c.get(f"/api/knowledge/{cid}/jobs/{j}").json()["state"] not in ("ready", "failed") for j in jobs):
            time.sleep(0.2)


def _ask(page) -> None:  # type: ignore[no-untyped-def]
    page.fill("#question", QUESTION)
    page.click("#ask-form button[type=submit]")
    page.wait_for_selector("#answer ol.citations a")


def _open_first_item(page) -> None:  # type: ignore[no-untyped-def]
    page.locator("#answer ul.extract li").filter(has_text="forty-five").locator("cite a.citation").first.click()
    page.wait_for_selector("dialog#passage[open]")
    page.wait_for_timeout(200)


def main() -> None:
    from playwright.sync_api import sync_playwright

    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        proc, base, token = start_server(Path(tmp), "demo")
        try:
            load(base, token)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                for name, viewport in (("desktop", {"width": 1280, "height": 900}), ("phone", {"width": 390, "height": 844})):
                    page = browser.new_context(viewport=viewport, device_scale_factor=1, bypass_csp=True).new_page()
                    page.goto(base + "/")
                    page.fill("#token", token)
                    page.press("#token", "Enter")
                    page.wait_for_selector("#documents li[data-document]")
                    _ask(page)
                    if name == "phone":
                        page.evaluate("document.getElementById('answer').scrollIntoView({block: 'start'})")
                        page.screenshot(path=str(OUT / "web-phone.png"))
                        _open_first_item(page)
                        page.screenshot(path=str(OUT / "web-phone-passage.png"))
                        continue
                    page.locator("#answer details.how > summary").click()
                    page.evaluate("document.getElementById('ask-form').scrollIntoView({block: 'start'})")
                    page.screenshot(path=str(OUT / "web-ask-desktop.png"))
                    _open_first_item(page)
                    page.screenshot(path=str(OUT / "web-passage-desktop.png"))
                    page.keyboard.press("Escape")
                    page.click("#tab-search")
                    page.fill("#search-query", "spindle bearing high speed lead time")
                    page.select_option("#search-mode", "hybrid")
                    page.click("#search-form button[type=submit]")
                    page.wait_for_selector("#results li.result table.md-table")
                    page.screenshot(path=str(OUT / "web-search-desktop.png"))
                    page.get_by_role("button", name="Master Services Agreement — Northwind Traders and CranePoint Manufacturing").click()
                    page.wait_for_selector("#chunks li.chunk .facts li.revision")
                    page.locator("#chunks li.chunk .facts li.revision").first.scroll_into_view_if_needed()
                    page.screenshot(path=str(OUT / "web-browse-desktop.png"))
                browser.close()
        finally:
            proc.terminate()
            proc.wait()
    for f in sorted(OUT.glob("web-*.png")):
        print(f.relative_to(ROOT), f.stat().st_size, "bytes")


if __name__ == "__main__":
    main()
