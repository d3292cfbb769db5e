"""The end of a hand: kept once (how it ended; its phase reads ``over`` from that), and worked out the same
on the state itself (``conclude``, what a replay does with a state of its own) as on a copy (``result``,
what every other caller asks)."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.toy_game import toy_games  # noqa: F401 (the fixture)
from referee.cards import card
from referee.engine.events import Show
from referee.engine.games import replayed_games
from referee.engine.night import NightThread
from referee.engine.replay import _voided, start_hand
from referee.engine.state import HandSetup
from referee.handfile import read_night
from referee.handfile.replay import night_hands
from referee.rulebook import load_rulebook

GOLDEN = Path(__file__).parent / "golden"


def test_a_hand_ends_by_saying_how_and_its_phase_then_reads_over(toy_games: Path) -> None:
    """A game cannot put a hand "over" without saying how it ended: the phase is refused; once it says
    (here a misdeal), the phase reads ``over`` and a line logged after it is noted and ignored."""
    state = start_hand(HandSetup(load_rulebook(toy_games / "toy.toml"), [("Ann", 10), ("Bob", 10)], "Ann"))
    assert state.phase == "showdown" and state.ended is None
    with pytest.raises(ValueError, match="ended"):
        state.phase = "over"
    assert state.phase == "showdown"
    state.ended = "misdeal"
    assert state.phase == "over" and state.over_reason() == "misdeal"
    state.push(Show("Ann", (card("Kh"),)))
    (late,) = state.findings
    assert (late.code, late.remedy) == ("action_after_hand", "ignored")
    assert "(misdeal)" in late.message


@pytest.mark.parametrize("game", replayed_games())
def test_a_hand_ended_in_place_ends_as_on_a_copy(game: str) -> None:
    """Every hand of every golden night: ``conclude`` (the state itself, as a replay ends its own hand)
    gives the outcome and findings that ``result`` (a copy) gives."""
    hands = 0
    for path in sorted((GOLDEN / game).glob("*.txt")):
        night = read_night(path)
        thread = NightThread([(s.name, s.stack) for s in night.seats], night.dealer)
        for hand in night_hands(night):
            setup = thread.setup_for(hand)
            state = start_hand(setup, _voided(hand.events))
            for event in hand.events:
                state.push(event)
            on_a_copy = state.result()
            assert state.conclude() == on_a_copy, f"{path.name} hand {hand.number}"
            thread.after(hand, setup, on_a_copy[0])
            hands += 1
    assert hands
