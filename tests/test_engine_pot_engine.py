"""The one pot engine (``referee.engine.pots``), case by case: the chips in the middle of a hand
(dead chips, banked bets, closed pots), their cut into a main pot and side pots at table stakes, the
bet nobody could call, and a tied pot's shares with its odd chips as ``common.showdown_tie`` says.

Every figure below is worked out by hand from the rule the case quotes."""

from __future__ import annotations

import pytest

from referee.engine.pots import Middle, Pot, Split, build_pots, split_pot, uncalled_excess
from referee.engine.table import Table

T, F = True, False


# ---------------------------------------------------------------------- main and side pots

@pytest.mark.parametrize(("contributed", "live", "dead", "pots"), [
    # every live player put in the same: one pot, the dead chips (antes, a carried pot) in it
    ([3, 3, 3], [T, T, T], 0, [Pot(9, (0, 1, 2))]),
    ([3, 3, 3], [T, T, T], 4, [Pot(13, (0, 1, 2))]),
    # a folded player's chips stay in the pot he can no longer win
    ([3, 3, 1], [T, T, F], 2, [Pot(9, (0, 1))]),
    # table stakes: Ann all in for 5, Bob and Cy on to 10, Dee folded after 2 -> main 5+5+5+2+4, side 5+5
    ([5, 10, 10, 2], [T, T, T, F], 4, [Pot(21, (0, 1, 2)), Pot(10, (1, 2))]),
    # three levels (all in for 5, all in for 10, two on to 20): each pot takes what each seat put in
    # between the level below and its own, the antes in the main one
    ([5, 10, 20, 20], [T, T, T, T], 4, [Pot(24, (0, 1, 2, 3)), Pot(15, (1, 2, 3)), Pot(20, (2, 3))]),
    # a folded player's 5, between the levels 3 and 8, is cut at each level like anybody's
    ([3, 8, 8, 5], [T, T, T, F], 0, [Pot(12, (0, 1, 2)), Pot(12, (1, 2))]),
    # chips above the top live level (the folded Bob's 12 over Cy's 10) join the last pot
    ([5, 12, 10], [T, F, T], 0, [Pot(15, (0, 2)), Pot(12, (2,))]),
    # a live player all in on the ante bet nothing: the dead chips are a pot of their own open to
    # every live player, and the bets above make the next pot
    ([0, 5, 5], [T, T, T], 3, [Pot(3, (0, 1, 2)), Pot(10, (1, 2))]),
    ([0, 5, 5], [T, T, T], 0, [Pot(10, (1, 2))]),
    ([0, 4, 6, 6], [T, T, T, T], 2, [Pot(2, (0, 1, 2, 3)), Pot(12, (1, 2, 3)), Pot(4, (2, 3))]),
    # nobody still in bet anything: every chip (dead and the folded ones') goes to one pot for them
    ([0, 0, 2], [T, T, F], 4, [Pot(6, (0, 1))]),
    ([0, 0], [T, T], 0, [Pot(0, (0, 1))]),
    # nobody still in and no chips: no pot; chips but nobody in: one pot nobody may win
    ([0, 0], [F, F], 0, []),
    ([2, 0], [F, F], 1, [Pot(3, ())]),
])
def test_contributions_are_cut_into_a_main_pot_and_side_pots_at_each_all_in_level(contributed, live, dead, pots):
    """Table stakes ("side pots for players all in"): a player all in can win from each other player at
    most what he put in himself, so the hand's bets are cut at each live player's level."""
    assert build_pots(contributed, live, dead) == pots
    assert sum(p.amount for p in pots) == sum(contributed) + dead


# ---------------------------------------------------------------------- the bet nobody called

@pytest.mark.parametrize(("bets", "live", "excess"), [
    ([4, 10, 3], [T, T, F], (1, 6)),  # Bob bet 10, the most anybody else put in is 4
    ([4, 10, 3], [T, T, T], (1, 6)),
    ([8, 3, 10], [F, T, T], (2, 2)),  # a folded player's 8 counts as matched: only 2 come back
    ([0, 6], [T, T], (1, 6)),
    ([6, 0], [T, T], (0, 6)),
    ([10, 10], [T, T], None),  # called
    ([2, 9, 9, 5], [T, T, T, T], None),
    ([10, 4], [F, T], None),  # the top bettor folded: his chips stay
    ([7], [T], None),  # one seat: nobody to call
    ([], [], None),
])
def test_a_bet_nobody_could_call_goes_back_to_its_owner(bets, live, excess):
    """The excess of the top bet over the second highest was never called and goes back when the round
    ends, unless its owner is out of the hand."""
    assert uncalled_excess(bets, live) == excess


# ---------------------------------------------------------------------- splitting a tied pot

FOUR = Table(["Ann", "Bob", "Cy", "Dee"], "Dee")
ANN, BOB, CY, DEE = range(4)


@pytest.mark.parametrize(("amount", "winners", "table", "tie", "split"), [
    # split: equal shares, the odd chip stays in the middle for the next deal
    (7, [ANN, CY], FOUR, "split", Split({ANN: 3, CY: 3}, 1)),
    (11, [BOB, CY, DEE], FOUR, "split", Split({BOB: 3, CY: 3, DEE: 3}, 2)),
    (8, [ANN, CY], FOUR, "split", Split({ANN: 4, CY: 4}, 0)),
    (9, [BOB], FOUR, "split", Split({BOB: 9}, 0)),
    # odd_chip_left_of_dealer: one chip at a time from the dealer's left (Dee deals: Ann, Bob, Cy, Dee)
    (11, [BOB, CY, DEE], FOUR, "odd_chip_left_of_dealer", Split({BOB: 4, CY: 4, DEE: 3}, 0)),
    (11, [DEE, ANN, CY], FOUR, "odd_chip_left_of_dealer", Split({DEE: 3, ANN: 4, CY: 4}, 0)),
    (8, [ANN, CY], FOUR, "odd_chip_left_of_dealer", Split({ANN: 4, CY: 4}, 0)),
    # Bob deals: Cy is on his left, then Dee and Ann -- Cy gets the odd chip over Ann
    (7, [ANN, CY], Table(["Ann", "Bob", "Cy", "Dee"], "Bob"), "odd_chip_left_of_dealer", Split({ANN: 3, CY: 4}, 0)),
    # play to the right (La Viuda): the dealer's neighbour in the direction of play is Ann, then Cy
    (5, [BOB, CY], Table(["Ann", "Bob", "Cy"], "Bob", -1), "odd_chip_left_of_dealer", Split({BOB: 2, CY: 3}, 0)),
    (5, [ANN, BOB], Table(["Ann", "Bob", "Cy"], "Bob", -1), "odd_chip_left_of_dealer", Split({ANN: 3, BOB: 2}, 0)),
])
def test_a_tied_pot_is_shared_with_its_odd_chips_as_the_showdown_tie_rule_says(amount, winners, table, tie, split):
    """common.showdown_tie: ``split`` -- "Tied best hands share the pot equally; an odd chip that cannot
    be divided stays in the pot for the next deal"; ``odd_chip_left_of_dealer`` -- "an odd chip that
    cannot be divided goes to the tied player nearest the dealer's left"."""
    assert split_pot(amount, winners, table, tie) == split


def test_a_pot_with_no_winner_or_an_unknown_tie_rule_is_not_split():
    with pytest.raises(ValueError, match="^a pot needs at least one winner$"):
        split_pot(6, [], FOUR, "split")
    with pytest.raises(ValueError, match="^unknown common.showdown_tie 'coin_flip'$"):
        split_pot(7, [ANN, BOB], FOUR, "coin_flip")
    with pytest.raises(ValueError, match="^unknown common.showdown_tie 'coin_flip'$"):
        split_pot(8, [ANN, BOB], FOUR, "coin_flip")


# ---------------------------------------------------------------------- the chips in the middle

def test_the_middle_banks_rounds_closes_a_pot_and_clears():
    """Dead chips (a carried pot of 5), two finished rounds banked seat by seat, a pot closed for Ann and
    Bob (a brag cover freezes the main pot), a round bet above it, and everything taken out."""
    middle = Middle(3, dead=5)
    assert (middle.dead, middle.banked, middle.closed, middle.total()) == (5, [0, 0, 0], [], 5)
    middle.bank([1, 2, 0])
    middle.bank([1, 0, 0])
    assert (middle.banked, middle.total()) == ([2, 2, 0], 9)
    assert middle.pots([T, T, F]) == [Pot(9, (0, 1))]

    frozen = middle.close([0, 1])
    assert frozen == Pot(9, (0, 1))
    assert (middle.dead, middle.banked, middle.closed, middle.total()) == (0, [0, 0, 0], [Pot(9, (0, 1))], 9)

    middle.bank([3, 3, 0])
    middle.dead += 2
    assert middle.total() == 17
    # the closed pot first, then the main pot of the rest (the new dead chips in it)
    assert middle.pots([T, T, F]) == [Pot(9, (0, 1)), Pot(8, (0, 1))]
    middle.bank([0, 4, 0])  # Bob's 4 more, called by nobody still in
    assert middle.pots([T, T, F]) == [Pot(9, (0, 1)), Pot(8, (0, 1)), Pot(4, (1,))]

    assert middle.clear() == 21
    assert (middle.dead, middle.banked, middle.closed, middle.total()) == (0, [0, 0, 0], [], 0)


def test_a_copy_of_the_middle_is_changed_apart_from_it():
    """The live recorder checks an action on a copy of the hand: nothing done to the copy's chips
    reaches the hand's."""
    assert (Middle(2).dead, Middle(2).banked, Middle(2).total()) == (0, [0, 0], 0)
    middle = Middle(2, dead=3)
    middle.bank([1, 1])
    twin = middle.copy()
    twin.bank([2, 0])
    twin.dead += 1
    twin.close([0, 1])
    assert (middle.dead, middle.banked, middle.closed, middle.total()) == (3, [1, 1], [], 5)
    assert (twin.banked, twin.closed, twin.total()) == ([0, 0], [Pot(8, (0, 1))], 8)
    again = twin.copy()
    again.close([0])
    assert twin.closed == [Pot(8, (0, 1))] and again.closed == [Pot(8, (0, 1)), Pot(0, (0,))]
