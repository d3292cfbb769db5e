"""The database server stopped and started again while the table is recording: ``referee table`` in a
real pseudo-terminal (pexpect, the screen read through pyte) on a PostgreSQL server of its own.

The issue: "PostgreSQL stopped and started again mid-recording; the table prompt says so in plain
words, loses no acknowledged action, and goes on once the server is back (or tells the scorekeeper
to retry)."  A fast stop while the scorekeeper types: the line is refused with the words that the
server went away and to type it again once it is back; the table stays up; retyped once the server
is back, the line is stored once.  A crash (``immediate``) and a start between two lines: the next
line is simply stored (the store connects anew)."""

from __future__ import annotations

import os
from pathlib import Path

import pexpect
import psycopg
import pytest
from test_retryable_exits import _pg_ctl
from test_table_terminal import Terminal

from referee.store.store import open_store
from referee.store.transaction import SeatSpec


@pytest.mark.postgres
def test_the_table_goes_on_after_the_server_stops_and_starts_again(tmp_path: Path) -> None:
    import conftest

    if os.geteuid() != 0:
        pytest.skip("stops a server of its own: started as the postgres user, which needs root")
    server, stop = conftest._start_server_as_postgres_user(durable=True)  # a crash keeps what was committed
    try:
        with psycopg.connect(server.url("postgres"), autocommit=True) as admin:
            admin.execute("CREATE DATABASE referee")
            datadir = str(admin.execute("SHOW data_directory").fetchone()[0])  # type: ignore[index]
        base = str(Path(datadir).parent)

        def start_again() -> None:
            _pg_ctl(datadir, "-l", f"{base}/server.log", "-o", f"-h 127.0.0.1 -p {server.port} -k {base}", "start")

        url = server.url("referee")
        with open_store(url) as store:
            with store.transaction() as tx:
                sid = tx.new_session(table_name="Kitchen", rulebook="jackpots", chip_value_cents=25,
                                        seats=[SeatSpec(n, 100) for n in ("Ann", "Bob", "Cy", "Dee")]).id
        env = {k: v for k, v in os.environ.items() if k != "REFEREE_DB"} | {
            "TERM": "xterm-256color", "XDG_DATA_HOME": str(tmp_path / "data")}
        term = Terminal("table", str(sid), "--db", url, env=env)
        try:
            term.wait_for("table> ")
            term.type("new hand\r", "✓ hand 1 begins: Ann deals")
            term.type("bob open 2\r", "✓ hand 1, action 1: Bob: bets 2")

            _pg_ctl(datadir, "-m", "fast", "stop")  # the server stops while the scorekeeper types
            screen = term.type("cy c\r", "not stored: type the line again once the database server is back")
            assert "✗ the database server went away: " in screen, screen
            assert "database URL" not in screen and "run the command again" not in screen
            term.type("\r", "✗ the database server went away: ")  # looking for other recorders' lines: the same words
            assert term.child.isalive()  # the table stays up

            start_again()
            term.type("cy c\r", "✓ hand 1, action 2: Cy: calls")  # the line typed again, stored once

            _pg_ctl(datadir, "-m", "immediate", "stop")  # a crash between two lines, and back
            start_again()
            term.type("dee c\r", "✓ hand 1, action 3: Dee: calls")
            term.type("quit\r", "")
            term.child.expect(pexpect.EOF, timeout=20)
        finally:
            term.child.close(force=True)
        assert term.child.exitstatus == 0

        with open_store(url) as store:
            assert [r.text for r in store.events(sid, 1)] == ["Bob: bets 2", "Cy: calls", "Dee: calls"]
            assert store.verify_chain(sid).ok
        shown = [line for line in term.seen if line.startswith(("✓", "✗"))]
        assert [line for line in shown if line.startswith("✓")] == [
            "✓ hand 1 begins: Ann deals", "✓ hand 1, action 1: Bob: bets 2", "✓ hand 1, action 2: Cy: calls",
            "✓ hand 1, action 3: Dee: calls"]
    finally:
        stop()
