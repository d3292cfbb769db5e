"""What the table has seen: the cards of a hand that are public at each moment of it.

A card the scorekeeper logged from a deal (``Ann: dealt 9c 9h …``), a draw's discards and new cards, a
seven-card brag arrangement, a covered hand: he saw them, the table did not.  A card becomes public
when it is laid face up where everybody sees it:

* a shown hand, openers or discards (``shows``), a revealed brag hand (``reveals``);
* a card exposed (by the dealer or the player himself);
* a stud upcard (a deal ``face up``);
* the widow or dummy turned face up, every card laid into it by an exchange, and the hand a
  whiskey poker player lays face up as the new widow when he takes the old one; a card taken from a
  face-up widow was public when it lay there.

Once public a card stays public for the rest of the hand (everybody saw it).  A voided event shows
nothing: the log says it did not happen.
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.cards import Card
from referee.engine import events as ev
from referee.engine.places import WIDOW
from referee.engine.replay import start_hand
from referee.engine.state import HandSetup
from referee.errors import RefereeError


def _known(cards: Sequence[object]) -> set[Card]:
    return {c for c in cards if isinstance(c, Card)}


def public_cards(setup: HandSetup, events: Sequence[ev.Event]) -> list[frozenset[Card]]:
    """The cards the table has seen after each of ``events`` (index ``i``: after event ``i + 1``)."""
    voided = {e.action for e in events if isinstance(e, ev.Void)}
    state = start_hand(setup, frozenset(voided))
    seen: set[Card] = set()
    after: list[frozenset[Card]] = []
    for number, event in enumerate(events, 1):
        if number not in voided:
            if isinstance(event, ev.TakeWidow) and event.player in state.names:
                # his hand goes face up as the new widow: what the log knows of it is public now
                seen |= _known(state.places.at(state.names.index(event.player)))
            match event:
                case ev.Show() | ev.Reveal() | ev.TurnWidow():
                    seen |= _known(event.cards)
                case ev.Deal(face_up=True):
                    seen |= _known(event.cards)
                case ev.Expose():
                    seen |= _known((event.card,))
                case ev.Exchange():
                    seen |= _known(event.give) | _known(event.take)
        try:
            state.push(event)
        except RefereeError:  # a log the engine refuses: nothing more becomes public
            after.extend([frozenset(seen)] * (len(events) - number + 1))
            return after
        if number not in voided and isinstance(event, ev.TurnWidow):
            seen |= _known(state.places.at(WIDOW))  # the widow turned up: the cards the log has there
        after.append(frozenset(seen))
    return after


__all__ = ["public_cards"]
