"""A club's PostgreSQL with two roles (docs/operations.md): the owner, whose URL the recorders use,
and a read-only viewer, whose URL the scoreboard and the standings use.

Under the viewer's URL everything that reads works (standings, the session list and report, the hash
chains, ``referee serve`` with the owner recording beside it); everything that writes is refused in
one line with exit code 2, a hint saying the user may only read, no traceback, and the store row for
row as it was."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

from helpers.fuzz import EXAMPLES, store_rows
from helpers.scoreboard import EventStream, Served, act

pytestmark = pytest.mark.postgres
REFEREE = Path(sys.executable).parent / "referee"


def referee(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"}
    return subprocess.run([str(REFEREE), *argv], capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL,
                          timeout=300)


@dataclass(frozen=True)
class Club:
    owner: str
    viewer: str
    admin: str  # the superuser's URL of the same database, to read it whatever the roles may do


def url_as(url: str, user: str) -> str:
    scheme, rest = url.split("://", 1)
    return f"{scheme}://{user}@{rest.split('@', 1)[1]}"


@pytest.fixture
def club(pg_url: str) -> Iterator[Club]:
    """The roles and grants of docs/operations.md, on a fresh database: the owner owns the database
    (referee creates its tables as him); the viewer may connect and select, and every transaction
    of his is read-only."""
    tag = uuid.uuid4().hex[:8]
    owner, viewer = f"referee_owner_{tag}", f"referee_viewer_{tag}"
    dbname = pg_url.rsplit("/", 1)[1]
    with psycopg.connect(pg_url, autocommit=True) as admin:
        admin.execute(f"CREATE ROLE {owner} LOGIN")
        admin.execute(f"CREATE ROLE {viewer} LOGIN")
        admin.execute(f"ALTER DATABASE {dbname} OWNER TO {owner}")
        admin.execute(f"ALTER SCHEMA public OWNER TO {owner}")
    owner_url = url_as(pg_url, owner)
    done = referee("db", "upgrade", "--db", owner_url)  # the tables are the owner's
    assert done.returncode == 0, done.stderr
    with psycopg.connect(owner_url, autocommit=True) as con:
        for grant in (f"GRANT CONNECT ON DATABASE {dbname} TO {viewer}",
                      f"GRANT USAGE ON SCHEMA public TO {viewer}",
                      f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {viewer}",
                      f"ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO {viewer}"):
            con.execute(grant)
    with psycopg.connect(pg_url, autocommit=True) as admin:
        admin.execute(f"ALTER ROLE {viewer} SET default_transaction_read_only = on")
    try:
        yield Club(owner_url, url_as(pg_url, viewer), pg_url)
    finally:
        with psycopg.connect(pg_url, autocommit=True) as admin:  # roles outlive a database: drop them
            admin.execute(f"REASSIGN OWNED BY {owner} TO CURRENT_USER")
            for role in (owner, viewer):
                admin.execute(f"DROP OWNED BY {role}")
                admin.execute(f"DROP ROLE {role}")


def recorded(club: Club) -> int:
    """A closed night (imported) and an open one with a hand under way, recorded by the owner."""
    for argv in (["import", str(EXAMPLES / "jackpots-friday.txt")],
                 ["session", "new", "--table", "Kitchen", "--game", "jackpots", "-p", "Ann:40", "-p", "Bob:40",
                  "-p", "Cy:40"]):
        done = referee(*argv, "--db", club.owner)
        assert done.returncode == 0, done.stderr
    act(club.owner, 2, "new hand", "bob open 2")
    return 2


def test_the_viewer_role_reads_the_standings_the_report_and_the_chains(club: Club) -> None:
    recorded(club)
    for argv in (["standings"], ["standings", "--csv", "-"], ["session", "list"], ["session", "show", "1"],
                 ["report", "1"], ["settle", "1"], ["replay", "--session", "1"], ["db", "verify"], ["db", "info"]):
        as_owner, as_viewer = referee(*argv, "--db", club.owner), referee(*argv, "--db", club.viewer)
        assert as_viewer.returncode == 0, (argv, as_viewer.stderr)
        if argv[0] != "db":  # db info and verify name the URL, and so the user
            assert as_viewer.stdout == as_owner.stdout, argv


def test_the_scoreboard_serves_under_the_viewer_role_while_the_owner_records(club: Club) -> None:
    session = recorded(club)
    with Served(club.viewer, session) as served:
        stream = EventStream(served.url + "events")
        try:
            assert [a["words"] for a in stream.next_state()["view"]["hand"]["actions"]] == ["Bob: bets 2"]
            act(club.owner, session, "cy call")
            while True:
                actions = [a["words"] for a in stream.next_state(timeout=5)["view"]["hand"]["actions"]]
                if "Cy: calls" in actions:
                    break
        finally:
            stream.close()


@pytest.mark.parametrize("argv", [
    ["session", "new", "--table", "T", "--game", "jackpots", "-p", "Ann:40", "-p", "Bob:40"],
    ["act", "2", "cy call"],
    ["import", str(EXAMPLES / "whiskey-poker.txt")],
    ["session", "close", "2", "--cash-out", "Ann:40", "--cash-out", "Bob:40", "--cash-out", "Cy:40",
     "--end-hand", "return"],
    ["settle", "1", "--paid", "1"],
    ["dispute", "1", "--hand", "1", "--action", "1", "Bob says his bet was too small", "--record"],
], ids=["session-new", "act", "import", "close", "settle-paid", "dispute-record"])
def test_a_write_under_the_viewer_role_is_refused_in_one_line_and_changes_nothing(club: Club, argv: list[str]) -> None:
    recorded(club)
    before = store_rows(club.admin)
    done = referee(*argv, "--db", club.viewer)
    assert done.returncode == 2, (done.returncode, done.stdout, done.stderr)
    assert "Traceback" not in done.stderr
    errors = [line for line in done.stderr.splitlines() if line.startswith("Error:")]
    assert len(errors) == 1, done.stderr
    assert "read-only" in errors[0] or "permission denied" in errors[0], errors[0]
    assert "Hint: this database user may only read" in done.stderr, done.stderr
    assert store_rows(club.admin) == before
