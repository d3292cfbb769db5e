"""Tamper evidence as an attacker would meet it: he has SQL access, gets past the append-only
triggers (PostgreSQL: ``session_replication_role = replica``, which skips them; SQLite: drops them
and puts them back afterwards, so the schema looks untouched), and edits, deletes or reorders a
stored event.  ``referee db verify`` (of every session, or ``--session ID``) names the first event
that does not match: its seq, hand, action and what it says."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from typer.testing import CliRunner

from helpers.tamper import past_the_triggers
from referee.cli import app
from referee.handfile import read_night
from referee.recording.night_file import record_night
from referee.store.store import Store, open_store

runner = CliRunner()
EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "jackpots-friday.txt"
# the example's log: 4 sit-downs and the first dealer (seq 1-5), the rulebook's text (6), hand 1 (7-22),
# hand 2 (23-26), Eve sits down (27), hand 3 (28-42)
ANN_CHECKS = 25  # hand 2, action 3


@pytest.fixture
def nights(db_url: str) -> Iterator[tuple[str, Store]]:
    """Two recorded nights: session 1 is attacked, session 2 stays as recorded."""
    with open_store(db_url) as store:
        for table in ("Friday", "Saturday"):
            record_night(store, read_night(EXAMPLE), table_name=table, chip_value_cents=25)
        yield db_url, store


def verify(db_url: str, *args: str) -> tuple[int, list[str]]:
    result = runner.invoke(app, ["db", "verify", "--db", db_url, *args])
    return result.exit_code, result.output.splitlines()


def test_the_triggers_are_back_after_the_attack(nights: tuple[str, Store]) -> None:
    db_url, store = nights
    with past_the_triggers(store) as conn:
        conn.execute(text("UPDATE events SET text = 'Ann: folds' WHERE session_id = 1 AND seq = :seq"),
                     {"seq": ANN_CHECKS})
    with pytest.raises(Exception, match="events are append-only"), store.engine.begin() as conn:
        conn.execute(text("UPDATE events SET text = 'x' WHERE session_id = 2"))


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("UPDATE events SET kind = 'Fold', payload = '{\"player\": \"Ann\"}' WHERE session_id = 1 AND seq = 25",
         "event 25 (hand 2, action 3: 'Ann: checks', stored as 'Ann: folds'): its content does not match its hash "
         "(the row was edited)"),
        ("UPDATE events SET text = 'Ann: folds' WHERE session_id = 1 AND seq = 25",
         "event 25 (hand 2, action 3: 'Ann: folds', stored as 'Ann: checks'): its content does not match its hash "
         "(the row was edited)"),
        ("DELETE FROM events WHERE session_id = 1 AND seq = 25",
         "event 26 (hand 2, action 3: 'Bob: checks'): expected sequence number 25 (an event is missing)"),
        # two actions swapped: their seqs exchanged (through a free number: seq is unique)
        ("UPDATE events SET seq = 100000 WHERE session_id = 1 AND seq = 24; "
         "UPDATE events SET seq = 24 WHERE session_id = 1 AND seq = 25; "
         "UPDATE events SET seq = 25 WHERE session_id = 1 AND seq = 100000",
         "event 24 (hand 2, action 2: 'Ann: checks'): it does not follow the previous event "
         "(one was removed, replaced or reordered)"),
        ("UPDATE events SET payload = '{\"player\": \"Eve\", \"stack\": 800, \"after\": \"Dee\", \"paid_cents\": null}' "
         "WHERE session_id = 1 AND seq = 27",
         "event 27 (between hands: 'Eve sits down with 800 after Dee'): its content does not match its hash "
         "(the row was edited)"),
    ],
    ids=["edited-action", "edited-text", "deleted", "reordered", "edited-buy-in"],
)
def test_an_attack_on_the_log_is_caught_and_named(nights: tuple[str, Store], statement: str, expected: str) -> None:
    db_url, store = nights
    assert verify(db_url) == (0, [f"session {n}: 42 events, chain intact (head {store.verify_chain(n).head[:16]})"
                                  for n in (1, 2)] + ["All 2 sessions verified."])
    with past_the_triggers(store) as conn:
        for part in statement.split("; "):
            conn.execute(text(part))
    code, lines = verify(db_url, "--session", "1")
    assert (code, lines) == (1, [f"session 1: CHAIN BROKEN at {expected}",
                                 "1 of 1 session has a broken chain: its log was changed after recording."])
    code, lines = verify(db_url)
    assert code == 1 and lines[0] == f"session 1: CHAIN BROKEN at {expected}"
    assert lines[1].startswith("session 2: 42 events, chain intact")
    report = store.verify_chain(1)
    assert (report.bad_seq, report.hand) == (int(expected.split()[1]), None if "between" in expected else 2)


def test_verify_of_an_unknown_session(nights: tuple[str, Store]) -> None:
    db_url, _ = nights
    assert verify(db_url, "--session", "9") == (2, ["Error: no session 9",
                                                    "Hint: `referee session list` shows the sessions"])
