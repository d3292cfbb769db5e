"""The hand every game is built on (``referee.engine.state``), played through the toy game of
``tests/helpers/toy_game.py`` -- High card: each player antes ``toy.ante`` chips and shows one card,
the highest rank takes the pot; play goes to the right (``direction = -1``), so the dealer's neighbour
in the direction of play is the seat before him -- and through the shipped games where the toy does
not reach: every refusal of input no table could have produced with its exact words, the antes, the
findings, the table after each step, and the outcome (pots, shares, odd chips, what carries)."""

from __future__ import annotations

from pathlib import Path

import pytest

from helpers.toy_game import Double, Name, toy_games  # noqa: F401 (the fixture)
from referee.cards import JOKER_1, UNKNOWN, card, cards
from referee.engine.events import AllIn, Bet, Call, Check, Deal, Draw, Fold, Misdeal, Muck, Raise, Show, Void
from referee.engine.outcome import Carry, NextHand, PokerCarry, PotResult
from referee.engine.pots import Pot
from referee.engine.replay import start_hand
from referee.engine.state import HandSetup, Legality, Prompt, Snapshot, showdown_summary
from referee.errors import CardError, InputError
from referee.rulebook import load_rulebook

from helpers.engine import dealt, drawn, game_setup

TOY = "High card (a toy game)"
THREE = [("Ann", 10), ("Bob", 10), ("Cy", 10)]


def toy(folder: Path, seats=THREE, dealer="Ann", options=None, **kw):
    rulebook = load_rulebook(folder / "toy.toml")
    if options:
        rulebook = rulebook.with_options(options)
    return start_hand(HandSetup(rulebook, seats, dealer, **kw))


def played(folder: Path, *events, **kw):
    state = toy(folder, **kw)
    for event in events:
        state.push(event)
    return state


def shows(name: str, text: str, purpose: str = "hand") -> Show:
    return Show(name, tuple(cards(text)), purpose)


# ---------------------------------------------------------------------- where a hand starts

def test_a_hand_cannot_start_with_a_dealer_not_seated_or_a_negative_carry(toy_games: Path) -> None:
    rulebook = load_rulebook(toy_games / "toy.toml")
    with pytest.raises(InputError) as refused:
        HandSetup(rulebook, THREE, "Zed")
    assert (refused.value.message, refused.value.hint) == ("the dealer 'Zed' is not seated", "seated: Ann, Bob, Cy")
    for carry in (Carry(pot=-1), PokerCarry(passed_out=-1)):
        with pytest.raises(InputError, match="^a carried pot and a passed-out count cannot be negative$"):
            HandSetup(rulebook, THREE, "Ann", carry_in=carry)
    setup = HandSetup(rulebook, THREE, "Bob", carry_in=PokerCarry(pot=0, passed_out=0))
    assert setup.names == ("Ann", "Bob", "Cy") and setup.number == 1


@pytest.mark.parametrize(("seats", "message"), [
    ([("Ann", 10), ("Bob", 0), ("Cy", 0)], "only Ann has chips: a hand needs two players with chips"),
    ([("Ann", 0), ("Bob", 0)], "no player at the table has chips: a hand needs two players with chips"),
])
def test_a_hand_needs_two_players_with_chips(toy_games: Path, seats, message) -> None:
    """A player with no chips is not dealt in: a deal needs two who can play."""
    with pytest.raises(InputError) as refused:
        toy(toy_games, seats=seats, number=4)
    assert (refused.value.message, refused.value.hand) == (message, 4)
    assert refused.value.hint == ("chips added between hands ('Bob adds 20') or a player sitting down let the night "
                                  "go on")


def test_every_player_dealt_in_antes_and_the_table_after_the_antes(toy_games: Path) -> None:
    """toy.1: "Every player antes and is dealt one card" -- with toy.ante = 2 Ann and Bob put 2 in, Cy has 1
    chip and antes it (noted, at no action), Dee has none and is not dealt in; a carried pot of 3 is in
    the middle from the start."""
    state = toy(toy_games, seats=[("Ann", 10), ("Bob", 10), ("Cy", 1), ("Dee", 0)], options={"toy.ante": 2},
                carry_in=Carry(pot=3))
    assert state.stacks == [8, 8, 0, 0] and state.start_stacks == (10, 10, 1, 0)
    assert state.dealt_in == (True, True, True, False) and state.live == [True, True, True, False]
    assert (state.pot.dead, state.middle(), state.total) == (3 + 2 + 2 + 1, 8, 24)
    (short,) = state.findings
    assert (short.code, short.message, short.rule, short.action, short.player) == (
        "ante_short", "Cy could ante only 1 of 2", "toy.1", None, "Cy")
    assert state.contributed() == [0, 0, 0, 0] and state.in_hand() == [0, 1, 2]
    table = state.snapshot()
    assert table == Snapshot(0, "showdown", None, ("Ann", "Bob", "Cy", "Dee"), (8, 8, 0, 0),
                             (True, True, True, False), 8)
    assert table.in_hand == ("Ann", "Bob", "Cy")


# ---------------------------------------------------------------------- input no table could have produced

@pytest.mark.parametrize(("event", "error", "message", "hint"), [
    (Bet("Ann", 1), InputError, f"Bet is not an action of {TOY}",
     f"{TOY} actions: shows Kh; folds; doubles; names Kh"),
    (Show("Zed", (card("Kh"),)), InputError, "'Zed' is not seated at this table", "seated: Ann, Bob, Cy"),
    (Show("Ann", (JOKER_1,)), CardError, f"Jk1 is not a card of the {TOY} pack", "correct the card"),
    (Name("Ann", JOKER_1), CardError, f"Jk1 is not a card of the {TOY} pack", "correct the card"),
    (shows("Ann", "Kh Qh"), InputError, f"Ann shows 2 cards: a {TOY} hand is 1 card", "write the 1 card of the hand"),
    (Show("Bob", ()), InputError, f"Bob shows 0 cards: a {TOY} hand is 1 card", "write the 1 card of the hand"),
    (shows("Cy", "Kh Qh", "openers"), InputError, f"Cy shows 2 cards as his openers: a {TOY} hand is 1 card",
     "write at most 1 card"),
    (Void(2), InputError, "action 1 voids action 2, which is not an earlier action of this hand",
     "a correction voids an action logged before it"),
    (Void(1), InputError, "action 1 voids action 1, which is not an earlier action of this hand",
     "a correction voids an action logged before it"),
])
def test_input_no_table_could_have_produced_is_refused_at_its_action(toy_games: Path, event, error, message, hint):
    """Refused, not ruled on: an event of another game, a player not seated, a card the pack does not
    hold (the toy's own event naming a card is checked like a show), a hand of the wrong size, a
    correction of an action that is not an earlier one -- placed at hand 2, action 1."""
    state = toy(toy_games, number=2)
    with pytest.raises(error) as refused:
        state.push(event)
    assert (refused.value.message, refused.value.hint) == (message, hint)
    assert (refused.value.hand, refused.value.action, str(refused.value)) == (2, 1, f"hand 2, action 1: {message}")


def test_a_hand_shown_twice_is_refused_and_a_void_of_action_zero_too(toy_games: Path) -> None:
    state = played(toy_games, shows("Ann", "Kh"))
    with pytest.raises(InputError) as refused:
        state.push(shows("Ann", "Kh"))
    assert (refused.value.message, refused.value.hint, refused.value.action) == (
        "Ann has already shown Kh", "a hand is shown once: leave out the repeated line", 2)
    state = played(toy_games, Double("Ann"))
    with pytest.raises(InputError, match="action 2 voids action 0, which is not an earlier action"):
        state.push(Void(0))


def test_a_correction_replays_the_hand_without_the_action_it_voids(toy_games: Path) -> None:
    """A correction (``void action 1``) is logged and the hand replayed without the voided action: Ann's
    double is taken back, the correction noted at its own action."""
    state = played(toy_games, Double("Ann"), Double("Bob"))
    assert state.stacks == [8, 8, 9] and state.middle() == 5
    state.push(Void(1, "entered twice"))
    assert state.stacks == [9, 8, 9] and state.middle() == 4 and state.action == 3
    assert len(state.log) == 3 and state.voided == frozenset({1})
    (voided,) = state.findings
    assert (voided.code, voided.message, voided.remedy, voided.action, voided.rule) == (
        "action_voided", "action 1 is void (entered twice)", "skipped on replay", 3, None)
    state.push(Void(2))
    assert state.stacks == [9, 9, 9] and [f.message for f in state.findings] == [
        "action 1 is void (entered twice)", "action 2 is void"]
    # the voided double may be made again: it is no longer a second double
    state.push(Double("Ann"))
    assert state.findings[-1].code == "action_voided" and state.stacks == [8, 9, 9]


# ---------------------------------------------------------------------- legality, the prompt, a copy

def test_legality_answers_on_a_copy_with_the_findings_the_action_would_have(toy_games: Path) -> None:
    """toy.3: "A player may double once a hand": a second double by Ann would be flagged (illegal), a
    first one by Bob is legal; asking changes nothing."""
    state = played(toy_games, Double("Ann"))
    assert state.legality(Double("Bob")) == Legality(True, (), None)
    assert state.legality(Double("Bob")).message == "legal" and state.legality(Double("Bob")).rules == ()
    second = state.legality(Double("Ann"))
    assert (second.legal, second.to_act, second.legal_actions, second.rules) == (False, None, (), ("toy.3",))
    (finding,) = second.findings
    assert (finding.code, finding.action, finding.player, finding.remedy) == (
        "doubled_twice", 2, "Ann", "void: one double a hand")
    assert second.message == "Ann doubled twice"
    assert state.action == 1 and state.findings == [] and state.stacks == [8, 9, 9] and state.doubled == {0}
    # a note is no breach: a show after the hand is over is legal, and said with its note
    state.ended = "misdeal"
    late = state.legality(shows("Bob", "Kd"))
    assert late.legal and late.message == "legal" and late.rules == ()
    assert [(f.code, f.message, f.player, f.remedy) for f in late.findings] == [
        ("action_after_hand", "the hand is over (misdeal): this action comes after it", "Bob", "ignored")]


def test_a_copy_of_a_hand_is_played_on_apart_from_it(toy_games: Path) -> None:
    """The copy copies what the hand changes in place (the game's own set and dict included), the card
    places and the chips in the middle."""
    state = played(toy_games, shows("Ann", "Kh"), Name("Bob", card("Qd")))
    twin = state.copy()
    for event in (Double("Bob"), shows("Bob", "Qd"), Fold("Cy")):
        twin.push(event)
    assert (state.stacks, state.live, state.doubled, state.middle(), state.action) == ([9, 9, 9], [True] * 3, set(), 3, 2)
    assert state.shown == {0: (card("Kh"),)} and state.hand_of(1) == () and len(state.log) == 2
    assert (twin.stacks, twin.live, twin.doubled, twin.middle()) == ([9, 8, 9], [True, True, False], {1}, 4)
    assert twin.hand_of(1) == (card("Qd"),) and twin.named == {1: card("Qd")}


def test_nobody_is_prompted_outside_a_turn_engine_in_the_toy(toy_games: Path) -> None:
    state = toy(toy_games)
    assert state.to_act() is None
    assert state.prompt() == Prompt("showdown", None) and state.prompt().events() == []
    assert state.prompt().describe() == []


def test_the_player_to_act_in_a_betting_round_is_prompted_with_his_choices_and_chips():
    """draw.4 (straight draw, spread limit 1-2 before the draw): Ann deals, Bob opens the first round:
    he may check, fold, or bet 1 or 2, with his 100 chips."""
    state = start_hand(game_setup("straight_draw"))
    prompt = state.prompt()
    assert (prompt.phase, prompt.to_act, prompt.stack, prompt.legal) == ("round1", "Bob", 100, ("check", "fold", "bet 1–2"))
    assert prompt.describe() == ["check", "fold", "bet 1–2"] and state.to_act() == "Bob"
    assert prompt.events() == [Fold("Bob"), Check("Bob"), Bet("Bob", 1), Bet("Bob", 2)]
    assert state.snapshot().to_act == "Bob"


# ---------------------------------------------------------------------- the outcome

def test_a_pot_nobody_contests_goes_to_the_last_player_in(toy_games: Path) -> None:
    """toy.2 (the highest card takes the pot): Bob and Cy fold, Ann takes the 3 antes; play goes to the
    right, so Cy deals next."""
    state = played(toy_games, Fold("Bob"), Fold("Cy"))
    outcome = state.outcome()
    assert (outcome.kind, outcome.pots) == ("uncontested", (PotResult(3, ("Ann",), ("Ann",), {"Ann": 3}, True, 0, "toy.2"),))
    assert (outcome.stacks, outcome.net) == ({"Ann": 12, "Bob": 9, "Cy": 9}, {"Ann": 2, "Bob": -1, "Cy": -1})
    assert (outcome.carried, outcome.undecided, outcome.in_middle, outcome.summary) == (0, 0, 0, "Ann wins 3 uncontested")
    assert outcome.next_hand == NextHand("Cy", Carry(), False, ())
    assert state.middle() == 3 and state.stacks == [9, 9, 9]  # asked on a copy


def test_the_best_card_shown_takes_the_pot(toy_games: Path) -> None:
    state = played(toy_games, Double("Cy"), shows("Ann", "9c"), shows("Bob", "2d"), shows("Cy", "Kh"))
    outcome = state.outcome()
    assert outcome.kind == "showdown" and outcome.summary == "Cy wins 4 with Kh high"
    assert outcome.pots == (PotResult(4, ("Ann", "Bob", "Cy"), ("Cy",), {"Cy": 4}, True, 0, "toy.2", "Kh high"),)
    assert outcome.stacks == {"Ann": 9, "Bob": 9, "Cy": 12} and outcome.next_hand == NextHand("Cy", Carry(), False, ())


@pytest.mark.parametrize(("tie", "shares", "left_over", "stacks"), [
    # split: 1 each, the odd chip stays in the middle for the next deal
    ("split", {"Bob": 1, "Ann": 1}, 1, {"Ann": 10, "Bob": 10, "Cy": 9}),
    # the odd chip to the tied player nearest the dealer in the direction of play: Ann deals, play goes
    # to the right -- Cy, then Bob, then Ann
    ("odd_chip_left_of_dealer", {"Bob": 2, "Ann": 1}, 0, {"Ann": 10, "Bob": 11, "Cy": 9}),
])
def test_tied_best_cards_share_the_pot_by_the_showdown_tie_rule(toy_games: Path, tie, shares, left_over, stacks):
    """common.showdown_tie: Ann's Kh and Bob's Kd tie over Cy's 2d for the 3 antes; the winners are named
    in order from the dealer's neighbour, the pot cites the tie rule and is named by the first one's hand."""
    state = played(toy_games, shows("Ann", "Kh"), shows("Bob", "Kd"), shows("Cy", "2d"),
                   options={"common.showdown_tie": tie})
    outcome = state.outcome()
    assert outcome.pots == (PotResult(3, ("Ann", "Bob", "Cy"), ("Bob", "Ann"), shares, True, left_over,
                                      "common.showdown_tie", "Kd high"),)
    assert (outcome.stacks, outcome.carried) == (stacks, left_over)
    assert outcome.summary == "Bob/Ann win 3 with Kd high"
    assert outcome.next_hand == NextHand("Cy", Carry(pot=left_over), False, ())


def test_a_pot_whose_contenders_have_not_all_shown_is_undecided(toy_games: Path) -> None:
    """toy.2: Ann showed, Bob did not, Cy folded: the 3 antes wait for Bob's card."""
    state = played(toy_games, shows("Ann", "Kh"), Fold("Cy"))
    outcome = state.outcome()
    assert outcome.pots == (PotResult(3, ("Ann", "Bob"), (), {}, False, 0, "toy.2", None),)
    assert (outcome.undecided, outcome.carried, outcome.decided, outcome.summary) == (3, 0, False, "3 undecided")
    assert outcome.stacks == {"Ann": 9, "Bob": 9, "Cy": 9}


def test_the_showdown_toolkit_awards_each_pot_to_those_who_may_win_it(toy_games: Path) -> None:
    """What a game's end asks of the toolkit: a pot nobody left may win is carried, a pot with one who may
    win is his whatever he holds, and the player the game excludes (a false opener) shapes the pots but
    wins none.  Here Ann is excluded: Bob, the only other contender, takes the pot unshown."""
    class Value:
        def __init__(self, key, name):
            self.key, self.name = key, name

    state = played(toy_games, Fold("Cy"))
    pots, carried, undecided, must_show = state.showdown_pots({0, 1}, {0: Value(9, "nine")}, "toy.2", excluded={0})
    assert pots == [PotResult(3, ("Ann", "Bob"), ("Bob",), {"Bob": 3}, True, 0, "toy.2", None)]
    assert (carried, undecided, must_show, state.stacks, state.middle()) == (0, 0, [], [9, 12, 9], 0)

    state = played(toy_games, Fold("Cy"))
    pots, carried, undecided, must_show = state.showdown_pots({0, 1}, {0: Value(9, "nine")}, "toy.2", excluded={0, 1})
    assert pots == [PotResult(3, ("Ann", "Bob"), (), {}, True, 3, "toy.2", None)]
    assert (carried, undecided, must_show, state.stacks, state.middle()) == (3, 0, [], [9, 9, 9], 0)

    state = played(toy_games, Fold("Cy"))
    pots, carried, undecided, must_show = state.showdown_pots({0}, {0: Value(9, "nine")}, "toy.2")
    assert pots == [PotResult(3, ("Ann", "Bob"), ("Ann",), {"Ann": 3}, True, 0, "toy.2", "nine")]

    state = toy(toy_games)
    pots, carried, undecided, must_show = state.showdown_pots({0, 1, 2}, {1: Value(9, "nine")}, "toy.2")
    assert (pots[0].decided, undecided, must_show, state.stacks) == (False, 3, ["Ann", "Cy"], [9, 9, 9])


@pytest.mark.parametrize(("pots", "words"), [
    ([], "no pot"),
    ([PotResult(4, ("Ann", "Bob"), decided=False)], "4 undecided"),
    ([PotResult(5, (), left_over=5)], "5 carried"),
    ([PotResult(6, ("Ann", "Bob"), ("Bob",), {"Bob": 6})], "Bob wins 6"),
    ([PotResult(6, ("Ann", "Bob"), ("Bob",), {"Bob": 6}, hand="a pair of kings")], "Bob wins 6 with a pair of kings"),
    ([PotResult(7, ("Ann", "Bob"), ("Ann", "Bob"), {"Ann": 3, "Bob": 3}, left_over=1)], "Ann/Bob win 7"),
    ([PotResult(8, ("Ann", "Bob"), ("Ann", "Bob"), {"Ann": 4, "Bob": 4}, hand="Kh high")], "Ann/Bob win 8 with Kh high"),
    ([PotResult(9, ("Ann", "Bob", "Cy"), ("Cy",), {"Cy": 9}), PotResult(4, ("Ann", "Bob"), decided=False)],
     "Cy wins 9; 4 undecided"),
])
def test_a_showdown_is_summed_up_pot_by_pot(pots, words):
    assert showdown_summary(pots) == words


# ---------------------------------------------------------------------- through the shipped games

def draw_hand(*events, options=None, seats=None):
    """A hand of straight draw (four players with 100, Ann deals and antes 4 for the table: draw.2) with
    ``events`` pushed."""
    state = start_hand(game_setup("straight_draw", options, **({"seats": seats} if seats else {})))
    for event in events:
        state.push(event)
    return state


FIRST_ROUND_CALLED = (Bet("Bob", 1), Call("Cy"), Call("Dee"), Call("Ann"))


@pytest.mark.parametrize(("events", "message", "hint"), [
    ([dealt("Bob", "Ah Kd 7c 4s")], "Bob is dealt 4 cards: a straight draw hand is 5 cards",
     "write the 5 cards Bob was dealt, ?? for those nobody saw"),
    ([dealt("Bob", "Ah")], "Bob is dealt 1 card: a straight draw hand is 5 cards",
     "write the 5 cards Bob was dealt, ?? for those nobody saw"),
    ([dealt("Cy", "Ah Kd 7c 4s 2h 3h")], "Cy is dealt 6 cards: a straight draw hand is 5 cards",
     "write the 5 cards Cy was dealt, ?? for those nobody saw"),
    ([Draw("Bob", 6)], "Bob draws 6 cards: a straight draw hand is 5 cards",
     "a player draws at most the 5 cards of his hand"),
    ([Show("Bob", tuple(cards("Ah Kd 7c 4s")))], "Bob shows 4 cards: a straight draw hand is 5 cards",
     "write the 5 cards of the hand"),
    ([Show("Bob", (card("Ah"),))], "Bob shows 1 card: a straight draw hand is 5 cards", "write the 5 cards of the hand"),
    ([Show("Bob", tuple(cards("Ah Kd 7c 4s 2h 3h")), "openers")],
     "Bob shows 6 cards as his openers: a straight draw hand is 5 cards", "write at most 5 cards"),
    ([Show("Bob", tuple(cards("Ah")), "openers"), Show("Bob", tuple(cards("Ah Kd 7c 4s 2h 3h")), "discards")],
     "Bob shows 6 cards as his discards: a straight draw hand is 5 cards", "write at most 5 cards"),
])
def test_a_hand_of_the_wrong_size_is_refused_with_the_size_of_the_games_hand(events, message, hint):
    """draw.3 (five cards each) and draw.7 (a player draws at most his hand): a deal, show or draw of more
    (or fewer) cards than the game's hand is input no table could have produced."""
    state = draw_hand(*events[:-1])
    with pytest.raises(InputError) as refused:
        state.push(events[-1])
    assert (refused.value.message, refused.value.hint, refused.value.action) == (message, hint, len(events))


@pytest.mark.parametrize(("events", "message"), [
    ([Deal("Bob", tuple(cards("Ah Kd")))], None),
    ([Deal("Bob", tuple(cards("Ah Kd"))), Deal("Bob", tuple(cards("7c 4s 2h 3h")))],
     "Bob is dealt 4 more cards but holds 2: a five-card stud hand is 5 cards"),
    ([Deal("Bob", tuple(cards("Ah Kd 7c 4s 2h"))), Deal("Bob", tuple(cards("3h")))],
     "Bob is dealt 1 more card but holds 5: a five-card stud hand is 5 cards"),
])
def test_a_stud_player_dealt_more_than_his_hand_over_the_streets_is_refused(events, message):
    """stud: five cards, dealt a few at a time -- only the total is bounded."""
    state = start_hand(game_setup("five_card_stud"))
    for event in events[:-1]:
        state.push(event)
    if message is None:
        state.push(events[-1])
        assert state.hand_of(1) == tuple(cards("Ah Kd"))
        return
    with pytest.raises(InputError) as refused:
        state.push(events[-1])
    assert (refused.value.message, refused.value.hint) == (message, "correct the deal: each player gets the game's cards once")


@pytest.mark.parametrize(("events", "message"), [
    # the draw's cards come from the stub: a card another hand or the muck has is no card of the stub
    ([dealt("Cy", "Qs Jd 8c 5h 3s"), *FIRST_ROUND_CALLED, drawn("Bob", "2h", "Qs")], "Qs is dealt to Bob but Cy already holds it"),
    ([*FIRST_ROUND_CALLED, drawn("Bob", "2h", "9d"), drawn("Cy", "3c", "2h")], "2h is dealt to Cy but the muck is where it lies"),
    # a discard is from his own hand
    ([dealt("Cy", "Qs Jd 8c 5h 3s"), *FIRST_ROUND_CALLED, drawn("Bob", "Qs", "9d")], "Bob discards Qs but Cy holds it"),
    ([*FIRST_ROUND_CALLED, drawn("Bob", "2h", "9d"), drawn("Cy", "2h", "9c")], "Cy discards 2h but the muck is where it lies"),
    # a shown hand is his: a card another hand has cannot be in it
    ([dealt("Cy", "Qs Jd 8c 5h 3s"), Show("Bob", tuple(cards("Qs Kd 7c 4s 2h")))], "Bob shows Qs but Cy holds it"),
    ([*FIRST_ROUND_CALLED, drawn("Bob", "2h", "9d"), Show("Cy", tuple(cards("Qs Kd 7c 4s 2h")))],
     "Cy shows 2h but the muck is where it lies"),
])
def test_a_card_the_log_has_in_another_place_is_refused_where_it_moves(events, message):
    """Every card is in the pack once (each known card is in one place): a deal, discard or show of a card
    the log has elsewhere cannot be replayed; refused at its action, saying where the card is."""
    state = draw_hand(*events[:-1])
    with pytest.raises(CardError) as refused:
        state.push(events[-1])
    assert (refused.value.message, refused.value.hint) == (message, "each card is in the pack once: correct the card")
    assert (refused.value.hand, refused.value.action) == (1, len(events))


def test_places_are_named_in_words_and_a_card_outside_the_pack_is_refused_at_its_deal():
    state = draw_hand()
    assert [state.describe_place(p) for p in (2, "muck", "widow", "kept:1", "stub")] == [
        "Cy", "the muck", "the widow", "Bob's face-down discards", "the stub"]
    with pytest.raises(CardError) as refused:
        state.deal_to(1, (card("Ah"), JOKER_1))
    assert (refused.value.message, refused.value.hint) == ("Jk1 is dealt to Bob, but this game's pack has no joker",
                                                         "correct the card")
    assert (refused.value.hand, refused.value.action) == (1, 0)
    assert state.hand_of(1) == ()
    state.places.add("kept:2", (card("9h"),))
    with pytest.raises(CardError) as refused:
        state.deal_to("widow", (card("9h"),))
    assert refused.value.message == "9h is dealt to the widow but Cy's face-down discards is where it lies"
    assert (refused.value.hand, refused.value.action, refused.value.hint) == (1, 0, "each card is in the pack once: correct the card")
    error = state.card_elsewhere(card("9h"), "kept:2", "Bob shows")
    assert (error.message, error.hand, error.action) == ("Bob shows 9h but Cy's face-down discards is where it lies", 1, 0)


def test_the_places_are_named_in_the_language_spoken():
    """The table's places read in Russian when Russian is spoken (the seeds' words: сброс, вдова)."""
    from referee import i18n

    state = draw_hand()
    with i18n.speaking("ru"):
        words = [state.describe_place(p) for p in (2, "muck", "widow", "kept:1")]
    assert words == ["Cy", "сброс", "вдова", "закрытый сброс игрока Bob"]


def test_a_card_not_in_a_short_pack_is_refused_at_its_deal_naming_the_card():
    """La Viuda's short pack (laviuda.short_pack, Paul Martin's version): "two players use the 20 cards
    A-K-Q-J-10 of each suit, and one more rank, downwards, is added for each further player" -- three
    players play A down to 9; a 2 is no card of it."""
    state = start_hand(game_setup("la_viuda", {"laviuda.short_pack": "5_ranks_per_2_players_plus_1_per_player"}, seats=THREE, dealer="Ann"))
    assert card("2c") not in state.cards_of_pack
    with pytest.raises(CardError) as refused:
        state.deal_to(0, (card("2c"),))
    assert refused.value.message == "2c is dealt to Ann, but this game's pack has no 2c"


def test_what_the_log_learns_from_discards_and_shown_hands_is_noted():
    """draw.7: Bob was dealt Ah Kd 7c 4s 2h; he discards 9s, which the log does not have in his hand
    (noted: the log learns it); at the showdown he shows a hand the log has otherwise (noted); Cy's hand
    shown with unseen cards is unreadable (noted, and not taken as shown)."""
    state = draw_hand(dealt("Bob", "Ah Kd 7c 4s 2h"), *FIRST_ROUND_CALLED, drawn("Bob", "9s", "3h"))
    (stray,) = [f for f in state.findings if f.code == "discard_not_in_hand"]
    assert (stray.message, stray.player, stray.action, stray.rule) == (
        "Bob discarded 9s, which the log does not show in his hand", "Bob", 6, None)
    state = draw_hand(dealt("Bob", "Ah Kd 7c 4s 2h"), Deal("Cy", (UNKNOWN,) * 5), Show("Bob", tuple(cards("Ah Kd 7c 4s 3h"))),
                      Show("Cy", (card("Qs"), UNKNOWN, UNKNOWN, UNKNOWN, UNKNOWN)))
    rows = [(f.code, f.message, f.player, f.action) for f in state.findings if f.code.startswith("show_")]
    assert rows == [("show_contradicts_log", "Bob showed Ah Kd 7c 4s 3h but the log has Bob holding 2h", "Bob", 3),
                    ("show_unreadable", "Cy's shown hand has unreadable cards (Qs ?? ?? ?? ??)", "Cy", 4)]
    assert state.shown == {1: tuple(cards("Ah Kd 7c 4s 3h"))} and state.hand_of(1) == tuple(cards("Ah Kd 7c 4s 3h"))
    assert state.known_hand(1) == tuple(cards("Ah Kd 7c 4s 3h")) and state.known_hand(2) is None


def test_a_hand_shown_face_up_and_then_mucked_still_plays():
    """draw.9 (cards speak): Bob shows his hand and throws it in -- noted, the muck ignored, Bob still in."""
    state = draw_hand(Show("Bob", tuple(cards("Ah Kd 7c 4s 2h"))), Muck("Bob"))
    mucked = state.findings[-1]
    assert (mucked.code, mucked.message, mucked.rule, mucked.player, mucked.remedy) == (
        "shown_hand_mucked", "Bob threw in his hand after showing Ah Kd 7c 4s 2h: a hand shown face up plays "
        "(cards speak)", "draw.9", "Bob", "the muck is ignored: the shown hand plays")
    assert state.live[1] and 1 not in state.mucked


def test_a_hand_the_log_stops_in_is_in_progress_with_its_chips_in_the_middle():
    """draw.2 and draw.4: Ann antes 4 for the table, Bob bets 2 and Cy calls: 8 chips in the middle, Dee
    to act; the hand is not over."""
    state = draw_hand(Bet("Bob", 2), Call("Cy"))
    assert state.snapshot() == Snapshot(2, "round1", "Dee", ("Ann", "Bob", "Cy", "Dee"), (96, 98, 98, 100),
                                        (True,) * 4, 8)
    assert state.contributed() == [0, 2, 2, 0] and state.middle() == 8
    outcome = state.outcome()
    assert (outcome.kind, outcome.pots, outcome.carried, outcome.undecided, outcome.in_middle) == ("in_progress", (), 0, 0, 8)
    assert outcome.summary == "in progress (round1): 8 chips in the middle" and not outcome.decided
    assert outcome.stacks == {"Ann": 96, "Bob": 98, "Cy": 98, "Dee": 100}
    assert outcome.net == {"Ann": -4, "Bob": -2, "Cy": -2, "Dee": 0}
    assert outcome.next_hand == NextHand("Bob", PokerCarry(), False, ())


@pytest.mark.parametrize(("option", "dealer", "same"), [
    ("redeal_next_dealer_adds_N", "Bob", False),
    ("redeal_same_dealer_all_reante", "Ann", True),
])
def test_a_deal_everybody_checks_is_passed_out_and_its_pot_carried(option, dealer, same):
    """draw.5 (seed-002: "If everybody, dealer included, checks: the deal is void"): the 4 antes stay for
    the next deal, by the next dealer or the same one (draw.all_check)."""
    state = draw_hand(Check("Bob"), Check("Cy"), Check("Dee"), Check("Ann"), options={"draw.all_check": option})
    outcome, findings = state.result()
    assert (outcome.kind, outcome.carried, outcome.undecided) == ("passed_out", 4, 0)
    assert outcome.pots == (PotResult(4, (), left_over=4, rule="draw.all_check"),)
    assert outcome.summary == "passed out: 4 chips carried to the next deal"
    assert outcome.next_hand == NextHand(dealer, PokerCarry(4, passed_out=1), same, ())
    assert outcome.stacks == {"Ann": 96, "Bob": 100, "Cy": 100, "Dee": 100}
    passed = findings[-1]
    assert (passed.code, passed.message, passed.rule, passed.action) == (
        "passed_out", "everybody checked: the deal is void and the pot of 4 stays", "draw.all_check", None)


def test_a_misdeal_returns_the_bets_and_the_same_dealer_deals_again():
    """draw.misdeal (RRoP: a misdeal found before two players have acted): Bob's bet of 2 goes back, the
    4 antes stay in the pot and Ann deals again, the antes already in."""
    state = draw_hand(Bet("Bob", 2), Misdeal("a card exposed"))
    assert state.stacks == [96, 100, 100, 100] and state.middle() == 4 and state.round is None
    outcome = state.outcome()
    assert (outcome.kind, outcome.carried, outcome.pots) == ("misdeal", 4, (PotResult(4, (), left_over=4, rule="draw.misdeal"),))
    assert outcome.summary == "misdeal: Ann deals again; 4 chips stay in the pot"
    assert outcome.next_hand == NextHand("Ann", PokerCarry(4, antes_in=True), True, ())


def test_an_all_in_short_of_the_bet_takes_the_main_pot_and_the_side_pot_goes_to_the_better_of_the_rest():
    """Table stakes (draw.betting = no_limit): Dee has 3. Bob bets 10, Cy calls, Dee is all in for 3, Ann
    folds: Ann's ante of 1 each is dead (draw.ante = each_player_antes_1).  Main pot: 4 antes + 3 x 3 = 13
    for Bob, Cy and Dee; side pot: 7 + 7 = 14 for Bob and Cy.  Dee's trips take the main pot, Bob's
    pair of aces beats Cy's kings for the side pot; Bob, who made the last bet, shows first."""
    state = draw_hand(
        dealt("Bob", "Ah Ad 7c 4s 2h"), dealt("Cy", "Kh Kd 8c 5s 3h"), dealt("Dee", "9h 9d 9c 6s Jh"),
        Bet("Bob", 10), Call("Cy"), AllIn("Dee"), Fold("Ann"),
        Draw("Bob", 0), Draw("Cy", 0), Draw("Dee", 0), Check("Bob"), Check("Cy"),
        Show("Bob", tuple(cards("Ah Ad 7c 4s 2h"))), Show("Cy", tuple(cards("Kh Kd 8c 5s 3h"))),
        Show("Dee", tuple(cards("9h 9d 9c 6s Jh"))),
        options={"draw.betting": "no_limit", "draw.ante": "each_player_antes_1", "draw.all_check": "proceed_to_draw"},
        seats=[("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 4)])
    outcome = state.outcome()
    assert [(p.amount, p.eligible, p.winners, p.shares) for p in outcome.pots] == [
        (13, ("Bob", "Cy", "Dee"), ("Dee",), {"Dee": 13}), (14, ("Bob", "Cy"), ("Bob",), {"Bob": 14})]
    assert outcome.stacks == {"Ann": 99, "Bob": 103, "Cy": 89, "Dee": 13}
    assert outcome.summary.startswith("Dee wins 13 with ") and "; Bob wins 14 with " in outcome.summary
    # draw.showdown_first = last_raiser: "the last player who bet or raised in the hand", then clockwise
    assert outcome.showdown_order == ("Bob", "Cy", "Dee")


def test_the_pots_waiting_for_hands_nobody_showed_name_each_player_once():
    """The all-in hand above, with nobody's hand shown: both pots wait, 27 chips, for Bob, Cy and Dee (Bob
    and Cy are named once though they contend for both pots)."""
    state = draw_hand(
        Bet("Bob", 10), Call("Cy"), AllIn("Dee"), Fold("Ann"), Draw("Bob", 0), Draw("Cy", 0), Draw("Dee", 0),
        Check("Bob"), Check("Cy"),
        options={"draw.betting": "no_limit", "draw.ante": "each_player_antes_1", "draw.all_check": "proceed_to_draw"},
        seats=[("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 4)]).copy()
    pots, carried, undecided, must_show = state.showdown_pots({1, 2, 3}, {}, "draw.9")
    assert pots == [PotResult(13, ("Bob", "Cy", "Dee"), (), {}, False, 0, "draw.9", None),
                    PotResult(14, ("Bob", "Cy"), (), {}, False, 0, "draw.9", None)]
    assert (carried, undecided, must_show) == (0, 27, ["Bob", "Cy", "Dee"])


def test_the_last_aggressor_is_the_last_to_bet_or_raise_in_the_hand():
    """draw.9 ("the showdown starts with the last raiser") reads it: Cy raised in the first round; nobody
    bets in the second, so Cy is still the last aggressor; Dee bets in it and is."""
    state = draw_hand(Bet("Bob", 1), Raise("Cy", 1), Call("Dee"), Fold("Ann"), Call("Bob"))
    assert state.last_aggressor == 2 and len(state.rounds_bet()) == 1
    for seat in ("Bob", "Cy", "Dee"):
        state.push(Draw(seat, 0))
    assert state.phase == "round2" and state.last_aggressor == 2 and len(state.rounds_bet()) == 2
    state.push(Check("Cy"))
    state.push(Bet("Dee", 2))
    assert state.last_aggressor == 3 and state.middle() == 4 + 3 * 2 + 2
    assert draw_hand().last_aggressor is None


def test_a_player_who_folds_leaves_the_round_and_is_not_prompted_again():
    state = draw_hand(Bet("Bob", 2), Fold("Cy"))
    assert state.live == [True, True, False, True] and state.to_act() == "Dee"
    for event in (Call("Dee"), Call("Ann")):
        state.push(event)
    assert state.phase == "draw" and state.round is None and state.pot.banked == [2, 2, 0, 2]


def test_an_illegal_bet_says_what_the_player_may_do_instead():
    """draw.6 (spread limit: a bet of 1 or 2 before the draw): Bob's bet of 5 is over the limit -- he may
    check, fold or bet 1-2; Cy, who folded, may do nothing (nothing is offered)."""
    state = draw_hand()
    over = state.legality(Bet("Bob", 5))
    assert (over.legal, over.to_act, over.legal_actions, over.rules) == (False, "Bob", ("check", "fold", "bet 1–2"), ("draw.6",))
    assert state.stacks == [96, 100, 100, 100] and state.round.bets == [0, 0, 0, 0] and state.action == 0
    state.push(Bet("Bob", 2))
    state.push(Fold("Cy"))
    gone = state.legality(Bet("Cy", 2))
    assert (gone.legal, gone.to_act, gone.legal_actions) == (False, "Dee", ())
    assert state.round.bets == [0, 2, 0, 0]


def test_a_game_says_itself_in_words_and_plays_the_kinds_it_marks(toy_games: Path) -> None:
    """A game's handlers are the ``@handles`` marks of its class and bases (a subclass that sets the
    method to None does not play those kinds); the kinds that name cards are checked against its pack."""
    from helpers.toy_game import HighCard

    assert HighCard.words() == TOY
    assert HighCard.card_events == {Show: ("cards",), Name: ("card",)}
    assert set(HighCard.handlers) == {Show, Fold, Double, Name}

    class NoDoubles(HighCard):
        name = "toy_no_doubles"
        title = ""
        on_double = None

    assert NoDoubles.words() == "toy no doubles" and set(NoDoubles.handlers) == {Show, Fold, Name}
    state = NoDoubles(HandSetup(load_rulebook(toy_games / "toy.toml"), THREE, "Ann"))
    with pytest.raises(InputError, match="^hand 1, action 1: Double is not an action of toy no doubles$"):
        state.push(Double("Ann"))


def test_a_game_without_state_across_hands_refuses_a_game_so_far_and_an_unknown_dealer(toy_games: Path) -> None:
    from helpers.toy_game import HighCard
    from referee.engine.events import GameSoFar

    assert HighCard.night_result(Carry(), {"Ann": 10}) == (None, {})
    with pytest.raises(InputError) as refused:
        HighCard.infer_dealer(("Ann", "Bob"), {"Ann": 10, "Bob": 10}, ())
    assert (refused.value.message, refused.value.hint) == (
        f"the log does not say who dealt this hand of {TOY}", "write 'dealer: Ann' in the header (or in the hand's header)")
    with pytest.raises(InputError) as refused:
        HighCard.carry_so_far(GameSoFar(pool=3, line=7), load_rulebook(toy_games / "toy.toml"), ())
    assert (refused.value.message, refused.value.hint, refused.value.line) == (
        f"{TOY} keeps no state from deal to deal for 'game so far:' to give", "remove the 'game so far:' line", 7)
    state = toy(toy_games)
    assert (state.judged_later(), state.expected_actor(), state.over_reason()) == ({}, None, "showdown")


def test_a_prompt_offers_events_only_to_a_player_to_act_with_choices():
    choices = draw_hand().prompt().options
    assert Prompt("draw", "Bob").events() == [] and Prompt("round1", None, ("check",), choices, 100).events() == []
    assert Prompt("round1", "Cy", ("check",), choices, 100).events()[0] == Fold("Cy")


def test_an_illegal_action_is_said_by_all_its_findings_and_the_rules_they_cite():
    from referee.engine.findings import Finding

    answer = Legality(False, (Finding("bet_over_limit", "over the limit", "draw.6"),
                              Finding("acted_out_of_turn", "not his turn")), "Bob")
    assert (answer.message, answer.rules) == ("over the limit; not his turn", ("draw.6",))
    assert Legality(True, (Finding("action_after_hand", "late"),), None).message == "legal"


def test_a_finding_is_recorded_at_the_action_its_maker_says(toy_games: Path) -> None:
    """A finding is at the current action unless it was found at the end of the hand (no action) or
    belongs to an earlier one; the player is named whether given by seat or by name."""
    state = played(toy_games, Double("Ann"), Double("Bob"))
    rows = [state.flag("ante_short", "now", "toy.1", player=1),
            state.flag("ante_short", "at the end", player="Cy", action=False),
            state.flag("ante_short", "earlier", "toy.3", player=0, action=1, about=1, remedy="noted"),
            state.flag("ante_short", "of the table")]
    assert [(f.message, f.rule, f.action, f.player, f.remedy, f.about) for f in rows] == [
        ("now", "toy.1", 2, "Bob", None, None), ("at the end", None, None, "Cy", None, None),
        ("earlier", "toy.3", 1, "Ann", "noted", 1), ("of the table", None, 2, None, None, None)]
    assert state.findings == rows
    with pytest.raises(ValueError, match=r"^a hand ends by its ended \(how it ended\), not by its phase$"):
        state.phase = "over"


def test_the_uncalled_part_of_a_bet_goes_back_when_the_round_ends():
    """Table stakes (draw.betting = no_limit, every player antes 1): Cy has 4 after his ante and is all in
    for them against Bob's bet of 10; Dee and Ann fold.  Nobody can call the other 6: they go back to Bob
    when the round ends, and one pot of 4 antes + 4 + 4 is left for Bob and Cy."""
    state = draw_hand(Bet("Bob", 10), AllIn("Cy"), Fold("Dee"), Fold("Ann"),
                      options={"draw.betting": "no_limit", "draw.ante": "each_player_antes_1",
                               "draw.all_check": "proceed_to_draw"},
                      seats=[("Ann", 100), ("Bob", 100), ("Cy", 5), ("Dee", 100)])
    assert state.phase == "draw" and state.snapshot().stacks == (99, 95, 0, 99) and state.middle() == 12
    assert state.pot.banked == [0, 4, 4, 0] and state.pot.pots(state.live) == [Pot(12, (1, 2))]


def test_an_all_in_player_who_acts_is_offered_nothing():
    state = draw_hand(Bet("Bob", 10), AllIn("Cy"),
                      options={"draw.betting": "no_limit", "draw.ante": "each_player_antes_1",
                               "draw.all_check": "proceed_to_draw"},
                      seats=[("Ann", 100), ("Bob", 100), ("Cy", 5), ("Dee", 100)])
    again = state.legality(Bet("Cy", 2))
    assert (again.legal, again.to_act, again.legal_actions) == (False, "Dee", ())


@pytest.mark.parametrize(("event", "message"), [
    (Bet("Ann", 1, line=12), f"Bet is not an action of {TOY}"),
    (Show("Zed", (card("Kh"),), line=12), "'Zed' is not seated at this table"),
    (Show("Bob", (card("Kh"),), line=12), "Bob shows Kh but Ann holds it"),
])
def test_a_refusal_is_placed_at_the_hand_the_action_and_the_line_of_the_log(toy_games: Path, event, message) -> None:
    """Hand 3 of a night: Ann showed the Kh at action 1 (line 11); the refused line 12 is action 2."""
    state = toy(toy_games, number=3)
    state.push(Show("Ann", (card("Kh"),), line=11))
    with pytest.raises(InputError) as refused:
        state.push(event)
    assert refused.value.message == message
    assert (refused.value.hand, refused.value.action, refused.value.line) == (3, 2, 12)
    assert str(refused.value).startswith("hand 3, action 2: ")


def test_a_one_card_game_says_its_hand_and_its_draw_in_the_singular(toy_games: Path) -> None:
    """A game of one card (the toy, given a deal and a draw): "Ann is dealt 2 cards: a ... hand is 1 card"
    -- each count in its own number."""
    from helpers.toy_game import HighCard
    from referee.engine.state import handles

    class OneCardDraw(HighCard):
        name = "toy_one_card_draw"
        title = "One-card draw"
        events = {**HighCard.events, Deal: "dealt Kh", Draw: "draws 1"}

        @handles(Deal)
        def on_deal(self, seat, event):
            self.deal_to(seat, event.cards)

        @handles(Draw)
        def on_draw(self, seat, event):
            pass

    state = OneCardDraw(HandSetup(load_rulebook(toy_games / "toy.toml"), THREE, "Ann"))
    state.push(Deal("Bob", (UNKNOWN,)))
    assert state.hand_of(1) == (UNKNOWN,)
    for event, message, hint in (
            (Deal("Ann", tuple(cards("Kh Qh"))), "Ann is dealt 2 cards: a One-card draw hand is 1 card",
             "write the 1 card Ann was dealt, ?? for those nobody saw"),
            (Draw("Ann", 2), "Ann draws 2 cards: a One-card draw hand is 1 card",
             "a player draws at most the 1 card of his hand")):
        with pytest.raises(InputError) as refused:
            state.copy().push(event)
        assert (refused.value.message, refused.value.hint) == (message, hint)


def test_a_single_chip_in_the_middle_is_said_in_the_singular():
    """draw.2: the dealer antes one chip per player -- Ann, the dealer, has only 1 (noted).  The hand in
    progress has 1 chip in the middle; if everybody checks it is passed out and the chip carried; a
    misdeal leaves it in the pot."""
    seats = [("Ann", 1), ("Bob", 100), ("Cy", 100), ("Dee", 100)]
    state = draw_hand(seats=seats)
    short = state.findings[0]
    assert (short.code, short.message, short.player, short.action) == ("ante_short", "Ann could ante only 1 of 4", "Ann", None)
    assert state.outcome().summary == "in progress (round1): 1 chip in the middle"
    passed = draw_hand(Check("Bob"), Check("Cy"), Check("Dee"), seats=seats)
    outcome, findings = passed.result()
    assert (outcome.kind, outcome.summary) == ("passed_out", "passed out: 1 chip carried to the next deal")
    assert findings[-1].message == "everybody checked: the deal is void and the pot of 1 stays"
    misdeal = draw_hand(Misdeal(), seats=seats).outcome()
    assert misdeal.summary == "misdeal: Ann deals again; 1 chip stays in the pot"


def test_a_subclass_plays_a_kind_its_own_way_and_finds_at_the_end_at_no_action(toy_games: Path) -> None:
    """A variant's own ``@handles`` method for a kind its base plays wins over the base's; a hand whose game
    does nothing at the deal is in the ``deal`` phase; what the end finds belongs to no action."""
    from helpers.toy_game import HighCard
    from referee.engine.state import handles

    class Variant(HighCard):
        name = "toy_variant"

        def begin(self) -> None:
            self.doubled, self.named = set(), {}

        @handles(Show)
        def show_face_down(self, seat, event):
            self.flag("show_unreadable", "shown face down", player=seat)

        def end(self):
            self.flag("passed_out", "found at the end")
            return self.in_progress()

    assert Variant.handlers[Show] is Variant.show_face_down and Variant.handlers[Fold] is HighCard.on_fold
    state = Variant(HandSetup(load_rulebook(toy_games / "toy.toml"), THREE, "Ann"))
    assert (state.phase, state.prompt(), state.middle()) == ("deal", Prompt("deal", None), 0)
    state.push(shows("Bob", "Kh"))
    assert state.shown == {} and [(f.message, f.action, f.player) for f in state.findings] == [("shown face down", 1, "Bob")]
    outcome, findings = state.result()
    assert [(f.message, f.action) for f in findings] == [("shown face down", 1), ("found at the end", None)]
    assert outcome.summary == "in progress (deal): 0 chips in the middle" and state.action == 1


def test_a_finding_an_action_makes_about_the_whole_hand_is_not_the_actions(toy_games: Path) -> None:
    """toy.3 (a double puts the ante in once more): Ann, with 2 chips left after her ante of 5, doubles
    short -- noted for the hand (at no action), so the double itself is flagged with nothing."""
    state = toy(toy_games, seats=[("Ann", 7), ("Bob", 10)], options={"toy.ante": 5})
    answer = state.legality(Double("Ann"))
    assert answer == Legality(True, (), None)
    state.push(Double("Ann"))
    assert [(f.code, f.message, f.action) for f in state.findings] == [("ante_short", "Ann could ante only 2 of 5", None)]
    assert state.stacks == [0, 5] and state.middle() == 12


def test_a_name_not_seated_is_refused_with_who_is(toy_games: Path) -> None:
    state = played(toy_games, Double("Ann"), number=5)
    with pytest.raises(InputError) as refused:
        state.seat_of("Zed")
    assert (refused.value.message, refused.value.hint, refused.value.hand, refused.value.action) == (
        "'Zed' is not seated at this table", "seated: Ann, Bob, Cy", 5, 1)
    assert state.seat_of("Cy") == 2


def test_a_bet_over_the_limit_is_flagged_against_its_player_at_its_action():
    """draw.6 (spread limit: at most 2 before the draw): Cy's bet of 5 facing nothing is flagged."""
    state = draw_hand(Check("Bob"), Bet("Cy", 5))
    (over,) = state.findings
    assert (over.code, over.rule, over.player, over.action, over.severity) == ("bet_over_limit", "draw.6", "Cy", 2, "error")
    assert over.remedy


def test_once_a_hand_is_over_only_the_kinds_its_game_takes_after_the_end_are_played():
    """draw.misdeal: after a misdeal the hand is over; a hand shown afterwards is still taken (straight
    draw takes shows, mucks and rakes after the end), a bet is noted as coming after it and ignored."""
    state = draw_hand(Misdeal(), Show("Bob", tuple(cards("Ah Kd 7c 4s 2h"))), Bet("Cy", 1))
    assert state.shown == {1: tuple(cards("Ah Kd 7c 4s 2h"))} and state.stacks == [96, 100, 100, 100]
    assert [(f.code, f.message, f.player, f.action, f.remedy) for f in state.findings[1:]] == [
        ("action_after_hand", "the hand is over (misdeal): this action comes after it", "Cy", 3, "ignored")]


def test_a_whole_hand_dealt_shown_or_drawn_is_no_impossible_input():
    """Five cards are a straight draw hand: dealt, shown as openers or drawn all at once, they are ruled
    on (drawing five breaks draw.max_draw: flagged, not refused)."""
    state = draw_hand(dealt("Bob", "Ah Kd 7c 4s 2h"), Show("Bob", tuple(cards("Ah Kd 7c 4s 2h")), "openers"),
                      *FIRST_ROUND_CALLED, Draw("Bob", 5))
    assert state.action == 7 and [f.code for f in state.findings][-1] == "drew_too_many"
    assert state.hand_of(1) == (UNKNOWN,) * 5
