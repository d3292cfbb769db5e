"""A game's own money across a night: the typed hook a game declares, as it declares its turn engine.

Chips are worth the session's chip value in every game, and the ledger adds that up by itself.  A game
with money of its own (a pool whose chips go back to those who paid them, a fund its survivor collects,
a bill its loser pays) says so through its class attribute ``night_money``: a :class:`NightMoney`
subclass.  The ledger walks the night thread's record (:class:`~referee.engine.night.NightStep`), gives
each hand to the hook of the game being played while the game's carry says it is under way, and adds up
the :class:`MoneyLine` entries and the :class:`GameMoney` summaries the hooks report.  It names no game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

if TYPE_CHECKING:
    from referee.engine.events import NightEvent
    from referee.engine.night import NightStep
    from referee.engine.outcome import Carry, Outcome
    from referee.engine.state import HandSetup

#: money written in the session's currency (the ledger gives its formatter)
Money = Callable[[int], str]


@dataclass(frozen=True)
class MoneyLine:
    """Money to (+) or from (−) one player's balance, from a game's own rules; ``hand`` None: the night's."""

    player: str
    what: str
    cents: int
    text: str
    hand: int | None = None


@dataclass(frozen=True)
class GameMoney:
    """A game of the night with money of its own: a La Viuda game, or a whiskey pool elimination."""

    game: str  # the hook's kind: la_viuda | whiskey_elimination
    first_hand: int
    last_hand: int
    players: tuple[str, ...]
    over: bool
    winner: str | None = None  # La Viuda's survivor
    loser: str | None = None  # the whiskey game's loser: he pays for the whisky
    fund_cents: int | None = None
    paid_cents: tuple[tuple[str, int], ...] | None = None
    bought_by: str | None = None
    buyback_hand: int | None = None
    buyback_cents: int = 0
    pool: int = 0  # chips in the pool when the game ended (or now)
    kept_chips: int = 0  # the survivor's chips when the game ended
    notes: tuple[str, ...] = ()
    #: what the game's money came to, in a sentence as the game tells it (the report prints it)
    words: str = ""


@dataclass(frozen=True)
class GameMoneyReport:
    """What a game's money hook reports when its game ends (or stands at the end of the night): the
    game's summary, the money it moves, its notes, and the chips the bank takes off the table
    (``removed``) or the game still holds (``held``, a game under way)."""

    game: GameMoney
    lines: tuple[MoneyLine, ...] = ()
    notes: tuple[str, ...] = ()
    removed: int = 0
    held: int = 0


@dataclass
class NightMoney:
    """One game of a night with money of its own, from its first deal to its last (subclassed by the
    games).  ``chip_cents``: a table chip's value; ``money``: writes cents in the session's currency."""

    #: the kind of game money this is, as the ledger and the report name it
    kind: ClassVar[str] = ""

    first: int
    players: tuple[str, ...]
    chip_cents: int
    money: Money
    last: int = 0
    carry: Carry | None = None  # the game's carry after its last hand so far
    stacks: dict[str, int] = field(default_factory=dict)  # everyone's chips after its last hand so far

    @classmethod
    def under_way(cls, carry: Carry) -> bool:
        """Whether ``carry`` is a game of this kind under way (its money is the night's)."""
        raise NotImplementedError

    @classmethod
    def starting(cls, step: NightStep, setup: HandSetup, chip_cents: int, money: Money) -> NightMoney:
        """The game's money from its first hand ``step``."""
        return cls(step.number, setup.names, chip_cents, money)

    def hand(self, step: NightStep, setup: HandSetup, outcome: Outcome) -> list[MoneyLine]:
        """One more hand of the game (it is still under way after it): the money it moved."""
        self.last, self.carry, self.stacks = step.number, step.carry_out, dict(step.after)
        return []

    def over(self) -> bool:
        """The game is over (its money is due whether or not the night is)."""
        raise NotImplementedError

    def end(self, retire: bool) -> GameMoneyReport:
        """The game ends (``retire``: at the end of the night, so the bank takes its chips off the
        table here; else the night left the game and the chips went with the hand that left it)."""
        raise NotImplementedError

    def standing(self) -> GameMoneyReport:
        """The game is still under way at the end of an open night: what it holds."""
        raise NotImplementedError

    @classmethod
    def night(cls, games: Sequence[GameMoney], events: Sequence[NightEvent], money: Money,
              ) -> tuple[list[MoneyLine], list[str]]:
        """The night's money this kind of game settles once the games are done (the whisky bill, from
        the night's money ``events``): lines and notes.  None by default."""
        return [], []


def name_order(name: str) -> tuple[str, str]:
    """The order of names in money: case-insensitive, then exact."""
    return name.casefold(), name


def pro_rata(total: int, weights: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
    """``total`` cents split in proportion to ``weights`` (largest remainders, ties in name order)."""
    whole = sum(w for _, w in weights)
    if not whole or not total:
        return []
    sign = 1 if total > 0 else -1
    amount = abs(total)
    shares = [(name, amount * w // whole, amount * w % whole) for name, w in weights]
    left = amount - sum(s for _, s, _ in shares)
    order = sorted(range(len(shares)), key=lambda i: (-shares[i][2], name_order(shares[i][0])))
    bump = set(order[:left])
    return [(name, sign * (s + (1 if i in bump else 0))) for i, (name, s, _) in enumerate(shares)
            if s + (1 if i in bump else 0)]


__all__ = ["GameMoney", "GameMoneyReport", "Money", "MoneyLine", "NightMoney", "name_order", "pro_rata"]
