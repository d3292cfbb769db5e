"""Seven- and Nine-card Brag (seed-001, rulebooks/seven_card_brag.toml and nine_card_brag.toml): every ruling
in full -- its code, rule id, player, action number, words and remedy -- every refusal of a log that cannot be
replayed with its words and hint, the prompts of the stakes and the reveals, who leads each round, the pot
and what stays for the next deal, under every value of each option the games read.

The table is Ann, Bob, Cy (20 chips each) unless a test says otherwise; Ann deals, so the stakes and round
one go Bob, Cy, Ann (brag7.3.1: "beginning with the player on the dealer's left").
"""

from __future__ import annotations

import pytest

from referee.cards import UNKNOWN, cards
from referee.engine.events import Cover, Declare, Look, Reveal, See, Stake
from referee.engine.games import find_game
from referee.engine.games.nine_card_brag import NineCardBrag
from referee.engine.games.seven_card_brag import SevenCardBrag, SevenCarry
from referee.engine.replay import play, replay_hand
from referee.errors import HandFileError

from helpers.engine import findings_in_full, game_setup, replay_text_hand, replay_text_night

SEATS = "Ann 20, Bob 20, Cy 20"
STAKES = "Bob: stake 1\nCy: stake 1\nAnn: stake 1\n"
#: Round one: Bob's kings, Cy's queen-high running flush (best), Ann's sixes; Cy leads round two: Cy's aces
#: (best), Ann's king high, Bob's nine high.  Cy is best in both rounds (brag7.6.1).
ROUND_ONE = "Bob: reveals Kh Kd 5c\nCy: reveals Qs Js Ts\nAnn: reveals 6c 6h As\n"
ROUND_TWO = "Cy: reveals Ac Ad 4h\nAnn: reveals Kc Td 3s\nBob: reveals 9c 8d 2s\n"


def hand(lines: str, *options: str, game: str = "seven_card_brag", seats: str = SEATS):
    return replay_text_hand(game, lines, *options, seats=seats)


# ---------------------------------------------------------------- every ruling, in full


RULINGS = {
    # brag7.1 "every player puts an equal stake into the pot": a second stake is ignored
    "staked twice": ("seven_card_brag", STAKES + "Bob: stake 1\n", (), [
        (4, "staked_twice", "Bob", "brag7.1", "Bob has already staked 1 in this deal", "ignored")]),
    # brag7.1 / common.illegal_fix = adjust_to_nearest_legal: "An illegal stake is flagged and then corrected
    # to the agreed stake"
    "unequal stake corrected": ("seven_card_brag", "Bob: stake 1\nCy: stake 2\n", (), [
        (2, "stake_unequal", "Cy", "brag7.1", "Cy staked 2; the stake of this deal is 1 for everybody",
         "corrected to 1")]),
    # common.illegal_fix = void_and_reprompt: "An illegal stake is flagged and voided"
    "unequal stake voided": ("seven_card_brag", "Bob: stake 1\nCy: stake 2\n",
                             ("common.illegal_fix = void_and_reprompt",), [
        (2, "stake_unequal", "Cy", "brag7.1", "Cy staked 2; the stake of this deal is 1 for everybody",
         "void: he stakes again")]),
    # brag7.1 "Before each deal every player puts an equal stake": Ann stakes after Bob's reveal
    "stake after a reveal, taken": ("seven_card_brag", "Bob: stake 1\nCy: stake 1\nBob: reveals Kh Kd 5c\nAnn: stake 1\n",
                                    (), [
        (4, "stake_after_reveals", "Ann", "brag7.1", "Ann stakes after the hands began to be revealed",
         "taken as staked before the deal")]),
    # arranging comes after the deal, so after the stakes: a stake after Cy arranged is late too
    "stake after an arrangement": ("seven_card_brag", "Bob: stake 1\nCy: arranges Qs Js Ts | 9c 9d 4h, discards 2c\n"
                                   "Ann: stake 1\n", (), [
        (3, "stake_after_reveals", "Ann", "brag7.1", "Ann stakes after the hands began to be revealed",
         "taken as staked before the deal")]),
    "stake after a reveal, voided": ("seven_card_brag", "Bob: stake 1\nCy: stake 1\nBob: reveals Kh Kd 5c\nAnn: stake 1\n",
                                     ("common.illegal_fix = void_and_reprompt",), [
        (4, "stake_after_reveals", "Ann", "brag7.1", "Ann stakes after the hands began to be revealed",
         "void: ignored")]),
    # brag7.1 "there is no betting": each betting word is flagged and ignored
    "a drop": ("seven_card_brag", "Bob: stake 1\nCy: folds\n", (), [
        (2, "no_betting", "Cy", "brag7.1", "Cy: Seven-card Brag has no betting, only the equal stake", "ignored")]),
    "a look in nine-card brag": ("nine_card_brag", "Bob: stake 1\nCy: looks\n", (), [
        (2, "no_betting", "Cy", "brag9.1", "Cy: Nine-card Brag has no betting, only the equal stake", "ignored")]),
    # brag7.7 / brag7.four_of_a_kind_wins = off: "Four of a kind among the seven cards has no special effect"
    "four of a kind, option off": ("seven_card_brag", "Bob: stake 1\nCy: declares four of a kind 9c 9d 9h 9s\n", (), [
        (2, "declaration_no_effect", "Cy", "brag7.four_of_a_kind_wins",
         "Cy declares four of a kind, which has no effect under this rulebook", "ignored")]),
    "four of a kind, nine-card option off": ("nine_card_brag", "Bob: stake 1\nCy: declares four of a kind 9c 9d 9h 9s\n",
                                             (), [
        (2, "declaration_no_effect", "Cy", "brag9.four_of_a_kind_wins",
         "Cy declares four of a kind, which has no effect under this rulebook", "ignored")]),
    # brag9.four_pairs_redeal = off: "Four pairs among the nine cards have no special effect"
    "four pairs, option off": ("nine_card_brag", "Bob: stake 1\nCy: declares four pairs\n", (), [
        (2, "declaration_no_effect", "Cy", "brag9.four_pairs_redeal",
         "Cy declares four pairs, which has no effect under this rulebook", "ignored")]),
    # brag7.7: "if he declares it immediately, before discarding" -- after a reveal, or after arranging
    "four of a kind after a reveal": ("seven_card_brag", "Bob: stake 1\nBob: reveals Kh Kd 5c\n"
                                      "Cy: declares four of a kind 9c 9d 9h 9s\n", ("brag7.four_of_a_kind_wins = on",), [
        (3, "declaration_no_effect", "Cy", "brag7.7",
         "Cy declares four of a kind after arranging or after the reveals began: too late", "ignored")]),
    "four of a kind after arranging": ("seven_card_brag", "Cy: arranges Qs Js Ts | 9c 9d 4h, discards 2c\n"
                                       "Cy: declares four of a kind 9c 9d 9h 9s\n", ("brag7.four_of_a_kind_wins = on",), [
        (2, "declaration_no_effect", "Cy", "brag7.7",
         "Cy declares four of a kind after arranging or after the reveals began: too late", "ignored")]),
    "nine-card four of a kind after a reveal": ("nine_card_brag", STAKES + "Bob: reveals Kh Kd 5c\n"
                                                "Cy: declares four of a kind 9c 9d 9h 9s\n",
                                                ("brag9.four_of_a_kind_wins = on",), [
        (5, "declaration_no_effect", "Cy", "brag9.6",
         "Cy declares four of a kind after arranging or after the reveals began: too late", "ignored")]),
    # brag9.four_pairs_redeal: "may declare it before arranging his hands"
    "four pairs after a reveal": ("nine_card_brag", STAKES + "Bob: reveals Kh Kd 5c\nCy: declares four pairs\n",
                                  ("brag9.four_pairs_redeal = on",), [
        (5, "declaration_no_effect", "Cy", "brag9.four_pairs_redeal",
         "Cy declares four pairs after arranging or after the reveals began: too late", "ignored")]),
    # brag7.7: three nines and an eight are not four of a kind
    "false four of a kind": ("seven_card_brag", "Cy: declares four of a kind 9c 9d 9h 8s\n",
                             ("brag7.four_of_a_kind_wins = on",), [
        (1, "declaration_false", "Cy", "brag7.7", "Cy declares four of a kind with 9c 9d 9h 8s, which is not that",
         "ignored")]),
    # brag9.four_pairs_redeal = on: "A player whose nine cards hold four pairs may declare it" -- three pairs
    # and two odd cards are not four pairs
    "false four pairs": ("nine_card_brag", "Cy: declares four pairs Kh Kd Qh Qd 5c 5d 9s 2c\n",
                         ("brag9.four_pairs_redeal = on",), [
        (1, "declaration_false", "Cy", "brag9.four_pairs_redeal",
         "Cy declares four pairs with Kh Kd Qh Qd 5c 5d 9s 2c, which is not that", "ignored")]),
    # brag7.3.1: round one begins "with the player on the dealer's left" (Bob)
    "round one out of turn": ("seven_card_brag", STAKES + "Cy: reveals Qs Js Ts\n", (), [
        (4, "revealed_out_of_turn", "Cy", "brag7.3.1", "Cy revealed his hand 1 out of turn: Bob was to reveal his hand 1",
         "the hand counts as revealed")]),
    # brag7.3.1: Bob, first to reveal, names his second hand: he was to reveal his first
    "a second hand revealed first": ("seven_card_brag", STAKES + "Bob: reveals hand 2: 9c 8d 2s\n", (), [
        (4, "revealed_out_of_turn", "Bob", "brag7.3.1", "Bob revealed his hand 2 out of turn: Bob was to reveal his hand 1",
         "the hand counts as revealed")]),
    # brag7.7 / brag7.1: Cy declares four of a kind before Ann has staked: he wins, and Ann's stake is missing
    "four of a kind before every stake": ("seven_card_brag", "Bob: stake 1\nCy: stake 1\nCy: declares four of a kind 9c 9d 9h 9s\n",
                                          ("brag7.four_of_a_kind_wins = on",), [
        (None, "stake_missing", "Ann", "brag7.1", "Ann did not stake in this deal",
         "noted: the pot holds only the stakes logged")]),
    # brag7.3.2: round two begins "with the player whose first hand was the best" (Cy's running flush)
    "round two out of turn": ("seven_card_brag", STAKES + ROUND_ONE + "Ann: reveals Kc Td 3s\n", (), [
        (7, "revealed_out_of_turn", "Ann", "brag7.3.2", "Ann revealed his hand 2 out of turn: Cy was to reveal his hand 2",
         "the hand counts as revealed")]),
    # brag9.3: nine-card brag's rounds, each from the best hand of the round before
    "nine-card round two out of turn": ("nine_card_brag", STAKES + ROUND_ONE + "Bob: reveals 9c 8d 2s\n", (), [
        (7, "revealed_out_of_turn", "Bob", "brag9.3", "Bob revealed his hand 2 out of turn: Cy was to reveal his hand 2",
         "the hand counts as revealed")]),
    # brag7.2: the hands revealed are those he arranged
    "a reveal not as arranged": ("seven_card_brag", STAKES + "Bob: arranges Kh Kd 5c | 9c 8d 2s, discards 3h\n"
                                 + ROUND_ONE + ROUND_TWO.replace("9c 8d 2s", "9c 8d 4s"), (), [
        (10, "reveal_not_arranged", "Bob", None, "Bob revealed 9c 8d 4s as his hand 2, but arranged 9c 8d 2s for it",
         None)]),
    # brag7.3: hands are revealed one at a time, none shown whole, none thrown in
    "a show": ("seven_card_brag", STAKES + "Bob: shows Kh Kd 5c\n", (), [
        (4, "showed_during_play", "Bob", None, "Bob showed Kh Kd 5c: hands are revealed one at a time", None)]),
    "a muck": ("seven_card_brag", STAKES + "Bob: mucks\n", (), [
        (4, "mucked_outside_showdown", "Bob", None, "Bob mucked: every hand is revealed in turn", None)]),
    "the pot taken early": ("seven_card_brag", STAKES + "Cy: takes the pot\n", (), [
        (4, "took_pot_early", "Cy", None, "Cy took the pot before the deal was over", None)]),
    "the pot taken when the deal is over": ("seven_card_brag", STAKES + ROUND_ONE + ROUND_TWO + "Cy: takes the pot\n",
                                            (), []),
    # brag7.1: Ann reveals both hands but never staked
    "a stake missing": ("seven_card_brag", "Bob: stake 1\nCy: stake 1\n" + ROUND_ONE + ROUND_TWO, (), [
        (None, "stake_missing", "Ann", "brag7.1", "Ann did not stake in this deal",
         "noted: the pot holds only the stakes logged")]),
    # brag7.6.1: Cy is best in round one; Ann's second hand is unseen and could beat Cy's aces
    "a round that cannot be told": ("seven_card_brag", STAKES + ROUND_ONE + ROUND_TWO.replace("Kc Td 3s", "?? ?? ??"), (), [
        (None, "round_unverifiable", "Ann", "brag7.6.1",
         "the best hand of a round cannot be told: Ann's hand must be shown", "the pot is undecided until it is shown")]),
    # brag7.7: four of a kind declared, its cards not shown
    "four of a kind unseen": ("seven_card_brag", STAKES + "Cy: declares four of a kind\n", ("brag7.four_of_a_kind_wins = on",), [
        (None, "declaration_unverifiable", "Cy", "brag7.7", "Cy declared four of a kind but the log does not show the cards",
         "the pot waits for the four cards")]),
    # seven- and nine-card brag have no misdeal: an exposed card plays, a misdeal called is ignored
    "an exposed card": ("seven_card_brag", "Bob: dealt Kh Kd 5c 9c 8d 2s 3h\nBob: exposes Kh\n", (), [
        (2, "card_exposed_plays", "Bob", None, "Bob's card Kh was exposed: the card plays", None)]),
    "a misdeal called": ("nine_card_brag", "misdeal: first card exposed\n", (), [
        (1, "misdeal_refused", None, None, "a misdeal was called (first card exposed), but the rulebook has no misdeal",
         "ignored: the deal plays on")]),
}


@pytest.mark.parametrize(("game", "lines", "options", "expected"), RULINGS.values(), ids=RULINGS.keys())
def test_each_seven_and_nine_card_ruling_in_full(game: str, lines: str, options: tuple[str, ...], expected: list) -> None:
    assert findings_in_full(hand(lines, *options, game=game)) == expected


@pytest.mark.parametrize(("game", "seats", "expected"), [
    # brag7.1 "Two to seven players": eight are one too many
    ("seven_card_brag", "Ann 9, Bob 9, Cy 9, Dee 9, Eve 9, Fay 9, Gus 9, Hal 9",
     (None, "too_many_players", None, "brag7.1", "8 players are in the deal; Seven-card Brag is for at most 7", None)),
    # brag9.1 "by at most five players"
    ("nine_card_brag", "Ann 9, Bob 9, Cy 9, Dee 9, Eve 9, Fay 9",
     (None, "too_many_players", None, "brag9.1", "6 players are in the deal; Nine-card Brag is for at most 5", None)),
])
def test_more_players_than_the_game_deals_to_are_flagged(game: str, seats: str, expected: tuple) -> None:
    assert findings_in_full(hand("Bob: stake 1\n", game=game, seats=seats)) == [expected]


@pytest.mark.parametrize(("game", "seats"), [
    ("seven_card_brag", "Ann 9, Bob 9, Cy 9, Dee 9, Eve 9, Fay 9, Gus 9"),
    ("nine_card_brag", "Ann 9, Bob 9, Cy 9, Dee 9, Eve 9"),
])
def test_as_many_players_as_the_game_deals_to_is_no_finding(game: str, seats: str) -> None:
    """brag7.1 "Two to seven players"; brag9.1 "at most five players": exactly the most is allowed."""
    assert findings_in_full(hand("Bob: stake 1\n", game=game, seats=seats)) == []


def test_a_player_without_chips_who_stakes_is_not_in_the_deal() -> None:
    """brag7.1: Dee, with no chips, is not dealt in: her stake is ignored, Bob's sets the equal stake."""
    setup = game_setup("seven_card_brag", seats=[("Ann", 20), ("Bob", 20), ("Cy", 20), ("Dee", 0)])
    r = replay_hand(setup, [Stake("Dee", 1), Stake("Bob", 2), Reveal("Dee", None, tuple(cards("Kh Kd 5c")))])
    assert findings_in_full(r) == [(1, "acted_not_in_hand", "Dee", "brag7.1", "Dee has no chips and is not in this deal", "ignored"),
                          (3, "acted_not_in_hand", "Dee", "brag7.1", "Dee is not in this deal", "ignored")]
    assert r.outcome.stacks == {"Ann": 20, "Bob": 18, "Cy": 20, "Dee": 0}
    assert play(setup, r.events).prompt().to_act == "Cy"


def test_a_declaration_the_game_does_not_know_is_ignored() -> None:
    """Seven-card brag knows one declaration, four of a kind (brag7.7): an opener's declaration is noted and
    ignored."""
    setup = game_setup("seven_card_brag", seats=[("Ann", 20), ("Bob", 20), ("Cy", 20)])
    r = replay_hand(setup, [Stake("Bob", 1), Declare("Bob", what="open")])
    assert findings_in_full(r) == [(2, "declaration_unknown", "Bob", None, "Bob declares open: not a declaration of Seven-card Brag",
                           "ignored")]


@pytest.mark.parametrize("betting", [Look("Cy"), See("Cy", 2, "Bob"), Cover("Cy")])
def test_every_betting_word_is_no_betting_in_seven_card_brag(betting) -> None:
    """brag7.1 "there is no betting": a look, a see and a cover are each flagged and change nothing."""
    setup = game_setup("seven_card_brag", seats=[("Ann", 20), ("Bob", 20), ("Cy", 20)])
    r = replay_hand(setup, [Stake("Bob", 1), betting])
    assert [(f.action, f.code, f.rule) for f in r.findings] == [(2, "no_betting", "brag7.1")]
    assert r.outcome.stacks == {"Ann": 20, "Bob": 19, "Cy": 20}


# ---------------------------------------------------------------- the stakes' chips


@pytest.mark.parametrize(("options", "cy"), [((), 19), (("common.illegal_fix = void_and_reprompt",), 20)])
def test_an_unequal_stake_is_corrected_or_voided(options: tuple[str, ...], cy: int) -> None:
    """brag7.1 / common.illegal_fix: Cy's 2 against Bob's 1 is staked as 1, or not at all."""
    r = hand("Bob: stake 1\nCy: stake 2\n", *options)
    assert r.outcome.stacks == {"Ann": 20, "Bob": 19, "Cy": cy}
    assert r.outcome.in_middle == 1 + 20 - cy


@pytest.mark.parametrize(("options", "ann"), [((), 19), (("common.illegal_fix = void_and_reprompt",), 20)])
def test_a_late_stake_is_taken_or_voided(options: tuple[str, ...], ann: int) -> None:
    r = hand("Bob: stake 1\nCy: stake 1\nBob: reveals Kh Kd 5c\nAnn: stake 1\n", *options)
    assert r.outcome.stacks == {"Ann": ann, "Bob": 19, "Cy": 19}


def test_a_stake_bigger_than_the_players_chips_puts_in_what_he_has() -> None:
    """brag7.1: Bob stakes 5 with 3 chips: he puts in his 3 (noted short); the deal's stake is still 5, so Cy's
    5 is no breach."""
    r = hand("Bob: stake 5\nCy: stake 5\n", seats="Ann 20, Bob 3, Cy 20")
    assert findings_in_full(r) == [(1, "ante_short", "Bob", "brag7.1", "Bob could stake only 3 of 5", None)]
    assert r.outcome.stacks == {"Ann": 20, "Bob": 0, "Cy": 15} and r.outcome.in_middle == 8


# ---------------------------------------------------------------- refusals: a log that cannot be replayed


REFUSALS = {
    "a third hand in seven-card brag": ("seven_card_brag", STAKES + "Bob: reveals hand 3: Kh Kd 5c\n",
                                        "hand 1, action 4: Bob reveals a hand 3: Seven-card Brag has 2 hands a player",
                                        "a player reveals each of his hands once"),
    "a fourth hand in nine-card brag": ("nine_card_brag", STAKES + "Bob: reveals hand 4: Kh Kd 5c\n",
                                        "hand 1, action 4: Bob reveals a hand 4: Nine-card Brag has 3 hands a player",
                                        "a player reveals each of his hands once"),
    "a hand revealed twice": ("seven_card_brag", STAKES + "Bob: reveals Kh Kd 5c\nBob: reveals hand 1: 9c 8d 2s\n",
                              "hand 1, action 5: Bob reveals his hand 1 twice", "write 'reveals hand N: …' for another hand"),
    "hand number 0": ("seven_card_brag", STAKES + "Bob: reveals hand 0: Kh Kd 5c\n",
                      "bad hand number 0", "brag hands are revealed as hand 1, 2, 3"),
    "three hands in seven-card brag": ("seven_card_brag", "Bob: arranges Kh Kd 5c | 9c 8d 2s | 4h 4d 4c\n",
                                       "hand 1, action 1: Bob arranges 3 hands: Seven-card Brag makes 2",
                                       "write the hands in the order he will reveal them, '|' between them"),
    "two hands in nine-card brag": ("nine_card_brag", "Bob: arranges Kh Kd 5c | 9c 8d 2s\n",
                                    "hand 1, action 1: Bob arranges 2 hands: Nine-card Brag makes 3",
                                    "write the hands in the order he will reveal them, '|' between them"),
    "two discards in seven-card brag": ("seven_card_brag", "Bob: arranges Kh Kd 5c | 9c 8d 2s, discards 3h 4h\n",
                                        "hand 1, action 1: Bob discards 2 cards: Seven-card Brag discards 1",
                                        "the discard is the card left out of his hands"),
    "a discard in nine-card brag": ("nine_card_brag", "Bob: arranges Kh Kd 5c | 9c 8d 2s | 4h 4d 4c, discards 3h\n",
                                    "hand 1, action 1: Bob discards 1 cards: Nine-card Brag discards 0",
                                    "the discard is the card left out of his hands"),
    "two arrangements": ("seven_card_brag", "Bob: arranges Kh Kd 5c | 9c 8d 2s, discards 3h\n"
                                            "Bob: arranges Kh Kd 5c | 9c 8d 2s, discards 3h\n",
                         "hand 1, action 2: Bob arranges his hands twice", "log one arrangement per player and deal"),
    # a card is in one place at a time: a revealed or declared card another player holds cannot be replayed
    "a revealed card another holds": ("seven_card_brag", STAKES + "Bob: reveals Kh Kd 5c\nCy: reveals Kh Qd 2c\n",
                                      "hand 1, action 5: Kh is dealt to Cy but Bob already holds it",
                                      "each card is in the pack once: correct the card"),
    "a declared card another holds": ("seven_card_brag", "Bob: dealt 9c 2d 3d 4h 5h 6h 7h\n"
                                      "Cy: declares four of a kind 9c 9d 9h 9s\noption brag7.four_of_a_kind_wins = on",
                                      "hand 1, action 2: 9c is dealt to Cy but Bob already holds it",
                                      "each card is in the pack once: correct the card"),
    "best three then bet": ("seven_card_brag", STAKES + "option brag7.mode = best_three_then_bet",
                            "hand 1: the rules engine does not replay brag7.mode = best_three_then_bet: the seven-card "
                            "rulebook has no betting options to say how the hand is bet",
                            "replay it with brag7.mode = split_two_hands"),
}


@pytest.mark.parametrize(("game", "lines", "words", "hint"), REFUSALS.values(), ids=REFUSALS.keys())
def test_a_seven_or_nine_card_log_that_cannot_be_replayed_is_refused_in_words(game: str, lines: str, words: str,
                                                                              hint: str) -> None:
    options = [line.removeprefix("option ") for line in lines.splitlines() if line.startswith("option ")]
    lines = "".join(line + "\n" for line in lines.splitlines() if not line.startswith("option "))
    with pytest.raises(HandFileError) as err:
        hand(lines, *options, game=game)
    assert (err.value.message, err.value.hint) == (words, hint)


@pytest.mark.parametrize("scoring", ["four_pots", "points_3_2_1_to_21"])
def test_nine_card_scoring_the_engine_cannot_state_is_refused_in_words(scoring: str) -> None:
    """brag9.scoring: four pots' and points' division of the stakes is stated nowhere the engine could cite."""
    with pytest.raises(HandFileError) as err:
        hand(STAKES, f"brag9.scoring = {scoring}", game="nine_card_brag")
    assert (err.value.message, err.value.hint) == (
        f"hand 1: the rules engine does not replay brag9.scoring = {scoring}: its division of the stakes is not stated",
        "replay it with brag9.scoring = single_pot")


def test_a_card_twice_in_one_arrangement_is_refused() -> None:
    with pytest.raises(HandFileError) as err:
        hand("Bob: arranges Kh Kd 5c | Kh 8d 2s, discards 3h\n")
    assert err.value.message.endswith(" in Bob's arrangement") and "Kh" in err.value.message


# ---------------------------------------------------------------- declarations


@pytest.mark.parametrize(("what", "text", "holds"), [
    ("four_of_a_kind", "9c 9d 9h 9s", True),
    ("four_of_a_kind", "9c 9d 9h", False),        # three of them
    ("four_of_a_kind", "9c 9d 9h 8s", False),     # three and an odd card
    ("four_pairs", "Kh Kd Qh Qd 5c 5d 9s 9h", True),
    ("four_pairs", "Kh Kd Qh Qd 5c 5d", False),                # three pairs
    ("four_pairs", "Kh Kd Qh Qd 5c 5d 9s 2c", False),          # three pairs and two odd cards
    ("four_pairs", "Kh Kd Ks Qd 5c 5d 9s 9h", False),          # a prial, two pairs and an odd card
    ("four_pairs", "Kh Kd Ks Kc 5c 5d 9s 9h", False),          # four of a kind and two pairs: three ranks
])
def test_what_the_declared_cards_must_show(what: str, text: str, holds: bool) -> None:
    """brag7.7 "four of a kind"; brag9.four_pairs_redeal "four pairs": the declared cards must be that."""
    assert SevenCardBrag.declaration_holds(what, list(cards(text))) is holds


def test_four_of_a_kind_declared_wins_the_pot_at_once() -> None:
    """brag7.7 / brag7.four_of_a_kind_wins = on: "wins the pot at once if he declares it immediately, before
    discarding" -- Cy shows four nines after the stakes: he takes the 3 staked (Cy 22, the others 19); no
    round is revealed, so no round has a best hand."""
    r = hand(STAKES + "Cy: declares four of a kind 9c 9d 9h 9s\n", "brag7.four_of_a_kind_wins = on")
    o = r.outcome
    assert findings_in_full(r) == []
    assert (o.kind, o.summary, o.stacks) == ("showdown", "Cy declares four of a kind and wins 3",
                                             {"Ann": 19, "Bob": 19, "Cy": 22})
    assert [(p.amount, p.winners, p.rule) for p in o.pots] == [(3, ("Cy",), "brag7.7")]
    assert o.facts == {"round_best": []} and o.next_hand.carry == SevenCarry()
    assert play(game_setup("seven_card_brag", {"brag7.four_of_a_kind_wins": "on"}, seats=[("Ann", 20), ("Bob", 20), ("Cy", 20)]),
                r.events).over_reason() == "Cy declared four of a kind"


def test_four_of_a_kind_declared_in_nine_card_brag_cites_its_rule() -> None:
    """brag9.6: "as in Seven-card Brag, a player holding four of a kind wins the pot at once"."""
    r = hand(STAKES + "Bob: declares four of a kind Kh Kd Kc Ks\n", "brag9.four_of_a_kind_wins = on", game="nine_card_brag")
    assert [(p.amount, p.winners, p.rule) for p in r.outcome.pots] == [(3, ("Bob",), "brag9.6")]
    assert r.outcome.stacks == {"Ann": 19, "Bob": 22, "Cy": 19}


def test_four_pairs_redeal_carries_the_pot_and_the_dealer_deals_again() -> None:
    """brag9.four_pairs_redeal = on: "everyone then stakes again and the cards are redealt": the 3 staked stay
    (counted as a deal carried), the same dealer (Ann) deals again, and the deal's end says why."""
    lines = STAKES + "Cy: declares four pairs Kh Kd Qh Qd 5c 5d 9s 9h\n"
    r = hand(lines, "brag9.four_pairs_redeal = on", game="nine_card_brag")
    o = r.outcome
    assert [(p.amount, p.eligible, p.winners, p.left_over, p.rule) for p in o.pots] == [
        (3, ("Bob", "Cy", "Ann"), (), 3, "brag9.four_pairs_redeal")]
    assert (o.kind, o.carried, o.next_hand.dealer, o.next_hand.same_dealer) == ("redeal", 3, "Ann", True)
    assert o.next_hand.carry == SevenCarry(pot=3, deals_carried=1)
    assert o.next_hand.obligations == ("every player stakes again",)
    assert o.facts == {"round_best": []}
    state = play(game_setup("nine_card_brag", {"brag9.four_pairs_redeal": "on"}, seats=[("Ann", 20), ("Bob", 20), ("Cy", 20)]),
                 r.events)
    assert state.over_reason() == "four pairs were declared: the cards are redealt"


# ---------------------------------------------------------------- reveal order, rounds, misorder


def test_each_round_is_led_by_the_best_hand_of_the_round_before() -> None:
    """brag7.3.1 / brag7.3.2: round one from the dealer's left (Bob), round two from the best first hand
    (Cy's running flush), then clockwise (Cy, Ann, Bob).  The prompt names who reveals and what."""
    setup = game_setup("seven_card_brag", seats=[("Ann", 20), ("Bob", 20), ("Cy", 20)])
    events = list(hand(STAKES + ROUND_ONE + ROUND_TWO).events)
    due = [play(setup, events[:n]).prompt().to_act for n in range(3, len(events) + 1)]
    assert due == ["Bob", "Cy", "Ann", "Cy", "Ann", "Bob", None]
    state = play(setup, events[:6])
    assert (state.leader(1), state.leader(2), state.round_order(2)) == (1, 2, (2, 0, 1))
    assert (state.current_round(), state.next_to_reveal()) == (2, (2, 2))
    over = play(setup, events)
    assert (over.over_reason(), over.current_round(), over.next_to_reveal()) == ("every hand is revealed", None, None)


def test_a_tie_for_the_best_first_hand_is_led_by_the_one_revealed_first() -> None:
    """brag7.3.2 "beginning with the player whose first hand was the best": Bob's and Cy's kings with a five
    tie; Bob revealed first, so Bob leads round two."""
    setup = game_setup("seven_card_brag", seats=[("Ann", 20), ("Bob", 20), ("Cy", 20)])
    events = list(hand(STAKES + "Bob: reveals Kh Kd 5c\nCy: reveals Ks Kc 5d\nAnn: reveals 6c 6h As\n").events)
    state = play(setup, events)
    assert (state.leader(2), state.prompt().to_act) == (1, "Bob")


def test_an_unseen_first_hand_leaves_round_two_without_a_leader() -> None:
    """brag7.3.2: nobody can tell whose first hand was best when Ann's is logged unseen: no reveal of round
    two is out of turn, and nobody is asked."""
    lines = STAKES + ROUND_ONE.replace("6c 6h As", "?? ?? ??") + "Bob: reveals 9c 8d 2s\n"
    r = hand(lines)
    assert findings_in_full(r) == []
    setup = game_setup("seven_card_brag", seats=[("Ann", 20), ("Bob", 20), ("Cy", 20)])
    state = play(setup, list(r.events)[:6])
    assert (state.leader(2), state.next_to_reveal(), state.prompt().to_act) == (None, None, None)


MISORDERED = (STAKES + "Bob: reveals Qh Qd 2s\nCy: reveals Jh Jc 3d\nAnn: reveals 8s 8h 6c\n"
              "Bob: reveals Ah Ad Ac\nCy: reveals Th Tc 4d\nAnn: reveals 5s 5h 3c\n")


def test_a_weaker_hand_revealed_first_cannot_win() -> None:
    """brag7.4 / brag7.misorder = hand_cannot_win: "cannot win the pot on this deal; his hands still count for
    the order of revealing" -- Bob's queens are best in round one (over Cy's jacks and Ann's fives) and his
    aces in round two (over tens and eights), but the aces are better than the queens he revealed first:
    flagged at the aces (action 7); nobody may win, the 3 stay."""
    r = hand(MISORDERED)
    assert findings_in_full(r) == [(7, "better_hand_not_first", "Bob", "brag7.4",
                           "Bob revealed Ah Ad Ac after his weaker Qh Qd 2s: the best hand must be revealed first",
                           "he cannot win the pot on this deal; his hands still count")]
    o = r.outcome
    assert (o.kind, o.summary, o.carried, o.facts) == ("carried", "nobody is best in every round: the pot of 3 stays", 3,
                                                       {"round_best": ["Bob", "Bob"]})
    assert o.next_hand.carry == SevenCarry(pot=3, deals_carried=1)
    assert o.next_hand.obligations == ("every player stakes again",)


def test_the_value_of_a_hand_not_revealed_is_below_every_hand() -> None:
    """The reorder of brag7.misorder compares a player's hands by value; a hand not revealed yet counts -1, below
    the lowest high card."""
    setup = game_setup("seven_card_brag", seats=[("Ann", 20), ("Bob", 20), ("Cy", 20)])
    state = play(setup, list(hand(STAKES + "Bob: reveals 5c 3d 2s\n").events))
    assert state.key_of(1, 2) == -1 < state.key_of(1, 1) == state.value(tuple(cards("5c 3d 2s"))).key
    assert state.key_of(2, 1) == -1


def test_a_weaker_hand_revealed_first_is_reordered() -> None:
    """brag7.misorder = reorder: "the better one counts as his first hand" -- Bob's aces count in round one,
    his queens in round two: best in both, he wins the 3 staked, the pot naming his aces."""
    r = hand(MISORDERED, "brag7.misorder = reorder")
    assert findings_in_full(r) == [(7, "better_hand_not_first", "Bob", "brag7.4",
                           "Bob revealed Ah Ad Ac after his weaker Qh Qd 2s: the best hand must be revealed first",
                           "his better hand counts as his first")]
    o = r.outcome
    assert (o.kind, o.summary, o.stacks) == ("showdown", "Bob has the best hand in 2 rounds and wins 3",
                                             {"Ann": 19, "Bob": 22, "Cy": 19})
    assert [(p.amount, p.eligible, p.winners, p.rule, p.hand) for p in o.pots] == [
        (3, ("Bob", "Cy", "Ann"), ("Bob",), "brag7.6.1", "prial of aces")]
    assert o.facts == {"round_best": ["Bob", "Bob"]} and o.next_hand.carry == SevenCarry()


def test_a_misordered_player_is_flagged_once() -> None:
    """brag9.3.1 "Only the first hand a player reveals must be his best": Bob's second and third hands both
    beat his first; the breach is flagged once, at the second."""
    lines = (STAKES + "Bob: reveals 9c 8d 2s\nCy: reveals Jh Jc 3d\nAnn: reveals 8s 8h 6c\n"
             "Cy: reveals Th Tc 4d\nAnn: reveals 5s 5h 3c\nBob: reveals Qh Qd 2h\n"
             "Bob: reveals Ah Ad Ac\nCy: reveals 7h 6d 2d\nAnn: reveals Kc 4c 3h\n")
    r = hand(lines, game="nine_card_brag")
    assert [(f.action, f.code, f.player, f.rule) for f in r.findings] == [(9, "better_hand_not_first", "Bob", "brag9.3")]
    assert r.outcome.kind == "carried"


def test_a_player_whose_hands_two_rounds_need_is_named_once() -> None:
    """brag9.win = two_of_three: Cy's running flush is best in round one; Ann's second and third hands are logged
    unseen and either could beat Bob's and Cy's: Cy could still win two rounds, so the pot waits -- for Ann's
    hands, named once."""
    lines = (STAKES + ROUND_ONE + "Cy: reveals 8c 8d 2h\nAnn: reveals ?? ?? ??\nBob: reveals 4d 4h 2d\n")
    setup = game_setup("nine_card_brag", {"brag9.win": "two_of_three"}, seats=[("Ann", 20), ("Bob", 20), ("Cy", 20)])
    events = list(hand(lines, "brag9.win = two_of_three", game="nine_card_brag").events)
    # round three has no leader (round two's best cannot be told): no reveal of it is out of turn
    events += [Reveal("Cy", None, tuple(cards("Th 9d 3c"))), Reveal("Ann", None, (UNKNOWN,) * 3),
               Reveal("Bob", None, tuple(cards("Jh Jc 3d")))]
    r = replay_hand(setup, events)
    assert findings_in_full(r) == [(None, "round_unverifiable", "Ann", "brag9.5",
                           "the best hand of a round cannot be told: Ann's hand must be shown",
                           "the pot is undecided until it is shown")]
    assert (r.outcome.undecided, r.outcome.facts) == (3, {"round_best": ["Cy", "?", "?"]})


# ---------------------------------------------------------------- round ties and the pot


TIED = (STAKES + "Bob: reveals Kh Kd 5c\nCy: reveals Ks Kc 5d\nAnn: reveals 6c 6h As\n"
        "Bob: reveals Jc Jd 2s\nCy: reveals 9d 8c 2h\nAnn: reveals Qc Td 3s\n")


@pytest.mark.parametrize(("option", "kind", "bests", "stacks"), [
    # "nobody has the best hand of that round, so nobody can win the pot on this deal: it carries"
    ("brag7.round_tie = no_unique_best_pot_carries", "carried", [None, "Bob"], {"Ann": 19, "Bob": 19, "Cy": 19}),
    # "the one revealed first counts as the best": Bob's kings, revealed before Cy's
    ("brag7.round_tie = first_revealed_wins", "showdown", ["Bob", "Bob"], {"Ann": 19, "Bob": 22, "Cy": 19}),
])
def test_a_tie_for_the_best_hand_of_a_round(option: str, kind: str, bests: list, stacks: dict) -> None:
    """brag7.round_tie: round one Bob's and Cy's kings with a five tie; round two Bob's jacks are best."""
    o = hand(TIED, option).outcome
    assert (o.kind, o.facts, o.stacks) == (kind, {"round_best": bests}, stacks)


@pytest.mark.parametrize(("option", "kind", "bests"), [
    ("brag9.round_tie = no_unique_best", "carried", [None, "Bob", "Bob"]),
    ("brag9.round_tie = first_revealed_wins", "showdown", ["Bob", "Bob", "Bob"]),
])
def test_a_tie_for_the_best_hand_of_a_nine_card_round(option: str, kind: str, bests: list) -> None:
    """brag9.round_tie: round one Bob's and Cy's kings with a five tie; Bob's jacks and his fours are best in
    rounds two and three (brag9.win = all_three)."""
    lines = TIED + "Bob: reveals 4c 4d 2c\nCy: reveals 7d 5h 3c\nAnn: reveals 9h 7s 4s\n"
    o = hand(lines, option, game="nine_card_brag").outcome
    assert (o.kind, o.facts) == (kind, {"round_best": bests})


@pytest.mark.parametrize(("win", "kind", "bob"), [("all_three", "carried", 19), ("two_of_three", "showdown", 22)])
def test_nine_card_brag_pot_under_each_winning_rule(win: str, kind: str, bob: int) -> None:
    """brag9.win: Cy's running flush is best in round one, Bob's queens and jacks in rounds two and three:
    two of three wins under two_of_three; under all_three the pot stays."""
    lines = (STAKES + "Bob: reveals Kh Kd 5c\nCy: reveals Qs Js Ts\nAnn: reveals 6c 6h As\n"
             "Cy: reveals 8c 8d 2h\nAnn: reveals 4d 4h 2d\nBob: reveals Qh Qd 4s\n"
             "Bob: reveals Jh Jc 3d\nCy: reveals Th 9d 4c\nAnn: reveals 5s 5h Kc\n")
    o = hand(lines, f"brag9.win = {win}", game="nine_card_brag").outcome
    assert (o.kind, o.stacks["Bob"], o.facts) == (kind, bob, {"round_best": ["Cy", "Bob", "Bob"]})
    if kind == "showdown":  # the pot names the better of his winning hands, his queens (brag9.5)
        assert o.summary == "Bob has the best hand in 2 rounds and wins 3"
        assert [(p.amount, p.eligible, p.winners, p.rule, p.hand) for p in o.pots] == [
            (3, ("Bob", "Cy", "Ann"), ("Bob",), "brag9.5", "pair of queens, four odd")]
    else:  # brag9.7 "If nobody wins the pot, it stays"
        assert o.summary == "nobody is best in every round: the pot of 3 stays"
        assert [(p.amount, p.winners, p.left_over, p.rule) for p in o.pots] == [(3, (), 3, "brag9.7")]
        assert o.next_hand.carry == SevenCarry(pot=3, deals_carried=1)
    assert NineCardBrag.needed_wins(play(game_setup("nine_card_brag", {"brag9.win": win}), [])) == (2 if bob == 22 else 3)


def test_the_pot_carries_deal_after_deal_counting_the_deals() -> None:
    """brag7.6.2 "it stays, and every player stakes again before the next deal": two deals nobody wins make
    a pot of 6 carried twice; the third deal's winner (Cy, best in both rounds) takes 9."""
    nobody = STAKES + TIED.removeprefix(STAKES).replace("Jc Jd 2s", "9c 8d 3h")
    hands = [h.replay for h in replay_text_night(
        "seven_card_brag", "hand 1\n" + nobody + "\nhand 2\nCy: stake 1\nAnn: stake 1\nBob: stake 1\n"
        "Cy: reveals Kh Kd 5c\nAnn: reveals Ks Kc 5d\nBob: reveals 6c 6h As\nCy: reveals 9c 8d 2s\n"
        "Bob: reveals 9d 8c 2h\nAnn: reveals 7c 5h 3s\n"
        "\nhand 3\nAnn: stake 1\nBob: stake 1\nCy: stake 1\nAnn: reveals 6c 6h As\nBob: reveals Kh Kd 5c\n"
        "Cy: reveals Qs Js Ts\nCy: reveals Ac Ad 4h\nAnn: reveals Kc Td 3s\nBob: reveals 9c 8d 2s\n",
        seats=SEATS)]
    assert [h.outcome.next_hand.carry for h in hands] == [SevenCarry(pot=3, deals_carried=1),
                                                          SevenCarry(pot=6, deals_carried=2), SevenCarry()]
    assert [h.outcome.next_hand.obligations for h in hands] == [("every player stakes again",)] * 2 + [()]
    assert hands[2].outcome.stacks == {"Ann": 17, "Bob": 17, "Cy": 26}


# ---------------------------------------------------------------- prompts


def test_the_reveal_prompt_offers_the_arranged_hand() -> None:
    """brag7.2: Bob arranged his hands: he is asked to reveal his first one, by its cards; Cy, who did not
    arrange, is asked for his next hand."""
    setup = game_setup("seven_card_brag", seats=[("Ann", 20), ("Bob", 20), ("Cy", 20)])
    events = list(hand(STAKES + "Bob: arranges Kh Kd 5c | 9c 8d 2s, discards 3h\nBob: reveals Kh Kd 5c\n").events)
    bob = play(setup, events[:4]).prompt()
    assert (bob.phase, bob.to_act, bob.legal, bob.stack) == ("reveal", "Bob", ("reveal Kh Kd 5c",), 19)
    assert bob.options.events("Bob") == [events[4]]
    cy = play(setup, events).prompt()
    assert (cy.to_act, cy.legal) == ("Cy", ("reveal his next hand",))
    assert [(e.player, e.round, e.cards) for e in cy.options.events("Cy")] == [("Cy", None, (UNKNOWN,) * 3)]


def test_the_stake_prompt_offers_the_equal_stake() -> None:
    """brag7.1: once Bob has staked 2, Cy is offered a stake of 2; before anyone stakes the stake offered is one."""
    setup = game_setup("seven_card_brag", seats=[("Ann", 20), ("Bob", 20), ("Cy", 20)])
    assert play(setup, []).prompt().options.events("Bob") == [Stake("Bob", 1)]
    cy = play(setup, [Stake("Bob", 2)]).prompt()
    assert (cy.to_act, cy.options.events("Cy")) == ("Cy", [Stake("Cy", 2)])
    ann = play(setup, [Stake("Bob", 2), Stake("Cy", 2)]).prompt()
    assert (ann.phase, ann.to_act, ann.legal) == ("stakes", "Ann", ("stake 2",))


def test_the_prompt_of_a_deal_that_is_over_asks_nobody() -> None:
    setup = game_setup("seven_card_brag", seats=[("Ann", 20), ("Bob", 20), ("Cy", 20)])
    state = play(setup, list(hand(STAKES + ROUND_ONE + ROUND_TWO).events))
    p = state.prompt()
    assert (p.phase, p.to_act) == ("over", None) and state.expected_actor() is None


def test_the_games_are_found_by_their_names() -> None:
    assert find_game("seven card brag") is SevenCardBrag and find_game("Nine-card Brag") is NineCardBrag
