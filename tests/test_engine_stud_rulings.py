"""Five-card stud (seed-003, rulebook ``five_card_stud``): the wheel at the showdown, a voided action,
and the rule a void deal's pot is carried under."""

from __future__ import annotations

from referee.engine.events import Bet, Call, Check, Fold, Misdeal, Void
from referee.engine.replay import play

from helpers.engine import THREE_PLAYERS, dealt, dealt_up, game_setup, replay_table

# Ann deals: Bob, Cy and Ann get their hole cards and upcards in that order.
HOLE = [dealt("Bob", "Ah"), dealt("Cy", "Kd"), dealt("Ann", "Qs")]


def street(bob: str, cy: str, ann: str) -> list:
    return [dealt_up("Bob", bob), dealt_up("Cy", cy), dealt_up("Ann", ann)]


def checked(*order: str) -> list:
    return [Check(player=name) for name in order]


# Cy's king leads every round (stud.3, then the best showing: K-9, K-9-8, K-9-8-7); the first three
# rounds are checked; in the last Cy bets 1, Ann folds, Bob calls.  Bob holds A (hole) 2 3 4 5, Cy
# K K 9 8 7, Ann folded.
WHEEL_HAND = (HOLE + street("2c", "Kc", "9d") + checked("Cy", "Ann", "Bob")
              + street("3d", "9s", "Jh") + checked("Cy", "Ann", "Bob")
              + street("4s", "8d", "Th") + checked("Cy", "Ann", "Bob")
              + street("5h", "7c", "2d") + [Bet(player="Cy", amount=1), Fold(player="Ann"), Call(player="Bob")])


def test_a_stud_wheel_is_a_straight_where_the_wheel_is_allowed():
    """common.wheel = allowed (the shipped stud rulebook): "A-2-3-4-5 is a straight, the lowest one (five
    high)"; stud.6: "the best five-card hand among the players still in wins the pot".  Bob's A-2-3-4-5
    is a straight and beats Cy's pair of kings: Bob takes the pot of 2 (his 1 and Cy's 1)."""
    r = replay_table(game_setup("five_card_stud", seats=THREE_PLAYERS), WHEEL_HAND)
    assert r.findings == ()
    (pot,) = r.outcome.pots
    assert (pot.amount, pot.winners, pot.rule) == (2, ("Bob",), "stud.6")
    assert r.outcome.stacks == {"Ann": 50, "Bob": 51, "Cy": 49}


def test_a_stud_wheel_is_ace_high_where_the_wheel_is_forbidden():
    """common.wheel = forbidden: "A-2-3-4-5 is not a straight; the ace counts only high" -- the same
    hand: Bob has only ace high, and Cy's pair of kings takes the pot of 2."""
    r = replay_table(game_setup("five_card_stud", {"common.wheel": "forbidden"}, seats=THREE_PLAYERS), WHEEL_HAND)
    (pot,) = r.outcome.pots
    assert (pot.amount, pot.winners) == (2, ("Cy",))
    assert r.outcome.stacks == {"Ann": 50, "Bob": 49, "Cy": 51}


def test_a_voided_stud_bet_is_skipped_on_replay():
    """A correction voids an action logged before it ("skipped on replay"): Bob's upcard K leads round
    one (stud.3); his bet of 1 (action 7) is voided, so no chip moved and it is still Bob's turn, facing
    no bet."""
    deal = [dealt("Bob", "2c"), dealt("Cy", "3c"), dealt("Ann", "4c")] + street("Kh", "Qs", "9d")
    state = play(game_setup("five_card_stud", seats=THREE_PLAYERS), deal + [Bet(player="Bob", amount=1), Void(action=7)])
    assert state.stacks == [50, 50, 50]
    assert state.to_act() == "Bob"
    assert [(f.code, f.action) for f in state.findings] == [("action_voided", 8)]


def test_a_stud_misdeal_carries_its_pot_under_the_deal_rule():
    """stud.2.1 (the deal: "The dealer first gives each player one card face down, the hole card"): a
    misdeal called returns the bets, and the pot of 3 antes (stud.ante = ante) is carried to the redeal
    under stud.2.1."""
    r = replay_table(game_setup("five_card_stud", {"stud.ante": "ante"}, seats=THREE_PLAYERS), [Misdeal()])
    assert [(p.amount, p.left_over, p.rule) for p in r.outcome.pots] == [(3, 3, "stud.2.1")]


def test_a_stud_first_round_everybody_checks_is_redealt_under_the_all_check_option():
    """stud.all_check = redeal: "If every player checks the first betting round, the cards are thrown in
    and there is a new deal" -- Bob (king up) checks, then Cy and Ann: the deal is void under
    stud.all_check, not under stud.5.2 (everybody folding); it is found at the end of the deal, at no
    action of it."""
    deal = [dealt("Bob", "2c"), dealt("Cy", "3c"), dealt("Ann", "4c")] + street("Kh", "Qs", "9d")
    r = replay_table(game_setup("five_card_stud", {"stud.all_check": "redeal"}, seats=THREE_PLAYERS),
                     deal + checked("Bob", "Cy", "Ann"))
    assert r.outcome.kind == "passed_out"
    assert [(f.action, f.code, f.rule) for f in r.findings] == [(None, "passed_out", "stud.all_check")]
    assert [p.rule for p in r.outcome.pots] == ["stud.all_check"]
