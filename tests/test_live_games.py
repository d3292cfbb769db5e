"""Every game the engine replays can be recorded live: golden nights of every registered game are typed into
:class:`referee.recording.live_table.LiveTable` line by line as a scorekeeper would (``new hand`` at each hand, the
header lines between hands, every action, forcing what the table refuses), and then

* the night the store holds is the golden night, hand for hand (seats, dealers, changes, events);
* its replay from the database gives the golden file's outcomes and findings;
* the table's state kept in memory agrees with that replay, and a table rebuilt from the store
  agrees with the one that recorded it.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from referee.engine.games import replayed_games
from referee.handfile import read_night
from referee.handfile.parser import strip_comment
from referee.handfile.replay import replay_night_file
from referee.recording.live_table import LiveTable, Refused, Stored
from referee.recording.night_file import record_night
from referee.recording.session_log import night_from_session
from referee.store.store import open_store

GOLDEN = Path(__file__).parent / "golden"
GAMES = replayed_games()  # every game the engine replays, from the registry: each has its golden nights
PER_GAME = 4
HAND_LINE = re.compile(r"hand(?:\s+\d+)?\s*:?", re.IGNORECASE)


def golden_files() -> list[Path]:
    files: list[Path] = []
    for game in GAMES:
        found = sorted((GOLDEN / game).glob("*.txt"))
        assert found, game
        # the first files, and every one that starts in the middle of a game or names no dealer
        special = [f for f in found if "game so far" in f.read_text() or "\ndealer:" not in f.read_text()]
        files += list(dict.fromkeys(found[:PER_GAME] + special[:2]))
    return files


def enter(table: LiveTable, line: str) -> Stored:
    entry = table.enter(line)
    if isinstance(entry, Refused) and entry.forceable:
        entry = table.force()
    assert isinstance(entry, Stored), (line, entry)
    return entry


def type_night(table: LiveTable, text: str) -> int:
    """Type a hand file's hands into the table; returns how many lines were stored."""
    stored = 0
    begun = False
    for raw in text.splitlines():
        line = strip_comment(raw)
        if not line:
            continue
        if HAND_LINE.fullmatch(line):
            begun = True
            enter(table, "new hand")
        elif begun:
            enter(table, line)
            stored += 1
    return stored


@pytest.mark.parametrize("path", golden_files(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_golden_night_typed_at_the_table_is_the_golden_night(path: Path, tmp_path: Path) -> None:
    night = read_night(path)
    with open_store(f"sqlite:///{tmp_path / 'live.sqlite3'}") as store:
        sid = record_night(store, replace(night, hands=()), table_name=path.stem, chip_value_cents=1)
        table = LiveTable(store, sid, base_dir=str(path.parent))
        type_night(table, path.read_text())
        stored = night_from_session(store, sid)
        rebuilt = LiveTable(store, sid)
        assert store.verify_chain(sid).ok

    assert len(stored.hands) == len(night.hands)
    for mine, theirs in zip(stored.hands, night.hands, strict=True):
        assert (mine.number, mine.seats, mine.dealer, mine.changes, mine.shuffled, mine.events) == \
            (theirs.number, theirs.seats, theirs.dealer, theirs.changes, theirs.shuffled, theirs.events)
        assert dict(mine.options) == dict(theirs.options)

    replayed, expected = replay_night_file(stored), replay_night_file(night)
    for mine_hand, their_hand in zip(replayed, expected, strict=True):
        assert mine_hand.replay.outcome == their_hand.replay.outcome
        assert mine_hand.replay.findings == their_hand.replay.findings

    last = replayed[-1].replay
    assert table.state is not None
    assert table.state.outcome() == last.outcome
    assert table.state.result()[1] == last.findings
    assert rebuilt.status() == table.status()
    assert rebuilt.state is not None and rebuilt.state.log == table.state.log


NO_DEALER = {
    "la_viuda": "rulebook: la_viuda\nseats: Ann 2, Cy 1, Dee 3\ngame so far: pool 7, fund 14, la viuda bought by Cy\n\n"
                "hand 1\nwidow dealt: ?? ?? ?? ?? ??\nAnn: passes\nDee: knocks\nwidow turned: Th 6c 4c 3d 2h\n"
                "Cy: exchanges 9h for 2h\nAnn: passes\nAnn: shows 7s Qh Qd 9c 4h\nDee: shows Ks Kh 8d 8c 3s\n"
                "Cy: shows Ad Jc 5s 2d 2h\n\nhand 2\nAnn was lowest\n",
    "whiskey_poker": "rulebook: whiskey_poker\nseats: Ann 20, Bob 20\n\nhand 1\nAnn wins\n\nhand 2\nBob wins\n",
}


@pytest.mark.parametrize("game", sorted(NO_DEALER))
def test_a_night_that_names_no_dealer_is_recorded_as_the_replay_reads_it(game: str, tmp_path: Path) -> None:
    text = NO_DEALER[game]
    path = tmp_path / "night.txt"
    path.write_text(text)
    night = read_night(path)
    assert night.dealer is None
    with open_store(f"sqlite:///{tmp_path / 'live.sqlite3'}") as store:
        sid = record_night(store, replace(night, hands=()), table_name="no dealer", chip_value_cents=1)
        table = LiveTable(store, sid)
        type_night(table, text)
        stored = night_from_session(store, sid)
    assert [h.events for h in stored.hands] == [h.events for h in night.hands]
    replayed, expected = replay_night_file(stored), replay_night_file(night)
    assert [h.replay.outcome for h in replayed] == [h.replay.outcome for h in expected]
    assert table.state is not None and table.state.outcome() == replayed[-1].replay.outcome
    assert table.setup.dealer == replayed[-1].replay.setup.dealer
