"""The table: seats in clockwise order, who deals, and which way play goes.

Seats are numbered 0..n-1 clockwise as given.  ``direction`` is +1 for clockwise play (the poker
games: "left of the dealer" is the next seat clockwise) and -1 for counter-clockwise play (La Viuda).
Everything that asks "who is next" goes through :meth:`Table.after` and :meth:`Table.order_from`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from referee.errors import InputError
from referee.i18n import _


@dataclass(frozen=True, slots=True)
class Seat:
    """A player at the table and the chips in front of him at the start of the hand."""

    name: str
    stack: int


def make_seats(seats: Iterable[Seat | tuple[str, int]]) -> tuple[Seat, ...]:
    """Seats from ``Seat`` objects or ``(name, stack)`` pairs, checked: names unique, stacks whole and >= 0."""
    out: list[Seat] = []
    seen: set[str] = set()
    for item in seats:
        seat: Any = item if isinstance(item, Seat) else Seat(*item)
        if not isinstance(seat.name, str) or not seat.name.strip():
            raise InputError(_("bad seat name {name!r}").format(name=seat.name), hint=_("every seat needs a player name"))
        if seat.name in seen:
            raise InputError(_("{name} is seated twice").format(name=seat.name), hint=_("each player takes one seat"))
        if isinstance(seat.stack, bool) or not isinstance(seat.stack, int) or seat.stack < 0:
            raise InputError(
                _("{name}'s stack must be a whole number of chips >= 0 (got {stack!r})").format(name=seat.name, stack=seat.stack),
                hint=_("chips are counted in whole units"),
            )
        seen.add(seat.name)
        out.append(seat)
    if len(out) < 2:
        raise InputError(_("a hand needs at least two players (got {count})").format(count=len(out)), hint=_("seat two or more players"))
    return tuple(out)


@cache
def orders_of_play(size: int, direction: int) -> tuple[tuple[int, ...], ...]:
    """Every order of play at a table of ``size`` seats, by the seat that starts it (made once per size
    and direction: every hand of a night asks for the same ones)."""
    return tuple(tuple((start + k * direction) % size for k in range(size)) for start in range(size))


class Table:
    """Seat names in clockwise order, the dealer's seat and the direction of play.

    Immutable once made: every order of play is worked out when it is made.
    """

    __slots__ = ("names", "index", "dealer", "direction", "size", "_orders")

    def __init__(self, names: Sequence[str], dealer: str, direction: int = 1) -> None:
        self.names: tuple[str, ...] = tuple(names)
        self.size = len(self.names)
        self.index: dict[str, int] = {n: i for i, n in enumerate(self.names)}
        if dealer not in self.index:
            raise InputError(
                _("the dealer {dealer!r} is not seated at the table").format(dealer=dealer),
                hint=_("seated: {players}").format(players=", ".join(self.names)),
            )
        if direction not in (1, -1):
            raise ValueError("direction must be +1 (clockwise) or -1 (counter-clockwise)")
        self.dealer = self.index[dealer]
        self.direction = direction
        self._orders = orders_of_play(self.size, direction)

    def after(self, seat: int, steps: int = 1) -> int:
        """The seat ``steps`` places after ``seat`` in the direction of play."""
        return (seat + steps * self.direction) % self.size

    def order_from(self, start: int) -> tuple[int, ...]:
        """Every seat once, in the direction of play, starting with ``start``."""
        return self._orders[start % self.size]

    def from_dealers_left(self) -> tuple[int, ...]:
        """Every seat in the direction of play starting with the dealer's neighbour; the dealer last."""
        return self._orders[(self.dealer + self.direction) % self.size]

    def next_in(self, start: int, members: Iterable[int] | set[int]) -> int | None:
        """The first seat of ``members`` at or after ``start`` in the direction of play."""
        wanted = members if isinstance(members, (set, frozenset)) else set(members)
        for seat in self._orders[start % self.size]:
            if seat in wanted:
                return seat
        return None

