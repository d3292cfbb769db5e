"""The live table opens from the night thread kept in the store, never a stale one (issue 20, item 1:
"the live table and referee serve (start from the cached state of finished hands: replay only the hand
in play)").

Every ``referee act`` opens the table; the first opening threads the night's finished hands and keeps
the thread; the next plays only the hand in play (and the hands finished since).  A correction or a
ruling on a covered hand, or a kept row that does not fit, makes the table thread the night from the
first hand again.  Plays are counted by wrapping the engine's ``play`` (the real one still runs).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from sqlalchemy import text

from helpers.nights import DISPUTED_IN_PLAY, nights
from referee.engine.events import Ruling, Void
from referee.errors import RefereeError
from referee.handfile import Night
from referee.handfile.replay import replay_night_file
from referee.recording.live_table import LiveTable, Refused, Stored
from referee.recording.night_file import record_night
from referee.store.store import Store, open_store
from referee.store.tables import night_results

#: the table decided hand 1's openers were there (docs/rulings.md): the replay gives Bob the pot
TABLE_RULED = Ruling(1, 1, "Cy says Bob's open was false", "false_open", "table", "The table decided",
                     facts=("Bob: shows openers Qs Qd",))


@pytest.fixture
def plays(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The number of events of each hand the engine plays while the test runs."""
    import referee.engine.replay as replay_module
    import referee.recording.kept_thread as kept_module
    import referee.recording.live_table as live_module

    real: Callable[..., Any] = replay_module.play
    calls: list[int] = []

    def counted(setup: Any, events: Any, *args: Any, **kwargs: Any) -> Any:
        calls.append(setup.number)
        return real(setup, events, *args, **kwargs)

    for module in (replay_module, live_module, kept_module):  # wherever the name is bound
        if hasattr(module, "play"):
            monkeypatch.setattr(module, "play", counted)
    yield calls


def view(table: LiveTable) -> tuple[object, ...]:
    """What the table shows and starts the next hand from."""
    thread = table.thread
    state = table.state
    return (table.hand_number, None if state is None else table.setup, None if state is None else tuple(state.log),
            table.stacks(), thread.stacks, thread.seated, thread.dealer, thread.carry, thread.hands)


def opened(store: Store, sid: int) -> tuple[object, ...] | str:
    """What the opened table shows, or the error opening it raised (a begun hand nobody can play)."""
    try:
        return view(LiveTable(store, sid))
    except RefereeError as err:
        return str(err)


def forget_kept(store: Store) -> None:
    with store.engine.begin() as conn:
        conn.execute(text("DELETE FROM night_results"))


def fresh_view(store: Store, sid: int) -> tuple[object, ...] | str:
    """The table opened with nothing kept (then kept again as it was)."""
    table = night_results
    with store.engine.connect() as conn:
        rows = [dict(r._mapping) for r in conn.execute(table.select())]
    forget_kept(store)
    seen = opened(store, sid)
    forget_kept(store)
    if rows:
        with store.engine.begin() as conn:
            conn.execute(table.insert(), rows)
    return seen


def test_the_table_opened_again_plays_only_the_hand_in_play(db_url: str, plays: list[int]) -> None:
    with open_store(db_url) as store:
        sid = record_night(store, DISPUTED_IN_PLAY, table_name="Kitchen", chip_value_cents=25)
        del plays[:]
        first = LiveTable(store, sid)
        assert plays == [1, 2, 3]  # the finished hands threaded, then the one in play
        del plays[:]
        again = LiveTable(store, sid)
        assert plays == [3] and view(again) == view(first)
        # hand 3 finishes and hand 4 begins: the next opening plays hand 3 from the kept thread, then hand 4
        for entry in (again.enter("Bob: folds"), again.enter("Cy: folds"), again.new_hand(force=True)):
            assert isinstance(entry, Stored), entry
        assert isinstance(again.enter(f"{again.prompt().to_act}: bets 1"), Stored)
        del plays[:]
        later = LiveTable(store, sid)
        assert plays == [3, 4] and view(later) == fresh_view(store, sid)
        del plays[:]
        assert view(LiveTable(store, sid)) == view(later) and plays == [4]


@pytest.mark.parametrize("change", ["a correction", "a ruling"])
def test_a_change_to_a_kept_hand_makes_the_table_thread_the_night_again(
        db_url: str, plays: list[int], change: str) -> None:
    """'void 1' of hand 2 (docs/hand-format.md: Cy's bet did not happen) or the table's ruling on hand 1,
    recorded after the thread was kept: both are hands it covers, so it is not used."""
    with open_store(db_url) as store:
        sid = record_night(store, DISPUTED_IN_PLAY, table_name="Kitchen", chip_value_cents=25)
        before = view(LiveTable(store, sid))
        if change == "a correction":
            store.append_event(sid, 2, Void(1, "misheard: he checked"))
        else:
            store.append_event(sid, None, TABLE_RULED)
        del plays[:]
        now = LiveTable(store, sid)
        assert plays == [1, 2, 3]
        assert view(now) != before and view(now) == fresh_view(store, sid)


@pytest.mark.parametrize("lie", [
    "UPDATE night_results SET head = '0000000000000000000000000000000000000000000000000000000000000000'",
    "UPDATE night_results SET seq = seq - 1",
    "UPDATE night_results SET format = 0",
    "UPDATE night_results SET referee = '0.0.1'",
    "UPDATE night_results SET document = '\"garbage\"'",
    "UPDATE night_results SET document = '{\"hands\": 1}'",
])
def test_a_kept_thread_that_does_not_fit_is_replayed_and_replaced(sqlite_url: str, plays: list[int], lie: str) -> None:
    with open_store(sqlite_url) as store:
        sid = record_night(store, DISPUTED_IN_PLAY, table_name="Kitchen", chip_value_cents=25)
        truth = view(LiveTable(store, sid))
        with store.engine.begin() as conn:
            conn.execute(text(lie + " WHERE kind = 'thread'"))
        del plays[:]
        assert view(LiveTable(store, sid)) == truth and plays == [1, 2, 3]
        del plays[:]
        assert view(LiveTable(store, sid)) == truth and plays == [3]  # replaced by the fresh one


def test_a_kept_thread_naming_a_class_outside_the_engine_is_not_loaded(sqlite_url: str, plays: list[int]) -> None:
    import json

    with open_store(sqlite_url) as store:
        sid = record_night(store, DISPUTED_IN_PLAY, table_name="Kitchen", chip_value_cents=25)
        truth = view(LiveTable(store, sid))
        with store.engine.begin() as conn:
            doc = json.loads(conn.execute(text("SELECT document FROM night_results WHERE kind = 'thread'")).scalar_one())
            doc["carry"] = {"module": "subprocess", "class": "Popen", "fields": {"args": ["true"]}}
            conn.execute(text("UPDATE night_results SET document = :d WHERE kind = 'thread'"), {"d": json.dumps(doc)})
        del plays[:]
        assert view(LiveTable(store, sid)) == truth and plays == [1, 2, 3]


def test_a_begun_hand_nobody_can_play_is_refused_alike_kept_or_not(sqlite_url: str) -> None:
    """Ann goes all in with her one chip and loses it; hand 2 is begun (by an older referee, which did not
    check), but only Bob has chips ("a hand needs two players with chips"): the table opens with no hand
    dealt, and 'new hand' says so, whether it opens from the kept thread or not."""
    from referee.engine.events import AllIn
    from referee.handfile import HandEntry, Seat

    night = Night(source="<text>", rulebook="straight_draw", game="straight_draw", options={},
                  seats=(Seat("Ann", 1), Seat("Bob", 1)), dealer="Ann",
                  hands=(HandEntry(number=1, game="straight_draw", rulebook="straight_draw", options={},
                                   seats=("Ann", "Bob"), events=(AllIn("Ann"),)),))
    with open_store(sqlite_url) as store:
        sid = record_night(store, night, table_name="Generated", chip_value_cents=10)
        assert opened(store, sid) == fresh_view(store, sid)
        with store.transaction() as tx:
            tx.start_hand(sid)
        waiting = opened(store, sid)
        assert not isinstance(waiting, str) and waiting[0] is None  # open, no hand dealt
        assert opened(store, sid) == waiting == fresh_view(store, sid)
        refused = LiveTable(store, sid).enter("new hand")
        assert isinstance(refused, Refused) and "a hand needs two players with chips" in refused.reason
        forget_kept(store)
        assert LiveTable(store, sid).enter("new hand") == refused


def test_a_kept_thread_keeps_every_field_of_the_games_carry(sqlite_url: str) -> None:
    """A whiskey pool game under way at the start ("game so far: pool 0") and a switch to straight draw
    in hand 2: the carry hand 2 starts from says the pool game had started (``started``, a field the
    carry's replay document leaves out), from the kept thread as from the first hand."""
    from referee.engine.events import AllIn, GameSoFar
    from referee.handfile import HandEntry, Seat

    options = {"whiskey.scoring": "lowest_pays_1_to_pool_elimination"}
    seats = ("Ann", "Bob", "Cy")
    night = Night(source="<text>", rulebook="whiskey_poker", game="whiskey_poker", options=options,
                  seats=tuple(Seat(n, 1) for n in seats), dealer=None, so_far=GameSoFar(pool=0), hands=(
                      HandEntry(number=1, game="whiskey_poker", rulebook="whiskey_poker", options=options,
                                seats=seats, events=(AllIn("Ann"),)),
                      HandEntry(number=2, game="straight_draw", rulebook="straight_draw", options={}, seats=seats,
                                events=(AllIn("Ann"),), dealer="Ann", rulebook_change="straight_draw")))
    with open_store(sqlite_url) as store:
        sid = record_night(store, night, table_name="Generated", chip_value_cents=10)
        first = LiveTable(store, sid)
        assert getattr(first.setup.carry_in, "started", None) is True
        assert view(LiveTable(store, sid)) == view(first) == fresh_view(store, sid)


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.filter_too_much])
@given(night=nights())
def test_random_nights_of_every_game_open_the_same_from_the_kept_thread(sqlite_url: str, night: Night) -> None:
    """Random nights of every game (players coming and going, rebuys, games switched, a game under way
    at the start): the table opened from the kept thread is the table threaded from the first hand."""
    try:
        replay_night_file(night)
    except RefereeError:
        assume(False)
    with open_store(sqlite_url) as store:
        sid = record_night(store, night, table_name="Generated", chip_value_cents=10)
        try:
            first = view(LiveTable(store, sid))
        except RefereeError:
            assume(False)
        assert view(LiveTable(store, sid)) == first == fresh_view(store, sid)
        if night.hands:  # a hand begun with no action yet: every logged hand is finished and kept
            try:
                with store.transaction() as tx:
                    tx.start_hand(sid)
            except RefereeError:
                return
            begun = opened(store, sid)  # (a hand nobody can play is refused alike, kept or not)
            assert opened(store, sid) == begun == fresh_view(store, sid)
