"""Shared helpers for the engine's rule tests: a hand's setup under a rulebook, the events of a deal
written as the hand format writes them, a hand or a night replayed from hand-file text, the findings
as comparable rows, and the commerce games' exchange cycle on its own."""

from __future__ import annotations

from collections.abc import Sequence

from referee.cards import card, cards
from referee.engine.events import Deal, Draw, Event, Exchange, Show
from referee.engine.exchanges import ExchangeRound, ExchangeRuleIds, ExchangeRules
from referee.engine.replay import HandReplay, replay_hand
from referee.engine.state import HandSetup
from referee.engine.table import Table
from referee.handfile import parse_night
from referee.handfile.replay import replay_night_file
from referee.rulebook import load_rulebook

FOUR_PLAYERS = [("Ann", 100), ("Bob", 100), ("Cy", 100), ("Dee", 100)]
THREE_PLAYERS = [("Ann", 50), ("Bob", 50), ("Cy", 50)]


def game_setup(game, options=None, seats=FOUR_PLAYERS, dealer="Ann", **kw) -> HandSetup:
    """A hand of ``game`` under its shipped rulebook with ``options`` changed; Ann deals unless told."""
    rb = load_rulebook(game)
    if options:
        rb = rb.with_options(options)
    return HandSetup(rb, seats, dealer, **kw)


def dealt(name, text):
    return Deal(player=name, cards=tuple(cards(text)))


def dealt_up(name, text):
    return Deal(player=name, cards=tuple(cards(text)), face_up=True)


def shown(name, text, purpose="hand"):
    return Show(player=name, cards=tuple(cards(text)), purpose=purpose)


def drawn(name, discards, received, **kw):
    d, r = tuple(cards(discards)), tuple(cards(received))
    return Draw(player=name, count=len(d), discards=d, received=r, **kw)


def finding_codes(replay) -> list[str]:
    return [f.code for f in replay.findings]


def finding_rows(replay, kind: str | None = None) -> list[tuple[int | None, str, str | None, str | None]]:
    """(action, code, player, rule) of each finding, of one kind or all."""
    return [(f.action, f.code, f.player, f.rule) for f in replay.findings if kind is None or f.kind == kind]


def findings_in_full(replay, kind: str | None = None) -> list[tuple]:
    """Each finding in full (of one kind, if given): (action, code, player, rule, message, remedy)."""
    return [(f.action, f.code, f.player, f.rule, f.message, f.remedy) for f in replay.findings
            if kind is None or f.kind == kind]


def night_text(rulebook: str, body: str, *options: str, seats: str, dealer: str = "Ann") -> str:
    """A night in the hand format: the header from ``rulebook``, ``option`` lines and ``seats``, then
    ``body`` (its ``hand N`` lines and actions)."""
    return (f"rulebook: {rulebook}\n" + "".join(f"option {o}\n" for o in options)
            + f"seats: {seats}\ndealer: {dealer}\n\n" + body)


def replay_text_night(rulebook: str, body: str, *options: str, seats: str, dealer: str = "Ann"):
    """The night of :func:`night_text`, replayed."""
    return replay_night_file(parse_night(night_text(rulebook, body, *options, seats=seats, dealer=dealer)),
                             snapshots=True)


def replay_text_hand(rulebook: str, lines: str, *options: str, seats: str, dealer: str = "Ann"):
    """The replay of a night of one hand whose actions are ``lines``."""
    (replayed,) = replay_text_night(rulebook, "hand 1\n" + lines, *options, seats=seats, dealer=dealer)
    return replayed.replay


# ---------------------------------------------------------------------- the commerce turn cycle

ANN, BOB, CY, DEE = range(4)
WHISKEY_IDS = ExchangeRuleIds("whiskey.2.1", "whiskey.3.1", "whiskey.4", "whiskey.2.1", "whiskey.3.2",
                              "whiskey.knock_with_exchange", "whiskey.3.1", "whiskey.phase1_knock")


def exchange_cycle(*, any_number: bool = False, turns_up: bool = True) -> ExchangeRound:
    """Whiskey poker's exchange cycle for four players clockwise Ann, Bob, Cy, Dee; Dee deals, Ann plays
    first (as tests/test_exchanges.py)."""
    table = Table(("Ann", "Bob", "Cy", "Dee"), "Dee", 1)
    rules = ExchangeRules("once_in_phase2", True, any_number, turns_up, 5, WHISKEY_IDS)
    return ExchangeRound(rules, table, [True] * 4, table.after(table.dealer))


def one_card_exchange(player: str) -> Exchange:
    return Exchange(player, (card("7c"),), (card("Kd"),))


def play_turn(rnd: ExchangeRound, seat: int | None, event: object) -> list:
    """Judge and commit one event of the cycle; the breaches it was judged to have."""
    move = rnd.judge(seat, event)  # type: ignore[arg-type]
    rnd.commit(seat, move)
    return move.breaches


def replay_table(setup: HandSetup, events: Sequence[Event]) -> HandReplay:
    """The hand replayed with the table after each of its events (``HandReplay.states``)."""
    return replay_hand(setup, events, snapshots=True)
