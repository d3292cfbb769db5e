"""Seven- and Nine-card Brag (RULES.md sections 7-8, seed-001): stakes, arrangements, reveals, declarations.

The golden hands (tests/golden/seven_card_brag, nine_card_brag) pin the main readings; these cover the
rest, each quoting its rule.
"""

from __future__ import annotations

import pytest

from referee.engine.games import find_game
from referee.engine.games.nine_card_brag import NineCardBrag
from referee.engine.games.seven_card_brag import SevenCardBrag, SevenCarry
from referee.errors import HandFileError
from referee.engine.events import Stake
from referee.engine.replay import replay_hand
from referee.engine.state import HandSetup
from referee.rulebook import load_rulebook

from helpers.engine import replay_text_hand, replay_text_night

STAKES = "Bob: stake 1\nCy: stake 1\nAnn: stake 1\n"
SEVEN_REVEALS = ("Bob: reveals Kh Kd 5c\nCy: reveals Qs Js Ts\nAnn: reveals 6c 6h As\n"
                 "Cy: reveals Ac Ad 4h\nAnn: reveals Kc Td 3s\nBob: reveals 9c 8d 2s\n")


def night(game: str, body: str, *options: str, seats: str = "Ann 20, Bob 20, Cy 20") -> list:
    return [h.replay for h in replay_text_night(game, body, *options, seats=seats)]


def hand(game: str, lines: str, *options: str, seats: str = "Ann 20, Bob 20, Cy 20"):
    (replay,) = night(game, "hand 1\n" + lines, *options, seats=seats)
    return replay


def codes(replay, kind: str | None = None) -> list[tuple[int | None, str, str | None, str | None]]:
    return [(f.action, f.code, f.player, f.rule) for f in replay.findings if kind is None or f.kind == kind]


def test_nine_card_brag_is_a_variant_of_seven_card_brag():
    """brag9.1: "Nine-card Brag is played as Seven-card Brag" -- a subclass, its rulebook's own ids."""
    assert issubclass(NineCardBrag, SevenCardBrag) and find_game("nine card brag") is NineCardBrag
    assert (NineCardBrag.rounds, NineCardBrag.top_prial, NineCardBrag.max_players) == (3, 9, 5)


def test_a_player_stakes_once():
    """brag7.1: "every player puts an equal stake into the pot": a second stake is ignored."""
    r = hand("seven_card_brag", STAKES + "Bob: stake 1\n" + SEVEN_REVEALS)
    assert codes(r, "illegal_action") == [(4, "staked_twice", "Bob", "brag7.1")]
    assert r.outcome.stacks == {"Ann": 19, "Bob": 19, "Cy": 22}


def test_unequal_stake_void_and_reprompt():
    """brag7.1 / common.illegal_fix = void_and_reprompt: "An illegal stake is flagged and voided; the player
    must stake again correctly"."""
    r = hand("seven_card_brag", "Bob: stake 2\nCy: stake 1\nCy: stake 2\nAnn: stake 2\n" + SEVEN_REVEALS,
             "common.illegal_fix = void_and_reprompt")
    assert codes(r, "illegal_action") == [(2, "stake_unequal", "Cy", "brag7.1")]
    assert r.outcome.pots[0].amount == 6


def test_a_stake_after_the_reveals_began():
    """brag7.1: "Before each deal every player puts an equal stake": Ann's stake comes after a reveal."""
    r = hand("seven_card_brag", "Bob: stake 1\nCy: stake 1\nBob: reveals Kh Kd 5c\nAnn: stake 1\n")
    assert codes(r, "illegal_action") == [(4, "stake_after_reveals", "Ann", "brag7.1")]


def test_a_player_who_never_staked_is_flagged():
    """brag7.1: Ann reveals both hands but the log has no stake of hers."""
    r = hand("seven_card_brag", "Bob: stake 1\nCy: stake 1\n" + SEVEN_REVEALS)
    assert codes(r, "illegal_action") == [(None, "stake_missing", "Ann", "brag7.1")]
    assert r.outcome.pots[0].amount == 2


def test_there_is_no_betting():
    """brag7.1: "there is no betting": a drop or a see is flagged and ignored."""
    r = hand("seven_card_brag", STAKES + "Ann: folds\nBob: sees Cy for 2\n" + SEVEN_REVEALS)
    assert [c[1] for c in codes(r, "illegal_action")] == ["no_betting", "no_betting"]
    assert r.outcome.kind == "showdown"


def test_reveals_must_match_the_arrangement():
    """brag7.2: "discards one face down and divides the other six into two three-card hands": a reveal that
    is not the hand he arranged for it is noted; the discarded card cannot be revealed."""
    r = hand("seven_card_brag", STAKES + "Bob: arranges Kh Kd 5c | 9c 8d 2s, discards 3h\n"
             + SEVEN_REVEALS.replace("Bob: reveals 9c 8d 2s", "Bob: reveals 9c 8d 4s"))
    assert codes(r, "note") == [(10, "reveal_not_arranged", "Bob", None)]
    with pytest.raises(HandFileError, match="3h"):
        hand("seven_card_brag", STAKES + "Bob: arranges Kh Kd 5c | 9c 8d 2s, discards 3h\n"
             + SEVEN_REVEALS.replace("Bob: reveals 9c 8d 2s", "Bob: reveals 9c 8d 3h"))


def test_an_arrangement_has_the_games_number_of_hands():
    with pytest.raises(HandFileError, match="makes 2"):
        hand("seven_card_brag", STAKES + "Bob: arranges Kh Kd 5c | 9c 8d 2s | 4h 4d 4c\n")
    with pytest.raises(HandFileError, match="makes 3"):
        hand("nine_card_brag", STAKES + "Bob: arranges Kh Kd 5c | 9c 8d 2s\n")


def test_four_of_a_kind_declaration_needs_the_option_and_four_cards():
    """brag7.7 / brag7.four_of_a_kind_wins: "wins the pot at once if he declares it immediately, before
    discarding": off -- no effect; on but three nines -- false; on without cards -- unverifiable."""
    off = hand("seven_card_brag", STAKES + "Cy: declares four of a kind 9c 9d 9h 9s\n" + SEVEN_REVEALS)
    assert codes(off) == [(4, "declaration_no_effect", "Cy", "brag7.four_of_a_kind_wins")]
    false = hand("seven_card_brag", STAKES + "Cy: declares four of a kind 9c 9d 9h 8s\n" + SEVEN_REVEALS,
                 "brag7.four_of_a_kind_wins = on")
    assert codes(false, "illegal_action") == [(4, "declaration_false", "Cy", "brag7.7")]
    unseen = hand("seven_card_brag", STAKES + "Cy: declares four of a kind\n", "brag7.four_of_a_kind_wins = on")
    assert codes(unseen, "unverifiable") == [(None, "declaration_unverifiable", "Cy", "brag7.7")]
    assert unseen.outcome.undecided == 3


def test_a_declaration_after_the_reveals_began_is_too_late():
    """brag7.7: "if he declares it immediately, before discarding"."""
    r = hand("seven_card_brag", STAKES + "Bob: reveals Kh Kd 5c\nCy: declares four of a kind 9c 9d 9h 9s\n",
             "brag7.four_of_a_kind_wins = on")
    assert codes(r) == [(5, "declaration_no_effect", "Cy", "brag7.7")]


def test_a_round_revealed_unseen_is_unverifiable_when_it_matters():
    """brag7.6.1: the pot goes to the player best in both rounds; Ann's second hand is logged unseen: Cy
    is best in round 1 and may be in round 2, so the pot waits for Ann's hand."""
    r = hand("seven_card_brag", STAKES + SEVEN_REVEALS.replace("Ann: reveals Kc Td 3s", "Ann: reveals ?? ?? ??"))
    assert codes(r, "unverifiable") == [(None, "round_unverifiable", "Ann", "brag7.6.1")]
    assert r.outcome.undecided == 3
    # when no unknown hand can change it, the deal is decided: round 1 is a tie (nobody best), so nobody
    # can be best in both rounds whatever Bob's second hand is
    carried = hand("seven_card_brag", STAKES + "Bob: reveals Jh Jd 7c\nCy: reveals Js Jc 7h\nAnn: reveals 6c 6h As\n"
                   "Bob: reveals ?? ?? ??\nCy: reveals 9c 9d 4h\nAnn: reveals 5c 5d 3s\n")
    assert carried.outcome.kind == "carried" and codes(carried) == []


def test_the_carried_pot_counts_deals_and_resets():
    """brag7.6.2: "it stays, and every player stakes again before the next deal"."""
    hands = night("seven_card_brag", "hand 1\n" + STAKES + "Bob: reveals Ah Ad Ac\nCy: reveals Qs Js Ts\n"
                  "Ann: reveals 6c 6h As\nBob: reveals 9c 8d 2s\nCy: reveals Kc Kd 4h\nAnn: reveals 5c 5d 3s\n"
                  "\nhand 2\nCy: stake 1\nAnn: stake 1\nBob: stake 1\nCy: reveals Ah Ad Ac\nAnn: reveals 6c 6h As\n"
                  "Bob: reveals Qs Js Ts\nCy: reveals Kc Kd 4h\nAnn: reveals 5c 5d 3s\nBob: reveals 9c 8d 2s\n")
    assert [h.outcome.next_hand.carry for h in hands] == [SevenCarry(pot=3, deals_carried=1), SevenCarry()]
    assert hands[1].outcome.stacks["Cy"] == 24


def test_nine_card_brag_is_for_at_most_five():
    """brag9.1: "played as Seven-card Brag, by at most five players"."""
    r = hand("nine_card_brag", "Bob: stake 1\n", seats="Ann 9, Bob 9, Cy 9, Dee 9, Eve 9, Fay 9")
    assert codes(r, "illegal_action") == [(None, "too_many_players", None, "brag9.1")]


def test_nine_card_best_hand_may_come_third():
    """brag9.3 / brag9.3.1: "Only the first hand a player reveals must be his best": a better third hand
    than the first is flagged at the third reveal; a second weaker than the third is not. (Round 3 is led
    by Ann, whose sevens were the best second hand.)"""
    lines = ("Bob: stake 1\nCy: stake 1\nAnn: stake 1\nBob: reveals Qh Qd 4c\nCy: reveals Th Tc 6d\n"
             "Ann: reveals 8h 8d Ac\nBob: reveals 5s 4s 2h\nCy: reveals 5d 5c Kd\nAnn: reveals 7h 7c 3d\n"
             "Ann: reveals Ks 6h 2d\nBob: reveals Ah Ad 2s\nCy: reveals Kh 9c 3h\n")
    r = hand("nine_card_brag", lines)
    assert codes(r, "illegal_action") == [(11, "better_hand_not_first", "Bob", "brag9.3")]


def test_four_pairs_in_seven_card_brag_is_not_a_declaration():
    """brag9.four_pairs_redeal is nine-card brag's: seven-card brag's hand file has no such declaration."""
    with pytest.raises(HandFileError, match="not a declaration of Seven-card Brag"):
        hand("seven_card_brag", STAKES + "Bob: declares four pairs\n")


@pytest.mark.parametrize(("game", "option"), [("seven_card_brag", "brag7.mode = best_three_then_bet"),
                                              ("nine_card_brag", "brag9.scoring = four_pots"),
                                              ("nine_card_brag", "brag9.scoring = points_3_2_1_to_21")])
def test_options_the_engine_cannot_express_are_refused_not_guessed(game: str, option: str) -> None:
    """brag7.mode = best_three_then_bet needs betting options the seven-card rulebook does not have;
    brag9.scoring's four pots and points are not stated: such hands are not replayed at all."""
    with pytest.raises(HandFileError, match="does not replay " + option.split(" = ")[0]):
        hand(game, STAKES, option)


def test_the_discard_of_a_logged_deal_moves_from_the_hand_to_the_muck():
    """brag7.2 (seed-001): each player gets seven cards, makes two three-card hands "and discards the seventh
    card": with the deal logged, the discard is one of his seven cards and leaves his hand for the muck.
    Worked by hand: round 1 Ann's prial of fives beats Bob's A-K-Q running flush and Cy's eights; round 2 her
    K-Q-J running flush beats both pairs: she wins both rounds and the 3-chip pot (22, 19, 19)."""
    deals = ("Ann: dealt 5s 5h 5d Kc Qc Jc 3d\nBob: dealt Ah Kh Qh 2c 2d 9s 4c\nCy: dealt 7s 7h 8c 8h Ts Js 6d\n")
    arranged = ("Ann: arranges 5s 5h 5d | Kc Qc Jc, discards 3d\nBob: arranges Ah Kh Qh | 2c 2d 9s, discards 4c\n"
                "Cy: arranges 8c 8h Ts | 7s 7h Js, discards 6d\n")
    reveals = ("Bob: reveals Ah Kh Qh\nCy: reveals 8c 8h Ts\nAnn: reveals 5s 5h 5d\n"
               "Ann: reveals Kc Qc Jc\nBob: reveals 2c 2d 9s\nCy: reveals 7s 7h Js\n")
    r = hand("seven_card_brag", deals + STAKES + arranged + reveals)
    assert r.outcome.stacks == {"Ann": 22, "Bob": 19, "Cy": 19}
    assert not r.illegal
    # a discard another player holds is still a card in two places: the log cannot be replayed
    with pytest.raises(HandFileError, match="3d"):
        hand("seven_card_brag", deals + STAKES + "Bob: arranges Ah Kh Qh | 2c 2d 9s, discards 3d\n")
def test_an_unseen_four_of_a_kind_declaration_leaves_the_pot_undecided():
    """brag7.7 / brag7.four_of_a_kind_wins = on: "wins the pot at once if he declares it immediately,
    before discarding" -- Cy declares four of a kind but the log does not show the cards: the pot of 3
    waits for the four cards, an undecided pot of the deal's three players (seven_card_brag.py
    end_declared)."""
    r = replay_text_hand("seven_card_brag", "Bob: stake 1\nCy: stake 1\nAnn: stake 1\nCy: declares four of a kind\n",
             "brag7.four_of_a_kind_wins = on", seats="Ann 20, Bob 20, Cy 20")
    o = r.outcome
    assert [(f.code, f.player, f.rule, f.remedy) for f in r.findings] == [
        ("declaration_unverifiable", "Cy", "brag7.7", "the pot waits for the four cards")]
    (pot,) = o.pots
    assert (pot.amount, pot.eligible, pot.winners, pot.decided, pot.rule) == (3, ("Bob", "Cy", "Ann"), (), False, "brag7.7")
    assert (o.kind, o.undecided, o.carried, o.summary, o.decided) == ("showdown", 3, 0, "3 undecided", False)


def test_a_seven_card_brag_hand_in_progress_keeps_the_count_of_carried_deals():
    """brag7 (a deal nobody wins carries its pot; the count of deals carried in a row goes on): a hand still
    in progress leaves the count as it came in, 2 (seven_card_brag.py carry_out)."""
    seats = [("Ann", 20), ("Bob", 20), ("Cy", 20)]
    setup = HandSetup(load_rulebook("seven_card_brag"), seats, "Ann", carry_in=SevenCarry(pot=3, deals_carried=2))
    o = replay_hand(setup, [Stake("Bob", 1)]).outcome
    assert o.kind == "in_progress" and o.next_hand.carry.deals_carried == 2


def test_the_best_hand_of_each_round_is_recorded_once_the_deal_is_over():
    """brag7.5 (hands rank as in three-card brag): round one, Cy's Qs Js Ts (a running flush) beats
    Bob's kings and Ann's sixes; round two, Cy's aces beat Ann's king high and Bob's nine high -- Cy has
    the best hand in both and takes the 3 stakes.  The deal's facts name the best of each round; a
    deal still in progress names none."""
    r = replay_text_hand("seven_card_brag", STAKES + SEVEN_REVEALS, seats="Ann 20, Bob 20, Cy 20")
    assert r.outcome.facts["round_best"] == ["Cy", "Cy"]
    assert r.outcome.summary == "Cy has the best hand in 2 rounds and wins 3"
    going = replay_text_hand("seven_card_brag", STAKES + "Bob: reveals Kh Kd 5c\n", seats="Ann 20, Bob 20, Cy 20")
    assert going.outcome.kind == "in_progress" and going.outcome.facts["round_best"] == []


def test_the_stakes_are_prompted_from_the_first_player_who_has_not_staked():
    """brag7.1 "Before each deal every player puts an equal stake into the pot": Bob (the dealer's left)
    is asked first for the deal's stake; once he has put in 1, Cy is asked for the same 1; each prompt
    shows the chips of the player asked (Bob 50, then Cy 50)."""
    from referee.engine.replay import play

    setup = HandSetup(load_rulebook("seven_card_brag"), [("Ann", 50), ("Bob", 50), ("Cy", 50)], "Ann")
    first = play(setup, []).prompt()
    assert (first.phase, first.to_act, first.legal, first.stack) == ("stakes", "Bob", ("stake (the deal's equal stake)",), 50)
    second = play(setup, [Stake("Bob", 1)]).prompt()
    assert (second.to_act, second.legal, second.stack) == ("Cy", ("stake 1",), 50)


def test_a_deal_nobody_wins_both_rounds_of_carries_its_pot_under_brag7_6_2():
    """brag7.6.2: "Otherwise nobody wins the pot: it stays, and every player stakes again before the next
    deal" -- round one, Bob's and Cy's kings with a five tie (brag7.round_tie = no_unique_best_pot_carries:
    nobody is best); round two, Ann's queen high is best: nobody has both, the 3 stay."""
    r = replay_text_hand("seven_card_brag", STAKES + "Bob: reveals Kh Kd 5c\nCy: reveals Ks Kc 5d\nAnn: reveals 6c 6h As\n"
                         "Bob: reveals 9c 8d 2s\nCy: reveals 9d 8c 2h\nAnn: reveals Qc Td 3s\n",
                         seats="Ann 20, Bob 20, Cy 20")
    assert (r.outcome.kind, r.outcome.summary) == ("carried", "nobody is best in every round: the pot of 3 stays")
    assert [(p.amount, p.winners, p.left_over, p.rule) for p in r.outcome.pots] == [(3, (), 3, "brag7.6.2")]


def test_an_unseen_four_of_a_kind_declaration_says_the_cards_are_not_shown():
    """brag7.7: "wins the pot at once if he declares it immediately" -- the declaration is checked against
    his cards; Cy declares four of a kind but the log shows none of them: the finding says so."""
    r = replay_text_hand("seven_card_brag", STAKES + "Cy: declares four of a kind\n", "brag7.four_of_a_kind_wins = on",
                         seats="Ann 20, Bob 20, Cy 20")
    assert [f.message for f in r.findings] == ["Cy declared four of a kind but the log does not show the cards"]


def test_a_second_hand_as_good_as_the_first_is_no_breach_of_revealing_the_better_first():
    """brag7.4: "he must reveal the better of his two hands first (see brag7.misorder)" -- Bob's two hands
    are equal (kings with a five, twice): revealing either first is revealing the better first, nothing
    is flagged, and Cy, best in both rounds, wins."""
    r = replay_text_hand("seven_card_brag", STAKES + "Bob: reveals Kh Kd 5c\nCy: reveals Qs Js Ts\nAnn: reveals 6c 6h As\n"
                         "Cy: reveals Ac Ad 4h\nAnn: reveals Qc Td 3s\nBob: reveals Ks 5d Kc\n", seats="Ann 20, Bob 20, Cy 20")
    assert not r.findings and r.outcome.summary == "Cy has the best hand in 2 rounds and wins 3"


def test_four_pairs_declared_in_nine_card_brag_redeals_with_the_pot_staying():
    """brag9.four_pairs_redeal = on: "A player whose nine cards hold four pairs may declare it before
    arranging his hands; everyone then stakes again and the cards are redealt" -- Cy's nine cards hold
    kings, queens, fives and nines: the 3 staked stay and the same dealer deals again."""
    r = hand("nine_card_brag", STAKES + "Cy: dealt Kh Kd Qh Qd 5c 5d 9s 9h 2c\nCy: declares four pairs\n",
             "brag9.four_pairs_redeal = on")
    assert (r.outcome.kind, r.outcome.summary) == ("redeal", "four pairs declared: the pot of 3 stays and Ann deals again")
    assert [(p.amount, p.winners, p.left_over) for p in r.outcome.pots] == [(3, (), 3)]
