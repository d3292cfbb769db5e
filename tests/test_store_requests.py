"""A writing command's identity (``referee.store.requests``): what it asks, stored with the facts it
appended, so that asking it again right after (a re-run after a lost reply) or at the same moment (two
commands racing) stores the fact once and names it; the same thing asked later is a new fact."""

from __future__ import annotations

import threading

import pytest
from sqlalchemy import inspect, text

from referee.engine.events import AddChips, TransferPaid
from referee.errors import AlreadyRecorded
from referee.store.migrate import alembic_config, current_revision, head_revision, upgrade
from referee.store.requests import Request, asks
from referee.store.store import SeatSpec, open_store


def night(url: str) -> int:
    with open_store(url) as store:
        sid = store.new_session(table_name="Kitchen", rulebook="straight_draw", chip_value_cents=100,
                                seats=[SeatSpec("Ann", 50), SeatSpec("Bob", 50)]).id
        assert sid is not None
        return sid


def adds(sid: int) -> Request:
    return Request(asks("act", sid, ["Ann adds 20"]))


def test_the_same_request_run_again_finds_its_own_fact_and_stores_nothing(db_url: str) -> None:
    sid = night(db_url)
    with open_store(db_url) as store:
        row = store.append_event(sid, None, AddChips("Ann", 20), request=adds(sid))
        with pytest.raises(AlreadyRecorded) as done:
            store.append_event(sid, None, AddChips("Ann", 20), request=adds(sid))
        assert str(done.value) == f"already recorded: Ann adds 20 (session {sid}, event {row.seq})"
        assert store.last_seq(sid) == row.seq and store.verify_chain(sid).ok


def test_the_same_thing_asked_after_something_else_was_recorded_is_a_new_fact(db_url: str) -> None:
    sid = night(db_url)
    with open_store(db_url) as store:
        first = store.append_event(sid, None, AddChips("Ann", 20), request=adds(sid))
        store.append_event(sid, None, AddChips("Bob", 10))
        second = store.append_event(sid, None, AddChips("Ann", 20), request=adds(sid))
        assert second.seq == first.seq + 2


def test_a_request_meant_again_right_after_itself_is_stored_again(db_url: str) -> None:
    sid = night(db_url)
    with open_store(db_url) as store:
        first = store.append_event(sid, None, AddChips("Ann", 20), request=adds(sid))
        again = Request(adds(sid).asks, again=True)
        assert store.append_event(sid, None, AddChips("Ann", 20), request=again).seq == first.seq + 1


def test_a_request_told_where_its_lost_run_asked_finds_its_fact_after_more_was_recorded(db_url: str) -> None:
    sid = night(db_url)
    with open_store(db_url) as store:
        asked_at = store.last_seq(sid)
        row = store.append_event(sid, None, AddChips("Ann", 20), request=adds(sid))
        store.append_event(sid, None, AddChips("Bob", 10))
        with pytest.raises(AlreadyRecorded) as done:
            store.append_event(sid, None, AddChips("Ann", 20), request=Request(adds(sid).asks, at=asked_at))
        assert (done.value.first_seq, done.value.last_seq) == (row.seq, row.seq)
        # told a head where it was never asked (its run stored nothing), it is stored now, once
        stored = store.append_event(sid, None, AddChips("Ann", 20), request=Request(adds(sid).asks, at=row.seq))
        assert stored.seq == row.seq + 2


def test_a_refused_request_stores_no_identity(db_url: str) -> None:
    sid = night(db_url)
    with open_store(db_url) as store:
        with pytest.raises(ValueError), store.transaction(adds(sid)) as tx:
            tx.append_events(sid, None, [AddChips("Ann", 20)])
            raise ValueError("refused after the append")
        assert store.append_event(sid, None, AddChips("Ann", 20), request=adds(sid)).seq == store.last_seq(sid)
        with store.engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM requests")).scalar() == 1


def test_two_requests_racing_for_one_fact_store_it_once(db_url: str) -> None:
    """Both read the night at the same head; one holds the session's lock while the other waits for it
    (PostgreSQL: a row lock held from a second connection; SQLite: the write lock of an open write
    transaction), then both go at once: the one that gets the lock second finds the first one's fact."""
    sid = night(db_url)
    paid = Request(asks("settle --paid", sid, ["1"]))
    outcomes: list[object] = []
    with open_store(db_url) as holder, holder.transaction() as tx:
        tx._head(sid)  # the session row locked (SQLite: the database's write lock) until the block ends
        go = threading.Barrier(2)

        def payer() -> None:
            with open_store(db_url) as own:
                go.wait()
                try:
                    outcomes.append(own.append_event(sid, None, TransferPaid("Bob", "Ann", 3000), request=paid))
                except AlreadyRecorded as done:
                    outcomes.append(done)

        threads = [threading.Thread(target=payer) for _ in range(2)]
        for thread in threads:
            thread.start()
        threading.Event().wait(0.5)  # both are waiting for the lock
    for thread in threads:
        thread.join(30)
    assert sorted(type(o).__name__ for o in outcomes) == ["AlreadyRecorded", "EventRecord"]
    with open_store(db_url) as store:
        assert [e.kind for e in store.events(sid)].count("TransferPaid") == 1


def test_a_night_claimed_twice_at_once_is_kept_once(pg_url: str) -> None:
    """Two imports of one night: the second's claim waits on the first's uncommitted key, and once
    the first commits it is refused, naming the session that holds the night."""
    first, second = night(pg_url), night(pg_url)
    outcome: list[object] = []
    with open_store(pg_url) as a, open_store(pg_url) as b:
        with a.transaction() as tx:
            tx.claim(first, "import abc")

            def other() -> None:
                try:
                    with b.transaction() as tx2:
                        tx2.claim(second, "import abc")
                    outcome.append("stored")
                except AlreadyRecorded as done:
                    outcome.append(done)

            thread = threading.Thread(target=other)
            thread.start()
            thread.join(1)
            assert thread.is_alive()  # waiting on the first's key
        thread.join(30)
    [done] = outcome
    assert isinstance(done, AlreadyRecorded) and done.session_id == first


def test_a_database_at_0006_gets_the_requests_table_and_goes_back_down(sqlite_url: str) -> None:
    from alembic import command

    with open_store(sqlite_url, migrate=False) as old:
        with old.engine.connect() as conn, conn.begin():
            command.upgrade(alembic_config(conn), "0006")
    sid = night(sqlite_url)  # the first use migrates
    with open_store(sqlite_url) as store:
        with store.engine.connect() as conn:
            assert current_revision(conn) == head_revision()  # the first use migrated to the newest
        store.append_event(sid, None, AddChips("Ann", 20), request=adds(sid))
        with store.engine.connect() as conn, conn.begin():
            command.downgrade(alembic_config(conn), "0006")
        with store.engine.connect() as conn:
            assert "requests" not in inspect(conn).get_table_names()
        upgrade(store.engine)  # up again: this referee reads the schema it writes
        assert store.verify_chain(sid).ok
