"""Rulings on record: the :class:`~referee.engine.events.Ruling` events of a session log, and what
they change when the night is replayed.

A ruling the engine decided from the log (``decided_by == "log"``) changes nothing: the replay
already says it.  A ruling the table decided (``decided_by == "table"``) carries its ``facts`` as
hand-file action lines; every replay adds them at the end of the hand they are about, so the
outcome and every chip after it follow the ruling (:func:`ruled_events`, called by
:func:`referee.handfile.replay.night_hands`).  A later ruling on the same hand and action replaces
an earlier one (:func:`in_force`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from referee.engine.events import Event, Ruling
from referee.errors import InputError, RefereeError
from referee.handfile.actions import HandReader
from referee.i18n import _


def in_force(rulings: Iterable[Ruling]) -> list[Ruling]:
    """The rulings that stand, in the order first made: of several on one hand and action, the last."""
    last: dict[tuple[int, int], Ruling] = {}
    for ruling in rulings:
        last.pop((ruling.hand, ruling.action), None)  # re-inserted: the order of the latest
        last[(ruling.hand, ruling.action)] = ruling
    return sorted(last.values(), key=lambda r: (r.hand, r.action))


def of_hand(rulings: Iterable[Ruling], hand: int) -> list[Ruling]:
    """The rulings in force about hand ``hand``."""
    return [r for r in in_force(rulings) if r.hand == hand]


def read_facts(facts: Sequence[str], game: str, seats: Sequence[str], events: Sequence[Event] = ()) -> list[Event]:
    """Hand-file action lines (a table's decision) as the events they say, read as lines of a hand of
    ``game`` with these ``seats`` that already holds ``events``.  InputError for a line that does not read."""
    def resolve(typed: str) -> str:
        for name in seats:
            if name.casefold() == typed.casefold():
                return name
        raise InputError(_("unknown player {name!r}").format(name=typed),
                         hint=_("the players of the hand are: {names}").format(names=", ".join(seats)))

    reader = HandReader(game, resolve, list(events))
    out: list[Event] = []
    for text in facts:
        try:
            out.append(reader.read(text, None))  # type: ignore[arg-type]  # no source line: a ruling's
        except RefereeError as err:
            raise InputError(_("the decided fact {text!r} cannot be read: {message}").format(text=text, message=err.message), hint=err.hint) from None
    return out


def ruled_events(rulings: Iterable[Ruling], hand: int, game: str, seats: Sequence[str],
                 events: Sequence[Event]) -> tuple[Event, ...]:
    """Hand ``hand``'s events with the facts of the table's rulings on it added at the end."""
    facts = [line for r in of_hand(rulings, hand) if r.decided_by == "table" for line in r.facts]
    if not facts:
        return tuple(events)
    try:
        return (*events, *read_facts(facts, game, seats, events))
    except InputError as err:
        raise InputError(_("hand {hand}: a ruling on record: {message}").format(hand=hand, message=err.message), hint=err.hint) from None


__all__ = ["in_force", "of_hand", "read_facts", "ruled_events"]
