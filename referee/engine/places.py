"""Card places: where each card of a hand is, as far as the log knows.

A hand's cards lie in places: each seat's hand (the place is the seat number) and the table's
places, named: the widow or dummy (:data:`WIDOW`), the muck (:data:`MUCK`: discards thrown in), and
the discards a player keeps face down in front of him (:func:`kept`).  A card in no place is in the
stub (undealt).  A known card is in one place at a time, so a deal, draw, exchange or show that
names a card the log already places elsewhere is caught where it happens.

A card nobody saw is held as the placeholder ``??``: a place knows how many cards it has even when
the log does not know which; a card named later (shown, discarded, exchanged) takes the place of one
of them.

This module keeps the books only; what a conflict means (a logging mistake that cannot be replayed,
or a player's illegal exchange) is the game's ruling.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from referee.cards import UNKNOWN, AnyCard, Card

PlaceKey = int | str

#: the widow (whiskey poker, La Viuda) or the dummy (Stop the Bus): the hand dealt to the table
WIDOW = "widow"
#: discards thrown away, face down, out of play
MUCK = "muck"


def kept(seat: int) -> str:
    """The place of the discards ``seat`` keeps face down in front of him (split openers)."""
    return f"kept:{seat}"


class CardPlaces:
    """The hand's places and the index of where each known card is.

    Each place holds a tuple (a move makes a new one), so a copy of the whole is two dict copies:
    the live recorder copies a hand's state to check an action before it is stored.
    """

    __slots__ = ("cards", "where")

    def __init__(self, seats: int) -> None:
        self.cards: dict[PlaceKey, tuple[AnyCard, ...]] = dict.fromkeys(range(seats), ())
        self.where: dict[Card, PlaceKey] = {}

    def copy(self) -> CardPlaces:
        twin = CardPlaces.__new__(CardPlaces)
        twin.cards = self.cards.copy()
        twin.where = self.where.copy()
        return twin

    # ------------------------------------------------------------------ reading

    def at(self, place: PlaceKey) -> tuple[AnyCard, ...]:
        """The cards in ``place``."""
        return self.cards.get(place, ())

    def place_of(self, card: Card) -> PlaceKey | None:
        """Where the log has ``card`` (``None``: in no place it knows of)."""
        return self.where.get(card)

    def known(self, place: PlaceKey) -> tuple[Card, ...] | None:
        """The cards of ``place`` when every one is known, else ``None``."""
        held = self.cards.get(place)
        if held and UNKNOWN not in held:
            return held  # type: ignore[return-value]
        return None

    def elsewhere(self, cards: Iterable[AnyCard], *allowed: PlaceKey) -> tuple[Card, PlaceKey] | None:
        """The first known card of ``cards`` the log places somewhere other than the ``allowed``
        places, with the place it is in."""
        where = self.where
        for c in cards:
            if type(c) is Card:
                place = where.get(c)
                if place is not None and place not in allowed:
                    return c, place
        return None

    # ------------------------------------------------------------------ moving cards

    def deal(self, place: PlaceKey, cards: Sequence[AnyCard], pack: frozenset[Card]) -> tuple[Card, PlaceKey | None] | None:
        """Put dealt ``cards`` into ``place``, unless one of them is known to be elsewhere or is not
        in the ``pack``: then nothing moves, and that card is returned with the place the log has it
        in (``None``: not in the pack)."""
        where = self.where
        for c in cards:
            if type(c) is Card:
                held = where.get(c)
                if held is not None:
                    return c, held
                if c not in pack:
                    return c, None
        self.add(place, cards)
        return None

    def add(self, place: PlaceKey, cards: Sequence[AnyCard]) -> None:
        """Put ``cards`` into ``place`` (the caller has checked none is elsewhere)."""
        where = self.where
        for c in cards:
            if type(c) is Card:
                where[c] = place
        self.cards[place] = self.cards.get(place, ()) + tuple(cards)

    def remove(self, place: PlaceKey, named: Sequence[AnyCard], count: int) -> tuple[list[AnyCard], list[Card]]:
        """Take ``count`` cards out of ``place``: the ``named`` ones first, the rest unseen.

        A named card the place holds leaves it; a named card it does not hold takes the place of
        one of its unseen cards (now the log knows what that card was).  When the place holds known
        cards but the log does not say which ones left, the cards left behind become unseen.
        Returns what left (known where named) and the named cards the place could not account for.
        """
        held = list(self.cards.get(place, ()))
        where = self.where
        removed: list[AnyCard] = []
        strays: list[Card] = []
        for c in named:
            if type(c) is not Card:
                continue
            try:
                held.remove(c)  # one he holds (one scan of his hand, not two)
            except ValueError:
                if UNKNOWN not in held:
                    strays.append(c)
                else:
                    held.remove(UNKNOWN)
            where.pop(c, None)
            removed.append(c)
        missing = count - len(removed)
        while missing > 0 and UNKNOWN in held:
            held.remove(UNKNOWN)
            removed.append(UNKNOWN)
            missing -= 1
        if missing > 0:  # which of his known cards went is not logged: what is left is unseen
            for c in held:
                if type(c) is Card:
                    where.pop(c, None)
            held = [UNKNOWN] * max(len(held) - missing, 0)
            removed.extend([UNKNOWN] * missing)
        self.cards[place] = tuple(held)
        return removed, strays

    def _take_out(self, card: Card) -> None:
        old = self.where.pop(card, None)
        if old is not None:
            held = list(self.cards[old])
            held.remove(card)
            self.cards[old] = tuple(held)

    def reveal(self, place: PlaceKey, shown: Sequence[Card]) -> None:
        """``shown`` are seen to be in ``place``: each one the log did not have there takes the place
        of an unseen card (or is added, when the place has none left)."""
        where = self.where
        for c in shown:
            if where.get(c) == place:
                continue
            self._take_out(c)
            held = list(self.cards.get(place, ()))
            if UNKNOWN in held:
                held[held.index(UNKNOWN)] = c
            else:
                held.append(c)
            self.cards[place] = tuple(held)
            where[c] = place

    def lay_down(self, place: PlaceKey, shown: Sequence[Card]) -> tuple[tuple[Card, PlaceKey] | None, list[Card]]:
        """``place`` is laid face up and holds exactly ``shown`` -- unless one of the cards is known to
        be in another place: then nothing moves and that card is returned with its place.  Else
        returns ``None`` and the known cards the log had there that were not shown (what it had wrong)."""
        if set(shown) == set(self.cards.get(place, ())):  # the log had these very cards there
            self.cards[place] = tuple(shown)
            return None, []
        where = self.where
        for c in shown:
            held = where.get(c)
            if held is not None and held != place:
                return (c, held), []
        return None, self.replace(place, shown)

    def replace(self, place: PlaceKey, shown: Sequence[Card]) -> list[Card]:
        """``place`` holds exactly ``shown`` (a whole hand laid face up): the log's other known
        cards for it are no longer placed.  Returns those cards (what the log had wrongly)."""
        where = self.where
        wrong = [c for c in self.cards.get(place, ()) if type(c) is Card and c not in shown]
        for c in wrong:
            where.pop(c, None)
        for c in shown:
            if where.get(c) != place:
                self._take_out(c)
            where[c] = place
        self.cards[place] = tuple(shown)
        return wrong  # type: ignore[return-value]
