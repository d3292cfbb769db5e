"""Card identity through the commerce games' exchanges (whiskey poker, La Viuda).

Every card of a deal lies in one place, a player's hand or the widow, five cards each, known or
``??`` (:class:`~referee.engine.places.CardPlaces`).  A face-up widow's cards are known to the table;
the log knows them once they are stated (``widow turned: …``), or followed from a known hand laid
down as the widow, and from then on through every exchange.

These functions keep the books and say what contradicts them (a :class:`Clash`); the game flags it.
After a clash the places involved are no longer trusted (their cards become ``??``): one mistake in
the log raises one finding, and later exchanges and shows touching those places raise nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.cards import UNKNOWN, AnyCard, Card
from referee.engine.places import WIDOW, CardPlaces, PlaceKey


@dataclass(frozen=True, slots=True)
class Clash:
    """A card named where the log knows it is not: ``where`` the log has it, or ``None`` when the
    place it was named in is known whole and does not hold it."""

    card: Card
    where: PlaceKey | None


def known(cards: Sequence[AnyCard]) -> list[Card]:
    return [c for c in cards if type(c) is Card]


def forget(places: CardPlaces, place: PlaceKey) -> None:
    """The log no longer trusts what it knew of ``place``: its cards become ``??``."""
    held = places.cards.get(place, ())
    for c in held:
        if type(c) is Card and places.where.get(c) == place:
            del places.where[c]
    places.cards[place] = (UNKNOWN,) * len(held)


def _missing(places: CardPlaces, place: PlaceKey, cards: Sequence[AnyCard]) -> list[Clash]:
    """``cards`` are said to be in ``place``: those the log has elsewhere, or that a place known
    whole does not hold."""
    whole = UNKNOWN not in places.at(place)
    out = []
    for c in known(cards):
        where = places.place_of(c)
        if where == place:
            continue
        if where is not None:
            out.append(Clash(c, where))
        elif whole:
            out.append(Clash(c, None))
    return out


def exchange_clashes(places: CardPlaces, seat: int, give: Sequence[AnyCard],
                     take: Sequence[AnyCard]) -> tuple[list[Clash], list[Clash]]:
    """What an exchange of ``give`` (from ``seat``'s hand) for ``take`` (from the widow) contradicts:
    (cards taken that are not in the widow, cards given that he does not hold)."""
    return _missing(places, WIDOW, take), _missing(places, seat, give)


def swap(places: CardPlaces, seat: int) -> None:
    """``seat``'s whole hand for the whole widow (taking it, or exchanging all)."""
    hand, widow = places.at(seat), places.at(WIDOW)
    places.cards[seat], places.cards[WIDOW] = widow, hand
    for c in known(widow):
        places.where[c] = seat
    for c in known(hand):
        places.where[c] = WIDOW


def exchange(places: CardPlaces, seat: int, give: Sequence[AnyCard], take: Sequence[AnyCard]) -> None:
    """``give`` go from ``seat``'s hand to the widow and ``take`` from the widow to his hand, one for
    one (the caller has judged the clashes and forgotten what they contradict)."""
    gone, _strays = places.remove(seat, give, len(give))
    came, _strays2 = places.remove(WIDOW, take, len(take))
    places.add(WIDOW, gone)
    places.add(seat, came)


def fill(places: CardPlaces, place: PlaceKey, cards: Sequence[AnyCard]) -> None:
    """``cards`` are seen in ``place`` (nothing the log has elsewhere): each takes the place of a
    ``??``, all of them when a whole hand is stated."""
    seen = known(cards)
    if len(seen) >= len(places.at(place)):
        places.replace(place, seen)
    else:
        places.reveal(place, seen)


def state(places: CardPlaces, place: PlaceKey, cards: Sequence[AnyCard]) -> list[Clash]:
    """``place`` is seen to hold ``cards`` (a widow turned up, a hand shown): what that contradicts --
    a card the log has elsewhere, or, when all of them are stated, a card the log has there that is
    not among them (``Clash(card, place)``).  The statement wins: the places that held the stated
    cards are forgotten and ``place`` holds them from now on."""
    seen = known(cards)
    clashes = [Clash(c, w) for c in seen if (w := places.place_of(c)) is not None and w != place]
    if len(seen) == len(places.at(place)):
        clashes += [Clash(c, place) for c in known(places.at(place)) if c not in seen]
    for clash in clashes:
        if clash.where is not None and clash.where != place:
            forget(places, clash.where)
    if clashes:
        forget(places, place)
    fill(places, place, seen)
    return clashes


def consistent(places: CardPlaces) -> bool:
    """Every known card is in exactly one place, and the index says which (a property of the books)."""
    count = 0
    for place, cards in places.cards.items():
        for c in known(cards):
            count += 1
            if places.where.get(c) != place:
                return False
    return count == len(places.where)
