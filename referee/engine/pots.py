"""THE pot engine, shared by every game: contributions -> main and side pots -> shares.

Chips in the middle are of two sorts.  *Dead* chips belong to nobody's level: the antes (the dealer
antes for everybody, seed-002 rule 2), a pot carried from an earlier deal, and chips a player left
behind when he was put out of the hand; they all go into the main pot.  *Live* contributions are
what each player bet during this hand; a player all in at table stakes can win from each other
player at most what he put in himself, so contributions are cut into levels (side pots).

A pot can also be *closed* at a moment (three-card brag: a player who covers the pot freezes it):
everything in the middle then becomes one :class:`Pot` for the players still in, and later bets
build the pots above it (``HandState.close_pot``).

Odd chips follow ``common.showdown_tie``: ``split`` keeps the indivisible remainder in the middle for
the next deal; ``odd_chip_left_of_dealer`` gives it to the tied winners nearest the dealer's left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from referee.engine.table import Table


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips and the seats that may win it (players still in who reached its level, or
    those still in when it was closed)."""

    amount: int
    eligible: tuple[int, ...]


class Middle:
    """The chips in the middle of a hand, apart from the bets of the round under way (its turn
    engine's): the dead chips, each seat's bets from finished rounds (``banked``) and the pots closed
    at a moment (``closed``).  A hand's component, as its card places are."""

    __slots__ = ("banked", "closed", "dead")

    def __init__(self, seats: int, dead: int = 0) -> None:
        self.dead = dead
        self.banked = [0] * seats
        self.closed: list[Pot] = []

    def copy(self) -> Middle:
        twin = Middle.__new__(Middle)
        twin.dead, twin.banked, twin.closed = self.dead, self.banked.copy(), self.closed.copy()
        return twin

    def total(self) -> int:
        """Every chip here."""
        total = self.dead + sum(self.banked)
        for pot in self.closed:
            total += pot.amount
        return total

    def bank(self, bets: Sequence[int]) -> None:
        """A finished round's bets, seat by seat."""
        banked = self.banked
        for seat, chips in enumerate(bets):
            banked[seat] += chips

    def close(self, eligible: Sequence[int]) -> Pot:
        """Everything here but the closed pots becomes one closed pot for ``eligible``."""
        pot = Pot(self.dead + sum(self.banked), tuple(eligible))
        self.closed.append(pot)
        self.dead, self.banked = 0, [0] * len(self.banked)
        return pot

    def pots(self, live: Sequence[bool]) -> list[Pot]:
        """The closed pots, then the main and side pots of the rest (:func:`build_pots`)."""
        return [*self.closed, *build_pots(self.banked, live, self.dead)]

    def clear(self) -> int:
        """Take every chip out (awarded or carried); how many there were."""
        amount = self.total()
        self.dead, self.banked, self.closed = 0, [0] * len(self.banked), []
        return amount


def build_pots(contributed: Sequence[int], live: Sequence[bool], dead: int = 0) -> list[Pot]:
    """Cut the hand's contributions into a main pot and side pots.

    ``contributed[i]``: chips seat ``i`` bet in this hand (antes excluded: they are ``dead``);
    ``live[i]``: seat ``i`` is still in the hand (not folded, not put out).  Levels are the distinct
    contributions of live players; each pot takes, from every seat, what it put in between the
    previous level and this one; its eligible seats are the live ones that reached the level.
    Chips above the highest live level (impossible in a well-formed hand) join the last pot.
    Dead chips go into the main pot -- or into a pot of their own, open to every live player, when
    a live player bet nothing (all in on the ante): he may still win them.
    """
    everyone_live = tuple([i for i, alive in enumerate(live) if alive])
    total = sum(contributed)
    live_bets = {contributed[i] for i in everyone_live}
    if len(live_bets) == 1 and 0 not in live_bets:  # the common case: every live player put in the same
        return [Pot(dead + total, everyone_live)]
    dead_apart = 0 in live_bets  # a live player bet nothing: the dead chips make a pot of their own
    live_bets.discard(0)
    if not live_bets:
        chips = dead + total
        return [Pot(chips, everyone_live)] if chips or everyone_live else []
    levels = sorted(live_bets)
    pots = [Pot(dead, everyone_live)] if dead_apart and dead else []
    below = 0  # chips every seat put in up to the previous level
    for level in levels:
        # up to this level; the last pot also takes whatever lies above the top level
        upto = total if level == levels[-1] else sum([min(chips, level) for chips in contributed])
        amount = upto - below
        if below == 0 and not dead_apart:
            amount += dead
        pots.append(Pot(amount, tuple([i for i in everyone_live if contributed[i] >= level])))
        below = upto
    return pots


def uncalled_excess(contributed: Sequence[int], live: Sequence[bool]) -> tuple[int, int] | None:
    """``(seat, chips)`` when one seat bet more than anybody else could match, else ``None``.

    ``contributed``: the bets of one betting round.  The excess of the top bet over the second
    highest (of all seats: a folded player's chips count as matched) was never called and goes back
    to its owner when the round ends.  A top bettor who is out of the hand gets nothing back.
    """
    if len(contributed) < 2:
        return None
    second, high = sorted(contributed)[-2:]
    top = contributed.index(high)
    if high == second or not live[top]:
        return None
    return top, high - second


@dataclass(frozen=True, slots=True)
class Split:
    """How a pot was divided: chips per winning seat, and the odd chips left in the middle."""

    shares: dict[int, int]
    left_over: int


def split_pot(amount: int, winners: Sequence[int], table: Table, tie_rule: str) -> Split:
    """Divide ``amount`` among ``winners`` by the rulebook's ``common.showdown_tie``.

    ``split``: equal shares, the remainder stays in the middle for the next deal.
    ``odd_chip_left_of_dealer``: equal shares, the remainder one chip at a time to the winners in
    order of play from the dealer's left.
    """
    if not winners:
        raise ValueError("a pot needs at least one winner")
    base, rest = divmod(amount, len(winners))
    shares = {w: base for w in winners}
    if rest and tie_rule == "odd_chip_left_of_dealer":
        in_order = [s for s in table.from_dealers_left() if s in shares]
        for seat in in_order[:rest]:
            shares[seat] += 1
        rest = 0
    elif tie_rule not in ("split", "odd_chip_left_of_dealer"):
        raise ValueError(f"unknown common.showdown_tie {tie_rule!r}")
    return Split(shares, rest)
