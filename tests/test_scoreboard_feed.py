"""A running scoreboard's view, updated from the rows appended, is the view the whole night makes.

"The view is updated from the event just appended (the night thread and the kept results already
carry everything up to it), not rebuilt."  The page a phone gets must not depend on how the server
came to it: after every event of golden, random and long nights, a correction of an earlier hand,
night events and the close, :class:`referee.scoreboard.feed.NightFeed` (kept across the night) gives
exactly what :func:`referee.scoreboard.view.session_view` gives by reading and replaying it whole.
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import replace
from pathlib import Path

import pytest
from helpers.nights import DISPUTED, TABLE_RULED
from helpers.scoreboard import EventStream, Served, act, new_session, random_night, record_step_by_step, request
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.engine.games import game_names
from referee.handfile import parse_night, read_night
from referee.handfile.writer import EventWriter
from referee.recording.live_table import LiveTable, Refused
from referee.scoreboard.app import changes
from referee.scoreboard.feed import NightFeed
from referee.scoreboard.view import session_view
from referee.store.store import Store, open_store
from referee.store.transaction import SeatSpec

GOLDEN = Path(__file__).parent / "golden"


def same(feed: NightFeed, store: Store, sid: int, where: str) -> None:
    _, view = feed.read()
    assert view is not None, f"{where}: the feed saw no change"
    whole = session_view(store, sid)
    assert json.dumps(view, sort_keys=True) == json.dumps(whole, sort_keys=True), where


def check_step_by_step(store: Store, night: object, name: str) -> int:
    feeds: dict[int, NightFeed] = {}
    steps = 0
    for sid, index, k in record_step_by_step(store, night, table_name=name):  # type: ignore[arg-type]
        feed = feeds.setdefault(sid, NightFeed(store, sid))
        same(feed, store, sid, f"{name}: hand {index + 1}, event {k}")
        steps += 1
    return steps


@pytest.mark.parametrize("game", game_names())
def test_after_every_event_of_a_golden_night_the_updated_view_is_the_whole_view(game: str, tmp_path: Path) -> None:
    steps = 0
    with open_store(f"sqlite:///{tmp_path / 'feed.sqlite3'}") as store:
        for path in sorted((GOLDEN / game).glob("*.txt"))[:3]:
            steps += check_step_by_step(store, read_night(path), path.stem)
    assert steps > 10, steps


@pytest.mark.parametrize("game", game_names())
@settings(max_examples=1, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_after_every_event_of_a_random_night_the_updated_view_is_the_whole_view(game: str, seed: int,
                                                                                 tmp_path: Path) -> None:
    with open_store(f"sqlite:///{tmp_path / f'random-{seed}.sqlite3'}") as store:
        assert check_step_by_step(store, parse_night(random_night(game, seed, hands=3)), f"seed {seed}")


def test_a_ruling_on_an_earlier_hand_and_the_close_are_followed_as_the_whole_view_shows_them(tmp_path: Path) -> None:
    """A table's ruling is appended after hand 2, about hand 1: hand 1 is decided again (Bob takes the
    pot), and the standings after it move."""
    with open_store(f"sqlite:///{tmp_path / 'ruled.sqlite3'}") as store:
        check_step_by_step(store, DISPUTED, "Disputed")
        sid = max(s.id for s in store.sessions() if s.id is not None)
        feed = NightFeed(store, sid)
        before = feed.read()[1]
        store.append_events(sid, None, [TABLE_RULED])
        same(feed, store, sid, "after the ruling on hand 1")
        assert feed.read()[1] is None  # nothing appended since: nothing to send
        assert session_view(store, sid)["standings"] != before["standings"]  # type: ignore[index]
        stacks = {s["name"]: s["counted"] for s in session_view(store, sid)["standings"]}
        with store.transaction() as tx:
            tx.close_session(sid, [(name, chips) for name, chips in stacks.items()])
        same(feed, store, sid, "after the close")


def test_a_long_night_recorded_at_the_table_is_followed_event_by_event_and_replays_only_the_hand_played(
        tmp_path: Path) -> None:
    """Forty hands of Jackpots entered line by line through the live table (as `referee table`
    records), with chips added and a player sitting down between hands."""
    with open_store(f"sqlite:///{tmp_path / 'long.sqlite3'}") as store:
        with store.transaction() as tx:
            sid = tx.new_session(table_name="Long", rulebook="jackpots", chip_value_cents=100,
                                    seats=[SeatSpec(n, 500) for n in ("Ann", "Bob", "Cy", "Dee")]).id
        assert sid is not None
        table = LiveTable(store, sid)
        feed = NightFeed(store, sid)
        rng = random.Random(11)
        steps = 0
        while len(store.hands(sid)) <= 40:
            prompt = table.prompt()
            if prompt is None or prompt.to_act is None or not prompt.events():
                number = len(store.hands(sid))
                if number == 20:
                    assert not isinstance(table.enter("ann adds 100"), Refused)
                if number == 30:
                    assert not isinstance(table.enter("eve sits down with 300"), Refused)
                entry = table.new_hand(force=True)
            else:
                entry = table.enter(EventWriter(table.game).line(rng.choice(prompt.events())))
                if isinstance(entry, Refused) and table.can_force:
                    entry = table.force()
            if isinstance(entry, Refused):
                continue
            kept = list(feed.page.kept_hands())
            same(feed, store, sid, f"hand {len(store.hands(sid))}, event {store.last_seq(sid)}")
            # every finished hand kept its replay
            assert all(a is b for a, b in zip(kept, feed.page.kept_hands(), strict=False))
            steps += 1
    assert steps > 300, steps


def test_a_log_that_does_not_continue_what_was_read_is_read_whole_again(tmp_path: Path) -> None:
    """A database restored under a running server: the rows after the last one read do not continue
    its chain, and the view is the restored night's."""
    first, second = tmp_path / "first.sqlite3", tmp_path / "second.sqlite3"
    for path, seed in ((first, 1), (second, 2)):
        with open_store(f"sqlite:///{path}") as store:
            night = parse_night(random_night("jackpots", seed, hands=2))
            for _ in record_step_by_step(store, replace(night, hands=night.hands[: seed]), table_name="Restored"):
                pass
    with open_store(f"sqlite:///{first}") as store:
        feed = NightFeed(store, 1)
        feed.read()
        second_bytes = second.read_bytes()
        store.engine.dispose()
        first.write_bytes(second_bytes)
        same(feed, store, 1, "after the restore")


def test_a_list_that_only_grew_is_sent_as_the_items_added_and_a_section_that_changed_whole() -> None:
    old = {"head": 7, "findings": [{"hand": 1}], "rulings": [], "hand": {"number": 2}}
    new = {"head": 8, "findings": [{"hand": 1}, {"hand": 2}], "rulings": [], "hand": {"number": 3}}
    assert changes(old, new) == {"set": {"head": 8, "hand": {"number": 3}}, "append": {"findings": [{"hand": 2}]}}
    assert changes(new, {**new, "findings": [{"hand": 2}]}) == {"set": {"findings": [{"hand": 2}]}, "append": {}}


def test_an_open_page_that_applies_each_change_has_the_view_a_page_opened_now_gets(sqlite_url: str) -> None:
    sid = new_session(sqlite_url)
    with Served(sqlite_url, sid) as served:
        phone = EventStream(served.url + "events")
        phone.next_state()
        for lines in (("new hand",), ("bob open 2", "cy call"), ("dee fold", "ann fold"), ("bob draws 3", "cy draws 1")):
            act(sqlite_url, sid, *lines)
            deadline = time.monotonic() + 10
            while phone.state != json.loads(request(served.url + "state")[1]):
                assert time.monotonic() < deadline, f"after {lines} the open page has not the view of a new one"
                try:
                    phone.next_state(timeout=1)
                except AssertionError:  # nothing within the second: look again
                    pass
        assert any(line.startswith("event: change") for line in phone.raw)
        phone.close()
