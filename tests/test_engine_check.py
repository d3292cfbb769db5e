"""``HandState.legality`` and ``outcome`` work on a copy: whatever they push or end there must not reach
the state they are asked about (a list, set, dict, card place or betting round shared between the
copy and the original would carry the copy's changes back).

Every golden night of every game is walked event by event; before each event, the next logged event,
every event the prompt offers and the outcome are asked for, and the state -- every attribute, down
into the engine's own objects -- must be as it was.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from referee.engine.games import replayed_games
from referee.engine.night import NightThread
from referee.engine.replay import _voided, start_hand
from referee.engine.state import HandState
from referee.errors import InputError
from referee.handfile import read_night
from referee.handfile.replay import night_hands

GOLDEN = Path(__file__).parent / "golden"


def fingerprint(value: Any) -> Any:
    """``value`` as plain nested tuples: containers by content, the engine's objects (card places,
    turn engines, findings, ...) by their attributes, anything else by identity (shared, immutable:
    the setup, the rulebook, cards)."""
    kind = type(value)
    if kind in (list, tuple):
        return kind.__name__, tuple(fingerprint(v) for v in value)
    if kind is dict:
        return "dict", tuple(sorted((repr(k), fingerprint(v)) for k, v in value.items()))
    if kind in (set, frozenset):
        return kind.__name__, tuple(sorted(repr(v) for v in value))
    if kind.__module__.startswith("referee.engine") and not isinstance(value, type):
        slots = [s for klass in kind.__mro__ for s in getattr(klass, "__slots__", ())]
        attrs = {**{s: getattr(value, s) for s in slots if hasattr(value, s)}, **getattr(value, "__dict__", {})}
        return kind.__name__, tuple((a, fingerprint(v)) for a, v in sorted(attrs.items()))
    if value is None or kind in (int, str, bool, float):
        return value
    return "id", id(value)


def asked_about(state: HandState, event: Any) -> None:
    """Everything a recorder asks a state without changing it."""
    for e in [event, *state.prompt().events()]:
        try:
            state.legality(e)
        except InputError:
            pass  # input that cannot be replayed at all: refused, the state untouched all the same
    try:
        state.outcome()
    except InputError:
        pass


@pytest.mark.parametrize("game", replayed_games())
def test_check_and_outcome_leave_the_state_as_it_was(game: str) -> None:
    nights = sorted((GOLDEN / game).glob("*.txt"))
    assert nights, f"no golden night for {game}"
    asked = 0
    for path in nights:
        night = read_night(path)
        thread = NightThread([(s.name, s.stack) for s in night.seats], night.dealer)
        try:
            for hand in night_hands(night):
                setup = thread.setup_for(hand)
                state = start_hand(setup, _voided(hand.events))
                for event in hand.events:
                    before = fingerprint(state)
                    asked_about(state, event)
                    where = f"{path.name} hand {hand.number}, before action {state.action + 1}"
                    assert fingerprint(state) == before, where
                    asked += 1
                    state.push(event)
                thread.after(hand, setup, state.outcome())
        except InputError:
            continue  # a golden night that shows input the replay refuses: walked up to there
    assert asked > 0
