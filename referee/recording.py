"""Between a hand file and the store: record a night's events into a session, and read them back.

The store keeps the event log (what happened, append-only, hash-chained); a hand file's headers
(who sat down, options) become the session's seats and options.  Reading back gives the night
again with every hand's events taken from the log, so a replay of the log can be compared with a
replay of the file.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from referee.handfile.model import Night, SitDown
from referee.handfile.writer import write_events

if TYPE_CHECKING:
    from referee.store import Store


def record_night(store: Store, night: Night, *, table_name: str, chip_value_cents: int) -> int:
    """Record ``night`` as a new session; returns its id.  Each event is durable as it is appended,
    with the scorekeeper's line (in canonical form) kept beside it."""
    from referee.store import SeatSpec

    game = store.new_session(
        table_name=table_name,
        rulebook=night.rulebook,
        chip_value_cents=chip_value_cents,
        seats=[SeatSpec(s.name, s.stack) for s in night.seats],
        options=dict(night.options),
    )
    assert game.id is not None
    for hand in night.hands:
        for change in hand.changes:
            if isinstance(change, SitDown):
                store.add_seat(game.id, change.player, change.stack)
        started = store.start_hand(game.id, dealer=hand.dealer)
        lines = write_events(hand.events, game=hand.game) if hand.events else []
        for event, text in zip(hand.events, lines, strict=True):
            store.append_event(game.id, started.number, event, text=text)
        store.end_hand(game.id, started.number)
    return game.id


def night_from_log(store: Store, session_id: int, night: Night) -> Night:
    """``night`` with each hand's events replaced by those read back from session ``session_id``."""
    hands = []
    for hand in night.hands:
        logged = tuple(store.hand_events(session_id, hand.number))
        hands.append(replace(hand, events=logged))
    return replace(night, hands=tuple(hands))
