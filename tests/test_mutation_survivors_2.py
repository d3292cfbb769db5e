"""Tests for behaviour a second mutation run (bench/mutation.py --sample 200, seed 7) showed no test
noticed changing.

Each docstring names the rule and the situation; the mutant it kills is named by file and function.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from referee.cards import UNKNOWN, card, cards
from referee.engine.events import Bet, Call, Deal, Exchange, Fold, Knock, Look, Misdeal, Muck, Pass, See, Show, Stake, TakeWidow, TurnWidow, Void
from referee.engine.exchanges import ExchangeRound, ExchangeRuleIds, ExchangeRules
from referee.engine.outcome import Carry
from referee.engine.places import CardPlaces
from referee.engine.games.seven_card_brag import SevenCarry
from referee.engine.games.whiskey_poker import WhiskeyPoker
from referee.engine.replay import next_turn, replay_hand, start_hand
from referee.engine.state import HandSetup
from referee.engine.table import Table
from referee.errors import InputError
from referee.handfile import parse_night
from referee.handfile.replay import replay_night_file
from referee.rulebook import load_rulebook


def night(rulebook: str, body: str, *options: str, seats: str, dealer: str = "Ann"):
    text = (f"rulebook: {rulebook}\n" + "".join(f"option {o}\n" for o in options)
            + f"seats: {seats}\ndealer: {dealer}\n\n")
    return replay_night_file(parse_night(text + body))


def hand(rulebook: str, lines: str, *options: str, seats: str, dealer: str = "Ann"):
    (replayed,) = night(rulebook, "hand 1\n" + lines, *options, seats=seats, dealer=dealer)
    return replayed.replay


def codes(replay, kind: str | None = None) -> list[tuple[int | None, str, str | None, str | None]]:
    return [(f.action, f.code, f.player, f.rule) for f in replay.findings if kind is None or f.kind == kind]


def test_odd_chips_of_several_split_pots_are_all_carried():
    """common.showdown_tie = split: "Tied best hands share the pot equally; an odd chip that cannot be
    divided stays in the pot for the next deal".  Dee is all in for 1: the main pot of 8 is tied three
    ways (2 each, 2 left) and the side pot of 5 two ways (2 each, 1 left): 3 chips stay, not only the
    last pot's 1 (state.py award: the odd chips summed over the pots)."""
    r = hand("straight_draw", """Bob: bets 2
Cy: calls
Dee: all in
Ann: calls
Bob: stands pat
Cy: stands pat
Dee: stands pat
Ann: stands pat
Bob: bets 1
Cy: calls
Ann: folds
Bob: shows 9h 8c 7d 6s 5h
Cy: shows 9d 8h 7s 6c 5d
Dee: shows 9c 8d 7h 6d 5s
""", "common.showdown_tie = split", seats="Ann 100, Bob 100, Cy 100, Dee 1")
    o = r.outcome
    assert [(p.amount, p.left_over) for p in o.pots] == [(8, 2), (5, 1)]
    assert o.carried == 3


def test_a_see_of_the_wrong_player_is_a_see_of_the_other_one_left_under_brag_4_4():
    """brag.4.4 (a see needs two players left: the seer sees the other one): no antes, Bob and Cy stake 3,
    Ann drops; Bob "sees Ann for 6" -- Ann is out, so it is flagged under brag.4.4 and taken as a see of
    Cy, and the see goes on (staking.py _judge_see: see_wrong_target cites brag.4.4)."""
    r = hand("three_card_brag", """Bob: looks
Bob: stake 3
Cy: looks
Cy: stake 3
Ann: looks
Ann: folds
Bob: sees Ann for 6
Cy: shows Kh Kd 4c
Bob: shows Qs Jh Tc
""", "brag.ante = 0", seats="Ann 40, Bob 40, Cy 40")
    assert codes(r) == [(7, "see_wrong_target", "Bob", "brag.4.4")]
    (f,) = r.findings
    assert f.message == "Bob sees Ann, but the other player left is Cy" and f.remedy == "taken as a see of Cy"
    assert r.outcome.stacks == {"Ann": 40, "Bob": 43, "Cy": 37}


def test_an_equalising_call_by_a_player_who_cannot_raise_is_a_cover_under_brag_7_4():
    """brag.betting = poker_antistall, brag.7.4 (a): "with three or more players in, a player may not
    merely call if that makes the others' stakes equal; he must raise or drop" -- Ann has 2 left after
    her ante and puts in 2 to match Bob and Cy: she cannot raise by one, so it is flagged under brag.7.4
    and taken as covering the pot (brag.9.3); the showdown follows (staking.py _judge_stake: the cover
    branch of call_equalises_stakes)."""
    r = hand("three_card_brag", """Bob: looks
Bob: stake 2
Cy: looks
Cy: stake 2
Dee: looks
Dee: folds
Ann: looks
Ann: stake 2
Bob: shows Kc Kh 7d
Cy: shows Qc Qh 7s
Ann: shows Ks Qs 2s
""", "brag.betting = poker_antistall", seats="Ann 3, Bob 50, Cy 50, Dee 50")
    assert codes(r) == [(8, "call_equalises_stakes", "Ann", "brag.7.4")]
    assert r.findings[0].remedy == "he has only 2: taken as covering the pot"
    assert r.outcome.kind == "showdown" and r.outcome.stacks == {"Ann": 10, "Bob": 47, "Cy": 47, "Dee": 49}


def test_a_redeal_whose_antes_are_in_the_carried_pot_is_not_anted_again():
    """whiskey.1.1 "Each player antes one chip" -- but a redeal after a misdeal has its antes already in
    the pot (Carry.antes_in: "whether the next deal's antes are already among them").  A whiskey deal
    that starts from a base carry of 3 chips with the antes in (another game's misdeal, a night that
    changed games) keeps both the 3 chips and "antes in": nobody antes again (whiskey_poker.py
    WhiskeyCarry.adopt keeps antes_in)."""
    rb = load_rulebook("whiskey_poker")
    seats = [("Ann", 10), ("Bob", 10), ("Cy", 10)]
    redeal = start_hand(HandSetup(rb, seats, "Ann", carry_in=Carry(pot=3, antes_in=True)))
    assert redeal.carry_in.antes_in and redeal.stacks == [10, 10, 10] and redeal.dead == 3
    fresh = start_hand(HandSetup(rb, seats, "Ann", carry_in=Carry(pot=3)))
    assert fresh.stacks == [9, 9, 9]


def test_a_player_with_no_chips_is_not_in_the_whiskey_deal_and_his_actions_are_ignored():
    """whiskey.1.1 "Each player antes one chip ... and receives five cards": Bob antes his last chip in
    hand 1 and loses it; in hand 2 he has no chips and is not dealt in.  His pass is flagged once, under
    whiskey.1.1, naming him, and ignored; his second action is not flagged again (whiskey_poker.py
    not_in_deal and the gate of a player not dealt in)."""
    n = night("whiskey_poker", """hand 1
Ann wins

hand 2
Ann: passes
Bob: passes
Cy: passes
Bob: knocks
""", seats="Ann 5, Bob 1, Cy 5")
    assert n[0].replay.outcome.stacks["Bob"] == 0
    r = n[1].replay
    assert codes(r) == [(2, "acted_not_in_hand", "Bob", "whiskey.1.1")]
    (f,) = r.findings
    assert (f.message, f.remedy) == ("Bob has no chips and is not in this deal", "ignored")
    assert r.states[-1].to_act == "Ann"  # Bob's knock changed nothing: Ann's phase-one turn again


# ---------------------------------------------------------------------- the commerce turn cycle

ANN, BOB, CY, DEE = range(4)
IDS = ExchangeRuleIds("whiskey.2.1", "whiskey.3.1", "whiskey.4", "whiskey.2.1", "whiskey.3.2",
                      "whiskey.knock_with_exchange", "whiskey.3.1", "whiskey.phase1_knock")


def cycle(*, any_number: bool = False, turns_up: bool = True) -> ExchangeRound:
    """Four players clockwise Ann, Bob, Cy, Dee; Dee deals, Ann plays first (as tests/test_exchanges.py)."""
    table = Table(("Ann", "Bob", "Cy", "Dee"), "Dee", 1)
    rules = ExchangeRules("once_in_phase2", True, any_number, turns_up, 5, IDS)
    return ExchangeRound(rules, table, [True] * 4, table.after(table.dealer))


def one(player: str) -> Exchange:
    return Exchange(player, (card("7c"),), (card("Kd"),))


def play(rnd: ExchangeRound, seat: int | None, event: object) -> list:
    move = rnd.judge(seat, event)  # type: ignore[arg-type]
    rnd.commit(seat, move)
    return move.breaches


def test_the_choices_with_the_cards_filled_in_still_offer_the_knock():
    """whiskey.2.1 / whiskey.3.1: in either phase a player at his turn may knock.  The choices the prompt
    gives (the cycle's, with the known cards filled in) keep every right: Bob may still knock, and the
    Knock is among the legal events (exchanges.py ExchangeChoices.with_cards)."""
    rnd = cycle()
    play(rnd, ANN, TakeWidow("Ann"))
    bare = rnd.legal(BOB)
    choices = bare.with_cards((card("7c"),) * 1 + (UNKNOWN,) * 4, (card("Kd"),) + (UNKNOWN,) * 4)
    assert choices.may_knock is True and Knock("Bob") in choices.events("Bob")
    assert dataclasses.replace(choices, hand=(), widow=()) == bare
    assert "knock" in choices.describe(10)


def test_the_one_more_turn_after_a_knock_exchanges_any_number_only_under_any_number():
    """whiskey.4: "After a knock, every player after the knocker ... has exactly one more turn, in which he
    may exchange all five cards or one card with the widow"; under whiskey.phase2_exchange = any_number
    one for one, up to four.  Ann takes the widow, Bob knocks: Cy may exchange up to 4 (any_number) or 1
    (one_or_all), or all, or keep his hand -- not knock (exchanges.py legal, the last turns)."""
    for any_number, most in ((True, 4), (False, 1)):
        rnd = cycle(any_number=any_number)
        play(rnd, ANN, TakeWidow("Ann"))
        play(rnd, BOB, Knock("Bob"))
        cy = rnd.legal(CY)
        assert (cy.may_exchange, cy.may_exchange_all, cy.may_pass, cy.may_knock, cy.last_turn) == (
            most, True, True, False, True)


def test_two_cards_in_the_one_more_turn_are_refused_under_one_or_all_naming_the_count():
    """whiskey.3.1 / whiskey.phase2_exchange = one_or_all: "exchange either one card or all five cards";
    after Bob's knock Cy exchanges two cards in his one more turn: flagged under whiskey.3.1 with the
    count and the hand size, the cards moved as logged (exchanges.py _count_rule)."""
    rnd = cycle()
    play(rnd, ANN, TakeWidow("Ann"))
    play(rnd, BOB, Knock("Bob"))
    two = Exchange("Cy", (card("7c"), card("8c")), (card("Kd"), card("Qd")))
    (b,) = play(rnd, CY, two)
    assert (b.code, b.rule, b.message, b.remedy) == (
        "exchange_count_refused", "whiskey.3.1", "Cy exchanged 2 cards: one card or all 5", "the cards moved as logged")
    assert rnd.turn == DEE


def test_two_whiskey_players_who_throw_in_both_count_as_lowest_and_both_pay():
    """whiskey.5.2 / whiskey.scoring = no_ante_lowest_pays_N, whiskey.tie_lowest = all_tied_pay: a player
    who throws his hand in at the showdown concedes and counts as the lowest (COMMERCE-NOTES).  Cy and
    Ann both muck: whiskey has no tie-break among conceded hands, so both are lowest and each pays the 4
    to Dee's kings -- the deal is decided, not waiting for their cards (commerce_showdown.py lowest:
    conceded_tie_needs_cards defaults to False; only La Viuda's tie-break needs them)."""
    r = hand("whiskey_poker", """Bob: knocks
widow turned: Ac 9d 5h 4s 2c
Cy: exchanges 2d for 9d
Dee: passes
Ann: exchanges 3h for Ac
Bob: shows 7h 7d Ah 5s 3d
Cy: mucks
Dee: shows Kh Ks Kc Qd 2s
Ann: mucks
""", "whiskey.scoring = no_ante_lowest_pays_N", seats="Ann 20, Bob 20, Cy 20, Dee 20")
    o = r.outcome
    assert codes(r) == [] and o.kind == "showdown" and o.undecided == 0
    assert [(p.payer, p.payee, p.amount, p.rule) for p in o.penalties] == [
        ("Cy", "Dee", 4, "whiskey.5.2"), ("Ann", "Dee", 4, "whiskey.5.2")]
    assert o.stacks == {"Ann": 16, "Bob": 20, "Cy": 16, "Dee": 28}


def brag_seen(known: str | None):
    """No antes; Bob and Cy stake 3, Ann drops, Bob sees Cy for 6: Cy is to show (brag.7.2)."""
    rb = load_rulebook("three_card_brag").with_options({"brag.ante": 0})
    state = start_hand(HandSetup(rb, [("Ann", 40), ("Bob", 40), ("Cy", 40)], "Ann"))
    events = [Deal(player="Cy", cards=tuple(cards(known)))] if known else []
    events += [Look(player="Bob"), Stake(player="Bob", amount=3), Look(player="Cy"), Stake(player="Cy", amount=3),
               Look(player="Ann"), Fold(player="Ann"), See(player="Bob", amount=6)]
    for e in events:
        state.push(e)
    return state.prompt()


def test_the_brag_showdown_offers_the_known_hand_and_the_muck():
    """brag.7.2 "one puts in double the amount to see the other" and brag.9.4 "(and has not mucked, which
    concedes)": Bob sees Cy; Cy is to show.  The prompt offers his hand as the log knows it (all three
    cards dealt known: "show Kh Kd 4c") or, unknown, a bare show -- and always the muck (three_card_brag.py
    ShowChoices.describe / events and the showdown prompt)."""
    p = brag_seen("Kh Kd 4c")
    assert (p.phase, p.to_act, p.legal) == ("showdown", "Cy", ("show Kh Kd 4c", "muck"))
    assert p.options.events("Cy") == [Show(player="Cy", cards=tuple(cards("Kh Kd 4c"))), Muck(player="Cy")]
    p = brag_seen(None)
    assert p.legal == ("show", "muck") and p.options.cards is None
    assert p.options.events("Cy") == [Muck(player="Cy")]


def test_an_unseen_four_of_a_kind_declaration_leaves_the_pot_undecided():
    """brag7.7 / brag7.four_of_a_kind_wins = on: "wins the pot at once if he declares it immediately,
    before discarding" -- Cy declares four of a kind but the log does not show the cards: the pot of 3
    waits for the four cards, an undecided pot of the deal's three players (seven_card_brag.py
    end_declared)."""
    r = hand("seven_card_brag", "Bob: stake 1\nCy: stake 1\nAnn: stake 1\nCy: declares four of a kind\n",
             "brag7.four_of_a_kind_wins = on", seats="Ann 20, Bob 20, Cy 20")
    o = r.outcome
    assert [(f.code, f.player, f.rule, f.remedy) for f in r.findings] == [
        ("declaration_unverifiable", "Cy", "brag7.7", "the pot waits for the four cards")]
    (pot,) = o.pots
    assert (pot.amount, pot.eligible, pot.winners, pot.decided, pot.rule) == (3, ("Bob", "Cy", "Ann"), (), False, "brag7.7")
    assert (o.kind, o.undecided, o.carried, o.summary, o.decided) == ("showdown", 3, 0, "3 undecided", False)


def test_a_short_stake_by_a_player_who_has_no_more_is_a_cover_with_its_own_pot():
    """brag.9.3 (a player who cannot make the stake covers with what he has) under brag.7.2: Ann has 2
    after her ante and stakes 2 against Bob's and Cy's 3: flagged stake_short under brag.7.2 and taken as
    covering the pot; Bob and Cy play on, Cy sees Bob.  Ann's flush takes the main pot of 11, Bob's kings
    the side pot of 9 (staking.py _judge_stake: the cover of a short stake)."""
    r = hand("three_card_brag", """Bob: looks
Bob: stake 3
Cy: looks
Cy: stake 3
Ann: looks
Ann: stake 2
Bob: stake 3
Cy: sees Bob for 6
Bob: shows Kc Kh 7d
Cy: shows Qc Qh 7s
Ann: shows Ks Qs 2s
""", seats="Ann 3, Bob 50, Cy 50")
    assert codes(r) == [(6, "stake_short", "Ann", "brag.7.2")]
    assert r.findings[0].remedy == "he has only 2: taken as covering the pot"
    assert [(p.amount, p.winners) for p in r.outcome.pots] == [(11, ("Ann",)), (9, ("Bob",))]
    assert r.outcome.stacks == {"Ann": 11, "Bob": 52, "Cy": 40}
    # the table after each action counts the frozen main pot with the chips above it (state.py row)
    assert [(s.action, s.pot, s.to_act) for s in r.states[5:8]] == [(6, 11, "Bob"), (7, 14, "Cy"), (8, 20, "Bob")]


def test_a_blind_player_short_of_his_see_covers_under_the_systems_rule():
    """brag.8.1 / brag.7.2 / brag.9.3: Bob plays blind (2), Cy looks and stakes 4, Ann drops; Bob, still
    blind, has 1 left and "sees Cy for 4": flagged see_short under brag.7.2 (not brag.8.2: he is the
    blind one) and taken as covering the pot; his run beats Cy's kings for the 7 he could cover
    (staking.py _judge_see: the short rule of the seer)."""
    r = hand("three_card_brag", """Bob: blind 2
Cy: looks
Cy: stake 4
Ann: looks
Ann: folds
Bob: sees Cy for 4
Cy: shows Kh Kd 4c
Bob: shows Qs Jh Tc
""", "brag.ante = 0", seats="Ann 40, Bob 3, Cy 40")
    assert codes(r) == [(6, "see_short", "Bob", "brag.7.2")]
    assert (r.findings[0].message, r.findings[0].remedy) == ("Bob has 1, less than the 4 a see costs him",
                                                             "taken as covering the pot")
    assert r.outcome.stacks == {"Ann": 40, "Bob": 7, "Cy": 36}


# ---------------------------------------------------------------------- what the prompt offers


def test_a_raise_short_of_a_full_raise_is_offered_as_all_in_with_its_chips():
    """draw.betting = no_limit (table stakes): Bob bets 10, Cy calls; Dee, with 15, may call 10 or raise only all in, 5 more: the prompt says so, with the chips
    (betting.py LegalActions.describe)."""
    rb = load_rulebook("straight_draw").with_options({"draw.betting": "no_limit"})
    state = start_hand(HandSetup(rb, [("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 15)], "Ann"))
    state.push(Bet(player="Bob", amount=10))
    state.push(Call(player="Cy"))
    p = state.prompt()
    assert (p.to_act, p.legal) == ("Dee", ("fold", "call 10", "raise all in (5)"))


def test_a_one_chip_blind_stake_is_offered_as_one_amount():
    """brag.betting = round, brag.7.1: "at each turn a player puts in one chip or drops out"; blind
    (brag.8.1) Bob may drop, put in 1 blind, or look (three_card_brag staking StakeChoices.describe)."""
    rb = load_rulebook("three_card_brag").with_options({"brag.betting": "round"})
    state = start_hand(HandSetup(rb, [("Ann", 10), ("Bob", 10), ("Cy", 10)], "Ann"))
    assert state.prompt().legal == ("drop", "blind 1", "look (then stake as seen)")


def test_stop_the_bus_offers_an_exchange_for_the_dummy_as_the_log_knows_it():
    """stopbus.3: "In turn each player may exchange one card for one of the dummy's" -- the prompt names
    the dummy's cards (unknown here: ?? ?? ??) (stop_the_bus.py ExchangeChoices.describe)."""
    state = start_hand(HandSetup(load_rulebook("stop_the_bus"), [("Ann", 10), ("Bob", 10), ("Cy", 10)], "Ann"))
    assert state.prompt().legal == ("exchange a card for ?? ?? ??", "pass")


def test_phase_two_offers_exchanging_all_with_a_knock():
    """whiskey.3.1 / whiskey.3.3 "A knock may be made together with an exchange": with the widow face up
    the legal events include exchanging all five and knocking in the same turn (exchanges.py events)."""
    rnd = cycle()
    play(rnd, ANN, TakeWidow("Ann"))
    events = rnd.legal(BOB).with_cards((UNKNOWN,) * 5, (UNKNOWN,) * 5).events("Bob")
    every = (UNKNOWN,) * 5
    assert Exchange("Bob", every, every, knock=True) in events and Exchange("Bob", every, every) in events


def test_the_whiskey_showdown_prompt_names_the_hand_only_when_the_log_knows_all_of_it():
    """whiskey.4 / whiskey.6.4: after the last turns the hands are shown from the knocker on.  Bob knocked
    and his five cards are known: he is prompted first with his hand; Cy, of whom the log knows two
    cards, is prompted next without one (whiskey_poker.py prompt_outside_turns)."""
    setup = HandSetup(load_rulebook("whiskey_poker"), [("Ann", 10), ("Bob", 10), ("Cy", 10)], "Ann")
    bob = tuple(cards("Qs Qh 8c 8d 3s"))
    events = [Deal(player="Bob", cards=bob), Deal(player="Cy", cards=tuple(cards("2c 5d")) + (UNKNOWN,) * 3),
              Knock("Bob"), TurnWidow(tuple(cards("Jc Js 6d 6c 2h"))), Pass("Cy"), Pass("Ann")]
    p = next_turn(setup, events)
    assert (p.phase, p.to_act, p.legal, p.options.hand) == ("showdown", "Bob", ("show", "muck"), bob)
    p = next_turn(setup, [*events, Show("Bob", bob)])
    assert (p.phase, p.to_act, p.options.hand) == ("showdown", "Cy", None)


def test_a_stud_showdown_pot_cites_stud_6():
    """stud.6: "the best five-card hand wins": Ann's three nines take the pot from Cy's kings; the
    pot names the rule it was decided by (five_card_stud.py end: the showdown's rule)."""
    golden = Path(__file__).parent / "golden" / "five_card_stud" / "01_highest_upcard_leads_full_hand.txt"
    (replayed,) = replay_night_file(parse_night(golden.read_text()))
    (pot,) = replayed.replay.outcome.pots
    assert (pot.winners, pot.rule, pot.decided) == (("Ann",), "stud.6", True)


def test_tied_best_hands_that_collect_nothing_leave_the_pot_and_the_payment_on_the_table():
    """whiskey.tie_best = all_tied_collect_nothing: "If best hands tie, nobody collects: the pot stays for
    the next deal" (golden whiskey_poker/20).  Hand 1: Ann and Cy tie, the 4 antes stay, a pot decided
    under whiskey.tie_best; hand 3 (no_ante_lowest_pays_N): Dee and Ann tie, so Cy's payment of 4 goes
    "into the next deal's pot" -- not "into the pool", which is the elimination game's (whiskey_poker.py
    award_pots and summary)."""
    golden = Path(__file__).parent / "golden" / "whiskey_poker" / "20_tie_best_all_tied_collect_nothing.txt"
    n = replay_night_file(parse_night(golden.read_text()))
    (pot,) = n[0].replay.outcome.pots
    assert (pot.amount, pot.winners, pot.decided, pot.left_over, pot.rule) == (4, (), True, 4, "whiskey.tie_best")
    assert n[0].replay.outcome.summary == "4 stays on the table"
    assert n[2].replay.outcome.summary == "Cy pays 4 into the next deal's pot"


DRAW_ROUND1 = "Bob: checks\nCy: bets 1\nDee: calls\nAnn: calls\nBob: calls\n"
FOUR_SEATS = "Ann 100, Bob 100, Cy 100, Dee 100"


def test_a_checked_round_two_shows_down_from_its_first_player():
    """draw.showdown_first = last_bettor_or_first_to_act: "if nobody bet in that round, with the first
    player to act in it"; draw.round2_first = first_bettor_round1: Cy made the first bet, so he opens
    round two; all check -- the showdown begins with Cy, not the dealer's left (straight_draw.py
    start_showdown)."""
    r = hand("straight_draw", DRAW_ROUND1 + "Bob: draws 1\nCy: draws 1\nDee: draws 1\nAnn: draws 1\n"
             "Cy: checks\nDee: checks\nAnn: checks\nBob: checks\n",
             "draw.showdown_first = last_bettor_or_first_to_act", seats=FOUR_SEATS)
    assert r.outcome.showdown_order == ("Cy", "Dee", "Ann", "Bob")


def test_a_draw_out_of_turn_names_who_is_to_draw_and_what_became_of_it():
    """draw.7.1 (the draw goes clockwise from the dealer's left): Cy draws before Bob.  Flagged under
    draw.7.1 naming Bob; under common.illegal_fix = void_and_reprompt it is void and Bob is still to
    draw, otherwise the draw stands (straight_draw.py draw_breaches)."""
    lines = "Bob: bets 1\nCy: calls\nDee: calls\nAnn: calls\nCy: draws 1\n"
    for options, remedy in (((), "the draw stands"), (("common.illegal_fix = void_and_reprompt",), "void: Bob is to draw")):
        r = hand("straight_draw", lines, *options, seats=FOUR_SEATS)
        assert [(f.action, f.code, f.player, f.rule, f.message, f.remedy) for f in r.findings] == [
            (5, "drew_out_of_turn", "Cy", "draw.7.1", "Cy drew out of turn: Bob is to draw", remedy)]


def test_a_brag_redeal_with_the_antes_in_the_carried_pot_is_not_anted_again():
    """brag.ante (every player antes) -- but a redeal after a misdeal has its antes already in the pot
    (Carry.antes_in): a three-card brag deal starting from 3 chips with the antes in takes no ante; the
    same carry without antes_in does (three_card_brag.py begin)."""
    rb = load_rulebook("three_card_brag")
    seats = [("Ann", 10), ("Bob", 10), ("Cy", 10)]
    redeal = start_hand(HandSetup(rb, seats, "Ann", carry_in=Carry(pot=3, antes_in=True)))
    assert redeal.stacks == [10, 10, 10] and redeal.dead == 3
    fresh = start_hand(HandSetup(rb, seats, "Ann", carry_in=Carry(pot=3)))
    assert fresh.stacks == [9, 9, 9]


def test_a_bet_facing_a_bet_names_the_player_and_is_taken_as_put_in():
    """draw.6 (after a bet each player must call, raise or fold): Bob bets 1, Cy "bets 2" -- flagged
    bet_facing_bet naming Cy and the bet he faces; his 2 chips are taken as put in (betting.py judge)."""
    r = hand("straight_draw", "Bob: bets 1\nCy: bets 2\n", seats=FOUR_SEATS)
    (f,) = r.findings
    assert (f.code, f.player, f.message, f.remedy) == (
        "bet_facing_bet", "Cy", "Cy cannot bet: there is a bet of 1; Cy must call, raise or fold",
        "Cy's 2 chips taken as put in")


def test_exchanging_all_five_named_cards_gives_the_player_the_widow():
    """whiskey.4: after a knock each other player "may exchange all five cards ... with the widow": Cy
    names his five cards and the widow's five; he then holds the widow's cards and the widow his (no
    clash at the show), and Ann's kings take the 3 antes (whiskey_poker.py exchange_cards: a whole-hand
    exchange)."""
    r = hand("whiskey_poker", """Bob: knocks
widow turned: Ac 9d 5h 4s 2c
Cy: exchanges 2d 3d 7s 8h Jc for Ac 9d 5h 4s 2c
Ann: passes
Bob: shows 7h 7d Ah 5s 3h
Cy: shows Ac 9d 5h 4s 2c
Ann: shows Kh Ks Kc Qd 2s
""", seats="Ann 20, Bob 20, Cy 20")
    assert codes(r) == [] and r.outcome.kind == "showdown"
    assert r.outcome.stacks == {"Ann": 22, "Bob": 19, "Cy": 19}


def test_a_correction_voiding_a_later_action_is_refused_with_a_hint():
    """A correction ("void N") voids an action logged before it: action 2 voiding action 5 is refused,
    and the error says what a correction may void (state.py _void)."""
    state = start_hand(HandSetup(load_rulebook("straight_draw"), [("Ann", 100), ("Bob", 100), ("Cy", 100)], "Ann"))
    state.push(Bet(player="Bob", amount=1))
    with pytest.raises(InputError) as err:
        state.push(Void(action=5))
    assert "voids action 5, which is not an earlier action of this hand" in str(err.value)
    assert err.value.hint == "a correction voids an action logged before it"


def test_a_stud_misdeal_keeps_the_antes_in_the_pot_for_the_redeal():
    """stud.ante = ante ("Before the deal every player antes"); a misdeal: the same dealer deals again and
    the 3 antes stay in the pot as the redeal's antes -- the redeal takes none (five_card_stud.py
    carry_out of a misdeal)."""
    rb = load_rulebook("five_card_stud").with_options({"stud.ante": "ante"})
    seats = [("Ann", 20), ("Bob", 20), ("Cy", 20)]
    o = replay_hand(HandSetup(rb, seats, "Ann"), [Misdeal()]).outcome
    assert o.kind == "misdeal" and o.next_hand.same_dealer and o.next_hand.dealer == "Ann"
    assert (o.next_hand.carry.pot, o.next_hand.carry.antes_in) == (3, True)
    redeal = start_hand(HandSetup(rb, [("Ann", 19), ("Bob", 19), ("Cy", 19)], "Ann", carry_in=o.next_hand.carry))
    assert redeal.stacks == [19, 19, 19] and redeal.dead == 3


def test_a_seven_card_brag_hand_in_progress_keeps_the_count_of_carried_deals():
    """brag7 (a deal nobody wins carries its pot; the count of deals carried in a row goes on): a hand still
    in progress leaves the count as it came in, 2 (seven_card_brag.py carry_out)."""
    seats = [("Ann", 20), ("Bob", 20), ("Cy", 20)]
    setup = HandSetup(load_rulebook("seven_card_brag"), seats, "Ann", carry_in=SevenCarry(pot=3, deals_carried=2))
    o = replay_hand(setup, [Stake("Bob", 1)]).outcome
    assert o.kind == "in_progress" and o.next_hand.carry.deals_carried == 2


def test_an_opener_left_alone_without_showing_openers_leaves_the_pot_undecided_under_jackpots_4_1():
    """jackpots.4.1 (the opener must hold jacks or better and prove it) / jackpots.11.2: Bob opens, Cy and
    Ann fold; Bob is alone but has not shown his openers: flagged under jackpots.4.1 naming him, and the
    pot of 5 waits (jackpots.py end_uncontested)."""
    r = hand("jackpots", "Bob: bets 2\nCy: folds\nAnn: folds\n", seats="Ann 20, Bob 20, Cy 20")
    assert codes(r) == [(None, "openers_unverifiable", "Bob", "jackpots.4.1")]
    assert r.findings[0].message == ("Bob's openers were not shown: show the pair (or split-opener discards) "
                                     "Bob opened with")
    (pot,) = r.outcome.pots
    assert (pot.amount, pot.decided, pot.rule) == (5, False, "jackpots.11.2") and r.outcome.kind == "uncontested"


def test_openers_shown_that_are_not_the_cards_dealt_make_a_false_open():
    """jackpots.10 (a false open when everybody else dropped: the pot stays, the opener pays each other
    player, jackpots.6): Bob was dealt Qs Qd 9c 9h 2s, opens, Cy and Ann drop, and he "shows openers
    Jh Jd" -- not cards he was dealt: disproven, so a false open (jackpots.py table_proof)."""
    r = hand("jackpots", "Bob: dealt Qs Qd 9c 9h 2s\nBob: bets 2\nCy: folds\nAnn: folds\nBob: shows openers Jh Jd\n",
             seats="Ann 20, Bob 20, Cy 20")
    assert codes(r) == [(None, "false_open_all_dropped", "Bob", "jackpots.10")]
    assert "(the openers he showed (Jh Jd) are not the cards he was dealt (Qs Qd 9c 9h 2s))" in r.findings[0].message
    o = r.outcome
    assert o.kind == "false_open" and o.stacks == {"Ann": 18, "Bob": 16, "Cy": 21}
    assert [(p.payer, p.payee, p.amount) for p in o.penalties] == [("Bob", "Cy", 1), ("Bob", "Ann", 1)]


def test_a_shown_hand_takes_its_cards_out_of_the_place_the_log_had_them():
    """COMMERCE-NOTES (every card is in one place; a shown hand is what the player holds): the log has
    Bob with 7h 2c and the widow with 3d 4s; Bob shows 7h 3d 9s -- 3d leaves the widow (4s stays there),
    and 2c, which the log had wrongly for Bob, is returned and no longer placed (places.py replace)."""
    places = CardPlaces(2)
    places.add(0, tuple(cards("7h 2c")))
    places.add("widow", tuple(cards("3d 4s")))
    wrong = places.replace(0, tuple(cards("7h 3d 9s")))
    assert wrong == [card("2c")] and places.place_of(card("2c")) is None
    assert places.at(0) == tuple(cards("7h 3d 9s")) and places.at("widow") == (card("4s"),)
    assert places.place_of(card("3d")) == 0


def test_a_player_leaving_the_deal_at_his_turn_passes_the_turn_on():
    """whiskey.2.1 (turns go clockwise from the dealer's left): Ann, whose turn it is, leaves the deal --
    the turn goes to Bob, the next player still in (exchanges.py ExchangeRound.remove)."""
    rnd = cycle()
    assert rnd.turn == ANN
    rnd.remove(ANN)
    assert rnd.turn == BOB and ANN not in rnd.order


def test_a_lowest_line_the_shown_cards_contradict_is_flagged_while_two_mucked_hands_wait():
    """laviuda.4 / laviuda.8 (the worst hand pays; equally bad hands are told apart by their cards):
    Cy shows kings, Bob and Ann both muck, and the log says "Cy was lowest" -- the mucked hands are
    worse, so the line is flagged as contradicted by the cards; which of the two mucked hands pays needs
    their cards: nobody pays yet (commerce_showdown.py lowest: a conceded tie that needs the cards keeps
    the contradicted lines)."""
    n = night("la_viuda", """game so far: pool 3, fund 9

hand 1
Cy: knocks
widow turned: Td Js 8h 5c 2h
Bob: passes
Ann: passes
Cy: shows Kd Kc 9s 6c 3h
Bob: mucks
Ann: mucks
Cy was lowest
""", seats="Ann 5, Bob 5, Cy 5")
    r = n[0].replay
    assert codes(r) == [(None, "result_contradicts_cards", "Cy", "laviuda.4"),
                        (None, "showdown_unverifiable", "Bob", "laviuda.4"),
                        (None, "showdown_unverifiable", "Ann", "laviuda.4")]
    assert r.outcome.penalties == () and r.outcome.summary == "nobody pays"
    assert [(f.message, f.remedy) for f in r.findings[1:]] == [
        ("the deal cannot be settled: show Bob's hand", "nothing that needs his hand is decided"),
        ("the deal cannot be settled: show Ann's hand", "nothing that needs his hand is decided")]


def test_a_stake_judged_and_committed_in_one_step():
    """brag.7.2 (a player puts in at least the stake, or raises, or drops): the staking round's apply
    judges Bob's stake of 2 and commits it -- 2 chips out of his stack, Cy to act (staking.py
    StakingRound.apply)."""
    state = start_hand(HandSetup(load_rulebook("three_card_brag"), [("Ann", 10), ("Bob", 10), ("Cy", 10)], "Ann"))
    rnd = state.round
    assert rnd.turn == 1
    verdict = rnd.apply(1, Stake(player="Bob", amount=2))
    assert (verdict.kind, verdict.chips, verdict.breaches) == ("stake", 2, [])
    assert rnd.stacks[1] == 7 and rnd.turn == 2



def test_a_single_card_exchange_after_a_knock_with_the_widow_face_down_is_flagged():
    """whiskey.phase1_knock = allowed (the widow stays face down after a knock in phase one) and whiskey.4:
    in the one more turn a player "may exchange all five cards or one card with the widow" -- but with
    the widow still face down he may only take it whole or keep his hand: Ann knocks, Bob exchanges one
    card -- flagged under whiskey.phase1_knock, the cards moved as logged (exchanges.py _in_turn_rules)."""
    rnd = cycle(turns_up=False)
    play(rnd, ANN, Knock("Ann"))
    assert not rnd.widow_up and rnd.turn == BOB
    (b,) = play(rnd, BOB, one("Bob"))
    assert (b.code, b.rule, b.message, b.remedy) == (
        "exchange_widow_face_down", "whiskey.phase1_knock",
        "Bob exchanged single cards with the widow still face down: he may only take it whole or keep his hand",
        "its cards moved as logged")


def test_a_whiskey_dealer_left_unsaid_is_the_player_with_chips_before_the_first_to_act():
    """whiskey.2.1: "beginning with the player on the dealer's left, each player in turn may take the
    widow, pass, or knock"; under pool elimination a player who has lost all his chips is out and
    deals no more.  Cy acts first and Bob, just before him, has no chips: the dealer is Ann, the
    player with chips before Cy -- not Bob (whiskey_poker.py infer_dealer)."""
    seats = ("Ann", "Bob", "Cy", "Dee")
    stacks = {"Ann": 3, "Bob": 0, "Cy": 2, "Dee": 4}
    assert WhiskeyPoker.infer_dealer(seats, stacks, [Pass("Cy")]) == "Ann"
    assert WhiskeyPoker.infer_dealer(seats, {**stacks, "Bob": 1}, [Pass("Cy")]) == "Bob"
