"""Three-card Brag (seed-001, rulebooks/three_card_brag.toml): every ruling of the game's own -- its code, rule
id, player, action number, words and remedy -- the ranking options it reads, what a deal carries to the next
one (a shuffle owed, a blind hand kept), the showdown's order and the pots after a cover.  The staking turn
engine's own rulings are tests/test_engine_brag.py's.

The table is Ann, Bob, Cy (50 chips each) unless a test says otherwise; Ann deals, everybody antes 1
(brag.ante), and the betting begins with Bob (brag.4.2: "beginning with the player on the dealer's left").
"""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.engine.events import Deal, Muck, Show
from referee.engine.findings import JudgedLater
from referee.engine.games.three_card_brag import BragCarry, ThreeCardBrag, brag_rules
from referee.engine.replay import play, replay_hand
from referee.ranking.brag import BragRules
from referee.cards import cards

from helpers.engine import findings_in_full, game_setup, replay_text_hand, replay_text_night

GOLDEN = Path(__file__).parent / "golden" / "three_card_brag"
SEATS = "Ann 50, Bob 50, Cy 50"
#: Bob stakes 2 seen, Cy stakes 2 seen, Ann drops, Bob pays 4 to see Cy: a pot of 3 antes + 2 + 2 + 4 = 11.
SEE = "Bob: looks\nBob: stake 2\nCy: looks\nCy: stake 2\nAnn: folds\nBob: sees Cy for 4\n"


def hand(lines: str, *options: str, seats: str = SEATS):
    return replay_text_hand("three_card_brag", lines, *options, seats=seats)


def night(body: str, *options: str, seats: str = SEATS) -> list:
    return [h.replay for h in replay_text_night("three_card_brag", body, *options, seats=seats)]


def state_after(lines: str, *options: str, seats=(("Ann", 50), ("Bob", 50), ("Cy", 50))) -> ThreeCardBrag:
    events = hand(lines, *options).events
    return play(game_setup("three_card_brag", dict(o.split(" = ") for o in options), seats=list(seats)), events)


# ---------------------------------------------------------------- every ruling of the game's own, in full


RULINGS = {
    # brag.4.1 "The dealer deals ... until each player has three cards" -- before the betting begins
    "cards dealt after the betting began": ("Bob: blind 1\nCy: dealt 4h 4d 9s\n", (), [
        (2, "dealt_during_betting", "Cy", "brag.4.1", "cards dealt to Cy after the betting began", None)]),
    "cards dealt before the betting": ("Cy: dealt 4h 4d 9s\nBob: blind 1\n", (), []),
    # brag.4.4: a showdown comes at the end of the betting; a hand shown before it is noted
    "a show during the betting": ("Bob: looks\nBob: stake 2\nCy: shows Kh Kd 2c\n", (), [
        (3, "showed_during_play", "Cy", None, "Cy showed his hand during the betting", None)]),
    # brag.4.3 "at his turn a player must bet or drop out": a muck in the betting is a drop
    "a muck during the betting": ("Bob: looks\nBob: stake 2\nCy: mucks\n", (), [
        (3, "mucked_outside_showdown", "Cy", None, "Cy mucked during the betting: taken as a drop", None)]),
    # a player out of the betting may show or throw in his cards: nothing is broken
    "a dropped player shows": ("Bob: looks\nBob: stake 2\nCy: folds\nCy: shows Kh Kd 2c\nCy: mucks\n", (), []),
    # brag.9.1 "a player who runs out of money lays his hand face down on the pot": a coverer showing it or
    # throwing it in during the betting breaks nothing (a muck concedes his claim)
    "a coverer shows": ("Bob: looks\nBob: stake 4\nCy: looks\nCy: covers\nCy: shows Kh Kd 2c\n", (), None),
    # brag has no misdeal: an exposed card plays, a misdeal called is ignored
    "an exposed card": ("Bob: exposes Kh\n", (), [
        (1, "card_exposed_plays", "Bob", None, "Bob's card Kh was exposed: brag has no misdeal, the card plays", None)]),
    "a misdeal called with a reason": ("misdeal: first card exposed\n", (), [
        (1, "misdeal_refused", None, None, "a misdeal was called (first card exposed), but the brag rulebook has no misdeal",
         "ignored: the hand plays on")]),
    # brag.4.4 "the last player takes the pot" -- when the betting is over, not before
    "the pot taken in the betting": ("Bob: looks\nBob: stake 2\nCy: takes the pot\n", (), [
        (3, "took_pot_early", "Cy", None, "Cy took the pot before the hand was over", None)]),
    "the pot taken at the end": ("Bob: looks\nBob: stake 2\nCy: folds\nAnn: folds\nBob: takes the pot\n", (), []),
    # brag.7.2: Bob paid to see Cy; only Cy shows: the pot waits for Bob's hand
    "the seer's hand never shown": (SEE + "Cy: shows Kh Kd 2c\n", (), [
        (None, "showdown_unverifiable", "Bob", "brag.7.2", "the pot cannot be decided: Bob's hand must be shown",
         "the pot is undecided until it is shown")]),
    # brag.7.3: the poker system's showdown cites its own rule: Bob's and Cy's stakes are equal when Ann drops
    "a hand never shown, poker system": ("Bob: looks\nBob: stake 2\nCy: looks\nCy: stake 2\nAnn: folds\nBob: shows Kh Kd 2c\n",
                                         ("brag.betting = poker",), [
        (None, "showdown_unverifiable", "Cy", "brag.7.3", "the pot cannot be decided: Cy's hand must be shown",
         "the pot is undecided until it is shown")]),
    # brag.7.1: the same under the round system cites its own rule
    "the seen player's hand never shown, round system": (
        "Bob: looks\nBob: stake 2\nCy: looks\nCy: stake 2\nAnn: folds\nBob: sees Cy for 4\nBob: shows Kh Kd 2c\n",
        ("brag.betting = round", "brag.limit = 1"), None),
}


@pytest.mark.parametrize(("lines", "options", "expected"), RULINGS.values(), ids=RULINGS.keys())
def test_each_three_card_ruling_in_full(lines: str, options: tuple[str, ...], expected: list | None) -> None:
    r = hand(lines, *options)
    if expected is None:  # only the game's own rulings are pinned here
        own = {"showdown_unverifiable", "showed_during_play", "mucked_outside_showdown"}
        assert [f[1:4] for f in findings_in_full(r) if f[1] in own] == (
            [("showdown_unverifiable", "Cy", "brag.7.1")] if "round" in str(options) else [])
    else:
        assert findings_in_full(r) == expected


def test_a_pot_whose_hands_are_not_all_shown_waits_for_them() -> None:
    """brag.9.4 "A pot whose claimant has not shown his hand (and has not mucked, which concedes) waits until it is
    shown": the 11 of Bob's see of Cy wait for Bob's hand; when Cy mucks instead, Bob takes them unshown."""
    waiting = hand(SEE + "Cy: shows Kh Kd 2c\n").outcome
    assert [(p.amount, p.eligible, p.winners, p.decided, p.rule) for p in waiting.pots] == [
        (11, ("Bob", "Cy"), (), False, "brag.4.4")]
    assert (waiting.undecided, waiting.stacks) == (11, {"Ann": 49, "Bob": 43, "Cy": 47})
    conceded = hand(SEE + "Cy: mucks\n").outcome
    assert [(p.amount, p.winners, p.rule, p.hand) for p in conceded.pots] == [(11, ("Bob",), "brag.4.4", None)]
    assert conceded.stacks == {"Ann": 49, "Bob": 54, "Cy": 47}


def test_a_staking_breach_is_recorded_as_the_stakes_judged_it() -> None:
    """brag.8.5 "A stake he logs as blind after his own look is taken as a seen stake" and brag.7.2 (a seen
    stake at least the full amount): Cy, who looked, logs a blind 1 after Bob's seen 2 -- both rulings, with
    their words and remedies, at Cy's action."""
    assert findings_in_full(hand("Bob: looks\nBob: stake 2\nCy: looks\nCy: blind 1\n")) == [
        (4, "blind_after_look", "Cy", "brag.8.5", "Cy logged a blind stake after looking", "taken as a seen stake of 1"),
        (4, "stake_short", "Cy", "brag.7.2", "Cy's stake of 1 is short of the 2 he must put in to stay in", "made up to 2")]


def test_a_misdeal_called_without_a_reason_is_ignored() -> None:
    assert findings_in_full(hand("misdeal\n")) == [
        (1, "misdeal_refused", None, None, "a misdeal was called, but the brag rulebook has no misdeal",
         "ignored: the hand plays on")]


def test_a_player_without_chips_who_is_dealt_cards_is_flagged() -> None:
    """brag.4.1: Dee has no chips and is not in the deal; the log deals her three cards."""
    setup = game_setup("three_card_brag", seats=[("Ann", 50), ("Bob", 50), ("Cy", 50), ("Dee", 0)])
    r = replay_hand(setup, [Deal("Dee", tuple(cards("4h 4d 9s")))])
    assert findings_in_full(r) == [(1, "dealt_not_in_deal", "Dee", "brag.4.1",
                           "Dee has no chips and is not in this deal but was dealt cards", None)]


def test_a_muck_in_the_betting_is_a_drop() -> None:
    """brag.4.4 "If all players but one drop out, the last player takes the pot": Cy mucks, Ann drops; Bob takes
    the 3 antes and his own 2 (Bob 50 - 1 - 2 + 5 = 52, Ann and Cy 49)."""
    r = hand("Bob: looks\nBob: stake 2\nCy: mucks\nAnn: folds\n")
    o = r.outcome
    assert (o.kind, o.stacks) == ("uncontested", {"Ann": 49, "Bob": 52, "Cy": 49})
    assert [(p.amount, p.winners, p.rule) for p in o.pots] == [(5, ("Bob",), "brag.4.4")]


# ---------------------------------------------------------------- the ranking options


@pytest.mark.parametrize(("options", "rules"), [
    ({"brag.top_prial": "333", "brag.wild": "none", "brag.natural_beats_wild": "yes"}, BragRules(3, "none", True)),
    ({"brag.top_prial": "AAA", "brag.wild": "deuces", "brag.natural_beats_wild": "no"}, BragRules(None, "deuces", False)),
    ({"brag.top_prial": "AAA", "brag.wild": "braggers_AD_JC_9D", "brag.natural_beats_wild": "yes"},
     BragRules(None, "braggers_AD_JC_9D", True)),
])
def test_the_ranking_follows_the_rulebooks_options(options: dict, rules: BragRules) -> None:
    """brag.2.3 / brag.top_prial, brag.3.1 / brag.wild, brag.3.2 / brag.natural_beats_wild."""
    assert brag_rules(options) == rules


@pytest.mark.parametrize(("option", "winner"), [("brag.top_prial = 333", "Cy"), ("brag.top_prial = AAA", "Bob")])
def test_three_threes_against_three_aces(option: str, winner: str) -> None:
    """brag.2.3 "a special prial ... (for example three threes) beats three aces (see brag.top_prial)": Bob sees
    Cy's threes with his aces; Cy wins under 333, Bob under AAA.  The pot of 11 to the winner (Cy 50 - 1 - 2 + 11 =
    58, Bob 50 - 1 - 2 - 4 + 11 = 54)."""
    r = hand(SEE + "Cy: shows 3c 3h 3d\nBob: shows Ac Ad Ah\n", option)
    (pot,) = r.outcome.pots
    assert (pot.amount, pot.winners, pot.hand) == (11, (winner,), "prial of threes" if winner == "Cy" else "prial of aces")
    assert r.outcome.stacks[winner] == (58 if winner == "Cy" else 54)


# ---------------------------------------------------------------- what a deal carries


def test_a_prial_shown_owes_a_shuffle_and_the_next_deal_unshuffled_is_flagged() -> None:
    """brag.5 / brag.shuffle = after_prial_only: "the pack is shuffled for the next deal only after a prial has
    been shown": Cy shows three eights; the next deal (Bob's) is not marked shuffled: flagged against Bob, the
    hand stands."""
    first, second = night("hand 1\n" + SEE + "Cy: shows 8c 8h 8d\nBob: shows Kc Kd Jh\n\n"
                          "hand 2\nCy: looks\nCy: stake 1\nAnn: folds\nBob: folds\n")
    assert first.outcome.next_hand.carry == BragCarry(shuffle_due=True)
    assert first.outcome.next_hand.obligations == ("shuffle the pack: a prial was shown (brag.5)",)
    assert findings_in_full(second) == [(None, "deal_not_shuffled", "Bob", "brag.5",
                                "a prial was shown in the last deal, but Bob dealt without shuffling", "the hand stands")]
    assert second.outcome.next_hand.carry == BragCarry() and second.outcome.next_hand.obligations == ()


def test_a_prial_under_every_deal_shuffled_owes_nothing_more() -> None:
    """brag.shuffle = every_deal: the pack is shuffled anyway; the prial is still recorded, nobody is owed a
    shuffle and the next deal is not flagged."""
    first, second = night("hand 1\n" + SEE + "Cy: shows 8c 8h 8d\nBob: shows Kc Kd Jh\n\n"
                          "hand 2\nCy: looks\nCy: stake 1\nAnn: folds\nBob: folds\n", "brag.shuffle = every_deal")
    assert first.outcome.next_hand.carry == BragCarry(shuffle_due=True)
    assert first.outcome.next_hand.obligations == () and second.findings == ()


def test_a_pair_shown_owes_no_shuffle() -> None:
    (r,) = night("hand 1\n" + SEE + "Cy: shows 8c 8h 2d\nBob: shows Kc Kd Jh\n")
    assert r.outcome.next_hand.carry == BragCarry() and r.outcome.next_hand.obligations == ()


@pytest.mark.parametrize(("option", "kind"), [("takes_pot", "uncontested"), ("pot_carries_blind_keeps_hand", "carried")])
def test_a_blind_player_left_alone(option: str, kind: str) -> None:
    """brag.blind_uncontested: "takes_pot" -- Bob, blind, takes the antes and his blind 1 (brag.4.4);
    "pot_carries_blind_keeps_hand" -- "the pot carries to the next deal and he keeps his cards, still unseen":
    the 4 stay, Bob plays his kept hand next deal."""
    r = hand("Cy: dealt 4h 4d 9s\nBob: dealt Kh Qd 2c\nBob: blind 1\nCy: looks\nCy: folds\nAnn: looks\nAnn: folds\n",
             f"brag.blind_uncontested = {option}")
    o = r.outcome
    assert o.kind == kind and o.facts == {"covers": []}
    if kind == "uncontested":
        assert [(p.amount, p.winners, p.rule) for p in o.pots] == [(4, ("Bob",), "brag.4.4")]
        assert o.next_hand.carry == BragCarry() and o.stacks == {"Ann": 49, "Bob": 52, "Cy": 49}
    else:
        assert [(p.amount, p.eligible, p.winners, p.left_over, p.rule) for p in o.pots] == [
            (4, ("Bob",), (), 4, "brag.blind_uncontested")]
        assert o.summary == "Bob is left alone blind: the pot of 4 carries and he keeps his hand"
        assert (o.carried, o.stacks) == (4, {"Ann": 49, "Bob": 48, "Cy": 49})
        assert o.next_hand.carry == BragCarry(pot=4, kept_blind_hand="Bob", kept_cards=("Kh", "Qd", "2c"))
        assert o.next_hand.obligations == ("Bob plays his kept hand, unseen (brag.blind_uncontested)",)


def test_the_kept_hand_dealt_again_is_noted_and_played_without_the_log() -> None:
    """brag.blind_uncontested = pot_carries_blind_keeps_hand: Bob keeps his unseen hand; the next deal's log
    deals to him: noted against the log."""
    _, second = night("hand 1\nBob: blind 1\nCy: looks\nCy: folds\nAnn: looks\nAnn: folds\n\n"
                      "hand 2\nBob: dealt 4h 4d 9s\nCy: looks\nCy: folds\nAnn: looks\nAnn: folds\n",
                      "brag.blind_uncontested = pot_carries_blind_keeps_hand")
    assert findings_in_full(second) == [(1, "kept_hand_dealt", "Bob", "brag.blind_uncontested",
                                "Bob keeps his unseen hand from the last deal, but the log deals to him", None)]


# ---------------------------------------------------------------- the showdown's order, the hand's end


def test_the_seen_player_shows_first_then_the_seer() -> None:
    """brag.4.4 / brag.7.2: Bob paid to see Cy: Cy shows first, then Bob; then nobody is asked, and the pot of 11
    goes to Bob's kings over Cy's queens (Bob 43 + 11 = 54)."""
    s = state_after(SEE)
    assert (s.phase, s.expected_actor(), s.to_show()) == ("showdown", "Cy", [2, 1])
    s = state_after(SEE + "Cy: shows Qh Qd 2c\n")
    assert (s.expected_actor(), s.prompt().to_act) == ("Bob", "Bob")
    r = hand(SEE + "Cy: shows Qh Qd 2c\nBob: shows Kh Kd 3c\n")
    assert r.outcome.stacks == {"Ann": 49, "Bob": 54, "Cy": 47}
    assert r.outcome.pots[0].rule == "brag.7.2"
    s = state_after(SEE + "Cy: shows Qh Qd 2c\nBob: shows Kh Kd 3c\n")
    assert (s.to_show(), s.expected_actor(), s.prompt().to_act) == ([], None, None)


@pytest.mark.parametrize(("deals", "legal"), [
    ("", ("show", "muck")),
    ("Cy: dealt Qh Qd 2c\n", ("show Qh Qd 2c", "muck")),
])
def test_the_player_to_show_is_offered_his_hand_or_the_muck(deals: str, legal: tuple[str, ...]) -> None:
    """brag.9.4: at the showdown a player shows his hand or mucks, which concedes: Cy, seen, is asked first,
    with his cards when the log dealt them."""
    p = state_after(deals + SEE).prompt()
    assert (p.phase, p.to_act, p.legal, p.stack) == ("showdown", "Cy", legal, 47)
    shown = [Show("Cy", tuple(cards("Qh Qd 2c")))] if deals else []
    assert p.options.events("Cy") == [*shown, Muck("Cy")]


def test_nobody_shows_when_one_player_is_left() -> None:
    """brag.4.4: the last player takes the pot unseen -- when the others drop, or when the seen player mucks."""
    s = state_after("Bob: looks\nBob: stake 2\nCy: folds\nAnn: folds\n")
    assert (s.to_show(), s.expected_actor(), s.over_reason()) == ([], None, "one player is left")
    s = state_after(SEE + "Cy: mucks\n")
    assert (s.to_show(), s.expected_actor(), s.prompt().to_act) == ([], None, None)


COVER = ("Bob: looks\nBob: stake 4\nCy: looks\nCy: stake 4\nDee: looks\nDee: stake 4\nDee: covers\nAnn: looks\n"
         "Ann: stake 4\nBob: folds\nCy: stake 4\nAnn: sees Cy for 8\n")


def test_after_a_cover_the_coverer_shows_last() -> None:
    """brag.9.2: "At the end the last two players show for the side pot, and those two and the player who covered
    show for the main pot": Cy (seen), Ann (the seer), then the coverer Dee.  Until the betting ends, who
    contests each pot is judged later (brag.9.2)."""
    seats = (("Ann", 40), ("Bob", 40), ("Cy", 40), ("Dee", 5))
    events = replay_text_hand("three_card_brag", COVER, seats="Ann 40, Bob 40, Cy 40, Dee 5").events
    setup = game_setup("three_card_brag", seats=list(seats))
    during = play(setup, events[:8])
    assert during.judged_later() == {"cover": JudgedLater("brag.9.2", "who contests each pot after a cover is known at "
                                                          "the end of the betting: the last two show for the side pot, "
                                                          "and those two and the coverer for the main pot")}
    end = play(setup, events)
    assert end.judged_later() == {} and end.to_show() == [2, 0, 3]
    r = replay_text_hand("three_card_brag", COVER + "Cy: shows 9h 9s Ad\nAnn: shows 8h 8s Kd\nDee: shows 7d 7c Ah\n",
                         seats="Ann 40, Bob 40, Cy 40, Dee 5")
    # brag.9.4: main pot 4 antes + 4 x 3 stakes = 16 (Dee's last chip is his 4th stake: he had 5, ante 1)
    # -> Cy over Dee and Ann; side pot Ann 4 + Cy 4 + Ann's see 8 = 16 -> Cy.  Cy 40 - 1 - 8 + 32 = 63.
    assert [(p.amount, p.winners, p.rule) for p in r.outcome.pots] == [(16, ("Cy",), "brag.9.4"), (16, ("Cy",), "brag.7.2")]
    assert r.outcome.facts == {"covers": ["Dee"]} and r.outcome.stacks == {"Ann": 27, "Bob": 35, "Cy": 63, "Dee": 0}


def test_a_cover_tie_between_two_who_did_not_cover_splits_the_main_pot() -> None:
    """brag.9.4 / common.showdown_tie = split: Ann and Cy tie for the main pot (nines with an ace) above the
    coverer Dee: they share its 16, 8 each; the side pot's tie at the see goes to the seen player Cy
    (brag.tie_at_see = seer_loses)."""
    r = replay_text_hand("three_card_brag", COVER + "Cy: shows 9h 9s Ad\nAnn: shows 9d 9c Ah\nDee: shows 7d 7c Kh\n",
                         seats="Ann 40, Bob 40, Cy 40, Dee 5")
    assert [(p.amount, p.winners, p.rule) for p in r.outcome.pots] == [
        (16, ("Ann", "Cy"), "common.showdown_tie"), (16, ("Cy",), "brag.tie_at_see")]
    assert r.outcome.stacks == {"Ann": 35, "Bob": 35, "Cy": 55, "Dee": 0}


@pytest.mark.parametrize(("ante", "stacks"), [(0, {"Ann": 50, "Bob": 52, "Cy": 48}), (2, {"Ann": 48, "Bob": 56, "Cy": 46})])
def test_each_player_antes_the_rulebooks_ante(ante: int, stacks: dict) -> None:
    """brag.ante: "chips each player antes before each deal (0: no ante)": Bob stakes 2, Cy 2, both drop to him:
    he takes the stakes and the antes."""
    r = hand("Bob: looks\nBob: stake 2\nCy: looks\nCy: stake 2\nAnn: folds\nCy: folds\n", f"brag.ante = {ante}")
    assert r.outcome.stacks == stacks
    assert r.outcome.pots[0].amount == 4 + 3 * ante


#: Hand 1: everybody drops to Bob, blind: the 3 antes and his 1 carry (brag.blind_uncontested =
#: pot_carries_blind_keeps_hand).  Hand 2 (Bob deals; Cy, Ann, Bob): Cy stakes 2, Ann raises to 4, Bob stakes 4,
#: Cy (1 chip left) covers, Ann stakes 4 and Bob pays 8 to see her.  Cy's prial of fives beats both; Ann's kings
#: beat Bob's queens.
CARRIED_THEN_COVER = ("hand 1\nBob: blind 1\nCy: looks\nCy: folds\nAnn: looks\nAnn: folds\n\n"
                      "hand 2\nCy: looks\nCy: stake 2\nAnn: looks\nAnn: stake 4\nBob: looks\nBob: stake 4\nCy: covers\n"
                      "Ann: stake 4\nBob: sees Ann for 8\nAnn: shows Kh Kd 2c\nBob: shows Qh Qd 3c\nCy: shows 5s 5h 5d\n")


@pytest.mark.parametrize(("option", "main", "side"), [
    # brag.9.1: the pot open at the cover is closed as it is: the 4 carried, 3 antes, Cy 2 + 1, Ann 4, Bob 4 = 18;
    # later stakes (Ann 4, Bob's see 8) are the side pot, 12
    ("all_money_before_cover", 18, 12),
    # poker-style: Cy put in 4 in all (ante 1, 2, his last 1): 4 from each is the main pot, with the carried 4: 16;
    # the rest (Ann 9 - 4, Bob 13 - 4) is the side pot, 14
    ("poker_equalised_side_pot", 16, 14),
])
def test_a_carried_pot_belongs_to_the_main_pot_after_a_cover(option: str, main: int, side: int) -> None:
    """brag.cover_main_pot: the chips carried from the last deal are in the pot before anybody covers, so they
    are the main pot's, whichever way it is cut.  Cy ends with the main pot; Ann with 49 - 9 + the side pot;
    Bob 48 - 13 = 35."""
    _, second = night(CARRIED_THEN_COVER, "brag.blind_uncontested = pot_carries_blind_keeps_hand",
                      f"brag.cover_main_pot = {option}", seats="Ann 50, Bob 50, Cy 5")
    o = second.outcome
    assert [(p.amount, p.eligible, p.winners, p.rule) for p in o.pots] == [
        (main, ("Cy", "Ann", "Bob"), ("Cy",), "brag.9.4"), (side, ("Ann", "Bob"), ("Ann",), "brag.7.2")]
    assert o.stacks == {"Ann": 40 + side, "Bob": 35, "Cy": main}
    assert o.facts == {"covers": ["Cy"]} and o.next_hand.carry == BragCarry(shuffle_due=True)


def test_two_covers_show_from_the_last_coverer_back_and_each_pot_names_its_claimants() -> None:
    """brag.9.2 / brag.9.4 (tests/golden/three_card_brag/24_two_covers_one_hand.txt): Bob covers, then Dee; Cy sees
    Eve.  The table shows Eve (seen), Cy (the seer), then the coverers from the last back: Dee, Bob.  Each pot
    is claimed by those in when it was closed who did not drop (Ann dropped: she claims none): the main pot
    by Bob, Cy, Dee and Eve, side pot 1 by Cy, Dee and Eve, side pot 2 by Cy and Eve."""
    text = (GOLDEN / "24_two_covers_one_hand.txt").read_text(encoding="utf-8")
    body = text[text.index("hand 1\n"):]
    lines = [line for line in body.splitlines()[1:] if line and not line.startswith("#")]
    seats = [("Ann", 50), ("Bob", 8), ("Cy", 50), ("Dee", 16), ("Eve", 50)]
    events = hand("\n".join(lines) + "\n", seats="Ann 50, Bob 8, Cy 50, Dee 16, Eve 50").events
    setup = game_setup("three_card_brag", seats=seats)
    shows = len(events) - 4
    assert [play(setup, events[:n]).expected_actor() for n in range(shows, len(events) + 1)] == [
        "Eve", "Cy", "Dee", "Bob", None]
    o = replay_hand(setup, events).outcome
    assert [(p.amount, p.eligible, p.winners, p.rule) for p in o.pots] == [
        (30, ("Bob", "Cy", "Dee", "Eve"), ("Bob",), "brag.9.4"), (35, ("Cy", "Dee", "Eve"), ("Dee",), "brag.9.4"),
        (27, ("Cy", "Eve"), ("Eve",), "brag.7.2")]
    assert o.facts == {"covers": ["Bob", "Dee"]}


def test_a_coverer_who_mucks_concedes_the_main_pot_to_the_last_player() -> None:
    """brag.9.3 / brag.9.4: Cy (3 chips) antes 1 and covers Bob's 4 with his last 2; Ann drops, so the betting
    ends with Bob against the coverer.  Cy mucks, which concedes: Bob takes the main pot (3 antes, his 4, Cy's
    2 = 9) unshown; the side pot is empty and is no pot at all (Bob 50 - 1 - 4 + 9 = 54)."""
    lines = "Bob: looks\nBob: stake 4\nCy: looks\nCy: covers\nAnn: folds\n"
    assert state_after(lines, seats=(("Ann", 50), ("Bob", 50), ("Cy", 3))).to_show() == [1, 2]
    o = hand(lines + "Cy: mucks\n", seats="Ann 50, Bob 50, Cy 3").outcome
    assert [(p.amount, p.eligible, p.winners, p.rule) for p in o.pots] == [(9, ("Bob", "Cy"), ("Bob",), "brag.9.4")]
    assert (o.stacks, o.facts) == ({"Ann": 49, "Bob": 54, "Cy": 0}, {"covers": ["Cy"]})
