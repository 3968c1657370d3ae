"""The web page at ``/``, its static files, the favicon and the Swagger UI page at ``/docs``
(assets served locally from ``swagger-ui-bundle``; no CDN)."""

from __future__ import annotations

import logging
from pathlib import Path

from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles

__all__ = ["DOCS_CSP", "install"]

log = logging.getLogger("demo.server")

# Swagger UI runs inline code; it gets its own, still local-only policy.
DOCS_CSP = "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'"


def install(app: FastAPI, static_dir: Path) -> None:
    """Add the page, ``/static``, ``/favicon.ico``, ``/docs`` and ``/docs-assets`` to ``app``
    (mounts, so on the application itself, not a router)."""

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(static_dir / "index.html", media_type="text/html; charset=utf-8")

    app.mount("/static", StaticFiles(directory=static_dir), name="static")

    @app.get("/favicon.ico", include_in_schema=False)
    def favicon() -> FileResponse:
        # Browsers ask for /favicon.ico whatever the page links: the same SVG icon, no 404.
        return FileResponse(static_dir / "favicon.svg", media_type="image/svg+xml")

    @app.get("/docs", include_in_schema=False)
    def docs() -> HTMLResponse:
        page = get_swagger_ui_html(
            openapi_url="/openapi.json",
            title="dan + ven API",
            swagger_js_url="/docs-assets/swagger-ui-bundle.js",
            swagger_css_url="/docs-assets/swagger-ui.css",
            swagger_favicon_url="/docs-assets/favicon-32x32.png",
        )
        page.headers["Content-Security-Policy"] = DOCS_CSP
        return page

    try:
        import swagger_ui_bundle

        app.mount("/docs-assets", StaticFiles(directory=swagger_ui_bundle.swagger_ui_path), name="docs-assets")
    except ImportError:  # the docs page then shows only its title; /openapi.json is complete
        log.warning("swagger-ui-bundle is not installed: /docs cannot load its assets")
