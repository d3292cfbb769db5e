"""Stop the Bus (seed-001, rulebook ``stop_the_bus``): the stop caller's extra turn is ignored, and a
deal's result says who paid into the bus pot."""

from __future__ import annotations

import pytest

from referee.cards import UNKNOWN, cards
from referee.engine.events import Exchange, Knock, Pass, Show
from referee.engine.games.stop_the_bus import BusCarry, StopTheBus
from referee.engine.replay import play, start_hand
from referee.engine.state import HandSetup
from referee.errors import HandFileError
from referee.handfile import parse_night
from referee.rulebook import load_rulebook

from helpers.engine import night_text, replay_text_night


def test_the_stop_callers_turn_after_his_call_is_ignored():
    """stopbus.end = stop_call_then_one_turn_each: "every other player then has one more turn" -- Bob
    stops the bus, Cy has his last turn, and Bob passes again: flagged out of turn and ignored; Ann, the
    last to have her turn, is still to act and no chip has moved."""
    (replayed,) = replay_text_night("stop_the_bus", "hand 1\ndummy: 9h 4c Kd\nBob: stops the bus\nCy: passes\n"
                                    "Bob: passes\n", "stopbus.end = stop_call_then_one_turn_each",
                                    seats="Ann 10, Bob 10, Cy 10")
    r = replayed.replay
    assert [(f.action, f.code, f.player, f.rule, f.remedy) for f in r.findings] == [
        (4, "acted_out_of_turn", "Bob", "stopbus.3", "ignored")]
    assert (r.states[-1].to_act, r.states[-1].stacks) == ("Ann", (10, 10, 10))


def test_a_deals_result_says_who_paid_into_the_bus_pot():
    """stopbus.5: "the player with the lowest hand pays an agreed sum into the pot, for example five
    chips" -- a deal logged by its result, Bob lowest: he pays 5, and the bus pot of 5 stays for the
    next deal (stopbus.6: deals go on until one player has chips left)."""
    (replayed,) = replay_text_night("stop_the_bus", "hand 1\nBob: was lowest\n", seats="Ann 10, Bob 10, Cy 10")
    o = replayed.replay.outcome
    assert o.summary == "Bob pays 5; bus pot 5"
    assert (o.stacks, o.carried) == ({"Ann": 10, "Bob": 5, "Cy": 10}, 5)


# ---------------------------------------------------------------------- turns, refusals and the end of a deal

STOP_CALL = "stopbus.end = stop_call_then_one_turn_each"
SEATS = (("Ann", 10), ("Bob", 10), ("Cy", 10))


def hand(lines: str, *options: str, seats: str = "Ann 10, Bob 10, Cy 10"):
    """One deal of Stop the Bus (Ann deals: Bob, on her left, has the first turn)."""
    (replayed,) = replay_text_night("stop_the_bus", "hand 1\n" + lines, *options, seats=seats)
    return replayed.replay


def rows(replay) -> list[tuple]:
    return [(f.action, f.code, f.player, f.rule, f.message, f.remedy) for f in replay.findings]


def prompt_after(lines: str, *options: str, seats=SEATS):
    """The prompt after the logged ``lines`` of a first deal."""
    events = list(parse_night(night_text("stop_the_bus", "hand 1\n" + lines, *options,
                                         seats=", ".join(f"{n} {s}" for n, s in seats))).hands[0].events)
    rb = load_rulebook("stop_the_bus").with_options(dict(o.split(" = ") for o in options))
    return play(HandSetup(rb, list(seats), "Ann"), events).prompt()


@pytest.mark.parametrize(("options", "legal"), [
    ((), ("exchange a card for 9h 4c Kd", "pass")),
    (("stopbus.exchange = one_or_three",), ("exchange a card for 9h 4c Kd", "exchange all three", "pass")),
    (("stopbus.exchange_mandatory = yes",), ("exchange a card for 9h 4c Kd",)),
    ((STOP_CALL,), ("exchange a card for 9h 4c Kd", "pass", "stop the bus")),
])
def test_a_turn_offers_what_the_rulebook_allows(options, legal):
    """stopbus.3: "In turn each player may exchange one card of his hand for one card of the dummy (see
    stopbus.exchange and stopbus.exchange_mandatory)"; stopbus.end = stop_call_then_one_turn_each: "At
    his turn a player may say 'stop the bus' instead of exchanging" -- Bob, first on the dealer's left,
    is offered the dummy's cards, all three only under one_or_three, a pass unless he must exchange,
    and the stop call only under its option."""
    p = prompt_after("dummy: 9h 4c Kd\n", *options)
    assert (p.phase, p.to_act, p.legal, p.stack) == ("exchanging", "Bob", legal, 10)


def test_a_turns_events_name_his_known_card_and_each_of_the_dummys():
    """stopbus.3 (one_or_three, stop call): Bob, dealt 2c 3d 5h, may give his first card for each dummy
    card, give all three for the dummy, pass, or stop the bus."""
    p = prompt_after("dummy: 9h 4c Kd\nBob: dealt 2c 3d 5h\n", "stopbus.exchange = one_or_three", STOP_CALL)
    two, nine, four, king = cards("2c 9h 4c Kd")
    assert p.events() == [Exchange("Bob", (two,), (nine,)), Exchange("Bob", (two,), (four,)),
                          Exchange("Bob", (two,), (king,)), Exchange("Bob", tuple(cards("2c 3d 5h")), (nine, four, king)),
                          Pass("Bob"), Knock("Bob")]
    unseen = start_hand(HandSetup(load_rulebook("stop_the_bus"), list(SEATS), "Ann")).prompt()
    assert unseen.events() == [Exchange("Bob", (UNKNOWN,), (UNKNOWN,)), Pass("Bob")]


def test_after_the_stop_call_the_others_turns_offer_no_second_call():
    """stopbus.end = stop_call_then_one_turn_each: "every other player then has one more turn" -- Bob
    stops the bus: Cy, then Ann, may exchange or pass, not stop it again; then the hands are shown,
    Bob first."""
    assert prompt_after("dummy: 9h 4c Kd\nBob: stops the bus\n", STOP_CALL).legal == (
        "exchange a card for 9h 4c Kd", "pass")
    assert prompt_after("dummy: 9h 4c Kd\nBob: stops the bus\nCy: passes\n", STOP_CALL).to_act == "Ann"
    shown = prompt_after("dummy: 9h 4c Kd\nBob: stops the bus\nCy: passes\nAnn: passes\n", STOP_CALL)
    assert (shown.phase, shown.to_act, shown.stack) == ("showdown", "Bob", 10)


def test_the_showdown_asks_each_player_in_turn_and_offers_his_known_hand():
    """stopbus.5: "Then all hands are shown" -- after a full round of passes Bob, Cy and Ann are asked in
    turn from the dealer's left; a hand the log knows is offered as it is."""
    lines = "dummy: 9h 4c Kd\nCy: dealt 2c 3d 5h\nBob: passes\nCy: passes\nAnn: passes\n"
    p = prompt_after(lines)
    assert (p.phase, p.to_act, p.legal, p.events()) == ("showdown", "Bob", ("show",), [])
    assert prompt_after(lines + "Bob: shows Qs Ks Jc\n").legal == ("show 2c 3d 5h",)
    assert prompt_after(lines + "Bob: shows Qs Ks Jc\n").events() == [Show("Cy", tuple(cards("2c 3d 5h")))]
    assert prompt_after(lines + "Bob: shows Qs Ks Jc\nCy: shows 2c 3d 5h\n").to_act == "Ann"
    done = prompt_after(lines + "Bob: shows Qs Ks Jc\nCy: shows 2c 3d 5h\nAnn: shows Ah Ad 3s\n")
    assert (done.phase, done.to_act, done.legal) == ("showdown", None, ())


@pytest.mark.parametrize(("lines", "options", "finding", "to_act"), [
    ("dummy: 9h 4c Kd\nCy: exchanges 5h for Kd\n", (),
     (2, "acted_out_of_turn", "Cy", "stopbus.3", "Cy acted out of turn: Bob is to act",
      "the action stands (binding out of turn); play goes on from him"), "Ann"),
    ("dummy: 9h 4c Kd\nCy: passes\n", ("common.illegal_fix = void_and_reprompt",),
     (2, "acted_out_of_turn", "Cy", "stopbus.3", "Cy acted out of turn: Bob is to act", "void: Bob is still to act"),
     "Bob"),
    ("dummy: 9h 4c Kd\nBob: stops the bus\nCy: passes\nCy: passes\n", (STOP_CALL,),
     (4, "acted_out_of_turn", "Cy", "stopbus.3", "Cy has had his last turn after the stop call", "ignored"), "Ann"),
    ("dummy: 9h 4c Kd\nBob: stops the bus\nAnn: passes\n", (STOP_CALL,),
     (3, "acted_out_of_turn", "Ann", "stopbus.3", "Ann acted out of turn: Cy is to act",
      "the action stands (binding out of turn); play goes on from him"), "Cy"),
    ("dummy: 9h 4c Kd\nBob: passes\nCy: passes\nAnn: passes\nCy: passes\n", (),
     (5, "exchanging_over", "Cy", "stopbus.4", "the exchanging is over: Cy cannot pass", "ignored"), "Bob"),
    ("dummy: 9h 4c Kd\nBob: stops the bus\nCy: passes\nAnn: passes\nAnn: stops the bus\n", (STOP_CALL,),
     (5, "exchanging_over", "Ann", "stopbus.4", "the exchanging is over: Ann cannot stop the bus", "ignored"), "Bob"),
    ("dummy: 9h 4c Kd\nBob: stops the bus\n", (),
     (2, "stop_call_not_allowed", "Bob", "stopbus.end",
      "Bob stops the bus: this rulebook has no stop call (a full round of passes ends the exchanging)",
      "taken as a pass"), "Cy"),
    ("dummy: 9h 4c Kd\nBob: stops the bus\n", ("common.illegal_fix = void_and_reprompt",),
     (2, "stop_call_not_allowed", "Bob", "stopbus.end",
      "Bob stops the bus: this rulebook has no stop call (a full round of passes ends the exchanging)",
      "void: he acts again"), "Bob"),
    ("dummy: 9h 4c Kd\nBob: stops the bus\nCy: stops the bus\n", (STOP_CALL,),
     (3, "stop_call_not_allowed", "Cy", "stopbus.end", "Cy stops the bus: the bus is already stopped",
      "taken as a pass"), "Ann"),
    ("dummy: 9h 4c Kd\nBob: passes\n", ("stopbus.exchange_mandatory = yes",),
     (2, "pass_not_allowed", "Bob", "stopbus.exchange_mandatory",
      "Bob passed, but every player must exchange at his turn", "the pass stands: no exchange can be made for him"),
     "Cy"),
    ("dummy: 9h 4c Kd\nBob: exchanges 2c 3d for 9h 4c\n", (),
     (2, "exchange_count", "Bob", "stopbus.exchange", "Bob exchanged 2 cards; the rulebook allows 1",
      "counts as his first card only (2c for 9h)"), "Cy"),
    ("dummy: 9h 4c Kd\nBob: exchanges 2c 3d for 9h 4c\n", ("stopbus.exchange = one_or_three",),
     (2, "exchange_count", "Bob", "stopbus.exchange", "Bob exchanged 2 cards; the rulebook allows 1 or 3",
      "counts as his first card only (2c for 9h)"), "Cy"),
    ("dummy: 9h 4c Kd\nBob: exchanges 2c 3d for 9h 4c\n", ("common.illegal_fix = void_and_reprompt",),
     (2, "exchange_count", "Bob", "stopbus.exchange", "Bob exchanged 2 cards; the rulebook allows 1",
      "void: he acts again"), "Bob"),
    ("dummy: 9h 4c Kd\nBob: exchanges 2c for 9h and knocks\n", (STOP_CALL,),
     (2, "stop_call_not_allowed", "Bob", "stopbus.end",
      "Bob exchanged and stopped the bus in one turn: the stop call comes instead of an exchange",
      "the exchange stands; the stop call is ignored"), "Cy"),
    ("dummy: 9h 4c Kd\nBob: dealt 2c 3d 5h\nBob: exchanges 7c for 9h\n", (),
     (3, "discard_not_in_hand", "Bob", None, "Bob gave 7c, which the log does not show in his hand", None), "Cy"),
    ("dummy: 9h 4c Kd\nBob: shows 2c 3d 5h\n", (),
     (2, "showed_during_play", "Bob", None, "Bob showed his hand before the exchanging was over: taken as its end",
      None), "Cy"),
    ("dummy: 9h 4c Kd\nBob: takes pot\n", (),
     (2, "took_pot_early", "Bob", None, "Bob took the pot: the bus pot is won only by the last player with chips",
      None), "Bob"),
])
def test_every_turn_the_rules_refuse_is_flagged_with_its_reason_and_remedy(lines, options, finding, to_act):
    """stopbus.3 "In turn each player may exchange one card" (see stopbus.exchange, exchange_mandatory);
    stopbus.4 "This goes on until the players no longer want to exchange" (see stopbus.end); stopbus.6
    the pot goes to the last player with chips; common.illegal_fix: "adjust_to_nearest_legal" or
    "void_and_reprompt" -- each breach is flagged with its rule, its words and what was done about it,
    and the turn passes as the remedy says."""
    r = hand(lines, *options)
    assert [row for row in rows(r) if row[0] == finding[0]] == [finding]
    assert r.states[-1].to_act == to_act


def test_a_muck_at_the_showdown_is_flagged_and_leaves_the_lowest_unknown():
    """stopbus.5: "all hands are shown and the player with the lowest hand pays" -- Cy throws his hand in:
    flagged; his hand unseen, who pays cannot be told (stopbus.5), and nobody pays."""
    r = hand("dummy: 9h 4c Kd\nBob: passes\nCy: passes\nAnn: passes\nBob: shows Qs Ks Jc\nCy: mucks\n"
             "Ann: shows Ah Ad 3s\n")
    assert rows(r) == [
        (6, "mucked_outside_showdown", "Cy", None, "Cy mucked: every hand is shown to find the lowest", None),
        (None, "lowest_unverifiable", "Cy", "stopbus.5",
         "who has the lowest hand cannot be told: Cy's hand must be shown", "nobody pays until it is shown")]
    assert (r.outcome.summary, r.outcome.penalties, r.outcome.carried) == ("nobody pays; bus pot 0", (), 0)
    assert prompt_after("dummy: 9h 4c Kd\nBob: passes\nCy: passes\nAnn: passes\nBob: shows Qs Ks Jc\nCy: mucks\n"
                        ).to_act == "Ann"
    assert hand("dummy: 9h 4c Kd\nBob: passes\nCy: passes\nAnn: passes\nBob: shows Qs Ks Jc\nCy: mucks\n"
                ).states[-1].to_act == "Ann"


@pytest.mark.parametrize(("lines", "message", "hint"), [
    ("dummy: 9h 4c Kd\ndummy: 2c 3c 4c\n", "the dummy is laid after the deal began, or twice",
     "the 'dummy:' line is the deal's first line"),
    ("Bob: passes\ndummy: 9h 4c Kd\n", "the dummy is laid after the deal began, or twice",
     "the 'dummy:' line is the deal's first line"),
    ("Bob: stops the bus\ndummy: 9h 4c Kd\n", "the dummy is laid after the deal began, or twice",
     "the 'dummy:' line is the deal's first line"),
    ("dummy: 9h 4c\n", "the dummy has 2 cards, not 3", "write its three cards"),
    ("dummy: 9h 4c Kd\nBob: exchanges 2c for Qs\n", "Bob takes Qs, but the dummy holds 9h 4c Kd",
     "the dummy lies face up: correct the card"),
    ("dummy: 9h 4c Kd\nBob: exchanges 2c for Kd\nCy: exchanges 3c for 2c\nAnn: exchanges 7h for Kd\n",
     "Ann exchanges Kd but Bob holds it", "each card is in the pack once: correct the card"),
    ("Bob wins\n", "'Bob wins' is not a result of Stop the Bus",
     "the result of a deal is who was lowest: 'Cy: was lowest'"),
    ("Bob was lowest\nBob was lowest\n", "Bob is logged as lowest twice", "one line per player who pays"),
    ("dummy: 9h 4c Kd\nBob was lowest\n", "'was lowest' in a deal whose play is logged",
     "a deal is logged by its result alone ('Cy: was lowest') or in full"),
    ("dummy: 9h 4c Kd\nBob: dealt 9h 3d 5h\n", "Bob is dealt 9h but the dummy is where it lies",
     "each card is in the pack once: correct the card"),
    ("Bob: dealt 2c 3d 5h\nBob: dealt 6c 7d 8h\n",
     "Bob is dealt 6c 7d 8h but already holds 2c 3d 5h: a Stop the Bus hand is 3 cards", "log each player's deal once"),
])
def test_a_logging_mistake_in_a_deal_is_refused_saying_how_to_fix_it(lines, message, hint):
    """stopbus.end = stop_call_then_one_turn_each (in force here, so a stop call is a turn);
    stopbus.2 "A spare three-card hand, the dummy, is dealt face up"; stopbus.1 "each player holds three
    cards"; stopbus.5 "the player with the lowest hand pays" -- a log that says otherwise cannot be
    replayed: refused at its line with the fix."""
    with pytest.raises(HandFileError) as refused:
        hand(lines, STOP_CALL)
    assert str(refused.value).endswith(message)
    assert refused.value.hint == hint


def test_a_player_out_of_the_game_is_dealt_nothing_and_cannot_be_lowest():
    """stopbus.6.1: "A player whose chips run out is out of the game: he is dealt no more cards, has no turn"
    -- Bob pays his last 5 in deal 1; in deal 2 (Cy deals) cards dealt to him are flagged and ignored,
    so is his show, and a result line naming him is refused."""
    first = "hand 1\nBob was lowest\n\nhand 2\n"
    night = replay_text_night("stop_the_bus", first + "Bob: dealt 2c 3d 5h\nBob: shows 2c 3d 5h\n",
                              seats="Ann 10, Bob 5, Cy 10")
    assert rows(night[1].replay) == [
        (1, "dealt_not_in_deal", "Bob", "stopbus.6.1", "Bob has no chips and is out of the game but was dealt cards",
         "ignored"),
        (2, "acted_not_in_game", "Bob", "stopbus.6.1", "Bob is out of the game", "ignored")]
    with pytest.raises(HandFileError) as refused:
        replay_text_night("stop_the_bus", first + "Bob was lowest\n", seats="Ann 10, Bob 5, Cy 10")
    assert str(refused.value).endswith("Bob was lowest, but has no chips and is out of the game")
    assert refused.value.hint == "only players in the game are dealt in"


@pytest.mark.parametrize(("penalty", "summary", "stacks", "pot"), [
    ("5_chips_to_pot", "Bob pays 5, Cy pays 3; bus pot 13", {"Ann": 10, "Bob": 2, "Cy": 0}, 13),
    ("1_token", "Bob pays 1, Cy pays 1; bus pot 3", {"Ann": 10, "Bob": 10, "Cy": 2}, 3),
])
def test_the_penalty_goes_into_the_bus_pot_carried_deal_to_deal(penalty, summary, stacks, pot):
    """stopbus.penalty: "The lowest hand pays five chips into the pot" or "loses one token"; stopbus.6.1: "A
    lowest hand that cannot pay the whole penalty pays what it has"; stopbus.tie_lowest = all_tied_pay --
    deal 1: Bob pays into the bus pot; deal 2: Bob and Cy tie for lowest and both pay (Cy, with 3 chips,
    pays his 3 of the 5); the pot grows and, with two players still in, stays for the next deal."""
    night = replay_text_night("stop_the_bus", "hand 1\nBob was lowest\n\nhand 2\nBob was lowest\nCy was lowest\n",
                              f"stopbus.penalty = {penalty}", seats="Ann 10, Bob 12, Cy 3")
    second = night[1].replay.outcome
    assert (second.summary, second.stacks, second.carried) == (summary, stacks, pot)
    assert second.next_hand.carry == BusCarry(pot=pot)
    assert [(p.amount, p.eligible, p.winners, p.left_over, p.rule) for p in second.pots] == [
        (pot, tuple(n for n, s in stacks.items() if s), (), pot, "stopbus.6")]
    shorts = [(f.player, f.message) for f in night[1].replay.findings if f.code == "penalty_short"]
    assert shorts == ([("Cy", "Cy pays his last 3 of the 5 and is out of the game")] if penalty == "5_chips_to_pot"
                      else [])


def test_the_last_player_with_chips_takes_the_whole_bus_pot():
    """stopbus.6: "Deals continue until only one player has chips left; he takes the whole pot" -- deal 1
    puts Bob's 5 in the pot; in deal 2 Bob and Cy tie for lowest and pay their last chips: Ann takes the
    pot of 10, and the night's winner is hers."""
    night = replay_text_night("stop_the_bus", "hand 1\nBob was lowest\n\nhand 2\nBob was lowest\nCy was lowest\n",
                              seats="Ann 10, Bob 7, Cy 3")
    o = night[1].replay.outcome
    assert (o.summary, o.stacks, o.carried) == ("Ann wins the game and 10", {"Ann": 20, "Bob": 0, "Cy": 0}, 0)
    assert o.facts == {"in_game": ["Ann"], "bus_pot": 0, "winner": "Ann"}
    assert [(f.player, f.message) for f in night[1].replay.findings if f.code == "game_won"] == [
        ("Ann", "Ann is the last player with chips and takes the pot of 10")]
    assert [(p.amount, p.eligible, p.winners, p.shares, p.decided, p.left_over, p.rule) for p in o.pots] == [
        (10, ("Ann",), ("Ann",), {"Ann": 10}, True, 0, "stopbus.6")]
    assert (night.result.winner, o.next_hand.carry) == ("Ann", BusCarry(pot=0, winner="Ann"))


def test_a_deal_every_hand_of_which_is_equal_has_no_lowest():
    """stopbus.tie_lowest = all_tied_pay: "If every hand of the deal is equal there is no lowest hand and
    nobody pays" -- Bob and Ann show queen-high hands of the same ranks."""
    r = hand("dummy: 9h 4c Kd\nBob: passes\nAnn: passes\nBob: shows Qs 8s 5c\nAnn: shows Qh 8h 5d\n",
             seats="Ann 10, Bob 10")
    assert (r.outcome.kind, r.outcome.summary, r.outcome.penalties) == ("showdown", "nobody pays; bus pot 0", ())
    assert r.outcome.facts == {"in_game": ["Ann", "Bob"], "bus_pot": 0}


def test_a_deal_whose_exchanging_goes_on_is_in_progress():
    """stopbus.4: the exchanging goes on until a full round of passes: a deal logged that far has no result."""
    r = hand("dummy: 9h 4c Kd\nBob: passes\n")
    assert (r.outcome.kind, r.outcome.penalties, r.outcome.stacks) == (
        "in_progress", (), {"Ann": 10, "Bob": 10, "Cy": 10})


def test_an_exchange_of_all_three_swaps_his_hand_with_the_dummy():
    """stopbus.exchange = one_or_three: "a player may exchange one card, or all three, with the dummy" --
    Bob, his cards unseen, takes 9h 4c Kd: the dummy now holds his three unseen cards (Cy is offered
    them so) and Bob shows the dummy's cards."""
    lines = "dummy: 9h 4c Kd\nBob: exchanges all\n"
    assert prompt_after(lines, "stopbus.exchange = one_or_three").legal[0] == "exchange a card for ?? ?? ??"
    r = hand(lines + "Cy: passes\nAnn: passes\nBob: passes\nBob: shows 9h 4c Kd\nCy: shows 2c 3d 5h\n"
             "Ann: shows Ah Ad 3s\n", "stopbus.exchange = one_or_three")
    assert rows(r) == [] and [p.payer for p in r.outcome.penalties] == ["Cy"]


def test_the_nights_result_is_the_games_winner():
    """stopbus.6: the game's winner is the night's; while the game runs there is none."""
    assert StopTheBus.night_result(BusCarry(pot=5), {"Ann": 5}) == (None, {})
    assert StopTheBus.night_result(BusCarry(pot=0, winner="Ann"), {"Ann": 30}) == ("Ann", {})


def test_a_dummy_laid_unseen_is_three_unseen_cards_and_is_laid_once():
    """stopbus.2: "A spare three-card hand, the dummy, is dealt face up on the table" -- a log that says
    only 'dummy:' lays three cards it did not see (Bob is offered them so); a second dummy line is refused."""
    assert prompt_after("dummy:\n").legal == ("exchange a card for ?? ?? ??", "pass")
    with pytest.raises(HandFileError) as refused:
        hand("dummy:\ndummy: 9h 4c Kd\n")
    assert str(refused.value).endswith("the dummy is laid after the deal began, or twice")


def test_a_voided_exchange_leaves_the_dummy_and_the_turn_as_they_were():
    """stopbus.3 "In turn each player may exchange"; a logged line undone by 'void' never happened: Cy's
    exchange out of turn is voided -- Bob,
    whose turn it was, passes, and Cy is offered the dummy as it was dealt, the Kd still in it."""
    p = prompt_after("dummy: 9h 4c Kd\nCy: exchanges 5h for Kd\nvoid\nBob: passes\n")
    assert (p.to_act, p.legal) == ("Cy", ("exchange a card for 9h 4c Kd", "pass"))
