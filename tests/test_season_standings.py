"""A season's standings answer from the nights' kept figures: a warm ``referee standings`` replays no
night (issue 20, item 1: "standings over a 100,000-hand season under 2 s warm"; here a season of a
few thousand hands, and the replays counted, not timed -- bench/scale.py gives the times).

The replays are counted by wrapping the one function that replays a night
(``referee.handfile.replay.replay_night_file``): the real one still runs, every call is counted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from typer.testing import CliRunner

from helpers.season import build_season
from referee.cli import app
from referee.engine.events import LedgerSetting
from referee.store.store import open_store

runner = CliRunner()
HANDS = 1_500
PER_NIGHT = 150


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The number of hands of each night replayed while the test runs."""
    import referee.handfile.replay as replay_module

    real: Callable[..., object] = replay_module.replay_night_file
    calls: list[int] = []

    def counted(night: object, *args: object, **kwargs: object) -> object:
        calls.append(len(night.hands))  # type: ignore[attr-defined]
        return real(night, *args, **kwargs)

    monkeypatch.setattr(replay_module, "replay_night_file", counted)
    yield calls


def standings_csv(url: str) -> str:
    result = runner.invoke(app, ["standings", "--season", "2026", "--csv", "-", "--db", url])
    assert result.exit_code == 0, result.output
    return result.stdout


def test_warm_standings_of_a_season_replay_no_night(db_url: str, replays: list[int]) -> None:
    with open_store(db_url) as store:
        ids = build_season(store, HANDS, per_night=PER_NIGHT, templates=2)
        assert len(ids) == 10 and all(store.verify_chain(sid).ok for sid in ids)
        del replays[:]  # building the season replayed its recorded nights
    cold = standings_csv(db_url)
    assert replays == [PER_NIGHT] * 10  # every night once: none was kept yet
    del replays[:]
    warm = standings_csv(db_url)
    assert replays == [] and warm == cold
    hands = sum(int(line.split(",")[3]) for line in cold.splitlines()[1:])
    assert hands == HANDS * 3  # three players at every hand

    # a setting recorded into one closed night moves its head: that night alone is replayed
    with open_store(db_url) as store:
        store.append_event(ids[5], None, LedgerSetting("locale", "de_DE"))
    again = standings_csv(db_url)
    assert replays == [PER_NIGHT]
    assert again == cold  # the locale changes how money is written, not what the night adds up to
