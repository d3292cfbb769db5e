"""The commerce turn engine on its own (referee/engine/exchanges.py): whose turn, which phase, what is
legal, what a move breaks.  Four players clockwise Ann, Bob, Cy, Dee; Dee deals, Ann plays first."""

from __future__ import annotations

from referee.engine.events import Exchange, Knock, Pass, TakeWidow, TurnWidow
from referee.engine.exchanges import DEALER, KNOCKED, SPREAD, TAKEN, ExchangeRound, ExchangeRuleIds, ExchangeRules
from referee.engine.table import Table
from referee.cards import UNKNOWN, card

ANN, BOB, CY, DEE = range(4)
IDS = ExchangeRuleIds("whiskey.2.1", "whiskey.3.1", "whiskey.4", "whiskey.2.1", "whiskey.3.2",
                      "whiskey.knock_with_exchange", "whiskey.3.1", "whiskey.phase1_knock")


def cycle(pass_rule: str = "once_in_phase2", *, knock_with_exchange: bool = True, any_number: bool = False,
          turns_up: bool = True, direction: int = 1) -> ExchangeRound:
    table = Table(("Ann", "Bob", "Cy", "Dee"), "Dee" if direction == 1 else "Ann", direction)
    rules = ExchangeRules(pass_rule, knock_with_exchange, any_number, turns_up, 5, IDS)
    first = table.after(table.dealer)
    return ExchangeRound(rules, table, [True] * 4, first)


def play(rnd: ExchangeRound, seat: int | None, event: object) -> list[str]:
    move = rnd.judge(seat, event)  # type: ignore[arg-type]
    rnd.commit(seat, move)
    return [b.code for b in move.breaches]


def one(player: str, give: str = "7c", take: str = "Kd", knock: bool = False) -> Exchange:
    return Exchange(player, (card(give),), (card(take),), knock=knock)


def test_play_begins_on_the_dealers_left_and_the_dealer_turns_the_widow_up() -> None:
    """whiskey.2.1 "beginning with the player on the dealer's left"; whiskey.2.5 "If nobody takes the widow
    during the first round, the dealer turns it face up"; phase two starts again from the first player."""
    rnd = cycle()
    assert rnd.turn == ANN and rnd.phase == "phase1"
    for seat, name in ((ANN, "Ann"), (BOB, "Bob"), (CY, "Cy")):
        assert play(rnd, seat, Pass(name)) == []
    assert rnd.dealers_first_turn() and rnd.legal(DEE).turns_widow
    move = rnd.judge(DEE, Pass("Dee"))
    assert move.turned_up == DEALER
    rnd.commit(DEE, move)
    assert rnd.widow_up and rnd.phase == "phase2" and rnd.turn == ANN


def test_a_bare_widow_turned_is_the_dealers_turn() -> None:
    """COMMERCE-NOTES section 5: 'widow turned' at his turn is the dealer's one turn (he turns it up
    instead of taking it)."""
    rnd = cycle()
    for seat, name in ((ANN, "Ann"), (BOB, "Bob"), (CY, "Cy")):
        play(rnd, seat, Pass(name))
    assert play(rnd, None, TurnWidow()) == []
    assert rnd.widow_up and rnd.turn == ANN


def test_la_viuda_plays_counter_clockwise_from_the_dealers_right() -> None:
    """laviuda.3.2: "Play begins with the player on the dealer's right": Ann deals, Dee plays first."""
    rnd = cycle(direction=-1)
    assert [rnd.turn] == [DEE] and rnd.order == (DEE, CY, BOB, ANN)


def test_taking_the_widow_turns_it_up_and_the_next_player_is_in_phase_two() -> None:
    """whiskey.2.2: "his exposed hand becomes the new widow"."""
    rnd = cycle()
    play(rnd, ANN, Pass("Ann"))
    move = rnd.judge(BOB, TakeWidow("Bob"))
    assert move.kind == "take" and move.turned_up == TAKEN
    rnd.commit(BOB, move)
    assert rnd.phase == "phase2" and rnd.turn == CY


def test_a_second_pass_in_phase_two_is_refused_but_phase_one_passes_do_not_count() -> None:
    """whiskey.3.2: "A player may pass only once in this phase"; a pass while the widow was face down
    does not count (whiskey.pass_rule = once_in_phase2)."""
    rnd = cycle()
    play(rnd, ANN, Pass("Ann"))
    play(rnd, BOB, TakeWidow("Bob"))
    assert play(rnd, CY, Pass("Cy")) == [] and play(rnd, DEE, Pass("Dee")) == []
    assert play(rnd, ANN, Pass("Ann")) == []  # her phase-one pass did not count
    assert play(rnd, BOB, Pass("Bob")) == []
    assert not rnd.legal(CY).may_pass
    assert play(rnd, CY, Pass("Cy")) == ["pass_refused"]


def test_not_twice_in_a_row_counts_every_turn() -> None:
    """whiskey.pass_rule = not_twice_in_a_row: "having passed at his previous turn, he must exchange or knock"."""
    rnd = cycle("not_twice_in_a_row")
    play(rnd, ANN, Pass("Ann"))
    play(rnd, BOB, TakeWidow("Bob"))
    play(rnd, CY, one("Cy"))
    play(rnd, DEE, Pass("Dee"))
    assert play(rnd, ANN, Pass("Ann")) == ["pass_refused"]
    assert play(rnd, BOB, Pass("Bob")) == []
    assert play(rnd, CY, Pass("Cy")) == []


def test_after_a_knock_every_other_player_has_exactly_one_more_turn() -> None:
    """whiskey.4: "every player after the knocker, but not the knocker himself, has exactly one more turn"
    -- keeping his hand is always allowed in it, a knock is not."""
    rnd = cycle()
    play(rnd, ANN, TakeWidow("Ann"))
    assert play(rnd, BOB, Knock("Bob")) == []
    assert rnd.phase == "last_turns" and rnd.pending == (CY, DEE, ANN)
    play(rnd, CY, Pass("Cy"))
    play(rnd, DEE, Pass("Dee"))
    assert play(rnd, BOB, one("Bob")) == ["acted_after_last_turn"]  # the knocker, out of turn
    assert rnd.turn == ANN
    assert play(rnd, ANN, Knock("Ann")) == ["knock_in_last_turn"]
    assert rnd.closed


def test_a_phase_one_knock_turns_the_widow_up_at_once() -> None:
    """whiskey.2.4: "the widow is then turned face up at once"."""
    rnd = cycle()
    move = rnd.judge(ANN, Knock("Ann"))
    assert move.turned_up == KNOCKED
    rnd.commit(ANN, move)
    assert rnd.widow_up and rnd.legal(BOB).may_exchange == 1


def test_phase1_knock_allowed_leaves_the_widow_down_until_the_dealer_spreads_it() -> None:
    """whiskey.phase1_knock = allowed: "the widow stays face down until the dealer's turn, when the dealer
    must spread it face up for the others' last exchanges"."""
    rnd = cycle(turns_up=False)
    play(rnd, ANN, Knock("Ann"))
    assert not rnd.widow_up
    choices = rnd.legal(BOB)
    assert choices.may_take and not choices.may_exchange
    assert play(rnd, BOB, one("Bob")) == ["exchange_widow_face_down"]
    play(rnd, CY, Pass("Cy"))
    assert rnd.must_spread() and rnd.legal(DEE).turns_widow
    move = rnd.judge(None, TurnWidow())
    assert move.turned_up == SPREAD and not move.in_turn
    rnd.commit(None, move)
    assert rnd.turn == DEE and rnd.widow_up
    assert play(rnd, DEE, one("Dee")) == []
    assert rnd.closed


def test_knock_with_exchange_forbidden_stands_as_both() -> None:
    """whiskey.knock_with_exchange = forbidden: flagged; the table played it as an exchange and a knock."""
    rnd = cycle(knock_with_exchange=False)
    play(rnd, ANN, TakeWidow("Ann"))
    move = rnd.judge(BOB, one("Bob", knock=True))
    assert [b.code for b in move.breaches] == ["knock_with_exchange_forbidden"] and move.knock
    rnd.commit(BOB, move)
    assert rnd.knocker == BOB


def test_two_cards_at_once_only_under_any_number() -> None:
    """whiskey.3.1 (one_or_all): "exchange one of his cards for one widow card"; any_number: one for one."""
    two = Exchange("Bob", (card("7c"), card("8c")), (card("Kd"), card("Qd")))
    for any_number, codes in ((False, ["exchange_count_refused"]), (True, [])):
        rnd = cycle(any_number=any_number)
        play(rnd, ANN, TakeWidow("Ann"))
        assert play(rnd, BOB, two) == codes


def test_out_of_turn_moves_use_up_nobodys_turn() -> None:
    """COMMERCE-NOTES section 5: carried out as logged, and the player whose turn it was still has it."""
    rnd = cycle()
    assert play(rnd, CY, Pass("Cy")) == ["acted_out_of_turn"]
    assert rnd.turn == ANN and CY not in rnd.passed_last


def test_the_choices_name_known_cards() -> None:
    rnd = cycle()
    play(rnd, ANN, TakeWidow("Ann"))
    choices = rnd.legal(BOB).with_cards((card("7c"), UNKNOWN), (UNKNOWN, card("Kd")))
    exchange = [e for e in choices.events("Bob") if isinstance(e, Exchange) and len(e.give) == 1 and not e.knock]
    assert exchange == [Exchange("Bob", (card("7c"),), (card("Kd"),))]
    assert "exchange one card" in choices.describe(10) and "pass" in choices.describe(10)
