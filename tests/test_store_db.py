"""Which database, how it is opened, and what a user sees when it cannot be: URL resolution,
masking, SQLite pragmas, tz-aware times on both backends, migrations applied on first use."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest
from sqlalchemy import Float, Numeric, text

from referee.errors import StoreError
from referee.store.store import open_store
from referee.store.db import ENV_VAR, default_sqlite_path, mask_url, parse_url, resolve_url
from referee.store.migrate import current_revision, head_revision, upgrade
from referee.store.tables import TABLES, metadata


# ------------------------------------------------------------------ URL resolution


def test_db_option_beats_environment_beats_default() -> None:
    env = {ENV_VAR: "sqlite:////tmp/from-env.sqlite3"}
    assert resolve_url("sqlite:////tmp/from-option.sqlite3", env).url == "sqlite:////tmp/from-option.sqlite3"
    assert resolve_url("sqlite:////tmp/from-option.sqlite3", env).source == "--db"
    assert resolve_url(None, env).url == "sqlite:////tmp/from-env.sqlite3"
    assert resolve_url(None, env).source == ENV_VAR
    default = resolve_url(None, {})
    assert default.source == "default"
    assert default.url == f"sqlite:///{default_sqlite_path()}"


def test_default_database_is_in_the_user_data_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    choice = resolve_url(None, {})
    assert choice.url == f"sqlite:///{tmp_path / 'data' / 'referee' / 'referee.sqlite3'}"
    assert (tmp_path / "data" / "referee").is_dir()  # the folder is created for the default file
    with open_store(environ={}) as store:
        assert store.source == "default"
        assert store.counts()["sessions"] == 0
    assert (tmp_path / "data" / "referee" / "referee.sqlite3").is_file()


def test_environment_variable_names_the_database(sqlite_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV_VAR, sqlite_url)
    with open_store() as store:
        assert store.source == ENV_VAR
        assert store.display_url == sqlite_url


@pytest.mark.parametrize("scheme", ["postgresql", "postgres", "postgresql+psycopg"])
def test_postgresql_urls_use_psycopg_3(scheme: str) -> None:
    assert parse_url(f"{scheme}://u@db.example:5433/referee").drivername == "postgresql+psycopg"


def test_sqlite_urls_use_the_standard_library_driver() -> None:
    assert parse_url("sqlite:////var/lib/referee.sqlite3").drivername == "sqlite+pysqlite"


def test_password_is_masked_in_every_rendering() -> None:
    assert mask_url("postgresql://bob:s3cret@host:5432/db") == "postgresql://bob:***@host:5432/db"
    assert mask_url(parse_url("postgres://bob:s3cret@host/db")) == "postgresql://bob:***@host/db"
    assert "s3cret" not in mask_url("postgresql://bob:s3cret@host:notaport/db")
    assert mask_url("sqlite:////tmp/x.sqlite3") == "sqlite:////tmp/x.sqlite3"


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("nonsense", "malformed database URL 'nonsense'"),
        ("postgresql://bob:s3cret@host:notaport/db", "malformed database URL 'postgresql://bob:***@host:notaport/db'"),
        ("mysql://bob:s3cret@host/db", "unsupported database 'mysql' in mysql://bob:***@host/db"),
        ("postgresql+psycopg2://bob@host/db", "unsupported PostgreSQL driver 'psycopg2'"),
    ],
)
def test_bad_urls_are_one_line_store_errors(url: str, expected: str) -> None:
    with pytest.raises(StoreError) as caught:
        open_store(url)
    message = str(caught.value)
    assert message.startswith(expected)
    assert "\n" not in message and "s3cret" not in message
    assert caught.value.hint


def test_missing_directory_is_named(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'no' / 'such' / 'dir' / 'x.sqlite3'}"
    with pytest.raises(StoreError, match=r"the folder .*no/such/dir does not exist") as caught:
        open_store(url)
    assert url in str(caught.value)
    assert not (tmp_path / "no").exists()


def test_a_folder_is_not_a_database_file(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="is a folder, not a file"):
        open_store(f"sqlite:///{tmp_path}")


def test_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_text("Friday night: Bob owes Alice 12.50\n" * 50)
    with pytest.raises(StoreError, match="file is not a database") as caught:
        open_store(f"sqlite:///{path}")
    assert "not a referee (SQLite) database" in (caught.value.hint or "")
    assert path.read_text().startswith("Friday night")  # untouched


def test_read_only_sqlite_database_cannot_be_initialised(tmp_path: Path) -> None:
    path = tmp_path / "ro.sqlite3"
    sqlite3.connect(path).execute("CREATE TABLE unrelated (x)").connection.close()
    with pytest.raises(StoreError, match="readonly database") as caught:
        open_store(f"sqlite:///file:{path}?mode=ro&uri=true")
    assert "read-only" in (caught.value.hint or "")
    tables = {r[0] for r in sqlite3.connect(path).execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert tables == {"unrelated"}  # nothing half-written


def test_read_only_sqlite_database_can_be_read_but_not_written(tmp_path: Path) -> None:
    path = tmp_path / "ro.sqlite3"
    with open_store(f"sqlite:///{path}") as store:
        with store.transaction() as tx:
            tx.add_player("Alice")
    with open_store(f"sqlite:///file:{path}?mode=ro&uri=true") as store:
        assert [p.name for p in store.players()] == ["Alice"]
        with pytest.raises(StoreError, match="readonly database"):
            with store.transaction() as tx:
                tx.add_player("Bob")


def test_closed_port_is_a_one_line_error_with_the_password_masked() -> None:
    with socket_closed_port() as port:
        url = f"postgresql://referee:hunter2@127.0.0.1:{port}/referee"
        with pytest.raises(StoreError) as caught:
            open_store(url)
    message = str(caught.value)
    assert message.startswith(f"cannot use database postgresql://referee:***@127.0.0.1:{port}/referee: ")
    assert "Connection refused" in message
    assert "hunter2" not in message and "\n" not in message
    assert caught.value.hint == "is the server running? check host and port"


@pytest.mark.postgres
def test_missing_postgres_database_is_named(pg_server) -> None:  # type: ignore[no-untyped-def]
    url = pg_server.url("referee_no_such_database")
    with pytest.raises(StoreError, match='database "referee_no_such_database" does not exist') as caught:
        open_store(url)
    assert "create the database" in (caught.value.hint or "")


class socket_closed_port:
    """A TCP port on 127.0.0.1 that nothing listens on (bound, then closed)."""

    def __enter__(self) -> int:
        import socket

        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            return int(sock.getsockname()[1])

    def __exit__(self, *exc: object) -> None:
        return None


# ------------------------------------------------------------------ SQLite connection settings


def test_sqlite_runs_in_wal_mode_with_foreign_keys_on(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store, store.engine.connect() as conn:
        assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1


def test_foreign_keys_are_enforced(db_url: str) -> None:
    with open_store(db_url) as store:
        with store.transaction() as tx:
            session = tx.new_session(table_name="Friday", rulebook="jackpots", chip_value_cents=25)
        with pytest.raises(Exception, match="(?i)foreign key"), store.engine.begin() as conn:
            conn.execute(
                text("INSERT INTO hands (session_id, number, started_at) VALUES (:s, 1, :t)"),
                {"s": session.id + 100, "t": datetime.now(UTC)},
            )


# ------------------------------------------------------------------ times and amounts


def test_times_come_back_timezone_aware_in_utc(db_url: str) -> None:
    """Stored UTC, returned aware from SQLite and PostgreSQL alike, whatever zone went in."""
    evening_in_moscow = datetime(2026, 3, 6, 21, 30, 15, 123456, tzinfo=timezone(timedelta(hours=3)))
    with open_store(db_url) as store:
        with store.transaction() as tx:
            session = tx.new_session(table_name="Friday", rulebook="jackpots", chip_value_cents=25,
                                        started_at=evening_in_moscow)
        loaded = store.session(session.id)
    assert loaded.started_at.tzinfo is not None
    assert loaded.started_at.utcoffset() == timedelta(0)
    assert loaded.started_at == evening_in_moscow
    assert loaded.started_at.hour == 18
    assert loaded.created_at.tzinfo is not None


def test_naive_times_are_refused(db_url: str) -> None:
    from referee.errors import InputError

    with open_store(db_url) as store, pytest.raises(InputError, match="has no time zone"):
        with store.transaction() as tx:
            tx.new_session(table_name="Friday", rulebook="jackpots", chip_value_cents=25,
                              started_at=datetime(2026, 3, 6, 21, 30))


def test_no_column_holds_floats_or_decimals() -> None:
    """Money and chips are integers (cents, chips), never floats: no Float or Numeric column exists."""
    columns = [(table.name, column) for table in metadata.sorted_tables for column in table.columns]
    assert {table.name for table in TABLES} <= {name for name, _ in columns}
    assert [f"{name}.{c.name}" for name, c in columns if isinstance(c.type, (Float, Numeric))] == []
    amounts = {"sessions.chip_value_cents", "seats.buy_in"}
    assert all(type(c.type).__name__ == "Integer" for name, c in columns if f"{name}.{c.name}" in amounts)


# ------------------------------------------------------------------ migrations


def test_first_use_brings_the_schema_to_the_head(db_url: str) -> None:
    with open_store(db_url) as store, store.engine.connect() as conn:
        assert current_revision(conn) == head_revision()


def test_migrations_produce_exactly_the_models(db_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    with open_store(db_url) as store, store.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        assert compare_metadata(context, metadata) == []


def test_opening_again_does_not_migrate_again(db_url: str) -> None:
    with open_store(db_url) as store:
        result = upgrade(store.engine)
    assert not result.changed and result.after == head_revision()


def test_migration_failure_leaves_nothing_half_written(db_url: str) -> None:
    """Migrations run in one transaction: when the last table cannot be created, none is."""
    with open_store(db_url, migrate=False) as store:
        with store.engine.begin() as conn:
            conn.execute(text("CREATE TABLE events (squatter INTEGER)"))
        with pytest.raises(StoreError):
            open_store(db_url).close()
        with store.engine.connect() as conn:
            assert current_revision(conn) is None
            from sqlalchemy import inspect

            assert set(inspect(conn).get_table_names()) == {"events"}


def test_a_newer_schema_is_refused(db_url: str) -> None:
    with open_store(db_url) as store, store.engine.begin() as conn:
        conn.execute(text("UPDATE alembic_version SET version_num = 'from_the_future'"))
    with pytest.raises(StoreError, match="'from_the_future' is newer than this referee knows") as caught:
        open_store(db_url)
    assert "upgrade referee" in (caught.value.hint or "")
