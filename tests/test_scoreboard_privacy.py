"""The scoreboard never shows a card before the table has seen it.

"The page shows a card only once the table has seen it (a shown hand, an upcard, a widow turned face
up, a card exposed). Cards the scorekeeper logged from a `dealt` line, a folded player's cards,
discards kept face down, a blind brag player's cards: never, in the HTML, the event stream or any
JSON, until they are shown."

Every golden night of every game is recorded into the store one event at a time, as the table
records it, and after each event the whole view a page is sent is searched: the current hand's part
for each card of that hand the table has not seen yet (worked out from the log's lines by
:func:`tests.helpers.scoreboard.unseen_cards`, apart from the engine), each finding and ruling for
the unseen cards of its own hand, and the parts about the night (standings, chart, settlement) for
any card at all.  The served page, state and event stream are the same view (tests/test_scoreboard_server.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from helpers.scoreboard import card_tokens, random_night, record_step_by_step, unseen_cards

from referee.engine.games import game_names
from referee.handfile import parse_night, read_night
from referee.scoreboard.view import session_view
from referee.store.store import open_store

GOLDEN = Path(__file__).parent / "golden"


#: nights per game searched after every event (the rest of a game's nights at their end only): the
#: view replays the whole night at each step, and a game's first nights already hold each kind of card
STEP_BY_STEP = 6


def _nights(game: str) -> list[Path]:
    return sorted((GOLDEN / game).glob("*.txt"))


def test_every_game_has_golden_nights_to_search() -> None:
    assert all(_nights(name) for name in game_names()), [name for name in game_names() if not _nights(name)]


@pytest.mark.parametrize("game", game_names())
def test_no_card_reaches_a_page_before_the_table_sees_it(game: str, tmp_path: Path) -> None:
    searched = 0
    with open_store(f"sqlite:///{tmp_path / 'privacy.sqlite3'}") as store:
        for number, path in enumerate(_nights(game)):
            night = read_night(path)
            last = [(len(night.hands) - 1, len(night.hands[-1].events))]
            for sid, index, k in record_step_by_step(store, night, table_name=path.stem):
                if number >= STEP_BY_STEP and (index, k) not in last:
                    continue
                view = session_view(store, sid)
                hands = night.hands
                hidden = {h.number: unseen_cards(h.events) for h in hands[:index]}
                hidden[hands[index].number] = unseen_cards(hands[index].events[:k])
                now = hidden[hands[index].number]
                leaked = card_tokens(json.dumps(view["hand"], ensure_ascii=False)) & now
                assert not leaked, f"{path.name} hand {hands[index].number} after action {k}: {sorted(leaked)} shown"
                for item in view["findings"] + view["rulings"]:
                    leaked = card_tokens(json.dumps(item, ensure_ascii=False)) & hidden.get(item["hand"], set())
                    assert not leaked, f"{path.name} hand {item['hand']} after action {k}: {sorted(leaked)} in {item}"
                rest = {key: value for key, value in view.items() if key not in ("hand", "findings", "rulings", "table")}
                assert not card_tokens(json.dumps(rest, ensure_ascii=False)), f"{path.name}: a card outside the hands"
                searched += 1
    assert searched > 20, searched  # (a game's golden nights may show every card they name: the random nights deal real cards)


@pytest.mark.parametrize("game", game_names())
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32 - 1))
def test_no_card_of_a_random_night_reaches_a_page_before_the_table_sees_it(game: str, seed: int, tmp_path: Path) -> None:
    """Random nights of every game, every player dealt real cards (helpers.scoreboard.random_night)."""
    night = parse_night(random_night(game, seed))
    hiding = 0
    with open_store(f"sqlite:///{tmp_path / f'random-{seed}.sqlite3'}") as store:
        for sid, index, k in record_step_by_step(store, night):
            view = session_view(store, sid)
            hand = night.hands[index]
            hiding += bool(unseen_cards(hand.events[:k]))
            leaked = card_tokens(json.dumps(view["hand"], ensure_ascii=False)) & unseen_cards(hand.events[:k])
            assert not leaked, f"seed {seed}, hand {hand.number} after action {k}: {sorted(leaked)} shown"
            for item in view["findings"] + view["rulings"]:
                events = night.hands[item["hand"] - 1].events if item["hand"] != hand.number else hand.events[:k]
                leaked = card_tokens(json.dumps(item, ensure_ascii=False)) & unseen_cards(events)
                assert not leaked, f"seed {seed}, hand {item['hand']}: {sorted(leaked)} in {item}"
    assert hiding, f"seed {seed}: the night never held a card to hide"
