"""Five-card stud (RULES.md section 3, seed-003): who leads each betting round, new deal when all fold."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.cards import cards
from referee.engine.events import Bet, Call, Check, Deal, Fold, Show
from referee.engine.state import HandSetup
from referee.rulebook import load_rulebook
from referee.engine.events import Misdeal
from referee.engine.replay import start_hand
from referee.handfile import parse_night
from referee.handfile.replay import replay_night_file

from helpers.engine import THREE_PLAYERS, dealt, dealt_up, finding_codes, game_setup, replay_table

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
    r = replay_table(setup(), DEAL1)
    assert r.states[-1].to_act == "Bob"
    bad = replay_table(setup(), DEAL1 + [Check(player="Cy")])
    assert [f.rule for f in bad.illegal] == ["stud.3"]


def test_upcard_tie_by_suit():
    """stud.upcard_tie = suit_c<d<h<s (pagat-stud): Cy's K of spades beats Bob's K of hearts."""
    r = replay_table(setup({"stud.upcard_tie": "suit_c<d<h<s"}), DEAL1)
    assert r.states[-1].to_act == "Cy"


def test_bring_in_lowest_upcard():
    """stud.first_round = bring_in_lowest_upcard: "the lowest upcard must open with a forced bet"."""
    r = replay_table(setup({"stud.first_round": "bring_in_lowest_upcard"}), DEAL1)
    s = r.states[-1]
    assert s.stacks == (49, 50, 50) and s.to_act == "Bob"


@pytest.mark.parametrize(("tie", "bring_in"), [
    # equal lowest deuces: Bob received his before Cy (dealer Ann deals Bob, Cy, Ann): Bob brings in
    ("first_dealt", "Bob"),
    # the same deuces with suits breaking the tie, clubs lowest: Cy's 2c is the lowest upcard
    ("suit_c<d<h<s", "Cy"),
])
def test_the_bring_in_among_equal_lowest_upcards(tie, bring_in):
    """stud.first_round = bring_in_lowest_upcard: "The player with the lowest upcard must open the first
    betting round with a forced bet"; stud.upcard_tie: "Among equal highest upcards, the player who
    received his first acts first" (first_dealt) or "suits break the tie: clubs lowest, then diamonds,
    hearts, spades highest" (suit_c<d<h<s).  Bob shows 2h, Cy 2c, Ann 9d: the bring-in (1 chip) is
    Bob's by the deal's order, Cy's by suit; the player on the bring-in's left acts next."""
    deal = [hole("Bob", "Kc"), hole("Cy", "Kd"), hole("Ann", "Kh"),
            up("Bob", "2h"), up("Cy", "2c"), up("Ann", "9d")]
    r = replay_table(setup({"stud.first_round": "bring_in_lowest_upcard", "stud.upcard_tie": tie}), deal)
    state = r.states[-1]
    assert dict(zip(("Ann", "Bob", "Cy"), state.stacks))[bring_in] == 49
    assert sum(state.stacks) == 149
    assert state.to_act == {"Bob": "Cy", "Cy": "Ann"}[bring_in]


def test_all_fold_new_deal():
    """stud.5.2: "If all players fold, there is a new deal"."""
    r = replay_table(setup(), DEAL1 + [Fold(player="Bob"), Fold(player="Cy")])
    assert r.outcome.kind == "passed_out"


def test_all_check_next_card_or_redeal():
    """stud.all_check: next_card (wiki-5cs) deals the next card; redeal throws the cards in."""
    checks = [Check(player=n) for n in ("Bob", "Cy", "Ann")]
    r = replay_table(setup(), DEAL1 + checks)
    assert r.states[-1].phase == "deal"
    r2 = replay_table(setup({"stud.all_check": "redeal"}), DEAL1 + checks)
    assert r2.outcome.kind == "passed_out"


def test_later_round_led_by_best_showing():
    """stud.later_rounds = best_showing_combination: a showing pair of nines beats king high."""
    events = DEAL1 + [Check(player=n) for n in ("Bob", "Cy", "Ann")] + [
        up("Bob", "2h"), up("Cy", "3h"), up("Ann", "9s")]
    r = replay_table(setup(), events)
    assert r.states[-1].to_act == "Ann" and r.states[-1].phase == "round2"


def test_full_stud_hand_to_showdown():
    """stud.6: four betting rounds, then "the best five-card hand among the players still in wins"."""
    events = list(DEAL1) + [Bet(player="Bob", amount=2), Call(player="Cy"), Fold(player="Ann")]
    events += [up("Bob", "Kd"), up("Cy", "5s"), Bet(player="Bob", amount=2), Call(player="Cy")]
    events += [up("Bob", "7d"), up("Cy", "6s"), Bet(player="Bob", amount=5), Call(player="Cy")]
    events += [up("Bob", "8d"), up("Cy", "7s"), Check(player="Bob"), Check(player="Cy")]
    events += [Show(player="Cy", cards=tuple(cards("3c Ks 5s 6s 7s"))),
               Show(player="Bob", cards=tuple(cards("2c Kh Kd 7d 8d")))]
    r = replay_table(setup(), events)
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
    r = replay_table(setup(), events)
    assert [(f.action, f.rule) for f in r.findings] == [(11, "stud.later_rounds")]
    assert r.states[-1].phase == "round2" and r.states[-1].to_act == "Cy"
    done = replay_table(setup(), events + [Fold(player="Cy")])
    assert done.outcome.kind == "uncontested" and done.outcome.stacks == {"Ann": 50, "Bob": 51, "Cy": 49}


STUD_DEAL = [dealt("Bob", "2c"), dealt("Cy", "3c"), dealt("Ann", "4c"),
             dealt_up("Bob", "Kh"), dealt_up("Cy", "Qs"), dealt_up("Ann", "9d")]


def test_stud_round_two_bet_over_the_early_limit():
    """stud.betting / stud.limit_early: "a bet or raise from stud.bet_min up to stud.limit_early chips in
    the rounds after the second and third cards" -- round 2 (after the third card) is still limited to 2,
    not to the later rounds' 5.  Bob bets 3 in round 2: over the limit, capped at 2."""
    events = STUD_DEAL + [Bet(player="Bob", amount=2), Call(player="Cy"), Call(player="Ann"),
                          dealt_up("Bob", "Kd"), dealt_up("Cy", "5s"), dealt_up("Ann", "7h"), Bet(player="Bob", amount=3)]
    r = replay_table(game_setup("five_card_stud", seats=THREE_PLAYERS), events)
    over = [f for f in r.findings if f.code == "bet_over_limit"]
    assert [(f.action, f.rule, f.player) for f in over] == [(13, "stud.betting", "Bob")]
    assert "limit of 2" in over[0].message and over[0].remedy == "capped at 2"
    assert r.states[-1].stacks == (48, 46, 48)
    # round 3 (after the fourth card) is the first with the late limit of 5
    late = events[:-1] + [Bet(player="Bob", amount=2), Call(player="Cy"), Call(player="Ann"),
                          dealt_up("Bob", "8d"), dealt_up("Cy", "6s"), dealt_up("Ann", "7c"), Bet(player="Bob", amount=5)]
    assert not replay_table(game_setup("five_card_stud", seats=THREE_PLAYERS), late).illegal


def test_stud_all_check_redeal_only_in_the_first_round():
    """stud.all_check = redeal: "If every player checks the first betting round, the cards are thrown in
    and there is a new deal" -- only the first.  Round 1 had a bet and calls; everybody checks round 2:
    the hand goes on to the fourth card, it is not passed out."""
    opts = {"stud.all_check": "redeal"}
    events = STUD_DEAL + [Bet(player="Bob", amount=1), Call(player="Cy"), Call(player="Ann"),
                          dealt_up("Bob", "Kd"), dealt_up("Cy", "5s"), dealt_up("Ann", "7h"),
                          Check(player="Bob"), Check(player="Cy"), Check(player="Ann")]
    r = replay_table(game_setup("five_card_stud", opts, seats=THREE_PLAYERS), events)
    assert r.outcome.kind == "in_progress" and r.states[-1].phase == "deal"
    assert "passed_out" not in finding_codes(r)
    going_on = replay_table(game_setup("five_card_stud", opts, seats=THREE_PLAYERS),
                           events + [dealt_up("Bob", "8d"), dealt_up("Cy", "6s"), dealt_up("Ann", "7c")])
    assert going_on.states[-1].phase == "round3" and going_on.states[-1].to_act == "Bob"
    # the first round everybody checks is still thrown in
    first = replay_table(game_setup("five_card_stud", opts, seats=THREE_PLAYERS),
                        STUD_DEAL + [Check(player="Bob"), Check(player="Cy"), Check(player="Ann")])
    assert first.outcome.kind == "passed_out" and first.outcome.carried == 0


def dealing_order(dealer, names=("Ann", "Bob", "Cy")):
    """The seats from the dealer's left round to the dealer."""
    i = names.index(dealer)
    return list(names[i + 1:] + names[:i + 1])


def checked_round(state_to_act, order):
    """Everybody checks, starting with the player to act."""
    i = order.index(state_to_act)
    return [Check(player=n) for n in order[i:] + order[:i]]


@pytest.mark.parametrize(("first_up", "second_up", "dealer", "leader"), [
    # Cy's K-7 and Ann's K-7 tie for the high board; Cy is dealt before Ann (dealer Ann): Cy leads
    ({"Bob": "Qh", "Cy": "Kc", "Ann": "Kd"}, {"Bob": "2h", "Cy": "7s", "Ann": "7d"}, "Ann", "Cy"),
    # the same boards with Bob dealing: the deal starts at Cy, then Ann: Cy still first
    ({"Bob": "Qh", "Cy": "Kc", "Ann": "Kd"}, {"Bob": "2h", "Cy": "7s", "Ann": "7d"}, "Bob", "Cy"),
    # dealer Cy: Ann is dealt first, then Bob and Cy: Ann leads the tie
    ({"Bob": "Qh", "Cy": "Kc", "Ann": "Kd"}, {"Bob": "2h", "Cy": "7s", "Ann": "7d"}, "Cy", "Ann"),
    # the kicker decides: K-8 beats K-7 whoever is dealt first
    ({"Bob": "Qh", "Cy": "Kc", "Ann": "Kd"}, {"Bob": "2h", "Cy": "7s", "Ann": "8d"}, "Ann", "Ann"),
    # a pair of deuces showing beats king high
    ({"Bob": "2d", "Cy": "Kc", "Ann": "Kd"}, {"Bob": "2h", "Cy": "7s", "Ann": "8d"}, "Ann", "Bob"),
])
def test_stud_later_round_tie_for_the_high_board(first_up, second_up, dealer, leader):
    """stud.later_rounds = best_showing_combination: "the player whose upcards show the best combination
    acts first ...; equal showings go to the one first dealt" -- a tie for the high board in round 2
    goes to the player nearest the dealer's left, not to the first seat or to round 1's leader."""
    order = dealing_order(dealer)
    holes = {"Ann": "3s", "Bob": "4s", "Cy": "5s"}
    events = [dealt(n, holes[n]) for n in order] + [dealt_up(n, first_up[n]) for n in order]
    first = replay_table(game_setup("five_card_stud", seats=THREE_PLAYERS, dealer=dealer), events).states[-1].to_act
    events += checked_round(first, order) + [dealt_up(n, second_up[n]) for n in order]
    r = replay_table(game_setup("five_card_stud", seats=THREE_PLAYERS, dealer=dealer), events)
    assert not r.illegal
    assert r.states[-1].phase == "round2" and r.states[-1].to_act == leader


def test_stud_showdown_starts_with_the_last_bettor_of_the_final_round():
    """stud.6 (showdown order, as draw.9): the last bettor of the final round shows first -- Cy, not the
    dealer's left (five_card_stud.py showdown_order)."""
    three = [("Ann", 50), ("Bob", 50), ("Cy", 50)]
    deal = [Deal(player="Bob", cards=tuple(cards("2c"))), Deal(player="Cy", cards=tuple(cards("3c"))),
            Deal(player="Ann", cards=tuple(cards("4c")))]
    events = deal + [dealt_up("Bob", "Kh"), dealt_up("Cy", "Qs"), dealt_up("Ann", "9d"), Check(player="Bob"), Check(player="Cy"),
                     Check(player="Ann")]
    for cards_up in (("Kd", "5s", "7h"), ("8d", "6s", "7c"), ("9h", "Ts", "2d")):
        events += [dealt_up(n, c) for n, c in zip(("Bob", "Cy", "Ann"), cards_up)]
        events += [Check(player="Bob"), Check(player="Cy"), Check(player="Ann")] if cards_up[0] != "9h" else [
            Check(player="Bob"), Bet(player="Cy", amount=1), Call(player="Ann"), Call(player="Bob")]
    r = replay_table(game_setup("five_card_stud", seats=three), events)
    assert r.outcome.kind == "showdown" and r.outcome.showdown_order == ("Cy", "Ann", "Bob")
    assert r.states[-1].phase == "showdown"


def test_stud_passed_out_deal_carries_the_antes():
    """stud.5.2 "If all players fold, there is a new deal", with stud.ante = ante: the antes stay in the
    pot for the new deal (five_card_stud.py carry_out)."""
    three = [("Ann", 50), ("Bob", 50), ("Cy", 50)]
    events = [dealt_up("Bob", "Kh"), dealt_up("Cy", "Qs"), dealt_up("Ann", "9d"), Fold(player="Bob"), Fold(player="Cy")]
    r = replay_table(game_setup("five_card_stud", {"stud.ante": "ante"}, seats=three), events)
    assert r.outcome.kind == "passed_out" and r.outcome.carried == 3
    assert r.outcome.next_hand.carry.pot == 3 and r.outcome.next_hand.carry.passed_out == 1


def test_a_stud_showdown_pot_cites_stud_6():
    """stud.6: "the best five-card hand wins": Ann's three nines take the pot from Cy's kings; the
    pot names the rule it was decided by (five_card_stud.py end: the showdown's rule)."""
    golden = Path(__file__).parent / "golden" / "five_card_stud" / "01_highest_upcard_leads_full_hand.txt"
    (replayed,) = replay_night_file(parse_night(golden.read_text()))
    (pot,) = replayed.replay.outcome.pots
    assert (pot.winners, pot.rule, pot.decided) == (("Ann",), "stud.6", True)


def test_a_stud_misdeal_keeps_the_antes_in_the_pot_for_the_redeal():
    """stud.ante = ante ("Before the deal every player antes"); a misdeal: the same dealer deals again and
    the 3 antes stay in the pot as the redeal's antes -- the redeal takes none (five_card_stud.py
    carry_out of a misdeal)."""
    rb = load_rulebook("five_card_stud").with_options({"stud.ante": "ante"})
    seats = [("Ann", 20), ("Bob", 20), ("Cy", 20)]
    o = replay_table(HandSetup(rb, seats, "Ann"), [Misdeal()]).outcome
    assert o.kind == "misdeal" and o.next_hand.same_dealer and o.next_hand.dealer == "Ann"
    assert (o.next_hand.carry.pot, o.next_hand.carry.antes_in) == (3, True)
    redeal = start_hand(HandSetup(rb, [("Ann", 19), ("Bob", 19), ("Cy", 19)], "Ann", carry_in=o.next_hand.carry))
    assert redeal.stacks == [19, 19, 19] and redeal.pot.dead == 3


def test_stud_short_ante_cites_the_ante_option():
    """stud.ante = ante ("Before the deal every player antes"): a player who cannot post his whole ante
    is noted under stud.ante."""
    r = replay_table(game_setup("five_card_stud", {"stud.ante": "ante", "stud.ante_amount": 2},
                               seats=[("Ann", 50), ("Bob", 1), ("Cy", 50)]), [])
    assert [(f.code, f.rule, f.player) for f in r.findings if f.code == "ante_short"] == [
        ("ante_short", "stud.ante", "Bob")]


def test_a_bring_in_is_ruled_under_the_first_round_option():
    """stud.first_round = bring_in_lowest_upcard: "The player with the lowest upcard must open the first
    betting round with a forced bet of stud.bet_min chips (the bring-in)" -- Ann's 9 is lowest: she
    brings in for 1, cited under stud.first_round (not stud.3, the seed's highest-upcard rule), and Bob
    may no longer check."""
    r = replay_table(game_setup("five_card_stud", {"stud.first_round": "bring_in_lowest_upcard"}, seats=THREE_PLAYERS),
                    STUD_DEAL + [Check(player="Bob")])
    assert [(f.code, f.rule, f.message) for f in r.findings] == [
        ("bring_in", "stud.first_round", "Ann brings in for 1 (lowest upcard)"),
        ("check_facing_bet", "stud.5.1", "Bob cannot check: 1 to call; legal: fold, call 1, raise 1–2")]


def test_a_stud_showdown_with_hole_cards_unknown_is_undecided_until_they_are_shown():
    """stud.6: "the best five-card hand among the players still in wins the pot" -- every round checked,
    four upcards each known but no hole card: the pot cannot be awarded; it waits, undecided, for the
    hole cards of all three."""
    events = [dealt_up("Bob", "Kh"), dealt_up("Cy", "Qs"), dealt_up("Ann", "9d")]
    events += [Check(player=n) for n in ("Bob", "Cy", "Ann")]
    for cards_up in (("Kd", "5s", "7h"), ("8d", "6s", "7c"), ("9h", "Ts", "2d")):
        events += [dealt_up(n, c) for n, c in zip(("Bob", "Cy", "Ann"), cards_up)]
        events += [Check(player=n) for n in ("Bob", "Cy", "Ann")]
    r = replay_table(game_setup("five_card_stud", seats=THREE_PLAYERS), events)
    assert [(f.code, f.rule, f.message, f.remedy) for f in r.findings] == [
        ("showdown_unverifiable", "stud.6", "the showdown cannot be decided: show the hole cards of Ann, Bob, Cy",
         "the pot is undecided until they are shown")]
    (pot,) = r.outcome.pots
    assert (pot.decided, pot.winners, pot.eligible, pot.rule) == (False, (), ("Ann", "Bob", "Cy"), "stud.6")


def test_between_betting_rounds_the_stud_prompt_waits_for_the_deal():
    """stud.6: "each player still in the hand receives a second ... upcard, one at a time, each followed
    by a betting round" -- after round one nobody is to act: the prompt is the deal, with no player."""
    from referee.engine.replay import play

    p = play(game_setup("five_card_stud", seats=THREE_PLAYERS),
             STUD_DEAL + [Check(player="Bob"), Check(player="Cy"), Check(player="Ann")]).prompt()
    assert (p.phase, p.to_act, p.legal, p.options) == ("deal", None, (), None)


def test_a_stud_deal_everybody_folds_is_passed_out_under_stud_5_2():
    """stud.5.2: "If all players fold, there is a new deal" -- Bob and Cy fold to nobody's bet: the deal
    is void, noted and its (empty) pot carried under stud.5.2."""
    r = replay_table(game_setup("five_card_stud", seats=THREE_PLAYERS),
                    [dealt_up("Bob", "Kh"), dealt_up("Cy", "Qs"), dealt_up("Ann", "9d"), Fold(player="Bob"),
                     Fold(player="Cy")])
    assert r.outcome.kind == "passed_out"
    assert [(f.code, f.rule) for f in r.findings] == [("passed_out", "stud.5.2")]
    assert [p.rule for p in r.outcome.pots] == ["stud.5.2"]


def test_a_bring_in_written_in_the_log_is_the_forced_bet_itself():
    """stud.3.1 / stud.first_round = bring_in_lowest_upcard: "The player with the lowest upcard must open the
    first betting round with a forced bet of stud.bet_min chips (the bring-in)" -- Cy's 3s is lowest.  One
    scorekeeper writes "Cy: bets 1", another leaves it out: both logs are the same hand (Bob takes 5 after
    Ann calls the bring-in and Bob raises 2), and the written bring-in is no bet out of turn.  A second
    bet of his, after Ann has acted, is his own action again."""
    written = (Path(__file__).parent / "golden" / "five_card_stud" / "14_bring_in_written_in_the_log.txt").read_text()
    left_out = written.replace("Cy: bets 1\n", "")
    assert left_out != written
    (a,), (b,) = replay_night_file(parse_night(written)), replay_night_file(parse_night(left_out))
    assert a.replay.outcome == b.replay.outcome
    assert a.replay.outcome.stacks == {"Ann": 99, "Bob": 102, "Cy": 99}
    assert [f.code for f in a.replay.findings] == ["bring_in", "bring_in_logged"]
    assert [f.code for f in b.replay.findings] == ["bring_in"]
    # the bring-in's amount only: "Cy: bets 2" is a bet facing his own bring-in, ruled as such
    other = replay_night_file(parse_night(written.replace("Cy: bets 1\n", "Cy: bets 2\n")))[0]
    assert "bring_in_logged" not in {f.code for f in other.replay.findings}
    assert any(f.severity == "error" for f in other.replay.findings)
