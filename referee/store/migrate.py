"""Schema migrations: alembic, run programmatically from the scripts shipped in the package.

No ``alembic.ini`` is needed: :func:`alembic_config` points alembic at ``referee/store/migrations``
and hands it an open connection.  :func:`upgrade` applies every pending migration in one
transaction (PostgreSQL and, through the engine hooks of :mod:`referee.store.db`, SQLite have
transactional DDL), so a failure leaves the database as it was.  :func:`ensure_schema` is the cheap
check made on every open: the current revision (on a server, after asking whether the version table
exists), and nothing more when it is the head.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Final

from referee.errors import StoreError
from referee.i18n import _
from referee.store.db import WRITE_OPTION, mask_url

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory
    from sqlalchemy.engine import Connection, Engine

MIGRATIONS_DIR: Final = Path(__file__).resolve().parent / "migrations"
#: The newest revision of the shipped migrations, known without loading alembic, so that the check
#: on every open is one plain query and no import of alembic (tests/test_store_db.py checks that it
#: is alembic's head: a new migration updates it).
HEAD_REVISION: Final = "0012"


def alembic_config(connection: Connection | None = None) -> Config:
    """An alembic Config for the shipped migrations, optionally bound to ``connection``."""
    from alembic.config import Config  # Alembic loads only when the schema is checked or migrated

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@cache
def script_directory() -> ScriptDirectory:
    from alembic.script import ScriptDirectory  # Alembic loads only when the schema is checked or migrated

    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> str:
    """The newest schema revision this referee knows."""
    head = script_directory().get_current_head()
    assert head is not None, "no migrations shipped"
    return head


def current_revision(connection: Connection) -> str | None:
    """The database's schema revision (None for a database referee has never touched)."""
    from alembic.runtime.migration import MigrationContext  # Alembic loads only when the schema is checked or migrated

    return MigrationContext.configure(connection).get_current_revision()


@dataclass(frozen=True)
class UpgradeResult:
    """What :func:`upgrade` did: the revision before and after (equal when nothing was pending)."""

    before: str | None
    after: str

    @property
    def changed(self) -> bool:
        return self.before != self.after


def _check_known(revision: str | None, where: str) -> None:
    if revision is None:
        return
    try:
        known = script_directory().get_revision(revision) is not None
    except Exception:  # noqa: BLE001 - alembic raises several kinds for an unknown id
        known = False
    if not known:
        raise StoreError(
            _("database schema revision {revision!r} is newer than this referee knows ({head})").format(revision=revision, head=head_revision()),
            where=where,
            hint=_("upgrade referee (pip install -U referee) before using this database"),
        )


def upgrade(engine: Engine) -> UpgradeResult:
    """Apply every pending migration in one transaction (all or nothing)."""
    from alembic import command  # Alembic loads only when the schema is checked or migrated

    where = mask_url(engine.url)
    with engine.connect() as connection:
        connection = connection.execution_options(**{WRITE_OPTION: True})
        with connection.begin():
            before = current_revision(connection)
            _check_known(before, where)
            if before != head_revision():
                command.upgrade(alembic_config(connection), "head")
            after = current_revision(connection)
    assert after is not None
    return UpgradeResult(before, after)


def _at_head(engine: Engine) -> bool:
    """Whether the database is at :data:`HEAD_REVISION`, by plain queries (no alembic).  On a server
    the version table is looked for first: selecting from a table a fresh database lacks would leave
    an error in the PostgreSQL server's log on every first open."""
    from sqlalchemy import inspect  # SQLAlchemy loads only when a database is opened, not for --help
    from sqlalchemy.exc import DBAPIError  # SQLAlchemy loads only when a database is opened, not for --help

    try:
        with engine.connect() as connection:
            # (SQLite keeps no server log: its one query is left alone, opened at every `act`)
            if engine.dialect.name != "sqlite" and not inspect(connection).has_table("alembic_version"):
                return False
            rows = connection.exec_driver_sql("SELECT version_num FROM alembic_version").all()
    except DBAPIError:  # the query failed: the full check says what is wrong
        return False
    return [tuple(row) for row in rows] == [(HEAD_REVISION,)]


def ensure_schema(engine: Engine) -> None:
    """Bring the schema to the head on first use; cheap (one query) when it already is there."""
    if _at_head(engine):
        return
    with engine.connect() as connection:
        revision = current_revision(connection)
    if revision != head_revision():
        upgrade(engine)
