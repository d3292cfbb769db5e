"""Backups with the database's own tools, and a restore (docs/operations.md): the nights are backed
up, restored into a fresh database, and there every hash chain verifies and the standings, the
session list and a night's report read exactly as they did in the original.

PostgreSQL: ``pg_dump --format=custom`` and ``pg_restore`` into a new database.  SQLite: the online
backup API (what the sqlite3 shell's ``.backup`` runs) and ``VACUUM INTO``, each taken while the
store is open for writing, and the copy put in place of a lost file.  The store's key goes with the
backup (the database alone is another store: docs/store.md, "The store's key"), as the docs say."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest
from typer.testing import CliRunner

from helpers.fuzz import EXAMPLES, store_rows
from helpers.scoreboard import act
from referee.cli import app
from referee.store.store import open_store

runner = CliRunner()
READS = (["standings"], ["standings", "--csv", "-"], ["session", "list"], ["report", "1"], ["report", "2"],
         ["replay", "--session", "3"])


def referee(*argv: str) -> Result:
    """The command run by the real app in this process (CliRunner): its exit code and what it printed."""
    done = runner.invoke(app, list(argv))
    return Result(done.exit_code, done.stdout, done.stderr)


@dataclass(frozen=True)
class Result:
    returncode: int
    stdout: str
    stderr: str


def record_nights(url: str) -> None:
    """Two imported nights (closed) and one open night with a hand under way."""
    for night in ("jackpots-friday.txt", "whiskey-poker.txt"):
        done = referee("import", str(EXAMPLES / night), "--db", url)
        assert done.returncode == 0, done.stderr
    done = referee("session", "new", "--table", "Kitchen", "--game", "jackpots", "-p", "Ann:40", "-p", "Bob:40",
                   "-p", "Cy:40", "--db", url)
    assert done.returncode == 0, done.stderr
    act(url, 3, "new hand", "bob open 2", "cy call")


def reads(url: str) -> list[str]:
    out = []
    for argv in READS:
        done = referee(*argv, "--db", url)
        assert done.returncode == 0, (argv, done.stderr)
        out.append(done.stdout)
    return out


def assert_restored(restored: str, rows: dict[str, list[tuple[object, ...]]], read: list[str]) -> None:
    """The restored database holds the original's ``rows``, reads as ``read``, its chains verify and
    recording goes on in it."""
    verified = referee("db", "verify", "--db", restored)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "All 3 sessions verified." in verified.stdout, verified.stdout
    info = referee("db", "info", "--db", restored)
    assert info.returncode == 0 and "(up to date)" in info.stdout, info.stdout + info.stderr
    assert store_rows(restored) == rows
    assert reads(restored) == read
    act(restored, 3, "ann call")


# ------------------------------------------------------------------ PostgreSQL


@pytest.fixture
def fresh_pg_database(pg_url: str) -> Iterator[str]:
    """A second, empty database on the same server, to restore into."""
    name = f"referee_restore_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(pg_url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        yield pg_url.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(pg_url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def pg_tool(name: str) -> str:
    bindir = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True, check=True).stdout.strip()
    return str(Path(bindir) / name)


def test_a_pg_dump_restored_into_a_new_database_verifies_and_reads_the_same(pg_url: str, fresh_pg_database: str,
                                                                           tmp_path: Path) -> None:
    record_nights(pg_url)
    dump = tmp_path / "referee.dump"
    done = subprocess.run([pg_tool("pg_dump"), "--format=custom", "--file", str(dump), "--dbname", pg_url],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    done = subprocess.run([pg_tool("pg_restore"), "--no-owner", "--exit-on-error", "--dbname", fresh_pg_database,
                           str(dump)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    # the club's key file goes to the restored database's name, as docs/operations.md says
    from sqlalchemy.engine import make_url

    from referee.store.key import store_key_path

    original, restored = store_key_path(make_url(pg_url)), store_key_path(make_url(fresh_pg_database))
    assert original is not None and original.is_file() and restored is not None
    shutil.copyfile(original, restored)
    assert_restored(fresh_pg_database, store_rows(pg_url), reads(pg_url))


# ------------------------------------------------------------------ SQLite


@pytest.mark.parametrize("how", ["backup-api", "vacuum-into"])
def test_a_sqlite_backup_put_in_place_of_a_lost_file_verifies_and_reads_the_same(tmp_path: Path, how: str) -> None:
    live = tmp_path / "referee.sqlite3"
    url = f"sqlite:///{live}"
    record_nights(url)
    backup = tmp_path / "backup" / "referee.sqlite3"
    backup.parent.mkdir()
    with open_store(url):  # the store is open (a recorder at the table) while the backup is taken
        source = sqlite3.connect(live)
        try:
            if how == "backup-api":  # what the sqlite3 shell's `.backup FILE` does
                target = sqlite3.connect(backup)
                source.backup(target)
                target.close()
            else:
                source.execute("VACUUM INTO ?", (str(backup),))
        finally:
            source.close()
    shutil.copyfile(live.with_name(live.name + ".key"), backup.with_name(backup.name + ".key"))  # and the key
    rows, read = store_rows(url), reads(url)
    for lost in tmp_path.glob("referee.sqlite3*"):  # the disk is lost, the database file and its WAL with it
        lost.unlink()
    shutil.copyfile(backup, live)
    shutil.copyfile(backup.with_name(backup.name + ".key"), live.with_name(live.name + ".key"))
    assert_restored(url, rows, read)
