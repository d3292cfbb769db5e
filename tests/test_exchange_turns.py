"""The commerce turn engine (referee/engine/exchanges.py) situation by situation: what the player to act
may do (ExchangeChoices, with its words and its events), every breach a turn event is judged to have
(code, the rule the game gave for that situation, message, remedy), how the widow comes face up, and
whose turn it is after each move; and the exchanging's own lines in the hand format.

The cycle is the one whiskey poker (seed-000), La Viuda (seed-004) and stop the bus (seed-001) play: four
players clockwise Ann, Bob, Cy, Dee; Dee deals, Ann plays first.  Each situation's rule id is the
situation's own name here, so that a test shows which one the round cites (a game gives its numbered
rules: whiskey.2.1, whiskey.3.2, ...)."""

from __future__ import annotations

import dataclasses

import pytest

from referee.cards import UNKNOWN, card, cards
from referee.engine.events import Exchange, Knock, Pass, TakeWidow, TurnWidow
from referee.engine.exchanges import DEALER, KNOCKED, SPREAD, TAKEN, ExchangeChoices, ExchangeRound, \
    ExchangeRuleIds, ExchangeRules, turn_content
from referee.engine.table import Table
from referee.errors import HandFileError
from referee.handfile import parse_night
from referee.handfile.writer import write_events

ANN, BOB, CY, DEE = range(4)
NAMES = ("Ann", "Bob", "Cy", "Dee")
IDS = ExchangeRuleIds("phase1_order", "phase2_order", "last_turn", "face_down", "pass_rule", "knock_with_exchange",
                      "exchange_count", "phase1_knock")
#: the remedy of every action out of turn
MOVED = "its cards moved as logged; it uses up nobody's turn"


def cycle(pass_rule="once_in_phase2", *, knock_with_exchange=True, any_number=False, turns_up=True,
          live=(True, True, True, True)) -> ExchangeRound:
    table = Table(NAMES, "Dee", 1)
    rules = ExchangeRules(pass_rule, knock_with_exchange, any_number, turns_up, 5, IDS)
    return ExchangeRound(rules, table, list(live), table.after(table.dealer))


def one(player, give="7c", take="Kd", knock=False):
    return Exchange(player, (card(give),), (card(take),), knock=knock)


def two(player, knock=False):
    return Exchange(player, tuple(cards("7c 8c")), tuple(cards("Kd Qd")), knock=knock)


def whole(player, knock=False):
    return Exchange(player, (UNKNOWN,) * 5, (UNKNOWN,) * 5, knock=knock)


def act(rnd, seat, event):
    """Judge and commit one event; its breaches as (code, rule, message, remedy)."""
    move = rnd.judge(seat, event)
    rnd.commit(seat, move)
    return [(b.code, b.rule, b.message, b.remedy) for b in move.breaches]


def passes(rnd, *seats):
    for s in seats:
        assert act(rnd, s, Pass(NAMES[s])) == []


def choices(c: ExchangeChoices):
    return (c.widow_up, c.may_take, c.may_pass, c.may_knock, c.may_exchange, c.may_exchange_all,
            c.may_knock_with_exchange, c.turns_widow, c.last_turn)


# ---------------------------------------------------------------------- the rules and the start


def test_the_pass_rule_is_one_of_three():
    """whiskey.pass_rule: once_in_phase2 | not_twice_in_a_row | unlimited; anything else is no rule."""
    for rule in ("once_in_phase2", "not_twice_in_a_row", "unlimited"):
        assert ExchangeRules(rule, True, False, True, 5, IDS).pass_rule == rule
    with pytest.raises(ValueError, match="^unknown whiskey.pass_rule 'sometimes'$"):
        ExchangeRules("sometimes", True, False, True, 5, IDS)


def test_play_goes_round_the_players_in_the_deal_and_the_dealer_plays_last():
    """whiskey.2.1 (seed-000): play begins on the dealer's left; the dealer's turn is the last of a round.
    A player out of the deal has no turn; with one player in it there is no cycle at all."""
    rnd = cycle()
    assert (rnd.order, rnd.dealer, rnd.turn, rnd.phase, rnd.closed) == ((ANN, BOB, CY, DEE), DEE, ANN, "phase1", False)
    assert rnd.bets == [0, 0, 0, 0]
    out = cycle(live=(True, False, True, True))
    assert (out.order, out.dealer, out.turn) == ((ANN, CY, DEE), DEE, ANN)
    dealer_out = cycle(live=(True, True, True, False))
    assert (dealer_out.order, dealer_out.dealer) == ((ANN, BOB, CY), CY)
    alone = cycle(live=(False, False, True, False))
    assert (alone.order, alone.turn, alone.closed) == ((CY,), None, True)


def test_la_viuda_goes_counter_clockwise_from_the_dealers_right():
    """laviuda.3.2 (seed-004): "Play begins with the player on the dealer's right" -- Ann deals, Dee plays
    first, then Cy, Bob, and Ann last."""
    table = Table(NAMES, "Ann", -1)
    rnd = ExchangeRound(ExchangeRules("once_in_phase2", True, False, True, 5, IDS), table, [True] * 4,
                        table.after(table.dealer))
    assert (rnd.order, rnd.dealer, rnd.turn) == ((DEE, CY, BOB, ANN), ANN, DEE)
    passes(rnd, DEE)
    assert rnd.turn == CY


# ---------------------------------------------------------------------- what the player to act may do

#: (widow_up, may_take, may_pass, may_knock, may_exchange, may_exchange_all, may_knock_with_exchange,
#: turns_widow, last_turn)
FIRST_TURN = (False, True, True, True, 0, False, False, False, False)
DEALERS_FIRST_TURN = (False, True, True, True, 0, False, False, True, False)
WIDOW_UP = (True, False, True, True, 1, True, True, False, False)
LAST_TURN = (True, False, True, False, 1, True, False, False, True)


def at_dealers_first_turn(**kw):
    rnd = cycle(**kw)
    passes(rnd, ANN, BOB, CY)
    return rnd


def widow_taken(**kw):
    rnd = cycle(**kw)
    assert act(rnd, ANN, TakeWidow("Ann")) == []
    return rnd


def knocked(**kw):
    rnd = widow_taken(**kw)
    assert act(rnd, BOB, Knock("Bob")) == []
    return rnd


def knocked_face_down():
    rnd = cycle(turns_up=False)
    assert act(rnd, ANN, Knock("Ann")) == []
    return rnd


@pytest.mark.parametrize("situation, seat, expected, words", [
    # whiskey.2.1: with the widow face down a player takes it, passes or knocks
    (cycle, ANN, FIRST_TURN, ["take the widow", "pass", "knock"]),
    # whiskey.2.5: the dealer's turn with the widow still face down: he may turn it up
    (at_dealers_first_turn, DEE, DEALERS_FIRST_TURN, ["turn the widow face up", "take the widow", "pass", "knock"]),
    # whiskey.3.1: the widow face up: one card or all five, pass, knock, or exchange and knock
    (widow_taken, BOB, WIDOW_UP, ["exchange one card", "exchange all", "pass", "knock", "exchange and knock"]),
    # whiskey.4: one more turn after the knock: exchange or keep his hand, no knock
    (knocked, CY, LAST_TURN, ["exchange one card", "exchange all", "keep his hand"]),
    # whiskey.phase1_knock = allowed: the widow still face down after the knock: take it whole or keep
    (knocked_face_down, BOB, (False, True, True, False, 0, False, False, False, True), ["take the widow", "keep his hand"]),
])
def test_what_the_player_to_act_may_do(situation, seat, expected, words):
    rnd = situation()
    assert rnd.turn == seat
    legal = rnd.legal(seat)
    assert choices(legal) == expected
    assert [str(w) for w in legal.describe(100)] == words


def test_the_dealer_spreads_the_face_down_widow_for_his_last_turn():
    """whiskey.phase1_knock = allowed: "the widow stays face down until the dealer's turn, when the dealer
    must spread it face up for the others' last exchanges" -- at Dee's turn the widow counts as face up
    for him, and he must turn it."""
    rnd = knocked_face_down()
    passes(rnd, BOB, CY)
    assert rnd.must_spread() and not rnd.dealers_first_turn()
    legal = rnd.legal(DEE)
    assert choices(legal) == (True, False, True, False, 1, True, False, True, True)
    assert [str(w) for w in legal.describe(100)] == ["turn the widow face up", "exchange one card", "exchange all",
                                                     "keep his hand"]


@pytest.mark.parametrize("kw, exchange, knock_with, words", [
    ({"any_number": True}, 4, True, ["exchange 1–4 cards", "exchange all", "pass", "knock", "exchange and knock"]),
    ({"knock_with_exchange": False}, 1, False, ["exchange one card", "exchange all", "pass", "knock"]),
])
def test_the_options_change_what_may_be_exchanged_and_knocked(kw, exchange, knock_with, words):
    """whiskey.phase2_exchange = any_number: several cards one for one (up to four: five is "all");
    whiskey.knock_with_exchange = forbidden: no exchange and knock in one turn."""
    legal = widow_taken(**kw).legal(BOB)
    assert (legal.may_exchange, legal.may_knock_with_exchange) == (exchange, knock_with)
    assert [str(w) for w in legal.describe(100)] == words
    assert knocked(**kw).legal(CY).may_exchange == exchange


def test_a_pass_is_not_offered_once_the_pass_rule_refuses_it():
    """whiskey.3.2 (seed-000, once_in_phase2): "A player may pass only once in this phase" -- Bob passed
    once with the widow up: at his next turn he may not pass; not_twice_in_a_row: Bob, who passed at his
    previous turn, may not pass, but may again after an exchange."""
    rnd = widow_taken()
    passes(rnd, BOB, CY, DEE)
    assert act(rnd, ANN, one("Ann")) == []
    assert rnd.legal(BOB).may_pass is False and rnd.legal(CY).may_pass is False
    nt = widow_taken(pass_rule="not_twice_in_a_row")
    passes(nt, BOB)
    assert act(nt, CY, one("Cy")) == []
    assert nt.legal(BOB).may_pass is False and nt.legal(CY).may_pass is True
    unl = widow_taken(pass_rule="unlimited")
    passes(unl, BOB, CY, DEE, ANN, BOB, CY)
    assert unl.legal(DEE).may_pass is True


def test_the_events_offered_name_the_first_known_cards():
    """The legal events of a turn: an exchange names the first card of the hand and of the widow the log
    knows (?? otherwise); exchanging all names as many unknown cards as the hand holds."""
    hand = (UNKNOWN, card("7c"), card("8c"), UNKNOWN, UNKNOWN)
    widow = (card("Kd"), UNKNOWN, UNKNOWN, UNKNOWN, card("Qd"))
    five = (UNKNOWN,) * 5
    legal = widow_taken().legal(BOB).with_cards(hand, widow)
    assert legal.events("Bob") == [
        Pass("Bob"), Knock("Bob"), Exchange("Bob", (card("7c"),), (card("Kd"),)),
        Exchange("Bob", (card("7c"),), (card("Kd"),), knock=True), Exchange("Bob", five, five),
        Exchange("Bob", five, five, knock=True)]
    assert legal == dataclasses.replace(widow_taken().legal(BOB), hand=hand, widow=widow)
    unknown = widow_taken(knock_with_exchange=False).legal(BOB)
    assert unknown.events("Bob") == [Pass("Bob"), Knock("Bob"), Exchange("Bob", (UNKNOWN,), (UNKNOWN,)),
                                     Exchange("Bob", (UNKNOWN,), (UNKNOWN,))]
    assert at_dealers_first_turn().legal(DEE).events("Dee") == [TurnWidow(), TakeWidow("Dee"), Pass("Dee"), Knock("Dee")]
    assert cycle().legal(ANN).events("Ann") == [TakeWidow("Ann"), Pass("Ann"), Knock("Ann")]
    assert knocked().legal(CY).events("Cy") == [Pass("Cy"), Exchange("Cy", (UNKNOWN,), (UNKNOWN,)),
                                                Exchange("Cy", (UNKNOWN,), (UNKNOWN,))]


# ---------------------------------------------------------------------- what a turn event is


@pytest.mark.parametrize("event, kind, knock", [
    (TakeWidow("Ann"), "take", False),
    (whole("Ann"), "take", False),
    (whole("Ann", knock=True), "take", True),
    (one("Ann"), "exchange", False),
    (Exchange("Ann", (UNKNOWN,) * 4, (UNKNOWN,) * 4, knock=True), "exchange", True),
    (Knock("Ann"), "knock", True),
    (Pass("Ann"), "pass", False),
])
def test_what_a_turn_event_is_before_any_rule(event, kind, knock):
    """whiskey.3.1: exchanging all five is taking the whole widow; fewer is an exchange one for one."""
    move = turn_content(event, 5)
    assert (move.kind, move.knock, move.breaches, move.in_turn, move.turned_up) == (kind, knock, [], True, None)


# ---------------------------------------------------------------------- phase one: the widow face down


def test_the_dealer_turns_the_widow_up_at_the_end_of_his_first_turn():
    """whiskey.2.5 (seed-000): if nobody takes the widow in the first round the dealer turns it face up --
    his pass turns it; phase two starts again from Ann; that pass is not one of his passes in phase two."""
    rnd = at_dealers_first_turn()
    assert rnd.dealers_first_turn() and not rnd.must_spread()
    move = rnd.judge(DEE, Pass("Dee"))
    assert (move.kind, move.turned_up, move.breaches) == ("pass", DEALER, [])
    rnd.commit(DEE, move)
    assert (rnd.widow_up, rnd.phase, rnd.turn, rnd.passes) == (True, "phase2", ANN, {})
    passes(rnd, ANN, BOB, CY, DEE)  # Dee's first pass with the widow up is allowed
    assert rnd.passes == {ANN: 1, BOB: 1, CY: 1, DEE: 1}


def test_the_dealer_may_turn_the_widow_up_as_his_turn():
    """whiskey.2.5: 'widow turned' at the dealer's first turn is his turn: the next is Ann's, in phase two."""
    rnd = at_dealers_first_turn()
    move = rnd.judge(None, TurnWidow())
    assert (move.kind, move.in_turn, move.turned_up, move.breaches) == ("turn", True, DEALER, [])
    rnd.commit(None, move)
    assert (rnd.widow_up, rnd.turn, rnd.passed_last) == (True, ANN, {ANN, BOB, CY, DEE})


@pytest.mark.parametrize("turns_up, seat, turned, pending", [
    (True, ANN, KNOCKED, (BOB, CY, DEE)),
    (False, ANN, None, (BOB, CY, DEE)),
    (False, DEE, KNOCKED, (ANN, BOB, CY)),
])
def test_a_knock_with_the_widow_face_down(turns_up, seat, turned, pending):
    """whiskey.2.4 (seed-000): a knock in the first phase turns the widow up at once; under
    whiskey.phase1_knock = allowed it stays face down -- unless the knocker is the dealer, whose turn ends
    the first phase anyway.  Every other player then has one more turn, clockwise from the knocker."""
    rnd = cycle(turns_up=turns_up)
    passes(rnd, *range(seat))
    move = rnd.judge(seat, Knock(NAMES[seat]))
    assert (move.kind, move.knock, move.turned_up, move.breaches) == ("knock", True, turned, [])
    rnd.commit(seat, move)
    assert (rnd.knocker, rnd.pending, rnd.phase, rnd.widow_up) == (seat, pending, "last_turns", turned is not None)
    assert rnd.turn == pending[0]


@pytest.mark.parametrize("seat, turned", [(ANN, None), (DEE, DEALER)])
def test_single_cards_exchanged_with_the_face_down_widow(seat, turned):
    """whiskey.2.1: with the widow face down a player may take it, pass or knock -- exchanging single
    cards is flagged under the face-down rule and its cards stand; at the dealer's first turn it still
    ends phase one (the widow is turned up)."""
    rnd = cycle()
    passes(rnd, *range(seat))
    who = NAMES[seat]
    move = rnd.judge(seat, one(who))
    assert [(b.code, b.rule, b.message, b.remedy) for b in move.breaches] == [
        ("exchange_widow_face_down", "face_down",
         f"{who} exchanged single cards with the widow face down: he may take it, pass or knock",
         "its cards moved as logged")]
    assert (move.kind, move.turned_up, move.in_turn) == ("exchange", turned, True)
    rnd.commit(seat, move)
    assert rnd.widow_up is (turned is not None) and rnd.turn == (seat + 1) % 4


@pytest.mark.parametrize("event, allowed, breaches, turned", [
    # the whole widow taken with a knock: he takes it and knocks
    (whole("Ann", knock=True), True, [], TAKEN),
    (whole("Ann", knock=True), False, [("knock_with_exchange_forbidden", "knock_with_exchange",
                                       "Ann exchanged and knocked in one turn", "both stand")], TAKEN),
    # single cards with a knock: the face-down breach, the knock turns the widow up
    (one("Ann", knock=True), True, [("exchange_widow_face_down", "face_down",
                                     "Ann exchanged single cards with the widow face down: he may take it, pass or "
                                     "knock", "its cards moved as logged")], KNOCKED),
    (one("Ann", knock=True), False, [
        ("exchange_widow_face_down", "face_down",
         "Ann exchanged single cards with the widow face down: he may take it, pass or knock", "its cards moved as logged"),
        ("knock_with_exchange_forbidden", "knock_with_exchange", "Ann exchanged and knocked in one turn", "both stand")],
     KNOCKED),
])
def test_an_exchange_and_a_knock_in_one_turn_with_the_widow_face_down(event, allowed, breaches, turned):
    """whiskey.knock_with_exchange: allowed (seed-000) or forbidden (flagged; both stand as played); the
    knock stands either way and starts the last turns."""
    rnd = cycle(knock_with_exchange=allowed)
    move = rnd.judge(ANN, event)
    assert [(b.code, b.rule, b.message, b.remedy) for b in move.breaches] == breaches
    assert (move.knock, move.turned_up) == (True, turned)
    rnd.commit(ANN, move)
    assert (rnd.knocker, rnd.pending, rnd.widow_up) == (ANN, (BOB, CY, DEE), True)


def test_taking_the_widow_lays_the_takers_hand_face_up_as_the_new_widow():
    """whiskey.2.2 (seed-000): "his exposed hand becomes the new widow" -- the widow is face up from then
    on, and the next player is in phase two; the take is no pass."""
    rnd = cycle()
    passes(rnd, ANN)
    move = rnd.judge(BOB, TakeWidow("Bob"))
    assert (move.kind, move.turned_up, move.breaches, move.in_turn) == ("take", TAKEN, [], True)
    rnd.commit(BOB, move)
    assert (rnd.widow_up, rnd.phase, rnd.turn, rnd.passed_last) == (True, "phase2", CY, {ANN})


# ---------------------------------------------------------------------- phase two: the widow face up


def test_phase_two_exchanges_one_card_or_all():
    """whiskey.3.1 (seed-000, one_or_all): one card for one widow card, or all five; two at once is
    flagged under the exchange-count rule and stands; under any_number it is allowed."""
    rnd = widow_taken()
    assert act(rnd, BOB, one("Bob")) == []
    assert act(rnd, CY, whole("Cy")) == []
    assert act(rnd, DEE, two("Dee")) == [
        ("exchange_count_refused", "exchange_count", "Dee exchanged 2 cards: one card or all 5", "the cards moved as logged")]
    assert rnd.turn == ANN and rnd.knocker is None
    many = widow_taken(any_number=True)
    assert act(many, BOB, two("Bob")) == []


def test_an_exchange_and_a_knock_with_the_widow_face_up():
    """whiskey.knock_with_exchange = forbidden: "a knock means he keeps his hand" -- flagged, both stand:
    the cards move and the knock starts the last turns."""
    rnd = widow_taken(knock_with_exchange=False)
    move = rnd.judge(BOB, one("Bob", knock=True))
    assert [(b.code, b.rule, b.message, b.remedy) for b in move.breaches] == [
        ("knock_with_exchange_forbidden", "knock_with_exchange",
         "Bob exchanged and knocked in one turn: a knock means he keeps his hand", "both stand as the table played them")]
    rnd.commit(BOB, move)
    assert (rnd.knocker, rnd.pending, rnd.turn) == (BOB, (CY, DEE, ANN), CY)
    ok = widow_taken()
    assert act(ok, BOB, one("Bob", knock=True)) == [] and ok.knocker == BOB
    both = widow_taken(knock_with_exchange=False)
    assert [b[0] for b in act(both, BOB, two("Bob", knock=True))] == ["exchange_count_refused",
                                                                      "knock_with_exchange_forbidden"]


@pytest.mark.parametrize("rule, turns, refused", [
    # whiskey.3.2 (seed-000): once in phase two; Ann's pass in phase one does not count
    ("once_in_phase2", [(ANN, "pass"), (BOB, "take"), (CY, "pass"), (DEE, "pass"), (ANN, "pass"), (BOB, "one"),
                        (CY, "pass")], ("Cy", "he has passed once already with the widow face up")),
    # whiskey.pass_rule = not_twice_in_a_row: every turn counts, phase one's too
    ("not_twice_in_a_row", [(ANN, "pass"), (BOB, "take"), (CY, "one"), (DEE, "pass"), (ANN, "pass")],
     ("Ann", "he passed at his previous turn")),
])
def test_a_pass_the_rule_refuses_is_flagged_and_stands(rule, turns, refused):
    rnd = cycle(rule)
    events = {"pass": Pass, "take": TakeWidow, "one": one}
    found = []
    for seat, what in turns:
        found += act(rnd, seat, events[what](NAMES[seat]))
    who, why = refused
    assert found == [("pass_refused", "pass_rule", f"{who} may not pass: {why}", "the pass stands as the table played it")]
    assert rnd.turn == (turns[-1][0] + 1) % 4


def test_unlimited_passes_are_never_refused():
    """whiskey.pass_rule = unlimited: a player may pass at every turn."""
    rnd = widow_taken(pass_rule="unlimited")
    for _ in range(3):
        passes(rnd, BOB, CY, DEE, ANN)


# ---------------------------------------------------------------------- after the knock


def test_the_last_turns_after_a_knock_and_what_a_knock_in_them_is():
    """whiskey.4 (seed-000): after a knock every other player has exactly one more turn; the knocker has
    none -- a knock in one's last turn is taken as keeping his hand; with an exchange, the exchange
    stands; two cards at once are flagged as in phase two."""
    rnd = knocked()
    assert rnd.pending == (CY, DEE, ANN)
    move = rnd.judge(CY, Knock("Cy"))
    assert (move.kind, move.knock) == ("pass", False)
    assert [(b.code, b.rule, b.message, b.remedy) for b in move.breaches] == [
        ("knock_in_last_turn", "last_turn", "Cy knocked in his one more turn after the knock", "taken as keeping his hand")]
    rnd.commit(CY, move)
    assert (rnd.knocker, rnd.pending, rnd.turn) == (BOB, (DEE, ANN), DEE)
    assert act(rnd, DEE, one("Dee", knock=True)) == [
        ("knock_in_last_turn", "last_turn", "Dee knocked in his one more turn after the knock", "the exchange stands")]
    assert (rnd.knocker, rnd.pending, rnd.turn) == (BOB, (ANN,), ANN)
    assert act(rnd, ANN, two("Ann")) == [
        ("exchange_count_refused", "exchange_count", "Ann exchanged 2 cards: one card or all 5", "the cards moved as logged")]
    assert (rnd.pending, rnd.turn, rnd.closed) == ((), None, True)


def test_single_cards_exchanged_after_a_face_down_knock():
    """whiskey.phase1_knock = allowed: before the dealer spreads the widow a player may only take it
    whole or keep his hand -- single cards are flagged under that option, and stand."""
    rnd = knocked_face_down()
    assert act(rnd, BOB, one("Bob")) == [
        ("exchange_widow_face_down", "phase1_knock",
         "Bob exchanged single cards with the widow still face down: he may only take it whole or keep his hand",
         "its cards moved as logged")]
    move = rnd.judge(CY, TakeWidow("Cy"))
    assert (move.turned_up, move.breaches) == (TAKEN, [])
    rnd.commit(CY, move)
    assert rnd.widow_up and rnd.turn == DEE and not rnd.must_spread()


def test_the_dealers_spread_then_his_last_turn():
    """whiskey.phase1_knock = allowed: "the dealer must spread it face up" -- the spread uses no turn; his
    exchange after it is his last turn (in turn, widow face up: SPREAD if he exchanges before spreading)."""
    rnd = knocked_face_down()
    passes(rnd, BOB, CY)
    move = rnd.judge(DEE, one("Dee"))
    assert (move.turned_up, move.breaches) == (SPREAD, [])
    rnd.commit(DEE, move)
    assert rnd.widow_up and rnd.closed
    spread = knocked_face_down()
    passes(spread, BOB, CY)
    move = spread.judge(None, TurnWidow())
    assert (move.kind, move.in_turn, move.turned_up, move.breaches) == ("turn", False, SPREAD, [])
    spread.commit(None, move)
    assert (spread.widow_up, spread.turn) == (True, DEE)


# ---------------------------------------------------------------------- out of turn


@pytest.mark.parametrize("situation, seat, event, code, rule, message, still", [
    (cycle, CY, Pass("Cy"), "acted_out_of_turn", "phase1_order", "Cy acted out of turn: Ann is to act", ANN),
    (cycle, CY, Knock("Cy"), "acted_out_of_turn", "phase1_order", "Cy acted out of turn: Ann is to act", ANN),
    (widow_taken, DEE, one("Dee"), "acted_out_of_turn", "phase2_order", "Dee acted out of turn: Bob is to act", BOB),
    (knocked, ANN, one("Ann"), "acted_out_of_turn", "last_turn", "Ann acted out of turn: Cy is to act", CY),
    (knocked, BOB, one("Bob"), "acted_after_last_turn", "last_turn", "Bob knocked: Cy is to act", CY),
])
def test_an_action_out_of_turn_moves_its_cards_and_uses_up_nobodys_turn(situation, seat, event, code, rule, message,
                                                                         still):
    """COMMERCE-NOTES section 5: carried out as logged; the player whose turn it was still has it; a knock
    out of turn is no knock."""
    rnd = situation()
    before = (rnd.knocker, rnd.pending, rnd.passes, set(rnd.passed_last))
    move = rnd.judge(seat, event)
    remedy = MOVED if code == "acted_after_last_turn" else f"{MOVED} ({NAMES[still]} still has the turn)"
    assert [(b.code, b.rule, b.message, b.remedy) for b in move.breaches] == [(code, rule, message, remedy)]
    assert (move.in_turn, move.knock) == (False, False)
    rnd.commit(seat, move)
    assert rnd.turn == still and (rnd.knocker, rnd.pending, rnd.passes, rnd.passed_last) == before


def test_a_player_who_had_his_last_turn_and_anyone_after_the_end_acts_too_late():
    """whiskey.4: exactly one more turn each -- Cy, having had his, acts again: too late; when the last
    turns are over the hands are to be shown."""
    rnd = knocked()
    passes(rnd, CY)
    assert act(rnd, CY, one("Cy")) == [("acted_after_last_turn", "last_turn", "Cy has had his one more turn: Dee is to act",
                                        MOVED)]
    passes(rnd, DEE, ANN)
    assert rnd.closed
    assert act(rnd, BOB, one("Bob")) == [("acted_after_last_turn", "last_turn",
                                          "Bob acted after the last turns: the hands are to be shown", MOVED)]


def test_taking_the_face_down_widow_out_of_turn_still_lays_it_face_up():
    """whiskey.2.2: the taker's hand lies face up as the widow, turn or no turn; Ann keeps her turn, now
    in phase two."""
    rnd = cycle()
    move = rnd.judge(CY, TakeWidow("Cy"))
    assert (move.turned_up, move.in_turn) == (TAKEN, False)
    rnd.commit(CY, move)
    assert (rnd.widow_up, rnd.turn, rnd.phase) == (True, ANN, "phase2")


@pytest.mark.parametrize("situation, who, rule", [
    (cycle, "Ann", "phase1_order"),
    (knocked_face_down, "Bob", "last_turn"),
])
def test_the_widow_turned_up_when_it_is_not_the_dealers_turn(situation, who, rule):
    """whiskey.2.5: only the dealer turns the widow, at his turn -- turned earlier, it is flagged and lies
    face up from then on; nobody's turn is used."""
    rnd = situation()
    turn = rnd.turn
    move = rnd.judge(None, TurnWidow())
    assert [(b.code, b.rule, b.message, b.remedy) for b in move.breaches] == [
        ("widow_turned_out_of_turn", rule, f"the widow was turned face up while {who} was to act with it face down",
         "it lies face up from now on")]
    assert (move.kind, move.in_turn, move.turned_up) == ("turn", False, DEALER)
    rnd.commit(None, move)
    assert rnd.widow_up and rnd.turn == turn


def test_the_widow_turned_when_nobody_is_to_act_names_nobody():
    """The last turns end without the dealer (he left the deal) while the widow lay face down: a turn of
    the widow then is flagged naming nobody."""
    rnd = knocked_face_down()
    rnd.remove(DEE)
    passes(rnd, BOB, CY)
    assert rnd.closed
    move = rnd.judge(None, TurnWidow())
    assert [(b.rule, b.message) for b in move.breaches] == [
        ("last_turn", "the widow was turned face up while nobody was to act with it face down")]


def test_a_statement_of_the_face_up_widow_is_no_move():
    """The widow's cards stated while it lies face up: nothing happens, nobody's turn is used."""
    rnd = widow_taken()
    move = rnd.judge(None, TurnWidow())
    assert (move.kind, move.in_turn, move.turned_up, move.breaches) == ("state", False, None, [])
    rnd.commit(None, move)
    assert rnd.turn == BOB


# ---------------------------------------------------------------------- a player leaving, a copy


def test_a_player_out_of_the_deal_has_no_more_turns():
    """A player leaving the deal at his turn passes it on; out of the last turns he has none."""
    rnd = cycle()
    rnd.remove(ANN)
    assert (rnd.order, rnd.turn) == ((BOB, CY, DEE), BOB)
    rnd.remove(CY)
    assert (rnd.order, rnd.turn) == ((BOB, DEE), BOB)
    passes(rnd, BOB)
    assert rnd.turn == DEE
    last = knocked()
    last.remove(DEE)
    assert (last.pending, last.turn) == ((CY, ANN), CY)
    last.remove(CY)
    assert (last.pending, last.turn) == ((ANN,), ANN)
    gone = cycle()
    for s in (ANN, BOB, CY, DEE):
        gone.remove(s)
    assert (gone.order, gone.turn) == ((), None)
    alone = cycle()
    alone.remove(BOB)
    alone.remove(CY)
    alone.remove(DEE)
    passes(alone, ANN)
    assert (alone.order, alone.turn, alone.closed) == ((ANN,), None, True)


def test_a_deal_nobody_is_in_has_the_first_seat_as_its_dealers_turn():
    """No player in the deal: no turn at all; the dealer's turn is taken to be the first seat's."""
    rnd = cycle(live=(False, False, False, False))
    assert (rnd.order, rnd.dealer, rnd.turn, rnd.closed) == ((), ANN, None, True)


def test_a_copy_of_the_round_goes_on_without_changing_the_round():
    """legality() plays an event on a copy of the hand: the copy's cycle is the round as it stands, and
    what is played on it leaves the round as it was."""
    rnd = widow_taken()
    passes(rnd, BOB)
    live = [True] * 4
    twin = rnd.copy_for([100] * 4, live)
    assert (twin.order, twin.dealer, twin.turn, twin.widow_up, twin.knocker, twin.pending, twin.passes,
            twin.passed_last, twin.live, twin.bets) == (rnd.order, DEE, CY, True, None, (), {BOB: 1}, {BOB}, live,
                                                        [0, 0, 0, 0])
    assert act(twin, CY, Pass("Cy")) == [] and act(twin, DEE, Knock("Dee")) == []
    assert (rnd.turn, rnd.passes, rnd.passed_last, rnd.knocker) == (CY, {BOB: 1}, {BOB}, None)
    assert (twin.turn, twin.passes, twin.knocker) == (ANN, {BOB: 1, CY: 1}, DEE)


# ---------------------------------------------------------------------- the hand format's lines


HEADERS = {"whiskey_poker": "Ann 20, Bob 20, Cy 20, Dee 20", "stop_the_bus": "Ann 20, Bob 20, Cy 20, Dee 20"}


def parsed(line, game="whiskey_poker"):
    text = f"rulebook: {game}\nseats: {HEADERS[game]}\ndealer: Dee\n\nhand 1\nAnn: {line}\n"
    (event,) = parse_night(text, source="night.txt").hands[0].events
    return event


@pytest.mark.parametrize("line, event, written", [
    ("takes widow", TakeWidow("Ann"), "takes widow"),
    ("takes the widow", TakeWidow("Ann"), "takes widow"),
    ("passes", Pass("Ann"), "passes"),
    ("knocks", Knock("Ann"), "knocks"),
    ("exchanges 7c for Kd", one("Ann"), "exchanges 7c for Kd"),
    ("exchanges 7c 8c for Kd Qd and knocks", two("Ann", knock=True), "exchanges 7c 8c for Kd Qd and knocks"),
    ("exchanges ?? for Kd", Exchange("Ann", (UNKNOWN,), (card("Kd"),)), "exchanges ?? for Kd"),
    ("exchanges ?? ?? for ?? ??", Exchange("Ann", (UNKNOWN,) * 2, (UNKNOWN,) * 2), "exchanges ?? ?? for ?? ??"),
    ("exchanges all", whole("Ann"), "exchanges all"),
    ("exchanges all and knocks", whole("Ann", knock=True), "exchanges all and knocks"),
])
def test_the_exchanging_lines_read_and_written(line, event, written):
    """The hand format's words of a turn (docs/hand-format.md): read into the event, written back."""
    assert parsed(line) == event
    assert write_events([event], "whiskey_poker") == [f"Ann: {written}"]


def test_exchanging_all_is_the_whole_hand_of_the_game_and_stopping_the_bus_is_a_knock():
    """seed-001 stop the bus: three cards a hand -- 'exchanges all' swaps three; 'stops the bus' knocks."""
    three = (UNKNOWN,) * 3
    assert parsed("exchanges all", "stop_the_bus") == Exchange("Ann", three, three)
    assert write_events([Exchange("Ann", three, three)], "stop_the_bus") == ["Ann: exchanges all"]
    assert parsed("stops the bus", "stop_the_bus") == Knock("Ann")


@pytest.mark.parametrize("line, message, hint", [
    ("exchanges 7c 8c for Kd", "Ann gives 2 cards but takes 1", "an exchange swaps as many cards as it takes: "
                                                                  "'exchanges 7c for Kd'"),
    ("exchanges 7c for Kd Qd", "Ann gives 1 card but takes 2", "an exchange swaps as many cards as it takes: "
                                                                 "'exchanges 7c for Kd'"),
    ("exchanges 7c 8c for Kd 7c", "7c is both given and taken", "check the line: a card goes one way in an exchange"),
])
def test_an_exchange_line_that_cannot_be_one_is_refused(line, message, hint):
    with pytest.raises(HandFileError) as err:
        parsed(line)
    assert err.value.message == message and err.value.hint == hint
    assert err.value.where == "night.txt:6"


def test_the_exchange_count_refusal_reads_in_russian():
    """whiskey.3.1 as a Russian table reads it (seed-000: обменять): two cards exchanged, in the plural form
    for two."""
    from referee import i18n

    with i18n.speaking("ru"):
        rnd = widow_taken()
        assert act(rnd, BOB, two("Bob")) == [
            ("exchange_count_refused", "exchange_count", "Bob обменял 2 карты: меняют одну карту или все 5",
             "карты перемещены как записано")]


def test_an_exchange_of_named_cards_for_unseen_ones_is_written_card_by_card():
    """Only unseen cards for unseen cards is 'exchanges all': five named cards given for five unseen ones
    keep their names in the line."""
    given = tuple(cards("7c 8c 9c Tc Jc"))
    assert write_events([Exchange("Ann", given, (UNKNOWN,) * 5)], "whiskey_poker") == [
        "Ann: exchanges 7c 8c 9c Tc Jc for ?? ?? ?? ?? ??"]
    assert write_events([Exchange("Ann", (UNKNOWN,) * 5, given)], "whiskey_poker") == [
        "Ann: exchanges ?? ?? ?? ?? ?? for 7c 8c 9c Tc Jc"]
