"""Schema migrations: alembic, run programmatically from the scripts shipped in the package.

No ``alembic.ini`` is needed: :func:`alembic_config` points alembic at ``referee/store/migrations``
and hands it an open connection.  :func:`upgrade` applies every pending migration in one
transaction (PostgreSQL and, through the engine hooks of :mod:`referee.store.db`, SQLite have
transactional DDL), so a failure leaves the database as it was.  :func:`ensure_schema` is the cheap
check made on every open: one query for the current revision, and nothing more when it is the head.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Final

from referee.errors import StoreError
from referee.store.db import WRITE_OPTION, mask_url

if TYPE_CHECKING:
    from alembic.config import Config
    from alembic.script import ScriptDirectory
    from sqlalchemy.engine import Connection, Engine

MIGRATIONS_DIR: Final = Path(__file__).resolve().parent / "migrations"


def alembic_config(connection: Connection | None = None) -> Config:
    """An alembic Config for the shipped migrations, optionally bound to ``connection``."""
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@cache
def script_directory() -> ScriptDirectory:
    from alembic.script import ScriptDirectory

    return ScriptDirectory.from_config(alembic_config())


def head_revision() -> str:
    """The newest schema revision this referee knows."""
    head = script_directory().get_current_head()
    assert head is not None, "no migrations shipped"
    return head


def current_revision(connection: Connection) -> str | None:
    """The database's schema revision (None for a database referee has never touched)."""
    from alembic.runtime.migration import MigrationContext

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
            f"database schema revision {revision!r} is newer than this referee knows ({head_revision()})",
            where=where,
            hint="upgrade referee (pip install -U referee) before using this database",
        )


def upgrade(engine: Engine) -> UpgradeResult:
    """Apply every pending migration in one transaction (all or nothing)."""
    from alembic import command

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


@cache
def shipped_head() -> str | None:
    """The head revision read from the shipped migration files' ``revision``/``down_revision`` lines
    (no alembic import), or None when they do not name exactly one head (then alembic decides)."""
    import re

    revisions: set[str] = set()
    downs: set[str] = set()
    for path in (MIGRATIONS_DIR / "versions").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        rev = re.search(r'^revision\b[^=\n]*=\s*["\']([^"\']+)["\']', text, re.M)
        down = re.search(r'^down_revision\b[^=\n]*=\s*["\']([^"\']+)["\']', text, re.M)
        if rev is None:
            return None
        revisions.add(rev[1])
        if down is not None:
            downs.add(down[1])
    heads = revisions - downs
    return next(iter(heads)) if len(heads) == 1 else None


def _stored_revision(connection: Connection) -> str | None:
    """``alembic_version``'s row by plain SQL (no alembic import); None when there is none."""
    from sqlalchemy import inspect, text

    if not inspect(connection).has_table("alembic_version"):
        return None
    rows = list(connection.execute(text("SELECT version_num FROM alembic_version")))
    return str(rows[0][0]) if len(rows) == 1 else None


def ensure_schema(engine: Engine) -> None:
    """Bring the schema to the head on first use; cheap (one query, and no alembic import) when it
    already is there."""
    head = shipped_head()
    with engine.connect() as connection:
        revision = _stored_revision(connection) if head is not None else current_revision(connection)
    if head is None or revision != head:
        if revision != head_revision():
            upgrade(engine)
