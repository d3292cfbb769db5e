"""Retry or fix: a line that lost a race with another recorder, or a database server that went away
mid-command, exits with 75 (sysexits' EX_TEMPFAIL) in plain words; bad input, and a database URL
where no server answers, stay exit 2.  Real ``referee act`` processes against a real PostgreSQL: the
test holds the session's row lock (what every append takes first) so that the recorders wait where
the race or the outage is to happen, then lets go or ends their connection."""

from __future__ import annotations

import os
import re
import subprocess
import time
import uuid
from pathlib import Path

import psycopg
import pytest
from sqlalchemy import Engine, event

from referee.store.store import open_store
from referee.store.transaction import SeatSpec
from helpers.processes import finish, libpq, start, waiting_for_lock

RETRY, FIX = 75, 2


def hand_begun(url: str) -> int:
    """A session of four with hand 1 begun: Bob is first to act."""
    with open_store(url) as store:
        with store.transaction() as tx:
            session = tx.new_session(table_name="Kitchen", rulebook="jackpots", chip_value_cents=25,
                                        seats=[SeatSpec(n, 100) for n in ("Ann", "Bob", "Cy", "Dee")])
        assert session.id is not None
    code, _, err = finish(start("act", str(session.id), "new hand", "--db", url))
    assert code == 0, err
    return session.id


@pytest.mark.postgres
def test_a_line_that_lost_a_race_with_another_recorder_exits_75(pg_url: str) -> None:
    """Two recorders load the same log and both append: the second is refused ("not stored — enter
    it again") with exit 75, not the 2 of a line to fix, and act's own hint (no table reload)."""
    sid = hand_begun(pg_url)
    with psycopg.connect(libpq(pg_url), autocommit=True) as watch, psycopg.connect(libpq(pg_url)) as holder:
        holder.execute("SELECT id FROM sessions WHERE id = %s FOR UPDATE", (sid,))
        opener = start("act", str(sid), "bob open 2", "--db", pg_url)
        checker = start("act", str(sid), "bob x", "--db", pg_url)
        waiting_for_lock(watch, 2)  # both have read the log and wait to append
        holder.rollback()
        results = {"bob open 2": finish(opener), "bob x": finish(checker)}
    codes = sorted(code for code, _, _ in results.values())
    assert codes == [0, RETRY], results
    (lost, (_, out, err)), = [(line, r) for line, r in results.items() if r[0] == RETRY]
    won = "Bob: checks" if lost == "bob open 2" else "Bob: bets 2"
    yours = "Bob: bets 2" if lost == "bob open 2" else "Bob: checks"
    assert out == ""
    assert err.splitlines() == [
        f"Error: session {sid}: {lost!r}: hand 1 changed since you loaded it: {won} (action 1); "
        f"your {yours!r} was not stored — enter it again",
        "Hint: another recorder wrote first; run referee act again with this line, and any after it, "
        "if it still stands",
    ]
    with open_store(pg_url) as store:
        assert [r.text for r in store.events(sid, 1)] == [won]
        assert store.verify_chain(sid).ok


@pytest.mark.postgres
def test_a_server_going_away_mid_act_exits_75_saying_so(pg_url: str) -> None:
    """The recorder's connection is ended by the server (what a fast stop does to every session)
    while it waits to append, and again each time it connects anew to try again, for longer than it
    tries: the words say the server went away and to run it again, not to check the URL; psycopg's
    lines are one sentence each; nothing of the line is stored."""
    sid = hand_begun(pg_url)
    with psycopg.connect(libpq(pg_url), autocommit=True) as watch, psycopg.connect(libpq(pg_url)) as holder:
        holder.execute("SELECT id FROM sessions WHERE id = %s FOR UPDATE", (sid,))
        proc = start("act", str(sid), "bob open 2", "bob x", "--db", pg_url)
        waiting_for_lock(watch, 1)
        while proc.poll() is None:  # every connection it waits on is ended, until it gives up
            for (pid,) in watch.execute(
                    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                    "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()").fetchall():
                watch.execute("SELECT pg_terminate_backend(%s)", (pid,))
            time.sleep(0.02)
        code, out, err = finish(proc)
        holder.rollback()
    assert code == RETRY, err
    assert out == ""
    lines = err.splitlines()
    assert len(lines) == 2, err
    assert lines[0].startswith(f"Error: session {sid}: 'bob open 2': the database server went away: "
                               "terminating connection due to administrator command")
    assert "  " not in lines[0] and "command server" not in lines[0]  # psycopg's lines joined with punctuation
    assert lines[1] == ("Hint: the lines shown as stored are kept; this one may not be: once the server is back, "
                        "look at the session's log and run referee act again with what is missing")
    assert "database URL" not in err and "reloaded" not in err
    with open_store(pg_url) as store:
        assert store.events(sid, 1) == []
        assert store.verify_chain(sid).ok


def test_a_port_where_no_server_listens_is_a_url_to_check_exit_2(sqlite_url: str) -> None:
    """Refused when the command opens the database: the URL may be wrong as well as the server
    down, so it is exit 2 with the hint to check host and port (only a server that answered and
    then went away is the retryable outage)."""
    import socket

    with socket.socket() as sock:  # a port bound and not listening: nothing answers there
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        url = f"postgresql://nobody@127.0.0.1:{port}/referee"
        code, out, err = finish(start("act", "1", "bob x", "--db", url))
    assert code == FIX, err
    lines = err.splitlines()
    assert len(lines) == 2, err
    assert re.fullmatch(rf"Error: cannot use database {re.escape(url)}: connection to server at \"127.0.0.1\", "
                        rf"port {port} failed: Connection refused\. Is the server running on that host and "
                        r"accepting TCP/IP connections\?", lines[0]), lines[0]
    assert lines[1] == "Hint: is the server running? check host and port"


def test_a_bad_line_still_exits_2(sqlite_url: str) -> None:
    sid = hand_begun(sqlite_url)
    code, _, err = finish(start("act", str(sid), "bob raises to 1000", "--db", sqlite_url))
    assert code == FIX and err.startswith(f"Error: session {sid}, hand 1"), err


def _server_log(watch: psycopg.Connection) -> Path | None:
    """The file the server writes its log to (``pg_ctl -l``: the postmaster's stderr), when this
    process may read it (a server on this machine)."""
    backend = watch.execute("SELECT pg_backend_pid()").fetchone()[0]  # type: ignore[index]
    try:
        postmaster = Path(f"/proc/{backend}/stat").read_text().rsplit(")", 1)[1].split()[1]
        log = Path(os.readlink(f"/proc/{postmaster}/fd/2"))
    except OSError:
        return None
    return log if log.is_file() else None


@pytest.mark.postgres
def test_a_fresh_database_opens_without_an_error_on_the_server(pg_url: str) -> None:
    """The first open creates the schema without asking for a version table that is not there yet:
    no statement fails (seen by the engine) and the server's log holds no error for it."""
    failed: list[str] = []

    def record(context: object) -> None:
        failed.append(str(getattr(context, "statement", "")))

    with psycopg.connect(libpq(pg_url), autocommit=True) as watch:
        log = _server_log(watch)
        if log is not None:  # the log is read from here on; a known error proves it is the right file
            marker = f"no_such_table_{uuid.uuid4().hex}"
            with pytest.raises(psycopg.errors.UndefinedTable):
                watch.execute(f"SELECT * FROM {marker}")
            deadline = time.monotonic() + 10
            while marker not in log.read_text(errors="replace") and time.monotonic() < deadline:
                time.sleep(0.05)
            assert marker in log.read_text(errors="replace")
            offset = log.stat().st_size
        event.listen(Engine, "handle_error", record)
        try:
            open_store(pg_url).close()
            open_store(pg_url).close()  # and the second, at the head
        finally:
            event.remove(Engine, "handle_error", record)
        if log is not None:
            watch.execute("SELECT 1")  # the server is past the opens
            time.sleep(0.2)
            with log.open(errors="replace") as text:
                text.seek(offset)
                written = text.read()
            assert "ERROR" not in written and "alembic_version" not in written, written
        assert failed == []


def _pg_ctl(datadir: str, *argv: str) -> None:
    bindir = subprocess.run(["pg_config", "--bindir"], check=True, capture_output=True, text=True).stdout.strip()
    subprocess.run(["runuser", "-u", "postgres", "--", f"{bindir}/pg_ctl", "-D", datadir, *argv, "-w"],
                   check=True, capture_output=True, timeout=120)


@pytest.mark.postgres
@pytest.mark.parametrize("mode", ["fast", "immediate"])
def test_a_server_stopped_and_started_again_is_an_outage_then_the_store_goes_on(mode: str) -> None:
    """PostgreSQL stopped (a fast stop, or a crash: ``immediate``) under an open store: the next
    command is told the server went away (exit 75), and so is the one after while it is down
    (refused, but it answered before: not a URL to check); started again, the store goes on and
    has lost nothing acknowledged.  A throwaway server of its own, so the others' is not stopped."""
    import conftest

    if os.geteuid() != 0:
        pytest.skip("stops a server of its own: started as the postgres user, which needs root")
    from referee.errors import EXIT_RETRY, ServerGoneError

    server, stop = conftest._start_server_as_postgres_user(durable=True)  # a crash keeps what was committed
    try:
        with psycopg.connect(server.url("postgres"), autocommit=True) as admin:
            admin.execute("CREATE DATABASE referee")
            datadir = str(admin.execute("SHOW data_directory").fetchone()[0])  # type: ignore[index]
        base = str(Path(datadir).parent)
        with open_store(server.url("referee")) as store:
            with store.transaction() as tx:
                sid = tx.new_session(table_name="Kitchen", rulebook="jackpots", chip_value_cents=25,
                                        seats=[SeatSpec("Ann", 100), SeatSpec("Bob", 100)]).id
            assert sid is not None
            with store.transaction() as tx:
                tx.start_hand(sid)
            seen = store.last_seq(sid)
            _pg_ctl(datadir, "-m", mode, "stop")
            for _ in ("mid-command", "still down"):
                with pytest.raises(ServerGoneError) as gone:
                    store.last_seq(sid)
                assert gone.value.exit_code == EXIT_RETRY
                assert gone.value.message.startswith("the database server went away: ")
                assert "URL is fine" in (gone.value.hint or "")
            _pg_ctl(datadir, "-l", f"{base}/server.log", "-o", f"-h 127.0.0.1 -p {server.port} -k {base}", "start")
            assert store.last_seq(sid) == seen and store.verify_chain(sid).ok
    finally:
        stop()


def test_a_sqlite_file_kept_locked_by_another_program_exits_75_in_one_line(sqlite_url: str) -> None:
    """The issue: 'SQLite "database is locked" must exit 75 too, with a one-line message'.  Another
    program holds the file's write lock (a sqlite3 shell in the middle of a transaction) for longer
    than referee waits: the line is not stored, exit 75, one line saying the database is busy and
    one hint to run it again in a moment (no server to wait for)."""
    import sqlite3

    sid = hand_begun(sqlite_url)
    holder = sqlite3.connect(sqlite_url.removeprefix("sqlite:///"), isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        code, out, err = finish(start("act", str(sid), "bob open 2", "--db", sqlite_url))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert code == RETRY, err
    assert out == ""
    assert err.splitlines() == [
        f"Error: session {sid}: 'bob open 2': the database is busy: another program kept it locked for more "
        "than 10 s (database is locked)",
        "Hint: the lines shown as stored are kept; this one may not be: in a moment, look at the session's log "
        "and run referee act again with what is missing",
    ]
    with open_store(sqlite_url) as store:
        assert store.events(sid, 1) == []
    code, out, err = finish(start("act", str(sid), "bob open 2", "--db", sqlite_url))  # and again, once it is free
    assert code == 0 and "hand 1, action 1: Bob: bets 2" in out, err


def test_a_sqlite_file_locked_when_a_command_writes_is_a_busy_database_not_a_path_to_check(sqlite_url: str) -> None:
    """A command that writes outside the table (``referee session new``) meets the lock: exit 75 with
    the busy words and the URL, not exit 2 with a hint to check the path."""
    import sqlite3

    open_store(sqlite_url).close()
    holder = sqlite3.connect(sqlite_url.removeprefix("sqlite:///"), isolation_level=None)
    try:
        holder.execute("BEGIN IMMEDIATE")
        code, out, err = finish(start("session", "new", "--table", "Kitchen", "--player", "Ann:100", "--player", "Bob:100", "--game", "jackpots",
                                      "--db", sqlite_url))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert code == RETRY, err
    lines = err.splitlines()
    assert len(lines) == 2, err
    assert lines[0] == (f"Error: {sqlite_url}: the database is busy: another program kept it locked for more than "
                        "10 s (database is locked)")
    assert lines[1] == ("Hint: another referee (or a program with the file open) is writing to it: what was "
                        "reported done is kept; run the command again in a moment")
