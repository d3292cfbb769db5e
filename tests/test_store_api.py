"""The store's API on SQLite and PostgreSQL: players and aliases, sessions and seats, hands, and the
append-only event log with its per-session sequence numbers."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text

from referee.cards import parse_cards
from referee.engine.events import Bet, Call, Deal, Fold, Void
from referee.errors import InputError, StoreError
from referee.store.store import Store, open_store
from referee.store.transaction import SeatSpec


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    with open_store(db_url) as opened:
        yield opened


def new_night(store: Store, *names: str, buy_in: int = 100) -> int:
    with store.transaction() as tx:
        session = tx.new_session(table_name="Friday", rulebook="jackpots", chip_value_cents=25,
                                    seats=[SeatSpec(n, buy_in) for n in (names or ("Alice", "Bob", "Carol"))])
    assert session.id is not None
    return session.id


# ------------------------------------------------------------------ players and aliases


def test_aliases_make_one_person_across_nights(store: Store) -> None:
    """'players (with aliases, so one person adds up across nights)'."""
    with store.transaction() as tx:
        tx.add_player("Robert")
        tx.add_alias("robert", "Bobby")
    first = new_night(store, "Robert", "Alice")
    second = new_night(store, "BOBBY", "Alice")
    robert = store.player("bobby")
    assert robert.name == "Robert"
    seats = {s.session_id: s for sid in (first, second) for s in store.seats(sid) if s.player_id == robert.id}
    assert seats[first].name == "Robert" and seats[second].name == "BOBBY"  # seat names as the table called him
    assert len(store.players()) == 2
    assert store.aliases("Robert") == ["Bobby"]


def test_names_match_ignoring_case_and_spaces(store: Store) -> None:
    with store.transaction() as tx:
        tx.add_player("Anna  Maria")
    assert store.find_player("anna maria") is not None
    assert store.find_player(" ANNA MARIA ") is not None
    assert store.find_player("Anna") is None


@pytest.mark.parametrize(
    ("alias", "message"),
    [("bob", "'bob' already names player 'Bob'"), ("ROBERT", "'ROBERT' already names player 'Robert'")],
)
def test_an_alias_cannot_name_two_people(store: Store, alias: str, message: str) -> None:
    with store.transaction() as tx:
        tx.add_player("Robert")
        tx.add_player("Bob")
        tx.add_alias("Robert", "Robbie")
    with pytest.raises(InputError, match=message):
        with store.transaction() as tx:
            tx.add_alias("Robert" if alias == "bob" else "Bob", alias)


def test_alias_key_is_unique_in_the_database_itself(store: Store) -> None:
    with store.transaction() as tx:
        tx.add_player("Robert")
        tx.add_alias("Robert", "Bobby")
    with pytest.raises(Exception, match="(?i)unique|duplicate"), store.engine.begin() as conn:
        conn.execute(text("INSERT INTO player_aliases (player_id, alias, alias_key, created_at) "
                          "SELECT id, 'BOBBY', 'bobby', created_at FROM players"))


def test_duplicate_player_and_bad_names(store: Store) -> None:
    with store.transaction() as tx:
        tx.add_player("Alice")
    with pytest.raises(InputError, match="player 'ALICE' already exists"):
        with store.transaction() as tx:
            tx.add_player("ALICE")
    with pytest.raises(InputError, match="empty player name"):
        with store.transaction() as tx:
            tx.add_player("   ")
    with pytest.raises(InputError, match="longer than 100 characters"):
        with store.transaction() as tx:
            tx.add_player("x" * 101)
    with pytest.raises(InputError, match="control character"):
        with store.transaction() as tx:
            tx.add_player("Al\x00ice")
    with pytest.raises(InputError, match="no player named 'Zed'"):
        with store.transaction() as tx:
            tx.add_alias("Zed", "Z")


# ------------------------------------------------------------------ sessions and seats


def test_new_session_keeps_everything_it_was_given(store: Store) -> None:
    with store.transaction() as tx:
        session = tx.new_session(table_name="Friday", rulebook="jackpots", chip_value_cents=25,
                                    options={"draw.limit_pre": 3, "jackpots.false_open_penalty": "none"},
                                    seats=[SeatSpec("Alice", 200), SeatSpec("Bob", 150)])
    loaded = store.session(session.id)
    assert (loaded.table_name, loaded.rulebook, loaded.chip_value_cents, loaded.status) == ("Friday", "jackpots", 25, "open")
    assert loaded.options == {"draw.limit_pre": 3, "jackpots.false_open_penalty": "none"}
    assert isinstance(loaded.options["draw.limit_pre"], int)
    assert [(s.number, s.name, s.buy_in) for s in store.seats(session.id)] == [(1, "Alice", 200), (2, "Bob", 150)]


def test_one_person_takes_one_seat(store: Store) -> None:
    with store.transaction() as tx:
        tx.add_player("Robert")
        tx.add_alias("Robert", "Bobby")
    with pytest.raises(InputError, match=r"'Bobby' is already seated in session \d+ \(as 'Robert'\)"):
        new_night(store, "Robert", "Bobby")
    assert store.sessions() == []  # the whole session was refused, nothing half-written


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"chip_value_cents": 0}, "chip value \\(cents\\) must be positive, not 0"),
        ({"chip_value_cents": 0.25}, "chip value \\(cents\\) must be a whole number, not 0.25"),
        ({"table_name": ""}, "empty table name"),
        ({"seats": [SeatSpec("Alice", -5)]}, "Alice's buy-in must be zero or more, not -5"),
        ({"options": {"draw.limit_pre": 2.5}}, "option 'draw.limit_pre' = 2.5"),
    ],
)
def test_bad_session_input(store: Store, kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"table_name": "Friday", "rulebook": "jackpots", "chip_value_cents": 25} | kwargs
    with pytest.raises(InputError, match=message):
        with store.transaction() as tx:
            tx.new_session(**args)  # type: ignore[arg-type]


def test_late_arrival_takes_the_next_seat(store: Store) -> None:
    sid = new_night(store, "Alice", "Bob")
    with store.transaction() as tx:
        seat = tx.add_seat(sid, "Carol", 50)
    assert (seat.number, seat.name, seat.buy_in) == (3, "Carol", 50)


def test_unknown_session_is_an_input_error(store: Store) -> None:
    with pytest.raises(InputError, match="no session 42") as caught:
        store.session(42)
    assert "referee session list" in (caught.value.hint or "")


def test_summaries_count_players_hands_and_events(store: Store) -> None:
    first = new_night(store, "Alice", "Bob", "Carol")
    new_night(store, "Alice", "Dave")
    with store.transaction() as tx:
        tx.start_hand(first)
    store.append_event(first, 1, Fold("Alice"))
    summaries = store.session_summaries()
    # the log opens with a SitDown per player, the first dealer and the rulebook's text: 3 + 1 + 1 + 1 hand
    # event, 2 + 1 + 1
    assert [(s.session.id, s.players, s.hands, s.events) for s in summaries] == [(first, 3, 1, 6), (first + 1, 2, 0, 4)]
    assert store.counts() == {"players": 4, "aliases": 0, "sessions": 2, "seats": 5, "hands": 1, "events": 10}


# ------------------------------------------------------------------ hands


def test_hands_are_numbered_and_name_a_seated_dealer(store: Store) -> None:
    sid = new_night(store)
    with store.transaction() as tx:
        first = tx.start_hand(sid, dealer="alice")
    store.append_event(sid, 1, Fold("Bob"))
    with store.transaction() as tx:
        second = tx.start_hand(sid, dealer="Bob")
    assert (first.number, first.dealer, second.number, second.dealer) == (1, "Alice", 2, "Bob")
    store.append_event(sid, 2, Fold("Alice"))
    with pytest.raises(InputError, match="dealer 'Zed' is not seated"):
        with store.transaction() as tx:
            tx.start_hand(sid, dealer="Zed")
    assert [r.kind for r in store.events(sid) if r.hand_number is None][-2:] == ["SetDealer", "SetDealer"]
    with store.transaction() as tx:
        tx.end_hand(sid, 1)
    assert store.hand(sid, 1).ended_at is not None
    with pytest.raises(InputError, match="has no hand 9"):
        with store.transaction() as tx:
            tx.end_hand(sid, 9)


# ------------------------------------------------------------------ events


def test_events_are_numbered_per_session(store: Store) -> None:
    first, second = new_night(store, "Alice", "Bob"), new_night(store, "Carol", "Dave")
    opened = store.last_seq(first)
    assert opened == store.last_seq(second) == 4  # two SitDowns, the first dealer and the rulebook's text
    with store.transaction() as tx:
        tx.start_hand(first)
        tx.start_hand(second)
    rows = [
        store.append_event(first, 1, Deal("Alice", tuple(parse_cards("As Kd ?? ?? ??")))),
        store.append_event(second, 1, Bet("Carol", 2)),
        store.append_event(first, 1, Fold("Bob")),
    ]
    with store.transaction() as tx:
        tx.start_hand(first)
    rows.append(store.append_event(first, 2, Bet("Alice", 1), text="alice bets 1"))
    assert [(r.session_id, r.seq, r.hand_number) for r in rows] == [(first, 5, 1), (second, 5, 1), (first, 6, 1),
                                                                   (first, 7, 2)]
    assert store.hand_events(first, 1) == [Deal("Alice", tuple(parse_cards("As Kd ?? ?? ??"))), Fold("Bob")]
    assert [r.text for r in store.events(first)][opened:] == [None, None, "alice bets 1"]


def test_a_hand_begins_only_after_the_previous_one_began(store: Store) -> None:
    """The log says which hand came first: hand 2 cannot start while hand 1 holds nothing."""
    sid = new_night(store, "Alice", "Bob")
    with store.transaction() as tx:
        tx.start_hand(sid)
    with pytest.raises(InputError, match="hand 1 of session .* has no actions yet"):
        with store.transaction() as tx:
            tx.start_hand(sid)
    store.append_event(sid, 1, Fold("Alice"))
    with store.transaction() as tx:
        assert tx.start_hand(sid).number == 2


def test_corrections_are_new_events(store: Store) -> None:
    """'Undo and corrections are new events that void earlier ones.'"""
    sid = new_night(store, "Alice", "Bob")
    with store.transaction() as tx:
        tx.start_hand(sid)
    store.append_event(sid, 1, Bet("Alice", 5))
    store.append_event(sid, 1, Void(1, reason="meant 2"))
    store.append_event(sid, 1, Bet("Alice", 2))
    assert store.hand_events(sid, 1) == [Bet("Alice", 5), Void(1, reason="meant 2"), Bet("Alice", 2)]


def test_the_store_has_no_way_to_change_an_event() -> None:
    mutators = [name for name in dir(Store) if "event" in name and name.split("_")[0] in
                ("update", "edit", "delete", "remove", "replace", "set", "change")]
    assert mutators == []


@pytest.mark.parametrize("statement", ["UPDATE events SET kind = 'Fold'", "DELETE FROM events"])
def test_the_database_refuses_to_change_an_event(store: Store, statement: str) -> None:
    sid = new_night(store, "Alice", "Bob")
    with store.transaction() as tx:
        tx.start_hand(sid)
    store.append_event(sid, 1, Bet("Alice", 5))
    with pytest.raises(Exception, match="events are append-only"), store.engine.begin() as conn:
        conn.execute(text(statement))
    assert store.hand_events(sid, 1) == [Bet("Alice", 5)]


def test_an_event_needs_an_open_session_and_an_existing_hand(store: Store) -> None:
    sid = new_night(store, "Alice", "Bob")
    with pytest.raises(InputError, match="has no hand 1"):
        store.append_event(sid, 1, Fold("Bob"))
    with store.transaction() as tx:
        tx.start_hand(sid)
        tx.close_session(sid, {"Alice": 100, "bob": 100})
    with pytest.raises(InputError, match=f"session {sid} is closed"):
        store.append_event(sid, 1, Fold("Bob"))
    assert store.session(sid).status == "closed" and store.session(sid).ended_at is not None


def test_concurrent_writers_get_distinct_sequence_numbers(db_url: str) -> None:
    """Two scorekeepers appending at once: every event is kept, numbered 1..n, chain intact."""
    with open_store(db_url) as setup:
        sid = new_night(setup, "Alice", "Bob")
        with setup.transaction() as tx:
            tx.start_hand(sid)
    per_writer, errors = 15, []

    def writer(player: str) -> None:
        try:
            with open_store(db_url) as own:
                for amount in range(1, per_writer + 1):
                    own.append_event(sid, 1, Bet(player, amount))
        except Exception as err:  # surfaced below
            errors.append(err)

    threads = [threading.Thread(target=writer, args=(name,)) for name in ("Alice", "Bob")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    with open_store(db_url) as check:
        rows = check.events(sid)
        assert [r.seq for r in rows] == list(range(1, 2 * per_writer + 4 + 1))  # after the opening's 3 and the rulebook's text
        for player in ("Alice", "Bob"):
            assert [e.amount for e in check.hand_events(sid, 1) if isinstance(e, Bet) and e.player == player] == \
                list(range(1, per_writer + 1))
        assert check.verify_chain(sid).ok


def test_a_database_file_gone_away_is_a_store_error(sqlite_url: str) -> None:
    with open_store(sqlite_url) as store:
        store.engine.dispose()
        path = Path(sqlite_url.removeprefix("sqlite:///"))
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)
        path.mkdir()  # the file became a folder under our feet
        with pytest.raises(StoreError, match=f"cannot use database {sqlite_url}: unable to open database file"):
            store.players()


@pytest.mark.postgres
def test_a_server_refusing_connections_is_a_store_error(pg_url: str) -> None:
    import psycopg

    with open_store(pg_url) as store:
        store.engine.dispose()
        dbname = store.engine.url.database
        admin_url = pg_url.rsplit("/", 1)[0] + "/postgres"
        with psycopg.connect(admin_url, autocommit=True) as admin:
            admin.execute(f'ALTER DATABASE "{dbname}" WITH allow_connections false')
        with pytest.raises(StoreError, match=f'cannot use database {pg_url}: .*"{dbname}" is not currently accepting'):
            store.players()


def test_several_events_are_appended_all_or_none(store: Store) -> None:
    sid = new_night(store, "Alice", "Bob")
    with store.transaction() as tx:
        tx.start_hand(sid)
    rows = store.append_events(sid, 1, [Bet("Alice", 2), (Call("Bob"), "bob calls"), Fold("Alice")])
    assert [(r.seq, r.kind, r.text) for r in rows] == [(5, "Bet", None), (6, "Call", "bob calls"), (7, "Fold", None)]
    with pytest.raises(InputError, match="NUL"):
        store.append_events(sid, 1, [Bet("Bob", 1), (Fold("Bob"), "bad\x00line")])
    with pytest.raises(InputError, match="has no hand 2"):
        store.append_events(sid, 2, [Bet("Bob", 1)])
    assert len(store.events(sid)) == 7
    assert store.verify_chain(sid).ok
