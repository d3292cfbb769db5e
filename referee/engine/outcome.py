"""How a hand ended: pots and who won them, final stacks, what carries to the next deal.

Everything here is plain data (str, int, tuples, dicts); its JSON form is :mod:`referee.report.json_doc`'s.

``kind`` is one of :data:`OUTCOME_KINDS` (games may add their own, listed in their module):

* ``showdown`` -- the hand was decided by showing hands;
* ``uncontested`` -- everybody else folded;
* ``passed_out`` -- nobody bet (or opened): the deal is void and redealt, the pot carries;
* ``false_open`` -- a false open ended the hand (the pot stays on the table, jackpots.10);
* ``misdeal`` -- a misdeal: bets go back, the same dealer deals again;
* ``in_progress`` -- the log stops before the hand is over (the live recorder's case).

``in_middle``: chips still in play when the log stops mid-hand (``in_progress``).  For every outcome,
stacks + carried + undecided + in_middle = the chips the hand started with (stacks and carried pot).

A pot that cannot be awarded because a needed hand was not shown is ``decided = False``: its chips
are neither in anybody's stack nor carried; the ``unverifiable`` finding says what must be shown.

:class:`Carry` is what a deal leaves to the next one.  It is the game's: each game extends it with
the state it threads from hand to hand (Jackpots' free rides and passed-out count, a brag pot that
stays, La Viuda's pool), and the night replays it from the log.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import ClassVar, Self

OUTCOME_KINDS = ("showdown", "uncontested", "passed_out", "false_open", "misdeal", "in_progress")


@dataclass(frozen=True, slots=True)
class PotResult:
    """One pot: its chips, who could win it, who did and what each got.

    ``left_over``: odd chips that stay in the middle for the next deal (``common.showdown_tie = split``).
    ``hand``: the winning hand's name when it was decided by showing hands.
    """

    amount: int
    eligible: tuple[str, ...]
    winners: tuple[str, ...] = ()
    shares: dict[str, int] = field(default_factory=dict)
    decided: bool = True
    left_over: int = 0
    rule: str | None = None
    hand: str | None = None


@dataclass(frozen=True, slots=True)
class Penalty:
    """Chips a player had to pay because of a ruling: to ``payee``, or (``payee`` None) ``into`` what
    the game that imposed it says: the ``pot`` that stays, the ``pool`` (La Viuda's, whiskey poker's
    pool elimination) or ``antes_next_deal`` (Jackpots' free ride: the false opener antes for all)."""

    payer: str
    payee: str | None
    amount: int
    rule: str
    into: str = "pot"

    @property
    def destination(self) -> str:
        """``player`` (paid to its payee) or where a payee-less penalty's chips went (``into``)."""
        return "player" if self.payee is not None else self.into


def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(cls))


@dataclass(frozen=True, slots=True)
class Carry:
    """What a deal leaves to the next one, for every game: chips left on the table (a passed-out
    pot, a false-open pot, odd chips) and whether the next deal's antes are already among them (a
    redeal after a misdeal).  Games extend it with their own state across hands."""

    #: the money a game of this kind keeps across deals, for the night's ledger: ``""`` none,
    #: ``"pool"`` (whiskey poker's pool elimination), ``"fund"`` (La Viuda's fund and buy-back)
    money: ClassVar[str] = ""

    pot: int = 0
    antes_in: bool = False

    @classmethod
    def holding(cls, pot: int) -> Self:
        """This game's carry of ``pot`` chips and nothing else."""
        return cls(pot=pot)

    @classmethod
    def adopt(cls, carried: Carry) -> Self:
        """``carried`` (another game's carry, or the base one) as this game's: the fields they share
        kept, the others at their defaults (a night may change games between hands)."""
        if isinstance(carried, cls):
            return carried
        if type(carried) is Carry and not carried.pot and not carried.antes_in:  # a first hand: nothing carried
            return cls()
        mine = _field_names(cls)
        return cls(**{name: getattr(carried, name) for name in _field_names(type(carried)) if name in mine})

    def to_dict(self) -> dict[str, object]:
        return dataclasses.asdict(self)


@dataclass(frozen=True, slots=True)
class PokerCarry(Carry):
    """The poker games' carry: also how many deals in a row were passed out (nobody bet or opened;
    Jackpots' progressive openers and ante cap read it)."""

    passed_out: int = 0


@dataclass(frozen=True, slots=True)
class NextHand:
    """What the next deal must do: who deals, and what it inherits."""

    dealer: str
    carry: Carry
    same_dealer: bool = False
    obligations: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of one hand."""

    kind: str
    pots: tuple[PotResult, ...]
    stacks: dict[str, int]
    net: dict[str, int]
    carried: int
    undecided: int
    penalties: tuple[Penalty, ...]
    next_hand: NextHand
    showdown_order: tuple[str, ...] = ()
    summary: str = ""
    in_middle: int = 0
    #: what the game records about this hand besides chips (La Viuda: the rank wild in this deal)
    facts: dict[str, object] = field(default_factory=dict)

    @property
    def decided(self) -> bool:
        """True when every chip has found its place (no pot waits for cards to be shown)."""
        return self.undecided == 0 and self.kind != "in_progress"
