"""Straight draw's draw (seed-002, rulebook ``straight_draw``): a player standing pat out of turn, a draw
of too many cards voided where illegal actions are voided, and betting while the draw is on."""

from __future__ import annotations

import pytest

from referee.engine.events import AllIn, Bet, Call, Check, Draw, Fold, Raise

from helpers.engine import THREE_PLAYERS, game_setup, replay_table

# Ann deals and antes 3 (draw.2); Bob bets 1, Cy and Ann call: Bob, Cy, then Ann draw (draw.7.1).
FIRST_ROUND = [Bet(player="Bob", amount=1), Call(player="Cy"), Call(player="Ann")]


def test_standing_pat_out_of_turn_is_out_of_turn_only():
    """draw.7.1: "the dealer serves each player still in the hand in turn, starting from his left" -- Cy
    stands pat (draws none) while Bob is to draw: the draw is out of turn and stands; taking no card is
    not too many cards."""
    r = replay_table(game_setup("straight_draw", seats=THREE_PLAYERS), FIRST_ROUND + [Draw(player="Cy", count=0)])
    assert [(f.action, f.code, f.rule, f.remedy) for f in r.findings] == [
        (4, "drew_out_of_turn", "draw.7.1", "the draw stands")]
    assert r.states[-1].to_act == "Bob"


def test_a_draw_of_too_many_cards_is_void_where_illegal_actions_are_voided():
    """draw.max_draw = 3_or_4_if_under_6: "A player may exchange at most three cards, or four if fewer
    than six players are in the game" -- three players: four at most; common.illegal_fix =
    void_and_reprompt: "the player must act again with a legal action".  Bob draws 5: flagged under
    draw.max_draw, void, and Bob is still to draw."""
    setup = game_setup("straight_draw", {"common.illegal_fix": "void_and_reprompt"}, seats=THREE_PLAYERS)
    r = replay_table(setup, FIRST_ROUND + [Draw(player="Bob", count=5)])
    assert [(f.action, f.code, f.rule, f.message, f.remedy) for f in r.findings] == [
        (4, "drew_too_many", "draw.max_draw", "Bob drew 5 cards; at most 4 may be drawn", "void: Bob is still to draw")]
    assert (r.states[-1].phase, r.states[-1].to_act) == ("draw", "Bob")


@pytest.mark.parametrize(("event", "verb"), [
    (Fold(player="Cy"), "fold"), (Check(player="Cy"), "check"), (Call(player="Cy"), "call"),
    (Bet(player="Cy", amount=1), "bet"), (Raise(player="Cy", amount=2), "raise"), (AllIn(player="Cy"), "go all in"),
])
def test_betting_while_the_draw_is_on_is_ignored_saying_who_is_to_draw(event, verb):
    """draw.7.1: "After the first betting round the dealer serves each player still in the hand in turn"
    -- no betting round is open until the draw is over: Cy's action is flagged under draw.7.1, naming
    what he tried and that Bob is to draw, and ignored."""
    r = replay_table(game_setup("straight_draw", seats=THREE_PLAYERS), FIRST_ROUND + [event])
    assert [(f.action, f.code, f.rule, f.message, f.remedy) for f in r.findings] == [
        (4, "bet_outside_round", "draw.7.1", f"Cy cannot {verb} now: the draw is not over: Bob is to draw", "ignored")]
