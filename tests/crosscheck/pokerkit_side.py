"""PokerKit's side: no-limit five-card draw (high), and the replay of a script in it.

PokerKit has no five-card draw high game of its own; like its deuce-to-seven single draw
(``NoLimitDeuceToSevenLowballSingleDraw``: no-limit mixin + ``SingleDraw``, five hole cards) with
the standard high hand type instead of the low one, it is exactly straight draw played no-limit:
antes, a betting round opened left of the button, one draw, a betting round, the showdown.

PokerKit automates the antes, bet collection, the burn card, hand killing and chip pushing and
pulling; hole cards and replacement cards are dealt explicitly from the script so that both
engines hold the same cards.  A script's cards may be card strings (PokerKit parses them as it
plays) or PokerKit's own cards already parsed (:func:`parsed`: what a fair timing against referee's
pre-built events replays).  The game (PokerKit's factory of hands) is made once per ante and
minimum bet, as referee's rulebook is loaded once.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from functools import lru_cache
from typing import ClassVar

from pokerkit import Automation, Card, Mode, State
from pokerkit.games import NoLimitPokerMixin, SingleDraw
from pokerkit.hands import Hand, StandardHighHand
from pokerkit.utilities import Deck

from crosscheck.script import Act, DrawHandScript, DrawStep, ShowStep

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.CARD_BURNING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


class NoLimitFiveCardDraw(NoLimitPokerMixin, SingleDraw):
    """No-limit five-card draw, high hands: PokerKit's single draw with a standard high hand."""

    deck: ClassVar[Deck] = Deck.STANDARD
    hand_types: ClassVar[tuple[type[Hand], ...]] = (StandardHighHand,)
    hole_dealing_count: ClassVar[int] = 5


@lru_cache(maxsize=None)
def game_for(ante: int, min_bet: int) -> NoLimitFiveCardDraw:
    """PokerKit's game with this ante and minimum bet (it makes a fresh state for each hand)."""
    return NoLimitFiveCardDraw(AUTOMATIONS, False, ante, 0, min_bet, mode=Mode.TOURNAMENT)


def new_state(stacks: tuple[int, ...], ante: int, min_bet: int, deck: tuple[str, ...] | tuple[Card, ...]) -> State:
    """A fresh hand: antes posted, the deck set to ``deck`` (so the burn card is the script's)."""
    state = game_for(ante, min_bet)(list(stacks), len(stacks))
    state.deck_cards = deque(_cards(deck))
    return state


def _cards(cards: tuple[str, ...] | tuple[Card, ...]) -> tuple[Card, ...]:
    """Card strings parsed by PokerKit; cards already parsed as they are."""
    if cards and isinstance(cards[0], str):
        return tuple(Card.parse("".join(cards)))  # type: ignore[arg-type]
    return cards  # type: ignore[return-value]


def parsed(script: DrawHandScript) -> DrawHandScript:
    """The script with every card parsed into PokerKit's cards beforehand (the same hand)."""
    steps = tuple(
        replace(step, discards=_cards(step.discards), received=_cards(step.received)) if isinstance(step, DrawStep)
        else replace(step, cards=_cards(step.cards)) if isinstance(step, ShowStep) else step
        for step in script.steps)
    return replace(script, deck=_cards(script.deck), holes=tuple(_cards(h) for h in script.holes), steps=steps)


def deal_holes(state: State, holes: tuple[tuple[str, ...], ...]) -> None:
    """Deal every player his five hole cards, in the order PokerKit asks for them."""
    while state.can_deal_hole():
        player = state.hole_dealee_index
        assert player is not None
        state.deal_hole(_cards(holes[player]), player)


def apply_act(state: State, act: Act) -> None:
    """Play one betting action in PokerKit (an all-in is a raise to the stack, or a call)."""
    assert state.actor_index == act.player, f"PokerKit expects player {state.actor_index}, script has {act}"
    if act.kind == "fold":
        state.fold()
    elif act.kind in ("check", "call") or (act.kind == "all_in" and act.call_all_in):
        state.check_or_call()
    else:
        state.complete_bet_or_raise_to(act.to)


def replay(script: DrawHandScript) -> tuple[int, ...]:
    """Replay a script in PokerKit; the final stacks, player 0 first."""
    state = new_state(script.stacks, script.ante, script.min_bet, script.deck)
    deal_holes(state, script.holes)
    received: dict[int, tuple[str, ...]] = {}
    for step in script.steps:
        if isinstance(step, Act):
            apply_act(state, step)
        elif isinstance(step, DrawStep):
            assert state.stand_patter_or_discarder_index == step.player
            state.stand_pat_or_discard(_cards(step.discards))
            received[step.player] = step.received
            if state.can_deal_hole():
                deal_holes(state, _pending_holes(state, received))
        else:
            assert isinstance(step, ShowStep)
            state.show_or_muck_hole_cards(not step.mucks, step.player)
    assert not state.status, f"PokerKit's hand is not over after the script (seed {script.seed})"
    return tuple(state.stacks)


def _pending_holes(state: State, received: dict[int, tuple[str, ...]]) -> tuple[tuple[str, ...], ...]:
    return tuple(received.get(i, ()) for i in range(state.player_count))
