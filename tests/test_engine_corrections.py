"""Corrections in the log: a ``void N`` line takes back an earlier action, whether replayed from a
file or entered live at the table."""

from __future__ import annotations

import pytest

from referee.engine.events import Bet, Call, Raise, Void
from referee.engine.replay import replay_hand, start_hand
from referee.engine.state import HandSetup
from referee.errors import InputError
from referee.rulebook import load_rulebook

from helpers.engine import game_setup, replay_text_night


def test_a_void_entered_live_replays_the_hand_without_the_voided_action():
    """A correction (hand format ``void N``) pushed as it is entered: the hand is replayed without action N
    and with every other action (state.py _void)."""
    state = start_hand(game_setup("straight_draw"))
    for e in (Bet(player="Bob", amount=2), Raise(player="Cy", amount=2), Call(player="Dee")):
        state.push(e)
    state.push(Void(action=3, reason="Dee had not called"))
    assert state.stacks == [96, 98, 96, 100]  # Ann anted 4; Bob bet 2; Cy raised to 4; Dee's call is void
    assert state.to_act() == "Dee"
    assert [f.code for f in state.findings] == ["action_voided"]


def test_a_correction_voiding_a_later_action_is_refused_with_a_hint():
    """A correction ("void N") voids an action logged before it: action 2 voiding action 5 is refused,
    and the error says what a correction may void (state.py _void)."""
    state = start_hand(HandSetup(load_rulebook("straight_draw"), [("Ann", 100), ("Bob", 100), ("Cy", 100)], "Ann"))
    state.push(Bet(player="Bob", amount=1))
    with pytest.raises(InputError) as err:
        state.push(Void(action=5))
    assert "voids action 5, which is not an earlier action of this hand" in str(err.value)
    assert err.value.hint == "a correction voids an action logged before it"


def test_a_void_says_which_action_it_voids_and_why_only_when_a_reason_is_given():
    """A correction (``void N``, optionally with its reason) is noted as voiding action N; the reason,
    when the log gives one, is quoted in brackets, and nothing is bracketed when it gives none."""
    plain = replay_hand(game_setup("straight_draw"), [Bet(player="Bob", amount=1), Call(player="Cy"), Void(action=2)])
    assert [(f.code, f.message) for f in plain.findings] == [("action_voided", "action 2 is void")]
    why = replay_hand(game_setup("straight_draw"),
                      [Bet(player="Bob", amount=1), Call(player="Cy"), Void(action=2, reason="typo")])
    assert [(f.code, f.message) for f in why.findings] == [("action_voided", "action 2 is void (typo)")]


def test_a_game_so_far_line_for_a_game_that_keeps_nothing_between_deals_is_refused_with_a_hint():
    """``game so far:`` gives the state of a game under way (La Viuda's pool, an elimination's chips);
    straight draw keeps nothing from deal to deal, so the line is refused, saying what to do."""
    with pytest.raises(InputError) as err:
        replay_text_night("straight_draw", "game so far: pool 3\n\nhand 1\nBob: bets 1\n", seats="Ann 20, Bob 20, Cy 20")
    assert "straight draw keeps no state from deal to deal for 'game so far:' to give" in str(err.value)
    assert err.value.hint == "remove the 'game so far:' line"
