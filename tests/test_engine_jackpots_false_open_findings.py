"""Jackpots (seed-003, rulebook ``jackpots``): what a false-open finding points at, what the table is told
when an opener's proof is missing, and openers found among more than five known cards."""

from __future__ import annotations

from referee.cards import cards
from referee.engine.events import Bet, Call, Declare, Draw, Fold
from referee.engine.games.jackpots import holds_openers

from helpers.engine import dealt, game_setup, replay_table


def test_a_false_open_declared_before_the_showdown_is_about_the_opening_bet():
    """jackpots.7: "Once a false open is established, the false opener drops out of the hand
    automatically; the chips he put in stay in the pot" -- Bob opened (action 2) on ace-king high and
    says so after Cy's call (action 4): the finding is made at action 4 and is about the opening bet,
    action 2."""
    events = [dealt("Bob", "Ah Ks 7c 4d 2s"), Bet(player="Bob", amount=2), Call(player="Cy"),
              Declare(player="Bob", what="false_open")]
    r = replay_table(game_setup("jackpots"), events)
    assert [(f.action, f.code, f.about) for f in r.findings] == [(4, "false_open_before_showdown", 2)]


def test_an_opener_who_drops_out_unproven_leaves_the_penalty_to_his_discards():
    """jackpots.5: "An opener who drops out before the showdown must keep his discards at hand to prove
    that he held openers" -- Bob opens, Cy calls, both draw, and Bob folds: nothing of his hand was
    shown, so whether he pays the false-open penalty (jackpots.false_open_penalty =
    pay_each_other_player_1) waits for his discards; Cy takes the pot of 8 (Ann's ante of 4, Bob's and
    Cy's 2 each)."""
    events = [Bet(player="Bob", amount=2), Call(player="Cy"), Fold(player="Dee"), Fold(player="Ann"),
              Draw(player="Bob", count=3), Draw(player="Cy", count=2), Fold(player="Bob")]
    r = replay_table(game_setup("jackpots"), events)
    assert [(f.action, f.code, f.player, f.rule, f.remedy) for f in r.findings] == [
        (None, "penalty_unverifiable", "Bob", "jackpots.5", "the false-open penalty cannot be ruled until they are shown")]
    assert r.outcome.penalties == ()
    assert [(p.amount, p.winners) for p in r.outcome.pots] == [(8, ("Cy",))]


def test_openers_are_found_among_more_than_five_known_cards():
    """jackpots.1.1: "Nobody may make the first bet (open) without a pair of jacks or better" -- among
    seven known cards any five may hold them: Jh Js with 2 3 4 6 9 beside them do; seven cards with no
    pair (jack and queen high) do not."""
    assert holds_openers(cards("2c 3d 4h 6s 9c Jh Js"), "JJ")
    assert not holds_openers(cards("2c 3d 4h 6s 9c Jh Qs"), "JJ")
