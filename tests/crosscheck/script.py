"""An engine-neutral record of one no-limit five-card-draw hand: who sat where, the cards, each step.

Players are numbered as PokerKit numbers them: player 0 sits on the dealer's left and the last
player is the dealer (the button).  Cards are written in referee's notation (``As``, ``Td``), which
PokerKit reads as well.  Bet amounts are *to* amounts: the player's total for the betting round
after the action, as PokerKit's ``complete_bet_or_raise_to`` takes them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ActKind = Literal["fold", "check", "call", "bet", "raise", "all_in"]


@dataclass(frozen=True, slots=True)
class Act:
    """A betting action.  ``to``: the player's round total after a bet/raise/all-in (0 otherwise).

    ``all_in`` is a bet, raise or call that puts in the player's whole stack; ``call_all_in`` marks an
    all-in that only calls (or calls short), which PokerKit takes as a call."""

    player: int
    kind: ActKind
    to: int = 0
    call_all_in: bool = False


@dataclass(frozen=True, slots=True)
class DrawStep:
    """The player discards ``discards`` (empty: stands pat) and receives ``received``."""

    player: int
    discards: tuple[str, ...]
    received: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ShowStep:
    """At the showdown the player shows ``cards`` (his final hand) or mucks (``cards`` empty)."""

    player: int
    cards: tuple[str, ...]

    @property
    def mucks(self) -> bool:
        return not self.cards


Step = Act | DrawStep | ShowStep


@dataclass(frozen=True, slots=True)
class DrawHandScript:
    """One hand: starting stacks (dealer last), ante, minimum bet, deck order, hole cards, steps.

    ``deck`` is the whole pack in dealing order: hole cards first, then the card PokerKit burns
    before the draw, then the cards the draw hands out.  ``final_stacks`` are PokerKit's, recorded
    when the hand was generated (the replays recompute them; the test compares the replays).
    """

    seed: int
    stacks: tuple[int, ...]
    ante: int
    min_bet: int
    deck: tuple[str, ...]
    holes: tuple[tuple[str, ...], ...]
    steps: tuple[Step, ...]
    final_stacks: tuple[int, ...]

    @property
    def players(self) -> int:
        return len(self.stacks)

    def names(self) -> tuple[str, ...]:
        """Seat names for referee: ``P1`` .. ``Pn`` clockwise, the dealer ``Pn`` last."""
        return tuple(f"P{i + 1}" for i in range(self.players))
