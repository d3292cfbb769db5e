"""The head of a session's log kept on its row (migration 0005): an action appended at the table is
one round trip to a PostgreSQL server and one short write transaction on SQLite; a head on the row
that does not match the log is never trusted; an older database gets its heads filled in."""

from __future__ import annotations

import re
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy import Engine, MetaData, event, text

from referee.engine.events import Bet, Call, Check
from referee.store.store import StaleLogError, Store, open_store
from referee.store.transaction import SeatSpec
from referee.store.migrate import alembic_config, current_revision, head_revision
from helpers.processes import CuttingProxy, appends_events


def hand_begun(store: Store) -> int:
    with store.transaction() as tx:
        sid = tx.new_session(table_name="Kitchen", rulebook="jackpots", chip_value_cents=25,
                                seats=[SeatSpec(n, 100) for n in ("Ann", "Bob", "Cy", "Dee")]).id
    assert sid is not None
    with store.transaction() as tx:
        tx.start_hand(sid)
    return sid


@contextmanager
def statements(engine: Engine) -> Iterator[list[str]]:
    """Every statement the engine's connections execute inside the block, first word only."""
    seen: list[str] = []

    def record(_conn: object, _cursor: object, statement: str, *_: object) -> None:
        seen.append(statement.split(None, 1)[0].upper())

    event.listen(engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", record)


@contextmanager
def round_trips(engine: Engine) -> Iterator[list[str]]:
    """What the client sends a PostgreSQL server inside the block, by libpq's own protocol trace:
    each ``Sync`` (the extended protocol) or ``Query`` (the simple one, e.g. a BEGIN or COMMIT)
    waits for the server's answer, so their number is the number of round trips."""
    from psycopg.pq import Trace

    trace = tempfile.NamedTemporaryFile(prefix="libpq-trace-", delete=False)
    traced: list[object] = []

    def start(dbapi_connection: object, *_: object) -> None:
        pgconn = dbapi_connection.pgconn  # type: ignore[attr-defined]
        pgconn.trace(trace.fileno())
        pgconn.set_trace_flags(Trace.SUPPRESS_TIMESTAMPS | Trace.REGRESS_MODE)
        traced.append(pgconn)

    sent: list[str] = []
    event.listen(engine, "checkout", start)
    try:
        yield sent
    finally:
        event.remove(engine, "checkout", start)
        for pgconn in traced:
            pgconn.untrace()  # type: ignore[attr-defined]
        trace.close()
        lines = Path(trace.name).read_text(errors="replace").splitlines()
        Path(trace.name).unlink()
        sent += [m[1] for line in lines if (m := re.match(r"F\t\d+\t(Sync|Query)\b", line))]


@pytest.mark.postgres
def test_an_action_appended_on_postgresql_is_one_round_trip(pg_url: str) -> None:
    """The issue: "One round trip per append on PostgreSQL (keep the head where the lock is taken)".
    After the table has read the log (as ``referee table`` and ``referee act`` do on start), each
    action is one statement and one round trip: no BEGIN, no lock taken apart, no read of the head."""
    with open_store(pg_url) as store:
        sid = hand_begun(store)
        store.log_snapshot(sid)  # the table reads the log
        seen = store.last_seq(sid)
        for n, event_ in enumerate([Bet("Bob", 2), Call("Cy"), Call("Dee")], start=1):
            with statements(store.engine) as executed, round_trips(store.engine) as sent:
                row = store.append_event(sid, 1, event_, expected_seq=seen)
            assert executed == ["WITH"], executed  # WITH head AS (UPDATE sessions …) INSERT INTO events …
            assert sent == ["Sync"], sent
            assert row.seq == seen + 1
            seen = row.seq
        assert store.verify_chain(sid).ok
        assert [r.text for r in store.events(sid, 1)] == [None, None, None]
        with store.engine.connect() as conn:  # the row holds the head of the log
            head = conn.execute(text("SELECT last_seq, last_hash FROM sessions WHERE id = :sid"), {"sid": sid}).one()
        assert tuple(head) == (seen, store.verify_chain(sid).head)


def test_an_action_appended_on_sqlite_is_one_short_write_transaction(sqlite_url: str) -> None:
    """On SQLite the same append is BEGIN IMMEDIATE, the head moved on the session row, the row
    inserted, COMMIT: nothing read first."""
    with open_store(sqlite_url) as store:
        sid = hand_begun(store)
        store.log_snapshot(sid)
        with statements(store.engine) as executed:
            store.append_event(sid, 1, Bet("Bob", 2))
        assert executed == ["BEGIN", "UPDATE", "INSERT"], executed
        assert store.verify_chain(sid).ok


def test_a_head_on_the_session_row_that_does_not_match_the_log_is_not_trusted(db_url: str) -> None:
    """The events are the truth: a row whose head was written around (a tool, an old referee) makes
    the fast append find nothing to move; the append then reads the head from the log, lands after
    its last event, and sets the row's head right again."""
    with open_store(db_url) as store:
        sid = hand_begun(store)
        store.log_snapshot(sid)
        last = store.last_seq(sid)
        with store.engine.begin() as conn:
            conn.execute(text("UPDATE sessions SET last_seq = 2, last_hash = 'x' WHERE id = :sid"), {"sid": sid})
        row = store.append_event(sid, 1, Bet("Bob", 2))
        assert row.seq == last + 1
        row = store.append_event(sid, 1, Call("Cy"))  # and the fast path goes on from the row set right
        assert row.seq == last + 2
        report = store.verify_chain(sid)
        assert report.ok and report.events == last + 2
        with store.engine.connect() as conn:
            head = conn.execute(text("SELECT last_seq, last_hash FROM sessions WHERE id = :sid"), {"sid": sid}).one()
        assert tuple(head) == (last + 2, report.head)


def test_another_recorder_writing_in_between_still_refuses_the_stale_line(db_url: str) -> None:
    """Two stores (two recorders) that have both read the log: the one that writes second, naming the
    head it saw, is refused in plain words and nothing of its line is stored."""
    with open_store(db_url) as first, open_store(db_url) as second:
        sid = hand_begun(first)
        first.log_snapshot(sid)
        second.log_snapshot(sid)
        seen = first.last_seq(sid)
        first.append_event(sid, 1, Bet("Bob", 2), text="Bob: bets 2", expected_seq=seen)
        with pytest.raises(StaleLogError, match=r"hand 1 changed since you loaded it: Bob: bets 2 \(action 1\); "
                                                 r"your 'Bob: checks' was not stored"):
            second.append_event(sid, 1, Check("Bob"), text="Bob: checks", expected_seq=seen)
        assert [r.text for r in first.events(sid, 1)] == ["Bob: bets 2"]
        assert first.verify_chain(sid).ok


@pytest.mark.postgres
def test_an_append_whose_connection_is_ended_while_it_waits_is_tried_again_and_stored_once(pg_url: str) -> None:
    """The server ends the appender's connection while it waits for the session's lock (what a fast
    stop does to every session): the append is sent again on a new connection, with the same rows,
    and is stored once."""
    import psycopg

    libpq = pg_url.replace("postgresql+psycopg://", "postgresql://")
    with open_store(pg_url) as store:
        sid = hand_begun(store)
        store.log_snapshot(sid)
        seen = store.last_seq(sid)
        result: list[object] = []
        with psycopg.connect(libpq, autocommit=True) as watch, psycopg.connect(libpq) as holder:
            holder.execute("SELECT id FROM sessions WHERE id = %s FOR UPDATE", (sid,))
            appender = threading.Thread(target=lambda: result.append(
                store.append_event(sid, 1, Bet("Bob", 2), text="Bob: bets 2", expected_seq=seen)))
            appender.start()
            deadline = time.monotonic() + 30
            while not (waiting := [r[0] for r in watch.execute(
                    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() "
                    "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()")]):
                assert time.monotonic() < deadline, "the append never waited for the lock"
                time.sleep(0.02)
            watch.execute("SELECT pg_terminate_backend(%s)", (waiting[0],))
            time.sleep(0.3)
            holder.rollback()
            appender.join(timeout=30)
        assert len(result) == 1 and getattr(result[0], "seq") == seen + 1, result
        assert [r.text for r in store.events(sid, 1)] == ["Bob: bets 2"]
        assert store.verify_chain(sid).ok


def test_a_database_at_0004_gets_the_heads_of_its_logs(tmp_path: Path) -> None:
    """Migration 0005 fills each session's row with its log's last seq and hash; appending goes on
    after them and every chain verifies."""
    from alembic import command

    source = f"sqlite:///{tmp_path / 'source.db'}"
    with open_store(source) as store:
        sid = hand_begun(store)
        store.append_event(sid, 1, Bet("Bob", 2))
        with store.transaction() as tx:
            empty = tx.new_session(table_name="Empty", rulebook="jackpots", chip_value_cents=25).id
        report, nobody = store.verify_chain(sid), store.verify_chain(empty)  # nobody seated: the rulebook's text only
    url = f"sqlite:///{tmp_path / 'old.db'}"
    with open_store(url, migrate=False) as old, old.engine.connect() as conn:
        with conn.begin():
            command.upgrade(alembic_config(conn), "0004")
        with open_store(source) as src, src.engine.connect() as reading, conn.begin():
            tables = MetaData()
            tables.reflect(conn)
            assert "last_seq" not in tables.tables["sessions"].columns
            for name in ("players", "player_aliases", "sessions", "seats", "hands", "events"):
                table = tables.tables[name]
                rows = [{c.name: row._mapping[c.name] for c in table.columns} for row in reading.execute(table.select())]
                if rows:
                    conn.execute(table.insert(), rows)
    with open_store(url) as store:
        with store.engine.connect() as conn:
            assert current_revision(conn) == head_revision()
            heads = dict(conn.execute(text("SELECT id, last_seq FROM sessions")).all())
            hashes = dict(conn.execute(text("SELECT id, last_hash FROM sessions")).all())
        assert heads == {sid: report.events, empty: 1} and hashes == {sid: report.head, empty: nobody.head}
        store.log_snapshot(sid)
        assert store.append_event(sid, 1, Call("Cy")).seq == report.events + 1
        assert store.verify_chain(sid).ok


@pytest.mark.postgres
def test_an_append_stored_before_the_connection_broke_is_known_by_its_hash_and_not_stored_twice(pg_url: str) -> None:
    """The issue: "loses no acknowledged action" and no duplicate.  The server stores the append, and
    the connection breaks before its answer arrives: the store sends the same rows again on a new
    connection, finds the head moved, sees its own hash at that seq, and reports the row stored,
    once."""
    from urllib.parse import urlsplit

    parts = urlsplit(pg_url)
    proxy = CuttingProxy(parts.hostname or "127.0.0.1", parts.port or 5432, appends_events)
    try:
        with open_store(pg_url.replace(f":{parts.port}/", f":{proxy.port}/")) as store:
            sid = hand_begun(store)
            store.log_snapshot(sid)
            seen = store.last_seq(sid)
            proxy.cut_next.set()
            row = store.append_event(sid, 1, Bet("Bob", 2), text="Bob: bets 2", expected_seq=seen)
            assert proxy.cuts == 1  # the answer to the first sending was lost
            assert row.seq == seen + 1
            assert store.append_event(sid, 1, Call("Cy"), text="Cy: calls", expected_seq=row.seq).seq == seen + 2
    finally:
        proxy.close()
    with open_store(pg_url) as store:
        assert [r.text for r in store.events(sid, 1)] == ["Bob: bets 2", "Cy: calls"]
        assert store.verify_chain(sid).ok
