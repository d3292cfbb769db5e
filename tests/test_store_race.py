"""Two recorders, one table: an append that raced another is detected by the session's sequence
number (``expected_seq``) and refused in plain words naming what was stored since; nothing is
overwritten or lost.  Two Store objects, threads, and (SQLite) two processes."""

from __future__ import annotations

import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from referee.engine.events import Bet, Call, Raise, SitDown
from referee.store.store import StaleLogError, open_store
from referee.store.transaction import SeatSpec

RECORDER = Path(__file__).resolve().parent / "helpers" / "recorder.py"


def table(url: str) -> int:
    with open_store(url) as store:
        with store.transaction() as tx:
            sid = tx.new_session(table_name="Two", rulebook="straight_draw", chip_value_cents=1,
                                    seats=[SeatSpec("Ann", 10**6), SeatSpec("Bob", 10**6)]).id
        assert sid is not None
        for hand in range(1, 13):
            with store.transaction() as tx:
                tx.start_hand(sid)
            store.append_event(sid, hand, Bet("Ann", 1), text="Ann: bets 1")
        return sid


def test_a_raced_append_is_refused_with_what_was_stored_since(db_url: str) -> None:
    sid = table(db_url)
    with open_store(db_url) as mine, open_store(db_url) as theirs:
        seen = mine.last_seq(sid)
        theirs.append_event(sid, 12, Raise("Ann", 4, to=True), text="Ann: raises to 4")
        with pytest.raises(StaleLogError) as caught:
            mine.append_event(sid, 12, Call("Bob"), text="bob calls", expected_seq=seen)
        assert caught.value.message == ("hand 12 changed since you loaded it: Ann: raises to 4 (action 2); "
                                        "your 'bob calls' was not stored — enter it again")
        assert str(seen + 1) in (caught.value.hint or "")
        assert [e for e in mine.hand_events(sid, 12)] == [Bet("Ann", 1), Raise("Ann", 4, to=True)]
        # entered again against the log as it now stands, it is stored after theirs
        again = mine.append_event(sid, 12, Call("Bob"), text="bob calls", expected_seq=mine.last_seq(sid))
        assert again.seq == seen + 2 and mine.verify_chain(sid).ok


def test_a_change_between_hands_is_named_too(db_url: str) -> None:
    sid = table(db_url)
    with open_store(db_url) as mine, open_store(db_url) as theirs:
        seen = mine.last_seq(sid)
        with theirs.transaction() as tx:
            tx.add_seat(sid, "Eve", 50, after="Ann")
        theirs.append_event(sid, 12, Call("Bob"))
        with pytest.raises(StaleLogError, match=re.escape(
                f"session {sid} changed since you loaded it: Eve sits down with 50 after Ann, Bob: calls (action 2); "
                "your 'Cy sits down with 10' was not stored")):
            mine.append_event(sid, None, SitDown("Cy", 10), expected_seq=seen)
        with pytest.raises(StaleLogError, match="your 'dealer: Ann' was not stored"):
            with mine.transaction() as tx:
                tx.start_hand(sid, dealer="Ann", expected_seq=seen)  # no hand begun, no dealer named
        assert mine.last_seq(sid) == seen + 2 and len(mine.hands(sid)) == 12


def test_recorders_racing_in_threads_lose_nothing(db_url: str) -> None:
    sid = table(db_url)
    per_writer, stored, stale, errors = 12, [], [], []

    def recorder(name: str) -> None:
        try:
            with open_store(db_url) as own:
                seen = own.last_seq(sid)
                n = 0
                while n < per_writer:
                    try:
                        row = own.append_event(sid, 12, Bet(name, n + 1), text=f"{name}: bets {n + 1}", expected_seq=seen)
                    except StaleLogError:
                        stale.append(name)
                        seen = own.last_seq(sid)
                        continue
                    stored.append(row.seq)
                    seen, n = row.seq, n + 1
        except Exception as err:  # surfaced below
            errors.append(err)

    threads = [threading.Thread(target=recorder, args=(name,)) for name in ("Ann", "Bob")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with open_store(db_url) as check:
        rows = check.events(sid, 12)
        assert sorted(stored) == [r.seq for r in rows][1:]  # every acknowledged append, once, in order
        for name in ("Ann", "Bob"):
            assert [r.payload["amount"] for r in rows if r.payload["player"] == name][-per_writer:] == \
                list(range(1, per_writer + 1))
        assert check.verify_chain(sid).ok


def test_two_recorder_processes_on_one_sqlite_file(sqlite_url: str) -> None:
    sid = table(sqlite_url)
    procs = [subprocess.Popen([sys.executable, str(RECORDER), sqlite_url, str(sid), "12", name, "--count", "40",
                               "--expect", "--wait"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
             for name in ("Ann", "Bob")]
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n"
    for proc in procs:  # both at once: they race for every seq
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    outputs = [p.communicate(timeout=120) for p in procs]
    assert [p.returncode for p in procs] == [0, 0], [err for _, err in outputs]
    acked = [int(seq) for out, _ in outputs for line in out.splitlines() if line.startswith("ack ")
             for seq in line.split()[1].split(",")]
    with open_store(sqlite_url) as check:
        rows = check.events(sid, 12)
        assert sorted(acked) == [r.seq for r in rows][1:] and len(set(acked)) == len(acked)
        assert len(rows) == 1 + 2 * (40 + 3 * 10) - 2 * 10  # 40 appends each, every 4th a batch of three
        assert check.verify_chain(sid).ok
