"""A betting action by a player who has no action left -- he folded, or he is all in -- changes nothing:
it is flagged and ignored."""

from __future__ import annotations

from referee.engine.events import Bet, Call, Check, Fold

from helpers.engine import THREE_PLAYERS, game_setup, replay_table


def test_a_call_by_a_player_who_folded_is_ignored():
    """draw.4.1: "The first betting round begins with the eldest hand ... each following player has the
    same choice" -- a player who folded has none: Bob bets 1, Cy folds, then "Cy: calls" is flagged and
    ignored; Cy's stack stays 50 and Ann (47 after her ante of 3, draw.2) is to act."""
    r = replay_table(game_setup("straight_draw", seats=THREE_PLAYERS),
                     [Bet(player="Bob", amount=1), Fold(player="Cy"), Call(player="Cy")])
    assert [(f.action, f.code, f.message, f.remedy) for f in r.findings] == [
        (3, "acted_not_in_hand", "Cy is not in the hand and cannot act", "ignored")]
    assert (r.states[-1].stacks, r.states[-1].to_act) == ((47, 49, 50), "Ann")


def test_a_check_by_a_player_all_in_is_ignored():
    """Cy, with 2 chips, calls Bob's bet of 2 and is all in; his check after that is no action: flagged
    and ignored, and Ann (who antes 3 as the dealer, draw.2) is still to act."""
    r = replay_table(game_setup("straight_draw", seats=[("Ann", 50), ("Bob", 50), ("Cy", 2)]),
                     [Bet(player="Bob", amount=2), Call(player="Cy"), Check(player="Cy")])
    assert [(f.action, f.code, f.message, f.remedy) for f in r.findings] == [
        (3, "acted_all_in", "Cy is all in and has nothing to do", "ignored")]
    assert (r.states[-1].stacks, r.states[-1].to_act) == ((47, 48, 0), "Ann")
