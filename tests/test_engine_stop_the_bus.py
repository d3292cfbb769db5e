"""Stop the Bus (RULES.md section 9, seed-001): the dummy, turns, the end of the exchanging, who pays.

The golden hands (tests/golden/stop_the_bus) pin the main readings and two whole games; these cover the
rest, each quoting its rule.
"""

from __future__ import annotations

import pytest

from referee.cards import UNKNOWN, cards
from referee.engine.events import Exchange, Knock, Pass, Reported, TurnWidow
from referee.engine.games.stop_the_bus import BusCarry
from referee.engine.night import NightHand, replay_night
from referee.engine.replay import play
from referee.engine.state import HandSetup
from referee.errors import CardError, HandFileError
from referee.handfile import parse_night
from referee.rulebook import load_rulebook
from referee.engine.replay import start_hand

from helpers.engine import replay_table, replay_text_night

SHOWS = "Bob: shows Qs Ks Jc\nCy: shows 5h 6h 7c\nAnn: shows Ah Ad 3s\n"


def night(body: str, *options: str, seats: str = "Ann 10, Bob 10, Cy 10"):
    return replay_text_night("stop_the_bus", body, *options, seats=seats)


def hand(lines: str, *options: str, seats: str = "Ann 10, Bob 10, Cy 10"):
    (replayed,) = night("hand 1\n" + lines, *options, seats=seats)
    return replayed.replay


def codes(replay, kind: str | None = None) -> list[tuple[int | None, str, str | None, str | None]]:
    return [(f.action, f.code, f.player, f.rule) for f in replay.findings if kind is None or f.kind == kind]


def test_out_of_turn_exchange_is_binding_and_play_goes_on_from_him():
    """stopbus.3: "In turn each player may exchange": Cy exchanges before Bob; it stands and Ann is next;
    Ann, Bob and Cy pass and the hands are shown: Cy's K-7-6 high is the lowest."""
    r = hand("dummy: 9h 4c Kd\nCy: exchanges 5h for Kd\nAnn: passes\nBob: passes\nCy: passes\n"
             + SHOWS.replace("5h 6h", "Kd 6h"))
    assert codes(r, "illegal_action") == [(2, "acted_out_of_turn", "Cy", "stopbus.3")]
    assert [(p.payer, p.amount) for p in r.outcome.penalties] == [("Cy", 5)]


def test_a_full_round_of_passes_counts_every_player_in_the_game():
    """stopbus.4 / stopbus.end = full_round_without_exchange: "The exchanging ends when a full round passes in
    which nobody exchanges": two passes of three are not a round."""
    setup = HandSetup(load_rulebook("stop_the_bus"), [("Ann", 10), ("Bob", 10), ("Cy", 10)], "Ann")
    events = [TurnWidow(tuple(cards("9h 4c Kd"))), Pass("Bob"), Pass("Cy")]
    assert play(setup, events).prompt().to_act == "Ann"
    assert play(setup, [*events, Pass("Ann")]).prompt().phase == "showdown"
    assert play(setup, [*events, Exchange("Ann", (UNKNOWN,), tuple(cards("Kd"))), Pass("Bob"),
                             Pass("Cy")]).prompt().to_act == "Ann"


def test_a_stop_call_without_the_option_is_a_pass():
    """stopbus.end = full_round_without_exchange has no stop call: it is flagged and taken as a pass."""
    r = hand("dummy: 9h 4c Kd\nBob: stops the bus\nCy: passes\nAnn: passes\n" + SHOWS)
    assert codes(r, "illegal_action") == [(2, "stop_call_not_allowed", "Bob", "stopbus.end")]
    assert r.outcome.kind == "showdown"


def test_the_caller_has_no_more_turns():
    """stopbus.end = stop_call_then_one_turn_each: "every other player then has one more turn"; the caller
    does not act again."""
    setup = HandSetup(load_rulebook("stop_the_bus").with_options({"stopbus.end": "stop_call_then_one_turn_each"}),
                      [("Ann", 10), ("Bob", 10), ("Cy", 10)], "Ann")
    r = replay_table(setup, [TurnWidow(tuple(cards("9h 4c Kd"))), Knock("Bob"), Pass("Cy"), Pass("Bob")])
    assert [(f.code, f.player) for f in r.illegal] == [("acted_out_of_turn", "Bob")]
    assert r.states[-1].to_act == "Ann"


def test_a_card_not_in_the_face_up_dummy_cannot_be_taken():
    """stopbus.2: the dummy lies face up: taking a card it does not hold is a logging mistake."""
    with pytest.raises(HandFileError, match="the dummy holds"):
        hand("dummy: 9h 4c Kd\nBob: exchanges 2c for Qs\n")
    with pytest.raises(HandFileError, match="Bob holds it") as info:
        hand("dummy: 9h 4c Kd\nBob: exchanges 2c for Kd\nCy: exchanges 3c for 2c\nAnn: exchanges 7h for Kd\n")
    assert isinstance(info.value.__cause__, CardError)


def test_exchanged_cards_are_public_and_checked_at_the_show():
    """stopbus.3: "the card he gives up goes face up into the dummy": Bob cannot show the 2c he gave away."""
    with pytest.raises(HandFileError, match="2c"):
        hand("dummy: 9h 4c Kd\nBob: exchanges 2c for Kd\nCy: passes\nAnn: passes\nBob: passes\n"
             "Bob: shows 2c Kd Jc\n")


def test_an_unshown_hand_leaves_the_lowest_unknown():
    """stopbus.5: "all hands are shown and the player with the lowest hand pays": Ann's hand is not shown,
    so who pays cannot be told; nobody pays and the finding names her."""
    r = hand("dummy: 9h 4c Kd\nBob: passes\nCy: passes\nAnn: passes\nBob: shows Qs Ks Jc\nCy: shows 5h 6h 7c\n")
    assert codes(r, "unverifiable") == [(None, "lowest_unverifiable", "Ann", "stopbus.5")]
    assert r.outcome.penalties == () and r.outcome.carried == 0


def test_result_only_deal_cannot_mix_with_play():
    with pytest.raises(HandFileError, match="whose play is logged"):
        hand("dummy: 9h 4c Kd\nBob: was lowest\n")
    with pytest.raises(HandFileError, match="only 'was lowest' lines"):
        hand("Bob: was lowest\nCy: passes\n")
    with pytest.raises(HandFileError, match="lowest twice"):
        hand("Bob: was lowest\nBob: lowest\n")


def test_a_player_out_of_the_game_has_no_turn_and_does_not_deal():
    """stopbus.6.1: "A player whose chips run out is out of the game: he is dealt no more cards, has no turn
    and does not deal"."""
    result = night("hand 1\nBob: was lowest\n\nhand 2\ndummy: 9h 4c Kd\nBob: passes\nAnn: passes\nCy: passes\n",
                   seats="Ann 10, Bob 5, Cy 10")
    first, second = result
    assert first.replay.outcome.stacks["Bob"] == 0 and first.replay.outcome.next_hand.dealer == "Cy"
    assert codes(second.replay, "illegal_action") == [(2, "acted_not_in_game", "Bob", "stopbus.6.1")]
    assert second.replay.states[-1].phase == "showdown"  # Cy deals: Ann and Cy pass, a full round of two


def test_the_game_winner_is_the_nights_winner_and_the_deal_moves_on():
    """stopbus.6: "Deals continue until only one player has chips left; he takes the whole pot."""
    result = night("hand 1\nBob: was lowest\n", seats="Ann 10, Bob 4")
    assert result.result.winner == "Ann" and result.result.stacks == {"Ann": 14, "Bob": 0}
    (h,) = result
    assert h.replay.outcome.next_hand.carry == BusCarry(pot=0, winner="Ann")
    assert h.replay.outcome.next_hand.dealer == "Bob"  # the next seat, whatever his chips


def test_a_new_game_after_chips_are_restored():
    """stopbus.1: "All players start with the same number of chips": after a game ends, chips added in the
    next hand's header start another; the carry no longer has a winner until it ends."""
    rb = load_rulebook("stop_the_bus")
    hands = [NightHand(rb, ("Ann", "Bob"), (Reported("Bob", "lowest"),), 1),
             NightHand(rb, ("Ann", "Bob"), (Reported("Ann", "lowest"),), 2, added={"Bob": 5, "Ann": 5})]
    result = replay_night([("Ann", 5), ("Bob", 5)], "Ann", hands)
    assert result.hands[0].outcome.next_hand.carry.winner == "Ann"
    assert result.winner is None and result.stacks == {"Ann": 10, "Bob": 5}


def test_stop_the_bus_offers_an_exchange_for_the_dummy_as_the_log_knows_it():
    """stopbus.3: "In turn each player may exchange one card for one of the dummy's" -- the prompt names
    the dummy's cards (unknown here: ?? ?? ??) (stop_the_bus.py ExchangeChoices.describe)."""
    state = start_hand(HandSetup(load_rulebook("stop_the_bus"), [("Ann", 10), ("Bob", 10), ("Cy", 10)], "Ann"))
    assert state.prompt().legal == ("exchange a card for ?? ?? ??", "pass")


@pytest.mark.parametrize(("top_prial", "pays"), [("333", "Ann"), ("AAA", "Bob")])
def test_three_threes_is_the_top_prial_only_under_its_option(top_prial, pays):
    """stopbus.1 "hands rank as in Three-card Brag (see stopbus.top_prial)"; stopbus.5 "the player with
    the lowest hand pays ... five chips": stopbus.top_prial = 333 ("Three threes is the highest prial,
    above three aces") -- Ann's three aces are the lowest hand against Bob's three threes and she pays;
    under AAA ("three aces is the highest") Bob pays."""
    r = hand("dummy: 9h 4c Kd\nBob: passes\nAnn: passes\nBob: shows 3s 3h 3d\nAnn: shows Ah Ad Ac\n",
             f"stopbus.top_prial = {top_prial}", seats="Ann 10, Bob 10")
    assert [(p.payer, p.amount, p.rule, p.into) for p in r.outcome.penalties] == [(pays, 5, "stopbus.penalty", "pot")]


def test_a_card_given_unseen_goes_into_the_dummy_as_one_unseen_card():
    """stopbus.3: "exchange one card of his hand for one card of the dummy; the card he gives up goes face
    up into the dummy" -- Bob takes the Kd for a card the log did not see: the dummy then holds 9h 4c and
    that one card, and Cy is offered it so."""
    night_ = parse_night("rulebook: stop_the_bus\nseats: Ann 10, Bob 10, Cy 10\ndealer: Ann\n\nhand 1\n"
                         "dummy: 9h 4c Kd\nBob: exchanges ?? for Kd\n")
    setup = HandSetup(load_rulebook("stop_the_bus"), [("Ann", 10), ("Bob", 10), ("Cy", 10)], "Ann")
    p = play(setup, list(night_.hands[0].events)).prompt()
    assert (p.to_act, p.legal) == ("Cy", ("exchange a card for 9h 4c ??", "pass"))
    assert p.options.dummy == (*cards("9h 4c"), UNKNOWN)


def test_logging_mistakes_about_the_dummy_and_a_result_only_deal_say_how_to_fix_them():
    """stopbus.2 "The dummy ... is dealt face up": a card it does not hold cannot be taken -- the error
    says the dummy lies face up; a deal logged by its result (``was lowest``) cannot also log play."""
    with pytest.raises(HandFileError) as err:
        hand("dummy: 9h 4c Kd\nBob: exchanges 2c for Qs\n")
    assert err.value.hint == "the dummy lies face up: correct the card"
    with pytest.raises(HandFileError) as err:
        hand("Bob: was lowest\nCy: passes\n")
    assert err.value.hint == "log the whole deal (dummy, exchanges, shows) or only who was lowest"


def test_the_last_player_with_chips_wins_the_game_and_a_player_out_cannot_act():
    """stopbus.6: "Deals continue until only one player has chips left; he takes the whole pot";
    stopbus.6.1: "A player whose chips run out is out of the game: he is dealt no more cards, has no
    turn" -- Bob, lowest with 4, pays his last 4 of the 5 and is out: with two players Ann has won the
    game and the pot; with three, Bob's pass in the next deal is flagged and ignored."""
    (only,) = night("hand 1\nBob: was lowest\n", seats="Ann 10, Bob 4")
    o = only.replay.outcome
    assert (o.summary, o.facts) == ("Ann wins the game and 4", {"in_game": ["Ann"], "bus_pot": 0, "winner": "Ann"})
    later = night("hand 1\nBob: was lowest\n\nhand 2\ndummy: 9h 4c Kd\nBob: passes\n", seats="Ann 10, Bob 4, Cy 10")
    assert [(f.action, f.code, f.rule, f.message, f.remedy) for f in later[1].replay.findings] == [
        (2, "acted_not_in_game", "stopbus.6.1", "Bob has no chips left and is out of the game", "ignored")]


def test_an_exchange_after_the_exchanging_is_over_is_ignored():
    """stopbus.4: "This goes on until the players no longer want to exchange" -- a full round of passes
    has ended it; Bob's exchange after that is flagged under stopbus.4 and ignored."""
    r = hand("dummy: 9h 4c Kd\nBob: passes\nCy: passes\nAnn: passes\nBob: exchanges 2c for Kd\n")
    assert [(f.action, f.code, f.rule, f.message, f.remedy) for f in r.findings][0] == (
        5, "exchanging_over", "stopbus.4", "the exchanging is over: Bob cannot exchange", "ignored")


def test_the_game_won_finding_cites_stopbus_6():
    """stopbus.6: "Deals continue until only one player has chips left; he takes the whole pot" -- Bob pays
    his last chips: Ann's win is noted under stopbus.6, and so is the pot she takes."""
    (only,) = night("hand 1\nBob: was lowest\n", seats="Ann 10, Bob 4")
    assert [(f.player, f.rule) for f in only.replay.findings if f.code == "game_won"] == [("Ann", "stopbus.6")]
    assert [(p.winners, p.rule) for p in only.replay.outcome.pots] == [(("Ann",), "stopbus.6")]


def test_an_out_of_turn_exchange_under_void_and_reprompt_is_flagged_and_voided():
    """stopbus.3: "In turn each player may exchange"; common.illegal_fix = void_and_reprompt: "An illegal
    exchange is flagged and voided; the player must act again with a legal action": Cy exchanges before Bob,
    it is flagged as acted_out_of_turn against Cy and Bob is still to act."""
    r = hand("dummy: 9h 4c Kd\nCy: exchanges 5h for Kd\n", "common.illegal_fix = void_and_reprompt")
    assert codes(r, "illegal_action") == [(2, "acted_out_of_turn", "Cy", "stopbus.3")]
    assert r.states[-1].to_act == "Bob"


def test_the_stop_caller_acting_again_is_flagged_under_stopbus_3():
    """stopbus.end = stop_call_then_one_turn_each: "every other player then has one more turn"; stopbus.3
    "In turn each player may exchange": the caller acting again is out of turn, and the finding says so."""
    r = hand("dummy: 9h 4c Kd\nBob: stops the bus\nCy: passes\nBob: passes\n",
             "stopbus.end = stop_call_then_one_turn_each")
    assert codes(r, "illegal_action") == [(4, "acted_out_of_turn", "Bob", "stopbus.3")]
    (f,) = r.illegal
    assert "last turn after the stop call" in f.message


def test_a_lowest_hand_short_of_the_penalty_is_named_in_the_finding():
    """stopbus.6.1: "A lowest hand that cannot pay the whole penalty pays what it has": Bob, lowest with 3
    chips of the 5, pays 3 and the finding names him."""
    (first,) = night("hand 1\nBob: was lowest\n", seats="Ann 10, Bob 3, Cy 10")
    rows = [(f.code, f.player, f.rule) for f in first.replay.findings if f.code == "penalty_short"]
    assert rows == [("penalty_short", "Bob", "stopbus.6.1")]
    assert first.replay.outcome.stacks["Bob"] == 0
