"""A night of hands, replayed in order: each hand starts where the previous one left the table.

:func:`replay_night` threads the stacks, the dealer and the game's state across hands (the
:class:`~referee.engine.outcome.Carry` each hand leaves: a carried pot, Jackpots' free rides and
passed-out count, ...) and returns a :class:`NightResult`: the hands, every player's last stack, who
is seated at the end, what the last hand left, and the night's winner where the game has one.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from referee.engine.events import Event, GameSoFar
from referee.engine.outcome import Carry
from referee.engine.replay import HandReplay, replay_hand
from referee.engine.state import HandSetup
from referee.engine.table import Seat, Table, make_seats
from referee.errors import InputError

if TYPE_CHECKING:
    from referee.rulebook import Rulebook


@dataclass(frozen=True)
class NightHand:
    """One hand of a night as the engine needs it.

    ``seats``: the names seated clockwise for this hand (stacks come from the previous hand);
    ``joined``: stacks of players who sat down before this hand; ``added``: chips players added
    before it; ``dealer``: set only when the log names the dealer (else the deal passes by the rules);
    ``rulebook``: the rulebook in force for this hand (options included).
    """

    rulebook: Rulebook
    seats: tuple[str, ...]
    events: tuple[Event, ...]
    number: int = 1
    dealer: str | None = None
    joined: Mapping[str, int] = field(default_factory=dict)
    added: Mapping[str, int] = field(default_factory=dict)
    #: the log marks the pack as shuffled before this deal (three-card brag, brag.shuffle)
    shuffled: bool = False


@dataclass(frozen=True)
class NightResult:
    """A replayed night: its hands in order (iterate the result for them), every player's last known
    stack (players who left included), who sits at the end, what the last hand left to the next deal,
    and the night's winner where the game has one (``None`` for the cash games)."""

    hands: tuple[HandReplay, ...]
    stacks: dict[str, int]
    seated: tuple[str, ...]
    carry: Carry
    winner: str | None = None
    #: what the last hand's game says about the night (La Viuda's prize, who pays for the whisky)
    facts: dict[str, object] = field(default_factory=dict)

    def __iter__(self) -> Iterator[HandReplay]:
        return iter(self.hands)

    def __len__(self) -> int:
        return len(self.hands)

    def __getitem__(self, index: int) -> HandReplay:
        return self.hands[index]


def replay_night(
    first_stacks: Sequence[Seat | tuple[str, int]],
    first_dealer: str | None,
    hands: Sequence[NightHand],
    so_far: GameSoFar | None = None,
) -> NightResult:
    """Replay a night's hands in order, each starting where the previous one left the table.

    Stacks are the previous hand's final stacks (plus chips added and new players' stacks); the
    dealer is the hand's own if it names one, else the previous outcome's next dealer (moved on past
    a player who left, in the game's direction); the game's carry comes from the previous outcome.
    A pot left undecided is not carried: its chips are out of play until the hand is settled by
    showing the cards.

    ``first_dealer`` ``None``: the log does not say who dealt; the game works it out from the play
    (:meth:`~referee.engine.state.HandState.infer_dealer`), or replays the hand without (a deal
    logged by its result alone).  ``so_far``: the night starts in the middle of a game (the first
    hand's game turns it into its carry).
    """
    from referee.engine.games import find_game

    stacks = {seat.name: seat.stack for seat in make_seats(first_stacks)}  # checked as a hand's seats are
    seated = tuple(stacks)
    dealer = first_dealer
    carry = Carry()
    if so_far is not None and hands:
        first = hands[0]
        carry = find_game(first.rulebook.game).carry_so_far(so_far, first.rulebook, make_seats(first_stacks))
    replays: list[HandReplay] = []
    for hand in hands:
        for name, stack in hand.joined.items():
            if stacks.get(name, 0) > 0 and name in seated:
                raise InputError(f"{name} sits down but is already at the table", hand=hand.number)
            stacks[name] = stack
        for name, amount in hand.added.items():
            if name not in stacks:
                raise InputError(f"{name} adds chips but is not at the table", hand=hand.number)
            stacks[name] += amount
        missing = [n for n in hand.seats if n not in stacks]
        if missing:
            raise InputError(
                f"{', '.join(missing)} seated in hand {hand.number} without a stack",
                hand=hand.number, hint="a new player sits down with his chips",
            )
        this_dealer = hand.dealer
        if this_dealer is None and dealer is not None:
            this_dealer = _dealer_in(dealer, hand.seats, seated, hand.rulebook.game)
        if this_dealer is None:
            try:
                this_dealer = find_game(hand.rulebook.game).infer_dealer(hand.seats, stacks, hand.events)
            except InputError as err:
                raise err.at(hand.number) from None
        known = this_dealer is not None
        setup = HandSetup(hand.rulebook, tuple(Seat(n, stacks[n]) for n in hand.seats), this_dealer or hand.seats[0],
                          hand.number, carry, dealer_known=known, shuffled=hand.shuffled)
        result = replay_hand(setup, hand.events)
        replays.append(result)
        stacks.update(result.outcome.stacks)
        seated = hand.seats
        dealer = result.outcome.next_hand.dealer if known else None
        carry = result.outcome.next_hand.carry
    winner: str | None = None
    facts: dict[str, object] = {}
    if replays:
        winner, facts = find_game(replays[-1].setup.rulebook.game).night_result(carry, stacks)
    return NightResult(tuple(replays), stacks, seated, carry, winner, facts)


def _dealer_in(dealer: str, seats: Sequence[str], previous: Sequence[str], game: str) -> str:
    """The dealer for a hand: ``dealer`` if still seated, else the first of the previous hand's seats
    after where he sat, in the game's direction of play, who is still seated."""
    from referee.engine.games import find_game

    if dealer in seats:
        return dealer
    if dealer in previous:
        table = Table(previous, dealer, find_game(game).direction)
        for seat in table.order_from(table.dealer)[1:]:
            if previous[seat] in seats:
                return previous[seat]
    return seats[0]
