"""The session log is the whole truth of a night: everything that changes it is an appended,
hash-chained event, and the night is rebuilt from the database alone (referee.recording.session_log) — on
SQLite and on PostgreSQL.  Includes the migration that takes databases of schema 0001 along."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlalchemy import MetaData, inspect, text

from referee.engine.events import (
    Closed,
    AddChips,
    Bet,
    CashOut,
    ChangeOption,
    ChangeRulebook,
    Fold,
    Leave,
    MoveSeat,
    SetDealer,
    SitDown,
)
from referee.errors import InputError
from referee.handfile import parse_night, read_night, write_night
from referee.recording.night_file import night_from_log, record_night
from referee.recording.session_log import hand_file_text, night_from_session, session_log
from referee.store.store import SeatSpec, Store, open_store
from referee.store.migrate import alembic_config, current_revision, head_revision

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "examples").glob("*.txt"))
GOLDEN = sorted((ROOT / "tests" / "golden").glob("*/*.txt"))
# a spread of golden files: every game folder, seat changes and dealers named in hand headers
SOME_GOLDEN = GOLDEN[::6] + [p for p in GOLDEN if "sits down" in p.read_text() or "leaves" in p.read_text()]


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    with open_store(db_url) as opened:
        yield opened


def night_of(store: Store, *names: str, buy_in: int = 100) -> int:
    game = store.new_session(table_name="Friday", rulebook="jackpots", chip_value_cents=25,
                             seats=[SeatSpec(n, buy_in) for n in names or ("Ann", "Bob", "Cy")])
    assert game.id is not None
    return game.id


# ------------------------------------------------------------------ a hand file in, the same night out


def test_every_example_and_golden_night_is_rebuilt_from_the_store_alone(store: Store) -> None:
    assert len(EXAMPLES) >= 4 and len(SOME_GOLDEN) >= 10
    for path in EXAMPLES + SOME_GOLDEN:
        night = read_night(path)
        sid = record_night(store, night, table_name=path.stem, chip_value_cents=25)
        assert night_from_session(store, sid) == night, path.name
        assert night_from_log(store, sid) == night, path.name
        assert hand_file_text(session_log(store, sid)) == (write_night(night), []), path.name
        assert store.verify_chain(sid).ok, path.name


def test_the_file_header_and_hand_headers_are_night_events(store: Store) -> None:
    night = parse_night(
        "rulebook: jackpots\noption draw.limit_post = 10\nseats: Ann 100, Bob 100, Cy 100\ndealer: Bob\n\n"
        "hand 1\nDee sits down with 50 after Ann\ndealer: Cy\nAnn: bets 2\nBob: folds\n\n"
        "hand 2\nrulebook: straight_draw\noption draw.limit_pre = 3\nBob leaves\nCy adds 40\nCy: bets 1\n"
    )
    sid = record_night(store, night, table_name="Kitchen", chip_value_cents=25)
    rows = store.events(sid)
    assert [(r.hand_number, r.kind, r.text) for r in rows] == [
        (None, "SitDown", None), (None, "SitDown", None), (None, "SitDown", None), (None, "SetDealer", None),
        (None, "RulebookText", None),  # the texts of the rulebook the night starts under
        (None, "SitDown", None), (None, "SetDealer", None),
        (1, "Bet", "Ann: bets 2"), (1, "Fold", "Bob: folds"),
        (None, "ChangeRulebook", None),  # straight_draw's text is in already: jackpots extends it
        (None, "ChangeOption", None), (None, "Leave", None), (None, "AddChips", None),
        (2, "Bet", "Cy: bets 1"),
    ]
    assert store.session(sid).options == {"draw.limit_post": 10}
    back = night_from_session(store, sid)
    assert back == night
    assert back.hands[1].seats == ("Ann", "Dee", "Cy") and back.hands[1].options == {"draw.limit_pre": 3}
    assert back.dealer == "Bob" and back.hands[0].dealer == "Cy" and back.hands[1].dealer is None


def test_seat_moves_money_and_cash_outs_are_kept(store: Store) -> None:
    sid = store.new_session(table_name="Friday", rulebook="straight_draw", chip_value_cents=25, dealer="bob",
                            seats=[SeatSpec("Ann", 100), SeatSpec("Bob", 100, paid_cents=2000), SeatSpec("Cy", 80)]).id
    assert sid is not None
    store.start_hand(sid)
    store.append_event(sid, 1, Bet("Ann", 2))
    store.append_event(sid, None, MoveSeat("cy", after="ann"))
    store.append_event(sid, None, AddChips("bob", 50, paid_cents=1000))
    store.append_event(sid, None, ChangeOption("draw.limit_pre", 3))
    store.start_hand(sid, dealer="CY")
    store.append_event(sid, 2, Fold("Bob"))
    store.append_event(sid, None, Leave("Bob"))
    store.append_event(sid, None, CashOut("bob", 130))
    log = session_log(store, sid)
    night = log.night
    assert [(s.name, s.stack) for s in night.seats] == [("Ann", 100), ("Bob", 100), ("Cy", 80)]
    assert night.dealer == "Bob" and night.hands[0].dealer is None
    hand2 = night.hands[1]
    assert hand2.seats == ("Ann", "Cy", "Bob") and hand2.dealer == "Cy"
    assert hand2.changes == (MoveSeat("Cy", "Ann"), AddChips("Bob", 50, 1000))  # names as seated
    assert hand2.option_changes == {"draw.limit_pre": 3} and hand2.options == {"draw.limit_pre": 3}
    assert log.opening[1] == SitDown("Bob", 100, None, 2000)
    assert log.closing == (Leave("Bob"), CashOut("Bob", 130))
    assert (log.table.bought, log.table.paid, log.table.cashed) == (
        {"Ann": 100, "Bob": 150, "Cy": 80}, {"Ann": 2500, "Bob": 3000, "Cy": 2000}, {"Bob": 130})
    assert log.table.due == ["Ann", "Cy"]
    with pytest.raises(InputError, match="seat move .*Cy moves after Ann, before hand 2.*cannot hold"):
        hand_file_text(log)


@pytest.mark.parametrize(
    ("event", "message"),
    [
        (Leave("Dee"), "'Dee' is not at the table: only a seated player can leave"),
        (SitDown("Ann", 10), "'Ann' is already seated in session"),
        (SitDown("Dee", 10, after="Zed"), "'Zed' is not at the table"),
        (SitDown("Two Words", 10), "seat name 'Two Words' is not one word"),
        (SitDown("dealer", 10), "'dealer' cannot be a seat name"),
        (AddChips("Bob", 0), "the chips Bob adds must be a whole number of at least 1"),
        (MoveSeat("Bob", after="Bob"), "Bob cannot sit after himself"),
        (SetDealer("Zed"), "dealer 'Zed' is not seated"),
        (CashOut("Zed", 5), "'Zed' did not play tonight"),
        (ChangeRulebook(" "), "a rulebook change names no rulebook"),
    ],
)
def test_a_night_event_that_does_not_fit_the_table_is_refused(store: Store, event: object, message: str) -> None:
    sid = night_of(store)
    before = store.last_seq(sid)
    with pytest.raises(InputError, match=message):
        store.append_event(sid, None, event)  # type: ignore[arg-type]
    assert store.last_seq(sid) == before and len(store.seats(sid)) == 3


def test_night_events_and_hand_events_keep_their_places(store: Store) -> None:
    sid = night_of(store)
    with pytest.raises(InputError, match="Leave happens between hands"):
        store.start_hand(sid) and store.append_event(sid, 1, Leave("Ann"))
    with pytest.raises(InputError, match="Bet is an action of a hand: give its hand number"):
        store.append_event(sid, None, Bet("Ann", 2))


def test_a_player_who_comes_back_keeps_his_seat_name(store: Store) -> None:
    store.add_player("Robert")
    store.add_alias("Robert", "Bobby")
    sid = night_of(store, "Ann", "Bobby")
    store.start_hand(sid)
    store.append_event(sid, 1, Fold("Ann"))
    store.append_event(sid, None, Leave("bobby"))
    store.append_event(sid, None, SitDown("ROBERT", 40))
    assert [s.name for s in store.seats(sid)] == ["Ann", "Bobby"]
    assert [r.payload["player"] for r in store.events(sid) if r.kind in ("Leave", "SitDown")][-2:] == ["Bobby", "Bobby"]


def test_close_needs_every_cash_out_and_writes_nothing_otherwise(store: Store) -> None:
    sid = night_of(store)
    store.start_hand(sid)
    store.append_event(sid, 1, Fold("Ann"))
    store.append_event(sid, None, Leave("Cy"))
    before = store.last_seq(sid)
    with pytest.raises(InputError, match="Bob, Cy have not cashed out") as caught:
        store.close_session(sid, {"ann": 90})
    assert "--cash-out Bob:CHIPS --cash-out Cy:CHIPS" in (caught.value.hint or "")
    assert store.last_seq(sid) == before and store.session(sid).status == "open"
    with pytest.raises(InputError, match="Ann has already cashed out"):
        store.close_session(sid, [("Ann", 90), ("ann", 10)])
    closed = store.close_session(sid, {"Ann": 90, "Bob": 110, "Cy": 100})
    assert closed.status == "closed" and closed.ended_at is not None
    assert [r.payload for r in store.events(sid)[-4:-1]] == [
        {"player": "Ann", "chips": 90}, {"player": "Bob", "chips": 110}, {"player": "Cy", "chips": 100}]
    assert session_log(store, sid).closing[-3:] == (CashOut("Ann", 90), CashOut("Bob", 110), CashOut("Cy", 100))
    # the close itself, with the end time the row keeps
    assert store.events(sid)[-1].kind == "Closed"
    assert session_log(store, sid).money[-1][1] == Closed(closed.ended_at.isoformat(timespec="microseconds"))
    assert store.verify_chain(sid).ok


def test_only_a_session_without_hands_can_be_deleted(store: Store) -> None:
    kept, mistaken = night_of(store), night_of(store, "Ann", "Dee")
    store.start_hand(kept)
    with pytest.raises(InputError, match=f"session {kept} has 1 hand recorded: a played night is kept") as caught:
        store.delete_session(kept)
    assert f"referee session close {kept}" in (caught.value.hint or "")
    store.delete_session(mistaken)
    assert [g.id for g in store.sessions()] == [kept]
    with pytest.raises(InputError, match=f"no session {mistaken}"):
        store.session(mistaken)
    assert store.find_player("Dee") is not None  # a person outlives a mistaken night
    # the database itself still refuses to delete a played night's events
    with pytest.raises(Exception, match="events are append-only"), store.engine.begin() as conn:
        conn.execute(text("DELETE FROM events WHERE session_id = :sid"), {"sid": kept})


# ------------------------------------------------------------------ the migration from schema 0001


LEGACY = json.loads((ROOT / "tests" / "data" / "legacy_0001.json").read_text())


def load_legacy_database(url: str) -> None:
    """A database as referee left it at schema 0001 (rows written by that referee: tests/data)."""
    from alembic import command

    with open_store(url, migrate=False) as store, store.engine.connect() as conn:
        with conn.begin():
            command.upgrade(alembic_config(conn), "0001")
        with conn.begin():
            tables = MetaData()
            tables.reflect(conn)
            for name in ("players", "player_aliases", "sessions", "seats", "hands", "events"):
                rows = [{k: (datetime.fromisoformat(v).replace(tzinfo=UTC) if k.endswith("_at") and v else v)
                         for k, v in row.items()} for row in LEGACY[name]]
                if rows:
                    conn.execute(tables.tables[name].insert(), rows)
                if store.dialect == "postgresql":
                    conn.execute(text(f"SELECT setval(pg_get_serial_sequence('{name}', 'id'), "
                                      f"(SELECT coalesce(max(id), 1) FROM {name}))"))


def test_an_existing_database_is_taken_along(db_url: str) -> None:
    load_legacy_database(db_url)
    with open_store(db_url) as store:  # migrates to the head
        with store.engine.connect() as conn:
            assert current_revision(conn) == head_revision() != "0001"
            # 0003: the replay results the old referee cached in hands.result are gone, the hands stay
            assert "result" not in {c["name"] for c in inspect(conn).get_columns("hands")}
            assert conn.execute(text("SELECT count(*) FROM hands")).scalar() == len(LEGACY["hands"])
        assert [r.ok for r in store.verify_all()] == [True, True]
        assert [g.log_version for g in store.sessions()] == [1, 1]
        # the demo night of the old referee: its seats table is the opening seating (Eve, registered
        # between hands 2 and 3, sits down before hand 3), its hands' dealers the dealers
        assert night_from_session(store, 1) == read_night(ROOT / "examples" / "jackpots-friday.txt")
        kitchen = session_log(store, 2)
        assert [(s.name, s.stack) for s in kitchen.night.seats] == [("Ann", 50), ("Bob", 60)]
        assert kitchen.night.options == {"draw.limit_post": 10} and kitchen.night.hands == ()
        # and it keeps working: more of the night is recorded into it, and it still verifies
        store.append_event(1, None, AddChips("Bob", 20))
        store.start_hand(1, dealer="ann")
        store.append_event(1, 4, Fold("Cy"))
        store.close_session(2, {"Ann": 50, "Bob": 60})
        assert [r.ok for r in store.verify_all()] == [True, True]
        hand4 = night_from_session(store, 1).hands[3]
        assert (hand4.dealer, hand4.changes, hand4.seats) == ("Ann", (AddChips("Bob", 20),), ("Ann", "Bob", "Cy", "Dee", "Eve"))


def test_the_log_version_is_part_of_the_chain(store: Store) -> None:
    """Marking a new session as a legacy one (to pass off an edited seats table) breaks its chain."""
    sid = night_of(store)
    with store.engine.begin() as conn:
        conn.execute(text("UPDATE sessions SET log_version = 1 WHERE id = :sid"), {"sid": sid})
    report = store.verify_chain(sid)
    assert not report.ok and report.bad_seq == 1 and "the session header was changed" in (report.problem or "")


def test_a_rebuilt_night_replays_like_the_file(store: Store) -> None:
    from referee.handfile.replay import replay_night_file

    night = read_night(ROOT / "examples" / "jackpots-friday.txt")
    sid = record_night(store, night, table_name="Demo", chip_value_cents=25)
    rebuilt = night_from_session(store, sid)
    assert [h.replay.outcome for h in replay_night_file(rebuilt)] == [h.replay.outcome for h in replay_night_file(night)]
    assert replace(rebuilt, source=night.source) == night
