"""What the table has seen: the cards of a hand that are public at each moment of it, and the hand
as the table saw it (its public projection).

A card the scorekeeper logged from a deal (``Ann: dealt 9c 9h …``), a draw's discards and new cards, a
seven-card brag arrangement, a covered hand, a card given into a face-down widow: he saw them, the
table did not.  A card becomes public when it is laid face up where everybody sees it:

* a shown hand, openers or discards (``shows``), a revealed brag hand (``reveals``), the cards a
  player declares to win at once (a brag four of a kind);
* a card exposed (by the dealer or the player himself);
* a stud upcard (a deal ``face up``);
* the widow or dummy while it lies face up (turned, spread by the dealer, or a hand laid face up as the
  new widow when a whiskey poker player takes the old one): every card in it, every card laid into
  it by an exchange and every card taken from it.

Once public a card stays public for the rest of the hand (everybody saw it).  A voided event shows
nothing: the log says it did not happen.

The public projection of a hand (:func:`public_events`) is its events with every card the table has
not seen written ``??``: the engine replays it as it replays any log with unseen cards, so what it
works out from the projection (whose turn, what was done, who won and with what, the findings) rests
on public facts alone.  A showdown whose hands are unshown is undecided there, as it is at the table.
:class:`PublicNightReplay` threads a night of such hands.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from referee.cards import UNKNOWN, Card
from referee.engine import events as ev
from referee.engine.exchanges import ExchangeRound
from referee.engine.night import NightHand, NightReplay
from referee.engine.places import WIDOW
from referee.engine.replay import HandReplay, replay_hand, start_hand
from referee.engine.state import HandSetup, HandState
from referee.errors import RefereeError


def _known(cards: Sequence[object]) -> set[Card]:
    return {c for c in cards if isinstance(c, Card)}


def _widow_face_up(state: HandState, turned: bool, acting: str | None = None) -> bool:
    """Whether the widow (dummy) lies face up now: turned by a ``widow turned`` line, or face up by the
    commerce cycle (taken, knocked up); ``acting``: the player taking the next action, when he is a
    dealer who must spread the face-down widow at his turn (he spreads it first)."""
    if turned:
        return True
    cycle = getattr(state, "round", None)
    if isinstance(cycle, ExchangeRound):
        spreads = cycle.must_spread() and cycle.turn is not None and acting == state.names[cycle.turn]
        return cycle.widow_up or spreads
    return bool(getattr(state, "widow_up", False))


def public_cards(setup: HandSetup, events: Sequence[ev.Event]) -> list[frozenset[Card]]:
    """The cards the table has seen after each of ``events`` (index ``i``: after event ``i + 1``)."""
    voided = {e.action for e in events if isinstance(e, ev.Void)}
    state = start_hand(setup, frozenset(voided))
    seen: set[Card] = set()
    turned = False
    after: list[frozenset[Card]] = []
    for number, event in enumerate(events, 1):
        if number not in voided:
            up = _widow_face_up(state, turned, getattr(event, "player", None))
            if up:
                seen |= _known(state.places.at(WIDOW))
            if isinstance(event, ev.TakeWidow) and event.player in state.names:
                # his hand goes face up as the new widow: what the log knows of it is public now
                seen |= _known(state.places.at(state.names.index(event.player)))
            match event:
                case ev.Show() | ev.Reveal() | ev.Declare(what="four_of_a_kind" | "four_pairs"):
                    seen |= _known(event.cards)  # a winning brag declaration names its cards to the table
                case ev.TurnWidow():
                    seen |= _known(event.cards)
                    turned = True
                case ev.Deal(face_up=True):
                    seen |= _known(event.cards)
                case ev.Expose():
                    seen |= _known((event.card,))
                case ev.Exchange() if up:
                    seen |= _known(event.give) | _known(event.take)
        try:
            state.push(event)
        except RefereeError:  # a log the engine refuses: nothing more becomes public
            after.extend([frozenset(seen)] * (len(events) - number + 1))
            return after
        if number not in voided and _widow_face_up(state, turned):
            seen |= _known(state.places.at(WIDOW))  # the widow face up: the cards the log has there
        after.append(frozenset(seen))
    return after


def _masked(value: object, public: frozenset[Card]) -> object:
    if isinstance(value, Card):
        return value if value in public else UNKNOWN
    if isinstance(value, tuple):
        return tuple(_masked(v, public) for v in value)
    return value


def mask_event(event: ev.Event, public: frozenset[Card]) -> ev.Event:
    """``event`` with every card not in ``public`` written ``??``."""
    names = ev.card_fields(type(event))
    if not names:
        return event
    changes = {name: _masked(getattr(event, name), public) for name in names}
    if all(changes[name] == getattr(event, name) for name in names):
        return event
    return replace(event, **changes)


def public_events(setup: HandSetup, events: Sequence[ev.Event]) -> tuple[tuple[ev.Event, ...], list[frozenset[Card]]]:
    """The hand as the table has seen it by the end of ``events``: each event with every card not
    public by then written ``??``; and the cards public after each event (:func:`public_cards`)."""
    seen = public_cards(setup, events)
    public = seen[-1] if seen else frozenset()
    return tuple(mask_event(e, public) for e in events), seen


class PublicNightReplay(NightReplay):
    """A night replayed from its public projection, hand by hand: each hand's events as the table saw
    them (:func:`public_events`), each hand starting where the public replay of the one before left the
    table (a pot still undecided there is out of play, as the table has it).  :attr:`seen` holds the
    public cards after each event of the hand replayed last."""

    seen: list[frozenset[Card]]

    def hand(self, hand: NightHand) -> HandReplay:
        setup = self.thread.setup_for(hand)
        events, self.seen = public_events(setup, hand.events)
        result = replay_hand(setup, events, snapshots=self.snapshots)
        self.thread.after(replace(hand, events=events), setup, result.outcome)
        self.last = result
        return result


__all__ = ["PublicNightReplay", "mask_event", "public_cards", "public_events"]
