"""``referee db info | upgrade | verify`` on SQLite and PostgreSQL, via CliRunner and a real process;
where ``--db`` comes from (command, root, REFEREE_DB, default)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from sqlalchemy import text
from typer.testing import CliRunner, Result

from referee.cli import app
from referee.engine.events import Bet, Fold
from referee.store.store import open_store
from referee.store.transaction import SeatSpec
from referee.store.migrate import head_revision

runner = CliRunner()
REFEREE = Path(sys.executable).parent / "referee"


def invoke(*args: str, env: dict[str, str | None] | None = None) -> Result:
    return runner.invoke(app, list(args), terminal_width=200, env={"COLUMNS": "200", **(env or {})})


def test_info_on_a_new_database_creates_no_tables(db_url: str) -> None:
    if db_url.startswith("sqlite"):  # an empty file (a missing one is no store: refused)
        Path(db_url.removeprefix("sqlite:///")).touch()
    result = invoke("db", "info", "--db", db_url)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == f"Database:  {db_url}  (--db)"
    assert lines[1].startswith("Dialect:   " + ("sqlite 3." if db_url.startswith("sqlite") else "postgresql 1"))
    assert lines[2].startswith("Schema:    none (not initialised")
    assert len(lines) == 3
    with open_store(db_url, migrate=False) as store, store.engine.connect() as conn:
        from sqlalchemy import inspect

        assert inspect(conn).get_table_names() == []


def test_upgrade_then_info_counts(db_url: str) -> None:
    first = invoke("db", "upgrade", "--db", db_url)
    assert first.exit_code == 0, first.output
    assert first.output == f"Upgraded {db_url}: schema none -> {head_revision()}\n"
    again = invoke("db", "upgrade", "--db", db_url)
    assert again.output == f"{db_url}: schema already at {head_revision()} (up to date)\n"
    with open_store(db_url) as store:
        with store.transaction() as tx:
            tx.new_session(table_name="Friday", rulebook="jackpots", chip_value_cents=25,
                              seats=[SeatSpec("Alice", 100), SeatSpec("Bob", 100)])
    result = invoke("db", "info", "--db", db_url)
    assert result.output.splitlines()[2:] == [
        f"Schema:    {head_revision()} (up to date)",
        "Contents:  2 players, 0 aliases, 1 session, 2 seats, 0 hands, 4 events",
    ]


def test_info_json(db_url: str) -> None:
    invoke("db", "upgrade", "--db", db_url)
    data = json.loads(invoke("db", "info", "--db", db_url, "--json").output)
    assert data["url"] == db_url and data["source"] == "--db"
    assert data["revision"] == data["head"] == head_revision()
    assert data["counts"]["events"] == 0


@pytest.mark.postgres
def test_password_is_masked_in_info(pg_url: str) -> None:
    with_password = pg_url.replace("postgresql://postgres@", "postgresql://postgres:not-checked@")
    result = invoke("db", "info", "--db", with_password)  # trust auth: the password is ignored
    assert result.exit_code == 0, result.output
    assert "not-checked" not in result.output
    assert result.output.splitlines()[0].startswith("Database:  postgresql://postgres:***@")


def test_verify_reports_intact_and_broken_chains(db_url: str) -> None:
    with open_store(db_url) as store:
        for table in ("Friday", "Saturday"):
            with store.transaction() as tx:
                session = tx.new_session(table_name=table, rulebook="jackpots", chip_value_cents=25,
                                            seats=[SeatSpec("Alice"), SeatSpec("Bob")])
            assert session.id is not None
            with store.transaction() as tx:
                tx.start_hand(session.id)
            store.append_event(session.id, 1, Bet("Alice", 2))
            store.append_event(session.id, 1, Fold("Bob"))
    ok = invoke("db", "verify", "--db", db_url)
    assert ok.exit_code == 0, ok.output
    assert ok.output.splitlines()[-1] == "All 2 sessions verified."
    assert ok.output.splitlines()[0].startswith("session 1: 6 events, chain intact (head ")

    with open_store(db_url) as store, store.engine.begin() as conn:
        if store.dialect == "postgresql":
            conn.execute(text("ALTER TABLE events DISABLE TRIGGER events_append_only"))
        else:
            conn.execute(text("DROP TRIGGER events_no_update"))
        conn.execute(text("UPDATE events SET payload = '{\"player\": \"Alice\", \"amount\": 200}' "
                          "WHERE session_id = 2 AND seq = 5"))
    broken = invoke("db", "verify", "--db", db_url)
    assert broken.exit_code == 1
    assert broken.output.splitlines()[1] == (
        "session 2: CHAIN BROKEN at event 5 (hand 1, action 1: 'Alice: bets 200'): "
        "its content does not match its hash (the row was edited)")
    assert broken.output.splitlines()[-1].startswith("1 of 2 sessions has a broken chain")
    only_first = invoke("db", "verify", "--db", db_url, "--session", "1")
    assert only_first.exit_code == 0 and "All 1 session verified." in only_first.output


def test_where_the_database_comes_from(tmp_path: Path) -> None:
    """A command's --db beats `referee --db`, which beats REFEREE_DB, which beats the default file."""
    urls = {name: f"sqlite:///{tmp_path / name}.sqlite3" for name in ("command", "root", "env")}

    def first_line(*args: str, env: dict[str, str | None] | None = None) -> str:
        result = invoke(*args, env=env)
        assert result.exit_code == 0, result.output
        return result.output.splitlines()[0]

    for url in urls.values():  # empty stores: a missing file is refused by every command that only reads
        Path(url.removeprefix("sqlite:///")).touch()
    default_file = tmp_path / "xdg" / "referee" / "referee.sqlite3"
    default_file.parent.mkdir(parents=True)
    default_file.touch()
    env = {"REFEREE_DB": urls["env"]}
    assert first_line("--db", urls["root"], "db", "info", "--db", urls["command"], env=env) == \
        f"Database:  {urls['command']}  (--db)"
    assert first_line("--db", urls["root"], "db", "info", env=env) == f"Database:  {urls['root']}  (--db)"
    assert first_line("db", "info", env=env) == f"Database:  {urls['env']}  (REFEREE_DB)"
    default = first_line("db", "info", env={"REFEREE_DB": None, "XDG_DATA_HOME": str(tmp_path / "xdg")})
    assert default == f"Database:  sqlite:///{tmp_path / 'xdg' / 'referee' / 'referee.sqlite3'}  (default)"


def test_subprocess_info_and_wrong_url(db_url: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}
    proc = subprocess.run([str(REFEREE), "--db", db_url, "db", "upgrade"], capture_output=True, text=True,
                          env=env, stdin=subprocess.DEVNULL, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith(f"Upgraded {db_url}: schema none -> ")

    bad = subprocess.run([str(REFEREE), "db", "info"], capture_output=True, text=True, stdin=subprocess.DEVNULL,
                         env=env | {"REFEREE_DB": "mysql://root:toor@localhost/referee"}, timeout=120)
    assert bad.returncode == 2
    assert bad.stderr.splitlines() == [
        "Error: unsupported database 'mysql' in mysql://root:***@localhost/referee",
        "Hint: referee stores into SQLite (sqlite:///path) or PostgreSQL (postgresql://user@host/db)",
    ]
