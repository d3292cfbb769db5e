"""A whole night imported at once (``referee import``): thousands of events written in a few
statements of one transaction, stored exactly as appending them one by one stores them, and nothing
kept when the night is refused after rows were already written inside that transaction."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from sqlalchemy import event
from typer.testing import CliRunner

from referee.cli import app
from referee.handfile import read_night
from referee.handfile.writer import write_events
from referee.recording.imports import import_hand_file
from referee.recording.night_file import header_events
from referee.store.store import open_store
from referee.store.transaction import SeatSpec
from referee.store.transaction import CHUNK

runner = CliRunner()

HEADER = "rulebook: straight_draw\nseats: Oleg 100000, Ivan 100000, Masha 100000\ndealer: Oleg\n"
HAND = """
hand
dealer: Oleg
Ivan: bets 1
Masha: raises 3
Oleg: calls
Ivan: calls
Ivan: draws 2
Masha: draws 1
Oleg: draws 3
Ivan: checks
Masha: bets 5
Oleg: folds
Ivan: calls
Masha: shows 7c 8c 9d Th Js
Ivan: shows Ac Ad Ah 2c 2d
"""
#: a hand with changes between hands in its header: a newcomer, chips added, a departure
CHANGES = """
hand
dealer: Ivan
Pavel sits down with 500 after Masha
Oleg adds 50
Masha: bets 1
Pavel: folds
Oleg: folds
Ivan: folds
"""
LEAVE = """
hand
dealer: Ivan
Pavel leaves
Masha: bets 1
Oleg: folds
Ivan: folds
"""
EVENTS_PER_HAND = 14  # the SetDealer of its header and its 13 actions


def long_night(tmp_path: Path) -> Path:
    """A night of more events than one bulk write holds, with night events on both sides of it."""
    hands = CHUNK // EVENTS_PER_HAND + 40
    path = tmp_path / "long-night.txt"
    path.write_text(HEADER + HAND * 10 + CHANGES + HAND * (hands - 22) + LEAVE + HAND * 10, encoding="utf-8")
    return path


def stored(store: object, session_id: int) -> list[tuple[object, ...]]:
    """What a session's log says, without what belongs to one recording (times, hashes, the id)."""
    snapshot = store.log_snapshot(session_id)  # type: ignore[attr-defined]
    return [(row.seq, row.hand_number, row.kind, row.payload, row.text) for row in snapshot.events]


def test_a_night_longer_than_one_bulk_write_is_stored_as_appending_it_event_by_event_stores_it(
        db_url: str, tmp_path: Path) -> None:
    """The import's bulk path against the store's own one-append-at-a-time path, on the same night:
    the same events, hands, texts and order, every hand begun and ended, and both chains intact."""
    path = long_night(tmp_path)
    night = read_night(path)
    done = runner.invoke(app, ["import", str(path), "--db", db_url])
    assert done.exit_code == 0, done.output
    with open_store(db_url) as store:
        with store.transaction() as tx:  # the same night through Transaction.append_events, event by event
            game = tx.new_session(table_name="by hand", rulebook=night.rulebook, chip_value_cents=100,
                                  seats=[SeatSpec(s.name, s.stack) for s in night.seats], dealer=night.dealer)
            assert game.id is not None
            for hand in night.hands:
                for change in header_events(hand):
                    tx.append_event(game.id, None, change)
                number = tx.start_hand(game.id, dealer=hand.dealer).number
                for action, text in zip(hand.events, write_events(hand.events, game=hand.game), strict=True):
                    tx.append_event(game.id, number, replace(action, line=None), text=text)
                tx.end_hand(game.id, number)
        imported = stored(store, 1)
        assert len(imported) > CHUNK
        assert imported == stored(store, game.id)
        assert [h.number for h in store.hands(1)] == list(range(1, len(night.hands) + 1))
        assert all(h.ended_at is not None and h.ended_at >= h.started_at for h in store.hands(1))
        assert [s.name for s in store.seats(1)] == ["Oleg", "Ivan", "Masha", "Pavel"]
        assert store.verify_chain(1).ok and store.verify_chain(game.id).ok


def test_an_import_writes_its_events_a_few_thousand_rows_per_statement(db_url: str, tmp_path: Path) -> None:
    """Counted at the driver: the events of a night go to the database in a handful of INSERTs, not one
    per event (which made an import cost a round trip per event)."""
    night = read_night(long_night(tmp_path))
    inserts: list[int] = []
    with open_store(db_url) as store:
        def count(conn: object, cursor: object, statement: str, parameters: object, context: object,
                  executemany: bool) -> None:
            if statement.lstrip().upper().startswith("INSERT INTO EVENTS"):
                inserts.append(len(parameters) if executemany else 1)  # type: ignore[arg-type]

        event.listen(store.engine, "before_cursor_execute", count)
        done = import_hand_file(store, night, table_name="Long", chip_value_cents=100)
    assert sum(inserts) >= done.events > CHUNK
    # the opening's sit-downs and dealer go in as new_session writes them; the rest in bulk
    assert len(inserts) <= 2 + -(-done.events // CHUNK) * 2


def test_a_night_refused_after_thousands_of_its_rows_were_written_leaves_nothing(db_url: str, tmp_path: Path) -> None:
    """A session log whose night event far into the night cannot stand (a player leaving who never
    sat down) is refused at that event, after earlier rows were written inside the import's transaction:
    the store is as it was."""
    path = long_night(tmp_path)
    with open_store(db_url) as store:
        done = import_hand_file(store, read_night(path), table_name="Long", chip_value_cents=100)
        document = json.loads(runner.invoke(app, ["export", str(done.session_id), "--json", "--db", db_url]).stdout)
        before = store.counts()
    leave = next(i for i, e in enumerate(document["events"]) if e["kind"] == "Leave")
    assert leave > CHUNK
    document["events"][leave]["payload"]["player"] = "Nobody"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    refused = runner.invoke(app, ["import", str(bad), "--as-new", "--db", db_url])
    assert refused.exit_code == 2, refused.output
    seq = document["events"][leave]["seq"]
    assert f"bad.json: event {seq}" in refused.output and "Nobody" in refused.output
    assert "Traceback" not in refused.output
    with open_store(db_url) as store:
        assert store.counts() == before
