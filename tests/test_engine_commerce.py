"""Whiskey poker and La Viuda rulings the golden files do not pin (COMMERCE-NOTES: "not golden-tested,
but pinned"), each test quoting the situation and the rule it covers."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from referee.cards import card
from referee.engine.events import BuyBack, DeclineBuyBack, Muck, Pass, Show, TakeWidow
from referee.engine.games.la_viuda import LaViudaCarry, wild_rank
from referee.engine.places import WIDOW
from referee.engine.replay import start_hand
from referee.engine.state import HandSetup
from referee.errors import HandFileError
from referee.handfile import parse_night
from referee.handfile.replay import ReplayedNight, replay_night_file
from referee.rulebook import load_rulebook
from referee.cards import UNKNOWN, cards
from referee.engine.events import Deal, Exchange, Knock, TurnWidow
from referee.engine.games.whiskey_poker import WhiskeyPoker
from referee.engine.outcome import Carry
from referee.engine.replay import play
from referee.engine.events import Misdeal

from helpers.engine import (ANN, BOB, CY, DEE, THREE_PLAYERS, dealt, exchange_cycle, finding_rows, game_setup,
                            one_card_exchange, play_turn, replay_table, replay_text_hand, replay_text_night)


def replay(text: str) -> ReplayedNight:
    return replay_night_file(parse_night(text), snapshots=True)


def codes(night: ReplayedNight, hand: int = 1) -> list[tuple[str, int | None, str | None, str | None]]:
    return [(f.code, f.action, f.player, f.rule) for f in night[hand - 1].replay.findings]


WHISKEY = "rulebook: whiskey_poker\n{options}seats: Ann 20, Bob 20, Cy 20\ndealer: Cy\n\nhand 1\n"
#: three players part-way through a game (so the stacks need not be the chips each bought)
VIUDA = "rulebook: la_viuda\n{options}seats: Ann {a}, Bob {b}, Cy {c}\ndealer: Ann\ngame so far: pool 3, fund 9\n\nhand 1\n"


def whiskey(body: str, options: str = "") -> ReplayedNight:
    return replay(WHISKEY.format(options=options) + body)


# ------------------------------------------------------------------ card identity


def test_exchanging_all_of_a_known_widow_gives_a_known_hand() -> None:
    """whiskey.3.1: "exchange all five of his cards for the widow"; COMMERCE-NOTES section 7: "a player who
    took all of a known widow holds known cards" -- so his giving a card he does not hold is caught."""
    night = whiskey(
        "Ann: passes\nBob: takes widow\nwidow turned: Ah Kd 7c 7s 2h\nCy: exchanges all\n"
        "Ann: exchanges 3d for ??\nBob: knocks\nCy: exchanges 9s for ??\n"
    )
    assert codes(night) == [("exchange_card_not_held", 7, "Cy", "whiskey.3.1")]


def test_a_show_naming_a_card_the_log_has_elsewhere_is_flagged_and_ranked_as_shown() -> None:
    """COMMERCE-NOTES section 7: "a show naming a card the log knows to be elsewhere ... is flagged the same
    way (whiskey.3.1), and the shown cards are the hand ranked"."""
    night = whiskey(
        "Ann: knocks\nwidow turned: Ah Kd 7c 7s 2h\nBob: passes\nCy: passes\n"
        "Ann: shows Ac Ad As Kc Ks\nBob: shows Ah 3c 4c 5c 6c\nCy: shows 9h 9d 8s 4h 2c\n"
    )
    assert codes(night) == [("shown_hand_contradicts_log", 6, "Bob", "whiskey.3.1")]
    assert night[0].replay.outcome.pots[0].winners == ("Ann",)


def test_every_card_stays_in_one_place_through_a_logged_deal() -> None:
    """Issue 9 item 2: the widow's cards are known to the replay at every moment after they are seen."""
    book = load_rulebook("whiskey_poker")
    state = start_hand(HandSetup(book, [("Ann", 20), ("Bob", 20), ("Cy", 20)], "Cy"))
    night = parse_night(WHISKEY.format(options="") + "Bob: dealt 2c 3c 4c 5c 7d\nAnn: passes\nBob: takes widow\n"
                        "widow turned: 2c 3c 4c 5c 7d\nCy: exchanges 9s for 7d\n")
    for event in night.hands[0].events:
        state.push(event)
    assert set(state.places.at(WIDOW)) == {card("2c"), card("3c"), card("4c"), card("5c"), card("9s")}
    assert state.places.place_of(card("7d")) == 2


def test_a_widow_turned_up_in_the_middle_of_phase_one_is_flagged() -> None:
    """whiskey.2.1: in the first phase each player in turn may take the widow, pass, or knock; it is turned up
    by a knock or by the dealer (whiskey.2.4, 2.5), not in the middle of the first round."""
    night = whiskey("Ann: passes\nwidow turned: Ah Kd 7c 7s 2h\nBob: knocks\nCy: passes\nAnn: passes\n")
    assert codes(night)[0] == ("widow_turned_out_of_turn", 2, None, "whiskey.2.1")


# ------------------------------------------------------------------ scoring


def test_when_every_hand_ties_nobody_is_lowest() -> None:
    """COMMERCE-NOTES section 9: "If every player ties, nobody is lowest: only the best-hand rule applies"
    (whiskey.5.2, no ante: nothing is paid)."""
    night = whiskey(
        "Ann: knocks\nwidow turned: 2c 3d 4h 6s 8c\nBob: passes\nCy: passes\n"
        "Ann: shows Ah Kh Qh Jh 9s\nBob: shows As Ks Qs Js 9d\nCy: shows Ad Kd Qd Jd 9c\n",
        "option whiskey.scoring = no_ante_lowest_pays_N\n",
    )
    outcome = night[0].replay.outcome
    assert outcome.penalties == () and set(outcome.stacks.values()) == {20}


def test_a_lowest_hand_short_of_chips_pays_what_it_has() -> None:
    """COMMERCE-NOTES section 9: "A lowest hand with fewer chips than he owes pays what he has"."""
    night = replay(
        "rulebook: whiskey_poker\noption whiskey.scoring = no_ante_lowest_pays_N\nseats: Ann 20, Bob 2, Cy 20\n"
        "dealer: Cy\n\nhand 1\nAnn: knocks\nwidow turned: 2c 3d 4h 6s 8c\nBob: passes\nCy: passes\n"
        "Ann: shows Ah Ad Ac Kh Ks\nBob: shows 7h 5s 3c 9d Td\nCy: shows Qd Qc Jd Jc 9c\n"
    )
    (penalty,) = night[0].replay.outcome.penalties
    assert (penalty.payer, penalty.payee, penalty.amount) == ("Bob", "Ann", 2)


def test_a_result_line_the_cards_contradict_is_flagged_and_the_cards_decide() -> None:
    """COMMERCE-NOTES section 8: "A result line contradicted by shown cards is flagged (whiskey.5.1) and the
    cards decide"."""
    night = whiskey(
        "Ann: knocks\nwidow turned: 2c 3d 4h 6s 8c\nBob: passes\nCy: passes\n"
        "Ann: shows Ah Ad Ac Kh Ks\nBob: shows 7h 5s 3c 9d Td\nCy: shows Qd Qc Jd Jc 9c\nBob wins\n"
    )
    assert ("result_contradicts_cards", None, "Bob", "whiskey.5.1") in codes(night)
    assert night[0].replay.outcome.pots[0].winners == ("Ann",) and night[0].replay.outcome.kind == "showdown"


def test_the_odd_chip_of_a_shared_payment_follows_common_showdown_tie() -> None:
    """whiskey.tie_best = split: "an odd chip is dealt with as common.showdown_tie says" -- here to the tied
    player nearest the dealer's left (three players: Cy pays 3 to Ann and Bob, 2 + 1)."""
    night = whiskey(
        "Ann: knocks\nwidow turned: 2c 3d 4h 6s 8c\nBob: passes\nCy: passes\n"
        "Ann: shows Ah Kh Qh Jh 9s\nBob: shows As Ks Qs Js 9d\nCy: shows 7d 5c 4c 3s 2d\n",
        "option whiskey.scoring = no_ante_lowest_pays_N\noption common.showdown_tie = odd_chip_left_of_dealer\n",
    )
    paid = {(p.payee, p.amount) for p in night[0].replay.outcome.penalties}
    assert paid == {("Ann", 2), ("Bob", 1)}


def test_a_deal_after_the_whisky_is_lost_is_flagged() -> None:
    """whiskey.scoring = lowest_pays_1_to_pool_elimination: "the first player to lose all his chips loses the
    game"; a deal logged after that is flagged at action 1 and nothing in it counts."""
    night = replay(
        "rulebook: whiskey_poker\noption whiskey.scoring = lowest_pays_1_to_pool_elimination\n"
        "seats: Ann 5, Bob 1, Cy 5\ndealer: Cy\n\nhand 1\nBob was lowest\n\nhand 2\nAnn was lowest\n"
    )
    assert night.result.facts["whisky_payer"] == "Bob"
    assert codes(night, 2) == [("deal_after_game_over", 1, None, "whiskey.scoring"),
                               ("action_after_hand", 1, "Ann", None)]
    assert night[1].replay.outcome.stacks == {"Ann": 5, "Bob": 0, "Cy": 5}


def test_a_betting_round_bet_over_the_limit_is_capped() -> None:
    """COMMERCE-NOTES section 10: "Limits as straight draw's after-draw defaults (bet or raise 1-5)"."""
    night = whiskey(
        "Ann: knocks\nwidow turned: 2c 3d 4h 6s 8c\nBob: passes\nCy: passes\nAnn: bets 9\nBob: folds\nCy: folds\n",
        "option whiskey.betting_round = one_before_showdown\n",
    )
    assert codes(night) == [("bet_over_limit", 5, "Ann", "whiskey.betting_round")]
    assert night[0].replay.outcome.kind == "uncontested" and night[0].replay.outcome.stacks["Ann"] == 22


# ------------------------------------------------------------------ La Viuda


def test_stacks_other_than_the_chips_bought_are_noted() -> None:
    """laviuda.1.1: "each buys the same number of chips" (laviuda.chips_each); the fund is what they paid."""
    night = replay("rulebook: la_viuda\nseats: Ann 3, Bob 2\ndealer: Ann\n\nhand 1\nBob was lowest\n")
    assert codes(night) == [("chips_bought_differ", None, None, "laviuda.1.1")]
    assert night.result.facts["prize_cents"] == 500


def test_illegal_fix_void_and_reprompt_voids_a_commerce_action() -> None:
    """common.illegal_fix = void_and_reprompt: "An illegal action is flagged and voided; the player must act
    again with a legal action" -- Bob's second pass is void and he is still to act."""
    night = whiskey("Ann: takes widow\nBob: passes\nCy: passes\nAnn: passes\nBob: passes\nBob: knocks\n",
                    "option common.illegal_fix = void_and_reprompt\n")
    (finding,) = [f for f in night[0].replay.findings if f.code == "pass_refused"]
    assert (finding.action, finding.remedy) == (5, "void: Bob is still to act")
    assert night[0].replay.states[-1].to_act == "Cy"  # Bob's knock stood: Cy has his one more turn


def test_which_rank_was_wild_and_could_she_still_buy_back_are_answered_from_the_record() -> None:
    """Issue 9 item 4: "which rank was wild in deal 7?" and "could she still buy back?" are answered by
    replaying the log (la_viuda golden 02 and 04)."""
    from pathlib import Path

    from referee.handfile import read_night

    golden = Path(__file__).parent / "golden" / "la_viuda"
    sequence = replay_night_file(read_night(golden / "02_wild_rank_sequence_15_deals.txt"))
    assert sequence[6].replay.outcome.facts["wild_rank_in_deal"] == "7"
    game = replay_night_file(read_night(golden / "04_complete_game_declined_buyback_passes_on.txt"))
    after = [h.replay.outcome.next_hand.carry for h in game]
    assert [c.buyback_open for c in after] == [True, True, True, True, False, False, False]  # type: ignore[attr-defined]
    assert after[1].out == ("Bob",) and after[4].bought_by == "Cy"  # type: ignore[attr-defined]


def test_the_wild_rank_from_the_pool_count() -> None:
    """laviuda.2.2: one chip aces, two twos, ..., thirteen kings, fourteen aces again, fifteen twos."""
    assert [wild_rank(n) for n in (1, 2, 10, 11, 12, 13, 14, 15, 27)] == [14, 2, 10, 11, 12, 13, 14, 2, 14]


def test_a_buy_back_before_the_deal_shows_who_lost_is_flagged() -> None:
    """laviuda.5.2: "only immediately after a player loses his original chips" -- before his loss is shown,
    it is not after it."""
    night = replay(VIUDA.format(options="", a=3, b=1, c=3) + "Bob: buys la viuda\nBob was lowest\n")
    assert codes(night) == [("buyback_not_immediate", 1, "Bob", "laviuda.5.2")]
    assert night[0].replay.outcome.next_hand.carry.out == ("Bob",)


def test_the_buy_back_prompt_offers_the_player_who_ran_out() -> None:
    """laviuda.5.1: a player who loses all his chips is out "unless he buys La Viuda".  Bob is lowest with his
    last chip: the prompt offers him the buy-back, showing the one chip he holds until the deal is settled
    and he pays it to the pool (laviuda.4)."""
    book = load_rulebook("la_viuda")
    state = start_hand(HandSetup(book, [("Ann", 3), ("Bob", 1), ("Cy", 3)], "Ann",
                                 carry_in=LaViudaCarry(started=True, pool=3, prize_cents=900)))
    night = parse_night(VIUDA.format(options="", a=3, b=1, c=3) + "Bob was lowest\n")
    state.push(night.hands[0].events[0])
    prompt = state.prompt()
    assert (prompt.phase, prompt.to_act, prompt.events()) == ("buyback", "Bob", [BuyBack("Bob"), DeclineBuyBack("Bob")])
    assert prompt.stack == 1
    state.push(DeclineBuyBack("Bob"))
    assert state.prompt().to_act is None
    carry = state.outcome().next_hand.carry
    assert isinstance(carry, LaViudaCarry) and carry.out == ("Bob",) and carry.buyback_open


def test_two_players_out_in_one_deal_the_first_in_play_order_may_buy() -> None:
    """COMMERCE-NOTES section 11: under laviuda.tie_lowest = all_tied_pay two players can run out in one deal;
    the first of them in play order (from the dealer's right) has the first option -- here Cy (Ann deals,
    Cy plays first) buys, and Bob, after him, is out."""
    night = replay(VIUDA.format(options="option laviuda.tie_lowest = all_tied_pay\n", a=3, b=1, c=1)
                   + "Bob was lowest\nCy was lowest\nCy: buys la viuda\nBob: buys la viuda\n")
    assert codes(night) == [("buyback_second", 4, "Bob", "laviuda.5.2")]
    carry = night[0].replay.outcome.next_hand.carry
    assert (carry.bought_by, carry.out, carry.pool) == ("Cy", ("Bob",), 4)  # type: ignore[attr-defined]


def test_equal_hands_all_round_mean_nobody_is_worst() -> None:
    """COMMERCE-NOTES section 9 and 11: "If every player ties, nobody is lowest" -- under all_tied_pay two
    players with equal hands both keep their last chip (so paying can never empty the table)."""
    night = replay(
        "rulebook: la_viuda\noption laviuda.tie_lowest = all_tied_pay\nseats: Bob 1, Cy 1\ndealer: Bob\n\nhand 1\n"
        "Cy: knocks\nwidow turned: Td Js 8h 5c 2h\nBob: passes\n"
        "Cy: shows Kd Kc 9s 6c 3h\nBob: shows Jk1 Kh 9d 6h 3d\n"
    )
    outcome = night[0].replay.outcome
    assert outcome.penalties == () and not outcome.next_hand.carry.game_over  # type: ignore[attr-defined]
    said = replay("rulebook: la_viuda\noption laviuda.tie_lowest = all_tied_pay\nseats: Bob 1, Cy 1\ndealer: Bob\n"
                  "game so far: pool 3\n\nhand 1\nBob was lowest\nCy was lowest\n")
    assert said[0].replay.outcome.penalties == ()


def test_a_result_line_naming_a_player_who_is_out_is_flagged_and_ignored() -> None:
    """COMMERCE-NOTES section 11: "A result line naming an out player is flagged and ignored"."""
    night = replay(VIUDA.format(options="", a=1, b=1, c=1)
                   + "Bob was lowest\n\nhand 2\nBob was lowest\nCy was lowest\n")
    assert codes(night, 2) == [("result_names_player_out", 1, "Bob", "laviuda.5.1")]
    assert [p.payer for p in night[1].replay.outcome.penalties] == ["Cy"]


def test_short_pack_beyond_seven_players_cannot_be_dealt() -> None:
    """COMMERCE-NOTES section 15: "laviuda.short_pack with more than seven players cannot be dealt (8 players +
    widow = 45 cards from a 44-card pack)": a misdeal."""
    names = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]
    text = ("rulebook: la_viuda\noption laviuda.short_pack = 5_ranks_per_2_players_plus_1_per_player\nseats: "
            + ", ".join(f"{n} 1" for n in names) + "\ndealer: Ann\n\nhand 1\nAnn wins\n")
    night = replay(text)
    assert night[0].replay.outcome.kind == "misdeal"
    assert codes(night)[0] == ("pack_too_small", None, None, "laviuda.short_pack")


def test_short_pack_players_level_at_the_target_play_on() -> None:
    """COMMERCE-NOTES section 12: "if several reach it together, play goes on until one leads alone"."""
    night = replay(
        "rulebook: la_viuda\noption laviuda.short_pack = 5_ranks_per_2_players_plus_1_per_player\n"
        "option laviuda.points_target = 1\nseats: Ann 1, Bob 1\ndealer: Ann\n\n"
        "hand 1\nAnn wins\nBob wins\n\nhand 2\nBob wins\n"
    )
    assert night[0].replay.outcome.next_hand.carry.game_over is False  # type: ignore[attr-defined]
    assert night.result.winner == "Bob" and night.result.facts["points"] == {"Ann": 1, "Bob": 2}


def test_a_muck_concedes_the_worst_hand_in_la_viuda() -> None:
    """COMMERCE-NOTES section 8: "`mucks` = concedes ... La Viuda: the same (he pays)"."""
    book = load_rulebook("la_viuda")
    state = start_hand(HandSetup(book, [("Ann", 3), ("Bob", 3)], "Ann"))
    for event in (Pass("Bob"), TakeWidow("Ann")):
        state.push(event)
    state.push(parse_night("rulebook: la_viuda\nseats: Ann 3, Bob 3\ndealer: Ann\n\nhand 1\nBob: knocks\n")
               .hands[0].events[0])
    state.push(Pass("Ann"))
    state.push(Show("Bob", tuple(card(c) for c in ("2c", "3d", "5h", "7s", "9c"))))
    state.push(Muck("Ann"))
    assert [p.payer for p in state.outcome().penalties] == ["Ann"]


# ------------------------------------------------------------------ the night


def test_the_dealer_is_worked_out_from_the_first_player() -> None:
    """Issue 9 item 6: "a dealer the log does not know need not be invented" -- La Viuda plays from the
    dealer's right, so Cy playing first means Ann dealt (seats clockwise Ann, Bob, Cy)."""
    night = replay(
        "rulebook: la_viuda\nseats: Ann 3, Bob 3, Cy 3\n\nhand 1\nBob was lowest\n\n"
        "hand 2\nCy: knocks\nwidow turned: 2c 3d 4h 6s 8c\nBob: passes\nAnn: passes\n"
    )
    first, second = night
    assert not first.replay.setup.dealer_known and second.replay.setup.dealer == "Ann"
    assert second.replay.illegal == ()  # the turns were in order (the hands were not shown)
    assert second.replay.outcome.next_hand.dealer == "Cy"


def test_a_game_that_needs_its_dealer_still_says_so() -> None:
    with pytest.raises(HandFileError, match="the night names no dealer"):
        parse_night("rulebook: jackpots\nseats: Ann 10, Bob 10\n\nhand 1\nAnn: folds\n")


def test_game_so_far_for_a_game_without_it_is_refused_at_its_line() -> None:
    with pytest.raises(HandFileError, match=r"<text>:4: .*whiskey.scoring = lowest_pays_1_to_pool_elimination"):
        parse_night("rulebook: whiskey_poker\nseats: Ann 10, Bob 10\ndealer: Ann\ngame so far: pool 3\n\n"
                    "hand 1\nAnn wins\n")


def test_a_whiskey_pool_elimination_night_can_start_mid_game() -> None:
    night = replay("rulebook: whiskey_poker\noption whiskey.scoring = lowest_pays_1_to_pool_elimination\n"
                   "seats: Ann 3, Bob 4\ndealer: Ann\ngame so far: pool 3\n\nhand 1\nAnn was lowest\n")
    assert night[0].replay.outcome.next_hand.carry.pool == 4  # type: ignore[attr-defined]


def test_a_redeal_whose_antes_are_in_the_carried_pot_is_not_anted_again():
    """whiskey.1.1 "Each player antes one chip" -- but a redeal after a misdeal has its antes already in
    the pot (Carry.antes_in: "whether the next deal's antes are already among them").  A whiskey deal
    that starts from a base carry of 3 chips with the antes in (another game's misdeal, a night that
    changed games) keeps both the 3 chips and "antes in": nobody antes again (whiskey_poker.py
    WhiskeyCarry.adopt keeps antes_in)."""
    rb = load_rulebook("whiskey_poker")
    seats = [("Ann", 10), ("Bob", 10), ("Cy", 10)]
    redeal = start_hand(HandSetup(rb, seats, "Ann", carry_in=Carry(pot=3, antes_in=True)))
    assert redeal.carry_in.antes_in and redeal.stacks == [10, 10, 10] and redeal.pot.dead == 3
    fresh = start_hand(HandSetup(rb, seats, "Ann", carry_in=Carry(pot=3)))
    assert fresh.stacks == [9, 9, 9]


def test_a_player_with_no_chips_is_not_in_the_whiskey_deal_and_his_actions_are_ignored():
    """whiskey.1.1 "Each player antes one chip ... and receives five cards": Bob antes his last chip in
    hand 1 and loses it; in hand 2 he has no chips and is not dealt in.  His pass is flagged once, under
    whiskey.1.1, naming him, and ignored; his second action is not flagged again (whiskey_poker.py
    not_in_deal and the gate of a player not dealt in)."""
    n = replay_text_night("whiskey_poker", """hand 1
Ann wins

hand 2
Ann: passes
Bob: passes
Cy: passes
Bob: knocks
""", seats="Ann 5, Bob 1, Cy 5")
    assert n[0].replay.outcome.stacks["Bob"] == 0
    r = n[1].replay
    assert finding_rows(r) == [(2, "acted_not_in_hand", "Bob", "whiskey.1.1")]
    (f,) = r.findings
    assert (f.message, f.remedy) == ("Bob has no chips and is not in this deal", "ignored")
    assert r.states[-1].to_act == "Ann"  # Bob's knock changed nothing: Ann's phase-one turn again


def test_the_choices_with_the_cards_filled_in_still_offer_the_knock():
    """whiskey.2.1 / whiskey.3.1: in either phase a player at his turn may knock.  The choices the prompt
    gives (the cycle's, with the known cards filled in) keep every right: Bob may still knock, and the
    Knock is among the legal events (exchanges.py ExchangeChoices.with_cards)."""
    rnd = exchange_cycle()
    play_turn(rnd, ANN, TakeWidow("Ann"))
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
        rnd = exchange_cycle(any_number=any_number)
        play_turn(rnd, ANN, TakeWidow("Ann"))
        play_turn(rnd, BOB, Knock("Bob"))
        cy = rnd.legal(CY)
        assert (cy.may_exchange, cy.may_exchange_all, cy.may_pass, cy.may_knock, cy.last_turn) == (
            most, True, True, False, True)


def test_two_cards_in_the_one_more_turn_are_refused_under_one_or_all_naming_the_count():
    """whiskey.3.1 / whiskey.phase2_exchange = one_or_all: "exchange either one card or all five cards";
    after Bob's knock Cy exchanges two cards in his one more turn: flagged under whiskey.3.1 with the
    count and the hand size, the cards moved as logged (exchanges.py _count_rule)."""
    rnd = exchange_cycle()
    play_turn(rnd, ANN, TakeWidow("Ann"))
    play_turn(rnd, BOB, Knock("Bob"))
    two = Exchange("Cy", (card("7c"), card("8c")), (card("Kd"), card("Qd")))
    (b,) = play_turn(rnd, CY, two)
    assert (b.code, b.rule, b.message, b.remedy) == (
        "exchange_count_refused", "whiskey.3.1", "Cy exchanged 2 cards: one card or all 5", "the cards moved as logged")
    assert rnd.turn == DEE


def test_two_whiskey_players_who_throw_in_both_count_as_lowest_and_both_pay():
    """whiskey.5.2 / whiskey.scoring = no_ante_lowest_pays_N, whiskey.tie_lowest = all_tied_pay: a player
    who throws his hand in at the showdown concedes and counts as the lowest (COMMERCE-NOTES).  Cy and
    Ann both muck: whiskey has no tie-break among conceded hands, so both are lowest and each pays the 4
    to Dee's kings -- the deal is decided, not waiting for their cards (commerce_showdown.py lowest:
    conceded_tie_needs_cards defaults to False; only La Viuda's tie-break needs them)."""
    r = replay_text_hand("whiskey_poker", """Bob: knocks
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
    assert finding_rows(r) == [] and o.kind == "showdown" and o.undecided == 0
    assert [(p.payer, p.payee, p.amount, p.rule) for p in o.penalties] == [
        ("Cy", "Dee", 4, "whiskey.5.2"), ("Ann", "Dee", 4, "whiskey.5.2")]
    assert o.stacks == {"Ann": 16, "Bob": 20, "Cy": 16, "Dee": 28}


def test_phase_two_offers_exchanging_all_with_a_knock():
    """whiskey.3.1 / whiskey.3.3 "A knock may be made together with an exchange": with the widow face up
    the legal events include exchanging all five and knocking in the same turn (exchanges.py events)."""
    rnd = exchange_cycle()
    play_turn(rnd, ANN, TakeWidow("Ann"))
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
    p = play(setup, events).prompt()
    assert (p.phase, p.to_act, p.legal, p.options.hand) == ("showdown", "Bob", ("show", "muck"), bob)
    p = play(setup, [*events, Show("Bob", bob)]).prompt()
    assert (p.phase, p.to_act, p.options.hand) == ("showdown", "Cy", None)


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


def test_exchanging_all_five_named_cards_gives_the_player_the_widow():
    """whiskey.4: after a knock each other player "may exchange all five cards ... with the widow": Cy
    names his five cards and the widow's five; he then holds the widow's cards and the widow his (no
    clash at the show), and Ann's kings take the 3 antes (whiskey_poker.py exchange_cards: a whole-hand
    exchange)."""
    r = replay_text_hand("whiskey_poker", """Bob: knocks
widow turned: Ac 9d 5h 4s 2c
Cy: exchanges 2d 3d 7s 8h Jc for Ac 9d 5h 4s 2c
Ann: passes
Bob: shows 7h 7d Ah 5s 3h
Cy: shows Ac 9d 5h 4s 2c
Ann: shows Kh Ks Kc Qd 2s
""", seats="Ann 20, Bob 20, Cy 20")
    assert finding_rows(r) == [] and r.outcome.kind == "showdown"
    assert r.outcome.stacks == {"Ann": 22, "Bob": 19, "Cy": 19}


def test_a_player_leaving_the_deal_at_his_turn_passes_the_turn_on():
    """whiskey.2.1 (turns go clockwise from the dealer's left): Ann, whose turn it is, leaves the deal --
    the turn goes to Bob, the next player still in (exchanges.py ExchangeRound.remove)."""
    rnd = exchange_cycle()
    assert rnd.turn == ANN
    rnd.remove(ANN)
    assert rnd.turn == BOB and ANN not in rnd.order


def test_a_lowest_line_the_shown_cards_contradict_is_flagged_while_two_mucked_hands_wait():
    """laviuda.4 / laviuda.8 (the worst hand pays; equally bad hands are told apart by their cards):
    Cy shows kings, Bob and Ann both muck, and the log says "Cy was lowest" -- the mucked hands are
    worse, so the line is flagged as contradicted by the cards; which of the two mucked hands pays needs
    their cards: nobody pays yet (commerce_showdown.py lowest: a conceded tie that needs the cards keeps
    the contradicted lines)."""
    n = replay_text_night("la_viuda", """game so far: pool 3, fund 9

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
    assert finding_rows(r) == [(None, "result_contradicts_cards", "Cy", "laviuda.4"),
                        (None, "showdown_unverifiable", "Bob", "laviuda.4"),
                        (None, "showdown_unverifiable", "Ann", "laviuda.4")]
    assert r.outcome.penalties == () and r.outcome.summary == "nobody pays"
    assert [(f.message, f.remedy) for f in r.findings[1:]] == [
        ("the deal cannot be settled: show Bob's hand", "nothing that needs his hand is decided"),
        ("the deal cannot be settled: show Ann's hand", "nothing that needs his hand is decided")]


def test_a_single_card_exchange_after_a_knock_with_the_widow_face_down_is_flagged():
    """whiskey.phase1_knock = allowed (the widow stays face down after a knock in phase one) and whiskey.4:
    in the one more turn a player "may exchange all five cards or one card with the widow" -- but with
    the widow still face down he may only take it whole or keep his hand: Ann knocks, Bob exchanges one
    card -- flagged under whiskey.phase1_knock, the cards moved as logged (exchanges.py _in_turn_rules)."""
    rnd = exchange_cycle(turns_up=False)
    play_turn(rnd, ANN, Knock("Ann"))
    assert not rnd.widow_up and rnd.turn == BOB
    (b,) = play_turn(rnd, BOB, one_card_exchange("Bob"))
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


def test_the_exchange_cycle_offers_each_phase_its_own_choices_in_the_table_s_words():
    """whiskey.2.1 "First phase, widow face down: ... each player in turn may take the widow, pass, or
    knock"; whiskey.3.1 "Second phase, widow face up: ... exchange all five ..., exchange one ..., pass,
    or knock" (with whiskey.3.3, exchange and knock together); whiskey.4 "every player after the knocker
    ... has exactly one more turn, in which he may exchange all five cards or one card ..., or keep his
    hand".  The prompt's words for each phase say exactly that."""
    rnd = exchange_cycle()
    assert rnd.legal(ANN).describe(10) == ["take the widow", "pass", "knock"]
    play_turn(rnd, ANN, TakeWidow("Ann"))
    assert rnd.legal(BOB).describe(10) == ["exchange one card", "exchange all", "pass", "knock", "exchange and knock"]
    play_turn(rnd, BOB, Knock("Bob"))
    assert rnd.legal(CY).describe(10) == ["exchange one card", "exchange all", "keep his hand"]
    # whiskey.phase2_exchange = any_number: up to four cards one for one
    rnd = exchange_cycle(any_number=True)
    play_turn(rnd, ANN, TakeWidow("Ann"))
    assert rnd.legal(BOB).describe(10)[0] == "exchange 1–4 cards"


def test_an_exchange_and_knock_with_the_widow_face_down_under_knock_with_exchange_forbidden():
    """whiskey.knock_with_exchange = forbidden: "A player may not exchange and knock in the same turn";
    whiskey.2.1: with the widow face down he may only take it, pass or knock.  Bob, first to act,
    exchanges one card and knocks: both breaches are flagged, each under its rule, and both stand (the
    widow is up and the last turns begin with Cy)."""
    r = replay_text_hand("whiskey_poker", "Bob: exchanges 2d for 9d and knocks\n",
                         "whiskey.knock_with_exchange = forbidden", seats="Ann 20, Bob 20, Cy 20")
    assert [(f.code, f.rule, f.message, f.remedy) for f in r.findings] == [
        ("exchange_widow_face_down", "whiskey.2.1",
         "Bob exchanged single cards with the widow face down: he may take it, pass or knock", "its cards moved as logged"),
        ("knock_with_exchange_forbidden", "whiskey.knock_with_exchange", "Bob exchanged and knocked in one turn",
         "both stand")]
    assert (r.states[-1].phase, r.states[-1].to_act) == ("last_turns", "Cy")
    # the same in phase two (the widow up after Bob took it)
    r = replay_text_hand("whiskey_poker", "Bob: takes the widow\nCy: exchanges 2d for 9d and knocks\n",
                         "whiskey.knock_with_exchange = forbidden", seats="Ann 20, Bob 20, Cy 20")
    assert [(f.code, f.rule, f.remedy) for f in r.findings] == [
        ("knock_with_exchange_forbidden", "whiskey.knock_with_exchange", "both stand as the table played them")]


def test_a_pool_elimination_game_is_under_way_from_its_first_deal_even_a_misdealt_one():
    """whiskey.scoring = lowest_pays_1_to_pool_elimination (seed-004: the pool game runs until a player
    has lost all his chips): the game starts with its first deal, so the carry that deal leaves says the
    game is under way -- after a misdeal and after a deal still in progress alike (whiskey_poker.py
    start_game; the ledger reads ``started`` to count the pool as the night's money)."""
    setup = game_setup("whiskey_poker", {"whiskey.scoring": "lowest_pays_1_to_pool_elimination"}, seats=THREE_PLAYERS)
    for events in ([Misdeal()], [Pass("Bob")]):
        carry = replay_table(setup, events).outcome.next_hand.carry
        assert (carry.started, carry.pool, carry.game_over) == (True, 0, False)


def test_the_whiskey_prompt_names_the_cards_of_the_player_to_act():
    """whiskey.2.1: Bob, on the dealer's left, is first to take the widow, pass or knock; the log knows
    his five cards, so the prompt's choices carry them (and the widow, still unseen)."""
    p = play(game_setup("whiskey_poker", seats=THREE_PLAYERS), [dealt("Bob", "Qs Qh 8c 8d 3s")]).prompt()
    assert (p.to_act, p.legal) == ("Bob", ("take the widow", "pass", "knock"))
    assert p.options.hand == tuple(cards("Qs Qh 8c 8d 3s")) and p.options.widow == (UNKNOWN,) * 5


def test_a_card_taken_that_the_face_up_widow_does_not_hold_is_flagged_naming_the_player():
    """whiskey.3.1 "exchange one of his cards for one widow card": the widow lies face up (Ac 9d 5h 4s 2c)
    and Cy "exchanges 2d for 9h" -- the widow has no 9h: flagged under whiskey.3.1 naming Cy, the
    exchange stands as logged.  Nobody has shown, so the deal waits for every hand (whiskey.5.1), a
    note about the deal rather than about one action."""
    r = replay_text_hand("whiskey_poker", "Bob: knocks\nwidow turned: Ac 9d 5h 4s 2c\nCy: exchanges 2d for 9h\n"
                         "Ann: passes\n", seats="Ann 20, Bob 20, Cy 20")
    assert [(f.action, f.code, f.player, f.rule, f.message) for f in r.findings][0] == (
        3, "exchange_card_not_in_widow", "Cy", "whiskey.3.1", "Cy takes 9h, which the widow does not hold")
    assert [(f.action, f.code, f.player, f.rule, f.remedy) for f in r.findings[1:]] == [
        (None, "showdown_unverifiable", n, "whiskey.5.1", "nothing that needs his hand is decided")
        for n in ("Bob", "Cy", "Ann")]


def test_tied_best_whiskey_hands_share_the_antes_and_the_odd_chip_stays():
    """whiskey.tie_best = split: "Tied best hands share the winnings ... equally; an odd chip is dealt
    with as common.showdown_tie says (by default it stays in the pot for the next deal)" -- Bob's and
    Cy's sevens (ace, five, three) tie: 1 chip each of the 3 antes, 1 stays; the summary says they win."""
    r = replay_text_hand("whiskey_poker", "Bob: knocks\nwidow turned: Ac 9d 5h 4s 2c\nCy: passes\nAnn: passes\n"
                         "Bob: shows 7h 7d Ah 5s 3d\nCy: shows 7s 7c Ad 5d 3h\nAnn: shows Kh Qd 8c 6s 2h\n",
                         "whiskey.tie_best = split", seats="Ann 20, Bob 20, Cy 20")
    assert not r.findings
    assert r.outcome.summary == "Bob/Cy win 3 with pair of sevens"
    assert r.outcome.stacks == {"Ann": 19, "Bob": 20, "Cy": 20} and r.outcome.carried == 1


def test_a_la_viuda_deal_after_the_game_is_over_counts_for_nothing_under_laviuda_7():
    """laviuda.7: "The game ends when all players but one have lost all their chips; the survivor
    collects all the money" -- a deal logged after Ann has won is flagged under laviuda.7 and nothing in
    it counts."""
    over = LaViudaCarry(started=True, pool=3, game_over=True, winner="Ann")
    r = replay_table(game_setup("la_viuda", seats=THREE_PLAYERS, carry_in=over), [])
    assert (r.outcome.kind, r.outcome.summary) == ("game_over", "the game was already over")
    assert [(f.action, f.code, f.rule, f.remedy) for f in r.findings] == [
        (1, "deal_after_game_over", "laviuda.7", "nothing in it counts")]


def test_a_short_pack_la_viuda_game_keeps_its_points_and_winner_between_deals():
    """laviuda.short_pack (the short-pack game is played to a target of points): what a deal carries to
    the next, as saved, holds the points, whether the game is over and who won it."""
    carry = LaViudaCarry(short_pack=True, points=(("Ann", 3),), game_over=True, winner="Ann")
    assert carry.to_dict() == {"pot": 0, "antes_in": False, "points": {"Ann": 3}, "game_over": True, "winner": "Ann"}


def test_a_night_without_a_la_viuda_game_state_has_no_winner():
    """laviuda.7 (the survivor collects the fund): a night whose last carry holds no La Viuda game has no
    winner, and every fact about the game is empty."""
    from referee.engine.games.la_viuda import LaViuda

    assert LaViuda.night_result(Carry(), {"Ann": 5}) == (None, {
        "game_over": False, "whisky_payer": None, "prize_cents": None, "paid_cents": None, "points": None})


def test_points_in_a_la_viuda_game_so_far_are_refused_with_the_line_it_takes():
    """laviuda.short_pack: points are the short-pack game's; La Viuda's game so far is its pool, fund and
    whether La Viuda was bought -- a ``game so far:`` with points is refused, showing the line to write."""
    with pytest.raises(HandFileError) as err:
        replay_text_night("la_viuda", "game so far: points Ann 2 Bob 1\n\nhand 1\nAnn wins\n", seats="Ann 5, Bob 5, Cy 5")
    assert "'game so far:' gives points, which La Viuda does not keep (short pack only)" in str(err.value)
    assert err.value.hint == "La Viuda's game so far: 'game so far: pool 7, fund 14, la viuda not bought'"


@pytest.mark.parametrize(("fix", "remedy", "to_act", "cy"), [
    ("adjust_to_nearest_legal", "taken as a call of 2", "Ann", 17),
    ("void_and_reprompt", "void: Cy must act again; legal: fold, call 2, raise 1–5", "Cy", 19),
])
def test_a_check_facing_a_bet_in_the_whiskey_betting_round_follows_the_illegal_fix(fix, remedy, to_act, cy):
    """whiskey.betting_round = one_before_showdown: "one betting round, as in straight draw" (after a bet
    nobody may check); whiskey has no option of its own for a check facing a bet, so common.illegal_fix
    decides: adjusted, Cy's check is a call of 2; void_and_reprompt, it is void and Cy acts again."""
    r = replay_text_hand("whiskey_poker", "Bob: knocks\nwidow turned: Ac 9d 5h 4s 2c\nCy: passes\nAnn: passes\n"
                         "Bob: bets 2\nCy: checks\n", "whiskey.betting_round = one_before_showdown",
                         f"common.illegal_fix = {fix}", seats="Ann 20, Bob 20, Cy 20")
    assert [(f.action, f.code, f.rule, f.remedy) for f in r.findings] == [
        (6, "check_facing_bet", "whiskey.betting_round", remedy)]
    assert r.states[-1].to_act == to_act and r.states[-1].stacks[2] == cy


def test_the_best_whiskey_hand_takes_the_antes_and_the_summary_names_it():
    """whiskey.5.1: "At the showdown hands rank by the standard poker ranking; the best hand takes the
    antes" -- Bob's sevens beat Cy's sixes and Ann's king high: Bob takes the 3 antes."""
    r = replay_text_hand("whiskey_poker", "Bob: knocks\nwidow turned: Ac 9d 5h 4s 2c\nCy: passes\nAnn: passes\n"
                         "Bob: shows 7h 7d Ah 5s 3d\nCy: shows 6s 6c Ad 5d 3h\nAnn: shows Kh Qd 8c 6h 2h\n",
                         seats="Ann 20, Bob 20, Cy 20")
    assert not r.findings and r.outcome.stacks == {"Ann": 19, "Bob": 22, "Cy": 19}
    assert r.outcome.summary == "Bob wins 3 with pair of sevens"


def test_a_whiskey_elimination_carry_is_saved_with_its_pool_and_players_out():
    """whiskey.scoring = lowest_pays_1_to_pool_elimination (seed-004): what a deal carries to the next,
    as saved: the chips on the table, whether the next deal's antes are in, the pool, who is out, whether
    the game is over and who pays for the whisky."""
    from referee.engine.games.whiskey_poker import WhiskeyCarry

    assert WhiskeyCarry(pot=2, antes_in=True, started=True, pool=3, out=("Cy",)).to_dict() == {
        "pot": 2, "antes_in": True, "pool": 3, "out": ["Cy"], "game_over": False, "whisky_payer": None}


def test_a_player_who_acts_again_after_his_one_more_turn_is_flagged_and_the_turn_stays():
    """whiskey.4: after a knock "every player after the knocker ... has exactly one more turn" -- Cy kept
    his hand in his; his exchange after it is flagged under whiskey.4 (Ann is to act), the cards move as
    logged and nobody's turn is used up."""
    r = replay_text_hand("whiskey_poker", "Bob: knocks\nwidow turned: Ac 9d 5h 4s 2c\nCy: passes\nCy: exchanges 2d for 9d\n",
                         seats="Ann 20, Bob 20, Cy 20")
    assert [(f.action, f.code, f.rule, f.message, f.remedy) for f in r.findings] == [
        (4, "acted_after_last_turn", "whiskey.4", "Cy has had his one more turn: Ann is to act",
         "its cards moved as logged; it uses up nobody's turn")]
    assert r.states[-1].to_act == "Ann"


def test_an_exchange_giving_a_card_the_widow_holds_makes_the_log_distrust_both():
    """whiskey.2.1 / seed-000: "if he takes the widow ... his cards, face up, become the widow": Bob's 2d
    3d 7s 8h Jc are the widow.  Cy then "exchanges 2d for 9d": the widow has no 9d, and the 2d he gives
    is the widow's -- both flagged under whiskey.3.1; the exchange stands as logged, and the log no
    longer trusts Cy's hand or the widow."""
    r = replay_text_hand("whiskey_poker", "Bob: dealt 2d 3d 7s 8h Jc\nBob: takes the widow\nwidow turned: 2d 3d 7s 8h Jc\n"
                         "Cy: exchanges 2d for 9d\n", seats="Ann 20, Bob 20, Cy 20")
    assert [(f.action, f.code, f.rule, f.message) for f in r.findings] == [
        (4, "exchange_card_not_in_widow", "whiskey.3.1", "Cy takes 9d, which the widow does not hold"),
        (4, "exchange_card_not_held", "whiskey.3.1", "Cy gives 2d, which the log has in the widow")]
    assert r.findings[1].remedy == "the exchange stands as logged; the log no longer trusts his hand or the widow"


def test_a_whiskey_misdeal_leaves_the_antes_for_the_redeal():
    """A misdeal is a fault of the deal, whose rule is whiskey.1.2 ("The dealer also deals a five-card spare
    hand, the widow, ..."): the same dealer deals again, nobody pays, and the 3 antes (whiskey.1.1) stay
    in the pot for the redeal -- a pot of 3 left over, cited under whiskey.1.2."""
    r = replay_table(game_setup("whiskey_poker", seats=THREE_PLAYERS), [Misdeal()])
    assert (r.outcome.kind, r.outcome.summary) == ("misdeal", "misdeal: Ann deals again")
    assert [(p.amount, p.winners, p.left_over, p.rule) for p in r.outcome.pots] == [(3, (), 3, "whiskey.1.2")]


def test_a_short_pack_game_so_far_gives_each_player_his_points():
    """laviuda.short_pack = 5_ranks_per_2_players_plus_1_per_player: "The winner of each hand scores one
    point; the first to reach the agreed target wins" -- the night starts from ``game so far: points
    Ann 2 Bob 1`` (Cy, unnamed, has none); Ann wins the deal: Ann 3, Bob 1, Cy 0, carried as a
    short-pack game."""
    (replayed,) = replay_text_night("la_viuda", "game so far: points Ann 2 Bob 1\n\nhand 1\nAnn wins\n",
                                    "laviuda.short_pack = 5_ranks_per_2_players_plus_1_per_player",
                                    seats="Ann 5, Bob 5, Cy 5")
    carry = replayed.replay.outcome.next_hand.carry
    assert carry.short_pack and carry.points == (("Ann", 3), ("Bob", 1), ("Cy", 0))


def test_the_whiskey_showdown_offers_the_known_hand_as_the_show_to_log():
    """whiskey.4: "when that round is complete the hands are shown", from the knocker: Bob knocked and
    the log knows his five cards, so the show offered as an event is of exactly those cards."""
    setup = HandSetup(load_rulebook("whiskey_poker"), [("Ann", 10), ("Bob", 10), ("Cy", 10)], "Ann")
    bob = tuple(cards("Qs Qh 8c 8d 3s"))
    p = play(setup, [Deal(player="Bob", cards=bob), Knock("Bob"), TurnWidow(tuple(cards("Jc Js 6d 6c 2h"))),
                          Pass("Cy"), Pass("Ann")]).prompt()
    assert (p.phase, p.to_act) == ("showdown", "Bob")
    assert p.options.events("Bob") == [Show(player="Bob", cards=bob)]


def test_the_player_who_loses_his_last_chip_is_offered_la_viuda():
    """laviuda.5.1 / laviuda.5.2: "A player who loses all his chips is out of the game, unless he buys La
    Viuda ... only immediately after a player loses his original chips" -- golden La Viuda game 03 up to
    the end of deal 2, where Bob has just lost his second chip: the table is asked whether Bob buys La
    Viuda or declines."""
    from referee.engine.night import NightThread
    from referee.handfile.replay import night_hands

    golden = Path(__file__).parent / "golden" / "la_viuda" / "03_complete_game_buyback_played.txt"
    text = golden.read_text()
    night_ = parse_night(text[:text.index("Bob: buys la viuda")])
    thread = NightThread([(s.name, s.stack) for s in night_.seats], night_.dealer)
    for entry in night_hands(night_):
        setup = thread.setup_for(entry)
        state = start_hand(setup)
        for e in entry.events:
            state.push(e)
        thread.after(entry, setup, state.outcome())
    p = state.prompt()
    assert (p.phase, p.to_act, p.legal) == ("buyback", "Bob", ("buy la viuda", "decline"))


def test_an_exchange_after_the_last_turns_is_flagged_the_hands_are_to_be_shown():
    """whiskey.4: "when that round is complete the hands are shown" -- Cy and Ann have had their one more
    turn after Bob's knock; Cy's exchange after that is flagged under whiskey.4."""
    r = replay_text_hand("whiskey_poker", "Bob: knocks\nwidow turned: Ac 9d 5h 4s 2c\nCy: passes\nAnn: passes\n"
                         "Cy: exchanges 2d for 9d\n", seats="Ann 20, Bob 20, Cy 20")
    assert [(f.action, f.code, f.rule, f.message) for f in r.findings][0] == (
        5, "acted_after_last_turn", "whiskey.4", "Cy acted after the last turns: the hands are to be shown")


def test_the_exchange_cycle_flags_an_action_after_the_last_turns():
    """whiskey.4: after a knock "every player after the knocker ... has exactly one more turn ...; when
    that round is complete the hands are shown" -- Ann took the widow, Bob knocked, Cy, Dee and Ann had
    their one more turn: the cycle has no turn left, and Cy's exchange is flagged under whiskey.4; its
    cards move and it uses up nobody's turn."""
    rnd = exchange_cycle()
    play_turn(rnd, ANN, TakeWidow("Ann"))
    play_turn(rnd, BOB, Knock("Bob"))
    for seat, name in ((CY, "Cy"), (DEE, "Dee"), (ANN, "Ann")):
        play_turn(rnd, seat, Pass(name))
    assert rnd.turn is None
    (b,) = play_turn(rnd, CY, one_card_exchange("Cy"))
    assert (b.code, b.rule, b.message, b.remedy) == (
        "acted_after_last_turn", "whiskey.4", "Cy acted after the last turns: the hands are to be shown",
        "its cards moved as logged; it uses up nobody's turn")


def test_two_lowest_hands_in_a_pool_deal_each_pay_a_chip_into_the_pool() -> None:
    """whiskey.scoring = lowest_pays_1_to_pool_elimination with whiskey.tie_lowest = all_tied_pay: "If lowest
    hands tie, each of them pays the full amount" -- Bob and Cy both pay their chip: the pool of 3 grows to
    5, and each has one chip fewer."""
    night = replay("rulebook: whiskey_poker\noption whiskey.scoring = lowest_pays_1_to_pool_elimination\n"
                   "seats: Ann 4, Bob 4, Cy 4\ndealer: Ann\ngame so far: pool 3\n\n"
                   "hand 1\nBob was lowest\nCy was lowest\n")
    outcome = night[0].replay.outcome
    assert [(p.payer, p.amount) for p in outcome.penalties] == [("Bob", 1), ("Cy", 1)]
    assert outcome.next_hand.carry.pool == 5  # type: ignore[attr-defined]
    assert outcome.stacks == {"Ann": 4, "Bob": 3, "Cy": 3}


def test_the_knocker_acting_again_is_flagged_as_having_knocked():
    """whiskey.4: "After a knock, every player after the knocker, but not the knocker himself, has exactly one
    more turn" -- Bob knocked; his exchange after it is flagged under whiskey.4 as the knocker's (Cy is to
    act), the cards move as logged and the turn stays with Cy."""
    r = replay_text_hand("whiskey_poker", "Bob: knocks\nwidow turned: Ac 9d 5h 4s 2c\nBob: exchanges 2d for 9d\n",
                         seats="Ann 20, Bob 20, Cy 20")
    assert [(f.action, f.code, f.rule, f.message) for f in r.findings] == [
        (3, "acted_after_last_turn", "whiskey.4", "Bob knocked: Cy is to act")]
    assert r.states[-1].to_act == "Cy"


def test_a_whiskey_deal_of_a_card_another_player_holds_is_refused_naming_the_holder() -> None:
    """Each card is in the pack once: Cy is logged as dealt the 2c that Bob was dealt already -- a logging
    error the replay cannot play, named with the card, who holds it, the hand and the action."""
    from referee.errors import CardError

    from helpers.engine import THREE_PLAYERS, dealt, game_setup

    with pytest.raises(CardError) as refused:
        play(game_setup("whiskey_poker", seats=THREE_PLAYERS),
             [dealt("Bob", "2c 3c 4c 5c 7d"), dealt("Cy", "2c 9d Td Jd Qd")])
    assert str(refused.value) == "hand 1, action 2: Cy is dealt 2c but Bob holds it"
    assert refused.value.hint == "each card is in the pack once: correct the card"


def test_the_whiskey_pools_words_count_one_chip_as_one_chip() -> None:
    """A whiskey pool elimination whose pool holds a single chip when it ends (Ann paid one chip in and
    nobody else paid): the game's sentence and its money line say "1 chip", never "1 chips"."""
    from referee.engine.games.whiskey_poker import WhiskeyPool
    from referee.engine.money import GameMoney

    game = GameMoney("whiskey_elimination", 1, 3, ("Ann", "Bob"), True, loser="Bob", pool=1)
    assert WhiskeyPool.words(game) == ("Whiskey pool elimination, hands 1\u20133: Bob lost all his chips and pays "
                                       "for the whisky; the pool (1 chip) goes back to who paid it.")
    assert "the pool (2 chips) goes back" in WhiskeyPool.words(dataclasses.replace(game, pool=2))
