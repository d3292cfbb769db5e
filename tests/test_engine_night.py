"""A night of hands: stacks, the dealer, the carried pot, free rides and passed-out counts thread through."""

from __future__ import annotations

from referee.cards import cards
from referee.engine.events import Bet, Check, Deal, Fold
from referee.engine.night import NightHand, replay_night
from referee.rulebook import load_rulebook

SEATS = ("Ann", "Bob", "Cy")


def test_passed_out_pot_carries_and_next_dealer_adds():
    """draw.5 across hands: "the next dealer ... adds N more chips" -- the carried pot is picked up."""
    rb = load_rulebook("straight_draw")
    hands = [
        NightHand(rb, SEATS, tuple(Check(player=n) for n in ("Bob", "Cy", "Ann")), number=1),
        NightHand(rb, SEATS, (Bet(player="Cy", amount=1), Fold(player="Ann"), Fold(player="Bob")), number=2),
    ]
    first, second = replay_night([("Ann", 20), ("Bob", 20), ("Cy", 20)], "Ann", hands)
    assert first.outcome.kind == "passed_out"
    assert second.setup.dealer == "Bob" and second.setup.carry_in.pot == 3
    assert second.outcome.stacks == {"Ann": 17, "Bob": 17, "Cy": 26}


def test_free_ride_from_false_open_next_hand():
    """jackpots.6: the false opener "antes for all other players on the next deal"; that deal is his own (Bob
    deals after Ann) and jackpots.free_ride_by_dealer = antes_for_others_too: "he antes his dealer's ante of one
    chip per player and one more chip for each other player" (3 + 2)."""
    rb = load_rulebook("jackpots").with_options({"jackpots.false_open_penalty": "ante_for_all_next_deal"})
    hands = [
        NightHand(rb, SEATS, (Deal(player="Bob", cards=tuple(cards("Ah Ks 7c 4d 2s"))), Bet(player="Bob", amount=2),
                              Fold(player="Cy"), Fold(player="Ann")), number=1),
        NightHand(rb, SEATS, (), number=2),
    ]
    first, second = replay_night([("Ann", 20), ("Bob", 20), ("Cy", 20)], "Ann", hands)
    assert first.outcome.kind == "false_open"
    assert second.setup.carry_in.free_ride_payer == "Bob"
    assert second.setup.dealer == "Bob"
    assert second.outcome.stacks["Bob"] == first.outcome.stacks["Bob"] - 3 - 2
    assert second.outcome.stacks["Cy"] == first.outcome.stacks["Cy"]  # Bob antes for him
    assert second.outcome.stacks["Ann"] == first.outcome.stacks["Ann"]


def test_player_joins_and_dealer_named():
    """A night changes: Dee sits down with 30 and the log names the dealer."""
    rb = load_rulebook("straight_draw")
    hands = [NightHand(rb, SEATS + ("Dee",), (), number=1, dealer="Dee", joined={"Dee": 30})]
    (only,) = replay_night([("Ann", 20), ("Bob", 20), ("Cy", 20)], "Ann", hands)
    assert only.outcome.stacks["Dee"] == 26 and only.states == ()


def test_night_first_stacks_are_checked_like_a_hands_seats():
    """A stack of True is not one chip: the night's opening seats get the same one-line error a
    hand's seats get."""
    import pytest

    from referee.errors import InputError

    with pytest.raises(InputError, match="Ann's stack must be a whole number of chips"):
        replay_night([("Ann", True), ("Bob", 5)], "Ann", [])
    with pytest.raises(InputError, match="seated twice"):
        replay_night([("Ann", 5), ("Ann", 5)], "Ann", [])
