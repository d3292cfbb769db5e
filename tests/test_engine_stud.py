"""Five-card stud (RULES.md section 3, seed-003): who leads each betting round, new deal when all fold."""

from __future__ import annotations

from referee.cards import cards
from referee.engine.events import Bet, Call, Check, Deal, Fold, Show
from referee.engine.state import HandSetup
from referee.engine.replay import replay_hand
from referee.rulebook import load_rulebook

THREE = [("Ann", 50), ("Bob", 50), ("Cy", 50)]


def setup(options=None):
    rb = load_rulebook("five_card_stud")
    if options:
        rb = rb.with_options(options)
    return HandSetup(rb, THREE, "Ann")


def hole(name, text):
    return Deal(player=name, cards=tuple(cards(text)))


def up(name, text):
    return Deal(player=name, cards=tuple(cards(text)), face_up=True)


DEAL1 = [hole("Bob", "2c"), hole("Cy", "3c"), hole("Ann", "4c"),
         up("Bob", "Kh"), up("Cy", "Ks"), up("Ann", "9d")]


def test_highest_upcard_acts_first_tie_to_first_dealt():
    """stud.3: "highest upcard acts first; equal highest upcards -> the one who received it first"."""
    r = replay_hand(setup(), DEAL1)
    assert r.states[-1].to_act == "Bob"
    bad = replay_hand(setup(), DEAL1 + [Check(player="Cy")])
    assert [f.rule for f in bad.illegal] == ["stud.3"]


def test_upcard_tie_by_suit():
    """stud.upcard_tie = suit_c<d<h<s (pagat-stud): Cy's K of spades beats Bob's K of hearts."""
    r = replay_hand(setup({"stud.upcard_tie": "suit_c<d<h<s"}), DEAL1)
    assert r.states[-1].to_act == "Cy"


def test_bring_in_lowest_upcard():
    """stud.first_round = bring_in_lowest_upcard: "the lowest upcard must open with a forced bet"."""
    r = replay_hand(setup({"stud.first_round": "bring_in_lowest_upcard"}), DEAL1)
    s = r.states[-1]
    assert s.stacks == (49, 50, 50) and s.to_act == "Bob"


def test_all_fold_new_deal():
    """stud.5.2: "If all players fold, there is a new deal"."""
    r = replay_hand(setup(), DEAL1 + [Fold(player="Bob"), Fold(player="Cy")])
    assert r.outcome.kind == "passed_out"


def test_all_check_next_card_or_redeal():
    """stud.all_check: next_card (wiki-5cs) deals the next card; redeal throws the cards in."""
    checks = [Check(player=n) for n in ("Bob", "Cy", "Ann")]
    r = replay_hand(setup(), DEAL1 + checks)
    assert r.states[-1].phase == "deal"
    r2 = replay_hand(setup({"stud.all_check": "redeal"}), DEAL1 + checks)
    assert r2.outcome.kind == "passed_out"


def test_later_round_led_by_best_showing():
    """stud.later_rounds = best_showing_combination: a showing pair of nines beats king high."""
    events = DEAL1 + [Check(player=n) for n in ("Bob", "Cy", "Ann")] + [
        up("Bob", "2h"), up("Cy", "3h"), up("Ann", "9s")]
    r = replay_hand(setup(), events)
    assert r.states[-1].to_act == "Ann" and r.states[-1].phase == "round2"


def test_full_stud_hand_to_showdown():
    """stud.6: four betting rounds, then "the best five-card hand among the players still in wins"."""
    events = list(DEAL1) + [Bet(player="Bob", amount=2), Call(player="Cy"), Fold(player="Ann")]
    events += [up("Bob", "Kd"), up("Cy", "5s"), Bet(player="Bob", amount=2), Call(player="Cy")]
    events += [up("Bob", "7d"), up("Cy", "6s"), Bet(player="Bob", amount=5), Call(player="Cy")]
    events += [up("Bob", "8d"), up("Cy", "7s"), Check(player="Bob"), Check(player="Cy")]
    events += [Show(player="Cy", cards=tuple(cards("3c Ks 5s 6s 7s"))),
               Show(player="Bob", cards=tuple(cards("2c Kh Kd 7d 8d")))]
    r = replay_hand(setup(), events)
    assert not r.illegal
    o = r.outcome
    assert o.kind == "showdown" and o.pots[0].winners == ("Bob",)
    assert o.pots[0].hand is not None and "king" in o.pots[0].hand
    assert o.stacks == {"Ann": 50, "Bob": 59, "Cy": 41}
    # the showdown starts with the last bettor of the final round, else its leader (Bob, pair of kings showing)
    assert o.showdown_order == ("Bob", "Cy")


def test_a_bet_opens_a_round_whose_upcards_are_not_all_dealt():
    """stud.later_rounds: a bet before every player in has his next upcard opens the round at the bet; who
    should lead cannot be checked, so the bettor is taken as the leader (the path where the round opens
    from the bet)."""
    events = DEAL1 + [Bet(player="Bob", amount=1), Call(player="Cy"), Fold(player="Ann"),
                      up("Bob", "4d"), Bet(player="Bob", amount=1)]
    r = replay_hand(setup(), events)
    assert [(f.action, f.rule) for f in r.findings] == [(11, "stud.later_rounds")]
    assert r.states[-1].phase == "round2" and r.states[-1].to_act == "Cy"
    done = replay_hand(setup(), events + [Fold(player="Cy")])
    assert done.outcome.kind == "uncontested" and done.outcome.stacks == {"Ann": 50, "Bob": 51, "Cy": 49}
