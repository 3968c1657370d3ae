"""Make the test helper modules importable under --import-mode=importlib; shared fixtures.

PostgreSQL: tests that take ``pg_url`` run when ``DEMO_TEST_POSTGRES_URL`` names a server
where the test role may create databases and the ``vector`` extension (``.ci/postgres.sh
start DIR`` starts one); each test gets a database of its own. Without it they are skipped
with that reason — unless ``DEMO_REQUIRE_POSTGRES=1`` (set by ``.ci/run``), which makes them
fail.
"""

from __future__ import annotations

import os
import secrets
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

sys.path.insert(0, str(Path(__file__).parent / "dan"))

PG_URL = os.environ.get("DEMO_TEST_POSTGRES_URL", "")
REQUIRE_PG = os.environ.get("DEMO_REQUIRE_POSTGRES") == "1"


def pytest_configure(config: pytest.Config) -> None:
    """Refuse to test stale compiled modules: an editable install (``make test``) compiles
    dan's hot modules in place, and one older than its changed source would run instead of
    the change (``make compiled``, or ``scripts/compile.py --clean``)."""
    from dan.native import stale_modules

    stale = stale_modules()
    if stale:
        raise pytest.UsageError(
            f"{len(stale)} of dan's compiled modules are older than their changed sources "
            f"({', '.join(stale[:3])}{', ...' if len(stale) > 3 else ''}): the tests would run the old code. "
            "Compile again (make compiled) or go back to pure Python (python scripts/compile.py --clean)."
        )


def pytest_report_header(config: pytest.Config) -> str:
    """Which build of dan the tests run (shown without -q)."""
    from dan.native import compiled_modules

    count = len(compiled_modules())
    return f"dan: {f'compiled ({count} modules)' if count else 'pure Python'}"


def _pg_unavailable() -> str:
    if not PG_URL:
        return "PostgreSQL half skipped: set DEMO_TEST_POSTGRES_URL (.ci/postgres.sh start DIR prints one)"
    try:
        import pgvector  # noqa: F401
        import psycopg  # noqa: F401
    except ImportError:
        return "PostgreSQL half skipped: install the postgres extra (pip install -e '.[postgres]')"
    return ""


def _with_db(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))


@pytest.fixture(scope="session")
def pg_admin() -> Iterator[object]:
    reason = _pg_unavailable()
    if reason:
        if REQUIRE_PG:
            pytest.fail(reason.replace("skipped", "REQUIRED (DEMO_REQUIRE_POSTGRES=1)"))
        pytest.skip(reason)
    import psycopg

    conn = psycopg.connect(PG_URL, autocommit=True)
    yield conn
    conn.close()


@pytest.fixture
def pg_url(pg_admin) -> Iterator[str]:  # type: ignore[no-untyped-def]
    name = "danven_test_" + secrets.token_hex(6)
    pg_admin.execute(f"CREATE DATABASE {name}")
    try:
        yield _with_db(PG_URL, name)
    finally:
        pg_admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


