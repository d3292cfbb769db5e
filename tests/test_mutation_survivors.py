"""Tests for behaviour a mutation run (bench/mutation.py) showed no test noticed changing.

Each docstring names the rule and the situation; the mutant it kills is named by file and line.
"""

from __future__ import annotations

from test_rules_guarded import FOUR, setup

from referee.cards import UNKNOWN, cards
from referee.engine.events import AllIn, Bet, Call, Check, Deal, Draw, Fold, Raise, Void
from referee.engine.replay import replay_hand, start_hand


def up(name, text):
    return Deal(player=name, cards=tuple(cards(text)), face_up=True)


def test_a_caller_facing_only_a_short_all_in_may_not_reraise():
    """draw.betting = no_limit (table stakes, PokerKit and casino practice): "an all-in for less than a
    full raise does not reopen the betting for players who already acted" -- Bob bets 10, Cy calls, Dee
    goes all in for 12 (2 more): Cy, who called, may only call or fold.  (betting.py: the caller is one
    who acted.)"""
    seats = [("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 12)]
    opts = {"draw.betting": "no_limit"}
    state = start_hand(setup("straight_draw", opts, seats=seats))
    for e in (Bet(player="Bob", amount=10), Call(player="Cy"), AllIn(player="Dee"), Call(player="Ann")):
        state.push(e)
    assert state.to_act() == "Bob"
    bob = state.prompt().options
    assert bob.raise_min is None and bob.to_call == 2  # Bob acted (he bet) and faces a short all-in
    state.push(Call(player="Bob"))
    cy = state.prompt().options
    assert state.to_act() == "Cy" and cy.raise_min is None and cy.to_call == 2
    raised = state.check(Raise(player="Cy", amount=10))
    assert not raised.legal and "raise_not_reopened" in [f.code for f in raised.findings]


def test_void_and_reprompt_a_raise_that_is_not_above_the_bet():
    """common.illegal_fix = void_and_reprompt, draw.6: a "raise" to no more than the bet is void and the
    player is still to act (betting.py: the void of raise_not_above_bet)."""
    events = [Bet(player="Bob", amount=1), Raise(player="Cy", amount=1), Call(player="Dee"), Call(player="Ann"),
              Raise(player="Bob", amount=1, to=True)]
    r = replay_hand(setup("straight_draw", {"common.illegal_fix": "void_and_reprompt"}), events)
    assert [(f.code, f.rule, f.action) for f in r.illegal] == [("raise_not_above_bet", "draw.6", 5)]
    assert r.states[-1].to_act == "Bob" and r.states[-1].stacks[1] == 99


def test_a_draw_of_too_many_cites_the_max_draw_option():
    """draw.max_draw = 3_or_4_if_under_6: with four players at most 4 cards; Bob draws 5 -- flagged under
    draw.max_draw (straight_draw.py draw_breaches)."""
    events = [Bet(player="Bob", amount=1), Call(player="Cy"), Call(player="Dee"), Call(player="Ann"),
              Draw(player="Bob", count=5)]
    r = replay_hand(setup("straight_draw"), events)
    assert [(f.code, f.rule, f.player) for f in r.illegal] == [("drew_too_many", "draw.max_draw", "Bob")]


def test_stud_showdown_starts_with_the_last_bettor_of_the_final_round():
    """stud.6 (showdown order, as draw.9): the last bettor of the final round shows first -- Cy, not the
    dealer's left (five_card_stud.py showdown_order)."""
    three = [("Ann", 50), ("Bob", 50), ("Cy", 50)]
    deal = [Deal(player="Bob", cards=tuple(cards("2c"))), Deal(player="Cy", cards=tuple(cards("3c"))),
            Deal(player="Ann", cards=tuple(cards("4c")))]
    events = deal + [up("Bob", "Kh"), up("Cy", "Qs"), up("Ann", "9d"), Check(player="Bob"), Check(player="Cy"),
                     Check(player="Ann")]
    for cards_up in (("Kd", "5s", "7h"), ("8d", "6s", "7c"), ("9h", "Ts", "2d")):
        events += [up(n, c) for n, c in zip(("Bob", "Cy", "Ann"), cards_up)]
        events += [Check(player="Bob"), Check(player="Cy"), Check(player="Ann")] if cards_up[0] != "9h" else [
            Check(player="Bob"), Bet(player="Cy", amount=1), Call(player="Ann"), Call(player="Bob")]
    r = replay_hand(setup("five_card_stud", seats=three), events)
    assert r.outcome.kind == "showdown" and r.outcome.showdown_order == ("Cy", "Ann", "Bob")
    assert r.states[-1].phase == "showdown"


def test_stud_passed_out_deal_carries_the_antes():
    """stud.5.2 "If all players fold, there is a new deal", with stud.ante = ante: the antes stay in the
    pot for the new deal (five_card_stud.py carry_out)."""
    three = [("Ann", 50), ("Bob", 50), ("Cy", 50)]
    events = [up("Bob", "Kh"), up("Cy", "Qs"), up("Ann", "9d"), Fold(player="Bob"), Fold(player="Cy")]
    r = replay_hand(setup("five_card_stud", {"stud.ante": "ante"}, seats=three), events)
    assert r.outcome.kind == "passed_out" and r.outcome.carried == 3
    assert r.outcome.next_hand.carry.pot == 3 and r.outcome.next_hand.carry.passed_out == 1


def test_a_void_entered_live_replays_the_hand_without_the_voided_action():
    """A correction (hand format ``void N``) pushed as it is entered: the hand is replayed without action N
    and with every other action (state.py _void)."""
    state = start_hand(setup("straight_draw"))
    for e in (Bet(player="Bob", amount=2), Raise(player="Cy", amount=2), Call(player="Dee")):
        state.push(e)
    state.push(Void(action=3, reason="Dee had not called"))
    assert state.stacks == [96, 98, 96, 100]  # Ann anted 4; Bob bet 2; Cy raised to 4; Dee's call is void
    assert state.to_act() == "Dee"
    assert [f.code for f in state.findings] == ["action_voided"]


def test_a_false_opener_without_chips_left_cannot_pay_the_penalty():
    """jackpots.6 with jackpots.false_open_penalty = pay_each_other_player_1: a false opener who has no chips
    left pays what he can; the unpaid penalty is noted under jackpots.false_open_penalty."""
    seats = [("Ann", 100), ("Bob", 2), ("Cy", 100), ("Dee", 100)]
    events = [Deal(player="Bob", cards=tuple(cards("Ah Ks 7c 4d 2s"))), Bet(player="Bob", amount=2),
              Fold(player="Cy"), Fold(player="Dee"), Fold(player="Ann")]
    r = replay_hand(setup("jackpots", seats=seats), events)
    unpaid = [f for f in r.findings if f.code == "penalty_unpaid"]
    assert [(f.rule, f.player) for f in unpaid] == [("jackpots.false_open_penalty", "Bob")] * 3
    assert "no chips left to pay" in unpaid[0].message and r.outcome.penalties == ()


def test_cards_shown_where_the_log_already_has_them_move_nothing():
    """The card places (places.py reveal; straight draw learns shown cards): cards shown that the log already has in the player's hand
    change nothing -- his hand keeps its five cards, three of them unseen."""
    from referee.engine.events import Show

    state = start_hand(setup("straight_draw"))
    state.push(Deal(player="Bob", cards=(*cards("Jh Js"), UNKNOWN, UNKNOWN, UNKNOWN)))
    state.push(Bet(player="Bob", amount=2))
    state.push(Show(player="Bob", cards=tuple(cards("Jh Js")), purpose="openers"))
    hand = state.hand_of(1)
    assert len(hand) == 5 and hand.count(UNKNOWN) == 3 and set(cards("Jh Js")) <= set(hand)
    # a card the log had not seen takes the place of an unseen one
    state.push(Show(player="Bob", cards=tuple(cards("Jh Js 4c")), purpose="openers"))
    assert len(state.hand_of(1)) == 5 and state.hand_of(1).count(UNKNOWN) == 2


def test_void_and_reprompt_breaches_keep_their_codes_and_rules():
    """common.illegal_fix = void_and_reprompt: a draw of too many cards (draw.max_draw) and a bet facing a
    bet (draw.4.2) are void, with their own codes and rules; the player is still to act."""
    opts = {"common.illegal_fix": "void_and_reprompt"}
    pre = [Bet(player="Bob", amount=1), Call(player="Cy"), Call(player="Dee"), Call(player="Ann")]
    r = replay_hand(setup("straight_draw", opts), pre + [Draw(player="Bob", count=5)])
    assert [(f.code, f.rule) for f in r.illegal] == [("drew_too_many", "draw.max_draw")]
    assert r.states[-1].to_act == "Bob" and r.states[-1].phase == "draw"
    r2 = replay_hand(setup("straight_draw", opts), [Bet(player="Bob", amount=1), Bet(player="Cy", amount=2)])
    assert [(f.code, f.rule) for f in r2.illegal] == [("bet_facing_bet", "draw.4.2")]
    assert r2.states[-1].to_act == "Cy"


def test_a_check_facing_a_bet_taken_as_a_call_is_a_call():
    """draw.4.2 with draw.check_facing_bet = taken_as_call: "after a bet nobody may check" -- Cy's check is
    taken as a call, and the round ends when the others call (it does not reopen the betting)."""
    events = [Bet(player="Bob", amount=2), Check(player="Cy"), Call(player="Dee"), Call(player="Ann")]
    r = replay_hand(setup("straight_draw", {"draw.check_facing_bet": "taken_as_call"}), events)
    assert [(f.code, f.remedy) for f in r.illegal] == [
        ("check_facing_bet", "taken as a call of 2 (draw.check_facing_bet)")]
    assert r.states[-1].phase == "draw" and r.states[-1].stacks == (94, 98, 98, 98)


def test_the_prompt_offers_a_bet_as_a_bet_and_a_raise_as_a_raise():
    """draw.4: nobody has bet -- the legal events offered are bets; after a bet, raises (betting.py
    LegalActions.events, what a recorder's completion picks from)."""
    from referee.engine.replay import next_turn

    first = next_turn(setup("straight_draw"), []).events()
    assert Bet("Bob", 1) in first and Bet("Bob", 2) in first and not any(isinstance(e, Raise) for e in first)
    after = next_turn(setup("straight_draw"), [Bet(player="Bob", amount=1)]).events()
    assert Raise("Cy", 1) in after and not any(isinstance(e, Bet) for e in after)


def test_a_card_dealt_twice_is_refused_at_its_action():
    """A card is in the pack once: a card dealt to a second player cannot be replayed; the error names the
    hand and the action (state.py card_elsewhere)."""
    import pytest

    from referee.errors import CardError

    state = start_hand(setup("straight_draw"))
    state.push(Deal(player="Bob", cards=tuple(cards("Ah Kd 7c 4d 2s"))))
    with pytest.raises(CardError) as caught:
        state.push(Deal(player="Cy", cards=tuple(cards("Ah Qs 9c 8h 3d"))))
    assert caught.value.action == 2 and caught.value.hand == 1


def test_a_split_pot_is_summed_up_with_both_winners():
    """common.showdown_tie = split: the outcome's summary names both winners ("Bob/Cy win 5")."""
    three = [("Ann", 100), ("Bob", 100), ("Cy", 100)]
    events = [Deal(player="Bob", cards=tuple(cards("As Kd Qc Jh 9s"))),
              Deal(player="Cy", cards=tuple(cards("Ad Ks Qh Jc 9d"))),
              Bet(player="Bob", amount=1), Call(player="Cy"), Fold(player="Ann"),
              Draw(player="Bob", count=0), Draw(player="Cy", count=0), Check(player="Bob"), Check(player="Cy")]
    r = replay_hand(setup("straight_draw", seats=three), events)
    assert r.outcome.summary.startswith("Bob/Cy win 5")


def test_stud_short_ante_and_the_free_ride_cite_their_options():
    """stud.ante = ante: a player who cannot post his whole ante is noted under stud.ante; jackpots.6
    free ride: the false opener's antes for everybody are noted under jackpots.false_open_penalty."""
    three = [("Ann", 50), ("Bob", 1), ("Cy", 50)]
    r = replay_hand(setup("five_card_stud", {"stud.ante": "ante", "stud.ante_amount": 2}, seats=three), [])
    assert [(f.code, f.rule, f.player) for f in r.findings if f.code == "ante_short"] == [
        ("ante_short", "stud.ante", "Bob")]
    from referee.engine.games.jackpots import JackpotsCarry

    ride = replay_hand(setup("jackpots", {"jackpots.false_open_penalty": "ante_for_all_next_deal"},
                             carry_in=JackpotsCarry(pot=0, free_ride_payer="Bob")), [])
    assert [(f.code, f.rule) for f in ride.findings if f.code == "free_ride_antes"] == [
        ("free_ride_antes", "jackpots.false_open_penalty")]
