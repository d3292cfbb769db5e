"""A scorekeeper who only types what the table allows: the next legal line of the hand in play, with
real cards (each card once in a hand), for every game of the registry.

``legal_lines(table, rng)`` reads a :class:`~referee.recording.live_table.LiveTable` (read only) and
returns lines the engine would take now, in the hand format's words: a legal action of the player
to act (the engine's own offer, ``prompt().events()``, its unseen cards made real), else a deal the
hand still waits for, else a show of a player's known cards.  ``None`` among the candidates stands
for nothing to type in this hand (it is over, or waits for something only the rules can end).
"""

from __future__ import annotations

import random
from dataclasses import fields, replace

from referee.cards import ALL_CARDS, UNKNOWN, Card
from referee.engine import events as ev
from referee.errors import RefereeError
from referee.handfile.writer import EventWriter
from referee.recording.live_table import LiveTable

_CARD_FIELDS = ("cards", "give", "take", "discards", "received")


def cards_in(events: object) -> set[Card]:
    """Every known card the events name (what a new card of the hand must not be)."""
    seen: set[Card] = set()
    for event in events:  # type: ignore[attr-defined]
        for f in fields(event):
            value = getattr(event, f.name)
            items = value if isinstance(value, tuple) else (value,)
            for item in items:
                parts = item if isinstance(item, tuple) else (item,)
                seen.update(c for c in parts if isinstance(c, Card))
    return seen


class Pack:
    """The cards not yet named in the hand, in a random order."""

    def __init__(self, table: LiveTable, rng: random.Random) -> None:
        state = table.state
        used = cards_in(state.log) if state is not None else set()
        allowed = state.cards_of_pack if state is not None else set(ALL_CARDS)
        self.cards = [c for c in ALL_CARDS if c in allowed and c not in used]
        rng.shuffle(self.cards)

    def real(self, cards: tuple) -> tuple:
        return tuple((self.cards.pop() if self.cards else UNKNOWN) if c is UNKNOWN else c for c in cards)


def _real(event: ev.Event, pack: Pack) -> ev.Event:
    changes = {}
    for name in _CARD_FIELDS:
        value = getattr(event, name, None)
        if isinstance(value, tuple) and value and all(not isinstance(v, tuple) for v in value):
            changes[name] = pack.real(value)
    return replace(event, **changes) if changes else event


def _legal(table: LiveTable, event: ev.Event) -> bool:
    try:
        return table.state is not None and table.state.legality(event).legal
    except RefereeError:
        return False


def _shown_hand(table: LiveTable, seat: int, pack: Pack) -> tuple:
    """The cards a player shows: those the log knows he holds, the unseen ones made real."""
    state = table.state
    held = state.hand_of(seat) if state is not None else ()
    return pack.real(tuple(held)) if held else pack.real((UNKNOWN,) * state.hand_size)  # type: ignore[union-attr]


def legal_events(table: LiveTable, rng: random.Random) -> list[ev.Event]:
    """Events the engine takes now without a finding of error, at most a handful."""
    state = table.state
    if state is None or table.over() is not None:
        return []
    pack = Pack(table, rng)
    prompt = state.prompt()
    offered = [_real(e, pack) for e in prompt.events() if not isinstance(e, ev.Deal)]  # dealt card by card below
    out: list[ev.Event] = []
    for event in offered:
        if isinstance(event, ev.Show) and event.purpose == "hand":
            seat = state.table.index[event.player]
            event = replace(event, cards=_shown_hand(table, seat, pack))
        if _legal(table, event):
            out.append(event)
    if out:
        return out
    # nobody to act by a betting round: a deal the hand waits for, or the showdown's cards
    n = len(state.names)
    first = (state.names.index(table.setup.dealer) + 1) % n if table.setup.dealer in state.names else 0
    for seat in [(first + i) % n for i in range(n)]:  # dealt from the dealer's left
        name = state.names[seat]
        held = len(state.hand_of(seat))
        for count in (1, 2, state.hand_size - held):
            if count < 1:
                continue
            for face_up in ((True, False) if held else (False, True)):  # stud: the hole card, then upcards
                deal = ev.Deal(name, pack.real((UNKNOWN,) * count), face_up=face_up)
                if _legal(table, deal):
                    return [deal]
    for seat, name in enumerate(state.names):
        if state.live[seat] and seat not in state.shown:
            show = ev.Show(name, _shown_hand(table, seat, pack))
            if _legal(table, show):
                out.append(show)
    return out


def words(table: LiveTable, event: ev.Event) -> str:
    return EventWriter(table.game).line(event)


def legal_lines(table: LiveTable, rng: random.Random) -> list[str]:
    """The legal lines of the hand in play, as the scorekeeper types them."""
    return [words(table, e) for e in legal_events(table, rng)]


def biggest(events: list[ev.Event]) -> ev.Event:
    """The event that puts the most chips in (a call, a raise to the top): the way to a bust."""
    def chips(e: ev.Event) -> int:
        return int(getattr(e, "amount", 0) or 0) + (1000 if isinstance(e, (ev.Call, ev.AllIn)) else 0)
    return max(events, key=chips)
