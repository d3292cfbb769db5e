"""Rulings at the edges of the engine's rules that the other rule tests pass by: a count of one said in
the singular, a finding made before any action or between actions, a short all-in after a full bet, the
dealer's turn-up counted as a pass, a reported whiskey result, a whiskey night with nothing carried,
progressive openers at aces, a whiskey deal logged after the game was lost,
progressive openers at kings, a card dealt from the face-up dummy, a wheel at
whiskey poker, a short-pack La Viuda point waiting for the hands,
seven-card brag for bets refused, a Jackpots opener taking the pot after showing his
openers, a check after the draw where the first round forbids it, the free ride of
a false opener who deals or is not seated."""

from __future__ import annotations

import pytest

from referee.engine.events import (AllIn, Bet, Call, Declare, Exchange, Fold, Knock, Pass, Raise, Reported,
                                   TakePot, TurnWidow)
from referee.engine.exchanges import ExchangeRound, ExchangeRules
from referee.engine.games import find_game
from referee.engine.games.jackpots import JackpotsCarry
from referee.engine.outcome import Carry
from referee.engine.replay import play, start_hand
from referee.engine.table import Table
from referee.cards import card
from referee.errors import HandFileError, InputError

from helpers.engine import (ANN, BOB, CY, DEE, WHISKEY_IDS, dealt, game_setup, play_turn, replay_table,
                            replay_text_hand, replay_text_night, shown)

FOUR_AT_20 = [("Ann", 20), ("Bob", 20), ("Cy", 20), ("Dee", 20)]


def test_a_hand_shown_as_one_card_is_refused_in_the_singular():
    """draw.3: "The dealer deals five cards face down to each player" -- Bob shows a single card as his
    hand: refused at hand 1, action 1, saying "1 card" (not "1 cards") and that the hand is five cards."""
    with pytest.raises(InputError) as refused:
        play(game_setup("straight_draw"), [shown("Bob", "Ah")])
    assert (str(refused.value), refused.value.hint) == (
        "hand 1, action 1: Bob shows 1 card: a straight draw hand is 5 cards", "write the 5 cards of the hand")


def test_after_three_passed_out_deals_under_the_ante_cap_nobody_antes_and_a_finding_says_why():
    """jackpots.no_open = ante_cap_3_deals: "If nobody opens, the deal passes and everybody antes again, but
    only for three deals in a row; after that the pot is played without further antes until somebody
    opens" -- the fourth deal after three passed out: no antes, and a finding at no action (the antes are
    posted before anybody acts) citing jackpots.no_open, saying for how many deals nobody opened."""
    r = replay_table(game_setup("jackpots", {"jackpots.no_open": "ante_cap_3_deals"},
                                carry_in=JackpotsCarry(pot=12, passed_out=3)), [])
    assert [(f.action, f.code, f.message, f.rule) for f in r.findings] == [
        (None, "no_antes_after_passes", "no antes: nobody has opened for 3 deals", "jackpots.no_open")]


def test_nobody_declaring_the_pot_open_is_found_of_the_deal_not_of_the_next_action():
    """jackpots.false_open_before_showdown = rrop_declare_open: "If nobody declares, every bet except the
    false opener's first bet is returned and the pot carries" -- Bob opens for 2 without openers, Cy calls,
    Bob declares his false open (action 4); Dee folds instead of declaring the pot open (action 5): the
    no-declaration finding names Bob and no action (it ends the deal; Dee's fold is itself flagged as an
    action after the hand)."""
    opts = {"jackpots.false_open_before_showdown": "rrop_declare_open"}
    events = [dealt("Bob", "Ah Ks 7c 4d 2s"), Bet(player="Bob", amount=2), Call(player="Cy"),
              Declare(player="Bob", what="false_open"), Fold(player="Dee")]
    r = replay_table(game_setup("jackpots", opts), events)
    assert r.outcome.kind == "false_open"
    assert [(f.action, f.player) for f in r.findings if f.code == "false_open_not_declared"] == [(None, "Bob")]


def test_a_short_all_in_after_a_full_bet_does_not_reopen_the_betting():
    """draw.betting = no_limit (table stakes): "an all-in for less than a full raise does not reopen the
    betting for players who already acted" -- Bob bets 10 (the full raise is now 10), Cy calls, Dee goes
    all in for 19, a raise of 9: one short of a full raise, so Bob, who bet, may only call 9 or fold."""
    seats = [("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 19)]
    state = start_hand(game_setup("straight_draw", {"draw.betting": "no_limit"}, seats=seats))
    for e in (Bet(player="Bob", amount=10), Call(player="Cy"), AllIn(player="Dee"), Call(player="Ann")):
        state.push(e)
    bob = state.prompt().options
    assert state.to_act() == "Bob" and bob.to_call == 9 and bob.raise_min is None
    raised = state.legality(Raise(player="Bob", amount=10))
    assert not raised.legal and "raise_not_reopened" in [f.code for f in raised.findings]


def test_the_dealers_turn_that_turns_the_widow_up_counts_as_a_pass():
    """whiskey.pass_rule = not_twice_in_a_row: "Every turn counts, those with the widow face down included
    (the dealer's turn that ends with the widow turned up is a pass)" -- Ann, Bob and Cy pass, Dee (the
    dealer) turns the widow up, the three exchange a card in phase two: at his next turn Dee may not pass."""
    table = Table(("Ann", "Bob", "Cy", "Dee"), "Dee", 1)
    rnd = ExchangeRound(ExchangeRules("not_twice_in_a_row", True, False, True, 5, WHISKEY_IDS), table,
                        [True] * 4, table.after(table.dealer))
    for seat, name in ((ANN, "Ann"), (BOB, "Bob"), (CY, "Cy")):
        assert play_turn(rnd, seat, Pass(name)) == []
    assert play_turn(rnd, None, TurnWidow()) == []
    for seat, name in ((ANN, "Ann"), (BOB, "Bob"), (CY, "Cy")):
        assert play_turn(rnd, seat, Exchange(name, (card("7c"),), (card("Kd"),))) == []
    assert rnd.turn == DEE and not rnd.legal(DEE).may_pass


def test_a_reported_whiskey_result_leaves_nobody_to_show():
    """whiskey.6.4: the hands are shown when the turn comes back to the knocker -- Ann knocks, the others
    keep their hands, and the scorekeeper writes "Bob wins": the deal's result is a fact, the table is at
    the showdown with nobody asked to show."""
    events = [Pass("Ann"), Pass("Bob"), Pass("Cy"), TurnWidow(), Knock("Ann"), Pass("Bob"), Pass("Cy"),
              Pass("Dee")]
    before = play(game_setup("whiskey_poker", seats=FOUR_AT_20, dealer="Dee"), events).prompt()
    assert (before.phase, before.to_act) == ("showdown", "Ann")  # from the knocker on
    after = play(game_setup("whiskey_poker", seats=FOUR_AT_20, dealer="Dee"),
                 events + [Reported("Bob", "best")]).prompt()
    assert (after.phase, after.to_act) == ("showdown", None)


def test_a_whiskey_night_with_nothing_carried_is_not_over():
    """whiskey.scoring = lowest_pays_1_to_pool_elimination ends the game when a player has lost all his
    chips; a night that carries no whiskey game (nothing from deal to deal) is not over and has no whisky
    payer."""
    winner, facts = find_game("whiskey_poker").night_result(Carry(), {"Ann": 20, "Bob": 20})
    assert (winner, facts["game_over"], facts["whisky_payer"]) == (None, False, None)



def test_after_three_deals_nobody_opened_progressive_jackpots_need_aces():
    """jackpots.min_open = progressive_QQ_KK_AA: "after a deal in which nobody opened, it is queens, then
    kings, then aces, and it stays at aces until somebody opens" -- three deals passed out, Bob opens on
    kings and shows them as his openers: a false open, aces or better were needed."""
    opts = {"jackpots.min_open": "progressive_QQ_KK_AA"}
    events = [Bet(player="Bob", amount=2), Fold(player="Cy"), Fold(player="Dee"), Fold(player="Ann"),
              shown("Bob", "Kh Kd", "openers")]
    r = replay_table(game_setup("jackpots", opts, carry_in=JackpotsCarry(pot=12, passed_out=3)), events)
    (false_open,) = [f for f in r.findings if f.kind == "false_open"]
    assert "(Kh Kd) are not openers: aces or better were needed" in false_open.message


def test_a_whiskey_deal_after_the_game_was_lost_says_the_game_was_over():
    """whiskey.scoring = lowest_pays_1_to_pool_elimination: "the first player to lose all his chips loses
    the game" -- Bob, with 1 chip, is lowest in hand 1 and loses the game; hand 2 is flagged at its first
    action as logged after the game was over."""
    night = replay_text_night("whiskey_poker", "hand 1\nBob was lowest\n\nhand 2\nAnn was lowest\n",
                              "whiskey.scoring = lowest_pays_1_to_pool_elimination", seats="Ann 5, Bob 1, Cy 5",
                              dealer="Cy")
    assert [(f.action, f.code, f.message) for f in night.hands[1].replay.findings
            if f.code == "deal_after_game_over"] == [
        (1, "deal_after_game_over", "this deal is logged after the game was over")]


def test_after_two_deals_nobody_opened_progressive_jackpots_need_kings():
    """jackpots.min_open = progressive_QQ_KK_AA: "after a deal in which nobody opened, it is queens, then
    kings" -- two deals passed out, Bob opens on queens and shows them as his openers: a false open, kings
    or better were needed."""
    opts = {"jackpots.min_open": "progressive_QQ_KK_AA"}
    events = [Bet(player="Bob", amount=2), Fold(player="Cy"), Fold(player="Dee"), Fold(player="Ann"),
              shown("Bob", "Qh Qd", "openers")]
    r = replay_table(game_setup("jackpots", opts, carry_in=JackpotsCarry(pot=8, passed_out=2)), events)
    (false_open,) = [f for f in r.findings if f.kind == "false_open"]
    assert "(Qh Qd) are not openers: kings or better were needed" in false_open.message


def test_a_card_dealt_to_a_player_from_the_face_up_dummy_is_refused_naming_the_dummy():
    """stopbus.2: the dummy lies face up on the table -- 9h is in the dummy, so a deal of 9h to Bob is a
    logging mistake: refused at hand 1, action 2, saying the card lies in the dummy."""
    with pytest.raises(HandFileError) as refused:
        replay_text_night("stop_the_bus", "hand 1\ndummy: 9h 4c Kd\nBob: dealt 9h 2c 3c\n",
                          seats="Ann 10, Bob 10, Cy 10")
    assert str(refused.value) == "<text>:7: hand 1, action 2: Bob is dealt 9h but the dummy is where it lies"


def test_a_wheel_is_a_straight_at_whiskey_poker():
    """common.wheel = allowed (whiskey poker's rulebook): "A-2-3-4-5 is a straight, the lowest one (five
    high)" -- Ann knocks, everybody keeps his hand and shows: Ann's A-2-3-4-5 beats Bob's pair of kings and
    takes the 4 antes (20 - 1 + 4 = 23)."""
    events = [Pass("Ann"), Pass("Bob"), Pass("Cy"), TurnWidow(), Knock("Ann"), Pass("Bob"), Pass("Cy"),
              Pass("Dee"), shown("Ann", "Ah 2c 3d 4s 5h"), shown("Bob", "Kh Kd 9c 7s 2d"),
              shown("Cy", "Qs Jd 8h 6c 3c"), shown("Dee", "Ts 9d 8s 4h 2h")]
    r = replay_table(game_setup("whiskey_poker", seats=FOUR_AT_20, dealer="Dee"), events)
    assert [(p.amount, p.winners) for p in r.outcome.pots] == [(4, ("Ann",))]
    assert r.outcome.stacks == {"Ann": 23, "Bob": 19, "Cy": 19, "Dee": 19}


def test_a_short_pack_la_viuda_point_nobody_showed_for_waits_for_the_hands_citing_the_short_pack():
    """laviuda.short_pack = 5_ranks_per_2_players_plus_1_per_player: "The winner of each hand scores one
    point" -- Cy (on the dealer's right, first to play) knocks, Bob and Ann keep their hands, and nobody's
    hand is logged: the point cannot be given, and each hand is asked for, from the knocker on, under the
    short-pack rule."""
    opts = {"laviuda.short_pack": "5_ranks_per_2_players_plus_1_per_player"}
    r = replay_table(game_setup("la_viuda", opts, seats=[("Ann", 5), ("Bob", 5), ("Cy", 5)]),
                     [Knock("Cy"), Pass("Bob"), Pass("Ann")])
    assert [(f.code, f.player, f.rule) for f in r.findings] == [
        ("showdown_unverifiable", p, "laviuda.short_pack") for p in ("Cy", "Bob", "Ann")]


def test_seven_card_brag_played_for_bets_is_refused_saying_why_and_how_to_replay_it():
    """brag7.mode = best_three_then_bet is a betting game, but the seven-card rulebook has none of
    three-card brag's betting options: the hand is refused (at its 'hand 1' line), saying
    why, and pointing to the mode the engine replays."""
    with pytest.raises(HandFileError) as refused:
        replay_text_night("seven_card_brag", "hand 1\nBob: stake 1\nCy: stake 1\nAnn: stake 1\n",
                          "brag7.mode = best_three_then_bet", seats="Ann 20, Bob 20, Cy 20")
    assert (str(refused.value), refused.value.hint) == (
        "<text>:6: hand 1: the rules engine does not replay brag7.mode = best_three_then_bet: the seven-card "
        "rulebook has no betting options to say how the hand is bet", "replay it with brag7.mode = split_two_hands")


def test_an_opener_who_showed_his_openers_takes_the_pot_with_nothing_to_flag():
    """jackpots.11.2: "a winner must show his openers before he may take the pot" -- Bob opens for 2 on a
    pair of jacks, everybody folds, Bob shows Jh Js as his openers and takes the pot: nothing is flagged,
    and Bob has the 4 antes and his bet back (100 - 2 + 6 = 104; Ann, the dealer, anted 4)."""
    events = [dealt("Bob", "Jh Js 7c 4d 2s"), Bet(player="Bob", amount=2), Fold(player="Cy"), Fold(player="Dee"),
              Fold(player="Ann"), shown("Bob", "Jh Js", "openers"), TakePot(player="Bob")]
    r = replay_table(game_setup("jackpots"), events)
    assert r.findings == ()
    assert r.outcome.stacks == {"Ann": 96, "Bob": 104, "Cy": 100, "Dee": 100}


def test_after_the_draw_a_check_is_allowed_even_where_the_first_round_forbids_it():
    """draw.check_first_round = bet_or_drop: "In the first betting round nobody may check"; draw.8: the
    second round's opener "may check, bet or fold" -- Bob bets 1 and everybody calls, all four stand pat,
    and Bob opens the second round with a check: nothing to flag."""
    r = replay_text_hand("straight_draw", "Bob: bets 1\nCy: calls\nDee: calls\nAnn: calls\n"
                         "Bob: stands pat\nCy: stands pat\nDee: stands pat\nAnn: stands pat\nBob: checks\n",
                         "draw.check_first_round = bet_or_drop", seats="Ann 100, Bob 100, Cy 100, Dee 100")
    assert r.findings == ()
    first = replay_text_hand("straight_draw", "Bob: checks\n", "draw.check_first_round = bet_or_drop",
                             seats="Ann 100, Bob 100, Cy 100, Dee 100")
    assert [f.rule for f in first.findings] == ["draw.check_first_round"]


def test_a_false_opener_who_deals_his_free_ride_antes_for_the_others_too():
    """jackpots.free_ride_by_dealer = antes_for_others_too (the shipped rulebook): "he antes his dealer's
    ante of one chip per player and one more chip for each other player" -- Ann owes the free ride and
    deals to four: she antes 4 as the dealer and 3 more (100 - 7 = 93), and a finding before any action
    says so, citing jackpots.free_ride_by_dealer."""
    r = replay_table(game_setup("jackpots", carry_in=JackpotsCarry(pot=0, free_ride_payer="Ann")), [])
    assert r.outcome.stacks == {"Ann": 93, "Bob": 100, "Cy": 100, "Dee": 100}
    assert [(f.action, f.code, f.message, f.player, f.rule) for f in r.findings] == [
        (None, "free_ride_antes", "Ann deals: he antes 4 as the dealer and 3 more for the other players (free ride "
         "after his false open)", "Ann", "jackpots.free_ride_by_dealer")]


def test_a_free_ride_owed_by_a_player_not_seated_is_refused_with_how_to_go_on():
    """A free ride carried from the last deal (under jackpots.false_open_penalty = ante_for_all_next_deal the
    false opener antes for everybody on the next deal) -- Eve owes it but is not at the table: the hand
    cannot be set up, and the refusal says to seat her or start the hand without the free ride."""
    with pytest.raises(InputError) as refused:
        replay_table(game_setup("jackpots", carry_in=JackpotsCarry(pot=0, free_ride_payer="Eve")), [])
    assert (str(refused.value), refused.value.hint) == (
        "hand 1: Eve owes the antes for everybody but is not seated",
        "seat him, or start the hand without the free ride")
