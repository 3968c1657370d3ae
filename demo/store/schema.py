"""The jobs table, described once: its columns, their types for both backends, the schema
version that added each, and which of them a :class:`~demo.store.values.Job` carries.

Read by: both backends' ``CREATE TABLE jobs`` (:func:`job_table_sql`), the migrations of
:data:`demo.store.db.MIGRATIONS` (a column added in a later version is an ``ALTER TABLE``,
:func:`job_migration`), :data:`demo.store.jobs.JOB_COLUMNS` and ``job_from_row`` (the
columns of :data:`JOB_FIELDS`, decoded by their type), and the HTTP API's ``JobOut``
(``demo/server/convert.py`` copies the ``public`` ones). A new job field is one
:class:`Column` here (with ``added_in`` the new :data:`~demo.store.db.SCHEMA_VERSION`),
one field of ``Job`` and one of ``JobOut``; ``tests/store/test_store_schema.py`` checks that
they agree and that a database written by the previous release opens and upgrades.
"""

from __future__ import annotations

from typing import Literal

from attrs import frozen

__all__ = ["JOB_FIELDS", "JOB_TABLE", "Column", "Dialect", "job_migration", "job_table_sql"]

Dialect = Literal["sqlite", "postgresql"]
ColumnType = Literal["serial", "text", "int", "bigint", "real"]

#: Each portable type in each backend's SQL.
_TYPES: dict[Dialect, dict[ColumnType, str]] = {
    "sqlite": {
        "serial": "INTEGER PRIMARY KEY AUTOINCREMENT",
        "text": "TEXT",
        "int": "INTEGER",
        "bigint": "INTEGER",
        "real": "REAL",
    },
    "postgresql": {
        "serial": "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY",
        "text": "TEXT",
        "int": "INTEGER",
        "bigint": "BIGINT",
        "real": "DOUBLE PRECISION",
    },
}


@frozen(slots=True)
class Column:
    """One column of the jobs table."""

    name: str
    type: ColumnType
    #: ``NOT NULL`` unless True.
    nullable: bool = False
    #: The SQL literal of its default (``"0"``, ``"''"``), or None.
    default: str | None = None
    unique: bool = False
    #: ``collections(id)``: a foreign key, deleted with its row.
    references: str = ""
    #: The schema version that added it (later than 1: added by a migration).
    added_in: str = "1"
    #: Shown in the HTTP API's job body (``JobOut``), when a :class:`Job` carries it.
    public: bool = True

    def sql(self, dialect: Dialect) -> str:
        """The column's definition in ``dialect``."""
        parts = [self.name, _TYPES[dialect][self.type]]
        if self.type != "serial":
            if not self.nullable:
                parts.append("NOT NULL")
            if self.unique:
                parts.append("UNIQUE")
            if self.references:
                parts.append(f"REFERENCES {self.references} ON DELETE CASCADE")
            if self.default is not None:
                parts.append(f"DEFAULT {self.default}")
        return " ".join(parts)


#: The jobs table, in column order.
JOB_TABLE: tuple[Column, ...] = (
    Column("seq", "serial"),
    Column("id", "text", unique=True),
    Column("collection_id", "text", references="collections(id)", public=False),  # (the URL names it)
    Column("document_id", "text", references="documents(id)"),
    Column("file_name", "text"),
    Column("kind", "text"),
    Column("state", "text"),
    Column("progress", "int", default="0"),
    Column("version_id", "text", nullable=True),
    Column("hash", "text"),
    Column("size", "bigint"),
    Column("attempts", "int", default="0"),
    Column("worker", "text", nullable=True),
    Column("heartbeat", "real", nullable=True),
    Column("created", "real"),
    Column("updated", "real"),
    Column("note", "text", default="''"),
    Column("error", "text", nullable=True),
    Column("warnings", "text", default="'[]'", added_in="2"),
    Column("confirmed", "int", default="0", added_in="2"),
    Column("error_code", "text", default="''", added_in="2"),
)

_BY_NAME = {c.name: c for c in JOB_TABLE}

#: The columns a :class:`~demo.store.values.Job` carries, in its field order (the rest —
#: ``seq``, ``hash``, ``size``, ``worker``, ``heartbeat``, ``confirmed`` — are the
#: worker's and the queue's).
JOB_FIELDS: tuple[Column, ...] = tuple(
    _BY_NAME[name]
    for name in (
        "id",
        "collection_id",
        "document_id",
        "file_name",
        "state",
        "progress",
        "error",
        "version_id",
        "kind",
        "note",
        "attempts",
        "created",
        "updated",
        "warnings",
        "error_code",
    )
)


def job_table_sql(dialect: Dialect) -> str:
    """``CREATE TABLE IF NOT EXISTS jobs (...)`` in ``dialect`` (no trailing semicolon)."""
    body = ",\n    ".join(c.sql(dialect) for c in JOB_TABLE)
    return f"CREATE TABLE IF NOT EXISTS jobs (\n    {body}\n)"


def job_migration(version: str) -> list[str]:
    """The statements that add the columns a database of schema ``version`` lacks (the same
    SQL in both backends: a column added later has a type both spell alike)."""
    out = []
    for c in JOB_TABLE:
        if int(c.added_in) > int(version):
            if c.sql("sqlite") != c.sql("postgresql"):  # pragma: no cover - a rule for new columns
                raise AssertionError(f"jobs.{c.name} is added by a migration: give it a type both backends spell alike")
            out.append(f"ALTER TABLE jobs ADD COLUMN {c.sql('sqlite')}")
    return out


def _check() -> None:
    names = [c.name for c in JOB_TABLE]
    if len(set(names)) != len(names):  # pragma: no cover - a mistake in the table above
        raise AssertionError("a jobs column is described twice")


_check()
