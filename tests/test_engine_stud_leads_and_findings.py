"""Five-card stud (seed-003, rulebook ``five_card_stud``): who leads the first round under each value of
stud.first_round and stud.upcard_tie, the bring-in, a lead the log cannot check, cards and bets out of
place, and how a deal ends -- each finding in full (action, code, player, rule, words, remedy).

Ann, Bob and Cy have 50 chips each; Ann deals, so the deal goes Bob, Cy, Ann: the three hole cards are
actions 1-3 and the first upcards actions 4-6."""

from __future__ import annotations

import pytest

from referee.engine.events import Bet, Call, Check, Expose, Fold, Misdeal, Muck, Showdown
from referee.engine.findings import JudgedLater
from referee.engine.replay import play
from referee.errors import InputError

from helpers.engine import THREE_PLAYERS, dealt, dealt_up, findings_in_full, game_setup, replay_table, shown

ANN, BOB, CY = "Ann", "Bob", "Cy"
HOLES = [dealt(BOB, "Tc"), dealt(CY, "Td"), dealt(ANN, "Jc")]
BRING_IN = "bring_in_lowest_upcard"
SUIT = "suit_c<d<h<s"
UNCHECKED = "show the upcards to check the order"


def stud(options=None, seats=THREE_PLAYERS, **kw):
    return game_setup("five_card_stud", options, seats=seats, **kw)


def upcards(bob: str, cy: str, ann: str) -> list:
    return [dealt_up(BOB, bob), dealt_up(CY, cy), dealt_up(ANN, ann)]


def first_round(bob: str, cy: str, ann: str) -> list:
    return HOLES + upcards(bob, cy, ann)


@pytest.mark.parametrize(("bob", "cy", "ann", "tie", "leader"), [
    # stud.3: the highest upcard leads
    ("9d", "Kh", "5s", "first_dealt", CY),
    ("Ah", "Kh", "5s", "first_dealt", BOB),
    # equal kings for Cy and Ann: Cy received his first
    ("9d", "Kh", "Ks", "first_dealt", CY),
    # three equal kings: Bob was dealt first
    ("Kd", "Kh", "Ks", "first_dealt", BOB),
    # by suit, spades highest: Ann's king of spades
    ("9d", "Kh", "Ks", SUIT, ANN),
    ("Kc", "Kd", "2s", SUIT, CY),
    ("Ks", "Kd", "Kh", SUIT, BOB),
])
def test_the_highest_upcard_leads_the_first_round(bob, cy, ann, tie, leader):
    """stud.3: "In the first betting round the player with the highest upcard acts first; if two or more
    players have equal highest upcards, the one who received his first acts first"; stud.upcard_tie =
    suit_c<d<h<s: "suits break the tie: clubs lowest, then diamonds, hearts, spades highest"."""
    r = replay_table(stud({"stud.upcard_tie": tie}), first_round(bob, cy, ann))
    s = r.states[-1]
    assert (s.phase, s.to_act, s.stacks) == ("round1", leader, (50, 50, 50))
    assert findings_in_full(r) == []


@pytest.mark.parametrize(("bob", "cy", "ann", "tie", "brings_in", "next_up"), [
    ("9d", "2h", "Ks", "first_dealt", CY, ANN),
    # the ace is high: Bob's ace is no low card
    ("Ah", "9c", "9d", "first_dealt", CY, ANN),  # equal nines: Cy received his first
    ("Ah", "9d", "9c", "first_dealt", CY, ANN),
    ("2h", "9c", "2c", "first_dealt", BOB, CY),
    # by suit, clubs lowest
    ("Ah", "9d", "9c", SUIT, ANN, BOB),
    ("2h", "9c", "2d", SUIT, ANN, BOB),
    ("2c", "2s", "2h", SUIT, BOB, CY),
])
def test_the_lowest_upcard_brings_in(bob, cy, ann, tie, brings_in, next_up):
    """stud.first_round = bring_in_lowest_upcard: "The player with the lowest upcard must open the first
    betting round with a forced bet of stud.bet_min chips (the bring-in); the others then act in turn to
    his left", with stud.upcard_tie among equal lowest upcards.  The bring-in is made as the last upcard
    is dealt (action 6)."""
    r = replay_table(stud({"stud.first_round": BRING_IN, "stud.upcard_tie": tie}), first_round(bob, cy, ann))
    s = r.states[-1]
    assert (s.phase, s.to_act) == ("round1", next_up)
    assert dict(zip((ANN, BOB, CY), s.stacks)) == {n: 49 if n == brings_in else 50 for n in (ANN, BOB, CY)}
    assert findings_in_full(r) == [(6, "bring_in", brings_in, "stud.first_round", f"{brings_in} brings in for 1 (lowest upcard)",
                        None)]


@pytest.mark.parametrize(("ann_chips", "ante", "brought", "ann_after"), [
    (50, "none", 2, 48),  # stud.bet_min = 2
    (1, "none", 1, 0),  # all he has
    (1, "ante", None, 0),  # his ante took his last chip: nothing left to bring in with
])
def test_the_bring_in_is_the_smallest_bet_or_what_the_player_has(ann_chips, ante, brought, ann_after):
    """stud.first_round = bring_in_lowest_upcard: "a forced bet of stud.bet_min chips" -- Ann's 4 is the
    lowest upcard; with stud.bet_min = 2 she brings in 2, with 1 chip she brings in 1, with none left
    after her ante (stud.ante = ante) she brings in nothing."""
    seats = [(ANN, ann_chips), (BOB, 50), (CY, 50)]
    r = replay_table(stud({"stud.first_round": BRING_IN, "stud.bet_min": 2, "stud.ante": ante}, seats=seats),
                     first_round("Kh", "Qs", "4d"))
    bring_ins = [row for row in findings_in_full(r) if row[1] == "bring_in"]
    assert bring_ins == ([(6, "bring_in", ANN, "stud.first_round", f"Ann brings in for {brought} (lowest upcard)", None)]
                         if brought else [])
    assert r.states[-1].stacks[0] == ann_after


def test_a_bet_before_the_upcards_opens_the_first_round_at_the_bettor():
    """stud.3: the highest upcard leads -- Bob bets (action 4) before any upcard is dealt: who should lead
    cannot be checked, so the bettor is taken as the leader and that is flagged; an upcard dealt to him
    while the round is open is flagged under stud.6 (the cards come between the rounds)."""
    r = replay_table(stud(), HOLES + [Bet(player=BOB, amount=1), dealt_up(BOB, "Kh")])
    assert findings_in_full(r) == [
        (4, "lead_unverifiable", None, "stud.3",
         "who leads betting round 1 cannot be checked: upcards not all known; Bob is taken as the leader", UNCHECKED),
        (5, "dealt_during_betting", BOB, "stud.6", "cards dealt to Bob during a betting round", None)]
    assert (r.states[-1].phase, r.states[-1].to_act, r.states[-1].stacks) == ("round1", CY, (50, 49, 50))


@pytest.mark.parametrize("options", [{}, {"stud.upcard_tie": SUIT}])
def test_an_upcard_logged_unseen_leaves_the_first_lead_to_the_dealers_left(options):
    """stud.3 / stud.2.2: Cy's upcard is logged unseen ('dealt up ??'): who has the highest upcard cannot be
    checked; the player on the dealer's left (Bob) is taken as the leader, flagged when the last upcard is
    dealt."""
    from referee.cards import UNKNOWN
    from referee.engine.events import Deal

    events = HOLES + [dealt_up(BOB, "9d"), Deal(player=CY, cards=(UNKNOWN,), face_up=True), dealt_up(ANN, "Ks")]
    r = replay_table(stud(options), events)
    assert findings_in_full(r) == [(6, "lead_unverifiable", None, "stud.3",
                        "who leads betting round 1 cannot be checked: upcards not all known; Bob is taken as the leader",
                        UNCHECKED)]
    assert r.states[-1].to_act == BOB


def test_a_later_round_whose_upcards_are_unseen_is_led_by_the_dealers_left_among_those_in():
    """stud.later_rounds: "the player whose upcards show the best combination acts first" -- Bob folded in
    the first round; Cy's second upcard is logged unseen: round 2's lead cannot be checked and Cy, the
    first still in from the dealer's left, is taken as the leader."""
    from referee.cards import UNKNOWN
    from referee.engine.events import Deal

    events = first_round("Kh", "Qs", "9d") + [Check(player=BOB), Bet(player=CY, amount=1), Call(player=ANN),
                                              Fold(player=BOB),
                                              Deal(player=CY, cards=(UNKNOWN,), face_up=True), dealt_up(ANN, "2c")]
    r = replay_table(stud(), events)
    assert findings_in_full(r) == [(12, "lead_unverifiable", None, "stud.later_rounds",
                        "who leads betting round 2 cannot be checked: upcards not all known; Cy is taken as the leader",
                        UNCHECKED)]
    assert (r.states[-1].phase, r.states[-1].to_act) == ("round2", CY)


def test_a_player_out_of_the_hand_dealt_an_upcard_is_flagged():
    """stud.6: "each player still in the hand receives a second, third and fourth upcard" -- Bob folded in
    the first round; an upcard logged to him (action 11) is flagged."""
    events = first_round("Kh", "Qs", "9d") + [Check(player=BOB), Bet(player=CY, amount=1), Call(player=ANN),
                                              Fold(player=BOB), dealt_up(BOB, "2d")]
    r = replay_table(stud(), events)
    assert findings_in_full(r) == [(11, "dealt_not_in_deal", BOB, "stud.6", "Bob is not in the hand but was dealt cards", None)]


def test_an_exposed_hole_card_is_noted_and_the_hand_plays_on():
    """stud.2.1: "each player looks at his own hole card without letting anyone else see it" -- Cy's is
    exposed (action 7): noted, nothing else changes."""
    r = replay_table(stud(), first_round("Kh", "Qs", "9d") + [Expose(player=CY, card=dealt(CY, "Td").cards[0])])
    assert findings_in_full(r) == [(7, "hole_card_exposed", CY, None, "Cy's hole card Td was exposed", None)]
    assert r.states[-1].to_act == BOB


@pytest.mark.parametrize(("reason", "words"), [("", "a misdeal was called"),
                                               ("two cards exposed", "a misdeal was called (two cards exposed)")])
def test_a_misdeal_returns_the_bets_and_the_same_dealer_deals_again(reason, words):
    """stud.2.1 (the deal): a misdeal called after Bob's bet of 1 -- the bet is returned, the pot (Ann's,
    Bob's and Cy's antes, stud.ante = ante) carries to the redeal, which Ann deals again."""
    events = first_round("Kh", "Qs", "9d") + [Bet(player=BOB, amount=1), Misdeal(reason=reason)]
    r = replay_table(stud({"stud.ante": "ante"}), events)
    assert findings_in_full(r) == [(8, "misdeal_called", None, "stud.2.1", words, "bets are returned and the same dealer deals again")]
    o = r.outcome
    assert (o.kind, o.carried, o.stacks) == ("misdeal", 3, {ANN: 49, BOB: 49, CY: 49})
    assert (o.next_hand.dealer, o.next_hand.carry.pot, o.next_hand.carry.antes_in) == (ANN, 3, True)


def four_streets(last_round: list) -> list:
    """Every round checked but the last, which is ``last_round``; Bob's kings lead."""
    events = first_round("Kh", "Qs", "9d") + [Check(player=n) for n in (BOB, CY, ANN)]
    for street in (("Kd", "5s", "7h"), ("8d", "6s", "7c")):
        events += upcards(*street) + [Check(player=n) for n in (BOB, CY, ANN)]
    return events + upcards("9h", "Ts", "2d") + last_round


def test_a_bet_after_the_last_betting_round_is_ignored():
    """stud.6: four betting rounds, then the showdown -- Bob's bet after the last round (action 28) is
    flagged and ignored."""
    events = four_streets([Check(player=n) for n in (BOB, CY, ANN)]) + [Bet(player=BOB, amount=1)]
    r = replay_table(stud(), events)
    assert findings_in_full(r)[-1] == (28, "bet_outside_round", BOB, "stud.6", "Bob cannot bet: the betting is over", "ignored")
    assert r.states[-1].phase == "showdown" and r.states[-1].stacks == (50, 50, 50)


def test_a_showdown_line_after_the_showdown_is_refused():
    """stud.6: a 'showdown:' line stands where the logged play stops -- after four rounds played out the
    showdown has come already: refused, with how to fix the log."""
    events = four_streets([Check(player=n) for n in (BOB, CY, ANN)]) + [Showdown()]
    with pytest.raises(InputError) as err:
        play(stud(), events)
    assert err.value.message == "'showdown:' comes after the hand reached its showdown"
    assert err.value.hint == "'showdown:' stands where the logged play stops; leave it out here"


@pytest.mark.parametrize(("before", "order"), [
    # nobody bet in the first round: the showing starts with its leader, Ann (the ace)
    (first_round("Kh", "Qs", "Ad"), (ANN, BOB, CY)),
    # no round was played at all: it starts on the dealer's left
    (HOLES, (BOB, CY, ANN)),
])
def test_a_showdown_line_lets_the_hands_shown_decide(before, order):
    """stud.6: "the best five-card hand among the players still in wins the pot": the play after it went
    unlogged ('showdown:'); Cy's pair of queens beats Bob's king high and Ann's pair of jacks; the 3 antes
    (stud.ante = ante) are his."""
    events = before + [Showdown(), shown(BOB, "Tc Kh 5d 7s 8h"), shown(CY, "Td Qs Qd 6h 4s"),
                       shown(ANN, "Jc Ad Jh 3h 5c")]
    r = replay_table(stud({"stud.ante": "ante"}), events)
    o = r.outcome
    assert (o.kind, o.showdown_order, o.stacks) == ("showdown", order, {ANN: 49, BOB: 49, CY: 52})
    assert [(p.amount, p.winners, p.rule) for p in o.pots] == [(3, (CY,), "stud.6")]


@pytest.mark.parametrize(("later", "winner", "pot", "stacks"), [
    # round 1: Bob bets and both fold
    ([Bet(player=BOB, amount=1), Fold(player=CY), Fold(player=ANN)], BOB, 4, {ANN: 49, BOB: 52, CY: 49}),
    # round 2: nobody bets, and Cy and Ann fold to Bob's check -- not a new deal: that is the first round's rule
    ([Check(player=n) for n in (BOB, CY, ANN)] + upcards("5d", "6h", "7c")
     + [Check(player=BOB), Fold(player=CY), Fold(player=ANN)], BOB, 3, {ANN: 49, BOB: 52, CY: 49}),
])
def test_a_player_left_alone_takes_the_pot_uncontested(later, winner, pot, stacks):
    """stud.5.1: "the turn passes to the player on his left ... until a player bets, all players have checked,
    or all players have folded"; a player left alone wins the pot (3 antes, stud.ante = ante, and any bet)
    under it, and the count of deals nobody opened (2 before it) starts again."""
    from referee.engine.outcome import PokerCarry

    r = replay_table(stud({"stud.ante": "ante"}, carry_in=PokerCarry(pot=0, passed_out=2)),
                     first_round("Kh", "Qs", "9d") + later)
    o = r.outcome
    assert (o.kind, o.stacks) == ("uncontested", stacks)
    assert [(p.amount, p.winners, p.rule) for p in o.pots] == [(pot, (winner,), "stud.5.1")]
    assert o.next_hand.carry.pot == 0 and o.next_hand.carry.passed_out == 0


def test_players_who_throw_their_cards_in_between_rounds_leave_the_last_one_the_pot():
    """stud.5.1: the betting goes on "until a player bets, all players have checked, or all players have
    folded" -- a player who throws his cards in between rounds has folded: Bob bets 1, Cy and Ann call,
    then Cy and Ann throw their cards in before the second upcards. Bob is left alone and takes the pot
    of 3 antes and 3 bets; nobody opens a second round for players out of the hand."""
    r = replay_table(stud({"stud.ante": "ante"}),
                     first_round("Kh", "Qs", "9d") + [Bet(player=BOB, amount=1), Call(player=CY), Call(player=ANN),
                                                      Muck(player=CY), Muck(player=ANN)])
    o = r.outcome
    assert (o.kind, o.stacks) == ("uncontested", {ANN: 48, BOB: 54, CY: 48})
    assert [(p.amount, p.winners, p.rule) for p in o.pots] == [(6, (BOB,), "stud.5.1")]


def test_a_bet_between_rounds_by_a_player_who_threw_his_cards_in_is_ignored():
    """stud.6: the upcards go to "each player still in the hand" -- Cy threw his cards in after the first
    round; his check before the second upcards opens no round (nor would it with nobody left in the hand)
    and is noted as ignored, and Bob and Ann play on."""
    r = replay_table(stud(), first_round("Kh", "Qs", "9d") + [Check(player=n) for n in (BOB, CY, ANN)]
                     + [Muck(player=CY), Check(player=CY)])
    # holes 1-3, upcards 4-6, checks 7-9, Cy's muck 10, his check 11
    assert findings_in_full(r)[-1] == (11, "bet_outside_round", CY, "stud.6", "Cy cannot bet now", "ignored")
    assert r.outcome.kind == "in_progress"
    assert r.states[-1].to_act is None  # no round is open: the second upcards come next


def test_a_first_round_everybody_folds_is_a_new_deal_with_the_antes_carried():
    """stud.5.2: "If all players fold, there is a new deal" -- Bob and Cy fold to nobody's bet: the 3 antes
    carry, the count of deals nobody opened grows by one, and the summary says why."""
    from referee.engine.outcome import PokerCarry

    r = replay_table(stud({"stud.ante": "ante"}, carry_in=PokerCarry(pot=0, passed_out=1)),
                     first_round("Kh", "Qs", "9d") + [Fold(player=BOB), Fold(player=CY)])
    o = r.outcome
    assert (o.kind, o.carried, o.summary) == ("passed_out", 3, "passed out: 3 chips carried to the next deal")
    assert (o.next_hand.carry.pot, o.next_hand.carry.passed_out) == (3, 2)
    assert findings_in_full(r) == [(None, "passed_out", None, "stud.5.2", "no bet and everybody folded or checked: the deal is void "
                        "and the pot of 3 stays", None)]


def test_who_shows_first_is_left_to_the_showdown():
    """stud.6: who shows first (the last bettor of the last round) is known when the betting is over."""
    events = four_streets([Check(player=n) for n in (BOB, CY, ANN)])
    during = play(stud(), events[:-1]).judged_later()
    assert during["show_order"] == JudgedLater("stud.6", "who shows first is known when the last betting round is "
                                                         "over and the showdown begins")
    assert "show_order" not in play(stud(), events).judged_later()


def test_the_prompt_before_the_deal_waits_for_the_cards():
    """stud.2.1: "The dealer first gives each player one card face down": before it nobody acts."""
    p = play(stud(), []).prompt()
    assert (p.phase, p.to_act, p.legal) == ("deal", None, ())


@pytest.mark.parametrize(("amount", "seats", "after", "in_middle"), [
    (1, THREE_PLAYERS, (49, 49, 49), 3),
    (2, THREE_PLAYERS, (48, 48, 48), 6),
    # Bob has no chips: he is not dealt in and antes nothing (no short ante to note)
    (1, [(ANN, 50), (BOB, 0), (CY, 50)], (49, 0, 49), 2),
])
def test_every_player_dealt_in_antes_the_ante_amount(amount, seats, after, in_middle):
    """stud.ante = ante: "Before the deal every player antes stud.ante_amount chips"."""
    r = replay_table(stud({"stud.ante": "ante", "stud.ante_amount": amount}, seats=seats), [])
    assert findings_in_full(r) == [] and tuple(r.outcome.stacks.values()) == after and r.outcome.in_middle == in_middle


def test_without_the_ante_option_nobody_antes():
    """stud.1: "As a rule there is no ante" (stud.ante = none): the shipped rulebook's deal starts with an
    empty pot."""
    r = replay_table(stud({"stud.ante_amount": 2}), [])
    assert tuple(r.outcome.stacks.values()) == (50, 50, 50) and r.outcome.in_middle == 0


def test_a_round_whose_upcards_came_early_opens_as_the_round_before_closes():
    """stud.6: each upcard is "followed by a betting round" -- the second upcards were logged before Ann's
    call closed the first round (each flagged: dealt during a betting round); when her call closes it,
    the second round opens at once, led by the best showing: Ann's pair of nines."""
    events = first_round("Kh", "Qs", "9d") + [Bet(player=BOB, amount=1), Call(player=CY)] + upcards("2d", "3h", "9s")
    events += [Call(player=ANN)]
    r = replay_table(stud(), events)
    assert findings_in_full(r) == [(n, "dealt_during_betting", who, "stud.6", f"cards dealt to {who} during a betting round", None)
                       for n, who in ((9, BOB), (10, CY), (11, ANN))]
    s = r.states[-1]
    assert (s.phase, s.to_act, s.stacks) == ("round2", ANN, (49, 49, 49))
